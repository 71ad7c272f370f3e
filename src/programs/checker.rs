//! A checker program judging one output: in the testlib convention it is called as
//! `checker input output answer` (exit 0 AC, 1 WA, 2 PE, 3 a failure of its own); in the
//! Kattis convention as `validator input answer feedback/ [args] < output` (exit 42 AC, 43 WA)
//! and its `judgemessage.txt` is the message. Anything else (a crash, a timeout, another exit
//! code) is a judge error naming it. A checker may give a partial score with its verdict
//! ([`check_scored`]): a Kattis `score.txt` (or `score_multiplier.txt`) in its feedback
//! folder, testlib's points (`quitp`, `_pc`) on its standard error.

use super::{Call, Ended, PartRun, ProblemProgram};
use crate::config::Convention;
use crate::scoring::aggregate::ValidatorScore;
use crate::scoring::score_file;
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
    check_scored(checker, input, output, answer, test_args).0
}

/// [`check`], with the partial score the checker gave, if it gave one. A score it gave that
/// cannot be read (not one finite number within bounds, or both score files) makes the check
/// a judge error saying why.
pub fn check_scored(
    checker: &ProblemProgram,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    test_args: &[String],
) -> (CheckOutcome, Option<ValidatorScore>) {
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
        Ok(run) => scored_outcome(checker, &run),
        Err(e) => (CheckOutcome::JudgeError(e.to_string()), None),
    }
}

/// What a checker's (or an interactor's) run says under its convention, with the partial
/// score it gave: the feedback folder's (Kattis), or the points on its standard error
/// (testlib, whose `quitp` and `_pc` exit with codes of their own: points on a run that
/// ended by itself are an accepted run worth them).
pub(super) fn scored_outcome(
    program: &ProblemProgram,
    run: &PartRun,
) -> (CheckOutcome, Option<ValidatorScore>) {
    let said = outcome(program, run);
    let ended_by_itself = matches!(run.ended(program.limits()), Ended::Exit(_));
    let score = match program.spec().convention {
        Convention::Kattis => run.feedback_score.clone().transpose(),
        Convention::Testlib if ended_by_itself => score_file::testlib_points(&run.stderr_head)
            .map(|points| points.map(ValidatorScore::Score)),
        Convention::Testlib => Ok(None),
    };
    match (score, said) {
        (Err(e), _) => (
            CheckOutcome::JudgeError(format!("the {}'s score: {e}", program.name())),
            None,
        ),
        (Ok(Some(score)), said) if program.spec().convention == Convention::Testlib => {
            let said = match said {
                CheckOutcome::JudgeError(_) => CheckOutcome::Accepted,
                other => other,
            };
            (said, Some(score))
        }
        (Ok(score), said) => (said, score),
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
