//! `docs/ARCHITECTURE.md` stays true: every top-level module of the layers' crates (`src/`,
//! `crates/core`, `crates/formats`, `crates/engine`) is named in its code map, and the
//! top-level modules import each other in one direction (no cycle), as its invariants say;
//! between crates Cargo enforces it, within one this test does. The imports are read from the
//! sources (`crate::module` and `judge_CRATE::module` paths, and `use crate::{...}` groups),
//! unit tests left out: a test may look anywhere. The sandbox crate stands apart: its
//! modules are its own, behind a small API.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The source folders of the layers' crates, lowest first.
fn sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        "crates/core/src",
        "crates/formats/src",
        "crates/engine/src",
        "src",
    ]
    .into_iter()
    .map(|dir| root.join(dir))
    .collect()
}

/// How a module of another crate is named: its crate's name, then `::`.
const CRATE_PATHS: [&str; 4] = [
    "crate::",
    "judge_core::",
    "judge_formats::",
    "judge_engine::",
];

/// The top-level modules: `NAME.rs` and `NAME/` in a crate's `src` (without `lib` and `main`).
fn top_level_modules() -> BTreeSet<String> {
    sources().iter().flat_map(|src| modules_of(src)).collect()
}

fn modules_of(src: &Path) -> BTreeSet<String> {
    std::fs::read_dir(src)
        .unwrap()
        .flatten()
        .filter_map(|entry| {
            let path = entry.path();
            let name = if path.is_dir() {
                path.file_name()?.to_str()?.to_string()
            } else if path.extension()? == "rs" {
                path.file_stem()?.to_str()?.to_string()
            } else {
                return None;
            };
            (name != "lib" && name != "main").then_some(name)
        })
        .collect()
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The modules a source names: `crate::NAME` (or `judge_core::NAME`...) anywhere, and the
/// first segment of each path in a `use crate::{...}` group.
fn named_modules(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let found = CRATE_PATHS.iter().flat_map(|path| {
        text.match_indices(path)
            // `judge_core::` inside a longer name is not a crate's path.
            .filter(|(at, _)| !text[..*at].ends_with(is_ident))
            .map(|(at, path)| at + path.len())
    });
    for start in found {
        let rest = &text[start..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find(';').unwrap_or(group.len())];
            // First segments: identifiers at brace depth 0 of the group that follow `{`, `,`
            // or the start.
            let mut depth = 0;
            let mut expect_segment = true;
            let mut chars = group.char_indices().peekable();
            while let Some((i, c)) = chars.next() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => expect_segment = true,
                    c if is_ident(c) && expect_segment && depth == 0 => {
                        let end = group[i..]
                            .find(|c: char| !is_ident(c))
                            .map_or(group.len(), |n| i + n);
                        names.insert(group[i..end].to_string());
                        expect_segment = false;
                        while chars.peek().is_some_and(|(j, _)| *j < end) {
                            chars.next();
                        }
                    }
                    _ => {}
                }
            }
        } else {
            let end = rest.find(|c: char| !is_ident(c)).unwrap_or(rest.len());
            names.insert(rest[..end].to_string());
        }
    }
    names
}

/// Which top-level module imports which (unit tests left out).
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let modules = top_level_modules();
    let mut edges: BTreeMap<String, BTreeSet<String>> = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    let mut files = Vec::new();
    for src in sources() {
        let mut found = Vec::new();
        rust_files(&src, &mut found);
        files.extend(found.into_iter().map(|file| (src.clone(), file)));
    }
    for (src, file) in files {
        let relative = file.strip_prefix(&src).unwrap();
        let first = relative.components().next().unwrap().as_os_str();
        let owner = Path::new(first)
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if !modules.contains(&owner) {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let text = text
            .split("\n#[cfg(test)]\nmod tests")
            .next()
            .unwrap_or_default();
        for name in named_modules(text) {
            if modules.contains(&name) && name != owner {
                edges.get_mut(&owner).unwrap().insert(name);
            }
        }
    }
    edges
}

fn reachable(edges: &BTreeMap<String, BTreeSet<String>>, from: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.to_string()];
    while let Some(module) = stack.pop() {
        for next in &edges[&module] {
            if seen.insert(next.clone()) {
                stack.push(next.clone());
            }
        }
    }
    seen
}

#[test]
fn the_imports_are_read_as_the_code_writes_them() {
    let names = named_modules(
        "use crate::config::{Limits, X};\nuse crate::{files::{self, Cap}, plan, report::Event};\n\
         let x = crate::sandbox::runs_stopped();\nuse judge_core::{lang, limits::Limits};\n\
         let y = judge_engine::grade::run(); let z = my_judge_core::x;",
    );
    let expected: BTreeSet<String> = [
        "config", "files", "grade", "lang", "limits", "plan", "report", "sandbox",
    ]
    .into_iter()
    .map(str::to_string)
    .collect();
    assert_eq!(names, expected);
}

#[test]
fn every_top_level_module_is_in_the_code_map() {
    let map =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/ARCHITECTURE.md"))
            .unwrap();
    let code_map = map
        .split("## Code map")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("docs/ARCHITECTURE.md has a section \"## Code map\"");
    let missing: Vec<String> = top_level_modules()
        .into_iter()
        .filter(|module| !code_map.contains(&format!("- `{module}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/ARCHITECTURE.md's code map does not name {missing:?} (a line \"- `module` ...\")"
    );
}

#[test]
fn the_top_level_modules_import_each_other_without_a_cycle() {
    let edges = imports();
    // Imports across crates are read too: the engine's grade names core's config.
    assert!(edges["grade"].contains("config"), "{edges:?}");
    assert!(edges["report"].contains("grade"), "{edges:?}");
    let mut cycles: BTreeSet<BTreeSet<String>> = BTreeSet::new();
    for module in edges.keys() {
        let from_here = reachable(&edges, module);
        if from_here.contains(module) {
            let cycle: BTreeSet<String> = from_here
                .into_iter()
                .filter(|other| reachable(&edges, other).contains(module))
                .collect();
            cycles.insert(cycle);
        }
    }
    let shown: Vec<String> = cycles
        .iter()
        .map(|cycle| {
            let edges_within: Vec<String> = cycle
                .iter()
                .flat_map(|a| {
                    edges[a]
                        .iter()
                        .filter(|b| cycle.contains(*b))
                        .map(move |b| format!("{a}->{b}"))
                })
                .collect();
            edges_within.join(", ")
        })
        .collect();
    assert!(shown.is_empty(), "import cycles: {}", shown.join(" | "));
}
