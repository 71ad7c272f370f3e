//! The limits of one run, as the sandbox enforces them. Working them out (a problem's limits,
//! a language's allowance, the command line, the wall-clock rule) is the grader's: its
//! `limits` module.

use std::time::Duration;

use serde::{Deserialize, Serialize};

/// Resource limits of one run. Sizes are bytes, times are durations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// CPU time (user + system) of the solution and everything it starts: the time limit.
    pub cpu_time: Duration,
    /// Wall-clock time, looser than `cpu_time`: ends programs that sleep or block.
    pub wall_time: Duration,
    /// Peak memory of the solution.
    pub memory_bytes: u64,
    /// Bytes the solution may write to standard output.
    pub output_bytes: u64,
    /// Bytes of standard error kept for the report; the rest is read and dropped.
    pub stderr_bytes: u64,
    /// Processes and threads the solution may have at once.
    pub max_processes: u32,
}
