//! End-to-end: the languages of Kattis's list (problemtools' `languages.yaml`) beyond C, C++,
//! Python, Java, JavaScript and Rust. For each one whose tools are installed: a program that
//! answers is AC, one that does not compile is CE, one that crashes is RE (`judge test` on a
//! one-test folder), and in a package-like folder the submission's language is detected as
//! Kattis detects it and graded (`judge verify PACKAGE`). Each such test needs its compiler
//! and is ignored without it. A language whose tools are missing (Python 2 under `pypy`, F#'s
//! `fsharpc`, none packaged in Debian 12) is "not installed", naming the program. A Kattis
//! package's Python 3 runs under PyPy 3 when installed, and under CPython with a warning
//! (the table, the verify row, the derived time limit) when not; other problems' Python is
//! unchanged.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{repo, require_tool};
use serde_json::Value;

/// A folder with one `--tests-dir` test: input `x`, answer `fresh`.
fn one_test() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.in"), "x\n").unwrap();
    std::fs::write(dir.path().join("t.ans"), "fresh\n").unwrap();
    dir
}

/// `judge ARGS` from `cwd`.
fn judge_in(cwd: &Path, args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .output()
        .expect("judge runs")
}

fn text_of(output: &Output) -> String {
    format!(
        "exit {:?}\n{}{}",
        output.status.code(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// `judge test FILE --problem boj1525 --tests-dir (one test) --json`: the report and the text.
fn judge_test(file: &Path) -> (Value, String) {
    let tests = one_test();
    let report = tests.path().join("report.json");
    let output = common::judge(&[
        "test",
        &file.to_string_lossy(),
        "--problem",
        "boj1525",
        "--tests-dir",
        &tests.path().to_string_lossy(),
        "--json",
        &report.to_string_lossy(),
    ]);
    let json = std::fs::read_to_string(&report)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or(Value::Null);
    (json, text_of(&output))
}

/// A package-like folder: a legacy `problem.yaml`, a sample and a secret test (`x` ->
/// `fresh`) and the submissions given as (folder under `submissions/`, file name, text).
fn package(parent: &Path, submissions: &[(&str, &str, &str)]) -> PathBuf {
    let dir = parent.join("fresh");
    for group in ["sample", "secret"] {
        let data = dir.join("data").join(group);
        std::fs::create_dir_all(&data).unwrap();
        std::fs::write(data.join("1.in"), "x\n").unwrap();
        std::fs::write(data.join("1.ans"), "fresh\n").unwrap();
    }
    std::fs::write(dir.join("problem.yaml"), "name: Fresh\n").unwrap();
    for (folder, name, text) in submissions {
        let path = dir.join("submissions").join(folder).join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

/// `judge verify PACKAGE --json` (with `extra` arguments) from `cwd`: the report and text.
fn verify_package(cwd: &Path, package: &Path, extra: &[&str]) -> (Value, String) {
    let report = package.with_extension("json");
    let mut args = vec![
        "verify".to_string(),
        package.to_string_lossy().into_owned(),
        "--json".to_string(),
        report.to_string_lossy().into_owned(),
    ];
    args.extend(extra.iter().map(|a| a.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = judge_in(cwd, &args);
    let json = std::fs::read_to_string(&report)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or(Value::Null);
    (json, text_of(&output))
}

/// The row of `solution` in a verify report.
fn row<'a>(report: &'a Value, solution: &str) -> &'a Value {
    report["rows"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["solution"] == solution))
        .unwrap_or_else(|| panic!("no row for {solution}: {report}"))
}

/// A language's three programs: one that prints `fresh` (AC), one that does not compile (CE)
/// and one that reads its input and crashes (RE), as (file name, text).
struct Programs {
    /// Its name as reports show it (runner.toml's `name`).
    name: &'static str,
    accepted: (&'static str, &'static str),
    broken: (&'static str, &'static str),
    crashes: (&'static str, &'static str),
}

/// Grades the three programs with `judge test` and a package of the accepted and crashing
/// ones with `judge verify`, checking each verdict and that reports name the language.
fn check_language(programs: &Programs) {
    let dir = tempfile::tempdir().unwrap();
    let write = |(name, text): (&str, &str)| {
        let path = dir.path().join("files").join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    };
    for (program, verdict) in [
        (programs.accepted, "AC"),
        (programs.broken, "CE"),
        (programs.crashes, "RE"),
    ] {
        let (report, text) = judge_test(&write(program));
        assert_eq!(report["verdict"], verdict, "{}: {text}", program.0);
        assert_eq!(report["language"], programs.name, "{text}");
        if verdict == "CE" {
            let message = report["compile_message"].as_str().unwrap_or("");
            assert!(!message.trim().is_empty(), "CE without a message: {text}");
        }
    }

    // Detected as Kattis detects it, in a package; the time limit given, so each runs once.
    let package = package(
        dir.path(),
        &[
            ("accepted", programs.accepted.0, programs.accepted.1),
            ("run_time_error", programs.crashes.0, programs.crashes.1),
        ],
    );
    let (report, text) = verify_package(&repo(), &package, &["--time-limit", "10"]);
    assert_eq!(report["mismatches"], 0, "{text}");
    assert_eq!(report["not_graded"], 0, "{text}");
    for (folder, file, verdict) in [
        ("accepted", programs.accepted.0, "AC"),
        ("run_time_error", programs.crashes.0, "RE"),
    ] {
        let row = row(&report, &format!("{folder}/{file}"));
        let got = &row["result"]["Ok"];
        assert_eq!(got["language"], programs.name, "{text}");
        assert!(
            got["detail"]
                .as_str()
                .is_some_and(|d| d.starts_with(verdict)),
            "{folder}/{file}: {text}"
        );
    }
}

#[test]
#[ignore = "needs kotlinc"]
fn kotlin_is_graded() {
    require_tool("kotlinc");
    check_language(&Programs {
        name: "Kotlin (JVM)",
        accepted: (
            "Fresh.kt",
            "fun main() {\n    readLine()\n    println(\"fresh\")\n}\n",
        ),
        broken: ("Broken.kt", "fun main() {\n    println(\"fresh\"\n}\n"),
        crashes: (
            "Crash.kt",
            "fun main() {\n    readLine()\n    throw IllegalStateException(\"boom\")\n}\n",
        ),
    });
}

#[test]
#[ignore = "needs scalac"]
fn scala_is_graded() {
    require_tool("scalac");
    check_language(&Programs {
        name: "Scala (JVM)",
        accepted: (
            "Fresh.scala",
            "object Fresh {\n  def main(args: Array[String]): Unit = {\n    \
             scala.io.StdIn.readLine()\n    println(\"fresh\")\n  }\n}\n",
        ),
        broken: (
            "Broken.scala",
            "object Broken {\n  def main(args: Array[String]): Unit = {\n    \
             println(\"fresh\"\n  }\n}\n",
        ),
        crashes: (
            "Crash.scala",
            "object Crash {\n  def main(args: Array[String]): Unit = {\n    \
             scala.io.StdIn.readLine()\n    throw new IllegalStateException(\"boom\")\n  }\n}\n",
        ),
    });
}

/// Scala runs through Scala's own runner (`scala`, which sets `scala.home`), as problemtools
/// runs it: the runner's start is ~0.4 s of CPU that a limit derived from a Scala submission
/// counts on Kattis (problemtools' different: its Scala set 4 s there, 2 s under `java`).
#[test]
#[ignore = "needs scalac"]
fn scala_runs_through_its_runner() {
    require_tool("scalac");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("Runner.scala");
    std::fs::write(
        &file,
        "object Runner {\n  def main(args: Array[String]): Unit = {\n    \
         scala.io.StdIn.readLine()\n    \
         println(if (System.getProperty(\"scala.home\") != null) \"fresh\" else \"java\")\n  \
         }\n}\n",
    )
    .unwrap();
    let (report, text) = judge_test(&file);
    assert_eq!(report["verdict"], "AC", "{text}");
}

#[test]
#[ignore = "needs mcs"]
fn csharp_is_graded() {
    require_tool("mcs");
    require_tool("mono");
    check_language(&Programs {
        name: "C# (Mono)",
        accepted: (
            "fresh.cs",
            "using System;\nclass Program {\n    static void Main() {\n        \
             Console.ReadLine();\n        Console.WriteLine(\"fresh\");\n    }\n}\n",
        ),
        broken: (
            "broken.cs",
            "class P { static void Main() { System.Console.WriteLine(\"fresh\") } }\n",
        ),
        crashes: (
            "crash.cs",
            "class P { static void Main() { System.Console.ReadLine(); \
             throw new System.InvalidOperationException(\"boom\"); } }\n",
        ),
    });
}

#[test]
#[ignore = "needs go"]
fn go_is_graded() {
    require_tool("go");
    check_language(&Programs {
        name: "Go (gc)",
        accepted: (
            "fresh.go",
            "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tvar s string\n\t\
             fmt.Scan(&s)\n\tfmt.Println(\"fresh\")\n}\n",
        ),
        broken: (
            "broken.go",
            "package main\n\nfunc main() {\n\tfmt.Println(\"fresh\")\n}\n",
        ),
        crashes: (
            "crash.go",
            "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tvar s string\n\t\
             fmt.Scan(&s)\n\tpanic(\"boom \" + s)\n}\n",
        ),
    });
}

#[test]
#[ignore = "needs ghc"]
fn haskell_is_graded() {
    require_tool("ghc");
    check_language(&Programs {
        name: "Haskell (GHC)",
        accepted: (
            "fresh.hs",
            "main :: IO ()\nmain = getLine >> putStrLn \"fresh\"\n",
        ),
        broken: (
            "broken.hs",
            "main :: IO ()\nmain = putStrLn (1 + \"fresh\")\n",
        ),
        crashes: (
            "crash.hs",
            "main :: IO ()\nmain = getLine >> error \"boom\"\n",
        ),
    });
}

#[test]
#[ignore = "needs ocamlopt"]
fn ocaml_is_graded() {
    require_tool("ocamlopt");
    check_language(&Programs {
        name: "OCaml (ocamlopt)",
        accepted: (
            "fresh.ml",
            "let () = ignore (read_line ()); print_endline \"fresh\"\n",
        ),
        broken: ("broken.ml", "let () = print_endline 1\n"),
        crashes: (
            "crash.ml",
            "let () = ignore (read_line ()); failwith \"boom\"\n",
        ),
    });
}

#[test]
#[ignore = "needs php"]
fn php_is_graded() {
    require_tool("php");
    check_language(&Programs {
        name: "PHP",
        accepted: ("fresh.php", "<?php\nfgets(STDIN);\necho \"fresh\\n\";\n"),
        broken: ("broken.php", "<?php\necho \"fresh\"\necho \"x\";\n"),
        crashes: (
            "crash.php",
            "<?php\nfgets(STDIN);\nthrow new Exception(\"boom\");\n",
        ),
    });
}

#[test]
#[ignore = "needs ruby"]
fn ruby_is_graded() {
    require_tool("ruby");
    check_language(&Programs {
        name: "Ruby",
        accepted: ("fresh.rb", "gets\nputs \"fresh\"\n"),
        broken: ("broken.rb", "puts \"fresh\"\nend\n"),
        crashes: ("crash.rb", "gets\nraise \"boom\"\n"),
    });
}

#[test]
#[ignore = "needs sbcl"]
fn common_lisp_is_graded() {
    require_tool("sbcl");
    check_language(&Programs {
        name: "Common Lisp (SBCL)",
        accepted: ("fresh.lisp", "(read-line)\n(format t \"fresh~%\")\n"),
        broken: ("broken.lisp", "(format t \"fresh~%\"\n"),
        crashes: ("crash.lisp", "(read-line)\n(error \"boom\")\n"),
    });
}

#[test]
#[ignore = "needs fpc"]
fn pascal_is_graded() {
    require_tool("fpc");
    check_language(&Programs {
        name: "Pascal (Free Pascal)",
        accepted: (
            "fresh.pas",
            "program Fresh;\nvar s: string;\nbegin\n  readln(s);\n  writeln('fresh');\nend.\n",
        ),
        broken: (
            "broken.pas",
            "program Broken;\nbegin\n  writeln(fresh);\nend.\n",
        ),
        crashes: (
            "crash.pas",
            "program Crash;\nvar s: string;\nbegin\n  readln(s);\n  halt(3);\nend.\n",
        ),
    });
}

#[test]
#[ignore = "needs swipl"]
fn prolog_is_graded() {
    require_tool("swipl");
    check_language(&Programs {
        name: "Prolog (SWI-Prolog)",
        accepted: (
            "fresh.pl",
            "main :- read_line_to_string(user_input, _), format(\"fresh~n\").\n",
        ),
        broken: ("broken.pl", "main :- format(\"fresh~n\"\n"),
        crashes: (
            "crash.pl",
            "main :- read_line_to_string(user_input, _), throw(boom).\n",
        ),
    });
}

#[test]
#[ignore = "needs cobc"]
fn cobol_is_graded() {
    require_tool("cobc");
    check_language(&Programs {
        name: "COBOL (GnuCOBOL)",
        accepted: (
            "fresh.cob",
            "IDENTIFICATION DIVISION.\nPROGRAM-ID. FRESH.\nDATA DIVISION.\n\
             WORKING-STORAGE SECTION.\n01 S PIC X(20).\nPROCEDURE DIVISION.\n    ACCEPT S.\n    \
             DISPLAY \"fresh\".\n    STOP RUN.\n",
        ),
        broken: (
            "broken.cob",
            "IDENTIFICATION DIVISION.\nPROGRAM-ID. BROKEN.\nPROCEDURE DIVISION.\n    \
             DISPLAY \"fresh\"\n    MOVE.\n    STOP RUN.\n",
        ),
        crashes: (
            "crash.cob",
            "IDENTIFICATION DIVISION.\nPROGRAM-ID. CRASH.\nDATA DIVISION.\n\
             WORKING-STORAGE SECTION.\n01 S PIC X(20).\nPROCEDURE DIVISION.\n    ACCEPT S.\n    \
             STOP RUN RETURNING 3.\n",
        ),
    });
}

/// Whether `program` is on PATH.
fn installed(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

/// Python 2 (a `.py` file whose shebang names python2, as Kattis detects it) runs under
/// `pypy`, and F# compiles with `fsharpc`: neither is packaged in Debian 12, so here they are
/// not graded, naming the program, and the package's other submissions are graded.
#[test]
fn python_2_and_f_sharp_without_their_programs_are_not_installed_naming_them() {
    let dir = tempfile::tempdir().unwrap();
    let package = package(
        dir.path(),
        &[
            ("accepted", "fresh.py", "input()\nprint('fresh')\n"),
            (
                "accepted",
                "old.py",
                "#!/usr/bin/env python2\nraw_input()\nprint 'fresh'\n",
            ),
            ("accepted", "fresh.fs", "printfn \"fresh\"\n"),
        ],
    );
    let (report, text) = verify_package(&repo(), &package, &["--time-limit", "10"]);
    for (solution, program) in [
        ("accepted/old.py", "pypy"),
        ("accepted/fresh.fs", "fsharpc"),
    ] {
        let row = row(&report, solution);
        if installed(program) {
            assert_eq!(row["result"]["Ok"]["got"], "AC", "{text}");
            continue;
        }
        let why = row["result"]["Err"].as_str().unwrap_or("");
        assert!(
            why.contains(&format!("not installed: `{program}`")),
            "{solution}: {text}"
        );
    }
    assert_eq!(
        row(&report, "accepted/fresh.py")["result"]["Ok"]["got"],
        "AC"
    );
}

/// A project whose runner.toml is the repository's with PyPy 3's program renamed to one that
/// is not installed, holding a copy of boj1525.
fn project_without_pypy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let original = std::fs::read_to_string(repo().join("runner.toml")).unwrap();
    let edited = original
        .replace(
            r#"compile = ["pypy3", "#,
            r#"compile = ["no-such-pypy3-here", "#,
        )
        .replace(r#"run = ["pypy3", "#, r#"run = ["no-such-pypy3-here", "#);
    assert_ne!(edited, original);
    std::fs::write(dir.path().join("runner.toml"), edited).unwrap();
    common::copy_tree(
        &repo().join("problems/boj1525"),
        &dir.path().join("problems/boj1525"),
    );
    dir
}

/// Without PyPy, a package's Python runs under CPython, and every report says its timing
/// differs from Kattis's: the verify row, the derived time limit, `judge test`'s table.
#[test]
fn a_package_s_python_without_pypy_runs_under_cpython_with_a_warning() {
    let project = project_without_pypy();
    let package = package(
        project.path(),
        &[("accepted", "fresh.py", "input()\nprint('fresh')\n")],
    );
    let (report, text) = verify_package(project.path(), &package, &[]);
    assert_eq!(report["mismatches"], 0, "{text}");
    let got = &row(&report, "accepted/fresh.py")["result"]["Ok"];
    assert_eq!(got["language"], "Python 3", "{text}");
    let warning = got["warning"].as_str().unwrap_or("");
    assert!(
        warning.contains("not pypy3 as on Kattis")
            && warning.contains("`no-such-pypy3-here` is not installed"),
        "{text}"
    );
    assert!(
        text.contains("time limit 1000 ms (slowest accepted")
            && text.contains("accepted/fresh.py under Python 3")
            && text.contains("warning: the slowest accepted, accepted/fresh.py, was run and timed under Python 3 (python3)"),
        "{text}"
    );

    let source = package.join("submissions/accepted/fresh.py");
    let output = judge_in(
        project.path(),
        &[
            "test",
            &source.to_string_lossy(),
            "--problem",
            &package.to_string_lossy(),
        ],
    );
    let text = text_of(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.contains("(Python 3): AC") && text.contains("warning: run and timed under Python 3"),
        "{text}"
    );
}

/// With PyPy 3 installed a package's Python runs under it, as on Kattis; a problem that is not
/// a package keeps runner.toml's Python (CPython).
#[test]
#[ignore = "needs pypy3"]
fn a_package_s_python_runs_under_pypy_and_other_problems_keep_cpython() {
    require_tool("pypy3");
    let dir = tempfile::tempdir().unwrap();
    let package = package(
        dir.path(),
        &[("accepted", "fresh.py", "input()\nprint('fresh')\n")],
    );
    let (report, text) = verify_package(&repo(), &package, &[]);
    assert_eq!(report["mismatches"], 0, "{text}");
    let got = &row(&report, "accepted/fresh.py")["result"]["Ok"];
    assert_eq!(got["language"], "PyPy 3", "{text}");
    assert!(got["warning"].is_null(), "{text}");
    assert!(
        text.contains("accepted/fresh.py under PyPy 3") && !text.contains("warning:"),
        "{text}"
    );

    let source = package.join("submissions/accepted/fresh.py");
    let (report, text) = {
        let report = dir.path().join("test.json");
        let output = common::judge(&[
            "test",
            &source.to_string_lossy(),
            "--problem",
            &package.to_string_lossy(),
            "--json",
            &report.to_string_lossy(),
        ]);
        let json: Value =
            serde_json::from_str(&std::fs::read_to_string(&report).unwrap_or_default())
                .unwrap_or(Value::Null);
        (json, text_of(&output))
    };
    assert_eq!(report["verdict"], "AC", "{text}");
    assert_eq!(report["language"], "PyPy 3", "{text}");
    // --language python asks for CPython by name.
    let output = common::judge(&[
        "test",
        &source.to_string_lossy(),
        "--problem",
        &package.to_string_lossy(),
        "--language",
        "python",
    ]);
    let text = text_of(&output);
    assert!(text.contains("(Python 3): AC"), "{text}");

    // Not a package: the file's own language.
    let (report, text) = judge_test(&source);
    assert_eq!(report["language"], "Python 3", "{text}");
}
