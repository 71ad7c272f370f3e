//! The group table of a scored problem (or of any problem with groups): one row per
//! submission, one column per top-level group (the groups nested under it folded beside it),
//! each cell the group's points against its maximum and its verdict, its slowest test with the
//! time against the limit, and a mark where a small change of the time limit would change the
//! score; the total per submission. [`GroupTable`] is pure data, made by [`build`] from the
//! problem's [`GroupTree`], each submission's [`Graded`] results and the facts of its tests
//! ([`SubmissionFacts`]); the terminal text is [`terminal`], CSV, JUnit and HTML render the
//! same value (`csv::render_groups`, `junit::render_groups`, `html::HtmlPage::set_groups`),
//! and `judge grade`'s scoreboard ranks its rows by score with [`GroupTable::ranked`].
//!
//! "Near the limit" is verify's rule made two-sided: with the package's safety margin as the
//! factor (`time_limit_to_tle`, 2 when there is none), a test is near the limit when it was
//! accepted in more than the limit / factor, or went over the limit but finished within the
//! limit x factor (a run stopped by the sandbox tells nothing). A group's score is marked when
//! grading its tests again with the near ones turned (accepted to TLE, TLE to accepted) gives
//! it another score, or needs a test that did not run (its group was decided before it).

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};
use std::path::Path;

use anstyle::{AnsiColor, Style};
use serde::Serialize;

use super::style;
use judge_core::quote;
use judge_core::scoring::aggregate::{self, Graded, Results, TestRun, ValidatorScore};
use judge_core::scoring::{Child, Group, GroupTree, Rule, Scored, TestCase};
use judge_core::verdict::Verdict;
use judge_engine::grade::many::{self, Scoreboard};
use judge_engine::grade::outcome::{GroupResult, Outcome, RunSummary};

/// The factor of "near the limit" where the problem gives none: problemtools' default
/// `time_safety_margin` of a legacy package, which `verify` runs submissions at.
pub const DEFAULT_NEAR_FACTOR: f64 = 2.0;

/// Where a scoreboard's reporters get its group table when the grading is over: `None` for a
/// problem without groups.
pub type GroupSource = Box<dyn Fn(&Scoreboard) -> Option<GroupTable>>;

/// `scoreboard` with its submissions in `table`'s ranking (by score, then CPU time); those
/// the table does not have keep their order after the ranked ones.
pub fn ranked_scoreboard(scoreboard: &Scoreboard, table: &GroupTable) -> Scoreboard {
    let rank: BTreeMap<&str, usize> = table
        .ranked()
        .iter()
        .enumerate()
        .map(|(rank, row)| (row.submission.as_str(), rank))
        .collect();
    let mut ranked = scoreboard.clone();
    ranked
        .submissions
        .sort_by_key(|row| rank.get(row.name.as_str()).copied().unwrap_or(usize::MAX));
    ranked
}

/// What one test of a submission gave, as the table needs it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TestFacts {
    /// Its verdict as groups see it and the validator's score, if any.
    pub run: TestRun,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    /// The sandbox stopped it at its limit (it did not finish on its own).
    pub stopped: bool,
}

impl TestFacts {
    /// The facts of a test's outcome, with the score its validator or checker gave.
    pub fn of(outcome: &Outcome, validator_score: Option<ValidatorScore>) -> TestFacts {
        TestFacts {
            run: TestRun {
                verdict: outcome.verdict.as_problemtools(),
                validator_score,
            },
            cpu_ms: outcome.cpu_ms,
            wall_ms: outcome.wall_ms,
            stopped: outcome
                .facts
                .as_ref()
                .is_some_and(|facts| facts.stopped_by.is_some()),
        }
    }
}

/// One submission as the table is built from it.
#[derive(Debug, Clone, PartialEq)]
pub struct SubmissionFacts {
    pub name: String,
    pub language: String,
    /// The CPU time limit it ran under.
    pub time_limit_ms: u64,
    /// Its groups' results, or why it has none (a compile error, not graded).
    pub graded: Result<Graded, String>,
    /// The facts of each test that ran, by the test's path in the tree.
    pub tests: BTreeMap<String, TestFacts>,
}

impl SubmissionFacts {
    /// The facts of a run as its summary keeps them: its groups' results (or why it has
    /// none: a compile error) and each test's.
    pub fn of_run(summary: &RunSummary) -> SubmissionFacts {
        let graded = match summary.groups() {
            Some(groups) => Ok(graded_of(groups)),
            None => Err(summary.verdict.describe()),
        };
        let tests = summary
            .outcomes
            .iter()
            .filter_map(|outcome| {
                let test = outcome.test()?;
                Some((
                    test.name.clone(),
                    TestFacts::of(outcome, test.validator_score),
                ))
            })
            .collect();
        SubmissionFacts {
            name: summary.solution.clone(),
            language: summary.language.clone(),
            time_limit_ms: summary.limits.cpu_ms,
            graded,
            tests,
        }
    }

