//! The report of `judge compare`: a line on standard error as each solution starts playing,
//! then the games side by side with their score difference, each solution's mean, and the
//! mean difference with its 95 % confidence interval and whether it is significant. Past
//! [`MAX_GAME_ROWS`] games the per-game rows are left out: the figures say it all.

use std::io::{self, Write};

use super::{Event, Reporter};
use judge_core::quote;
use judge_core::stats::Difference;
use judge_engine::grade::games::Comparison;

/// Most games shown one row each.
pub const MAX_GAME_ROWS: usize = 100;

pub struct CompareReporter<W: Write, N: Write> {
    out: W,
    note: N,
}

impl<W: Write, N: Write> CompareReporter<W, N> {
    pub fn new(out: W, note: N) -> Self {
        CompareReporter { out, note }
    }
}

fn table(comparison: &Comparison) -> String {
    let mut text = String::new();
    let rows = if comparison.games.len() <= MAX_GAME_ROWS {
        text.push_str(&format!(
            "{:<6} {:>10} {:>10} {:>10}   verdicts\n",
            "game", "first", "second", "difference"
        ));
        &comparison.games[..]
    } else {
        &[]
    };
    for game in rows {
        text.push_str(&format!(
            "{:<6} {:>10} {:>10} {:>+10}   {} / {}\n",
            game.game,
            game.first_score,
            game.second_score,
            game.difference(),
            game.first_verdict,
            game.second_verdict
        ));
    }
    let (mean, half) = (comparison.mean_difference, comparison.half_width);
    text.push_str(&format!(
        "\nfirst:  {} mean {:.1}\nsecond: {} mean {:.1}\n",
        quote::terminal(&comparison.first.solution),
        comparison.first.stats().map_or(0.0, |s| s.mean),
        quote::terminal(&comparison.second.solution),
        comparison.second.stats().map_or(0.0, |s| s.mean)
    ));
    text.push_str(&format!(
        "second - first: mean {mean:+.1}, 95% confidence interval [{:+.1}, {:+.1}] over {} paired games\n",
        mean - half,
        mean + half,
        comparison.games.len()
    ));
    text.push_str(match comparison.difference {
        Difference::SecondBetter => {
            "significant: the second scores higher (the interval lies above 0)\n"
        }
        Difference::FirstBetter => {
            "significant: the first scores higher (the interval lies below 0)\n"
        }
        Difference::NotSignificant => {
            "not significant: the interval holds 0; more games may tell them apart\n"
        }
    });
    text
}

impl<W: Write, N: Write> Reporter for CompareReporter<W, N> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        match event {
            Event::Started(started) => writeln!(
                self.note,
                "playing {} games with {}",
                started.count,
                quote::terminal(&started.solution)
            ),
            Event::Compared(comparison) => self.out.write_all(table(comparison).as_bytes()),
            _ => Ok(()),
        }
    }
}
