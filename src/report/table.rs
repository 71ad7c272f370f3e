//! The terminal report: one row per test as results arrive, a progress bar on a terminal when
//! the run takes more than a moment, then a summary and the details of the first failing test.
//! Colour only on a terminal and never with `NO_COLOR` set.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::BatchSummary;
use crate::execute::TestOutcome;
use crate::verdict::Verdict;

/// How long a run goes before the progress bar appears.
const PROGRESS_DELAY: Duration = Duration::from_millis(500);

/// Styling of terminal output.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub color: bool,
    pub terminal: bool,
}

impl Style {
    /// Colour and progress on a terminal; plain text otherwise or with `NO_COLOR`.
    pub fn detect() -> Style {
        let terminal = std::io::stdout().is_terminal();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style {
            color: terminal && !no_color,
            terminal,
        }
    }

    /// `text` in the colour of `verdict`.
    pub fn verdict(&self, verdict: &Verdict, text: &str) -> String {
        if !self.color {
            return text.to_string();
        }
        let code = match verdict {
            Verdict::Accepted => "32",
            Verdict::WrongAnswer | Verdict::PresentationError => "31",
            Verdict::TimeLimitExceeded => "33",
            Verdict::JudgeError => "35",
            _ => "91",
        };
        format!("\x1b[1;{code}m{text}\x1b[0m")
    }

    pub fn bold(&self, text: &str) -> String {
        if self.color {
            format!("\x1b[1m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

/// Prints test rows as they finish.
pub struct TableReporter {
    style: Style,
    bar: Option<ProgressBar>,
    started: Instant,
    total: usize,
    done: usize,
}

pub const HEADER: &str = "test                    verdict            cpu ms   wall ms   peak MiB";

impl TableReporter {
    pub fn new(style: Style, total: usize) -> TableReporter {
        println!("{}", style.bold(HEADER));
        TableReporter {
            style,
            bar: None,
            started: Instant::now(),
            total,
            done: 0,
        }
    }

    /// One row of the table.
    pub fn row(style: &Style, outcome: &TestOutcome) -> String {
        let verdict = format!("{:<17}", outcome.verdict_detail);
        format!(
            "{:<23} {} {:>8} {:>9} {:>10.1}",
            outcome.name,
            style.verdict(&outcome.verdict, &verdict),
            outcome.cpu_ms,
            outcome.wall_ms,
            outcome.peak_kib as f64 / 1024.0
        )
    }

    pub fn test_finished(&mut self, outcome: &TestOutcome) {
        self.done += 1;
        let line = Self::row(&self.style, outcome);
        if self.bar.is_none()
            && self.style.terminal
            && self.started.elapsed() > PROGRESS_DELAY
            && self.done < self.total
        {
            let bar = ProgressBar::with_draw_target(
                Some(self.total as u64),
                ProgressDrawTarget::stderr(),
            );
            if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} tests  {elapsed}")
            {
                bar.set_style(style);
            }
            self.bar = Some(bar);
        }
        match &self.bar {
            Some(bar) => {
                bar.println(line);
                bar.set_position(self.done as u64);
            }
            None => println!("{line}"),
        }
    }

    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
        let _ = std::io::stdout().flush();
    }
}

/// Shortens a text for display: at most `max_lines` lines of at most 100 characters.
pub fn shorten(text: &str, max_lines: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<String> = lines
        .iter()
        .take(max_lines)
        .map(|line| crate::check::clip(line, 100))
        .collect();
    if lines.len() > max_lines {
        out.push(format!("... ({} more lines)", lines.len() - max_lines));
    }
    out.join("\n")
}

/// Each line indented by four spaces; `(empty)` for no text.
pub fn indent(text: &str) -> String {
    if text.is_empty() {
        return "    (empty)".into();
    }
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Prints the summary after the table, and the first failure in detail.
pub fn print_summary(style: &Style, summary: &BatchSummary) {
    println!();
    let verdict = style.verdict(&summary.verdict, &summary.verdict.describe());
    println!(
        "{} {} ({}): {}  {}/{} tests passed{}",
        style.bold("result"),
        summary.solution,
        summary.language,
        verdict,
        summary.passed(),
        summary.tests_planned,
        if summary.tests.len() < summary.tests_planned {
            format!(", {} not run", summary.tests_planned - summary.tests.len())
        } else {
            String::new()
        }
    );
    let limits = &summary.limits;
    println!(
        "limits: cpu {} ms, wall {} ms, memory {:.0} MiB, output {:.0} MiB",
        limits.cpu_ms,
        limits.wall_ms,
        limits.memory_kib as f64 / 1024.0,
        limits.output_kib as f64 / 1024.0
    );
    if !summary.protections.is_empty() {
        println!("sandbox: {}", summary.protections.join(", "));
    }
    if let Some(message) = &summary.compile_message {
        println!("\ncompiler says:\n{}", indent(&shorten(message, 30)));
    }
    if let Some(failure) = summary.first_failure() {
        println!();
        println!(
            "{} {}: {}",
            style.bold("first failing test"),
            failure.name,
            style.verdict(&failure.verdict, &failure.verdict_detail)
        );
        if let Some(message) = &failure.message {
            println!("  {message}");
        }
        if failure.input_bytes > 0 {
            println!(
                "  input ({} bytes):\n{}",
                failure.input_bytes,
                indent(&shorten(&failure.input_head, 12))
            );
        }
        if let Some(expected) = &failure.expected_head {
            println!("  expected:\n{}", indent(&shorten(expected, 8)));
            println!(
                "  received ({} bytes):\n{}",
                failure.received_bytes,
                indent(&shorten(&failure.received_head, 8))
            );
        }
        if !failure.stderr_head.trim().is_empty() {
            println!(
                "  standard error:\n{}",
                indent(&shorten(&failure.stderr_head, 8))
            );
        }
        if let Some(command) = &failure.reproduce {
            println!("  reproduce the input: {command}");
        }
    }
}
