//! What checks a program's output, as configured: one of the grader's own comparisons or a
//! program of the problem's. The types are configuration (problem.toml and packages resolve
//! into them); comparing is `check`'s.

use super::ProgramSpec;

/// A checker, resolved from `problem.toml`.
#[derive(Debug, Clone, PartialEq)]
pub enum Checker {
    /// One of the grader's own comparisons.
    Compare(Comparison),
    /// A program of the problem's.
    Program(ProgramSpec),
}

impl Default for Checker {
    fn default() -> Self {
        Checker::Compare(Comparison::Tokens)
    }
}

impl Checker {
    /// The checker's name for listings: `tokens`, `lines`, `float`, `program`.
    pub fn name(&self) -> &'static str {
        match self {
            Checker::Compare(Comparison::Tokens) => "tokens",
            Checker::Compare(Comparison::Lines) => "lines",
            Checker::Compare(Comparison::Float { .. }) => "float",
            Checker::Compare(Comparison::Kattis { .. }) => "default",
            Checker::Program(_) => "program",
        }
    }
}

/// The grader's own ways to compare an output with the answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Comparison {
    Tokens,
    Lines,
    Float {
        /// Largest accepted absolute or relative error.
        tolerance: f64,
    },
    /// The Kattis default output validator with these flags (a test may add its group's).
    Kattis {
        flags: Vec<String>,
    },
}
