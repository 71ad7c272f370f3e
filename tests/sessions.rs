//! A sandbox session runs many programs one after another in one launcher: these tests drive
//! the library's `Session` directly, with programs from the host's /bin and /usr/bin (visible
//! read-only in the private root), and check that runs do not leak into each other and that a
//! broken session fails fast instead of hanging.

#[path = "e2e/common/mod.rs"]
mod common;

use std::fs::File;
use std::io::{Read, Seek, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::{Duration, Instant};

use common::{is_root, require_root};
use judge::limits::{Limits, MIB};
use judge::sandbox::{
    Isolation, RunFacts, RunFiles, RunRequest, Session, SessionSpec, StdoutMode, Termination,
};

struct Folder {
    dir: tempfile::TempDir,
}

impl Folder {
    fn new() -> Folder {
        std::env::set_var("JUDGE_LAUNCHER", env!("CARGO_BIN_EXE_judge"));
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::create_dir(dir.path().join("box")).unwrap();
        std::fs::create_dir(dir.path().join("root")).unwrap();
        Folder { dir }
    }

    fn spec(&self) -> SessionSpec {
        SessionSpec {
            workdir: self.dir.path().join("box"),
            root_mount: self.dir.path().join("root"),
            isolation: Isolation::default(),
            writable_subfolder: None,
            current_subfolder: None,
            writable_workdir: false,
        }
    }
}

fn limits(memory_mib: u64, seconds: u64) -> Limits {
    Limits {
        cpu_time: Duration::from_secs(seconds),
        wall_time: Duration::from_secs(seconds),
        memory_bytes: memory_mib * MIB,
        output_bytes: MIB,
        stderr_bytes: 4096,
        max_processes: 16,
    }
}

fn shell(script: &str, limits: Limits) -> RunRequest {
    RunRequest {
        program: "/bin/sh".into(),
        args: vec!["sh".into(), "-c".into(), script.into()],
        env: vec![("PATH".into(), "/usr/bin:/bin".into())],
        limits,
        stdout: StdoutMode::Capture,
        stderr_to_stdout: false,
        file_size_bytes: None,
        stop_at_process_limit: false,
    }
}

/// Runs `request` in `session`; returns the facts and the captured output.
fn run(session: &mut Session, request: &RunRequest) -> (RunFacts, String) {
    let mut output = tempfile::tempfile().unwrap();
    let files = RunFiles {
        stdin: File::open("/dev/null").unwrap().into(),
        stdout: output.try_clone().unwrap().into(),
        stderr: tempfile::tempfile().unwrap().into(),
    };
    let facts = session.run(request, files).expect("the session answers");
    let mut text = String::new();
    output.rewind().unwrap();
    output.read_to_string(&mut text).unwrap();
    (facts, text)
}

#[test]
fn a_run_after_a_timeout_starts_clean() {
    let folder = Folder::new();
    let mut session = Session::start(&folder.spec()).unwrap();
    let (slept, _) = run(&mut session, &shell("sleep 10", limits(64, 1)));
    assert!(slept.stopped_by.is_some(), "{slept:?}");
    let started = Instant::now();
    let (facts, output) = run(&mut session, &shell("echo hello", limits(64, 1)));
    assert_eq!(facts.termination, Termination::Exited(0), "{facts:?}");
    assert_eq!(output, "hello\n");
    assert!(facts.stopped_by.is_none(), "{facts:?}");
    assert!(started.elapsed() < Duration::from_secs(1));
}

#[test]
fn each_run_gets_its_own_memory_limit() {
    let folder = Folder::new();
    let mut session = Session::start(&folder.spec()).unwrap();
    let allocate = "exec python3 -c 'b = bytearray(48 << 20); print(len(b))'";
    let (roomy, output) = run(&mut session, &shell(allocate, limits(256, 5)));
    assert_eq!(roomy.termination, Termination::Exited(0), "{roomy:?}");
    assert_eq!(output.trim(), (48u64 << 20).to_string());

    let (tight, _) = run(&mut session, &shell(allocate, limits(24, 5)));
    assert!(!tight.ended_normally(), "48 MiB fit in 24: {tight:?}");
    if tight.protections.iter().any(|p| p == "memory-cgroup") {
        assert!(tight.oom_killed, "{tight:?}");
    }

    let (again, _) = run(&mut session, &shell(allocate, limits(256, 5)));
    assert_eq!(again.termination, Termination::Exited(0), "{again:?}");
    assert!(
        !again.oom_killed,
        "the last run's OOM kill was counted again: {again:?}"
    );
}

#[test]
fn a_dead_launcher_is_an_error_not_a_hang() {
    let folder = Folder::new();
    let mut session = Session::start(&folder.spec()).unwrap();
    let (facts, _) = run(&mut session, &shell("true", limits(64, 1)));
    assert_eq!(facts.termination, Termination::Exited(0), "{facts:?}");
    // SAFETY: kill on the launcher this test started.
    unsafe { libc::kill(session.id() as libc::pid_t, libc::SIGKILL) };
    let started = Instant::now();
    let files = RunFiles {
        stdin: File::open("/dev/null").unwrap().into(),
        stdout: tempfile::tempfile().unwrap().into(),
        stderr: tempfile::tempfile().unwrap().into(),
    };
    let result = session.run(&shell("true", limits(64, 1)), files);
    assert!(result.is_err(), "a run in a dead session: {result:?}");
    assert!(started.elapsed() < Duration::from_secs(3));
}

#[test]
#[ignore = "needs root"]
fn a_sandbox_that_cannot_be_built_says_why() {
    require_root();
    let folder = Folder::new();
    let mut spec = folder.spec();
    // A file where the private root's mount point should be.
    spec.root_mount = folder.dir.path().join("not-a-folder");
    File::create(&spec.root_mount)
        .unwrap()
        .write_all(b"x")
        .unwrap();
    let mut session = Session::start(&spec).unwrap();
    let (facts, _) = run(&mut session, &shell("true", limits(64, 1)));
    assert!(
        facts.protections.iter().any(|p| p == "private-root"),
        "no private root as root: {facts:?}"
    );
    assert_eq!(facts.termination, Termination::SandboxFailed, "{facts:?}");
    let message = facts.launch_error.unwrap_or_default();
    assert!(
        message.starts_with("sandbox setup failed"),
        "message: {message}"
    );
}

#[test]
fn closing_a_session_leaves_no_process_and_no_cgroup() {
    let folder = Folder::new();
    let mut session = Session::start(&folder.spec()).unwrap();
    let (facts, _) = run(
        &mut session,
        &shell("(setsid sleep 100 &) ; true", limits(64, 2)),
    );
    assert_eq!(facts.termination, Termination::Exited(0), "{facts:?}");
    let launcher = session.id();
    drop(session);
    assert!(
        !Path::new(&format!("/proc/{launcher}")).exists(),
        "the launcher is still there"
    );
    let prefix = format!("judge-{launcher}-");
    for controller in ["memory", "pids", "cpuacct"] {
        let mut folders = vec![Path::new("/sys/fs/cgroup").join(controller)];
        if let Ok(text) = std::fs::read_to_string("/proc/self/cgroup") {
            for line in text.lines() {
                let fields: Vec<&str> = line.splitn(3, ':').collect();
                if fields.len() == 3 && fields[1].split(',').any(|c| c == controller) {
                    folders.push(
                        Path::new("/sys/fs/cgroup")
                            .join(controller)
                            .join(fields[2].trim_start_matches('/')),
                    );
                }
            }
        }
        for folder in folders {
            let Ok(entries) = std::fs::read_dir(&folder) else {
                continue;
            };
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                assert!(
                    !name.starts_with(&prefix),
                    "left behind: {}",
                    entry.path().display()
                );
            }
        }
    }
}

