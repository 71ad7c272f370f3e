//! Grading a solution of an interactive problem by seeded games: compile, play the games
//! through the engine (`engine::run`: plan order, each game in its own sandbox session,
//! judged by `engine::judge` with the problem's referee, a stopping run cut at its first
//! failure), and decide the submission from the games and the mean score. Also the paired
//! comparison of two solutions over the same games. A sharded run plays its share of the
//! games (game `k` belongs to shard `k mod N`).
//!
//! Verdict order, as Kattis and DOMjudge decide it: a wrong reply seen by the interactor is WA
//! even if the program later crashes or runs out of time; otherwise the run's facts decide
//! (TLE, MLE, RE ...), and a program that ends before the game is over is WA.

use std::sync::OnceLock;

use super::engine::{self, RootRule, Schedule};
use super::executor::{Job, Sessions, UnitExecutor, Units};
use super::outcome::{GroupResult, RunDetail, RunIdentity, RunSummary};
use super::results::{Started, Unit};
use super::{
    build, compile_or_fail, plan_digest, submission_digest, tell, GradeError, PlannedUnits,
    Submission, Target,
};
use crate::execute::Scratch;
use crate::grade::events::{Event, Reporter};
use crate::resolve::{Judge, Problem};
use judge_core::config::{InteractiveSpec, ProblemSpec, RunnerConfig};
use judge_core::lang::{Compiled, Prepared};
use judge_core::limits::{Limits, Overrides};
use judge_core::plan::{self, PlanIdentity, PlanUnit, Shard};
use judge_core::problems::InteractiveProblem;
use judge_core::stats;

// What `compare` gives, defined with the other results (`grade::results`).
pub use super::results::{Comparison, PairedGame};

/// What to play and how.
pub struct GamesRequest<'a> {
    pub runner: &'a RunnerConfig,
    pub problem: &'a Problem,
    pub submission: Submission,
    pub seed: u64,
    /// How many games of the seed (default: the problem's).
    pub count: Option<usize>,
    /// Only this game of the seed.
    pub only_game: Option<u64>,
    pub overrides: Overrides,
    pub jobs: usize,
    /// Stop starting games once one has failed (its verdict decides the submission anyway).
    pub stop_at_first_failure: bool,
    /// Play only this shard's share of the games.
    pub shard: Option<Shard>,
}

/// The game side of a problem played as games (judged by its referee: the game its view
/// names), and its settings.
pub(crate) fn game_side(
    problem: &Problem,
) -> Result<(&'static dyn InteractiveProblem, &InteractiveSpec), GradeError> {
    let id = &problem.spec.id;
    if problem.judge != Judge::Referee {
        return Err(GradeError::WrongKind {
            what: "games",
            kind: "game",
            problem: id.clone(),
        });
    }
    let side = problem
        .views
        .game
        .ok_or_else(|| GradeError::NoInteractor(id.clone()))?;
    let settings = problem
        .spec
        .interactive
        .as_ref()
        .ok_or_else(|| GradeError::NoInteractor(id.clone()))?;
    Ok((side, settings))
}

/// A game's outcome from how it ended and the run's facts, decided by `engine::judge` with
/// the referee as the interactor (`verdict::classify_interactive`): a move it refused is WA
/// whatever the program did next; a game it declared over is its acceptance, and one the
/// program left early its rejection, the program's own facts (TLE, MLE, RE) coming first. A
/// program killed by SIGPIPE, writing after the referee ended the game, ended normally
/// (problemtools' `interactive` does the same: "in case of broken pipes, let validator
/// decide"). Only the unit tests judge a game alone; runs go through `engine::run`.
#[cfg(test)]
pub(crate) fn judge_game(
    limits: &judge_core::limits::Limits,
    seed: u64,
    game: u64,
    played: Result<crate::interact::GameRecord, crate::interact::InteractError>,
) -> super::outcome::Outcome {
    engine::judge(limits, super::executor::game_facts(seed, game, played))
}

