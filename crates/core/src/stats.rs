//! Statistics of game scores: mean with its 95 % confidence interval, spread, median,
//! milestone counts, and the paired comparison of two programs over the same games (mean
//! difference with its 95 % confidence interval from Student's t distribution, and whether it
//! excludes zero). Every figure is a pure function of the scores in game order, so the merged
//! parts of a sharded run give exactly the figures of one run.

use serde::{Deserialize, Serialize};
use statrs::distribution::{ContinuousCDF, Normal, StudentsT};

/// Statistics of game scores.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct ScoreStats {
    pub mean: f64,
    /// Half-width of the 95 % confidence interval of the mean (Student's t); infinite with
    /// fewer than two games, 0 when every score is the same.
    #[serde(default, with = "finite_or_null")]
    pub mean_half_width_95: f64,
    pub min: u64,
    pub median: f64,
    pub max: u64,
    pub standard_deviation: f64,
    /// How many games reached each of the problem's milestones: (score, count).
    pub reached: Vec<(u64, usize)>,
}

/// Mean, min, median, max, sample standard deviation and how many scores reach each of
/// `milestones`.
pub fn score_stats(scores: &[u64], milestones: &[u64]) -> ScoreStats {
    let count = scores.len();
    let mut sorted = scores.to_vec();
    sorted.sort_unstable();
    let mean = if count == 0 {
        0.0
    } else {
        scores.iter().sum::<u64>() as f64 / count as f64
    };
    let median = match count {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2] as f64,
        n => (sorted[n / 2 - 1] + sorted[n / 2]) as f64 / 2.0,
    };
    let variance = if count > 1 {
        scores
            .iter()
            .map(|&s| (s as f64 - mean).powi(2))
            .sum::<f64>()
            / (count - 1) as f64
    } else {
        0.0
    };
    ScoreStats {
        mean,
        mean_half_width_95: if count > 1 {
            t_critical_95(count - 1) * (variance / count as f64).sqrt()
        } else {
            f64::INFINITY
        },
        min: sorted.first().copied().unwrap_or(0),
        median,
        max: sorted.last().copied().unwrap_or(0),
        standard_deviation: variance.sqrt(),
        reached: milestones
            .iter()
            .map(|&tile| (tile, scores.iter().filter(|&&s| s >= tile).count()))
            .collect(),
    }
}

/// Past this many degrees of freedom the quantile is the normal one: `statrs`'s inverse of
/// Student's t loses precision there (1e-4 at a million, wrong at ten million), and t and the
/// normal differ by less than 3e-5 (0.001 %).
const NORMAL_FROM_DF: usize = 100_000;

/// The two-sided 95 % critical value of Student's t distribution with `df` degrees of freedom
/// (its 0.975 quantile, from `statrs`); infinite with no degree of freedom.
pub fn t_critical_95(df: usize) -> f64 {
    let quantile = if df == 0 {
        None
    } else if df >= NORMAL_FROM_DF {
        Normal::new(0.0, 1.0).ok().map(|z| z.inverse_cdf(0.975))
    } else {
        StudentsT::new(0.0, 1.0, df as f64)
            .ok()
            .map(|t| t.inverse_cdf(0.975))
    };
    // Only a non-positive or NaN parameter is refused, which these never are.
    quantile.unwrap_or(f64::INFINITY)
}

/// JSON has no infinity: an infinite half-width (too few games to say) is written `null`.
mod finite_or_null {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
        if value.is_finite() {
            serializer.serialize_f64(*value)
        } else {
            serializer.serialize_none()
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
        Ok(Option::<f64>::deserialize(deserializer)?.unwrap_or(f64::INFINITY))
    }
}

/// What a paired comparison says about the difference (second - first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Difference {
    /// The 95 % interval lies above zero: the second scores higher.
    SecondBetter,
    /// The interval lies below zero: the first scores higher.
    FirstBetter,
    /// The interval holds zero: these games cannot tell them apart.
    NotSignificant,
}

impl Difference {
    /// From a mean difference and the half-width of its 95 % interval.
    pub fn of(mean: f64, half_width: f64) -> Difference {
        if mean - half_width > 0.0 {
            Difference::SecondBetter
        } else if mean + half_width < 0.0 {
            Difference::FirstBetter
        } else {
            Difference::NotSignificant
        }
    }
}

