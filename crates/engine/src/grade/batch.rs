//! Grading a solution of a batch problem: compile, plan the tests, run them on parallel
//! workers (each with its own sandbox session), check each output and classify each run, and
//! report every test in plan order as it is decided. A sharded run grades its share of the
//! plan's tests (see `plan::Shard`).

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use super::engine::{self, RootRule, Schedule};
use super::executor::{Job, Sessions, UnitExecutor, Units};
use super::outcome::{GroupResult, RunDetail, RunIdentity, RunSummary};
use super::results::{Started, Unit};
use super::scored;
use super::test_unit::{SharedTestData, TestPair};
use super::{
    build, plan_digest, submission_digest, tell, GradeError, PlannedUnits, ProblemParts,
    Submission, Target,
};
use crate::execute::Scratch;
use crate::grade::events::{Event, Reporter};
use judge_core::config::{ProblemSpec, RunnerConfig};
use judge_core::files::Cap;
use judge_core::lang::{Compiled, Prepared};
use judge_core::limits::Overrides;
use judge_core::plan::{
    self, PlanDigest, PlanError, PlanIdentity, PlanUnit, Shard, TestPlan, TestSelection, TestSource,
};
use judge_core::problems::ProblemCode;

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
    /// (see `Tally`), so memory does not grow with the number of tests.
    pub keep_every_test: bool,
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

/// Grades a batch solution, telling `reporter` as it goes; returns the summary (CE included).
pub fn grade(
    request: &BatchRequest,
    reporter: &mut dyn Reporter,
) -> Result<RunSummary, GradeError> {
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
    // A scored problem's groups are graded on every test they need: a shard of one holds the
    // groups for the merge, which cannot run a custom grader.
    let tree = problem.groups.as_ref();
    if request.shard.is_some() && tree.is_some_and(|tree| scored::has_custom_grader(tree)) {
        return Err(GradeError::ShardConflict(
            "a problem whose groups a custom grader grades is graded whole (judge merge cannot run the grader)",
        ));
    }
    let mut read_ahead = ReadAhead::new(request.shard);
    let identity = PlanIdentity {
        unit: PlanUnit::Tests,
        units: whole_plan.whole_len(),
        stops_at_first_failure: request.stop_at_first_failure && tree.is_none(),
        digest: plan_digest(
            problem,
            request.seed,
            PlannedUnits::Tests {
                tests: &whole_plan,
                enforce_time_factor: request.enforce_time_factor,
                files: request.runner.files.tests(),
                read_ahead: Some(&mut read_ahead),
            },
            build.compiled.language_id(),
            &build.target.limits,
            &submission_digest(&request.submission.path)?,
        )?,
    };
    let read_ahead = SharedTestData::of_pairs(read_ahead.pairs);
    let tests = whole_plan.share(request.shard);
    let mut summary = new_summary(
        problem,
        request.submission.display_name(),
        &build.target,
        request.seed,
        tests.len(),
        RunIdentity::new(identity, request.shard),
    );
    if let (RunDetail::Tests { group_tree, .. }, Some(_)) = (&mut summary.detail, request.shard) {
        *group_tree = tree.cloned();
    }
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
    let job = Job {
        build: None,
        submission: Some(&request.submission),
        limits: build.target.limits,
        enforced: request
            .runner
            .limits
            .enforced(build.target.limits, request.enforce_time_factor),
    };
    let programs = [OnceLock::from(prepared)];
    summary.conclude(run_tests(
        request,
        &parts,
        &read_ahead,
        job,
        &programs,
        &scratch,
        &tests,
        reporter,
    )?);
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
    // Asked only for the hard tests: a problem may build a large table to answer it.
    let has_hard_set = || code.is_some_and(|code| code.has_hard_set());
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
        } if !has_hard_set() => {
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
        || planned.files().iter().any(|t| {
            !matches!(
                t.source,
                TestSource::Files { .. } | TestSource::Static { .. }
            )
        });
    if needs_code && !can_generate {
        return Err(GradeError::NoGenerator(problem.id.clone()));
    }
    Ok(planned)
}

