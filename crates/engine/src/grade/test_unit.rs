//! One test run as a unit: its input and expected answer (read from its files, or generated
//! and solved by the problem's code; made once and shared by every submission graded on the
//! plan), the submission's run on it in a worker's sandbox session, and the word of the
//! problem's checker or interactor (see `engine::judge` for what they decide). A multi-pass
//! problem's test is one unit too: the submission's runs, each on the input the output
//! validator wrote after the last (`nextpass.in`), judged as one run whose time and memory
//! are its slowest and largest pass's (the limits hold for each pass). The one executor
//! (`grade::executor`) runs a test through it.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use thiserror::Error;

use super::engine::{Judgement, UnitFacts, UnitRun};
use super::outcome::{Detail, TestDetail, Visual};
use super::same_tests::{self, SameTests};
use super::{ProblemParts, Submission};
use crate::execute::{head, ExecError, Worker};
use crate::programs::checker::PassOutcome;
use crate::programs::static_validator::SubmissionFiles;
use crate::programs::{self, KeptFolder, ProblemProgram};
use judge_core::check::Checker;
use judge_core::config::{ProblemSpec, ScoreFile};
use judge_core::files::{Cap, FileError};
use judge_core::limits::Limits;
use judge_core::plan::{PlannedTest, TestPlan, TestSource};
use judge_core::problems::{CodeError, GenRequest};
use judge_core::scoring::aggregate::ValidatorScore;
use judge_core::verdict::{CheckOutcome, StderrSays};
use judge_sandbox::{RunFacts, Termination};

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

    /// Tests already made (read ahead by a plan's digest, see `batch::ReadAhead`), by name.
    pub fn of_pairs(pairs: Vec<(String, TestPair)>) -> SharedTestData {
        SharedTestData {
            slots: pairs
                .into_iter()
                .map(|(name, pair)| (name, OnceLock::from(Ok(Arc::new(pair)))))
                .collect(),
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
    #[error("a static validation test case has no input")]
    Static,
}

/// What every test of a grading shares: the problem, its parts, the program and its limits,
/// and the tests' data when several submissions share it.
pub(crate) struct TestContext<'a> {
    pub problem: &'a ProblemSpec,
    pub parts: &'a ProblemParts,
    /// The limits the sandbox enforces: the job's, or larger (see `enforce_time_factor`);
    /// verdicts are judged against the job's (`JobExecutor::limits`).
    pub enforced: Limits,
    /// Inputs and answers made once for many submissions (else made for each test).
    pub shared: Option<&'a SharedTestData>,
    /// The cap on the tests' files (`files.test_file_limit_mib`).
    pub test_files: Cap,
    /// The facts of the submission's tests so far, for a test that is the same as one that
    /// ran (see `grade::same_tests`); `None` runs every test.
    pub same_tests: Option<&'a SameTests>,
    /// The submission and its language's id, for a static validation test case (`None` when
    /// the program was given ready, without its files).
    pub submission: Option<(&'a Submission, &'a str)>,
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
            } => {
                let input = folder.read(input, self.test_files)?;
                // A package that keeps only inputs (a Polygon package's manual tests) has its
                // answers made by its reference, the main solution, as Polygon's doall does.
                let can_solve = self.parts.code.as_deref().is_some_and(|c| c.can_solve());
                if can_solve && folder.kind_if_any(answer)?.is_none() {
                    let text = String::from_utf8(input).map_err(|_| {
                        TestDataError::Answer(CodeError::Failed {
                            program: "reference".into(),
                            reason: "the input is not UTF-8 text".into(),
                        })
                    })?;
                    let answer = answer_to(&text)?;
                    return Ok((text.into_bytes(), answer));
                }
                Ok((input, folder.read(answer, self.test_files)?))
            }
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
            TestSource::Static { .. } => Err(TestDataError::Static),
        }
    }

    /// Runs one test to its facts and its checker's or interactor's word (see
    /// `engine::judge` for what they decide).
    pub(crate) fn execute_test(&self, worker: &mut Worker, test: &PlannedTest) -> UnitFacts {
        let problem_id = &self.problem.id;
        let detail = TestDetail {
            name: test.name.clone(),
            reproduce: test.reproduce_command(problem_id),
            ..TestDetail::default()
        };
        if let TestSource::Static { args } = &test.source {
            return self.static_case(test, args, detail);
        }
        let pair = match self.test_pair(test) {
            Ok(pair) => pair,
            Err(message) => {
                return UnitFacts {
                    run: Err(message),
                    detail: Detail::Test(detail),
                }
            }
        };
        match self.same_tests {
            Some(same) => {
                let key = same_tests::key(&pair.input, &pair.answer, test);
                let own = detail.clone();
                same.facts(key, &own, || self.run_test(worker, test, &pair, detail))
            }
            None => self.run_test(worker, test, &pair, detail),
        }
    }

    /// What the output visualizer left after a run its judge (the output validator or the
    /// interactor) judged, `kept` its folder as that run left it (`None`: a comparison, with
    /// no feedback folder): every image it left, in the order the format shows them, or a
    /// warning; nothing when no visualizer is to run. It is given the test's own
    /// input (not a later pass's, as the format says), the run's output, the answer, the
    /// test's `output_visualizer_args` and a copy of the judge's feedback folder; why it left
    /// no image is a warning, never a verdict.
    #[allow(clippy::too_many_arguments)]
    fn visualize(
        &self,
        kept: Option<&KeptFolder>,
        input: &[u8],
        output: &[u8],
        answer: &[u8],
        test: &PlannedTest,
        pass: Option<u32>,
    ) -> Vec<Visual> {
        let Some(visualizer) = self.parts.output_visualizer.as_ref() else {
            return Vec::new();
        };
        let said = visualizer
            .as_ref()
            .map_err(String::clone)
            .and_then(|program| {
                let feedback = match kept {
                    Some(kept) => kept.feedback_files(self.test_files)?,
                    None => Vec::new(),
                };
                programs::checker::visualize(
                    program,
                    input,
                    output,
                    answer,
                    &test.visualizer_args,
                    &feedback,
                    self.test_files,
                )
                .map_err(|why| format!("{}: {why}", program.name()))
            });
        match said {
            Ok(images) => images
                .into_iter()
                .map(|(file, image)| Visual::Image { file, image, pass })
                .collect(),
            Err(why) => vec![Visual::Warning(match pass {
                Some(pass) => format!("pass {pass}: {why}"),
                None => why,
            })],
        }
    }

    /// The score its judge (`judge`, by name) gave a test, as the test's place has it
    /// (`ScoreFile`): read, ignored (a 2025-09 scoring problem's sample), or a judge error
    /// naming the judge and the file in a 2025-09 test of pass-fail aggregation (the run's
    /// judgement becomes it, and the score is dropped).
    fn score_by_place(
        test: &PlannedTest,
        judge: Option<&str>,
        judgement: &mut Judgement,
        score: Option<ValidatorScore>,
    ) -> Option<ValidatorScore> {
        match (test.score_file, score) {
            (ScoreFile::Read, score) => score,
            (ScoreFile::Ignored, _) | (ScoreFile::JudgeError, None) => None,
            (ScoreFile::JudgeError, Some(score)) => {
                let file = match score {
                    ValidatorScore::Score(_) => "score.txt",
                    ValidatorScore::Multiplier(_) => "score_multiplier.txt",
                };
                let error = CheckOutcome::JudgeError(format!(
                    "the {} wrote feedback/{file} for {}, a test of pass-fail aggregation (a \
                     pass-fail problem, or a group with score_aggregation: pass-fail), which \
                     the 2025-09 format makes a judge error",
                    judge.unwrap_or("validator"),
                    test.name
                ));
                let taken = std::mem::replace(judgement, Judgement::Checked(None));
                *judgement = said_instead(taken, |_| error);
                None
            }
        }
    }

    /// A static validation test case: the static validator's word on the submission's
    /// files (and the score it gave), judged as a run of the submission that ended cleanly
    /// and took no time (the submission does not run), so that the word alone decides it.
    fn static_case(
        &self,
        test: &PlannedTest,
        args: &[String],
        mut detail: TestDetail,
    ) -> UnitFacts {
        let judged = || -> Result<(CheckOutcome, Option<ValidatorScore>), String> {
            let validator = self.parts.static_validator.as_ref().ok_or(
                "the package has a static validation test case but no static validator (static_validator/)",
            )?;
            let (submission, language) = self.submission.ok_or(
                "the static validator needs the submission's files, and this run has only its program",
            )?;
            let files = SubmissionFiles::read(
                &submission.path,
                language,
                submission.entrypoint.as_deref(),
                self.test_files,
            )
            .map_err(|e| format!("the submission's files: {e}"))?;
            Ok(programs::static_validator::judge(validator, &files, args))
        };
        let validator = self.parts.static_validator.as_ref().map(|v| v.name());
        let run = judged().map(|(said, score)| {
            let mut judgement = Judgement::Checked(Some(said));
            detail.validator_score = Self::score_by_place(test, validator, &mut judgement, score);
            UnitRun {
                facts: no_run(),
                stderr_says: StderrSays::Nothing,
                stderr_head: String::new(),
                judgement,
            }
        });
        UnitFacts {
            run,
            detail: Detail::Test(detail),
        }
    }

    /// Runs one test on its input and answer (`pair`), its detail so far named.
    fn run_test(
        &self,
        worker: &mut Worker,
        test: &PlannedTest,
        pair: &TestPair,
        mut detail: TestDetail,
    ) -> UnitFacts {
        let (input, answer) = (&pair.input, &pair.answer);
        detail.input_head = head(input);
        detail.input_bytes = input.len();
        let run = match &self.parts.interactor {
            Some(interactor) => self
                .against_interactor(worker, interactor, input, answer, test)
                .map(|(mut run, score, visual)| {
                    let judge = Some(interactor.name());
                    detail.validator_score =
                        Self::score_by_place(test, judge, &mut run.judgement, score);
                    detail.visual = visual;
                    run
                }),
            None => self.checked(worker, input, answer, test).map(
                |(mut run, received, score, visual)| {
                    detail.expected_head = Some(head(answer));
                    detail.received_head = head(&received);
                    let judge = self.parts.checker.as_ref().map(|c| c.name());
                    detail.validator_score =
                        Self::score_by_place(test, judge, &mut run.judgement, score);
                    detail.visual = visual;
                    run
                },
            ),
        };
        let run = match run {
            Ok(run) => {
                detail.received_bytes = run.facts.stdout_bytes;
                Ok(run)
            }
            Err(e) => {
                // A test that could not run shows no input or output.
                detail = TestDetail {
                    name: detail.name,
                    reproduce: detail.reproduce,
                    ..TestDetail::default()
                };
                Err(format!("cannot run the test: {e}"))
            }
        };
        UnitFacts {
            run,
            detail: Detail::Test(detail),
        }
    }

    /// Runs the solution on `input` and checks its output against `answer`; gives the run,
    /// the solution's output, the partial score the checker gave, if any, and what the output
    /// visualizer left, if one ran (after each check: each pass of a multi-pass problem).
    fn checked(
        &self,
        worker: &mut Worker,
        input: &[u8],
        answer: &[u8],
        test: &PlannedTest,
    ) -> Result<Checked, ExecError> {
        let checker_args = &test.checker_args;
        let mut visual = Vec::new();
        if let (Some(passes), Some(validator)) =
            (self.problem.programs.validation_passes, &self.parts.checker)
        {
            let mut kept = validator.keep_folder();
            let mut pass = 0;
            let last = passes_of(validator, passes, input, |pass_input| {
                pass += 1;
                let record = worker.run(pass_input, &test.args, self.enforced)?;
                let said = record.facts.ended_normally().then(|| {
                    programs::checker::check_pass(
                        validator,
                        &mut kept,
                        pass_input,
                        &record.output,
                        answer,
                        checker_args,
                    )
                });
                if said.is_some() {
                    let pass = Some(pass);
                    let output = &record.output;
                    visual.extend(self.visualize(Some(&kept), input, output, answer, test, pass));
                }
                let (said, score, next) = match said {
                    Some(PassOutcome::Again(next)) => {
                        (Some(CheckOutcome::Accepted), None, Some(next))
                    }
                    Some(PassOutcome::Final(said, score)) => (Some(said), score, None),
                    None => (None, None, None),
                };
                Ok(Pass {
                    run: UnitRun {
                        facts: record.facts,
                        stderr_says: record.stderr_says,
                        stderr_head: record.stderr_head,
                        judgement: Judgement::Checked(said),
                    },
                    output: record.output,
                    score,
                    next,
                })
            })?;
            return Ok((last.run, last.output, last.score, visual));
        }
        let record = worker.run(input, &test.args, self.enforced)?;
        let facts = record.facts;
        // The one output validator of a problem with an output visualizer runs in a folder
        // kept after it, for the visualizer to see its feedback folder.
        let mut kept = match &self.parts.checker {
            Some(checker)
                if self.parts.output_visualizer.is_some()
                    && self.parts.more_checkers.is_empty() =>
            {
                Some(checker.keep_folder())
            }
            _ => None,
        };
        let checked = facts
            .ended_normally()
            .then(|| match (&self.parts.checker, kept.as_mut()) {
                // Nothing to check: a testlib checker says so of a missing output file.
                _ if record.no_output_file.is_some() => (
                    CheckOutcome::PresentationError(
                        record.no_output_file.clone().unwrap_or_default(),
                    ),
                    None,
                ),
                (_, Some(kept)) => {
                    programs::checker::check_kept(kept, input, &record.output, answer, checker_args)
                }
                (Some(program), None) => programs::checker::check_in_turn(
                    std::iter::once(program).chain(&self.parts.more_checkers),
                    input,
                    &record.output,
                    answer,
                    checker_args,
                ),
                (None, None) => match &self.problem.checker {
                    Checker::Compare(comparison) => (
                        comparison.check_with(&record.output, answer, checker_args),
                        None,
                    ),
                    Checker::Program(spec) => (
                        CheckOutcome::JudgeError(format!("the {} was not built", spec.name())),
                        None,
                    ),
                },
            });
        let (said, score) = match checked {
            Some((said, score)) => (Some(said), score),
            None => (None, None),
        };
        if said.is_some() && record.no_output_file.is_none() {
            let output = &record.output;
            visual.extend(self.visualize(kept.as_ref(), input, output, answer, test, None));
        }
        let run = UnitRun {
            facts,
            stderr_says: record.stderr_says,
            stderr_head: record.stderr_head,
            judgement: Judgement::Checked(said),
        };
        Ok((run, record.output, score, visual))
    }

    /// Runs the solution against the problem's interactor on `input` (a multi-pass
    /// problem's passes, each against the interactor on the input it wrote after the last).
    fn against_interactor(
        &self,
        worker: &mut Worker,
        interactor: &ProblemProgram,
        input: &[u8],
        answer: &[u8],
        test: &PlannedTest,
    ) -> Result<(UnitRun, Option<ValidatorScore>, Vec<Visual>), ExecError> {
        let passes = self.problem.programs.validation_passes;
        let mut kept = interactor.keep_folder();
        let mut visual = Vec::new();
        let mut pass = 0;
        let mut one_pass = |pass_input: &[u8]| -> Result<Pass, ExecError> {
            pass += 1;
            let interaction = programs::interactor::run(
                worker,
                self.enforced,
                &mut kept,
                pass_input,
                answer,
                &test.checker_args,
                &test.args,
            )?;
            let (said, score, next) = match passes {
                None => {
                    let (said, score) = self.checked_after(
                        interaction.interactor,
                        interaction.interactor_score,
                        interaction.interactor_output,
                        pass_input,
                        answer,
                        test,
                    );
                    (said, score, None)
                }
                Some(_) => match programs::checker::pass_outcome(
                    interactor,
                    interaction.interactor,
                    interaction.interactor_score,
                    interaction.next_pass,
                ) {
                    // A solution that failed a pass has no next one: its failure decides.
                    PassOutcome::Again(next) => (
                        CheckOutcome::Accepted,
                        None,
                        interaction.solution.ended_normally().then_some(next),
                    ),
                    PassOutcome::Final(said, score) => (said, score, None),
                },
            };
            // The output visualizer after the interactor's every run, on an empty output (the
            // format's: the dialogue is not kept), each pass numbered in a multi-pass problem.
            let pass = passes.map(|_| pass);
            visual.extend(self.visualize(Some(&kept), input, &[], answer, test, pass));
            Ok(Pass {
                run: UnitRun {
                    facts: interaction.solution,
                    stderr_says: interaction.solution_stderr_says,
                    stderr_head: interaction.solution_stderr,
                    judgement: Judgement::Interactor {
                        said,
                        first: interaction.interactor_first,
                    },
                },
                output: Vec::new(),
                score,
                next,
            })
        };
        let last = match passes {
            Some(passes) => passes_of(interactor, passes, input, one_pass)?,
            None => one_pass(input)?,
        };
        Ok((last.run, last.score, visual))
    }

    /// A testlib interactor's word, then, when it accepted, the problem's checker's on the
    /// output file it wrote (Polygon's and Codeforces' order: the interactor may reject first,
    /// the checker decides the rest). Another interactor's word is final.
    fn checked_after(
        &self,
        said: CheckOutcome,
        score: Option<ValidatorScore>,
        interactor_output: Option<Result<Vec<u8>, String>>,
        input: &[u8],
        answer: &[u8],
        test: &PlannedTest,
    ) -> (CheckOutcome, Option<ValidatorScore>) {
        let (Some(output), Some(checker), CheckOutcome::Accepted) =
            (interactor_output, &self.parts.checker, &said)
        else {
            return (said, score);
        };
        match output {
            Ok(output) => programs::checker::check_in_turn(
                std::iter::once(checker).chain(&self.parts.more_checkers),
                input,
                &output,
                answer,
                &test.checker_args,
            ),
            Err(why) => (
                CheckOutcome::JudgeError(format!("the interactor's output: {why}")),
                None,
            ),
        }
    }
}

