//! A Polygon package written as a Kattis problem package (format 2023-07, which problemtools'
//! `verifyproblem` reads; it refuses 2025-09, and legacy has no fixed time limit, where a
//! Polygon package has one). What is written:
//! - `problem.yaml`: the name, the testset's time limit and memory limit; `type: scoring` when
//!   the testset has groups, else pass-fail;
//! - `data/sample` (the tests marked `sample`) and `data/secret`: every test with its answer,
//!   a generated test as judge's doall made it, an answer the package lacks from the `main`
//!   solution. With groups, each group is a folder of `data/secret` (its tests, a sample
//!   included, so the secret data grades as Polygon grades every test): a `complete-group`
//!   scores its points when all its tests pass (`grader_flags: min`, `accept_score`), an
//!   `each-test` group each test's points (`sum`, a folder per test when their points differ).
//!   A group's dependencies become copies of their tests in its folder (a dependency that
//!   fails zeroes the group, as on Polygon); an `each-test` group with dependencies cannot be
//!   said (it is refused by name);
//! - the checker: a testlib checker from source wrapped into an output validator (the Kattis
//!   export's `carry`), a standard one by name as the default validator's flags (or the lines
//!   program); the validators wrapped into input validators;
//! - the solutions by tag in `submissions/` (`main`/`accepted` -> accepted, `wrong-answer` and
//!   `presentation-error` -> wrong_answer, `time-limit-exceeded` -> time_limit_exceeded); the
//!   tags that allow several verdicts (`rejected`, `failed`, `*-or-*`) and
//!   `memory-limit-exceeded` have no folder in the format: left out, each named.
//!
//! An interactive package becomes `type: interactive`: Polygon judges by the interactor and
//! then the checker on what it wrote, a Kattis package by one output validator, so
//! `output_validator/` is a folder of its own `build` and `run` scripts that compile both
//! (unchanged, through `kattis::export::unchanged`) and run them in turn (see
//! [`Interactive`]); its answers are the main solution's games. A package whose solutions
//! read and write named files (`input-file`, `output-file`: the format has only standard
//! input and output) is refused. The package's `.exe` files are never copied: only sources
//! are.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use judge_core::check::{Checker, Comparison};
use judge_core::cleanup::Stop;
use judge_core::config::{Convention, ProgramSource, ProgramSpec, Role, RunnerConfig};
use judge_core::files::{Cap, Folder};
use judge_core::problems::ProblemCode;
use judge_core::quote::shell;

use super::problem_xml::{self, PointsPolicy, ProblemXml, Tag};
use crate::kattis::export::{
    carry, publish, stage, unchanged, write_file, write_metadata, Carried, ExportError, Exported,
    Source, Target, Unchanged, LINES_VALIDATOR,
};
use crate::kattis::Package;

