//! Turning a submission into something runnable. A submission is one file ([`prepare`]) or,
//! as in Kattis problem packages, a folder of files built as one program
//! ([`prepare_folder`]; [`prepare_submission`] takes either). This module holds what they
//! share: the errors, the prepared solution, and the name a source is compiled under. A
//! language whose compiler or runtime is not installed is an error naming both.
//!
//! - [`detect`]: which language a submission is in, the Kattis way.
//! - [`folder`]: a folder of files as one program, and a submission's digest.
//! - [`cache`]: the compile cache keyed by a content hash (written atomically, so several
//!   graders may share it; a compile served from it starts no sandbox), and emptying it
//!   (`judge clean`).
//! - [`build`]: compiling in the sandbox under the compile limits (a compile command, then an
//!   optional package command).
//! - [`runtime`]: the run command of a prepared solution, with the run's own placeholders
//!   (`{memory_mib}`) filled in from the limits of each run; whether a language is installed.
//!
//! Nothing here reads the whole configuration: functions take the languages
//! (`&[Language]`), and a build the [`BuildSetup`] (the languages, the compile limits, the
//! sandbox and the cache).

mod build;
mod cache;
mod detect;
mod folder;
mod runtime;
mod scripts;

use std::path::{Path, PathBuf};
use std::time::Duration;

use thiserror::Error;

use crate::config::{Language, RunnerConfig, SandboxConfig};
use crate::files::{self, FileError};
use crate::limits::CompileLimits;

pub use cache::{clean, Cleaned};
pub use detect::{
    code_of_id, detect_language, id_of_code, is_kattis_code, is_kattis_source, kattis_code,
    submission_language,
};
pub use folder::{folder_files, main_source};
pub use folder::{prepare_folder, prepare_program_folder, submission_sha256};
pub use runtime::{as_on_kattis, check_installed, resolve_program};
pub use scripts::{has_scripts, prepare_scripts};

use cache::{build_cached, cache_key};
use detect::{by_id, known_extensions};
use runtime::{find_program, missing_program};

/// What building and running a solution takes of the configuration: the languages, the
/// compile cache, what a compile may use and the sandbox it runs in, and the cap on sources.
#[derive(Debug, Clone, Copy)]
pub struct BuildSetup<'a> {
    pub languages: &'a [Language],
    /// Where compiled programs are kept.
    pub cache_dir: &'a Path,
    pub compile: &'a CompileLimits,
    pub sandbox: &'a SandboxConfig,
    /// The most a submission's sources may hold together.
    pub sources: files::Cap,
}

impl<'a> BuildSetup<'a> {
    /// The setup runner.toml describes.
    pub fn of(runner: &'a RunnerConfig) -> BuildSetup<'a> {
        BuildSetup {
            languages: &runner.languages,
            cache_dir: &runner.cache_dir,
            compile: &runner.compile,
            sandbox: &runner.sandbox,
            sources: runner.files.sources(),
        }
    }
}

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
    Sandbox { cause: judge_sandbox::SandboxError },
    #[error(
        "cannot run the compiler `{program}` in the sandbox: {message} (a compiler outside the \
         system folders needs the folders it uses in sandbox.read_only_paths of runner.toml)"
    )]
    CompilerNotStarted { program: String, message: String },
    #[error("`{program}` is not in the sandbox PATH ({path})")]
    ProgramNotFound { program: String, path: String },
    /// A folder of a submission or a program nested deeper than the bound on folder depth.
    #[error("{path}: the depth of its folders {bound}")]
    TooDeep {
        path: PathBuf,
        bound: crate::bounds::OutOfBounds,
    },
    #[error("{path}: no source of the language is its entry point {entrypoint:?} (a file's path in the folder, or its name without extension)")]
    NoEntrypoint { path: PathBuf, entrypoint: String },
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
}

impl UnsupportedReason {
    fn describe(&self, language: &str) -> String {
        match self {
            UnsupportedReason::NotInstalled => {
                format!("{language} is not installed here (runner.toml has no such language)")
            }
        }
    }
}

