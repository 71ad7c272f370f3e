//! Grading a solution of a batch problem: compile, plan the tests, run them on parallel
//! workers (each with its own sandbox session), check each output and classify each run, and
//! report every test in plan order as it is decided. A sharded run grades its share of the
//! plan's tests (see `plan::Shard`).

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::{
    build, digest_problem, protections_of, submission_digest, tell, AppliedLimits, GradeError,
    ProblemParts, RunIdentity, Started, Submission, Summary, Target, Telling, Unit,
};
use crate::check::Checker;
use crate::config::{ProblemSpec, RunnerConfig};
use crate::execute::{head, ExecError, Scratch, Worker};
use crate::files::{Cap, FileError};
use crate::grade::events::{Event, Reporter};
use crate::lang::{Compiled, Prepared};
use crate::limits::{Limits, Overrides};
use crate::plan::{
    self, PlanDigest, PlanError, PlanIdentity, PlanUnit, PlannedTest, Shard, TestPlan,
    TestSelection, TestSource,
};
use crate::pool::{self, News};
use crate::problems::{CodeError, GenRequest, ProblemCode};
use crate::programs::{self, ProblemProgram};
use crate::sandbox::RunFacts;
use crate::verdict::{self, CheckOutcome, Verdict};

/// Which tests a batch grading runs.
#[derive(Debug, Clone)]
pub enum Tests {
    /// The problem's samples and seeded random tests.
    Planned {
        selection: TestSelection,
        random_count: usize,
    },
    /// The `NAME.in` / `NAME.ans` tests of a folder of the user's.
    Folder(PathBuf),
}

/// What to grade and how.
pub struct BatchRequest<'a> {
    pub runner: &'a RunnerConfig,
    pub problem: &'a ProblemSpec,
    pub submission: Submission,
    pub tests: Tests,
    pub seed: u64,
    pub overrides: Overrides,
    pub jobs: usize,
    /// Stop scheduling tests after the first one that is not accepted.
    pub stop_at_first_failure: bool,
    /// The sandbox enforces the time limits times this factor; verdicts use the real limit
    /// (`verify` runs a too-slow solution longer to see whether it would finish).
    pub enforce_time_factor: f64,
    /// Grade only this shard's share of the tests.
    pub shard: Option<Shard>,
    /// Keep every test's outcome in the summary (for reports that list them: JSON, JUnit,
    /// HTML). Without it the summary keeps the first failure and the figures of the rest
    /// (see [`Tally`]), so memory does not grow with the number of tests.
    pub keep_every_test: bool,
}

/// The figures of every test a run graded, for a summary that does not keep every outcome.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    pub run: usize,
    pub passed: usize,
    pub max_cpu_ms: u64,
    pub max_peak_kib: u64,
    pub disturbed: usize,
}

impl Tally {
    fn add(&mut self, test: &TestOutcome) {
        self.run += 1;
        self.passed += usize::from(test.verdict.is_accepted());
        self.max_cpu_ms = self.max_cpu_ms.max(test.cpu_ms);
        self.max_peak_kib = self.max_peak_kib.max(test.peak_kib);
        self.disturbed += usize::from(test.disturbed);
    }
}