    /// A submission that has no run: `reason` says why.
    pub fn without_run(name: &str, reason: String) -> SubmissionFacts {
        SubmissionFacts {
            name: name.to_string(),
            language: String::new(),
            time_limit_ms: 0,
            graded: Err(reason),
            tests: BTreeMap::new(),
        }
    }
}

/// The tree's results as a run's summary keeps them (each group's verdict and score).
fn graded_of(groups: &GroupResult) -> Graded {
    Graded {
        tests: Vec::new(),
        groups: groups
            .rows()
            .iter()
            .rev()
            .map(|row| {
                (
                    row.path.clone(),
                    Scored {
                        verdict: row.verdict,
                        score: row.score,
                    },
                )
            })
            .collect(),
        total: groups.groups_verdict.map(|verdict| Scored {
            verdict,
            score: groups.score,
        }),
        first_judge_error: None,
    }
}

/// The group table of a `judge grade` scoreboard (a run's or a merge's) on the problem whose
/// groups are `tree`: a row per submission, from the groups its run graded.
pub fn scoreboard_table(problem: &str, tree: &GroupTree, scoreboard: &Scoreboard) -> GroupTable {
    let submissions: Vec<SubmissionFacts> = scoreboard
        .submissions
        .iter()
        .map(|row| match &row.graded {
            many::Graded::Run(summary) => SubmissionFacts {
                name: row.name.clone(),
                ..SubmissionFacts::of_run(summary)
            },
            many::Graded::NotGraded(reason) => {
                SubmissionFacts::without_run(&row.name, reason.clone())
            }
        })
        .collect();
    build(problem, tree, DEFAULT_NEAR_FACTOR, &submissions)
}

/// The [`GroupSource`] of `judge grade` and `judge merge`: a scoreboard's table from the
/// problem's groups it carries (`Scoreboard::group_tree`); none for a problem without.
pub fn from_scoreboard() -> GroupSource {
    Box::new(|scoreboard: &Scoreboard| {
        let tree = scoreboard.group_tree.as_deref()?;
        Some(scoreboard_table(&scoreboard.problem, tree, scoreboard))
    })
}

/// The table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GroupTable {
    pub problem: String,
    /// A scored problem: cells have points; otherwise only verdicts.
    pub scoring: bool,
    /// The factor of "near the limit".
    pub near_factor: f64,
    /// The columns: each top-level group followed by the groups nested under it.
    pub columns: Vec<Column>,
    /// The most a submission can score, where it is known.
    pub max_total: Option<f64>,
    /// The submissions, in the order given ([`GroupTable::ranked`] orders them by score).
    pub rows: Vec<Row>,
}

/// A group's column.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Column {
    /// The group's path in the tree (`secret/group1`, a folder problem's group name).
    pub path: String,
    /// What the header says: the path without a package's `secret/`.
    pub label: String,
    /// 0 for a top-level group, 1 for a group under it, ...
    pub depth: usize,
    /// The index of its top-level column (itself for a top-level one).
    pub top: usize,
    /// Its maximum score, where known: its rule's, its `range`'s upper end, or what it
    /// scores when every test is accepted.
    pub max_score: Option<f64>,
}

/// A submission's row.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    pub submission: String,
    pub language: String,
    pub time_limit_ms: u64,
    /// The submission's verdict and score; `None` when it has none (not graded, or no group
    /// had a test).
    pub total: Option<Scored>,
    /// A small change of the time limit would change the total.
    pub total_near_limit: bool,
    /// The CPU time of every test it ran, added up (the scoreboard's tie-break).
    pub cpu_ms: u64,
    /// Why it was not graded.
    pub note: Option<String>,
    /// One cell per column, in the columns' order.
    pub cells: Vec<Cell>,
}

/// A submission's result in one group.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cell {
    /// `None` when the group has no result (none of its tests ran).
    pub result: Option<Scored>,
    /// The score as a fraction of the group's maximum, where both are known.
    pub fraction: Option<f64>,
    /// Its slowest test that ran.
    pub slowest: Option<Slowest>,
    /// A small change of the time limit would change the group's score.
    pub near_limit: bool,
    /// Its tests (its sub-groups' included), in judging order.
    pub tests: Vec<TestRow>,
}

/// A group's slowest test by CPU time.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Slowest {
    pub test: String,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    pub limit_ms: u64,
}

/// One test under a group.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TestRow {
    pub path: String,
    /// Its result in this group; `None` when it did not run (the group was decided first).
    pub result: Option<Scored>,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    pub near_limit: bool,
}

impl GroupTable {
    /// The rows best first: by total score (highest first; a pass-fail problem: accepted
    /// first), then by CPU time (least first), then by name. Rows without a total come last.
    pub fn ranked(&self) -> Vec<&Row> {
        let mut rows: Vec<&Row> = self.rows.iter().collect();
        rows.sort_by(|a, b| {
            let key = |row: &Row| match row.total {
                Some(total) if self.scoring => total.score_or_zero(),
                Some(total) => f64::from(u8::from(total.verdict.is_accepted())),
                None => f64::NEG_INFINITY,
            };
            key(b)
                .total_cmp(&key(a))
                .then(a.cpu_ms.cmp(&b.cpu_ms))
                .then(a.submission.cmp(&b.submission))
        });
        rows
    }

