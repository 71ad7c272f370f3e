//! `judge generate`: a package's `data/` made from its `generators/generators.yaml` (the plan
//! `judge_formats::generators` reads), as BAPCtools' `bt generate` makes it, with every
//! program in the sandbox. Each generator is built once (a file or folder under
//! `generators/`, or a generator of several files named in the yaml's `generators:`), then
//! run once per test in a fresh work folder it may write to, under limits; the files it
//! leaves (`testcase.in`, `testcase.ans`, ...; its standard output is the input when it
//! writes none), the files a test copies and its inline contents make the test, and its
//! answer, when it has none, comes from the test's solution (the named one, else the
//! package's first accepted submission). What a run gave is kept in judge's cache under a
//! digest of what made it (the program's built bytes, its arguments, the input), so an
//! unchanged test is not run again. Tests are made on `jobs` workers and written in plan
//! order; a file is rewritten only when its bytes change. Files of `data/` that an earlier
//! `judge generate` wrote and this one did not are removed; files no run of judge wrote are
//! left (and named), unless the request says to remove them.
//!
//! Nothing here prints: progress goes to the caller's observer.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use thiserror::Error;

use crate::execute::{ExecError, Scratch};
use crate::programs::checker::{self, PassOutcome};
use crate::programs::interactor;
use crate::programs::{Call, Ended, PartError, ProblemProgram};
use judge_core::cleanup::Stop;
use judge_core::config::{Convention, ProgramSource, ProgramSpec, Role, RunnerConfig};
use judge_core::constants::Constants;
use judge_core::files::{Cap, FileError, Folder};
use judge_core::limits::MIB;
use judge_core::plan::sha256_hex;
use judge_core::scoring::kattis::group_settings_text;
use judge_core::verdict::CheckOutcome;
use judge_formats::generators::{
    self, GeneratorsError, GroupYaml, PackageFacts, Plan, PlannedTest, Solution, DATA_EXTENSIONS,
};

/// What one `judge generate` is asked to do.
#[derive(Debug, Clone)]
pub struct GenerateRequest {
    /// The package's folder.
    pub package: PathBuf,
    /// Workers running generators and solutions at once.
    pub jobs: usize,
    /// CPU time of one run of a generator or solution.
    pub time_limit: Duration,
    /// Memory of one run.
    pub memory_bytes: u64,
    /// The most one file a run writes may hold (its standard output included).
    pub file_bytes: u64,
    /// Take what earlier runs gave from the cache (else run everything again).
    pub use_cache: bool,
    /// Also remove files of `data/` that no run of judge wrote and this plan does not make.
    pub remove_untracked: bool,
    /// Run each test's generator once more, outside the cache, and fail the tests whose
    /// files differ between the two runs (BAPCtools' `--check-deterministic`).
    pub check_deterministic: bool,
    pub stop: Stop,
}

impl GenerateRequest {
    /// A request with the default limits: 30 s of CPU, 2 GiB of memory and 256 MiB per
    /// file a run, BAPCtools' own generator timeout being 30 s.
    pub fn new(package: PathBuf, jobs: usize, stop: Stop) -> GenerateRequest {
        GenerateRequest {
            package,
            jobs: jobs.max(1),
            time_limit: Duration::from_secs(30),
            memory_bytes: 2048 * MIB,
            file_bytes: 256 * MIB,
            use_cache: true,
            remove_untracked: false,
            check_deterministic: false,
            stop,
        }
    }
}

/// How a test's files came to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Made {
    /// Programs ran (a generator, a solution, or both).
    Ran,
    /// Everything came from the cache or the yaml and package files.
    Kept,
    /// The same files as an earlier test (a link, or a copy of its files).
    Same,
    /// It failed (see the summary's failures).
    Failed,
}

/// What `generate` tells its observer as it goes.
#[derive(Debug, Clone)]
pub enum Progress {
    /// The plan is read and the programs built: this many tests (and includes) to make.
    Planned { tests: usize },
    /// A test is made.
    Test { path: String, made: Made },
}

/// A test that could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// Its path under `data/`.
    pub test: String,
    /// The command or program that failed (`stdout.py 5`, `solution submissions/accepted/a.py`).
    pub command: String,
    pub reason: String,
}

/// What a `judge generate` did.
#[derive(Debug, Clone, Default)]
pub struct GenerateSummary {
    /// Tests the plan makes (and links it includes).
    pub tests: usize,
    pub includes: usize,
    /// Tests for which a program ran.
    pub ran: usize,
    /// Files written or changed under `data/`.
    pub written: Vec<PathBuf>,
    /// Files that were already as they should be.
    pub unchanged: usize,
    /// Files removed: written by an earlier `judge generate` and no longer made.
    pub removed: Vec<PathBuf>,
    /// Files of `data/` that no run of judge wrote and the plan does not make, left.
    pub untracked: Vec<PathBuf>,
    /// The solution that made answers when the yaml names none.
    pub default_solution: Option<String>,
    pub failures: Vec<Failure>,
    /// What generators.yaml holds that is not read (keys for other tools).
    pub warnings: Vec<String>,
}

