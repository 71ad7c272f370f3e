//! Writing a problem as a Kattis problem package (format 2023-07): its samples and `count`
//! generated tests with the reference's answers in `data/`, its checker as the default output
//! validator's flags, its statement, and its bundled solutions of the verdicts the format
//! knows as submissions. Reading the package back gives the same verdicts (tests/e2e/kattis.rs).
//! The package is built in a folder beside its target and renamed into place when complete
//! (`files::StagedFolder`): a failed or interrupted export leaves no package behind.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use thiserror::Error;

use judge_core::check::{Checker, Comparison};
use judge_core::cleanup::Stop;
use judge_core::config::{
    Convention, Judge, ProblemSpec, ProgramSource, ProgramSpec, RunnerConfig,
};
use judge_core::files::{Cap, FileError, Folder, Kind, StagedFolder};
use judge_core::limits::Allowance;
use judge_core::problems::{GenRequest, ProblemCode};
use judge_core::verdict::Verdict;

#[derive(Debug, Error)]
pub enum ExportError {
    #[error("cannot write {path}: {cause}")]
    Write {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error("cannot read {path}: {cause}")]
    Read {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error("{0} is not empty: export writes a new package")]
    NotEmpty(PathBuf),
    #[error("problem {problem}: {why}")]
    Unsupported { problem: String, why: String },
    #[error("generated test {index}: {message}")]
    Generate { index: u64, message: String },
    #[error("interrupted")]
    Interrupted,
    #[error(transparent)]
    File(#[from] FileError),
}

/// What an export wrote and left out.
#[derive(Debug, Default)]
pub struct Exported {
    pub tests: usize,
    pub submissions: usize,
    /// What was not written, with why.
    pub left_out: Vec<String>,
    /// How the problem's programs were carried (copied, or wrapped into the Kattis
    /// convention).
    pub notes: Vec<String>,
}

/// Writes `problem`, judged by `judge` (the resolved problem's), as a package in `out`
/// (created; it must not hold anything yet) with `count` generated tests of master seed
/// `seed`, and the solutions found in `solutions` (`solutions/<verdict>/`), if given. The
/// package appears at `out` whole, or not at all: not once `stop` is asked for.
#[allow(clippy::too_many_arguments)]
pub fn write_package(
    runner: &RunnerConfig,
    problem: &ProblemSpec,
    judge: Judge,
    code: Option<&dyn ProblemCode>,
    solutions: Option<&Path>,
    out: &Path,
    count: u64,
    seed: u64,
    stop: Stop,
) -> Result<Exported, ExportError> {
    if judge == Judge::Referee {
        return write_game_package(runner, problem, solutions, out, count, seed, stop);
    }
    if problem.groups.is_some() {
        // Written as a pass-fail package it would grade a different problem.
        return Err(ExportError::Unsupported {
            problem: problem.id.clone(),
            why: "it is scored by groups, and export writes pass-fail and interactive \
                  packages only (a scoring package is not written yet)"
                .into(),
        });
    }
    let source = Source::new(problem)?;
    let interactor = problem.programs.interactor.as_ref();
    // An interactive problem's tests need no answers (its interactor judges), unless it has
    // a reference to write them.
    let code =
        code.filter(|code| code.can_generate() && (code.can_solve() || interactor.is_some()));
    if code.is_none() && count > 0 {
        return Err(ExportError::Unsupported {
            problem: problem.id.clone(),
            why: "it has no generator and reference to write generated tests with (--count 0 \
                  writes its samples alone)"
                .into(),
        });
    }
    let unsupported = |why: String| ExportError::Unsupported {
        problem: problem.id.clone(),
        why,
    };
    if !problem.programs.more_checkers.is_empty() {
        return Err(unsupported(
            "it has several output validators, which a package exported here (2023-07) cannot \
             hold"
                .into(),
        ));
    }
    // What judges the outputs: the default output validator with flags, or a program.
    let (flags, judge_program) = match (interactor, &problem.checker) {
        (Some(interactor), _) => (Vec::new(), Some(interactor)),
        (None, Checker::Compare(Comparison::Tokens)) => (vec!["case_sensitive".to_string()], None),
        (None, Checker::Compare(Comparison::Float { tolerance })) => (
            vec!["float_tolerance".to_string(), tolerance.to_string()],
            None,
        ),
        (None, Checker::Compare(Comparison::Kattis { flags })) => (flags.clone(), None),
        (None, Checker::Program(checker)) => (Vec::new(), Some(checker)),
        (None, Checker::Compare(Comparison::Lines)) => (Vec::new(), None),
    };
    // The lines checker has no equivalent among the default validator's flags: it goes as a
    // program of its own.
    let lines_checker = (interactor.is_none()
        && problem.checker == Checker::Compare(Comparison::Lines))
    .then(|| Carried {
        name: "lines.py".into(),
        text: LINES_VALIDATOR.as_bytes().to_vec(),
        beside: Vec::new(),
        note: "checker lines: written as the output validator lines.py (Python 3, the same \
               comparison; a presentation error is a wrong answer in the package)"
            .into(),
    });
    let judge_files = match lines_checker {
        Some(carried) => Some(carried),
        None => judge_program
            .map(|spec| {
                let target = if interactor.is_some() {
                    Target::Interactor
                } else {
                    Target::OutputValidator
                };
                carry(runner, &source, spec, target).map_err(unsupported)
            })
            .transpose()?,
    };
    // A validator that cannot be carried leaves the package without one (the package still
    // judges); a checker or interactor that cannot is a refusal above.
    let validator_files = problem
        .programs
        .validator
        .as_ref()
        .map(|spec| carry(runner, &source, spec, Target::InputValidator));
    // A program's own arguments are the package's flags: Kattis passes them after its own
    // arguments, where the testlib order has them too.
    let flags: Vec<String> = match judge_program {
        Some(spec) => spec.args.clone(),
        None => flags,
    };
    let validator_flags = problem
        .programs
        .validator
        .as_ref()
        .map(|spec| spec.args.clone())
        .unwrap_or_default();
    let staged = stage(out, stop)?;
    let out = staged.path();
    let mut exported = Exported::default();
    let kind = if interactor.is_some() {
        "interactive"
    } else {
        "pass-fail"
    };
    write_metadata(&source, problem, out, kind)?;
    let mut testdata = String::new();
    if !flags.is_empty() {
        testdata += &format!("output_validator_flags: {}\n", flags.join(" "));
    }
    if !validator_flags.is_empty() {
        testdata += &format!("input_validator_flags: {}\n", validator_flags.join(" "));
    }
    if !testdata.is_empty() {
        write_file(&out.join("data/testdata.yaml"), testdata.as_bytes())?;
    }
    if let Some(files) = &judge_files {
        files.write(&out.join("output_validator"), true)?;
        exported.notes.push(files.note.clone());
    }
    match &validator_files {
        Some(Ok(files)) => {
            files.write(&out.join("input_validators"), false)?;
            exported.notes.push(files.note.clone());
        }
        Some(Err(why)) => exported.left_out.push(format!("input validators: {why}")),
        None if problem.programs.any()
            || judge_core::problems::batch_problem(&problem.id).is_none() =>
        {
            exported
                .left_out
                .push("input validators: the problem has no [validator]".into())
        }
        None => exported.left_out.push(
            "input validators: this problem's validator is Rust code inside judge, not a program"
                .into(),
        ),
    }
    let samples =
        judge_core::plan::tests_in(&problem.dir, &problem.samples_dir()).map_err(|e| {
            ExportError::Read {
                path: problem.samples_dir(),
                cause: std::io::Error::other(e.to_string()),
            }
        })?;
    for test in samples {
        if let judge_core::plan::TestSource::Files { input, answer, .. } = &test.source {
            let name = format!("data/sample/{}", test.name);
            let tests = runner.files.tests();
            write_file(&out.join(format!("{name}.in")), &source.read(input, tests)?)?;
            write_file(
                &out.join(format!("{name}.ans")),
                &source.read(answer, tests)?,
            )?;
            exported.tests += 1;
        }
    }
    for index in 0..count {
        let Some(code) = code else { break };
        if stop.requested() {
            return Err(ExportError::Interrupted);
        }
        let generate_error = |e: judge_core::problems::CodeError| ExportError::Generate {
            index,
            message: e.to_string(),
        };
        let input = code
            .generate(seed, GenRequest::full(index))
            .map_err(generate_error)?;
        let answer = if code.can_solve() {
            code.solve(&input).map_err(generate_error)?
        } else {
            String::new()
        };
        let name = format!("data/secret/{}", judge_core::plan::generated_name(index));
        write_file(&out.join(format!("{name}.in")), input.as_bytes())?;
        write_file(&out.join(format!("{name}.ans")), answer.as_bytes())?;
        exported.tests += 1;
    }
    copy_solutions(runner, problem, solutions, out, &mut exported, |_| None)?;
    publish(staged)?;
    Ok(exported)
}

/// The output validator of a problem checked by lines (`check::Comparison::Lines`): lines
/// equal but for trailing spaces, tabs and carriage returns, and trailing empty lines.
pub(crate) const LINES_VALIDATOR: &str = r#"# Written by `judge export`: the problem's checker "lines" as a Kattis output validator
# (`lines.py INPUT ANSWER FEEDBACK_DIR/ < OUTPUT`, exit 42 accepted, 43 wrong answer): the
# output's lines must be the answer's, but for spaces, tabs and carriage returns at their
# ends and empty lines at the end. (judge calls the same tokens with other spacing a
# presentation error; a package has no such verdict: here it is a wrong answer.)
import os
import sys


def lines(data):
    text = data.decode("utf-8", errors="replace")
    found = [line.rstrip("\r \t") for line in text.split("\n")]
    while found and found[-1] == "":
        found.pop()
    return found


with open(sys.argv[2], "rb") as answer:
    expected = lines(answer.read())
received = lines(sys.stdin.buffer.read())
for index in range(max(len(expected), len(received))):
    want = expected[index] if index < len(expected) else None
    got = received[index] if index < len(received) else None
    if want != got:
        show = lambda line: "end of output" if line is None else repr(line[:60])
        with open(os.path.join(sys.argv[3], "judgemessage.txt"), "w") as message:
            message.write(f"line {index + 1}: expected {show(want)}, received {show(got)}\n")
        sys.exit(43)
sys.exit(42)
"#;

/// What a problem program becomes in a package.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    /// An input validator: the input on standard input, exit 42 valid, 43 invalid.
    InputValidator,
    /// An output validator: `validator input answer feedback/ [flags] < output`, exit 42
    /// accepted, 43 wrong answer, the message in `feedback/judgemessage.txt`.
    OutputValidator,
    /// An interactive problem's output validator: the same arguments, its standard input and
    /// output joined to the submission's.
    Interactor,
}

