//! The namespaces and private root solutions run in. These functions run in the keeper (the
//! launcher's single-threaded child, which builds the private root once per session and gives
//! every run a fresh `/tmp` and `/dev/shm`), or in the launcher itself before it forks.

use std::ffi::CString;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// Folders of the host shown read-only at the same path inside the private root.
const SYSTEM_DIRS: &[&str] = &[
    "usr", "etc", "bin", "sbin", "lib", "lib32", "lib64", "libx32",
];
/// Device files shown inside the private root.
const DEVICES: &[&str] = &["null", "zero", "full", "random", "urandom"];

/// Whether the private root shows `path` (at the same path): it is in a system folder or in
/// one of `extra_read_only`.
pub fn shows(path: &Path, extra_read_only: &[std::path::PathBuf]) -> bool {
    SYSTEM_DIRS
        .iter()
        .any(|name| path.starts_with(Path::new("/").join(name)))
        || extra_read_only.iter().any(|dir| path.starts_with(dir))
}

fn cstring(path: &Path) -> io::Result<CString> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "path contains a NUL byte"))
}

fn check(result: libc::c_int, what: &str) -> Result<(), String> {
    if result == 0 {
        Ok(())
    } else {
        Err(format!("{what}: {}", io::Error::last_os_error()))
    }
}

fn mount(
    source: Option<&Path>,
    target: &Path,
    fstype: Option<&str>,
    flags: libc::c_ulong,
    data: Option<&str>,
) -> Result<(), String> {
    let what = format!("mount {}", target.display());
    let source = source.map(cstring).transpose().map_err(|e| e.to_string())?;
    let target_c = cstring(target).map_err(|e| e.to_string())?;
    let fstype = fstype.map(|t| CString::new(t).unwrap_or_default());
    let data = data.map(|d| CString::new(d).unwrap_or_default());
    // SAFETY: all pointers are valid NUL-terminated strings or null, as mount(2) expects.
    let result = unsafe {
        libc::mount(
            source.as_ref().map_or(std::ptr::null(), |s| s.as_ptr()),
            target_c.as_ptr(),
            fstype.as_ref().map_or(std::ptr::null(), |s| s.as_ptr()),
            flags,
            data.as_ref()
                .map_or(std::ptr::null(), |s| s.as_ptr().cast()),
        )
    };
    check(result, &what)
}

/// Binds `source` at `target` read-only (and without set-uid or devices).
fn bind_read_only(source: &Path, target: &Path) -> Result<(), String> {
    mount(
        Some(source),
        target,
        None,
        libc::MS_BIND | libc::MS_REC,
        None,
    )?;
    mount(
        None,
        target,
        None,
        libc::MS_BIND | libc::MS_REMOUNT | libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV,
        None,
    )
}

/// Binds `source` at `target` writable (but without set-uid or devices).
fn bind_writable(source: &Path, target: &Path) -> Result<(), String> {
    mount(Some(source), target, None, libc::MS_BIND, None)?;
    mount(
        None,
        target,
        None,
        libc::MS_BIND | libc::MS_REMOUNT | libc::MS_NOSUID | libc::MS_NODEV,
        None,
    )
}

/// The host name (and NIS domain name) programs see: the machine's tells a run nothing it
/// needs, and names the host.
pub const HOST_NAME: &str = "judge";

/// Creates the new namespaces that the child may create itself: mount, network, IPC, UTS,
/// and names the new UTS namespace's host [`HOST_NAME`]. (The pid namespace, and the user
/// namespace when not root, are made by the launcher before it forks, so the child is the
/// first process of the new pid namespace.)
pub fn unshare_child_namespaces() -> Result<(), String> {
    // SAFETY: unshare has no memory-safety preconditions.
    let result = unsafe {
        libc::unshare(
            libc::CLONE_NEWNS | libc::CLONE_NEWNET | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS,
        )
    };
    check(result, "unshare")?;
    // SAFETY: a pointer to HOST_NAME's bytes with their length.
    check(
        unsafe { libc::sethostname(HOST_NAME.as_ptr().cast(), HOST_NAME.len()) },
        "sethostname",
    )?;
    // SAFETY: as above.
    check(
        unsafe { libc::setdomainname(HOST_NAME.as_ptr().cast(), HOST_NAME.len()) },
        "setdomainname",
    )
}

