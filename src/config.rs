//! Configuration: `runner.toml` (languages, defaults, sandbox) and `problems/<id>/problem.toml`
//! (title, kind, limits, checker), parsed and validated once into typed values. Every error
//! names the file, the key and what is wrong.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use thiserror::Error;

use crate::check::Checker;
use crate::limits::{Limits, MIB};

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
    #[error("{0}")]
    Other(String),
}

fn invalid(file: &Path, key: &str, message: impl Into<String>) -> ConfigError {
    ConfigError::Invalid {
        file: file.to_path_buf(),
        key: key.to_string(),
        message: message.into(),
    }
}

fn read_toml<T: for<'de> Deserialize<'de>>(file: &Path) -> Result<T, ConfigError> {
    let text = std::fs::read_to_string(file).map_err(|source| ConfigError::Read {
        file: file.to_path_buf(),
        cause: source,
    })?;
    toml::from_str(&text).map_err(|e| ConfigError::Parse {
        file: file.to_path_buf(),
        message: one_line_toml_error(&text, &e),
    })
}

/// A toml error on one line: where it is, the line itself (which names the key), and what is
/// wrong, e.g. `line 4, column 8 (jobs = "two"): invalid type: string "two", expected usize`.
fn one_line_toml_error(text: &str, error: &toml::de::Error) -> String {
    let message = error.message().trim().replace('\n', " ");
    let Some(span) = error.span() else {
        return message;
    };
    let start = span.start.min(text.len());
    let line_number = text[..start].matches('\n').count() + 1;
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..start].chars().count() + 1;
    let line = text[line_start..].lines().next().unwrap_or("").trim();
    let shown: String = line.chars().take(60).collect();
    format!("line {line_number}, column {column} ({shown}): {message}")
}

// ----- runner.toml -------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRunner {
    defaults: RawDefaults,
    #[serde(default)]
    sandbox: RawSandbox,
    languages: BTreeMap<String, RawLanguage>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDefaults {
    seed: u64,
    jobs: usize,
    random_tests: usize,
    output_limit_mib: u64,
    #[serde(default = "default_stderr_kib")]
    stderr_limit_kib: u64,
    #[serde(default = "default_max_processes")]
    max_processes: u32,
    cache_dir: PathBuf,
    #[serde(default = "default_compile_seconds")]
    compile_time_limit_seconds: f64,
    #[serde(default = "default_wall_factor")]
    wall_time_factor: f64,
    #[serde(default = "default_wall_extra")]
    wall_time_extra_seconds: f64,
}

