//! End-to-end tests of a newcomer's first hour (issue 25), from an empty folder outside any
//! project: a folder of downloaded tests graded with no problem (`judge test --tests-dir`,
//! `judge grade --tests-dir`), the reasons every verdict carries, and the command line's own
//! documentation (help on every argument, completions, man pages, `--json`).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{show, User};

fn user() -> User {
    User::sharing_cache(
        "judge-newcomer-",
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("newcomer-cache"),
    )
}

fn judge_in(user: &User, cwd: &Path, args: &[&str]) -> Output {
    user.command(Path::new(env!("CARGO_BIN_EXE_judge")), cwd, args)
        .output()
        .expect("judge runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const A_PLUS_B: &str = "a, b = map(int, input().split())\nprint(a + b)\n";

/// Writes `files` (path, contents) under `dir`.
fn write_all(dir: &Path, files: &[(&str, &str)]) {
    for (path, contents) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, contents).unwrap();
    }
}

#[test]
fn a_folder_of_downloaded_tests_is_graded_with_no_problem() {
    let user = user();
    let work = user.work();
    write_all(
        &work,
        &[
            ("sol.py", A_PLUS_B),
            // oj's names, CSES's, and those of other downloads, with answers as .out.
            ("oj/sample-1.in", "1 2\n"),
            ("oj/sample-1.out", "3\n"),
            ("oj/sample-2.in", "5 5\n"),
            ("oj/sample-2.out", "10\n"),
            ("cses/1.in", "1 1\n"),
            ("cses/1.out", "2\n"),
            ("cses/10.in", "2 2\n"),
            ("cses/10.out", "4\n"),
            ("cses/2.in", "3 3\n"),
            ("cses/2.out", "6\n"),
            ("txt/input1.txt", "7 8\n"),
            ("txt/output1.txt", "15\n"),
            ("split/in/a.txt", "1 1\n"),
            ("split/out/a.txt", "2\n"),
        ],
    );
    for (dir, count) in [("oj", 2), ("cses", 3), ("txt", 1), ("split", 1)] {
        let json = work.join(format!("{dir}.json"));
        let output = judge_in(
            &user,
            &work,
            &[
                "test",
                "sol.py",
                "--tests-dir",
                dir,
                "--json",
                json.to_str().unwrap(),
            ],
        );
        assert_eq!(output.status.code(), Some(0), "{}", show(&output));
        let stderr = text(&output.stderr);
        assert!(
            stderr.contains("CPU time limit 1000 ms (defaults.time_limit_seconds")
                && stderr.contains("memory limit 256 MiB")
                && stderr.contains("token by token"),
            "{stderr}"
        );
        let stdout = text(&output.stdout);
        assert!(
            stdout.contains(&format!("AC  {count}/{count} tests passed")),
            "{stdout}"
        );
        let report: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
        let names: Vec<&str> = report["tests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        if dir == "cses" {
            // Natural order: 2 before 10.
            assert_eq!(names, ["1", "2", "10"], "{report}");
        }
    }
    // Token-wise: other whitespace is no error.
    write_all(
        &work,
        &[("spaced/1.in", "1 2\n"), ("spaced/1.ans", "  3 \n\n")],
    );
    let output = judge_in(&user, &work, &["test", "sol.py", "--tests-dir", "spaced"]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    // The configuration's limits, and --time-limit over them, are said.
    let output = judge_in(
        &user,
        &work,
        &["test", "sol.py", "--tests-dir", "oj", "--time-limit", "2"],
    );
    assert!(
        text(&output.stderr).contains("CPU time limit 2000 ms (from the command line)"),
        "{}",
        show(&output)
    );
    // `judge grade` takes the folder alone too.
    write_all(
        &work,
        &[("subs/good.py", A_PLUS_B), ("subs/bad.py", "print(0)\n")],
    );
    let output = judge_in(&user, &work, &["grade", "--tests-dir", "cses", "subs"]);
    assert_eq!(output.status.code(), Some(1), "{}", show(&output));
    let stdout = text(&output.stdout);
    assert!(
        stdout.contains("3/3") && stdout.contains("WA"),
        "{}",
        show(&output)
    );
    let output = judge_in(&user, &work, &["grade", "subs"]);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
}

#[test]
fn a_missing_answer_names_the_first_test_and_what_is_there() {
    let user = user();
    let work = user.work();
    let mut files = vec![("sol.py".to_string(), A_PLUS_B.to_string())];
    for i in 1..=100 {
        files.push((format!("t/t{i:03}.in"), "1 1\n".into()));
        // Tests 7 and 84 have answers under names judge does not take.
        let answer = match i {
            7 => format!("t/t{i:03}.expected"),
            84 => format!("t/t{i:03}.a"),
            _ => format!("t/t{i:03}.out"),
        };
        files.push((answer, "2\n".into()));
    }
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, c)| (p.as_str(), c.as_str()))
        .collect();
    write_all(&work, &borrowed);
    let output = judge_in(&user, &work, &["test", "sol.py", "--tests-dir", "t"]);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    let stderr = text(&output.stderr);
    let error = stderr.lines().last().unwrap();
    assert!(
        error.contains("test t007.in is the first without an answer")
            && error.contains("no t007.ans, t007.out")
            && error.contains("t007.expected is there"),
        "{stderr}"
    );
    assert!(!error.contains("t084"), "{stderr}");
    let output = judge_in(&user, &work, &["test", "sol.py", "--tests-dir", "sol.py"]);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    std::fs::create_dir(work.join("empty")).unwrap();
    let output = judge_in(&user, &work, &["test", "sol.py", "--tests-dir", "empty"]);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    assert!(
        text(&output.stderr).contains("no tests here"),
        "{}",
        show(&output)
    );
}

