//! End-to-end tests of the commands around grading, on the real `problems/` folders: `list`,
//! `gen`, `solve`, `validate`, and how `judge` ends when its reader goes away.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{judge, repo};

fn text(output: &Output) -> String {
    format!(
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn list_shows_every_bundled_problem() {
    let output = judge(&["list"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let listed = stdout(&output);
    for (id, kind, checker) in [
        ("blockgame", "batch", "tokens"),
        ("boj12100", "batch", "tokens"),
        ("boj1525", "batch", "tokens"),
        ("boj2615", "batch", "tokens"),
        ("boj28489", "interactive", "interactor"),
    ] {
        let line = listed
            .lines()
            .find(|l| l.starts_with(id))
            .unwrap_or_else(|| panic!("{id} is not listed\n{listed}"));
        assert!(
            line.contains(kind) && line.contains(checker),
            "{id}: {line}"
        );
    }
}

/// A project with the bundled runner.toml, two good problems and one broken one.
fn project_with_a_broken_problem() -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    std::fs::copy(repo().join("runner.toml"), root.path().join("runner.toml")).unwrap();
    for id in ["boj1525", "boj2615"] {
        let dir = root.path().join("problems").join(id);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::copy(
            repo().join("problems").join(id).join("problem.toml"),
            dir.join("problem.toml"),
        )
        .unwrap();
    }
    let broken = root.path().join("problems/broken");
    std::fs::create_dir_all(&broken).unwrap();
    std::fs::write(broken.join("problem.toml"), "id = \"broken\"\ntitle = 3\n").unwrap();
    root
}

#[test]
fn list_names_a_broken_problem_and_still_lists_the_others() {
    let root = project_with_a_broken_problem();
    let config = root.path().join("runner.toml");
    let output = judge(&["--config", &config.to_string_lossy(), "list"]);
    assert_eq!(output.status.code(), Some(2), "{}", text(&output));
    let listed = stdout(&output);
    assert!(
        listed.contains("boj1525") && listed.contains("boj2615"),
        "{listed}"
    );
    let broken = listed
        .lines()
        .find(|l| l.starts_with("broken"))
        .unwrap_or_else(|| panic!("the broken problem is not named\n{listed}"));
    assert!(
        broken.contains("problem.toml") && broken.contains("title"),
        "{broken}"
    );
}

#[test]
fn gen_prints_the_same_test_every_time_and_it_is_valid() {
    let first = judge(&["gen", "boj12100", "--seed", "7", "--index", "12"]);
    let second = judge(&["gen", "boj12100", "--seed", "7", "--index", "12"]);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first));
    assert_eq!(first.stdout, second.stdout);
    let other = judge(&["gen", "boj12100", "--seed", "8", "--index", "12"]);
    assert_ne!(first.stdout, other.stdout, "the seed changes the test");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.in");
    std::fs::write(&file, &first.stdout).unwrap();
    let validated = judge(&["validate", "boj12100", &file.to_string_lossy()]);
    assert_eq!(validated.status.code(), Some(0), "{}", text(&validated));
    assert!(stdout(&validated).contains("valid"));
}

#[test]
fn gen_writes_tests_whose_answers_the_reference_gives() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tests");
    let output = judge(&[
        "gen",
        "boj1525",
        "--seed",
        "3",
        "--count",
        "4",
        "--out",
        &out.to_string_lossy(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    for name in ["001", "002", "003", "004"] {
        let input = out.join(format!("{name}.in"));
        let answer = std::fs::read(out.join(format!("{name}.ans"))).unwrap();
        let solved = judge(&["solve", "boj1525", &input.to_string_lossy()]);
        assert_eq!(solved.status.code(), Some(0), "{}", text(&solved));
        assert_eq!(solved.stdout, answer, "{name}");
    }
    assert!(!out.join("005.in").exists());
}

#[test]
fn solve_reads_standard_input_and_refuses_an_invalid_one() {
    let sample = std::fs::read(repo().join("problems/boj1525/samples/edge-two-moves.in")).unwrap();
    let answer = std::fs::read(repo().join("problems/boj1525/samples/edge-two-moves.ans")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["solve", "boj1525"])
        .current_dir(repo())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &sample).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(output.stdout, answer);

    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.in");
    std::fs::write(&bad, "1 2 3\n").unwrap();
    let refused = judge(&["solve", "boj1525", &bad.to_string_lossy()]);
    assert_eq!(refused.status.code(), Some(1), "{}", text(&refused));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("invalid input"));
}

#[test]
fn a_closed_standard_output_ends_judge_quietly() {
    // `judge test ... --all | head -2`: once head has gone, the next row cannot be written.
    // That used to panic ("failed printing to stdout: Broken pipe", exit 101).
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args([
            "test",
            "solutions/boj12100/accepted/dfs.cpp",
            "--all",
            "--jobs",
            "1",
        ])
        .current_dir(repo())
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap());
    for _ in 0..2 {
        let mut line = String::new();
        lines.read_line(&mut line).unwrap();
    }
    drop(lines);
    let started = Instant::now();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.trim().is_empty(), "not quiet: {stderr}");
    assert!(started.elapsed() < Duration::from_secs(30));
}
