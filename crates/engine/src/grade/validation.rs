//! Checking inputs against a problem's validators: every input validator of a Kattis package
//! on every test (`judge verify PACKAGE`), or the problem's validator on files (`judge
//! validate`). Each (input, validator) pair is a unit of the engine (`engine::run_units`), run
//! on `jobs` workers; reporters hear of each pair as it starts and, in plan order, as it ends
//! (a progress bar counts them). A validator that fails (crashes, answers out of its
//! convention, runs out of time on an input) is named with the input it failed on; the other
//! pairs go on.

use std::path::{Path, PathBuf};

use super::engine::{self, UnitNews};
use super::GradeError;
use crate::grade::events::{Event, Reporter};
use crate::programs::{Call, Ended, ProblemProgram};
use judge_core::cleanup::Stop;
use judge_core::files::{self, Cap, FileError, Folder};
use judge_core::plan::{sha256_hex, PlanDigest};
use judge_core::problems::{CodeError, ProblemCode};
use judge_sandbox::StopReason;

// What checking inputs tells, defined with the other results (`grade::results`).
pub use super::results::{CheckedInput, InputCheck};

/// One input to check: its name in reports (a test's, a file's), where its bytes are, and
/// the arguments its validators get (a Kattis test group's `input_validator_flags`).
#[derive(Debug, Clone)]
pub struct InputToCheck {
    pub name: String,
    pub path: PathBuf,
    /// The folder the input must be a regular file inside (a package's), read as untrusted
    /// (see `files::Folder`); `None` for a file the user names, read as a shell reads it.
    pub root: Option<Folder>,
    pub args: Vec<String>,
    /// 2025-09's map form of `input_validator_args`: each validator's own, by its name in
    /// `input_validators/` (see [`InputValidator::key`]); `args` is not used when given.
    pub args_by_name: Option<judge_core::config::ArgsByName>,
    /// When what is checked is a test's answer (BAPCtools' answer validators): the test's
    /// input, given to each validator beside it (read under the same `root`).
    pub answer_to: Option<PathBuf>,
}

impl From<&judge_core::config::FileTest> for InputToCheck {
    /// A test of a problem's own (a package's, a folder problem's with groups), with its
    /// group's validator arguments.
    fn from(test: &judge_core::config::FileTest) -> InputToCheck {
        InputToCheck {
            name: test.name.clone(),
            path: test.input.clone(),
            root: Some(test.folder.clone()),
            args: test.validator_args.clone(),
            args_by_name: test.validator_args_by_name.clone(),
            answer_to: None,
        }
    }
}

impl InputToCheck {
    /// The arguments of the validator whose key is `key`.
    fn args_for(&self, key: Option<&str>) -> &[String] {
        match (&self.args_by_name, key) {
            (Some(map), Some(key)) => map.get(key).map_or(&[], Vec::as_slice),
            (Some(_), None) => &[],
            (None, _) => &self.args,
        }
    }

    /// Its bytes, at most `cap` of them.
    fn read(&self, cap: Cap) -> Result<Vec<u8>, FileError> {
        self.read_file(&self.path, cap)
    }

    /// The bytes of `path` (itself, or the input its answer is to), at most `cap` of them.
    fn read_file(&self, path: &std::path::Path, cap: Cap) -> Result<Vec<u8>, FileError> {
        match &self.root {
            Some(folder) => folder.read(path, cap),
            None => files::read(path, cap),
        }
    }
}

/// The name of a problem's own validator in reports (a package's are named by their files).
pub const PROBLEM_VALIDATOR: &str = "validator";

/// A validator of inputs.
pub trait InputValidator: Sync {
    /// Its name in reports: `validator validate.py`.
    fn name(&self) -> String;
    /// What it says of `input`, given `args`.
    fn check(&self, input: &[u8], args: &[String]) -> InputCheck;
    /// What it says of a test's `answer` to `input` (an answer validator), given `args`.
    fn check_answer(&self, input: &[u8], answer: &[u8], args: &[String]) -> InputCheck {
        let _ = input;
        self.check(answer, args)
    }
    /// Its name where a package's test group gives each input validator its own arguments
    /// (its entry in `input_validators/`), if it has one.
    fn key(&self) -> Option<&str> {
        None
    }
}

/// A problem's own validator (built in, or its program), as `judge validate` runs it, with
/// an input's arguments (a scored folder problem's group's `validator_args`).
pub struct ProblemValidator<'a>(pub &'a dyn ProblemCode);

