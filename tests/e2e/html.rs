//! The HTML report in a real browser (Debian's `chromium`, headless): reports made by the real
//! `judge` on the real `solutions/` (a batch run with failures, 16 games, a comparison) are
//! opened, their DOM is read back after the page's script has run (`--dump-dom`), and
//! screenshots are taken. The replayer is driven through the page's own links
//! (`#sub=N&run=R&step=S`, `&move=M`, `&keys=...`, which press keys on the page) and each board
//! it shows is checked against `boj28489::replay` of the game's transcript.
//!
//! These tests are `#[ignore = "needs chromium"]`: `cargo test` lists them as ignored; CI installs
//! chromium and runs them with `--include-ignored`; run without chromium, they fail.
//! The tests take turns (one browser at a time), so that the load time is the page's own.
//! Screenshots go to `target/tmp/html-screenshots/`, or to the folder `JUDGE_SCREENSHOTS` names
//! (`JUDGE_SCREENSHOTS=docs` refreshes the guide's, docs/guide/reports.md).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

use judge::grade::outcome::{Detail, GameDetail, Outcome, RunDetail, RunSummary};
use judge::grade::{AppliedLimits, RunIdentity};
use judge::interact::TranscriptLine;
use judge::plan::{PlanIdentity, PlanUnit};
use judge::problems::boj28489::{self, Boj28489};
use judge::problems::game2048::{Direction, Grid};
use judge::problems::{InteractiveProblem, Step};
use judge::report::html::HtmlReporter;
use judge::report::{Event, Reporter};
use judge::rng::TestRng;
use judge::stats;
use judge::verdict::Verdict;

/// The chromium binary; the test fails when there is none.
fn chromium() -> PathBuf {
    ["chromium", "chromium-browser"]
        .iter()
        .filter_map(|name| {
            std::env::var_os("PATH").and_then(|paths| {
                std::env::split_paths(&paths)
                    .map(|dir| dir.join(name))
                    .find(|path| path.is_file())
            })
        })
        .next()
        .expect("this test needs chromium (apt-get install -y chromium); it is ignored by default")
}

/// Runs headless chromium on `url` with `extra` arguments; returns what it printed.
fn run_chromium(extra: &[String], url: &str) -> String {
    let profile = tempfile::tempdir().unwrap();
    let mut child = Command::new(chromium())
        .args([
            "--no-sandbox",
            "--headless",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(extra)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut text).unwrap();
        text
    });
    match child.wait_timeout(Duration::from_secs(90)).unwrap() {
        Some(status) => assert!(status.success(), "chromium failed on {url}: {status}"),
        None => {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("chromium did not finish with {url} in 90 s");
        }
    }
    reader.join().unwrap()
}

fn file_url(path: &Path, hash: &str) -> String {
    format!("file://{}{hash}", path.display())
}

/// The page's DOM once its script has run.
fn dom(page: &Path, hash: &str) -> String {
    let dom = run_chromium(&["--dump-dom".into()], &file_url(page, hash));
    assert!(
        dom.contains("data-ready-ms"),
        "the page's script did not finish:\n{}",
        &dom[..dom.len().min(2000)]
    );
    dom
}

/// Takes a screenshot of the page 1100 pixels wide; those `for_readme` go to `JUDGE_SCREENSHOTS`
/// when it is set.
fn screenshot(page: &Path, hash: &str, name: &str, height: u32, for_readme: bool) -> PathBuf {
    let dir = std::env::var_os("JUDGE_SCREENSHOTS")
        .filter(|_| for_readme)
        .map(|d| common::repo().join(d))
        .unwrap_or_else(|| Path::new(env!("CARGO_TARGET_TMPDIR")).join("html-screenshots"));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    run_chromium(
        &[
            format!("--screenshot={}", path.display()),
            format!("--window-size=1100,{height}"),
        ],
        &file_url(page, hash),
    );
    let png = std::fs::read(&path).unwrap();
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "{} is no screenshot",
        path.display()
    );
    path
}

/// The value of attribute `name` in the first tag whose text contains `marker`.
fn attribute(dom: &str, marker: &str, name: &str) -> Option<String> {
    let at = dom.find(marker)?;
    let start = dom[..at].rfind('<')?;
    let end = at + dom[at..].find('>')?;
    let tag = &dom[start..end];
    let key = format!(" {name}=\"");
    let from = tag.find(&key)? + key.len();
    let to = from + tag[from..].find('"')?;
    Some(tag[from..to].replace("&amp;", "&"))
}

