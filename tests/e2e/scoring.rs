//! End-to-end tests of scoring packages: `judge verify` and `judge test` on the packages of
//! tests/kattis written for them. `scoringflags` (legacy) has one group per grader flag, each
//! with children whose results `partially_accepted/half.py` decides (`ok` accepted, `hard` a
//! wrong answer, `crash` a run-time error), nested groups, an `on_reject: break` group and an
//! empty group (problemtools' verifyproblem gives both its submissions the scores asserted
//! here); `scoring2023` (2023-07) is scored by `test_group.yaml`, its output validator giving
//! partial points in score.txt (`score V` tests: half of V for `half.py`), and says in
//! `submissions.yaml` what each submission scores; `customgrader` (legacy) has groups graded
//! by its own grader program (`graders/`), each group's result compared with verifyproblem's.

use crate::common;

use std::collections::BTreeMap;

use crate::common::{grade, judge, show};
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

/// A 2025-09 package (scoring2025) is scored by its test groups' final keys (`max_score`,
/// `score_aggregation`, `require_pass`), a folder of test cases inside g2 being part of g2,
/// and its input validators get their own arguments (the map form of
/// `input_validator_args`: oneline.py, which refuses any argument, gets none).
#[test]
fn a_2025_package_is_scored_by_its_final_test_group_keys() {
    let (code, text, json) = verify("scoring2025", "0");
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("0 mismatches"), "{text}");
    assert!(
        text.contains("5 tests, 2 input validators: every input valid"),
        "{text}"
    );
    let (total, groups) = groups_of(&json, "partially_accepted/half.py");
    assert_eq!(total["score"], 34.0, "{total}");
    assert_eq!(total["max_score"], 100.0, "{total}");
    assert_eq!(groups["secret/g1"].1, 0.0, "{groups:?}");
    assert_eq!(groups["secret/g2"].1, 34.0, "{groups:?}");
    assert_eq!(groups["secret/g2"].3, 2, "{groups:?}");
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
fn submissions_yaml_requirements_on_test_groups_are_checked() {
    // The 2023-07 format: a key of a submission's entry that is no key of its own is a glob of
    // test groups and cases with requirements of their own. half.py: g1 rejected (0 of 30, a
    // wrong answer), g2 accepted with 34 of 70.
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("scoring2023");
    common::copy_tree(&common::repo().join("tests/kattis/scoring2023"), &package);
    let verify_with = |half: &str| {
        std::fs::write(
            package.join("submissions/submissions.yaml"),
            format!("accepted:\n  score: 100\npartially_accepted/half.py:\n  score: 34\n{half}"),
        )
        .unwrap();
        let output = judge(&["verify", package.to_str().unwrap()]);
        (output.status.code(), show(&output))
    };
    let (code, text) = verify_with(
        "  secret/g1:\n    required: [WA]\n    score: 0\n  secret/g2:\n    permitted: [AC]\n    score: [30, 40]\n  sample:\n    permitted: [AC]\n",
    );
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("0 mismatches"), "{text}");
    let (code, text) = verify_with("  secret/g2:\n    score: 35\n");
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("expected score 35 (submissions.yaml: partially_accepted/half.py, secret/g2), got score 34 on secret/g2"),
        "{text}"
    );
    let (code, text) = verify_with("  secret/g*:\n    permitted: [AC]\n");
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("expected only AC on its test cases (submissions.yaml: partially_accepted/half.py, secret/g*), got WA on secret/g1/"),
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

