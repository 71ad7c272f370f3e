//! The terminal report of `judge grade`: a heading, a line on the side (standard error) as
//! each submission is graded, then the scoreboard in name order: submission, language,
//! verdict, tests passed, first failing test (or, for games, the mean score with its 95 %
//! interval), CPU time and peak memory; then why each one that is not accepted is not, and
//! how many got each verdict. Given a [`GroupSource`] that has a group table for the
//! scoreboard (a scored problem), the rows are ranked by score then CPU time and the table
//! of points per group follows them.

use std::io::{self, Write};

use super::groups::{self, GroupSource};
use super::style;
use super::{plural, Event, Reporter};
use judge_core::check::clip;
use judge_core::quote;
use judge_engine::grade::many::{GradeStarted, GradedSubmission, Scoreboard};
use judge_engine::grade::Unit;

pub struct ScoreboardReporter<W: Write, N: Write> {
    out: W,
    note: N,
    /// Submissions graded so far, and how many there are.
    done: usize,
    total: usize,
    groups: Option<GroupSource>,
}

impl<W: Write, N: Write> ScoreboardReporter<W, N> {
    pub fn new(out: W, note: N) -> Self {
        ScoreboardReporter {
            out,
            note,
            done: 0,
            total: 0,
            groups: None,
        }
    }

    /// Ranks the scoreboard by score and shows points per group where `source` has a group
    /// table for it.
    pub fn with_groups(mut self, source: GroupSource) -> Self {
        self.groups = Some(source);
        self
    }
}

impl<W: Write, N: Write> Reporter for ScoreboardReporter<W, N> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        match event {
            Event::GradeStarted(started) => {
                self.total = started.submissions;
                self.out.write_all(heading(started).as_bytes())?;
                self.out.flush()
            }
            Event::SubmissionGraded(row) => {
                self.done += 1;
                if row.resumed {
                    return Ok(());
                }
                let verdict = row
                    .graded
                    .verdict()
                    .map_or("not graded".to_string(), |v| v.describe());
                writeln!(
                    self.note,
                    "[{}/{}] {}: {verdict}",
                    self.done,
                    self.total,
                    quote::terminal(&row.name)
                )
            }
            Event::GradeFinished(scoreboard) => {
                match self.groups.as_ref().and_then(|source| source(scoreboard)) {
                    Some(groups) => {
                        let ranked = groups::ranked_scoreboard(scoreboard, &groups);
                        self.out.write_all(table(&ranked).as_bytes())?;
                        self.out.write_all(b"\n")?;
                        groups::write_terminal(&mut self.out, &groups)?;
                    }
                    None => self.out.write_all(table(scoreboard).as_bytes())?,
                }
                self.out.flush()
            }
            _ => Ok(()),
        }
    }
}

/// The line that opens a `grade`.
fn heading(started: &GradeStarted) -> String {
    let unit = match started.unit {
        Unit::Tests => "test",
        Unit::Games => "game",
    };
    let shard = started
        .shard
        .map(|s| format!(" (shard {s})"))
        .unwrap_or_default();
    let earlier = if started.resumed > 0 {
        format!(
            "; {} graded by an earlier run, {} to grade",
            started.resumed, started.to_grade
        )
    } else {
        String::new()
    };
    format!(
        "{} {}{shard} of {}, {} each, seed {}, {}{earlier}\n",
        style::bold("judge grade"),
        plural(started.submissions, "submission"),
        quote::terminal(&started.problem),
        plural(started.units, unit),
        started.seed,
        plural(started.jobs, "job"),
    )
}

/// The mean score with its 95 % interval, for games.
fn mean_score(row: &GradedSubmission) -> String {
    let played = row.graded.summary().filter(|s| !s.outcomes.is_empty());
    match played.and_then(|s| s.stats()) {
        Some(stats) => {
            if stats.mean_half_width_95.is_finite() {
                format!("{:.0} ± {:.0}", stats.mean, stats.mean_half_width_95)
            } else {
                format!("{:.0}", stats.mean)
            }
        }
        _ => String::new(),
    }
}

