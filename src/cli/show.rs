//! `judge show PROBLEM`: what a problem is, to read before solving it: its title, kind and
//! where it comes from, its limits, the parts it is made of, a scored problem's groups, its
//! samples and its statement (Markdown rendered for a terminal, the text as written
//! elsewhere; a Kattis package's statement file as text, LaTeX included).

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::Args;

use judge::check::{Checker, Comparison};
use judge::config::{ProblemOrigin, ProblemSpec, ProgramSpec, RunnerConfig};
use judge::files::{Cap, Folder, Kind};
use judge::grade::display_path;
use judge::plan::TestSource;
use judge::quote;
use judge::resolve::{Judge, Problem, TimeLimitRule};
use judge::scoring::aggregate;
use judge::scoring::{
    Aggregation, Child, Format, Group, GroupTree, Rule, ScoreRule, SpecAggregation,
};

use super::{exit, load_runner, on_terminal, stdout};

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// A problem id (project, user or built-in), or the path of a problem folder or a Kattis
    /// package.
    pub problem: String,
    /// Samples to show (the first ones); 0 shows none.
    #[arg(long, default_value_t = 3)]
    pub samples: usize,
}

/// Lines of a sample's file shown; the rest is counted.
const SAMPLE_LINES: usize = 20;
/// Characters of a sample's line shown.
const SAMPLE_LINE_CHARS: usize = 100;

/// Groups of a scored problem listed, a line each; the rest are counted.
const GROUP_LINES: usize = 40;

/// `judge show`.
pub fn show(config: Option<&Path>, args: &ShowArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    let (origin, resolved) = judge::resolve::problem_with_origin(&runner, &args.problem)?;
    let (problem, package) = (&resolved.spec, resolved.package.as_ref());
    let mut out = stdout();
    // What the problem's files name, with control characters escaped (a package is not
    // judge's to trust); its samples and statement are shown as they are, as cat would.
    writeln!(
        out,
        "{} ({})",
        quote::terminal(&problem.title),
        quote::terminal(&problem.id)
    )?;
    let polygon = judge::polygon::is_package_folder(&problem.dir);
    let kind = match package {
        Some(_) if polygon => format!("{} (a Polygon package)", problem.kind.name()),
        Some(_) => format!("{} (a Kattis problem package)", problem.kind.name()),
        None => problem.kind.name().to_string(),
    };
    writeln!(out, "kind:    {kind}")?;
    writeln!(out, "source:  {}", quote::terminal(&problem.source))?;
    if let Some(package) = package {
        for (key, value) in about(&package.metadata.about) {
            writeln!(out, "{:<8} {}", format!("{key}:"), quote::terminal(&value))?;
        }
    }
    writeln!(
        out,
        "from:    {} ({})",
        origin_name(origin),
        display_path(&problem.dir).display()
    )?;
    writeln!(out, "limits:  {}", limits(&resolved))?;
    writeln!(out, "parts:")?;
    for (role, what) in parts(&resolved) {
        writeln!(out, "  {role:<11} {what}")?;
    }
    if let Some(tree) = &problem.groups {
        let lines = groups(tree);
        writeln!(out, "groups:  {} (a scored problem)", lines.len())?;
        for line in lines.iter().take(GROUP_LINES) {
            writeln!(out, "  {}", quote::terminal(line))?;
        }
        if lines.len() > GROUP_LINES {
            writeln!(out, "  ... and {} more", lines.len() - GROUP_LINES)?;
        }
    }
    let samples = samples(&runner, problem)?;
    writeln!(out, "samples: {}", samples.len())?;
    for (name, input, answer) in samples.iter().take(args.samples) {
        let name = quote::terminal(name);
        writeln!(out, "\n--- sample {name}: input")?;
        write!(out, "{}", excerpt(input))?;
        writeln!(out, "--- sample {name}: answer")?;
        write!(out, "{}", excerpt(answer))?;
    }
    match statement(&problem.dir)? {
        Some((file, text)) => {
            writeln!(out, "\n--- statement ({})\n", display_path(&file).display())?;
            let markdown = file.extension().is_some_and(|e| e == "md");
            if markdown && on_terminal() && std::env::var_os("NO_COLOR").is_none() {
                let width = termimad::terminal_size().0.clamp(20, 100) as usize;
                let skin = termimad::MadSkin::default();
                write!(
                    out,
                    "{}",
                    termimad::FmtText::from(&skin, &text, Some(width))
                )?;
            } else {
                write!(out, "{text}")?;
                if !text.ends_with('\n') {
                    writeln!(out)?;
                }
            }
        }
        None => writeln!(out, "\nno statement (statement.md) in its folder")?,
    }
    Ok(exit::ACCEPTED)
}

