//! Running untrusted programs under limits and recording what happened (Linux only).
//!
//! The grader never forks solutions itself: its own resident memory would be inherited as the
//! child's `ru_maxrss` floor. Instead a [`Session`] starts a fresh copy of the `judge` binary in
//! a tiny launcher mode (`judge __launch SESSION`), once per grading worker, which
//! - creates the session's cgroups (memory, pids, cpuacct) where it can,
//! - forks the keeper into its own pid, mount, network, IPC and UTS namespaces where permitted,
//!   with a private root (system folders read-only, the work folder at `/box`), inside the
//!   cgroups, and there runs each program: a fresh `/tmp`, its own process group, rlimits
//!   (stack = memory limit, CPU backstop, file size, core dumps off) and an unprivileged uid
//!   when the grader is root,
//! - reads the program's stdout and stderr concurrently with byte caps, polls its CPU time,
//!   and ends the run at the CPU, wall-clock or output limit (the wall clock less the time the
//!   program waited for a CPU while other work held it: see `waiting.rs`),
//! - reaps it with `wait4` for its exact rusage (and reads the groups' CPU time less the
//!   keeper's own), kills whatever it left behind, and answers with the [`RunFacts`] of the run.
//!
//! Nothing here decides a verdict: see `verdict`.

mod cgroup;
mod channel;
mod isolate;
mod keeper;
pub mod launcher;
mod leftovers;
mod limits;
mod os;
mod spawn;
mod stamp;
mod waiting;

use std::io::Read;
use std::os::fd::{AsFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{mpsc, Arc, Mutex, OnceLock};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use limits::Limits;

pub use leftovers::{groups_of_run, remove_groups, sweep_run_folder};
pub use os::{effective_uid, is_root, kill_process, memory_file, set_pipe_capacity};
pub use stamp::{Owner, ProcessStamp};
pub use waiting::hard_wall_limit;

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

/// What stays the same for every run of a session.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SessionSpec {
    /// The work folder on the host (holding the program); the program's current directory
    /// (`/box` inside a private root). Must be readable by `run_as_uid`.
    pub workdir: PathBuf,
    /// An empty folder on the host used as the mount point of the private root.
    pub root_mount: PathBuf,
    pub isolation: Isolation,
    /// A subfolder of `workdir` that programs may write to (a checker's feedback folder);
    /// everything else of `workdir` stays read-only. Must be writable by `run_as_uid`.
    #[serde(default)]
    pub writable_subfolder: Option<String>,
    /// The whole of `workdir` is writable (a compiler's build folder), not only
    /// `writable_subfolder`. Must be writable by `run_as_uid`.
    #[serde(default)]
    pub writable_workdir: bool,
    /// A further writable subfolder of `workdir` that is the programs' current directory
    /// (Polygon's invoker runs a checker in a folder it may write to); everything else of
    /// `workdir` stays as the fields above say. The grader empties it between runs. Must be
    /// writable by `run_as_uid`.
    #[serde(default)]
    pub current_subfolder: Option<String>,
}

/// One program to run in a session.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RunRequest {
    /// Absolute path of the program to execute, as seen inside the sandbox.
    pub program: PathBuf,
    /// Full argument vector, `argv[0]` included.
    pub args: Vec<String>,
    /// The complete environment of the program.
    pub env: Vec<(String, String)>,
    pub limits: Limits,
    pub stdout: StdoutMode,
    /// Its standard error goes where its standard output goes (a compiler's messages, in the
    /// order written and under one cap); the stderr file of [`RunFiles`] then stays empty.
    #[serde(default)]
    pub stderr_to_stdout: bool,
    /// The largest file it may write (`RLIMIT_FSIZE`); `None`: the output limit.
    #[serde(default)]
    pub file_size_bytes: Option<u64>,
    /// End the run as soon as the kernel refuses it a process at its process limit (pids
    /// cgroup only: without one, `RLIMIT_NPROC` refuses forks unseen). A compiler that hits the
    /// limit is stuck, where a solution may go on with what it has.
    #[serde(default)]
    pub stop_at_process_limit: bool,
}

