//! A solution run against an interactor program, each in its own sandbox session, their pipes
//! joined directly (the interactor's standard output is the solution's input and the other way
//! round), as on Kattis. The grader holds a copy of both ends of each pipe until the program
//! that owns them has been reaped: only then can the other one see the end of its input or be
//! refused a write (SIGPIPE). So a program that ends because the other did is always reaped
//! after it, and the order of the two reapings (each stamped by its keeper) is the true one
//! (problemtools holds the write ends alone and races on SIGPIPE). The grader no longer copies
//! the bytes itself: a relay of its own between the two doubled the wake-ups of each round and
//! charged the solution for them (measured: 100k rounds cost the same C program 0.29 s of CPU
//! time joined directly, 0.49 s through a relay of two threads; see tests/e2e/interactive_cpu.rs).
//! Kattis convention: the interactor is called as `interactor input answer feedback/` (exit 42
//! AC, 43 WA); testlib: `interactor input output` (exit 0 AC, 1 WA, 2 PE, 3 its own failure),
//! `output` being a file it may write in its feedback folder.

use std::fs::File;
use std::io::Read;
use std::os::fd::OwnedFd;
use std::sync::Mutex;
use std::time::Duration;

use super::checker::scored_outcome;
use super::{Call, KeptFolder, ProblemProgram};
use crate::execute::{ExecError, Worker};
use judge_core::config::Convention;
use judge_core::limits::Limits;
use judge_core::scoring::aggregate::ValidatorScore;
use judge_core::verdict::{CheckOutcome, StderrSays};
use judge_sandbox::{self as sandbox, RunFacts};

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
    /// The partial score the interactor gave (its feedback folder's `score.txt`), if any.
    pub interactor_score: Option<ValidatorScore>,
    /// The `nextpass.in` the interactor left in its feedback folder (a multi-pass problem's
    /// interactor asks for another pass with it), or why it cannot be read.
    pub next_pass: Option<Result<Vec<u8>, String>>,
    /// What a testlib interactor wrote to its output file (the second argument), which the
    /// problem's checker then checks, or why it cannot be read; `None` in other conventions.
    pub interactor_output: Option<Result<Vec<u8>, String>>,
}

/// How long, past the solution's hardest wall-clock limit, the interactor may wait for it.
const INTERACTOR_MARGIN: Duration = Duration::from_secs(2);

/// The interactor's call on a test in its convention, `args` after its own: Kattis'
/// `interactor input answer feedback/`; testlib's `interactor input output [answer]` (the
/// answer too, which an interactor may read; none when `answer` is `None`, the reference
/// making it: a Kattis interactor then gets an empty one).
fn interactor_call<'a>(
    spec: &judge_core::config::ProgramSpec,
    input: &'a [u8],
    answer: Option<&'a [u8]>,
    args: &[String],
) -> Call<'a> {
    let mut call = match spec.convention {
        Convention::Kattis => Call {
            args: ["input", "answer", "feedback/"].map(String::from).to_vec(),
            files: vec![("input", input), ("answer", answer.unwrap_or_default())],
            ..Call::default()
        },
        Convention::Testlib => {
            let mut call = Call {
                args: ["input", "feedback/output"].map(String::from).to_vec(),
                files: vec![("input", input)],
                ..Call::default()
            };
            if let Some(answer) = answer {
                call.args.push("answer".into());
                call.files.push(("answer", answer));
            }
            call
        }
        // `config` gives the CMS convention to checkers alone.
        Convention::Cms => Call {
            args: ["input", "feedback/output"].map(String::from).to_vec(),
            files: vec![("input", input)],
            ..Call::default()
        },
    };
    call.args.extend(spec.args.iter().chain(args).cloned());
    call
}