/// What a package's problem.yaml says about the problem beyond grading, a line each
/// (`credits` a line a role); what it leaves out is not shown.
fn about(about: &judge::kattis::metadata::About) -> Vec<(String, String)> {
    let mut lines = Vec::new();
    if about.sources.len() > 1 {
        lines.push(("sources".into(), about.sources.join("; ")));
    }
    for (role, people) in &about.credits {
        lines.push((role.clone(), people.join(", ")));
    }
    let optional = [
        ("license", &about.license),
        ("rights", &about.rights_owner),
        ("uuid", &about.uuid),
        ("version", &about.version),
        ("embargo", &about.embargo_until),
    ];
    for (key, value) in optional {
        if let Some(value) = value {
            lines.push((key.into(), value.clone()));
        }
    }
    if !about.keywords.is_empty() {
        lines.push(("keywords".into(), about.keywords.join(", ")));
    }
    if !about.languages.is_empty() {
        lines.push(("languages".into(), about.languages.join(", ")));
    }
    lines
}

fn origin_name(origin: ProblemOrigin) -> &'static str {
    match origin {
        ProblemOrigin::Project => "the project's problems/",
        ProblemOrigin::User => "the user's problems/",
        ProblemOrigin::BuiltIn => "built into judge, written out into the cache",
        ProblemOrigin::Path => "a folder given by path",
    }
}

/// The limits as a line: `cpu 1 s, memory 256 MiB; slower languages get their allowance`.
fn limits(resolved: &Problem) -> String {
    let (limits, package) = (&resolved.spec.limits, resolved.package.as_ref());
    let time = match package {
        Some(package) if resolved.time_limit == TimeLimitRule::Provisional => format!(
            "cpu derived from the accepted submissions (slowest x {}, as verifyproblem does; \
             `judge verify` sets it)",
            package.metadata.time.ac_to_time_limit
        ),
        _ => format!("cpu {} s", limits.cpu_time.as_secs_f64()),
    };
    let mut line = format!(
        "{time}, memory {} MiB",
        limits.memory_bytes / judge::limits::MIB
    );
    if let Some(output) = limits.output_bytes {
        line += &format!(", output {} MiB", output / judge::limits::MIB);
    }
    if package.is_some() {
        line += "; the same for every language";
    } else if limits.language_extra_time || limits.language_extra_memory {
        line += "; slower languages get their allowance (`judge config` lists them)";
    } else {
        line += "; the same for every language";
    }
    line
}

/// A scored problem's groups, a line each: a folder problem's as its `problem.toml` lists them
/// (with the groups each includes), a package's every group under `data/`.
fn groups(tree: &GroupTree) -> Vec<String> {
    let listed: Vec<&Group> = match tree.format {
        Format::Folder => sub_groups(&tree.root).collect(),
        Format::KattisLegacy | Format::Kattis2023 | Format::Kattis2025 => {
            tree.root.groups().into_iter().skip(1).collect()
        }
    };
    let width = listed.iter().map(|g| g.path.len()).max().unwrap_or(0);
    listed
        .iter()
        .map(|group| {
            let points = aggregate::max_score(group)
                .or(Some(group.settings.range.max).filter(|max| max.is_finite()))
                .map_or("its validator's score".into(), |max| {
                    format!("{max} points")
                });
            let how = match &group.settings.rule {
                Rule::Points { aggregation, .. } => match aggregation {
                    Aggregation::Min => "its least test",
                    Aggregation::Sum => "each test a share",
                },
                Rule::Spec(spec) => match spec.aggregation {
                    SpecAggregation::PassFail => "pass-fail",
                    SpecAggregation::Sum => "the sum of its tests",
                    SpecAggregation::Min => "its least test",
                },
                Rule::Default(flags) => match flags.score {
                    ScoreRule::Sum => "the sum of its parts",
                    ScoreRule::Avg => "the mean of its parts",
                    ScoreRule::Min => "its least part",
                    ScoreRule::Max => "its best part",
                },
                Rule::Custom { .. } => "by the package's grader",
            };
            let includes: Vec<&str> = match tree.format {
                Format::Folder => sub_groups(group)
                    .map(|g| g.path.rsplit('/').next().unwrap_or(&g.path))
                    .collect(),
                _ => Vec::new(),
            };
            let includes = match includes.is_empty() {
                true => String::new(),
                false => format!(", includes {}", includes.join(", ")),
            };
            format!(
                "{:<width$}  {points}, {how}, {} tests{includes}",
                group.path,
                group.tests().len()
            )
        })
        .collect()
}

