//! The `pitwatch audit` command line: output formats, exit statuses, errors.

use crate::util::{path, run, scratch};

fn sample() -> String {
    path("samples/shift.jsonl").to_string_lossy().into_owned()
}

#[test]
fn sample_report_matches_the_golden_file() {
    let (code, out, err) = run(&["audit", &sample(), "--rules", "samples/house.toml"]);
    assert_eq!(code, 1, "{err}");
    let golden_path = path("tests/golden/shift.audit.txt");
    if std::env::var_os("PITWATCH_BLESS").is_some() {
        std::fs::write(&golden_path, &out).unwrap();
    }
    let golden = std::fs::read_to_string(golden_path).unwrap();
    assert_eq!(
        out, golden,
        "the report changed; if on purpose, rerun with PITWATCH_BLESS=1"
    );
    // The six mistakes written into the sample (samples/README.md), each with its rule.
    for (kind, rule) in [
        ("no_burn", "99-01.3-08-08(3)"),
        ("natural_paid_even", "99-01.3-08-11(11)"),
        ("overpay", "99-01.3-08-11(12)"),
        ("losing_wager_not_collected", "99-01.3-08-11(13)"),
        ("payout_not_fanned", "99-01.3-08-11(16)(a)"),
        ("dealer_drew_at_17_or_more", "99-01.3-08-11(10)(g)"),
        ("dealer_hit_at_17_not_burned", "99-01.3-08-12(10)"),
    ] {
        assert!(
            out.contains(&format!("] {kind}  table 1")),
            "{kind} missing"
        );
        assert!(out.contains(rule), "{rule} missing");
    }
    assert!(out.contains("40 rounds (0 not reconstructed), 7 findings (4 high, 2 medium, 1 low)"));
}

#[test]
fn json_output_is_one_object_per_line() {
    let (code, out, _) = run(&["audit", &sample(), "--format", "json"]);
    assert_eq!(code, 1);
    let mut kinds = Vec::new();
    let mut rounds = 0;
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect(line);
        match v["record"].as_str().unwrap() {
            "round" => {
                rounds += 1;
                assert!(v["hands"].is_array());
            }
            "finding" => {
                kinds.push(v["kind"].as_str().unwrap().to_string());
                for field in [
                    "severity", "citation", "table", "round", "t_start", "t_end", "expected",
                    "observed", "message",
                ] {
                    assert!(!v[field].is_null(), "finding lacks {field}: {line}");
                }
            }
            "totals" => assert_eq!(v["findings"], 7),
            other => panic!("unknown record {other}"),
        }
    }
    assert_eq!(rounds, 40);
    assert!(kinds.contains(&"overpay".to_string()));
    let natural = out
        .lines()
        .find(|l| l.contains("natural_paid_even"))
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(natural).unwrap();
    assert_eq!(
        (v["expected_cents"].as_i64(), v["observed_cents"].as_i64()),
        (Some(2700), Some(1800))
    );
    assert_eq!(
        (v["space"].as_u64(), v["hand"].as_u64()),
        (Some(6), Some(1))
    );
}

#[test]
fn a_clean_shift_exits_zero() {
    let dir = scratch("clean");
    let log = dir.join("clean.jsonl");
    let (code, out, _) = run(&["play", "--rounds", "300", "--seed", "9", "--chips"]);
    assert_eq!(code, 0);
    std::fs::write(&log, out).unwrap();
    let (code, out, err) = run(&["audit", log.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("300 rounds (0 not reconstructed), 0 findings"));
}

#[test]
fn a_malformed_line_keeps_what_was_found_before_it() {
    let dir = scratch("malformed");
    let log = dir.join("broken.jsonl");
    let text = std::fs::read_to_string(path("samples/shift.jsonl")).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    // Break the line after round 10 (the first nine mistakes' rounds are complete by then).
    let cut = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.contains("\"cards_cleared\"}"))
        .nth(9)
        .unwrap()
        .0
        + 2;
    lines[cut] = "{\"t\":1,\"table\":\"1\",\"type\":\"card\",\"to\":99,\"card\":\"Ah\"}";
    std::fs::write(&log, lines.join("\n")).unwrap();
    let (code, out, err) = run(&["audit", log.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains(&format!("broken.jsonl:{}:", cut + 1)), "{err}");
    assert!(err.contains("\"dealer\" or a betting space 1-12"), "{err}");
    for kind in [
        "no_burn",
        "natural_paid_even",
        "overpay",
        "losing_wager_not_collected",
    ] {
        assert!(out.contains(kind), "{kind} lost: {out}");
    }
    assert!(out.contains("10 rounds"), "{out}");
}

#[test]
fn missing_files_and_usage_errors_exit_two() {
    let (code, _, err) = run(&["audit", "no/such/file.jsonl"]);
    assert_eq!(code, 2);
    assert!(err.contains("no/such/file.jsonl"), "{err}");
    let (code, _, err) = run(&["audit", &sample(), "--rules", "no/such/house.toml"]);
    assert_eq!(code, 2);
    assert!(err.contains("no/such/house.toml"), "{err}");
    let (code, _, _) = run(&["audit", &sample(), "--format", "xml"]);
    assert_eq!(code, 2);
    let (code, _, _) = run(&["audit"]);
    assert_eq!(code, 2);
    let (code, _, _) = run(&["frobnicate"]);
    assert_eq!(code, 2);
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("audit"));
}

#[test]
fn house_rules_change_the_verdict() {
    // Under "dealer must hit soft 17" the sample's round 17 draw is correct; the stand on a
    // soft 17 elsewhere would become a finding instead.
    let dir = scratch("h17");
    let rules = dir.join("h17.toml");
    std::fs::write(&rules, "soft_17 = \"hit\"\n").unwrap();
    let (_, out, _) = run(&["audit", &sample(), "--rules", rules.to_str().unwrap()]);
    assert!(!out.contains("dealer_drew_at_17_or_more"), "{out}");
}

#[test]
fn a_directory_or_binary_file_is_refused_with_its_name() {
    let (code, out, err) = run(&["audit", "samples"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("samples: is a directory"), "{err}");
}

#[test]
fn standard_input_is_read_with_a_dash() {
    let (_, log, _) = run(&["play", "--rounds", "20", "--seed", "3"]);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_pitwatch"))
        .args(["audit", "-", "--format", "json"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(log.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.lines().last().unwrap().contains("\"rounds\":20"),
        "{text}"
    );
}
