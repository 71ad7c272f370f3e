//! The format's checks of a package's validators (Kattis 2025-09, as BAPCtools' `bt validate`
//! runs them): each input of `data/invalid_input` must be rejected by at least one input
//! validator; the output validator must reject each `.out` of `data/invalid_output` and
//! accept each of `data/valid_output` (each with its `.in`, its `.ans` and its groups'
//! arguments); BAPCtools' answer validators must accept every test's answer and one of them
//! reject each of `data/invalid_answer`. What the input and answer validators said is given
//! in (`package` runs them, as it runs them on the tests); the output checks run here, one
//! after another (a package has few).
//! Each kind is one row of verify's package check; each case that fails it is named.

use std::sync::Arc;

use super::results::{CheckedInput, InputCheck};
use super::GradeError;
use crate::execute::Scratch;
use crate::programs::{checker, ProblemProgram};
use judge_core::check::Checker;
use judge_core::cleanup::Stop;
use judge_core::config::RunnerConfig;
use judge_core::verdict::CheckOutcome;
use judge_formats::kattis::testdata::{CaseKind, ValidatorCase};
use judge_formats::kattis::Package;

/// What the checks of the validators found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ValidatorChecks {
    /// One line per kind of check that has cases: `invalid_input: 6 cases, each rejected by an
    /// input validator`.
    pub rows: Vec<String>,
    /// Each case that fails its check, or could not be checked, with why.
    pub failures: Vec<String>,
    /// Cases not checked here, with why (an interactive problem's output checks).
    pub notes: Vec<String>,
    /// What is worth a look but fails nothing: junk inputs no input validator rejects.
    pub warnings: Vec<String>,
}

/// The row of a kind of check: how many cases, and how many failed.
fn row(kind: CaseKind, cases: usize, failed: usize, what: &str) -> String {
    let plural = if cases == 1 { "" } else { "s" };
    if failed == 0 {
        format!("{}: {cases} case{plural}, each {what}", kind.folder())
    } else {
        format!(
            "{}: {cases} case{plural}, {failed} not {what}",
            kind.folder()
        )
    }
}

/// The check of `data/invalid_input` (`kind`; or BAPCtools' `data/invalid_answer`) from
/// what the input (answer) validators said of its files (`checked`, each pair named by the
/// case's name): a case passes when one of them rejects it; a validator that failed on it is
/// named as a failure of its own.
pub fn rejected(
    kind: CaseKind,
    cases: &[&ValidatorCase],
    checked: &[CheckedInput],
    validators: usize,
    found: &mut ValidatorChecks,
) {
    if cases.is_empty() {
        return;
    }
    let what = match kind {
        CaseKind::InvalidAnswer => "answer",
        _ => "input",
    };
    if validators == 0 {
        found.notes.push(format!(
            "{}: {} cases not checked: the package has no {what} validator this judge runs",
            kind.folder(),
            cases.len()
        ));
        return;
    }
    let mut failed = 0;
    for case in cases {
        let said: Vec<&CheckedInput> = checked.iter().filter(|c| c.input == case.name).collect();
        let rejected = said
            .iter()
            .any(|c| matches!(c.check, InputCheck::Invalid(_)));
        for failure in said.iter().filter_map(|c| match &c.check {
            InputCheck::Failed(why) => Some(why),
            _ => None,
        }) {
            found.failures.push(format!("{}: {failure}", case.name));
        }
        if !rejected {
            failed += 1;
            found.failures.push(format!(
                "{}: no {what} validator rejects it (an invalid {what} must be rejected)",
                case.name
            ));
        }
    }
    found.rows.push(row(
        kind,
        cases.len(),
        failed,
        &format!("rejected by an {what} validator"),
    ));
}

