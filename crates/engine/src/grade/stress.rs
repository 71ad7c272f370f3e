//! Stress testing: generated tests of growing size until the solution fails, then the failing
//! input shrunk to a minimal one that fails the same way (`crate::stress` has the size
//! schedule and the shrinker). Each input is a run of one unit on the engine (`engine::run`,
//! through the one executor); one sandbox session serves the whole search and shrink.

use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use super::engine::{self, Schedule};
use super::executor::{Job, Sessions, UnitExecutor, Units};
use super::outcome::Outcome;
use super::{tell, GradeError, ProblemParts, Submission};
use crate::execute::Scratch;
use crate::grade::events::{Event, Reporter};
use crate::resolve::Problem;
use crate::stress::{self, Shrunk};
use judge_core::cleanup::Stop;
use judge_core::config::RunnerConfig;
use judge_core::lang::Compiled;
use judge_core::limits::Overrides;
use judge_core::plan::{PlannedTest, TestPlan, TestSource};
use judge_core::problems::{self, CodeError, GenRequest, TestSet};
use judge_core::verdict::Verdict;

// What `stress` tells and gives, defined with the other results (`grade::results`).
pub use super::results::{FoundFailure, ShrunkFailure, StressSummary};

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
    /// The problem as resolved for the command, its limits final (see `resolve`).
    pub problem: &'a Problem,
    pub submission: Submission,
    pub seed: u64,
    pub budget: Budget,
    /// Runs of the solution the shrinker may spend.
    pub shrink_budget: usize,
    /// Ends the search when asked for (the grader is interrupted).
    pub stop: Stop,
}

