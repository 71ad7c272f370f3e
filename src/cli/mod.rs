//! The command line: clap's argument types, each command turning its arguments into a
//! request for the library and choosing the reports, and the exit codes (`exit`: one table,
//! one decision per kind of result). No grading here.
//!
//! `tests/fuzz.rs` compiles this module too (to fuzz the real parser in its process), so it
//! names the library as `judge::` and the binary's items never as `crate::`.

mod bench;
mod bounded;
mod docs;
pub mod exit;
mod games;
mod generate;
mod grade;
mod grading;
mod merge;
mod problem;
mod project;
mod shard;
mod show;
mod stress;
mod test;
mod verify;

pub use bounded::refused_value;

use std::ffi::{OsStr, OsString};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{anyhow, Result};
use clap::{Parser, Subcommand};

use judge::config::{Discovery, RunnerConfig};
use judge::files::OutputFile;
use judge::report::Reporter;

#[derive(Debug, Parser)]
#[command(
    name = "judge",
    version,
    about = "A local online-judge grader",
    after_help = exit::after_help()
)]
pub struct Cli {
    /// A runner.toml layered over the built-in, user and project ones (its folder is then
    /// the project).
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Grade a solution against sample and seeded random tests.
    Test(test::TestArgs),
    /// Grade many submissions of one problem at once, into a scoreboard (resumable).
    Grade(grade::GradeArgs),
    /// Merge the JSON parts of a run split with --shard into the report of one run.
    Merge(merge::MergeArgs),
    /// Generate tests: one to stdout (--index) or many into a folder (--count, --out).
    Gen(problem::GenArgs),
    /// Make a package's data/ from its generators/generators.yaml (BAPCtools' format), every
    /// generator and solution in the sandbox.
    Generate(generate::GenerateArgs),
    /// Print the reference answer for an input (a file, or standard input).
    Solve(problem::SolveArgs),
    /// Check input files against a problem's format and guarantees.
    Validate(problem::ValidateArgs),
    /// List the problems with their kind and limits.
    List,
    /// Show a problem: its statement, limits, samples, parts and where it comes from.
    Show(show::ShowArgs),
    /// Replay a game transcript board by board and check that it follows the rules.
    Replay(games::ReplayArgs),
    /// Play two solutions of an interactive problem on the same seeds and compare scores.
    Compare(games::CompareArgs),
    /// Run every bundled solution and check it gets the verdict of its folder.
    Verify(verify::VerifyArgs),
    /// Random tests of growing size until the solution fails; then shrink the failing input.
    Stress(stress::StressArgs),
    /// Benchmarks: grading overhead, parallel speed-up, interactor rate, solvers, startup.
    Bench(bench::BenchArgs),
    /// Print the merged configuration and where each value came from.
    Config,
    /// Start a project: a commented runner.toml, problems/ and solutions/.
    Init(project::InitArgs),
    /// Start a problem (in the project, or a folder of its own): a working example of every
    /// part, commented.
    New(project::NewArgs),
    /// Empty the compile cache.
    Clean,
    /// Write a problem as a Kattis problem package (samples, generated tests with answers,
    /// the checker's flags, the bundled solutions as submissions).
    Export(problem::ExportArgs),
    /// Print a shell's completion script (bash, zsh, fish, elvish, powershell).
    Completions(docs::CompletionsArgs),
    /// Write the manual pages: judge.1 to standard output, or one page per command in DIR.
    Man(docs::ManArgs),
}

/// The exit code for a command line clap refused, which is shown first: a value out of its
/// bound on one line, as judge's other errors (`judge: error: --count must be between 1 and
/// 1000000, found 0`), anything else as clap shows it, with the usage; help and version are
/// shown with exit code 0.
pub fn refused(error: clap::Error) -> u8 {
    match refused_value(&error) {
        Some(message) => {
            eprintln!("judge: error: {}", judge::quote::terminal(&message));
            exit::ERROR
        }
        None => {
            let _ = error.print();
            if error.use_stderr() {
                exit::ERROR
            } else {
                exit::ACCEPTED
            }
        }
    }
}

