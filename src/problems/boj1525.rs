//! Baekjoon 1525 "Puzzle": the least number of slides that turn a 3 x 3 table of 0..8 (0 is the
//! empty cell) into `1 2 3 / 4 5 6 / 7 8 0`, or -1 when it cannot be done.
//!
//! The reference answers from a table of distances to the goal, filled once by a breadth-first
//! search from the goal over the 181440 reachable tables and indexed by permutation rank. A
//! table is reachable exactly when the tiles 1..8, read row by row, form an even permutation.

use std::sync::OnceLock;

use super::{check_strict_format, GenRequest, InvalidInput, Problem, Tokens};
use crate::rng::TestRng;

pub struct Boj1525;

/// A table, row by row; 0 is the empty cell.
type State = [u8; 9];

const GOAL: State = [1, 2, 3, 4, 5, 6, 7, 8, 0];

/// Distance marker of tables that cannot reach the goal.
const UNREACHABLE: u8 = u8::MAX;

/// The largest distance to the goal over all reachable tables.
const MAX_DISTANCE: u8 = 31;

/// Number of generator scenarios; any `K` consecutive indices cover all of them.
const K: u64 = 9;

const FACTORIALS: [usize; 9] = [40320, 5040, 720, 120, 24, 6, 2, 1, 1];

/// The lexicographic rank of a permutation of 0..8, in `0..9!`.
fn rank(state: &State) -> usize {
    let mut used = 0u32; // bit v: value v already seen
    let mut r = 0;
    for (i, &v) in state.iter().enumerate() {
        // Values smaller than v still unused are exactly those smaller than v after it.
        let smaller_unused = v as usize - (used & ((1 << v) - 1)).count_ones() as usize;
        r += smaller_unused * FACTORIALS[i];
        used |= 1 << v;
    }
    r
}

/// The permutation of lexicographic rank `r`.
fn unrank(mut r: usize) -> State {
    let mut left: Vec<u8> = (0..9).collect();
    let mut state = [0u8; 9];
    for (i, slot) in state.iter_mut().enumerate() {
        let pick = r / FACTORIALS[i];
        r %= FACTORIALS[i];
        *slot = left.remove(pick);
    }
    state
}

/// Whether the tiles 1..8 read row by row form an even permutation: exactly the tables that can
/// reach the goal (on a board of odd width a slide never changes this parity).
fn solvable(state: &State) -> bool {
    let tiles: Vec<u8> = state.iter().copied().filter(|&v| v != 0).collect();
    let mut inversions = 0;
    for i in 0..tiles.len() {
        for j in i + 1..tiles.len() {
            inversions += usize::from(tiles[i] > tiles[j]);
        }
    }
    inversions % 2 == 0
}

/// The tables one slide away.
fn neighbours(state: &State) -> Vec<State> {
    let mut out = Vec::with_capacity(4);
    for_each_neighbour(state, |next| out.push(next));
    out
}

/// Calls `visit` with every table one slide away (no allocation: used by the table's search).
fn for_each_neighbour(state: &State, mut visit: impl FnMut(State)) {
    let z = state
        .iter()
        .position(|&v| v == 0)
        .expect("a table has an empty cell");
    let (r, c) = (z / 3, z % 3);
    let mut slide = |from: usize| {
        let mut next = *state;
        next.swap(z, from);
        visit(next);
    };
    if r > 0 {
        slide(z - 3);
    }
    if r < 2 {
        slide(z + 3);
    }
    if c > 0 {
        slide(z - 1);
    }
    if c < 2 {
        slide(z + 1);
    }
}

struct Tables {
    /// Distance to the goal by rank, `UNREACHABLE` for the other half.
    distance: Vec<u8>,
    /// Ranks of the reachable tables at each distance 0..=31, in breadth-first order.
    by_distance: Vec<Vec<u32>>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut distance = vec![UNREACHABLE; FACTORIALS[0] * 9];
        let mut by_distance: Vec<Vec<u32>> = vec![vec![rank(&GOAL) as u32]];
        distance[rank(&GOAL)] = 0;
        let mut frontier = vec![GOAL];
        let mut d = 0u8;
        while !frontier.is_empty() {
            d += 1;
            let mut next_frontier = Vec::new();
            let mut ranks = Vec::new();
            for state in &frontier {
                for_each_neighbour(state, |next| {
                    let r = rank(&next);
                    if distance[r] == UNREACHABLE {
                        distance[r] = d;
                        ranks.push(r as u32);
                        next_frontier.push(next);
                    }
                });
            }
            if !ranks.is_empty() {
                by_distance.push(ranks);
            }
            frontier = next_frontier;
        }
        Tables {
            distance,
            by_distance,
        }
    })
}

