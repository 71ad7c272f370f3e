//! `judge bench`: the benchmark suite (see `judge::bench` and BENCHMARKS.md).

use std::path::Path;

use anyhow::Result;
use clap::Args;

use judge::bench::{self, BenchRequest};

use super::{exit, load_runner, stdout};

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Tiny tests for the grading-overhead figure.
    #[arg(long, default_value_t = 300)]
    pub tiny_tests: usize,
    /// Games for the interactor figure.
    #[arg(long, default_value_t = 24)]
    pub games: usize,
    /// Generated tests per problem for the reference-solver figures.
    #[arg(long, default_value_t = 200)]
    pub solver_tests: u64,
    /// Near-limit runs on each side (with and without load) of the verdict-flip figure.
    #[arg(long, default_value_t = 40)]
    pub flip_runs: usize,
}

pub fn run(config: Option<&Path>, args: &BenchArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    let request = BenchRequest {
        runner: &runner,
        tiny_tests: args.tiny_tests,
        games: args.games,
        solver_tests: args.solver_tests,
        flip_runs: args.flip_runs,
    };
    bench::run(&request, &mut stdout())?;
    Ok(exit::ACCEPTED)
}
