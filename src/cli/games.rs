//! `judge replay` (a saved game transcript, board by board) and `judge compare` (two
//! solutions of an interactive problem on the same games).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{anyhow, Result};
use clap::Args;

use judge::grade::games::{self, CompareRequest};
use judge::grade::Submission;
use judge::report::compare::CompareReporter;
use judge::report::html::HtmlReporter;
use judge::report::json::JsonReporter;
use judge::report::replay::{self, Pace};
use judge::report::Reporters;

use super::{bounded, exit, finish, load_runner, report_file, stderr, stdout};

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A transcript written by `judge test --transcripts DIR`.
    pub file: PathBuf,
    /// Wait for Enter between boards.
    #[arg(long, conflicts_with = "animate")]
    pub step: bool,
    /// Redraw the board in place every MS milliseconds.
    #[arg(long, value_name = "MS", allow_negative_numbers = true, value_parser = bounded::animation_ms)]
    pub animate: Option<u64>,
    /// Print only the final board and the score.
    #[arg(long, conflicts_with_all = ["step", "animate"])]
    pub quiet: bool,
}

/// `judge replay`.
pub fn replay(args: &ReplayArgs) -> Result<u8> {
    let text = judge::files::read_text(&args.file, judge::files::Cap::TRANSCRIPT)?;
    // The game problem's own view replays it (the header names the problem).
    let replayer = judge::problems::replayer_of_transcript(&text)
        .ok_or_else(|| anyhow!("{}: no game problem replays it", args.file.display()))?;
    let colour = anstream::AutoStream::choice(&std::io::stdout()) != anstream::ColorChoice::Never;
    let replayed = replayer
        .replay(&text, colour)
        .map_err(|e| anyhow!("{}: {e}", args.file.display()))?;
    let mut out = stdout();
    if let Err(violation) = &replayed.outcome {
        writeln!(out, "{}", replay::heading(&replayed))?;
        writeln!(out, "the transcript breaks the rules: {violation}")?;
        return Ok(exit::NOT_ACCEPTED);
    }
    let pace = match (args.quiet, args.step, args.animate) {
        (true, _, _) => Pace::Final,
        (_, true, _) => Pace::Step,
        (_, _, Some(ms)) => Pace::Animate(Duration::from_millis(ms)),
        _ => Pace::All,
    };
    replay::show(
        &replayed,
        pace,
        &mut out,
        &mut std::io::stdin().lock(),
        judge::cleanup::Stop::on_signals(),
    )?;
    Ok(exit::ACCEPTED)
}

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The first solution (the baseline): a source file or a ready executable.
    pub first: PathBuf,
    /// The second solution, played on the same seeds; differences are second minus first.
    pub second: PathBuf,
    /// The problem id or folder.
    #[arg(long)]
    pub problem: OsString,
    /// Number of games (default: the problem's).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = bounded::games)]
    pub games: Option<usize>,
    /// Master seed of the games both play (default: runner.toml's seed).
    #[arg(long, allow_negative_numbers = true, value_parser = bounded::seed)]
    pub seed: Option<u64>,
    /// Parallel runs (default: runner.toml's jobs; 0 = one per core).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = bounded::jobs)]
    pub jobs: Option<usize>,
    /// Write a JSON report here: both solutions' summaries, the paired games and the mean
    /// difference with its 95 % interval.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write a self-contained HTML report here: the paired differences, both solutions' games
    /// and a replayer for each game.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// `judge compare`.
pub fn compare(config: Option<&Path>, args: &CompareArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    let problem = judge::resolve::problem(&runner, &args.problem)?;
    let request = CompareRequest {
        runner: &runner,
        problem: &problem,
        first: Submission::new(&args.first),
        second: Submission::new(&args.second),
        seed: args.seed.unwrap_or(runner.seed),
        count: args.games,
        jobs: runner.jobs(args.jobs),
    };
    let mut reporters = Reporters::new();
    reporters.add(CompareReporter::new(stdout(), stderr()));
    if let Some(path) = &args.json {
        reporters.add(JsonReporter::new(report_file(path)?));
    }
    if let Some(path) = &args.html {
        reporters.add(HtmlReporter::new(report_file(path)?));
    }
    games::compare(&request, &mut reporters)?;
    finish(&mut reporters)?;
    Ok(exit::ACCEPTED)
}
