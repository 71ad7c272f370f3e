//! End-to-end: the real `judge` binary grades small C, C++ and Python programs from
//! `solutions/boj12100/` on the real problem, one program per verdict.

use crate::common;

use crate::common::grade;

/// Grades on the samples only (fast) and returns (exit code, overall verdict, first test).
fn verdict_of(solution: &str, extra: &[&str]) -> (i32, String, serde_json::Value, String) {
    let mut args = vec!["--tests", "samples"];
    args.extend_from_slice(extra);
    let (code, json, text) = grade(solution, &args);
    let verdict = json["verdict"].as_str().unwrap_or("none").to_string();
    let first = json["tests"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["verdict"] != "AC").or(t.first()))
        .cloned()
        .unwrap_or(serde_json::Value::Null);
    (code, verdict, first, text)
}

#[test]
fn accepted_in_c_plus_plus_and_python() {
    for solution in [
        "solutions/boj12100/accepted/dfs.cpp",
        "solutions/boj12100/accepted/rows.py",
    ] {
        let (code, json, text) = grade(solution, &[]);
        assert_eq!(json["verdict"], "AC", "{solution}: {text}");
        assert_eq!(code, 0);
        let tests = json["tests"].as_array().unwrap();
        assert!(tests.len() > 30, "samples and 30 random tests: {text}");
        for test in tests {
            for key in ["name", "verdict", "cpu_ms", "wall_ms", "peak_kib"] {
                assert!(!test[key].is_null(), "{key} missing in {test}");
            }
        }
    }
}

#[test]
fn wrong_answer_shows_the_first_difference_and_how_to_reproduce() {
    let (code, json, text) = grade("solutions/boj12100/wrong_answer/double_merge.cpp", &[]);
    assert_eq!(json["verdict"], "WA", "{text}");
    assert_eq!(code, 1);
    assert!(text.contains("first failing test"), "{text}");
    assert!(
        text.contains("expected") && text.contains("received"),
        "{text}"
    );
    assert!(text.contains("(line 1)"), "{text}");
}

#[test]
fn time_limit_by_busy_loop() {
    let (code, verdict, first, text) =
        verdict_of("solutions/boj12100/time_limit_exceeded/busy_loop.c", &[]);
    assert_eq!(verdict, "TLE", "{text}");
    assert_eq!(code, 1);
    assert!(
        first["cpu_ms"].as_u64().unwrap() >= 1000 || first["wall_ms"].as_u64().unwrap() >= 3000,
        "{first}"
    );
}

#[test]
fn time_limit_by_sleeping_is_caught_by_the_wall_clock() {
    let (_, verdict, first, text) = verdict_of(
        "solutions/boj12100/time_limit_exceeded/sleeps.py",
        &["--time-limit", "0.5"],
    );
    assert_eq!(verdict, "TLE", "{text}");
    // Sleeping uses almost no CPU: only the wall-clock limit (2 x 0.5 + 1 s) can stop it.
    assert!(first["cpu_ms"].as_u64().unwrap() < 500, "{first}");
    assert!(first["wall_ms"].as_u64().unwrap() >= 2000, "{first}");
}

#[test]
fn time_limit_by_two_busy_threads() {
    let (_, verdict, first, text) =
        verdict_of("solutions/boj12100/time_limit_exceeded/two_threads.c", &[]);
    assert_eq!(verdict, "TLE", "{text}");
    assert!(!first.is_null(), "{text}");
}