/// Grades a solution of an interactive problem by playing its games, telling `reporter` of
/// each game as it finishes; returns the summary (CE included) with the games in game order.
pub fn grade(
    request: &GamesRequest,
    reporter: &mut dyn Reporter,
) -> Result<RunSummary, GradeError> {
    let (side, settings) = game_side(request.problem)?;
    let problem = &request.problem.spec;
    if request.shard.is_some() && request.only_game.is_some() {
        return Err(GradeError::ShardConflict("--game plays one game"));
    }
    let whole_plan = plan::games(request.count.unwrap_or(settings.games), request.only_game);
    let build = build(
        request.runner,
        problem,
        &request.submission,
        &request.overrides,
    )?;
    let identity = PlanIdentity {
        unit: PlanUnit::Games,
        units: whole_plan.len(),
        stops_at_first_failure: request.stop_at_first_failure,
        digest: plan_digest(
            problem,
            request.seed,
            PlannedUnits::Games(&whole_plan),
            build.compiled.language_id(),
            &build.target.limits,
            &submission_digest(&request.submission.path)?,
        )?,
    };
    let games = match request.shard {
        Some(shard) => shard.select(whole_plan),
        None => whole_plan,
    };
    let mut summary = new_summary(
        problem,
        settings,
        side,
        request.submission.display_name(),
        &build.target,
        request.seed,
        RunIdentity::new(identity, request.shard),
    );
    let prepared = match build.compiled {
        Compiled::Failed { message, .. } => {
            summary.compile_message = Some(message);
            tell(reporter, Event::Finished(&summary))?;
            return Ok(summary);
        }
        Compiled::Ready(prepared) => prepared,
    };
    let started = Started {
        board: request.problem.views.page_board(),
        ..Started::new(
            problem,
            &request.submission,
            &prepared,
            Unit::Games,
            games.len(),
            request.shard,
            request.seed,
            request.jobs,
        )
    };
    tell(reporter, Event::Started(&started))?;
    let limits = build.target.limits;
    let programs = [OnceLock::from(prepared)];
    let rule = RootRule::MeanScore {
        accept_mean_score: settings.accept_mean_score,
    };
    summary.conclude(play(
        request, side, limits, rule, &programs, &games, reporter,
    )?);
    tell(reporter, Event::Finished(&summary))?;
    Ok(summary)
}

/// A summary before any game is played (a compile error's as it stands).
pub(crate) fn new_summary(
    problem: &ProblemSpec,
    settings: &InteractiveSpec,
    side: &dyn InteractiveProblem,
    solution: String,
    target: &Target,
    seed: u64,
    run: RunIdentity,
) -> RunSummary {
    let detail = RunDetail::Games {
        reason: None,
        accept_mean_score: settings.accept_mean_score,
        score_mean: 0.0,
        stats: stats::score_stats(&[], side.milestones()),
    };
    super::summary_before_units(problem, solution, target, seed, run, detail)
}

/// Plays the games through the engine on `request.jobs` workers, telling the reporter of
/// each in plan order (see `engine::run`); a run that stops at a failure ends with it.
fn play(
    request: &GamesRequest,
    side: &dyn InteractiveProblem,
    limits: Limits,
    rule: RootRule,
    programs: &[OnceLock<Prepared>],
    games: &[u64],
    reporter: &mut dyn Reporter,
) -> Result<GroupResult, GradeError> {
    let scratch = Scratch::new(&request.runner.sandbox)?;
    let sessions = Sessions::new();
    let units = Units::Games {
        games,
        side,
        seed: request.seed,
        keep_transcripts: true,
    };
    let job = Job {
        build: None,
        submission: None,
        limits,
        enforced: limits,
    };
    let executor = UnitExecutor::new(
        request.runner,
        &request.problem.spec,
        &scratch,
        units,
        vec![job],
        programs,
        &sessions,
    )
    .concluding(rule);
    let units: Vec<usize> = (0..games.len()).collect();
    // Every game is kept: the score statistics need them all (their transcripts go once told).
    let schedule = Schedule::new(request.jobs, request.stop_at_first_failure, true);
    engine::run(&executor, &units, schedule, |event| reporter.report(event))?
        .map_err(|unready| unready.into_error(&request.submission.path))
}

/// Two solutions to play on the same games.
pub struct CompareRequest<'a> {
    pub runner: &'a RunnerConfig,
    pub problem: &'a Problem,
    pub first: Submission,
    pub second: Submission,
    pub seed: u64,
    pub count: Option<usize>,
    pub jobs: usize,
}

