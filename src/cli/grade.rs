//! `judge grade`: many submissions of one problem at once, into a scoreboard (terminal, CSV,
//! JSON, JUnit, HTML), resumable through a results folder, shardable across machines.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::Args;

use judge::grade::many::{self, ManyRequest};
use judge::report::csv::CsvReporter;
use judge::report::scoreboard::ScoreboardReporter;
use judge::report::{groups, Reporters};

use super::grading::{GradingArgs, ReportFiles};
use super::{finish, load_runner, report_file, stderr, stdout, verdict_code};

#[derive(Debug, Args)]
pub struct GradeArgs {
    /// Submissions: source files, folders of them (a class's files), or folders of folders
    /// (one per participant: its one source file, or the folder built as one program).
    #[arg(required = true, value_name = "SUBMISSION")]
    pub submissions: Vec<PathBuf>,
    /// The problem id or folder (with --tests-dir, none is needed).
    #[arg(long, required_unless_present = "tests_dir")]
    pub problem: Option<OsString>,
    #[command(flatten)]
    pub grading: GradingArgs,
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
    #[command(flatten)]
    pub reports: ReportFiles,
}

pub fn run(config: Option<&Path>, args: &GradeArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    let grading = &args.grading;
    let overrides = grading.overrides();
    let named = args
        .problem
        .clone()
        .ok_or_else(|| anyhow::anyhow!("give --problem ID or --tests-dir DIR"));
    let problem = grading.problem_or_folder(&runner, named, &overrides)?;
    // A package's guarantees to its tools (compile limits, validators' output).
    let runner = problem.runner_for(&runner);
    let submissions = many::find_submissions(&runner, &args.submissions)?;
    let request = ManyRequest {
        runner: &runner,
        problem: &problem,
        submissions,
        tests: grading.tests(&runner),
        games: grading.games,
        seed: grading.seed.unwrap_or(runner.seed),
        overrides,
        jobs: runner.jobs(grading.jobs),
        stop_at_first_failure: !grading.all,
        shard: super::shard::resolve(grading.shard)?,
        results: Some(args.results.clone().unwrap_or_else(|| match &runner.root {
            Some(root) => root.join(".judge-results"),
            None => runner.cache_dir.join("results"),
        })),
        regrade: args.regrade,
        stop: judge::cleanup::Stop::on_signals(),
    };
    let mut reporters = Reporters::new();
    reporters
        .add(ScoreboardReporter::new(stdout(), stderr()).with_groups(groups::from_scoreboard()));
    if let Some(path) = &args.csv {
        reporters.add(CsvReporter::new(report_file(path)?).with_groups(groups::from_scoreboard()));
    }
    args.reports.add_to(&mut reporters)?;
    let scoreboard = many::grade(&request, &mut reporters)?;
    finish(&mut reporters)?;
    Ok(verdict_code(scoreboard.all_accepted()))
}
