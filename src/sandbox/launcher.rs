//! The launcher: the small process (`judge __launch SPEC`) that starts one solution, watches
//! it, and reports the facts. It is single-threaded on purpose, so that forking is safe and the
//! child's `ru_maxrss` starts from the launcher's few MiB rather than the grader's.
//!
//! With a pid namespace the process tree is:
//! launcher -> reaper (pid 1 of the namespace) -> solution (pid 2). The reaper exists because
//! the first process of a pid namespace ignores signals it sends itself (`abort()` would not
//! kill it); it reaps the solution and any orphans, passes the solution's wait status back over
//! a pipe and exits, which kills everything left in the namespace. The launcher's `wait4` on
//! the reaper includes the rusage of everything the reaper reaped.

use std::ffi::CString;
use std::fs::File;
use std::io::{self, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::time::{Duration, Instant};

use super::cgroup::RunGroups;
use super::isolate;
use super::{RunFacts, RunSpec, StdoutMode, StopReason, Termination};

/// How often the launcher looks at the CPU time of a running program.
const POLL_INTERVAL: Duration = Duration::from_millis(20);
/// Read size for the program's output pipes.
const CHUNK: usize = 64 * 1024;

/// Set by SIGUSR1: the grader asks for the run to end.
static STOP_REQUESTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

extern "C" fn on_stop_request(_signal: libc::c_int) {
    STOP_REQUESTED.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// Entry point of `judge __launch SPEC`: runs the spec, prints the facts as JSON on stderr and
/// exits 0; exits 3 with a message when the launcher itself cannot work.
pub fn main(encoded_spec: &str) -> ! {
    // The launcher dies with the grader; the reaper and the solution die with the launcher.
    // SAFETY: prctl with integer arguments.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) };
    // SAFETY: the handler only stores to an atomic, which is async-signal-safe.
    unsafe {
        libc::signal(
            libc::SIGUSR1,
            on_stop_request as *const () as libc::sighandler_t,
        )
    };
    let result = serde_json::from_str::<RunSpec>(encoded_spec)
        .map_err(|e| format!("bad run spec: {e}"))
        .and_then(|spec| launch(&spec));
    let mut stderr = io::stderr().lock();
    match result {
        Ok(facts) => {
            let text = serde_json::to_string(&facts).unwrap_or_default();
            let _ = writeln!(stderr, "{text}");
            std::process::exit(0)
        }
        Err(message) => {
            let _ = writeln!(stderr, "{message}");
            std::process::exit(3)
        }
    }
}

fn os_error(what: &str) -> String {
    format!("{what}: {}", io::Error::last_os_error())
}

/// A pipe as (read end, write end), both close-on-exec.
fn pipe() -> Result<(OwnedFd, OwnedFd), String> {
    let mut fds = [0; 2];
    // SAFETY: fds has room for the two descriptors pipe2 writes.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(os_error("pipe"));
    }
    // SAFETY: pipe2 returned two fresh descriptors that nothing else owns.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

fn set_nonblocking(fd: RawFd) {
    // SAFETY: fcntl on a descriptor we own.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
}

/// Everything prepared before forking, so the child only makes system calls.
struct ChildPlan<'a> {
    spec: &'a RunSpec,
    program: CString,
    argv: Vec<CString>,
    envp: Vec<CString>,
    private_root: bool,
    drop_to_user: bool,
    memory_rlimit: bool,
    process_rlimit: bool,
}

fn to_cstring(text: &[u8]) -> Result<CString, String> {
    CString::new(text).map_err(|_| "argument or environment contains a NUL byte".to_string())
}

fn launch(spec: &RunSpec) -> Result<RunFacts, String> {
    let limits = spec.limits;
    let mut protections = vec!["process-group".to_string(), "rlimits".to_string()];
    // SAFETY: getpid/geteuid/getegid have no preconditions.
    let (own_pid, euid, egid) = unsafe { (libc::getpid(), libc::geteuid(), libc::getegid()) };
    let is_root = euid == 0;

    let groups = if spec.isolation.cgroups {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        RunGroups::create(
            &format!("judge-{own_pid}-{nanos}"),
            limits.memory_bytes,
            limits.max_processes,
        )
    } else {
        RunGroups::default()
    };
    protections.extend(groups.protections());

    // Namespaces: the pid (and, without root, user) namespace must be made here, before the
    // fork, so that the child is the first process inside it.
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
                "private-root",
            ]
            .map(String::from),
        );
        if !is_root {
            protections.push("user-namespace".into());
        }
    }
    let drop_to_user = is_root;
    if drop_to_user {
        protections.push(format!("uid-{}", spec.isolation.run_as_uid));
    }

    let plan = ChildPlan {
        spec,
        program: to_cstring(spec.program.as_os_str().as_bytes())?,
        argv: spec
            .args
            .iter()
            .map(|a| to_cstring(a.as_bytes()))
            .collect::<Result<_, _>>()?,
        envp: spec
            .env
            .iter()
            .map(|(k, v)| to_cstring(format!("{k}={v}").as_bytes()))
            .collect::<Result<_, _>>()?,
        private_root: in_pid_namespace,
        drop_to_user,
        memory_rlimit: !groups.has_memory(),
        process_rlimit: !groups.has_pids(),
    };

    let (out_read, out_write) = pipe()?;
    let (err_read, err_write) = pipe()?;
    let (failure_read, failure_write) = pipe()?;
    let (status_read, status_write) = pipe()?;
    let (sync_read, sync_write) = pipe()?;
    // SAFETY: F_SETPIPE_SZ on our own pipe; failure only leaves the default size.
    unsafe { libc::fcntl(out_read.as_raw_fd(), libc::F_SETPIPE_SZ, 1 << 20) };

    // SAFETY: the launcher is single-threaded, so the child may run arbitrary code until exec.
    let child = unsafe { libc::fork() };
    if child < 0 {
        return Err(os_error("fork"));
    }
    if child == 0 {
        drop((out_read, err_read, failure_read, status_read, sync_write));
        child_main(
            &plan,
            out_write.as_raw_fd(),
            err_write.as_raw_fd(),
            failure_write.as_raw_fd(),
            status_write.as_raw_fd(),
            sync_read.as_raw_fd(),
        );
    }
    drop((out_write, err_write, failure_write, status_write, sync_read));
    set_nonblocking(failure_read.as_raw_fd());
    set_nonblocking(status_read.as_raw_fd());
    // The program has its own copy of stdin (and of stdout when it writes there directly);
    // the launcher must not keep a pipe open after the program has gone.
    // SAFETY: closing our own standard descriptors, which nothing else here uses.
    unsafe {
        libc::close(0);
        if spec.stdout == StdoutMode::PassThrough {
            libc::close(1);
        }
    }

    groups.add(child);
    let start = Instant::now();
    let mut sync = File::from(sync_write);
    let _ = sync.write_all(b"g");
    drop(sync);

    let watch = watch(
        spec,
        child,
        &groups,
        in_pid_namespace,
        start,
        out_read,
        err_read,
    );
    let watch = watch?;

    // Whatever the program left behind goes now: the namespace died with the reaper; a
    // process that left the process group is still in the cgroup.
    // SAFETY: kill/killpg have no memory-safety preconditions.
    unsafe { libc::killpg(child, libc::SIGKILL) };
    groups.kill_all();

    let mut failure = String::new();
    let _ = io::Read::read_to_string(&mut File::from(failure_read), &mut failure);
    let mut raw_status = watch.reaped_status;
    if in_pid_namespace {
        let mut bytes = Vec::new();
        let _ = io::Read::read_to_end(&mut File::from(status_read), &mut bytes);
        raw_status = bytes
            .get(0..4)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    }

    let termination = if !failure.is_empty() {
        Termination::NotStarted
    } else {
        match raw_status {
            Some(status) if libc::WIFEXITED(status) => {
                Termination::Exited(libc::WEXITSTATUS(status))
            }
            Some(status) if libc::WIFSIGNALED(status) => {
                Termination::Signaled(libc::WTERMSIG(status))
            }
            // The reaper was killed before it could report (the launcher stopped the run).
            _ => Termination::Signaled(libc::SIGKILL),
        }
    };
    let usage = watch.rusage;
    let rusage_cpu_us = timeval_us(usage.ru_utime) + timeval_us(usage.ru_stime);
    let cgroup_cpu_us = groups.cpu_usage_ns().map_or(0, |ns| ns / 1000);
    let facts = RunFacts {
        termination,
        stopped_by: watch.stopped_by,
        cpu_time_us: rusage_cpu_us.max(cgroup_cpu_us).max(watch.last_cpu_us),
        wall_time_us: watch.wall.as_micros() as u64,
        peak_rss_kib: usage.ru_maxrss.max(0) as u64,
        cgroup_peak_kib: groups.memory_peak_bytes().map(|b| b / 1024),
        oom_killed: groups.oom_killed(),
        stdout_bytes: watch.stdout_bytes,
        stderr_bytes: watch.stderr_bytes,
        launch_error: (!failure.is_empty()).then(|| failure.trim().to_string()),
        protections,
    };
    groups.remove();
    Ok(facts)
}

