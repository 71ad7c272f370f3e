//! Grading a solution of an interactive problem by seeded games: compile, play each game on
//! parallel workers (each game in its own sandbox session), classify each game from how it
//! ended and the run's facts, and decide the submission from the games and the mean score.
//! Also the paired comparison of two solutions over the same games. A sharded run plays its
//! share of the games (game `k` belongs to shard `k mod N`).
//!
//! Verdict order, as Kattis and DOMjudge decide it: a wrong reply seen by the interactor is WA
//! even if the program later crashes or runs out of time; otherwise the run's facts decide
//! (TLE, MLE, RE ...), and a program that ends before the game is over is WA.

use std::sync::atomic::{AtomicBool, Ordering};

use serde::{Deserialize, Serialize};

use super::{
    build, compile_or_fail, digest_problem, protections_of, submission_digest, tell, AppliedLimits,
    GradeError, RunIdentity, Started, Submission, Summary, Target, Telling, Unit,
};
use crate::config::{InteractiveSpec, ProblemSpec, RunnerConfig};
use crate::execute::Scratch;
use crate::grade::events::{Event, Reporter};
use crate::interact::{self, Ending, GameRecord, GameSetup, InteractError, TranscriptLine};
use crate::lang::Compiled;
use crate::limits::{Limits, Overrides};
use crate::plan::{self, PlanDigest, PlanIdentity, PlanUnit, Shard};
use crate::pool::{self, News};
use crate::problems::{self, InteractiveProblem};
use crate::sandbox::RunFacts;
use crate::stats::{self, ScoreStats};
use crate::verdict::{self, CheckOutcome, Verdict};

/// What to play and how.
pub struct GamesRequest<'a> {
    pub runner: &'a RunnerConfig,
    pub problem: &'a ProblemSpec,
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

/// The result of one game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GameOutcome {
    /// Master seed; with `game` it names the game's random stream.
    pub seed: u64,
    pub game: u64,
    pub score: u64,
    pub moves: u64,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    /// Time the program was ready to run but waited for a CPU that other work held.
    pub wait_ms: u64,
    /// The machine was busy during the game: its timings may be off.
    pub disturbed: bool,
    /// Time from the first reply to the end of the game, microseconds: the rounds after the
    /// first (as many as `moves`), without the program's start and exit.
    pub interaction_us: u64,
    pub peak_kib: u64,
    pub verdict: Verdict,
    pub verdict_detail: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// What was said, kept until the game is reported (`Event::GameFinished`) and then
    /// dropped, so that thousands of games do not hold thousands of transcripts.
    #[serde(skip)]
    pub transcript: Vec<TranscriptLine>,
    /// The interactor's last line (`-1`) when it ended the game.
    #[serde(skip)]
    pub final_line: Option<String>,
    #[serde(skip)]
    pub stderr_head: String,
    #[serde(skip)]
    pub facts: Option<RunFacts>,
}

/// Everything a report of an interactive grading needs.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GamesSummary {
    pub problem: String,
    pub solution: String,
    pub language: String,
    pub verdict: Verdict,
    /// Why the verdict is not AC, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub seed: u64,
    pub limits: AppliedLimits,
    pub protections: Vec<String>,
    pub accept_mean_score: f64,
    pub score_mean: f64,
    pub stats: ScoreStats,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compile_message: Option<String>,
    pub games: Vec<GameOutcome>,
    /// The judge's version, the plan's identity and the shard, for merging.
    #[serde(flatten)]
    pub run: RunIdentity,
}

impl GamesSummary {
    /// Games whose timings the machine's load may have disturbed.
    pub fn disturbed(&self) -> usize {
        self.games.iter().filter(|g| g.disturbed).count()
    }

    /// The first game that was not accepted.
    pub fn first_failure(&self) -> Option<&GameOutcome> {
        self.games.iter().find(|g| !g.verdict.is_accepted())
    }