/// Runs the worker's solution under `limits` against the interactor on a test, in the
/// interactor's `kept` folder (a fresh one for a test of one pass; a multi-pass test's passes
/// share one, as they share its feedback folder); `test_args` follow the interactor's own
/// arguments (a Kattis group's flags), `solution_args` the solution's (a test's `args`).
pub fn run(
    worker: &mut Worker,
    limits: Limits,
    kept: &mut KeptFolder,
    input: &[u8],
    answer: &[u8],
    test_args: &[String],
    solution_args: &[String],
) -> Result<Interaction, ExecError> {
    let pipe = || sandbox::pipe().map_err(ExecError::Files);
    let (solution_stdin, interactor_stdout) = pipe()?;
    let (interactor_stdin, solution_stdout) = pipe()?;
    for pipe in [&interactor_stdout, &solution_stdout] {
        sandbox::set_pipe_capacity(pipe, 1 << 16);
    }
    let held_for_interactor = HeldEnds::of(&interactor_stdin, &interactor_stdout)?;
    let held_for_solution = HeldEnds::of(&solution_stdin, &solution_stdout)?;
    let interactor = kept.program();
    let spec = interactor.spec();
    let call = interactor_call(spec, input, Some(answer), test_args);
    // The interactor waits for the solution, which may run until its hard wall-clock limit.
    let wall = sandbox::hard_wall_limit(limits.wall_time) + INTERACTOR_MARGIN;
    let testlib = spec.convention == Convention::Testlib;
    std::thread::scope(|scope| {
        let interactor_side = scope.spawn(|| {
            let run = kept.run_piped(&call, interactor_stdin, interactor_stdout, wall);
            // Reaped (or never started): the solution may now see that it has gone.
            drop(held_for_interactor);
            let output = testlib.then(|| kept.feedback_file("output"));
            (run, output)
        });
        let solution = worker.run_piped(solution_stdin, solution_stdout, solution_args, limits);
        // Reaped: the interactor may now see the end of its input. What it still writes is
        // read and dropped until it ends, so that it is never refused a write (on Kattis the
        // solution's input stays open until the interactor has ended: a Python interactor
        // whose last flush fails exits 120, not with its verdict).
        let HeldEnds { input, output } = held_for_solution;
        drop(output);
        drain(input);
        let (mut interactor_run, interactor_output) = interactor_side
            .join()
            .unwrap_or_else(|_| (Err(interactor_panicked(interactor)), None));
        // An interactor cut short by the solution's end asks for no next pass.
        let next_pass = match &mut interactor_run {
            Ok(run) if !run.facts.killed_by_broken_pipe() => run.next_pass.take(),
            _ => None,
        };
        let solution = solution?;
        let facts = solution.facts;
        let interactor_first = match &interactor_run {
            Ok(run) => ended_first(run.facts.ended_at_ns, facts.ended_at_ns),
            Err(_) => false,
        };
        let (said, interactor_score) = match interactor_run {
            // It wrote to a solution that had ended: it had no verdict yet, and the solution's
            // own end decides (a crash, a timeout, or ending too soon).
            Ok(run) if !interactor_first && run.facts.killed_by_broken_pipe() => (
                CheckOutcome::WrongAnswer(
                    "the program ended before the interaction was over".into(),
                ),
                None,
            ),
            Ok(run) => scored_outcome(interactor, &run),
            Err(e) => (CheckOutcome::JudgeError(e.to_string()), None),
        };
        Ok(Interaction {
            solution: facts,
            solution_stderr: solution.stderr_head,
            solution_stderr_says: solution.stderr_says,
            interactor: said,
            interactor_first,
            interactor_score,
            next_pass,
            interactor_output,
        })
    })
}

/// One pass of a problem program (`solution`: a sample's solution in `judge generate`, a
/// Polygon package's main solution making a test's answer) against the interactor in its
/// `kept` folder, through the grader, which copies the bytes between them and, when `log` is
/// given, writes the exchange to it line by line as BAPCtools' `.interaction` has it: `<`
/// before a line the interactor wrote, `>` before one the solution wrote, in the order the
/// lines were complete. The copying costs each round two wake-ups more than [`run`]'s joined
/// pipes, so grading never takes this way. `answer` `None`: there is none yet (see
/// [`interactor_call`]). Gives the interactor's word (with the next pass it asks for, if any,
/// and a testlib interactor's output file) and the solution's run.
pub fn run_recorded(
    solution: &ProblemProgram,
    kept: &mut KeptFolder,
    input: &[u8],
    answer: Option<&[u8]>,
    args: &[String],
    log: Option<&Mutex<Vec<u8>>>,
) -> Result<RecordedPass, ExecError> {
    let pipe = || sandbox::pipe().map_err(ExecError::Files);
    let (solution_stdin, to_solution) = pipe()?;
    let (from_solution, solution_stdout) = pipe()?;
    let (interactor_stdin, to_interactor) = pipe()?;
    let (from_interactor, interactor_stdout) = pipe()?;
    let interactor = kept.program();
    let call = interactor_call(interactor.spec(), input, answer, args);
    let testlib = interactor.spec().convention == Convention::Testlib;
    let wall = solution.limits().wall_time + INTERACTOR_MARGIN;
    std::thread::scope(|scope| {
        scope.spawn(|| relay(from_interactor, to_solution, b'<', log));
        scope.spawn(|| relay(from_solution, to_interactor, b'>', log));
        let interactor_side = scope.spawn(|| {
            let run = kept.run_piped(&call, interactor_stdin, interactor_stdout, wall);
            let output = testlib.then(|| kept.feedback_file("output"));
            (run, output)
        });
        let solution_run = solution
            .keep_folder()
            .run_piped(&Call::default(), solution_stdin, solution_stdout, wall)
            .map_err(|e| ExecError::Files(std::io::Error::other(e.to_string())))?;
        let (interactor_run, interactor_output) = interactor_side
            .join()
            .unwrap_or_else(|_| (Err(interactor_panicked(interactor)), None));
        let interactor_run =
            interactor_run.map_err(|e| ExecError::Files(std::io::Error::other(e.to_string())))?;
        let (said, score) = scored_outcome(interactor, &interactor_run);
        Ok(RecordedPass {
            solution: solution_run,
            said,
            score,
            next_pass: interactor_run.next_pass,
            interactor_output,
        })
    })
}