/// Writes the Polygon package `package` (loaded by [`super::load`], its generated tests
/// made) as a Kattis package in `out` (created; it must not hold anything yet). `code`
/// answers the tests whose answers the package lacks (its `main` solution). The package
/// appears at `out` whole, or not at all.
pub fn write_package(
    runner: &RunnerConfig,
    package: &Package,
    code: Option<&dyn ProblemCode>,
    out: &Path,
    stop: Stop,
) -> Result<Exported, ExportError> {
    let folder = Folder::new(&package.dir)?;
    let problem = super::read_problem_xml(&folder).map_err(|e| unsupported(package, e))?;
    let spec = &package.spec;
    let tests = spec.file_tests.as_deref().unwrap_or_default();
    if tests.len() != problem.testset.tests.len() {
        return Err(unsupported(
            package,
            "its tests as loaded do not match problem.xml's testset",
        ));
    }
    if !spec.io_files.is_standard() {
        // A Kattis submission reads standard input and writes standard output: the format
        // has no named files, and a solution reading input.txt would fail there.
        return Err(unsupported(
            package,
            format!(
                "its solutions read {} and write {} (problem.xml's input-file and \
                 output-file): a Kattis package has no named input and output files",
                spec.io_files.input.as_deref().unwrap_or("standard input"),
                spec.io_files.output.as_deref().unwrap_or("standard output"),
            ),
        ));
    }
    let layout = Layout::of(&problem).map_err(|why| unsupported(package, why))?;
    let source = Source::new(spec)?;
    let mut exported = Exported::default();
    // What judges the outputs: the default output validator with flags, or a program.
    let checker_source = problem.checker.as_ref().and_then(|c| c.source.as_ref());
    // A checker that gives points (testlib's quitp, exit 7; `_pc`) makes a scoring package:
    // its wrapper writes them to score.txt, which the format reads only in a scoring problem.
    let gives_points = match checker_source {
        Some(checker) => {
            let text = source
                .read(&package.dir.join(&checker.path), runner.files.sources())
                .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
                .unwrap_or_default();
            ["quitp", "_points", "_pc("]
                .iter()
                .any(|call| text.contains(call))
        }
        None => false,
    };
    let interactive = match &problem.interactor {
        Some(interactor) => Some(
            Interactive::read(runner, &source, package, interactor, checker_source)
                .map_err(|why| unsupported(package, why))?,
        ),
        None => None,
    };
    if interactive.is_some() && gives_points {
        return Err(unsupported(
            package,
            "it is interactive and its checker gives points (testlib's quitp or _pc), which \
             the interactive export does not carry",
        ));
    }
    let (flags, judge_files): (Vec<String>, Option<Carried>) = match (&spec.checker, checker_source)
    {
        _ if interactive.is_some() => (Vec::new(), None),
        (Checker::Program(_), Some(checker)) => {
            let program = testlib_program(package, Role::Checker, checker);
            let carried = carry(runner, &source, &program, Target::OutputValidator)
                .map_err(|why| unsupported(package, why))?
                .inlined();
            (Vec::new(), Some(carried))
        }
        (Checker::Compare(Comparison::Tokens), _) => (vec!["case_sensitive".into()], None),
        (Checker::Compare(Comparison::Float { tolerance }), _) => {
            (vec!["float_tolerance".into(), tolerance.to_string()], None)
        }
        (Checker::Compare(Comparison::Lines), _) => (
            Vec::new(),
            Some(Carried {
                name: "lines.py".into(),
                text: LINES_VALIDATOR.as_bytes().to_vec(),
                beside: Vec::new(),
                note: "checker std::lcmp.cpp: written as the output validator lines.py \
                       (Python 3, lines compared as lcmp compares them)"
                    .into(),
            }),
        ),
        (other, _) => {
            return Err(unsupported(
                package,
                format!("its checker ({other:?}) has no Kattis form here"),
            ))
        }
    };
    if let Some(name) = problem.checker.as_ref().and_then(|c| c.standard.as_ref()) {
        if flags.first().is_some_and(|f| f == "case_sensitive") {
            exported.notes.push(format!(
                "checker {name}: the default output validator, case_sensitive (tokens compared \
                 exactly; testlib's {name} may be laxer, as judge reads it too)"
            ));
        }
    }
    let mut validators = Vec::new();
    for (i, validator) in problem.validators.iter().enumerate() {
        let program = testlib_program(package, Role::Validator, validator);
        match carry(runner, &source, &program, Target::InputValidator) {
            Ok(carried) => validators.push(carried),
            Err(why) => {
                exported
                    .left_out
                    .push(format!("validator {} ({}): {why}", i + 1, validator.path))
            }
        }
    }
    let staged = stage(out, stop)?;
    let out = staged.path();
    let kind = match (
        layout.groups.is_empty() && !gives_points,
        interactive.is_some(),
    ) {
        (true, false) => "pass-fail",
        (false, false) => "scoring",
        (true, true) => "interactive",
        (false, true) => "[scoring, interactive]",
    };
    if gives_points {
        exported.notes.push(
            "the checker gives points (testlib's quitp or _pc): its wrapper writes them to \
             score.txt, the test's score, and the package is a scoring one"
                .into(),
        );
    }
    write_metadata(&source, spec, out, kind)?;
    // The format wants a statement for the name's language: Polygon's own (LaTeX parts in
    // statements/) is not converted.
    write_file(
        &out.join("statement/problem.en.md"),
        format!(
            "# {}\n\nThe statement of this problem is in its Polygon package \
             (`statements/`), which `judge export` does not convert.\n",
            spec.title
        )
        .as_bytes(),
    )?;
    exported.left_out.push(
        "the statement: Polygon's (statements/) is not converted; statement/problem.en.md \
         holds the name and says so"
            .into(),
    );
    if let Some(interactive) = &interactive {
        interactive.write(&out.join("output_validator"))?;
        exported.notes.extend(interactive.notes());
    }
    if let Some(files) = &judge_files {
        files.write(&out.join("output_validator"), true)?;
        exported.notes.push(files.note.clone());
    }
    for files in &validators {
        files.write(&out.join("input_validators"), false)?;
        exported.notes.push(files.note.clone());
    }
    let mut yaml: BTreeMap<PathBuf, String> = BTreeMap::new();
    let root_flags = match flags.is_empty() {
        true => String::new(),
        false => format!("output_validator_flags: {}\n", flags.join(" ")),
    };
    // Each test's input and answer, once.
    let mut files = Vec::with_capacity(tests.len());
    for (index, test) in tests.iter().enumerate() {
        if stop.requested() {
            return Err(ExportError::Interrupted);
        }
        let input = test.read_input()?;
        let answer = match test.folder.kind_if_any(&test.answer)? {
            Some(_) => test.folder.read(&test.answer, Cap::TEST)?,
            None => {
                let code = code.ok_or_else(|| ExportError::Generate {
                    index: index as u64 + 1,
                    message: "has no answer, and the package no main solution to make it".into(),
                })?;
                code.solve(&String::from_utf8_lossy(&input))
                    .map_err(|e| ExportError::Generate {
                        index: index as u64 + 1,
                        message: format!("the main solution gave no answer: {e}"),
                    })?
                    .into_bytes()
            }
        };
        files.push((input, answer));
    }
    let write_test = |at: PathBuf, index: usize| -> Result<(), ExportError> {
        let (input, answer) = &files[index];
        write_file(&at.with_extension("in"), input)?;
        write_file(&at.with_extension("ans"), answer)?;
        Ok(())
    };
    let name = |index: usize| format!("{:03}", index + 1);
    for (index, test) in problem.testset.tests.iter().enumerate() {
        if test.sample {
            write_test(out.join("data/sample").join(name(index)), index)?;
            exported.tests += 1;
        }
    }
    if layout.groups.is_empty() {
        for (index, test) in problem.testset.tests.iter().enumerate() {
            // Polygon scores every test, a sample too: a points checker's sample is secret too.
            if !test.sample || gives_points {
                write_test(out.join("data/secret").join(name(index)), index)?;
                exported.tests += 1;
            }
        }
        if gives_points {
            // Each test scores the checker's points (or 1 when it accepts without), summed.
            yaml.insert(
                "data/testdata.yaml".into(),
                format!(
                    "{root_flags}on_reject: continue\ngrader_flags: first_error ignore_sample\n"
                ),
            );
            yaml.insert(
                "data/sample/testdata.yaml".into(),
                "on_reject: continue\naccept_score: 0\ngrader_flags: first_error sum\n".into(),
            );
            yaml.insert(
                "data/secret/testdata.yaml".into(),
                "on_reject: continue\ngrader_flags: first_error sum\n".into(),
            );
        } else if !root_flags.is_empty() {
            yaml.insert("data/testdata.yaml".into(), root_flags);
        }
    } else {
        let total: f64 = layout.groups.iter().map(|g| g.points).sum();
        yaml.insert(
            "data/testdata.yaml".into(),
            format!(
                "{root_flags}on_reject: continue\nrange: 0 {total}\n\
                 grader_flags: first_error ignore_sample\n"
            ),
        );
        yaml.insert(
            "data/sample/testdata.yaml".into(),
            "on_reject: continue\naccept_score: 0\ngrader_flags: first_error sum\n".into(),
        );
        yaml.insert(
            "data/secret/testdata.yaml".into(),
            format!("on_reject: continue\nrange: 0 {total}\ngrader_flags: first_error sum\n"),
        );
        for (position, group) in layout.groups.iter().enumerate() {
            let folder = format!(
                "data/secret/{:02}-{}",
                position + 1,
                folder_name(&group.name)
            );
            let tests_of = |name: &str| {
                problem
                    .testset
                    .tests
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| t.group.as_deref() == Some(name))
                    .map(|(i, t)| (i, t.points.unwrap_or(0.0)))
                    .collect::<Vec<_>>()
            };
            let own = tests_of(&group.name);
            match &group.scoring {
                Scoring::Complete => {
                    yaml.insert(
                        PathBuf::from(&folder).join("testdata.yaml"),
                        format!(
                            "on_reject: continue\naccept_score: {p}\nrange: 0 {p}\n\
                             grader_flags: first_error min\n",
                            p = group.points
                        ),
                    );
                    for (index, _) in &own {
                        write_test(out.join(&folder).join(name(*index)), *index)?;
                        exported.tests += 1;
                    }
                    for dependency in &group.dependencies {
                        for (index, _) in tests_of(dependency) {
                            let copy = format!("{}-{}", folder_name(dependency), name(index));
                            write_test(out.join(&folder).join(copy), index)?;
                        }
                    }
                }
                Scoring::EachTest { uniform } => {
                    let per_test = match uniform {
                        Some(points) => {
                            yaml.insert(
                                PathBuf::from(&folder).join("testdata.yaml"),
                                format!(
                                    "on_reject: continue\naccept_score: {points}\nrange: 0 {}\n\
                                     grader_flags: first_error sum\n",
                                    group.points
                                ),
                            );
                            false
                        }
                        None => {
                            yaml.insert(
                                PathBuf::from(&folder).join("testdata.yaml"),
                                format!(
                                    "on_reject: continue\nrange: 0 {}\n\
                                     grader_flags: first_error sum\n",
                                    group.points
                                ),
                            );
                            true
                        }
                    };
                    for (index, points) in &own {
                        let at = if per_test {
                            let test_folder = PathBuf::from(&folder).join(name(*index));
                            yaml.insert(
                                test_folder.join("testdata.yaml"),
                                format!(
                                    "on_reject: continue\naccept_score: {points}\n\
                                     range: 0 {points}\ngrader_flags: first_error sum\n"
                                ),
                            );
                            out.join(test_folder).join(name(*index))
                        } else {
                            out.join(&folder).join(name(*index))
                        };
                        write_test(at, *index)?;
                        exported.tests += 1;
                    }
                }
            }
        }
        if layout.groups.iter().any(|g| !g.dependencies.is_empty()) {
            exported.notes.push(
                "groups' dependencies: the tests of the groups a group depends on are copied \
                 into its folder (named after their group), so a failed one zeroes it"
                    .into(),
            );
        }
    }
    for (path, text) in &yaml {
        write_file(&out.join(path), text.as_bytes())?;
    }
    write_submissions(runner, package, &problem, out, &mut exported)?;
    publish(staged)?;
    Ok(exported)
}