/// The result of one test.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TestOutcome {
    pub name: String,
    pub verdict: Verdict,
    /// `RE (SIGSEGV)` and the like.
    pub verdict_detail: String,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    /// Time the run was ready to run but waited for a CPU that other work held (not counted
    /// against the wall-clock limit).
    pub wait_ms: u64,
    pub peak_kib: u64,
    /// The machine was busy during the run: its timings may be off.
    pub disturbed: bool,
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

    /// A test the grader could not run (JE), with why.
    pub(crate) fn judge_error(
        test: &PlannedTest,
        problem_id: &str,
        message: String,
    ) -> TestOutcome {
        TestOutcome {
            name: test.name.clone(),
            verdict: Verdict::JudgeError,
            verdict_detail: Verdict::JudgeError.describe(),
            cpu_ms: 0,
            wall_ms: 0,
            wait_ms: 0,
            peak_kib: 0,
            disturbed: false,
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
}

/// Everything a report of a batch grading needs, once it is over.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BatchSummary {
    pub problem: String,
    pub solution: String,
    pub language: String,
    /// Why its times may differ from the real judge's (a Kattis package's Python run under
    /// CPython because PyPy is not installed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timing_warning: Option<String>,
    pub verdict: Verdict,
    pub seed: u64,
    pub limits: AppliedLimits,
    /// Protections the sandbox had in force (from the first test that ran).
    pub protections: Vec<String>,
    /// The compiler's message, for CE.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compile_message: Option<String>,
    /// Tests this run was to grade (a shard's share, when sharded).
    pub tests_planned: usize,
    /// The tests' outcomes in plan order: every test that ran, or only the first failure when
    /// `tally` is set.
    pub tests: Vec<TestOutcome>,
    /// The figures of every test that ran when `tests` does not keep them all (see
    /// `BatchRequest::keep_every_test`); `None` when it does, as in a summary read from JSON.
    #[serde(skip)]
    pub tally: Option<Tally>,
    /// The judge's version, the plan's identity and the shard, for merging.
    #[serde(flatten)]
    pub run: RunIdentity,
}

impl BatchSummary {
    /// The figures of every test that ran.
    pub fn tally(&self) -> Tally {
        self.tally.unwrap_or_else(|| {
            let mut tally = Tally::default();
            for test in &self.tests {
                tally.add(test);
            }
            tally
        })
    }

    /// Tests that ran.
    pub fn tests_run(&self) -> usize {
        self.tally().run
    }

    pub fn passed(&self) -> usize {
        self.tally().passed
    }

    /// The first test that was not accepted.
    pub fn first_failure(&self) -> Option<&TestOutcome> {
        self.tests.iter().find(|t| !t.verdict.is_accepted())
    }

    pub fn max_cpu_ms(&self) -> u64 {
        self.tally().max_cpu_ms
    }

    pub fn max_peak_kib(&self) -> u64 {
        self.tally().max_peak_kib
    }

    /// After reading a summary back from JSON: each verdict from its detail (`RE (SIGSEGV)`,
    /// where the JSON's `verdict` says only `RE`), and the summary's from its first failure.
    pub fn restore_verdicts(&mut self) {
        let tests = self
            .tests
            .iter_mut()
            .map(|t| (&mut t.verdict, t.verdict_detail.as_str()));
        super::restore_verdicts(&mut self.verdict, tests);
    }

    /// Tests whose timings the machine's load may have disturbed.
    pub fn disturbed(&self) -> usize {
        self.tally().disturbed
    }
}

/// A test's input and expected answer.
pub(crate) struct TestPair {
    pub input: Vec<u8>,
    pub answer: Vec<u8>,
}

/// The inputs and expected answers of a plan's tests, each made (generated and solved by the
/// reference, or read) once and shared by every submission graded on the plan.
pub(crate) struct SharedTestData {
    slots: HashMap<String, OnceLock<Result<Arc<TestPair>, String>>>,
}

impl SharedTestData {
    pub fn new(tests: &TestPlan) -> SharedTestData {
        SharedTestData {
            slots: tests.iter().map(|t| (t.name, OnceLock::new())).collect(),
        }
    }

    /// The test files a plan's digest read ahead (see [`ReadAhead`]), already made.
    fn read_ahead(read: ReadAhead) -> SharedTestData {
        SharedTestData {
            slots: read
                .pairs
                .into_iter()
                .map(|(name, pair)| (name, OnceLock::from(Ok(Arc::new(pair)))))
                .collect(),
        }
    }
}

