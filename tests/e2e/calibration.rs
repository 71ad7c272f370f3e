//! End-to-end: the default tests are calibrated to the real judge and the worst cases are in
//! the hard set (`--tests hard`, `judge gen --hard`). A BLOCKGAME solution that clears its memo
//! for every case, as the textbook one the real judge accepted, is accepted on the default tests
//! and too slow on the hard set; a memo kept across cases passes both.

use crate::common::{grade, judge};

/// The names of the tests of a JSON report.
fn names(json: &serde_json::Value) -> Vec<String> {
    json["tests"]
        .as_array()
        .map(|tests| {
            tests
                .iter()
                .map(|t| t["name"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_memo_cleared_for_every_case_is_accepted_by_default_and_too_slow_on_the_hard_set() {
    let solution = "solutions/blockgame/accepted/memo_per_case.cpp";
    let (code, json, text) = grade(solution, &[]);
    assert_eq!(json["verdict"], "AC", "{text}");
    assert_eq!(code, 0);
    let tests = names(&json);
    assert!(tests.len() > 30, "samples and 30 random tests: {text}");
    assert!(
        !tests.iter().any(|t| t.contains("fifty")),
        "the worst case is no sample any more: {tests:?}"
    );

    let (code, json, text) = grade(solution, &["--tests", "hard", "--count", "3"]);
    assert_eq!(json["verdict"], "TLE", "{text}");
    assert_eq!(code, 1);
    let first = &json["tests"][0];
    assert_eq!(first["name"], "fifty-empty", "{text}");
    assert_eq!(first["verdict"], "TLE", "{text}");
}

#[test]
fn a_memo_kept_across_cases_passes_the_hard_set() {
    let (code, json, text) = grade(
        "solutions/blockgame/accepted/memo.cpp",
        &["--tests", "hard", "--count", "3"],
    );
    assert_eq!(json["verdict"], "AC", "{text}");
    assert_eq!(code, 0);
    assert_eq!(
        names(&json),
        ["fifty-empty", "hard-000", "hard-001", "hard-002"],
        "{text}"
    );
    let reproduce = json["tests"][1]["reproduce"].as_str().unwrap_or("");
    assert!(reproduce.ends_with("--index 0 --hard"), "{reproduce}");
}

#[test]
fn gen_prints_tests_of_the_hard_set() {
    for problem in ["blockgame", "boj12100", "boj1525", "boj2615"] {
        let default = judge(&["gen", problem, "--seed", "3", "--index", "0"]);
        let hard = judge(&["gen", problem, "--seed", "3", "--index", "0", "--hard"]);
        assert_eq!(hard.status.code(), Some(0), "{problem}");
        assert_ne!(default.stdout, hard.stdout, "{problem}");
        let again = judge(&["gen", problem, "--seed", "3", "--index", "0", "--hard"]);
        assert_eq!(hard.stdout, again.stdout, "{problem}: deterministic");
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("hard.in");
        std::fs::write(&file, &hard.stdout).unwrap();
        let valid = judge(&["validate", problem, &file.to_string_lossy()]);
        assert_eq!(valid.status.code(), Some(0), "{problem}");
    }
    let hard = judge(&["gen", "blockgame", "--index", "0", "--hard"]);
    let text = String::from_utf8_lossy(&hard.stdout);
    assert!(text.starts_with("50\n"), "{text}");
    assert!(text.lines().skip(1).all(|line| line == "....."), "{text}");
}

#[test]
fn gen_writes_hard_tests_with_their_answers() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_string_lossy().into_owned();
    let output = judge(&[
        "gen", "boj1525", "--hard", "--count", "4", "--out", &out, "--seed", "2",
    ]);
    assert_eq!(output.status.code(), Some(0));
    for name in ["001", "002", "003", "004"] {
        let answer = std::fs::read_to_string(dir.path().join(format!("{name}.ans"))).unwrap();
        assert!(answer == "31\n" || answer == "-1\n", "{name}: {answer}");
    }
}
