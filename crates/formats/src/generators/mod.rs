//! BAPCtools' `generators/generators.yaml` read into a plan: the folders of `data/` to make
//! (with the `test_group.yaml` each gets), the tests to make (each a generator command with
//! its seed, files copied from `generators/`, inline contents, or several of these, and where
//! its answer comes from), and the tests a folder includes from elsewhere. The names, the
//! numbering of listed tests, the `{count}` expansion and the seeds are BAPCtools' (its
//! `generate.py`, bapctools 2026.10); this module runs nothing: the engine's
//! `generate` runs the plan.
//!
//! Bad input is an error naming the key (`data.secret.data.big: count 1000000000 is more than
//! 100`), never a panic: unknown keys, a `..` or an absolute path where a path under
//! `generators/` is meant, an include of a key not above it (includes cannot make a cycle),
//! names that are not plain file names.

pub mod command;
pub mod emit;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use thiserror::Error;
use yaml_serde::{Mapping, Value};

use crate::staging::{files_of, stage, StagedFile};
use judge_core::constants::{scalar_text, Constants};
use judge_core::files::{Cap, FileError, Folder};

/// Where generators.yaml is in a package.
pub const GENERATORS_YAML: &str = "generators/generators.yaml";

/// The most tests one `count:` makes (BAPCtools' bound).
pub const MOST_COUNT: usize = 100;

/// The most tests a generators.yaml may make in all.
pub const MOST_TESTS: usize = 100_000;

/// The extensions of a test's text files that may be given inline, in BAPCtools' order.
pub const TEXT_EXTENSIONS: [&str; 10] = [
    ".in",
    ".ans",
    ".out",
    ".in.statement",
    ".ans.statement",
    ".in.download",
    ".ans.download",
    ".interaction",
    ".yaml",
    "",
];

/// Every extension of a test's files that is kept (text files and pictures).
pub const DATA_EXTENSIONS: [&str; 13] = [
    ".in",
    ".ans",
    ".out",
    ".in.statement",
    ".ans.statement",
    ".in.download",
    ".ans.download",
    ".interaction",
    ".yaml",
    ".png",
    ".jpg",
    ".svg",
    ".pdf",
];

/// The top folders of `data/` a generators.yaml may make, in the order they are made.
pub const ROOT_FOLDERS: [&str; 8] = [
    "sample",
    "secret",
    "invalid_output",
    "invalid_answer",
    "invalid_input",
    "valid_output",
    "testing_tool_test",
    "fuzz",
];

/// Top folders whose tests get no answer from a solution.
const NO_SOLUTION_FOLDERS: [&str; 6] = [
    "invalid_input",
    "invalid_answer",
    "invalid_output",
    "valid_output",
    "testing_tool_test",
    "fuzz",
];

const TEST_KEYS: [&str; 13] = [
    "copy",
    "generate",
    "count",
    "match",
    "in",
    "ans",
    "out",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "interaction",
    "yaml",
];
const SHARED_KEYS: [&str; 3] = ["solution", "random_salt", "retries"];
const FOLDER_KEYS: [&str; 3] = ["data", "test_group.yaml", "include"];
const ROOT_KEYS: [&str; 2] = ["generators", "version"];

/// Keys of the file's root that BAPCtools reads no more and skips with a warning
/// (`visualizer`: a package's visualizers are its `input_visualizer/` and
/// `output_visualizer/` folders now).
const DEPRECATED_ROOT_KEYS: [&str; 3] = ["gitignore_generated", "parallel", "visualizer"];

/// Why a generators.yaml cannot be read into a plan.
#[derive(Debug, Error)]
pub enum GeneratorsError {
    #[error(transparent)]
    File(#[from] FileError),
    #[error("{file}: not YAML: {message}")]
    Syntax { file: PathBuf, message: String },
    /// A key's value is wrong: `at` is the path of keys to it (`data.secret.data.big.count`).
    #[error("{file}: {at}: {message}")]
    Key {
        file: PathBuf,
        at: String,
        message: String,
    },
}

/// Where a test's answer comes from when it makes none itself.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Solution {
    /// The program at this path of the package (`submissions/accepted/sol.py`).
    Named(String),
    /// The package's default: its first accepted submission (the tool picks).
    Default,
    /// No answer is made (`solution:` left empty).
    Nothing,
}

/// A generator command of one test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The command as written, `{count}` and constants replaced (`{seed}` is not).
    pub text: String,
    /// The program: a file or folder under `generators/`, or a name of `generators:`.
    pub program: String,
    /// Its arguments as written (`{seed}` and `{name}` not yet replaced).
    pub args: Vec<String>,
    /// The seed BAPCtools gives this command.
    pub seed: u32,
    /// Whether the command holds `{seed}`.
    pub uses_seed: bool,
}

impl Command {
    /// The arguments of its `retry`th run (from 0): `{seed}` is the seed plus `retry`.
    pub fn args_for(&self, retry: u32) -> Vec<String> {
        let seed = ((u64::from(self.seed) + u64::from(retry)) % (1 << 31)) as u32;
        self.args
            .iter()
            .map(|arg| command::substitute(arg, seed))
            .collect()
    }

    /// What identifies its output: the command with its seed written in.
    pub fn key(&self) -> String {
        command::substitute(&self.text, self.seed)
    }
}

