//! The problem list of `judge list`: each problem's id, kind, limits, checker and title, and
//! each problem that could not be read with its error.

use std::io::{self, Write};

use crate::config::{ConfigError, ProblemKind, ProblemSpec};
use crate::limits::MIB;

/// Writes the list; returns how many problems could not be read.
pub fn write(
    out: &mut impl Write,
    problems: &[(String, Result<ProblemSpec, ConfigError>)],
) -> io::Result<usize> {
    writeln!(
        out,
        "{:<10} {:<12} {:>8} {:>10}  {:<10} title",
        "id", "kind", "time s", "memory MiB", "checker"
    )?;
    let mut broken = 0;
    for (id, problem) in problems {
        match problem {
            Ok(spec) => {
                let checker = match spec.kind {
                    ProblemKind::Interactive => "interactor",
                    ProblemKind::Batch => spec.checker.name(),
                };
                writeln!(
                    out,
                    "{:<10} {:<12} {:>8} {:>10}  {:<10} {}",
                    spec.id,
                    spec.kind.name(),
                    spec.limits.cpu_time.as_secs_f64(),
                    spec.limits.memory_bytes / MIB,
                    checker,
                    spec.title
                )?;
            }
            Err(error) => {
                broken += 1;
                writeln!(out, "{id:<10} BROKEN: {error}")?;
            }
        }
    }
    Ok(broken)
}
