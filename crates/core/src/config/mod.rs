//! Configuration: `runner.toml` (languages, defaults, sandbox) in layers (built-in, user,
//! project, `--config FILE`: see `layers`), the places problems come from (see `sources`), and
//! `problems/<id>/problem.toml` (title, kind, limits, checker). Each file is read into raw types
//! that mirror it (serde), then validated once into the resolved types the rest of the grader
//! uses; nothing below this module reads a configuration file again. Every error names the
//! file that set the key, the key and what is wrong. `scaffold` writes new projects and
//! problems.

mod checker;
mod file_test;
pub mod groups;
mod layers;
mod problem;
mod program;
mod raw;
mod scaffold;
mod sources;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use thiserror::Error;

use crate::bounds::{self, OutOfBounds};
use crate::files::FileLimits;
use crate::limits::{Allowance, CompileLimits, ProblemLimits, RunnerLimits, MIB};

pub use checker::{Checker, Comparison};
pub use file_test::{ArgsByName, FileTest, GeneratedFile, ProgramTest, ScoreFile};
pub use layers::{find_project, Discovery, Layer, LayerKind, Layers, Origin, UserDirs};
pub use problem::{InteractiveSpec, IoFiles, Judge, ProblemKind, ProblemSpec};
pub use program::{Convention, ProblemPrograms, ProgramSource, ProgramSpec, Role};
pub use scaffold::{init_project, new_problem, NewProblem, Placement, Scaffold, ScaffoldLanguage};
pub use sources::{
    built_in_ids, is_package_folder, locate_folder, FoundFolder, Located, ProblemFolder,
    ProblemOrigin, ProblemSources, BUILT_IN_CACHE_FOLDER,
};

#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("{file}: {message}")]
    Parse { file: Origin, message: String },
    #[error("{file}: key `{key}`: {message}")]
    Invalid {
        file: Origin,
        key: String,
        message: String,
    },
    #[error("not in a project: no runner.toml in the current folder or any folder above it (start one with `judge init`, or give --config FILE)")]
    NoProject,
    #[error("{file}: owned by user {owner}, not by you or root: not taken as the project's configuration (anyone may leave a file in a shared folder above this one; give it with --config to use it)")]
    ForeignProject { file: PathBuf, owner: u32 },
    #[error("unknown problem {id:?} (known: {known}; a problem folder can also be given by path)")]
    UnknownProblem { id: String, known: String },
    #[error("{dir}: no problem.toml (nor a Kattis package's problem.yaml) in this folder")]
    NotAProblem { dir: PathBuf },
    #[error(transparent)]
    File(#[from] crate::files::FileError),
    #[error("no folder for the compile cache: set HOME or XDG_CACHE_HOME, or defaults.cache_dir in runner.toml")]
    NoCacheFolder,
    #[error("cannot write the built-in problems into {dir}: {cause}")]
    BuiltInProblems { dir: PathBuf, cause: std::io::Error },
    #[error("cannot write {path}: {cause}")]
    Write {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error("{path} already exists (nothing was overwritten)")]
    Exists { path: PathBuf },
    #[error("`{id}` cannot be a problem id: use letters, digits, - and _ (it names a folder)")]
    BadProblemId { id: String },
}

pub(crate) fn invalid(
    file: impl Into<Origin>,
    key: &str,
    message: impl Into<String>,
) -> ConfigError {
    ConfigError::Invalid {
        file: file.into(),
        key: key.to_string(),
        message: message.into(),
    }
}

/// A language from `runner.toml`.
#[derive(Debug, Clone, PartialEq)]
pub struct Language {
    /// The key in `[languages.<id>]`.
    pub id: String,
    pub name: String,
    /// File extensions without the dot, as written: case-sensitive, as on Kattis (`C` is
    /// C++'s, `c` C's).
    pub extensions: Vec<String>,
    /// Compile command template (see [`BUILD_PLACEHOLDERS`]), if the language compiles.
    pub compile: Option<Vec<String>>,
    /// A command template run after `compile` succeeds, in the same folder (Java's `jar`).
    pub package: Option<Vec<String>>,
    /// The source is compiled under the submitted file's name rather than `solution.<ext>`.
    pub keep_file_name: bool,
    /// The source is compiled under the name of the top-level public class it declares, when
    /// it declares one (before `keep_file_name`).
    pub name_after_public_class: bool,
    /// Run command template (see [`RUN_PLACEHOLDERS`]; `{binary}` and `{source}` name files
    /// in the run's folder).
    pub run: Vec<String>,
    /// Memory the runtime takes besides its heap, bytes: `{heap_mib}` is the limit less this.
    pub runtime_overhead_bytes: u64,
    /// Messages with which the runtime says on standard error that its heap ran out.
    pub out_of_memory_messages: Vec<String>,
    /// Host folders its build steps are shown read-only besides the system folders (those
    /// that exist).
    pub compile_read_only_paths: Vec<PathBuf>,
    /// The compiled program's file name in a run's folder (`{binary}` of the run command),
    /// if not `solution`.
    pub binary_name: Option<String>,
    pub allowance: Allowance,
}