/// Searches for a failing test and shrinks it.
pub fn run(
    request: &StressRequest,
    reporter: &mut dyn Reporter,
) -> Result<StressSummary, GradeError> {
    let problem = &request.problem.spec;
    let scratch = Arc::new(Scratch::new(&request.runner.sandbox)?);
    let parts = ProblemParts::build(request.runner, problem, &scratch)?;
    let code = parts
        .code
        .as_deref()
        .filter(|code| code.can_generate())
        .ok_or_else(|| GradeError::NoGenerator(problem.id.clone()))?;
    // Built and its limits resolved as every grading does (`grade::build`).
    let build = super::build(
        request.runner,
        problem,
        &request.submission,
        &Overrides::default(),
    )?;
    let prepared = match build.compiled {
        Compiled::Ready(prepared) => prepared,
        Compiled::Failed { message, .. } => {
            return Err(GradeError::DoesNotCompile {
                path: request.submission.path.clone(),
                message,
            })
        }
    };
    let job = || Job {
        build: None,
        submission: None,
        limits: build.target.limits,
        enforced: build.target.limits,
    };
    let programs = [OnceLock::from(prepared)];
    // One sandbox session serves the whole search and shrink.
    let sessions = Sessions::new();
    // Each input is a run of one unit on the engine; an interruption ends it with an error.
    let run_input = |input: &str| -> Result<Outcome, GradeError> {
        let tests = TestPlan::of_files(vec![PlannedTest::new(
            "stress".into(),
            TestSource::Inline {
                input: input.to_string(),
            },
        )]);
        let units = Units::Tests {
            tests: &tests,
            parts: &parts,
            shared: None,
            reuse_same_tests: false,
        };
        let executor = UnitExecutor::new(
            request.runner,
            problem,
            &scratch,
            units,
            vec![job()],
            &programs,
            &sessions,
        );
        let schedule = Schedule::new(1, true, true);
        let group = engine::run(&executor, &[0], schedule, |_| Ok(()))?
            .map_err(|unready| unready.into_error(&request.submission.path))?;
        group.kept.into_iter().next().ok_or(GradeError::Interrupted)
    };
    let generate = |set: TestSet, index: u64, size_percent: u32| {
        let request_of_test = GenRequest {
            index,
            size_percent,
        };
        problems::generate_in(code, set, request.seed, request_of_test)
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
    let has_hard_set = code.has_hard_set();
    let mut step = 0u64;
    let found = loop {
        // At least one test, whatever the budget: a search that ran nothing found nothing.
        let out_of_budget = step > 0
            && match request.budget {
                Budget::Tests(count) => step >= count,
                Budget::Time(budget) => started.elapsed() >= budget,
            };
        // An interrupted search found nothing: it did not look right.
        if request.stop.requested() {
            return Err(GradeError::Interrupted);
        }
        if out_of_budget {
            summary.tests_run = step;
            summary.elapsed_ms = started.elapsed().as_millis() as u64;
            tell(reporter, Event::StressFinished(&summary))?;
            return Ok(summary);
        }
        let size_percent = stress::size_for(step, SIZE_RAMP);
        let (set, index) = stress::test_for(step, has_hard_set);
        let input = generate(set, index, size_percent)?;
        let outcome = run_input(&input)?;
        if outcome.verdict == Verdict::JudgeError {
            // A test the grader could not judge (a problem program failed) is not the
            // solution's failure: say why and stop.
            return Err(GradeError::Code(CodeError::Failed {
                program: match set {
                    TestSet::Default => format!("test {index}"),
                    TestSet::Hard => format!("hard test {index}"),
                },
                reason: outcome.message.unwrap_or_default(),
            }));
        }
        if !outcome.verdict.is_accepted() {
            break FoundFailure {
                set,
                index,
                size_percent,
                input,
                outcome,
                shrink_budget: request.shrink_budget,
            };
        }
        step += 1;
    };
    tell(reporter, Event::StressFailureFound(&found))?;
    let kind = found.outcome.verdict;
    // A run the interruption ended fails no way at all.
    let mut fails_the_same_way =
        |candidate: &str| run_input(candidate).is_ok_and(|o| o.verdict.same_kind(&kind));
    let shrunk = match code.shrink(&found.input) {
        Some(_) => stress::shrink(
            &found.input,
            request.shrink_budget,
            |input| code.shrink(input).unwrap_or_default(),
            |input| code.validate(input).is_ok(),
            &mut fails_the_same_way,
        ),
        None => {
            // No shrinker knows the problem: first smaller generated tests, then lines and
            // tokens taken away while the validator still accepts the input.
            let (start, steps, spent) = smaller_generated(
                &found,
                request.shrink_budget / 2,
                &|index, size| generate(found.set, index, size),
                &mut fails_the_same_way,
            );
            let mut shrunk = if code.can_validate() {
                stress::shrink(
                    &start,
                    request.shrink_budget.saturating_sub(spent),
                    stress::smaller_by_lines_and_tokens,
                    |input| code.validate(input).is_ok(),
                    &mut fails_the_same_way,
                )
            } else {
                Shrunk {
                    input: start,
                    attempts: 0,
                    steps: 0,
                }
            };
            shrunk.attempts += spent;
            shrunk.steps += steps;
            shrunk
        }
    };
    // A shrink the interruption ended is no result.
    let minimal = run_input(&shrunk.input)?;
    let expected = if code.can_solve() {
        code.solve(&shrunk.input)?
    } else {
        String::new()
    };
    summary.tests_run = step + 1;
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

/// Sizes tried, smallest first, when a generated test is shrunk by generating smaller ones.
const SMALLER_SIZES: [u32; 10] = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89];
/// Other test indices tried at each smaller size.
const OTHER_INDICES: u64 = 3;

/// The smallest generated test that fails the same way as `found`: smaller sizes first (its
/// own index, then a few others at each size); `found`'s own input when none does. Returns it
/// with how many steps down it took and how many runs it spent.
fn smaller_generated(
    found: &FoundFailure,
    budget: usize,
    generate: &impl Fn(u64, u32) -> Result<String, CodeError>,
    fails_the_same_way: &mut impl FnMut(&str) -> bool,
) -> (String, usize, usize) {
    let mut runs = 0;
    let indices =
        std::iter::once(found.index).chain((0..OTHER_INDICES).map(|i| found.index + 1 + i));
    let candidates = SMALLER_SIZES
        .iter()
        .filter(|&&size| size < found.size_percent)
        .flat_map(|&size| indices.clone().map(move |index| (index, size)));
    for (index, size) in candidates {
        if runs >= budget {
            break;
        }
        let Ok(input) = generate(index, size) else {
            continue;
        };
        if input.len() >= found.input.len() {
            continue;
        }
        runs += 1;
        if fails_the_same_way(&input) {
            return (input, 1, runs);
        }
    }
    (found.input.clone(), 0, runs)
}
