//! The shrinker: simpler tables for a failing test, closer to the goal (or, for tables that
//! cannot reach it, closer to `1 2 3 / 4 5 6 / 8 7 0`).

use super::solve::distance;
use super::state::{format_state, neighbours, parse, relabel, solvable, State, GOAL};

/// The unreachable table closest to the goal that shrinking aims at: tiles 7 and 8 swapped.
const ODD_GOAL: State = [1, 2, 3, 4, 5, 6, 8, 7, 0];

/// One step along a shortest path towards the goal (the first neighbour one closer).
fn step_closer(state: &State, measure: impl Fn(&State) -> u8) -> Option<State> {
    let d = measure(state);
    neighbours(state).into_iter().find(|n| measure(n) + 1 == d)
}

/// Simpler tables: reachable tables shrink towards the goal (smaller distance), unreachable
/// ones first to the goal, then towards `1 2 3 / 4 5 6 / 8 7 0` (smaller distance to it).
/// Order: every reachable table is smaller than every unreachable one.
pub(super) fn candidates(input: &str) -> Vec<String> {
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

#[cfg(test)]
mod tests {
    use crate::problems::boj1525::generate::K;
    use crate::problems::boj1525::state::parse;
    use crate::problems::boj1525::test_support::{gen, size};
    use crate::problems::boj1525::Boj1525;
    use crate::problems::Problem;

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
