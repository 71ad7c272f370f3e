//! The launcher: the small process (`judge __launch SESSION`) that a grading worker starts once
//! and that runs its programs one after another. It is single-threaded on purpose, so that
//! forking is safe and a solution's `ru_maxrss` starts from a few MiB rather than the grader's.
//!
//! Once per session it creates the cgroups, the pid namespace (and, without root, a user
//! namespace) and forks the keeper (`keeper.rs`), pid 1 of that namespace, which builds the
//! private root. Per run it sets the limits, passes the program's descriptors to the keeper,
//! copies the program's output with caps, polls its CPU time (and its wait for a CPU, for the
//! wall-clock backstop), tells the keeper to end the run at a limit, and answers the grader with
//! the [`RunFacts`].
//!
//! The grader's end of the session is a message socket on fd 0 (see `channel.rs`): each
//! message is a [`RunRequest`] with the program's stdin, stdout and stderr file; each answer a
//! `Result<RunFacts, String>`. When the grader closes the socket the keeper exits (ending the
//! namespace), the cgroups are removed and the launcher exits 0. It exits 3 with a message on
//! stderr when it cannot work at all.

use std::fs::File;
use std::io::{self, Write};
use std::os::fd::{AsFd, AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::time::{Duration, Instant};

use super::cgroup::{RunGroups, GROUP_PREFIX};
use super::keeper::{self, FromKeeper, KeeperPlan, KeeperReport, ToKeeper};
use super::leftovers;
use super::spawn::SpawnRules;
use super::stamp::ProcessStamp;
use super::waiting::{self, WaitGauge};
use super::{channel, isolate, pipe, poll_readable};
use super::{RunFacts, RunRequest, SessionSpec, StartFailure, StdoutMode, StopReason, Termination};

/// How often the launcher looks at the CPU time and the wait of a running program.
const POLL_INTERVAL: Duration = Duration::from_millis(20);
/// How often the launcher looks at a running program's resident size when no memory cgroup
/// stops it: a program that allocates fast (1 MiB in a tenth of a millisecond) would grow
/// far past its limit between two of the CPU looks.
const MEMORY_POLL_INTERVAL: Duration = Duration::from_millis(2);
/// Read size for the program's output pipes.
const CHUNK: usize = 64 * 1024;
/// How long the keeper may take to report after it was told to end a run.
const KEEPER_GRACE: Duration = Duration::from_secs(10);
/// How long after the keeper's wall-clock rule would end a run the launcher ends it itself.
const WALL_BACKSTOP: Duration = Duration::from_millis(200);
/// The launcher tells the keeper the run's wait when it has grown by this much, microseconds.
const WAIT_STEP_US: u64 = 1000;

/// Set by SIGUSR1: the grader asks for the current run to end.
static STOP_REQUESTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

extern "C" fn on_stop_request(_signal: libc::c_int) {
    STOP_REQUESTED.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// Entry point of `judge __launch SESSION`.
pub fn main(encoded_session: &str) -> ! {
    // The launcher dies with the grader; the keeper and the solution die with the launcher.
    // SAFETY: prctl with integer arguments.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) };
    // SAFETY: the handler only stores to an atomic, which is async-signal-safe.
    unsafe {
        libc::signal(
            libc::SIGUSR1,
            on_stop_request as *const () as libc::sighandler_t,
        )
    };
    let result = take_grader_socket()
        .map_err(|e| format!("no session socket on fd 0: {e}"))
        .and_then(|grader| {
            serde_json::from_str::<SessionSpec>(encoded_session)
                .map_err(|e| format!("bad session spec: {e}"))
                .and_then(|spec| serve(&spec, grader))
        });
    match result {
        Ok(()) => std::process::exit(0),
        Err(message) => {
            let _ = writeln!(io::stderr().lock(), "{message}");
            std::process::exit(3)
        }
    }
}

/// Moves the socket on fd 0 to a close-on-exec descriptor above 2 and puts /dev/null on 0
/// and 1, so that nothing the keeper forks inherits the session by accident.
fn take_grader_socket() -> io::Result<OwnedFd> {
    // SAFETY: F_DUPFD_CLOEXEC on fd 0, which the grader gave us.
    let moved = unsafe { libc::fcntl(0, libc::F_DUPFD_CLOEXEC, 3) };
    if moved < 0 {
        return Err(io::Error::last_os_error());
    }
    let null = File::options().read(true).write(true).open("/dev/null")?;
    // SAFETY: dup2 onto our own standard descriptors.
    unsafe {
        libc::dup2(null.as_raw_fd(), 0);
        libc::dup2(null.as_raw_fd(), 1);
    }
    // SAFETY: a fresh descriptor that nothing else owns.
    Ok(unsafe { OwnedFd::from_raw_fd(moved) })
}

/// Serves run requests until the grader closes the session.
fn serve(spec: &SessionSpec, grader: OwnedFd) -> Result<(), String> {
    let mut sandbox = Sandbox::start(spec, grader.as_raw_fd())?;
    let outcome = loop {
        let (request, fds) = match channel::receive::<RunRequest>(grader.as_fd()) {
            Ok(Some(message)) => message,
            Ok(None) => break Ok(()),
            Err(e) => break Err(format!("cannot read a run request: {e}")),
        };
        let reply = sandbox.run(&request, fds);
        STOP_REQUESTED.store(false, std::sync::atomic::Ordering::SeqCst);
        let broken = reply.is_err();
        if let Err(e) = channel::send(grader.as_fd(), &reply, &[]) {
            break Err(format!("cannot answer the grader: {e}"));
        }
        if broken {
            break Ok(());
        }
    };
    sandbox.end();
    outcome
}

/// The launcher's side of a session: the cgroups and the keeper.
struct Sandbox {
    groups: RunGroups,
    keeper: libc::pid_t,
    /// The keeper's `/proc/PID/schedstat`, kept open: read before and after every run.
    keeper_schedstat: Option<File>,
    keeper_socket: OwnedFd,
    in_pid_namespace: bool,
    /// Why the keeper could not build the sandbox; every run then reports it.
    setup_failure: Option<String>,
    protections: Vec<String>,
    /// The memory limit and process count the groups have now.
    group_limits: Option<(u64, u32)>,
    /// The groups' OOM-kill count after the last run.
    oom_kills: u64,
    /// What the program's output pipes are read into, made once.
    buffer: std::cell::RefCell<Vec<u8>>,
}

impl Sandbox {
    /// Creates the cgroups and namespaces and forks the keeper; `grader` is the descriptor of
    /// the grader's socket, which the keeper must not keep open.
    fn start(spec: &SessionSpec, grader: RawFd) -> Result<Sandbox, String> {
        let mut protections = vec!["process-group".to_string(), "rlimits".to_string()];
        // SAFETY: geteuid/getegid have no preconditions.
        let (euid, egid) = unsafe { (libc::geteuid(), libc::getegid()) };
        let is_root = euid == 0;

        let groups = if spec.isolation.cgroups {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.subsec_nanos())
                .unwrap_or(0);
            // Named after this launcher, so that a later run can tell when it is gone.
            let name = format!("{GROUP_PREFIX}{}-{nanos}", ProcessStamp::own());
            RunGroups::create(&name)
        } else {
            RunGroups::default()
        };
        // Listed in the session's folder, where a later run finds them if the grader is
        // killed (they are made beside the grader's own cgroup, which a later run may not
        // share). Without the list only a run in the same cgroup finds them.
        if let Some(folder) = spec.root_mount.parent() {
            if !groups.dirs().is_empty() {
                let _ = leftovers::record_groups(folder, &groups.dirs());
            }
        }
        protections.extend(groups.protections());

        // Namespaces: the pid (and, without root, user) namespace must be made here, before
        // the fork, so that the keeper is the first process inside it.
        let mut in_pid_namespace = false;
        if spec.isolation.namespaces {
            let flags = if is_root {
                libc::CLONE_NEWPID
            } else {
                libc::CLONE_NEWUSER | libc::CLONE_NEWPID
            };
            // SAFETY: unshare has no memory-safety preconditions; we are single-threaded.
            if unsafe { libc::unshare(flags) } == 0 {
                let mapped = if is_root {
                    Ok(())
                } else {
                    isolate::map_own_ids(euid, egid)
                };
                in_pid_namespace = mapped.is_ok();
            }
        }
        if in_pid_namespace {
            protections.extend(
                [
                    "pid-namespace",
                    "mount-namespace",
                    "network-namespace",
                    "ipc-namespace-per-run",
                    "private-root",
                ]
                .map(String::from),
            );
            if !is_root {
                protections.push("user-namespace".into());
            }
        }
        let drop_to = is_root.then_some((spec.isolation.run_as_uid, spec.isolation.run_as_gid));
        if let Some((uid, _)) = drop_to {
            protections.push(format!("uid-{uid}"));
        }
        let plan = KeeperPlan {
            session: spec,
            private_root: in_pid_namespace,
            rules: SpawnRules {
                drop_to,
                memory_rlimit: !groups.has_memory(),
                process_rlimit: !groups.has_pids(),
            },
        };

        let (ours, theirs) = channel::pair().map_err(|e| format!("socketpair: {e}"))?;
        // SAFETY: the launcher is single-threaded, so the child may run arbitrary code.
        let keeper = unsafe { libc::fork() };
        if keeper < 0 {
            return Err(format!("fork: {}", io::Error::last_os_error()));
        }
        if keeper == 0 {
            drop(ours);
            // SAFETY: closing the keeper's copy of a descriptor it never uses, so that the
            // grader sees the session end when the launcher does.
            unsafe { libc::close(grader) };
            keeper::main(&plan, theirs);
        }
        drop(theirs);
        // Every process the keeper forks from now on starts inside the groups: the one move of
        // the session (a move into a cgroup v1 group waits for an RCU grace period).
        groups.add(keeper);
        let setup_failure = match channel::receive::<FromKeeper>(ours.as_fd()) {
            Ok(Some((FromKeeper::Ready, _))) => None,
            Ok(Some((FromKeeper::SetupFailed(message), _))) => Some(message),
            Ok(Some((other, _))) => Some(format!("keeper said {other:?}")),
            Ok(None) | Err(_) => Some("the keeper ended".to_string()),
        };
        let groups_oom_kills = groups.oom_kills();
        Ok(Sandbox {
            groups,
            keeper,
            keeper_schedstat: File::open(format!("/proc/{keeper}/schedstat")).ok(),
            keeper_socket: ours,
            in_pid_namespace,
            setup_failure,
            protections,
            group_limits: None,
            oom_kills: groups_oom_kills,
            buffer: std::cell::RefCell::new(vec![0u8; CHUNK]),
        })
    }

    /// Runs one program. An error means the session cannot go on.
    fn run(&mut self, request: &RunRequest, fds: Vec<OwnedFd>) -> Result<RunFacts, String> {
        let [stdin, stdout, stderr_file]: [OwnedFd; 3] = fds
            .try_into()
            .map_err(|_| "a run request needs three descriptors".to_string())?;
        if let Some(failure) = &self.setup_failure {
            return Ok(self.not_started(StartFailure::Sandbox(failure.clone())));
        }
        let limits = request.limits;
        let group_limits = (limits.memory_bytes, limits.max_processes);
        if self.group_limits != Some(group_limits) {
            self.group_limits = None;
            if let Err(message) = self.groups.set_limits(group_limits.0, group_limits.1) {
                return Ok(self.not_started(StartFailure::Sandbox(message)));
            }
            self.group_limits = Some(group_limits);
        }
        // The keeper is idle now (waiting for the request), as it is when the run is read.
        let cpu_before = self.cpu_mark();
        // Read only for the runs that stop there (one more cgroup file a run otherwise).
        let refused_before = request
            .stop_at_process_limit
            .then(|| self.groups.refused_forks());
        // The count only grows, and only runs of this session add to it.
        let oom_kills_before = self.oom_kills;
        self.groups.reset_peak();

        let (err_read, err_write) = pipe().map_err(|e| format!("pipe: {e}"))?;
        // Captured output goes through a pipe the launcher reads into the output file; in
        // pass-through mode the program writes to the grader's pipe itself.
        let (program_stdout, capture) = match request.stdout {
            StdoutMode::Capture => {
                let (out_read, out_write) = pipe().map_err(|e| format!("pipe: {e}"))?;
                // SAFETY: F_SETPIPE_SZ on our own pipe; failure only leaves the default size.
                unsafe { libc::fcntl(out_read.as_raw_fd(), libc::F_SETPIPE_SZ, 1 << 20) };
                (out_write, Some((out_read, File::from(stdout))))
            }
            StdoutMode::PassThrough => (stdout, None),
        };
        let program_stderr = if request.stderr_to_stdout {
            program_stdout.as_fd()
        } else {
            err_write.as_fd()
        };
        channel::send(
            self.keeper_socket.as_fd(),
            &ToKeeper::Run(request.clone()),
            &[stdin.as_fd(), program_stdout.as_fd(), program_stderr],
        )
        .map_err(|e| format!("cannot reach the keeper: {e}"))?;
        let start = Instant::now();
        // The program holds its own copies now; ours must not keep its pipes open.
        drop((stdin, program_stdout, err_write));

        let stdout =
            capture.map(|(pipe, sink)| Capture::new(pipe, sink, limits.output_bytes, true));
        let stderr = Capture::new(
            err_read,
            File::from(stderr_file),
            limits.stderr_bytes,
            false,
        );
        let watch = self.watch(request, start, cpu_before, refused_before, stdout, stderr)?;
        if !self.in_pid_namespace {
            // Without a namespace, a process that left the process group is still in the
            // cgroup (the keeper has reaped the rest).
            self.groups.kill_all_but(self.keeper);
        }

        let report = watch.report;
        let termination = if let Some(failure) = &report.failure {
            failure.termination()
        } else {
            match report.status {
                Some(status) if libc::WIFEXITED(status) => {
                    Termination::Exited(libc::WEXITSTATUS(status))
                }
                Some(status) if libc::WIFSIGNALED(status) => {
                    Termination::Signaled(libc::WTERMSIG(status))
                }
                _ => Termination::Signaled(libc::SIGKILL),
            }
        };
        // SIGXCPU is the kernel's CPU-time backstop (spawn.rs): the run was stopped at the CPU
        // limit, as DOMjudge's runguard reads it too.
        let stopped_by = match termination {
            Termination::Signaled(libc::SIGXCPU) => watch.stopped_by.or(Some(StopReason::CpuTime)),
            _ => watch.stopped_by,
        };
        let cgroup_cpu_us = self.cpu_since_us(cpu_before).unwrap_or(0);
        self.oom_kills = self.groups.oom_kills();
        let wall_us = if report.wall_us > 0 {
            report.wall_us
        } else {
            start.elapsed().as_micros() as u64
        };
        Ok(RunFacts {
            termination,
            stopped_by,
            cpu_time_us: report.cpu_us.max(cgroup_cpu_us).max(watch.last_cpu_us),
            wall_time_us: wall_us,
            // The keeper's reading: it also read each process as a zombie, which the launcher
            // cannot (it does not reap them).
            wait_time_us: report.wait_us.min(wall_us),
            ended_at_ns: report.ended_ns,
            peak_rss_kib: report.peak_rss_kib.max(watch.watched_peak_kib),
            cgroup_peak_kib: self.groups.memory_peak_bytes().map(|b| b / 1024),
            oom_killed: self.oom_kills > oom_kills_before,
            process_limit_reached: refused_before
                .is_some_and(|before| self.groups.refused_forks() > before),
            left_running: report.left_running && watch.stopped_by.is_none(),
            stdout_bytes: watch.stdout_bytes,
            stderr_bytes: watch.stderr_bytes,
            launch_error: report.failure.as_ref().map(StartFailure::message),
            protections: self.protections.clone(),
        })
    }

    fn not_started(&self, failure: StartFailure) -> RunFacts {
        RunFacts {
            launch_error: Some(failure.message()),
            protections: self.protections.clone(),
            ..RunFacts::ended(failure.termination())
        }
    }

    /// The CPU time charged to the groups and the keeper's own, now.
    fn cpu_mark(&self) -> Option<CpuMark> {
        Some(CpuMark {
            groups_ns: self.groups.cpu_usage_ns()?,
            keeper_ns: process_cpu_ns(self.keeper, self.keeper_schedstat.as_ref())?,
        })
    }

    /// CPU time the run's processes were charged since `before`, microseconds: what the
    /// groups were charged less the keeper's share. The keeper is in the groups (it forks each
    /// run there) and wakes a few dozen times a second while a run goes on, polling and
    /// reaping; that is not the program's doing, and an interactive program that mostly waits
    /// would otherwise be charged several milliseconds a second of it.
    fn cpu_since_us(&self, before: Option<CpuMark>) -> Option<u64> {
        let before = before?;
        let now = self.cpu_mark()?;
        let groups_ns = now.groups_ns.saturating_sub(before.groups_ns);
        let keeper_ns = now.keeper_ns.saturating_sub(before.keeper_ns);
        Some(groups_ns.saturating_sub(keeper_ns) / 1000)
    }

    /// Runs the poll loop until the keeper reports: copies output with caps, enforces the
    /// CPU, wall and output limits (and the process limit, when `refused_before` is the count
    /// of refused forks to compare with).
    fn watch(
        &self,
        request: &RunRequest,
        start: Instant,
        cpu_before: Option<CpuMark>,
        refused_before: Option<u64>,
        mut stdout: Option<Capture>,
        mut stderr: Capture,
    ) -> Result<Watch, String> {
        let limits = request.limits;
        // The keeper ends the run by the wall-clock rule, counted from the program's start; this
        // deadline, the same rule a little later, is for a keeper that does not. The keeper
        // uses the wait the launcher reads and sends it, so the two agree.
        let mut waits = WaitGauge::default();
        let mut waited_sent_us = 0;
        let deadline = |waits: &WaitGauge| {
            start + waiting::wall_stop_at(limits.wall_time, waits.waited()) + WALL_BACKSTOP
        };
        let cpu_limit_us = limits.cpu_time.as_micros() as u64;
        let mut buffer = self.buffer.borrow_mut();
        let mut stopped_by: Option<StopReason> = None;
        let mut killed_at: Option<Instant> = None;
        let mut last_cpu_us = 0;
        let mut next_cpu_check = Instant::now() + POLL_INTERVAL;
        let keeper = self.keeper_socket.as_fd();
        let kill = |reason: StopReason,
                    stopped_by: &mut Option<StopReason>,
                    killed_at: &mut Option<Instant>| {
            stopped_by.get_or_insert(reason);
            if killed_at.is_none() {
                *killed_at = Some(Instant::now());
                let _ = channel::send(keeper, &ToKeeper::Kill, &[]);
            }
        };

        // Without a memory cgroup the program's resident size is watched here, every
        // MEMORY_POLL_INTERVAL (RLIMIT_DATA is set far above the limit, see spawn.rs).
        let watch_memory = !self.groups.has_memory();
        let poll_interval = if watch_memory {
            MEMORY_POLL_INTERVAL
        } else {
            POLL_INTERVAL
        };
        let mut solution_pid = None;
        let mut watched_peak_bytes = 0;
        let report = loop {
            let now = Instant::now();
            let timeout = deadline(&waits)
                .saturating_duration_since(now)
                .min(poll_interval)
                .max(Duration::from_millis(1));
            let ready = poll_readable(
                &[
                    Some(self.keeper_socket.as_raw_fd()),
                    stdout.as_ref().and_then(Capture::raw_fd),
                    stderr.raw_fd(),
                ],
                timeout,
            );

            if stdout.as_mut().is_some_and(|out| out.drain(&mut buffer)) {
                kill(StopReason::OutputLimit, &mut stopped_by, &mut killed_at);
            }
            // Standard error is capped without a verdict of its own.
            stderr.drain(&mut buffer);

            if ready[0] {
                match channel::receive::<FromKeeper>(self.keeper_socket.as_fd()) {
                    Ok(Some((FromKeeper::Finished(report), _))) => break report,
                    Ok(Some((other, _))) => return Err(format!("the keeper said {other:?}")),
                    Ok(None) => return Err("the keeper ended during a run".into()),
                    Err(e) => return Err(format!("cannot hear the keeper: {e}")),
                }
            }

            let now = Instant::now();
            if STOP_REQUESTED.load(std::sync::atomic::Ordering::SeqCst) {
                kill(StopReason::Requested, &mut stopped_by, &mut killed_at);
            }
            if killed_at.is_none() && now >= deadline(&waits) {
                // A fresh reading first: the wait may have grown since the last one.
                waits.sample_descendants(self.keeper);
                if Instant::now() >= deadline(&waits) {
                    kill(StopReason::WallTime, &mut stopped_by, &mut killed_at);
                }
            }
            if killed_at.is_some_and(|at| now >= at + KEEPER_GRACE) {
                return Err("the keeper did not end the run".into());
            }
            if watch_memory && killed_at.is_none() {
                if solution_pid.is_none() {
                    solution_pid = first_child_of(self.keeper);
                }
                if let Some(bytes) = solution_pid.and_then(resident_bytes) {
                    watched_peak_bytes = watched_peak_bytes.max(bytes);
                    if bytes > limits.memory_bytes {
                        kill(StopReason::MemoryLimit, &mut stopped_by, &mut killed_at);
                    }
                }
            }
            if now >= next_cpu_check {
                next_cpu_check = now + POLL_INTERVAL;
                waits.sample_descendants(self.keeper);
                // Finer steps would not change a stop by more than a poll does.
                if waits.waited_us() >= waited_sent_us + WAIT_STEP_US && killed_at.is_none() {
                    waited_sent_us = waits.waited_us();
                    let _ = channel::send(keeper, &ToKeeper::Waited(waited_sent_us), &[]);
                }
                // Without a CPU cgroup the program itself is watched, from /proc.
                let cpu_us = self
                    .cpu_since_us(cpu_before)
                    .or_else(|| first_child_of(self.keeper).and_then(process_cpu_us))
                    .unwrap_or(0)
                    .max(waits.on_cpu_us());
                last_cpu_us = last_cpu_us.max(cpu_us);
                if cpu_us > cpu_limit_us {
                    kill(StopReason::CpuTime, &mut stopped_by, &mut killed_at);
                }
                if refused_before.is_some_and(|before| self.groups.refused_forks() > before) {
                    kill(StopReason::ProcessLimit, &mut stopped_by, &mut killed_at);
                }
            }
        };
        if report.stopped_at_wall_limit {
            stopped_by.get_or_insert(StopReason::WallTime);
        }
        // The program is gone: take what is left in the pipes without waiting for an end of
        // file that a stray process holding them open might never give.
        if stdout.as_mut().is_some_and(|out| out.drain(&mut buffer)) {
            stopped_by.get_or_insert(StopReason::OutputLimit);
        }
        stderr.drain(&mut buffer);
        Ok(Watch {
            report,
            stopped_by,
            stdout_bytes: stdout.map_or(0, |out| out.kept),
            stderr_bytes: stderr.seen,
            last_cpu_us,
            watched_peak_kib: watched_peak_bytes / 1024,
        })
    }

    /// Ends the session: the keeper exits when its socket closes (ending the namespace and
    /// anything in it), then whatever is left in the groups is killed and the groups removed.
    fn end(self) {
        drop(self.keeper_socket);
        let deadline = Instant::now() + Duration::from_secs(2);
        loop {
            let mut status = 0;
            // SAFETY: status is a valid out-pointer; the keeper is our own child.
            let reaped = unsafe { libc::waitpid(self.keeper, &mut status, libc::WNOHANG) };
            if reaped != 0 {
                break;
            }
            if Instant::now() >= deadline {
                // SAFETY: kill and waitpid on our own unreaped child.
                unsafe {
                    libc::kill(self.keeper, libc::SIGKILL);
                    libc::waitpid(self.keeper, &mut status, 0);
                }
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        self.groups.kill_all_but(0);
        self.groups.remove();
    }
}

/// Makes the read end of a fresh pipe non-blocking (it has no other status flag to keep).
fn set_nonblocking(fd: RawFd) {
    // SAFETY: fcntl on a descriptor we own.
    unsafe { libc::fcntl(fd, libc::F_SETFL, libc::O_NONBLOCK) };
}

/// A reading of the CPU time charged to a session's groups and to its keeper, nanoseconds.
#[derive(Clone, Copy)]
struct CpuMark {
    groups_ns: u64,
    keeper_ns: u64,
}

/// What the launcher saw while the program ran.
struct Watch {
    report: KeeperReport,
    stopped_by: Option<StopReason>,
    stdout_bytes: u64,
    stderr_bytes: u64,
    last_cpu_us: u64,
    /// The largest resident size the memory watch read (0 with a memory cgroup): the
    /// process's own high-water mark is kept in per-CPU counts and may lag a reading by a
    /// few dozen pages, so a run stopped for a reading over the limit could report a peak
    /// under it.
    watched_peak_kib: u64,
}

/// One output of the program that the launcher captures: the pipe it reads (until the
/// program's side closes), the file that keeps the first `cap` bytes, and the counts.
struct Capture {
    pipe: Option<OwnedFd>,
    sink: File,
    cap: u64,
    /// Stop reading at once when over the cap (standard output: the program is then ended);
    /// else keep reading and counting what goes past it (standard error).
    stop_when_over: bool,
    /// Bytes kept in the sink (at most `cap`).
    kept: u64,
    /// Bytes read, kept or not.
    seen: u64,
}

impl Capture {
    fn new(pipe: OwnedFd, sink: File, cap: u64, stop_when_over: bool) -> Capture {
        set_nonblocking(pipe.as_raw_fd());
        Capture {
            pipe: Some(pipe),
            sink,
            cap,
            stop_when_over,
            kept: 0,
            seen: 0,
        }
    }

    fn raw_fd(&self) -> Option<RawFd> {
        self.pipe.as_ref().map(|pipe| pipe.as_raw_fd())
    }

    /// Reads everything the pipe has now, keeping bytes up to the cap; true when more than
    /// the cap has arrived.
    fn drain(&mut self, buffer: &mut [u8]) -> bool {
        let Some(fd) = self.raw_fd() else {
            return self.seen > self.cap;
        };
        loop {
            // SAFETY: buffer is valid for buffer.len() bytes.
            let read = unsafe { libc::read(fd, buffer.as_mut_ptr().cast(), buffer.len()) };
            if read == 0 {
                self.pipe = None;
                return self.seen > self.cap;
            }
            if read < 0 {
                let error = io::Error::last_os_error();
                match error.kind() {
                    io::ErrorKind::Interrupted => continue,
                    io::ErrorKind::WouldBlock => return self.seen > self.cap,
                    _ => {
                        self.pipe = None;
                        return self.seen > self.cap;
                    }
                }
            }
            let chunk = &buffer[..read as usize];
            let keep = (chunk.len() as u64).min(self.cap - self.kept) as usize;
            let _ = self.sink.write_all(&chunk[..keep]);
            self.kept += keep as u64;
            self.seen += chunk.len() as u64;
            if self.stop_when_over && self.seen > self.cap {
                return true;
            }
        }
    }
}

/// One process's CPU time, user + system (all its threads), microseconds, from
/// /proc/PID/stat: what the launcher watches when no cgroup counts it.
fn process_cpu_us(pid: libc::pid_t) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name, which is in parentheses and may contain spaces.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let field = |number: usize| fields.get(number - 3)?.parse::<u64>().ok();
    // utime and stime are fields 14 and 15 (clock ticks).
    let ticks = field(14)? + field(15)?;
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK).max(1) as u64 };
    Some(ticks * 1_000_000 / per_second)
}

