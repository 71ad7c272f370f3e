//! Grading a Kattis package the way problemtools' `verifyproblem` does: its tests checked by
//! its input validators; its time limit fixed by the package, or derived from the slowest CPU
//! time of the accepted submissions (`max(1, ceil(slowest x multiplier / resolution)) x
//! resolution`); and every submission checked against the verdict of its folder, run at the
//! limit times the safety margin with its verdict read at the limit, with a warning when the
//! verdict would differ at the larger limit.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::batch::Tests;
use super::engine::Schedule;
use super::jobs::{grade_in_order, JobsRequest, Plan, ToGrade};
use super::junk_inputs;
use super::outcome::{Outcome, RunIdentity, RunSummary};
use super::results::{Checked, CheckedInput, VerifyRow, VerifySummary};
use super::timings::{self, CompileTiming, RunsTiming, Stopwatch};
use super::unit_store::RunMemory;
use super::validation::{self, InputToCheck, InputValidator, KattisValidator};
use super::validator_checks::{self, ValidatorChecks};
use super::verify::{checked, Against};
use super::{row_error, tell, GradeError, Submission, Target};
use crate::execute::Scratch;
use crate::grade::events::{Event, Reporter, Reporters};
use crate::programs::{Call, Ended, PartError, ProblemProgram};
use crate::resolve::{Derivation, Problem, TimeLimitRule};
use judge_core::cleanup::Stop;
use judge_core::config::{Convention, ProblemSpec, ProgramSource, ProgramSpec, Role, RunnerConfig};
use judge_core::lang::LangError;
use judge_core::limits::Overrides;
use judge_core::plan::{PlanDigest, PlanIdentity, PlanUnit, TestSelection};
use judge_core::scoring::expected::{Expectation, FullScore, Objective};
use judge_core::scoring::GroupTree;
use judge_core::verdict::Verdict;
use judge_formats::kattis::testdata::{self, CaseKind};
use judge_formats::kattis::{Package, PackageSubmission};

// What a package's own checks give, defined with the other results (`grade::results`).
pub use super::results::{PackageCheck, TestImage, TimeLimit};

/// How near a rounding step (a fraction of the slowest accepted time) a derived limit is
/// said to be: CPU times of one program differ by a few percent from run to run and between
/// timers (judge's and problemtools' on kth2022's emergencyexit: 400 and 401 ms).
const NEAR_STEP: f64 = 0.05;

pub struct PackageRequest<'a> {
    pub runner: &'a RunnerConfig,
    pub package: &'a Package,
    pub jobs: usize,
    /// A time limit given on the command line (problemtools' `-t`): it replaces the
    /// package's, fixed or derived.
    pub time_limit: Option<Duration>,
    /// Grade at the limit DOMjudge's files fix (`domjudge-problem.ini`, `.timelimit`), when
    /// they fix one and problem.yaml does not, instead of deriving the package format's.
    pub domjudge_time_limit: bool,
    /// Ends the run when asked for (the grader is interrupted).
    pub stop: Stop,
    /// Take the submissions' runs an earlier verify remembered, and remember these (see
    /// `RunMemory`): `judge verify`'s way, unless `--rerun`.
    pub remember_runs: bool,
    /// Run the package's output visualizer after the checker on each test and carry its
    /// images to the results (a report asked for them); off, it is not even built.
    pub visualize_outputs: bool,
}

/// What checking a package's inputs found.
#[derive(Debug, Clone, Default)]
pub struct InputsChecked {
    /// The validators that ran.
    pub validators: usize,
    /// Tests a validator refused, a validator that failed on one, a validator that does not
    /// build.
    pub invalid: Vec<String>,
    /// Validators that could not be run here, with why.
    pub warnings: Vec<String>,
}

/// Runs every input validator of the package (its programs, then its checktestdata scripts)
/// on every test's input with its group's arguments, on `jobs` workers, telling `reporter` as
/// each is checked. Returns what failed: an input a validator refused, a validator that failed
/// on an input (named, with the input), a validator that does not build; and the validators
/// that cannot run here (checktestdata not installed), as warnings.
pub fn check_inputs(
    runner: &RunnerConfig,
    package: &Package,
    jobs: usize,
    stop: Stop,
    reporter: &mut dyn Reporter,
) -> Result<InputsChecked, GradeError> {
    let Some(tests) = package.spec.file_tests.as_ref() else {
        return Ok(InputsChecked::default());
    };
    let inputs: Vec<InputToCheck> = tests.iter().map(InputToCheck::from).collect();
    let (mut result, checked) = validate_inputs(runner, package, &inputs, jobs, stop, reporter)?;
    result
        .invalid
        .extend(checked.iter().filter_map(CheckedInput::problem));
    Ok(result)
}

/// The format's checks of the package's validators (see `grade::validator_checks`): the
/// inputs of `data/invalid_input` through every input validator (as the tests' are, told to
/// no reporter), every test's answer and those of `data/invalid_answer` through every answer
/// validator (BAPCtools'), then the outputs of `data/invalid_output` and `data/valid_output`
/// through the output validator.
fn check_validators(
    runner: &RunnerConfig,
    package: &Package,
    jobs: usize,
    stop: Stop,
) -> Result<ValidatorChecks, GradeError> {
    let mut found = ValidatorChecks::default();
    let folder = judge_core::files::Folder::new(&package.dir).map_err(|e| GradeError::Read {
        path: package.dir.clone(),
        cause: std::io::Error::other(e.to_string()),
    })?;
    let cases_of = |kind| -> Vec<_> {
        package
            .validator_cases
            .iter()
            .filter(|c| c.kind == kind)
            .collect()
    };
    let invalid = cases_of(CaseKind::InvalidInput);
    if !invalid.is_empty() {
        let inputs: Vec<InputToCheck> = invalid
            .iter()
            .map(|case| InputToCheck {
                name: case.name.clone(),
                path: case.input.clone(),
                root: Some(folder.clone()),
                args: case.input_args.clone(),
                args_by_name: case.input_args_by_name.clone(),
                answer_to: None,
            })
            .collect();
        let (ran, checked) =
            validate_inputs(runner, package, &inputs, jobs, stop, &mut Reporters::new())?;
        validator_checks::rejected(
            CaseKind::InvalidInput,
            &invalid,
            &checked,
            ran.validators,
            &mut found,
        );
    }
    junk_inputs(runner, package, jobs, stop, &mut found)?;
    let invalid_answers = cases_of(CaseKind::InvalidAnswer);
    let has_answer_validators =
        !package.answer_validators.is_empty() || !package.answer_checktestdata.is_empty();
    if has_answer_validators || !invalid_answers.is_empty() {
        let tests = package.spec.file_tests.as_deref().unwrap_or_default();
        let mut answers = Vec::new();
        for test in tests {
            // The groups' files were read when the package was: an error here is one of a
            // file changed since, told as the check's failure.
            let (args, args_by_name) =
                testdata::answer_args(&folder, &package.metadata.constants, &test.name)
                    .unwrap_or_else(|e| {
                        found.failures.push(e.to_string());
                        Default::default()
                    });
            answers.push(InputToCheck {
                name: format!("{}.ans", test.name),
                path: test.answer.clone(),
                root: Some(folder.clone()),
                args,
                args_by_name,
                answer_to: Some(test.input.clone()),
            });
        }
        answers.extend(invalid_answers.iter().filter_map(|case| {
            Some(InputToCheck {
                name: case.name.clone(),
                path: case.answer.clone()?,
                root: Some(folder.clone()),
                args: case.answer_args.clone(),
                args_by_name: case.answer_args_by_name.clone(),
                answer_to: Some(case.input.clone()),
            })
        }));
        let (ran, checked) = validate_answers(runner, package, &answers, jobs, stop)?;
        found.failures.extend(ran.invalid);
        found.notes.extend(ran.warnings);
        let of_tests: Vec<CheckedInput> = checked
            .iter()
            .filter(|c| c.input.ends_with(".ans"))
            .cloned()
            .collect();
        validator_checks::answers(tests.len(), &of_tests, ran.validators, &mut found);
        validator_checks::rejected(
            CaseKind::InvalidAnswer,
            &invalid_answers,
            &checked,
            ran.validators,
            &mut found,
        );
    }
    validator_checks::outputs(runner, package, stop, &mut found)?;
    Ok(found)
}

