//! The 2048 slide-and-merge rule, shared by Baekjoon 12100 (N x N boards) and the game side of
//! Baekjoon 28489 (4 x 4). A move slides every block as far as it goes toward one side; two
//! equal blocks that collide merge into one; a block made by a merge does not merge again in
//! the same move; of three equal blocks in a line, the pair nearest the side merges first.

use std::fmt;

/// The four sides a move slides toward.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The exact protocol word (`UP`, `DOWN`, `LEFT`, `RIGHT`), nothing else.
    pub fn parse(word: &str) -> Option<Direction> {
        match word {
            "UP" => Some(Direction::Up),
            "DOWN" => Some(Direction::Down),
            "LEFT" => Some(Direction::Left),
            "RIGHT" => Some(Direction::Right),
            _ => None,
        }
    }

    pub fn as_word(&self) -> &'static str {
        match self {
            Direction::Up => "UP",
            Direction::Down => "DOWN",
            Direction::Left => "LEFT",
            Direction::Right => "RIGHT",
        }
    }
}

/// Slides a line toward index 0 and merges by the rule; returns whether anything changed.
pub fn slide_line(line: &mut [u32]) -> bool {
    let mut write = 0;
    // The value at `write - 1` may still take a merge when this is true.
    let mut mergeable = false;
    let mut changed = false;
    for read in 0..line.len() {
        let value = line[read];
        if value == 0 {
            continue;
        }
        line[read] = 0;
        if mergeable && line[write - 1] == value {
            line[write - 1] = value * 2;
            mergeable = false;
            changed = true;
        } else {
            if write != read {
                changed = true;
            }
            line[write] = value;
            write += 1;
            mergeable = true;
        }
    }
    changed
}

/// A square board of blocks; 0 is an empty cell.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    size: usize,
    cells: Vec<u32>,
}

impl Grid {
    /// An empty board.
    pub fn new(size: usize) -> Grid {
        Grid {
            size,
            cells: vec![0; size * size],
        }
    }

    /// A board from its rows (all of the same length as their number).
    pub fn from_rows(rows: Vec<Vec<u32>>) -> Grid {
        let size = rows.len();
        assert!(rows.iter().all(|r| r.len() == size), "rows must form a square");
        Grid {
            size,
            cells: rows.into_iter().flatten().collect(),
        }
    }

    pub fn size(&self) -> usize {
        self.size
    }

    pub fn get(&self, row: usize, col: usize) -> u32 {
        self.cells[row * self.size + col]
    }

    pub fn set(&mut self, row: usize, col: usize, value: u32) {
        self.cells[row * self.size + col] = value;
    }

    pub fn to_rows(&self) -> Vec<Vec<u32>> {
        self.cells.chunks(self.size).map(<[u32]>::to_vec).collect()
    }

    /// Cell indices (row-major) of the line `line` as seen from `direction`: the first index
    /// is the cell nearest the side the blocks slide toward.
    fn line_cells(&self, direction: Direction, line: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.size;
        (0..n).map(move |k| match direction {
            Direction::Left => line * n + k,
            Direction::Right => line * n + (n - 1 - k),
            Direction::Up => k * n + line,
            Direction::Down => (n - 1 - k) * n + line,
        })
    }

    /// Applies a move; returns whether the board changed.
    pub fn apply(&mut self, direction: Direction) -> bool {
        let mut changed = false;
        let mut buffer = vec![0; self.size];
        for line in 0..self.size {
            let cells: Vec<usize> = self.line_cells(direction, line).collect();
            for (slot, &cell) in buffer.iter_mut().zip(&cells) {
                *slot = self.cells[cell];
            }
            if slide_line(&mut buffer) {
                changed = true;
                for (&value, &cell) in buffer.iter().zip(&cells) {
                    self.cells[cell] = value;
                }
            }
        }
        changed
    }

    /// The largest block (0 on an empty board).
    pub fn max_tile(&self) -> u32 {
        self.cells.iter().copied().max().unwrap_or(0)
    }