#[test]
fn memory_limit_in_c_plus_plus_and_python() {
    for solution in [
        "solutions/boj12100/memory_limit_exceeded/grows_vector.cpp",
        "solutions/boj12100/memory_limit_exceeded/grows_list.py",
    ] {
        let args = ["--tests", "samples", "--memory-limit", "96"];
        let (code, json, text) = grade(solution, &args);
        let verdict = json["verdict"].as_str().unwrap_or("none");
        assert_eq!(verdict, "MLE", "{solution}: {text}");
        assert_eq!(code, 1);
        let first = json["tests"]
            .as_array()
            .and_then(|t| t.iter().find(|t| t["verdict"] != "AC"))
            .unwrap_or_else(|| panic!("{solution}: no failing test: {text}"));
        // The peak is the program's own, near the limit, not the grader's memory. It is the
        // resident set (ru_maxrss), which also counts the interpreter's shared file pages that
        // the cgroup charges elsewhere, so it may pass the limit by a few MiB. Without a
        // memory cgroup (as a user) the limit is kept by polling, and a program that allocates
        // fast grows past it between two polls: 126 MiB was seen for 96.
        let polled = !json["protections"]
            .as_array()
            .is_some_and(|p| p.iter().any(|p| p == "memory-cgroup"));
        let most_mib = if polled { 160 } else { 112 };
        let peak = first["peak_kib"].as_u64().unwrap();
        assert!(
            peak > 48 * 1024 && peak <= most_mib * 1024,
            "{solution}: peak {peak} KiB (memory limit polled: {polled})"
        );
    }
}

#[test]
fn runtime_errors_name_the_signal_or_exit_code() {
    let cases = [
        (
            "solutions/boj12100/run_time_error/null_pointer.c",
            "RE (SIGSEGV)",
        ),
        (
            "solutions/boj12100/run_time_error/uncaught_exception.cpp",
            "RE (SIGABRT)",
        ),
        (
            "solutions/boj12100/run_time_error/exit_code.py",
            "RE (exit code 3)",
        ),
    ];
    for (solution, detail) in cases {
        let (code, verdict, first, text) = verdict_of(solution, &[]);
        assert_eq!(verdict, "RE", "{solution}: {text}");
        assert_eq!(code, 1);
        assert_eq!(first["verdict_detail"], detail, "{solution}: {text}");
    }
}

#[test]
fn endless_output_is_stopped_at_the_output_limit() {
    let (_, verdict, first, text) =
        verdict_of("solutions/boj12100/output_limit_exceeded/endless.c", &[]);
    assert_eq!(verdict, "OLE", "{text}");
    assert!(
        first["wall_ms"].as_u64().unwrap() < 3000,
        "stopped at once: {first}"
    );
}

#[test]
fn compile_errors_show_the_compilers_message() {
    for (solution, says) in [
        (
            "solutions/boj12100/compile_error/missing_semicolon.c",
            "expected",
        ),
        (
            "solutions/boj12100/compile_error/bad_syntax.py",
            "SyntaxError",
        ),
    ] {
        let (code, verdict, _, text) = verdict_of(solution, &[]);
        assert_eq!(verdict, "CE", "{solution}: {text}");
        assert_eq!(code, 1);
        assert!(text.contains(says), "{solution}: {text}");
    }
}

#[test]
fn cpu_verdicts_do_not_change_with_jobs() {
    let verdicts = |jobs: &str| -> Vec<(String, String)> {
        let (_, json, text) = grade(
            "solutions/boj12100/accepted/dfs.cpp",
            &["--count", "12", "--jobs", jobs, "--all"],
        );
        json["tests"]
            .as_array()
            .unwrap_or_else(|| panic!("{text}"))
            .iter()
            .map(|t| (t["name"].to_string(), t["verdict"].to_string()))
            .collect()
    };
    assert_eq!(verdicts("1"), verdicts("2"));
}

#[test]
fn a_ready_binary_is_graded_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let binary = dir.path().join("dfs");
    let status = std::process::Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(common::repo().join("solutions/boj12100/accepted/dfs.cpp"))
        .status()
        .unwrap();
    assert!(status.success());
    let (code, json, text) = grade(
        &binary.to_string_lossy(),
        &["--problem", "boj12100", "--count", "5"],
    );
    assert_eq!(json["verdict"], "AC", "{text}");
    assert_eq!(json["language"], "ready binary");
    assert_eq!(code, 0);

    // An executable file that is not a program cannot start: RE, with the reason.
    let bogus = dir.path().join("bogus");
    std::fs::write(&bogus, "not a program\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&bogus, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (_, json, text) = grade(
        &bogus.to_string_lossy(),
        &["--problem", "boj12100", "--tests", "samples"],
    );
    assert_eq!(json["verdict"], "RE", "{text}");
    assert!(text.contains("Exec format error"), "{text}");
}