/// The names of the images an input visualizer may write in its work folder.
const INPUT_IMAGES: [&str; 4] = [
    "testcase.png",
    "testcase.svg",
    "testcase.jpg",
    "testcase.jpeg",
];

/// Runs the package's input visualizer (2025-09 `input_visualizer/`) on every test, with the
/// test's `input_visualizer_args` (its groups', or its own `<name>.yaml`'s), each run in a fresh
/// folder of its own in the sandbox under the validators' limits, and keeps the
/// image each leaves (`testcase.<ext>`). A visualizer that does not build, fails, hangs (its
/// time limit) or leaves no image on a test is a warning naming it and the test, never a
/// failure: the format says a visualizer's errors are not judge errors.
fn visualize_inputs(
    runner: &RunnerConfig,
    package: &Package,
    stop: Stop,
) -> Result<(Vec<TestImage>, Vec<String>), GradeError> {
    let (mut images, mut warnings) = (Vec::new(), Vec::new());
    let Some(spec) = &package.input_visualizer else {
        return Ok((images, warnings));
    };
    let scratch = Arc::new(Scratch::new(&runner.sandbox)?);
    let visualizer = match ProblemProgram::build(runner, &package.dir, spec, scratch) {
        Ok(program) => program,
        Err(e) => {
            warnings.push(format!(
                "input visualizer not run: {}",
                e.to_string().lines().next().unwrap_or_default()
            ));
            return Ok((images, warnings));
        }
    };
    let cap = runner.files.tests();
    for test in package.spec.file_tests.as_deref().unwrap_or_default() {
        if stop.requested() {
            return Err(GradeError::Interrupted);
        }
        let files = test
            .folder
            .read(&test.input, cap)
            .and_then(|input| Ok((input, test.folder.read(&test.answer, cap)?)));
        let Ok((input, answer)) = files else {
            continue; // told by the input checks
        };
        // `visualizer input answer [input_visualizer_args]`.
        let mut args = vec!["input".to_string(), "answer".to_string()];
        args.extend(test.input_visualizer_args.iter().cloned());
        let call = Call {
            args,
            stdin: &[],
            files: vec![("input", &input), ("answer", &answer)],
        };
        let name = visualizer.name();
        let warn = |why: String| format!("{name} on {}: {why}", test.name);
        match visualizer.run_writing(&call, &INPUT_IMAGES, cap) {
            Err(e) => warnings.push(warn(e.to_string())),
            Ok((run, left)) => match (run.ended(visualizer.limits()), left.into_iter().next()) {
                (Ended::Exit(0), Some((file, image))) => images.push(TestImage {
                    test: test.name.clone(),
                    file,
                    bytes: image.len(),
                    image,
                }),
                (Ended::Exit(0), None) => {
                    warnings.push(warn(format!("made no image ({})", INPUT_IMAGES.join(", "))))
                }
                (Ended::Exit(code), _) => {
                    warnings.push(warn(format!("exited with code {code}: {}", run.message())))
                }
                (Ended::Abnormally(why), _) => warnings.push(warn(why)),
            },
        }
    }
    Ok((images, warnings))
}

/// The junk inputs made from the package's first samples (`grade::junk_inputs`), each with
/// its sample's validator arguments, through every input validator (told to no reporter):
/// one that none rejects is a warning (`validator_checks::junk`).
fn junk_inputs(
    runner: &RunnerConfig,
    package: &Package,
    jobs: usize,
    stop: Stop,
    found: &mut ValidatorChecks,
) -> Result<(), GradeError> {
    if package.input_validators.is_empty() && package.checktestdata.is_empty() {
        return Ok(());
    }
    let samples: Vec<_> = package
        .spec
        .file_tests
        .as_deref()
        .unwrap_or_default()
        .iter()
        .filter(|test| test.sample)
        .take(junk_inputs::MOST_SAMPLES)
        .collect();
    if samples.is_empty() {
        return Ok(());
    }
    let folder = tempfile::tempdir().map_err(|cause| GradeError::Write {
        path: std::env::temp_dir(),
        cause,
    })?;
    let (mut made, mut inputs) = (Vec::new(), Vec::new());
    for test in &samples {
        // A sample that cannot be read is told by the input checks.
        let Ok(bytes) = test.folder.read(&test.input, runner.files.tests()) else {
            continue;
        };
        if bytes.len() > junk_inputs::MOST_SAMPLE_BYTES {
            continue;
        }
        for (mutation, variant) in junk_inputs::variants(&bytes) {
            let name = format!("{} ({})", test.name, mutation.describe());
            let path = folder
                .path()
                .join(format!("{}-{}.in", made.len(), mutation.key()));
            std::fs::write(&path, variant).map_err(|cause| GradeError::Write {
                path: path.clone(),
                cause,
            })?;
            inputs.push(InputToCheck {
                name: name.clone(),
                path,
                root: None,
                args: test.validator_args.clone(),
                args_by_name: test.validator_args_by_name.clone(),
                answer_to: None,
            });
            made.push(name);
        }
    }
    let (ran, checked) =
        validate_inputs(runner, package, &inputs, jobs, stop, &mut Reporters::new())?;
    validator_checks::junk(samples.len(), &made, &checked, ran.validators, found);
    Ok(())
}

/// Every answer validator of the package (BAPCtools' `answer_validators/`: its programs, then
/// its checktestdata scripts) on each of `answers` (each with the input it answers), on
/// `jobs` workers, told to no reporter. Returns the validators run, those that do not build
/// (in `invalid`) or cannot run here (in `warnings`), and every pair checked.
fn validate_answers(
    runner: &RunnerConfig,
    package: &Package,
    answers: &[InputToCheck],
    jobs: usize,
    stop: Stop,
) -> Result<(InputsChecked, Vec<CheckedInput>), GradeError> {
    let mut result = InputsChecked::default();
    let validators = build_validators(
        runner,
        package,
        &package.answer_validators,
        &package.answer_checktestdata,
        &mut result,
    )?;
    result.validators = validators.len();
    if validators.is_empty() {
        return Ok((result, Vec::new()));
    }
    let validators: Vec<&dyn InputValidator> = validators
        .iter()
        .map(|v| v as &dyn InputValidator)
        .collect();
    let checked = validation::check_inputs(
        answers,
        runner.files.tests(),
        &validators,
        jobs,
        stop,
        &mut Reporters::new(),
    )?;
    Ok((result, checked))
}

