//! End-to-end on a machine loaded on purpose: the test starts three busy processes per core
//! (and ends them, by pid), then grades with `--jobs` = cores under a tight wall-clock rule
//! (wall limit = 2 x CPU limit, no extra second) and small limits:
//! - a program that spins until its own CPU time reaches 70 % of the limit is AC in every one
//!   of 50 runs: the time it waits for a CPU held by the load is not its own doing;
//! - a sleeper and a program blocked on input are TLE in every run, stopped within the
//!   wall-clock limit plus a small margin: waiting for a CPU is not sleeping.
//!
//! It loads the machine, so it is the only test of its binary (cargo runs test binaries one
//! after another, so it overlaps no other test) and it is ignored unless asked for:
//! `cargo test --release --test load -- --include-ignored` (about 30 - 60 s).
//! `LOAD_TEST_JUDGE=/path/to/judge` grades with another build of judge (how the flip counts of
//! older versions in BENCHMARKS.md were measured); the counts are printed either way.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{program, repo, start_load};

/// The CPU limit of every run.
const CPU_LIMIT_MS: u64 = 150;
/// CPU time the near-limit program spends: 70 % of the limit.
const NEAR_LIMIT_MS: u64 = 105;
/// Runs of the near-limit program.
const NEAR_RUNS: usize = 50;
/// Runs of the sleeper and of the blocked program.
const STUCK_RUNS: usize = 4;
/// How far past the wall-clock limit a stuck program may be stopped.
const MARGIN_MS: u64 = 300;

