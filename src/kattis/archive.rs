//! A package as DOMjudge imports and exports it: a `.zip` of the package folder (its files at
//! the top, or in one folder there). It is unpacked into a private folder, entry by entry,
//! as untrusted input: a name that would land outside the folder (`..`, an absolute path), a
//! link, a device or any entry that is neither a file nor a folder is refused by name; the
//! bytes actually unpacked (not the sizes the archive claims) are capped, per file and in
//! all, and so is the number of entries, so a zip bomb stops at the cap with an error. The
//! unpacked folder is then read like any package (`Package::load`).

use std::io::{Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::PackageError;

/// What unpacking a package's zip may take.
#[derive(Debug, Clone, Copy)]
pub struct ZipCaps {
    /// Bytes of one file, unpacked.
    pub file_bytes: u64,
    /// Bytes of all files together, unpacked.
    pub total_bytes: u64,
    /// Entries (files and folders).
    pub entries: usize,
}

impl Default for ZipCaps {
    fn default() -> ZipCaps {
        ZipCaps {
            file_bytes: 1 << 30,
            total_bytes: 4 << 30,
            entries: 200_000,
        }
    }
}

/// Whether `path` is a file named `*.zip`: a package as DOMjudge packs it.
pub fn is_zip(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("zip"))
        && path.is_file()
}

/// Unpacks the package `zip` into the empty folder `into`, and returns the package's folder
/// there: `into/NAME` (NAME the zip's name without `.zip`, as DOMjudge names the problem by
/// it), or the one folder the zip put its package in.
pub fn unpack(zip: &Path, into: &Path, caps: ZipCaps) -> Result<PathBuf, PackageError> {
    let invalid = |message: String| PackageError::invalid(zip, message);
    let file = crate::files::open_regular(zip)?;
    let mut archive =
        zip::ZipArchive::new(file).map_err(|e| invalid(format!("is not a zip archive: {e}")))?;
    if archive.len() > caps.entries {
        return Err(invalid(format!(
            "holds {} entries, more than the {} a package may",
            archive.len(),
            caps.entries
        )));
    }
    let stem = zip
        .file_stem()
        .map_or_else(|| "package".into(), |s| s.to_string_lossy().into_owned());
    let root = into.join(&stem);
    std::fs::create_dir(&root).map_err(|cause| PackageError::Read {
        path: root.clone(),
        cause,
    })?;
    // The sandbox's user reads the package (a checktestdata script, say), as it reads a
    // package folder: the folders are searchable, the files readable, by all.
    readable_by_all(into).map_err(|cause| PackageError::Read {
        path: into.to_path_buf(),
        cause,
    })?;
    let mut total = 0u64;
    for index in 0..archive.len() {
        let mut entry = archive
            .by_index(index)
            .map_err(|e| invalid(format!("entry {index} cannot be read: {e}")))?;
        let name = entry.name().to_string();
        let Some(relative) = entry.enclosed_name() else {
            return Err(invalid(format!(
                "entry {name:?} would be unpacked outside the package's folder"
            )));
        };
        let target = root.join(&relative);
        let write_error = |cause| PackageError::Read {
            path: target.clone(),
            cause,
        };
        // A Unix mode in the archive says what the entry is: only files and folders are
        // unpacked (a link could lead out of the package).
        let kind = entry.unix_mode().map(|mode| mode & 0o170000);
        if entry.is_dir() {
            create_folders(&root, &target).map_err(write_error)?;
            continue;
        }
        if !matches!(kind, None | Some(0o100000)) {
            return Err(invalid(format!(
                "entry {name:?} is not a file or a folder (a link, a device): refused"
            )));
        }
        if let Some(parent) = target.parent() {
            create_folders(&root, parent).map_err(write_error)?;
        }
        let mut out = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&target)
            .map_err(write_error)?;
        let left = caps.file_bytes.min(caps.total_bytes - total);
        let copied = std::io::copy(&mut (&mut entry).take(left + 1), &mut out)
            .map_err(|e| invalid(format!("entry {name:?} cannot be unpacked: {e}")))?;
        if copied > left {
            return Err(invalid(if left < caps.file_bytes {
                format!(
                    "unpacks to more than {} bytes in all, the cap of a package",
                    caps.total_bytes
                )
            } else {
                format!(
                    "entry {name:?} unpacks to more than {} bytes, the cap of one file",
                    caps.file_bytes
                )
            }));
        }
        total += copied;
        out.flush().map_err(write_error)?;
        // Readable by all; an executable file stays one (a build script says so).
        let executable = entry.unix_mode().is_some_and(|mode| mode & 0o111 != 0);
        let mode = if executable { 0o755 } else { 0o644 };
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(mode))
            .map_err(write_error)?;
    }
    Ok(package_root(&root))
}

