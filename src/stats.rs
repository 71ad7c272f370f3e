//! Statistics of game scores: mean, spread, median, milestone counts, and the paired
//! comparison of two programs over the same games (mean difference with its 95 % confidence
//! interval from Student's t distribution).

use serde::Serialize;

/// Statistics of game scores.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ScoreStats {
    pub mean: f64,
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
    fn confidence_interval_of_paired_differences() {
        let (mean, half) = mean_difference(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(mean, 2.5);
        // s = 1.291, n = 4, t(3) = 3.182: 3.182 * 1.291 / 2 = 2.054
        assert!((half - 2.054).abs() < 0.01, "{half}");
        assert_eq!(t_critical_95(15), 2.131);
    }
}