impl InputValidator for ProblemValidator<'_> {
    fn name(&self) -> String {
        PROBLEM_VALIDATOR.into()
    }

    fn check(&self, input: &[u8], args: &[String]) -> InputCheck {
        let Ok(text) = std::str::from_utf8(input) else {
            return InputCheck::Invalid("not UTF-8 text".into());
        };
        match self.0.validate_with_args(text, args) {
            Ok(()) => InputCheck::Valid,
            Err(CodeError::Invalid(why)) => InputCheck::Invalid(why.to_string()),
            // The validator itself failed: not a word on the input.
            Err(e) => InputCheck::Failed(e.to_string()),
        }
    }
}

/// An input validator of a Kattis package: a program (exit 42 valid, 43 invalid) or a
/// checktestdata script run by its interpreter (exit 0 valid, 1 invalid); its limits are
/// runner.toml's `[validators]`, and one that reaches its time limit is said to hang there.
pub struct KattisValidator {
    program: ProblemProgram,
    /// Its name in reports: `validator validator/`, `validator problem.ctd`.
    name: String,
    /// The exit codes that say valid and invalid.
    valid: i32,
    invalid: i32,
    /// Its entry in `input_validators/` (see [`InputValidator::key`]).
    key: Option<String>,
    /// Where what it said of an input is remembered, by a digest of the program, its limits,
    /// its arguments and the input (see [`KattisValidator::remembered_in`]).
    remembered: Option<PathBuf>,
    /// What it is besides its program's identity (a checktestdata script's bytes).
    identity: String,
}

impl KattisValidator {
    /// A program of the package's `input_validators/` (exit 42 valid, 43 invalid), or a
    /// testlib validator of a Polygon package (exit 0 valid, 3 invalid: testlib's `_fail`).
    pub fn program(program: ProblemProgram) -> KattisValidator {
        let (valid, invalid) = match program.spec().convention {
            judge_core::config::Convention::Testlib => (0, 3),
            _ => (42, 43),
        };
        KattisValidator {
            name: program.name().to_string(),
            identity: program.identity().to_string(),
            program,
            valid,
            invalid,
            key: None,
            remembered: None,
        }
    }

    /// A checktestdata script named `name`, `program` being its interpreter called on it.
    /// The script's bytes are part of what it is.
    pub fn checktestdata(program: ProblemProgram, name: String, script: &[u8]) -> KattisValidator {
        KattisValidator {
            name,
            identity: format!("{} {}", program.identity(), sha256_hex(script)),
            program,
            valid: 0,
            invalid: 1,
            key: None,
            remembered: None,
        }
    }

    /// The same validator, remembering in `folder` what it says of each input (valid, or
    /// invalid and why) and saying it again without running for the same input, arguments,
    /// program and limits: a validator is a function of its input. A run that failed (a crash,
    /// a hang, an exit code of neither kind) is not remembered.
    pub fn remembered_in(self, folder: PathBuf) -> KattisValidator {
        KattisValidator {
            remembered: Some(folder),
            ..self
        }
    }

    /// The file that remembers what it says of `call` (its arguments, standard input and
    /// files).
    fn memory(&self, call: &Call) -> Option<PathBuf> {
        let folder = self.remembered.as_ref()?;
        let limits = self.program.limits();
        let mut digest = PlanDigest::new();
        digest
            .add("validator", &self.identity)
            .add("exit codes", format!("{} {}", self.valid, self.invalid))
            .add("cpu", limits.cpu_time.as_micros())
            .add("memory", limits.memory_bytes)
            .add("args", call.args.join("\0"))
            .add_bytes("stdin", call.stdin);
        for (name, bytes) in &call.files {
            digest.add_bytes(name, bytes);
        }
        Some(folder.join(digest.finish()))
    }

    /// What it said of an input before, from its file: `valid`, or `invalid` and why.
    fn recalled(file: &Path) -> Option<InputCheck> {
        let text = std::fs::read_to_string(file).ok()?;
        match text.split_once('\n') {
            None if text == "valid" => Some(InputCheck::Valid),
            Some(("invalid", why)) => Some(InputCheck::Invalid(why.to_string())),
            _ => None,
        }
    }

    /// The same validator, named `key` in `input_validators/`.
    pub fn with_key(self, key: String) -> KattisValidator {
        KattisValidator {
            key: Some(key),
            ..self
        }
    }
}

impl InputValidator for KattisValidator {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn key(&self) -> Option<&str> {
        self.key.as_deref()
    }

    fn check(&self, input: &[u8], args: &[String]) -> InputCheck {
        self.judged(&Call {
            args: self.own_args(args),
            stdin: input,
            files: Vec::new(),
        })
    }

    /// An answer validator is called as `validator input [args] < answer` (BAPCtools'
    /// convention); a checktestdata script reads the answer alone.
    fn check_answer(&self, input: &[u8], answer: &[u8], args: &[String]) -> InputCheck {
        if self.valid == 0 {
            return self.check(answer, args);
        }
        let mut call_args = vec!["input".to_string()];
        call_args.extend(self.own_args(args));
        self.judged(&Call {
            args: call_args,
            stdin: answer,
            files: vec![("input", input)],
        })
    }
}

