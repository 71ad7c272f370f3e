//! The exit codes of `judge`: one table ([`TABLE`], shown by `judge --help`, see [`after_help`],
//! and in docs/guide/exit-codes.md, which `tests/e2e/commands.rs` keeps equal), and the one
//! decision, for each kind of result a command comes to, of its code. Every command returns its code through the
//! functions here; `main` adds the two that no command decides: an error (2) and an
//! interruption (130, whatever the command had come to).

/// Accepted, or the command succeeded.
pub const ACCEPTED: u8 = 0;
/// Not accepted: a verdict other than AC, an invalid input, a verify mismatch, a failure
/// found by `stress`, a transcript that breaks the rules.
pub const NOT_ACCEPTED: u8 = 1;
/// Usage, configuration or internal error; for `verify`, a solution that could not be
/// graded; for `validate`, a validator that failed; for `list`, a problem that cannot be
/// loaded.
pub const ERROR: u8 = 2;
/// Interrupted (SIGINT, SIGQUIT, SIGTERM or SIGHUP), in every command: 128 + SIGINT, as shells
/// say.
pub const INTERRUPTED: u8 = judge::cleanup::INTERRUPTED_EXIT_CODE;

/// Every exit code with what it means, in the words of `judge --help`.
pub const TABLE: [(u8, &str); 4] = [
    (ACCEPTED, "accepted, or the command succeeded"),
    (
        NOT_ACCEPTED,
        "not accepted: a verdict other than AC, an invalid input, a verify mismatch, a failure found by stress",
    ),
    (
        ERROR,
        "usage, configuration or internal error; a verify row that could not be graded",
    ),
    (
        INTERRUPTED,
        "interrupted (Ctrl-C, Ctrl-\\, SIGTERM or SIGHUP), in every command",
    ),
];

/// The table as `judge --help` ends with it.
pub fn after_help() -> String {
    let rows: Vec<String> = TABLE
        .iter()
        .map(|(code, meaning)| format!("  {code:<4} {meaning}"))
        .collect();
    format!("Exit codes:\n{}", rows.join("\n"))
}

/// A verdict, or anything else that is accepted or not (a transcript that follows the rules,
/// a stress search that found nothing, a scoreboard of accepted submissions).
pub fn verdict(accepted: bool) -> u8 {
    if accepted {
        ACCEPTED
    } else {
        NOT_ACCEPTED
    }
}

/// `verify` (bundled solutions or a package, whole or merged from shards): a row that could
/// not be graded, or a package whose own checks found an invalid file, is an error even when
/// the other rows match; otherwise a mismatch is not accepted.
pub fn verified(not_graded: usize, invalid_files: usize, mismatches: usize) -> u8 {
    if not_graded > 0 || invalid_files > 0 {
        ERROR
    } else {
        verdict(mismatches == 0)
    }
}

/// `validate`: a validator that failed on a file (crashed, hung, broke its convention) is an
/// error; otherwise an invalid file is not accepted.
pub fn validated(failed: usize, invalid: usize) -> u8 {
    if failed > 0 {
        ERROR
    } else {
        verdict(invalid == 0)
    }
}

/// `list`: a problem that cannot be loaded is an error (it is named; the others are listed).
pub fn listed(broken: usize) -> u8 {
    if broken == 0 {
        ACCEPTED
    } else {
        ERROR
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_shows_the_table() {
        let help = after_help();
        assert!(help.starts_with("Exit codes:\n  0    accepted"), "{help}");
        assert!(
            help.ends_with(
                "\n  130  interrupted (Ctrl-C, Ctrl-\\, SIGTERM or SIGHUP), in every command"
            ),
            "{help}"
        );
        assert_eq!(help.lines().count(), 1 + TABLE.len());
    }

    #[test]
    fn codes_are_distinct_and_interruption_is_what_the_library_exits_with() {
        let mut codes: Vec<u8> = TABLE.iter().map(|(code, _)| *code).collect();
        codes.dedup();
        assert_eq!(codes, [0, 1, 2, 130]);
        assert_eq!(INTERRUPTED, judge::cleanup::INTERRUPTED_EXIT_CODE);
    }

    #[test]
    fn an_error_outranks_a_mismatch() {
        assert_eq!(verified(0, 0, 0), ACCEPTED);
        assert_eq!(verified(0, 0, 3), NOT_ACCEPTED);
        assert_eq!(verified(1, 0, 3), ERROR);
        assert_eq!(verified(0, 1, 0), ERROR);
        assert_eq!(validated(0, 0), ACCEPTED);
        assert_eq!(validated(0, 2), NOT_ACCEPTED);
        assert_eq!(validated(1, 2), ERROR);
        assert_eq!(listed(0), ACCEPTED);
        assert_eq!(listed(1), ERROR);
    }
}
