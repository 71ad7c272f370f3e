//! The interactor: plays one side of an interactive problem against a solution over pipes.
//!
//! Each game runs the solution in its own sandboxed launcher with piped stdin/stdout; the game
//! (from `problems`) decides what to send after each reply. No wait is without a deadline: the
//! launcher ends the program at the wall-clock limit, which closes the pipe the interactor
//! reads, and a watchdog thread kills the launcher should it ever fail to. Game `k` of master seed `S` draws its
//! randomness from `TestRng::for_game(S, k)` alone, so results do not depend on `--jobs` or
//! on the order in which games run.
//!
//! Verdict order, as Kattis and DOMjudge decide it: a wrong reply seen by the interactor is WA
//! even if the program later crashes or runs out of time; otherwise the run's facts decide
//! (TLE, MLE, RE ...), and a program that ends before the game is over is WA.

use std::fs::File;
use std::io::Write;
use std::os::fd::{AsRawFd, RawFd};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::config::RunnerConfig;
use crate::execute::{head_of_file, memory_file, run_request, Scratch};
use crate::lang::Prepared;
use crate::limits::Limits;
use crate::problems::{InteractiveProblem, Step};
use crate::rng::TestRng;
use crate::sandbox::{self, RunFacts, RunFiles, Session, StdoutMode};
use crate::verdict::{self, CheckOutcome, Verdict};

/// Longest reply line accepted; anything longer is a protocol violation.
const MAX_REPLY_BYTES: usize = 256;
/// Extra time, after the wall-clock limit, that the interactor's watchdog gives the launcher.
const DEADLINE_MARGIN: Duration = Duration::from_secs(2);

/// One transcript line: what the interactor wrote and what it read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TranscriptLine {
    pub sent: String,
    pub reply: Option<String>,
}

/// The result of one game.
#[derive(Debug, Clone, Serialize)]
pub struct GameOutcome {
    /// Master seed; with `game` it names the game's random stream.
    pub seed: u64,
    pub game: u64,
    pub score: u64,
    pub moves: u64,
    pub cpu_ms: u64,
    pub wall_ms: u64,
    /// Time from the first reply to the end of the game, microseconds: the rounds after the
    /// first (as many as `moves`), without the program's start and exit.
    pub interaction_us: u64,
    pub peak_kib: u64,
    pub verdict: Verdict,
    pub verdict_detail: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
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

/// What the interactor saw while playing.
enum Ending {
    /// The game ended by the rules (the final line was sent).
    Over(String),
    /// The program wrote something that breaks the protocol.
    Violation(String),
    /// The program's output ended (or the deadline passed) before the game was over.
    Silent(String),
}

/// Reads reply lines from the program's stdout with blocking reads. A blocking read (rather
/// than poll, then read) keeps the pipe's synchronous wake-up, which makes a round about twice
/// as fast; the deadline is kept by the launcher, which ends the program at the wall-clock
/// limit (closing the pipe), and behind it by a watchdog thread (see `play_game`).
struct LineReader {
    fd: RawFd,
    buffer: Vec<u8>,
}

enum ReadLine {
    Line(String),
    TooLong,
    Closed,
}

impl LineReader {
    fn read_line(&mut self) -> ReadLine {
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                // The same limit whether the line came in one read or in several.
                if end > MAX_REPLY_BYTES {
                    return ReadLine::TooLong;
                }
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                return ReadLine::Line(String::from_utf8_lossy(&line).trim().to_string());
            }
            if self.buffer.len() > MAX_REPLY_BYTES {
                return ReadLine::TooLong;
            }
            let mut chunk = [0u8; 4096];
            // SAFETY: chunk is valid for its length.
            let read = unsafe { libc::read(self.fd, chunk.as_mut_ptr().cast(), chunk.len()) };
            if read == 0 {
                // End of output: a last line without a newline still counts as a reply.
                if self.buffer.is_empty() {
                    return ReadLine::Closed;
                }
                let line = String::from_utf8_lossy(&self.buffer).trim().to_string();
                self.buffer.clear();
                return ReadLine::Line(line);
            }
            if read < 0 {
                if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                    continue;
                }
                return ReadLine::Closed;
            }
            self.buffer.extend_from_slice(&chunk[..read as usize]);
        }
    }
}

