//! The verify matrix: one row per bundled solution with the verdict expected (its folder),
//! the verdict got and where, its largest CPU time and peak memory, and `ok` or `MISMATCH`;
//! warnings under their row; totals at the end. A scoring package's group table follows its
//! rows (`report::groups`).

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::Arc;

use super::groups::{self, SubmissionFacts};
use super::style;
use super::{plural, Event, Reporter};
use judge_core::quote;
use judge_core::scoring::GroupTree;
use judge_core::verdict::Verdict;
use judge_engine::grade::outcome::RunSummary;
use judge_engine::grade::package::PackageCheck;
use judge_engine::grade::results::TestVisuals;
use judge_engine::grade::timings::VerifyTimings;
use judge_engine::grade::verify::{VerifyRow, VerifySummary};

pub struct VerifyReporter<W: Write> {
    out: W,
    header_written: bool,
    /// A package's rows say the language each submission ran in (a package's Python runs
    /// under PyPy or CPython, whose times differ).
    language_column: bool,
    /// The package's own checks that failed (its inputs, its validators), said again with the
    /// totals: they make the run fail whatever the rows say.
    package_failures: usize,
    /// A scoring package's groups, gathered from the runs for the table after the rows.
    groups: Option<GroupGathering>,
    /// Where the time went is written after the totals (`--timings`).
    timings: bool,
}

/// What the group table is made of, gathered as the submissions are graded.
struct GroupGathering {
    problem: String,
    tree: Arc<GroupTree>,
    /// Runs finished and not yet matched with their row (an accepted submission is graded
    /// before the package's checks, to derive the time limit), by the solution they name.
    runs: Vec<SubmissionFacts>,
    /// Each row's facts, in row order, named as the row names its solution.
    rows: Vec<SubmissionFacts>,
    /// The package's time limit, which its rows are read at (an accepted submission that
    /// derived it ran under a provisional one).
    limit_ms: Option<u64>,
}

impl GroupGathering {
    fn finished(&mut self, summary: &RunSummary) {
        self.runs.push(SubmissionFacts::of_run(summary));
    }

    fn verified(&mut self, row: &VerifyRow) {
        // A run is named by its path: a Kattis package's ends with the row's name; a Polygon
        // package's (`solutions/wa.cpp`, its row `wrong-answer/wa.cpp`) with its file's.
        let file = row.solution.rsplit('/').next().unwrap_or(&row.solution);
        let run = self
            .runs
            .iter()
            .rposition(|run| run.name.ends_with(&row.solution))
            .or_else(|| {
                self.runs.iter().rposition(|run| {
                    run.name.ends_with(file)
                        && run.name[..run.name.len() - file.len()].ends_with('/')
                })
            })
            .map(|at| self.runs.remove(at));
        let facts = match (run, &row.result) {
            (Some(run), _) => SubmissionFacts {
                name: row.solution.clone(),
                time_limit_ms: self.limit_ms.unwrap_or(run.time_limit_ms),
                ..run
            },
            (None, result) => SubmissionFacts {
                name: row.solution.clone(),
                language: String::new(),
                time_limit_ms: 0,
                graded: Err(match result {
                    Ok(checked) => checked.detail.clone(),
                    Err(why) => why.clone(),
                }),
                tests: BTreeMap::new(),
            },
        };
        self.rows.push(facts);
    }
}

impl<W: Write> VerifyReporter<W> {
    pub fn new(out: W) -> Self {
        VerifyReporter {
            out,
            header_written: false,
            language_column: false,
            package_failures: 0,
            groups: None,
            timings: false,
        }
    }

    /// Writes where the time went after the totals, when the summary says (a package's).
    pub fn with_timings(mut self) -> Self {
        self.timings = true;
        self
    }

    /// Writes the group table of problem `problem`'s `tree` after the rows.
    pub fn with_groups(mut self, problem: &str, tree: Arc<GroupTree>) -> Self {
        self.groups = Some(GroupGathering {
            problem: problem.to_string(),
            tree,
            runs: Vec::new(),
            rows: Vec::new(),
            limit_ms: None,
        });
        self
    }

    fn header(&mut self) -> io::Result<()> {
        if !self.header_written {
            self.header_written = true;
            let language = if self.language_column {
                format!("{:<20} ", "language")
            } else {
                String::new()
            };
            writeln!(
                self.out,
                "{}",
                style::bold(&format!(
                    "{:<58} {language}{:<9} {:<30} {:>8} {:>9}",
                    "solution", "expected", "got", "max cpu", "peak MiB"
                ))
            )?;
        }
        Ok(())
    }
}