/// The System V IPC objects of the current IPC namespace, as `/proc/sysvipc` lists them:
/// shared-memory segments, semaphore sets and message queues, by id.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct IpcObjects {
    pub shared_memory: Vec<libc::c_int>,
    pub semaphores: Vec<libc::c_int>,
    pub message_queues: Vec<libc::c_int>,
}

impl IpcObjects {
    /// Reads the lists (the second column of each file is the object's id). A list that
    /// cannot be read is empty: without System V IPC there is nothing to remove.
    pub fn listed() -> IpcObjects {
        let ids = |file: &str| -> Vec<libc::c_int> {
            std::fs::read_to_string(Path::new("/proc/sysvipc").join(file))
                .map(|text| ids_in_sysvipc_listing(&text))
                .unwrap_or_default()
        };
        IpcObjects {
            shared_memory: ids("shm"),
            semaphores: ids("sem"),
            message_queues: ids("msg"),
        }
    }

    /// Removes every object listed. A shared-memory segment that no process has attached (the
    /// run's processes are gone) is freed at once, so its pages are no longer charged to the
    /// session's memory group when the next run starts.
    pub fn remove(&self) {
        for &id in &self.shared_memory {
            // SAFETY: IPC_RMID reads no buffer; a null pointer is allowed.
            unsafe { libc::shmctl(id, libc::IPC_RMID, std::ptr::null_mut()) };
        }
        for &id in &self.semaphores {
            // SAFETY: IPC_RMID takes no fourth argument.
            unsafe { libc::semctl(id, 0, libc::IPC_RMID) };
        }
        for &id in &self.message_queues {
            // SAFETY: IPC_RMID reads no buffer; a null pointer is allowed.
            unsafe { libc::msgctl(id, libc::IPC_RMID, std::ptr::null_mut()) };
        }
    }
}

/// The ids in a `/proc/sysvipc/{shm,sem,msg}` listing: a header line, then one object a line
/// with its key first and its id second.
fn ids_in_sysvipc_listing(text: &str) -> Vec<libc::c_int> {
    text.lines()
        .skip(1)
        .filter_map(|line| line.split_whitespace().nth(1)?.parse().ok())
        .collect()
}

/// Ends what a run left in its IPC namespace: removes the System V objects it made (at once,
/// see [`IpcObjects::remove`]), then moves the keeper, and so every later run, into a new IPC
/// namespace, where no POSIX message queue or System V object of an earlier run exists (the
/// old namespace goes when its last process, the keeper, has left it).
fn fresh_ipc_namespace() -> Result<(), String> {
    IpcObjects::listed().remove();
    // SAFETY: unshare has no memory-safety preconditions; the keeper is single-threaded.
    check(unsafe { libc::unshare(libc::CLONE_NEWIPC) }, "unshare IPC")
}

/// Whether Unix sockets are open in the current network namespace, from `/proc/net/unix`
/// (the slow way: the kernel walks its socket table for each read).
fn unix_sockets_listed() -> bool {
    let listed = std::fs::read_to_string("/proc/net/unix").unwrap_or_default();
    // A header line, then one socket a line.
    !listed.lines().skip(1).all(|line| line.trim().is_empty())
}

/// What a run may leave behind in the keeper's IPC and network namespaces for the next run,
/// watched through descriptors opened once per namespace, so that a run that left nothing
/// costs a few reads, not new namespaces (a new IPC namespace took 73 µs here, reading
/// `/proc/net/unix` 25 µs):
/// - System V objects: `/proc/sysvipc/{shm,sem,msg}` list them;
/// - POSIX message queues: the namespace's queue file system, mounted nowhere (only this
///   descriptor reaches it), lists them;
/// - sockets (a Unix socket left "in flight", sent over a socket in a cycle that no process
///   can receive, stays until the kernel's collector of such cycles finds it: long enough for
///   the next run to connect to its abstract name): `/proc/net/sockstat` counts the sockets
///   of the namespace.
///
/// What cannot be watched is taken as left: then every run gets a fresh namespace, as before.
pub struct NamespaceWatch {
    sysvipc: Option<[std::fs::File; 3]>,
    queues: Option<OwnedFd>,
    sockstat: Option<std::fs::File>,
}