impl Language {
    /// The language of `languages` whose extensions list the file's, as written, else in any
    /// case (`.CPP`); none for a file no language lists.
    pub fn of_file<'a>(languages: &'a [Language], source: &Path) -> Option<&'a Language> {
        let ext = source.extension()?.to_str()?;
        languages
            .iter()
            .find(|l| l.extensions.iter().any(|e| e == ext))
            .or_else(|| {
                languages
                    .iter()
                    .find(|l| l.extensions.iter().any(|e| e.eq_ignore_ascii_case(ext)))
            })
    }

    /// Whether the run command executes the compiled binary (else it reads the source).
    pub fn runs_binary(&self) -> bool {
        mentions(&self.run, "{binary}")
    }

    /// The build commands in order: `compile`, then `package`.
    pub fn build_steps(&self) -> impl Iterator<Item = &Vec<String>> {
        self.compile.iter().chain(self.package.iter())
    }
}

/// Placeholders of `compile` and `package` templates: the source file, the file to write,
/// the build folder, and the source's file name without its extension. For a folder
/// submitted as one program, an argument that is exactly `{source}` stands for every source
/// file, and `{source}` elsewhere and `{stem}` for the main file (see `lang::prepare_folder`);
/// `{main}` is the main file alone (Pascal's compiler takes one program and finds its units).
pub const BUILD_PLACEHOLDERS: [&str; 5] = ["{source}", "{main}", "{binary}", "{dir}", "{stem}"];

/// Placeholders of `run` templates: the files in the run's folder, the source's file name
/// without its extension, the run's memory limit in MiB (the language's allowance included)
/// and the part of it a runtime's heap may take (the limit less `runtime_overhead_mib`, at
/// least half the limit), for runtimes that size their heap themselves.
pub const RUN_PLACEHOLDERS: [&str; 5] = [
    "{source}",
    "{binary}",
    "{stem}",
    "{memory_mib}",
    "{heap_mib}",
];

/// The first `{name}` in a template part that is not one of `known` (`${name}`, a shell's,
/// is left alone).
fn unknown_placeholder<'a>(part: &'a str, known: &[&str]) -> Option<&'a str> {
    let mut rest = part;
    let mut offset = 0;
    while let Some(open) = rest.find('{') {
        let start = offset + open;
        let after = &part[start + 1..];
        let name_len = after
            .find(|c: char| !(c.is_ascii_lowercase() || c == '_'))
            .unwrap_or(after.len());
        let closes = after[name_len..].starts_with('}');
        let shell = start > 0 && part.as_bytes()[start - 1] == b'$';
        if name_len > 0 && closes && !shell {
            let placeholder = &part[start..start + name_len + 2];
            if !known.contains(&placeholder) {
                return Some(placeholder);
            }
        }
        offset = start + 1;
        rest = &part[offset..];
    }
    None
}

/// Whether a command template uses a placeholder.
fn mentions(parts: &[String], placeholder: &str) -> bool {
    parts.iter().any(|part| part.contains(placeholder))
}

/// How solutions are isolated (see `sandbox`).
#[derive(Debug, Clone, PartialEq)]
pub struct SandboxConfig {
    pub namespaces: bool,
    pub cgroups: bool,
    pub uid: u32,
    pub gid: u32,
    /// `PATH` inside the sandbox, also used to resolve the run command's program.
    pub path: String,
    pub read_only_paths: Vec<PathBuf>,
}

/// The limits of each run of a Kattis package's input validators and output validator (its
/// interactor included), which the package leaves to the judge (`[validators]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValidatorLimits {
    /// CPU time of one run.
    pub time_limit: Duration,
    pub memory_bytes: u64,
}

impl ValidatorLimits {
    /// These limits, raised to `time` and `memory_bytes` where those are more (a package's
    /// guarantees to its validators).
    pub fn at_least(&self, time: Option<Duration>, memory_bytes: Option<u64>) -> ValidatorLimits {
        ValidatorLimits {
            time_limit: time.map_or(self.time_limit, |t| t.max(self.time_limit)),
            memory_bytes: memory_bytes.map_or(self.memory_bytes, |m| m.max(self.memory_bytes)),
        }
    }
}

impl Default for ValidatorLimits {
    /// The format's defaults (`validation_time` 60 s, `validation_memory` 1024 MiB), as the
    /// built-in runner.toml writes them.
    fn default() -> Self {
        ValidatorLimits {
            time_limit: Duration::from_secs(60),
            memory_bytes: 1024 * MIB,
        }
    }
}