/// A checked run: the run, the solution's output, the score its checker gave, and what the
/// output visualizer left (see `TestContext::checked`).
type Checked = (UnitRun, Vec<u8>, Option<ValidatorScore>, Vec<Visual>);

/// The facts of a unit the submission did not run in (a static validation test case): a
/// clean exit that took no time or memory.
fn no_run() -> RunFacts {
    RunFacts::ended(Termination::Exited(0))
}

/// One pass of a test, judged: the solution's run, its output (none against an interactor),
/// the partial score its judge gave, and the next pass's input when its judge asked for one.
struct Pass {
    run: UnitRun,
    output: Vec<u8>,
    score: Option<ValidatorScore>,
    next: Option<Vec<u8>>,
}

/// Runs a multi-pass problem's test: `one_pass` on `input`, then again on each next input
/// its judge (`validator`, the output validator or the interactor) asks for, until a pass
/// that asks for none. More passes than `passes` is a judge error, as is a next input with
/// a pass not accepted (see `checker::pass_outcome`). The test's run is the last pass's,
/// with the most CPU and wall time and memory of any pass (each pass is held to the limits,
/// as BAPCtools reports a multi-pass run).
fn passes_of(
    validator: &ProblemProgram,
    passes: u32,
    input: &[u8],
    mut one_pass: impl FnMut(&[u8]) -> Result<Pass, ExecError>,
) -> Result<Pass, ExecError> {
    let mut pass_input = input.to_vec();
    let mut most: Option<RunFacts> = None;
    let mut pass = 1;
    loop {
        let mut this = one_pass(&pass_input)?;
        let facts = &mut this.run.facts;
        if let Some(most) = &most {
            facts.cpu_time_us = facts.cpu_time_us.max(most.cpu_time_us);
            facts.wall_time_us = facts.wall_time_us.max(most.wall_time_us);
            facts.wait_time_us = facts.wait_time_us.max(most.wait_time_us);
            facts.peak_rss_kib = facts.peak_rss_kib.max(most.peak_rss_kib);
            facts.cgroup_peak_kib = facts.cgroup_peak_kib.max(most.cgroup_peak_kib);
        }
        most = Some(facts.clone());
        match this.next.take() {
            Some(next) if pass < passes => {
                pass_input = next;
                pass += 1;
                continue;
            }
            Some(_) => {
                let too_many = CheckOutcome::JudgeError(format!(
                    "the {} asked for pass {} (feedback/nextpass.in), but limits.validation_passes allows {passes}",
                    validator.name(),
                    pass + 1
                ));
                this.run.judgement = said_instead(this.run.judgement, |_| too_many);
                this.score = None;
            }
            None => {}
        }
        if pass > 1 {
            this.run.judgement = said_instead(this.run.judgement, |said| match said {
                CheckOutcome::WrongAnswer(m) => {
                    CheckOutcome::WrongAnswer(format!("pass {pass}: {m}"))
                }
                other => other,
            });
        }
        return Ok(this);
    }
}

/// A judgement with its judge's word (if it gave one) changed by `change`.
fn said_instead(
    judgement: Judgement,
    change: impl FnOnce(CheckOutcome) -> CheckOutcome,
) -> Judgement {
    match judgement {
        Judgement::Checked(said) => Judgement::Checked(said.map(change)),
        Judgement::Interactor { said, first } => Judgement::Interactor {
            said: change(said),
            first,
        },
        referee @ Judgement::Referee(_) => referee,
    }
}