    /// The row of `submission`, if it has one.
    pub fn row(&self, submission: &str) -> Option<&Row> {
        self.rows.iter().find(|row| row.submission == submission)
    }

    /// The indices of the top-level columns.
    pub fn top_columns(&self) -> impl Iterator<Item = usize> + '_ {
        self.columns
            .iter()
            .enumerate()
            .filter(|(_, c)| c.depth == 0)
            .map(|(i, _)| i)
    }
}

/// The group table of `submissions` on the problem whose groups are `tree`; `near_factor` is
/// the factor of "near the limit" (the package's safety margin, or [`DEFAULT_NEAR_FACTOR`]).
pub fn build(
    problem: &str,
    tree: &GroupTree,
    near_factor: f64,
    submissions: &[SubmissionFacts],
) -> GroupTable {
    let full = aggregate::grade(tree, &mut aggregate::AllAccepted).ok();
    let mut columns = Vec::new();
    for top in top_groups(tree) {
        let index = columns.len();
        let strip = top_prefix(&top.path);
        for (group, depth) in with_depths(top, 0) {
            columns.push(Column {
                path: group.path.clone(),
                label: group
                    .path
                    .strip_prefix(strip)
                    .unwrap_or(&group.path)
                    .to_string(),
                depth,
                top: index,
                max_score: max_score(group, full.as_ref()),
            });
        }
    }
    let max_total = aggregate::max_score(&tree.root)
        .or_else(|| finite(tree.root.settings.range.max))
        .or_else(|| full.as_ref().and_then(|g| g.total).and_then(|t| t.score));
    let rows = submissions
        .iter()
        .map(|submission| row(tree, near_factor, &columns, submission))
        .collect();
    GroupTable {
        problem: problem.to_string(),
        scoring: tree.scoring,
        near_factor,
        columns,
        max_total: max_total.filter(|_| tree.scoring),
        rows,
    }
}

/// The groups that get a column of their own: the root's sub-groups, a package's `secret`
/// (any sub-group made only of groups) opened into its own, empty groups left out.
fn top_groups(tree: &GroupTree) -> Vec<&Group> {
    let mut found = Vec::new();
    for child in &tree.root.children {
        let Child::Group(group) = child else { continue };
        if group.is_empty() {
            continue;
        }
        let only_groups =
            group.children.len() > 1 && group.children.iter().all(|c| matches!(c, Child::Group(_)));
        if only_groups {
            found.extend(group.children.iter().filter_map(|c| match c {
                Child::Group(sub) if !sub.is_empty() => Some(sub),
                _ => None,
            }));
        } else {
            found.push(group);
        }
    }
    found
}

/// What a column's label leaves out of its path: a package's `secret/`.
fn top_prefix(path: &str) -> &str {
    match path.rfind('/') {
        Some(slash) => &path[..=slash],
        None => "",
    }
}

/// A group and the non-empty groups under it, parents first, with their depths.
fn with_depths(group: &Group, depth: usize) -> Vec<(&Group, usize)> {
    let mut found = vec![(group, depth)];
    for child in &group.children {
        if let Child::Group(sub) = child {
            if !sub.is_empty() {
                found.extend(with_depths(sub, depth + 1));
            }
        }
    }
    found
}

fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
}

/// A group's maximum: its rule's, else the upper end of a `range` its own settings file
/// gives (an inherited one is its parent's), else its score when every test is accepted
/// (`full`), else an inherited `range`'s upper end.
fn max_score(group: &Group, full: Option<&Graded>) -> Option<f64> {
    let own_range = match group.origins.get("range") {
        Some(Some(file)) => file
            .parent()
            .is_some_and(|folder| folder.ends_with(Path::new("data").join(&group.path))),
        _ => false,
    };
    let range = finite(group.settings.range.max);
    aggregate::max_score(group)
        .or(range.filter(|_| own_range))
        .or_else(|| {
            full.and_then(|g| g.group(&group.path))
                .and_then(|r| r.score)
        })
        .or(range)
}

/// Whether a test is near the limit: accepted in more than limit / factor, or over the limit
/// but finished within limit x factor.
fn near_limit(facts: &TestFacts, limit_ms: u64, factor: f64) -> bool {
    let cpu = facts.cpu_ms as f64;
    let limit = limit_ms as f64;
    match facts.run.verdict {
        Verdict::Accepted => cpu * factor > limit,
        Verdict::TimeLimitExceeded => !facts.stopped && cpu <= limit * factor,
        _ => false,
    }
}

/// The results of a submission's tests with those near the limit turned the other way; a
/// test that did not run is taken as accepted and remembered.
struct Turned<'a> {
    tests: &'a BTreeMap<String, TestFacts>,
    near: &'a BTreeSet<String>,
    /// Tests this grading needed that did not run.
    missing: BTreeSet<String>,
    /// Results the custom graders gave in the real grading (they cannot be asked again).
    actual: &'a Graded,
}