fn default_stderr_kib() -> u64 {
    64
}
fn default_max_processes() -> u32 {
    64
}
fn default_compile_seconds() -> f64 {
    60.0
}
fn default_wall_factor() -> f64 {
    2.0
}
fn default_wall_extra() -> f64 {
    1.0
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSandbox {
    #[serde(default = "yes")]
    namespaces: bool,
    #[serde(default = "yes")]
    cgroups: bool,
    #[serde(default = "default_user")]
    user: String,
    #[serde(default = "default_path")]
    path: String,
    #[serde(default)]
    read_only_paths: Vec<PathBuf>,
}

impl Default for RawSandbox {
    fn default() -> Self {
        RawSandbox {
            namespaces: true,
            cgroups: true,
            user: default_user(),
            path: default_path(),
            read_only_paths: Vec::new(),
        }
    }
}

fn yes() -> bool {
    true
}
fn default_user() -> String {
    "nobody".into()
}
fn default_path() -> String {
    "/usr/local/bin:/usr/bin:/bin".into()
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLanguage {
    name: String,
    extensions: Vec<String>,
    compile: Option<Vec<String>>,
    run: Vec<String>,
    #[serde(default = "one")]
    time_factor: f64,
    #[serde(default)]
    time_extra_seconds: f64,
    #[serde(default = "one")]
    memory_factor: f64,
    #[serde(default)]
    memory_extra_mib: u64,
}

fn one() -> f64 {
    1.0
}

/// Extra time and memory a language gets, as Baekjoon grants slower languages:
/// `limit x factor + extra`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Allowance {
    pub time_factor: f64,
    pub time_extra: Duration,
    pub memory_factor: f64,
    pub memory_extra_bytes: u64,
}

impl Allowance {
    pub const NONE: Allowance = Allowance {
        time_factor: 1.0,
        time_extra: Duration::ZERO,
        memory_factor: 1.0,
        memory_extra_bytes: 0,
    };
}

/// A language from `runner.toml`.
#[derive(Debug, Clone, PartialEq)]
pub struct Language {
    /// The key in `[languages.<id>]`.
    pub id: String,
    pub name: String,
    pub extensions: Vec<String>,
    /// Compile command template (`{source}`, `{binary}`, `{dir}`), if the language compiles.
    pub compile: Option<Vec<String>>,
    /// Run command template (`{binary}` or `{source}`, as files in the run's folder).
    pub run: Vec<String>,
    pub allowance: Allowance,
}

impl Language {
    /// Whether the run command executes the compiled binary (else it reads the source).
    pub fn runs_binary(&self) -> bool {
        mentions(&self.run, "{binary}")
    }
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
    /// Parallel runs as written: 0 means one per core (resolved with the `--jobs` flag).
    pub jobs: usize,
    pub random_tests: usize,
    pub output_bytes: u64,
    pub stderr_bytes: u64,
    pub max_processes: u32,
    pub cache_dir: PathBuf,
    pub compile_time_limit: Duration,
    pub wall_time_factor: f64,
    pub wall_time_extra: Duration,
    pub sandbox: SandboxConfig,
    pub languages: Vec<Language>,
}

fn positive_seconds(file: &Path, key: &str, value: f64) -> Result<Duration, ConfigError> {
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
fn mebibytes(file: &Path, key: &str, value: u64) -> Result<u64, ConfigError> {
    if (1..=64 * 1024).contains(&value) {
        Ok(value * MIB)
    } else {
        Err(invalid(file, key, "must be from 1 to 65536"))
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

/// Resolves a user name (or a number) to uid and gid.
fn lookup_user(name: &str) -> Option<(u32, u32)> {
    if let Ok(uid) = name.parse::<u32>() {
        return Some((uid, uid));
    }
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    passwd.lines().find_map(|line| {
        let fields: Vec<&str> = line.split(':').collect();
        (fields.len() > 3 && fields[0] == name)
            .then(|| Some((fields[2].parse().ok()?, fields[3].parse().ok()?)))
            .flatten()
    })
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
        let raw: RawRunner = read_toml(file)?;
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
        let mut languages = Vec::new();
        let mut seen_extensions: BTreeMap<String, String> = BTreeMap::new();
        for (id, lang) in &raw.languages {
            let key = |field: &str| format!("languages.{id}.{field}");
            if lang.run.is_empty() {
                return Err(invalid(&file, &key("run"), "must name a program to run"));
            }
            if lang.extensions.is_empty() {
                return Err(invalid(&file, &key("extensions"), "must list at least one"));
            }
            if let Some(compile) = &lang.compile {
                if compile.is_empty() {
                    return Err(invalid(
                        &file,
                        &key("compile"),
                        "is empty (leave it out instead)",
                    ));
                }
            }
            for (field, parts) in [("run", Some(&lang.run)), ("compile", lang.compile.as_ref())] {
                if parts.is_some_and(|parts| parts.iter().any(|p| p.contains('\0'))) {
                    return Err(invalid(&file, &key(field), "contains a NUL character"));
                }
            }
            let runs_binary = mentions(&lang.run, "{binary}");
            if !runs_binary && !mentions(&lang.run, "{source}") {
                return Err(invalid(&file, &key("run"), "must use {binary} or {source}"));
            }
            if runs_binary
                && !lang
                    .compile
                    .as_ref()
                    .is_some_and(|c| mentions(c, "{binary}"))
            {
                return Err(invalid(
                    &file,
                    &key("compile"),
                    "the run command uses {binary}, so a compile command must write {binary}",
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
                        &file,
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
                run: lang.run.clone(),
                allowance: Allowance {
                    time_factor: factor(&file, &key("time_factor"), lang.time_factor)?,
                    time_extra: non_negative_seconds(
                        &file,
                        &key("time_extra_seconds"),
                        lang.time_extra_seconds,
                    )?,
                    memory_factor: factor(&file, &key("memory_factor"), lang.memory_factor)?,
                    memory_extra_bytes: lang.memory_extra_mib * MIB,
                },
            });
        }
        if languages.is_empty() {
            return Err(invalid(&file, "languages", "no language is defined"));
        }
        let cache_dir = if d.cache_dir.is_absolute() {
            d.cache_dir.clone()
        } else {
            root.join(&d.cache_dir)
        };
        Ok(RunnerConfig {
            seed: d.seed,
            jobs: d.jobs,
            random_tests: d.random_tests,
            output_bytes,
            stderr_bytes: d.stderr_limit_kib * 1024,
            max_processes: d.max_processes,
            cache_dir,
            compile_time_limit: positive_seconds(
                &file,
                "defaults.compile_time_limit_seconds",
                d.compile_time_limit_seconds,
            )?,
            wall_time_factor: factor(&file, "defaults.wall_time_factor", d.wall_time_factor)?,
            wall_time_extra: non_negative_seconds(
                &file,
                "defaults.wall_time_extra_seconds",
                d.wall_time_extra_seconds,
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

    pub fn problems_dir(&self) -> PathBuf {
        self.root.join("problems")
    }

    /// The limits of a run: the problem's, with the language's allowance where the problem
    /// permits it, unless overridden on the command line.
    pub fn limits_for(
        &self,
        problem: &ProblemSpec,
        language: Option<&Language>,
        time_override: Option<Duration>,
        memory_override_bytes: Option<u64>,
    ) -> Limits {
        let allowance = language.map_or(Allowance::NONE, |l| l.allowance);
        let cpu_time = time_override.unwrap_or_else(|| {
            if problem.language_extra_time {
                problem.time_limit.mul_f64(allowance.time_factor) + allowance.time_extra
            } else {
                problem.time_limit
            }
        });
        let memory_bytes = memory_override_bytes.unwrap_or_else(|| {
            if problem.language_extra_memory {
                (problem.memory_bytes as f64 * allowance.memory_factor) as u64
                    + allowance.memory_extra_bytes
            } else {
                problem.memory_bytes
            }
        });
        Limits {
            cpu_time,
            wall_time: cpu_time.mul_f64(self.wall_time_factor) + self.wall_time_extra,
            memory_bytes,
            output_bytes: problem.output_bytes.unwrap_or(self.output_bytes),
            stderr_bytes: self.stderr_bytes,
            max_processes: self.max_processes,
        }
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

// ----- problem.toml ------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProblem {
    id: String,
    title: String,
    source: String,
    kind: ProblemKind,
    limits: RawLimits,
    #[serde(default)]
    checker: Checker,
    #[serde(default)]
    interactive: Option<RawInteractive>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLimits {
    time_seconds: f64,
    memory_mib: u64,
    #[serde(default = "yes")]
    language_extra_time: bool,
    #[serde(default = "yes")]
    language_extra_memory: bool,
    output_mib: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInteractive {
    games: usize,
    accept_mean_score: f64,
}

/// Batch (input, output) or interactive (the grader talks with the program).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProblemKind {
    Batch,
    Interactive,
}

/// Settings of an interactive game problem.
#[derive(Debug, Clone, PartialEq)]
pub struct InteractiveSpec {
    /// Games played per submission.
    pub games: usize,
    /// The submission is accepted when the mean score is at least this.
    pub accept_mean_score: f64,
}

/// A validated `problem.toml`.
#[derive(Debug, Clone, PartialEq)]
pub struct ProblemSpec {
    pub id: String,
    pub title: String,
    pub source: String,
    pub kind: ProblemKind,
    pub dir: PathBuf,
    pub time_limit: Duration,
    pub memory_bytes: u64,
    pub language_extra_time: bool,
    pub language_extra_memory: bool,
    pub output_bytes: Option<u64>,
    pub checker: Checker,
    pub interactive: Option<InteractiveSpec>,
}

impl ProblemSpec {
    pub fn load(file: &Path) -> Result<ProblemSpec, ConfigError> {
        let raw: RawProblem = read_toml(file)?;
        let dir = file
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("."));
        let folder = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if raw.id != folder {
            return Err(invalid(
                file,
                "id",
                format!("is {:?} but the folder is named {:?}", raw.id, folder),
            ));
        }
        let time_limit = positive_seconds(file, "limits.time_seconds", raw.limits.time_seconds)?;
        let memory_bytes = mebibytes(file, "limits.memory_mib", raw.limits.memory_mib)?;
        let output_bytes = raw
            .limits
            .output_mib
            .map(|mib| mebibytes(file, "limits.output_mib", mib))
            .transpose()?;
        if let Checker::Float { tolerance } = raw.checker {
            if !(tolerance.is_finite() && tolerance >= 0.0) {
                return Err(invalid(file, "checker.tolerance", "must be zero or more"));
            }
        }
        if let Checker::External { command, .. } = &raw.checker {
            if command.is_empty() {
                return Err(invalid(
                    file,
                    "checker.command",
                    "must name the checker program",
                ));
            }
        }
        let interactive = match (raw.kind, raw.interactive) {
            (ProblemKind::Interactive, Some(i)) => {
                if i.games == 0 {
                    return Err(invalid(file, "interactive.games", "must be at least 1"));
                }
                Some(InteractiveSpec {
                    games: i.games,
                    accept_mean_score: i.accept_mean_score,
                })
            }
            (ProblemKind::Interactive, None) => {
                return Err(invalid(
                    file,
                    "interactive",
                    "an interactive problem needs this table",
                ))
            }
            (ProblemKind::Batch, Some(_)) => {
                return Err(invalid(
                    file,
                    "interactive",
                    "only for kind = \"interactive\"",
                ))
            }
            (ProblemKind::Batch, None) => None,
        };
        Ok(ProblemSpec {
            id: raw.id,
            title: raw.title,
            source: raw.source,
            kind: raw.kind,
            time_limit,
            memory_bytes,
            language_extra_time: raw.limits.language_extra_time,
            language_extra_memory: raw.limits.language_extra_memory,
            output_bytes,
            checker: raw.checker,
            interactive,
            dir,
        })
    }

    /// The sample tests `samples/NAME.in` with `samples/NAME.ans`, sorted by name.
    pub fn samples(&self) -> Result<Vec<Sample>, ConfigError> {
        tests_in(&self.dir.join("samples"), "sample")
    }
}

/// The tests `NAME.in` with `NAME.ans` beside them in `dir`, sorted by name; `noun` names a
/// test in the error for an input without its answer.
pub fn tests_in(dir: &Path, noun: &str) -> Result<Vec<Sample>, ConfigError> {
    let entries = std::fs::read_dir(dir).map_err(|source| ConfigError::Read {
        file: dir.to_path_buf(),
        cause: source,
    })?;
    let mut tests = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "in") {
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let answer = path.with_extension("ans");
            if !answer.is_file() {
                return Err(ConfigError::Other(format!(
                    "{}: {noun} {name} has no {name}.ans beside it",
                    dir.display()
                )));
            }
            tests.push(Sample {
                name,
                input: path,
                answer,
            });
        }
    }
    tests.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(tests)
}

/// One sample test on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sample {
    pub name: String,
    pub input: PathBuf,
    pub answer: PathBuf,
}

#[cfg(test)]
mod tests {
    use super::*;

    const RUNNER: &str = r#"
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

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }

    fn problem_toml(extra_time: bool) -> String {
        format!(
            "id = \"p\"\ntitle = \"P\"\nsource = \"x\"\nkind = \"batch\"\n[limits]\ntime_seconds = 1.0\nmemory_mib = 32\nlanguage_extra_time = {extra_time}\n"
        )
    }

    #[test]
    fn allowances_apply_unless_the_problem_turns_them_off() {
        let dir = tempfile::tempdir().unwrap();
        let runner = RunnerConfig::load(&write(dir.path(), "runner.toml", RUNNER)).unwrap();
        let python = runner.language("python").unwrap();
        let spec =
            ProblemSpec::load(&write(dir.path(), "p/problem.toml", &problem_toml(true))).unwrap();
        let limits = runner.limits_for(&spec, Some(python), None, None);
        assert_eq!(limits.cpu_time, Duration::from_secs(5));
        assert_eq!(limits.memory_bytes, 96 * MIB);
        assert_eq!(limits.wall_time, Duration::from_secs(11));
        let strict =
            ProblemSpec::load(&write(dir.path(), "p/problem.toml", &problem_toml(false))).unwrap();
        let limits = runner.limits_for(&strict, Some(python), None, None);
        assert_eq!(limits.cpu_time, Duration::from_secs(1));
        assert_eq!(limits.memory_bytes, 96 * MIB);
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

        let bad_time = problem_toml(true).replace("1.0", "-1");
        let text = ProblemSpec::load(&write(dir.path(), "p/problem.toml", &bad_time))
            .unwrap_err()
            .to_string();
        assert!(text.contains("limits.time_seconds"), "{text}");
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
    fn the_shipped_runner_toml_is_valid() {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("runner.toml");
        let runner = RunnerConfig::load(&file).unwrap();
        for id in ["c", "cpp", "python", "rust"] {
            assert!(runner.language(id).is_some(), "language {id} missing");
        }
    }
}
