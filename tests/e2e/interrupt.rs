//! Interruption and what runs leave behind, end to end, and problem programs run in parallel:
//! - Ctrl-C and Ctrl-\ (SIGINT and SIGQUIT to judge's process group, as a terminal sends
//!   them), and SIGTERM or SIGHUP to judge alone, end a `judge grade` whose output validator
//!   runs with exit 130, storing no result (a rerun grades again) and leaving no temporary
//!   folder or cgroup; every other command that runs programs exits 130 too, `stress`
//!   included (it said "looks right");
//! - a SIGKILLed run's temporary folder and cgroups are swept by the next run, and a live
//!   run's are not;
//! - `judge test WA | head -1` keeps exit 1;
//! - an input validator that loops is named with the test and stopped at its limit, and
//!   input validators run in parallel (their run intervals overlap with --jobs 2 and never
//!   with --jobs 1).
//!
//! Each judge gets a TMPDIR of its own, so that what it leaves (or sweeps) is told apart
//! from the runs of other tests.

use crate::common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{is_root, repo, show};

/// How long judge may take to end after a signal (it stops in order within 5 s, else exits
/// at once); generous for a loaded machine.
const STOP_WITHIN: Duration = Duration::from_secs(30);
/// How long a run may take to get where a test wants it (compiling, starting sessions).
const START_WITHIN: Duration = Duration::from_secs(180);

/// A folder for judge's temporary folders (its TMPDIR), which the sandbox's user can enter.
fn private_tmp() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// Starts `judge ARGS` in `cwd` with `tmp` as its TMPDIR, leading a process group of its
/// own (as a shell starts a foreground job).
fn spawn(args: &[&str], cwd: &Path, tmp: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .env("TMPDIR", tmp)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("judge starts")
}

/// Runs `judge ARGS` to its end.
fn run(args: &[&str], cwd: &Path, tmp: &Path) -> Output {
    finish(spawn(args, cwd, tmp), START_WITHIN)
}

/// Waits for a child's end and output; past `limit` its process group is killed and the
/// test fails.
fn finish(child: Child, limit: Duration) -> Output {
    let pid = child.id() as libc::pid_t;
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(child.wait_with_output());
    });
    match receiver.recv_timeout(limit) {
        Ok(output) => output.expect("judge is waited for"),
        Err(_) => {
            // SAFETY: killpg on the group our own child leads.
            unsafe { libc::killpg(pid, libc::SIGKILL) };
            panic!("judge did not end within {limit:?}");
        }
    }
}