impl Results for Turned<'_> {
    fn test(&mut self, test: &TestCase) -> Option<TestRun> {
        let Some(facts) = self.tests.get(&test.path) else {
            self.missing.insert(test.path.clone());
            return Some(TestRun {
                verdict: Verdict::Accepted,
                validator_score: None,
            });
        };
        if !self.near.contains(&test.path) {
            return Some(facts.run);
        }
        Some(TestRun {
            verdict: match facts.run.verdict {
                Verdict::Accepted => Verdict::TimeLimitExceeded,
                _ => Verdict::Accepted,
            },
            validator_score: None,
        })
    }

    fn custom_grader(&mut self, group: &Group, _: &str, _: &[String]) -> Scored {
        self.actual.group(&group.path).unwrap_or(Scored {
            verdict: Verdict::JudgeError,
            score: None,
        })
    }
}

/// Whether two results differ in what the table shows: the score of a scored problem, the
/// verdict of a pass-fail one.
fn differs(scoring: bool, a: Option<Scored>, b: Option<Scored>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) if scoring => (a.score_or_zero() - b.score_or_zero()).abs() > 1e-9,
        (Some(a), Some(b)) => a.verdict.is_accepted() != b.verdict.is_accepted(),
        (None, None) => false,
        _ => true,
    }
}

fn row(tree: &GroupTree, factor: f64, columns: &[Column], submission: &SubmissionFacts) -> Row {
    let limit_ms = submission.time_limit_ms;
    let graded = match &submission.graded {
        Ok(graded) => graded,
        Err(reason) => {
            return Row {
                submission: submission.name.clone(),
                language: submission.language.clone(),
                time_limit_ms: limit_ms,
                total: None,
                total_near_limit: false,
                cpu_ms: 0,
                note: Some(reason.clone()),
                cells: columns.iter().map(|_| Cell::none()).collect(),
            };
        }
    };
    let near: BTreeSet<String> = submission
        .tests
        .iter()
        .filter(|(_, facts)| near_limit(facts, limit_ms, factor))
        .map(|(path, _)| path.clone())
        .collect();
    let mut turned = Turned {
        tests: &submission.tests,
        near: &near,
        missing: BTreeSet::new(),
        actual: graded,
    };
    let regraded = if near.is_empty() {
        None
    } else {
        aggregate::grade(tree, &mut turned).ok()
    };
    let missing = turned.missing;
    // A group is marked when the turned grading differs, or needed a test that did not run.
    let marked = |group: &Group| -> bool {
        let Some(regraded) = &regraded else {
            return false;
        };
        let tests = group.tests();
        let touches = |set: &BTreeSet<String>| tests.iter().any(|t| set.contains(&t.path));
        if !touches(&near) {
            return false;
        }
        let custom = group
            .groups()
            .iter()
            .any(|g| matches!(g.settings.rule, Rule::Custom { .. }));
        custom
            || touches(&missing)
            || differs(
                tree.scoring,
                graded.group(&group.path),
                regraded.group(&group.path),
            )
    };
    let cells = columns
        .iter()
        .map(|column| {
            let Some(group) = tree.root.find(&column.path) else {
                return Cell::none();
            };
            let result = graded.group(&column.path);
            let tests = test_rows(tree, group, submission, &near);
            let slowest = tests
                .iter()
                .filter(|t| t.result.is_some())
                .max_by_key(|t| (t.cpu_ms, std::cmp::Reverse(t.path.clone())))
                .map(|t| Slowest {
                    test: t.path.clone(),
                    cpu_ms: t.cpu_ms,
                    wall_ms: t.wall_ms,
                    limit_ms,
                });
            Cell {
                result,
                fraction: match (result.and_then(|r| r.score), column.max_score) {
                    (Some(score), Some(max)) if max > 0.0 => Some((score / max).clamp(0.0, 1.0)),
                    _ => None,
                },
                slowest,
                near_limit: marked(group),
                tests,
            }
        })
        .collect();
    Row {
        submission: submission.name.clone(),
        language: submission.language.clone(),
        time_limit_ms: limit_ms,
        total: graded.total,
        total_near_limit: marked(&tree.root),
        cpu_ms: submission.tests.values().map(|t| t.cpu_ms).sum(),
        note: None,
        cells,
    }
}

/// The rows of `group`'s tests (its sub-groups' included), each with its result in the group
/// that holds it.
fn test_rows(
    tree: &GroupTree,
    group: &Group,
    submission: &SubmissionFacts,
    near: &BTreeSet<String>,
) -> Vec<TestRow> {
    let mut rows = Vec::new();
    for child in &group.children {
        match child {
            Child::Test(test) => {
                let facts = submission.tests.get(&test.path);
                rows.push(TestRow {
                    path: test.path.clone(),
                    result: facts.map(|f| aggregate::test_result(tree, group, test, f.run)),
                    cpu_ms: facts.map_or(0, |f| f.cpu_ms),
                    wall_ms: facts.map_or(0, |f| f.wall_ms),
                    near_limit: near.contains(&test.path),
                });
            }
            Child::Group(sub) => rows.extend(test_rows(tree, sub, submission, near)),
        }
    }
    rows
}