/// The descriptors a run gets: its standard input, its standard output (a file in capture
/// mode, a pipe in pass-through mode) and the file that keeps the first bytes of its stderr.
pub struct RunFiles {
    pub stdin: OwnedFd,
    pub stdout: OwnedFd,
    pub stderr: OwnedFd,
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
    /// The sandbox could not be made ready for it, so it never started (the grader's fault,
    /// not the program's).
    SandboxFailed,
}

/// Why a run did not start, as the keeper or the launcher found it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub enum StartFailure {
    /// Making the sandbox ready failed (a mount, a limit, dropping privileges ...).
    Sandbox(String),
    /// The program could not be executed.
    Program(String),
}

impl StartFailure {
    pub fn termination(&self) -> Termination {
        match self {
            StartFailure::Sandbox(_) => Termination::SandboxFailed,
            StartFailure::Program(_) => Termination::NotStarted,
        }
    }

    /// The message for the report.
    pub fn message(&self) -> String {
        match self {
            StartFailure::Sandbox(detail) => format!("sandbox setup failed: {detail}"),
            StartFailure::Program(message) => message.clone(),
        }
    }
}

/// Why the launcher stopped the program, when it did.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    CpuTime,
    WallTime,
    OutputLimit,
    /// Without a memory cgroup: the launcher saw the program's resident size over the limit.
    MemoryLimit,
    /// The kernel refused it a process at its process limit (only when the request asked to
    /// stop there).
    ProcessLimit,
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
    /// Time the run's processes were ready to run but waiting for a CPU (held by other work),
    /// microseconds: the largest run delay of any one of its tasks (see `waiting.rs`), at most
    /// `wall_time_us`; 0 where the kernel does not record it. The wall-clock limit counts
    /// `wall_time_us - wait_time_us`.
    #[serde(default)]
    pub wait_time_us: u64,
    /// The system's monotonic clock when the program was reaped, nanoseconds (0 when it never
    /// ran): orders the ends of runs in different sessions.
    #[serde(default)]
    pub ended_at_ns: u64,
    /// Peak resident set size (`ru_maxrss`), KiB.
    pub peak_rss_kib: u64,
    /// Peak memory charged to the run's memory cgroup, KiB, where one was in force.
    pub cgroup_peak_kib: Option<u64>,
    /// The kernel's OOM killer ended a process of the run at the memory limit.
    pub oom_killed: bool,
    /// The kernel refused the run a process at its process limit. Only known with a pids
    /// cgroup, and only looked at for a run that asked to stop there
    /// ([`RunRequest::stop_at_process_limit`]); else false.
    #[serde(default)]
    pub process_limit_reached: bool,
    /// The program ended on its own while processes it started were still running (they
    /// were ended with it).
    pub left_running: bool,
    /// Bytes of standard output kept (at most the output limit) in capture mode.
    pub stdout_bytes: u64,
    /// Bytes the program wrote to standard error (kept or not).
    pub stderr_bytes: u64,
    /// Why the program could not be started, or other problems of the launcher.
    pub launch_error: Option<String>,
    /// The protections that were in force, e.g. `pid-namespace`, `memory-cgroup`.
    pub protections: Vec<String>,
}

/// A run that waited more than this share of its wall time (per mille) for a CPU ...
const DISTURBED_WAIT_PER_MILLE: u64 = 200;
/// ... and more than this, microseconds, ran on a busy machine.
const DISTURBED_WAIT_US: u64 = 50_000;

