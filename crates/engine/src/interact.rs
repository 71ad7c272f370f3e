//! The interactor: plays one side of an interactive problem against a solution over pipes.
//!
//! Each game runs the solution in its own sandboxed launcher with piped stdin/stdout; the game
//! (from `problems`) decides what to send after each reply. No wait is without a deadline: the
//! launcher ends the program at the wall-clock limit, which closes the pipe the interactor
//! reads, and a watchdog thread kills the launcher should it ever fail to. Game `k` of master seed `S` draws its
//! randomness from `TestRng::for_game(S, k)` alone, so results do not depend on `--jobs` or
//! on the order in which games run.
//!
//! The interactor records how the game ended (over by the rules, a reply that broke the
//! protocol, or silence) beside the run's facts; `grade` decides the verdict from them.

use std::fs::File;
use std::io::{Read, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::execute::{run_request, stderr_excerpt, stderr_says, Scratch, SessionFolder};
use judge_core::config::RunnerConfig;
use judge_core::lang::Prepared;
use judge_core::limits::Limits;
use judge_core::problems::{InteractiveProblem, Step};
use judge_core::rng::TestRng;
use judge_core::verdict::StderrSays;
use judge_sandbox::{self as sandbox, memory_file, RunFacts, RunFiles, SandboxError, StdoutMode};

/// Why a game could not be played (the grader's fault, not the program's: JE).
#[derive(Debug, Error)]
pub enum InteractError {
    #[error("cannot create the run folder: {0}")]
    Folder(std::io::Error),
    #[error("cannot make the game's pipes and files: {0}")]
    Pipes(std::io::Error),
    #[error(transparent)]
    Sandbox(#[from] SandboxError),
    #[error("the launcher did not end the run in time and was killed: {0}")]
    Watchdog(SandboxError),
}

/// Longest reply line accepted; anything longer is a protocol violation.
const MAX_REPLY_BYTES: usize = 256;
/// Extra time, after the sandbox's hard wall-clock limit, that the interactor's watchdog gives
/// the launcher.
const DEADLINE_MARGIN: Duration = Duration::from_secs(2);

/// One transcript line: what the interactor wrote and what it read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TranscriptLine {
    pub sent: String,
    pub reply: Option<String>,
}

/// What one game gave: how it ended, what was said, and the run's facts.
#[derive(Debug)]
pub struct GameRecord {
    pub ending: Ending,
    pub transcript: Vec<TranscriptLine>,
    /// The interactor's last line (`-1`) when it ended the game.
    pub final_line: Option<String>,
    pub score: u64,
    /// Moves the program made that the game accepted.
    pub moves: u64,
    /// Time from the first reply to the end of the game, microseconds: the rounds after the
    /// first (as many as `moves`), without the program's start and exit.
    pub interaction_us: u64,
    pub facts: RunFacts,
    pub stderr_head: String,
    /// What its standard error says, for the verdict.
    pub stderr_says: StderrSays,
}

/// What the interactor saw while playing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
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
    pipe: File,
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
            let read = match self.pipe.read(&mut chunk) {
                Ok(read) => read,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => return ReadLine::Closed,
            };
            if read == 0 {
                // End of output: a last line without a newline still counts as a reply.
                if self.buffer.is_empty() {
                    return ReadLine::Closed;
                }
                let line = String::from_utf8_lossy(&self.buffer).trim().to_string();
                self.buffer.clear();
                return ReadLine::Line(line);
            }
            self.buffer.extend_from_slice(&chunk[..read]);
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
            // The launcher is not reaped before this thread is joined (see play_game).
            sandbox::kill_process(launcher_pid);
        }
        fired
    });
    (done, handle)
}

/// Everything needed to play games of one problem with one solution.
pub struct GameSetup<'a> {
    pub runner: &'a RunnerConfig,
    pub problem: &'a dyn InteractiveProblem,
    pub solution: &'a Prepared,
    pub limits: Limits,
    pub seed: u64,
}

/// The running program of one game with the grader's ends of its pipes.
struct Started {
    /// The program's session, with its folder held until the game is over.
    sandbox: SessionFolder,
    stderr: File,
    to_program: File,
    from_program: File,
}

