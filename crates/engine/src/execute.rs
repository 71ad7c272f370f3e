//! Execution: runs a prepared program on an input in a sandbox and returns the raw facts with
//! what it wrote. Each grading worker keeps one sandbox session (a launcher and its keeper)
//! and one set of folders for all its runs, of one program or, one after another, of several
//! (`judge grade`: the program's file in the session's folder is replaced between them).
//! Nothing here decides a verdict or prints.

use std::fs::File;
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};

use thiserror::Error;

use judge_core::config::{IoFiles, RunnerConfig, SandboxConfig};
use judge_core::lang::Prepared;
use judge_core::limits::Limits;
use judge_core::verdict::StderrSays;
use judge_sandbox::{
    self as sandbox, memory_file, read_from_start, Isolation, RunFacts, RunFiles, RunRequest,
    SandboxError, Session, SessionSpec, StdoutMode,
};

#[derive(Debug, Error)]
pub enum ExecError {
    #[error("cannot create the run folders: {0}")]
    Folders(std::io::Error),
    #[error("cannot prepare the run's files: {0}")]
    Files(std::io::Error),
    #[error(transparent)]
    Sandbox(#[from] SandboxError),
}

/// How much of inputs and outputs a test result keeps for the report.
pub const KEPT_BYTES: usize = 4096;

/// The temporary folders of one grading (`judge-<stamp>-...` in the system's temporary
/// folder, named after the grader's process so that a later run can sweep it if this one is
/// killed: see `cleanup`); removed when dropped, or when the grader exits in a hurry.
pub struct Scratch {
    dir: tempfile::TempDir,
    uid: Option<(u32, u32)>,
}

impl Scratch {
    pub fn new(sandbox: &SandboxConfig) -> Result<Scratch, ExecError> {
        use std::os::unix::fs::PermissionsExt;
        let temp = std::env::temp_dir();
        judge_core::cleanup::sweep_leftovers(&temp);
        let dir = tempfile::Builder::new()
            .prefix(&judge_core::cleanup::temp_prefix())
            .tempdir_in(&temp)
            .map_err(ExecError::Folders)?;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))
            .map_err(ExecError::Folders)?;
        judge_core::cleanup::register_dir(dir.path());
        Ok(Scratch {
            dir,
            uid: sandbox::is_root().then_some((sandbox.uid, sandbox.gid)),
        })
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// A fresh sandbox folder: `box/` (the program's work folder, holding a copy of the
    /// prepared program) and `root/` (the mount point of its private root).
    pub fn sandbox_folder(
        &self,
        name: &str,
        solution: &Prepared,
    ) -> std::io::Result<SandboxFolder> {
        let folder = self.empty_sandbox_folder(name)?;
        folder.install(solution)?;
        Ok(folder)
    }

    /// A fresh sandbox folder with nothing in `box/` yet.
    pub fn empty_sandbox_folder(&self, name: &str) -> std::io::Result<SandboxFolder> {
        let dir = self.folder(name)?;
        let work = dir.path().join("box");
        std::fs::create_dir(&work)?;
        std::fs::create_dir(dir.path().join("root"))?;
        self.give_to_runs(&work)?;
        Ok(SandboxFolder { dir })
    }

    /// Makes a folder the runs' own (as root, runs are another user).
    pub fn give_to_runs(&self, path: &Path) -> std::io::Result<()> {
        if let Some((uid, gid)) = self.uid {
            std::os::unix::fs::chown(path, Some(uid), Some(gid))?;
        }
        Ok(())
    }

    /// A fresh folder named after `name`, removed when dropped.
    pub fn folder(&self, name: &str) -> std::io::Result<tempfile::TempDir> {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::Builder::new()
            .prefix(&format!("{name}-"))
            .tempdir_in(self.dir.path())?;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))?;
        Ok(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        judge_core::cleanup::unregister_dir(self.dir.path());
    }
}

/// A sandbox session with the folder it runs in, ended in that order: the folder holds the
/// record of the session's cgroups, which a hurried exit (a second Ctrl-C) reads to remove
/// the groups of the launchers it kills (`judge_core::cleanup`), so it must outlive the
/// session. Fields drop in the order they are declared; the pair is never taken apart into
/// two values, which would drop in the reverse order of their binding.
pub struct SessionFolder {
    session: Session,
    folder: SandboxFolder,
}

