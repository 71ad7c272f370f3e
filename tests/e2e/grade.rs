//! End-to-end: `judge grade` on a class of submissions made from the real solutions: the
//! scoreboard and its files, identical submissions graded once, a compile error and an
//! ungradable folder on the board while the rest go on, resuming from the results folder
//! (after a rerun, a SIGKILL, a full disk; of this build only; a judge error never, which the
//! next run grades again), shards merged, and players of the interactive problem.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{judge, repo, require_root, show};

fn solution(path: &str) -> PathBuf {
    repo().join("solutions").join(path)
}

/// Copies a bundled solution to `to` (making its folder), with `extra` appended (a comment
/// makes a copy with other bytes that behaves the same).
fn copy(from: &str, to: &Path, extra: &str) {
    std::fs::create_dir_all(to.parent().unwrap()).unwrap();
    let mut bytes = std::fs::read(solution(from)).unwrap();
    bytes.extend_from_slice(extra.as_bytes());
    std::fs::write(to, bytes).unwrap();
}

/// A class of boj12100: two identical accepted files, an accepted Python program in a
/// participant's folder, a wrong answer, a compile error, a folder with a build script of its
/// own (not graded) and a folder of two C++ files built as one program.
fn class() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("class");
    copy("boj12100/accepted/dfs.cpp", &class.join("ann.cpp"), "");
    copy(
        "boj12100/accepted/dfs.cpp",
        &class.join("ann_again.cpp"),
        "",
    );
    copy("boj12100/accepted/rows.py", &class.join("bea/main.py"), "");
    copy(
        "boj12100/wrong_answer/double_merge.cpp",
        &class.join("cid.cpp"),
        "",
    );
    copy(
        "boj12100/compile_error/missing_semicolon.c",
        &class.join("dan.c"),
        "",
    );
    copy("boj12100/accepted/rows.py", &class.join("eve/a.py"), "");
    let build = class.join("eve/build");
    std::fs::write(&build, "#!/bin/sh\ncp a.py solution.py\n").unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&build, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    // Two C++ sources that only link together: main.cpp calls what solve.cpp defines.
    let fay = class.join("fay");
    std::fs::create_dir_all(&fay).unwrap();
    let whole = std::fs::read_to_string(solution("boj12100/accepted/dfs.cpp")).unwrap();
    assert!(whole.contains("int main() {"));
    std::fs::write(
        fay.join("solve.cpp"),
        whole.replacen("int main() {", "void solve_board() {", 1),
    )
    .unwrap();
    std::fs::write(
        fay.join("main.cpp"),
        "void solve_board();\nint main() { solve_board(); }\n",
    )
    .unwrap();
    dir
}

/// `judge grade --problem boj12100 ARGS...` with the results and reports in `dir`.
fn grade(dir: &Path, args: &[&str]) -> (Output, serde_json::Value) {
    let json = dir.join("board.json");
    let results = dir.join("results").to_string_lossy().into_owned();
    let json_arg = json.to_string_lossy().into_owned();
    let mut all = vec!["grade", "--problem", "boj12100", "--results", &results];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--json", &json_arg]);
    let output = judge(&all);
    let report = std::fs::read_to_string(&json)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(serde_json::Value::Null);
    (output, report)
}

fn verdicts(board: &serde_json::Value) -> Vec<(String, String)> {
    board["submissions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let name = Path::new(row["name"].as_str().unwrap())
                .components()
                .rev()
                .take(2)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect::<PathBuf>()
                .display()
                .to_string();
            let graded = &row["graded"];
            let verdict = graded
                .get("tests")
                .or_else(|| graded.get("games"))
                .map(|summary| summary["verdict"].as_str().unwrap().to_string())
                .unwrap_or_else(|| "not graded".into());
            (name, verdict)
        })
        .collect()
}

