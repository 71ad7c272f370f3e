//! The problem a command names, resolved once, at the edge: `config` locates it (an id in the
//! project's, the user's or the built-in problems, or a folder), and this module loads it in its
//! format (a `problem.toml` through `config`, a Kattis package through `kattis`) into one
//! [`Problem`]: the `ProblemSpec` the rest of judge uses, the package it was loaded from (once),
//! its judge, its code and its views. It is the only place that asks which format a problem is
//! written in; `config` knows nothing of packages, and nothing below knows where a problem came
//! from. Callers match on the judge or use a view; none asks what kind of problem it holds.

use std::ffi::OsStr;
use std::path::Path;
use std::sync::Arc;

use thiserror::Error;

pub use crate::config::Judge;
use crate::config::ValidatorLimits;
use crate::config::{ConfigError, Located, ProblemOrigin, ProblemSpec, RunnerConfig};
use crate::execute::Scratch;
use crate::kattis::{Package, PackageError};
use crate::problems::{self, Builtin, InteractiveProblem, PageBoard, ProblemCode, Replayer};
use crate::programs::{PartError, ProgramCode};

/// A problem resolved: everything a command needs of it.
#[derive(Debug, Clone)]
pub struct Problem {
    pub spec: ProblemSpec,
    /// The Kattis package it is, loaded once (its submissions, validators and time-limit
    /// rules); none for a problem of `problem.toml`.
    pub package: Option<Package>,
    /// How its units are judged.
    pub judge: Judge,
    /// What it shows of itself besides verdicts.
    pub views: Views,
}

/// What a problem shows of itself besides its verdicts, for reports and `judge replay`.
#[derive(Clone, Copy)]
pub struct Views {
    /// Scores worth counting games at (the tiles of 2048): reports tell how many games
    /// reached each. Empty for a problem not played as games.
    pub milestones: &'static [u64],
    /// The game side built into the grader that plays its games: the 2048 of
    /// `problems::boj28489`; none for a problem judged otherwise.
    pub game: Option<&'static dyn InteractiveProblem>,
    /// What replays its games' transcripts board by board (2048's `BoardReplayer`).
    pub replayer: Option<&'static dyn Replayer>,
}

impl Views {
    /// How an HTML report draws its games' boards (2048's tiles), if it can.
    pub fn page_board(&self) -> Option<PageBoard> {
        self.replayer.and_then(|replayer| replayer.page_board())
    }
}

impl std::fmt::Debug for Views {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Views")
            .field("milestones", &self.milestones)
            .field("game", &self.game.map(|game| game.id()))
            .field("replayer", &self.replayer.is_some())
            .finish()
    }
}

impl Problem {
    /// A problem of this spec (and package, when it is one), with its judge and views.
    pub fn new(spec: ProblemSpec, package: Option<Package>) -> Problem {
        let judge = spec.judge();
        let game = match judge {
            Judge::Referee => problems::interactive_problem(&spec.id),
            Judge::Checker | Judge::Interactor => None,
        };
        let views = Views {
            milestones: game.map_or(&[], |game| game.milestones()),
            replayer: game.and_then(|game| game.replayer()),
            game,
        };
        Problem {
            spec,
            package,
            judge,
            views,
        }
    }

    /// Its code (built in, or its programs, built) for gen, solve, validate and grading; see
    /// [`code`].
    pub fn code(
        &self,
        runner: &RunnerConfig,
        scratch: &Arc<Scratch>,
    ) -> Result<Option<Box<dyn ProblemCode>>, PartError> {
        code(runner, &self.spec, scratch)
    }
}

/// A problem's code (built in, or its programs) for gen, solve, validate and grading: `None`
/// when it has neither (a problem of samples only, or one judged by its interactor alone).
pub fn code(
    runner: &RunnerConfig,
    problem: &ProblemSpec,
    scratch: &Arc<Scratch>,
) -> Result<Option<Box<dyn ProblemCode>>, PartError> {
    let programs = &problem.programs;
    if programs.generator.is_some() || programs.reference.is_some() || programs.validator.is_some()
    {
        let code = ProgramCode::build(runner, problem, scratch.clone())?;
        return Ok(Some(Box::new(code)));
    }
    if programs.interactor.is_some() {
        return Ok(None);
    }
    Ok(problems::batch_problem(&problem.id)
        .map(|code| Box::new(Builtin(code)) as Box<dyn ProblemCode>))
}