/// The test files of a shard that its plan's digest read, kept so a run reads each file once:
/// the files of tests in the shard, up to [`ReadAhead::BUDGET`] bytes in all (the tests
/// after that are read again when they run, so memory stays bounded however large the files).
pub(crate) struct ReadAhead {
    shard: Option<Shard>,
    bytes: u64,
    pairs: Vec<(String, TestPair)>,
}

impl ReadAhead {
    /// At most this many bytes of test files are kept.
    const BUDGET: u64 = 64 << 20;

    pub fn new(shard: Option<Shard>) -> ReadAhead {
        ReadAhead {
            shard,
            bytes: 0,
            pairs: Vec::new(),
        }
    }

    /// Keeps the files of test `index` of the whole plan when it is the shard's and they fit.
    fn keep(&mut self, index: usize, name: &str, input: Vec<u8>, answer: Vec<u8>) {
        let size = (input.len() + answer.len()) as u64;
        let ours = self.shard.map_or(true, |shard| shard.owns(index));
        if ours && self.bytes + size <= Self::BUDGET {
            self.bytes += size;
            self.pairs
                .push((name.to_owned(), TestPair { input, answer }));
        }
    }
}

/// Why a test's input or answer could not be had (the test is then JE).
#[derive(Debug, Error)]
enum TestDataError {
    #[error(transparent)]
    File(#[from] FileError),
    #[error("problem {0} has no generator and reference to make this test")]
    NoCode(String),
    #[error("generated test: {0}")]
    Generated(CodeError),
    #[error("the generated test is not valid: {0}")]
    InvalidGenerated(CodeError),
    #[error("the expected answer: {0}")]
    Answer(CodeError),
}

/// What every test of a grading shares: the problem, its parts, the program and its limits,
/// and the tests' data when several submissions share it.
pub(crate) struct TestContext<'a> {
    pub problem: &'a ProblemSpec,
    pub parts: &'a ProblemParts,
    /// The limits verdicts are judged against.
    pub limits: Limits,
    /// The limits the sandbox enforces: the same, or larger (see `enforce_time_factor`).
    pub enforced: Limits,
    /// Inputs and answers made once for many submissions (else made for each test).
    pub shared: Option<&'a SharedTestData>,
    /// The cap on the tests' files (`files.test_file_limit_mib`).
    pub test_files: Cap,
}

