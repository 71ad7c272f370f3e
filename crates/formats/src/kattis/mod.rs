//! Kattis problem packages (the format of Kattis, DOMjudge and the ICPC archives) read as
//! problems: `problem.yaml` (`metadata`), the tests of `data/` with their groups' arguments
//! (`testdata`), the output validator (the default one with its flags, or a program of the
//! package in the Kattis convention), the input validators, the interactor of an interactive
//! problem, the limits, and the submissions with the verdicts their folders name. Grading a
//! package is `grade::package`'s.

pub mod archive;
pub mod domjudge;
pub mod export;
pub mod metadata;
pub mod testdata;

use std::path::{Path, PathBuf};
use std::time::Duration;

use thiserror::Error;

pub use domjudge::Domjudge;
use judge_core::check::{Checker, Comparison};
use judge_core::config::{
    Convention, FileTest, ProblemKind, ProblemPrograms, ProblemSpec, ProgramSource, ProgramSpec,
    Role, ScoreFile, ValidatorLimits,
};
use judge_core::files::{Cap, FileError, Folder, Kind};
use judge_core::limits::{ProblemLimits, MIB};
use judge_core::scoring::expected::{self, Expectation, ForTimeLimit, SubmissionsYaml};
use judge_core::scoring::kattis::PackageFacts;
use judge_core::scoring::{Child, Group, GroupTree};
use judge_core::verdict::Verdict;

use crate::staging::StagedFile;
pub use metadata::{FormatVersion, Metadata, TimeRules};

