//! The scoreboard of `judge grade` as CSV (RFC 4180: a header line, fields quoted when they
//! hold a comma, a quote or a line break), one row per submission, written whole when the
//! grading is over; a scored problem's group table ([`render_groups`]), one row per
//! submission and group. A text cell that a spreadsheet would take for a formula (it starts
//! with `=`, `+`, `-`, `@`, a tab or a carriage return, as OWASP's guidance on CSV injection
//! lists) starts with a `'` ([`Cell::Text`]); a number stays a number, negative or not
//! ([`Cell::Number`]).

use std::io;

use super::groups::{self, GroupSource, GroupTable};
use super::{Destination, Event, Reporter};
use judge_engine::grade::many::Scoreboard;

pub const HEADER: &str = "submission,sha256,language,verdict,verdict_detail,passed,planned,\
first_failure,max_cpu_ms,max_peak_kib,mean_score,mean_half_width_95,note";

pub struct CsvReporter<D: Destination> {
    out: D,
    document: Option<String>,
    groups: Option<GroupSource>,
}

impl<D: Destination> CsvReporter<D> {
    pub fn new(out: D) -> Self {
        CsvReporter {
            out,
            document: None,
            groups: None,
        }
    }

    /// Writes the group table ([`render_groups`]: ranked, a row per submission and group)
    /// instead of the scoreboard where `source` has one for it (a scored problem).
    pub fn with_groups(mut self, source: GroupSource) -> Self {
        self.groups = Some(source);
        self
    }

    pub fn into_inner(self) -> D {
        self.out
    }
}

/// One cell of a row: text judge did not choose (a name, a verdict, a note) or a number judge
/// wrote.
enum Cell {
    Text(String),
    Number(String),
}

impl Cell {
    /// The field: a text that would start a formula with a `'` before it; then quoted when it
    /// must be.
    fn field(&self) -> String {
        match self {
            Cell::Text(text) if text.starts_with(['=', '+', '-', '@', '\t', '\r']) => {
                field(&format!("'{text}"))
            }
            Cell::Text(text) | Cell::Number(text) => field(text),
        }
    }
}

/// A row of cells as a line (without its end).
fn line(cells: &[Cell]) -> String {
    cells.iter().map(Cell::field).collect::<Vec<_>>().join(",")
}

/// A field, quoted when it must be.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The CSV document of a scoreboard.
pub fn render(scoreboard: &Scoreboard) -> String {
    let mut text = format!("{HEADER}\n");
    for row in &scoreboard.submissions {
        let (passed, planned) = row
            .passed()
            .map(|(p, n)| (p.to_string(), n.to_string()))
            .unwrap_or_default();
        let played = row.graded.summary().filter(|s| !s.outcomes.is_empty());
        let (mean, half_width) = match played.and_then(|s| s.stats()) {
            Some(stats) => (
                format!("{}", stats.mean),
                if stats.mean_half_width_95.is_finite() {
                    format!("{}", stats.mean_half_width_95)
                } else {
                    String::new()
                },
            ),
            None => (String::new(), String::new()),
        };
        let verdict = row.graded.verdict();
        let cells = [
            Cell::Text(row.name.clone()),
            Cell::Text(row.sha256.clone().unwrap_or_default()),
            Cell::Text(row.language().to_string()),
            Cell::Text(verdict.map_or("not graded".into(), |v| v.code().to_string())),
            Cell::Text(verdict.map_or(String::new(), |v| v.describe())),
            Cell::Number(passed),
            Cell::Number(planned),
            Cell::Text(row.first_failure().unwrap_or_default()),
            Cell::Number(row.max_cpu_ms().to_string()),
            Cell::Number(row.max_peak_kib().to_string()),
            Cell::Number(mean),
            Cell::Number(half_width),
            Cell::Text(row.note().unwrap_or_default()),
        ];
        text.push_str(&line(&cells));
        text.push('\n');
    }
    text
}

