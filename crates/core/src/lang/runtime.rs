//! Running a prepared solution: its run command resolved against the sandbox PATH, the run's
//! own placeholders (`{memory_mib}`, `{heap_mib}`) filled in from the limits of each run,
//! and whether a language's compiler and runtime are installed (as problemtools checks, and
//! as Kattis runs a package's Python).

use std::path::{Path, PathBuf};

use crate::config::Language;
use crate::limits::{Limits, MIB};

use super::detect::by_id;
use super::{LangError, Prepared};

impl Prepared {
    /// The argument vector of a run under `limits`: `{memory_mib}` becomes the memory limit in
    /// MiB and `{heap_mib}` the part of it the runtime's heap may take (the limit less the
    /// runtime's own overhead, at least half the limit), so that a runtime with a heap of its
    /// own (Java, JavaScript) fills the limit the run is judged against but not more.
    pub fn args_for(&self, limits: &Limits) -> Vec<String> {
        let memory_mib = limits.memory_bytes / MIB;
        let heap_mib = (limits
            .memory_bytes
            .saturating_sub(self.runtime_overhead_bytes)
            / MIB)
            .max(memory_mib / 2)
            .max(1);
        self.args
            .iter()
            .map(|arg| {
                arg.replace("{memory_mib}", &memory_mib.to_string())
                    .replace("{heap_mib}", &heap_mib.to_string())
            })
            .collect()
    }

    /// Whether a crashed run's standard error says the runtime's heap ran out (one of the
    /// language's `out_of_memory_messages`).
    pub fn says_out_of_memory(&self, stderr: &[u8]) -> bool {
        let text = String::from_utf8_lossy(stderr);
        self.out_of_memory_messages
            .iter()
            .any(|message| text.contains(message.as_str()))
    }
}

/// The run command with `{binary}`/`{source}` replaced by the file in the run folder and
/// `{stem}` by the source's name without extension (the run's own placeholders stay for
/// [`Prepared::args_for`]), and the program resolved against the sandbox PATH.
pub(super) fn run_command(
    sandbox_path: &str,
    language: &Language,
    file_name: &str,
    stem: &str,
) -> Result<(PathBuf, Vec<String>), LangError> {
    let local = format!("./{file_name}");
    let args: Vec<String> = language
        .run
        .iter()
        .map(|part| {
            part.replace("{binary}", &local)
                .replace("{source}", &local)
                .replace("{stem}", stem)
        })
        .collect();
    let program = find_program(&args[0], sandbox_path)
        .ok_or_else(|| missing_program(language, "runtime", &args[0], sandbox_path))?;
    Ok((program, args))
}

/// The error for a compiler or runtime that is not installed.
pub(super) fn missing_program(
    language: &Language,
    role: &'static str,
    program: &str,
    path: &str,
) -> LangError {
    LangError::MissingProgram {
        language: format!("{} ({})", language.id, language.name),
        role,
        program: program.to_string(),
        where_: if program.contains('/') {
            "that place".to_string()
        } else {
            format!("PATH {path}")
        },
    }
}

/// Whether the programs `language` needs are installed, as problemtools checks a language
/// before it compiles: each command's program that is named, not built (`{binary}` is not
/// looked for), the compile steps' first where compilers are looked for (the sandbox PATH,
/// then the grader's own), then the run command's in the sandbox PATH. The first missing one
/// is a [`LangError::MissingProgram`] naming it (a language not installed: not graded).
/// `sandbox_path` is the sandbox's PATH (`sandbox.path`).
pub fn check_installed(sandbox_path: &str, language: &Language) -> Result<(), LangError> {
    let host_path = std::env::var("PATH").unwrap_or_default();
    let compile_search = format!("{sandbox_path}:{host_path}");
    let steps = language
        .build_steps()
        .map(|step| {
            (
                "compiler",
                step,
                compile_search.as_str(),
                host_path.as_str(),
            )
        })
        .chain(std::iter::once((
            "runtime",
            &language.run,
            sandbox_path,
            sandbox_path,
        )));
    for (role, command, search, shown) in steps {
        let Some(program) = command.first().filter(|p| !p.contains('{')) else {
            continue;
        };
        if find_program(program, search).is_none() {
            return Err(missing_program(language, role, program, shown));
        }
    }
    Ok(())
}

/// Languages Kattis runs under another interpreter than runner.toml's language of the same
/// id: Python 3 (`python`, CPython here) under PyPy 3 (`pypy3`), as on Kattis and in
/// problemtools.
const RUN_AS_ON_KATTIS: &[(&str, &str)] = &[("python", "pypy3")];

