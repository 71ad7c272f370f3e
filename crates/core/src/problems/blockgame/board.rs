//! A board is a 25-bit mask (bit `5 * row + column` set = filled). This module reads inputs
//! under the statement's exact format, which makes it the validator, and writes boards back in
//! that format.

use crate::problems::{check_strict_format, is_plain_decimal, InvalidInput};

/// Board side.
pub(super) const SIDE: usize = 5;
/// Number of cells.
pub(super) const CELLS: usize = SIDE * SIDE;
/// The mask of a completely filled board.
pub(super) const FULL: u32 = (1 << CELLS) - 1;
/// Most test cases per input.
pub(super) const MAX_CASES: u64 = 50;

/// The mask bit of a cell.
pub(super) const fn bit(row: usize, column: usize) -> u32 {
    1 << (row * SIDE + column)
}

/// Parses (and fully validates) an input into its boards.
pub(super) fn parse(input: &str) -> Result<Vec<u32>, InvalidInput> {
    check_strict_format(input)?;
    let lines: Vec<&str> = input.split_terminator('\n').collect();
    let first = lines[0];
    if !is_plain_decimal(first, 3) {
        return Err(InvalidInput::new(format!(
            "line 1: expected the number of test cases C (1..=50) alone on the line, found {first:?}"
        )));
    }
    let cases: usize = first.parse().expect("checked digits");
    if !(1..=MAX_CASES as usize).contains(&cases) {
        return Err(InvalidInput::new(format!(
            "line 1: number of test cases C = {cases} is outside 1..=50"
        )));
    }
    let expected_lines = 1 + SIDE * cases;
    if lines.len() != expected_lines {
        return Err(InvalidInput::new(format!(
            "expected {expected_lines} lines (C = {cases} boards of {SIDE} lines after the first), found {}",
            lines.len()
        )));
    }
    let mut boards = Vec::with_capacity(cases);
    for case in 0..cases {
        let mut mask = 0u32;
        for row in 0..SIDE {
            let number = 2 + case * SIDE + row;
            let line = lines[number - 1];
            if line.len() != SIDE {
                return Err(InvalidInput::new(format!(
                    "line {number} (case {}, row {}): expected {SIDE} characters, found {}",
                    case + 1,
                    row + 1,
                    line.len()
                )));
            }
            for (column, byte) in line.bytes().enumerate() {
                match byte {
                    b'#' => mask |= bit(row, column),
                    b'.' => {}
                    other => {
                        return Err(InvalidInput::new(format!(
                            "line {number} (case {}, row {}), column {}: expected '#' or '.', found {:?}",
                            case + 1,
                            row + 1,
                            column + 1,
                            other as char
                        )))
                    }
                }
            }
        }
        boards.push(mask);
    }
    Ok(boards)
}

/// Renders boards in the official input format.
pub(super) fn render(boards: &[u32]) -> String {
    let mut text = format!("{}\n", boards.len());
    for &mask in boards {
        for row in 0..SIDE {
            for column in 0..SIDE {
                text.push(if mask & bit(row, column) != 0 {
                    '#'
                } else {
                    '.'
                });
            }
            text.push('\n');
        }
    }
    text
}

/// The input with the most work for a solution without a memo shared between cases: 50 empty
/// boards. Used by the benchmark suite.
pub fn worst_case_input() -> String {
    render(&[0; MAX_CASES as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::blockgame::test_support::P;
    use crate::problems::Problem;

    #[test]
    fn worst_case_input_is_fifty_empty_boards() {
        let input = worst_case_input();
        P.validate(&input).unwrap();
        assert!(input.starts_with("50\n"));
        assert_eq!(input.lines().count(), 251);
        assert!(input.lines().skip(1).all(|line| line == "....."));
        assert_eq!(P.solve(&input).unwrap(), "LOSING\n".repeat(50));
    }

    #[test]
    fn validate_rejects_bad_inputs() {
        let good_board = ".....\n.##..\n##..#\n#.###\n..#..\n";
        assert!(P.validate(&format!("1\n{good_board}")).is_ok());
        let bad = [
            ("", "empty"),
            ("1\n.....\n.....\n.....\n.....\n.....", "no final newline"),
            ("0\n", "C = 0"),
            (&*format!("51\n{}", good_board.repeat(51)), "C = 51"),
            (&*format!("01\n{good_board}"), "leading zero"),
            (&*format!("+1\n{good_board}"), "plus sign"),
            (&*format!("x\n{good_board}"), "not a number"),
            (
                &*format!("1 1\n{good_board}"),
                "two numbers on the first line",
            ),
            (&*format!("2\n{good_board}"), "too few boards"),
            (&*format!("1\n{good_board}{good_board}"), "too many boards"),
            ("1\n.....\n.....\n.....\n.....\n", "a missing row"),
            ("1\n......\n.....\n.....\n.....\n.....\n", "a long row"),
            ("1\n....\n.....\n.....\n.....\n.....\n", "a short row"),
            ("1\n.....\n..o..\n.....\n.....\n.....\n", "a bad character"),
            ("1\n.....\n.. ..\n.....\n.....\n.....\n", "a space in a row"),
            ("1\n.....\n.....\n\n.....\n.....\n.....\n", "an empty line"),
            ("1\r\n.....\r\n.....\r\n.....\r\n.....\r\n.....\r\n", "CRLF"),
            (
                "1\n.....\n.....\n.....\n.....\n.....\n\n",
                "a trailing empty line",
            ),
            (" 1\n.....\n.....\n.....\n.....\n.....\n", "a leading space"),
        ];
        for (input, what) in bad {
            let error = P.validate(input).expect_err(what);
            assert!(!error.message.is_empty(), "{what}");
            assert!(P.solve(input).is_err(), "{what}");
        }
        let error = P
            .validate("1\n.....\n..o..\n.....\n.....\n.....\n")
            .unwrap_err();
        assert!(
            error.message.contains("line 3") && error.message.contains("column 3"),
            "{error}"
        );
        let error = P
            .validate(&format!(
                "2\n{good_board}.....\n....\n.....\n.....\n.....\n"
            ))
            .unwrap_err();
        assert!(
            error.message.contains("line 8") && error.message.contains("case 2"),
            "{error}"
        );
    }
}
