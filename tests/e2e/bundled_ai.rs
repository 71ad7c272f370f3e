//! End-to-end: the bundled 2048 AIs (`solutions/boj28489/accepted/expectimax.cpp` and `.rs`)
//! bound their search by counts of nodes, never by a clock, so a seeded game is the same game
//! on a quiet machine and on a loaded one (issue 25, point 7). The test plays two games of the
//! accepted README's figures (default seed) with each AI, once as the machine is and once
//! beside two busy processes per core that it starts itself (and ends by pid), and compares
//! the transcripts byte for byte. The two files are one AI in two languages, so their
//! transcripts are equal too, and the games end where the README's table says.
//!
//! It loads the machine, so it is the only test of its binary (cargo runs test binaries one
//! after another, so it overlaps no other test). The two games are the shortest of the
//! README's 16 (about 1.3 s of CPU each here), which keeps the test to about 20 - 50 s.

use std::path::Path;

use crate::common::{judge, show, start_load};

/// The games played: the two shortest of the 16 default games in the accepted README's table,
/// with the score and the number of moves the table gives them (change both together).
const GAMES: [(&str, u64, u64); 2] = [("1", 8192, 7966), ("6", 8192, 8316)];

/// The two AIs.
const AIS: [&str; 2] = [
    "solutions/boj28489/accepted/expectimax.cpp",
    "solutions/boj28489/accepted/expectimax.rs",
];

/// Plays game `game` of the default seed with `ai` and returns its transcript.
fn transcript(ai: &str, game: &str, dir: &Path) -> String {
    let folder = dir.join(format!(
        "{}-{game}",
        Path::new(ai).extension().unwrap().to_string_lossy()
    ));
    let output = judge(&[
        "test",
        ai,
        "--game",
        game,
        "--transcripts",
        &folder.to_string_lossy(),
    ]);
    // 0: accepted, 1: played but not accepted (a game below 2048); a transcript either way.
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{ai} game {game}: {}",
        show(&output)
    );
    let files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{ai} game {game}: {files:?}");
    std::fs::read_to_string(&files[0]).unwrap()
}

/// The transcripts of every game of `GAMES` with every AI of `AIS`, in that order.
fn play_all(dir: &Path) -> Vec<String> {
    AIS.iter()
        .flat_map(|ai| {
            GAMES
                .iter()
                .map(move |(game, _, _)| transcript(ai, game, dir))
        })
        .collect()
}

/// Where two transcripts part: the first round that differs (else the header), both lines and
/// both headers (with the scores).
fn first_difference(first: &str, second: &str) -> String {
    let (one, other): (Vec<&str>, Vec<&str>) = (first.lines().collect(), second.lines().collect());
    let Some(index) = (1..one.len().max(other.len()))
        .chain([0])
        .find(|&i| one.get(i) != other.get(i))
    else {
        return "no difference".to_string();
    };
    let end = "(end)";
    format!(
        "line {}: {:?} against {:?} ({:?} against {:?})",
        index + 1,
        one.get(index).unwrap_or(&end),
        other.get(index).unwrap_or(&end),
        one.first().unwrap_or(&end),
        other.first().unwrap_or(&end)
    )
}

#[test]
fn the_bundled_ais_play_the_same_games_on_a_loaded_machine() {
    let dir = tempfile::tempdir().unwrap();
    let quiet = play_all(&dir.path().join("quiet"));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let loaded = {
        let _load = start_load(dir.path(), 2 * cores);
        play_all(&dir.path().join("loaded"))
    };
    for (index, (quiet, loaded)) in quiet.iter().zip(&loaded).enumerate() {
        let (ai, (game, _, _)) = (AIS[index / GAMES.len()], GAMES[index % GAMES.len()]);
        assert!(
            quiet == loaded,
            "{ai} game {game} is another game under load: {}",
            first_difference(quiet, loaded)
        );
    }
    // One AI in two languages: the same moves.
    let (cpp, rust) = quiet.split_at(GAMES.len());
    for ((cpp, rust), (game, _, _)) in cpp.iter().zip(rust).zip(GAMES) {
        assert!(
            cpp == rust,
            "game {game}: the C++ and the Rust AI play differently: {}",
            first_difference(cpp, rust)
        );
    }
    // The README's figures.
    for (text, (game, score, moves)) in cpp.iter().zip(GAMES) {
        let header = text.lines().next().unwrap_or("");
        assert!(
            header.contains(&format!(" game {game} score {score} verdict AC")),
            "{header}"
        );
        // One round per move, and the last, which changed nothing and ended the game.
        let rounds = text.lines().skip(1).filter(|l| l.contains(' ')).count();
        assert_eq!(rounds as u64, moves + 1, "game {game}: {header}");
    }
}
