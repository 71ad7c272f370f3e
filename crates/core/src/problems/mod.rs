//! The problems the grader knows: one module per problem, behind the [`Problem`] trait for
//! batch problems and the [`InteractiveProblem`] trait for interactive ones.
//!
//! A problem's code owns the facts that need computation: generating inputs, validating them
//! against the statement's guarantees, solving them exactly, and proposing smaller inputs when a
//! failure is shrunk. Everything declarative (title, limits, checker) lives in
//! `problems/<id>/problem.toml` and is read by `config`.

use thiserror::Error;

use crate::rng::TestRng;

pub mod blockgame;
pub mod boj12100;
pub mod boj1525;
pub mod boj2615;
pub mod boj28489;
pub mod game2048;

/// An input that breaks the problem's format or guarantees.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct InvalidInput {
    /// What is wrong, naming the line (1-based) and token where that helps.
    pub message: String,
}

impl InvalidInput {
    pub fn new(message: impl Into<String>) -> Self {
        InvalidInput {
            message: message.into(),
        }
    }
}

/// How a generated test is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GenRequest {
    /// The test's number in its set. Generators rotate through their scenarios by this
    /// number, so any run of consecutive indices covers every scenario.
    pub index: u64,
    /// How large the test may be, in percent of the largest the statement allows (1..=100).
    /// Graded runs use 100; stress testing grows it from small to large.
    pub size_percent: u32,
}

impl GenRequest {
    /// A full-size request for test `index`.
    pub fn full(index: u64) -> Self {
        GenRequest {
            index,
            size_percent: 100,
        }
    }

    /// Scales `max` by `size_percent`, never below `min`.
    pub fn scaled(&self, min: u64, max: u64) -> u64 {
        let scaled = max * u64::from(self.size_percent.clamp(1, 100)) / 100;
        scaled.clamp(min, max)
    }
}

/// A batch problem: one input, one expected output.
pub trait Problem: Send + Sync {
    /// The problem's id, the name of its folder in `problems/`.
    fn id(&self) -> &'static str;

    /// The input of a generated test, from `rng` alone (deterministic), in the official
    /// format to the byte: single spaces, no trailing spaces, a final newline.
    fn generate(&self, rng: &mut TestRng, request: GenRequest) -> String;

    /// Checks an input against the statement's format and guarantees; the error names the
    /// first violation.
    fn validate(&self, input: &str) -> Result<(), InvalidInput>;

    /// The exact expected output for a valid input, ending with a newline.
    fn solve(&self, input: &str) -> Result<String, InvalidInput>;

    /// Test `request.index` of the problem's hard set: worst cases the statement allows but
    /// the real judge's data is not known to hold (inputs a solution the real judge accepted
    /// may fail on time), run only when asked for (`--tests hard`, stress testing). The
    /// default tests ([`Problem::generate`]) stay within what the real judge's data is known
    /// to hold. `None` for every request when the problem has no hard set.
    fn generate_hard(&self, rng: &mut TestRng, request: GenRequest) -> Option<String> {
        let _ = (rng, request);
        None
    }

    /// Inputs "smaller" than `input`, most promising first, used to shrink a failing test.
    /// Candidates need not be valid: the caller filters them with [`Problem::validate`].
    fn shrink(&self, input: &str) -> Vec<String> {
        let _ = input;
        Vec::new()
    }
}

/// Every batch problem the grader knows.
pub fn batch_problems() -> &'static [&'static dyn Problem] {
    &[
        &boj12100::Boj12100,
        &boj2615::Boj2615,
        &blockgame::BlockGame,
        &boj1525::Boj1525,
    ]
}

/// The batch problem with this id, if any.
pub fn batch_problem(id: &str) -> Option<&'static dyn Problem> {
    batch_problems().iter().copied().find(|p| p.id() == id)
}

/// Generates test `request.index` of `problem` under master `seed`.
pub fn generate_test(problem: &dyn Problem, seed: u64, request: GenRequest) -> String {
    let mut rng = TestRng::for_test(seed, request.index);
    problem.generate(&mut rng, request)
}

/// The generated sets of a batch problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TestSet {
    /// The default tests, calibrated to the real judge's data.
    Default,
    /// The hard set: worst cases beyond it (see [`Problem::generate_hard`]).
    Hard,
}

