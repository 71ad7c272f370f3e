//! The validator: an input's exact format (three lines of three digits 0..8) and the
//! statement's guarantee that each number appears once.

use super::state::parse;
use crate::problems::{check_strict_format, InvalidInput};

/// Checks an input against the statement's format and guarantees, naming the first violation.
pub(super) fn check(input: &str) -> Result<(), InvalidInput> {
    check_strict_format(input)?;
    let lines: Vec<&str> = input.split_terminator('\n').collect();
    if lines.len() != 3 {
        return Err(InvalidInput::new(format!(
            "expected 3 lines, found {}",
            lines.len()
        )));
    }
    for (r, line) in lines.iter().enumerate() {
        let cells: Vec<&str> = line.split(' ').collect();
        if cells.len() != 3 {
            return Err(InvalidInput::new(format!(
                "line {}: expected 3 numbers, found {}",
                r + 1,
                cells.len()
            )));
        }
        for (c, cell) in cells.iter().enumerate() {
            let ok = cell.len() == 1 && (b'0'..=b'8').contains(&cell.as_bytes()[0]);
            if !ok {
                return Err(InvalidInput::new(format!(
                    "line {}, column {}: expected a digit 0..8, found {cell:?}",
                    r + 1,
                    c + 1
                )));
            }
        }
    }
    parse(input).map(|_| ())
}

#[cfg(test)]
mod tests {
    use crate::problems::boj1525::Boj1525;
    use crate::problems::Problem;

    #[test]
    fn validate_rejects_bad_inputs() {
        let p = Boj1525;
        assert!(p.validate("1 2 3\n4 5 6\n7 8 0\n").is_ok());
        for bad in [
            "1 2 3\n4 5 6\n7 8 0",      // no final newline
            "1 2 3\n4 5 6\n7 8  0\n",   // two spaces
            "1 2 3\n4 5 6 \n7 8 0\n",   // trailing space
            "1 2 3\n4 5 6\n",           // two lines
            "1 2 3 4\n5 6\n7 8 0\n",    // wrong line lengths
            "1 2 3\n4 5 6\n7 8 9\n",    // 9 out of range
            "1 2 3\n4 5 6\n7 8 8\n",    // duplicate
            "1 2 3\n4 5 6\n7 8 00\n",   // not a digit
            "1 2 3\n4 5 6\n7 8 -0\n",   // not a digit
            "1 2 3\n4 5 6\n7 8 0\n1\n", // extra line
        ] {
            assert!(p.validate(bad).is_err(), "accepted {bad:?}");
        }
        let err = p.validate("1 2 3\n4 5 6\n7 1 0\n").unwrap_err();
        assert!(err.message.contains("already appears"), "{err}");
    }
}
