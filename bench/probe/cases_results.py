"""The probe's results family (issue 30, results that are only final when they are final): a
`judge grade` whose grader fails (a judge error) must not keep that result, so that the next
run grades the submission again and gives it its real verdict; a result stored by another
build of judge must not be taken. (Ctrl-\\, SIGQUIT, is with the other signals in
`cases.interrupt_cases`.)"""

import json
import shutil
import subprocess

from cases import SUM_PY, report, write
from probe import Case

# A class of three for the problem `flaky`: accepted once its validator works, an RE (the
# validator never runs) and a CE.
CLASS = {
    "class/ok.py": SUM_PY,
    "class/crash.py": "raise SystemExit(3)\n",
    "class/bad.c": "int main( { return 0; }\n",
}

GRADE = ["grade", "--problem", "flaky", "class", "--results", "res", "--json", "r.json"]


def _flaky(ctx):
    """A problem whose output validator (Kattis convention) exits 1, a judge error, on its
    second test while `flags/broken` exists: a file outside the problem, so nothing a stored
    result is keyed by changes when it goes (a checker's helper installed late, a grader's
    folder that could not be made for a while)."""
    flags = ctx.w / "flags"
    flags.mkdir(mode=0o755)
    write(ctx.w / "runner.toml", f'[defaults]\ncache_dir = "cache"\n[sandbox]\nread_only_paths = ["{flags}"]\n')
    d = ctx.w / "flaky"
    write(d / "problem.toml", 'id = "flaky"\ntitle = "flaky"\nsource = "probe"\nkind = "batch"\n'
          '[limits]\ntime_seconds = 1.0\nmemory_mib = 64\n'
          '[checker]\ntype = "program"\nsource = "validate.py"\nconvention = "kattis"\n')
    write(d / "validate.py", "import os, sys\nanswer = open(sys.argv[2]).read().split()\n"
          f"if answer == ['11'] and os.path.exists({str(flags / 'broken')!r}):\n    sys.exit(1)\n"
          "sys.exit(42 if sys.stdin.read().split() == answer else 43)\n")
    for name, i, a in [("1", "1 2\n", "3\n"), ("2", "5 6\n", "11\n")]:
        write(d / "samples" / f"{name}.in", i)
        write(d / "samples" / f"{name}.ans", a)
    for rel, text in CLASS.items():
        write(ctx.w / rel, text)
    return flags


def _board(ctx, name):
    """The verdicts of a scoreboard report by file name (`not graded` for a row without)."""
    r = report(ctx, name) or {}
    out = {}
    for row in r.get("submissions", []):
        graded = row.get("graded", {})
        summary = graded.get("tests") or graded.get("games") or {}
        out[row["name"].split("/")[-1]] = summary.get("verdict", "not graded")
    return out


def _stored(ctx):
    d = ctx.w / "res"
    return sorted(d.iterdir()) if d.is_dir() else []


def _board_is(want, note):
    """Exit 1 (a submission not accepted) and the scoreboard `r.json` giving each submission
    the verdict `want` names."""

    def check(ctx, run):
        board = _board(ctx, "r.json")
        if run.code != 1 or board != want:
            return "wrong", f"exit {run.code}, board {board}, expected {want}"
        return "verdict", note

    return check


def results_cases():
    out = []

    # --- a judge error, then a rerun once the grader works
    def je_setup(ctx):
        flags = _flaky(ctx)
        write(flags / "broken", "")
        return GRADE

    je_expect = _board_is({"bad.c": "CE", "crash.py": "RE", "ok.py": "JE"}, "JE shown on the first run")

    def je_after(ctx, run):
        problems = []
        kept = len(_stored(ctx))
        if kept != 2:
            problems.append(f"lost result: the run with a judge error kept {kept} results, not 2 (the CE and the RE)")
        (ctx.w / "flags" / "broken").unlink()
        rerun = ctx.judge(GRADE[:-1] + ["r2.json"], timeout=120)
        text = (rerun.stdout + rerun.stderr).decode(errors="replace")
        board = _board(ctx, "r2.json")
        if board.get("ok.py") != "AC":
            problems.append(f"lost result: the rerun after a judge error gave ok.py {board.get('ok.py')} "
                            f"(a stored JE taken for a result): {text.strip().splitlines()[0][:200] if text.strip() else ''}")
        if "2 graded by an earlier run, 1 to grade" not in text:
            problems.append(f"the rerun does not count the judge error among those to grade: {text.strip()[:300]}")
        return problems

    out.append(Case("results", "grade-judge-error-then-rerun", je_setup, je_expect, timeout=120, after=je_after))

    # --- a result stored by another build of the same version (the binary and one byte)
    def build_setup(ctx):
        _flaky(ctx)
        return GRADE

    build_expect = _board_is({"bad.c": "CE", "crash.py": "RE", "ok.py": "AC"}, "graded")

    def build_after(ctx, run):
        rebuilt = ctx.folder / "judge-rebuilt"
        shutil.copyfile(ctx.world.binary, rebuilt)
        with open(rebuilt, "ab") as f:
            f.write(b"\0")
        rebuilt.chmod(0o755)
        argv = [str(rebuilt)] + GRADE[:-1] + ["r2.json"]
        other = subprocess.run(argv, cwd=ctx.w, env=ctx.env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        text = (other.stdout + other.stderr).decode(errors="replace")
        problems = []
        if "earlier run" in text:
            problems.append(f"another build took this build's stored results: {text.strip().splitlines()[0][:200]}")
        for path in _stored(ctx):
            try:
                build = json.loads(path.read_text()).get("judge_build")
            except (OSError, ValueError, AttributeError):
                build = None
            if not build:
                problems.append(f"a stored result names no judge build: {path.name}")
                break
        return problems

    out.append(Case("results", "grade-result-of-another-build", build_setup, build_expect, timeout=120,
                    after=build_after))

    return out


def cases():
    return results_cases()