    /// The tiles whose counts the statistics give (the problem's milestones).
    pub fn milestones(&self) -> Vec<u64> {
        self.stats.reached.iter().map(|(tile, _)| *tile).collect()
    }

    /// Completes the summary from its games (in game order): statistics, verdict, reason.
    pub fn conclude(&mut self, games: Vec<GameOutcome>) {
        self.protections = protections_of(games.iter().map(|g| g.facts.as_ref()));
        let scores: Vec<u64> = games.iter().map(|g| g.score).collect();
        self.stats = stats::score_stats(&scores, &self.milestones());
        self.score_mean = self.stats.mean;
        let (verdict, reason) = overall(&games, self.score_mean, self.accept_mean_score);
        self.verdict = verdict;
        self.reason = reason;
        self.games = games;
    }

    /// After reading a summary back from JSON: each verdict from its detail (`RE (SIGSEGV)`,
    /// where the JSON's `verdict` says only `RE`), and the summary's from its first failure.
    pub fn restore_verdicts(&mut self) {
        let games = self
            .games
            .iter_mut()
            .map(|g| (&mut g.verdict, g.verdict_detail.as_str()));
        super::restore_verdicts(&mut self.verdict, games);
    }
}

/// The game side of a problem played as games (see `ProblemSpec::plays_games`), and its
/// settings.
pub(crate) fn game_side(
    problem: &ProblemSpec,
) -> Result<(&'static dyn InteractiveProblem, &InteractiveSpec), GradeError> {
    if !problem.plays_games() {
        return Err(GradeError::WrongKind {
            what: "games",
            kind: "game",
            problem: problem.id.clone(),
        });
    }
    let side = problems::interactive_problem(&problem.id)
        .ok_or_else(|| GradeError::NoInteractor(problem.id.clone()))?;
    let settings = problem
        .interactive
        .as_ref()
        .ok_or_else(|| GradeError::NoInteractor(problem.id.clone()))?;
    Ok((side, settings))
}

/// Decides a game from how it ended and the run's facts.
pub(crate) fn classify_game(
    setup: &GameSetup,
    game: u64,
    played: Result<GameRecord, InteractError>,
) -> GameOutcome {
    let mut outcome = GameOutcome {
        seed: setup.seed,
        game,
        score: 0,
        moves: 0,
        cpu_ms: 0,
        wall_ms: 0,
        wait_ms: 0,
        disturbed: false,
        interaction_us: 0,
        peak_kib: 0,
        verdict: Verdict::JudgeError,
        verdict_detail: Verdict::JudgeError.describe(),
        message: None,
        transcript: Vec::new(),
        final_line: None,
        stderr_head: String::new(),
        facts: None,
    };
    let record = match played {
        Ok(record) => record,
        Err(e) => {
            outcome.message = Some(e.to_string());
            return outcome;
        }
    };
    let facts = record.facts;
    let reason = |verdict| {
        verdict::reason(
            &setup.limits,
            &facts,
            verdict,
            record.stderr_says,
            &record.stderr_head,
        )
    };
    let (verdict, message) = match record.ending {
        Ending::Violation(message) => (Verdict::WrongAnswer, Some(message)),
        Ending::Over(_) => {
            let verdict = verdict::classify(
                &setup.limits,
                &facts,
                record.stderr_says,
                Some(&CheckOutcome::Accepted),
            );
            (verdict, reason(verdict).or(facts.launch_error.clone()))
        }
        Ending::Silent(message) => {
            // The facts explain the silence when they can (TLE, MLE, RE); a program that just
            // ended early gave a wrong answer.
            let silent = CheckOutcome::WrongAnswer(message.clone());
            let verdict =
                verdict::classify(&setup.limits, &facts, record.stderr_says, Some(&silent));
            let message = if verdict == Verdict::WrongAnswer {
                Some(message)
            } else {
                reason(verdict).or(facts.launch_error.clone())
            };
            (verdict, message)
        }
    };
    GameOutcome {
        score: record.score,
        moves: record.moves,
        cpu_ms: facts.cpu_time_us / 1000,
        wall_ms: facts.wall_time_us / 1000,
        wait_ms: facts.wait_time_us / 1000,
        disturbed: facts.disturbed(),
        interaction_us: record.interaction_us,
        peak_kib: verdict::peak_memory_bytes(&facts) / 1024,
        verdict,
        verdict_detail: verdict.describe(),
        message,
        transcript: record.transcript,
        final_line: record.final_line,
        stderr_head: record.stderr_head,
        facts: Some(facts),
        ..outcome
    }
}

