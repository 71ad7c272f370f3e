//! A package's programs tested on their own tests (a Polygon package's validator and checker
//! tests, each with the verdict it must give): each program built once, each test run in the
//! sandbox, and what it gave set beside what it must give.

use std::path::Path;
use std::sync::Arc;

use super::{checker, code::validity, Call, ProblemProgram};
use crate::execute::Scratch;
use judge_core::config::{ProgramTest, RunnerConfig};
use judge_core::files::Cap;
use judge_core::problems::CodeError;
use judge_core::verdict::CheckOutcome;

/// One test's result: the program and test it names, and whether it gave its verdict (else
/// what it gave).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelfTestResult {
    /// `validator 1 files/tests/validator-tests/02`.
    pub name: String,
    pub expected: String,
    /// What the program gave: a verdict, or why it could not be run.
    pub got: String,
}

impl SelfTestResult {
    pub fn passed(&self) -> bool {
        self.got == self.expected
    }
}

/// Runs every test of `tests` (programs of the package at `dir`), in order.
pub fn run(runner: &RunnerConfig, dir: &Path, tests: &[ProgramTest]) -> Vec<SelfTestResult> {
    let scratch = match Scratch::new(&runner.sandbox) {
        Ok(scratch) => Arc::new(scratch),
        Err(e) => {
            return tests
                .iter()
                .map(|t| result(dir, t, format!("not run: {e}")))
                .collect()
        }
    };
    let mut built: Vec<(String, Result<ProblemProgram, String>)> = Vec::new();
    let cap = runner.files.tests();
    tests
        .iter()
        .map(|test| {
            if !built.iter().any(|(of, _)| *of == test.of) {
                let program = ProblemProgram::build(runner, dir, &test.program, scratch.clone())
                    .map_err(|e| e.to_string());
                built.push((test.of.clone(), program));
            }
            let program = built
                .iter()
                .find(|(of, _)| *of == test.of)
                .map(|(_, p)| p.as_ref());
            let got = match program {
                Some(Ok(program)) => verdict(program, test, cap),
                Some(Err(why)) => format!("not run: {why}"),
                None => "not run".to_string(),
            };
            result(dir, test, got)
        })
        .collect()
}

fn result(dir: &Path, test: &ProgramTest, got: String) -> SelfTestResult {
    let file = test.input.strip_prefix(dir).unwrap_or(&test.input);
    SelfTestResult {
        name: format!("{} {}", test.of, file.display()),
        expected: test.expected.clone(),
        got,
    }
}

/// A file of the test, read with LF line ends (empty when the test names none).
fn read(path: Option<&Path>, cap: Cap) -> Result<Vec<u8>, String> {
    let Some(path) = path else {
        return Ok(Vec::new());
    };
    let bytes = judge_core::files::read(path, cap).map_err(|e| e.to_string())?;
    Ok(judge_core::files::lf_line_ends(&bytes).unwrap_or(bytes))
}

/// What the program says of the test, in Polygon's words (`valid`, `ok`, `wrong-answer`...).
fn verdict(program: &ProblemProgram, test: &ProgramTest, cap: Cap) -> String {
    let files = (|| {
        Ok::<_, String>((
            read(Some(&test.input), cap)?,
            read(test.output.as_deref(), cap)?,
            read(test.answer.as_deref(), cap)?,
        ))
    })();
    let (input, output, answer) = match files {
        Ok(files) => files,
        Err(why) => return format!("not run: {why}"),
    };
    if test.output.is_none() && test.answer.is_none() {
        // A validator's test.
        let call = Call {
            args: program.spec().args.clone(),
            stdin: &input,
            ..Call::default()
        };
        return match program.run(&call) {
            Err(e) => format!("not run: {e}"),
            Ok(run) => match validity(
                program.spec().convention,
                program.name(),
                run.ended(program.limits()),
                run.message(),
            ) {
                Ok(()) => "valid".into(),
                Err(CodeError::Invalid(_)) => "invalid".into(),
                Err(e) => format!("failed: {e}"),
            },
        };
    }
    match checker::check(program, &input, &output, &answer, &[]) {
        CheckOutcome::Accepted => "ok".into(),
        CheckOutcome::WrongAnswer(_) => "wrong-answer".into(),
        CheckOutcome::PresentationError(_) => "presentation-error".into(),
        CheckOutcome::JudgeError(why) => format!("failed: {why}"),
    }
}
