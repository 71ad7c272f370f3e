//! The 2048 slide-and-merge rule, shared by Baekjoon 12100 ("2048 (Easy)", an N x N board
//! searched to depth 5) and the interactive Baekjoon 28489 (a 4 x 4 game played move by move).
//!
//! One move pushes every block as far as it goes toward one side. Two equal blocks that meet
//! merge into one block of twice the value; a block produced by a merge does not merge again in
//! the same move; when three or more equal blocks stand in a line, pairs are formed starting from
//! the side the blocks move toward (so `2 2 2` moved left becomes `4 2 0`).

use std::fmt;

/// The side a move pushes the blocks toward.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    /// Every direction, in the order the words are usually listed.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The direction named by exactly one of the words `UP`, `DOWN`, `LEFT`, `RIGHT`.
    pub fn parse(word: &str) -> Option<Direction> {
        match word {
            "UP" => Some(Direction::Up),
            "DOWN" => Some(Direction::Down),
            "LEFT" => Some(Direction::Left),
            "RIGHT" => Some(Direction::Right),
            _ => None,
        }
    }

    /// The word that names this direction (the inverse of [`Direction::parse`]).
    pub fn as_word(self) -> &'static str {
        match self {
            Direction::Up => "UP",
            Direction::Down => "DOWN",
            Direction::Left => "LEFT",
            Direction::Right => "RIGHT",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_word())
    }
}

/// Slides the blocks of one line toward index 0 and merges them by the rule of the game.
/// `0` is an empty cell. Returns whether the line changed.
pub fn slide_line(line: &mut [u32]) -> bool {
    let len = line.len();
    slide_mapped(line, len, |step| step)
}

/// [`slide_line`] on the line whose `step`-th cell (nearest the side first) is
/// `cells[at(step)]`, for `step` in `0..len`; done in place.
#[inline(always)]
fn slide_mapped(cells: &mut [u32], len: usize, at: impl Fn(usize) -> usize) -> bool {
    let mut changed = false;
    // `write` is the next free step; the block at step `write - 1` may still take a merge
    // while `open` is true (it was placed, not produced by a merge, in this move).
    let mut write = 0usize;
    let mut open = false;
    for read in 0..len {
        let value = cells[at(read)];
        if value == 0 {
            continue;
        }
        if open && cells[at(write - 1)] == value {
            cells[at(read)] = 0;
            cells[at(write - 1)] = value * 2;
            open = false;
            changed = true;
        } else {
            if write != read {
                cells[at(read)] = 0;
                cells[at(write)] = value;
                changed = true;
            }
            write += 1;
            open = true;
        }
    }
    changed
}

/// A square board; `cells` holds the rows one after another (row-major), `0` is empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    pub size: usize,
    pub cells: Vec<u32>,
}

impl Grid {
    /// An empty `size` x `size` board.
    pub fn new(size: usize) -> Grid {
        Grid {
            size,
            cells: vec![0; size * size],
        }
    }

    /// A board from its rows. Panics unless the rows form a square.
    pub fn from_rows(rows: Vec<Vec<u32>>) -> Grid {
        let size = rows.len();
        let mut cells = Vec::with_capacity(size * size);
        for (index, row) in rows.into_iter().enumerate() {
            assert_eq!(
                row.len(),
                size,
                "row {index} has {} cells, the board has {size} rows",
                row.len()
            );
            cells.extend(row);
        }
        Grid { size, cells }
    }

    /// The rows of the board.
    pub fn to_rows(&self) -> Vec<Vec<u32>> {
        if self.size == 0 {
            return Vec::new();
        }
        self.cells.chunks(self.size).map(<[u32]>::to_vec).collect()
    }

    pub fn get(&self, row: usize, col: usize) -> u32 {
        self.cells[row * self.size + col]
    }

    pub fn set(&mut self, row: usize, col: usize, value: u32) {
        self.cells[row * self.size + col] = value;
    }

