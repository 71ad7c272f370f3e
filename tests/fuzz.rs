//! Property tests (proptest) of the parts that read untrusted text: the checkers, the
//! interactor's reply parser and the configuration loader. None may panic on any input, and
//! each keeps its contract. Inputs that once broke something are kept in `tests/corpus/` and
//! replayed here; proptest keeps its own failures in `proptest-regressions/`.

use std::path::Path;

use judge::check::Comparison;
use judge::config::{ProblemSpec, RunnerConfig};
use judge::problems::{self, Step};
use judge::rng::TestRng;
use judge::verdict::CheckOutcome;
use proptest::prelude::*;

fn check(checker: &Comparison, output: &[u8], answer: &[u8]) -> CheckOutcome {
    checker.check(output, answer)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn checkers_never_panic(output in proptest::collection::vec(any::<u8>(), 0..200),
                            answer in proptest::collection::vec(any::<u8>(), 0..200)) {
        for checker in [Comparison::Tokens, Comparison::Lines, Comparison::Float { tolerance: 1e-6 }] {
            let _ = check(&checker, &output, &answer);
        }
    }

    #[test]
    fn every_checker_accepts_the_answer_itself(answer in "[ -~\n]{0,200}") {
        for checker in [Comparison::Tokens, Comparison::Lines, Comparison::Float { tolerance: 1e-9 }] {
            prop_assert_eq!(check(&checker, answer.as_bytes(), answer.as_bytes()), CheckOutcome::Accepted);
        }
    }

    #[test]
    fn token_checking_ignores_whitespace_shape(tokens in proptest::collection::vec("[a-z0-9-]{1,6}", 0..20),
                                                separators in proptest::collection::vec("[ \t\r\n]{1,3}", 20)) {
        let answer = tokens.join("\n") + "\n";
        let mut output = String::new();
        for (token, separator) in tokens.iter().zip(&separators) {
            output.push_str(separator);
            output.push_str(token);
        }
        prop_assert_eq!(check(&Comparison::Tokens, output.as_bytes(), answer.as_bytes()), CheckOutcome::Accepted);
    }

    #[test]
    fn replies_other_than_the_four_words_are_wrong(reply in "\\PC{0,30}") {
        let problem = problems::interactive_problem("boj28489").unwrap();
        let mut game = problem.new_game(TestRng::for_game(1, 0));
        game.opening();
        let word = reply.trim();
        let legal = ["UP", "DOWN", "LEFT", "RIGHT"].contains(&word);
        match game.reply(&reply) {
            Ok(Step::Continue(_)) | Ok(Step::Over(_)) => prop_assert!(legal, "{:?} accepted", reply),
            Err(message) => {
                prop_assert!(!legal, "{:?} refused", reply);
                prop_assert!(message.to_string().starts_with("round 1: reply"), "{}", message);
            }
        }
    }

    #[test]
    fn the_config_loader_never_panics(text in "\\PC{0,400}") {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("runner.toml");
        std::fs::write(&file, &text).unwrap();
        let _ = RunnerConfig::load(&file);
        let problem_dir = dir.path().join("p");
        std::fs::create_dir(&problem_dir).unwrap();
        std::fs::write(problem_dir.join("problem.toml"), &text).unwrap();
        let _ = ProblemSpec::load(&problem_dir.join("problem.toml"));
    }

    #[test]
    fn mutated_runner_toml_is_loaded_or_refused_with_the_file_name(position in 0usize..3000, byte in any::<u8>()) {
        let original = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("runner.toml")).unwrap();
        let mut mutated = original.clone();
        let at = position % mutated.len();
        mutated[at] = byte;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("runner.toml");
        std::fs::write(&file, &mutated).unwrap();
        if let Err(error) = RunnerConfig::load(&file) {
            prop_assert!(error.to_string().contains("runner.toml"), "{}", error);
        }
    }
}

#[test]
fn the_kept_config_corpus_is_refused_cleanly() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/config");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        count += 1;
        let scratch = tempfile::tempdir().unwrap();
        let file = scratch.path().join("runner.toml");
        std::fs::copy(entry.path(), &file).unwrap();
        let error = RunnerConfig::load(&file).expect_err(&entry.path().display().to_string());
        assert!(error.to_string().contains("runner.toml"), "{error}");
    }
    assert!(count >= 5);
}

#[test]
fn the_kept_checker_corpus_gives_verdicts_not_panics() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/checker");
    let read = |name: &str| std::fs::read(dir.join(name)).unwrap();
    assert_eq!(
        check(&Comparison::Tokens, &read("crlf.out"), &read("crlf.ans")),
        CheckOutcome::Accepted
    );
    assert!(matches!(
        check(
            &Comparison::Tokens,
            &read("binary.out"),
            &read("binary.ans")
        ),
        CheckOutcome::WrongAnswer(_)
    ));
    assert!(matches!(
        check(
            &Comparison::Float { tolerance: 1e-6 },
            &read("odd-numbers.out"),
            &read("odd-numbers.ans")
        ),
        CheckOutcome::WrongAnswer(_)
    ));
}
