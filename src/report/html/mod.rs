//! The HTML report: one self-contained page (styles, script and data inline; nothing fetched
//! when it is opened) with the summary, the runs' table with a filter by verdict, charts of
//! CPU, wall time and memory against the limits, a detail panel showing a test's input,
//! expected and received output with the first difference marked, and for 2048 games the
//! score distribution and a replayer of every game.
//!
//! [`HtmlReporter`] consumes the events of `test` (batch or games), `verify`, `compare`,
//! `grade` (its finished scoreboard) and `merge` (the merged report's events) and writes the
//! page to a [`Destination`] when the grading is over. [`HtmlPage`] is the page
//! itself, for commands that have summaries rather than events: a scoreboard is a page with
//! one section per submission and a [`ScoreboardRow`] linking to each (see
//! [`HtmlPage::scoreboard`]).
//!
//! `grade` gives [`HtmlReporter`] its `Event::GradeFinished`: a section per graded submission
//! and a [`ScoreboardRow::from_graded`] per row, those not graded included. For other commands
//! that grade many submissions or combine reports:
//! - give [`HtmlReporter`] every submission's events: each `Event::Finished` becomes a section,
//!   and when there is more than one (and neither `verify` rows nor a comparison) the page
//!   opens with a scoreboard, a [`ScoreboardRow::from_summary`] per submission;
//! - or build the page from summaries: `HtmlPage::scoreboard(title, summaries)` (one section
//!   and row each), or [`HtmlPage::add_summary`] and rows of your own (rank, points: put them
//!   in [`ScoreboardRow::result`]), then [`HtmlPage::write_to`] an `AtomicFile`. A summary
//!   without inputs, outputs or transcripts (as read back from JSON, which leaves them out)
//!   still gets its charts and table; its runs just have less to show when opened.
//!
//! Files: `sections` writes the markup of each part, `charts` the SVG, `run_data` the data of
//! each test or game, `markup` escaping; `assets/` holds the page's stylesheet and script.

mod charts;
mod groups;
mod markup;
mod run_data;
mod sections;

use std::collections::{BTreeMap, HashMap};
use std::io;

use super::{Destination, Event, Reporter};
use judge_core::problems::PageBoard;
use judge_core::verdict::Verdict;
use judge_engine::grade::games::Comparison;
use judge_engine::grade::many::{Graded, GradedSubmission, Scoreboard};
use judge_engine::grade::outcome::RunSummary;
use judge_engine::grade::package::PackageCheck;
use judge_engine::grade::verify::{VerifyRow, VerifySummary};
use markup::escape;
use run_data::CodedTranscript;

const STYLE: &str = include_str!("assets/report.css");
const SCRIPT: &str = include_str!("assets/report.js");

/// A submission's section on a page: the `N` of its anchor `#sub-N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SectionId(pub usize);

impl SectionId {
    /// The element id of the section, and the anchor that links to it.
    pub fn anchor(self) -> String {
        format!("sub-{}", self.0)
    }

    /// The element id of the data block of one of its runs.
    fn run_data(self, run: usize) -> String {
        format!("sub-{}-run-{run}", self.0)
    }
}

/// One row of a scoreboard: a submission with its verdict and figures, linking to its section.
#[derive(Debug, Clone)]
pub struct ScoreboardRow {
    /// The submission as the row names it (a path, an author).
    pub submission: String,
    pub problem: String,
    /// The language it ran in (empty when it could not be graded or is not known).
    pub language: String,
    /// The verdict got; none when the submission could not be graded.
    pub verdict: Option<Verdict>,
    /// What the row says beside the verdict: `37/37 tests passed`, `mean 2310.5`,
    /// `expected WA: MISMATCH`.
    pub result: String,
    pub max_cpu_ms: Option<u64>,
    /// The mean CPU time of the tests or games that ran.
    pub mean_cpu_ms: Option<f64>,
    pub max_peak_kib: Option<u64>,
    /// A warning, or why the submission could not be graded.
    pub note: Option<String>,
    /// Drawn to stand out: a mismatch, a submission not graded.
    pub flagged: bool,
    /// The section with the submission's details, if the page has one.
    pub details: Option<SectionId>,
}

