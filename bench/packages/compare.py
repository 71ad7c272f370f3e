#!/usr/bin/env python3
"""judge verify beside problemtools' verifyproblem on real Kattis packages (fetched by
fetch.sh into a folder outside the repository), one package after another on the same
machine: judge with a cold compile cache, judge again with that cache warm, then
verifyproblem. Prints a Markdown table: package, submissions, how many both tools graded
and with the same verdict, the time limit each derived, the wall times, and the 1-minute
load average before each package; the raw outputs stay in the --logs folder.

    bench/packages/compare.py --packages /work/packages --judge target/release/judge \
        --problemtools /work/tools/problemtools --logs /tmp/compare problemtools/hello ...

problemtools runs as verifyproblem with `-p config data graders submissions validators`
(no statement: lualatex is rarely installed) and the config folder of --pt-config, if
given (its languages.yaml overrides). judge runs from an empty folder, so no project's
runner.toml applies. A verdict is "the same" when both tools graded the submission and
gave the same verdict (judge's RE is problemtools' RTE; judge's MLE of a package is RTE
already); a submission either tool did not grade is counted in neither column.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

PT_LINE = re.compile(
    r"^(?:ERROR )?\s*(\S+) \((.+?)\) (?:OK: (\w+)|got (\w+))"
)
PT_LIMIT = re.compile(r"setting timelim to ([\d.]+) secs")
JUDGE_LIMIT = re.compile(r"^time limit (\d+) ms")
SAME = {"RE": "RTE", "CE": "CE", "JE": "JE"}


def load():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def run(command, cwd, env, log):
    start = time.monotonic()
    with open(log, "w") as out:
        code = subprocess.call(command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT)
    return code, time.monotonic() - start


def judge_run(args, package, cache, name):
    work = os.path.join(args.logs, "cwd")
    os.makedirs(work, exist_ok=True)
    env = dict(os.environ, XDG_CACHE_HOME=cache, NO_COLOR="1")
    report = os.path.join(args.logs, f"{name}.json")
    log = os.path.join(args.logs, f"{name}.out")
    code, seconds = run(
        [args.judge, "verify", package, "--json", report, "--jobs", str(args.jobs)],
        work, env, log)
    verdicts, limit, rows = {}, None, 0
    try:
        with open(report) as f:
            for row in json.load(f)["rows"]:
                rows += 1
                result = row["result"]
                if "Ok" in result:
                    verdicts[row["solution"]] = result["Ok"]["got"]
    except (OSError, ValueError, KeyError):
        pass
    with open(log, errors="replace") as f:
        for line in f:
            match = JUDGE_LIMIT.match(line)
            if match:
                limit = int(match.group(1)) / 1000
    return code, seconds, verdicts, limit, rows


def problemtools_run(args, package, name):
    # PYTHONUNBUFFERED (set in some shells and containers) makes PyPy write each print at
    # once, which doubles its CPU time on output-heavy submissions: problemtools would time
    # Python slower than Kattis does, and derive another limit.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env["PATH"] = os.path.join(args.problemtools, "bin") + os.pathsep + env["PATH"]
    if args.pt_config:
        env["XDG_CONFIG_HOME"] = os.path.abspath(args.pt_config)
    log = os.path.join(args.logs, f"{name}.pt.log")
    code, seconds = run(
        ["verifyproblem", package, "-p", "config", "data", "graders", "submissions",
         "validators"], os.path.dirname(package), env, log)
    verdicts, limit = {}, None
    with open(log, errors="replace") as f:
        for line in f:
            match = PT_LINE.match(line)
            if match and "/" in match.group(1):
                verdicts[match.group(1)] = match.group(3) or match.group(4)
            match = PT_LIMIT.search(line)
            if match:
                limit = float(match.group(1))
    return code, seconds, verdicts, limit


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--packages", required=True, help="the folder fetch.sh filled")
    parser.add_argument("--judge", required=True)
    parser.add_argument("--problemtools", required=True, help="its virtualenv")
    parser.add_argument("--pt-config", help="an XDG_CONFIG_HOME for problemtools")
    parser.add_argument("--logs", required=True)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("names", nargs="+", help="set/problem, as fetch.sh lays them out")
    args = parser.parse_args()
    args.judge = os.path.abspath(args.judge)
    os.makedirs(args.logs, exist_ok=True)
    print("| package | submissions | graded by both | same verdict | time limit judge / problemtools (s) "
          "| judge cold s | judge warm s | problemtools s | load before |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name in args.names:
        package = os.path.join(os.path.abspath(args.packages), name)
        slug = name.replace("/", "__")
        cache = os.path.join(args.logs, f"cache-{slug}")
        shutil.rmtree(cache, ignore_errors=True)
        before = load()
        _, cold, _, _, _ = judge_run(args, package, cache, f"{slug}.cold")
        _, warm, judged, judge_limit, rows = judge_run(args, package, cache, f"{slug}.warm")
        _, pt_seconds, pt, pt_limit = problemtools_run(args, package, slug)
        names = sorted(set(judged) | set(pt))
        both = [n for n in names if n in judged and n in pt]
        same = [n for n in both if SAME.get(judged[n], judged[n]) == pt[n]]
        differ = [f"{n}: judge {judged[n]}, problemtools {pt[n]}" for n in both if n not in same]
        submissions = max(rows, len(names))
        print(f"| {name} | {submissions} | {len(both)} | {len(same)} "
              f"| {judge_limit} / {pt_limit} | {cold:.1f} | {warm:.1f} | {pt_seconds:.1f} "
              f"| {before:.2f} |", flush=True)
        for line in differ:
            print(f"|   {line} | | | | | | | | |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
