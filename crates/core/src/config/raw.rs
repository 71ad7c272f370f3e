//! The configuration files as written: serde types that mirror `runner.toml` and
//! `problem.toml` key for key, with their defaults. Only `config` turns them into the resolved
//! types the grader uses.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::ConfigError;

/// Reads a problem's TOML file into its raw type; errors name the file, the line and the
/// key. The problem's folder may come from anyone: the file is read as a file inside it (see
/// `files::Folder`), so a link out of it never shows a line of another file in an error.
pub fn read_toml<T: for<'de> Deserialize<'de>>(file: &Path) -> Result<T, ConfigError> {
    let folder = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let text = crate::files::Folder::new(folder)?.read_text(file, crate::files::Cap::CONFIG)?;
    toml::from_str(&text).map_err(|e| ConfigError::Parse {
        file: file.into(),
        message: one_line_toml_error(&text, &e),
    })
}

/// A toml error on one line: where it is, the line itself (which names the key), and what is
/// wrong, e.g. `line 4, column 8 (jobs = "two"): invalid type: string "two", expected usize`.
pub(super) fn one_line_toml_error(text: &str, error: &toml::de::Error) -> String {
    let message = error.message().trim().replace('\n', " ");
    match error.span() {
        Some(span) => format!("{}: {message}", position(text, span.start)),
        None => message,
    }
}

/// Where a byte offset of `text` is, with its line: `line 4, column 8 (jobs = "two")`.
pub(super) fn position(text: &str, offset: usize) -> String {
    let mut start = offset.min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let line_number = text[..start].matches('\n').count() + 1;
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..start].chars().count() + 1;
    let line = text[line_start..].lines().next().unwrap_or("").trim();
    let shown: String = line.chars().take(60).collect();
    format!("line {line_number}, column {column} ({shown})")
}

// ----- runner.toml -------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Runner {
    pub defaults: Defaults,
    #[serde(default)]
    pub sandbox: Sandbox,
    #[serde(default)]
    pub validators: Validators,
    pub files: Files,
    pub languages: BTreeMap<String, Language>,
}

/// `[validators]`: the limits of a Kattis package's input and output validators (a whole
/// number is read as i64 and held to its bound in `config`, as in `Defaults`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Validators {
    #[serde(default = "default_validator_seconds")]
    pub time_limit_seconds: f64,
    #[serde(default = "default_validator_mib")]
    pub memory_mib: i64,
}

impl Default for Validators {
    fn default() -> Self {
        Validators {
            time_limit_seconds: default_validator_seconds(),
            memory_mib: default_validator_mib(),
        }
    }
}