/// An interactive package's judging as one Kattis output validator: a folder of its own
/// `build` and `run` scripts holding the interactor and the checker unchanged (each in a
/// folder of its own, with the headers it includes). `run` (`run input answer feedback/`, its
/// standard input and output the submission's) runs the interactor as Polygon does
/// (`interactor input feedback/interactor_output`), then, when it accepts, the checker on
/// what it wrote (`checker input feedback/interactor_output answer`); exits 0 -> 42, 1 and 2
/// -> 43 (and the interactor killed by SIGPIPE, writing to a submission that had ended),
/// anything else a judge error (exit 1), the programs' standard error in
/// `judgemessage.txt`. The folder is `output_validator/` (the format's program) and, the
/// same scripts, its subfolder `polygon/`, the one program problemtools finds there.
struct Interactive {
    interactor: Unchanged,
    checker: Unchanged,
}

/// The folder, in `output_validator/`, that problemtools takes as the program.
const SCRIPTS_FOLDER: &str = "polygon";

impl Interactive {
    fn read(
        runner: &RunnerConfig,
        source: &Source,
        package: &Package,
        interactor: &problem_xml::Source,
        checker: Option<&problem_xml::Source>,
    ) -> Result<Interactive, String> {
        let checker = checker.ok_or_else(|| {
            "it is interactive and its checker is one of testlib's standard ones by name: \
             export joins the interactor to a checker from source only"
                .to_string()
        })?;
        let interactor = unchanged(
            runner,
            source,
            &testlib_program(package, Role::Interactor, interactor),
        )?;
        let checker = unchanged(
            runner,
            source,
            &testlib_program(package, Role::Checker, checker),
        )?;
        Ok(Interactive {
            interactor,
            checker,
        })
    }

