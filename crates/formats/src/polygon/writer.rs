//! A problem judge reads (a Kattis package) written as a Polygon package, the other way of
//! `export`: `problem.xml` with one testset `tests` (the problem's time and memory limits,
//! every test `manual`, the samples marked), the tests as `tests/NN` and `tests/NN.a` in the
//! package's order (samples first), the checker as testlib's standard checker by name that
//! compares as the problem does (`std::wcmp.cpp`, `std::lcmp.cpp`, `std::rcmp6.cpp`), and
//! the solutions, each of a single file, in `solutions/` tagged by their folder (`accepted`:
//! the first `main`, the others `accepted`; `wrong_answer`: `wrong-answer`;
//! `time_limit_exceeded`: `time-limit-exceeded`; `run_time_error`: `failed`).
//!
//! A scoring problem's groups of tests become Polygon groups ([`polygon_groups`]): pass-fail
//! ones `complete-group` with their points, summing ones `each-test` with each test's points,
//! `data/sample` the group `samples` worth 0, 2023-07's `require_pass` the dependencies. A
//! Python input validator is wrapped into a Polygon validator ([`wrap_validator`]: exit 42
//! becomes 0, 43 becomes 3), `data/invalid_input`'s cases its own tests.
//!
//! Not written, each refused or left out by name: groups Polygon's cannot say (nested ones,
//! a custom grader, `avg`/`max`, a sum stopping at its first rejection), an output validator
//! program (Kattis convention), a comparison testlib has no standard checker for, per-test
//! checker flags, an interactive problem, a C or C++ input validator (its `exit(42)` cannot
//! be mapped without a second process), validators given group flags, checktestdata.

use std::fmt::Write as _;
use std::path::Path;

use judge_core::check::{Checker, Comparison};
use judge_core::cleanup::Stop;
use judge_core::config::{FileTest, ProblemSpec, ProgramSource, RunnerConfig};
use judge_core::files::{Cap, Folder, Kind};
use judge_core::scoring::{Child, Group, OnReject, Rule, ScoreRule, SpecAggregation, TestCase};

use crate::kattis::export::{publish, python_literal, stage, write_file, ExportError, Exported};
use crate::kattis::testdata::{CaseKind, ValidatorCase};
use crate::kattis::{Package, PackageSubmission};

/// The tag of each folder of `submissions/` that has one (`accepted` gives `main` first).
const TAGS: [(&str, &str); 4] = [
    ("accepted", "accepted"),
    ("wrong_answer", "wrong-answer"),
    ("time_limit_exceeded", "time-limit-exceeded"),
    ("run_time_error", "failed"),
];

/// What of `problem` export --polygon writes as it is: its tests, and testlib's standard
/// checker by name with notes on how it differs; the error says what it does not write yet.
pub fn writable(problem: &ProblemSpec) -> Result<Writable<'_>, ExportError> {
    let refuse = |why: String| ExportError::Unsupported {
        problem: problem.id.clone(),
        why,
    };
    let Some(tests) = problem.file_tests.as_deref() else {
        return Err(refuse(
            "export --polygon takes a package that lists its tests (a Kattis package); a \
             folder problem's tests are made by its generator"
                .into(),
        ));
    };
    let groups = polygon_groups(problem).map_err(&refuse)?;
    if let Some(groups) = &groups {
        if let Some(test) = tests
            .iter()
            .find(|t| !groups.iter().any(|g| g.tests.contains(&t.name)))
        {
            return Err(refuse(format!(
                "test {} is in none of its groups",
                test.name
            )));
        }
    }
    if problem.interactive.is_some() || problem.programs.interactor.is_some() {
        return Err(refuse(
            "it is interactive: its interactor speaks the Kattis convention (`input answer \
             feedback/`, exit 42 or 43, judging alone), a Polygon interactor testlib's \
             (`input output`, exit 0 or 1, a checker judging after it), and export --polygon \
             does not wrap one into the other yet"
                .into(),
        ));
    }
    if !problem.io_files.is_standard() {
        return Err(refuse(
            "its solutions read and write named files, which export --polygon does not write \
             yet"
            .into(),
        ));
    }
    let mut notes = Vec::new();
    let standard = match &problem.checker {
        Checker::Compare(Comparison::Tokens) => "std::wcmp.cpp",
        Checker::Compare(Comparison::Lines) => "std::lcmp.cpp",
        Checker::Compare(Comparison::Float { tolerance }) if rcmp_of(*tolerance).is_some() => {
            rcmp_of(*tolerance).unwrap_or_default()
        }
        Checker::Compare(Comparison::Kattis { flags }) => match kattis_standard(flags) {
            Some((name, note)) => {
                if let Some(note) = note {
                    notes.push(note);
                }
                name
            }
            None => {
                return Err(refuse(format!(
                    "its output validator flags ({}) are none of testlib's standard checkers",
                    flags.join(" ")
                )))
            }
        },
        Checker::Compare(other) => {
            return Err(refuse(format!(
                "its comparison ({other:?}) is none of testlib's standard checkers"
            )))
        }
        Checker::Program(spec) => {
            return Err(refuse(format!(
                "its {} is a program, which export --polygon does not wrap into a testlib \
                 checker yet",
                spec.name()
            )))
        }
    };
    if let Some(test) = tests.iter().find(|t| !t.checker_args.is_empty()) {
        return Err(refuse(format!(
            "test {} gives the output validator flags of its own ({}), which a Polygon \
             checker does not take",
            test.name,
            test.checker_args.join(" ")
        )));
    }
    Ok(Writable {
        tests,
        checker: standard,
        notes,
        groups,
    })
}