#[derive(Debug, Error)]
pub enum GenerateError {
    #[error(transparent)]
    Plan(#[from] GeneratorsError),
    #[error(transparent)]
    File(#[from] FileError),
    #[error("{program}: {cause}")]
    Build {
        program: String,
        cause: Box<PartError>,
    },
    #[error(
        "generator `{0}` is neither a file or folder under generators/ nor a name of `generators:`"
    )]
    NoGenerator(String),
    #[error("no solution to make answers: generators.yaml names none (`solution:`) and submissions/accepted/ is empty")]
    NoSolution,
    #[error("the solution {0} is not in the package")]
    MissingSolution(String),
    #[error("cannot read {path}: {cause}")]
    Read {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error("cannot write {path}: {cause}")]
    Write {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error(transparent)]
    Scratch(#[from] ExecError),
    #[error("{0} is not a folder (a link or a file): judge writes data/ only as a folder of the package")]
    DataNotAFolder(PathBuf),
    #[error("stopped")]
    Stopped,
}

/// The names of the files a generator may leave, in its work folder.
fn kept_names() -> Vec<String> {
    DATA_EXTENSIONS
        .iter()
        .map(|ext| format!("testcase{ext}"))
        .collect()
}

/// A test's files: extension (`.in`) -> bytes.
type Files = BTreeMap<String, Vec<u8>>;

/// A test made (its files, and whether a program ran), or why not.
type TestResult = Result<(Files, bool), Failure>;

/// Makes `data/` of the package of `request` from its generators.yaml.
pub fn generate(
    runner: &RunnerConfig,
    request: &GenerateRequest,
    observe: &(dyn Fn(Progress) + Sync),
) -> Result<GenerateSummary, GenerateError> {
    let package = Folder::new(&request.package)?;
    let root = package.root().to_path_buf();
    let facts = PackageFacts::read(&package)?;
    let plan = generators::read(&package, &facts)?;
    let scratch = Arc::new(Scratch::new(&runner.sandbox)?);
    let staging = scratch.folder("generators").map_err(ExecError::Folders)?;

    let mut summary = GenerateSummary {
        tests: plan.tests.len(),
        includes: plan.includes.len(),
        warnings: plan.warnings.clone(),
        ..GenerateSummary::default()
    };
    let spec = |role: Role, path: PathBuf| ProgramSpec {
        role,
        source: ProgramSource::Source {
            path,
            language: None,
        },
        convention: Convention::Testlib,
        args: Vec::new(),
        time_limit: request.time_limit,
        memory_bytes: request.memory_bytes,
    };
    let mut runner = runner.clone();
    runner.limits.output_bytes = request.file_bytes;

    // The generators the plan uses, built once each.
    // A generator that does not build fails the tests that use it, not the others.
    let mut programs: HashMap<String, Result<ProblemProgram, String>> = HashMap::new();
    for test in &plan.tests {
        let Some(command) = &test.generate else {
            continue;
        };
        if programs.contains_key(&command.program) || request.stop.requested() {
            continue;
        }
        let path = generator_source(&package, &plan, &command.program, staging.path())?;
        let path = with_constants(&path, &facts, staging.path())?;
        let path = in_named_folder(&path, &command.program, staging.path())?;
        let program = ProblemProgram::build(
            &runner,
            &root,
            &spec(Role::Generator, path),
            scratch.clone(),
        )
        .map_err(|cause| format!("does not build: {cause}"));
        programs.insert(command.program.clone(), program);
    }
    // The solutions that make answers.
    let mut solutions: HashMap<Solution, ProblemProgram> = HashMap::new();
    let needs_answers = !facts.answers_are_empty;
    // An interactive or multi-pass problem's samples get an `.interaction`, made by the
    // solution.
    let needs_interaction = |t: &PlannedTest| facts.answers_are_empty && t.root() == "sample";
    for test in plan
        .tests
        .iter()
        .filter(|t| (t.wants_answer() && needs_answers) || needs_interaction(t))
    {
        if solutions.contains_key(&test.solution) || test.solution == Solution::Nothing {
            continue;
        }
        let path = match &test.solution {
            Solution::Named(path) => {
                let path = root.join(path);
                if package.kind_if_any(&path)?.is_none() {
                    return Err(GenerateError::MissingSolution(path.display().to_string()));
                }
                path
            }
            _ => {
                let path = default_solution(&root).ok_or(GenerateError::NoSolution)?;
                summary.default_solution = Some(
                    path.strip_prefix(&root)
                        .unwrap_or(&path)
                        .display()
                        .to_string(),
                );
                path
            }
        };
        // A submission is built as it is (BAPCtools writes constants into generators and
        // validators only).
        let program = ProblemProgram::build(
            &runner,
            &root,
            &spec(Role::Reference, path.clone()),
            scratch.clone(),
        )
        .map_err(|cause| GenerateError::Build {
            program: format!("solution {}", path.display()),
            cause: Box::new(cause),
        })?;
        solutions.insert(test.solution.clone(), program);
    }
    // The output validator (or interactor) that takes a sample's passes.
    let passes_validator = match facts.answers_are_empty {
        true => match output_validator_source(&package)? {
            Some(path) => {
                let path = with_constants(&path, &facts, staging.path())?;
                let spec = ProgramSpec {
                    convention: Convention::Kattis,
                    ..spec(Role::Checker, path.clone())
                };
                let program = ProblemProgram::build(&runner, &root, &spec, scratch.clone())
                    .map_err(|cause| GenerateError::Build {
                        program: format!("output validator {}", path.display()),
                        cause: Box::new(cause),
                    })?;
                Some(program)
            }
            None => None,
        },
        false => None,
    };
    observe(Progress::Planned {
        tests: plan.tests.len() + plan.includes.len(),
    });

    let cache = Cache {
        dir: runner.cache_dir.join("generate"),
        used: request.use_cache,
    };
    let context = Context {
        root: &root,
        package: &package,
        programs: &programs,
        solutions: &solutions,
        passes_validator: passes_validator.as_ref(),
        interactive: facts.interactive,
        multi_pass: facts.multi_pass,
        plan: &plan,
        validation_passes: facts.validation_passes,
        answers_are_empty: facts.answers_are_empty,
        constants: &facts.constants,
        check_deterministic: request.check_deterministic,
        cache: &cache,
        cap: Cap {
            bytes: request.file_bytes,
            what: "generated test files",
            key: None,
        },
    };

    // Each test with a rule of its own, on the workers.
    let results: Vec<Mutex<Option<TestResult>>> =
        plan.tests.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..request.jobs.max(1) {
            scope.spawn(|| loop {
                if request.stop.requested() {
                    break;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(test) = plan.tests.get(i) else { break };
                if test.same_as.is_some() || test.copy_of.is_some() {
                    continue;
                }
                let result = context.make(test);
                let made = match &result {
                    Ok((_, true)) => Made::Ran,
                    Ok((_, false)) => Made::Kept,
                    Err(_) => Made::Failed,
                };
                observe(Progress::Test {
                    path: test.path.clone(),
                    made,
                });
                if let Ok(mut slot) = results[i].lock() {
                    *slot = Some(result);
                }
            });
        }
    });
    if request.stop.requested() {
        return Err(GenerateError::Stopped);
    }