impl SessionFolder {
    /// Starts a session on `spec` (made from `folder`) in `folder`.
    pub fn start(folder: SandboxFolder, spec: &SessionSpec) -> Result<SessionFolder, SandboxError> {
        let session = Session::start(spec)?;
        Ok(SessionFolder { session, folder })
    }

    /// The session, to run in.
    pub fn session(&mut self) -> &mut Session {
        &mut self.session
    }

    /// The session, to run in, and its folder.
    pub fn parts(&mut self) -> (&mut Session, &SandboxFolder) {
        (&mut self.session, &self.folder)
    }

    pub fn folder(&self) -> &SandboxFolder {
        &self.folder
    }
}

/// The folders of one sandbox session; removed when dropped.
pub struct SandboxFolder {
    dir: tempfile::TempDir,
}

impl SandboxFolder {
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The programs' work folder (`/box` inside the sandbox), as the grader sees it.
    pub fn work(&self) -> PathBuf {
        self.dir.path().join("box")
    }

    /// Puts `solution`'s file in the work folder, in place of whatever program was there.
    /// Programs see the folder read-only, so it holds nothing else; the file is copied
    /// beside and renamed, so a session never sees half a program. A program that is a
    /// folder (built by its own scripts: `lang::prepare_scripts`) runs in place: its files
    /// become the work folder's.
    pub fn install(&self, solution: &Prepared) -> std::io::Result<()> {
        use std::os::unix::fs::PermissionsExt;
        let work = self.work();
        let whole_folder = solution.artifact.is_dir();
        for entry in std::fs::read_dir(&work)? {
            let entry = entry?;
            if entry.file_type()?.is_dir() {
                std::fs::remove_dir_all(entry.path())?;
            } else if whole_folder || entry.file_name() != solution.file_name.as_str() {
                std::fs::remove_file(entry.path())?;
            }
        }
        if whole_folder {
            return copy_program_folder(&solution.artifact, &work);
        }
        let staged = self.path().join(".incoming");
        std::fs::copy(&solution.artifact, &staged)?;
        std::fs::set_permissions(&staged, std::fs::Permissions::from_mode(0o755))?;
        std::fs::rename(&staged, work.join(&solution.file_name))
    }

    /// The sandbox session that runs programs in this folder.
    pub fn session_spec(&self, runner: &RunnerConfig) -> SessionSpec {
        let sandbox = &runner.sandbox;
        SessionSpec {
            workdir: self.path().join("box"),
            root_mount: self.path().join("root"),
            isolation: Isolation {
                namespaces: sandbox.namespaces,
                cgroups: sandbox.cgroups,
                run_as_uid: sandbox.uid,
                run_as_gid: sandbox.gid,
                read_only_paths: sandbox.read_only_paths.clone(),
            },
            writable_subfolder: None,
            current_subfolder: None,
            writable_workdir: false,
        }
    }
}

/// Copies a built program's folder `from` (a compile cache entry) into `to`: its files
/// readable by all and executable where they were, its folders open to all; links (a build
/// leaves none) and the cache's own marker are left out.
fn copy_program_folder(from: &Path, to: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        if entry.file_name() == judge_core::files::MARKER {
            continue;
        }
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        let meta = std::fs::symlink_metadata(&source)?;
        if meta.is_dir() {
            std::fs::create_dir(&target)?;
            std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o755))?;
            copy_program_folder(&source, &target)?;
        } else if meta.is_file() {
            std::fs::copy(&source, &target)?;
            let mode = if meta.permissions().mode() & 0o111 != 0 {
                0o755
            } else {
                0o644
            };
            std::fs::set_permissions(&target, std::fs::Permissions::from_mode(mode))?;
        }
    }
    Ok(())
}

/// How to run `program` with `args` (its whole argument vector) under `limits`, with the
/// sandbox's environment.
pub fn run_request(
    runner: &RunnerConfig,
    program: &Path,
    args: &[String],
    limits: Limits,
    stdout: StdoutMode,
) -> RunRequest {
    RunRequest {
        program: program.to_path_buf(),
        args: args.to_vec(),
        env: vec![
            ("PATH".into(), runner.sandbox.path.clone()),
            ("HOME".into(), "/tmp".into()),
            ("LANG".into(), "C.UTF-8".into()),
            ("PYTHONDONTWRITEBYTECODE".into(), "1".into()),
        ],
        limits,
        stdout,
        stderr_to_stdout: false,
        file_size_bytes: None,
        stop_at_process_limit: false,
    }
}

