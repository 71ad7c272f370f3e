//! `judge verify`: every bundled solution must get the verdict of its folder; or every
//! submission of a Kattis package, after the package's own checks.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use clap::Args;

use judge::config::RunnerConfig;
use judge::grade::package::{self, PackageRequest};
use judge::grade::verify::{self, VerifyRequest};
use judge::kattis::Package;
use judge::plan::ShardChoice;
use judge::report::html::HtmlReporter;
use judge::report::json::JsonReporter;
use judge::report::progress::ProgressReporter;
use judge::report::verify::VerifyReporter;
use judge::report::Reporters;
use judge::resolve::{Problem, ProblemError};
use judge::scoring::GroupTree;
use std::sync::Arc;

use super::{bounded, exit, finish, load_runner, on_terminal, report_file, stdout};

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Problems to verify, by id or path (default: every problem of the project with a
    /// solutions folder; outside a project, the problem in the current folder), or the
    /// folder of one Kattis package.
    pub problems: Vec<OsString>,
    /// Seeded random tests per batch solution (default: runner.toml's random_tests).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = bounded::tests)]
    pub count: Option<usize>,
    /// Games per interactive solution (default: the problem's).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = bounded::games)]
    pub games: Option<usize>,
    /// Parallel runs (tests, and checks of a package's inputs by its validators); 0 = one per
    /// core (default: runner.toml's jobs).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = bounded::jobs)]
    pub jobs: Option<usize>,
    #[arg(long, value_name = "K/N", allow_hyphen_values = true, help = super::shard::HELP)]
    pub shard: Option<ShardChoice>,
    /// Write a JSON report here.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// For a Kattis package: the time limit in seconds, instead of the package's (fixed, or
    /// derived from its accepted submissions).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = bounded::time_limit)]
    pub time_limit: Option<Duration>,
    /// For a Kattis package: grade at the time limit DOMjudge's files fix
    /// (domjudge-problem.ini's timelimit, else .timelimit) instead of deriving it as
    /// problemtools does (problem.yaml's limits.time_limit still comes first).
    #[arg(long)]
    pub domjudge_time_limit: bool,
    /// Write a self-contained HTML report here: the checks as a scoreboard, each solution's
    /// tests or games in detail.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// For a Kattis package: after the totals, where the time went (each phase's wall time
    /// and its workers' busy and idle time, compiles by language, runs by kind). The JSON
    /// report has it either way.
    #[arg(long)]
    pub timings: bool,
    /// Run every submission on every test again, instead of taking the runs an earlier
    /// verify remembered for an unchanged submission, problem, tests, limits and judge
    /// (and remember the new runs).
    #[arg(long)]
    pub rerun: bool,
    /// For a 2025-09 package with an output visualizer: run it after every run's output
    /// validator and say under each submission where it left no image (it did not build,
    /// failed, ran out of a limit), without writing a report. A report (--html, --json)
    /// runs it too.
    #[arg(long)]
    pub visualize: bool,
}

