//! The Kattis interactor of Baekjoon 28489 (`problems/boj28489/kattis/interactor.py`), run
//! through the real `judge` as the `[interactor]` (Kattis convention) of a problem folder made
//! here, must play the very games judge's built-in game side plays: for deterministic players
//! the same score and moves on the same `(seed, game)`, and for hostile players the same
//! verdicts, without ever hanging.

use crate::common;

use std::time::{Duration, Instant};

use crate::common::{grade, repo};
use serde_json::Value;

const INTERACTOR: &str = "problems/boj28489/kattis/interactor.py";
const SEED: u64 = 20261121;
/// The games of the problem folder's samples `1.in` ... `5.in`, in order: games 0 to 3 of
/// the default seed, and game 3 of seed 7.
const GAMES: [(u64, u64); 5] = [(SEED, 0), (SEED, 1), (SEED, 2), (SEED, 3), (7, 3)];
/// A minimum score no game reaches: every game then ends in WA with the interactor's message
/// (`score S moves M: below ...`), which is how its figures reach the JSON report (judge keeps
/// no message for AC).
const UNREACHABLE: &str = "1000000000";
/// Deterministic players: no clock, no randomness (`cell_off_by_one.py` reads the CPU clock
/// only past 9.5 s, and its games last well under a second).
const PLAYERS: [&str; 4] = [
    "solutions/boj28489/wrong_answer/fixed_order.py",
    "solutions/boj28489/wrong_answer/cell_off_by_one.py",
    "tests/programs/interactive/padded_words.py",
    "tests/programs/interactive/two_move_search.c",
];

/// A problem folder whose interactor is the Kattis one, with `flags` after its arguments, and
/// one sample per game of `GAMES`.
fn kattis_problem(flags: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("boj28489-kattis");
    std::fs::create_dir_all(problem.join("samples")).unwrap();
    // A problem's programs are files inside its folder.
    let interactor = problem.join("interactor.py");
    std::fs::copy(repo().join(INTERACTOR), &interactor).unwrap();
    let args: Vec<String> = flags.iter().map(|f| format!("{f:?}")).collect();
    std::fs::write(
        problem.join("problem.toml"),
        format!(
            "id = \"boj28489-kattis\"\n\
             title = \"2048 game, Kattis interactor\"\n\
             source = \"tests/e2e/interactor28489.rs\"\n\
             kind = \"interactive\"\n\
             [limits]\n\
             time_seconds = 5.0\n\
             memory_mib = 256\n\
             [interactor]\n\
             source = {:?}\n\
             convention = \"kattis\"\n\
             args = [{}]\n",
            interactor.to_string_lossy(),
            args.join(", ")
        ),
    )
    .unwrap();
    for (number, (seed, game)) in GAMES.iter().enumerate() {
        let base = problem.join("samples").join((number + 1).to_string());
        std::fs::write(base.with_extension("in"), format!("{seed} {game}\n")).unwrap();
        std::fs::write(base.with_extension("ans"), "").unwrap();
    }
    dir
}

fn problem_path(dir: &tempfile::TempDir) -> String {
    dir.path()
        .join("boj28489-kattis")
        .to_string_lossy()
        .into_owned()
}

/// `(score, moves)` from an interactor's message (`... score S moves M ...`).
fn figures(message: &str) -> Option<(u64, u64)> {
    let words: Vec<&str> = message
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == ':')
        .filter(|w| !w.is_empty())
        .collect();
    words.windows(4).find_map(|w| match w {
        ["score", score, "moves", moves] => Some((score.parse().ok()?, moves.parse().ok()?)),
        _ => None,
    })
}

/// The built-in game side's games of `solution`: one `games` entry per pair of `GAMES`.
fn built_in_games(solution: &str, extra: &[&str]) -> Vec<Value> {
    let mut games = Vec::new();
    for (seed, count_or_game) in [("20261121", ["--games", "4"]), ("7", ["--game", "3"])] {
        let mut args = vec!["--problem", "boj28489", "--seed", seed];
        args.extend_from_slice(&count_or_game);
        args.extend_from_slice(extra);
        let (_, json, text) = grade(solution, &args);
        let played = json["games"].as_array().unwrap_or_else(|| panic!("{text}"));
        games.extend(played.iter().cloned());
    }
    for (game, (seed, index)) in games.iter().zip(GAMES) {
        assert_eq!(
            (game["seed"].as_u64(), game["game"].as_u64()),
            (Some(seed), Some(index))
        );
    }
    assert_eq!(games.len(), GAMES.len());
    games
}

/// The tests of `solution` graded against the Kattis interactor.
fn interactor_tests(problem: &str, solution: &str, extra: &[&str]) -> (i32, Vec<Value>, String) {
    let mut args = vec!["--problem", problem];
    args.extend_from_slice(extra);
    let (code, json, text) = grade(solution, &args);
    let tests = json["tests"]
        .as_array()
        .unwrap_or_else(|| panic!("{text}"))
        .clone();
    (code, tests, text)
}

