// The judge's HTML report: filters the tables by verdict, opens a test's detail (input,
// expected and received output with the first difference marked) or a game's replay, and
// follows links of the form #group=R-C (a group table's cell: its tests), #unfold=C (a group's
// nested columns), #sub=N&run=R (sub= may be left out for the first submission; optionally &step=S or &move=M, and &keys=K,K,...
// to press keys once the run is open) and #filter=VERDICT (which presses that filter button). Each run's data is a JSON block parsed when opened.
"use strict";
(function () {
  let activeReplayer = null;

  // Long tables keep their rows past the first hundred in a template, read at once.
  document.querySelectorAll("template.more-rows").forEach((rows) => rows.replaceWith(rows.content));

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function runData(section, run) {
    const block = document.getElementById(section.id + "-run-" + run);
    return block ? JSON.parse(block.textContent) : null;
  }

  // The run whose slot of a strip chart is under the pointer, if any.
  function runUnderPointer(svg, event) {
    const box = svg.getBoundingClientRect();
    const x = (event.clientX - box.left) * (svg.viewBox.baseVal.width / box.width);
    const run = Math.floor((x - Number(svg.dataset.left)) / Number(svg.dataset.slot));
    return run >= 0 && run < Number(svg.dataset.runs) ? run : null;
  }

  function chooseRow(section, run) {
    section.querySelectorAll("tr.run.chosen").forEach((n) => n.classList.remove("chosen"));
    const row = section.querySelector('tr.run[data-run="' + run + '"]');
    if (row) row.classList.add("chosen");
    section.querySelectorAll("svg.strips").forEach((svg) => {
      let cursor = svg.querySelector("rect.cursor");
      if (!cursor) {
        cursor = document.createElementNS("http://www.w3.org/2000/svg", "rect");
        cursor.setAttribute("class", "cursor");
        cursor.setAttribute("y", "0");
        cursor.setAttribute("height", String(svg.viewBox.baseVal.height));
        svg.prepend(cursor);
      }
      const slot = Number(svg.dataset.slot);
      cursor.setAttribute("x", String(Number(svg.dataset.left) + run * slot));
      cursor.setAttribute("width", String(Math.max(slot, 2)));
    });
  }

  // A tooltip for the strip charts: the row of the run under the pointer.
  const tip = element("div", "tip");
  tip.hidden = true;
  document.body.append(tip);
  function showTip(section, svg, event) {
    const run = runUnderPointer(svg, event);
    const row = run === null ? null : section.querySelector('tr.run[data-run="' + run + '"]');
    if (!row) {
      tip.hidden = true;
      return;
    }
    const headers = [...section.querySelectorAll("table.runs th")].map((th) => th.textContent);
    tip.textContent = [...row.cells]
      .map((cell, index) => (cell.textContent.trim() ? headers[index] + " " + cell.textContent.trim() : ""))
      .filter((text) => text !== "")
      .join(" · ");
    tip.style.left = event.clientX + 12 + "px";
    tip.style.top = event.clientY + 12 + "px";
    tip.hidden = false;
  }

  // ---- the filter by verdict ----
  function setUpFilter(section) {
    const filter = section.querySelector(".filter");
    if (!filter) return;
    filter.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      filter.querySelectorAll("button").forEach((b) => b.classList.toggle("on", b === button));
      const wanted = button.dataset.verdict;
      section.querySelectorAll("tr.run").forEach((row) => {
        row.classList.toggle("hidden", wanted !== "" && row.dataset.verdict !== wanted);
      });
    });
  }

  // ---- a test's detail ----
  // The text with [from, to) (UTF-16 units) marked; an empty range marks where the text ends.
  function markedText(text, range) {
    const pre = element("pre");
    if (!range) {
      pre.textContent = text;
      return pre;
    }
    const [from, to] = range;
    pre.append(text.slice(0, from));
    if (from === to) {
      pre.append(element("mark", "gap", "end of output"));
    } else {
      pre.append(element("mark", "", text.slice(from, to)));
    }
    pre.append(text.slice(to));
    return pre;
  }

  function side(title, content) {
    const box = element("div");
    box.append(element("h4", "", title), content);
    return box;
  }

  function openTest(section, run) {
    const data = runData(section, run);
    const panel = section.querySelector(".detail");
    if (!data || !panel) return;
    chooseRow(section, run);
    panel.replaceChildren();
    panel.hidden = false;
    panel.dataset.run = run;
    panel.append(element("h3", "", "test " + data.name + ": " + data.verdict));
    if (data.message) panel.append(element("p", "", data.message));
    const difference = data.difference;
    const sides = element("div", "sides");
    const cut = (shown, bytes) => (bytes > new TextEncoder().encode(shown).length ? ", first 4 KiB shown" : "");
    sides.append(side("input (" + data.input_bytes + " bytes" + cut(data.input, data.input_bytes) + ")", markedText(data.input, null)));
    if (data.expected !== null) {
      sides.append(side("expected", markedText(data.expected, difference ? difference.expected : null)));
    }
    sides.append(side("received (" + data.received_bytes + " bytes" + cut(data.received, data.received_bytes) + ")",
      markedText(data.received, difference ? difference.received : null)));
    panel.append(sides);
    if (difference) {
      panel.append(element("p", "", "first difference marked (by " + difference.by + ")"));
    }
    if (data.stderr.trim() !== "") panel.append(side("standard error", markedText(data.stderr, null)));
    if (data.reproduce) {
      const line = element("p", "", "print the input again: ");
      line.append(element("code", "", data.reproduce));
      panel.append(line);
    }
  }

  // ---- the replayer ----
  // A game's replayer; its board (the positions of a game and their drawing) is the game
  // problem's, registered in `judgeBoards` by the script its view supplies (none: no replayer).
  function Replayer(section) {
    const root = section.querySelector(".replayer");
    const board = root.querySelector(".board");
    const rules = (window.judgeBoards || {})[board.dataset.board];
    if (!rules) return null;
    const caption = root.querySelector(".caption");
    const scrub = root.querySelector(".scrub");
    const jump = root.querySelector(".jump");
    const speed = root.querySelector(".speed");
    const play = root.querySelector('[data-action="play"]');
    const draw = rules.make(board);
    const self = { root, steps: [], step: 0, timer: null };

    self.show = function (step) {
      if (self.steps.length === 0) return;
      self.step = Math.max(0, Math.min(step, self.steps.length - 1));
      const position = self.steps[self.step];
      draw(position);
      board.dataset.step = String(self.step);
      caption.textContent = position.caption;
      scrub.value = String(self.step);
      jump.value = String(position.moves);
      root.querySelector(".step-count").textContent =
        "step " + self.step + " of " + (self.steps.length - 1) + " · " + position.moves + " moves made";
      root.dataset.step = String(self.step);
      if (self.step === self.steps.length - 1) self.pause();
    };

    self.pause = function () {
      if (self.timer !== null) clearInterval(self.timer);
      self.timer = null;
      play.textContent = "play";
    };

    self.play = function () {
      if (self.timer !== null) return self.pause();
      if (self.step >= self.steps.length - 1) self.show(0);
      play.textContent = "pause";
      self.timer = setInterval(() => self.show(self.step + 1), 1000 / Number(speed.value));
    };

    // The position after move `move` (0: the first tile placed).
    self.showMove = function (move) {
      const index = self.steps.findIndex((s) => s.moves >= move && (move === 0 || s.placed === -1));
      self.show(index < 0 ? self.steps.length - 1 : index);
    };

    self.open = function (run) {
      const data = runData(section, run);
      if (!data) return;
      self.pause();
      self.steps = rules.steps(data);
      root.hidden = false;
      root.dataset.run = String(run);
      root.querySelector(".replay-title").textContent =
        "game " + data.game + " (seed " + data.seed + "): score " + data.score + ", " + data.moves + " moves, " + data.verdict;
      scrub.max = String(Math.max(0, self.steps.length - 1));
      jump.max = String(data.moves);
      const last = self.steps[self.steps.length - 1];
      root.querySelector(".final").textContent =
        "final position: " + rules.final(last) + (data.ended ? ", the grader ended the game (-1)" : ", the game did not end") +
        (data.message ? " · " + data.message : "");
      const command = root.querySelector(".command");
      command.replaceChildren("play it again: ", element("code", "", data.reproduce));
      self.show(0);
      activeReplayer = self;
    };

    root.querySelector(".controls").addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      activeReplayer = self;
      const action = button.dataset.action;
      if (action === "first") self.show(0);
      if (action === "back") self.show(self.step - 1);
      if (action === "forward") self.show(self.step + 1);
      if (action === "last") self.show(self.steps.length - 1);
      if (action === "play") self.play();
    });
    scrub.addEventListener("input", () => { activeReplayer = self; self.show(Number(scrub.value)); });
    jump.addEventListener("change", () => { activeReplayer = self; self.showMove(Number(jump.value)); });
    speed.addEventListener("change", () => { if (self.timer !== null) { self.pause(); self.play(); } });
    return self;
  }

  document.addEventListener("keydown", (event) => {
    if (!activeReplayer || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" && target.type !== "range" || target.tagName === "SELECT")) return;
    // A focused button already answers the space bar with a click.
    if (target && target.tagName === "BUTTON" && event.key === " ") return;
    const replayer = activeReplayer;
    const actions = {
      ArrowRight: () => replayer.show(replayer.step + 1),
      ArrowLeft: () => replayer.show(replayer.step - 1),
      Home: () => replayer.show(0),
      End: () => replayer.show(replayer.steps.length - 1),
      " ": () => replayer.play(),
    };
    if (actions[event.key]) {
      event.preventDefault();
      actions[event.key]();
    }
  });

  // ---- opening runs ----
  const replayers = new Map();

  function openRun(section, run) {
    if (section.dataset.kind === "games" && replayers.has(section)) {
      chooseRow(section, run);
      replayers.get(section).open(run);
    } else {
      openTest(section, run);
    }
  }

  // ---- the group table ----
  function unfold(top, open) {
    document.querySelectorAll("table.groups [data-top=\"" + top + "\"]").forEach((node) => {
      if (node.dataset.nested === undefined) node.dataset.nested = node.hidden ? "1" : "0";
      if (node.dataset.nested === "1") node.hidden = !open;
    });
    document.querySelectorAll("table.groups button.unfold[data-top=\"" + top + "\"]").forEach((b) => { b.textContent = open ? "−" : "+"; b.dataset.open = open ? "1" : ""; });
  }

  function openGroup(id, scroll) {
    document.querySelectorAll("table.groups tr.group-tests").forEach((row) => { row.hidden = row.dataset.for !== id; });
    document.querySelectorAll("table.groups td.gcell").forEach((cell) => cell.classList.toggle("chosen", cell.dataset.cell === id));
    const row = document.querySelector("table.groups tr.group-tests[data-for=\"" + id + "\"]");
    if (scroll && row) row.scrollIntoView({ block: "nearest" });
  }

  document.querySelectorAll("table.groups").forEach((table) => {
    table.addEventListener("click", (event) => {
      const button = event.target.closest("button.unfold");
      if (button) { unfold(button.dataset.top, !button.dataset.open); return; }
      const cell = event.target.closest("td.gcell");
      if (cell) location.hash = "group=" + cell.dataset.cell;
    });
    table.addEventListener("keydown", (event) => {
      const cell = event.target.closest("td.gcell");
      if (cell && event.key === "Enter") location.hash = "group=" + cell.dataset.cell;
    });
  });

  function follow(hash, scroll) {
    const parameters = new URLSearchParams(hash.replace(/^#/, ""));
    if (parameters.has("unfold")) unfold(parameters.get("unfold"), true);
    if (parameters.has("group")) openGroup(parameters.get("group"), scroll);
    if (parameters.has("filter")) {
      const verdict = parameters.get("filter");
      document.querySelectorAll(".filter button").forEach((button) => {
        if (button.dataset.verdict === verdict) button.click();
      });
    }
    if (!parameters.has("run")) return;
    // Without sub=, the first submission's (a page of one grading has only sub-0).
    const section = document.getElementById("sub-" + (parameters.get("sub") || "0"));
    if (!section) return;
    openRun(section, Number(parameters.get("run")));
    const replayer = replayers.get(section);
    if (replayer) {
      if (parameters.has("step")) replayer.show(Number(parameters.get("step")));
      if (parameters.has("move")) replayer.showMove(Number(parameters.get("move")));
    }
    for (const key of (parameters.get("keys") || "").split(",").filter((k) => k !== "")) {
      document.dispatchEvent(new KeyboardEvent("keydown", { key: key === "Space" ? " " : key, bubbles: true }));
    }
    const panel = section.querySelector(replayer ? ".replayer" : ".detail");
    if (scroll && panel) panel.scrollIntoView({ block: "nearest" });
  }

  document.querySelectorAll("section.submission").forEach((section) => {
    setUpFilter(section);
    const replayer = section.querySelector(".replayer") && Replayer(section);
    if (replayer) replayers.set(section, replayer);
    const go = (run) => { location.hash = "sub=" + section.id.slice(4) + "&run=" + run; };
    const pick = (event) => {
      const target = event.target.closest("tr[data-run]");
      if (target) go(target.dataset.run);
    };
    section.querySelectorAll("table.runs").forEach((n) => n.addEventListener("click", pick));
    section.querySelectorAll("svg.strips").forEach((svg) => {
      svg.addEventListener("click", (event) => {
        const run = runUnderPointer(svg, event);
        if (run !== null) go(run);
      });
      svg.addEventListener("mousemove", (event) => showTip(section, svg, event));
      svg.addEventListener("mouseleave", () => { tip.hidden = true; });
    });
    section.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && event.target.matches("tr.run")) pick(event);
    });
    if (section.dataset.openFirst !== undefined) openRun(section, Number(section.dataset.openFirst));
  });
  window.addEventListener("hashchange", () => follow(location.hash, true));
  follow(location.hash, false);
  document.body.dataset.readyMs = performance.now().toFixed(1);
})();
