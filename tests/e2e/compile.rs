//! Compiling in the sandbox: a submission's compile (and its package step) runs as a solution
//! does, so a compile-time read of a file outside what the sandbox shows is a compile error
//! that says so without the file's contents, a compiler made to fork, write or allocate without
//! end is stopped at its limit, the compiler's messages name the user's files, and a compile
//! served from the cache starts no sandbox at all.
//!
//! Each test makes a project of its own in a fresh folder (its runner.toml over the built-in
//! defaults, its compile cache inside it) and runs the real `judge` there.

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::{require_root, show};
use serde_json::Value;

/// A project in a fresh folder: `runner.toml` (what the test writes, over the built-in
/// defaults) with its cache in `cache/`.
struct Project {
    dir: tempfile::TempDir,
}

/// What `judge test` gave.
struct Graded {
    code: Option<i32>,
    report: Value,
    text: String,
    elapsed: Duration,
}

impl Graded {
    fn verdict(&self) -> &str {
        self.report["verdict"].as_str().unwrap_or("(no report)")
    }

    fn message(&self) -> &str {
        self.report["compile_message"].as_str().unwrap_or("")
    }

    fn show(&self) -> String {
        format!(
            "exit {:?} after {:?}\n{}\nreport: {}",
            self.code, self.elapsed, self.text, self.report
        )
    }
}

impl Project {
    /// A project whose runner.toml holds `config` (and `cache_dir = "cache"`).
    fn new(config: &str) -> Project {
        let dir = tempfile::Builder::new()
            .prefix("compile-")
            .tempdir()
            .unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        let config = if config.contains("[defaults]") {
            config.replace("[defaults]", "[defaults]\ncache_dir = \"cache\"")
        } else {
            format!("[defaults]\ncache_dir = \"cache\"\n{config}")
        };
        std::fs::write(dir.path().join("runner.toml"), config).unwrap();
        Project { dir }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The unique name of the project's folder: it appears in the mount table of the
    /// processes of its compiles.
    fn marker(&self) -> String {
        self.path()
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned()
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    /// `judge test FILE --problem boj12100 --tests samples --json REPORT` in the project,
    /// with `env` set for judge.
    fn grade_with(&self, file: &str, env: &[(&str, &str)]) -> Graded {
        let report = self.path().join("report.json");
        let _ = std::fs::remove_file(&report);
        let started = Instant::now();
        let output = Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(["--config", "runner.toml", "test", file])
            .args(["--problem", "boj12100", "--tests", "samples", "--json"])
            .arg(&report)
            .current_dir(self.path())
            .env("NO_COLOR", "1")
            .env("TMPDIR", self.path())
            .envs(env.iter().copied())
            .output()
            .expect("judge runs");
        let elapsed = started.elapsed();
        Graded {
            code: output.status.code(),
            report: std::fs::read_to_string(&report)
                .ok()
                .and_then(|text| serde_json::from_str(&text).ok())
                .unwrap_or(Value::Null),
            text: show(&output),
            elapsed,
        }
    }

    fn grade(&self, file: &str) -> Graded {
        self.grade_with(file, &[])
    }

    /// The cache's entries (named by a hash) and anything else it holds but the built-in
    /// problems written out.
    fn cache_entries(&self) -> (Vec<PathBuf>, Vec<String>) {
        let mut entries = Vec::new();
        let mut other = Vec::new();
        let Ok(read) = std::fs::read_dir(self.path().join("cache")) else {
            return (entries, other);
        };
        for entry in read.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.len() == 32 && name.bytes().all(|b| b.is_ascii_hexdigit()) {
                entries.push(entry.path());
            } else if name != "built-in-problems" {
                other.push(name);
            }
        }
        (entries, other)
    }

    /// Processes still running whose mounts or folder name this project (a compiler, or
    /// anything it started).
    fn processes_left(&self) -> Vec<String> {
        let marker = self.marker();
        let own = std::process::id().to_string();
        let mut left = Vec::new();
        for entry in std::fs::read_dir("/proc").unwrap().flatten() {
            let pid = entry.file_name().to_string_lossy().into_owned();
            if !pid.bytes().all(|b| b.is_ascii_digit()) || pid == own {
                continue;
            }
            let mounts =
                std::fs::read_to_string(entry.path().join("mountinfo")).unwrap_or_default();
            let cwd = std::fs::read_link(entry.path().join("cwd")).unwrap_or_default();
            if mounts.contains(&marker) || cwd.to_string_lossy().contains(&marker) {
                let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
                left.push(format!(
                    "pid {pid}: {}",
                    String::from_utf8_lossy(&cmdline).replace('\0', " ")
                ));
            }
        }
        left
    }

    /// Nothing of the project's compiles is left: no process (given a second to be reaped), no
    /// build folder in the cache, no scratch folder of judge's.
    fn assert_nothing_left(&self) {
        let deadline = Instant::now() + Duration::from_secs(1);
        while !self.processes_left().is_empty() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(50));
        }
        let left = self.processes_left();
        assert!(left.is_empty(), "left running:\n{}", left.join("\n"));
        let (_, other) = self.cache_entries();
        assert!(other.is_empty(), "left in the cache: {other:?}");
        let scratch: Vec<String> = std::fs::read_dir(self.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| name.starts_with("judge-"))
            .collect();
        assert!(scratch.is_empty(), "scratch folders left: {scratch:?}");
    }
}