    fn notes(&self) -> Vec<String> {
        vec![
            format!(
                "interactive: output_validator/ builds and runs {} and then {} on what it \
                 wrote (its own build and run scripts; exit 0 becomes 42, 1 and 2 become 43, \
                 another exit a judge error)",
                self.interactor.files.name, self.checker.files.name
            ),
            self.interactor.files.note.clone(),
            self.checker.files.note.clone(),
        ]
    }

    fn write(&self, folder: &Path) -> Result<(), ExportError> {
        let inner = folder.join(SCRIPTS_FOLDER);
        let mut build = String::from(
            "#!/bin/sh\n# Written by `judge export`: builds the interactor and the checker.\nset -e\ncd \"$(dirname \"$0\")\"\n",
        );
        let mut commands = Vec::new();
        for (name, program) in [("interactor", &self.interactor), ("checker", &self.checker)] {
            program.files.write(&inner.join(name), true)?;
            let source = format!("{name}/{}", program.files.name);
            commands.push(match program.compiler {
                "python3" => format!("python3 \"$here\"/{}", shell(&source)),
                compiler => {
                    let standard = match compiler {
                        "gcc" => "-std=gnu11",
                        _ => "-std=gnu++17",
                    };
                    build += &format!(
                        "{compiler} {standard} -O2 -o {name}.bin {} -lm\n",
                        shell(&source)
                    );
                    format!("\"$here\"/{name}.bin")
                }
            });
        }
        let run = format!(
            "#!/bin/sh\n\
             # Written by `judge export`: Polygon's judging of an interactive problem as a Kattis\n\
             # output validator (run input answer feedback_dir, its standard input and output\n\
             # the submission's). The interactor talks with the submission and writes its output\n\
             # file; when it accepts, the checker judges that file against the answer (what the\n\
             # interactor wrote for the main solution). Exit 0 becomes 42, 1 and 2 (wrong answer,\n\
             # presentation error) 43, anything else a judge error (1).\n\
             here=$(dirname \"$0\")\n\
             tout=\"$3/interactor_output\"\n\
             message=\"$3/judgemessage.txt\"\n\
             {interactor} \"$1\" \"$tout\" 2>\"$message\"\n\
             code=$?\n\
             # The submission sees the end of its input when the interactor is done.\n\
             exec </dev/null >/dev/null\n\
             case $code in\n\
             0) ;;\n\
             1 | 2) exit 43 ;;\n\
             # Killed writing to a submission that had ended (SIGPIPE): its answer was short.\n\
             141) echo \"wrong answer: the submission ended while the interactor wrote to it\" >>\"$message\"; exit 43 ;;\n\
             *) echo \"judge error: the interactor exited with $code\" >>\"$message\"; exit 1 ;;\n\
             esac\n\
             {checker} \"$1\" \"$tout\" \"$2\" 2>>\"$message\"\n\
             code=$?\n\
             case $code in\n\
             0) exit 42 ;;\n\
             1 | 2) exit 43 ;;\n\
             *) echo \"judge error: the checker exited with $code\" >>\"$message\"; exit 1 ;;\n\
             esac\n",
            interactor = commands[0],
            checker = commands[1],
        );
        write_script(&inner.join("build"), &build)?;
        write_script(&inner.join("run"), &run)?;
        // The format's program is output_validator/ itself: the same scripts, by the folder.
        write_script(
            &folder.join("build"),
            &format!(
                "#!/bin/sh\n# Written by `judge export`: the program is {SCRIPTS_FOLDER}/ (where \
                 problemtools finds it).\nset -e\ncd \"$(dirname \"$0\")/{SCRIPTS_FOLDER}\"\n./build\n"
            ),
        )?;
        write_script(
            &folder.join("run"),
            &format!("#!/bin/sh\nexec \"$(dirname \"$0\")/{SCRIPTS_FOLDER}/run\" \"$@\"\n"),
        )
    }
}

