//! `judge bench`: the benchmark suite (see `judge::bench` and BENCHMARKS.md).

use std::path::Path;

use anyhow::Result;
use clap::Args;

use judge::bench::{self, BenchRequest, GradeManyRequest};

use super::{bounded, exit, load_runner, stdout};

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Tiny tests for the grading-overhead figure.
    #[arg(long, value_name = "N", default_value = "300", allow_negative_numbers = true, value_parser = bounded::bench_runs)]
    pub tiny_tests: usize,
    /// Games for the interactor figure.
    #[arg(long, value_name = "N", default_value = "24", allow_negative_numbers = true, value_parser = bounded::bench_runs)]
    pub games: usize,
    /// Generated tests per problem for the reference-solver figures.
    #[arg(long, value_name = "N", default_value = "200", allow_negative_numbers = true, value_parser = bounded::bench_runs_u64)]
    pub solver_tests: u64,
    /// Only the many-submissions figure: `judge grade` on N generated submissions of boj12100
    /// against a shell loop of N `judge test` calls (minutes; see BENCHMARKS.md).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = bounded::bench_runs)]
    pub grade_many: Option<usize>,
    /// Interleaved pairs of the many-submissions figure, cold and warm compile cache each.
    #[arg(long, value_name = "N", default_value = "1", requires = "grade_many", allow_negative_numbers = true, value_parser = bounded::bench_runs)]
    pub pairs: usize,
    /// Near-limit runs on each side (with and without load) of the verdict-flip figure.
    #[arg(long, value_name = "N", default_value = "40", allow_negative_numbers = true, value_parser = bounded::bench_runs)]
    pub flip_runs: usize,
}

pub fn run(config: Option<&Path>, args: &BenchArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    if let Some(submissions) = args.grade_many {
        let request = GradeManyRequest {
            runner: &runner,
            submissions,
            pairs: args.pairs,
        };
        bench::grade_many(&request, &mut stdout())?;
        return Ok(exit::ACCEPTED);
    }
    let request = BenchRequest {
        runner: &runner,
        tiny_tests: args.tiny_tests,
        games: args.games,
        solver_tests: args.solver_tests,
        flip_runs: args.flip_runs,
        stop: judge::cleanup::Stop::on_signals(),
    };
    bench::run(&request, &mut stdout())?;
    Ok(exit::ACCEPTED)
}
