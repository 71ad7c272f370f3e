//! Reports: consumers of run events and of the final summary. The terminal table (with a
//! progress bar on a terminal), the JSON report and JUnit XML never reach into the runner.

pub mod games;
pub mod json;
pub mod junit;
pub mod table;

use serde::Serialize;

use crate::execute::TestOutcome;
use crate::limits::Limits;
use crate::verdict::Verdict;

/// Limits as applied, in report units.
#[derive(Debug, Clone, Serialize)]
pub struct AppliedLimits {
    pub cpu_ms: u64,
    pub wall_ms: u64,
    pub memory_kib: u64,
    pub output_kib: u64,
}

impl From<&Limits> for AppliedLimits {
    fn from(limits: &Limits) -> Self {
        AppliedLimits {
            cpu_ms: limits.cpu_time.as_millis() as u64,
            wall_ms: limits.wall_time.as_millis() as u64,
            memory_kib: limits.memory_bytes / 1024,
            output_kib: limits.output_bytes / 1024,
        }
    }
}

/// Everything a report of a batch run needs, once the run is over.
#[derive(Debug, Clone, Serialize)]
pub struct BatchSummary {
    pub problem: String,
    pub solution: String,
    pub language: String,
    pub verdict: Verdict,
    pub seed: u64,
    pub limits: AppliedLimits,
    /// Protections the sandbox had in force (from the first test that ran).
    pub protections: Vec<String>,
    /// The compiler's message, for CE.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compile_message: Option<String>,
    pub tests_planned: usize,
    pub tests: Vec<TestOutcome>,
}

impl BatchSummary {
    pub fn passed(&self) -> usize {
        self.tests
            .iter()
            .filter(|t| t.verdict.is_accepted())
            .count()
    }

    /// The first test that was not accepted.
    pub fn first_failure(&self) -> Option<&TestOutcome> {
        self.tests.iter().find(|t| !t.verdict.is_accepted())
    }
}
