//! End-to-end: bad input of every kind (configuration files, command lines, program outputs,
//! concurrent graders) gets the right verdict, or exit code 2 with a clear one-line error;
//! never a panic.

use crate::common;

use crate::common::program;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// Runs `judge ARGS` from the repository.
fn judge(args: &[&str]) -> Output {
    common::judge(args)
}

fn stderr_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn show(output: &Output) -> String {
    format!(
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// Exit code 2, no panic, and stderr mentions every one of `needles`.
fn assert_usage_error(output: &Output, needles: &[&str]) {
    let stderr = stderr_of(output);
    assert!(
        !stderr.contains("panicked"),
        "judge panicked\n{}",
        show(output)
    );
    assert_eq!(
        output.status.code(),
        Some(2),
        "expected exit code 2\n{}",
        show(output)
    );
    for needle in needles {
        assert!(
            stderr.contains(needle),
            "stderr does not mention {needle:?}\n{}",
            show(output)
        );
    }
}

/// The error is a single line.
fn is_one_line(output: &Output) -> bool {
    stderr_of(output).trim_end().lines().count() == 1
}

fn repo_file(path: &str) -> String {
    std::fs::read_to_string(common::repo().join(path)).unwrap()
}

// ----- runner.toml -------------------------------------------------------------------------

/// Writes a copy of the repository's runner.toml changed by `edit` (which must change it) and
/// runs `judge --config COPY test ...` on it.
fn with_broken_runner(edit: impl Fn(&str) -> String) -> (Output, PathBuf, tempfile::TempDir) {
    let original = repo_file("runner.toml");
    let broken = edit(&original);
    assert_ne!(broken, original, "the edit did not apply");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("broken-runner.toml");
    std::fs::write(&file, broken).unwrap();
    let output = judge(&[
        "--config",
        &file.to_string_lossy(),
        "test",
        &program("prints_fresh.c"),
        "--problem",
        "boj1525",
    ]);
    (output, file, dir)
}

/// Each broken runner.toml with the key its error must name.
/// Turns the shipped runner.toml into a broken one.
type Breakage = Box<dyn Fn(&str) -> String>;

fn broken_runners() -> Vec<(&'static str, Breakage, &'static str)> {
    vec![
        (
            "syntax error",
            Box::new(|t: &str| t.replace("seed = 20261121", "seed = 20261121 x")),
            "seed",
        ),
        (
            // A key left out is taken from the layers below (the built-in configuration), so
            // what can be missing is a key of a language no layer below has.
            "missing key",
            Box::new(|t: &str| {
                t.replace(
                    "[languages.c]\n",
                    "[languages.java]\nname = \"Java\"\nextensions = [\"java\"]\n\n[languages.c]\n",
                )
            }),
            "languages.java",
        ),
        (
            "wrong type",
            Box::new(|t: &str| t.replace("jobs = 0 ", "jobs = \"two\" ")),
            "jobs",
        ),
        (
            "unknown key",
            Box::new(|t: &str| t.replace("[defaults]\n", "[defaults]\ncolour = true\n")),
            "colour",
        ),
        (
            "invalid limit",
            Box::new(|t: &str| t.replace("output_limit_mib = 64", "output_limit_mib = 0")),
            "output_limit_mib",
        ),
    ]
}

fn assert_runner_case(case: &str) {
    let (_, edit, key) = broken_runners()
        .into_iter()
        .find(|(name, _, _)| *name == case)
        .unwrap();
    let (output, _file, _dir) = with_broken_runner(edit);
    assert_usage_error(&output, &["broken-runner.toml", key]);
}

#[test]
fn runner_toml_syntax_error() {
    assert_runner_case("syntax error");
}

#[test]
fn runner_toml_missing_key() {
    assert_runner_case("missing key");
}

#[test]
fn runner_toml_wrong_type() {
    assert_runner_case("wrong type");
}

#[test]
fn runner_toml_unknown_key() {
    assert_runner_case("unknown key");
}

#[test]
fn runner_toml_invalid_limit() {
    assert_runner_case("invalid limit");
}

/// README: exit code 2 comes with "one line on stderr saying what to fix".
#[test]
fn runner_toml_errors_fit_on_one_line() {
    let mut multi_line = Vec::new();
    for (name, edit, _key) in broken_runners() {
        let (output, _file, _dir) = with_broken_runner(edit);
        assert_eq!(output.status.code(), Some(2), "{name}\n{}", show(&output));
        if !is_one_line(&output) {
            multi_line.push(format!("--- {name}:\n{}", stderr_of(&output)));
        }
    }
    assert!(
        multi_line.is_empty(),
        "errors on more than one line:\n{}",
        multi_line.join("\n")
    );
}

// ----- problem.toml ------------------------------------------------------------------------

/// A temporary project root: a copy of runner.toml and problems/boj1525/ with the given
/// problem.toml and (optionally) the real samples.
fn temp_root(problem_toml: &str, samples: Samples) -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    std::fs::write(root.path().join("runner.toml"), repo_file("runner.toml")).unwrap();
    let problem = root.path().join("problems/boj1525");
    std::fs::create_dir_all(&problem).unwrap();
    std::fs::write(problem.join("problem.toml"), problem_toml).unwrap();
    match samples {
        Samples::Copied => {
            let from = common::repo().join("problems/boj1525/samples");
            std::fs::create_dir(problem.join("samples")).unwrap();
            for entry in std::fs::read_dir(from).unwrap().flatten() {
                std::fs::copy(
                    entry.path(),
                    problem.join("samples").join(entry.file_name()),
                )
                .unwrap();
            }
        }
        Samples::EmptyFolder => std::fs::create_dir(problem.join("samples")).unwrap(),
        Samples::None => {}
    }
    root
}

enum Samples {
    Copied,
    EmptyFolder,
    None,
}

fn judge_with_root(root: &Path, extra: &[&str]) -> Output {
    let config = root.join("runner.toml").to_string_lossy().into_owned();
    let source = program("prints_fresh.c");
    let mut args = vec![
        "--config",
        config.as_str(),
        "test",
        source.as_str(),
        "--problem",
        "boj1525",
    ];
    args.extend_from_slice(extra);
    judge(&args)
}

fn assert_problem_key_refused(from: &str, to: &str, key: &str) {
    let original = repo_file("problems/boj1525/problem.toml");
    let broken = original.replace(from, to);
    assert_ne!(broken, original, "the edit did not apply");
    let root = temp_root(&broken, Samples::Copied);
    let output = judge_with_root(root.path(), &["--tests", "samples"]);
    assert_usage_error(&output, &["problem.toml", key]);
    assert!(is_one_line(&output), "not one line\n{}", show(&output));
}

#[test]
fn problem_toml_zero_memory_is_refused() {
    assert_problem_key_refused("memory_mib = 32", "memory_mib = 0", "limits.memory_mib");
}

#[test]
fn problem_toml_zero_output_limit_is_refused() {
    assert_problem_key_refused(
        "memory_mib = 32",
        "memory_mib = 32\noutput_mib = 0",
        "limits.output_mib",
    );
}

#[test]
fn problem_toml_negative_time_is_refused() {
    assert_problem_key_refused(
        "time_seconds = 1.0",
        "time_seconds = -1",
        "limits.time_seconds",
    );
}

#[test]
fn problem_toml_negative_checker_time_limit_is_refused() {
    // Once a panic in a worker thread (exit 101): the limit was turned into a Duration there.
    assert_problem_key_refused(
        "type = \"tokens\"",
        "type = \"external\"\ncommand = [\"./check\"]\ntime_limit_seconds = -1",
        "checker.time_limit_seconds",
    );
}

#[test]
fn problem_without_samples_folder_is_refused() {
    let root = temp_root(&repo_file("problems/boj1525/problem.toml"), Samples::None);
    let output = judge_with_root(root.path(), &[]);
    assert_usage_error(&output, &["samples"]);
    assert!(is_one_line(&output), "not one line\n{}", show(&output));
}

#[test]
fn problem_with_empty_samples_folder_is_refused() {
    let root = temp_root(
        &repo_file("problems/boj1525/problem.toml"),
        Samples::EmptyFolder,
    );
    let output = judge_with_root(root.path(), &["--tests", "samples"]);
    assert_usage_error(&output, &["no samples"]);
    assert!(is_one_line(&output), "not one line\n{}", show(&output));
}

// ----- the command line --------------------------------------------------------------------

#[test]
fn unknown_language_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    // Zig: no [languages.*] table has the extension .zig.
    let zig = dir.path().join("main.zig");
    std::fs::write(&zig, "pub fn main() void {}\n").unwrap();
    let output = judge(&["test", &zig.to_string_lossy(), "--problem", "boj1525"]);
    assert_usage_error(&output, &["main.zig", "no language"]);
    assert!(is_one_line(&output), "not one line\n{}", show(&output));
}