/// A run's standard input, output and error as anonymous in-memory files (memfd), so that a
/// test costs no file creation on disk (on ext4 that is a few hundred microseconds a file).
/// The grader keeps these; the sandbox gets duplicates.
pub struct MemoryFiles {
    input: File,
    output: File,
    stderr: File,
}

impl MemoryFiles {
    pub fn new(input: &[u8]) -> std::io::Result<MemoryFiles> {
        let mut input_file = memory_file("input")?;
        std::io::Write::write_all(&mut input_file, input)?;
        Ok(MemoryFiles {
            input: input_file,
            output: memory_file("output")?,
            stderr: memory_file("stderr")?,
        })
    }

    /// Duplicates for one run, from the start of the input and with empty output files.
    pub fn for_run(&self) -> std::io::Result<RunFiles> {
        use std::io::Seek;
        (&self.input).rewind()?;
        for file in [&self.output, &self.stderr] {
            file.set_len(0)?;
            let mut file = file;
            file.rewind()?;
        }
        Ok(RunFiles {
            stdin: self.input.try_clone()?.into(),
            stdout: self.output.try_clone()?.into(),
            stderr: self.stderr.try_clone()?.into(),
        })
    }

    /// The program's output: all of it, or only the first `KEPT_BYTES` when `whole` is false.
    pub fn output(&self, whole: bool) -> std::io::Result<Vec<u8>> {
        read_from_start(
            &self.output,
            if whole { u64::MAX } else { KEPT_BYTES as u64 },
        )
    }

    /// What the program wrote to standard error, as text: its first bytes and its last (see
    /// [`stderr_excerpt`]).
    pub fn stderr_head(&self) -> String {
        stderr_excerpt(&self.stderr)
    }
}

/// What a run's kept standard error says: read only after a crash, where the language's
/// runtime may have said that its heap ran out (`Prepared::says_out_of_memory`).
pub fn stderr_says(program: &Prepared, facts: &RunFacts, stderr: &File, kept: u64) -> StderrSays {
    if facts.ended_normally() || program.out_of_memory_messages.is_empty() {
        return StderrSays::Nothing;
    }
    match read_from_start(stderr, kept) {
        Ok(bytes) if program.says_out_of_memory(&bytes) => StderrSays::OutOfMemory,
        _ => StderrSays::Nothing,
    }
}

/// The first `KEPT_BYTES` of a file, from its start, as text.
pub fn head_of_file(file: &File) -> String {
    head(&read_from_start(file, KEPT_BYTES as u64).unwrap_or_default())
}

/// Bytes of a long standard error kept from its end, after its first ones.
const STDERR_TAIL_BYTES: usize = 1024;

/// A program's standard error as text: all of it when it is short, else its first
/// `KEPT_BYTES` less [`STDERR_TAIL_BYTES`], a line saying how much is left out, and its last
/// bytes (a traceback or an assertion's message comes last; a verdict's reason quotes it).
pub fn stderr_excerpt(file: &File) -> String {
    let bytes = read_from_start(file, u64::MAX).unwrap_or_default();
    if bytes.len() <= KEPT_BYTES {
        return head(&bytes);
    }
    let first = KEPT_BYTES - STDERR_TAIL_BYTES;
    let last = bytes.len() - STDERR_TAIL_BYTES;
    format!(
        "{}\n[... {} bytes left out ...]\n{}",
        String::from_utf8_lossy(&bytes[..first]),
        last - first,
        String::from_utf8_lossy(&bytes[last..])
    )
}

/// The first `KEPT_BYTES` of `bytes` as text.
pub fn head(bytes: &[u8]) -> String {
    String::from_utf8_lossy(&bytes[..bytes.len().min(KEPT_BYTES)]).into_owned()
}

/// What one run of a program on an input gave: the facts, and what it wrote.
#[derive(Debug)]
pub struct RunRecord {
    pub facts: RunFacts,
    /// Its whole standard output when it ended normally (a checker needs it all); otherwise
    /// only the first `KEPT_BYTES`, so that a flood of output does not flood the grader.
    pub output: Vec<u8>,
    pub stderr_head: String,
    /// What its standard error says, for the verdict.
    pub stderr_says: StderrSays,
    /// Why a run that writes its output to a named file gave none: the file is missing or
    /// cannot be read (a link, over the output cap). There is nothing to check, as a testlib
    /// checker says of a missing output file: a presentation error.
    pub no_output_file: Option<String>,
}

