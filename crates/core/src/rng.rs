//! Seeded, portable randomness for test generation and interactive games.
//!
//! Every random value the grader produces comes from a ChaCha8 stream whose 32-byte key is
//! built explicitly from `(master seed, index, purpose)`, and every bounded value is drawn
//! from the raw `next_u64` output with our own unbiased rejection sampling. Nothing here
//! depends on helper algorithms that may change between `rand` versions, so the same
//! `(seed, index)` gives the same bytes on every machine and every version of the program.
//! Golden vectors below pin that promise.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// What a stream is used for; streams of different purposes never coincide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// The generator of batch test `index`.
    Test,
    /// The generator of test `index` of a batch problem's hard set (worst cases).
    HardTest,
    /// Tile positions of interactive game `index`.
    Game,
    /// Anything else (stress runs, benchmarks): `index` is chosen by the caller.
    Other,
}

impl Purpose {
    fn tag(self) -> u64 {
        match self {
            Purpose::Test => 0x7465_7374,     // "test"
            Purpose::HardTest => 0x6861_7264, // "hard"
            Purpose::Game => 0x6761_6d65,     // "game"
            Purpose::Other => 0x6f74_6872,    // "othr"
        }
    }
}

/// A deterministic random stream for one `(seed, index, purpose)`.
#[derive(Debug, Clone)]
pub struct TestRng {
    inner: ChaCha8Rng,
}

impl TestRng {
    /// The stream of `purpose` number `index` under master seed `seed`.
    pub fn new(seed: u64, index: u64, purpose: Purpose) -> Self {
        let mut key = [0u8; 32];
        key[0..8].copy_from_slice(&seed.to_le_bytes());
        key[8..16].copy_from_slice(&index.to_le_bytes());
        key[16..24].copy_from_slice(&purpose.tag().to_le_bytes());
        key[24..32].copy_from_slice(b"judge/v1");
        TestRng {
            inner: ChaCha8Rng::from_seed(key),
        }
    }

    /// The generator stream of batch test `index`.
    pub fn for_test(seed: u64, index: u64) -> Self {
        Self::new(seed, index, Purpose::Test)
    }

    /// The generator stream of test `index` of the hard set.
    pub fn for_hard_test(seed: u64, index: u64) -> Self {
        Self::new(seed, index, Purpose::HardTest)
    }

    /// The tile stream of interactive game `index`.
    pub fn for_game(seed: u64, index: u64) -> Self {
        Self::new(seed, index, Purpose::Game)
    }

    /// A raw 64-bit value.
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A uniform value in `0..bound` (`bound > 0`), by rejection: values from the incomplete
    /// top zone of the 64-bit range are drawn again, so every result is equally likely.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "below(0) has no value to return");
        // The largest multiple of `bound` that fits in 2^64, expressed as a threshold.
        let zone = u64::MAX - (u64::MAX - bound + 1) % bound;
        loop {
            let value = self.next_u64();
            if value <= zone {
                return value % bound;
            }
        }
    }

    /// A uniform value in `low..=high`.
    pub fn range_inclusive(&mut self, low: u64, high: u64) -> u64 {
        assert!(low <= high, "empty range {low}..={high}");
        if low == 0 && high == u64::MAX {
            return self.next_u64();
        }
        low + self.below(high - low + 1)
    }

    /// A uniform index into a collection of `len` elements (`len > 0`).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// True with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: u64, denominator: u64) -> bool {
        self.below(denominator) < numerator
    }

    /// A uniformly chosen element.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.index(items.len())]
    }

    /// Fisher-Yates shuffle with `below` as its only source of randomness.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for last in (1..items.len()).rev() {
            let other = self.index(last + 1);
            items.swap(last, other);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_and_index_give_the_same_stream() {
        let mut a = TestRng::for_test(42, 7);
        let mut b = TestRng::for_test(42, 7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
    }

    #[test]
    fn purposes_and_indices_are_independent_streams() {
        let first = |mut rng: TestRng| rng.next_u64();
        let test = first(TestRng::for_test(1, 0));
        assert_ne!(test, first(TestRng::for_game(1, 0)));
        assert_ne!(test, first(TestRng::for_hard_test(1, 0)));
        assert_ne!(test, first(TestRng::for_test(1, 1)));
        assert_ne!(test, first(TestRng::for_test(2, 0)));
    }

    /// Golden vector: changing the key layout or the sampling silently would change every
    /// generated test; this must only ever change together with a documented version bump.
    #[test]
    fn golden_values_are_stable() {
        let mut rng = TestRng::for_test(20261121, 3);
        let raw: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        let bounded: Vec<u64> = (0..8).map(|_| rng.below(16)).collect();
        assert_eq!(
            raw,
            [
                17693276627025169793,
                1876873989722019647,
                5764845211158652394
            ]
        );
        assert_eq!(bounded, [8, 10, 9, 14, 0, 0, 15, 1]);
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = TestRng::for_test(5, 5);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[rng.below(7) as usize] += 1;
        }
        assert!(
            seen.iter().all(|&count| count > 800 && count < 1200),
            "{seen:?}"
        );
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = TestRng::for_test(9, 9);
        let mut items: Vec<u32> = (0..50).collect();
        rng.shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(items, sorted);
    }
}