/// A problem program as the files of a package's program.
pub(crate) struct Carried {
    /// The program's file name (its source's, so the language is seen from it).
    pub(crate) name: String,
    /// Its source, wrapped if its convention is not Kattis's.
    pub(crate) text: Vec<u8>,
    /// Files it includes from beside it (a `testlib.h`), by name.
    pub(crate) beside: Vec<(String, Vec<u8>)>,
    /// What was done, for the export's report.
    pub(crate) note: String,
}

impl Carried {
    /// The program as one file: each header it includes from beside it (`#include
    /// "testlib.h"`) written in place of its include line. problemtools reads a 2023-07
    /// `output_validator/` as a folder of programs, each file one, so a header beside the
    /// source is not built with it; inlined, the file builds alone in both tools.
    pub(crate) fn inlined(mut self) -> Carried {
        if self.beside.is_empty() {
            return self;
        }
        let text = String::from_utf8_lossy(&self.text).into_owned();
        let mut joined = String::with_capacity(text.len());
        for line in text.split_inclusive('\n') {
            let included = local_includes(line);
            match included
                .first()
                .and_then(|name| self.beside.iter().find(|(n, _)| n == name))
            {
                Some((name, bytes)) => {
                    joined += &format!("/* ---- {name}, inlined by `judge export` ---- */\n");
                    joined += &String::from_utf8_lossy(bytes);
                    joined += "\n";
                }
                None => joined += line,
            }
        }
        let names: Vec<String> = self.beside.drain(..).map(|(n, _)| n).collect();
        self.note += &format!(" ({} inlined into it)", names.join(", "));
        self.text = joined.into_bytes();
        self
    }

