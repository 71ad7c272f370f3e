//! Turning a submission into something runnable: language detection, compilation in the
//! sandbox under the compile limits (a compile command, then an optional package command; see
//! [`build`]), and a compile cache keyed by a content hash (written atomically, so several
//! graders may share it; a compile served from it starts no sandbox), and emptying that cache
//! (`judge clean`). Also resolves the run command of a prepared solution, and fills in
//! the run's own placeholders (`{memory_mib}`) from the limits of each run. A language whose
//! compiler or runtime is not installed is an error naming both.
//!
//! A submission is one file ([`prepare`]) or, as in Kattis problem packages, a folder of files
//! built as one program ([`prepare_folder`]; [`prepare_submission`] takes either). Detection
//! the Kattis way ([`detect_language`]) counts each language's files, case-sensitively, and
//! breaks ties by Kattis's priorities; a program Kattis would grade in a language not
//! installed here (Python 2, Kotlin, Go...) is a typed error naming the language
//! ([`LangError::not_graded`]).

mod build;
mod scripts;

pub use scripts::{has_scripts, prepare_scripts};

use std::ffi::OsStr;
use std::io::Read;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::config::{Language, RunnerConfig};
use crate::files::{self, FileError, Folder, Kind};
use crate::limits::{Limits, MIB};

#[derive(Debug, Error)]
pub enum LangError {
    #[error("cannot read the solution {path}: {cause}")]
    ReadSource {
        path: PathBuf,
        cause: std::io::Error,
    },
    /// A source too large, or a file of a submission folder that is not a regular file
    /// inside it (a link out of it, a dangling link, a FIFO).
    #[error(transparent)]
    File(#[from] FileError),
    #[error("no language in runner.toml for {path} (known extensions: {known}; `judge config` shows the languages); a ready binary must be executable")]
    UnknownLanguage { path: PathBuf, known: String },
    #[error("unknown language `{0}` (see [languages] in runner.toml)")]
    UnknownLanguageId(String),
    #[error("the compile cache {dir}: {cause}")]
    Cache { dir: PathBuf, cause: std::io::Error },
    #[error("cannot compile in the sandbox: {cause}")]
    Sandbox { cause: crate::sandbox::SandboxError },
    #[error(
        "cannot run the compiler `{program}` in the sandbox: {message} (a compiler outside the \
         system folders needs the folders it uses in sandbox.read_only_paths of runner.toml)"
    )]
    CompilerNotStarted { program: String, message: String },
    #[error("`{program}` is not in the sandbox PATH ({path})")]
    ProgramNotFound { program: String, path: String },
    #[error("no source file of a known language in {path} (known extensions: {known})")]
    NoSource { path: PathBuf, known: String },
    /// Kattis would grade it, but not here: the caller reports it as not graded, naming the
    /// language, and goes on.
    #[error("{path}: not graded: {}", .reason.describe(.language))]
    Unsupported {
        /// The submission (a file or a folder).
        path: PathBuf,
        /// The language's name: `Python 2`, `Kotlin`, or one of runner.toml's.
        language: String,
        reason: UnsupportedReason,
    },
    #[error(
        "{dir}: not graded: build scripts are not supported (the folder has an executable `build`)"
    )]
    BuildScript { dir: PathBuf },
    #[error("language {language}: not installed: `{program}` (its {role}; not found in {where_})")]
    MissingProgram {
        /// The language's id and name: `kotlin (Kotlin)`.
        language: String,
        /// `compiler` or `runtime`.
        role: &'static str,
        program: String,
        /// Where it was looked for: a PATH, or the file named.
        where_: String,
    },
}

/// Why a submission Kattis would grade is not graded here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnsupportedReason {
    /// Its language is not in runner.toml (Python 2, Kotlin, Go...).
    NotInstalled,
    /// Several source files in a language that runs its source: the run folder holds one.
    MultiFile { sources: usize },
}

impl UnsupportedReason {
    fn describe(&self, language: &str) -> String {
        match self {
            UnsupportedReason::NotInstalled => {
                format!("{language} is not installed here (runner.toml has no such language)")
            }
            UnsupportedReason::MultiFile { sources } => format!(
                "a multi-file {language} submission is not supported ({sources} source files; \
                 a run gets one)"
            ),
        }
    }
}

impl LangError {
    /// Whether the submission is one Kattis would grade that this grader does not (a language
    /// not installed, a build script, several files for a runtime that reads one): a caller
    /// may report it as not graded and go on.
    pub fn not_graded(&self) -> bool {
        matches!(
            self,
            LangError::Unsupported { .. }
                | LangError::BuildScript { .. }
                | LangError::MissingProgram { .. }
        )
    }
}

/// A solution ready to run: a file to copy into each run's folder and the command to run it.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// Language id from runner.toml, or `binary` for a ready executable.
    pub language_id: String,
    pub language_name: String,
    /// The file to copy into the run folder (in the cache, or the submitted binary).
    pub artifact: PathBuf,
    /// Its name inside the run folder.
    pub file_name: String,
    /// The program to execute, resolved to a path valid inside the sandbox.
    pub program: PathBuf,
    /// Full argument vector, which may still hold the placeholders a run fills in from its
    /// limits (see [`Prepared::args_for`]).
    pub args: Vec<String>,
    /// Memory the runtime takes besides its heap, bytes (for `{heap_mib}`).
    pub runtime_overhead_bytes: u64,
    /// What the runtime writes to standard error when its heap is exhausted.
    pub out_of_memory_messages: Vec<String>,
    /// Whether this compile was served from the cache.
    pub cached: bool,
    pub compile_time: Duration,
}

/// The result of preparing a solution.
#[derive(Debug, Clone)]
pub enum Compiled {
    Ready(Prepared),
    /// Compilation failed: verdict CE, with the compiler's message.
    Failed {
        language_id: String,
        message: String,
    },
}

impl Compiled {
    /// The id of the language it was (or was to be) built in; not a language's for a ready
    /// binary.
    pub fn language_id(&self) -> &str {
        match self {
            Compiled::Ready(prepared) => &prepared.language_id,
            Compiled::Failed { language_id, .. } => language_id,
        }
    }
}

impl Prepared {
    /// The argument vector of a run under `limits`: `{memory_mib}` becomes the memory limit in
    /// MiB and `{heap_mib}` the part of it the runtime's heap may take (the limit less the
    /// runtime's own overhead, at least half the limit), so that a runtime with a heap of its
    /// own (Java, JavaScript) fills the limit the run is judged against but not more.
    pub fn args_for(&self, limits: &Limits) -> Vec<String> {
        let memory_mib = limits.memory_bytes / MIB;
        let heap_mib = (limits
            .memory_bytes
            .saturating_sub(self.runtime_overhead_bytes)
            / MIB)
            .max(memory_mib / 2)
            .max(1);
        self.args
            .iter()
            .map(|arg| {
                arg.replace("{memory_mib}", &memory_mib.to_string())
                    .replace("{heap_mib}", &heap_mib.to_string())
            })
            .collect()
    }

    /// Whether a crashed run's standard error says the runtime's heap ran out (one of the
    /// language's `out_of_memory_messages`).
    pub fn says_out_of_memory(&self, stderr: &[u8]) -> bool {
        let text = String::from_utf8_lossy(stderr);
        self.out_of_memory_messages
            .iter()
            .any(|message| text.contains(message.as_str()))
    }
}

/// Largest compiler message kept.
const MESSAGE_CAP: usize = 64 * 1024;

/// The name of a compiled program, in the build folder and in a run's folder.
const BINARY: &str = "solution";

/// Picks the language (given id, or by extension, or a ready binary) and compiles if needed.
pub fn prepare(
    runner: &RunnerConfig,
    source: &Path,
    language_id: Option<&str>,
) -> Result<Compiled, LangError> {
    let language = match language_id {
        Some(id) => Some(
            runner
                .language(id)
                .ok_or_else(|| LangError::UnknownLanguageId(id.to_string()))?,
        ),
        None => runner.language_for(source),
    };
    let Some(language) = language else {
        return ready_binary(runner, source);
    };
    let bytes = files::read(source, runner.files.sources())?;
    let source_name = source_file_name(language, source, &bytes);
    let key = cache_key(language, &source_name, &bytes);
    let workspace = Workspace {
        files: vec![(PathBuf::from(source_name), bytes)],
        shown: vec![source.display().to_string()],
        sources: vec![0],
        main: 0,
    };
    build_cached(runner, language, &workspace, &key)
}

/// A submission that is a file or a folder: a folder is built as one program
/// ([`prepare_folder`]); a file's language is detected the Kattis way ([`detect_language`])
/// unless `language_id` names it, so a file no language knows is an error here, not a ready
/// binary.
pub fn prepare_submission(
    runner: &RunnerConfig,
    path: &Path,
    language_id: Option<&str>,
) -> Result<Compiled, LangError> {
    if path.is_dir() {
        return prepare_folder(runner, path, language_id);
    }
    match language_id {
        Some(id) => prepare(runner, path, Some(id)),
        None => {
            let language = detect_language(runner, &[path.to_path_buf()])?;
            prepare(runner, path, Some(&language.id))
        }
    }
}

/// The language a submission is built in, found as [`prepare`] (`like_kattis` false, a
/// file) or [`prepare_submission`] (`like_kattis`, or a folder) finds it, without building:
/// `None` for a file no language lists, which [`prepare`] takes as a ready binary. A grading
/// knows from it the limits a submission runs under before compiling it.
pub fn submission_language<'a>(
    runner: &'a RunnerConfig,
    path: &Path,
    language_id: Option<&str>,
    like_kattis: bool,
) -> Result<Option<&'a Language>, LangError> {
    if let Some(id) = language_id {
        return runner
            .language(id)
            .map(Some)
            .ok_or_else(|| LangError::UnknownLanguageId(id.to_string()));
    }
    if path.is_dir() {
        let files: Vec<PathBuf> = folder_files(path)?
            .iter()
            .map(|file| path.join(file))
            .collect();
        let (language, _) = detect(runner, &files, path)?.settle(path)?;
        return Ok(Some(language));
    }
    if like_kattis {
        return detect_language(runner, &[path.to_path_buf()]).map(Some);
    }
    Ok(runner.language_for(path))
}