#[test]
fn a_class_gets_a_scoreboard_and_identical_files_are_graded_once() {
    let dir = class();
    let class = dir.path().join("class").to_string_lossy().into_owned();
    let csv = dir.path().join("board.csv").to_string_lossy().into_owned();
    let junit = dir.path().join("board.xml").to_string_lossy().into_owned();
    let html = dir.path().join("board.html").to_string_lossy().into_owned();
    // One job: a single worker switches its sandbox session from program to program.
    let (output, board) = grade(
        dir.path(),
        &[
            &class, "--jobs", "1", "--csv", &csv, "--junit", &junit, "--html", &html,
        ],
    );
    let shown = show(&output);
    assert_eq!(output.status.code(), Some(1), "{shown}");
    assert_eq!(
        verdicts(&board),
        [
            ("class/ann.cpp", "AC"),
            ("class/ann_again.cpp", "AC"),
            ("bea/main.py", "AC"),
            ("class/cid.cpp", "WA"),
            ("class/dan.c", "CE"),
            ("class/eve", "not graded"),
            ("class/fay", "AC"),
        ]
        .map(|(n, v)| (n.to_string(), v.to_string()))
    );
    // Two identical files are one job: 5 to grade, not 6.
    assert!(
        shown.contains("7 submissions of boj12100, 37 tests each"),
        "{shown}"
    );
    let rows = board["submissions"].as_array().unwrap();
    assert_eq!(rows[0]["sha256"], rows[1]["sha256"]);
    assert!(
        shown.contains("not graded: build scripts are not supported"),
        "{shown}"
    );
    assert!(shown.contains("error: expected"), "{shown}");
    assert!(
        shown.contains("result 7 submissions of boj12100: AC 4, WA 1, CE 1, not graded 1"),
        "{shown}"
    );
    let csv = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(csv.lines().count(), 8, "{csv}");
    assert!(
        csv.starts_with("submission,sha256,language,verdict"),
        "{csv}"
    );
    let junit = std::fs::read_to_string(&junit).unwrap();
    assert!(
        junit.contains("tests=\"7\"") && junit.contains("failures=\"3\""),
        "{junit}"
    );
    // The page: a row per submission, a section per graded one (the folder with a build
    // script has none, and its row says why).
    let html = std::fs::read_to_string(&html).unwrap();
    assert!(
        html.contains("<title>judge grade: boj12100</title>"),
        "{html}"
    );
    let board_html = html.split("</section>").next().unwrap();
    assert_eq!(board_html.matches("<tr").count(), 8, "{board_html}");
    assert_eq!(html.matches("<section class=\"submission\"").count(), 6);
    assert!(board_html.contains("not graded: build scripts are not supported"));
    // The results folder holds one result per graded job (the CE included).
    let stored = std::fs::read_dir(dir.path().join("results"))
        .unwrap()
        .count();
    assert_eq!(stored, 5);
}

#[test]
fn a_second_run_takes_the_results_of_the_first() {
    let dir = class();
    let class = dir.path().join("class").to_string_lossy().into_owned();
    let (first, board) = grade(dir.path(), &[&class]);
    assert_eq!(first.status.code(), Some(1), "{}", show(&first));
    let started = Instant::now();
    let (again, board_again) = grade(dir.path(), &[&class]);
    let shown = show(&again);
    assert_eq!(again.status.code(), Some(1), "{shown}");
    // What was not graded (the two Python files) is tried again: it may be gradable now.
    assert!(
        shown.contains("6 graded by an earlier run, 1 to grade"),
        "{shown}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(board_again, board);
    let (regraded, _) = grade(dir.path(), &[&class, "--regrade"]);
    assert!(
        !show(&regraded).contains("earlier run"),
        "{}",
        show(&regraded)
    );
    // Another seed is another grading.
    let (other_seed, _) = grade(dir.path(), &[&class, "--seed", "7"]);
    assert!(
        !show(&other_seed).contains("earlier run"),
        "{}",
        show(&other_seed)
    );
    // Another build of the same version (a rebuilt judge: here the same executable with one
    // byte more) does not take this build's results for its own.
    let mut rebuilt = std::fs::read(env!("CARGO_BIN_EXE_judge")).unwrap();
    rebuilt.push(0);
    // Written by another process, `cp`: a file this process had open for writing could be
    // held, for a moment, by a child another test thread forks, and executing it would then
    // fail with "Text file busy" (seen once in tests/fresh-machine.sh).
    let staged = dir.path().join("judge-rebuilt.staged");
    std::fs::write(&staged, rebuilt).unwrap();
    let rebuilt_judge = dir.path().join("judge-rebuilt");
    let copied = std::process::Command::new("cp")
        .arg(&staged)
        .arg(&rebuilt_judge)
        .status()
        .unwrap();
    assert!(copied.success());
    std::fs::set_permissions(
        &rebuilt_judge,
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let results = dir.path().join("results");
    let other_build = std::process::Command::new(&rebuilt_judge)
        .args(["grade", "--problem", "boj12100", "--results"])
        .arg(&results)
        .arg(&class)
        .current_dir(common::repo())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(other_build.status.code(), Some(1), "{}", show(&other_build));
    assert!(
        !show(&other_build).contains("earlier run"),
        "{}",
        show(&other_build)
    );
}

/// Copies of a too-slow solution with different bytes: each takes about a second.
fn slow_class(count: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..count {
        copy(
            "boj12100/time_limit_exceeded/busy_loop.c",
            &dir.path().join(format!("class/slow{i:02}.c")),
            &format!("\n/* copy {i} */\n"),
        );
    }
    dir
}

/// The result files stored in `dir/results` (`KEY.json`). A run killed while it wrote one
/// leaves the writer's hidden temporary file (`.judge-*.tmp`, renamed over `KEY.json` only
/// when whole), which no run reads: it is not a result.
fn result_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir.join("results")) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect()
}