impl NamespaceWatch {
    /// Watches the keeper's current namespaces.
    pub fn open() -> NamespaceWatch {
        NamespaceWatch {
            sysvipc: open_sysvipc(),
            queues: open_queue_root(),
            sockstat: std::fs::File::open(SOCKSTAT).ok(),
        }
    }

    /// Gives the next run namespaces with nothing of the last run in them: a new IPC namespace
    /// when the last run left a System V object or a message queue, a new network namespace
    /// when a socket of it is still open (a new one is costly: made only then).
    pub fn refresh(&mut self) -> Result<(), String> {
        if self.ipc_left() {
            // The old namespace's lists and queue file system must not keep it alive.
            self.sysvipc = None;
            self.queues = None;
            fresh_ipc_namespace()?;
            self.sysvipc = open_sysvipc();
            self.queues = open_queue_root();
        }
        if self.sockets_left() {
            self.sockstat = None;
            // SAFETY: unshare has no memory-safety preconditions; the keeper is single-threaded.
            check(
                unsafe { libc::unshare(libc::CLONE_NEWNET) },
                "unshare network",
            )?;
            self.sockstat = std::fs::File::open(SOCKSTAT).ok();
        }
        Ok(())
    }

    /// Whether a System V object or a POSIX message queue is in the IPC namespace (or they
    /// cannot be watched).
    fn ipc_left(&self) -> bool {
        let (Some(lists), Some(queues)) = (&self.sysvipc, &self.queues) else {
            return true;
        };
        // A header line, then one object a line (the first page tells whether any is there).
        lists.iter().any(|list| {
            super::read_small_file(list).map_or(true, |text| {
                text.lines().skip(1).any(|l| !l.trim().is_empty())
            })
        }) || directory_has_entries(queues)
    }

    /// Whether a socket is open in the network namespace.
    fn sockets_left(&self) -> bool {
        let used = self
            .sockstat
            .as_ref()
            .and_then(super::read_small_file)
            .and_then(|text| sockets_used(&text));
        match used {
            Some(count) => count > 0,
            None => unix_sockets_listed(),
        }
    }
}

/// The socket counts of the calling thread's network namespace (the keeper has one thread).
const SOCKSTAT: &str = "/proc/thread-self/net/sockstat";

/// The count of sockets in use in a `/proc/net/sockstat` text (its `sockets: used N` line).
fn sockets_used(sockstat: &str) -> Option<u64> {
    sockstat
        .lines()
        .find_map(|line| line.strip_prefix("sockets: used "))
        .and_then(|count| count.trim().parse().ok())
}

/// The System V lists of the current IPC namespace (`None` when one cannot be opened).
fn open_sysvipc() -> Option<[std::fs::File; 3]> {
    let open = |name: &str| std::fs::File::open(Path::new("/proc/sysvipc").join(name)).ok();
    Some([open("shm")?, open("sem")?, open("msg")?])
}

