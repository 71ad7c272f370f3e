//! Files judge did not write, read with care, and the files it writes for the user.
//!
//! Reading: every file judge reads goes through here with a [`Cap`] on its size (the table is
//! in the README), so a file too large, or one without end (`/dev/zero`), is an error naming
//! the file and the cap, never a hang. Files the user names (a source to test, `--config`,
//! the inputs of `judge validate`, merge parts, a transcript) are read as a shell reads them
//! ([`read`]): links are followed, and a pipe or `/dev/stdin` is read up to the cap. Files
//! found in a folder judge did not write (a Kattis package, a problem's folder, a folder of
//! tests, a submission folder, a program's feedback folder) are read through a [`Folder`]:
//! only regular files whose real path stays inside that folder. A link that leads out of it,
//! a dangling link, a device, a FIFO or a socket is refused, naming the file; links inside it
//! (test cases shared between groups) are followed. The check is made on a handle of the file
//! itself (an `O_PATH` descriptor: where the kernel says it is, what it is), and the file read
//! is that one, opened again through the handle, so swapping it between the check and the read
//! gains nothing.
//!
//! Writing: [`OutputFile`] writes a report (or a transcript, a test) to a path that is not a
//! regular file as a shell redirection would (`--json /dev/stdout`, a FIFO), and otherwise
//! replaces the file atomically, with the mode the umask gives (a link to a file keeps
//! linking to the new file). [`StagedFolder`] builds a new folder beside its target and
//! renames it into place once complete, so an interrupted build leaves nothing that looks
//! finished. [`mark`] puts judge's marker in a folder it made, and `judge clean` removes
//! only folders that carry it ([`is_marked`]).

use std::fs::{File, FileType, Metadata, OpenOptions};
use std::io::{self, Read, Write};
use std::os::fd::{AsFd, AsRawFd};
use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::cleanup::Stop;
use crate::limits::MIB;

#[derive(Debug, Error)]
pub enum FileError {
    #[error("cannot read {path}: {cause}")]
    Read { path: PathBuf, cause: io::Error },
    #[error("{path}: larger than {}, the cap on {}{}", size(.cap.bytes), .cap.what, raise(.cap))]
    TooLarge { path: PathBuf, cap: Cap },
    #[error("{path}: a link to {target}, outside {root}: refused")]
    Outside {
        path: PathBuf,
        target: PathBuf,
        root: PathBuf,
    },
    #[error("{path}: a link to {target}, which does not exist")]
    Dangling { path: PathBuf, target: PathBuf },
    #[error("{path}: {kind}, not a regular file: refused")]
    NotRegular { path: PathBuf, kind: &'static str },
    #[error("{path}: changed while it was being read: refused")]
    Changed { path: PathBuf },
    #[error("{path}: not UTF-8 text")]
    NotText { path: PathBuf },
}

impl FileError {
    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            FileError::Read { path, .. }
            | FileError::TooLarge { path, .. }
            | FileError::Outside { path, .. }
            | FileError::Dangling { path, .. }
            | FileError::NotRegular { path, .. }
            | FileError::Changed { path }
            | FileError::NotText { path } => path,
        }
    }
}

/// A size in the unit it is a whole number of: `1 MiB`, `64 KiB`, `100 bytes`.
fn size(bytes: u64) -> String {
    if bytes >= MIB && bytes % MIB == 0 {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= 1024 && bytes % 1024 == 0 {
        format!("{} KiB", bytes / 1024)
    } else {
        format!("{bytes} bytes")
    }
}

fn raise(cap: &Cap) -> String {
    cap.key
        .map(|key| format!(" (`{key}` in runner.toml raises it)"))
        .unwrap_or_default()
}

/// The most judge reads of a kind of file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cap {
    pub bytes: u64,
    /// What it caps, for messages: `configuration files`.
    pub what: &'static str,
    /// The runner.toml key that sets it, when a user may need more.
    pub key: Option<&'static str>,
}

impl Cap {
    const fn fixed(bytes: u64, what: &'static str) -> Cap {
        Cap {
            bytes,
            what,
            key: None,
        }
    }

