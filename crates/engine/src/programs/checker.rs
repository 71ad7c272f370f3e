//! A checker program judging one output: in the testlib convention it is called as
//! `checker input output answer` (exit 0 AC, 1 WA, 2 PE, 3 a failure of its own); in the
//! Kattis convention as `validator input answer feedback/ [args] < output` (exit 42 AC, 43 WA)
//! and its `judgemessage.txt` is the message. Anything else (a crash, a timeout, another exit
//! code) is a judge error naming it. A checker may give a partial score with its verdict
//! ([`check_scored`]): a Kattis `score.txt` (or `score_multiplier.txt`) in its feedback
//! folder, testlib's points (`quitp`, `_pc`) on its standard error. In the CMS convention it
//! is called as `checker input answer output`, exits 0 and writes its outcome, a number from
//! 0 to 1, on the first line of its standard output ([`cms_outcome`]). A 2025-09 output
//! visualizer is called the same way after it ([`visualize`]) and leaves an image.

use super::{Call, Ended, Keep, KeptFolder, PartError, PartRun, ProblemProgram};
use judge_core::config::Convention;
use judge_core::files::Cap;
use judge_core::scoring::aggregate::ValidatorScore;
use judge_core::scoring::score_file;
use judge_core::verdict::CheckOutcome;

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
    let call = call_of(
        checker,
        checker.spec().convention,
        input,
        output,
        answer,
        test_args,
    );
    scored_or_error(checker, checker.run(&call))
}

/// [`check_scored`] run in `kept`, the checker's folder kept after the run, so that its
/// feedback folder can be read as it left it (`KeptFolder::feedback_files`, for the output
/// visualizer).
pub fn check_kept(
    kept: &mut KeptFolder,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    test_args: &[String],
) -> (CheckOutcome, Option<ValidatorScore>) {
    let checker = kept.program();
    let call = call_of(
        checker,
        checker.spec().convention,
        input,
        output,
        answer,
        test_args,
    );
    scored_or_error(checker, kept.run(&call))
}

/// The checker's word on a test from its run, or the judge error its failure to run is.
fn scored_or_error(
    checker: &ProblemProgram,
    run: Result<PartRun, PartError>,
) -> (CheckOutcome, Option<ValidatorScore>) {
    match run {
        Ok(run) => scored_outcome(checker, &run),
        Err(e) => (CheckOutcome::JudgeError(e.to_string()), None),
    }
}

/// How `program` is called on a test under `convention` (its files, its standard input),
/// its own arguments and then `test_args` after the convention's.
fn call_of<'a>(
    program: &ProblemProgram,
    convention: Convention,
    input: &'a [u8],
    output: &'a [u8],
    answer: &'a [u8],
    test_args: &[String],
) -> Call<'a> {
    let mut call = match convention {
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
        Convention::Cms => Call {
            args: ["input", "answer", "output"].map(String::from).to_vec(),
            files: vec![("input", input), ("answer", answer), ("output", output)],
            ..Call::default()
        },
    };
    call.args
        .extend(program.spec().args.iter().chain(test_args).cloned());
    call
}

/// What a multi-pass problem's output validator says of one pass.
#[derive(Debug, Clone, PartialEq)]
pub enum PassOutcome {
    /// The last pass: its outcome and score (no `nextpass.in`).
    Final(CheckOutcome, Option<ValidatorScore>),
    /// Accepted, and another pass asked for: the submission runs again on this input.
    Again(Vec<u8>),
}

/// Runs a multi-pass problem's output validator (Kattis convention) on one pass, in the
/// folder kept for the test's passes (`validator`, of `checker`): exit 42 with `nextpass.in`
/// asks for another pass; `nextpass.in` with any other ending is a judge error naming it.
pub fn check_pass(
    checker: &ProblemProgram,
    validator: &mut KeptFolder,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    test_args: &[String],
) -> PassOutcome {
    let call = call_of(
        checker,
        Convention::Kattis,
        input,
        output,
        answer,
        test_args,
    );
    let run = match validator.run(&call) {
        Ok(run) => run,
        Err(e) => return PassOutcome::Final(CheckOutcome::JudgeError(e.to_string()), None),
    };
    let (said, score) = scored_outcome(checker, &run);
    pass_outcome(checker, said, score, run.next_pass)
}