/// The SHA-256 of a submission (hex, first 16 bytes): of a file's bytes, or of a folder's
/// files (each one's path relative to the folder, and its bytes, in [`prepare_folder`]'s
/// order). Read as streams: a ready binary may be larger than a source; only regular files
/// are read.
pub fn submission_sha256(path: &Path) -> Result<String, LangError> {
    let hash = |file: &Path, opened: std::fs::File| {
        crate::plan::sha256_hex_of(opened).map_err(|cause| LangError::ReadSource {
            path: file.to_path_buf(),
            cause,
        })
    };
    if !path.is_dir() {
        return hash(path, files::open_regular(path)?);
    }
    let folder = Folder::new(path)?;
    let mut digest = crate::plan::PlanDigest::new();
    for relative in folder_files(path)? {
        let file = path.join(&relative);
        digest
            .add("file", relative.display())
            .add("bytes", hash(&file, folder.open(&file)?)?);
    }
    Ok(digest.finish())
}

/// Where a folder's files go inside the build folder, away from what the build writes there
/// (`solution`, Java's `classes`).
const FOLDER_SOURCES: &str = "src";

/// Builds the files of `dir` (all of them, found recursively, headers and data included) as
/// one program, as Kattis builds a submission folder. The language is `language_id`'s, else
/// detected ([`detect_language`]). Every file is copied into the build folder under its
/// relative path; an argument of a compile or package command that is exactly `{source}`
/// becomes every source file of the language, in sorted order, and `{stem}` (Java's main
/// class) and `{source}` elsewhere name the main file: the first source named `main.*` in any
/// case, else the first source. A language that runs its source (Python, JavaScript) takes one
/// source file, prepared as [`prepare`] prepares it; several are not graded, nor is a folder
/// with a build script of its own.
pub fn prepare_folder(
    runner: &RunnerConfig,
    dir: &Path,
    language_id: Option<&str>,
) -> Result<Compiled, LangError> {
    if has_build_script(dir) {
        return Err(LangError::BuildScript {
            dir: dir.to_path_buf(),
        });
    }
    let relative = folder_files(dir)?;
    let files: Vec<PathBuf> = relative.iter().map(|file| dir.join(file)).collect();
    let (language, sources) = match language_id {
        Some(id) => {
            let language = runner
                .language(id)
                .ok_or_else(|| LangError::UnknownLanguageId(id.to_string()))?;
            let own: Vec<usize> = (0..files.len())
                .filter(|&i| lists_extension(language, &files[i]))
                .collect();
            // A language given for files of another's extensions (`--language pypy3` for
            // `.py` files) takes the files detection would take.
            let sources = if own.is_empty() {
                detect(runner, &files, dir)?.sources
            } else {
                own
            };
            (language, sources)
        }
        None => detect(runner, &files, dir)?.settle(dir)?,
    };
    if !language.runs_binary() {
        if sources.len() > 1 {
            return Err(LangError::Unsupported {
                path: dir.to_path_buf(),
                language: language.name.clone(),
                reason: UnsupportedReason::MultiFile {
                    sources: sources.len(),
                },
            });
        }
        return prepare(runner, &files[sources[0]], Some(&language.id));
    }
    let mut workspace = Workspace {
        files: Vec::with_capacity(files.len()),
        shown: files
            .iter()
            .map(|file| file.display().to_string())
            .collect(),
        main: sources[main_source(sources.iter().map(|&i| relative[i].as_path()))],
        sources,
    };
    // The cap is on the folder's files together.
    let folder = Folder::new(dir)?;
    let cap = runner.files.sources();
    let mut left = cap.bytes;
    for (file, relative) in files.iter().zip(&relative) {
        let bytes = folder
            .read(file, files::Cap { bytes: left, ..cap })
            .map_err(|error| match error {
                FileError::TooLarge { .. } => FileError::TooLarge {
                    path: dir.to_path_buf(),
                    cap,
                },
                other => other,
            })?;
        left -= bytes.len() as u64;
        workspace
            .files
            .push((Path::new(FOLDER_SOURCES).join(relative), bytes));
    }
    let key = folder_cache_key(language, &workspace);
    build_cached(runner, language, &workspace, &key)
}

/// What a build starts from: the files written into the build folder (paths relative to it,
/// and bytes), which of them are the sources and which source is the main one.
struct Workspace {
    files: Vec<(PathBuf, Vec<u8>)>,
    /// Each file as the user knows it (the path given): compiler messages name it so.
    shown: Vec<String>,
    /// Indices into `files`, in sorted order.
    sources: Vec<usize>,
    /// Index into `files`.
    main: usize,
}

impl Workspace {
    /// The main file's name without its folders.
    fn main_name(&self) -> String {
        let (path, _) = &self.files[self.main];
        path.file_name()
            .map_or_else(String::new, |name| name.to_string_lossy().into_owned())
    }
}

/// Serves `workspace`'s build from the cache entry `key`, or builds it there; then resolves
/// the run command.
fn build_cached(
    runner: &RunnerConfig,
    language: &Language,
    workspace: &Workspace,
    key: &str,
) -> Result<Compiled, LangError> {
    let main_name = workspace.main_name();
    let file_name = if language.runs_binary() {
        language
            .binary_name
            .as_deref()
            .unwrap_or(BINARY)
            .to_string()
    } else {
        main_name.clone()
    };
    let (program, args) = run_command(runner, language, &file_name, stem(&main_name))?;
    let entry = runner.cache_dir.join(key);
    let artifact = if language.runs_binary() {
        entry.join(BINARY)
    } else {
        entry.join(&workspace.files[workspace.main].0)
    };
    let started = Instant::now();
    let cached = artifact.is_file();
    if !cached {
        if let Some(message) = build_into_cache(runner, language, workspace, &entry, &artifact)? {
            return Ok(Compiled::Failed {
                language_id: language.id.clone(),
                message,
            });
        }
    }
    Ok(Compiled::Ready(Prepared {
        language_id: language.id.clone(),
        language_name: language.name.clone(),
        artifact,
        file_name,
        program,
        args,
        runtime_overhead_bytes: language.runtime_overhead_bytes,
        out_of_memory_messages: language.out_of_memory_messages.clone(),
        cached,
        compile_time: if cached {
            Duration::ZERO
        } else {
            started.elapsed()
        },
    }))
}

/// Builds `workspace` in the sandbox ([`build::build`]) and publishes it as `entry` (which
/// then holds `artifact`); returns the compile error's message when it fails.
fn build_into_cache(
    runner: &RunnerConfig,
    language: &Language,
    workspace: &Workspace,
    entry: &Path,
    artifact: &Path,
) -> Result<Option<String>, LangError> {
    let folder = match build::build(runner, language, workspace)? {
        build::Outcome::Built(folder) => folder,
        build::Outcome::Failed(message) => return Ok(Some(message)),
    };
    // Publish atomically: a folder rename either lands whole or finds another grader's
    // identical result already there.
    if folder.publish(entry).is_err() && !artifact.is_file() {
        return Err(LangError::Cache {
            dir: runner.cache_dir.clone(),
            cause: std::io::Error::other(format!(
                "cannot store the compiled solution in {}",
                entry.display()
            )),
        });
    }
    Ok(None)
}

/// Whether `dir` holds an executable `build` (a Kattis build script).
fn has_build_script(dir: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(dir.join("build"))
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

/// The files under `dir`, relative to it, sorted by their bytes (as Kattis sorts names).
/// Links to files inside `dir` count as the files; links to folders are not followed (a loop
/// would never end). Anything else is refused, naming it (see `files::Folder`): a link out of
/// the folder, a dangling link, a device, a FIFO, a socket.
pub(crate) fn folder_files(dir: &Path) -> Result<Vec<PathBuf>, LangError> {
    fn walk(
        root: &Folder,
        dir: &Path,
        relative: &Path,
        files: &mut Vec<PathBuf>,
    ) -> Result<(), LangError> {
        let folder = dir.join(relative);
        let read_error = |cause| LangError::ReadSource {
            path: folder.clone(),
            cause,
        };
        for entry in std::fs::read_dir(&folder).map_err(read_error)? {
            let entry = entry.map_err(read_error)?;
            let path = relative.join(entry.file_name());
            let kind = entry.file_type().map_err(read_error)?;
            if kind.is_dir() {
                walk(root, dir, &path, files)?;
            } else if root.kind(&entry.path())? == Kind::File {
                files.push(path);
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    walk(&Folder::new(dir)?, dir, Path::new(""), &mut files)?;
    files.sort_by(|a, b| a.as_os_str().as_bytes().cmp(b.as_os_str().as_bytes()));
    Ok(files)
}

/// Which of the sources (in sorted order) is the main file: the first named `main.*` in any
/// case, else the first.
fn main_source<'a>(sources: impl Iterator<Item = &'a Path>) -> usize {
    let mut first_main = None;
    for (index, source) in sources.enumerate() {
        let named_main = source.file_name().is_some_and(|name| {
            name.as_bytes()
                .get(..5)
                .is_some_and(|start| start.eq_ignore_ascii_case(b"main."))
        });
        if named_main {
            first_main = Some(index);
            break;
        }
    }
    first_main.unwrap_or(0)
}

/// The language of a submission of one or more files, the Kattis way: each language counts
/// the files whose extension it lists (case-sensitive, so `.C` is C++ and `.c` is C), and the
/// language with the most wins, ties going to the higher Kattis priority (C++, C, Python 2,
/// Python 3, Java, ...). A `.py` file whose first line is a shebang naming `python2` counts
/// for Python 2 as well as Python 3, and Python 2 wins that tie. A language Kattis grades that
/// runner.toml lacks (Python 2, Kotlin `.kt`, Go `.go`, C# `.cs`, Haskell `.hs`...) is
/// [`LangError::Unsupported`], naming it; no file of any language is
/// [`LangError::NoSource`].
pub fn detect_language<'a>(
    runner: &'a RunnerConfig,
    files: &[PathBuf],
) -> Result<&'a Language, LangError> {
    let named = common_folder(files);
    let (language, _) = detect(runner, files, &named)?.settle(&named)?;
    Ok(language)
}

/// A language as Kattis's problemtools (`languages.yaml`) knows it: the id of the same
/// language in runner.toml, its name, its tie-break priority and its extensions.
struct KattisLanguage {
    id: &'static str,
    name: &'static str,
    priority: u32,
    extensions: &'static [&'static str],
}

