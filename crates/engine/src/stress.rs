//! Stress testing support: the size schedule of generated tests and the greedy shrinker that
//! reduces a failing input to a minimal one. Running the solution is the caller's business:
//! the shrinker only asks "does this candidate still fail the same way?".

use judge_core::problems::TestSet;

/// The size (percent of the largest input) of stress test `index`: small tests first, growing
/// to full size over the first `ramp` tests, so that the first failure found tends to be small.
pub fn size_for(index: u64, ramp: u64) -> u32 {
    let ramp = ramp.max(1);
    (1 + index * 99 / ramp).min(100) as u32
}

/// The generated test stress step `step` runs: with a hard set, even steps run default test
/// `step / 2` and odd steps test `step / 2` of the hard set (so the worst cases, left out of
/// the default tests, are stressed too); without one, default test `step`.
pub fn test_for(step: u64, has_hard_set: bool) -> (TestSet, u64) {
    if !has_hard_set {
        (TestSet::Default, step)
    } else if step % 2 == 0 {
        (TestSet::Default, step / 2)
    } else {
        (TestSet::Hard, step / 2)
    }
}

/// The result of shrinking.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Shrunk {
    pub input: String,
    /// Candidates that were run (each is one run of the solution).
    pub attempts: usize,
    /// Accepted steps from the original to the minimal input.
    pub steps: usize,
}

/// Greedily shrinks `failing`: tries the `candidates` of the current input in order, keeps
/// the first that `is_valid` and still fails (per `still_fails`), and starts again from it,
/// until no candidate fails or `max_attempts` runs of the solution have been spent. A
/// seen-set guards against cycles.
pub fn shrink(
    failing: &str,
    max_attempts: usize,
    candidates: impl Fn(&str) -> Vec<String>,
    mut is_valid: impl FnMut(&str) -> bool,
    mut still_fails: impl FnMut(&str) -> bool,
) -> Shrunk {
    let mut current = failing.to_string();
    let mut attempts = 0;
    let mut steps = 0;
    let mut seen = std::collections::HashSet::new();
    seen.insert(current.clone());
    'outer: loop {
        for candidate in candidates(&current) {
            if attempts >= max_attempts {
                break 'outer;
            }
            if !seen.insert(candidate.clone()) || !is_valid(&candidate) {
                continue;
            }
            attempts += 1;
            if still_fails(&candidate) {
                current = candidate;
                steps += 1;
                continue 'outer;
            }
        }
        break;
    }
    Shrunk {
        input: current,
        attempts,
        steps,
    }
}

/// Smaller inputs for a problem without a shrinker of its own: the input without a run of
/// lines (halves first, then quarters, ... down to single lines), then without a run of
/// tokens of one line, likewise. Inputs often start with a count of what follows (`n`, then
/// `n` numbers or `n` lines), which no removal alone keeps valid: where a token of the first
/// line equals the count of what is removed from, a second candidate lowers it too. Most
/// candidates are still not valid; the caller keeps those its validator accepts.
pub fn smaller_by_lines_and_tokens(input: &str) -> Vec<String> {
    let lines: Vec<Vec<&str>> = input
        .lines()
        .map(|line| line.split_whitespace().collect())
        .collect();
    let mut candidates = Vec::new();
    let mut add = |kept: Vec<Vec<String>>, old_count: usize, removed: usize| {
        let render = |lines: &[Vec<String>]| -> String {
            lines.iter().map(|tokens| tokens.join(" ") + "\n").collect()
        };
        candidates.push(render(&kept));
        // The same with a count on the first line lowered to match.
        let Some(first) = kept.first() else {
            return;
        };
        for (at, token) in first.iter().enumerate() {
            if token.parse::<usize>().ok() == Some(old_count) && removed <= old_count {
                let mut adjusted = kept.clone();
                adjusted[0][at] = (old_count - removed).to_string();
                candidates.push(render(&adjusted));
            }
        }
    };
    let owned = |lines: &[Vec<&str>]| -> Vec<Vec<String>> {
        lines
            .iter()
            .map(|tokens| tokens.iter().map(|t| t.to_string()).collect())
            .collect()
    };
    // Runs of lines after the first (which usually holds the counts).
    let body = lines.len().saturating_sub(1);
    for chunk in halving(body) {
        for start in (1..lines.len()).step_by(chunk) {
            let kept: Vec<Vec<&str>> = lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i < start || *i >= start + chunk)
                .map(|(_, tokens)| tokens.clone())
                .collect();
            let removed = lines.len() - kept.len();
            add(owned(&kept), body, removed);
        }
    }
    // The first line itself, last (it is the least likely to go).
    if lines.len() > 1 {
        add(owned(&lines[1..]), usize::MAX, 0);
    }
    // Runs of tokens of one line.
    for (number, tokens) in lines.iter().enumerate() {
        for chunk in halving(tokens.len()) {
            for start in (0..tokens.len()).step_by(chunk) {
                let mut kept = lines.clone();
                kept[number] = tokens
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| *i < start || *i >= start + chunk)
                    .map(|(_, t)| *t)
                    .collect();
                let removed = tokens.len() - kept[number].len();
                let count = if number == 0 {
                    usize::MAX
                } else {
                    tokens.len()
                };
                add(owned(&kept), count, removed);
            }
        }
    }
    candidates
}