impl ScoreboardRow {
    /// The row of a graded submission: its verdict, tests passed or mean score, and peaks.
    pub fn from_summary(summary: &RunSummary, details: Option<SectionId>) -> ScoreboardRow {
        let result = match summary.stats() {
            Some(stats) => format!(
                "mean score {:.1} over {} games",
                stats.mean,
                summary.outcomes.len()
            ),
            None => format!(
                "{}/{} tests passed",
                summary.passed(),
                summary.units_planned()
            ),
        };
        let cpu: Vec<u64> = summary.outcomes.iter().map(|o| o.cpu_ms).collect();
        let mean_cpu_ms =
            (!cpu.is_empty()).then(|| cpu.iter().sum::<u64>() as f64 / cpu.len() as f64);
        ScoreboardRow {
            submission: summary.solution.clone(),
            problem: summary.problem.clone(),
            language: summary.language.clone(),
            verdict: Some(summary.verdict),
            result,
            max_cpu_ms: Some(summary.max_cpu_ms()),
            mean_cpu_ms,
            max_peak_kib: Some(summary.max_peak_kib()),
            note: None,
            flagged: false,
            details,
        }
    }

    /// The row of a `grade` scoreboard: a graded submission as [`Self::from_summary`] makes it,
    /// under the scoreboard's name for it and with why it is not accepted; one that could not
    /// be graded, flagged with why.
    pub fn from_graded(row: &GradedSubmission, details: Option<SectionId>) -> ScoreboardRow {
        let summary = match &row.graded {
            Graded::Run(summary) => summary,
            Graded::NotGraded(reason) => {
                return ScoreboardRow {
                    submission: row.name.clone(),
                    problem: String::new(),
                    language: row.language().to_string(),
                    verdict: None,
                    result: "not graded".into(),
                    max_cpu_ms: None,
                    mean_cpu_ms: None,
                    max_peak_kib: None,
                    note: Some(reason.clone()),
                    flagged: true,
                    details: None,
                }
            }
        };
        ScoreboardRow {
            submission: row.name.clone(),
            note: (!summary.verdict.is_accepted())
                .then(|| row.note())
                .flatten(),
            ..ScoreboardRow::from_summary(summary, details)
        }
    }

    /// The row of a `verify` check: the verdict got against the one its folder names.
    pub fn from_verify(row: &VerifyRow, details: Option<SectionId>) -> ScoreboardRow {
        let expected = row.expected_code();
        let (verdict, language, result, cpu, peak, note) = match &row.result {
            Ok(checked) => (
                Some(checked.got),
                checked.language.clone(),
                format!(
                    "{} · expected {expected}: {}",
                    checked.detail,
                    if row.matched() { "ok" } else { "MISMATCH" }
                ),
                Some(checked.max_cpu_ms),
                Some(checked.max_peak_kib),
                match (&checked.warning, &checked.message) {
                    (Some(warning), Some(message)) => Some(format!("{warning}\n{message}")),
                    (warning, message) => warning.clone().or_else(|| message.clone()),
                },
            ),
            Err(error) => (
                None,
                String::new(),
                format!("expected {expected}: not graded"),
                None,
                None,
                Some(error.clone()),
            ),
        };
        ScoreboardRow {
            submission: row.solution.clone(),
            problem: row.problem.clone(),
            language,
            verdict,
            result,
            max_cpu_ms: cpu,
            mean_cpu_ms: None,
            max_peak_kib: peak,
            note,
            flagged: !row.matched(),
            details,
        }
    }
}