impl TestContext<'_> {
    /// A test's input and expected answer: from the shared data when there is some.
    fn test_pair(&self, test: &PlannedTest) -> Result<Arc<TestPair>, String> {
        let make = || {
            self.test_data(test)
                .map(|(input, answer)| Arc::new(TestPair { input, answer }))
                .map_err(|e| e.to_string())
        };
        match self.shared.and_then(|shared| shared.slots.get(&test.name)) {
            Some(slot) => slot.get_or_init(make).clone(),
            None => make(),
        }
    }

    /// A test's input and expected answer, made afresh (the answer is empty for a problem
    /// whose interactor judges and that has no reference).
    fn test_data(&self, test: &PlannedTest) -> Result<(Vec<u8>, Vec<u8>), TestDataError> {
        let code = || {
            self.parts
                .code
                .as_deref()
                .ok_or_else(|| TestDataError::NoCode(self.problem.id.clone()))
        };
        let answer_to = |input: &str| -> Result<Vec<u8>, TestDataError> {
            let code = code()?;
            if self.parts.interactor.is_some() && !code.can_solve() {
                return Ok(Vec::new());
            }
            Ok(code
                .solve(input)
                .map_err(TestDataError::Answer)?
                .into_bytes())
        };
        match &test.source {
            TestSource::Files {
                input,
                answer,
                folder,
            } => Ok((
                folder.read(input, self.test_files)?,
                folder.read(answer, self.test_files)?,
            )),
            TestSource::Generated { seed, index } => {
                let code = code()?;
                let input = code
                    .generate(*seed, GenRequest::full(*index))
                    .map_err(TestDataError::Generated)?;
                // A generator of the problem's own is checked by its validator (the built-in
                // ones are by golden tests).
                if code.checks_generated() {
                    code.validate(&input)
                        .map_err(TestDataError::InvalidGenerated)?;
                }
                let answer = answer_to(&input)?;
                Ok((input.into_bytes(), answer))
            }
            TestSource::GeneratedHard { seed, index } => {
                let input = code()?
                    .generate_hard(*seed, GenRequest::full(*index))
                    .map_err(TestDataError::Generated)?;
                let answer = answer_to(&input)?;
                Ok((input.into_bytes(), answer))
            }
            TestSource::Inline { input } => {
                let answer = answer_to(input)?;
                Ok((input.clone().into_bytes(), answer))
            }
        }
    }

    /// Runs one test from its data to its verdict.
    pub fn grade_test(&self, worker: &mut Worker, test: &PlannedTest) -> TestOutcome {
        let problem_id = &self.problem.id;
        let pair = match self.test_pair(test) {
            Ok(pair) => pair,
            Err(message) => return TestOutcome::judge_error(test, problem_id, message),
        };
        let (input, answer) = (&pair.input, &pair.answer);
        let judged = match &self.parts.interactor {
            Some(interactor) => {
                self.against_interactor(worker, interactor, input, answer, &test.checker_args)
            }
            None => self.checked(worker, input, answer, &test.checker_args),
        };
        let judged = match judged {
            Ok(judged) => judged,
            Err(e) => {
                return TestOutcome::judge_error(
                    test,
                    problem_id,
                    format!("cannot run the test: {e}"),
                )
            }
        };
        let facts = judged.facts;
        let verdict = judged.verdict;
        let reason = verdict::reason(
            &self.limits,
            &facts,
            verdict,
            judged.stderr_says,
            &judged.stderr_head,
        );
        // The run's reason first; what the checker or interactor said as well, if anything
        // (an interactor says where the game stood when the program crashed).
        let said = match &judged.said {
            Some(CheckOutcome::WrongAnswer(m))
            | Some(CheckOutcome::PresentationError(m))
            | Some(CheckOutcome::JudgeError(m))
                if !m.trim().is_empty() =>
            {
                Some(m)
            }
            _ => None,
        };
        let judged_by = match self.parts.interactor {
            Some(_) => "the interactor",
            None => "the checker",
        };
        let reason = reason.map(|reason| match said {
            Some(words) => format!("{reason}; {judged_by} said: {words}"),
            None => reason,
        });
        let message = reason.or_else(|| match (&judged.said, verdict) {
            (Some(CheckOutcome::WrongAnswer(m)), _)
            | (Some(CheckOutcome::PresentationError(m)), _)
            | (Some(CheckOutcome::JudgeError(m)), _) => Some(m.clone()),
            // A judge error always says why, even when the sandbox gave no words for it.
            (_, Verdict::JudgeError) => Some(facts.launch_error.clone().unwrap_or_else(|| {
                format!(
                    "the run ended as {:?} with no reason given by the sandbox",
                    facts.termination
                )
            })),
            _ => None,
        });
        TestOutcome {
            name: test.name.clone(),
            verdict,
            verdict_detail: verdict.describe(),
            cpu_ms: facts.cpu_time_us / 1000,
            wall_ms: facts.wall_time_us / 1000,
            wait_ms: facts.wait_time_us / 1000,
            peak_kib: verdict::peak_memory_bytes(&facts) / 1024,
            disturbed: facts.disturbed(),
            message,
            input_head: head(input),
            input_bytes: input.len(),
            expected_head: judged.received.is_some().then(|| head(answer)),
            received_head: judged.received.as_deref().map(head).unwrap_or_default(),
            received_bytes: facts.stdout_bytes,
            stderr_head: judged.stderr_head,
            reproduce: test.reproduce_command(problem_id),
            facts: Some(facts),
        }
    }

    /// Runs the solution on `input` and checks its output against `answer`.
    fn checked(
        &self,
        worker: &mut Worker,
        input: &[u8],
        answer: &[u8],
        checker_args: &[String],
    ) -> Result<Judged, ExecError> {
        let record = worker.run(input, self.enforced)?;
        let facts = record.facts;
        let said = facts.ended_normally().then(|| match &self.parts.checker {
            Some(program) => {
                programs::checker::check(program, input, &record.output, answer, checker_args)
            }
            None => match &self.problem.checker {
                Checker::Compare(comparison) => {
                    comparison.check_with(&record.output, answer, checker_args)
                }
                Checker::Program(spec) => {
                    CheckOutcome::JudgeError(format!("the {} was not built", spec.name()))
                }
            },
        });
        Ok(Judged {
            verdict: verdict::classify(&self.limits, &facts, record.stderr_says, said.as_ref()),
            said,
            facts,
            received: Some(record.output),
            stderr_head: record.stderr_head,
            stderr_says: record.stderr_says,
        })
    }

    /// Runs the solution against the problem's interactor on `input`.
    fn against_interactor(
        &self,
        worker: &mut Worker,
        interactor: &ProblemProgram,
        input: &[u8],
        answer: &[u8],
        interactor_args: &[String],
    ) -> Result<Judged, ExecError> {
        let interaction = programs::interactor::run(
            worker,
            self.enforced,
            interactor,
            input,
            answer,
            interactor_args,
        )?;
        Ok(Judged {
            verdict: verdict::classify_interactive(
                &self.limits,
                &interaction.solution,
                interaction.solution_stderr_says,
                &interaction.interactor,
                interaction.interactor_first,
            ),
            said: Some(interaction.interactor),
            facts: interaction.solution,
            received: None,
            stderr_head: interaction.solution_stderr,
            stderr_says: interaction.solution_stderr_says,
        })
    }
}