/// The language a Kattis package's submission in `language` is run in, as Kattis runs it:
/// Python 3 under PyPy 3 when runner.toml has `pypy3` and it is installed, else `language`
/// itself, with a warning when Kattis would have run it under another interpreter (its times,
/// and a time limit derived from them, differ from Kattis's). `sandbox_path` is the sandbox's
/// PATH, where PyPy 3 is looked for.
pub fn as_on_kattis<'a>(
    languages: &'a [Language],
    sandbox_path: &str,
    language: &'a Language,
) -> (&'a Language, Option<String>) {
    let Some(&(_, kattis_id)) = RUN_AS_ON_KATTIS.iter().find(|(id, _)| *id == language.id) else {
        return (language, None);
    };
    let why = match by_id(languages, kattis_id) {
        Err(_) => format!("runner.toml has no language {kattis_id}"),
        Ok(kattis) => match check_installed(sandbox_path, kattis) {
            Ok(()) => return (kattis, None),
            Err(LangError::MissingProgram { program, .. }) => {
                format!("`{program}` is not installed")
            }
            Err(other) => other.to_string(),
        },
    };
    let warning = format!(
        "run and timed under {} ({}), not {kattis_id} as on Kattis: {why}; its times (and a time \
         limit derived from them) differ from Kattis's",
        language.name,
        language.run.first().map_or("", String::as_str),
    );
    (language, Some(warning))
}

/// A program name as a path (see [`find_program`]), or an error naming it and `path`.
pub fn resolve_program(name: &str, path: &str) -> Result<PathBuf, LangError> {
    find_program(name, path).ok_or_else(|| LangError::ProgramNotFound {
        program: name.to_string(),
        path: path.to_string(),
    })
}

