//! `judge completions SHELL` and `judge man [DIR]`: the command line's own documentation,
//! made from its clap definition (`clap_complete`, `clap_mangen`), so that it can never
//! disagree with what the parser takes.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, Result};
use clap::{Args, CommandFactory};
use clap_complete::Shell;

use super::{exit, stdout, Cli};

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell. Bash: `judge completions bash >
    /// ~/.local/share/bash-completion/completions/judge`; zsh: into a folder of your $fpath
    /// as `_judge`; fish: `> ~/.config/fish/completions/judge.fish`.
    #[arg(value_enum)]
    pub shell: Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write one page per command here (judge.1, judge-test.1, ...), for `man -l` or a
    /// folder of MANPATH (`DIR/man1`); without it, judge.1 goes to standard output.
    #[arg(value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Prints the completion script for `args.shell`.
pub fn completions(args: &CompletionsArgs) -> Result<u8> {
    let mut command = Cli::command();
    let mut out = stdout();
    clap_complete::generate(args.shell, &mut command, "judge", &mut out);
    out.flush()
        .map_err(|e| anyhow!("cannot write the completions: {e}"))?;
    Ok(exit::ACCEPTED)
}

/// Writes the manual pages: judge.1 to standard output, or every command's page into a
/// folder.
pub fn man(args: &ManArgs) -> Result<u8> {
    let command = Cli::command();
    match &args.dir {
        None => {
            let mut out = stdout();
            clap_mangen::Man::new(command)
                .render(&mut out)
                .and_then(|_| out.flush())
                .map_err(|e| anyhow!("cannot write the manual page: {e}"))?;
        }
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| anyhow!("cannot make {}: {e}", dir.display()))?;
            write_pages(dir, command)?;
            eprintln!(
                "manual pages written in {} (read one: man -l {}/judge.1)",
                dir.display(),
                dir.display()
            );
        }
    }
    Ok(exit::ACCEPTED)
}

/// The page of `command` and of each of its subcommands (`judge-test.1`), in `dir`.
fn write_pages(dir: &Path, command: clap::Command) -> Result<()> {
    let mut command = command;
    command.build();
    let mut pending = vec![command];
    while let Some(command) = pending.pop() {
        let name = command
            .get_display_name()
            .unwrap_or_else(|| command.get_name())
            .to_string();
        let path = dir.join(format!("{name}.1"));
        let mut page = Vec::new();
        clap_mangen::Man::new(command.clone())
            .render(&mut page)
            .map_err(|e| anyhow!("cannot render {name}.1: {e}"))?;
        judge::files::OutputFile::create(&path, judge::cleanup::Stop::on_signals())
            .and_then(|mut file| {
                file.write_all(&page)?;
                file.commit()
            })
            .map_err(|e| anyhow!("cannot write {}: {e}", path.display()))?;
        pending.extend(
            command
                .get_subcommands()
                .filter(|sub| sub.get_name() != "help")
                .cloned(),
        );
    }
    Ok(())
}
