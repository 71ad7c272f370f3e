//! The programs a problem may be made of (generator, reference solution, input validator,
//! checker, interactor), validated from problem.toml: where each comes from (a source built
//! through the compile cache, or a command), its calling convention and its limits.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use super::{invalid, raw, within, ConfigError};
use crate::bounds;
use crate::limits::MIB;

/// What a problem program does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Generator,
    Reference,
    Validator,
    Checker,
    Interactor,
    /// A 2025-09 package's static validator (`static_validator/`): judges the submission's
    /// files, not a run.
    StaticValidator,
    /// A 2025-09 package's input or output visualizer: draws a test or a run; what it does
    /// never changes a verdict.
    Visualizer,
}

impl Role {
    /// The table's name in problem.toml (of the roles a problem.toml has), and the program's
    /// name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Role::Generator => "generator",
            Role::Reference => "reference",
            Role::Validator => "validator",
            Role::Checker => "checker",
            Role::Interactor => "interactor",
            Role::StaticValidator => "static validator",
            Role::Visualizer => "visualizer",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a validator, checker or interactor says its verdict.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Convention {
    /// Codeforces' testlib: exit 0 valid or accepted, 1 wrong answer, 2 presentation error,
    /// 3 the program itself failed. A checker is called as `checker input output answer`, an
    /// interactor as `interactor input output`.
    #[default]
    Testlib,
    /// The Kattis problem package format: exit 42 valid or accepted, 43 invalid or wrong,
    /// anything else a judge error; a checker (output validator) is called as
    /// `validator input answer feedback_dir/ [args] < output` and may write
    /// `judgemessage.txt` in the feedback folder; an interactor gets the same arguments with
    /// its standard input and output joined to the solution's.
    Kattis,
    /// CMS's comparator, for a checker only: called as `checker input answer output`, it
    /// writes the test's outcome on the first line of its standard output, a number from 0
    /// to 1 (1 accepted; 0 wrong; between, accepted for that fraction of the test's worth),
    /// and its message on standard error, and exits 0 (any other exit is its own failure).
    Cms,
}

/// Where a problem program comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgramSource {
    /// A source file (absolute), compiled like a solution, in this language (default: by its
    /// extension).
    Source {
        path: PathBuf,
        language: Option<String>,
    },
    /// A command; its program, when a relative path, is made absolute against the problem's
    /// folder.
    Command(Vec<String>),
}

/// A problem program, validated.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgramSpec {
    pub role: Role,
    pub source: ProgramSource,
    pub convention: Convention,
    /// Arguments after the convention's own (a Kattis output validator's flags).
    pub args: Vec<String>,
    /// CPU time one run may use (its wall-clock limit follows the runner's rule).
    pub time_limit: Duration,
    pub memory_bytes: u64,
}

impl ProgramSpec {
    /// The program's name in messages: `generator gen.py`.
    pub fn name(&self) -> String {
        let what = match &self.source {
            ProgramSource::Source { path, .. } => path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into(),
            ),
            ProgramSource::Command(parts) => {
                let program = Path::new(&parts[0])
                    .file_name()
                    .map_or_else(|| parts[0].clone(), |n| n.to_string_lossy().into_owned());
                std::iter::once(program)
                    .chain(parts[1..].iter().cloned())
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        };
        format!("{} {what}", self.role)
    }
}

/// The time a problem program may use unless its table says otherwise.
const DEFAULT_TIME: Duration = Duration::from_secs(10);
/// The memory a problem program may use unless its table says otherwise.
const DEFAULT_MEMORY_BYTES: u64 = 1024 * MIB;

