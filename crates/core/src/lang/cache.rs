//! The compile cache: a folder per build, named by a content hash of the language, its build
//! commands and the sources, published by an atomic rename (so several graders may share the
//! cache, and a compile served from it starts no sandbox); and emptying it (`judge clean`),
//! which removes only what judge marked as its own.

use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

use crate::config::Language;
use crate::files;

use super::runtime::run_command;
use super::{build, stem, BuildSetup, Compiled, LangError, Prepared, Workspace, BINARY};

/// Serves `workspace`'s build from the cache entry `key`, or builds it there; then resolves
/// the run command.
pub(super) fn build_cached(
    setup: &BuildSetup,
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
    let (program, args) = run_command(&setup.sandbox.path, language, &file_name, stem(&main_name))?;
    let entry = setup.cache_dir.join(key);
    let artifact = if language.runs_binary() {
        entry.join(BINARY)
    } else {
        entry.join(&workspace.files[workspace.main].0)
    };
    let build = CachedBuild {
        probe: artifact.clone(),
        entry,
        artifact,
        file_name,
        program,
        args,
    };
    serve_or_build(setup, language, workspace, build)
}

/// Builds a folder of sources run in place ([`super::prepare_program_folder`]) through the
/// cache: the program is the whole build folder, run with the main source's path in it.
pub(super) fn build_in_place(
    setup: &BuildSetup,
    language: &Language,
    workspace: &Workspace,
) -> Result<Compiled, LangError> {
    let mut hasher = language_hasher(language);
    hasher.update(b"run in place\0");
    hasher.update(folder_cache_key(language, workspace).as_bytes());
    let entry = setup.cache_dir.join(hex_key(hasher));
    let main = workspace.files[workspace.main]
        .0
        .to_string_lossy()
        .into_owned();
    let (program, args) = run_command(&setup.sandbox.path, language, &main, stem(&main))?;
    let build = CachedBuild {
        probe: entry.join(&main),
        artifact: entry.clone(),
        entry,
        file_name: main,
        program,
        args,
    };
    serve_or_build(setup, language, workspace, build)
}

/// A build's place in the cache and the program it gives.
struct CachedBuild {
    /// The cache entry (a folder) the build is published as.
    entry: PathBuf,
    /// The file whose presence in the entry says the build is there.
    probe: PathBuf,
    /// What [`Prepared::artifact`] is: a file of the entry, or the entry itself.
    artifact: PathBuf,
    file_name: String,
    program: PathBuf,
    args: Vec<String>,
}

/// Serves `build` from the cache, or builds `workspace` into it first.
fn serve_or_build(
    setup: &BuildSetup,
    language: &Language,
    workspace: &Workspace,
    build: CachedBuild,
) -> Result<Compiled, LangError> {
    let started = Instant::now();
    let cached = build.probe.is_file();
    if !cached {
        if let Some(message) =
            build_into_cache(setup, language, workspace, &build.entry, &build.probe)?
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
        artifact: build.artifact,
        file_name: build.file_name,
        program: build.program,
        args: build.args,
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
    setup: &BuildSetup,
    language: &Language,
    workspace: &Workspace,
    entry: &Path,
    artifact: &Path,
) -> Result<Option<String>, LangError> {
    let folder = match build::build(setup, language, workspace)? {
        build::Outcome::Built(folder) => folder,
        build::Outcome::Failed(message) => return Ok(Some(message)),
    };
    // Publish atomically: a folder rename either lands whole or finds another grader's
    // identical result already there.
    if folder.publish(entry).is_err() && !artifact.is_file() {
        return Err(LangError::Cache {
            dir: setup.cache_dir.to_path_buf(),
            cause: std::io::Error::other(format!(
                "cannot store the compiled solution in {}",
                entry.display()
            )),
        });
    }
    Ok(None)
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

/// The cache key: language, build commands, the name the source is compiled under (which
/// matters to Java) and the source bytes.
pub(super) fn cache_key(language: &Language, source_name: &str, source: &[u8]) -> String {
    let mut hasher = language_hasher(language);
    hasher.update(source_name.as_bytes());
    hasher.update([0]);
    hasher.update(source);
    hex_key(hasher)
}

/// The cache key of a folder: language, build commands, the main file, and every file's
/// relative name and bytes (each with its length, so no two folders hash alike by moving
/// bytes from one file to the next).
pub(super) fn folder_cache_key(language: &Language, workspace: &Workspace) -> String {
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
pub(super) fn language_hasher(language: &Language) -> Sha256 {
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
pub(super) fn hex_key(hasher: Sha256) -> String {
    let digest = hasher.finalize();
    digest.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
