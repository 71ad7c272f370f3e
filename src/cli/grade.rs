//! `judge grade`: many submissions of one problem at once, into a scoreboard (terminal, CSV,
//! JSON, JUnit, HTML), resumable through a results folder, shardable across machines.

use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::Args;

use judge::grade::batch::Tests;
use judge::grade::many::{self, ManyRequest};
use judge::plan::{ShardChoice, TestSelection};
use judge::report::csv::CsvReporter;
use judge::report::html::HtmlReporter;
use judge::report::json::JsonReporter;
use judge::report::junit::JunitReporter;
use judge::report::scoreboard::ScoreboardReporter;
use judge::report::Reporters;

use super::{finish, load_runner, report_file, stderr, stdout, verdict_code};

#[derive(Debug, Args)]
pub struct GradeArgs {
    /// Submissions: source files, folders of them (a class's files), or folders of folders
    /// (one per participant: its one source file, or the folder built as one program).
    #[arg(required = true, value_name = "SUBMISSION")]
    pub submissions: Vec<PathBuf>,
    /// The problem id.
    #[arg(long)]
    pub problem: String,
    /// Which tests to run (batch problems).
    #[arg(long, value_enum, default_value = "all")]
    pub tests: TestSelection,
    /// Number of seeded random tests (default: runner.toml's random_tests).
    #[arg(long)]
    pub count: Option<usize>,
    /// Use the NAME.in / NAME.ans tests in this folder instead of samples and random tests.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["tests", "count"])]
    pub tests_dir: Option<PathBuf>,
    /// Interactive problems: number of games per submission (default: the problem's).
    #[arg(long)]
    pub games: Option<usize>,
    /// Master seed of the random tests and games (default: runner.toml's seed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Parallel runs, over all submissions and tests (default: runner.toml's jobs; 0 = one per
    /// core).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// CPU time limit in seconds, replacing the problem's limit and language allowance.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Memory limit in MiB, replacing the problem's limit and language allowance.
    #[arg(long, value_name = "MIB")]
    pub memory_limit: Option<u64>,
    /// Run every test of a submission even after one fails.
    #[arg(long)]
    pub all: bool,
    #[arg(long, value_name = "K/N", help = super::shard::HELP)]
    pub shard: Option<ShardChoice>,
    /// Keep each graded submission's result here, and take results from here instead of
    /// grading again (default: .judge-results beside the project's runner.toml; outside a
    /// project, results/ in the compile cache's folder).
    #[arg(long, value_name = "DIR")]
    pub results: Option<PathBuf>,
    /// Grade every submission again, even those with a result in the results folder.
    #[arg(long)]
    pub regrade: bool,
    /// Write the scoreboard as CSV here.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write a JSON report here.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write a JUnit XML report here (one test case per submission).
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Write a self-contained HTML report here: the scoreboard, each submission's tests or
    /// games in detail.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

pub fn run(config: Option<&Path>, args: &GradeArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    let problem = runner.problem(&args.problem)?;
    let overrides = super::test::limit_overrides(args.time_limit, args.memory_limit)?;
    let submissions = many::find_submissions(&runner, &args.submissions)?;
    let request = ManyRequest {
        runner: &runner,
        problem: &problem,
        submissions,
        tests: match &args.tests_dir {
            Some(dir) => Tests::Folder(dir.clone()),
            None => Tests::Planned {
                selection: args.tests,
                random_count: args.count.unwrap_or(runner.random_tests),
            },
        },
        games: args.games,
        seed: args.seed.unwrap_or(runner.seed),
        overrides,
        jobs: runner.jobs(args.jobs),
        stop_at_first_failure: !args.all,
        shard: super::shard::resolve(args.shard)?,
        results: Some(args.results.clone().unwrap_or_else(|| match &runner.root {
            Some(root) => root.join(".judge-results"),
            None => runner.cache_dir.join("results"),
        })),
        regrade: args.regrade,
    };
    let mut reporters = Reporters::new();
    reporters.add(ScoreboardReporter::new(stdout(), stderr()));
    if let Some(path) = &args.csv {
        reporters.add(CsvReporter::new(report_file(path)?));
    }
    if let Some(path) = &args.json {
        reporters.add(JsonReporter::new(report_file(path)?));
    }
    if let Some(path) = &args.junit {
        reporters.add(JunitReporter::new(report_file(path)?));
    }
    if let Some(path) = &args.html {
        reporters.add(HtmlReporter::new(report_file(path)?));
    }
    let scoreboard = many::grade(&request, &mut reporters)?;
    finish(&mut reporters)?;
    Ok(verdict_code(scoreboard.all_accepted()))
}