    /// runner.toml, problem.toml, problem.yaml, testdata.yaml, `.timelimit`.
    pub const CONFIG: Cap = Cap::fixed(MIB, "configuration files");
    /// A problem's statement (copied by `judge export`).
    pub const STATEMENT: Cap = Cap::fixed(16 * MIB, "statements");
    /// JSON reports read back: the parts of `judge merge`, the results kept by `judge grade`.
    pub const JSON: Cap = Cap::fixed(512 * MIB, "JSON reports and results");
    /// A game transcript (`judge replay`).
    pub const TRANSCRIPT: Cap = Cap::fixed(64 * MIB, "game transcripts");
    /// A package's test read while the package is loaded (a Polygon package's, staged with
    /// LF line ends), before runner.toml's cap on tests applies to grading.
    pub const TEST: Cap = Cap::fixed(1024 * MIB, "tests read while a package is loaded");

    /// A solution's output written to a named file (see `config::IoFiles`), capped as its
    /// standard output would be.
    pub const fn output_file(bytes: u64) -> Cap {
        Cap::fixed(bytes, "a solution's output file")
    }
}

/// The caps runner.toml sets (`[files]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileLimits {
    /// A test's input or answer (a package's, a problem's, `--tests-dir`'s, `judge
    /// validate`'s and `judge solve`'s inputs, answers the reference gave), bytes.
    pub test_file_bytes: u64,
    /// A source file, and a folder submission's files together, bytes.
    pub source_bytes: u64,
}

impl FileLimits {
    pub fn tests(&self) -> Cap {
        Cap {
            bytes: self.test_file_bytes,
            what: "test files",
            key: Some("files.test_file_limit_mib"),
        }
    }

    pub fn sources(&self) -> Cap {
        Cap {
            bytes: self.source_bytes,
            what: "sources (a file, or a folder's files together)",
            key: Some("files.source_limit_mib"),
        }
    }
}

fn read_error(path: &Path) -> impl FnOnce(io::Error) -> FileError + '_ {
    move |cause| FileError::Read {
        path: path.to_path_buf(),
        cause,
    }
}

/// `bytes` with every CRLF made LF (a lone CR is kept), when it has one: how a package saved
/// on Windows is read as the setter wrote it.
pub fn lf_line_ends(bytes: &[u8]) -> Option<Vec<u8>> {
    if !bytes.windows(2).any(|w| w == b"\r\n") {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len());
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
            continue;
        }
        out.push(b);
    }
    Some(out)
}

/// Reads a file the user named, as a shell would (links followed; a pipe, `/dev/stdin` or a
/// device read as a stream), but never more than `cap`.
pub fn read(path: &Path, cap: Cap) -> Result<Vec<u8>, FileError> {
    let file = File::open(path).map_err(read_error(path))?;
    read_capped(file, path, cap)
}

/// Opens a file the user named, following links, but only a regular file (a FIFO is
/// refused, not waited on): for reading a part of it, or a stream of unknown length.
pub fn open_regular(path: &Path) -> Result<File, FileError> {
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
        .map_err(read_error(path))?;
    let meta = file.metadata().map_err(read_error(path))?;
    if !meta.is_file() {
        return Err(FileError::NotRegular {
            path: path.to_path_buf(),
            kind: kind_name(meta.file_type()),
        });
    }
    Ok(file)
}

/// [`read`], as UTF-8 text.
pub fn read_text(path: &Path, cap: Cap) -> Result<String, FileError> {
    text(path, read(path, cap)?)
}

fn text(path: &Path, bytes: Vec<u8>) -> Result<String, FileError> {
    String::from_utf8(bytes).map_err(|_| FileError::NotText {
        path: path.to_path_buf(),
    })
}

/// Reads at most `cap` bytes of an open file; more is an error.
fn read_capped(file: File, path: &Path, cap: Cap) -> Result<Vec<u8>, FileError> {
    let meta = file.metadata().map_err(read_error(path))?;
    read_capped_with(file, &meta, path, cap)
}

/// [`read_capped`] of a file whose metadata is known.
fn read_capped_with(
    file: File,
    meta: &Metadata,
    path: &Path,
    cap: Cap,
) -> Result<Vec<u8>, FileError> {
    if meta.is_file() && meta.len() > cap.bytes {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            cap,
        });
    }
    let expected = if meta.is_file() { meta.len() } else { 0 };
    read_stream(file, path, cap, expected)
}

