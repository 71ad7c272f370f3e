//! Polygon packages (Codeforces' problem preparation system) read as problems: `problem.xml`
//! (`problem_xml`) gives the limits, the tests, the checker, the validators and the solutions
//! with their tags; the package becomes the same [`Package`] a Kattis package is, so `judge
//! test`, `verify` and `show` grade it through the same code. Its programs are built from
//! their sources (a package's `.exe` files are Windows binaries and are never run): the
//! checker and the validators each in a folder of their own beside the package's headers
//! (`testlib.h`), staged outside the package (see [`stage_root`]). A test whose answer file
//! is not in the package (a "standard" package keeps only inputs) is answered by the `main`
//! solution, as Polygon's `doall` does; an interactive problem's by the `main` solution
//! playing against the interactor, the answer being what the interactor writes to its output
//! file (`ProblemPrograms::reference_interacts`).
//!
//! A generated test whose input the package lacks (a "standard" package keeps none) is made
//! from its command before grading (the engine's `programs::doall`, from the
//! [`GeneratedFile`]s the package lists), as Polygon's `doall` does; a full package's own are
//! graded as they are, and verify compares them with what the commands make. A package saved
//! on Windows (CRLF line ends) is read with LF line ends: its tests and programs' sources are
//! staged outside it, converted, and the count is told among its warnings. Groups with
//! points, policies and dependencies are the problem's tree of groups (`groups`).
//!
//! Solutions are expected the verdicts their tags allow ([`allowed_verdicts`]): one for most
//! tags, a set for `rejected`, `failed` and the `*-or-*` tags. A testset's generation script
//! (`problem_xml::read_script`) gives generated tests their commands.
//!
//! Not done yet: a script's FreeMarker directives (refused by name).

pub mod export;
pub mod groups;
pub mod problem_xml;
pub mod writer;
pub mod xml;

use std::path::{Path, PathBuf};
use std::time::Duration;

use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::kattis::{FormatVersion, Metadata, Package, PackageSubmission, TimeRules};
use judge_core::check::{Checker, Comparison};
use judge_core::config::{
    Convention, FileTest, GeneratedFile, IoFiles, ProblemKind, ProblemPrograms, ProblemSpec,
    ProgramSource, ProgramSpec, ProgramTest, Role, ScoreFile, ValidatorLimits,
};
use judge_core::files::{Cap, FileError, Folder, Kind};
use judge_core::limits::{ProblemLimits, MIB};
use judge_core::verdict::Verdict;
pub use problem_xml::{Method, PointsPolicy, ProblemXml, Tag};

/// The file that makes a folder a Polygon package.
pub const PROBLEM_XML: &str = "problem.xml";

/// Output a solution may write, MiB (Polygon states none; Codeforces allows tens of MiB).
const OUTPUT_MIB: u64 = 64;
/// The largest header or source staged beside a program.
const STAGED_CAP: Cap = Cap::STATEMENT;