/// A report page being put together: its sections are written as they are added, so a
/// summary (and its transcripts) need not be kept.
#[derive(Debug, Default)]
pub struct HtmlPage {
    title: String,
    /// A line under the title, e.g. verify's totals.
    subtitle: Option<String>,
    scoreboard: Vec<ScoreboardRow>,
    /// A package's own checks (verify of a Kattis package), above the scoreboard.
    package: Option<String>,
    /// A scored problem's group table, under the scoreboard.
    groups: Option<String>,
    comparison: Option<String>,
    sections: Vec<String>,
    /// How the games of the summaries added next are drawn (the problem's view), if they are.
    board: Option<PageBoard>,
    /// The boards the page draws: their scripts and styles go in the page.
    boards: Vec<PageBoard>,
    /// The tests the package's section shows an image of, each by its figure's number there
    /// (see [`sections::batch`]).
    visuals: BTreeMap<String, usize>,
}

impl HtmlPage {
    pub fn new(title: impl Into<String>) -> HtmlPage {
        HtmlPage {
            title: title.into(),
            ..HtmlPage::default()
        }
    }

    /// A scoreboard: one section per summary and a row linking to each, in the given order.
    /// This is the entry point for a command that grades many submissions.
    pub fn scoreboard<'a>(
        title: impl Into<String>,
        summaries: impl IntoIterator<Item = &'a RunSummary>,
    ) -> HtmlPage {
        let mut page = HtmlPage::new(title);
        for summary in summaries {
            let id = page.add_summary(summary);
            page.add_scoreboard_row(ScoreboardRow::from_summary(summary, Some(id)));
        }
        page
    }

    pub fn set_title(&mut self, title: impl Into<String>) {
        self.title = title.into();
    }

    pub fn set_subtitle(&mut self, subtitle: impl Into<String>) {
        self.subtitle = Some(subtitle.into());
    }

    /// Adds a submission's section (its tests or games in full); returns its id for links.
    pub fn add_summary(&mut self, summary: &RunSummary) -> SectionId {
        self.add_summary_with(summary, &HashMap::new())
    }

    /// Adds a submission's section, its games' transcripts taken from `kept` (by game number)
    /// where the summary's games hold none: a grading hands each game's transcript to the
    /// reporters as the game finishes, then drops it.
    pub fn add_summary_with(
        &mut self,
        summary: &RunSummary,
        kept: &HashMap<u64, CodedTranscript>,
    ) -> SectionId {
        let id = SectionId(self.sections.len());
        self.sections.push(if summary.is_games() {
            if let Some(board) = self.board.filter(|board| !self.boards.contains(board)) {
                self.boards.push(board);
            }
            sections::games(id, summary, kept, self.board.as_ref())
        } else {
            sections::batch(id, summary, &self.visuals)
        });
        id
    }

    /// How the games of the summaries added from now on are drawn: their problem's view
    /// (`resolve::Views::page_board`, told with the grading's start); none, no replayer.
    pub fn set_board(&mut self, board: Option<PageBoard>) {
        self.board = board;
    }

    /// Shows a package's own checks (its input validators, warnings, time limit), as the
    /// terminal shows them.
    pub fn set_package(&mut self, check: &PackageCheck) {
        self.package = Some(sections::package(check));
        self.visuals = check
            .images
            .iter()
            .enumerate()
            .map(|(figure, image)| (image.test.clone(), figure))
            .collect();
    }

    /// Shows a group table (a heat map of points per group, each cell opening its tests).
    pub fn set_groups(&mut self, table: &crate::report::groups::GroupTable) {
        self.groups = Some(groups::section(table));
    }

    /// Adds a row to the scoreboard (shown above the sections when it has rows).
    pub fn add_scoreboard_row(&mut self, row: ScoreboardRow) {
        self.scoreboard.push(row);
    }

    /// Shows the comparison of the two submissions whose sections are `first` and `second`.
    pub fn set_comparison(&mut self, comparison: &Comparison, first: SectionId, second: SectionId) {
        self.comparison = Some(sections::comparison(comparison, first, second));
    }

    pub fn section_count(&self) -> usize {
        self.sections.len()
    }

    pub fn has_scoreboard(&self) -> bool {
        !self.scoreboard.is_empty()
    }

    /// The whole page.
    pub fn render(&self) -> String {
        let board_styles: String = self.boards.iter().map(|board| board.style).collect();
        let mut page = format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <meta name=\"generator\" content=\"judge {}\">\n<title>{}</title>\n<style>\n{STYLE}{board_styles}</style>\n</head>\n<body>\n\
             <header><h1>{}</h1>{}</header>\n<main>\n",
            env!("CARGO_PKG_VERSION"),
            escape(&self.title),
            escape(&self.title),
            self.subtitle
                .as_ref()
                .map(|s| format!("<p>{}</p>", escape(s)))
                .unwrap_or_default()
        );
        if let Some(package) = &self.package {
            page += package;
        }
        if !self.scoreboard.is_empty() {
            page += &sections::scoreboard(&self.scoreboard);
        }
        if let Some(groups) = &self.groups {
            page += groups;
        }
        if let Some(comparison) = &self.comparison {
            page += comparison;
        }
        for section in &self.sections {
            page += section;
        }
        page += "</main>\n<script>\n";
        // The boards' scripts first: they register what the report's script draws with.
        for board in &self.boards {
            page += board.script;
        }
        page += SCRIPT;
        page += "</script>\n</body>\n</html>\n";
        page
    }

    /// Writes the page to `out` and commits it.
    pub fn write_to(&self, out: &mut impl Destination) -> io::Result<()> {
        out.write_all(self.render().as_bytes())?;
        out.commit()
    }
}