/// Builds the validators of `programs` and the checktestdata `scripts`, those that do not
/// build named in `result.invalid`, and those that cannot run here (checktestdata not
/// installed) in `result.warnings`.
fn build_validators(
    runner: &RunnerConfig,
    package: &Package,
    programs: &[ProgramSpec],
    scripts: &[std::path::PathBuf],
    result: &mut InputsChecked,
) -> Result<Vec<KattisValidator>, GradeError> {
    let scratch = Arc::new(Scratch::new(&runner.sandbox)?);
    let mut validators = Vec::new();
    // What each validator said of an input is remembered in the cache: a verify run again
    // (or `judge validate`) runs a validator only on what it has not seen.
    let remembered = runner.cache_dir.join(VALIDATED);
    for spec in programs {
        match ProblemProgram::build(runner, &package.dir, spec, scratch.clone()) {
            Ok(program) => {
                let key = entry_name(program_path(spec));
                validators.push(
                    KattisValidator::program(program)
                        .with_key(key)
                        .remembered_in(remembered.clone()),
                )
            }
            Err(e) => result.invalid.push(e.to_string()),
        }
    }
    for script in scripts {
        let name = format!(
            "validator {}",
            script.file_name().unwrap_or_default().to_string_lossy()
        );
        let spec = checktestdata_spec(runner, script);
        // A script with the package's constants written in is read from its staged copy.
        let home = match script.starts_with(&package.dir) {
            true => package.dir.as_path(),
            false => script.parent().unwrap_or(&package.dir),
        };
        match ProblemProgram::build(runner, home, &spec, scratch.clone()) {
            Ok(program) => validators.push(
                KattisValidator::checktestdata(
                    program,
                    name,
                    &std::fs::read(script).unwrap_or_default(),
                )
                .with_key(entry_name(script))
                .remembered_in(remembered.clone()),
            ),
            Err(PartError::Build {
                cause: LangError::ProgramNotFound { program, path },
                ..
            }) => result.warnings.push(format!(
                "{}: not run: checktestdata is not installed (`{program}` is not in the \
                 sandbox's PATH {path}; PyPI's checktestdata provides it: pip install checktestdata)",
                script.display()
            )),
            Err(e) => result.invalid.push(e.to_string()),
        }
    }
    Ok(validators)
}

/// Runs every input validator of the package (its programs, then its checktestdata scripts)
/// on each of `inputs`, on `jobs` workers, telling `reporter` as each pair is checked: what
/// `judge verify` does with the package's tests and `judge validate` with the files it is
/// given. Returns the validators run, those that do not build (in `invalid`) or cannot run
/// here (in `warnings`, checktestdata not installed), and every pair checked.
pub fn validate_inputs(
    runner: &RunnerConfig,
    package: &Package,
    inputs: &[InputToCheck],
    jobs: usize,
    stop: Stop,
    reporter: &mut dyn Reporter,
) -> Result<(InputsChecked, Vec<CheckedInput>), GradeError> {
    let mut result = InputsChecked::default();
    if package.input_validators.is_empty() && package.checktestdata.is_empty() {
        return Ok((result, Vec::new()));
    }
    let validators = build_validators(
        runner,
        package,
        &package.input_validators,
        &package.checktestdata,
        &mut result,
    )?;
    result.validators = validators.len();
    let validators: Vec<&dyn InputValidator> = validators
        .iter()
        .map(|v| v as &dyn InputValidator)
        .collect();
    let checked = validation::check_inputs(
        inputs,
        runner.files.tests(),
        &validators,
        jobs,
        stop,
        reporter,
    )?;
    Ok((result, checked))
}

/// A checktestdata script as a program: [`judge_formats::kattis::CHECKTESTDATA`] called on it, under
/// the validators' limits.
/// The path of a package program's source (a file or a folder), if it has one.
fn program_path(spec: &ProgramSpec) -> &Path {
    match &spec.source {
        judge_core::config::ProgramSource::Source { path, .. } => path,
        judge_core::config::ProgramSource::Command(_) => Path::new(""),
    }
}

/// The name of an entry of `input_validators/`, by which a test group's map of arguments
/// names it.
fn entry_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn checktestdata_spec(runner: &RunnerConfig, script: &Path) -> ProgramSpec {
    ProgramSpec {
        role: Role::Validator,
        source: ProgramSource::Command(vec![
            judge_formats::kattis::CHECKTESTDATA.to_string(),
            script.display().to_string(),
        ]),
        convention: Convention::Kattis,
        args: Vec::new(),
        time_limit: runner.validators.time_limit,
        memory_bytes: runner.validators.memory_bytes,
    }
}

/// Builds the package's output validator or interactor once, before any submission runs (the
/// compile cache then serves it to every submission): a part that does not build is an error
/// of the run, naming it, not a row per submission.
fn build_parts(runner: &RunnerConfig, package: &Package) -> Result<(), GradeError> {
    let checker = match &package.spec.checker {
        judge_core::check::Checker::Program(spec) => Some(spec),
        judge_core::check::Checker::Compare(_) => None,
    };
    let parts = [checker, package.spec.programs.interactor.as_ref()];
    let more = package.spec.programs.more_checkers.iter().map(Some);
    let scratch = Arc::new(Scratch::new(&runner.sandbox)?);
    for spec in parts.into_iter().chain(more).flatten() {
        ProblemProgram::build(runner, &package.dir, spec, scratch.clone())?;
    }
    Ok(())
}

/// Compiles every submission of the package into the compile cache on `jobs` workers, so that
/// grading each one finds it there, and gives what each build took by language. What fails is
/// not kept: grading the submission compiles it again and reports the CE or the error (not
/// cached, so it is met again).
fn compile_submissions(
    runner: &RunnerConfig,
    package: &Package,
    jobs: usize,
    stop: Stop,
) -> Vec<CompileTiming> {
    let submissions = &package.submissions;
    let mut compiled = Vec::new();
    crate::pool::run_parallel(
        submissions.len(),
        jobs,
        stop.flag(),
        |_| true,
        || (),
        |(), index| {
            let started = Instant::now();
            let submission = &submissions[index];
            let built = judge_core::lang::prepare_submission(
                &judge_core::lang::BuildSetup::of(runner),
                &submission.path,
                submission.language.as_deref(),
                submission.entrypoint.as_deref(),
            );
            let language = match &built {
                Ok(built) => built.language_id().to_string(),
                Err(_) => "not built".to_string(),
            };
            let ready = matches!(built, Ok(judge_core::lang::Compiled::Ready(_)));
            (language, ready, started.elapsed())
        },
        |news| {
            if let crate::pool::News::Finished(_, timed) = news {
                compiled.push(timed);
            }
            true
        },
    );
    timings::compiles_by_language(compiled)
}

/// The cache folder where input validators' words are remembered (see
/// [`KattisValidator::remembered_in`]).
const VALIDATED: &str = "validated";

/// How a package's submissions are graded: side by side on `jobs` workers, run at the limit
/// times `margin`, their units taken from `memory` and remembered there when one is given;
/// each stops at its first failure unless `every_test` (or the package is scored); the
/// output visualizer runs on each checked test when `visualize`.
#[derive(Clone, Copy)]
struct Grading<'m> {
    jobs: usize,
    margin: f64,
    memory: Option<&'m RunMemory>,
    every_test: bool,
    visualize: bool,
}

/// Grades one submission of the package on all its tests at the problem's limit, as
/// `grading` says (see [`grade_submissions`]).
fn grade_submission(
    runner: &RunnerConfig,
    problem: &ProblemSpec,
    submission: &PackageSubmission,
    grading: Grading,
) -> Result<RunSummary, GradeError> {
    let mut graded = None;
    grade_submissions(
        runner,
        problem,
        &[submission],
        grading,
        &mut Reporters::new(),
        |_, summary, _| {
            graded = Some(summary);
            Ok(())
        },
    )?;
    graded.unwrap_or(Err(GradeError::Interrupted))
}

