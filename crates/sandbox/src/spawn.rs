//! Starting a solution inside the sandbox the way `posix_spawn` does: a child that shares the
//! keeper's memory and runs on its own stack until `execve` (`CLONE_VM | CLONE_VFORK`), which
//! skips copying the keeper's page tables (most of what a `fork` cost here). Until `execve` the
//! child only makes system calls on data prepared beforehand: descriptors 0-2 and no others,
//! its own process group, OOM score, rlimits, the unprivileged user, `no_new_privs`, default
//! signals. A failure before `execve` comes back as a 5-byte record on a pipe.

use std::ffi::CString;
use std::io;
use std::os::fd::RawFd;
use std::os::unix::ffi::OsStrExt;

use super::{RunRequest, StartFailure};

/// How every program of a session starts, decided by the launcher once per session.
#[derive(Debug, Clone, Copy)]
pub struct SpawnRules {
    /// Run programs as this uid and gid (when the grader is root).
    pub drop_to: Option<(u32, u32)>,
    /// No memory cgroup: fall back to `RLIMIT_DATA`.
    pub memory_rlimit: bool,
    /// No pids cgroup: fall back to `RLIMIT_NPROC`.
    pub process_rlimit: bool,
}

/// Everything the child needs, prepared before it is cloned: it shares the keeper's memory
/// until it calls `execve`, so it must not allocate, and only makes system calls.
pub struct Launch {
    program: CString,
    /// Keep the strings that `argv` and `envp` point into alive.
    _args: Vec<CString>,
    _env: Vec<CString>,
    argv: Vec<*const libc::c_char>,
    envp: Vec<*const libc::c_char>,
    limits: crate::Limits,
    /// The largest file the program may write.
    file_size_bytes: u64,
    memory_rlimit: bool,
    process_rlimit: bool,
    drop_to: Option<(u32, u32)>,
}

impl Launch {
    pub fn new(rules: SpawnRules, request: &RunRequest) -> Result<Launch, String> {
        let to_cstring = |text: &[u8]| {
            CString::new(text)
                .map_err(|_| "argument or environment contains a NUL byte".to_string())
        };
        let args = request
            .args
            .iter()
            .map(|a| to_cstring(a.as_bytes()))
            .collect::<Result<Vec<_>, _>>()?;
        let env = request
            .env
            .iter()
            .map(|(k, v)| to_cstring(format!("{k}={v}").as_bytes()))
            .collect::<Result<Vec<_>, _>>()?;
        let pointers = |strings: &[CString]| {
            let mut list: Vec<*const libc::c_char> = strings.iter().map(|s| s.as_ptr()).collect();
            list.push(std::ptr::null());
            list
        };
        Ok(Launch {
            program: to_cstring(request.program.as_os_str().as_bytes())?,
            argv: pointers(&args),
            envp: pointers(&env),
            _args: args,
            _env: env,
            limits: request.limits,
            file_size_bytes: request
                .file_size_bytes
                .unwrap_or(request.limits.output_bytes),
            memory_rlimit: rules.memory_rlimit,
            process_rlimit: rules.process_rlimit,
            drop_to: rules.drop_to,
        })
    }
}

/// What the cloned child gets: the launch and the descriptors it turns into 0, 1, 2.
pub struct Child<'a> {
    pub launch: &'a Launch,
    pub fds: [RawFd; 3],
    pub failure_write: RawFd,
}

/// Without a memory cgroup: address space allowed beyond twice the memory limit.
const UNTOUCHED_ROOM: u64 = 1 << 30;

/// Size of the stack the child runs on until `execve`.
const CHILD_STACK: usize = 64 * 1024;

/// The stack children run on until `execve`, made once per keeper: a child is done with it
/// (it has exec'd or ended) when `spawn` returns, so the next child may reuse it.
pub struct ChildStack(Vec<u8>);

impl ChildStack {
    pub fn new() -> ChildStack {
        ChildStack(vec![0u8; CHILD_STACK])
    }
}

impl Default for ChildStack {
    fn default() -> Self {
        Self::new()
    }
}

