//! End-to-end: the languages beyond C, C++, Python and Rust (Java, JavaScript, PyPy 3) and the
//! compile flags that follow Baekjoon. Java is compiled under its public class's name, else
//! its file's (Baekjoon's `Main` in a file of any name and Kattis's class named as its file
//! both compile), starts within a one-second limit, has a deep stack, and its memory bomb is
//! MLE with cgroups and without them (where RLIMIT_DATA and the launcher's watch of the
//! resident size are the limits). JavaScript reads its input
//! from descriptor 0 or /dev/stdin and a syntax error is CE. A language whose compiler or
//! runtime is missing is an error naming both.

use crate::common;

use std::path::PathBuf;

use crate::common::{grade, program, repo, require_root, require_tool};
use serde_json::Value;

/// A folder with one `--tests-dir` test: input `x`, answer `fresh`.
fn one_test() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.in"), "x\n").unwrap();
    std::fs::write(dir.path().join("t.ans"), "fresh\n").unwrap();
    dir
}

/// What a grading gave: exit code, report and text.
struct Graded {
    code: i32,
    report: Value,
    text: String,
}

impl Graded {
    fn verdict(&self) -> &str {
        self.report["verdict"].as_str().unwrap_or("(no report)")
    }

    /// The first test that is not accepted, else the first test.
    fn first_failure(&self) -> Value {
        let tests = self.report["tests"].as_array().cloned().unwrap_or_default();
        tests
            .iter()
            .find(|t| t["verdict"] != "AC")
            .or(tests.first())
            .cloned()
            .unwrap_or(Value::Null)
    }

    fn protections(&self) -> String {
        self.report["protections"].to_string()
    }
}

/// `judge test SOURCE --problem boj1525 --tests-dir (one test) EXTRA...` with the repository's
/// runner.toml.
fn on_one_test(source: &str, extra: &[&str]) -> Graded {
    let tests = one_test();
    let tests_dir = tests.path().to_string_lossy().into_owned();
    let mut args = vec!["--problem", "boj1525", "--tests-dir", &tests_dir];
    args.extend_from_slice(extra);
    let (code, report, text) = grade(source, &args);
    Graded { code, report, text }
}

/// A project root of its own: the repository's runner.toml changed by `edit` (which must change
/// it) and problems/boj1525.
struct OwnRoot {
    dir: tempfile::TempDir,
}

impl OwnRoot {
    fn new(edit: impl Fn(&str) -> String) -> OwnRoot {
        let dir = tempfile::tempdir().unwrap();
        let original = std::fs::read_to_string(repo().join("runner.toml")).unwrap();
        let edited = edit(&original);
        assert_ne!(edited, original, "the edit did not apply");
        std::fs::write(dir.path().join("runner.toml"), edited).unwrap();
        common::copy_tree(
            &repo().join("problems/boj1525"),
            &dir.path().join("problems/boj1525"),
        );
        OwnRoot { dir }
    }

    fn path(&self) -> PathBuf {
        self.dir.path().to_path_buf()
    }

    /// `judge --config ROOT/runner.toml ARGS...` from the repository.
    fn judge(&self, args: &[&str]) -> std::process::Output {
        let config = self.path().join("runner.toml");
        let mut all = vec!["--config", config.to_str().unwrap()];
        all.extend_from_slice(args);
        common::judge(&all)
    }

