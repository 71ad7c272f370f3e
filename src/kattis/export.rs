//! Writing a problem as a Kattis problem package (format 2023-07): its samples and `count`
//! generated tests with the reference's answers in `data/`, its checker as the default output
//! validator's flags, its statement, and its bundled solutions of the verdicts the format
//! knows as submissions. Reading the package back gives the same verdicts (tests/kattis.rs).

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::check::{Checker, Comparison};
use crate::config::{ProblemSpec, RunnerConfig};
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
}

/// What an export wrote and left out.
#[derive(Debug, Default)]
pub struct Exported {
    pub tests: usize,
    pub submissions: usize,
    /// What was not written, with why.
    pub left_out: Vec<String>,
}

/// The solution folders the package format knows.
const SUBMISSION_FOLDERS: [&str; 4] = [
    "accepted",
    "wrong_answer",
    "time_limit_exceeded",
    "run_time_error",
];

/// Writes `problem` as a package in `out` (created; it must not hold anything yet) with
/// `count` generated tests of master seed `seed`, and the solutions found in `solutions`
/// (`solutions/<verdict>/`), if given.
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
        return Err(ExportError::Unsupported {
            problem: problem.id.clone(),
            why: "its games are played against a game side built into the grader; a package \
                  needs an interactor program"
                .into(),
        });
    }
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
    if out.exists()
        && std::fs::read_dir(out)
            .map(|mut d| d.next().is_some())
            .unwrap_or(true)
    {
        return Err(ExportError::NotEmpty(out.to_path_buf()));
    }
    let write = |path: PathBuf, bytes: &[u8]| -> Result<(), ExportError> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|cause| ExportError::Write {
                path: parent.to_path_buf(),
                cause,
            })?;
        }
        std::fs::write(&path, bytes).map_err(|cause| ExportError::Write { path, cause })
    };
    let read = |path: &Path| {
        std::fs::read(path).map_err(|cause| ExportError::Read {
            path: path.to_path_buf(),
            cause,
        })
    };
    let mut exported = Exported::default();

    let limits = &problem.limits;
    let uuid = uuid_of(&problem.id);
    let yaml = format!(
        "# Written by `judge export {id} --kattis`: {title}.\n\
         problem_format_version: 2023-07\n\
         name: {title:?}\n\
         uuid: {uuid}\n\
         type: pass-fail\n\
         source: {source:?}\n\
         limits:\n  time_limit: {time}\n  memory: {memory}\n",
        id = problem.id,
        title = problem.title,
        source = problem.source,
        time = limits.cpu_time.as_secs_f64(),
        memory = limits.memory_bytes / crate::limits::MIB,
    );
    write(out.join("problem.yaml"), yaml.as_bytes())?;
    let statement = problem.dir.join("statement.md");
    if statement.is_file() {
        write(out.join("statement/problem.en.md"), &read(&statement)?)?;
    }
    if !flags.is_empty() {
        write(
            out.join("data/testdata.yaml"),
            format!("output_validator_flags: {}\n", flags.join(" ")).as_bytes(),
        )?;
    }
    for test in crate::plan::tests_in(&problem.samples_dir()).map_err(|e| ExportError::Read {
        path: problem.samples_dir(),
        cause: std::io::Error::other(e.to_string()),
    })? {
        if let crate::plan::TestSource::Files { input, answer } = &test.source {
            write(
                out.join(format!("data/sample/{}.in", test.name)),
                &read(input)?,
            )?;
            write(
                out.join(format!("data/sample/{}.ans", test.name)),
                &read(answer)?,
            )?;
            exported.tests += 1;
        }
    }
    for index in 0..count {
        let generate_error = |e: crate::problems::CodeError| ExportError::Generate {
            index,
            message: e.to_string(),
        };
        let input = code
            .generate(seed, GenRequest::full(index))
            .map_err(generate_error)?;
        let answer = code.solve(&input).map_err(generate_error)?;
        let name = crate::plan::generated_name(index);
        write(out.join(format!("data/secret/{name}.in")), input.as_bytes())?;
        write(
            out.join(format!("data/secret/{name}.ans")),
            answer.as_bytes(),
        )?;
        exported.tests += 1;
    }
    if let Some(solutions) = solutions.filter(|s| s.is_dir()) {
        let entries = std::fs::read_dir(solutions).map_err(|cause| ExportError::Read {
            path: solutions.to_path_buf(),
            cause,
        })?;
        let mut folders: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        folders.sort();
        for folder in folders {
            let name = folder
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if !SUBMISSION_FOLDERS.contains(&name.as_str()) {
                exported.left_out.push(format!(
                    "solutions/{name}/: the package format has no folder for {}",
                    Verdict::from_folder(&name).map_or(name.clone(), |v| v.code().to_string())
                ));
                continue;
            }
            let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
                .map_err(|cause| ExportError::Read {
                    path: folder.clone(),
                    cause,
                })?
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .collect();
            files.sort();
            for file in files {
                let Some(language) = runner.language_for(&file) else {
                    continue;
                };
                let extra = (problem.limits.language_extra_time
                    || problem.limits.language_extra_memory)
                    && language.allowance != Allowance::NONE;
                if extra {
                    exported.left_out.push(format!(
                        "{}: {} gets extra time or memory here, and a package gives every \
                         language the same limits",
                        file.display(),
                        language.name
                    ));
                    continue;
                }
                let file_name = file.file_name().unwrap_or_default();
                write(
                    out.join("submissions").join(&name).join(file_name),
                    &read(&file)?,
                )?;
                exported.submissions += 1;
            }
        }
    }
    exported.left_out.push(
        "input validators: this problem's validator is Rust code inside judge, not a program"
            .into(),
    );
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
