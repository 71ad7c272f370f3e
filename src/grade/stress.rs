//! Stress testing: generated tests of growing size until the solution fails, then the failing
//! input shrunk to a minimal one that fails the same way (`crate::stress` has the size
//! schedule and the shrinker). One sandbox session serves the whole search and shrink.

use std::time::{Duration, Instant};

use serde::Serialize;

use super::batch::{TestContext, TestOutcome};
use super::{compile_or_fail, tell, GradeError, Submission};
use crate::config::{ProblemSpec, RunnerConfig};
use crate::execute::{Scratch, Worker};
use crate::limits::{self, Allowance, Overrides};
use crate::plan::{PlannedTest, TestSource};
use crate::problems::{self, GenRequest};
use crate::report::{Event, Reporter};
use crate::stress::{self, Shrunk};

/// Tests over which sizes grow from 1 % to 100 %.
const SIZE_RAMP: u64 = 60;

/// When the search gives up without a failure.
#[derive(Debug, Clone, Copy)]
pub enum Budget {
    Time(Duration),
    Tests(u64),
}

pub struct StressRequest<'a> {
    pub runner: &'a RunnerConfig,
    pub problem: &'a ProblemSpec,
    pub submission: Submission,
    pub seed: u64,
    pub budget: Budget,
    /// Runs of the solution the shrinker may spend.
    pub shrink_budget: usize,
}

/// The first failing test the search found.
#[derive(Debug, Clone, Serialize)]
pub struct FoundFailure {
    pub index: u64,
    pub size_percent: u32,
    pub input: String,
    pub outcome: TestOutcome,
    /// Runs the shrinker may spend on it.
    pub shrink_budget: usize,
}

/// A failure shrunk to a minimal input.
#[derive(Debug, Clone, Serialize)]
pub struct ShrunkFailure {
    pub found: FoundFailure,
    pub shrunk: Shrunk,
    /// The minimal input run once more: it fails the same way.
    pub minimal: TestOutcome,
    /// The reference's answer to the minimal input.
    pub expected: String,
}

/// The result of a stress run.
#[derive(Debug, Clone, Serialize)]
pub struct StressSummary {
    pub problem: String,
    pub solution: String,
    pub seed: u64,
    /// Tests run before the first failure (or in all, without one).
    pub tests_run: u64,
    pub elapsed_ms: u64,
    pub failure: Option<ShrunkFailure>,
}

/// Searches for a failing test and shrinks it.
pub fn run(
    request: &StressRequest,
    reporter: &mut dyn Reporter,
) -> Result<StressSummary, GradeError> {
    let problem = request.problem;
    let code = problems::batch_problem(&problem.id)
        .ok_or_else(|| GradeError::NoGenerator(problem.id.clone()))?;
    let prepared = compile_or_fail(request.runner, &request.submission.path)?;
    let allowance = request
        .runner
        .language(&prepared.language_id)
        .map_or(Allowance::NONE, |l| l.allowance);
    let limits = limits::resolve(
        &problem.limits,
        &allowance,
        &request.runner.limits,
        &Overrides::default(),
    );
    let context = TestContext {
        problem,
        code: Some(code),
        checker: &problem.checker,
        limits,
        enforced: limits,
        shared: None,
    };
    let scratch = Scratch::new(&request.runner.sandbox)?;
    let mut worker = Worker::new(request.runner, &scratch, &prepared);
    let mut run_input = |input: &str| -> TestOutcome {
        let test = PlannedTest {
            name: "stress".into(),
            source: TestSource::Inline {
                input: input.to_string(),
            },
        };
        context.grade_test(&mut worker, &test)
    };
    let started = Instant::now();
    let mut summary = StressSummary {
        problem: problem.id.clone(),
        solution: request.submission.display_name(),
        seed: request.seed,
        tests_run: 0,
        elapsed_ms: 0,
        failure: None,
    };
    let mut index = 0u64;
    let found = loop {
        let out_of_budget = match request.budget {
            Budget::Tests(count) => index >= count,
            Budget::Time(budget) => started.elapsed() >= budget,
        };
        if out_of_budget || crate::cleanup::interrupted() {
            summary.tests_run = index;
            summary.elapsed_ms = started.elapsed().as_millis() as u64;
            tell(reporter, Event::StressFinished(&summary))?;
            return Ok(summary);
        }
        let size_percent = stress::size_for(index, SIZE_RAMP);
        let input = problems::generate_test(
            code,
            request.seed,
            GenRequest {
                index,
                size_percent,
            },
        );
        let outcome = run_input(&input);
        if !outcome.verdict.is_accepted() {
            break FoundFailure {
                index,
                size_percent,
                input,
                outcome,
                shrink_budget: request.shrink_budget,
            };
        }
        index += 1;
    };
    tell(reporter, Event::StressFailureFound(&found))?;
    let kind = found.outcome.verdict;
    let shrunk = stress::shrink(code, &found.input, request.shrink_budget, |candidate| {
        run_input(candidate).verdict.same_kind(&kind)
    });
    let minimal = run_input(&shrunk.input);
    let expected = code
        .solve(&shrunk.input)
        .map_err(|e| GradeError::Reference {
            what: "the minimal input".into(),
            message: e.to_string(),
        })?;
    summary.tests_run = found.index + 1;
    summary.elapsed_ms = started.elapsed().as_millis() as u64;
    summary.failure = Some(ShrunkFailure {
        found,
        shrunk,
        minimal,
        expected,
    });
    tell(reporter, Event::StressFinished(&summary))?;
    Ok(summary)
}
