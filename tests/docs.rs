//! The documentation's examples are real: every JSON line in `docs/events.md` reads, and the
//! first example round audits clean.

use pitwatch::audit::audit;
use pitwatch::events::parse_line;
use pitwatch::rules::twenty_one::HouseRules;

use crate::util::path;

fn json_blocks(md: &str) -> Vec<Vec<String>> {
    let mut blocks = Vec::new();
    let mut cur: Option<Vec<String>> = None;
    for line in md.lines() {
        match (&mut cur, line.trim_start()) {
            (None, "```json") => cur = Some(Vec::new()),
            (Some(_), "```") => blocks.push(cur.take().unwrap()),
            (Some(b), l) => b.push(l.to_string()),
            _ => {}
        }
    }
    blocks
}

#[test]
fn event_examples_parse_and_the_first_round_is_clean() {
    let md = std::fs::read_to_string(path("docs/events.md")).unwrap();
    let blocks = json_blocks(&md);
    assert!(blocks.len() >= 4);
    for b in &blocks {
        for l in b {
            assert!(
                parse_line(l).is_ok(),
                "docs/events.md example does not parse: {l}: {:?}",
                parse_line(l)
            );
        }
    }
    let events: Vec<_> = blocks[0]
        .iter()
        .filter_map(|l| parse_line(l).unwrap())
        .collect();
    let out = audit(&events, &HouseRules::default());
    assert_eq!(out.rounds.len(), 1);
    assert!(out.findings.is_empty(), "{:#?}", out.findings);
    assert_eq!(out.rounds[0].house_observed_cents, 2000 - 500 - 100);
}

#[test]
fn the_holdem_example_hand_audits_clean() {
    let md = std::fs::read_to_string(path("docs/events.md")).unwrap();
    let poker = md.split("## Poker").nth(1).expect("a poker section");
    let block = json_blocks(poker)
        .into_iter()
        .next()
        .expect("an example hand");
    let events: Vec<_> = block
        .iter()
        .filter_map(|l| parse_line(l).unwrap())
        .collect();
    let out = pitwatch::holdem::audit(&events, &pitwatch::holdem::HoldemRules::default());
    assert_eq!(out.hands.len(), 1);
    assert!(out.findings.is_empty(), "{:#?}", out.findings);
    let winner = out.hands[0].seats.iter().find(|s| s.seat == 3).unwrap();
    assert_eq!((winner.expected_cents, winner.awarded_cents), (7900, 7900));
}

#[test]
fn every_finding_kind_is_documented() {
    let md = std::fs::read_to_string(path("docs/findings.md")).unwrap();
    for k in pitwatch::audit::FindingKind::ALL {
        assert!(
            md.contains(&format!("| `{}` |", k.as_str())),
            "docs/findings.md lacks {k}"
        );
    }
}

#[test]
fn every_house_rule_key_is_documented() {
    let md = std::fs::read_to_string(path("docs/house-rules.md")).unwrap();
    let keys = toml::Value::try_from(HouseRules {
        tip_max_cents: Some(2500),
        ..HouseRules::default()
    })
    .unwrap();
    let holdem = toml::Value::try_from(pitwatch::holdem::HoldemRules::default()).unwrap();
    for k in keys
        .as_table()
        .unwrap()
        .keys()
        .chain(holdem.as_table().unwrap().keys())
    {
        assert!(
            md.contains(&format!("| `{k}` |")),
            "docs/house-rules.md lacks {k}"
        );
    }
}
