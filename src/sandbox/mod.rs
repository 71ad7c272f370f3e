//! Running one untrusted program under limits and recording what happened (Linux only).
//!
//! The grader never forks solutions itself: its own resident memory would be inherited as the
//! child's `ru_maxrss` floor. Instead [`run`] starts a fresh copy of the `judge` binary in a
//! tiny launcher mode (`judge __launch SPEC`), which
//! - creates per-run cgroups (memory, pids, cpuacct) where it can,
//! - forks the solution into its own process group and, where permitted, its own pid, mount,
//!   network, IPC and UTS namespaces, with a private root (system folders read-only, a fresh
//!   `/tmp`, the work folder at `/box`) and an unprivileged uid when the grader is root,
//! - sets rlimits (stack = memory limit, CPU backstop, file size, core dumps off),
//! - reads the solution's stdout and stderr concurrently with byte caps, polls its CPU time,
//!   and kills it at the CPU, wall-clock or output limit,
//! - reaps it with `wait4` for its exact rusage, kills whatever it left behind, removes the
//!   cgroups, and writes the [`RunFacts`] as JSON on its own stderr.
//!
//! Nothing here decides a verdict: see `verdict`.

mod cgroup;
mod isolate;
pub mod launcher;

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::limits::Limits;

/// Where the solution's standard output goes.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub enum StdoutMode {
    /// The launcher reads it and writes at most `Limits::output_bytes` to its own stdout
    /// (a file given by the caller); more output stops the run.
    Capture,
    /// The solution writes straight to the launcher's stdout (an interactor's pipe).
    PassThrough,
}

/// Which protections to try; each falls back quietly when the system refuses it, and the
/// facts say which were in force.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Isolation {
    /// New pid, mount, network, IPC and UTS namespaces with a private root.
    pub namespaces: bool,
    /// Per-run cgroups for memory, process count and CPU accounting.
    pub cgroups: bool,
    /// When running as root: the uid and gid to run solutions as.
    pub run_as_uid: u32,
    pub run_as_gid: u32,
    /// Extra host folders made visible read-only at the same path inside the private root.
    pub read_only_paths: Vec<PathBuf>,
}

impl Default for Isolation {
    fn default() -> Self {
        Isolation {
            namespaces: true,
            cgroups: true,
            run_as_uid: 65534,
            run_as_gid: 65534,
            read_only_paths: Vec::new(),
        }
    }
}

/// Everything the launcher needs to run one program.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunSpec {
    /// Absolute path of the program to execute, as seen inside the sandbox.
    pub program: PathBuf,
    /// Full argument vector, `argv[0]` included.
    pub args: Vec<String>,
    /// The complete environment of the program.
    pub env: Vec<(String, String)>,
    /// The run's work folder on the host; the program's current directory (`/box` inside a
    /// private root). Must be writable by `run_as_uid`.
    pub workdir: PathBuf,
    /// An empty folder on the host used as the mount point of the private root.
    pub root_mount: PathBuf,
    /// File that receives the first `Limits::stderr_bytes` bytes of standard error.
    pub stderr_file: PathBuf,
    pub limits: Limits,
    pub stdout: StdoutMode,
    pub isolation: Isolation,
}

/// How the program ended.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// It exited with this code.
    Exited(i32),
    /// It was ended by this signal number.
    Signaled(i32),
    /// It could not be started at all (the program file could not be executed).
    NotStarted,
}

/// Why the launcher stopped the program, when it did.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    CpuTime,
    WallTime,
    OutputLimit,
    /// The grader asked for the run to end (an interactor that has seen a wrong reply).
    Requested,
}

/// The raw facts of one run: what the program did, measured for it alone.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct RunFacts {
    pub termination: Termination,
    /// Set when the launcher killed the program on reaching a limit.
    pub stopped_by: Option<StopReason>,
    /// User + system CPU time of the program and its descendants, microseconds.
    pub cpu_time_us: u64,
    /// Wall-clock time from start to reaping, microseconds.
    pub wall_time_us: u64,
    /// Peak resident set size (`ru_maxrss`), KiB.
    pub peak_rss_kib: u64,
    /// Peak memory charged to the run's memory cgroup, KiB, where one was in force.
    pub cgroup_peak_kib: Option<u64>,
    /// The kernel's OOM killer ended a process of the run at the memory limit.
    pub oom_killed: bool,
    /// Bytes of standard output kept (at most the output limit) in capture mode.
    pub stdout_bytes: u64,
    /// Bytes the program wrote to standard error (kept or not).
    pub stderr_bytes: u64,
    /// Why the program could not be started, or other problems of the launcher.
    pub launch_error: Option<String>,
    /// The protections that were in force, e.g. `pid-namespace`, `memory-cgroup`.
    pub protections: Vec<String>,
}