/// One test to make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedTest {
    /// Its path under `data/` without extension: `secret/02-random`.
    pub path: String,
    /// The generator run that makes its files, if any.
    pub generate: Option<Command>,
    /// Files copied from the package: this path, without extension, each known extension
    /// that exists (`generators/manual/3`).
    pub copy: Option<String>,
    /// Files given inline: (extension, contents).
    pub inline: Vec<(String, String)>,
    /// A sample's files that are links to another of its files: (extension, the extension
    /// it links to), as `in.download: {link: in.statement}` makes them.
    pub links: Vec<(String, String)>,
    /// Where its answer comes from when it makes none.
    pub solution: Solution,
    /// How many times a failing generator is run, each time with the next seed.
    pub retries: u32,
    /// Patterns the input (`in`) or answer (`ans`) must match ([`PlannedTest::unmatched`]):
    /// (`in` or `ans`, the pattern, read as Python's `re` with MULTILINE and DOTALL).
    pub matches: Vec<(String, String)>,
    /// An earlier test with the same rule made by a `count:` without `{seed}`/`{count}`:
    /// this test's files are links to that one's, as BAPCtools makes them.
    pub same_as: Option<usize>,
    /// An earlier test with the same rule that was not meant to be the same (a warning of
    /// BAPCtools'): this test's files are copies of that one's.
    pub copy_of: Option<usize>,
}

impl PlannedTest {
    /// Its top folder (`secret`).
    pub fn root(&self) -> &str {
        self.path.split('/').next().unwrap_or("")
    }

    /// The patterns of `match:` for the file `ext` (`in`, `ans`) that `text` does not match
    /// anywhere (BAPCtools searches with MULTILINE and DOTALL). A pattern Rust's `regex`
    /// cannot read is not checked (the plan warns of it).
    pub fn unmatched(&self, ext: &str, text: &str) -> Vec<String> {
        self.matches
            .iter()
            .filter(|(e, _)| e == ext)
            .filter(|(_, pattern)| match_pattern(pattern).is_ok_and(|re| !re.is_match(text)))
            .map(|(_, pattern)| pattern.clone())
            .collect()
    }

    /// Whether a solution makes its answer when it makes none itself (not in the folders of
    /// invalid and valid cases).
    pub fn wants_answer(&self) -> bool {
        !NO_SOLUTION_FOLDERS.contains(&self.root())
    }
}

/// What is done with a folder's `test_group.yaml`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GroupYaml {
    /// No `test_group.yaml` key: a file already there is left as it is.
    Untouched,
    /// The key is empty: the file is removed.
    Removed,
    /// Written with this text.
    Written(String),
}

/// One folder of `data/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedFolder {
    /// Its path under `data/` (`""` for `data/` itself).
    pub path: String,
    pub test_group_yaml: GroupYaml,
}

/// A test a folder includes: its files are links to those of the test it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedInclude {
    /// The path of the link under `data/`, without extension.
    pub path: String,
    /// The test it includes (an index of [`Plan::tests`]).
    pub test: usize,
}

/// A generators.yaml read: what to make, in the order BAPCtools makes it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    /// Generators made of several files: name -> files under `generators/` (the first is
    /// the entry point).
    pub generators: BTreeMap<String, Vec<String>>,
    pub folders: Vec<PlannedFolder>,
    pub tests: Vec<PlannedTest>,
    pub includes: Vec<PlannedInclude>,
    /// What is read but not understood (a folder's keys for other tools), each naming the key.
    pub warnings: Vec<String>,
}

impl Plan {
    /// Whether some test takes its answer from the package's default solution.
    pub fn wants_default_solution(&self) -> bool {
        self.tests
            .iter()
            .any(|t| t.solution == Solution::Default && t.wants_answer())
    }
}

/// What of the package the reader needs beyond generators.yaml.
#[derive(Debug, Clone, Default)]
pub struct PackageFacts {
    /// problem.yaml's `constants`.
    pub constants: Constants,
    /// The problem is interactive or multi-pass (problem.yaml's `type`, or a legacy
    /// `validation: custom interactive`): a test's answer is an empty file unless the test
    /// makes one, and no solution runs.
    pub answers_are_empty: bool,
    /// The problem is interactive (a sample's `.interaction` is its exchange), multi-pass (its
    /// passes, see [`interaction_of_passes`]), or both.
    pub interactive: bool,
    pub multi_pass: bool,
    /// A multi-pass problem's most passes (`limits.validation_passes`, 2 unless given).
    pub validation_passes: u32,
}

impl PackageFacts {
    /// The facts of the package at `dir` (its problem.yaml's constants).
    pub fn read(package: &Folder) -> Result<PackageFacts, GeneratorsError> {
        let file = package.root().join("problem.yaml");
        let mut facts = PackageFacts::default();
        if !file.is_file() {
            return Ok(facts);
        }
        let text = package.read_text(&file, Cap::CONFIG)?;
        let value: Value = yaml_serde::from_str(&text).map_err(|e| GeneratorsError::Syntax {
            file: file.clone(),
            message: e.to_string(),
        })?;
        let kinds = |v: Option<&Value>| -> Vec<String> {
            match v {
                Some(Value::String(s)) => s.split_whitespace().map(str::to_string).collect(),
                Some(Value::Sequence(items)) => items
                    .iter()
                    .filter_map(|i| i.as_str().map(str::to_string))
                    .collect(),
                _ => Vec::new(),
            }
        };
        let kinds: Vec<String> = kinds(value.get("type"))
            .into_iter()
            .chain(kinds(value.get("validation")))
            .collect();
        let is = |kind: &str| kinds.iter().any(|k| k == kind);
        facts.interactive = is("interactive");
        facts.multi_pass = is("multi-pass");
        facts.answers_are_empty = facts.interactive || facts.multi_pass;
        facts.validation_passes = value
            .get("limits")
            .and_then(|limits| limits.get("validation_passes"))
            .and_then(Value::as_u64)
            .map_or(2, |passes| passes.clamp(1, u64::from(u32::MAX)) as u32);
        facts.constants = Constants::of(value.get("constants"));
        Ok(facts)
    }