impl RunFacts {
    /// The facts of a run that ended with `termination` at once: no time, memory or
    /// output used, nothing else said (a run that did not start, a unit with no run).
    pub fn ended(termination: Termination) -> RunFacts {
        RunFacts {
            termination,
            stopped_by: None,
            cpu_time_us: 0,
            wall_time_us: 0,
            wait_time_us: 0,
            ended_at_ns: 0,
            peak_rss_kib: 0,
            cgroup_peak_kib: None,
            oom_killed: false,
            process_limit_reached: false,
            left_running: false,
            stdout_bytes: 0,
            stderr_bytes: 0,
            launch_error: None,
            protections: Vec::new(),
        }
    }

    /// It was killed by SIGPIPE: it wrote to a pipe whose reader had gone (an interactor or a
    /// solution that had already ended).
    pub fn killed_by_broken_pipe(&self) -> bool {
        self.termination == Termination::Signaled(libc::SIGPIPE)
    }

    /// The program exited with code 0 by itself: its output is complete and worth checking.
    pub fn ended_normally(&self) -> bool {
        self.termination == Termination::Exited(0) && self.stopped_by.is_none()
    }

    /// The machine was busy during the run, so its timings may be off: it waited for a CPU for
    /// more than 20 % of its wall time and more than 50 ms. Below 20 % the CPU time is about what
    /// a quiet machine gives (sharing caches and cores costs a little); below 50 ms the wait is
    /// a few scheduler time slices, which any run may get.
    pub fn disturbed(&self) -> bool {
        self.wait_time_us > DISTURBED_WAIT_US
            && self.wait_time_us.saturating_mul(1000)
                > self.wall_time_us.saturating_mul(DISTURBED_WAIT_PER_MILLE)
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
    #[error("the sandbox session is closed")]
    Closed,
    #[error("the grader was interrupted")]
    Interrupted,
}

impl From<std::io::Error> for SandboxError {
    fn from(error: std::io::Error) -> Self {
        SandboxError::Prepare(error)
    }
}

/// Whether a private root shows the host's `path` (read-only, at the same path): the system
/// folders do, and `read_only_paths`.
pub fn private_root_shows(path: &std::path::Path, read_only_paths: &[PathBuf]) -> bool {
    isolate::shows(path, read_only_paths)
}

/// Removes cgroups left behind by launchers that were killed (call before a session).
pub fn remove_stale_groups() {
    cgroup::remove_stale_groups();
}

/// The hidden subcommand that turns the `judge` binary into the launcher.
pub const LAUNCH_SUBCOMMAND: &str = "__launch";

/// A pipe as (read end, write end), both close-on-exec.
pub fn pipe() -> std::io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: fds has room for the two descriptors pipe2 writes.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: pipe2 returned two fresh descriptors that nothing else owns.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// How long a launcher may take to clean up after its session is closed.
const SESSION_END_GRACE: Duration = Duration::from_secs(5);

/// Up to `limit` bytes of `file` from its start, whatever its offset (a descriptor shared with
/// a program or the launcher may be anywhere). Reads until end of file rather than trusting
/// the file's size, which cgroup files report as 0 or 4096.
pub fn read_from_start(file: &std::fs::File, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::os::unix::fs::FileExt;
    const STEP: u64 = 4096;
    let size = file.metadata().map_or(0, |m| m.len());
    let mut bytes = Vec::new();
    let mut filled = 0;
    while (filled as u64) < limit {
        // Room for the rest of what the size says, and at least a step more.
        let want = size.max(filled as u64 + STEP).min(limit) as usize;
        bytes.resize(want, 0);
        let read = file.read_at(&mut bytes[filled..], filled as u64)?;
        if read == 0 {
            break;
        }
        filled += read;
    }
    bytes.truncate(filled);
    Ok(bytes)
}

/// The text of a small kernel file (a cgroup or `/proc` file of a few lines) read with one
/// system call from its start: the kernel renders such a file afresh for each read at offset
/// 0, so a descriptor kept open gives a fresh reading each time, without the size query and the
/// read that finds the end that [`read_from_start`] makes. A file that fills the buffer is
/// read in full the slow way.
pub(crate) fn read_small_file(file: &std::fs::File) -> Option<String> {
    use std::os::unix::fs::FileExt;
    let mut buffer = [0u8; 4096];
    let read = loop {
        match file.read_at(&mut buffer, 0) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            other => break other.ok()?,
        }
    };
    if read == buffer.len() {
        return String::from_utf8(read_from_start(file, 1 << 20).ok()?).ok();
    }
    std::str::from_utf8(&buffer[..read]).ok().map(str::to_owned)
}