#[test]
fn missing_solution_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.c");
    let output = judge(&["test", &missing.to_string_lossy(), "--problem", "boj1525"]);
    assert_usage_error(&output, &["missing.c", "No such file"]);
    assert!(is_one_line(&output), "not one line\n{}", show(&output));
}

#[test]
fn unknown_problem_is_refused() {
    let output = judge(&["test", &program("prints_fresh.c"), "--problem", "boj9999"]);
    assert_usage_error(&output, &["boj9999", "unknown problem"]);
    assert!(is_one_line(&output), "not one line\n{}", show(&output));
}

#[test]
fn zero_memory_limit_is_refused() {
    let output = judge(&[
        "test",
        &program("prints_fresh.c"),
        "--problem",
        "boj1525",
        "--memory-limit",
        "0",
    ]);
    assert_usage_error(&output, &["--memory-limit"]);
    assert!(is_one_line(&output), "not one line\n{}", show(&output));
}

#[test]
fn negative_time_limit_is_refused() {
    let source = program("prints_fresh.c");
    let output = judge(&["test", &source, "--problem", "boj1525", "--time-limit=-1"]);
    assert_usage_error(&output, &["--time-limit"]);
    assert!(is_one_line(&output), "not one line\n{}", show(&output));
    // Written with a space, clap takes `-1` for an option: still a usage error (exit 2).
    let output = judge(&[
        "test",
        &source,
        "--problem",
        "boj1525",
        "--time-limit",
        "-1",
    ]);
    assert_usage_error(&output, &["-1"]);
}

