//! Where problems come from, in the order an id is looked up: the project's `problems/` folders
//! (beside `--config FILE`, then beside the project's runner.toml), the user's
//! (`$XDG_DATA_HOME/judge/problems`, else `~/.local/share/judge/problems`), then the problems
//! built into judge. A folder given by path (`--problem path/to/folder`) always works.
//!
//! The built-in problems (problem.toml, statement, samples) are embedded in the binary. When
//! one is used they are written out once into the compile cache, in a folder named by a hash
//! of their content (published with an atomic rename, so concurrent runs can share it): every
//! problem is then a folder like any other, and nothing below `config` needs to know where a
//! problem came from.
//!
//! This module only locates a problem: its `problem.toml`, or a Kattis package's folder. Loading
//! it into a `ProblemSpec` is the resolver's (the top-level `resolve`), which knows both formats;
//! configuration knows nothing of packages.

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use include_dir::{include_dir, Dir, DirEntry};
use sha2::{Digest, Sha256};

use super::ConfigError;

/// The bundled problems, as they are in the repository's `problems/`.
static BUILT_IN: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../../problems");

/// The folder of the compile cache that holds the built-in problems once written out.
pub const BUILT_IN_CACHE_FOLDER: &str = "built-in-problems";

/// Where a problem was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProblemOrigin {
    /// A project's `problems/` folder.
    Project,
    /// The user's `problems/` folder.
    User,
    /// Built into judge.
    BuiltIn,
    /// A folder given by path.
    Path,
}

impl ProblemOrigin {
    pub fn name(self) -> &'static str {
        match self {
            ProblemOrigin::Project => "project",
            ProblemOrigin::User => "user",
            ProblemOrigin::BuiltIn => "built-in",
            ProblemOrigin::Path => "path",
        }
    }
}

/// A folder of problem folders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProblemFolder {
    pub origin: ProblemOrigin,
    pub dir: PathBuf,
}

/// Where a problem is, and in which format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Located {
    /// A folder with a `problem.toml` (this file).
    Toml { file: PathBuf },
    /// A package's folder (no `problem.toml`): a Kattis package (it has a `problem.yaml`) or
    /// a Polygon package (a `problem.xml`).
    Package { dir: PathBuf },
}

impl Located {
    /// The problem's folder.
    pub fn dir(&self) -> &Path {
        match self {
            Located::Toml { file } => file.parent().unwrap_or(Path::new(".")),
            Located::Package { dir } => dir,
        }
    }
}

/// Whether `dir` is a package's folder: a Kattis package's (it has a `problem.yaml`) or a
/// Polygon package's (a `problem.xml`). Whatever the entry is: a problem.yaml that is a
/// device, a FIFO or a link out is the package's, refused by name when it is read (not
/// "unknown problem").
pub fn is_package_folder(dir: &Path) -> bool {
    ["problem.yaml", "problem.xml"]
        .iter()
        .any(|file| std::fs::symlink_metadata(dir.join(file)).is_ok())
}

/// One problem of the list, located or with the error that stopped it.
#[derive(Debug)]
pub struct FoundFolder {
    pub id: String,
    pub origin: ProblemOrigin,
    /// A built-in problem with this id exists and this one differs from it (it overrides it).
    pub overrides_built_in: bool,
    pub located: Result<Located, ConfigError>,
}

/// The places problems are looked up in, in order.
#[derive(Debug, Clone)]
pub struct ProblemSources {
    /// Searched in order, before the built-in problems.
    pub folders: Vec<ProblemFolder>,
    /// Where the built-in problems are written out when one is used.
    cache_dir: PathBuf,
}

/// The ids of the built-in problems, sorted.
pub fn built_in_ids() -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = BUILT_IN
        .dirs()
        .filter(|dir| dir.get_file(dir.path().join("problem.toml")).is_some())
        .filter_map(|dir| dir.path().to_str())
        .collect();
    ids.sort_unstable();
    ids
}

/// Every file under an embedded folder, by its path relative to that folder.
fn embedded_files(dir: &'static Dir<'static>) -> BTreeMap<PathBuf, &'static [u8]> {
    fn walk(dir: &'static Dir<'static>, base: &Path, out: &mut BTreeMap<PathBuf, &'static [u8]>) {
        for entry in dir.entries() {
            match entry {
                DirEntry::Dir(inner) => walk(inner, base, out),
                DirEntry::File(file) => {
                    let relative = file.path().strip_prefix(base).unwrap_or(file.path());
                    out.insert(relative.to_path_buf(), file.contents());
                }
            }
        }
    }
    let mut files = BTreeMap::new();
    walk(dir, dir.path(), &mut files);
    files
}

/// Every regular file under a folder on disk, by its path relative to that folder (links,
/// FIFOs and files too large to be a built-in one are left out: they differ from it).
fn disk_files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(dir: &Path, base: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                walk(&path, base, out);
            } else if kind.is_file() {
                if let Ok(bytes) = crate::files::read(&path, crate::files::Cap::STATEMENT) {
                    let relative = path.strip_prefix(base).unwrap_or(&path);
                    out.insert(relative.to_path_buf(), bytes);
                }
            }
        }
    }
    let mut files = BTreeMap::new();
    walk(dir, dir, &mut files);
    files
}

