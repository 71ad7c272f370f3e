//! The problem a command names, resolved once, at the edge: `config` locates it (an id in the
//! project's, the user's or the built-in problems, or a folder), and this module loads it in its
//! format (a `problem.toml` through `config`, a Kattis package through `kattis`, a Polygon
//! package through `polygon`, read as a package too) into one
//! [`Problem`]: the `ProblemSpec` the rest of judge uses, the package it was loaded from (once),
//! its judge, its code and its views. It is the only place that asks which format a problem is
//! written in; `config` knows nothing of packages, and nothing below knows where a problem came
//! from. Callers match on the judge or use a view; none asks what kind of problem it holds.
//!
//! A problem carries its final limits (`spec.limits`) and the rule that set its time limit
//! ([`TimeLimitRule`]). A Kattis package without a fixed limit resolves provisionally: one more
//! step of resolving (`grade::package::problem_to_grade_on`, which grades the accepted
//! submissions, or `--time-limit`) gives it its final limit, through
//! [`Problem::with_final_time_limit`], once, before any request is built; nothing after it
//! changes the limits.

use std::ffi::OsStr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use thiserror::Error;

use crate::execute::Scratch;
use crate::programs::doall::{self, DoallError, Which};
use crate::programs::{PartError, ProgramCode};
pub use judge_core::config::Judge;
use judge_core::config::ValidatorLimits;
use judge_core::config::{ConfigError, Located, ProblemOrigin, ProblemSpec, RunnerConfig};
use judge_core::problems::{self, Builtin, InteractiveProblem, PageBoard, ProblemCode, Replayer};
use judge_formats::kattis::{Package, PackageError};
use judge_formats::polygon::{self, PolygonError};

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
    /// How its time limit (`spec.limits.cpu_time`) was set.
    pub time_limit: TimeLimitRule,
}

/// How a problem's CPU time limit was set.
#[derive(Debug, Clone, PartialEq)]
pub enum TimeLimitRule {
    /// The problem's own: problem.toml's, or the configuration's default for a folder of tests.
    Problem,
    /// A package's `problem.yaml` `limits.time_limit`.
    Package,
    /// Given on the command line (`--time-limit`).
    CommandLine,
    /// Fixed by DOMjudge's file (`domjudge-problem.ini`, `.timelimit`; named), chosen with
    /// `--domjudge-time-limit`.
    Domjudge { file: String },
    /// Derived from the package's accepted submissions, as problemtools derives it.
    Derived(Derivation),
    /// Not derived: none of the package's `accepted` submissions could be graded, so the
    /// limit is the format's least one, a placeholder.
    NotDerived { accepted: usize },
    /// A package without a fixed limit, not yet given one: a provisional limit, to be replaced
    /// by the step that derives it (see the module's doc).
    Provisional,
}

impl TimeLimitRule {
    /// Whether the limit was worked out from the accepted submissions (or tried to be).
    pub fn is_derived(&self) -> bool {
        matches!(
            self,
            TimeLimitRule::Derived(_) | TimeLimitRule::NotDerived { .. }
        )
    }
}

/// How a package's time limit was derived from its accepted submissions:
/// `max(1, ceil(slowest x multiplier / resolution)) x resolution`.
#[derive(Debug, Clone, PartialEq)]
pub struct Derivation {
    /// The slowest accepted submission's slowest test, CPU time in microseconds.
    pub slowest_us: u64,
    /// That submission (`accepted/sum.cpp`) and the name of its language.
    pub submission: String,
    /// Whether it is an accepted one, not one whose times only bound the limit from below
    /// (2025-09's `use_for_time_limit: lower` on a submission expected to fail).
    pub accepted: bool,
    pub language: String,
    /// problem.yaml's multiplier (`ac_to_time_limit`, `time_multiplier`).
    pub multiplier: f64,
    /// The step the limit is rounded up to, seconds.
    pub resolution: f64,
    /// When the slowest time is near a rounding step: the limit a run a little off derives
    /// (seconds), and by how much it is off (a fraction, slower when positive).
    pub near_step: Option<(f64, f64)>,
    /// Why the slowest submission's time may differ from Kattis's (its interpreter).
    pub timing_warning: Option<String>,
}

