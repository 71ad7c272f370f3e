//! End-to-end tests of what a newcomer does first, from an empty folder outside any project
//! (HOME and the XDG folders in temporary folders, as tests/e2e/install.rs does): `judge new` in
//! every language and kind, `judge verify` and `judge test` on what it wrote at once, the
//! same inside a project, `judge show` of a bundled problem, a problem folder and a Kattis
//! package, and `judge export --kattis` of problems made of programs, read back by `judge
//! verify` (and by problemtools' `verifyproblem` where it is installed).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{show, User};

/// What judge is run as: a user whose compile cache the tests of this file share (it is
/// keyed by content).
fn user() -> User {
    User::sharing_cache(
        "judge-scaffold-",
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("scaffold-cache"),
    )
}

trait Newcomer {
    fn judge_in(&self, cwd: &Path, args: &[&str]) -> Output;
    fn judge(&self, args: &[&str]) -> Output;
}

impl Newcomer for User {
    /// Runs `judge ARGS` in `cwd` as this user.
    fn judge_in(&self, cwd: &Path, args: &[&str]) -> Output {
        self.command(Path::new(env!("CARGO_BIN_EXE_judge")), cwd, args)
            .output()
            .expect("judge runs")
    }

    fn judge(&self, args: &[&str]) -> Output {
        self.judge_in(&self.work(), args)
    }
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn assert_code(output: &Output, code: i32) {
    assert_eq!(output.status.code(), Some(code), "{}", show(output));
}

/// `judge verify` said every solution got its folder's verdict, and how many there were.
fn assert_verified(output: &Output, solutions: usize) {
    assert_code(output, 0);
    let text = stdout(output);
    assert!(text.contains("0 mismatches"), "{}", show(output));
    assert_eq!(
        text.lines()
            .filter(|l| l.trim_end().ends_with(" ok"))
            .count(),
        solutions,
        "{}",
        show(output)
    );
}

/// The one file in a folder.
fn only_file(dir: &Path) -> PathBuf {
    let files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{}: {files:?}", dir.display());
    files[0].clone()
}

/// Every kind in every language: `judge new` in an empty folder outside a project writes a
/// problem that `judge verify` passes at once (the accepted solution accepted, the wrong one
/// caught), whose solution `judge test` grades without `--problem`, and which `judge verify`
/// also checks from inside its folder.
#[test]
fn a_new_problem_in_an_empty_folder_works_at_once() {
    for (name, extra) in [
        ("aplusb", vec![]),
        ("aplusb-py", vec!["--lang", "py"]),
        ("guess", vec!["--interactive"]),
        ("guess-py", vec!["--interactive", "--lang", "python"]),
    ] {
        let user = user();
        let mut args = vec!["new", name];
        args.extend_from_slice(&extra);
        let made = user.judge(&args);
        assert_code(&made, 0);
        assert!(
            stdout(&made).contains(&format!("judge verify ./{name}")),
            "{}",
            show(&made)
        );
        let dir = user.work().join(name);
        let toml = std::fs::read_to_string(dir.join("problem.toml")).unwrap();
        for part in ["[generator]", "[validator]", "convention"] {
            assert!(toml.contains(part), "{name}: no {part}");
        }
        let verified = user.judge(&["verify", &format!("./{name}"), "--jobs", "2"]);
        assert_verified(&verified, 2);
        // From inside the folder, `judge verify` alone is that problem.
        assert_verified(&user.judge_in(&dir, &["verify", "--jobs", "2"]), 2);
        let accepted = only_file(&dir.join("solutions/accepted"));
        let accepted = accepted.strip_prefix(user.work()).unwrap();
        let tested = user.judge(&["test", accepted.to_str().unwrap(), "--jobs", "2"]);
        assert_code(&tested, 0);
        assert!(stdout(&tested).contains(" AC "), "{}", show(&tested));
        let wrong = only_file(&dir.join("solutions/wrong_answer"));
        let tested = user.judge(&["test", wrong.to_str().unwrap()]);
        assert_code(&tested, 1);
    }
}

/// The checker of the batch example accepts the sum written another way and calls more
/// output a presentation error; its validator refuses an input out of bounds.
#[test]
fn the_example_checker_and_validator_do_what_their_comments_say() {
    let user = user();
    assert_code(&user.judge(&["new", "aplusb", "--lang", "py"]), 0);
    let write = |name: &str, text: &str| {
        let path = user.work().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let padded = write(
        "padded.py",
        "a, b = map(int, input().split())\nprint('  %+012d\\n' % (a + b))\n",
    );
    let tested = user.judge(&["test", &padded, "--problem", "./aplusb"]);
    assert_code(&tested, 0);
    let chatty = write(
        "chatty.py",
        "a, b = map(int, input().split())\nprint(a + b, 'is the sum')\n",
    );
    let tested = user.judge(&["test", &chatty, "--problem", "./aplusb"]);
    assert_code(&tested, 1);
    assert!(stdout(&tested).contains("PE"), "{}", show(&tested));
    let too_large = write("big.in", "2147483648 1\n");
    let validated = user.judge(&["validate", "./aplusb", &too_large]);
    assert_code(&validated, 1);
    assert!(
        stdout(&validated).contains("out of range"),
        "{}",
        show(&validated)
    );
}

/// In a project, `judge new ID` writes `problems/ID/` and `solutions/ID/`, found by id.
#[test]
fn in_a_project_a_new_problem_goes_into_problems_and_solutions() {
    let user = user();
    assert_code(&user.judge(&["init", "contest"]), 0);
    let project = user.work().join("contest");
    let made = user.judge_in(&project, &["new", "sum", "--lang", "py"]);
    assert_code(&made, 0);
    assert!(project.join("problems/sum/problem.toml").is_file());
    assert!(project.join("solutions/sum/accepted/sum.py").is_file());
    let verified = user.judge_in(&project, &["verify", "sum", "--jobs", "2"]);
    assert_verified(&verified, 2);
    // Nothing is overwritten.
    let again = user.judge_in(&project, &["new", "sum"]);
    assert_code(&again, 2);
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("already exists"),
        "{}",
        show(&again)
    );
}

/// `judge show` of a bundled problem: the title, where it comes from, the limits, the parts
/// (built into judge), the samples and the statement's text (standard output is not a
/// terminal: the Markdown as written).
#[test]
fn show_prints_a_bundled_problem_s_statement_limits_samples_and_parts() {
    let user = user();
    let shown = user.judge(&["show", "boj1525"]);
    assert_code(&shown, 0);
    let text = stdout(&shown);
    let statement =
        std::fs::read_to_string(common::repo().join("problems/boj1525/statement.md")).unwrap();
    for part in [
        "(boj1525)",
        "built into judge",
        "limits:  cpu 1 s",
        "generator",
        "--- sample",
        statement.trim(),
    ] {
        assert!(text.contains(part), "no {part:?} in\n{text}");
    }
    let unknown = user.judge(&["show", "no-such-problem"]);
    assert_code(&unknown, 2);
}

/// `judge show` of a problem folder (its programs with their conventions) and of a Kattis
/// package (its statement file's text, LaTeX as written, and its validators).
#[test]
fn show_prints_a_problem_folder_and_a_package() {
    let user = user();
    assert_code(&user.judge(&["new", "guess", "--interactive"]), 0);
    let shown = user.judge(&["show", "./guess"]);
    assert_code(&shown, 0);
    let text = stdout(&shown);
    for part in [
        "Guess the Number (guess)",
        "a folder given by path",
        "interactor  programs/interact.cpp (kattis convention)",
        "validator   programs/validate.cpp (kattis convention)",
        "samples: 3",
        "# Guess the Number",
    ] {
        assert!(text.contains(part), "no {part:?} in\n{text}");
    }
    let package = common::repo().join("tests/kattis/customchecker");
    let shown = user.judge(&["show", package.to_str().unwrap()]);
    assert_code(&shown, 0);
    let text = stdout(&shown);
    let statement = std::fs::read_to_string(package.join("problem_statement/problem.tex")).unwrap();
    for part in [
        "a Kattis problem package",
        "problem_statement/problem.tex",
        "output_validator",
        statement.trim(),
    ] {
        assert!(text.contains(part), "no {part:?} in\n{text}");
    }
}

/// Exports `./NAME` (made by `judge new NAME EXTRA...`) as a package named `package` in the
/// working folder, and checks that judge reads it back with every submission's verdict.
fn export_and_verify(user: &User, name: &str, extra: &[&str], package: &str) -> PathBuf {
    let mut args = vec!["new", name];
    args.extend_from_slice(extra);
    assert_code(&user.judge(&args), 0);
    let exported = user.judge(&[
        "export",
        &format!("./{name}"),
        "--kattis",
        package,
        "--count",
        "8",
    ]);
    assert_code(&exported, 0);
    let verified = user.judge(&["verify", package, "--jobs", "2"]);
    assert_verified(&verified, 2);
    user.work().join(package)
}

/// A problem whose checker and validator are testlib programs exports with both wrapped into
/// the Kattis convention, in C++ and in Python; judge reads the package back and the wrapped
/// checker still catches the wrong solution and accepts the right one written another way.
#[test]
fn export_carries_testlib_checkers_and_validators_as_kattis_validators() {
    let user = user();
    for (name, extra) in [("aplusb", vec![]), ("aplusbpy", vec!["--lang", "py"])] {
        let package = export_and_verify(&user, name, &extra, &format!("{name}-package"));
        let ext = if extra.is_empty() { "cpp" } else { "py" };
        let checker =
            std::fs::read_to_string(package.join(format!("output_validator/check.{ext}"))).unwrap();
        assert!(checker.contains("Written by `judge export`"), "not wrapped");
        assert!(package
            .join(format!("input_validators/validate.{ext}"))
            .is_file());
        let padded = user.work().join(format!("padded-{name}.py"));
        std::fs::write(
            &padded,
            "a, b = map(int, input().split())\nprint('%+08d' % (a + b))\n",
        )
        .unwrap();
        let tested = user.judge(&[
            "test",
            padded.to_str().unwrap(),
            "--problem",
            package.to_str().unwrap(),
            "--time-limit",
            "5",
        ]);
        assert_code(&tested, 0);
    }
}

/// An interactive problem exports with its interactor as the output validator: a Kattis
/// one copied, a testlib one (tests/projects/parts' hilo, in C) wrapped.
#[test]
fn export_carries_interactors() {
    let user = user();
    let package = export_and_verify(&user, "guess", &["--interactive", "--lang", "py"], "g");
    assert!(package.join("output_validator/interact.py").is_file());
    let yaml = std::fs::read_to_string(package.join("problem.yaml")).unwrap();
    assert!(yaml.contains("type: interactive"), "{yaml}");

    let project = user.work().join("parts");
    common::copy_tree(&common::repo().join("tests/projects/parts"), &project);
    // Its cache_dir names the repository's cache, relative to the repository's copy.
    let runner = project.join("runner.toml");
    let text = std::fs::read_to_string(&runner).unwrap();
    let text: String = text
        .lines()
        .filter(|line| !line.starts_with("cache_dir"))
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::write(&runner, text).unwrap();
    let hilo = user.work().join("hilo");
    let exported = user.judge_in(
        &project,
        &[
            "export",
            "hilo",
            "--kattis",
            hilo.to_str().unwrap(),
            "--count",
            "6",
        ],
    );
    assert_code(&exported, 0);
    assert!(
        String::from_utf8_lossy(&exported.stderr).contains("wrapped from the testlib convention"),
        "{}",
        show(&exported)
    );
    // Its C submissions keep their verdicts (RE, TLE) through the wrapped interactor, and the
    // Python ones, left out of the package (Python gets an allowance there), too.
    let verified = user.judge(&["verify", "hilo", "--jobs", "2"]);
    assert_verified(&verified, 2);
    for (solution, code) in [("accepted/bisect.py", 0), ("wrong_answer/counts_up.py", 1)] {
        let path = project.join("solutions/hilo").join(solution);
        let tested = user.judge(&[
            "test",
            path.to_str().unwrap(),
            "--problem",
            hilo.to_str().unwrap(),
            "--time-limit",
            "5",
        ]);
        assert_code(&tested, code);
    }
}

/// problemtools' verifyproblem accepts two exports: a batch problem whose testlib checker
/// and validator are wrapped (C++), and an interactive one with its interactor (Python).
/// CI installs problemtools from PyPI; the statement check (it needs LaTeX) is skipped.
#[test]
#[ignore = "needs problemtools (verifyproblem)"]
fn problemtools_accepts_the_exports() {
    common::require_tool("verifyproblem");
    let user = user();
    let packages = [
        export_and_verify(&user, "a-plus-b", &[], "aplusb"),
        export_and_verify(
            &user,
            "guess-number",
            &["--interactive", "--lang", "py"],
            "guess",
        ),
    ];
    // Python under CPython (problemtools runs it under PyPy by default, which CI may lack).
    let config = user.path("xdg-config/problemtools");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("languages.yaml"),
        "python3:\n    compile: 'python3 -m py_compile {files}'\n    run: 'python3 \"{mainfile}\"'\n",
    )
    .unwrap();
    for package in packages {
        let text = common::verifyproblem_passes(
            &package,
            &[
                ("XDG_CONFIG_HOME", &user.path("xdg-config")),
                ("HOME", &user.path("home")),
            ],
        );
        assert!(text.contains("AC"), "{text}");
        assert!(text.contains("WA"), "{text}");
    }
}