#[test]
fn the_interactors_random_stream_has_the_golden_values() {
    // The golden values of crates/core/src/rng.rs and crates/core/src/problems/boj28489/game.rs's unit tests.
    let output = std::process::Command::new("python3")
        .arg(repo().join(INTERACTOR))
        .arg("--check")
        .output()
        .expect("python3 runs");
    assert!(output.status.success(), "{}", common::show(&output));
}

#[test]
fn deterministic_players_play_the_same_games_as_on_the_built_in_game_side() {
    let _serial = serial();
    let scored = kattis_problem(&["min_score", UNREACHABLE]);
    let problem = problem_path(&scored);
    let mut long_games = 0;
    for player in PLAYERS {
        let built_in = built_in_games(player, &[]);
        let (_, tests, text) = interactor_tests(&problem, player, &["--all"]);
        assert_eq!(tests.len(), GAMES.len(), "{text}");
        for ((test, game), (seed, index)) in tests.iter().zip(&built_in).zip(GAMES) {
            assert_eq!(game["verdict"], "AC", "{player} {seed} {index}: {game}");
            // WA only for the unreachable minimum: the game itself ended by the rules.
            let message = test["message"].as_str().unwrap_or_default();
            assert!(
                test["verdict"] == "WA" && message.contains("below the minimum score"),
                "{player} {seed} {index}: {test}\n{text}"
            );
            let expected = (
                game["score"].as_u64().unwrap(),
                game["moves"].as_u64().unwrap(),
            );
            println!(
                "{player} seed {seed} game {index}: built-in score {} moves {}, Kattis interactor {message}",
                expected.0, expected.1
            );
            assert_eq!(
                figures(message),
                Some(expected),
                "{player} seed {seed} game {index}: {message} vs {game}"
            );
            if expected.1 >= 1000 {
                long_games += 1;
            }
        }
    }
    // Games long enough to use many ChaCha blocks (8 tiles each).
    assert!(
        long_games >= 3,
        "only {long_games} games of 1000 moves or more"
    );

    // Without the flag every game that ends by the rules is accepted.
    let plain = kattis_problem(&[]);
    let (code, tests, text) = interactor_tests(&problem_path(&plain), PLAYERS[0], &["--all"]);
    assert_eq!(code, 0, "{text}");
    assert!(tests.iter().all(|t| t["verdict"] == "AC"), "{text}");
}

/// Hostile players on the first game, and the verdict both game sides must give.
const HOSTILE: [(&str, &str); 7] = [
    ("tests/programs/interactive/bad_word.py", "WA"),
    ("tests/programs/interactive/long_line.py", "WA"),
    ("tests/programs/interactive/quits.py", "WA"),
    ("tests/programs/interactive/exits_early.py", "WA"),
    ("tests/programs/interactive/crashes.c", "RE"),
    ("tests/programs/interactive/never_flushes.c", "TLE"),
    ("tests/programs/interactive/spins_after_game.c", "TLE"),
];

#[test]
fn hostile_players_get_the_built_in_verdicts_and_the_interactor_never_hangs() {
    let _serial = serial();
    let dir = kattis_problem(&[]);
    let problem = problem_path(&dir);
    for (player, verdict) in HOSTILE {
        let built_in = &built_in_games(player, &["--time-limit", "1"])[0];
        let started = Instant::now();
        // The first sample is game 0 of the default seed; the grading stops at its failure.
        let (code, tests, text) = interactor_tests(&problem, player, &["--time-limit", "1"]);
        // The wall-clock limit is 3 s; the interactor is never what keeps a test waiting.
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{player}: {:?}\n{text}",
            started.elapsed()
        );
        assert_eq!(code, 1, "{text}");
        let test = &tests[0];
        assert_eq!(test["verdict"], verdict, "{player}: {test}\n{text}");
        assert_eq!(built_in["verdict"], verdict, "{player}: {built_in}");
        let message = test["message"].as_str().unwrap_or_default();
        println!("{player}: {verdict}, built-in {built_in}, Kattis interactor {message:?}");
        // The interactor says what the built-in game side says, and where the game stood.
        // (A reason from the run's facts, before the interactor's words, has times that differ
        // by a millisecond between two runs: figures are compared as words.)
        if let Some(said) = built_in["message"].as_str() {
            let words = |text: &str| -> String {
                text.chars()
                    .map(|c| if c.is_ascii_digit() { '#' } else { c })
                    .collect::<String>()
                    .split('#')
                    .filter(|part| !part.is_empty())
                    .collect::<Vec<_>>()
                    .join("#")
            };
            assert!(
                words(message).starts_with(&words(said)),
                "{player}: {message:?} vs {said:?}"
            );
        }
        // Where the interactor said something (a reason from the run's facts alone has no
        // game figures), it says where the game stood.
        if !message.is_empty() && (verdict == "WA" || message.contains("the interactor said")) {
            assert_eq!(
                figures(message),
                Some((
                    built_in["score"].as_u64().unwrap(),
                    built_in["moves"].as_u64().unwrap()
                )),
                "{player}: {message:?} vs {built_in}"
            );
        }
    }
}

/// The lock that serializes the tests of this file that must not overlap.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    crate::common::hold(&LOCK)
}
