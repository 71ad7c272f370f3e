//! A problem made of programs, as [`ProblemCode`]: its generator (called with the seed, the test
//! index and a size in percent, printing one input; run twice to make sure the same arguments
//! give the same bytes), its reference solution (whose output is the expected answer, or, for
//! a reference that plays against the interactor, what the interactor writes to its output
//! file; cached on disk by the reference's, the interactor's and the input's digests) and its
//! input validator (testlib: exit 0 valid; Kattis: exit 42 valid, 43 invalid).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use sha2::{Digest, Sha256};

use super::{Call, Ended, PartError, ProblemProgram};
use crate::execute::Scratch;
use judge_core::config::{Convention, ProblemSpec, RunnerConfig};
use judge_core::problems::{CodeError, GenRequest, InvalidInput, ProblemCode};
use judge_core::verdict::CheckOutcome;

/// The programs of a problem that give its tests: generator, reference, validator.
pub struct ProgramCode {
    problem: String,
    generator: Option<ProblemProgram>,
    reference: Option<ProblemProgram>,
    validator: Option<ProblemProgram>,
    /// The interactor the reference plays against to answer a test, when it answers so
    /// (`ProblemPrograms::reference_interacts`).
    interactor: Option<ProblemProgram>,
    /// Where the reference's answers are kept, by digest.
    answers: PathBuf,
    /// The cap on an answer read back from there (the test-file cap).
    answer_cap: judge_core::files::Cap,
    /// Where the reference reads its input and writes its answer (the problem's named files).
    io_files: judge_core::config::IoFiles,
}

impl ProgramCode {
    /// Builds the programs `problem` names (compiling sources through the compile cache).
    pub fn build(
        runner: &RunnerConfig,
        problem: &ProblemSpec,
        scratch: Arc<Scratch>,
    ) -> Result<ProgramCode, PartError> {
        let build = |spec: &Option<judge_core::config::ProgramSpec>| {
            spec.as_ref()
                .map(|spec| ProblemProgram::build(runner, &problem.dir, spec, scratch.clone()))
                .transpose()
        };
        Ok(ProgramCode {
            problem: problem.id.clone(),
            generator: build(&problem.programs.generator)?,
            reference: build(&problem.programs.reference)?,
            validator: build(&problem.programs.validator)?,
            interactor: match problem.programs.reference_interacts {
                true => build(&problem.programs.interactor)?,
                false => None,
            },
            answers: runner.cache_dir.join("answers"),
            answer_cap: runner.files.tests(),
            io_files: problem.io_files.clone(),
        })
    }

    fn missing(&self, part: &'static str) -> CodeError {
        CodeError::Missing {
            problem: self.problem.clone(),
            part,
        }
    }

    /// The program's output as text, after a run that must end with exit code 0.
    fn text_output(program: &ProblemProgram, call: &Call) -> Result<String, CodeError> {
        let run = program
            .run(call)
            .map_err(|e| program.failed(e.to_string()))?;
        Self::exited_well(program, &run)?;
        String::from_utf8(run.stdout)
            .map_err(|_| program.failed("printed bytes that are not UTF-8 text"))
    }

    /// The reference's answer to `input` when the problem names its input and output files:
    /// it runs in a fresh folder it may write to, the input in its file, and its answer is
    /// the output file it leaves (its standard output when only the input is named).
    fn answer_in_files(
        &self,
        reference: &ProblemProgram,
        input: &str,
    ) -> Result<String, CodeError> {
        let files = &self.io_files;
        let call = Call {
            stdin: match files.input {
                Some(_) => &[],
                None => input.as_bytes(),
            },
            files: files
                .input
                .as_deref()
                .map(|name| (name, input.as_bytes()))
                .into_iter()
                .collect(),
            ..Call::default()
        };
        let keep: Vec<&str> = files.output.as_deref().into_iter().collect();
        let (run, left) = reference
            .run_writing(&call, &keep, self.answer_cap)
            .map_err(|e| reference.failed(e.to_string()))?;
        Self::exited_well(reference, &run)?;
        let bytes = match &files.output {
            None => run.stdout,
            Some(name) => left
                .into_iter()
                .find(|(left, _)| left == name)
                .map(|(_, bytes)| bytes)
                .ok_or_else(|| reference.failed(format!("wrote no {name}")))?,
        };
        String::from_utf8(bytes)
            .map_err(|_| reference.failed("wrote bytes that are not UTF-8 text"))
    }