    /// Writes the program into `folder` (`output_validator/`, itself the program, when
    /// `is_program`; else `input_validators/`, where a program with files beside it is a
    /// folder of its own).
    pub(crate) fn write(&self, folder: &Path, is_program: bool) -> Result<(), ExportError> {
        let home = if is_program || self.beside.is_empty() {
            folder.to_path_buf()
        } else {
            let stem = Path::new(&self.name)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "validator".into());
            folder.join(stem)
        };
        write_file(&home.join(&self.name), &self.text)?;
        for (name, bytes) in &self.beside {
            write_file(&home.join(name), bytes)?;
        }
        Ok(())
    }
}

/// Carries a problem program into a package as `target`: a program of the Kattis convention
/// as it is, a testlib one wrapped so that it speaks Kattis's (see `wrap`). Its source must
/// be a file of C, C++ or Python; the headers it includes from beside it (`#include
/// "testlib.h"`) go with it. The error says why it cannot be carried.
pub(crate) fn carry(
    runner: &RunnerConfig,
    source: &Source,
    spec: &ProgramSpec,
    target: Target,
) -> Result<Carried, String> {
    let Read {
        family,
        name,
        original,
        beside,
        with_headers,
        ..
    } = read_program(runner, source, spec)?;
    let role = spec.role.name();
    let what = match target {
        Target::InputValidator => "input validator",
        Target::OutputValidator => "output validator",
        Target::Interactor => "output validator (interactive)",
    };
    if spec.convention == Convention::Kattis {
        return Ok(Carried {
            note: format!("{role} {name}{with_headers}: copied as the {what} (Kattis convention)"),
            name,
            text: original,
            beside,
        });
    }
    let text = wrap(family, target, &name, &String::from_utf8_lossy(&original));
    Ok(Carried {
        note: format!(
            "{role} {name}{with_headers}: the {what}, wrapped from the testlib convention \
             ({})",
            match target {
                Target::InputValidator => "exit 0 becomes 42, another exit 43",
                _ =>
                    "exit 0 becomes 42, 1 and 2 become 43, points (testlib's quitp, exit 7) \
                      42 with score.txt; its standard error becomes judgemessage.txt",
            }
        ),
        name,
        text: text.into_bytes(),
        beside,
    })
}

