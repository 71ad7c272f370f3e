//! The `judge` binary: parses the command line, runs the command, maps the result to an exit
//! code of the one table in `cli::exit` (0 accepted, 1 not accepted, 2 usage/configuration/
//! internal error, 130 interrupted: Ctrl-C, Ctrl-\, SIGTERM or SIGHUP, whatever the command had
//! come to). A closed standard output (`judge ... | head`) changes nothing: the command runs on
//! and exits with its own code (see `cli::stdout`). `anyhow` lives here and in `cli` only.

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
    judge::sandbox::this_binary_is_the_launcher();
    let cli = match cli::Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(error) => return ExitCode::from(cli::refused(error)),
    };
    judge::cleanup::install();
    let result = cli::run(&cli);
    // Whatever the command made of it, an interrupted run is no result.
    if judge::cleanup::interrupted() {
        judge::cleanup::exit_interrupted();
    }
    match result {
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            // An error may name what the user gave (a path, a value): its control characters
            // escaped, its line breaks kept.
            let message = format!("{error:#}");
            eprintln!("judge: error: {}", judge::quote::terminal_lines(&message));
            ExitCode::from(cli::exit::ERROR)
        }
    }
}
