"""The probe's text family (issue 30, part 5: text that reaches a shell, a spreadsheet or a
terminal). The command judge prints for a person to paste must run only itself when pasted
into sh (a test named `x$(touch F)y` must not touch F); a CSV cell that a spreadsheet would
take for a formula (starting with =, +, -, @, a tab or a carriage return) must be text while
numbers stay numbers; a line break or an escape sequence in a submission's name must not
split a row of `judge grade`'s board nor reach the terminal; a checker's message and the
solution's output quoted on the terminal must have their control characters escaped.

The probe reads judge's output through pipes, where judge drops its own styles and the
escape sequences with them; so each case looks for what no pipe drops (a carriage return, a
bell, a line break in a row) and for the escaped form of what it sent (`\\u{1b}[2J`)."""

import csv
import io
import re
import subprocess

from cases import SUM_PY, sol, sum_problem, write
from probe import Case

# A solution whose every answer is wrong: the first failing test is shown in detail, with the
# command that prints its input again.
WRONG_PY = "a, b = map(int, input().split())\nprint(a + b + 1)\n"

# A checker (testlib convention) that quotes the output it got after terminal escapes, a bell
# and a carriage return; the solution writes escapes and a carriage return too.
ESCAPING_CHECKER = (
    "import sys\nout = open(sys.argv[2], 'rb').read().decode(errors='replace')\n"
    "ans = open(sys.argv[3]).read().split()\n"
    "if out.split() == ans:\n    sys.exit(0)\n"
    "sys.stdout.write('wrong:\\x1b[2J\\x1b]0;owned\\x07 got ' + out.strip() + '\\rX')\nsys.exit(1)\n"
)
ESCAPING_SOLUTION = (
    "import sys\na, b = map(int, input().split())\n"
    "sys.stdout.write('\\x1b[2J' + str(a + b + 1) + '\\r9\\n')\n"
    "sys.stderr.write('debug\\x1b[H\\x07\\r!\\n')\n"
)


def _text(run):
    return (run.stdout + run.stderr).decode(errors="replace")


def _reproduce(name):
    """A test named `name` in --tests-dir, failed: its reproduce line, pasted into sh in the
    case's folder, must print the test's input and make no file F."""
    marker_input = "1 2\n"

    def setup(ctx):
        sum_problem(ctx)
        sol(ctx, "wrong.py", WRONG_PY)
        write(ctx.w / "mytests" / f"{name}.in", marker_input)
        write(ctx.w / "mytests" / f"{name}.ans", "3\n")
        return ["test", "wrong.py", "--problem", "sum", "--tests-dir", "mytests"]

    def check(ctx, run):
        if run.code != 1:
            return "wrong", f"exit {run.code}, expected 1 (WA)"
        lines = [l for l in run.stdout.decode(errors="replace").splitlines() if "reproduce the input:" in l]
        if not lines:
            return "wrong", "no 'reproduce the input:' line"
        line = lines[0].split("reproduce the input:", 1)[1].strip()
        # What a person does with it: paste it into sh, in the folder judge ran in.
        pasted = subprocess.run(["sh", "-c", line], cwd=ctx.w, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, timeout=10)
        if (ctx.w / "F").exists():
            return "wrong", f"pasting {line!r} ran `touch F`"
        if pasted.stdout.decode(errors="replace") != marker_input:
            return "wrong", f"pasting {line!r} printed {pasted.stdout[:80]!r} ({pasted.stderr[:120]!r})"
        return "verdict", f"pasted: {line}"

    return setup, check


def _csv_cells(ctx, run):
    """The scoreboard CSV of a class folder named `=1+2` whose tests are named `@SUM(A1)`:
    no text cell starts a formula, the numeric columns hold numbers."""
    if run.code not in (0, 1):
        return "wrong", f"exit {run.code}: {_text(run).strip()[-200:]}"
    p = ctx.w / "g.csv"
    if not p.exists():
        return "wrong", "no CSV written"
    rows = list(csv.reader(io.StringIO(p.read_text(errors="replace"))))
    header, body = rows[0], rows[1:]
    if len(body) != 2:
        return "wrong", f"{len(body)} rows, expected 2"
    numeric = {"passed", "planned", "max_cpu_ms", "max_peak_kib", "mean_score", "mean_half_width_95"}
    for row in body:
        for column, cell in zip(header, row):
            if column in numeric:
                if cell and not re.fullmatch(r"-?[0-9.]+(e-?[0-9]+)?", cell):
                    return "wrong", f"{column} is not a number: {cell!r}"
            elif cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
                return "wrong", f"{column} starts a formula: {cell!r}"
    names = [row[0] for row in body]
    if not all(n.startswith("'=1+2/") for n in names):
        return "wrong", f"names not kept behind a quote: {names}"
    failures = [row[header.index("first_failure")] for row in body]
    if failures != ["'@SUM(A1)"] * 2:
        return "wrong", f"first failures: {failures}"
    return "verdict", "formula cells start with a quote, numbers kept"