/// A test's run with what judged it.
struct Judged {
    verdict: Verdict,
    /// The checker's or interactor's word, when it was asked.
    said: Option<CheckOutcome>,
    facts: RunFacts,
    /// The solution's output, when it was captured (not against an interactor).
    received: Option<Vec<u8>>,
    stderr_head: String,
    stderr_says: crate::verdict::StderrSays,
}

/// Grades a batch solution, telling `reporter` as it goes; returns the summary (CE included).
pub fn grade(
    request: &BatchRequest,
    reporter: &mut dyn Reporter,
) -> Result<BatchSummary, GradeError> {
    let problem = request.problem;
    let scratch = Arc::new(Scratch::new(&request.runner.sandbox)?);
    let parts = ProblemParts::build(request.runner, problem, &scratch)?;
    let whole_plan = plan_tests(problem, &request.tests, request.seed, parts.code.as_deref())?;
    let build = build(
        request.runner,
        problem,
        &request.submission,
        &request.overrides,
    )?;
    let mut read_ahead = ReadAhead::new(request.shard);
    let identity = PlanIdentity {
        unit: PlanUnit::Tests,
        units: whole_plan.whole_len(),
        stops_at_first_failure: request.stop_at_first_failure,
        digest: plan_digest(
            problem,
            request.seed,
            &whole_plan,
            build.compiled.language_id(),
            &build.target.limits,
            &submission_digest(&request.submission.path)?,
            request.enforce_time_factor,
            request.runner.files.tests(),
            Some(&mut read_ahead),
        )?,
    };
    let read_ahead = SharedTestData::read_ahead(read_ahead);
    let tests = whole_plan.share(request.shard);
    let mut summary = new_summary(
        problem,
        request.submission.display_name(),
        &build.target,
        request.seed,
        tests.len(),
        RunIdentity::new(identity, request.shard),
    );
    let prepared = match build.compiled {
        Compiled::Failed { message, .. } => {
            summary.compile_message = Some(message);
            return finish(summary, reporter);
        }
        Compiled::Ready(prepared) => prepared,
    };
    let started = Started::new(
        problem,
        &request.submission,
        &prepared,
        Unit::Tests,
        tests.len(),
        request.shard,
        request.seed,
        request.jobs,
    );
    tell(reporter, Event::Started(&started))?;
    let context = TestContext {
        problem,
        parts: &parts,
        limits: build.target.limits,
        enforced: enforced_limits(build.target.limits, request.enforce_time_factor),
        shared: Some(&read_ahead),
        test_files: request.runner.files.tests(),
    };
    let outcomes = run_tests(request, &context, &scratch, &prepared, &tests, reporter)?;
    summary.protections = outcomes.protections.clone();
    summary.verdict = outcomes.verdict;
    summary.tally = (!request.keep_every_test).then_some(outcomes.tally);
    summary.tests = outcomes.kept;
    finish(summary, reporter)
}

