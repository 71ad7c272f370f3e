// Expectimax 2048 player with a budget of search nodes (Rust port of
// expectimax.cpp, which plays the same games move for move). The board is a
// 64-bit word (16 nibbles holding log2 of the tiles); moves and the heuristic
// come from 16-bit row tables. Chance nodes only branch on 2-tiles (the only
// tile this interactor places), search is iterative deepening with a
// transposition table and a probability cut-off, and 200 million nodes a game
// are shared out over the ~16400 moves a game reaching 32768 needs. No
// decision reads a clock, so a seed gives the same game on any machine and at
// any load. The heuristic is monotonicity / empty cells / merges
// (nneonneo-style weights) plus a bonus for adjacent tiles of consecutive
// ranks, which keeps the big tiles in a snake-like chain that can collapse
// into 32768. Measured through judge (16 games, README.md): every game reaches
// at least 8192, most reach 16384 and many 32768; at most about 5.7 s of CPU
// per game (6.2 s on a loaded machine).
// Expected verdict: accepted (average far above 2048, every game < 15 s).
use std::io::{self, BufRead, Write};

// Search budget, counted in nodes and never read from a clock: a node is one position the
// search looks at (one call of chance_node, a board just after one of our moves). Every
// decision depends only on the game (the board and the nodes searched so far, in integers),
// so a seed gives the same game on any machine and under any load.
const GAME_NODES: u64 = 200_000_000; // nodes planned for a whole game
const HARD_STOP_NODES: u64 = GAME_NODES + 40000; // past this, end the game as soon as a move allows it
const TARGET_MOVES: u64 = 17400; // moves of a game reaching 32768, with some slack
const MAXDEPTH: i32 = 12;
const ITER_K: u64 = 2; // start another depth if its estimate fits in ITER_K * budget
const ABORT_K: u64 = 6; // abort a depth past ABORT_K * budget
const MIN_ABORT_NODES: u64 = 12_000; // a move may always search this many nodes
const RATIO_MIN_NODES: u64 = 800; // below this, an iteration is too small to measure growth
const CPROB: f32 = 1e-4;
const W_LOST: f64 = 200000.0;
const W_MONO_POW: f64 = 4.0;
const W_MONO: f64 = 47.0;
const W_SUM_POW: f64 = 3.5;
const W_SUM: f64 = 11.0;
const W_MERGE: f64 = 700.0;
const W_EMPTY: f64 = 270.0;
const W_CHAIN: f64 = 2.0;
const CHAIN_POW: f64 = 3.5;
const TT_BITS: u32 = 22;
// phase weights: the moves just before 16384 and 32768 can be formed get more nodes
const LATE_W: u64 = 4;
const MID_W: u64 = 2;
const LATE_LO: u64 = 30720;
const LATE_HI: u64 = 33000;
const MID_LO: u64 = 15360;
const MID_HI: u64 = 16500;

fn phase_weight(s: u64) -> u64 {
    if (LATE_LO..LATE_HI).contains(&s) {
        LATE_W
    } else if (MID_LO..MID_HI).contains(&s) {
        MID_W
    } else {
        1
    }
}
fn overlap(a: u64, b: u64, lo: u64, hi: u64) -> u64 {
    b.min(hi).saturating_sub(a.max(lo))
}
// twice the sum of phase_weight over the moves still expected (the tile sum grows by 2 a move)
fn remaining_weight2(s: u64) -> u64 {
    let end = (2 * TARGET_MOVES).max(s + 1200);
    (end - s) + (LATE_W - 1) * overlap(s, end, LATE_LO, LATE_HI) + (MID_W - 1) * overlap(s, end, MID_LO, MID_HI)
}

#[derive(Clone, Copy)]
struct Tte {
    key: u64,
    val: f32,
    gen: u16,
    depth: u8,
}

struct Engine {
    row_l: Box<[u16; 65536]>,
    row_r: Box<[u16; 65536]>,
    col_u: Box<[u64; 65536]>,
    col_d: Box<[u64; 65536]>,
    heur: Box<[f32; 65536]>,
    tt: Vec<Tte>,
    gen: u16,
    nodes: u64,    // nodes searched in the game so far
    abort_at: u64, // the current iteration is abandoned past this node count
    aborted: bool,
}

#[inline(always)]
fn transpose(x: u64) -> u64 {
    let a1 = x & 0xF0F00F0FF0F00F0F;
    let a2 = x & 0x0000F0F00000F0F0;
    let a3 = x & 0x0F0F00000F0F0000;
    let a = a1 | (a2 << 12) | (a3 >> 12);
    let b1 = a & 0xFF00FF0000FF00FF;
    let b2 = a & 0x00FF00FF00000000;
    let b3 = a & 0x00000000FF00FF00;
    b1 | (b2 >> 24) | (b3 << 24)
}
fn spread_col(r: u64) -> u64 {
    (r | (r << 12) | (r << 24) | (r << 36)) & 0x000F000F000F000F
}
fn rev_row(r: u32) -> u32 {
    ((r >> 12) | ((r >> 4) & 0xF0) | ((r << 4) & 0xF00) | (r << 12)) & 0xFFFF
}
#[inline(always)]
fn empty_mask(b: u64) -> u64 {
    let mut x = b | (b >> 2);
    x |= x >> 1;
    !x & 0x1111111111111111
}
fn max_rank(b: u64) -> u32 {
    (0..16).map(|i| ((b >> (4 * i)) & 15) as u32).max().unwrap()
}

