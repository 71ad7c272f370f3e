//! Configuration: `runner.toml` (languages, defaults, sandbox) and `problems/<id>/problem.toml`
//! (title, kind, limits, checker). Each file is read into raw types that mirror it (serde), then
//! validated once into the resolved types the rest of the grader uses; nothing below this
//! module reads a configuration file again. Every error names the file, the key and what is
//! wrong.

mod problem;
mod program;
mod raw;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use thiserror::Error;

use crate::limits::{Allowance, RunnerLimits, MIB};

pub use problem::{InteractiveSpec, ProblemKind, ProblemSpec};
pub use program::{Convention, ProblemPrograms, ProgramSource, ProgramSpec, Role};

#[derive(Debug, Error)]
pub enum ConfigError {
    #[error("{file}: cannot read: {cause}")]
    Read {
        file: PathBuf,
        cause: std::io::Error,
    },
    #[error("{file}: {message}")]
    Parse { file: PathBuf, message: String },
    #[error("{file}: key `{key}`: {message}")]
    Invalid {
        file: PathBuf,
        key: String,
        message: String,
    },
    #[error("no runner.toml in {start} or any folder above it (give one with --config)")]
    NotFound { start: PathBuf },
    #[error("unknown problem `{id}` (known: {known})")]
    UnknownProblem { id: String, known: String },
}

