//! Command-line interface of the `judge` binary: argument definitions (clap) and the command
//! handlers that wire configuration, plan, execution and reports together.

pub mod bench;
pub mod games;
pub mod stress;
pub mod verify;

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Parser, Subcommand};

use judge::config::{Language, ProblemKind, ProblemSpec, RunnerConfig};
use judge::execute::{self, BatchRun};
use judge::lang::{self, Compiled, Prepared};
use judge::limits::{Limits, MIB};
use judge::plan::{self, TestSelection};
use judge::problems::{self, GenRequest};
use judge::report::{self, table, AppliedLimits, BatchSummary};
use judge::sandbox::RunFacts;
use judge::verdict::{self, Verdict};

/// Exit codes of `judge` (also in the README).
pub mod exit {
    /// Accepted (or the command succeeded).
    pub const ACCEPTED: u8 = 0;
    /// Not accepted: a verdict other than AC, an invalid input, a verify mismatch.
    pub const NOT_ACCEPTED: u8 = 1;
    /// Usage, configuration or internal error.
    pub const ERROR: u8 = 2;
}

#[derive(Debug, Parser)]
#[command(name = "judge", version, about = "A local online-judge grader")]
pub struct Cli {
    /// The runner.toml to use (default: found in the current folder or above).
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Grade a solution against sample and seeded random tests.
    Test(TestArgs),
    /// Generate tests: one to stdout (--index) or many into a folder (--count, --out).
    Gen(GenArgs),
    /// Print the reference answer for an input (a file, or standard input).
    Solve(SolveArgs),
    /// Check input files against a problem's format and guarantees.
    Validate(ValidateArgs),
    /// List the problems with their kind and limits.
    List,
    /// Replay a game transcript board by board and check that it follows the rules.
    Replay(games::ReplayArgs),
    /// Play two solutions of an interactive problem on the same seeds and compare scores.
    Compare(games::CompareArgs),
    /// Run every bundled solution and check it gets the verdict of its folder.
    Verify(verify::VerifyArgs),
    /// Random tests of growing size until the solution fails; then shrink the failing input.
    Stress(stress::StressArgs),
    /// Benchmarks: grading overhead, parallel speed-up, interactor rate, solvers, startup.
    Bench(bench::BenchArgs),
}

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
    /// Interactive problems: number of games (default: the problem's).
    #[arg(long)]
    pub games: Option<usize>,
    /// Interactive problems: play only this game of the seed.
    #[arg(long, conflicts_with = "games")]
    pub game: Option<u64>,
    /// Interactive problems: save one transcript per game in this folder.
    #[arg(long, value_name = "DIR")]
    pub transcripts: Option<PathBuf>,
}

/// Parallel runs: the flag, else runner.toml; 0 means one per core.
pub fn resolve_jobs(runner: &RunnerConfig, flag: Option<usize>) -> usize {
    match flag.unwrap_or(runner.jobs) {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        jobs => jobs,
    }
}