/// A problem checked by lines (no flag of the default validator says the same) exports with
/// an output validator program that compares lines as judge does: trailing spaces and empty
/// lines forgiven, leading spaces not.
#[test]
fn export_writes_the_lines_checker_as_a_program() {
    let user = user();
    assert_code(&user.judge(&["new", "lines", "--lang", "py"]), 0);
    let toml = user.work().join("lines/problem.toml");
    let text = std::fs::read_to_string(&toml).unwrap();
    let table = text.rfind("[checker]").unwrap();
    std::fs::write(
        &toml,
        format!("{}[checker]\ntype = \"lines\"\n", &text[..table]),
    )
    .unwrap();
    let exported = user.judge(&["export", "./lines", "--kattis", "pkg", "--count", "6"]);
    assert_code(&exported, 0);
    assert!(user.work().join("pkg/output_validator/lines.py").is_file());
    assert_verified(&user.judge(&["verify", "pkg", "--jobs", "2"]), 2);
    for (print, code) in [("print(a + b, ' ')\nprint()", 0), ("print(' ', a + b)", 1)] {
        let solution = user.work().join("solution.py");
        std::fs::write(
            &solution,
            format!("a, b = map(int, input().split())\n{print}\n"),
        )
        .unwrap();
        let tested = user.judge(&[
            "test",
            "solution.py",
            "--problem",
            "pkg",
            "--time-limit",
            "5",
        ]);
        assert_code(&tested, code);
    }
}