/// Mean of paired differences with its 95 % confidence interval (half-width).
pub fn mean_difference(differences: &[f64]) -> (f64, f64) {
    let n = differences.len();
    if n == 0 {
        return (0.0, f64::INFINITY);
    }
    let mean = differences.iter().sum::<f64>() / n as f64;
    if n == 1 {
        return (mean, f64::INFINITY);
    }
    let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    let half_width = t_critical_95(n - 1) * (variance / n as f64).sqrt();
    (mean, half_width)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_of_scores() {
        let stats = score_stats(&[2048, 4096, 16384, 1024], &[2048, 4096, 8192, 16384]);
        assert_eq!(stats.mean, 5888.0);
        assert_eq!(stats.min, 1024);
        assert_eq!(stats.max, 16384);
        assert_eq!(stats.median, 3072.0);
        assert_eq!(stats.reached[0], (2048, 3));
        assert_eq!(stats.reached[3], (16384, 1));
        assert!(
            (stats.standard_deviation - 7112.9).abs() < 1.0,
            "{}",
            stats.standard_deviation
        );
    }

    #[test]
    fn the_mean_has_a_confidence_interval() {
        let stats = score_stats(&[2048, 4096, 16384, 1024], &[]);
        // s = 7112.9, n = 4, t(3) = 3.1824: 3.1824 * 7112.9 / 2 = 11318.3
        assert!(
            (stats.mean_half_width_95 - 11318.3).abs() < 1.0,
            "{}",
            stats.mean_half_width_95
        );
        assert!(score_stats(&[2048], &[]).mean_half_width_95.is_infinite());
        assert_eq!(score_stats(&[4, 4, 4], &[]).mean_half_width_95, 0.0);
        let json = serde_json::to_string(&score_stats(&[2048], &[])).unwrap();
        assert!(json.contains("\"mean_half_width_95\":null"), "{json}");
        let back: ScoreStats = serde_json::from_str(&json).unwrap();
        assert!(back.mean_half_width_95.is_infinite());
    }

    #[test]
    fn a_difference_is_significant_when_its_interval_excludes_zero() {
        assert_eq!(Difference::of(10.0, 4.0), Difference::SecondBetter);
        assert_eq!(Difference::of(-10.0, 4.0), Difference::FirstBetter);
        assert_eq!(Difference::of(3.0, 4.0), Difference::NotSignificant);
        assert_eq!(
            Difference::of(3.0, f64::INFINITY),
            Difference::NotSignificant
        );
    }

    #[test]
    fn confidence_interval_of_paired_differences() {
        let (mean, half) = mean_difference(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(mean, 2.5);
        // s = 1.291, n = 4, t(3) = 3.182: 3.182 * 1.291 / 2 = 2.054
        assert!((half - 2.054).abs() < 0.01, "{half}");
    }

    /// Quantiles of Student's t as tables print them (to 4 decimals), at the small n where a
    /// table written by hand went wrong (it gave 2.000 for every df from 31 to 60).
    #[test]
    fn t_quantiles_are_exact_at_small_n() {
        for (df, expected) in [
            (1, 12.7062),
            (2, 4.3027),
            (3, 3.1824),
            (15, 2.1314),
            (30, 2.0423),
            (31, 2.0395),
            (45, 2.0141),
            (60, 2.0003),
            (100, 1.9840),
            (1000, 1.9623),
        ] {
            let t = t_critical_95(df);
            assert!(
                (t - expected).abs() < 5e-4,
                "df {df}: {t}, expected {expected}"
            );
        }
        assert!(t_critical_95(0).is_infinite());
        // Down towards the normal quantile, 1.959964, up to the most games a run may have.
        let mut previous = f64::INFINITY;
        for df in [1, 10, 100, 1000, 10_000, 99_999, 100_000, 999_999] {
            let t = t_critical_95(df);
            assert!(
                t <= previous && t >= 1.959963,
                "df {df}: {t} after {previous}"
            );
            previous = t;
        }
        assert!((t_critical_95(999_999) - 1.959964).abs() < 1e-5);
    }
}