/// What a multi-pass problem's output validator or interactor (`program`) says of a pass
/// from its word (`said`, `score`) and the `nextpass.in` it left, if any: another pass when
/// it accepted (exit 42) and left one; a judge error naming the file when it left one with
/// any other ending or one that cannot be read.
pub fn pass_outcome(
    program: &ProblemProgram,
    said: CheckOutcome,
    score: Option<ValidatorScore>,
    next_pass: Option<Result<Vec<u8>, String>>,
) -> PassOutcome {
    match (said, next_pass) {
        (said, None) => PassOutcome::Final(said, score),
        (CheckOutcome::Accepted, Some(Ok(next))) => PassOutcome::Again(next),
        (CheckOutcome::Accepted, Some(Err(e))) => PassOutcome::Final(
            CheckOutcome::JudgeError(format!(
                "the {}'s feedback/nextpass.in cannot be read: {e}",
                program.name()
            )),
            None,
        ),
        (said, Some(_)) => PassOutcome::Final(
            CheckOutcome::JudgeError(format!(
                "the {} wrote feedback/nextpass.in but did not accept the pass (only exit 42 asks for another pass): {}",
                program.name(),
                ended_as(&said)
            )),
            None,
        ),
    }
}

/// How a checker's outcome came about, in a judge error's words.
fn ended_as(outcome: &CheckOutcome) -> String {
    match outcome {
        CheckOutcome::Accepted => "it accepted".into(),
        CheckOutcome::WrongAnswer(m) => format!("it rejected the output (exit 43){}", said(m)),
        CheckOutcome::PresentationError(m) => format!("a presentation error{}", said(m)),
        CheckOutcome::JudgeError(m) => m.clone(),
    }
}

/// Whether `name` is an image the 2025-09 format lets an output validator or visualizer leave
/// in its feedback folder: `judgeimage.<ext>` or `teamimage.<ext>`, or one of several numbered
/// ones, `judgeimage-<id>.<ext>` or `teamimage-<id>.<ext>` (`<id>` any name), `<ext>` one of
/// `png`, `jpg`, `jpeg` and `svg`.
pub fn is_output_image(name: &str) -> bool {
    let Some((stem, ext)) = name.rsplit_once('.') else {
        return false;
    };
    matches!(ext, "png" | "jpg" | "jpeg" | "svg")
        && ["judgeimage", "teamimage"]
            .iter()
            .any(|base| match stem.strip_prefix(base) {
                Some(rest) => {
                    rest.is_empty() || rest.strip_prefix('-').is_some_and(|id| !id.is_empty())
                }
                None => false,
            })
}

/// Runs a 2025-09 output visualizer as the output validator was run
/// (`visualizer input answer feedback/ [args] < output`, `args` the test's
/// `output_visualizer_args`), in a fresh folder of its own under its limits, its feedback
/// folder holding a copy of the files the validator left there (`feedback`, by their paths
/// in it): what it writes there changes nothing the verdict was decided from. Gives every
/// image left in the feedback folder ([`is_output_image`]: its name there and its bytes, in
/// byte order of the names, as the format says they are shown; the visualizer's, or the
/// validator's it did not replace), or why there is none: it did not exit 0, it ran out of a
/// limit, no image is there. Never a verdict: the caller shows the reason as a warning.
pub fn visualize(
    visualizer: &ProblemProgram,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    args: &[String],
    feedback: &[(String, Vec<u8>)],
    cap: Cap,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let names: Vec<String> = feedback
        .iter()
        .map(|(name, _)| format!("feedback/{name}"))
        .collect();
    let mut call = call_of(visualizer, Convention::Kattis, input, output, answer, args);
    call.files.extend(
        names
            .iter()
            .zip(feedback)
            .map(|(name, (_, bytes))| (name.as_str(), bytes.as_slice())),
    );
    let keep = Keep::Matching {
        folder: "feedback",
        wanted: is_output_image,
    };
    let (run, left) = visualizer
        .run_keeping(&call, keep, cap)
        .map_err(|e| e.to_string())?;
    match run.ended(visualizer.limits()) {
        Ended::Exit(0) if left.is_empty() => Err(
            "made no image (feedback/teamimage.<png|svg|jpg|jpeg>, judgeimage.<...>, or \
             numbered ones, teamimage-<id>.<...>)"
                .into(),
        ),
        Ended::Exit(0) => Ok(left
            .into_iter()
            .map(|(file, image)| (file.trim_start_matches("feedback/").to_string(), image))
            .collect()),
        Ended::Exit(code) => Err(format!("exited with code {code}: {}", run.message())),
        Ended::Abnormally(why) => Err(why),
    }
}

