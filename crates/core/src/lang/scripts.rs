//! Programs built and run by their own scripts, as the Kattis package format allows for
//! validators: a folder holding a `build` script (run first, in a copy of the folder, which is
//! its working folder) and a `run` program (there from the start or left by `build`), invoked
//! as a one-file program is. The build is an ordinary build ([`super::build`]): in the
//! sandbox, under the compile limits, through the compile cache (keyed by every file of the
//! folder, its bytes and whether it is executable); `./build` is its one step. What it leaves
//! is the program: the whole folder, which a run gets as its work folder (`/box`) and runs
//! in place as `./run`, so the files `build` made are beside it as they were when it ran.
//!
//! problemtools takes a folder with an executable `build` for such a program; the format
//! (legacy) takes either file. A folder with `run` alone is run as it is.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::cache::{hex_key, language_hasher};
use super::folder::FolderReader;
use super::{build, folder_files, BuildSetup, Compiled, LangError, Prepared, Workspace};
use crate::config::Language;
use crate::limits::Allowance;

/// The script a folder is built with, and the program it is run by.
const BUILD: &str = "build";
const RUN: &str = "run";

/// The id and name such a program's builds go under.
const ID: &str = "scripts";
const NAME: &str = "its own build/run scripts";

/// Whether `dir` is a folder with a `build` or `run` file of its own (not a link).
pub fn has_scripts(dir: &Path) -> bool {
    [BUILD, RUN]
        .iter()
        .any(|name| std::fs::symlink_metadata(dir.join(name)).is_ok_and(|meta| meta.is_file()))
}

/// The language such a program is built in: `./build` as its one step (none without a build
/// script), `./run` as its run command.
fn language(builds: bool) -> Language {
    Language {
        id: ID.to_string(),
        name: NAME.to_string(),
        extensions: Vec::new(),
        compile: builds.then(|| vec![format!("./{BUILD}")]),
        package: None,
        keep_file_name: false,
        name_after_public_class: false,
        run: vec![format!("./{RUN}")],
        runtime_overhead_bytes: 0,
        out_of_memory_messages: Vec::new(),
        compile_read_only_paths: Vec::new(),
        binary_name: None,
        allowance: Allowance::NONE,
    }
}

/// Builds the folder `dir` with its own `build` script (if it has one) through the compile
/// cache; the program is the folder the build leaves, run as `./run` in it.
pub fn prepare_scripts(setup: &BuildSetup, dir: &Path) -> Result<Compiled, LangError> {
    use std::os::unix::fs::PermissionsExt;
    let relative = folder_files(dir)?;
    let mut reader = FolderReader::new(dir, setup.sources)?;
    let mut workspace = Workspace {
        files: Vec::with_capacity(relative.len()),
        shown: Vec::with_capacity(relative.len()),
        sources: Vec::new(),
        main: 0,
    };
    let mut executable = Vec::new();
    for (index, name) in relative.iter().enumerate() {
        let file = dir.join(name);
        let bytes = reader.read(&file)?;
        let mode = std::fs::metadata(&file)
            .map_err(|cause| LangError::ReadSource {
                path: file.clone(),
                cause,
            })?
            .permissions()
            .mode();
        if mode & 0o111 != 0 {
            executable.push(index);
        }
        workspace.shown.push(file.display().to_string());
        workspace.files.push((name.clone(), bytes));
    }
    let build_at = relative.iter().position(|name| name == Path::new(BUILD));
    let language = language(build_at.is_some());
    if let Some(at) = build_at {
        if !executable.contains(&at) {
            return Ok(Compiled::Failed {
                language_id: ID.to_string(),
                message: format!(
                    "{}: the build script is not executable (the format runs it as `./{BUILD}`)",
                    dir.join(BUILD).display()
                ),
            });
        }
    }
    let entry = setup
        .cache_dir
        .join(cache_key(&language, &workspace, &executable));
    let run = entry.join(RUN);
    let started = Instant::now();
    let cached = run.is_file();
    if !cached {
        let folder = match build::build_with_modes(setup, &language, &workspace, &executable)? {
            build::Outcome::Built(folder) => folder,
            build::Outcome::Failed(message) => {
                return Ok(Compiled::Failed {
                    language_id: ID.to_string(),
                    message,
                })
            }
        };
        // Published whole, or another grader's identical build is there already.
        if folder.publish(&entry).is_err() && !run.is_file() {
            return Err(LangError::Cache {
                dir: setup.cache_dir.to_path_buf(),
                cause: std::io::Error::other(format!(
                    "cannot store the built program in {}",
                    entry.display()
                )),
            });
        }
    }
    Ok(Compiled::Ready(Prepared {
        language_id: ID.to_string(),
        language_name: NAME.to_string(),
        artifact: entry,
        file_name: RUN.to_string(),
        program: PathBuf::from(format!("./{RUN}")),
        args: vec![format!("./{RUN}")],
        runtime_overhead_bytes: 0,
        out_of_memory_messages: Vec::new(),
        cached,
        compile_time: if cached {
            Duration::ZERO
        } else {
            started.elapsed()
        },
    }))
}

/// The cache key of a folder built by its scripts: every file's name, whether it is
/// executable, and its bytes.
fn cache_key(language: &Language, workspace: &Workspace, executable: &[usize]) -> String {
    use sha2::Digest;
    use std::os::unix::ffi::OsStrExt;
    let mut hasher = language_hasher(language);
    hasher.update(b"own scripts\0");
    for (index, (path, bytes)) in workspace.files.iter().enumerate() {
        let name = path.as_os_str().as_bytes();
        hasher.update((name.len() as u64).to_le_bytes());
        hasher.update(name);
        hasher.update([u8::from(executable.contains(&index))]);
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(bytes);
    }
    hex_key(hasher)
}