    // Written in plan order, never through a link: a `data` that is one (perhaps out of the
    // package) is refused.
    let data = root.join("data");
    if std::fs::symlink_metadata(&data).is_ok_and(|meta| !meta.is_dir()) {
        return Err(GenerateError::DataNotAFolder(data));
    }
    let mut written = BTreeSet::new();
    let mut made: Vec<Option<Files>> = Vec::with_capacity(plan.tests.len());
    for folder in &plan.folders {
        let dir = if folder.path.is_empty() {
            data.clone()
        } else {
            data.join(&folder.path)
        };
        ensure_dir(&dir)?;
        let file = dir.join("test_group.yaml");
        match &folder.test_group_yaml {
            GroupYaml::Written(text) => {
                write_file(&file, text.as_bytes(), &mut summary)?;
                written.insert(file);
            }
            GroupYaml::Removed => remove_if_there(&file, &mut summary)?,
            GroupYaml::Untouched => {
                if file.is_file() {
                    written.insert(file);
                }
            }
        }
    }
    for (i, test) in plan.tests.iter().enumerate() {
        let target = data.join(&test.path);
        let result = match (test.same_as, test.copy_of) {
            (Some(earlier), _) => {
                let Some(files) = made[earlier].clone() else {
                    made.push(None);
                    summary
                        .failures
                        .push(earlier_failed(test, &plan.tests[earlier]));
                    continue;
                };
                for ext in files.keys() {
                    let source = data.join(format!("{}{ext}", plan.tests[earlier].path));
                    link_file(&target_with(&target, ext), &source, &mut summary)?;
                    written.insert(target_with(&target, ext));
                }
                remove_other_extensions(&target, &files, &mut summary)?;
                observe(Progress::Test {
                    path: test.path.clone(),
                    made: Made::Same,
                });
                made.push(Some(files));
                continue;
            }
            (None, Some(earlier)) => match made[earlier].clone() {
                Some(files) => {
                    observe(Progress::Test {
                        path: test.path.clone(),
                        made: Made::Same,
                    });
                    Ok((files, false))
                }
                None => Err(earlier_failed(test, &plan.tests[earlier])),
            },
            (None, None) => results[i]
                .lock()
                .ok()
                .and_then(|mut slot| slot.take())
                .unwrap_or_else(|| {
                    Err(Failure {
                        test: test.path.clone(),
                        command: String::new(),
                        reason: "was not made".into(),
                    })
                }),
        };
        match result {
            Ok((files, ran)) => {
                if ran {
                    summary.ran += 1;
                }
                if let Some(parent) = target.parent() {
                    ensure_dir(parent)?;
                }
                let mut files = files;
                for (ext, bytes) in &files {
                    let file = target_with(&target, ext);
                    write_file(&file, bytes, &mut summary)?;
                    written.insert(file);
                }
                for (ext, to) in &test.links {
                    if files.contains_key(ext) {
                        continue;
                    }
                    let file = target_with(&target, ext);
                    link_file(&file, &target_with(&target, to), &mut summary)?;
                    written.insert(file);
                    files.insert(ext.clone(), Vec::new());
                }
                remove_other_extensions(&target, &files, &mut summary)?;
                made.push(Some(files));
            }
            Err(failure) => {
                summary.failures.push(failure);
                made.push(None);
            }
        }
    }
    for include in &plan.includes {
        let test = &plan.tests[include.test];
        let target = data.join(&include.path);
        let Some(files) = &made[include.test] else {
            continue;
        };
        for ext in files.keys() {
            let source = data.join(format!("{}{ext}", test.path));
            link_file(&target_with(&target, ext), &source, &mut summary)?;
            written.insert(target_with(&target, ext));
        }
        remove_other_extensions(&target, files, &mut summary)?;
        observe(Progress::Test {
            path: include.path.clone(),
            made: Made::Same,
        });
    }