/// Whether the problem folder `dir` holds exactly the files of built-in problem `id`.
fn same_as_built_in(dir: &Path, id: &str) -> bool {
    let Some(built_in) = BUILT_IN.get_dir(id) else {
        return false;
    };
    let embedded = embedded_files(built_in);
    let on_disk = disk_files(dir);
    embedded.len() == on_disk.len()
        && embedded
            .iter()
            .all(|(path, bytes)| on_disk.get(path).is_some_and(|b| b == bytes))
}

/// A short hash of every built-in file's path and content: the name of their folder in the
/// cache, so a new version of judge writes its own copy.
fn built_in_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| {
        let mut hasher = Sha256::new();
        // A copy written before judge marked its folders is not taken (nor removed by
        // `judge clean`: it cannot tell it from a folder of the user's).
        hasher.update(b"marked\0");
        for (path, bytes) in embedded_files(&BUILT_IN) {
            hasher.update(path.to_string_lossy().as_bytes());
            hasher.update([0]);
            hasher.update((bytes.len() as u64).to_le_bytes());
            hasher.update(bytes);
        }
        hasher
            .finalize()
            .iter()
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect()
    })
}

/// Writes the built-in problems into `cache_dir` unless they are there; returns the folder
/// holding one folder per problem.
fn write_out_built_in(cache_dir: &Path) -> Result<PathBuf, ConfigError> {
    let parent = cache_dir.join(BUILT_IN_CACHE_FOLDER);
    let target = parent.join(built_in_hash());
    if crate::files::is_marked(&target) {
        return Ok(target);
    }
    let failed = |cause| ConfigError::BuiltInProblems {
        dir: parent.clone(),
        cause,
    };
    std::fs::create_dir_all(&parent).map_err(failed)?;
    let staging = tempfile::Builder::new()
        .prefix(".write-")
        .tempdir_in(&parent)
        .map_err(failed)?;
    // Judge's own folder: `judge clean` removes it (left over, or once published).
    crate::files::mark(staging.path()).map_err(failed)?;
    BUILT_IN.extract(staging.path()).map_err(failed)?;
    // Publish atomically: the rename lands whole, or finds another run's identical copy.
    let staged = staging.keep();
    if let Err(cause) = std::fs::rename(&staged, &target) {
        let _ = std::fs::remove_dir_all(&staged);
        if !crate::files::is_marked(&target) {
            return Err(failed(cause));
        }
    }
    Ok(target)
}

/// Whether `dir` has an entry problem.toml, whatever it is: one that is a device, a FIFO or a
/// link out of the folder is refused by name when it is read, not taken for no problem.
fn holds_problem_toml(dir: &Path) -> bool {
    std::fs::symlink_metadata(dir.join("problem.toml")).is_ok()
}

/// The problem in folder `dir` (which must hold a problem.toml, or be a Kattis package).
pub fn locate_folder(dir: &Path) -> Result<Located, ConfigError> {
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let file = dir.join("problem.toml");
    if holds_problem_toml(&dir) {
        Ok(Located::Toml { file })
    } else if is_package_folder(&dir) {
        Ok(Located::Package { dir })
    } else {
        Err(ConfigError::NotAProblem { dir })
    }
}