    /// The program or submission at `path` (a file, or a folder of files) with the
    /// package's constants (`{{name}}`) written into its files, as the format asks of
    /// validators, included files and example submissions: a copy staged under `staging`,
    /// named by a digest of what it holds (so runs that share `staging` share copies, and a
    /// changed file is a new copy), when a file of it holds a constant; else `path` itself.
    /// The copy keeps `path`'s file name.
    pub fn staged(&self, path: &Path, staging: &Path) -> std::io::Result<PathBuf> {
        if self.constants.is_empty() {
            return Ok(path.to_path_buf());
        }
        let files = files_of(path)?;
        let mut changed = false;
        let mut staged = Vec::with_capacity(files.len());
        for file in &files {
            let relative = file
                .strip_prefix(path)
                .unwrap_or(Path::new(""))
                .to_path_buf();
            let mut one = StagedFile::read(file, relative)?;
            if let Some(text) = std::str::from_utf8(&one.bytes)
                .ok()
                .map(|text| self.constants.substitute(text))
                .filter(|text| text.as_bytes() != one.bytes)
            {
                one.bytes = text.into_bytes();
                changed = true;
            }
            staged.push(one);
        }
        if !changed {
            return Ok(path.to_path_buf());
        }
        stage(staging, path.file_name().unwrap_or_default(), &staged)
    }
}

/// Reads the generators.yaml of the package at `package` into a plan.
pub fn read(package: &Folder, facts: &PackageFacts) -> Result<Plan, GeneratorsError> {
    let file = package.root().join(GENERATORS_YAML);
    let text = package.read_text(&file, Cap::CONFIG)?;
    parse(&text, &file, facts)
}

/// Parses the text of a generators.yaml (`file` names it in errors).
pub fn parse(text: &str, file: &Path, facts: &PackageFacts) -> Result<Plan, GeneratorsError> {
    let value: Value = yaml_serde::from_str(text).map_err(|e| GeneratorsError::Syntax {
        file: file.to_path_buf(),
        message: e.to_string(),
    })?;
    let mut reader = Reader {
        source: text,
        file: file.to_path_buf(),
        facts,
        plan: Plan::default(),
        known_keys: HashMap::new(),
        rules: HashMap::new(),
        next_test_number: 1,
        test_number_width: 1,
        ancestors: Vec::new(),
    };
    let root = match value {
        Value::Null => Mapping::new(),
        Value::Mapping(map) => map,
        _ => return Err(reader.error("(root)", "the root must be a map")),
    };
    reader.read_root(&root)?;
    Ok(reader.plan)
}

/// A test or folder under a key, for `include`.
#[derive(Debug, Clone)]
enum Known {
    Test(usize),
    /// A folder: the tests it makes and includes, filled when it has been read.
    Folder(Vec<usize>),
}

/// What a folder passes to what it holds.
#[derive(Debug, Clone)]
struct Inherited {
    solution: Solution,
    salt: String,
    retries: u32,
}

struct Reader<'a> {
    /// The text of generators.yaml (a map's own layout is taken from it where it can be).
    source: &'a str,
    file: PathBuf,
    facts: &'a PackageFacts,
    plan: Plan,
    /// Each key seen so far (tests and folders) and what it names; a key seen twice is
    /// ambiguous (`None`).
    known_keys: HashMap<String, Option<Known>>,
    /// Each test rule seen (what makes its files) and its test.
    rules: HashMap<String, usize>,
    next_test_number: usize,
    test_number_width: usize,
    /// Keys of the folders being read, to refuse an include of one.
    ancestors: Vec<String>,
}

fn key_text(key: &Value) -> Option<String> {
    match key {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Null => Some(String::new()),
        _ => None,
    }
}

/// Whether a YAML value is a test (not a folder).
fn is_test(value: &Value) -> bool {
    match value {
        Value::Null | Value::String(_) => true,
        Value::Mapping(map) => TEST_KEYS.iter().any(|k| map.contains_key(*k)),
        _ => false,
    }
}

/// A test or folder name BAPCtools accepts: `[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}`.
fn is_file_name(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    (first.is_ascii_alphanumeric() || first == '_')
        && name.len() <= 255
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
}

