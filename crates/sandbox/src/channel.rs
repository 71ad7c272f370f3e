//! Messages between the grader, the launcher and the keeper: one JSON value per datagram of a
//! `SOCK_SEQPACKET` socket pair, with open descriptors (the program's stdin, stdout, stderr)
//! passed alongside as `SCM_RIGHTS`. Message boundaries are kept by the socket, so a reader
//! never sees half a request; a peer that has gone reads as `Ok(None)`.

use std::io::{self, IoSlice, IoSliceMut};
use std::mem::MaybeUninit;
use std::os::fd::{BorrowedFd, OwnedFd};

use rustix::net::{
    recvmsg, sendmsg, socketpair, AddressFamily, RecvAncillaryBuffer, RecvAncillaryMessage,
    RecvFlags, SendAncillaryBuffer, SendAncillaryMessage, SendFlags, SocketFlags, SocketType,
};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The most descriptors one message carries.
const MAX_FDS: usize = 4;
/// The largest message: a run request is a few hundred bytes, a report a few more.
const MAX_MESSAGE: usize = 64 * 1024;

/// A connected pair of message sockets, both close-on-exec.
pub fn pair() -> io::Result<(OwnedFd, OwnedFd)> {
    Ok(socketpair(
        AddressFamily::UNIX,
        SocketType::SEQPACKET,
        SocketFlags::CLOEXEC,
        None,
    )?)
}

/// Sends `value` with `fds` as one message.
pub fn send<T: Serialize>(
    socket: BorrowedFd<'_>,
    value: &T,
    fds: &[BorrowedFd<'_>],
) -> io::Result<()> {
    let bytes = serde_json::to_vec(value).map_err(io::Error::other)?;
    if bytes.len() > MAX_MESSAGE {
        return Err(io::Error::other(
            "message too large for the sandbox channel",
        ));
    }
    let mut space = [MaybeUninit::uninit(); rustix::cmsg_space!(ScmRights(MAX_FDS))];
    let mut control = SendAncillaryBuffer::new(&mut space);
    if !fds.is_empty()
        && (fds.len() > MAX_FDS || !control.push(SendAncillaryMessage::ScmRights(fds)))
    {
        return Err(io::Error::other("too many descriptors for one message"));
    }
    loop {
        match sendmsg(
            socket,
            &[IoSlice::new(&bytes)],
            &mut control,
            SendFlags::NOSIGNAL,
        ) {
            Ok(_) => return Ok(()),
            Err(rustix::io::Errno::INTR) => continue,
            Err(e) => return Err(e.into()),
        }
    }
}

/// Receives one message and the descriptors that came with it (close-on-exec); `Ok(None)`
/// when the peer has closed its end.
pub fn receive<T: DeserializeOwned>(
    socket: BorrowedFd<'_>,
) -> io::Result<Option<(T, Vec<OwnedFd>)>> {
    // One zeroed buffer a thread, reused: zeroing 64 KiB for every message showed in the
    // profile of a session of tiny runs.
    thread_local! {
        static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    BUFFER.with(|buffer| {
        let mut bytes = buffer.borrow_mut();
        if bytes.len() < MAX_MESSAGE {
            bytes.resize(MAX_MESSAGE, 0);
        }
        receive_into(socket, &mut bytes)
    })
}

/// [`receive`] with the buffer the message is read into.
fn receive_into<T: DeserializeOwned>(
    socket: BorrowedFd<'_>,
    bytes: &mut [u8],
) -> io::Result<Option<(T, Vec<OwnedFd>)>> {
    let mut space = [MaybeUninit::uninit(); rustix::cmsg_space!(ScmRights(MAX_FDS))];
    let mut control = RecvAncillaryBuffer::new(&mut space);
    let received = loop {
        match recvmsg(
            socket,
            &mut [IoSliceMut::new(bytes)],
            &mut control,
            RecvFlags::CMSG_CLOEXEC,
        ) {
            Ok(received) => break received,
            Err(rustix::io::Errno::INTR) => continue,
            Err(e) => return Err(e.into()),
        }
    };
    let mut fds = Vec::new();
    for message in control.drain() {
        if let RecvAncillaryMessage::ScmRights(passed) = message {
            fds.extend(passed);
        }
    }
    if received.bytes == 0 {
        return Ok(None);
    }
    let value = serde_json::from_slice(&bytes[..received.bytes.min(bytes.len())])
        .map_err(|e| io::Error::other(format!("unreadable sandbox message: {e}")))?;
    Ok(Some((value, fds)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::os::fd::AsFd;

    #[test]
    fn a_message_and_its_descriptors_arrive_together() {
        let (left, right) = pair().unwrap();
        let mut file = tempfile::tempfile().unwrap();
        file.write_all(b"passed along").unwrap();
        send(left.as_fd(), &("run", 7u32), &[file.as_fd()]).unwrap();
        let (value, fds): ((String, u32), Vec<OwnedFd>) = receive(right.as_fd()).unwrap().unwrap();
        assert_eq!(value, ("run".to_string(), 7));
        assert_eq!(fds.len(), 1);
        let mut copy = std::fs::File::from(fds.into_iter().next().unwrap());
        std::io::Seek::rewind(&mut copy).unwrap();
        let mut text = String::new();
        copy.read_to_string(&mut text).unwrap();
        assert_eq!(text, "passed along");
    }

    #[test]
    fn a_closed_peer_reads_as_none() {
        let (left, right) = pair().unwrap();
        drop(left);
        assert!(receive::<u32>(right.as_fd()).unwrap().is_none());
    }
}
