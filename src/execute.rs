//! Executing a plan of batch tests: parallel workers, each with its own sandbox session, each
//! materialise a test (read a sample or generate one and solve it with the reference), run the
//! prepared solution in the sandbox, check the output and classify the facts. Each test's
//! outcome goes out in test order to whoever reports it; nothing here prints.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;
use thiserror::Error;

use crate::check::Checker;
use crate::config::{RunnerConfig, SandboxConfig};
use crate::lang::Prepared;
use crate::limits::Limits;
use crate::plan::{PlannedTest, TestSource};
use crate::problems::{self, GenRequest, Problem};
use crate::sandbox::{
    self, read_from_start, Isolation, RunFacts, RunFiles, RunRequest, Session, SessionSpec,
    StdoutMode,
};
use crate::verdict::{self, CheckOutcome, Verdict};

#[derive(Debug, Error)]
pub enum ExecError {
    #[error("cannot create the run folders: {0}")]
    Folders(std::io::Error),
    #[error("the grader was interrupted")]
    Interrupted,
}

/// How much of inputs and outputs a test result keeps for the report.
pub const KEPT_BYTES: usize = 4096;

/// The result of one test.
#[derive(Debug, Clone, Serialize)]
pub struct TestOutcome {
    pub name: String,
    pub verdict: Verdict,
    /// `RE (SIGSEGV)` and the like.
    pub verdict_detail: String,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    pub peak_kib: u64,
    /// The checker's message, or why the run failed.
    pub message: Option<String>,
    #[serde(skip)]
    pub input_head: String,
    #[serde(skip)]
    pub input_bytes: usize,
    #[serde(skip)]
    pub expected_head: Option<String>,
    #[serde(skip)]
    pub received_head: String,
    #[serde(skip)]
    pub received_bytes: u64,
    #[serde(skip)]
    pub stderr_head: String,
    /// How to print this test's input again.
    pub reproduce: Option<String>,
    #[serde(skip)]
    pub facts: Option<RunFacts>,
}

impl TestOutcome {
    /// The verdict with its message: `WA: token 1 ...`.
    pub fn verdict_with_message(&self) -> String {
        match &self.message {
            Some(message) => format!("{}: {message}", self.verdict_detail),
            None => self.verdict_detail.clone(),
        }
    }
}

/// Shared, read-only context of a batch run.
pub struct BatchRun<'a> {
    pub runner: &'a RunnerConfig,
    pub problem_id: &'a str,
    pub problem_dir: &'a Path,
    pub problem: &'a dyn Problem,
    pub checker: &'a Checker,
    pub solution: &'a Prepared,
    /// The limits verdicts are judged against.
    pub limits: Limits,
    /// The limits the sandbox enforces: normally the same; larger when a setter wants to see
    /// how far past the limit a slow solution finishes (`judge verify`).
    pub enforced: Limits,
    pub tests: &'a [PlannedTest],
    pub jobs: usize,
    /// Stop scheduling tests after the first one that is not accepted.
    pub stop_at_first_failure: bool,
}

/// The temporary folders of one grading session; removed when dropped.
pub struct Scratch {
    dir: tempfile::TempDir,
    uid: Option<(u32, u32)>,
}

