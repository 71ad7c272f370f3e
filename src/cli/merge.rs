//! `judge merge`: the JSON parts of a run split with `--shard` back into the report of one
//! run, shown as that run would show it (the table, the scoreboard or the verify matrix), and
//! written as JSON, JUnit, CSV or HTML when asked.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use judge::grade::merge::{self, Report};
use judge::report::csv::CsvReporter;
use judge::report::scoreboard::ScoreboardReporter;
use judge::report::style;
use judge::report::table::{TableReporter, GAMES_HEADER, TESTS_HEADER};
use judge::report::verify::VerifyReporter;
use judge::report::{groups, Event, Reporter, Reporters};

use super::grading::ReportFiles;
use super::{exit, finish, report_file, stderr, stdout, verdict_code};

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The JSON reports (--json) of every shard of one run.
    #[arg(required = true, value_name = "PART.json")]
    pub parts: Vec<PathBuf>,
    // The merged report's files (the HTML page is made from the parts' JSON: tables, charts
    // and statistics; no inputs, outputs or transcripts).
    #[command(flatten)]
    pub reports: ReportFiles,
    /// `grade` parts: write the merged scoreboard as CSV here.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
}

pub fn run(args: &MergeArgs) -> Result<u8> {
    let parts = args
        .parts
        .iter()
        .map(|path| merge::read_part(path))
        .collect::<Result<Vec<_>, _>>()?;
    let count = parts.len();
    let merged = merge::merge(parts)?;
    let mut reporters = Reporters::new();
    args.reports.add_to(&mut reporters)?;
    if let Some(path) = &args.csv {
        reporters.add(CsvReporter::new(report_file(path)?).with_groups(groups::from_scoreboard()));
    }
    let mut out = stdout();
    let code = match &merged {
        Report::Run(summary) => {
            let (units, header) = if summary.is_games() {
                ("games", GAMES_HEADER)
            } else {
                ("tests", TESTS_HEADER)
            };
            writeln!(
                out,
                "{} {count} parts: {} on {}, {} {units}, seed {}\n{}",
                style::bold("judge merge"),
                summary.solution,
                summary.problem,
                summary.run.plan.units,
                summary.seed,
                style::bold(header)
            )?;
            reporters.add(TableReporter::new(out));
            for unit in &summary.outcomes {
                reporters.report(&Event::unit_finished(unit))?;
            }
            reporters.report(&Event::Finished(summary))?;
            verdict_code(summary.verdict.is_accepted())
        }
        Report::Grade(scoreboard) => {
            writeln!(out, "{} {count} parts", style::bold("judge merge"))?;
            reporters
                .add(ScoreboardReporter::new(out, stderr()).with_groups(groups::from_scoreboard()));
            reporters.report(&Event::GradeFinished(scoreboard))?;
            verdict_code(scoreboard.all_accepted())
        }
        Report::Verify(summary) => {
            writeln!(out, "{} {count} parts", style::bold("judge merge"))?;
            reporters.add(VerifyReporter::new(out));
            for row in &summary.rows {
                reporters.report(&Event::Verified(row))?;
            }
            reporters.report(&Event::VerifyFinished(summary))?;
            exit::verified(summary.not_graded, 0, summary.mismatches)
        }
    };
    finish(&mut reporters)?;
    Ok(code)
}