impl Derivation {
    /// What the time the limit is derived from is, as reports say it: the slowest accepted
    /// one, or the slowest of those bounding the limit from below.
    pub fn slowest_words(&self) -> &'static str {
        match self.accepted {
            true => "slowest accepted",
            false => "slowest lower bound",
        }
    }
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
    /// runner.toml's settings as this problem's runs get them: a package's guarantees to its
    /// tools raise them ([`Package::runner_for`]); another problem's are runner.toml's.
    pub fn runner_for(&self, runner: &RunnerConfig) -> RunnerConfig {
        match &self.package {
            Some(package) => package.runner_for(runner),
            None => runner.clone(),
        }
    }

    /// A problem of this spec (and package, when it is one), with its judge and views; its
    /// time limit is the spec's, provisional for a package that fixes none.
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
        let time_limit = match &package {
            None => TimeLimitRule::Problem,
            Some(package) if package.fixed_time_limit().is_some() => TimeLimitRule::Package,
            Some(_) => TimeLimitRule::Provisional,
        };
        Problem {
            spec,
            package,
            judge,
            views,
            time_limit,
        }
    }

    /// The last step of resolving: the problem with its final time limit, `cpu_time`, set by
    /// `rule`. Called once, by what resolves a problem for a command (the CLI, through
    /// `grade::package`), before any request is built; nothing after it changes the limits.
    pub fn with_final_time_limit(self, cpu_time: Duration, rule: TimeLimitRule) -> Problem {
        debug_assert!(
            rule != TimeLimitRule::Provisional,
            "a final limit has a rule"
        );
        let mut spec = self.spec;
        spec.limits.cpu_time = cpu_time;
        Problem {
            spec,
            time_limit: rule,
            ..self
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
    #[error(transparent)]
    Polygon(#[from] PolygonError),
    /// A Polygon package's generated test could not be made.
    #[error(transparent)]
    Doall(#[from] DoallError),
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
    if let Some(dir) = unpacked_zip(Path::new(name.as_ref()))? {
        return problem_at(runner, &dir);
    }
    made(
        runner,
        load(runner.problems.find(name)?, &runner.validators)?,
    )
}

/// The problem `name` and where it was found.
pub fn problem_with_origin(
    runner: &RunnerConfig,
    name: impl AsRef<OsStr>,
) -> Result<(ProblemOrigin, Problem), ProblemError> {
    let unpacked = unpacked_zip(Path::new(name.as_ref()))?;
    let name = unpacked.as_deref().map_or(name.as_ref(), Path::as_os_str);
    let (origin, located) = runner.problems.find_with_origin(name)?;
    Ok((origin, made(runner, load(located, &runner.validators)?)?))
}

/// The problem in the folder at `dir`, taken as a path even where an id is spelled the same
/// (`judge verify guess` of a package in `./guess`, though a built-in problem is called guess).
pub fn problem_at(runner: &RunnerConfig, dir: &Path) -> Result<Problem, ProblemError> {
    if let Some(unpacked) = unpacked_zip(dir)? {
        return problem_at(runner, &unpacked);
    }
    made(
        runner,
        load(judge_core::config::locate_folder(dir)?, &runner.validators)?,
    )
}

/// The package a `.zip` file holds (a Kattis package as DOMjudge packs it, or a Polygon
/// package as Polygon exports it), unpacked once into the user's own folder for it, named by
/// a digest of the zip's bytes (`~/.cache/judge/zips/DIGEST/`), and its folder there; `None`
/// for a path that is no zip file. An entry that would leave the folder (`../`), a link, or
/// more than the caps is refused, naming it.
fn unpacked_zip(path: &Path) -> Result<Option<std::path::PathBuf>, ProblemError> {
    use sha2::{Digest, Sha256};
    use std::io::Read;
    if !judge_formats::kattis::archive::is_zip(path) {
        return Ok(None);
    }
    let read_error = |cause: std::io::Error| PackageError::Read {
        path: path.to_path_buf(),
        cause,
    };
    let mut file = judge_core::files::open_regular(path).map_err(PackageError::from)?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        let read = file.read(&mut buffer).map_err(read_error)?;
        if read == 0 {
            break;
        }
        hasher.update(&buffer[..read]);
    }
    let digest: String = hasher.finalize()[..12]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let home = polygon::users_folder("zips");
    let done = home.join(&digest);
    let stem = path.file_stem().unwrap_or_default();
    // Unpacked before: the one folder in it (its name is the zip's, or the zip's own folder's).
    if let Ok(entries) = std::fs::read_dir(&done) {
        let dirs: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        if let [dir] = dirs.as_slice() {
            return Ok(Some(dir.clone()));
        }
    }
    std::fs::create_dir_all(&home).map_err(read_error)?;
    let fresh = tempfile::Builder::new()
        .prefix(".unpacking-")
        .tempdir_in(&home)
        .map_err(read_error)?;
    let dir = judge_formats::kattis::archive::unpack(
        path,
        fresh.path(),
        judge_formats::kattis::archive::ZipCaps::default(),
    )?;
    let inside = dir
        .strip_prefix(fresh.path())
        .map(Path::to_path_buf)
        .unwrap_or_else(|_| stem.into());
    let fresh = fresh.keep();
    // Another judge may have unpacked the same zip meanwhile: its copy is as good.
    if std::fs::rename(&fresh, &done).is_err() {
        let _ = std::fs::remove_dir_all(&fresh);
    }
    Ok(Some(done.join(inside)))
}

/// The problem with the generated tests its package lacks made (see [`make_generated`]).
fn made(runner: &RunnerConfig, mut problem: Problem) -> Result<Problem, ProblemError> {
    if let Some(package) = problem.package.as_mut() {
        make_generated(runner, package)?;
    }
    Ok(problem)
}

/// Makes the generated tests a package lacks (a Polygon package's tests made from its
/// generators' commands, as Polygon's `doall` does), told among the package's warnings.
pub fn make_generated(runner: &RunnerConfig, package: &mut Package) -> Result<(), DoallError> {
    let made = doall::make(
        runner,
        &package.dir,
        &package.generated,
        Which::Missing,
        runner.jobs(None),
    )?;
    if made.ran + made.reused > 0 {
        package.warnings.push(format!(
            "{} tests made from the generators' commands, as Polygon's doall makes them \
             ({} generated now, {} kept from an earlier run)",
            made.ran + made.reused,
            made.ran,
            made.reused
        ));
    }
    Ok(())
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
        Located::Package { dir } if polygon::is_package_folder(&dir) => {
            let package = polygon::load(&dir, validators)?;
            Problem::new(package.spec.clone(), Some(package))
        }
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
        let file = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
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

    /// A package of `tests/kattis`, loaded.
    fn package(name: &str) -> Problem {
        let kattis = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("tests/kattis");
        load(
            Located::Package {
                dir: kattis.join(name),
            },
            &ValidatorLimits::default(),
        )
        .unwrap()
    }

    #[test]
    fn a_kattis_package_is_loaded_once_with_the_problem() {
        let interactive = package("guessinteractive");
        assert_eq!(interactive.judge, Judge::Interactor);
        assert_eq!(interactive.package.as_ref().unwrap().spec, interactive.spec);
        let batch = package("floatanswers");
        assert_eq!(batch.judge, Judge::Checker);
        assert!(batch.package.is_some() && batch.views.replayer.is_none());
    }

    #[test]
    fn a_problem_resolves_with_the_rule_of_its_time_limit() {
        assert_eq!(problem("boj12100").time_limit, TimeLimitRule::Problem);
        let fixed = package("divisor2023");
        assert_eq!(fixed.time_limit, TimeLimitRule::Package);
        assert_eq!(fixed.spec.limits.cpu_time, Duration::from_secs(1));
        // Without a fixed limit: provisional until the last step gives the derived one, which
        // the problem then carries with how it was derived.
        let provisional = package("sumdefault");
        assert_eq!(provisional.time_limit, TimeLimitRule::Provisional);
        assert!(!provisional.time_limit.is_derived());
        let derivation = Derivation {
            slowest_us: 130_400,
            submission: "accepted/sum.py".into(),
            accepted: true,
            language: "Python 3".into(),
            multiplier: 5.0,
            resolution: 1.0,
            near_step: None,
            timing_warning: None,
        };
        let memory_bytes = provisional.spec.limits.memory_bytes;
        let derived = provisional.with_final_time_limit(
            Duration::from_secs(1),
            TimeLimitRule::Derived(derivation.clone()),
        );
        assert_eq!(derived.time_limit, TimeLimitRule::Derived(derivation));
        assert!(derived.time_limit.is_derived());
        assert_eq!(derived.spec.limits.cpu_time, Duration::from_secs(1));
        assert_eq!(derived.spec.limits.memory_bytes, memory_bytes);
        assert!(derived.package.is_some());
    }
}