#[derive(Debug, Error)]
pub enum PackageError {
    #[error("cannot read {path}: {cause}")]
    Read {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error("{path}: {message}")]
    Invalid { path: PathBuf, message: String },
    /// A file the package may not bring (a link out of it, a device, a FIFO) or too large.
    #[error(transparent)]
    File(#[from] FileError),
    /// The test groups of a scoring package cannot be graded as they are.
    #[error(transparent)]
    Scoring(#[from] judge_core::scoring::ScoringError),
}

impl PackageError {
    pub(crate) fn invalid(path: &Path, message: impl Into<String>) -> PackageError {
        PackageError::Invalid {
            path: path.to_path_buf(),
            message: message.into(),
        }
    }
}

/// A submission of the package with the verdict its folder names.
#[derive(Debug, Clone, PartialEq)]
pub struct PackageSubmission {
    /// A file, or a folder of files that make one program.
    pub path: PathBuf,
    /// Its name in reports: `accepted/sum.cpp`.
    pub name: String,
    /// The verdict its row shows as expected: its folder's, or one that meets its
    /// expectations (`rejected/`: WA).
    pub expected: Verdict,
    /// What the package expects of it (`submissions.yaml` and its folder's default, see
    /// [`expectations_of`]); empty where only `expected` is (a Polygon package's).
    pub expectations: Vec<Expectation>,
    /// Verdicts besides `expected` it may get (a Polygon tag that allows several:
    /// `rejected`, `failed`, `time-limit-exceeded-or-accepted`, ...); none for a Kattis folder.
    pub also: Vec<Verdict>,
    /// The language it is built in (runner.toml's id), when `submissions.yaml` names one
    /// other than its files are detected in; else detection decides.
    pub language: Option<String>,
    /// Its entry point as `submissions.yaml` gives it: the main file of a folder (its path
    /// inside it, or its name without extension: Java's main class).
    pub entrypoint: Option<String>,
}

/// A package, read.
#[derive(Debug, Clone)]
pub struct Package {
    pub dir: PathBuf,
    pub metadata: Metadata,
    /// The package as a problem. Its time limit is the package's fixed one, or a provisional
    /// one until the last step of resolving (`grade::package::problem_to_grade_on`) gives the
    /// problem the limit derived from the accepted submissions.
    pub spec: ProblemSpec,
    pub input_validators: Vec<ProgramSpec>,
    pub submissions: Vec<PackageSubmission>,
    /// checktestdata scripts among the input validators (`*.ctd`), run with PyPI's
    /// checktestdata ([`CHECKTESTDATA`]) as problemtools runs them.
    pub checktestdata: Vec<PathBuf>,
    /// BAPCtools' answer validators (`answer_validators/`: programs called as `validator
    /// input [args] < answer`, exit 42 valid, 43 invalid), which `judge verify` runs on every
    /// test's answer and on `data/invalid_answer`.
    pub answer_validators: Vec<ProgramSpec>,
    /// checktestdata scripts among the answer validators (`*.ctd`, reading the answer).
    pub answer_checktestdata: Vec<PathBuf>,
    /// The 2025-09 input visualizer (`input_visualizer/`, one program called as `visualizer
    /// input answer [args]` that writes `testcase.<png|svg|jpg|jpeg>`), which `judge verify`
    /// runs on every test under the validators' limits.
    pub input_visualizer: Option<ProgramSpec>,
    /// Entries of `submissions/` that are not graded, with why (an unknown folder).
    pub skipped: Vec<(PathBuf, String)>,
    /// DOMjudge's files of the package: the limit they fix, and notes.
    pub domjudge: Domjudge,
    /// What the package does that problemtools warns of and grades anyway (no secret test
    /// data), and validators of a kind this judge cannot run (`.viva`), each named.
    pub warnings: Vec<String>,
    /// The format's checks of the validators (`data/invalid_input`, `invalid_output`,
    /// `valid_output`), which `judge verify` runs.
    pub validator_cases: Vec<testdata::ValidatorCase>,
    /// Test inputs the package makes with its own commands (a Polygon package's generated
    /// tests): those it lacks are made before grading, the others only compared by verify.
    pub generated: Vec<judge_core::config::GeneratedFile>,
    /// Tests of the package's programs' own (a Polygon package's validator and checker
    /// tests), which verify runs.
    pub program_tests: Vec<judge_core::config::ProgramTest>,
}

/// The command that runs a checktestdata script (`pyctd SCRIPT < input`; PyPI's
/// `checktestdata`, the implementation problemtools runs): exit 0 valid, 1 invalid, anything
/// else a failure of the script.
pub const CHECKTESTDATA: &str = "pyctd";

/// The limit a package without a fixed one is graded at until the accepted submissions
/// have set one.
const PROVISIONAL_TIME_LIMIT: Duration = Duration::from_secs(60);

/// The folders of `submissions/` and the verdicts they name.
pub(crate) const SUBMISSION_FOLDERS: [(&str, Verdict); 5] = [
    ("accepted", Verdict::Accepted),
    // A scoring package's: accepted, with less than the full score (`grade::package`).
    ("partially_accepted", Verdict::Accepted),
    ("wrong_answer", Verdict::WrongAnswer),
    ("time_limit_exceeded", Verdict::TimeLimitExceeded),
    (
        "run_time_error",
        Verdict::RuntimeError(judge_core::verdict::Crash::ExitCode(1)),
    ),
];

impl Package {
    /// Reads the package at `dir`; its validators (input and output) get `validators`'
    /// limits (runner.toml's `[validators]`). Every file of it is read as untrusted (see
    /// `files`): a link that leads out of the package, a device or a FIFO is refused, naming it.
    pub fn load(dir: &Path, validators: &ValidatorLimits) -> Result<Package, PackageError> {
        let folder = Folder::new(dir)?;
        let dir = folder.root().to_path_buf();
        let metadata = metadata::read(&folder, &dir.join("problem.yaml"))?;
        // problem.yaml's guarantees to its validators raise runner.toml's limits.
        let resources = metadata.resources;
        let validators = &validators.at_least(
            resources.validation_time,
            resources.validation_memory_mib.map(|mib| mib * MIB),
        );
        let id = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "package".into());
        // The package format's limit is problem.yaml's (2023-07 on) or the derived one, as
        // problemtools has it; DOMjudge's files fix a limit for DOMjudge, graded at only when
        // asked (see `grade::package::time_limit`).
        let fixed = metadata.time.fixed;
        let domjudge = domjudge::read(&folder, &metadata)?;
        let groups = scoring_groups(&folder, &dir)?;
        let tests = match &groups {
            Some(tree) => tests_of_groups(&folder, tree, &metadata)?,
            None => {
                let mut tests = testdata::read(&folder, &metadata.constants)?;
                // A 2025-09 pass-fail problem's tests have no score: a score file is a judge
                // error (its groups all have pass-fail aggregation).
                if metadata.format == FormatVersion::V2025_09 {
                    for test in &mut tests {
                        test.score_file = ScoreFile::JudgeError;
                    }
                }
                tests
            }
        };
        let mut tests = tests;
        let mut warnings = Vec::new();
        if metadata.format == FormatVersion::V2025_09 {
            testdata::apply_test_yaml(&folder, &mut tests)?;
        }
        if !tests.iter().any(|t| !t.sample) {
            warnings.push(format!(
                "{}: holds no test cases; the submissions are graded on the samples alone (problemtools does the same)",
                dir.join("data/secret").display()
            ));
        }
        let mut output_validators = output_validators(&folder, &metadata, validators)?;
        if output_validators.len() > 1 && metadata.interactive {
            return Err(PackageError::invalid(
                &dir.join("output_validators"),
                "holds several programs: an interactive problem has one interactor",
            ));
        }
        let more_checkers = output_validators.split_off(output_validators.len().min(1));
        let output_validator = output_validators.pop();
        let (checker, interactor) = match (metadata.interactive, output_validator) {
            (true, Some(mut program)) => {
                program.role = Role::Interactor;
                (
                    Checker::Compare(Comparison::Kattis { flags: Vec::new() }),
                    Some(program),
                )
            }
            (true, None) => {
                return Err(PackageError::invalid(
                    &dir.join("output_validators"),
                    "an interactive problem needs its interactor here (the output validator)",
                ))
            }
            (false, Some(program)) => (Checker::Program(program), None),
            (false, None) if metadata.validation_passes.is_some() => {
                return Err(PackageError::invalid(
                    &dir.join("output_validator"),
                    "a multi-pass problem needs its output validator here (it writes each next pass's input)",
                ))
            }
            (false, None) => (
                Checker::Compare(Comparison::Kattis {
                    flags: metadata.validator_flags.clone(),
                }),
                None,
            ),
        };
        let found = programs_in(&folder, &["input_validators", "input_format_validators"])?;
        for script in &found.unsupported {
            warnings.push(format!(
                "{}: not run: a VIVA input validator, which this judge cannot run",
                script.display()
            ));
        }
        // A custom grader (the first program of `graders/`, as problemtools takes it), run
        // like a checker.
        let grader = match &groups {
            Some(_) => programs_in(&folder, &["graders"])?
                .programs
                .into_iter()
                .next()
                .map(|source| ProgramSpec {
                    role: Role::Checker,
                    source,
                    convention: Convention::Kattis,
                    args: Vec::new(),
                    time_limit: validators.time_limit,
                    memory_bytes: validators.memory_bytes,
                }),
            None => None,
        };
        check_validator_names(&dir, &tests, &found)?;
        let validator_of = |source| ProgramSpec {
            role: Role::Validator,
            source,
            convention: Convention::Kattis,
            args: Vec::new(),
            time_limit: validators.time_limit,
            memory_bytes: validators.memory_bytes,
        };
        let input_validators: Vec<ProgramSpec> =
            found.programs.into_iter().map(validator_of).collect();
        let answer_found = programs_in(&folder, &["answer_validators"])?;
        for script in &answer_found.unsupported {
            warnings.push(format!(
                "{}: not run: a VIVA answer validator, which this judge cannot run",
                script.display()
            ));
        }
        let answer_validators: Vec<ProgramSpec> = answer_found
            .programs
            .into_iter()
            .map(validator_of)
            .collect();
        let input_visualizer =
            one_program(&folder, "input_visualizer", Role::Visualizer, &validator_of)?;
        let output_visualizer = one_program(
            &folder,
            "output_visualizer",
            Role::Visualizer,
            &validator_of,
        )?;
        let static_cases = match (&groups, metadata.format) {
            (None, FormatVersion::V2025_09) => pass_fail_static_cases(&folder)?,
            _ => Vec::new(),
        };
        let static_validator = static_validator(
            &folder,
            groups.as_ref(),
            static_cases.first(),
            &validator_of,
        )?;
        let limits = ProblemLimits {
            cpu_time: fixed.map_or(PROVISIONAL_TIME_LIMIT, Duration::from_secs_f64),
            memory_bytes: metadata.memory_mib * MIB,
            output_bytes: Some(metadata.output_mib * MIB),
            // Kattis gives every language the same limits.
            language_extra_time: false,
            language_extra_memory: false,
        };
        let spec = ProblemSpec {
            id: id.clone(),
            title: metadata
                .name
                .clone()
                .or_else(|| domjudge.name.clone())
                .unwrap_or_else(|| id.clone()),
            source: metadata
                .source
                .clone()
                .unwrap_or_else(|| "Kattis problem package".into()),
            kind: if metadata.interactive {
                ProblemKind::Interactive
            } else {
                ProblemKind::Batch
            },
            dir: dir.clone(),
            limits,
            checker,
            interactive: None,
            // The first input validator is the problem's validator (`judge validate`); `judge
            // verify` runs them all, each test with its group's arguments.
            programs: ProblemPrograms {
                interactor,
                validator: input_validators.first().cloned(),
                grader,
                more_checkers,
                validation_passes: metadata.validation_passes,
                static_validator,
                output_visualizer,
                static_cases,
                ..ProblemPrograms::default()
            },
            file_tests: Some(tests),
            runs_as_on_kattis: true,
            groups: groups.map(std::sync::Arc::new),
            expected_scores: Vec::new(),
            group_generator_args: Default::default(),
            io_files: Default::default(),
        };
        let (submissions, skipped, unmatched) = submissions(&folder, groups_of_spec(&spec))?;
        warnings.extend(unmatched);
        let validator_cases = testdata::read_validator_cases(&folder, &metadata.constants)?;
        let mut metadata = metadata;
        metadata.time.fixed = fixed;
        let mut package = Package {
            dir,
            metadata,
            spec,
            input_validators,
            checktestdata: found.checktestdata,
            answer_validators,
            answer_checktestdata: answer_found.checktestdata,
            input_visualizer,
            submissions,
            skipped,
            domjudge,
            warnings,
            validator_cases,
            generated: Vec::new(),
            program_tests: Vec::new(),
        };
        package.with_constants(&folder)?;
        // The code limit is the submission's own files', before included ones are added.
        package.check_code_sizes()?;
        package.with_linked_folders(&folder)?;
        package.with_includes(&folder)?;
        Ok(package)
    }

    /// A warning for each submission whose files hold more than problem.yaml's `code` limit,
    /// as problemtools reports it (and grades it anyway).
    fn check_code_sizes(&mut self) -> Result<(), PackageError> {
        let Some(limit_kib) = self.metadata.resources.code_kib else {
            return Ok(());
        };
        for submission in &self.submissions {
            let read = |cause| PackageError::Read {
                path: submission.path.clone(),
                cause,
            };
            let files = crate::staging::files_of(&submission.path).map_err(read)?;
            let mut bytes = 0;
            for file in &files {
                bytes += std::fs::metadata(file).map_err(read)?.len();
            }
            if bytes > limit_kib * 1024 {
                self.warnings.push(format!(
                    "{}: {:.1} KiB of code, over problem.yaml's limit (limits.code) of {limit_kib} KiB",
                    submission.name,
                    bytes as f64 / 1024.0
                ));
            }
        }
        Ok(())
    }

    /// Each submission folder with a link that leads out of it to a file elsewhere in the
    /// package (BAPCtools' `match/nested/nested_wa.py -> ../match_wa.py`) graded from a copy
    /// staged outside the package (see `staging`) that holds the files the links lead to:
    /// a submission folder is read as one program whose files stay inside it, and the package
    /// is the folder such a link may reach. A link out of the package is left for the build
    /// to refuse, naming it.
    fn with_linked_folders(&mut self, folder: &Folder) -> Result<(), PackageError> {
        let staging = std::env::temp_dir().join("judge-linked");
        for submission in &mut self.submissions {
            if !submission.path.is_dir() {
                continue;
            }
            let read = |cause| PackageError::Read {
                path: submission.path.clone(),
                cause,
            };
            let own = Folder::new(&submission.path)?;
            let paths = crate::staging::files_of(&submission.path).map_err(read)?;
            let leads_out = |path: &PathBuf| {
                matches!(own.kind(path), Err(FileError::Outside { .. }))
                    && folder.kind(path).is_ok()
            };
            if !paths.iter().any(leads_out) {
                continue;
            }
            let mut files = Vec::with_capacity(paths.len());
            for path in &paths {
                folder.kind(path)?;
                let relative = path
                    .strip_prefix(&submission.path)
                    .unwrap_or(path)
                    .to_path_buf();
                files.push(StagedFile::read(path, relative).map_err(read)?);
            }
            let name = submission
                .path
                .file_name()
                .unwrap_or_default()
                .to_os_string();
            submission.path = crate::staging::stage(&staging, &name, &files).map_err(read)?;
        }
        Ok(())
    }

    /// runner.toml's settings with the limits raised to what problem.yaml guarantees: the
    /// compile limits (`limits.compilation_time`, `limits.compilation_memory`) for building
    /// the package's submissions, and the output its validators, interactor and visualizers
    /// may write (`limits.validation_output`: runner.toml's output limit is theirs). A
    /// submission's own output limit is the package's (`limits.output`), unchanged.
    pub fn runner_for(
        &self,
        runner: &judge_core::config::RunnerConfig,
    ) -> judge_core::config::RunnerConfig {
        let resources = self.metadata.resources;
        let mut raised = runner.clone();
        raised.compile = runner.compile.at_least(
            resources.compilation_time,
            resources.compilation_memory_mib.map(|mib| mib * MIB),
        );
        if let Some(mib) = resources.validation_output_mib {
            raised.limits.output_bytes = raised.limits.output_bytes.max(mib * MIB);
        }
        raised
    }

    /// The package's submissions with its included files (`include/default/`, then
    /// `include/<language>/` of each submission's language, by the format's language codes)
    /// added, as problemtools adds them: a submission that gets any is graded from a folder
    /// staged outside the package (see `staging`) holding its own files and the included ones,
    /// which replace its own of the same path, problem.yaml's constants written into the
    /// included files (not into the submission's own: see `with_constants`). Its language is
    /// the one `submissions.yaml` names, else the one its own files are in. An entry of
    /// `include/` that is not a folder is an error naming it; a folder named by no language
    /// code the format has, or empty, is a warning (its files go to no submission).
    fn with_includes(&mut self, folder: &Folder) -> Result<(), PackageError> {
        let include = self.dir.join("include");
        if folder.kind_if_any(&include)?.is_none() {
            return Ok(());
        }
        if folder.kind(&include)? != Kind::Folder {
            return Err(PackageError::invalid(
                &include,
                "is not a folder: include/ holds a folder of files for each language",
            ));
        }
        let mut by_language = std::collections::BTreeMap::new();
        for entry in sorted_entries(&include)? {
            let code = entry
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if folder.kind(&entry)? != Kind::Folder {
                return Err(PackageError::invalid(
                    &entry,
                    "is not a folder: include/ holds a folder of files for each language",
                ));
            }
            let read = |cause| PackageError::Read {
                path: entry.clone(),
                cause,
            };
            let paths = crate::staging::files_of(&entry).map_err(read)?;
            if code != "default" && !judge_core::lang::is_kattis_code(&code) {
                self.warnings.push(format!(
                    "{}: not a language code of the format (cpp, python3, java, ...): its files are added to no submission",
                    entry.display()
                ));
                continue;
            }
            if paths.is_empty() {
                self.warnings.push(format!(
                    "{}: is empty (the format asks for a non-empty folder)",
                    entry.display()
                ));
                continue;
            }
            let mut files = Vec::new();
            for path in paths {
                folder.kind(&path)?;
                let relative = path.strip_prefix(&entry).unwrap_or(&path).to_path_buf();
                files.push(StagedFile::read(&path, relative).map_err(read)?);
            }
            by_language.insert(code, files);
        }
        if by_language.is_empty() {
            return Ok(());
        }
        // Included files are among those the format writes problem.yaml's constants into.
        let facts = crate::generators::PackageFacts::read(folder)
            .map_err(|e| PackageError::invalid(&self.dir.join("problem.yaml"), e.to_string()))?;
        if !facts.constants.is_empty() {
            for file in by_language.values_mut().flatten() {
                if let Ok(text) = std::str::from_utf8(&file.bytes) {
                    file.bytes = facts.constants.substitute(text).into_bytes();
                }
            }
        }
        let staging = std::env::temp_dir().join("judge-include");
        for submission in &mut self.submissions {
            let read = |cause| PackageError::Read {
                path: submission.path.clone(),
                cause,
            };
            let own = crate::staging::files_of(&submission.path).map_err(read)?;
            let root = match submission.path.is_dir() {
                true => submission.path.as_path(),
                false => submission.path.parent().unwrap_or(Path::new("")),
            };
            let code = match &submission.language {
                Some(id) => judge_core::lang::code_of_id(id),
                None => judge_core::lang::kattis_code(&own, &submission.path)
                    .map_err(|e| PackageError::invalid(&submission.path, e.to_string()))?,
            };
            let included: Vec<&StagedFile> = ["default"]
                .into_iter()
                .chain(code)
                .filter_map(|code| by_language.get(code))
                .flatten()
                .collect();
            if included.is_empty() {
                continue;
            }
            let mut files = std::collections::BTreeMap::new();
            for path in &own {
                let relative = path.strip_prefix(root).unwrap_or(path).to_path_buf();
                files.insert(
                    relative.clone(),
                    StagedFile::read(path, relative).map_err(read)?,
                );
            }
            for file in included {
                files.insert(file.relative.clone(), file.clone());
            }
            let files: Vec<StagedFile> = files.into_values().collect();
            let name = match submission.path.is_dir() {
                true => submission.path.file_name(),
                false => submission.path.file_stem(),
            }
            .unwrap_or_default()
            .to_os_string();
            submission.path = crate::staging::stage(&staging, &name, &files).map_err(read)?;
        }
        Ok(())
    }

    /// The package with problem.yaml's constants (`{{name}}`) written into its validators
    /// (input, answer and output, checktestdata scripts included) and its input visualizer:
    /// each that holds one is read from a copy staged outside the package (see
    /// `PackageFacts::staged`), which keeps its file name. Submissions are left as they are,
    /// as BAPCtools leaves them (its own `constants` package expects a submission that
    /// prints `{{FIVE.STRING}}` to be a wrong answer), though the format names example
    /// submissions among the files to substitute. Nothing changes for a package without
    /// constants.
    fn with_constants(&mut self, folder: &Folder) -> Result<(), PackageError> {
        let facts = crate::generators::PackageFacts::read(folder)
            .map_err(|e| PackageError::invalid(&self.dir.join("problem.yaml"), e.to_string()))?;
        if facts.constants.is_empty() {
            return Ok(());
        }
        let staging = std::env::temp_dir().join("judge-constants");
        let stage = |path: &mut PathBuf| -> Result<(), PackageError> {
            *path = facts
                .staged(path, &staging)
                .map_err(|cause| PackageError::Read {
                    path: path.clone(),
                    cause,
                })?;
            Ok(())
        };
        let stage_spec = |spec: &mut ProgramSpec| match &mut spec.source {
            ProgramSource::Source { path, .. } => stage(path),
            ProgramSource::Command(_) => Ok(()),
        };
        for spec in self
            .input_validators
            .iter_mut()
            .chain(&mut self.answer_validators)
        {
            stage_spec(spec)?;
        }
        for spec in self.input_visualizer.iter_mut() {
            stage_spec(spec)?;
        }
        if let Checker::Program(spec) = &mut self.spec.checker {
            stage_spec(spec)?;
        }
        let programs = &mut self.spec.programs;
        for spec in programs
            .interactor
            .iter_mut()
            .chain(&mut programs.more_checkers)
            .chain(&mut programs.static_validator)
            .chain(&mut programs.output_visualizer)
        {
            stage_spec(spec)?;
        }
        for path in self
            .checktestdata
            .iter_mut()
            .chain(&mut self.answer_checktestdata)
        {
            stage(path)?;
        }
        Ok(())
    }

    /// The time limit the package fixes, if it fixes one.
    pub fn fixed_time_limit(&self) -> Option<Duration> {
        self.metadata.time.fixed.map(Duration::from_secs_f64)
    }

    /// The package as a problem to grade submissions on, its limits as read: without its
    /// input validator, which checks the package's own tests (`judge verify` runs them all
    /// before any submission) and has no part in grading one (a validator that does not
    /// build is the package's error, not every submission's).
    pub fn spec_to_grade_on(&self) -> ProblemSpec {
        let mut spec = self.spec.clone();
        spec.programs.validator = None;
        spec
    }

    /// The submissions that set the time limit. A 2025-09 package's: those with a test
    /// case whose time is a lower bound of it, as their expectations say
    /// ([`expected::may_bound_time_limit_below`]; each test case's say is
    /// [`Package::bounds_time_limit`]'s). Another's: those of `accepted/`
    /// (`partially_accepted/` ones do not, as in problemtools), less those `submissions.yaml`
    /// says are not (`use_for_time_limit: false`), with those it says are (`true`, `lower`).
    pub fn accepted(&self) -> impl Iterator<Item = &PackageSubmission> {
        let spec = self.metadata.format == FormatVersion::V2025_09;
        self.submissions.iter().filter(move |s| {
            if spec && !s.expectations.is_empty() {
                return expected::may_bound_time_limit_below(&s.expectations);
            }
            let said = s
                .expectations
                .iter()
                .filter(|e| e.on.is_none())
                .rev()
                .find_map(|e| e.for_time_limit);
            match said {
                Some(said) => said == ForTimeLimit::Lower,
                None => s.expected.is_accepted() && s.name.starts_with("accepted/"),
            }
        })
    }

    /// Whether `submission`'s (one of [`Package::accepted`]) time on the test case `test`
    /// (its path relative to `data/`) bounds the time limit from below: a 2025-09 package's
    /// as its expectations about that test case say ([`expected::bounds_time_limit_below`]:
    /// `use_for_time_limit` under a group's glob applies to that group's test cases), every
    /// test case's in another.
    pub fn bounds_time_limit(&self, submission: &PackageSubmission, test: &str) -> bool {
        let spec = self.metadata.format == FormatVersion::V2025_09;
        !spec
            || submission.expectations.is_empty()
            || expected::bounds_time_limit_below(&submission.expectations, test)
    }
}

/// The group tree of a scoring package (`type: scoring`), `None` for a pass-fail one.
fn scoring_groups(folder: &Folder, dir: &Path) -> Result<Option<GroupTree>, PackageError> {
    let file = dir.join("problem.yaml");
    let text = folder.read_text(&file, Cap::CONFIG)?;
    let scoring = match yaml_serde::from_str::<yaml_serde::Value>(&text) {
        Ok(value) => match value.get("type") {
            Some(yaml_serde::Value::String(kind)) => {
                kind.split_whitespace().any(|k| k == "scoring")
            }
            Some(yaml_serde::Value::Sequence(kinds)) => {
                kinds.iter().any(|k| k.as_str() == Some("scoring"))
            }
            _ => false,
        },
        // `metadata::read` has said what is wrong with it.
        Err(_) => false,
    };
    if !scoring {
        return Ok(None);
    }
    let facts = PackageFacts::from_problem_yaml(&file, &text)?;
    Ok(Some(judge_core::scoring::kattis::read(folder, &facts)?))
}

/// The tests of a scoring package: every test case of its group tree in judging order (every
/// folder under `data/` is a group, as problemtools judges them), each with its group's
/// arguments. problem.yaml's `validator_flags`, which the tree puts first in every group's
/// output validator flags, are left to the default validator's own flags.
fn tests_of_groups(
    folder: &Folder,
    tree: &GroupTree,
    metadata: &Metadata,
) -> Result<Vec<FileTest>, PackageError> {
    let (validator_flags, constants) = (metadata.validator_flags.as_slice(), &metadata.constants);
    let data = folder.root().join("data");
    let mut tests = Vec::new();
    for group in tree.root.groups() {
        let output = &group.settings.output_validator_flags;
        let checker_args = output
            .strip_prefix(validator_flags)
            .unwrap_or(output)
            .to_vec();
        for child in &group.children {
            // A static validation test case has no files: the plan adds it
            // (`plan::batch_tests`).
            if let Child::Test(test) = child {
                if test.static_validation.is_none() {
                    tests.push((test.path.clone(), checker_args.clone(), group));
                }
            }
        }
    }
    // Judging order: the tree's, depth-first (groups() lists parents before children).
    let order: Vec<String> = tree.root.tests().iter().map(|t| t.path.clone()).collect();
    let mut by_path: std::collections::HashMap<String, (Vec<String>, &Group)> = tests
        .into_iter()
        .map(|(path, args, group)| (path, (args, group)))
        .collect();
    let mut found = Vec::new();
    for path in order {
        let Some((checker_args, group)) = by_path.remove(&path) else {
            continue;
        };
        let args = testdata::run_args(folder, constants, &path)?;
        let sample = path.starts_with("sample/");
        found.push(FileTest {
            input: data.join(format!("{path}.in")),
            answer: data.join(format!("{path}.ans")),
            sample,
            name: path,
            folder: folder.clone(),
            checker_args,
            args: args.submission,
            validator_args: group.settings.input_validator_flags.clone(),
            validator_args_by_name: group.settings.input_validator_args_by_name.clone(),
            input_visualizer_args: args.input_visualizer,
            output_visualizer_args: args.output_visualizer,
            score_file: tree.score_file(group, sample),
        });
    }
    if found.is_empty() {
        return Err(PackageError::invalid(
            &data,
            "holds no test cases (in sample/ or secret/)",
        ));
    }
    Ok(found)
}

/// The one program of the package's folder `name` (a visualizer's, the static validator's),
/// made by `program` (with the validators' limits) and given `role`; `None` without one.
fn one_program(
    folder: &Folder,
    name: &str,
    role: Role,
    program: &dyn Fn(ProgramSource) -> ProgramSpec,
) -> Result<Option<ProgramSpec>, PackageError> {
    Ok(programs_in(folder, &[name])?
        .programs
        .into_iter()
        .next()
        .map(|source| ProgramSpec {
            role,
            ..program(source)
        }))
}

/// The package's static validator (`static_validator/`, one program, run with the
/// validators' limits), which its groups' static validation test cases need: a test case
/// without it, or the program without any test case to run it on, is an error naming the
/// file.
fn static_validator(
    folder: &Folder,
    groups: Option<&GroupTree>,
    pass_fail_case: Option<&(String, Vec<String>)>,
    program: &dyn Fn(ProgramSource) -> ProgramSpec,
) -> Result<Option<ProgramSpec>, PackageError> {
    let dir = folder.root();
    let found = one_program(folder, "static_validator", Role::StaticValidator, program)?;
    let first_case = groups.and_then(|tree| {
        tree.root
            .tests()
            .into_iter()
            .find(|test| test.static_validation.is_some())
            .map(|test| test.path.clone())
    });
    let first_case = first_case.or_else(|| pass_fail_case.map(|(path, _)| path.clone()));
    match (&found, first_case) {
        (None, Some(case)) => {
            let group = case.rsplit_once('/').map_or("", |(group, _)| group);
            Err(PackageError::invalid(
                &dir.join("data").join(group).join("test_group.yaml"),
                "static_validation_score: a static validation test case needs the package's \
                 static validator (static_validator/), and it has none",
            ))
        }
        _ => Ok(found),
    }
}

/// A pass-fail 2025-09 package's static validation test cases: those the `test_group.yaml`
/// of `sample/`, `secret/` and each group of `secret/` define, each `(path, args)`. Such a
/// case can only be `pass-fail` (a score is for a scoring problem), and
/// `static_validator_args` need a `static_validation_score`: either broken is an error naming
/// the file.
fn pass_fail_static_cases(folder: &Folder) -> Result<Vec<(String, Vec<String>)>, PackageError> {
    let data = folder.root().join("data");
    let mut places = vec!["sample".to_string(), "secret".to_string()];
    let secret = data.join("secret");
    if folder.kind_if_any(&secret)? == Some(judge_core::files::Kind::Folder) {
        for (name, path) in judge_core::files::sorted_entries(&secret)
            .map_err(|e| PackageError::invalid(&secret, e.to_string()))?
        {
            let is_folder = folder.kind_if_any(&path)? == Some(judge_core::files::Kind::Folder);
            if is_folder && folder.kind_if_any(&path.join("test_group.yaml"))?.is_some() {
                places.push(format!("secret/{}", name.to_string_lossy()));
            }
        }
    }
    let mut cases = Vec::new();
    for place in places {
        let file = data.join(&place).join("test_group.yaml");
        if folder.kind_if_any(&file)?.is_none() {
            continue;
        }
        let text = folder.read_text(&file, Cap::CONFIG)?;
        let value: yaml_serde::Value = match yaml_serde::from_str(&text) {
            Ok(value) => value,
            // The tests' reader says what is wrong with it.
            Err(_) => continue,
        };
        let score = value.get("static_validation_score");
        let args = value.get("static_validator_args");
        let args = match args {
            None => Vec::new(),
            Some(list) => metadata::split_args(list).ok_or_else(|| {
                PackageError::invalid(&file, "static_validator_args: must be a list of strings")
            })?,
        };
        match score {
            None if value.get("static_validator_args").is_some() => {
                return Err(PackageError::invalid(
                    &file,
                    "static_validator_args: given without static_validation_score",
                ))
            }
            None => {}
            Some(yaml_serde::Value::String(s)) if s == "pass-fail" => {
                cases.push((
                    format!("{place}/{}", judge_core::scoring::STATIC_CASE),
                    args,
                ));
            }
            Some(_) => {
                return Err(PackageError::invalid(
                    &file,
                    "static_validation_score: a problem that is not of type scoring takes only \
                     `pass-fail` here (a score is for a scoring problem)",
                ))
            }
        }
    }
    Ok(cases)
}

/// The package's output validator programs, none if it has none (`output_validators/` in the
/// legacy format, which may hold several, each run in turn; `output_validator/`, one program,
/// in the newer ones; either folder is read).
fn output_validators(
    folder: &Folder,
    metadata: &Metadata,
    limits: &ValidatorLimits,
) -> Result<Vec<ProgramSpec>, PackageError> {
    let dir = folder.root();
    let found = programs_in(folder, &["output_validators", "output_validator"])?.programs;
    if found.len() > 1 && metadata.format != FormatVersion::Legacy {
        return Err(PackageError::invalid(
            &dir.join("output_validators"),
            "holds several output validators; a package of this format has one (only the legacy format runs several)",
        ));
    }
    if metadata.format == FormatVersion::Legacy && metadata.custom_validation == found.is_empty() {
        return Err(PackageError::invalid(
            &dir.join("problem.yaml"),
            if metadata.custom_validation {
                "validation: custom, but output_validators/ holds no program"
            } else {
                "validation: default, but output_validators/ holds a program"
            },
        ));
    }
    Ok(found
        .into_iter()
        .map(|source| ProgramSpec {
            role: Role::Checker,
            source,
            convention: Convention::Kattis,
            args: metadata.validator_flags.clone(),
            time_limit: limits.time_limit,
            memory_bytes: limits.memory_bytes,
        })
        .collect())
}

/// Every input validator a test's map of `input_validator_args` names is one of the package's
/// (an entry of `input_validators/`); an error names the test and the name otherwise.
fn check_validator_names(
    dir: &Path,
    tests: &[FileTest],
    found: &Found,
) -> Result<(), PackageError> {
    let names: Vec<String> = found
        .programs
        .iter()
        .filter_map(|p| match p {
            ProgramSource::Source { path, .. } => Some(path.as_path()),
            ProgramSource::Command(_) => None,
        })
        .chain(found.checktestdata.iter().map(PathBuf::as_path))
        .chain(found.unsupported.iter().map(PathBuf::as_path))
        .filter_map(|p| p.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .collect();
    for test in tests {
        let Some(map) = &test.validator_args_by_name else {
            continue;
        };
        if let Some(unknown) = map.keys().find(|k| !names.contains(k)) {
            return Err(PackageError::invalid(
                &dir.join("data").join(&test.name),
                format!(
                    "input_validator_args names {unknown:?}, which is not an input validator of the package (input_validators/ holds {})",
                    if names.is_empty() { "none".to_string() } else { names.join(", ") }
                ),
            ));
        }
    }
    Ok(())
}

/// The programs of a folder of programs, as problemtools finds them.
#[derive(Debug, Default)]
struct Found {
    /// Each one a source file, or a folder built as one program.
    programs: Vec<ProgramSource>,
    /// checktestdata scripts (`*.ctd`; input validators only).
    checktestdata: Vec<PathBuf>,
    /// Validators of a kind this judge cannot run (`*.viva`).
    unsupported: Vec<PathBuf>,
}

/// The programs in the first of `folders` that exists, as problemtools' `find_programs` finds
/// them: each entry is one program, a folder of files built together (every source and header
/// of it: see `lang::prepare_folder`) or a file in a language Kattis knows; a file of no
/// language (a header beside a source) is not a program by itself. In the 2023-07 and
/// 2025-09 formats `output_validator/` is itself the one program, whatever folders it holds.
fn programs_in(package: &Folder, folders: &[&str]) -> Result<Found, PackageError> {
    let mut location = None;
    for name in folders {
        let path = package.root().join(name);
        if package.kind_if_any(&path)? == Some(Kind::Folder) {
            location = Some(path);
            break;
        }
    }
    let mut found = Found::default();
    let Some(folder) = location else {
        return Ok(found);
    };
    if ["output_validator", "input_visualizer", "output_visualizer"]
        .iter()
        .any(|name| folder.ends_with(name))
    {
        program_folder(&folder)?;
        found.programs.push(ProgramSource::Source {
            path: folder,
            language: None,
        });
        return Ok(found);
    }
    for entry in sorted_entries(&folder)? {
        let hidden = entry
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with('.'));
        if hidden {
            continue;
        }
        if package.kind(&entry)? == Kind::Folder {
            program_folder(&entry)?;
            found.programs.push(ProgramSource::Source {
                path: entry,
                language: None,
            });
            continue;
        }
        match entry.extension().and_then(|e| e.to_str()) {
            Some("ctd") => found.checktestdata.push(entry),
            Some("viva") => found.unsupported.push(entry),
            _ if judge_core::lang::is_kattis_source(&entry) => {
                found.programs.push(ProgramSource::Source {
                    path: entry,
                    language: None,
                })
            }
            _ => {}
        }
    }
    Ok(found)
}

/// Checks that a folder is a program this judge builds: one with its own build/run scripts
/// (see `lang::prepare_scripts`), or with a source file of a language Kattis knows.
fn program_folder(folder: &Path) -> Result<(), PackageError> {
    if judge_core::lang::has_scripts(folder) {
        return Ok(());
    }
    let files = judge_core::lang::folder_files(folder).map_err(|e| match e {
        judge_core::lang::LangError::File(e) => PackageError::File(e),
        judge_core::lang::LangError::TooDeep { path, bound } => {
            PackageError::invalid(&path, format!("the depth of its folders {bound}"))
        }
        other => PackageError::invalid(folder, other.to_string()),
    })?;
    if !files
        .iter()
        .any(|file| judge_core::lang::is_kattis_source(file))
    {
        return Err(PackageError::invalid(folder, "holds no source file"));
    }
    Ok(())
}

fn sorted_entries(folder: &Path) -> Result<Vec<PathBuf>, PackageError> {
    let read_error = |cause| PackageError::Read {
        path: folder.to_path_buf(),
        cause,
    };
    let mut entries: Vec<PathBuf> = std::fs::read_dir(folder)
        .map_err(read_error)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(read_error)?;
    entries.sort();
    Ok(entries)
}

/// Whether the problem is scored: its groups' expectations are problemtools' folder rule.
fn groups_of_spec(spec: &ProblemSpec) -> bool {
    spec.groups.is_some()
}

/// The folders of `submissions/` the 2025-09 format names beyond [`SUBMISSION_FOLDERS`].
const SPEC_FOLDERS: [&str; 2] = ["rejected", "brute_force"];

/// What is expected of the submission `name` (its path relative to `submissions/`), as
/// `yaml` (the package's `submissions.yaml`, empty without one) and its folder say. A
/// scoring package: the entries that match it, or else its folder's rule as problemtools has
/// it (`rejected/` and `brute_force/` as the 2025-09 format has them). A pass-fail package:
/// its folder's default of the 2025-09 format unless the file has an entry for that folder,
/// then every entry that matches it, as BAPCtools combines them.
pub fn expectations_of(yaml: &SubmissionsYaml, name: &str, scoring: bool) -> Vec<Expectation> {
    let default = |folder: &str| {
        Expectation::of_spec_directory(folder)
            .filter(|_| !scoring || SPEC_FOLDERS.contains(&folder))
            .or_else(|| Expectation::from_directory(folder))
    };
    if scoring {
        let found = yaml.for_submission(name);
        if !found.is_empty() {
            return found.into_iter().cloned().collect();
        }
        let folder = name.split('/').next().unwrap_or("");
        return default(folder).into_iter().collect();
    }
    yaml.with_default(name, default)
}

/// The package's `submissions/submissions.yaml`, empty when it has none.
fn submissions_yaml(package: &Folder) -> Result<SubmissionsYaml, PackageError> {
    let file = package.root().join("submissions/submissions.yaml");
    if package.kind_if_any(&file)? != Some(Kind::File) {
        return Ok(SubmissionsYaml::default());
    }
    let text = package.read_text(&file, Cap::CONFIG)?;
    Ok(SubmissionsYaml::parse(&file, &text)?)
}

/// Whether `file_name` is a submission BAPCtools leaves out: hidden, `.disabled` or
/// `.template`.
fn left_out(file_name: &str) -> bool {
    file_name.starts_with('.')
        || file_name.ends_with(".disabled")
        || file_name.ends_with(".template")
}

/// The submissions of `submissions/<folder>/`, sorted by path, with what is expected of
/// each (`scoring`: the package's groups' rule, see [`expectations_of`]), and the entries
/// skipped (a folder neither the format nor `submissions.yaml` names; a link out of the
/// package, a dangling link, a FIFO ..., with why), and warnings: the `submissions.yaml`
/// keys that match no submission (BAPCtools' own test packages have such keys).
#[allow(clippy::type_complexity)]
fn submissions(
    package: &Folder,
    scoring: bool,
) -> Result<(Vec<PackageSubmission>, Vec<(PathBuf, String)>, Vec<String>), PackageError> {
    let root = package.root().join("submissions");
    let mut found = Vec::new();
    let mut skipped = Vec::new();
    if package.kind_if_any(&root)? != Some(Kind::Folder) {
        return Ok((found, skipped, Vec::new()));
    }
    let yaml = submissions_yaml(package)?;
    for folder in sorted_entries(&root)? {
        let name = folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match package.kind(&folder) {
            Ok(Kind::Folder) => {}
            Ok(Kind::File) => continue,
            Err(e) => {
                skipped.push((folder.clone(), e.to_string()));
                continue;
            }
        }
        let known = SUBMISSION_FOLDERS.iter().any(|(f, _)| *f == name)
            || SPEC_FOLDERS.contains(&name.as_str());
        if left_out(&name) || !(known || yaml.names(&name)) {
            skipped.push((
                folder.clone(),
                format!("submissions/{name} is not a folder of the format (accepted, partially_accepted, wrong_answer, time_limit_exceeded, run_time_error, rejected, brute_force) and submissions.yaml names it not"),
            ));
            continue;
        }
        for entry in sorted_entries(&folder)? {
            let file_name = entry
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if left_out(&file_name) {
                continue;
            }
            // BAPCtools' convention: a submission kept but not run (a skeleton, one put
            // aside) ends in `.template` or `.disabled`; no language takes it.
            if file_name.ends_with(".template") || file_name.ends_with(".disabled") {
                skipped.push((
                    entry.clone(),
                    format!("submissions/{name}/{file_name}: not a submission (a .template or .disabled file, which BAPCtools skips)"),
                ));
                continue;
            }
            if let Err(e) = package.kind(&entry) {
                skipped.push((entry.clone(), e.to_string()));
                continue;
            }
            let submission = format!("{name}/{file_name}");
            let expectations = expectations_of(&yaml, &submission, scoring);
            let expected = match SUBMISSION_FOLDERS.iter().find(|(f, _)| *f == name) {
                Some((_, verdict)) if !yaml.names(&name) || scoring => *verdict,
                _ => representative(&expectations),
            };
            let how = yaml.how_built(&submission);
            let language = match &how.language {
                Some(code) => built_in(code, &entry, &root)?,
                None => None,
            };
            found.push(PackageSubmission {
                name: submission,
                path: entry,
                expected,
                expectations,
                also: Vec::new(),
                language,
                entrypoint: how.entrypoint,
            });
        }
    }
    let names: Vec<&str> = found.iter().map(|s| s.name.as_str()).collect();
    let unmatched = yaml.unmatched(&names);
    let warnings = match unmatched.is_empty() {
        true => Vec::new(),
        false => vec![format!(
            "{}: {} match no submission",
            root.join("submissions.yaml").display(),
            unmatched.join(", ")
        )],
    };
    Ok((found, skipped, warnings))
}

/// The language (runner.toml's id) a submission at `path` is built in when `submissions.yaml`
/// (in `root`) names the format's language `code` for it: `None` when its files are detected
/// in that language anyway (detection then picks this machine's language for them: PyPy 3 or
/// CPython for `python3`), else the language of that code. A code the format does not have is
/// an error naming it.
fn built_in(code: &str, path: &Path, root: &Path) -> Result<Option<String>, PackageError> {
    let file = root.join("submissions.yaml");
    let Some(id) = judge_core::lang::id_of_code(code) else {
        return Err(PackageError::invalid(
            &file,
            format!("language {code:?} (of {}): not a language code of the format (cpp, python3, java, ...)", path.display()),
        ));
    };
    let files = crate::staging::files_of(path).map_err(|cause| PackageError::Read {
        path: path.to_path_buf(),
        cause,
    })?;
    let detected = judge_core::lang::kattis_code(&files, path)
        .map_err(|e| PackageError::invalid(path, e.to_string()))?;
    Ok((detected != Some(code)).then(|| id.to_string()))
}

/// The verdict a row shows as expected of a submission with `expectations`: the first
/// whole-run one's (see [`Expectation::representative`]), AC when none says.
fn representative(expectations: &[Expectation]) -> Verdict {
    let verdict = expectations
        .iter()
        .filter(|e| e.on.is_none())
        .map(Expectation::representative)
        .find(|v| !v.is_accepted())
        .or_else(|| expectations.first().map(Expectation::representative))
        .unwrap_or(Verdict::Accepted);
    match verdict {
        // The folder `run_time_error/`'s verdict, as rows have it.
        Verdict::RuntimeError(_) => SUBMISSION_FOLDERS[4].1,
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn staging(name: &str) -> Option<PathBuf> {
        let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/kattis")
            .join(name);
        dir.is_dir().then_some(dir)
    }

    #[test]
    fn a_package_reads_as_a_problem() {
        let Some(dir) = staging("sumdefault") else {
            panic!("tests/kattis/sumdefault is missing");
        };
        let package = Package::load(&dir, &ValidatorLimits::default()).unwrap();
        assert_eq!(package.spec.id, "sumdefault");
        assert_eq!(package.spec.limits.memory_bytes, 256 * MIB);
        assert_eq!(package.fixed_time_limit(), None);
        let tests = package.spec.file_tests.as_ref().unwrap();
        assert_eq!(tests[0].name, "sample/1");
        assert!(tests.iter().any(|t| t.name == "secret/group2/1"
            && t.checker_args == ["space_change_sensitive"]
            && t.validator_args == ["big"]));
        assert_eq!(package.input_validators.len(), 1);
        assert!(package
            .submissions
            .iter()
            .any(|s| s.name == "accepted/multifile" && s.path.is_dir()));
        assert!(matches!(
            package.spec.checker,
            Checker::Compare(Comparison::Kattis { .. })
        ));
    }

    #[test]
    fn a_submission_folder_linking_elsewhere_in_the_package_is_graded_from_a_copy() {
        let dir = tempfile::tempdir().unwrap();
        let package = dir.path().join("sumdefault");
        copy(&staging("sumdefault").unwrap(), &package);
        let nested = package.join("submissions/accepted/nested");
        std::fs::create_dir(&nested).unwrap();
        std::os::unix::fs::symlink("../sum.py", nested.join("main.py")).unwrap();
        let outside = package.join("submissions/accepted/outside");
        std::fs::create_dir(&outside).unwrap();
        std::fs::write(dir.path().join("secret.py"), "print(1)\n").unwrap();
        std::os::unix::fs::symlink("../../../../secret.py", outside.join("main.py")).unwrap();
        let loaded = Package::load(&package, &ValidatorLimits::default()).unwrap();
        let path_of = |name: &str| {
            let submission = loaded.submissions.iter().find(|s| s.name == name).unwrap();
            submission.path.clone()
        };
        // The link within the package: a staged copy holding the file it leads to.
        let staged = path_of("accepted/nested");
        assert!(!staged.starts_with(&package), "{}", staged.display());
        let main = staged.join("main.py");
        assert!(!main.is_symlink());
        assert_eq!(
            std::fs::read(main).unwrap(),
            std::fs::read(package.join("submissions/accepted/sum.py")).unwrap()
        );
        // A link out of the package is not followed here: the build refuses it.
        assert_eq!(path_of("accepted/outside"), outside);
    }

    #[test]
    fn validators_and_interactors_are_programs_in_the_kattis_convention() {
        let custom = Package::load(
            &staging("customchecker").unwrap(),
            &ValidatorLimits::default(),
        )
        .unwrap();
        let Checker::Program(checker) = &custom.spec.checker else {
            panic!("no checker program");
        };
        assert_eq!(checker.convention, Convention::Kattis);
        assert_eq!(checker.args, ["pairs_mode"]);
        let interactive = Package::load(
            &staging("guessinteractive").unwrap(),
            &ValidatorLimits::default(),
        )
        .unwrap();
        assert!(interactive.spec.programs.interactor.is_some());
        assert_eq!(interactive.spec.kind, ProblemKind::Interactive);
        let newer = Package::load(
            &staging("divisor2023").unwrap(),
            &ValidatorLimits::default(),
        )
        .unwrap();
        assert_eq!(newer.fixed_time_limit(), Some(Duration::from_secs(1)));
        assert!(matches!(newer.spec.checker, Checker::Program(_)));
    }

    #[test]
    fn a_static_validation_test_case_needs_the_static_validator() {
        let dir = tempfile::tempdir().unwrap();
        let package = dir.path().join("scoring2025");
        copy(&staging("scoring2025").unwrap(), &package);
        std::fs::write(
            package.join("data/secret/g2/test_group.yaml"),
            "max_score: 70\nscore_aggregation: sum\nstatic_validation_score: 10\n",
        )
        .unwrap();
        let error = Package::load(&package, &ValidatorLimits::default())
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("g2/test_group.yaml") && error.contains("static_validator/"),
            "{error}"
        );
        // With one, the group's static validation test case runs it, under the validators'
        // limits, named as a static validator.
        std::fs::create_dir(package.join("static_validator")).unwrap();
        std::fs::write(
            package.join("static_validator/check.py"),
            "import sys\nsys.exit(42)\n",
        )
        .unwrap();
        let loaded = Package::load(&package, &ValidatorLimits::default()).unwrap();
        let program = loaded.spec.programs.static_validator.as_ref().unwrap();
        assert_eq!(program.role, Role::StaticValidator);
        assert_eq!(program.name(), "static validator check.py");
        assert_eq!(program.time_limit, ValidatorLimits::default().time_limit);
        assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
        let tests = loaded.spec.file_tests.as_ref().unwrap();
        assert!(tests.iter().all(|t| !t.name.ends_with("[static]")));
    }

    /// A score file is read by each test's place in a 2025-09 package: ignored on a scoring
    /// problem's sample, a judge error in a group of pass-fail aggregation (g1, by default)
    /// and in every test of a pass-fail problem, read in a `sum` group (g2); every test of
    /// an older format reads it. The visualizers' arguments are the groups' (constants
    /// written in), inherited, or the test's own `<name>.yaml`'s.
    #[test]
    fn a_tests_score_file_and_visualizer_arguments_come_from_its_place() {
        let dir = tempfile::tempdir().unwrap();
        let package = dir.path().join("scoring2025");
        copy(&staging("scoring2025").unwrap(), &package);
        let yaml = package.join("problem.yaml");
        let text = std::fs::read_to_string(&yaml).unwrap();
        std::fs::write(&yaml, format!("{text}constants:\n  big: 9\n")).unwrap();
        std::fs::write(
            package.join("data/secret/g2/test_group.yaml"),
            "max_score: 70\nscore_aggregation: sum\noutput_visualizer_args: [--big, '{{big}}']\n\
             input_visualizer_args: [--in]\n",
        )
        .unwrap();
        std::fs::write(
            package.join("data/secret/g2/more/2.yaml"),
            "output_visualizer_args: [--own]\n",
        )
        .unwrap();
        let loaded = Package::load(&package, &ValidatorLimits::default()).unwrap();
        let tests = loaded.spec.file_tests.as_ref().unwrap();
        let of = |name: &str| tests.iter().find(|t| t.name == name).unwrap();
        assert_eq!(of("sample/1").score_file, ScoreFile::Ignored);
        let g1 = tests
            .iter()
            .find(|t| t.name.starts_with("secret/g1/"))
            .unwrap();
        assert_eq!(g1.score_file, ScoreFile::JudgeError);
        let g2: Vec<&FileTest> = tests
            .iter()
            .filter(|t| t.name.starts_with("secret/g2/"))
            .collect();
        assert!(g2.iter().all(|t| t.score_file == ScoreFile::Read));
        assert!(g2.iter().all(|t| t.input_visualizer_args == ["--in"]));
        assert_eq!(of("secret/g2/more/2").output_visualizer_args, ["--own"]);
        assert!(g2
            .iter()
            .any(|t| t.output_visualizer_args == ["--big", "9"]));
        assert!(g1.output_visualizer_args.is_empty());

        let passfail = Package::load(
            &staging("outputvisual2025").unwrap(),
            &ValidatorLimits::default(),
        )
        .unwrap();
        let tests = passfail.spec.file_tests.as_ref().unwrap();
        assert!(tests.iter().all(|t| t.score_file == ScoreFile::JudgeError));
        let older = Package::load(
            &staging("divisor2023").unwrap(),
            &ValidatorLimits::default(),
        )
        .unwrap();
        let tests = older.spec.file_tests.as_ref().unwrap();
        assert!(tests.iter().all(|t| t.score_file == ScoreFile::Read));
    }

    fn copy(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap().flatten() {
            let target = to.join(entry.file_name());
            if entry.path().is_dir() {
                copy(&entry.path(), &target);
            } else {
                std::fs::copy(entry.path(), &target).unwrap();
            }
        }
    }
}
