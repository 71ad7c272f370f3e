//! Polygon's `problem.xml` read into what grading needs: the `tests` testset (limits, path
//! patterns, each test manual or generated with its command, sample, group and points), the
//! groups with their points policy and dependencies, the input and output files, the
//! resources, the checker, the validators, the interactor and the solutions with their tags.
//! Everything is checked here, once: a generated test without a command, a command naming no
//! executable of the package, a group a test names that is not declared, a dependency on an
//! unknown group or a cycle of dependencies, a path that leaves the package, an unknown tag:
//! each an error naming what is wrong.

use std::collections::BTreeMap;

use super::xml::{self, Element};

/// The problem as `problem.xml` describes it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProblemXml {
    /// `short-name`.
    pub short_name: String,
    /// The names by language, in the file's order.
    pub names: Vec<(String, String)>,
    /// Where a solution reads and writes: `None` for standard input / output.
    pub input_file: Option<String>,
    pub output_file: Option<String>,
    pub testset: Testset,
    /// Resource files (`testlib.h`, headers, statements' styles), paths in the package.
    pub resources: Vec<String>,
    /// Executables (generators and others) by their source paths.
    pub executables: Vec<Source>,
    pub checker: Option<Checker>,
    pub validators: Vec<Source>,
    /// Each validator's own tests (its `<testset>`), by the validator's position.
    pub validator_tests: Vec<Vec<SelfTest>>,
    /// The checker's own tests (its `<testset>`).
    pub checker_tests: Vec<SelfTest>,
    pub interactor: Option<Source>,
    pub solutions: Vec<Solution>,
}

impl ProblemXml {
    /// The name to show: the English one, else the first, else the short name.
    pub fn title(&self) -> &str {
        self.names
            .iter()
            .find(|(language, _)| language == "english")
            .or_else(|| self.names.first())
            .map_or(self.short_name.as_str(), |(_, name)| name.as_str())
    }

    /// The solution tagged `main`.
    pub fn main_solution(&self) -> Option<&Solution> {
        self.solutions.iter().find(|s| s.tag == Tag::Main)
    }
}

/// A program's source in the package.
#[derive(Debug, Clone, PartialEq)]
pub struct Source {
    /// Relative to the package's folder: `files/gen.cpp`.
    pub path: String,
    /// Polygon's language (`cpp.g++17`), if given.
    pub kind: Option<String>,
}

impl Source {
    /// The file's name without its extension: `gen` for `files/gen.cpp` (what a `cmd` names).
    pub fn stem(&self) -> &str {
        let name = self.path.rsplit('/').next().unwrap_or(&self.path);
        name.split_once('.').map_or(name, |(stem, _)| stem)
    }
}

/// The checker: its source (a testlib checker), and its name when it is one of testlib's
/// standard ones (`std::wcmp.cpp`).
#[derive(Debug, Clone, PartialEq)]
pub struct Checker {
    pub source: Option<Source>,
    pub standard: Option<String>,
}

/// A solution and its tag.
#[derive(Debug, Clone, PartialEq)]
pub struct Solution {
    pub source: Source,
    pub tag: Tag,
}

/// A solution's tag: what it is expected to get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    Main,
    Accepted,
    /// Any verdict but accepted.
    Rejected,
    WrongAnswer,
    TimeLimitExceeded,
    TimeLimitExceededOrAccepted,
    TimeLimitExceededOrMemoryLimitExceeded,
    MemoryLimitExceeded,
    PresentationError,
    /// Fails to build or to run (a compile error or a crash).
    Failed,
}

impl Tag {
    const ALL: [(&'static str, Tag); 10] = [
        ("main", Tag::Main),
        ("accepted", Tag::Accepted),
        ("rejected", Tag::Rejected),
        ("wrong-answer", Tag::WrongAnswer),
        ("time-limit-exceeded", Tag::TimeLimitExceeded),
        (
            "time-limit-exceeded-or-accepted",
            Tag::TimeLimitExceededOrAccepted,
        ),
        (
            "time-limit-exceeded-or-memory-limit-exceeded",
            Tag::TimeLimitExceededOrMemoryLimitExceeded,
        ),
        ("memory-limit-exceeded", Tag::MemoryLimitExceeded),
        ("presentation-error", Tag::PresentationError),
        ("failed", Tag::Failed),
    ];

    pub fn parse(text: &str) -> Option<Tag> {
        Self::ALL
            .iter()
            .find(|(name, _)| *name == text)
            .map(|(_, tag)| *tag)
    }

    /// The tag as problem.xml spells it.
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(_, tag)| *tag == self)
            .map_or("", |(name, _)| name)
    }
}

