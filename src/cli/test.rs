//! `judge test`: grades a solution on a batch problem's tests or an interactive problem's
//! games, with the table, a progress bar on a terminal, and JSON, JUnit, HTML and transcripts
//! when asked.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{bail, Result};
use clap::Args;

use judge::cleanup::Stop;
use judge::grade::batch::{self, BatchRequest};
use judge::grade::games::{self, GamesRequest};
use judge::grade::Submission;
use judge::report::progress::ProgressReporter;
use judge::report::table::TableReporter;
use judge::report::transcripts::TranscriptReporter;
use judge::report::Reporters;
use judge::resolve::Judge;
use judge::scoring::GroupTree;

use super::grading::{GradingArgs, ReportFiles};
use super::{
    bounded, finish, infer_problem, load_runner, on_terminal, stderr, stdout, verdict_code,
};

#[derive(Debug, Args)]
pub struct TestArgs {
    /// The solution: a source file (.c .cpp .py .rs ...) or a ready executable.
    pub solution: PathBuf,
    /// The problem id or folder (default: from a path like solutions/<id>/...; with
    /// --tests-dir, none is needed).
    #[arg(long)]
    pub problem: Option<OsString>,
    #[command(flatten)]
    pub grading: GradingArgs,
    /// The language id from runner.toml (default: by file extension).
    #[arg(long)]
    pub language: Option<String>,
    /// Interactive problems: play only this game of the seed.
    #[arg(long, conflicts_with = "games", allow_negative_numbers = true, value_parser = bounded::index)]
    pub game: Option<u64>,
    /// Interactive problems: save one transcript per game in this folder.
    #[arg(long, value_name = "DIR")]
    pub transcripts: Option<PathBuf>,
    #[command(flatten)]
    pub reports: ReportFiles,
}

/// The table (with a progress bar on a terminal) and the files asked for.
fn reporters(
    args: &TestArgs,
    progress: bool,
    groups: Option<(&str, Arc<GroupTree>)>,
) -> Result<Reporters> {
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
        reporters.add(TranscriptReporter::new(
            dir.clone(),
            stderr(),
            Stop::on_signals(),
        ));
    }
    let table = TableReporter::new(out);
    reporters.add(match groups {
        Some((problem, tree)) => table.with_groups(problem, tree),
        None => table,
    });
    args.reports.add_to(&mut reporters)?;
    Ok(reporters)
}

pub fn run(config: Option<&Path>, args: &TestArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    let grading = &args.grading;
    let overrides = grading.overrides();
    // Before the problem: a package's time limit is derived by running its accepted
    // submissions, which is wasted on a solution that is not there.
    if let Err(cause) = std::fs::symlink_metadata(&args.solution) {
        return Err(judge::lang::LangError::ReadSource {
            path: args.solution.clone(),
            cause,
        }
        .into());
    }
    let problem = grading.problem_or_folder(
        &runner,
        infer_problem(&args.solution, args.problem.as_deref()),
        &overrides,
    )?;
    // A package's guarantees to its tools (compile limits, validators' output).
    let runner = problem.runner_for(&runner);
    let submission = Submission {
        path: args.solution.clone(),
        language: args.language.clone(),
        detect_like_kattis: args.solution.is_dir(),
        entrypoint: None,
    };
    let seed = grading.seed.unwrap_or(runner.seed);
    let jobs = runner.jobs(grading.jobs);
    let shard = super::shard::resolve(grading.shard)?;
    let accepted = match problem.judge {
        Judge::Referee => {
            let mut reporters = reporters(args, false, None)?;
            let request = GamesRequest {
                runner: &runner,
                problem: &problem,
                submission,
                seed,
                count: grading.games,
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
        Judge::Checker | Judge::Interactor => {
            if grading.games.is_some() || args.game.is_some() || args.transcripts.is_some() {
                bail!(
                    "--games, --game and --transcripts are for problems played as games; {} is graded by tests",
                    problem.spec.id
                );
            }
            // A scored problem's whole run shows its group table (a shard's share has none).
            let groups = problem
                .spec
                .groups
                .clone()
                .filter(|_| shard.is_none())
                .map(|tree| (problem.spec.id.as_str(), tree));
            let mut reporters = reporters(args, true, groups)?;
            let request = BatchRequest {
                runner: &runner,
                problem: &problem.spec,
                submission,
                tests: grading.tests(&runner),
                seed,
                overrides,
                jobs,
                stop_at_first_failure: !grading.all,
                enforce_time_factor: 1.0,
                shard,
                // The table shows each test as it ends; only report files list them all.
                keep_every_test: args.reports.any(),
            };
            let summary = batch::grade(&request, &mut reporters)?;
            finish(&mut reporters)?;
            summary.verdict.is_accepted()
        }
    };
    Ok(verdict_code(accepted))
}