    // What an earlier run wrote and this one did not is removed; the rest is left.
    let manifest = cache
        .dir
        .join("written")
        .join(sha256_hex(root.to_string_lossy().as_bytes()));
    let before: BTreeSet<PathBuf> = std::fs::read_to_string(&manifest)
        .map(|text| text.lines().map(|l| root.join(l)).collect())
        .unwrap_or_default();
    let mut found = Vec::new();
    if data.is_dir() {
        walk(&data, &mut found);
    }
    for file in found {
        if written.contains(&file) || !is_test_file(&file) {
            continue;
        }
        if before.contains(&file) || request.remove_untracked {
            remove_if_there(&file, &mut summary)?;
        } else {
            summary
                .untracked
                .push(file.strip_prefix(&root).unwrap_or(&file).to_path_buf());
        }
    }
    let text: String = written
        .iter()
        .filter_map(|f| f.strip_prefix(&root).ok())
        .map(|f| format!("{}\n", f.display()))
        .collect();
    if let Some(parent) = manifest.parent() {
        let _ = std::fs::create_dir_all(parent);
    }
    let _ = std::fs::write(&manifest, text);
    summary.written = summary
        .written
        .iter()
        .map(|f| f.strip_prefix(&root).unwrap_or(f).to_path_buf())
        .collect();
    summary.removed = summary
        .removed
        .iter()
        .map(|f| f.strip_prefix(&root).unwrap_or(f).to_path_buf())
        .collect();
    Ok(summary)
}

fn earlier_failed(test: &PlannedTest, earlier: &PlannedTest) -> Failure {
    Failure {
        test: test.path.clone(),
        command: String::new(),
        reason: format!("has the rule of {}, which failed", earlier.path),
    }
}

/// Where the generator `name` comes from: a staged folder of the files `generators:` lists
/// for it, else the file or folder of that name under `generators/`.
fn generator_source(
    package: &Folder,
    plan: &Plan,
    name: &str,
    staging: &Path,
) -> Result<PathBuf, GenerateError> {
    let generators = package.root().join("generators");
    if let Some(files) = plan.generators.get(name) {
        let dir = staging.join("lists").join(sha256_hex(name.as_bytes()));
        std::fs::create_dir_all(&dir).map_err(io_error(&dir))?;
        for file in files {
            let source = generators.join(file);
            let bytes = package.read(&source, Cap::STATEMENT)?;
            let name = Path::new(file).file_name().unwrap_or_default();
            let target = dir.join(name);
            std::fs::write(&target, bytes).map_err(io_error(&target))?;
        }
        return Ok(dir);
    }
    let path = generators.join(name);
    match package.kind_if_any(&path)? {
        Some(_) => Ok(path),
        None => Err(GenerateError::NoGenerator(name.to_string())),
    }
}

/// A generator folder (not one with its own build/run scripts) staged as the one folder of a
/// folder, under the generator's name: built as a problem program's folder, a language that
/// runs its source runs it in place (`python3 ./NAME/main.py`), and `argv[0]` names the
/// generator's folder as it does when BAPCtools runs it from its copy under the name
/// (`generators: {main_py: [main.py, lib.py]}`, or the link `f -> y`, gives `main_py/main.py`
/// and `f/y.py`). A file is left as it is.
fn in_named_folder(path: &Path, name: &str, staging: &Path) -> Result<PathBuf, GenerateError> {
    if !path.is_dir() || judge_core::lang::has_scripts(path) {
        return Ok(path.to_path_buf());
    }
    let last = name
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(name);
    let outer = staging.join("named").join(sha256_hex(name.as_bytes()));
    let dir = outer.join(last);
    let folder = Folder::new(path)?;
    let files = judge_core::lang::folder_files(path).map_err(|cause| GenerateError::Build {
        program: format!("generator {name}"),
        cause: Box::new(PartError::Build {
            name: format!("generator {name}"),
            cause,
        }),
    })?;
    for relative in files {
        let bytes = folder.read(&path.join(&relative), Cap::STATEMENT)?;
        let target = dir.join(&relative);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(io_error(parent))?;
        }
        std::fs::write(&target, bytes).map_err(io_error(&target))?;
    }
    Ok(outer)
}

/// The program at `path` with the package's constants (`{{name}}`) written into its source
/// files, as BAPCtools builds programs (see [`PackageFacts::staged`]).
fn with_constants(
    path: &Path,
    facts: &PackageFacts,
    staging: &Path,
) -> Result<PathBuf, GenerateError> {
    facts
        .staged(path, &staging.join("constants"))
        .map_err(io_error(path))
}