#[derive(Debug, Args)]
pub struct GenArgs {
    pub problem: String,
    /// Master seed (default: runner.toml's seed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print the test with this index.
    #[arg(long, conflicts_with_all = ["count", "out"])]
    pub index: Option<u64>,
    /// Number of tests to write (with --out).
    #[arg(long, requires = "out")]
    pub count: Option<u64>,
    /// Folder for DIR/001.in, DIR/001.ans, ...
    #[arg(long, requires = "count")]
    pub out: Option<PathBuf>,
    /// Size in percent of the largest allowed input (1 to 100).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub size: u32,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    pub problem: String,
    /// Input file (default: standard input).
    pub file: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    pub problem: String,
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// Loads runner.toml from --config or by searching upward from the current folder.
/// Compiles a program that must compile (a tool's own program, a solution to stress or
/// compare): a compile error ends the command with the compiler's message.
pub fn compile_or_fail(runner: &RunnerConfig, path: &Path) -> Result<Prepared> {
    match lang::prepare(runner, path, None)? {
        Compiled::Ready(prepared) => Ok(prepared),
        Compiled::Failed { message, .. } => {
            bail!("{} does not compile:\n{message}", path.display())
        }
    }
}

pub fn load_runner(config: Option<&Path>) -> Result<RunnerConfig> {
    let file = match config {
        Some(file) => file.to_path_buf(),
        None => RunnerConfig::discover(&std::env::current_dir()?)?,
    };
    Ok(RunnerConfig::load(&file)?)
}

/// The problem id from `--problem`, or from a `solutions/<id>/...` path.
pub fn infer_problem(solution: &Path, given: Option<&str>) -> Result<String> {
    if let Some(id) = given {
        return Ok(id.to_string());
    }
    let absolute = std::path::absolute(solution).unwrap_or_else(|_| solution.to_path_buf());
    let parts: Vec<String> = absolute
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts
        .windows(2)
        .rev()
        .find(|pair| pair[0] == "solutions")
        .map(|pair| pair[1].clone())
        .filter(|id| !id.contains('.'))
        .ok_or_else(|| {
            anyhow!(
                "cannot tell the problem from {}: give --problem ID or use a path solutions/<id>/...",
                solution.display()
            )
        })
}

fn batch_problem(id: &str) -> Result<&'static dyn problems::Problem> {
    problems::batch_problem(id)
        .ok_or_else(|| anyhow!("problem {id} has no built-in generator and reference solver"))
}

/// What to grade and how, resolved from the command line.
pub struct GradeOptions {
    pub solution: PathBuf,
    /// Tests from this folder instead of the plan's samples and random tests.
    pub tests_dir: Option<PathBuf>,
    pub language: Option<String>,
    pub tests: TestSelection,
    pub count: usize,
    pub seed: u64,
    pub jobs: usize,
    pub time_override: Option<Duration>,
    pub memory_override: Option<u64>,
    pub stop_at_first_failure: bool,
    /// The sandbox enforces the time limits times this factor (verdicts use the real limit).
    pub enforce_time_factor: u32,
}

/// Compiles and grades a batch solution; `on_row` sees each test as it finishes (after the
/// `on_start` line). Nothing is printed here.
pub fn grade_batch(
    runner: &RunnerConfig,
    spec: &ProblemSpec,
    options: &GradeOptions,
    mut on_start: impl FnMut(&lang::Prepared, usize),
    on_row: impl FnMut(&execute::TestOutcome),
) -> Result<BatchSummary> {
    let problem = batch_problem(&spec.id)?;
    let tests = match &options.tests_dir {
        Some(dir) => plan::folder_tests(dir)?,
        None => plan::batch_tests(spec, options.tests, options.count, options.seed)?,
    };
    let (compiled, language, limits) = compile_with_limits(
        runner,
        spec,
        &options.solution,
        options.language.as_deref(),
        (options.time_override, options.memory_override),
    )?;
    let mut summary = BatchSummary {
        problem: spec.id.clone(),
        solution: execute::display_path(&options.solution)
            .display()
            .to_string(),
        language: language.map_or("ready binary".to_string(), |l| l.name.clone()),
        verdict: Verdict::CompileError,
        seed: options.seed,
        limits: AppliedLimits::from(&limits),
        protections: Vec::new(),
        compile_message: None,
        tests_planned: tests.len(),
        tests: Vec::new(),
    };
    let prepared = match compiled {
        Compiled::Failed { message, .. } => {
            summary.compile_message = Some(message);
            return Ok(summary);
        }
        Compiled::Ready(prepared) => prepared,
    };
    on_start(&prepared, tests.len());
    let mut enforced = limits;
    enforced.cpu_time *= options.enforce_time_factor.max(1);
    enforced.wall_time *= options.enforce_time_factor.max(1);
    let run = BatchRun {
        runner,
        problem_id: &spec.id,
        problem_dir: &spec.dir,
        problem,
        checker: &spec.checker,
        solution: &prepared,
        limits,
        enforced,
        tests: &tests,
        jobs: options.jobs,
        stop_at_first_failure: options.stop_at_first_failure,
    };
    let outcomes = execute::run_batch(&run, on_row)?;
    summary.protections = protections_of(outcomes.iter().map(|o| o.facts.as_ref()));
    summary.verdict = verdict::overall(outcomes.iter().map(|o| &o.verdict));
    summary.tests = outcomes;
    Ok(summary)
}

