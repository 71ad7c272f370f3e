//! `judge verify`: runs every bundled solution and checks that it gets the verdict of its
//! folder (`solutions/<problem>/<verdict>/<name>.<ext>`), printing a matrix. Also warns where
//! time limits are tight: an accepted solution using more than half the limit, or a
//! too-slow one that finishes within twice the limit (it is run with twice the limit to see).

use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::Args;

use judge::config::{ProblemKind, RunnerConfig};
use judge::plan::TestSelection;
use judge::report::table::Style;
use judge::verdict::Verdict;

use super::{exit, grade_batch, load_runner, resolve_jobs, GradeOptions};

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Problems to verify (default: every problem with a solutions folder).
    pub problems: Vec<String>,
    /// Seeded random tests per batch solution (default: runner.toml's random_tests).
    #[arg(long)]
    pub count: Option<usize>,
    /// Games per interactive solution (default: the problem's).
    #[arg(long)]
    pub games: Option<usize>,
    #[arg(long)]
    pub jobs: Option<usize>,
}

/// What one solution got, for a row of the matrix.
pub struct Checked {
    pub got: Verdict,
    /// The verdict with where it happened, e.g. `WA @random-003` or `AC mean 20480`.
    pub detail: String,
    pub max_cpu_ms: u64,
    pub max_peak_kib: u64,
    pub warning: Option<String>,
}

/// Solution files of a problem with their expected verdicts, sorted.
fn solutions_of(runner: &RunnerConfig, problem: &str) -> Vec<(PathBuf, Verdict)> {
    let dir = runner.root.join("solutions").join(problem);
    let mut found = Vec::new();
    let Ok(folders) = std::fs::read_dir(&dir) else {
        return found;
    };
    for folder in folders.flatten() {
        let name = folder.file_name().to_string_lossy().into_owned();
        let Some(expected) = Verdict::from_folder(&name) else {
            continue;
        };
        let Ok(files) = std::fs::read_dir(folder.path()) else {
            continue;
        };
        for file in files.flatten() {
            let path = file.path();
            if path.is_file() && runner.language_for(&path).is_some() {
                found.push((path, expected));
            }
        }
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

/// `judge verify`.
pub fn verify(cli_config: Option<&Path>, args: &VerifyArgs) -> Result<u8> {
    let runner = load_runner(cli_config)?;
    let problems = if args.problems.is_empty() {
        runner
            .problem_ids()
            .into_iter()
            .filter(|id| runner.root.join("solutions").join(id).is_dir())
            .collect()
    } else {
        args.problems.clone()
    };
    let style = Style::detect();
    let jobs = resolve_jobs(&runner, args.jobs);
    let mut mismatches = 0;
    let mut warnings = 0;
    let mut errors = 0;
    println!(
        "{}",
        style.bold(&format!(
            "{:<58} {:<9} {:<30} {:>8} {:>9}",
            "solution", "expected", "got", "max cpu", "peak MiB"
        ))
    );
    for problem_id in &problems {
        let spec = runner.problem(problem_id)?;
        for (path, expected) in solutions_of(&runner, problem_id) {
            let checked = match spec.kind {
                ProblemKind::Batch => verify_batch(&runner, &spec, &path, expected, args, jobs),
                ProblemKind::Interactive => {
                    super::games::verify_games(&runner, &spec, &path, expected, args.games, jobs)
                }
            };
            let solution = path
                .strip_prefix(&runner.root)
                .unwrap_or(&path)
                .display()
                .to_string();
            // A solution that cannot be graded here (its compiler missing, say) is reported
            // in its row; the others are still verified.
            let row = match checked {
                Ok(row) => row,
                Err(error) => {
                    errors += 1;
                    println!(
                        "{:<58} {:<9} {}",
                        solution,
                        expected.code(),
                        style.verdict(&Verdict::WrongAnswer, &format!("ERROR: {error:#}"))
                    );
                    continue;
                }
            };
            let matched = row.got.same_kind(&expected);
            if !matched {
                mismatches += 1;
            }
            let mark = if matched { "ok" } else { "MISMATCH" };
            println!(
                "{:<58} {:<9} {} {:>8} {:>9.1}  {}",
                solution,
                expected.code(),
                style.verdict(&row.got, &format!("{:<30}", row.detail)),
                row.max_cpu_ms,
                row.max_peak_kib as f64 / 1024.0,
                if matched {
                    style.verdict(&Verdict::Accepted, mark)
                } else {
                    style.verdict(&Verdict::WrongAnswer, mark)
                }
            );
            if let Some(warning) = row.warning {
                warnings += 1;
                println!("    warning: {warning}");
            }
        }
    }
    println!();
    println!(
        "{} mismatch{}, {} warning{}, {} not graded",
        mismatches,
        if mismatches == 1 { "" } else { "es" },
        warnings,
        if warnings == 1 { "" } else { "s" },
        errors
    );
    Ok(if errors > 0 {
        exit::ERROR
    } else if mismatches == 0 {
        exit::ACCEPTED
    } else {
        exit::NOT_ACCEPTED
    })
}

fn verify_batch(
    runner: &RunnerConfig,
    spec: &judge::config::ProblemSpec,
    path: &Path,
    expected: Verdict,
    args: &VerifyArgs,
    jobs: usize,
) -> Result<Checked> {
    let slow_expected = expected == Verdict::TimeLimitExceeded;
    let options = GradeOptions {
        solution: path.to_path_buf(),
        tests_dir: None,
        language: None,
        tests: TestSelection::All,
        count: args.count.unwrap_or(runner.random_tests),
        seed: runner.seed,
        jobs,
        time_override: None,
        memory_override: None,
        stop_at_first_failure: true,
        // A too-slow solution runs with twice the limit, to see whether it would finish.
        enforce_time_factor: if slow_expected { 2 } else { 1 },
    };
    let summary = grade_batch(runner, spec, &options, |_, _| {}, |_| {})?;
    let max_cpu_ms = summary.tests.iter().map(|t| t.cpu_ms).max().unwrap_or(0);
    let max_peak_kib = summary.tests.iter().map(|t| t.peak_kib).max().unwrap_or(0);
    let limit_ms = summary.limits.cpu_ms;
    let warning = match summary.verdict {
        Verdict::Accepted if max_cpu_ms * 2 > limit_ms => Some(format!(
            "accepted but uses {max_cpu_ms} ms of the {limit_ms} ms limit (more than half)"
        )),
        Verdict::TimeLimitExceeded if slow_expected => {
            let finished = summary
                .first_failure()
                .and_then(|t| t.facts.as_ref())
                .is_some_and(|f| f.stopped_by.is_none());
            finished.then(|| {
                format!("too slow, but finishes in {max_cpu_ms} ms, within twice the {limit_ms} ms limit")
            })
        }
        _ => None,
    };
    let detail = summary
        .first_failure()
        .map(|t| format!("{} @{}", t.verdict_detail, t.name))
        .unwrap_or_else(|| summary.verdict.describe());
    Ok(Checked {
        got: summary.verdict,
        detail,
        max_cpu_ms,
        max_peak_kib,
        warning,
    })
}
