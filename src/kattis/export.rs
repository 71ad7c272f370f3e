//! Writing a problem as a Kattis problem package (format 2023-07): its samples and `count`
//! generated tests with the reference's answers in `data/`, its checker as the default output
//! validator's flags, its statement, and its bundled solutions of the verdicts the format
//! knows as submissions. Reading the package back gives the same verdicts (tests/kattis.rs).
//! The package is built in a folder beside its target and renamed into place when complete
//! (`files::StagedFolder`): a failed or interrupted export leaves no package behind.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::check::{Checker, Comparison};
use crate::config::{ProblemSpec, RunnerConfig};
use crate::files::{Cap, FileError, Folder, Kind, StagedFolder};
use crate::limits::Allowance;
use crate::problems::{GenRequest, ProblemCode};
use crate::verdict::Verdict;

#[derive(Debug, Error)]
pub enum ExportError {
    #[error("cannot write {path}: {cause}")]
    Write {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error("cannot read {path}: {cause}")]
    Read {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error("{0} is not empty: export writes a new package")]
    NotEmpty(PathBuf),
    #[error("problem {problem}: {why}")]
    Unsupported { problem: String, why: String },
    #[error("generated test {index}: {message}")]
    Generate { index: u64, message: String },
    #[error("interrupted")]
    Interrupted,
    #[error(transparent)]
    File(#[from] FileError),
}

/// What an export wrote and left out.
#[derive(Debug, Default)]
pub struct Exported {
    pub tests: usize,
    pub submissions: usize,
    /// What was not written, with why.
    pub left_out: Vec<String>,
}

/// Writes `problem` as a package in `out` (created; it must not hold anything yet) with
/// `count` generated tests of master seed `seed`, and the solutions found in `solutions`
/// (`solutions/<verdict>/`), if given. The package appears at `out` whole, or not at all.
pub fn write_package(
    runner: &RunnerConfig,
    problem: &ProblemSpec,
    code: Option<&dyn ProblemCode>,
    solutions: Option<&Path>,
    out: &Path,
    count: u64,
    seed: u64,
) -> Result<Exported, ExportError> {
    if problem.plays_games() {
        return write_game_package(runner, problem, solutions, out, count, seed);
    }
    let source = Source::new(problem)?;
    let Some(code) = code.filter(|code| count == 0 || code.can_generate() && code.can_solve())
    else {
        return Err(ExportError::Unsupported {
            problem: problem.id.clone(),
            why: "it has no generator and reference to write generated tests with (--count 0 \
                  writes its samples alone)"
                .into(),
        });
    };
    let flags = match &problem.checker {
        Checker::Compare(Comparison::Tokens) => vec!["case_sensitive".to_string()],
        Checker::Compare(Comparison::Float { tolerance }) => {
            vec!["float_tolerance".to_string(), tolerance.to_string()]
        }
        Checker::Compare(Comparison::Kattis { flags }) => flags.clone(),
        Checker::Compare(Comparison::Lines) | Checker::Program(_) => {
            return Err(ExportError::Unsupported {
                problem: problem.id.clone(),
                why: "its checker has no equivalent among the default output validator's flags"
                    .into(),
            })
        }
    };
    let staged = stage(out)?;
    let out = staged.path();
    let mut exported = Exported::default();
    write_metadata(&source, problem, out, "pass-fail")?;
    if !flags.is_empty() {
        write_file(
            &out.join("data/testdata.yaml"),
            format!("output_validator_flags: {}\n", flags.join(" ")).as_bytes(),
        )?;
    }
    let samples = crate::plan::tests_in(&problem.dir, &problem.samples_dir()).map_err(|e| {
        ExportError::Read {
            path: problem.samples_dir(),
            cause: std::io::Error::other(e.to_string()),
        }
    })?;
    for test in samples {
        if let crate::plan::TestSource::Files { input, answer, .. } = &test.source {
            let name = format!("data/sample/{}", test.name);
            let tests = runner.files.tests();
            write_file(&out.join(format!("{name}.in")), &source.read(input, tests)?)?;
            write_file(
                &out.join(format!("{name}.ans")),
                &source.read(answer, tests)?,
            )?;
            exported.tests += 1;
        }
    }
    for index in 0..count {
        if crate::cleanup::interrupted() {
            return Err(ExportError::Interrupted);
        }
        let generate_error = |e: crate::problems::CodeError| ExportError::Generate {
            index,
            message: e.to_string(),
        };
        let input = code
            .generate(seed, GenRequest::full(index))
            .map_err(generate_error)?;
        let answer = code.solve(&input).map_err(generate_error)?;
        let name = format!("data/secret/{}", crate::plan::generated_name(index));
        write_file(&out.join(format!("{name}.in")), input.as_bytes())?;
        write_file(&out.join(format!("{name}.ans")), answer.as_bytes())?;
        exported.tests += 1;
    }
    copy_solutions(runner, problem, solutions, out, &mut exported, |_| None)?;
    exported.left_out.push(
        "input validators: this problem's validator is Rust code inside judge, not a program"
            .into(),
    );
    publish(staged)?;
    Ok(exported)
}

/// Where the package is built until it is complete; `out` must be missing or empty: export
/// writes a new package.
fn stage(out: &Path) -> Result<StagedFolder, ExportError> {
    StagedFolder::new(out).map_err(|cause| match cause.kind() {
        std::io::ErrorKind::AlreadyExists => ExportError::NotEmpty(out.to_path_buf()),
        _ => ExportError::Write {
            path: out.to_path_buf(),
            cause,
        },
    })
}

/// The package, complete, renamed into place.
fn publish(staged: StagedFolder) -> Result<(), ExportError> {
    let out = staged.target().to_path_buf();
    staged
        .publish()
        .map_err(|cause| ExportError::Write { path: out, cause })
}

/// The problem's folder, whose files (samples, statement, interactor) are read as files
/// inside it.
struct Source {
    folder: Folder,
}

impl Source {
    fn new(problem: &ProblemSpec) -> Result<Source, ExportError> {
        Ok(Source {
            folder: Folder::new(&problem.dir)?,
        })
    }