#[test]
fn a_program_that_cannot_be_executed_is_not_started_and_says_why() {
    let folder = Folder::new();
    let mut session = Session::start(&folder.spec()).unwrap();
    let mut request = shell("true", limits(64, 1));
    request.program = "/box/missing".into();
    let (facts, _) = run(&mut session, &request);
    assert_eq!(facts.termination, Termination::NotStarted, "{facts:?}");
    let message = facts.launch_error.unwrap_or_default();
    assert!(
        message.starts_with("cannot execute /box/missing: No such file"),
        "message: {message}"
    );
    // The session goes on.
    let (facts, output) = run(&mut session, &shell("echo ok", limits(64, 1)));
    assert_eq!(facts.termination, Termination::Exited(0), "{facts:?}");
    assert_eq!(output, "ok\n");
}

#[test]
fn as_root_programs_run_as_the_configured_user_with_their_limits() {
    let folder = Folder::new();
    let mut session = Session::start(&folder.spec()).unwrap();
    let (facts, output) = run(
        &mut session,
        &shell("id -u; ulimit -s; ulimit -n", limits(64, 1)),
    );
    assert_eq!(facts.termination, Termination::Exited(0), "{facts:?}");
    let lines: Vec<&str> = output.lines().collect();
    if is_root() {
        assert_eq!(lines.first(), Some(&"65534"), "{output}");
    }
    // Stack = memory limit (in KiB for ulimit), 256 descriptors.
    assert_eq!(lines.get(1), Some(&"65536"), "{output}");
    assert_eq!(lines.get(2), Some(&"256"), "{output}");
}