/// Compiles a solution (or finds it in the cache) and works out the limits it runs under:
/// the problem's, its language's allowances, and the command line's overrides (time, memory).
pub fn compile_with_limits<'a>(
    runner: &'a RunnerConfig,
    spec: &ProblemSpec,
    solution: &Path,
    language: Option<&str>,
    overrides: (Option<Duration>, Option<u64>),
) -> Result<(Compiled, Option<&'a Language>, Limits)> {
    let compiled = lang::prepare(runner, solution, language)?;
    let language = runner.language(compiled.language_id());
    let limits = runner.limits_for(spec, language, overrides.0, overrides.1);
    Ok((compiled, language, limits))
}

/// The sandbox's protections, as the first run that has facts reports them (every run of a
/// grading has the same).
pub fn protections_of<'a>(facts: impl Iterator<Item = Option<&'a RunFacts>>) -> Vec<String> {
    facts
        .flatten()
        .next()
        .map(|f| f.protections.clone())
        .unwrap_or_default()
}

fn parse_overrides(args: &TestArgs) -> Result<(Option<Duration>, Option<u64>)> {
    let time_override = args
        .time_limit
        .map(|s| {
            if s.is_finite() && s > 0.0 && s < 1e5 {
                Ok(Duration::from_secs_f64(s))
            } else {
                Err(anyhow!("--time-limit must be a positive number of seconds"))
            }
        })
        .transpose()?;
    if args.memory_limit == Some(0) || args.memory_limit.is_some_and(|m| m > 1 << 20) {
        bail!("--memory-limit must be from 1 to 1048576 MiB");
    }
    Ok((time_override, args.memory_limit.map(|m| m * MIB)))
}

/// `judge test`.
pub fn test(cli_config: Option<&Path>, args: &TestArgs) -> Result<u8> {
    let runner = load_runner(cli_config)?;
    let problem_id = infer_problem(&args.solution, args.problem.as_deref())?;
    let spec = runner.problem(&problem_id)?;
    let (time_override, memory_override) = parse_overrides(args)?;
    if spec.kind == ProblemKind::Interactive {
        return games::test(&runner, &spec, args, time_override, memory_override);
    }
    if args.games.is_some() || args.game.is_some() || args.transcripts.is_some() {
        bail!("--games, --game and --transcripts are for interactive problems; {problem_id} is a batch problem");
    }
    let options = GradeOptions {
        solution: args.solution.clone(),
        tests_dir: args.tests_dir.clone(),
        language: args.language.clone(),
        tests: args.tests,
        count: args.count.unwrap_or(runner.random_tests),
        seed: args.seed.unwrap_or(runner.seed),
        jobs: resolve_jobs(&runner, args.jobs),
        time_override,
        memory_override,
        stop_at_first_failure: !args.all,
        enforce_time_factor: 1,
    };
    let style = table::Style::detect();
    let reporter: std::cell::RefCell<Option<table::TableReporter>> = Default::default();
    let summary = grade_batch(
        &runner,
        &spec,
        &options,
        |prepared, count| {
            println!(
                "{} {} on {} ({}): {} tests, seed {}, {} job{}{}",
                style.bold("judge"),
                execute::display_path(&options.solution).display(),
                spec.id,
                prepared.language_name,
                count,
                options.seed,
                options.jobs,
                if options.jobs == 1 { "" } else { "s" },
                if prepared.cached {
                    ", compiled (cached)".to_string()
                } else {
                    format!(", compiled in {} ms", prepared.compile_time.as_millis())
                }
            );
            *reporter.borrow_mut() = Some(table::TableReporter::new(style, count));
        },
        |outcome| {
            if let Some(reporter) = reporter.borrow_mut().as_mut() {
                reporter.test_finished(outcome);
            }
        },
    )?;
    if let Some(reporter) = reporter.into_inner() {
        reporter.finish();
    }
    table::print_summary(&style, &summary);
    write_reports(&summary, args.json.as_deref(), args.junit.as_deref())?;
    Ok(if summary.verdict.is_accepted() {
        exit::ACCEPTED
    } else {
        exit::NOT_ACCEPTED
    })
}

