//! A test kept as files (a package's `data/`, a folder problem's groups): where its input and
//! answer are and the arguments its groups give the programs that read it.

use std::path::PathBuf;

pub use crate::scoring::ArgsByName;

/// A test kept as files, with the arguments its group gives the programs that read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileTest {
    /// Its path under the package's `data/` without extension: `secret/group1/10`.
    pub name: String,
    pub input: PathBuf,
    pub answer: PathBuf,
    /// The package's folder: the files are read only as files inside it.
    pub folder: crate::files::Folder,
    /// A sample (shown in the statement), as opposed to a secret test.
    pub sample: bool,
    /// Arguments after the checker's (or interactor's) own.
    pub checker_args: Vec<String>,
    /// Arguments of the input validators.
    pub validator_args: Vec<String>,
    /// 2025-09's map form of `input_validator_args`: each validator's own (one not named gets
    /// none); `validator_args` is not used when it is given.
    pub validator_args_by_name: Option<ArgsByName>,
}

impl FileTest {
    /// The arguments of the input validator named `name` (its entry in `input_validators/`).
    pub fn validator_args_for(&self, name: &str) -> &[String] {
        match &self.validator_args_by_name {
            Some(map) => map.get(name).map_or(&[], Vec::as_slice),
            None => &self.validator_args,
        }
    }
}
