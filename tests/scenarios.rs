//! Scenario files: `tests/scenarios/NAME.jsonl` (an event log, its comments citing the rule it
//! exercises) and `NAME.expected.toml` (house rules, each round's settlement, and the exact set
//! of findings). Every round in the log must be listed, every hand of it, and every finding.

use pitwatch::audit::audit;
use pitwatch::events::parse_log;
use pitwatch::rules::twenty_one::HouseRules;
use serde::Deserialize;

use crate::util::{files, path};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expected {
    #[serde(default)]
    rules: String,
    #[serde(default)]
    round: Vec<ExpRound>,
    #[serde(default)]
    finding: Vec<ExpFinding>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpRound {
    round: u32,
    status: String,
    #[serde(default)]
    dealer_total: Option<u8>,
    #[serde(default)]
    hands: Vec<ExpHand>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpHand {
    space: u8,
    hand: u8,
    outcome: String,
    paid: i64,
    collected: i64,
}

#[derive(Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord, Clone)]
#[serde(deny_unknown_fields)]
struct ExpFinding {
    kind: String,
    round: u32,
    #[serde(default)]
    space: Option<u8>,
    #[serde(default)]
    hand: Option<u8>,
}

fn name<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .unwrap()
        .as_str()
        .unwrap()
        .to_string()
}

fn check(log: &std::path::Path) -> Result<(), String> {
    let exp_path = log.with_extension("expected.toml");
    let exp: Expected = toml::from_str(
        &std::fs::read_to_string(&exp_path).map_err(|e| format!("{}: {e}", exp_path.display()))?,
    )
    .map_err(|e| format!("{}: {e}", exp_path.display()))?;
    let rules = HouseRules::from_toml_str(&exp.rules).map_err(|e| format!("rules: {e}"))?;
    let events =
        parse_log(&std::fs::read_to_string(log).unwrap()).map_err(|e| format!("log: {e}"))?;
    let out = audit(&events, &rules);
    let mut errs = Vec::new();
    if out.rounds.len() != exp.round.len() {
        errs.push(format!(
            "{} rounds audited, {} expected",
            out.rounds.len(),
            exp.round.len()
        ));
    }
    for (got, want) in out.rounds.iter().zip(&exp.round) {
        let r = want.round;
        if got.round != r {
            errs.push(format!("round {} where {r} expected", got.round));
        }
        if name(&got.status) != want.status {
            errs.push(format!(
                "round {r}: status {} not {}",
                name(&got.status),
                want.status
            ));
        }
        if want.dealer_total.is_some() && got.dealer_total != want.dealer_total {
            errs.push(format!(
                "round {r}: dealer total {:?} not {:?}",
                got.dealer_total, want.dealer_total
            ));
        }
        let gh: Vec<String> = got
            .hands
            .iter()
            .map(|h| {
                format!(
                    "{}/{} {} paid {} collected {}",
                    h.space,
                    h.hand,
                    name(&h.outcome),
                    h.expected_paid_cents,
                    h.expected_collected_cents
                )
            })
            .collect();
        let wh: Vec<String> = want
            .hands
            .iter()
            .map(|h| {
                format!(
                    "{}/{} {} paid {} collected {}",
                    h.space, h.hand, h.outcome, h.paid, h.collected
                )
            })
            .collect();
        if gh != wh {
            errs.push(format!(
                "round {r} settlement:\n    got  {gh:?}\n    want {wh:?}"
            ));
        }
    }
    let mut got: Vec<ExpFinding> = out
        .findings
        .iter()
        .map(|f| ExpFinding {
            kind: f.kind.as_str().to_string(),
            round: f.round,
            space: f.space,
            hand: f.hand,
        })
        .collect();
    let mut want = exp.finding.clone();
    got.sort();
    want.sort();
    if got != want {
        let msgs: Vec<String> = out
            .findings
            .iter()
            .map(|f| {
                format!(
                    "{} r{} {:?}/{:?}: {}",
                    f.kind, f.round, f.space, f.hand, f.message
                )
            })
            .collect();
        errs.push(format!(
            "findings:\n    got  {got:?}\n    want {want:?}\n    messages: {msgs:#?}"
        ));
    }
    // Every finding says when to look: within the log's own times.
    let first_t = events.iter().map(|e| e.t).fold(f64::INFINITY, f64::min);
    let last_t = events.iter().map(|e| e.t).fold(f64::NEG_INFINITY, f64::max);
    for f in &out.findings {
        if !f.citation.starts_with("N.D. Admin. Code 99-01.3-08-")
            || f.message.is_empty()
            || f.t_end < f.t_start
            || f.t_start < first_t
            || f.t_end > last_t
        {
            errs.push(format!(
                "finding {} lacks a citation, a message or a time span: {f:?}",
                f.kind
            ));
        }
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs.join("\n  "))
    }
}

#[test]
fn every_scenario_settles_and_finds_as_expected() {
    let dir = path("tests/scenarios");
    let logs = files(&dir, "jsonl");
    assert!(logs.len() >= 20, "only {} scenarios", logs.len());
    let mut failed = Vec::new();
    for log in &logs {
        if let Err(e) = check(log) {
            failed.push(format!(
                "{}:\n  {e}",
                log.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failed.len(),
        logs.len(),
        failed.join("\n")
    );
}

#[test]
fn every_finding_kind_has_a_scenario() {
    let mut seen = std::collections::BTreeSet::new();
    for log in files(&path("tests/scenarios"), "jsonl") {
        let text = std::fs::read_to_string(log.with_extension("expected.toml")).unwrap();
        let exp: Expected = toml::from_str(&text).unwrap();
        seen.extend(exp.finding.into_iter().map(|f| f.kind));
    }
    // Poker kinds are planted in hold'em hands by tests/holdem.rs.
    let missing: Vec<&str> = pitwatch::audit::FindingKind::ALL
        .iter()
        .filter(|k| !k.is_poker())
        .map(|k| k.as_str())
        .filter(|k| !seen.contains(*k))
        .collect();
    assert!(
        missing.is_empty(),
        "finding kinds with no scenario: {missing:?}"
    );
}