/// The counts a test's `count:` gives (`[1]` without one).
fn count_values(value: Option<&Value>) -> Result<Option<Vec<i64>>, String> {
    let Some(value) = value else {
        return Ok(None);
    };
    let values: Vec<i64> = match value {
        Value::Number(n) => {
            let n = n
                .as_i64()
                .ok_or_else(|| format!("count {n} is not a whole number"))?;
            if !(1..=MOST_COUNT as i64).contains(&n) {
                return Err(format!("count {n} is not between 1 and {MOST_COUNT}"));
            }
            (1..=n).collect()
        }
        Value::Sequence(items) => {
            let mut values = Vec::new();
            for item in items {
                let n = item.as_i64().ok_or_else(|| {
                    format!("count list holds {}, not a whole number", show(item))
                })?;
                if values.contains(&n) {
                    return Err(format!("count list holds {n} twice"));
                }
                values.push(n);
            }
            values
        }
        Value::String(range) => {
            let (lo, hi) = range
                .split_once("..=")
                .and_then(|(lo, hi)| Some((lo.parse::<i64>().ok()?, hi.parse::<i64>().ok()?)))
                .ok_or_else(|| format!("count `{range}` is not a range like `-4..=5`"))?;
            if lo > hi {
                return Err(format!("count range {range} starts after it ends"));
            }
            if (hi as i128 - lo as i128 + 1) > MOST_COUNT as i128 {
                return Err(format!(
                    "count range {range} makes more than {MOST_COUNT} tests"
                ));
            }
            (lo..=hi).collect()
        }
        other => {
            return Err(format!(
                "count is {}, not a number, list or range",
                show(other)
            ))
        }
    };
    if values.is_empty() || values.len() > MOST_COUNT {
        return Err(format!(
            "count makes {} tests; it must make 1 to {MOST_COUNT}",
            values.len()
        ));
    }
    Ok(Some(values))
}

fn show(value: &Value) -> String {
    yaml_serde::to_string(value)
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "?".into())
}

/// A path under `generators/` as written (`manual/3`): relative, no `..`, no empty part.
fn relative_path(text: &str) -> Result<String, String> {
    if text.starts_with('/') {
        return Err(format!(
            "`{text}` is absolute; write it relative to generators/"
        ));
    }
    plain_parts(text)?;
    Ok(text.trim_end_matches('/').to_string())
}

fn plain_parts(text: &str) -> Result<(), String> {
    let trimmed = text.trim_matches('/');
    if trimmed.is_empty() {
        return Err("the path is empty".into());
    }
    for part in trimmed.split('/') {
        if part == ".." {
            return Err(format!("`{text}` goes up a folder (`..`)"));
        }
        if part.is_empty() || part == "." {
            return Err(format!("`{text}` has an empty or `.` part"));
        }
        if part.contains('\0') {
            return Err(format!("`{text}` holds a NUL"));
        }
    }
    Ok(())
}