/// The check of every test's answer by the answer validators (BAPCtools'
/// `answer_validators/`): each must be accepted by all of them; `checked` holds what each
/// said of each answer. One row (`answers: 3 answers, each accepted by 2 answer
/// validators`), and each answer refused, or a validator that failed on it, named.
pub fn answers(
    tests: usize,
    checked: &[CheckedInput],
    validators: usize,
    found: &mut ValidatorChecks,
) {
    if validators == 0 || tests == 0 {
        return;
    }
    let mut refused: Vec<&str> = Vec::new();
    for pair in checked {
        if let Some(problem) = pair.problem() {
            found.failures.push(problem);
            if !refused.contains(&pair.input.as_str()) {
                refused.push(&pair.input);
            }
        }
    }
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let by = format!("{validators} answer validator{}", plural(validators));
    found.rows.push(if refused.is_empty() {
        format!(
            "answers: {tests} answer{}, each accepted by {by}",
            plural(tests)
        )
    } else {
        format!(
            "answers: {tests} answer{}, {} not accepted by {by}",
            plural(tests),
            refused.len()
        )
    });
}

/// The check of the junk inputs made from the samples (`made`, each named by its sample and
/// mutation: `sample/1 (its first number made huge)`; see `grade::junk_inputs`) from what
/// the input validators said of them (`checked`): one that none rejects, or that one fails
/// on, is a warning naming it (such an input may be valid for the problem); one row.
pub fn junk(
    samples: usize,
    made: &[String],
    checked: &[CheckedInput],
    validators: usize,
    found: &mut ValidatorChecks,
) {
    if made.is_empty() || validators == 0 {
        return;
    }
    // The junk inputs no validator rejects, by sample: one warning per sample.
    let mut accepted: Vec<(&str, Vec<&str>)> = Vec::new();
    for name in made {
        let said: Vec<&CheckedInput> = checked.iter().filter(|c| &c.input == name).collect();
        for failure in said.iter().filter_map(|c| match &c.check {
            InputCheck::Failed(why) => Some(why),
            _ => None,
        }) {
            found.warnings.push(format!(
                "junk input {name}: an input validator failed on it: {failure}"
            ));
        }
        if !said
            .iter()
            .any(|c| matches!(c.check, InputCheck::Invalid(_)))
        {
            let (sample, mutation) = name
                .split_once(" (")
                .map_or((name.as_str(), ""), |(s, m)| (s, m.trim_end_matches(')')));
            match accepted.iter_mut().find(|(s, _)| *s == sample) {
                Some((_, mutations)) => mutations.push(mutation),
                None => accepted.push((sample, vec![mutation])),
            }
        }
    }
    for (sample, mutations) in &accepted {
        found.warnings.push(match mutations.as_slice() {
            [one] => format!(
                "junk input {sample} ({one}): no input validator rejects it (is it valid for \
                 the problem?)"
            ),
            all => format!(
                "junk inputs {sample} ({}): no input validator rejects them (are they valid \
                 for the problem?)",
                all.join("; ")
            ),
        });
    }
    let accepted: usize = accepted.iter().map(|(_, mutations)| mutations.len()).sum();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let from = format!(
        "junk inputs: {} made from {samples} sample{}",
        made.len(),
        plural(samples)
    );
    found.rows.push(if accepted == 0 {
        format!("{from}, each rejected by an input validator")
    } else {
        format!("{from}, {accepted} not rejected by any input validator (warnings)")
    });
}

