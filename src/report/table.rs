//! The terminal report of a grading: a heading, one row per test (in plan order) or per game
//! (as games finish), then a summary with the limits applied, the sandbox's protections and
//! the first failure in detail (its input, expected and received output, standard error and
//! the command that prints its input again). A scored problem's run says its score and shows
//! its group table (`report::groups`) before the first failure; a test a checker gave a
//! partial score says it beside its verdict.

use std::io::{self, Write};
use std::sync::Arc;

use super::groups::{self, SubmissionFacts};
use super::style;
use super::{Event, Reporter};
use judge_core::quote;
use judge_core::scoring::aggregate::ValidatorScore;
use judge_core::scoring::GroupTree;
use judge_engine::grade::outcome::{Detail, GameDetail, Outcome, RunSummary, TestDetail};
use judge_engine::grade::{Started, Unit};

pub const TESTS_HEADER: &str =
    "test                    verdict            cpu ms   wall ms   peak MiB";
pub const GAMES_HEADER: &str =
    "game        seed      score   moves   verdict          cpu ms   wall ms   peak MiB";

/// Writes the table of a grading to `out`.
pub struct TableReporter<W: Write> {
    out: W,
    /// A scored problem's id and groups, for the group table of its run.
    groups: Option<(String, Arc<GroupTree>)>,
}

impl<W: Write> TableReporter<W> {
    pub fn new(out: W) -> Self {
        TableReporter { out, groups: None }
    }

    /// Shows the group table of problem `problem`'s `tree` in the summary of a run graded by
    /// its groups.
    pub fn with_groups(mut self, problem: &str, tree: Arc<GroupTree>) -> Self {
        self.groups = Some((problem.to_string(), tree));
        self
    }
}

impl<W: Write> Reporter for TableReporter<W> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        let text = match event {
            Event::Started(started) => heading(started),
            Event::TestFinished(outcome) | Event::GameFinished(outcome) => row(outcome) + "\n",
            Event::Finished(summary) if summary.is_games() => games_summary(summary),
            Event::Finished(summary) => batch_summary(summary, self.group_table(summary)),
            _ => return Ok(()),
        };
        // One write per event, so that a progress bar is suspended once around it.
        self.out.write_all(text.as_bytes())?;
        self.out.flush()
    }
}

impl<W: Write> TableReporter<W> {
    /// The group table of a run graded by its groups, as the terminal shows it.
    fn group_table(&self, summary: &RunSummary) -> Option<String> {
        let (problem, tree) = self.groups.as_ref()?;
        summary.groups()?;
        let table = groups::build(
            problem,
            tree,
            groups::DEFAULT_NEAR_FACTOR,
            &[SubmissionFacts::of_run(summary)],
        );
        Some(groups::terminal(&table, &table.ranked()))
    }
}

fn plural(count: usize) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

/// The line that opens a grading, and the table's header.
fn heading(started: &Started) -> String {
    let (unit, header, compile) = match started.unit {
        Unit::Tests => (
            "test",
            TESTS_HEADER,
            if started.cached {
                ", compiled (cached)".to_string()
            } else {
                format!(", compiled in {} ms", started.compile_ms)
            },
        ),
        Unit::Games => ("game", GAMES_HEADER, String::new()),
    };
    let mut count = match started.unit {
        Unit::Tests => format!("{} tests", started.count),
        Unit::Games => format!("{} {unit}{}", started.count, plural(started.count)),
    };
    if let Some(shard) = started.shard {
        count.push_str(&format!(" (shard {shard})"));
    }
    format!(
        "{} {} on {} ({}): {count}, seed {}, {} job{}{compile}\n{}\n",
        style::bold("judge"),
        quote::terminal(&started.solution),
        quote::terminal(&started.problem),
        started.language,
        started.seed,
        started.jobs,
        plural(started.jobs),
        style::bold(header)
    )
}

/// One row of the tests or games table.
pub fn row(outcome: &Outcome) -> String {
    match &outcome.detail {
        Detail::Test(test) => test_row(outcome, test),
        Detail::Game(game) => game_row(outcome, game),
    }
}

/// One row of the tests table.
fn test_row(outcome: &Outcome, test: &TestDetail) -> String {
    // A checker's partial score beside the verdict: `AC 0.5`, `AC x0.25` (a multiplier).
    let verdict = match test.validator_score {
        Some(ValidatorScore::Score(score)) => {
            format!("{} {}", outcome.verdict_detail, groups::points(score))
        }
        Some(ValidatorScore::Multiplier(factor)) => {
            format!("{} x{}", outcome.verdict_detail, groups::points(factor))
        }
        None => outcome.verdict_detail.clone(),
    };
    let verdict = format!("{verdict:<17}");
    format!(
        "{:<23} {} {:>8} {:>9} {:>10.1}{}{}",
        quote::terminal(&test.name),
        style::verdict(&outcome.verdict, &verdict),
        outcome.cpu_ms,
        outcome.wall_ms,
        outcome.peak_kib as f64 / 1024.0,
        busy_mark(outcome.disturbed, outcome.wait_ms),
        why(outcome.message.as_deref())
    )
}