impl KattisValidator {
    /// The arguments it is given of `args`: a checktestdata script takes no flags
    /// (problemtools' would read them as files).
    fn own_args(&self, args: &[String]) -> Vec<String> {
        if self.valid == 0 {
            Vec::new()
        } else {
            args.to_vec()
        }
    }

    /// What it says, run on `call`, or what it said before of the same call (see
    /// [`KattisValidator::remembered_in`]).
    fn judged(&self, call: &Call) -> InputCheck {
        let memory = self.memory(call);
        if let Some(said) = memory.as_deref().and_then(KattisValidator::recalled) {
            return said;
        }
        let check = self.run_judged(call);
        let text = match &check {
            InputCheck::Valid => Some("valid".to_string()),
            InputCheck::Invalid(why) => Some(format!("invalid\n{why}")),
            InputCheck::Failed(_) => None,
        };
        if let Some((file, text)) = memory.zip(text) {
            crate::programs::store_in_cache(&file, &text);
        }
        check
    }

    /// Runs it on `call`: what it says, or why it said neither.
    fn run_judged(&self, call: &Call) -> InputCheck {
        let validator = &self.program;
        let (valid, invalid) = (self.valid, self.invalid);
        let run = match validator.run(call) {
            Ok(run) => run,
            Err(e) => return InputCheck::Failed(e.to_string()),
        };
        let name = &self.name;
        match run.ended(validator.limits()) {
            Ended::Exit(code) if code == valid => InputCheck::Valid,
            Ended::Exit(code) if code == invalid => {
                InputCheck::Invalid(format!("{name} says: {}", run.message()))
            }
            Ended::Exit(code) => InputCheck::Failed(format!(
                "{name} exited with code {code}, neither {valid} (valid) nor {invalid} (invalid): {}",
                run.message()
            )),
            Ended::Abnormally(_)
                if matches!(
                    run.facts.stopped_by,
                    Some(StopReason::CpuTime | StopReason::WallTime)
                ) =>
            {
                InputCheck::Failed(format!(
                    "{name} hung: stopped at its limit of {} s of CPU time ({} ms of CPU, {} ms \
                     of wall time; runner.toml's [validators] time_limit_seconds)",
                    validator.limits().cpu_time.as_secs_f64(),
                    run.facts.cpu_time_us / 1000,
                    run.facts.wall_time_us / 1000,
                ))
            }
            Ended::Abnormally(why) => InputCheck::Failed(format!("{name} {why}")),
        }
    }
}

/// Checks every input with every validator on `jobs` workers, telling `reporter` of each pair
/// (`InputCheckStarted` as it starts, `InputChecked` in plan order: inputs in order, each with
/// its validators in order), then `InputsChecked`. Returns the pairs in plan order. Each pair
/// is a unit of the engine's ([`engine::run_units`]), which tells them in order and stops at
/// an interruption.
pub fn check_inputs(
    inputs: &[InputToCheck],
    cap: Cap,
    validators: &[&dyn InputValidator],
    jobs: usize,
    stop: Stop,
    reporter: &mut dyn Reporter,
) -> Result<Vec<CheckedInput>, GradeError> {
    let checks = Checks {
        inputs,
        cap,
        validators,
        names: validators.iter().map(|v| v.name()).collect(),
    };
    let count = inputs.len() * validators.len();
    reporter
        .report(&Event::InputChecksStarted { count, jobs })
        .map_err(GradeError::Report)?;
    let units: Vec<usize> = (0..count).collect();
    let mut checked = Vec::with_capacity(count);
    engine::run_units(&checks, &units, jobs, stop.flag(), |news| {
        match news {
            UnitNews::Started { unit } => {
                let (input, validator) = checks.pair(unit);
                reporter.report(&Event::InputCheckStarted {
                    input: &input.name,
                    validator: &checks.names[validator],
                })
            }
            UnitNews::Done { result, .. } => {
                let told = reporter.report(&Event::InputChecked(&result));
                checked.push(result);
                told
            }
        }
        .map_err(GradeError::Report)
    })?;
    reporter
        .report(&Event::InputsChecked(&checked))
        .map_err(GradeError::Report)?;
    Ok(checked)
}

/// The engine's executor of input checks: unit `u` is input `u / validators` checked by
/// validator `u % validators`.
struct Checks<'a> {
    inputs: &'a [InputToCheck],
    cap: Cap,
    validators: &'a [&'a dyn InputValidator],
    /// Each validator's name in reports.
    names: Vec<String>,
}