/// A language whose compile step runs the submitted shell script (and whose run prints it):
/// a stand-in for a compiler that misbehaves.
const SCRIPT_LANGUAGE: &str = r#"
[languages.script]
name = "compile script"
extensions = ["bomb"]
compile = ["sh", "{source}"]
run = ["cat", "{source}"]
"#;

/// Limits small enough for a misbehaving compile to reach quickly; the time limit is far above
/// how long the tests allow, so a compile that ends in time was ended by another limit.
const SMALL_COMPILE_LIMITS: &str = "[defaults]
compile_time_limit_seconds = 60
compile_memory_mib = 64
compile_max_processes = 16
compile_output_limit_mib = 8
compile_message_limit_kib = 16
";

/// How long a misbehaving compile may take to be stopped, judge's start and end included.
const QUICKLY: Duration = Duration::from_secs(20);

/// Compiles `script` (as `NAME.bomb`, the script language's) in `project`: it must be a compile error whose message
/// says each of `says`, given quickly, with nothing left behind.
fn assert_stopped_at(project: &Project, name: &str, script: &str, says: &[&str]) {
    let file = format!("{name}.bomb");
    project.write(&file, script);
    let run = project.grade(&file);
    assert_eq!(run.verdict(), "CE", "{script}\n{}", run.show());
    assert_eq!(run.code, Some(1), "{}", run.show());
    for said in says {
        assert!(
            run.message().contains(said),
            "{script}: expected the message to say {said:?}\n{}",
            run.show()
        );
    }
    assert!(run.elapsed < QUICKLY, "{script}: slow\n{}", run.show());
    project.assert_nothing_left();
}

#[test]
#[ignore = "needs root"]
fn a_compiler_that_forks_without_end_is_stopped_at_its_process_limit() {
    require_root();
    let _serial = serial();
    let project = Project::new(&format!("{SMALL_COMPILE_LIMITS}{SCRIPT_LANGUAGE}"));
    assert_stopped_at(
        &project,
        "fork-bomb",
        // Each level waits for its children, so the compile cannot end before a fork is
        // refused (without the inner wait it could, in a few ms, and was not a CE).
        "bomb() { bomb & bomb & wait; }\nbomb\n",
        &["limit of 16 processes (compile_max_processes)"],
    );
    // A bomb left in the background as the compile step ends: ended with it, and a compile
    // error however far it had got (whether it reached the process limit before the step
    // ended is a race: that was a compile error in some runs, a build in others). The
    // message names the limit when it was reached, what was left otherwise.
    for attempt in 0..3 {
        let file = format!("background-bomb-{attempt}.bomb");
        project.write(&file, "f() { f | f & }; f\n");
        let run = project.grade(&file);
        assert_eq!(run.verdict(), "CE", "{}", run.show());
        let message = run.message();
        assert!(
            message.contains("(compile_max_processes)")
                || message.contains("processes it started were still running"),
            "{}",
            run.show()
        );
        project.assert_nothing_left();
    }
}

#[test]
fn a_compiler_that_leaves_a_process_running_is_a_compile_error() {
    let _serial = serial();
    let project = Project::new(&format!("{SMALL_COMPILE_LIMITS}{SCRIPT_LANGUAGE}"));
    // The step itself succeeds (exit 0, the "binary" is there); what it left is ended.
    assert_stopped_at(
        &project,
        "sleeper",
        "sleep 100 &\nexit 0\n",
        &["processes it started were still running"],
    );
}

#[test]
#[ignore = "needs root"]
fn a_compiler_that_eats_memory_is_stopped_at_its_memory_limit() {
    require_root();
    let _serial = serial();
    let project = Project::new(&format!("{SMALL_COMPILE_LIMITS}{SCRIPT_LANGUAGE}"));
    assert_stopped_at(
        &project,
        "memory-bomb",
        "x=a\nwhile :; do x=\"$x$x\"; done\n",
        &["memory limit of 64 MiB (compile_memory_mib)"],
    );
}