impl Engine {
    fn new() -> Engine {
        let mut e = Engine {
            row_l: Box::new([0u16; 65536]),
            row_r: Box::new([0u16; 65536]),
            col_u: Box::new([0u64; 65536]),
            col_d: Box::new([0u64; 65536]),
            heur: Box::new([0f32; 65536]),
            tt: vec![Tte { key: 0, val: 0.0, gen: 0, depth: 0 }; 1usize << TT_BITS],
            gen: 1,
            nodes: 0,
            abort_at: 0,
            aborted: false,
        };
        for r in 0..65536u32 {
            let line = [r & 15, (r >> 4) & 15, (r >> 8) & 15, (r >> 12) & 15];
            let v: Vec<u32> = line.iter().cloned().filter(|&x| x != 0).collect();
            let mut o = [0u32; 4];
            let mut m = 0;
            let mut i = 0;
            while i < v.len() {
                if i + 1 < v.len() && v[i] == v[i + 1] && v[i] != 15 {
                    o[m] = v[i] + 1;
                    i += 2;
                } else {
                    o[m] = v[i];
                    i += 1;
                }
                m += 1;
            }
            e.row_l[r as usize] = (o[0] | (o[1] << 4) | (o[2] << 8) | (o[3] << 12)) as u16;
            let mut sum = 0.0f64;
            let (mut empty, mut merges, mut prev, mut cnt) = (0i32, 0i32, 0u32, 0i32);
            for &x in line.iter() {
                sum += (x as f64).powf(W_SUM_POW);
                if x == 0 {
                    empty += 1;
                } else {
                    if prev == x {
                        cnt += 1;
                    } else if cnt > 0 {
                        merges += 1 + cnt;
                        cnt = 0;
                    }
                    prev = x;
                }
            }
            if cnt > 0 {
                merges += 1 + cnt;
            }
            let (mut ml, mut mr, mut chain) = (0.0f64, 0.0f64, 0.0f64);
            for k in 1..4 {
                let a = (line[k - 1] as f64).powf(W_MONO_POW);
                let b = (line[k] as f64).powf(W_MONO_POW);
                if line[k - 1] > line[k] {
                    ml += a - b;
                } else {
                    mr += b - a;
                }
                let (x, y) = (line[k - 1], line[k]);
                if x != 0 && y != 0 && (x as i32 - y as i32).abs() == 1 {
                    chain += (x.max(y) as f64).powf(CHAIN_POW);
                }
            }
            e.heur[r as usize] = (W_LOST + W_EMPTY * empty as f64 + W_MERGE * merges as f64
                - W_MONO * ml.min(mr)
                - W_SUM * sum
                + W_CHAIN * chain) as f32;
        }
        for r in 0..65536u32 {
            e.row_r[r as usize] = rev_row(e.row_l[rev_row(r) as usize] as u32) as u16;
            e.col_u[r as usize] = spread_col(e.row_l[r as usize] as u64);
            e.col_d[r as usize] = spread_col(e.row_r[r as usize] as u64);
        }
        e
    }

    #[inline(always)]
    fn do_move(&self, b: u64, m: usize) -> u64 {
        match m {
            0 => {
                let t = transpose(b);
                self.col_u[(t & 0xFFFF) as usize]
                    | (self.col_u[((t >> 16) & 0xFFFF) as usize] << 4)
                    | (self.col_u[((t >> 32) & 0xFFFF) as usize] << 8)
                    | (self.col_u[(t >> 48) as usize] << 12)
            }
            1 => {
                let t = transpose(b);
                self.col_d[(t & 0xFFFF) as usize]
                    | (self.col_d[((t >> 16) & 0xFFFF) as usize] << 4)
                    | (self.col_d[((t >> 32) & 0xFFFF) as usize] << 8)
                    | (self.col_d[(t >> 48) as usize] << 12)
            }
            2 => {
                (self.row_l[(b & 0xFFFF) as usize] as u64)
                    | ((self.row_l[((b >> 16) & 0xFFFF) as usize] as u64) << 16)
                    | ((self.row_l[((b >> 32) & 0xFFFF) as usize] as u64) << 32)
                    | ((self.row_l[(b >> 48) as usize] as u64) << 48)
            }
            _ => {
                (self.row_r[(b & 0xFFFF) as usize] as u64)
                    | ((self.row_r[((b >> 16) & 0xFFFF) as usize] as u64) << 16)
                    | ((self.row_r[((b >> 32) & 0xFFFF) as usize] as u64) << 32)
                    | ((self.row_r[(b >> 48) as usize] as u64) << 48)
            }
        }
    }

