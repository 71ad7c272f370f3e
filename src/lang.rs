//! Turning a submitted file into something runnable: language detection, compilation with a
//! time limit (a compile command, then an optional package command), and a compile cache keyed
//! by a content hash (written atomically, so several graders may share it), and emptying that
//! cache (`judge clean`). Also resolves the run command of a prepared solution, and fills in
//! the run's own placeholders (`{memory_mib}`) from the limits of each run. A language whose
//! compiler or runtime is not installed is an error naming both.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::config::{Language, RunnerConfig};
use crate::limits::{Limits, MIB};
use crate::sandbox::run_limited;

#[derive(Debug, Error)]
pub enum LangError {
    #[error("cannot read the solution {path}: {cause}")]
    ReadSource {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error("no language in runner.toml for {path} (known extensions: {known}; `judge config` shows the languages); a ready binary must be executable")]
    UnknownLanguage { path: PathBuf, known: String },
    #[error("unknown language `{0}` (see [languages] in runner.toml)")]
    UnknownLanguageId(String),
    #[error("the compile cache {dir}: {cause}")]
    Cache { dir: PathBuf, cause: std::io::Error },
    #[error("cannot start the compiler `{program}`: {cause}")]
    StartCompiler {
        program: String,
        cause: std::io::Error,
    },
    #[error("`{program}` is not in the sandbox PATH ({path})")]
    ProgramNotFound { program: String, path: String },
    #[error(
        "language {language}: the {role} `{program}` is not installed (not found in {where_})"
    )]
    MissingProgram {
        language: String,
        /// `compiler` or `runtime`.
        role: &'static str,
        program: String,
        /// Where it was looked for: a PATH, or the file named.
        where_: String,
    },
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
    let bytes = std::fs::read(source).map_err(|cause| LangError::ReadSource {
        path: source.to_path_buf(),
        cause,
    })?;
    let source_name = source_file_name(language, source);
    let file_name = if language.runs_binary() {
        "solution".to_string()
    } else {
        source_name.clone()
    };
    let (program, args) = run_command(runner, language, &file_name, stem(&source_name))?;
    let key = cache_key(language, &source_name, &bytes);
    let entry = runner.cache_dir.join(&key);
    let artifact = entry.join(&file_name);
    let started = Instant::now();
    let cached = artifact.is_file();
    if !cached {
        if let Some(message) =
            build_into_cache(runner, language, &bytes, &source_name, &entry, &artifact)?
        {
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

/// Compiles `source` in a private folder of the cache and publishes it as `entry` (which then
/// holds `artifact`); returns the compiler's message when compilation fails.
fn build_into_cache(
    runner: &RunnerConfig,
    language: &Language,
    source: &[u8],
    source_name: &str,
    entry: &Path,
    artifact: &Path,
) -> Result<Option<String>, LangError> {
    let cache_error = |cause| LangError::Cache {
        dir: runner.cache_dir.clone(),
        cause,
    };
    std::fs::create_dir_all(&runner.cache_dir).map_err(cache_error)?;
    let build = tempfile::Builder::new()
        .prefix(".build-")
        .tempdir_in(&runner.cache_dir)
        .map_err(cache_error)?;
    let source_copy = build.path().join(source_name);
    std::fs::write(&source_copy, source).map_err(cache_error)?;
    let binary = build.path().join("solution");
    for template in language.build_steps() {
        let command: Vec<String> = template
            .iter()
            .map(|part| {
                part.replace("{source}", &source_copy.to_string_lossy())
                    .replace("{binary}", &binary.to_string_lossy())
                    .replace("{dir}", &build.path().to_string_lossy())
                    .replace("{stem}", stem(source_name))
            })
            .collect();
        let host_path = std::env::var("PATH").unwrap_or_default();
        if find_program(&command[0], &host_path).is_none() {
            return Err(missing_program(
                language,
                "compiler",
                &command[0],
                &host_path,
            ));
        }
        if let Some(message) = compile(&command, build.path(), runner.compile_time_limit)? {
            return Ok(Some(message));
        }
    }
    if language.runs_binary() && !binary.is_file() {
        return Ok(Some(format!(
            "the compiler did not write {}",
            binary.display()
        )));
    }
    make_world_readable(build.path());
    // Publish atomically: a folder rename either lands whole or finds another grader's
    // identical result already there.
    let staged = build.keep();
    if std::fs::rename(&staged, entry).is_err() {
        let _ = std::fs::remove_dir_all(&staged);
        if !artifact.is_file() {
            return Err(cache_error(std::io::Error::other(format!(
                "cannot store the compiled solution in {}",
                entry.display()
            ))));
        }
    }
    Ok(None)
}

/// What `clean` removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cleaned {
    /// Cache entries (compiled solutions, the written-out built-in problems) removed.
    pub entries: usize,
    /// Their size on disk, in bytes (file lengths).
    pub bytes: u64,
}

/// A compile in progress leaves its `.build-` folder this long at most; older ones are left
/// over from an interrupted grader.
const STALE_BUILD: Duration = Duration::from_secs(3600);

/// Empties the compile cache `dir`: every entry this module or `config` wrote (folders named
/// by a content hash, the built-in problems written out, `.build-` folders left by an
/// interrupted compile), and nothing else, so a `cache_dir` pointed at the wrong folder loses
/// nothing of the user's. A missing folder is already empty.
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
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        let is_key = name.len() == 32 && name.bytes().all(|b| b.is_ascii_hexdigit());
        let stale_build = name.starts_with(".build-")
            && entry
                .metadata()
                .and_then(|m| m.modified())
                .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > STALE_BUILD));
        if !(is_key || stale_build || name == crate::config::BUILT_IN_CACHE_FOLDER)
            || !path.is_dir()
        {
            continue;
        }
        let bytes = folder_bytes(&path);
        std::fs::remove_dir_all(&path).map_err(cache_error)?;
        cleaned.entries += 1;
        cleaned.bytes += bytes;
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
        let known: Vec<String> = runner
            .languages
            .iter()
            .flat_map(|l| l.extensions.iter().map(|e| format!(".{e}")))
            .collect();
        return Err(LangError::UnknownLanguage {
            path: source.to_path_buf(),
            known: known.join(" "),
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

/// The name the source is compiled under, with the language's first extension: the
/// submitted file's own name for a language that keeps it (Java's public class must be in a
/// file of its name), else `solution`.
fn source_file_name(language: &Language, source: &Path) -> String {
    let own_stem = source
        .file_stem()
        .and_then(|stem| stem.to_str())
        .filter(|stem| !stem.is_empty() && !stem.starts_with('.'));
    let stem = match own_stem {
        Some(stem) if language.keep_file_name => stem,
        _ => "solution",
    };
    format!(
        "{stem}.{}",
        language.extensions.first().map_or("", String::as_str)
    )
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
    let mut hasher = Sha256::new();
    hasher.update(language.id.as_bytes());
    hasher.update([0]);
    for step in language.build_steps() {
        for part in step {
            hasher.update(part.as_bytes());
            hasher.update([0]);
        }
        hasher.update([1]);
    }
    hasher.update(source_name.as_bytes());
    hasher.update([0]);
    hasher.update(source);
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
        language: language.id.clone(),
        role,
        program: program.to_string(),
        where_: if program.contains('/') {
            "that place".to_string()
        } else {
            format!("PATH {path}")
        },
    }
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

/// Runs a compiler; `Ok(None)` on success, `Ok(Some(message))` when it failed or ran out of
/// time.
fn compile(command: &[String], dir: &Path, limit: Duration) -> Result<Option<String>, LangError> {
    let mut compiler = Command::new(&command[0]);
    compiler.args(&command[1..]).current_dir(dir);
    let ended = run_limited(&mut compiler, limit, MESSAGE_CAP).map_err(|cause| {
        LangError::StartCompiler {
            program: command[0].clone(),
            cause,
        }
    })?;
    let mut message = ended.stderr;
    message.extend(ended.stdout);
    let text = String::from_utf8_lossy(&message).trim_end().to_string();
    match ended.status {
        Some(status) if status.success() => Ok(None),
        Some(status) => Ok(Some(if text.is_empty() {
            format!("the compiler ended with {status}")
        } else {
            text
        })),
        None => Ok(Some(format!(
            "compilation took longer than {} s\n{text}",
            limit.as_secs_f64()
        ))),
    }
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
            run: vec!["java".into(), "{binary}".into()],
            runtime_overhead_bytes: 40 * MIB,
            out_of_memory_messages: vec!["java.lang.OutOfMemoryError".into()],
            allowance: Allowance::NONE,
        }
    }

    #[test]
    fn a_language_may_keep_the_submitted_file_name() {
        let source = Path::new("solutions/x/BfsRank.java");
        assert_eq!(source_file_name(&language(true), source), "BfsRank.java");
        assert_eq!(source_file_name(&language(false), source), "solution.java");
        // Whatever the submitted file's extension (--language), the compiler gets its own, and
        // the source never takes the compiled program's name.
        let odd = |name: &str| source_file_name(&language(true), Path::new(name));
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
    fn clean_removes_cache_entries_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let entry = dir.path().join("0123456789abcdef0123456789abcdef");
        std::fs::create_dir(&entry).unwrap();
        std::fs::write(entry.join("solution"), b"12345").unwrap();
        let problems = dir
            .path()
            .join(crate::config::BUILT_IN_CACHE_FOLDER)
            .join("ab");
        std::fs::create_dir_all(&problems).unwrap();
        let fresh_build = dir.path().join(".build-x");
        std::fs::create_dir(&fresh_build).unwrap();
        let mine = dir.path().join("notes");
        std::fs::create_dir(&mine).unwrap();
        std::fs::write(dir.path().join("0123456789abcdef0123456789abcdee"), b"").unwrap();
        let cleaned = clean(dir.path()).unwrap();
        assert_eq!(
            cleaned,
            Cleaned {
                entries: 2,
                bytes: 5
            }
        );
        assert!(!entry.exists() && !problems.exists());
        assert!(
            fresh_build.exists(),
            "a compile in progress keeps its folder"
        );
        assert!(mine.exists(), "a folder judge did not write is kept");
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
}