/// Waits up to `timeout` until one of `fds` can be read (or has closed); says which, slot by
/// slot (`None` slots are never ready). Shared by the launcher's and the keeper's loops.
fn poll_readable(fds: &[Option<RawFd>], timeout: Duration) -> Vec<bool> {
    let mut polled: Vec<libc::pollfd> = fds
        .iter()
        .flatten()
        .map(|&fd| libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        })
        .collect();
    // SAFETY: polled is a valid array of pollfd of the given length.
    unsafe {
        libc::poll(
            polled.as_mut_ptr(),
            polled.len() as libc::nfds_t,
            timeout.as_millis().min(i32::MAX as u128) as libc::c_int,
        )
    };
    let mut ready = polled.iter().map(|p| p.revents != 0);
    fds.iter()
        .map(|fd| fd.is_some() && ready.next().unwrap_or(false))
        .collect()
}

/// A launcher that runs programs one after another, each in the same sandbox but with fresh
/// limits, a fresh `/tmp` and nothing left of the run before. One per grading worker.
pub struct Session {
    launcher: std::process::Child,
    /// The launcher's pid while it is not reaped (what a [`Stopper`] signals); cleared, under
    /// the lock, before the launcher is reaped, so that no stopper signals a reused pid.
    stop_target: Arc<Mutex<Option<libc::pid_t>>>,
    /// Our end of the session's message socket; `None` once closed.
    socket: Option<OwnedFd>,
    /// A run was sent and its facts not yet read.
    running: bool,
}

impl Session {
    /// Starts a launcher for `spec`.
    pub fn start(spec: &SessionSpec) -> Result<Session, SandboxError> {
        let exe = launcher_path()?;
        let encoded = serde_json::to_string(spec)
            .map_err(|e| SandboxError::Launcher(format!("cannot encode the session: {e}")))?;
        let (ours, theirs) = channel::pair()?;
        let mut command = Command::new(&exe);
        // A process group of its own: a terminal's Ctrl-C (SIGINT to the foreground process
        // group) reaches the grader alone, which ends the runs itself and judges none of
        // them (see `cleanup`), instead of launchers dying under a run that is then taken for
        // the program's or the grader's failure.
        command
            .arg(LAUNCH_SUBCOMMAND)
            .arg(encoded)
            .env_clear()
            .stdin(Stdio::from(theirs))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .process_group(0);
        if runs_stopped() {
            return Err(SandboxError::Interrupted);
        }
        let launcher = spawn_from_a_lasting_thread(command)
            .map_err(|cause| SandboxError::SpawnLauncher { path: exe, cause })?;
        launchers::add(launcher.id());
        Ok(Session {
            stop_target: Arc::new(Mutex::new(Some(launcher.id() as libc::pid_t))),
            launcher,
            socket: Some(ours),
            running: false,
        })
    }

    /// Runs one program and returns once it has ended and everything it started is gone.
    /// An error means this session cannot be used again.
    pub fn run(&mut self, request: &RunRequest, files: RunFiles) -> Result<RunFacts, SandboxError> {
        self.begin(request, files)?;
        self.wait()
    }