    /// Performs one move; returns whether the board changed.
    pub fn apply(&mut self, direction: Direction) -> bool {
        let n = self.size;
        let cells = &mut self.cells[..];
        let mut changed = false;
        for k in 0..n {
            // The cells of line `k`, nearest the side first.
            changed |= match direction {
                Direction::Up => slide_mapped(cells, n, |step| step * n + k),
                Direction::Down => slide_mapped(cells, n, |step| (n - 1 - step) * n + k),
                Direction::Left => slide_mapped(cells, n, |step| k * n + step),
                Direction::Right => slide_mapped(cells, n, |step| k * n + (n - 1 - step)),
            };
        }
        changed
    }

    /// The largest block on the board (0 if it is empty).
    pub fn max_tile(&self) -> u32 {
        self.cells.iter().copied().max().unwrap_or(0)
    }

    /// The row-major indices of the empty cells, in increasing order.
    pub fn empty_cells(&self) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&index| self.cells[index] == 0)
            .collect()
    }

    /// True when no direction changes the board.
    pub fn is_stuck(&self) -> bool {
        Direction::ALL
            .iter()
            .all(|&direction| !self.clone().apply(direction))
    }
}

impl fmt::Display for Grid {
    /// The rows, one a line, cells separated by single spaces, each line ending with `\n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.to_rows() {
            let words: Vec<String> = row.iter().map(u32::to_string).collect();
            writeln!(f, "{}", words.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slid(values: &[u32]) -> (Vec<u32>, bool) {
        let mut line = values.to_vec();
        let changed = slide_line(&mut line);
        (line, changed)
    }

    #[test]
    fn slide_line_statement_cases() {
        assert_eq!(slid(&[2, 2, 2]), (vec![4, 2, 0], true));
        assert_eq!(slid(&[2, 2, 4]), (vec![4, 4, 0], true));
        assert_eq!(slid(&[2, 2, 2, 2]), (vec![4, 4, 0, 0], true));
        assert_eq!(slid(&[4, 4, 8]), (vec![8, 8, 0], true));
        assert_eq!(slid(&[0, 0, 2]), (vec![2, 0, 0], true));
        assert_eq!(slid(&[2, 0, 2]), (vec![4, 0, 0], true));
        assert_eq!(slid(&[8, 0, 4, 4, 4]), (vec![8, 8, 4, 0, 0], true));
        assert_eq!(slid(&[2, 2, 2, 2, 2]), (vec![4, 4, 2, 0, 0], true));
        assert_eq!(slid(&[1024, 1024]), (vec![2048, 0], true));
    }

    #[test]
    fn slide_line_reports_no_change() {
        assert_eq!(slid(&[]), (vec![], false));
        assert_eq!(slid(&[0, 0, 0]), (vec![0, 0, 0], false));
        assert_eq!(slid(&[2]), (vec![2], false));
        assert_eq!(slid(&[2, 4, 0]), (vec![2, 4, 0], false));
        assert_eq!(slid(&[2, 4, 2, 4]), (vec![2, 4, 2, 4], false));
        assert_eq!(slid(&[4, 8, 0, 0]), (vec![4, 8, 0, 0], false));
    }

    fn moved(rows: Vec<Vec<u32>>, direction: Direction) -> (Vec<Vec<u32>>, bool) {
        let mut grid = Grid::from_rows(rows);
        let changed = grid.apply(direction);
        (grid.to_rows(), changed)
    }

    #[test]
    fn the_same_lines_in_every_direction() {
        use Direction::*;
        // 2 2 2 toward each side: the pair nearest the side merges.
        let row = vec![vec![2, 2, 2], vec![0, 0, 0], vec![0, 0, 0]];
        assert_eq!(moved(row.clone(), Left).0[0], vec![4, 2, 0]);
        assert_eq!(moved(row.clone(), Right).0[0], vec![0, 2, 4]);
        let col = vec![vec![2, 0, 0], vec![2, 0, 0], vec![2, 0, 0]];
        let column = |rows: Vec<Vec<u32>>| rows.iter().map(|r| r[0]).collect::<Vec<_>>();
        assert_eq!(column(moved(col.clone(), Up).0), vec![4, 2, 0]);
        assert_eq!(column(moved(col.clone(), Down).0), vec![0, 2, 4]);

        // 2 2 4 gives 4 4, never 8; 4 4 8 gives 8 8.
        let rows = vec![vec![2, 2, 4], vec![4, 4, 8], vec![8, 4, 4]];
        assert_eq!(
            moved(rows.clone(), Left),
            (vec![vec![4, 4, 0], vec![8, 8, 0], vec![8, 8, 0]], true)
        );
        assert_eq!(
            moved(rows.clone(), Right),
            (vec![vec![0, 4, 4], vec![0, 8, 8], vec![0, 8, 8]], true)
        );
        // Columns: 2 4 8 / 2 4 4 / 4 8 4 read top to bottom.
        assert_eq!(
            moved(rows.clone(), Up),
            (vec![vec![2, 2, 4], vec![4, 8, 8], vec![8, 0, 4]], true)
        );
        assert_eq!(
            moved(rows, Down),
            (vec![vec![2, 0, 4], vec![4, 2, 8], vec![8, 8, 4]], true)
        );

        // 2 2 2 2 in a column, both ways.
        let four = vec![vec![2, 0, 0, 0]; 4];
        let col0 = |rows: Vec<Vec<u32>>| rows.iter().map(|r| r[0]).collect::<Vec<_>>();
        assert_eq!(col0(moved(four.clone(), Up).0), vec![4, 4, 0, 0]);
        assert_eq!(col0(moved(four.clone(), Down).0), vec![0, 0, 4, 4]);
        assert_eq!(moved(four.clone(), Left), (four.clone(), false));
    }

    #[test]
    fn no_change_and_stuck_detection() {
        use Direction::*;
        let corner = vec![vec![2, 4], vec![0, 0]];
        assert!(!moved(corner.clone(), Up).1);
        assert!(!moved(corner.clone(), Left).1);
        assert!(moved(corner.clone(), Down).1);
        assert!(!moved(corner.clone(), Right).1);
        assert!(!Grid::from_rows(corner).is_stuck());

        let checker = Grid::from_rows(vec![vec![2, 4], vec![4, 2]]);
        assert!(checker.is_stuck());
        let mergeable = Grid::from_rows(vec![vec![2, 4], vec![2, 8]]);
        assert!(!mergeable.is_stuck());
        assert!(Grid::new(3).is_stuck());
        assert!(Grid::from_rows(vec![vec![8]]).is_stuck());
    }

    #[test]
    fn grid_helpers() {
        let mut grid = Grid::new(3);
        assert_eq!(grid.max_tile(), 0);
        assert_eq!(grid.empty_cells(), (0..9).collect::<Vec<_>>());
        grid.set(1, 2, 16);
        grid.set(2, 0, 4);
        assert_eq!(grid.get(1, 2), 16);
        assert_eq!(grid.max_tile(), 16);
        assert_eq!(grid.empty_cells(), vec![0, 1, 2, 3, 4, 7, 8]);
        assert_eq!(grid.to_string(), "0 0 0\n0 0 16\n4 0 0\n");
        assert_eq!(Grid::from_rows(grid.to_rows()), grid);
        for direction in Direction::ALL {
            assert_eq!(Direction::parse(direction.as_word()), Some(direction));
            assert_eq!(direction.to_string(), direction.as_word());
        }
        assert_eq!(Direction::parse("up"), None);
        assert_eq!(Direction::parse("UP "), None);
        assert_eq!(Direction::parse(""), None);
    }

    /// The official sample of Baekjoon 28489: a 2 appears at the given 1-based row-major cell
    /// before each move; the fifth move (DOWN) changes nothing, which ends the game with 4.
    #[test]
    fn official_sample_of_28489() {
        let positions = [10usize, 4, 6, 15, 8];
        let replies = ["UP", "LEFT", "RIGHT", "DOWN", "DOWN"];
        let expected_changed = [true, true, true, true, false];
        let mut grid = Grid::new(4);
        for round in 0..5 {
            let cell = positions[round] - 1;
            assert!(grid.empty_cells().contains(&cell), "round {round}");
            grid.cells[cell] = 2;
            let direction = Direction::parse(replies[round]).unwrap();
            assert_eq!(
                grid.apply(direction),
                expected_changed[round],
                "round {round}"
            );
        }
        assert_eq!(grid.max_tile(), 4);
        assert_eq!(grid.to_string(), "0 0 0 0\n0 0 0 2\n0 0 0 4\n0 0 2 2\n");
    }
}
