//! Safe wrappers of the few system calls the grader makes outside a run: whether it runs as
//! root, in-memory files, pipe capacity, ending a process or a process group, and running a
//! trusted helper program (a compiler) with a time limit. Every `unsafe` call of the grader
//! lives in `sandbox/`; the rest of the crate calls these.

use std::fs::File;
use std::io::Read;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::JoinHandle;
use std::time::Duration;

/// Whether the grader runs as root (then solutions run as an unprivileged user).
pub fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// An anonymous in-memory file (memfd), close-on-exec.
pub fn memory_file(name: &str) -> std::io::Result<File> {
    let name = std::ffi::CString::new(name).map_err(std::io::Error::other)?;
    // SAFETY: name is a valid NUL-terminated string.
    let fd = unsafe { libc::memfd_create(name.as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: memfd_create returned a fresh descriptor that nothing else owns.
    Ok(File::from(unsafe { OwnedFd::from_raw_fd(fd) }))
}

/// Asks for a larger pipe buffer (an interactive run's pipes); failure leaves the default.
pub fn set_pipe_capacity(pipe: &impl AsRawFd, bytes: usize) {
    // SAFETY: F_SETPIPE_SZ on a descriptor the caller owns; it changes only the buffer size.
    unsafe { libc::fcntl(pipe.as_raw_fd(), libc::F_SETPIPE_SZ, bytes as libc::c_int) };
}

/// Sends SIGKILL to one process of ours (a launcher that did not end a run in time).
pub fn kill_process(pid: u32) {
    // SAFETY: kill has no memory effects; the caller has not reaped `pid` yet.
    unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
}

/// How a helper program run by [`run_limited`] ended.
pub struct LimitedRun {
    /// `None`: it ran out of time (or could not be waited for) and its process group was
    /// killed.
    pub status: Option<ExitStatus>,
    /// The first bytes of its standard output and standard error.
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// How often [`run_limited`] looks whether its helper has ended or the grader is interrupted.
const HELPER_POLL: Duration = Duration::from_millis(20);

/// Runs a trusted helper program (a compiler) in its own process group with no input, reading
/// its output and error (each capped) as it runs; past `limit` the whole group is killed. An
/// error means it could not be started, or the grader was interrupted (the group is killed
/// then too; the error's kind is `Interrupted`).
pub fn run_limited(
    command: &mut Command,
    limit: Duration,
    cap: usize,
) -> std::io::Result<LimitedRun> {
    let interrupted = || {
        std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            "the grader was interrupted",
        )
    };
    if crate::cleanup::interrupted() {
        return Err(interrupted());
    }
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    helpers::add(child.id());
    let (stdout, stderr) = read_both_capped(&mut child, cap);
    let deadline = std::time::Instant::now() + limit;
    let status = loop {
        match helpers::reap_if_ended(&mut child) {
            Ok(Some(status)) => break Some(status),
            Ok(None) if std::time::Instant::now() < deadline && !crate::cleanup::interrupted() => {
                std::thread::sleep(HELPER_POLL);
            }
            _ => {
                helpers::remove(child.id());
                // SAFETY: killpg on the child's own process group, which it leads and which
                // we have not reaped.
                unsafe { libc::killpg(child.id() as libc::pid_t, libc::SIGKILL) };
                let _ = child.wait();
                break None;
            }
        }
    };
    let run = LimitedRun {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    };
    if crate::cleanup::interrupted() {
        return Err(interrupted());
    }
    Ok(run)
}

/// Kills the process groups of every helper program running (the grader exits in a hurry).
pub fn kill_helpers() {
    helpers::kill_all();
}

/// The helper programs that run, by the pid of the process group each leads. A helper is
/// reaped only under the registry's lock, and leaves it then, so that no signal reaches a pid
/// given to another process since.
mod helpers {
    use std::sync::Mutex;

    static LIVE: Mutex<Vec<u32>> = Mutex::new(Vec::new());

    fn live() -> std::sync::MutexGuard<'static, Vec<u32>> {
        LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn add(pid: u32) {
        live().push(pid);
    }

    pub fn remove(pid: u32) {
        live().retain(|&p| p != pid);
    }

    pub fn reap_if_ended(
        child: &mut std::process::Child,
    ) -> std::io::Result<Option<std::process::ExitStatus>> {
        let mut live = live();
        let status = child.try_wait();
        if !matches!(status, Ok(None)) {
            live.retain(|&p| p != child.id());
        }
        status
    }

    pub fn kill_all() {
        for &pid in live().iter() {
            // SAFETY: killpg on a group led by a helper of ours that has not been reaped.
            unsafe { libc::killpg(pid as libc::pid_t, libc::SIGKILL) };
        }
    }
}

/// Reads a child's stdout and stderr at the same time on two threads, keeping at most `cap`
/// bytes of each and discarding the rest, so that a full pipe never blocks the child.
fn read_both_capped(child: &mut Child, cap: usize) -> (JoinHandle<Vec<u8>>, JoinHandle<Vec<u8>>) {
    fn reader(pipe: Option<impl Read + Send + 'static>, cap: usize) -> JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut kept = Vec::new();
            let Some(mut pipe) = pipe else {
                return kept;
            };
            let mut buffer = [0u8; 8192];
            loop {
                match pipe.read(&mut buffer) {
                    Ok(0) => break,
                    Ok(n) => {
                        let room = cap.saturating_sub(kept.len());
                        kept.extend_from_slice(&buffer[..n.min(room)]);
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            kept
        })
    }
    (
        reader(child.stdout.take(), cap),
        reader(child.stderr.take(), cap),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Seek, Write};

    #[test]
    fn memory_files_hold_what_is_written() {
        let mut file = memory_file("test").unwrap();
        file.write_all(b"hello").unwrap();
        file.rewind().unwrap();
        let mut text = String::new();
        file.read_to_string(&mut text).unwrap();
        assert_eq!(text, "hello");
    }

    #[test]
    fn a_helper_out_of_time_is_killed_with_its_group() {
        let started = std::time::Instant::now();
        let ended = run_limited(
            Command::new("sh").args(["-c", "sleep 30 & echo started; wait"]),
            Duration::from_millis(300),
            1024,
        )
        .unwrap();
        assert!(ended.status.is_none());
        assert_eq!(ended.stdout, b"started\n");
        // The reader threads end only once the sleeper (holding the pipes) is dead too.
        assert!(started.elapsed() < Duration::from_secs(10));
    }
}