/// The tests of a request's whole plan, given the problem's code (built in, or its programs;
/// `None` for a problem of samples only): a problem that cannot generate tests runs only its
/// samples by default, and without a generated hard set the hard tests are its hard folder's
/// alone. Fails when the tests need a generator the problem lacks.
pub(crate) fn plan_tests(
    problem: &ProblemSpec,
    tests: &Tests,
    seed: u64,
    code: Option<&dyn ProblemCode>,
) -> Result<TestPlan, GradeError> {
    let planned = match tests {
        Tests::Folder(dir) => plan::folder_tests(dir)?,
        Tests::Planned {
            selection,
            random_count,
        } => plan::batch_tests(problem, *selection, *random_count, seed)?,
    };
    let can_generate = code.is_some_and(|code| code.can_generate());
    let has_hard_set = code.is_some_and(|code| code.has_hard_set());
    let planned = match tests {
        // A problem of samples only: all its tests are its samples.
        Tests::Planned {
            selection: TestSelection::All,
            ..
        } if !can_generate => planned.files_only(),
        // Without a generated hard set, the hard tests are the hard folder's alone.
        Tests::Planned {
            selection: TestSelection::Hard,
            ..
        } if !has_hard_set => {
            let files = planned.files_only();
            if files.is_empty() {
                return Err(PlanError::NoHardTests {
                    problem: problem.id.clone(),
                    dir: problem.hard_dir(),
                }
                .into());
            }
            files
        }
        _ => planned,
    };
    let needs_code = planned.generated().is_some()
        || planned
            .files()
            .iter()
            .any(|t| !matches!(t.source, TestSource::Files { .. }));
    if needs_code && !can_generate {
        return Err(GradeError::NoGenerator(problem.id.clone()));
    }
    Ok(planned)
}

/// What decides a batch grading's results, as a digest: the problem (see `digest_problem`), the
/// seed, the tests (names, and the bytes of those read from files; the seed and count of the
/// generated ones), the language, the limits and the submission's bytes. The files read are
/// kept in `read_ahead`, when given, for the run.
#[allow(clippy::too_many_arguments)]
pub(crate) fn plan_digest(
    problem: &ProblemSpec,
    seed: u64,
    tests: &TestPlan,
    language_id: &str,
    limits: &Limits,
    submission_sha256: &str,
    enforce_time_factor: f64,
    test_files: Cap,
    mut read_ahead: Option<&mut ReadAhead>,
) -> Result<String, GradeError> {
    let mut digest = PlanDigest::new();
    digest_problem(&mut digest, problem);
    digest
        .add("seed", seed)
        .add("language", language_id)
        .add("limits", format!("{limits:?}"))
        .add("enforce_time_factor", enforce_time_factor.max(1.0))
        .add("submission", submission_sha256);
    for (index, test) in tests.files().iter().enumerate() {
        digest.add("test", &test.name);
        if !test.checker_args.is_empty() {
            digest.add("checker_args", format!("{:?}", test.checker_args));
        }
        match &test.source {
            TestSource::Generated { seed, index } => {
                digest.add("generated", format!("{seed}/{index}"));
            }
            TestSource::GeneratedHard { seed, index } => {
                digest.add("generated_hard", format!("{seed}/{index}"));
            }
            TestSource::Files {
                input,
                answer,
                folder,
            } => {
                let read = |path| folder.read(path, test_files).map_err(PlanError::from);
                let (input, answer) = (read(input)?, read(answer)?);
                digest.add_bytes("file", &input).add_bytes("file", &answer);
                if let Some(read_ahead) = read_ahead.as_deref_mut() {
                    read_ahead.keep(index, &test.name, input, answer);
                }
            }
            TestSource::Inline { input } => {
                digest.add_bytes("inline", input.as_bytes());
            }
        }
    }
    // Generated tests are named and made from (seed, index) alone: their seed and count say
    // them all.
    if let Some(generated) = tests.generated() {
        let kind = if generated.hard {
            "generated_hard"
        } else {
            "generated"
        };
        digest.add(kind, format!("{}/0..{}", generated.seed, generated.count));
    }
    Ok(digest.finish())
}