fn timeval_us(time: libc::timeval) -> u64 {
    (time.tv_sec.max(0) as u64) * 1_000_000 + time.tv_usec.max(0) as u64
}

/// What the launcher saw while the program ran.
struct Watch {
    reaped_status: Option<i32>,
    rusage: libc::rusage,
    stopped_by: Option<StopReason>,
    wall: Duration,
    stdout_bytes: u64,
    stderr_bytes: u64,
    last_cpu_us: u64,
}

/// Runs the poll loop until `child` is reaped: copies output with caps, enforces CPU, wall and
/// output limits.
fn watch(
    spec: &RunSpec,
    child: libc::pid_t,
    groups: &RunGroups,
    in_pid_namespace: bool,
    start: Instant,
    out_read: OwnedFd,
    err_read: OwnedFd,
) -> Result<Watch, String> {
    let limits = spec.limits;
    let deadline = start + limits.wall_time;
    let cpu_limit_us = limits.cpu_time.as_micros() as u64;
    // SAFETY: pidfd_open takes a pid and flags.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, child, 0) } as RawFd;
    let pidfd = (pidfd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(pidfd) });

    let mut sinks = Sinks {
        stdout: match spec.stdout {
            // SAFETY: fd 1 is the launcher's stdout, given by the grader; we own it from here.
            StdoutMode::Capture => Some(unsafe { File::from_raw_fd(1) }),
            StdoutMode::PassThrough => None,
        },
        stderr: File::create(&spec.stderr_file).ok(),
        output_bytes: limits.output_bytes,
        stderr_bytes: limits.stderr_bytes,
    };
    set_nonblocking(out_read.as_raw_fd());
    set_nonblocking(err_read.as_raw_fd());
    let mut out_pipe = matches!(spec.stdout, StdoutMode::Capture).then_some(out_read);
    let mut err_pipe = Some(err_read);
    let mut buffer = vec![0u8; CHUNK];
    let mut watch = Watch {
        reaped_status: None,
        // SAFETY: rusage is plain data; all-zero is a valid value.
        rusage: unsafe { std::mem::zeroed() },
        stopped_by: None,
        wall: Duration::ZERO,
        stdout_bytes: 0,
        stderr_bytes: 0,
        last_cpu_us: 0,
    };
    let mut solution_pid: Option<libc::pid_t> = (!in_pid_namespace).then_some(child);
    let mut next_cpu_check = Instant::now();
    let kill = |reason: StopReason, watch: &mut Watch| {
        if watch.stopped_by.is_none() {
            watch.stopped_by = Some(reason);
        }
        // SAFETY: kill/killpg have no memory-safety preconditions.
        unsafe {
            libc::kill(child, libc::SIGKILL);
            libc::killpg(child, libc::SIGKILL);
        }
        groups.kill_all();
    };

    loop {
        let now = Instant::now();
        let timeout = deadline
            .saturating_duration_since(now)
            .min(POLL_INTERVAL)
            .max(Duration::from_millis(1));
        let mut fds: Vec<libc::pollfd> = Vec::with_capacity(3);
        for fd in [
            pidfd.as_ref().map(|f| f.as_raw_fd()),
            out_pipe.as_ref().map(|f| f.as_raw_fd()),
            err_pipe.as_ref().map(|f| f.as_raw_fd()),
        ]
        .into_iter()
        .flatten()
        {
            fds.push(libc::pollfd {
                fd,
                events: libc::POLLIN,
                revents: 0,
            });
        }
        // SAFETY: fds is a valid array of pollfd of the given length.
        unsafe {
            libc::poll(
                fds.as_mut_ptr(),
                fds.len() as libc::nfds_t,
                timeout.as_millis() as libc::c_int,
            )
        };

        if let Some(pipe) = &out_pipe {
            match drain(pipe.as_raw_fd(), &mut buffer, |chunk| {
                sinks.stdout(chunk, &mut watch.stdout_bytes)
            }) {
                PipeState::Open => {}
                PipeState::Closed => out_pipe = None,
                PipeState::OverLimit => kill(StopReason::OutputLimit, &mut watch),
            }
        }
        if let Some(pipe) = &err_pipe {
            let state = drain(pipe.as_raw_fd(), &mut buffer, |chunk| {
                sinks.stderr(chunk, &mut watch.stderr_bytes)
            });
            if state == PipeState::Closed {
                err_pipe = None;
            }
        }

        // Reaped yet? Without a pidfd this is a plain non-blocking wait every round.
        let mut status = 0;
        // SAFETY: status and rusage are valid out-pointers.
        let reaped = unsafe { libc::wait4(child, &mut status, libc::WNOHANG, &mut watch.rusage) };
        if reaped == child {
            watch.wall = start.elapsed();
            watch.reaped_status = Some(status);
            break;
        }
        if reaped < 0 {
            return Err(os_error("wait4"));
        }

        let now = Instant::now();
        if STOP_REQUESTED.load(std::sync::atomic::Ordering::SeqCst) {
            kill(StopReason::Requested, &mut watch);
        }
        if now >= deadline {
            kill(StopReason::WallTime, &mut watch);
        }
        if now >= next_cpu_check {
            next_cpu_check = now + POLL_INTERVAL;
            if solution_pid.is_none() && groups.cpu_usage_ns().is_none() {
                solution_pid = first_child_of(child);
            }
            let cpu_us = groups
                .cpu_usage_ns()
                .map(|ns| ns / 1000)
                .or_else(|| solution_pid.and_then(process_cpu_us))
                .unwrap_or(0);
            watch.last_cpu_us = watch.last_cpu_us.max(cpu_us);
            if cpu_us > cpu_limit_us {
                kill(StopReason::CpuTime, &mut watch);
            }
        }
    }
    // The program is gone: take what is left in the pipes without waiting for an end of file
    // that a stray process holding them open might never give.
    if let Some(pipe) = &out_pipe {
        let over = drain(pipe.as_raw_fd(), &mut buffer, |chunk| {
            sinks.stdout(chunk, &mut watch.stdout_bytes)
        });
        if over == PipeState::OverLimit && watch.stopped_by.is_none() {
            watch.stopped_by = Some(StopReason::OutputLimit);
        }
    }
    if let Some(pipe) = &err_pipe {
        drain(pipe.as_raw_fd(), &mut buffer, |chunk| {
            sinks.stderr(chunk, &mut watch.stderr_bytes)
        });
    }
    if let Some(sink) = sinks.stdout {
        // Keep fd 1 open for the process's lifetime: it is the launcher's own stdout.
        std::mem::forget(sink);
    }
    Ok(watch)
}