/// A problem program's source as a package carries it unchanged, with the headers it
/// includes from beside it, for a program folder whose own `build` script compiles it (see
/// `polygon::export`). `compiler` is `gcc`, `g++` or `python3` by its language.
pub(crate) struct Unchanged {
    pub(crate) files: Carried,
    pub(crate) compiler: &'static str,
}

/// Reads a problem program as [`Unchanged`]: a source file of C, C++ or Python.
pub(crate) fn unchanged(
    runner: &RunnerConfig,
    source: &Source,
    spec: &ProgramSpec,
) -> Result<Unchanged, String> {
    let read = read_program(runner, source, spec)?;
    let compiler = match (read.family, read.language.as_str()) {
        (Family::C, "c") => "gcc",
        (Family::C, _) => "g++",
        (Family::Python, _) => "python3",
        (Family::Other, other) => {
            return Err(format!(
                "its {} ({}) is in {other}; export builds C, C++ or Python programs only",
                spec.role.name(),
                read.name
            ))
        }
    };
    Ok(Unchanged {
        files: Carried {
            note: format!(
                "{} {}{}: copied unchanged",
                spec.role.name(),
                read.name,
                read.with_headers
            ),
            name: read.name,
            text: read.original,
            beside: read.beside,
        },
        compiler,
    })
}

/// A program's source as read for a package.
struct Read {
    family: Family,
    language: String,
    name: String,
    original: Vec<u8>,
    beside: Vec<(String, Vec<u8>)>,
    /// " with testlib.h", or empty: for the notes.
    with_headers: String,
}

