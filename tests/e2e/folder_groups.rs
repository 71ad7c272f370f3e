//! End-to-end tests of a folder problem with groups: `problems/sumandmax` (subtasks `samples`
//! 0 points, `small` 30 including the samples, `large` 70 with `sum` aggregation including
//! `small`; a checker of the CMS convention gives half a test for half an answer) and its
//! solutions (`accepted/sum.py` 100, `partially_accepted/int_sum.c` 73.75: its sum overflows
//! in large, `partially_accepted/no_max.py` 50: every test half, `wrong_answer/first_only.py`
//! 8.75: two tests half right). Copies of the problem in temporary folders try expected
//! scores that are missed, groups that are wrong, limits of a group a test breaks and a
//! checker whose outcome is out of range.

use std::path::{Path, PathBuf};

use crate::common::{copy_tree, grade, judge, repo, show};
use serde_json::Value;

/// A copy of sumandmax with its solutions in its own `solutions/` folder, in a temporary
/// folder (kept while the value lives); `edit` changes its problem.toml.
struct Copy {
    _dir: tempfile::TempDir,
    problem: PathBuf,
}

fn copy(edit: impl Fn(String) -> String) -> Copy {
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("sumandmax");
    copy_tree(&repo().join("problems/sumandmax"), &problem);
    copy_tree(
        &repo().join("solutions/sumandmax"),
        &problem.join("solutions"),
    );
    let file = problem.join("problem.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, edit(text)).unwrap();
    Copy { _dir: dir, problem }
}

fn path(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// `judge verify PROBLEM --json FILE`: the exit code, what it printed and the report.
fn verify(problem: &str) -> (i32, String, Value) {
    let dir = tempfile::tempdir().unwrap();
    let report = path(&dir.path().join("verify.json"));
    let output = judge(&["verify", problem, "--json", &report]);
    let json = std::fs::read_to_string(&report)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null);
    (output.status.code().unwrap_or(-1), show(&output), json)
}

/// The verify row of the solution whose path ends with `solution`.
fn row<'a>(json: &'a Value, solution: &str) -> &'a Value {
    json["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["solution"].as_str().unwrap().ends_with(solution))
        .unwrap_or_else(|| panic!("no row for {solution}: {json}"))
}

#[test]
fn verify_grades_each_solution_by_groups_and_checks_its_expected_score() {
    let (code, text, json) = verify("sumandmax");
    assert_eq!(code, 0, "{text}");
    for (solution, score, verdict) in [
        ("accepted/sum.py", 100.0, "Accepted"),
        ("partially_accepted/int_sum.c", 73.75, "Accepted"),
        ("partially_accepted/no_max.py", 50.0, "Accepted"),
        ("wrong_answer/first_only.py", 8.75, "WrongAnswer"),
    ] {
        let checked = &row(&json, solution)["result"]["Ok"];
        let groups = &checked["groups"];
        assert_eq!(
            groups["score"].as_f64(),
            Some(score),
            "{solution}: {groups}"
        );
        assert_eq!(groups["verdict"], verdict, "{solution}");
        assert_eq!(groups["max_score"].as_f64(), Some(100.0), "{solution}");
        assert!(
            checked.get("score_mismatch").is_none(),
            "{solution}: {checked}"
        );
    }
    // The group table after the rows, a row per solution, each within 80 columns.
    let table = text
        .split("groups of sumandmax")
        .nth(1)
        .expect("a group table");
    assert!(table.contains("73.75 AC"), "{text}");
    assert!(
        table.contains("\npartially_accepted/int_sum.c 73.75 AC"),
        "{text}"
    );
    for line in table.lines().take_while(|l| !l.starts_with("stderr:")) {
        assert!(line.chars().count() <= 80, "{line:?}");
    }
    // Each group's points of the partially accepted C solution: small whole, large 3 tests
    // at half and small (sum aggregation: (3 x 0.5 + 1) / 4 of 70).
    let groups = &row(&json, "int_sum.c")["result"]["Ok"]["groups"]["groups"];
    let score = |path: &str| {
        groups
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["path"] == path)
            .and_then(|g| g["score"].as_f64())
    };
    assert_eq!(score("small"), Some(30.0));
    assert_eq!(score("large"), Some(43.75));
    assert_eq!(score("samples"), Some(0.0));
}

