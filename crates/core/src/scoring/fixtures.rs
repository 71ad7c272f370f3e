//! The group tree of a real package, for the tests of this crate and of the crates above
//! (the `fixtures` feature).

/// The group tree of `tests/kattis/grouptable`: a legacy scoring package with groups of 20,
/// 30 and 50 points, the last made of two nested groups (small, large), and a sample.
pub fn group_tree() -> crate::scoring::GroupTree {
    use crate::scoring::kattis::{self, PackageFacts};
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("tests/kattis/grouptable");
    let file = dir.join("problem.yaml");
    let facts =
        PackageFacts::from_problem_yaml(&file, &std::fs::read_to_string(&file).unwrap()).unwrap();
    kattis::read(&crate::files::Folder::new(&dir).unwrap(), &facts).unwrap()
}