/// Reads a stream (standard input, say: `shown` names it in errors) to its end, at most
/// `cap` bytes of it; more is an error.
pub fn read_text_from(reader: impl Read, shown: &Path, cap: Cap) -> Result<String, FileError> {
    text(shown, read_stream(reader, shown, cap, 0)?)
}

fn read_stream(
    reader: impl Read,
    path: &Path,
    cap: Cap,
    expected: u64,
) -> Result<Vec<u8>, FileError> {
    let mut bytes = Vec::with_capacity(expected.min(cap.bytes) as usize);
    reader
        .take(cap.bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(read_error(path))?;
    if bytes.len() as u64 > cap.bytes {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            cap,
        });
    }
    Ok(bytes)
}

/// What an entry of a [`Folder`] is, its links followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    File,
    Folder,
}

/// A test's files in a folder: `NAME.in` and its answer `NAME.ans`, if there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestFiles {
    pub name: String,
    pub input: PathBuf,
    pub answer: Option<PathBuf>,
}

/// A folder judge did not write (a package, a problem's folder, a folder of tests or of
/// submissions): what is read through it is a regular file inside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Folder {
    /// Its real path (links resolved).
    root: PathBuf,
}

impl Folder {
    pub fn new(root: &Path) -> Result<Folder, FileError> {
        let root = std::fs::canonicalize(root).map_err(read_error(root))?;
        Ok(Folder { root })
    }

    /// Its real path.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Whether `path` is a file or a folder inside this folder, its links followed; a link out
    /// of it, a dangling link, a device, a FIFO or a socket is an error naming it.
    pub fn kind(&self, path: &Path) -> Result<Kind, FileError> {
        self.resolve(path).map(|(_, _, kind, _)| kind)
    }

    /// Like [`Folder::kind`], but `None` for a path where nothing is (not even a link).
    pub fn kind_if_any(&self, path: &Path) -> Result<Option<Kind>, FileError> {
        match std::fs::symlink_metadata(path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            _ => self.kind(path).map(Some),
        }
    }

    /// What `path` is, checked: a handle on it (an `O_PATH` descriptor, which opens no device
    /// and waits for no writer), its real path, what it is and its metadata.
    fn resolve(&self, path: &Path) -> Result<(File, PathBuf, Kind, Metadata), FileError> {
        let handle = match OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_PATH)
            .open(path)
        {
            Ok(handle) => handle,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let dangling =
                    std::fs::symlink_metadata(path).is_ok_and(|meta| meta.file_type().is_symlink());
                return Err(if dangling {
                    FileError::Dangling {
                        path: path.to_path_buf(),
                        target: std::fs::read_link(path).unwrap_or_default(),
                    }
                } else {
                    read_error(path)(e)
                });
            }
            Err(e) => return Err(read_error(path)(e)),
        };
        // Where the kernel says the file is (without /proc, where its path's links lead).
        let real = std::fs::read_link(format!("/proc/self/fd/{}", handle.as_raw_fd()))
            .or_else(|_| std::fs::canonicalize(path))
            .map_err(read_error(path))?;
        if !real.starts_with(&self.root) {
            return Err(FileError::Outside {
                path: path.to_path_buf(),
                target: real,
                root: self.root.clone(),
            });
        }
        let meta = handle.metadata().map_err(read_error(path))?;
        let kind = if meta.is_file() {
            Kind::File
        } else if meta.is_dir() {
            Kind::Folder
        } else {
            return Err(FileError::NotRegular {
                path: path.to_path_buf(),
                kind: kind_name(meta.file_type()),
            });
        };
        Ok((handle, real, kind, meta))
    }

    /// The tests among `entries` (a folder's listing, inside this folder): each regular file
    /// `NAME.in`, with `NAME.ans` beside it if that is a regular file too, sorted by name. A
    /// link out of this folder, a device or a FIFO among them is an error naming it.
    pub fn test_files(&self, entries: std::fs::ReadDir) -> Result<Vec<TestFiles>, FileError> {
        let mut tests = Vec::new();
        for entry in entries.flatten() {
            let input = entry.path();
            if !input.extension().is_some_and(|e| e == "in") || self.kind(&input)? != Kind::File {
                continue;
            }
            let answer = input.with_extension("ans");
            let answer = (self.kind_if_any(&answer)? == Some(Kind::File)).then_some(answer);
            tests.push(TestFiles {
                name: input
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default(),
                input,
                answer,
            });
        }
        tests.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(tests)
    }

    /// Opens a regular file inside this folder for reading (see the module's comment).
    pub fn open(&self, path: &Path) -> Result<File, FileError> {
        self.open_with_metadata(path).map(|(file, _)| file)
    }

    /// [`Folder::open`], with the opened file's metadata.
    fn open_with_metadata(&self, path: &Path) -> Result<(File, Metadata), FileError> {
        let (handle, real, kind, meta) = self.resolve(path)?;
        if kind != Kind::File {
            return Err(FileError::NotRegular {
                path: path.to_path_buf(),
                kind: "a folder",
            });
        }
        // The file checked, opened again through its handle (else at its real path, without
        // following a link); opening does not wait for a writer.
        let reopen = |at: &Path, flags: i32| {
            OpenOptions::new()
                .read(true)
                .custom_flags(flags | libc::O_NONBLOCK | libc::O_NOCTTY)
                .open(at)
        };
        let file = reopen(
            Path::new(&format!("/proc/self/fd/{}", handle.as_raw_fd())),
            0,
        )
        .or_else(|_| reopen(&real, libc::O_NOFOLLOW))
        .map_err(read_error(path))?;
        let opened = file.metadata().map_err(read_error(path))?;
        if !opened.is_file() || (opened.dev(), opened.ino()) != (meta.dev(), meta.ino()) {
            return Err(FileError::Changed {
                path: path.to_path_buf(),
            });
        }
        Ok((file, opened))
    }

    /// Reads a regular file inside this folder, at most `cap` bytes.
    pub fn read(&self, path: &Path, cap: Cap) -> Result<Vec<u8>, FileError> {
        let (file, meta) = self.open_with_metadata(path)?;
        read_capped_with(file, &meta, path, cap)
    }

    /// [`Folder::read`], as UTF-8 text.
    pub fn read_text(&self, path: &Path, cap: Cap) -> Result<String, FileError> {
        text(path, self.read(path, cap)?)
    }
}