/// A group's groups (not their own).
fn sub_groups(group: &Group) -> impl Iterator<Item = &Group> {
    group.children.iter().filter_map(|child| match child {
        Child::Group(group) => Some(group),
        Child::Test(_) => None,
    })
}

/// A program's line: its source (or command) and its convention.
fn program(spec: &ProgramSpec, problem: &ProblemSpec) -> String {
    let what = match &spec.source {
        judge::config::ProgramSource::Source { path, .. } => path
            .strip_prefix(&problem.dir)
            .unwrap_or(path)
            .display()
            .to_string(),
        judge::config::ProgramSource::Command(parts) => format!("command {}", parts.join(" ")),
    };
    match spec.role {
        judge::config::Role::Generator | judge::config::Role::Reference => what,
        _ => format!("{what} ({:?} convention)", spec.convention).to_lowercase(),
    }
}

/// The parts a problem is made of, each with what it is.
fn parts(resolved: &Problem) -> Vec<(&'static str, String)> {
    let (problem, package) = (&resolved.spec, resolved.package.as_ref());
    let programs = &problem.programs;
    let mut parts = Vec::new();
    let built_in_batch = !programs.any() && judge::problems::batch_problem(&problem.id).is_some();
    if resolved.judge == Judge::Referee {
        let games = problem.interactive.as_ref();
        parts.push((
            "game side",
            format!(
                "built into judge: {} games a submission, accepted at a mean score of {} or more",
                games.map_or(0, |g| g.games),
                games.map_or(0.0, |g| g.accept_mean_score)
            ),
        ));
        return parts;
    }
    if built_in_batch {
        parts.push((
            "generator",
            "built into judge (seeded random tests, and a hard set where it has one)".into(),
        ));
        parts.push(("reference", "built into judge".into()));
        parts.push(("validator", "built into judge".into()));
    }
    // A package's validator is the first of its input validators: they are listed below.
    let validator = if package.is_some() {
        &None
    } else {
        &programs.validator
    };
    for spec in [&programs.generator, &programs.reference, validator]
        .into_iter()
        .flatten()
    {
        parts.push((spec.role.name(), program(spec, problem)));
    }
    if let Some(package) = package {
        for spec in &package.input_validators {
            parts.push(("validator", program(spec, problem)));
        }
        for script in &package.checktestdata {
            let shown = script.strip_prefix(&problem.dir).unwrap_or(script);
            parts.push(("validator", format!("{} (checktestdata)", shown.display())));
        }
    }
    if let Some(interactor) = &programs.interactor {
        parts.push(("interactor", program(interactor, problem)));
    } else {
        let checker = match &problem.checker {
            Checker::Compare(Comparison::Tokens) => "tokens (whitespace does not matter)".into(),
            Checker::Compare(Comparison::Lines) => "lines (exact but for trailing spaces)".into(),
            Checker::Compare(Comparison::Float { tolerance }) => {
                format!("float (absolute or relative error up to {tolerance})")
            }
            Checker::Compare(Comparison::Kattis { flags }) if flags.is_empty() => {
                "the default output validator".into()
            }
            Checker::Compare(Comparison::Kattis { flags }) => {
                format!("the default output validator, {}", flags.join(" "))
            }
            Checker::Program(spec) => program(spec, problem),
        };
        parts.push(("checker", checker));
        for spec in &programs.more_checkers {
            parts.push((
                "checker",
                format!("{}, after the one above", program(spec, problem)),
            ));
        }
    }
    if let Some(spec) = &programs.static_validator {
        parts.push(("static validator", program(spec, problem)));
    }
    if !programs.any() && !built_in_batch && package.is_none() {
        parts.push((
            "tests",
            "its samples only (no generator): add more with --tests-dir".into(),
        ));
    }
    if let Some(package) = package {
        let place = if judge::polygon::is_package_folder(&package.dir) {
            "tagged in problem.xml"
        } else {
            "in submissions/"
        };
        parts.push((
            "submissions",
            format!("{} {place}", package.submissions.len()),
        ));
    }
    parts
}