/// The validated configuration: every layer of `runner.toml` merged, and where problems are.
#[derive(Debug, Clone)]
pub struct RunnerConfig {
    /// The layers it was merged from, with the layer that set each key.
    pub layers: Layers,
    /// The project's folder (holding its runner.toml, problems/ and solutions/): that of
    /// `--config FILE`, else of the nearest runner.toml; none outside a project.
    pub root: Option<PathBuf>,
    /// Where problems are looked up, in order.
    pub problems: ProblemSources,
    pub seed: u64,
    /// Parallel runs as written: 0 means one per core (see [`RunnerConfig::jobs`]).
    pub jobs: usize,
    pub random_tests: usize,
    /// The limits of a folder of tests graded with no problem (`[defaults]`'s
    /// `time_limit_seconds` and `memory_limit_mib`, with the languages' allowances).
    pub folder_limits: ProblemLimits,
    /// The wall-clock rule and the default output, stderr and process limits.
    pub limits: RunnerLimits,
    /// The compile cache (and the built-in problems once written out).
    pub cache_dir: PathBuf,
    /// What a compile may use (it runs in the sandbox).
    pub compile: CompileLimits,
    pub sandbox: SandboxConfig,
    pub validators: ValidatorLimits,
    pub languages: Vec<Language>,
    /// The caps on test and source files (`[files]`).
    pub files: FileLimits,
}

/// A value held to its bound (see `crate::bounds`), or an error naming the file, the key
/// and the bound.
pub(crate) fn within<T>(
    file: impl Into<Origin>,
    key: &str,
    checked: Result<T, OutOfBounds>,
) -> Result<T, ConfigError> {
    checked.map_err(|e| invalid(file, key, e.to_string()))
}

/// Resolves a user name (through the system's user database, NSS included) or a number to a
/// uid and gid.
fn lookup_user(name: &str) -> Option<(u32, u32)> {
    if let Ok(uid) = name.parse::<u32>() {
        return Some((uid, uid));
    }
    let user = uzers::get_user_by_name(name)?;
    Some((user.uid(), user.primary_group_id()))
}

impl RunnerConfig {
    /// The layers found from `discovery` (built-in, user, project, `--config`), resolved.
    pub fn discover(discovery: &Discovery) -> Result<RunnerConfig, ConfigError> {
        RunnerConfig::resolve(Layers::discover(discovery)?)
    }

    /// One `runner.toml` over the built-in defaults (no user or project file): its folder is
    /// the project.
    pub fn load(file: &Path) -> Result<RunnerConfig, ConfigError> {
        RunnerConfig::resolve(Layers::over_built_in(file)?)
    }