/// What a file that is not regular is, for messages.
fn kind_name(kind: FileType) -> &'static str {
    if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_dir() {
        "a folder"
    } else if kind.is_symlink() {
        "a link"
    } else {
        "something"
    }
}

/// A file judge writes for the user: a report, a transcript, a test. Where the path names
/// something that is not a regular file (a device, a FIFO, `/dev/stdout`, or a link to one),
/// it is written as a shell redirection writes it; otherwise the content goes to a temporary
/// file beside the file (beside the file a link leads to) and replaces it on
/// [`OutputFile::commit`], so readers see the old or the whole new content, never half. The
/// new file has the mode the umask gives (0644 under 022), as a shell's would. Once its stop
/// is asked for, nothing is committed.
pub struct OutputFile {
    path: PathBuf,
    sink: Option<Sink>,
    stop: Stop,
}

enum Sink {
    Replace {
        temp: tempfile::NamedTempFile,
        target: PathBuf,
    },
    Stream(File),
}

impl OutputFile {
    /// Opens it for writing (errors name the file, as those of writing it do); nothing is
    /// committed once `stop` is asked for.
    pub fn create(path: &Path, stop: Stop) -> io::Result<OutputFile> {
        Self::open(path, stop)
            .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))
    }

    /// Standard output as a report's file (`--json -`): written as a stream, to whatever it
    /// is (a pipe, a terminal, a file a shell opened).
    pub fn standard_output(stop: Stop) -> io::Result<OutputFile> {
        let descriptor = io::stdout().as_fd().try_clone_to_owned()?;
        Ok(OutputFile {
            path: PathBuf::from("standard output"),
            sink: Some(Sink::Stream(File::from(descriptor))),
            stop,
        })
    }

    fn open(path: &Path, stop: Stop) -> io::Result<OutputFile> {
        let sink = match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => return Err(io::Error::other("it is a folder")),
            Ok(meta) if !meta.is_file() => Sink::Stream(OpenOptions::new().write(true).open(path)?),
            // `/dev/stdout` or `/proc/self/fd/1` leading to a file: the file a shell already
            // writes to, so added to, not replaced under it.
            Ok(_) if is_system_path(path) => {
                Sink::Stream(OpenOptions::new().append(true).open(path)?)
            }
            _ => {
                let target = link_target(path)?;
                let dir = target
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .unwrap_or(Path::new("."));
                let temp = tempfile::Builder::new()
                    .prefix(".judge-")
                    .suffix(".tmp")
                    .permissions(std::fs::Permissions::from_mode(0o666))
                    .tempfile_in(dir)?;
                Sink::Replace { temp, target }
            }
        };
        Ok(OutputFile {
            path: path.to_path_buf(),
            sink: Some(sink),
            stop,
        })
    }

    fn sink(&mut self) -> io::Result<&mut Sink> {
        let path = &self.path;
        self.sink
            .as_mut()
            .ok_or_else(|| io::Error::other(format!("{}: already written", path.display())))
    }

    /// Makes what was written visible (the file replaced whole, or the stream flushed). Once
    /// the stop is asked for (the grader is interrupted) nothing is committed: what was
    /// written may be a run cut short (the temporary file goes when the value is dropped).
    pub fn commit(&mut self) -> io::Result<()> {
        if self.stop.requested() {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                format!("{} not written: interrupted", self.path.display()),
            ));
        }
        let done = match self.sink.take() {
            None => Err(io::Error::other("already written")),
            Some(Sink::Stream(mut file)) => file.flush(),
            Some(Sink::Replace { mut temp, target }) => temp
                .flush()
                .and_then(|()| temp.persist(&target).map(drop).map_err(|e| e.error)),
        };
        done.map_err(|e| self.named(e))
    }

    /// An error that names the file.
    fn named(&self, error: io::Error) -> io::Error {
        io::Error::new(error.kind(), format!("{}: {error}", self.path.display()))
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = match self.sink()? {
            Sink::Replace { temp, .. } => temp.write(buf),
            Sink::Stream(file) => file.write(buf),
        };
        written.map_err(|e| self.named(e))
    }

    fn flush(&mut self) -> io::Result<()> {
        let flushed = match self.sink()? {
            Sink::Replace { temp, .. } => temp.flush(),
            Sink::Stream(file) => file.flush(),
        };
        flushed.map_err(|e| self.named(e))
    }
}