/// Writes an executable script.
fn write_script(path: &Path, text: &str) -> Result<(), ExportError> {
    use std::os::unix::fs::PermissionsExt;
    write_file(path, text.as_bytes())?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).map_err(|cause| {
        ExportError::Write {
            path: path.to_path_buf(),
            cause,
        }
    })
}

fn unsupported(package: &Package, why: impl ToString) -> ExportError {
    ExportError::Unsupported {
        problem: package.spec.id.clone(),
        why: why.to_string(),
    }
}

/// A program of the package by its source file (not the staged copy judge builds), so the
/// headers it includes are found beside it in the package.
fn testlib_program(package: &Package, role: Role, source: &problem_xml::Source) -> ProgramSpec {
    ProgramSpec {
        role,
        source: ProgramSource::Source {
            path: package.dir.join(&source.path),
            language: None,
        },
        convention: Convention::Testlib,
        args: Vec::new(),
        time_limit: package.spec.limits.cpu_time,
        memory_bytes: package.spec.limits.memory_bytes,
    }
}

/// A group's name as a folder name: letters, digits, `_` and `-` kept, anything else `_`.
fn folder_name(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '_' | '-' => c.to_ascii_lowercase(),
            _ => '_',
        })
        .collect()
}

/// How the testset's groups are written.
struct Layout {
    groups: Vec<GroupLayout>,
}

