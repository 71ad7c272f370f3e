//! `problems/<id>/problem.toml`, validated: the problem's id, title, kind, limits, checker and
//! interactive settings.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::checker::{Checker, Comparison};
use super::file_test::FileTest;
use super::program::{self, ProblemPrograms, Role};
use super::{invalid, raw, within, ConfigError};
use crate::bounds;
use crate::limits::ProblemLimits;

/// Batch (input, output) or interactive (the grader talks with the program).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProblemKind {
    Batch,
    Interactive,
}

impl ProblemKind {
    pub fn name(self) -> &'static str {
        match self {
            ProblemKind::Batch => "batch",
            ProblemKind::Interactive => "interactive",
        }
    }
}

/// How a problem's units are judged (its one judge): the rule is [`ProblemSpec::judge`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judge {
    /// Each test's output is compared with its answer (a comparison of judge's, or the
    /// problem's checker program).
    Checker,
    /// Each test is a run against the problem's interactor program, which judges it.
    Interactor,
    /// Each unit is a seeded game against a game side built into the grader, which referees
    /// it and scores it.
    Referee,
}

/// Settings of an interactive game problem.
#[derive(Debug, Clone, PartialEq)]
pub struct InteractiveSpec {
    /// Games played per submission.
    pub games: usize,
    /// The submission is accepted when the mean score is at least this.
    pub accept_mean_score: f64,
}

/// A validated `problem.toml`.
#[derive(Debug, Clone, PartialEq)]
pub struct ProblemSpec {
    pub id: String,
    pub title: String,
    pub source: String,
    pub kind: ProblemKind,
    /// The problem's folder (holding `samples/`).
    pub dir: PathBuf,
    pub limits: ProblemLimits,
    pub checker: Checker,
    /// Settings of a game problem whose game side is built into the grader.
    pub interactive: Option<InteractiveSpec>,
    /// The problem's own programs (generator, reference, validator, interactor).
    pub programs: ProblemPrograms,
    /// The tests of a problem package that lists them itself (a Kattis package's `data/`),
    /// samples first, in the package's order; `None` for a problem whose samples are in
    /// `samples/`.
    pub file_tests: Option<Vec<FileTest>>,
    /// Submissions run as Kattis runs them (a Kattis package): Python 3 under PyPy 3.
    pub runs_as_on_kattis: bool,
    /// The groups of a scored problem (a Kattis package of `type: scoring`, a folder problem
    /// with `[[groups]]`), whose tests are `file_tests`; `None` for a pass-fail problem,
    /// graded test by test.
    pub groups: Option<std::sync::Arc<crate::scoring::GroupTree>>,
    /// What a folder problem's `[expected_scores]` says of its solutions (their paths
    /// relative to its solutions folder); empty for any other problem.
    pub expected_scores: Vec<(String, crate::scoring::expected::Expectation)>,
    /// A folder problem's groups by name, each with its generator's arguments
    /// (`generator_args`, for `judge gen --group`); empty for any other problem.
    pub group_generator_args: std::collections::BTreeMap<String, Vec<String>>,
    /// Where a solution reads its input and writes its output: standard input and output,
    /// or files in its working folder.
    pub io_files: IoFiles,
}

/// The files a solution reads its input from and writes its output to in its working folder,
/// in place of standard input and output (a Polygon problem's `input-file` and
/// `output-file`: `input.txt`, `output.txt`); `None`: the standard stream. A run with a named
/// file gets a working folder it may write to, emptied before each run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IoFiles {
    pub input: Option<String>,
    pub output: Option<String>,
}

impl IoFiles {
    /// Standard input and output, no file named.
    pub fn is_standard(&self) -> bool {
        self.input.is_none() && self.output.is_none()
    }
}

