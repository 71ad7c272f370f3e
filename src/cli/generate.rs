//! `judge generate PACKAGE`: a package's `data/` made from its generators.yaml (BAPCtools'
//! format) by `generate::generate`, with a progress bar on a terminal and a summary; the
//! tests that failed are named with their command (exit 1), a yaml that cannot be read is an
//! error naming the key (exit 2).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{bounded, exit, load_runner};
use judge::generate::{self, GenerateRequest, Made, Progress};
use judge::quote::terminal;

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The package's folder (it holds generators/generators.yaml).
    pub package: PathBuf,
    /// Generators and solutions run at once (default: runner.toml's jobs).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = bounded::jobs)]
    pub jobs: Option<usize>,
    /// Run every generator and solution again instead of taking what an earlier run gave
    /// from the cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Also remove files of data/ that generators.yaml does not make and no earlier `judge
    /// generate` wrote (they are only named otherwise).
    #[arg(long)]
    pub remove_untracked: bool,
    /// Run each generator once more, outside the cache, and fail the tests whose files
    /// differ between the two runs.
    #[arg(long)]
    pub check_deterministic: bool,
    /// CPU seconds of one run of a generator or solution.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = bounded::time_limit)]
    pub time_limit: Option<std::time::Duration>,
}

pub fn run(config: Option<&Path>, args: &GenerateArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    let mut request = GenerateRequest::new(
        args.package.clone(),
        runner.jobs(args.jobs),
        judge::cleanup::Stop::on_signals(),
    );
    request.use_cache = !args.no_cache;
    request.remove_untracked = args.remove_untracked;
    request.check_deterministic = args.check_deterministic;
    if let Some(seconds) = args.time_limit {
        request.time_limit = seconds;
    }
    let bar = ProgressBar::hidden();
    if std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}") {
            bar.set_style(style);
        }
    }
    let observe = |progress: Progress| match progress {
        Progress::Planned { tests } => bar.set_length(tests as u64),
        Progress::Test { path, made } => {
            if made != Made::Failed {
                bar.set_message(path);
            }
            bar.inc(1);
        }
    };
    let summary = generate::generate(&runner, &request, &observe)?;
    bar.finish_and_clear();
    if let Some(solution) = &summary.default_solution {
        println!(
            "answers from {} (generators.yaml names no solution)",
            terminal(solution)
        );
    }
    for warning in &summary.warnings {
        println!("warning: {}", terminal(warning));
    }
    for failure in &summary.failures {
        let command = if failure.command.is_empty() {
            String::new()
        } else {
            format!(" `{}`", terminal(&failure.command))
        };
        println!(
            "FAILED {}{command}: {}",
            terminal(&failure.test),
            terminal(&failure.reason)
        );
    }
    for file in &summary.untracked {
        println!(
            "left {} (not made by generators.yaml; --remove-untracked removes it)",
            terminal(&file.display().to_string())
        );
    }
    println!(
        "{} tests and {} included: {} ran, {} files written, {} unchanged, {} removed, {} failed",
        summary.tests,
        summary.includes,
        summary.ran,
        summary.written.len(),
        summary.unchanged,
        summary.removed.len(),
        summary.failures.len()
    );
    Ok(if summary.failures.is_empty() {
        exit::ACCEPTED
    } else {
        exit::NOT_ACCEPTED
    })
}

/// Makes the data of the package at `path` from its generators.yaml when it has one and its
/// `data/` holds no test yet (`judge verify` on a package that keeps only its generators),
/// saying so on standard error; a test that fails to be made is an error naming it.
pub fn data_before_verify(
    runner: &judge::config::RunnerConfig,
    path: &Path,
    jobs: usize,
) -> Result<()> {
    if !path.join(judge::generators::GENERATORS_YAML).is_file() || has_tests(&path.join("data")) {
        return Ok(());
    }
    eprintln!(
        "{} has a generators.yaml and no tests in data/: making them (judge generate)",
        terminal(&path.display().to_string())
    );
    let request =
        GenerateRequest::new(path.to_path_buf(), jobs, judge::cleanup::Stop::on_signals());
    let summary = generate::generate(runner, &request, &|_| {})?;
    if let Some(failure) = summary.failures.first() {
        anyhow::bail!(
            "cannot make the test {} from generators.yaml (`{}`): {} ({} tests failed; see `judge generate`)",
            terminal(&failure.test),
            terminal(&failure.command),
            terminal(&failure.reason),
            summary.failures.len()
        );
    }
    eprintln!(
        "made {} tests ({} included) in data/",
        summary.tests, summary.includes
    );
    Ok(())
}

/// Whether a folder holds a `.in` file somewhere below it.
fn has_tests(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.flatten().any(|entry| {
        let path = entry.path();
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            has_tests(&path)
        } else {
            path.extension().is_some_and(|e| e == "in")
        }
    })
}
