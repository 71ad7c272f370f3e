//! The validator: an input's exact format (plain decimal numbers, N and then N rows of N
//! numbers) and the statement's guarantees on the board.

use super::board::check_board;
use super::MAX_N;
use crate::problems::game2048::Grid;
use crate::problems::{check_strict_format, is_plain_decimal, InvalidInput};

/// A number token in plain decimal: digits only, no sign, no leading zero.
fn plain_number(token: &str, line: usize, what: &str) -> Result<u32, InvalidInput> {
    if !is_plain_decimal(token, 9) {
        return Err(InvalidInput::new(format!(
            "line {line}: {what} must be a plain decimal number, found {token:?}"
        )));
    }
    Ok(token.parse().expect("checked digits"))
}

/// Checks an input against the statement's format and guarantees, naming the first violation.
pub(super) fn check(input: &str) -> Result<(), InvalidInput> {
    check_strict_format(input)?;
    let lines: Vec<&str> = input.split_terminator('\n').collect();
    let header: Vec<&str> = lines[0].split(' ').collect();
    if header.len() != 1 {
        return Err(InvalidInput::new(format!(
            "line 1 must hold only N, found {} tokens",
            header.len()
        )));
    }
    let n = plain_number(header[0], 1, "N")? as usize;
    if !(1..=MAX_N).contains(&n) {
        return Err(InvalidInput::new(format!(
            "line 1: N must be between 1 and {MAX_N}, found {n}"
        )));
    }
    if lines.len() != n + 1 {
        return Err(InvalidInput::new(format!(
            "expected {} lines (N and {n} rows), found {}",
            n + 1,
            lines.len()
        )));
    }
    let mut grid = Grid::new(n);
    for row in 0..n {
        let line = row + 2;
        let tokens: Vec<&str> = lines[row + 1].split(' ').collect();
        if tokens.len() != n {
            return Err(InvalidInput::new(format!(
                "line {line}: row {} must have {n} numbers, found {}",
                row + 1,
                tokens.len()
            )));
        }
        for (col, token) in tokens.iter().enumerate() {
            let what = format!("row {}, column {}", row + 1, col + 1);
            grid.set(row, col, plain_number(token, line, &what)?);
        }
    }
    check_board(&grid)
}

#[cfg(test)]
mod tests {
    use crate::problems::boj12100::test_support::P;
    use crate::problems::Problem;

    #[test]
    fn validate_rejects_bad_inputs() {
        let bad = [
            ("", "empty"),
            ("1\n2", "newline"),
            ("1\n2 \n", "trailing"),
            ("2\n2  2\n2 2\n", "two spaces"),
            ("0\n", "between 1 and 20"),
            ("21\n", "between 1 and 20"),
            ("1 1\n2\n", "only N"),
            ("x\n2\n", "plain decimal"),
            ("01\n2\n", "plain decimal"),
            ("+1\n2\n", "plain decimal"),
            ("2\n2 2\n", "expected 3 lines"),
            ("1\n2\n2\n", "expected 2 lines"),
            ("2\n2 2 2\n2 2\n", "must have 2 numbers"),
            ("2\n2 2\n2\n", "must have 2 numbers"),
            ("2\n2 3\n2 2\n", "row 1, column 2: 3 is neither"),
            ("2\n2 2\n2 1\n", "row 2, column 2: 1 is neither"),
            ("1\n2048\n", "neither"),
            ("1\n-2\n", "plain decimal"),
            ("2\n0 0\n0 0\n", "no block"),
            ("1\n0\n", "no block"),
        ];
        for (input, fragment) in bad {
            let error = P.validate(input).expect_err(input);
            assert!(
                error.message.contains(fragment),
                "{input:?}: {:?} lacks {fragment:?}",
                error.message
            );
        }
        assert!(P.solve("2\n2 2\n2\n").is_err());
        assert!(P.solve("1\n0\n").is_err());
        assert!(P.solve("1\n2048\n").is_err());
        assert!(P.solve("21\n").is_err());
        // solve is lenient about layout.
        assert_eq!(P.solve("2 2 2\n2 2").unwrap(), "8\n");
    }
}