#[test]
fn a_build_session_writes_its_folder_under_its_file_and_message_limits() {
    let folder = Folder::new();
    let work = folder.dir.path().join("box");
    if is_root() {
        std::os::unix::fs::chown(&work, Some(65534), Some(65534)).unwrap();
    }
    let spec = SessionSpec {
        writable_workdir: true,
        ..folder.spec()
    };
    let mut session = Session::start(&spec).unwrap();
    let mut request = shell(
        "echo out; echo err >&2; echo made > made.txt",
        limits(64, 5),
    );
    request.stderr_to_stdout = true;
    let (facts, output) = run(&mut session, &request);
    assert_eq!(facts.termination, Termination::Exited(0), "{facts:?}");
    assert_eq!(
        output, "out\nerr\n",
        "standard error follows standard output"
    );
    assert_eq!(
        std::fs::read_to_string(work.join("made.txt")).unwrap(),
        "made\n"
    );

    // A file larger than the request's file size (not the output limit) ends the writer.
    let mut request = shell("exec head -c 3000000 /dev/zero > big", limits(64, 5));
    request.file_size_bytes = Some(2 * MIB);
    let (facts, _) = run(&mut session, &request);
    assert_eq!(
        facts.termination,
        Termination::Signaled(libc::SIGXFSZ),
        "{facts:?}"
    );
    assert_eq!(std::fs::metadata(work.join("big")).unwrap().len(), 2 * MIB);

    // A run's folder stays read-only.
    let read_only = Folder::new();
    let mut session = Session::start(&read_only.spec()).unwrap();
    let (facts, _) = run(&mut session, &shell("echo x > made.txt", limits(64, 5)));
    assert_ne!(facts.termination, Termination::Exited(0), "{facts:?}");
    assert!(!read_only.dir.path().join("box/made.txt").exists());
}

#[test]
#[ignore = "needs root"]
fn a_run_that_asks_to_stop_at_its_process_limit_is_stopped_there() {
    require_root();
    let folder = Folder::new();
    let mut session = Session::start(&folder.spec()).unwrap();
    // Forks without end, going on when a fork fails.
    let bomb =
        "exec python3 -c 'import os\nwhile True:\n    try: os.fork()\n    except OSError: pass'";
    let mut request = shell(bomb, limits(64, 30));
    request.stop_at_process_limit = true;
    let started = Instant::now();
    let (facts, _) = run(&mut session, &request);
    assert_eq!(
        facts.stopped_by,
        Some(judge::sandbox::StopReason::ProcessLimit),
        "{facts:?}"
    );
    assert!(facts.process_limit_reached, "{facts:?}");
    assert!(started.elapsed() < Duration::from_secs(10));
    // One that gives up at the first refused fork (before the launcher looks) says so too.
    // (Children that sleep; the parent forks until the first refusal and exits at once. A
    // shell's `bomb & bomb &` was racy: its first shell could end before any fork was refused.)
    let gives_up = "exec python3 -c 'import os, sys, time\nwhile True:\n    try:\n        \
                    pid = os.fork()\n    except OSError:\n        sys.exit(0)\n    if pid == 0:\n        \
                    time.sleep(5)\n        sys.exit(0)'";
    let mut request = shell(gives_up, limits(64, 30));
    request.stop_at_process_limit = true;
    let (facts, _) = run(&mut session, &request);
    assert!(facts.process_limit_reached, "{facts:?}");
    // A run that does not ask is not looked at.
    let (facts, _) = run(&mut session, &shell("echo fine", limits(64, 5)));
    assert!(
        facts.stopped_by.is_none() && !facts.process_limit_reached,
        "{facts:?}"
    );
}
