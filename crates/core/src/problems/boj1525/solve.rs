//! The reference solver: a table of distances to the goal, filled once by a breadth-first search
//! from the goal over the 181440 reachable tables and indexed by permutation rank. A
//! table is reachable exactly when the tiles 1..8, read row by row, form an even permutation.

use std::sync::OnceLock;

use super::state::{for_each_neighbour, parse, rank, solvable, State, FACTORIALS, GOAL};
use crate::problems::InvalidInput;

/// Distance marker of tables that cannot reach the goal.
pub(super) const UNREACHABLE: u8 = u8::MAX;

/// The largest distance to the goal over all reachable tables.
pub(super) const MAX_DISTANCE: u8 = 31;

pub(super) struct Tables {
    /// Distance to the goal by rank, `UNREACHABLE` for the other half.
    pub(super) distance: Vec<u8>,
    /// Ranks of the reachable tables at each distance 0..=31, in breadth-first order.
    pub(super) by_distance: Vec<Vec<u32>>,
}

/// The distance table, computed on first use.
pub(super) fn tables() -> &'static Tables {
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
pub(super) fn distance(state: &State) -> Option<u8> {
    if !solvable(state) {
        return None;
    }
    let d = tables().distance[rank(state)];
    debug_assert_ne!(d, UNREACHABLE, "an even table must be reachable");
    Some(d)
}

/// The exact expected output: the least number of slides to the goal, or -1.
pub(super) fn expected_output(input: &str) -> Result<String, InvalidInput> {
    let state = parse(input)?;
    Ok(match distance(&state) {
        Some(d) => format!("{d}\n"),
        None => "-1\n".to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::boj1525::state::{format_state, unrank};
    use crate::problems::boj1525::test_support::{gen, gen_at};
    use crate::problems::boj1525::Boj1525;
    use crate::problems::{sample_files, Problem};
    use std::collections::{HashMap, VecDeque};

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
        let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("problems/boj1525/samples");
        let entries = sample_files("boj1525");
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
}