#[test]
#[ignore = "needs root"]
fn a_compiler_that_writes_without_end_is_stopped_at_its_output_limits() {
    require_root();
    let _serial = serial();
    let project = Project::new(&format!("{SMALL_COMPILE_LIMITS}{SCRIPT_LANGUAGE}"));
    // Messages without end.
    assert_stopped_at(
        &project,
        "messages",
        "yes 'a message'\n",
        &["16 KiB of messages (compile_message_limit_kib)"],
    );
    // One file without end (stopped at the file size limit; the folder then holds more).
    assert_stopped_at(
        &project,
        "one-file",
        "cat /dev/zero > big\nexit 0\n",
        &["8 MiB", "(compile_output_limit_mib)"],
    );
    // A program the compiler started is stopped at the file size limit and the compiler only
    // relays it ("File size limit exceeded", exit 153): the limit is still named.
    assert_stopped_at(
        &project,
        "child-file",
        "cat /dev/zero > big\n",
        &["8 MiB", "(compile_output_limit_mib)"],
    );
    // The same in the compiler's /tmp, gone with it: the shell's exit code 153 says it.
    assert_stopped_at(
        &project,
        "child-tmp-file",
        "head -c 100000000 /dev/zero > /tmp/fill\n",
        &["8 MiB", "(compile_output_limit_mib)"],
    );
    // Files without end, each under the file size limit.
    assert_stopped_at(
        &project,
        "many-files",
        "i=0\nwhile :; do head -c 1000000 /dev/zero > f$i; i=$((i+1)); done\n",
        &["more than 8 MiB or 100000 files (compile_output_limit_mib)"],
    );
}

/// A C++ source that includes `file`.
fn including(file: &Path) -> String {
    format!(
        "#include \"{}\"\nint main() {{ return 0; }}\n",
        file.display()
    )
}

/// A Rust source that reads `file` at compile time.
fn rust_including(file: &Path) -> String {
    format!(
        "fn main() {{ print!(\"{{}}\", include_str!(\"{}\")); }}\n",
        file.display()
    )
}

/// Files a compile must not read, with what the compiler must say about each and a text of
/// theirs that must not be seen: /etc/shadow, a file only root may read in a folder the
/// sandbox shows, a file of the project, and a source in the compile cache.
fn forbidden_files(project: &Project) -> Vec<(PathBuf, &'static str, String)> {
    let shadow = std::fs::read_to_string("/etc/shadow").unwrap();
    let shadow_line = shadow.lines().next().unwrap().to_string();
    assert!(!shadow_line.is_empty());
    let root_only = project.path().join("shown/secret.h");
    let project_file = project.write("secret.h", "PROJECT-SECRET-91b2\n");
    // A cached program whose source holds a secret of its own.
    project.write(
        "cached.cpp",
        "// CACHE-SECRET-5d0e\nint main() { return 0; }\n",
    );
    let cached = project.grade("cached.cpp");
    assert_eq!(cached.code, Some(1), "{}", cached.show());
    let (entries, _) = project.cache_entries();
    let cached_source = entries
        .iter()
        .map(|entry| entry.join("solution.cpp"))
        .find(|source| std::fs::read_to_string(source).is_ok_and(|t| t.contains("CACHE-SECRET")))
        .expect("the cached source");
    vec![
        (
            PathBuf::from("/etc/shadow"),
            "Permission denied",
            shadow_line,
        ),
        (root_only, "Permission denied", "ROOT-ONLY-7f3a".into()),
        (
            project_file,
            "No such file or directory",
            "PROJECT-SECRET-91b2".into(),
        ),
        (
            cached_source,
            "No such file or directory",
            "CACHE-SECRET-5d0e".into(),
        ),
    ]
}

/// A project whose sandbox shows `shown/`, holding `secret.h` that only root may read.
fn project_showing_a_root_only_file() -> Project {
    // The folder is created before the project's runner.toml names it.
    let project = Project::new("");
    let shown = project.path().join("shown");
    std::fs::create_dir(&shown).unwrap();
    std::fs::set_permissions(&shown, std::fs::Permissions::from_mode(0o755)).unwrap();
    let secret = shown.join("secret.h");
    std::fs::write(&secret, "ROOT-ONLY-7f3a\n").unwrap();
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::fs::write(
        project.path().join("runner.toml"),
        format!(
            "[defaults]\ncache_dir = \"cache\"\n[sandbox]\nread_only_paths = [\"{}\"]\n",
            shown.display()
        ),
    )
    .unwrap();
    project
}

