//! End-to-end tests of scoring packages: `judge verify` and `judge test` on the packages of
//! tests/kattis written for them. `scoringflags` (legacy) has one group per grader flag, each
//! with children whose results `partially_accepted/half.py` decides (`ok` accepted, `hard` a
//! wrong answer, `crash` a run-time error), nested groups, an `on_reject: break` group and an
//! empty group (problemtools' verifyproblem gives both its submissions the scores asserted
//! here); `scoring2023` (2023-07) is scored by `test_group.yaml`, its output validator giving
//! partial points in score.txt (`score V` tests: half of V for `half.py`), and says in
//! `submissions.yaml` what each submission scores.

mod common;

use std::collections::BTreeMap;

use common::{grade, judge, show};
use serde_json::Value;

/// `judge verify PACKAGE --jobs JOBS`: the exit code, what it printed and the JSON report.
fn verify(package: &str, jobs: &str) -> (i32, String, Value) {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("verify.json");
    let report_arg = report.to_string_lossy().into_owned();
    let path = format!("tests/kattis/{package}");
    let output = judge(&["verify", &path, "--jobs", jobs, "--json", &report_arg]);
    let json = std::fs::read_to_string(&report)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null);
    (output.status.code().unwrap_or(-1), show(&output), json)
}

/// A group's verdict, score, tests run and tests.
type GroupFigures = (String, f64, u64, u64);

/// The groups of a verify row: path to its figures.
fn groups_of(json: &Value, solution: &str) -> (Value, BTreeMap<String, GroupFigures>) {
    let row = json["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["solution"] == solution)
        .unwrap_or_else(|| panic!("no row for {solution}: {json}"));
    let groups = row["result"]["Ok"]["groups"].clone();
    let by_path = groups["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["path"].as_str().unwrap().to_string(),
                (
                    g["verdict"].as_str().unwrap().to_string(),
                    g["score"].as_f64().unwrap(),
                    g["tests_run"].as_u64().unwrap(),
                    g["tests"].as_u64().unwrap(),
                ),
            )
        })
        .collect();
    (groups, by_path)
}

#[test]
fn every_grader_flag_scores_its_group_as_problemtools_does() {
    let (code, text, json) = verify("scoringflags", "1");
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("0 mismatches"), "{text}");
    let (total, groups) = groups_of(&json, "partially_accepted/half.py");
    assert_eq!(total["verdict"], "Accepted", "{total}");
    assert_eq!(total["score"], 96.0, "{total}");
    let expected = [
        // sum (the default) with worst_error: 10 + 0 + 10.
        ("secret/g_sum", "WrongAnswer", 20.0),
        // ok, hard (WA), crash (RTE): the first error, or the worst.
        ("secret/g_first", "WrongAnswer", 10.0),
        ("secret/g_worst", "RunTimeError", 10.0),
        ("secret/g_always", "Accepted", 10.0),
        ("secret/g_any", "Accepted", 10.0),
        ("secret/g_min", "WrongAnswer", 0.0),
        ("secret/g_max", "WrongAnswer", 10.0),
        // accept_score 8: (8 + 0 + 8 + 8) / 4.
        ("secret/g_avg", "WrongAnswer", 6.0),
        ("secret/g_break", "WrongAnswer", 10.0),
        ("secret/g_nested/a", "Accepted", 10.0),
        ("secret/g_nested/b", "WrongAnswer", 0.0),
        ("secret/g_nested", "WrongAnswer", 10.0),
        // ignore_sample at the root: the secret group's result alone.
        ("secret", "Accepted", 96.0),
        ("", "Accepted", 96.0),
    ];
    for (path, verdict, score) in expected {
        let (got_verdict, got_score, _, _) = &groups[path];
        assert_eq!(
            (got_verdict.as_str(), *got_score),
            (verdict, score),
            "group {path:?}: {groups:?}"
        );
    }
    // The empty group has no result: left out, not accepted.
    assert!(!groups.contains_key("secret/g_empty"), "{groups:?}");
    // on_reject: break stops at the first rejection: the third test is not run (one job, so
    // nothing started before the rejection was known).
    assert_eq!(groups["secret/g_break"].2, 2, "{groups:?}");
    assert_eq!(groups["secret/g_break"].3, 3, "{groups:?}");

    let (total, groups) = groups_of(&json, "accepted/full.py");
    assert_eq!(total["verdict"], "Accepted", "{total}");
    assert_eq!(total["score"], 208.0, "{total}");
    assert_eq!(groups["secret/g_break"].2, 3, "{groups:?}");

    // The group table follows the rows: each submission's total and points per group, the
    // accepted one (graded first, to derive the time limit) read at the derived limit too.
    let table = text.split("groups of scoringflags").nth(1).expect(&text);
    let line = |name: &str| -> Vec<String> {
        let start = table
            .find(name)
            .unwrap_or_else(|| panic!("{name}: {table}"));
        table[start..]
            .lines()
            .take(2)
            .flat_map(|l| l.split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .collect()
    };
    let full = line("accepted/full.py");
    assert_eq!(full[1..5], ["208", "AC", "1", "AC"], "{table}");
    assert!(
        full.contains(&"limit".to_string()) && full.contains(&"1000".to_string()),
        "{table}"
    );
    let half = line("partially_accepted/half");
    assert_eq!(half[1..3], ["96", "AC"], "{table}");
    assert!(table.contains("10 RTE"), "{table}");
}