/// The root of the current IPC namespace's POSIX message queue file system, mounted nowhere:
/// a new mount of it made with the mount API (Linux 5.2) and opened as a folder.
fn open_queue_root() -> Option<OwnedFd> {
    const FSOPEN_CLOEXEC: libc::c_uint = 1;
    const FSCONFIG_CMD_CREATE: libc::c_uint = 6;
    const FSMOUNT_CLOEXEC: libc::c_uint = 1;
    let owned = |fd: libc::c_long| {
        // SAFETY: a fresh descriptor that nothing else owns.
        (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
    };
    // SAFETY: fsopen takes a NUL-terminated name and flags.
    let context =
        owned(unsafe { libc::syscall(libc::SYS_fsopen, c"mqueue".as_ptr(), FSOPEN_CLOEXEC) })?;
    // SAFETY: fsconfig's create command takes no key or value.
    let created = unsafe {
        libc::syscall(
            libc::SYS_fsconfig,
            context.as_raw_fd(),
            FSCONFIG_CMD_CREATE,
            std::ptr::null::<libc::c_char>(),
            std::ptr::null::<libc::c_void>(),
            0,
        )
    };
    if created != 0 {
        return None;
    }
    // SAFETY: fsmount on the configured context, with flags.
    let mounted = owned(unsafe {
        libc::syscall(libc::SYS_fsmount, context.as_raw_fd(), FSMOUNT_CLOEXEC, 0)
    })?;
    // SAFETY: a valid descriptor and a NUL-terminated relative path.
    let root = unsafe {
        libc::openat(
            mounted.as_raw_fd(),
            c".".as_ptr(),
            libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC,
        )
    };
    owned(root as libc::c_long)
}

/// Whether the folder open at `dir` has an entry besides `.` and `..` (read from its start).
fn directory_has_entries(dir: &OwnedFd) -> bool {
    // Entries of getdents64: inode (8 bytes), offset (8), record length (2), type (1), name.
    let mut buffer = [0u64; 128];
    // SAFETY: lseek on a folder we own.
    if unsafe { libc::lseek(dir.as_raw_fd(), 0, libc::SEEK_SET) } != 0 {
        return true;
    }
    // SAFETY: the buffer is valid (and 8-byte aligned) for its length in bytes.
    let read = unsafe {
        libc::syscall(
            libc::SYS_getdents64,
            dir.as_raw_fd(),
            buffer.as_mut_ptr(),
            std::mem::size_of_val(&buffer),
        )
    };
    if read < 0 {
        return true;
    }
    // SAFETY: reinterpreting the u64 buffer as its bytes.
    let bytes: &[u8] = unsafe {
        std::slice::from_raw_parts(buffer.as_ptr().cast(), std::mem::size_of_val(&buffer))
    };
    names_in_dirents(&bytes[..read as usize]).any(|name| name != b"." && name != b"..")
}

/// The names in a `getdents64` buffer.
fn names_in_dirents(mut bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    std::iter::from_fn(move || {
        let length = usize::from(u16::from_ne_bytes([*bytes.get(16)?, *bytes.get(17)?]));
        if length < 19 || length > bytes.len() {
            return None;
        }
        let (record, rest) = bytes.split_at(length);
        bytes = rest;
        let name = &record[19..];
        Some(&name[..name.iter().position(|&b| b == 0).unwrap_or(name.len())])
    })
}

/// Overwrites this process's command line (`/proc/self/cmdline`, which any process of the
/// namespace may read as `/proc/1/cmdline`) with `name`: the launcher's arguments carry the
/// session's JSON, with the host's paths and the uid settings. The argument strings are
/// rewritten in place through `/proc/self/mem`; the last byte of their area is made non-zero,
/// which makes the kernel show only the first string (as `setproctitle` relies on).
pub fn hide_command_line(name: &str) -> Result<(), String> {
    use std::os::unix::fs::FileExt;
    let stat = std::fs::read_to_string("/proc/self/stat").map_err(|e| format!("stat: {e}"))?;
    let (start, end) = argument_area(&stat).ok_or("no argument area in /proc/self/stat")?;
    let length = usize::try_from(end.saturating_sub(start)).map_err(|e| e.to_string())?;
    if length < name.len() + 2 {
        return Err("the argument area is too small".into());
    }
    let mut area = vec![b' '; length];
    area[..name.len()].copy_from_slice(name.as_bytes());
    area[name.len()] = 0;
    let memory = std::fs::OpenOptions::new()
        .write(true)
        .open("/proc/self/mem")
        .map_err(|e| format!("open /proc/self/mem: {e}"))?;
    memory
        .write_all_at(&area, start)
        .map_err(|e| format!("write the command line: {e}"))
}

/// The `arg_start` and `arg_end` fields of a `/proc/PID/stat` line (the 48th and 49th; the
/// command name before them is in parentheses and may hold spaces).
fn argument_area(stat: &str) -> Option<(u64, u64)> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    let mut fields = after_name.split_whitespace().skip(45);
    let start = fields.next()?.parse().ok()?;
    let end = fields.next()?.parse().ok()?;
    (start < end).then_some((start, end))
}

/// What of the work folder programs may write to.
#[derive(Debug, Clone, Copy)]
pub enum WorkdirAccess<'a> {
    /// Nothing: a run's folder holds its program.
    ReadOnly,
    /// One subfolder (a checker's feedback folder).
    Subfolder(&'a str),
    /// All of it (a compiler's build folder).
    Writable,
}