/// Python 2's id: Kattis counts `.py` files for it only when they say so in a shebang.
const PYTHON_2: &str = "python2";

/// Kattis's languages with problemtools' priorities and source files (`languages.yaml`; ids
/// are runner.toml's, where Kattis's `python3` is `python`), then PyPy 3, which is this
/// grader's, then languages the Kattis site grades that problemtools does not list, at the
/// lowest priority. A language of runner.toml with one of these ids also counts the files of
/// the extensions listed here (Haskell's and Objective-C's `.c` files: an extension belongs
/// to one language in runner.toml).
const KATTIS_LANGUAGES: &[KattisLanguage] = &[
    kattis("cpp", "C++", 1000, &["cc", "C", "cpp", "cxx", "c++"]),
    kattis("c", "C", 950, &["c"]),
    kattis(PYTHON_2, "Python 2", 860, &["py2"]),
    kattis("python", "Python 3", 850, &["py", "py3"]),
    kattis("pypy3", "PyPy 3", 849, &["pypy"]),
    kattis("java", "Java", 800, &["java"]),
    kattis("csharp", "C#", 700, &["cs"]),
    kattis("fsharp", "F#", 675, &["fs"]),
    kattis("ruby", "Ruby", 650, &["rb"]),
    kattis("haskell", "Haskell", 600, &["hs", "c"]),
    kattis("rust", "Rust", 575, &["rs"]),
    kattis("scala", "Scala", 550, &["sc", "scala"]),
    kattis("javascript", "JavaScript", 500, &["js"]),
    kattis("php", "PHP", 450, &["php"]),
    kattis("go", "Go", 400, &["go"]),
    kattis("ocaml", "OCaml", 375, &["ml"]),
    kattis("pascal", "Pascal", 350, &["pas"]),
    kattis("objectivec", "Objective-C", 300, &["m", "c"]),
    kattis("kotlin", "Kotlin", 250, &["kt"]),
    kattis("lisp", "Common Lisp", 200, &["lisp", "cl"]),
    kattis("prolog", "Prolog", 100, &["pl"]),
    kattis("cobol", "COBOL", 50, &["cob"]),
    kattis("swift", "Swift", 0, &["swift"]),
    kattis("typescript", "TypeScript", 0, &["ts"]),
    kattis("lua", "Lua", 0, &["lua"]),
    kattis("julia", "Julia", 0, &["jl"]),
    kattis("dart", "Dart", 0, &["dart"]),
    kattis("elixir", "Elixir", 0, &["ex", "exs"]),
    kattis("erlang", "Erlang", 0, &["erl"]),
];

const fn kattis(
    id: &'static str,
    name: &'static str,
    priority: u32,
    extensions: &'static [&'static str],
) -> KattisLanguage {
    KattisLanguage {
        id,
        name,
        priority,
        extensions,
    }
}

/// Whether Kattis takes this file for a source of one of its languages (its extension, as
/// problemtools lists them): a file of no language, a header, is not a program by itself.
pub fn is_kattis_source(file: &Path) -> bool {
    file.extension()
        .and_then(OsStr::to_str)
        .is_some_and(|extension| {
            KATTIS_LANGUAGES
                .iter()
                .any(|kattis| kattis.extensions.contains(&extension))
        })
}

/// The Kattis language of this id.
fn kattis_language(id: &str) -> Option<&'static KattisLanguage> {
    KATTIS_LANGUAGES.iter().find(|kattis| kattis.id == id)
}

/// A language detection may pick.
#[derive(Clone, Copy)]
enum Candidate<'a> {
    Configured(&'a Language),
    /// One Kattis grades that runner.toml lacks.
    Elsewhere(&'static KattisLanguage),
}

impl Candidate<'_> {
    fn id(&self) -> &str {
        match self {
            Candidate::Configured(language) => &language.id,
            Candidate::Elsewhere(kattis) => kattis.id,
        }
    }

    /// Whether files of this extension are the language's: runner.toml's extensions, and
    /// Kattis's for the language of the same id.
    fn lists(&self, extension: &str) -> bool {
        let kattis = match self {
            Candidate::Configured(language) => {
                if language.extensions.iter().any(|e| e == extension) {
                    return true;
                }
                kattis_language(&language.id)
            }
            Candidate::Elsewhere(kattis) => Some(*kattis),
        };
        kattis.is_some_and(|kattis| kattis.extensions.contains(&extension))
    }

    /// Ties go to the higher rank: runner.toml's languages (and Python 2, which is how Kattis
    /// reads some `.py` files) before the ones it lacks, so a language a user added under an
    /// id of their own wins over Kattis's; then Kattis's priority.
    fn rank(&self) -> (bool, u32) {
        let priority = kattis_language(self.id()).map_or(0, |kattis| kattis.priority);
        let installed = matches!(self, Candidate::Configured(_)) || self.id() == PYTHON_2;
        (installed, priority)
    }

    /// Whether the file is one of this language's sources once it is chosen.
    fn is_source(&self, file: &FileFacts) -> bool {
        file.extension.is_some_and(|extension| {
            self.lists(extension) || (self.id() == PYTHON_2 && extension == "py")
        })
    }

    /// Whether the file counts for this language in detection: a `.py` file counts for
    /// Python 2 only with a python2 shebang.
    fn counts(&self, file: &FileFacts) -> bool {
        if self.id() == PYTHON_2 && file.extension == Some("py") {
            return file.python2_shebang;
        }
        file.extension
            .is_some_and(|extension| self.lists(extension))
    }
}

/// What detection reads of a file.
struct FileFacts<'a> {
    extension: Option<&'a str>,
    /// A `.py` file whose first line is a shebang naming python2.
    python2_shebang: bool,
}

/// The language detection chose and its source files (indices into the files, in order).
struct Detection<'a> {
    candidate: Candidate<'a>,
    sources: Vec<usize>,
}

impl<'a> Detection<'a> {
    /// The language chosen, if this grader has it.
    fn settle(self, path: &Path) -> Result<(&'a Language, Vec<usize>), LangError> {
        match self.candidate {
            Candidate::Configured(language) => Ok((language, self.sources)),
            Candidate::Elsewhere(kattis) => Err(LangError::Unsupported {
                path: path.to_path_buf(),
                language: kattis.name.to_string(),
                reason: UnsupportedReason::NotInstalled,
            }),
        }
    }
}

/// Detection the Kattis way (see [`detect_language`]); `path` names the submission in errors.
fn detect<'a>(
    runner: &'a RunnerConfig,
    files: &[PathBuf],
    path: &Path,
) -> Result<Detection<'a>, LangError> {
    let facts = files
        .iter()
        .map(|file| {
            let extension = file.extension().and_then(OsStr::to_str);
            let python2_shebang = extension == Some("py") && names_python_2(&first_line(file)?);
            Ok(FileFacts {
                extension,
                python2_shebang,
            })
        })
        .collect::<Result<Vec<_>, LangError>>()?;
    let candidates = runner.languages.iter().map(Candidate::Configured).chain(
        KATTIS_LANGUAGES
            .iter()
            .filter(|kattis| runner.language(kattis.id).is_none())
            .map(Candidate::Elsewhere),
    );
    let mut best: Option<(Candidate, (usize, bool, u32))> = None;
    for candidate in candidates {
        let count = facts.iter().filter(|file| candidate.counts(file)).count();
        let (installed, priority) = candidate.rank();
        let score = (count, installed, priority);
        // The first of equals wins: runner.toml's order.
        let better = best.as_ref().map_or(true, |(_, best)| score > *best);
        if count > 0 && better {
            best = Some((candidate, score));
        }
    }
    let Some((candidate, _)) = best else {
        return Err(LangError::NoSource {
            path: path.to_path_buf(),
            known: known_extensions(runner),
        });
    };
    let sources = (0..files.len())
        .filter(|&i| candidate.is_source(&facts[i]))
        .collect();
    Ok(Detection { candidate, sources })
}

/// The first line of a file (at most 1 KiB of it).
fn first_line(file: &Path) -> Result<Vec<u8>, LangError> {
    let mut start = Vec::new();
    files::open_regular(file)?
        .take(1024)
        .read_to_end(&mut start)
        .map_err(|cause| LangError::ReadSource {
            path: file.to_path_buf(),
            cause,
        })?;
    if let Some(end) = start.iter().position(|&b| b == b'\n') {
        start.truncate(end);
    }
    Ok(start)
}

/// Whether a first line is a shebang naming python2 (Kattis's `^#!.*python2\b`).
fn names_python_2(line: &[u8]) -> bool {
    const NAME: &[u8] = b"python2";
    line.starts_with(b"#!")
        && line.windows(NAME.len()).enumerate().any(|(at, window)| {
            let next = line.get(at + NAME.len());
            window == NAME && !next.is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_')
        })
}