/// Generates test `request.index` of `problem`'s hard set under master `seed` (its own
/// random stream, apart from the default tests'); `None` when the problem has no hard set.
pub fn generate_hard_test(problem: &dyn Problem, seed: u64, request: GenRequest) -> Option<String> {
    let mut rng = TestRng::for_hard_test(seed, request.index);
    problem.generate_hard(&mut rng, request)
}

/// Whether `problem` has a hard set (asked with its smallest first test).
pub fn has_hard_set(problem: &dyn Problem) -> bool {
    let smallest = GenRequest {
        index: 0,
        size_percent: 1,
    };
    generate_hard_test(problem, 0, smallest).is_some()
}

/// Why a problem's code could not give what was asked.
#[derive(Debug, Error)]
pub enum CodeError {
    /// The input breaks the statement's format or guarantees (the validator or the reference
    /// says so).
    #[error(transparent)]
    Invalid(#[from] InvalidInput),
    /// The problem has no such part (a generator, a reference, a validator).
    #[error("problem {problem} has no {part}")]
    Missing { problem: String, part: &'static str },
    /// A program of the problem's failed (it crashed, ran out of time, broke its
    /// convention): a judge error, naming the program.
    #[error("the {program} {reason}")]
    Failed { program: String, reason: String },
}

/// What a problem's code does for the grader, whatever defines it: a module of Rust built into
/// the grader (every [`Problem`], through [`Builtin`]) or a folder of programs in any language
/// (`programs::ProgramCode`). Every part is optional; a missing one is [`CodeError::Missing`].
pub trait ProblemCode: Send + Sync {
    /// Generated test `request.index` of master `seed`: the same arguments give the same bytes.
    fn generate(&self, seed: u64, request: GenRequest) -> Result<String, CodeError>;
    /// Checks an input against the statement's guarantees.
    fn validate(&self, input: &str) -> Result<(), CodeError>;
    /// The expected output for an input.
    fn solve(&self, input: &str) -> Result<String, CodeError>;
    /// Smaller inputs, most promising first, from a shrinker that knows the problem; `None`
    /// when there is none (stress then shrinks by lines and tokens).
    fn shrink(&self, input: &str) -> Option<Vec<String>>;
    /// Whether each generated test should go through the validator before it is used (a
    /// generator of the problem's own; the built-in generators are pinned by golden tests).
    fn checks_generated(&self) -> bool {
        false
    }
    /// Which parts exist.
    fn can_generate(&self) -> bool;
    fn can_validate(&self) -> bool;
    fn can_solve(&self) -> bool;
    /// Whether the problem has a generated hard set (see [`Problem::generate_hard`]).
    fn has_hard_set(&self) -> bool {
        false
    }
    /// Test `request.index` of the hard set under master `seed`; [`CodeError::Missing`] when
    /// the problem has none.
    fn generate_hard(&self, seed: u64, request: GenRequest) -> Result<String, CodeError> {
        let _ = (seed, request);
        Err(CodeError::Missing {
            problem: "this problem".into(),
            part: "generated hard set",
        })
    }
    /// [`ProblemCode::generate`] with a group's generator arguments after the usual ones (a
    /// folder problem's `generator_args`); only a problem of programs takes them.
    fn generate_with_args(
        &self,
        seed: u64,
        request: GenRequest,
        args: &[String],
    ) -> Result<String, CodeError> {
        match args {
            [] => self.generate(seed, request),
            _ => Err(CodeError::Missing {
                problem: "this problem".into(),
                part: "generator taking a group's arguments",
            }),
        }
    }
    /// [`ProblemCode::validate`] with a group's validator arguments (a folder problem's
    /// `validator_args`: the stricter limits of a subtask); only a problem of programs takes
    /// them.
    fn validate_with_args(&self, input: &str, args: &[String]) -> Result<(), CodeError> {
        match args {
            [] => self.validate(input),
            _ => Err(CodeError::Missing {
                problem: "this problem".into(),
                part: "validator taking a group's arguments",
            }),
        }
    }
}

/// A problem's code with one group's arguments for its generator and validator (see
/// [`ProblemCode::generate_with_args`]): `judge gen --group` and `judge validate` of a
/// scored problem's group.
pub struct WithGroupArgs<'a> {
    pub code: &'a dyn ProblemCode,
    pub generator_args: &'a [String],
    pub validator_args: &'a [String],
}

impl ProblemCode for WithGroupArgs<'_> {
    fn generate(&self, seed: u64, request: GenRequest) -> Result<String, CodeError> {
        self.code
            .generate_with_args(seed, request, self.generator_args)
    }
    fn validate(&self, input: &str) -> Result<(), CodeError> {
        self.code.validate_with_args(input, self.validator_args)
    }
    fn solve(&self, input: &str) -> Result<String, CodeError> {
        self.code.solve(input)
    }
    fn shrink(&self, input: &str) -> Option<Vec<String>> {
        self.code.shrink(input)
    }
    fn checks_generated(&self) -> bool {
        self.code.checks_generated()
    }
    fn can_generate(&self) -> bool {
        self.code.can_generate()
    }
    fn can_validate(&self) -> bool {
        self.code.can_validate()
    }
    fn can_solve(&self) -> bool {
        self.code.can_solve()
    }
}