impl Scratch {
    pub fn new(sandbox: &SandboxConfig) -> std::io::Result<Scratch> {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::Builder::new().prefix("judge-").tempdir()?;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))?;
        crate::cleanup::register_dir(dir.path());
        sandbox::remove_stale_groups();
        // SAFETY: geteuid has no preconditions.
        let root = unsafe { libc::geteuid() } == 0;
        Ok(Scratch {
            dir,
            uid: root.then_some((sandbox.uid, sandbox.gid)),
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
        use std::os::unix::fs::PermissionsExt;
        let dir = self.folder(name)?;
        let work = dir.path().join("box");
        std::fs::create_dir(&work)?;
        std::fs::create_dir(dir.path().join("root"))?;
        let copy = work.join(&solution.file_name);
        std::fs::copy(&solution.artifact, &copy)?;
        std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755))?;
        if let Some((uid, gid)) = self.uid {
            std::os::unix::fs::chown(&work, Some(uid), Some(gid))?;
        }
        Ok(SandboxFolder { dir })
    }

    /// A fresh folder named after `name`, removed when dropped.
    fn folder(&self, name: &str) -> std::io::Result<tempfile::TempDir> {
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

/// An anonymous in-memory file (memfd), close-on-exec.
pub fn memory_file(name: &str) -> std::io::Result<File> {
    let fd = rustix::fs::memfd_create(name, rustix::fs::MemfdFlags::CLOEXEC)?;
    Ok(File::from(fd))
}

/// The first `KEPT_BYTES` of a file, from its start, as text.
pub fn head_of_file(file: &File) -> String {
    head(&read_from_start(file, KEPT_BYTES as u64).unwrap_or_default())
}

/// A grading worker's sandbox session and checker folder, made at its first test and kept
/// for the next ones (tests of one worker run one after another).
#[derive(Default)]
pub struct Worker {
    sandbox: Option<(Session, SandboxFolder)>,
    checker_folder: Option<tempfile::TempDir>,
}

impl Worker {
    /// The worker's folder for an external checker's files; each test overwrites the last's.
    fn checker_folder(&mut self, scratch: &Scratch) -> std::io::Result<PathBuf> {
        let folder = match &mut self.checker_folder {
            Some(folder) => folder,
            none => none.insert(scratch.folder("checker")?),
        };
        Ok(folder.path().to_path_buf())
    }

    /// Runs one program in this worker's session, starting the session if needed. A session
    /// that failed is replaced once, so a broken launcher costs a restart, not a verdict.
    fn run(
        &mut self,
        run: &BatchRun,
        scratch: &Scratch,
        request: &RunRequest,
        files: &MemoryFiles,
    ) -> std::io::Result<RunFacts> {
        let mut attempt = 0;
        loop {
            let (session, _) = match &mut self.sandbox {
                Some(sandbox) => sandbox,
                none => {
                    let folder = scratch.sandbox_folder("worker", run.solution)?;
                    let session = Session::start(&folder.session_spec(run.runner))
                        .map_err(std::io::Error::other)?;
                    none.insert((session, folder))
                }
            };
            match session.run(request, files.for_run()?) {
                Ok(facts) => return Ok(facts),
                Err(e) => {
                    self.sandbox = None;
                    attempt += 1;
                    if attempt == 2 {
                        return Err(std::io::Error::other(e.to_string()));
                    }
                }
            }
        }
    }
}

/// The first `KEPT_BYTES` of `bytes` as text.
pub fn head(bytes: &[u8]) -> String {
    String::from_utf8_lossy(&bytes[..bytes.len().min(KEPT_BYTES)]).into_owned()
}

/// A test's input and expected answer, or why they could not be had.
fn materialise(run: &BatchRun, test: &PlannedTest) -> Result<(Vec<u8>, Vec<u8>), String> {
    match &test.source {
        TestSource::Sample { input, answer } => {
            let input = std::fs::read(input)
                .map_err(|e| format!("cannot read {}: {e}", input.display()))?;
            let answer = std::fs::read(answer)
                .map_err(|e| format!("cannot read {}: {e}", answer.display()))?;
            Ok((input, answer))
        }
        TestSource::Generated { seed, index } => {
            let input = problems::generate_test(run.problem, *seed, GenRequest::full(*index));
            let answer = run
                .problem
                .solve(&input)
                .map_err(|e| format!("the reference solver rejected its own test: {e}"))?;
            Ok((input.into_bytes(), answer.into_bytes()))
        }
        TestSource::Inline { input } => {
            let answer = run
                .problem
                .solve(input)
                .map_err(|e| format!("the reference solver rejected the input: {e}"))?;
            Ok((input.clone().into_bytes(), answer.into_bytes()))
        }
    }
}

fn judge_error(test: &PlannedTest, problem_id: &str, message: String) -> TestOutcome {
    TestOutcome {
        name: test.name.clone(),
        verdict: Verdict::JudgeError,
        verdict_detail: "JE".into(),
        cpu_ms: 0,
        wall_ms: 0,
        peak_kib: 0,
        message: Some(message),
        input_head: String::new(),
        input_bytes: 0,
        expected_head: None,
        received_head: String::new(),
        received_bytes: 0,
        stderr_head: String::new(),
        reproduce: test.reproduce_command(problem_id),
        facts: None,
    }
}

/// Runs one test from start to verdict.
pub fn run_test(
    run: &BatchRun,
    scratch: &Scratch,
    worker: &mut Worker,
    test: &PlannedTest,
) -> TestOutcome {
    let (input, answer) = match materialise(run, test) {
        Ok(pair) => pair,
        Err(message) => return judge_error(test, run.problem_id, message),
    };
    let mut attempt = || -> std::io::Result<(RunFacts, Vec<u8>, String, PathBuf)> {
        let files = MemoryFiles::new(&input)?;
        let request = run_request(run.runner, run.solution, run.enforced, StdoutMode::Capture);
        let facts = worker.run(run, scratch, &request, &files)?;
        // The whole output is only needed by the checker, i.e. after a clean exit; otherwise
        // the report's head is enough (a flood of output must not flood the grader).
        let output = files.output(facts.ended_normally())?;
        Ok((
            facts,
            output,
            files.stderr_head(),
            worker.checker_folder(scratch)?,
        ))
    };
    let (facts, output, stderr_head, folder) = match attempt() {
        Ok(result) => result,
        Err(e) => return judge_error(test, run.problem_id, format!("cannot run the test: {e}")),
    };
    let check = facts.ended_normally().then(|| {
        run.checker
            .check(&input, &output, &answer, run.problem_dir, &folder)
    });
    let verdict = verdict::classify(&run.limits, &facts, check.as_ref());
    let message = match (&check, verdict) {
        (Some(CheckOutcome::WrongAnswer(m)), _)
        | (Some(CheckOutcome::PresentationError(m)), _)
        | (Some(CheckOutcome::JudgeError(m)), _) => Some(m.clone()),
        (_, Verdict::RuntimeError(_)) | (_, Verdict::JudgeError) => facts.launch_error.clone(),
        _ => None,
    };
    TestOutcome {
        name: test.name.clone(),
        verdict,
        verdict_detail: verdict.describe(),
        cpu_ms: facts.cpu_time_us / 1000,
        wall_ms: facts.wall_time_us / 1000,
        peak_kib: verdict::peak_memory_bytes(&facts) / 1024,
        message,
        input_head: head(&input),
        input_bytes: input.len(),
        expected_head: Some(head(&answer)),
        received_head: head(&output),
        received_bytes: facts.stdout_bytes,
        stderr_head,
        reproduce: test.reproduce_command(run.problem_id),
        facts: Some(facts),
    }
}

/// Runs the plan's tests with `jobs` workers; `on_test` receives each outcome in plan order.
/// Returns the outcomes of the tests that ran, in plan order (after a failure with
/// `stop_at_first_failure`, later tests are left out even if they ran).
pub fn run_batch(
    run: &BatchRun,
    mut on_test: impl FnMut(&TestOutcome),
) -> Result<Vec<TestOutcome>, ExecError> {
    let scratch = Scratch::new(&run.runner.sandbox).map_err(ExecError::Folders)?;
    let first_failure = AtomicUsize::new(usize::MAX);
    let limit = || {
        if run.stop_at_first_failure {
            first_failure.load(Ordering::SeqCst)
        } else {
            usize::MAX
        }
    };
    let mut outcomes: Vec<Option<TestOutcome>> = vec![None; run.tests.len()];
    let mut reported = 0;
    crate::pool::run_parallel(
        run.tests.len(),
        run.jobs,
        |index| index <= limit(),
        Worker::default,
        |worker, index| {
            let outcome = run_test(run, &scratch, worker, &run.tests[index]);
            if !outcome.verdict.is_accepted() {
                first_failure.fetch_min(index, Ordering::SeqCst);
            }
            outcome
        },
        |index, outcome| {
            outcomes[index] = Some(outcome);
            // Report in plan order: everything up to the first gap (or the first failure).
            while reported < outcomes.len() && reported <= limit() {
                let Some(outcome) = &outcomes[reported] else {
                    break;
                };
                on_test(outcome);
                reported += 1;
            }
        },
    );
    if crate::cleanup::interrupted() {
        return Err(ExecError::Interrupted);
    }
    let limit = limit();
    Ok(outcomes
        .into_iter()
        .enumerate()
        .take_while(|(index, _)| *index <= limit)
        .filter_map(|(_, outcome)| outcome)
        .collect())
}

/// A path relative to the current folder when that is shorter, for messages.
pub fn display_path(path: &Path) -> PathBuf {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf())
}
