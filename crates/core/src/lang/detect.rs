//! Which language a submission is in. A file is known by its extension (runner.toml's
//! languages); a submission the Kattis way ([`detect_language`]) by counting each language's
//! files, case-sensitively, ties broken by Kattis's priorities. A program Kattis would grade in
//! a language not installed here (Python 2, Kotlin, Go...) is a typed error naming the
//! language ([`LangError::not_graded`]).

use std::ffi::OsStr;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::config::Language;
use crate::files;

use super::{folder_files, LangError, UnsupportedReason};

/// The language of runner.toml with this id.
pub(super) fn by_id<'a>(languages: &'a [Language], id: &str) -> Result<&'a Language, LangError> {
    languages
        .iter()
        .find(|language| language.id == id)
        .ok_or_else(|| LangError::UnknownLanguageId(id.to_string()))
}

/// The language a submission is built in, found as [`super::prepare`] (`like_kattis` false,
/// a file) or [`super::prepare_submission`] (`like_kattis`, or a folder) finds it, without building:
/// `None` for a file no language lists, which [`super::prepare`] takes as a ready binary. A grading
/// knows from it the limits a submission runs under before compiling it.
pub fn submission_language<'a>(
    languages: &'a [Language],
    path: &Path,
    language_id: Option<&str>,
    like_kattis: bool,
) -> Result<Option<&'a Language>, LangError> {
    if let Some(id) = language_id {
        return by_id(languages, id).map(Some);
    }
    if path.is_dir() {
        let files: Vec<PathBuf> = folder_files(path)?
            .iter()
            .map(|file| path.join(file))
            .collect();
        let (language, _) = detect(languages, &files, path)?.settle(path)?;
        return Ok(Some(language));
    }
    if like_kattis {
        return detect_language(languages, &[path.to_path_buf()]).map(Some);
    }
    Ok(Language::of_file(languages, path))
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
    languages: &'a [Language],
    files: &[PathBuf],
) -> Result<&'a Language, LangError> {
    let named = common_folder(files);
    let (language, _) = detect(languages, files, &named)?.settle(&named)?;
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
    kattis("bash", "Bash", 0, &["sh", "bash"]),
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

/// The language code of the Kattis package format (`cpp`, `python3`, `java`...) that a
/// submission of these files is in, detected the Kattis way ([`detect_language`]) among the
/// format's languages whatever this machine has: what picks its `include/<language>/` files.
/// `None` when no file is a source of any; `path` names the submission in errors.
pub fn kattis_code(files: &[PathBuf], path: &Path) -> Result<Option<&'static str>, LangError> {
    let detection = match detect(&[], files, path) {
        Ok(detection) => detection,
        Err(LangError::NoSource { .. }) => return Ok(None),
        Err(e) => return Err(e),
    };
    Ok(match detection.candidate {
        Candidate::Elsewhere(kattis) => Some(spec_code(kattis.id)),
        Candidate::Configured(_) => None,
    })
}

/// The package format's code of the language of this id: runner.toml's `python` (and this
/// grader's PyPy 3, which runs the same programs) are `python3` there.
fn spec_code(id: &'static str) -> &'static str {
    match id {
        "python" | "pypy3" => "python3",
        other => other,
    }
}

/// runner.toml's id of the language the package format's `code` names (`python3` is
/// `python`, CPython), if this grader knows of it.
pub fn id_of_code(code: &str) -> Option<&'static str> {
    KATTIS_LANGUAGES
        .iter()
        .find(|kattis| spec_code(kattis.id) == code)
        .map(|kattis| kattis.id)
}

/// The package format's code of the language of runner.toml's `id`, if the format has it.
pub fn code_of_id(id: &str) -> Option<&'static str> {
    KATTIS_LANGUAGES
        .iter()
        .find(|kattis| kattis.id == id)
        .map(|kattis| spec_code(kattis.id))
}