/// Generated test `request.index` of `set` under master `seed`.
pub fn generate_in(
    code: &dyn ProblemCode,
    set: TestSet,
    seed: u64,
    request: GenRequest,
) -> Result<String, CodeError> {
    match set {
        TestSet::Default => code.generate(seed, request),
        TestSet::Hard => code.generate_hard(seed, request),
    }
}

/// A problem built into the grader, as [`ProblemCode`].
pub struct Builtin(pub &'static dyn Problem);

impl ProblemCode for Builtin {
    fn generate(&self, seed: u64, request: GenRequest) -> Result<String, CodeError> {
        Ok(generate_test(self.0, seed, request))
    }
    fn validate(&self, input: &str) -> Result<(), CodeError> {
        Ok(self.0.validate(input)?)
    }
    fn solve(&self, input: &str) -> Result<String, CodeError> {
        Ok(self.0.solve(input)?)
    }
    fn shrink(&self, input: &str) -> Option<Vec<String>> {
        Some(self.0.shrink(input))
    }
    fn can_generate(&self) -> bool {
        true
    }
    fn can_validate(&self) -> bool {
        true
    }
    fn can_solve(&self) -> bool {
        true
    }
    fn has_hard_set(&self) -> bool {
        has_hard_set(self.0)
    }
    fn generate_hard(&self, seed: u64, request: GenRequest) -> Result<String, CodeError> {
        generate_hard_test(self.0, seed, request).ok_or_else(|| CodeError::Missing {
            problem: self.0.id().to_string(),
            part: "generated hard set",
        })
    }
}

/// Why generated tests could not be written.
#[derive(Debug, Error)]
pub enum WriteTestsError {
    #[error("cannot write {path}: {cause}")]
    Write {
        path: std::path::PathBuf,
        cause: std::io::Error,
    },
    #[error("{0} is not empty: gen --out writes a new folder of tests")]
    NotEmpty(std::path::PathBuf),
    #[error("test {index}: {cause}")]
    Code { index: u64, cause: CodeError },
    #[error("interrupted after {written} tests")]
    Interrupted { written: u64 },
}

/// Writes generated tests `0..count` of `set` under `seed` at `size_percent` into `dir` as
/// `001.in` with `001.ans`, `002.in` ... (without answers when the problem has no reference: an
/// interactive problem's interactor judges by itself), a group's as `GROUP-001.in` ...
/// `dir` must be missing or empty; the
/// tests are written into a folder beside it, renamed to `dir` once all are there, so a
/// failed or interrupted run (`stop` asked for) leaves no folder of part of the tests.
#[allow(clippy::too_many_arguments)]
pub fn write_tests(
    code: &dyn ProblemCode,
    set: TestSet,
    seed: u64,
    count: u64,
    size_percent: u32,
    dir: &std::path::Path,
    group: Option<&str>,
    stop: crate::cleanup::Stop,
) -> Result<(), WriteTestsError> {
    let failed = |cause| WriteTestsError::Write {
        path: dir.to_path_buf(),
        cause,
    };
    let staged =
        crate::files::StagedFolder::new(dir, stop).map_err(|cause| match cause.kind() {
            std::io::ErrorKind::AlreadyExists => WriteTestsError::NotEmpty(dir.to_path_buf()),
            _ => failed(cause),
        })?;
    let write = |path: std::path::PathBuf, text: &str| {
        std::fs::write(&path, text).map_err(|cause| WriteTestsError::Write { path, cause })
    };
    for index in 0..count {
        if stop.requested() {
            return Err(WriteTestsError::Interrupted { written: index });
        }
        let code_error = |cause| WriteTestsError::Code { index, cause };
        let request = GenRequest {
            index,
            size_percent,
        };
        let input = generate_in(code, set, seed, request).map_err(code_error)?;
        // A group's tests are named after it (`small-001`), for its `tests` pattern to take.
        let name = match group {
            Some(group) => format!("{group}-{:03}", index + 1),
            None => format!("{:03}", index + 1),
        };
        let base = staged.path().join(name);
        if code.can_solve() {
            let answer = code.solve(&input).map_err(code_error)?;
            write(base.with_extension("ans"), &answer)?;
        }
        write(base.with_extension("in"), &input)?;
    }
    staged.publish().map_err(failed)
}

/// A reply that breaks an interactive problem's protocol (a wrong answer), in words that
/// quote it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct ProtocolViolation(pub String);

impl From<String> for ProtocolViolation {
    fn from(message: String) -> Self {
        ProtocolViolation(message)
    }
}

/// What the interactor does after a reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Send this line and wait for the next reply.
    Continue(String),
    /// The game is over: send this last line; the program must then exit.
    Over(String),
}