/// A summary before any test ran (a compile error's as it stands).
pub(crate) fn new_summary(
    problem: &ProblemSpec,
    solution: String,
    target: &Target,
    seed: u64,
    tests_planned: usize,
    run: RunIdentity,
) -> BatchSummary {
    BatchSummary {
        problem: problem.id.clone(),
        solution,
        language: target.language_name.clone(),
        timing_warning: target.timing_warning.clone(),
        verdict: Verdict::CompileError,
        seed,
        limits: AppliedLimits::from(&target.limits),
        protections: Vec::new(),
        compile_message: None,
        tests_planned,
        tests: Vec::new(),
        tally: None,
        run,
    }
}

/// The limits the sandbox enforces: the time limits times `factor` (at least 1).
pub(crate) fn enforced_limits(limits: Limits, factor: f64) -> Limits {
    let factor = factor.max(1.0);
    let mut enforced = limits;
    enforced.cpu_time = enforced.cpu_time.mul_f64(factor);
    enforced.wall_time = enforced.wall_time.mul_f64(factor);
    enforced
}

/// Completes a summary with its tests' outcomes (in plan order).
pub(crate) fn conclude(summary: &mut BatchSummary, outcomes: Vec<TestOutcome>) {
    summary.protections = protections_of(outcomes.iter().map(|o| o.facts.as_ref()));
    summary.verdict = verdict::overall(outcomes.iter().map(|o| &o.verdict));
    summary.tests = outcomes;
}

/// Tells the reporter the grading is over and hands the summary back.
fn finish(summary: BatchSummary, reporter: &mut dyn Reporter) -> Result<BatchSummary, GradeError> {
    tell(reporter, Event::Finished(Summary::Batch(&summary)))?;
    Ok(summary)
}

/// What a run of tests came to: its verdict, the sandbox's protections, the outcomes kept
/// and the figures of all.
struct Ran {
    verdict: Verdict,
    protections: Vec<String>,
    /// Every outcome in plan order, or the first failure alone (see `keep_every_test`).
    kept: Vec<TestOutcome>,
    tally: Tally,
}