/// The ids of the problem folders (those with a problem.toml) in `dir`, sorted.
fn ids_in(dir: &Path) -> Vec<String> {
    let mut ids: Vec<String> = std::fs::read_dir(dir)
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

impl ProblemSources {
    pub fn new(folders: Vec<ProblemFolder>, cache_dir: PathBuf) -> ProblemSources {
        ProblemSources { folders, cache_dir }
    }

    /// Every problem id known, sorted.
    pub fn ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = self
            .folders
            .iter()
            .flat_map(|folder| ids_in(&folder.dir))
            .chain(built_in_ids().into_iter().map(str::to_string))
            .collect();
        ids.sort();
        ids.dedup();
        ids
    }

    /// The problem `name`: an id looked up in order, or a folder when `name` is a path (has a
    /// `/`, is not UTF-8, or names a folder with a problem.toml that no id matches).
    pub fn find(&self, name: impl AsRef<OsStr>) -> Result<Located, ConfigError> {
        Ok(self.find_with_origin(name)?.1)
    }

    /// The problem `name` and where it was found.
    pub fn find_with_origin(
        &self,
        name: impl AsRef<OsStr>,
    ) -> Result<(ProblemOrigin, Located), ConfigError> {
        let path = Path::new(name.as_ref());
        // An id is UTF-8 without a slash; anything else can only be a folder's path.
        let name = match name.as_ref().to_str() {
            Some(name) if !(name.contains('/') || name == "." || name == "..") => name,
            _ => return Ok((ProblemOrigin::Path, locate_folder(path)?)),
        };
        for folder in &self.folders {
            let dir = folder.dir.join(name);
            if !name.is_empty() && holds_problem_toml(&dir) {
                return Ok((folder.origin, locate_folder(&dir)?));
            }
        }
        if built_in_ids().contains(&name) {
            let dir = write_out_built_in(&self.cache_dir)?.join(name);
            return Ok((ProblemOrigin::BuiltIn, locate_folder(&dir)?));
        }
        if !name.is_empty() && (holds_problem_toml(path) || is_package_folder(path)) {
            return Ok((ProblemOrigin::Path, locate_folder(path)?));
        }
        Err(ConfigError::UnknownProblem {
            id: name.to_string(),
            known: self.ids().join(", "),
        })
    }

    /// Every problem, each from the first place that has its id, sorted by id.
    pub fn all(&self) -> Vec<FoundFolder> {
        let mut found: BTreeMap<String, FoundFolder> = BTreeMap::new();
        let built_in = built_in_ids();
        for folder in &self.folders {
            for id in ids_in(&folder.dir) {
                if found.contains_key(&id) {
                    continue;
                }
                let dir = folder.dir.join(&id);
                let problem = FoundFolder {
                    overrides_built_in: built_in.contains(&id.as_str())
                        && !same_as_built_in(&dir, &id),
                    origin: folder.origin,
                    located: locate_folder(&dir),
                    id: id.clone(),
                };
                found.insert(id, problem);
            }
        }
        for id in built_in {
            if found.contains_key(id) {
                continue;
            }
            let located =
                write_out_built_in(&self.cache_dir).and_then(|dir| locate_folder(&dir.join(id)));
            let problem = FoundFolder {
                id: id.to_string(),
                origin: ProblemOrigin::BuiltIn,
                overrides_built_in: false,
                located,
            };
            found.insert(id.to_string(), problem);
        }
        found.into_values().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::tests::write;

    const PROBLEM: &str = "id = \"ID\"\ntitle = \"T\"\nsource = \"s\"\nkind = \"batch\"\n[limits]\ntime_seconds = 1.0\nmemory_mib = 64\n";

    fn problem(dir: &Path, id: &str) {
        write(
            dir,
            &format!("{id}/problem.toml"),
            &PROBLEM.replace("ID", id),
        );
    }

    #[test]
    fn the_built_in_problems_are_the_repository_folders_and_all_load() {
        let on_disk =
            ids_in(&Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("problems"));
        assert_eq!(built_in_ids(), on_disk);
        let cache = tempfile::tempdir().unwrap();
        let sources = ProblemSources::new(Vec::new(), cache.path().to_path_buf());
        for id in built_in_ids() {
            let (origin, located) = sources.find_with_origin(id).unwrap();
            let Located::Toml { file } = located else {
                panic!("{id} is not a problem.toml's");
            };
            let spec = crate::config::ProblemSpec::load(&file).unwrap();
            assert_eq!(origin, ProblemOrigin::BuiltIn);
            assert!(spec.dir.starts_with(cache.path()), "{}", spec.dir.display());
            assert!(spec.samples_dir().is_dir(), "{id} has no samples");
            assert!(
                same_as_built_in(&spec.dir, id),
                "{id} was not written out whole"
            );
        }
        // Written once: a second lookup finds the same folder.
        let again = sources.find("boj12100").unwrap();
        assert_eq!(
            again.dir(),
            sources.find("boj12100").unwrap().dir(),
            "the folder moved"
        );
    }

    #[test]
    fn ids_are_looked_up_in_order_and_a_project_problem_overrides_a_built_in_one() {
        let root = tempfile::tempdir().unwrap();
        let project = root.path().join("project");
        let user = root.path().join("user");
        problem(&project, "mine");
        problem(&user, "mine");
        problem(&user, "theirs");
        problem(&project, "boj1525");
        let sources = ProblemSources::new(
            vec![
                ProblemFolder {
                    origin: ProblemOrigin::Project,
                    dir: project.clone(),
                },
                ProblemFolder {
                    origin: ProblemOrigin::User,
                    dir: user.clone(),
                },
            ],
            root.path().join("cache"),
        );
        let origin = |id: &str| sources.find_with_origin(id).unwrap().0;
        assert_eq!(origin("mine"), ProblemOrigin::Project);
        assert_eq!(origin("theirs"), ProblemOrigin::User);
        assert_eq!(origin("boj1525"), ProblemOrigin::Project);
        assert_eq!(origin("boj12100"), ProblemOrigin::BuiltIn);
        let by_path = user.join("mine").to_string_lossy().into_owned();
        let (from, located) = sources.find_with_origin(&by_path).unwrap();
        assert_eq!(
            (from, located.dir().starts_with(&user)),
            (ProblemOrigin::Path, true)
        );
        let unknown = sources.find("nope").unwrap_err().to_string();
        assert!(
            unknown.contains("theirs") && unknown.contains("boj12100"),
            "{unknown}"
        );

        let all = sources.all();
        let row = |id: &str| all.iter().find(|p| p.id == id).unwrap();
        assert_eq!(row("mine").origin, ProblemOrigin::Project);
        assert!(row("boj1525").overrides_built_in);
        assert_eq!(row("boj2615").origin, ProblemOrigin::BuiltIn);
        assert!(!row("boj2615").overrides_built_in);
        assert!(all.iter().all(|p| p.located.is_ok()));
    }
}
