//! Statistics of game scores: mean with its 95 % confidence interval, spread, median,
//! milestone counts, and the paired comparison of two programs over the same games (mean
//! difference with its 95 % confidence interval from Student's t distribution, and whether it
//! excludes zero). Every figure is a pure function of the scores in game order, so the merged
//! parts of a sharded run give exactly the figures of one run.

use serde::{Deserialize, Serialize};

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

/// The two-sided 95 % critical value of Student's t distribution with `df` degrees of freedom.
pub fn t_critical_95(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => TABLE[df - 1],
        31..=60 => 2.000,
        61..=120 => 1.980,
        _ => 1.960,
    }
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
        // s = 7112.9, n = 4, t(3) = 3.182: 3.182 * 7112.9 / 2 = 11316.6
        assert!(
            (stats.mean_half_width_95 - 11316.6).abs() < 1.0,
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
        assert_eq!(t_critical_95(15), 2.131);
    }
}