/// The testset `tests`: what the solutions are judged on.
#[derive(Debug, Clone, PartialEq)]
pub struct Testset {
    pub time_limit_ms: u64,
    pub memory_bytes: u64,
    /// `tests/%02d`.
    pub input_pattern: String,
    /// `tests/%02d.a`.
    pub answer_pattern: String,
    /// In order: test `i` (from 1) is `tests[i - 1]`.
    pub tests: Vec<Test>,
    pub groups: Vec<Group>,
}

/// A test of a validator's or the checker's own (Polygon's validator and checker tests):
/// the files, relative to the package's folder, and the verdict the program must give
/// (`valid`, `invalid`; `ok`, `wrong-answer`, `presentation-error`, ...), lowercase.
#[derive(Debug, Clone, PartialEq)]
pub struct SelfTest {
    pub input: String,
    pub output: Option<String>,
    pub answer: Option<String>,
    pub verdict: String,
}

/// The tests of a validator's or the checker's `<testset>` (`what` names it in errors).
fn self_tests(program: &Element, what: &str) -> Result<Vec<SelfTest>, String> {
    let Some(testset) = program.child("testset") else {
        return Ok(Vec::new());
    };
    let pattern = |name: &str| -> Result<Option<String>, String> {
        match testset.child(name) {
            Some(element) => {
                fill_pattern(&element.text, 1).map_err(|e| format!("{what}'s {name}: {e}"))?;
                package_path(&element.text, name).map(Some)
            }
            None => Ok(None),
        }
    };
    let input = pattern("input-path-pattern")?;
    let output = pattern("output-path-pattern")?;
    let answer = pattern("answer-path-pattern")?;
    let mut found = Vec::new();
    for (position, test) in testset
        .child("tests")
        .map(|t| t.children_named("test").collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .enumerate()
    {
        let index = position + 1;
        let input = input
            .as_deref()
            .ok_or_else(|| format!("{what}'s tests have no <input-path-pattern>"))?;
        let fill = |pattern: &Option<String>| {
            pattern
                .as_deref()
                .map(|p| fill_pattern(p, index))
                .transpose()
        };
        found.push(SelfTest {
            input: fill_pattern(input, index)?,
            output: fill(&output)?,
            answer: fill(&answer)?,
            verdict: test
                .attribute("verdict")
                .ok_or_else(|| format!("{what}'s test {index} has no verdict"))?
                .trim()
                .to_ascii_lowercase()
                .replace('_', "-"),
        });
    }
    Ok(found)
}

/// One test of the testset.
#[derive(Debug, Clone, PartialEq)]
pub struct Test {
    pub method: Method,
    pub sample: bool,
    pub group: Option<String>,
    pub points: Option<f64>,
}

/// How a test is made.
#[derive(Debug, Clone, PartialEq)]
pub enum Method {
    /// Its input is a file of the package.
    Manual,
    /// Its input is a generator's output: the command (`gen 10 3`), the generator first; its
    /// standard output, or with `from_file` the file of that name its run leaves in its folder
    /// (a multigenerator's: testlib's `startTest(N)` writes test N to the file `N`).
    Generated {
        cmd: String,
        from_file: Option<String>,
    },
}

impl Test {
    /// The generator a generated test's command names (`gen` of `gen 10 3`).
    pub fn generator(&self) -> Option<&str> {
        match &self.method {
            Method::Generated { cmd, .. } => cmd.split_whitespace().next(),
            Method::Manual => None,
        }
    }

    /// The arguments of a generated test's command after the generator's name.
    pub fn args(&self) -> Vec<String> {
        match &self.method {
            Method::Generated { cmd, .. } => {
                cmd.split_whitespace().skip(1).map(str::to_string).collect()
            }
            Method::Manual => Vec::new(),
        }
    }
}

/// A group of tests.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    pub name: String,
    pub points: Option<f64>,
    pub policy: PointsPolicy,
    /// Groups that must be passed for this one to count.
    pub dependencies: Vec<String>,
}

/// How a group's points are given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointsPolicy {
    /// The group's points only when every test of it passes.
    CompleteGroup,
    /// Each test's own points.
    EachTest,
}