impl Reader<'_> {
    fn error(&self, at: &str, message: impl Into<String>) -> GeneratorsError {
        GeneratorsError::Key {
            file: self.file.clone(),
            at: at.to_string(),
            message: message.into(),
        }
    }

    fn read_root(&mut self, root: &Mapping) -> Result<(), GeneratorsError> {
        if let Some(generators) = root.get("generators") {
            self.read_generators(generators)?;
        }
        // The width of numbers of listed tests: from how many there are in the whole file.
        let numbered = count_numbered(root);
        self.test_number_width = numbered.max(1).to_string().len();
        let inherited = Inherited {
            solution: Solution::Default,
            salt: String::new(),
            retries: 1,
        };
        self.read_folder("", "", "", root, &inherited, true)?;
        Ok(())
    }

    fn read_generators(&mut self, value: &Value) -> Result<(), GeneratorsError> {
        let at = "generators";
        let map = match value {
            Value::Mapping(map) => map,
            Value::Null => return Ok(()),
            _ => return Err(self.error(at, "must be a map of names to lists of files")),
        };
        for (name, files) in map {
            let name = key_text(name).unwrap_or_default();
            let at = format!("generators.{name}");
            if !is_file_name(&name) || name.contains('.') {
                return Err(self.error(&at, "a generator's name must be a plain name without `.`"));
            }
            let Value::Sequence(items) = files else {
                return Err(self.error(&at, "must be a list of files under generators/"));
            };
            if items.is_empty() {
                return Err(self.error(&at, "lists no files"));
            }
            let mut paths = Vec::new();
            for item in items {
                let Some(path) = item.as_str() else {
                    return Err(self.error(&at, format!("{} is not a file name", show(item))));
                };
                paths.push(relative_path(path).map_err(|m| self.error(&at, m))?);
            }
            self.plan.generators.insert(name, paths);
        }
        Ok(())
    }

    /// Reads a folder: `key` its yaml key, `path` its path under data/, `at` its key path.
    fn read_folder(
        &mut self,
        key: &str,
        path: &str,
        at: &str,
        map: &Mapping,
        parent: &Inherited,
        is_root: bool,
    ) -> Result<Vec<usize>, GeneratorsError> {
        let here = if at.is_empty() { "(root)" } else { at };
        for k in map.keys() {
            let Some(k) = k.as_str() else {
                return Err(self.error(here, format!("the key {} is not text", show(k))));
            };
            let known = FOLDER_KEYS.contains(&k)
                || SHARED_KEYS.contains(&k)
                || (is_root && ROOT_KEYS.contains(&k));
            if is_root && DEPRECATED_ROOT_KEYS.contains(&k) {
                self.plan.warnings.push(format!(
                    "{here}: key `{k}` is deprecated (as BAPCtools says), skipped"
                ));
            } else if !known {
                // BAPCtools' format leaves a folder's other keys to tools (a warning here).
                self.plan
                    .warnings
                    .push(format!("{here}: unknown key `{k}` for a folder, not read"));
            }
        }
        let inherited = self.inherit(here, map, parent)?;
        let test_group_yaml = match map.get("test_group.yaml") {
            None => GroupYaml::Untouched,
            Some(Value::Null) => GroupYaml::Removed,
            Some(value @ Value::Mapping(_)) => GroupYaml::Written(
                emit::from_source(self.source, "test_group.yaml", value)
                    .unwrap_or_else(|| emit::document(value)),
            ),
            Some(_) => return Err(self.error(&format!("{here}.test_group.yaml"), "must be a map")),
        };
        self.plan.folders.push(PlannedFolder {
            path: path.to_string(),
            test_group_yaml,
        });
        if !is_root {
            self.remember(key, Known::Folder(Vec::new()));
        }
        self.ancestors.push(key.to_string());

        // Includes name keys read before this folder (so never this folder's own tests).
        let mut included = Vec::new();
        match map.get("include") {
            None | Some(Value::Null) => {}
            Some(Value::Sequence(items)) => {
                for (i, item) in items.iter().enumerate() {
                    let at = format!("{here}.include[{i}]");
                    let Some(name) = item.as_str() else {
                        return Err(self.error(&at, "must be the key of a test or folder"));
                    };
                    if name.contains('/') {
                        return Err(self.error(&at, format!("`{name}` is a path; give a key")));
                    }
                    if self.ancestors.iter().any(|a| a == name) {
                        return Err(self.error(
                            &at,
                            format!("`{name}` is this folder or one holding it (a cycle)"),
                        ));
                    }
                    match self.known_keys.get(name) {
                        None => {
                            return Err(self.error(
                                &at,
                                format!("`{name}` names no test or folder above this include"),
                            ))
                        }
                        Some(None) => {
                            return Err(self.error(
                                &at,
                                format!("`{name}` is the key of several tests or folders"),
                            ))
                        }
                        Some(Some(Known::Test(t))) => included.push(*t),
                        Some(Some(Known::Folder(tests))) => included.extend(tests.iter().copied()),
                    }
                }
            }
            Some(_) => return Err(self.error(&format!("{here}.include"), "must be a list of keys")),
        }

        let mut made = Vec::new();
        let data_at = if at.is_empty() {
            "data".to_string()
        } else {
            format!("{at}.data")
        };
        let (entries, numbered): (Vec<&Mapping>, bool) = match map.get("data") {
            None | Some(Value::Null) => (Vec::new(), false),
            Some(Value::Mapping(m)) => (vec![m], false),
            Some(Value::Sequence(items)) => {
                if is_root {
                    return Err(self.error(&data_at, "the root's data must be a map, not a list"));
                }
                let mut entries = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    match item {
                        Value::Mapping(m) if m.len() == 1 => entries.push(m),
                        _ => {
                            return Err(self.error(
                                &format!("{data_at}[{i}]"),
                                "each item of a numbered list is a map of one key",
                            ))
                        }
                    }
                }
                (entries, true)
            }
            Some(_) => return Err(self.error(&data_at, "must be a map or a list")),
        };
        let folders_here = entries
            .iter()
            .flat_map(|m| m.values())
            .filter(|v| !is_test(v))
            .count();
        let group_width = folders_here.max(1).to_string().len();
        let mut next_group = 1;
        for entry in entries {
            let mut keys: Vec<(String, &Value)> = Vec::new();
            for (k, v) in entry {
                let Some(k) = key_text(k) else {
                    return Err(self.error(&data_at, format!("the key {} is not text", show(k))));
                };
                keys.push((k, v));
            }
            if is_root {
                for (k, _) in &keys {
                    if !ROOT_FOLDERS.contains(&k.as_str()) {
                        return Err(self.error(
                            &format!("data.{k}"),
                            format!(
                                "unknown top folder `{k}` (known: {})",
                                ROOT_FOLDERS.join(", ")
                            ),
                        ));
                    }
                }
                keys.sort_by_key(|(k, _)| ROOT_FOLDERS.iter().position(|r| r == k));
            } else {
                keys.sort_by(|a, b| a.0.cmp(&b.0));
            }
            for (child_key, child) in keys {
                let child_at = format!(
                    "{data_at}.{}",
                    if child_key.is_empty() {
                        "\"\""
                    } else {
                        &child_key
                    }
                );
                if !numbered && child_key.is_empty() {
                    return Err(self.error(&child_at, "an empty key is only for numbered lists"));
                }
                if is_test(child) {
                    let values = count_values(match child {
                        Value::Mapping(m) => m.get("count"),
                        _ => None,
                    })
                    .map_err(|m| self.error(&format!("{child_at}.count"), m))?;
                    let has_count = values.is_some();
                    let values = values.unwrap_or_else(|| vec![1]);
                    let consecutive = values.iter().max().unwrap_or(&0)
                        - values.iter().min().unwrap_or(&0)
                        == values.len() as i64 - 1;
                    let padding = if consecutive {
                        values
                            .iter()
                            .map(|v| v.to_string().len())
                            .max()
                            .unwrap_or(1)
                    } else {
                        0
                    };
                    let mut ids = Vec::new();
                    for value in values {
                        let mut name = if numbered {
                            let number = self.next_test_number;
                            self.next_test_number += 1;
                            numbered_name(number, self.test_number_width, &child_key)
                        } else {
                            child_key.clone()
                        };
                        if has_count {
                            name.push_str(&format!("-{value:0padding$}"));
                        }
                        let test_path = join(path, &name);
                        let id = self.read_test(
                            &child_at, &name, &test_path, child, &inherited, value, has_count,
                        )?;
                        ids.push(id);
                    }
                    // A counted key names several tests: an include of it is ambiguous.
                    for id in &ids {
                        self.remember(&child_key, Known::Test(*id));
                    }
                    made.extend(ids);
                } else {
                    let Value::Mapping(child_map) = child else {
                        return Err(self.error(&child_at, "is neither a test nor a folder"));
                    };
                    let name = if numbered {
                        let n = next_group;
                        next_group += 1;
                        numbered_name(n, group_width, &child_key)
                    } else {
                        child_key.clone()
                    };
                    if !is_file_name(&name) {
                        return Err(
                            self.error(&child_at, format!("`{name}` is not a valid folder name"))
                        );
                    }
                    let child_path = join(path, &name);
                    let tests = self.read_folder(
                        &child_key,
                        &child_path,
                        &child_at,
                        child_map,
                        &inherited,
                        false,
                    )?;
                    made.extend(tests);
                }
            }
        }

        // Included tests become links in this folder, named as the test is.
        for test in included {
            let name = self.plan.tests[test]
                .path
                .rsplit('/')
                .next()
                .unwrap_or("")
                .to_string();
            let link = join(path, &name);
            if self.plan.tests.iter().any(|t| t.path == link) {
                if self.plan.tests[test].path != link {
                    return Err(self.error(
                        here,
                        format!("the included test `{name}` has the name of a test of this folder"),
                    ));
                }
                continue;
            }
            if self.plan.includes.iter().any(|i| i.path == link) {
                continue;
            }
            self.plan.includes.push(PlannedInclude { path: link, test });
            made.push(test);
        }
        self.ancestors.pop();
        if !is_root {
            self.remember_folder(key, made.clone());
        }
        Ok(made)
    }

    /// Warns of a pattern of `match:` that Rust's `regex` cannot read (Python's `re` may:
    /// a lookaround), naming the key: it is not checked.
    fn check_patterns(&mut self, at: &str, patterns: &[String]) {
        for pattern in patterns {
            if let Err(e) = match_pattern(pattern) {
                let why = e.to_string();
                let why = why.lines().last().unwrap_or("").trim().to_string();
                self.plan.warnings.push(format!(
                    "{at}: `{pattern}` is not checked (judge cannot read it as a regex: {why})"
                ));
            }
        }
    }

    /// Notes what `key` names; a key met twice names nothing an include may use.
    fn remember(&mut self, key: &str, known: Known) {
        if self.known_keys.contains_key(key) {
            self.known_keys.insert(key.to_string(), None);
        } else {
            self.known_keys.insert(key.to_string(), Some(known));
        }
    }

    fn remember_folder(&mut self, key: &str, tests: Vec<usize>) {
        if let Some(Some(Known::Folder(held))) = self.known_keys.get_mut(key) {
            *held = tests;
        }
    }

    fn inherit(
        &self,
        at: &str,
        map: &Mapping,
        parent: &Inherited,
    ) -> Result<Inherited, GeneratorsError> {
        let mut inherited = parent.clone();
        match map.get("solution") {
            None => {}
            Some(Value::Null) => inherited.solution = Solution::Nothing,
            Some(Value::String(s)) if s.is_empty() => inherited.solution = Solution::Nothing,
            Some(Value::String(s)) => {
                let at = format!("{at}.solution");
                let Some(rest) = s.strip_prefix('/') else {
                    return Err(self.error(
                        &at,
                        format!("`{s}` must be absolute from the package (`/submissions/...`)"),
                    ));
                };
                if s.split_whitespace().count() > 1 {
                    return Err(self.error(&at, "a solution takes no arguments"));
                }
                plain_parts(rest).map_err(|m| self.error(&at, m))?;
                inherited.solution = Solution::Named(rest.trim_end_matches('/').to_string());
            }
            Some(_) => return Err(self.error(&format!("{at}.solution"), "must be a path")),
        }
        match map.get("random_salt") {
            None => {}
            Some(value) => {
                inherited.salt = scalar_text(value)
                    .ok_or_else(|| self.error(&format!("{at}.random_salt"), "must be text"))?
            }
        }
        match map.get("retries") {
            None => {}
            Some(value) => match value.as_u64() {
                Some(n) if (1..=100).contains(&n) => inherited.retries = n as u32,
                _ => {
                    return Err(self.error(
                        &format!("{at}.retries"),
                        format!("{} is not a number from 1 to 100", show(value)),
                    ))
                }
            },
        }
        Ok(inherited)
    }

    #[allow(clippy::too_many_arguments)]
    fn read_test(
        &mut self,
        at: &str,
        name: &str,
        path: &str,
        value: &Value,
        parent: &Inherited,
        count_value: i64,
        has_count: bool,
    ) -> Result<usize, GeneratorsError> {
        if self.plan.tests.len() >= MOST_TESTS {
            return Err(self.error(at, format!("more than {MOST_TESTS} tests")));
        }
        if !is_file_name(name) || name.ends_with(".in") || name == "test_group" {
            return Err(self.error(at, format!("`{name}` is not a valid test name")));
        }
        let map = match value {
            Value::Null => return Err(self.error(at, "a test needs `generate`, `copy` or `in`")),
            Value::String(text) => {
                let mut map = Mapping::new();
                if let Some(base) = text.strip_suffix(".in") {
                    map.insert("copy".into(), Value::String(base.to_string()));
                } else {
                    map.insert("generate".into(), Value::String(text.clone()));
                }
                map
            }
            Value::Mapping(map) => map.clone(),
            _ => return Err(self.error(at, "a test is a command or a map")),
        };
        for k in map.keys() {
            let k = k.as_str().unwrap_or("");
            if !TEST_KEYS.contains(&k) && !SHARED_KEYS.contains(&k) {
                return Err(self.error(at, format!("unknown key `{k}` for a test")));
            }
        }
        let inherited = self.inherit(at, &map, parent)?;
        let sample = path.starts_with("sample/");
        let mut test = PlannedTest {
            path: path.to_string(),
            generate: None,
            copy: None,
            inline: Vec::new(),
            links: Vec::new(),
            solution: inherited.solution.clone(),
            retries: inherited.retries,
            matches: Vec::new(),
            same_as: None,
            copy_of: None,
        };
        let mut intended_copy = has_count;
        if let Some(generate) = map.get("generate") {
            let at = format!("{at}.generate");
            let Some(text) = generate.as_str() else {
                return Err(self.error(&at, "must be a command"));
            };
            if text.trim().is_empty() {
                return Err(self.error(&at, "is empty"));
            }
            let mut text = self.facts.constants.substitute(text);
            if text.contains("{count}") && has_count {
                text = text.replace("{count}", &count_value.to_string());
                intended_copy = false;
            }
            let words = command::split_words(&text)
                .map_err(|e| self.error(&at, format!("cannot be split into words: {e}")))?;
            let Some((program, args)) = words.split_first() else {
                return Err(self.error(&at, "is empty"));
            };
            let marks: usize = args.iter().map(|a| command::seed_marks(a).len()).sum();
            if marks > 1 {
                return Err(self.error(&at, "{seed} may appear at most once"));
            }
            if !self.plan.generators.contains_key(program.as_str()) {
                relative_path(program).map_err(|m| self.error(&at, m))?;
            }
            let seed = command::seed_of(&inherited.salt, count_value, &text);
            if marks > 0 {
                intended_copy = false;
            }
            test.generate = Some(Command {
                text: text.clone(),
                program: program.clone(),
                args: args.to_vec(),
                seed,
                uses_seed: marks > 0,
            });
        }
        if let Some(copy) = map.get("copy") {
            let at = format!("{at}.copy");
            let Some(text) = copy.as_str() else {
                return Err(self.error(&at, "must be a path under generators/"));
            };
            let base = text.strip_suffix(".in").unwrap_or(text);
            let relative = relative_path(base).map_err(|m| self.error(&at, m))?;
            test.copy = Some(format!("generators/{relative}"));
        }
        for ext in &TEXT_EXTENSIONS[..9] {
            let key = &ext[1..];
            let Some(value) = map.get(key) else { continue };
            let at = format!("{at}.{key}");
            if !sample && key.contains('.') {
                return Err(self.error(&at, "only a sample may have this file"));
            }
            let text = match value {
                Value::String(s) => s.clone(),
                Value::Number(_) | Value::Bool(_) => scalar_text(value).unwrap_or_default(),
                Value::Mapping(_) if key == "yaml" => emit::from_source(self.source, "yaml", value)
                    .unwrap_or_else(|| emit::document(value)),
                Value::Mapping(m) if m.len() == 1 && m.contains_key("link") => {
                    let target = m.get("link").and_then(Value::as_str).unwrap_or("");
                    let allowed = [
                        "in.statement",
                        "ans.statement",
                        "in.download",
                        "ans.download",
                    ];
                    if !allowed.contains(&key)
                        || !(allowed.contains(&target) || target == "in" || target == "ans")
                    {
                        return Err(self.error(&at, format!("cannot link {key} to `{target}`")));
                    }
                    if key.split('.').next() != target.split('.').next() {
                        return Err(self.error(
                            &at,
                            format!("cannot link {key} to {target} (an input to an answer)"),
                        ));
                    }
                    test.links.push((ext.to_string(), format!(".{target}")));
                    continue;
                }
                _ => return Err(self.error(&at, "must be text")),
            };
            let text = if !text.is_empty() && !text.ends_with('\n') {
                text + "\n"
            } else {
                text
            };
            test.inline.push((ext.to_string(), text));
        }
        for (from, to) in &test.links {
            if test.links.iter().any(|(f, _)| f == to) {
                return Err(self.error(
                    at,
                    format!(
                        "{} links to {}, which is a link itself",
                        &from[1..],
                        &to[1..]
                    ),
                ));
            }
        }
        let has_input = |ext: &str| {
            test.inline.iter().any(|(e, _)| e == ext) || test.links.iter().any(|(e, _)| e == ext)
        };
        let sample_input = sample
            && (has_input(".in.statement") || has_input(".interaction"))
            && has_input(".in.download");
        if test.generate.is_none() && test.copy.is_none() && !has_input(".in") && !sample_input {
            return Err(self.error(at, "a test needs `generate`, `copy` or `in`"));
        }
        if let Some(matches) = map.get("match") {
            let at = format!("{at}.match");
            let list = |v: &Value| -> Option<Vec<String>> {
                match v {
                    Value::String(s) => Some(vec![s.clone()]),
                    Value::Sequence(items) => items
                        .iter()
                        .map(|i| i.as_str().map(str::to_string))
                        .collect(),
                    _ => None,
                }
            };
            match matches {
                Value::Mapping(m) => {
                    for (k, v) in m {
                        let k = k.as_str().unwrap_or("");
                        if k != "in" && k != "ans" {
                            return Err(self.error(&at, format!("unknown key `{k}` (in or ans)")));
                        }
                        let patterns = list(v)
                            .ok_or_else(|| self.error(&at, "must be text or a list of text"))?;
                        self.check_patterns(&format!("{at}.{k}"), &patterns);
                        test.matches
                            .extend(patterns.into_iter().map(|p| (k.to_string(), p)));
                    }
                }
                other => {
                    let patterns = list(other)
                        .ok_or_else(|| self.error(&at, "must be text or a list of text"))?;
                    self.check_patterns(&at, &patterns);
                    test.matches
                        .extend(patterns.into_iter().map(|p| ("in".to_string(), p)));
                }
            }
        }
        // The same rule twice: BAPCtools makes the files once.
        let rule = format!(
            "{}\0{}\0{:?}\0{:?}",
            test.generate.as_ref().map(Command::key).unwrap_or_default(),
            test.copy.clone().unwrap_or_default(),
            test.inline,
            test.links
        );
        let id = self.plan.tests.len();
        match self.rules.get(&rule) {
            Some(&earlier) if intended_copy => test.same_as = Some(earlier),
            Some(&earlier) => test.copy_of = Some(earlier),
            None => {
                self.rules.insert(rule, id);
            }
        }
        self.plan.tests.push(test);
        Ok(id)
    }
}