/// What [`run_recorded`] gave.
pub struct RecordedPass {
    pub solution: super::PartRun,
    /// The interactor's word and score.
    pub said: CheckOutcome,
    pub score: Option<ValidatorScore>,
    /// The `nextpass.in` it left, if any.
    pub next_pass: Option<Result<Vec<u8>, String>>,
    /// What a testlib interactor wrote to its output file, or why it cannot be read; `None`
    /// in other conventions.
    pub interactor_output: Option<Result<Vec<u8>, String>>,
}

/// Copies what comes out of `from` into `to` until `from` ends (then `to` is closed, so the
/// reader sees the end too), writing each complete line to `log` (if any) after `mark`; a
/// last line without its newline is written when `from` ends. A reader that has gone does
/// not stop the copying: what is left is read and logged.
fn relay(from: OwnedFd, to: OwnedFd, mark: u8, log: Option<&Mutex<Vec<u8>>>) {
    let (mut from, mut to) = (File::from(from), Some(File::from(to)));
    let mut buffer = [0u8; 1 << 16];
    let mut line: Vec<u8> = Vec::new();
    let write_line = |line: &[u8]| {
        if let Some(Ok(mut log)) = log.map(Mutex::lock) {
            log.push(mark);
            log.extend_from_slice(line);
            log.push(b'\n');
        }
    };
    loop {
        let read = match from.read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => read,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let bytes = &buffer[..read];
        // Logged before it is passed on: the answer it brings is logged after it.
        for &byte in bytes.iter().filter(|_| log.is_some()) {
            if byte == b'\n' {
                write_line(&line);
                line.clear();
            } else {
                line.push(byte);
            }
        }
        if let Some(writer) = &mut to {
            if std::io::Write::write_all(writer, bytes).is_err() {
                to = None;
            }
        }
    }
    if !line.is_empty() {
        write_line(&line);
    }
}

/// The grader's copies of one program's ends of the two pipes: the write end of its output
/// (while held, the other program does not see the end of its input) and the read end of its
/// input (while held, the other program's writes go to the pipe instead of failing with
/// SIGPIPE). Let go once the program's session has answered.
struct HeldEnds {
    input: OwnedFd,
    output: OwnedFd,
}

impl HeldEnds {
    fn of(input: &OwnedFd, output: &OwnedFd) -> Result<HeldEnds, ExecError> {
        let copy = |fd: &OwnedFd| fd.try_clone().map_err(ExecError::Files);
        Ok(HeldEnds {
            input: copy(input)?,
            output: copy(output)?,
        })
    }
}

/// Reads and drops what comes out of a pipe until every writer has closed it.
fn drain(pipe: OwnedFd) {
    let mut pipe = File::from(pipe);
    let mut buffer = [0u8; 1 << 16];
    loop {
        match pipe.read(&mut buffer) {
            Ok(0) => return,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

/// Whether a program reaped at `first_ns` ended before one reaped at `second_ns` (monotonic
/// clock, [`RunFacts::ended_at_ns`]; 0: it never ran, so it ended at once). A program can
/// only have ended because the other did after the grader saw that one reaped, so the order
/// is never the reverse of the cause; two programs that ended on their own at nearly the same
/// moment are ordered as they were reaped.
fn ended_first(first_ns: u64, second_ns: u64) -> bool {
    match (first_ns, second_ns) {
        (_, 0) => false,
        (0, _) => true,
        (first, second) => first < second,
    }
}

/// The error for an interactor thread that panicked (a bug of the grader's).
fn interactor_panicked(interactor: &ProblemProgram) -> super::PartError {
    super::PartError::Run {
        name: interactor.name().to_string(),
        cause: ExecError::Files(std::io::Error::other("the interactor's thread panicked")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_program_reaped_first_ended_first_and_one_that_never_ran_at_once() {
        assert!(ended_first(100, 200));
        assert!(!ended_first(200, 100));
        assert!(ended_first(0, 200), "never ran");
        assert!(!ended_first(200, 0), "the other never ran");
        assert!(!ended_first(0, 0));
    }
}
