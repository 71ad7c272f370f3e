//! The CPU time judge gives a submission of an interactive package is the submission's own:
//! the same program joined to the same interactor by two plain pipes and timed with `wait4`
//! (tests/programs/plain_wait4.py, what problemtools' `interactive` does) gets the same figure,
//! within 10 %. The package (tests/kattis/interactivecpu) has three tests: `work`, three rounds
//! of about 150 ms of CPU each; `talk`, 50 000 short rounds (a relay of the grader's between
//! the two programs charged them 60 % more); `wait`, four rounds in which the submission waits
//! half a second for the interactor (the keeper's polling in the run's cgroup was charged to
//! it, several times its own millisecond).

mod common;

use std::path::Path;
use std::process::Command;

use common::{repo, show};

const PACKAGE: &str = "tests/kattis/interactivecpu";
const TESTS: [&str; 3] = ["work", "talk", "wait"];

/// Compiles a C file of the package with gcc -O2 into `dir`.
fn compile(source: &str, dir: &Path, name: &str) -> String {
    let binary = dir.join(name);
    let output = Command::new("gcc")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(repo().join(PACKAGE).join(source))
        .output()
        .expect("gcc runs");
    assert!(output.status.success(), "{}", show(&output));
    binary.to_string_lossy().into_owned()
}

/// The solution's CPU time in a plain run of test `name`, microseconds.
fn plain_cpu_us(interactor: &str, solution: &str, name: &str, feedback: &Path) -> u64 {
    let data = repo().join(PACKAGE).join("data/secret");
    let output = Command::new("python3")
        .arg(common::program("plain_wait4.py"))
        .arg(interactor)
        .arg(data.join(format!("{name}.in")))
        .arg(data.join(format!("{name}.ans")))
        .arg(format!("{}/", feedback.display()))
        .arg(";")
        .arg(solution)
        .output()
        .expect("python3 runs");
    // The interactor accepts (42).
    assert_eq!(output.status.code(), Some(42), "{name}: {}", show(&output));
    String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("{name}: {}", show(&output)))
}

#[test]
fn interactive_cpu_time_is_the_submissions_own() {
    let dir = tempfile::tempdir().unwrap();
    let feedback = dir.path().join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    // One binary for both runs: judge takes a ready executable as the submission.
    let solution = compile("submissions/accepted/rounds.c", dir.path(), "rounds");
    let interactor = compile(
        "output_validators/interactor/interactor.c",
        dir.path(),
        "interactor",
    );
    // The CPU time of the same program varies a little from run to run with what else the
    // machine does: the plain run is made before and after judge's, and judge's figure must
    // be within 10 % of one of them (and 1 ms, the report's resolution).
    let before: Vec<u64> = TESTS
        .iter()
        .map(|name| plain_cpu_us(&interactor, &solution, name, &feedback))
        .collect();
    let (code, json, text) = common::grade(
        &solution,
        &[
            "--problem",
            PACKAGE,
            "--time-limit",
            "10",
            "--jobs",
            "1",
            "--all",
        ],
    );
    assert_eq!(code, 0, "{text}");
    let after: Vec<u64> = TESTS
        .iter()
        .map(|name| plain_cpu_us(&interactor, &solution, name, &feedback))
        .collect();
    for (index, name) in TESTS.iter().enumerate() {
        let test = json["tests"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == format!("secret/{name}"))
            .unwrap_or_else(|| panic!("no secret/{name}: {text}"));
        assert_eq!(test["verdict"], "AC", "{name}: {text}");
        let judged_us = test["cpu_ms"].as_u64().unwrap() * 1000;
        let (low, high) = (
            before[index].min(after[index]),
            before[index].max(after[index]),
        );
        let lowest = (low * 9 / 10).saturating_sub(1000);
        let highest = high * 11 / 10 + 1000;
        assert!(
            (lowest..=highest).contains(&judged_us),
            "{name}: judge {judged_us} us, plain wait4 {} and {} us\n{text}",
            before[index],
            after[index]
        );
    }
}