/// Kills the launcher (and with it, through parent-death signals, the program) if the game is
/// not over by `limit`: the interactor's guarantee never to wait forever, should the launcher
/// itself fail to end the run. Dropping the returned sender stops the watchdog.
fn watchdog(
    launcher_pid: u32,
    limit: Duration,
) -> (mpsc::Sender<()>, std::thread::JoinHandle<bool>) {
    let (done, wait) = mpsc::channel::<()>();
    let handle = std::thread::spawn(move || {
        let fired = matches!(
            wait.recv_timeout(limit),
            Err(mpsc::RecvTimeoutError::Timeout)
        );
        if fired {
            // SAFETY: the launcher is not reaped before this thread is joined (see play_game).
            unsafe { libc::kill(launcher_pid as libc::pid_t, libc::SIGKILL) };
        }
        fired
    });
    (done, handle)
}

/// Everything needed to play games of one problem with one solution.
pub struct GamePlan<'a> {
    pub runner: &'a RunnerConfig,
    pub problem: &'a dyn InteractiveProblem,
    pub solution: &'a Prepared,
    pub limits: Limits,
    pub seed: u64,
    /// Which games to play (indices into the seed's game streams).
    pub games: Vec<u64>,
    pub jobs: usize,
    /// Stop starting games once one has failed (its verdict decides the submission anyway).
    pub stop_at_first_failure: bool,
}

/// Plays one game to its end and classifies it.
pub fn play_game(plan: &GamePlan, scratch: &Scratch, game: u64) -> GameOutcome {
    let mut outcome = GameOutcome {
        seed: plan.seed,
        game,
        score: 0,
        moves: 0,
        cpu_ms: 0,
        wall_ms: 0,
        interaction_us: 0,
        peak_kib: 0,
        verdict: Verdict::JudgeError,
        verdict_detail: "JE".into(),
        message: None,
        transcript: Vec::new(),
        final_line: None,
        stderr_head: String::new(),
        facts: None,
    };
    let started = (|| -> Result<_, String> {
        let sandbox = scratch
            .sandbox_folder(&format!("game-{game}"), plan.solution)
            .map_err(|e| format!("cannot create the run folder: {e}"))?;
        let pipe =
            |what: &str| sandbox::pipe().map_err(|e| format!("cannot make the {what} pipe: {e}"));
        let (program_stdin, to_program) = pipe("input")?;
        let (from_program, program_stdout) = pipe("output")?;
        let stderr =
            memory_file("stderr").map_err(|e| format!("cannot create the stderr file: {e}"))?;
        let mut session =
            Session::start(&sandbox.session_spec(plan.runner)).map_err(|e| e.to_string())?;
        let request = run_request(
            plan.runner,
            plan.solution,
            plan.limits,
            StdoutMode::PassThrough,
        );
        session
            .begin(
                &request,
                RunFiles {
                    stdin: program_stdin,
                    stdout: program_stdout,
                    stderr: stderr.try_clone().map_err(|e| e.to_string())?.into(),
                },
            )
            .map_err(|e| e.to_string())?;
        Ok((
            session,
            sandbox,
            stderr,
            File::from(to_program),
            File::from(from_program),
        ))
    })();
    let (mut launched, _sandbox, stderr, mut to_program, from_program) = match started {
        Ok(parts) => parts,
        Err(message) => {
            outcome.message = Some(message);
            return outcome;
        }
    };
    // SAFETY: F_SETPIPE_SZ on our own pipe; failure only leaves the default size.
    unsafe { libc::fcntl(to_program.as_raw_fd(), libc::F_SETPIPE_SZ, 1 << 16) };
    let mut reader = LineReader {
        fd: from_program.as_raw_fd(),
        buffer: Vec::new(),
    };
    let (game_over, guard) = watchdog(launched.id(), plan.limits.wall_time + DEADLINE_MARGIN);
    let mut session = plan.problem.new_game(TestRng::for_game(plan.seed, game));
    let mut line = session.opening();
    let mut first_reply: Option<Instant> = None;
    let mut outgoing = Vec::with_capacity(16);
    let ending = loop {
        // One write per line. A write that fails means the program has gone; its reply (or
        // the lack of one) read below says how.
        outgoing.clear();
        outgoing.extend_from_slice(line.as_bytes());
        outgoing.push(b'\n');
        let _ = to_program.write_all(&outgoing);
        let round = outcome.transcript.len() + 1;
        match reader.read_line() {
            ReadLine::Line(reply) => {
                first_reply.get_or_insert_with(Instant::now);
                outcome.transcript.push(TranscriptLine {
                    sent: line.clone(),
                    reply: Some(reply.clone()),
                });
                match session.reply(&reply) {
                    Ok(Step::Continue(next)) => line = next,
                    Ok(Step::Over(last)) => {
                        let _ = to_program.write_all(format!("{last}\n").as_bytes());
                        break Ending::Over(last);
                    }
                    Err(violation) => break Ending::Violation(violation),
                }
            }
            ReadLine::TooLong => {
                outcome.transcript.push(TranscriptLine {
                    sent: line.clone(),
                    reply: None,
                });
                break Ending::Violation(format!(
                    "round {round}: the reply is longer than {MAX_REPLY_BYTES} bytes"
                ));
            }
            ReadLine::Closed => {
                outcome.transcript.push(TranscriptLine {
                    sent: line.clone(),
                    reply: None,
                });
                break Ending::Silent(format!(
                    "round {round}: the program's output ended before the game was over"
                ));
            }
        }
    };
    outcome.interaction_us = first_reply.map_or(0, |t| t.elapsed().as_micros() as u64);
    outcome.score = session.score();
    outcome.moves = session.moves();
    // A program that broke the protocol is stopped at once; otherwise it must end by itself
    // (within its limits) now that its input is closed.
    if matches!(ending, Ending::Violation(_)) {
        launched.request_stop();
    }
    drop(to_program);
    drop(game_over);
    let watchdog_fired = guard.join().unwrap_or(false);
    let facts = match launched.wait() {
        Ok(facts) => facts,
        Err(e) => {
            outcome.message = Some(if watchdog_fired {
                format!("the launcher did not end the run in time and was killed: {e}")
            } else {
                e.to_string()
            });
            return outcome;
        }
    };
    drop(from_program);
    outcome.cpu_ms = facts.cpu_time_us / 1000;
    outcome.wall_ms = facts.wall_time_us / 1000;
    outcome.peak_kib = verdict::peak_memory_bytes(&facts) / 1024;
    outcome.stderr_head = head_of_file(&stderr);
    let (verdict, message) = match ending {
        Ending::Violation(message) => (Verdict::WrongAnswer, Some(message)),
        Ending::Over(last) => {
            outcome.final_line = Some(last);
            let verdict = verdict::classify(&plan.limits, &facts, Some(&CheckOutcome::Accepted));
            (verdict, facts.launch_error.clone())
        }
        Ending::Silent(message) => {
            // The facts explain the silence when they can (TLE, MLE, RE); a program that just
            // ended early gave a wrong answer.
            let silent = CheckOutcome::WrongAnswer(message.clone());
            let verdict = verdict::classify(&plan.limits, &facts, Some(&silent));
            let message = if verdict == Verdict::WrongAnswer {
                Some(message)
            } else {
                facts.launch_error.clone()
            };
            (verdict, message)
        }
    };
    outcome.verdict = verdict;
    outcome.verdict_detail = verdict.describe();
    outcome.message = message;
    outcome.facts = Some(facts);
    outcome
}

