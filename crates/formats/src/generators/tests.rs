use super::*;

fn plan(yaml: &str) -> Plan {
    parse(yaml, Path::new("generators.yaml"), &PackageFacts::default()).unwrap()
}

fn error(yaml: &str) -> String {
    parse(yaml, Path::new("generators.yaml"), &PackageFacts::default())
        .unwrap_err()
        .to_string()
}

fn paths(plan: &Plan) -> Vec<&str> {
    plan.tests.iter().map(|t| t.path.as_str()).collect()
}

#[test]
fn numbered_lists_share_one_counter_across_the_file_and_counts_add_suffixes() {
    let plan = plan(
        "solution: /submissions/accepted/a.py
data:
  sample:
    data:
      - '': gen.py 1
      - b: gen.py 2
  secret:
    data:
      - c:
          generate: gen.py {seed} {count}
          count: 3
      - group:
          data:
            - d: gen.py 4
      - e:
          generate: gen.py x
          count: [7, -3]
",
    );
    // 1 + 1 + 3 + 1 + 2 = 8 numbered tests: one digit.
    assert_eq!(
        paths(&plan),
        [
            "sample/1",
            "sample/2-b",
            "secret/3-c-1",
            "secret/4-c-2",
            "secret/5-c-3",
            "secret/1-group/6-d",
            "secret/7-e-7",
            "secret/8-e--3",
        ]
    );
    assert_eq!(
        plan.tests[0].solution,
        Solution::Named("submissions/accepted/a.py".into())
    );
    let counted = plan.tests[2].generate.as_ref().unwrap();
    assert_eq!(counted.args, ["{seed}", "1"]);
    assert!(counted.uses_seed);
    // {count} in the command: each test its own rule; a counted command without
    // {seed}/{count} is one rule made once and linked.
    assert_eq!(plan.tests[3].same_as, None);
    assert_eq!(plan.tests[7].same_as, Some(6));
}

#[test]
fn seeds_follow_the_salt_count_and_command() {
    let plan = plan(
        "data:
  secret:
    random_salt: bob
    data:
      a: stdout.py {seed:42}
      b:
        generate: stdout.py {seed} {count}
        count: 3
",
    );
    let a = plan.tests[0].generate.as_ref().unwrap();
    assert_eq!(a.seed, command::seed_of("bob", 1, "stdout.py {seed:42}"));
    assert_eq!(a.args_for(0), [a.seed.to_string()]);
    assert_eq!(a.args_for(1), [(a.seed + 1).to_string()]);
    let b3 = plan.tests[3].generate.as_ref().unwrap();
    assert_eq!(b3.seed, command::seed_of("bob", 3, "stdout.py {seed} 3"));
}

#[test]
fn unnumbered_tests_are_read_in_name_order_and_root_folders_in_bapctools_order() {
    let plan = plan(
        "data:
  secret:
    data:
      zz: g 1
      aa: g 2
  sample:
    data:
      s: {in: '1 2'}
",
    );
    assert_eq!(paths(&plan), ["sample/s", "secret/aa", "secret/zz"]);
    assert_eq!(
        plan.tests[0].inline,
        [(".in".to_string(), "1 2\n".to_string())]
    );
    assert_eq!(plan.tests[0].solution, Solution::Default);
    assert!(plan.wants_default_solution());
}

#[test]
fn includes_link_earlier_tests_and_folders() {
    let plan = plan(
        "solution:
data:
  sample:
    data:
      one: {in: '1'}
  secret:
    include: [sample]
    data:
      two: {in: '2'}
  invalid_input:
    include: [two]
",
    );
    assert_eq!(plan.includes.len(), 2);
    assert_eq!(plan.includes[0].path, "secret/one");
    assert_eq!(plan.includes[0].test, 0);
    assert_eq!(plan.includes[1].path, "invalid_input/two");
    assert_eq!(plan.tests[0].solution, Solution::Nothing);
}

