"""The probe's isolation family (issue 30, parts 1 and 7): what one run leaves must not be seen
by the next run of the same worker, within one submission and from one submission to the next
in `judge grade`, and what a run sees must not name the host. The programs are the end-to-end
tests' own (tests/programs/): each prints `fresh` when it found nothing of an earlier run."""

import json
import socket
from pathlib import Path

from cases import verdict, write
from probe import Case

PROGRAMS = Path(__file__).resolve().parents[2] / "tests" / "programs"


def _tests(ctx, inputs, name="t"):
    """A --tests-dir folder with one test per input, each answered `fresh`. The inputs differ:
    a test repeating an earlier one's input and answer takes its run and proves nothing."""
    folder = ctx.w / name
    for index, text in enumerate(inputs):
        write(folder / f"{index + 1}.in", text)
        write(folder / f"{index + 1}.ans", "fresh\n")
    return folder


def _program(ctx, source, name=None):
    target = ctx.w / (name or source)
    write(target, (PROGRAMS / source).read_text())
    return target.name


def _one_worker(ctx, source, inputs, memory="64", time="1"):
    program = _program(ctx, source)
    tests = _tests(ctx, inputs)
    return ["test", program, "--tests-dir", str(tests), "--jobs", "1", "--all",
            "--time-limit", time, "--memory-limit", memory, "--json", "r.json"]


def _every_submission(expected):
    """Exit 0 and every submission of the scoreboard `board.json` with verdict `expected`."""

    def check(ctx, run):
        board_path = ctx.w / "board.json"
        if not board_path.exists():
            return "wrong", f"exit {run.code}, no scoreboard"
        board = json.loads(board_path.read_text())
        verdicts = [(row.get("name", "?").split("/")[-1], ((row.get("graded") or {}).get("tests") or {}).get("verdict"))
                    for row in board.get("submissions", [])]
        if len(verdicts) < 2 or any(v != expected for _, v in verdicts):
            return "wrong", f"verdicts {verdicts}, expected {expected} for each"
        return "verdict", f"{len(verdicts)} x {expected}"

    return check


def cases():
    out = []

    def add(name, setup, expect, timeout=60):
        out.append(Case("isolation", name, setup, expect, timeout=timeout))

    add("ipc-objects-between-tests",
        lambda ctx: _one_worker(ctx, "ipc_leak.c", ["a\n", "b\n", "c\n"]), verdict("AC"))
    add("abstract-socket-in-flight-between-tests",
        lambda ctx: _one_worker(ctx, "socket_cycle.c", ["a\n", "b\n", "c\n"]), verdict("AC"))
    add("shm-segment-left-charged-to-next-run",
        lambda ctx: _one_worker(ctx, "shm_hog.c", ["leave\n", "use\n", "use\nagain\n"], memory="256", time="2"),
        verdict("AC"))

    def host_view(ctx):
        host = socket.gethostname()
        # The case's folder's name is in the launcher's command line (its TMPDIR).
        return _one_worker(ctx, "host_view.c", [f"{host} {ctx.folder.name}\n"])

    add("host-name-and-pid-1-command-line", host_view, verdict("AC"))

    def two_submissions(ctx):
        source = (PROGRAMS / "ipc_leak.c").read_text()
        write(ctx.w / "class" / "first.c", source)
        write(ctx.w / "class" / "second.c", "// the second submission\n" + source)
        tests = _tests(ctx, ["a\n"])
        return ["grade", "class", "--tests-dir", str(tests), "--jobs", "1", "--results", "results",
                "--json", "board.json"]

    add("ipc-objects-between-submissions-of-grade", two_submissions, _every_submission("AC"))
    return out
