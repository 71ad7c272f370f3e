//! End-to-end tests of the path most users take: `judge` started by a user who is not root.
//! Without root there are no cgroups; the sandbox is a user namespace with pid, mount and
//! network namespaces, a private root and rlimits (`RLIMIT_DATA` at twice the memory limit
//! plus 1 GiB, the measured peak deciding MLE, and `RLIMIT_NPROC`).
//!
//! The tests need root to become another user: they copy the binary, the config, `problems/`
//! and the solutions into a folder anyone can read and run `judge` there as `nobody` through
//! `setpriv`. They are ignored by default; CI runs them as root with `--include-ignored`, and
//! they fail (not pass) where root or `setpriv` is missing.

#[path = "e2e/common/mod.rs"]
mod common;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use common::{repo, require_root, serial};
use serde_json::Value;

const NOBODY: u32 = 65534;

/// A copy of what `judge` needs, owned by `nobody`, in a fresh folder under /tmp.
struct Workspace {
    dir: tempfile::TempDir,
}

impl Workspace {
    fn new() -> Workspace {
        let dir = tempfile::Builder::new()
            .prefix("judge-unprivileged-")
            .tempdir()
            .unwrap();
        let root = dir.path();
        std::fs::copy(env!("CARGO_BIN_EXE_judge"), root.join("judge")).unwrap();
        std::fs::copy(repo().join("runner.toml"), root.join("runner.toml")).unwrap();
        common::copy_tree(&repo().join("problems"), &root.join("problems"));
        common::copy_tree(&repo().join("tests/programs"), &root.join("programs"));
        common::copy_tree(&repo().join("solutions/boj1525"), &root.join("boj1525"));
        chown_tree(root);
        Workspace { dir }
    }

    /// A folder NAME of one `--tests-dir` test (input `x`, answer `fresh`) that `nobody` can read.
    fn one_test(&self, name: &str) -> String {
        let tests = self.dir.path().join(name);
        std::fs::create_dir(&tests).unwrap();
        std::fs::write(tests.join("t.in"), "x\n").unwrap();
        std::fs::write(tests.join("t.ans"), "fresh\n").unwrap();
        chown_tree(&tests);
        name.to_string()
    }

    /// A folder NAME of `--tests-dir` tests (name, input), each answered `fresh`, that `nobody`
    /// can read.
    fn fresh_tests(&self, name: &str, tests: &[(&str, &str)]) -> String {
        let folder = self.dir.path().join(name);
        std::fs::create_dir(&folder).unwrap();
        for (test, input) in tests {
            std::fs::write(folder.join(format!("{test}.in")), input).unwrap();
            std::fs::write(folder.join(format!("{test}.ans")), "fresh\n").unwrap();
        }
        chown_tree(&folder);
        name.to_string()
    }

    /// `judge test SOLUTION --problem boj1525 EXTRA...` as `nobody`, with a JSON report.
    fn grade(&self, solution: &str, extra: &[&str]) -> Graded {
        let root = self.dir.path();
        let report = root.join("report.json");
        let _ = std::fs::remove_file(&report);
        let started = Instant::now();
        let output = Command::new("setpriv")
            .arg(format!("--reuid={NOBODY}"))
            .arg(format!("--regid={NOBODY}"))
            .args(["--clear-groups", "--"])
            .arg(root.join("judge"))
            .args([
                "--config",
                "runner.toml",
                "test",
                solution,
                "--problem",
                "boj1525",
            ])
            .args(extra)
            .arg("--json")
            .arg(&report)
            .current_dir(root)
            .env("NO_COLOR", "1")
            .env("HOME", root)
            .output()
            .expect("setpriv runs");
        let report = std::fs::read_to_string(&report)
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or(Value::Null);
        Graded {
            code: output.status.code(),
            elapsed: started.elapsed(),
            report,
            text: format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            ),
        }
    }
}

fn chown_tree(path: &Path) {
    std::os::unix::fs::chown(path, Some(NOBODY), Some(NOBODY)).unwrap();
    if path.is_dir() {
        for entry in std::fs::read_dir(path).unwrap() {
            chown_tree(&entry.unwrap().path());
        }
    }
}

struct Graded {
    code: Option<i32>,
    elapsed: Duration,
    report: Value,
    text: String,
}

impl Graded {
    fn verdict(&self) -> &str {
        self.report["verdict"].as_str().unwrap_or("(no report)")
    }

    fn protections(&self) -> String {
        self.report["protections"].to_string()
    }
}

