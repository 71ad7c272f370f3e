//! The HTML report's charts, drawn as small inline SVG: strips of bars against a limit (CPU,
//! wall time, memory per test or game), the distribution of game scores, the milestones
//! reached, and the paired differences of a comparison. Pure functions from numbers to SVG
//! text, so snapshot tests pin them.

use std::fmt::Write;

use super::markup::escape;

/// The width of a chart across the page, in SVG units (about the page's pixels, so text keeps
/// its size; the page scales the chart to the column).
const WIDTH: f64 = 1100.0;
/// The width of a chart in one of two columns.
const HALF_WIDTH: f64 = 540.0;
/// Room on the left for the axis labels.
const LEFT: f64 = 52.0;
/// Room on the right.
const RIGHT: f64 = 8.0;
const PLOT_WIDTH: f64 = WIDTH - LEFT - RIGHT;

/// One strip of bars: a value per run (test or game), drawn against a limit when there is one.
pub struct Strip<'a> {
    /// Shown above the strip, e.g. `CPU time`.
    pub title: &'a str,
    /// The values, one per run, in the runs' order.
    pub values: Vec<u64>,
    /// The limit the values are held to, in the values' unit.
    pub limit: Option<u64>,
    /// Turns a value into text with its unit, e.g. `640 ms`.
    pub format: fn(u64) -> String,
}

/// Text for milliseconds.
pub fn milliseconds(value: u64) -> String {
    format!("{value} ms")
}

/// Text for KiB, shown in MiB.
pub fn kib_as_mib(value: u64) -> String {
    format!("{:.1} MiB", value as f64 / 1024.0)
}

/// Text for a plain count.
pub fn count(value: u64) -> String {
    value.to_string()
}

/// How close to its limit a value is, as a CSS class: the bars near or over the limit stand out.
fn closeness(value: u64, limit: Option<u64>) -> &'static str {
    let Some(limit) = limit.filter(|&l| l > 0) else {
        return "plain";
    };
    let fraction = value as f64 / limit as f64;
    if fraction >= 1.0 {
        "over"
    } else if fraction >= 0.75 {
        "near"
    } else if fraction >= 0.5 {
        "half"
    } else {
        "low"
    }
}

