//! Commands for interactive problems: grading by games, replaying a transcript, and comparing
//! two solutions on the same seeds.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;

use judge::config::{InteractiveSpec, ProblemSpec, RunnerConfig};
use judge::execute;
use judge::interact::{self, GameOutcome, GamePlan};
use judge::lang::{Compiled, Prepared};
use judge::problems::InteractiveProblem;
use judge::problems::{self, boj28489, game2048::Grid};
use judge::report::games::{self, GamesSummary};
use judge::report::{self, table::Style, AppliedLimits};
use judge::verdict::Verdict;

use super::verify::Checked;
use super::{exit, load_runner, TestArgs};

/// The game side and the settings of an interactive problem.
fn interactive_parts(
    spec: &ProblemSpec,
) -> Result<(&'static dyn InteractiveProblem, &InteractiveSpec)> {
    let problem = problems::interactive_problem(&spec.id).ok_or_else(|| {
        anyhow!(
            "problem {} has no built-in interactor (is it interactive?)",
            spec.id
        )
    })?;
    let settings = spec
        .interactive
        .as_ref()
        .ok_or_else(|| anyhow!("problem {} has no [interactive] settings", spec.id))?;
    Ok((problem, settings))
}

/// What to play and how, resolved from the command line.
pub struct GamesOptions {
    pub solution: PathBuf,
    pub language: Option<String>,
    pub seed: u64,
    /// How many games of the seed (default: the problem's).
    pub count: Option<usize>,
    /// Only this game of the seed.
    pub only_game: Option<u64>,
    pub jobs: usize,
    pub time_override: Option<Duration>,
    pub memory_override: Option<u64>,
    pub stop_at_first_failure: bool,
}

/// Compiles a solution of an interactive problem and plays its games; `on_game` sees each
/// game as it finishes (after `on_start`, given the number of games). Nothing is printed here.
pub fn grade_games(
    runner: &RunnerConfig,
    spec: &ProblemSpec,
    options: &GamesOptions,
    on_start: impl FnOnce(&Prepared, usize),
    on_game: impl FnMut(&GameOutcome),
) -> Result<GamesSummary> {
    let (problem, settings) = interactive_parts(spec)?;
    let games: Vec<u64> = match options.only_game {
        Some(game) => vec![game],
        None => (0..options.count.unwrap_or(settings.games) as u64).collect(),
    };
    let (compiled, language, limits) = super::compile_with_limits(
        runner,
        spec,
        &options.solution,
        options.language.as_deref(),
        (options.time_override, options.memory_override),
    )?;
    let mut summary = GamesSummary {
        problem: spec.id.clone(),
        solution: execute::display_path(&options.solution)
            .display()
            .to_string(),
        language: language.map_or("ready binary".to_string(), |l| l.name.clone()),
        verdict: Verdict::CompileError,
        reason: None,
        seed: options.seed,
        limits: AppliedLimits::from(&limits),
        protections: Vec::new(),
        accept_mean_score: settings.accept_mean_score,
        score_mean: 0.0,
        stats: interact::score_stats(&[]),
        compile_message: None,
        games: Vec::new(),
    };
    let prepared = match compiled {
        Compiled::Failed { message, .. } => {
            summary.compile_message = Some(message);
            return Ok(summary);
        }
        Compiled::Ready(prepared) => prepared,
    };
    on_start(&prepared, games.len());
    let plan = GamePlan {
        runner,
        problem,
        solution: &prepared,
        limits,
        seed: options.seed,
        games,
        jobs: options.jobs,
        stop_at_first_failure: options.stop_at_first_failure,
    };
    let outcomes = interact::play_games(&plan, on_game)?;
    summary.protections = super::protections_of(outcomes.iter().map(|g| g.facts.as_ref()));
    let scores: Vec<u64> = outcomes.iter().map(|g| g.score).collect();
    summary.stats = interact::score_stats(&scores);
    summary.score_mean = summary.stats.mean;
    let (verdict, reason) = overall(&outcomes, summary.score_mean, settings.accept_mean_score);
    summary.verdict = verdict;
    summary.reason = reason;
    summary.games = outcomes;
    Ok(summary)
}