/// Reads a problem program for a package: its source file (C, C++ or Python, or any
/// language in the Kattis convention) and the headers it includes from beside it.
fn read_program(
    runner: &RunnerConfig,
    source: &Source,
    spec: &ProgramSpec,
) -> Result<Read, String> {
    let role = spec.role.name();
    let ProgramSource::Source { path, language } = &spec.source else {
        return Err(format!(
            "its {role} is a command ({}), not a source file a package can carry",
            spec.name()
        ));
    };
    let language = match language {
        Some(id) => runner.language(id),
        None => runner.language_for(path),
    }
    .ok_or_else(|| format!("the language of its {role} {} is unknown", path.display()))?;
    if spec.convention == Convention::Cms {
        return Err(format!(
            "its {role} {} is in the CMS convention, which export does not wrap",
            path.display()
        ));
    }
    let family = match language.id.as_str() {
        "c" | "cpp" => Family::C,
        "python" | "pypy3" => Family::Python,
        _ if spec.convention == Convention::Kattis => Family::Other,
        other => {
            return Err(format!(
                "its {role} ({}) is in {other}; export wraps a testlib program in C, C++ or \
                 Python only",
                path.display()
            ))
        }
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let original = source
        .read(path, runner.files.sources())
        .map_err(|e| e.to_string())?;
    let mut beside = Vec::new();
    if family == Family::C {
        for header in local_includes(&String::from_utf8_lossy(&original)) {
            let file = path.with_file_name(&header);
            if source.has(&file).map_err(|e| e.to_string())? {
                beside.push((
                    header,
                    source
                        .read(&file, runner.files.sources())
                        .map_err(|e| e.to_string())?,
                ));
            }
        }
    }
    let with_headers = if beside.is_empty() {
        String::new()
    } else {
        format!(
            " with {}",
            beside
                .iter()
                .map(|(n, _)| n.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    Ok(Read {
        family,
        language: language.id.clone(),
        name,
        original,
        beside,
        with_headers,
    })
}

/// The kind of wrapper a program's language takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    /// C or C++: a constructor runs before the program's `main`.
    C,
    /// Python: the program's text runs in a child interpreter.
    Python,
    /// Another language, copied only (Kattis convention).
    Other,
}

/// The names of the files a C or C++ source includes with quotes (`#include "testlib.h"`).
fn local_includes(text: &str) -> Vec<String> {
    let mut names: Vec<String> = text
        .lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix('#')?.trim_start();
            let rest = rest.strip_prefix("include")?.trim_start();
            let name = rest.strip_prefix('"')?.split('"').next()?;
            let plain = !name.is_empty()
                && !name.contains("..")
                && !name.starts_with('/')
                && !name.contains('/');
            plain.then(|| name.to_string())
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// A testlib program (`original`, in C/C++ or Python) wrapped to speak the Kattis convention
/// as `target`:
/// - a checker (`check input output answer`, exit 0 AC, 1 WA, 2 PE, 3 its failure) becomes an
///   output validator: the output (standard input) is saved in the feedback folder, the
///   checker runs on it, its standard error becomes `judgemessage.txt`, 0 becomes 42, 1 and 2
///   become 43, anything else 1 (a judge error);
/// - a validator (exit 0 valid) becomes an input validator: 0 becomes 42, another exit 43, a
///   crash 1;
/// - an interactor (`interactor input output`, its standard input and output the
///   solution's) is called as `interactor input feedback/interactor_output answer` (testlib's
///   optional third argument) with the same mapping as a checker's.
///
/// Python: the original's text runs in a child interpreter (`python -c`) with the testlib
/// arguments. C and C++: the original is kept whole after a constructor that runs before its
/// `main` (glibc passes the arguments to constructors): it forks, the child rewrites the
/// arguments in place and goes on into `main`, and the parent waits and maps the exit code.
fn wrap(family: Family, target: Target, name: &str, original: &str) -> String {
    match family {
        Family::Python => wrap_python(target, name, original),
        Family::C | Family::Other => wrap_c(target, name, original),
    }
}

fn wrap_python(target: Target, name: &str, original: &str) -> String {
    let mut text = format!(
        "# Written by `judge export`: {name}, a program of the testlib convention, run as a\n\
         # Kattis {what}. Its source is ORIGINAL below, unchanged.\n\
         import os\nimport subprocess\nimport sys\n\n\
         ORIGINAL = {original}\n\n\
         def run(arguments, **streams):\n    \
         return subprocess.run([sys.executable, \"-c\", ORIGINAL] + arguments, **streams)\n\n\
         def verdict(ran, feedback_dir):\n    \
         # testlib's quitp and _pc say points on the first line of standard error: the\n    \
         # test's score, in score.txt (an accepted run worth them).\n    \
         first = ran.stderr.split(b\"\\n\", 1)[0].decode(\"utf-8\", \"replace\")\n    \
         for mark, end in ((\"points \", \" \"), (\"partially correct (\", \")\")):\n        \
         if ran.returncode != 0 and first.startswith(mark):\n            \
         try:\n                \
         points = float(first[len(mark):].split(end)[0])\n            \
         except ValueError:\n                \
         return 1\n            \
         if not points >= 0:\n                \
         return 1\n            \
         with open(os.path.join(feedback_dir, \"score.txt\"), \"w\") as score:\n                \
         score.write(repr(points) + \"\\n\")\n            \
         return 42\n    \
         return {{0: 42, 1: 43, 2: 43}}.get(ran.returncode, 1)\n\n",
        what = match target {
            Target::InputValidator => "input validator (exit 0 becomes 42, another exit 43)",
            Target::OutputValidator => "output validator (exit 0 becomes 42, 1 and 2 become 43)",
            Target::Interactor =>
                "interactive output validator (exit 0 becomes 42, 1 and 2 become 43)",
        },
        original = python_literal(original),
    );
    text += match target {
        Target::InputValidator => {
            "code = run(sys.argv[1:]).returncode\n\
             sys.exit(42 if code == 0 else 43 if code > 0 else 1)\n"
        }
        Target::OutputValidator => {
            "input_file, answer_file, feedback_dir = sys.argv[1:4]\n\
             output_file = os.path.join(feedback_dir, \"team_output\")\n\
             with open(output_file, \"wb\") as saved:\n    \
             saved.write(sys.stdin.buffer.read())\n\
             ran = run([input_file, output_file, answer_file] + sys.argv[4:], stdin=subprocess.DEVNULL, stderr=subprocess.PIPE)\n\
             with open(os.path.join(feedback_dir, \"judgemessage.txt\"), \"wb\") as message:\n    \
             message.write(ran.stderr)\n\
             sys.exit(verdict(ran, feedback_dir))\n"
        }
        Target::Interactor => {
            "input_file, answer_file, feedback_dir = sys.argv[1:4]\n\
             output_file = os.path.join(feedback_dir, \"interactor_output\")\n\
             ran = run([input_file, output_file, answer_file] + sys.argv[4:], stderr=subprocess.PIPE)\n\
             with open(os.path.join(feedback_dir, \"judgemessage.txt\"), \"wb\") as message:\n    \
             message.write(ran.stderr)\n\
             sys.exit(verdict(ran, feedback_dir))\n"
        }
    };
    text
}

/// A Python string literal of `text`.
pub(crate) fn python_literal(text: &str) -> String {
    let mut literal = String::from("\"");
    for c in text.chars() {
        match c {
            '\\' => literal += "\\\\",
            '"' => literal += "\\\"",
            '\n' => literal += "\\n",
            '\t' => literal += "\\t",
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                literal += &format!("\\x{:02x}", c as u32)
            }
            c => literal.push(c),
        }
    }
    literal.push('"');
    literal
}

fn wrap_c(target: Target, name: &str, original: &str) -> String {
    let target_code = match target {
        Target::InputValidator => 0,
        Target::OutputValidator => 1,
        Target::Interactor => 2,
    };
    format!(
        "/* Written by `judge export`: {name}, a program of the testlib convention, run as a Kattis\n\
         \x20  {what}. The constructor below runs before {name}'s main (which follows it,\n\
         \x20  unchanged): it forks; the child rewrites the arguments in place into the testlib\n\
         \x20  ones and goes on into main; the parent waits for it and maps its exit code\n\
         \x20  (0 -> 42, {wrong} -> 43, anything else -> 1, a judge error). */\n\
         #include <fcntl.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\
         #include <sys/wait.h>\n#include <unistd.h>\n\n\
         static const int judge_export_target = {target_code}; /* 0 input validator, 1 checker, 2 interactor */\n\
\n\
         static char *judge_export_join(const char *folder, const char *file) {{\n\
         \x20   size_t length = strlen(folder);\n\
         \x20   char *path = (char *)malloc(length + strlen(file) + 2);\n\
         \x20   if (!path) _exit(1);\n\
         \x20   strcpy(path, folder);\n\
         \x20   if (length == 0 || folder[length - 1] != '/') strcat(path, \"/\");\n\
         \x20   return strcat(path, file);\n\
         }}\n\n\
         /* testlib's quitp and _pc say points on the first line of standard error (here\n\
         \x20  judgemessage.txt): the test's score, written to score.txt, an accepted run. */\n\
         static void judge_export_points(const char *folder) {{\n\
         \x20   char line[256];\n\
         \x20   const char *rest = 0;\n\
         \x20   char *end;\n\
         \x20   double points;\n\
         \x20   FILE *file = fopen(judge_export_join(folder, \"judgemessage.txt\"), \"r\");\n\
         \x20   if (!file) return;\n\
         \x20   if (!fgets(line, sizeof line, file)) line[0] = 0;\n\
         \x20   fclose(file);\n\
         \x20   if (strncmp(line, \"points \", 7) == 0) rest = line + 7;\n\
         \x20   else if (strncmp(line, \"partially correct (\", 19) == 0) rest = line + 19;\n\
         \x20   if (!rest) return;\n\
         \x20   points = strtod(rest, &end);\n\
         \x20   if (end == rest || !(points >= 0)) return;\n\
         \x20   file = fopen(judge_export_join(folder, \"score.txt\"), \"w\");\n\
         \x20   if (!file) return;\n\
         \x20   fprintf(file, \"%.17g\\n\", points);\n\
         \x20   fclose(file);\n\
         \x20   _exit(42);\n\
         }}\n\n\
         __attribute__((constructor(101))) static void judge_export_wrapper(int argc, char **argv, char **envp) {{\n\
         \x20   (void)envp;\n\
         \x20   pid_t child;\n\
         \x20   int status, code;\n\
         \x20   if (judge_export_target != 0 && argc < 4) _exit(1);\n\
         \x20   fflush(NULL);\n\
         \x20   child = fork();\n\
         \x20   if (child < 0) _exit(1);\n\
         \x20   if (child == 0) {{\n\
         \x20       if (judge_export_target != 0) {{\n\
         \x20           /* Kattis: input answer feedback/; testlib: input output answer. */\n\
         \x20           char *answer = argv[2];\n\
         \x20           char *output = judge_export_join(argv[3], judge_export_target == 1 ? \"team_output\" : \"interactor_output\");\n\
         \x20           int message = open(judge_export_join(argv[3], \"judgemessage.txt\"), O_WRONLY | O_CREAT | O_TRUNC, 0644);\n\
         \x20           if (message >= 0) dup2(message, 2);\n\
         \x20           if (judge_export_target == 1) {{\n\
         \x20               /* The team's output comes on standard input: saved as the output file. */\n\
         \x20               char buffer[1 << 16];\n\
         \x20               ssize_t got;\n\
         \x20               int saved = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0644);\n\
         \x20               if (saved < 0) _exit(3);\n\
         \x20               while ((got = read(0, buffer, sizeof buffer)) > 0)\n\
         \x20                   if (write(saved, buffer, (size_t)got) != got) _exit(3);\n\
         \x20               close(saved);\n\
         \x20           }}\n\
         \x20           argv[2] = output;\n\
         \x20           argv[3] = answer; /* the package's flags, after, stay where testlib has them */\n\
         \x20       }}\n\
         \x20       return; /* on into main */\n\
         \x20   }}\n\
         \x20   if (judge_export_target == 2) {{\n\
         \x20       /* The solution must see the end of its input when the interactor ends. */\n\
         \x20       close(0);\n\
         \x20       close(1);\n\
         \x20   }}\n\
         \x20   if (waitpid(child, &status, 0) < 0 || !WIFEXITED(status)) _exit(1);\n\
         \x20   code = WEXITSTATUS(status);\n\
         \x20   if (judge_export_target == 0) _exit(code == 0 ? 42 : 43);\n\
         \x20   if (code != 0) judge_export_points(argv[3]);\n\
         \x20   _exit(code == 0 ? 42 : code == 1 || code == 2 ? 43 : 1);\n\
         }}\n\n\
         /* ---- {name}, unchanged ---- */\n{original}",
        what = match target {
            Target::InputValidator => "input validator",
            Target::OutputValidator => "output validator",
            Target::Interactor => "interactive output validator",
        },
        wrong = if target == Target::InputValidator {
            "another exit"
        } else {
            "1 and 2"
        },
    )
}

/// Where the package is built until it is complete; `out` must be missing or empty: export
/// writes a new package.
pub(crate) fn stage(out: &Path, stop: Stop) -> Result<StagedFolder, ExportError> {
    StagedFolder::new(out, stop).map_err(|cause| match cause.kind() {
        std::io::ErrorKind::AlreadyExists => ExportError::NotEmpty(out.to_path_buf()),
        _ => ExportError::Write {
            path: out.to_path_buf(),
            cause,
        },
    })
}

/// The package, complete, renamed into place.
pub(crate) fn publish(staged: StagedFolder) -> Result<(), ExportError> {
    let out = staged.target().to_path_buf();
    staged
        .publish()
        .map_err(|cause| ExportError::Write { path: out, cause })
}

/// The problem's folder, whose files (samples, statement, interactor) are read as files
/// inside it.
pub(crate) struct Source {
    folder: Folder,
}

impl Source {
    pub(crate) fn new(problem: &ProblemSpec) -> Result<Source, ExportError> {
        Ok(Source {
            folder: Folder::new(&problem.dir)?,
        })
    }

    pub(crate) fn read(&self, path: &Path, cap: Cap) -> Result<Vec<u8>, ExportError> {
        Ok(self.folder.read(path, cap)?)
    }

    /// Whether the problem has this file (it is then a regular file inside its folder).
    fn has(&self, path: &Path) -> Result<bool, ExportError> {
        Ok(self.folder.kind_if_any(path)? == Some(Kind::File))
    }
}

pub(crate) fn write_file(path: &Path, bytes: &[u8]) -> Result<(), ExportError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|cause| ExportError::Write {
            path: parent.to_path_buf(),
            cause,
        })?;
    }
    std::fs::write(path, bytes).map_err(|cause| ExportError::Write {
        path: path.to_path_buf(),
        cause,
    })
}

