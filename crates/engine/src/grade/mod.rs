//! Grading, the library's engine: each kind of work is a function from a typed request to a
//! typed summary that tells reporters what happens as it happens ([`events`]: the `Event`s and
//! the `Reporter` trait the reports implement).
//!
//! Its modules, lowest first: each imports only modules listed before it, so the folder has
//! no import circle.
//! - [`outcome`]: the one `Outcome` of a unit and the one `RunSummary` of a run, with their
//!   JSON, and what a summary holds (`AppliedLimits`, `RunIdentity`, the `GroupResult` a
//!   job's units are concluded into, a scored run's groups among them);
//! - [`results`]: what each command tells and gives (`Started`, `VerifyRow`, `PackageCheck`,
//!   `StressSummary`, `Comparison`, `Scoreboard`, `CheckedInput` ...), each re-exported by its
//!   command's module;
//! - [`scored`]: a scored problem's tests graded in their groups (skipping, aggregation);
//! - [`events`]: the `Event`s, which carry only those results, and the `Reporter` trait;
//! - [`engine`]: the one loop of a run (execute through an `Executor`, judge, report in plan
//!   order, conclude a group), and the seam that runs it on scripted facts in tests;
//! - `same_tests`: a test that the submission already ran with the same input, answer and
//!   checker arguments takes that run's facts;
//! - [`validation`]: inputs against a problem's validators, in parallel;
//! - [`junk_inputs`]: invalid inputs made from a package's samples (a token removed, a
//!   number made huge ...), for its input validators to reject;
//! - [`validator_checks`]: a package's checks of its validators (`data/invalid_input`,
//!   `invalid_output`, `valid_output`, BAPCtools' answer validators and `invalid_answer`,
//!   the junk inputs);
//! - [`games`]: a solution of an interactive problem over seeded games, and two solutions
//!   compared game by game;
//! - [`merge`]: the JSON parts of a sharded run back into the report of one run;
//! - [`batch`]: a solution on a problem's tests (samples, seeded random tests, a folder);
//! - [`stress`]: tests of growing size until a solution fails, then the failing input shrunk;
//! - [`many`]: many submissions of one problem at once, into a scoreboard, resumable;
//! - [`verify`]: every bundled solution against the verdict its folder names;
//! - [`package`]: a Kattis package verified as problemtools does (its inputs, its time limit,
//!   its submissions, each row made as `verify` makes one).
//!
//! What they share is here: the `GradeError`, a `Submission` and its build, the problem's
//! programs (`ProblemParts`), the plan digest.
//!
//! Each test goes plan -> execution (raw facts) -> checker -> `verdict::classify` here; nothing
//! here prints.

pub mod batch;
pub mod engine;
pub mod events;
mod executor;
/// Fixed gradings for the snapshot tests of the reports (and this crate's tests).
/// Compiled in every build, hidden from the docs: a `fixtures` feature that only the tests
/// turned on made `cargo test --release` compile the libraries a second time.
#[doc(hidden)]
pub mod fixtures;
pub mod games;
pub(crate) mod jobs;
pub mod junk_inputs;
pub mod many;
pub mod merge;
pub mod outcome;
pub mod package;
pub mod results;
mod same_tests;
pub mod scored;
pub mod stress;
mod test_unit;
pub mod timings;
mod unit_store;
pub mod validation;
pub mod validator_checks;
pub mod verify;

pub use outcome::{AppliedLimits, RunIdentity, JUDGE_VERSION};
pub use results::{Started, Unit};

use std::path::{Path, PathBuf};
use std::sync::Arc;

use thiserror::Error;

use crate::execute::ExecError;
use crate::execute::Scratch;
use crate::grade::events::{Event, Reporter};
use crate::programs::{PartError, ProblemProgram};
use judge_core::check::Checker;
use judge_core::cleanup::Stop;
use judge_core::config::{ConfigError, ProblemSpec, ProgramSource, ProgramSpec, RunnerConfig};
use judge_core::files::Cap;
use judge_core::lang::{self, Compiled, LangError, Prepared};
use judge_core::limits::{self, Allowance, Limits, Overrides};
use judge_core::plan::{PlanDigest, PlanError, Shard, TestPlan};
use judge_core::problems::{CodeError, ProblemCode};
use judge_formats::kattis::PackageSubmission;
use judge_sandbox::RunFacts;

