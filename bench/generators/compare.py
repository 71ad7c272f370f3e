#!/usr/bin/env python3
"""Compare `judge generate` with BAPCtools' `bt generate` on packages with a generators.yaml.

For each package folder under PACKAGES (as bench/generators/fetch.sh leaves them), two fresh
copies are made under WORK: one for bt, one for judge. Each tool generates twice in its copy
(cold: an empty cache of its own; warm: the same command again), then the two data/ trees are
compared: the list of files, and the bytes of each (a link is compared by what it points to and
by the bytes it leads to). A markdown table goes to standard output, the details (every file
that differs, with both heads) to WORK/compare.json.

    bench/generators/compare.py PACKAGES WORK [--bt bt] [--judge target/release/judge]
        [--verify]   also run `judge verify` on judge's copy and `bt run` on bt's, and compare
                     their verdicts per submission (judge's from its --json report, bt's
                     from the `NAME: VERDICT TIMEs` line bt run prints for each submission)

bt writes the solution it picks into generators.yaml when the yaml names none; judge's copy
starts from the package as fetched, so each tool picks its own. A package in the legacy
format (a problem.yaml without problem_format_version), which bt no longer reads, is first
converted by `bt upgrade` in a copy of its own, and both tools start from that copy.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path


def run(cmd, cwd=None, env=None, timeout=1800):
    start = time.monotonic()
    try:
        done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                              timeout=timeout)
        code, out = done.returncode, done.stdout + done.stderr
    except subprocess.TimeoutExpired as e:
        code, out = "timeout", str(e)
    return code, time.monotonic() - start, out


def tree(data: Path):
    """path -> (kind, link target or None, bytes or None) for every file and link."""
    found = {}
    if not data.is_dir():
        return found
    for path in sorted(data.rglob("*")):
        rel = path.relative_to(data).as_posix()
        if path.is_symlink():
            target = os.readlink(path)
            try:
                content = path.read_bytes()
            except OSError:
                content = None
            found[rel] = ("link", target, content)
        elif path.is_file():
            found[rel] = ("file", None, path.read_bytes())
    return found


ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def tail(text, lines=3):
    text = ANSI.sub("", text)
    return " | ".join(l.strip() for l in text.strip().splitlines()[-lines:])


BT_VERDICT = re.compile(r"([\w.+-]+/[\w.+/-]+?):\s+([A-Z]{2,4})\s+\d+(?:\.\d+)?s\b")


def bt_verdicts(text):
    """submission -> verdict, from what `bt run` prints (`accepted/a.py:  AC 0.04s @ test`,
    perhaps right after a redraw of its bar)."""
    return {m.group(1): m.group(2) for m in BT_VERDICT.finditer(ANSI.sub("", text))}


def judge_verdicts(report: Path):
    """submission -> verdict (or why it was not graded), from `judge verify --json`."""
    try:
        rows = json.loads(report.read_text())["rows"]
    except (OSError, ValueError, KeyError):
        return {}
    found = {}
    for row in rows:
        result = row.get("result", {})
        if "Ok" in result:
            found[row["solution"]] = result["Ok"]["got"]
        else:
            found[row["solution"]] = "not graded"
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("packages", type=Path)
    parser.add_argument("work", type=Path)
    parser.add_argument("--bt", default="bt")
    parser.add_argument("--judge", default=str(Path(__file__).resolve().parents[2] /
                                               "target/release/judge"))
    parser.add_argument("--verify", action="store_true")
    parser.add_argument("--only", nargs="*")
    args = parser.parse_args()

    work = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    rows, details = [], {}
    for package in sorted(p for p in args.packages.iterdir()
                          if (p / "generators" / "generators.yaml").is_file()):
        name = package.name
        if args.only and name not in args.only:
            continue
        bt_copy, judge_copy = work / "bt" / name, work / "judge" / name
        problem_yaml = package / "problem.yaml"
        if problem_yaml.is_file() and "problem_format_version" not in problem_yaml.read_text():
            upgraded = work / "upgraded" / name
            shutil.rmtree(upgraded, ignore_errors=True)
            upgraded.parent.mkdir(parents=True, exist_ok=True)
            shutil.copytree(package, upgraded, symlinks=True)
            run([args.bt, "upgrade"], cwd=upgraded)
            package = upgraded
        for copy in (bt_copy, judge_copy):
            shutil.rmtree(copy, ignore_errors=True)
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copytree(package, copy, symlinks=True)
        judge_cache = work / "judge-cache" / name
        shutil.rmtree(judge_cache, ignore_errors=True)
        judge_env = dict(os.environ, XDG_CACHE_HOME=str(judge_cache))

        bt_cmd = [args.bt, "generate", "--no-visualizer"]
        bt_cold = run(bt_cmd, cwd=bt_copy)
        bt_warm = run(bt_cmd, cwd=bt_copy)
        judge_cmd = [args.judge, "generate", str(judge_copy)]
        # Run outside any judge project (a project's runner.toml may name its own cache).
        judge_cold = run(judge_cmd, cwd=work, env=judge_env)
        judge_warm = run(judge_cmd, cwd=work, env=judge_env)

        bt_tree, judge_tree = tree(bt_copy / "data"), tree(judge_copy / "data")
        only_bt = sorted(set(bt_tree) - set(judge_tree))
        only_judge = sorted(set(judge_tree) - set(bt_tree))
        identical, differing = [], []
        for rel in sorted(set(bt_tree) & set(judge_tree)):
            b, j = bt_tree[rel], judge_tree[rel]
            if b[2] == j[2] and (b[0] != "link" or b[1] == j[1]) and b[0] == j[0]:
                identical.append(rel)
            else:
                differing.append({
                    "file": rel,
                    "bt": {"kind": b[0], "target": b[1],
                           "head": (b[2] or b"")[:120].decode("utf-8", "replace")},
                    "judge": {"kind": j[0], "target": j[1],
                              "head": (j[2] or b"")[:120].decode("utf-8", "replace")},
                })
        tests = sum(1 for rel in bt_tree if rel.endswith(".in"))
        row = {
            "package": name,
            "tests": tests,
            "files_bt": len(bt_tree),
            "files_judge": len(judge_tree),
            "identical": len(identical),
            "differing": [d["file"] for d in differing],
            "only_bt": only_bt,
            "only_judge": only_judge,
            "bt_cold_s": round(bt_cold[1], 2), "bt_warm_s": round(bt_warm[1], 2),
            "judge_cold_s": round(judge_cold[1], 2), "judge_warm_s": round(judge_warm[1], 2),
            "bt_exit": bt_cold[0], "judge_exit": judge_cold[0],
            "judge_says": tail(judge_cold[2], 12),
            "bt_says": tail(bt_cold[2], 4),
        }
        if args.verify:
            report = work / "judge-verify" / f"{name}.json"
            report.parent.mkdir(parents=True, exist_ok=True)
            report.unlink(missing_ok=True)
            v = run([args.judge, "verify", str(judge_copy), "--json", str(report)], cwd=work,
                    env=judge_env)
            b = run([args.bt, "run"], cwd=bt_copy)
            row["judge_verify_exit"], row["judge_verify"] = v[0], tail(v[2], 6)
            row["bt_run_exit"], row["bt_run"] = b[0], tail(b[2], 6)
            jv, bv = judge_verdicts(report), bt_verdicts(b[2])
            row["verdicts"] = [
                {"submission": s, "judge": jv.get(s, "-"), "bt": bv.get(s, "-")}
                for s in sorted(set(jv) | set(bv))
            ]
        rows.append(row)
        details[name] = {"row": row, "differing": differing}
        print(f"{name}: {len(identical)} identical, {len(differing)} differing, "
              f"{len(only_bt)} only bt, {len(only_judge)} only judge", file=sys.stderr)

    (work / "compare.json").write_text(json.dumps(details, indent=2))
    print("| package | tests (bt) | files bt/judge | identical | differing | only bt | only judge "
          "| bt cold | bt warm | judge cold | judge warm | exit bt/judge |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['package']} | {r['tests']} | {r['files_bt']}/{r['files_judge']} "
              f"| {r['identical']} | {len(r['differing'])} | {len(r['only_bt'])} "
              f"| {len(r['only_judge'])} | {r['bt_cold_s']} s | {r['bt_warm_s']} s "
              f"| {r['judge_cold_s']} s | {r['judge_warm_s']} s "
              f"| {r['bt_exit']}/{r['judge_exit']} |")
    if args.verify:
        print()
        print("| package | submission | judge verify | bt run | same |")
        print("|---|---|---|---|---|")
        for r in rows:
            if not r["verdicts"]:
                print(f"| {r['package']} | (none) | exit {r['judge_verify_exit']}: "
                      f"{r['judge_verify'][:160]} | exit {r['bt_run_exit']}: "
                      f"{r['bt_run'][:160]} | |")
            for v in r["verdicts"]:
                same = "yes" if v["judge"] == v["bt"] else "no"
                print(f"| {r['package']} | {v['submission']} | {v['judge']} | {v['bt']} "
                      f"| {same} |")


if __name__ == "__main__":
    main()
