//! End-to-end: the cases of issue 21 (parts 6 and 8) with the real binary. Every number a user
//! or a package gives is held to its bound (`judge::bounds`): what used to panic (exit 101),
//! run without end or give a misleading result is now a clear error (exit 2, one line naming
//! the value and its bound) or the right verdict; a large `--count` starts at once in little
//! memory; paths that are not UTF-8 work.

use std::ffi::OsString;
use std::io::{BufRead, BufReader};
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{copy_tree, judge, program, repo, show};

/// Exit code 2, no panic, one line on stderr that holds every one of `needles`.
fn refused(output: &Output, needles: &[&str]) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "panicked\n{}", show(output));
    assert_eq!(output.status.code(), Some(2), "{}", show(output));
    assert_eq!(
        stderr.trim_end().lines().count(),
        1,
        "not one line\n{}",
        show(output)
    );
    for needle in needles {
        assert!(stderr.contains(needle), "no {needle:?}\n{}", show(output));
    }
}

/// `judge test` of a solution that prints a word on the problem at `problem`.
fn test_on(problem: &Path) -> Output {
    judge(&[
        "test",
        &program("prints_fresh.c"),
        "--problem",
        &problem.to_string_lossy(),
    ])
}

/// A copy of the test package `sumdefault` whose problem.yaml is `yaml`.
fn package_with(yaml: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("sumdefault");
    copy_tree(&repo().join("tests/kattis/sumdefault"), &package);
    std::fs::write(package.join("problem.yaml"), yaml).unwrap();
    (dir, package)
}

// ----- the five panics -----------------------------------------------------------------------

#[test]
fn an_argument_that_is_not_utf8_is_an_error_not_a_panic() {
    let not_utf8 = OsString::from_vec(vec![0xff]);
    let output = judge(&["list".into(), not_utf8.clone()]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{}", show(&output));
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    // An id that must be UTF-8: clap's usage error.
    let output = judge(&["new".into(), not_utf8.clone()]);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    assert!(String::from_utf8_lossy(&output.stderr).contains("UTF-8"));
    // A path: taken as it is, and it does not exist.
    let output = judge(&[
        "test".into(),
        not_utf8,
        "--problem".into(),
        "boj12100".into(),
    ]);
    refused(&output, &["cannot read the solution"]);
}

#[test]
fn a_package_time_limit_of_1e20_is_refused_by_its_bound() {
    let (_dir, package) =
        package_with("problem_format_version: 2023-07\nlimits: {time_limit: 1e20}\n");
    let output = test_on(&package);
    refused(
        &output,
        &[
            "problem.yaml",
            "limits.time_limit",
            "must be between 0.001 and 86400 seconds, found 1e20",
        ],
    );
}

#[test]
fn time_multipliers_of_1e30_are_refused_by_verify() {
    let (_dir, package) = package_with(
        "problem_format_version: 2023-07\nlimits:\n  time_multipliers:\n    ac_to_time_limit: 1e30\n",
    );
    let output = judge(&["verify", &package.to_string_lossy()]);
    refused(
        &output,
        &[
            "limits.time_multipliers.ac_to_time_limit",
            "must be between 1 and 100, found 1e30",
        ],
    );
}

#[test]
fn stress_time_nan_negative_zero_and_infinite_are_refused() {
    let solution = program("prints_fresh.c");
    for time in ["NaN", "-1", "0", "inf"] {
        let output = judge(&["stress", &solution, "--problem", "boj1525", "--time", time]);
        refused(
            &output,
            &[&format!(
                "--time must be between 0.1 and 604800 seconds, found {time}"
            )],
        );
    }
}

/// A part as `judge merge` reads it: the kept part of shard 0 of 2, with its shard changed.
fn part_with_shard(dir: &Path, name: &str, index: u64, count: u64) -> String {
    let text =
        std::fs::read_to_string(repo().join("tests/corpus/merge/tests/part-0.json")).unwrap();
    let mut part: serde_json::Value = serde_json::from_str(&text).unwrap();
    part["shard"] = serde_json::json!({ "index": index, "count": count });
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_vec(&part).unwrap()).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn a_merge_part_of_zero_shards_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let part = part_with_shard(dir.path(), "part-0.json", 0, 0);
    let output = judge(&["merge", &part]);
    refused(
        &output,
        &[
            "part-0.json",
            "shard.count must be between 1 and 100000, found 0",
        ],
    );
}

// ----- unbounded runs ----------------------------------------------------------------------