/// Writes a whole file (see [`OutputFile`]; errors name it), unless `stop` is asked for.
pub fn write_file(path: &Path, bytes: &[u8], stop: Stop) -> io::Result<()> {
    let mut file = OutputFile::create(path, stop)?;
    file.write_all(bytes)?;
    file.commit()
}

/// A path under `/dev` or `/proc` as written: a stream of the system's, never replaced.
fn is_system_path(path: &Path) -> bool {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    absolute.starts_with("/dev") || absolute.starts_with("/proc")
}

/// The file a chain of links at `path` ends at (itself when it is not a link), so replacing
/// it keeps the links. A link is followed only where the kernel would follow it for the
/// shell's redirection (`fs.protected_symlinks`): not a link in a sticky world-writable
/// folder such as /tmp that neither we nor the folder's owner own, which could lead a grader
/// run as root to replace any file.
fn link_target(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    // A loop of links ends here; the rename then fails with an error naming the path.
    for _ in 0..40 {
        let Ok(link) = std::fs::symlink_metadata(&current) else {
            break;
        };
        if !link.file_type().is_symlink() {
            break;
        }
        let parent = current
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_path_buf();
        let folder = std::fs::metadata(&parent)?;
        let shared = folder.mode() & 0o1002 == 0o1002;
        let ours = link.uid() == uzers::get_effective_uid() || link.uid() == folder.uid();
        if shared && !ours {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                "a link another user owns in a shared folder: not followed",
            ));
        }
        let next = std::fs::read_link(&current)?;
        current = if next.is_relative() {
            parent.join(next)
        } else {
            next
        };
    }
    Ok(current)
}

/// A new folder built under a temporary name beside its target and renamed into place by
/// [`StagedFolder::publish`]; dropped before, it is removed (and an interruption removes it,
/// see `cleanup`), so no half-built folder ever stands at the target. Once its stop is asked
/// for it is not published.
pub struct StagedFolder {
    temp: Option<tempfile::TempDir>,
    target: PathBuf,
    stop: Stop,
}

