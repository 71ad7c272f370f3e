//! The shrinker: smaller inputs for a failing test, with fewer cases or, with as many cases,
//! fewer empty cells.

use super::board::{parse, render, CELLS};

/// Most aggressive first: each case alone, then the input less one case, then each empty
/// cell filled in turn. Every candidate has fewer cases or, with as many cases, fewer
/// empty cells.
pub(super) fn candidates(input: &str) -> Vec<String> {
    let Ok(boards) = parse(input) else {
        return Vec::new();
    };
    let mut candidates = Vec::new();
    if boards.len() > 1 {
        for &board in &boards {
            candidates.push(render(&[board]));
        }
        if boards.len() > 2 {
            for skip in 0..boards.len() {
                let rest: Vec<u32> = boards
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != skip)
                    .map(|(_, &b)| b)
                    .collect();
                candidates.push(render(&rest));
            }
        }
    }
    for case in 0..boards.len() {
        for cell in 0..CELLS {
            if boards[case] & 1 << cell == 0 {
                let mut changed = boards.clone();
                changed[case] |= 1 << cell;
                candidates.push(render(&changed));
            }
        }
    }
    candidates
}

#[cfg(test)]
mod tests {
    use crate::problems::blockgame::test_support::{boards_of, empty_cells, P};
    use crate::problems::{generate_test, GenRequest, Problem};

    fn size(input: &str) -> (usize, usize) {
        let boards = boards_of(input);
        (boards.len(), boards.iter().map(|b| empty_cells(b)).sum())
    }

    #[test]
    fn shrink_candidates_are_smaller_and_mostly_valid() {
        for index in 0..12 {
            let input = generate_test(
                &P,
                3,
                GenRequest {
                    index,
                    size_percent: 8,
                },
            );
            let (cases, empty) = size(&input);
            let candidates = P.shrink(&input);
            assert!(!candidates.is_empty() || (cases == 1 && empty == 0));
            for candidate in &candidates {
                P.validate(candidate).unwrap();
                let (c, e) = size(candidate);
                assert!(c < cases || (c == cases && e < empty), "{candidate}");
            }
        }
        // A single case shrinks only by filling cells.
        let one = "1\n.....\n#####\n#####\n#####\n#####\n";
        let candidates = P.shrink(one);
        assert_eq!(candidates.len(), 5);
        assert!(candidates.contains(&"1\n#....\n#####\n#####\n#####\n#####\n".to_string()));
        // Fewer cases come first.
        let two = generate_test(
            &P,
            3,
            GenRequest {
                index: 2,
                size_percent: 4,
            },
        );
        assert!(P.shrink(&two)[0].starts_with("1\n"));
    }

    #[test]
    fn shrink_loop_terminates() {
        // Greedy: keep the first candidate that still answers WINNING somewhere.
        let mut input = "3\n.....\n.##..\n##..#\n#.###\n..#..\n.....\n.....\n.....\n.....\n.....\n#..##\n##.##\n##.##\n#...#\n##.##\n".to_string();
        let failing = |text: &str| P.solve(text).unwrap().contains("WINNING");
        let mut steps = 0;
        while let Some(next) = P
            .shrink(&input)
            .into_iter()
            .find(|c| P.validate(c).is_ok() && failing(c))
        {
            input = next;
            steps += 1;
            assert!(steps < 200);
        }
        assert_eq!(size(&input).0, 1);
        assert!(steps > 3);
        // Minimal: no candidate is still winning.
        assert!(P.shrink(&input).iter().all(|c| !failing(c)), "{input}");
    }
}