#[test]
fn a_merge_part_of_2_64_shards_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let parts = [
        part_with_shard(dir.path(), "part-0.json", 0, u64::MAX),
        part_with_shard(dir.path(), "part-1.json", 1, u64::MAX),
    ];
    let started = Instant::now();
    let output = judge(&["merge", &parts[0], &parts[1]]);
    refused(
        &output,
        &["shard.count must be between 1 and 100000, found 18446744073709551615"],
    );
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_count_past_the_bound_is_refused_at_once() {
    let started = Instant::now();
    let output = judge(&[
        "test",
        &program("prints_fresh.c"),
        "--problem",
        "boj1525",
        "--count",
        "100000000",
    ]);
    refused(
        &output,
        &["--count must be between 1 and 1000000, found 100000000"],
    );
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// The peak resident size of a process so far, KiB (`VmHWM`).
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// `--count 1000000`: the first test is reported as soon as it ran, and memory stays small
/// (the whole plan built up front took more than 100 MiB for a million tests).
#[test]
fn a_million_tests_start_at_once_in_little_memory() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args([
            "test",
            "solutions/boj1525/accepted/bfs_map.cpp",
            "--tests",
            "random",
            "--count",
            "1000000",
            "--jobs",
            "1",
        ])
        .current_dir(repo())
        .env("NO_COLOR", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let header = lines.next().unwrap().unwrap();
    assert!(header.contains("1000000 tests"), "{header}");
    let mut rows = 0;
    let started = Instant::now();
    for line in lines.by_ref() {
        let line = line.unwrap();
        if line.starts_with("random-") {
            rows += 1;
            assert!(line.contains(" AC "), "{line}");
            if rows == 20 {
                break;
            }
        }
    }
    let peak = peak_kib(pid);
    // Stop it as Ctrl-C would: it cleans up after itself.
    let _ = Command::new("kill")
        .arg("-INT")
        .arg(pid.to_string())
        .status();
    let _ = child.wait();
    eprintln!(
        "20 of a million tests in {:.1} s, peak resident size {peak} KiB",
        started.elapsed().as_secs_f64()
    );
    assert_eq!(rows, 20, "fewer rows than expected");
    assert!(
        started.elapsed() < Duration::from_secs(600),
        "20 tests took {:?}",
        started.elapsed()
    );
    assert!(
        peak > 0 && peak < 64 * 1024,
        "peak resident size {peak} KiB"
    );
}

// ----- wrong or misleading results -----------------------------------------------------------

#[test]
fn a_count_of_zero_is_an_error_not_ac_0_of_0() {
    let output = judge(&[
        "test",
        &program("prints_fresh.c"),
        "--problem",
        "boj1525",
        "--tests",
        "random",
        "--count",
        "0",
    ]);
    refused(&output, &["--count must be between 1 and 1000000, found 0"]);
}

#[test]
fn a_shard_of_zero_shards_names_the_count() {
    for (shard, message) in [
        (
            "1/0",
            "--shard: the number of shards must be between 1 and 100000, found 0",
        ),
        (
            "4/4",
            "--shard: shard 4 does not exist in 4 shards (they are 0 to 3)",
        ),
        // A negative shard is the shard's own error, not clap's "unexpected argument '-1'"
        // that named no flag.
        ("-1/2", "--shard"),
    ] {
        let output = judge(&[
            "test",
            &program("prints_fresh.c"),
            "--problem",
            "boj1525",
            "--shard",
            shard,
        ]);
        refused(&output, &[message]);
    }
}

/// The CLI, problem.toml and problem.yaml refuse a time limit past the same bound, with the
/// same words (they had three: 1e5 s, 1e6 s, none).
#[test]
fn one_time_limit_bound_for_the_cli_problem_toml_and_problem_yaml() {
    let bound = "must be between 0.001 and 86400 seconds";
    let cli = judge(&[
        "test",
        &program("prints_fresh.c"),
        "--problem",
        "boj1525",
        "--time-limit",
        "1e5",
    ]);
    refused(&cli, &["--time-limit", bound, "found 1e5"]);

    let (_dir, package) =
        package_with("problem_format_version: 2023-07\nlimits: {time_limit: 1e16}\n");
    let yaml = test_on(&package);
    refused(&yaml, &["limits.time_limit", bound, "found 1e16"]);

    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("boj1525");
    copy_tree(&repo().join("problems/boj1525"), &problem);
    let toml = std::fs::read_to_string(problem.join("problem.toml")).unwrap();
    let changed = toml.replace("time_seconds = 1.0", "time_seconds = 1e5");
    assert_ne!(changed, toml);
    std::fs::write(problem.join("problem.toml"), changed).unwrap();
    let output = test_on(&problem);
    refused(&output, &["limits.time_seconds", bound, "found 100000"]);
}

#[test]
fn a_package_memory_past_the_bound_names_the_bound() {
    let (_dir, package) = package_with("limits:\n  memory: 99999999999999\n");
    let output = test_on(&package);
    refused(
        &output,
        &[
            "limits.memory",
            "must be between 1 and 1048576 MiB, found 99999999999999",
        ],
    );
}

#[test]
fn runner_toml_numbers_are_held_to_the_same_bounds() {
    let dir = tempfile::tempdir().unwrap();
    for (line, needles) in [
        (
            "[defaults]\nrandom_tests = 0\n",
            [
                "defaults.random_tests",
                "must be between 1 and 1000000, found 0",
            ],
        ),
        (
            "[defaults]\njobs = -1\n",
            ["defaults.jobs", "must be between 0 and 1024, found -1"],
        ),
        (
            "[languages.cpp]\nmemory_extra_mib = 9223372036854775807\n",
            [
                "languages.cpp.memory_extra_mib",
                "must be between 0 and 1048576 MiB",
            ],
        ),
        // The compile limits, [validators] and [files]: one table of bounds for them too.
        (
            "[defaults]\ncompile_max_processes = 0\n",
            [
                "defaults.compile_max_processes",
                "must be between 1 and 32768, found 0",
            ],
        ),
        (
            "[defaults]\ncompile_memory_mib = -5\n",
            [
                "defaults.compile_memory_mib",
                "must be between 1 and 1048576 MiB, found -5",
            ],
        ),
        (
            "[defaults]\ncompile_output_limit_mib = 65537\n",
            [
                "defaults.compile_output_limit_mib",
                "must be between 1 and 65536 MiB, found 65537",
            ],
        ),
        (
            "[defaults]\ncompile_message_limit_kib = 0\n",
            [
                "defaults.compile_message_limit_kib",
                "must be between 1 and 1048576 KiB, found 0",
            ],
        ),
        (
            "[validators]\ntime_limit_seconds = 1e20\n",
            [
                "validators.time_limit_seconds",
                "must be between 0.001 and 86400 seconds, found 1e20",
            ],
        ),
        (
            "[validators]\nmemory_mib = 0\n",
            [
                "validators.memory_mib",
                "must be between 1 and 1048576 MiB, found 0",
            ],
        ),
        (
            "[files]\ntest_file_limit_mib = 0\nsource_limit_mib = 16\n",
            [
                "files.test_file_limit_mib",
                "must be between 1 and 65536 MiB, found 0",
            ],
        ),
        (
            "[files]\ntest_file_limit_mib = 256\nsource_limit_mib = -1\n",
            [
                "files.source_limit_mib",
                "must be between 1 and 65536 MiB, found -1",
            ],
        ),
    ] {
        let file = dir.path().join("runner.toml");
        std::fs::write(&file, line).unwrap();
        let output = judge(&["--config", &file.to_string_lossy(), "config"]);
        let mut expected = vec!["runner.toml"];
        expected.extend(needles);
        refused(&output, &expected);
    }
}

// ----- paths that are not UTF-8 --------------------------------------------------------------

/// A solution file and a package folder whose names are not UTF-8 are graded like any other.
#[test]
fn paths_that_are_not_utf8_are_graded() {
    let dir = tempfile::tempdir().unwrap();
    let mut solution = dir.path().as_os_str().to_os_string().into_vec();
    solution.extend_from_slice(b"/sum\xff.py");
    let solution = PathBuf::from(OsString::from_vec(solution));
    std::fs::copy(
        repo().join("tests/kattis/sumdefault/submissions/accepted/sum.py"),
        &solution,
    )
    .unwrap();
    let mut package = dir.path().as_os_str().to_os_string().into_vec();
    package.extend_from_slice(b"/sum\xfe");
    let package = PathBuf::from(OsString::from_vec(package));
    copy_tree(&repo().join("tests/kattis/sumdefault"), &package);
    // A fixed limit: none derived from the accepted submissions (one is Java).
    std::fs::write(package.join(".timelimit"), "2\n").unwrap();
    let output = judge(&[
        "test".into(),
        solution.into_os_string(),
        "--problem".into(),
        package.into_os_string(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("AC"),
        "{}",
        show(&output)
    );
}