    /// The reference's answer to `input` when it answers by playing against the interactor:
    /// what the interactor wrote to its output file (testlib's second argument), as Polygon
    /// makes an interactive problem's answers. The reference must end well and the
    /// interactor accept it.
    fn answer_by_interaction(
        reference: &ProblemProgram,
        interactor: &ProblemProgram,
        input: &str,
    ) -> Result<String, CodeError> {
        let mut kept = interactor.keep_folder();
        let pass = super::interactor::run_recorded(
            reference,
            &mut kept,
            input.as_bytes(),
            None,
            &[],
            None,
        )
        .map_err(|e| reference.failed(format!("against the interactor: {e}")))?;
        Self::exited_well(reference, &pass.solution)?;
        let rejected = match pass.said {
            CheckOutcome::Accepted => None,
            CheckOutcome::WrongAnswer(why) | CheckOutcome::PresentationError(why) => {
                Some(format!("was rejected by the interactor: {why}"))
            }
            CheckOutcome::JudgeError(why) => Some(format!("made the interactor fail: {why}")),
        };
        if let Some(rejected) = rejected {
            return Err(reference.failed(rejected));
        }
        let bytes =
            match pass.interactor_output {
                Some(Ok(bytes)) => bytes,
                Some(Err(why)) => return Err(reference.failed(format!("left no answer: {why}"))),
                None => return Err(reference.failed(
                    "left no answer: the interactor is not a testlib interactor, which writes one",
                )),
            };
        String::from_utf8(bytes).map_err(|_| {
            reference.failed("left an answer that is not UTF-8 text (the interactor's output file)")
        })
    }

    /// An error unless the run ended with exit code 0.
    fn exited_well(program: &ProblemProgram, run: &super::PartRun) -> Result<(), CodeError> {
        match run.ended(program.limits()) {
            Ended::Exit(0) => {}
            Ended::Exit(code) => {
                return Err(program.failed(format!("exited with code {code}: {}", run.message())))
            }
            Ended::Abnormally(why) => return Err(program.failed(why)),
        }
        Ok(())
    }

    /// The cache file of the reference's answer to `input`.
    fn answer_file(&self, reference: &ProblemProgram, input: &str) -> PathBuf {
        let mut hasher = Sha256::new();
        hasher.update(reference.identity().as_bytes());
        hasher.update([0]);
        if let Some(interactor) = &self.interactor {
            hasher.update(b"against ");
            hasher.update(interactor.identity().as_bytes());
            hasher.update([0]);
        }
        hasher.update(input.as_bytes());
        let digest: String = hasher
            .finalize()
            .iter()
            .take(20)
            .map(|b| format!("{b:02x}"))
            .collect();
        self.answers.join(digest)
    }
}

/// Writes `text` to `path` through a temporary file and a rename, so that concurrent graders
/// see either nothing or the whole answer. A cache that cannot be written is not an error.
pub(crate) fn store(path: &Path, text: &str) {
    let Some(dir) = path.parent() else {
        return;
    };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    // The folder is judge's: `judge clean` may remove it.
    if !judge_core::files::is_marked(dir) && judge_core::files::mark(dir).is_err() {
        return;
    }
    if let Ok(mut temp) = tempfile::NamedTempFile::new_in(dir) {
        if std::io::Write::write_all(&mut temp, text.as_bytes()).is_ok() {
            let _ = temp.persist(path);
        }
    }
}

impl ProblemCode for ProgramCode {
    fn generate(&self, seed: u64, request: GenRequest) -> Result<String, CodeError> {
        self.generate_with_args(seed, request, &[])
    }