/// A solution's row, with the lines under it; names and messages with their control
/// characters escaped.
fn row(row: &VerifyRow, language_column: bool) -> String {
    let solution = quote::terminal(&row.solution);
    let language = |name: &str| {
        if language_column {
            format!("{name:<20} ")
        } else {
            String::new()
        }
    };
    let checked = match &row.result {
        Ok(checked) => checked,
        Err(error) => {
            return format!(
                "{:<58} {}{:<9} {}\n",
                solution,
                language(""),
                row.expected_code(),
                style::verdict(
                    &Verdict::WrongAnswer,
                    &format!("ERROR: {}", quote::terminal_lines(error))
                )
            )
        }
    };
    let matched = row.matched();
    let mark = if matched {
        style::verdict(&Verdict::Accepted, "ok")
    } else {
        style::verdict(&Verdict::WrongAnswer, "MISMATCH")
    };
    let mut text = format!(
        "{:<58} {}{:<9} {} {:>8} {:>9.1}  {mark}\n",
        solution,
        language(&checked.language),
        row.expected_code(),
        style::verdict(
            &checked.got,
            &format!("{:<30}", quote::terminal(&checked.detail))
        ),
        checked.max_cpu_ms,
        checked.max_peak_kib as f64 / 1024.0,
    );
    if let Some(mismatch) = &checked.score_mismatch {
        let what = match checked.by_expectations {
            true => "expectation",
            false => "score",
        };
        text.push_str(&format!("    {what}: {}\n", quote::terminal(mismatch)));
    }
    if let Some(warning) = &checked.warning {
        text.push_str(&format!("    warning: {}\n", quote::terminal(warning)));
    }
    if let Some(warning) = visualizer_warning(&checked.images) {
        text.push_str(&format!("    warning: {}\n", quote::terminal(&warning)));
    }
    if let Some(message) = &checked.message {
        for line in quote::terminal_lines(message).lines() {
            text.push_str(&format!("    | {line}\n"));
        }
    }
    text
}

/// Where the output visualizer left no image on a submission's runs, in one line: how many
/// times, and the first test's reason (the reports name each).
fn visualizer_warning(images: &[TestVisuals]) -> Option<String> {
    let mut failed = images
        .iter()
        .flat_map(|t| t.warnings.iter().map(move |why| (&t.test, why)));
    let (test, why) = failed.next()?;
    let count = 1 + failed.count();
    Some(format!(
        "the output visualizer left no image {count} time{}; {test}: {why}",
        if count == 1 { "" } else { "s" }
    ))
}

/// What kind of line of the package's checks: the summary, a refusal (coloured as a
/// failure), the time limit, or a note/warning/skip under them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CheckLine {
    Summary,
    Invalid,
    TimeLimit,
    Aside,
}

/// The package's own checks as the lines the terminal shows, in order (the HTML report
/// shows the same): its tests and input validators run, each refusal, the time limit and
/// where it came from, then its notes, warnings and the entries of `submissions/` skipped.
pub(crate) fn package_check_lines(check: &PackageCheck) -> Vec<(CheckLine, String)> {
    let mut summary = format!(
        "package {}: {} tests, {} input validator{}",
        check.problem,
        check.tests,
        check.input_validators,
        if check.input_validators == 1 { "" } else { "s" },
    );
    if check.input_validators > 0 {
        summary.push_str(&if check.invalid.is_empty() {
            ": every input valid".to_string()
        } else {
            format!(": {} failed", check.invalid.len())
        });
    }
    let mut lines = vec![(CheckLine::Summary, summary)];
    for row in &check.validator_checks {
        lines.push((CheckLine::Summary, format!("validator check {row}")));
    }
    for invalid in &check.invalid {
        lines.push((CheckLine::Invalid, format!("invalid: {invalid}")));
    }
    if let Some(limit) = &check.time_limit {
        lines.push((
            CheckLine::TimeLimit,
            format!(
                "time limit {} ms ({}); submissions run at x {} of it",
                limit.ms, limit.from, limit.safety_margin
            ),
        ));
        if let Some(domjudge) = &limit.domjudge {
            lines.push((CheckLine::Aside, format!("note: {domjudge}")));
        }
        if let Some(warning) = &limit.warning {
            lines.push((CheckLine::Aside, format!("warning: {warning}")));
        }
    }
    for warning in &check.warnings {
        lines.push((CheckLine::Aside, format!("warning: {warning}")));
    }
    for note in &check.notes {
        lines.push((CheckLine::Aside, format!("note: {note}")));
    }
    for skipped in &check.skipped {
        lines.push((CheckLine::Aside, format!("skipped: {skipped}")));
    }
    lines
}

/// The package's own checks, before its submissions (what a package's files and validators
/// say, with their control characters escaped).
fn package_check(check: &PackageCheck) -> String {
    let mut text = String::new();
    for (kind, line) in package_check_lines(check) {
        let line = quote::terminal(&line);
        match kind {
            CheckLine::Summary | CheckLine::TimeLimit => text.push_str(&line),
            CheckLine::Invalid => {
                text.push_str(&style::verdict(&Verdict::WrongAnswer, &format!("  {line}")))
            }
            CheckLine::Aside => text.push_str(&format!("  {line}")),
        }
        text.push('\n');
    }
    text.push('\n');
    text
}