/// The samples, each as (name, input, answer), read as files inside the problem's folder.
fn samples(runner: &RunnerConfig, problem: &ProblemSpec) -> Result<Vec<(String, String, String)>> {
    let files: Vec<(String, PathBuf, PathBuf, Folder)> = match &problem.file_tests {
        Some(tests) => tests
            .iter()
            .filter(|t| t.sample)
            .map(|t| {
                (
                    t.name.clone(),
                    t.input.clone(),
                    t.answer.clone(),
                    t.folder.clone(),
                )
            })
            .collect(),
        None if problem.samples_dir().is_dir() => {
            judge::plan::tests_in(&problem.dir, &problem.samples_dir())?
                .into_iter()
                .filter_map(|test| match test.source {
                    TestSource::Files {
                        input,
                        answer,
                        folder,
                    } => Some((test.name, input, answer, folder)),
                    _ => None,
                })
                .collect()
        }
        None => Vec::new(),
    };
    let cap = runner.files.tests();
    files
        .into_iter()
        .map(|(name, input, answer, folder)| {
            // A Polygon package may keep no answers: its main solution makes them.
            let answer = match folder.kind_if_any(&answer)? {
                None if problem.programs.reference.is_some() => {
                    "(not in the package: the main solution makes it)\n".to_string()
                }
                _ => folder.read_text(&answer, cap)?,
            };
            Ok((name, folder.read_text(&input, cap)?, answer))
        })
        .collect()
}

/// The first lines of a file, each cut to its first characters, with what was left out.
fn excerpt(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut shown = String::new();
    for line in lines.iter().take(SAMPLE_LINES) {
        let cut: String = line.chars().take(SAMPLE_LINE_CHARS).collect();
        shown += &cut;
        if cut.len() < line.len() {
            shown += " ...";
        }
        shown.push('\n');
    }
    if lines.len() > SAMPLE_LINES {
        shown += &format!("... ({} more lines)\n", lines.len() - SAMPLE_LINES);
    }
    shown
}

/// The statement: `statement.md` in a problem's folder, or a Kattis package's statement file
/// (`problem_statement/` or `statement/`, English first, Markdown before LaTeX).
fn statement(dir: &Path) -> Result<Option<(PathBuf, String)>> {
    let folder = Folder::new(dir)?;
    let mut candidates = vec![dir.join("statement.md")];
    for sub in ["statement", "problem_statement"] {
        let sub = dir.join(sub);
        if folder.kind_if_any(&sub)? != Some(Kind::Folder) {
            continue;
        }
        let mut names: Vec<PathBuf> = std::fs::read_dir(&sub)?
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                let name = p.file_name().unwrap_or_default().to_string_lossy();
                name.starts_with("problem") && (name.ends_with(".md") || name.ends_with(".tex"))
            })
            .collect();
        // English first, then a file without a language, then the others; Markdown first.
        names.sort_by_key(|p| {
            let name = p
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let language = if name.starts_with("problem.en.") {
                0
            } else if name == "problem.md" || name == "problem.tex" {
                1
            } else {
                2
            };
            (language, !name.ends_with(".md"), name)
        });
        candidates.extend(names);
    }
    for file in candidates {
        if folder.kind_if_any(&file)? == Some(Kind::File) {
            let text = folder.read_text(&file, Cap::STATEMENT)?;
            return Ok(Some((file, text)));
        }
    }
    Ok(None)
}
