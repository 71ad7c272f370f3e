//! The `judge` binary: parses the command line, runs the command, maps the result to an exit
//! code (0 accepted, 1 not accepted, 2 usage/configuration/internal error, 130 interrupted).
//! A closed standard output (`judge ... | head`) ends it quietly, as ripgrep does. `anyhow`
//! lives here and in `cli` only.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    // Arguments as the system gives them: a path need not be UTF-8.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let [_, subcommand, session] = args.as_slice() {
        if subcommand == judge::sandbox::LAUNCH_SUBCOMMAND {
            if let Some(session) = session.to_str() {
                judge::sandbox::launcher::main(session);
            }
        }
    }
    let cli = match cli::Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(error) => return ExitCode::from(cli::refused(error)),
    };
    judge::cleanup::install();
    match cli::run(&cli) {
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
