//! The verify policy: every bundled solution (`solutions/<problem>/<verdict>/<name>.<ext>`)
//! must get the verdict its folder names. A solution expected to be too slow runs with twice
//! the time limit, to see whether it would finish; warnings say where the limits are tight (an
//! accepted solution using more than half the limit, a too-slow one finishing within twice
//! it). A solution that cannot be graded here (its compiler missing, say) is reported as such
//! and the others are still verified. A sharded run checks its share of the solutions (all
//! problems' solutions in order; solution `i` belongs to shard `i mod N`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::batch::Tests;
use super::engine::Schedule;
use super::jobs::{grade_in_order, JobsRequest, Plan, ToGrade};
use super::outcome::{RunIdentity, RunSummary, Visual};
use super::results::{TestVisuals, TimeLimit, Unit};
use super::unit_store::RunMemory;
use super::{row_error, tell, GradeError, Submission, Target};
use crate::execute::Scratch;
use crate::grade::events::{Event, Reporter};
use crate::resolve::Problem;
use judge_core::cleanup::Stop;
use judge_core::config::{ProblemSpec, RunnerConfig};
use judge_core::lang;
use judge_core::limits::Overrides;
use judge_core::plan::{sha256_hex, PlanDigest, PlanIdentity, PlanUnit, Shard, TestSelection};
use judge_core::scoring::expected::{Expectation, FullScore, Judged, Objective, ScoreExpectation};
use judge_core::scoring::Scored;
use judge_core::verdict::{Crash, Verdict};
use judge_sandbox::Termination;

// What `verify` tells and gives, defined with the other results (`grade::results`).
pub use super::results::{Checked, VerifyRow, VerifySummary};

pub struct VerifyRequest<'a> {
    pub runner: &'a RunnerConfig,
    /// Problems to verify (empty: every problem with a solutions folder).
    pub problems: Vec<String>,
    /// Seeded random tests per batch solution (default: runner.toml's).
    pub random_count: Option<usize>,
    /// Games per interactive solution (default: the problem's).
    pub games: Option<usize>,
    pub jobs: usize,
    /// Check only this shard's share of the solutions.
    pub shard: Option<Shard>,
    /// Ends the run when asked for (the grader is interrupted).
    pub stop: Stop,
    /// Take the solutions' runs an earlier verify remembered, and remember these (see
    /// `RunMemory`); `--rerun` runs everything.
    pub remember_runs: bool,
}

/// How much of a compiler's or judge error's message a verify row keeps.
const MESSAGE_CHARS: usize = 2000;

/// Why a batch grading was not accepted, for its verify row: the compiler's message (CE),
/// else the run's reason (a judge error of its groups' rules), else the first failing test's
/// message (its reason, the checker's words, a JE's cause); `None` when accepted.
pub(crate) fn failure_message(summary: &RunSummary) -> Option<String> {
    let message = match summary.verdict {
        Verdict::CompileError => summary
            .compile_message
            .clone()
            .unwrap_or_else(|| "the compiler gave no message".into()),
        Verdict::Accepted => return None,
        _ => summary
            .reason()
            .map(String::from)
            .or_else(|| summary.first_failure().and_then(|t| t.message.clone()))
            .unwrap_or_else(|| "no reason was recorded".into()),
    };
    Some(judge_core::check::clip(message.trim(), MESSAGE_CHARS))
}

/// The folder of a problem's solutions (`<verdict>/<name>.<ext>` in it): `solutions/` inside
/// the problem's own folder (a problem standing alone, as `judge new` writes one outside a
/// project), else the project's `solutions/<id>/`.
pub fn solutions_folder(root: Option<&Path>, problem: &ProblemSpec) -> Option<PathBuf> {
    let own = problem.dir.join("solutions");
    if own.is_dir() {
        return Some(own);
    }
    root.map(|root| root.join("solutions").join(&problem.id))
}