/// The package's output validator: `output_validator/` (2025-09), else the one program of
/// `output_validators/`; `None` when it has neither.
fn output_validator_source(package: &Folder) -> Result<Option<PathBuf>, GenerateError> {
    let root = package.root();
    let single = root.join("output_validator");
    if package.kind_if_any(&single)?.is_some() {
        return Ok(Some(single));
    }
    let legacy = root.join("output_validators");
    if package.kind_if_any(&legacy)? != Some(judge_core::files::Kind::Folder) {
        return Ok(None);
    }
    let entries =
        judge_core::files::sorted_entries(&legacy).map_err(|cause| GenerateError::Read {
            path: legacy.clone(),
            cause,
        })?;
    Ok(entries
        .into_iter()
        .find(|(name, _)| !name.to_string_lossy().starts_with('.'))
        .map(|(_, path)| path))
}

/// The package's default solution: the first of `submissions/accepted/` by name.
fn default_solution(root: &Path) -> Option<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(root.join("submissions").join("accepted"))
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            !name.starts_with('.') && !name.ends_with(".disabled") && !name.ends_with(".template")
        })
        .collect();
    entries.sort();
    entries.into_iter().next()
}

/// The programs that take a multi-pass sample's passes, and the output validator's
/// arguments.
#[derive(Clone, Copy)]
struct Passes<'p> {
    solution: &'p ProblemProgram,
    validator: &'p ProblemProgram,
    args: &'p [String],
}

/// What the workers share.
struct Context<'a> {
    root: &'a Path,
    package: &'a Folder,
    programs: &'a HashMap<String, Result<ProblemProgram, String>>,
    solutions: &'a HashMap<Solution, ProblemProgram>,
    /// A multi-pass problem's output validator, which takes its samples' passes.
    passes_validator: Option<&'a ProblemProgram>,
    interactive: bool,
    multi_pass: bool,
    plan: &'a Plan,
    validation_passes: u32,
    answers_are_empty: bool,
    /// problem.yaml's `constants`, written into a `test_group.yaml` read here.
    constants: &'a Constants,
    check_deterministic: bool,
    cache: &'a Cache,
    cap: Cap,
}

