//! The problem a command names, resolved once, at the edge: `config` locates it (an id in the
//! project's, the user's or the built-in problems, or a folder), and this module loads it in its
//! format (a `problem.toml` through `config`, a Kattis package through `kattis`) into the one
//! `ProblemSpec` the rest of judge uses. It is the only place that asks which format a problem
//! is written in; `config` knows nothing of packages, and nothing below knows where a problem
//! came from.

use std::ffi::OsStr;

use thiserror::Error;

use crate::config::ValidatorLimits;
use crate::config::{ConfigError, Located, ProblemOrigin, ProblemSpec, RunnerConfig};
use crate::kattis::{Package, PackageError};

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
pub fn problem(
    runner: &RunnerConfig,
    name: impl AsRef<OsStr>,
) -> Result<ProblemSpec, ProblemError> {
    load(runner.problems.find(name)?, &runner.validators)
}

/// The problem `name` and where it was found.
pub fn problem_with_origin(
    runner: &RunnerConfig,
    name: impl AsRef<OsStr>,
) -> Result<(ProblemOrigin, ProblemSpec), ProblemError> {
    let (origin, located) = runner.problems.find_with_origin(name)?;
    Ok((origin, load(located, &runner.validators)?))
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
                .and_then(|located| load(located, &runner.validators)),
        })
        .collect()
}

/// A located problem, loaded in its format (a package's validators get these limits).
pub fn load(located: Located, validators: &ValidatorLimits) -> Result<ProblemSpec, ProblemError> {
    match located {
        Located::Toml { file } => Ok(ProblemSpec::load(&file)?),
        Located::Package { dir } => Ok(Package::load(&dir, validators)?.spec),
    }
}
