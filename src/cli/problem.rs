//! The commands about a problem itself: `gen` (generated tests), `solve` (the reference
//! answer), `validate` (inputs against the statement's guarantees), `export` (a Kattis
//! package) and `list`.

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{anyhow, bail, Result};
use clap::Args;

use judge::cleanup::Stop;
use judge::config::RunnerConfig;
use judge::execute::Scratch;
use judge::files;
use judge::grade::package;
use judge::grade::validation::{self, InputCheck, InputToCheck, ProblemValidator};
use judge::problems::{self, CodeError, GenRequest, ProblemCode, TestSet};
use judge::report;
use judge::report::json::JsonReporter;
use judge::report::progress::ProgressReporter;
use judge::report::validation::ValidationReporter;
use judge::report::Reporters;

use super::{bounded, exit, finish, load_runner, on_terminal, report_file, stdout};

#[derive(Debug, Args)]
pub struct GenArgs {
    /// The problem id or folder.
    pub problem: OsString,
    /// Master seed (default: runner.toml's seed).
    #[arg(long, allow_negative_numbers = true, value_parser = bounded::seed)]
    pub seed: Option<u64>,
    /// Print the test with this index.
    #[arg(long, conflicts_with_all = ["count", "out"], allow_negative_numbers = true, value_parser = bounded::index)]
    pub index: Option<u64>,
    /// Number of tests to write (with --out).
    #[arg(long, value_name = "N", requires = "out", allow_negative_numbers = true, value_parser = bounded::tests_u64)]
    pub count: Option<u64>,
    /// Folder for DIR/001.in, DIR/001.ans, ... (a package's: all its tests, or the first
    /// --count).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Size in percent of the largest allowed input (1 to 100).
    #[arg(long, value_name = "PERCENT", default_value = "100", allow_negative_numbers = true, value_parser = bounded::size_percent)]
    pub size: u32,
    /// Tests of the hard set (worst cases, as `judge test --tests hard` runs them).
    #[arg(long)]
    pub hard: bool,
    /// Tests for this group of the problem: its generator gets the group's `generator_args`
    /// (problem.toml) after its own arguments.
    #[arg(long, value_name = "NAME", conflicts_with = "hard")]
    pub group: Option<String>,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The problem id or folder.
    pub problem: OsString,
    /// Input file (default: standard input).
    pub file: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The problem id or folder.
    pub problem: OsString,
    /// The input files to check against the problem's format and guarantees (none: a Kattis
    /// package checks each of its tests with its group's input_validator_flags, a problem with
    /// [[groups]] each of its tests with each of its groups' validator arguments).
    pub files: Vec<PathBuf>,
    /// Check the files against this group's limits (its `validator_args` in problem.toml).
    #[arg(long, value_name = "NAME")]
    pub group: Option<String>,
    /// Files checked at once (default: runner.toml's jobs; 0 = one per core).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = bounded::jobs)]
    pub jobs: Option<usize>,
    /// Write a JSON report here: each input and what its validator said.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
}

/// A problem's code: built into the grader, or its own programs (built now).
fn code(runner: &RunnerConfig, id: &OsStr) -> Result<Box<dyn ProblemCode>> {
    code_of(runner, &judge::resolve::problem(runner, id)?)
}

/// A resolved problem's code (see [`code`]).
fn code_of(
    runner: &RunnerConfig,
    problem: &judge::resolve::Problem,
) -> Result<Box<dyn ProblemCode>> {
    let scratch = Arc::new(Scratch::new(&runner.sandbox)?);
    problem.code(runner, &scratch)?.ok_or_else(|| {
        anyhow!(
            "problem {} has no generator, reference or validator",
            problem.spec.id
        )
    })
}

/// `judge gen`.
pub fn gen(config: Option<&Path>, args: &GenArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    let resolved = judge::resolve::problem(&runner, &args.problem)?;
    if let (Some(_), Some(tests)) = (&resolved.package, &resolved.spec.file_tests) {
        return package_tests(&runner, &resolved, tests, args);
    }
    let code = code_of(&runner, &resolved)?;
    let generator_args = match &args.group {
        None => &[][..],
        Some(name) => resolved
            .spec
            .group_generator_args
            .get(name)
            .ok_or_else(|| {
                anyhow!(
                    "problem {} has no group {name:?}{}",
                    resolved.spec.id,
                    known_groups(&resolved.spec)
                )
            })?
            .as_slice(),
    };
    let with_args = problems::WithGroupArgs {
        code: code.as_ref(),
        generator_args,
        validator_args: &[],
    };
    let problem: &dyn ProblemCode = match &args.group {
        Some(_) => &with_args,
        None => code.as_ref(),
    };
    let seed = args.seed.unwrap_or(runner.seed);
    let set = if args.hard {
        if !problem.has_hard_set() {
            bail!(
                "problem {} has no hard set",
                Path::new(&args.problem).display()
            );
        }
        TestSet::Hard
    } else {
        TestSet::Default
    };
    match (args.index, args.count, &args.out) {
        (Some(index), _, _) => {
            let request = GenRequest {
                index,
                size_percent: args.size,
            };
            let input = problems::generate_in(problem, set, seed, request)?;
            write!(stdout(), "{input}")?;
        }
        (None, Some(count), Some(out)) => {
            problems::write_tests(
                problem,
                set,
                seed,
                count,
                args.size,
                out,
                args.group.as_deref(),
                Stop::on_signals(),
            )?;
            eprintln!("wrote {count} tests to {}", out.display());
        }
        _ => bail!("give --index I, or --count N with --out DIR"),
    }
    Ok(exit::ACCEPTED)
}

