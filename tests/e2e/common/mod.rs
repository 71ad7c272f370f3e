//! Helpers for end-to-end tests: run the real `judge` binary in the repository.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Mutex, MutexGuard};

/// The repository root (holds runner.toml, problems/, solutions/).
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Whether the tests run as root (needed to build the full sandbox or to become another user).
pub fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// Fails the test unless it runs as root. Tests that call it are `#[ignore = "needs root"]`:
/// `cargo test` lists them as ignored, and CI (as root) runs them with `--include-ignored`.
pub fn require_root() {
    assert!(
        is_root(),
        "this test needs root (it is ignored by default; run it as root with --include-ignored)"
    );
}

/// Fails the test unless `program` is installed (found on PATH). Tests that call it are
/// `#[ignore = "needs PROGRAM"]`: `cargo test` on a machine with only the README's
/// requirements lists them as ignored, and CI (which installs them) runs them with
/// `--include-ignored`, where a missing program is a failure, not a pass.
pub fn require_tool(program: &str) {
    let found = std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| {
            use std::os::unix::fs::PermissionsExt;
            std::fs::metadata(dir.join(program))
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
    });
    assert!(
        found,
        "this test needs `{program}` (it is ignored by default; install it and run with --include-ignored)"
    );
}

/// Takes a lock that serializes tests that must not overlap (a failed test does not poison
/// it). Each file of tests/e2e/ that needs one has its own, so tests of two files never wait
/// for each other.
pub fn hold(lock: &'static Mutex<()>) -> MutexGuard<'static, ()> {
    lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The lock of a test binary of its own (tests/unprivileged.rs).
pub fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    hold(&LOCK)
}

/// The absolute path of a program in tests/programs/.
pub fn program(name: &str) -> String {
    repo()
        .join("tests/programs")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// Runs `judge ARGS` from the repository root (arguments may be any bytes: `OsStr`s).
pub fn judge<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Output {
    run_judge(&[], args)
}

/// Runs `PREFIX... judge ARGS` from the repository root: a prefix is a command that runs judge
/// (as tests/programs/one_cpu.py does), or nothing.
pub fn run_judge<S: AsRef<std::ffi::OsStr>>(prefix: &[&str], args: &[S]) -> Output {
    let judge = env!("CARGO_BIN_EXE_judge");
    let mut command = match prefix.split_first() {
        None => Command::new(judge),
        Some((program, rest)) => {
            let mut command = Command::new(program);
            command.args(rest).arg(judge);
            command
        }
    };
    command
        .args(args)
        .current_dir(repo())
        .env("NO_COLOR", "1")
        .output()
        .expect("judge runs")
}

/// Runs `judge test SOLUTION EXTRA... --json FILE` and returns the exit code and the report.
pub fn grade(solution: &str, extra: &[&str]) -> (i32, serde_json::Value, String) {
    grade_by(&[], solution, extra)
}

/// [`grade`] with judge started by a prefix command (see [`run_judge`]).
pub fn grade_by(
    prefix: &[&str],
    solution: &str,
    extra: &[&str],
) -> (i32, serde_json::Value, String) {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.json");
    let mut args = vec!["test", solution];
    args.extend_from_slice(extra);
    let report_arg = report.to_string_lossy().into_owned();
    args.extend_from_slice(&["--json", &report_arg]);
    let output = run_judge(prefix, &args);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let json = std::fs::read_to_string(&report)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(serde_json::Value::Null);
    (output.status.code().unwrap_or(-1), json, text)
}

/// An output for a failed assertion: the exit code, standard output and standard error.
pub fn show(output: &Output) -> String {
    format!(
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// problemtools' verifyproblem run on `package` (its statement part left out: it needs LaTeX)
/// with `env` set, asserted to end with 0 errors: its standard output and error together.
pub fn verifyproblem_passes(package: &Path, env: &[(&str, &Path)]) -> String {
    let output = std::process::Command::new("verifyproblem")
        .arg(package)
        .args(["-p", "config", "data", "submissions", "validators"])
        .envs(env.iter().map(|(key, value)| (*key, *value)))
        .output()
        .expect("verifyproblem runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success() && text.contains("tested: 0 errors"),
        "{}: {text}",
        package.display()
    );
    text
}

pub fn exists(path: &str) -> bool {
    Path::new(&repo()).join(path).exists()
}

/// Copies a folder tree (files and folders; what a test then changes is its own).
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Busy processes, ended by pid when dropped (also when the test fails).
pub struct Load(Vec<Child>);

impl Drop for Load {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Starts `count` busy processes (bench/busy.c, built with gcc into `dir`).
pub fn start_load(dir: &Path, count: usize) -> Load {
    let busy = dir.join("busy");
    let status = Command::new("gcc")
        .args(["-O2", "-o"])
        .arg(&busy)
        .arg(repo().join("bench/busy.c"))
        .status()
        .expect("gcc runs");
    assert!(status.success(), "gcc failed on bench/busy.c");
    Load(
        (0..count)
            .map(|_| {
                Command::new(&busy)
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .spawn()
                    .expect("a busy process starts")
            })
            .collect(),
    )
}

/// A user with an empty home and an empty working folder, both outside the repository, and
/// XDG folders of their own: what a newcomer has (tests/e2e/install.rs, tests/e2e/scaffold.rs).
pub struct User {
    dir: tempfile::TempDir,
    /// The compile cache: the user's own, or one shared by a file's tests (keyed by content).
    cache: PathBuf,
}

impl User {
    /// A user whose compile cache is their own (`xdg-cache` in their folder).
    pub fn new(prefix: &str) -> User {
        let dir = tempfile::Builder::new().prefix(prefix).tempdir().unwrap();
        let cache = dir.path().join("xdg-cache");
        User::with_cache(dir, cache)
    }

    /// A user whose compile cache is `cache`, shared with other tests.
    pub fn sharing_cache(prefix: &str, cache: PathBuf) -> User {
        let dir = tempfile::Builder::new().prefix(prefix).tempdir().unwrap();
        User::with_cache(dir, cache)
    }

    fn with_cache(dir: tempfile::TempDir, cache: PathBuf) -> User {
        for folder in ["home", "xdg-config", "xdg-data", "work"] {
            std::fs::create_dir(dir.path().join(folder)).unwrap();
        }
        std::fs::create_dir_all(&cache).unwrap();
        let user = User { dir, cache };
        assert!(
            judge::config::find_project(&user.work()).is_none(),
            "a runner.toml above {} would make it a project",
            user.work().display()
        );
        assert!(!user.work().starts_with(repo()));
        user
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub fn work(&self) -> PathBuf {
        self.path("work")
    }

    /// `program ARGS` in `cwd` with this user's HOME, XDG folders and compile cache.
    pub fn command(&self, program: &Path, cwd: &Path, args: &[&str]) -> Command {
        let mut command = Command::new(program);
        command
            .args(args)
            .current_dir(cwd)
            .env("HOME", self.path("home"))
            .env("XDG_CONFIG_HOME", self.path("xdg-config"))
            .env("XDG_DATA_HOME", self.path("xdg-data"))
            .env("XDG_CACHE_HOME", &self.cache)
            .env("NO_COLOR", "1");
        command
    }
}