#[derive(Debug, Error)]
pub enum GradeError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Problem(#[from] crate::resolve::ProblemError),
    #[error(transparent)]
    Plan(#[from] PlanError),
    #[error(transparent)]
    Lang(#[from] LangError),
    #[error(transparent)]
    Exec(#[from] ExecError),
    #[error("problem {0} has no built-in generator and reference solver: grade it on its samples (--tests samples) or a folder of tests (--tests-dir)")]
    NoGenerator(String),
    #[error("problem {0} has no built-in interactor (is it interactive?)")]
    NoInteractor(String),
    #[error("{what} works on {kind} problems; {problem} is not one")]
    WrongKind {
        what: &'static str,
        kind: &'static str,
        problem: String,
    },
    #[error("{path} does not compile:\n{message}")]
    DoesNotCompile { path: PathBuf, message: String },
    /// A submission that cannot be built (its folder cannot be read, say): the message
    /// names it.
    #[error("{message}")]
    NotBuilt { path: PathBuf, message: String },
    #[error("the reference rejected {what}: {message}")]
    Reference { what: String, message: String },
    #[error("cannot write {path}: {cause}")]
    Write {
        path: PathBuf,
        cause: std::io::Error,
    },
    /// The cause is the source, said once after this (a closed pipe is found there).
    #[error("cannot write the report")]
    Report(#[source] std::io::Error),
    /// A result of `grade` could not be kept (the cause names the file).
    #[error("cannot write the result")]
    Keep(#[source] std::io::Error),
    #[error(transparent)]
    Part(#[from] PartError),
    #[error(transparent)]
    Code(#[from] CodeError),
    #[error("the grader was interrupted")]
    Interrupted,
    #[error("--shard works on a whole plan; {0}")]
    ShardConflict(&'static str),
    #[error("{0}: no such file or folder")]
    NoSuchSubmission(PathBuf),
    #[error("{0}: no submissions here (files in a known language, or folders holding one)")]
    NoSubmissions(PathBuf),
    #[error("cannot read {path}: {cause}")]
    Read {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error("{0}")]
    Package(String),
}

/// This judge's build: its version and a digest of its own executable, so results stored by
/// another build of the same version (a rebuilt or upgraded judge) are not taken for its own.
pub fn judge_build() -> &'static str {
    static BUILD: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    BUILD.get_or_init(|| {
        let executable = judge_core::files::open_regular(std::path::Path::new("/proc/self/exe"))
            .ok()
            .and_then(|opened| judge_core::plan::sha256_hex_of(opened).ok());
        match executable {
            Some(digest) => format!("{JUDGE_VERSION}+{}", &digest[..16]),
            // Unreadable (an odd /proc): the version alone, as before.
            None => JUDGE_VERSION.to_string(),
        }
    })
}

/// The units a plan digest covers, with what decides their results besides the problem.
pub(crate) enum PlannedUnits<'a> {
    Tests {
        tests: &'a TestPlan,
        /// The factor `verify` enforces the time limits by (a run's limits are longer).
        enforce_time_factor: f64,
        /// The cap a test file is read under.
        files: Cap,
        /// Where the files read are kept for the run, if they are (see `batch::ReadAhead`).
        read_ahead: Option<&'a mut batch::ReadAhead>,
    },
    Games(&'a [u64]),
}

/// What decides a run's results, as a digest: the problem (see `digest_problem`), the seed,
/// the language, the limits, the submission's bytes and the units (a test's name and bytes, or
/// the seed and count of generated tests; the games). The one digest of a plan, for shards
/// (`merge` checks that parts share it) and for `grade`'s stored results.
pub(crate) fn plan_digest(
    problem: &ProblemSpec,
    seed: u64,
    units: PlannedUnits,
    language_id: &str,
    limits: &Limits,
    submission_sha256: &str,
) -> Result<String, GradeError> {
    let mut digest = PlanDigest::new();
    digest_problem(&mut digest, problem);
    digest
        .add("seed", seed)
        .add("language", language_id)
        .add("limits", format!("{limits:?}"));
    if let PlannedUnits::Tests {
        enforce_time_factor,
        ..
    } = &units
    {
        digest.add("enforce_time_factor", enforce_time_factor.max(1.0));
    }
    digest.add("submission", submission_sha256);
    match units {
        PlannedUnits::Tests {
            tests,
            files,
            read_ahead,
            ..
        } => batch::digest_tests(&mut digest, tests, files, read_ahead)?,
        PlannedUnits::Games(games) => {
            for game in games {
                digest.add("game", game);
            }
        }
    }
    Ok(digest.finish())
}

/// The SHA-256 of a submission (a file's bytes, a folder's files), for plan identities.
pub(crate) fn submission_digest(path: &Path) -> Result<String, GradeError> {
    Ok(lang::submission_sha256(path)?)
}

/// Adds to a plan digest what of a problem decides its results besides the tests: its id,
/// checker, game settings and programs, with the bytes of the programs' files (a source, or
/// the files of a command's words in the problem's folder). A result kept by `grade` is then
/// not taken after problem.toml or a program of the problem's changed.
pub(crate) fn digest_problem(digest: &mut PlanDigest, problem: &ProblemSpec) {
    digest
        .add("problem", &problem.id)
        .add("checker", format!("{:?}", problem.checker))
        .add("settings", format!("{:?}", problem.interactive))
        .add("programs", format!("{:?}", problem.programs));
    let checker = match &problem.checker {
        Checker::Program(spec) => Some(spec),
        Checker::Compare(_) => None,
    };
    let programs = &problem.programs;
    let specs = [
        checker,
        programs.generator.as_ref(),
        programs.reference.as_ref(),
        programs.validator.as_ref(),
        programs.interactor.as_ref(),
        programs.static_validator.as_ref(),
    ];
    let more = programs.more_checkers.iter().map(Some);
    for spec in specs.into_iter().chain(more).flatten() {
        let files: Vec<PathBuf> = match &spec.source {
            ProgramSource::Source { path, .. } => vec![path.clone()],
            ProgramSource::Command(words) => words
                .iter()
                .map(|word| problem.dir.join(word))
                .filter(|path| path.starts_with(&problem.dir) && path.is_file())
                .collect(),
        };
        for file in files {
            // A file that cannot be read digests as empty: building the program reports it.
            // A folder (a package's program of several files) digests as all its files.
            let hash = judge_core::lang::submission_sha256(&file)
                .unwrap_or_else(|_| judge_core::plan::sha256_hex(b""));
            digest.add(spec.role.name(), hash);
        }
    }
}

/// A submission: a source file (or a ready executable) and its language, when the file's
/// extension should not decide it.
#[derive(Debug, Clone)]
pub struct Submission {
    pub path: PathBuf,
    pub language: Option<String>,
    /// Its language is detected as a Kattis package's submissions are (a folder is one
    /// program; a file in a language this machine lacks is not graded, naming it), rather
    /// than by the extension alone with anything else taken as a ready binary.
    pub detect_like_kattis: bool,
    /// The main file of a folder (its path in it, or its name without extension), as a
    /// package's `submissions.yaml` names it; else the folder's own rule picks it.
    pub entrypoint: Option<String>,
}

impl Submission {
    pub fn new(path: impl Into<PathBuf>) -> Submission {
        Submission {
            path: path.into(),
            language: None,
            detect_like_kattis: false,
            entrypoint: None,
        }
    }

    /// What tells the program built from it from another: the digest of its bytes (see
    /// `lang::submission_sha256`; empty when they cannot be read), and its entry point.
    pub fn digest(&self) -> String {
        let bytes = lang::submission_sha256(&self.path).unwrap_or_default();
        match &self.entrypoint {
            Some(entrypoint) => format!("{bytes} entrypoint {entrypoint}"),
            None => bytes,
        }
    }

    /// Compiles it (or finds it in the compile cache) in the language of its `target`: a
    /// folder as one program, a file as a source of that language, else as a ready binary.
    pub(crate) fn prepare(
        &self,
        runner: &RunnerConfig,
        target: &Target,
    ) -> Result<Compiled, LangError> {
        let language = target.language.as_deref();
        if self.detect_like_kattis || self.path.is_dir() {
            lang::prepare_submission(
                &lang::BuildSetup::of(runner),
                &self.path,
                language,
                self.entrypoint.as_deref(),
            )
        } else {
            lang::prepare(&lang::BuildSetup::of(runner), &self.path, language)
        }
    }

    /// A submission of a Kattis package (see `detect_like_kattis`).
    pub fn of_package(path: impl Into<PathBuf>) -> Submission {
        Submission {
            detect_like_kattis: true,
            ..Submission::new(path)
        }
    }

    /// A package's submission, built as its `submissions.yaml` says (language, entry point).
    pub fn of_package_submission(submission: &PackageSubmission) -> Submission {
        Submission {
            language: submission.language.clone(),
            entrypoint: submission.entrypoint.clone(),
            ..Submission::of_package(&submission.path)
        }
    }

    /// Its path as reports show it: relative to the current folder when that is shorter.
    pub fn display_name(&self) -> String {
        display_path(&self.path).display().to_string()
    }
}

/// A path relative to the current folder when that is shorter, for messages.
pub fn display_path(path: &Path) -> PathBuf {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf())
}

/// A problem's code (built in, or its programs) for gen, solve, validate and grading: `None`
/// when it has neither (a problem of samples only); see `resolve::code`.
pub(crate) fn load_code(
    runner: &RunnerConfig,
    problem: &ProblemSpec,
    scratch: &Arc<Scratch>,
) -> Result<Option<Box<dyn ProblemCode>>, GradeError> {
    Ok(crate::resolve::code(runner, problem, scratch)?)
}

/// Everything of a problem's that grading a batch (or interactor-judged) problem needs.
pub(crate) struct ProblemParts {
    pub code: Option<Box<dyn ProblemCode>>,
    /// The checker, when it is a program of the problem's.
    pub checker: Option<ProblemProgram>,
    /// The checkers run after it, in turn (a legacy package's further output validators).
    pub more_checkers: Vec<ProblemProgram>,
    pub interactor: Option<ProblemProgram>,
    /// A scoring package's custom grader.
    pub grader: Option<ProblemProgram>,
    /// A 2025-09 package's static validator (see `programs::static_validator`).
    pub static_validator: Option<ProblemProgram>,
    /// A 2025-09 package's output visualizer, run after the checker on each test, when a
    /// report asked for its images (`grade::package`); why it was not built, if it was not.
    pub output_visualizer: Option<Result<ProblemProgram, String>>,
}

impl ProblemParts {
    pub fn build(
        runner: &RunnerConfig,
        problem: &ProblemSpec,
        scratch: &Arc<Scratch>,
    ) -> Result<ProblemParts, GradeError> {
        let build =
            |spec: &ProgramSpec| ProblemProgram::build(runner, &problem.dir, spec, scratch.clone());
        Ok(ProblemParts {
            code: load_code(runner, problem, scratch)?,
            checker: match &problem.checker {
                Checker::Program(spec) => Some(build(spec)?),
                Checker::Compare(_) => None,
            },
            more_checkers: problem
                .programs
                .more_checkers
                .iter()
                .map(build)
                .collect::<Result<_, _>>()?,
            interactor: problem
                .programs
                .interactor
                .as_ref()
                .map(build)
                .transpose()?,
            grader: problem.programs.grader.as_ref().map(build).transpose()?,
            static_validator: problem
                .programs
                .static_validator
                .as_ref()
                .map(build)
                .transpose()?,
            output_visualizer: None,
        })
    }
}

/// A submission after compilation, with its language and the limits it runs under.
pub(crate) struct Build {
    pub compiled: Compiled,
    pub target: Target,
}

/// What a submission is built and run as, known before it is compiled: its language (or a
/// ready binary) and the limits it runs under.
#[derive(Debug, Clone)]
pub(crate) struct Target {
    /// The language's id, or `None` for a ready binary.
    pub language: Option<String>,
    /// The language's id, or `binary`.
    pub language_id: String,
    /// The language's name, or `ready binary`.
    pub language_name: String,
    pub limits: Limits,
    /// Why its times may differ from the real judge's (a Kattis package's Python run under
    /// CPython because PyPy is not installed).
    pub timing_warning: Option<String>,
}

impl Target {
    /// The language a submission is built in (its own, the one given, or for a Kattis
    /// package the one Kattis runs it in: Python 3 under PyPy 3) and its limits; a language
    /// whose compiler or runtime is not installed is an error naming the program.
    pub fn of(
        runner: &RunnerConfig,
        problem: &ProblemSpec,
        submission: &Submission,
        overrides: &Overrides,
    ) -> Result<Target, GradeError> {
        let detected = lang::submission_language(
            &runner.languages,
            &submission.path,
            submission.language.as_deref(),
            submission.detect_like_kattis,
        )?;
        let (language, timing_warning) = match detected {
            Some(language) if problem.runs_as_on_kattis && submission.language.is_none() => {
                let (language, warning) =
                    lang::as_on_kattis(&runner.languages, &runner.sandbox.path, language);
                (Some(language), warning)
            }
            other => (other, None),
        };
        if let Some(language) = language {
            lang::check_installed(&runner.sandbox.path, language)?;
        }
        let allowance = language.map_or(Allowance::NONE, |l| l.allowance);
        Ok(Target {
            language: language.map(|l| l.id.clone()),
            language_id: language.map_or("binary".to_string(), |l| l.id.clone()),
            language_name: language.map_or("ready binary".to_string(), |l| l.name.clone()),
            limits: limits::resolve(&problem.limits, &allowance, &runner.limits, overrides),
            timing_warning,
        })
    }
}

/// A run's summary before any unit ran (a compile error's as it stands): `judge test`'s of
/// tests and of games, with the `detail` of its kind.
pub(crate) fn summary_before_units(
    problem: &ProblemSpec,
    solution: String,
    target: &Target,
    seed: u64,
    run: RunIdentity,
    detail: outcome::RunDetail,
) -> outcome::RunSummary {
    outcome::RunSummary {
        problem: problem.id.clone(),
        solution,
        language: target.language_name.clone(),
        verdict: judge_core::verdict::Verdict::CompileError,
        seed,
        limits: AppliedLimits::from(&target.limits),
        protections: Vec::new(),
        compile_message: None,
        outcomes: Vec::new(),
        tally: None,
        run,
        detail,
    }
}

/// Compiles a submission (or finds it in the compile cache) and resolves its limits.
pub(crate) fn build(
    runner: &RunnerConfig,
    problem: &ProblemSpec,
    submission: &Submission,
    overrides: &Overrides,
) -> Result<Build, GradeError> {
    let target = Target::of(runner, problem, submission, overrides)?;
    let compiled = submission.prepare(runner, &target)?;
    Ok(Build { compiled, target })
}

/// Compiles a program that must compile (a solution to stress or compare): a compile error
/// is an error naming the file, with the compiler's message.
pub fn compile_or_fail(runner: &RunnerConfig, path: &Path) -> Result<Prepared, GradeError> {
    match lang::prepare(&lang::BuildSetup::of(runner), path, None)? {
        Compiled::Ready(prepared) => Ok(prepared),
        Compiled::Failed { message, .. } => Err(GradeError::DoesNotCompile {
            path: path.to_path_buf(),
            message,
        }),
    }
}

/// A grading's start is made here, from the submission and its build, which `results` (where
/// `Started` is) does not know.
impl Started {
    #[allow(clippy::too_many_arguments)]
    fn new(
        problem: &ProblemSpec,
        submission: &Submission,
        prepared: &Prepared,
        unit: Unit,
        count: usize,
        shard: Option<Shard>,
        seed: u64,
        jobs: usize,
    ) -> Started {
        Started {
            problem: problem.id.clone(),
            solution: submission.display_name(),
            language: prepared.language_name.clone(),
            unit,
            count,
            shard,
            seed,
            jobs,
            cached: prepared.cached,
            compile_ms: prepared.compile_time.as_millis() as u64,
            board: None,
        }
    }
}

/// The sandbox's protections, as the first run that has facts reports them (every run of a
/// grading has the same).
fn protections_of<'a>(facts: impl Iterator<Item = Option<&'a RunFacts>>) -> Vec<String> {
    facts
        .flatten()
        .next()
        .map(|f| f.protections.clone())
        .unwrap_or_default()
}

/// The error of one row of a run of many (a solution of `verify` that could not be graded),
/// as the row says it; or the end of the whole run: a reporter that cannot write, or an
/// interruption, `stop` asked for (whatever failed then failed because of it).
pub(crate) fn row_error(error: GradeError, stop: Stop) -> Result<String, GradeError> {
    match error {
        GradeError::Report(e) => Err(GradeError::Report(e)),
        _ if stop.requested() => Err(GradeError::Interrupted),
        error => Ok(error.to_string()),
    }
}

/// Tells a reporter of an event; a reporter that cannot write (a closed pipe, a full disk)
/// ends the grading.
fn tell(reporter: &mut dyn Reporter, event: Event) -> Result<(), GradeError> {
    reporter.report(&event).map_err(GradeError::Report)
}