/// Grades `submissions` on all the package's tests at the problem's limit, as
/// `grading` says (each a job of the one loop, `grade::jobs`), stopping each at its first
/// failure; tells `reporter` of each in order as `judge test` tells a run (its start, tests
/// and end) and gives `graded` its summary, or why it could not be graded, in order. A
/// reporter that cannot write, or an interruption, ends the run with that error.
fn grade_submissions(
    runner: &RunnerConfig,
    problem: &ProblemSpec,
    package_submissions: &[&PackageSubmission],
    grading: Grading,
    reporter: &mut dyn Reporter,
    mut graded: impl FnMut(
        usize,
        Result<RunSummary, GradeError>,
        &mut dyn Reporter,
    ) -> Result<(), GradeError>,
) -> Result<(), GradeError> {
    let Grading {
        jobs,
        margin,
        memory,
        every_test,
        visualize,
    } = grading;
    let seed = runner.seed;
    let scratch = Arc::new(Scratch::new(&runner.sandbox)?);
    let tests = Tests::Planned {
        selection: TestSelection::All,
        random_count: 0,
    };
    let mut plan = Plan::tests(runner, problem, &tests, seed, &scratch)?;
    if let (true, Some(spec), Plan::Tests { parts, .. }) =
        (visualize, &problem.programs.output_visualizer, &mut plan)
    {
        parts.output_visualizer = Some(
            ProblemProgram::build(runner, &problem.dir, spec, scratch.clone()).map_err(|e| {
                format!(
                    "output visualizer not run: {}",
                    e.to_string().lines().next().unwrap_or_default()
                )
            }),
        );
    }
    // A scored package's submissions do not stop at a first failure: their groups say which
    // tests they need.
    let stops = problem.groups.is_none() && !every_test;
    let submissions: Vec<Submission> = package_submissions
        .iter()
        .map(|s| Submission::of_package_submission(s))
        .collect();
    // Each submission's target, or why it cannot be graded (its language not installed).
    let targets: Vec<Result<Target, String>> = submissions
        .iter()
        .map(|submission| {
            Target::of(runner, problem, submission, &Overrides::default())
                .map_err(|e| e.to_string())
        })
        .collect();
    let to_grade = submissions
        .iter()
        .zip(&targets)
        .map(|(submission, target)| {
            let target = target.as_ref().map_err(Clone::clone)?;
            let sha256 = submission.digest();
            Ok(ToGrade {
                submission,
                target,
                enforce_time_factor: margin,
                identity: plan.identity(runner, problem, seed, target, &sha256, stops, margin),
            })
        })
        .collect();
    let request = JobsRequest {
        runner,
        problem,
        plan: &plan,
        scratch: &scratch,
        seed,
        jobs: to_grade,
        decided: Vec::new(),
        memory,
        schedule: Schedule::new(jobs, stops, true),
        keep_transcripts: true,
    };
    grade_in_order(request, jobs, |index, end| {
        let summary = end
            .tell(None, reporter)?
            .map_err(|why| GradeError::NotBuilt {
                path: package_submissions[index].path.clone(),
                message: why,
            });
        graded(index, summary, reporter)
    })
}

/// The last step of resolving a problem a submission is graded on (the CLI takes it once,
/// before it builds a request): a time limit `given` on the command line is the problem's; a
/// Kattis package gets its fixed limit, or the one its accepted submissions give (graded first,
/// as problemtools does), and is graded without its input validator (see
/// [`Package::spec_to_grade_on`]); any other problem keeps its own. The problem returned
/// carries its final limits and the rule that set its time limit; nothing after changes them.
pub fn problem_to_grade_on(
    runner: &RunnerConfig,
    problem: Problem,
    jobs: usize,
    given: Option<Duration>,
    stop: Stop,
) -> Result<Problem, GradeError> {
    if let Some(limit) = given {
        return Ok(problem.with_final_time_limit(limit, TimeLimitRule::CommandLine));
    }
    let Some(package) = &problem.package else {
        return Ok(problem);
    };
    let runner = &package.runner_for(runner);
    let request = PackageRequest {
        runner,
        package,
        jobs,
        time_limit: None,
        domjudge_time_limit: false,
        stop,
        // The package's accepted runs, unchanged, derive the same limit each time.
        remember_runs: true,
        visualize_outputs: false,
    };
    let (limit, rule, _) = time_limit(&request)?;
    let spec = package.spec_to_grade_on();
    Ok(Problem { spec, ..problem }.with_final_time_limit(limit, rule))
}

/// The time limit a package's problem was resolved with, as `judge verify` tells it: the
/// limit, where it came from (the words of [`TimeLimit::from`]), the safety margin, and
/// DOMjudge's limit when that is another (`domjudge_time_limit`: it was asked for).
pub fn told(problem: &Problem, package: &Package, domjudge_time_limit: bool) -> TimeLimit {
    let rules = package.metadata.time;
    let ms = problem.spec.limits.cpu_time.as_millis() as u64;
    let from = match &problem.time_limit {
        TimeLimitRule::CommandLine => "--time-limit".to_string(),
        // A Polygon package (read as a package) fixes it in problem.xml.
        TimeLimitRule::Package if judge_formats::polygon::is_package_folder(&package.dir) => {
            "problem.xml's time-limit".to_string()
        }
        TimeLimitRule::Package => "problem.yaml limits.time_limit".to_string(),
        TimeLimitRule::Domjudge { file } => format!("DOMjudge's {file}, --domjudge-time-limit"),
        TimeLimitRule::NotDerived { accepted } => format!(
            "not derived: none of the {accepted} accepted submissions could be graded; the \
             format's least limit"
        ),
        TimeLimitRule::Derived(derivation) => {
            // Near a rounding step, the limit is as unsteady as the time: say which limit a
            // time a little off derives (problemtools, timing the same run, may derive it).
            let near_step = derivation
                .near_step
                .map_or_else(String::new, |(other, change)| {
                    let how = if change >= 0.0 { "slower" } else { "faster" };
                    format!(
                        "; near a step: a run {:.1} % {how} derives {} ms",
                        (change.abs() * 100.0).max(0.1),
                        (other * 1000.0).round()
                    )
                });
            format!(
                "{} {:.3} ms ({} under {}) x {}, rounded up to a multiple of {} s{near_step}",
                derivation.slowest_words(),
                derivation.slowest_us as f64 / 1000.0,
                derivation.submission,
                derivation.language,
                derivation.multiplier,
                derivation.resolution
            )
        }
        TimeLimitRule::Problem => "the problem's".to_string(),
        TimeLimitRule::Provisional => "provisional".to_string(),
    };
    let warning = match &problem.time_limit {
        TimeLimitRule::NotDerived { .. } => Some(
            "no accepted submission ran, so the limit is a placeholder: give one with \
             --time-limit"
                .into(),
        ),
        TimeLimitRule::Derived(derivation) => derivation.timing_warning.as_ref().map(|warning| {
            format!(
                "the {}, {}, was {warning}",
                derivation.slowest_words(),
                derivation.submission
            )
        }),
        _ => None,
    };
    // DOMjudge's limit, said beside the one graded at when that is another.
    let domjudge_chosen = domjudge_time_limit && package.fixed_time_limit().is_none();
    let domjudge = package
        .domjudge
        .time_limit
        .filter(|_| !domjudge_chosen)
        .map(|(seconds, file)| {
            let domjudge_ms = (seconds * 1000.0).round() as u64;
            if domjudge_ms == ms {
                format!("DOMjudge's {file} fixes the same {domjudge_ms} ms")
            } else {
                format!(
                    "DOMjudge's {file} fixes {domjudge_ms} ms, which DOMjudge judges at; not \
                     graded at here (--domjudge-time-limit grades at it)"
                )
            }
        });
    TimeLimit {
        ms,
        from,
        safety_margin: rules.time_limit_to_tle,
        warning,
        domjudge,
    }
}

