//! Stress testing support: the size schedule of generated tests and the greedy shrinker that
//! reduces a failing input to a minimal one. Running the solution is the caller's business:
//! the shrinker only asks "does this candidate still fail the same way?".

use crate::problems::{Problem, TestSet};

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

/// Greedily shrinks `failing`: tries the problem's candidates in order, keeps the first that is
/// valid and still fails (per `still_fails`), and starts again from it, until no candidate
/// fails or `max_attempts` runs have been spent. Candidates must be strictly smaller than their
/// parent (the problem's shrinker guarantees it); a seen-set guards against cycles anyway.
pub fn shrink(
    problem: &dyn Problem,
    failing: &str,
    max_attempts: usize,
    mut still_fails: impl FnMut(&str) -> bool,
) -> Shrunk {
    let mut current = failing.to_string();
    let mut attempts = 0;
    let mut steps = 0;
    let mut seen = std::collections::HashSet::new();
    seen.insert(current.clone());
    'outer: loop {
        for candidate in problem.shrink(&current) {
            if attempts >= max_attempts {
                break 'outer;
            }
            if !seen.insert(candidate.clone()) || problem.validate(&candidate).is_err() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{GenRequest, InvalidInput};
    use crate::rng::TestRng;

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
        let shrunk = shrink(&Numbers, "1 7 2 3 13 4 5", 1000, fails);
        assert_eq!(shrunk.input, "7 13");
        assert_eq!(shrunk.steps, 5);
    }

    #[test]
    fn the_attempt_budget_is_respected() {
        let mut runs = 0;
        let shrunk = shrink(&Numbers, "1 2 3 4 5 6", 3, |_| {
            runs += 1;
            false
        });
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
    fn sizes_grow_from_small_to_full() {
        assert_eq!(size_for(0, 50), 1);
        assert!(size_for(25, 50) > 40 && size_for(25, 50) < 60);
        assert_eq!(size_for(50, 50), 100);
        assert_eq!(size_for(5000, 50), 100);
    }
}