    /// Validates the merged layers.
    pub fn resolve(layers: Layers) -> Result<RunnerConfig, ConfigError> {
        let raw: raw::Runner = layers.deserialize()?;
        let at = |key: &str| layers.origin_of(key);
        let d = &raw.defaults;
        let output_bytes = within(
            at("defaults.output_limit_mib"),
            "defaults.output_limit_mib",
            bounds::OUTPUT.mebibytes(d.output_limit_mib),
        )?;
        let stderr_kib = within(
            at("defaults.stderr_limit_kib"),
            "defaults.stderr_limit_kib",
            bounds::STDERR.whole(d.stderr_limit_kib),
        )?;
        let max_processes = within(
            at("defaults.max_processes"),
            "defaults.max_processes",
            bounds::PROCESSES.whole(d.max_processes),
        )?;
        let jobs = within(
            at("defaults.jobs"),
            "defaults.jobs",
            bounds::JOBS.whole(d.jobs),
        )?;
        let random_tests = within(
            at("defaults.random_tests"),
            "defaults.random_tests",
            bounds::TESTS.whole(d.random_tests),
        )?;
        let folder_limits = ProblemLimits {
            cpu_time: within(
                at("defaults.time_limit_seconds"),
                "defaults.time_limit_seconds",
                bounds::TIME_LIMIT.seconds(d.time_limit_seconds),
            )?,
            memory_bytes: within(
                at("defaults.memory_limit_mib"),
                "defaults.memory_limit_mib",
                bounds::MEMORY.mebibytes(d.memory_limit_mib),
            )?,
            output_bytes: None,
            language_extra_time: true,
            language_extra_memory: true,
        };
        let seed = within(
            at("defaults.seed"),
            "defaults.seed",
            bounds::SEED.whole(d.seed),
        )?;
        let (uid, gid) = lookup_user(&raw.sandbox.user).ok_or_else(|| {
            invalid(
                at("sandbox.user"),
                "sandbox.user",
                format!("no such user {:?}", raw.sandbox.user),
            )
        })?;
        let languages = languages(&layers, &raw.languages)?;
        let root = layers
            .project_file()
            .and_then(Layer::folder)
            .map(Path::to_path_buf);
        let cache_dir = match (&d.cache_dir, &root) {
            (Some(dir), _) if dir.is_absolute() => dir.clone(),
            // Relative to the file that set it.
            (Some(dir), _) => match layers.layer_of("defaults.cache_dir").folder() {
                Some(folder) => folder.join(dir),
                None => std::path::absolute(dir).unwrap_or_else(|_| dir.clone()),
            },
            (None, Some(root)) => root.join(".judge-cache"),
            (None, None) => layers
                .user
                .cache
                .clone()
                .ok_or(ConfigError::NoCacheFolder)?,
        };
        let validators = ValidatorLimits {
            time_limit: within(
                at("validators.time_limit_seconds"),
                "validators.time_limit_seconds",
                bounds::TIME_LIMIT.seconds(raw.validators.time_limit_seconds),
            )?,
            memory_bytes: within(
                at("validators.memory_mib"),
                "validators.memory_mib",
                bounds::MEMORY.mebibytes(raw.validators.memory_mib),
            )?,
        };
        let mut folders: Vec<ProblemFolder> = Vec::new();
        for layer in layers.layers().iter().rev() {
            if matches!(layer.kind, LayerKind::ConfigFile | LayerKind::Project) {
                if let Some(folder) = layer.folder() {
                    let dir = folder.join("problems");
                    if !folders.iter().any(|f| f.dir == dir) {
                        folders.push(ProblemFolder {
                            origin: ProblemOrigin::Project,
                            dir,
                        });
                    }
                }
            }
        }
        if let Some(dir) = layers.user.problems_dir() {
            folders.push(ProblemFolder {
                origin: ProblemOrigin::User,
                dir,
            });
        }
        Ok(RunnerConfig {
            seed,
            jobs: jobs as usize,
            random_tests: random_tests as usize,
            folder_limits,
            limits: RunnerLimits {
                wall_time_factor: within(
                    at("defaults.wall_time_factor"),
                    "defaults.wall_time_factor",
                    bounds::FACTOR.real(d.wall_time_factor),
                )?,
                wall_time_extra: within(
                    at("defaults.wall_time_extra_seconds"),
                    "defaults.wall_time_extra_seconds",
                    bounds::TIME_EXTRA.seconds(d.wall_time_extra_seconds),
                )?,
                output_bytes,
                stderr_bytes: stderr_kib * 1024,
                max_processes: max_processes as u32,
            },
            problems: ProblemSources::new(folders, cache_dir.clone()),
            cache_dir,
            compile: compile_limits(&layers, d)?,
            sandbox: SandboxConfig {
                namespaces: raw.sandbox.namespaces,
                cgroups: raw.sandbox.cgroups,
                uid,
                gid,
                path: raw.sandbox.path.clone(),
                read_only_paths: raw.sandbox.read_only_paths.clone(),
            },
            validators,
            files: FileLimits {
                test_file_bytes: within(
                    at("files.test_file_limit_mib"),
                    "files.test_file_limit_mib",
                    bounds::FILE_READ.mebibytes(raw.files.test_file_limit_mib),
                )?,
                source_bytes: within(
                    at("files.source_limit_mib"),
                    "files.source_limit_mib",
                    bounds::FILE_READ.mebibytes(raw.files.source_limit_mib),
                )?,
            },
            languages,
            root,
            layers,
        })
    }

    /// The language of a source file, by its extension: the language that lists it as
    /// written (`.C` is C++ and `.c` is C, as on Kattis), else one that lists it in another
    /// case (`.CPP`).
    pub fn language_for(&self, source: &Path) -> Option<&Language> {
        Language::of_file(&self.languages, source)
    }

    /// The language with this id.
    pub fn language(&self, id: &str) -> Option<&Language> {
        self.languages.iter().find(|l| l.id == id)
    }

    /// Parallel runs: `flag` (from the command line) if given, else runner.toml's; 0 means one
    /// per core.
    pub fn jobs(&self, flag: Option<usize>) -> usize {
        match flag.unwrap_or(self.jobs) {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            jobs => jobs,
        }
    }

    /// The project's folder, for what only a project has (solutions/, problems/ to write to).
    pub fn project_root(&self) -> Result<&Path, ConfigError> {
        self.root.as_deref().ok_or(ConfigError::NoProject)
    }

    /// Every problem id known (project, user, built-in), sorted.
    pub fn problem_ids(&self) -> Vec<String> {
        self.problems.ids()
    }
}

/// Validates the compile limits of `[defaults]`.
fn compile_limits(layers: &Layers, d: &raw::Defaults) -> Result<CompileLimits, ConfigError> {
    let at = |key: &str| layers.origin_of(key);
    Ok(CompileLimits {
        time: within(
            at("defaults.compile_time_limit_seconds"),
            "defaults.compile_time_limit_seconds",
            bounds::TIME_LIMIT.seconds(d.compile_time_limit_seconds),
        )?,
        memory_bytes: within(
            at("defaults.compile_memory_mib"),
            "defaults.compile_memory_mib",
            bounds::MEMORY.mebibytes(d.compile_memory_mib),
        )?,
        max_processes: within(
            at("defaults.compile_max_processes"),
            "defaults.compile_max_processes",
            bounds::PROCESSES.whole(d.compile_max_processes),
        )? as u32,
        output_bytes: within(
            at("defaults.compile_output_limit_mib"),
            "defaults.compile_output_limit_mib",
            bounds::BUILD_OUTPUT.mebibytes(d.compile_output_limit_mib),
        )?,
        message_bytes: within(
            at("defaults.compile_message_limit_kib"),
            "defaults.compile_message_limit_kib",
            bounds::COMPILER_MESSAGES.whole(d.compile_message_limit_kib),
        )? * 1024,
    })
}