fn stored_results(dir: &Path) -> usize {
    result_files(dir).len()
}

#[test]
fn a_killed_run_loses_nothing_already_graded() {
    let dir = slow_class(8);
    let class = dir.path().join("class").to_string_lossy().into_owned();
    let results = dir.path().join("results").to_string_lossy().into_owned();
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["grade", "--problem", "boj12100", "--jobs", "2"])
        .args(["--results", &results, &class])
        .current_dir(repo())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while stored_results(dir.path()) < 2 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let kept = stored_results(dir.path());
    assert!((2..8).contains(&kept), "{kept} results kept");
    // Every kept result is whole, and the rerun grades only the rest.
    for path in result_files(dir.path()) {
        let text = std::fs::read_to_string(&path).unwrap();
        serde_json::from_str::<serde_json::Value>(&text).expect("a whole JSON file");
    }
    // Anything else is a temporary file of the writer the kill interrupted.
    for entry in std::fs::read_dir(dir.path().join("results")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            name.ends_with(".json") || (name.starts_with(".judge-") && name.ends_with(".tmp")),
            "{name} in results"
        );
    }
    let (output, board) = grade(dir.path(), &[&class]);
    let shown = show(&output);
    assert!(
        shown.contains(&format!(
            "{kept} graded by an earlier run, {} to grade",
            8 - kept
        )),
        "{shown}"
    );
    assert!(verdicts(&board).iter().all(|(_, v)| v == "TLE"), "{board}");
    assert_eq!(stored_results(dir.path()), 8);
}

#[test]
fn a_killed_run_resumes_its_submission_from_the_tests_it_decided() {
    let dir = slow_class(1);
    // The compile cache (where the tests of an unfinished submission are kept) in `dir`.
    let config = dir.path().join("runner.toml");
    std::fs::write(&config, "[defaults]\ncache_dir = \"cache\"\n").unwrap();
    let config = config.to_string_lossy().into_owned();
    let class = dir.path().join("class").to_string_lossy().into_owned();
    let results = dir.path().join("results").to_string_lossy().into_owned();
    let args = [
        "--config",
        &config,
        "--all",
        "--jobs",
        "1",
        "--tests",
        "random",
        "--count",
        "10",
        "--time-limit",
        "0.2",
        &class,
    ];
    let units = dir.path().join("cache/grade-units");
    // The tests decided so far: the lines after the file's first (its identity).
    let decided = || -> Vec<serde_json::Value> {
        let Some(file) = std::fs::read_dir(&units).ok().and_then(|mut d| d.next()) else {
            return Vec::new();
        };
        let text = std::fs::read_to_string(file.unwrap().path()).unwrap_or_default();
        let lines = text.lines().skip(1);
        lines.filter_map(|l| serde_json::from_str(l).ok()).collect()
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["grade", "--problem", "boj12100", "--results", &results])
        .args(args)
        .current_dir(repo())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while decided().len() < 3 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = decided();
    assert!(
        (3..10).contains(&before.len()),
        "{} tests decided",
        before.len()
    );
    assert_eq!(stored_results(dir.path()), 0);
    let (output, board) = grade(dir.path(), &args);
    assert_eq!(output.status.code(), Some(1), "{}", show(&output));
    let tests = board["submissions"][0]["graded"]["tests"]["tests"]
        .as_array()
        .unwrap();
    assert_eq!(tests.len(), 10, "{board}");
    // The decided tests are taken as they were (their measured times too), not run again.
    for line in &before {
        let unit = line["unit"].as_u64().unwrap() as usize;
        assert_eq!(tests[unit], line["outcome"], "test {unit}");
    }
    assert!(tests.iter().all(|t| t["verdict"] == "TLE"), "{board}");
    // Once the submission's result is kept whole, its tests' file goes.
    assert_eq!(stored_results(dir.path()), 1);
    assert_eq!(std::fs::read_dir(&units).unwrap().count(), 0);
}

