//! The progress bar: on a terminal, when a grading's tests (or the checks of inputs by
//! validators) take more than a moment, a bar on standard error counts those done; for checks
//! of inputs it names the oldest one still running. Other reports that write to the terminal go through
//! [`ProgressReporter::writer`], which lifts the bar around each write so lines and bar never
//! mix.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{Event, Reporter};
use judge_engine::grade::Unit;

/// How long a grading goes before the bar appears.
const DELAY: Duration = Duration::from_millis(500);

pub struct ProgressReporter {
    bar: ProgressBar,
    started: Instant,
    total: usize,
    done: usize,
    shown: bool,
    /// What is counted: `tests`, `inputs checked`.
    counting: &'static str,
    /// The checks of inputs that run, oldest first (the bar names the oldest: a validator
    /// that hangs is seen hanging).
    running: Vec<String>,
}

impl Default for ProgressReporter {
    fn default() -> Self {
        ProgressReporter::new()
    }
}

impl ProgressReporter {
    pub fn new() -> ProgressReporter {
        ProgressReporter {
            bar: ProgressBar::hidden(),
            started: Instant::now(),
            total: 0,
            done: 0,
            shown: false,
            counting: "tests",
            running: Vec::new(),
        }
    }

    /// A writer to the terminal that lifts the bar while it writes.
    pub fn writer<W: Write>(&self, inner: W) -> BarWriter<W> {
        BarWriter {
            bar: self.bar.clone(),
            inner,
        }
    }

    /// Starts counting `total` things afresh (the bar of an earlier count is cleared).
    fn begin(&mut self, total: usize, counting: &'static str) {
        self.end();
        self.bar.reset();
        self.total = total;
        self.done = 0;
        self.counting = counting;
        self.running.clear();
        self.started = Instant::now();
    }

    /// One more done: the bar appears once the count has gone on for a moment.
    fn step(&mut self) {
        self.done += 1;
        if !self.shown && self.started.elapsed() > DELAY && self.done < self.total {
            self.show();
        }
        self.bar.set_position(self.done as u64);
    }

    fn end(&mut self) {
        if self.shown {
            self.bar.finish_and_clear();
            self.bar.set_draw_target(ProgressDrawTarget::hidden());
            self.shown = false;
        }
    }

    fn show(&mut self) {
        self.shown = true;
        self.bar.set_length(self.total as u64);
        let template = format!(
            "{{bar:30}} {{pos}}/{{len}} {}  {{elapsed}}  {{msg}}",
            self.counting
        );
        if let Ok(style) = ProgressStyle::with_template(&template) {
            self.bar.set_style(style);
        }
        self.bar.set_draw_target(ProgressDrawTarget::stderr());
    }

    /// Names the oldest check still running.
    fn name_running(&mut self) {
        let message = self
            .running
            .first()
            .map(|running| format!("running: {}", judge_core::quote::terminal(running)))
            .unwrap_or_default();
        self.bar.set_message(message);
    }
}

/// How a check of an input is named on the bar.
fn check_name(input: &str, validator: &str) -> String {
    format!("{validator} on {input}")
}

impl Reporter for ProgressReporter {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        match event {
            Event::Started(started) if started.unit == Unit::Tests => {
                self.begin(started.count, "tests");
            }
            Event::TestFinished(_) => self.step(),
            Event::Finished(_) => self.end(),
            Event::InputChecksStarted { count, .. } => self.begin(*count, "inputs checked"),
            Event::InputCheckStarted { input, validator } => {
                self.running.push(check_name(input, validator));
                self.name_running();
            }
            Event::InputChecked(done) => {
                let name = check_name(&done.input, &done.validator);
                if let Some(at) = self.running.iter().position(|r| *r == name) {
                    self.running.remove(at);
                }
                self.name_running();
                self.step();
            }
            Event::InputsChecked(_) => self.end(),
            _ => {}
        }
        Ok(())
    }
}

/// A writer that suspends the progress bar around each write.
pub struct BarWriter<W: Write> {
    bar: ProgressBar,
    inner: W,
}

impl<W: Write> Write for BarWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let inner = &mut self.inner;
        self.bar.suspend(|| inner.write(buf))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        let inner = &mut self.inner;
        self.bar.suspend(|| inner.write_all(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