/// After a row not accepted: its reason (the checker's message, or what the run's facts
/// say), on one line, its control characters escaped.
fn why(message: Option<&str>) -> String {
    match message.map(|m| m.lines().next().unwrap_or("")) {
        Some(line) if !line.trim().is_empty() => {
            format!(
                "   {}",
                judge_core::check::clip(&quote::terminal(line), 120)
            )
        }
        _ => String::new(),
    }
}

/// After a row whose run waited long for a CPU held by other work.
fn busy_mark(disturbed: bool, wait_ms: u64) -> String {
    if disturbed {
        format!("   busy: waited {wait_ms} ms for a CPU")
    } else {
        String::new()
    }
}

/// The summary's warning when the machine's load disturbed some runs, as hyperfine warns of
/// outliers.
fn busy_warning(disturbed: usize, total: usize, unit: &str) -> Option<String> {
    (disturbed > 0).then(|| {
        format!(
            "{} the machine was busy during {disturbed} of {total} {unit}: timings may be off \
             (time spent waiting for a CPU is not counted against the wall-clock limit)",
            style::bold("warning:")
        )
    })
}

/// One row of the games table.
fn game_row(outcome: &Outcome, game: &GameDetail) -> String {
    let verdict = format!("{:<15}", outcome.verdict_detail);
    format!(
        "{:<6} {:>10} {:>10} {:>7}   {} {:>8} {:>9} {:>10.1}{}{}",
        game.game,
        game.seed,
        game.score,
        game.moves,
        style::verdict(&outcome.verdict, &verdict),
        outcome.cpu_ms,
        outcome.wall_ms,
        outcome.peak_kib as f64 / 1024.0,
        busy_mark(outcome.disturbed, outcome.wait_ms),
        why(outcome.message.as_deref())
    )
}

/// Shortens a text for display: at most `max_lines` lines of at most 100 characters, its
/// control characters other than line breaks escaped (it is a program's words or output).
pub fn shorten(text: &str, max_lines: usize) -> String {
    let text = quote::terminal_lines(text);
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<String> = lines
        .iter()
        .take(max_lines)
        .map(|line| judge_core::check::clip(line, 100))
        .collect();
    if lines.len() > max_lines {
        out.push(format!("... ({} more lines)", lines.len() - max_lines));
    }
    out.join("\n")
}

