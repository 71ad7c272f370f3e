//! The commands about where judge works: `config` (the merged configuration and where each
//! value came from), `init` (start a project), `new` (start a problem, in the project or
//! standing alone) and `clean` (empty the compile cache).

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::Args;

use judge::config::{self, built_in_ids, Placement, Scaffold, ScaffoldLanguage};
use judge::grade::display_path;
use judge::{lang, quote, report};

use super::{exit, load_runner, stdout};

#[derive(Debug, Args)]
pub struct InitArgs {
    /// The project's folder (created if needed; default: the current folder).
    #[arg(default_value = ".")]
    pub dir: PathBuf,
}

#[derive(Debug, Args)]
pub struct NewArgs {
    /// The new problem's id (letters, digits, - and _): its folder in the project's problems/,
    /// or outside a project (or given as a path, with a /) a folder of its own here.
    pub problem: String,
    /// The language of its programs and solutions: cpp (or c++), py (or python).
    #[arg(long, default_value = "cpp", value_parser = scaffold_language)]
    pub lang: ScaffoldLanguage,
    /// An interactive problem (guess the number against an interactor) instead of a batch
    /// one (A plus B with a checker).
    #[arg(long)]
    pub interactive: bool,
}

fn scaffold_language(name: &str) -> Result<ScaffoldLanguage, String> {
    ScaffoldLanguage::named(name).ok_or_else(|| {
        let known: Vec<&str> = ScaffoldLanguage::ALL.iter().map(|l| l.names()[0]).collect();
        format!("no scaffold in {name:?}: one of {}", known.join(", "))
    })
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

/// `judge new`: in a project, `problems/ID/` and `solutions/ID/`; outside one, or for a
/// path, a folder standing alone.
pub fn new(config: Option<&Path>, args: &NewArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    let placement = match runner.project_root() {
        Ok(root) if !args.problem.contains('/') => Placement::Project {
            root: root.to_path_buf(),
        },
        _ => Placement::Alone {
            dir: PathBuf::from(&args.problem),
        },
    };
    let scaffold = Scaffold {
        language: args.lang,
        interactive: args.interactive,
    };
    let made = config::new_problem(&placement, &args.problem, scaffold)?;
    let mut out = stdout();
    let (what, parts) = if args.interactive {
        ("Guess the Number", "generator, validator, interactor")
    } else {
        ("A plus B", "generator, reference, validator, checker")
    };
    writeln!(
        out,
        "wrote {} ({what}, a working example to make your own; problem.toml explains each part):",
        display_path(&made.dir).display()
    )?;
    writeln!(
        out,
        "  problem.toml, statement.md, samples/, programs/ ({parts})"
    )?;
    writeln!(
        out,
        "  {}: accepted/ and wrong_answer/",
        display_path(&made.solutions).display()
    )?;
    if matches!(placement, Placement::Project { .. }) && built_in_ids().contains(&made.id.as_str())
    {
        writeln!(
            out,
            "note: it overrides the built-in problem {} in this project",
            made.id
        )?;
    }
    // The commands next are for a person to paste into a shell: their names quoted.
    let problem = quote::shell(match &placement {
        Placement::Project { .. } => made.id.clone(),
        Placement::Alone { .. } => path_argument(&args.problem),
    });
    let accepted = std::fs::read_dir(made.solutions.join("accepted"))
        .ok()
        .and_then(|mut entries| entries.next())
        .and_then(|entry| entry.ok())
        .map(|entry| quote::shell(display_path(&entry.path())))
        .unwrap_or_else(|| "SOLUTION".into());
    writeln!(out, "next:")?;
    writeln!(
        out,
        "  judge verify {problem}        # every part and every solution, at once"
    )?;
    writeln!(out, "  judge test {accepted} --problem {problem}")?;
    writeln!(out, "  judge show {problem}")?;
    // problemtools takes a package's folder name for its short name: a-z and 0-9 only.
    let short_name: String = made
        .id
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    writeln!(
        out,
        "  judge export {problem} --kattis kattis/{short_name}   # a Kattis problem package"
    )?;
    Ok(exit::ACCEPTED)
}

/// A folder as a `--problem` argument: with a `/`, so that it is taken as a path.
fn path_argument(name: &str) -> String {
    if name.contains('/') {
        name.to_string()
    } else {
        format!("./{name}")
    }
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