/// What export --polygon writes of a problem (see [`writable`]).
pub struct Writable<'a> {
    pub tests: &'a [FileTest],
    /// testlib's standard checker by name.
    pub checker: &'static str,
    /// How the checker differs.
    pub notes: Vec<String>,
    /// The groups, for a problem scored by groups.
    pub groups: Option<Vec<PolygonGroup>>,
}

/// A group of the Polygon package, written from a leaf group of the Kattis tree (a group of
/// tests only): `data/sample` (worth nothing, as `ignore_sample` makes it), `data/secret`
/// when it holds tests alone, else each group of it.
#[derive(Debug, Clone, PartialEq)]
pub struct PolygonGroup {
    pub name: String,
    /// The Kattis group's path (`secret/small`).
    pub path: String,
    /// `each-test`: each test's points (the group's `points` is their sum); else
    /// `complete-group`, worth `points` when every test passes.
    pub each_test: bool,
    /// A `complete-group`'s points, or an `each-test` group's points per test.
    pub points: f64,
    /// The groups it depends on, by their Polygon names (2023-07's `require_pass`).
    pub dependencies: Vec<String>,
    /// Its tests' paths, in order.
    pub tests: Vec<String>,
}

/// The Polygon groups of a scoring problem's tree (`None` without groups), or why the tree
/// cannot be said in Polygon's terms: the problem's score must be the sum of its groups'
/// (the root and `secret` summing), each group a pass-fail one (`min` of tests worth its
/// `accept_score`, 2023-07's `pass-fail`: `complete-group`) or one summing every test's score
/// (`sum` with `on_reject: continue`, 2023-07's `sum`: `each-test`), without nested groups,
/// custom graders or other flags.
pub fn polygon_groups(problem: &ProblemSpec) -> Result<Option<Vec<PolygonGroup>>, String> {
    let Some(tree) = problem.groups.as_deref() else {
        return Ok(None);
    };
    if !tree.scoring {
        return Err(
            "its groups are those of a pass-fail problem, which Polygon's groups (with \
                    points) do not say"
                .into(),
        );
    }
    let mut leaves: Vec<&Group> = Vec::new();
    let sums = |group: &Group| match &group.settings.rule {
        Rule::Default(flags) => flags.score == ScoreRule::Sum,
        Rule::Spec(spec) => spec.aggregation == SpecAggregation::Sum,
        _ => false,
    };
    if !sums(&tree.root) {
        return Err(
            "its score is not the sum of its groups' (data/'s grader), as Polygon's is".into(),
        );
    }
    for child in &tree.root.children {
        let Child::Group(group) = child else {
            return Err("a test lies in data/ itself, outside sample/ and secret/".into());
        };
        let has_tests = group.children.iter().any(|c| matches!(c, Child::Test(_)));
        let has_groups = group.children.iter().any(|c| matches!(c, Child::Group(_)));
        match (has_tests, has_groups) {
            (_, false) => leaves.push(group),
            (false, true) => {
                if !sums(group) {
                    return Err(format!(
                        "group {} does not sum its groups' scores, as Polygon's problem does",
                        group.path
                    ));
                }
                for child in &group.children {
                    match child {
                        Child::Group(inner)
                            if inner.children.iter().all(|c| matches!(c, Child::Test(_))) =>
                        {
                            leaves.push(inner)
                        }
                        Child::Group(inner) => {
                            return Err(format!(
                                "group {} holds groups of its own: Polygon's groups do not nest",
                                inner.path
                            ))
                        }
                        Child::Test(_) => {}
                    }
                }
            }
            (true, true) => {
                return Err(format!(
                    "group {} holds both tests and groups: Polygon's groups do not nest",
                    group.path
                ))
            }
        }
    }
    let name_of = |path: &str| match path {
        "sample" => "samples".to_string(),
        _ => path
            .strip_prefix("secret/")
            .unwrap_or(path)
            .replace('/', "-"),
    };
    // The validators' own folders (data/invalid_input, ...) hold no test that is graded.
    let graded = problem.file_tests.as_deref().unwrap_or_default();
    leaves.retain(|group| {
        group.children.iter().any(|c| match c {
            Child::Test(t) => graded.iter().any(|g| g.name == t.path),
            Child::Group(_) => false,
        })
    });
    let mut written = Vec::new();
    for group in &leaves {
        let settings = &group.settings;
        let tests: Vec<&TestCase> = group
            .children
            .iter()
            .filter_map(|c| match c {
                Child::Test(t) => Some(t),
                Child::Group(_) => None,
            })
            .collect();
        if let Some(test) = tests.iter().find(|t| t.static_validation.is_some()) {
            return Err(format!(
                "{} is a static validation test case, which Polygon has not",
                test.path
            ));
        }
        let unsaid = |why: &str| {
            format!(
                "group {}: {why}, which Polygon's groups do not say",
                group.path
            )
        };
        let (each_test, points, dependencies) = if group.path == "sample" {
            // Worth nothing, as ignore_sample makes it (an each-test group of 0 points).
            (true, 0.0, Vec::new())
        } else {
            match &settings.rule {
                Rule::Default(flags) => {
                    if settings.reject_score != 0.0 {
                        return Err(unsaid("a rejected test scores reject_score, not 0"));
                    }
                    if tests.iter().any(|t| t.max_score.is_some()) {
                        return Err(unsaid("its tests have scores of their own"));
                    }
                    let points = settings.accept_score;
                    match flags.score {
                        ScoreRule::Min => (false, points, Vec::new()),
                        ScoreRule::Sum
                            if settings.on_reject == OnReject::Continue || tests.len() == 1 =>
                        {
                            (true, points, Vec::new())
                        }
                        ScoreRule::Sum => {
                            return Err(unsaid(
                                "it sums its tests' scores up to its first rejection \
                                 (on_reject: break)",
                            ))
                        }
                        ScoreRule::Avg | ScoreRule::Max => {
                            return Err(unsaid(
                                "its score is the mean or the largest of its tests'",
                            ))
                        }
                    }
                }
                Rule::Spec(spec) => {
                    let mut dependencies = Vec::new();
                    for path in &spec.require_pass {
                        match leaves.iter().find(|g| &g.path == path) {
                            Some(g) => dependencies.push(name_of(&g.path)),
                            None => {
                                return Err(unsaid(&format!(
                                    "it requires {path} to pass, which is not one of the groups \
                                     written"
                                )))
                            }
                        }
                    }
                    match spec.aggregation {
                        SpecAggregation::PassFail => match spec.max_score {
                            Some(points) => (false, points, dependencies),
                            None => return Err(unsaid("its score has no bound")),
                        },
                        SpecAggregation::Sum => {
                            let first = tests.first().and_then(|t| t.max_score);
                            match first {
                                Some(points) if tests.iter().all(|t| t.max_score == first) => {
                                    (true, points, dependencies)
                                }
                                _ => return Err(unsaid("its tests are worth different scores")),
                            }
                        }
                        SpecAggregation::Min => {
                            return Err(unsaid("its score is the least of its tests'"))
                        }
                    }
                }
                Rule::Custom { .. } => return Err(unsaid("a custom grader scores it")),
                Rule::Points { .. } => return Err(unsaid("it is a folder problem's group")),
            }
        };
        written.push(PolygonGroup {
            name: name_of(&group.path),
            path: group.path.clone(),
            each_test,
            points,
            dependencies,
            tests: tests.iter().map(|t| t.path.clone()).collect(),
        });
    }
    for (i, group) in written.iter().enumerate() {
        if written[..i].iter().any(|g| g.name == group.name) {
            return Err(format!(
                "groups {} and another are both named {:?} in Polygon's terms",
                group.path, group.name
            ));
        }
    }
    Ok(Some(written))
}

