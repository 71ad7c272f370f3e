//! Reports of interactive runs: a row per game as it finishes, then score statistics and the
//! overall verdict; the JSON report (`verdict`, `games`, `score_mean`, ...).

use serde::Serialize;

use super::table::{indent, shorten, Style};
use super::AppliedLimits;
use crate::interact::{GameOutcome, ScoreStats};
use crate::verdict::Verdict;

pub const HEADER: &str =
    "game        seed      score   moves   verdict          cpu ms   wall ms   peak MiB";

/// Everything a report of an interactive run needs.
#[derive(Debug, Clone, Serialize)]
pub struct GamesSummary {
    pub problem: String,
    pub solution: String,
    pub language: String,
    pub verdict: Verdict,
    /// Why the verdict is not AC, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub seed: u64,
    pub limits: AppliedLimits,
    pub protections: Vec<String>,
    pub accept_mean_score: f64,
    pub score_mean: f64,
    pub stats: ScoreStats,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compile_message: Option<String>,
    pub games: Vec<GameOutcome>,
}

/// One row of the games table.
pub fn row(style: &Style, game: &GameOutcome) -> String {
    let verdict = format!("{:<15}", game.verdict_detail);
    format!(
        "{:<6} {:>10} {:>10} {:>7}   {} {:>8} {:>9} {:>10.1}",
        game.game,
        game.seed,
        game.score,
        game.moves,
        style.verdict(&game.verdict, &verdict),
        game.cpu_ms,
        game.wall_ms,
        game.peak_kib as f64 / 1024.0
    )
}

/// The summary after the table.
pub fn print_summary(style: &Style, summary: &GamesSummary) {
    println!();
    let stats = &summary.stats;
    if !summary.games.is_empty() {
        println!(
            "scores: mean {:.1}, min {}, median {:.1}, max {}, standard deviation {:.1}",
            stats.mean, stats.min, stats.median, stats.max, stats.standard_deviation
        );
        let reached: Vec<String> = stats
            .reached
            .iter()
            .map(|(tile, count)| format!("{tile}: {count}"))
            .collect();
        println!("games reaching  {}", reached.join("   "));
    }
    let limits = &summary.limits;
    println!(
        "limits per game: cpu {} ms, wall {} ms, memory {:.0} MiB",
        limits.cpu_ms,
        limits.wall_ms,
        limits.memory_kib as f64 / 1024.0
    );
    if !summary.protections.is_empty() {
        println!("sandbox: {}", summary.protections.join(", "));
    }
    if let Some(message) = &summary.compile_message {
        println!("\ncompiler says:\n{}", indent(&shorten(message, 30)));
    }
    println!(
        "{} {} ({}): {}{}",
        style.bold("result"),
        summary.solution,
        summary.language,
        style.verdict(&summary.verdict, &summary.verdict.describe()),
        summary
            .reason
            .as_ref()
            .map(|r| format!("  ({r})"))
            .unwrap_or_default()
    );
    if let Some(failed) = summary.games.iter().find(|g| !g.verdict.is_accepted()) {
        println!(
            "first failing game: {} ({})",
            failed.game, failed.verdict_detail
        );
        if let Some(message) = &failed.message {
            println!("  {message}");
        }
        if !failed.stderr_head.trim().is_empty() {
            println!(
                "  standard error:\n{}",
                indent(&shorten(&failed.stderr_head, 6))
            );
        }
        println!(
            "  replay it: judge test SOLUTION --problem {} --seed {} --game {} --transcripts DIR, then judge replay DIR/game-{:02}.txt",
            summary.problem, failed.seed, failed.game, failed.game
        );
    }
}