/// One process's resident size, bytes, from /proc/PID/statm (shorter to read than stat).
fn resident_bytes(pid: libc::pid_t) -> Option<u64> {
    let statm = std::fs::read_to_string(format!("/proc/{pid}/statm")).ok()?;
    let pages: u64 = statm.split(' ').nth(1)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let page_size = unsafe { libc::sysconf(libc::_SC_PAGESIZE).max(1) as u64 };
    Some(pages * page_size)
}

/// The CPU time of a single-threaded process, nanoseconds: the scheduler's own count from
/// `/proc/PID/schedstat` (the one the groups' accounting uses), else user + system time from
/// `/proc/PID/stat` (clock ticks) where the kernel keeps no schedstat. `schedstat` is the
/// process's schedstat file, kept open.
fn process_cpu_ns(pid: libc::pid_t, schedstat: Option<&File>) -> Option<u64> {
    schedstat
        .and_then(super::read_small_file)
        .and_then(|text| text.split_whitespace().next()?.parse().ok())
        .or_else(|| process_cpu_us(pid).map(|us| us * 1000))
}

/// The first child of `pid` (the solution under the keeper), from /proc.
fn first_child_of(pid: libc::pid_t) -> Option<libc::pid_t> {
    std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"))
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capture_keeps_its_cap_and_counts_what_went_past() {
        for stop_when_over in [true, false] {
            let (read_end, write_end) = pipe().unwrap();
            let mut writer = File::from(write_end);
            writer.write_all(b"0123456789").unwrap();
            let sink = tempfile::tempfile().unwrap();
            let mut capture = Capture::new(read_end, sink, 4, stop_when_over);
            let mut buffer = [0u8; 3];
            assert!(capture.drain(&mut buffer), "over the cap");
            assert_eq!(capture.kept, 4);
            // Standard output stops at the first chunk past the cap; standard error reads on.
            assert_eq!(capture.seen, if stop_when_over { 6 } else { 10 });
            drop(writer);
            // Past the cap, standard output is read a chunk a call (its program is being
            // ended meanwhile).
            for _ in 0..4 {
                capture.drain(&mut buffer);
            }
            assert!(capture.raw_fd().is_none(), "closed at end of file");
            assert_eq!(capture.seen, 10);
            let kept = crate::read_from_start(&capture.sink, 100).unwrap();
            assert_eq!(kept, b"0123");
        }
    }

    #[test]
    fn cpu_time_and_resident_size_are_read_from_proc() {
        // SAFETY: getpid has no preconditions.
        let own = unsafe { libc::getpid() };
        assert!(process_cpu_us(own).is_some(), "own /proc/PID/stat");
        assert!(process_cpu_us(-1).is_none());
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let resident_kib: u64 = status
            .lines()
            .find_map(|line| line.strip_prefix("VmRSS:"))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap();
        // The two readings are moments apart: the same size within a few MiB.
        let statm_kib = resident_bytes(own).expect("own statm") / 1024;
        assert!(
            statm_kib.abs_diff(resident_kib) < 4096,
            "statm {statm_kib} KiB, status {resident_kib} KiB"
        );
        assert!(resident_bytes(-1).is_none());
    }
}