/// A program name as a path: an absolute path when that file exists, a relative one with a
/// slash as it is (a file of the run's folder), else the executable file found in `path`.
pub(super) fn find_program(name: &str, path: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let executable = |candidate: &Path| {
        std::fs::metadata(candidate)
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if name.starts_with('/') {
        return Some(PathBuf::from(name)).filter(|p| executable(p));
    }
    if name.contains('/') {
        return Some(PathBuf::from(name));
    }
    path.split(':')
        .map(|dir| Path::new(dir).join(name))
        .find(|candidate| executable(candidate))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::config::RunnerConfig;
    use crate::lang::tests::{shipped_runner, write};
    use crate::lang::{prepare, BuildSetup};

    #[test]
    fn run_arguments_follow_each_runs_memory_limit() {
        let prepared = Prepared {
            language_id: "java".into(),
            language_name: "Java".into(),
            artifact: PathBuf::from("solution"),
            file_name: "solution".into(),
            program: PathBuf::from("/usr/bin/java"),
            args: vec![
                "java".into(),
                "-XX:MaxRAM={memory_mib}m".into(),
                "-Xmx{heap_mib}m".into(),
            ],
            runtime_overhead_bytes: 40 * MIB,
            out_of_memory_messages: vec!["java.lang.OutOfMemoryError".into()],
            cached: false,
            compile_time: Duration::ZERO,
        };
        let limits = |mib: u64| Limits {
            cpu_time: Duration::from_secs(1),
            wall_time: Duration::from_secs(3),
            memory_bytes: mib * MIB,
            output_bytes: MIB,
            stderr_bytes: 4096,
            max_processes: 64,
        };
        assert_eq!(
            prepared.args_for(&limits(1040)),
            ["java", "-XX:MaxRAM=1040m", "-Xmx1000m"]
        );
        // At least half the limit, when the runtime's overhead is more than half of it.
        assert_eq!(prepared.args_for(&limits(64))[2], "-Xmx32m");
        assert!(prepared.says_out_of_memory(
            b"Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space"
        ));
        assert!(!prepared.says_out_of_memory(b"java.lang.StackOverflowError"));
    }

    #[test]
    fn programs_resolve_through_the_path() {
        assert_eq!(
            resolve_program("sh", "/nonexistent:/bin").unwrap(),
            PathBuf::from("/bin/sh")
        );
        assert_eq!(
            resolve_program("./solution", "").unwrap(),
            PathBuf::from("./solution")
        );
        assert_eq!(
            resolve_program("/bin/sh", "").unwrap(),
            PathBuf::from("/bin/sh")
        );
        assert!(matches!(
            resolve_program("no-such-program-here", "/bin"),
            Err(LangError::ProgramNotFound { .. })
        ));
        assert!(find_program("/no/such/program", "/bin").is_none());
    }

    #[test]
    fn a_language_whose_programs_are_missing_is_not_graded_naming_the_program() {
        let dir = tempfile::tempdir().unwrap();
        let mut runner = shipped_runner(&dir.path().join("cache"));
        let rename = |command: &mut Vec<String>, to: &str| command[0] = to.to_string();
        let language = runner
            .languages
            .iter_mut()
            .find(|l| l.id == "kotlin")
            .unwrap();
        rename(language.compile.as_mut().unwrap(), "no-such-kotlinc-here");
        rename(&mut language.run, "no-such-java-here");
        let kotlin = runner.language("kotlin").unwrap().clone();
        // The compiler is named first, as problemtools checks a language.
        let error = check_installed(&runner.sandbox.path, &kotlin).unwrap_err();
        assert!(error.not_graded(), "{error}");
        let text = error.to_string();
        assert!(
            text.starts_with("language kotlin (Kotlin (JVM)): not installed: `no-such-kotlinc-here` (its compiler"),
            "{text}"
        );
        // With the compiler there, the runtime.
        let mut runtime_missing = kotlin.clone();
        runtime_missing.compile = Some(vec!["sh".into(), "{source}".into()]);
        runtime_missing.package = None;
        let text = check_installed(&runner.sandbox.path, &runtime_missing)
            .unwrap_err()
            .to_string();
        assert!(
            text.contains("not installed: `no-such-java-here` (its runtime; not found in PATH /usr/local/bin:/usr/bin:/bin)"),
            "{text}"
        );
        // A program the build makes ({binary}) is not looked for.
        let c = runner.language("c").unwrap();
        assert!(check_installed(&runner.sandbox.path, c).is_ok());
        // Preparing a Kotlin file fails the same way.
        let source = write(dir.path(), "Main.kt", "fun main() {}\n");
        runner
            .languages
            .iter_mut()
            .find(|l| l.id == "kotlin")
            .unwrap()
            .run = vec!["sh".into(), "{binary}".into()];
        let error = prepare(&BuildSetup::of(&runner), &source, None).unwrap_err();
        assert!(
            error.to_string().contains("`no-such-kotlinc-here`"),
            "{error}"
        );
    }

    #[test]
    fn a_kattis_package_s_python_runs_under_pypy_when_it_is_installed() {
        let dir = tempfile::tempdir().unwrap();
        let mut runner = shipped_runner(&dir.path().join("cache"));
        let set_pypy3_program = |runner: &mut RunnerConfig, program: &str| {
            let pypy3 = runner
                .languages
                .iter_mut()
                .find(|l| l.id == "pypy3")
                .unwrap();
            pypy3.compile.as_mut().unwrap()[0] = program.to_string();
            pypy3.run[0] = program.to_string();
        };
        // Installed (a program every machine has stands for it): Python 3 becomes PyPy 3.
        set_pypy3_program(&mut runner, "sh");
        let python = runner.language("python").unwrap();
        let (language, warning) = as_on_kattis(&runner.languages, &runner.sandbox.path, python);
        assert_eq!((language.id.as_str(), warning), ("pypy3", None));
        // Other languages stay as they are.
        let c = runner.language("c").unwrap();
        assert_eq!(
            as_on_kattis(&runner.languages, &runner.sandbox.path, c),
            (c, None)
        );
        let pypy3 = runner.language("pypy3").unwrap();
        assert_eq!(
            as_on_kattis(&runner.languages, &runner.sandbox.path, pypy3)
                .0
                .id,
            "pypy3"
        );
        // Not installed: CPython, with a warning naming what is missing.
        set_pypy3_program(&mut runner, "no-such-pypy3-here");
        let python = runner.language("python").unwrap();
        let (language, warning) = as_on_kattis(&runner.languages, &runner.sandbox.path, python);
        assert_eq!(language.id, "python");
        let warning = warning.unwrap();
        assert!(
            warning.starts_with("run and timed under Python 3 (python3), not pypy3 as on Kattis: `no-such-pypy3-here` is not installed"),
            "{warning}"
        );
        // No pypy3 in runner.toml at all.
        runner.languages.retain(|l| l.id != "pypy3");
        let python = runner.language("python").unwrap();
        let (language, warning) = as_on_kattis(&runner.languages, &runner.sandbox.path, python);
        assert_eq!(language.id, "python");
        assert!(warning
            .unwrap()
            .contains("runner.toml has no language pypy3"));
    }
}