/// Grades a solution of an interactive problem by playing its games, telling `reporter` of
/// each game as it finishes; returns the summary (CE included) with the games in game order.
pub fn grade(
    request: &GamesRequest,
    reporter: &mut dyn Reporter,
) -> Result<GamesSummary, GradeError> {
    let problem = request.problem;
    let (side, settings) = game_side(problem)?;
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
            &whole_plan,
            build.compiled.language_id(),
            &build.target.limits,
            &submission_digest(&request.submission.path)?,
        ),
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
            tell(reporter, Event::Finished(Summary::Games(&summary)))?;
            return Ok(summary);
        }
        Compiled::Ready(prepared) => prepared,
    };
    let started = Started::new(
        problem,
        &request.submission,
        &prepared,
        Unit::Games,
        games.len(),
        request.shard,
        request.seed,
        request.jobs,
    );
    tell(reporter, Event::Started(&started))?;
    let setup = GameSetup {
        runner: request.runner,
        problem: side,
        solution: &prepared,
        limits: build.target.limits,
        seed: request.seed,
    };
    let outcomes = play(&setup, &games, request, reporter)?;
    summary.conclude(outcomes);
    tell(reporter, Event::Finished(Summary::Games(&summary)))?;
    Ok(summary)
}

/// What decides an interactive grading's results, as a digest: the problem and its settings,
/// the seed, the games, the language, the limits and the submission's bytes.
pub(crate) fn plan_digest(
    problem: &ProblemSpec,
    seed: u64,
    games: &[u64],
    language_id: &str,
    limits: &Limits,
    submission_sha256: &str,
) -> String {
    let mut digest = PlanDigest::new();
    digest_problem(&mut digest, problem);
    digest
        .add("seed", seed)
        .add("language", language_id)
        .add("limits", format!("{limits:?}"))
        .add("submission", submission_sha256);
    for game in games {
        digest.add("game", game);
    }
    digest.finish()
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
) -> GamesSummary {
    GamesSummary {
        problem: problem.id.clone(),
        solution,
        language: target.language_name.clone(),
        verdict: Verdict::CompileError,
        reason: None,
        seed,
        limits: AppliedLimits::from(&target.limits),
        protections: Vec::new(),
        accept_mean_score: settings.accept_mean_score,
        score_mean: 0.0,
        stats: stats::score_stats(&[], side.milestones()),
        compile_message: None,
        games: Vec::new(),
        run,
    }
}