    #[inline(always)]
    fn eval(&self, b: u64) -> f32 {
        let t = transpose(b);
        let h = &self.heur;
        h[(b & 0xFFFF) as usize]
            + h[((b >> 16) & 0xFFFF) as usize]
            + h[((b >> 32) & 0xFFFF) as usize]
            + h[(b >> 48) as usize]
            + h[(t & 0xFFFF) as usize]
            + h[((t >> 16) & 0xFFFF) as usize]
            + h[((t >> 32) & 0xFFFF) as usize]
            + h[(t >> 48) as usize]
    }

    fn move_node(&mut self, b: u64, d: i32, cprob: f32) -> f32 {
        let mut best = 0.0f32; // 0 = dead
        for m in 0..4 {
            let nb = self.do_move(b, m);
            if nb != b {
                let v = self.chance_node(nb, d - 1, cprob);
                if v > best {
                    best = v;
                }
            }
        }
        best
    }

    fn chance_node(&mut self, b: u64, d: i32, cprob: f32) -> f32 {
        self.nodes += 1;
        if d <= 0 || cprob < CPROB {
            return self.eval(b);
        }
        if self.nodes > self.abort_at {
            self.aborted = true;
        }
        if self.aborted {
            return 0.0;
        }
        let idx = (b.wrapping_mul(0x9E3779B97F4A7C15) >> (64 - TT_BITS)) as usize;
        {
            let e = &self.tt[idx];
            if e.key == b && e.gen == self.gen && e.depth as i32 >= d {
                return e.val;
            }
        }
        let mut em = empty_mask(b);
        let n = em.count_ones();
        let p = cprob / n as f32;
        let mut sum = 0.0f32;
        while em != 0 {
            let bit = em & em.wrapping_neg();
            em ^= bit;
            sum += self.move_node(b | bit, d, p);
        }
        let res = sum / n as f32;
        self.tt[idx] = Tte { key: b, val: res, gen: self.gen, depth: d as u8 };
        res
    }

    fn next_gen(&mut self) {
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            for e in self.tt.iter_mut() {
                e.gen = 0;
            }
            self.gen = 1;
        }
    }
}

fn main() {
    let mut eng = Engine::new();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let names = ["UP", "DOWN", "LEFT", "RIGHT"];
    let mut board: u64 = 0;
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let p: i64 = match t.parse() {
            Ok(v) => v,
            Err(_) => break,
        };
        if p == -1 {
            break;
        }
        board |= 1u64 << (4 * (p - 1));
        let used = eng.nodes;
        let mut legal = [0usize; 4];
        let mut nl = 0;
        let mut still: Option<usize> = None;
        for m in 0..4 {
            if eng.do_move(board, m) != board {
                legal[nl] = m;
                nl += 1;
            } else if still.is_none() {
                still = Some(m);
            }
        }
        let done = max_rank(board) >= 15; // 32768 reached: 65536 is out of reach in time
        let choice: usize;
        if nl == 0 {
            choice = 0; // lost: any move ends the game
        } else if (done || used > HARD_STOP_NODES) && still.is_some() {
            choice = still.unwrap(); // end the game on purpose
        } else if nl == 1 {
            choice = legal[0];
        } else {
            let mut sum = 0u64;
            for i in 0..16 {
                let r = (board >> (4 * i)) & 15;
                if r != 0 {
                    sum += 1u64 << r;
                }
            }
            // this move's share of the nodes left: its phase weight over the weight still expected
            let mut budget = 0; // out of planned nodes (or 32768 made): depth 1 only
            if !done && used < GAME_NODES {
                budget = (GAME_NODES - used) * 2 * phase_weight(sum) / remaining_weight2(sum);
            }
            let start = eng.nodes;
            eng.abort_at = start + (budget * ABORT_K).max(MIN_ABORT_NODES);
            let mut best_m = legal[0];
            let mut last_n = 0u64;
            for d in 1..=MAXDEPTH {
                // iterative deepening
                eng.next_gen();
                eng.aborted = false;
                let iter_start = eng.nodes;
                let mut bv = -1.0f32;
                let mut bm = legal[0];
                for &m in &legal[..nl] {
                    let v = eng.chance_node(eng.do_move(board, m), d - 1, 1.0);
                    if v > bv {
                        bv = v;
                        bm = m;
                    }
                }
                if eng.aborted && d > 1 {
                    break; // incomplete depth: keep the previous answer
                }
                best_m = bm;
                // the next depth costs this one's nodes times the growth from the last depth (4 to 30)
                let iter_n = eng.nodes - iter_start;
                let next = if last_n > RATIO_MIN_NODES {
                    (iter_n * iter_n / last_n).max(4 * iter_n).min(30 * iter_n)
                } else {
                    10 * iter_n
                };
                last_n = iter_n;
                if eng.nodes - start + next > budget * ITER_K {
                    break; // next depth would not fit
                }
                if d >= 2 && bv <= 0.0 {
                    break; // every move loses
                }
            }
            choice = best_m;
        }
        writeln!(out, "{}", names[choice]).unwrap();
        out.flush().unwrap();
        let nb = eng.do_move(board, choice);
        if nb == board {
            // the interactor answers -1
            line.clear();
            let _ = input.read_line(&mut line);
            break;
        }
        board = nb;
    }
}
