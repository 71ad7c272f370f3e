//! The `judge` binary: parses the command line, runs the command, maps the result to an exit
//! code (0 accepted, 1 not accepted, 2 usage/configuration/internal error, 130 interrupted:
//! Ctrl-C, SIGTERM or SIGHUP, whatever the command had come to).
//! A closed standard output (`judge ... | head`) ends it quietly, as ripgrep does. `anyhow`
//! lives here and in `cli` only.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.len() == 3 && args[1] == judge::sandbox::LAUNCH_SUBCOMMAND {
        judge::sandbox::launcher::main(&args[2]);
    }
    let cli = cli::Cli::parse();
    judge::cleanup::install();
    let result = cli::run(&cli);
    // Whatever the command made of it, an interrupted run is no result.
    if judge::cleanup::interrupted() {
        judge::cleanup::exit_interrupted();
    }
    match result {
        Ok(code) => ExitCode::from(code),
        Err(error) if is_broken_pipe(&error) => ExitCode::from(cli::exit::ACCEPTED),
        Err(error) => {
            eprintln!("judge: error: {error:#}");
            ExitCode::from(cli::exit::ERROR)
        }
    }
}

/// Whether the error is a write to a closed pipe (the reader went away).
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
