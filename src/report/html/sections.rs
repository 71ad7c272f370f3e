//! The markup of the report's sections: one per submission (a batch grading's tests, or an
//! interactive grading's games with the replayer), the comparison of two submissions, and the
//! scoreboard. The tables are written out in full (they read without the script); the data of
//! each run goes into its own JSON block, parsed only when the run is opened.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

use super::charts::{self, Strip};
use super::markup::{self, escape, json_block};
use super::run_data::{CodedTranscript, GameData, TestData};
use super::{ScoreboardRow, SectionId};
use crate::report::verify::{package_check_lines, CheckLine};
use judge_core::problems::PageBoard;
use judge_core::stats::Difference;
use judge_core::verdict::Verdict;
use judge_engine::grade::games::Comparison;
use judge_engine::grade::outcome::{GameDetail, Outcome, RunSummary, Visual};
use judge_engine::grade::package::PackageCheck;
use judge_engine::grade::AppliedLimits;

/// The CSS class of a verdict's colour.
fn verdict_class(verdict: &Verdict) -> String {
    format!("v-{}", verdict.code())
}

/// A verdict as a coloured badge, with its detail (`RE (SIGSEGV)`).
fn badge(verdict: &Verdict, text: &str) -> String {
    format!(
        r#"<span class="verdict {}">{}</span>"#,
        verdict_class(verdict),
        escape(text)
    )
}

fn mib(kib: u64) -> String {
    format!("{:.1}", kib as f64 / 1024.0)
}

/// One `<dt>`/`<dd>` pair of a section's facts.
fn fact(out: &mut String, term: &str, value_html: &str) {
    let _ = write!(
        out,
        "<div><dt>{}</dt><dd>{value_html}</dd></div>",
        escape(term)
    );
}

fn limits_text(limits: &AppliedLimits) -> String {
    format!(
        "CPU {} ms · wall {} ms · memory {:.0} MiB · output {:.0} MiB",
        limits.cpu_ms,
        limits.wall_ms,
        limits.memory_kib as f64 / 1024.0,
        limits.output_kib as f64 / 1024.0
    )
}

/// What every submission's section opens with: the element (with the run the page opens at
/// first, if any), the heading with the verdict and the submission, and the start of its facts.
struct SectionStart<'a> {
    id: SectionId,
    /// `tests` or `games`.
    kind: &'a str,
    open_first: Option<usize>,
    verdict: &'a Verdict,
    solution: &'a str,
    problem: &'a str,
    language: &'a str,
}

impl SectionStart<'_> {
    fn markup(&self) -> String {
        format!(
            "<section class=\"submission\" id=\"{anchor}\" data-kind=\"{}\"{}>\n\
             <h2>{} {} <small>{} · {}</small></h2>\n\
             <p class=\"anchor\"><a href=\"#{anchor}\">#</a></p>\n<dl class=\"facts\">",
            self.kind,
            self.open_first
                .map(|run| format!(" data-open-first=\"{run}\""))
                .unwrap_or_default(),
            badge(self.verdict, &self.verdict.describe()),
            escape(self.solution),
            escape(self.problem),
            escape(self.language),
            anchor = self.id.anchor(),
        )
    }
}