/// The folder the files have in common (the file itself when there is one), to name them.
fn common_folder(files: &[PathBuf]) -> PathBuf {
    let Some((first, rest)) = files.split_first() else {
        return PathBuf::new();
    };
    if rest.is_empty() {
        return first.clone();
    }
    let mut common: Vec<_> = first
        .parent()
        .map_or_else(Vec::new, |p| p.components().collect());
    for file in rest {
        let shared = file
            .components()
            .zip(&common)
            .take_while(|(a, b)| a == *b)
            .count();
        common.truncate(shared);
    }
    common.iter().collect()
}

/// Whether the file's extension is one `language` lists, as written (or Kattis lists for it).
fn lists_extension(language: &Language, file: &Path) -> bool {
    file.extension()
        .and_then(OsStr::to_str)
        .is_some_and(|extension| Candidate::Configured(language).lists(extension))
}

/// Every extension of runner.toml's languages, for error messages.
fn known_extensions(runner: &RunnerConfig) -> String {
    let known: Vec<String> = runner
        .languages
        .iter()
        .flat_map(|l| l.extensions.iter().map(|e| format!(".{e}")))
        .collect();
    known.join(" ")
}

/// What `clean` removed, and what it left.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cleaned {
    /// Cache entries (compiled solutions, the written-out built-in problems, the reference's
    /// answers) removed.
    pub entries: usize,
    /// Their size on disk, in bytes (file lengths).
    pub bytes: u64,
    /// Folders named as judge names its entries but without its marker (an older judge's,
    /// made before the marker, or not judge's at all), left in place.
    pub unmarked: Vec<PathBuf>,
}

/// A compile in progress leaves its `.build-` folder this long at most; older ones are left
/// over from an interrupted grader.
const STALE_BUILD: Duration = Duration::from_secs(3600);

/// Empties the compile cache `dir`: every folder judge made there and marked as its own
/// (`files::MARKER`): compiled solutions (folders named by a content hash), `.build-` folders
/// left by an interrupted compile, the built-in problems written out (each version's folder
/// in `built-in-problems/`, and that folder once empty) and the reference's answers. Nothing
/// else is removed, so a `cache_dir` pointed at the wrong folder loses nothing of the user's;
/// folders named like judge's entries but without the marker (an older judge's cache, made
/// before the marker) are left and listed. A missing folder is already empty.
pub fn clean(dir: &Path) -> Result<Cleaned, LangError> {
    let cache_error = |cause| LangError::Cache {
        dir: dir.to_path_buf(),
        cause,
    };
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Cleaned::default()),
        Err(e) => return Err(cache_error(e)),
    };
    let mut cleaned = Cleaned::default();
    let remove = |path: &Path, cleaned: &mut Cleaned| -> Result<(), LangError> {
        let bytes = folder_bytes(path);
        std::fs::remove_dir_all(path).map_err(cache_error)?;
        cleaned.entries += 1;
        cleaned.bytes += bytes;
        Ok(())
    };
    let mut names: Vec<(String, PathBuf)> = entries
        .flatten()
        .map(|entry| {
            (
                entry.file_name().to_string_lossy().into_owned(),
                entry.path(),
            )
        })
        .collect();
    names.sort();
    for (name, path) in names {
        let is_key = name.len() == 32 && name.bytes().all(|b| b.is_ascii_hexdigit());
        let is_build = name.starts_with(".build-");
        let stale_build = is_build
            && std::fs::symlink_metadata(&path)
                .and_then(|m| m.modified())
                .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > STALE_BUILD));
        if name == crate::config::BUILT_IN_CACHE_FOLDER && files::is_real_folder(&path) {
            // Each version of judge writes its own folder here; the user's files stay.
            let mut versions: Vec<PathBuf> = std::fs::read_dir(&path)
                .map_err(cache_error)?
                .flatten()
                .map(|entry| entry.path())
                .collect();
            versions.sort();
            for version in versions {
                if files::is_marked(&version) {
                    remove(&version, &mut cleaned)?;
                } else if files::is_real_folder(&version) {
                    cleaned.unmarked.push(version);
                }
            }
            // Removed only when nothing is left in it.
            let _ = std::fs::remove_dir(&path);
        } else if files::is_marked(&path) && (is_key || stale_build || !is_build) {
            remove(&path, &mut cleaned)?;
        } else if (is_key || stale_build) && files::is_real_folder(&path) {
            cleaned.unmarked.push(path);
        }
    }
    Ok(cleaned)
}

/// The lengths of the files under `dir`, added up.
fn folder_bytes(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|entry| match entry.metadata() {
                    Ok(meta) if meta.is_dir() => folder_bytes(&entry.path()),
                    Ok(meta) => meta.len(),
                    Err(_) => 0,
                })
                .sum()
        })
        .unwrap_or(0)
}

/// A submitted executable without a known source extension runs as it is.
fn ready_binary(runner: &RunnerConfig, source: &Path) -> Result<Compiled, LangError> {
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::metadata(source).map_err(|cause| LangError::ReadSource {
        path: source.to_path_buf(),
        cause,
    })?;
    if !meta.is_file() || meta.permissions().mode() & 0o111 == 0 {
        return Err(LangError::UnknownLanguage {
            path: source.to_path_buf(),
            known: known_extensions(runner),
        });
    }
    Ok(Compiled::Ready(Prepared {
        language_id: "binary".into(),
        language_name: "ready binary".into(),
        artifact: source.to_path_buf(),
        file_name: "solution".into(),
        program: PathBuf::from("./solution"),
        args: vec!["./solution".into()],
        runtime_overhead_bytes: 0,
        out_of_memory_messages: Vec::new(),
        cached: true,
        compile_time: Duration::ZERO,
    }))
}

fn make_world_readable(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755));
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            if let Ok(meta) = entry.metadata() {
                let mode = if meta.permissions().mode() & 0o111 != 0 {
                    0o755
                } else {
                    0o644
                };
                let _ =
                    std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(mode));
            }
        }
    }
}

/// The name the source is compiled under, with the language's first extension: the name of
/// the top-level public class it declares, for a language named after it (Java's public
/// class must be in a file of its name, and Baekjoon names every file `Main.java`), else the
/// submitted file's own name for a language that keeps it, else `solution`.
fn source_file_name(language: &Language, source: &Path, bytes: &[u8]) -> String {
    let public_class = language
        .name_after_public_class
        .then(|| std::str::from_utf8(bytes).ok().and_then(public_class_name))
        .flatten();
    let own_stem = source
        .file_stem()
        .and_then(|stem| stem.to_str())
        .filter(|stem| !stem.is_empty() && !stem.starts_with('.'));
    let stem = match (public_class, own_stem) {
        (Some(class), _) => class,
        (None, Some(stem)) if language.keep_file_name => stem,
        _ => "solution",
    };
    format!(
        "{stem}.{}",
        language.extensions.first().map_or("", String::as_str)
    )
}

/// The first top-level type a Java source declares `public` (`public final class Main`,
/// `public interface X`, `public enum`, `public record`), read past comments, string, text
/// block and character literals and annotations; types nested in braces are not top-level.
fn public_class_name(source: &str) -> Option<&str> {
    let bytes = source.as_bytes();
    let mut i = 0;
    let (mut braces, mut parentheses) = (0usize, 0usize);
    // Since the last `;`, `{` or `}`: a `public` seen; the word before was `class` (or
    // `interface`, `enum`, `record`); the last word or `.` or `@`.
    let mut public = false;
    let mut declares = false;
    let mut previous: &str = "";
    let in_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80;
    while i < bytes.len() {
        let rest = &bytes[i..];
        let c = bytes[i];
        if rest.starts_with(b"//") {
            i += rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        } else if rest.starts_with(b"/*") {
            i += 2 + rest[2..]
                .windows(2)
                .position(|w| w == b"*/")
                .map_or(rest.len() - 2, |end| end + 2);
        } else if rest.starts_with(b"\"\"\"") {
            i += 3 + rest[3..]
                .windows(3)
                .position(|w| w == b"\"\"\"")
                .map_or(rest.len() - 3, |end| end + 3);
        } else if c == b'"' || c == b'\'' {
            // A literal: up to the closing quote that is not escaped (or the line's end).
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != c && bytes[j] != b'\n' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            i = j + 1;
            previous = "";
        } else if in_word(c) && !c.is_ascii_digit() {
            let start = i;
            while i < bytes.len() && in_word(bytes[i]) {
                i += 1;
            }
            let word = &source[start..i];
            if braces == 0 && parentheses == 0 {
                if declares && public {
                    return Some(word);
                }
                declares = false;
                match word {
                    "public" => public = true,
                    "class" | "interface" | "enum" | "record"
                        if previous != "." && previous != "@" =>
                    {
                        declares = true
                    }
                    _ => {}
                }
            }
            previous = word;
            continue;
        } else {
            match c {
                b'{' => braces += 1,
                b'}' => braces = braces.saturating_sub(1),
                b'(' => parentheses += 1,
                b')' => parentheses = parentheses.saturating_sub(1),
                _ => {}
            }
            if matches!(c, b';' | b'{' | b'}') {
                public = false;
                declares = false;
            }
            previous = match c {
                b'.' => ".",
                b'@' => "@",
                _ if c.is_ascii_whitespace() => previous,
                _ => "",
            };
            i += 1;
        }
    }
    None
}

/// A file name without its extension: `{stem}` in templates.
fn stem(file_name: &str) -> &str {
    file_name
        .rsplit_once('.')
        .map_or(file_name, |(stem, _)| stem)
}

/// The cache key: language, build commands, the name the source is compiled under (which
/// matters to Java) and the source bytes.
fn cache_key(language: &Language, source_name: &str, source: &[u8]) -> String {
    let mut hasher = language_hasher(language);
    hasher.update(source_name.as_bytes());
    hasher.update([0]);
    hasher.update(source);
    hex_key(hasher)
}