    /// Starts one program and returns at once; [`Session::wait`] gives its facts. For an
    /// interactive run, whose pipes the grader drives in between.
    pub fn begin(&mut self, request: &RunRequest, files: RunFiles) -> Result<(), SandboxError> {
        let socket = self.socket.as_ref().ok_or(SandboxError::Closed)?;
        // No run starts once the grader is interrupted; one that starts as the interruption
        // comes is stopped by it (`stop_all_runs`, which the launcher heeds from before a run).
        if runs_stopped() {
            return Err(SandboxError::Interrupted);
        }
        channel::send(
            socket.as_fd(),
            request,
            &[
                files.stdin.as_fd(),
                files.stdout.as_fd(),
                files.stderr.as_fd(),
            ],
        )
        .map_err(|e| self.failure(format!("cannot send the run: {e}")))?;
        self.running = true;
        Ok(())
    }

    /// Waits for the facts of the run begun last. The sandbox enforces the wall-clock limit
    /// itself (the keeper, with the launcher as a backstop), so this returns within that limit
    /// plus the time the run waited for a CPU (never more than [`hard_wall_limit`]) plus the
    /// cleanup.
    pub fn wait(&mut self) -> Result<RunFacts, SandboxError> {
        self.running = false;
        let socket = self.socket.as_ref().ok_or(SandboxError::Closed)?;
        match channel::receive::<Result<RunFacts, String>>(socket.as_fd()) {
            // A run the interruption ended tells nothing of the program.
            Ok(Some((Ok(facts), _)))
                if facts.stopped_by == Some(StopReason::Requested) && runs_stopped() =>
            {
                Err(SandboxError::Interrupted)
            }
            Ok(Some((Ok(facts), _))) => Ok(facts),
            Ok(Some((Err(message), _))) => Err(SandboxError::Launcher(message)),
            Ok(None) => Err(self.failure("it ended".to_string())),
            Err(e) => Err(self.failure(format!("unreadable answer: {e}"))),
        }
    }

    /// The process id of the launcher (not of the program).
    pub fn id(&self) -> u32 {
        self.launcher.id()
    }

    /// Asks the launcher to end the current program now (it still reports the facts).
    pub fn request_stop(&self) {
        self.stopper().request_stop();
    }

    /// What another thread may use to end the current program while this one waits for it
    /// in [`Session::run`]. Once the session is closed it does nothing.
    pub fn stopper(&self) -> Stopper {
        Stopper {
            target: self.stop_target.clone(),
        }
    }

    /// Reaps the launcher if it has exited (clearing the stoppers' target first).
    fn launcher_exited(&mut self) -> bool {
        let Ok(mut target) = self.stop_target.lock() else {
            return false;
        };
        let exited = matches!(launchers::reap_if_ended(&mut self.launcher), Ok(Some(_)));
        if exited {
            *target = None;
        }
        exited
    }

    /// An error that says what the launcher printed, if it has already exited.
    fn failure(&mut self, what: String) -> SandboxError {
        if runs_stopped() {
            return SandboxError::Interrupted;
        }
        let mut printed = String::new();
        if self.launcher_exited() {
            if let Some(mut pipe) = self.launcher.stderr.take() {
                let _ = pipe.read_to_string(&mut printed);
            }
        }
        SandboxError::Launcher(format!("{what} {}", printed.trim()).trim().to_string())
    }
}

/// Ends a session's current program from another thread (see [`Session::stopper`]).
#[derive(Debug, Clone)]
pub struct Stopper {
    target: Arc<Mutex<Option<libc::pid_t>>>,
}

impl Stopper {
    /// Asks the launcher to end the current program now (it still reports the facts); nothing
    /// once the session is closed.
    pub fn request_stop(&self) {
        if let Ok(target) = self.target.lock() {
            if let Some(pid) = *target {
                // SAFETY: kill on the launcher's pid, which is not reaped while the lock is
                // held with the pid set.
                unsafe { libc::kill(pid, libc::SIGUSR1) };
            }
        }
    }
}