/// Makes `folder` searchable and readable by all.
fn readable_by_all(folder: &Path) -> std::io::Result<()> {
    std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o755))
}

/// Creates `folder` and the folders between `root` and it, each readable by all.
fn create_folders(root: &Path, folder: &Path) -> std::io::Result<()> {
    let mut path = root.to_path_buf();
    for part in folder
        .strip_prefix(root)
        .unwrap_or(Path::new(""))
        .components()
    {
        path.push(part);
        match std::fs::create_dir(&path) {
            Ok(()) => readable_by_all(&path)?,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && path.is_dir() => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// The package's folder in what was unpacked at `root`: `root` when it holds `problem.yaml`,
/// else its one folder when that holds it.
fn package_root(root: &Path) -> PathBuf {
    if root.join("problem.yaml").is_file() {
        return root.to_path_buf();
    }
    let entries: Vec<PathBuf> = std::fs::read_dir(root)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    match entries.as_slice() {
        [one] if one.join("problem.yaml").is_file() => one.clone(),
        _ => root.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zip::write::SimpleFileOptions;

    fn archive(entries: &[(&str, &[u8])]) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.zip");
        let mut writer = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
        for (name, bytes) in entries {
            writer
                .start_file(*name, SimpleFileOptions::default())
                .unwrap();
            writer.write_all(bytes).unwrap();
        }
        writer.finish().unwrap();
        (dir, path)
    }

    #[test]
    fn a_package_at_the_top_or_in_one_folder() {
        let (dir, zip) = archive(&[("problem.yaml", b"name: P\n"), ("data/sample/1.in", b"1\n")]);
        let into = tempfile::tempdir_in(dir.path()).unwrap();
        let root = unpack(&zip, into.path(), ZipCaps::default()).unwrap();
        assert_eq!(root, into.path().join("p"));
        assert_eq!(
            std::fs::read(root.join("data/sample/1.in")).unwrap(),
            b"1\n"
        );

        let (dir, zip) = archive(&[("inner/problem.yaml", b"name: P\n")]);
        let into = tempfile::tempdir_in(dir.path()).unwrap();
        let root = unpack(&zip, into.path(), ZipCaps::default()).unwrap();
        assert_eq!(root, into.path().join("p/inner"));
    }

    #[test]
    fn escaping_names_and_bombs_are_refused() {
        let (dir, zip) = archive(&[("../evil", b"x")]);
        let into = tempfile::tempdir_in(dir.path()).unwrap();
        let error = unpack(&zip, into.path(), ZipCaps::default()).unwrap_err();
        assert!(error.to_string().contains("outside"), "{error}");
        assert!(!dir.path().join("evil").exists());

        let big = vec![b'0'; 1 << 20];
        let (dir, zip) = archive(&[("problem.yaml", b""), ("data/big", &big)]);
        let into = tempfile::tempdir_in(dir.path()).unwrap();
        let caps = ZipCaps {
            file_bytes: 1 << 16,
            ..ZipCaps::default()
        };
        let error = unpack(&zip, into.path(), caps).unwrap_err();
        assert!(error.to_string().contains("the cap of one file"), "{error}");
        let caps = ZipCaps {
            total_bytes: 1 << 16,
            ..ZipCaps::default()
        };
        let into = tempfile::tempdir_in(dir.path()).unwrap();
        let error = unpack(&zip, into.path(), caps).unwrap_err();
        assert!(error.to_string().contains("in all"), "{error}");
    }
}