/// Polls `condition` until it holds; fails the test after `limit`.
fn wait_until(what: &str, limit: Duration, mut condition: impl FnMut() -> bool) {
    let started = Instant::now();
    while !condition() {
        assert!(started.elapsed() < limit, "waited {limit:?} for {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Every process: pid -> (parent pid, command line).
fn processes() -> HashMap<i32, (i32, String)> {
    let mut found = HashMap::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<i32>() else {
            continue;
        };
        let (Ok(stat), Ok(cmdline)) = (
            std::fs::read_to_string(entry.path().join("stat")),
            std::fs::read(entry.path().join("cmdline")),
        ) else {
            continue;
        };
        let Some(after_name) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
            continue;
        };
        let parent = after_name
            .split_whitespace()
            .nth(1)
            .and_then(|p| p.parse().ok())
            .unwrap_or(0);
        let command = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        found.insert(pid, (parent, command));
    }
    found
}

/// Whether a program runs in a sandbox session of a judge whose TMPDIR is `tmp`, in a
/// session folder of `role` (`checker`, `worker`, `generator`, ...; "" for any): a process
/// under the keeper under such a launcher.
fn program_runs(tmp: &Path, role: &str) -> bool {
    let all = processes();
    let session = format!("{}/", tmp.display());
    let launchers: Vec<i32> = all
        .iter()
        .filter(|(_, (_, command))| {
            command.contains("__launch")
                && command.contains(&session)
                && command.contains(&format!("/{role}"))
        })
        .map(|(&pid, _)| pid)
        .collect();
    // A launcher's one child is its keeper (whose command line no longer names the launcher:
    // runs see it as their pid 1); the programs run are the keeper's children.
    let keepers: Vec<i32> = all
        .iter()
        .filter(|(_, (parent, _))| launchers.contains(parent))
        .map(|(&pid, _)| pid)
        .collect();
    all.values().any(|(parent, _)| keepers.contains(parent))
}

/// Whether any process of a judge whose TMPDIR is `tmp` lives (its launchers name it).
fn launchers_live(tmp: &Path) -> bool {
    let session = format!("{}/", tmp.display());
    processes()
        .values()
        .any(|(_, command)| command.contains("__launch") && command.contains(&session))
}

/// The folders judge made in `tmp`.
fn temp_folders(tmp: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(tmp)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect()
}

/// The cgroups the sessions of judge's runs in `tmp` made (each lists them in its folder).
fn recorded_groups(tmp: &Path) -> Vec<PathBuf> {
    let mut groups = Vec::new();
    for run in temp_folders(tmp) {
        for session in std::fs::read_dir(&run).into_iter().flatten().flatten() {
            if let Ok(text) = std::fs::read_to_string(session.path().join("cgroups")) {
                groups.extend(text.lines().map(PathBuf::from));
            }
        }
    }
    groups
}

fn signal(pid: u32, signal: libc::c_int) {
    // SAFETY: kill on our own unreaped child.
    unsafe { libc::kill(pid as libc::pid_t, signal) };
}

fn signal_group(pid: u32, signal: libc::c_int) {
    // SAFETY: killpg on the group our own unreaped child leads.
    unsafe { libc::killpg(pid as libc::pid_t, signal) };
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A project (`runner.toml` making `flags/` visible to programs) with a Kattis package
/// `slow/` whose output validator sleeps a minute while `flags/slow` exists (else it accepts
/// at once), and two submissions in `subs/`. Returns the project's folder holder.
fn slow_project() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let project = private_tmp();
    let root = project.path();
    let flags = root.join("flags");
    write(
        &root.join("runner.toml"),
        &format!("[sandbox]\nread_only_paths = [\"{}\"]\n", flags.display()),
    );
    write(&flags.join("slow"), "");
    std::fs::set_permissions(&flags, std::fs::Permissions::from_mode(0o755)).unwrap();
    let package = root.join("slow");
    write(
        &package.join("problem.yaml"),
        "name: Slow\nvalidation: custom\n",
    );
    write(&package.join(".timelimit"), "2\n");
    for test in ["1", "2"] {
        write(&package.join(format!("data/secret/{test}.in")), "7\n");
        write(&package.join(format!("data/secret/{test}.ans")), "7\n");
    }
    write(
        &package.join("output_validators/slow/validate.py"),
        &format!(
            "import os, sys, time\nif os.path.exists({:?}):\n    time.sleep(60)\nsys.exit(42)\n",
            flags.join("slow").display().to_string()
        ),
    );
    write(
        &package.join("submissions/accepted/echo.py"),
        "print(input())\n",
    );
    write(&root.join("subs/a.py"), "print(input())\n");
    write(&root.join("subs/b.py"), "print(input())  # b\n");
    project
}

/// `judge grade` of the slow project, interrupted by `send` once its output validator runs:
/// exit 130, nothing stored, no temporary folder or cgroup left; a rerun grades again.
fn interrupted_grade_stores_nothing(send: impl Fn(u32)) {
    let project = slow_project();
    let root = project.path();
    let tmp = private_tmp();
    let results = root.join("results");
    let results_arg = results.to_string_lossy().into_owned();
    let args = [
        "grade",
        "--problem",
        "slow",
        "subs",
        "--results",
        &results_arg,
        "--jobs",
        "2",
    ];
    let child = spawn(&args, root, tmp.path());
    wait_until("the output validator to run", START_WITHIN, || {
        program_runs(tmp.path(), "checker")
    });
    let groups = recorded_groups(tmp.path());
    if is_root() {
        assert!(!groups.is_empty(), "as root, sessions have cgroups");
    }
    send(child.id());
    let output = finish(child, STOP_WITHIN);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(130), "{text}");
    assert!(text.contains("judge: interrupted"), "{text}");
    assert!(!text.contains("JE"), "a run cut short is judged: {text}");
    let stored: Vec<PathBuf> = std::fs::read_dir(&results)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    assert!(stored.is_empty(), "results stored: {stored:?}\n{text}");
    assert!(
        temp_folders(tmp.path()).is_empty(),
        "left behind: {:?}",
        temp_folders(tmp.path())
    );
    for group in &groups {
        assert!(!group.exists(), "cgroup left behind: {}", group.display());
    }
    assert!(!launchers_live(tmp.path()), "a launcher still runs");

    std::fs::remove_file(root.join("flags/slow")).unwrap();
    let rerun = run(&args, root, tmp.path());
    let text = show(&rerun);
    assert_eq!(rerun.status.code(), Some(0), "{text}");
    assert!(!text.contains("earlier run"), "{text}");
    assert!(text.contains("AC 2"), "{text}");
}