/// Writes the HTML report of a grading when it is over: one section per submission graded
/// (`test`: one; `compare`: two and the comparison; `verify`: one per solution and the
/// scoreboard of the checks; several summaries without checks: a scoreboard of them).
pub struct HtmlReporter<D: Destination> {
    out: D,
    page: HtmlPage,
    /// Sections in the order their summaries came.
    sections: Vec<SectionId>,
    /// The section of the last summary that no verify row has claimed yet.
    unclaimed: Option<SectionId>,
    /// A scoreboard row per summary, shown when several submissions were graded without a
    /// comparison or verify's own rows.
    summary_rows: Vec<ScoreboardRow>,
    compared: bool,
    /// The transcripts of the games finished since the last summary, coded (the grading drops
    /// them once reported; the page's replayer needs them).
    transcripts: HashMap<u64, CodedTranscript>,
    /// Where a scoreboard's group table comes from (a scored problem).
    groups: Option<crate::report::groups::GroupSource>,
}

impl<D: Destination> HtmlReporter<D> {
    pub fn new(out: D) -> Self {
        HtmlReporter {
            out,
            page: HtmlPage::new("judge report"),
            sections: Vec::new(),
            unclaimed: None,
            summary_rows: Vec::new(),
            compared: false,
            transcripts: HashMap::new(),
            groups: None,
        }
    }

    /// Ranks a `grade` scoreboard by score and shows its group table where `source` has one
    /// for it (a scored problem).
    pub fn with_groups(mut self, source: crate::report::groups::GroupSource) -> Self {
        self.groups = Some(source);
        self
    }

    /// The destination, for tests.
    pub fn into_inner(self) -> D {
        self.out
    }
}