/// Runs the output validator (or the default comparison) on each case of
/// `data/invalid_output` (it must reject) and `data/valid_output` (it must accept).
pub fn outputs(
    runner: &RunnerConfig,
    package: &Package,
    stop: Stop,
    found: &mut ValidatorChecks,
) -> Result<(), GradeError> {
    let spec = &package.spec;
    for kind in [CaseKind::InvalidOutput, CaseKind::ValidOutput] {
        let cases: Vec<&ValidatorCase> = package
            .validator_cases
            .iter()
            .filter(|c| c.kind == kind)
            .collect();
        if cases.is_empty() {
            continue;
        }
        if spec.programs.interactor.is_some() || spec.programs.validation_passes.is_some() {
            found.notes.push(format!(
                "{}: {} cases not checked: an interactive or multi-pass problem's output validator does not judge a whole output",
                kind.folder(),
                cases.len()
            ));
            continue;
        }
        let scratch = Arc::new(Scratch::new(&runner.sandbox)?);
        let build = |program| ProblemProgram::build(runner, &package.dir, program, scratch.clone());
        // A validator that does not build is the package's error, told once its checks are
        // (grading needs it too, and says so).
        let built = (|| -> Result<_, crate::programs::PartError> {
            let program = match &spec.checker {
                Checker::Program(program) => Some(build(program)?),
                Checker::Compare(_) => None,
            };
            let more: Vec<ProblemProgram> = spec
                .programs
                .more_checkers
                .iter()
                .map(build)
                .collect::<Result<_, _>>()?;
            Ok((program, more))
        })();
        let (program, more) = match built {
            Ok(built) => built,
            Err(e) => {
                found.notes.push(format!(
                    "{}: {} cases not checked: {}",
                    kind.folder(),
                    cases.len(),
                    e.to_string().lines().next().unwrap_or_default()
                ));
                continue;
            }
        };
        let mut failed = 0;
        for case in &cases {
            if stop.requested() {
                return Err(GradeError::Interrupted);
            }
            let Some((answer, output)) = &case.answer_output else {
                continue;
            };
            let read = |path| -> Result<Vec<u8>, String> {
                let folder =
                    judge_core::files::Folder::new(&package.dir).map_err(|e| e.to_string())?;
                folder
                    .read(path, runner.files.tests())
                    .map_err(|e| e.to_string())
            };
            let files = (|| Ok::<_, String>((read(&case.input)?, read(answer)?, read(output)?)))();
            let (input, answer, output) = match files {
                Ok(files) => files,
                Err(why) => {
                    failed += 1;
                    found.failures.push(format!("{}: {why}", case.name));
                    continue;
                }
            };
            let said = match (&program, &spec.checker) {
                (Some(program), _) => {
                    checker::check_in_turn(
                        std::iter::once(program).chain(&more),
                        &input,
                        &output,
                        &answer,
                        &case.output_args,
                    )
                    .0
                }
                (None, Checker::Compare(comparison)) => {
                    comparison.check_with(&output, &answer, &case.output_args)
                }
                (None, Checker::Program(_)) => continue,
            };
            let problem = match (kind, &said) {
                (_, CheckOutcome::JudgeError(why)) => {
                    Some(format!("the output validator failed: {why}"))
                }
                (CaseKind::InvalidOutput, CheckOutcome::Accepted) => Some(
                    "the output validator accepts it (an invalid output must be rejected)"
                        .to_string(),
                ),
                (
                    CaseKind::ValidOutput,
                    CheckOutcome::WrongAnswer(why) | CheckOutcome::PresentationError(why),
                ) => Some(format!(
                    "the output validator rejects it (a valid output must be accepted): {why}"
                )),
                _ => None,
            };
            if let Some(problem) = problem {
                failed += 1;
                found.failures.push(format!("{}: {problem}", case.name));
            }
        }
        let what = match kind {
            CaseKind::ValidOutput => "accepted by the output validator",
            _ => "rejected by the output validator",
        };
        found.rows.push(row(kind, cases.len(), failed, what));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(input: &str, validator: &str, check: InputCheck) -> CheckedInput {
        CheckedInput {
            input: input.into(),
            validator: validator.into(),
            check,
        }
    }

    fn case(kind: CaseKind, name: &str) -> ValidatorCase {
        ValidatorCase {
            kind,
            name: name.into(),
            input: format!("{name}.in").into(),
            answer_output: None,
            input_args: Vec::new(),
            input_args_by_name: None,
            output_args: Vec::new(),
            answer: Some(format!("{name}.ans").into()),
            answer_args: Vec::new(),
            answer_args_by_name: None,
        }
    }

    #[test]
    fn an_invalid_answer_passes_when_one_answer_validator_rejects_it() {
        let (caught, missed) = (
            case(CaseKind::InvalidAnswer, "invalid_answer/a"),
            case(CaseKind::InvalidAnswer, "invalid_answer/b"),
        );
        let checked = [
            said("invalid_answer/a", "v1", InputCheck::Valid),
            said("invalid_answer/a", "v2", InputCheck::Invalid("no".into())),
            said("invalid_answer/b", "v1", InputCheck::Valid),
            said(
                "invalid_answer/b",
                "v2",
                InputCheck::Failed("crashed".into()),
            ),
        ];
        let mut found = ValidatorChecks::default();
        rejected(
            CaseKind::InvalidAnswer,
            &[&caught, &missed],
            &checked,
            2,
            &mut found,
        );
        assert_eq!(
            found.rows,
            ["invalid_answer: 2 cases, 1 not rejected by an answer validator"]
        );
        assert_eq!(
            found.failures,
            [
                "invalid_answer/b: crashed",
                "invalid_answer/b: no answer validator rejects it (an invalid answer must be rejected)"
            ]
        );
        // No answer validator: a note, no row.
        let mut none = ValidatorChecks::default();
        rejected(CaseKind::InvalidAnswer, &[&caught], &[], 0, &mut none);
        assert!(none.rows.is_empty());
        assert_eq!(
            none.notes,
            ["invalid_answer: 1 cases not checked: the package has no answer validator this judge runs"]
        );
    }

    #[test]
    fn every_answer_must_be_accepted_by_every_answer_validator() {
        let checked = [
            said("secret/1.ans", "v1", InputCheck::Valid),
            said("secret/1.ans", "v2", InputCheck::Valid),
            said(
                "secret/2.ans",
                "v1",
                InputCheck::Invalid("v1 says: bad".into()),
            ),
            said(
                "secret/2.ans",
                "v2",
                InputCheck::Invalid("v2 says: bad".into()),
            ),
        ];
        let mut found = ValidatorChecks::default();
        answers(2, &checked, 2, &mut found);
        assert_eq!(
            found.rows,
            ["answers: 2 answers, 1 not accepted by 2 answer validators"]
        );
        assert_eq!(
            found.failures,
            ["secret/2.ans: v1 says: bad", "secret/2.ans: v2 says: bad"]
        );
        let mut clean = ValidatorChecks::default();
        answers(1, &checked[..2], 2, &mut clean);
        assert_eq!(
            clean.rows,
            ["answers: 1 answer, each accepted by 2 answer validators"]
        );
        assert!(clean.failures.is_empty());
    }

    #[test]
    fn a_junk_input_no_validator_rejects_is_a_warning_not_a_failure() {
        let made = [
            "sample/1 (emptied)".to_string(),
            "sample/1 (its first number made negative)".to_string(),
        ];
        let checked = [
            said(
                "sample/1 (emptied)",
                "v",
                InputCheck::Invalid("empty".into()),
            ),
            said(
                "sample/1 (its first number made negative)",
                "v",
                InputCheck::Valid,
            ),
        ];
        let mut found = ValidatorChecks::default();
        junk(1, &made, &checked, 1, &mut found);
        assert!(found.failures.is_empty());
        assert_eq!(
            found.rows,
            ["junk inputs: 2 made from 1 sample, 1 not rejected by any input validator (warnings)"]
        );
        assert_eq!(
            found.warnings,
            ["junk input sample/1 (its first number made negative): no input validator rejects it (is it valid for the problem?)"]
        );
    }

    #[test]
    fn junk_inputs_no_validator_rejects_are_one_warning_per_sample() {
        let made = [
            "sample/1 (emptied)".to_string(),
            "sample/1 (trailing spaces)".to_string(),
            "sample/2 (emptied)".to_string(),
        ];
        let checked: Vec<CheckedInput> = made
            .iter()
            .map(|name| said(name, "v", InputCheck::Valid))
            .collect();
        let mut found = ValidatorChecks::default();
        junk(2, &made, &checked, 1, &mut found);
        assert_eq!(
            found.rows,
            ["junk inputs: 3 made from 2 samples, 3 not rejected by any input validator (warnings)"]
        );
        assert_eq!(
            found.warnings,
            [
                "junk inputs sample/1 (emptied; trailing spaces): no input validator rejects them (are they valid for the problem?)",
                "junk input sample/2 (emptied): no input validator rejects it (is it valid for the problem?)",
            ]
        );
    }
}