impl Drop for Session {
    /// Closes the session: the launcher ends the keeper (and with it anything left in the
    /// sandbox), removes the cgroups and exits.
    fn drop(&mut self) {
        if self.running {
            self.request_stop();
        }
        launchers::remove(self.launcher.id());
        // No stopper may signal the launcher's pid once it is reaped below.
        if let Ok(mut target) = self.stop_target.lock() {
            *target = None;
        }
        drop(self.socket.take());
        use wait_timeout::ChildExt;
        if !matches!(self.launcher.wait_timeout(SESSION_END_GRACE), Ok(Some(_))) {
            let _ = self.launcher.kill();
            let _ = self.launcher.wait();
        }
    }
}

/// Set once the grader stops all its runs (it is interrupted; see `cleanup`).
static RUNS_STOPPED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether the grader has stopped all its runs: from then on no run starts, and a run cut
/// short is `Interrupted`, never judged.
pub fn runs_stopped() -> bool {
    RUNS_STOPPED.load(std::sync::atomic::Ordering::SeqCst)
}

/// The flag [`runs_stopped`] reads, for a loop that is given the flag that stops it (the
/// engine's `Schedule`, which a test gives a flag of its own).
pub fn runs_stopped_flag() -> &'static std::sync::atomic::AtomicBool {
    &RUNS_STOPPED
}

/// Asks every launcher to end the run it has now, or the next one it gets (the grader is
/// interrupted: no result of a run is judged any more). The flag is set first, so that whoever
/// sees a run cut short also sees [`runs_stopped`].
pub fn stop_all_runs() {
    RUNS_STOPPED.store(true, std::sync::atomic::Ordering::SeqCst);
    launchers::signal_all(libc::SIGUSR1);
}

/// Kills every launcher of the grader, those of compilers included (it is about to exit in a
/// hurry); the keepers and the programs die with their launchers.
pub fn kill_all_runs() {
    launchers::signal_all(libc::SIGKILL);
}

/// The launchers that live, by pid, for [`stop_all_runs`]. A launcher is reaped only under
/// the registry's lock, and leaves it before it is reaped, so that a signal never reaches a
/// pid that another process may have been given since.
mod launchers {
    use std::sync::Mutex;

    static LIVE: Mutex<Vec<u32>> = Mutex::new(Vec::new());

    fn live() -> std::sync::MutexGuard<'static, Vec<u32>> {
        LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn add(pid: u32) {
        live().push(pid);
    }

    /// Before the launcher is waited for: it gets no more signals from the registry.
    pub fn remove(pid: u32) {
        live().retain(|&p| p != pid);
    }

    /// Reaps the launcher if it has ended (and then forgets it).
    pub fn reap_if_ended(
        launcher: &mut std::process::Child,
    ) -> std::io::Result<Option<std::process::ExitStatus>> {
        let mut live = live();
        let status = launcher.try_wait()?;
        if status.is_some() {
            live.retain(|&p| p != launcher.id());
        }
        Ok(status)
    }

    pub fn signal_all(signal: libc::c_int) {
        for &pid in live().iter() {
            // SAFETY: kill on a launcher of ours that has not been reaped (see above).
            unsafe { libc::kill(pid as libc::pid_t, signal) };
        }
    }
}

/// Spawns a launcher from one thread that lives as long as the grader. A launcher dies with
/// the thread that started it, not only with the grader: its parent-death signal follows the
/// parent thread. Sessions are started from worker threads that end before the grading does
/// (and kept in pools other threads use), so none may be the parent.
fn spawn_from_a_lasting_thread(command: Command) -> std::io::Result<std::process::Child> {
    type Order = (Command, mpsc::Sender<std::io::Result<std::process::Child>>);
    static SPAWNER: OnceLock<Mutex<mpsc::Sender<Order>>> = OnceLock::new();
    let spawner = SPAWNER.get_or_init(|| {
        let (orders, incoming) = mpsc::channel::<Order>();
        std::thread::spawn(move || {
            for (mut command, reply) in incoming {
                let _ = reply.send(command.spawn());
            }
        });
        Mutex::new(orders)
    });
    let (reply, answer) = mpsc::channel();
    let orders = spawner
        .lock()
        .map_err(|_| std::io::Error::other("the launcher spawner is unusable"))?;
    if let Err(mpsc::SendError((mut command, _))) = orders.send((command, reply)) {
        // The spawner thread is gone (it never ends by itself): spawn from here.
        return command.spawn();
    }
    drop(orders);
    answer
        .recv()
        .map_err(|_| std::io::Error::other("the launcher spawner has ended"))?
}

