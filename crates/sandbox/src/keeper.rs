//! The keeper: the launcher's one child, alive for a whole session. Where a pid namespace is
//! available it is that namespace's first process (pid 1) and lives in the private root and the
//! session's cgroups, so a run costs what a plain loop pays: one `clone` and one `exec`. For each
//! run it makes sure `/tmp` is empty, starts the solution (own process group, rlimits,
//! unprivileged user) the way `posix_spawn` does, reaps it and every orphan with their rusage,
//! ends the run by the wall-clock rule (wall time less the time it waited for a CPU, see
//! `waiting.rs`), then ends whatever the run left: as pid 1 of the namespace, `kill(-1)`
//! reaches every other process in it and no process outside.
//!
//! Starting the solution itself is `spawn.rs`. The keeper is single-threaded (forked from the
//! single-threaded launcher). It never runs untrusted code itself: solutions run as another
//! user, cannot signal or trace it, and the OOM killer picks their processes before it.

use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::path::Path;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::spawn::{self, Child, ChildStack, Launch, SpawnRules};
use super::waiting::{self, WaitGauge};
use super::{channel, isolate, poll_readable, RunRequest, SessionSpec, StartFailure};

/// The keeper's command line as runs see it (`/proc/1/cmdline`).
const KEEPER_NAME: &str = "judge-sandbox";

/// How often the keeper wakes to reap orphans while a solution runs.
const REAP_INTERVAL: Duration = Duration::from_millis(20);

/// What the launcher tells the keeper.
#[derive(Debug, Serialize, Deserialize)]
pub enum ToKeeper {
    /// Run this program; the descriptors are its stdin, stdout and stderr.
    Run(RunRequest),
    /// End the current run now (a limit was reached or the grader asked).
    Kill,
    /// The current run has waited this long for a CPU so far, microseconds, as the launcher
    /// read it. The launcher reads the run's tasks as it goes, outside the run's cgroup: were
    /// the keeper to do it, the reading would be charged to the program's CPU time.
    Waited(u64),
}

/// What the keeper tells the launcher.
#[derive(Debug, Serialize, Deserialize)]
pub enum FromKeeper {
    /// The private root is ready; runs may come.
    Ready,
    /// The sandbox could not be built; the keeper exits.
    SetupFailed(String),
    /// A run is over and nothing it started is left.
    Finished(KeeperReport),
}

/// The raw facts the keeper has of one run.
#[derive(Debug, Serialize, Deserialize)]
pub struct KeeperReport {
    /// The solution's wait status, when it was reaped.
    pub status: Option<i32>,
    /// User + system time of every process of the run that was reaped, microseconds.
    pub cpu_us: u64,
    /// The largest `ru_maxrss` of those processes, KiB.
    pub peak_rss_kib: u64,
    /// From fork to the solution's reaping.
    pub wall_us: u64,
    /// The system's monotonic clock at the solution's reaping, nanoseconds (0: not reaped).
    pub ended_ns: u64,
    /// The largest run delay of any task of the run until the solution's reaping (time ready
    /// to run but waiting for a CPU), microseconds.
    pub wait_us: u64,
    /// Why the program could not be started (`None` when it was).
    pub failure: Option<StartFailure>,
    /// The keeper ended the run at the wall-clock limit: wall time from the program's start
    /// less its wait reached it, or the raw wall time reached the hard limit.
    pub stopped_at_wall_limit: bool,
    /// The solution ended on its own while processes it started were still running (they
    /// are ended with it): a build step must wait for what it starts.
    pub left_running: bool,
}

/// How the keeper runs solutions, decided by the launcher once per session.
pub struct KeeperPlan<'a> {
    pub session: &'a SessionSpec,
    /// Build the private root (only inside new namespaces).
    pub private_root: bool,
    /// The user and rlimits every program starts with.
    pub rules: SpawnRules,
}