/// What a solution's path is shown as: relative to the project, else to the current folder.
fn shown(root: Option<&Path>, path: &Path) -> String {
    let base = match root {
        Some(root) => root.to_path_buf(),
        None => std::env::current_dir()
            .and_then(|dir| dir.canonicalize())
            .unwrap_or_default(),
    };
    path.strip_prefix(base)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The folder of a scored problem's solutions that score less than the full score.
const PARTIALLY_ACCEPTED: &str = "partially_accepted";

/// Solution files of a problem with their expected verdicts, sorted. A scored problem's
/// `partially_accepted/` solutions are expected to be graded (their score is what is checked).
fn solutions_of(
    dir: Option<&Path>,
    runner: &RunnerConfig,
    scored: bool,
) -> Vec<(PathBuf, Verdict)> {
    let mut found = Vec::new();
    let Some(Ok(folders)) = dir.map(std::fs::read_dir) else {
        return found;
    };
    for folder in folders.flatten() {
        let name = folder.file_name().to_string_lossy().into_owned();
        let expected = match Verdict::from_folder(&name) {
            Some(expected) => expected,
            None if scored && name == PARTIALLY_ACCEPTED => Verdict::Accepted,
            None => continue,
        };
        let Ok(files) = std::fs::read_dir(folder.path()) else {
            continue;
        };
        for file in files.flatten() {
            let path = file.path();
            if path.is_file() && runner.language_for(&path).is_some() {
                found.push((path, expected));
            }
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

/// Checks every solution of the requested problems, telling `reporter` of each row.
pub fn run(
    request: &VerifyRequest,
    reporter: &mut dyn Reporter,
) -> Result<VerifySummary, GradeError> {
    let runner = request.runner;
    // The solutions are a project's, or a problem's own (named by its path): outside a
    // project only problems named are verified.
    let root = runner.project_root().ok();
    let problems = if request.problems.is_empty() {
        let root = runner.project_root()?;
        runner
            .problem_ids()
            .into_iter()
            .filter(|id| root.join("solutions").join(id).is_dir())
            .collect()
    } else {
        request.problems.clone()
    };
    let mut resolved = Vec::new();
    let mut plan = Vec::new();
    for problem_id in &problems {
        let problem = crate::resolve::problem(runner, problem_id)?;
        let folder = solutions_folder(root, &problem.spec);
        let scored = problem.spec.groups.is_some();
        for (path, expected) in solutions_of(folder.as_deref(), runner, scored) {
            plan.push((resolved.len(), path, expected));
        }
        resolved.push(problem);
    }
    let identity = plan_identity(request, root, &resolved, &plan);
    let memory = request.remember_runs.then(|| RunMemory::of(runner));
    // This shard's solutions, by problem, in plan order.
    let mut rows = Vec::new();
    for (index, problem) in resolved.iter().enumerate() {
        let solutions: Vec<(PathBuf, Verdict)> = plan
            .iter()
            .enumerate()
            .filter(|(position, (of, _, _))| {
                *of == index && request.shard.map_or(true, |shard| shard.owns(*position))
            })
            .map(|(_, (_, path, expected))| (path.clone(), *expected))
            .collect();
        if !solutions.is_empty() {
            let memory = memory.as_ref();
            verify_problem(
                request, root, problem, &solutions, memory, &mut rows, reporter,
            )?;
        }
    }
    let mut summary = VerifySummary::of(rows, RunIdentity::new(identity, request.shard));
    summary.remembered = memory.as_ref().map_or(0, RunMemory::recalled);
    tell(reporter, Event::VerifyFinished(&summary))?;
    Ok(summary)
}

/// Grades the solutions of one problem (each a job of the one loop, `grade::jobs`: they run
/// side by side on the workers; their units taken from `memory` and remembered there when
/// one is given) and checks what each got, telling `reporter` of each in order (its start,
/// units and end as `judge test` tells them, then its row) and adding its row to `rows`.
fn verify_problem(
    request: &VerifyRequest,
    root: Option<&Path>,
    problem: &Problem,
    solutions: &[(PathBuf, Verdict)],
    memory: Option<&RunMemory>,
    rows: &mut Vec<VerifyRow>,
    reporter: &mut dyn Reporter,
) -> Result<(), GradeError> {
    let runner = request.runner;
    let row_of = |(path, expected): &(PathBuf, Verdict), result| VerifyRow {
        problem: problem.spec.id.clone(),
        solution: shown(root, path),
        expected: *expected,
        also: Vec::new(),
        result,
    };
    let seed = runner.seed;
    let tests = Tests::Planned {
        selection: TestSelection::All,
        random_count: request.random_count.unwrap_or(runner.random_tests),
    };
    let made = Scratch::new(&runner.sandbox)
        .map(Arc::new)
        .map_err(GradeError::from)
        .and_then(|scratch| {
            let plan = Plan::of(runner, problem, &tests, request.games, seed, &scratch)?;
            Ok((scratch, plan))
        });
    let (scratch, plan) = match made {
        Ok(made) => made,
        // Nothing of the problem can be graded: each solution's row says why.
        Err(error) => {
            let why = row_error(error, request.stop)?;
            for solution in solutions {
                let row = row_of(solution, Err(why.clone()));
                tell(reporter, Event::Verified(&row))?;
                rows.push(row);
            }
            return Ok(());
        }
    };
    // A scored problem's solutions do not stop at a first failure: their groups say which
    // tests they need.
    let stops = plan.unit() == Unit::Games || problem.spec.groups.is_none();
    let submissions: Vec<Submission> = solutions
        .iter()
        .map(|(path, _)| Submission::new(path))
        .collect();
    // Each solution's target, or why it has none (a language not installed).
    let targets: Vec<Result<Target, String>> = submissions
        .iter()
        .map(|submission| {
            Target::of(runner, &problem.spec, submission, &Overrides::default())
                .map_err(|e| e.to_string())
        })
        .collect();
    let jobs = submissions
        .iter()
        .zip(&targets)
        .zip(solutions)
        .map(|((submission, target), (_, expected))| {
            let target = target.as_ref().map_err(Clone::clone)?;
            // A too-slow solution runs with twice the limit, to see whether it would finish.
            let factor = if *expected == Verdict::TimeLimitExceeded && plan.unit() == Unit::Tests {
                2.0
            } else {
                1.0
            };
            let sha256 = lang::submission_sha256(&submission.path).unwrap_or_default();
            let identity =
                plan.identity(runner, &problem.spec, seed, target, &sha256, stops, factor);
            Ok(ToGrade {
                submission,
                target,
                enforce_time_factor: factor,
                identity,
            })
        })
        .collect();
    let graded_jobs = JobsRequest {
        runner,
        problem: &problem.spec,
        plan: &plan,
        scratch: &scratch,
        seed,
        jobs,
        decided: Vec::new(),
        memory,
        schedule: Schedule::new(request.jobs, stops, true),
        keep_transcripts: true,
    };
    grade_in_order(graded_jobs, request.jobs, |index, end| {
        let solution = &solutions[index];
        let result = end
            .tell(problem.views.page_board(), reporter)?
            .map(|summary| check(request, problem, &solution.0, solution.1, &summary));
        let row = row_of(solution, result);
        tell(reporter, Event::Verified(&row))?;
        rows.push(row);
        Ok(())
    })
}

/// The identity of a verify run: the options and every solution with its bytes and the
/// verdict its folder names.
fn plan_identity(
    request: &VerifyRequest,
    root: Option<&Path>,
    problems: &[Problem],
    plan: &[(usize, PathBuf, Verdict)],
) -> PlanIdentity {
    let runner = request.runner;
    let mut digest = PlanDigest::new();
    digest
        .add("seed", runner.seed)
        .add("random_count", format!("{:?}", request.random_count))
        .add("games", format!("{:?}", request.games));
    for (problem, path, expected) in plan {
        // A file that cannot be read digests as empty: grading it says why.
        let bytes = judge_core::files::read(path, runner.files.sources()).unwrap_or_default();
        digest
            .add("problem", &problems[*problem].spec.id)
            .add("solution", shown(root, path))
            .add("sha256", sha256_hex(&bytes))
            .add("expected", expected.code());
    }
    PlanIdentity {
        unit: PlanUnit::Solutions,
        units: plan.len(),
        stops_at_first_failure: true,
        digest: digest.finish(),
    }
}

/// What one solution's run got, checked against its folder's verdict (and, for a scored
/// problem, what problem.toml says of its score).
fn check(
    request: &VerifyRequest,
    problem: &Problem,
    path: &Path,
    expected: Verdict,
    summary: &RunSummary,
) -> Checked {
    let checked = checked(summary, Against::Folder(expected));
    let Some(tree) = &problem.spec.groups else {
        return checked;
    };
    // A scored problem's solution: what problem.toml says of it, and its folder's rule.
    let root = request.runner.project_root().ok();
    let folder = solutions_folder(root, &problem.spec);
    let name = folder
        .as_deref()
        .and_then(|folder| path.strip_prefix(folder).ok())
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut expectations: Vec<Expectation> = problem
        .spec
        .expected_scores
        .iter()
        .filter(|(solution, _)| *solution == name)
        .map(|(_, expectation)| expectation.clone())
        .collect();
    expectations.push(folder_rule(&name, expected));
    let full = FullScore {
        range: tree.root.settings.range,
        objective: Objective::Max,
    };
    with_groups(checked, summary, &expectations, &full)
}

/// What a folder problem's solution folder says of a solution's score: `accepted/` the full
/// score, `partially_accepted/` more than nothing and less, the others their verdict.
fn folder_rule(name: &str, expected: Verdict) -> Expectation {
    let directory = name.split('/').next().unwrap_or_default();
    let (verdict, score) = match directory {
        "accepted" => (Some(Verdict::Accepted), ScoreExpectation::Full),
        PARTIALLY_ACCEPTED => (None, ScoreExpectation::Partly),
        _ => (Some(expected.as_problemtools()), ScoreExpectation::Any),
    };
    Expectation {
        verdict,
        score,
        permitted: None,
        required: None,
        on: None,
        said_by: format!("the folder {directory}/"),
        message: None,
        for_time_limit: None,
    }
}

/// A scored submission's row with its groups, its score first in the detail, and how its
/// verdict and score miss `expectations` (the first missed), if they do.
pub(crate) fn with_groups(
    mut checked: Checked,
    summary: &RunSummary,
    expectations: &[Expectation],
    full: &FullScore,
) -> Checked {
    let Some(groups) = summary.groups() else {
        return checked;
    };
    let actual = Scored {
        verdict: groups.groups_verdict.unwrap_or(Verdict::JudgeError),
        score: groups.score,
    };
    let names: Vec<String> = summary.outcomes.iter().map(|o| o.name()).collect();
    let run = Judged {
        result: actual,
        tests: names
            .iter()
            .zip(&summary.outcomes)
            .map(|(name, o)| (name.as_str(), o.verdict.as_problemtools()))
            .collect(),
        groups: groups
            .rows()
            .iter()
            .map(|g| (g.path.as_str(), g.score))
            .collect(),
        messages: names
            .iter()
            .zip(&summary.outcomes)
            .filter_map(|(name, o)| Some((name.as_str(), o.message.as_deref()?)))
            .collect(),
        skipped: Vec::new(),
    };
    checked.score_mismatch = expectations
        .iter()
        .find_map(|e| e.matches_run(&run, full).err())
        .map(|mismatch| mismatch.to_string());
    // The score first: a partially accepted submission is accepted with a failure.
    if let Some(score) = groups.score {
        checked.detail = match summary.first_failure() {
            Some(_) if summary.verdict.is_accepted() => {
                format!("AC score {score} ({})", checked.detail)
            }
            _ => format!("{} score {score}", checked.detail),
        };
    }
    checked.groups = Some(Box::new(groups.clone()));
    checked
}

/// A pass-fail package submission's row with how its test cases' verdicts (in the package
/// format's terms: a memory or output limit exceeded is a run-time error there) and judge
/// messages miss `expectations` (the first missed), if they do. A submission that did not
/// compile, or that a judge error stopped, misses them all. `tests` are the problem's test
/// cases: those the run did not judge could have met a requirement.
pub(crate) fn with_expectations(
    mut checked: Checked,
    summary: &RunSummary,
    expectations: &[Expectation],
    tests: &[String],
) -> Checked {
    let in_format = |verdict: Verdict| match verdict.as_problemtools() {
        Verdict::MemoryLimitExceeded | Verdict::OutputLimitExceeded => {
            Verdict::RuntimeError(Crash::Unknown)
        }
        other => other,
    };
    checked.by_expectations = true;
    if matches!(checked.got, Verdict::CompileError | Verdict::JudgeError) {
        let said_by = expectations.first().map_or("", |e| e.said_by.as_str());
        checked.score_mismatch = Some(format!(
            "expected its test cases judged ({said_by}), got {}",
            checked.got.code()
        ));
        return checked;
    }
    let names: Vec<String> = summary.outcomes.iter().map(|o| o.name()).collect();
    let run = Judged {
        result: Scored {
            verdict: in_format(checked.got),
            score: None,
        },
        tests: names
            .iter()
            .zip(&summary.outcomes)
            .map(|(name, o)| (name.as_str(), in_format(o.verdict)))
            .collect(),
        groups: Vec::new(),
        messages: names
            .iter()
            .zip(&summary.outcomes)
            .filter_map(|(name, o)| Some((name.as_str(), o.message.as_deref()?)))
            .collect(),
        skipped: tests
            .iter()
            .map(String::as_str)
            .filter(|test| !names.iter().any(|name| name == test))
            .collect(),
    };
    let full = FullScore {
        range: judge_core::scoring::ScoreRange::ANY,
        objective: Objective::Max,
    };
    checked.score_mismatch = expectations
        .iter()
        .find_map(|e| e.matches_run(&run, &full).err())
        .map(|mismatch| mismatch.to_string());
    checked
}

/// What a row is read against: the limit its warnings measure, and how its verdict is said.
pub(crate) enum Against<'a> {
    /// A bundled solution, and the verdict its folder names: an accepted one is warned of
    /// when it uses more than half the limit, a too-slow one (run with twice the limit) when
    /// it finishes within twice it.
    Folder(Verdict),
    /// A Kattis package's submission, run at the limit times its safety margin: warned of when
    /// too slow yet within that, or when its timing differs from Kattis's; its verdict as the
    /// package format says it (`as_the_format_says`).
    Package(&'a TimeLimit),
}

/// A solution's row from its run: the verdict with where it happened (the first failing test,
/// or a run of games' mean score), the figures, and a warning where the limits are tight.
pub(crate) fn checked(summary: &RunSummary, against: Against) -> Checked {
    let max_cpu_ms = summary.max_cpu_ms();
    let limit_ms = summary.limits.cpu_ms;
    // A run of games says its mean score where a run of tests says its first failing test.
    let mean = summary.score_stats().map(|(_, _, mean)| mean);
    let first_failure = summary.first_failure();
    // Too slow, yet it finished: it ran with more than the limit (only a run of tests does).
    let finished_too_slow = summary.verdict == Verdict::TimeLimitExceeded
        && mean.is_none()
        && first_failure
            .and_then(|t| t.facts.as_ref())
            .is_some_and(|f| f.stopped_by.is_none());
    let warning = match against {
        Against::Folder(expected) => match (summary.verdict, mean) {
            (Verdict::Accepted, None) if max_cpu_ms * 2 > limit_ms => Some(format!(
                "accepted but uses {max_cpu_ms} ms of the {limit_ms} ms limit (more than half)"
            )),
            (Verdict::Accepted, Some(_)) if expected.is_accepted() && max_cpu_ms * 2 > limit_ms => {
                Some(format!(
                    "accepted but a game uses {max_cpu_ms} ms of the {limit_ms} ms limit"
                ))
            }
            _ if finished_too_slow && expected == Verdict::TimeLimitExceeded => Some(format!(
                "too slow, but finishes in {max_cpu_ms} ms, within twice the {limit_ms} ms limit"
            )),
            _ => None,
        },
        Against::Package(limit) => {
            let high_ms = (limit.ms as f64 * limit.safety_margin).round() as u64;
            let sensitive = finished_too_slow.then(|| {
                format!(
                    "sensitive to the time limit: finishes in {max_cpu_ms} ms, within the {high_ms} ms of the limit x {}",
                    limit.safety_margin
                )
            });
            // A timing that differs from Kattis's (Python under CPython) is said first.
            match (summary.timing_warning(), sensitive) {
                (Some(timing), Some(other)) => Some(format!("{timing}; {other}")),
                (timing, other) => other.or_else(|| timing.map(String::from)),
            }
        }
    };
    let detail = match (mean, first_failure) {
        (None, Some(failed)) => format!("{} @{}", failed.verdict_detail, failed.name()),
        (Some(mean), None)
            if matches!(summary.verdict, Verdict::Accepted | Verdict::WrongAnswer) =>
        {
            format!("{} mean {mean:.0}", summary.verdict.describe())
        }
        _ => summary.verdict.describe(),
    };
    let message = match mean {
        None => failure_message(summary),
        // A run of games below the mean score has no failing game to quote.
        Some(_) => summary
            .compile_message
            .as_deref()
            .or_else(|| first_failure.and_then(|g| g.message.as_deref()))
            .map(|m| judge_core::check::clip(m.trim(), MESSAGE_CHARS)),
    };
    let (got, detail) = match against {
        Against::Folder(_) => (summary.verdict, detail),
        Against::Package(_) => as_the_format_says(summary, detail),
    };
    Checked {
        language: summary.language.clone(),
        got,
        detail,
        max_cpu_ms,
        max_peak_kib: summary.max_peak_kib(),
        warning,
        message,
        groups: None,
        score_mismatch: None,
        by_expectations: false,
        images: visuals_of(summary),
    }
}

/// What the output visualizer left on each test of a run, for the row (see `TestVisuals`).
fn visuals_of(summary: &RunSummary) -> Vec<TestVisuals> {
    summary
        .outcomes
        .iter()
        .filter_map(|outcome| outcome.test())
        .filter(|test| !test.visual.is_empty())
        .map(|test| {
            let (mut images, mut warnings) = (Vec::new(), Vec::new());
            for visual in &test.visual {
                match visual {
                    Visual::Image { file, pass, .. } => images.push(Visual::label(file, *pass)),
                    Visual::Warning(why) => warnings.push(why.clone()),
                }
            }
            TestVisuals {
                test: test.name.clone(),
                images,
                warnings,
            }
        })
        .collect()
}

/// The verdict a package's submission is compared by, and its detail: the package format has
/// no memory-limit verdict (no such submission folder), and problemtools reports a run that
/// went over the memory limit as the run-time error it causes there, so judge's MLE counts
/// as RTE here; the detail keeps judge's own verdict, `MLE @secret/1 (RTE in the package
/// format)`.
fn as_the_format_says(summary: &RunSummary, detail: String) -> (Verdict, String) {
    if summary.verdict != Verdict::MemoryLimitExceeded {
        return (summary.verdict, detail);
    }
    let termination = summary
        .first_failure()
        .and_then(|t| t.facts.as_ref())
        .map(|f| f.termination);
    let crash = match termination {
        Some(Termination::Exited(code)) if code != 0 => Crash::ExitCode(code),
        Some(Termination::Signaled(signal)) => Crash::Signal(signal),
        // Stopped at the limit by this judge: killed.
        _ => Crash::Signal(9),
    };
    (
        Verdict::RuntimeError(crash),
        format!("{detail} (RTE in the package format)"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::engine::{self, RootRule};
    use crate::grade::fixtures;
    use crate::grade::outcome::RunDetail;

    #[test]
    fn a_row_says_where_a_run_of_tests_failed_and_a_run_of_games_its_mean() {
        let tests = fixtures::batch_summary();
        let failed = tests.first_failure().unwrap();
        let row = checked(&tests, Against::Folder(Verdict::Accepted));
        assert_eq!(row.got, tests.verdict);
        assert_eq!(
            row.detail,
            format!("{} @{}", failed.verdict_detail, failed.name())
        );
        assert_eq!(row.max_cpu_ms, tests.max_cpu_ms());

        // A failed game: its verdict alone, and its message.
        let games = fixtures::games_summary();
        let row = checked(&games, Against::Folder(Verdict::Accepted));
        assert_eq!((row.got, row.detail.as_str()), (Verdict::WrongAnswer, "WA"));
        assert_eq!(row.message, games.first_failure().unwrap().message);
        // Every game passed: the mean says it, accepted or below the mean needed.
        let mut passed = games.clone();
        let mut outcomes = passed.outcomes.clone();
        outcomes.truncate(2);
        let mean = |summary: &RunSummary| RootRule::MeanScore {
            accept_mean_score: summary.score_stats().map_or(0.0, |(_, accept, _)| accept),
        };
        let rule = mean(&passed);
        passed.conclude(engine::conclude(outcomes.clone(), true, &rule, 0));
        let row = checked(&passed, Against::Folder(Verdict::Accepted));
        assert_eq!(
            (row.got, row.detail.as_str()),
            (Verdict::Accepted, "AC mean 3072")
        );
        let mut low = games.clone();
        if let RunDetail::Games {
            accept_mean_score, ..
        } = &mut low.detail
        {
            *accept_mean_score = 5000.0;
        }
        let rule = mean(&low);
        low.conclude(engine::conclude(outcomes, true, &rule, 0));
        let row = checked(&low, Against::Folder(Verdict::WrongAnswer));
        assert_eq!(
            (row.got, row.detail.as_str()),
            (Verdict::WrongAnswer, "WA mean 3072")
        );
        assert_eq!(row.message, None);
    }
}