    fn read(&self, path: &Path, cap: Cap) -> Result<Vec<u8>, ExportError> {
        Ok(self.folder.read(path, cap)?)
    }

    /// Whether the problem has this file (it is then a regular file inside its folder).
    fn has(&self, path: &Path) -> Result<bool, ExportError> {
        Ok(self.folder.kind_if_any(path)? == Some(Kind::File))
    }
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), ExportError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|cause| ExportError::Write {
            path: parent.to_path_buf(),
            cause,
        })?;
    }
    std::fs::write(path, bytes).map_err(|cause| ExportError::Write {
        path: path.to_path_buf(),
        cause,
    })
}

/// `problem.yaml` (format 2023-07, with the problem's limits) and the statement.
fn write_metadata(
    source: &Source,
    problem: &ProblemSpec,
    out: &Path,
    kind: &str,
) -> Result<(), ExportError> {
    let limits = &problem.limits;
    let yaml = format!(
        "# Written by `judge export {id} --kattis`.\n\
         problem_format_version: 2023-07\n\
         name: {title:?}\n\
         uuid: {uuid}\n\
         type: {kind}\n\
         source: {source:?}\n\
         limits:\n  time_limit: {time}\n  memory: {memory}\n",
        id = problem.id,
        title = problem.title,
        uuid = uuid_of(&problem.id),
        source = problem.source,
        time = limits.cpu_time.as_secs_f64(),
        memory = limits.memory_bytes / crate::limits::MIB,
    );
    write_file(&out.join("problem.yaml"), yaml.as_bytes())?;
    let statement = problem.dir.join("statement.md");
    if source.has(&statement)? {
        write_file(
            &out.join("statement/problem.en.md"),
            &source.read(&statement, Cap::STATEMENT)?,
        )?;
    }
    Ok(())
}