/// Plays the games on `request.jobs` workers, reporting each as it finishes; returns the
/// outcomes in game order.
fn play(
    setup: &GameSetup,
    games: &[u64],
    request: &GamesRequest,
    reporter: &mut dyn Reporter,
) -> Result<Vec<GameOutcome>, GradeError> {
    let scratch = Scratch::new(&request.runner.sandbox)?;
    let failed = AtomicBool::new(false);
    let mut outcomes: Vec<Option<GameOutcome>> = vec![None; games.len()];
    let mut telling = Telling::default();
    // Games are told in plan order: one that finished early waits for those before it (the
    // pool starts none more than its window ahead). A game told lets go of its transcript.
    let mut next_to_tell = 0;
    pool::run_parallel(
        games.len(),
        request.jobs,
        |_| !(request.stop_at_first_failure && failed.load(Ordering::SeqCst)),
        || (),
        |_, index| {
            let game = games[index];
            let outcome = classify_game(setup, game, interact::play_game(setup, &scratch, game));
            if !outcome.verdict.is_accepted() {
                failed.store(true, Ordering::SeqCst);
            }
            outcome
        },
        |news| {
            let News::Finished(index, outcome) = news else {
                return true;
            };
            outcomes[index] = Some(outcome);
            while let Some(Some(outcome)) = outcomes.get_mut(next_to_tell) {
                let told = reporter.report(&Event::GameFinished(outcome));
                outcome.transcript = Vec::new();
                next_to_tell += 1;
                if !telling.went_on(told) {
                    return false;
                }
            }
            true
        },
    );
    // The games after one never played (the run stopped at a failure), in order.
    if telling.error.is_none() && !crate::cleanup::interrupted() {
        for outcome in outcomes[next_to_tell..].iter_mut().flatten() {
            let told = reporter.report(&Event::GameFinished(outcome));
            outcome.transcript = Vec::new();
            if !telling.went_on(told) {
                break;
            }
        }
    }
    telling.result()?;
    Ok(outcomes.into_iter().flatten().collect())
}

/// The submission's verdict: the first failed game's, else WA when the mean score is too low.
fn overall(games: &[GameOutcome], mean: f64, needed: f64) -> (Verdict, Option<String>) {
    if let Some(failed) = games.iter().find(|g| !g.verdict.is_accepted()) {
        return (
            failed.verdict,
            Some(format!(
                "game {} failed: {}",
                failed.game, failed.verdict_detail
            )),
        );
    }
    if mean < needed {
        return (
            Verdict::WrongAnswer,
            Some(format!("mean score {mean:.1} is below {needed}")),
        );
    }
    (Verdict::Accepted, None)
}

/// Two solutions to play on the same games.
pub struct CompareRequest<'a> {
    pub runner: &'a RunnerConfig,
    pub problem: &'a ProblemSpec,
    pub first: Submission,
    pub second: Submission,
    pub seed: u64,
    pub count: Option<usize>,
    pub jobs: usize,
}

/// One game played by both solutions.
#[derive(Debug, Clone, Serialize)]
pub struct PairedGame {
    pub game: u64,
    pub first_score: u64,
    pub second_score: u64,
    pub first_verdict: String,
    pub second_verdict: String,
}

impl PairedGame {
    /// Second minus first.
    pub fn difference(&self) -> f64 {
        self.second_score as f64 - self.first_score as f64
    }
}

/// The paired comparison of two solutions.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    pub problem: String,
    pub first: GamesSummary,
    pub second: GamesSummary,
    pub games: Vec<PairedGame>,
    /// Mean of second - first over the paired games, with the half-width of its 95 %
    /// confidence interval.
    pub mean_difference: f64,
    pub half_width: f64,
    /// Whether the interval excludes zero, and on which side.
    pub difference: stats::Difference,
}

/// Plays both solutions on the same seeds and compares their scores game by game.
pub fn compare(
    request: &CompareRequest,
    reporter: &mut dyn Reporter,
) -> Result<Comparison, GradeError> {
    if !request.problem.plays_games() {
        return Err(GradeError::WrongKind {
            what: "compare",
            kind: "game",
            problem: request.problem.id.clone(),
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
        .games
        .iter()
        .zip(&second.games)
        .map(|(a, b)| PairedGame {
            game: a.game,
            first_score: a.score,
            second_score: b.score,
            first_verdict: a.verdict_detail.clone(),
            second_verdict: b.verdict_detail.clone(),
        })
        .collect();
    let differences: Vec<f64> = games.iter().map(PairedGame::difference).collect();
    let (mean_difference, half_width) = stats::mean_difference(&differences);
    let comparison = Comparison {
        problem: request.problem.id.clone(),
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
