//! End-to-end tests of the commands around grading, on the real `problems/` folders: `list`,
//! `gen`, `solve`, `validate`, and how `judge` ends when its reader goes away.

use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{judge, repo};

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

/// The commands `judge --help` lists (without `help`).
fn commands_in_help() -> Vec<String> {
    let help = stdout(&judge(&["--help"]));
    help.lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|command| *command != "help")
        .map(str::to_string)
        .collect()
}

/// The exit codes of a table that follows a heading (the guide's `| code | meaning |`).
fn guide_exit_codes() -> Vec<u8> {
    let guide = std::fs::read_to_string(repo().join("docs/guide/exit-codes.md")).unwrap();
    guide
        .lines()
        .skip_while(|line| *line != "## Exit codes")
        .skip_while(|line| !line.starts_with("| code |"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| line.split('|').nth(1).unwrap().trim().parse().unwrap())
        .collect()
}

#[test]
fn the_exit_codes_of_help_and_the_guide_are_one_table() {
    let output = judge(&["--help"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output));
    let help = stdout(&output);
    let in_help: Vec<u8> = help
        .lines()
        .skip_while(|line| !line.starts_with("Exit codes:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .map(|line| line.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(in_help, [0, 1, 2, 130], "{help}");
    assert_eq!(guide_exit_codes(), in_help);
}

/// One command line and the code it must end with.
struct Case {
    args: Vec<String>,
    code: i32,
    /// Run in this folder instead of the repository.
    cwd: Option<std::path::PathBuf>,
}

fn case(args: &[&str], code: i32) -> Case {
    Case {
        args: args.iter().map(|a| a.to_string()).collect(),
        code,
        cwd: None,
    }
}

/// Every command `judge --help` lists ends with a code of the table: at least one case of
/// each command, with 0, 1 and 2 wherever the command can come to them quickly (130 is
/// `tests/e2e/interrupt.rs`'s, for every command that runs programs).
#[test]
fn every_command_ends_with_a_code_of_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let tmp = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let ac = "solutions/boj2615/accepted/scan.py";
    let wa = "solutions/boj2615/wrong_answer/rising_upper_end.py";
    let sample = "problems/boj2615/samples/official-1.in";
    let greedy = "solutions/boj28489/accepted/greedy_lookahead.py";
    let fixed = "solutions/boj28489/wrong_answer/fixed_order.py";
    std::fs::write(tmp("invalid.in"), "1 2 3\n").unwrap();
    // A package that keeps only its generators, and one whose generator fails.
    let sumgen = repo().join("tests/generators/sumgen");
    crate::common::copy_tree(&sumgen, &dir.path().join("gen-ok"));
    crate::common::copy_tree(&sumgen, &dir.path().join("gen-fail"));
    let failing = dir.path().join("gen-fail/generators");
    std::fs::write(failing.join("pair.py"), "import sys\nsys.exit(3)\n").unwrap();
    let transcript = "tests/corpus/transcript/greedy-game-0.txt";
    // The same game's first moves, then tiles dropped on cell 5 until it is taken.
    let original = std::fs::read_to_string(repo().join(transcript)).unwrap();
    let mut broken: Vec<&str> = original.lines().take(3).collect();
    broken.extend(["5 LEFT"; 3]);
    std::fs::write(tmp("broken.txt"), broken.join("\n") + "\n").unwrap();
    // A project of its own for the commands that write into one.
    let project = dir.path().join("project");
    let part = tmp("part.json");
    // Two projects whose solutions/ verify matches and does not.
    let verify_project = |name: &str, files: &[(&str, &str)]| {
        let root = dir.path().join(name);
        std::fs::create_dir_all(&root).unwrap();
        std::fs::copy(repo().join("runner.toml"), root.join("runner.toml")).unwrap();
        for (from, to) in files {
            let to = root.join("solutions/boj2615").join(to);
            std::fs::create_dir_all(to.parent().unwrap()).unwrap();
            std::fs::copy(repo().join(from), to).unwrap();
        }
        root
    };
    let verified = verify_project(
        "verified",
        &[(ac, "accepted/scan.py"), (wa, "wrong_answer/rising.py")],
    );
    let mismatched = verify_project("mismatched", &[(wa, "accepted/rising.py")]);
    let in_folder = |folder: &std::path::Path, args: &[&str], code: i32| Case {
        cwd: Some(folder.to_path_buf()),
        ..case(args, code)
    };

    let cases = vec![
        case(&["test", ac, "--count", "1"], 0),
        case(&["test", wa], 1),
        case(&["test", "no-such-solution.py", "--problem", "boj2615"], 2),
        case(
            &[
                "test", ac, "--count", "1", "--shard", "0/1", "--json", &part,
            ],
            0,
        ),
        case(&["merge", &part], 0),
        case(&["merge", "tests/corpus/merge/tests/part-0.json"], 2),
        case(
            &[
                "grade",
                "--problem",
                "boj2615",
                ac,
                "--count",
                "1",
                "--results",
                &tmp("r1"),
            ],
            0,
        ),
        case(
            &["grade", "--problem", "boj2615", wa, "--results", &tmp("r2")],
            1,
        ),
        case(&["grade", "--problem", "no-such-problem", ac], 2),
        case(&["gen", "boj2615", "--index", "0"], 0),
        case(&["gen", "no-such-problem", "--index", "0"], 2),
        case(&["generate", &tmp("gen-ok")], 0),
        case(&["generate", &tmp("gen-fail")], 1),
        case(&["generate", &tmp("no-such-package")], 2),
        case(&["solve", "boj2615", sample], 0),
        case(&["solve", "boj2615", &tmp("invalid.in")], 1),
        case(&["solve", "boj2615", &tmp("no-such.in")], 2),
        case(&["validate", "boj2615", sample], 0),
        case(&["validate", "boj2615", &tmp("invalid.in")], 1),
        case(&["validate", "no-such-problem", sample], 2),
        case(&["list"], 0),
        case(&["show", "boj2615"], 0),
        case(&["show", "no-such-problem"], 2),
        case(&["replay", transcript, "--quiet"], 0),
        case(&["replay", &tmp("broken.txt"), "--quiet"], 1),
        case(&["replay", &tmp("no-such.txt")], 2),
        case(
            &[
                "compare",
                greedy,
                fixed,
                "--problem",
                "boj28489",
                "--games",
                "1",
            ],
            0,
        ),
        case(&["compare", "a.py", "b.py", "--problem", "boj2615"], 2),
        in_folder(&verified, &["verify", "boj2615", "--count", "1"], 0),
        in_folder(&mismatched, &["verify", "boj2615", "--count", "1"], 1),
        case(&["verify", "no-such-problem"], 2),
        case(
            &["stress", wa, "--count", "200", "--out", &tmp("stress-wa")],
            1,
        ),
        case(
            &["stress", ac, "--count", "3", "--out", &tmp("stress-ac")],
            0,
        ),
        case(
            &["stress", "no-such-solution.py", "--problem", "boj2615"],
            2,
        ),
        case(&["bench", "--tiny-tests", "0"], 2),
        case(&["config"], 0),
        case(&["--config", &tmp("no-such.toml"), "config"], 2),
        case(&["init", &project.to_string_lossy()], 0),
        case(&["init", &project.to_string_lossy()], 2),
        in_folder(&project, &["new", "fresh"], 0),
        in_folder(&project, &["new", "not an id"], 2),
        in_folder(&project, &["clean"], 0),
        case(
            &[
                "export",
                "boj2615",
                "--kattis",
                &tmp("kattis"),
                "--count",
                "1",
            ],
            0,
        ),
        case(
            &["export", "no-such-problem", "--kattis", &tmp("kattis-2")],
            2,
        ),
        case(&["completions", "bash"], 0),
        case(&["completions", "no-such-shell"], 2),
        case(&["man"], 0),
        case(&["man", &tmp("man-pages")], 0),
        case(&["no-such-command"], 2),
    ];

    let mut wrong = Vec::new();
    for case in &cases {
        let output = Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(&case.args)
            .current_dir(case.cwd.clone().unwrap_or_else(repo))
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .output()
            .expect("judge runs");
        if output.status.code() != Some(case.code) {
            wrong.push(format!(
                "judge {} should exit {}:\n{}",
                case.args.join(" "),
                case.code,
                text(&output)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
    for command in commands_in_help() {
        assert!(
            cases.iter().any(|case| case.args.contains(&command)),
            "no case for `judge {command}`: add one"
        );
    }
}