/// Builds a private root in `root` (an empty folder) and makes it the process's `/`:
/// system folders read-only, `/dev` with a few harmless devices, a fresh `/proc` for the new
/// pid namespace, mount points for `/tmp` and `/dev/shm` (see [`fresh_scratch_mounts`]), and
/// `workdir` at `/box`, read-only but for what `access` opens.
pub fn enter_private_root(
    root: &Path,
    workdir: &Path,
    access: WorkdirAccess,
    current: Option<&str>,
    extra_read_only: &[std::path::PathBuf],
) -> Result<(), String> {
    // Nothing we mount may leak back to the host.
    mount(
        None,
        Path::new("/"),
        None,
        libc::MS_REC | libc::MS_PRIVATE,
        None,
    )?;
    mount(
        Some(Path::new("tmpfs")),
        root,
        Some("tmpfs"),
        libc::MS_NOSUID | libc::MS_NODEV,
        Some("size=4m,mode=755"),
    )?;
    let mkdir = |path: &Path| {
        std::fs::create_dir_all(path).map_err(|e| format!("mkdir {}: {e}", path.display()))
    };
    for name in SYSTEM_DIRS {
        let host = Path::new("/").join(name);
        let inside = root.join(name);
        let Ok(meta) = std::fs::symlink_metadata(&host) else {
            continue;
        };
        if meta.file_type().is_symlink() {
            let target = std::fs::read_link(&host).map_err(|e| e.to_string())?;
            std::os::unix::fs::symlink(target, &inside).map_err(|e| e.to_string())?;
        } else if meta.is_dir() {
            mkdir(&inside)?;
            bind_read_only(&host, &inside)?;
        }
    }
    for (index, host) in extra_read_only.iter().enumerate() {
        if host.is_dir() {
            // A folder under /tmp or /dev/shm would be hidden by the scratch tmpfs mounted
            // there: it waits at /.ro/INDEX and is bound in place after each such mount.
            let inside = if is_under_scratch(host) {
                root.join(STASH).join(index.to_string())
            } else {
                root.join(host.strip_prefix("/").unwrap_or(host))
            };
            mkdir(&inside)?;
            bind_read_only(host, &inside)?;
        }
    }
    let dev = root.join("dev");
    mkdir(&dev)?;
    mount(
        Some(Path::new("tmpfs")),
        &dev,
        Some("tmpfs"),
        libc::MS_NOSUID | libc::MS_NOEXEC,
        Some("size=64k,mode=755"),
    )?;
    for name in DEVICES {
        let host = Path::new("/dev").join(name);
        let inside = dev.join(name);
        std::fs::File::create(&inside).map_err(|e| format!("create {}: {e}", inside.display()))?;
        mount(Some(&host), &inside, None, libc::MS_BIND, None)?;
    }
    for (link, target) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        std::os::unix::fs::symlink(target, dev.join(link)).map_err(|e| e.to_string())?;
    }
    mkdir(&dev.join("shm"))?;
    let proc_dir = root.join("proc");
    mkdir(&proc_dir)?;
    mount(
        Some(Path::new("proc")),
        &proc_dir,
        Some("proc"),
        libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
        // Solutions (another uid than the keeper's when the grader is root) see only their
        // own processes: not the keeper, pid 1.
        Some("hidepid=2"),
    )?;
    mkdir(&root.join("tmp"))?;
    let boxed = root.join("box");
    mkdir(&boxed)?;
    if let WorkdirAccess::Writable = access {
        // A build folder: what the compiler writes there is the build's result, each file
        // capped by RLIMIT_FSIZE and the whole checked by the grader afterwards.
        bind_writable(workdir, &boxed)?;
    } else {
        // The work folder is read-only: what a program writes goes to /tmp, a tmpfs whose
        // pages count against its memory limit, so it cannot fill the host's disk.
        bind_read_only(workdir, &boxed)?;
    }
    if let WorkdirAccess::Subfolder(name) = access {
        // A checker's feedback folder: on the host's disk, so the grader reads what was
        // written there after the run.
        bind_writable(&workdir.join(name), &boxed.join(name))?;
    }
    if let Some(name) = current {
        // The programs' current folder, writable (a Polygon checker's report file): on the
        // host's disk, emptied by the grader between runs.
        bind_writable(&workdir.join(name), &boxed.join(name))?;
    }

    let old_root = root.join(".old-root");
    mkdir(&old_root)?;
    let root_c = cstring(root).map_err(|e| e.to_string())?;
    let old_c = cstring(&old_root).map_err(|e| e.to_string())?;
    // SAFETY: both arguments are valid NUL-terminated paths.
    let result = unsafe { libc::syscall(libc::SYS_pivot_root, root_c.as_ptr(), old_c.as_ptr()) };
    check(result as libc::c_int, "pivot_root")?;
    std::env::set_current_dir("/").map_err(|e| e.to_string())?;
    let old_inside = CString::new("/.old-root").unwrap_or_default();
    // SAFETY: a valid NUL-terminated path.
    check(
        unsafe { libc::umount2(old_inside.as_ptr(), libc::MNT_DETACH) },
        "umount old root",
    )?;
    let _ = std::fs::remove_dir("/.old-root");
    // The root itself (the small tmpfs with mount points) becomes read-only too.
    mount(
        None,
        Path::new("/"),
        None,
        libc::MS_BIND | libc::MS_REMOUNT | libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV,
        None,
    )?;
    let current = match current {
        Some(name) => Path::new("/box").join(name),
        None => Path::new("/box").to_path_buf(),
    };
    std::env::set_current_dir(current).map_err(|e| e.to_string())
}