/// A time limit too large for a duration is refused by every command that takes one (`judge
/// verify PACKAGE --time-limit 1e300` panicked).
#[test]
fn a_huge_time_limit_is_refused_not_a_panic() {
    let source = program("prints_fresh.c");
    for args in [
        vec![
            "test",
            &source,
            "--problem",
            "boj1525",
            "--time-limit",
            "1e300",
        ],
        vec!["verify", "tests/kattis/sumdefault", "--time-limit", "1e300"],
    ] {
        let output = judge(&args);
        assert_usage_error(&output, &["--time-limit", "1e300"]);
        assert!(is_one_line(&output), "not one line\n{}", show(&output));
    }
}

/// Errors that wrap an OS error should say it once ("No such file or directory (os error 2)"
/// twice in one line is noise).
#[test]
fn error_messages_do_not_repeat_their_cause() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.c");
    let missing_file = judge(&["test", &missing.to_string_lossy(), "--problem", "boj1525"]);
    let root = temp_root(&repo_file("problems/boj1525/problem.toml"), Samples::None);
    let no_samples = judge_with_root(root.path(), &[]);
    for output in [missing_file, no_samples] {
        assert_eq!(output.status.code(), Some(2), "{}", show(&output));
        let stderr = stderr_of(&output);
        assert!(
            stderr.matches("(os error 2)").count() <= 1,
            "the cause is repeated: {stderr}"
        );
    }
}

// ----- program outputs ---------------------------------------------------------------------

/// Grades `source` on one --tests-dir test (input `x`, the given answer) and returns
/// (exit code, verdict, report, output).
fn grade_output(source: &str, answer: &[u8]) -> (i32, String, Value, String) {
    let tests = tempfile::tempdir().unwrap();
    std::fs::write(tests.path().join("t.in"), "x\n").unwrap();
    std::fs::write(tests.path().join("t.ans"), answer).unwrap();
    let (code, report, text) = common::grade(
        &program(source),
        &[
            "--problem",
            "boj1525",
            "--tests-dir",
            &tests.path().to_string_lossy(),
            "--time-limit",
            "2",
        ],
    );
    assert!(!text.contains("panicked"), "judge panicked:\n{text}");
    let verdict = report["verdict"]
        .as_str()
        .unwrap_or("(no report)")
        .to_string();
    (code, verdict, report, text)
}