/// Where the program's output goes, with the caps.
struct Sinks {
    stdout: Option<File>,
    stderr: Option<File>,
    output_bytes: u64,
    stderr_bytes: u64,
}

impl Sinks {
    /// Keeps a chunk of standard output up to the output limit; true when it went over.
    fn stdout(&mut self, chunk: &[u8], written: &mut u64) -> bool {
        let keep = (chunk.len() as u64).min(self.output_bytes.saturating_sub(*written)) as usize;
        if let Some(sink) = self.stdout.as_mut() {
            let _ = sink.write_all(&chunk[..keep]);
        }
        *written += keep as u64;
        keep < chunk.len()
    }

    /// Keeps the first bytes of standard error and counts the rest; never over a limit.
    fn stderr(&mut self, chunk: &[u8], written: &mut u64) -> bool {
        let keep = (chunk.len() as u64).min(self.stderr_bytes.saturating_sub(*written)) as usize;
        if let Some(sink) = self.stderr.as_mut() {
            let _ = sink.write_all(&chunk[..keep]);
        }
        *written += chunk.len() as u64;
        false
    }
}

#[derive(Debug, PartialEq, Eq)]
enum PipeState {
    Open,
    Closed,
    OverLimit,
}

/// Reads everything available now from a non-blocking pipe, handing each chunk to `take`,
/// which returns true when the chunk went over a limit.
fn drain(fd: RawFd, buffer: &mut [u8], mut take: impl FnMut(&[u8]) -> bool) -> PipeState {
    loop {
        // SAFETY: buffer is valid for buffer.len() bytes.
        let read = unsafe { libc::read(fd, buffer.as_mut_ptr().cast(), buffer.len()) };
        if read == 0 {
            return PipeState::Closed;
        }
        if read < 0 {
            let error = io::Error::last_os_error();
            return match error.kind() {
                io::ErrorKind::Interrupted => continue,
                io::ErrorKind::WouldBlock => PipeState::Open,
                _ => PipeState::Closed,
            };
        }
        if take(&buffer[..read as usize]) {
            return PipeState::OverLimit;
        }
    }
}