#[test]
#[ignore = "needs root"]
fn a_full_disk_stops_the_run_and_loses_nothing_already_graded() {
    require_root();
    let dir = tempfile::tempdir().unwrap();
    for i in 0..6 {
        copy(
            "boj12100/accepted/dfs.cpp",
            &dir.path().join(format!("class/s{i}.cpp")),
            &format!("\n// copy {i}\n"),
        );
    }
    let class = dir.path().join("class").to_string_lossy().into_owned();
    let results = dir.path().join("results");
    std::fs::create_dir(&results).unwrap();
    // A results folder with room for about two results (each about 10 KiB).
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=24k", "tmpfs"])
        .arg(&results)
        .status()
        .unwrap();
    assert!(mounted.success());
    let (output, _) = grade(dir.path(), &[&class, "--jobs", "1"]);
    let kept: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&results)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            (path, bytes)
        })
        .collect();
    let unmounted = Command::new("umount").arg(&results).status().unwrap();
    assert!(unmounted.success());
    let shown = show(&output);
    assert_eq!(output.status.code(), Some(2), "{shown}");
    assert!(
        shown.contains("cannot write") && shown.contains("results"),
        "{shown}"
    );
    assert!((1..6).contains(&kept.len()), "{} kept\n{shown}", kept.len());
    // What was written is whole; put back in a folder with room, it lets a rerun finish.
    for (path, bytes) in &kept {
        serde_json::from_slice::<serde_json::Value>(bytes).expect("a whole result");
        std::fs::write(path, bytes).unwrap();
    }
    let (output, board) = grade(dir.path(), &[&class]);
    let shown = show(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains(&format!(
            "{} graded by an earlier run, {} to grade",
            kept.len(),
            6 - kept.len()
        )),
        "{shown}"
    );
    assert_eq!(verdicts(&board).len(), 6);
}

#[test]
fn a_sharded_grade_merges_into_the_whole_scoreboard() {
    let dir = class();
    let class = dir.path().join("class").to_string_lossy().into_owned();
    let (whole, whole_board) = grade(dir.path(), &[&class, "--regrade"]);
    assert_eq!(whole.status.code(), Some(1), "{}", show(&whole));
    let mut parts = Vec::new();
    for k in 0..3 {
        let part_dir = dir.path().join(format!("part{k}"));
        std::fs::create_dir(&part_dir).unwrap();
        let shard = format!("{k}/3");
        let (output, board) = grade(&part_dir, &[&class, "--shard", &shard]);
        assert_eq!(board["shard"]["index"], k, "{}", show(&output));
        parts.push(part_dir.join("board.json").to_string_lossy().into_owned());
    }
    let merged = dir.path().join("merged.json");
    let merged_arg = merged.to_string_lossy().into_owned();
    let mut args = vec!["merge"];
    let html = dir.path().join("merged.html");
    let html_arg = html.to_string_lossy().into_owned();
    args.extend(parts.iter().map(String::as_str));
    args.extend_from_slice(&["--json", &merged_arg, "--html", &html_arg]);
    let output = judge(&args);
    assert_eq!(output.status.code(), Some(1), "{}", show(&output));
    let merged: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&merged).unwrap()).unwrap();
    assert_eq!(verdicts(&merged), verdicts(&whole_board));
    // The merged page holds every part's submissions.
    let html = std::fs::read_to_string(&html).unwrap();
    assert!(html.contains("7 submissions: 4 AC, 1 WA, 1 CE, 1 not graded"));
    assert_eq!(merged["plan"], whole_board["plan"]);
    assert_eq!(merged["shard"], serde_json::Value::Null);
}