impl LangError {
    /// Whether the submission is one Kattis would grade that this grader does not (a language
    /// not installed, a build script): a caller
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

/// Largest compiler message kept.
const MESSAGE_CAP: usize = 64 * 1024;

/// The name of a compiled program, in the build folder and in a run's folder.
const BINARY: &str = "solution";

/// Picks the language (given id, or by extension, or a ready binary) and compiles if needed.
pub fn prepare(
    setup: &BuildSetup,
    source: &Path,
    language_id: Option<&str>,
) -> Result<Compiled, LangError> {
    let language = match language_id {
        Some(id) => Some(by_id(setup.languages, id)?),
        None => Language::of_file(setup.languages, source),
    };
    let Some(language) = language else {
        return ready_binary(setup.languages, source);
    };
    let bytes = files::read(source, setup.sources)?;
    let source_name = source_file_name(language, source, &bytes);
    let key = cache_key(language, &source_name, &bytes);
    let workspace = Workspace {
        files: vec![(PathBuf::from(source_name), bytes)],
        shown: vec![source.display().to_string()],
        sources: vec![0],
        main: 0,
    };
    build_cached(setup, language, &workspace, &key)
}

/// A submission that is a file or a folder: a folder is built as one program
/// ([`prepare_folder`]; its main file the `entrypoint`, when given); a file's language is
/// detected the Kattis way ([`detect_language`]) unless `language_id` names it, so a file no
/// language knows is an error here, not a ready binary.
pub fn prepare_submission(
    setup: &BuildSetup,
    path: &Path,
    language_id: Option<&str>,
    entrypoint: Option<&str>,
) -> Result<Compiled, LangError> {
    if path.is_dir() {
        return folder::prepare_folder_from(setup, path, language_id, entrypoint);
    }
    match language_id {
        Some(id) => prepare(setup, path, Some(id)),
        None => {
            let language = detect_language(setup.languages, &[path.to_path_buf()])?;
            prepare(setup, path, Some(&language.id))
        }
    }
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

/// A submitted executable without a known source extension runs as it is.
fn ready_binary(languages: &[Language], source: &Path) -> Result<Compiled, LangError> {
    use std::os::unix::fs::PermissionsExt;
    let meta = std::fs::metadata(source).map_err(|cause| LangError::ReadSource {
        path: source.to_path_buf(),
        cause,
    })?;
    if !meta.is_file() || meta.permissions().mode() & 0o111 == 0 {
        return Err(LangError::UnknownLanguage {
            path: source.to_path_buf(),
            known: known_extensions(languages),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::{Allowance, MIB};

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

    /// The repository's runner.toml (the built-in languages), compiling into `cache`.
    pub(super) fn shipped_runner(cache: &Path) -> RunnerConfig {
        let file = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("runner.toml");
        let mut runner = RunnerConfig::load(&file).unwrap();
        runner.cache_dir = cache.to_path_buf();
        runner
    }

    pub(super) fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }

    /// A new folder under `parent` holding `files` (name, text).
    pub(super) fn folder(parent: &Path, files: &[(&str, &str)]) -> PathBuf {
        let dir = tempfile::tempdir_in(parent).unwrap().keep();
        for (name, text) in files {
            write(&dir, name, text);
        }
        dir
    }

    /// Runs `program ARGS` with `input` on its standard input; its standard output.
    pub(super) fn run(program: &Path, args: &[&str], input: &str) -> String {
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

    pub(super) fn ready(compiled: Compiled) -> Prepared {
        match compiled {
            Compiled::Ready(prepared) => prepared,
            Compiled::Failed { message, .. } => panic!("compilation failed: {message}"),
        }
    }

    /// The language detected for files of these names (each holding `text`).
    pub(super) fn detect_names(
        languages: &[Language],
        parent: &Path,
        names: &[&str],
        text: &str,
    ) -> Result<String, LangError> {
        let dir = folder(parent, &[]);
        let files: Vec<PathBuf> = names.iter().map(|name| write(&dir, name, text)).collect();
        detect_language(languages, &files).map(|language| language.id.clone())
    }
}