/// Runs the test body only where it can become `nobody`.
fn as_nobody(body: impl FnOnce(&Workspace)) {
    require_root();
    assert!(
        Command::new("setpriv").arg("--version").output().is_ok(),
        "this test needs setpriv (util-linux) to run judge as another user"
    );
    // One grading at a time: a fork bomb of `nobody` would share `RLIMIT_NPROC` with the
    // others.
    let _serial = serial();
    body(&Workspace::new());
}

#[test]
#[ignore = "needs root and setpriv"]
fn a_user_without_root_gets_the_sandbox_without_cgroups() {
    as_nobody(|workspace| {
        let run = workspace.grade("boj1525/accepted/bfs_map.cpp", &[]);
        assert_eq!(run.verdict(), "AC", "{}", run.text);
        assert_eq!(run.code, Some(0), "{}", run.text);
        let protections = run.protections();
        for expected in [
            "user-namespace",
            "pid-namespace",
            "network-namespace",
            "private-root",
        ] {
            assert!(
                protections.contains(expected),
                "{expected} missing: {protections}"
            );
        }
        assert!(
            !protections.contains("cgroup"),
            "nobody cannot make cgroups, yet: {protections}"
        );
    });
}

#[test]
#[ignore = "needs root and setpriv"]
fn without_cgroups_the_limits_still_give_their_verdicts() {
    as_nobody(|workspace| {
        // 837 MB of static array, of which the BFS touches about 148 MB: it must start, and
        // its peak decides.
        let memory = workspace.grade("boj1525/memory_limit_exceeded/digit_array.cpp", &[]);
        assert_eq!(memory.verdict(), "MLE", "{}", memory.text);
        let failing = memory.report["tests"]
            .as_array()
            .and_then(|tests| tests.iter().find(|test| test["verdict"] == "MLE"))
            .cloned()
            .unwrap_or(Value::Null);
        assert!(
            failing["peak_kib"].as_u64().unwrap_or(0) > 32 * 1024,
            "an MLE must show a peak over the 32 MiB limit: {failing}"
        );
        let time = workspace.grade("boj1525/time_limit_exceeded/iddfs.cpp", &[]);
        assert_eq!(time.verdict(), "TLE", "{}", time.text);
    });
}

/// Without a memory cgroup, RLIMIT_DATA sits 1 GiB above twice the limit; the launcher's watch
/// of the resident size is what stops a memory bomb near the limit.
#[test]
#[ignore = "needs root and setpriv"]
fn without_cgroups_a_memory_bomb_is_stopped_near_the_limit() {
    as_nobody(|workspace| {
        let tests = workspace.one_test("bomb-test");
        for bomb in ["programs/memory_bomb.cpp", "programs/memory_bomb.py"] {
            let run = workspace.grade(bomb, &["--tests-dir", &tests, "--memory-limit", "64"]);
            assert_eq!(run.verdict(), "MLE", "{bomb}: {}", run.text);
            let peak_kib = run.report["tests"][0]["peak_kib"].as_u64().unwrap_or(0);
            assert!(
                peak_kib > 64 * 1024 && peak_kib < 256 * 1024,
                "{bomb}: peak {peak_kib} KiB, expected a little over the 64 MiB limit\n{}",
                run.text
            );
        }
    });
}

#[test]
#[ignore = "needs root and setpriv"]
fn without_cgroups_a_fork_bomb_is_contained() {
    as_nobody(|workspace| {
        let tests = workspace.one_test("one-test");
        let run = workspace.grade(
            "programs/fork_bomb.c",
            &[
                "--tests-dir",
                &tests,
                "--time-limit",
                "1",
                "--memory-limit",
                "64",
            ],
        );
        assert!(
            matches!(run.verdict(), "RE" | "TLE" | "MLE"),
            "fork bomb: {}",
            run.text
        );
        assert!(
            run.elapsed < Duration::from_secs(15),
            "took {:?}\n{}",
            run.elapsed,
            run.text
        );
        // RLIMIT_NPROC counts every process of the user, so one left alive would show here.
        let left = Command::new("pgrep")
            .args(["-u", &NOBODY.to_string(), "-x", "solution"])
            .output()
            .map(|output| String::from_utf8_lossy(&output.stdout).into_owned())
            .unwrap_or_default();
        assert!(left.trim().is_empty(), "left running: {left}");
    });
}