impl Cell {
    fn none() -> Cell {
        Cell {
            result: None,
            fraction: None,
            slowest: None,
            near_limit: false,
            tests: Vec::new(),
        }
    }
}

/// The width the terminal table keeps within.
const WIDTH: usize = 80;
/// The width of a group's cell, the space before it included.
const CELL: usize = 10;

/// A score as the tables write it: at most two decimals, no trailing zeros.
pub fn points(score: f64) -> String {
    let text = format!("{score:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// What a cell says: `20 AC`, `0 TLE*` (points and verdict, `*` when near the limit), `-`.
pub fn cell_text(result: Option<Scored>, near_limit: bool) -> String {
    let mark = if near_limit { "*" } else { "" };
    match result {
        Some(Scored {
            verdict,
            score: Some(score),
        }) => format!("{} {}{mark}", points(score), verdict.problemtools_code()),
        Some(Scored { verdict, .. }) => format!("{}{mark}", verdict.problemtools_code()),
        None => "-".to_string(),
    }
}

/// `text` coloured as a result: by the fraction of the points where there is one (all green,
/// none red, some yellow), else by the verdict.
fn paint(text: &str, result: Option<Scored>, fraction: Option<f64>) -> String {
    let colour = match (result, fraction) {
        (None, _) => return text.to_string(),
        (Some(_), Some(f)) if f >= 1.0 - 1e-9 => AnsiColor::Green,
        (Some(_), Some(f)) if f > 0.0 => AnsiColor::Yellow,
        (Some(_), Some(_)) => AnsiColor::Red,
        (Some(r), None) => match r.verdict {
            Verdict::Accepted => AnsiColor::Green,
            Verdict::TimeLimitExceeded => AnsiColor::Yellow,
            Verdict::JudgeError => AnsiColor::Magenta,
            _ => AnsiColor::Red,
        },
    };
    let style = Style::new().fg_color(Some(colour.into())).bold();
    format!("{}{text}{}", style.render(), style.render_reset())
}

/// The folders every name starts with (`solutions/p/` of `solutions/p/accepted/a.py` and
/// `solutions/p/wrong_answer/b.py`), which the table leaves out: the rest tells them apart.
fn shared_folders<'a>(names: &[&'a str]) -> &'a str {
    let Some((first, others)) = names.split_first() else {
        return "";
    };
    let mut end = first.rfind('/').map_or(0, |slash| slash + 1);
    for other in others {
        while !other.starts_with(&first[..end]) {
            end = first[..end.saturating_sub(1)]
                .rfind('/')
                .map_or(0, |s| s + 1);
        }
    }
    &first[..end]
}

/// `text` cut to `width` characters (the last one a `~` when cut).
fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    cut.push('~');
    cut
}

/// `text` padded to `width` on the right (`left`) or the left, coloured after padding.
fn pad(text: &str, width: usize, painted: impl Fn(&str) -> String) -> String {
    let fitted = fit(text, width);
    let spaces = " ".repeat(width - fitted.chars().count());
    format!("{}{spaces}", painted(&fitted))
}