/// Fills `path` (`tests/%02d`) with `index` as C's printf would for `%d` and `%0Nd`.
pub fn fill_pattern(pattern: &str, index: usize) -> Result<String, String> {
    let Some((before, rest)) = pattern.split_once('%') else {
        return Err(format!("the path pattern {pattern:?} has no %d"));
    };
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let Some(after) = rest[digits.len()..].strip_prefix('d') else {
        return Err(format!("the path pattern {pattern:?} has no %d"));
    };
    if after.contains('%') {
        return Err(format!("the path pattern {pattern:?} has more than one %"));
    }
    let width: usize = if digits.is_empty() {
        0
    } else {
        digits
            .parse()
            .ok()
            .filter(|w| *w <= 9)
            .ok_or_else(|| format!("the path pattern {pattern:?} has a width over 9"))?
    };
    Ok(format!("{before}{index:0width$}{after}"))
}

/// A path in the package as problem.xml gives it, checked to stay inside the package.
fn package_path(path: &str, what: &str) -> Result<String, String> {
    let bad = path.is_empty()
        || path.starts_with('/')
        || path.contains('\\')
        || path.split('/').any(|part| part == "..");
    if bad {
        return Err(format!("{what}: the path {path:?} leaves the package"));
    }
    Ok(path.to_string())
}

fn source_of(element: &Element, what: &str) -> Result<Source, String> {
    let source = element
        .child("source")
        .ok_or_else(|| format!("{what} has no <source>"))?;
    let path = source
        .attribute("path")
        .ok_or_else(|| format!("{what}'s <source> has no path"))?;
    Ok(Source {
        path: package_path(path, what)?,
        kind: source.attribute("type").map(str::to_string),
    })
}

fn number<T: std::str::FromStr>(element: Option<&Element>, what: &str) -> Result<T, String> {
    let element = element.ok_or_else(|| format!("the testset has no <{what}>"))?;
    element
        .text
        .parse()
        .map_err(|_| format!("<{what}> is {:?}, not a whole number", element.text))
}