    /// Row-major indices of the empty cells.
    pub fn empty_cells(&self) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&i| self.cells[i] == 0)
            .collect()
    }

    /// Whether no move changes the board.
    pub fn is_stuck(&self) -> bool {
        Direction::ALL.iter().all(|&d| !self.clone().apply(d))
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(self.size) {
            let words: Vec<String> = row.iter().map(u32::to_string).collect();
            writeln!(f, "{}", words.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slid(mut line: Vec<u32>) -> (Vec<u32>, bool) {
        let changed = slide_line(&mut line);
        (line, changed)
    }

    #[test]
    fn the_statement_cases() {
        assert_eq!(slid(vec![2, 2, 2]), (vec![4, 2, 0], true));
        // A merged block does not merge again in the same move.
        assert_eq!(slid(vec![2, 2, 4]), (vec![4, 4, 0], true));
        assert_eq!(slid(vec![2, 2, 2, 2]), (vec![4, 4, 0, 0], true));
        assert_eq!(slid(vec![4, 4, 8]), (vec![8, 8, 0], true));
        assert_eq!(slid(vec![0, 0, 2]), (vec![2, 0, 0], true));
        assert_eq!(slid(vec![2, 0, 2]), (vec![4, 0, 0], true));
        assert_eq!(slid(vec![2, 4, 2]), (vec![2, 4, 2], false));
        assert_eq!(slid(vec![2, 4, 0]), (vec![2, 4, 0], false));
        assert_eq!(slid(vec![8, 8, 8, 8, 8]), (vec![16, 16, 8, 0, 0], true));
    }

    #[test]
    fn moves_in_every_direction() {
        let grid = Grid::from_rows(vec![vec![2, 2, 2], vec![4, 4, 4], vec![8, 8, 8]]);
        let moved = |d| {
            let mut g = grid.clone();
            g.apply(d);
            g.to_rows()
        };
        assert_eq!(moved(Direction::Left), vec![vec![4, 2, 0], vec![8, 4, 0], vec![16, 8, 0]]);
        assert_eq!(moved(Direction::Right), vec![vec![0, 2, 4], vec![0, 4, 8], vec![0, 8, 16]]);
        let column = Grid::from_rows(vec![vec![2, 0, 0], vec![2, 0, 0], vec![2, 0, 0]]);
        let mut up = column.clone();
        assert!(up.apply(Direction::Up));
        assert_eq!(up.to_rows(), vec![vec![4, 0, 0], vec![2, 0, 0], vec![0, 0, 0]]);
        let mut down = column;
        assert!(down.apply(Direction::Down));
        assert_eq!(down.to_rows(), vec![vec![0, 0, 0], vec![2, 0, 0], vec![4, 0, 0]]);
    }

    #[test]
    fn unchanged_boards_are_detected() {
        let mut grid = Grid::from_rows(vec![vec![2, 4], vec![4, 2]]);
        assert!(grid.is_stuck());
        assert!(!grid.apply(Direction::Left));
        let open = Grid::from_rows(vec![vec![2, 0], vec![0, 0]]);
        assert!(!open.is_stuck());
    }

    /// The official sample of 28489: 2s at cells 10, 4, 6, 15, 8 with UP, LEFT, RIGHT, DOWN,
    /// DOWN; the last DOWN changes nothing and the score is 4.
    #[test]
    fn the_28489_sample() {
        let mut grid = Grid::new(4);
        let rounds = [
            (10, Direction::Up, true),
            (4, Direction::Left, true),
            (6, Direction::Right, true),
            (15, Direction::Down, true),
            (8, Direction::Down, false),
        ];
        for (cell, direction, changes) in rounds {
            let index = cell - 1;
            assert_eq!(grid.get(index / 4, index % 4), 0, "cell {cell} must be empty");
            grid.set(index / 4, index % 4, 2);
            assert_eq!(grid.apply(direction), changes, "{direction:?} after cell {cell}");
        }
        assert_eq!(grid.max_tile(), 4);
    }

    #[test]
    fn words_parse_exactly() {
        for d in Direction::ALL {
            assert_eq!(Direction::parse(d.as_word()), Some(d));
        }
        assert_eq!(Direction::parse("up"), None);
        assert_eq!(Direction::parse(" UP"), None);
    }
}