/// Whether `code` names a language of the package format this grader knows of (its table of
/// Kattis languages, by the format's codes).
pub fn is_kattis_code(code: &str) -> bool {
    id_of_code(code).is_some()
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
pub(super) struct Detection<'a> {
    candidate: Candidate<'a>,
    pub(super) sources: Vec<usize>,
}

impl<'a> Detection<'a> {
    /// The language chosen, if this grader has it.
    pub(super) fn settle(self, path: &Path) -> Result<(&'a Language, Vec<usize>), LangError> {
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
pub(super) fn detect<'a>(
    languages: &'a [Language],
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
    let candidates = languages.iter().map(Candidate::Configured).chain(
        KATTIS_LANGUAGES
            .iter()
            .filter(|kattis| by_id(languages, kattis.id).is_err())
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
            known: known_extensions(languages),
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
pub(super) fn lists_extension(language: &Language, file: &Path) -> bool {
    file.extension()
        .and_then(OsStr::to_str)
        .is_some_and(|extension| Candidate::Configured(language).lists(extension))
}

/// Every extension of runner.toml's languages, for error messages.
pub(super) fn known_extensions(languages: &[Language]) -> String {
    let known: Vec<String> = languages
        .iter()
        .flat_map(|l| l.extensions.iter().map(|e| format!(".{e}")))
        .collect();
    known.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::tests::{detect_names, folder, shipped_runner, write};
    use crate::lang::{prepare_submission, BuildSetup};

    #[test]
    fn detection_counts_files_and_breaks_ties_by_kattis_priority() {
        let dir = tempfile::tempdir().unwrap();
        let runner = shipped_runner(&dir.path().join("cache"));
        let id =
            |names: &[&str]| detect_names(&runner.languages, dir.path(), names, "x\n").unwrap();
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
            let error = detect_names(&runner.languages, dir.path(), names, "x\n").unwrap_err();
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
        let with_first_line = |line: &str| {
            detect_names(
                &runner.languages,
                dir.path(),
                &["sol.py"],
                &format!("{line}\nx\n"),
            )
        };
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
        assert_eq!(
            detect_language(&runner.languages, &files).unwrap().id,
            "python"
        );
        // Both files count for Python 2 when both say so; .py2 files always do.
        let both = folder(
            dir.path(),
            &[("a.py", "#!/usr/bin/python2\n"), ("b.py", "#!python2\n")],
        );
        let files = [both.join("a.py"), both.join("b.py")];
        assert_eq!(
            detect_language(&runner.languages, &files).unwrap().id,
            "python2"
        );
        assert_eq!(
            detect_names(&runner.languages, dir.path(), &["x.py2"], "x\n").unwrap(),
            "python2"
        );
        assert!(names_python_2(b"#!python2"));
        assert!(!names_python_2(b"#!/usr/bin/python2x"));
        assert!(!names_python_2(b"#!/usr/bin/python2_7"));
        assert!(!names_python_2(b" #!/usr/bin/python2"));
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
        let id =
            |names: &[&str]| detect_names(&runner.languages, dir.path(), names, "x\n").unwrap();
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
        let detection = detect(&runner.languages, &paths, &files).unwrap();
        assert_eq!(detection.sources, [0, 1]);
    }

    #[test]
    fn a_language_only_kattis_knows_is_not_graded_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let runner = shipped_runner(&dir.path().join("cache"));
        let detect = |names: &[&str]| detect_names(&runner.languages, dir.path(), names, "x\n");
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
        let error = prepare_submission(&BuildSetup::of(&runner), &swift, None, None).unwrap_err();
        assert!(
            error.not_graded() && error.to_string().contains("Swift"),
            "{error}"
        );
        let no_extension = write(dir.path(), "program", "x\n");
        assert!(matches!(
            prepare_submission(&BuildSetup::of(&runner), &no_extension, None, None),
            Err(LangError::NoSource { .. })
        ));
    }
}