/// Grades a solution of an interactive problem by playing its games (`judge test`).
pub fn test(
    runner: &RunnerConfig,
    spec: &ProblemSpec,
    args: &TestArgs,
    time_override: Option<Duration>,
    memory_override: Option<u64>,
) -> Result<u8> {
    let options = GamesOptions {
        solution: args.solution.clone(),
        language: args.language.clone(),
        seed: args.seed.unwrap_or(runner.seed),
        count: args.games,
        only_game: args.game,
        jobs: super::resolve_jobs(runner, args.jobs),
        time_override,
        memory_override,
        stop_at_first_failure: false,
    };
    let style = Style::detect();
    let solution_name = execute::display_path(&args.solution).display().to_string();
    let summary = grade_games(
        runner,
        spec,
        &options,
        |prepared, count| {
            println!(
                "{} {} on {} ({}): {} game{}, seed {}, {} job{}",
                style.bold("judge"),
                solution_name,
                spec.id,
                prepared.language_name,
                count,
                if count == 1 { "" } else { "s" },
                options.seed,
                options.jobs,
                if options.jobs == 1 { "" } else { "s" },
            );
            println!("{}", style.bold(games::HEADER));
        },
        |game| {
            println!("{}", games::row(&style, game));
            let _ = std::io::stdout().flush();
        },
    )?;
    if let (Some(dir), None) = (&args.transcripts, &summary.compile_message) {
        write_transcripts(dir, &spec.id, &summary.games)?;
    }
    games::print_summary(&style, &summary);
    if let Some(path) = &args.json {
        report::json::write(path, &summary)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = &args.junit {
        report::junit::write(path, &spec.id, &report::junit::game_cases(&summary))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(if summary.verdict.is_accepted() {
        exit::ACCEPTED
    } else {
        exit::NOT_ACCEPTED
    })
}

/// The submission's verdict: the first failed game's, else WA when the mean score is too low.
fn overall(games: &[GameOutcome], mean: f64, needed: f64) -> (Verdict, Option<String>) {
    if let Some(failed) = games.iter().find(|g| !g.verdict.is_accepted()) {
        return (
            failed.verdict,
            Some(format!(
                "game {} failed: {}",
                failed.game, failed.verdict_detail
            )),
        );
    }
    if mean < needed {
        return (
            Verdict::WrongAnswer,
            Some(format!("mean score {mean:.1} is below {needed}")),
        );
    }
    (Verdict::Accepted, None)
}

fn write_transcripts(dir: &Path, problem_id: &str, games: &[GameOutcome]) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    for game in games {
        let path = dir.join(format!("game-{:02}.txt", game.game));
        std::fs::write(&path, interact::transcript_text(problem_id, game))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    eprintln!("transcripts written to {}", dir.display());
    Ok(())
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A transcript written by `judge test --transcripts DIR`.
    pub file: PathBuf,
    /// Wait for Enter between boards.
    #[arg(long, conflicts_with = "animate")]
    pub step: bool,
    /// Redraw the board in place every MS milliseconds.
    #[arg(long, value_name = "MS")]
    pub animate: Option<u64>,
    /// Print only the final board and the score.
    #[arg(long, conflicts_with_all = ["step", "animate"])]
    pub quiet: bool,
}

/// ANSI background colour for a tile value.
fn tile_colour(value: u32) -> u8 {
    const COLOURS: [u8; 17] = [
        236, 230, 223, 216, 209, 202, 196, 226, 220, 214, 208, 202, 129, 93, 57, 21, 27,
    ];
    let exponent = if value == 0 {
        0
    } else {
        value.trailing_zeros() as usize
    };
    COLOURS[exponent.min(COLOURS.len() - 1)]
}

/// The board as text, with coloured tiles when `colour` is on.
pub fn render_board(grid: &Grid, colour: bool) -> String {
    let size = grid.size;
    let mut out = String::new();
    for row in 0..size {
        for col in 0..size {
            let value = grid.get(row, col);
            let text = if value == 0 {
                ".".to_string()
            } else {
                value.to_string()
            };
            if colour {
                let fg = if value >= 8 { 15 } else { 0 };
                out.push_str(&format!(
                    "\x1b[48;5;{};38;5;{fg}m{text:^7}\x1b[0m",
                    tile_colour(value)
                ));
            } else {
                out.push_str(&format!("{text:>6}"));
            }
        }
        out.push('\n');
    }
    out
}

/// `judge replay`.
pub fn replay(args: &ReplayArgs) -> Result<u8> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let transcript =
        boj28489::parse_transcript(&text).map_err(|e| anyhow!("{}: {e}", args.file.display()))?;
    let style = Style::detect();
    println!("{}", style.bold(&format!("# {}", transcript.header)));
    let replay = match boj28489::replay(&transcript) {
        Ok(replay) => replay,
        Err(violation) => {
            println!("the transcript breaks the rules: {violation}");
            return Ok(exit::NOT_ACCEPTED);
        }
    };
    let steps = if args.quiet {
        replay.steps.last().into_iter().collect::<Vec<_>>()
    } else {
        replay.steps.iter().collect()
    };
    for step in steps {
        if let Some(ms) = args.animate {
            print!("\x1b[2J\x1b[H");
            println!("{}", style.bold(&format!("# {}", transcript.header)));
            std::thread::sleep(std::time::Duration::from_millis(ms));
        }
        println!("{}", step.caption);
        print!("{}", render_board(&step.grid, style.color));
        println!();
        if args.step {
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            if std::io::stdin().read_line(&mut line).unwrap_or(0) == 0 {
                break;
            }
        }
    }
    println!(
        "the transcript follows the rules: {} moves, score {}{}",
        replay.moves,
        replay.score,
        if transcript.ended {
            ""
        } else {
            " (the game did not end: the program stopped answering)"
        }
    );
    Ok(exit::ACCEPTED)
}

#[derive(Debug, Args)]
pub struct CompareArgs {
    pub first: PathBuf,
    pub second: PathBuf,
    #[arg(long)]
    pub problem: String,
    /// Number of games (default: the problem's).
    #[arg(long)]
    pub games: Option<usize>,
    #[arg(long)]
    pub seed: Option<u64>,
    #[arg(long)]
    pub jobs: Option<usize>,
}

/// `judge compare`.
pub fn compare(cli_config: Option<&Path>, args: &CompareArgs) -> Result<u8> {
    let runner = load_runner(cli_config)?;
    let spec = runner.problem(&args.problem)?;
    if spec.kind != judge::config::ProblemKind::Interactive {
        bail!(
            "compare works on interactive problems; {} is not one",
            spec.id
        );
    }
    let mut results = Vec::new();
    for path in [&args.first, &args.second] {
        let options = GamesOptions {
            solution: path.clone(),
            language: None,
            seed: args.seed.unwrap_or(runner.seed),
            count: args.games,
            only_game: None,
            jobs: super::resolve_jobs(&runner, args.jobs),
            time_override: None,
            memory_override: None,
            stop_at_first_failure: false,
        };
        let played = grade_games(
            &runner,
            &spec,
            &options,
            |_, count| eprintln!("playing {count} games with {}", path.display()),
            |_| {},
        )?;
        if let Some(message) = played.compile_message {
            bail!("{} does not compile:\n{message}", path.display());
        }
        results.push(played.games);
    }
    println!(
        "{:<6} {:>10} {:>10} {:>10}   verdicts",
        "game", "first", "second", "difference"
    );
    let mut differences = Vec::new();
    for (a, b) in results[0].iter().zip(&results[1]) {
        let difference = b.score as f64 - a.score as f64;
        differences.push(difference);
        println!(
            "{:<6} {:>10} {:>10} {:>+10}   {} / {}",
            a.game, a.score, b.score, difference, a.verdict_detail, b.verdict_detail
        );
    }
    let mean = |games: &[GameOutcome]| {
        interact::score_stats(&games.iter().map(|g| g.score).collect::<Vec<_>>()).mean
    };
    let (mean_difference, half_width) = interact::mean_difference(&differences);
    println!();
    println!(
        "first:  {} mean {:.1}",
        args.first.display(),
        mean(&results[0])
    );
    println!(
        "second: {} mean {:.1}",
        args.second.display(),
        mean(&results[1])
    );
    println!(
        "second - first: mean {:+.1}, 95% confidence interval [{:+.1}, {:+.1}] over {} paired games",
        mean_difference,
        mean_difference - half_width,
        mean_difference + half_width,
        differences.len()
    );
    Ok(exit::ACCEPTED)
}

/// Plays a bundled solution's games for `judge verify`.
pub fn verify_games(
    runner: &RunnerConfig,
    spec: &ProblemSpec,
    path: &Path,
    expected: Verdict,
    games: Option<usize>,
    jobs: usize,
) -> Result<Checked> {
    let options = GamesOptions {
        solution: path.to_path_buf(),
        language: None,
        seed: runner.seed,
        count: games,
        only_game: None,
        jobs,
        time_override: None,
        memory_override: None,
        stop_at_first_failure: true,
    };
    let summary = grade_games(runner, spec, &options, |_, _| {}, |_| {})?;
    if summary.compile_message.is_some() {
        return Ok(Checked {
            got: Verdict::CompileError,
            detail: "CE".into(),
            max_cpu_ms: 0,
            max_peak_kib: 0,
            warning: None,
        });
    }
    let outcomes = &summary.games;
    let mean = summary.score_mean;
    let (verdict, reason) = (summary.verdict, summary.reason.clone());
    let max_cpu = outcomes.iter().map(|g| g.cpu_ms).max().unwrap_or(0);
    let max_peak = outcomes.iter().map(|g| g.peak_kib).max().unwrap_or(0);
    let limit_ms = summary.limits.cpu_ms;
    let warning = (verdict.is_accepted() && expected.is_accepted() && max_cpu * 2 > limit_ms)
        .then(|| format!("accepted but a game uses {max_cpu} ms of the {limit_ms} ms limit"));
    let detail = match reason {
        Some(_)
            if verdict == Verdict::WrongAnswer
                && outcomes.iter().all(|g| g.verdict.is_accepted()) =>
        {
            format!("WA mean {mean:.0}")
        }
        _ if verdict.is_accepted() => format!("AC mean {mean:.0}"),
        _ => verdict.describe(),
    };
    Ok(Checked {
        got: verdict,
        detail,
        max_cpu_ms: max_cpu,
        max_peak_kib: max_peak,
        warning,
    })
}
