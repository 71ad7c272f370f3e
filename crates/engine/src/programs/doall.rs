//! A package's generated test inputs, made as Polygon's `doall` makes them: each generator the
//! tests' commands name built once from its source, each command run in the sandbox with its
//! arguments and an empty standard input, its standard output the test's input (a
//! multigenerator's tests: the files its one run leaves, each named by its test's index). A testlib
//! generator seeds its randomness from its arguments (`registerGen`), so the same command
//! gives the same bytes here as on Polygon. What is made is kept where the package's loader
//! put it (outside the package) with the digest of the generator and the arguments beside
//! it, so the next load reuses it; `judge verify` makes every generated test and compares it
//! with the package's own input.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use sha2::{Digest, Sha256};
use thiserror::Error;

use super::{Call, Ended, PartError, ProblemProgram};
use crate::execute::{ExecError, Scratch};
use judge_core::cleanup::Stop;
use judge_core::config::{FileTest, GeneratedFile, RunnerConfig};
use judge_core::files::Cap;
use judge_core::problems::ProblemCode;

/// Writes a package's tests (the first `count`, or all) as `out/001.in` and `out/001.ans`, in
/// the package's order: each input as the package has it or its command made it, each answer
/// the package's file, else `code`'s (the main solution's) answer to it. The number written.
pub fn write_tests(
    tests: &[FileTest],
    code: Option<&dyn ProblemCode>,
    out: &Path,
    count: Option<usize>,
    stop: Stop,
) -> Result<usize, DoallError> {
    let write_error = |path: &Path| {
        let path = path.to_path_buf();
        move |cause| DoallError::Write { path, cause }
    };
    std::fs::create_dir_all(out).map_err(write_error(out))?;
    let tests = &tests[..count.unwrap_or(tests.len()).min(tests.len())];
    for (i, test) in tests.iter().enumerate() {
        let input = test.read_input()?;
        let answer = match test.folder.kind_if_any(&test.answer)? {
            Some(_) => test.folder.read(&test.answer, Cap::TEST)?,
            None => {
                let code = code.ok_or_else(|| DoallError::Failed {
                    name: test.name.clone(),
                    cmd: "answer".into(),
                    why: "cannot be answered: the package has no main solution".into(),
                })?;
                let text = String::from_utf8_lossy(&input);
                code.solve(&text)
                    .map_err(|e| DoallError::Failed {
                        name: test.name.clone(),
                        cmd: "the main solution".into(),
                        why: format!("gave no answer: {e}"),
                    })?
                    .into_bytes()
            }
        };
        for (extension, bytes) in [("in", &input), ("ans", &answer)] {
            let path = out.join(format!("{:03}.{extension}", i + 1));
            judge_core::files::write_file(&path, bytes, stop).map_err(write_error(&path))?;
        }
    }
    Ok(tests.len())
}

