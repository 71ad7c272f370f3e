//! A checker program judging one output: in the testlib convention it is called as
//! `checker input output answer` (exit 0 AC, 1 WA, 2 PE, 3 a failure of its own); in the
//! Kattis convention as `validator input answer feedback/ [args] < output` (exit 42 AC, 43 WA)
//! and its `judgemessage.txt` is the message. Anything else (a crash, a timeout, another exit
//! code) is a judge error naming it.

use super::{Call, Ended, PartRun, ProblemProgram};
use crate::config::Convention;
use crate::verdict::CheckOutcome;

/// Runs `checker` on a test's `input`, the solution's `output` and the expected `answer`;
/// `test_args` follow the checker's own arguments (a Kattis group's flags).
pub fn check(
    checker: &ProblemProgram,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    test_args: &[String],
) -> CheckOutcome {
    let spec = checker.spec();
    let call = match spec.convention {
        Convention::Testlib => Call {
            args: ["input", "output", "answer"].map(String::from).to_vec(),
            files: vec![("input", input), ("output", output), ("answer", answer)],
            ..Call::default()
        },
        Convention::Kattis => Call {
            args: ["input", "answer", "feedback/"].map(String::from).to_vec(),
            stdin: output,
            files: vec![("input", input), ("answer", answer)],
        },
    };
    let mut call = call;
    call.args.extend(spec.args.iter().chain(test_args).cloned());
    match checker.run(&call) {
        Ok(run) => outcome(checker, &run),
        Err(e) => CheckOutcome::JudgeError(e.to_string()),
    }
}

/// What a checker's (or an interactor's) run says under its convention.
pub(super) fn outcome(program: &ProblemProgram, run: &PartRun) -> CheckOutcome {
    judged(
        program.spec().convention,
        program.name(),
        run.ended(program.limits()),
        run.message(),
    )
}

/// What a checker (or an interactor) named `name` says under `convention`, from how its run
/// ended and its message: the convention's exit codes give AC, WA and PE; anything else is a
/// judge error naming it.
pub fn judged(convention: Convention, name: &str, ended: Ended, message: String) -> CheckOutcome {
    match (ended, convention) {
        (Ended::Abnormally(why), _) => CheckOutcome::JudgeError(format!("the {name} {why}")),
        (Ended::Exit(0), Convention::Testlib) | (Ended::Exit(42), Convention::Kattis) => {
            CheckOutcome::Accepted
        }
        (Ended::Exit(1), Convention::Testlib) | (Ended::Exit(43), Convention::Kattis) => {
            CheckOutcome::WrongAnswer(message)
        }
        (Ended::Exit(2), Convention::Testlib) => CheckOutcome::PresentationError(message),
        (Ended::Exit(3), Convention::Testlib) => {
            CheckOutcome::JudgeError(format!("the {name} failed: {message}"))
        }
        (Ended::Exit(code), _) => CheckOutcome::JudgeError(format!(
            "the {name} ended with exit code {code}, which its convention does not allow: {message}"
        )),
    }
}