fn write_reports(summary: &BatchSummary, json: Option<&Path>, junit: Option<&Path>) -> Result<()> {
    if let Some(path) = json {
        report::json::write(path, summary)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = junit {
        report::junit::write(path, &summary.problem, &report::junit::batch_cases(summary))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// `judge gen`.
pub fn gen(cli_config: Option<&Path>, args: &GenArgs) -> Result<u8> {
    let runner = load_runner(cli_config)?;
    let problem = batch_problem(&args.problem)?;
    let seed = args.seed.unwrap_or(runner.seed);
    let request = |index| GenRequest {
        index,
        size_percent: args.size,
    };
    match (args.index, args.count, &args.out) {
        (Some(index), _, _) => {
            print!("{}", problems::generate_test(problem, seed, request(index)));
        }
        (None, Some(count), Some(out)) => {
            std::fs::create_dir_all(out)
                .with_context(|| format!("cannot create {}", out.display()))?;
            for index in 0..count {
                let input = problems::generate_test(problem, seed, request(index));
                let answer = problem
                    .solve(&input)
                    .map_err(|e| anyhow!("the reference rejected test {index}: {e}"))?;
                let base = out.join(format!("{:03}", index + 1));
                std::fs::write(base.with_extension("in"), &input)?;
                std::fs::write(base.with_extension("ans"), &answer)?;
            }
            eprintln!("wrote {count} tests to {}", out.display());
        }
        _ => bail!("give --index I, or --count N with --out DIR"),
    }
    Ok(exit::ACCEPTED)
}

/// `judge solve`.
pub fn solve(args: &SolveArgs) -> Result<u8> {
    let problem = batch_problem(&args.problem)?;
    let input = match &args.file {
        Some(file) => std::fs::read_to_string(file)
            .with_context(|| format!("cannot read {}", file.display()))?,
        None => std::io::read_to_string(std::io::stdin()).context("cannot read standard input")?,
    };
    match problem.solve(&input) {
        Ok(answer) => {
            print!("{answer}");
            Ok(exit::ACCEPTED)
        }
        Err(e) => {
            eprintln!("invalid input: {e}");
            Ok(exit::NOT_ACCEPTED)
        }
    }
}

/// `judge validate`.
pub fn validate(args: &ValidateArgs) -> Result<u8> {
    let problem = batch_problem(&args.problem)?;
    let mut all_valid = true;
    for file in &args.files {
        let verdict = match std::fs::read(file) {
            Err(e) => Err(format!("cannot read: {e}")),
            Ok(bytes) => match String::from_utf8(bytes) {
                Err(_) => Err("not UTF-8 text".to_string()),
                Ok(text) => problem.validate(&text).map_err(|e| e.to_string()),
            },
        };
        match verdict {
            Ok(()) => println!("{}: valid", file.display()),
            Err(message) => {
                all_valid = false;
                println!("{}: invalid: {message}", file.display());
            }
        }
    }
    Ok(if all_valid {
        exit::ACCEPTED
    } else {
        exit::NOT_ACCEPTED
    })
}

/// `judge list`.
pub fn list(cli_config: Option<&Path>) -> Result<u8> {
    let runner = load_runner(cli_config)?;
    println!(
        "{:<10} {:<12} {:>8} {:>10}  {:<10} title",
        "id", "kind", "time s", "memory MiB", "checker"
    );
    for id in runner.problem_ids() {
        let spec: ProblemSpec = runner.problem(&id)?;
        let kind = match spec.kind {
            ProblemKind::Batch => "batch",
            ProblemKind::Interactive => "interactive",
        };
        let checker = match spec.kind {
            ProblemKind::Interactive => "interactor".to_string(),
            ProblemKind::Batch => format!("{:?}", spec.checker)
                .split([' ', '{'])
                .next()
                .unwrap_or_default()
                .to_lowercase(),
        };
        println!(
            "{:<10} {:<12} {:>8} {:>10}  {:<10} {}",
            spec.id,
            kind,
            spec.time_limit.as_secs_f64(),
            spec.memory_bytes / MIB,
            checker,
            spec.title
        );
    }
    Ok(exit::ACCEPTED)
}