/// Runs the tests on `request.jobs` workers and reports each in plan order, as soon as every
/// test before it is reported. Tests are made from the plan as workers reach them, and an
/// outcome is held only until it is reported (unless `keep_every_test`), so a long plan runs
/// in constant memory. After a failure with `stop_at_first_failure`, later tests are left
/// out even if they ran.
fn run_tests(
    request: &BatchRequest,
    context: &TestContext,
    scratch: &Scratch,
    prepared: &Prepared,
    tests: &TestPlan,
    reporter: &mut dyn Reporter,
) -> Result<Ran, GradeError> {
    let first_failure = AtomicUsize::new(usize::MAX);
    let limit = || {
        if request.stop_at_first_failure {
            first_failure.load(Ordering::SeqCst)
        } else {
            usize::MAX
        }
    };
    // Outcomes that finished before an earlier test: held until they can be reported.
    let mut waiting: BTreeMap<usize, TestOutcome> = BTreeMap::new();
    let mut reported = 0;
    let mut ran = Ran {
        verdict: Verdict::Accepted,
        protections: Vec::new(),
        kept: Vec::new(),
        tally: Tally::default(),
    };
    let mut telling = Telling::default();
    pool::run_parallel(
        tests.len(),
        request.jobs,
        |index| index <= limit(),
        || Worker::new(request.runner, scratch, prepared),
        |worker, index| {
            let outcome = match tests.get(index) {
                Some(test) => context.grade_test(worker, &test),
                None => unreachable!("the pool runs the plan's indices"),
            };
            if !outcome.verdict.is_accepted() {
                first_failure.fetch_min(index, Ordering::SeqCst);
            }
            outcome
        },
        |news| {
            let told = match news {
                News::Started(index) => {
                    let name = tests.get(index).map(|t| t.name).unwrap_or_default();
                    reporter.report(&Event::TestStarted { name: &name })
                }
                News::Finished(index, outcome) => {
                    waiting.insert(index, outcome);
                    // Report in plan order: everything up to the first gap (or the first
                    // failure).
                    let mut told = Ok(());
                    while reported <= limit() {
                        let Some(outcome) = waiting.remove(&reported) else {
                            break;
                        };
                        told = reporter.report(&Event::TestFinished(&outcome));
                        reported += 1;
                        ran.add(outcome, request.keep_every_test);
                        if told.is_err() {
                            break;
                        }
                    }
                    told
                }
            };
            telling.went_on(told)
        },
    );
    telling.result()?;
    Ok(ran)
}

impl Ran {
    /// Counts an outcome reported in plan order, and keeps it if it must.
    fn add(&mut self, outcome: TestOutcome, keep_every_test: bool) {
        if self.tally.run == 0 {
            self.protections = protections_of(std::iter::once(outcome.facts.as_ref()));
        }
        self.tally.add(&outcome);
        let first_failure = !outcome.verdict.is_accepted() && self.verdict.is_accepted();
        if first_failure {
            self.verdict = outcome.verdict;
        }
        if keep_every_test || first_failure {
            self.kept.push(outcome);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(read: &ReadAhead) -> Vec<&str> {
        read.pairs.iter().map(|(name, _)| name.as_str()).collect()
    }

    #[test]
    fn read_ahead_keeps_the_shards_tests_within_its_budget() {
        let mut whole = ReadAhead::new(None);
        let mut second_of_two = ReadAhead::new(Some(Shard::new(1, 2).unwrap()));
        for (index, name) in ["a", "b", "c", "d"].into_iter().enumerate() {
            whole.keep(index, name, b"1 2\n".to_vec(), b"3\n".to_vec());
            second_of_two.keep(index, name, b"1 2\n".to_vec(), b"3\n".to_vec());
        }
        assert_eq!(names(&whole), ["a", "b", "c", "d"]);
        assert_eq!(names(&second_of_two), ["b", "d"]);
        assert_eq!(whole.bytes, 4 * 6);

        // A test whose files pass the budget is left to be read when it runs; smaller ones
        // after it are still kept.
        let mut bounded = ReadAhead::new(None);
        let half = vec![b'x'; (ReadAhead::BUDGET / 2) as usize];
        bounded.keep(0, "big-1", half.clone(), Vec::new());
        bounded.keep(1, "big-2", half.clone(), vec![b'y']);
        bounded.keep(2, "small", b"1".to_vec(), Vec::new());
        assert_eq!(names(&bounded), ["big-1", "small"]);
        assert!(bounded.bytes <= ReadAhead::BUDGET);
    }
}
