//! Merging the parts of a sharded run: the JSON reports of `--shard K/N` runs (`test`, games,
//! `grade`, `verify`) back into the report one run would have given. Every unit of a plan
//! belongs to exactly one shard (`plan::Shard`), so the merge puts each part's units back in
//! plan order, cuts them where one run stops (`engine::cut`), and works out the rest (the
//! verdict, the statistics, the counts) as one run does, from the units (`engine::conclude`,
//! `RunSummary::conclude`): the same verdicts, tests, games and figures.
//!
//! Parts are refused, with a message naming them, when they do not belong together: another
//! judge version, problem, seed, limits or plan, a shard given twice or missing, a part that
//! is not complete.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::engine::{self, RootRule};
use super::outcome::{AppliedLimits, RunDetail, RunIdentity, RunSummary};
use super::results::{Scoreboard, VerifyRow, VerifySummary};
use super::scored;
use judge_core::bounds;
use judge_core::plan::{PlanUnit, Shard};
use judge_core::scoring;

#[derive(Debug, Error)]
pub enum MergeError {
    #[error("nothing to merge: give the JSON reports (--json) of the shards of one run")]
    NoParts,
    #[error(transparent)]
    Read(#[from] judge_core::files::FileError),
    #[error("{path} is not a JSON report of judge: {message}")]
    NotAReport { path: String, message: String },
    #[error("{path} is the report of a whole run, not of one shard (its \"shard\" is null): there is nothing to merge it with")]
    NotAPart { path: String },
    #[error("{first} and {second} are not parts of one run: their {what} differ ({first_value} and {second_value})")]
    Differ {
        what: &'static str,
        first: String,
        second: String,
        first_value: String,
        second_value: String,
    },
    #[error("{first} and {second} are both shard {shard}")]
    Duplicate {
        shard: Shard,
        first: String,
        second: String,
    },
    #[error("{missing} missing from the {count} shards (given: {given})")]
    Missing {
        missing: String,
        count: usize,
        given: String,
    },
    #[error(
        "the groups need test {test}, which no part holds (given: {given}): a part is not complete"
    )]
    MissingTest { test: String, given: String },
    #[error("{path} (shard {shard}) is not complete: {problem}")]
    Incomplete {
        path: String,
        shard: Shard,
        problem: String,
    },
}

/// A part as read: a summary of one of the kinds a JSON report holds.
#[derive(Debug, Clone)]
pub enum Report {
    /// A run of tests or of games (boxed: a summary is large beside the others).
    Run(Box<RunSummary>),
    Grade(Scoreboard),
    Verify(VerifySummary),
}

impl Report {
    fn as_run(&self) -> Option<&RunSummary> {
        match self {
            Report::Run(summary) => Some(summary),
            _ => None,
        }
    }

    fn run(&self) -> &RunIdentity {
        match self {
            Report::Run(s) => &s.run,
            Report::Grade(s) => &s.run,
            Report::Verify(s) => &s.run,
        }
    }

    /// The problem, seed and limits, where the report has them.
    fn problem(&self) -> Option<&str> {
        match self {
            Report::Run(s) => Some(&s.problem),
            Report::Grade(s) => Some(&s.problem),
            Report::Verify(_) => None,
        }
    }

    fn seed(&self) -> Option<u64> {
        match self {
            Report::Run(s) => Some(s.seed),
            Report::Grade(s) => Some(s.seed),
            Report::Verify(_) => None,
        }
    }

    fn limits(&self) -> Option<&AppliedLimits> {
        match self {
            Report::Run(s) => Some(&s.limits),
            Report::Grade(_) | Report::Verify(_) => None,
        }
    }
}

/// One part of a sharded run: where it was read from and what it says.
#[derive(Debug, Clone)]
pub struct Part {
    pub path: PathBuf,
    pub report: Report,
}

impl Part {
    fn name(&self) -> String {
        self.path.display().to_string()
    }

    fn shard(&self) -> Shard {
        self.report
            .run()
            .shard
            .expect("parts are checked to have a shard")
    }
}