/// The keeper's life: set up, then serve runs until the launcher closes the socket.
pub fn main(plan: &KeeperPlan, socket: OwnedFd) -> ! {
    // SAFETY: prctl with integer arguments; the keeper (and with it the namespace) dies with
    // the launcher.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) };
    quiet_standard_descriptors();
    // The OOM killer must pick the solution, never the keeper (a run's memory includes it).
    // Without CAP_SYS_RESOURCE this write fails; the solution's score of 1000 (spawn.rs) still
    // puts its processes first.
    let _ = std::fs::write("/proc/self/oom_score_adj", "-1000");
    if !is_namespace_init() {
        // Without a pid namespace, orphans of a run come back to the keeper to be reaped.
        // SAFETY: prctl with integer arguments.
        unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) };
    }
    let setup = if plan.private_root {
        // Runs see the keeper as their pid 1: its command line must not be the launcher's.
        isolate::hide_command_line(KEEPER_NAME)
            .and_then(|_| isolate::unshare_child_namespaces())
            .and_then(|_| {
                let session = plan.session;
                let access = match (&session.writable_subfolder, session.writable_workdir) {
                    (_, true) => isolate::WorkdirAccess::Writable,
                    (Some(name), false) => isolate::WorkdirAccess::Subfolder(name),
                    (None, false) => isolate::WorkdirAccess::ReadOnly,
                };
                isolate::enter_private_root(
                    &session.root_mount,
                    &session.workdir,
                    access,
                    session.current_subfolder.as_deref(),
                    &session.isolation.read_only_paths,
                )
            })
    } else {
        let session = plan.session;
        let current = match &session.current_subfolder {
            Some(name) => session.workdir.join(name),
            None => session.workdir.clone(),
        };
        std::env::set_current_dir(current).map_err(|e| format!("cannot enter the work folder: {e}"))
    };
    if let Err(message) = setup {
        let _ = channel::send(socket.as_fd(), &FromKeeper::SetupFailed(message), &[]);
        exit(1);
    }
    if channel::send(socket.as_fd(), &FromKeeper::Ready, &[]).is_err() {
        exit(1);
    }
    // The size of the scratch tmpfs mounted now; they are mounted afresh when a run wrote
    // to them or needs another size.
    let mut scratch_size: Option<u64> = None;
    // Why a namespace of the last run could not be replaced: every later run then
    // reports it rather than meet what an earlier run left.
    let mut namespace_failure: Option<String> = None;
    let mut watch = plan.private_root.then(isolate::NamespaceWatch::open);
    // Written before every run (see `run`): opened once.
    let clear_refs = File::options()
        .write(true)
        .open("/proc/self/clear_refs")
        .ok();
    let mut stack = ChildStack::new();
    loop {
        let (request, fds) = match channel::receive::<ToKeeper>(socket.as_fd()) {
            Ok(Some((ToKeeper::Run(_), _))) if namespace_failure.is_some() => {
                let message = namespace_failure.clone().unwrap_or_default();
                let report = sandbox_failed(format!("no fresh namespace: {message}"));
                if channel::send(socket.as_fd(), &FromKeeper::Finished(report), &[]).is_err() {
                    exit(1);
                }
                continue;
            }
            Ok(Some((ToKeeper::Run(request), fds))) => (request, fds),
            // A kill or a wait that arrives after its run ended has nothing left to do.
            Ok(Some((ToKeeper::Kill | ToKeeper::Waited(_), _))) => continue,
            Ok(None) | Err(_) => exit(0),
        };
        let report = run(
            plan,
            &request,
            fds,
            &socket,
            &mut scratch_size,
            clear_refs.as_ref(),
            &mut stack,
        );
        if channel::send(socket.as_fd(), &FromKeeper::Finished(report), &[]).is_err() {
            exit(1);
        }
        if let Some(watch) = watch.as_mut() {
            // Nothing a run made in its IPC or network namespace reaches the next run: done
            // after the report, while the grader reads it, and before the next run is received.
            if let Err(message) = watch.refresh() {
                namespace_failure = Some(message);
            }
        }
    }
}

fn exit(code: i32) -> ! {
    // SAFETY: leaving without unwinding; as pid 1 this ends the namespace.
    unsafe { libc::_exit(code) }
}

fn is_namespace_init() -> bool {
    // SAFETY: getpid has no preconditions.
    unsafe { libc::getpid() == 1 }
}

/// Points 0, 1 and 2 at /dev/null, so that descriptors received later are numbered 3 and up
/// and `dup2` onto 0, 1, 2 cannot overwrite one another.
fn quiet_standard_descriptors() {
    if let Ok(null) = File::options().read(true).write(true).open("/dev/null") {
        for target in 0..3 {
            // SAFETY: dup2 onto the standard descriptors, which the keeper does not use.
            unsafe { libc::dup2(null.as_raw_fd(), target) };
        }
    }
}

fn not_started(failure: Option<StartFailure>) -> KeeperReport {
    KeeperReport {
        status: None,
        cpu_us: 0,
        peak_rss_kib: 0,
        wall_us: 0,
        ended_ns: 0,
        wait_us: 0,
        failure,
        stopped_at_wall_limit: false,
        left_running: false,
    }
}

/// The report of a run for which the sandbox could not be made ready.
fn sandbox_failed(detail: String) -> KeeperReport {
    not_started(Some(StartFailure::Sandbox(detail)))
}