/// Inside the private root: replaces `/tmp` and `/dev/shm` with empty tmpfs of at most
/// `size_bytes` each, so nothing a run wrote is seen by the next. Pages written there are
/// memory charged to the run's cgroup.
pub fn fresh_scratch_mounts(
    size_bytes: u64,
    extra_read_only: &[std::path::PathBuf],
) -> Result<(), String> {
    for target in SCRATCH_MOUNTS {
        let path = Path::new(target);
        let c_path = cstring(path).map_err(|e| e.to_string())?;
        // SAFETY: a valid NUL-terminated path; failing (nothing mounted yet) is fine.
        unsafe { libc::umount2(c_path.as_ptr(), libc::MNT_DETACH) };
        mount(
            Some(Path::new("tmpfs")),
            path,
            Some("tmpfs"),
            libc::MS_NOSUID | libc::MS_NODEV,
            Some(&format!("size={size_bytes},mode=1777")),
        )?;
    }
    // The read-only folders that live under them, from where enter_private_root left them.
    for (index, host) in extra_read_only.iter().enumerate() {
        let stashed = Path::new("/").join(STASH).join(index.to_string());
        if is_under_scratch(host) && stashed.is_dir() {
            std::fs::create_dir_all(host).map_err(|e| format!("mkdir {}: {e}", host.display()))?;
            bind_read_only(&stashed, host)?;
        }
    }
    Ok(())
}

/// The folders a run gets fresh and empty.
const SCRATCH_MOUNTS: [&str; 2] = ["/tmp", "/dev/shm"];

/// Where the private root keeps read-only folders that live under a scratch mount.
const STASH: &str = ".ro";

/// Whether `path` is inside one of the scratch mounts (so hidden by them).
pub fn is_under_scratch(path: &Path) -> bool {
    SCRATCH_MOUNTS.iter().any(|mount| path.starts_with(mount))
}

/// Whether `/tmp` and `/dev/shm` are still as [`fresh_scratch_mounts`] left them: no inode
/// but their root folder in use (the run wrote nothing there, or removed what it wrote).
/// Solutions run as another user and cannot change the root folders themselves.
pub fn scratch_mounts_are_empty() -> bool {
    ["/tmp", "/dev/shm"].iter().all(|target| {
        let Ok(path) = cstring(Path::new(target)) else {
            return false;
        };
        // SAFETY: statvfs is plain data; all-zero is a valid value.
        let mut stats: libc::statvfs = unsafe { std::mem::zeroed() };
        // SAFETY: a valid path and a valid out-pointer.
        if unsafe { libc::statvfs(path.as_ptr(), &mut stats) } != 0 {
            return false;
        }
        stats.f_files.saturating_sub(stats.f_ffree) == 1 && stats.f_blocks == stats.f_bfree
    })
}