/// A pattern of `match:` compiled as BAPCtools compiles it (Python's `re` with MULTILINE and
/// DOTALL; Python's `\Z`, the end of the text, is `regex`'s `\z`); what Rust's `regex`
/// cannot read (a backreference, a lookaround) is an error.
fn match_pattern(pattern: &str) -> Result<regex::Regex, regex::Error> {
    let mut rust = String::with_capacity(pattern.len());
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        rust.push(c);
        if c == '\\' {
            match chars.next() {
                Some('Z') => rust.push('z'),
                Some(next) => rust.push(next),
                None => {}
            }
        }
    }
    regex::RegexBuilder::new(&rust)
        .multi_line(true)
        .dot_matches_new_line(true)
        .size_limit(1 << 20)
        .build()
}

fn numbered_name(number: usize, width: usize, key: &str) -> String {
    if key.is_empty() {
        format!("{number:0width$}")
    } else {
        format!("{number:0width$}-{key}")
    }
}

fn join(folder: &str, name: &str) -> String {
    if folder.is_empty() {
        name.to_string()
    } else {
        format!("{folder}/{name}")
    }
}

/// How many tests numbered lists make in the whole file (their numbers' width comes from it).
fn count_numbered(map: &Mapping) -> usize {
    let (entries, numbered): (Vec<&Mapping>, bool) = match map.get("data") {
        Some(Value::Mapping(m)) => (vec![m], false),
        Some(Value::Sequence(items)) => {
            (items.iter().filter_map(Value::as_mapping).collect(), true)
        }
        _ => return 0,
    };
    let mut total = 0;
    for entry in entries {
        for value in entry.values() {
            if is_test(value) {
                if numbered {
                    let count = match value {
                        Value::Mapping(m) => m.get("count"),
                        _ => None,
                    };
                    total += count_values(count).ok().flatten().map_or(1, |v| v.len());
                }
            } else if let Value::Mapping(m) = value {
                total += count_numbered(m);
            }
        }
    }
    total
}