/// `problem.yaml` (format 2023-07, with the problem's limits) and the statement.
pub(crate) fn write_metadata(
    source: &Source,
    problem: &ProblemSpec,
    out: &Path,
    kind: &str,
) -> Result<(), ExportError> {
    let limits = &problem.limits;
    let yaml = format!(
        "# Written by `judge export {id} --kattis`.\n\
         problem_format_version: 2023-07\n\
         name: {title:?}\n\
         uuid: {uuid}\n\
         type: {kind}\n\
         source: {source:?}\n\
         limits:\n  time_limit: {time}\n  memory: {memory}\n",
        id = problem.id,
        title = problem.title,
        uuid = uuid_of(&problem.id),
        source = problem.source,
        time = limits.cpu_time.as_secs_f64(),
        memory = limits.memory_bytes / judge_core::limits::MIB,
    );
    write_file(&out.join("problem.yaml"), yaml.as_bytes())?;
    let statement = problem.dir.join("statement.md");
    if source.has(&statement)? {
        write_file(
            &out.join("statement/problem.en.md"),
            &source.read(&statement, Cap::STATEMENT)?,
        )?;
    }
    Ok(())
}

/// Copies the solutions of the format's folders as submissions; `skip_folder` may give a
/// reason to leave a whole folder out.
fn copy_solutions(
    runner: &RunnerConfig,
    problem: &ProblemSpec,
    solutions: Option<&Path>,
    out: &Path,
    exported: &mut Exported,
    skip_folder: impl Fn(&str) -> Option<String>,
) -> Result<(), ExportError> {
    let Some(solutions) = solutions.filter(|s| s.is_dir()) else {
        return Ok(());
    };
    let solutions_folder = Folder::new(solutions)?;
    let listing = |dir: &Path| -> Result<Vec<PathBuf>, ExportError> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|cause| ExportError::Read {
                path: dir.to_path_buf(),
                cause,
            })?
            .flatten()
            .map(|e| e.path())
            .collect();
        paths.sort();
        Ok(paths)
    };
    for folder in listing(solutions)? {
        let name = folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !super::SUBMISSION_FOLDERS
            .iter()
            .any(|(folder, _)| *folder == name)
        {
            exported.left_out.push(format!(
                "solutions/{name}/: the package format has no folder for {}",
                Verdict::from_folder(&name).map_or(name.clone(), |v| v.code().to_string())
            ));
            continue;
        }
        if let Some(why) = skip_folder(&name) {
            exported.left_out.push(format!("solutions/{name}/: {why}"));
            continue;
        }
        for file in listing(&folder)? {
            let file_name = file.file_name().unwrap_or_default();
            let shown = format!("solutions/{name}/{}", file_name.to_string_lossy());
            match solutions_folder.kind(&file) {
                Ok(Kind::File) => {}
                Ok(Kind::Folder) => continue,
                Err(e) => {
                    exported.left_out.push(format!("{shown}: {e}"));
                    continue;
                }
            }
            let Some(language) = runner.language_for(&file) else {
                continue;
            };
            let extra = (problem.limits.language_extra_time
                || problem.limits.language_extra_memory)
                && language.allowance != Allowance::NONE;
            if extra {
                exported.left_out.push(format!(
                    "{shown}: {} gets extra time or memory here, and a package gives every \
                     language the same limits",
                    language.name
                ));
                continue;
            }
            write_file(
                &out.join("submissions").join(&name).join(file_name),
                &solutions_folder.read(&file, runner.files.sources())?,
            )?;
            exported.submissions += 1;
        }
    }
    Ok(())
}