/// User + system CPU time of one process (all its threads), from /proc, microseconds.
fn process_cpu_us(pid: libc::pid_t) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name, which is in parentheses and may contain spaces.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Some(ticks * 1_000_000 / per_second)
}

/// The first child of `pid` (the solution under the reaper), from /proc.
fn first_child_of(pid: libc::pid_t) -> Option<libc::pid_t> {
    std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"))
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Writes a failure message for the launcher and ends the child.
fn fail(failure_fd: RawFd, message: &str) -> ! {
    // SAFETY: writing a valid buffer to a descriptor we own, then leaving without unwinding.
    unsafe {
        libc::write(failure_fd, message.as_ptr().cast(), message.len());
        libc::_exit(127)
    }
}

/// The forked child: becomes the reaper (with a pid namespace) or the solution itself.
fn child_main(
    plan: &ChildPlan,
    out_write: RawFd,
    err_write: RawFd,
    failure_write: RawFd,
    status_write: RawFd,
    sync_read: RawFd,
) -> ! {
    // Wait until the launcher has moved us into the cgroups.
    let mut byte = [0u8; 1];
    // SAFETY: reading one byte into a valid buffer.
    unsafe { libc::read(sync_read, byte.as_mut_ptr().cast(), 1) };
    // SAFETY: prctl with integer arguments; the reaper dies with the launcher.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) };

    if plan.private_root {
        if let Err(message) = isolate::unshare_child_namespaces().and_then(|_| {
            isolate::enter_private_root(
                &plan.spec.root_mount,
                &plan.spec.workdir,
                plan.spec.limits.memory_bytes,
                &plan.spec.isolation.read_only_paths,
            )
        }) {
            fail(failure_write, &format!("sandbox setup failed: {message}"));
        }
        // SAFETY: single-threaded; the grandchild runs the solution.
        let solution = unsafe { libc::fork() };
        if solution < 0 {
            fail(failure_write, "sandbox setup failed: fork");
        }
        if solution == 0 {
            exec_solution(plan, out_write, err_write, failure_write);
        }
        reap(solution, status_write);
    }
    if let Err(message) = std::env::set_current_dir(&plan.spec.workdir) {
        fail(
            failure_write,
            &format!("cannot enter the work folder: {message}"),
        );
    }
    exec_solution(plan, out_write, err_write, failure_write)
}

/// The reaper's loop: reaps every process of the namespace until the solution is reaped,
/// then reports its status and exits (which ends the namespace).
fn reap(solution: libc::pid_t, status_write: RawFd) -> ! {
    loop {
        let mut status = 0;
        // SAFETY: status is a valid out-pointer.
        let pid = unsafe { libc::waitpid(-1, &mut status, 0) };
        if pid == solution {
            let bytes = status.to_le_bytes();
            // SAFETY: writing 4 valid bytes, then leaving without unwinding.
            unsafe {
                libc::write(status_write, bytes.as_ptr().cast(), 4);
                libc::_exit(0)
            }
        }
        if pid < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            // SAFETY: leaving without unwinding.
            unsafe { libc::_exit(1) }
        }
    }
}