pub const GROUPS_HEADER: &str = "rank,submission,language,group,depth,verdict,score,max_score,\
slowest_test,slowest_cpu_ms,slowest_wall_ms,time_limit_ms,near_limit,tests_run,tests,note";

/// The CSV document of a group table: the submissions ranked by score (then CPU time), each
/// with a row for its total (group empty, depth empty) and one per group, nested ones
/// included (depth 1, 2, ...); a submission not graded has only its total's row, with why.
pub fn render_groups(table: &GroupTable) -> String {
    let mut text = format!("{GROUPS_HEADER}\n");
    let number = |x: Option<f64>| x.map(groups::points).unwrap_or_default();
    for (rank, row) in table.ranked().into_iter().enumerate() {
        let rank = (rank + 1).to_string();
        let tests_run = |tests: &[groups::TestRow]| {
            (
                tests
                    .iter()
                    .filter(|t| t.result.is_some())
                    .count()
                    .to_string(),
                tests.len().to_string(),
            )
        };
        let all_tests: Vec<groups::TestRow> = row
            .cells
            .iter()
            .zip(&table.columns)
            .filter(|(_, column)| column.depth == 0)
            .flat_map(|(cell, _)| cell.tests.iter().cloned())
            .collect();
        let (run, planned) = tests_run(&all_tests);
        let mut lines = vec![[
            Cell::Number(rank.clone()),
            Cell::Text(row.submission.clone()),
            Cell::Text(row.language.clone()),
            Cell::Text(String::new()),
            Cell::Number(String::new()),
            Cell::Text(
                row.total
                    .map(|t| t.verdict.problemtools_code().to_string())
                    .unwrap_or_default(),
            ),
            Cell::Number(number(row.total.and_then(|t| t.score))),
            Cell::Number(number(table.max_total)),
            Cell::Text(String::new()),
            Cell::Number(String::new()),
            Cell::Number(String::new()),
            Cell::Number(row.time_limit_ms.to_string()),
            Cell::Text(row.total_near_limit.to_string()),
            Cell::Number(run),
            Cell::Number(planned),
            Cell::Text(row.note.clone().unwrap_or_default()),
        ]];
        if row.note.is_none() {
            for (column, cell) in table.columns.iter().zip(&row.cells) {
                let (run, planned) = tests_run(&cell.tests);
                let slowest = cell.slowest.as_ref();
                lines.push([
                    Cell::Number(rank.clone()),
                    Cell::Text(row.submission.clone()),
                    Cell::Text(row.language.clone()),
                    Cell::Text(column.path.clone()),
                    Cell::Number(column.depth.to_string()),
                    Cell::Text(
                        cell.result
                            .map(|r| r.verdict.problemtools_code().to_string())
                            .unwrap_or_default(),
                    ),
                    Cell::Number(number(cell.result.and_then(|r| r.score))),
                    Cell::Number(number(column.max_score.filter(|_| table.scoring))),
                    Cell::Text(slowest.map(|s| s.test.clone()).unwrap_or_default()),
                    Cell::Number(slowest.map(|s| s.cpu_ms.to_string()).unwrap_or_default()),
                    Cell::Number(slowest.map(|s| s.wall_ms.to_string()).unwrap_or_default()),
                    Cell::Number(row.time_limit_ms.to_string()),
                    Cell::Text(cell.near_limit.to_string()),
                    Cell::Number(run),
                    Cell::Number(planned),
                    Cell::Text(String::new()),
                ]);
            }
        }
        for cells in lines {
            text.push_str(&line(&cells));
            text.push('\n');
        }
    }
    text
}