impl<D: Destination> Reporter for HtmlReporter<D> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        match event {
            Event::Started(started) => self.page.set_board(started.board),
            Event::GradeStarted(started) => self.page.set_board(started.board),
            Event::Finished(summary) => {
                if self.sections.is_empty() {
                    self.page.set_title(format!(
                        "judge: {} on {}",
                        summary.solution, summary.problem
                    ));
                }
                let id = self.page.add_summary_with(summary, &self.transcripts);
                self.transcripts.clear();
                self.summary_rows
                    .push(ScoreboardRow::from_summary(summary, Some(id)));
                self.sections.push(id);
                self.unclaimed = Some(id);
            }
            Event::GameFinished(outcome) => {
                if let Some(game) = outcome.game().filter(|g| !g.transcript.is_empty()) {
                    let coded = CodedTranscript::of(&game.transcript, self.page.board.as_ref());
                    self.transcripts.insert(game.game, coded);
                }
            }
            Event::PackageChecked(check) => self.page.set_package(check),
            Event::Verified(row) => {
                self.page
                    .add_scoreboard_row(ScoreboardRow::from_verify(row, self.unclaimed.take()));
            }
            Event::VerifyFinished(summary) => {
                self.page.set_title("judge verify");
                self.page.set_subtitle(verify_totals(summary));
            }
            Event::GradeFinished(scoreboard) => {
                self.page.set_title(match scoreboard.run.shard {
                    Some(shard) => format!("judge grade: {} (shard {shard})", scoreboard.problem),
                    None => format!("judge grade: {}", scoreboard.problem),
                });
                self.page.set_subtitle(grade_totals(scoreboard));
                let table = self.groups.as_ref().and_then(|source| source(scoreboard));
                let ranked = table
                    .as_ref()
                    .map(|table| crate::report::groups::ranked_scoreboard(scoreboard, table));
                if let Some(table) = &table {
                    self.page.set_groups(table);
                }
                let scoreboard = ranked.as_ref().unwrap_or(scoreboard);
                for row in &scoreboard.submissions {
                    let details = row
                        .graded
                        .summary()
                        .map(|summary| self.page.add_summary(summary));
                    self.page
                        .add_scoreboard_row(ScoreboardRow::from_graded(row, details));
                }
            }
            Event::Compared(comparison) => {
                if let [.., first, second] = self.sections[..] {
                    self.page.set_comparison(comparison, first, second);
                    self.page.set_title(format!(
                        "judge compare: {} vs {} on {}",
                        comparison.first.solution, comparison.second.solution, comparison.problem
                    ));
                    self.compared = true;
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        if self.page.section_count() == 0 && !self.page.has_scoreboard() {
            return Ok(());
        }
        if !self.compared && !self.page.has_scoreboard() && self.sections.len() > 1 {
            self.page.set_title("judge scoreboard");
            for row in self.summary_rows.drain(..) {
                self.page.add_scoreboard_row(row);
            }
        }
        self.page.write_to(&mut self.out)
    }
}

/// A scoreboard's totals in a line: how many submissions, and how many got each verdict.
fn grade_totals(scoreboard: &Scoreboard) -> String {
    let tally: Vec<String> = scoreboard
        .tally()
        .into_iter()
        .map(|(verdict, count)| format!("{count} {verdict}"))
        .collect();
    format!(
        "{} submission{}: {}",
        scoreboard.submissions.len(),
        if scoreboard.submissions.len() == 1 {
            ""
        } else {
            "s"
        },
        tally.join(", ")
    )
}

/// Verify's totals in a line.
fn verify_totals(summary: &VerifySummary) -> String {
    format!(
        "{} solutions: {} as their folder says, {} mismatched, {} not graded, {} warnings",
        summary.rows.len(),
        summary.rows.iter().filter(|r| r.matched()).count(),
        summary.mismatches,
        summary.not_graded,
        summary.warnings
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::fixtures;
    use judge_engine::grade::games::PairedGame;
    use judge_engine::interact::TranscriptLine;

    fn render(events: &[Event]) -> String {
        let mut reporter = HtmlReporter::new(Vec::new());
        for event in events {
            reporter.report(event).unwrap();
        }
        reporter.finish().unwrap();
        String::from_utf8(reporter.into_inner()).unwrap()
    }

    #[test]
    fn the_data_of_a_failing_test_with_its_first_difference() {
        let summary = fixtures::batch_summary();
        let failing = summary.first_failure().unwrap();
        insta::assert_snapshot!(markup::json_block(
            "sub-0-run-2",
            &run_data::TestData::new(failing, failing.test().unwrap())
        ));
    }

    #[test]
    fn the_data_of_a_game_with_its_rounds_coded() {
        let line = |sent: &str, reply: &str| TranscriptLine {
            sent: sent.into(),
            reply: Some(reply.into()),
        };
        let mut game = fixtures::games_summary().outcomes[2].clone();
        if let Some(detail) = game.game_mut() {
            detail.transcript = vec![line("6", "LEFT"), line("11", "UP"), line("10", "SIDEWAYS")];
        }
        let board = fixtures::games_started().board;
        insta::assert_snapshot!(markup::json_block(
            "sub-0-run-2",
            &run_data::GameData::new(&game, board.as_ref(), "ai.cpp", "boj28489")
        ));
    }

    #[test]
    fn the_section_of_a_batch_grading() {
        insta::assert_snapshot!(sections::batch(
            SectionId(0),
            &fixtures::batch_summary(),
            &BTreeMap::new()
        ));
    }

    #[test]
    fn the_group_table_as_a_heat_map() {
        let table = fixtures::group_table();
        let html = groups::section(&table);
        // A row per submission, each with a hidden row of tests per group.
        assert_eq!(html.matches("<tr class=\"submission-groups\">").count(), 4);
        assert_eq!(html.matches("<tr class=\"group-tests\"").count(), 4 * 6);
        // Cells coloured by their fraction of the points: all, none, some.
        assert!(
            html.contains("data-cell=\"0-1\" data-top=\"1\" style=\"background:hsl(120,70%,82%)\"")
        );
        assert!(html.contains("class=\"gcell near\" data-cell=\"2-2\" data-top=\"2\" style=\"background:hsl(0,70%,82%)\""));
        assert!(
            html.contains("data-cell=\"2-3\" data-top=\"3\" style=\"background:hsl(48,70%,82%)\"")
        );
        // The nested groups start folded.
        assert_eq!(
            html.matches("<th class=\"nested\" hidden data-top=\"3\"")
                .count(),
            2
        );
        insta::assert_snapshot!(html);
        let mut page = HtmlPage::new("judge grade: grouptable");
        page.set_groups(&table);
        let page = page.render();
        assert!(page.contains("<section id=\"groups\">"));
        for outside in ["src=", "href=\"http", "@import", "url("] {
            assert!(!page.contains(outside), "the page refers to {outside}");
        }
    }

    #[test]
    fn a_scored_grade_ranks_its_scoreboard_and_shows_the_group_table() {
        let scoreboard = fixtures::scoreboard();
        let table = fixtures::group_table_of_scoreboard(&scoreboard);
        let names: Vec<&str> = scoreboard
            .submissions
            .iter()
            .map(|r| r.name.as_str())
            .collect();
        let mut reporter = HtmlReporter::new(Vec::new())
            .with_groups(Box::new(move |_: &Scoreboard| Some(table.clone())));
        reporter.report(&Event::GradeFinished(&scoreboard)).unwrap();
        reporter.finish().unwrap();
        let page = String::from_utf8(reporter.into_inner()).unwrap();
        let board = page.split("</section>").next().unwrap();
        // The last by name scores most and comes first.
        let first = board
            .find(&format!(">{}</a>", names[names.len() - 1]))
            .unwrap();
        let second = board
            .find(&format!(">{}</a>", names[names.len() - 3]))
            .unwrap();
        assert!(first < second, "{board}");
        assert!(page.contains("<section id=\"groups\">"));
        assert!(page.contains("<td class=\"total\">100 AC</td>"));
    }

    #[test]
    fn a_page_is_whole_and_self_contained() {
        let summary = fixtures::games_summary();
        let started = fixtures::games_started();
        let page = render(&[Event::Started(&started), Event::Finished(&summary)]);
        assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
        assert!(page.contains("<title>judge: ai.cpp on boj28489</title>"));
        assert!(page.contains("class=\"replayer\""));
        assert_eq!(page.matches("type=\"application/json\"").count(), 3);
        // Nothing is fetched when the page opens.
        for outside in ["src=", "href=\"http", "@import", "url("] {
            assert!(!page.contains(outside), "the page refers to {outside}");
        }
    }

    #[test]
    fn a_games_board_is_drawn_by_its_problems_view_alone() {
        // The report's own script and style know no game: no 2048 rules, no tiles.
        for own in [SCRIPT, STYLE] {
            assert!(!own.contains("2048") && !own.contains("slide"), "{own}");
        }
        let summary = fixtures::games_summary();
        let started = fixtures::games_started();
        let board = started.board.expect("boj28489's view draws a board");
        // Told with the grading's start, the view's board: its script and style, once.
        let page = render(&[
            Event::Started(&started),
            Event::Finished(&summary),
            Event::Started(&started),
            Event::Finished(&summary),
        ]);
        assert_eq!(page.matches(board.script).count(), 1);
        assert_eq!(page.matches(board.style).count(), 1);
        assert!(page.contains("class=\"board\" data-board=\"2048\""));
        assert!(
            page.find(board.script) < page.find(SCRIPT),
            "the board registers first"
        );
        // A problem whose view gives none: the games without a replayer.
        let page = render(&[Event::Finished(&summary)]);
        assert!(!page.contains("class=\"replayer\""));
        assert!(!page.contains(board.script));
    }

    #[test]
    fn a_compile_error_shows_the_compilers_message_and_no_charts() {
        let summary = fixtures::compile_error_summary();
        let page = render(&[Event::Finished(&summary)]);
        assert!(page.contains("compiler says"));
        assert!(page.contains("expected &#39;;&#39; before &#39;printf&#39;"));
        assert!(!page.contains("<svg"));
    }

    #[test]
    fn verify_rows_become_a_scoreboard_linking_to_each_solution() {
        let summary = fixtures::batch_summary();
        let verify = fixtures::verify_summary();
        let page = render(&[
            Event::Finished(&summary),
            Event::Verified(&verify.rows[0]),
            Event::Finished(&summary),
            Event::Verified(&verify.rows[1]),
            // Not graded: no section of its own.
            Event::Verified(&verify.rows[2]),
            Event::VerifyFinished(&verify),
        ]);
        assert!(page.contains("<title>judge verify</title>"));
        let board = page.split("</section>").next().unwrap();
        assert_eq!(board.matches("<tr").count(), 4, "a header and three rows");
        assert!(board.contains("<a href=\"#sub-0\">solutions/boj12100/accepted/dfs.cpp</a>"));
        assert!(board.contains("<a href=\"#sub-1\">"));
        assert!(board.contains("MISMATCH"));
        assert_eq!(board.matches("class=\"flagged\"").count(), 2);
        assert!(board.contains("cannot start the compiler"));
    }

    #[test]
    fn games_keep_the_transcripts_reported_as_they_finished() {
        // A grading reports each game with its transcript, then drops it: the summary it
        // finishes with holds none.
        let played = fixtures::games_summary();
        let mut finished = played.clone();
        for game in finished.outcomes.iter_mut().filter_map(|g| g.game_mut()) {
            game.transcript.clear();
        }
        let mut events: Vec<Event> = played.outcomes.iter().map(Event::GameFinished).collect();
        events.push(Event::Finished(&finished));
        let page = render(&events);
        // Each game's rounds: cell 0 is not 1 to 16, so both rounds are kept as sent.
        assert_eq!(
            page.matches(r#""tail":[["0 0 2","UP"],["1 3 2","LEFT"]]"#)
                .count(),
            3,
            "{page}"
        );
        // Without the events, the games have no rounds to replay.
        let bare = render(&[Event::Finished(&finished)]);
        assert_eq!(bare.matches(r#""rounds":"","tail":[]"#).count(), 3);
    }

    #[test]
    fn a_grade_scoreboard_links_each_graded_submission() {
        let scoreboard = fixtures::scoreboard();
        let page = render(&[
            Event::GradeStarted(&fixtures::grade_started(&scoreboard)),
            Event::SubmissionGraded(&scoreboard.submissions[0]),
            Event::GradeFinished(&scoreboard),
        ]);
        assert!(page.contains("<title>judge grade: boj12100</title>"));
        assert!(page.contains("5 submissions: 2 AC, 1 WA, 1 CE, 1 not graded"));
        let board = page.split("</section>").next().unwrap();
        assert_eq!(board.matches("<tr").count(), 6, "a header and five rows");
        // Four were graded, each with a section; the one not graded has none, and says why.
        assert_eq!(page.matches("<section class=\"submission\"").count(), 4);
        assert!(board.contains("<a href=\"#sub-0\">class/alice/main.cpp</a>"));
        assert!(board.contains("<a href=\"#sub-3\">class/erin.cpp</a>"));
        assert_eq!(board.matches("class=\"flagged\"").count(), 1);
        assert!(board.contains("a multi-file Python 3 submission is not supported"));
        // Why a graded one is not accepted: the checker's message, the compiler's first line.
        assert!(board.contains("expected &quot;16&quot;, received &quot;32&quot;"));
        assert!(board.contains("expected &#39;;&#39; before &#39;printf&#39;"));
    }

    #[test]
    fn a_scoreboard_of_one_problem_has_languages_and_mean_cpu_but_no_problem_column() {
        let scoreboard = fixtures::scoreboard();
        let page = render(&[
            Event::GradeStarted(&fixtures::grade_started(&scoreboard)),
            Event::GradeFinished(&scoreboard),
        ]);
        let board = page.split("</section>").next().unwrap();
        let header = board.split("</thead>").next().unwrap();
        assert!(!header.contains("<th>problem</th>"), "{header}");
        assert!(header.contains("<th>language</th>"), "{header}");
        assert!(header.contains("mean CPU ms</th>"), "{header}");
        assert!(
            board.contains("<td class=\"language\">C++17 (g++)</td>"),
            "{board}"
        );
        // The fixture's batch rows ran tests of 1, 4 and 2 ms: a mean of 2.3.
        assert!(board.contains("<td class=\"num\">2.3</td>"), "{board}");
        assert!(
            board.contains("<td class=\"result\">2/37 tests passed</td>"),
            "{board}"
        );
        // Of two problems, each row says its own.
        let batch = fixtures::batch_summary();
        let games = fixtures::games_summary();
        let page = HtmlPage::scoreboard("judge grade", [&batch, &games]).render();
        let board = page.split("</section>").next().unwrap();
        assert!(board.contains("<th>problem</th>"), "{board}");
        assert!(board.contains("<td>boj28489</td>"), "{board}");
        // "31/31 tests passed" stays on one line.
        let css = include_str!("assets/report.css");
        assert!(css.contains("td.result, td.language { white-space: nowrap; }"));
    }

    #[test]
    fn summaries_without_checks_make_a_scoreboard() {
        let batch = fixtures::batch_summary();
        let games = fixtures::games_summary();
        let page = HtmlPage::scoreboard("judge grade", [&batch, &games]).render();
        assert!(page.contains("id=\"scoreboard\""));
        assert!(page.contains("2/37 tests passed"));
        assert!(page.contains("mean score 2133.3 over 3 games"));
        assert!(page.contains("id=\"sub-1\" data-kind=\"games\""));
        // The reporter makes the same board when it is told of several gradings.
        let told = render(&[Event::Finished(&batch), Event::Finished(&games)]);
        assert!(told.contains("<title>judge scoreboard</title>"));
        assert!(told.contains("<a href=\"#sub-1\">ai.cpp</a>"));
    }

    #[test]
    fn a_comparison_links_both_players_games() {
        let first = fixtures::games_summary();
        let second = fixtures::games_summary();
        let games: Vec<PairedGame> = first
            .outcomes
            .iter()
            .filter_map(|g| Some((g, g.game()?)))
            .map(|(g, detail)| PairedGame {
                game: detail.game,
                first_score: detail.score,
                second_score: detail.score * 2,
                first_verdict: g.verdict_detail.clone(),
                second_verdict: g.verdict_detail.clone(),
            })
            .collect();
        let comparison = Comparison {
            problem: "boj28489".into(),
            first: first.clone(),
            second: second.clone(),
            games,
            mean_difference: 2133.3,
            half_width: 2000.0,
            difference: judge_core::stats::Difference::of(2133.3, 2000.0),
        };
        let page = render(&[
            Event::Finished(&first),
            Event::Finished(&second),
            Event::Compared(&comparison),
        ]);
        assert!(page.contains("id=\"comparison-differences\""));
        assert!(page.contains("href=\"#sub=1&amp;run=2\""));
        assert!(page.contains("the second is better"));
        assert!(!page.contains("id=\"scoreboard\""));
    }
}