/// What one run joined to pipes gave: the facts, and what its standard error showed and said.
#[derive(Debug)]
pub struct PipedRun {
    pub facts: RunFacts,
    pub stderr_head: String,
    pub stderr_says: StderrSays,
}

/// A grading worker: one sandbox session and its folder, made at its first run and kept for
/// the next ones (the runs of one worker go one after another).
pub struct Worker<'a> {
    runner: &'a RunnerConfig,
    scratch: &'a Scratch,
    program: &'a Prepared,
    sandbox: Option<SessionFolder>,
    /// Where its runs read and write (standard streams, or named files in a writable folder).
    files: IoFiles,
}

impl<'a> Worker<'a> {
    pub fn new(runner: &'a RunnerConfig, scratch: &'a Scratch, program: &'a Prepared) -> Self {
        Worker {
            runner,
            scratch,
            program,
            sandbox: None,
            files: IoFiles::default(),
        }
    }

    /// Its runs read their input from, and write their output to, the named `files` in their
    /// working folder, which they may write to and which is emptied (the program copied
    /// anew) before each run, so no run sees what another left.
    pub fn with_io_files(mut self, files: IoFiles) -> Self {
        self.files = files;
        self
    }

    /// Runs `program` from now on, in the same session: its file replaces the last
    /// program's in the session's folder.
    pub fn switch_program(&mut self, program: &'a Prepared) -> Result<(), ExecError> {
        if std::ptr::eq(self.program, program) {
            return Ok(());
        }
        self.program = program;
        if let Some(folder) = self.sandbox.as_ref().map(SessionFolder::folder) {
            folder.install(program).map_err(ExecError::Files)?;
        }
        Ok(())
    }

    /// Runs the worker's program on `input` under `limits`, `args` after its own arguments
    /// (a test's arguments of the submission).
    pub fn run(
        &mut self,
        input: &[u8],
        args: &[String],
        limits: Limits,
    ) -> Result<RunRecord, ExecError> {
        let stdin = match self.files.input {
            Some(_) => &[][..],
            None => input,
        };
        let files = MemoryFiles::new(stdin).map_err(ExecError::Files)?;
        let request = run_request(
            self.runner,
            &self.program.program,
            &self.program_args(args, &limits),
            limits,
            StdoutMode::Capture,
        );
        let named = !self.files.is_standard();
        let facts = self.run_in_session(&request, &files, named.then_some(input))?;
        let (output, no_output_file) = match &self.files.output {
            None => (
                files
                    .output(facts.ended_normally())
                    .map_err(ExecError::Files)?,
                None,
            ),
            Some(name) => self.output_file(name, limits.output_bytes),
        };
        Ok(RunRecord {
            stderr_says: stderr_says(self.program, &facts, &files.stderr, limits.stderr_bytes),
            facts,
            output,
            stderr_head: files.stderr_head(),
            no_output_file,
        })
    }

    /// The output the last run wrote to the file `name` in its working folder, or why there
    /// is none. The run wrote the folder: a link, a FIFO or a file over `cap_bytes` is not
    /// read.
    fn output_file(&self, name: &str, cap_bytes: u64) -> (Vec<u8>, Option<String>) {
        let Some(folder) = self.sandbox.as_ref().map(SessionFolder::folder) else {
            return (Vec::new(), Some(format!("wrote no {name}")));
        };
        let work = match judge_core::files::Folder::new(&folder.work()) {
            Ok(work) => work,
            Err(e) => return (Vec::new(), Some(format!("{name} cannot be read: {e}"))),
        };
        let file = work.root().join(name);
        match work.kind_if_any(&file) {
            Ok(None) => (Vec::new(), Some(format!("wrote no {name}"))),
            Ok(Some(_)) => match work.read(&file, judge_core::files::Cap::output_file(cap_bytes)) {
                Ok(bytes) => (bytes, None),
                Err(e) => (Vec::new(), Some(format!("{name} cannot be read: {e}"))),
            },
            Err(e) => (Vec::new(), Some(format!("{name} cannot be read: {e}"))),
        }
    }

    /// Before a run with named files: the work folder emptied but for a fresh copy of the
    /// program, and the input written to its file.
    fn stage_run_folder(
        folder: &SandboxFolder,
        program: &Prepared,
        files: &IoFiles,
        input: &[u8],
    ) -> Result<(), ExecError> {
        folder.install(program).map_err(ExecError::Files)?;
        if let Some(name) = &files.input {
            std::fs::write(folder.work().join(name), input).map_err(ExecError::Files)?;
        }
        Ok(())
    }