#[test]
fn judge_test_shows_partial_points_the_score_and_the_group_table() {
    let (code, json, text) = grade("solutions/sumandmax/partially_accepted/int_sum.c", &[]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("AC score 73.75/100  7/7 tests passed"),
        "{text}"
    );
    // Each large test: the checker's half beside its verdict.
    let large = text
        .lines()
        .find(|l| l.starts_with("large-2 "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(large.contains("AC 0.5"), "{large}");
    let table = text
        .split("groups of sumandmax")
        .nth(1)
        .expect("a group table");
    assert!(
        table.contains("total") && table.contains("small+") && table.contains("large+"),
        "{table}"
    );
    assert!(table.contains("43.75 AC"), "{table}");
    for line in table.lines() {
        assert!(line.chars().count() <= 80, "{line:?}");
    }
    // Tests run in the groups' order, and the report has every group's result.
    let names: Vec<&str> = json["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        names,
        ["sample-1", "small-1", "small-2", "small-3", "large-1", "large-2", "large-3"],
        "{json}"
    );
    let groups = &json["groups"];
    assert_eq!(groups["score"].as_f64(), Some(73.75), "{groups}");
    // Each group counts its tests once, those of the groups it includes too: the root has
    // the 7 tests, large its 3 with small's 3 and the sample (the tree holds small's tests
    // twice: in small, and in large's copy of small).
    let count = |path: &str| {
        let group = groups["groups"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["path"] == path)
            .unwrap_or_else(|| panic!("no group {path}: {groups}"));
        (group["tests"].as_u64(), group["tests_run"].as_u64())
    };
    assert_eq!(count(""), (Some(7), Some(7)), "{groups}");
    assert_eq!(count("large"), (Some(7), Some(7)), "{groups}");
    assert_eq!(count("small"), (Some(4), Some(4)), "{groups}");
    assert_eq!(groups["test_scores"]["large-1"].as_f64(), Some(0.5));
    assert_eq!(groups["test_scores"]["small-1"].as_f64(), Some(1.0));
    // The samples alone are graded test by test: no groups, no judge error for the tests
    // that did not run.
    let (code, json, text) = grade(
        "solutions/sumandmax/accepted/sum.py",
        &["--tests", "samples"],
    );
    assert_eq!(code, 0, "{text}");
    assert_eq!(json["verdict"], "AC", "{json}");
    assert!(json["groups"].is_null(), "{json}");
    assert!(!text.contains("groups of sumandmax"), "{text}");
}

#[test]
fn a_wrong_answer_is_graded_by_its_first_failing_group() {
    // One worker: with two, the tests after the failing one may already be running when
    // it fails, and they are counted (CI saw 4 of 4 run).
    let (code, json, text) = grade(
        "solutions/sumandmax/wrong_answer/first_only.py",
        &["--jobs", "1"],
    );
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("WA score 8.75/100"), "{text}");
    // small is decided at its first failure: with one worker, small-3 does not run.
    let groups = &json["groups"]["groups"];
    let small = groups
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["path"] == "small")
        .unwrap();
    assert_eq!(small["verdict"], "WrongAnswer");
    assert_eq!(small["score"].as_f64(), Some(0.0));
    assert!(
        small["tests_run"].as_u64() < small["tests"].as_u64(),
        "{small}"
    );
}

#[test]
fn a_score_the_problem_does_not_expect_is_a_mismatch() {
    // problem.toml expects 80 of int_sum.c, which gets 73.75.
    let wrong = copy(|text| {
        text.replace(
            "\"partially_accepted/int_sum.c\" = 73.75",
            "\"partially_accepted/int_sum.c\" = 80",
        )
    });
    // A partial solution in accepted/ misses the full score.
    std::fs::rename(
        wrong.problem.join("solutions/partially_accepted/no_max.py"),
        wrong.problem.join("solutions/accepted/no_max.py"),
    )
    .unwrap();
    let (code, text, json) = verify(&path(&wrong.problem));
    assert_eq!(code, 1, "{text}");
    assert_eq!(json["mismatches"], 2, "{json}");
    let int_sum = &row(&json, "int_sum.c")["result"]["Ok"];
    let mismatch = int_sum["score_mismatch"].as_str().unwrap_or("");
    assert!(
        mismatch.contains("score 80") && mismatch.contains("expected_scores"),
        "{mismatch}"
    );
    let no_max = &row(&json, "accepted/no_max.py")["result"]["Ok"];
    let mismatch = no_max["score_mismatch"].as_str().unwrap_or("");
    assert!(
        mismatch.contains("the full score 100") && mismatch.contains("accepted/"),
        "{mismatch}"
    );
    assert!(text.contains("MISMATCH"), "{text}");
}