#[test]
fn judge_grade_ranks_by_score_shows_points_per_group_and_resumes_them() {
    let dir = tempfile::tempdir().unwrap();
    let package = common::repo().join("tests/kattis/scoringflags");
    // Named so that the name order is not the score order.
    let submissions = dir.path().join("class");
    std::fs::create_dir(&submissions).unwrap();
    for (from, to) in [
        ("partially_accepted/half.py", "a_half.py"),
        ("accepted/full.py", "b_full.py"),
    ] {
        std::fs::copy(package.join("submissions").join(from), submissions.join(to)).unwrap();
    }
    let file = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let run = |json: &str, csv: &str| {
        judge(&[
            "grade",
            submissions.to_str().unwrap(),
            "--problem",
            package.to_str().unwrap(),
            "--results",
            &file("results"),
            "--json",
            &file(json),
            "--csv",
            &file(csv),
            "--html",
            &file("grade.html"),
        ])
    };
    let output = run("grade.json", "grade.csv");
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    // The scoreboard: best score first, each verdict with its score.
    let (full, half) = (
        text.find("b_full.py").unwrap(),
        text.find("a_half.py").unwrap(),
    );
    assert!(full < half, "{text}");
    assert!(text.contains("AC 208") && text.contains("AC 96"), "{text}");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let table = stdout.split("groups of scoringflags").nth(1).expect(&text);
    assert!(
        table.contains("208 AC") && table.contains("10 RTE"),
        "{table}"
    );

    // JSON: each row's groups, and the groups themselves for a merge.
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(file("grade.json")).unwrap()).unwrap();
    let rows = json["submissions"].as_array().unwrap();
    let groups = |row: &Value| -> BTreeMap<String, (String, f64)> {
        row["graded"]["tests"]["groups"]["groups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                let path = g["path"].as_str().unwrap().to_string();
                let verdict = g["verdict"].as_str().unwrap().to_string();
                (path, (verdict, g["score"].as_f64().unwrap()))
            })
            .collect()
    };
    assert!(rows[0]["name"].as_str().unwrap().ends_with("a_half.py"));
    assert_eq!(rows[0]["graded"]["tests"]["groups"]["score"], 96.0);
    assert_eq!(rows[1]["graded"]["tests"]["groups"]["score"], 208.0);
    // As `judge verify` grades it (every_grader_flag_scores_its_group_as_problemtools_does).
    let half = groups(&rows[0]);
    assert_eq!(half["secret/g_worst"], ("RunTimeError".into(), 10.0));
    assert_eq!(half["secret/g_avg"], ("WrongAnswer".into(), 6.0));
    assert!(json["group_tree"]["root"]["children"].is_array(), "{json}");

    // CSV: ranked, a line per group.
    let csv = std::fs::read_to_string(file("grade.csv")).unwrap();
    let first = csv.lines().nth(1).unwrap();
    assert!(
        first.starts_with("1,") && first.contains("b_full.py"),
        "{csv}"
    );
    assert!(
        csv.lines()
            .any(|l| l.contains("a_half.py") && l.contains(",secret/g_worst,0,RTE,10,")),
        "{csv}"
    );
    // HTML: the heat map of points per group.
    let html = std::fs::read_to_string(file("grade.html")).unwrap();
    assert!(
        html.contains("<section id=\"groups\">"),
        "no group table in the HTML"
    );

    // Resumed from the results folder: the same groups, table and CSV.
    let again = run("again.json", "again.csv");
    let again_text = show(&again);
    assert!(
        again_text.contains("2 graded by an earlier run"),
        "{again_text}"
    );
    assert_eq!(
        String::from_utf8_lossy(&again.stdout)
            .split("groups of scoringflags")
            .nth(1),
        Some(table),
        "{again_text}"
    );
    assert_eq!(std::fs::read_to_string(file("again.csv")).unwrap(), csv);
    let again: Value =
        serde_json::from_str(&std::fs::read_to_string(file("again.json")).unwrap()).unwrap();
    let again_rows = again["submissions"].as_array().unwrap();
    assert_eq!(groups(&again_rows[0]), half);
    assert_eq!(again_rows[1]["graded"]["tests"]["groups"]["score"], 208.0);
}

/// A group's path, verdict and score.
type GroupScore = (&'static str, &'static str, f64);