/// Chunk sizes for taking away parts of `count` things: half, a quarter, ... one.
fn halving(count: usize) -> Vec<usize> {
    let mut sizes = Vec::new();
    let mut chunk = count / 2;
    while chunk >= 1 {
        sizes.push(chunk);
        chunk /= 2;
    }
    if count == 1 {
        sizes.push(1);
    }
    sizes
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_core::problems::{GenRequest, InvalidInput, Problem};
    use judge_core::rng::TestRng;

    /// A toy problem: the input is a list of numbers; shrinking drops one number at a time.
    struct Numbers;

    impl Problem for Numbers {
        fn id(&self) -> &'static str {
            "numbers"
        }
        fn generate(&self, _rng: &mut TestRng, _request: GenRequest) -> String {
            String::new()
        }
        fn validate(&self, input: &str) -> Result<(), InvalidInput> {
            if input.split_whitespace().all(|t| t.parse::<u32>().is_ok()) {
                Ok(())
            } else {
                Err(InvalidInput::new("not numbers"))
            }
        }
        fn solve(&self, _input: &str) -> Result<String, InvalidInput> {
            Ok(String::new())
        }
        fn shrink(&self, input: &str) -> Vec<String> {
            let numbers: Vec<&str> = input.split_whitespace().collect();
            (0..numbers.len())
                .map(|skip| {
                    numbers
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| *i != skip)
                        .map(|(_, n)| *n)
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect()
        }
    }

    #[test]
    fn shrinks_to_the_smallest_input_that_still_fails() {
        // "Fails" whenever both 7 and 13 are present.
        let fails = |input: &str| {
            let numbers: Vec<&str> = input.split_whitespace().collect();
            numbers.contains(&"7") && numbers.contains(&"13")
        };
        let shrunk = shrink(
            "1 7 2 3 13 4 5",
            1000,
            |input| Numbers.shrink(input),
            |input| Numbers.validate(input).is_ok(),
            fails,
        );
        assert_eq!(shrunk.input, "7 13");
        assert_eq!(shrunk.steps, 5);
    }

    #[test]
    fn the_attempt_budget_is_respected() {
        let mut runs = 0;
        let shrunk = shrink(
            "1 2 3 4 5 6",
            3,
            |input| Numbers.shrink(input),
            |_| true,
            |_| {
                runs += 1;
                false
            },
        );
        assert_eq!(runs, 3);
        assert_eq!(shrunk.attempts, 3);
        assert_eq!(shrunk.input, "1 2 3 4 5 6");
    }

    #[test]
    fn stress_steps_alternate_between_the_sets() {
        let steps: Vec<(TestSet, u64)> = (0..5).map(|step| test_for(step, true)).collect();
        assert_eq!(
            steps,
            [
                (TestSet::Default, 0),
                (TestSet::Hard, 0),
                (TestSet::Default, 1),
                (TestSet::Hard, 1),
                (TestSet::Default, 2)
            ]
        );
        assert_eq!(test_for(7, false), (TestSet::Default, 7));
    }

    #[test]
    fn lines_and_tokens_are_taken_away_halves_first() {
        let input = "2\n1 5\n3 4\n";
        let candidates = smaller_by_lines_and_tokens(input);
        // Both lines after the first (half of two is one: each in turn), with the count on
        // the first line lowered too.
        assert_eq!(candidates[0], "2\n3 4\n");
        assert_eq!(candidates[1], "1\n3 4\n");
        assert!(candidates.contains(&"1\n1 5\n".to_string()));
        // A token of a line, with the count of that line's tokens (2) lowered.
        assert!(candidates.contains(&"2\n5\n3 4\n".to_string()));
        assert!(candidates.contains(&"1\n5\n3 4\n".to_string()));
        assert!(candidates.iter().all(|c| c.len() < input.len()));
    }

    #[test]
    fn a_counted_list_shrinks_to_the_one_item_that_fails() {
        // Valid: n, then n numbers; fails: 13 among them.
        let is_valid = |input: &str| {
            let lines: Vec<&str> = input.lines().collect();
            lines.len() == 2
                && lines[0].parse::<usize>().ok() == Some(lines[1].split_whitespace().count())
        };
        let fails = |input: &str| {
            input
                .lines()
                .nth(1)
                .is_some_and(|l| l.split(' ').any(|t| t == "13"))
        };
        let input = format!(
            "{}\n{}\n",
            40,
            (0..40)
                .map(|i| if i == 27 { 13 } else { i + 100 })
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
        let shrunk = shrink(&input, 1000, smaller_by_lines_and_tokens, is_valid, fails);
        assert_eq!(shrunk.input, "1\n13\n");
        assert!(shrunk.attempts < 100, "{shrunk:?}");
    }

    #[test]
    fn a_generic_shrink_keeps_only_valid_inputs_that_still_fail() {
        // Valid: lines of numbers, none empty. Fails: 13 is among them.
        let is_valid = |input: &str| {
            !input.is_empty()
                && input.lines().all(|line| {
                    !line.is_empty() && line.split(' ').all(|t| t.parse::<u32>().is_ok())
                })
        };
        let fails = |input: &str| input.split_whitespace().any(|t| t == "13");
        let shrunk = shrink(
            "4 8\n1 13 2\n3\n",
            1000,
            smaller_by_lines_and_tokens,
            is_valid,
            fails,
        );
        assert_eq!(shrunk.input, "13\n");
        assert!(shrunk.steps >= 2, "{shrunk:?}");
    }

    #[test]
    fn sizes_grow_from_small_to_full() {
        assert_eq!(size_for(0, 50), 1);
        assert!(size_for(25, 50) > 40 && size_for(25, 50) < 60);
        assert_eq!(size_for(50, 50), 100);
        assert_eq!(size_for(5000, 50), 100);
    }
}