/// For each file the sandbox hides, compiles `reads<i>.<extension>`, a source that `source`
/// makes to read it at compile time: each is CE, with a message that says what `expected`
/// makes of the file and the compiler's word for it, names the user's file, and holds
/// nothing of the file's.
fn assert_hidden_files_are_not_read(
    extension: &str,
    source: fn(&Path) -> String,
    expected: fn(&Path, &str) -> String,
) {
    let project = project_showing_a_root_only_file();
    for (index, (file, says, secret)) in forbidden_files(&project).into_iter().enumerate() {
        assert!(file.is_file(), "{} is there on the host", file.display());
        let name = format!("reads{index}.{extension}");
        project.write(&name, &source(&file));
        let run = project.grade(&name);
        assert_eq!(run.verdict(), "CE", "{}: {}", file.display(), run.show());
        let message = run.message();
        assert!(
            message.contains(&expected(&file, says)),
            "{}: expected {says:?}\n{}",
            file.display(),
            run.show()
        );
        assert!(
            !run.text.contains(&secret) && !message.contains(&secret),
            "{}: its contents reached the report\n{}",
            file.display(),
            run.show()
        );
        assert!(message.contains(&format!("{name}:1:")), "{}", run.show());
    }
    project.assert_nothing_left();
}

#[test]
#[ignore = "needs root"]
fn a_cpp_include_of_a_file_the_sandbox_hides_is_a_compile_error_without_its_contents() {
    require_root();
    let _serial = serial();
    assert_hidden_files_are_not_read("cpp", including, |file, says| {
        format!("{}: {says}", file.display())
    });
}

#[test]
#[ignore = "needs root"]
fn a_rust_include_str_of_a_file_the_sandbox_hides_is_a_compile_error_without_its_contents() {
    require_root();
    let _serial = serial();
    assert_hidden_files_are_not_read("rs", rust_including, |file, says| {
        format!("couldn't read `{}`: {says}", file.display())
    });
}

#[test]
fn a_compile_error_names_the_users_file_not_the_build_folder() {
    let project = Project::new("");
    std::fs::create_dir(project.path().join("mine")).unwrap();
    let run = project.grade_with(
        &common::repo()
            .join("solutions/boj12100/compile_error/missing_semicolon.c")
            .to_string_lossy(),
        &[],
    );
    assert_eq!(run.verdict(), "CE", "{}", run.show());
    let message = run.message();
    let user_path = common::repo().join("solutions/boj12100/compile_error/missing_semicolon.c");
    assert!(
        message.contains(&format!("{}:", user_path.display())),
        "{}",
        run.show()
    );
    // A path relative to the current folder stays as given.
    project.write("mine/broken.cpp", "int main() { return x; }\n");
    let run = project.grade("mine/broken.cpp");
    assert_eq!(run.verdict(), "CE", "{}", run.show());
    assert!(
        run.message().contains("mine/broken.cpp:1:21: error"),
        "{}",
        run.show()
    );
    for build_name in [".build-", "cache/", "/box/", "solution.c"] {
        assert!(
            !run.message().contains(build_name),
            "the message names {build_name:?}\n{}",
            run.show()
        );
    }
}

#[test]
fn a_cached_compile_starts_no_sandbox() {
    // The launcher judge starts for every sandbox session is found through JUDGE_LAUNCHER: a
    // script that logs each session's description (one argument of JSON) and goes on as the
    // launcher. A compile's session is the one whose work folder is writable.
    let project = Project::new("");
    let log = project.path().join("sessions.log");
    let wrapper = project.path().join("launcher.sh");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\nprintf '%s\\n' \"$2\" >> '{}'\nexec '{}' \"$@\"\n",
            log.display(),
            env!("CARGO_BIN_EXE_judge")
        ),
    )
    .unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let wrapper = wrapper.to_string_lossy().into_owned();
    let solution = common::repo()
        .join("solutions/boj12100/accepted/dfs.cpp")
        .to_string_lossy()
        .into_owned();
    let sessions = || {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        let lines: Vec<Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).expect("a session's JSON"))
            .collect();
        let compiles = lines
            .iter()
            .filter(|spec| spec["writable_workdir"] == Value::Bool(true))
            .count();
        let _ = std::fs::remove_file(&log);
        (compiles, lines.len() - compiles)
    };
    let cold = project.grade_with(&solution, &[("JUDGE_LAUNCHER", &wrapper)]);
    assert_eq!(cold.verdict(), "AC", "{}", cold.show());
    let (compiles, runs) = sessions();
    assert_eq!(compiles, 1, "the cold compile's session");
    assert!(runs >= 1, "the runs' sessions are logged too");

    let warm = project.grade_with(&solution, &[("JUDGE_LAUNCHER", &wrapper)]);
    assert_eq!(warm.verdict(), "AC", "{}", warm.show());
    let (compiles, runs) = sessions();
    assert_eq!(
        compiles,
        0,
        "a cached compile started a sandbox\n{}",
        warm.show()
    );
    assert!(runs >= 1, "the runs' sessions are logged");
}

/// The lock that serializes the tests of this file that must not overlap.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    crate::common::hold(&LOCK)
}