/// The buttons that filter a table's rows by verdict, with the count of each.
fn filter<'a>(verdicts: impl Iterator<Item = &'a Verdict>) -> String {
    let mut counts: Vec<(&'static str, usize)> = Vec::new();
    let mut total = 0;
    for verdict in verdicts {
        total += 1;
        match counts.iter_mut().find(|(code, _)| *code == verdict.code()) {
            Some((_, count)) => *count += 1,
            None => counts.push((verdict.code(), 1)),
        }
    }
    let mut out =
        String::from("<div class=\"filter\" role=\"group\" aria-label=\"show by verdict\">");
    let _ = write!(
        out,
        r#"<button type="button" class="on" data-verdict="">all {total}</button>"#
    );
    for (code, count) in counts {
        let _ = write!(
            out,
            r#"<button type="button" class="v-{code}" data-verdict="{code}">{code} {count}</button>"#
        );
    }
    out.push_str("</div>\n");
    out
}

/// The facts every grading has (its limits, the sandbox, the seed), then the compiler's message
/// when there is one.
fn grading_facts(
    out: &mut String,
    limits_term: &str,
    limits: &AppliedLimits,
    protections: &[String],
    seed: u64,
    compile_message: Option<&str>,
) {
    fact(out, limits_term, &escape(&limits_text(limits)));
    if !protections.is_empty() {
        fact(out, "sandbox", &escape(&protections.join(", ")));
    }
    fact(out, "seed", &seed.to_string());
    out.push_str("</dl>\n");
    if let Some(message) = compile_message {
        let _ = writeln!(
            out,
            "<h3>compiler says</h3><pre class=\"compile\">{}</pre>",
            escape(message)
        );
    }
}

/// Strips of CPU time, wall time and peak memory (KiB) of each run against the limits.
fn resource_strips(limits: &AppliedLimits, runs: &[(u64, u64, u64)]) -> [Strip<'static>; 3] {
    [
        Strip {
            title: "CPU time",
            values: runs.iter().map(|r| r.0).collect(),
            limit: Some(limits.cpu_ms),
            format: charts::milliseconds,
        },
        Strip {
            title: "wall time",
            values: runs.iter().map(|r| r.1).collect(),
            limit: Some(limits.wall_ms),
            format: charts::milliseconds,
        },
        Strip {
            title: "peak memory",
            values: runs.iter().map(|r| r.2).collect(),
            limit: Some(limits.memory_kib),
            format: charts::kib_as_mib,
        },
    ]
}

/// The table of runs (scrolling when long) with these column headers.
fn runs_table(headers: &[&str], rows: Vec<String>) -> String {
    let mut out = String::from("<div class=\"runs-wrap\"><table class=\"runs\"><thead><tr>");
    for header in headers {
        let _ = write!(out, "<th>{}</th>", escape(header));
    }
    out.push_str("</tr></thead><tbody>\n");
    out += &table_rows(rows);
    out.push_str("</tbody></table></div>\n");
    out
}

/// Rows shown as the page is read; the rest wait in a template for the script to put in place.
const LIVE_ROWS: usize = 100;

/// A table's rows: the first [`LIVE_ROWS`] as they are, the others inside a `<template>` that
/// the script moves into the table. A browser lays out a long table again and again while it
/// reads it; a template's rows arrive at once (a table of 1000 games is ready several times
/// sooner).
fn table_rows(rows: Vec<String>) -> String {
    let mut out = String::new();
    for (index, row) in rows.into_iter().enumerate() {
        if index == LIVE_ROWS {
            out.push_str("<template class=\"more-rows\">");
        }
        out += &row;
        out.push('\n');
    }
    if out.contains("<template") {
        out.push_str("</template>");
    }
    out
}

/// The section of a batch grading: facts, resource strips, the tests with a filter, the detail
/// panel (filled by the script) and each test's data.
/// `visuals` are the tests that have an image in the package's section (an input
/// visualizer's), each by the number of its figure there: a test's row links to its image.
pub fn batch(id: SectionId, summary: &RunSummary, visuals: &BTreeMap<String, usize>) -> String {
    let mut out = SectionStart {
        id,
        kind: "tests",
        open_first: summary
            .outcomes
            .iter()
            .position(|t| !t.verdict.is_accepted()),
        verdict: &summary.verdict,
        solution: &summary.solution,
        problem: &summary.problem,
        language: &summary.language,
    }
    .markup();
    let not_run = summary.units_planned().saturating_sub(summary.units_run());
    fact(
        &mut out,
        "result",
        &format!(
            "{} · {}/{} tests passed{}",
            badge(&summary.verdict, &summary.verdict.describe()),
            summary.passed(),
            summary.units_planned(),
            if not_run > 0 {
                format!(
                    ", {not_run} not run (it stops at the first failure; --all runs every test)"
                )
            } else {
                String::new()
            }
        ),
    );
    grading_facts(
        &mut out,
        "limits",
        &summary.limits,
        &summary.protections,
        summary.seed,
        summary.compile_message.as_deref(),
    );
    if !summary.outcomes.is_empty() {
        out.push_str("<div class=\"charts\">");
        let resources: Vec<_> = summary
            .outcomes
            .iter()
            .map(|t| (t.cpu_ms, t.wall_ms, t.peak_kib))
            .collect();
        out += &charts::strips(
            &format!("{}-resources", id.anchor()),
            summary.outcomes.len(),
            &resource_strips(&summary.limits, &resources),
        );
        out.push_str("</div>\n");
        out += &filter(summary.outcomes.iter().map(|t| &t.verdict));
        let mut rows = Vec::with_capacity(summary.outcomes.len());
        for (run, test) in summary.outcomes.iter().enumerate() {
            let name = test.name();
            let visual = match visuals.get(&name) {
                Some(figure) => format!(
                    " <a class=\"visual-link\" href=\"#visual-{figure}\" title=\"the input visualizer's image of this test\">image</a>"
                ),
                None => String::new(),
            };
            rows.push(format!(
                "<tr class=\"run\" data-run=\"{run}\" data-verdict=\"{}\" tabindex=\"0\"><td>{}{visual}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"message\">{}</td></tr>",
                test.verdict.code(),
                escape(&name),
                badge(&test.verdict, &test.verdict_detail),
                test.cpu_ms,
                test.wall_ms,
                mib(test.peak_kib),
                escape(test.message.as_deref().unwrap_or(""))
            ));
        }
        out += &runs_table(
            &[
                "test", "verdict", "CPU ms", "wall ms", "peak MiB", "message",
            ],
            rows,
        );
        out.push_str("<div class=\"detail\" hidden></div>\n");
        out += &output_visuals(&summary.outcomes);
        for (run, outcome) in summary.outcomes.iter().enumerate() {
            if let Some(test) = outcome.test() {
                out += &json_block(&id.run_data(run), &TestData::new(outcome, test));
            }
        }
    }
    out.push_str("</section>\n");
    out
}

/// The output visualizer's images of a submission's tests, each captioned with its test (and
/// pass) and its file, every image of a run in the order the format shows them, and
/// why it left none where it left none (a warning, never a verdict); empty when it did not run.
fn output_visuals(outcomes: &[Outcome]) -> String {
    let (mut images, mut warnings) = (String::new(), String::new());
    for outcome in outcomes {
        let Some(test) = outcome.test() else {
            continue;
        };
        for visual in &test.visual {
            match visual {
                Visual::Image { file, image, pass } => {
                    let caption = match pass {
                        Some(pass) => format!("{} (pass {pass})", test.name),
                        None => test.name.clone(),
                    };
                    // The file names which of a run's images it is (judgeimage or
                    // teamimage, one of several numbered ones).
                    let _ = write!(
                        images,
                        "<figure>{}<figcaption>{} <code>{}</code></figcaption></figure>",
                        markup::image(file, image, &caption),
                        escape(&caption),
                        escape(file)
                    );
                }
                Visual::Warning(why) => {
                    let _ = write!(
                        warnings,
                        "<li>output visualizer on {}: {}</li>",
                        escape(&test.name),
                        escape(why)
                    );
                }
            }
        }
    }
    let mut out = String::new();
    if !images.is_empty() {
        let _ = write!(
            out,
            "<h4>output visualizer</h4>\n<div class=\"visuals\">{images}</div>\n"
        );
    }
    if !warnings.is_empty() {
        let _ = writeln!(out, "<ul class=\"warnings\">{warnings}</ul>");
    }
    out
}

/// The score distribution: how many games ended at each power of two.
fn score_columns(
    games: &[(&Outcome, &GameDetail)],
    accept_mean_score: f64,
) -> Vec<(String, u64, bool)> {
    let bucket = |score: u64| 63 - score.max(1).leading_zeros();
    let (Some(low), Some(high)) = (
        games.iter().map(|(_, g)| bucket(g.score)).min(),
        games.iter().map(|(_, g)| bucket(g.score)).max(),
    ) else {
        return Vec::new();
    };
    (low..=high)
        .map(|power| {
            let value = 1u64 << power;
            let count = games
                .iter()
                .filter(|(_, g)| bucket(g.score) == power)
                .count();
            (
                value.to_string(),
                count as u64,
                value as f64 >= accept_mean_score,
            )
        })
        .collect()
}

/// The section of an interactive grading: facts and score statistics, the charts, the games
/// with a filter, the replayer (when the problem's view gives its `board`: filled by the
/// board's script and the report's) and each game's data. A game whose outcome holds no
/// transcript takes the one `kept` holds for its game number, if any.
pub fn games(
    id: SectionId,
    summary: &RunSummary,
    kept: &HashMap<u64, CodedTranscript>,
    board: Option<&PageBoard>,
) -> String {
    let games: Vec<(&Outcome, &GameDetail)> = summary
        .outcomes
        .iter()
        .filter_map(|g| Some((g, g.game()?)))
        .collect();
    // A run of tests has no score statistics: it gets the section of tests.
    let Some((stats, accept_mean_score, _)) = summary.score_stats() else {
        return batch(id, summary, &BTreeMap::new());
    };
    let mut out = SectionStart {
        id,
        kind: "games",
        // The replayer opens on the first failed game, else on the game with the lowest score.
        open_first: games
            .iter()
            .position(|(g, _)| !g.verdict.is_accepted())
            .or_else(|| (0..games.len()).min_by_key(|&run| games[run].1.score))
            .filter(|_| board.is_some()),
        verdict: &summary.verdict,
        solution: &summary.solution,
        problem: &summary.problem,
        language: &summary.language,
    }
    .markup();
    fact(
        &mut out,
        "result",
        &format!(
            "{}{}",
            badge(&summary.verdict, &summary.verdict.describe()),
            summary
                .reason()
                .map(|r| format!(" · {}", escape(r)))
                .unwrap_or_default()
        ),
    );
    if !games.is_empty() {
        fact(
            &mut out,
            "scores",
            &escape(&format!(
                "{} games: mean {:.1}{} (needed {}), median {:.1}, min {}, max {}, standard deviation {:.1}",
                games.len(),
                stats.mean,
                match stats.mean_half_width_95.is_finite() {
                    true => format!(" ± {:.1} (95% confidence)", stats.mean_half_width_95),
                    false => String::new(),
                },
                accept_mean_score,
                stats.median,
                stats.min,
                stats.max,
                stats.standard_deviation
            )),
        );
    }
    grading_facts(
        &mut out,
        "limits per game",
        &summary.limits,
        &summary.protections,
        summary.seed,
        summary.compile_message.as_deref(),
    );
    if games.is_empty() {
        out.push_str("</section>\n");
        return out;
    }
    let anchor = id.anchor();
    out.push_str("<div class=\"charts two\">");
    out += &charts::columns(
        &format!("{anchor}-scores"),
        "games by final score",
        &score_columns(&games, accept_mean_score),
    );
    let total = games.len();
    let reached: Vec<(String, u64, bool)> = stats
        .reached
        .iter()
        .map(|&(tile, count)| {
            (
                format!("{tile} ({:.0}%)", count as f64 * 100.0 / total as f64),
                count as u64,
                true,
            )
        })
        .collect();
    out += &charts::columns(&format!("{anchor}-milestones"), "games reaching", &reached);
    out.push_str("</div>\n<div class=\"charts\">");
    let mut strips = vec![Strip {
        title: "moves",
        values: games.iter().map(|(_, g)| g.moves).collect(),
        limit: None,
        format: charts::count,
    }];
    let resources: Vec<_> = games
        .iter()
        .map(|(g, _)| (g.cpu_ms, g.wall_ms, g.peak_kib))
        .collect();
    strips.extend(resource_strips(&summary.limits, &resources));
    out += &charts::strips(&format!("{anchor}-resources"), games.len(), &strips);
    out.push_str("</div>\n");
    out += &filter(games.iter().map(|(g, _)| &g.verdict));
    let mut rows = Vec::with_capacity(games.len());
    for (run, (outcome, game)) in games.iter().enumerate() {
        rows.push(format!(
            "<tr class=\"run\" data-run=\"{run}\" data-verdict=\"{}\" tabindex=\"0\"><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"message\">{}</td></tr>",
            outcome.verdict.code(),
            game.game,
            game.score,
            game.moves,
            badge(&outcome.verdict, &outcome.verdict_detail),
            outcome.cpu_ms,
            outcome.wall_ms,
            mib(outcome.peak_kib),
            escape(outcome.message.as_deref().unwrap_or(""))
        ));
    }
    out += &runs_table(
        &[
            "game", "score", "moves", "verdict", "CPU ms", "wall ms", "peak MiB", "message",
        ],
        rows,
    );
    if let Some(board) = board {
        out.push_str(&REPLAYER.replace("{board}", &escape(board.name)));
    } else {
        out.push_str("<div class=\"detail\" hidden></div>\n");
    }
    for (run, (outcome, game)) in games.iter().enumerate() {
        let transcript = match kept.get(&game.game) {
            Some(coded) if game.transcript.is_empty() => coded.clone(),
            _ => CodedTranscript::of(&game.transcript, board),
        };
        out += &json_block(
            &id.run_data(run),
            &GameData::coded(
                outcome,
                game,
                transcript,
                &summary.solution,
                &summary.problem,
            ),
        );
    }
    out.push_str("</section>\n");
    out
}

/// The replayer's controls; the board's script (`{board}`, see `PageBoard`) draws the board,
/// the report's keeps them in step.
const REPLAYER: &str = r#"<div class="replayer" hidden>
<h3 class="replay-title"></h3>
<div class="replay-body">
<div class="board" data-board="{board}" role="img" aria-label="the board"></div>
<div class="replay-side">
<p class="caption" aria-live="polite"></p>
<div class="controls">
<button type="button" data-action="first" title="first position (Home)">first</button>
<button type="button" data-action="back" title="one step back (left arrow)">&#x25C0; back</button>
<button type="button" data-action="play" title="play or pause (space)">play</button>
<button type="button" data-action="forward" title="one step forward (right arrow)">forward &#x25B6;</button>
<button type="button" data-action="last" title="final position (End)">last</button>
</div>
<div class="controls">
<label>speed <select class="speed">
<option value="1">1 step/s</option><option value="4">4 steps/s</option><option value="10" selected>10 steps/s</option><option value="30">30 steps/s</option><option value="100">100 steps/s</option>
</select></label>
<label>move <input class="jump" type="number" min="0" value="0"></label>
</div>
<input class="scrub" type="range" min="0" value="0" aria-label="step">
<p class="step-count"></p>
<p class="final"></p>
<p class="command"></p>
</div>
</div>
</div>
"#;

/// The comparison of two submissions over the same games: both means, the mean difference
/// with its interval, the differences drawn per game, and the paired table (each score opens
/// that game's replay).
pub fn comparison(comparison: &Comparison, first: SectionId, second: SectionId) -> String {
    let mut out =
        String::from("<section id=\"comparison\">\n<h2>comparison</h2>\n<dl class=\"facts\">");
    for (term, id, summary) in [
        ("first", first, &comparison.first),
        ("second", second, &comparison.second),
    ] {
        fact(
            &mut out,
            term,
            &format!(
                "<a href=\"#{}\">{}</a> · mean {:.1} · {}",
                id.anchor(),
                escape(&summary.solution),
                summary.stats().map_or(0.0, |s| s.mean),
                badge(&summary.verdict, &summary.verdict.describe())
            ),
        );
    }
    let (mean, half) = (comparison.mean_difference, comparison.half_width);
    fact(
        &mut out,
        "second - first",
        &escape(&if half.is_finite() {
            format!(
                "mean {mean:+.1}, 95% confidence interval [{:+.1}, {:+.1}] over {} paired games{}",
                mean - half,
                mean + half,
                comparison.games.len(),
                match comparison.difference {
                    Difference::SecondBetter => ": the second is better",
                    Difference::FirstBetter => ": the first is better",
                    Difference::NotSignificant => ": no clear difference",
                }
            )
        } else {
            format!(
                "mean {mean:+.1} over {} paired game(s)",
                comparison.games.len()
            )
        }),
    );
    out.push_str("</dl>\n<div class=\"charts\">");
    let differences: Vec<(u64, f64)> = comparison
        .games
        .iter()
        .map(|g| (g.game, g.difference()))
        .collect();
    out += &charts::differences("comparison-differences", &differences, mean, half);
    out.push_str("</div>\n<table class=\"paired\"><thead><tr><th>game</th><th>first</th><th>second</th><th>difference</th><th>verdicts</th></tr></thead><tbody>\n");
    for (run, game) in comparison.games.iter().enumerate() {
        let difference = game.difference();
        let _ = writeln!(
            out,
            "<tr><td class=\"num\">{}</td><td class=\"num\"><a href=\"#sub={}&amp;run={run}\">{}</a></td><td class=\"num\"><a href=\"#sub={}&amp;run={run}\">{}</a></td><td class=\"num {}\">{difference:+}</td><td>{} / {}</td></tr>",
            game.game,
            first.0,
            game.first_score,
            second.0,
            game.second_score,
            if difference >= 0.0 { "gain" } else { "loss" },
            escape(&game.first_verdict),
            escape(&game.second_verdict)
        );
    }
    out.push_str("</tbody></table>\n</section>\n");
    out
}

/// A package's own checks, line by line as the terminal gives them; a refusal in a failure's
/// colour.
pub fn package(check: &PackageCheck) -> String {
    let mut out = format!(
        "<section id=\"package\">\n<h2>package {}</h2>\n<ul class=\"checks\">\n",
        escape(&check.problem)
    );
    for (kind, line) in package_check_lines(check) {
        let line = match kind {
            CheckLine::Invalid => badge(&Verdict::WrongAnswer, &line),
            _ => escape(&line),
        };
        let _ = writeln!(out, "<li>{line}</li>");
    }
    out.push_str("</ul>\n");
    // Each test's image from the input visualizer, beside the test's name.
    if !check.images.is_empty() {
        out.push_str("<h3>input visualizer</h3>\n<div class=\"visuals\">\n");
        for (figure, visual) in check.images.iter().enumerate() {
            let _ = writeln!(
                out,
                "<figure id=\"visual-{figure}\">{}<figcaption>{}</figcaption></figure>",
                markup::image(&visual.file, &visual.image, &visual.test),
                escape(&visual.test)
            );
        }
        out.push_str("</div>\n");
    }
    out.push_str("</section>\n");
    out
}

/// The scoreboard: a row per submission, each linking to its section; the problem column
/// only when the rows are of several problems, the language column only when one is known.
pub fn scoreboard(rows: &[ScoreboardRow]) -> String {
    let problems: std::collections::BTreeSet<&str> = rows
        .iter()
        .map(|r| r.problem.as_str())
        .filter(|p| !p.is_empty())
        .collect();
    let problem_column = problems.len() > 1;
    let language_column = rows.iter().any(|r| !r.language.is_empty());
    let mean_column = rows.iter().any(|r| r.mean_cpu_ms.is_some());
    let mut out = String::from(
        "<section id=\"scoreboard\">\n<h2>scoreboard</h2>\n<table class=\"scoreboard\"><thead><tr>\
         <th>submission</th>",
    );
    if problem_column {
        out.push_str("<th>problem</th>");
    }
    if language_column {
        out.push_str("<th>language</th>");
    }
    out.push_str("<th>verdict</th><th>result</th>");
    if mean_column {
        out.push_str(
            "<th title=\"the mean CPU time of the tests or games that ran\">mean CPU ms</th>",
        );
    }
    out.push_str("<th>max CPU ms</th><th>max peak MiB</th><th>note</th></tr></thead><tbody>\n");
    for row in rows {
        let name = match row.details {
            Some(id) => format!(
                "<a href=\"#{}\">{}</a>",
                id.anchor(),
                escape(&row.submission)
            ),
            None => escape(&row.submission),
        };
        let verdict = row
            .verdict
            .map(|v| badge(&v, &v.describe()))
            .unwrap_or_else(|| "<span class=\"verdict v-none\">-</span>".into());
        let problem = match problem_column {
            true => format!("<td>{}</td>", escape(&row.problem)),
            false => String::new(),
        };
        let language = match language_column {
            true => format!("<td class=\"language\">{}</td>", escape(&row.language)),
            false => String::new(),
        };
        let mean = match mean_column {
            true => format!(
                "<td class=\"num\">{}</td>",
                row.mean_cpu_ms
                    .map(|v| format!("{v:.1}"))
                    .unwrap_or_default()
            ),
            false => String::new(),
        };
        let _ = writeln!(
            out,
            "<tr{}><td>{name}</td>{problem}{language}<td>{verdict}</td><td class=\"result\">{}</td>{mean}<td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td></tr>",
            if row.flagged { " class=\"flagged\"" } else { "" },
            escape(&row.result),
            row.max_cpu_ms.map(|v| v.to_string()).unwrap_or_default(),
            row.max_peak_kib.map(mib).unwrap_or_default(),
            escape(row.note.as_deref().unwrap_or(""))
        );
    }
    out.push_str("</tbody></table>\n</section>\n");
    out
}
