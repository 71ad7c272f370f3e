//! End-to-end: a run split with `--shard K/N` and put back together with `judge merge` gives
//! the report of the unsharded run (verdicts, tests, games, statistics; times aside), on the
//! real solutions; `merge` refuses parts that do not belong together, naming them; `--shard
//! auto` reads Slurm's and Kubernetes' variables.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::{judge, repo, show};

fn read_json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// A report without what depends on the machine's speed and load: times and memory peaks.
fn without_times(mut report: serde_json::Value) -> serde_json::Value {
    fn strip(value: &mut serde_json::Value) {
        match value {
            serde_json::Value::Object(map) => {
                // What the machine decides: times, memory, and the wait for a CPU held by
                // other work (and whether it disturbed the run).
                for key in [
                    "cpu_ms",
                    "wall_ms",
                    "wait_ms",
                    "disturbed",
                    "peak_kib",
                    "interaction_us",
                    "max_cpu_ms",
                    "max_peak_kib",
                ] {
                    map.remove(key);
                }
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut report);
    report
}

/// Runs `judge ARGS... --json FILE` whole and in `count` shards, merges the shards, and
/// returns (whole report, merged report, the merge's output).
fn whole_and_merged(args: &[&str], count: usize) -> (serde_json::Value, serde_json::Value, Output) {
    let dir = tempfile::tempdir().unwrap();
    let run = |extra: &[&str], report: &Path| {
        let mut all: Vec<&str> = args.to_vec();
        all.extend_from_slice(extra);
        let report_arg = report.to_string_lossy().into_owned();
        all.extend_from_slice(&["--json", &report_arg]);
        let output = judge(&all);
        assert!(
            matches!(output.status.code(), Some(0 | 1)),
            "{}",
            show(&output)
        );
        output
    };
    let whole = dir.path().join("whole.json");
    run(&[], &whole);
    let mut parts = Vec::new();
    for k in 0..count {
        let part = dir.path().join(format!("part-{k}.json"));
        let shard = format!("{k}/{count}");
        let output = run(&["--shard", &shard], &part);
        assert!(
            String::from_utf8_lossy(&output.stdout).contains(&format!("shard {shard}")),
            "{}",
            show(&output)
        );
        parts.push(part.to_string_lossy().into_owned());
    }
    let merged = dir.path().join("merged.json");
    let merged_arg = merged.to_string_lossy().into_owned();
    let mut merge_args = vec!["merge"];
    merge_args.extend(parts.iter().map(String::as_str));
    merge_args.extend_from_slice(&["--json", &merged_arg]);
    let output = judge(&merge_args);
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{}",
        show(&output)
    );
    (read_json(&whole), read_json(&merged), output)
}

#[test]
fn four_shards_of_an_accepted_solution_merge_into_the_whole_run() {
    let (whole, merged, output) =
        whole_and_merged(&["test", "solutions/boj12100/accepted/dfs.cpp"], 4);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    assert_eq!(whole["tests"].as_array().unwrap().len(), 37);
    assert_eq!(whole["shard"], serde_json::Value::Null);
    assert_eq!(without_times(merged), without_times(whole));
}

#[test]
fn a_merged_run_stops_at_the_first_failure_as_the_whole_run_does() {
    for extra in [&[][..], &["--all"][..]] {
        let mut args = vec!["test", "solutions/boj12100/wrong_answer/far_pair_first.cpp"];
        args.extend_from_slice(extra);
        let (whole, merged, output) = whole_and_merged(&args, 4);
        assert_eq!(output.status.code(), Some(1), "{}", show(&output));
        assert_eq!(whole["verdict"], "WA");
        assert_eq!(without_times(merged), without_times(whole), "{extra:?}");
    }
}

#[test]
fn sixty_four_games_in_four_shards_give_the_statistics_of_one_run() {
    let (whole, merged, output) = whole_and_merged(
        &[
            "test",
            "solutions/boj28489/wrong_answer/greedy_one_move.c",
            "--games",
            "64",
        ],
        4,
    );
    assert_eq!(output.status.code(), Some(1), "{}", show(&output));
    assert_eq!(whole["games"].as_array().unwrap().len(), 64);
    // The statistics are exactly equal, floating point included.
    assert_eq!(merged["stats"], whole["stats"]);
    assert_eq!(without_times(merged), without_times(whole));
    let shown = String::from_utf8_lossy(&output.stdout);
    assert!(shown.contains("scores: mean"), "{shown}");
}

#[test]
fn merge_refuses_parts_that_do_not_belong_together() {
    let dir = tempfile::tempdir().unwrap();
    let part = |name: &str, args: &[&str]| {
        let path = dir.path().join(name);
        let path_arg = path.to_string_lossy().into_owned();
        let mut all = vec![
            "test",
            "solutions/boj12100/accepted/dfs.cpp",
            "--tests",
            "samples",
        ];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--json", &path_arg]);
        let output = judge(&all);
        assert_eq!(output.status.code(), Some(0), "{}", show(&output));
        path_arg
    };
    let a = part("a.json", &["--shard", "0/2"]);
    let b = part("b.json", &["--shard", "1/2"]);
    let other_seed = part("c.json", &["--shard", "1/2", "--seed", "7"]);
    let other_limit = part("d.json", &["--shard", "1/2", "--time-limit", "2"]);
    let whole = part("e.json", &[]);
    let three = part("f.json", &["--shard", "2/3"]);
    let refused = |parts: &[&str], expected: &[&str]| {
        let mut args = vec!["merge"];
        args.extend_from_slice(parts);
        let output = judge(&args);
        let shown = show(&output);
        assert_eq!(output.status.code(), Some(2), "{shown}");
        for needle in expected {
            assert!(shown.contains(needle), "{needle:?} in {shown}");
        }
    };
    refused(&[&a], &["shard 1/2 missing", "a.json = 0/2"]);
    refused(&[&a, &b, &b], &["b.json and", "b.json are both shard 1/2"]);
    refused(
        &[&a, &other_seed],
        &["a.json and", "c.json", "seeds differ"],
    );
    refused(
        &[&a, &other_limit],
        &["limits differ", "cpu 1000 ms", "cpu 2000 ms"],
    );
    refused(&[&whole], &["e.json is the report of a whole run"]);
    refused(&[&a, &three], &["shard counts differ (2 and 3)"]);
    refused(
        &[&a, "/nonexistent.json"],
        &["cannot read /nonexistent.json"],
    );
    let output = judge(&["merge", &a, &b]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
}

#[test]
fn merge_refuses_parts_of_different_submissions() {
    let dir = tempfile::tempdir().unwrap();
    let mut parts = Vec::new();
    for (k, solution) in ["accepted/dfs.cpp", "wrong_answer/four_moves.cpp"]
        .iter()
        .enumerate()
    {
        let path = dir.path().join(format!("{k}.json"));
        let path_arg = path.to_string_lossy().into_owned();
        let solution = format!("solutions/boj12100/{solution}");
        let shard = format!("{k}/2");
        judge(&[
            "test", &solution, "--tests", "samples", "--all", "--shard", &shard, "--json",
            &path_arg,
        ]);
        parts.push(path_arg);
    }
    let output = judge(&["merge", &parts[0], &parts[1]]);
    let shown = show(&output);
    assert_eq!(output.status.code(), Some(2), "{shown}");
    assert!(shown.contains("plans (the submission's bytes"), "{shown}");
}

/// `judge ARGS` with extra environment variables.
fn judge_with_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
    command
        .args(args)
        .current_dir(repo())
        .env("NO_COLOR", "1")
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("JOB_COMPLETION_INDEX");
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().unwrap()
}

#[test]
fn shard_auto_takes_the_shard_from_the_scheduler() {
    let args = [
        "test",
        "solutions/boj12100/accepted/dfs.cpp",
        "--tests",
        "samples",
        "--shard",
        "auto",
    ];
    // Task 6 of `sbatch --array=0-6:2` is the last of 4.
    let slurm = [
        ("SLURM_ARRAY_TASK_ID", "6"),
        ("SLURM_ARRAY_TASK_MIN", "0"),
        ("SLURM_ARRAY_TASK_MAX", "6"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
        ("SLURM_ARRAY_TASK_STEP", "2"),
    ];
    let output = judge_with_env(&args, &slurm);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    assert!(show(&output).contains("(shard 3/4)"), "{}", show(&output));
    // `--array=0,2,5` cannot be numbered from Slurm's variables.
    let list = [
        ("SLURM_ARRAY_TASK_ID", "2"),
        ("SLURM_ARRAY_TASK_MIN", "0"),
        ("SLURM_ARRAY_TASK_MAX", "5"),
        ("SLURM_ARRAY_TASK_COUNT", "3"),
        ("SLURM_ARRAY_TASK_STEP", "1"),
    ];
    let output = judge_with_env(&args, &list);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    assert!(
        show(&output).contains("give --shard K/N"),
        "{}",
        show(&output)
    );
    // A Kubernetes indexed Job gives the index; the count comes from the command line.
    let mut kubernetes_args = args.to_vec();
    kubernetes_args[5] = "auto/3";
    let output = judge_with_env(&kubernetes_args, &[("JOB_COMPLETION_INDEX", "1")]);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    assert!(show(&output).contains("(shard 1/3)"), "{}", show(&output));
    let output = judge_with_env(&args, &[]);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    assert!(show(&output).contains("no scheduler gave a shard"));
}

#[test]
fn verify_in_two_shards_merges_into_one_matrix() {
    let (whole, merged, output) = whole_and_merged(&["verify", "boj2615", "--count", "3"], 2);
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let rows = whole["rows"].as_array().unwrap();
    assert!(rows.len() >= 6, "{whole}");
    assert_eq!(without_times(merged), without_times(whole));
}

#[test]
fn the_guide_shows_the_sbatch_examples_as_they_are() {
    let guide = std::fs::read_to_string(repo().join("docs/guide/cluster.md")).unwrap();
    for example in ["shard.sbatch", "merge.sbatch"] {
        let text = std::fs::read_to_string(repo().join("examples/slurm").join(example)).unwrap();
        assert!(
            guide.contains(&format!("```bash\n{text}```")),
            "docs/guide/cluster.md does not show examples/slurm/{example} as it is"
        );
    }
}

/// A scored run's report without what the machine decides: times (see [`without_times`]),
/// each group's slowest test, which is the slowest by time, and which test took the run of
/// an earlier one of the same input and answer (`same_as`: a shard runs a test whose twin
/// another shard has).
fn without_slowest(report: serde_json::Value) -> serde_json::Value {
    let mut report = without_times(report);
    fn strip(value: &mut serde_json::Value) {
        match value {
            serde_json::Value::Object(map) => {
                map.remove("slowest");
                map.remove("same_as");
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut report);
    report
}

#[test]
fn a_scored_run_in_shards_merges_into_the_groups_of_the_whole_run() {
    // One job: the whole run skips what its `on_reject: break` groups no longer need as the
    // merge does (a shard skips only on what it saw itself, and runs more).
    let package = "tests/kattis/scoringflags";
    let submission = format!("{package}/submissions/partially_accepted/half.py");
    let (whole, merged, output) = whole_and_merged(
        &["test", &submission, "--problem", package, "--jobs", "1"],
        3,
    );
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    assert_eq!(whole["groups"]["score"], 96.0, "{whole}");
    // g_break's third test is not run after its second is rejected.
    let g_break = whole["groups"]["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["path"] == "secret/g_break")
        .unwrap()
        .clone();
    assert_eq!(
        (g_break["tests_run"].as_u64(), g_break["tests"].as_u64()),
        (Some(2), Some(3))
    );
    assert!(
        merged.get("group_tree").is_none(),
        "a merged run is a whole one"
    );
    assert_eq!(without_slowest(merged), without_slowest(whole));
}

#[test]
fn a_scored_scoreboard_in_shards_merges_with_its_group_table() {
    let package = "tests/kattis/scoringflags";
    let submissions = format!("{package}/submissions");
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("results").to_string_lossy().into_owned();
    let (whole, merged, output) = whole_and_merged(
        &[
            "grade",
            &submissions,
            "--problem",
            package,
            "--results",
            &results,
            "--regrade",
            // One job, as for `judge test` above: a submission skips what its `on_reject:
            // break` groups no longer need once the rejection is known, which with two
            // workers may be after the next test started.
            "--jobs",
            "1",
        ],
        2,
    );
    assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    let scores: Vec<f64> = merged["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["graded"]["tests"]["groups"]["score"].as_f64().unwrap())
        .collect();
    assert_eq!(scores, [208.0, 96.0]);
    assert_eq!(without_slowest(merged), without_slowest(whole));
    // The merge shows the group table, from the groups the parts carry.
    let shown = String::from_utf8_lossy(&output.stdout);
    let table = shown.split("groups of scoringflags").nth(1).expect(&shown);
    assert!(
        table.contains("96 AC") && table.contains("10 RTE"),
        "{shown}"
    );
}
