//! Problem code that is a program: a problem's generator, reference solution, input validator,
//! checker or interactor, written in any language of runner.toml (built once through the
//! compile cache) or given as a command. These are problem code, not trusted code: each runs
//! in the sandbox with its own limits, sees its problem's folder read-only, and may write only
//! to a feedback folder and (a program of the testlib convention, as Polygon's invoker runs
//! one) to its current folder, a scratch folder emptied before and after each call; a crash, a
//! timeout or an exit code its convention does not allow is a judge error naming the program,
//! never a hang.
//!
//! `code` makes a folder of programs a [`judge_core::problems::ProblemCode`]; `checker` and
//! `interactor` judge a solution's output or dialogue with the problem's program; `doall`
//! makes a package's generated tests from its generators' commands; `self_tests` runs a
//! package's validators and checker on their own tests; `static_validator` judges a
//! submission's files.

pub mod checker;
mod code;
pub mod doall;
pub mod interactor;
pub mod self_tests;
pub mod static_validator;

use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sha2::{Digest, Sha256};
use thiserror::Error;

pub(crate) use code::store as store_in_cache;
pub use code::{validity, ProgramCode};

use crate::execute::{
    head, head_of_file, run_request, ExecError, MemoryFiles, SandboxFolder, Scratch, SessionFolder,
};
use judge_core::config::{ProgramSource, ProgramSpec, RunnerConfig};
use judge_core::files::{Cap, Folder};
use judge_core::lang::{self, Compiled, LangError, Prepared};
use judge_core::limits::Limits;
use judge_core::problems::CodeError;
use judge_core::scoring::aggregate::ValidatorScore;
use judge_core::scoring::score_file::{feedback_score, ScoreError};
use judge_core::verdict::{self, CheckOutcome, Crash, StderrSays, Verdict};
use judge_sandbox::{self as sandbox, RunFacts, RunFiles, RunRequest, Session, StdoutMode};

/// How a run of a program is started in its session: a plain run, or one with its standard
/// streams joined to another program's (an interactor's).
trait Launch:
    FnOnce(&mut Session, &RunRequest, RunFiles) -> Result<RunFacts, sandbox::SandboxError>
{
}

impl<F> Launch for F where
    F: FnOnce(&mut Session, &RunRequest, RunFiles) -> Result<RunFacts, sandbox::SandboxError>
{
}

/// Why a problem program could not be made ready or run (the grader's side failed, or the
/// program does not build).
#[derive(Debug, Error)]
pub enum PartError {
    #[error("the {name} does not compile:\n{message}")]
    Compile { name: String, message: String },
    #[error("cannot build the {name}: {cause}")]
    Build { name: String, cause: LangError },
    #[error("cannot run the {name}: {cause}")]
    Run { name: String, cause: ExecError },
    #[error(
        "the {name} has a file named `{file}`, the name of a file or folder it is given in \
         each call (which would replace it): rename it"
    )]
    NameTaken { name: String, file: String },
}

/// The names of what a call puts in a program's work folder beside the program's own files.
const CALL_NAMES: [&str; 5] = ["input", "answer", "output", FEEDBACK, SCRATCH];

/// The first name of a built program's own files that a call would replace, if any.
fn name_a_call_takes(prepared: &Prepared) -> Option<String> {
    let own: Vec<String> = if prepared.artifact.is_dir() {
        std::fs::read_dir(&prepared.artifact)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .collect()
    } else {
        vec![prepared.file_name.clone()]
    };
    own.into_iter()
        .find(|name| CALL_NAMES.contains(&name.as_str()))
}

/// The name of the writable folder of a program's work folder (a checker's feedback folder).
const FEEDBACK: &str = "feedback";
/// The name of the writable folder that is a testlib program's current folder (Polygon's
/// invoker lets a checker write files in its current folder: LKSH's `report.txt`). It is
/// emptied before and after each call, so no call sees what another left; the program's own
/// files and the call's stay read-only, one folder up.
const SCRATCH: &str = "scratch";
/// The most files of a validator's feedback folder passed on to the output visualizer.
pub const MOST_FEEDBACK_FILES: usize = 64;
/// How much of a checker's or validator's message is kept.
const MESSAGE_CHARS: usize = 500;

/// What a problem program is, ready to run.
#[derive(Debug, Clone)]
enum Executable {
    /// Compiled (or a script): copied into each sandbox folder like a solution.
    Built(Prepared),
    /// A command: its program is run where it is (the problem's folder is visible read-only).
    Command { program: PathBuf, argv: Vec<String> },
}