/// The table as the terminal shows it, within 80 columns: per submission a line of points
/// and verdicts and under it the slowest test's CPU time of each group, the limit on the
/// left (each submission named without the folders all share); top-level groups only (the
/// nested ones are in the CSV, JUnit and HTML tables). When
/// the groups do not fit, the table goes on in blocks of as many groups as fit, each with the
/// submissions again. `rows` are the table's, in the order to show them.
pub fn terminal(table: &GroupTable, rows: &[&Row]) -> String {
    let names: Vec<&str> = rows.iter().map(|r| r.submission.as_str()).collect();
    let shared = shared_folders(&names);
    let total_width = 11;
    let top: Vec<usize> = table.top_columns().collect();
    // Names get 24 columns, or what the groups leave when they fit beside them in one block.
    let room = WIDTH.saturating_sub(1 + total_width + CELL * top.len());
    // Each submission without the shared folders, its control characters escaped.
    let shown: Vec<String> = rows
        .iter()
        .map(|r| {
            let name = r.submission.strip_prefix(shared).unwrap_or(&r.submission);
            quote::terminal(name).into_owned()
        })
        .collect();
    let name_width = shown
        .iter()
        .map(|name| name.chars().count())
        .max()
        .unwrap_or(0)
        .clamp(16, room.clamp(24, 40));
    let mut text = format!(
        "{} {}\n",
        style::bold("groups of"),
        quote::terminal(&table.problem)
    );
    // The first block has the total beside the names; the others only the names.
    let first_fits = ((WIDTH - name_width - 1 - total_width) / CELL).max(1);
    let others_fit = ((WIDTH - name_width - 1) / CELL).max(1);
    let mut blocks: Vec<&[usize]> = vec![&top[..first_fits.min(top.len())]];
    if top.len() > first_fits {
        blocks.extend(top[first_fits..].chunks(others_fit));
    }
    for (number, block) in blocks.iter().enumerate() {
        let first = number == 0;
        if !first {
            text.push('\n');
        }
        // Two header lines: the names, then each maximum.
        // The total stands one space after the names; each group's cell starts with one.
        let gap = if first { " " } else { "" };
        let mut names = format!("{:<name_width$}{gap}", "submission");
        let mut maxima = format!("{:<name_width$}{gap}", "");
        if first {
            names.push_str(&format!("{:<total_width$}", "total"));
            maxima.push_str(&format!(
                "{:<total_width$}",
                table
                    .max_total
                    .map(|m| format!("/{}", points(m)))
                    .unwrap_or_default()
            ));
        }
        for &column in block.iter() {
            let column = &table.columns[column];
            let nested = table
                .columns
                .iter()
                .any(|c| c.top == column.top && c.depth > 0);
            let label = quote::terminal(&column.label);
            let label = if nested {
                format!("{label}+")
            } else {
                label.into_owned()
            };
            names.push_str(&format!(" {:<w$}", fit(&label, CELL - 1), w = CELL - 1));
            maxima.push_str(&format!(
                " {:<w$}",
                column
                    .max_score
                    .filter(|_| table.scoring)
                    .map(|m| format!("/{}", points(m)))
                    .unwrap_or_default(),
                w = CELL - 1
            ));
        }
        text.push_str(&style::bold(names.trim_end()));
        text.push('\n');
        if table.scoring {
            text.push_str(maxima.trim_end());
            text.push('\n');
        }
        for (row, name) in rows.iter().zip(&shown) {
            let mut results = format!("{}{gap}", pad(name, name_width, str::to_string));
            let mut times = format!(
                "{:<name_width$}{gap}",
                fit(&format!("  limit {} ms", row.time_limit_ms), name_width)
            );
            if first {
                let total = match &row.note {
                    Some(_) => "not graded".to_string(),
                    None => cell_text(row.total, row.total_near_limit),
                };
                let fraction = match (row.total.and_then(|t| t.score), table.max_total) {
                    (Some(score), Some(max)) if max > 0.0 => Some(score / max),
                    _ => None,
                };
                results.push_str(&pad(&total, total_width, |t| paint(t, row.total, fraction)));
                times.push_str(&" ".repeat(total_width));
            }
            for &column in block.iter() {
                let cell = &row.cells[column];
                results.push(' ');
                results.push_str(&pad(
                    &cell_text(cell.result, cell.near_limit),
                    CELL - 1,
                    |t| paint(t, cell.result, cell.fraction),
                ));
                let time = cell
                    .slowest
                    .as_ref()
                    .map(|s| format!("{} ms", s.cpu_ms))
                    .unwrap_or_default();
                times.push_str(&format!(" {:<w$}", fit(&time, CELL - 1), w = CELL - 1));
            }
            text.push_str(results.trim_end());
            text.push('\n');
            if row.note.is_none() {
                text.push_str(times.trim_end());
                text.push('\n');
            }
        }
    }
    text.push_str(&format!(
        "\n{}; under it its slowest test's CPU time\n\
         * a time limit x or / {} would change it; + has nested groups (CSV, JUnit, HTML)\n",
        if table.scoring {
            "each group's points and verdict"
        } else {
            "each group's verdict"
        },
        points(table.near_factor)
    ));
    let notes: Vec<String> = rows
        .iter()
        .filter_map(|r| {
            r.note.as_ref().map(|n| {
                format!(
                    "  {}: {}",
                    quote::terminal(&r.submission),
                    quote::terminal(n)
                )
            })
        })
        .collect();
    if !notes.is_empty() {
        text.push_str(&format!(
            "\n{}\n{}\n",
            style::bold("not graded"),
            notes.join("\n")
        ));
    }
    text
}

