//! End-to-end: the interactor of Baekjoon 28489 against small programs, through the real
//! `judge` binary: the official sample, the end of a game, each protocol violation, a program
//! that never flushes, one that exits early, and reproducibility across `--jobs`.

use crate::common::{grade, judge};

fn games(solution: &str, extra: &[&str]) -> (i32, serde_json::Value, String) {
    let mut args = vec!["--problem", "boj28489"];
    args.extend_from_slice(extra);
    grade(solution, &args)
}

#[test]
fn the_official_sample_replays_under_the_rules() {
    let output = judge(&["replay", "problems/boj28489/samples/official-1.transcript"]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("4 moves, score 4"), "{text}");
    assert!(text.contains("DOWN changes nothing: game over"), "{text}");
}

#[test]
fn a_wrong_word_is_wa_with_the_reply_quoted_and_the_round_named() {
    let (code, json, text) = games("tests/programs/interactive/bad_word.py", &["--games", "1"]);
    assert_eq!(code, 1);
    assert_eq!(json["verdict"], "WA", "{text}");
    let game = &json["games"][0];
    assert_eq!(game["verdict"], "WA");
    assert_eq!(
        game["message"], "round 1: reply \"up\" is not UP, DOWN, LEFT or RIGHT",
        "{text}"
    );
    // The violation stopped the program at once, not at the 31 s wall-clock limit.
    assert!(game["wall_ms"].as_u64().unwrap() < 10_000, "{game}");
}

#[test]
fn exiting_before_the_game_is_over_is_wa() {
    let (_, json, text) = games(
        "tests/programs/interactive/exits_early.py",
        &["--games", "1"],
    );
    let game = &json["games"][0];
    assert_eq!(game["verdict"], "WA", "{text}");
    assert_eq!(game["moves"], 3, "{text}");
    assert!(
        game["message"].as_str().unwrap().contains("round 4"),
        "{text}"
    );
}

#[test]
fn a_crash_is_re_not_wa() {
    let (_, json, text) = games("tests/programs/interactive/crashes.c", &["--games", "1"]);
    let game = &json["games"][0];
    assert_eq!(game["verdict"], "RE", "{text}");
    assert_eq!(game["verdict_detail"], "RE (SIGSEGV)", "{text}");
}

#[test]
fn a_program_that_never_flushes_gets_tle_from_the_wall_clock() {
    let (_, json, text) = games(
        "tests/programs/interactive/never_flushes.c",
        &["--games", "1", "--time-limit", "1"],
    );
    let game = &json["games"][0];
    assert_eq!(game["verdict"], "TLE", "{text}");
    assert!(
        game["cpu_ms"].as_u64().unwrap() < 1000,
        "it waits, it does not compute: {game}"
    );
}

#[test]
fn a_program_must_end_after_the_game_is_over() {
    let (_, json, text) = games(
        "tests/programs/interactive/spins_after_game.c",
        &["--games", "1", "--time-limit", "1"],
    );
    let game = &json["games"][0];
    assert_eq!(game["verdict"], "TLE", "{text}");
    assert!(game["moves"].as_u64().unwrap() >= 1, "{text}");
}

#[test]
fn padded_words_are_accepted_and_a_low_mean_is_wa() {
    let dir = tempfile::tempdir().unwrap();
    let transcripts = dir.path().to_string_lossy().into_owned();
    let (code, json, text) = games(
        "tests/programs/interactive/padded_words.py",
        &["--games", "3", "--transcripts", &transcripts],
    );
    assert_eq!(code, 1);
    assert_eq!(json["verdict"], "WA", "{text}");
    for game in json["games"].as_array().unwrap() {
        assert_eq!(game["verdict"], "AC", "{text}");
        assert!(game["score"].as_u64().unwrap() >= 8, "{game}");
    }
    assert!(json["score_mean"].as_f64().unwrap() < 2048.0);
    // Every transcript replays under the rules to the reported score.
    for game in json["games"].as_array().unwrap() {
        let file = dir
            .path()
            .join(format!("game-{:02}.txt", game["game"].as_u64().unwrap()));
        let output = judge(&["replay", "--quiet", &file.to_string_lossy()]);
        let replay = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{replay}");
        assert!(
            replay.contains(&format!("score {}", game["score"])),
            "{replay} vs {game}"
        );
    }
}

#[test]
fn games_are_the_same_whatever_the_number_of_jobs() {
    let run = |jobs: &str| -> Vec<(u64, u64, u64)> {
        let (_, json, text) = games("bench/responder.c", &["--games", "6", "--jobs", jobs]);
        let mut games: Vec<(u64, u64, u64)> = json["games"]
            .as_array()
            .unwrap_or_else(|| panic!("{text}"))
            .iter()
            .map(|g| {
                (
                    g["game"].as_u64().unwrap(),
                    g["score"].as_u64().unwrap(),
                    g["moves"].as_u64().unwrap(),
                )
            })
            .collect();
        games.sort();
        games
    };
    let one = run("1");
    assert_eq!(one.len(), 6);
    assert_eq!(one, run("2"));
    // A single game replays alone with the same result.
    let (_, json, _) = games("bench/responder.c", &["--game", "4"]);
    let alone = &json["games"][0];
    assert_eq!(
        (
            alone["score"].as_u64().unwrap(),
            alone["moves"].as_u64().unwrap()
        ),
        (one[4].1, one[4].2)
    );
}

#[test]
fn compare_pairs_games_by_seed_and_gives_a_confidence_interval() {
    let output = judge(&[
        "compare",
        "bench/responder.c",
        "tests/programs/interactive/padded_words.py",
        "--problem",
        "boj28489",
        "--games",
        "4",
    ]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{text}");
    // Both play the same board tiles, so they differ only by how they answer: the two
    // players here use the same policy, DOWN, LEFT, RIGHT, UP, the first that changes.
    assert!(text.contains("second - first: mean +0.0"), "{text}");
    assert!(text.contains("95% confidence interval"), "{text}");
    assert_eq!(
        text.lines()
            .filter(|l| l.starts_with(char::is_numeric))
            .count(),
        4,
        "{text}"
    );
}