/// The file, in a game problem's folder, of the interactor program its packages use.
const GAME_INTERACTOR: &str = "kattis/interactor.py";

/// Writes a game problem as an interactive package: each test is one game (`SEED GAME`),
/// played by the problem's interactor program, which plays the built-in game side's game.
/// Kattis decides each game pass-fail (it ended by the rules) and has no rule on the mean
/// score, so solutions that are wrong only by their mean score are left out.
fn write_game_package(
    runner: &RunnerConfig,
    problem: &ProblemSpec,
    solutions: Option<&Path>,
    out: &Path,
    count: u64,
    seed: u64,
    stop: Stop,
) -> Result<Exported, ExportError> {
    let source = Source::new(problem)?;
    let interactor = problem.dir.join(GAME_INTERACTOR);
    if !source.has(&interactor)? {
        return Err(ExportError::Unsupported {
            problem: problem.id.clone(),
            why: format!(
                "its games are played against a game side built into the grader; a package \
                 needs an interactor program ({GAME_INTERACTOR} in its folder)"
            ),
        });
    }
    let staged = stage(out, stop)?;
    let out = staged.path();
    let mut exported = Exported::default();
    write_metadata(&source, problem, out, "interactive")?;
    write_file(
        &out.join("output_validator/interactor.py"),
        &source.read(&interactor, runner.files.sources())?,
    )?;
    for game in 0..count.max(1) {
        let group = if game == 0 { "sample" } else { "secret" };
        let name = format!("data/{group}/game-{game:03}");
        write_file(
            &out.join(format!("{name}.in")),
            format!("{seed} {game}\n").as_bytes(),
        )?;
        write_file(&out.join(format!("{name}.ans")), b"")?;
        exported.tests += 1;
    }
    copy_solutions(runner, problem, solutions, out, &mut exported, |folder| {
        (folder == "wrong_answer").then(|| {
            "wrong only by the mean score, a rule Kattis's pass-fail games cannot state".to_string()
        })
    })?;
    publish(staged)?;
    Ok(exported)
}