/// Each line indented by four spaces; `(empty)` for no text.
pub fn indent(text: &str) -> String {
    if text.is_empty() {
        return "    (empty)".into();
    }
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A failure's message under its heading: each line indented by two spaces, its control
/// characters escaped.
fn message_lines(message: &str) -> String {
    quote::terminal_lines(message)
        .lines()
        .map(|line| format!("  {line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A string to which lines are added.
#[derive(Default)]
struct Lines(String);

impl Lines {
    fn line(&mut self, text: impl AsRef<str>) {
        self.0.push_str(text.as_ref());
        self.0.push('\n');
    }

    /// The sandbox's protections, and the compiler's message after a compile error.
    fn sandbox_and_compiler(&mut self, protections: &[String], compile_message: Option<&str>) {
        if !protections.is_empty() {
            self.line(format!("sandbox: {}", protections.join(", ")));
        }
        if let Some(message) = compile_message {
            self.line(format!(
                "\ncompiler says:\n{}",
                indent(&shorten(message, 30))
            ));
        }
    }
}

/// The summary after the tests table, and the first failure in detail.
fn batch_summary(summary: &RunSummary, group_table: Option<String>) -> String {
    let mut out = Lines::default();
    out.line("");
    let verdict = style::verdict(&summary.verdict, &summary.verdict.describe());
    let tests_run = summary.units_run();
    let tests_planned = summary.units_planned();
    let not_run = if tests_run < tests_planned {
        format!(", {} not run", tests_planned - tests_run)
    } else {
        String::new()
    };
    let score = match summary
        .groups()
        .and_then(|g| g.score.map(|s| (s, g.max_score)))
    {
        Some((score, Some(max))) => {
            format!(" score {}/{}", groups::points(score), groups::points(max))
        }
        Some((score, None)) => format!(" score {}", groups::points(score)),
        None => String::new(),
    };
    out.line(format!(
        "{} {} ({}): {}{score}  {}/{} tests passed{not_run}",
        style::bold("result"),
        quote::terminal(&summary.solution),
        summary.language,
        verdict,
        summary.passed(),
        tests_planned,
    ));
    if let Some(reason) = summary.reason() {
        out.line(format!("  {}", quote::terminal(reason)));
    }
    if let Some(warning) = summary.timing_warning() {
        out.line(format!("warning: {warning}"));
    }
    let limits = &summary.limits;
    out.line(format!(
        "limits: cpu {} ms, wall {} ms, memory {:.0} MiB, output {:.0} MiB",
        limits.cpu_ms,
        limits.wall_ms,
        limits.memory_kib as f64 / 1024.0,
        limits.output_kib as f64 / 1024.0
    ));
    out.sandbox_and_compiler(&summary.protections, summary.compile_message.as_deref());
    if let Some(warning) = busy_warning(summary.disturbed(), tests_run, "tests") {
        out.line(warning);
    }
    if let Some(table) = group_table {
        out.line("");
        out.0.push_str(&table);
    }
    if let Some(failure) = summary.first_failure() {
        out.line("");
        out.line(format!(
            "{} {}: {}",
            style::bold("first failing test"),
            quote::terminal(&failure.name()),
            style::verdict(&failure.verdict, &failure.verdict_detail)
        ));
        if let Some(message) = &failure.message {
            out.line(message_lines(message));
        }
        let test = failure.test().cloned().unwrap_or_default();
        if test.input_bytes > 0 {
            out.line(format!(
                "  input ({} bytes):\n{}",
                test.input_bytes,
                indent(&shorten(&test.input_head, 12))
            ));
        }
        if let Some(expected) = &test.expected_head {
            out.line(format!("  expected:\n{}", indent(&shorten(expected, 8))));
            out.line(format!(
                "  received ({} bytes):\n{}",
                test.received_bytes,
                indent(&shorten(&test.received_head, 8))
            ));
        }
        if !failure.stderr_head.trim().is_empty() {
            out.line(format!(
                "  standard error:\n{}",
                indent(&shorten(&failure.stderr_head, 8))
            ));
        }
        if let Some(command) = &test.reproduce {
            out.line(format!("  reproduce the input: {command}"));
        }
    }
    out.0
}

/// The summary after the games table: score statistics, limits, the verdict and the first
/// failed game.
fn games_summary(summary: &RunSummary) -> String {
    let mut out = Lines::default();
    out.line("");
    let played = summary.outcomes.len();
    if let Some((stats, _, _)) = summary.score_stats().filter(|_| played > 0) {
        let interval = if stats.mean_half_width_95.is_finite() {
            format!(" ± {:.1} (95% confidence)", stats.mean_half_width_95)
        } else {
            String::new()
        };
        out.line(format!(
            "scores: mean {:.1}{interval}, min {}, median {:.1}, max {}, standard deviation {:.1}",
            stats.mean, stats.min, stats.median, stats.max, stats.standard_deviation
        ));
        if !stats.reached.is_empty() {
            let games = played;
            let reached: Vec<String> = stats
                .reached
                .iter()
                .map(|(tile, count)| {
                    format!(
                        "{tile}: {count} ({:.0}%)",
                        *count as f64 * 100.0 / games as f64
                    )
                })
                .collect();
            out.line(format!("games reaching  {}", reached.join("   ")));
        }
    }
    let limits = &summary.limits;
    out.line(format!(
        "limits per game: cpu {} ms, wall {} ms, memory {:.0} MiB",
        limits.cpu_ms,
        limits.wall_ms,
        limits.memory_kib as f64 / 1024.0
    ));
    out.sandbox_and_compiler(&summary.protections, summary.compile_message.as_deref());
    if let Some(warning) = busy_warning(summary.disturbed(), played, "games") {
        out.line(warning);
    }
    out.line(format!(
        "{} {} ({}): {}{}",
        style::bold("result"),
        quote::terminal(&summary.solution),
        summary.language,
        style::verdict(&summary.verdict, &summary.verdict.describe()),
        summary
            .reason()
            .map(|r| format!("  ({})", quote::terminal(r)))
            .unwrap_or_default()
    ));
    if let Some((failed, game)) = summary
        .first_failure()
        .and_then(|failed| Some((failed, failed.game()?)))
    {
        out.line(format!(
            "first failing game: {} ({})",
            game.game, failed.verdict_detail
        ));
        if let Some(message) = &failed.message {
            out.line(message_lines(message));
        }
        if !failed.stderr_head.trim().is_empty() {
            out.line(format!(
                "  standard error:\n{}",
                indent(&shorten(&failed.stderr_head, 6))
            ));
        }
        out.line(format!(
            "  replay it: judge test SOLUTION --problem {} --seed {} --game {} --transcripts DIR, then judge replay DIR/game-{:02}.txt",
            quote::shell(&summary.problem), game.seed, game.game, game.game
        ));
    }
    out.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;

    /// What the reporter writes for these events, without colours.
    fn render(events: &[Event]) -> String {
        let mut out = Vec::new();
        let mut reporter = TableReporter::new(&mut out);
        for event in events {
            reporter.report(event).unwrap();
        }
        anstream::adapter::strip_str(&String::from_utf8(out).unwrap()).to_string()
    }

    /// The table of a whole run: its start, each unit, its end.
    fn render_run(summary: &RunSummary, unit: Unit, planned: usize) -> String {
        let started = fixtures::started(unit, planned);
        let mut events = vec![Event::Started(&started)];
        events.extend(summary.outcomes.iter().map(|outcome| match unit {
            Unit::Tests => Event::TestFinished(outcome),
            Unit::Games => Event::GameFinished(outcome),
        }));
        events.push(Event::Finished(summary));
        render(&events)
    }

    fn render_tests_run(summary: &RunSummary) -> String {
        render_run(summary, Unit::Tests, summary.units_planned())
    }

    #[test]
    fn the_tests_table_with_its_first_failure() {
        let summary = fixtures::batch_summary();
        insta::assert_snapshot!(render_tests_run(&summary));
    }

    #[test]
    fn every_failed_run_shows_its_reason_on_its_row() {
        let summary = fixtures::failed_runs_summary();
        insta::assert_snapshot!(render_tests_run(&summary));
    }

    #[test]
    fn names_messages_and_outputs_reach_the_terminal_escaped() {
        let mut summary = fixtures::batch_summary();
        summary.solution = "sol\u{1b}]0;owned\u{7}.cpp".into();
        for outcome in &mut summary.outcomes {
            let Detail::Test(test) = &mut outcome.detail else {
                unreachable!()
            };
            if outcome.verdict.is_accepted() {
                test.name = "two\nlines".into();
                continue;
            }
            test.name = "x\ry\u{9b}2J".into();
            test.received_head = "\u{1b}[2J32\r9\n".into();
            outcome.message = Some("wrong: \u{1b}[31m32\r\nsecond line\u{8}".into());
            outcome.stderr_head = "debug\u{1b}[H\n".into();
        }
        let mut out = Vec::new();
        let mut reporter = TableReporter::new(&mut out);
        let started = fixtures::started(Unit::Tests, summary.units_planned());
        reporter.report(&Event::Started(&started)).unwrap();
        for outcome in &summary.outcomes {
            reporter.report(&Event::TestFinished(outcome)).unwrap();
        }
        reporter.report(&Event::Finished(&summary)).unwrap();
        // What the reporter writes, its own styles taken out: no other escape, and line
        // breaks only where the table puts them.
        let text = String::from_utf8(out).unwrap();
        let plain = anstream::adapter::strip_str(&text).to_string();
        assert_eq!(
            plain.chars().filter(|&c| c == '\u{1b}').count(),
            0,
            "{plain:?}"
        );
        assert!(
            !text.contains(['\r', '\u{7}', '\u{8}', '\u{9b}']),
            "{text:?}"
        );
        assert!(plain.contains("\nx\\ry\\u{9b}2J "), "{plain}");
        assert!(plain.contains("\ntwo\\nlines "), "{plain}");
        assert!(plain.contains("sol\\u{1b}]0;owned\\u{7}.cpp"), "{plain}");
        assert!(
            plain.contains("\n  wrong: \\u{1b}[31m32\n  second line\\u{8}\n"),
            "{plain}"
        );
        assert!(plain.contains("    \\u{1b}[2J32\\r9\n"), "{plain}");
        assert!(plain.contains("    debug\\u{1b}[H\n"), "{plain}");
        // One row per test: the header, then the rows, then the blank line.
        let rows: Vec<&str> = plain
            .lines()
            .skip(2)
            .take_while(|l| !l.is_empty())
            .collect();
        assert_eq!(rows.len(), summary.outcomes.len(), "{plain}");
    }

    #[test]
    fn a_compile_error_shows_the_compilers_message() {
        let summary = fixtures::compile_error_summary();
        insta::assert_snapshot!(render(&[Event::Finished(&summary)]));
    }

    #[test]
    fn the_games_table_with_scores_and_the_first_failed_game() {
        let summary = fixtures::games_summary();
        insta::assert_snapshot!(render_run(&summary, Unit::Games, summary.outcomes.len()));
    }
}
