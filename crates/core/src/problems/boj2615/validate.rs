//! The validator: an input's exact format (19 lines of 19 digits 0, 1 or 2) and the guarantee
//! of at most one winning five on the board.

use super::board::{parse_board, N};
use super::solve::{winning_fives, Five};
use crate::problems::{check_strict_format, InvalidInput};

/// A five in words, for error messages.
fn describe(five: &Five) -> String {
    let name = [
        "horizontal",
        "vertical",
        "down-right diagonal",
        "up-right diagonal",
    ][five.dir];
    let colour = if five.colour == 1 { "black" } else { "white" };
    format!(
        "{colour} {name} five starting at row {}, column {}",
        five.row + 1,
        five.col + 1
    )
}

/// Checks an input against the statement's format and guarantees, naming the first violation.
pub(super) fn check(input: &str) -> Result<(), InvalidInput> {
    check_strict_format(input)?;
    let lines: Vec<&str> = input.split_terminator('\n').collect();
    if lines.len() != N {
        return Err(InvalidInput::new(format!(
            "expected {N} lines, found {}",
            lines.len()
        )));
    }
    for (r, line) in lines.iter().enumerate() {
        let cells: Vec<&str> = line.split(' ').collect();
        if cells.len() != N {
            return Err(InvalidInput::new(format!(
                "line {}: expected {N} numbers, found {}",
                r + 1,
                cells.len()
            )));
        }
        if let Some((c, bad)) = cells
            .iter()
            .enumerate()
            .find(|(_, t)| !matches!(**t, "0" | "1" | "2"))
        {
            return Err(InvalidInput::new(format!(
                "line {}, column {}: expected 0, 1 or 2, found {bad:?}",
                r + 1,
                c + 1
            )));
        }
    }
    let board = parse_board(input)?;
    let fives = winning_fives(&board);
    if fives.len() > 1 {
        let kind = if fives[0].colour != fives[1].colour {
            "both colours win"
        } else {
            "one colour wins in two places"
        };
        return Err(InvalidInput::new(format!(
            "{kind}: {} and {}",
            describe(&fives[0]),
            describe(&fives[1])
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::problems::boj2615::board::{format_board, N};
    use crate::problems::boj2615::test_support::board_with;
    use crate::problems::boj2615::Boj2615;
    use crate::problems::Problem;

    #[test]
    fn validate_rejects_bad_inputs() {
        let p = Boj2615;
        let good = format_board(&[[0; N]; N]);
        assert!(p.validate(&good).is_ok());
        let bad_format = [
            good.trim_end().to_string(),      // no final newline
            good.replacen("0 0", "0  0", 1),  // two spaces
            good.replacen('\n', " \n", 1),    // trailing space
            good.replacen("0", "3", 1),       // bad value
            good.replacen("0", "00", 1),      // not a plain digit
            good.replacen("0 0\n", "0\n", 1), // short line
            good.lines().skip(1).map(|l| format!("{l}\n")).collect(), // 18 lines
            format!("{good}{}\n", ["0"; 19].join(" ")), // 20 lines
        ];
        for bad in &bad_format {
            assert!(p.validate(bad).is_err(), "accepted:\n{bad}");
        }
        // Two colours win.
        let b = board_with(&[
            (1, 1, 1),
            (1, 2, 1),
            (1, 3, 1),
            (1, 4, 1),
            (1, 5, 1),
            (3, 1, 2),
            (3, 2, 2),
            (3, 3, 2),
            (3, 4, 2),
            (3, 5, 2),
        ]);
        let err = p.validate(&format_board(&b)).unwrap_err();
        assert!(err.message.contains("both colours"), "{err}");
        // One colour wins twice (sharing a stone).
        let b = board_with(&[
            (1, 1, 1),
            (1, 2, 1),
            (1, 3, 1),
            (1, 4, 1),
            (1, 5, 1),
            (2, 1, 1),
            (3, 1, 1),
            (4, 1, 1),
            (5, 1, 1),
        ]);
        let err = p.validate(&format_board(&b)).unwrap_err();
        assert!(err.message.contains("two places"), "{err}");
        // A six and a five of the same colour are fine.
        let b = board_with(&[
            (1, 1, 1),
            (1, 2, 1),
            (1, 3, 1),
            (1, 4, 1),
            (1, 5, 1),
            (1, 6, 1),
            (9, 9, 1),
            (10, 9, 1),
            (11, 9, 1),
            (12, 9, 1),
            (13, 9, 1),
        ]);
        assert!(p.validate(&format_board(&b)).is_ok());
        assert_eq!(p.solve(&format_board(&b)).unwrap(), "1\n9 9\n");
    }
}