/// Validates a program table of problem.toml (`key` is its name there, e.g. `generator`).
pub(super) fn program(
    file: &Path,
    key: &str,
    role: Role,
    dir: &Path,
    raw: raw::Program,
) -> Result<ProgramSpec, ConfigError> {
    let field = |name: &str| format!("{key}.{name}");
    let source = match (raw.source, raw.command) {
        (Some(_), Some(_)) => {
            return Err(invalid(
                file,
                key,
                "give either `source` or `command`, not both",
            ))
        }
        (None, None) => return Err(invalid(file, key, "needs a `source` file or a `command`")),
        (Some(path), None) => {
            let path = dir.join(path);
            // The problem's folder may come from anyone: its programs are files inside it.
            let inside = crate::files::Folder::new(dir).and_then(|folder| folder.kind(&path));
            match inside {
                Ok(crate::files::Kind::File) => {}
                Ok(crate::files::Kind::Folder) => {
                    return Err(invalid(
                        file,
                        &field("source"),
                        format!("{} is not a file", path.display()),
                    ))
                }
                Err(e) => return Err(invalid(file, &field("source"), e.to_string())),
            }
            ProgramSource::Source {
                path,
                language: raw.language,
            }
        }
        (None, Some(command)) => {
            if raw.language.is_some() {
                return Err(invalid(file, &field("language"), "is only for a `source`"));
            }
            let Some(program) = command.first() else {
                return Err(invalid(file, &field("command"), "must name a program"));
            };
            if command.iter().any(|part| part.contains('\0')) {
                return Err(invalid(file, &field("command"), "contains a NUL character"));
            }
            let mut command = command.clone();
            if program.contains('/') && !Path::new(program).is_absolute() {
                let relative: PathBuf = Path::new(program)
                    .components()
                    .filter(|part| *part != std::path::Component::CurDir)
                    .collect();
                command[0] = dir.join(relative).to_string_lossy().into_owned();
            }
            ProgramSource::Command(command)
        }
    };
    if raw.convention == Some(Convention::Cms) && role != Role::Checker {
        return Err(invalid(
            file,
            &field("convention"),
            "cms is a checker's convention (a number from 0 to 1 on its standard output)",
        ));
    }
    if raw.convention.is_some() && matches!(role, Role::Generator | Role::Reference) {
        return Err(invalid(
            file,
            &field("convention"),
            "is only for a validator, checker or interactor",
        ));
    }
    Ok(ProgramSpec {
        role,
        source,
        convention: raw.convention.unwrap_or_default(),
        args: raw.args,
        time_limit: raw
            .time_limit_seconds
            .map(|s| {
                within(
                    file,
                    &field("time_limit_seconds"),
                    bounds::TIME_LIMIT.seconds(s),
                )
            })
            .transpose()?
            .unwrap_or(DEFAULT_TIME),
        memory_bytes: raw
            .memory_mib
            .map(|m| within(file, &field("memory_mib"), bounds::MEMORY.mebibytes(m)))
            .transpose()?
            .unwrap_or(DEFAULT_MEMORY_BYTES),
    })
}

/// The programs a problem is made of, beside its checker.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProblemPrograms {
    pub generator: Option<ProgramSpec>,
    pub reference: Option<ProgramSpec>,
    /// Whether the reference answers a test by playing against the interactor, the answer
    /// being what the interactor writes to its output file (a Polygon interactive problem's
    /// `main` solution, as Polygon makes such answers); else the reference's standard output
    /// on the input is the answer.
    pub reference_interacts: bool,
    pub validator: Option<ProgramSpec>,
    pub interactor: Option<ProgramSpec>,
    /// A scoring package's custom grader (`graders/`, legacy `grading: custom`): reads its
    /// group's child results, answers the group's (see `scoring::aggregate`).
    pub grader: Option<ProgramSpec>,
    /// A legacy Kattis package's output validators after the first (the problem's checker,
    /// `Checker::Program`): the legacy format runs every one of them on each output, in turn,
    /// and the output must pass all of them.
    pub more_checkers: Vec<ProgramSpec>,
    /// A multi-pass problem's most passes (Kattis `type: multi-pass`): the checker's accepting
    /// a pass with a next input (`nextpass.in`) runs the submission again on it, up to this
    /// many runs in all; `None` for a problem of one pass.
    pub validation_passes: Option<u32>,
    /// A 2025-09 package's static validator (`static_validator/`), run on the submission's
    /// files for each static validation test case of its groups.
    pub static_validator: Option<ProgramSpec>,
    /// A 2025-09 package's output visualizer (`output_visualizer/`, called like the output
    /// validator, `visualizer input answer feedback/ [args] < output`, and may write
    /// `teamimage.<ext>` or `judgeimage.<ext>` in `feedback/`): run after the checker only
    /// when a report is asked for; its failures are warnings, never a verdict.
    pub output_visualizer: Option<ProgramSpec>,
    /// A pass-fail 2025-09 package's static validation test cases (`static_validation_score:
    /// pass-fail`): each one's path (`secret/[static]`) and `static_validator_args`. A scoring
    /// package's are in its group tree (`scoring::TestCase::static_validation`), with their
    /// scores.
    pub static_cases: Vec<(String, Vec<String>)>,
}

impl ProblemPrograms {
    /// Whether the problem names any program of its own (then its code is those programs,
    /// not a built-in module).
    pub fn any(&self) -> bool {
        self.generator.is_some()
            || self.reference.is_some()
            || self.validator.is_some()
            || self.interactor.is_some()
    }
}