impl Plan {
    /// The output validator's arguments for `test`: `output_validator_args` of the nearest
    /// `test_group.yaml` above it that says them (generators.yaml's, or for a folder whose
    /// file the yaml leaves alone, `read(folder)`'s text of the one in `data/`), as the
    /// test's group inherits them; a list of words, or one string split at white space.
    pub fn output_validator_args(
        &self,
        test: &PlannedTest,
        read: impl Fn(&str) -> Option<String>,
    ) -> Vec<String> {
        let mut folder = test.path.rsplit_once('/').map_or("", |(folder, _)| folder);
        loop {
            let text = self
                .folders
                .iter()
                .find(|f| f.path == folder)
                .and_then(|f| match &f.test_group_yaml {
                    GroupYaml::Written(text) => Some(text.clone()),
                    GroupYaml::Untouched => read(folder),
                    GroupYaml::Removed => None,
                });
            let args = text
                .and_then(|text| yaml_serde::from_str::<Value>(&text).ok())
                .and_then(|yaml| match yaml.get("output_validator_args")? {
                    Value::Sequence(items) => Some(
                        items
                            .iter()
                            .filter_map(scalar_text)
                            .collect::<Vec<String>>(),
                    ),
                    other => scalar_text(other)
                        .map(|text| text.split_whitespace().map(str::to_string).collect()),
                });
            if let Some(args) = args {
                return args;
            }
            if folder.is_empty() {
                return Vec::new();
            }
            folder = folder.rsplit_once('/').map_or("", |(parent, _)| parent);
        }
    }
}

/// A multi-pass sample's `.interaction` as BAPCtools writes it: each pass's input, its lines
/// led by `<`, then the submission's output, its lines led by `>` (one final newline of each
/// left out), with a line `---` between passes.
pub fn interaction_of_passes(passes: &[(Vec<u8>, Vec<u8>)]) -> Vec<u8> {
    let mut text = Vec::new();
    for (index, (input, output)) in passes.iter().enumerate() {
        if index > 0 {
            text.extend_from_slice(b"---\n");
        }
        for (mark, bytes) in [(b'<', input), (b'>', output)] {
            let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
            text.push(mark);
            for &byte in bytes {
                text.push(byte);
                if byte == b'\n' {
                    text.push(mark);
                }
            }
            text.push(b'\n');
        }
    }
    text
}

#[cfg(test)]
mod tests;