impl RunFacts {
    /// The program exited with code 0 by itself: its output is complete and worth checking.
    pub fn ended_normally(&self) -> bool {
        self.termination == Termination::Exited(0) && self.stopped_by.is_none()
    }
}

/// Failures of the grader's side of a run (not of the program).
#[derive(Debug, Error)]
pub enum SandboxError {
    #[error("cannot start the launcher {path}: {cause}")]
    SpawnLauncher {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error("the launcher failed: {0}")]
    Launcher(String),
    #[error("cannot prepare the run: {0}")]
    Prepare(std::io::Error),
}

impl From<std::io::Error> for SandboxError {
    fn from(error: std::io::Error) -> Self {
        SandboxError::Prepare(error)
    }
}

/// Removes cgroups left behind by launchers that were killed (call before a session).
pub fn remove_stale_groups() {
    cgroup::remove_stale_groups();
}

/// The hidden subcommand that turns the `judge` binary into the launcher.
pub const LAUNCH_SUBCOMMAND: &str = "__launch";

/// Runs `spec` in a launcher process; `stdin` becomes the program's standard input and
/// `stdout` its output (a file in capture mode, a pipe in pass-through mode).
///
/// Returns once the program has ended and everything it started is gone. For an
/// interactive run, use [`spawn`] and drive the pipes before calling [`Launched::finish`].
pub fn run(spec: &RunSpec, stdin: Stdio, stdout: Stdio) -> Result<RunFacts, SandboxError> {
    spawn(spec, stdin, stdout)?.finish()
}

/// A launcher that is running a program.
pub struct Launched {
    child: std::process::Child,
}

/// Starts the launcher for `spec` and returns at once; see [`run`].
pub fn spawn(spec: &RunSpec, stdin: Stdio, stdout: Stdio) -> Result<Launched, SandboxError> {
    let exe = launcher_path()?;
    let encoded = serde_json::to_string(spec)
        .map_err(|e| SandboxError::Launcher(format!("cannot encode the run: {e}")))?;
    let child = Command::new(&exe)
        .arg(LAUNCH_SUBCOMMAND)
        .arg(encoded)
        .env_clear()
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|cause| SandboxError::SpawnLauncher { path: exe, cause })?;
    Ok(Launched { child })
}

impl Launched {
    /// The process id of the launcher (not of the program).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Takes the pipe to the program's standard input, in pass-through runs.
    pub fn take_stdin(&mut self) -> Option<std::process::ChildStdin> {
        self.child.stdin.take()
    }

    /// Takes the pipe from the program's standard output, in pass-through runs.
    pub fn take_stdout(&mut self) -> Option<std::process::ChildStdout> {
        self.child.stdout.take()
    }

    /// Asks the launcher to end the program now (it still reports the facts).
    pub fn request_stop(&self) {
        // SAFETY: kill on the launcher's pid, which we have not reaped yet.
        unsafe { libc::kill(self.child.id() as libc::pid_t, libc::SIGUSR1) };
    }

    /// Waits for the launcher's report. The launcher enforces the wall-clock limit itself, so
    /// this returns within that limit plus the cleanup.
    pub fn finish(mut self) -> Result<RunFacts, SandboxError> {
        drop(self.child.stdin.take());
        let mut report = String::new();
        if let Some(mut pipe) = self.child.stderr.take() {
            pipe.read_to_string(&mut report)?;
        }
        let status = self.child.wait()?;
        if !status.success() {
            return Err(SandboxError::Launcher(format!(
                "it ended with {status}: {}",
                report.trim()
            )));
        }
        serde_json::from_str(report.trim()).map_err(|e| {
            SandboxError::Launcher(format!("unreadable report ({e}): {}", report.trim()))
        })
    }
}

/// The binary to run as the launcher: this very program. Tests of the library (which are
/// not the `judge` binary) find it through `JUDGE_LAUNCHER` or next to the test executable.
fn launcher_path() -> Result<PathBuf, SandboxError> {
    if let Some(path) = std::env::var_os("JUDGE_LAUNCHER") {
        return Ok(PathBuf::from(path));
    }
    let exe = std::env::current_exe()?;
    if exe.file_stem().is_some_and(|stem| stem == "judge") {
        return Ok(exe);
    }
    // A test binary lives in target/<profile>/deps; the judge binary in target/<profile>.
    let candidate = exe
        .parent()
        .and_then(|deps| deps.parent())
        .map(|profile| profile.join("judge"));
    match candidate {
        Some(path) if path.exists() => Ok(path),
        _ => Err(SandboxError::Launcher(
            "cannot find the judge binary to use as launcher (set JUDGE_LAUNCHER)".into(),
        )),
    }
}

/// The name of a signal, for reports (`SIGSEGV`), or its number.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGUSR1 => "SIGUSR1",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGUSR2 => "SIGUSR2",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => return format!("signal {signal}"),
    };
    name.to_string()
}