impl<D: Destination> Reporter for CsvReporter<D> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        if let Event::GradeFinished(scoreboard) = event {
            self.document = Some(
                match self.groups.as_ref().and_then(|source| source(scoreboard)) {
                    Some(table) => render_groups(&table),
                    None => render(scoreboard),
                },
            );
        }
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        let Some(document) = self.document.take() else {
            return Ok(());
        };
        self.out.write_all(document.as_bytes())?;
        self.out.commit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;

    #[test]
    fn fields_are_quoted_when_they_must_be() {
        assert_eq!(field("plain"), "plain");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("two\nlines"), "\"two\nlines\"");
    }

    #[test]
    fn a_text_cell_that_would_start_a_formula_starts_with_a_quote_and_a_number_stays() {
        for formula in [
            "=HYPERLINK(\"http://x\",\"y\")",
            "+1+2",
            "-2+3",
            "@SUM(A1)",
            "\tx",
            "\rx",
        ] {
            let written = Cell::Text(formula.into()).field();
            let unquoted = written
                .strip_prefix('"')
                .and_then(|w| w.strip_suffix('"'))
                .unwrap_or(&written);
            assert!(unquoted.starts_with('\''), "{formula:?} -> {written}");
        }
        assert_eq!(Cell::Text("-3".into()).field(), "'-3");
        assert_eq!(Cell::Text("=a,b".into()).field(), "\"'=a,b\"");
        assert_eq!(Cell::Text("accepted/a.py".into()).field(), "accepted/a.py");
        assert_eq!(Cell::Number("-3".into()).field(), "-3");
        assert_eq!(Cell::Number("-0.5".into()).field(), "-0.5");
    }

    #[test]
    fn the_scoreboards_names_and_notes_are_neutralized_and_its_numbers_kept() {
        let mut scoreboard = fixtures::games_scoreboard();
        scoreboard.submissions[0].name = "=cmd|' /C calc'!A0.py".into();
        let text = render(&scoreboard);
        let row = text.lines().nth(1).unwrap();
        assert!(row.starts_with("'=cmd|' /C calc'!A0.py,"), "{text}");
        // A mean score is a number wherever it stands, a negative one too.
        let mean_column = HEADER.split(',').position(|c| c == "mean_score").unwrap();
        for row in text.lines().skip(1) {
            let mean = row.split(',').nth(mean_column).unwrap();
            assert!(mean.is_empty() || mean.parse::<f64>().is_ok(), "{row}");
        }
    }

    #[test]
    fn the_scoreboard_as_csv() {
        let mut reporter = CsvReporter::new(Vec::new());
        let scoreboard = fixtures::scoreboard();
        reporter.report(&Event::GradeFinished(&scoreboard)).unwrap();
        reporter.finish().unwrap();
        insta::assert_snapshot!(String::from_utf8(reporter.into_inner()).unwrap());
    }

    #[test]
    fn a_group_table_as_csv() {
        let text = render_groups(&fixtures::group_table());
        let columns = GROUPS_HEADER.split(',').count();
        for line in text.lines() {
            assert_eq!(line.split(',').count(), columns, "{line}");
        }
        insta::assert_snapshot!(text);
    }

    #[test]
    fn a_scored_scoreboard_is_written_as_its_group_table() {
        let mut reporter = CsvReporter::new(Vec::new())
            .with_groups(Box::new(|_: &Scoreboard| Some(fixtures::group_table())));
        let scoreboard = fixtures::scoreboard();
        reporter.report(&Event::GradeFinished(&scoreboard)).unwrap();
        reporter.finish().unwrap();
        let text = String::from_utf8(reporter.into_inner()).unwrap();
        assert_eq!(text, render_groups(&fixtures::group_table()));
        // Without a table for it (a pass-fail problem), the scoreboard as before.
        let mut reporter =
            CsvReporter::new(Vec::new()).with_groups(Box::new(|_: &Scoreboard| None));
        reporter.report(&Event::GradeFinished(&scoreboard)).unwrap();
        reporter.finish().unwrap();
        let text = String::from_utf8(reporter.into_inner()).unwrap();
        assert!(text.starts_with(HEADER));
    }

    #[test]
    fn games_as_csv() {
        insta::assert_snapshot!(render(&fixtures::games_scoreboard()));
    }
}