/// `judge gen` of a package (a Polygon package, a Kattis package): its own tests, those made
/// from its generators' commands among them, as `--index` (from 1, in the package's order)
/// prints one's input and `--out` writes them with their answers.
fn package_tests(
    runner: &RunnerConfig,
    resolved: &judge::resolve::Problem,
    tests: &[judge::config::FileTest],
    args: &GenArgs,
) -> Result<u8> {
    use judge::programs::doall;
    if args.hard || args.group.is_some() || args.seed.is_some() {
        bail!(
            "problem {} is a package: its tests are its own (--hard, --group and --seed do not apply)",
            resolved.spec.id
        );
    }
    match (args.index, &args.out) {
        (Some(index), _) => {
            let test = index
                .checked_sub(1)
                .and_then(|i| tests.get(i as usize))
                .ok_or_else(|| {
                    anyhow!(
                        "problem {} has {} tests: --index is 1 to {}",
                        resolved.spec.id,
                        tests.len(),
                        tests.len()
                    )
                })?;
            stdout().write_all(&test.read_input()?)?;
        }
        (None, Some(out)) => {
            let scratch = Arc::new(Scratch::new(&runner.sandbox)?);
            let code = resolved.code(runner, &scratch)?;
            let written = doall::write_tests(
                tests,
                code.as_deref(),
                out,
                args.count.map(|n| n as usize),
                Stop::on_signals(),
            )?;
            eprintln!("wrote {written} tests to {}", out.display());
        }
        _ => bail!("give --index I, or --out DIR (with --count N for the first N)"),
    }
    Ok(exit::ACCEPTED)
}

/// `judge solve`.
pub fn solve(config: Option<&Path>, args: &SolveArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    let problem = code(&runner, &args.problem)?;
    let cap = runner.files.tests();
    let input = match &args.file {
        Some(file) => files::read_text(file, cap)?,
        None => files::read_text_from(std::io::stdin(), Path::new("standard input"), cap)?,
    };
    match problem.solve(&input) {
        Ok(answer) => {
            write!(stdout(), "{answer}")?;
            Ok(exit::ACCEPTED)
        }
        Err(CodeError::Invalid(e)) => {
            eprintln!("invalid input: {e}");
            Ok(exit::NOT_ACCEPTED)
        }
        Err(e) => Err(e.into()),
    }
}

/// `judge validate`: each file against the problem's validator (every input validator of a
/// Kattis package, its programs and checktestdata scripts, as `judge verify` runs them), in
/// parallel; exit 0 when all are valid, 1 when one is not, 2 when a validator failed on one
/// (named, with the file) or does not build.
pub fn validate(config: Option<&Path>, args: &ValidateArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    let problem = judge::resolve::problem(&runner, &args.problem)?;
    let inputs = inputs_to_validate(&problem.spec, problem.package.is_some(), args)?;
    let mut reporters = Reporters::new();
    let out = if on_terminal() {
        let bar = ProgressReporter::new();
        let out: Box<dyn Write> = Box::new(bar.writer(stdout()));
        reporters.add(bar);
        out
    } else {
        stdout()
    };
    reporters.add(ValidationReporter::new(out));
    if let Some(path) = &args.json {
        reporters.add(JsonReporter::new(report_file(path)?));
    }
    let jobs = runner.jobs(args.jobs);
    let checked = if let Some(package) = &problem.package {
        let none = package.input_validators.is_empty() && package.checktestdata.is_empty();
        if none {
            bail!(
                "package {} has no input validator",
                problem.spec.dir.display()
            );
        }
        let (validators, checked) = package::validate_inputs(
            &runner,
            package,
            &inputs,
            jobs,
            Stop::on_signals(),
            &mut reporters,
        )?;
        for warning in &validators.warnings {
            eprintln!("warning: {warning}");
        }
        if let Some(broken) = validators.invalid.first() {
            bail!("{broken}");
        }
        if validators.validators == 0 {
            bail!(
                "package {}: none of its input validators can run here",
                problem.spec.dir.display()
            );
        }
        checked
    } else {
        let scratch = Arc::new(Scratch::new(&runner.sandbox)?);
        let code = problem
            .code(&runner, &scratch)?
            .filter(|code| code.can_validate())
            .ok_or_else(|| {
                anyhow!(
                    "problem {} has no validator",
                    Path::new(&args.problem).display()
                )
            })?;
        let validator = ProblemValidator(code.as_ref());
        validation::check_inputs(
            &inputs,
            runner.files.tests(),
            &[&validator],
            jobs,
            Stop::on_signals(),
            &mut reporters,
        )?
    };
    finish(&mut reporters)?;
    let failed = checked
        .iter()
        .filter(|c| matches!(c.check, InputCheck::Failed(_)))
        .count();
    let invalid = checked
        .iter()
        .filter(|c| matches!(c.check, InputCheck::Invalid(_)))
        .count();
    Ok(exit::validated(failed, invalid))
}