/// One call of a problem program.
#[derive(Debug, Default)]
pub struct Call<'a> {
    /// Arguments after the program's own.
    pub args: Vec<String>,
    pub stdin: &'a [u8],
    /// Files to put in its work folder first, by name.
    pub files: Vec<(&'a str, &'a [u8])>,
}

/// What a problem program did.
#[derive(Debug)]
pub struct PartRun {
    pub facts: RunFacts,
    /// Its standard output, whole when it ended normally.
    pub stdout: Vec<u8>,
    pub stderr_head: String,
    /// `judgemessage.txt` from its feedback folder (the Kattis convention), if written.
    pub judge_message: Option<String>,
    /// The partial score its feedback folder holds (`score.txt` or 2023-07
    /// `score_multiplier.txt`), if it wrote one; an unreadable one is the error saying why.
    pub feedback_score: Option<Result<ValidatorScore, ScoreError>>,
    /// `nextpass.in` from its feedback folder (a multi-pass problem's output validator asks
    /// for another pass with it), if written: its bytes, or why they cannot be read. The file
    /// is removed once read, as the format says it is before the next pass.
    pub next_pass: Option<Result<Vec<u8>, String>>,
}

/// Files a run left in its work folder: (name, bytes).
pub type LeftFiles = Vec<(String, Vec<u8>)>;

/// Which of the files a run leaves in its work folder its caller takes
/// ([`ProblemProgram::run_keeping`]).
#[derive(Debug, Clone, Copy)]
pub enum Keep<'a> {
    /// These, by their paths in the work folder, in this order: those present.
    Named(&'a [&'a str]),
    /// The regular files directly in `folder` (a path in the work folder) whose names `wanted`
    /// takes, in byte order of their names: at most [`MOST_FEEDBACK_FILES`] of them, their
    /// bytes together within the cap (more is an error saying so).
    Matching {
        folder: &'a str,
        wanted: fn(&str) -> bool,
    },
}

/// The files of `left` (a run's work folder) that `keep` says, each read as untrusted under
/// `cap` (a link out of it, a FIFO or a device an error naming it).
fn kept_files(left: &Folder, keep: Keep, cap: Cap) -> std::io::Result<LeftFiles> {
    let error = std::io::Error::other;
    let mut kept = Vec::new();
    match keep {
        Keep::Named(names) => {
            for name in names {
                let file = left.root().join(name);
                if left.kind_if_any(&file).map_err(error)?.is_some() {
                    kept.push((name.to_string(), left.read(&file, cap).map_err(error)?));
                }
            }
        }
        Keep::Matching { folder, wanted } => {
            let at = left.root().join(folder);
            if !at.is_dir() {
                return Ok(kept);
            }
            let mut total = 0u64;
            for (name, path) in judge_core::files::sorted_entries(&at)? {
                let Some(name) = name.to_str().filter(|name| wanted(name)) else {
                    continue;
                };
                if kept.len() >= MOST_FEEDBACK_FILES {
                    return Err(std::io::Error::other(format!(
                        "{folder}/ holds more than {MOST_FEEDBACK_FILES} files named so"
                    )));
                }
                let bytes = left.read(&path, cap).map_err(error)?;
                total += bytes.len() as u64;
                if total > cap.bytes {
                    return Err(std::io::Error::other(format!(
                        "{folder}/'s files named so hold more than {} bytes",
                        cap.bytes
                    )));
                }
                kept.push((format!("{folder}/{name}"), bytes));
            }
        }
    }
    Ok(kept)
}

/// How a problem program's run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ended {
    /// It exited by itself with this code, within its limits.
    Exit(i32),
    /// It crashed, ran out of time or memory, wrote too much, or could not start: why.
    Abnormally(String),
}

impl PartRun {
    /// How it ended, judged against `limits` like a solution's run (so a crash at the memory
    /// limit is the memory limit, as for solutions).
    pub fn ended(&self, limits: &Limits) -> Ended {
        let facts = &self.facts;
        match verdict::classify(
            limits,
            facts,
            StderrSays::Nothing,
            Some(&CheckOutcome::Accepted),
        ) {
            Verdict::Accepted => Ended::Exit(0),
            Verdict::RuntimeError(Crash::ExitCode(code)) => Ended::Exit(code),
            Verdict::RuntimeError(Crash::Signal(signal)) => {
                Ended::Abnormally(format!("was killed by {}", sandbox::signal_name(signal)))
            }
            Verdict::TimeLimitExceeded => Ended::Abnormally(format!(
                "ran out of time ({} ms of CPU, {} ms of wall time; limit {} ms)",
                facts.cpu_time_us / 1000,
                facts.wall_time_us / 1000,
                limits.cpu_time.as_millis()
            )),
            Verdict::MemoryLimitExceeded => Ended::Abnormally(format!(
                "went over its memory limit of {} MiB",
                limits.memory_bytes >> 20
            )),
            Verdict::OutputLimitExceeded => Ended::Abnormally(format!(
                "wrote more than its output limit of {} MiB",
                limits.output_bytes >> 20
            )),
            _ => Ended::Abnormally(format!(
                "could not be run: {}",
                facts.launch_error.as_deref().unwrap_or("no reason given")
            )),
        }
    }

