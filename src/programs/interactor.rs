//! A solution run against an interactor program: the two are joined by pipes (the
//! interactor's standard output is the solution's input and the other way round), each in its
//! own sandbox session, and the grader notes which ended first. Kattis convention: the
//! interactor is called as `interactor input answer feedback/` (exit 42 AC, 43 WA); testlib:
//! `interactor input output` (exit 0 AC, 1 WA, 2 PE, 3 its own failure), `output` being a
//! file it may write in its feedback folder.

use std::time::Duration;

use super::checker::outcome;
use super::{Call, ProblemProgram};
use crate::config::Convention;
use crate::execute::{ExecError, Worker};
use crate::limits::Limits;
use crate::sandbox::{self, RunFacts};
use crate::verdict::{CheckOutcome, StderrSays};

/// What an interactive run gave.
#[derive(Debug)]
pub struct Interaction {
    /// The solution's facts and the head of its standard error.
    pub solution: RunFacts,
    pub solution_stderr: String,
    /// What the solution's standard error said (a runtime's heap that ran out).
    pub solution_stderr_says: StderrSays,
    /// What the interactor said (its verdict and message), or why it failed.
    pub interactor: CheckOutcome,
    /// The interactor ended before the solution.
    pub interactor_first: bool,
}

/// How long, past the solution's hardest wall-clock limit, the interactor may wait for it.
const INTERACTOR_MARGIN: Duration = Duration::from_secs(2);

/// Runs the worker's solution under `limits` against `interactor` on a test.
pub fn run(
    worker: &mut Worker,
    limits: Limits,
    interactor: &ProblemProgram,
    input: &[u8],
    answer: &[u8],
) -> Result<Interaction, ExecError> {
    let (solution_stdin, interactor_stdout) = sandbox::pipe().map_err(ExecError::Files)?;
    let (interactor_stdin, solution_stdout) = sandbox::pipe().map_err(ExecError::Files)?;
    for pipe in [&interactor_stdout, &solution_stdout] {
        sandbox::set_pipe_capacity(pipe, 1 << 16);
    }
    let spec = interactor.spec();
    let mut call = match spec.convention {
        Convention::Kattis => Call {
            args: ["input", "answer", "feedback/"].map(String::from).to_vec(),
            files: vec![("input", input), ("answer", answer)],
            ..Call::default()
        },
        Convention::Testlib => Call {
            args: ["input", "feedback/output"].map(String::from).to_vec(),
            files: vec![("input", input)],
            ..Call::default()
        },
    };
    call.args.extend(spec.args.iter().cloned());
    // The interactor waits for the solution, which may run until its hard wall-clock limit.
    let wall = sandbox::hard_wall_limit(limits.wall_time) + INTERACTOR_MARGIN;
    std::thread::scope(|scope| {
        let interactor_side =
            scope.spawn(|| interactor.run_piped(&call, interactor_stdin, interactor_stdout, wall));
        let solution = worker.run_piped(solution_stdin, solution_stdout, limits);
        let interactor_run = interactor_side
            .join()
            .unwrap_or_else(|_| Err(interactor_panicked(interactor)));
        let solution = solution?;
        let facts = solution.facts;
        // Which ended first, by the system's monotonic clock read as each was reaped.
        let (said, interactor_first) = match interactor_run {
            Ok(run) => (
                outcome(interactor, &run),
                run.facts.ended_at_ns != 0 && run.facts.ended_at_ns < facts.ended_at_ns,
            ),
            Err(e) => (CheckOutcome::JudgeError(e.to_string()), false),
        };
        Ok(Interaction {
            solution: facts,
            solution_stderr: solution.stderr_head,
            solution_stderr_says: solution.stderr_says,
            interactor: said,
            interactor_first,
        })
    })
}

/// The error for an interactor thread that panicked (a bug of the grader's).
fn interactor_panicked(interactor: &ProblemProgram) -> super::PartError {
    super::PartError::Run {
        name: interactor.name().to_string(),
        cause: ExecError::Files(std::io::Error::other("the interactor's thread panicked")),
    }
}
