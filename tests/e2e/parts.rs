//! End-to-end tests of problems made of programs (tests/projects/parts: a batch problem with a
//! generator, a reference, a validator and a testlib checker; one with a Kattis output
//! validator; an interactive one with a testlib interactor), and of hostile problem programs
//! (tests/projects/hostile: a fork bomb, an endless loop, a memory bomb, a checker that tries
//! to write outside its folder, bad interactors, a generator that is not deterministic), which
//! must be contained and give a judge error naming the program.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

use crate::common::{repo, show};
use serde_json::Value;

fn project(name: &str) -> PathBuf {
    repo().join("tests/projects").join(name)
}

/// `judge --config PROJECT/runner.toml ARGS...`.
fn judge_in(project: &Path, args: &[&str]) -> Output {
    let config = project.join("runner.toml").to_string_lossy().into_owned();
    let mut all = vec!["--config", config.as_str()];
    all.extend_from_slice(args);
    common::judge(&all)
}

/// `judge test` of a solution with a JSON report: (exit code, report, text).
fn grade_in(
    project: &Path,
    solution: &Path,
    problem: &str,
    extra: &[&str],
) -> (i32, Value, String) {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.json");
    let report_arg = report.to_string_lossy().into_owned();
    let solution_arg = solution.to_string_lossy().into_owned();
    let mut args = vec![
        "test",
        solution_arg.as_str(),
        "--problem",
        problem,
        "--json",
        &report_arg,
    ];
    args.extend_from_slice(extra);
    let output = judge_in(project, &args);
    let json = std::fs::read_to_string(&report)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null);
    (output.status.code().unwrap_or(-1), json, show(&output))
}

#[test]
fn problems_of_programs_give_every_verdict() {
    let output = judge_in(&project("parts"), &["verify"]);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("0 mismatches, 0 warnings, 0 not graded"),
        "{text}"
    );
    for verdict in ["AC", "WA", "PE", "TLE", "MLE", "RE", "CE", "OLE"] {
        assert!(
            text.lines()
                .any(|l| l.contains(" ok") && l.split_whitespace().nth(1) == Some(verdict)),
            "no solution expected to get {verdict}:\n{text}"
        );
    }
    for problem in ["pairsum", "average", "hilo"] {
        assert!(
            text.contains(&format!("solutions/{problem}/")),
            "{problem} not verified:\n{text}"
        );
    }
}

/// Every hostile problem: the role of the hostile program, and what its message must say.
const HOSTILE: [(&str, &str, &str); 7] = [
    (
        "forkbomb_generator",
        "generator generate.c",
        "ran out of time",
    ),
    (
        "endless_reference",
        "reference reference.c",
        "ran out of time",
    ),
    (
        "memory_bomb_validator",
        "validator validate.c",
        "memory limit",
    ),
    ("escaping_checker", "checker check.sh", "exit code 5"),
    (
        "spinning_interactor",
        "interactor interactor.c",
        "ran out of time",
    ),
    (
        "forking_interactor",
        "interactor interactor.c",
        "ran out of time",
    ),
    (
        "nondeterministic_generator",
        "generator generate.c",
        "is not deterministic",
    ),
];

#[test]
fn hostile_problem_programs_are_contained_and_named_in_a_judge_error() {
    let hostile = project("hostile");
    for (problem, program, why) in HOSTILE {
        let solution = hostile
            .join("solutions")
            .join(problem)
            .join("judge_error/sum.c");
        let started = Instant::now();
        let (code, json, text) = grade_in(&hostile, &solution, problem, &["--jobs", "1"]);
        assert!(!text.contains("panicked"), "{problem}: {text}");
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{problem} took {:?}",
            started.elapsed()
        );
        assert_eq!(code, 1, "{problem}: {text}");
        assert_eq!(json["verdict"], "JE", "{problem}: {text}");
        let failed = json["tests"]
            .as_array()
            .and_then(|tests| tests.iter().find(|t| t["verdict"] == "JE"))
            .unwrap_or_else(|| panic!("{problem}: no JE test\n{text}"));
        let message = failed["message"].as_str().unwrap_or_default();
        assert!(
            message.contains(program) && message.contains(why),
            "{problem}: the message should name the {program} and say it {why}: {message:?}"
        );
    }
    // Nothing the escaping checker tried to write exists.
    for place in [
        hostile.join("problems/escaping_checker/escaped.txt"),
        PathBuf::from("/etc/escaped.txt"),
        PathBuf::from("/root/escaped.txt"),
    ] {
        assert!(!place.exists(), "{} was written", place.display());
    }
}

