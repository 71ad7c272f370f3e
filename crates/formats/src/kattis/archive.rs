//! A package as DOMjudge imports and exports it: a `.zip` of the package folder (its files at
//! the top, or in one folder there). It is unpacked into a private folder, entry by entry,
//! as untrusted input: a name that would land outside the folder (`..`, an absolute path), a
//! link, a device or any entry that is neither a file nor a folder is refused by name; the
//! bytes actually unpacked (not the sizes the archive claims) are capped, per file and in
//! all, and so is the number of entries, so a zip bomb stops at the cap with an error. An
//! entry whose mode carries no file type (Python's `zipfile.writestr` writes them) is a file,
//! or a folder when its name ends with `/`, as `unzip` takes it. Every entry has a place of
//! its own: a name given twice (whose last copy would win, unseen by whoever read the first)
//! is refused, and so is a file with a folder of the same name (`x` beside `x/` or `x/y`),
//! each naming the entries; so is an entry nested deeper than the bound on folder depth. The
//! unpacked folder is then read like any package (`Package::load`).

use std::collections::HashMap;
use std::io::{Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use super::PackageError;
use judge_core::bounds::FOLDER_DEPTH;

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
    let file = judge_core::files::open_regular(zip)?;
    let listing = file.try_clone().map_err(|cause| PackageError::Read {
        path: zip.to_path_buf(),
        cause,
    })?;
    let mut archive =
        zip::ZipArchive::new(file).map_err(|e| invalid(format!("is not a zip archive: {e}")))?;
    // The zip crate keeps one entry of a name (the last copy's): the archive's own listing
    // says whether a name is there twice, and how many entries there are.
    let listed = each_entry_once(listing, archive.central_directory_start(), caps.entries)
        .map_err(invalid)?;
    if listed != archive.len() {
        // Two names of different bytes that read as one (one of them not marked UTF-8).
        return Err(invalid(format!(
            "lists {listed} entries but {} names: two entries have one name: refused",
            archive.len()
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
    let mut layout = Layout::default();
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
        // Its path as its parts say it (`a/./b` is `a/b`).
        let relative: PathBuf = relative.components().collect();
        let target = root.join(&relative);
        let write_error = |cause| PackageError::Read {
            path: target.clone(),
            cause,
        };
        // A Unix mode in the archive says what the entry is: only files and folders are
        // unpacked (a link could lead out of the package). A mode without a file type says
        // nothing of it: a file, or a folder by its name.
        let kind = entry.unix_mode().map(|mode| mode & 0o170000);
        let folder = entry.is_dir();
        if !folder && !matches!(kind, None | Some(0) | Some(0o100000)) {
            return Err(invalid(format!(
                "entry {name:?} is not a file or a folder (a link, a device): refused"
            )));
        }
        // The folders the entry is in (or is), the package's own counted: past the bound, the
        // first folder too deep is named (the entry's whole name may be thousands long).
        let depth = relative.components().count() as u64 + u64::from(folder);
        if let Some((too_deep, bound)) =
            (1..=depth).find_map(|d| FOLDER_DEPTH.whole(d).err().map(|bound| (d, bound)))
        {
            let folder: PathBuf = relative.components().take(too_deep as usize - 1).collect();
            return Err(invalid(format!(
                "entry {index} puts a folder at {}/, and the depth of its folders {bound}",
                folder.display()
            )));
        }
        layout.place(&relative, &name, folder).map_err(invalid)?;
        if folder {
            create_folders(&root, &target).map_err(write_error)?;
            continue;
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

/// Checks that the archive `file`, whose central directory is at `start`, lists at most `most`
/// entries and no name twice; how many it lists.
fn each_entry_once(file: std::fs::File, start: u64, most: usize) -> Result<usize, String> {
    let list_error = |e| format!("its list of entries cannot be read: {e}");
    let mut listing = Listing::new(file, start).map_err(list_error)?;
    let mut seen = std::collections::HashSet::new();
    while let Some(name) = listing.next_name().map_err(list_error)? {
        if seen.contains(&name) {
            return Err(format!(
                "entry {:?} is in the archive twice (the last copy would replace the first \
                 unseen): refused",
                String::from_utf8_lossy(&name)
            ));
        }
        seen.insert(name);
        if seen.len() > most {
            return Err(format!(
                "holds more than {most} entries, the most a package may"
            ));
        }
    }
    Ok(seen.len())
}

/// The archive's central directory, read entry by entry from `start` (each entry's name:
/// the zip crate has checked the rest).
struct Listing {
    reader: std::io::BufReader<std::fs::File>,
}

impl Listing {
    fn new(mut file: std::fs::File, start: u64) -> std::io::Result<Listing> {
        use std::io::{Seek, SeekFrom};
        file.seek(SeekFrom::Start(start))?;
        Ok(Listing {
            reader: std::io::BufReader::new(file),
        })
    }

    /// The raw name of the next entry, or `None` past the last.
    fn next_name(&mut self) -> std::io::Result<Option<Vec<u8>>> {
        let mut header = [0u8; 46];
        match self.reader.read_exact(&mut header) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(None),
            Err(e) => return Err(e),
        }
        if header[..4] != [0x50, 0x4b, 0x01, 0x02] {
            return Ok(None);
        }
        let length = |at: usize| u16::from_le_bytes([header[at], header[at + 1]]) as usize;
        let mut name = vec![0u8; length(28)];
        self.reader.read_exact(&mut name)?;
        let rest = length(30) + length(32);
        std::io::copy(
            &mut (&mut self.reader).take(rest as u64),
            &mut std::io::sink(),
        )?;
        Ok(Some(name))
    }
}

/// What the entries unpacked so far put at each path (relative to the package's folder): a
/// file or a folder, and the entry that put it there, so that no path is given twice and no
/// name is a file and a folder at once.
#[derive(Default)]
struct Layout {
    placed: HashMap<PathBuf, Placed>,
}

struct Placed {
    folder: bool,
    /// Whether an entry of its own names it (not only the entries under it).
    named: bool,
    /// The entry that named it, or the first entry under it.
    entry: String,
}

impl Layout {
    /// Places the entry `name` (at `relative`; a folder if `folder`) and the folders it is
    /// in, or says why it cannot be.
    fn place(&mut self, relative: &Path, name: &str, folder: bool) -> Result<(), String> {
        let mut above = PathBuf::new();
        let parts: Vec<_> = relative.components().collect();
        for part in parts.iter().take(parts.len().saturating_sub(1)) {
            above.push(part);
            match self.placed.get(&above) {
                Some(placed) if !placed.folder => {
                    return Err(format!(
                        "entry {name:?} is in a folder {}, but entry {:?} is a file of that \
                         name: refused",
                        above.display(),
                        placed.entry
                    ))
                }
                Some(_) => {}
                None => {
                    self.placed.insert(
                        above.clone(),
                        Placed {
                            folder: true,
                            named: false,
                            entry: name.to_string(),
                        },
                    );
                }
            }
        }
        let Some(placed) = self.placed.get_mut(relative) else {
            self.placed.insert(
                relative.to_path_buf(),
                Placed {
                    folder,
                    named: true,
                    entry: name.to_string(),
                },
            );
            return Ok(());
        };
        match (placed.folder, folder) {
            (true, true) if !placed.named => {
                placed.named = true;
                Ok(())
            }
            (true, true) | (false, false) => Err(format!(
                "entries {:?} and {name:?} both unpack to {} (the last would replace the \
                 first unseen): refused",
                placed.entry,
                relative.display()
            )),
            (true, false) if placed.named => Err(format!(
                "entry {name:?} is a file and entry {:?} a folder of the same name: refused",
                placed.entry
            )),
            (true, false) => Err(format!(
                "entry {name:?} is a file, but entry {:?} is in a folder of that name: refused",
                placed.entry
            )),
            (false, true) => Err(format!(
                "entry {name:?} is a folder and entry {:?} a file of the same name: refused",
                placed.entry
            )),
        }
    }
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

    /// Rewrites the archive at `path` as other tools write it: each entry's Unix mode in the
    /// central directory with its file-type bits taken off (Python's `zipfile.writestr`), or
    /// replaced by `kind` for the entries named `only`.
    fn set_type_bits(path: &Path, kind: u32, only: Option<&str>) {
        let mut bytes = std::fs::read(path).unwrap();
        let mut at = 0;
        while let Some(found) = bytes[at..]
            .windows(4)
            .position(|w| w == [0x50, 0x4b, 0x01, 0x02])
        {
            let header = at + found;
            let length = u16::from_le_bytes([bytes[header + 28], bytes[header + 29]]) as usize;
            let name = &bytes[header + 46..header + 46 + length];
            if only.is_none_or(|only| name == only.as_bytes()) {
                let attributes = header + 38;
                let old = u32::from_le_bytes(bytes[attributes..attributes + 4].try_into().unwrap());
                let mode = (old >> 16) & 0o7777 | kind;
                bytes[header + 5] = 3; // made on Unix
                bytes[attributes..attributes + 4].copy_from_slice(&(mode << 16).to_le_bytes());
            }
            at = header + 46;
        }
        std::fs::write(path, bytes).unwrap();
    }

    /// Renames, in place, every copy of `from` in the archive to `to` (of the same length): two
    /// entries of one name, which the zip crate does not write.
    fn rename(path: &Path, from: &str, to: &str) {
        assert_eq!(from.len(), to.len());
        let mut bytes = std::fs::read(path).unwrap();
        let mut at = 0;
        while let Some(found) = bytes[at..]
            .windows(from.len())
            .position(|w| w == from.as_bytes())
        {
            bytes[at + found..at + found + to.len()].copy_from_slice(to.as_bytes());
            at += found + to.len();
        }
        std::fs::write(path, bytes).unwrap();
    }

    fn unpacked(zip: &Path) -> Result<PathBuf, String> {
        let into = tempfile::tempdir_in(zip.parent().unwrap()).unwrap().keep();
        unpack(zip, &into, ZipCaps::default()).map_err(|e| e.to_string())
    }

    #[test]
    fn entries_without_type_bits_are_files_or_folders_as_unzip_takes_them() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.zip");
        let mut writer = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
        let options = SimpleFileOptions::default();
        writer.start_file("problem.yaml", options).unwrap();
        writer.write_all(b"name: P\n").unwrap();
        writer.add_directory("data/", options).unwrap();
        writer.start_file("data/sample/1.in", options).unwrap();
        writer.write_all(b"1\n").unwrap();
        let executable = options.unix_permissions(0o755);
        writer
            .start_file("output_validator/run", executable)
            .unwrap();
        writer.write_all(b"#!/bin/sh\n").unwrap();
        writer.finish().unwrap();
        set_type_bits(&path, 0, None);
        let root = unpacked(&path).unwrap();
        assert_eq!(
            std::fs::read(root.join("problem.yaml")).unwrap(),
            b"name: P\n"
        );
        assert_eq!(
            std::fs::read(root.join("data/sample/1.in")).unwrap(),
            b"1\n"
        );
        assert!(root.join("data").is_dir());
        let mode = |p: &str| {
            std::fs::metadata(root.join(p))
                .unwrap()
                .permissions()
                .mode()
                & 0o777
        };
        assert_eq!(mode("output_validator/run"), 0o755);
        assert_eq!(mode("problem.yaml"), 0o644);
    }

    #[test]
    fn links_and_devices_are_refused_with_or_without_type_bits_elsewhere() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.zip");
        let mut writer = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
        let options = SimpleFileOptions::default();
        writer.start_file("problem.yaml", options).unwrap();
        writer.add_symlink("data", "/etc", options).unwrap();
        writer.finish().unwrap();
        let error = unpacked(&path).unwrap_err();
        assert!(
            error.contains("\"data\" is not a file or a folder"),
            "{error}"
        );
        // A character device, the others without type bits.
        let (_dir, path) = archive(&[("problem.yaml", b""), ("tty", b"")]);
        set_type_bits(&path, 0, None);
        set_type_bits(&path, 0o020000, Some("tty"));
        let error = unpacked(&path).unwrap_err();
        assert!(
            error.contains("\"tty\" is not a file or a folder"),
            "{error}"
        );
    }

    #[test]
    fn a_name_twice_is_refused_naming_it() {
        let (_dir, path) = archive(&[
            ("problem.yaml", b"limits: {time_limit: 1}\n"),
            ("data/sample/1.in", b"1\n"),
            ("problem.yamX", b"limits: {time_limit: 60}\n"),
        ]);
        rename(&path, "problem.yamX", "problem.yaml");
        let error = unpacked(&path).unwrap_err();
        assert!(
            error.contains("entry \"problem.yaml\" is in the archive twice"),
            "{error}"
        );
        // Two names of one path.
        let (_dir, path) = archive(&[("problem.yaml", b""), ("a/b", b"1"), ("a/./b", b"2")]);
        let error = unpacked(&path).unwrap_err();
        assert!(
            error.contains("entries \"a/b\" and \"a/./b\" both unpack to a/b"),
            "{error}"
        );
    }

    #[test]
    fn a_file_and_a_folder_of_one_name_are_refused_naming_both() {
        for (entries, says) in [
            (
                [("x", &b"1"[..]), ("x/", b"")],
                "entry \"x/\" is a folder and entry \"x\" a file of the same name",
            ),
            (
                [("x/", &b""[..]), ("x", b"1")],
                "entry \"x\" is a file and entry \"x/\" a folder of the same name",
            ),
            (
                [("x", &b"1"[..]), ("x/y", b"2")],
                "entry \"x/y\" is in a folder x, but entry \"x\" is a file of that name",
            ),
            (
                [("x/y", &b"2"[..]), ("x", b"1")],
                "entry \"x\" is a file, but entry \"x/y\" is in a folder of that name",
            ),
        ] {
            let (_dir, path) = archive(&entries);
            let error = unpacked(&path).unwrap_err();
            assert!(error.contains(says), "{error}");
            assert!(!error.contains("File exists"), "{error}");
        }
        // A folder named after the files in it, in either order, is no conflict.
        let (_dir, path) = archive(&[("problem.yaml", b""), ("x/y", b"2"), ("x/", b"")]);
        assert!(unpacked(&path).unwrap().join("x/y").is_file());
    }

    #[test]
    fn an_entry_deeper_than_the_folder_depth_is_refused_naming_the_folder() {
        let deep = |levels: usize| format!("{}f", "a/".repeat(levels));
        // The package's folder is 1, so 127 folders under it are 128 in all.
        let (_dir, path) = archive(&[("problem.yaml", b""), (&deep(127), b"1")]);
        assert!(unpacked(&path).unwrap().join(deep(127)).is_file());
        let (_dir, path) = archive(&[("problem.yaml", b""), (&deep(3000), b"1")]);
        let error = unpacked(&path).unwrap_err();
        let folder = format!("{}/,", "a/".repeat(128).trim_end_matches('/'));
        assert!(
            error.contains(&format!("entry 1 puts a folder at {folder}"))
                && error.contains("the depth of its folders must be between 1 and 128, found 129")
                && !error.contains(&"a/".repeat(129)),
            "{error}"
        );
    }

    #[test]
    fn entries_past_the_cap_are_counted_as_listed() {
        let (dir, zip) = archive(&[("problem.yaml", b""), ("a", b""), ("b", b"")]);
        let into = tempfile::tempdir_in(dir.path()).unwrap();
        let caps = ZipCaps {
            entries: 2,
            ..ZipCaps::default()
        };
        let error = unpack(&zip, into.path(), caps).unwrap_err().to_string();
        assert!(error.contains("more than 2 entries"), "{error}");
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