fn set_rlimit(resource: libc::__rlimit_resource_t, soft: u64, hard: u64) {
    let limit = libc::rlimit {
        rlim_cur: soft,
        rlim_max: hard,
    };
    // SAFETY: limit is a valid rlimit.
    unsafe { libc::setrlimit(resource, &limit) };
}

/// The solution's process: own process group, rlimits, unprivileged user, then exec.
fn exec_solution(plan: &ChildPlan, out_write: RawFd, err_write: RawFd, failure_write: RawFd) -> ! {
    let limits = plan.spec.limits;
    // SAFETY: descriptor and process-attribute system calls with valid arguments.
    unsafe {
        if plan.spec.stdout == StdoutMode::Capture {
            libc::dup2(out_write, 1);
        }
        libc::dup2(err_write, 2);
        libc::setpgid(0, 0);
    }
    // CPU backstop (whole seconds): the launcher's polling normally stops the run first.
    let cpu_seconds = limits.cpu_time.as_secs() + 1;
    set_rlimit(libc::RLIMIT_CPU, cpu_seconds, cpu_seconds + 1);
    // Deep recursion works up to the memory limit, as on Baekjoon.
    set_rlimit(libc::RLIMIT_STACK, limits.memory_bytes, limits.memory_bytes);
    set_rlimit(libc::RLIMIT_CORE, 0, 0);
    // Files the program writes (in /tmp or its folder) are capped like its output.
    set_rlimit(libc::RLIMIT_FSIZE, limits.output_bytes, limits.output_bytes);
    set_rlimit(libc::RLIMIT_NOFILE, 256, 256);
    if plan.memory_rlimit {
        // Without a memory cgroup: twice the limit contains the program, yet lets it grow past
        // the limit, so that its measured peak (not a failed allocation halfway, as when a
        // vector reallocates) decides MLE.
        let ceiling = limits.memory_bytes.saturating_mul(2);
        set_rlimit(libc::RLIMIT_DATA, ceiling, ceiling);
    }
    if plan.process_rlimit {
        // Without a pids cgroup. RLIMIT_NPROC counts every process of the user, and runs in
        // parallel share the unprivileged user, so leave room for a few of them.
        let count = u64::from(limits.max_processes) * if plan.drop_to_user { 8 } else { 1 };
        set_rlimit(libc::RLIMIT_NPROC, count, count);
    }
    if plan.drop_to_user {
        if let Err(message) = isolate::drop_privileges(
            plan.spec.isolation.run_as_uid,
            plan.spec.isolation.run_as_gid,
        ) {
            fail(failure_write, &format!("sandbox setup failed: {message}"));
        }
    }
    // SAFETY: prctl and signal calls with valid arguments; the exec'd program gets default
    // signal dispositions and an empty mask (Rust ignores SIGPIPE in its own processes).
    unsafe {
        libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        let mut empty: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut empty);
        libc::sigprocmask(libc::SIG_SETMASK, &empty, std::ptr::null_mut());
    }
    let mut argv: Vec<*const libc::c_char> = plan.argv.iter().map(|a| a.as_ptr()).collect();
    argv.push(std::ptr::null());
    let mut envp: Vec<*const libc::c_char> = plan.envp.iter().map(|e| e.as_ptr()).collect();
    envp.push(std::ptr::null());
    // A fresh copy of the program may be briefly "busy": another worker thread of the grader
    // that forks at the moment the copy is written holds its write descriptor until that child
    // execs (ETXTBSY). The window is short, so try again for up to about 200 ms.
    let mut error = io::Error::from_raw_os_error(libc::ETXTBSY);
    for _ in 0..100 {
        // SAFETY: program, argv and envp are valid NUL-terminated arrays of C strings.
        unsafe { libc::execve(plan.program.as_ptr(), argv.as_ptr(), envp.as_ptr()) };
        error = io::Error::last_os_error();
        if error.raw_os_error() != Some(libc::ETXTBSY) {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    fail(
        failure_write,
        &format!("cannot execute {}: {error}", plan.program.to_string_lossy()),
    )
}