/// The scoreboard, the notes on submissions not accepted, and the tally. Names (of
/// submissions, of tests) and notes are shown with their control characters escaped.
pub fn table(scoreboard: &Scoreboard) -> String {
    let rows = &scoreboard.submissions;
    let names: Vec<String> = rows
        .iter()
        .map(|r| quote::terminal(&r.name).into_owned())
        .collect();
    let width = |texts: &mut dyn Iterator<Item = usize>, header: &str, most: usize| {
        texts.max().unwrap_or(0).clamp(header.len(), most)
    };
    let name_width = width(
        &mut names.iter().map(|name| name.chars().count()),
        "submission",
        48,
    );
    let language_width = width(&mut rows.iter().map(|r| r.language().len()), "language", 20);
    let games = scoreboard.unit == Unit::Games;
    let (detail_header, details): (&str, Vec<String>) = if games {
        ("mean score (95%)", rows.iter().map(mean_score).collect())
    } else {
        (
            "first failure",
            rows.iter()
                .map(|r| quote::terminal(&r.first_failure().unwrap_or_default()).into_owned())
                .collect(),
        )
    };
    let detail_width = width(
        &mut details.iter().map(|d| d.chars().count()),
        detail_header,
        32,
    );
    let passed_header = if games { "games ok" } else { "passed" };
    let mut text = format!(
        "{}\n",
        style::bold(&format!(
            "{:<name_width$}  {:<language_width$}  {:<16} {:>9}  {:<detail_width$} {:>8} {:>9}",
            "submission", "language", "verdict", passed_header, detail_header, "cpu ms", "peak MiB"
        ))
    );
    for ((row, detail), name) in rows.iter().zip(&details).zip(&names) {
        // A scored problem's submission: its verdict and score.
        let score = row
            .graded
            .summary()
            .and_then(|summary| summary.groups()?.score)
            .map(|score| format!(" {}", groups::points(score)))
            .unwrap_or_default();
        let verdict = match row.graded.verdict() {
            Some(verdict) => style::verdict(
                &verdict,
                &format!("{:<16}", format!("{}{score}", verdict.describe())),
            ),
            None => format!("{:<16}", "not graded"),
        };
        let passed = row
            .passed()
            .map(|(passed, planned)| format!("{passed}/{planned}"))
            .unwrap_or_default();
        let ran = row
            .graded
            .summary()
            .is_some_and(|summary| !summary.outcomes.is_empty());
        let (cpu, peak) = if ran {
            (
                row.max_cpu_ms().to_string(),
                format!("{:.1}", row.max_peak_kib() as f64 / 1024.0),
            )
        } else {
            (String::new(), String::new())
        };
        text.push_str(&format!(
            "{:<name_width$}  {:<language_width$}  {verdict} {passed:>9}  {:<detail_width$} {cpu:>8} {peak:>9}\n",
            clip(name, name_width),
            row.language(),
            clip(detail, detail_width),
        ));
    }
    let notes: Vec<String> = rows
        .iter()
        .zip(&names)
        .filter(|(r, _)| !r.graded.verdict().is_some_and(|v| v.is_accepted()))
        .filter_map(|(r, name)| {
            r.note()
                .map(|note| format!("  {name}: {}", clip(&quote::terminal(&note), 280)))
        })
        .collect();
    if !notes.is_empty() {
        text.push_str(&format!(
            "\n{}\n{}\n",
            style::bold("why not accepted"),
            notes.join("\n")
        ));
    }
    let tally: Vec<String> = scoreboard
        .tally()
        .iter()
        .map(|(verdict, count)| format!("{verdict} {count}"))
        .collect();
    let shard = scoreboard
        .run
        .shard
        .map(|s| format!(" (shard {s})"))
        .unwrap_or_default();
    text.push_str(&format!(
        "\n{} {}{shard} of {}: {}\n",
        style::bold("result"),
        plural(rows.len(), "submission"),
        quote::terminal(&scoreboard.problem),
        tally.join(", ")
    ));
    // A judge error is not a result (`Graded::is_final`): say what becomes of it.
    if rows
        .iter()
        .any(|row| row.graded.summary().is_some() && !row.graded.is_final())
    {
        text.push_str(
            "a judge error (JE) is the grader's failure, not the submission's: it is not kept \
             as a result, and the next run grades that submission again\n",
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;

    fn render(events: &[Event]) -> (String, String) {
        let (mut out, mut note) = (Vec::new(), Vec::new());
        let mut reporter = ScoreboardReporter::new(&mut out, &mut note);
        for event in events {
            reporter.report(event).unwrap();
        }
        let strip = |bytes: Vec<u8>| {
            anstream::adapter::strip_str(&String::from_utf8(bytes).unwrap()).to_string()
        };
        (strip(out), strip(note))
    }

    #[test]
    fn the_scoreboard_of_a_class() {
        let scoreboard = fixtures::scoreboard();
        let started = fixtures::grade_started(&scoreboard);
        let mut events = vec![Event::GradeStarted(&started)];
        events.extend(scoreboard.submissions.iter().map(Event::SubmissionGraded));
        events.push(Event::GradeFinished(&scoreboard));
        let (out, note) = render(&events);
        insta::assert_snapshot!(out);
        insta::assert_snapshot!("the_scoreboard_of_a_class_notes", note);
    }

    #[test]
    fn a_scored_problems_scoreboard_ranks_by_score_with_points_per_group() {
        let scoreboard = fixtures::scoreboard();
        let table = fixtures::group_table_of_scoreboard(&scoreboard);
        let names: Vec<&str> = scoreboard
            .submissions
            .iter()
            .map(|r| r.name.as_str())
            .collect();
        let (mut out, mut note) = (Vec::new(), Vec::new());
        let mut reporter = ScoreboardReporter::new(&mut out, &mut note)
            .with_groups(Box::new(move |_: &Scoreboard| Some(table.clone())));
        reporter.report(&Event::GradeFinished(&scoreboard)).unwrap();
        drop(reporter);
        let out = anstream::adapter::strip_str(&String::from_utf8(out).unwrap()).to_string();
        // The best (accepted/fast.cpp's facts) is the last by name, and now first.
        let board = out.split("groups of").next().unwrap();
        let first_row = board.lines().nth(1).unwrap();
        assert!(first_row.starts_with(names[names.len() - 1]), "{out}");
        assert!(out.contains("groups of boj12100"), "{out}");
        assert!(out.contains("100 AC"), "{out}");
        insta::assert_snapshot!(out);
    }

    #[test]
    fn a_judge_error_on_the_board_is_said_not_to_be_kept() {
        let kept = "the next run grades that submission again";
        let mut scoreboard = fixtures::scoreboard();
        assert!(!table(&scoreboard).contains(kept));
        let Some(summary) = scoreboard.submissions[1].graded.summary().cloned() else {
            panic!("bob.py was graded");
        };
        let mut failed = summary;
        failed.verdict = judge_core::verdict::Verdict::JudgeError;
        failed.outcomes[0].verdict = judge_core::verdict::Verdict::JudgeError;
        scoreboard.submissions[1].graded = judge_engine::grade::many::Graded::Run(Box::new(failed));
        let out = anstream::adapter::strip_str(&table(&scoreboard)).to_string();
        assert!(out.contains("JE 1"), "{out}");
        assert!(out.contains(kept), "{out}");
    }

    #[test]
    fn a_name_with_control_characters_keeps_to_its_row() {
        let mut scoreboard = fixtures::scoreboard();
        let rows = scoreboard.submissions.len();
        scoreboard.submissions[0].name = "evil\nsecond row\u{1b}[2J.py".into();
        let started = fixtures::grade_started(&scoreboard);
        let mut events = vec![Event::GradeStarted(&started)];
        events.extend(scoreboard.submissions.iter().map(Event::SubmissionGraded));
        events.push(Event::GradeFinished(&scoreboard));
        let (out, note) = render(&events);
        assert!(
            !out.contains('\u{1b}') && !note.contains('\u{1b}'),
            "{out}{note}"
        );
        let board: Vec<&str> = out.lines().skip(2).take_while(|l| !l.is_empty()).collect();
        assert_eq!(board.len(), rows, "{out}");
        assert!(
            board
                .iter()
                .any(|row| row.starts_with("evil\\nsecond row\\u{1b}[2J.py")),
            "{out}"
        );
        let graded_now = scoreboard.submissions.iter().filter(|r| !r.resumed).count();
        assert_eq!(note.lines().count(), graded_now, "{note}");
        assert!(note.contains("evil\\nsecond row\\u{1b}[2J.py: "), "{note}");
    }

    #[test]
    fn the_scoreboard_of_game_players() {
        let scoreboard = fixtures::games_scoreboard();
        let (out, _) = render(&[Event::GradeFinished(&scoreboard)]);
        insta::assert_snapshot!(out);
    }
}