/// Validates the `[languages.*]` tables.
fn languages(
    layers: &Layers,
    raw: &BTreeMap<String, raw::Language>,
) -> Result<Vec<Language>, ConfigError> {
    let mut languages = Vec::new();
    let mut seen_extensions: BTreeMap<String, String> = BTreeMap::new();
    for (id, lang) in raw {
        let key = |field: &str| format!("languages.{id}.{field}");
        let file = |field: &str| layers.origin_of(&key(field));
        if lang.run.is_empty() {
            return Err(invalid(
                file("run"),
                &key("run"),
                "must name a program to run",
            ));
        }
        if lang.extensions.is_empty() {
            return Err(invalid(
                file("extensions"),
                &key("extensions"),
                "must list at least one",
            ));
        }
        if lang.compile.as_ref().is_some_and(Vec::is_empty) {
            return Err(invalid(
                file("compile"),
                &key("compile"),
                "is empty (leave it out instead)",
            ));
        }
        if lang.package.as_ref().is_some_and(Vec::is_empty) {
            return Err(invalid(
                file("package"),
                &key("package"),
                "is empty (leave it out instead)",
            ));
        }
        if lang.package.is_some() && lang.compile.is_none() {
            return Err(invalid(
                file("package"),
                &key("package"),
                "runs after compile, so a compile command is needed",
            ));
        }
        let templates = [
            ("run", Some(&lang.run), &RUN_PLACEHOLDERS[..]),
            ("compile", lang.compile.as_ref(), &BUILD_PLACEHOLDERS[..]),
            ("package", lang.package.as_ref(), &BUILD_PLACEHOLDERS[..]),
        ];
        for (field, parts, known) in templates {
            let Some(parts) = parts else { continue };
            if parts.iter().any(|p| p.contains('\0')) {
                return Err(invalid(
                    file(field),
                    &key(field),
                    "contains a NUL character",
                ));
            }
            if let Some(unknown) = parts.iter().find_map(|p| unknown_placeholder(p, known)) {
                return Err(invalid(
                    file(field),
                    &key(field),
                    format!(
                        "unknown placeholder {unknown} (known here: {})",
                        known.join(" ")
                    ),
                ));
            }
        }
        if lang
            .out_of_memory_messages
            .iter()
            .any(|m| m.trim().is_empty())
        {
            return Err(invalid(
                file("out_of_memory_messages"),
                &key("out_of_memory_messages"),
                "an empty message would match every crash",
            ));
        }
        let runs_binary = mentions(&lang.run, "{binary}");
        if !runs_binary && !mentions(&lang.run, "{source}") {
            return Err(invalid(
                file("run"),
                &key("run"),
                "must use {binary} or {source}",
            ));
        }
        let builds_binary = [&lang.compile, &lang.package]
            .into_iter()
            .flatten()
            .any(|c| mentions(c, "{binary}"));
        if runs_binary && !builds_binary {
            return Err(invalid(
                layers.latest_origin_of(&[&key("run"), &key("compile"), &key("package")]),
                &key("compile"),
                "the run command uses {binary}, so a compile (or package) command must write {binary}",
            ));
        }
        if let Some(name) = &lang.binary_name {
            let plain = !name.is_empty()
                && name != "."
                && name != ".."
                && !name.contains('/')
                && !name.contains('\0');
            if !plain {
                return Err(invalid(
                    file("binary_name"),
                    &key("binary_name"),
                    "must be a file name (not empty, no `/`, not `.` or `..`)",
                ));
            }
        }
        // Kept as written: extensions are case-sensitive, as on Kattis (`.C` is C++).
        let extensions: Vec<String> = lang
            .extensions
            .iter()
            .map(|e| e.trim_start_matches('.').to_string())
            .collect();
        for ext in &extensions {
            if let Some(other) = seen_extensions.insert(ext.clone(), id.clone()) {
                // Blame the language written by the later layer: that layer made the clash.
                let keys = [format!("languages.{other}.extensions"), key("extensions")];
                let ([blamed, earlier], [_, earlier_id]) =
                    if layers.layer_of(&keys[0]).kind > layers.layer_of(&keys[1]).kind {
                        ([&keys[0], &keys[1]], [&other, id])
                    } else {
                        ([&keys[1], &keys[0]], [id, &other])
                    };
                return Err(invalid(
                    layers.origin_of(blamed),
                    blamed,
                    format!(
                        "extension .{ext} is already used by language {earlier_id} (set in {})",
                        layers.origin_of(earlier)
                    ),
                ));
            }
        }
        languages.push(Language {
            id: id.clone(),
            name: lang.name.clone(),
            extensions,
            compile: lang.compile.clone(),
            package: lang.package.clone(),
            keep_file_name: lang.keep_file_name,
            name_after_public_class: lang.name_after_public_class,
            run: lang.run.clone(),
            runtime_overhead_bytes: within(
                file("runtime_overhead_mib"),
                &key("runtime_overhead_mib"),
                bounds::MEMORY_EXTRA.mebibytes(lang.runtime_overhead_mib),
            )?,
            out_of_memory_messages: lang.out_of_memory_messages.clone(),
            compile_read_only_paths: lang.compile_read_only_paths.clone(),
            binary_name: lang.binary_name.clone(),
            allowance: Allowance {
                time_factor: within(
                    file("time_factor"),
                    &key("time_factor"),
                    bounds::FACTOR.real(lang.time_factor),
                )?,
                time_extra: within(
                    file("time_extra_seconds"),
                    &key("time_extra_seconds"),
                    bounds::TIME_EXTRA.seconds(lang.time_extra_seconds),
                )?,
                memory_factor: within(
                    file("memory_factor"),
                    &key("memory_factor"),
                    bounds::FACTOR.real(lang.memory_factor),
                )?,
                memory_extra_bytes: within(
                    file("memory_extra_mib"),
                    &key("memory_extra_mib"),
                    bounds::MEMORY_EXTRA.mebibytes(lang.memory_extra_mib),
                )?,
            },
        });
    }
    if languages.is_empty() {
        return Err(invalid(
            layers.origin_of("languages"),
            "languages",
            "no language is defined",
        ));
    }
    Ok(languages)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::MIB;

    pub(crate) const RUNNER: &str = r#"
[defaults]
seed = 7
jobs = 2
random_tests = 10
output_limit_mib = 16
cache_dir = ".cache"

[languages.cpp]
name = "C++17"
extensions = ["cpp"]
compile = ["g++", "-o", "{binary}", "{source}"]
run = ["{binary}"]

[languages.python]
name = "Python 3"
extensions = ["py"]
run = ["python3", "{source}"]
time_factor = 3.0
time_extra_seconds = 2.0
memory_factor = 2.0
memory_extra_mib = 32
"#;

    pub(crate) fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn errors_name_the_file_and_the_key() {
        let dir = tempfile::tempdir().unwrap();
        let bad = RUNNER.replace("jobs = 2", "jobs = \"two\"");
        let error = RunnerConfig::load(&write(dir.path(), "runner.toml", &bad)).unwrap_err();
        let text = error.to_string();
        assert!(
            text.contains("runner.toml") && text.contains("jobs"),
            "{text}"
        );

        // A key left out is the built-in one; a language new in this file must be whole.
        let missing = RUNNER.replace("seed = 7\n", "");
        assert_eq!(
            RunnerConfig::load(&write(dir.path(), "runner.toml", &missing))
                .unwrap()
                .seed,
            20261121
        );
        let incomplete =
            format!("{RUNNER}\n[languages.zig]\nname = \"Zig\"\nextensions = [\"zig\"]\n");
        let text = RunnerConfig::load(&write(dir.path(), "runner.toml", &incomplete))
            .unwrap_err()
            .to_string();
        assert!(
            text.contains("runner.toml") && text.contains("languages.zig") && text.contains("run"),
            "{text}"
        );

        let unknown = RUNNER.replace("seed = 7", "seed = 7\nseeds = 8");
        let text = RunnerConfig::load(&write(dir.path(), "runner.toml", &unknown))
            .unwrap_err()
            .to_string();
        assert!(text.contains("seeds"), "{text}");

        let factor = RUNNER.replace("time_factor = 3.0", "time_factor = 0.5");
        let text = RunnerConfig::load(&write(dir.path(), "runner.toml", &factor))
            .unwrap_err()
            .to_string();
        assert!(text.contains("languages.python.time_factor"), "{text}");
    }

    #[test]
    fn languages_are_found_by_extension() {
        let dir = tempfile::tempdir().unwrap();
        let runner = RunnerConfig::load(&write(dir.path(), "runner.toml", RUNNER)).unwrap();
        assert_eq!(runner.language_for(Path::new("a/b.CPP")).unwrap().id, "cpp");

        assert!(runner.language_for(Path::new("a/b.zig")).is_none());
        assert!(runner.language_for(Path::new("a/b")).is_none());
    }

    #[test]
    fn users_resolve_by_name_or_number() {
        assert_eq!(lookup_user("root"), Some((0, 0)));
        assert_eq!(lookup_user("4321"), Some((4321, 4321)));
        assert_eq!(lookup_user("no-such-user-here"), None);
        let dir = tempfile::tempdir().unwrap();
        let bad = RUNNER.replace(
            "[languages.cpp]",
            "[sandbox]\nuser = \"no-such-user-here\"\n\n[languages.cpp]",
        );
        let text = RunnerConfig::load(&write(dir.path(), "runner.toml", &bad))
            .unwrap_err()
            .to_string();
        assert!(text.contains("sandbox.user"), "{text}");
    }

    #[test]
    fn the_shipped_runner_toml_is_valid() {
        let file = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("runner.toml");
        let runner = RunnerConfig::load(&file).unwrap();
        for id in ["c", "cpp", "python", "pypy3", "rust", "java", "javascript"] {
            assert!(runner.language(id).is_some(), "language {id} missing");
        }
        let java = runner.language("java").unwrap();
        assert!(java.keep_file_name && java.name_after_public_class && java.package.is_some());
        // Case-sensitive first, as on Kattis: C++ lists `C`, C lists `c`; and Kattis's
        // `.c++` and `.py3`.
        for (file, id) in [
            ("a/b.C", "cpp"),
            ("a/b.c", "c"),
            ("a/b.c++", "cpp"),
            ("a/b.CC", "cpp"),
            ("a/b.py3", "python"),
        ] {
            assert_eq!(
                runner.language_for(Path::new(file)).unwrap().id,
                id,
                "{file}"
            );
        }
    }

    #[test]
    fn build_steps_and_placeholders_are_checked() {
        let dir = tempfile::tempdir().unwrap();
        let load = |text: &str| {
            RunnerConfig::load(&write(dir.path(), "runner.toml", text)).map_err(|e| e.to_string())
        };
        let java = RUNNER.replace(
            "[languages.python]",
            r#"[languages.jvm]
name = "A JVM language"
extensions = ["jvm"]
keep_file_name = true
compile = ["javac", "-d", "{dir}/classes", "{source}"]
package = ["jar", "--create", "--file", "{binary}", "--main-class", "{stem}", "-C", "{dir}/classes", "."]
run = ["java", "-Xmx{heap_mib}m", "-jar", "{binary}"]
runtime_overhead_mib = 40
out_of_memory_messages = ["java.lang.OutOfMemoryError"]

[languages.python]"#,
        );
        let runner = load(&java).unwrap();
        let language = runner.language("jvm").unwrap();
        assert_eq!(language.build_steps().count(), 2);
        assert_eq!(language.runtime_overhead_bytes, 40 * MIB);

        let unknown = java.replace("-Xmx{heap_mib}m", "-Xmx{heap}m");
        let text = load(&unknown).unwrap_err();
        assert!(
            text.contains("languages.jvm.run") && text.contains("{heap}"),
            "{text}"
        );
        // A shell's ${name} is not a placeholder.
        let shell = java.replace("\"{source}\"]\npackage", "\"${HOME}/{source}\"]\npackage");
        assert_ne!(shell, java);
        load(&shell).unwrap();

        let only_package = java.replace(
            "compile = [\"javac\", \"-d\", \"{dir}/classes\", \"{source}\"]\n",
            "",
        );
        assert_ne!(only_package, java);
        let text = load(&only_package).unwrap_err();
        assert!(text.contains("languages.jvm.package"), "{text}");

        let empty = java.replace("[\"java.lang.OutOfMemoryError\"]", "[\" \"]");
        let text = load(&empty).unwrap_err();
        assert!(text.contains("out_of_memory_messages"), "{text}");
    }

    #[test]
    fn placeholders_are_told_from_other_braces() {
        let known = &RUN_PLACEHOLDERS[..];
        assert_eq!(unknown_placeholder("-Xmx{heap_mib}m", known), None);
        assert_eq!(unknown_placeholder("{binary}", known), None);
        assert_eq!(unknown_placeholder("{dir}/x", known), Some("{dir}"));
        assert_eq!(unknown_placeholder("a{b}c{memory}", known), Some("{b}"));
        assert_eq!(unknown_placeholder("${HOME} {} {X} {a-b}", known), None);
    }

    /// The repository's own runner.toml writes every key; apart from the cache folder it must
    /// be the built-in configuration, so that judge works the same inside the repository and
    /// anywhere else.
    #[test]
    fn the_repository_runner_toml_is_the_built_in_configuration() {
        let file = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("runner.toml");
        let layers = Layers::over_built_in(&file).unwrap();
        let mut repository = layers.merged().clone();
        let defaults = repository["defaults"].as_table_mut().unwrap();
        assert_eq!(
            defaults
                .remove("cache_dir")
                .and_then(|v| v.as_str().map(str::to_string)),
            Some(".judge-cache".to_string())
        );
        assert_eq!(&repository, Layers::built_in().merged());
        assert!(
            layers
                .leaf_origins()
                .all(|(_, layer)| layer.kind == LayerKind::ConfigFile),
            "a key of the built-in configuration is missing from the repository's runner.toml"
        );
    }

    fn discover(
        cwd: &Path,
        home: &Path,
        config_file: Option<PathBuf>,
    ) -> Result<RunnerConfig, ConfigError> {
        RunnerConfig::discover(&Discovery {
            cwd: cwd.to_path_buf(),
            user: UserDirs {
                config: Some(home.join("config/judge")),
                data: Some(home.join("data/judge")),
                cache: Some(home.join("cache/judge")),
            },
            config_file,
        })
    }

    #[test]
    fn a_bad_value_is_blamed_on_the_layer_that_set_it() {
        let home = tempfile::tempdir().unwrap();
        let project = home.path().join("project");
        write(&project, "runner.toml", "[defaults]\nseed = 3\n");
        let user = write(
            home.path(),
            "config/judge/runner.toml",
            "[defaults]\noutput_limit_mib = 0\n",
        );
        let text = discover(&project, home.path(), None)
            .unwrap_err()
            .to_string();
        assert!(
            text.starts_with(&user.display().to_string())
                && text.contains("defaults.output_limit_mib"),
            "{text}"
        );
        // The project gives an extension of the built-in C to a language of its own: the
        // project made the clash.
        write(home.path(), "config/judge/runner.toml", "");
        let clash = write(
            &project,
            "runner.toml",
            "[languages.b]\nname = \"B\"\nextensions = [\"c\"]\nrun = [\"{source}\"]\n",
        );
        let text = discover(&project, home.path(), None)
            .unwrap_err()
            .to_string();
        assert!(
            text.starts_with(&clash.canonicalize().unwrap().display().to_string())
                && text.contains("extension .c")
                && text.contains("built-in runner.toml"),
            "{text}"
        );
    }

    #[test]
    fn a_binary_name_must_be_a_file_name() {
        let home = tempfile::tempdir().unwrap();
        let project = home.path().join("project");
        for bad in ["", "..", "a/b.jar"] {
            write(
                &project,
                "runner.toml",
                &format!(
                    "[languages.b]\nname = \"B\"\nextensions = [\"bb\"]\n\
                     compile = [\"cc\", \"-o\", \"{{binary}}\", \"{{source}}\"]\n\
                     binary_name = \"{bad}\"\nrun = [\"{{binary}}\"]\n"
                ),
            );
            let text = discover(&project, home.path(), None)
                .unwrap_err()
                .to_string();
            assert!(
                text.contains("languages.b.binary_name") && text.contains("file name"),
                "{bad:?}: {text}"
            );
        }
        write(&project, "runner.toml", "");
        let runner = discover(&project, home.path(), None).unwrap();
        let scala = runner.language("scala").unwrap();
        assert_eq!(scala.binary_name.as_deref(), Some("solution.jar"));
    }

    #[test]
    fn the_cache_is_the_project_s_or_the_user_s_unless_a_file_says_where() {
        let home = tempfile::tempdir().unwrap();
        let outside = home.path().join("elsewhere");
        std::fs::create_dir_all(&outside).unwrap();
        let runner = discover(&outside, home.path(), None).unwrap();
        assert_eq!(runner.cache_dir, home.path().join("cache/judge"));
        assert!(runner.root.is_none());
        assert!(matches!(runner.project_root(), Err(ConfigError::NoProject)));

        let project = home.path().join("project");
        write(&project, "runner.toml", "");
        let root = project.canonicalize().unwrap();
        let runner = discover(&project, home.path(), None).unwrap();
        assert_eq!(runner.cache_dir, root.join(".judge-cache"));
        assert_eq!(runner.root.as_deref(), Some(root.as_path()));
        let folders: Vec<(ProblemOrigin, PathBuf)> = runner
            .problems
            .folders
            .iter()
            .map(|f| (f.origin, f.dir.clone()))
            .collect();
        assert_eq!(
            folders,
            [
                (ProblemOrigin::Project, root.join("problems")),
                (ProblemOrigin::User, home.path().join("data/judge/problems")),
            ]
        );

        // Relative to the file that set it: here the user's.
        write(
            home.path(),
            "config/judge/runner.toml",
            "[defaults]\ncache_dir = \"my-cache\"\n",
        );
        let runner = discover(&project, home.path(), None).unwrap();
        assert_eq!(
            runner.cache_dir,
            home.path()
                .join("config/judge")
                .canonicalize()
                .unwrap()
                .join("my-cache")
        );

        // --config FILE is the highest layer and its folder is the project.
        let other = write(
            &home.path().join("other"),
            "judge.toml",
            "[defaults]\nseed = 11\n",
        );
        let runner = discover(&project, home.path(), Some(other.clone())).unwrap();
        assert_eq!(runner.seed, 11);
        assert_eq!(
            runner.root.as_deref(),
            other.canonicalize().unwrap().parent()
        );
        assert_eq!(runner.problems.folders.len(), 3);
    }
}