    /// What it said about its verdict: the judge message, else its standard error, else its
    /// standard output, on a few lines. Control characters other than line ends are written
    /// as escapes: a checker often quotes the solution's output, which may hold terminal
    /// escape sequences.
    pub fn message(&self) -> String {
        let text = match &self.judge_message {
            Some(message) if !message.trim().is_empty() => message.clone(),
            _ if !self.stderr_head.trim().is_empty() => self.stderr_head.clone(),
            _ => head(&self.stdout),
        };
        // Cut before the escapes are written (the text may be long) and after (they lengthen it).
        let clipped = judge_core::check::clip(text.trim(), MESSAGE_CHARS);
        let lines: Vec<String> = clipped
            .lines()
            .map(|line| judge_core::quote::terminal(line).into_owned())
            .collect();
        judge_core::check::clip(&lines.join("\n"), MESSAGE_CHARS)
    }
}

/// A problem program, built, with the sandbox sessions it runs in (kept between runs; several
/// when graders run it at once).
pub struct ProblemProgram {
    spec: ProgramSpec,
    name: String,
    runner: RunnerConfig,
    scratch: Arc<Scratch>,
    executable: Executable,
    limits: Limits,
    /// A digest of what the program is (its built bytes, or its command and program file):
    /// answers it gave are cached under it.
    identity: String,
    idle: Mutex<Vec<SessionFolder>>,
}

/// A problem program's session and folder kept across its runs, its feedback folder not
/// emptied between them (a multi-pass problem's output validator: the format keeps every file
/// of the feedback folder from one pass to the next, `nextpass.in` aside). Given back to the
/// program's idle sessions when dropped.
pub struct KeptFolder<'p> {
    program: &'p ProblemProgram,
    held: Option<SessionFolder>,
}

