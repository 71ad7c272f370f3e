//! A test kept as files (a package's `data/`, a folder problem's groups): where its input and
//! answer are and the arguments its groups give the programs that read it.

use std::path::PathBuf;

pub use crate::scoring::{ArgsByName, ScoreFile};

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
    /// Arguments the submission is run with (2025-09's `args`).
    pub args: Vec<String>,
    /// Arguments of the input validators.
    pub validator_args: Vec<String>,
    /// 2025-09's map form of `input_validator_args`: each validator's own (one not named gets
    /// none); `validator_args` is not used when it is given.
    pub validator_args_by_name: Option<ArgsByName>,
    /// 2025-09's `input_visualizer_args`: after the input visualizer's `input answer`.
    pub input_visualizer_args: Vec<String>,
    /// 2025-09's `output_visualizer_args`: after the output visualizer's
    /// `input answer feedback/` (in place of the output validator's arguments).
    pub output_visualizer_args: Vec<String>,
    /// What a score file its output validator writes is.
    pub score_file: ScoreFile,
}

impl FileTest {
    /// The arguments of the input validator named `name` (its entry in `input_validators/`).
    pub fn validator_args_for(&self, name: &str) -> &[String] {
        match &self.validator_args_by_name {
            Some(map) => map.get(name).map_or(&[], Vec::as_slice),
            None => &self.validator_args,
        }
    }

    /// Its input: the package's own file (read as a file inside the package), or one made
    /// outside the package from the test's command (a Polygon package's generated test).
    pub fn read_input(&self) -> Result<Vec<u8>, crate::files::FileError> {
        use crate::files::Cap;
        if self.input.starts_with(self.folder.root()) {
            self.folder.read(&self.input, Cap::TEST)
        } else {
            crate::files::read(&self.input, Cap::TEST)
        }
    }
}

/// A test input a package makes with a command of its own (a Polygon test's `cmd`: a
/// generator and its arguments), as Polygon's `doall` makes it: the generator's standard
/// output is the input, written to `target` (outside the package). Made before grading when
/// the package lacks the input (`own` is `None`), and by `judge verify` to compare with the
/// package's own input when it has one.
#[derive(Debug, Clone, PartialEq)]
pub struct GeneratedFile {
    /// The test's name (its input's path in the package: `tests/05`).
    pub name: String,
    /// The command as the package writes it (`gen --n=10 3`).
    pub cmd: String,
    /// The generator, built from its source.
    pub generator: crate::config::ProgramSpec,
    /// The arguments after the generator's name.
    pub args: Vec<String>,
    /// A multigenerator's test: the input is the file of this name the run leaves in its
    /// folder (testlib's `startTest`), not its standard output; one run makes every test of
    /// the same generator and arguments.
    pub from_file: Option<String>,
    /// Where the made input is written.
    pub target: PathBuf,
    /// The package's own input for this test, when it has one (read with LF line ends).
    pub own: Option<PathBuf>,
}

/// A test of a problem program's own (a Polygon package's validator and checker tests): the
/// program, the files it is run on (in the package; read with LF line ends) and the verdict
/// it must give (`valid`, `invalid` for a validator; `ok`, `wrong-answer`,
/// `presentation-error` for a checker).
#[derive(Debug, Clone, PartialEq)]
pub struct ProgramTest {
    pub program: crate::config::ProgramSpec,
    /// The program's name in reports: `validator 1`, `checker`.
    pub of: String,
    pub input: PathBuf,
    pub output: Option<PathBuf>,
    pub answer: Option<PathBuf>,
    pub expected: String,
}