/// A number for SVG, with at most two decimals and no trailing zeros.
fn n(value: f64) -> String {
    let text = format!("{value:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A strip whose largest value is below 1/this of its limit is drawn to its own scale.
const FAR_BELOW_LIMIT: u64 = 10;

/// Strips of bars, one bar per run, each strip scaled to its limit (or its largest value) with
/// the limit drawn as a dashed line; a strip far below its limit is scaled to its largest value,
/// with the limit said in words. The runs are `runs` slots from `data-left`, each
/// `data-slot` wide (SVG units), so the page's script can tell which run is under the pointer.
pub fn strips(id: &str, runs: usize, strips: &[Strip]) -> String {
    const STRIP_HEIGHT: f64 = 44.0;
    const GAP: f64 = 26.0;
    let height = strips.len() as f64 * (STRIP_HEIGHT + GAP) + 6.0;
    let mut svg = open_svg(
        id,
        "strips",
        WIDTH,
        height,
        "per-run resources against their limits",
    );
    let slot = PLOT_WIDTH / runs.max(1) as f64;
    svg.insert_str(
        svg.len() - 1,
        &format!(
            r#" data-runs="{runs}" data-left="{}" data-slot="{}""#,
            n(LEFT),
            slot
        ),
    );
    let bar = (slot * 0.8).max(0.6);
    for (index, strip) in strips.iter().enumerate() {
        let top = index as f64 * (STRIP_HEIGHT + GAP) + 18.0;
        let bottom = top + STRIP_HEIGHT;
        let largest = strip.values.iter().copied().max().unwrap_or(0);
        // Runs far below their limit are drawn to their own scale (a strip scaled to the
        // limit would be a flat line at zero); the limit is then said above the strip.
        let far_below = strip
            .limit
            .is_some_and(|limit| limit > 0 && largest * FAR_BELOW_LIMIT < limit);
        let scale_top = match far_below {
            true => largest.max(1) as f64 * 1.08,
            false => strip.limit.unwrap_or(0).max(largest).max(1) as f64 * 1.08,
        };
        let y = |value: u64| bottom - value as f64 / scale_top * STRIP_HEIGHT;
        let summary = match strip.limit {
            Some(limit) if limit > 0 => format!(
                "{}: max {} ({:.0}% of the {} limit)",
                strip.title,
                (strip.format)(largest),
                largest as f64 * 100.0 / limit as f64,
                (strip.format)(limit)
            ),
            _ => format!("{}: max {}", strip.title, (strip.format)(largest)),
        };
        label(&mut svg, "strip-title", LEFT, top - 6.0, "start", &summary);
        horizontal(&mut svg, "axis", LEFT, LEFT + PLOT_WIDTH, bottom);
        label(&mut svg, "tick", LEFT - 4.0, bottom, "end", "0");
        // One path per class of closeness rather than an element per bar: a strip of 1000
        // games stays a handful of elements (the script finds the run under the pointer).
        let mut paths: Vec<(&str, String)> = Vec::new();
        for (run, &value) in strip.values.iter().enumerate() {
            let x = LEFT + run as f64 * slot + (slot - bar) / 2.0;
            // Every bar shows, however small next to the limit.
            let height = (bottom - y(value)).max(1.5);
            let class = closeness(value, strip.limit);
            let path = match paths.iter_mut().find(|(c, _)| *c == class) {
                Some((_, path)) => path,
                None => {
                    paths.push((class, String::new()));
                    &mut paths.last_mut().expect("just pushed").1
                }
            };
            let _ = write!(
                path,
                "M{} {}v-{}h{}v{}z",
                n(x),
                n(bottom),
                n(height),
                n(bar),
                n(height)
            );
        }
        for (class, path) in paths {
            let _ = write!(svg, r#"<path class="{class}" d="{path}"/>"#);
        }
        if let Some(limit) = strip.limit.filter(|&l| l > 0 && far_below) {
            // The scale's top, and the limit far above it, said at the strip's right end.
            let text = format!(
                "scaled to the runs; limit {} is above",
                (strip.format)(limit)
            );
            label(
                &mut svg,
                "tick limit-label",
                LEFT + PLOT_WIDTH,
                top - 6.0,
                "end",
                &text,
            );
            let top_text = (strip.format)(largest);
            label(
                &mut svg,
                "tick",
                LEFT - 4.0,
                y(largest) + 4.0,
                "end",
                &top_text,
            );
        } else if let Some(limit) = strip.limit.filter(|&l| l > 0) {
            horizontal(&mut svg, "limit", LEFT, LEFT + PLOT_WIDTH, y(limit));
            let text = format!("limit {}", (strip.format)(limit));
            let at = LEFT + PLOT_WIDTH;
            label(
                &mut svg,
                "tick limit-label",
                at,
                y(limit) - 3.0,
                "end",
                &text,
            );
        } else {
            let text = (strip.format)(largest);
            label(&mut svg, "tick", LEFT - 4.0, y(largest) + 4.0, "end", &text);
        }
    }
    svg.push_str("</svg>");
    svg
}

/// Columns with a label under each and the count above it: a score distribution or the
/// milestones reached. `highlight` marks the columns drawn in the accent colour (e.g. the
/// scores at or above the acceptance threshold).
pub fn columns(id: &str, title: &str, bars: &[(String, u64, bool)]) -> String {
    const PLOT_HEIGHT: f64 = 110.0;
    const SIDE: f64 = 12.0;
    let height = PLOT_HEIGHT + 56.0;
    let mut svg = open_svg(id, "columns", HALF_WIDTH, height, title);
    label(&mut svg, "strip-title", SIDE, 16.0, "start", title);
    let bottom = 32.0 + PLOT_HEIGHT;
    let plot_width = HALF_WIDTH - 2.0 * SIDE;
    let largest = bars.iter().map(|b| b.1).max().unwrap_or(0).max(1) as f64;
    let slot = plot_width / bars.len().max(1) as f64;
    let width = (slot * 0.7).clamp(1.0, 60.0);
    horizontal(&mut svg, "axis", SIDE, SIDE + plot_width, bottom);
    for (index, (name, value, highlight)) in bars.iter().enumerate() {
        let centre = SIDE + (index as f64 + 0.5) * slot;
        let bar_height = *value as f64 / largest * PLOT_HEIGHT;
        let _ = write!(
            svg,
            r#"<rect class="{}" x="{}" y="{}" width="{}" height="{}"><title>{}: {}</title></rect>"#,
            if *highlight { "accent" } else { "plain" },
            n(centre - width / 2.0),
            n(bottom - bar_height),
            n(width),
            n(bar_height),
            escape(name),
            value
        );
        let count = value.to_string();
        label(
            &mut svg,
            "tick",
            centre,
            bottom - bar_height - 3.0,
            "middle",
            &count,
        );
        label(&mut svg, "tick", centre, bottom + 14.0, "middle", name);
    }
    svg.push_str("</svg>");
    svg
}

/// The paired differences of a comparison (second minus first), one bar per game from the
/// zero line, with the mean and its 95 % confidence interval as a band.
pub fn differences(id: &str, games: &[(u64, f64)], mean: f64, half_width: f64) -> String {
    const PLOT_HEIGHT: f64 = 160.0;
    let height = PLOT_HEIGHT + 40.0;
    let title = if half_width.is_finite() {
        format!(
            "second - first per game: mean {mean:+.1}, 95% interval [{:+.1}, {:+.1}]",
            mean - half_width,
            mean + half_width
        )
    } else {
        format!("second - first per game: mean {mean:+.1}")
    };
    let mut svg = open_svg(id, "differences", WIDTH, height, &title);
    label(&mut svg, "strip-title", LEFT, 12.0, "start", &title);
    let top = 22.0;
    let reach = games
        .iter()
        .map(|g| g.1.abs())
        .chain([mean.abs()
            + if half_width.is_finite() {
                half_width
            } else {
                0.0
            }])
        .fold(1.0_f64, f64::max)
        * 1.05;
    let y = |value: f64| top + PLOT_HEIGHT / 2.0 - value / reach * (PLOT_HEIGHT / 2.0);
    if half_width.is_finite() {
        let (high, low) = (y(mean + half_width), y(mean - half_width));
        let _ = write!(
            svg,
            r#"<rect class="interval" x="{}" y="{}" width="{}" height="{}"><title>95% confidence interval of the mean</title></rect>"#,
            n(LEFT),
            n(high),
            n(PLOT_WIDTH),
            n((low - high).max(0.5))
        );
    }
    let slot = PLOT_WIDTH / games.len().max(1) as f64;
    let bar = (slot * 0.8).max(0.6);
    for (index, (game, difference)) in games.iter().enumerate() {
        let x = LEFT + index as f64 * slot + (slot - bar) / 2.0;
        let (from, to) = (y(difference.max(0.0)), y(difference.min(0.0)));
        let _ = write!(
            svg,
            r#"<rect class="{}" data-game="{game}" x="{}" y="{}" width="{}" height="{}"><title>game {game}: {difference:+}</title></rect>"#,
            if *difference >= 0.0 { "gain" } else { "loss" },
            n(x),
            n(from),
            n(bar),
            n((to - from).max(0.5))
        );
    }
    for (class, value, text) in [("axis", 0.0, "0"), ("mean", mean, "mean")] {
        horizontal(&mut svg, class, LEFT, LEFT + PLOT_WIDTH, y(value));
        label(&mut svg, "tick", LEFT - 4.0, y(value) + 4.0, "end", text);
    }
    svg.push_str("</svg>");
    svg
}

/// A horizontal line of `class` from `from` to `to` at height `y`.
fn horizontal(svg: &mut String, class: &str, from: f64, to: f64, y: f64) {
    let _ = write!(
        svg,
        r#"<line class="{class}" x1="{}" y1="{2}" x2="{}" y2="{2}"/>"#,
        n(from),
        n(to),
        n(y)
    );
}

/// A label; `anchor` is `start`, `middle` or `end`.
fn label(svg: &mut String, class: &str, x: f64, y: f64, anchor: &str, text: &str) {
    let _ = write!(
        svg,
        r#"<text class="{class}" x="{}" y="{}" text-anchor="{anchor}">{}</text>"#,
        n(x),
        n(y),
        escape(text)
    );
}

fn open_svg(id: &str, class: &str, width: f64, height: f64, label: &str) -> String {
    format!(
        r#"<svg class="chart {class}" id="{}" viewBox="0 0 {} {}" role="img" aria-label="{}" xmlns="http://www.w3.org/2000/svg">"#,
        escape(id),
        n(width),
        n(height),
        escape(label)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_near_and_over_the_limit_get_their_own_class() {
        assert_eq!(closeness(10, Some(100)), "low");
        assert_eq!(closeness(60, Some(100)), "half");
        assert_eq!(closeness(80, Some(100)), "near");
        assert_eq!(closeness(100, Some(100)), "over");
        assert_eq!(closeness(100, None), "plain");
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(n(3.0), "3");
        assert_eq!(n(2.5), "2.5");
        assert_eq!(n(1.0 / 3.0), "0.33");
    }

    #[test]
    fn a_strip_chart_of_three_tests() {
        let svg = strips(
            "cpu",
            3,
            &[Strip {
                title: "CPU time",
                values: vec![1, 640, 1200],
                limit: Some(1000),
                format: milliseconds,
            }],
        );
        insta::assert_snapshot!(svg);
    }

    #[test]
    fn a_difference_chart_of_three_games() {
        insta::assert_snapshot!(differences(
            "diff",
            &[(0, 128.0), (1, -64.0), (2, 0.0)],
            21.3,
            240.5
        ));
    }
}