fn default_validator_seconds() -> f64 {
    60.0
}
fn default_validator_mib() -> i64 {
    1024
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Defaults {
    // Whole numbers are read as TOML writes them (i64) and held to their bounds in `config`,
    // so that a negative one is refused with its bound, not with a type error.
    pub seed: i64,
    pub jobs: i64,
    pub random_tests: i64,
    #[serde(default = "default_folder_seconds")]
    pub time_limit_seconds: f64,
    #[serde(default = "default_folder_mib")]
    pub memory_limit_mib: i64,
    pub output_limit_mib: i64,
    #[serde(default = "default_stderr_kib")]
    pub stderr_limit_kib: i64,
    #[serde(default = "default_max_processes")]
    pub max_processes: i64,
    /// Unset: `.judge-cache` beside the project's runner.toml, or the user's cache folder.
    pub cache_dir: Option<PathBuf>,
    #[serde(default = "default_compile_seconds")]
    pub compile_time_limit_seconds: f64,
    #[serde(default = "default_compile_memory_mib")]
    pub compile_memory_mib: i64,
    #[serde(default = "default_compile_max_processes")]
    pub compile_max_processes: i64,
    #[serde(default = "default_compile_output_mib")]
    pub compile_output_limit_mib: i64,
    #[serde(default = "default_compile_message_kib")]
    pub compile_message_limit_kib: i64,
    #[serde(default = "default_wall_factor")]
    pub wall_time_factor: f64,
    #[serde(default = "default_wall_extra")]
    pub wall_time_extra_seconds: f64,
}

fn default_folder_seconds() -> f64 {
    1.0
}
fn default_folder_mib() -> i64 {
    256
}
fn default_stderr_kib() -> i64 {
    64
}
fn default_max_processes() -> i64 {
    64
}
fn default_compile_seconds() -> f64 {
    60.0
}
fn default_compile_memory_mib() -> i64 {
    2048
}
fn default_compile_max_processes() -> i64 {
    256
}
fn default_compile_output_mib() -> i64 {
    1024
}
fn default_compile_message_kib() -> i64 {
    1024
}
fn default_wall_factor() -> f64 {
    2.0
}
fn default_wall_extra() -> f64 {
    1.0
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sandbox {
    #[serde(default = "yes")]
    pub namespaces: bool,
    #[serde(default = "yes")]
    pub cgroups: bool,
    #[serde(default = "default_user")]
    pub user: String,
    #[serde(default = "default_path")]
    pub path: String,
    #[serde(default)]
    pub read_only_paths: Vec<PathBuf>,
}

impl Default for Sandbox {
    fn default() -> Self {
        Sandbox {
            namespaces: true,
            cgroups: true,
            user: default_user(),
            path: default_path(),
            read_only_paths: Vec::new(),
        }
    }
}

pub fn yes() -> bool {
    true
}
fn default_user() -> String {
    "nobody".into()
}
fn default_path() -> String {
    "/usr/local/bin:/usr/bin:/bin".into()
}

/// `[files]`: the caps on files a user may need to raise (the others are fixed: see
/// `files::Cap`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Files {
    pub test_file_limit_mib: i64,
    pub source_limit_mib: i64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Language {
    pub name: String,
    pub extensions: Vec<String>,
    pub compile: Option<Vec<String>>,
    /// A second build command, run after `compile` succeeds (Java: `jar`, packing the classes
    /// into the one file `{binary}`).
    pub package: Option<Vec<String>>,
    /// Compile the source under the submitted file's own name (Java: a public class must be
    /// in a file of its name) rather than `solution.<ext>`.
    #[serde(default)]
    pub keep_file_name: bool,
    /// Compile the source under the name of the top-level public class it declares, if any
    /// (Java: Baekjoon compiles every submission as `Main.java`, so a file saved under another
    /// name still holds `public class Main`).
    #[serde(default)]
    pub name_after_public_class: bool,
    pub run: Vec<String>,
    /// Memory the runtime takes besides its heap (a JVM's code, classes and threads):
    /// `{heap_mib}` in the run command is the memory limit less this.
    #[serde(default)]
    pub runtime_overhead_mib: i64,
    /// What the runtime writes to standard error when its heap is exhausted (Java's
    /// `java.lang.OutOfMemoryError`): a crash that says one of them is MLE.
    #[serde(default)]
    pub out_of_memory_messages: Vec<String>,
    /// Host folders the compiler reads besides the system folders (GHC's package database in
    /// /var/lib/ghc): shown read-only to the language's build steps, where they exist.
    #[serde(default)]
    pub compile_read_only_paths: Vec<std::path::PathBuf>,
    /// The compiled program's file name in a run's folder, `{binary}` in the run command
    /// (default `solution`): Scala's runner takes a class path file only if named `*.jar`.
    pub binary_name: Option<String>,
    #[serde(default = "one")]
    pub time_factor: f64,
    #[serde(default)]
    pub time_extra_seconds: f64,
    #[serde(default = "one")]
    pub memory_factor: f64,
    #[serde(default)]
    pub memory_extra_mib: i64,
}

fn one() -> f64 {
    1.0
}

// ----- problem.toml ------------------------------------------------------------------------

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Problem {
    pub id: String,
    pub title: String,
    pub source: String,
    pub kind: super::ProblemKind,
    pub limits: Limits,
    #[serde(default)]
    pub checker: Checker,
    #[serde(default)]
    pub interactive: Option<Interactive>,
    pub generator: Option<Program>,
    pub reference: Option<Program>,
    pub validator: Option<Program>,
    pub interactor: Option<Program>,
    /// A scored problem's groups, each read whole by `config::groups` (so a mistake in one
    /// names it).
    #[serde(default)]
    pub groups: Vec<toml::Table>,
    #[serde(default)]
    pub expected_scores: BTreeMap<String, toml::Value>,
}

/// A problem program as written: a source built through the compile cache, or a command.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Program {
    /// A source file, relative to the problem's folder.
    pub source: Option<PathBuf>,
    /// A language id of runner.toml (default: by the source's extension).
    pub language: Option<String>,
    /// A command instead of a source; a relative program path is relative to the problem's
    /// folder.
    pub command: Option<Vec<String>>,
    /// `testlib` or `kattis` (validators, checkers, interactors).
    pub convention: Option<super::Convention>,
    /// Extra arguments (a Kattis output validator's flags).
    #[serde(default)]
    pub args: Vec<String>,
    pub time_limit_seconds: Option<f64>,
    pub memory_mib: Option<i64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    pub time_seconds: f64,
    pub memory_mib: i64,
    #[serde(default = "yes")]
    pub language_extra_time: bool,
    #[serde(default = "yes")]
    pub language_extra_memory: bool,
    pub output_mib: Option<i64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Interactive {
    pub games: i64,
    pub accept_mean_score: f64,
}

/// `[checker]` as written.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Checker {
    #[default]
    Tokens,
    Lines,
    Float {
        tolerance: f64,
    },
    /// A testlib-style checker command (kept for problem.toml files written before checker
    /// programs could be sources).
    External {
        command: Vec<String>,
        time_limit_seconds: Option<f64>,
    },
    /// A checker program (a source or a command) with its convention.
    Program(Program),
}
