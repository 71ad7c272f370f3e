//! A folder of files as one program, as Kattis builds a submission folder: its files found
//! recursively and refused when they reach out of it, its language detected, its main file
//! chosen; and the digest of a submission, a file or a folder.

use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use crate::bounds::FOLDER_DEPTH;
use crate::config::Language;
use crate::files::{self, FileError, Folder, Kind};

use super::cache::{build_cached, build_in_place, folder_cache_key};
use super::detect::{by_id, detect, lists_extension};
use super::{prepare, BuildSetup, Compiled, LangError, Workspace};

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
/// case, else the first source. A language that runs its source (Python, JavaScript, Bash)
/// takes one source file as [`prepare`] prepares it, several as a folder run in place from its
/// main file (see [`prepare_program_folder`]); a folder with a build script of its own is not
/// graded.
pub fn prepare_folder(
    setup: &BuildSetup,
    dir: &Path,
    language_id: Option<&str>,
) -> Result<Compiled, LangError> {
    prepare_folder_from(setup, dir, language_id, None)
}

/// [`prepare_folder`], its main file the `entrypoint` when given (see [`entry_source`]).
pub(super) fn prepare_folder_from(
    setup: &BuildSetup,
    dir: &Path,
    language_id: Option<&str>,
    entrypoint: Option<&str>,
) -> Result<Compiled, LangError> {
    if has_build_script(dir) {
        return Err(LangError::BuildScript {
            dir: dir.to_path_buf(),
        });
    }
    let relative = folder_files(dir)?;
    let files: Vec<PathBuf> = relative.iter().map(|file| dir.join(file)).collect();
    let (language, mut sources) = language_and_sources(setup, &files, dir, language_id)?;
    if sources.is_empty() {
        // A language given for files of another's extensions (`--language pypy3` for `.py`
        // files) takes the files detection would take.
        sources = detect(setup.languages, &files, dir)?.sources;
    }
    let main = match entrypoint {
        Some(entrypoint) => entry_source(&sources, &relative, entrypoint).ok_or_else(|| {
            LangError::NoEntrypoint {
                path: dir.to_path_buf(),
                entrypoint: entrypoint.to_string(),
            }
        })?,
        None => sources[main_source(sources.iter().map(|&i| relative[i].as_path()))],
    };
    if !language.runs_binary() {
        if sources.len() == 1 {
            return prepare(setup, &files[main], Some(&language.id));
        }
        // Several sources run in place, the folder as it is, from its main source (`python3
        // ./main.py` imports the others; `bash ./main.sh` sources `${0%/*}/lib.sh`), as
        // Kattis and DOMjudge run a multi-file submission in such a language.
        let workspace = read_workspace(setup, dir, &relative, Path::new(""), main, sources)?;
        return build_in_place(setup, language, &workspace);
    }
    let workspace = read_workspace(
        setup,
        dir,
        &relative,
        Path::new(FOLDER_SOURCES),
        main,
        sources,
    )?;
    let key = folder_cache_key(language, &workspace);
    build_cached(setup, language, &workspace, &key)
}

/// A problem program's folder (a generator, a validator): as [`prepare_folder`], except that
/// in a language that runs its source, a folder of several sources, or one whose main source
/// is in a folder of its own, is run in place: every file is kept at its relative path, the
/// whole folder is a run's work folder, and the run command names the main source by that
/// path (`python3 ./gen/main.py`), so its modules import each other and its `argv[0]` names
/// its folder, as BAPCtools runs such a program from a copy of its folder.
pub fn prepare_program_folder(
    setup: &BuildSetup,
    dir: &Path,
    language_id: Option<&str>,
) -> Result<Compiled, LangError> {
    if has_build_script(dir) {
        return prepare_folder(setup, dir, language_id);
    }
    let relative = folder_files(dir)?;
    let files: Vec<PathBuf> = relative.iter().map(|file| dir.join(file)).collect();
    let (language, sources) = language_and_sources(setup, &files, dir, language_id)?;
    let main = match sources.as_slice() {
        [] => return prepare_folder(setup, dir, language_id),
        _ => sources[main_source(sources.iter().map(|&i| relative[i].as_path()))],
    };
    let nested = relative[main]
        .parent()
        .is_some_and(|p| !p.as_os_str().is_empty());
    if language.runs_binary() || (sources.len() == 1 && !nested) {
        return prepare_folder(setup, dir, language_id);
    }
    let workspace = read_workspace(setup, dir, &relative, Path::new(""), main, sources)?;
    build_in_place(setup, language, &workspace)
}