/// Set by the `judge` binary itself: whatever name it was installed or copied under, it is
/// the launcher.
static THIS_BINARY_LAUNCHES: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// Called by the `judge` binary's `main`: runs are launched by this very program (so a copy
/// named `judge-1.4` launches its own runs, not another version found elsewhere).
pub fn this_binary_is_the_launcher() {
    THIS_BINARY_LAUNCHES.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// The binary to run as the launcher: this very program. Tests of the library (which are
/// not the `judge` binary) find it through `JUDGE_LAUNCHER` or next to the test executable.
fn launcher_path() -> Result<PathBuf, SandboxError> {
    if let Some(path) = std::env::var_os("JUDGE_LAUNCHER") {
        return Ok(PathBuf::from(path));
    }
    let exe = std::env::current_exe()?;
    if THIS_BINARY_LAUNCHES.load(std::sync::atomic::Ordering::Relaxed)
        || exe.file_stem().is_some_and(|stem| stem == "judge")
    {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::os::fd::AsRawFd;

    fn waited(wall_ms: u64, wait_ms: u64) -> RunFacts {
        RunFacts {
            wall_time_us: wall_ms * 1000,
            wait_time_us: wait_ms * 1000,
            ..RunFacts::ended(Termination::Exited(0))
        }
    }

    #[test]
    fn a_run_is_disturbed_when_it_waited_a_large_share_and_long() {
        assert!(waited(1000, 201).disturbed());
        assert!(!waited(1000, 200).disturbed(), "20 % is not over it");
        assert!(waited(200, 51).disturbed());
        assert!(!waited(200, 50).disturbed(), "too short to matter");
        assert!(!waited(0, 0).disturbed());
        assert!(!waited(10_000, 1000).disturbed());
    }

    #[test]
    fn facts_without_a_wait_read_as_zero() {
        let mut value = serde_json::to_value(waited(10, 3)).unwrap();
        value.as_object_mut().unwrap().remove("wait_time_us");
        let facts: RunFacts = serde_json::from_value(value).unwrap();
        assert_eq!(facts.wait_time_us, 0);
    }

    #[test]
    fn read_from_start_ignores_the_offset_and_keeps_to_the_limit() {
        let mut file = tempfile::tempfile().unwrap();
        let text: Vec<u8> = (0..10_000u32).map(|i| (i % 251) as u8).collect();
        file.write_all(&text).unwrap();
        assert_eq!(read_from_start(&file, u64::MAX).unwrap(), text);
        assert_eq!(read_from_start(&file, 100).unwrap(), &text[..100]);
    }

    #[test]
    fn read_from_start_reads_files_that_report_no_size() {
        // Like cgroup files, /proc files report a size of 0 and are rendered when read.
        let file = std::fs::File::open("/proc/self/status").unwrap();
        assert_eq!(file.metadata().unwrap().len(), 0);
        let text = String::from_utf8(read_from_start(&file, 1 << 20).unwrap()).unwrap();
        assert!(text.contains("Pid:"), "{text}");
    }

    #[test]
    fn poll_readable_reports_slot_by_slot() {
        let (quiet_read, _quiet_write) = pipe().unwrap();
        let (ready_read, ready_write) = pipe().unwrap();
        drop(ready_write);
        let ready = poll_readable(
            &[
                Some(quiet_read.as_raw_fd()),
                None,
                Some(ready_read.as_raw_fd()),
            ],
            Duration::from_millis(100),
        );
        assert_eq!(ready, vec![false, false, true]);
    }
}