fn totals(summary: &VerifySummary) -> String {
    let shard = summary
        .run
        .shard
        .map(|shard| format!(" (shard {shard} of {} solutions)", summary.run.plan.units))
        .unwrap_or_default();
    format!(
        "\n{} mismatch{}, {} warning{}, {} not graded{shard}\n",
        summary.mismatches,
        if summary.mismatches == 1 { "" } else { "es" },
        summary.warnings,
        if summary.warnings == 1 { "" } else { "s" },
        summary.not_graded
    )
}

impl<W: Write> Reporter for VerifyReporter<W> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        match event {
            Event::Finished(summary) => {
                if let Some(groups) = &mut self.groups {
                    groups.finished(summary);
                }
                return Ok(());
            }
            Event::Verified(verified) => {
                if let Some(groups) = &mut self.groups {
                    groups.verified(verified);
                }
                self.header()?;
                self.out
                    .write_all(row(verified, self.language_column).as_bytes())?;
            }
            Event::PackageChecked(check) => {
                self.language_column = true;
                self.package_failures = check.invalid.len();
                if let Some(groups) = &mut self.groups {
                    groups.limit_ms = check.time_limit.as_ref().map(|limit| limit.ms);
                }
                self.out.write_all(package_check(check).as_bytes())?;
            }
            Event::VerifyFinished(summary) => {
                self.header()?;
                let mut text = totals(summary);
                if self.package_failures > 0 {
                    text.push_str(&format!(
                        "the package's own checks failed: {} (listed above as invalid)\n",
                        self.package_failures
                    ));
                }
                if summary.remembered > 0 {
                    text.push_str(&format!(
                        "{}: taken from an earlier verify's runs of the same submissions, \
                         problem, tests and limits; --rerun runs them again\n",
                        plural(summary.remembered, "run")
                    ));
                }
                self.out.write_all(text.as_bytes())?;
                if let Some(gathered) = &self.groups {
                    if !gathered.rows.is_empty() {
                        let table = groups::build(
                            &gathered.problem,
                            &gathered.tree,
                            groups::DEFAULT_NEAR_FACTOR,
                            &gathered.rows,
                        );
                        self.out.write_all(b"\n")?;
                        groups::write_terminal(&mut self.out, &table)?;
                    }
                }
                if let Some(timings) = summary.timings.as_ref().filter(|_| self.timings) {
                    self.out.write_all(timings_table(timings).as_bytes())?;
                }
            }
            _ => return Ok(()),
        }
        self.out.flush()
    }
}

/// Seconds with a tenth, for the timings table.
fn seconds(ms: u64) -> String {
    format!("{:.1} s", ms as f64 / 1000.0)
}

/// Where a verify's time went: its phases (wall time, busy and idle worker time), the
/// compiles by language, and the graded runs by kind.
fn timings_table(timings: &VerifyTimings) -> String {
    let mut text = format!(
        "\ntimings: {} on {} worker{}\n  {:<32} {:>9} {:>9} {:>9}\n",
        seconds(timings.wall_ms),
        timings.jobs,
        if timings.jobs == 1 { "" } else { "s" },
        "phase",
        "wall",
        "busy",
        "idle"
    );
    for phase in &timings.phases {
        text.push_str(&format!(
            "  {:<32} {:>9} {:>9} {:>9}\n",
            phase.phase,
            seconds(phase.wall_ms),
            seconds(phase.busy_ms),
            seconds(phase.idle_ms)
        ));
    }
    for compile in &timings.compiles {
        let failed = match compile.failed {
            0 => String::new(),
            n => format!(", {n} failed"),
        };
        text.push_str(&format!(
            "  compile {:<24} {:>9} ({}{failed})\n",
            compile.language,
            seconds(compile.busy_ms),
            super::plural(compile.submissions, "submission"),
        ));
    }
    for runs in timings.runs.iter().filter(|runs| runs.submissions > 0) {
        text.push_str(&format!(
            "  runs {:<27} {:>9} wall, {} CPU, {} waiting ({}, {}, limit {})\n",
            runs.kind,
            seconds(runs.wall_ms),
            seconds(runs.cpu_ms),
            seconds(runs.waiting_ms),
            super::plural(runs.submissions, "submission"),
            super::plural(runs.units, "run"),
            seconds(runs.limit_ms)
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;

    #[test]
    fn the_verify_matrix() {
        let summary = fixtures::verify_summary();
        let mut out = Vec::new();
        let mut reporter = VerifyReporter::new(&mut out);
        for row in &summary.rows {
            reporter.report(&Event::Verified(row)).unwrap();
        }
        reporter.report(&Event::VerifyFinished(&summary)).unwrap();
        let text = String::from_utf8(out).unwrap();
        insta::assert_snapshot!(anstream::adapter::strip_str(&text).to_string());
    }
}