/// Reads a JSON report written by `--json`.
pub fn read_part(path: &Path) -> Result<Part, MergeError> {
    let name = path.display().to_string();
    let text = judge_core::files::read(path, judge_core::files::Cap::JSON)?;
    let not_a_report = |message: String| MergeError::NotAReport {
        path: name.clone(),
        message,
    };
    let value: serde_json::Value =
        serde_json::from_slice(&text).map_err(|e| not_a_report(e.to_string()))?;
    let unit = value
        .get("plan")
        .and_then(|plan| plan.get("unit"))
        .cloned()
        .ok_or_else(|| {
            not_a_report("it has no \"plan\" (made by a judge older than --shard?)".into())
        })?;
    let unit: PlanUnit =
        serde_json::from_value(unit).map_err(|e| not_a_report(format!("plan.unit: {e}")))?;
    let read = |e: serde_json::Error| not_a_report(e.to_string());
    let report = match unit {
        PlanUnit::Tests => Report::Run(Box::new(RunSummary::tests_from_json(value).map_err(read)?)),
        PlanUnit::Games => Report::Run(Box::new(RunSummary::games_from_json(value).map_err(read)?)),
        PlanUnit::Submissions => Report::Grade(serde_json::from_value(value).map_err(read)?),
        PlanUnit::Solutions => Report::Verify(serde_json::from_value(value).map_err(read)?),
    };
    // Its shard was checked as it was read (`plan::Shard`); its counts are checked here.
    let run = report.run();
    bounds::PLAN_UNITS
        .whole(run.plan.units)
        .map_err(|e| not_a_report(format!("plan.units {e}")))?;
    if let Some(summary) = report.as_run().filter(|s| !s.is_games()) {
        bounds::PLAN_UNITS
            .whole(summary.units_planned())
            .map_err(|e| not_a_report(format!("tests_planned {e}")))?;
    }
    Ok(Part {
        path: path.to_path_buf(),
        report,
    })
}

/// Merges the parts of one sharded run into the report of the whole run.
pub fn merge(mut parts: Vec<Part>) -> Result<Report, MergeError> {
    let first = parts.first().ok_or(MergeError::NoParts)?.clone();
    for part in &parts {
        if part.report.run().shard.is_none() {
            return Err(MergeError::NotAPart { path: part.name() });
        }
    }
    for part in &parts[1..] {
        same_run(&first, part)?;
    }
    parts.sort_by_key(|p| p.shard().index);
    let count = first.shard().count;
    let mut by_shard: BTreeMap<usize, &Part> = BTreeMap::new();
    for part in &parts {
        if let Some(earlier) = by_shard.insert(part.shard().index, part) {
            return Err(MergeError::Duplicate {
                shard: part.shard(),
                first: earlier.name(),
                second: part.name(),
            });
        }
    }
    let missing: Vec<String> = (0..count)
        .filter(|k| !by_shard.contains_key(k))
        .map(|k| format!("{k}/{count}"))
        .collect();
    if !missing.is_empty() {
        let given: Vec<String> = parts
            .iter()
            .map(|p| format!("{} = {}", p.name(), p.shard()))
            .collect();
        return Err(MergeError::Missing {
            missing: format!(
                "shard{} {}",
                if missing.len() == 1 { "" } else { "s" },
                missing.join(", ")
            ),
            count,
            given: given.join(", "),
        });
    }
    let whole = RunIdentity {
        shard: None,
        ..first.report.run().clone()
    };
    match &first.report {
        Report::Run(_) => merge_runs(&parts, whole).map(|merged| Report::Run(Box::new(merged))),
        Report::Grade(_) => merge_grade(&parts, whole).map(Report::Grade),
        Report::Verify(_) => merge_verify(&parts, whole).map(Report::Verify),
    }
}