    /// Runs the worker's program joined to pipes (against an interactor): `stdin` and `stdout`
    /// are its ends, `args` follow its own arguments. Returns the facts and what its standard
    /// error showed and said.
    pub fn run_piped(
        &mut self,
        stdin: OwnedFd,
        stdout: OwnedFd,
        args: &[String],
        limits: Limits,
    ) -> Result<PipedRun, ExecError> {
        let stderr = memory_file("stderr").map_err(ExecError::Files)?;
        let request = run_request(
            self.runner,
            &self.program.program,
            &self.program_args(args, &limits),
            limits,
            StdoutMode::PassThrough,
        );
        let files = RunFiles {
            stdin,
            stdout,
            stderr: stderr.try_clone().map_err(ExecError::Files)?.into(),
        };
        let (session, _) = self.session()?;
        let ran = session.begin(&request, files).and_then(|_| session.wait());
        match ran {
            Ok(facts) => Ok(PipedRun {
                stderr_head: stderr_excerpt(&stderr),
                stderr_says: stderr_says(self.program, &facts, &stderr, limits.stderr_bytes),
                facts,
            }),
            Err(e) => {
                self.sandbox = None;
                Err(e.into())
            }
        }
    }

    /// The program's own arguments under `limits`, then `args`.
    fn program_args(&self, args: &[String], limits: &Limits) -> Vec<String> {
        let mut all = self.program.args_for(limits);
        all.extend_from_slice(args);
        all
    }

    /// The worker's session and its folder, started if needed. Runs with named files may
    /// write to the work folder.
    fn session(&mut self) -> Result<(&mut Session, &SandboxFolder), ExecError> {
        let sandbox = match &mut self.sandbox {
            Some(sandbox) => sandbox,
            none => {
                let folder = self
                    .scratch
                    .sandbox_folder("worker", self.program)
                    .map_err(ExecError::Folders)?;
                let mut spec = folder.session_spec(self.runner);
                if !self.files.is_standard() {
                    self.scratch
                        .give_to_runs(&folder.work())
                        .map_err(ExecError::Folders)?;
                    spec.writable_workdir = true;
                }
                none.insert(SessionFolder::start(folder, &spec)?)
            }
        };
        Ok(sandbox.parts())
    }

    /// Runs one program in this worker's session, starting the session if needed. A session
    /// that failed is replaced once, so a broken launcher costs a restart, not a verdict.
    /// With `named_input`, the run's folder is staged first (see [`Self::stage_run_folder`]).
    fn run_in_session(
        &mut self,
        request: &RunRequest,
        files: &MemoryFiles,
        named_input: Option<&[u8]>,
    ) -> Result<RunFacts, ExecError> {
        let mut attempt = 0;
        loop {
            let (program, io_files) = (self.program, self.files.clone());
            let (session, folder) = self.session()?;
            if let Some(input) = named_input {
                Self::stage_run_folder(folder, program, &io_files, input)?;
            }
            match session.run(request, files.for_run().map_err(ExecError::Files)?) {
                Ok(facts) => return Ok(facts),
                Err(e) => {
                    self.sandbox = None;
                    attempt += 1;
                    if attempt == 2 {
                        return Err(e.into());
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn a_program_folder_is_copied_whole_with_its_modes_but_not_the_cache_marker() {
        let from = tempfile::tempdir().unwrap();
        let to = tempfile::tempdir().unwrap();
        let file = |name: &str, mode: u32| {
            let path = from.path().join(name);
            std::fs::write(&path, name).unwrap();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        };
        std::fs::create_dir(from.path().join("bin")).unwrap();
        file("run", 0o700);
        file("bin/jury", 0o711);
        file("data.txt", 0o600);
        judge_core::files::mark(from.path()).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", from.path().join("link")).unwrap();
        copy_program_folder(from.path(), to.path()).unwrap();
        let to = to.path();
        assert_eq!(
            std::fs::read_to_string(to.join("bin/jury")).unwrap(),
            "bin/jury"
        );
        assert_eq!(mode(&to.join("run")), 0o755);
        assert_eq!(mode(&to.join("bin/jury")), 0o755);
        assert_eq!(mode(&to.join("data.txt")), 0o644, "readable by the run");
        assert_eq!(mode(&to.join("bin")), 0o755);
        assert!(!to.join(judge_core::files::MARKER).exists());
        assert!(
            std::fs::symlink_metadata(to.join("link")).is_err(),
            "links are left out"
        );
    }
}