#[test]
fn every_verdict_of_a_run_carries_its_reason_in_every_report() {
    let user = user();
    let work = user.work();
    write_all(
        &work,
        &[
            ("tests/1.in", "1 2\n"),
            ("tests/1.ans", "3\n"),
            (
                "subs/crash.py",
                "import sys\nx = []\ntry:\n    print(x[5])\nexcept IndexError as e:\n    \
                 sys.stderr.write(\"\\x1b[2J\" + str(e) + \"\\n\")\n    sys.exit(1)\n",
            ),
            ("subs/spin.c", "int main(void) { for (;;) {} }\n"),
            (
                "subs/hog.c",
                "#include <stdio.h>\n#include <stdlib.h>\nint main(void) { int n = 400 << 20; \
                 char *p = malloc(n); if (!p) return 3; for (int i = 0; i < n; i++) p[i] = i; \
                 printf(\"%d\\n\", p[rand() % n]); }\n",
            ),
            (
                "subs/segv.c",
                "#include <signal.h>\nint main(void) { raise(SIGSEGV); }\n",
            ),
        ],
    );
    let (json, html) = (work.join("g.json"), work.join("g.html"));
    let output = judge_in(
        &user,
        &work,
        &[
            "grade",
            "--tests-dir",
            "tests",
            "subs",
            "--time-limit",
            "0.3",
            "--memory-limit",
            "64",
            "--json",
            json.to_str().unwrap(),
            "--html",
            html.to_str().unwrap(),
        ],
    );
    assert_eq!(output.status.code(), Some(1), "{}", show(&output));
    let stdout = text(&output.stdout);
    let expected = [
        ("subs/crash.py", "exit code 1; standard error ends: "),
        ("subs/crash.py", "list index out of range"),
        ("subs/segv.c", "killed by SIGSEGV (signal 11)"),
        ("subs/spin.c", "ms of 300 ms, wall "),
        ("subs/hog.c", "MiB of 64.0 MiB"),
    ];
    for (submission, reason) in expected {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&format!("  {submission}: ")))
            .unwrap_or_else(|| panic!("no reason for {submission}: {stdout}"));
        assert!(line.contains(reason), "{line}");
    }
    // The program's escape sequence is written out, not sent to the terminal.
    assert!(!stdout.contains('\u{1b}'), "{stdout:?}");
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let html = std::fs::read_to_string(&html).unwrap();
    for submission in report["submissions"].as_array().unwrap() {
        let test = &submission["graded"]["tests"]["tests"][0];
        let message = test["message"].as_str().unwrap_or("");
        let name = submission["name"].as_str().unwrap();
        let (_, reason) = expected.iter().find(|(s, _)| *s == name).unwrap();
        assert!(message.contains(reason), "{name}: {test}");
        assert!(
            message.contains("\\u{1b}[2J") || !name.ends_with(".py"),
            "{message}"
        );
        let escaped = message.replace('&', "&amp;").replace('"', "&quot;");
        assert!(
            html.contains(&escaped) || html.contains(&message.replace('&', "&amp;")),
            "the HTML report lacks {message:?}"
        );
    }
    // `judge test` shows the reason on the test's row.
    let output = judge_in(
        &user,
        &work,
        &[
            "test",
            "subs/spin.c",
            "--tests-dir",
            "tests",
            "--time-limit",
            "0.3",
        ],
    );
    assert_eq!(output.status.code(), Some(1), "{}", show(&output));
    let stdout = text(&output.stdout);
    let row = stdout.lines().find(|l| l.starts_with("1 ")).unwrap();
    assert!(
        row.contains("TLE") && row.contains("ms of 300 ms"),
        "{stdout}"
    );
}