/// Plays the plan's games on `jobs` workers; `on_game` receives each result as it finishes.
/// Returns the outcomes in game order.
pub fn play_games(
    plan: &GamePlan,
    mut on_game: impl FnMut(&GameOutcome),
) -> std::io::Result<Vec<GameOutcome>> {
    let scratch = Scratch::new(&plan.runner.sandbox)?;
    let failed = AtomicBool::new(false);
    let mut outcomes: Vec<Option<GameOutcome>> = vec![None; plan.games.len()];
    crate::pool::run_parallel(
        plan.games.len(),
        plan.jobs,
        |_| !(plan.stop_at_first_failure && failed.load(Ordering::SeqCst)),
        || (),
        |_, index| {
            let outcome = play_game(plan, &scratch, plan.games[index]);
            if !outcome.verdict.is_accepted() {
                failed.store(true, Ordering::SeqCst);
            }
            outcome
        },
        |index, outcome| {
            on_game(&outcome);
            outcomes[index] = Some(outcome);
        },
    );
    Ok(outcomes.into_iter().flatten().collect())
}

/// The transcript file of a game: a `#` header, one line per round, and `-1` if the
/// interactor ended the game.
pub fn transcript_text(problem_id: &str, outcome: &GameOutcome) -> String {
    let mut text = format!(
        "# {problem_id} seed {} game {} score {} verdict {}\n",
        outcome.seed,
        outcome.game,
        outcome.score,
        outcome.verdict.code()
    );
    for line in &outcome.transcript {
        match &line.reply {
            Some(reply) => text.push_str(&format!("{} {}\n", line.sent, reply)),
            None => text.push_str(&format!("{}\n", line.sent)),
        }
    }
    if let Some(last) = &outcome.final_line {
        text.push_str(last);
        text.push('\n');
    }
    text
}

