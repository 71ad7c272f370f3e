//! A solution run against an interactor program, each in its own sandbox session. The grader
//! relays their pipes (the interactor's standard output to the solution's input and the other
//! way round), so it sees which one's output ended first and passes that end on itself: the
//! other can only learn of it after the grader saw it, so the order is the true one even when
//! one ends because the other did (problemtools races on that). Kattis convention: the
//! interactor is called as `interactor input answer feedback/` (exit 42 AC, 43 WA); testlib:
//! `interactor input output` (exit 0 AC, 1 WA, 2 PE, 3 its own failure), `output` being a
//! file it may write in its feedback folder.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::OwnedFd;
use std::time::{Duration, Instant};

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

/// Runs the worker's solution under `limits` against `interactor` on a test; `test_args`
/// follow the interactor's own arguments (a Kattis group's flags).
pub fn run(
    worker: &mut Worker,
    limits: Limits,
    interactor: &ProblemProgram,
    input: &[u8],
    answer: &[u8],
    test_args: &[String],
) -> Result<Interaction, ExecError> {
    let pipe = || sandbox::pipe().map_err(ExecError::Files);
    let (solution_stdin, to_solution) = pipe()?;
    let (from_solution, solution_stdout) = pipe()?;
    let (interactor_stdin, to_interactor) = pipe()?;
    let (from_interactor, interactor_stdout) = pipe()?;
    for pipe in [&to_solution, &to_interactor] {
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
    call.args.extend(spec.args.iter().chain(test_args).cloned());
    // The interactor waits for the solution, which may run until its hard wall-clock limit.
    let wall = sandbox::hard_wall_limit(limits.wall_time) + INTERACTOR_MARGIN;
    std::thread::scope(|scope| {
        let interactor_side =
            scope.spawn(|| interactor.run_piped(&call, interactor_stdin, interactor_stdout, wall));
        let solution_said = scope.spawn(|| relay(from_solution, to_interactor));
        let interactor_said = scope.spawn(|| relay(from_interactor, to_solution));
        let solution = worker.run_piped(solution_stdin, solution_stdout, limits);
        let interactor_run = interactor_side
            .join()
            .unwrap_or_else(|_| Err(interactor_panicked(interactor)));
        let solution_ended = solution_said.join().unwrap_or(Relayed::ReaderGone);
        let interactor_ended = interactor_said.join().unwrap_or(Relayed::ReaderGone);
        let solution = solution?;
        let facts = solution.facts;
        let interactor_first = match (interactor_ended, solution_ended) {
            (Relayed::Ended(interactor), Relayed::Ended(solution)) => interactor < solution,
            // The interactor stopped reading before the solution stopped writing.
            (Relayed::Ended(_), Relayed::ReaderGone) => true,
            _ => false,
        };
        let said = match interactor_run {
            // It wrote to a solution that had ended: it had no verdict yet, and the solution's
            // own end decides (a crash, a timeout, or ending too soon).
            Ok(run) if !interactor_first && run.facts.killed_by_broken_pipe() => {
                CheckOutcome::WrongAnswer(
                    "the program ended before the interaction was over".into(),
                )
            }
            Ok(run) => outcome(interactor, &run),
            Err(e) => CheckOutcome::JudgeError(e.to_string()),
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

/// How one side's output ended, as the relay saw it.
#[derive(Debug, Clone, Copy)]
enum Relayed {
    /// Its output ended (it exited or closed it) at this moment.
    Ended(Instant),
    /// The other side stopped reading first.
    ReaderGone,
}

/// Copies one side's output to the other's input until it ends, then closes that input (so
/// the other side learns of the end from here, after it was noted).
fn relay(from: OwnedFd, to: OwnedFd) -> Relayed {
    let mut from = File::from(from);
    let mut to = File::from(to);
    let mut buffer = [0u8; 1 << 16];
    loop {
        match from.read(&mut buffer) {
            Ok(0) => return Relayed::Ended(Instant::now()),
            Ok(read) => {
                if to.write_all(&buffer[..read]).is_err() {
                    // Dropping `from` now gives the writer SIGPIPE, as a direct pipe would.
                    return Relayed::ReaderGone;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return Relayed::Ended(Instant::now()),
        }
    }
}

/// The error for an interactor thread that panicked (a bug of the grader's).
fn interactor_panicked(interactor: &ProblemProgram) -> super::PartError {
    super::PartError::Run {
        name: interactor.name().to_string(),
        cause: ExecError::Files(std::io::Error::other("the interactor's thread panicked")),
    }
}