/// The cache key of a folder: language, build commands, the main file, and every file's
/// relative name and bytes (each with its length, so no two folders hash alike by moving
/// bytes from one file to the next).
fn folder_cache_key(language: &Language, workspace: &Workspace) -> String {
    let mut hasher = language_hasher(language);
    hasher.update(b"folder\0");
    fn name(hasher: &mut Sha256, path: &Path) {
        let bytes = path.as_os_str().as_bytes();
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(bytes);
    }
    name(&mut hasher, &workspace.files[workspace.main].0);
    for (index, (path, bytes)) in workspace.files.iter().enumerate() {
        name(&mut hasher, path);
        hasher.update([u8::from(workspace.sources.contains(&index))]);
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(bytes);
    }
    hex_key(hasher)
}

/// A hasher that has taken in the language and its build commands.
fn language_hasher(language: &Language) -> Sha256 {
    let mut hasher = Sha256::new();
    // Entries made before judge marked its folders are not found again: `judge clean` leaves
    // those, as it cannot tell them from a folder of the user's.
    hasher.update(b"marked entries\0");
    hasher.update(language.id.as_bytes());
    hasher.update([0]);
    for step in language.build_steps() {
        for part in step {
            hasher.update(part.as_bytes());
            hasher.update([0]);
        }
        hasher.update([1]);
    }
    hasher
}

/// The first 16 bytes of the digest in hex: a cache folder's name.
fn hex_key(hasher: Sha256) -> String {
    let digest = hasher.finalize();
    digest.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

/// The run command with `{binary}`/`{source}` replaced by the file in the run folder and
/// `{stem}` by the source's name without extension (the run's own placeholders stay for
/// [`Prepared::args_for`]), and the program resolved against the sandbox PATH.
fn run_command(
    runner: &RunnerConfig,
    language: &Language,
    file_name: &str,
    stem: &str,
) -> Result<(PathBuf, Vec<String>), LangError> {
    let local = format!("./{file_name}");
    let args: Vec<String> = language
        .run
        .iter()
        .map(|part| {
            part.replace("{binary}", &local)
                .replace("{source}", &local)
                .replace("{stem}", stem)
        })
        .collect();
    let program = find_program(&args[0], &runner.sandbox.path)
        .ok_or_else(|| missing_program(language, "runtime", &args[0], &runner.sandbox.path))?;
    Ok((program, args))
}

/// The error for a compiler or runtime that is not installed.
fn missing_program(
    language: &Language,
    role: &'static str,
    program: &str,
    path: &str,
) -> LangError {
    LangError::MissingProgram {
        language: format!("{} ({})", language.id, language.name),
        role,
        program: program.to_string(),
        where_: if program.contains('/') {
            "that place".to_string()
        } else {
            format!("PATH {path}")
        },
    }
}

/// Whether the programs `language` needs are installed, as problemtools checks a language
/// before it compiles: each command's program that is named, not built (`{binary}` is not
/// looked for), the compile steps' first where compilers are looked for (the sandbox PATH,
/// then the grader's own), then the run command's in the sandbox PATH. The first missing one
/// is a [`LangError::MissingProgram`] naming it (a language not installed: not graded).
pub fn check_installed(runner: &RunnerConfig, language: &Language) -> Result<(), LangError> {
    let host_path = std::env::var("PATH").unwrap_or_default();
    let compile_search = format!("{}:{host_path}", runner.sandbox.path);
    let steps = language
        .build_steps()
        .map(|step| {
            (
                "compiler",
                step,
                compile_search.as_str(),
                host_path.as_str(),
            )
        })
        .chain(std::iter::once((
            "runtime",
            &language.run,
            runner.sandbox.path.as_str(),
            runner.sandbox.path.as_str(),
        )));
    for (role, command, search, shown) in steps {
        let Some(program) = command.first().filter(|p| !p.contains('{')) else {
            continue;
        };
        if find_program(program, search).is_none() {
            return Err(missing_program(language, role, program, shown));
        }
    }
    Ok(())
}

/// Languages Kattis runs under another interpreter than runner.toml's language of the same
/// id: Python 3 (`python`, CPython here) under PyPy 3 (`pypy3`), as on Kattis and in
/// problemtools.
const RUN_AS_ON_KATTIS: &[(&str, &str)] = &[("python", "pypy3")];

/// The language a Kattis package's submission in `language` is run in, as Kattis runs it:
/// Python 3 under PyPy 3 when runner.toml has `pypy3` and it is installed, else `language`
/// itself, with a warning when Kattis would have run it under another interpreter (its times,
/// and a time limit derived from them, differ from Kattis's).
pub fn as_on_kattis<'a>(
    runner: &'a RunnerConfig,
    language: &'a Language,
) -> (&'a Language, Option<String>) {
    let Some(&(_, kattis_id)) = RUN_AS_ON_KATTIS.iter().find(|(id, _)| *id == language.id) else {
        return (language, None);
    };
    let why = match runner.language(kattis_id) {
        None => format!("runner.toml has no language {kattis_id}"),
        Some(kattis) => match check_installed(runner, kattis) {
            Ok(()) => return (kattis, None),
            Err(LangError::MissingProgram { program, .. }) => {
                format!("`{program}` is not installed")
            }
            Err(other) => other.to_string(),
        },
    };
    let warning = format!(
        "run and timed under {} ({}), not {kattis_id} as on Kattis: {why}; its times (and a time \
         limit derived from them) differ from Kattis's",
        language.name,
        language.run.first().map_or("", String::as_str),
    );
    (language, Some(warning))
}

/// A program name as a path (see [`find_program`]), or an error naming it and `path`.
pub fn resolve_program(name: &str, path: &str) -> Result<PathBuf, LangError> {
    find_program(name, path).ok_or_else(|| LangError::ProgramNotFound {
        program: name.to_string(),
        path: path.to_string(),
    })
}