#[derive(Debug, Error)]
pub enum PolygonError {
    /// problem.xml is not what the format says, or asks for what is not supported.
    #[error("{path}: {message}")]
    Invalid { path: PathBuf, message: String },
    /// A file the package may not bring (a link out of it, a device, a FIFO) or too large.
    #[error(transparent)]
    File(#[from] FileError),
    #[error("cannot stage {path} for building: {cause}")]
    Stage {
        path: PathBuf,
        cause: std::io::Error,
    },
}

fn invalid(path: &Path, message: impl Into<String>) -> PolygonError {
    PolygonError::Invalid {
        path: path.to_path_buf(),
        message: message.into(),
    }
}

/// Whether `dir` is a Polygon package's folder: it has a `problem.xml`, and no `problem.yaml`
/// (which would make it a Kattis package).
pub fn is_package_folder(dir: &Path) -> bool {
    std::fs::symlink_metadata(dir.join(PROBLEM_XML)).is_ok()
        && std::fs::symlink_metadata(dir.join("problem.yaml")).is_err()
}

/// Reads `problem.xml` of the package at `dir`.
pub fn read_problem_xml(folder: &Folder) -> Result<ProblemXml, PolygonError> {
    let file = folder.root().join(PROBLEM_XML);
    let text = folder.read_text(&file, Cap::CONFIG)?;
    problem_xml::parse(&text).map_err(|message| invalid(&file, message))
}

/// Reads the Polygon package at `dir` as a package to grade: its validators and checker get
/// `validators`' limits.
pub fn load(dir: &Path, validators: &ValidatorLimits) -> Result<Package, PolygonError> {
    let folder = Folder::new(dir)?;
    let dir = folder.root().to_path_buf();
    let xml_file = dir.join(PROBLEM_XML);
    let problem = read_problem_xml(&folder)?;
    let io_files = io_files(&problem).map_err(|message| invalid(&xml_file, message))?;
    let id = if problem.short_name.is_empty() {
        dir.file_name()
            .map_or_else(|| "package".into(), |n| n.to_string_lossy().into_owned())
    } else {
        problem.short_name.clone()
    };
    let stage = stage_root(&dir);
    let crlf = LineEnds::default();
    let headers = headers(&folder, &problem, &crlf)?;
    let program = |role: Role, name: &str, source: &problem_xml::Source| {
        let path = stage_program(&folder, &stage.join(name), source, &headers, &crlf)?;
        Ok::<_, PolygonError>(ProgramSpec {
            role,
            source: ProgramSource::Source {
                path,
                language: language_of(source).map(str::to_string),
            },
            convention: Convention::Testlib,
            args: Vec::new(),
            time_limit: validators.time_limit,
            memory_bytes: validators.memory_bytes,
        })
    };
    let checker = match &problem.checker {
        Some(problem_xml::Checker {
            source: Some(source),
            ..
        }) => Checker::Program(program(Role::Checker, "checker", source)?),
        Some(problem_xml::Checker {
            source: None,
            standard: Some(name),
        }) => Checker::Compare(standard_checker(name).ok_or_else(|| {
            invalid(
                &xml_file,
                format!("the checker {name} has no source, and judge has no comparison like it"),
            )
        })?),
        // Polygon's default: testlib's wcmp, which compares tokens.
        _ => Checker::Compare(Comparison::Tokens),
    };
    // A testlib interactor: its verdict first, then the checker's on what it wrote.
    let interactor = problem
        .interactor
        .as_ref()
        .map(|source| program(Role::Interactor, "interactor", source))
        .transpose()?;
    let interactive = interactor.is_some();
    if interactive && !io_files.is_standard() {
        return Err(invalid(
            &xml_file,
            "an interactive problem talks through standard input and output: named input \
             and output files cannot be used with an interactor"
                .to_string(),
        ));
    }
    let input_validators: Vec<ProgramSpec> = problem
        .validators
        .iter()
        .enumerate()
        .map(|(i, source)| program(Role::Validator, &format!("validator-{}", i + 1), source))
        .collect::<Result<_, _>>()?;
    // The validators' and the checker's own tests.
    let mut program_tests = Vec::new();
    let own_test = |of: String, program: &ProgramSpec, test: &problem_xml::SelfTest| {
        let file = |path: &str| -> Result<PathBuf, PolygonError> {
            let path = dir.join(path);
            folder.kind(&path)?;
            Ok(path)
        };
        Ok::<_, PolygonError>(ProgramTest {
            program: program.clone(),
            of,
            input: file(&test.input)?,
            output: test.output.as_deref().map(file).transpose()?,
            answer: test.answer.as_deref().map(file).transpose()?,
            expected: test.verdict.clone(),
        })
    };
    for (i, (validator, tests)) in input_validators
        .iter()
        .zip(&problem.validator_tests)
        .enumerate()
    {
        for test in tests {
            program_tests.push(own_test(format!("validator {}", i + 1), validator, test)?);
        }
    }
    if let Checker::Program(checker) = &checker {
        for test in &problem.checker_tests {
            program_tests.push(own_test("checker".into(), checker, test)?);
        }
    }
    let main = problem.main_solution();
    // The main solution answers the tests whose answers the package does not keep (an
    // interactive problem's by playing against the interactor, whose output file is the
    // answer); it gets the problem's limits, generously (it is the setter's, and its answers
    // are cached).
    let reference = match main {
        Some(main) => {
            let path = dir.join(&main.source.path);
            folder.kind(&path)?;
            Some(ProgramSpec {
                role: Role::Reference,
                source: ProgramSource::Source {
                    path,
                    language: language_of(&main.source).map(str::to_string),
                },
                convention: Convention::Testlib,
                args: Vec::new(),
                time_limit: validators.time_limit,
                memory_bytes: validators.memory_bytes.max(problem.testset.memory_bytes),
            })
        }
        None => None,
    };
    let generators: Vec<(String, ProgramSpec)> = problem
        .executables
        .iter()
        .filter(|source| {
            problem
                .testset
                .tests
                .iter()
                .any(|t| t.generator() == Some(source.stem()))
        })
        .map(|source| {
            let spec = program(
                Role::Generator,
                &format!("generator-{}", source.stem()),
                source,
            )?;
            Ok::<_, PolygonError>((source.stem().to_string(), spec))
        })
        .collect::<Result<_, _>>()?;
    let made = Made {
        stage: stage.join("tests"),
        generators: &generators,
        crlf: &crlf,
    };
    let answers = match (interactive, reference.is_some()) {
        (_, true) => MissingAnswers::FromMain,
        (true, false) => MissingAnswers::Empty,
        (false, false) => MissingAnswers::Refused,
    };
    let (tests, generated) = tests(&folder, &problem, answers, &made)?;
    let mut warnings = Vec::new();
    let converted = crlf.count.get();
    if converted > 0 {
        warnings.push(format!(
            "{converted} of the package's text files (tests, the checker's, validators' and \
             generators' sources, headers) end lines with CRLF, as a package saved on Windows \
             does: read with LF line ends, as Polygon keeps them (the package is not changed; \
             the solutions are compiled as they are)"
        ));
    }
    let names: Vec<String> = tests.iter().map(|t| t.name.clone()).collect();
    let groups = groups::tree(&problem.testset, &names);
    let (submissions, skipped) = submissions(&folder, &problem)?;
    let time_limit = Duration::from_millis(problem.testset.time_limit_ms);
    let memory_mib = problem.testset.memory_bytes.div_ceil(MIB);
    let metadata = Metadata {
        format: FormatVersion::Legacy,
        name: Some(problem.title().to_string()),
        interactive,
        validation_passes: None,
        custom_validation: matches!(checker, Checker::Program(_)),
        validator_flags: Vec::new(),
        time: TimeRules {
            fixed: Some(time_limit.as_secs_f64()),
            ac_to_time_limit: 1.0,
            // Polygon judges at its limit, with no second run at a larger one.
            time_limit_to_tle: 1.0,
            resolution: 0.001,
        },
        memory_mib,
        output_mib: OUTPUT_MIB,
        resources: Default::default(),
        source: Some("Polygon package".into()),
        about: Default::default(),
        constants: Default::default(),
    };
    let spec = ProblemSpec {
        id,
        title: problem.title().to_string(),
        source: "Polygon package".into(),
        kind: match interactive {
            true => ProblemKind::Interactive,
            false => ProblemKind::Batch,
        },
        dir: dir.clone(),
        limits: ProblemLimits {
            cpu_time: time_limit,
            memory_bytes: problem.testset.memory_bytes,
            output_bytes: Some(OUTPUT_MIB * MIB),
            language_extra_time: false,
            language_extra_memory: false,
        },
        checker,
        interactive: None,
        programs: ProblemPrograms {
            reference,
            reference_interacts: interactive,
            interactor,
            validator: input_validators.first().cloned(),
            ..ProblemPrograms::default()
        },
        file_tests: Some(tests),
        runs_as_on_kattis: false,
        groups: groups.map(std::sync::Arc::new),
        expected_scores: Vec::new(),
        group_generator_args: Default::default(),
        io_files,
    };
    Ok(Package {
        dir,
        metadata,
        spec,
        input_validators,
        submissions,
        checktestdata: Vec::new(),
        answer_validators: Vec::new(),
        answer_checktestdata: Vec::new(),
        input_visualizer: None,
        skipped,
        domjudge: Default::default(),
        warnings,
        validator_cases: Vec::new(),
        generated,
        program_tests,
    })
}

/// testlib's standard checkers that judge's own comparisons do as well.
fn standard_checker(name: &str) -> Option<Comparison> {
    let name = name.strip_prefix("std::")?.strip_suffix(".cpp")?;
    Some(match name {
        "wcmp" | "ncmp" | "icmp" | "hcmp" | "yesno" | "nyesno" => Comparison::Tokens,
        "lcmp" => Comparison::Lines,
        "rcmp4" => Comparison::Float { tolerance: 1e-4 },
        "rcmp6" => Comparison::Float { tolerance: 1e-6 },
        "rcmp9" => Comparison::Float { tolerance: 1e-9 },
        _ => return None,
    })
}

/// The folder the package's programs are staged in, outside the package: one per package,
/// named by a digest of its path, in the user's own cache (`~/.cache/judge/polygon/`), else
/// in a folder of the user's under the system's temporary folder. Never a folder shared by
/// users: another user's files there could not be replaced, and could be planted.
pub fn stage_root(dir: &Path) -> PathBuf {
    let digest = Sha256::digest(dir.as_os_str().as_encoded_bytes());
    let name: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
    users_folder("polygon").join(name)
}

/// The user's own folder `name` for what judge keeps of packages: in the user's cache
/// (`~/.cache/judge/NAME`), else `judge-NAME-UID` under the system's temporary folder.
pub fn users_folder(name: &str) -> PathBuf {
    judge_core::config::UserDirs::from_env()
        .cache
        .map(|cache| cache.join(name))
        .unwrap_or_else(|| std::env::temp_dir().join(format!("judge-{name}-{}", own_uid())))
}

/// The id of the user judge runs as (the owner of its own `/proc/self`).
fn own_uid() -> u32 {
    std::fs::metadata("/proc/self")
        .map(|meta| std::os::unix::fs::MetadataExt::uid(&meta))
        .unwrap_or(0)
}

/// The package's headers (resources of a header's type or extension): name and bytes.
fn headers(
    folder: &Folder,
    problem: &ProblemXml,
    crlf: &LineEnds,
) -> Result<Vec<(String, Vec<u8>)>, PolygonError> {
    let mut found = Vec::new();
    for resource in &problem.resources {
        // C and C++ headers, and Pascal units (a checker's `uses unJudge17`).
        let is_header = [".h", ".hpp", ".hh", ".hxx", ".pas", ".pp", ".inc"]
            .iter()
            .any(|ext| resource.ends_with(ext));
        if !is_header {
            continue;
        }
        let path = folder.root().join(resource);
        let name = resource.rsplit('/').next().unwrap_or(resource).to_string();
        found.push((name, crlf.read(folder, &path, STAGED_CAP)?));
    }
    Ok(found)
}

/// Writes `source` and the headers into the folder `into` (made afresh), the program's own
/// folder to build, and returns it.
fn stage_program(
    folder: &Folder,
    into: &Path,
    source: &problem_xml::Source,
    headers: &[(String, Vec<u8>)],
    crlf: &LineEnds,
) -> Result<PathBuf, PolygonError> {
    let path = folder.root().join(&source.path);
    let bytes = crlf.read(folder, &path, STAGED_CAP)?;
    let name = source.path.rsplit('/').next().unwrap_or(&source.path);
    // A Pascal program is staged as a `.dpr`, its language's one source among the units
    // staged beside it (`.pas`), so the compiler is given the program, never a unit.
    let delphi_name = format!("{}.dpr", source.stem());
    let name = match language_of(source) {
        Some(_) => delphi_name.as_str(),
        None => name,
    };
    let stage_error = |cause| PolygonError::Stage {
        path: into.to_path_buf(),
        cause,
    };
    std::fs::create_dir_all(into).map_err(stage_error)?;
    // Whatever an earlier package of this path left (a source renamed since) goes.
    for entry in std::fs::read_dir(into).map_err(stage_error)? {
        let entry = entry.map_err(stage_error)?;
        let keep = entry.file_name() == name
            || headers.iter().any(|(h, _)| entry.file_name() == h.as_str());
        if !keep {
            std::fs::remove_file(entry.path()).map_err(stage_error)?;
        }
    }
    let mut files: Vec<(&str, &[u8])> = vec![(name, &bytes)];
    files.extend(headers.iter().map(|(n, b)| (n.as_str(), b.as_slice())));
    for (file, bytes) in files {
        let target = into.join(file);
        if std::fs::read(&target).is_ok_and(|old| old == bytes) {
            continue;
        }
        // Written beside and renamed, so a judge reading the folder meanwhile sees whole files.
        let partial = into.join(format!(".{file}.{}", std::process::id()));
        std::fs::write(&partial, bytes).map_err(stage_error)?;
        std::fs::rename(&partial, &target).map_err(stage_error)?;
    }
    Ok(into.to_path_buf())
}

/// The judging element's `input-file` and `output-file` (the parser gives `None` for an
/// empty one, `stdin` or `stdout`): plain file names, as a solution opens them in its working
/// folder.
fn io_files(problem: &ProblemXml) -> Result<IoFiles, String> {
    let check = |key: &str, name: &Option<String>| -> Result<Option<String>, String> {
        let Some(name) = name else { return Ok(None) };
        let plain = !name.is_empty()
            && name != "."
            && name != ".."
            && !name.contains(['/', '\\', '\0'])
            && name.len() <= 255;
        match plain {
            true => Ok(Some(name.clone())),
            false => Err(format!(
                "{key} {name:?} is not a plain file name (a solution opens it in its working folder)"
            )),
        }
    };
    let files = IoFiles {
        input: check("input-file", &problem.input_file)?,
        output: check("output-file", &problem.output_file)?,
    };
    if files.input.is_some() && files.input == files.output {
        return Err(format!(
            "input-file and output-file are both {:?}",
            files.input.as_deref().unwrap_or_default()
        ));
    }
    Ok(files)
}

/// judge's language for a source Polygon compiles as Pascal: its type (`pas.fpc`, Free Pascal,
/// or `pas.dpr`, Delphi) or a Delphi program's `.dpr` extension. Codeforces compiles Free
/// Pascal in Delphi mode, and Polygon packages' Pascal checkers rely on it, so both are
/// `pascal-delphi`. Other sources' languages are found from their extensions.
fn language_of(source: &problem_xml::Source) -> Option<&'static str> {
    let pascal_type = source
        .kind
        .as_deref()
        .is_some_and(|kind| kind.starts_with("pas.") || kind.starts_with("delphi"));
    (pascal_type || source.path.ends_with(".dpr")).then_some(PASCAL_DELPHI)
}