/// Statistics of game scores.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ScoreStats {
    pub mean: f64,
    pub min: u64,
    pub median: f64,
    pub max: u64,
    pub standard_deviation: f64,
    /// How many games reached each tile: (tile, count) for 2048 ... 65536.
    pub reached: Vec<(u64, usize)>,
}

/// Mean, min, median, max, sample standard deviation and milestone counts.
pub fn score_stats(scores: &[u64]) -> ScoreStats {
    let count = scores.len();
    let mut sorted = scores.to_vec();
    sorted.sort_unstable();
    let mean = if count == 0 {
        0.0
    } else {
        scores.iter().sum::<u64>() as f64 / count as f64
    };
    let median = match count {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2] as f64,
        n => (sorted[n / 2 - 1] + sorted[n / 2]) as f64 / 2.0,
    };
    let variance = if count > 1 {
        scores
            .iter()
            .map(|&s| (s as f64 - mean).powi(2))
            .sum::<f64>()
            / (count - 1) as f64
    } else {
        0.0
    };
    ScoreStats {
        mean,
        min: sorted.first().copied().unwrap_or(0),
        median,
        max: sorted.last().copied().unwrap_or(0),
        standard_deviation: variance.sqrt(),
        reached: [2048, 4096, 8192, 16384, 32768, 65536]
            .iter()
            .map(|&tile| (tile, scores.iter().filter(|&&s| s >= tile).count()))
            .collect(),
    }
}

/// The two-sided 95 % critical value of Student's t distribution with `df` degrees of freedom.
pub fn t_critical_95(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => TABLE[df - 1],
        31..=60 => 2.000,
        61..=120 => 1.980,
        _ => 1.960,
    }
}

/// Mean of paired differences with its 95 % confidence interval (half-width).
pub fn mean_difference(differences: &[f64]) -> (f64, f64) {
    let n = differences.len();
    if n == 0 {
        return (0.0, f64::INFINITY);
    }
    let mean = differences.iter().sum::<f64>() / n as f64;
    if n == 1 {
        return (mean, f64::INFINITY);
    }
    let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    let half_width = t_critical_95(n - 1) * (variance / n as f64).sqrt();
    (mean, half_width)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_reply_is_too_long_however_it_arrives() {
        let limit_line = format!("{}\n", "x".repeat(MAX_REPLY_BYTES));
        let long_line = format!("{}\n", "x".repeat(MAX_REPLY_BYTES + 1));
        for (written, expect_too_long) in [
            (format!("{long_line}UP\n"), true),
            (format!("{limit_line}UP\n"), false),
        ] {
            let (read_end, write_end) = crate::sandbox::pipe().unwrap();
            std::fs::File::from(write_end)
                .write_all(written.as_bytes())
                .unwrap();
            let mut reader = LineReader {
                fd: read_end.as_raw_fd(),
                buffer: Vec::new(),
            };
            let first = reader.read_line();
            assert_eq!(
                matches!(first, ReadLine::TooLong),
                expect_too_long,
                "{} bytes in one write",
                written.len()
            );
            if !expect_too_long {
                assert!(matches!(reader.read_line(), ReadLine::Line(line) if line == "UP"));
            }
        }
    }

    #[test]
    fn stats_of_scores() {
        let stats = score_stats(&[2048, 4096, 16384, 1024]);
        assert_eq!(stats.mean, 5888.0);
        assert_eq!(stats.min, 1024);
        assert_eq!(stats.max, 16384);
        assert_eq!(stats.median, 3072.0);
        assert_eq!(stats.reached[0], (2048, 3));
        assert_eq!(stats.reached[3], (16384, 1));
        assert!(
            (stats.standard_deviation - 7112.9).abs() < 1.0,
            "{}",
            stats.standard_deviation
        );
    }

    #[test]
    fn confidence_interval_of_paired_differences() {
        let (mean, half) = mean_difference(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(mean, 2.5);
        // s = 1.291, n = 4, t(3) = 3.182: 3.182 * 1.291 / 2 = 2.054
        assert!((half - 2.054).abs() < 0.01, "{half}");
        assert_eq!(t_critical_95(15), 2.131);
    }
}