def _one_row_each(ctx, run):
    """`judge grade` on a class with a name holding a line break and an escape sequence: one
    row per submission, no control character on the terminal but the line ends."""
    if run.code not in (0, 1):
        return "wrong", f"exit {run.code}: {_text(run).strip()[-200:]}"
    text = _text(run)
    if re.search(r"[\x00-\x08\x0b-\x1f\x7f]", text):
        return "wrong", f"a control character reached the terminal: {text[:300]!r}"
    out = run.stdout.decode(errors="replace").splitlines()
    try:
        start = next(i for i, l in enumerate(out) if l.startswith("submission "))
    except StopIteration:
        return "wrong", "no board"
    board = []
    for line in out[start + 1:]:
        if not line.strip():
            break
        board.append(line)
    if len(board) != 2:
        return "wrong", f"{len(board)} rows for 2 submissions: {board}"
    if not any(l.startswith("class/a\\nb\\u{1b}[2J.py ") for l in board):
        return "wrong", f"the name is not shown escaped: {board}"
    return "verdict", "one row each, the name escaped"


def _escaped_words(ctx, run):
    """A checker's message and the solution's output and standard error, on the terminal: no
    control character but the line ends, and each escape sequence written out."""
    if run.code != 1:
        return "wrong", f"exit {run.code}, expected 1 (WA): {_text(run).strip()[-200:]}"
    text = run.stdout.decode(errors="replace")
    if re.search(r"[\x00-\x08\x0b-\x1f\x7f]", text):
        return "wrong", f"a control character reached the terminal: {text[-400:]!r}"
    for expected in ("wrong:\\u{1b}[2J\\u{1b}]0;owned\\u{7} got", "\\u{1b}[2J4\\r9", "debug\\u{1b}[H\\u{7}\\r!"):
        if expected not in text:
            return "wrong", f"no {expected!r} on the terminal: {text[-400:]!r}"
    return "verdict", "message, output and stderr escaped"


def cases():
    out = []
    for case_name, test_name in [("text-reproduce-command-substitution", "x$(touch F)y"),
                                 ("text-reproduce-quote-and-space", "it's a `touch F` test"),
                                 ("text-reproduce-line-break", "two\nlines $(touch F)")]:
        setup, check = _reproduce(test_name)
        out.append(Case("text", case_name, setup, check))

    def csv_setup(ctx):
        sum_problem(ctx)
        write(ctx.w / "=1+2" / "a.py", WRONG_PY)
        write(ctx.w / "=1+2" / "-2+3.py", WRONG_PY)
        write(ctx.w / "mytests" / "@SUM(A1).in", "1 2\n")
        write(ctx.w / "mytests" / "@SUM(A1).ans", "3\n")
        return ["grade", "--problem", "sum", "=1+2", "--tests-dir", "mytests", "--csv", "g.csv",
                "--results", "res"]

    out.append(Case("text", "text-csv-formula-cells", csv_setup, _csv_cells))

    def newline_setup(ctx):
        sum_problem(ctx)
        write(ctx.w / "class" / "a\nb\x1b[2J.py", SUM_PY)
        write(ctx.w / "class" / "ok.py", SUM_PY)
        return ["grade", "--problem", "sum", "class", "--results", "res"]

    out.append(Case("text", "text-grade-line-break-in-name", newline_setup, _one_row_each))

    def checker_setup(ctx):
        d = sum_problem(ctx, extra='[checker]\ntype = "program"\nsource = "check.py"\nconvention = "testlib"\n')
        write(d / "check.py", ESCAPING_CHECKER)
        sol(ctx, "esc.py", ESCAPING_SOLUTION)
        return ["test", "esc.py", "--problem", "sum"]

    out.append(Case("text", "text-checker-message-escapes", checker_setup, _escaped_words))
    return out
