//! Copies of a package's programs made outside the package, with some of their files changed
//! (problem.yaml's constants written in, `include/` files added): each is a folder named by a
//! digest of what it holds under a staging folder in the temporary directory, so runs that
//! share the staging folder share copies, a changed file is a new copy, and the package itself
//! is never written.

use std::ffi::OsStr;
use std::fs::Permissions;
use std::path::{Path, PathBuf};

use sha2::Digest;

/// One file of a staged copy: its path inside the copy (empty for a copy that is one file),
/// its bytes and its permissions.
#[derive(Clone)]
pub struct StagedFile {
    pub relative: PathBuf,
    pub bytes: Vec<u8>,
    pub permissions: Permissions,
}

impl StagedFile {
    /// The file at `path`, to be staged at `relative`.
    pub fn read(path: &Path, relative: PathBuf) -> std::io::Result<StagedFile> {
        Ok(StagedFile {
            relative,
            bytes: std::fs::read(path)?,
            permissions: std::fs::metadata(path)?.permissions(),
        })
    }
}

/// Stages `files` as one copy named `name` under `staging` (`<staging>/<digest>/<name>`) and
/// gives its path. A copy whose digest is there already is taken as it is; a new one is
/// written beside and renamed whole, so a concurrent run sees all of it or none of it.
pub fn stage(staging: &Path, name: &OsStr, files: &[StagedFile]) -> std::io::Result<PathBuf> {
    let mut digest = sha2::Sha256::new();
    for file in files {
        for part in [file.relative.as_os_str().as_encoded_bytes(), &file.bytes] {
            digest.update((part.len() as u64).to_le_bytes());
            digest.update(part);
        }
    }
    let key: String = digest.finalize()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let target = staging.join(&key).join(name);
    if staging.join(&key).is_dir() {
        return Ok(target);
    }
    std::fs::create_dir_all(staging)?;
    let incoming = tempfile::Builder::new()
        .prefix(".incoming-")
        .tempdir_in(staging)?;
    let staged = incoming.path().join(name);
    for file in files {
        let to = match file.relative.as_os_str().is_empty() {
            true => staged.clone(),
            false => staged.join(&file.relative),
        };
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(&to, &file.bytes)?;
        std::fs::set_permissions(&to, file.permissions.clone())?;
    }
    let incoming = incoming.keep();
    if std::fs::rename(&incoming, staging.join(&key)).is_err() {
        // Another run staged the same copy first.
        let _ = std::fs::remove_dir_all(&incoming);
    }
    Ok(target)
}

/// The files of a program or submission at `path`: the file itself, or the files under the
/// folder (see [`files_under`]).
pub fn files_of(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    match path.is_dir() {
        true => files_under(path, &mut files)?,
        false => files.push(path.to_path_buf()),
    }
    Ok(files)
}

/// The files under `dir`, found recursively, in sorted order (links followed as files).
fn files_under(dir: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for (_, path) in judge_core::files::sorted_entries(dir)? {
        if path.is_dir() {
            files_under(&path, found)?;
        } else {
            found.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn file(relative: &str, bytes: &str) -> StagedFile {
        StagedFile {
            relative: PathBuf::from(relative),
            bytes: bytes.as_bytes().to_vec(),
            permissions: Permissions::from_mode(0o644),
        }
    }

    #[test]
    fn the_same_files_are_one_copy_and_a_changed_file_another() {
        let dir = tempfile::tempdir().unwrap();
        let staging = dir.path().join("staging");
        let files = [file("a.cpp", "int main(){}"), file("lib/b.h", "")];
        let first = stage(&staging, OsStr::new("sol"), &files).unwrap();
        assert_eq!(first.file_name(), Some(OsStr::new("sol")));
        assert_eq!(
            std::fs::read_to_string(first.join("a.cpp")).unwrap(),
            "int main(){}"
        );
        assert!(first.join("lib/b.h").is_file());
        assert_eq!(stage(&staging, OsStr::new("sol"), &files).unwrap(), first);
        let changed = [file("a.cpp", "int main(){return 1;}"), file("lib/b.h", "")];
        assert_ne!(stage(&staging, OsStr::new("sol"), &changed).unwrap(), first);
        // A copy of one file is that file.
        let one = stage(&staging, OsStr::new("x.py"), &[file("", "print(1)")]).unwrap();
        assert_eq!(std::fs::read_to_string(&one).unwrap(), "print(1)");
    }
}