/// The language (runner.toml's id) Polygon's Pascal sources are compiled in.
const PASCAL_DELPHI: &str = "pascal-delphi";

/// Reads the package's text files with LF line ends, counting those that had CRLF.
#[derive(Default)]
struct LineEnds {
    count: std::cell::Cell<usize>,
}

impl LineEnds {
    /// The file's bytes, each CRLF made LF (a lone CR is kept).
    fn read(&self, folder: &Folder, path: &Path, cap: Cap) -> Result<Vec<u8>, PolygonError> {
        let bytes = folder.read(path, cap)?;
        Ok(match lf(&bytes) {
            Some(converted) => {
                self.count.set(self.count.get() + 1);
                converted
            }
            None => bytes,
        })
    }
}

use judge_core::files::lf_line_ends as lf;

/// Where tests are staged and what makes generated ones.
struct Made<'a> {
    /// The folder of staged tests (inputs with LF line ends, generated inputs), outside the
    /// package.
    stage: PathBuf,
    /// The generators the tests' commands name, by name.
    generators: &'a [(String, ProgramSpec)],
    crlf: &'a LineEnds,
}

impl Made<'_> {
    /// Writes `bytes` at `name` under the stage (unless it holds them already).
    fn write(&self, name: &str, bytes: &[u8]) -> Result<PathBuf, PolygonError> {
        let target = self.stage.join(name);
        let stage_error = |cause| PolygonError::Stage {
            path: target.clone(),
            cause,
        };
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(stage_error)?;
        }
        if !std::fs::read(&target).is_ok_and(|old| old == bytes) {
            let partial = target.with_file_name(format!(
                ".{}.{}",
                target
                    .file_name()
                    .map_or("test".into(), |n| n.to_string_lossy()),
                std::process::id()
            ));
            std::fs::write(&partial, bytes).map_err(stage_error)?;
            std::fs::rename(&partial, &target).map_err(stage_error)?;
        }
        Ok(target)
    }

    /// The staged answer of a test the package keeps none of: an empty file when `answers`
    /// says so, else none (removed, if an earlier load left one; the main solution makes it).
    fn missing_answer(&self, name: &str, answers: MissingAnswers) -> Result<PathBuf, PolygonError> {
        if answers == MissingAnswers::Empty {
            return self.write(name, b"");
        }
        self.remove(name)?;
        Ok(self.stage.join(name))
    }

    /// Removes a staged file an earlier load left (a test's answer the package no longer has).
    fn remove(&self, name: &str) -> Result<(), PolygonError> {
        let target = self.stage.join(name);
        match std::fs::remove_file(&target) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(PolygonError::Stage {
                path: target,
                cause: e,
            }),
            _ => Ok(()),
        }
    }
}