/// Checks that two parts come from the same run, naming the first thing that differs.
fn same_run(first: &Part, other: &Part) -> Result<(), MergeError> {
    let differ = |what: &'static str, a: String, b: String| {
        if a == b {
            Ok(())
        } else {
            Err(MergeError::Differ {
                what,
                first: first.name(),
                second: other.name(),
                first_value: a,
                second_value: b,
            })
        }
    };
    let (a, b) = (first.report.run(), other.report.run());
    differ(
        "judge versions",
        a.judge_version.clone(),
        b.judge_version.clone(),
    )?;
    differ(
        "kinds of report",
        a.plan.unit.name().into(),
        b.plan.unit.name().into(),
    )?;
    differ(
        "problems",
        first.report.problem().unwrap_or("-").into(),
        other.report.problem().unwrap_or("-").into(),
    )?;
    differ(
        "seeds",
        format!("{:?}", first.report.seed()),
        format!("{:?}", other.report.seed()),
    )?;
    let limits = |limits: Option<&AppliedLimits>| {
        limits.map_or("-".into(), |l| {
            format!(
                "cpu {} ms, wall {} ms, memory {} KiB, output {} KiB",
                l.cpu_ms, l.wall_ms, l.memory_kib, l.output_kib
            )
        })
    };
    differ(
        "limits",
        limits(first.report.limits()),
        limits(other.report.limits()),
    )?;
    differ(
        "shard counts",
        first.shard().count.to_string(),
        other.shard().count.to_string(),
    )?;
    differ(
        "plan sizes",
        a.plan.units.to_string(),
        b.plan.units.to_string(),
    )?;
    differ(
        "rules for the first failure",
        stop_rule(a.plan.stops_at_first_failure),
        stop_rule(b.plan.stops_at_first_failure),
    )?;
    differ(
        "plans (the submission's bytes, the tests or games, the language or the options)",
        a.plan.digest.clone(),
        b.plan.digest.clone(),
    )
}

fn stop_rule(stops: bool) -> String {
    if stops {
        "stop at the first failure".into()
    } else {
        "run everything (--all)".into()
    }
}

/// How a part may hold fewer units than its share.
#[derive(Clone, Copy, PartialEq)]
enum Short {
    /// Never: every unit of its share ran.
    Never,
    /// It stopped at a failure of its own (the plan stops at the first failure).
    AtFailure,
    /// A scored problem's shard skipped tests its groups were decided without; the merge
    /// checks that the groups need none of them (`scored::missing_test`).
    Skipped,
}