/// One run: fork the solution, reap it and its orphans, end what is left, report.
fn run(
    plan: &KeeperPlan,
    request: &RunRequest,
    fds: Vec<OwnedFd>,
    socket: &OwnedFd,
    scratch_size: &mut Option<u64>,
    clear_refs: Option<&File>,
    stack: &mut ChildStack,
) -> KeeperReport {
    let [stdin, stdout, stderr]: [OwnedFd; 3] = match fds.try_into() {
        Ok(fds) => fds,
        Err(_) => return sandbox_failed("a run needs three descriptors".into()),
    };
    if plan.private_root {
        let size = request.limits.memory_bytes;
        if *scratch_size != Some(size) || !isolate::scratch_mounts_are_empty() {
            *scratch_size = None;
            let read_only = &plan.session.isolation.read_only_paths;
            if let Err(message) = isolate::fresh_scratch_mounts(size, read_only) {
                return sandbox_failed(message);
            }
            *scratch_size = Some(size);
        }
    }
    let launch = match Launch::new(plan.rules, request) {
        Ok(launch) => launch,
        Err(message) => return not_started(Some(StartFailure::Program(message))),
    };
    let (failure_read, failure_write) = match super::pipe() {
        Ok(pair) => pair,
        Err(e) => return sandbox_failed(format!("pipe: {e}")),
    };
    let child = Child {
        launch: &launch,
        fds: [stdin.as_raw_fd(), stdout.as_raw_fd(), stderr.as_raw_fd()],
        failure_write: failure_write.as_raw_fd(),
    };
    // The child shares the keeper's memory until `execve`, and a process's peak resident size
    // starts from that memory's high-water mark: bring the mark down to what the keeper uses
    // now, so that it does not creep up over a session.
    if let Some(mut file) = clear_refs {
        let _ = file.write_all(b"5");
    }
    let started = Instant::now();
    let solution = match spawn::spawn(&child, stack) {
        Ok(pid) => pid,
        Err(e) => return sandbox_failed(format!("clone: {e}")),
    };
    drop((stdin, stdout, stderr, failure_write));

    let mut report = not_started(None);
    // SAFETY: pidfd_open takes a pid and flags; a negative result means no pidfd.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, solution, 0) } as RawFd;
    // SAFETY: a fresh descriptor that nothing else owns.
    let pidfd = (pidfd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(pidfd) });
    let mut launcher_gone = false;
    let mut told_to_end = false;
    // The wall-clock limit counts from here, so that a program stopped by it has run for at
    // least the limit (the launcher's own deadline is only a backstop).
    let limit = request.limits.wall_time;
    // SAFETY: getpid has no preconditions.
    let keeper = unsafe { libc::getpid() };
    let mut waits = WaitGauge::default();
    let mut left_to_launcher = false;
    while report.status.is_none() {
        // The earliest the run can be stopped if it waits no more; waiting moves it later.
        // Once the run is left to the launcher's rule, the keeper only reaps.
        let deadline = if left_to_launcher {
            Instant::now() + REAP_INTERVAL
        } else {
            started + waiting::wall_stop_at(limit, waits.waited())
        };
        let ready = poll_readable(
            &[
                Some(socket.as_raw_fd()),
                pidfd.as_ref().map(|f| f.as_raw_fd()),
            ],
            deadline
                .saturating_duration_since(Instant::now())
                .clamp(Duration::from_millis(1), REAP_INTERVAL),
        );
        if ready[0] {
            match channel::receive::<ToKeeper>(socket.as_fd()) {
                Ok(Some((ToKeeper::Kill, _))) => {
                    told_to_end = true;
                    end_everything(solution);
                }
                Ok(Some((ToKeeper::Waited(us), _))) => waits.raise_to_us(us),
                Ok(Some((ToKeeper::Run(_), _))) => {}
                Ok(None) | Err(_) => {
                    launcher_gone = true;
                    told_to_end = true;
                    end_everything(solution);
                }
            }
        }
        if reap(solution, false, &mut report, started, &mut waits) == Children::NoneLeft {
            break;
        }
        if report.status.is_none()
            && !report.stopped_at_wall_limit
            && !left_to_launcher
            && waiting::wall_limit_reached(started.elapsed(), waits.waited(), limit)
        {
            // The launcher's reading is up to one of its polls old: read the run's tasks
            // before deciding (this costs the program a little CPU time, but only here).
            waits.sample_descendants(keeper);
            if waiting::wall_limit_reached(started.elapsed(), waits.waited(), limit) {
                if waits.runnable() > 0 {
                    // A task wants a CPU: it may be waiting for one right now, a spell only the
                    // launcher's running reading counts (see waiting.rs). Its rule, the same a
                    // little later, decides this run.
                    left_to_launcher = true;
                } else {
                    report.stopped_at_wall_limit = true;
                    end_everything(solution);
                }
            }
        }
    }
    // Up to the solution's reaping, like the wall time; what the kill below costs is not the
    // program's.
    report.wait_us = waits.waited_us();
    // Whether it left anything behind, asked before the kill (the reap above took every
    // child that had ended, so what answers is still running, or the child of one that is).
    report.left_running =
        !told_to_end && !report.stopped_at_wall_limit && anything_left_of(solution);
    // The solution is gone: so must be everything it started.
    end_everything(solution);
    let _ = reap(
        solution,
        is_namespace_init(),
        &mut report,
        started,
        &mut waits,
    );
    if launcher_gone {
        exit(0);
    }
    // The child wrote its 5-byte record, if any, before it ended or exec'd.
    let mut record = [0u8; 8];
    let mut filled = 0;
    let mut failure_read = File::from(failure_read);
    while filled < record.len() {
        match failure_read.read(&mut record[filled..]) {
            Ok(0) => break,
            Ok(read) => filled += read,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        }
    }
    let record = &record[..filled];
    report.failure = spawn::failure_of(record, &request.program.to_string_lossy());
    report
}