/// Adds a plan's tests to its digest (see `grade::plan_digest`): their names, and the bytes
/// of those read from files; the seed and count of the generated ones. The files read are kept
/// in `read_ahead`, when given, for the run.
pub(crate) fn digest_tests(
    digest: &mut PlanDigest,
    tests: &TestPlan,
    test_files: Cap,
    mut read_ahead: Option<&mut ReadAhead>,
) -> Result<(), GradeError> {
    for (index, test) in tests.files().iter().enumerate() {
        digest.add("test", &test.name);
        if !test.checker_args.is_empty() {
            digest.add("checker_args", format!("{:?}", test.checker_args));
        }
        if !test.args.is_empty() {
            digest.add("args", format!("{:?}", test.args));
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
                let input = read(input)?;
                // A test whose answer the package does not keep (a Polygon package's) has it
                // made by the reference when it runs (`test_unit`), not read ahead.
                if folder
                    .kind_if_any(answer)
                    .map_err(PlanError::from)?
                    .is_none()
                {
                    digest
                        .add_bytes("file", &input)
                        .add("answer", "the reference's");
                    continue;
                }
                let answer = read(answer)?;
                digest.add_bytes("file", &input).add_bytes("file", &answer);
                if let Some(read_ahead) = read_ahead.as_deref_mut() {
                    read_ahead.keep(index, &test.name, input, answer);
                }
            }
            TestSource::Inline { input } => {
                digest.add_bytes("inline", input.as_bytes());
            }
            TestSource::Static { args } => {
                digest.add("static", format!("{args:?}"));
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
    Ok(())
}

/// A summary before any test ran (a compile error's as it stands).
pub(crate) fn new_summary(
    problem: &ProblemSpec,
    solution: String,
    target: &Target,
    seed: u64,
    tests_planned: usize,
    run: RunIdentity,
) -> RunSummary {
    let detail = RunDetail::Tests {
        timing_warning: target.timing_warning.clone(),
        tests_planned,
        groups: None,
        group_tree: None,
    };
    super::summary_before_units(problem, solution, target, seed, run, detail)
}

/// Tells the reporter the grading is over and hands the summary back.
fn finish(summary: RunSummary, reporter: &mut dyn Reporter) -> Result<RunSummary, GradeError> {
    tell(reporter, Event::Finished(&summary))?;
    Ok(summary)
}

/// Whether a run keeps every test's outcome: when asked, and always for a scored problem
/// (its groups are graded on them).
fn keeps_every_test(request: &BatchRequest) -> bool {
    request.keep_every_test || request.problem.groups.is_some()
}

/// Runs the tests of `job` on `request.jobs` workers through the engine, telling the
/// reporter of each in plan order (see `engine::run`).
#[allow(clippy::too_many_arguments)]
fn run_tests(
    request: &BatchRequest,
    parts: &ProblemParts,
    shared: &SharedTestData,
    job: Job,
    programs: &[OnceLock<Prepared>],
    scratch: &Scratch,
    tests: &TestPlan,
    reporter: &mut dyn Reporter,
) -> Result<GroupResult, GradeError> {
    let problem = request.problem;
    let sessions = Sessions::new();
    let units = Units::Tests {
        tests,
        parts,
        shared: Some(shared),
        reuse_same_tests: true,
    };
    let skipping = problem
        .groups
        .as_deref()
        .map(|tree| scored::Skipping::of_plan(tree, tests));
    // A scored problem's whole run is concluded by its groups (a shard's share cannot be: its
    // groups are the merge's; nor a run of some of its tests, its samples or a folder's).
    let whole = matches!(
        request.tests,
        Tests::Planned {
            selection: TestSelection::All,
            ..
        }
    );
    let tree = problem
        .groups
        .as_deref()
        .filter(|_| whole && request.shard.is_none());
    let grader = tree.map(|tree| scored::graders(parts, tree));
    let rule = match (tree, &grader) {
        (Some(tree), Some(grader)) => RootRule::Groups { tree, grader },
        _ => RootRule::FirstFailure,
    };
    let executor = UnitExecutor::new(
        request.runner,
        problem,
        scratch,
        units,
        vec![job],
        programs,
        &sessions,
    )
    .skipping(vec![skipping])
    .concluding(rule);
    let units: Vec<usize> = (0..tests.len()).collect();
    // A scored problem runs every test its groups need: they decide what to skip, and its
    // groups are graded on every outcome.
    let scored = problem.groups.is_some();
    let schedule = Schedule::new(
        request.jobs,
        request.stop_at_first_failure && !scored,
        keeps_every_test(request),
    );
    engine::run(&executor, &units, schedule, |event| reporter.report(event))?
        .map_err(|unready| unready.into_error(&request.submission.path))
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
