//! A 2025-09 package's static validator judging a submission's files, for one static
//! validation test case: called as `validator language entry_point feedback/ [args]` in a
//! work folder of its own that holds the submission's files at their relative paths, it
//! reports as an output validator does (exit 42 accepted, 43 rejected, `judgemessage.txt`, a
//! partial score in `score.txt` or `score_multiplier.txt`); a crash, a timeout, another exit
//! code or a score that cannot be read is a judge error naming it.

use std::path::Path;

use super::{checker, Call, ProblemProgram};
use judge_core::files::{Cap, Folder};
use judge_core::scoring::aggregate::ValidatorScore;
use judge_core::verdict::CheckOutcome;

/// What a static validator is given of a submission.
#[derive(Debug, Clone, PartialEq)]
pub struct SubmissionFiles {
    /// Each file at its path relative to the submission (a file's own name for a one-file
    /// submission), with its bytes.
    pub files: Vec<(String, Vec<u8>)>,
    /// The language's code in the format's table (`cpp`, `python3`), else judge's id of it.
    pub language: String,
    /// The entry point: `submissions.yaml`'s, else the main file's path in the submission.
    pub entry_point: String,
}

impl SubmissionFiles {
    /// Reads the submission at `path` (a file or a folder, each file under `cap`; a link out
    /// of it, a device or a FIFO refused as `files` refuses them), built in `language`
    /// (judge's id of it), its main file `entrypoint` when one is given.
    pub fn read(
        path: &Path,
        language: &str,
        entrypoint: Option<&str>,
        cap: Cap,
    ) -> Result<SubmissionFiles, String> {
        let (root, relative) = if path.is_dir() {
            let files = judge_core::lang::folder_files(path).map_err(|e| e.to_string())?;
            (path.to_path_buf(), files)
        } else {
            let name = path.file_name().ok_or("the submission has no file name")?;
            let root = path.parent().unwrap_or(Path::new(".")).to_path_buf();
            (root, vec![name.into()])
        };
        let folder = Folder::new(&root).map_err(|e| e.to_string())?;
        let mut files = Vec::with_capacity(relative.len());
        for file in &relative {
            let bytes = folder
                .read(&root.join(file), cap)
                .map_err(|e| e.to_string())?;
            files.push((file.to_string_lossy().into_owned(), bytes));
        }
        let entry_point = match entrypoint {
            Some(entrypoint) => entrypoint.to_string(),
            None => {
                let main = judge_core::lang::main_source(relative.iter().map(|f| f.as_path()));
                relative
                    .get(main)
                    .map(|f| f.to_string_lossy().into_owned())
                    .unwrap_or_default()
            }
        };
        let language = judge_core::lang::code_of_id(language)
            .unwrap_or(language)
            .to_string();
        Ok(SubmissionFiles {
            files,
            language,
            entry_point,
        })
    }
}

/// Runs `validator` (the static validator) on `submission` with the test case's `args`: its
/// word as an output validator's, with the partial score it gave.
pub fn judge(
    validator: &ProblemProgram,
    submission: &SubmissionFiles,
    args: &[String],
) -> (CheckOutcome, Option<ValidatorScore>) {
    let mut call_args = vec![
        submission.language.clone(),
        submission.entry_point.clone(),
        "feedback/".to_string(),
    ];
    call_args.extend(validator.spec().args.iter().chain(args).cloned());
    let call = Call {
        args: call_args,
        stdin: &[],
        files: submission
            .files
            .iter()
            .map(|(name, bytes)| (name.as_str(), bytes.as_slice()))
            .collect(),
    };
    match validator.run_fresh(&call) {
        Ok(run) => checker::scored_outcome(validator, &run),
        Err(e) => (CheckOutcome::JudgeError(e.to_string()), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_submission_is_read_with_its_language_code_and_main_file() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("sol");
        std::fs::create_dir_all(folder.join("lib")).unwrap();
        std::fs::write(folder.join("helper.py"), "x = 1\n").unwrap();
        std::fs::write(folder.join("main.py"), "print(1)\n").unwrap();
        std::fs::write(folder.join("lib/util.py"), "y = 2\n").unwrap();
        let read = SubmissionFiles::read(&folder, "pypy3", None, Cap::CONFIG).unwrap();
        let names: Vec<&str> = read.files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["helper.py", "lib/util.py", "main.py"]);
        assert_eq!(read.entry_point, "main.py");
        assert_eq!(
            read.language,
            judge_core::lang::code_of_id("pypy3").unwrap()
        );
        let given = SubmissionFiles::read(&folder, "cpp", Some("helper"), Cap::CONFIG).unwrap();
        assert_eq!(given.entry_point, "helper");
        let one = SubmissionFiles::read(&folder.join("main.py"), "x", None, Cap::CONFIG).unwrap();
        assert_eq!(one.files, [("main.py".to_string(), b"print(1)\n".to_vec())]);
        assert_eq!(
            (one.language.as_str(), one.entry_point.as_str()),
            ("x", "main.py")
        );
    }

    #[test]
    fn a_link_out_of_the_submission_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("sol");
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(dir.path().join("secret"), "s").unwrap();
        std::os::unix::fs::symlink(dir.path().join("secret"), folder.join("a.py")).unwrap();
        assert!(SubmissionFiles::read(&folder, "python3", None, Cap::CONFIG).is_err());
    }
}
