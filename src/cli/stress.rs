//! `judge stress`: generated tests of growing size until the solution fails, then the failing
//! input is shrunk to a minimal one that fails the same way.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{anyhow, Context, Result};
use clap::Args;

use judge::execute::{self, BatchRun, Scratch, TestOutcome};
use judge::plan::{PlannedTest, TestSource};
use judge::problems::{self, GenRequest};
use judge::stress;

use super::{compile_or_fail, exit, infer_problem, load_runner};

#[derive(Debug, Args)]
pub struct StressArgs {
    pub solution: PathBuf,
    #[arg(long)]
    pub problem: Option<String>,
    #[arg(long)]
    pub seed: Option<u64>,
    /// Stop after this many seconds without a failure (default 60).
    #[arg(long, value_name = "SECONDS", conflicts_with = "count")]
    pub time: Option<f64>,
    /// Stop after this many tests without a failure.
    #[arg(long)]
    pub count: Option<u64>,
    /// Where to save the minimal failing test (default: stress-failures/).
    #[arg(long, value_name = "DIR", default_value = "stress-failures")]
    pub out: PathBuf,
    /// Runs of the solution the shrinker may spend.
    #[arg(long, default_value_t = 400)]
    pub shrink_budget: usize,
}

/// Tests over which sizes grow from 1 % to 100 %.
const SIZE_RAMP: u64 = 60;

pub fn stress(cli_config: Option<&Path>, args: &StressArgs) -> Result<u8> {
    let runner = load_runner(cli_config)?;
    let problem_id = infer_problem(&args.solution, args.problem.as_deref())?;
    let spec = runner.problem(&problem_id)?;
    let problem = problems::batch_problem(&problem_id).ok_or_else(|| {
        anyhow!("stress works on batch problems with a built-in generator; {problem_id} has none")
    })?;
    let seed = args.seed.unwrap_or(runner.seed);
    let prepared = compile_or_fail(&runner, &args.solution)?;
    let language = runner.language(&prepared.language_id);
    let limits = runner.limits_for(&spec, language, None, None);
    let run = BatchRun {
        runner: &runner,
        problem_id: &problem_id,
        problem_dir: &spec.dir,
        problem,
        checker: &spec.checker,
        solution: &prepared,
        limits,
        enforced: limits,
        tests: &[],
        jobs: 1,
        stop_at_first_failure: true,
    };
    let scratch = Scratch::new(&runner.sandbox)?;
    // One sandbox session for the whole search and shrink.
    let worker = std::cell::RefCell::new(execute::Worker::default());
    let run_input = |input: &str| -> TestOutcome {
        let test = PlannedTest {
            name: "stress".into(),
            source: TestSource::Inline {
                input: input.to_string(),
            },
        };
        execute::run_test(&run, &scratch, &mut worker.borrow_mut(), &test)
    };
    let budget = Duration::from_secs_f64(args.time.unwrap_or(60.0).clamp(0.1, 1e6));
    let started = Instant::now();
    let mut index = 0u64;
    let failure = loop {
        let out_of_budget = match args.count {
            Some(count) => index >= count,
            None => started.elapsed() >= budget,
        };
        if out_of_budget || judge::cleanup::interrupted() {
            println!(
                "no failure in {index} tests ({:.1} s, seed {seed}): {} looks right on these",
                started.elapsed().as_secs_f64(),
                args.solution.display()
            );
            return Ok(exit::ACCEPTED);
        }
        let size = stress::size_for(index, SIZE_RAMP);
        let input = problems::generate_test(
            problem,
            seed,
            GenRequest {
                index,
                size_percent: size,
            },
        );
        let outcome = run_input(&input);
        if !outcome.verdict.is_accepted() {
            break (index, size, input, outcome);
        }
        index += 1;
    };
    let (index, size, original, outcome) = failure;
    println!(
        "test {index} (size {size} %) fails: {}",
        outcome.verdict_with_message()
    );
    println!("shrinking (at most {} runs)...", args.shrink_budget);
    let kind = outcome.verdict;
    let shrunk = stress::shrink(problem, &original, args.shrink_budget, |candidate| {
        run_input(candidate).verdict.same_kind(&kind)
    });
    let minimal = run_input(&shrunk.input);
    let expected = problem
        .solve(&shrunk.input)
        .map_err(|e| anyhow!("the reference rejected the minimal input: {e}"))?;
    let sizes = if original.len() == shrunk.input.len() {
        String::new()
    } else {
        format!(": {} -> {} bytes", original.len(), shrunk.input.len())
    };
    println!(
        "shrunk in {} steps ({} runs){sizes}\n",
        shrunk.steps, shrunk.attempts
    );
    print!(
        "{}",
        stress::side_by_side(
            "original input",
            &original,
            "minimal input",
            &shrunk.input,
            40
        )
    );
    println!();
    print!(
        "{}",
        stress::side_by_side(
            "expected output",
            &expected,
            "received output",
            &minimal.received_head,
            40
        )
    );
    println!(
        "\nverdict on the minimal input: {}",
        minimal.verdict_with_message()
    );
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    let name = format!("{problem_id}-seed{seed}-test{index}");
    let base = args.out.join(&name);
    std::fs::write(base.with_extension("in"), &shrunk.input)?;
    std::fs::write(base.with_extension("ans"), &expected)?;
    println!("saved {} and .ans", base.with_extension("in").display());
    println!(
        "rerun it: judge test {} --problem {problem_id} --tests-dir {}",
        args.solution.display(),
        args.out.display()
    );
    println!("the original: judge gen {problem_id} --seed {seed} --index {index} --size {size}");
    Ok(exit::NOT_ACCEPTED)
}