pub(crate) fn invalid(file: &Path, key: &str, message: impl Into<String>) -> ConfigError {
    ConfigError::Invalid {
        file: file.to_path_buf(),
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
    pub extensions: Vec<String>,
    /// Compile command template (see [`BUILD_PLACEHOLDERS`]), if the language compiles.
    pub compile: Option<Vec<String>>,
    /// A command template run after `compile` succeeds, in the same folder (Java's `jar`).
    pub package: Option<Vec<String>>,
    /// The source is compiled under the submitted file's name rather than `solution.<ext>`.
    pub keep_file_name: bool,
    /// Run command template (see [`RUN_PLACEHOLDERS`]; `{binary}` and `{source}` name files
    /// in the run's folder).
    pub run: Vec<String>,
    /// Memory the runtime takes besides its heap, bytes: `{heap_mib}` is the limit less this.
    pub runtime_overhead_bytes: u64,
    /// Messages with which the runtime says on standard error that its heap ran out.
    pub out_of_memory_messages: Vec<String>,
    pub allowance: Allowance,
}

impl Language {
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
/// the build folder, and the source's file name without its extension.
pub const BUILD_PLACEHOLDERS: [&str; 4] = ["{source}", "{binary}", "{dir}", "{stem}"];

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

/// The validated `runner.toml`.
#[derive(Debug, Clone)]
pub struct RunnerConfig {
    /// The file it was read from.
    pub file: PathBuf,
    /// The folder holding runner.toml, problems/ and solutions/.
    pub root: PathBuf,
    pub seed: u64,
    /// Parallel runs as written: 0 means one per core (see [`RunnerConfig::jobs`]).
    pub jobs: usize,
    pub random_tests: usize,
    /// The wall-clock rule and the default output, stderr and process limits.
    pub limits: RunnerLimits,
    pub cache_dir: PathBuf,
    pub compile_time_limit: Duration,
    pub sandbox: SandboxConfig,
    pub languages: Vec<Language>,
}

/// A duration from a number of seconds that must be positive (and sane).
pub(crate) fn positive_seconds(
    file: &Path,
    key: &str,
    value: f64,
) -> Result<Duration, ConfigError> {
    if value.is_finite() && value > 0.0 && value < 1e6 {
        Ok(Duration::from_secs_f64(value))
    } else {
        Err(invalid(
            file,
            key,
            format!("must be a positive number of seconds, found {value}"),
        ))
    }
}

fn non_negative_seconds(file: &Path, key: &str, value: f64) -> Result<Duration, ConfigError> {
    if value.is_finite() && (0.0..1e6).contains(&value) {
        Ok(Duration::from_secs_f64(value))
    } else {
        Err(invalid(
            file,
            key,
            format!("must be zero or more seconds, found {value}"),
        ))
    }
}

/// A size in MiB from 1 to 65536, in bytes.
pub(crate) fn mebibytes(file: &Path, key: &str, value: u64) -> Result<u64, ConfigError> {
    if (1..=64 * 1024).contains(&value) {
        Ok(value * MIB)
    } else {
        Err(invalid(file, key, "must be from 1 to 65536"))
    }
}

/// A size in MiB from 0 to 65536, in bytes.
fn mebibytes_or_zero(file: &Path, key: &str, value: u64) -> Result<u64, ConfigError> {
    if value == 0 {
        Ok(0)
    } else {
        mebibytes(file, key, value)
    }
}

fn factor(file: &Path, key: &str, value: f64) -> Result<f64, ConfigError> {
    if value.is_finite() && (1.0..=100.0).contains(&value) {
        Ok(value)
    } else {
        Err(invalid(
            file,
            key,
            format!("must be a factor from 1 to 100, found {value}"),
        ))
    }
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
    /// Finds `runner.toml` in `start` or the folders above it.
    pub fn discover(start: &Path) -> Result<PathBuf, ConfigError> {
        let start = start.canonicalize().unwrap_or_else(|_| start.to_path_buf());
        start
            .ancestors()
            .map(|dir| dir.join("runner.toml"))
            .find(|file| file.is_file())
            .ok_or(ConfigError::NotFound { start })
    }

    /// Reads and validates a `runner.toml`.
    pub fn load(file: &Path) -> Result<RunnerConfig, ConfigError> {
        let raw: raw::Runner = raw::read_toml(file)?;
        let file = file.canonicalize().unwrap_or_else(|_| file.to_path_buf());
        let root = file
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("."));
        let d = &raw.defaults;
        let output_bytes = mebibytes(&file, "defaults.output_limit_mib", d.output_limit_mib)?;
        if d.max_processes == 0 {
            return Err(invalid(
                &file,
                "defaults.max_processes",
                "must be at least 1",
            ));
        }
        if d.jobs > 1024 {
            return Err(invalid(
                &file,
                "defaults.jobs",
                "must be from 0 (all cores) to 1024",
            ));
        }
        let (uid, gid) = lookup_user(&raw.sandbox.user).ok_or_else(|| {
            invalid(
                &file,
                "sandbox.user",
                format!("no such user {:?}", raw.sandbox.user),
            )
        })?;
        let languages = languages(&file, &raw.languages)?;
        let cache_dir = if d.cache_dir.is_absolute() {
            d.cache_dir.clone()
        } else {
            root.join(&d.cache_dir)
        };
        Ok(RunnerConfig {
            seed: d.seed,
            jobs: d.jobs,
            random_tests: d.random_tests,
            limits: RunnerLimits {
                wall_time_factor: factor(&file, "defaults.wall_time_factor", d.wall_time_factor)?,
                wall_time_extra: non_negative_seconds(
                    &file,
                    "defaults.wall_time_extra_seconds",
                    d.wall_time_extra_seconds,
                )?,
                output_bytes,
                stderr_bytes: d.stderr_limit_kib * 1024,
                max_processes: d.max_processes,
            },
            cache_dir,
            compile_time_limit: positive_seconds(
                &file,
                "defaults.compile_time_limit_seconds",
                d.compile_time_limit_seconds,
            )?,
            sandbox: SandboxConfig {
                namespaces: raw.sandbox.namespaces,
                cgroups: raw.sandbox.cgroups,
                uid,
                gid,
                path: raw.sandbox.path.clone(),
                read_only_paths: raw.sandbox.read_only_paths.clone(),
            },
            languages,
            file,
            root,
        })
    }

    /// The language of a source file, by its extension.
    pub fn language_for(&self, source: &Path) -> Option<&Language> {
        let ext = source.extension()?.to_str()?.to_ascii_lowercase();
        self.languages.iter().find(|l| l.extensions.contains(&ext))
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

    pub fn problems_dir(&self) -> PathBuf {
        self.root.join("problems")
    }

    /// Every problem folder with a problem.toml, sorted by id.
    pub fn problem_ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = std::fs::read_dir(self.problems_dir())
            .map(|entries| {
                entries
                    .flatten()
                    .filter(|e| e.path().join("problem.toml").is_file())
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        ids.sort();
        ids
    }

    /// Every problem folder, each loaded or with the error that stopped it.
    pub fn load_problems(&self) -> Vec<(String, Result<ProblemSpec, ConfigError>)> {
        self.problem_ids()
            .into_iter()
            .map(|id| {
                let loaded = self.problem(&id);
                (id, loaded)
            })
            .collect()
    }

    /// Loads `problems/<id>/problem.toml`.
    pub fn problem(&self, id: &str) -> Result<ProblemSpec, ConfigError> {
        let dir = self.problems_dir().join(id);
        let file = dir.join("problem.toml");
        if !file.is_file() {
            return Err(ConfigError::UnknownProblem {
                id: id.to_string(),
                known: self.problem_ids().join(", "),
            });
        }
        ProblemSpec::load(&file)
    }
}

/// Validates the `[languages.*]` tables.
fn languages(
    file: &Path,
    raw: &BTreeMap<String, raw::Language>,
) -> Result<Vec<Language>, ConfigError> {
    let mut languages = Vec::new();
    let mut seen_extensions: BTreeMap<String, String> = BTreeMap::new();
    for (id, lang) in raw {
        let key = |field: &str| format!("languages.{id}.{field}");
        if lang.run.is_empty() {
            return Err(invalid(file, &key("run"), "must name a program to run"));
        }
        if lang.extensions.is_empty() {
            return Err(invalid(file, &key("extensions"), "must list at least one"));
        }
        if lang.compile.as_ref().is_some_and(Vec::is_empty) {
            return Err(invalid(
                file,
                &key("compile"),
                "is empty (leave it out instead)",
            ));
        }
        if lang.package.as_ref().is_some_and(Vec::is_empty) {
            return Err(invalid(
                file,
                &key("package"),
                "is empty (leave it out instead)",
            ));
        }
        if lang.package.is_some() && lang.compile.is_none() {
            return Err(invalid(
                file,
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
                return Err(invalid(file, &key(field), "contains a NUL character"));
            }
            if let Some(unknown) = parts.iter().find_map(|p| unknown_placeholder(p, known)) {
                return Err(invalid(
                    file,
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
                file,
                &key("out_of_memory_messages"),
                "an empty message would match every crash",
            ));
        }
        let runs_binary = mentions(&lang.run, "{binary}");
        if !runs_binary && !mentions(&lang.run, "{source}") {
            return Err(invalid(file, &key("run"), "must use {binary} or {source}"));
        }
        let builds_binary = [&lang.compile, &lang.package]
            .into_iter()
            .flatten()
            .any(|c| mentions(c, "{binary}"));
        if runs_binary && !builds_binary {
            return Err(invalid(
                file,
                &key("compile"),
                "the run command uses {binary}, so a compile (or package) command must write {binary}",
            ));
        }
        let extensions: Vec<String> = lang
            .extensions
            .iter()
            .map(|e| e.trim_start_matches('.').to_ascii_lowercase())
            .collect();
        for ext in &extensions {
            if let Some(other) = seen_extensions.insert(ext.clone(), id.clone()) {
                return Err(invalid(
                    file,
                    &key("extensions"),
                    format!("extension .{ext} is already used by language {other}"),
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
            run: lang.run.clone(),
            runtime_overhead_bytes: mebibytes_or_zero(
                file,
                &key("runtime_overhead_mib"),
                lang.runtime_overhead_mib,
            )?,
            out_of_memory_messages: lang.out_of_memory_messages.clone(),
            allowance: Allowance {
                time_factor: factor(file, &key("time_factor"), lang.time_factor)?,
                time_extra: non_negative_seconds(
                    file,
                    &key("time_extra_seconds"),
                    lang.time_extra_seconds,
                )?,
                memory_factor: factor(file, &key("memory_factor"), lang.memory_factor)?,
                memory_extra_bytes: lang.memory_extra_mib * MIB,
            },
        });
    }
    if languages.is_empty() {
        return Err(invalid(file, "languages", "no language is defined"));
    }
    Ok(languages)
}

#[cfg(test)]
mod tests {
    use super::*;

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

        let missing = RUNNER.replace("seed = 7\n", "");
        let text = RunnerConfig::load(&write(dir.path(), "runner.toml", &missing))
            .unwrap_err()
            .to_string();
        assert!(text.contains("seed"), "{text}");

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
        assert!(runner.language_for(Path::new("a/b.java")).is_none());
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
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("runner.toml");
        let runner = RunnerConfig::load(&file).unwrap();
        for id in ["c", "cpp", "python", "pypy3", "rust", "java", "javascript"] {
            assert!(runner.language(id).is_some(), "language {id} missing");
        }
        let java = runner.language("java").unwrap();
        assert!(java.keep_file_name && java.package.is_some());
    }

    #[test]
    fn build_steps_and_placeholders_are_checked() {
        let dir = tempfile::tempdir().unwrap();
        let load = |text: &str| {
            RunnerConfig::load(&write(dir.path(), "runner.toml", text)).map_err(|e| e.to_string())
        };
        let java = RUNNER.replace(
            "[languages.python]",
            r#"[languages.java]
name = "Java"
extensions = ["java"]
keep_file_name = true
compile = ["javac", "-d", "{dir}/classes", "{source}"]
package = ["jar", "--create", "--file", "{binary}", "--main-class", "{stem}", "-C", "{dir}/classes", "."]
run = ["java", "-Xmx{heap_mib}m", "-jar", "{binary}"]
runtime_overhead_mib = 40
out_of_memory_messages = ["java.lang.OutOfMemoryError"]

[languages.python]"#,
        );
        let runner = load(&java).unwrap();
        let language = runner.language("java").unwrap();
        assert_eq!(language.build_steps().count(), 2);
        assert_eq!(language.runtime_overhead_bytes, 40 * MIB);

        let unknown = java.replace("-Xmx{heap_mib}m", "-Xmx{heap}m");
        let text = load(&unknown).unwrap_err();
        assert!(
            text.contains("languages.java.run") && text.contains("{heap}"),
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
        assert!(text.contains("languages.java.package"), "{text}");

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
}