/// The language of a folder's `files` (`language_id`'s, else detected) and the indices of
/// its sources: with a language given, the files of its extensions, which may be none.
fn language_and_sources<'l>(
    setup: &BuildSetup<'l>,
    files: &[PathBuf],
    dir: &Path,
    language_id: Option<&str>,
) -> Result<(&'l Language, Vec<usize>), LangError> {
    match language_id {
        Some(id) => {
            let language = by_id(setup.languages, id)?;
            let sources = (0..files.len())
                .filter(|&i| lists_extension(language, &files[i]))
                .collect();
            Ok((language, sources))
        }
        None => detect(setup.languages, files, dir)?.settle(dir),
    }
}

/// The workspace of `dir`'s files (`relative` to it), each read within the sources' size
/// bound and placed under `under` in the build folder.
fn read_workspace(
    setup: &BuildSetup,
    dir: &Path,
    relative: &[PathBuf],
    under: &Path,
    main: usize,
    sources: Vec<usize>,
) -> Result<Workspace, LangError> {
    let mut workspace = Workspace {
        files: Vec::with_capacity(relative.len()),
        shown: relative
            .iter()
            .map(|file| dir.join(file).display().to_string())
            .collect(),
        main,
        sources,
    };
    let mut reader = FolderReader::new(dir, setup.sources)?;
    for file in relative {
        let bytes = reader.read(&dir.join(file))?;
        workspace.files.push((under.join(file), bytes));
    }
    Ok(workspace)
}

/// Reads the files of a program folder, the cap on sources applying to them together (a
/// folder over it is named as too large, not its file that crossed it).
pub(super) struct FolderReader<'a> {
    dir: &'a Path,
    folder: Folder,
    cap: files::Cap,
    left: u64,
}

