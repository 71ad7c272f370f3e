#!/usr/bin/env python3
"""Compares `judge verify PACKAGE` with BAPCtools' `bt run` on the same package, per
submission: the verdict each gives it and whether each says it meets what the package expects
of it (judge: `ok`/`MISMATCH`; bt: a `permitted:`/`required:` complaint on its line or the
next).

    compare_bt.py JUDGE_OUTPUT BT_OUTPUT PACKAGE_NAME

prints one markdown row (package, submissions graded by both, same verdict, same
expectation outcome, time limit of each) and a line per difference."""

import re
import sys

VERDICTS = {"AC", "WA", "TLE", "RE", "RTE", "OLE", "MLE", "JE", "CE", "PE"}


def judge_rows(text):
    rows, limit = {}, None
    for line in text.splitlines():
        found = re.match(r"time limit (\d+) ms", line)
        if found:
            limit = int(found.group(1)) / 1000
        tokens = line.split()
        if not tokens or "/" not in tokens[0] or line.startswith(" "):
            continue
        if "ERROR:" in line:
            rows[tokens[0]] = ("ERROR", None)
            continue
        verdicts = [t for t in tokens[1:] if t in VERDICTS]
        if len(verdicts) >= 2:
            got = "RTE" if verdicts[1] in ("RE", "MLE", "OLE") else verdicts[1]
            rows[tokens[0]] = (got, line.rstrip().endswith(" ok"))
    return rows, limit


def bt_rows(text):
    rows, limit, last = {}, None, None
    for line in text.splitlines():
        found = re.search(r"using timelimit: ([\d.]+)s", line)
        if found:
            limit = float(found.group(1))
        found = re.match(r"(\S+):\s+(AC|WA|TLE|RTE|JE)\s+[\d.]+s(.*)", line)
        if found:
            last = found.group(1)
            complaint = "permitted:" in found.group(3) or "required:" in found.group(3)
            # bt prints a submission's line again when it is done: a complaint stays.
            earlier = rows.get(last, [None, True])[1]
            rows[last] = [found.group(2), earlier and not complaint]
            continue
        found = re.match(r"(\S+):\s+(required|permitted):", line)
        if found:
            rows.setdefault(found.group(1), [None, False])[1] = False
    return {s: row for s, row in rows.items() if row[0]}, limit


def main():
    judge_text = open(sys.argv[1], errors="replace").read()
    bt_text = open(sys.argv[2], errors="replace").read()
    name = sys.argv[3]
    judged, judge_limit = judge_rows(judge_text)
    bt, bt_limit = bt_rows(bt_text)
    both = [s for s in judged if s in bt and judged[s][0] != "ERROR"]
    same_verdict = [s for s in both if judged[s][0] == bt[s][0]]
    same_outcome = [s for s in both if judged[s][1] == bt[s][1]]
    print(
        f"| {name} | {len(both)} (judge {len(judged)}, bt {len(bt)}) | "
        f"{len(same_verdict)} of {len(both)} | {len(same_outcome)} of {len(both)} | "
        f"{judge_limit} s | {bt_limit} s |"
    )
    for s in both:
        if judged[s][0] != bt[s][0] or judged[s][1] != bt[s][1]:
            print(
                f"    differs: {s}: judge {judged[s][0]} "
                f"{'ok' if judged[s][1] else 'MISMATCH'}, bt {bt[s][0]} "
                f"{'ok' if bt[s][1] else 'complains'}"
            )
    for s in judged:
        if s not in bt or judged[s][0] == "ERROR":
            print(f"    judge only or not graded: {s} {judged[s][0]}")
    for s in bt:
        if s not in judged:
            print(f"    bt only: {s} {bt[s][0]}")


if __name__ == "__main__":
    main()