/// Distance to the goal, `None` when the goal cannot be reached.
fn distance(state: &State) -> Option<u8> {
    if !solvable(state) {
        return None;
    }
    let d = tables().distance[rank(state)];
    debug_assert_ne!(d, UNREACHABLE, "an even table must be reachable");
    Some(d)
}

/// Swaps the labels 7 and 8. This maps unreachable tables onto reachable ones and the table
/// `1 2 3 / 4 5 6 / 8 7 0` onto the goal, preserving slides: so the distance of an unreachable
/// table to `1 2 3 / 4 5 6 / 8 7 0` is the goal distance of its relabelled table.
fn relabel(state: &State) -> State {
    state.map(|v| match v {
        7 => 8,
        8 => 7,
        other => other,
    })
}

/// The unreachable table closest to the goal that shrinking aims at: tiles 7 and 8 swapped.
const ODD_GOAL: State = [1, 2, 3, 4, 5, 6, 8, 7, 0];

/// Reads nine numbers leniently; they must be 0..8, each once.
fn parse(input: &str) -> Result<State, InvalidInput> {
    let mut tokens = Tokens::new(input);
    let mut state = [0u8; 9];
    let mut seen = [None; 9];
    for (i, slot) in state.iter_mut().enumerate() {
        let (r, c) = (i / 3 + 1, i % 3 + 1);
        let value: u32 = tokens.parse(&format!("the number at row {r}, column {c}"))?;
        if value > 8 {
            return Err(InvalidInput::new(format!(
                "row {r}, column {c}: numbers must be 0..8, found {value}"
            )));
        }
        if let Some((pr, pc)) = seen[value as usize] {
            return Err(InvalidInput::new(format!(
                "row {r}, column {c}: {value} already appears at row {pr}, column {pc}"
            )));
        }
        seen[value as usize] = Some((r, c));
        *slot = value as u8;
    }
    tokens.expect_end()?;
    Ok(state)
}

fn format_state(state: &State) -> String {
    let mut out = String::with_capacity(18);
    for (i, &v) in state.iter().enumerate() {
        out.push(char::from(b'0' + v));
        out.push(if i % 3 == 2 { '\n' } else { ' ' });
    }
    out
}

/// A random walk of `steps` slides from `start`, never undoing the previous slide.
fn random_walk(rng: &mut TestRng, start: State, steps: u64) -> State {
    let mut state = start;
    let mut previous: Option<State> = None;
    for _ in 0..steps {
        let options: Vec<State> = neighbours(&state)
            .into_iter()
            .filter(|n| Some(*n) != previous)
            .collect();
        previous = Some(state);
        state = *rng.pick(&options);
    }
    state
}

/// A uniformly random reachable table among those at distance at most `max_distance`.
fn uniform_up_to(rng: &mut TestRng, max_distance: u8) -> State {
    let buckets = &tables().by_distance[..=usize::from(max_distance)];
    let total: usize = buckets.iter().map(Vec::len).sum();
    let mut pick = rng.index(total);
    for bucket in buckets {
        if pick < bucket.len() {
            return unrank(bucket[pick] as usize);
        }
        pick -= bucket.len();
    }
    unreachable!("pick is below the total")
}

/// A uniformly random reachable table at exactly distance `d`.
fn uniform_at(rng: &mut TestRng, d: u8) -> State {
    let bucket = &tables().by_distance[usize::from(d)];
    unrank(*rng.pick(bucket) as usize)
}

/// One step along a shortest path towards the goal (the first neighbour one closer).
fn step_closer(state: &State, measure: impl Fn(&State) -> u8) -> Option<State> {
    let d = measure(state);
    neighbours(state).into_iter().find(|n| measure(n) + 1 == d)
}