/// The time limit of the package and the rule that sets it: `time_limit` if given, else the
/// package's fixed one, else DOMjudge's when asked for, else the one problemtools derives from
/// the accepted submissions (graded here, silently, at the provisional limit; whole
/// milliseconds). Returns the limit, its rule and the accepted submissions' summaries (when
/// they were graded for it).
pub fn time_limit<'a>(
    request: &PackageRequest<'a>,
) -> Result<(Duration, TimeLimitRule, AcceptedRuns<'a>), GradeError> {
    let memory = request.remember_runs.then(|| RunMemory::of(request.runner));
    time_limit_remembering(request, memory.as_ref())
}

/// [`time_limit`], the accepted submissions' runs taken from `memory` and remembered there
/// when one is given.
fn time_limit_remembering<'a>(
    request: &PackageRequest<'a>,
    memory: Option<&RunMemory>,
) -> Result<(Duration, TimeLimitRule, AcceptedRuns<'a>), GradeError> {
    let package = request.package;
    let rules = package.metadata.time;
    let domjudge_chosen = request.domjudge_time_limit && package.fixed_time_limit().is_none();
    let given = request
        .time_limit
        .map(|d| (d, TimeLimitRule::CommandLine))
        .or_else(|| {
            package
                .fixed_time_limit()
                .map(|d| (d, TimeLimitRule::Package))
        })
        .or_else(|| {
            package
                .domjudge
                .time_limit
                .filter(|_| domjudge_chosen)
                .map(|(seconds, file)| {
                    (
                        Duration::from_secs_f64(seconds),
                        TimeLimitRule::Domjudge {
                            file: file.to_string(),
                        },
                    )
                })
        });
    if let Some((limit, rule)) = given {
        return Ok((limit, rule, Vec::new()));
    }
    let provisional = package.spec_to_grade_on();
    // Those whose every test bounds the limit are graded side by side, each a job of the one
    // loop, stopping at a first failure (a mismatch either way). One whose times bound it on
    // some groups only (`use_for_time_limit` under a group's glob) runs those tests alone,
    // every one of them: a failure elsewhere does not hide their times, and tests whose
    // times count for nothing are not run at the provisional limit.
    let (mut accepted, partly): (Vec<&PackageSubmission>, Vec<_>) = package
        .accepted()
        .partition(|submission| bounds_every_test(package, submission));
    let whole = accepted.len();
    accepted.extend(partly);
    let mut summaries: Vec<Option<Result<RunSummary, GradeError>>> =
        accepted.iter().map(|_| None).collect();
    // Their rows are these runs: with a report, they carry the output visualizer's images
    // (and, as the final grading, take no remembered run, which has none).
    let grading = |every_test| Grading {
        jobs: request.jobs,
        margin: 1.0,
        memory: memory.filter(|_| !request.visualize_outputs),
        every_test,
        visualize: request.visualize_outputs,
    };
    grade_submissions(
        request.runner,
        &provisional,
        &accepted[..whole],
        grading(false),
        &mut Reporters::new(),
        |index, summary, _| {
            summaries[index] = Some(summary);
            Ok(())
        },
    )?;
    for index in whole..accepted.len() {
        let submission = accepted[index];
        let mut bounding = provisional.clone();
        bounding.file_tests = provisional.file_tests.as_ref().map(|tests| {
            tests
                .iter()
                .filter(|test| package.bounds_time_limit(submission, &test.name))
                .cloned()
                .collect()
        });
        bounding.groups = None;
        summaries[index] = Some(grade_submission(
            request.runner,
            &bounding,
            submission,
            grading(true),
        ));
    }
    let graded: AcceptedRuns = accepted
        .into_iter()
        .zip(summaries)
        .map(|(submission, summary)| (submission, summary.unwrap_or(Err(GradeError::Interrupted))))
        .collect();
    // The slowest accepted submission's CPU time in microseconds (problemtools reads it from
    // rusage, to the microsecond), with the submission and its graded run: graded on several
    // workers, its slowest tests timed again one at a time.
    let slowest = (request.jobs > 1)
        .then(|| slowest_alone(request.runner, package, &provisional, &graded, memory))
        .flatten()
        .or_else(|| slowest_graded(package, &graded));
    // A limit from runs the interruption cut short would be no limit.
    if request.stop.requested() {
        return Err(GradeError::Interrupted);
    }
    if graded.is_empty() {
        return Err(GradeError::Package(format!(
            "{}: no accepted submission sets the time limit; give one with --time-limit",
            package.dir.display()
        )));
    }
    let slowest_us = slowest.as_ref().map_or(0, |(us, ..)| *us);
    let by = slowest
        .as_ref()
        .map_or_else(String::new, |(_, submission, summary)| {
            format!(" ({} under {})", submission.name, summary.language)
        });
    let seconds = judge_core::bounds::TIME_LIMIT
        .real(rules.derive(slowest_us as f64 / 1e6))
        .map_err(|e| {
            GradeError::Package(format!(
                "{}: the time limit derived from the slowest accepted submission ({:.3} ms{by} \
                 x {}) {e}",
                package.dir.display(),
                slowest_us as f64 / 1000.0,
                rules.ac_to_time_limit
            ))
        })?;
    let limit = Duration::from_millis((seconds * 1000.0).round() as u64);
    let rule = match slowest {
        // Not one accepted submission could be graded (each one's row says why): nothing to
        // derive a limit from.
        None => TimeLimitRule::NotDerived {
            accepted: graded.len(),
        },
        Some((_, submission, summary)) => TimeLimitRule::Derived(Derivation {
            slowest_us,
            submission: submission.name.clone(),
            accepted: submission.expected.is_accepted(),
            language: summary.language.clone(),
            multiplier: rules.ac_to_time_limit,
            resolution: rules.resolution,
            near_step: rules.near_step(slowest_us as f64 / 1e6, NEAR_STEP),
            timing_warning: summary.timing_warning().map(str::to_string),
        }),
    };
    Ok((limit, rule, graded))
}

/// Accepted tests timed within this fraction of the slowest are timed again alone (see
/// [`slowest_alone`]), at most [`RETIMED`] of them.
const RETIME_WITHIN: f64 = 0.9;
const RETIMED: usize = 2;