/// Writes `problem` (a Kattis package as judge read it, with `input_validators` of its own)
/// as a Polygon package in `out` (created; it must not hold anything yet), with its
/// `submissions` of one file. The package appears at `out` whole, or not at all.
pub fn write_package(
    runner: &RunnerConfig,
    problem: &ProblemSpec,
    package: &Package,
    out: &Path,
    stop: Stop,
) -> Result<Exported, ExportError> {
    let Writable {
        tests,
        checker: standard,
        notes,
        groups,
    } = writable(problem)?;
    let mut exported = Exported {
        notes,
        ..Exported::default()
    };
    let staged = stage(out, stop)?;
    let out = staged.path();
    let width = tests.len().to_string().len().max(2);
    let mut xml_tests = String::new();
    for (index, test) in tests.iter().enumerate() {
        if stop.requested() {
            return Err(ExportError::Interrupted);
        }
        let name = format!("{:0width$}", index + 1);
        write_file(&out.join("tests").join(&name), &test.read_input()?)?;
        write_file(
            &out.join("tests").join(format!("{name}.a")),
            &test.folder.read(&test.answer, Cap::TEST)?,
        )?;
        let sample = if test.sample { r#" sample="true""# } else { "" };
        let group = groups
            .iter()
            .flatten()
            .find(|g| g.tests.contains(&test.name))
            .map(|g| match g.each_test {
                true => format!(r#" group={} points="{}""#, attribute(&g.name), g.points),
                false => format!(r#" group={}"#, attribute(&g.name)),
            })
            .unwrap_or_default();
        let _ = writeln!(
            xml_tests,
            r#"                <test method="manual"{sample}{group}/>"#
        );
        exported.tests += 1;
    }
    let validators_xml = write_validators(runner, problem, package, out, &mut exported)?;
    let groups_xml = groups.as_deref().map(groups_xml).unwrap_or_default();
    if groups.is_some() {
        exported.notes.push(
            "groups: each Kattis group of tests is a Polygon group (a min of tests worth its \
             accept_score a complete-group, a sum judging every test an each-test group, \
             data/sample the group samples worth 0)"
                .into(),
        );
    }
    let solutions_xml = write_solutions(runner, &package.submissions, out, &mut exported)?;
    exported.notes.push(format!(
        "checker: testlib's {standard} by name (no source: judge compares as it does)"
    ));
    let xml = format!(
        r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<!-- Written by `judge export {id} --polygon`. -->
<problem revision="1" short-name={short}>
    <names>
        <name language="english" value={title}/>
    </names>
    <judging input-file="" output-file="">
        <testset name="tests">
            <time-limit>{time}</time-limit>
            <memory-limit>{memory}</memory-limit>
            <test-count>{count}</test-count>
            <input-path-pattern>tests/%0{width}d</input-path-pattern>
            <answer-path-pattern>tests/%0{width}d.a</answer-path-pattern>
            <tests>
{xml_tests}            </tests>
{groups_xml}        </testset>
    </judging>
    <assets>
        <checker name="{standard}" type="testlib"/>
{validators_xml}        <solutions>
{solutions_xml}        </solutions>
    </assets>
</problem>
"#,
        id = problem.id,
        short = attribute(&problem.id),
        title = attribute(&problem.title),
        time = problem.limits.cpu_time.as_millis(),
        memory = problem.limits.memory_bytes,
        count = tests.len(),
    );
    write_file(&out.join("problem.xml"), xml.as_bytes())?;
    exported.left_out.push(
        "the statement: problem.xml names none (Polygon's statements/ are not written)".into(),
    );
    publish(staged)?;
    Ok(exported)
}

/// The testset's `<groups>` element.
fn groups_xml(groups: &[PolygonGroup]) -> String {
    let mut xml = String::from("            <groups>\n");
    for group in groups {
        let policy = match group.each_test {
            true => String::from(r#" points-policy="each-test""#),
            false => format!(
                r#" points="{}" points-policy="complete-group""#,
                group.points
            ),
        };
        let name = attribute(&group.name);
        if group.dependencies.is_empty() {
            let _ = writeln!(xml, "                <group name={name}{policy}/>");
            continue;
        }
        let _ = writeln!(xml, "                <group name={name}{policy}>");
        xml += "                    <dependencies>\n";
        for dependency in &group.dependencies {
            let _ = writeln!(
                xml,
                "                        <dependency group={}/>",
                attribute(dependency)
            );
        }
        xml += "                    </dependencies>\n                </group>\n";
    }
    xml += "            </groups>\n";
    xml
}

/// testlib's standard checker that compares numbers with this tolerance, if there is one.
fn rcmp_of(tolerance: f64) -> Option<&'static str> {
    [
        (1e-4, "std::rcmp4.cpp"),
        (1e-6, "std::rcmp6.cpp"),
        (1e-9, "std::rcmp9.cpp"),
    ]
    .into_iter()
    .find(|(t, _)| *t == tolerance)
    .map(|(_, name)| name)
}

/// testlib's standard checker that compares as the Kattis default output validator does with
/// `flags`, with a note when it is stricter: the validator compares words ignoring case
/// unless `case_sensitive`, `wcmp` exactly; `rcmp` reads every token as a number, where the
/// validator compares words that are not numbers as words.
fn kattis_standard(flags: &[String]) -> Option<(&'static str, Option<String>)> {
    let case_note = |flags: &[String]| {
        (!flags.iter().any(|f| f == "case_sensitive")).then(|| {
            "checker: the Kattis default output validator ignores case; testlib's standard \
             checkers compare it"
                .to_string()
        })
    };
    let mut rest: Vec<String> = flags.to_vec();
    rest.retain(|f| f != "case_sensitive");
    match rest.as_slice() {
        [] => Some(("std::wcmp.cpp", case_note(flags))),
        [flag, value] if flag == "float_tolerance" => {
            let name = rcmp_of(value.parse::<f64>().ok()?)?;
            let note = format!(
                "checker: {name} reads every token as a number as testlib reads one (not a \
                 hexadecimal float such as 0x1p-3, which the Kattis validator accepts); words \
                 are not numbers there"
            );
            Some((name, Some(note)))
        }
        _ => None,
    }
}

/// Writes the package's input validators as Polygon validators, each wrapped (see
/// [`wrap_validator`]), the first with the cases of `data/invalid_input` as its own tests
/// (verdict `invalid`), and gives the `<validators>` element; a validator that cannot be
/// wrapped is left out, named with why.
fn write_validators(
    runner: &RunnerConfig,
    problem: &ProblemSpec,
    package: &Package,
    out: &Path,
    exported: &mut Exported,
) -> Result<String, ExportError> {
    let validators = &package.input_validators;
    if !package.checktestdata.is_empty() {
        exported.left_out.push(
            "the checktestdata input validators: Polygon runs validator programs only".into(),
        );
    }
    if validators.is_empty() {
        return Ok(String::new());
    }
    let tests = problem.file_tests.as_deref().unwrap_or_default();
    if let Some(test) = tests
        .iter()
        .find(|t| !t.validator_args.is_empty() || t.validator_args_by_name.is_some())
    {
        exported.left_out.push(format!(
            "the input validators: test {} gives them flags of its group's, which Polygon \
             does not pass to a validator",
            test.name
        ));
        return Ok(String::new());
    }
    let mut wrapped: Vec<String> = Vec::new();
    for spec in validators {
        let ProgramSource::Source { path, .. } = &spec.source else {
            exported.left_out.push(format!(
                "input validator {}: a command, not a source",
                spec.name()
            ));
            continue;
        };
        let Some(parent) = path.parent() else {
            continue;
        };
        let folder = Folder::new(parent)?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if folder.kind(path)? != Kind::File {
            exported.left_out.push(format!(
                "input validator {name}: a program of several files (a Polygon validator is \
                 one source)"
            ));
            continue;
        }
        if !name.ends_with(".py") {
            exported.left_out.push(format!(
                "input validator {name}: a Kattis validator may end with exit(42) anywhere; \
                 only a Python one is wrapped into a validator of one process (a C or C++ one \
                 would need a second process, which Polygon's Windows judges do not give)"
            ));
            continue;
        }
        let original = folder.read(path, runner.files.sources())?;
        let text = wrap_validator(&name, &String::from_utf8_lossy(&original));
        let target = format!("files/validator-{}.py", wrapped.len() + 1);
        write_file(&out.join(&target), text.as_bytes())?;
        exported.notes.push(format!(
            "input validator {name}: {target}, wrapped from the Kattis convention (exit 42 \
             becomes 0, 43 becomes 3 as testlib's validators reject, another end 1)"
        ));
        wrapped.push(target);
    }
    if wrapped.is_empty() {
        return Ok(String::new());
    }
    // Some validator must reject each invalid input: they are one validator's tests only
    // when there is one.
    let cases: Vec<&ValidatorCase> = package
        .validator_cases
        .iter()
        .filter(|c| c.kind == CaseKind::InvalidInput)
        .collect();
    let mut testset = String::new();
    if !cases.is_empty() && wrapped.len() > 1 {
        exported.left_out.push(
            "data/invalid_input as validator tests: a Polygon validator's tests are its own, \
             and the package has several validators, any of which may reject a case"
                .into(),
        );
    } else if !cases.is_empty() {
        let folder = Folder::new(&package.dir)?;
        let mut tests_xml = String::new();
        for (index, case) in cases.iter().enumerate() {
            let bytes = folder.read(&case.input, Cap::TEST)?;
            let file = format!("files/tests/validator-tests/{:02}", index + 1);
            write_file(&out.join(file), &bytes)?;
            tests_xml += "                        <test verdict=\"invalid\"/>\n";
        }
        testset = format!(
            "                <testset>\n\
             \x20                   <test-count>{}</test-count>\n\
             \x20                   <input-path-pattern>files/tests/validator-tests/%02d</input-path-pattern>\n\
             \x20                   <tests>\n{tests_xml}\
             \x20                   </tests>\n\
             \x20               </testset>\n",
            cases.len()
        );
        exported.notes.push(format!(
            "data/invalid_input: {} cases, the validator's own tests (verdict invalid)",
            cases.len()
        ));
    }
    let mut xml = String::from("        <validators>\n");
    for (i, target) in wrapped.iter().enumerate() {
        let own = if i == 0 { testset.as_str() } else { "" };
        let _ = write!(
            xml,
            "            <validator>\n                <source path={} type=\"python.3\"/>\n{own}            </validator>\n",
            attribute(target)
        );
    }
    xml += "        </validators>\n";
    Ok(xml)
}

/// A Python input validator of the Kattis convention (`original`, named `name`) as a Polygon
/// validator: its source runs unchanged in the same interpreter (no second process), with
/// no arguments (Polygon's `--testset` and `--group` are not its), and how it ends is mapped:
/// exit 42 (valid) becomes 0, 43 (invalid) 3 (testlib's exit for a validator that rejects
/// its input), anything else 1 (its own failure; Polygon counts any exit but 0 invalid).
fn wrap_validator(name: &str, original: &str) -> String {
    let shown = python_literal(name);
    format!(
        "# Written by `judge export --polygon`: {name}, an input validator of the Kattis\n\
         # convention (exit 42 valid, 43 invalid), run as a Polygon validator (exit 0 valid).\n\
         # Its source is ORIGINAL below, unchanged, run in this interpreter without arguments;\n\
         # 42 becomes 0, 43 becomes 3 (testlib's invalid), any other end 1.\n\
         import sys\n\n\
         ORIGINAL = {literal}\n\n\
         sys.argv = [sys.argv[0]]\n\
         try:\n    \
         exec(compile(ORIGINAL, {shown}, \"exec\"), {{\"__name__\": \"__main__\"}})\n    \
         code = 0\n\
         except SystemExit as end:\n    \
         code = end.code if isinstance(end.code, int) else 0 if end.code is None else 1\n\
         sys.stdout.flush()\n\
         if code == 42:\n    \
         sys.exit(0)\n\
         if code == 43:\n    \
         sys.stderr.write(\"invalid input: \" + {shown} + \" exited with 43\\n\")\n    \
         sys.exit(3)\n\
         sys.stderr.write({shown} + \" ended with code %s, neither 42 (valid) nor 43 (invalid)\\n\" % code)\n\
         sys.exit(1)\n",
        literal = python_literal(original),
    )
}

/// Copies the submissions of the folders that have a tag into `solutions/`, and gives their
/// `<solution>` elements.
fn write_solutions(
    runner: &RunnerConfig,
    submissions: &[PackageSubmission],
    out: &Path,
    exported: &mut Exported,
) -> Result<String, ExportError> {
    let mut xml = String::new();
    let mut taken: Vec<String> = Vec::new();
    let mut main_given = false;
    for submission in submissions {
        let shown = format!("submissions/{}", submission.name);
        let folder_name = submission.name.split('/').next().unwrap_or_default();
        let Some((_, tag)) = TAGS.iter().find(|(folder, _)| *folder == folder_name) else {
            exported
                .left_out
                .push(format!("{shown}: no Polygon tag says its folder's verdict"));
            continue;
        };
        let path = &submission.path;
        let Some(parent) = path.parent() else {
            continue;
        };
        let folder = Folder::new(parent)?;
        match folder.kind(path) {
            Ok(Kind::File) => {}
            Ok(Kind::Folder) => {
                exported.left_out.push(format!(
                    "{shown}: a submission of several files (a Polygon solution is one)"
                ));
                continue;
            }
            Err(e) => {
                exported.left_out.push(format!("{shown}: {e}"));
                continue;
            }
        }
        if submission.language.is_some() {
            exported.left_out.push(format!(
                "{shown}: its language is given by submissions.yaml, which problem.xml does \
                 not say"
            ));
            continue;
        }
        if runner.language_for(path).is_none() {
            continue;
        }
        let file_name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let target = if taken.contains(&file_name) {
            format!("{folder_name}-{file_name}")
        } else {
            file_name
        };
        write_file(
            &out.join("solutions").join(&target),
            &folder.read(path, runner.files.sources())?,
        )?;
        taken.push(target.clone());
        let tag = if *tag == "accepted" && !main_given {
            main_given = true;
            "main"
        } else {
            tag
        };
        let _ = writeln!(
            xml,
            "            <solution tag=\"{tag}\">\n                <source path={}/>\n            </solution>",
            attribute(&format!("solutions/{target}"))
        );
        exported.submissions += 1;
    }
    Ok(xml)
}

/// `text` as a quoted XML attribute value.
fn attribute(text: &str) -> String {
    let mut quoted = String::from("\"");
    for c in text.chars() {
        match c {
            '&' => quoted += "&amp;",
            '<' => quoted += "&lt;",
            '>' => quoted += "&gt;",
            '"' => quoted += "&quot;",
            c if c.is_control() => quoted += &format!("&#{};", c as u32),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrapped_kattis_validator_ends_as_testlib_s_does() {
        let dir = tempfile::tempdir().unwrap();
        let original = "import sys\nword = sys.stdin.read().strip()\n\
                        sys.exit({'ok': 42, 'bad': 43}.get(word, 0))\n";
        let wrapper = dir.path().join("validator.py");
        std::fs::write(&wrapper, wrap_validator("v \"1\".py", original)).unwrap();
        for (input, code) in [("ok", 0), ("bad", 3), ("other", 1)] {
            let mut child = std::process::Command::new("python3")
                .arg(&wrapper)
                .args(["--testset", "tests"])
                .stdin(std::process::Stdio::piped())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap();
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(input.as_bytes())
                .unwrap();
            assert_eq!(child.wait().unwrap().code(), Some(code), "{input}");
        }
    }

    #[test]
    fn an_attribute_is_quoted_and_escaped() {
        assert_eq!(
            attribute(r#"a "b" & <c>"#),
            r#""a &quot;b&quot; &amp; &lt;c&gt;""#
        );
        assert_eq!(attribute("tab\there"), "\"tab&#9;here\"");
    }
}