impl<'p> KeptFolder<'p> {
    /// The program it runs.
    pub fn program(&self) -> &'p ProblemProgram {
        self.program
    }

    /// Runs the program on `call` in the kept folder (the first run empties its feedback
    /// folder, later ones keep what it holds).
    pub fn run(&mut self, call: &Call) -> Result<PartRun, PartError> {
        let limits = self.program.limits;
        self.run_launching(
            call,
            limits,
            StdoutMode::Capture,
            |session, request, files| session.run(request, files),
        )
    }

    /// Runs it joined to pipes (an interactor) in the kept folder: `stdin` and `stdout` are
    /// its ends; its wall-clock limit is at least `wall_at_least`.
    pub fn run_piped(
        &mut self,
        call: &Call,
        stdin: OwnedFd,
        stdout: OwnedFd,
        wall_at_least: Duration,
    ) -> Result<PartRun, PartError> {
        let program = self.program;
        let mut limits = program.limits;
        limits.wall_time = limits.wall_time.max(wall_at_least);
        let pipes = Mutex::new(Some((stdin, stdout)));
        let stderr =
            sandbox::memory_file("stderr").map_err(|e| program.run_error(ExecError::Files(e)))?;
        let mut run = self.run_launching(
            call,
            limits,
            StdoutMode::PassThrough,
            |session, request, _| {
                let (stdin, stdout) = pipes
                    .lock()
                    .ok()
                    .and_then(|mut pipes| pipes.take())
                    .ok_or_else(|| {
                        sandbox::SandboxError::Launcher("the pipes were already used".into())
                    })?;
                let stderr = stderr.try_clone().map_err(sandbox::SandboxError::Prepare)?;
                session.begin(
                    request,
                    RunFiles {
                        stdin,
                        stdout,
                        stderr: stderr.into(),
                    },
                )?;
                session.wait()
            },
        )?;
        run.stderr_head = head_of_file(&stderr);
        Ok(run)
    }

    /// The file `name` its last run left in its feedback folder (a testlib interactor's output
    /// file), read as untrusted (capped at the tests' cap), or why it cannot be read.
    pub fn feedback_file(&self, name: &str) -> Result<Vec<u8>, String> {
        let Some(folder) = self.held.as_ref().map(SessionFolder::folder) else {
            return Err(format!("the {} did not run", self.program.name()));
        };
        let feedback = Folder::new(&folder.work().join(FEEDBACK)).map_err(|e| e.to_string())?;
        let file = feedback.root().join(name);
        match feedback.kind_if_any(&file) {
            Ok(None) => Err(format!("the {} wrote no {name} file", self.program.name())),
            Ok(Some(_)) => feedback
                .read(&file, self.program.runner.files.tests())
                .map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        }
    }

    /// Every file its last run left in its feedback folder (under folders in it too), by its
    /// path there (`judgemessage.txt`, `steps/1.txt`), for the output visualizer to see as the
    /// validator left them: read as untrusted, each under `cap` and their sum too; a link, a
    /// FIFO or a device is passed over, never followed; more than [`MOST_FEEDBACK_FILES`]
    /// files, or more bytes than the cap, is an error saying so.
    pub fn feedback_files(&self, cap: Cap) -> Result<LeftFiles, String> {
        let Some(folder) = self.held.as_ref().map(SessionFolder::folder) else {
            return Err(format!("the {} did not run", self.program.name()));
        };
        let root = folder.work().join(FEEDBACK);
        let feedback = Folder::new(&root).map_err(|e| e.to_string())?;
        let mut found = Vec::new();
        let mut total = 0u64;
        let mut folders = vec![(root.clone(), 0)];
        while let Some((at, depth)) = folders.pop() {
            let entries = judge_core::files::sorted_entries(&at).map_err(|e| e.to_string())?;
            for (_, path) in entries {
                let Ok(meta) = std::fs::symlink_metadata(&path) else {
                    continue;
                };
                if meta.is_dir() && depth < 4 {
                    folders.push((path, depth + 1));
                    continue;
                }
                if !meta.is_file() {
                    continue;
                }
                if found.len() >= MOST_FEEDBACK_FILES {
                    return Err(format!(
                        "the {}'s feedback folder holds more than {MOST_FEEDBACK_FILES} files",
                        self.program.name()
                    ));
                }
                let bytes = feedback.read(&path, cap).map_err(|e| e.to_string())?;
                total += bytes.len() as u64;
                if total > cap.bytes {
                    return Err(format!(
                        "the {}'s feedback folder holds more than {} bytes",
                        self.program.name(),
                        cap.bytes
                    ));
                }
                let name = path.strip_prefix(&root).unwrap_or(&path);
                found.push((name.to_string_lossy().into_owned(), bytes));
            }
        }
        found.sort();
        Ok(found)
    }

    /// Runs it in the kept session (taken on the first run) as `ProblemProgram::run_in`
    /// does; a session that failed is not kept.
    fn run_launching(
        &mut self,
        call: &Call,
        limits: Limits,
        stdout: StdoutMode,
        launch: impl Launch,
    ) -> Result<PartRun, PartError> {
        let program = self.program;
        let fresh = self.held.is_none();
        if fresh {
            self.held = Some(program.session().map_err(|e| program.run_error(e))?);
        }
        let Some((session, folder)) = self.held.as_mut().map(SessionFolder::parts) else {
            return Err(program.run_error(ExecError::Files(std::io::Error::other(
                "the kept session is gone",
            ))));
        };
        let ran = program.run_in(session, folder, fresh, call, limits, stdout, launch);
        if ran.is_err() {
            self.held = None;
        }
        ran.map_err(|cause| program.run_error(cause))
    }
}

impl Drop for KeptFolder<'_> {
    fn drop(&mut self) {
        if let (Some(held), Ok(mut idle)) = (self.held.take(), self.program.idle.lock()) {
            idle.push(held);
        }
    }
}