/// Starts the solution the way `posix_spawn` does: a child that shares the keeper's memory and
/// runs on its own stack until `execve`, while the keeper waits (`CLONE_VM | CLONE_VFORK`).
/// This skips copying the keeper's page tables, which is most of what a `fork` costs here.
pub fn spawn(child: &Child, stack: &mut ChildStack) -> io::Result<libc::pid_t> {
    let stack = &mut stack.0;
    // SAFETY: the stack pointer is the (16-byte aligned) top of a buffer that outlives the
    // child's use of it (the keeper is suspended until the child execs or exits); the entry
    // point only reads `child`, which also outlives that, and makes system calls.
    let pid = unsafe {
        let top = stack.as_mut_ptr().add(CHILD_STACK);
        let top = top.sub(top as usize % 16);
        libc::clone(
            child_entry,
            top.cast(),
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            (child as *const Child).cast_mut().cast(),
        )
    };
    if pid < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(pid)
}

/// The steps of the child that can fail, as reported through the failure pipe.
#[derive(Clone, Copy)]
#[repr(u8)]
enum Step {
    DropPrivileges = 1,
    Execute = 2,
}

/// Reports a failed step (one byte and the errno) and ends the child.
fn fail(failure_fd: RawFd, step: Step, errno: i32) -> ! {
    let mut record = [0u8; 5];
    record[0] = step as u8;
    record[1..].copy_from_slice(&errno.to_le_bytes());
    // SAFETY: writing a valid buffer to a descriptor we own, then leaving without unwinding.
    unsafe {
        libc::write(failure_fd, record.as_ptr().cast(), record.len());
        libc::_exit(127)
    }
}