/// Reads `problem.xml`'s text; the error says what is wrong (the caller names the file).
pub fn parse(text: &str) -> Result<ProblemXml, String> {
    let root = xml::parse(text)?;
    if root.name != "problem" {
        return Err(format!("its root is <{}>, not <problem>", root.name));
    }
    let short_name = root.attribute("short-name").unwrap_or("").to_string();
    let names = root
        .child("names")
        .map(|names| {
            names
                .children_named("name")
                .filter_map(|n| {
                    Some((
                        n.attribute("language").unwrap_or("").to_string(),
                        n.attribute("value")?.to_string(),
                    ))
                })
                .collect()
        })
        .unwrap_or_default();
    let judging = root.child("judging").ok_or("it has no <judging>")?;
    let file_of = |name: &str| {
        judging
            .attribute(name)
            .filter(|f| !f.is_empty() && !matches!(*f, "stdin" | "stdout"))
            .map(str::to_string)
    };
    let testset = judging
        .children_named("testset")
        .find(|t| t.attribute("name") == Some("tests"))
        .ok_or("<judging> has no <testset name=\"tests\">")?;
    let files = root.child("files");
    let resources = match files.and_then(|f| f.child("resources")) {
        Some(resources) => resources
            .children_named("file")
            .map(|f| package_path(f.attribute("path").unwrap_or(""), "a resource"))
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let executables: Vec<Source> = match files.and_then(|f| f.child("executables")) {
        Some(executables) => executables
            .children_named("executable")
            .map(|e| source_of(e, "an executable"))
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let assets = root.child("assets");
    let checker = match assets.and_then(|a| a.child("checker")) {
        Some(checker) => Some(Checker {
            source: checker
                .child("source")
                .map(|_| source_of(checker, "the checker"))
                .transpose()?,
            standard: checker
                .attribute("name")
                .filter(|n| n.starts_with("std::"))
                .map(str::to_string),
        }),
        None => None,
    };
    let validators = match assets.and_then(|a| a.child("validators")) {
        Some(validators) => validators
            .children_named("validator")
            .map(|v| source_of(v, "a validator"))
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let validator_tests = match assets.and_then(|a| a.child("validators")) {
        Some(validators) => validators
            .children_named("validator")
            .enumerate()
            .map(|(i, v)| self_tests(v, &format!("validator {}", i + 1)))
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let checker_tests = match assets.and_then(|a| a.child("checker")) {
        Some(checker) => self_tests(checker, "the checker")?,
        None => Vec::new(),
    };
    let interactor = assets
        .and_then(|a| a.child("interactor"))
        .map(|i| source_of(i, "the interactor"))
        .transpose()?;
    let solutions = match assets.and_then(|a| a.child("solutions")) {
        Some(solutions) => solutions
            .children_named("solution")
            .map(|s| {
                let source = source_of(s, "a solution")?;
                let tag = s.attribute("tag").unwrap_or("");
                let tag = Tag::parse(tag).ok_or_else(|| {
                    format!("solution {} has the unknown tag {tag:?}", source.path)
                })?;
                Ok(Solution { source, tag })
            })
            .collect::<Result<_, String>>()?,
        None => Vec::new(),
    };
    let testset = read_testset(testset, &executables)?;
    if solutions.iter().filter(|s| s.tag == Tag::Main).count() > 1 {
        return Err("more than one solution is tagged main".into());
    }
    Ok(ProblemXml {
        short_name,
        names,
        input_file: file_of("input-file"),
        output_file: file_of("output-file"),
        testset,
        resources,
        executables,
        checker,
        validators,
        validator_tests,
        checker_tests,
        interactor,
        solutions,
    })
}

/// The largest test index a script may name (`bounds::TESTS`'s largest count of tests).
const MAX_TEST_INDEX: usize = 1_000_000;

/// What a script line makes of one test: the line, the command, and for a multigenerator's
/// line the file its run leaves with the test's input.
type Scripted = (usize, String, Option<String>);

/// Reads a testset's generation script, Polygon's form of generated tests: a line a command,
/// `gen ARGS > N` (test N), `gen ARGS > $` (the first index not yet taken, by a listed manual
/// test or an earlier line), `gen ARGS > {1-3,5}` (a multigenerator: one run makes tests 1, 2,
/// 3 and 5, each the file named by its index), blank lines skipped. The test index of each
/// command, with the line it came from. FreeMarker's directives, a line without its target,
/// a generator that is no executable, a range that is no range or a test made twice are
/// refused, naming the line.
fn read_script(
    text: &str,
    executables: &[Source],
    manual: &[usize],
) -> Result<BTreeMap<usize, Scripted>, String> {
    let mut made: BTreeMap<usize, Scripted> = BTreeMap::new();
    for (at, raw) in text.lines().enumerate() {
        let line = at + 1;
        let content = raw.trim();
        if content.is_empty() {
            continue;
        }
        let bad = |why: String| format!("the generation script's line {line} ({content:?}): {why}");
        if content.contains("<#") || content.contains("${") {
            return Err(bad(
                "FreeMarker's directives and expressions are not supported (write the lines \
                 Polygon makes of them)"
                    .into(),
            ));
        }
        let Some((cmd, target)) = content.rsplit_once('>') else {
            return Err(bad(
                "names no test: a line is `generator args > N` or `> $`".into(),
            ));
        };
        let (cmd, target) = (cmd.trim(), target.trim());
        if let Some(sign) = cmd
            .chars()
            .find(|c| matches!(c, '>' | '<' | '|' | '$' | '{' | '}'))
        {
            return Err(bad(format!("the command has {sign:?}")));
        }
        let Some(program) = cmd.split_whitespace().next() else {
            return Err(bad("names no generator before '>'".into()));
        };
        if !executables.iter().any(|e| e.stem() == program) {
            return Err(bad(format!(
                "names {program:?}, which is no executable of the package (<files><executables>)"
            )));
        }
        let index_of = |text: &str| match text.trim().parse::<usize>() {
            Ok(index) if (1..=MAX_TEST_INDEX).contains(&index) => Ok(index),
            _ => Err(bad(format!(
                "{text:?} is no test: after '>' comes a test's index, $, or a multigenerator's \
                 {{1-3,5}}"
            ))),
        };
        let targets: Vec<(usize, Option<String>)> = match target {
            "$" => vec![(
                (1..)
                    .find(|i| !manual.contains(i) && !made.contains_key(i))
                    .unwrap_or(1),
                None,
            )],
            _ if target.starts_with('{') => {
                let Some(list) = target.strip_prefix('{').and_then(|t| t.strip_suffix('}')) else {
                    return Err(bad(format!("{target:?} does not end with '}}'")));
                };
                let mut indices = Vec::new();
                for item in list.split(',') {
                    let (from, to) = match item.split_once('-') {
                        Some((from, to)) => (index_of(from)?, index_of(to)?),
                        None => (index_of(item)?, index_of(item)?),
                    };
                    if from > to {
                        return Err(bad(format!("{item:?} is an empty range")));
                    }
                    indices.extend(from..=to);
                }
                indices
                    .into_iter()
                    .map(|index| (index, Some(index.to_string())))
                    .collect()
            }
            _ => vec![(index_of(target)?, None)],
        };
        for (index, from_file) in targets {
            if manual.contains(&index) {
                return Err(bad(format!("makes test {index}, a manual test of <tests>")));
            }
            if let Some((earlier, ..)) = made.get(&index) {
                return Err(bad(format!(
                    "makes test {index}, which line {earlier} makes too"
                )));
            }
            made.insert(index, (line, cmd.to_string(), from_file));
        }
    }
    Ok(made)
}

fn read_testset(testset: &Element, executables: &[Source]) -> Result<Testset, String> {
    let time_limit_ms: u64 = number(testset.child("time-limit"), "time-limit")?;
    let memory_bytes: u64 = number(testset.child("memory-limit"), "memory-limit")?;
    if time_limit_ms == 0 || memory_bytes == 0 {
        return Err("the testset's time-limit and memory-limit must be above 0".into());
    }
    let pattern = |name: &str| -> Result<String, String> {
        let text = &testset
            .child(name)
            .ok_or_else(|| format!("the testset has no <{name}>"))?
            .text;
        fill_pattern(text, 1)?;
        package_path(text, name)
    };
    let input_pattern = pattern("input-path-pattern")?;
    let answer_pattern = pattern("answer-path-pattern")?;
    let mut tests = Vec::new();
    let listed: Vec<&Element> = testset
        .child("tests")
        .map(|list| list.children_named("test").collect())
        .unwrap_or_default();
    // The script form: a `<generation><script>` whose lines make the generated tests.
    let script = match testset
        .child("generation")
        .and_then(|g| g.child("script"))
        .or_else(|| testset.child("script"))
    {
        Some(script) => {
            let manual: Vec<usize> = listed
                .iter()
                .enumerate()
                .filter(|(_, t)| t.attribute("method").unwrap_or("manual") == "manual")
                .map(|(i, _)| i + 1)
                .collect();
            read_script(&script.text, executables, &manual)?
        }
        None => BTreeMap::new(),
    };
    {
        for (position, test) in listed.iter().enumerate() {
            let index = position + 1;
            let method = match test.attribute("method").unwrap_or("manual") {
                "manual" => Method::Manual,
                "generated" => {
                    let own = test
                        .attribute("cmd")
                        .map(str::trim)
                        .filter(|c| !c.is_empty())
                        .map(|cmd| (cmd, test.attribute("from-file").map(str::to_string)));
                    let (cmd, from_file) = own
                        .or_else(|| {
                            script
                                .get(&index)
                                .map(|(_, cmd, file)| (cmd.as_str(), file.clone()))
                        })
                        .ok_or_else(|| format!("test {index} is generated but has no cmd"))?;
                    if let Some(file) = &from_file {
                        if file.is_empty() || file.contains('/') || file.starts_with('.') {
                            return Err(format!(
                                "test {index}: from-file {file:?} is no file name in the \
                                 generator's folder"
                            ));
                        }
                    }
                    let program = cmd.split_whitespace().next().unwrap_or("");
                    // A command of Polygon's script form (`gen 5 > $`, `> {1-3}`), which
                    // writes its own files, has no place in a test's cmd.
                    if let Some(sign) = cmd
                        .chars()
                        .find(|c| matches!(c, '>' | '<' | '|' | '$' | '{' | '}'))
                    {
                        return Err(format!(
                            "test {index}: its cmd {cmd:?} has {sign:?}: a test's command is a \
                             generator and its arguments, printing the input (redirections and \
                             the script form's multigenerators are not supported)"
                        ));
                    }
                    if !executables.iter().any(|e| e.stem() == program) {
                        return Err(format!(
                            "test {index}: its cmd {cmd:?} names {program:?}, which is no \
                             executable of the package (<files><executables>)"
                        ));
                    }
                    Method::Generated {
                        cmd: cmd.to_string(),
                        from_file,
                    }
                }
                other => return Err(format!("test {index} has the unknown method {other:?}")),
            };
            let points = match test.attribute("points") {
                Some(points) => Some(
                    points
                        .parse::<f64>()
                        .ok()
                        .filter(|p| p.is_finite() && *p >= 0.0)
                        .ok_or_else(|| format!("test {index}: points {points:?} is no number"))?,
                ),
                None => None,
            };
            tests.push(Test {
                method,
                sample: test.attribute("sample") == Some("true"),
                group: test.attribute("group").map(str::to_string),
                points,
            });
        }
    }
    // Tests the script makes beyond those listed: each index from the next on must be made.
    if let Some(&last) = script.keys().next_back() {
        for index in tests.len() + 1..=last {
            let (_, cmd, from_file) = script.get(&index).ok_or_else(|| {
                format!(
                    "the generation script makes test {last} but no line makes test {index}, \
                     nor does <tests> list it"
                )
            })?;
            tests.push(Test {
                method: Method::Generated {
                    cmd: cmd.clone(),
                    from_file: from_file.clone(),
                },
                sample: false,
                group: None,
                points: None,
            });
        }
    }
    if let Some(count) = testset.child("test-count") {
        let count: usize = number(Some(count), "test-count")?;
        if count != tests.len() {
            return Err(format!(
                "<test-count> says {count} tests but <tests> lists {}",
                tests.len()
            ));
        }
    }
    let groups = read_groups(testset)?;
    if !groups.is_empty() {
        for (position, test) in tests.iter().enumerate() {
            if let Some(group) = &test.group {
                if !groups.iter().any(|g| &g.name == group) {
                    return Err(format!(
                        "test {} is in group {group:?}, which <groups> does not declare",
                        position + 1
                    ));
                }
            }
        }
    }
    Ok(Testset {
        time_limit_ms,
        memory_bytes,
        input_pattern,
        answer_pattern,
        tests,
        groups,
    })
}

fn read_groups(testset: &Element) -> Result<Vec<Group>, String> {
    let Some(list) = testset.child("groups") else {
        return Ok(Vec::new());
    };
    let mut groups: Vec<Group> = Vec::new();
    for group in list.children_named("group") {
        let name = group
            .attribute("name")
            .ok_or("a <group> has no name")?
            .to_string();
        if groups.iter().any(|g| g.name == name) {
            return Err(format!("group {name:?} is declared twice"));
        }
        let policy = match group.attribute("points-policy").unwrap_or("complete-group") {
            "complete-group" => PointsPolicy::CompleteGroup,
            "each-test" => PointsPolicy::EachTest,
            other => {
                return Err(format!(
                    "group {name:?} has the unknown points-policy {other:?}"
                ))
            }
        };
        let points = match group.attribute("points") {
            Some(p) => Some(
                p.parse::<f64>()
                    .ok()
                    .filter(|p| p.is_finite() && *p >= 0.0)
                    .ok_or_else(|| format!("group {name:?}: points {p:?} is no number"))?,
            ),
            None => None,
        };
        let dependencies = group
            .child("dependencies")
            .map(|d| {
                d.children_named("dependency")
                    .filter_map(|d| d.attribute("group").map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        groups.push(Group {
            name,
            points,
            policy,
            dependencies,
        });
    }
    for group in &groups {
        for dependency in &group.dependencies {
            if !groups.iter().any(|g| &g.name == dependency) {
                return Err(format!(
                    "group {:?} depends on group {dependency:?}, which is not declared",
                    group.name
                ));
            }
        }
    }
    if let Some(cycle) = dependency_cycle(&groups) {
        return Err(format!(
            "the groups' dependencies go round in a cycle: {}",
            cycle.join(" -> ")
        ));
    }
    Ok(groups)
}

/// A cycle among the groups' dependencies, named from its first group back to it.
fn dependency_cycle(groups: &[Group]) -> Option<Vec<String>> {
    let edges: BTreeMap<&str, &[String]> = groups
        .iter()
        .map(|g| (g.name.as_str(), g.dependencies.as_slice()))
        .collect();
    // 0 unseen, 1 on the path, 2 done; iterative so a long chain cannot overflow the stack.
    let mut state: BTreeMap<&str, u8> = BTreeMap::new();
    for group in groups {
        if state.get(group.name.as_str()).copied().unwrap_or(0) != 0 {
            continue;
        }
        let mut path: Vec<(&str, usize)> = vec![(group.name.as_str(), 0)];
        state.insert(group.name.as_str(), 1);
        while let Some((node, next)) = path.last_mut() {
            let node: &str = node;
            let deps = edges.get(node).copied().unwrap_or(&[]);
            if *next >= deps.len() {
                state.insert(node, 2);
                path.pop();
                continue;
            }
            let dep = deps[*next].as_str();
            *next += 1;
            match state.get(dep).copied().unwrap_or(0) {
                0 => {
                    state.insert(dep, 1);
                    path.push((dep, 0));
                }
                1 => {
                    let start = path.iter().position(|(n, _)| *n == dep).unwrap_or(0);
                    let mut cycle: Vec<String> =
                        path[start..].iter().map(|(n, _)| n.to_string()).collect();
                    cycle.push(dep.to_string());
                    return Some(cycle);
                }
                _ => {}
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small problem.xml, with `tests` and `groups` put in the testset.
    fn xml(tests: &str, groups: &str) -> String {
        format!(
            r#"<?xml version="1.0" encoding="utf-8"?>
<problem short-name="sum">
  <names><name language="russian" value="Сумма"/><name language="english" value="Sum"/></names>
  <judging input-file="" output-file="">
    <testset name="tests">
      <time-limit>2000</time-limit>
      <memory-limit>268435456</memory-limit>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>{tests}</tests>
      {groups}
    </testset>
  </judging>
  <files>
    <resources><file path="files/testlib.h" type="h.g++"/></resources>
    <executables><executable><source path="files/gen.cpp" type="cpp.g++17"/></executable></executables>
  </files>
  <assets>
    <checker name="std::wcmp.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
    <validators><validator><source path="files/val.cpp" type="cpp.g++17"/></validator></validators>
    <solutions>
      <solution tag="main"><source path="solutions/main.cpp" type="cpp.g++17"/></solution>
      <solution tag="wrong-answer"><source path="solutions/wa.py" type="python.3"/></solution>
    </solutions>
  </assets>
</problem>"#
        )
    }

    #[test]
    fn a_problem_xml_reads_with_its_tests_checker_and_solutions() {
        let problem = parse(&xml(
            r#"<test method="manual" sample="true" group="g1" points="0"/>
               <test method="generated" cmd="gen 10 3" group="g2" points="5.5"/>"#,
            r#"<groups><group name="g1" points-policy="each-test"/>
                 <group name="g2" points="40" points-policy="complete-group">
                   <dependencies><dependency group="g1"/></dependencies></group></groups>"#,
        ))
        .unwrap();
        assert_eq!(problem.title(), "Sum");
        assert_eq!(problem.input_file, None);
        let testset = &problem.testset;
        assert_eq!(
            (testset.time_limit_ms, testset.memory_bytes),
            (2000, 256 << 20)
        );
        assert_eq!(testset.tests.len(), 2);
        assert!(testset.tests[0].sample && testset.tests[0].method == Method::Manual);
        assert_eq!(
            testset.tests[1].method,
            Method::Generated {
                cmd: "gen 10 3".into(),
                from_file: None,
            }
        );
        assert_eq!(testset.tests[1].points, Some(5.5));
        assert_eq!(testset.groups[1].dependencies, ["g1"]);
        assert_eq!(testset.groups[1].policy, PointsPolicy::CompleteGroup);
        assert_eq!(testset.groups[0].policy, PointsPolicy::EachTest);
        let checker = problem.checker.as_ref().unwrap();
        assert_eq!(checker.source.as_ref().unwrap().path, "files/check.cpp");
        assert_eq!(checker.standard.as_deref(), Some("std::wcmp.cpp"));
        assert_eq!(
            problem.main_solution().unwrap().source.path,
            "solutions/main.cpp"
        );
        assert_eq!(problem.solutions[1].tag, Tag::WrongAnswer);
        assert_eq!(problem.validators.len(), 1);
        assert_eq!(problem.resources, ["files/testlib.h"]);
    }

    #[test]
    fn bad_problem_xml_is_an_error_naming_what_is_wrong() {
        let error = |tests: &str, groups: &str| parse(&xml(tests, groups)).unwrap_err();
        assert!(error(r#"<test method="generated"/>"#, "")
            .contains("test 1 is generated but has no cmd"));
        assert!(error(r#"<test method="generated" cmd="nogen 5"/>"#, "").contains("\"nogen\""));
        assert!(error(
            r#"<test group="g9"/>"#,
            r#"<groups><group name="g1"/></groups>"#
        )
        .contains("\"g9\""));
        let cycle = error(
            "<test/>",
            r#"<groups>
                 <group name="a"><dependencies><dependency group="b"/></dependencies></group>
                 <group name="b"><dependencies><dependency group="c"/></dependencies></group>
                 <group name="c"><dependencies><dependency group="a"/></dependencies></group>
               </groups>"#,
        );
        assert!(cycle.contains("a -> b -> c -> a"), "{cycle}");
        assert!(error(
            "<test/>",
            r#"<groups><group name="a"><dependencies><dependency group="z"/></dependencies></group></groups>"#
        )
        .contains("\"z\""));
        let text = xml("<test/>", "").replace("solutions/main.cpp", "../../etc/passwd");
        assert!(parse(&text).unwrap_err().contains("leaves the package"));
        let text = xml("<test/>", "").replace("wrong-answer", "nonsense");
        assert!(parse(&text).unwrap_err().contains("\"nonsense\""));
        let text = xml("<test/>", "").replace("<time-limit>2000", "<time-limit>fast");
        assert!(parse(&text).unwrap_err().contains("time-limit"));
        assert!(parse("<problem><judging>")
            .unwrap_err()
            .contains("still open"));
        let counted = xml("<test/>", "").replace("<tests>", "<test-count>3</test-count><tests>");
        assert!(parse(&counted).unwrap_err().contains("says 3 tests"));
    }

    /// The testset with `tests` listed and a generation script.
    fn scripted(tests: &str, script: &str) -> Result<Testset, String> {
        let text = xml(
            tests,
            &format!("<generation><script><![CDATA[{script}]]></script></generation>"),
        );
        parse(&text).map(|p| p.testset)
    }

    fn commands(testset: &Testset) -> Vec<String> {
        testset
            .tests
            .iter()
            .map(|t| match &t.method {
                Method::Manual => "manual".to_string(),
                Method::Generated { cmd, .. } => cmd.clone(),
            })
            .collect()
    }

    #[test]
    fn a_generation_script_makes_the_generated_tests() {
        // Test 1 manual; `$` takes the first free index; a number its own.
        let testset = scripted(
            r#"<test method="manual" sample="true"/>"#,
            "\ngen 5 > $\n\ngen 7 x > 4\ngen 6 > $\n",
        )
        .unwrap();
        assert_eq!(commands(&testset), ["manual", "gen 5", "gen 6", "gen 7 x"]);
        assert!(testset.tests[0].sample && !testset.tests[3].sample);
        // Listed generated tests without a cmd take the script's.
        let testset = scripted(
            r#"<test method="manual"/><test method="generated" group="g"/>"#,
            "gen 1 > 2",
        )
        .unwrap();
        assert_eq!(commands(&testset), ["manual", "gen 1"]);
        assert_eq!(testset.tests[1].group.as_deref(), Some("g"));
        // A multigenerator's line: one command, each test the file named by its index.
        let testset = scripted("", "gen 9 > {1-2,4}\ngen 3 > 3").unwrap();
        assert_eq!(commands(&testset), ["gen 9", "gen 9", "gen 3", "gen 9"]);
        let files: Vec<Option<&str>> = testset
            .tests
            .iter()
            .map(|t| match &t.method {
                Method::Generated { from_file, .. } => from_file.as_deref(),
                Method::Manual => None,
            })
            .collect();
        assert_eq!(files, [Some("1"), Some("2"), None, Some("4")]);
    }

    #[test]
    fn a_bad_script_line_is_named() {
        let error = |script: &str| scripted("", script).unwrap_err();
        assert!(error("gen 1 > $\nnogen 2 > $")
            .contains("line 2 (\"nogen 2 > $\"): names \"nogen\", which is no executable"));
        assert!(error("gen 1").contains("line 1 (\"gen 1\"): names no test"));
        assert!(error("gen 1 > {3-1}").contains("\"3-1\" is an empty range"));
        assert!(error("gen 1 > {1-2\ngen 2 > 3").contains("does not end with '}'"));
        assert!(error("gen 1 > {1-2}\ngen 2 > 2").contains("makes test 2, which line 1 makes too"));
        assert!(error("gen 1 > 1\ngen 2 > 1")
            .contains("line 2 (\"gen 2 > 1\"): makes test 1, which line 1 makes too"));
        assert!(error("gen 1 > x").contains("\"x\" is no test"));
        assert!(error("<#list 1..3 as i>").contains("FreeMarker"));
        assert!(error("gen 1 > 1\ngen 3 > 3").contains("makes test 3 but no line makes test 2"));
        assert!(scripted(r#"<test method="manual"/>"#, "gen 1 > 1")
            .unwrap_err()
            .contains("makes test 1, a manual test"));
    }

    #[test]
    fn path_patterns_fill_as_printf_does() {
        assert_eq!(fill_pattern("tests/%02d", 7).unwrap(), "tests/07");
        assert_eq!(fill_pattern("tests/%02d.a", 123).unwrap(), "tests/123.a");
        assert_eq!(fill_pattern("t/%d", 5).unwrap(), "t/5");
        assert!(fill_pattern("tests/none", 1).is_err());
        assert!(fill_pattern("tests/%s", 1).is_err());
    }

    #[test]
    fn tags_read_and_name_themselves() {
        for (name, tag) in Tag::ALL {
            assert_eq!(Tag::parse(name), Some(tag));
            assert_eq!(tag.name(), name);
        }
        assert_eq!(Tag::parse("ok"), None);
    }
}