impl ProblemSpec {
    pub fn load(file: &Path) -> Result<ProblemSpec, ConfigError> {
        let raw: raw::Problem = raw::read_toml(file)?;
        let dir = file
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("."));
        let folder = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if raw.id != folder {
            return Err(invalid(
                file,
                "id",
                format!("is {:?} but the folder is named {:?}", raw.id, folder),
            ));
        }
        let limits = ProblemLimits {
            cpu_time: within(
                file,
                "limits.time_seconds",
                bounds::TIME_LIMIT.seconds(raw.limits.time_seconds),
            )?,
            memory_bytes: within(
                file,
                "limits.memory_mib",
                bounds::MEMORY.mebibytes(raw.limits.memory_mib),
            )?,
            output_bytes: raw
                .limits
                .output_mib
                .map(|mib| within(file, "limits.output_mib", bounds::OUTPUT.mebibytes(mib)))
                .transpose()?,
            language_extra_time: raw.limits.language_extra_time,
            language_extra_memory: raw.limits.language_extra_memory,
        };
        let checker = checker(file, &dir, raw.checker)?;
        let table = |key: &str, role: Role, raw: Option<raw::Program>| {
            raw.map(|raw| program::program(file, key, role, &dir, raw))
                .transpose()
        };
        let programs = ProblemPrograms {
            generator: table("generator", Role::Generator, raw.generator)?,
            reference: table("reference", Role::Reference, raw.reference)?,
            reference_interacts: false,
            validator: table("validator", Role::Validator, raw.validator)?,
            interactor: table("interactor", Role::Interactor, raw.interactor)?,
            grader: None,
            more_checkers: Vec::new(),
            validation_passes: None,
            static_validator: None,
            output_visualizer: None,
            static_cases: Vec::new(),
        };
        if programs.interactor.is_some() && raw.kind != ProblemKind::Interactive {
            return Err(invalid(
                file,
                "interactor",
                "only for kind = \"interactive\"",
            ));
        }
        let has_interactor = programs.interactor.is_some();
        let interactive =
            match (raw.kind, raw.interactive) {
                (ProblemKind::Interactive, Some(_)) if has_interactor => return Err(invalid(
                    file,
                    "interactive",
                    "is for games against a built-in game side; a problem with an [interactor] \
                     program runs its tests against it instead",
                )),
                (ProblemKind::Interactive, None) if has_interactor => None,
                (ProblemKind::Interactive, Some(i)) => Some(InteractiveSpec {
                    games: within(file, "interactive.games", bounds::GAMES.count(i.games))?,
                    accept_mean_score: within(
                        file,
                        "interactive.accept_mean_score",
                        bounds::MEAN_SCORE.real(i.accept_mean_score),
                    )?,
                }),
                (ProblemKind::Interactive, None) => {
                    return Err(invalid(
                        file,
                        "interactive",
                        "an interactive problem needs this table (games against a built-in game \
                     side) or an [interactor] program",
                    ))
                }
                (ProblemKind::Batch, Some(_)) => {
                    return Err(invalid(
                        file,
                        "interactive",
                        "only for kind = \"interactive\"",
                    ))
                }
                (ProblemKind::Batch, None) => None,
            };
        let groups = super::groups::resolve(file, &dir, &raw.groups, &raw.expected_scores)?;
        if groups.is_some() && raw.kind == ProblemKind::Interactive && !has_interactor {
            return Err(invalid(
                file,
                "groups",
                "are for problems of tests (batch, or against an [interactor]), not games",
            ));
        }
        let (file_tests, groups, expected_scores, group_generator_args) = match groups {
            Some(resolved) => (
                Some(resolved.tests),
                Some(resolved.tree),
                resolved.expected_scores,
                resolved.generator_args,
            ),
            None => (None, None, Vec::new(), Default::default()),
        };
        Ok(ProblemSpec {
            id: raw.id,
            title: raw.title,
            source: raw.source,
            kind: raw.kind,
            limits,
            checker,
            interactive,
            programs,
            dir,
            file_tests,
            runs_as_on_kattis: false,
            groups,
            expected_scores,
            group_generator_args,
            io_files: IoFiles::default(),
        })
    }

    /// The problem of a folder of tests given alone (`--tests-dir` with no problem): batch,
    /// under `limits` (the configuration's), its outputs compared token by token with the
    /// answers, as judges compare them when nothing else is said.
    pub fn of_test_folder(dir: &Path, limits: ProblemLimits) -> ProblemSpec {
        let id = std::path::absolute(dir)
            .ok()
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| "tests".to_string());
        ProblemSpec {
            title: format!("the tests in {}", dir.display()),
            id,
            source: String::new(),
            kind: ProblemKind::Batch,
            dir: dir.to_path_buf(),
            limits,
            checker: Checker::Compare(Comparison::Tokens),
            interactive: None,
            programs: ProblemPrograms::default(),
            file_tests: None,
            runs_as_on_kattis: false,
            groups: None,
            expected_scores: Vec::new(),
            group_generator_args: Default::default(),
            io_files: IoFiles::default(),
        }
    }

    /// Its judge: an interactive problem with an interactor program is judged by it, one
    /// without by the game side built into the grader (seeded games); a batch problem's
    /// outputs by its checker.
    pub fn judge(&self) -> Judge {
        match (self.kind, &self.programs.interactor) {
            (ProblemKind::Batch, _) => Judge::Checker,
            (ProblemKind::Interactive, Some(_)) => Judge::Interactor,
            (ProblemKind::Interactive, None) => Judge::Referee,
        }
    }

    /// The folder of the sample tests.
    pub fn samples_dir(&self) -> PathBuf {
        self.dir.join("samples")
    }

    /// The folder of the hard tests kept as files (`NAME.in` / `NAME.ans`); it may be absent.
    pub fn hard_dir(&self) -> PathBuf {
        self.dir.join("hard")
    }
}