pub fn run(config: Option<&Path>, args: &VerifyArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    if let [path] = args.problems.as_slice() {
        // A package that keeps only its generators: its data is made first.
        super::generate::data_before_verify(&runner, Path::new(path), runner.jobs(args.jobs))?;
        // A Kattis package's folder, named by its path (an id spelled the same is not
        // looked up); a folder that is no problem, or a problem.toml's, is for the verify of
        // bundled problems below, which resolves each problem it is given.
        match judge::resolve::problem_at(&runner, Path::new(path)) {
            Ok(Problem {
                package: Some(package),
                ..
            }) => return verify_package(&runner, &package, args),
            Err(ProblemError::Package(error)) => return Err(error.into()),
            Err(ProblemError::Polygon(error)) => return Err(error.into()),
            Err(ProblemError::Doall(error)) => return Err(error.into()),
            _ => {}
        }
    }
    // Bundled problems are named by id (their solutions are in solutions/<id>/).
    let mut problems = args
        .problems
        .iter()
        .map(|id| {
            id.to_str().map(str::to_string).ok_or_else(|| {
                anyhow!(
                    "{}: not a problem id (ids are UTF-8) nor a Kattis package's folder",
                    Path::new(id).display()
                )
            })
        })
        .collect::<Result<Vec<_>>>()?;
    // Outside a project, in the folder of a problem standing alone: that problem.
    if problems.is_empty() && runner.project_root().is_err() && Path::new("problem.toml").is_file()
    {
        problems.push(".".to_string());
    }
    let request = VerifyRequest {
        runner: &runner,
        problems,
        random_count: args.count,
        games: args.games,
        jobs: runner.jobs(args.jobs),
        shard: super::shard::resolve(args.shard)?,
        stop: judge::cleanup::Stop::on_signals(),
        remember_runs: !args.rerun,
    };
    // One problem with groups: its group table after the rows.
    let grouped = match request.problems.as_slice() {
        [id] => judge::resolve::problem(&runner, std::ffi::OsStr::new(id))
            .ok()
            .and_then(|problem| Some((problem.spec.id, problem.spec.groups?))),
        _ => None,
    };
    let mut reporters = reporters(
        args,
        grouped
            .as_ref()
            .map(|(id, tree)| (id.as_str(), tree.clone())),
    )?;
    let summary = verify::run(&request, &mut reporters)?;
    finish(&mut reporters)?;
    Ok(exit::verified(summary.not_graded, 0, summary.mismatches))
}

/// The verify matrix on standard output (with a progress bar on a terminal; a scoring
/// problem's group table after it), and the files asked for.
fn reporters(args: &VerifyArgs, groups: Option<(&str, Arc<GroupTree>)>) -> Result<Reporters> {
    let mut reporters = Reporters::new();
    let out = if on_terminal() {
        let bar = ProgressReporter::new();
        let out: Box<dyn std::io::Write> = Box::new(bar.writer(stdout()));
        reporters.add(bar);
        out
    } else {
        stdout()
    };
    let matrix = VerifyReporter::new(out);
    let matrix = if args.timings {
        matrix.with_timings()
    } else {
        matrix
    };
    reporters.add(match groups {
        Some((problem, tree)) => matrix.with_groups(problem, tree),
        None => matrix,
    });
    if let Some(path) = &args.json {
        reporters.add(JsonReporter::new(report_file(path)?));
    }
    if let Some(path) = &args.html {
        reporters.add(HtmlReporter::new(report_file(path)?));
    }
    Ok(reporters)
}

/// `judge verify PACKAGE`: a Kattis package's checks and submissions, as verifyproblem makes
/// them.
fn verify_package(runner: &RunnerConfig, package: &Package, args: &VerifyArgs) -> Result<u8> {
    if args.shard.is_some() {
        bail!("--shard is for the bundled solutions; a Kattis package is verified whole");
    }
    let runner = &package.runner_for(runner);
    let request = PackageRequest {
        runner,
        package,
        jobs: runner.jobs(args.jobs),
        time_limit: args.time_limit,
        domjudge_time_limit: args.domjudge_time_limit,
        stop: judge::cleanup::Stop::on_signals(),
        remember_runs: !args.rerun,
        // The output visualizer's images are for the reports: run it only when one is asked,
        // or when its failures are (--visualize).
        visualize_outputs: args.visualize || args.html.is_some() || args.json.is_some(),
    };
    let mut reporters = reporters(
        args,
        package
            .spec
            .groups
            .clone()
            .map(|tree| (package.spec.id.as_str(), tree)),
    )?;
    let (check, summary) = package::verify(&request, &mut reporters)?;
    finish(&mut reporters)?;
    Ok(exit::verified(
        summary.not_graded,
        check.invalid.len(),
        summary.mismatches,
    ))
}