/// What `judge validate` checks: the files named, with `--group`'s validator arguments; or,
/// named none, a package's tests, or each test of a problem with groups with each of its
/// groups' arguments.
fn inputs_to_validate(
    spec: &judge::config::ProblemSpec,
    is_package: bool,
    args: &ValidateArgs,
) -> Result<Vec<InputToCheck>> {
    let folder_groups = spec
        .groups
        .as_deref()
        .filter(|_| !spec.group_generator_args.is_empty());
    let group_args = match (&args.group, folder_groups) {
        (None, _) => Vec::new(),
        (Some(name), Some(tree)) => judge::config::groups::validator_args(tree, name)
            .filter(|_| spec.group_generator_args.contains_key(name))
            .ok_or_else(|| {
                anyhow!(
                    "problem {} has no group {name:?}{}",
                    spec.id,
                    known_groups(spec)
                )
            })?
            .to_vec(),
        (Some(_), None) => bail!("problem {} has no [[groups]] in its problem.toml", spec.id),
    };
    if !args.files.is_empty() {
        return Ok(args
            .files
            .iter()
            .map(|file| InputToCheck {
                name: file.display().to_string(),
                path: file.clone(),
                // A file the user names is read as a shell reads it (a link, /dev/stdin).
                root: None,
                args: group_args.clone(),
                args_by_name: None,
                answer_to: None,
            })
            .collect());
    }
    // A package's own tests, each with its group's input_validator_flags.
    if let (None, true, Some(tests)) = (folder_groups, is_package, spec.file_tests.as_ref()) {
        return Ok(tests.iter().map(InputToCheck::from).collect());
    }
    let (Some(tree), Some(tests)) = (folder_groups, spec.file_tests.as_ref()) else {
        bail!(
            "give the input files to check (only a package or a problem with [[groups]] checks \
             its own tests)"
        );
    };
    let calls = judge::config::groups::validator_calls(tree);
    Ok(calls
        .into_iter()
        .filter(|call| args.group.as_ref().map_or(true, |g| *g == call.group))
        .filter_map(|call| {
            let test = tests.iter().find(|t| t.name == call.test)?;
            Some(InputToCheck {
                name: format!("{} (group {})", call.test, call.group),
                path: test.input.clone(),
                root: Some(test.folder.clone()),
                args: call.args,
                args_by_name: None,
                answer_to: None,
            })
        })
        .collect())
}

/// `: its groups are a, b` for an error naming a group a problem lacks.
fn known_groups(spec: &judge::config::ProblemSpec) -> String {
    let names: Vec<&str> = spec
        .group_generator_args
        .keys()
        .map(String::as_str)
        .collect();
    match names.is_empty() {
        true => String::new(),
        false => format!(" (its groups: {})", names.join(", ")),
    }
}

/// `judge list`: every problem it can find (project, user, built-in); a broken one is named
/// with its error (exit 2).
pub fn list(config: Option<&Path>) -> Result<u8> {
    let runner = load_runner(config)?;
    let problems = judge::resolve::all(&runner);
    let broken = report::list::write(&mut stdout(), &problems)?;
    Ok(exit::listed(broken))
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The problem id or folder (a Polygon package's folder or zip too).
    pub problem: OsString,
    /// Write the problem as a Kattis problem package into this new folder (its checker,
    /// validator or interactor programs become the package's validators).
    #[arg(
        long,
        value_name = "DIR",
        required_unless_present = "polygon",
        conflicts_with = "polygon"
    )]
    pub kattis: Option<PathBuf>,
    /// Write the problem (a Kattis package) as a Polygon package into this new folder:
    /// problem.xml, its tests, testlib's standard checker that compares as it does, its
    /// solutions tagged by their folders.
    #[arg(long, value_name = "DIR")]
    pub polygon: Option<PathBuf>,
    /// Generated tests to write besides the samples (default: runner.toml's random_tests; 0:
    /// the samples alone).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = bounded::exported_tests)]
    pub count: Option<u64>,
    /// Master seed of the generated tests (default: runner.toml's seed).
    #[arg(long, allow_negative_numbers = true, value_parser = bounded::seed)]
    pub seed: Option<u64>,
}