#[test]
fn test_group_yaml_is_written_or_removed() {
    let plan = plan(
        "data:
  secret:
    test_group.yaml:
      output_validator_args: [float_tolerance, \"1e-2\"]
    data:
      a: {in: '1'}
  sample:
    test_group.yaml:
    data: {}
",
    );
    let secret = plan.folders.iter().find(|f| f.path == "secret").unwrap();
    assert_eq!(
        secret.test_group_yaml,
        GroupYaml::Written("output_validator_args: [float_tolerance, \"1e-2\"]\n".into())
    );
    let sample = plan.folders.iter().find(|f| f.path == "sample").unwrap();
    assert_eq!(sample.test_group_yaml, GroupYaml::Removed);
}

#[test]
fn bad_yaml_is_an_error_naming_the_key() {
    let cases = [
        (
            "data: {secret: {data: {a: {generate: g, colour: red}}}}",
            "data.secret.data.a: unknown key `colour`",
        ),
        (
            "data: {secret: {data: {a: {generate: g, count: 1000000000}}}}",
            "data.secret.data.a.count: count 1000000000 is not between 1 and 100",
        ),
        (
            "data: {secret: {data: {a: {generate: g, count: 0..=1000000000}}}}",
            "data.secret.data.a.count: count range",
        ),
        (
            "data: {secret: {data: {a: {copy: ../../etc/passwd}}}}",
            "data.secret.data.a.copy: `../../etc/passwd` goes up a folder",
        ),
        (
            "data: {secret: {data: {a: {copy: /etc/passwd}}}}",
            "data.secret.data.a.copy: `/etc/passwd` is absolute",
        ),
        (
            "data: {secret: {data: {a: ../gen.py 1}}}",
            "data.secret.data.a.generate: `../gen.py` goes up a folder",
        ),
        (
            "solution: /submissions/../../x.py\ndata: {}",
            "(root).solution: `submissions/../../x.py` goes up",
        ),
        ("solution: submissions/x.py\ndata: {}", "must be absolute"),
        (
            "data: {secret: {include: [secret]}}",
            "data.secret.include[0]: `secret` is this folder or one holding it (a cycle)",
        ),
        (
            "data: {secret: {include: [later]}, invalid_input: {data: {later: {in: '1'}}}}",
            "`later` names no test or folder above",
        ),
        (
            "data: {secret: {data: {'../x': {in: '1'}}}}",
            "`../x` is not a valid test name",
        ),
        (
            "data:\n  secret:\n    data:\n      a: g {seed} {seed:2}\n",
            "{seed} may appear at most once",
        ),
        (
            "data: {secrets: {data: {}}}",
            "data.secrets: unknown top folder",
        ),
        (
            "data: {secret: {data: {a: {generate: \"g 'x\"}}}}",
            "cannot be split into words",
        ),
        ("data: [1, 2]", "the root's data must be a map"),
        ("- a\n- b", "the root must be a map"),
        (
            "data: {secret: {data: {a: {in: '1', ans: {x: 1}}}}}",
            "data.secret.data.a.ans: must be text",
        ),
        (
            "generators: {tree: [../lib.py]}\ndata: {}",
            "generators.tree: `../lib.py` goes up",
        ),
    ];
    for (yaml, expected) in cases {
        let message = error(yaml);
        assert!(
            message.contains(expected),
            "{yaml}\n gave: {message}\n wanted: {expected}"
        );
    }
}

#[test]
fn constants_are_substituted_in_commands_only() {
    let mut facts = PackageFacts::default();
    facts.constants.insert("FIVE", "5");
    facts.constants.insert("FIVE.STRING", "5");
    let plan = parse(
        "data:
  sample:
    data:
      a: example.py {{FIVE}} {{FIVE.STRING}} {{UNKNOWN}}
  invalid_input:
    data:
      b: {in: '{{FIVE}}'}
",
        Path::new("generators.yaml"),
        &facts,
    )
    .unwrap();
    assert_eq!(
        plan.tests[0].generate.as_ref().unwrap().args,
        ["5", "5", "{{UNKNOWN}}"]
    );
    assert_eq!(plan.tests[1].inline[0].1, "{{FIVE}}\n");
    assert!(!plan.tests[1].wants_answer());
}

#[test]
fn hostile_yaml_does_not_panic() {
    for yaml in [
        "",
        "~",
        "data:",
        "data: {secret: }",
        "data: {secret: {data: [~]}}",
        "data: {secret: {data: [{a: 1, b: 2}]}}",
        "data: {secret: {data: {a: {count: 'x'}}}}",
        "data: {secret: {data: {a: {generate: ''}}}}",
        "data: {secret: {data: {1: {in: x}}}}",
        "data: {secret: {retries: -1}}",
        "data: {secret: {data: {a: {generate: g, count: [1, 1]}}}}",
        "data: {sample: {data: {a: {in: x, in.statement: {link: in}}}}}",
    ] {
        let _ = parse(yaml, Path::new("g.yaml"), &PackageFacts::default());
    }
}

#[test]
fn a_folder_s_unknown_keys_are_warnings_and_sample_links_are_read() {
    let plan = plan(
        "colour: red
visualizer: /visualizers/draw.py
data:
  sample:
    data:
      '1':
        in.statement: '6'
        ans.statement: '6'
        in.download: {link: in.statement}
        ans.download: {link: ans.statement}
",
    );
    assert_eq!(
        plan.warnings,
        [
            "(root): unknown key `colour` for a folder, not read",
            "(root): key `visualizer` is deprecated (as BAPCtools says), skipped"
        ]
    );
    assert_eq!(
        plan.tests[0].links,
        [
            (".in.download".to_string(), ".in.statement".to_string()),
            (".ans.download".to_string(), ".ans.statement".to_string())
        ]
    );
    assert!(
        error("data: {sample: {data: {'1': {in: x, in.download: {link: ans}}}}}")
            .contains("an input to an answer")
    );
}

#[test]
fn match_patterns_are_searched_as_bapctools_searches_them() {
    let plan = plan(
        "data:
  sample:
    data:
      '1':
        in: '0'
        ans: '0'
        match:
          in: '^0$'
          ans: ['^0', '1$']
      '2':
        in: |
          3
          4
        match: '3.4'
",
    );
    let one = &plan.tests[0];
    assert!(one.unmatched("in", "0\n").is_empty());
    assert_eq!(one.unmatched("in", "10\n"), ["^0$"]);
    assert_eq!(one.unmatched("ans", "0\n"), ["1$"]);
    // A bare pattern is the input's; `.` crosses lines (DOTALL).
    assert!(plan.tests[1].unmatched("in", "3\n4\n").is_empty());
    assert!(plan.tests[1].unmatched("ans", "anything").is_empty());
    // Python's \A and \Z; a lookaround Rust's regex cannot read is a warning, not checked.
    let anchored = parse(
        "data:\n  sample:\n    data:\n      a: {in: '1', match: ['\\A1\\Z', '(?<=x)1']}\n",
        Path::new("generators.yaml"),
        &PackageFacts::default(),
    )
    .unwrap();
    assert!(anchored.tests[0].unmatched("in", "1").is_empty());
    assert_eq!(anchored.tests[0].unmatched("in", "1\n"), ["\\A1\\Z"]);
    assert!(
        anchored
            .warnings
            .iter()
            .any(|w| w.starts_with("data.sample.data.a.match: `(?<=x)1` is not checked")),
        "{:?}",
        anchored.warnings
    );
}

#[test]
fn a_multi_pass_sample_s_interaction_is_its_passes_with_marks() {
    let passes = [
        (b"-1".to_vec(), b"500\n".to_vec()),
        (b"500\n".to_vec(), b"500\n".to_vec()),
    ];
    assert_eq!(
        String::from_utf8(super::interaction_of_passes(&passes)).unwrap(),
        "<-1\n>500\n---\n<500\n>500\n"
    );
    let lines = [(b"encrypt\n3\nab\n".to_vec(), Vec::new())];
    assert_eq!(
        String::from_utf8(super::interaction_of_passes(&lines)).unwrap(),
        "<encrypt\n<3\n<ab\n>\n"
    );
}

#[test]
fn a_test_takes_the_output_validator_args_of_its_nearest_test_group_yaml() {
    let plan = plan(
        "test_group.yaml:
  output_validator_args: [case_sensitive]
data:
  sample:
    test_group.yaml:
      output_validator_args: float_tolerance 1e-6
    data:
      - '': {in: '1'}
  secret:
    data:
      - '': {in: '2'}
",
    );
    let none = |_: &str| None;
    let args = |path: &str| {
        let test = plan.tests.iter().find(|t| t.path == path).unwrap();
        plan.output_validator_args(test, none)
    };
    assert_eq!(args("sample/1"), ["float_tolerance", "1e-6"]);
    assert_eq!(args("secret/2"), ["case_sensitive"]);
}