#[test]
fn ctrl_c_to_the_process_group_of_grade_stores_nothing_and_a_rerun_grades_again() {
    interrupted_grade_stores_nothing(|pid| signal_group(pid, libc::SIGINT));
}

#[test]
fn sigterm_to_grade_alone_stores_nothing() {
    interrupted_grade_stores_nothing(|pid| signal(pid, libc::SIGTERM));
}

#[test]
fn sighup_to_grade_alone_stores_nothing() {
    interrupted_grade_stores_nothing(|pid| signal(pid, libc::SIGHUP));
}

/// Ctrl-\ (SIGQUIT to the process group, as a terminal sends it) is an interruption like
/// Ctrl-C: its default action would end judge at once, leaving its folder and cgroups.
#[test]
fn ctrl_backslash_to_the_process_group_of_grade_stores_nothing() {
    interrupted_grade_stores_nothing(|pid| signal_group(pid, libc::SIGQUIT));
}

/// A second signal does not wait for the orderly stop: judge kills its launchers, removes its
/// folders with their cgroups, and exits 130 at once. The orderly stop may still win the race
/// on a loaded machine (it is done before the second signal is read): each attempt must leave
/// nothing either way, and one of three must take the hurried exit.
#[test]
fn a_second_signal_exits_at_once_and_still_leaves_nothing() {
    let hurried = (0..3).any(|_| second_signal_leaves_nothing());
    assert!(hurried, "the orderly stop won all three races");
}

/// One `judge grade` stopped by two signals: whether it took the hurried exit.
fn second_signal_leaves_nothing() -> bool {
    let project = slow_project();
    let root = project.path();
    let tmp = private_tmp();
    let results = root.join("results").to_string_lossy().into_owned();
    let child = spawn(
        &["grade", "--problem", "slow", "subs", "--results", &results],
        root,
        tmp.path(),
    );
    wait_until("the output validator to run", START_WITHIN, || {
        program_runs(tmp.path(), "checker")
    });
    let groups = recorded_groups(tmp.path());
    // Two different signals, so that both are delivered (two of the same may merge).
    signal_group(child.id(), libc::SIGINT);
    signal(child.id(), libc::SIGTERM);
    let output = finish(child, STOP_WITHIN);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(130), "{text}");
    let hurried = text.contains("judge: interrupted; runs killed, temporary files removed");
    assert!(hurried || text.contains("judge: interrupted\n"), "{text}");
    assert!(
        temp_folders(tmp.path()).is_empty(),
        "{:?}",
        temp_folders(tmp.path())
    );
    for group in &groups {
        assert!(!group.exists(), "cgroup left behind: {}", group.display());
    }
    wait_until("the launchers to die", STOP_WITHIN, || {
        !launchers_live(tmp.path())
    });
    assert!(std::fs::read_dir(root.join("results"))
        .map(|entries| entries.count() == 0)
        .unwrap_or(true));
    hurried
}

#[test]
fn interrupted_stress_exits_130_and_does_not_say_it_looks_right() {
    let tmp = private_tmp();
    let child = spawn(
        &[
            "stress",
            "solutions/boj12100/accepted/dfs.cpp",
            "--time",
            "600",
        ],
        &repo(),
        tmp.path(),
    );
    wait_until("the solution to run", START_WITHIN, || {
        program_runs(tmp.path(), "worker")
    });
    // Let it run a few tests.
    std::thread::sleep(Duration::from_millis(500));
    signal_group(child.id(), libc::SIGINT);
    let output = finish(child, STOP_WITHIN);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(130), "{text}");
    assert!(!text.contains("looks right"), "{text}");
    assert!(temp_folders(tmp.path()).is_empty());
}

