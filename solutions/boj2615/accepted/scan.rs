// Looks for a run of exactly five starting at each stone in the directions
// right, down, down-right and up-right (a run start has no same-coloured
// stone just before it), which makes the start the leftmost / topmost stone.
// Expected verdict: accepted.
use std::io::{self, Read};

fn main() {
    let mut s = String::new();
    io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i32> = s.split_ascii_whitespace().map(|t| t.parse().unwrap()).collect();
    let at = |r: i32, c: i32| -> i32 {
        if r < 0 || r >= 19 || c < 0 || c >= 19 {
            0
        } else {
            v[(r * 19 + c) as usize]
        }
    };
    let dirs = [(0, 1), (1, 0), (1, 1), (-1, 1)];
    for r in 0..19 {
        for c in 0..19 {
            let col = at(r, c);
            if col == 0 {
                continue;
            }
            for &(dr, dc) in dirs.iter() {
                if at(r - dr, c - dc) == col {
                    continue;
                }
                let mut n = 1;
                while at(r + n * dr, c + n * dc) == col {
                    n += 1;
                }
                if n == 5 {
                    println!("{}\n{} {}", col, r + 1, c + 1);
                    return;
                }
            }
        }
    }
    println!("0");
}
