//! The `judge` binary: parses the command line, runs the command, maps the result to an exit
//! code (0 accepted, 1 not accepted, 2 usage/configuration/internal error). `anyhow` lives
//! here only.

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
    let config = cli.config.as_deref();
    let result = match &cli.command {
        cli::Command::Test(args) => cli::test(config, args),
        cli::Command::Gen(args) => cli::gen(config, args),
        cli::Command::Solve(args) => cli::solve(args),
        cli::Command::Validate(args) => cli::validate(args),
        cli::Command::List => cli::list(config),
        cli::Command::Replay(args) => cli::games::replay(args),
        cli::Command::Compare(args) => cli::games::compare(config, args),
        cli::Command::Verify(args) => cli::verify::verify(config, args),
        cli::Command::Stress(args) => cli::stress::stress(config, args),
        cli::Command::Bench(args) => cli::bench::bench(config, args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            eprintln!("judge: error: {error:#}");
            ExitCode::from(cli::exit::ERROR)
        }
    }
}