/// Why a generated test could not be made.
#[derive(Debug, Error)]
pub enum DoallError {
    #[error(transparent)]
    Part(#[from] PartError),
    #[error(transparent)]
    Exec(#[from] ExecError),
    #[error(transparent)]
    File(#[from] judge_core::files::FileError),
    #[error("test {name} ({cmd}): the generator {why}")]
    Failed {
        name: String,
        cmd: String,
        why: String,
    },
    #[error("cannot write the generated test {path}: {cause}")]
    Write {
        path: std::path::PathBuf,
        cause: std::io::Error,
    },
}

/// Which generated tests to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    /// Those whose input the package lacks (graded on what is made).
    Missing,
    /// Those whose input the package has too, to compare with it.
    Own,
}

/// What making the generated tests did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Made {
    /// Tests whose generator ran.
    pub ran: usize,
    /// Tests made by an earlier load, reused.
    pub reused: usize,
    /// Of the tests compared with the package's own input: those that are the same bytes.
    pub identical: usize,
    /// Those that differ: the test, its command and where they differ.
    pub differ: Vec<String>,
    /// When comparing: tests not made, their generator not built (why, once per generator),
    /// and how many tests.
    pub not_built: Vec<(String, usize)>,
}

/// Makes the generated tests of `which` kind among `files` (a package's, whose folder is
/// `problem_dir`), on `jobs` workers.
pub fn make(
    runner: &RunnerConfig,
    problem_dir: &Path,
    files: &[GeneratedFile],
    which: Which,
    jobs: usize,
) -> Result<Made, DoallError> {
    let wanted: Vec<&GeneratedFile> = files
        .iter()
        .filter(|f| (which == Which::Own) == f.own.is_some())
        .collect();
    if wanted.is_empty() {
        return Ok(Made::default());
    }
    let scratch = Arc::new(Scratch::new(&runner.sandbox)?);
    // Each generator built once.
    // When comparing, a generator that does not build leaves its tests out, said.
    let mut programs: Vec<(String, ProblemProgram)> = Vec::new();
    let mut not_built: Vec<(String, String, usize)> = Vec::new();
    for file in &wanted {
        let name = file.generator.name();
        if let Some(failed) = not_built.iter_mut().find(|(n, ..)| *n == name) {
            failed.2 += 1;
            continue;
        }
        if !programs.iter().any(|(n, _)| *n == name) {
            match ProblemProgram::build(runner, problem_dir, &file.generator, scratch.clone()) {
                Ok(program) => programs.push((name, program)),
                Err(error) if which == Which::Own => {
                    let why = error.to_string();
                    let first = why.lines().next().unwrap_or("").to_string();
                    not_built.push((name, first, 1));
                }
                Err(error) => return Err(error.into()),
            }
        }
    }
    let wanted: Vec<&GeneratedFile> = wanted
        .into_iter()
        .filter(|f| programs.iter().any(|(n, _)| *n == f.generator.name()))
        .collect();
    let runs = runs_of(&wanted);
    let next = AtomicUsize::new(0);
    let made = Mutex::new(Made::default());
    let first_error: Mutex<Option<(usize, DoallError)>> = Mutex::new(None);
    let cap = runner.files.tests();
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, runs.len().max(1)) {
            scope.spawn(|| loop {
                let at = next.fetch_add(1, Ordering::SeqCst);
                let Some(run) = runs.get(at) else { break };
                if first_error.lock().is_ok_and(|e| e.is_some()) {
                    break;
                }
                let Some((_, program)) =
                    programs.iter().find(|(n, _)| *n == run[0].generator.name())
                else {
                    break;
                };
                match make_run(program, run, cap) {
                    Ok(results) => {
                        if let Ok(mut made) = made.lock() {
                            for (ran, same) in results {
                                if ran {
                                    made.ran += 1;
                                } else {
                                    made.reused += 1;
                                }
                                match same {
                                    Some(Ok(())) => made.identical += 1,
                                    Some(Err(why)) => made.differ.push(why),
                                    None => {}
                                }
                            }
                        }
                    }
                    Err(error) => {
                        if let Ok(mut first) = first_error.lock() {
                            // The error of the first test in order is the one told.
                            if first.as_ref().map_or(true, |(i, _)| at < *i) {
                                *first = Some((at, error));
                            }
                        }
                    }
                }
            });
        }
    });
    if let Some((_, error)) = first_error.into_inner().ok().flatten() {
        return Err(error);
    }
    let mut made = made.into_inner().unwrap_or_default();
    made.differ.sort();
    made.not_built = not_built
        .into_iter()
        .map(|(_, why, tests)| (why, tests))
        .collect();
    Ok(made)
}

/// The digest a made test is kept under: what the generator is and its arguments.
fn key(program: &ProblemProgram, args: &[String]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(program.identity().as_bytes());
    for arg in args {
        hasher.update([0]);
        hasher.update(arg.as_bytes());
    }
    hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The runs that make `files`, in order: one per test, except that a multigenerator's tests of
/// the same generator and arguments (each its own `from_file`) share one run.
fn runs_of<'f>(files: &[&'f GeneratedFile]) -> Vec<Vec<&'f GeneratedFile>> {
    let mut runs: Vec<Vec<&GeneratedFile>> = Vec::new();
    for &file in files {
        let shared = file.from_file.is_some().then(|| {
            runs.iter_mut().find(|run| {
                run[0].from_file.is_some()
                    && run[0].generator.name() == file.generator.name()
                    && run[0].args == file.args
            })
        });
        match shared.flatten() {
            Some(run) => run.push(file),
            None => runs.push(vec![file]),
        }
    }
    runs
}