impl ProblemProgram {
    /// Its session and folder, kept for several runs (see [`KeptFolder`]).
    pub fn keep_folder(&self) -> KeptFolder<'_> {
        KeptFolder {
            program: self,
            held: None,
        }
    }

    /// Builds the program of `spec` (compiling a source through the compile cache), to run
    /// with the problem's folder `problem_dir` visible read-only.
    pub fn build(
        runner: &RunnerConfig,
        problem_dir: &Path,
        spec: &ProgramSpec,
        scratch: Arc<Scratch>,
    ) -> Result<ProblemProgram, PartError> {
        let name = spec.name();
        let build_error = |cause| PartError::Build {
            name: name.clone(),
            cause,
        };
        let (executable, identity) = match &spec.source {
            ProgramSource::Source { path, language } => {
                // A folder is one program of all its files (a Kattis package's validator with
                // its header; several sources of a language that runs its source, run in
                // place), or one built and run by its own scripts.
                let compiled = if path.is_dir() && lang::has_scripts(path) {
                    lang::prepare_scripts(&lang::BuildSetup::of(runner), path)
                } else if path.is_dir() {
                    lang::prepare_program_folder(
                        &lang::BuildSetup::of(runner),
                        path,
                        language.as_deref(),
                    )
                } else {
                    lang::prepare(&lang::BuildSetup::of(runner), path, language.as_deref())
                };
                match compiled.map_err(build_error)? {
                    Compiled::Ready(prepared) => {
                        if let Some(file) = name_a_call_takes(&prepared) {
                            return Err(PartError::NameTaken { name, file });
                        }
                        let identity =
                            digest_of(&[&prepared.args.join("\0")], &[&prepared.artifact]);
                        (Executable::Built(prepared), identity)
                    }
                    Compiled::Failed { message, .. } => {
                        return Err(PartError::Compile { name, message })
                    }
                }
            }
            ProgramSource::Command(command) => {
                let program = lang::resolve_program(&command[0], &runner.sandbox.path)
                    .map_err(build_error)?;
                let identity = digest_of(&[&command.join("\0")], &[&program]);
                (
                    Executable::Command {
                        program,
                        argv: command.clone(),
                    },
                    identity,
                )
            }
        };
        let mut runner = runner.clone();
        runner
            .sandbox
            .read_only_paths
            .push(problem_dir.to_path_buf());
        let limits = runner.limits.limits_for(spec.time_limit, spec.memory_bytes);
        Ok(ProblemProgram {
            spec: spec.clone(),
            name,
            runner,
            scratch,
            executable,
            limits,
            identity,
            idle: Mutex::new(Vec::new()),
        })
    }

    /// Its name in messages: `checker check.cpp`.
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn spec(&self) -> &ProgramSpec {
        &self.spec
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// What the program is, as a digest.
    pub fn identity(&self) -> &str {
        &self.identity
    }

    /// A judge error about this program: `the checker check.cpp ran out of time`.
    pub fn failed(&self, reason: impl Into<String>) -> CodeError {
        CodeError::Failed {
            program: self.name.clone(),
            reason: reason.into(),
        }
    }

    /// How to run it with `args` after its own, under `limits`.
    /// `args` name the call's files relative to the work folder; a run `in_scratch` (its
    /// current folder the scratch folder) gets them (and its own files) one folder up.
    fn request(
        &self,
        args: &[String],
        limits: Limits,
        stdout: StdoutMode,
        in_scratch: bool,
    ) -> RunRequest {
        let (program, mut argv) = match &self.executable {
            Executable::Built(prepared) => (prepared.program.clone(), prepared.args_for(&limits)),
            Executable::Command { program, argv } => (program.clone(), argv.clone()),
        };
        if !in_scratch {
            argv.extend(args.iter().cloned());
            return run_request(&self.runner, &program, &argv, limits, stdout);
        }
        let up = |arg: &str| match arg.strip_prefix("./") {
            Some(own) => format!("../{own}"),
            None => arg.to_string(),
        };
        let program = match program.to_str() {
            Some(path) if path.starts_with("./") => PathBuf::from(up(path)),
            _ => program,
        };
        let mut argv: Vec<String> = match &self.executable {
            Executable::Built(_) => argv.iter().map(|arg| up(arg)).collect(),
            Executable::Command { .. } => argv,
        };
        argv.extend(args.iter().map(|arg| {
            let first = arg.split('/').next().unwrap_or_default();
            if CALL_NAMES.contains(&first) {
                format!("../{arg}")
            } else {
                arg.clone()
            }
        }));
        run_request(&self.runner, &program, &argv, limits, stdout)
    }

    /// Whether its runs' current folder is a scratch folder of their own (see [`SCRATCH`]):
    /// a program of the testlib convention, as Polygon runs them.
    fn runs_in_scratch(&self) -> bool {
        self.spec.convention == judge_core::config::Convention::Testlib
    }

    /// A session to run in, with its folder: an idle one, or a new one.
    fn session(&self) -> Result<SessionFolder, ExecError> {
        if let Some(idle) = self.idle.lock().ok().and_then(|mut idle| idle.pop()) {
            return Ok(idle);
        }
        self.new_session()
    }

    /// A new session, with a new folder holding the program's files and an empty feedback
    /// folder.
    fn new_session(&self) -> Result<SessionFolder, ExecError> {
        let folder = match &self.executable {
            Executable::Built(prepared) => {
                self.scratch.sandbox_folder(self.spec.role.name(), prepared)
            }
            Executable::Command { .. } => self.scratch.empty_sandbox_folder(self.spec.role.name()),
        }
        .map_err(ExecError::Folders)?;
        let feedback = folder.work().join(FEEDBACK);
        std::fs::create_dir(&feedback).map_err(ExecError::Folders)?;
        self.scratch
            .give_to_runs(&feedback)
            .map_err(ExecError::Folders)?;
        let mut spec = folder.session_spec(&self.runner);
        spec.writable_subfolder = Some(FEEDBACK.to_string());
        if self.runs_in_scratch() {
            let scratch = folder.work().join(SCRATCH);
            std::fs::create_dir(&scratch).map_err(ExecError::Folders)?;
            self.scratch
                .give_to_runs(&scratch)
                .map_err(ExecError::Folders)?;
            spec.current_subfolder = Some(SCRATCH.to_string());
        }
        Ok(SessionFolder::start(folder, &spec)?)
    }

    /// Puts the call's files in the work folder and empties the feedback folder (unless
    /// `keep_feedback`).
    fn prepare_folder(
        folder: &SandboxFolder,
        call: &Call,
        keep_feedback: bool,
    ) -> Result<(), ExecError> {
        let work = folder.work();
        for (name, bytes) in &call.files {
            std::fs::write(work.join(name), bytes).map_err(ExecError::Files)?;
        }
        Self::empty_scratch(folder)?;
        if keep_feedback {
            return Ok(());
        }
        Self::empty(&work.join(FEEDBACK))
    }

    /// Empties the scratch folder, if the program has one (what its last call left).
    fn empty_scratch(folder: &SandboxFolder) -> Result<(), ExecError> {
        let scratch = folder.work().join(SCRATCH);
        if std::fs::symlink_metadata(&scratch).is_ok_and(|meta| meta.is_dir()) {
            Self::empty(&scratch)?;
        }
        Ok(())
    }

    /// Removes what a folder a program wrote to holds, keeping the folder.
    fn empty(folder: &Path) -> Result<(), ExecError> {
        for entry in std::fs::read_dir(folder)
            .map_err(ExecError::Files)?
            .flatten()
        {
            let path = entry.path();
            // What the program left: a link is removed, never followed.
            let is_dir = std::fs::symlink_metadata(&path).is_ok_and(|meta| meta.is_dir());
            let removed = if is_dir {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
            removed.map_err(ExecError::Files)?;
        }
        Ok(())
    }

    /// The judge message its last run left in the feedback folder (its head). The program
    /// wrote the folder: a link out of it, a FIFO or a device there is not read, and the
    /// message says so.
    fn judge_message(folder: &SandboxFolder) -> Option<String> {
        let feedback = Folder::new(&folder.work().join(FEEDBACK)).ok()?;
        let file = feedback.root().join("judgemessage.txt");
        match feedback.kind_if_any(&file) {
            Ok(None) => None,
            Ok(Some(_)) => Some(match feedback.open(&file) {
                Ok(opened) => head_of_file(&opened),
                Err(e) => e.to_string(),
            }),
            Err(e) => Some(e.to_string()),
        }
    }

    /// The score its last run left in the feedback folder, if any (read as untrusted, as
    /// the judge message is; see `scoring::score_file`).
    fn feedback_score(folder: &SandboxFolder) -> Option<Result<ValidatorScore, ScoreError>> {
        let feedback = Folder::new(&folder.work().join(FEEDBACK)).ok()?;
        let read = |name: &str| -> Result<Option<String>, ScoreError> {
            let file = feedback.root().join(name);
            let unreadable = |e: &dyn std::fmt::Display| ScoreError::NotANumber {
                from: name.to_string(),
                found: format!("(cannot be read: {e})"),
            };
            match feedback.kind_if_any(&file) {
                Ok(None) => Ok(None),
                Ok(Some(_)) => feedback
                    .read_text(&file, Cap::CONFIG)
                    .map(Some)
                    .map_err(|e| unreadable(&e)),
                Err(e) => Err(unreadable(&e)),
            }
        };
        let found = read("score.txt").and_then(|score| {
            read("score_multiplier.txt")
                .and_then(|multiplier| feedback_score(score.as_deref(), multiplier.as_deref()))
        });
        found.transpose()
    }

    /// `nextpass.in` as its last run left it in the feedback folder, if there: read as
    /// untrusted (capped at the tests' cap) and removed.
    fn next_pass(&self, folder: &SandboxFolder) -> Option<Result<Vec<u8>, String>> {
        let feedback = Folder::new(&folder.work().join(FEEDBACK)).ok()?;
        let file = feedback.root().join("nextpass.in");
        let read = match feedback.kind_if_any(&file) {
            Ok(None) => return None,
            Ok(Some(_)) => feedback
                .read(&file, self.runner.files.tests())
                .map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        // What the program left: a link is removed, never followed.
        let _ = std::fs::remove_file(&file);
        Some(read)
    }

    /// Runs it once on `call`, its standard output captured.
    pub fn run(&self, call: &Call) -> Result<PartRun, PartError> {
        self.run_with(
            call,
            self.limits,
            StdoutMode::Capture,
            |session, request, files| session.run(request, files),
        )
        .map_err(|cause| self.run_error(cause))
    }

    /// Runs it once in a new session and folder of its own, never kept, with the call's files
    /// beside its own (a static validator's: a submission's files, each at its relative path).
    /// A file of the call whose name the program's own files or the feedback folder already
    /// hold is refused, naming it, rather than replacing them.
    pub fn run_fresh(&self, call: &Call) -> Result<PartRun, PartError> {
        let run = || -> Result<PartRun, ExecError> {
            let mut sandbox = self.new_session()?;
            let (session, folder) = sandbox.parts();
            let work = folder.work();
            for (name, _) in &call.files {
                let first = Path::new(name).components().next();
                let first = first.map(|c| work.join(c.as_os_str()));
                if first.is_some_and(|path| std::fs::symlink_metadata(path).is_ok()) {
                    return Err(ExecError::Files(std::io::Error::other(format!(
                        "`{name}` is the name of one of its own files (or of feedback/)"
                    ))));
                }
            }
            for (name, _) in &call.files {
                if let Some(parent) = work.join(name).parent() {
                    std::fs::create_dir_all(parent).map_err(ExecError::Files)?;
                }
            }
            self.run_in(
                session,
                folder,
                true,
                call,
                self.limits,
                StdoutMode::Capture,
                |session, request, files| session.run(request, files),
            )
        };
        run().map_err(|cause| self.run_error(cause))
    }

    /// Runs it once in a fresh work folder that it may write to (a generator writes its
    /// test's files there: `testcase.in`, ...), its standard output captured; gives the run
    /// and, of the files named `keep`, those it left (each read through `files` under `cap`:
    /// a link, a FIFO or a file over the cap is an error naming it). The folder is removed
    /// after the run, so no run sees what another left.
    pub fn run_writing(
        &self,
        call: &Call,
        keep: &[&str],
        cap: Cap,
    ) -> Result<(PartRun, LeftFiles), PartError> {
        self.run_keeping(call, Keep::Named(keep), cap)
    }

    /// [`ProblemProgram::run_writing`], taking the files `keep` says (named, or those of a
    /// folder whose names match).
    pub fn run_keeping(
        &self,
        call: &Call,
        keep: Keep,
        cap: Cap,
    ) -> Result<(PartRun, LeftFiles), PartError> {
        // The folders the kept files are in: each named file's parent, or the folder itself.
        let kept_folders: Vec<&str> = match keep {
            Keep::Named(names) => names
                .iter()
                .filter_map(|name| name.rsplit_once('/').map(|(parent, _)| parent))
                .collect(),
            Keep::Matching { folder, .. } => vec![folder],
        };
        let fresh = || -> Result<(PartRun, LeftFiles), ExecError> {
            let folder = match &self.executable {
                Executable::Built(prepared) => {
                    self.scratch.sandbox_folder(self.spec.role.name(), prepared)
                }
                Executable::Command { .. } => {
                    self.scratch.empty_sandbox_folder(self.spec.role.name())
                }
            }
            .map_err(ExecError::Folders)?;
            let work = folder.work();
            // The folders the kept files are to be written in (a visualizer's `feedback/`),
            // and those the call's files are in: the run's own, as the files are, so that it
            // may replace them (a visualizer replaces the validator's image).
            let parents = call
                .files
                .iter()
                .filter_map(|(name, _)| Path::new(name).parent())
                .chain(kept_folders.iter().map(Path::new));
            for parent in parents.filter(|p| *p != Path::new("")) {
                let parent = work.join(parent);
                std::fs::create_dir_all(&parent).map_err(ExecError::Files)?;
                self.scratch
                    .give_to_runs(&parent)
                    .map_err(ExecError::Folders)?;
            }
            for (name, bytes) in &call.files {
                let path = work.join(name);
                std::fs::write(&path, bytes).map_err(ExecError::Files)?;
                if name.contains('/') {
                    self.scratch
                        .give_to_runs(&path)
                        .map_err(ExecError::Folders)?;
                }
            }
            let mut spec = folder.session_spec(&self.runner);
            spec.writable_workdir = true;
            let mut session = Session::start(&spec)?;
            let files = MemoryFiles::new(call.stdin).map_err(ExecError::Files)?;
            // Its current folder is the work folder itself, writable.
            let request = self.request(&call.args, self.limits, StdoutMode::Capture, false);
            let facts = session.run(&request, files.for_run().map_err(ExecError::Files)?)?;
            drop(session);
            let stdout = files
                .output(facts.ended_normally())
                .map_err(ExecError::Files)?;
            let left =
                Folder::new(&work).map_err(|e| ExecError::Files(std::io::Error::other(e)))?;
            let kept = kept_files(&left, keep, cap).map_err(ExecError::Files)?;
            let run = PartRun {
                stdout,
                stderr_head: files.stderr_head(),
                judge_message: None,
                feedback_score: None,
                next_pass: None,
                facts,
            };
            Ok((run, kept))
        };
        fresh().map_err(|cause| self.run_error(cause))
    }

    fn run_error(&self, cause: ExecError) -> PartError {
        PartError::Run {
            name: self.name.clone(),
            cause,
        }
    }

    /// Runs it in a session of its own: `launch` runs `request` there with the files of
    /// `call`'s standard input. A session that failed is not kept.
    fn run_with(
        &self,
        call: &Call,
        limits: Limits,
        stdout: StdoutMode,
        launch: impl Launch,
    ) -> Result<PartRun, ExecError> {
        let mut sandbox = self.session()?;
        let (session, folder) = sandbox.parts();
        let run = self.run_in(session, folder, true, call, limits, stdout, launch)?;
        if let Ok(mut idle) = self.idle.lock() {
            idle.push(sandbox);
        }
        Ok(run)
    }

    /// Runs it in `session`, whose folder is `folder` (its feedback folder emptied first
    /// when `fresh_feedback`), as [`Self::run_with`] does.
    #[allow(clippy::too_many_arguments)]
    fn run_in(
        &self,
        session: &mut Session,
        folder: &SandboxFolder,
        fresh_feedback: bool,
        call: &Call,
        limits: Limits,
        stdout: StdoutMode,
        launch: impl Launch,
    ) -> Result<PartRun, ExecError> {
        Self::prepare_folder(folder, call, !fresh_feedback)?;
        let files = MemoryFiles::new(call.stdin).map_err(ExecError::Files)?;
        // Its session was started in its scratch folder (`new_session`) when it has one.
        let request = self.request(&call.args, limits, stdout, self.runs_in_scratch());
        let facts = launch(
            session,
            &request,
            files.for_run().map_err(ExecError::Files)?,
        )?;
        let stdout = files
            .output(facts.ended_normally())
            .map_err(ExecError::Files)?;
        Self::empty_scratch(folder)?;
        let run = PartRun {
            stdout,
            stderr_head: files.stderr_head(),
            judge_message: Self::judge_message(folder),
            feedback_score: Self::feedback_score(folder),
            next_pass: self.next_pass(folder),
            facts,
        };
        Ok(run)
    }
}

/// A digest of some strings and files' bytes (a file that cannot be read counts by its path).
fn digest_of(strings: &[&str], files: &[&Path]) -> String {
    let mut hasher = Sha256::new();
    for text in strings {
        hasher.update(text.as_bytes());
        hasher.update([0]);
    }
    for file in files {
        // Hashed as a stream: a runtime named by a command may be large.
        let hashed = judge_core::files::open_regular(file)
            .ok()
            .and_then(|opened| judge_core::plan::sha256_hex_of(opened).ok());
        match hashed {
            Some(hash) => hasher.update(hash.as_bytes()),
            None => hasher.update(file.to_string_lossy().as_bytes()),
        }
        hasher.update([0]);
    }
    hasher
        .finalize()
        .iter()
        .take(16)
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(judge_message: &str) -> String {
        PartRun {
            facts: judge_core::verdict::fixtures::clean_exit(),
            stdout: Vec::new(),
            stderr_head: String::new(),
            judge_message: Some(judge_message.into()),
            feedback_score: None,
            next_pass: None,
        }
        .message()
    }

    #[test]
    fn a_long_message_is_cut_after_its_escapes_are_written() {
        let message = said(&"\u{1b}".repeat(2 * MESSAGE_CHARS));
        assert!(message.chars().count() <= MESSAGE_CHARS + 3, "{message}");
        assert!(message.starts_with("\\u{1b}"));
    }

    #[test]
    fn a_message_quoting_terminal_escapes_keeps_its_lines_but_not_its_escapes() {
        let message = said("expected 3\nreceived \u{1b}[2J\u{1b}]0;owned\u{7}x\r");
        assert_eq!(
            message,
            "expected 3\nreceived \\u{1b}[2J\\u{1b}]0;owned\\u{7}x"
        );
        assert!(!message.chars().any(|c| c.is_control() && c != '\n'));
    }
}