/// Starts the program of game `game` in its own sandbox session, with piped stdin/stdout.
fn start(setup: &GameSetup, scratch: &Scratch, game: u64) -> Result<Started, InteractError> {
    let folder = scratch
        .sandbox_folder(&format!("game-{game}"), setup.solution)
        .map_err(InteractError::Folder)?;
    let (program_stdin, to_program) = sandbox::pipe().map_err(InteractError::Pipes)?;
    let (from_program, program_stdout) = sandbox::pipe().map_err(InteractError::Pipes)?;
    let stderr = memory_file("stderr").map_err(InteractError::Pipes)?;
    let spec = folder.session_spec(setup.runner);
    let mut sandbox = SessionFolder::start(folder, &spec)?;
    let request = run_request(
        setup.runner,
        &setup.solution.program,
        &setup.solution.args_for(&setup.limits),
        setup.limits,
        StdoutMode::PassThrough,
    );
    sandbox.session().begin(
        &request,
        RunFiles {
            stdin: program_stdin,
            stdout: program_stdout,
            stderr: stderr.try_clone().map_err(InteractError::Pipes)?.into(),
        },
    )?;
    let to_program = File::from(to_program);
    sandbox::set_pipe_capacity(&to_program, 1 << 16);
    Ok(Started {
        sandbox,
        stderr,
        to_program,
        from_program: File::from(from_program),
    })
}

/// Plays game `game` of the setup's seed to its end: what was said, how it ended, and the
/// run's facts.
pub fn play_game(
    setup: &GameSetup,
    scratch: &Scratch,
    game: u64,
) -> Result<GameRecord, InteractError> {
    let Started {
        mut sandbox,
        stderr,
        mut to_program,
        from_program,
    } = start(setup, scratch, game)?;
    let session = sandbox.session();
    let mut reader = LineReader {
        pipe: from_program,
        buffer: Vec::new(),
    };
    // The sandbox may let a run that waited for a CPU go on up to its hard wall limit.
    let deadline = sandbox::hard_wall_limit(setup.limits.wall_time) + DEADLINE_MARGIN;
    let (game_over, guard) = watchdog(session.id(), deadline);
    let mut rules = setup.problem.new_game(TestRng::for_game(setup.seed, game));
    let mut line = rules.opening();
    let mut transcript: Vec<TranscriptLine> = Vec::new();
    let mut final_line = None;
    let mut first_reply: Option<Instant> = None;
    let mut outgoing = Vec::with_capacity(16);
    let ending = loop {
        // One write per line. A write that fails means the program has gone; its reply (or
        // the lack of one) read below says how.
        outgoing.clear();
        outgoing.extend_from_slice(line.as_bytes());
        outgoing.push(b'\n');
        let _ = to_program.write_all(&outgoing);
        let round = transcript.len() + 1;
        match reader.read_line() {
            ReadLine::Line(reply) => {
                first_reply.get_or_insert_with(Instant::now);
                transcript.push(TranscriptLine {
                    sent: line.clone(),
                    reply: Some(reply.clone()),
                });
                match rules.reply(&reply) {
                    Ok(Step::Continue(next)) => line = next,
                    Ok(Step::Over(last)) => {
                        let _ = to_program.write_all(format!("{last}\n").as_bytes());
                        final_line = Some(last.clone());
                        break Ending::Over(last);
                    }
                    Err(violation) => break Ending::Violation(violation.to_string()),
                }
            }
            ReadLine::TooLong => {
                transcript.push(TranscriptLine {
                    sent: line.clone(),
                    reply: None,
                });
                break Ending::Violation(format!(
                    "round {round}: the reply is longer than {MAX_REPLY_BYTES} bytes"
                ));
            }
            ReadLine::Closed => {
                transcript.push(TranscriptLine {
                    sent: line.clone(),
                    reply: None,
                });
                break Ending::Silent(format!(
                    "round {round}: the program's output ended before the game was over"
                ));
            }
        }
    };
    let interaction_us = first_reply.map_or(0, |t| t.elapsed().as_micros() as u64);
    // A program that broke the protocol is stopped at once; otherwise it must end by itself
    // (within its limits) now that its input is closed.
    if matches!(ending, Ending::Violation(_)) {
        session.request_stop();
    }
    drop(to_program);
    drop(game_over);
    let watchdog_fired = guard.join().unwrap_or(false);
    let facts = session.wait().map_err(|e| {
        if watchdog_fired {
            InteractError::Watchdog(e)
        } else {
            InteractError::Sandbox(e)
        }
    })?;
    drop(reader);
    Ok(GameRecord {
        ending,
        transcript,
        final_line,
        score: rules.score(),
        moves: rules.moves(),
        interaction_us,
        stderr_says: stderr_says(setup.solution, &facts, &stderr, setup.limits.stderr_bytes),
        facts,
        stderr_head: stderr_excerpt(&stderr),
    })
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
            let (read_end, write_end) = judge_sandbox::pipe().unwrap();
            std::fs::File::from(write_end)
                .write_all(written.as_bytes())
                .unwrap();
            let mut reader = LineReader {
                pipe: File::from(read_end),
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
}