impl Problem for Boj1525 {
    fn id(&self) -> &'static str {
        "boj1525"
    }

    /// Scenarios by index: 0 the goal, 1-3 random walks (short, medium, a long shuffle),
    /// 4 uniform reachable table, 5 the farthest tables (distance 31), 6 hard (20..31),
    /// 7 uniform unreachable, 8 unreachable near the goal (two tiles swapped, then slides).
    /// `size_percent` caps the distance (31 at 100) and the walk lengths.
    fn generate(&self, rng: &mut TestRng, request: GenRequest) -> String {
        let max_d = request.scaled(1, u64::from(MAX_DISTANCE)) as u8;
        let state = match request.index % K {
            0 => GOAL,
            1 => {
                let steps = rng.range_inclusive(1, request.scaled(1, 12));
                random_walk(rng, GOAL, steps)
            }
            2 => {
                let steps = rng.range_inclusive(request.scaled(1, 13), request.scaled(1, 60));
                random_walk(rng, GOAL, steps)
            }
            3 => {
                let steps = rng.range_inclusive(request.scaled(1, 100), request.scaled(1, 2000));
                random_walk(rng, GOAL, steps)
            }
            4 => uniform_up_to(rng, max_d),
            5 => uniform_at(rng, max_d),
            6 => {
                let low = if max_d >= 20 { 20 } else { 0 };
                let d = rng.range_inclusive(low, u64::from(max_d)) as u8;
                uniform_at(rng, d)
            }
            7 => relabel(&uniform_up_to(rng, max_d)),
            _ => {
                let mut state = GOAL;
                let tiles: Vec<usize> = (0..8).collect();
                let a = *rng.pick(&tiles);
                let b = loop {
                    let b = *rng.pick(&tiles);
                    if b != a {
                        break b;
                    }
                };
                state.swap(a, b);
                let steps = rng.range_inclusive(0, request.scaled(0, 12));
                random_walk(rng, state, steps)
            }
        };
        format_state(&state)
    }

    fn validate(&self, input: &str) -> Result<(), InvalidInput> {
        check_strict_format(input)?;
        let lines: Vec<&str> = input.split_terminator('\n').collect();
        if lines.len() != 3 {
            return Err(InvalidInput::new(format!(
                "expected 3 lines, found {}",
                lines.len()
            )));
        }
        for (r, line) in lines.iter().enumerate() {
            let cells: Vec<&str> = line.split(' ').collect();
            if cells.len() != 3 {
                return Err(InvalidInput::new(format!(
                    "line {}: expected 3 numbers, found {}",
                    r + 1,
                    cells.len()
                )));
            }
            for (c, cell) in cells.iter().enumerate() {
                let ok = cell.len() == 1 && (b'0'..=b'8').contains(&cell.as_bytes()[0]);
                if !ok {
                    return Err(InvalidInput::new(format!(
                        "line {}, column {}: expected a digit 0..8, found {cell:?}",
                        r + 1,
                        c + 1
                    )));
                }
            }
        }
        parse(input).map(|_| ())
    }

    fn solve(&self, input: &str) -> Result<String, InvalidInput> {
        let state = parse(input)?;
        Ok(match distance(&state) {
            Some(d) => format!("{d}\n"),
            None => "-1\n".to_string(),
        })
    }

    /// Simpler tables: reachable tables shrink towards the goal (smaller distance), unreachable
    /// ones first to the goal, then towards `1 2 3 / 4 5 6 / 8 7 0` (smaller distance to it).
    /// Order: every reachable table is smaller than every unreachable one.
    fn shrink(&self, input: &str) -> Vec<String> {
        let Ok(state) = parse(input) else {
            return Vec::new();
        };
        let mut out: Vec<State> = Vec::new();
        if state != GOAL {
            out.push(GOAL);
        }
        let (start, target, measure): (State, State, fn(&State) -> u8) = if solvable(&state) {
            (state, GOAL, |s| distance(s).expect("reachable"))
        } else {
            (state, ODD_GOAL, |s| {
                distance(&relabel(s)).expect("relabelled is reachable")
            })
        };
        if start != target && target != GOAL {
            out.push(target);
        }
        // Tables along one shortest path, from the closest to the farthest.
        let d = measure(&start);
        let mut path = vec![start];
        while let Some(next) = step_closer(path.last().expect("non-empty"), measure) {
            path.push(next);
        }
        for fraction in [4, 2] {
            let keep = usize::from(d) / fraction;
            if keep > 0 && keep < usize::from(d) {
                // path[i] is at distance d - i.
                out.push(path[usize::from(d) - keep]);
            }
        }
        for n in neighbours(&start) {
            if measure(&n) < d && !out.contains(&n) {
                out.push(n);
            }
        }
        out.iter().map(format_state).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::generate_test;
    use std::collections::{HashMap, VecDeque};

    fn gen(seed: u64, index: u64) -> String {
        generate_test(&Boj1525, seed, GenRequest::full(index))
    }

    fn gen_at(seed: u64, index: u64, size_percent: u32) -> String {
        generate_test(
            &Boj1525,
            seed,
            GenRequest {
                index,
                size_percent,
            },
        )
    }

    /// Brute force moves on a string "123456780": the empty cell trades places with a
    /// character above, below, left or right of it.
    fn moves(s: &str) -> Vec<String> {
        let z = s.find('0').unwrap() as i32;
        let mut out = Vec::new();
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (r, c) = (z / 3 + dr, z % 3 + dc);
            if (0..3).contains(&r) && (0..3).contains(&c) {
                let mut bytes = s.as_bytes().to_vec();
                bytes.swap(z as usize, (r * 3 + c) as usize);
                out.push(String::from_utf8(bytes).unwrap());
            }
        }
        out
    }

    fn as_string(input: &str) -> String {
        input.split_whitespace().collect()
    }

    /// Brute force: plain BFS from the input with a HashMap, stopping at the goal; gives up
    /// (None) after `budget` tables.
    fn brute_from_input(input: &str, budget: usize) -> Option<String> {
        let start = as_string(input);
        let mut seen: HashMap<String, i32> = HashMap::new();
        let mut queue = VecDeque::new();
        seen.insert(start.clone(), 0);
        queue.push_back(start);
        while let Some(s) = queue.pop_front() {
            let d = seen[&s];
            if s == "123456780" {
                return Some(format!("{d}\n"));
            }
            if seen.len() > budget {
                return None;
            }
            for n in moves(&s) {
                if !seen.contains_key(&n) {
                    seen.insert(n.clone(), d + 1);
                    queue.push_back(n);
                }
            }
        }
        Some("-1\n".to_string())
    }

    /// Brute force over everything: BFS from the goal with a HashMap (moves are reversible, so
    /// this is every table's distance); tables it never meets cannot reach the goal.
    fn brute_all() -> &'static HashMap<String, i32> {
        static ALL: OnceLock<HashMap<String, i32>> = OnceLock::new();
        ALL.get_or_init(|| {
            let mut seen = HashMap::new();
            let mut queue = VecDeque::new();
            seen.insert("123456780".to_string(), 0);
            queue.push_back("123456780".to_string());
            while let Some(s) = queue.pop_front() {
                let d = seen[&s];
                for n in moves(&s) {
                    if !seen.contains_key(&n) {
                        seen.insert(n.clone(), d + 1);
                        queue.push_back(n);
                    }
                }
            }
            seen
        })
    }

    fn brute(input: &str) -> String {
        match brute_all().get(&as_string(input)) {
            Some(d) => format!("{d}\n"),
            None => "-1\n".to_string(),
        }
    }

    #[test]
    fn rank_and_unrank_are_inverse() {
        for r in (0..362880).step_by(997) {
            assert_eq!(rank(&unrank(r)), r);
        }
        assert_eq!(rank(&[0, 1, 2, 3, 4, 5, 6, 7, 8]), 0);
        assert_eq!(rank(&[8, 7, 6, 5, 4, 3, 2, 1, 0]), 362879);
    }

    #[test]
    fn table_matches_brute_force_everywhere() {
        let all = brute_all();
        assert_eq!(all.len(), 181440);
        assert_eq!(all.values().max(), Some(&31));
        let t = tables();
        assert_eq!(t.by_distance.len(), 32);
        assert_eq!(t.by_distance.iter().map(Vec::len).sum::<usize>(), 181440);
        // Every rank in release builds; a spread-out seventh of them in debug builds.
        let step = if cfg!(debug_assertions) { 7 } else { 1 };
        for (r, &d) in t.distance.iter().enumerate().step_by(step) {
            let state = unrank(r);
            let key: String = state.iter().map(|v| char::from(b'0' + v)).collect();
            match all.get(&key) {
                Some(&bd) => {
                    assert_eq!(i32::from(d), bd, "{key}");
                    assert!(solvable(&state), "{key}");
                }
                None => {
                    assert_eq!(d, UNREACHABLE, "{key}");
                    assert!(!solvable(&state), "{key}");
                }
            }
        }
    }

    #[test]
    fn hand_cases_follow_the_rules() {
        let p = Boj1525;
        assert_eq!(p.solve("1 2 3\n4 5 6\n7 8 0\n").unwrap(), "0\n");
        assert_eq!(p.solve("1 2 3\n4 5 6\n7 0 8\n").unwrap(), "1\n");
        assert_eq!(p.solve("1 2 3\n4 5 6\n8 7 0\n").unwrap(), "-1\n");
        assert_eq!(p.solve("1 0 3\n4 2 5\n7 8 6\n").unwrap(), "3\n");
        // The two farthest tables.
        let far: Vec<String> = tables().by_distance[31]
            .iter()
            .map(|&r| format_state(&unrank(r as usize)))
            .collect();
        assert_eq!(far.len(), 2);
        for f in &far {
            assert_eq!(p.solve(f).unwrap(), "31\n");
        }
        assert!(
            far.contains(&"8 6 7\n2 5 4\n3 0 1\n".to_string()),
            "{far:?}"
        );
    }

    #[test]
    fn samples_in_problem_folder_pass() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("problems/boj1525/samples");
        let entries = super::super::sample_files("boj1525");
        for (path, input, expected) in &entries {
            Boj1525
                .validate(input)
                .unwrap_or_else(|e| panic!("{path:?}: {e}"));
            assert_eq!(&Boj1525.solve(input).unwrap(), expected, "{path:?}");
            assert_eq!(&brute(input), expected, "{path:?}");
        }
        assert!(
            entries.len() >= 5,
            "official samples and edge cases expected"
        );
        let official = std::fs::read_to_string(dir.join("official-2.in")).unwrap();
        assert_eq!(Boj1525.solve(&official).unwrap(), "-1\n");
    }

    #[test]
    fn brute_force_agrees_with_solve() {
        let mut checked = 0;
        for seed in 1..=20 {
            for index in 0..27 {
                let input = gen(seed, index);
                let expected = Boj1525.solve(&input).unwrap();
                assert_eq!(
                    brute(&input),
                    expected,
                    "seed {seed} index {index}\n{input}"
                );
                checked += 1;
            }
            // Small sizes: also a BFS from the input itself.
            for index in 0..9 {
                let input = gen_at(seed, index, 30);
                let expected = Boj1525.solve(&input).unwrap();
                let d: i32 = expected.trim().parse().unwrap();
                if (0..=14).contains(&d) {
                    let own = brute_from_input(&input, 100_000).expect("small distance");
                    assert_eq!(own, expected, "seed {seed} index {index}\n{input}");
                }
            }
        }
        assert!(checked >= 500);
    }

    #[test]
    fn generated_inputs_are_valid() {
        for percent in [1, 10, 50, 100] {
            for seed in 1..=25 {
                for index in 0..45 {
                    let input = gen_at(seed, index, percent);
                    Boj1525
                        .validate(&input)
                        .unwrap_or_else(|e| panic!("{percent}% seed {seed} index {index}: {e}"));
                    if percent == 1 && index % K != 8 {
                        // The smallest size stays near the goal (or near 1 2 3 / 4 5 6 / 8 7 0).
                        let (_, d) = size(&parse(&input).unwrap());
                        assert!(d <= 20, "{input}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_scenario_occurs_in_default_indices() {
        for seed in 1..=30 {
            let answers: Vec<String> = (0..K)
                .map(|i| Boj1525.solve(&gen(seed, i)).unwrap())
                .collect();
            for needed in ["0\n", "31\n", "-1\n"] {
                assert!(
                    answers.iter().any(|a| a == needed),
                    "seed {seed}: {needed:?} missing in {answers:?}"
                );
            }
            // Medium and long answers appear too.
            let values: Vec<i32> = answers.iter().map(|a| a.trim().parse().unwrap()).collect();
            assert!(values.iter().any(|&v| (1..=12).contains(&v)), "{values:?}");
            assert!(values.iter().any(|&v| (20..31).contains(&v)), "{values:?}");
        }
        // Unreachable tables come both far from and near to 1 2 3 / 4 5 6 / 8 7 0.
        let near = (0..20)
            .map(|seed| parse(&gen(seed, 8)).unwrap())
            .filter(|s| !solvable(s))
            .count();
        assert_eq!(near, 20);
    }

    #[test]
    fn validate_rejects_bad_inputs() {
        let p = Boj1525;
        assert!(p.validate("1 2 3\n4 5 6\n7 8 0\n").is_ok());
        for bad in [
            "1 2 3\n4 5 6\n7 8 0",      // no final newline
            "1 2 3\n4 5 6\n7 8  0\n",   // two spaces
            "1 2 3\n4 5 6 \n7 8 0\n",   // trailing space
            "1 2 3\n4 5 6\n",           // two lines
            "1 2 3 4\n5 6\n7 8 0\n",    // wrong line lengths
            "1 2 3\n4 5 6\n7 8 9\n",    // 9 out of range
            "1 2 3\n4 5 6\n7 8 8\n",    // duplicate
            "1 2 3\n4 5 6\n7 8 00\n",   // not a digit
            "1 2 3\n4 5 6\n7 8 -0\n",   // not a digit
            "1 2 3\n4 5 6\n7 8 0\n1\n", // extra line
        ] {
            assert!(p.validate(bad).is_err(), "accepted {bad:?}");
        }
        let err = p.validate("1 2 3\n4 5 6\n7 1 0\n").unwrap_err();
        assert!(err.message.contains("already appears"), "{err}");
    }

    #[test]
    fn golden_generated_bytes() {
        assert_eq!(gen(1, 0), "1 2 3\n4 5 6\n7 8 0\n");
        assert_eq!(gen(1, 5), "8 6 7\n2 5 4\n3 0 1\n");
        assert_eq!(gen(1, 7), "3 7 6\n5 2 1\n4 8 0\n");
        let digest = super::super::generated_digest(&Boj1525, 1, 50);
        assert_eq!(
            digest,
            "7e4275e51805097b49327561b8e3fd848c4cc41ec1d1bc3f56a54c35e7753321"
        );
    }

    /// The order shrinking must decrease: reachable before unreachable, then the distance.
    fn size(s: &State) -> (bool, u8) {
        match distance(s) {
            Some(d) => (false, d),
            None => (true, distance(&relabel(s)).unwrap()),
        }
    }

    #[test]
    fn shrink_candidates_are_smaller_and_loop_ends() {
        let p = Boj1525;
        for seed in 1..=5 {
            for index in 0..K {
                let input = gen(seed, index);
                let s = parse(&input).unwrap();
                for c in p.shrink(&input) {
                    assert!(p.validate(&c).is_ok(), "{c}");
                    assert!(size(&parse(&c).unwrap()) < size(&s), "{input} -> {c}");
                }
            }
        }
        // Greedy loops: keep "answer is at least 10", and "unreachable".
        let farthest = gen(1, 5);
        let mut current = farthest.clone();
        let mut steps = 0;
        'outer: loop {
            steps += 1;
            assert!(steps < 100);
            for c in p.shrink(&current) {
                if p.solve(&c).unwrap().trim().parse::<i32>().unwrap() >= 10 {
                    current = c;
                    continue 'outer;
                }
            }
            break;
        }
        assert_eq!(p.solve(&current).unwrap(), "10\n");
        let mut current = gen(1, 7);
        'outer2: loop {
            for c in p.shrink(&current) {
                if p.solve(&c).unwrap() == "-1\n" {
                    current = c;
                    continue 'outer2;
                }
            }
            break;
        }
        assert_eq!(current, "1 2 3\n4 5 6\n8 7 0\n");
    }
}