struct GroupLayout {
    name: String,
    points: f64,
    scoring: Scoring,
    dependencies: Vec<String>,
}

enum Scoring {
    /// Its points when all of its tests (and its dependencies') pass.
    Complete,
    /// Each test's own points: all the same (one folder), or not (a folder per test).
    EachTest { uniform: Option<f64> },
}

impl Layout {
    fn of(problem: &ProblemXml) -> Result<Layout, String> {
        let testset = &problem.testset;
        let mut groups = Vec::new();
        for group in &testset.groups {
            let points: Vec<f64> = testset
                .tests
                .iter()
                .filter(|t| t.group.as_deref() == Some(group.name.as_str()))
                .map(|t| t.points.unwrap_or(0.0))
                .collect();
            let total = group.points.unwrap_or_else(|| points.iter().sum());
            let scoring = match group.policy {
                PointsPolicy::CompleteGroup => Scoring::Complete,
                PointsPolicy::EachTest if !group.dependencies.is_empty() => {
                    return Err(format!(
                        "group {:?} scores each test and depends on {}: a Kattis test group \
                         cannot both sum its tests' points and require other groups to pass",
                        group.name,
                        group.dependencies.join(", ")
                    ))
                }
                PointsPolicy::EachTest => Scoring::EachTest {
                    uniform: points
                        .first()
                        .copied()
                        .filter(|first| points.iter().all(|p| p == first)),
                },
            };
            groups.push(GroupLayout {
                name: group.name.clone(),
                points: total,
                scoring,
                dependencies: group.dependencies.clone(),
            });
        }
        Ok(Layout { groups })
    }
}