#[test]
fn gen_validate_and_solve_run_a_problem_of_programs() {
    let parts = project("parts");
    let first = judge_in(
        &parts,
        &[
            "gen", "pairsum", "--seed", "3", "--index", "1", "--size", "1",
        ],
    );
    let second = judge_in(
        &parts,
        &[
            "gen", "pairsum", "--seed", "3", "--index", "1", "--size", "1",
        ],
    );
    assert_eq!(first.status.code(), Some(0), "{}", show(&first));
    assert_eq!(
        first.stdout, second.stdout,
        "the same arguments give the same test"
    );
    let other = judge_in(
        &parts,
        &[
            "gen", "pairsum", "--seed", "4", "--index", "1", "--size", "1",
        ],
    );
    assert_ne!(first.stdout, other.stdout);

    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("t.in");
    std::fs::write(&input, &first.stdout).unwrap();
    let input_arg = input.to_string_lossy().into_owned();
    let valid = judge_in(&parts, &["validate", "pairsum", &input_arg]);
    assert_eq!(valid.status.code(), Some(0), "{}", show(&valid));
    let solved = judge_in(&parts, &["solve", "pairsum", &input_arg]);
    assert_eq!(solved.status.code(), Some(0), "{}", show(&solved));
    let answer = String::from_utf8_lossy(&solved.stdout).into_owned();
    assert!(
        answer.trim() == "-1" || answer.split_whitespace().count() == 2,
        "{answer:?}"
    );

    let bad = dir.path().join("bad.in");
    std::fs::write(&bad, "3 5\n1 2\n").unwrap();
    let invalid = judge_in(&parts, &["validate", "pairsum", &bad.to_string_lossy()]);
    assert_eq!(invalid.status.code(), Some(1), "{}", show(&invalid));
    let text = String::from_utf8_lossy(&invalid.stdout);
    assert!(
        text.contains("invalid")
            && text.contains("validator validate.py")
            && text.contains("3 numbers"),
        "{text}"
    );
}

#[test]
fn the_references_answers_are_cached_and_not_computed_again() {
    // A copy of the parts project with a compile cache of its own.
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("parts");
    common::copy_tree(&project("parts").join("problems"), &copy.join("problems"));
    let runner = std::fs::read_to_string(project("parts").join("runner.toml"))
        .unwrap()
        .replace("\"../../../.judge-cache\"", "\".cache\"");
    std::fs::write(copy.join("runner.toml"), runner).unwrap();
    let solution = project("parts").join("solutions/pairsum/accepted/hash.cpp");
    let args = ["--tests", "random", "--count", "3", "--all", "--jobs", "1"];
    let (code, _, text) = grade_in(&copy, &solution, "pairsum", &args);
    assert_eq!(code, 0, "{text}");
    let answers: Vec<PathBuf> = std::fs::read_dir(copy.join(".cache/answers"))
        .unwrap_or_else(|e| panic!("no answers cached: {e}\n{text}"))
        .map(|e| e.unwrap().path())
        // Not judge's marker of its own folder.
        .filter(|path| !path.ends_with(".judge-made"))
        .collect();
    assert_eq!(answers.len(), 3, "{answers:?}");
    // Were the reference run again, these would be replaced by its right answers.
    for answer in &answers {
        std::fs::write(answer, "7 8\n").unwrap();
    }
    let (code, json, text) = grade_in(&copy, &solution, "pairsum", &args);
    assert_eq!(code, 1, "{text}");
    let verdicts: Vec<&str> = json["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["verdict"].as_str().unwrap())
        .collect();
    // The test without a pair (index 2) now expects a pair: WA; the others' pairs are checked
    // against the input, which the cached answer does not change.
    assert_eq!(verdicts, ["AC", "AC", "WA"], "{text}");
}

#[test]
fn stress_finds_and_shrinks_a_failure_without_a_problem_specific_shrinker() {
    let parts = project("parts");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("failures");
    let solution = parts.join("solutions/pairsum/wrong_answer/zero_based.cpp");
    let output = judge_in(
        &parts,
        &[
            "stress",
            &solution.to_string_lossy(),
            "--problem",
            "pairsum",
            "--count",
            "20",
            "--shrink-budget",
            "200",
            "--out",
            &out.to_string_lossy(),
        ],
    );
    let text = show(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("fails: WA"), "{text}");
    let saved: Vec<PathBuf> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    assert_eq!(saved.len(), 1, "{text}");
    let minimal = std::fs::read_to_string(&saved[0]).unwrap();
    // Two numbers are all a failing pair needs; the generator's smallest test has two.
    let count: usize = minimal.split_whitespace().next().unwrap().parse().unwrap();
    assert!(count <= 3, "not shrunk: {minimal:?}\n{text}");
    let valid = judge_in(
        &parts,
        &["validate", "pairsum", &saved[0].to_string_lossy()],
    );
    assert_eq!(valid.status.code(), Some(0), "{}", show(&valid));
    let again = grade_in(
        &parts,
        &solution,
        "pairsum",
        &["--tests-dir", &out.to_string_lossy()],
    );
    assert_eq!(again.1["verdict"], "WA", "{}", again.2);
}