/// One game of an interactive problem, driven by the interactor over pipes.
pub trait GameSession: Send {
    /// The first line sent to the program.
    fn opening(&mut self) -> String;
    /// Takes the program's reply (one line, surrounding whitespace trimmed). An error is a
    /// protocol violation (wrong answer) with a message quoting the reply.
    fn reply(&mut self, line: &str) -> Result<Step, ProtocolViolation>;
    /// The score so far (the final score once the game is over).
    fn score(&self) -> u64;
    /// Moves the program has made that the game accepted.
    fn moves(&self) -> u64;
}

/// An interactive problem: the grader plays one side of a game against the program.
pub trait InteractiveProblem: Send + Sync {
    fn id(&self) -> &'static str;
    /// A new game whose randomness comes from `rng` alone.
    fn new_game(&self, rng: TestRng) -> Box<dyn GameSession>;
    /// Scores worth counting games at (the tiles of 2048, say): reports tell how many games
    /// reached each.
    fn milestones(&self) -> &'static [u64] {
        &[]
    }

    /// Its games' transcripts replayed position by position (`judge replay`, and the HTML
    /// report's board), if it has such a view.
    fn replayer(&self) -> Option<&'static dyn Replayer> {
        None
    }
}

/// A view of a game problem: a game's transcript read and replayed under the rules, each
/// position drawn as text.
pub trait Replayer: Send + Sync {
    /// The transcript `text` replayed, its boards with coloured tiles when `colour` is on; an
    /// error names what makes the text no transcript (a malformed line).
    fn replay(&self, text: &str, colour: bool) -> Result<Replayed, String>;

    /// How an HTML report's replayer draws this game's boards, if it can.
    fn page_board(&self) -> Option<PageBoard> {
        None
    }
}

/// A game's board in an HTML report: `script` registers, under `name` in the page's
/// `judgeBoards`, the positions of a game from its coded transcript (`steps(data)`), the
/// drawing of one (`make(element)` makes the board and returns what draws a position) and
/// what the last position says (`final(position)`); `style` is the look of its tiles. The
/// report's own script keeps the controls.
#[derive(Debug, Clone, Copy)]
pub struct PageBoard {
    pub name: &'static str,
    pub script: &'static str,
    pub style: &'static str,
    /// The character a regular round (the line sent, the reply) is coded as in the page's
    /// data (`data.rounds`, which `script` decodes), so that a report of many games stays
    /// small; `None` for a round it does not code, which ends the coded rounds (that round and
    /// the rest go in `data.tail` as sent and replied).
    pub round_code: fn(sent: &str, reply: Option<&str>) -> Option<char>,
}

/// A board is its name in the page (`judgeBoards[name]`).
impl PartialEq for PageBoard {
    fn eq(&self, other: &PageBoard) -> bool {
        self.name == other.name
    }
}

impl Eq for PageBoard {}

