"""Records what Kattis problemtools makes of each submission of a scoring package: every test
case's verdict and score (as the output validator gave it, before a group's default score is
applied), every group's verdict and score, and the total, into one JSON file per package.
judge's scoring module is checked against these files (tests in src/scoring, ignored unless
JUDGE_SCORING_REFERENCE names the folder).

Run it with problemtools' own Python (it imports problemtools and runs its `verifyproblem`
in-process, recording what the submission judge returns):

    PATH=/opt/problemtools/bin:$PATH XDG_CONFIG_HOME=CONFIG \\
        python3 bench/packages/reference_scores.py --out DIR PACKAGE... [-- VERIFYPROBLEM-ARGS]

Each PACKAGE is a package folder (`DIR/<set>/<problem>`); its file is
`DIR/<set>__<problem>.json`. The arguments after `--` go to verifyproblem (default:
`-p config submissions -l info`: the reference scores need no statement, input validation
or data check). The file holds, per submission in the order problemtools judged them:

    {"submission": "partially_accepted/x.cpp", "time_limit": 2.0,
     "verdict": "AC", "score": 40.0,
     "tests": [{"path": "secret/group1/01", "verdict": "AC", "score": null, "cpu_seconds": 0.01}],
     "groups": [{"path": "secret/group1", "verdict": "AC", "score": 20.0}]}

`tests` lists only the test cases problemtools ran (an `on_reject: break` group stops at its
first rejected child), in judging order; `groups` lists every group that has a result, in
the order problemtools graded them (children before parents, the root `""` last). A test's
`score` is null when the output validator gave none (the group's `accept_score` or
`reject_score` applies). The results are those at the time limit problemtools settled on
(not the higher limit it also tries).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path


def main() -> int:
    argv = sys.argv[1:]
    extra = ["-p", "config", "submissions", "-l", "info"]
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1 :]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="folder for the JSON files")
    parser.add_argument("packages", nargs="+")
    args = parser.parse_args(argv)

    try:
        from problemtools import verifyproblem
        from problemtools.checks import submissions as checks_submissions
        from problemtools.judge import submission_judge
        from problemtools.model import TestDataGroup
    except ImportError as error:
        print(f"reference_scores.py: run it with problemtools' Python ({error})", file=sys.stderr)
        return 2

    judge_class = submission_judge.SubmissionJudge
    original_judge = judge_class.judge
    original_judge_testcase = judge_class._judge_testcase

    # The raw result of every test case a judge() call consumed, in order: the call's result
    # list gives test cases their group's default score, which hides whether the validator
    # gave one.
    def judge(self, timelim):
        self._reference_raw = []
        results = original_judge(self, timelim)
        self._reference_calls = getattr(self, "_reference_calls", [])
        self._reference_calls.append((results, self._reference_raw))
        return results

    def judge_testcase(self, testcase, timelim):
        result = original_judge_testcase(self, testcase, timelim)
        self._reference_raw.append((testcase, result))
        return result

    judge_class.judge = judge
    judge_class._judge_testcase = judge_testcase

    records: list[dict] = []
    original_check_submission = checks_submissions._check_submission

    def check_submission(sub, judge_object, policy, metadata, testdata, probdir, *rest):
        results = original_check_submission(sub, judge_object, policy, metadata, testdata, probdir, *rest)
        timelim = rest[1]
        raw = next(raw for (r, raw) in judge_object._reference_calls if r is results)
        data_dir = Path(probdir) / "data"
        tests = [
            {
                "path": str(testcase.path),
                "verdict": result.verdict,
                "score": result.score,
                "cpu_seconds": result.runtime,
            }
            for testcase, result in raw
        ]
        groups = []
        for result in results:
            if isinstance(result.test_node, TestDataGroup):
                path = os.path.relpath(result.test_node.datadir, data_dir)
                groups.append(
                    {
                        "path": "" if path == "." else path,
                        "verdict": result.verdict,
                        "score": result.score,
                    }
                )
        records.append(
            {
                "submission": str(sub.path),
                "time_limit": timelim,
                "verdict": results[-1].verdict,
                "score": results[-1].score,
                "tests": tests,
                "groups": groups,
            }
        )
        return results

    checks_submissions._check_submission = check_submission

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    status = 0
    for package in args.packages:
        package_path = Path(package).resolve()
        name = f"{package_path.parent.name}__{package_path.name}"
        records.clear()
        started = time.monotonic()
        sys.argv = ["verifyproblem", str(package_path), *extra]
        try:
            verifyproblem.main()
            exit_code = 0
        except SystemExit as exit:
            exit_code = exit.code if isinstance(exit.code, int) else 1
        wall = time.monotonic() - started
        document = {
            "package": f"{package_path.parent.name}/{package_path.name}",
            "verifyproblem_args": extra,
            "verifyproblem_exit_code": exit_code,
            "wall_seconds": round(wall, 1),
            "submissions": list(records),
        }
        (out / f"{name}.json").write_text(json.dumps(document, indent=1) + "\n")
        print(f"{name}: {len(records)} submissions, {wall:.0f} s, exit {exit_code}", file=sys.stderr)
        if not records:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