/// Makes the tests of one run (unless an earlier load made them all with the same generator
/// and arguments): a test's input is the run's standard output, or a multigenerator's file it
/// left. For each test, whether the generator ran, and, when the package has its own input,
/// whether they are the same bytes (else where they differ).
#[allow(clippy::type_complexity)]
fn make_run(
    program: &ProblemProgram,
    run: &[&GeneratedFile],
    cap: Cap,
) -> Result<Vec<(bool, Option<Result<(), String>>)>, DoallError> {
    let first = run[0];
    let key = key(program, &first.args);
    let write_error = |path: &Path| {
        let path = path.to_path_buf();
        move |cause| DoallError::Write { path, cause }
    };
    let kept = run.iter().all(|file| {
        std::fs::read_to_string(file.target.with_extension("cmd-digest")).is_ok_and(|k| k == key)
            && std::fs::symlink_metadata(&file.target).is_ok_and(|m| m.is_file())
    });
    let ran = !kept;
    if ran {
        let call = Call {
            args: first.args.clone(),
            ..Call::default()
        };
        let files: Vec<&str> = run.iter().filter_map(|f| f.from_file.as_deref()).collect();
        let (output, left) = match files.is_empty() {
            true => (program.run(&call)?, Vec::new()),
            false => program.run_writing(&call, &files, cap)?,
        };
        let failed = |file: &GeneratedFile, why: String| DoallError::Failed {
            name: file.name.clone(),
            cmd: file.cmd.clone(),
            why,
        };
        match output.ended(program.limits()) {
            Ended::Exit(0) => {}
            Ended::Exit(code) => {
                return Err(failed(
                    first,
                    format!("exited with code {code}: {}", output.message()),
                ))
            }
            Ended::Abnormally(why) => return Err(failed(first, why)),
        }
        for file in run {
            let bytes = match &file.from_file {
                None => &output.stdout,
                Some(name) => left
                    .iter()
                    .find(|(left, _)| left == name)
                    .map(|(_, bytes)| bytes)
                    .ok_or_else(|| {
                        failed(
                            file,
                            format!(
                                "left no file {name:?} (a multigenerator writes each of its \
                                 tests to the file named by the test's index: testlib's \
                                 startTest)"
                            ),
                        )
                    })?,
            };
            if let Some(parent) = file.target.parent() {
                std::fs::create_dir_all(parent).map_err(write_error(parent))?;
            }
            // Written beside and renamed: a judge reading it meanwhile sees a whole file.
            let partial = file
                .target
                .with_extension(format!("part{}", std::process::id()));
            std::fs::write(&partial, bytes).map_err(write_error(&partial))?;
            std::fs::rename(&partial, &file.target).map_err(write_error(&file.target))?;
            let key_file = file.target.with_extension("cmd-digest");
            std::fs::write(&key_file, &key).map_err(write_error(&key_file))?;
        }
    }
    run.iter()
        .map(|file| {
            let same = match &file.own {
                None => None,
                Some(own) => {
                    let made = judge_core::files::read(&file.target, cap)?;
                    let own = judge_core::files::read(own, cap)?;
                    Some(compare(&file.name, &file.cmd, &made, &own))
                }
            };
            Ok((ran, same))
        })
        .collect()
}

/// Whether the made input is the package's own, else where they differ.
fn compare(name: &str, cmd: &str, made: &[u8], own: &[u8]) -> Result<(), String> {
    if made == own {
        return Ok(());
    }
    let at = made
        .iter()
        .zip(own)
        .position(|(a, b)| a != b)
        .unwrap_or(made.len().min(own.len()));
    let line = 1 + own[..at.min(own.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count();
    Err(format!(
        "{name} ({cmd}): made {} bytes, the package's has {}; first different at byte {at} \
         (line {line})",
        made.len(),
        own.len()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_difference_is_named_by_its_byte_and_line() {
        assert_eq!(
            compare("tests/05", "gen 5", b"1 2\n3\n", b"1 2\n3\n"),
            Ok(())
        );
        let why = compare("tests/05", "gen 5", b"1 2\n4\n", b"1 2\n3\n").unwrap_err();
        assert!(why.contains("tests/05 (gen 5)"), "{why}");
        assert!(why.contains("first different at byte 4 (line 2)"), "{why}");
        let why = compare("tests/05", "gen 5", b"1 2\n", b"1 2\n3\n").unwrap_err();
        assert!(why.contains("made 4 bytes, the package's has 6"), "{why}");
    }
}