/// `judge export PROBLEM --kattis DIR` (or `--polygon DIR`).
pub fn export(config: Option<&Path>, args: &ExportArgs) -> Result<u8> {
    let runner = load_runner(config)?;
    if let Some(out) = &args.polygon {
        return export_to_polygon(&runner, args, out);
    }
    let problem = judge::resolve::problem(&runner, &args.problem)?;
    let Some(kattis) = &args.kattis else {
        bail!("say where to write the package: --kattis DIR or --polygon DIR");
    };
    let scratch = Arc::new(Scratch::new(&runner.sandbox)?);
    if let Some(package) = problem
        .package
        .as_ref()
        .filter(|p| judge::polygon::is_package_folder(&p.dir))
    {
        if args.count.is_some() || args.seed.is_some() {
            bail!(
                "{} is a Polygon package: its tests are its own (--count and --seed do not apply)",
                package.dir.display()
            );
        }
        return export_polygon(&runner, package, &problem, scratch, kattis);
    }
    let code = problem.code(&runner, &scratch)?;
    let solutions =
        judge::grade::verify::solutions_folder(runner.project_root().ok(), &problem.spec);
    let exported = judge::kattis::export::write_package(
        &runner,
        &problem.spec,
        problem.judge,
        code.as_deref(),
        solutions.as_deref(),
        kattis,
        args.count.unwrap_or(runner.random_tests as u64),
        args.seed.unwrap_or(runner.seed),
        Stop::on_signals(),
    )?;
    tell_exported(kattis, &exported);
    Ok(exit::ACCEPTED)
}

fn tell_exported(out: &Path, exported: &judge::kattis::export::Exported) {
    eprintln!(
        "wrote {}: {} tests, {} submissions",
        out.display(),
        exported.tests,
        exported.submissions
    );
    for note in &exported.notes {
        eprintln!("  {note}");
    }
    for left_out in &exported.left_out {
        eprintln!("  left out: {left_out}");
    }
}

/// `judge export KATTIS-PACKAGE --polygon DIR`: the package's time limit is its fixed one, or
/// the one its accepted submissions give (graded first, as `judge verify` derives it).
fn export_to_polygon(runner: &RunnerConfig, args: &ExportArgs, out: &Path) -> Result<u8> {
    if args.count.is_some() || args.seed.is_some() {
        bail!("--count and --seed do not apply to --polygon: the package's tests are written as they are");
    }
    let problem = judge::resolve::problem(runner, &args.problem)?;
    if !problem
        .package
        .as_ref()
        .is_some_and(|p| !judge::polygon::is_package_folder(&p.dir))
    {
        bail!(
            "export --polygon takes a Kattis package; {} is not one",
            problem.spec.dir.display()
        );
    }
    // Refused before the accepted submissions are run for a time limit.
    judge::polygon::writer::writable(&problem.spec)?;
    let problem =
        super::grading::resolved_to_grade_on(runner, &args.problem, runner.jobs(None), None)?;
    let Some(package) = &problem.package else {
        bail!("export --polygon takes a Kattis package");
    };
    let exported = judge::polygon::writer::write_package(
        runner,
        &problem.spec,
        package,
        out,
        Stop::on_signals(),
    )?;
    tell_exported(out, &exported);
    Ok(exit::ACCEPTED)
}

/// `judge export POLYGON-PACKAGE --kattis DIR`: its checker and validators built first (a
/// package whose programs do not build is refused, naming the program), then written with
/// its tests as judge grades them.
fn export_polygon(
    runner: &RunnerConfig,
    package: &judge::kattis::Package,
    problem: &judge::resolve::Problem,
    scratch: Arc<Scratch>,
    out: &Path,
) -> Result<u8> {
    use judge::programs::ProblemProgram;
    let checker = match &package.spec.checker {
        judge::check::Checker::Program(spec) => Some(spec),
        judge::check::Checker::Compare(_) => None,
    };
    for spec in checker.into_iter().chain(&package.input_validators) {
        ProblemProgram::build(runner, &package.dir, spec, scratch.clone()).map_err(|e| {
            anyhow!(
                "cannot export {}: its {} does not build: {e}",
                package.dir.display(),
                spec.role.name()
            )
        })?;
    }
    let code = problem.code(runner, &scratch)?;
    let exported = judge::polygon::export::write_package(
        runner,
        package,
        code.as_deref(),
        out,
        Stop::on_signals(),
    )?;
    tell_exported(out, &exported);
    Ok(exit::ACCEPTED)
}
