//! `judge stress`: generated tests of growing size until the solution fails, then the failing
//! input shrunk and saved.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Result;
use clap::Args;

use judge::cleanup::Stop;
use judge::grade::stress::{self, Budget, StressRequest};
use judge::grade::Submission;
use judge::report::json::JsonReporter;
use judge::report::stress::StressReporter;
use judge::report::Reporters;

use super::{bounded, finish, infer_problem, load_runner, report_file, stdout, verdict_code};

#[derive(Debug, Args)]
pub struct StressArgs {
    /// The solution to break: a source file (.c .cpp .py .rs ...) or a ready executable.
    pub solution: PathBuf,
    /// The problem id or folder (default: from a path like solutions/<id>/...).
    #[arg(long)]
    pub problem: Option<OsString>,
    /// Master seed of the random tests (test I of seed S is always the same input; default:
    /// runner.toml's seed).
    #[arg(long, allow_negative_numbers = true, value_parser = bounded::seed)]
    pub seed: Option<u64>,
    /// Stop after this many seconds without a failure (default 60).
    #[arg(long, value_name = "SECONDS", conflicts_with = "count", allow_negative_numbers = true, value_parser = bounded::stress_time)]
    pub time: Option<Duration>,
    /// Stop after this many tests without a failure.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = bounded::tests_u64)]
    pub count: Option<u64>,
    /// Where to save the minimal failing test (default: stress-failures/).
    #[arg(long, value_name = "DIR", default_value = "stress-failures")]
    pub out: PathBuf,
    /// Runs of the solution the shrinker may spend.
    #[arg(long, value_name = "RUNS", default_value = "400", allow_negative_numbers = true, value_parser = bounded::shrink_runs)]
    pub shrink_budget: usize,
    /// Write a JSON report here: the tests run, and the failure found with its minimal input.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
}

pub fn run(config: Option<&Path>, args: &StressArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    let problem_id = infer_problem(&args.solution, args.problem.as_deref())?;
    let problem =
        super::grading::resolved_to_grade_on(&runner, &problem_id, runner.jobs(None), None)?;
    let budget = match args.count {
        Some(count) => Budget::Tests(count),
        None => Budget::Time(args.time.unwrap_or(Duration::from_secs(60))),
    };
    let request = StressRequest {
        runner: &runner,
        problem: &problem,
        submission: Submission::new(&args.solution),
        seed: args.seed.unwrap_or(runner.seed),
        budget,
        shrink_budget: args.shrink_budget,
        stop: Stop::on_signals(),
    };
    let mut reporters = Reporters::new();
    reporters.add(StressReporter::new(
        stdout(),
        args.out.clone(),
        Stop::on_signals(),
    ));
    if let Some(path) = &args.json {
        reporters.add(JsonReporter::new(report_file(path)?));
    }
    let summary = stress::run(&request, &mut reporters)?;
    finish(&mut reporters)?;
    Ok(verdict_code(summary.failure.is_none()))
}