#[test]
fn players_of_the_interactive_problem_get_mean_scores() {
    let dir = tempfile::tempdir().unwrap();
    copy(
        "boj28489/wrong_answer/greedy_one_move.c",
        &dir.path().join("players/greedy.c"),
        "",
    );
    copy(
        "boj28489/wrong_answer/fixed_order.py",
        &dir.path().join("players/fixed.py"),
        "",
    );
    let players = dir.path().join("players").to_string_lossy().into_owned();
    let results = dir.path().join("results").to_string_lossy().into_owned();
    let output = judge(&[
        "grade",
        "--problem",
        "boj28489",
        "--games",
        "8",
        "--results",
        &results,
        &players,
    ]);
    let shown = show(&output);
    assert_eq!(output.status.code(), Some(1), "{shown}");
    assert!(shown.contains("8 games each"), "{shown}");
    assert!(shown.contains("mean score (95%)"), "{shown}");
    assert!(shown.contains(" ± "), "{shown}");
    assert!(shown.contains("8/8"), "{shown}");
}

/// A project of a problem `flaky` whose output validator fails (exit 1, which the Kattis
/// convention does not allow: a judge error) on its second test while `flags/broken` exists,
/// a file outside the problem (no part of what a stored result is keyed by), as a checker
/// with a missing helper would; and a class of three: `ok.py` (accepted once the validator
/// works), `crash.py` (exits 3 at once: RE, the validator never runs) and `bad.c` (CE).
fn flaky_project() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let project = tempfile::tempdir().unwrap();
    let root = project.path();
    // The sandbox's user reads the flags folder.
    std::fs::set_permissions(root, std::fs::Permissions::from_mode(0o755)).unwrap();
    let flags = root.join("flags");
    std::fs::create_dir(&flags).unwrap();
    std::fs::set_permissions(&flags, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(
        root.join("runner.toml"),
        format!(
            "[defaults]\ncache_dir = \"cache\"\n[sandbox]\nread_only_paths = [\"{}\"]\n",
            flags.display()
        ),
    )
    .unwrap();
    let problem = root.join("flaky");
    std::fs::create_dir_all(problem.join("samples")).unwrap();
    std::fs::write(
        problem.join("problem.toml"),
        "id = \"flaky\"\ntitle = \"Flaky\"\nsource = \"judge's tests\"\nkind = \"batch\"\n\
         [limits]\ntime_seconds = 1.0\nmemory_mib = 64\n\
         [checker]\ntype = \"program\"\nsource = \"validate.py\"\nconvention = \"kattis\"\n",
    )
    .unwrap();
    std::fs::write(
        problem.join("validate.py"),
        format!(
            "import os, sys\nanswer = open(sys.argv[2]).read().split()\n\
             if answer == ['11'] and os.path.exists({:?}):\n    sys.exit(1)\n\
             sys.exit(42 if sys.stdin.read().split() == answer else 43)\n",
            flags.join("broken").display().to_string()
        ),
    )
    .unwrap();
    for (name, input, answer) in [("1", "1 2\n", "3\n"), ("2", "5 6\n", "11\n")] {
        std::fs::write(problem.join(format!("samples/{name}.in")), input).unwrap();
        std::fs::write(problem.join(format!("samples/{name}.ans")), answer).unwrap();
    }
    let class = root.join("class");
    std::fs::create_dir(&class).unwrap();
    std::fs::write(
        class.join("ok.py"),
        "a, b = map(int, input().split())\nprint(a + b)\n",
    )
    .unwrap();
    std::fs::write(class.join("crash.py"), "raise SystemExit(3)\n").unwrap();
    std::fs::write(class.join("bad.c"), "int main( { return 0; }\n").unwrap();
    project
}

/// `judge grade` of the flaky project's class (in the project's folder), with `extra`
/// arguments: its output, and the scoreboard's verdicts by file name.
fn grade_flaky(root: &Path, extra: &[&str]) -> (Output, Vec<(String, String)>) {
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args([
            "--config",
            "runner.toml",
            "grade",
            "--problem",
            "flaky",
            "class",
        ])
        .args(["--results", "results", "--json", "board.json"])
        .args(extra)
        .current_dir(root)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let board: serde_json::Value = std::fs::read_to_string(root.join("board.json"))
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or(serde_json::Value::Null);
    let verdicts = match board["submissions"].as_array() {
        Some(_) => verdicts(&board)
            .into_iter()
            .map(|(name, verdict)| (name.replace("class/", ""), verdict))
            .collect(),
        None => Vec::new(),
    };
    (output, verdicts)
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected
        .iter()
        .map(|(name, verdict)| (name.to_string(), verdict.to_string()))
        .collect()
}