    fn generate_with_args(
        &self,
        seed: u64,
        request: GenRequest,
        args: &[String],
    ) -> Result<String, CodeError> {
        let generator = self.generator.as_ref().ok_or(self.missing("generator"))?;
        let mut call = Call {
            args: vec![
                seed.to_string(),
                request.index.to_string(),
                request.size_percent.to_string(),
            ],
            ..Call::default()
        };
        // Its own arguments (problem.toml's `args`), then a group's.
        call.args
            .extend(generator.spec().args.iter().chain(args).cloned());
        let first = Self::text_output(generator, &call)?;
        let second = Self::text_output(generator, &call)?;
        if first != second {
            return Err(generator.failed(format!(
                "is not deterministic: two runs with the same arguments ({}) printed different \
                 inputs ({} and {} bytes{})",
                call.args.join(" "),
                first.len(),
                second.len(),
                first
                    .bytes()
                    .zip(second.bytes())
                    .position(|(a, b)| a != b)
                    .map_or(String::new(), |at| format!(
                        ", first different at byte {at}"
                    ))
            )));
        }
        Ok(first)
    }

    fn validate(&self, input: &str) -> Result<(), CodeError> {
        self.validate_with_args(input, &[])
    }

    fn validate_with_args(&self, input: &str, args: &[String]) -> Result<(), CodeError> {
        let validator = self.validator.as_ref().ok_or(self.missing("validator"))?;
        // Its own arguments (problem.toml's `args`), then a group's.
        let call = Call {
            args: validator.spec().args.iter().chain(args).cloned().collect(),
            stdin: input.as_bytes(),
            ..Call::default()
        };
        let run = validator
            .run(&call)
            .map_err(|e| validator.failed(e.to_string()))?;
        validity(
            validator.spec().convention,
            validator.name(),
            run.ended(validator.limits()),
            run.message(),
        )
    }

    fn solve(&self, input: &str) -> Result<String, CodeError> {
        let reference = self.reference.as_ref().ok_or(self.missing("reference"))?;
        let cached = self.answer_file(reference, input);
        if let Ok(answer) = judge_core::files::read_text(&cached, self.answer_cap) {
            return Ok(answer);
        }
        let answer = match (&self.interactor, self.io_files.is_standard()) {
            (Some(interactor), _) => Self::answer_by_interaction(reference, interactor, input)?,
            (None, true) => {
                let call = Call {
                    stdin: input.as_bytes(),
                    ..Call::default()
                };
                Self::text_output(reference, &call)?
            }
            (None, false) => self.answer_in_files(reference, input)?,
        };
        store(&cached, &answer);
        Ok(answer)
    }

    fn shrink(&self, _input: &str) -> Option<Vec<String>> {
        None
    }

    fn checks_generated(&self) -> bool {
        self.validator.is_some()
    }

    fn can_generate(&self) -> bool {
        self.generator.is_some()
    }

    fn can_validate(&self) -> bool {
        self.validator.is_some()
    }

    fn can_solve(&self) -> bool {
        self.reference.is_some()
    }
}

/// What an input validator named `name` says of an input under `convention`, from how its run
/// ended and its message: valid, invalid (with the message), or a failure of its own.
pub fn validity(
    convention: Convention,
    name: &str,
    ended: Ended,
    message: String,
) -> Result<(), CodeError> {
    let failed = |reason: String| CodeError::Failed {
        program: name.to_string(),
        reason,
    };
    match (ended, convention) {
        (Ended::Abnormally(why), _) => Err(failed(why)),
        (Ended::Exit(0), Convention::Testlib) | (Ended::Exit(42), Convention::Kattis) => Ok(()),
        (Ended::Exit(_), Convention::Testlib) | (Ended::Exit(43), Convention::Kattis) => Err(
            CodeError::Invalid(InvalidInput::new(format!("the {name} says: {message}"))),
        ),
        (Ended::Exit(code), Convention::Kattis) => Err(failed(format!(
            "exited with code {code}, which is neither 42 (valid) nor 43 (invalid): {message}"
        ))),
        // `config` gives the CMS convention to checkers alone.
        (Ended::Exit(code), Convention::Cms) => Err(failed(format!(
            "exited with code {code}; a validator of the CMS convention is not one judge runs"
        ))),
    }
}