/// A UUID (version 4 form) derived from the problem's id, so that exports agree.
fn uuid_of(id: &str) -> String {
    let digest = Sha256::digest(format!("judge problem {id}").as_bytes());
    let mut b: [u8; 16] = digest[..16].try_into().unwrap_or([0; 16]);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_headers_a_source_includes_from_beside_it_are_found() {
        let source =
            "#include <bits/stdc++.h>\n#include \"testlib.h\"\n  #  include \"util.h\" // x\n\
                      #include \"../up.h\"\n#include \"sub/dir.h\"\n#include \"testlib.h\"\n";
        assert_eq!(local_includes(source), ["testlib.h", "util.h"]);
    }

    /// The literal a Python wrapper holds its program in reads back as the program, whatever
    /// it holds (quotes, backslashes, control characters, non-ASCII text).
    #[test]
    fn a_python_literal_reads_back_as_the_text() {
        let text = "print(\"a\\n\", 'b')\n\ttab \\ back \"\"\" \u{7f}\u{1} é 字\r\n";
        let program = format!("import sys\nsys.stdout.write({})", python_literal(text));
        let output = std::process::Command::new("python3")
            .args(["-c", &program])
            .output()
            .expect("python3 runs");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(String::from_utf8(output.stdout).unwrap(), text);
    }
}
