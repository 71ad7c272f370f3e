//! End-to-end tests of an installed judge: the release binary the tests run, placed as
//! `cargo install --path . --root TMP` places it (TMP/bin/judge, a copy: what `cargo install`
//! does after its build). The tests do not call `cargo install` itself: `cargo test` builds
//! judge with its dev-dependencies' features, so an install would compile every crate of
//! the workspace once more, minutes on a fresh clone; .ci/run runs the real `cargo install`
//! after its build instead, where it reuses that build. Then the installed binary runs from
//! folders outside the repository, with HOME and the XDG variables pointing into temporary
//! folders: `list`, `test`, `gen`, `clean`, a project made with `init` and `new` and checked
//! with `verify`, and the user and project layers of runner.toml.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::OnceLock;

use crate::common::{repo, show, User};

/// The installed binary, installed once for the tests of this file.
fn installed_judge() -> &'static Path {
    static INSTALLED: OnceLock<PathBuf> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        remove_installs_of_ended_processes(&tmp);
        // One folder per test process: nextest runs each test in a process of its own, and
        // one process's install must not replace a binary another is running.
        let root = tmp.join(format!("install-e2e-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("bin")).unwrap();
        let judge = root.join("bin/judge");
        std::fs::copy(env!("CARGO_BIN_EXE_judge"), &judge).unwrap();
        judge
    })
}