/// A project with a problem whose generator, reference and validator sleep a minute.
fn sleepy_project() -> tempfile::TempDir {
    let project = private_tmp();
    let root = project.path();
    write(&root.join("runner.toml"), "[defaults]\njobs = 2\n");
    let problem = root.join("problems/sleepy");
    write(
        &problem.join("problem.toml"),
        "id = \"sleepy\"\ntitle = \"Sleepy\"\nsource = \"judge's tests\"\nkind = \"batch\"\n\n\
         [limits]\ntime_seconds = 1.0\nmemory_mib = 64\n\n\
         [generator]\ncommand = [\"sleep\", \"60\"]\n\n\
         [reference]\ncommand = [\"sleep\", \"60\"]\n\n\
         [validator]\ncommand = [\"sleep\", \"60\"]\n",
    );
    write(&problem.join("statement.md"), "# Sleepy\n");
    write(&problem.join("samples/1.in"), "1\n");
    write(&problem.join("samples/1.ans"), "1\n");
    write(&root.join("ok.py"), "print(input())\n");
    write(&root.join("subs/ok.py"), "print(input())\n");
    write(
        &root.join("solutions/sleepy/accepted/ok.py"),
        "print(input())\n",
    );
    write(&root.join("input.txt"), "1\n");
    project
}

/// Every command that runs programs, interrupted while one runs, exits 130 and leaves no
/// temporary folder.
#[test]
fn every_command_interrupted_while_a_program_runs_exits_130() {
    let project = sleepy_project();
    let root = project.path();
    let out = root.join("out").to_string_lossy().into_owned();
    let commands: [(&[&str], &str); 9] = [
        (
            &["test", "ok.py", "--problem", "sleepy", "--tests", "random"],
            "generator",
        ),
        (
            &["grade", "--problem", "sleepy", "subs", "--tests", "random"],
            "generator",
        ),
        (&["verify", "sleepy"], "generator"),
        (&["stress", "ok.py", "--problem", "sleepy"], "generator"),
        (&["gen", "sleepy", "--index", "0"], "generator"),
        (&["solve", "sleepy", "input.txt"], "reference"),
        (&["validate", "sleepy", "input.txt"], "validator"),
        (
            &["export", "sleepy", "--kattis", &out, "--count", "1"],
            "generator",
        ),
        (
            &[
                "compare",
                "solutions/boj28489/accepted/expectimax.cpp",
                "solutions/boj28489/accepted/expectimax.cpp",
                "--problem",
                "boj28489",
                "--games",
                "50",
            ],
            "",
        ),
    ];
    for (args, role) in commands {
        let tmp = private_tmp();
        let cwd = if args[0] == "compare" {
            repo()
        } else {
            root.to_path_buf()
        };
        let child = spawn(args, &cwd, tmp.path());
        wait_until(
            &format!("a {role} of {args:?} to run"),
            START_WITHIN,
            || program_runs(tmp.path(), role),
        );
        signal_group(child.id(), libc::SIGINT);
        let output = finish(child, STOP_WITHIN);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(130), "{args:?}: {text}");
        assert!(text.contains("judge: interrupted"), "{args:?}: {text}");
        assert!(
            temp_folders(tmp.path()).is_empty(),
            "{args:?} left {:?}",
            temp_folders(tmp.path())
        );
    }
}

/// `judge test` of the 2048 problem (boj28489) and `judge compare` interrupted while their
/// games are played, a few rounds in (the player waits 50 ms a round, so each game lasts
/// seconds): exit 130, no report written, no temporary folder or launcher left. (A player that
/// broke the rules in round 1 ended before any signal came.)
#[test]
fn games_interrupted_mid_play_exit_130_and_write_no_report() {
    let player = repo().join("tests/programs/slow_2048.py");
    let cases: [(&[&str], &str, libc::c_int, bool); 2] = [
        (
            &[
                "test",
                "slow.py",
                "--problem",
                "boj28489",
                "--games",
                "4",
                "--json",
                "r.json",
                "--transcripts",
                "tr",
            ],
            "r.json",
            libc::SIGINT,
            true,
        ),
        (
            &[
                "compare",
                "slow.py",
                "slow2.py",
                "--problem",
                "boj28489",
                "--games",
                "4",
                "--html",
                "c.html",
            ],
            "c.html",
            libc::SIGTERM,
            false,
        ),
    ];
    for (args, report, sent, to_group) in cases {
        let project = private_tmp();
        let tmp = private_tmp();
        std::fs::copy(&player, project.path().join("slow.py")).unwrap();
        std::fs::copy(&player, project.path().join("slow2.py")).unwrap();
        let child = spawn(args, project.path(), tmp.path());
        wait_until(
            &format!("a player of {args:?} to run"),
            START_WITHIN,
            || program_runs(tmp.path(), ""),
        );
        // Some rounds in: twenty of 50 ms.
        std::thread::sleep(Duration::from_secs(1));
        if to_group {
            signal_group(child.id(), sent);
        } else {
            signal(child.id(), sent);
        }
        let output = finish(child, STOP_WITHIN);
        let text = show(&output);
        assert_eq!(output.status.code(), Some(130), "{args:?}: {text}");
        assert!(text.contains("judge: interrupted"), "{args:?}: {text}");
        assert!(
            !project.path().join(report).exists(),
            "{args:?} wrote {report}"
        );
        assert!(
            temp_folders(tmp.path()).is_empty(),
            "{args:?} left {:?}",
            temp_folders(tmp.path())
        );
        assert!(
            !launchers_live(tmp.path()),
            "{args:?}: a launcher still runs"
        );
    }
}