impl<'a> FolderReader<'a> {
    pub(super) fn new(dir: &'a Path, cap: files::Cap) -> Result<FolderReader<'a>, FileError> {
        Ok(FolderReader {
            dir,
            folder: Folder::new(dir)?,
            cap,
            left: cap.bytes,
        })
    }

    /// The bytes of `file`, a file of the folder.
    pub(super) fn read(&mut self, file: &Path) -> Result<Vec<u8>, FileError> {
        let cap = self.cap;
        let bytes = self
            .folder
            .read(
                file,
                files::Cap {
                    bytes: self.left,
                    ..cap
                },
            )
            .map_err(|error| match error {
                FileError::TooLarge { .. } => FileError::TooLarge {
                    path: self.dir.to_path_buf(),
                    cap,
                },
                other => other,
            })?;
        self.left -= bytes.len() as u64;
        Ok(bytes)
    }
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
/// the folder, a dangling link, a device, a FIFO, a socket; so is a folder nested deeper than
/// the bound on folder depth (`dir` itself is 1), which would be walked until its paths grew
/// too long.
pub fn folder_files(dir: &Path) -> Result<Vec<PathBuf>, LangError> {
    fn walk(
        root: &Folder,
        dir: &Path,
        relative: &Path,
        depth: u64,
        files: &mut Vec<PathBuf>,
    ) -> Result<(), LangError> {
        let folder = dir.join(relative);
        if let Err(bound) = FOLDER_DEPTH.whole(depth) {
            return Err(LangError::TooDeep {
                path: folder,
                bound,
            });
        }
        let read_error = |cause| LangError::ReadSource {
            path: folder.clone(),
            cause,
        };
        for entry in std::fs::read_dir(&folder).map_err(read_error)? {
            let entry = entry.map_err(read_error)?;
            let path = relative.join(entry.file_name());
            let kind = entry.file_type().map_err(read_error)?;
            if kind.is_dir() {
                walk(root, dir, &path, depth + 1, files)?;
            } else if root.kind(&entry.path())? == Kind::File {
                files.push(path);
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    walk(&Folder::new(dir)?, dir, Path::new(""), 1, &mut files)?;
    files.sort_by(|a, b| a.as_os_str().as_bytes().cmp(b.as_os_str().as_bytes()));
    Ok(files)
}

/// The source (an index into `relative`) that is the entry point `entrypoint`, as a
/// `submissions.yaml` names it: the file at that path in the folder, else the one whose name
/// without its extension it is (Java's main class `Main`; Kotlin's `MainKt` for `Main.kt`).
fn entry_source(sources: &[usize], relative: &[PathBuf], entrypoint: &str) -> Option<usize> {
    let by_path = sources
        .iter()
        .find(|&&i| relative[i] == Path::new(entrypoint));
    let by_name = || {
        sources.iter().find(|&&i| {
            relative[i].file_stem().is_some_and(|stem| {
                let stem = stem.to_string_lossy();
                stem == entrypoint || format!("{stem}Kt") == entrypoint
            })
        })
    };
    by_path.or_else(by_name).copied()
}

/// Which of the sources (in sorted order) is the main file: the first named `main.*` in any
/// case, else the first.
pub fn main_source<'a>(sources: impl Iterator<Item = &'a Path>) -> usize {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::cache::cache_key;
    use crate::lang::runtime::find_program;
    use crate::lang::tests::{folder, ready, run, shipped_runner};
    use crate::lang::Prepared;
    use crate::lang::{prepare_submission, submission_language};

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
    fn folders_deeper_than_the_bound_are_refused_naming_the_first_too_deep() {
        let dir = tempfile::tempdir().unwrap();
        let root = folder(dir.path(), &[("main.cpp", "")]);
        // The folder itself is 1: 127 folders under it reach the bound, 128.
        let deepest = format!("{}x.h", "a/".repeat(127));
        std::fs::create_dir_all(root.join(&deepest).parent().unwrap()).unwrap();
        std::fs::write(root.join(&deepest), "").unwrap();
        let names = folder_files(&root).unwrap();
        assert_eq!(names, [PathBuf::from(&deepest), PathBuf::from("main.cpp")]);
        // A tree thousands deep is refused at the first folder past the bound.
        crate::files::nest_folders(&root, "b", 3000);
        let error = folder_files(&root).unwrap_err().to_string();
        let too_deep = root.join(format!("b{}", "/b".repeat(127)));
        assert_eq!(
            error,
            format!(
                "{}: the depth of its folders must be between 1 and 128, found 129",
                too_deep.display()
            )
        );
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
            submission_language(&runner.languages, path, None, like_kattis)
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
        assert!(submission_language(&runner.languages, &unknown, None, true).is_err());
        assert_eq!(
            submission_language(&runner.languages, &unknown, Some("python"), false)
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
        let prepared = ready(prepare_folder(&BuildSetup::of(&runner), &program, None).unwrap());
        assert_eq!(prepared.language_id, "cpp");
        assert_eq!(prepared.file_name, "solution");
        assert!(!prepared.cached);
        assert_eq!(run(&prepared.artifact, &[], "2 40\n"), "42\n");
        // Every file went into the build folder, headers and notes too.
        let entry = prepared.artifact.parent().unwrap();
        for name in ["main.cpp", "sum.cpp", "sum.h", "README.md"] {
            assert!(entry.join(FOLDER_SOURCES).join(name).is_file(), "{name}");
        }
        let again =
            ready(prepare_submission(&BuildSetup::of(&runner), &program, None, None).unwrap());
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
        let prepared = ready(prepare_folder(&BuildSetup::of(&runner), &nested, None).unwrap());
        assert_eq!(run(&prepared.artifact, &[], "-5 3\n"), "-2\n");

        // A compile error is CE, with the compiler's message.
        let broken = folder(
            dir.path(),
            &[("main.cpp", SUM_MAIN), ("sum.cpp", "long sum(")],
        );
        match prepare_folder(&BuildSetup::of(&runner), &broken, None).unwrap() {
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
        let prepared = ready(prepare_folder(&BuildSetup::of(&runner), &program, None).unwrap());
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
    fn a_submission_folder_of_several_sources_of_a_runtime_runs_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let runner = shipped_runner(&dir.path().join("cache"));
        let two = folder(
            dir.path(),
            &[
                ("main.py", "import helper\nprint(helper.x)\n"),
                ("helper.py", "x = 41 + 1\n"),
            ],
        );
        let prepared = ready(prepare_folder(&BuildSetup::of(&runner), &two, None).unwrap());
        assert!(prepared.artifact.is_dir());
        assert_eq!(prepared.file_name, "main.py");
        let out = std::process::Command::new(&prepared.program)
            .args(&prepared.args[1..])
            .current_dir(&prepared.artifact)
            .output()
            .unwrap();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), "42\n");

        // One source and a data file: as `prepare` on the source.
        let one = folder(
            dir.path(),
            &[("sol.py", "print(input())\n"), ("notes.txt", "x\n")],
        );
        let prepared = ready(prepare_folder(&BuildSetup::of(&runner), &one, None).unwrap());
        assert_eq!(prepared.language_id, "python");
        assert_eq!(
            prepared.args.last().unwrap(),
            &format!("./{}", prepared.file_name)
        );
        assert!(matches!(
            prepare_folder(&BuildSetup::of(&runner), &one, Some("brainfuck")),
            Err(LangError::UnknownLanguageId(_))
        ));
    }

    #[test]
    fn a_program_folder_of_several_python_files_runs_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let runner = shipped_runner(&dir.path().join("cache"));
        let setup = BuildSetup::of(&runner);
        let in_place = |program: &Path| -> (Prepared, String) {
            let prepared = ready(prepare_program_folder(&setup, program, None).unwrap());
            let out = std::process::Command::new(&prepared.program)
                .args(&prepared.args[1..])
                .current_dir(&prepared.artifact)
                .output()
                .unwrap();
            (prepared, String::from_utf8(out.stdout).unwrap())
        };
        // Two modules: the whole folder is the program, run from its main file.
        let two = folder(
            dir.path(),
            &[
                ("main.py", "import helper\nprint(helper.x)\n"),
                ("helper.py", "x = 41 + 1\n"),
            ],
        );
        let (prepared_two, out) = in_place(&two);
        assert!(prepared_two.artifact.is_dir());
        assert_eq!(prepared_two.file_name, "main.py");
        assert_eq!(out, "42\n");
        // One source in a folder of its own: run by its path, so argv[0] names the folder.
        let nested = tempfile::tempdir_in(dir.path()).unwrap().keep();
        std::fs::create_dir(nested.join("gen")).unwrap();
        std::fs::write(
            nested.join("gen/y.py"),
            "import pathlib, sys\nprint(pathlib.Path(sys.argv[0]).parent.name)\n",
        )
        .unwrap();
        let (prepared, out) = in_place(&nested);
        assert_eq!(prepared.args.last().unwrap(), "./gen/y.py");
        assert_eq!(out, "gen\n");
        // One source at the top: as a submission folder is prepared.
        let one = folder(dir.path(), &[("sol.py", "print(1)\n")]);
        let prepared = ready(prepare_program_folder(&setup, &one, None).unwrap());
        assert!(prepared.artifact.is_file());
        // A submission folder of the same two files: the same program.
        let submission = ready(prepare_folder(&setup, &two, None).unwrap());
        assert_eq!(submission.artifact, prepared_two.artifact);
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
        let prepared =
            ready(prepare_folder(&BuildSetup::of(&runner), &one, Some("pypy3")).unwrap());
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
        let error = prepare_folder(&BuildSetup::of(&runner), &program, None).unwrap_err();
        assert!(
            matches!(error, LangError::BuildScript { .. }) && error.not_graded(),
            "{error}"
        );
        assert!(error
            .to_string()
            .contains("build scripts are not supported"));
    }
}