/// The slowest of the accepted submissions' slowest tests, each timed again on one worker
/// with nothing else of judge running, with the submission it is of and that submission's
/// graded run; `None` when none could be. On two workers a test shares the machine's caches
/// and memory with the one beside it and takes up to a fifth longer (islandalliances'
/// slowest: 3.0 - 3.2 s alone, 3.3 - 4.0 s beside another), enough to derive the next limit
/// up; problemtools, whose limit judge's is to be, times one test at a time.
fn slowest_alone<'a, 'g>(
    runner: &RunnerConfig,
    package: &Package,
    problem: &ProblemSpec,
    graded: &'g AcceptedRuns<'a>,
    memory: Option<&RunMemory>,
) -> Option<(u64, &'a PackageSubmission, &'g RunSummary)> {
    type Timed<'a, 'g> = (u64, &'a PackageSubmission, &'g RunSummary, String);
    let mut timed: Vec<Timed<'a, 'g>> = graded
        .iter()
        .filter_map(|(submission, summary)| Some((*submission, summary.as_ref().ok()?)))
        .flat_map(|(submission, summary)| {
            bounding(package, submission, summary).map(move |outcome| {
                // A test whose facts are another's (the same test) is that test.
                let ran = outcome.test().and_then(|t| t.same_as.clone());
                (
                    cpu_us(outcome),
                    submission,
                    summary,
                    ran.unwrap_or_else(|| outcome.name()),
                )
            })
        })
        .collect();
    timed.sort_by_key(|timed| std::cmp::Reverse(timed.0));
    timed.dedup_by(|a, b| a.1.path == b.1.path && a.3 == b.3);
    let slowest = timed.first()?.0;
    let mut alone: Option<(u64, &'a PackageSubmission, &'g RunSummary)> = None;
    for (_, submission, graded_run, test) in timed
        .into_iter()
        .take_while(|(us, ..)| *us as f64 >= RETIME_WITHIN * slowest as f64)
        .take(RETIMED)
    {
        let mut one = problem.clone();
        one.file_tests = problem
            .file_tests
            .as_ref()
            .map(|tests| tests.iter().filter(|t| t.name == test).cloned().collect());
        one.groups = None;
        let one_worker = Grading {
            jobs: 1,
            margin: 1.0,
            memory,
            every_test: false,
            visualize: false,
        };
        let Ok(summary) = grade_submission(runner, &one, submission, one_worker) else {
            return None;
        };
        if summary.outcomes.len() != 1 || !summary.verdict.is_accepted() {
            return None;
        }
        let us = max_cpu_us(&summary);
        if alone.map_or(true, |(most, ..)| us > most) {
            alone = Some((us, submission, graded_run));
        }
    }
    alone
}

/// The accepted submission whose slowest test took the most CPU time, as graded: that time
/// (microseconds), the submission and its graded run.
fn slowest_graded<'a, 'g>(
    package: &Package,
    graded: &'g AcceptedRuns<'a>,
) -> Option<(u64, &'a PackageSubmission, &'g RunSummary)> {
    graded
        .iter()
        .filter_map(|(submission, summary)| {
            let summary = summary.as_ref().ok()?;
            let slowest = bounding(package, submission, summary).map(cpu_us).max();
            Some((slowest.unwrap_or(0), *submission, summary))
        })
        .rev()
        .max_by_key(|(us, ..)| *us)
}

/// The tests of `submission`'s graded run whose times bound the limit from below (a
/// 2025-09 `use_for_time_limit` can say it of some groups only).
fn bounding<'p, 'g>(
    package: &'p Package,
    submission: &'p PackageSubmission,
    summary: &'g RunSummary,
) -> impl Iterator<Item = &'g Outcome> + use<'p, 'g> {
    let by_test = |outcome: &&Outcome| package.bounds_time_limit(submission, &outcome.name());
    summary.outcomes.iter().filter(by_test)
}

/// Whether every test of the package bounds the time limit by `submission`'s time on it (see
/// [`Package::bounds_time_limit`]): it is graded on them all for the limit.
fn bounds_every_test(package: &Package, submission: &PackageSubmission) -> bool {
    let tests = package.spec.file_tests.iter().flatten();
    tests
        .into_iter()
        .all(|test| package.bounds_time_limit(submission, &test.name))
}

/// A test's CPU time, microseconds.
fn cpu_us(outcome: &Outcome) -> u64 {
    outcome
        .facts
        .as_ref()
        .map_or(outcome.cpu_ms * 1000, |f| f.cpu_time_us)
}

/// The largest CPU time of a summary's tests, microseconds.
fn max_cpu_us(summary: &RunSummary) -> u64 {
    summary.outcomes.iter().map(cpu_us).max().unwrap_or(0)
}

/// The accepted submissions graded to set a time limit, with what they got.
pub type AcceptedRuns<'a> = Vec<(&'a PackageSubmission, Result<RunSummary, GradeError>)>;

/// The package's generated tests whose inputs it has too (a full Polygon package's), made
/// again from their commands and compared with them: told in the check's notes, each that
/// differs (or a generator that fails) a warning.
fn regenerated(request: &PackageRequest, check: &mut PackageCheck) {
    let package = request.package;
    let own = package.generated.iter().filter(|g| g.own.is_some()).count();
    if own == 0 {
        return;
    }
    match crate::programs::doall::make(
        request.runner,
        &package.dir,
        &package.generated,
        crate::programs::doall::Which::Own,
        request.jobs,
    ) {
        Ok(made) => {
            check.notes.push(format!(
                "regenerated {} of the package's {own} generated tests from their commands: {} \
                 identical to the package's, {} different",
                made.ran + made.reused,
                made.identical,
                made.differ.len()
            ));
            for (why, tests) in &made.not_built {
                check
                    .warnings
                    .push(format!("{tests} generated tests not made again: {why}"));
            }
            const SHOWN: usize = 10;
            for differ in made.differ.iter().take(SHOWN) {
                check
                    .warnings
                    .push(format!("regenerated test differs: {differ}"));
            }
            if made.differ.len() > SHOWN {
                check.warnings.push(format!(
                    "{} more regenerated tests differ",
                    made.differ.len() - SHOWN
                ));
            }
        }
        Err(error) => check.warnings.push(format!(
            "the generated tests could not be made again: {error}"
        )),
    }
}

/// The package's validators and checker run on their own tests (a Polygon package's): told in
/// the check's notes, each test whose verdict is not the one it must give a warning.
fn programs_own_tests(request: &PackageRequest, check: &mut PackageCheck) {
    let package = request.package;
    if package.program_tests.is_empty() {
        return;
    }
    let results =
        crate::programs::self_tests::run(request.runner, &package.dir, &package.program_tests);
    let passed = results.iter().filter(|r| r.passed()).count();
    check.notes.push(format!(
        "validator and checker tests: {passed} of {} gave the verdict they must give",
        results.len()
    ));
    for result in results.iter().filter(|r| !r.passed()) {
        check.warnings.push(format!(
            "{}: must be {}, got {}",
            result.name, result.expected, result.got
        ));
    }
}

