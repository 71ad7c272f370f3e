//! The problem list of `judge list`: each problem's id, kind, limits, checker, where it comes
//! from (project, user, built-in) and title, a note when it overrides a built-in problem, and
//! each problem that could not be read with its error.

use std::io::{self, Write};

use judge_core::config::ProblemKind;
use judge_core::limits::MIB;
use judge_core::quote;
use judge_engine::resolve::FoundProblem;

/// Writes the list; returns how many problems could not be read.
pub fn write(out: &mut impl Write, problems: &[FoundProblem]) -> io::Result<usize> {
    writeln!(
        out,
        "{:<10} {:<12} {:>8} {:>10}  {:<10} {:<9} title",
        "id", "kind", "time s", "memory MiB", "checker", "from"
    )?;
    let mut broken = 0;
    for problem in problems {
        let id = &problem.id;
        let from = problem.origin.name();
        match &problem.spec {
            Ok(spec) => {
                let checker = match spec.kind {
                    ProblemKind::Interactive => "interactor",
                    ProblemKind::Batch => spec.checker.name(),
                };
                let note = if problem.overrides_built_in {
                    " (overrides the built-in problem of this id)"
                } else {
                    ""
                };
                writeln!(
                    out,
                    "{:<10} {:<12} {:>8} {:>10}  {:<10} {:<9} {}{note}",
                    quote::terminal(&spec.id),
                    spec.kind.name(),
                    spec.limits.cpu_time.as_secs_f64(),
                    spec.limits.memory_bytes / MIB,
                    checker,
                    from,
                    quote::terminal(&spec.title)
                )?;
            }
            Err(error) => {
                broken += 1;
                writeln!(
                    out,
                    "{:<10} BROKEN ({from}): {}",
                    quote::terminal(id),
                    quote::terminal_lines(&error.to_string())
                )?;
            }
        }
    }
    Ok(broken)
}