/// The files in `dir` (none when it is missing).
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    found.sort();
    found
}

/// A judge error (here the output validator failing) is the grader's failure, not a verdict
/// about the submission: it is shown, but not kept, and the next run grades that submission
/// again (from its tests decided without one) and gives it its real verdict; a CE and an RE
/// are verdicts and are kept. A --regrade that meets a judge error leaves no older result
/// kept for it either.
#[test]
fn a_judge_error_is_not_kept_and_the_next_run_grades_the_submission_again() {
    let project = flaky_project();
    let root = project.path();
    let broken = root.join("flags/broken");
    std::fs::write(&broken, "").unwrap();
    let (first, board) = grade_flaky(root, &[]);
    let shown = show(&first);
    assert_eq!(first.status.code(), Some(1), "{shown}");
    assert_eq!(
        board,
        pairs(&[("bad.c", "CE"), ("crash.py", "RE"), ("ok.py", "JE")]),
        "{shown}"
    );
    assert!(shown.contains("the checker validate.py"), "{shown}");
    assert!(
        shown.contains("it is not kept as a result, and the next run grades that submission again"),
        "{shown}"
    );
    // The CE and the RE are kept; the JE is not, but its first test (accepted) is.
    assert_eq!(files_in(&root.join("results")).len(), 2, "{shown}");
    let units = files_in(&root.join("cache/grade-units"));
    assert_eq!(units.len(), 1, "{units:?}");
    let lines = std::fs::read_to_string(&units[0]).unwrap();
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[1].contains("\"verdict\":\"AC\""), "{lines:?}");

    // The grader works again: the JE is graded again, the rest taken from the first run.
    std::fs::remove_file(&broken).unwrap();
    let (second, board) = grade_flaky(root, &[]);
    let shown = show(&second);
    assert_eq!(second.status.code(), Some(1), "{shown}");
    assert!(
        shown.contains("2 graded by an earlier run, 1 to grade"),
        "{shown}"
    );
    assert!(shown.contains("class/ok.py: AC"), "{shown}");
    assert_eq!(
        board,
        pairs(&[("bad.c", "CE"), ("crash.py", "RE"), ("ok.py", "AC")]),
        "{shown}"
    );
    assert!(!shown.contains("not kept"), "{shown}");
    assert_eq!(files_in(&root.join("results")).len(), 3);
    assert!(files_in(&root.join("cache/grade-units")).is_empty());
    let (third, _) = grade_flaky(root, &[]);
    assert!(
        show(&third).contains("3 graded by an earlier run, 0 to grade"),
        "{}",
        show(&third)
    );

    // A regrade that meets a judge error drops the accepted result kept before it ...
    std::fs::write(&broken, "").unwrap();
    let (regraded, board) = grade_flaky(root, &["--regrade"]);
    assert_eq!(
        board,
        pairs(&[("bad.c", "CE"), ("crash.py", "RE"), ("ok.py", "JE")]),
        "{}",
        show(&regraded)
    );
    assert_eq!(files_in(&root.join("results")).len(), 2);
    // ... so that the next run grades it again rather than take the older result.
    std::fs::remove_file(&broken).unwrap();
    let (after, board) = grade_flaky(root, &[]);
    let shown = show(&after);
    assert!(
        shown.contains("2 graded by an earlier run, 1 to grade"),
        "{shown}"
    );
    assert_eq!(board[2], ("ok.py".to_string(), "AC".to_string()));
}