#[test]
fn a_2023_package_is_scored_by_its_test_groups_and_submissions_yaml() {
    let (code, text, json) = verify("scoring2023", "0");
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("0 mismatches"), "{text}");
    let (total, groups) = groups_of(&json, "partially_accepted/half.py");
    // g1 is pass-fail (a rejected test: 0 of 30), g2 sums its tests' scores (17 of 35 each).
    assert_eq!(total["score"], 34.0, "{total}");
    assert_eq!(total["max_score"], 100.0, "{total}");
    assert_eq!(groups["secret/g1"].1, 0.0, "{groups:?}");
    assert_eq!(groups["secret/g2"].1, 34.0, "{groups:?}");
    let (total, _) = groups_of(&json, "accepted/full.py");
    assert_eq!(total["score"], 100.0, "{total}");
}

#[test]
fn a_score_other_than_the_expected_one_is_a_mismatch() {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("scoring2023");
    common::copy_tree(&common::repo().join("tests/kattis/scoring2023"), &package);
    std::fs::write(
        package.join("submissions/submissions.yaml"),
        "accepted:\n  score: 100\npartially_accepted/half.py:\n  score: [35, 60]\n",
    )
    .unwrap();
    let output = judge(&["verify", package.to_str().unwrap()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("1 mismatch"), "{text}");
    assert!(
        text.contains("expected a score from 35 to 60 (submissions.yaml: partially_accepted/half.py), got WA 34"),
        "{text}"
    );
}

#[test]
fn judge_test_reports_the_groups_and_each_validator_score_in_json() {
    let (code, json, text) = grade(
        "tests/kattis/scoring2023/submissions/partially_accepted/half.py",
        &["--problem", "tests/kattis/scoring2023"],
    );
    // A 2023-07 group's verdict is its first error: g1's wrong answer.
    assert_eq!(code, 1, "{text}");
    assert_eq!(json["groups"]["score"], 34.0, "{json}");
    assert_eq!(json["groups"]["verdict"], "WrongAnswer", "{json}");
    let tests = json["tests"].as_array().unwrap();
    let scored = tests.iter().find(|t| t["name"] == "secret/g2/1").unwrap();
    assert_eq!(scored["validator_score"]["score"], 17.0, "{scored}");
    // A test without a validator score has no such key (the JSON of pass-fail problems is
    // unchanged).
    let plain = tests.iter().find(|t| t["name"] == "sample/1").unwrap();
    assert!(plain.get("validator_score").is_none(), "{plain}");
    assert_eq!(json["groups"]["test_scores"]["secret/g2/1"], 17.0);
}
