//! `judge test`: grades a solution on a batch problem's tests or an interactive problem's
//! games, with the table, a progress bar on a terminal, and JSON, JUnit, HTML and transcripts
//! when asked.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use clap::Args;

use judge::config::{ProblemSpec, RunnerConfig};
use judge::grade::batch::{self, BatchRequest, Tests};
use judge::grade::games::{self, GamesRequest};
use judge::grade::package::{self, PackageRequest};
use judge::grade::Submission;
use judge::kattis::{self, Package};
use judge::limits::{Overrides, MIB};
use judge::plan::{ShardChoice, TestSelection};
use judge::report::html::HtmlReporter;
use judge::report::json::JsonReporter;
use judge::report::junit::JunitReporter;
use judge::report::progress::ProgressReporter;
use judge::report::table::TableReporter;
use judge::report::transcripts::TranscriptReporter;
use judge::report::Reporters;

use super::{
    finish, infer_problem, load_runner, on_terminal, report_file, stderr, stdout, verdict_code,
};

#[derive(Debug, Args)]
pub struct TestArgs {
    /// The solution: a source file (.c .cpp .py .rs ...) or a ready executable.
    pub solution: PathBuf,
    /// The problem id (default: from a path like solutions/<id>/...).
    #[arg(long)]
    pub problem: Option<String>,
    /// Which tests to run.
    #[arg(long, value_enum, default_value = "all")]
    pub tests: TestSelection,
    /// Number of seeded random tests (default: runner.toml's random_tests).
    #[arg(long)]
    pub count: Option<usize>,
    /// Master seed of the random tests (default: runner.toml's seed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Parallel runs (default: runner.toml's jobs; 0 = one per core).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// CPU time limit in seconds, replacing the problem's limit and language allowance.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Memory limit in MiB, replacing the problem's limit and language allowance.
    #[arg(long, value_name = "MIB")]
    pub memory_limit: Option<u64>,
    /// Use the NAME.in / NAME.ans tests in this folder instead of samples and random tests.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["tests", "count"])]
    pub tests_dir: Option<PathBuf>,
    /// Run every test even after a failure.
    #[arg(long)]
    pub all: bool,
    /// The language id from runner.toml (default: by file extension).
    #[arg(long)]
    pub language: Option<String>,
    /// Write a JSON report here.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write a JUnit XML report here.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Write a self-contained HTML report here (charts, diffs, a replayer for games).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Interactive problems: number of games (default: the problem's).
    #[arg(long)]
    pub games: Option<usize>,
    /// Interactive problems: play only this game of the seed.
    #[arg(long, conflicts_with = "games")]
    pub game: Option<u64>,
    /// Interactive problems: save one transcript per game in this folder.
    #[arg(long, value_name = "DIR")]
    pub transcripts: Option<PathBuf>,
    #[arg(long, value_name = "K/N", help = super::shard::HELP)]
    pub shard: Option<ShardChoice>,
}

/// The limits given on the command line, checked.
fn overrides(args: &TestArgs) -> Result<Overrides> {
    limit_overrides(args.time_limit, args.memory_limit)
}

/// `--time-limit SECONDS` and `--memory-limit MIB`, checked.
pub(super) fn limit_overrides(
    time_limit: Option<f64>,
    memory_limit: Option<u64>,
) -> Result<Overrides> {
    let cpu_time = time_limit
        .map(|s| {
            if s.is_finite() && s > 0.0 && s < 1e5 {
                Ok(Duration::from_secs_f64(s))
            } else {
                Err(anyhow!("--time-limit must be a positive number of seconds"))
            }
        })
        .transpose()?;
    if memory_limit == Some(0) || memory_limit.is_some_and(|m| m > 1 << 20) {
        bail!("--memory-limit must be from 1 to 1048576 MiB");
    }
    Ok(Overrides {
        cpu_time,
        memory_bytes: memory_limit.map(|m| m * MIB),
    })
}

/// The table (with a progress bar on a terminal) and the files asked for.
fn reporters(args: &TestArgs, progress: bool) -> Result<Reporters> {
    let mut reporters = Reporters::new();
    let out = if progress && on_terminal() {
        let bar = ProgressReporter::new();
        let out: Box<dyn std::io::Write> = Box::new(bar.writer(stdout()));
        reporters.add(bar);
        out
    } else {
        stdout()
    };
    if let Some(dir) = &args.transcripts {
        reporters.add(TranscriptReporter::new(dir.clone(), stderr()));
    }
    reporters.add(TableReporter::new(out));
    if let Some(path) = &args.json {
        reporters.add(JsonReporter::new(report_file(path)?));
    }
    if let Some(path) = &args.junit {
        reporters.add(JunitReporter::new(report_file(path)?));
    }
    if let Some(path) = &args.html {
        reporters.add(HtmlReporter::new(report_file(path)?));
    }
    Ok(reporters)
}

pub fn run(config: Option<&Path>, args: &TestArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    let problem_id = infer_problem(&args.solution, args.problem.as_deref())?;
    let problem = runner.problem(&problem_id)?;
    let problem = match args.time_limit {
        None if kattis::is_package(&problem.dir) => package_problem(&runner, &problem, args)?,
        _ => problem,
    };
    let overrides = overrides(args)?;
    let submission = Submission {
        path: args.solution.clone(),
        language: args.language.clone(),
        detect_like_kattis: args.solution.is_dir(),
    };
    let seed = args.seed.unwrap_or(runner.seed);
    let jobs = runner.jobs(args.jobs);
    let shard = super::shard::resolve(args.shard)?;
    let accepted = match problem.plays_games() {
        true => {
            let mut reporters = reporters(args, false)?;
            let request = GamesRequest {
                runner: &runner,
                problem: &problem,
                submission,
                seed,
                count: args.games,
                only_game: args.game,
                overrides,
                jobs,
                stop_at_first_failure: false,
                shard,
            };
            let summary = games::grade(&request, &mut reporters)?;
            finish(&mut reporters)?;
            summary.verdict.is_accepted()
        }
        false => {
            if args.games.is_some() || args.game.is_some() || args.transcripts.is_some() {
                bail!("--games, --game and --transcripts are for problems played as games; {problem_id} is graded by tests");
            }
            let mut reporters = reporters(args, true)?;
            let request = BatchRequest {
                runner: &runner,
                problem: &problem,
                submission,
                tests: match &args.tests_dir {
                    Some(dir) => Tests::Folder(dir.clone()),
                    None => Tests::Planned {
                        selection: args.tests,
                        random_count: args.count.unwrap_or(runner.random_tests),
                    },
                },
                seed,
                overrides,
                jobs,
                stop_at_first_failure: !args.all,
                enforce_time_factor: 1.0,
                shard,
            };
            let summary = batch::grade(&request, &mut reporters)?;
            finish(&mut reporters)?;
            summary.verdict.is_accepted()
        }
    };
    Ok(verdict_code(accepted))
}

/// A Kattis package as a problem with its time limit: its fixed one, or the one its accepted
/// submissions give (graded first, as problemtools does; said on standard error).
fn package_problem(
    runner: &RunnerConfig,
    problem: &ProblemSpec,
    args: &TestArgs,
) -> Result<ProblemSpec> {
    let package = Package::load(&problem.dir)?;
    let request = PackageRequest {
        runner,
        package: &package,
        jobs: runner.jobs(args.jobs),
        time_limit: None,
    };
    let (spec, derived) = package::problem_to_grade_on(&request)?;
    if let Some(limit) = derived {
        eprintln!("time limit {} ms ({})", limit.ms, limit.from);
    }
    Ok(spec)
}