/// A transcript replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    /// The transcript's header line (without its `#`).
    pub heading: String,
    /// Each position: what happened, and the board drawn.
    pub frames: Vec<Frame>,
    /// The game as it follows the rules (`4 moves, score 4`), or the rule it breaks.
    pub outcome: Result<String, String>,
}

/// One position of a replayed game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// What happened, e.g. `round 3: RIGHT`.
    pub caption: String,
    /// The board, as lines of text.
    pub board: String,
}

/// The replayer of a transcript: that of the game problem whose id begins its header (`#
/// boj28489 seed 7 ...`, as `judge test --transcripts` writes it), else of the first game
/// problem that has one.
pub fn replayer_of_transcript(text: &str) -> Option<&'static dyn Replayer> {
    let first_word = text
        .lines()
        .next()
        .and_then(|line| line.strip_prefix('#'))
        .and_then(|header| header.split_whitespace().next());
    let named = interactive_problems()
        .iter()
        .find(|problem| Some(problem.id()) == first_word)
        .and_then(|problem| problem.replayer());
    named.or_else(|| {
        interactive_problems()
            .iter()
            .find_map(|problem| problem.replayer())
    })
}

/// Every interactive problem the grader knows.
pub fn interactive_problems() -> &'static [&'static dyn InteractiveProblem] {
    &[&boj28489::Boj28489]
}

/// The interactive problem with this id, if any.
pub fn interactive_problem(id: &str) -> Option<&'static dyn InteractiveProblem> {
    interactive_problems()
        .iter()
        .copied()
        .find(|p| p.id() == id)
}

/// The sample tests of problem `id` as (input path, input, expected answer), sorted by name:
/// for the problems' own unit tests.
#[cfg(test)]
pub(crate) fn sample_files(id: &str) -> Vec<(std::path::PathBuf, String, String)> {
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("problems")
        .join(id)
        .join("samples");
    let mut inputs: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    inputs
        .into_iter()
        .map(|path| {
            let input = std::fs::read_to_string(&path).unwrap();
            let answer = std::fs::read_to_string(path.with_extension("ans"))
                .unwrap_or_else(|e| panic!("{}: no answer: {e}", path.display()));
            (path, input, answer)
        })
        .collect()
}