/// Removes the install folders of test processes that have ended (`install-e2e-PID` with no
/// process PID), so that runs of the tests do not pile copies up.
fn remove_installs_of_ended_processes(tmp: &Path) {
    let Ok(entries) = std::fs::read_dir(tmp) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name.strip_prefix("install-e2e-") else {
            continue;
        };
        if pid.parse::<u32>().is_ok() && !Path::new("/proc").join(pid).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// What the installed binary is run as.
trait Installed {
    fn judge_in(&self, cwd: &Path, args: &[&str]) -> Output;
    fn judge(&self, args: &[&str]) -> Output;
}

impl Installed for User {
    /// Runs the installed `judge ARGS` in `cwd` with this user's HOME and XDG folders.
    fn judge_in(&self, cwd: &Path, args: &[&str]) -> Output {
        self.command(installed_judge(), cwd, args)
            .output()
            .expect("the installed judge runs")
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

fn json(file: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
}

fn copy_solution(from: &str, to: &Path) {
    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
    std::fs::copy(repo().join(from), to).unwrap();
}

#[test]
fn an_installed_judge_lists_grades_and_generates_outside_the_repository() {
    // One at a time: verdicts under a time limit should not depend on the others' load.
    let _serial = serial();
    let user = User::new("judge-install-");
    let listed = user.judge(&["list"]);
    assert_code(&listed, 0);
    for id in ["blockgame", "boj12100", "boj1525", "boj2615", "boj28489"] {
        let line = stdout(&listed)
            .lines()
            .find(|l| l.starts_with(id))
            .map(str::to_string)
            .unwrap_or_else(|| panic!("{id} is not listed\n{}", show(&listed)));
        assert!(line.contains("built-in"), "{line}");
    }

    copy_solution(
        "solutions/boj12100/accepted/dfs.cpp",
        &user.work().join("a.cpp"),
    );
    let report = user.work().join("report.json");
    let graded = user.judge(&[
        "test",
        "a.cpp",
        "--problem",
        "boj12100",
        "--count",
        "3",
        "--json",
        "report.json",
    ]);
    assert_code(&graded, 0);
    let report = json(&report);
    assert_eq!(report["verdict"], "AC", "{}", show(&graded));
    let tests = report["tests"].as_array().unwrap();
    assert!(
        tests.iter().any(|t| t["name"] == "official-1"),
        "the built-in samples ran: {report}"
    );
    assert_eq!(
        tests
            .iter()
            .filter(|t| t["name"].as_str().unwrap().starts_with("random-"))
            .count(),
        3
    );
    // Outside a project the compile cache is the user's.
    let cache = user.path("xdg-cache/judge");
    let entries = || {
        std::fs::read_dir(&cache)
            .map(|e| e.count())
            .unwrap_or_default()
    };
    assert!(
        entries() >= 2,
        "no compiled solution in {}",
        cache.display()
    );

    let generated = user.judge(&["gen", "boj12100", "--seed", "7", "--index", "3"]);
    assert_code(&generated, 0);
    let from_repository = common::judge(&["gen", "boj12100", "--seed", "7", "--index", "3"]);
    assert_eq!(generated.stdout, from_repository.stdout);

    let cleaned = user.judge(&["clean"]);
    assert_code(&cleaned, 0);
    assert!(stdout(&cleaned).contains(&*cache.to_string_lossy()));
    assert_eq!(entries(), 0, "{}", show(&cleaned));
}

#[test]
fn a_project_made_with_init_and_new_is_graded_and_verified() {
    // One at a time: verdicts under a time limit should not depend on the others' load.
    let _serial = serial();
    let user = User::new("judge-install-");
    assert_code(&user.judge(&["init", "contest"]), 0);
    let project = user.work().join("contest");
    for path in ["runner.toml", "problems", "solutions"] {
        assert!(project.join(path).exists(), "init did not write {path}");
    }
    assert_code(&user.judge(&["init", "contest"]), 2);

    // Two solutions of a built-in problem, each in the folder of the verdict it gets.
    copy_solution(
        "solutions/boj1525/accepted/bfs_map.cpp",
        &project.join("solutions/boj1525/accepted/bfs_map.cpp"),
    );
    copy_solution(
        "solutions/boj1525/wrong_answer/parity_with_blank.py",
        &project.join("solutions/boj1525/wrong_answer/parity_with_blank.py"),
    );
    let verified = user.judge_in(&project, &["verify", "--count", "2", "--jobs", "1"]);
    assert_code(&verified, 0);
    assert!(
        stdout(&verified).contains("0 mismatches"),
        "{}",
        show(&verified)
    );
    assert!(
        project.join(".judge-cache").is_dir(),
        "a project keeps its cache beside its runner.toml"
    );

    // A problem of the project's own, graded on its sample, from a folder inside the project
    // and by path from outside it.
    let made = user.judge_in(&project.join("solutions"), &["new", "sum"]);
    assert_code(&made, 0);
    std::fs::write(
        user.work().join("sum.py"),
        "a, b = map(int, input().split())\nprint(a + b)\n",
    )
    .unwrap();
    let listed = user.judge_in(&project, &["list"]);
    let line = stdout(&listed)
        .lines()
        .find(|l| l.starts_with("sum "))
        .map(str::to_string)
        .unwrap_or_else(|| panic!("sum is not listed\n{}", show(&listed)));
    assert!(line.contains("project"), "{line}");
    let sum = user.work().join("sum.py").to_string_lossy().into_owned();
    let graded = user.judge_in(&project, &["test", &sum, "--problem", "sum"]);
    assert_code(&graded, 0);
    let by_path = user.judge(&[
        "test",
        "sum.py",
        "--problem",
        "contest/problems/sum",
        "--tests",
        "samples",
    ]);
    assert_code(&by_path, 0);
    assert!(stdout(&by_path).contains("AC"), "{}", show(&by_path));
}

#[test]
fn the_user_file_and_the_project_file_both_take_effect() {
    // One at a time: verdicts under a time limit should not depend on the others' load.
    let _serial = serial();
    let user = User::new("judge-install-");
    assert_code(&user.judge(&["init", "contest"]), 0);
    let project = user.work().join("contest");
    // The project changes the seed (uncommenting the template's line), nothing else.
    let runner = project.join("runner.toml");
    let template = std::fs::read_to_string(&runner).unwrap();
    let changed = template.replace("# seed = 20261121 ", "seed = 99 ");
    assert_ne!(changed, template, "the template has no seed line");
    std::fs::write(&runner, changed).unwrap();

    // A C++ solution that compiles only with the user's flag.
    let tests = project.join("tests");
    std::fs::create_dir(&tests).unwrap();
    std::fs::write(tests.join("t.in"), "x\n").unwrap();
    std::fs::write(tests.join("t.ans"), "fresh\n").unwrap();
    std::fs::write(
        project.join("flag.cpp"),
        "#ifndef JUDGE_USER_FLAG\n#error \"compiled without the user's flags\"\n#endif\n\
         #include <cstdio>\nint main() { std::puts(\"fresh\"); }\n",
    )
    .unwrap();
    let grade = |extra: &[&str]| {
        let mut args = vec![
            "test",
            "flag.cpp",
            "--problem",
            "boj1525",
            "--json",
            "r.json",
        ];
        args.extend_from_slice(extra);
        let output = user.judge_in(&project, &args);
        (json(&project.join("r.json")), output)
    };
    let (report, output) = grade(&["--tests-dir", "tests"]);
    assert_eq!(report["verdict"], "CE", "{}", show(&output));

    let user_file = user.path("xdg-config/judge/runner.toml");
    std::fs::create_dir_all(user_file.parent().unwrap()).unwrap();
    std::fs::write(
        &user_file,
        "[languages.cpp]\ncompile = [\"g++\", \"-O2\", \"-DJUDGE_USER_FLAG\", \"-o\", \"{binary}\", \"{source}\"]\n",
    )
    .unwrap();
    let (report, output) = grade(&["--tests-dir", "tests"]);
    assert_eq!(report["verdict"], "AC", "{}", show(&output));
    let (report, output) = grade(&["--tests", "random", "--count", "1"]);
    assert_eq!(report["seed"], 99, "{}", show(&output));

    let config = user.judge_in(&project, &["config"]);
    assert_code(&config, 0);
    let text = stdout(&config);
    let line = |start: &str, needle: &str| {
        text.lines()
            .find(|l| l.starts_with(start) && l.contains(needle))
            .unwrap_or_else(|| panic!("no line {start}..{needle}\n{text}"))
            .to_string()
    };
    assert!(line("seed = 99", "").contains("# project"), "{text}");
    assert!(
        line("compile = ", "JUDGE_USER_FLAG").contains("# user"),
        "{text}"
    );
    assert!(
        line("random_tests = 30", "").contains("# built-in"),
        "{text}"
    );
    assert!(
        text.contains(&*user_file.to_string_lossy()),
        "the user file is listed: {text}"
    );

    // A mistake in the user's file is reported with that file's name.
    std::fs::write(&user_file, "[defaults]\njobs = \"two\"\n").unwrap();
    let broken = user.judge_in(&project, &["config"]);
    assert_code(&broken, 2);
    let message = String::from_utf8_lossy(&broken.stderr);
    assert!(
        message.contains(&*user_file.to_string_lossy()) && message.contains("defaults.jobs"),
        "{message}"
    );
}

/// An installed binary may carry a version in its name (`judge-1.4`): it launches its own
/// runs, whatever it is called.
#[test]
fn a_binary_copied_under_another_name_grades() {
    let user = User::new("judge-install-");
    let renamed = user.path("home").join("judge-1.4");
    std::fs::copy(installed_judge(), &renamed).unwrap();
    copy_solution(
        "solutions/boj12100/accepted/rows.py",
        &user.work().join("rows.py"),
    );
    // A file just written may still be open in a child another test thread forked meanwhile
    // (until that child execs): the kernel then refuses to run it for a moment.
    let args = ["test", "rows.py", "--problem", "boj12100", "--count", "3"];
    let run = || user.command(&renamed, &user.work(), &args).output();
    let mut attempts = 0;
    let output = loop {
        match run() {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy && attempts < 50 => {
                attempts += 1;
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            other => break other.expect("the renamed judge runs"),
        }
    };
    assert_code(&output, 0);
    assert!(stdout(&output).contains("AC"), "{}", show(&output));
}

/// The lock that serializes the tests of this file that must not overlap.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    crate::common::hold(&LOCK)
}