/// Copies the solutions of the format's folders as submissions; `skip_folder` may give a
/// reason to leave a whole folder out.
fn copy_solutions(
    runner: &RunnerConfig,
    problem: &ProblemSpec,
    solutions: Option<&Path>,
    out: &Path,
    exported: &mut Exported,
    skip_folder: impl Fn(&str) -> Option<String>,
) -> Result<(), ExportError> {
    let Some(solutions) = solutions.filter(|s| s.is_dir()) else {
        return Ok(());
    };
    let solutions_folder = Folder::new(solutions)?;
    let listing = |dir: &Path| -> Result<Vec<PathBuf>, ExportError> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|cause| ExportError::Read {
                path: dir.to_path_buf(),
                cause,
            })?
            .flatten()
            .map(|e| e.path())
            .collect();
        paths.sort();
        Ok(paths)
    };
    for folder in listing(solutions)? {
        let name = folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !super::SUBMISSION_FOLDERS
            .iter()
            .any(|(folder, _)| *folder == name)
        {
            exported.left_out.push(format!(
                "solutions/{name}/: the package format has no folder for {}",
                Verdict::from_folder(&name).map_or(name.clone(), |v| v.code().to_string())
            ));
            continue;
        }
        if let Some(why) = skip_folder(&name) {
            exported.left_out.push(format!("solutions/{name}/: {why}"));
            continue;
        }
        for file in listing(&folder)? {
            let file_name = file.file_name().unwrap_or_default();
            let shown = format!("solutions/{name}/{}", file_name.to_string_lossy());
            match solutions_folder.kind(&file) {
                Ok(Kind::File) => {}
                Ok(Kind::Folder) => continue,
                Err(e) => {
                    exported.left_out.push(format!("{shown}: {e}"));
                    continue;
                }
            }
            let Some(language) = runner.language_for(&file) else {
                continue;
            };
            let extra = (problem.limits.language_extra_time
                || problem.limits.language_extra_memory)
                && language.allowance != Allowance::NONE;
            if extra {
                exported.left_out.push(format!(
                    "{shown}: {} gets extra time or memory here, and a package gives every \
                     language the same limits",
                    language.name
                ));
                continue;
            }
            write_file(
                &out.join("submissions").join(&name).join(file_name),
                &solutions_folder.read(&file, runner.files.sources())?,
            )?;
            exported.submissions += 1;
        }
    }
    Ok(())
}

/// The file, in a game problem's folder, of the interactor program its packages use.
const GAME_INTERACTOR: &str = "kattis/interactor.py";

/// Writes a game problem as an interactive package: each test is one game (`SEED GAME`),
/// played by the problem's interactor program, which plays the built-in game side's game.
/// Kattis decides each game pass-fail (it ended by the rules) and has no rule on the mean
/// score, so solutions that are wrong only by their mean score are left out.
fn write_game_package(
    runner: &RunnerConfig,
    problem: &ProblemSpec,
    solutions: Option<&Path>,
    out: &Path,
    count: u64,
    seed: u64,
) -> Result<Exported, ExportError> {
    let source = Source::new(problem)?;
    let interactor = problem.dir.join(GAME_INTERACTOR);
    if !source.has(&interactor)? {
        return Err(ExportError::Unsupported {
            problem: problem.id.clone(),
            why: format!(
                "its games are played against a game side built into the grader; a package \
                 needs an interactor program ({GAME_INTERACTOR} in its folder)"
            ),
        });
    }
    let staged = stage(out)?;
    let out = staged.path();
    let mut exported = Exported::default();
    write_metadata(&source, problem, out, "interactive")?;
    write_file(
        &out.join("output_validator/interactor.py"),
        &source.read(&interactor, runner.files.sources())?,
    )?;
    for game in 0..count.max(1) {
        let group = if game == 0 { "sample" } else { "secret" };
        let name = format!("data/{group}/game-{game:03}");
        write_file(
            &out.join(format!("{name}.in")),
            format!("{seed} {game}\n").as_bytes(),
        )?;
        write_file(&out.join(format!("{name}.ans")), b"")?;
        exported.tests += 1;
    }
    copy_solutions(runner, problem, solutions, out, &mut exported, |folder| {
        (folder == "wrong_answer").then(|| {
            "wrong only by the mean score, a rule Kattis's pass-fail games cannot state".to_string()
        })
    })?;
    publish(staged)?;
    Ok(exported)
}

/// A UUID (version 4 form) derived from the problem's id, so that exports agree.
fn uuid_of(id: &str) -> String {
    let digest = Sha256::digest(format!("judge problem {id}").as_bytes());
    let mut b: [u8; 16] = digest[..16].try_into().unwrap_or([0; 16]);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}