impl StagedFolder {
    /// Starts one for `target`, which must be missing or an empty folder (an error of kind
    /// `AlreadyExists` otherwise). Its parent folders are created.
    pub fn new(target: &Path, stop: Stop) -> io::Result<StagedFolder> {
        let holds_something = if target.is_dir() {
            std::fs::read_dir(target)?.next().is_some()
        } else {
            // A file, or a link to nothing, stands there.
            std::fs::symlink_metadata(target).is_ok()
        };
        if holds_something {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!("{} is not empty", target.display()),
            ));
        }
        let parent = target
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        std::fs::create_dir_all(parent)?;
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let temp = tempfile::Builder::new()
            .prefix(&format!(".{name}.judge-"))
            .permissions(std::fs::Permissions::from_mode(0o777))
            .tempdir_in(parent)?;
        crate::cleanup::register_dir(temp.path());
        Ok(StagedFolder {
            temp: Some(temp),
            target: target.to_path_buf(),
            stop,
        })
    }

    /// Where to build it.
    pub fn path(&self) -> &Path {
        self.temp.as_ref().map_or(&self.target, |t| t.path())
    }

    /// Where it goes.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Renames it to its target (replacing the empty folder there, if any).
    pub fn publish(mut self) -> io::Result<()> {
        if self.stop.requested() {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                format!("{} not written: interrupted", self.target.display()),
            ));
        }
        let Some(temp) = self.temp.take() else {
            return Ok(());
        };
        crate::cleanup::unregister_dir(temp.path());
        let staged = temp.keep();
        std::fs::rename(&staged, &self.target).inspect_err(|_| {
            let _ = std::fs::remove_dir_all(&staged);
        })
    }
}

impl Drop for StagedFolder {
    fn drop(&mut self) {
        if let Some(temp) = &self.temp {
            crate::cleanup::unregister_dir(temp.path());
        }
    }
}

/// The file that marks a folder as judge's own (a compile cache entry, the built-in problems
/// written out): `judge clean` removes only folders that hold it.
pub const MARKER: &str = ".judge-made";

/// Marks `dir` as made by judge (see [`MARKER`]).
pub fn mark(dir: &Path) -> io::Result<()> {
    std::fs::write(
        dir.join(MARKER),
        "made by judge: `judge clean` may remove this folder\n",
    )
}

/// Whether `dir` is a folder (not a link to one) holding judge's marker as a regular file.
pub fn is_marked(dir: &Path) -> bool {
    is_real_folder(dir) && std::fs::symlink_metadata(dir.join(MARKER)).is_ok_and(|m| m.is_file())
}

/// Whether `path` is a folder, not a link to one.
pub fn is_real_folder(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_dir())
}

/// Makes `levels` folders named `name` under `top`, each in the one before, and returns a
/// handle on the deepest (its path is `/proc/self/fd/N`): made through the handles, so a tree
/// thousands deep is made without a path longer than the system takes.
/// Compiled in every build, hidden from the docs: a `fixtures` feature that only the tests
/// turned on made `cargo test --release` compile the libraries a second time.
#[doc(hidden)]
pub fn nest_folders(top: &Path, name: &str, levels: usize) -> File {
    let mut handle = File::open(top).unwrap();
    for _ in 0..levels {
        let next = format!("/proc/self/fd/{}/{name}", handle.as_raw_fd());
        std::fs::create_dir(&next).unwrap();
        handle = File::open(&next).unwrap();
    }
    handle
}