/// Validates `[checker]`.
fn checker(file: &Path, dir: &Path, raw: raw::Checker) -> Result<Checker, ConfigError> {
    Ok(match raw {
        raw::Checker::Tokens => Checker::Compare(Comparison::Tokens),
        raw::Checker::Lines => Checker::Compare(Comparison::Lines),
        raw::Checker::Float { tolerance } => Checker::Compare(Comparison::Float {
            tolerance: within(file, "checker.tolerance", bounds::TOLERANCE.real(tolerance))?,
        }),
        raw::Checker::External {
            command,
            time_limit_seconds,
        } => {
            if command.is_empty() {
                return Err(invalid(
                    file,
                    "checker.command",
                    "must name the checker program",
                ));
            }
            let table = raw::Program {
                command: Some(command),
                time_limit_seconds,
                ..raw::Program::default()
            };
            Checker::Program(program::program(
                file,
                "checker",
                Role::Checker,
                dir,
                table,
            )?)
        }
        raw::Checker::Program(table) => Checker::Program(program::program(
            file,
            "checker",
            Role::Checker,
            dir,
            table,
        )?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::tests::write;
    use crate::config::{Convention, ProgramSource};
    use crate::limits::MIB;
    use std::time::Duration;

    fn problem_toml(extra: &str) -> String {
        format!(
            "id = \"p\"\ntitle = \"P\"\nsource = \"x\"\nkind = \"batch\"\n[limits]\ntime_seconds = 1.0\nmemory_mib = 32\n{extra}"
        )
    }

    #[test]
    fn a_valid_problem_resolves_its_limits_and_checker() {
        let dir = tempfile::tempdir().unwrap();
        let text = problem_toml("language_extra_time = false\n[checker]\ntype = \"external\"\ncommand = [\"./check\"]\ntime_limit_seconds = 2.5\n");
        let spec = ProblemSpec::load(&write(dir.path(), "p/problem.toml", &text)).unwrap();
        assert_eq!(spec.limits.cpu_time, Duration::from_secs(1));
        assert_eq!(spec.limits.memory_bytes, 32 * MIB);
        assert!(!spec.limits.language_extra_time);
        let Checker::Program(checker) = &spec.checker else {
            panic!("not a program: {:?}", spec.checker);
        };
        assert_eq!(
            checker.source,
            ProgramSource::Command(vec![dir.path().join("p/check").display().to_string()])
        );
        assert_eq!(checker.convention, Convention::Testlib);
        assert_eq!(checker.time_limit, Duration::from_millis(2500));
        assert_eq!(checker.name(), "checker check");
        assert!(!spec.programs.any());
    }

    #[test]
    fn problem_programs_resolve_against_the_problem_folder() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "p/gen.py", "print(1)\n");
        write(dir.path(), "p/check.cpp", "int main() {}\n");
        let text = problem_toml(
            "[generator]\nsource = \"gen.py\"\n[validator]\ncommand = [\"./val\", \"--strict\"]\nconvention = \"kattis\"\nmemory_mib = 64\n[checker]\ntype = \"program\"\nsource = \"check.cpp\"\nconvention = \"kattis\"\nargs = [\"case_sensitive\"]\n",
        );
        let spec = ProblemSpec::load(&write(dir.path(), "p/problem.toml", &text)).unwrap();
        let generator = spec.programs.generator.as_ref().unwrap();
        assert_eq!(generator.role, Role::Generator);
        assert_eq!(
            generator.source,
            ProgramSource::Source {
                path: dir.path().join("p/gen.py"),
                language: None
            }
        );
        assert_eq!(generator.name(), "generator gen.py");
        let validator = spec.programs.validator.as_ref().unwrap();
        assert_eq!(validator.convention, Convention::Kattis);
        assert_eq!(validator.memory_bytes, 64 * MIB);
        assert_eq!(
            validator.source,
            ProgramSource::Command(vec![
                dir.path().join("p/val").display().to_string(),
                "--strict".into()
            ])
        );
        let Checker::Program(checker) = &spec.checker else {
            panic!("not a program: {:?}", spec.checker);
        };
        assert_eq!(checker.args, ["case_sensitive"]);
        assert!(spec.programs.any());
    }

    #[test]
    fn an_interactor_makes_an_interactive_problem_without_games() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "p/interactor.py", "print(1)\n");
        let text =
            problem_toml("[interactor]\nsource = \"interactor.py\"\nconvention = \"kattis\"\n")
                .replace("kind = \"batch\"", "kind = \"interactive\"");
        let spec = ProblemSpec::load(&write(dir.path(), "p/problem.toml", &text)).unwrap();
        assert!(spec.interactive.is_none());
        assert_eq!(
            spec.programs.interactor.as_ref().unwrap().convention,
            Convention::Kattis
        );
    }

    #[test]
    fn errors_name_the_key() {
        let dir = tempfile::tempdir().unwrap();
        for (text, key) in [
            (problem_toml("").replace("1.0", "-1"), "limits.time_seconds"),
            (
                problem_toml("[checker]\ntype = \"external\"\ncommand = [\"./c\"]\ntime_limit_seconds = -1\n"),
                "checker.time_limit_seconds",
            ),
            (
                problem_toml("[checker]\ntype = \"external\"\ncommand = []\n"),
                "checker.command",
            ),
            (
                problem_toml("[checker]\ntype = \"float\"\ntolerance = nan\n"),
                "checker.tolerance",
            ),
            (problem_toml("output_mib = 0\n"), "limits.output_mib"),
            (
                problem_toml("[generator]\nsource = \"missing.py\"\n"),
                "generator.source",
            ),
            (
                problem_toml("[reference]\nsource = \"a.py\"\ncommand = [\"x\"]\n"),
                "reference",
            ),
            (problem_toml("[validator]\nargs = []\n"), "validator"),
            (
                problem_toml("[generator]\ncommand = [\"g\"]\nconvention = \"kattis\"\n"),
                "generator.convention",
            ),
            (
                problem_toml("[interactor]\ncommand = [\"i\"]\n"),
                "interactor",
            ),
            (
                problem_toml("[generator]\ncommand = [\"g\"]\ntime_limit_seconds = 0\n"),
                "generator.time_limit_seconds",
            ),
            (
                problem_toml("[validator]\ncommand = [\"v\"]\nconvention = \"cms\"\n"),
                "validator.convention",
            ),
        ] {
            let error = ProblemSpec::load(&write(dir.path(), "p/problem.toml", &text))
                .unwrap_err()
                .to_string();
            assert!(error.contains(key) && error.contains("problem.toml"), "{key}: {error}");
        }
    }
}