/// Checks the package and every submission against its folder's verdict.
pub fn verify(
    request: &PackageRequest,
    reporter: &mut dyn Reporter,
) -> Result<(PackageCheck, VerifySummary), GradeError> {
    let package = request.package;
    let runner = request.runner;
    let mut stopwatch = Stopwatch::start(request.jobs);
    // Every submission compiles into the cache while the inputs are checked and the parts
    // built, `jobs` at a time: problemtools compiles each just before it runs, one after
    // another. No submission is timed while anything compiles.
    let (compiles, inputs, parts) = stopwatch.phase("compile, check inputs", || {
        std::thread::scope(|scope| {
            let compiles =
                scope.spawn(|| compile_submissions(runner, package, request.jobs, request.stop));
            let inputs = check_inputs(runner, package, request.jobs, request.stop, reporter);
            let parts = build_parts(runner, package);
            (compiles.join().unwrap_or_default(), inputs, parts)
        })
    });
    let inputs = inputs?;
    let validators = stopwatch.phase("validator checks", || {
        check_validators(runner, package, request.jobs, request.stop)
    })?;
    let mut check = PackageCheck {
        problem: package.spec.id.clone(),
        tests: package.spec.file_tests.as_ref().map_or(0, Vec::len),
        input_validators: inputs.validators,
        invalid: inputs
            .invalid
            .into_iter()
            .chain(validators.failures)
            .collect(),
        validator_checks: validators.rows,
        time_limit: None,
        skipped: package.skipped.iter().map(|(_, why)| why.clone()).collect(),
        warnings: package
            .warnings
            .iter()
            .cloned()
            .chain(inputs.warnings)
            .chain(validators.warnings)
            .collect(),
        notes: package
            .domjudge
            .notes
            .iter()
            .cloned()
            .chain(validators.notes)
            .collect(),
        images: Vec::new(),
    };
    let (images, visualizer_warnings) = visualize_inputs(runner, package, request.stop)?;
    check.images = images;
    check.warnings.extend(visualizer_warnings);
    stopwatch.phase("regenerate, self-test", || {
        regenerated(request, &mut check);
        programs_own_tests(request, &mut check);
    });
    if let Err(error) = parts {
        // Nothing can be graded without it: the run ends, the package's checks said.
        tell(reporter, Event::PackageChecked(&check))?;
        return Err(error);
    }
    // The last step of resolving the package (`problem_to_grade_on`'s, with the verify's
    // own choices): its submissions are graded on this problem, its limits final.
    let memory = request.remember_runs.then(|| RunMemory::of(request.runner));
    let (cpu_time, rule, accepted_runs) = stopwatch.phase("time limit", || {
        time_limit_remembering(request, memory.as_ref())
    })?;
    let mut for_limit = RunsTiming::new("accepted, for the limit");
    for (_, summary) in &accepted_runs {
        if let Ok(summary) = summary {
            for_limit.add(summary);
        }
    }
    // Graded at the limit told, in whole milliseconds.
    let cpu_time = Duration::from_millis(cpu_time.as_millis() as u64);
    let problem = Problem::new(package.spec_to_grade_on(), Some(package.clone()))
        .with_final_time_limit(cpu_time, rule);
    let limit = told(&problem, package, request.domjudge_time_limit);
    // A run graded for the limit is kept as the submission's row when AC is what is
    // expected of it, it ran on every test and they ran within the limit (they all do unless
    // `use_for_time_limit: false` kept some out of it); another (`use_for_time_limit: lower`
    // on a rejected one, or on some groups) is graded again at the limit.
    let within = |summary: &Result<RunSummary, GradeError>| {
        summary
            .as_ref()
            .map_or(true, |s| max_cpu_us(s) <= cpu_time.as_micros() as u64)
    };
    let mut accepted_runs: Vec<_> = accepted_runs
        .into_iter()
        .filter(|(submission, summary)| {
            submission.expected.is_accepted()
                && within(summary)
                && bounds_every_test(package, submission)
        })
        .map(Some)
        .collect();
    let margin = limit.safety_margin;
    check.time_limit = Some(limit.clone());
    tell(reporter, Event::PackageChecked(&check))?;
    let expectations = package
        .spec
        .groups
        .as_ref()
        .map(|tree| Expectations::of(package, tree));
    let test_names: Vec<String> = package
        .spec
        .file_tests
        .iter()
        .flatten()
        .map(|test| test.name.clone())
        .collect();
    // The submissions not graded to set the limit, graded side by side.
    let to_grade: Vec<usize> = (0..package.submissions.len())
        .filter(|&index| {
            let path = &package.submissions[index].path;
            !accepted_runs
                .iter()
                .any(|run| run.as_ref().is_some_and(|(s, _)| &s.path == path))
        })
        .collect();
    let graded_now: Vec<&PackageSubmission> = to_grade
        .iter()
        .map(|&index| &package.submissions[index])
        .collect();
    let mut rows = Vec::new();
    // Tells the row of each submission in order, up to `until`: those graded to set the
    // limit (an accepted submission keeps that verdict: problemtools does not judge it again
    // at the derived limit) told now, in their places.
    let mut next = 0;
    let row_of = |index: usize,
                  summary: Result<RunSummary, GradeError>,
                  rows: &mut Vec<VerifyRow>,
                  reporter: &mut dyn Reporter|
     -> Result<(), GradeError> {
        let submission = &package.submissions[index];
        let result = match summary {
            Ok(summary) => Ok(with_groups(
                {
                    let mut checked = checked(&summary, Against::Package(&limit));
                    // A Polygon solution tagged memory-limit-exceeded: Polygon has the
                    // verdict, which the Kattis format reports as a run-time error.
                    let mle_allowed = submission.expected == Verdict::MemoryLimitExceeded
                        || submission.also.contains(&Verdict::MemoryLimitExceeded);
                    if mle_allowed && summary.verdict == Verdict::MemoryLimitExceeded {
                        checked.got = summary.verdict;
                        checked.detail = checked
                            .detail
                            .trim_end_matches(" (RTE in the package format)")
                            .to_string();
                    }
                    checked
                },
                &summary,
                expectations.as_ref(),
                submission,
                &test_names,
            )),
            Err(error) => Err(row_error(error, request.stop)?),
        };
        let row = VerifyRow {
            problem: package.spec.id.clone(),
            solution: submission.name.clone(),
            expected: submission.expected,
            also: submission.also.clone(),
            result,
        };
        tell(reporter, Event::Verified(&row))?;
        rows.push(row);
        Ok(())
    };
    let mut tell_earlier = |until: usize,
                            rows: &mut Vec<VerifyRow>,
                            reporter: &mut dyn Reporter|
     -> Result<(), GradeError> {
        while next < until {
            let path = &package.submissions[next].path;
            let earlier = accepted_runs
                .iter_mut()
                .find(|run| run.as_ref().is_some_and(|(s, _)| &s.path == path))
                .and_then(Option::take);
            if let Some((_, summary)) = earlier {
                // Graded out of the reporters' sight: told now, in its row's place.
                if let Ok(summary) = &summary {
                    tell(reporter, Event::Finished(summary))?;
                }
                row_of(next, summary, rows, reporter)?;
            }
            next += 1;
        }
        Ok(())
    };
    let (mut accepted, mut failing) = (RunsTiming::new("accepted"), RunsTiming::new("failing"));
    stopwatch.phase("grading", || {
        grade_submissions(
            runner,
            &problem.spec,
            &graded_now,
            Grading {
                jobs: request.jobs,
                margin,
                // Remembered runs have no images: a run that visualizes runs anew.
                memory: memory.as_ref().filter(|_| !request.visualize_outputs),
                every_test: false,
                visualize: request.visualize_outputs,
            },
            reporter,
            |position, summary, reporter| {
                if let Ok(summary) = &summary {
                    match summary.verdict.is_accepted() {
                        true => accepted.add(summary),
                        false => failing.add(summary),
                    }
                }
                let index = to_grade[position];
                tell_earlier(index, &mut rows, reporter)?;
                row_of(index, summary, &mut rows, reporter)
            },
        )
    })?;
    tell_earlier(package.submissions.len(), &mut rows, reporter)?;
    let identity = plan_identity(package, &limit, &rows);
    let mut summary = VerifySummary::of(rows, RunIdentity::new(identity, None));
    summary.timings = Some(stopwatch.finish(compiles, vec![for_limit, accepted, failing]));
    summary.remembered = memory.as_ref().map_or(0, RunMemory::recalled);
    tell(reporter, Event::VerifyFinished(&summary))?;
    Ok((check, summary))
}

/// What a scoring package expects of its submissions' scores: what the package read for each
/// (`kattis::expectations_of`: `submissions.yaml`, else its folder's rule), against the full
/// score of its root group's `range`.
struct Expectations {
    full: FullScore,
    /// A Polygon package's: its submissions are named by their tags (`wrong-answer/wa.cpp`).
    polygon: bool,
}