/// Runs a command; the exit code for it, or an error (exit code 2).
pub fn run(cli: &Cli) -> Result<u8> {
    let config = cli.config.as_deref();
    let to_standard_output = report_paths(&cli.command)
        .into_iter()
        .filter(|path| *path == Path::new(STANDARD_OUTPUT))
        .count();
    if to_standard_output > 1 {
        return Err(anyhow!(
            "only one report can be written to standard output (`{STANDARD_OUTPUT}`)"
        ));
    }
    REPORT_ON_STANDARD_OUTPUT.store(to_standard_output == 1, Ordering::Relaxed);
    match &cli.command {
        Command::Test(args) => test::run(config, args),
        Command::Grade(args) => grade::run(config, args),
        Command::Merge(args) => merge::run(args),
        Command::Gen(args) => problem::gen(config, args),
        Command::Generate(args) => generate::run(config, args),
        Command::Solve(args) => problem::solve(config, args),
        Command::Validate(args) => problem::validate(config, args),
        Command::List => problem::list(config),
        Command::Show(args) => show::show(config, args),
        Command::Replay(args) => games::replay(args),
        Command::Compare(args) => games::compare(config, args),
        Command::Verify(args) => verify::run(config, args),
        Command::Stress(args) => stress::run(config, args),
        Command::Bench(args) => bench::run(config, args),
        Command::Config => project::show(config),
        Command::Init(args) => project::init(args),
        Command::New(args) => project::new(config, args),
        Command::Clean => project::clean(config),
        Command::Export(args) => problem::export(config, args),
        Command::Completions(args) => docs::completions(args),
        Command::Man(args) => docs::man(args),
    }
}

/// The report path that means standard output (`--json -`).
const STANDARD_OUTPUT: &str = "-";

/// Whether a report is written to standard output: then everything else judge would print
/// there (tables, progress) goes to standard error, so that the report can be piped whole.
static REPORT_ON_STANDARD_OUTPUT: AtomicBool = AtomicBool::new(false);

/// The report files a command is given (`--json`, `--junit`, `--html`, `--csv`).
fn report_paths(command: &Command) -> Vec<&Path> {
    let files = match command {
        Command::Test(args) => args.reports.paths().to_vec(),
        Command::Grade(args) => std::iter::once(&args.csv)
            .chain(args.reports.paths())
            .collect(),
        Command::Merge(args) => std::iter::once(&args.csv)
            .chain(args.reports.paths())
            .collect(),
        Command::Verify(args) => vec![&args.json, &args.html],
        Command::Compare(args) => vec![&args.json, &args.html],
        Command::Stress(args) => vec![&args.json],
        Command::Validate(args) => vec![&args.json],
        _ => Vec::new(),
    };
    files.into_iter().flatten().map(PathBuf::as_path).collect()
}

/// The configuration: the built-in one under the user's runner.toml, the project's (found in
/// the current folder or above) and --config's.
fn load_runner(config: Option<&Path>) -> Result<RunnerConfig> {
    Ok(RunnerConfig::discover(&Discovery::from_env(config)?)?)
}

/// The problem (an id, or a folder's path) from `--problem`, or from a `solutions/<id>/...`
/// path, or the folder of a problem standing alone from a `PROBLEM/solutions/<verdict>/...`
/// path.
fn infer_problem(solution: &Path, given: Option<&OsStr>) -> Result<OsString> {
    if let Some(id) = given {
        return Ok(id.to_os_string());
    }
    let absolute = std::path::absolute(solution).unwrap_or_else(|_| solution.to_path_buf());
    if let Some(problem) = absolute
        .ancestors()
        .filter(|folder| folder.file_name().is_some_and(|name| name == "solutions"))
        .filter_map(Path::parent)
        .find(|problem| problem.join("problem.toml").is_file())
    {
        return Ok(problem.as_os_str().to_os_string());
    }
    let parts: Vec<&OsStr> = absolute.components().map(|c| c.as_os_str()).collect();
    parts
        .windows(2)
        .rev()
        .find(|pair| pair[0] == "solutions")
        .and_then(|pair| pair[1].to_str())
        .filter(|id| !id.contains('.'))
        .map(OsString::from)
        .ok_or_else(|| {
            anyhow!(
                "cannot tell the problem from {}: give --problem ID or use a path solutions/<id>/...",
                solution.display()
            )
        })
}

/// Standard output, with colours only on a terminal and never with `NO_COLOR`. Once its
/// reader has gone (`judge test ... | head -1`), what is written to it is dropped and the
/// command goes on to its own exit code.
fn stdout() -> Box<dyn Write> {
    if REPORT_ON_STANDARD_OUTPUT.load(Ordering::Relaxed) {
        return stderr();
    }
    Box::new(UntilClosed::new(anstream::stdout()))
}