impl Context<'_> {
    /// Makes one test's files; says whether a program ran.
    fn make(&self, test: &PlannedTest) -> Result<(Files, bool), Failure> {
        let failure = |command: String, reason: String| Failure {
            test: test.path.clone(),
            command,
            reason,
        };
        let mut files = Files::new();
        let mut ran = false;
        if let Some(command) = &test.generate {
            let program = match &self.programs[&command.program] {
                Ok(program) => program,
                Err(why) => {
                    return Err(failure(
                        command.text.clone(),
                        format!("generator {} {why}", command.program),
                    ))
                }
            };
            let key = self.cache.key(&[
                "generator",
                program.identity(),
                &command.key(),
                &test.retries.to_string(),
            ]);
            let produced = match self.cache.get(&key) {
                Some(found) => found,
                None => {
                    let produced = self.run_generator(program, test)?;
                    self.cache.put(&key, &produced);
                    ran = true;
                    produced
                }
            };
            if self.check_deterministic {
                let again = self.run_generator(program, test)?;
                ran = true;
                if let Some(ext) = differing_extension(&produced, &again) {
                    return Err(failure(
                        command.text.clone(),
                        format!("not deterministic: its {ext} differs between two runs"),
                    ));
                }
            }
            files.extend(produced);
        }
        if let Some(copy) = &test.copy {
            let mut copied = false;
            for ext in DATA_EXTENSIONS {
                let file = self.root.join(format!("{copy}{ext}"));
                match self.package.kind_if_any(&file) {
                    Ok(None) => {}
                    Ok(Some(_)) => {
                        let bytes = self
                            .package
                            .read(&file, self.cap)
                            .map_err(|e| failure(format!("copy: {copy}"), e.to_string()))?;
                        files.insert(ext.to_string(), bytes);
                        copied = true;
                    }
                    Err(e) => return Err(failure(format!("copy: {copy}"), e.to_string())),
                }
            }
            if !copied && test.generate.is_none() {
                return Err(failure(
                    format!("copy: {copy}"),
                    "no file of that name to copy".into(),
                ));
            }
        }
        for (ext, text) in &test.inline {
            files.insert(ext.clone(), text.as_bytes().to_vec());
        }
        let Some(input) = files.get(".in").cloned() else {
            // A sample may be shown by its statement and download files alone.
            let has =
                |ext: &str| files.contains_key(ext) || test.links.iter().any(|(e, _)| e == ext);
            if (has(".in.statement") || has(".interaction")) && has(".in.download") {
                return Ok((files, ran));
            }
            let command = test
                .generate
                .as_ref()
                .map(|c| c.text.clone())
                .unwrap_or_default();
            return Err(failure(command, "made no .in file".into()));
        };
        if !files.contains_key(".ans") && test.wants_answer() {
            if self.answers_are_empty {
                files.insert(".ans".into(), Vec::new());
            } else {
                let Some(solution) = self.solutions.get(&test.solution) else {
                    return Err(failure(
                        String::new(),
                        "has no .ans and no solution to make one (`solution:` is empty)".into(),
                    ));
                };
                let key = self
                    .cache
                    .key(&["answer", solution.identity(), &sha256_hex(&input)]);
                let answer = match self.cache.get(&key).and_then(|mut f| f.remove(".ans")) {
                    Some(answer) => answer,
                    None => {
                        let answer = self.run_solution(solution, test, &input)?;
                        self.cache
                            .put(&key, &Files::from([(".ans".to_string(), answer.clone())]));
                        ran = true;
                        answer
                    }
                };
                files.insert(".ans".into(), answer);
            }
        }
        if let Some(validator) = self.passes_validator.filter(|_| test.root() == "sample") {
            // As BAPCtools: not where the sample shows other files instead.
            let shown_otherwise = [".out", ".in.statement", ".ans.statement"]
                .iter()
                .any(|ext| files.contains_key(*ext) || test.links.iter().any(|(e, _)| e == ext));
            if let (false, Some(solution)) = (shown_otherwise, self.solutions.get(&test.solution)) {
                let answer = files.get(".ans").cloned().unwrap_or_default();
                let data = self.root.join("data");
                let args = self.plan.output_validator_args(test, |folder| {
                    let file = data.join(folder).join("test_group.yaml");
                    let text = self.package.read_text(&file, Cap::CONFIG).ok()?;
                    Some(group_settings_text(&file, &text, self.constants))
                });
                let key = self.cache.key(&[
                    "interaction",
                    solution.identity(),
                    validator.identity(),
                    &args.join("\0"),
                    &self.validation_passes.to_string(),
                    &sha256_hex(&input),
                    &sha256_hex(&answer),
                ]);
                let found = self
                    .cache
                    .get(&key)
                    .and_then(|mut f| f.remove(".interaction"));
                let interaction = match found {
                    Some(interaction) => interaction,
                    None => {
                        let run = Passes {
                            solution,
                            validator,
                            args: &args,
                        };
                        let interaction = self.passes_interaction(&run, test, &input, &answer)?;
                        let stored = (".interaction".to_string(), interaction.clone());
                        self.cache.put(&key, &Files::from([stored]));
                        ran = true;
                        interaction
                    }
                };
                files.insert(".interaction".into(), interaction);
            }
        }
        for ext in ["in", "ans"] {
            if !test.matches.iter().any(|(e, _)| e == ext) {
                continue;
            }
            let Some(bytes) = files.get(&format!(".{ext}")) else {
                return Err(failure(
                    format!("match: {ext}"),
                    format!("no .{ext} file was made to match"),
                ));
            };
            let unmatched = test.unmatched(ext, &String::from_utf8_lossy(bytes));
            if let Some(pattern) = unmatched.first() {
                return Err(failure(
                    format!("match: {ext}"),
                    format!("the .{ext} file does not match `{pattern}`"),
                ));
            }
        }
        Ok((files, ran))
    }

    fn run_generator(
        &self,
        program: &ProblemProgram,
        test: &PlannedTest,
    ) -> Result<Files, Failure> {
        let command = test.generate.as_ref().expect("a test with a generator");
        let keep = kept_names();
        let keep: Vec<&str> = keep.iter().map(String::as_str).collect();
        let mut last = String::new();
        for retry in 0..test.retries.max(1) {
            let args = command.args_for(retry);
            let shown = std::iter::once(command.program.clone())
                .chain(args.iter().cloned())
                .collect::<Vec<_>>()
                .join(" ");
            let call = Call {
                args,
                ..Call::default()
            };
            let (run, left) = program
                .run_writing(&call, &keep, self.cap)
                .map_err(|e| Failure {
                    test: test.path.clone(),
                    command: shown.clone(),
                    reason: e.to_string(),
                })?;
            match run.ended(program.limits()) {
                Ended::Exit(0) => {
                    let mut files: Files = left
                        .into_iter()
                        .map(|(name, bytes)| (name["testcase".len()..].to_string(), bytes))
                        .collect();
                    if !files.contains_key(".in") {
                        files.insert(".in".into(), run.stdout);
                    }
                    return Ok(files);
                }
                Ended::Exit(code) => {
                    last = format!("{shown}: exited with code {code}: {}", run.message());
                }
                Ended::Abnormally(why) => {
                    // A run out of time is not tried again (as BAPCtools does).
                    return Err(Failure {
                        test: test.path.clone(),
                        command: shown,
                        reason: why,
                    });
                }
            }
        }
        let (command_text, reason) = last
            .split_once(": ")
            .map_or((command.text.clone(), last.clone()), |(c, r)| {
                (c.to_string(), r.to_string())
            });
        Err(Failure {
            test: test.path.clone(),
            command: command_text,
            reason,
        })
    }

    /// A sample's `.interaction`: the solution run on each pass's input and the output
    /// validator asked for the next (`validation_passes` at most), or the solution run
    /// against the interactor with the grader recording their exchange; a pass not accepted
    /// fails the test, as BAPCtools fails it.
    fn passes_interaction(
        &self,
        run: &Passes,
        test: &PlannedTest,
        input: &[u8],
        answer: &[u8],
    ) -> Result<Vec<u8>, Failure> {
        let Passes {
            solution,
            validator,
            args,
        } = *run;
        let failed = |command: &str, reason: String| Failure {
            test: test.path.clone(),
            command: command.to_string(),
            reason,
        };
        let mut kept = validator.keep_folder();
        let mut log = Vec::new();
        let mut passes = 0;
        let mut pass_input = input.to_vec();
        loop {
            passes += 1;
            let said = if self.interactive {
                let recorded = Mutex::new(Vec::new());
                let pass = interactor::run_recorded(
                    solution,
                    &mut kept,
                    &pass_input,
                    Some(answer),
                    args,
                    Some(&recorded),
                )
                .map_err(|e| failed(validator.name(), e.to_string()))?;
                log.extend(recorded.into_inner().unwrap_or_default());
                match pass.solution.ended(solution.limits()) {
                    Ended::Exit(0) => {}
                    Ended::Exit(code) => {
                        let why = format!("exited with code {code}: {}", pass.solution.message());
                        return Err(failed(solution.name(), why));
                    }
                    Ended::Abnormally(why) => return Err(failed(solution.name(), why)),
                }
                match self.multi_pass {
                    true => checker::pass_outcome(validator, pass.said, pass.score, pass.next_pass),
                    false => PassOutcome::Final(pass.said, pass.score),
                }
            } else {
                let output = self.run_solution(solution, test, &pass_input)?;
                let said =
                    checker::check_pass(validator, &mut kept, &pass_input, &output, answer, args);
                log.extend(generators::interaction_of_passes(&[(pass_input, output)]));
                said
            };
            match said {
                PassOutcome::Again(next) if passes < self.validation_passes as usize => {
                    log.extend_from_slice(b"---\n");
                    pass_input = next;
                }
                PassOutcome::Again(_) => {
                    let why = format!(
                        "asked for pass {} of a sample's .interaction, but \
                         limits.validation_passes allows {}",
                        passes + 1,
                        self.validation_passes
                    );
                    return Err(failed(validator.name(), why));
                }
                PassOutcome::Final(CheckOutcome::Accepted, _) => return Ok(log),
                PassOutcome::Final(said, _) => {
                    let said = match said {
                        CheckOutcome::WrongAnswer(why) => format!("a wrong answer: {why}"),
                        CheckOutcome::PresentationError(why) => {
                            format!("a presentation error: {why}")
                        }
                        CheckOutcome::JudgeError(why) => format!("a judge error: {why}"),
                        CheckOutcome::Accepted => "accepted".into(),
                    };
                    let why = format!(
                        "could not make the sample's .interaction: pass {passes} got {said}"
                    );
                    return Err(failed(solution.name(), why));
                }
            }
        }
    }

    fn run_solution(
        &self,
        solution: &ProblemProgram,
        test: &PlannedTest,
        input: &[u8],
    ) -> Result<Vec<u8>, Failure> {
        let call = Call {
            stdin: input,
            ..Call::default()
        };
        let failed = |reason: String| Failure {
            test: test.path.clone(),
            command: solution.name().to_string(),
            reason,
        };
        let run = solution.run(&call).map_err(|e| failed(e.to_string()))?;
        match run.ended(solution.limits()) {
            Ended::Exit(0) => Ok(run.stdout),
            Ended::Exit(code) => Err(failed(format!(
                "exited with code {code}: {}",
                run.message()
            ))),
            Ended::Abnormally(why) => Err(failed(why)),
        }
    }
}