/// Plays both solutions on the same seeds and compares their scores game by game.
pub fn compare(
    request: &CompareRequest,
    reporter: &mut dyn Reporter,
) -> Result<Comparison, GradeError> {
    if request.problem.judge != Judge::Referee {
        return Err(GradeError::WrongKind {
            what: "compare",
            kind: "game",
            problem: request.problem.spec.id.clone(),
        });
    }
    let mut play = |submission: &Submission| {
        // A solution that does not compile ends the comparison with the compiler's message.
        compile_or_fail(request.runner, &submission.path)?;
        let games_request = GamesRequest {
            runner: request.runner,
            problem: request.problem,
            submission: submission.clone(),
            seed: request.seed,
            count: request.count,
            only_game: None,
            overrides: Overrides::default(),
            jobs: request.jobs,
            stop_at_first_failure: false,
            shard: None,
        };
        grade(&games_request, reporter)
    };
    let first = play(&request.first)?;
    let second = play(&request.second)?;
    let games: Vec<PairedGame> = first
        .outcomes
        .iter()
        .zip(&second.outcomes)
        .filter_map(|(a, b)| {
            let (a_game, b_game) = (a.game()?, b.game()?);
            Some(PairedGame {
                game: a_game.game,
                first_score: a_game.score,
                second_score: b_game.score,
                first_verdict: a.verdict_detail.clone(),
                second_verdict: b.verdict_detail.clone(),
            })
        })
        .collect();
    let differences: Vec<f64> = games.iter().map(PairedGame::difference).collect();
    let (mean_difference, half_width) = stats::mean_difference(&differences);
    let comparison = Comparison {
        problem: request.problem.spec.id.clone(),
        first,
        second,
        games,
        mean_difference,
        half_width,
        difference: stats::Difference::of(mean_difference, half_width),
    };
    tell(reporter, Event::Compared(&comparison))?;
    Ok(comparison)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interact::{Ending, GameRecord, InteractError};
    use judge_core::verdict::fixtures::{self, limits};
    use judge_core::verdict::{Crash, StderrSays, Verdict};
    use judge_sandbox::{RunFacts, StopReason, Termination};

    /// A game that ended as `ending`, the program's run ending as `termination`.
    fn played(ending: Ending, termination: Termination) -> Result<GameRecord, InteractError> {
        Ok(GameRecord {
            ending,
            transcript: Vec::new(),
            final_line: None,
            score: 512,
            moves: 70,
            interaction_us: 1_000,
            facts: RunFacts {
                cgroup_peak_kib: None,
                ..fixtures::ended(termination)
            },
            stderr_head: String::new(),
            stderr_says: StderrSays::Nothing,
        })
    }

    fn verdict_of(ending: Ending, termination: Termination) -> Verdict {
        judge_game(&limits(), 7, 3, played(ending, termination)).verdict
    }

    #[test]
    fn a_refused_move_is_wa_whatever_the_program_did_next() {
        let refused = || Ending::Violation("round 3: SIDEWAYS is not a move".into());
        assert_eq!(
            verdict_of(refused(), Termination::Signaled(libc::SIGSEGV)),
            Verdict::WrongAnswer
        );
        let outcome = judge_game(&limits(), 7, 3, played(refused(), Termination::Exited(0)));
        assert_eq!(outcome.verdict, Verdict::WrongAnswer);
        assert_eq!(
            outcome.message.as_deref(),
            Some("round 3: SIDEWAYS is not a move")
        );
        let game = outcome.game().unwrap();
        assert_eq!((game.seed, game.game, game.score), (7, 3, 512));
    }

    #[test]
    fn a_game_over_is_accepted_even_if_the_program_then_wrote_into_a_closed_pipe() {
        let over = || Ending::Over("-1".into());
        assert_eq!(
            verdict_of(over(), Termination::Exited(0)),
            Verdict::Accepted
        );
        // problemtools' `interactive` takes a SIGPIPE for an exit 0 and lets the validator
        // decide; the referee had declared the game over.
        assert_eq!(
            verdict_of(over(), Termination::Signaled(libc::SIGPIPE)),
            Verdict::Accepted
        );
        // Any other crash after the end is the program's own.
        assert_eq!(
            verdict_of(over(), Termination::Signaled(libc::SIGSEGV)),
            Verdict::RuntimeError(Crash::Signal(libc::SIGSEGV))
        );
    }

    #[test]
    fn a_program_that_left_the_game_early_is_judged_by_its_facts_first() {
        let silent = || Ending::Silent("the program ended before the game was over".into());
        let outcome = judge_game(&limits(), 7, 3, played(silent(), Termination::Exited(0)));
        assert_eq!(outcome.verdict, Verdict::WrongAnswer);
        assert_eq!(
            outcome.message.as_deref(),
            Some("the program ended before the game was over")
        );
        assert_eq!(
            verdict_of(silent(), Termination::Signaled(libc::SIGPIPE)),
            Verdict::WrongAnswer
        );
        assert_eq!(
            verdict_of(silent(), Termination::Exited(3)),
            Verdict::RuntimeError(Crash::ExitCode(3))
        );
        let mut slow = played(silent(), Termination::Signaled(libc::SIGKILL)).unwrap();
        slow.facts.stopped_by = Some(StopReason::WallTime);
        let outcome = judge_game(&limits(), 7, 3, Ok(slow));
        assert_eq!(outcome.verdict, Verdict::TimeLimitExceeded);
        // Its reason is the run's: the time used against the limits (`verdict::reason`).
        assert!(
            outcome
                .message
                .as_deref()
                .is_some_and(|m| m.contains("stopped at the wall-clock limit")),
            "{:?}",
            outcome.message
        );
    }

    #[test]
    fn a_game_that_could_not_be_played_is_a_judge_error_that_says_why() {
        let outcome = judge_game(
            &limits(),
            7,
            3,
            Err(InteractError::Pipes(std::io::Error::other("no pipe"))),
        );
        assert_eq!(outcome.verdict, Verdict::JudgeError);
        assert!(outcome.message.as_deref().unwrap().contains("no pipe"));
        assert_eq!(outcome.game().map(|g| (g.seed, g.game)), Some((7, 3)));
    }
}