#[test]
fn bad_groups_are_errors_naming_the_group() {
    let cases: [(&str, &str, &str); 8] = [
        (
            "tests = [\"large-*\"]",
            "tests = [\"large-*\", \"huge-1\"]",
            "groups.large.tests: \"huge-1\" names no test",
        ),
        (
            "includes = [\"small\"]",
            "includes = [\"small\", \"large\"]",
            "the includes go round in a circle: large -> large",
        ),
        (
            "points = 70",
            "points = \"seventy\"",
            "groups.large.points`: must be a number, found \"seventy\"",
        ),
        (
            "[expected_scores]",
            "[[groups]]\nname = \"extra\"\ntests = []\npoints = 5\n\n[expected_scores]",
            "groups.extra`: has no tests",
        ),
        (
            "includes = [\"small\"]",
            "includes = [\"tiny\"]",
            "groups.large.includes: there is no group \"tiny\"",
        ),
        (
            "tests = [\"large-*\"]",
            "tests = [\"large-1\"]",
            "the test \"large-2\" is in no group",
        ),
        (
            "points = 70",
            "points = 70\nchecker_args = [\"strict\"]\n[[groups]]\nname = \"again\"\ntests = [\"large-1\"]\npoints = 1",
            "differ from groups.large.checker_args",
        ),
        (
            "points = 70",
            "points = 1e300",
            "groups.large.points`: must be between",
        ),
    ];
    for (from, to, message) in cases {
        let bad = copy(|text| text.replacen(from, to, 1));
        let output = judge(&[
            "test",
            "solutions/sumandmax/accepted/sum.py",
            "--problem",
            &path(&bad.problem),
        ]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{to}: {}", show(&output));
        assert!(stderr.contains(message), "{to}: {stderr}");
        assert!(stderr.contains("problem.toml"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    }
}

#[test]
fn validate_checks_each_test_against_its_groups_limits() {
    let output = judge(&["validate", "sumandmax"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    assert!(stdout.contains("small-2 (group small): valid"), "{stdout}");
    assert!(stdout.contains("large-2 (group large): valid"), "{stdout}");
    assert_eq!(stdout.lines().filter(|l| l.ends_with(": valid")).count(), 7);
    // A test of small that only the large limits allow.
    let copied = copy(|text| text);
    let tests = copied.problem.join("tests");
    std::fs::copy(tests.join("large-1.in"), tests.join("small-4.in")).unwrap();
    std::fs::copy(tests.join("large-1.ans"), tests.join("small-4.ans")).unwrap();
    let output = judge(&["validate", &path(&copied.problem)]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{}", show(&output));
    assert!(
        stdout.contains("small-4 (group small): invalid")
            && stdout.contains("N = 1000 is not in 1..100"),
        "{stdout}"
    );
    // A file checked against one group's limits.
    let large = path(&tests.join("large-1.in"));
    let output = judge(&["validate", "sumandmax", "--group", "small", &large]);
    assert_eq!(output.status.code(), Some(1), "{}", show(&output));
    let output = judge(&["validate", "sumandmax", "--group", "large", &large]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let output = judge(&["validate", "sumandmax", "--group", "huge", &large]);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no group \"huge\""));
}

#[test]
fn the_validators_own_arguments_come_before_its_groups() {
    // `args` of [validator] are passed on every call, a group's `validator_args` after them
    // (the validator takes the last of each): the large tests, whose group gives none, break
    // the validator's own --max-n=100; small's --max-n=100 and the samples' none keep theirs.
    let copied = copy(|text| {
        text.replace(
            "source = \"programs/validate.py\"\n",
            "source = \"programs/validate.py\"\nargs = [\"--max-n=2\"]\n",
        )
    });
    let output = judge(&["validate", &path(&copied.problem)]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{}", show(&output));
    assert!(
        stdout.contains("large-1 (group large): invalid") && stdout.contains("is not in 1..2"),
        "{stdout}"
    );
    assert!(stdout.contains("small-2 (group small): valid"), "{stdout}");
}

#[test]
fn show_lists_the_groups_and_export_refuses_them() {
    let output = judge(&["show", "sumandmax", "--samples", "0"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    assert!(stdout.contains("groups:  3 (a scored problem)"), "{stdout}");
    let line = |name: &str| {
        stdout
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no line for {name}: {stdout}"))
            .to_string()
    };
    assert!(line("samples").contains("0 points, its least test, 1 tests"));
    assert!(
        line("small").contains("30 points, its least test, 4 tests, includes samples"),
        "{stdout}"
    );
    assert!(
        line("large").contains("70 points, each test a share, 7 tests, includes small"),
        "{stdout}"
    );
    // Written as a pass-fail package it would be another problem.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("exported");
    let output = judge(&[
        "export",
        "sumandmax",
        "--kattis",
        &path(&out),
        "--count",
        "0",
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("it is scored by groups"),
        "{}",
        show(&output)
    );
    assert!(!out.exists());
}

#[test]
fn a_built_in_problem_may_have_groups_too() {
    // boj2615 (built into judge: its checker, generator and validator are Rust code) with
    // groups over its samples: graded by them, with the built-in checker.
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("boj2615");
    copy_tree(&repo().join("problems/boj2615"), &problem);
    let toml = problem.join("problem.toml");
    let mut text = std::fs::read_to_string(&toml).unwrap();
    text += "\n[[groups]]\nname = \"edges\"\ntests = [\"edge-*\"]\npoints = 60\n\
             \n[[groups]]\nname = \"official\"\ntests = [\"official-*\"]\npoints = 40\n";
    std::fs::write(&toml, text).unwrap();
    let problem = path(&problem);
    let (code, json, text) = grade(
        "solutions/boj2615/accepted/scan.cpp",
        &["--problem", &problem],
    );
    assert_eq!(code, 0, "{text}");
    assert_eq!(json["groups"]["score"].as_f64(), Some(100.0), "{json}");
    assert!(text.contains("AC score 100/100"), "{text}");
    // A wrong solution loses the points of the groups it fails, and only those.
    let (code, json, text) = grade(
        "solutions/boj2615/wrong_answer/rising_upper_end.py",
        &["--problem", &problem],
    );
    assert_eq!(code, 1, "{text}");
    let score = json["groups"]["score"].as_f64().unwrap();
    let groups = json["groups"]["groups"].as_array().unwrap();
    let earned: f64 = groups
        .iter()
        .filter(|g| g["path"] != "")
        .map(|g| g["score"].as_f64().unwrap_or(0.0))
        .sum();
    assert!(score < 100.0 && score == earned, "{json}");
    // Its groups give no generator arguments: the built-in generator makes a group's test.
    let output = judge(&["gen", &problem, "--group", "edges", "--index", "0"]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    assert!(!output.stdout.is_empty());
}

/// The N and the largest |a_i| of a generated input.
fn sizes(input: &str) -> (usize, i64) {
    let mut lines = input.lines();
    let n: usize = lines.next().unwrap().parse().unwrap();
    let largest = lines
        .next()
        .unwrap()
        .split(' ')
        .map(|w| w.parse::<i64>().unwrap().abs())
        .max()
        .unwrap();
    (n, largest)
}

#[test]
fn gen_makes_a_test_for_a_group_with_its_generator_arguments() {
    for index in ["0", "1", "2"] {
        let output = judge(&["gen", "sumandmax", "--group", "small", "--index", index]);
        assert_eq!(output.status.code(), Some(0), "{}", show(&output));
        let (n, largest) = sizes(&String::from_utf8_lossy(&output.stdout));
        assert!(n <= 100 && largest <= 1000, "{n} {largest}");
    }
    // Written to a folder: named after the group, each within its limits (inputs only: the
    // problem has no reference program to answer them).
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("small");
    let output = judge(&[
        "gen",
        "sumandmax",
        "--group",
        "small",
        "--count",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["small-001.in", "small-002.in"]);
    let (n, largest) = sizes(&std::fs::read_to_string(out.join("small-002.in")).unwrap());
    assert!(n <= 100 && largest <= 1000, "{n} {largest}");
    // Without the group: the statement's limits (a 1% size keeps it small).
    let output = judge(&["gen", "sumandmax", "--index", "0", "--size", "1"]);
    let (n, largest) = sizes(&String::from_utf8_lossy(&output.stdout));
    assert!(n > 100 || largest > 1000, "{n} {largest}");
    let output = judge(&["gen", "sumandmax", "--group", "huge", "--index", "0"]);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("no group \"huge\" (its groups: large, samples, small)"),
        "{stderr}"
    );
}

#[test]
fn a_checker_outcome_out_of_range_is_a_judge_error() {
    let broken = copy(|text| text);
    std::fs::write(broken.problem.join("programs/check.py"), "print(1.5)\n").unwrap();
    let (code, json, text) = grade(
        "solutions/sumandmax/accepted/sum.py",
        &["--problem", &path(&broken.problem)],
    );
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("the outcome must be between 0 and 1, found 1.5"),
        "{text}"
    );
    assert_eq!(json["groups"]["verdict"], "JudgeError");
}