/// [`check_scored`] with each of `checkers` in turn (a legacy Kattis package's output
/// validators: the output must pass all of them): the first that does not accept it gives the
/// outcome; when all accept, the last one's outcome and score.
pub fn check_in_turn<'a>(
    checkers: impl IntoIterator<Item = &'a ProblemProgram>,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    test_args: &[String],
) -> (CheckOutcome, Option<ValidatorScore>) {
    let mut said = (CheckOutcome::JudgeError("no checker to run".into()), None);
    for checker in checkers {
        said = check_scored(checker, input, output, answer, test_args);
        if said.0 != CheckOutcome::Accepted {
            break;
        }
    }
    said
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
    if program.spec().convention == Convention::Cms {
        return cms_outcome(program, run, said);
    }
    let score = match program.spec().convention {
        Convention::Kattis => run.feedback_score.clone().transpose(),
        Convention::Testlib if ended_by_itself => score_file::testlib_points(&run.stderr_head)
            .map(|points| points.map(ValidatorScore::Score)),
        Convention::Testlib | Convention::Cms => Ok(None),
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

/// What a checker of the CMS convention says: the number on the first line of its standard
/// output, from 0 to 1, when it exited 0 (`said` is then accepted): 1 accepted, 0 a wrong
/// answer, between an accepted run worth that fraction. Anything else is a judge error.
fn cms_outcome(
    program: &ProblemProgram,
    run: &PartRun,
    said: CheckOutcome,
) -> (CheckOutcome, Option<ValidatorScore>) {
    if !matches!(said, CheckOutcome::Accepted) {
        return (said, None);
    }
    let stdout = String::from_utf8_lossy(&run.stdout);
    let judge_error =
        |why: String| CheckOutcome::JudgeError(format!("the {}'s outcome: {why}", program.name()));
    match score_file::fraction_on_a_line(&stdout, "its standard output") {
        Err(e) => (judge_error(e.to_string()), None),
        Ok(outcome) if outcome >= 1.0 => (CheckOutcome::Accepted, None),
        Ok(outcome) if outcome <= 0.0 => (CheckOutcome::WrongAnswer(cms_message(run)), None),
        Ok(outcome) => (CheckOutcome::Accepted, Some(ValidatorScore::Score(outcome))),
    }
}

/// A CMS checker's message: its standard error (its standard output holds the outcome).
fn cms_message(run: &PartRun) -> String {
    judge_core::check::clip(run.stderr_head.trim(), 2000)
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
        // A CMS checker's exit 0 says only that it judged: its outcome is on its standard
        // output (see `cms_outcome`).
        (Ended::Exit(0), Convention::Testlib | Convention::Cms)
        | (Ended::Exit(42), Convention::Kattis) => CheckOutcome::Accepted,
        (Ended::Exit(1), Convention::Testlib) | (Ended::Exit(43), Convention::Kattis) => {
            CheckOutcome::WrongAnswer(message)
        }
        (Ended::Exit(2), Convention::Testlib) => CheckOutcome::PresentationError(message),
        (Ended::Exit(3), Convention::Testlib) => {
            CheckOutcome::JudgeError(format!("the {name} failed{}", said(&message)))
        }
        (Ended::Exit(code), _) => CheckOutcome::JudgeError(format!(
            "the {name} ended with exit code {code}, which its convention does not allow{}",
            said(&message)
        )),
    }
}

/// What a failing checker said, after a colon; nothing when it said nothing.
fn said(message: &str) -> String {
    if message.trim().is_empty() {
        String::new()
    } else {
        format!(": {message}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_images_are_judgeimage_and_teamimage_one_or_numbered() {
        for name in [
            "judgeimage.png",
            "teamimage.svg",
            "teamimage.jpeg",
            "judgeimage-01.jpg",
            "teamimage-step 3.svg",
        ] {
            assert!(is_output_image(name), "{name}");
        }
        for name in [
            "teamimage-.svg",
            "teamimage.gif",
            "teamimage.SVG",
            "teamimage",
            "picture.png",
            "teamimages.png",
            "judgemessage.txt",
        ] {
            assert!(!is_output_image(name), "{name}");
        }
    }

    #[test]
    fn a_judge_error_quotes_the_checker_only_when_it_said_something() {
        let silent = judged(
            Convention::Kattis,
            "checker c",
            Ended::Exit(1),
            " \n".into(),
        );
        assert_eq!(
            silent,
            CheckOutcome::JudgeError(
                "the checker c ended with exit code 1, which its convention does not allow".into()
            )
        );
        let failed = judged(
            Convention::Testlib,
            "checker c",
            Ended::Exit(3),
            "no".into(),
        );
        assert_eq!(
            failed,
            CheckOutcome::JudgeError("the checker c failed: no".into())
        );
    }

    #[test]
    fn a_cms_checker_judges_by_its_outcome_and_exits_0() {
        let judged_as = |code| judged(Convention::Cms, "checker c", Ended::Exit(code), "m".into());
        // Exit 0 says it judged; its outcome (standard output) says how (`cms_outcome`).
        assert_eq!(judged_as(0), CheckOutcome::Accepted);
        for code in [1, 2, 42] {
            assert!(
                matches!(judged_as(code), CheckOutcome::JudgeError(_)),
                "{code}"
            );
        }
    }
}