    /// `judge test SOURCE` on one test with this root's runner.toml.
    fn grade(&self, source: &str, extra: &[&str]) -> Graded {
        let tests = one_test();
        let report = self.path().join("report.json");
        let _ = std::fs::remove_file(&report);
        let tests_dir = tests.path().to_string_lossy().into_owned();
        let report_arg = report.to_string_lossy().into_owned();
        let mut args = vec![
            "test",
            source,
            "--problem",
            "boj1525",
            "--tests-dir",
            &tests_dir,
            "--json",
            &report_arg,
        ];
        args.extend_from_slice(extra);
        let output = self.judge(&args);
        Graded {
            code: output.status.code().unwrap_or(-1),
            report: std::fs::read_to_string(&report)
                .ok()
                .and_then(|text| serde_json::from_str(&text).ok())
                .unwrap_or(Value::Null),
            text: format!(
                "{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            ),
        }
    }
}

// ----- Java --------------------------------------------------------------------------------

#[test]
#[ignore = "needs a JDK (javac, jar, java)"]
fn java_in_baekjoons_main_and_in_a_class_named_as_its_file_is_accepted() {
    require_tool("javac");
    for (solution, problem) in [
        ("solutions/boj12100/accepted/Main.java", "boj12100"),
        ("solutions/boj1525/accepted/BfsRank.java", "boj1525"),
    ] {
        let (code, report, text) = grade(solution, &["--problem", problem, "--count", "5"]);
        assert_eq!(report["verdict"], "AC", "{solution}: {text}");
        assert_eq!(code, 0, "{solution}: {text}");
        assert_eq!(report["language"], "Java 17 (OpenJDK)", "{text}");
    }
}

/// Baekjoon names every Java file `Main.java`; a `public class Main` saved under the problem's
/// number compiles under its class's name, as it would there.
#[test]
#[ignore = "needs a JDK (javac, jar, java)"]
fn java_saved_under_another_name_compiles_under_its_public_class() {
    require_tool("javac");
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("12100.java");
    std::fs::copy(repo().join("solutions/boj12100/accepted/Main.java"), &saved).unwrap();
    let source = saved.to_string_lossy().into_owned();
    let (code, report, text) = grade(&source, &["--problem", "boj12100", "--count", "3"]);
    assert_eq!(report["verdict"], "AC", "{text}");
    assert_eq!(code, 0, "{text}");
}

/// The JVM's start-up (class loading, JIT threads) fits a one-second limit given on the command
/// line, which replaces Java's allowance; a nested class and 24 MiB of arrays are fine.
#[test]
#[ignore = "needs a JDK (javac, jar, java)"]
fn java_starts_within_a_one_second_limit() {
    require_tool("javac");
    let run = on_one_test(&program("PrintsFresh.java"), &["--time-limit", "1"]);
    assert_eq!(run.verdict(), "AC", "{}", run.text);
    let test = run.first_failure();
    assert!(
        test["cpu_ms"].as_u64().unwrap() < 1000,
        "start-up took {test}"
    );
}

#[test]
#[ignore = "needs a JDK (javac, jar, java)"]
fn java_recursion_a_million_calls_deep_is_accepted() {
    require_tool("javac");
    let run = on_one_test(&program("DeepRecursion.java"), &["--memory-limit", "256"]);
    assert_eq!(run.verdict(), "AC", "{}", run.text);
}

/// A single array larger than the heap fails at once with OutOfMemoryError, far below the
/// memory limit: MLE, because the heap is sized from the limit.
#[test]
#[ignore = "needs a JDK (javac, jar, java)"]
fn java_out_of_memory_error_is_mle() {
    require_tool("javac");
    let (code, report, text) = grade(
        "solutions/boj1525/memory_limit_exceeded/DigitArray.java",
        &["--tests", "samples"],
    );
    assert_eq!(report["verdict"], "MLE", "{text}");
    assert_eq!(code, 1);
    assert!(text.contains("java.lang.OutOfMemoryError"), "{text}");
}

#[test]
#[ignore = "needs root and a JDK (javac, jar, java)"]
fn a_java_memory_bomb_is_mle_with_cgroups() {
    require_root();
    require_tool("javac");
    let run = on_one_test(&program("MemoryBomb.java"), &["--memory-limit", "128"]);
    assert!(
        run.protections().contains("memory-cgroup"),
        "{}",
        run.protections()
    );
    assert_eq!(run.verdict(), "MLE", "{}", run.text);
    assert_eq!(run.code, 1);
    let peak_kib = run.first_failure()["peak_kib"].as_u64().unwrap_or(0);
    assert!(
        peak_kib > 64 * 1024 && peak_kib < 192 * 1024,
        "peak {peak_kib} KiB against 128 MiB\n{}",
        run.text
    );
}

/// Without cgroups (what a user without root gets; here `cgroups = false`): RLIMIT_DATA at
/// twice the limit plus 1 GiB must leave the JVM room to start (its thread stacks count), and
/// the bomb is MLE while a program within the limit is accepted.
#[test]
#[ignore = "needs a JDK (javac, jar, java)"]
fn without_cgroups_java_starts_and_its_memory_bomb_is_mle() {
    require_tool("javac");
    let root = OwnRoot::new(|text| text.replace("cgroups = true", "cgroups = false"));
    let fresh = root.grade(&program("PrintsFresh.java"), &[]);
    assert_eq!(fresh.verdict(), "AC", "{}", fresh.text);
    assert!(
        !fresh.protections().contains("memory-cgroup"),
        "{}",
        fresh.protections()
    );
    let bomb = root.grade(&program("MemoryBomb.java"), &["--memory-limit", "128"]);
    assert_eq!(bomb.verdict(), "MLE", "{}", bomb.text);
    let peak_kib = bomb.first_failure()["peak_kib"].as_u64().unwrap_or(0);
    assert!(
        peak_kib > 64 * 1024 && peak_kib < 256 * 1024,
        "peak {peak_kib} KiB against 128 MiB\n{}",
        bomb.text
    );
}

// ----- JavaScript --------------------------------------------------------------------------

#[test]
#[ignore = "needs node"]
fn javascript_reads_descriptor_0_and_dev_stdin_and_is_accepted() {
    require_tool("node");
    for source in ["reads_fd0.js", "reads_dev_stdin.js"] {
        let run = on_one_test(&program(source), &[]);
        assert_eq!(run.verdict(), "AC", "{source}: {}", run.text);
    }
    let (code, report, text) = grade(
        "solutions/boj12100/accepted/dfs.js",
        &["--problem", "boj12100", "--count", "5"],
    );
    assert_eq!(report["verdict"], "AC", "{text}");
    assert_eq!(code, 0);
    assert_eq!(report["language"], "JavaScript (Node.js)", "{text}");
}

#[test]
#[ignore = "needs node"]
fn a_javascript_syntax_error_is_a_compile_error() {
    require_tool("node");
    let (code, report, text) = grade(
        "solutions/boj12100/compile_error/bad_syntax.js",
        &["--tests", "samples"],
    );
    assert_eq!(report["verdict"], "CE", "{text}");
    assert_eq!(code, 1);
    assert!(text.contains("SyntaxError"), "{text}");
}

#[test]
#[ignore = "needs node"]
fn a_javascript_memory_bomb_is_mle() {
    require_tool("node");
    let run = on_one_test(&program("memory_bomb.js"), &["--memory-limit", "128"]);
    assert_eq!(run.verdict(), "MLE", "{}", run.text);
}

// ----- C flags and PyPy --------------------------------------------------------------------

/// Baekjoon compiles C as gnu11, where POSIX names are declared without _POSIX_C_SOURCE; with
/// -std=c11 this program would not compile.
#[test]
fn c_using_clock_gettime_is_accepted() {
    let run = on_one_test(&program("posix_clock.c"), &[]);
    assert_eq!(run.verdict(), "AC", "{}", run.text);
}

#[test]
#[ignore = "needs pypy3"]
fn python_under_pypy3_is_accepted() {
    require_tool("pypy3");
    // PyPy's heap on this search peaks at 236 MiB when nothing bounds it (Debian's PyPy
    // 7.3.11, `--memory-limit 1024`); whether its collector keeps within the allowance of
    // 128 MiB depended on the machine (AC on one, MLE on another at 165 MiB, the same
    // binary). What is checked here is that PyPy runs the source, so the limit is wide.
    let (code, report, text) = grade(
        "solutions/boj1525/accepted/bfs_dict.py",
        &[
            "--language",
            "pypy3",
            "--count",
            "5",
            "--memory-limit",
            "512",
        ],
    );
    assert_eq!(report["verdict"], "AC", "{text}");
    assert_eq!(code, 0);
    assert_eq!(report["language"], "PyPy 3", "{text}");
}

// ----- missing compilers and runtimes ------------------------------------------------------

#[test]
#[ignore = "needs a JDK (java)"]
fn a_missing_runtime_or_compiler_is_an_error_naming_the_language_and_the_program() {
    require_tool("java");
    let root = OwnRoot::new(|text| {
        text.replace(r#"run = ["node", "#, r#"run = ["no-such-node-here", "#)
            .replace(
                r#"compile = ["javac", "#,
                r#"compile = ["no-such-javac-here", "#,
            )
    });
    for (source, says) in [
        (
            program("reads_fd0.js"),
            "language javascript (JavaScript (Node.js)): not installed: `no-such-node-here` (its runtime",
        ),
        (
            program("PrintsFresh.java"),
            "language java (Java 17 (OpenJDK)): not installed: `no-such-javac-here` (its compiler",
        ),
    ] {
        let run = root.grade(&source, &[]);
        assert_eq!(run.code, 2, "{}", run.text);
        assert!(run.text.contains(says), "{}", run.text);
        assert!(!run.text.contains("panicked"), "{}", run.text);
    }

    // `judge verify` says it on the solution's row and still checks the others.
    let solutions = root.path().join("solutions/boj1525/accepted");
    std::fs::create_dir_all(&solutions).unwrap();
    std::fs::copy(program("reads_fd0.js"), solutions.join("reads_fd0.js")).unwrap();
    std::fs::copy(
        repo().join("solutions/boj1525/accepted/bfs_map.cpp"),
        solutions.join("bfs_map.cpp"),
    )
    .unwrap();
    let output = root.judge(&["verify", "boj1525", "--count", "2"]);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.status.code(), Some(2), "{text}");
    let row = text
        .lines()
        .find(|line| line.contains("reads_fd0.js"))
        .unwrap_or_else(|| panic!("no row for reads_fd0.js:\n{text}"));
    assert!(
        row.contains(
            "language javascript (JavaScript (Node.js)): not installed: `no-such-node-here`"
        ),
        "{row}"
    );
    let other = text
        .lines()
        .find(|line| line.contains("bfs_map.cpp"))
        .unwrap_or_else(|| panic!("no row for bfs_map.cpp:\n{text}"));
    assert!(other.contains("ok"), "{other}");
}
