//! The group table on the HTML page: a heat map with a row per submission (ranked by score)
//! and a column per top-level group, each cell coloured by the fraction of the group's points
//! it got (red none, yellow some, green all; grey where there are no points, coloured by its
//! verdict's success instead), its slowest test's CPU time under the points. A group with
//! nested groups has a button that unfolds their columns; clicking a cell opens the row of its
//! tests under the submission's row (the link `#group=R-C`, R the row and C the column).

use std::fmt::Write;

use super::markup::escape;
use crate::report::groups::{cell_text, points, Cell, GroupTable};

/// The background of a cell: a hue from red (0) to green (120) by the fraction of its points,
/// or by whether it is accepted where it has no fraction; none without a result.
fn background(cell: &Cell) -> Option<String> {
    let result = cell.result?;
    let fraction = cell
        .fraction
        .unwrap_or(f64::from(u8::from(result.verdict.is_accepted())));
    Some(format!("hsl({:.0},70%,82%)", 120.0 * fraction))
}

/// The section of the table.
pub fn section(table: &GroupTable) -> String {
    let mut out = format!(
        "<section id=\"groups\">\n<h2>groups of {}</h2>\n<p class=\"note\">{}; under it the \
         CPU time of its slowest test. * a time limit x or / {} would change it. Click a cell \
         for its tests.</p>\n<table class=\"groups\"><thead><tr><th>#</th><th>submission</th>\
         <th>total{}</th>",
        escape(&table.problem),
        if table.scoring {
            "each group's points and verdict"
        } else {
            "each group's verdict"
        },
        points(table.near_factor),
        table
            .max_total
            .map(|m| format!(" /{}", points(m)))
            .unwrap_or_default()
    );
    for (index, column) in table.columns.iter().enumerate() {
        let has_nested =
            column.depth == 0 && table.columns.iter().any(|c| c.top == index && c.depth > 0);
        let unfold = if has_nested {
            format!(
                " <button class=\"unfold\" data-top=\"{index}\" title=\"show the groups in it\">+</button>"
            )
        } else {
            String::new()
        };
        let max = column
            .max_score
            .filter(|_| table.scoring)
            .map(|m| format!(" <small>/{}</small>", points(m)))
            .unwrap_or_default();
        let _ = write!(
            out,
            "<th{} data-top=\"{}\" title=\"{}\">{}{max}{unfold}</th>",
            if column.depth > 0 {
                " class=\"nested\" hidden"
            } else {
                ""
            },
            column.top,
            escape(&column.path),
            escape(&column.label),
        );
    }
    out.push_str("</tr></thead><tbody>\n");
    let span = table.columns.len() + 3;
    for (rank, row) in table.ranked().into_iter().enumerate() {
        let total = match &row.note {
            Some(note) => format!(
                "<td class=\"total\" title=\"{}\">not graded</td>",
                escape(note)
            ),
            None => format!(
                "<td class=\"total\">{}</td>",
                escape(&cell_text(row.total, row.total_near_limit))
            ),
        };
        let _ = write!(
            out,
            "<tr class=\"submission-groups\"><td class=\"num\">{}</td><td>{}</td>{total}",
            rank + 1,
            escape(&row.submission)
        );
        let mut details = String::new();
        for (index, (column, cell)) in table.columns.iter().zip(&row.cells).enumerate() {
            let id = format!("{rank}-{index}");
            let style = background(cell)
                .map(|b| format!(" style=\"background:{b}\""))
                .unwrap_or_default();
            let time = cell
                .slowest
                .as_ref()
                .map(|s| {
                    format!(
                        "<small title=\"{} of the limit {} ms\">{} ms</small>",
                        escape(&s.test),
                        s.limit_ms,
                        s.cpu_ms
                    )
                })
                .unwrap_or_default();
            let _ = write!(
                out,
                "<td class=\"gcell{}\" data-cell=\"{id}\" data-top=\"{}\"{}{style} tabindex=\"0\">{}<br>{time}</td>",
                if cell.near_limit { " near" } else { "" },
                column.top,
                if column.depth > 0 { " hidden" } else { "" },
                escape(&cell_text(cell.result, cell.near_limit)),
            );
            let _ = write!(
                details,
                "<tr class=\"group-tests\" data-for=\"{id}\" hidden><td colspan=\"{span}\">\
                 <b>{}</b> · {}: {}<table class=\"tests\"><thead><tr><th>test</th><th>verdict</th>\
                 <th>score</th><th>CPU ms</th><th>wall ms</th></tr></thead><tbody>",
                escape(&row.submission),
                escape(&column.path),
                escape(&cell_text(cell.result, cell.near_limit)),
            );
            for test in &cell.tests {
                let _ = match test.result {
                    Some(result) => write!(
                        details,
                        "<tr class=\"group-test{}\"><td>{}</td><td><span class=\"verdict v-{}\">{}</span></td>\
                         <td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td></tr>",
                        if test.near_limit { " near" } else { "" },
                        escape(&test.path),
                        result.verdict.problemtools_code(),
                        result.verdict.problemtools_code(),
                        result.score.map(points).unwrap_or_default(),
                        test.cpu_ms,
                        test.wall_ms
                    ),
                    None => write!(
                        details,
                        "<tr class=\"group-test not-run\"><td>{}</td><td colspan=\"4\">not run</td></tr>",
                        escape(&test.path)
                    ),
                };
            }
            details.push_str("</tbody></table></td></tr>\n");
        }
        out.push_str("</tr>\n");
        out.push_str(&details);
    }
    out.push_str("</tbody></table>\n</section>\n");
    out
}