impl Expectations {
    fn of(package: &Package, tree: &GroupTree) -> Expectations {
        Expectations {
            polygon: judge_formats::polygon::is_package_folder(&package.dir),
            full: FullScore {
                range: tree.root.settings.range,
                objective: Objective::Max,
            },
        }
    }

    /// What is expected of `submission`.
    fn of_submission(&self, submission: &PackageSubmission) -> Vec<Expectation> {
        if !self.polygon {
            return submission.expectations.clone();
        }
        // A Polygon solution's tag: main and accepted get the full score.
        let tag = match submission.name.split('/').next().unwrap_or("") {
            "main" => "accepted".to_string(),
            tag => tag.replace('-', "_"),
        };
        Expectation::from_directory(&tag).into_iter().collect()
    }
}

/// A scored submission's row with its groups and how its score misses what the package
/// expects, if it does (the first expectation missed); a pass-fail one's with how its test
/// cases' verdicts and messages miss what the package expects (`submissions.yaml` and its
/// folder's default), if the package says what it expects.
fn with_groups(
    checked: Checked,
    summary: &RunSummary,
    expectations: Option<&Expectations>,
    submission: &PackageSubmission,
    tests: &[String],
) -> Checked {
    match expectations {
        Some(expectations) => super::verify::with_groups(
            checked,
            summary,
            &expectations.of_submission(submission),
            &expectations.full,
        ),
        None if submission.expectations.is_empty() => checked,
        None => super::verify::with_expectations(checked, summary, &submission.expectations, tests),
    }
}

/// The identity of a package's verify run, as JSON reports carry it: the package, its time
/// limit and safety margin, and every submission with the verdict its folder names and its
/// bytes (a package's verify is not sharded, so this only names the run).
fn plan_identity(package: &Package, limit: &TimeLimit, rows: &[VerifyRow]) -> PlanIdentity {
    let mut digest = PlanDigest::new();
    digest
        .add("package", package.dir.display())
        .add("problem", &package.spec.id)
        .add("time_limit_ms", limit.ms)
        .add("safety_margin", limit.safety_margin);
    for submission in &package.submissions {
        digest
            .add("submission", &submission.name)
            .add("expected", submission.expected.code())
            .add(
                "sha256",
                judge_core::lang::submission_sha256(&submission.path).unwrap_or_default(),
            );
    }
    PlanIdentity {
        unit: PlanUnit::Solutions,
        units: rows.len(),
        stops_at_first_failure: true,
        digest: digest.finish(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::Target;
    use judge_core::config::{Located, ValidatorLimits};
    use std::path::PathBuf;

    /// The repository's runner.toml, its compile cache in `cache`.
    fn runner(cache: &Path) -> RunnerConfig {
        let file = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("runner.toml");
        let mut runner = RunnerConfig::load(&file).unwrap();
        runner.cache_dir = cache.to_path_buf();
        runner
    }

    /// The package at `dir`, resolved.
    fn resolved(dir: &Path) -> Problem {
        crate::resolve::load(
            Located::Package {
                dir: dir.to_path_buf(),
            },
            &ValidatorLimits::default(),
        )
        .unwrap()
    }

    /// A legacy package (no fixed limit: problemtools derives it, x 5 in steps of 1 s) of
    /// two tests and one accepted submission, in `dir`.
    fn sum_package(dir: &Path) -> PathBuf {
        let files = [
            ("problem.yaml", "name: Sum\nvalidation: default\n"),
            ("data/sample/1.in", "1 2\n"),
            ("data/sample/1.ans", "3\n"),
            ("data/secret/1.in", "20 22\n"),
            ("data/secret/1.ans", "42\n"),
            (
                "submissions/accepted/sum.c",
                "#include <stdio.h>\nint main(void) { long a, b; if (scanf(\"%ld %ld\", &a, &b) != 2) return 1; printf(\"%ld\\n\", a + b); return 0; }\n",
            ),
        ];
        let package = dir.join("sum");
        for (name, text) in files {
            let path = package.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        package
    }

    #[test]
    fn a_derived_limit_is_resolved_with_how_it_was_derived_and_requests_read_it() {
        let dir = tempfile::tempdir().unwrap();
        let runner = runner(&dir.path().join("cache"));
        let package = sum_package(dir.path());
        let provisional = resolved(&package);
        assert_eq!(provisional.time_limit, TimeLimitRule::Provisional);
        let problem = problem_to_grade_on(&runner, provisional, 1, None, Stop::never()).unwrap();
        let TimeLimitRule::Derived(derivation) = &problem.time_limit else {
            panic!("not derived: {:?}", problem.time_limit);
        };
        assert_eq!(derivation.submission, "accepted/sum.c");
        assert_eq!((derivation.multiplier, derivation.resolution), (5.0, 1.0));
        assert!(derivation.slowest_us < 200_000, "{derivation:?}");
        // max(1, ceil(slowest x 5 / 1 s)) x 1 s.
        assert_eq!(problem.spec.limits.cpu_time, Duration::from_secs(1));
        assert!(problem.time_limit.is_derived());
        // Graded without the input validator, as before.
        assert!(problem.spec.programs.validator.is_none());
        // Told as `judge verify` tells it.
        let told = told(&problem, problem.package.as_ref().unwrap(), false);
        assert_eq!(told.ms, 1000);
        assert!(
            told.from.starts_with("slowest accepted ")
                && told.from.contains(" (accepted/sum.c under ")
                && told.from.contains(" x 5, rounded up to a multiple of 1 s"),
            "{}",
            told.from
        );
        assert_eq!(told.safety_margin, 2.0);
        // A request on it runs at the problem's limits: nothing after resolving changes them.
        let submission = Submission::of_package(package.join("submissions/accepted/sum.c"));
        let target =
            Target::of(&runner, &problem.spec, &submission, &Overrides::default()).unwrap();
        let limits = &problem.spec.limits;
        assert_eq!(target.limits.cpu_time, limits.cpu_time);
        assert_eq!(
            target.limits.wall_time,
            runner.limits.wall_time_for(limits.cpu_time)
        );
        assert_eq!(target.limits.memory_bytes, limits.memory_bytes);
        assert_eq!(Some(target.limits.output_bytes), limits.output_bytes);
    }

    #[test]
    fn a_fixed_or_given_limit_is_final_without_grading_a_submission() {
        let dir = tempfile::tempdir().unwrap();
        let runner = runner(&dir.path().join("cache"));
        let kattis = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("tests/kattis");
        let fixed = resolved(&kattis.join("divisor2023"));
        assert_eq!(fixed.time_limit, TimeLimitRule::Package);
        let fixed = problem_to_grade_on(&runner, fixed, 1, None, Stop::never()).unwrap();
        assert_eq!(fixed.time_limit, TimeLimitRule::Package);
        assert_eq!(fixed.spec.limits.cpu_time, Duration::from_secs(1));
        assert!(fixed.spec.programs.validator.is_none());
        let told = told(&fixed, fixed.package.as_ref().unwrap(), false);
        assert_eq!(
            (told.ms, told.from.as_str()),
            (1000, "problem.yaml limits.time_limit")
        );
        // A limit given replaces the package's, fixed or to be derived (nothing is graded).
        let given = Duration::from_millis(2500);
        let package = sum_package(dir.path());
        let problem =
            problem_to_grade_on(&runner, resolved(&package), 1, Some(given), Stop::never())
                .unwrap();
        assert_eq!(problem.time_limit, TimeLimitRule::CommandLine);
        assert_eq!(problem.spec.limits.cpu_time, given);
        assert!(!dir.path().join("cache").exists(), "nothing was compiled");
    }
}