/// The testset's tests, in order, and the inputs its generators make. A test's input is the
/// package's file when it has it (staged with LF line ends when its input or answer has
/// CRLF), else a generated test's input made outside the package before grading (see
/// [`GeneratedFile`]); a manual test's input must be there. A missing answer is the main
/// solution's to give.
/// Where a test's answer comes from when the package does not keep it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum MissingAnswers {
    /// The main solution makes it before grading (an interactive problem's by playing
    /// against the interactor: what the interactor writes to its output file).
    FromMain,
    /// An interactive problem's without a main solution: an empty file (Polygon makes it by
    /// running the main solution against the interactor, as judge does when there is one).
    Empty,
    /// None can be made: an error naming the test.
    Refused,
}

fn tests(
    folder: &Folder,
    problem: &ProblemXml,
    answers: MissingAnswers,
    made: &Made,
) -> Result<(Vec<FileTest>, Vec<GeneratedFile>), PolygonError> {
    let dir = folder.root();
    let xml_file = dir.join(PROBLEM_XML);
    let testset = &problem.testset;
    let stage_error = |cause| PolygonError::Stage {
        path: made.stage.clone(),
        cause,
    };
    std::fs::create_dir_all(&made.stage).map_err(stage_error)?;
    let staged = Folder::new(&made.stage)?;
    let mut tests = Vec::new();
    let mut generated = Vec::new();
    for (position, test) in testset.tests.iter().enumerate() {
        let index = position + 1;
        let fill = |pattern: &str| {
            problem_xml::fill_pattern(pattern, index).map_err(|m| invalid(&xml_file, m))
        };
        let input_name = fill(&testset.input_pattern)?;
        let answer_name = fill(&testset.answer_pattern)?;
        let input = dir.join(&input_name);
        let answer = dir.join(&answer_name);
        let has_input = folder.kind_if_any(&input)? == Some(Kind::File);
        let has_answer = folder.kind_if_any(&answer)?.is_some();
        if !has_input && test.generator().is_none() {
            return Err(invalid(
                &input,
                format!("test {index} is manual, but its input is not in the package"),
            ));
        }
        if !has_answer && answers == MissingAnswers::Refused {
            return Err(invalid(
                &answer,
                format!(
                    "test {index} has no answer file, and no solution is tagged main to make it"
                ),
            ));
        }
        // The package's own files, or the stage's (LF line ends, or a generated input).
        let (input_path, answer_path, test_folder) = if has_input {
            let input_bytes = folder.read(&input, Cap::TEST)?;
            let answer_bytes = if has_answer {
                Some(folder.read(&answer, Cap::TEST)?)
            } else {
                None
            };
            let input_lf = lf(&input_bytes);
            let answer_lf = answer_bytes.as_deref().and_then(lf);
            let staged_answer = !has_answer && answers == MissingAnswers::Empty;
            if input_lf.is_none() && answer_lf.is_none() && !staged_answer {
                (input, answer, folder.clone())
            } else {
                let count = usize::from(input_lf.is_some()) + usize::from(answer_lf.is_some());
                made.crlf.count.set(made.crlf.count.get() + count);
                let input = made.write(&input_name, input_lf.as_deref().unwrap_or(&input_bytes))?;
                let answer = match (answer_lf, answer_bytes) {
                    (Some(bytes), _) | (None, Some(bytes)) => made.write(&answer_name, &bytes)?,
                    (None, None) => made.missing_answer(&answer_name, answers)?,
                };
                (input, answer, staged.clone())
            }
        } else {
            // Made before grading; its answer, when the package keeps one, beside it.
            let answer = if has_answer {
                let bytes = made.crlf.read(folder, &answer, Cap::TEST)?;
                made.write(&answer_name, &bytes)?
            } else {
                made.missing_answer(&answer_name, answers)?
            };
            (made.stage.join(&input_name), answer, staged.clone())
        };
        if let (Method::Generated { cmd, from_file }, Some(name)) = (&test.method, test.generator())
        {
            let generator = made
                .generators
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, spec)| spec.clone())
                .ok_or_else(|| {
                    invalid(
                        &xml_file,
                        format!("test {index}: no executable is named {name:?}"),
                    )
                })?;
            generated.push(GeneratedFile {
                name: input_name.clone(),
                cmd: cmd.clone(),
                generator,
                args: test.args(),
                from_file: from_file.clone(),
                target: made.stage.join(format!("generated/{input_name}")),
                own: has_input.then(|| input_path.clone()),
            });
            if !has_input {
                // Graded on what the generator makes.
                let target = generated
                    .last()
                    .map(|g| g.target.clone())
                    .unwrap_or_default();
                tests.push(FileTest {
                    name: input_name,
                    input: target,
                    answer: answer_path,
                    folder: staged.clone(),
                    sample: test.sample,
                    checker_args: Vec::new(),
                    args: Vec::new(),
                    validator_args: Vec::new(),
                    validator_args_by_name: None,
                    input_visualizer_args: Vec::new(),
                    output_visualizer_args: Vec::new(),
                    score_file: ScoreFile::Read,
                });
                continue;
            }
        }
        tests.push(FileTest {
            name: input_name,
            input: input_path,
            answer: answer_path,
            folder: test_folder,
            sample: test.sample,
            checker_args: Vec::new(),
            args: Vec::new(),
            validator_args: Vec::new(),
            validator_args_by_name: None,
            input_visualizer_args: Vec::new(),
            output_visualizer_args: Vec::new(),
            score_file: ScoreFile::Read,
        });
    }
    if tests.is_empty() {
        return Err(invalid(&xml_file, "the testset has no tests"));
    }
    Ok((tests, generated))
}