#[test]
fn completions_and_man_pages_come_from_the_command_line_itself() {
    let user = user();
    let work = user.work();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = judge_in(&user, &work, &["completions", shell]);
        assert_eq!(output.status.code(), Some(0), "{}", show(&output));
        let script = text(&output.stdout);
        for word in ["grade", "verify", "--tests-dir"] {
            assert!(script.contains(word), "{shell} completions lack {word}");
        }
    }
    let output = judge_in(&user, &work, &["completions", "tcsh"]);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    let output = judge_in(&user, &work, &["man"]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let page = text(&output.stdout);
    assert!(
        page.starts_with(".ie") || page.contains(".TH judge"),
        "{page}"
    );
    let output = judge_in(&user, &work, &["man", "pages"]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    for name in [
        "judge.1",
        "judge-test.1",
        "judge-grade.1",
        "judge-completions.1",
    ] {
        let page = std::fs::read_to_string(work.join("pages").join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(page.contains(".TH"), "{name}: {page}");
    }
    let test_page = std::fs::read_to_string(work.join("pages/judge-test.1")).unwrap();
    assert!(test_page.contains("tests\\-dir"), "{test_page}");
    // Exit codes are in the main help.
    let output = judge_in(&user, &work, &["--help"]);
    let help = text(&output.stdout);
    assert!(
        help.contains("Exit codes") && help.contains("130"),
        "{help}"
    );
}

#[test]
fn reporting_commands_write_json() {
    let user = user();
    let work = user.work();
    let repo = common::repo();
    // validate
    write_all(
        &work,
        &[("good.in", "3\n2 2 2\n4 4 4\n8 8 8\n"), ("bad.in", "x\n")],
    );
    let json = work.join("validate.json");
    let output = judge_in(
        &user,
        &work,
        &[
            "validate",
            "boj12100",
            "good.in",
            "bad.in",
            "--json",
            json.to_str().unwrap(),
        ],
    );
    assert_eq!(output.status.code(), Some(1), "{}", show(&output));
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let results: Vec<&str> = report["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["result"].as_str().unwrap())
        .collect();
    assert_eq!(results, ["valid", "invalid"], "{report}");
    // stress, on a solution that fails at once
    let json = work.join("stress.json");
    let wrong = repo.join("solutions/boj12100/wrong_answer");
    let wrong = std::fs::read_dir(&wrong)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "cpp" || e == "py"))
        .unwrap();
    let output = judge_in(
        &user,
        &work,
        &[
            "stress",
            wrong.to_str().unwrap(),
            "--problem",
            "boj12100",
            "--count",
            "200",
            "--shrink-budget",
            "20",
            "--json",
            json.to_str().unwrap(),
        ],
    );
    assert_eq!(output.status.code(), Some(1), "{}", show(&output));
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert!(
        report["failure"]["minimal"]["verdict"].is_string(),
        "{report}"
    );
    // compare, and the games table in plan order
    let json = work.join("compare.json");
    let greedy = repo.join("solutions/boj28489/wrong_answer/greedy_one_move.c");
    let output = judge_in(
        &user,
        &work,
        &[
            "compare",
            greedy.to_str().unwrap(),
            greedy.to_str().unwrap(),
            "--problem",
            "boj28489",
            "--games",
            "4",
            "--json",
            json.to_str().unwrap(),
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(report["games"].as_array().unwrap().len(), 4, "{report}");
    assert_eq!(report["mean_difference"].as_f64(), Some(0.0), "{report}");
    let output = judge_in(
        &user,
        &work,
        &[
            "test",
            greedy.to_str().unwrap(),
            "--problem",
            "boj28489",
            "--games",
            "12",
            "--jobs",
            "4",
        ],
    );
    let stdout = text(&output.stdout);
    let games: Vec<u64> = stdout
        .lines()
        .skip_while(|l| !l.starts_with("game "))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(games, (0..12).collect::<Vec<u64>>(), "{stdout}");
}
