//! The progress bar: on a terminal, when a grading's tests take more than a moment, a bar on
//! standard error counts the tests done. Other reports that write to the terminal go through
//! [`ProgressReporter::writer`], which lifts the bar around each write so lines and bar never
//! mix.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{Event, Reporter};
use crate::grade::Unit;

/// How long a grading goes before the bar appears.
const DELAY: Duration = Duration::from_millis(500);

pub struct ProgressReporter {
    bar: ProgressBar,
    started: Instant,
    total: usize,
    done: usize,
    shown: bool,
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
        }
    }

    /// A writer to the terminal that lifts the bar while it writes.
    pub fn writer<W: Write>(&self, inner: W) -> BarWriter<W> {
        BarWriter {
            bar: self.bar.clone(),
            inner,
        }
    }

    fn show(&mut self) {
        self.shown = true;
        self.bar.set_length(self.total as u64);
        if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} tests  {elapsed}") {
            self.bar.set_style(style);
        }
        self.bar.set_draw_target(ProgressDrawTarget::stderr());
    }
}

impl Reporter for ProgressReporter {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        match event {
            Event::Started(started) if started.unit == Unit::Tests => {
                self.total = started.count;
                self.done = 0;
                self.started = Instant::now();
            }
            Event::TestFinished(_) => {
                self.done += 1;
                if !self.shown && self.started.elapsed() > DELAY && self.done < self.total {
                    self.show();
                }
                self.bar.set_position(self.done as u64);
            }
            Event::Finished(_) if self.shown => self.bar.finish_and_clear(),
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