/// A stored result names the judge build that made it, and another build's is not taken,
/// even in a file of this build's key (its verdicts may have been decided otherwise).
#[test]
fn a_result_stored_by_another_build_is_graded_again() {
    let project = flaky_project();
    let root = project.path();
    let (first, board) = grade_flaky(root, &[]);
    assert_eq!(
        board,
        pairs(&[("bad.c", "CE"), ("crash.py", "RE"), ("ok.py", "AC")]),
        "{}",
        show(&first)
    );
    let stored = files_in(&root.join("results"));
    assert_eq!(stored.len(), 3);
    let text = std::fs::read_to_string(&stored[0]).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let build = value["judge_build"].as_str().unwrap().to_string();
    // The version, and a digest of the executable.
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        build.starts_with(&format!("{version}+")) && build.len() == version.len() + 17,
        "{build}"
    );
    // Another build of the same version made one of them.
    let quoted = format!("\"judge_build\": \"{build}\"");
    assert!(text.contains(&quoted), "{text}");
    let other = text.replace(
        &quoted,
        &format!("\"judge_build\": \"{version}+0000000000000000\""),
    );
    std::fs::write(&stored[0], other).unwrap();
    let (again, board) = grade_flaky(root, &[]);
    let shown = show(&again);
    assert!(
        shown.contains("2 graded by an earlier run, 1 to grade"),
        "{shown}"
    );
    assert_eq!(
        board,
        pairs(&[("bad.c", "CE"), ("crash.py", "RE"), ("ok.py", "AC")]),
        "{shown}"
    );
    // Graded again, the result is kept as this build's.
    let rewritten = std::fs::read_to_string(&stored[0]).unwrap();
    assert!(rewritten.contains(&quoted), "{rewritten}");
}

#[test]
fn missing_submissions_are_an_error() {
    let output = judge(&["grade", "--problem", "boj12100", "/nonexistent/class"]);
    assert_eq!(output.status.code(), Some(2), "{}", show(&output));
    assert!(show(&output).contains("/nonexistent/class: no such file or folder"));
}

/// The bundled solution files of a problem of tests/projects/parts, each with the verdict
/// code its folder names.
fn parts_solutions(problem: &str) -> Vec<(PathBuf, String)> {
    let code = |folder: &str| match folder {
        "accepted" => "AC",
        "wrong_answer" => "WA",
        "presentation_error" => "PE",
        "compile_error" => "CE",
        "run_time_error" => "RE",
        "time_limit_exceeded" => "TLE",
        "memory_limit_exceeded" => "MLE",
        "output_limit_exceeded" => "OLE",
        other => panic!("no verdict for the folder {other}"),
    };
    let dir = repo().join("tests/projects/parts/solutions").join(problem);
    let mut found = Vec::new();
    for folder in std::fs::read_dir(&dir).unwrap() {
        let folder = folder.unwrap().path();
        let expected = code(folder.file_name().unwrap().to_str().unwrap());
        for file in std::fs::read_dir(&folder).unwrap() {
            found.push((file.unwrap().path(), expected.to_string()));
        }
    }
    found.sort();
    found
}

/// Problems made of programs (tests/projects/parts): a checker program, a Kattis output
/// validator and an interactor judge every submission of a `grade` as they judge `test`'s.
#[test]
fn problems_made_of_programs_are_graded_with_their_checker_or_interactor() {
    let project = repo().join("tests/projects/parts");
    let config = project.join("runner.toml").to_string_lossy().into_owned();
    for problem in ["pairsum", "average", "hilo"] {
        let dir = tempfile::tempdir().unwrap();
        let solutions = parts_solutions(problem);
        let results = dir.path().join("results").to_string_lossy().into_owned();
        let json = dir.path().join("board.json");
        let json_arg = json.to_string_lossy().into_owned();
        let files: Vec<String> = solutions
            .iter()
            .map(|(path, _)| path.to_string_lossy().into_owned())
            .collect();
        let mut args = vec![
            "--config",
            &config,
            "grade",
            "--problem",
            problem,
            "--results",
            &results,
            "--json",
            &json_arg,
        ];
        args.extend(files.iter().map(String::as_str));
        let output = judge(&args);
        let shown = show(&output);
        assert_eq!(output.status.code(), Some(1), "{problem}: {shown}");
        let board: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        let got: Vec<(String, String)> = board["submissions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| {
                let summary = &row["graded"]["tests"];
                assert!(summary.is_object(), "{problem}: {row}");
                let name = Path::new(row["name"].as_str().unwrap());
                (
                    name.file_name().unwrap().to_string_lossy().into_owned(),
                    summary["verdict"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        let mut expected: Vec<(String, String)> = solutions
            .iter()
            .map(|(path, verdict)| {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                (name, verdict.clone())
            })
            .collect();
        expected.sort();
        let mut got_sorted = got.clone();
        got_sorted.sort();
        assert_eq!(got_sorted, expected, "{problem}: {shown}");
    }
}