/// The leftovers of a run killed outright (SIGKILL: nothing of it cleans up) are swept by
/// the next run, once its processes are gone; while it lives, another run leaves them alone.
#[test]
fn a_killed_runs_leftovers_are_swept_by_the_next_run_and_a_live_runs_are_not() {
    let project = slow_project();
    let root = project.path();
    let tmp = private_tmp();
    let input = root.join("valid.in");
    let generated = common::judge(&["gen", "boj12100", "--index", "0"]);
    std::fs::write(&input, &generated.stdout).unwrap();
    let input_arg = input.to_string_lossy().into_owned();
    // A run that makes a temporary folder (and sweeps) without running a program.
    let other_run = || {
        let output = run(&["validate", "boj12100", &input_arg], root, tmp.path());
        assert_eq!(output.status.code(), Some(0), "{}", show(&output));
    };

    let mut live = spawn(
        &["grade", "--problem", "slow", "subs", "--jobs", "2"],
        root,
        tmp.path(),
    );
    wait_until("the output validator to run", START_WITHIN, || {
        program_runs(tmp.path(), "checker")
    });
    let folders = temp_folders(tmp.path());
    assert_eq!(folders.len(), 1, "{folders:?}");
    let groups = recorded_groups(tmp.path());
    if is_root() {
        assert!(!groups.is_empty(), "as root, sessions have cgroups");
    }

    other_run();
    assert!(folders[0].exists(), "a live run's folder was swept");
    for group in &groups {
        assert!(
            group.exists(),
            "a live run's cgroup was swept: {}",
            group.display()
        );
    }

    signal(live.id(), libc::SIGKILL);
    live.wait().unwrap();
    wait_until("the killed run's launchers to die", STOP_WITHIN, || {
        !launchers_live(tmp.path())
    });
    assert!(folders[0].exists(), "a killed run cleans up nothing");
    for group in &groups {
        assert!(group.exists(), "{}", group.display());
    }

    other_run();
    assert!(
        !folders[0].exists(),
        "the killed run's folder is left: {}",
        folders[0].display()
    );
    for group in &groups {
        assert!(
            !group.exists(),
            "a killed run's cgroup is left: {}",
            group.display()
        );
    }
}