/// A writer that drops everything once its reader has gone (a broken pipe), so that a closed
/// standard output neither ends a command early nor changes its exit code.
struct UntilClosed<W: Write> {
    inner: W,
    closed: bool,
}

impl<W: Write> UntilClosed<W> {
    fn new(inner: W) -> Self {
        UntilClosed {
            inner,
            closed: false,
        }
    }

    /// A write's result, with a broken pipe taken as everything written from now on.
    fn unless_closed<T>(&mut self, result: std::io::Result<T>, all: T) -> std::io::Result<T> {
        match result {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(all)
            }
            other => other,
        }
    }
}

impl<W: Write> Write for UntilClosed<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.closed {
            return Ok(buf.len());
        }
        let written = self.inner.write(buf);
        self.unless_closed(written, buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let flushed = self.inner.flush();
        self.unless_closed(flushed, ())
    }
}

/// Standard error, likewise.
fn stderr() -> Box<dyn Write> {
    Box::new(anstream::stderr())
}

/// Whether standard output is a terminal (progress bars, animations); standard error when a
/// report takes standard output.
fn on_terminal() -> bool {
    if REPORT_ON_STANDARD_OUTPUT.load(Ordering::Relaxed) {
        return std::io::stderr().is_terminal();
    }
    std::io::stdout().is_terminal()
}

/// The exit code for a verdict (see `exit`).
fn verdict_code(accepted: bool) -> u8 {
    exit::verdict(accepted)
}

/// A report file (JSON, JUnit, HTML, CSV), written whole when its reporter finishes, or
/// written like a shell redirection to a device or a FIFO (see `OutputFile`); `-` is standard
/// output.
fn report_file(path: &Path) -> Result<OutputFile> {
    if path == Path::new(STANDARD_OUTPUT) {
        return OutputFile::standard_output(judge::cleanup::Stop::on_signals())
            .map_err(|e| anyhow!("cannot write to standard output: {e}"));
    }
    OutputFile::create(path, judge::cleanup::Stop::on_signals())
        .map_err(|e| anyhow!("cannot write {}: {e}", path.display()))
}

/// Lets every reporter write what it held back (JSON, JUnit files) once grading is over.
fn finish(reporter: &mut dyn Reporter) -> Result<()> {
    reporter
        .finish()
        .map_err(|e| anyhow!("cannot write a report: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every argument of every command, as `path: --name` for those without help text.
    fn undocumented(command: &clap::Command, path: &str, missing: &mut Vec<String>) {
        for arg in command.get_arguments() {
            let documented = arg
                .get_help()
                .is_some_and(|h| !h.to_string().trim().is_empty())
                || arg
                    .get_long_help()
                    .is_some_and(|h| !h.to_string().trim().is_empty());
            if !documented {
                missing.push(format!("{path}: {}", arg.get_id()));
            }
        }
        for sub in command.get_subcommands() {
            let about = sub.get_about().is_some_and(|a| !a.to_string().is_empty());
            if !about {
                missing.push(format!("{path} {}: no description", sub.get_name()));
            }
            undocumented(sub, &format!("{path} {}", sub.get_name()), missing);
        }
    }

    #[test]
    fn every_argument_of_every_command_is_described_in_its_help() {
        use clap::CommandFactory;
        let mut command = Cli::command();
        command.build();
        let mut missing = Vec::new();
        undocumented(&command, "judge", &mut missing);
        assert!(missing.is_empty(), "without help: {missing:#?}");
        let subcommands = command.get_subcommands().count();
        assert!(subcommands >= 20, "{subcommands} commands");
    }

    /// A writer whose reader has gone after `room` bytes.
    struct ClosesAfter {
        room: usize,
        written: Vec<u8>,
    }

    impl Write for ClosesAfter {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.room == 0 {
                return Err(std::io::ErrorKind::BrokenPipe.into());
            }
            let n = buf.len().min(self.room);
            self.room -= n;
            self.written.extend_from_slice(&buf[..n]);
            Ok(n)
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_standard_output_drops_what_follows_without_an_error() {
        let mut out = UntilClosed::new(ClosesAfter {
            room: 4,
            written: Vec::new(),
        });
        writeln!(out, "first line").unwrap();
        writeln!(out, "second line").unwrap();
        out.flush().unwrap();
        assert!(out.closed);
        assert_eq!(out.inner.written, b"firs");
    }

    #[test]
    fn other_errors_still_fail() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("disk full"))
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut out = UntilClosed::new(Full);
        assert!(writeln!(out, "x").is_err());
        assert!(!out.closed);
    }
}
