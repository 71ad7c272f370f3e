// The 2048 board of an HTML report's replayer (boj28489's view of itself, embedded in a page
// that shows its games): the positions of a game from its coded transcript, as `judge replay`
// shows them, and a 4 x 4 board of tiles drawing one. It registers itself in the page's
// `judgeBoards` under "2048"; the report's script keeps the controls.
"use strict";
(window.judgeBoards = window.judgeBoards || {})["2048"] = (function () {
  const DIRECTIONS = ["UP", "DOWN", "LEFT", "RIGHT"];
  // One character per regular round (the cell sent and the reply), as view.rs's round_code
  // codes them for the page.
  const ROUND_CODES = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  // One move on a 4 x 4 board (row-major); returns whether the board changed.
  function slide(cells, direction) {
    let changed = false;
    for (let k = 0; k < 4; k++) {
      const at = (step) => {
        switch (direction) {
          case "UP": return step * 4 + k;
          case "DOWN": return (3 - step) * 4 + k;
          case "LEFT": return k * 4 + step;
          default: return k * 4 + 3 - step;
        }
      };
      const values = [];
      for (let step = 0; step < 4; step++) if (cells[at(step)] !== 0) values.push(cells[at(step)]);
      const merged = [];
      for (let i = 0; i < values.length; i++) {
        if (i + 1 < values.length && values[i] === values[i + 1]) {
          merged.push(values[i] * 2);
          i++;
        } else {
          merged.push(values[i]);
        }
      }
      for (let step = 0; step < 4; step++) {
        const value = step < merged.length ? merged[step] : 0;
        if (cells[at(step)] !== value) changed = true;
        cells[at(step)] = value;
      }
    }
    return changed;
  }

  // The positions of a game, as `judge replay` shows them: after each 2 placed and each move.
  function steps(data) {
    const rounds = [];
    for (const code of data.rounds) {
      const value = ROUND_CODES.indexOf(code);
      rounds.push({ sent: String((value >> 2) + 1), reply: DIRECTIONS[value & 3] });
    }
    for (const [sent, reply] of data.tail) rounds.push({ sent: sent, reply: reply });
    const cells = new Array(16).fill(0);
    const steps = [];
    let moves = 0;
    const push = (caption, placed, reply) => steps.push({ cells: cells.slice(), caption, placed, reply, moves });
    rounds.forEach((round, index) => {
      const number = index + 1;
      const cell = Number(round.sent);
      if (Number.isInteger(cell) && cell >= 1 && cell <= 16 && cells[cell - 1] === 0) {
        cells[cell - 1] = 2;
        push("round " + number + ": a 2 appears at cell " + cell, cell - 1, null);
      } else {
        push("round " + number + ": the grader sent " + JSON.stringify(round.sent) + ", not an empty cell", -1, null);
        return;
      }
      if (round.reply === null) {
        push("round " + number + ": no reply (the program stopped answering)", -1, null);
      } else if (!DIRECTIONS.includes(round.reply.trim())) {
        push("round " + number + ": reply " + JSON.stringify(round.reply) + " is not UP, DOWN, LEFT or RIGHT", -1, round.reply);
      } else if (slide(cells, round.reply.trim())) {
        moves++;
        push("round " + number + ": " + round.reply.trim(), -1, round.reply.trim());
      } else {
        push("round " + number + ": " + round.reply.trim() + " changes nothing: game over", -1, round.reply.trim());
      }
    });
    return steps;
  }

  // Makes the board's tiles in `board`; returns what draws a position on them.
  function make(board) {
    const tiles = [];
    for (let i = 0; i < 16; i++) {
      const tile = document.createElement("div");
      tile.className = "cell";
      tiles.push(tile);
      board.append(tile);
    }
    return function draw(position) {
      position.cells.forEach((value, index) => {
        const tile = tiles[index];
        tile.className = "cell" + (value ? " t" + (value > 65536 ? "big" : value) : "") + (index === position.placed ? " placed" : "");
        tile.textContent = value ? String(value) : "";
      });
      board.dataset.cells = position.cells.join(",");
    };
  }

  // What the final position says.
  function final(position) {
    return "largest tile " + (position ? Math.max(...position.cells) : 0);
  }

  return { steps, make, final };
})();