/// A folder's entries, each its name as the file system has it (not necessarily UTF-8) and its
/// path, in byte order of the names.
pub fn sorted_entries(folder: &Path) -> io::Result<Vec<(std::ffi::OsString, PathBuf)>> {
    let mut entries = std::fs::read_dir(folder)?
        .map(|entry| entry.map(|e| (e.file_name(), e.path())))
        .collect::<io::Result<Vec<_>>>()?;
    entries.sort();
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    const SMALL: Cap = Cap::fixed(8, "small files");

    #[test]
    fn a_file_over_its_cap_or_without_end_is_an_error_naming_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("big");
        std::fs::write(&file, b"123456789").unwrap();
        let error = read(&file, SMALL).unwrap_err();
        assert!(matches!(error, FileError::TooLarge { .. }));
        assert!(error
            .to_string()
            .contains("larger than 8 bytes, the cap on small files"));
        let endless = read(Path::new("/dev/zero"), Cap::CONFIG).unwrap_err();
        assert_eq!(
            endless.to_string(),
            "/dev/zero: larger than 1 MiB, the cap on configuration files"
        );
        std::fs::write(&file, b"12345678").unwrap();
        assert_eq!(read(&file, SMALL).unwrap(), b"12345678");
        let limits = FileLimits {
            test_file_bytes: 4,
            source_bytes: 4,
        };
        let named = read(&file, limits.tests()).unwrap_err().to_string();
        assert!(
            named.contains("`files.test_file_limit_mib` in runner.toml"),
            "{named}"
        );
    }

    #[test]
    fn a_folder_reads_its_files_and_links_inside_it_and_refuses_the_rest() {
        let outside = tempfile::tempdir().unwrap();
        let secret = outside.path().join("secret");
        std::fs::write(&secret, "password").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("a")).unwrap();
        std::fs::write(root.join("a/1.in"), "1\n").unwrap();
        symlink("a/1.in", root.join("shared.in")).unwrap();
        symlink(&secret, root.join("out.in")).unwrap();
        symlink("nowhere", root.join("dangling.in")).unwrap();
        symlink("/dev/zero", root.join("zero.in")).unwrap();
        let folder = Folder::new(root).unwrap();
        assert_eq!(folder.read(&root.join("a/1.in"), SMALL).unwrap(), b"1\n");
        assert_eq!(folder.read(&root.join("shared.in"), SMALL).unwrap(), b"1\n");
        assert_eq!(folder.kind(&root.join("a")).unwrap(), Kind::Folder);
        let out = folder.read(&root.join("out.in"), SMALL).unwrap_err();
        assert!(matches!(out, FileError::Outside { .. }), "{out}");
        assert!(out.to_string().contains("outside"), "{out}");
        assert!(matches!(
            folder.kind(&root.join("dangling.in")),
            Err(FileError::Dangling { .. })
        ));
        assert!(matches!(
            folder.read(&root.join("zero.in"), SMALL),
            Err(FileError::Outside { .. })
        ));
        assert_eq!(folder.kind_if_any(&root.join("missing")).unwrap(), None);
        assert!(folder.read(&root.join("a"), SMALL).is_err());
    }

    #[test]
    fn a_fifo_in_a_folder_is_refused_without_waiting_for_a_writer() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe.in");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let folder = Folder::new(dir.path()).unwrap();
        let error = folder.read(&fifo, SMALL).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("{}: a FIFO, not a regular file: refused", fifo.display())
        );
    }

    #[test]
    fn an_output_file_replaces_a_file_whole_with_the_umask_mode_and_keeps_links() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("report.json");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        let mut file = OutputFile::create(&path, Stop::never()).unwrap();
        file.write_all(b"{}").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        file.commit().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"{}");
        assert!(file.commit().is_err());
        // The mode of a new file under this process's umask.
        let probe = dir.path().join("probe");
        File::create(&probe).unwrap();
        let umask_mode = std::fs::metadata(&probe).unwrap().permissions().mode() & 0o777;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, umask_mode);
        let link = dir.path().join("link.json");
        symlink("report.json", &link).unwrap();
        write_file(&link, b"[]", Stop::never()).unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&path).unwrap(), b"[]");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
    }

    #[test]
    fn a_staged_folder_appears_whole_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out/package");
        let staged = StagedFolder::new(&target, Stop::never()).unwrap();
        std::fs::write(staged.path().join("a"), "1").unwrap();
        assert!(!target.exists());
        drop(staged);
        assert!(!target.exists());
        assert_eq!(
            std::fs::read_dir(dir.path().join("out")).unwrap().count(),
            0
        );
        let staged = StagedFolder::new(&target, Stop::never()).unwrap();
        std::fs::write(staged.path().join("a"), "1").unwrap();
        staged.publish().unwrap();
        assert_eq!(std::fs::read(target.join("a")).unwrap(), b"1");
        let again = StagedFolder::new(&target, Stop::never()).err().unwrap();
        assert_eq!(again.kind(), io::ErrorKind::AlreadyExists);
    }

    #[test]
    fn only_a_real_folder_with_the_marker_is_marked() {
        let dir = tempfile::tempdir().unwrap();
        let made = dir.path().join("made");
        std::fs::create_dir(&made).unwrap();
        assert!(!is_marked(&made));
        mark(&made).unwrap();
        assert!(is_marked(&made));
        let link = dir.path().join("link");
        symlink(&made, &link).unwrap();
        assert!(!is_marked(&link));
    }
}
