//! The commands about where judge works: `config` (the merged configuration and where each
//! value came from), `init` (start a project), `new` (start a problem in the project) and
//! `clean` (empty the compile cache).

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::Args;

use judge::config::{self, built_in_ids};
use judge::grade::display_path;
use judge::{lang, report};

use super::{exit, load_runner, stdout};

#[derive(Debug, Args)]
pub struct InitArgs {
    /// The project's folder (created if needed; default: the current folder).
    #[arg(default_value = ".")]
    pub dir: PathBuf,
}

#[derive(Debug, Args)]
pub struct NewArgs {
    /// The new problem's id (letters, digits, - and _): its folder in the project's problems/.
    pub problem: String,
}

/// `judge config`.
pub fn show(config: Option<&Path>) -> Result<u8> {
    let runner = load_runner(config)?;
    report::config::write(&mut stdout(), &runner)?;
    Ok(exit::ACCEPTED)
}

/// `judge init`.
pub fn init(args: &InitArgs) -> Result<u8> {
    let written = config::init_project(&args.dir)?;
    let mut out = stdout();
    writeln!(out, "started a project in {}:", args.dir.display())?;
    for path in &written {
        writeln!(out, "  {}", display_path(path).display())?;
    }
    writeln!(
        out,
        "next: `judge new ID` for a problem of your own, or grade on a built-in one: \
         `judge test a.cpp --problem boj12100` (`judge list` shows them)"
    )?;
    Ok(exit::ACCEPTED)
}

/// `judge new`.
pub fn new(config: Option<&Path>, args: &NewArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    let root = runner.project_root()?;
    let dir = config::new_problem(&root.join("problems"), &args.problem)?;
    let mut out = stdout();
    writeln!(
        out,
        "wrote {}: problem.toml, statement.md, samples/example.in and .ans",
        display_path(&dir).display()
    )?;
    if built_in_ids().contains(&args.problem.as_str()) {
        writeln!(
            out,
            "note: it overrides the built-in problem {} in this project",
            args.problem
        )?;
    }
    writeln!(
        out,
        "next: edit it, add samples, then `judge test SOLUTION --problem {}`",
        args.problem
    )?;
    Ok(exit::ACCEPTED)
}

/// `judge clean`.
pub fn clean(config: Option<&Path>) -> Result<u8> {
    let runner = load_runner(config)?;
    let cleaned = lang::clean(&runner.cache_dir)?;
    let mut out = stdout();
    writeln!(
        out,
        "removed {} cache entries ({} KiB) from {}",
        cleaned.entries,
        cleaned.bytes.div_ceil(1024),
        runner.cache_dir.display()
    )?;
    if !cleaned.unmarked.is_empty() {
        writeln!(
            out,
            "left {} folders named like cache entries but without judge's marker (a cache \
             written before judge marked its entries, or folders that are not judge's): \
             remove them by hand if they are judge's",
            cleaned.unmarked.len()
        )?;
        for path in &cleaned.unmarked {
            writeln!(out, "  {}", display_path(path).display())?;
        }
    }
    Ok(exit::ACCEPTED)
}