/// A program name as a path: an absolute path when that file exists, a relative one with a
/// slash as it is (a file of the run's folder), else the executable file found in `path`.
fn find_program(name: &str, path: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let executable = |candidate: &Path| {
        std::fs::metadata(candidate)
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if name.starts_with('/') {
        return Some(PathBuf::from(name)).filter(|p| executable(p));
    }
    if name.contains('/') {
        return Some(PathBuf::from(name));
    }
    path.split(':')
        .map(|dir| Path::new(dir).join(name))
        .find(|candidate| executable(candidate))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Allowance;

    fn language(keep_file_name: bool) -> Language {
        Language {
            id: "java".into(),
            name: "Java".into(),
            extensions: vec!["java".into()],
            compile: Some(vec!["javac".into(), "{source}".into()]),
            package: None,
            keep_file_name,
            name_after_public_class: false,
            run: vec!["java".into(), "{binary}".into()],
            runtime_overhead_bytes: 40 * MIB,
            out_of_memory_messages: vec!["java.lang.OutOfMemoryError".into()],
            compile_read_only_paths: Vec::new(),
            binary_name: None,
            allowance: Allowance::NONE,
        }
    }

    #[test]
    fn a_language_may_keep_the_submitted_file_name() {
        let source = Path::new("solutions/x/BfsRank.java");
        assert_eq!(
            source_file_name(&language(true), source, b""),
            "BfsRank.java"
        );
        assert_eq!(
            source_file_name(&language(false), source, b""),
            "solution.java"
        );
        // Whatever the submitted file's extension (--language), the compiler gets its own, and
        // the source never takes the compiled program's name.
        let odd = |name: &str| source_file_name(&language(true), Path::new(name), b"");
        assert_eq!(odd("Main.JAVA"), "Main.java");
        assert_eq!(odd("solution"), "solution.java");
        assert_eq!(odd(".java"), "solution.java");
        assert_eq!(stem("BfsRank.java"), "BfsRank");
        assert_eq!(stem("solution"), "solution");
        // The name is part of the cache key: the same source under another name may not
        // compile (a public class must be in a file of its name).
        let bytes = b"public class Main {}";
        assert_ne!(
            cache_key(&language(true), "Main.java", bytes),
            cache_key(&language(true), "Other.java", bytes)
        );
    }

    #[test]
    fn java_is_compiled_under_the_name_of_its_public_class() {
        let java = Language {
            name_after_public_class: true,
            ..language(true)
        };
        let saved_as =
            |name: &str, text: &str| source_file_name(&java, Path::new(name), text.as_bytes());
        // Baekjoon's Main saved under the problem's number, and a class named as its file.
        assert_eq!(saved_as("1525.java", "public class Main {}"), "Main.java");
        assert_eq!(
            saved_as("BfsRank.java", "public class BfsRank {}"),
            "BfsRank.java"
        );
        // No public class: the file's own name.
        assert_eq!(saved_as("Solve.java", "class Main {}"), "Solve.java");
        assert_eq!(
            source_file_name(&java, Path::new("S.java"), b"\xff public class A {}"),
            "S.java"
        );
    }

    #[test]
    fn the_public_class_is_read_past_comments_literals_and_nested_types() {
        let cases = [
            ("public class Main { }", Some("Main")),
            (
                "import java.util.*;\npublic final class Main {}",
                Some("Main"),
            ),
            (
                "package a.b;\n@SuppressWarnings(\"unchecked\") public class P<T> {}",
                Some("P"),
            ),
            (
                "public abstract sealed interface Shape permits A {}",
                Some("Shape"),
            ),
            ("public enum E { A, B }", Some("E")),
            ("public record Point(int x, int y) {}", Some("Point")),
            // A helper class first, the public one after it.
            (
                "class Helper { public class Inner {} }\npublic class Main {}",
                Some("Main"),
            ),
            // Not declarations: comments, strings, a text block, a char, `Foo.class`.
            (
                "// public class Comment\n/* public class Block */ class Main {}",
                None,
            ),
            (
                "class M { String s = \"public class S\"; char c = '{'; }",
                None,
            ),
            (
                "class M { String t = \"\"\"\n public class T {\n\"\"\"; }",
                None,
            ),
            (
                "class M { Object o = M.class; public static void main(String[] a) {} }",
                None,
            ),
            ("public @interface Note {} class Main {}", None),
            ("class Main { public class Nested {} }", None),
            // Letters beyond ASCII, and an escape before one inside a literal.
            ("public class 오목 {}", Some("오목")),
            (
                "class A { String s = \"\\한\"; }\npublic class B {}",
                Some("B"),
            ),
            ("", None),
            ("public class", None),
            ("/* unterminated public class X", None),
        ];
        for (source, expected) in cases {
            assert_eq!(public_class_name(source), expected, "{source}");
        }
    }

    #[test]
    fn run_arguments_follow_each_runs_memory_limit() {
        let prepared = Prepared {
            language_id: "java".into(),
            language_name: "Java".into(),
            artifact: PathBuf::from("solution"),
            file_name: "solution".into(),
            program: PathBuf::from("/usr/bin/java"),
            args: vec![
                "java".into(),
                "-XX:MaxRAM={memory_mib}m".into(),
                "-Xmx{heap_mib}m".into(),
            ],
            runtime_overhead_bytes: 40 * MIB,
            out_of_memory_messages: vec!["java.lang.OutOfMemoryError".into()],
            cached: false,
            compile_time: Duration::ZERO,
        };
        let limits = |mib: u64| Limits {
            cpu_time: Duration::from_secs(1),
            wall_time: Duration::from_secs(3),
            memory_bytes: mib * MIB,
            output_bytes: MIB,
            stderr_bytes: 4096,
            max_processes: 64,
        };
        assert_eq!(
            prepared.args_for(&limits(1040)),
            ["java", "-XX:MaxRAM=1040m", "-Xmx1000m"]
        );
        // At least half the limit, when the runtime's overhead is more than half of it.
        assert_eq!(prepared.args_for(&limits(64))[2], "-Xmx32m");
        assert!(prepared.says_out_of_memory(
            b"Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space"
        ));
        assert!(!prepared.says_out_of_memory(b"java.lang.StackOverflowError"));
    }

    #[test]
    fn clean_removes_the_marked_entries_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let made = |path: &Path| {
            std::fs::create_dir_all(path).unwrap();
            files::mark(path).unwrap();
        };
        let entry = dir.path().join("0123456789abcdef0123456789abcdef");
        made(&entry);
        std::fs::write(entry.join("solution"), b"12345").unwrap();
        let built_in = dir.path().join(crate::config::BUILT_IN_CACHE_FOLDER);
        let problems = built_in.join("ab");
        made(&problems);
        let answers = dir.path().join("answers");
        made(&answers);
        let fresh_build = dir.path().join(".build-x");
        made(&fresh_build);
        // The user's: a folder with a key's name, a file among the built-in problems, a
        // folder, a file with a key's name.
        let users_key = dir.path().join("0123456789abcdef0123456789abcdee");
        std::fs::create_dir(&users_key).unwrap();
        let users_file = built_in.join("notes.txt");
        std::fs::write(&users_file, "mine").unwrap();
        let mine = dir.path().join("notes");
        std::fs::create_dir(&mine).unwrap();
        std::fs::write(dir.path().join("0123456789abcdef0123456789abcded"), b"").unwrap();
        let cleaned = clean(dir.path()).unwrap();
        let marker_bytes = std::fs::metadata(fresh_build.join(files::MARKER))
            .unwrap()
            .len();
        assert_eq!(
            cleaned,
            Cleaned {
                entries: 3,
                bytes: 5 + 3 * marker_bytes,
                unmarked: vec![users_key.clone()],
            }
        );
        assert!(!entry.exists() && !problems.exists() && !answers.exists());
        assert!(
            fresh_build.exists(),
            "a compile in progress keeps its folder"
        );
        assert!(mine.exists(), "a folder judge did not write is kept");
        assert!(users_key.exists(), "a folder without the marker is kept");
        assert_eq!(std::fs::read(&users_file).unwrap(), b"mine");
        assert_eq!(
            clean(&dir.path().join("missing")).unwrap(),
            Cleaned::default()
        );
    }

    #[test]
    fn programs_resolve_through_the_path() {
        assert_eq!(
            resolve_program("sh", "/nonexistent:/bin").unwrap(),
            PathBuf::from("/bin/sh")
        );
        assert_eq!(
            resolve_program("./solution", "").unwrap(),
            PathBuf::from("./solution")
        );
        assert_eq!(
            resolve_program("/bin/sh", "").unwrap(),
            PathBuf::from("/bin/sh")
        );
        assert!(matches!(
            resolve_program("no-such-program-here", "/bin"),
            Err(LangError::ProgramNotFound { .. })
        ));
        assert!(find_program("/no/such/program", "/bin").is_none());
    }

    /// The repository's runner.toml (the built-in languages), compiling into `cache`.
    fn shipped_runner(cache: &Path) -> RunnerConfig {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("runner.toml");
        let mut runner = RunnerConfig::load(&file).unwrap();
        runner.cache_dir = cache.to_path_buf();
        runner
    }

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }

    /// A new folder under `parent` holding `files` (name, text).
    fn folder(parent: &Path, files: &[(&str, &str)]) -> PathBuf {
        let dir = tempfile::tempdir_in(parent).unwrap().keep();
        for (name, text) in files {
            write(&dir, name, text);
        }
        dir
    }

    /// Runs `program ARGS` with `input` on its standard input; its standard output.
    fn run(program: &Path, args: &[&str], input: &str) -> String {
        use std::io::Write;
        use std::process::{Command, Stdio};
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let output = child.wait_with_output().unwrap();
        assert!(
            output.status.success(),
            "{program:?} ended with {}",
            output.status
        );
        String::from_utf8(output.stdout).unwrap()
    }

    fn ready(compiled: Compiled) -> Prepared {
        match compiled {
            Compiled::Ready(prepared) => prepared,
            Compiled::Failed { message, .. } => panic!("compilation failed: {message}"),
        }
    }

    /// The language detected for files of these names (each holding `text`).
    fn detect_names(
        runner: &RunnerConfig,
        parent: &Path,
        names: &[&str],
        text: &str,
    ) -> Result<String, LangError> {
        let dir = folder(parent, &[]);
        let files: Vec<PathBuf> = names.iter().map(|name| write(&dir, name, text)).collect();
        detect_language(runner, &files).map(|language| language.id.clone())
    }

    #[test]
    fn detection_counts_files_and_breaks_ties_by_kattis_priority() {
        let dir = tempfile::tempdir().unwrap();
        let runner = shipped_runner(&dir.path().join("cache"));
        let id = |names: &[&str]| detect_names(&runner, dir.path(), names, "x\n").unwrap();
        // The most files win.
        assert_eq!(id(&["a.c", "b.c", "c.cpp"]), "c");
        assert_eq!(id(&["A.java", "B.java", "c.py"]), "java");
        // Ties: C++ > C > Python 3 > Java > ... > Rust > JavaScript.
        assert_eq!(id(&["a.cpp", "b.c"]), "cpp");
        assert_eq!(id(&["a.c", "b.py"]), "c");
        assert_eq!(id(&["a.py", "B.java"]), "python");
        assert_eq!(id(&["a.js", "b.rs"]), "rust");
        // Case-sensitive, as on Kattis: `.C` is C++, `.c` is C; and Kattis's other spellings.
        assert_eq!(id(&["a.C"]), "cpp");
        assert_eq!(id(&["a.c"]), "c");
        assert_eq!(id(&["a.c++", "b.cc", "c.cxx"]), "cpp");
        assert_eq!(id(&["a.py3"]), "python");
        assert_eq!(id(&["a.pypy"]), "pypy3");
        // Files of no language (headers, notes) do not count.
        assert_eq!(id(&["main.cpp", "sum.h", "README.md", "data.txt"]), "cpp");
        // No file of any language: an error saying so, which is not "not graded".
        for names in [&["a.CPP"][..], &["notes.txt", "Makefile"], &[]] {
            let error = detect_names(&runner, dir.path(), names, "x\n").unwrap_err();
            assert!(
                matches!(error, LangError::NoSource { .. }) && !error.not_graded(),
                "{names:?}: {error}"
            );
            assert!(error.to_string().contains(".cpp"), "{error}");
        }
    }

    #[test]
    fn a_python2_shebang_makes_python_2() {
        let dir = tempfile::tempdir().unwrap();
        let runner = shipped_runner(&dir.path().join("cache"));
        let with_first_line =
            |line: &str| detect_names(&runner, dir.path(), &["sol.py"], &format!("{line}\nx\n"));
        for line in [
            "#!/usr/bin/env python2",
            "#!/usr/bin/python2.7",
            "#! /usr/bin/python2 -u",
        ] {
            assert_eq!(with_first_line(line).unwrap(), "python2", "{line}");
        }
        for line in [
            "#!/usr/bin/env python3",
            "#!/usr/bin/python",
            "#!/usr/bin/python22",
            "# python2",
            "import sys",
        ] {
            assert_eq!(with_first_line(line).unwrap(), "python", "{line}");
        }
        // Python 2 wins only a tie: a plain .py file counts for Python 3 alone.
        let dir2 = folder(
            dir.path(),
            &[("a.py", "#!/usr/bin/python2\n"), ("b.py", "print(1)\n")],
        );
        let files = [dir2.join("a.py"), dir2.join("b.py")];
        assert_eq!(detect_language(&runner, &files).unwrap().id, "python");
        // Both files count for Python 2 when both say so; .py2 files always do.
        let both = folder(
            dir.path(),
            &[("a.py", "#!/usr/bin/python2\n"), ("b.py", "#!python2\n")],
        );
        let files = [both.join("a.py"), both.join("b.py")];
        assert_eq!(detect_language(&runner, &files).unwrap().id, "python2");
        assert_eq!(
            detect_names(&runner, dir.path(), &["x.py2"], "x\n").unwrap(),
            "python2"
        );
        assert!(names_python_2(b"#!python2"));
        assert!(!names_python_2(b"#!/usr/bin/python2x"));
        assert!(!names_python_2(b"#!/usr/bin/python2_7"));
        assert!(!names_python_2(b" #!/usr/bin/python2"));
    }

    #[test]
    fn a_language_whose_programs_are_missing_is_not_graded_naming_the_program() {
        let dir = tempfile::tempdir().unwrap();
        let mut runner = shipped_runner(&dir.path().join("cache"));
        let rename = |command: &mut Vec<String>, to: &str| command[0] = to.to_string();
        let language = runner
            .languages
            .iter_mut()
            .find(|l| l.id == "kotlin")
            .unwrap();
        rename(language.compile.as_mut().unwrap(), "no-such-kotlinc-here");
        rename(&mut language.run, "no-such-java-here");
        let kotlin = runner.language("kotlin").unwrap().clone();
        // The compiler is named first, as problemtools checks a language.
        let error = check_installed(&runner, &kotlin).unwrap_err();
        assert!(error.not_graded(), "{error}");
        let text = error.to_string();
        assert!(
            text.starts_with("language kotlin (Kotlin (JVM)): not installed: `no-such-kotlinc-here` (its compiler"),
            "{text}"
        );
        // With the compiler there, the runtime.
        let mut runtime_missing = kotlin.clone();
        runtime_missing.compile = Some(vec!["sh".into(), "{source}".into()]);
        runtime_missing.package = None;
        let text = check_installed(&runner, &runtime_missing)
            .unwrap_err()
            .to_string();
        assert!(
            text.contains("not installed: `no-such-java-here` (its runtime; not found in PATH /usr/local/bin:/usr/bin:/bin)"),
            "{text}"
        );
        // A program the build makes ({binary}) is not looked for.
        let c = runner.language("c").unwrap();
        assert!(check_installed(&runner, c).is_ok());
        // Preparing a Kotlin file fails the same way.
        let source = write(dir.path(), "Main.kt", "fun main() {}\n");
        runner
            .languages
            .iter_mut()
            .find(|l| l.id == "kotlin")
            .unwrap()
            .run = vec!["sh".into(), "{binary}".into()];
        let error = prepare(&runner, &source, None).unwrap_err();
        assert!(
            error.to_string().contains("`no-such-kotlinc-here`"),
            "{error}"
        );
    }

    #[test]
    fn a_kattis_package_s_python_runs_under_pypy_when_it_is_installed() {
        let dir = tempfile::tempdir().unwrap();
        let mut runner = shipped_runner(&dir.path().join("cache"));
        let set_pypy3_program = |runner: &mut RunnerConfig, program: &str| {
            let pypy3 = runner
                .languages
                .iter_mut()
                .find(|l| l.id == "pypy3")
                .unwrap();
            pypy3.compile.as_mut().unwrap()[0] = program.to_string();
            pypy3.run[0] = program.to_string();
        };
        // Installed (a program every machine has stands for it): Python 3 becomes PyPy 3.
        set_pypy3_program(&mut runner, "sh");
        let python = runner.language("python").unwrap();
        let (language, warning) = as_on_kattis(&runner, python);
        assert_eq!((language.id.as_str(), warning), ("pypy3", None));
        // Other languages stay as they are.
        let c = runner.language("c").unwrap();
        assert_eq!(as_on_kattis(&runner, c), (c, None));
        let pypy3 = runner.language("pypy3").unwrap();
        assert_eq!(as_on_kattis(&runner, pypy3).0.id, "pypy3");
        // Not installed: CPython, with a warning naming what is missing.
        set_pypy3_program(&mut runner, "no-such-pypy3-here");
        let python = runner.language("python").unwrap();
        let (language, warning) = as_on_kattis(&runner, python);
        assert_eq!(language.id, "python");
        let warning = warning.unwrap();
        assert!(
            warning.starts_with("run and timed under Python 3 (python3), not pypy3 as on Kattis: `no-such-pypy3-here` is not installed"),
            "{warning}"
        );
        // No pypy3 in runner.toml at all.
        runner.languages.retain(|l| l.id != "pypy3");
        let python = runner.language("python").unwrap();
        let (language, warning) = as_on_kattis(&runner, python);
        assert_eq!(language.id, "python");
        assert!(warning
            .unwrap()
            .contains("runner.toml has no language pypy3"));
    }

    #[test]
    fn every_language_of_problemtools_is_in_runner_toml_with_its_kattis_files() {
        let dir = tempfile::tempdir().unwrap();
        let runner = shipped_runner(&dir.path().join("cache"));
        // problemtools' languages.yaml, by id (its python3 is runner.toml's python); Objective-C
        // (its compile needs GNUstep, which a plain gcc lacks) is left to Kattis.
        for id in [
            "c",
            "cpp",
            "csharp",
            "cobol",
            "fsharp",
            "go",
            "haskell",
            "java",
            "javascript",
            "kotlin",
            "lisp",
            "ocaml",
            "pascal",
            "php",
            "prolog",
            "python2",
            "python",
            "ruby",
            "rust",
            "scala",
        ] {
            let language = runner
                .language(id)
                .unwrap_or_else(|| panic!("runner.toml lacks {id}"));
            let kattis = kattis_language(id).unwrap();
            // Each file runner.toml gives it is one Kattis counts for it (Python 2's .py
            // files count when their shebang says so).
            for extension in &language.extensions {
                assert!(
                    kattis.extensions.contains(&extension.as_str()) || id == "pypy3",
                    "{id}: .{extension}"
                );
            }
        }
        let id = |names: &[&str]| detect_names(&runner, dir.path(), names, "x\n").unwrap();
        for (names, expected) in [
            (&["Main.kt"][..], "kotlin"),
            (&["main.go"], "go"),
            (&["Program.cs"], "csharp"),
            (&["sol.hs"], "haskell"),
            (&["sol.rb"], "ruby"),
            (&["Sol.scala"], "scala"),
            (&["Sol.sc"], "scala"),
            (&["sol.php"], "php"),
            (&["sol.ml"], "ocaml"),
            (&["sol.lisp"], "lisp"),
            (&["sol.cl"], "lisp"),
            (&["sol.pas"], "pascal"),
            (&["sol.pl"], "prolog"),
            (&["sol.cob"], "cobol"),
            (&["sol.fs"], "fsharp"),
            // Haskell counts .c files too, as Kattis's does: two files beat C's one.
            (&["a.hs", "b.c"], "haskell"),
            // A lone .c file is C's: C's priority is above Haskell's.
            (&["b.c"], "c"),
            (&["a.kt", "b.kt", "main.cpp"], "kotlin"),
            // Ties: Kattis's priorities (C# 700 > Haskell 600 > Go 400 > Kotlin 250).
            (&["a.cs", "b.hs"], "csharp"),
            (&["a.go", "b.kt"], "go"),
            (&["main.cpp", "x.kt"], "cpp"),
        ] {
            assert_eq!(id(names), expected, "{names:?}");
        }
        // Haskell's sources are its .hs and .c files.
        let files = folder(dir.path(), &[("a.hs", ""), ("b.c", "")]);
        let paths = [files.join("a.hs"), files.join("b.c")];
        let detection = detect(&runner, &paths, &files).unwrap();
        assert_eq!(detection.sources, [0, 1]);
    }

    #[test]
    fn a_language_only_kattis_knows_is_not_graded_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let runner = shipped_runner(&dir.path().join("cache"));
        let detect = |names: &[&str]| detect_names(&runner, dir.path(), names, "x\n");
        for (names, name) in [
            (&["main.swift"][..], "Swift"),
            (&["main.m"], "Objective-C"),
            (&["main.ts"], "TypeScript"),
            // Kattis's Objective-C counts .c files too.
            (&["a.m", "b.c"], "Objective-C"),
        ] {
            match detect(names) {
                Err(LangError::Unsupported {
                    language,
                    reason: UnsupportedReason::NotInstalled,
                    ..
                }) => assert_eq!(language, name, "{names:?}"),
                other => panic!("{names:?}: {other:?}"),
            }
        }
        // A tie goes to the language in runner.toml.
        assert_eq!(detect(&["main.cpp", "x.swift"]).unwrap(), "cpp");
        // A single file goes the same way.
        let swift = write(dir.path(), "main.swift", "print(1)\n");
        let error = prepare_submission(&runner, &swift, None).unwrap_err();
        assert!(
            error.not_graded() && error.to_string().contains("Swift"),
            "{error}"
        );
        let no_extension = write(dir.path(), "program", "x\n");
        assert!(matches!(
            prepare_submission(&runner, &no_extension, None),
            Err(LangError::NoSource { .. })
        ));
    }

    #[test]
    fn the_main_file_is_main_in_any_case_else_the_first() {
        let main = |names: &[&str]| main_source(names.iter().map(Path::new));
        assert_eq!(main(&["a.cpp", "b/main.cpp", "main.cpp"]), 1);
        assert_eq!(main(&["Helper.java", "Main.java"]), 1);
        assert_eq!(main(&["a.cpp", "MAIN.cpp"]), 1);
        assert_eq!(main(&["a.cpp", "domain.cpp", "main"]), 0);
        assert_eq!(main(&["b.cpp"]), 0);
    }

    #[test]
    fn folder_files_are_found_recursively_in_sorted_order() {
        let dir = tempfile::tempdir().unwrap();
        let root = folder(
            dir.path(),
            &[("b.cpp", ""), ("a/z.h", ""), ("a.cpp", ""), ("A.h", "")],
        );
        std::os::unix::fs::symlink(&root, root.join("loop")).unwrap();
        std::os::unix::fs::symlink(root.join("b.cpp"), root.join("c.cpp")).unwrap();
        let names: Vec<String> = folder_files(&root)
            .unwrap()
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        assert_eq!(names, ["A.h", "a.cpp", "a/z.h", "b.cpp", "c.cpp"]);
    }

    #[test]
    fn the_folder_cache_key_covers_every_file() {
        let dir = tempfile::tempdir().unwrap();
        let runner = shipped_runner(&dir.path().join("cache"));
        let cpp = runner.language("cpp").unwrap();
        let key = |files: &[(&str, &str)]| {
            let workspace = Workspace {
                files: files
                    .iter()
                    .map(|(name, text)| (PathBuf::from(name), text.as_bytes().to_vec()))
                    .collect(),
                shown: files.iter().map(|(name, _)| name.to_string()).collect(),
                sources: vec![0],
                main: 0,
            };
            folder_cache_key(cpp, &workspace)
        };
        let base = key(&[("main.cpp", "int main() {}"), ("sum.h", "int f();")]);
        assert_eq!(
            base,
            key(&[("main.cpp", "int main() {}"), ("sum.h", "int f();")])
        );
        for other in [
            key(&[("main.cpp", "int main() {}"), ("sum.h", "int g();")]),
            key(&[("main.cpp", "int main() {}"), ("add.h", "int f();")]),
            key(&[("main.cpp", "int main() {} "), ("sum.h", "int f();")]),
            key(&[("main.cpp", "int main() {}int"), ("sum.h", " f();")]),
            key(&[("main.cpp", "int main() {}")]),
        ] {
            assert_ne!(base, other);
        }
        assert_ne!(base, cache_key(cpp, "main.cpp", b"int main() {}"));
    }

    #[test]
    fn a_submission_s_language_and_digest_are_known_without_building() {
        let dir = tempfile::tempdir().unwrap();
        let runner = shipped_runner(&dir.path().join("cache"));
        let id = |path: &Path, like_kattis: bool| {
            submission_language(&runner, path, None, like_kattis)
                .unwrap()
                .map(|l| l.id.clone())
        };
        let program = folder(
            dir.path(),
            &[("main.cpp", "int main() {}"), ("sum.h", "int f();")],
        );
        assert_eq!(id(&program, false).as_deref(), Some("cpp"));
        let file = program.join("main.cpp");
        assert_eq!(id(&file, false).as_deref(), Some("cpp"));
        let unknown = dir.path().join("program");
        std::fs::write(&unknown, "").unwrap();
        // A file no language lists: a ready binary, or not graded the Kattis way.
        assert_eq!(id(&unknown, false), None);
        assert!(submission_language(&runner, &unknown, None, true).is_err());
        assert_eq!(
            submission_language(&runner, &unknown, Some("python"), false)
                .unwrap()
                .map(|l| l.id.as_str()),
            Some("python")
        );
        // A folder's digest covers every file's name and bytes.
        let digest = submission_sha256(&program).unwrap();
        assert_eq!(digest, submission_sha256(&program).unwrap());
        assert_ne!(digest, submission_sha256(&file).unwrap());
        std::fs::write(program.join("sum.h"), "int g();").unwrap();
        let changed = submission_sha256(&program).unwrap();
        assert_ne!(digest, changed);
        std::fs::rename(program.join("sum.h"), program.join("add.h")).unwrap();
        assert_ne!(changed, submission_sha256(&program).unwrap());
    }

    const SUM_MAIN: &str = "#include <cstdio>\n#include \"sum.h\"\n\
        int main() { long a, b; if (scanf(\"%ld %ld\", &a, &b) != 2) return 1; \
        printf(\"%ld\\n\", sum(a, b)); }\n";
    const SUM_HEADER: &str = "#pragma once\nlong sum(long a, long b);\n";
    const SUM: &str = "#include \"sum.h\"\nlong sum(long a, long b) { return a + b; }\n";

    #[test]
    fn a_cpp_folder_compiles_every_source_into_one_program() {
        let dir = tempfile::tempdir().unwrap();
        let runner = shipped_runner(&dir.path().join("cache"));
        let program = folder(
            dir.path(),
            &[
                ("main.cpp", SUM_MAIN),
                ("sum.cpp", SUM),
                ("sum.h", SUM_HEADER),
                ("README.md", "notes\n"),
            ],
        );
        let prepared = ready(prepare_folder(&runner, &program, None).unwrap());
        assert_eq!(prepared.language_id, "cpp");
        assert_eq!(prepared.file_name, "solution");
        assert!(!prepared.cached);
        assert_eq!(run(&prepared.artifact, &[], "2 40\n"), "42\n");
        // Every file went into the build folder, headers and notes too.
        let entry = prepared.artifact.parent().unwrap();
        for name in ["main.cpp", "sum.cpp", "sum.h", "README.md"] {
            assert!(entry.join(FOLDER_SOURCES).join(name).is_file(), "{name}");
        }
        let again = ready(prepare_submission(&runner, &program, None).unwrap());
        assert!(again.cached && again.artifact == prepared.artifact);

        // Sources in a subfolder, the main file not first in sorted order.
        let nested = folder(
            dir.path(),
            &[
                ("Main.cc", &SUM_MAIN.replace("\"sum.h\"", "\"lib/sum.h\"")),
                ("lib/sum.cpp", SUM),
                ("lib/sum.h", SUM_HEADER),
            ],
        );
        let prepared = ready(prepare_folder(&runner, &nested, None).unwrap());
        assert_eq!(run(&prepared.artifact, &[], "-5 3\n"), "-2\n");

        // A compile error is CE, with the compiler's message.
        let broken = folder(
            dir.path(),
            &[("main.cpp", SUM_MAIN), ("sum.cpp", "long sum(")],
        );
        match prepare_folder(&runner, &broken, None).unwrap() {
            Compiled::Failed {
                language_id,
                message,
            } => assert!(
                language_id == "cpp" && message.contains("sum.cpp"),
                "{message}"
            ),
            Compiled::Ready(_) => panic!("a broken source compiled"),
        }
    }

    #[test]
    fn a_java_folder_runs_the_main_class() {
        if find_program("javac", &std::env::var("PATH").unwrap_or_default()).is_none() {
            eprintln!("javac is not installed: skipped");
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        let runner = shipped_runner(&dir.path().join("cache"));
        let program = folder(
            dir.path(),
            &[
                (
                    "Helper.java",
                    "class Helper {\n    static long twice(long x) { return 2 * x; }\n}\n",
                ),
                (
                    "Main.java",
                    "import java.util.Scanner;\n\npublic class Main {\n    \
                     public static void main(String[] args) {\n        \
                     long x = new Scanner(System.in).nextLong();\n        \
                     System.out.println(Helper.twice(x));\n    }\n}\n",
                ),
            ],
        );
        let prepared = ready(prepare_folder(&runner, &program, None).unwrap());
        assert_eq!(prepared.language_id, "java");
        let java = find_program("java", &runner.sandbox.path).unwrap();
        assert_eq!(
            run(
                &java,
                &["-jar", &prepared.artifact.to_string_lossy()],
                "21\n"
            ),
            "42\n"
        );
    }

    #[test]
    fn a_folder_of_a_runtime_that_reads_one_file_takes_one_source() {
        let dir = tempfile::tempdir().unwrap();
        let runner = shipped_runner(&dir.path().join("cache"));
        let two = folder(
            dir.path(),
            &[("main.py", "import helper\n"), ("helper.py", "x = 1\n")],
        );
        let error = prepare_folder(&runner, &two, None).unwrap_err();
        assert!(
            matches!(
                error,
                LangError::Unsupported {
                    reason: UnsupportedReason::MultiFile { sources: 2 },
                    ..
                }
            ) && error.not_graded(),
            "{error}"
        );
        assert!(
            error
                .to_string()
                .contains("a multi-file Python 3 submission is not supported"),
            "{error}"
        );

        // One source and a data file: as `prepare` on the source.
        let one = folder(
            dir.path(),
            &[("sol.py", "print(input())\n"), ("notes.txt", "x\n")],
        );
        let prepared = ready(prepare_folder(&runner, &one, None).unwrap());
        assert_eq!(prepared.language_id, "python");
        assert_eq!(
            prepared.args.last().unwrap(),
            &format!("./{}", prepared.file_name)
        );
        assert!(matches!(
            prepare_folder(&runner, &one, Some("brainfuck")),
            Err(LangError::UnknownLanguageId(_))
        ));
    }

    #[test]
    #[ignore = "needs pypy3"]
    fn a_language_given_for_another_s_extension_takes_the_files_detection_would_take() {
        let dir = tempfile::tempdir().unwrap();
        let runner = shipped_runner(&dir.path().join("cache"));
        let one = folder(
            dir.path(),
            &[("sol.py", "print(input())\n"), ("notes.txt", "x\n")],
        );
        let prepared = ready(prepare_folder(&runner, &one, Some("pypy3")).unwrap());
        assert_eq!(prepared.language_id, "pypy3");
    }

    #[test]
    fn a_folder_with_a_build_script_is_not_graded() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let runner = shipped_runner(&dir.path().join("cache"));
        let program = folder(
            dir.path(),
            &[("build", "#!/bin/sh\nmake\n"), ("main.cpp", "")],
        );
        assert!(
            !has_build_script(&program),
            "not executable: a file like another"
        );
        std::fs::set_permissions(
            program.join("build"),
            std::fs::Permissions::from_mode(0o755),
        )
        .unwrap();
        let error = prepare_folder(&runner, &program, None).unwrap_err();
        assert!(
            matches!(error, LangError::BuildScript { .. }) && error.not_graded(),
            "{error}"
        );
        assert!(error
            .to_string()
            .contains("build scripts are not supported"));
    }
}