/// Why a problem could not be resolved.
#[derive(Debug, Error)]
pub enum ProblemError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error(transparent)]
    Package(#[from] PackageError),
}

/// One problem of `judge list`, loaded or with the error that stopped it.
#[derive(Debug)]
pub struct FoundProblem {
    pub id: String,
    pub origin: ProblemOrigin,
    /// A built-in problem with this id exists and this one differs from it (it overrides it).
    pub overrides_built_in: bool,
    pub spec: Result<ProblemSpec, ProblemError>,
}

/// The problem `name`: an id (project, user, then built-in), or the folder at this path.
pub fn problem(runner: &RunnerConfig, name: impl AsRef<OsStr>) -> Result<Problem, ProblemError> {
    load(runner.problems.find(name)?, &runner.validators)
}

/// The problem `name` and where it was found.
pub fn problem_with_origin(
    runner: &RunnerConfig,
    name: impl AsRef<OsStr>,
) -> Result<(ProblemOrigin, Problem), ProblemError> {
    let (origin, located) = runner.problems.find_with_origin(name)?;
    Ok((origin, load(located, &runner.validators)?))
}

/// The problem in the folder at `dir`, taken as a path even where an id is spelled the same
/// (`judge verify guess` of a package in `./guess`, though a built-in problem is called guess).
pub fn problem_at(runner: &RunnerConfig, dir: &Path) -> Result<Problem, ProblemError> {
    load(crate::config::locate_folder(dir)?, &runner.validators)
}

/// Every problem judge can find, each from the first place that has its id, sorted by id.
pub fn all(runner: &RunnerConfig) -> Vec<FoundProblem> {
    runner
        .problems
        .all()
        .into_iter()
        .map(|found| FoundProblem {
            id: found.id,
            origin: found.origin,
            overrides_built_in: found.overrides_built_in,
            spec: found
                .located
                .map_err(ProblemError::from)
                .and_then(|located| load(located, &runner.validators))
                .map(|problem| problem.spec),
        })
        .collect()
}

/// A located problem, loaded in its format (a package's validators get these limits).
pub fn load(located: Located, validators: &ValidatorLimits) -> Result<Problem, ProblemError> {
    Ok(match located {
        Located::Toml { file } => Problem::new(ProblemSpec::load(&file)?, None),
        Located::Package { dir } => {
            let package = Package::load(&dir, validators)?;
            Problem::new(package.spec.clone(), Some(package))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(id: &str) -> Problem {
        let file = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("problems")
            .join(id);
        load(
            Located::Toml {
                file: file.join("problem.toml"),
            },
            &ValidatorLimits::default(),
        )
        .unwrap()
    }

    #[test]
    fn a_problem_resolves_with_its_judge_and_views() {
        let game = problem("boj28489");
        assert_eq!(game.judge, Judge::Referee);
        assert!(game.package.is_none());
        assert_eq!(game.views.game.map(|g| g.id()), Some("boj28489"));
        assert!(game.views.milestones.contains(&2048));
        assert!(game.views.replayer.is_some());
        let batch = problem("boj12100");
        assert_eq!(batch.judge, Judge::Checker);
        assert!(batch.views.game.is_none() && batch.views.replayer.is_none());
        assert!(batch.views.milestones.is_empty());
    }

    #[test]
    fn a_kattis_package_is_loaded_once_with_the_problem() {
        let kattis = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kattis");
        let package = |name: &str| {
            load(
                Located::Package {
                    dir: kattis.join(name),
                },
                &ValidatorLimits::default(),
            )
            .unwrap()
        };
        let interactive = package("guessinteractive");
        assert_eq!(interactive.judge, Judge::Interactor);
        assert_eq!(interactive.package.as_ref().unwrap().spec, interactive.spec);
        let batch = package("floatanswers");
        assert_eq!(batch.judge, Judge::Checker);
        assert!(batch.package.is_some() && batch.views.replayer.is_none());
    }
}