/// The verdicts a solution tagged `tag` may get, as Polygon defines its tags: the first is
/// the one a report names, the others are allowed as well. `rejected` is any verdict but
/// accepted; `failed` a crash (a run-time error, or a program that does not compile).
pub fn allowed_verdicts(tag: Tag) -> (Verdict, Vec<Verdict>) {
    use judge_core::verdict::Crash;
    let crash = Verdict::RuntimeError(Crash::Unknown);
    match tag {
        Tag::Main | Tag::Accepted => (Verdict::Accepted, Vec::new()),
        Tag::WrongAnswer => (Verdict::WrongAnswer, Vec::new()),
        Tag::TimeLimitExceeded => (Verdict::TimeLimitExceeded, Vec::new()),
        Tag::MemoryLimitExceeded => (Verdict::MemoryLimitExceeded, Vec::new()),
        Tag::PresentationError => (Verdict::PresentationError, Vec::new()),
        Tag::TimeLimitExceededOrAccepted => (Verdict::TimeLimitExceeded, vec![Verdict::Accepted]),
        Tag::TimeLimitExceededOrMemoryLimitExceeded => (
            Verdict::TimeLimitExceeded,
            vec![Verdict::MemoryLimitExceeded],
        ),
        Tag::Failed => (crash, vec![Verdict::CompileError]),
        Tag::Rejected => (
            Verdict::WrongAnswer,
            vec![
                Verdict::PresentationError,
                Verdict::TimeLimitExceeded,
                Verdict::MemoryLimitExceeded,
                crash,
                Verdict::OutputLimitExceeded,
                Verdict::CompileError,
            ],
        ),
    }
}

