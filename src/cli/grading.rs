//! The options `test` and `grade` share (which tests or games, the seed, the workers, the
//! limits, the shard) and the report files every grading command can write.

use std::ffi::{OsStr, OsString};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Result;
use clap::Args;

use judge::config::{ProblemSpec, RunnerConfig};
use judge::grade::batch::Tests;
use judge::grade::package;
use judge::limits::{Overrides, MIB};
use judge::plan::{ShardChoice, TestSelection};
use judge::report::html::HtmlReporter;
use judge::report::json::JsonReporter;
use judge::report::junit::JunitReporter;
use judge::report::{groups, Reporters};
use judge::resolve::{Problem, TimeLimitRule};

use super::{bounded, report_file};

#[derive(Debug, Args)]
pub struct GradingArgs {
    /// Which tests to run (batch problems).
    #[arg(long, value_enum, default_value = "all")]
    pub tests: TestSelection,
    /// Number of seeded random tests (default: runner.toml's random_tests).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = bounded::tests)]
    pub count: Option<usize>,
    /// Use the tests in this folder instead of samples and random tests: inputs NAME.in,
    /// input1.txt, in1.txt (or in/ and out/ folders), answers NAME.ans or NAME.out,
    /// output1.txt, ans1.txt. With no problem, the configuration's limits apply and outputs
    /// are compared token by token.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["tests", "count"])]
    pub tests_dir: Option<PathBuf>,
    /// Interactive problems: number of games (default: the problem's).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = bounded::games)]
    pub games: Option<usize>,
    /// Master seed of the random tests and games (default: runner.toml's seed).
    #[arg(long, allow_negative_numbers = true, value_parser = bounded::seed)]
    pub seed: Option<u64>,
    /// Parallel runs (default: runner.toml's jobs; 0 = one per core).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = bounded::jobs)]
    pub jobs: Option<usize>,
    /// CPU time limit in seconds, replacing the problem's limit and language allowance.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = bounded::time_limit)]
    pub time_limit: Option<Duration>,
    /// Memory limit in MiB, replacing the problem's limit and language allowance.
    #[arg(long, value_name = "MIB", allow_negative_numbers = true, value_parser = bounded::memory_mib)]
    pub memory_limit: Option<u64>,
    /// Run every test even after a failure.
    #[arg(long)]
    pub all: bool,
    #[arg(long, value_name = "K/N", allow_hyphen_values = true, help = super::shard::HELP)]
    pub shard: Option<ShardChoice>,
}

impl GradingArgs {
    /// The problem `id` as a submission is graded on under `overrides` (see
    /// [`resolved_to_grade_on`]).
    pub fn problem(
        &self,
        runner: &RunnerConfig,
        id: &OsStr,
        overrides: &Overrides,
    ) -> Result<Problem> {
        resolved_to_grade_on(runner, id, runner.jobs(self.jobs), overrides.cpu_time)
    }

    /// The problem named (`--problem`, or inferred from the solution's path), or with none and
    /// `--tests-dir DIR`, the problem of that folder alone: the configuration's limits, outputs
    /// compared token by token (said on standard error).
    pub fn problem_or_folder(
        &self,
        runner: &RunnerConfig,
        named: Result<OsString>,
        overrides: &Overrides,
    ) -> Result<Problem> {
        let dir = match (named, &self.tests_dir) {
            (Ok(id), _) => return self.problem(runner, &id, overrides),
            (Err(_), Some(dir)) => dir,
            (Err(e), None) => return Err(e),
        };
        let spec = ProblemSpec::of_test_folder(dir, runner.folder_limits);
        let limits = &spec.limits;
        let from = |overridden: bool, key: &str| match overridden {
            true => "from the command line".to_string(),
            false => format!("defaults.{key} in the configuration"),
        };
        eprintln!(
            "no problem given: the tests in {} alone, CPU time limit {} ms ({}), memory limit \
             {} MiB ({}), before a language's allowance; outputs compared with the answers \
             token by token (whitespace between tokens is free)",
            dir.display(),
            overrides.cpu_time.unwrap_or(limits.cpu_time).as_millis(),
            from(overrides.cpu_time.is_some(), "time_limit_seconds"),
            overrides.memory_bytes.unwrap_or(limits.memory_bytes) / MIB,
            from(overrides.memory_bytes.is_some(), "memory_limit_mib"),
        );
        let problem = Problem::new(spec, None);
        Ok(match overrides.cpu_time {
            Some(limit) => problem.with_final_time_limit(limit, TimeLimitRule::CommandLine),
            None => problem,
        })
    }

    /// The tests asked for: a folder's, or the planned ones.
    pub fn tests(&self, runner: &RunnerConfig) -> Tests {
        match &self.tests_dir {
            Some(dir) => Tests::Folder(dir.clone()),
            None => Tests::Planned {
                selection: self.tests,
                random_count: self.count.unwrap_or(runner.random_tests),
            },
        }
    }

    /// `--time-limit SECONDS` and `--memory-limit MIB` (checked as they were parsed).
    pub fn overrides(&self) -> Overrides {
        Overrides {
            cpu_time: self.time_limit,
            memory_bytes: self.memory_limit.map(|mib| mib * MIB),
        }
    }
}

/// The problem `id` resolved for grading a submission on, once, before any request is built:
/// its final limits, `given` (`--time-limit`) if given, else a Kattis package's fixed one or the
/// one derived from its accepted submissions on `jobs` workers (said on standard error).
pub fn resolved_to_grade_on(
    runner: &RunnerConfig,
    id: &OsStr,
    jobs: usize,
    given: Option<Duration>,
) -> Result<Problem> {
    let problem = package::problem_to_grade_on(
        runner,
        judge::resolve::problem(runner, id)?,
        jobs,
        given,
        judge::cleanup::Stop::on_signals(),
    )?;
    if let (true, Some(package)) = (problem.time_limit.is_derived(), &problem.package) {
        let limit = package::told(&problem, package, false);
        eprintln!("time limit {} ms ({})", limit.ms, limit.from);
        if let Some(warning) = &limit.warning {
            eprintln!("warning: {warning}");
        }
    }
    Ok(problem)
}

#[derive(Debug, Args)]
pub struct ReportFiles {
    /// Write a JSON report here (`-`: standard output, and the table to standard error).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write a JUnit XML report here.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Write a self-contained HTML report here (tables, charts, diffs, a replayer for games).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

impl ReportFiles {
    /// The files asked for, each `None` when not.
    pub fn paths(&self) -> [&Option<PathBuf>; 3] {
        [&self.json, &self.junit, &self.html]
    }

    /// Whether any report file is asked for.
    pub fn any(&self) -> bool {
        self.paths().iter().any(|path| path.is_some())
    }

    /// Adds a reporter for each file asked for.
    pub fn add_to(&self, reporters: &mut Reporters) -> Result<()> {
        if let Some(path) = &self.json {
            reporters.add(JsonReporter::new(report_file(path)?));
        }
        if let Some(path) = &self.junit {
            reporters.add(JunitReporter::new(report_file(path)?));
        }
        if let Some(path) = &self.html {
            // A scored problem's scoreboard has its group table.
            reporters
                .add(HtmlReporter::new(report_file(path)?).with_groups(groups::from_scoreboard()));
        }
        Ok(())
    }
}