/// `judge test WA | head -1`: the reader goes after one line; judge still exits 1.
#[test]
fn a_closed_standard_output_keeps_the_exit_code() {
    let tmp = private_tmp();
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args([
            "test",
            "solutions/boj12100/wrong_answer/double_merge.cpp",
            "--all",
            "--count",
            "300",
        ])
        .current_dir(repo())
        .env("NO_COLOR", "1")
        .env("TMPDIR", tmp.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is dropped: the rest of the table goes to a closed pipe.
    assert!(first.starts_with("judge "), "{first}");
    let output = finish(child, START_WITHIN);
    let text = show(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        !String::from_utf8_lossy(&output.stderr).contains("error"),
        "{text}"
    );
}

/// A Kattis package of `tests` tests whose input validator is `validator` (Python), in a
/// project whose validators get `seconds` of CPU time.
fn validated_package(tests: usize, validator: &str, seconds: u32) -> tempfile::TempDir {
    let project = private_tmp();
    let root = project.path();
    write(
        &root.join("runner.toml"),
        &format!("[validators]\ntime_limit_seconds = {seconds}\n"),
    );
    let package = root.join("pkg");
    write(&package.join("problem.yaml"), "name: Validated\n");
    write(&package.join(".timelimit"), "1\n");
    for test in 1..=tests {
        write(
            &package.join(format!("data/secret/{test}.in")),
            &format!("{test}\n"),
        );
        write(
            &package.join(format!("data/secret/{test}.ans")),
            &format!("{test}\n"),
        );
    }
    write(&package.join("input_validators/check.py"), validator);
    write(
        &package.join("submissions/accepted/echo.py"),
        "print(input())\n",
    );
    project
}

#[test]
fn a_looping_input_validator_is_named_with_its_test_and_stopped_at_its_limit() {
    let project = validated_package(
        3,
        "import sys\nif sys.stdin.read().strip() == '2':\n    while True:\n        pass\nsys.exit(42)\n",
        1,
    );
    let tmp = private_tmp();
    let output = run(&["verify", "pkg"], project.path(), tmp.path());
    let text = show(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    let invalid: Vec<&str> = text.lines().filter(|l| l.contains("invalid:")).collect();
    assert_eq!(invalid.len(), 1, "{text}");
    assert!(
        invalid[0].contains("secret/2: validator check.py hung: stopped at its limit of 1 s"),
        "{text}"
    );
    assert!(
        text.contains("accepted/echo.py"),
        "the submissions are still graded: {text}"
    );
}

/// An output validator that loops is a judge error naming it, stopped at runner.toml's
/// `[validators]` limit (1 s of CPU here), never the submission's verdict.
#[test]
fn a_looping_output_validator_is_named_and_stopped_at_its_limit() {
    let project = validated_package(1, "import sys\nsys.exit(42)\n", 1);
    let package = project.path().join("pkg");
    write(
        &package.join("problem.yaml"),
        "name: Validated\nvalidation: custom\n",
    );
    write(
        &package.join("output_validators/loop/loop.py"),
        "while True:\n    pass\n",
    );
    let tmp = private_tmp();
    let output = run(
        &[
            "test",
            "pkg/submissions/accepted/echo.py",
            "--problem",
            "pkg",
        ],
        project.path(),
        tmp.path(),
    );
    let text = show(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("secret/1: JE"), "{text}");
    assert!(
        // The folder output_validators/loop/ is the program, named by it.
        text.contains("the checker loop ran out of time") && text.contains("limit 1000 ms"),
        "{text}"
    );
}

/// The monotonic-clock intervals the validators of a verify ran in, from their messages.
fn validator_intervals(text: &str) -> Vec<(f64, f64)> {
    text.lines()
        .filter_map(|line| {
            let (_, said) = line.split_once("says: start ")?;
            let (start, end) = said.split_once(" end ")?;
            Some((start.trim().parse().ok()?, end.trim().parse().ok()?))
        })
        .collect()
}

/// Input validators run in parallel: two validators that each stay 4 s run at the same time
/// with --jobs 2 (their intervals on the system's monotonic clock overlap) and one after the
/// other with --jobs 1 (the same measurement, which then cannot overlap).
#[test]
fn input_validators_run_in_parallel() {
    let project = validated_package(
        2,
        "import sys, time\nsys.stdin.read()\nstart = time.monotonic()\ntime.sleep(4)\n\
         print('start %.6f end %.6f' % (start, time.monotonic()))\nsys.exit(43)\n",
        60,
    );
    let overlap = |jobs: &str| {
        // What a validator said of an input is remembered in the project's cache: forgotten
        // here, so that each run runs them.
        let _ = std::fs::remove_dir_all(project.path().join(".judge-cache/validated"));
        let tmp = private_tmp();
        let output = run(
            &["verify", "pkg", "--jobs", jobs],
            project.path(),
            tmp.path(),
        );
        let text = show(&output);
        let intervals = validator_intervals(&text);
        assert_eq!(intervals.len(), 2, "{text}");
        let (a, b) = (intervals[0], intervals[1]);
        a.0 < b.1 && b.0 < a.1
    };
    assert!(
        overlap("2"),
        "with --jobs 2 the validators ran one after the other"
    );
    assert!(!overlap("1"), "with --jobs 1 the validators overlapped");
}