/// A project with the bundled runner.toml under a tight wall-clock rule (no extra second)
/// and the boj12100 problem; returns its runner.toml.
fn tight_project(dir: &Path) -> PathBuf {
    let runner = std::fs::read_to_string(repo().join("runner.toml")).unwrap();
    let tight: String = runner
        .lines()
        .map(|line| {
            if line.starts_with("wall_time_extra_seconds") {
                "wall_time_extra_seconds = 0.0".to_string()
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_ne!(
        runner.trim_end(),
        tight,
        "runner.toml has wall_time_extra_seconds"
    );
    let config = dir.join("runner.toml");
    std::fs::write(&config, tight + "\n").unwrap();
    let problem = dir.join("problems/boj12100");
    std::fs::create_dir_all(&problem).unwrap();
    std::fs::copy(
        repo().join("problems/boj12100/problem.toml"),
        problem.join("problem.toml"),
    )
    .unwrap();
    config
}

/// `count` tests with the same input and answer.
fn tests_dir(dir: &Path, name: &str, count: usize, text: &str) -> PathBuf {
    let folder = dir.join(name);
    std::fs::create_dir_all(&folder).unwrap();
    for i in 0..count {
        let base = folder.join(format!("t{i:02}"));
        std::fs::write(base.with_extension("in"), text).unwrap();
        std::fs::write(base.with_extension("ans"), text).unwrap();
    }
    folder
}

/// One test of a JSON report.
struct Run {
    verdict: String,
    cpu_ms: u64,
    wall_ms: u64,
    wait_ms: u64,
}

/// What a grading gave: its runs, the wall-clock limit applied and the judge's output.
struct Graded {
    runs: Vec<Run>,
    wall_limit: u64,
    output: String,
}

/// Grades `solution` on the tests in `tests` with `--jobs` = `jobs`.
fn grade(judge: &Path, config: &Path, solution: &str, tests: &Path, jobs: usize) -> Graded {
    let report = tests.with_extension("json");
    let output = Command::new(judge)
        .args(["--config", &config.to_string_lossy(), "test", solution])
        .args([
            "--problem",
            "boj12100",
            "--tests-dir",
            &tests.to_string_lossy(),
        ])
        .args(["--jobs", &jobs.to_string(), "--all"])
        .args(["--time-limit", &format!("{}", CPU_LIMIT_MS as f64 / 1000.0)])
        .args(["--json", &report.to_string_lossy()])
        .env("NO_COLOR", "1")
        .output()
        .expect("judge runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    let json: serde_json::Value = std::fs::read_to_string(&report)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_else(|| panic!("no JSON report:\n{text}"));
    let number = |v: &serde_json::Value, key: &str| v[key].as_u64().unwrap_or(0);
    let runs = json["tests"]
        .as_array()
        .unwrap_or_else(|| panic!("no tests in the report:\n{text}"))
        .iter()
        .map(|t| Run {
            verdict: t["verdict"].as_str().unwrap_or("?").to_string(),
            cpu_ms: number(t, "cpu_ms"),
            wall_ms: number(t, "wall_ms"),
            wait_ms: number(t, "wait_ms"),
        })
        .collect();
    Graded {
        runs,
        wall_limit: number(&json["limits"], "wall_ms"),
        output: text,
    }
}

fn describe(runs: &[Run]) -> String {
    runs.iter()
        .map(|r| {
            format!(
                "{} cpu {} wall {} wait {}",
                r.verdict, r.cpu_ms, r.wall_ms, r.wait_ms
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
#[ignore = "loads the machine on purpose (about 30 - 60 s): cargo test --release --test load -- --include-ignored"]
fn verdicts_hold_on_a_machine_loaded_on_purpose() {
    let judge = std::env::var_os("LOAD_TEST_JUDGE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_judge")));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let dir = tempfile::tempdir().unwrap();
    let config = tight_project(dir.path());
    let near = tests_dir(dir.path(), "near", NEAR_RUNS, &format!("{NEAR_LIMIT_MS}\n"));
    let stuck = tests_dir(dir.path(), "stuck", STUCK_RUNS, "2\n");
    let near_limit = repo().join("bench/near_limit.c");
    let near_limit = near_limit.to_string_lossy();
    // Compile everything before the load starts (the compile cache keeps the binaries).
    let warm = tests_dir(dir.path(), "warm", 1, &format!("{NEAR_LIMIT_MS}\n"));
    for solution in [
        near_limit.to_string(),
        program("sleeps.c"),
        program("blocked_on_input.c"),
    ] {
        grade(&judge, &config, &solution, &warm, 1);
    }

    let load = start_load(dir.path(), 3 * cores);
    let near = grade(&judge, &config, &near_limit, &near, cores);
    let sleeper = grade(&judge, &config, &program("sleeps.c"), &stuck, cores);
    let blocked = grade(
        &judge,
        &config,
        &program("blocked_on_input.c"),
        &stuck,
        cores,
    );
    drop(load);
    let (near_runs, wall_limit) = (&near.runs, near.wall_limit);

    let flips = near_runs.iter().filter(|r| r.verdict != "AC").count();
    let waited = near_runs.iter().filter(|r| r.wait_ms > 0).count();
    let mut waits: Vec<u64> = near_runs.iter().map(|r| r.wait_ms).collect();
    waits.sort_unstable();
    eprintln!(
        "load test: {} busy processes on {cores} cores, wall limit {wall_limit} ms; \
         near-limit runs: {flips} of {} not AC, {waited} waited for a CPU (median wait {} ms)",
        3 * cores,
        near_runs.len(),
        waits.get(waits.len() / 2).copied().unwrap_or(0)
    );
    let stopped = |graded: &Graded| {
        let verdicts: Vec<&str> = graded.runs.iter().map(|r| r.verdict.as_str()).collect();
        let walls: Vec<u64> = graded.runs.iter().map(|r| r.wall_ms).collect();
        format!("{verdicts:?} at wall {walls:?} ms")
    };
    eprintln!(
        "load test: sleeper {}; blocked on input {}",
        stopped(&sleeper),
        stopped(&blocked)
    );
    assert_eq!(near_runs.len(), NEAR_RUNS, "{}", near.output);
    assert!(
        waited > 0,
        "no run waited for a CPU: the load did not load the machine\n{}",
        describe(near_runs)
    );
    assert_eq!(
        flips,
        0,
        "verdicts flipped under load:\n{}",
        describe(near_runs)
    );
    for (what, graded) in [("sleeper", &sleeper), ("blocked", &blocked)] {
        let runs = &graded.runs;
        assert_eq!(runs.len(), STUCK_RUNS, "{what}: {}", graded.output);
        for run in runs.iter() {
            assert_eq!(run.verdict, "TLE", "{what}:\n{}", describe(runs));
            assert!(
                run.wall_ms <= wall_limit + MARGIN_MS,
                "{what} stopped after {} ms (wall limit {wall_limit} ms):\n{}",
                run.wall_ms,
                describe(runs)
            );
        }
    }
}
