//! `problems/<id>/problem.toml`, validated: the problem's id, title, kind, limits, checker and
//! interactive settings.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{invalid, mebibytes, positive_seconds, raw, ConfigError};
use crate::check::Checker;
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
    pub interactive: Option<InteractiveSpec>,
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
            cpu_time: positive_seconds(file, "limits.time_seconds", raw.limits.time_seconds)?,
            memory_bytes: mebibytes(file, "limits.memory_mib", raw.limits.memory_mib)?,
            output_bytes: raw
                .limits
                .output_mib
                .map(|mib| mebibytes(file, "limits.output_mib", mib))
                .transpose()?,
            language_extra_time: raw.limits.language_extra_time,
            language_extra_memory: raw.limits.language_extra_memory,
        };
        let checker = checker(file, raw.checker)?;
        let interactive = match (raw.kind, raw.interactive) {
            (ProblemKind::Interactive, Some(i)) => {
                if i.games == 0 {
                    return Err(invalid(file, "interactive.games", "must be at least 1"));
                }
                if !i.accept_mean_score.is_finite() {
                    return Err(invalid(
                        file,
                        "interactive.accept_mean_score",
                        "must be a number",
                    ));
                }
                Some(InteractiveSpec {
                    games: i.games,
                    accept_mean_score: i.accept_mean_score,
                })
            }
            (ProblemKind::Interactive, None) => {
                return Err(invalid(
                    file,
                    "interactive",
                    "an interactive problem needs this table",
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
        Ok(ProblemSpec {
            id: raw.id,
            title: raw.title,
            source: raw.source,
            kind: raw.kind,
            limits,
            checker,
            interactive,
            dir,
        })
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
fn checker(file: &Path, raw: raw::Checker) -> Result<Checker, ConfigError> {
    Ok(match raw {
        raw::Checker::Tokens => Checker::Tokens,
        raw::Checker::Lines => Checker::Lines,
        raw::Checker::Float { tolerance } => {
            if !(tolerance.is_finite() && tolerance >= 0.0) {
                return Err(invalid(file, "checker.tolerance", "must be zero or more"));
            }
            Checker::Float { tolerance }
        }
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
            Checker::External {
                command,
                time_limit: positive_seconds(
                    file,
                    "checker.time_limit_seconds",
                    time_limit_seconds,
                )?,
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::tests::write;
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
        assert_eq!(
            spec.checker,
            Checker::External {
                command: vec!["./check".into()],
                time_limit: Duration::from_millis(2500)
            }
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
        ] {
            let error = ProblemSpec::load(&write(dir.path(), "p/problem.toml", &text))
                .unwrap_err()
                .to_string();
            assert!(error.contains(key) && error.contains("problem.toml"), "{key}: {error}");
        }
    }
}
