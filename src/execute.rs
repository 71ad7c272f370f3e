//! Execution: runs a prepared program on an input in a sandbox and returns the raw facts with
//! what it wrote. Each grading worker keeps one sandbox session (a launcher and its keeper)
//! and one set of folders for all its runs, of one program or, one after another, of several
//! (`judge grade`: the program's file in the session's folder is replaced between them).
//! Nothing here decides a verdict or prints.

use std::fs::File;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::config::{RunnerConfig, SandboxConfig};
use crate::lang::Prepared;
use crate::limits::Limits;
use crate::sandbox::{
    self, memory_file, read_from_start, Isolation, RunFacts, RunFiles, RunRequest, SandboxError,
    Session, SessionSpec, StdoutMode,
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

/// The temporary folders of one grading; removed when dropped (or when the grader is
/// interrupted).
pub struct Scratch {
    dir: tempfile::TempDir,
    uid: Option<(u32, u32)>,
}

impl Scratch {
    pub fn new(sandbox: &SandboxConfig) -> Result<Scratch, ExecError> {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::Builder::new()
            .prefix("judge-")
            .tempdir()
            .map_err(ExecError::Folders)?;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))
            .map_err(ExecError::Folders)?;
        crate::cleanup::register_dir(dir.path());
        sandbox::remove_stale_groups();
        Ok(Scratch {
            dir,
            uid: sandbox::is_root().then_some((sandbox.uid, sandbox.gid)),
        })
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// A fresh sandbox folder: `box/` (the program's work folder, holding a copy of the
    /// solution) and `root/` (the mount point of its private root).
    pub fn sandbox_folder(
        &self,
        name: &str,
        solution: &Prepared,
    ) -> std::io::Result<SandboxFolder> {
        let dir = self.folder(name)?;
        let work = dir.path().join("box");
        std::fs::create_dir(&work)?;
        std::fs::create_dir(dir.path().join("root"))?;
        let folder = SandboxFolder { dir };
        folder.install(solution)?;
        if let Some((uid, gid)) = self.uid {
            std::os::unix::fs::chown(&work, Some(uid), Some(gid))?;
        }
        Ok(folder)
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
        crate::cleanup::unregister_dir(self.dir.path());
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

    /// Puts `solution`'s file in the work folder, in place of whatever program was there.
    /// Programs see the folder read-only, so it holds nothing else; the file is copied
    /// beside and renamed, so a session never sees half a program.
    pub fn install(&self, solution: &Prepared) -> std::io::Result<()> {
        use std::os::unix::fs::PermissionsExt;
        let work = self.path().join("box");
        for entry in std::fs::read_dir(&work)? {
            let entry = entry?;
            if entry.file_name() != solution.file_name.as_str() {
                std::fs::remove_file(entry.path())?;
            }
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
        }
    }
}

/// How to run `solution` (copied into a sandbox folder) under `limits`.
pub fn run_request(
    runner: &RunnerConfig,
    solution: &Prepared,
    limits: Limits,
    stdout: StdoutMode,
) -> RunRequest {
    RunRequest {
        program: solution.program.clone(),
        args: solution.args.clone(),
        env: vec![
            ("PATH".into(), runner.sandbox.path.clone()),
            ("HOME".into(), "/tmp".into()),
            ("LANG".into(), "C.UTF-8".into()),
            ("PYTHONDONTWRITEBYTECODE".into(), "1".into()),
        ],
        limits,
        stdout,
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

    /// The first bytes the program wrote to standard error, as text.
    pub fn stderr_head(&self) -> String {
        head_of_file(&self.stderr)
    }
}

/// The first `KEPT_BYTES` of a file, from its start, as text.
pub fn head_of_file(file: &File) -> String {
    head(&read_from_start(file, KEPT_BYTES as u64).unwrap_or_default())
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
}

/// A grading worker: one sandbox session and its folder, made at its first run and kept for
/// the next ones (the runs of one worker go one after another), and a folder for a checker's
/// files.
pub struct Worker<'a> {
    runner: &'a RunnerConfig,
    scratch: &'a Scratch,
    program: &'a Prepared,
    sandbox: Option<(Session, SandboxFolder)>,
    checker_folder: Option<tempfile::TempDir>,
}

impl<'a> Worker<'a> {
    pub fn new(runner: &'a RunnerConfig, scratch: &'a Scratch, program: &'a Prepared) -> Self {
        Worker {
            runner,
            scratch,
            program,
            sandbox: None,
            checker_folder: None,
        }
    }

    /// Runs `program` from now on, in the same session: its file replaces the last
    /// program's in the session's folder.
    pub fn switch_program(&mut self, program: &'a Prepared) -> Result<(), ExecError> {
        if std::ptr::eq(self.program, program) {
            return Ok(());
        }
        self.program = program;
        if let Some((_, folder)) = &self.sandbox {
            folder.install(program).map_err(ExecError::Files)?;
        }
        Ok(())
    }

    /// The worker's folder for an external checker's files; each test overwrites the last's.
    pub fn checker_folder(&mut self) -> Result<PathBuf, ExecError> {
        let folder = match &mut self.checker_folder {
            Some(folder) => folder,
            none => none.insert(self.scratch.folder("checker").map_err(ExecError::Folders)?),
        };
        Ok(folder.path().to_path_buf())
    }

    /// Runs the worker's program on `input` under `limits`.
    pub fn run(&mut self, input: &[u8], limits: Limits) -> Result<RunRecord, ExecError> {
        let files = MemoryFiles::new(input).map_err(ExecError::Files)?;
        let request = run_request(self.runner, self.program, limits, StdoutMode::Capture);
        let facts = self.run_in_session(&request, &files)?;
        let output = files
            .output(facts.ended_normally())
            .map_err(ExecError::Files)?;
        Ok(RunRecord {
            facts,
            output,
            stderr_head: files.stderr_head(),
        })
    }

    /// Runs one program in this worker's session, starting the session if needed. A session
    /// that failed is replaced once, so a broken launcher costs a restart, not a verdict.
    fn run_in_session(
        &mut self,
        request: &RunRequest,
        files: &MemoryFiles,
    ) -> Result<RunFacts, ExecError> {
        let mut attempt = 0;
        loop {
            let (session, _) = match &mut self.sandbox {
                Some(sandbox) => sandbox,
                none => {
                    let folder = self
                        .scratch
                        .sandbox_folder("worker", self.program)
                        .map_err(ExecError::Folders)?;
                    let session = Session::start(&folder.session_spec(self.runner))?;
                    none.insert((session, folder))
                }
            };
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