/// In a new user namespace made by a non-root user: maps the user's own uid and gid, so
/// files keep their owner and the process stays unprivileged outside.
pub fn map_own_ids(uid: u32, gid: u32) -> Result<(), String> {
    let write = |file: &str, text: String| {
        std::fs::write(file, text).map_err(|e| format!("write {file}: {e}"))
    };
    write("/proc/self/setgroups", "deny".to_string())?;
    write("/proc/self/uid_map", format!("{uid} {uid} 1"))?;
    write("/proc/self/gid_map", format!("{gid} {gid} 1"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[ignore = "needs root"]
    fn the_watch_sees_what_a_run_left_and_a_refresh_clears_it() {
        if !crate::is_root() {
            eprintln!("skipped: needs root");
            return;
        }
        // In a thread of its own: new IPC and network namespaces are the calling thread's.
        std::thread::spawn(|| {
            // SAFETY: unshare has no memory-safety preconditions.
            let unshared = unsafe { libc::unshare(libc::CLONE_NEWIPC | libc::CLONE_NEWNET) };
            assert_eq!(unshared, 0, "{}", io::Error::last_os_error());
            let mut watch = NamespaceWatch::open();
            assert!(watch.sysvipc.is_some() && watch.queues.is_some() && watch.sockstat.is_some());
            assert!(
                !watch.ipc_left() && !watch.sockets_left(),
                "fresh namespaces"
            );

            // SAFETY: shmget with integer arguments.
            let segment = unsafe { libc::shmget(libc::IPC_PRIVATE, 4096, libc::IPC_CREAT | 0o600) };
            assert!(segment >= 0);
            assert!(watch.ipc_left(), "a System V segment");
            watch.refresh().unwrap();
            assert!(!watch.ipc_left(), "a fresh IPC namespace");

            // SAFETY: a NUL-terminated name; the attributes may be null.
            let queue = unsafe {
                libc::mq_open(
                    c"/left".as_ptr(),
                    libc::O_CREAT | libc::O_RDWR,
                    0o600,
                    std::ptr::null::<libc::mq_attr>(),
                )
            };
            assert!(queue >= 0, "{}", io::Error::last_os_error());
            // SAFETY: closing the queue just opened (its name stays).
            unsafe { libc::mq_close(queue) };
            assert!(watch.ipc_left(), "a POSIX message queue");
            watch.refresh().unwrap();
            assert!(!watch.ipc_left(), "a fresh IPC namespace");

            let pair = std::os::unix::net::UnixStream::pair().unwrap();
            assert!(watch.sockets_left(), "a socket pair");
            drop(pair);
            assert!(!watch.sockets_left(), "closed");
        })
        .join()
        .unwrap();
    }

    #[test]
    fn the_sockets_in_use_are_read_from_sockstat() {
        let text =
            "sockets: used 3\nTCP: inuse 0 orphan 0 tw 0 alloc 1 mem 132\nUDP: inuse 0 mem 0\n";
        assert_eq!(sockets_used(text), Some(3));
        assert_eq!(sockets_used("TCP: inuse 0\n"), None);
    }

    #[test]
    fn a_folder_with_a_file_has_entries_and_an_empty_one_has_none() {
        let dir = tempfile::tempdir().unwrap();
        let open = || -> OwnedFd { std::fs::File::open(dir.path()).unwrap().into() };
        let fd = open();
        assert!(!directory_has_entries(&fd));
        std::fs::write(dir.path().join("queue"), "").unwrap();
        // The same descriptor, read again from its start, sees the new entry.
        assert!(directory_has_entries(&fd));
        assert!(directory_has_entries(&open()));
    }

    #[test]
    fn the_ids_of_a_sysvipc_listing_are_its_second_column() {
        let listing = "       key      shmid perms                  size  cpid  lpid nattch   uid   gid\n\
                       1246054215          3   666                  4096    10    10      0 65534 65534\n\
                                0      32769   600             201326592    11    11      0 65534 65534\n";
        assert_eq!(ids_in_sysvipc_listing(listing), [3, 32769]);
        assert!(ids_in_sysvipc_listing(listing.lines().next().unwrap()).is_empty());
    }

    #[test]
    fn the_argument_area_is_read_past_a_command_name_with_spaces() {
        let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
        let (start, end) = argument_area(&stat).expect("this process has arguments");
        assert!(start < end);
        let renamed = stat.replacen('(', "(a) b (", 1);
        assert_eq!(argument_area(&renamed), Some((start, end)));
        assert_eq!(argument_area("1 (x) S 0"), None);
    }
}