impl Checks<'_> {
    /// Unit `unit`'s input and the index of its validator.
    fn pair(&self, unit: usize) -> (&InputToCheck, usize) {
        let validators = self.validators.len();
        (&self.inputs[unit / validators], unit % validators)
    }
}

impl engine::UnjudgedExecutor for Checks<'_> {
    type Worker = ();
    type Output = CheckedInput;

    fn worker(&self) {}

    fn execute(&self, _: &mut (), unit: usize) -> CheckedInput {
        let (input, v) = self.pair(unit);
        let validator = self.validators[v];
        let args = input.args_for(validator.key());
        let read = input
            .read(self.cap)
            .and_then(|bytes| match &input.answer_to {
                Some(path) => Ok((bytes, Some(input.read_file(path, self.cap)?))),
                None => Ok((bytes, None)),
            });
        let check = match read {
            Ok((answer, Some(given))) => validator.check_answer(&given, &answer, args),
            Ok((bytes, None)) => validator.check(&bytes, args),
            Err(e) => InputCheck::Failed(e.to_string()),
        };
        CheckedInput {
            input: input.name.clone(),
            validator: self.names[v].clone(),
            check,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Valid when the input's first byte is `v`; fails on `!`.
    struct FirstByte {
        calls: AtomicUsize,
    }

    impl InputValidator for FirstByte {
        fn name(&self) -> String {
            "first-byte".into()
        }
        fn check(&self, input: &[u8], args: &[String]) -> InputCheck {
            self.calls.fetch_add(1, Ordering::SeqCst);
            match input.first() {
                Some(b'v') => InputCheck::Valid,
                Some(b'!') => InputCheck::Failed("hung".into()),
                _ => InputCheck::Invalid(format!("no v (args {args:?})")),
            }
        }
    }

    #[derive(Default)]
    struct Told(Vec<String>);

    impl Reporter for Told {
        fn report(&mut self, event: &Event) -> std::io::Result<()> {
            match event {
                Event::InputChecksStarted { count, .. } => self.0.push(format!("start {count}")),
                Event::InputChecked(done) => {
                    self.0.push(format!("{} {}", done.input, done.validator))
                }
                Event::InputsChecked(all) => self.0.push(format!("end {}", all.len())),
                _ => {}
            }
            Ok(())
        }
    }

    #[test]
    fn every_pair_is_checked_and_told_in_plan_order() {
        let dir = tempfile::tempdir().unwrap();
        let inputs: Vec<InputToCheck> = ["v1", "x2", "!3", "v4"]
            .iter()
            .enumerate()
            .map(|(i, text)| {
                let path = dir.path().join(format!("{i}.in"));
                std::fs::write(&path, text).unwrap();
                InputToCheck {
                    name: format!("t{i}"),
                    path,
                    root: None,
                    args: vec![format!("a{i}")],
                    args_by_name: None,
                    answer_to: None,
                }
            })
            .collect();
        let (first, second) = (
            FirstByte {
                calls: AtomicUsize::new(0),
            },
            FirstByte {
                calls: AtomicUsize::new(0),
            },
        );
        let mut told = Told::default();
        let checked = check_inputs(
            &inputs,
            Cap::CONFIG,
            &[&first, &second],
            3,
            Stop::never(),
            &mut told,
        )
        .unwrap();
        assert_eq!(checked.len(), 8);
        assert_eq!(first.calls.load(Ordering::SeqCst), 4);
        assert_eq!(second.calls.load(Ordering::SeqCst), 4);
        let problems: Vec<String> = checked.iter().filter_map(CheckedInput::problem).collect();
        assert_eq!(
            problems,
            [
                "t1: no v (args [\"a1\"])",
                "t1: no v (args [\"a1\"])",
                "t2: hung",
                "t2: hung"
            ]
        );
        let mut expected = vec!["start 8".to_string()];
        for i in 0..4 {
            expected.push(format!("t{i} first-byte"));
            expected.push(format!("t{i} first-byte"));
        }
        expected.push("end 8".into());
        assert_eq!(told.0, expected);
    }

    #[test]
    fn an_input_that_cannot_be_read_is_named() {
        let inputs = [InputToCheck {
            name: "gone".into(),
            path: PathBuf::from("/nonexistent/gone.in"),
            root: None,
            args: Vec::new(),
            args_by_name: None,
            answer_to: None,
        }];
        let validator = FirstByte {
            calls: AtomicUsize::new(0),
        };
        let checked = check_inputs(
            &inputs,
            Cap::CONFIG,
            &[&validator],
            1,
            Stop::never(),
            &mut Told::default(),
        )
        .unwrap();
        assert!(
            matches!(&checked[0].check, InputCheck::Failed(why) if why.contains("/nonexistent/gone.in"))
        );
        assert_eq!(validator.calls.load(Ordering::SeqCst), 0);
    }
}