/// Judge's cache of what runs gave: a folder per digest, one file per extension.
struct Cache {
    dir: PathBuf,
    used: bool,
}

impl Cache {
    fn key(&self, parts: &[&str]) -> String {
        sha256_hex(parts.join("\0").as_bytes())
    }

    fn get(&self, key: &str) -> Option<Files> {
        if !self.used {
            return None;
        }
        let dir = self.dir.join(&key[..2]).join(key);
        let mut files = Files::new();
        for entry in std::fs::read_dir(&dir).ok()? {
            let entry = entry.ok()?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let ext = name.strip_prefix("testcase")?.to_string();
            files.insert(ext, std::fs::read(entry.path()).ok()?);
        }
        Some(files)
    }

    /// Stores an entry whole or not at all (written beside, then renamed); a failure to store
    /// only costs a run later.
    fn put(&self, key: &str, files: &Files) {
        let dir = self.dir.join(&key[..2]);
        if std::fs::create_dir_all(&dir).is_err() {
            return;
        }
        let Ok(staged) = tempfile::Builder::new()
            .prefix(".incoming-")
            .tempdir_in(&dir)
        else {
            return;
        };
        for (ext, bytes) in files {
            if std::fs::write(staged.path().join(format!("testcase{ext}")), bytes).is_err() {
                return;
            }
        }
        let staged = staged.keep();
        if std::fs::rename(&staged, dir.join(key)).is_err() {
            let _ = std::fs::remove_dir_all(&staged);
        }
    }
}

/// The first extension whose file two runs of a generator made differently (or only one made).
fn differing_extension(one: &Files, other: &Files) -> Option<String> {
    one.keys()
        .chain(other.keys())
        .find(|ext| one.get(*ext) != other.get(*ext))
        .cloned()
}

fn target_with(target: &Path, ext: &str) -> PathBuf {
    let mut name = target.as_os_str().to_os_string();
    name.push(ext);
    PathBuf::from(name)
}

fn is_test_file(file: &Path) -> bool {
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    name == "test_group.yaml" || DATA_EXTENSIONS.iter().any(|ext| name.ends_with(ext))
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let path = entry.path();
        match entry.file_type() {
            Ok(kind) if kind.is_dir() => walk(&path, found),
            Ok(_) => found.push(path),
            Err(_) => {}
        }
    }
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> GenerateError + '_ {
    move |cause| GenerateError::Write {
        path: path.to_path_buf(),
        cause,
    }
}