/// SHA-256 (hex) of generated tests `0..count` of `seed` at full size, concatenated: the
/// problems' golden tests pin it, so any change to a generator fails them.
#[cfg(test)]
pub(crate) fn generated_digest(problem: &dyn Problem, seed: u64, count: u64) -> String {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    for index in 0..count {
        hasher.update(generate_test(problem, seed, GenRequest::full(index)).as_bytes());
    }
    hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// SHA-256 (hex) of tests `0..count` of the hard set of `seed` at full size, concatenated:
/// the golden tests of problems with a hard set pin it.
#[cfg(test)]
pub(crate) fn hard_digest(problem: &dyn Problem, seed: u64, count: u64) -> String {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    for index in 0..count {
        let input = generate_hard_test(problem, seed, GenRequest::full(index))
            .unwrap_or_else(|| panic!("{} has no hard set", problem.id()));
        hasher.update(input.as_bytes());
    }
    hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A whitespace tokenizer for inputs, with line numbers for error messages.
pub struct Tokens<'a> {
    tokens: Vec<(usize, &'a str)>,
    next: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(input: &'a str) -> Self {
        let tokens = input
            .lines()
            .enumerate()
            .flat_map(|(line, text)| text.split_whitespace().map(move |t| (line + 1, t)))
            .collect();
        Tokens { tokens, next: 0 }
    }

    /// The next token parsed as `T`, or an error naming `what` and the line.
    pub fn parse<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, InvalidInput> {
        let (line, text) = self
            .tokens
            .get(self.next)
            .copied()
            .ok_or_else(|| InvalidInput::new(format!("input ends before {what}")))?;
        self.next += 1;
        text.parse().map_err(|_| {
            InvalidInput::new(format!(
                "line {line}: {what} must be a number, found {text:?}"
            ))
        })
    }

    /// The next raw token.
    pub fn word(&mut self, what: &str) -> Result<&'a str, InvalidInput> {
        let (_, text) = self
            .tokens
            .get(self.next)
            .copied()
            .ok_or_else(|| InvalidInput::new(format!("input ends before {what}")))?;
        self.next += 1;
        Ok(text)
    }

    /// An error if tokens remain.
    pub fn expect_end(&self) -> Result<(), InvalidInput> {
        match self.tokens.get(self.next) {
            None => Ok(()),
            Some((line, text)) => Err(InvalidInput::new(format!(
                "line {line}: unexpected extra token {text:?}"
            ))),
        }
    }
}

/// Whether a token is a number in plain decimal with at most `max_digits` digits: digits
/// only, no sign, no leading zero.
pub fn is_plain_decimal(token: &str, max_digits: usize) -> bool {
    !token.is_empty()
        && token.len() <= max_digits
        && token.bytes().all(|b| b.is_ascii_digit())
        && !(token.len() > 1 && token.starts_with('0'))
}

/// Checks the byte-level format shared by all problems: ASCII, `\n` line ends, single spaces
/// between tokens, no leading or trailing spaces, a final newline, no empty lines.
pub fn check_strict_format(input: &str) -> Result<(), InvalidInput> {
    if input.is_empty() {
        return Err(InvalidInput::new("input is empty"));
    }
    if !input.ends_with('\n') {
        return Err(InvalidInput::new("input does not end with a newline"));
    }
    for (number, line) in input.split_terminator('\n').enumerate() {
        let number = number + 1;
        if line.is_empty() {
            return Err(InvalidInput::new(format!("line {number} is empty")));
        }
        if let Some(bad) = line.chars().find(|c| !c.is_ascii_graphic() && *c != ' ') {
            return Err(InvalidInput::new(format!(
                "line {number}: unexpected character {bad:?}"
            )));
        }
        if line.starts_with(' ') || line.ends_with(' ') {
            return Err(InvalidInput::new(format!(
                "line {number} has a leading or trailing space"
            )));
        }
        if line.contains("  ") {
            return Err(InvalidInput::new(format!(
                "line {number} has two spaces in a row"
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_decimals_have_no_sign_no_leading_zero_and_few_digits() {
        for good in ["0", "7", "50", "999"] {
            assert!(is_plain_decimal(good, 3), "{good}");
        }
        for bad in ["", "07", "00", "-1", "+1", "1000", "1 ", "x"] {
            assert!(!is_plain_decimal(bad, 3), "{bad:?}");
        }
    }

    /// The `id` in `folder/problem.toml`.
    fn problem_toml_id(folder: &std::path::Path) -> String {
        #[derive(serde::Deserialize)]
        struct Header {
            id: String,
        }
        let path = folder.join("problem.toml");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let header: Header =
            toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        header.id
    }

    /// Every data folder `problems/<id>/` has a built-in problem of that id, and every built-in
    /// problem, batch or interactive, has a data folder whose problem.toml names it.
    #[test]
    fn problem_folders_and_registered_problems_match() {
        let root =
            std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("problems");
        let registered: Vec<&str> = batch_problems()
            .iter()
            .map(|p| p.id())
            .chain(interactive_problems().iter().map(|p| p.id()))
            .collect();
        let mut unique = registered.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(
            unique.len(),
            registered.len(),
            "an id is registered twice: {registered:?}"
        );

        let entries =
            std::fs::read_dir(&root).unwrap_or_else(|e| panic!("{}: {e}", root.display()));
        let mut folders = 0;
        for entry in entries {
            let folder = entry.unwrap().path();
            if !folder.is_dir() {
                continue;
            }
            let name = folder.file_name().unwrap().to_str().unwrap().to_string();
            let id = problem_toml_id(&folder);
            assert_eq!(
                id, name,
                "problems/{name}/problem.toml names another problem"
            );
            // A problem is either built in (registered) or made of its own programs.
            let spec = crate::config::ProblemSpec::load(&folder.join("problem.toml"))
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(
                registered.contains(&id.as_str()) || spec.programs.any(),
                "problems/{name}/ has neither a registered built-in problem (registered: \
                 {registered:?}) nor programs of its own"
            );
            folders += 1;
        }
        assert!(folders > 0, "no problem folders in {}", root.display());

        for id in registered {
            let folder = root.join(id);
            assert!(
                folder.join("problem.toml").is_file(),
                "registered problem {id} has no problems/{id}/problem.toml"
            );
            assert_eq!(problem_toml_id(&folder), id, "problems/{id}/problem.toml");
        }
    }
}