/// Kills everything of the run: in our own pid namespace every process but us; otherwise the
/// solution and its process group (the launcher kills escapees through the cgroup).
fn end_everything(solution: libc::pid_t) {
    // SAFETY: kill/killpg have no memory-safety preconditions. kill(-1) is only ever sent by
    // pid 1 of a namespace, where it cannot reach a process outside.
    unsafe {
        if is_namespace_init() {
            libc::kill(-1, libc::SIGKILL);
        } else {
            libc::kill(solution, libc::SIGKILL);
            libc::killpg(solution, libc::SIGKILL);
        }
    }
}

/// Whether any process of the run is still there: in our own pid namespace any process but
/// us; otherwise one in the solution's process group (an escapee from it is the cgroup's).
fn anything_left_of(solution: libc::pid_t) -> bool {
    // SAFETY: signal 0 only checks that a process exists and may be signalled.
    unsafe {
        if is_namespace_init() {
            libc::kill(-1, 0) == 0
        } else {
            libc::killpg(solution, 0) == 0
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Children {
    MayBeLeft,
    NoneLeft,
}

/// Reaps children, adding their rusage to the report and their last run delay to `waits`;
/// records the solution's status. With `until_none`, waits until no child is left (safe only
/// after everything was killed).
fn reap(
    solution: libc::pid_t,
    until_none: bool,
    report: &mut KeeperReport,
    started: Instant,
    waits: &mut WaitGauge,
) -> Children {
    let flags = if until_none { 0 } else { libc::WNOHANG };
    loop {
        // First find an ended child without reaping it (WNOWAIT): a zombie's counters can still
        // be read, and reaping takes them away.
        // SAFETY: siginfo_t is plain data; all-zero is a valid value (and si_pid 0 means that
        // no child has ended, with WNOHANG).
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: info is a valid out-pointer.
        let found = unsafe {
            libc::waitid(
                libc::P_ALL,
                0,
                &mut info,
                libc::WEXITED | libc::WNOWAIT | flags,
            )
        };
        if found < 0 {
            if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Children::NoneLeft;
        }
        // SAFETY: waitid filled info for an ended child (or left it zeroed).
        let pid = unsafe { info.si_pid() };
        if pid == 0 {
            return Children::MayBeLeft;
        }
        waits.sample_ended_task(Path::new(&format!("/proc/{pid}")));
        let mut status = 0;
        // SAFETY: rusage is plain data; all-zero is a valid value.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: status and usage are valid out-pointers. The child has ended, so this does
        // not block.
        let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if reaped < 0 {
            if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Children::NoneLeft;
        }
        report.cpu_us += timeval_us(usage.ru_utime) + timeval_us(usage.ru_stime);
        report.peak_rss_kib = report.peak_rss_kib.max(usage.ru_maxrss.max(0) as u64);
        if pid == solution {
            report.status = Some(status);
            report.wall_us = started.elapsed().as_micros() as u64;
            report.ended_ns = monotonic_ns();
        }
    }
}

/// The system-wide monotonic clock (the same for every process and namespace), nanoseconds:
/// it orders the ends of runs of different sessions (an interactor and its solution).
fn monotonic_ns() -> u64 {
    // SAFETY: timespec is plain data; all-zero is a valid value.
    let mut now: libc::timespec = unsafe { std::mem::zeroed() };
    // SAFETY: now is a valid out-pointer.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now) };
    (now.tv_sec.max(0) as u64) * 1_000_000_000 + now.tv_nsec.max(0) as u64
}

fn timeval_us(time: libc::timeval) -> u64 {
    (time.tv_sec.max(0) as u64) * 1_000_000 + time.tv_usec.max(0) as u64
}