/// Each part's units with their plan indices, sorted by index; checks every part holds its
/// share, or fewer as `short` allows.
fn units_in_plan_order<'a, T: Clone + 'a>(
    parts: &'a [Part],
    units_of: impl Fn(&'a Report) -> &'a [T],
    failed: impl Fn(&T) -> bool,
    whole_units: usize,
    short: Short,
) -> Result<Vec<(usize, T)>, MergeError> {
    let stops = short == Short::AtFailure;
    let mut all = Vec::new();
    for part in parts {
        let shard = part.shard();
        let units = units_of(&part.report);
        let share = shard.share_of(whole_units);
        let stopped = stops && units.last().is_some_and(&failed);
        let may_be_short = stopped || short == Short::Skipped;
        if units.len() > share || (units.len() < share && !may_be_short) {
            return Err(MergeError::Incomplete {
                path: part.name(),
                shard,
                problem: format!(
                    "it holds {} of the {share} units of its share{}",
                    units.len(),
                    if stops {
                        " and does not end with a failure"
                    } else {
                        ""
                    }
                ),
            });
        }
        all.extend(
            units
                .iter()
                .enumerate()
                .map(|(position, unit)| (shard.unit_index(position), unit.clone())),
        );
    }
    all.sort_by_key(|(index, _)| *index);
    // As one run: everything up to the first failure when it stops there. Every unit before
    // it is there, since each shard ran its share up to a failure of its own, at or after it.
    Ok(engine::cut(all, stops, |(_, unit)| failed(unit)))
}

/// Merges the parts of a run of tests or of games: the units in plan order (cut where one run
/// would have stopped), then the verdict (and a run of games' statistics) from them.
fn merge_runs(parts: &[Part], whole: RunIdentity) -> Result<RunSummary, MergeError> {
    let summaries: Vec<&RunSummary> = parts
        .iter()
        .map(|p| match &p.report {
            Report::Run(s) => &**s,
            _ => unreachable!("parts are checked to be of one kind"),
        })
        .collect();
    let mut merged = summaries[0].clone();
    if let RunDetail::Tests { tests_planned, .. } = &mut merged.detail {
        *tests_planned = whole.plan.units;
    }
    merged.run = whole;
    let compile_errors = summaries
        .iter()
        .filter(|s| s.compile_message.is_some())
        .count();
    if compile_errors > 0 {
        if compile_errors < summaries.len() {
            let (with, without) = (
                parts
                    .iter()
                    .zip(&summaries)
                    .find(|(_, s)| s.compile_message.is_some()),
                parts
                    .iter()
                    .zip(&summaries)
                    .find(|(_, s)| s.compile_message.is_none()),
            );
            if let (Some((with, _)), Some((without, _))) = (with, without) {
                return Err(MergeError::Differ {
                    what: "compile results",
                    first: with.name(),
                    second: without.name(),
                    first_value: "compile error".into(),
                    second_value: "compiled".into(),
                });
            }
        }
        merged.outcomes = Vec::new();
        return Ok(merged);
    }
    // A scored problem's parts carry its groups: they are graded on the whole run's tests.
    let tree = match &mut merged.detail {
        RunDetail::Tests { group_tree, .. } => group_tree.take(),
        RunDetail::Games { .. } => None,
    };
    let short = match &tree {
        Some(_) => Short::Skipped,
        None if merged.run.plan.stops_at_first_failure => Short::AtFailure,
        None => Short::Never,
    };
    let mut units = units_in_plan_order(
        parts,
        |report| match report {
            Report::Run(s) => &s.outcomes[..],
            _ => &[],
        },
        |unit| !unit.verdict.is_accepted(),
        merged.run.plan.units,
        short,
    )?;
    if let Some(tree) = &tree {
        // A shard that skipped tests holds no place for them: its tests are put in the
        // groups' order, which is the plan's.
        let order: BTreeMap<&str, usize> = tree
            .root
            .tests()
            .into_iter()
            .enumerate()
            .map(|(index, test)| (test.path.as_str(), index))
            .collect();
        units.sort_by_key(|(_, unit)| order.get(unit.name().as_str()).copied());
    }
    let mut units: Vec<_> = units.into_iter().map(|(_, unit)| unit).collect();
    if let Some(tree) = &tree {
        units = scored::as_one_run(tree, units);
    }
    if let Some(tree) = &tree {
        if let Some(test) = scored::missing_test(tree, &units) {
            return Err(MergeError::MissingTest {
                test,
                given: part_names(parts),
            });
        }
    }
    // Concluded as one run is, by its root's rule; a tree put together from parts has no
    // custom grader (`judge test` grades a problem with one whole).
    let no_grader = |_: &scoring::Group, _: &str, _: &[String]| scoring::Scored {
        verdict: judge_core::verdict::Verdict::JudgeError,
        score: None,
    };
    let rule = match (&tree, &merged.detail) {
        (Some(tree), _) => RootRule::Groups {
            tree,
            grader: &no_grader,
        },
        (
            None,
            RunDetail::Games {
                accept_mean_score, ..
            },
        ) => RootRule::MeanScore {
            accept_mean_score: *accept_mean_score,
        },
        (None, RunDetail::Tests { .. }) => RootRule::FirstFailure,
    };
    let limit_ms = merged.limits.cpu_ms;
    merged.conclude(engine::conclude(units, true, &rule, limit_ms));
    // Outcomes read from JSON have no facts to take the protections from.
    merged.protections = first_protections(summaries.iter().map(|s| &s.protections));
    Ok(merged)
}

fn part_names(parts: &[Part]) -> String {
    parts
        .iter()
        .map(|p| format!("{} = {}", p.name(), p.shard()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn merge_grade(parts: &[Part], whole: RunIdentity) -> Result<Scoreboard, MergeError> {
    let rows = units_in_plan_order(
        parts,
        |report| match report {
            Report::Grade(s) => &s.submissions[..],
            _ => &[],
        },
        |_| false,
        whole.plan.units,
        Short::Never,
    )?;
    let Report::Grade(first) = &parts[0].report else {
        unreachable!("parts are checked to be of one kind")
    };
    Ok(Scoreboard {
        submissions: rows.into_iter().map(|(_, row)| row).collect(),
        run: whole,
        ..first.clone()
    })
}

fn merge_verify(parts: &[Part], whole: RunIdentity) -> Result<VerifySummary, MergeError> {
    let rows: Vec<(usize, VerifyRow)> = units_in_plan_order(
        parts,
        |report| match report {
            Report::Verify(s) => &s.rows[..],
            _ => &[],
        },
        |_| false,
        whole.plan.units,
        Short::Never,
    )?;
    Ok(VerifySummary::of(
        rows.into_iter().map(|(_, row)| row).collect(),
        whole,
    ))
}

/// The sandbox's protections as the first part that ran something reports them.
fn first_protections<'a>(lists: impl Iterator<Item = &'a Vec<String>>) -> Vec<String> {
    lists
        .into_iter()
        .find(|list| !list.is_empty())
        .cloned()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::fixtures;
    use crate::grade::outcome::Outcome;
    use judge_core::verdict::Verdict;

    /// The fixture's batch run of `units` tests (all accepted but `failing`), cut into
    /// `count` shards as the judge would grade them.
    fn batch_parts(units: usize, count: usize, failing: Option<usize>, stops: bool) -> Vec<Part> {
        let test = |index: usize| {
            let mut test: Outcome = fixtures::batch_summary().outcomes[0].clone();
            if let Some(detail) = test.test_mut() {
                detail.name = format!("random-{index:03}");
            }
            if Some(index) == failing {
                test.verdict = Verdict::WrongAnswer;
                test.verdict_detail = "WA".into();
            }
            test
        };
        (0..count)
            .map(|k| {
                let shard = Shard::new(k, count).unwrap();
                let mut tests = Vec::new();
                for position in 0..shard.share_of(units) {
                    let index = shard.unit_index(position);
                    tests.push(test(index));
                    if stops && Some(index) == failing {
                        break;
                    }
                }
                let mut summary = fixtures::batch_summary();
                let rule = RootRule::FirstFailure;
                summary.verdict = engine::conclude(tests.clone(), true, &rule, 0).verdict;
                if let RunDetail::Tests { tests_planned, .. } = &mut summary.detail {
                    *tests_planned = shard.share_of(units);
                }
                summary.outcomes = tests;
                summary.run = fixtures::run(PlanUnit::Tests, units, Some(shard));
                summary.run.plan.stops_at_first_failure = stops;
                Part {
                    path: PathBuf::from(format!("part-{k}.json")),
                    report: Report::Run(Box::new(summary)),
                }
            })
            .collect()
    }

    fn merged_tests(parts: Vec<Part>) -> RunSummary {
        match merge(parts).unwrap() {
            Report::Run(summary) => *summary,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn shards_merge_back_in_plan_order() {
        let merged = merged_tests(batch_parts(10, 3, None, true));
        let names: Vec<String> = merged.outcomes.iter().map(|t| t.name()).collect();
        let expected: Vec<String> = (0..10).map(|i| format!("random-{i:03}")).collect();
        assert_eq!(names, expected);
        assert_eq!(merged.verdict, Verdict::Accepted);
        assert_eq!(merged.units_planned(), 10);
        assert_eq!(merged.run.shard, None);
    }

    #[test]
    fn a_merged_run_stops_where_one_run_stops() {
        // Test 4 fails (shard 1 of 3): shards 0 and 2 ran past it, shard 1 stopped there.
        let merged = merged_tests(batch_parts(10, 3, Some(4), true));
        assert_eq!(merged.outcomes.len(), 5);
        assert_eq!(merged.verdict, Verdict::WrongAnswer);
        // With --all every test stays.
        let merged = merged_tests(batch_parts(10, 3, Some(4), false));
        assert_eq!(merged.outcomes.len(), 10);
        assert_eq!(merged.verdict, Verdict::WrongAnswer);
    }

    #[test]
    fn parts_must_be_whole_and_different_shards_of_one_run() {
        let message = |parts: Vec<Part>| merge(parts).unwrap_err().to_string();
        let mut parts = batch_parts(10, 3, None, true);
        parts.remove(1);
        assert_eq!(
            message(parts),
            "shard 1/3 missing from the 3 shards (given: part-0.json = 0/3, part-2.json = 2/3)"
        );
        let mut parts = batch_parts(10, 3, None, true);
        parts[2] = parts[1].clone();
        parts[2].path = "copy.json".into();
        assert_eq!(
            message(parts),
            "part-1.json and copy.json are both shard 1/3"
        );
        let mut parts = batch_parts(10, 3, None, true);
        if let Report::Run(summary) = &mut parts[1].report {
            summary.seed = 7;
        }
        assert_eq!(
            message(parts),
            "part-0.json and part-1.json are not parts of one run: their seeds differ (Some(20261121) and Some(7))"
        );
        let mut parts = batch_parts(10, 3, None, true);
        if let Report::Run(summary) = &mut parts[2].report {
            summary.run.judge_version = "0.0.9".into();
        }
        assert!(message(parts).contains("judge versions differ (0.1.0 and 0.0.9)"));
        let mut parts = batch_parts(10, 3, None, true);
        if let Report::Run(summary) = &mut parts[0].report {
            summary.limits.cpu_ms = 2000;
        }
        assert!(message(parts).contains("their limits differ"));
        let mut parts = batch_parts(10, 3, None, true);
        if let Report::Run(summary) = &mut parts[0].report {
            summary.problem = "boj1525".into();
        }
        assert!(message(parts).contains("problems differ (boj1525 and boj12100)"));
        let mut parts = batch_parts(10, 3, None, true);
        if let Report::Run(summary) = &mut parts[1].report {
            summary.outcomes.pop();
        }
        assert!(message(parts).starts_with("part-1.json (shard 1/3) is not complete"));
        let mut parts = batch_parts(10, 1, None, true);
        if let Report::Run(summary) = &mut parts[0].report {
            summary.run.shard = None;
        }
        assert!(message(parts).contains("report of a whole run"));
        assert!(matches!(merge(Vec::new()), Err(MergeError::NoParts)));
    }

    #[test]
    fn merged_games_give_the_statistics_of_one_run() {
        let whole = fixtures::games_summary();
        let parts: Vec<Part> = (0..2)
            .map(|k| {
                let shard = Shard::new(k, 2).unwrap();
                let mut part = whole.clone();
                part.run = fixtures::run(PlanUnit::Games, 3, Some(shard));
                part.run.plan.stops_at_first_failure = false;
                let Some((_, accept_mean_score, _)) = whole.score_stats() else {
                    unreachable!("a run of games")
                };
                let rule = RootRule::MeanScore { accept_mean_score };
                let games = shard.select(whole.outcomes.clone());
                part.conclude(engine::conclude(games, true, &rule, 0));
                Part {
                    path: format!("games-{k}.json").into(),
                    report: Report::Run(Box::new(part)),
                }
            })
            .collect();
        let Report::Run(merged) = merge(parts).unwrap() else {
            panic!("games merge into games");
        };
        assert!(merged.is_games());
        assert_eq!(merged.score_stats(), whole.score_stats());
        assert_eq!(merged.verdict, whole.verdict);
        assert_eq!(merged.reason(), whole.reason());
        let games: Vec<u64> = merged
            .outcomes
            .iter()
            .filter_map(|g| g.game())
            .map(|g| g.game)
            .collect();
        assert_eq!(games, [0, 1, 2]);
    }

    #[test]
    fn a_part_reads_back_from_its_json() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("part.json");
        let mut summary = fixtures::batch_summary();
        summary.outcomes[2].verdict = Verdict::RuntimeError(judge_core::verdict::Crash::Signal(11));
        summary.outcomes[2].verdict_detail = summary.outcomes[2].verdict.describe();
        summary.verdict = summary.outcomes[2].verdict;
        summary.run.shard = Some(Shard::new(0, 1).unwrap());
        // The crash is read from its data, not from the text for people.
        let mut value = serde_json::to_value(&summary).unwrap();
        value["tests"][2]["verdict_detail"] = "RE (exit code 1)".into();
        std::fs::write(&path, serde_json::to_vec(&value).unwrap()).unwrap();
        let Report::Run(back) = read_part(&path).unwrap().report else {
            panic!("a batch report reads back as one");
        };
        assert_eq!(back.verdict, summary.verdict);
        assert_eq!(back.verdict.describe(), "RE (SIGSEGV)");
        assert_eq!(back.outcomes[2].verdict, summary.outcomes[2].verdict);
        assert!(!back.is_games());
        assert_eq!(back.outcomes.len(), 3);
        std::fs::write(&path, "{\"verdict\": \"AC\"}").unwrap();
        assert!(read_part(&path)
            .unwrap_err()
            .to_string()
            .contains("has no \"plan\""));
    }
}