#[test]
fn a_custom_grader_grades_its_groups_as_problemtools_does() {
    // `customgrader`'s graders/grader.py grades g_half (`half`: AC when half the children
    // are, their sum) and g_max (`max`: AC, the largest score; `on_reject: break`). These
    // are the scores problemtools' verifyproblem gives each group (its reference run of the
    // package, bench/packages/reference_scores.py).
    let (code, text, json) = verify("customgrader", "0");
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("0 mismatches"), "{text}");
    let expected: [(&str, f64, &[GroupScore]); 3] = [
        (
            "accepted/full.py",
            68.0,
            &[
                ("secret/g_half", "Accepted", 40.0),
                ("secret/g_max", "Accepted", 25.0),
                ("secret/g_plain", "Accepted", 2.0),
                ("secret", "Accepted", 67.0),
            ],
        ),
        (
            "partially_accepted/big_wrong.py",
            23.0,
            &[
                // Two of four accepted: the grader accepts, 2 x 10.
                ("secret/g_half", "Accepted", 20.0),
                // Broken at its first test's wrong answer: the grader sees it alone.
                ("secret/g_max", "Accepted", 0.0),
                ("secret/g_plain", "Accepted", 2.0),
                ("secret", "Accepted", 22.0),
            ],
        ),
        (
            "wrong_answer/small_right.py",
            11.0,
            &[
                // One of four: the grader rejects; `secret` breaks there.
                ("secret/g_half", "WrongAnswer", 10.0),
                ("secret", "WrongAnswer", 10.0),
            ],
        ),
    ];
    for (solution, score, groups) in expected {
        let (total, got) = groups_of(&json, solution);
        assert_eq!(total["score"], score, "{solution}: {total}");
        for &(path, verdict, points) in groups {
            let (got_verdict, got_points, _, _) = &got[path];
            assert_eq!(
                (got_verdict.as_str(), *got_points),
                (verdict, points),
                "{solution} {path}: {got:?}"
            );
        }
        if solution.starts_with("wrong_answer") {
            assert!(!got.contains_key("secret/g_max"), "{got:?}");
        }
    }

    // judge grade runs the grader too; a shard of it is refused (merge cannot run it).
    let package = "tests/kattis/customgrader";
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("grade.json");
    let output = judge(&[
        "grade",
        &format!("{package}/submissions"),
        "--problem",
        package,
        "--results",
        dir.path().join("results").to_str().unwrap(),
        "--json",
        report.to_str().unwrap(),
        // One worker: a test is skipped only when the rejection that decides its group is
        // known before it starts.
        "--jobs",
        "1",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", show(&output));
    let board: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let rows = board["submissions"].as_array().unwrap();
    let scores: Vec<f64> = rows
        .iter()
        .map(|row| row["graded"]["tests"]["groups"]["score"].as_f64().unwrap())
        .collect();
    assert_eq!(scores, [68.0, 23.0, 11.0]);
    // The group stopped at its first rejection (on_reject: break) runs no more of its tests,
    // as in `judge test` (above: no result for secret/g_max).
    let ran: Vec<&str> = rows[2]["graded"]["tests"]["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|test| test["name"].as_str().unwrap())
        .collect();
    assert!(ran.contains(&"secret/g_max/1"), "{ran:?}");
    assert!(!ran.contains(&"secret/g_max/2"), "{ran:?}");
    let output = judge(&[
        "test",
        &format!("{package}/submissions/accepted/full.py"),
        "--problem",
        package,
        "--shard",
        "0/2",
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    assert!(
        show(&output).contains("a custom grader grades is graded whole"),
        "{}",
        show(&output)
    );
}

#[test]
fn validation_custom_score_without_a_score_txt_is_a_judge_error_as_in_problemtools() {
    // scoringflags' validator writes score.txt only on its `score V` tests; with
    // `validation: custom score` problemtools requires one on every accepted test, and gives
    // a judge error ("problem has custom scoring but validator did not produce score.txt")
    // to the sample and so to the root (on_reject: break), JE 0 for both submissions.
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("scoringflags");
    common::copy_tree(&common::repo().join("tests/kattis/scoringflags"), &package);
    let yaml = std::fs::read_to_string(package.join("problem.yaml")).unwrap();
    let yaml = yaml.replace("\nvalidation: custom\n", "\nvalidation: custom score\n");
    assert!(yaml.contains("validation: custom score"));
    std::fs::write(package.join("problem.yaml"), yaml).unwrap();
    let package = package.to_string_lossy().into_owned();
    let (code, json, text) = grade(
        &format!("{package}/submissions/accepted/full.py"),
        &["--problem", &package],
    );
    assert_eq!(code, 1, "{text}");
    assert_eq!(json["groups"]["verdict"], "JudgeError", "{json}");
    assert_eq!(json["groups"]["score"], 0.0, "{json}");
    let sample = json["groups"]["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["path"] == "sample")
        .unwrap()
        .clone();
    assert_eq!(sample["verdict"], "JudgeError", "{sample}");
    // Why, named with the test, in the JSON, on the result line and on verify's row (it said
    // "no reason was recorded": every test's own run was accepted).
    let why = "the output validator accepted without writing score.txt, which the package's \
               `validation: custom score` requires";
    assert_eq!(
        json["groups"]["judge_error"],
        format!("sample/1: {why}"),
        "{json}"
    );
    assert!(text.contains(why), "{text}");
    let output = judge(&["verify", &package]);
    let verified = show(&output);
    assert!(verified.contains(why), "{verified}");
    assert!(!verified.contains("no reason was recorded"), "{verified}");
    // Without `score` in `validation`, the same run is accepted with 208 (above).
    let (code, json, text) = grade(
        "tests/kattis/scoringflags/submissions/accepted/full.py",
        &["--problem", "tests/kattis/scoringflags"],
    );
    assert_eq!(code, 0, "{text}");
    assert_eq!(json["groups"]["score"], 208.0, "{json}");
}

#[test]
fn a_2023_package_without_submissions_yaml_is_held_to_its_folders_as_problemtools_holds_it() {
    // problemtools reads no submissions.yaml in any version: its folder rule (LegacyPolicy)
    // holds every package to `accepted/` = AC (full score), `partially_accepted/` = AC with
    // less. Without the file, scoring2023's half.py (WA 34: its pass-fail group rejects it)
    // misses its folder's AC, as problemtools' "got WA" says; the 2023-07 specification's
    // default directories have no `partially_accepted` at all.
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("scoring2023");
    common::copy_tree(&common::repo().join("tests/kattis/scoring2023"), &package);
    std::fs::remove_file(package.join("submissions/submissions.yaml")).unwrap();
    let output = judge(&["verify", package.to_str().unwrap()]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("1 mismatch"), "{text}");
    assert!(
        text.contains("expected AC (the folder partially_accepted/), got WA 34"),
        "{text}"
    );
}

#[test]
fn a_test_repeated_in_another_group_is_judged_on_the_first_ones_run() {
    // Olympiad packages repeat tests across their groups (NOI 2023's icecreammachines: 236
    // tests, 61 different). As problemtools does, a test whose input, answer and validator
    // arguments are another's takes that test's run instead of running again.
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("scoringflags");
    common::copy_tree(&common::repo().join("tests/kattis/scoringflags"), &package);
    // A test of its own (the package repeats some already), in two groups.
    let secret = package.join("data/secret");
    for group in ["g_sum", "g_avg"] {
        std::fs::write(secret.join(format!("{group}/9.in")), "twin test\n").unwrap();
        std::fs::write(secret.join(format!("{group}/9.ans")), "ok\n").unwrap();
    }
    let package = package.to_string_lossy().into_owned();
    let (code, json, text) = grade(
        &format!("{package}/submissions/accepted/full.py"),
        &["--problem", &package],
    );
    assert_eq!(code, 0, "{text}");
    let test = |name: &str| {
        json["tests"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == name)
            .unwrap_or_else(|| panic!("no {name}: {json}"))
            .clone()
    };
    // One of the two ran (the first to start), the other took its run.
    let (avg, sum) = (test("secret/g_avg/9"), test("secret/g_sum/9"));
    let (first, twin) = match avg.get("same_as") {
        Some(_) => (sum, avg),
        None => (avg, sum),
    };
    assert!(first.get("same_as").is_none(), "{first}");
    assert_eq!(twin["same_as"], first["name"], "{twin}");
    for key in ["verdict", "cpu_ms", "wall_ms", "peak_kib"] {
        assert_eq!(first[key], twin[key], "{key}: {first} {twin}");
    }
    // The package's own repeated tests: sample/1 is g_break/1 and g_always/1 too. With two
    // workers any of the three may claim the run first; all three share the one run.
    let ran = |name: &str| {
        let t = test(name);
        t.get("same_as").unwrap_or(&t["name"]).clone()
    };
    let run = ran("sample/1");
    for name in ["secret/g_break/1", "secret/g_always/1"] {
        assert_eq!(ran(name), run, "{name}: {json}");
    }
    let twins = ["sample/1", "secret/g_break/1", "secret/g_always/1"]
        .iter()
        .filter(|name| test(name).get("same_as").is_some())
        .count();
    assert_eq!(twins, 2, "{json}");
}