/// The solutions as the package's submissions, named `tag/file` (`main/sol.cpp`), each
/// expecting the verdicts its tag allows; a solution the package does not hold (or may not
/// bring) is skipped, with why.
#[allow(clippy::type_complexity)]
fn submissions(
    folder: &Folder,
    problem: &ProblemXml,
) -> Result<(Vec<PackageSubmission>, Vec<(PathBuf, String)>), PolygonError> {
    let mut found = Vec::new();
    let mut skipped = Vec::new();
    for solution in &problem.solutions {
        let path = folder.root().join(&solution.source.path);
        if let Err(e) = folder.kind(&path) {
            skipped.push((path, e.to_string()));
            continue;
        }
        let file = solution.source.path.rsplit('/').next().unwrap_or("");
        let name = format!("{}/{file}", solution.tag.name());
        let (expected, also) = allowed_verdicts(solution.tag);
        found.push(PackageSubmission {
            path,
            name,
            expected,
            also,
            expectations: Vec::new(),
            language: language_of(&solution.source).map(str::to_string),
            entrypoint: None,
        });
    }
    Ok((found, skipped))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairsum() -> PathBuf {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("tests/polygon/pairsum")
    }

    #[test]
    fn named_input_and_output_files_are_plain_names_or_refused_by_key() {
        let xml = |input: &str, output: &str| {
            let text = std::fs::read_to_string(pairsum().join("problem.xml")).unwrap();
            let text = text.replace(
                "input-file=\"\" output-file=\"\"",
                &format!("input-file=\"{input}\" output-file=\"{output}\""),
            );
            problem_xml::parse(&text).unwrap()
        };
        assert!(io_files(&xml("", "")).unwrap().is_standard());
        assert!(io_files(&xml("stdin", "stdout")).unwrap().is_standard());
        let files = io_files(&xml("input.txt", "stdout")).unwrap();
        assert_eq!(files.input.as_deref(), Some("input.txt"));
        assert_eq!(files.output, None);
        let error = io_files(&xml("in/put.txt", "")).unwrap_err();
        assert!(error.contains("input-file \"in/put.txt\""), "{error}");
        let error = io_files(&xml("", "..")).unwrap_err();
        assert!(error.contains("output-file \"..\""), "{error}");
        let error = io_files(&xml("a.txt", "a.txt")).unwrap_err();
        assert!(error.contains("both \"a.txt\""), "{error}");
    }

    #[test]
    fn pascal_sources_are_compiled_in_delphi_mode_and_others_by_extension() {
        let source = |path: &str, kind: Option<&str>| problem_xml::Source {
            path: path.into(),
            kind: kind.map(str::to_string),
        };
        let delphi = Some(PASCAL_DELPHI);
        assert_eq!(
            language_of(&source("files/check.pas", Some("pas.fpc"))),
            delphi
        );
        assert_eq!(
            language_of(&source("files/check.pas", Some("pas.dpr"))),
            delphi
        );
        assert_eq!(language_of(&source("solutions/a.dpr", None)), delphi);
        assert_eq!(
            language_of(&source("files/check.cpp", Some("cpp.g++17"))),
            None
        );
        assert_eq!(language_of(&source("files/a.pas", None)), None);
    }

    #[test]
    fn a_polygon_package_reads_as_a_package() {
        let package = load(&pairsum(), &ValidatorLimits::default()).unwrap();
        let spec = &package.spec;
        assert_eq!(spec.id, "pairsum");
        assert_eq!(spec.title, "Pair Sum");
        assert_eq!(spec.limits.cpu_time, Duration::from_secs(2));
        assert_eq!(spec.limits.memory_bytes, 256 * MIB);
        assert_eq!(package.fixed_time_limit(), Some(Duration::from_secs(2)));
        // The generated test 4 is not in the package: made outside it, from its command.
        let tests = spec.file_tests.as_ref().unwrap();
        let names: Vec<&str> = tests.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["tests/01", "tests/02", "tests/03", "tests/04"]);
        assert!(tests[0].sample && !tests[1].sample);
        assert!(tests[0].answer.is_file() && !tests[1].answer.exists());
        let [generated] = package.generated.as_slice() else {
            panic!("not one generated test: {:?}", package.generated);
        };
        assert_eq!(
            (generated.cmd.as_str(), generated.args.as_slice()),
            ("gen 500", &["500".to_string()][..])
        );
        assert_eq!(generated.own, None);
        assert_eq!(tests[3].input, generated.target);
        assert!(!tests[3].input.starts_with(pairsum()));
        let ProgramSource::Source { path, .. } = &generated.generator.source else {
            panic!("the generator is not a source");
        };
        assert!(path.join("gen.cpp").is_file() && path.join("testlib.h").is_file());
        // Groups: each a group of the tree, a dependency copied under its dependent.
        let tree = spec.groups.as_ref().unwrap();
        let paths: Vec<&str> = tree.root.groups().iter().map(|g| g.path.as_str()).collect();
        assert_eq!(
            paths,
            ["", "samples", "small", "small/samples", "big", "big/small"]
        );
        assert_eq!(tree.root.settings.range.max, 100.0);
        // The checker and validator are built from their sources, beside testlib.h.
        let Checker::Program(checker) = &spec.checker else {
            panic!("no checker program");
        };
        assert_eq!(checker.convention, Convention::Testlib);
        let ProgramSource::Source { path, .. } = &checker.source else {
            panic!("the checker is not a source");
        };
        assert!(path.join("check.cpp").is_file() && path.join("testlib.h").is_file());
        assert_eq!(package.input_validators.len(), 1);
        let reference = spec.programs.reference.as_ref().unwrap();
        assert!(matches!(&reference.source,
            ProgramSource::Source { path, .. } if path.ends_with("solutions/main.cpp")));
        let submissions: Vec<(&str, &str)> = package
            .submissions
            .iter()
            .map(|s| (s.name.as_str(), s.expected.code()))
            .collect();
        assert_eq!(
            submissions,
            [
                ("main/main.cpp", "AC"),
                ("accepted/other.cpp", "AC"),
                ("wrong-answer/wa.cpp", "WA"),
                ("rejected/rejected.cpp", "WA"),
                ("failed/crash.cpp", "RE"),
                ("time-limit-exceeded-or-accepted/slow.cpp", "TLE"),
            ]
        );
        assert!(package.skipped.is_empty(), "{:?}", package.skipped);
    }

    #[test]
    fn crlf_becomes_lf_and_nothing_else_changes() {
        assert_eq!(lf(b"1 2\r\n3\r\n").as_deref(), Some(&b"1 2\n3\n"[..]));
        assert_eq!(lf(b"a\rb\r\n").as_deref(), Some(&b"a\rb\n"[..]));
        assert_eq!(lf(b"1 2\n3\n"), None);
        assert_eq!(lf(b"lone\r"), None);
    }

    #[test]
    fn standard_checkers_without_a_source_are_judge_comparisons() {
        assert_eq!(standard_checker("std::wcmp.cpp"), Some(Comparison::Tokens));
        assert_eq!(standard_checker("std::lcmp.cpp"), Some(Comparison::Lines));
        assert_eq!(
            standard_checker("std::rcmp6.cpp"),
            Some(Comparison::Float { tolerance: 1e-6 })
        );
        assert_eq!(standard_checker("std::acmp.cpp"), None);
    }

    #[test]
    fn tags_name_the_verdicts_verify_expects() {
        let allowed = |tag| {
            let (first, also) = allowed_verdicts(tag);
            std::iter::once(first)
                .chain(also)
                .map(|v| v.code())
                .collect::<Vec<_>>()
        };
        assert_eq!(allowed(Tag::Main), ["AC"]);
        assert_eq!(allowed(Tag::TimeLimitExceeded), ["TLE"]);
        assert_eq!(allowed(Tag::TimeLimitExceededOrAccepted), ["TLE", "AC"]);
        assert_eq!(
            allowed(Tag::TimeLimitExceededOrMemoryLimitExceeded),
            ["TLE", "MLE"]
        );
        assert_eq!(allowed(Tag::Failed), ["RE", "CE"]);
        let rejected = allowed(Tag::Rejected);
        assert!(
            !rejected.contains(&"AC") && rejected.len() == 7,
            "{rejected:?}"
        );
    }
}
