//! A Polygon testset's groups as the engine's tree of groups ([`GroupTree`], the one the
//! engine folds a Kattis package's or a folder problem's groups through): a `complete-group`
//! scores its points when every test of it passes, an `each-test` group the points of each
//! test that passes; a group with `dependencies` scores nothing unless every test of the
//! groups it depends on passes (each such group is copied under it, pass-fail, worth
//! nothing itself). The problem's score is the sum of its groups'. A group's points are its
//! `points`, else the sum of its tests'. (problem_xml has checked that every test has a known
//! group and that the dependencies have no cycle.)

use std::collections::BTreeMap;

use judge_core::scoring::{
    Aggregation, Child, Format, GraderFlags, Group as TreeGroup, GroupTree, OnReject, Rule,
    ScoreRange, ScoreRule, Settings, SpecAggregation, SpecScoring, TestCase, VerdictRule,
};

use super::problem_xml::{Group, PointsPolicy, Testset};

/// The tree of the testset's groups, its tests named by `names` (in the testset's order);
/// `None` when the testset has no groups.
pub fn tree(testset: &Testset, names: &[String]) -> Option<GroupTree> {
    if testset.groups.is_empty() {
        return None;
    }
    let children: Vec<Child> = testset
        .groups
        .iter()
        .map(|group| Child::Group(group_node(testset, names, group)))
        .collect();
    let total: f64 = testset.groups.iter().map(|g| points(testset, g)).sum();
    Some(GroupTree {
        format: Format::Folder,
        scoring: true,
        score_required: false,
        root: TreeGroup {
            path: String::new(),
            settings: settings(
                Rule::Default(GraderFlags {
                    verdict: VerdictRule::FirstError,
                    score: ScoreRule::Sum,
                    accept_if_any_accepted: false,
                    ignore_sample: false,
                }),
                total,
            ),
            origins: BTreeMap::new(),
            children,
        },
    })
}

/// The group's points: its own, else the sum of its tests'.
fn points(testset: &Testset, group: &Group) -> f64 {
    group
        .points
        .unwrap_or_else(|| members(testset, group).filter_map(|(_, p)| p).sum())
}

/// The group's tests: their positions in the testset and their points.
fn members<'a>(
    testset: &'a Testset,
    group: &'a Group,
) -> impl Iterator<Item = (usize, Option<f64>)> + 'a {
    testset
        .tests
        .iter()
        .enumerate()
        .filter(move |(_, t)| t.group.as_deref() == Some(group.name.as_str()))
        .map(|(i, t)| (i, t.points))
}

fn settings(rule: Rule, max: f64) -> Settings {
    Settings {
        rule,
        on_reject: OnReject::Continue,
        accept_score: 1.0,
        reject_score: 0.0,
        range: ScoreRange { min: 0.0, max },
        input_validator_flags: Vec::new(),
        input_validator_args_by_name: None,
        output_validator_flags: Vec::new(),
    }
}

fn node(path: String, rule: Rule, max: f64, children: Vec<Child>) -> TreeGroup {
    TreeGroup {
        path,
        settings: settings(rule, max),
        origins: BTreeMap::new(),
        children,
    }
}

/// The group's tests, each worth its points (`with_points`) or no score of its own.
fn tests(testset: &Testset, names: &[String], group: &Group, with_points: bool) -> Vec<Child> {
    members(testset, group)
        .filter_map(|(i, p)| {
            Some(Child::Test(TestCase::of_data(
                names.get(i)?.clone(),
                with_points.then(|| p.unwrap_or(0.0)),
            )))
        })
        .collect()
}

/// One group of the testset, with copies of the groups it depends on.
fn group_node(testset: &Testset, names: &[String], group: &Group) -> TreeGroup {
    let points = points(testset, group);
    let dependencies: Vec<Child> = group
        .dependencies
        .iter()
        .filter_map(|name| testset.groups.iter().find(|g| &g.name == name))
        .map(|dependency| {
            // Must pass whole; worth nothing here.
            Child::Group(node(
                format!("{}/{}", group.name, dependency.name),
                Rule::Spec(SpecScoring {
                    aggregation: SpecAggregation::PassFail,
                    max_score: Some(0.0),
                    require_pass: Vec::new(),
                }),
                0.0,
                tests(testset, names, dependency, false),
            ))
        })
        .collect();
    match group.policy {
        // Every test of it and of its dependencies passes, or nothing: the least fraction.
        PointsPolicy::CompleteGroup => {
            let mut children: Vec<Child> = tests(testset, names, group, false)
                .into_iter()
                .map(|child| match child {
                    Child::Test(test) => Child::Test(TestCase {
                        max_score: Some(1.0),
                        ..test
                    }),
                    other => other,
                })
                .collect();
            children.extend(dependencies);
            node(
                group.name.clone(),
                Rule::Points {
                    points,
                    aggregation: Aggregation::Min,
                },
                points,
                children,
            )
        }
        PointsPolicy::EachTest => {
            let own_max: f64 = members(testset, group).filter_map(|(_, p)| p).sum();
            let each = |path: String| {
                node(
                    path,
                    Rule::Spec(SpecScoring {
                        aggregation: SpecAggregation::Sum,
                        max_score: Some(own_max),
                        require_pass: Vec::new(),
                    }),
                    own_max,
                    tests(testset, names, group, true),
                )
            };
            if dependencies.is_empty() {
                return each(group.name.clone());
            }
            // Its tests' points, times whether every dependency passed.
            let mut children = vec![Child::Group(each(format!("{}/tests", group.name)))];
            children.extend(dependencies);
            node(
                group.name.clone(),
                Rule::Points {
                    points: own_max,
                    aggregation: Aggregation::Min,
                },
                own_max,
                children,
            )
        }
    }
}