#[test]
fn invalid_utf8_output_is_wrong_answer() {
    let (code, verdict, _, text) = grade_output("invalid_utf8.c", b"fresh\n");
    assert_eq!(verdict, "WA", "{text}");
    assert_eq!(code, 1);
}

/// Bytes that are not UTF-8 are not the answer's bytes, even when the answer happens to be the
/// replacement characters a lossy decoding would turn them into.
#[test]
fn invalid_utf8_output_does_not_match_replacement_characters() {
    let answer = "\u{FFFD}\u{FFFD}\u{FFFD}\n";
    let (code, verdict, _, text) = grade_output("invalid_utf8.c", answer.as_bytes());
    assert_eq!(
        verdict, "WA",
        "output bytes FF FE 80 were accepted for the answer EF BF BD x3:\n{text}"
    );
    assert_eq!(code, 1);
}

#[test]
fn crlf_around_the_right_answer_is_accepted() {
    let (code, verdict, _, text) = grade_output("crlf_answer.c", b"fresh\n");
    assert_eq!(verdict, "AC", "{text}");
    assert_eq!(code, 0);
}

#[test]
fn a_100_mb_line_is_output_limit_exceeded() {
    let (code, verdict, report, text) = grade_output("huge_line.c", b"fresh\n");
    assert_eq!(verdict, "OLE", "{text}");
    assert_eq!(code, 1);
    assert_eq!(report["limits"]["output_kib"], 64 * 1024, "{text}");
}

#[test]
fn empty_output_is_wrong_answer() {
    let (code, verdict, report, text) = grade_output("empty_output.c", b"fresh\n");
    assert_eq!(verdict, "WA", "{text}");
    assert_eq!(code, 1);
    assert!(report["tests"][0]["message"].is_string(), "{text}");
}

// ----- two graders on one compile cache ----------------------------------------------------

