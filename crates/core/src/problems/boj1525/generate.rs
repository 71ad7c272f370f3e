//! The generator: nine scenarios, rotated by test index, from the goal itself through random
//! walks and uniform tables at a chosen distance to tables that cannot reach the goal.

use super::solve::{tables, MAX_DISTANCE};
use super::state::{format_state, neighbours, relabel, unrank, State, GOAL};
use crate::problems::GenRequest;
use crate::rng::TestRng;

/// Number of generator scenarios; any `K` consecutive indices cover all of them.
pub(super) const K: u64 = 9;

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

/// A generated input. Scenarios by index: 0 the goal, 1-3 random walks (short, medium, a long shuffle),
/// 4 uniform reachable table, 5 the farthest tables (distance 31), 6 hard (20..31),
/// 7 uniform unreachable, 8 unreachable near the goal (two tiles swapped, then slides).
/// `size_percent` caps the distance (31 at 100) and the walk lengths.
pub(super) fn input(rng: &mut TestRng, request: GenRequest) -> String {
    format_state(&scenario_state(rng, request.index % K, request))
}

/// Number of hard scenarios (see [`hard_input`]).
pub(super) const HARD_SCENARIOS: u64 = 2;

/// An input of the hard set: only the tables that cost a search from the input the most,
/// alternately the farthest (scenario 5: distance 31 at full size) and uniform unreachable
/// ones (scenario 7: the whole reachable half explored). The default tests hold both too
/// (the statement's second sample cannot reach the goal); here every test is one.
pub(super) fn hard_input(rng: &mut TestRng, request: GenRequest) -> String {
    let scenario = [5, 7][(request.index % HARD_SCENARIOS) as usize];
    format_state(&scenario_state(rng, scenario, request))
}

/// The table of default scenario `scenario` (see [`input`]).
fn scenario_state(rng: &mut TestRng, scenario: u64, request: GenRequest) -> State {
    let max_d = request.scaled(1, u64::from(MAX_DISTANCE)) as u8;
    match scenario {
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::boj1525::state::{parse, solvable};
    use crate::problems::boj1525::test_support::{gen, gen_at, size};
    use crate::problems::boj1525::Boj1525;
    use crate::problems::{generate_hard_test, generated_digest, hard_digest, Problem};

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
    fn golden_generated_bytes() {
        assert_eq!(gen(1, 0), "1 2 3\n4 5 6\n7 8 0\n");
        assert_eq!(gen(1, 5), "8 6 7\n2 5 4\n3 0 1\n");
        assert_eq!(gen(1, 7), "3 7 6\n5 2 1\n4 8 0\n");
        let digest = generated_digest(&Boj1525, 1, 50);
        assert_eq!(
            digest,
            "7e4275e51805097b49327561b8e3fd848c4cc41ec1d1bc3f56a54c35e7753321"
        );
        assert_eq!(
            hard_digest(&Boj1525, 1, 30),
            "db08d594554e4bb3cc779574d57e5967d26f5b17a97b78e89319280bd6b0c31f"
        );
    }

    /// The hard set: valid tables, every one the farthest (31 moves) or unreachable at full
    /// size, both kinds in any two consecutive tests.
    #[test]
    fn the_hard_set_holds_only_the_farthest_and_unreachable_tables() {
        for seed in 1..=10 {
            let answers: Vec<String> = (0..2 * HARD_SCENARIOS)
                .map(|index| {
                    let input =
                        generate_hard_test(&Boj1525, seed, GenRequest::full(index)).unwrap();
                    Boj1525.validate(&input).unwrap();
                    Boj1525.solve(&input).unwrap()
                })
                .collect();
            assert!(
                answers.iter().all(|a| a == "31\n" || a == "-1\n"),
                "{answers:?}"
            );
            assert!(answers.iter().any(|a| a == "31\n"), "{answers:?}");
            assert!(answers.iter().any(|a| a == "-1\n"), "{answers:?}");
        }
        for percent in [1, 30] {
            let request = GenRequest {
                index: 3,
                size_percent: percent,
            };
            let input = generate_hard_test(&Boj1525, 4, request).unwrap();
            Boj1525.validate(&input).unwrap();
        }
    }
}