/// Runs `judge ARGS` and checks the exit code.
fn judge(args: &[&str], code: i32) {
    let output = common::judge(args);
    assert_eq!(
        output.status.code(),
        Some(code),
        "judge {args:?}:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
#[ignore = "needs chromium"]
fn a_batch_report_shows_the_tests_the_charts_and_the_first_difference() {
    let _serial = serial();
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("batch.html");
    let json = dir.path().join("batch.json");
    let solution = "solutions/boj12100/wrong_answer/double_merge.cpp";
    judge(
        &[
            "test",
            solution,
            "--all",
            "--html",
            page.to_str().unwrap(),
            "--json",
            json.to_str().unwrap(),
        ],
        1,
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let tests = report["tests"].as_array().unwrap();
    let failing: Vec<usize> = (0..tests.len())
        .filter(|&i| tests[i]["verdict"] != "AC")
        .collect();
    assert!(failing.len() >= 2, "double_merge fails more than one test");

    let dom = dom(&page, "");
    assert_eq!(dom.matches("<tr class=\"run").count(), tests.len());
    assert!(
        dom.contains("class=\"chart strips\""),
        "the resource chart is there"
    );
    // Each limit is drawn as a line, or, for runs far below it, said above a strip drawn to
    // the runs' own scale (these tests take a few ms of a 1000 ms limit: not a flat line).
    let scaled = dom.matches("scaled to the runs; limit").count();
    assert_eq!(
        dom.matches("class=\"limit\"").count() + scaled,
        3,
        "CPU, wall and memory limits drawn or said"
    );
    assert!(scaled >= 1, "the CPU strip is scaled to the runs");
    assert!(
        dom.contains("data-verdict=\"WA\">WA"),
        "a filter button for WA"
    );
    // The first failing test is open, with its first difference marked on both sides.
    let first = tests[failing[0]]["name"].as_str().unwrap();
    assert_eq!(
        attribute(&dom, "class=\"detail\"", "data-run"),
        Some(failing[0].to_string())
    );
    assert!(dom.contains(&format!("test {first}: WA")));
    assert_eq!(
        dom.matches("<mark>").count(),
        2,
        "expected and received marked"
    );
    assert!(dom.contains("print the input again"));

    // The filter by verdict, pressed through the page's link: only the failing tests remain.
    let filtered = self::dom(&page, "#filter=WA");
    assert_eq!(
        filtered.matches("<tr class=\"run hidden\"").count(),
        tests.len() - failing.len()
    );
    assert!(filtered.contains("class=\"v-WA on\" data-verdict=\"WA\""));

    // Any other test opens by its link, as a click on its row does.
    let second = failing[1];
    let dom = self::dom(&page, &format!("#sub=0&run={second}"));
    let name = tests[second]["name"].as_str().unwrap();
    assert!(dom.contains(&format!("test {name}: WA")));
    assert!(dom.contains("class=\"run chosen\""));
    screenshot(&page, "", "html-report-tests.png", 1250, true);
}

/// The board of each replayed step, from the Rust replay of the transcript.
fn rust_boards(transcript: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(transcript).unwrap();
    let replayed = boj28489::replay(&boj28489::parse_transcript(&text).unwrap()).unwrap();
    replayed
        .steps
        .iter()
        .map(|step| {
            step.grid
                .cells
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect()
}

/// The replayer's step and board after following `hash`.
fn replayer_board(page: &Path, hash: &str) -> (usize, String) {
    let dom = dom(page, hash);
    let step = attribute(&dom, "class=\"board\"", "data-step").expect("the board has a step");
    let cells = attribute(&dom, "class=\"board\"", "data-cells").unwrap();
    (step.parse().unwrap(), cells)
}

#[test]
#[ignore = "needs chromium"]
fn sixteen_games_replay_as_their_transcripts_say() {
    let _serial = serial();
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("games.html");
    let transcripts = dir.path().join("games");
    judge(
        &[
            "test",
            "solutions/boj28489/wrong_answer/fixed_order.py",
            "--games",
            "16",
            "--html",
            page.to_str().unwrap(),
            "--transcripts",
            transcripts.to_str().unwrap(),
        ],
        1,
    );
    let dom = dom(&page, "");
    assert_eq!(dom.matches("<tr class=\"run").count(), 16);
    for chart in ["sub-0-scores", "sub-0-milestones", "sub-0-resources"] {
        assert!(dom.contains(&format!("id=\"{chart}\"")), "chart {chart}");
    }
    // With no failed game the replayer opens on the game with the lowest score.
    assert!(
        dom.contains("class=\"replayer\" data-run="),
        "the replayer is open"
    );

    let game = 3;
    let boards = rust_boards(&transcripts.join(format!("game-{game:02}.txt")));
    let last = boards.len() - 1;
    for step in [0, 1, 57, last] {
        let (shown, cells) = replayer_board(&page, &format!("#sub=0&run={game}&step={step}"));
        assert_eq!(
            (shown, &cells),
            (step, &boards[step]),
            "game {game} step {step}"
        );
    }
    // Keys pressed on the page: three steps forward, one back, from step 10.
    let (shown, cells) = replayer_board(
        &page,
        &format!("#sub=0&run={game}&step=10&keys=ArrowRight,ArrowRight,ArrowRight,ArrowLeft"),
    );
    assert_eq!((shown, &cells), (12, &boards[12]));
    let (shown, _) = replayer_board(&page, &format!("#sub=0&run={game}&keys=End"));
    assert_eq!(shown, last);
    // Move 20 is the board after the 20th move that changed it.
    let text = std::fs::read_to_string(transcripts.join(format!("game-{game:02}.txt"))).unwrap();
    let replayed = boj28489::replay(&boj28489::parse_transcript(&text).unwrap()).unwrap();
    let twentieth = replayed
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.caption.contains("appears"))
        .nth(19)
        .unwrap()
        .0;
    let (shown, cells) = replayer_board(&page, &format!("#sub=0&run={game}&move=20"));
    assert_eq!((shown, &cells), (twentieth, &boards[twentieth]));
    // Without sub=, the page's first (and here only) submission.
    let (shown, cells) = replayer_board(&page, &format!("#run={game}&move=20"));
    assert_eq!((shown, &cells), (twentieth, &boards[twentieth]));
    let (shown, _) = replayer_board(&page, &format!("#run={game}&move=9000"));
    assert_eq!(shown, last, "a move past the end shows the last board");
    // The scores line has the interval the terminal prints.
    assert!(
        dom.contains("(95% confidence) (needed"),
        "the scores line has the interval"
    );
    let dom = self::dom(&page, &format!("#sub=0&run={game}&step=57"));
    assert!(
        dom.contains(&replayed.steps[57].caption),
        "the caption is the replay's"
    );
    screenshot(
        &page,
        &format!("#sub=0&run={game}&step=57"),
        "html-report-games.png",
        1700,
        true,
    );
}

#[test]
#[ignore = "needs chromium"]
fn a_comparison_shows_the_paired_differences_and_both_players_games() {
    let _serial = serial();
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("compare.html");
    judge(
        &[
            "compare",
            "solutions/boj28489/wrong_answer/fixed_order.py",
            "solutions/boj28489/wrong_answer/cell_off_by_one.py",
            "--problem",
            "boj28489",
            "--games",
            "16",
            "--html",
            page.to_str().unwrap(),
        ],
        0,
    );
    let dom = dom(&page, "#sub=1&run=2&keys=End");
    assert!(dom.contains("id=\"comparison-differences\""));
    assert_eq!(
        dom.matches("data-game=").count(),
        16,
        "a bar per paired game"
    );
    assert!(dom.contains("id=\"sub-0\"") && dom.contains("id=\"sub-1\""));
    // The second player's game 2 at its end: its largest tile is the score in the table.
    let second = dom.split("id=\"sub-1\"").nth(1).unwrap();
    let cells = attribute(second, "class=\"board\"", "data-cells").unwrap();
    let largest = cells
        .split(',')
        .map(|c| c.parse::<u64>().unwrap())
        .max()
        .unwrap();
    let row = second.split("data-run=\"2\"").nth(1).unwrap();
    let score: u64 = row
        .split("<td class=\"num\">")
        .nth(2)
        .unwrap()
        .split('<')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(largest, score);
    screenshot(&page, "", "html-report-compare.png", 1200, false);
}

/// A game of 28489 played by a greedy policy (the move that leaves the most empty cells), as
/// the grader would record it.
fn synthetic_game(seed: u64, index: u64) -> Outcome {
    let mut session = Boj28489.new_game(TestRng::for_game(seed, index));
    let mut grid = Grid::new(4);
    let mut transcript = Vec::new();
    let mut sent = session.opening();
    loop {
        let cell: usize = sent.parse().unwrap();
        grid.set((cell - 1) / 4, (cell - 1) % 4, 2);
        let direction = [
            Direction::Down,
            Direction::Left,
            Direction::Right,
            Direction::Up,
        ]
        .into_iter()
        .max_by_key(|&d| {
            let mut next = grid.clone();
            let changed = next.apply(d);
            (changed, next.empty_cells().len())
        })
        .unwrap();
        transcript.push(TranscriptLine {
            sent: sent.clone(),
            reply: Some(direction.as_word().into()),
        });
        grid.apply(direction);
        match session.reply(direction.as_word()).unwrap() {
            Step::Continue(line) => sent = line,
            Step::Over(_) => break,
        }
    }
    Outcome {
        cpu_ms: 40 + index % 7,
        wall_ms: 60 + index % 11,
        wait_ms: 0,
        disturbed: false,
        peak_kib: 8192,
        verdict: Verdict::Accepted,
        verdict_detail: "AC".into(),
        message: None,
        stderr_head: String::new(),
        facts: None,
        detail: Detail::Game(GameDetail {
            seed,
            game: index,
            score: session.score(),
            moves: session.moves(),
            interaction_us: 30_000,
            transcript,
            final_line: Some("-1".into()),
        }),
    }
}

/// The page of 1000 games loads (parsed, script run, first replay open) within a second. The
/// figure is printed: `cargo test --release --test html -- --include-ignored --nocapture
/// a_report_of_1000_games`.
#[test]
#[ignore = "needs chromium"]
fn a_report_of_1000_games_loads_within_a_second() {
    let _serial = serial();
    let games: Vec<Outcome> = (0..1000).map(|k| synthetic_game(20261121, k)).collect();
    let scores: Vec<u64> = games
        .iter()
        .filter_map(|g| g.game())
        .map(|g| g.score)
        .collect();
    let stats = stats::score_stats(&scores, Boj28489.milestones());
    let summary = RunSummary {
        problem: "boj28489".into(),
        solution: "greedy.py".into(),
        language: "Python 3".into(),
        verdict: Verdict::WrongAnswer,
        seed: 20261121,
        limits: AppliedLimits {
            cpu_ms: 15000,
            wall_ms: 31000,
            memory_kib: 2080 * 1024,
            output_kib: 64 * 1024,
        },
        protections: vec!["process-group".into()],
        compile_message: None,
        tally: None,
        detail: RunDetail::Games {
            reason: Some(format!("mean score {:.1} is below 2048", stats.mean)),
            accept_mean_score: 2048.0,
            score_mean: stats.mean,
            stats,
        },
        run: RunIdentity::new(
            PlanIdentity {
                unit: PlanUnit::Games,
                units: 1000,
                stops_at_first_failure: false,
                digest: "synthetic".into(),
            },
            None,
        ),
        outcomes: games,
    };
    let moves: u64 = summary
        .outcomes
        .iter()
        .filter_map(|g| g.game())
        .map(|g| g.moves)
        .sum();
    let mut reporter = HtmlReporter::new(Vec::new());
    reporter.report(&Event::Finished(&summary)).unwrap();
    reporter.finish().unwrap();
    // Kept in target/tmp/ to be looked at.
    let page = Path::new(env!("CARGO_TARGET_TMPDIR")).join("games-1000.html");
    std::fs::write(&page, reporter.into_inner()).unwrap();
    let bytes = std::fs::metadata(&page).unwrap().len();

    // The best of three loads after a first one (the browser's own start is not the page's;
    // a machine shared with other work slows some loads down).
    dom(&page, "");
    let mut loads = Vec::new();
    for _ in 0..3 {
        let started = Instant::now();
        let dom = dom(&page, "");
        assert_eq!(dom.matches("<tr class=\"run").count(), 1000);
        let ready_ms: f64 = attribute(&dom, "data-ready-ms", "data-ready-ms")
            .unwrap()
            .parse()
            .unwrap();
        loads.push((ready_ms, started.elapsed().as_secs_f64()));
    }
    let best = loads.iter().map(|l| l.0).fold(f64::INFINITY, f64::min);
    println!(
        "1000 games ({moves} moves, {:.2} MiB page): ready (table, charts, first replay open) \
         {best:.0} ms after navigation at best; each load (ms after navigation, s of chromium's \
         whole run): {loads:?}",
        bytes as f64 / 1048576.0
    );
    assert!(best < 1000.0, "the page took {best} ms to be ready");
}

/// The group table of `tests/kattis/grouptable` (groups of 20, 30 and 50 points, the last
/// with two nested groups) for two submissions whose tests' facts are written here: one
/// accepted, one with a TLE in group 2 (finished in 1500 ms of 1000; the group's last test not
/// run) and a wrong answer in group 3's large tests.
fn group_table() -> judge::report::groups::GroupTable {
    use judge::report::groups::{self, SubmissionFacts, TestFacts};
    use judge::scoring::aggregate::{self, Results, TestRun};
    use judge::scoring::kattis::{self, PackageFacts};
    use judge::scoring::{Group, Scored, TestCase, Verdict as V};
    use std::collections::BTreeMap;

    struct Given<'a>(&'a BTreeMap<String, TestFacts>);
    impl Results for Given<'_> {
        fn test(&mut self, test: &TestCase) -> Option<TestRun> {
            self.0.get(&test.path).map(|f| f.run)
        }
        fn custom_grader(&mut self, _: &Group, _: &str, _: &[String]) -> Scored {
            unreachable!("no custom grader")
        }
    }
    let dir = common::repo().join("tests/kattis/grouptable");
    let yaml = dir.join("problem.yaml");
    let facts =
        PackageFacts::from_problem_yaml(&yaml, &std::fs::read_to_string(&yaml).unwrap()).unwrap();
    let tree = kattis::read(&judge::files::Folder::new(&dir).unwrap(), &facts).unwrap();
    // `skipped`: tests that did not run (their group was decided before them).
    let submission = |name: &str, failing: &[(&str, V, u64)], skipped: &[&str]| {
        let tests: BTreeMap<String, TestFacts> = tree
            .root
            .tests()
            .iter()
            .filter(|test| !skipped.contains(&test.path.as_str()))
            .map(|test| {
                let (verdict, cpu_ms) = failing
                    .iter()
                    .find(|(path, _, _)| *path == test.path)
                    .map_or((V::Accepted, 20), |&(_, v, ms)| (v, ms));
                let facts = TestFacts {
                    run: TestRun {
                        verdict,
                        validator_score: None,
                    },
                    cpu_ms,
                    wall_ms: cpu_ms + 5,
                    stopped: false,
                };
                (test.path.clone(), facts)
            })
            .collect();
        let graded = aggregate::grade(&tree, &mut Given(&tests)).unwrap();
        SubmissionFacts {
            name: name.into(),
            language: "C++17 (g++)".into(),
            time_limit_ms: 1000,
            graded: Ok(graded),
            tests,
        }
    };
    let submissions = [
        submission("accepted/fast.cpp", &[], &[]),
        submission(
            "partially_accepted/slow.cpp",
            &[
                ("secret/group2/2", V::TimeLimitExceeded, 1500),
                ("secret/group3/large/2", V::WrongAnswer, 30),
            ],
            &["secret/group2/3"],
        ),
    ];
    groups::build("grouptable", &tree, 2.0, &submissions)
}

#[test]
#[ignore = "needs chromium"]
fn the_group_table_opens_a_cells_tests_and_unfolds_nested_groups() {
    let _serial = serial();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("groups.html");
    let table = group_table();
    let mut page = judge::report::html::HtmlPage::new("judge grade: grouptable");
    page.set_groups(&table);
    std::fs::write(&path, page.render()).unwrap();

    // As it opens: every cell's tests hidden, the nested groups folded.
    let dom = dom(&path, "");
    assert_eq!(
        dom.matches("<tr class=\"group-tests\" data-for=").count(),
        12
    );
    assert_eq!(
        dom.matches("<tr class=\"group-tests\" data-for=\"").count(),
        12
    );
    assert_eq!(
        dom.matches("hidden=\"\"><td colspan").count(),
        12,
        "every cell's tests hidden"
    );

    // The link a click on the second submission's group 2 cell makes: its tests shown, the
    // TLE near the limit among them, the test not run said; no other cell's tests.
    let dom = self::dom(&path, "#group=1-2");
    let open = dom
        .split("<tr class=\"group-tests\" data-for=\"1-2\"")
        .nth(1)
        .expect("the cell's tests row");
    let open = &open[..open.find("</table>").unwrap()];
    assert!(!open.starts_with(" hidden"), "{open}");
    assert!(open.contains("secret/group2/2"), "{open}");
    assert!(open.contains("<tr class=\"group-test near\">"), "{open}");
    assert!(open.contains("not run"), "{open}");
    assert_eq!(
        dom.matches("hidden=\"\"><td colspan").count(),
        11,
        "only one cell's tests shown"
    );
    assert!(dom.contains("class=\"gcell near chosen\" data-cell=\"1-2\""));

    // Group 3's nested groups unfold by the button's link.
    let dom = self::dom(&path, "#unfold=3");
    let nested = dom.matches("<th class=\"nested\" data-top=\"3\"").count();
    assert_eq!(nested, 2, "both nested columns shown");
    screenshot(
        &path,
        "#unfold=3&group=1-4",
        "html-group-table.png",
        700,
        false,
    );
}

/// The lock that serializes the tests of this file that must not overlap.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    crate::common::hold(&LOCK)
}