/// Writes the terminal table, its rows ranked (see [`GroupTable::ranked`]).
pub fn write_terminal(out: &mut impl Write, table: &GroupTable) -> io::Result<()> {
    out.write_all(terminal(table, &table.ranked()).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;

    fn strip(text: &str) -> String {
        anstream::adapter::strip_str(text).to_string()
    }

    #[test]
    fn columns_are_the_packages_groups_with_their_maxima() {
        let table = fixtures::group_table();
        let columns: Vec<(&str, usize, Option<f64>)> = table
            .columns
            .iter()
            .map(|c| (c.label.as_str(), c.depth, c.max_score))
            .collect();
        assert_eq!(
            columns,
            [
                ("sample", 0, Some(0.0)),
                ("group1", 0, Some(20.0)),
                ("group2", 0, Some(30.0)),
                ("group3", 0, Some(50.0)),
                ("group3/large", 1, Some(30.0)),
                ("group3/small", 1, Some(20.0)),
            ]
        );
        assert_eq!(table.columns[4].path, "secret/group3/large");
        assert_eq!(table.columns[4].top, 3);
        assert_eq!(table.max_total, Some(100.0));
        assert!(table.scoring);
    }

    #[test]
    fn cells_hold_points_the_slowest_test_and_the_mark_near_the_limit() {
        let table = fixtures::group_table();
        let slow = table.row("partially_accepted/slow.py").unwrap();
        assert_eq!(
            slow.total,
            Some(Scored::new(Verdict::TimeLimitExceeded, 40.0))
        );
        // Group 2: the TLE finished in 1500 ms, within the limit x 2: accepted there, the
        // group would score 30, not 0.
        let group2 = &slow.cells[2];
        assert_eq!(
            group2.result,
            Some(Scored::new(Verdict::TimeLimitExceeded, 0.0))
        );
        assert!(group2.near_limit);
        assert_eq!(
            group2.slowest,
            Some(Slowest {
                test: "secret/group2/2".into(),
                cpu_ms: 1500,
                wall_ms: 1653,
                limit_ms: 1000
            })
        );
        // Its third test did not run (on_reject: break).
        assert_eq!(group2.tests.len(), 3);
        assert_eq!(group2.tests[2].result, None);
        assert!(group2.tests[1].near_limit);
        // Group 3's large tests: the 700 ms accepted one is near (700 x 2 > 1000), but the
        // group's other test is a wrong answer: its score is 0 either way.
        let large = &slow.cells[4];
        assert_eq!(large.result, Some(Scored::new(Verdict::WrongAnswer, 0.0)));
        assert!(large.tests[0].near_limit);
        assert!(!large.near_limit);
        assert_eq!(large.fraction, Some(0.0));
        // Group 3 itself: 20 of 50.
        assert_eq!(slow.cells[3].fraction, Some(0.4));
        assert!(!slow.cells[3].near_limit);
        // Group 1: accepted, 130 ms of 1000 is far from the limit.
        assert_eq!(
            slow.cells[1].result,
            Some(Scored::new(Verdict::Accepted, 20.0))
        );
        assert!(!slow.cells[1].near_limit);
        // The total changes with group 2.
        assert!(slow.total_near_limit);
        assert_eq!(
            slow.cpu_ms,
            40 + 120 + 130 + 300 + 1500 + 700 + 650 + 90 + 80
        );
    }

    #[test]
    fn a_test_stopped_at_the_limit_is_not_near_it() {
        let tree = fixtures::group_tree();
        let mut submissions = fixtures::group_submissions();
        let slow = &mut submissions[1];
        slow.tests.get_mut("secret/group2/2").unwrap().stopped = true;
        let table = build("grouptable", &tree, 2.0, &submissions);
        let row = table.row("partially_accepted/slow.py").unwrap();
        assert!(!row.cells[2].near_limit);
        assert!(!row.cells[2].tests[1].near_limit);
        assert!(!row.total_near_limit);
        // With a factor of 1.2 the accepted 700 ms test is not near either.
        let table = build("grouptable", &tree, 1.2, &fixtures::group_submissions());
        let row = table.row("partially_accepted/slow.py").unwrap();
        assert!(!row.cells[4].tests[0].near_limit);
    }

    #[test]
    fn a_group_whose_rest_did_not_run_is_marked_when_a_near_test_would_pass() {
        // Group 1 stops at its first test (on_reject: break): make it a TLE that finished
        // in 1200 ms. With a larger limit the group's second test would run: unknown, marked.
        let tree = fixtures::group_tree();
        let mut submissions = fixtures::group_submissions();
        let greedy = &mut submissions[2];
        let first = greedy.tests.get_mut("secret/group1/1").unwrap();
        first.run.verdict = Verdict::TimeLimitExceeded;
        first.cpu_ms = 1200;
        let table = build("grouptable", &tree, 2.0, &submissions);
        let row = table.row("wrong_answer/greedy.cpp").unwrap();
        assert!(row.cells[1].near_limit);
        assert_eq!(row.cells[1].tests[1].result, None);
    }

    #[test]
    fn ranked_by_score_then_time_the_ungraded_last() {
        let table = fixtures::group_table();
        let names: Vec<&str> = table
            .ranked()
            .iter()
            .map(|r| r.submission.as_str())
            .collect();
        assert_eq!(
            names,
            [
                "accepted/fast.cpp",
                "wrong_answer/greedy.cpp",
                "partially_accepted/slow.py",
                "compile_error/broken.cpp"
            ]
        );
        // Equal scores: the faster first.
        let mut tied = fixtures::group_submissions();
        tied.truncate(1);
        let mut slower = tied[0].clone();
        slower.name = "accepted/a_slower.cpp".into();
        for test in slower.tests.values_mut() {
            test.cpu_ms += 10;
        }
        tied.push(slower);
        let table = build("grouptable", &fixtures::group_tree(), 2.0, &tied);
        let names: Vec<&str> = table
            .ranked()
            .iter()
            .map(|r| r.submission.as_str())
            .collect();
        assert_eq!(names, ["accepted/fast.cpp", "accepted/a_slower.cpp"]);
    }

    #[test]
    fn a_tests_facts_come_from_its_outcome() {
        let summary = fixtures::batch_summary();
        let failing = summary.first_failure().unwrap();
        let facts = TestFacts::of(failing, Some(ValidatorScore::Score(0.5)));
        assert_eq!(facts.run.verdict, failing.verdict.as_problemtools());
        assert_eq!(facts.run.validator_score, Some(ValidatorScore::Score(0.5)));
        assert_eq!(
            (facts.cpu_ms, facts.wall_ms),
            (failing.cpu_ms, failing.wall_ms)
        );
        assert!(!facts.stopped);
    }

    #[test]
    fn names_leave_out_the_folders_all_share() {
        assert_eq!(
            shared_folders(&["solutions/p/accepted/a.py", "solutions/p/wrong_answer/b.py"]),
            "solutions/p/"
        );
        assert_eq!(
            shared_folders(&["solutions/p/accepted/a.py"]),
            "solutions/p/accepted/"
        );
        assert_eq!(
            shared_folders(&["accepted/a.py", "partially_accepted/b.py"]),
            ""
        );
        assert_eq!(shared_folders(&["ab/c.py", "a/d.py"]), "");
        assert_eq!(shared_folders(&["a.py", "b.py"]), "");
        assert_eq!(shared_folders(&[]), "");
    }

    #[test]
    fn points_are_written_short() {
        assert_eq!(points(20.0), "20");
        assert_eq!(points(12.5), "12.5");
        assert_eq!(points(1.0 / 3.0), "0.33");
        assert_eq!(points(-0.0), "0");
    }

    #[test]
    fn the_group_table_in_the_terminal() {
        let table = fixtures::group_table();
        let text = terminal(&table, &table.ranked());
        let plain = strip(&text);
        for line in plain.lines() {
            assert!(line.chars().count() <= WIDTH, "{line:?} is wider than 80");
        }
        assert_ne!(text, plain, "coloured");
        insta::assert_snapshot!(plain);
    }

    #[test]
    fn many_groups_wrap_in_blocks_within_80_columns() {
        // A folder problem with nine groups of one test each.
        use judge_core::scoring::folder::{self, GroupSpec};
        let tests: Vec<String> = (1..=9).map(|i| format!("{i:02}")).collect();
        let specs: Vec<GroupSpec> = tests
            .iter()
            .map(|t| GroupSpec {
                name: format!("subtask{t}"),
                tests: vec![t.clone()],
                points: 10.0,
                aggregation: None,
                includes: Vec::new(),
                validator_args: Vec::new(),
                checker_args: Vec::new(),
                generator_args: Vec::new(),
            })
            .collect();
        let tree = folder::tree(Path::new("problem.toml"), &specs, &tests)
            .unwrap()
            .unwrap();
        let facts: BTreeMap<String, TestFacts> = tests
            .iter()
            .map(|t| {
                let verdict = if t == "05" {
                    Verdict::WrongAnswer
                } else {
                    Verdict::Accepted
                };
                let run = TestRun {
                    verdict,
                    validator_score: None,
                };
                let facts = TestFacts {
                    run,
                    cpu_ms: 10,
                    wall_ms: 12,
                    stopped: false,
                };
                (t.clone(), facts)
            })
            .collect();
        struct Given<'a>(&'a BTreeMap<String, TestFacts>);
        impl Results for Given<'_> {
            fn test(&mut self, test: &TestCase) -> Option<TestRun> {
                self.0.get(&test.path).map(|f| f.run)
            }
            fn custom_grader(&mut self, _: &Group, _: &str, _: &[String]) -> Scored {
                unreachable!()
            }
        }
        let graded = aggregate::grade(&tree, &mut Given(&facts)).unwrap();
        let submission = SubmissionFacts {
            name: "solution.cpp".into(),
            language: "C++17 (g++)".into(),
            time_limit_ms: 2000,
            graded: Ok(graded),
            tests: facts,
        };
        let table = build("nine", &tree, DEFAULT_NEAR_FACTOR, &[submission]);
        assert_eq!(table.columns.len(), 9);
        assert_eq!(table.max_total, Some(90.0));
        let plain = strip(&terminal(&table, &table.ranked()));
        for line in plain.lines() {
            assert!(line.chars().count() <= WIDTH, "{line:?} is wider than 80");
        }
        // Every group is shown once, in blocks that each name the submission again.
        for t in &tests {
            assert_eq!(plain.matches(&format!("subtask{t}")).count(), 1, "{plain}");
        }
        assert!(plain.matches("solution.cpp").count() >= 2, "{plain}");
        assert!(plain.contains("80 WA"), "{plain}");
        assert!(plain.contains("0 WA"), "{plain}");
        insta::assert_snapshot!(plain);
    }
}