/// What a failure record from the child says (`None` when there was none).
pub fn failure_of(record: &[u8], program: &str) -> Option<StartFailure> {
    let (&step, errno) = record.split_first()?;
    let errno = errno
        .get(..4)
        .map_or(0, |b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    let error = io::Error::from_raw_os_error(errno);
    Some(if step == Step::DropPrivileges as u8 {
        StartFailure::Sandbox(format!("cannot drop privileges: {error}"))
    } else {
        StartFailure::Program(format!("cannot execute {program}: {error}"))
    })
}

fn errno() -> i32 {
    io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

fn set_rlimit(resource: libc::__rlimit_resource_t, soft: u64, hard: u64) {
    let limit = libc::rlimit {
        rlim_cur: soft,
        rlim_max: hard,
    };
    // SAFETY: limit is a valid rlimit.
    unsafe { libc::setrlimit(resource, &limit) };
}

/// Marks every descriptor from `first` on close-on-exec, so the program starts with 0, 1 and 2
/// only, whatever the grader's own caller left open (a job server's pipes, say). Descriptors
/// stay usable until `execve` (the failure pipe is written after this).
fn mark_close_on_exec_from(first: u32) {
    const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;
    // SAFETY: close_range with integer arguments; it only changes descriptor flags.
    let marked =
        unsafe { libc::syscall(libc::SYS_close_range, first, u32::MAX, CLOSE_RANGE_CLOEXEC) } == 0;
    if !marked {
        // Kernels before 5.11: every descriptor up to the limit of open files, one by one.
        // SAFETY: sysconf has no preconditions; fcntl on any number is harmless.
        let highest = unsafe { libc::sysconf(libc::_SC_OPEN_MAX) }.clamp(0, 65536) as i32;
        for fd in first as i32..highest {
            // SAFETY: as above.
            unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
        }
    }
}

/// The solution's process until `execve`: its descriptors, own process group, rlimits,
/// unprivileged user. Only system calls on prepared data: no allocation, no locks.
extern "C" fn child_entry(argument: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `spawn` passes a valid `Child` that outlives this function.
    let child = unsafe { &*(argument as *const Child) };
    let launch = child.launch;
    let limits = launch.limits;
    let [stdin, stdout, stderr] = child.fds;
    // SAFETY: descriptor and process-attribute system calls with valid arguments. The received
    // descriptors are all above 2, so no dup2 overwrites another's source.
    unsafe {
        libc::dup2(stdin, 0);
        libc::dup2(stdout, 1);
        libc::dup2(stderr, 2);
        mark_close_on_exec_from(3);
        libc::setpgid(0, 0);
        // The OOM killer must pick the solution's processes before the keeper, which shares
        // their memory cgroup and may be the largest of them (a fork bomb's processes are
        // tiny). Lowering the keeper's score needs CAP_SYS_RESOURCE, which root lacks on some
        // machines; raising one's own score needs nothing. A vfork child's score is its own:
        // the keeper's stays as it was.
        let adjust = libc::open(
            c"/proc/self/oom_score_adj".as_ptr(),
            libc::O_WRONLY | libc::O_CLOEXEC,
        );
        if adjust >= 0 {
            libc::write(adjust, b"1000".as_ptr().cast(), 4);
            libc::close(adjust);
        }
    }
    // CPU backstop (whole seconds), for a launcher that could not stop the run: the launcher
    // polls the precise count and stops the run at the limit. The kernel checks this limit
    // against CPU time sampled at each timer tick, which, under load, can run well ahead of the
    // precise count (a program that waits for its interactor at each move was sent SIGXCPU
    // at 16 s of sampled time with 13.9 s counted), so it lies at twice the limit.
    let cpu_seconds = limits.cpu_time.as_secs().saturating_mul(2) + 2;
    set_rlimit(libc::RLIMIT_CPU, cpu_seconds, cpu_seconds + 1);
    // Deep recursion works up to the memory limit, as on Baekjoon.
    set_rlimit(libc::RLIMIT_STACK, limits.memory_bytes, limits.memory_bytes);
    set_rlimit(libc::RLIMIT_CORE, 0, 0);
    // Files the program writes (in /tmp or its folder) are capped like its output, or as the
    // request says (a compiler writes a program, not an answer).
    set_rlimit(
        libc::RLIMIT_FSIZE,
        launch.file_size_bytes,
        launch.file_size_bytes,
    );
    set_rlimit(libc::RLIMIT_NOFILE, 256, 256);
    if launch.memory_rlimit {
        // Without a memory cgroup the ceiling only contains the program; its measured peak
        // decides MLE. Twice the limit lets it grow past the limit (rather than fail an
        // allocation halfway, as when a vector reallocates), and 1 GiB more leaves room for
        // address space that is reserved but never touched, which costs nothing on Baekjoon:
        // a static array of 837 MB under a 32 MiB limit must start (an execve that cannot map
        // it ends in SIGSEGV) and be judged by the pages it touches.
        let ceiling = limits
            .memory_bytes
            .saturating_mul(2)
            .saturating_add(UNTOUCHED_ROOM);
        set_rlimit(libc::RLIMIT_DATA, ceiling, ceiling);
    }
    if launch.process_rlimit {
        // Without a pids cgroup. RLIMIT_NPROC counts every process of the user, and runs in
        // parallel share the unprivileged user, so leave room for a few of them.
        let count = u64::from(limits.max_processes) * if launch.drop_to.is_some() { 8 } else { 1 };
        set_rlimit(libc::RLIMIT_NPROC, count, count);
    }
    if let Some((uid, gid)) = launch.drop_to {
        // Raw system calls: the C library's wrappers would consult its thread list, which
        // belongs to the keeper.
        // SAFETY: credential system calls with integer arguments (and an empty group list).
        let dropped = unsafe {
            libc::syscall(libc::SYS_setgroups, 0, std::ptr::null::<libc::gid_t>()) == 0
                && libc::syscall(libc::SYS_setgid, gid) == 0
                && libc::syscall(libc::SYS_setuid, uid) == 0
        };
        if !dropped {
            fail(child.failure_write, Step::DropPrivileges, errno());
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
    // A fresh copy of the program may be briefly "busy": another worker thread of the grader
    // that forks at the moment the copy is written holds its write descriptor until that child
    // execs (ETXTBSY). The window is short, so try again for up to about 200 ms.
    let mut error = libc::ETXTBSY;
    for _ in 0..100 {
        // SAFETY: program, argv and envp are valid NUL-terminated arrays of C strings.
        unsafe {
            libc::execve(
                launch.program.as_ptr(),
                launch.argv.as_ptr(),
                launch.envp.as_ptr(),
            )
        };
        error = errno();
        if error != libc::ETXTBSY {
            break;
        }
        let pause = libc::timespec {
            tv_sec: 0,
            tv_nsec: 2_000_000,
        };
        // SAFETY: a valid timespec; the remainder is not wanted.
        unsafe { libc::nanosleep(&pause, std::ptr::null_mut()) };
    }
    fail(child.failure_write, Step::Execute, error)
}
