//! Safe wrappers of the few system calls the grader makes outside a run: whether it runs as
//! root, in-memory files, pipe capacity, ending a process. Every `unsafe` call of the grader
//! lives in `sandbox/`; the rest of the crate calls these.

use std::fs::File;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};

/// Whether the grader runs as root (then solutions run as an unprivileged user).
pub fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// The grader's effective user id (who owns the files it may trust).
pub fn effective_uid() -> u32 {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() }
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Seek, Write};

    #[test]
    fn memory_files_hold_what_is_written() {
        let mut file = memory_file("test").unwrap();
        file.write_all(b"hello").unwrap();
        file.rewind().unwrap();
        let mut text = String::new();
        file.read_to_string(&mut text).unwrap();
        assert_eq!(text, "hello");
    }
}