/// Java as a user without root: no cgroups, so RLIMIT_DATA at twice the limit plus 1 GiB must
/// leave room for the JVM (every thread's stack counts against it) and the launcher's watch of
/// the resident size, or the heap sized from the limit, stops a bomb: MLE.
#[test]
#[ignore = "needs root and setpriv"]
fn without_cgroups_java_runs_and_its_memory_bomb_is_mle() {
    as_nobody(|workspace| {
        let tests = workspace.one_test("java-test");
        let fresh = workspace.grade("programs/PrintsFresh.java", &["--tests-dir", &tests]);
        assert_eq!(fresh.verdict(), "AC", "{}", fresh.text);
        assert!(
            !fresh.protections().contains("cgroup"),
            "{}",
            fresh.protections()
        );
        let bomb = workspace.grade(
            "programs/MemoryBomb.java",
            &["--tests-dir", &tests, "--memory-limit", "128"],
        );
        assert_eq!(bomb.verdict(), "MLE", "{}", bomb.text);
        let peak_kib = bomb.report["tests"][0]["peak_kib"].as_u64().unwrap_or(0);
        assert!(
            peak_kib > 64 * 1024 && peak_kib < 256 * 1024,
            "peak {peak_kib} KiB against 128 MiB\n{}",
            bomb.text
        );
    });
}

/// Compiling as a user without root is sandboxed too (a user namespace and a private root):
/// a file of the user's own, which the user could read, is not there for the compiler, and
/// the message names the user's file, not the build folder in the cache.
#[test]
#[ignore = "needs root and setpriv"]
fn without_root_the_compiler_sees_only_the_sandbox() {
    as_nobody(|workspace| {
        let root = workspace.dir.path();
        let secret = root.join("secret.h");
        std::fs::write(&secret, "int leaked = 1; // USER-SECRET-3c9d\n").unwrap();
        let source = root.join("reads.cpp");
        std::fs::write(
            &source,
            format!(
                "#include \"{}\"\nint main() {{ return 0; }}\n",
                secret.display()
            ),
        )
        .unwrap();
        chown_tree(root);
        let run = workspace.grade("reads.cpp", &[]);
        assert_eq!(run.verdict(), "CE", "{}", run.text);
        let message = run.report["compile_message"].as_str().unwrap_or("");
        assert!(
            message.contains(&format!("{}: No such file or directory", secret.display())),
            "{}",
            run.text
        );
        assert!(message.contains("reads.cpp:1:"), "{}", run.text);
        assert!(!run.text.contains("USER-SECRET"), "{}", run.text);
    });
}

#[test]
#[ignore = "needs root and setpriv"]
fn without_root_ipc_objects_of_one_run_are_gone_in_the_next() {
    as_nobody(|workspace| {
        // Three different inputs: a repeated test would take the first one's run.
        let tests = workspace.fresh_tests("ipc-tests", &[("a", "a\n"), ("b", "b\n"), ("c", "c\n")]);
        let run = workspace.grade(
            "programs/ipc_leak.c",
            &["--tests-dir", &tests, "--jobs", "1", "--all"],
        );
        assert!(run.protections().contains("user-namespace"), "{}", run.text);
        assert_eq!(
            run.verdict(),
            "AC",
            "a run met an IPC object of an earlier run\n{}",
            run.text
        );
        let ran = run.report["tests"].as_array().cloned().unwrap_or_default();
        assert_eq!(ran.len(), 3, "{}", run.text);
        assert!(
            ran.iter().all(|test| test["same_as"].is_null()),
            "{}",
            run.text
        );
        let sockets = workspace.grade(
            "programs/socket_cycle.c",
            &["--tests-dir", &tests, "--jobs", "1", "--all"],
        );
        assert_eq!(
            sockets.verdict(),
            "AC",
            "a run connected to a socket of an earlier run\n{}",
            sockets.text
        );
    });
}

#[test]
#[ignore = "needs root and setpriv"]
fn without_root_a_run_sees_a_neutral_host_name_and_nothing_of_the_launcher() {
    as_nobody(|workspace| {
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap();
        // The keeper runs as the same user as the solution here, so /proc/1 is readable: its
        // command line must tell nothing (the launcher's carries the session's JSON).
        let input = format!("{} judge-unprivileged\n", host.trim());
        let tests = workspace.fresh_tests("host-tests", &[("a", &input)]);
        let run = workspace.grade("programs/host_view.c", &["--tests-dir", &tests]);
        assert_eq!(
            run.verdict(),
            "AC",
            "the run saw the host's name or the launcher's command line\n{}",
            run.text
        );
    });
}