/// The Kattis folder a tag's solutions go in, or why they are left out.
fn submission_folder(tag: Tag) -> Result<&'static str, &'static str> {
    match tag {
        Tag::Main | Tag::Accepted => Ok("accepted"),
        Tag::WrongAnswer | Tag::PresentationError => Ok("wrong_answer"),
        Tag::TimeLimitExceeded => Ok("time_limit_exceeded"),
        Tag::Rejected
        | Tag::Failed
        | Tag::TimeLimitExceededOrAccepted
        | Tag::TimeLimitExceededOrMemoryLimitExceeded => {
            Err("its tag allows several verdicts, and a Kattis folder expects one")
        }
        Tag::MemoryLimitExceeded => Err(
            "the format has no folder for memory limit exceeded (Kattis shows it as a run \
                 time error or a time limit exceeded, whichever the platform sees)",
        ),
    }
}

/// Copies the solutions' sources into `submissions/<folder>/` by tag.
fn write_submissions(
    runner: &RunnerConfig,
    package: &Package,
    problem: &ProblemXml,
    out: &Path,
    exported: &mut Exported,
) -> Result<(), ExportError> {
    let folder = Folder::new(&package.dir)?;
    let mut taken: Vec<PathBuf> = Vec::new();
    for solution in &problem.solutions {
        let shown = format!("{} ({})", solution.source.path, solution.tag.name());
        let into = match submission_folder(solution.tag) {
            Ok(into) => into,
            Err(why) => {
                exported.left_out.push(format!("{shown}: {why}"));
                continue;
            }
        };
        let path = package.dir.join(&solution.source.path);
        if runner.language_for(&path).is_none() {
            exported
                .left_out
                .push(format!("{shown}: its language is not known here"));
            continue;
        }
        let file_name = solution
            .source
            .path
            .rsplit('/')
            .next()
            .unwrap_or(&solution.source.path)
            .to_string();
        let mut target = PathBuf::from("submissions").join(into).join(&file_name);
        let mut n = 2;
        while taken.contains(&target) {
            target = PathBuf::from("submissions")
                .join(into)
                .join(format!("{n}-{file_name}"));
            n += 1;
        }
        write_file(
            &out.join(&target),
            &folder.read(&path, runner.files.sources())?,
        )?;
        taken.push(target);
        exported.submissions += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_name_is_one_word_for_sh() {
        // As the run script writes it: after `"$here"/`, read back by sh as the name.
        for name in ["checker/check.cpp", "it's $x.cpp"] {
            let line = format!("printf %s \"$here\"/{}", shell(name));
            let said = std::process::Command::new("sh")
                .args(["-c", &line])
                .env("here", "dir")
                .output()
                .unwrap();
            assert_eq!(String::from_utf8_lossy(&said.stdout), format!("dir/{name}"));
        }
    }

    #[test]
    fn group_names_become_plain_folder_names() {
        assert_eq!(folder_name("Subtask 1/ä"), "subtask_1__");
        assert_eq!(folder_name("samples"), "samples");
    }

    #[test]
    fn tags_that_allow_several_verdicts_have_no_folder() {
        assert_eq!(submission_folder(Tag::Main), Ok("accepted"));
        assert_eq!(
            submission_folder(Tag::PresentationError),
            Ok("wrong_answer")
        );
        assert!(submission_folder(Tag::Rejected).is_err());
        assert!(submission_folder(Tag::MemoryLimitExceeded).is_err());
    }
}
