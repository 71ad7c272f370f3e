//! End-to-end: `judge stress` finds a failing test for a wrong solution and shrinks it to a
//! minimal valid input; with a right solution it exits 0.

use crate::common::judge;

/// Runs `judge stress` into a fresh folder; returns (exit code, stdout, the saved input).
fn stress(solution: &str, extra: &[&str]) -> (i32, String, Option<String>) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_string_lossy().into_owned();
    let mut args = vec!["stress", solution, "--out", &out];
    args.extend_from_slice(extra);
    let output = judge(&args);
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    let saved = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .find(|e| e.path().extension().is_some_and(|x| x == "in"))
        .map(|e| std::fs::read_to_string(e.path()).unwrap());
    (output.status.code().unwrap_or(-1), text, saved)
}

#[test]
fn a_blockgame_solution_missing_an_l_shape_shrinks_to_a_single_board() {
    let (code, text, saved) = stress(
        "solutions/blockgame/wrong_answer/missing_L.cpp",
        &["--count", "200"],
    );
    assert_eq!(code, 1, "{text}");
    let minimal = saved.unwrap_or_else(|| panic!("nothing saved: {text}"));
    assert!(minimal.starts_with("1\n"), "one board expected:\n{minimal}");
    assert!(text.contains("rerun it: judge test"), "{text}");
}

#[test]
fn an_omok_solution_counting_six_shrinks_to_little_more_than_six_stones() {
    let (code, text, saved) = stress(
        "solutions/boj2615/wrong_answer/six_counts.cpp",
        &["--count", "200"],
    );
    assert_eq!(code, 1, "{text}");
    let minimal = saved.unwrap_or_else(|| panic!("nothing saved: {text}"));
    let stones = minimal
        .split_whitespace()
        .filter(|token| *token != "0")
        .count();
    assert!((6..=8).contains(&stones), "{stones} stones:\n{minimal}");
}

#[test]
fn the_minimal_input_is_valid_and_reruns_to_the_same_failure() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_string_lossy().into_owned();
    let output = judge(&[
        "stress",
        "solutions/boj12100/wrong_answer/far_pair_first.cpp",
        "--count",
        "200",
        "--out",
        &out,
    ]);
    assert_eq!(output.status.code(), Some(1));
    let input = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "in"))
        .unwrap();
    let validate = judge(&["validate", "boj12100", &input.to_string_lossy()]);
    assert_eq!(
        validate.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&validate.stdout)
    );
    let rerun = judge(&[
        "test",
        "solutions/boj12100/wrong_answer/far_pair_first.cpp",
        "--tests-dir",
        &out,
    ]);
    let text = String::from_utf8_lossy(&rerun.stdout);
    assert_eq!(rerun.status.code(), Some(1), "{text}");
    assert!(text.contains("WA"), "{text}");
}

#[test]
fn a_right_solution_survives_the_budget() {
    let (code, text, saved) = stress("solutions/boj2615/accepted/scan.cpp", &["--count", "15"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("no failure in 15 tests"), "{text}");
    assert!(saved.is_none());
}

#[test]
fn stress_runs_the_hard_set_too() {
    // Accepted on the default tests, but 50 empty boards are too slow for a memo cleared per
    // case: stress finds it in the hard set and says how to print that test again.
    let (code, text, saved) = stress(
        "solutions/blockgame/accepted/memo_per_case.cpp",
        &["--count", "120", "--shrink-budget", "2"],
    );
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("hard test"), "{text}");
    assert!(text.contains("TLE"), "{text}");
    assert!(text.contains("--hard"), "{text}");
    assert!(saved.is_some(), "{text}");
}
