//! The one `Limits` value: what a single run of a solution may use.
//!
//! Limits are resolved once (problem limits, language allowances, command-line overrides) by
//! `plan`, then handed unchanged to the sandbox, which enforces them, and to `verdict`, which
//! classifies the facts against them.

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

impl Limits {
    /// The default wall-clock limit for a CPU-time limit: 2 x CPU + 1 s.
    pub fn default_wall_time(cpu_time: Duration) -> Duration {
        cpu_time * 2 + Duration::from_secs(1)
    }
}

/// Formats a byte count as MiB with one decimal, for reports.
pub fn format_mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}

pub const MIB: u64 = 1024 * 1024;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_wall_time_is_twice_cpu_plus_one_second() {
        assert_eq!(
            Limits::default_wall_time(Duration::from_millis(1500)),
            Duration::from_secs(4)
        );
    }
}