fn ensure_dir(dir: &Path) -> Result<(), GenerateError> {
    if let Ok(meta) = std::fs::symlink_metadata(dir) {
        if meta.is_dir() {
            return Ok(());
        }
        // A file or link where a folder is to be: it is replaced.
        std::fs::remove_file(dir).map_err(io_error(dir))?;
    }
    std::fs::create_dir_all(dir).map_err(io_error(dir))
}

/// Writes `bytes` to `file` unless it holds them already (a link there is replaced, never
/// written through).
fn write_file(
    file: &Path,
    bytes: &[u8],
    summary: &mut GenerateSummary,
) -> Result<(), GenerateError> {
    if let Ok(meta) = std::fs::symlink_metadata(file) {
        if meta.is_file()
            && meta.len() == bytes.len() as u64
            && std::fs::read(file).is_ok_and(|b| b == bytes)
        {
            summary.unchanged += 1;
            return Ok(());
        }
        if meta.is_dir() {
            std::fs::remove_dir_all(file).map_err(io_error(file))?;
        }
    }
    let dir = file.parent().unwrap_or(Path::new("."));
    let mut staged = tempfile::NamedTempFile::new_in(dir).map_err(io_error(file))?;
    std::io::Write::write_all(&mut staged, bytes).map_err(io_error(file))?;
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(staged.path(), std::fs::Permissions::from_mode(0o644));
    }
    staged.persist(file).map_err(|e| GenerateError::Write {
        path: file.to_path_buf(),
        cause: e.error,
    })?;
    summary.written.push(file.to_path_buf());
    Ok(())
}

/// Makes `link` a relative link to `source` (as BAPCtools links an included test).
fn link_file(
    link: &Path,
    source: &Path,
    summary: &mut GenerateSummary,
) -> Result<(), GenerateError> {
    let relative = relative_to(source, link.parent().unwrap_or(Path::new(".")));
    if let Ok(existing) = std::fs::read_link(link) {
        if existing == relative {
            summary.unchanged += 1;
            return Ok(());
        }
    }
    if let Ok(meta) = std::fs::symlink_metadata(link) {
        if meta.is_dir() {
            std::fs::remove_dir_all(link).map_err(io_error(link))?;
        } else {
            std::fs::remove_file(link).map_err(io_error(link))?;
        }
    }
    if let Some(parent) = link.parent() {
        ensure_dir(parent)?;
    }
    std::os::unix::fs::symlink(&relative, link).map_err(io_error(link))?;
    summary.written.push(link.to_path_buf());
    Ok(())
}

/// `path` relative to the folder `from` (both under the same root, without `..` or links).
fn relative_to(path: &Path, from: &Path) -> PathBuf {
    let path: Vec<_> = path.components().collect();
    let from: Vec<_> = from.components().collect();
    let common = path.iter().zip(&from).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in common..from.len() {
        out.push("..");
    }
    for part in &path[common..] {
        out.push(part);
    }
    out
}

fn remove_if_there(file: &Path, summary: &mut GenerateSummary) -> Result<(), GenerateError> {
    match std::fs::symlink_metadata(file) {
        Ok(meta) if !meta.is_dir() => {
            std::fs::remove_file(file).map_err(io_error(file))?;
            summary.removed.push(file.to_path_buf());
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Removes the test's files of extensions it no longer has (a `.ans` a generator stopped
/// writing), as BAPCtools does.
fn remove_other_extensions(
    target: &Path,
    files: &Files,
    summary: &mut GenerateSummary,
) -> Result<(), GenerateError> {
    for ext in DATA_EXTENSIONS {
        if !files.contains_key(ext) {
            remove_if_there(&target_with(target, ext), summary)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_relative_to_their_folder() {
        assert_eq!(
            relative_to(
                Path::new("/p/data/sample/1.in"),
                Path::new("/p/data/secret")
            ),
            PathBuf::from("../sample/1.in")
        );
        assert_eq!(
            relative_to(
                Path::new("/p/data/secret/a.in"),
                Path::new("/p/data/secret")
            ),
            PathBuf::from("a.in")
        );
        assert_eq!(
            relative_to(
                Path::new("/p/data/sample/1.in"),
                Path::new("/p/data/secret/g/h")
            ),
            PathBuf::from("../../../sample/1.in")
        );
    }

    #[test]
    fn test_files_are_known_by_their_extensions() {
        assert!(is_test_file(Path::new("/d/1.in")));
        assert!(is_test_file(Path::new("/d/1.ans.statement")));
        assert!(is_test_file(Path::new("/d/test_group.yaml")));
        assert!(!is_test_file(Path::new("/d/.gitignore")));
        assert!(!is_test_file(Path::new("/d/notes.txt")));
    }

    #[test]
    fn the_cache_gives_back_what_it_was_given() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache {
            dir: dir.path().to_path_buf(),
            used: true,
        };
        let key = cache.key(&["generator", "abc", "gen 1"]);
        assert!(cache.get(&key).is_none());
        let files = Files::from([
            (".in".to_string(), b"1 2\n".to_vec()),
            (".ans".to_string(), b"3\n".to_vec()),
        ]);
        cache.put(&key, &files);
        assert_eq!(cache.get(&key), Some(files));
        let unused = Cache {
            dir: dir.path().to_path_buf(),
            used: false,
        };
        assert!(unused.get(&key).is_none());
    }
}