#[test]
fn two_graders_share_a_fresh_compile_cache() {
    let root = tempfile::tempdir().unwrap();
    let cache = tempfile::tempdir().unwrap();
    let runner = repo_file("runner.toml").replace(
        "cache_dir = \".judge-cache\"",
        &format!("cache_dir = {:?}", cache.path().to_string_lossy()),
    );
    assert!(
        runner.contains(&*cache.path().to_string_lossy()),
        "cache_dir not replaced"
    );
    std::fs::write(root.path().join("runner.toml"), runner).unwrap();
    std::os::unix::fs::symlink(
        common::repo().join("problems"),
        root.path().join("problems"),
    )
    .unwrap();
    let tests = tempfile::tempdir().unwrap();
    std::fs::write(tests.path().join("t.in"), "x\n").unwrap();
    std::fs::write(tests.path().join("t.ans"), "fresh\n").unwrap();
    // Three rounds, each on a source no grader has seen: the program plus a unique comment.
    let config = root.path().join("runner.toml");
    let mut both_compiled = 0;
    for round in 0..3 {
        let nonce = format!(
            "{}-{}-{round}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos()
        );
        let source = root.path().join(format!("fresh{round}.c"));
        std::fs::write(
            &source,
            format!(
                "{}// never seen before: {nonce}\n",
                repo_file("tests/programs/prints_fresh.c")
            ),
        )
        .unwrap();
        let start = || {
            Command::new(env!("CARGO_BIN_EXE_judge"))
                .args(["--config", &config.to_string_lossy()])
                .args(["test", &source.to_string_lossy(), "--problem", "boj1525"])
                .args(["--tests-dir", &tests.path().to_string_lossy()])
                .current_dir(root.path())
                .env("NO_COLOR", "1")
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("judge starts")
        };
        let first = start();
        let second = start();
        let mut compiled = 0;
        for child in [first, second] {
            let output = child.wait_with_output().unwrap();
            assert!(
                !stderr_of(&output).contains("panicked"),
                "{}",
                show(&output)
            );
            assert_eq!(
                output.status.code(),
                Some(0),
                "round {round}: a grader failed\n{}",
                show(&output)
            );
            if String::from_utf8_lossy(&output.stdout).contains("compiled in") {
                compiled += 1;
            }
        }
        if compiled == 2 {
            both_compiled += 1;
        }
        let entries: Vec<String> = std::fs::read_dir(cache.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert!(
            !entries.iter().any(|e| e.starts_with(".build-")),
            "round {round}: build folders left in the cache: {entries:?}"
        );
        assert_eq!(
            entries.len(),
            round + 1,
            "round {round}: the cache should hold one entry per source: {entries:?}"
        );
    }
    if both_compiled == 0 {
        eprintln!("note: the two graders never compiled at the same time; the rename race was not exercised");
    }
}

/// With namespaces and cgroups turned off (as on a system that refuses them), the rlimit
/// fallback still gives the right verdicts, and the report says which protections were on.
#[test]
fn the_rlimit_fallback_still_gives_the_right_verdicts() {
    let root = tempfile::tempdir().unwrap();
    let runner = std::fs::read_to_string(common::repo().join("runner.toml"))
        .unwrap()
        .replace("namespaces = true", "namespaces = false")
        .replace("cgroups = true ", "cgroups = false ");
    assert!(runner.contains("namespaces = false") && runner.contains("cgroups = false"));
    let config = root.path().join("runner.toml");
    std::fs::write(&config, runner).unwrap();
    std::os::unix::fs::symlink(
        common::repo().join("problems"),
        root.path().join("problems"),
    )
    .unwrap();
    let config = config.to_string_lossy().into_owned();
    let cases = [
        ("solutions/boj12100/accepted/dfs.cpp", "AC"),
        (
            "solutions/boj12100/memory_limit_exceeded/grows_vector.cpp",
            "MLE",
        ),
        ("solutions/boj12100/run_time_error/null_pointer.c", "RE"),
    ];
    for (solution, expected) in cases {
        let report = root.path().join("report.json");
        let output = common::judge(&[
            "--config",
            &config,
            "test",
            solution,
            "--tests",
            "samples",
            "--memory-limit",
            "128",
            "--json",
            &report.to_string_lossy(),
        ]);
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
        assert_eq!(
            json["verdict"],
            expected,
            "{solution}: {}",
            String::from_utf8_lossy(&output.stdout)
        );
        let protections = json["protections"].to_string();
        if json["verdict"] != "CE" {
            assert!(protections.contains("rlimits"), "{protections}");
            assert!(!protections.contains("namespace"), "{protections}");
            assert!(!protections.contains("cgroup"), "{protections}");
        }
    }
}

// ----- verify ------------------------------------------------------------------------------

#[test]
fn verify_reports_a_solution_it_cannot_grade_and_goes_on() {
    let root = temp_root(&repo_file("problems/boj1525/problem.toml"), Samples::Copied);
    let runner = repo_file("runner.toml").replace(r#"["rustc","#, r#"["no-such-rustc","#);
    assert_ne!(runner, repo_file("runner.toml"), "the edit did not apply");
    std::fs::write(root.path().join("runner.toml"), runner).unwrap();
    let accepted = root.path().join("solutions/boj1525/accepted");
    std::fs::create_dir_all(&accepted).unwrap();
    for name in ["bfs_map.cpp", "bfs_rank.rs"] {
        std::fs::copy(
            common::repo().join("solutions/boj1525/accepted").join(name),
            accepted.join(name),
        )
        .unwrap();
    }
    let config = root
        .path()
        .join("runner.toml")
        .to_string_lossy()
        .into_owned();
    let output = judge(&["--config", &config, "verify", "boj1525", "--count", "2"]);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    let row = |name: &str| {
        stdout
            .lines()
            .find(|line| line.contains(name))
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        row("bfs_rank.rs").contains("ERROR") && row("bfs_rank.rs").contains("no-such-rustc"),
        "the row must say why: {}",
        show(&output)
    );
    assert!(
        row("bfs_map.cpp").ends_with("ok"),
        "the other solution is still verified: {}",
        show(&output)
    );
    assert!(stdout.contains("1 not graded"), "{}", show(&output));
}
