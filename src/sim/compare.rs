//! A recovered table-event log held against the truth: which events were found, missed or
//! made up. An event is found when the recovered log holds one of the same type with the same
//! particulars (place, hand, card, kind, amount) within a time tolerance. Pure.

use std::collections::BTreeMap;

use crate::audit::Finding;
use crate::events::{Event, EventKind};

/// Counts for one event type.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TypeScore {
    /// Events of this type in the truth.
    pub expected: usize,
    /// Events of this type in the recovered log.
    pub found: usize,
    /// Recovered events that match a truth event one to one.
    pub matched: usize,
}

impl TypeScore {
    /// Share of the recovered events that are true (1 when none were recovered).
    pub fn precision(&self) -> f64 {
        ratio(self.matched, self.found)
    }

    /// Share of the truth's events recovered (1 when the truth has none).
    pub fn recall(&self) -> f64 {
        ratio(self.matched, self.expected)
    }
}

/// The comparison of a recovered log with the truth.
#[derive(Debug, Clone, Default)]
pub struct EventScore {
    /// Per event type (`card`, `wager`, ...).
    pub by_type: BTreeMap<&'static str, TypeScore>,
    /// Truth events with no match.
    pub missed: Vec<Event>,
    /// Recovered events with no match.
    pub extra: Vec<Event>,
}

impl EventScore {
    /// All types together.
    pub fn total(&self) -> TypeScore {
        self.by_type
            .values()
            .fold(TypeScore::default(), |a, s| TypeScore {
                expected: a.expected + s.expected,
                found: a.found + s.found,
                matched: a.matched + s.matched,
            })
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 { 1.0 } else { a as f64 / b as f64 }
}

/// Compares `found` with `truth`, counting only events `counted` accepts (in both logs). Each
/// recovered event matches at most one truth event of the same particulars, the nearest in
/// time within `tolerance_s` seconds.
pub fn compare(
    truth: &[Event],
    found: &[Event],
    tolerance_s: f64,
    counted: impl Fn(&EventKind) -> bool,
) -> EventScore {
    let truth: Vec<&Event> = truth.iter().filter(|e| counted(&e.kind)).collect();
    let found: Vec<&Event> = found.iter().filter(|e| counted(&e.kind)).collect();
    let mut score = EventScore::default();
    for e in &truth {
        score
            .by_type
            .entry(e.kind.type_name())
            .or_default()
            .expected += 1;
    }
    let mut used = vec![false; truth.len()];
    for f in &found {
        let s = score.by_type.entry(f.kind.type_name()).or_default();
        s.found += 1;
        let best = truth
            .iter()
            .enumerate()
            .filter(|(i, e)| {
                !used[*i] && (e.t - f.t).abs() <= tolerance_s && same(&e.kind, &f.kind)
            })
            .min_by(|a, b| (a.1.t - f.t).abs().total_cmp(&(b.1.t - f.t).abs()));
        match best {
            Some((i, _)) => {
                used[i] = true;
                s.matched += 1;
            }
            None => score.extra.push((*f).clone()),
        }
    }
    score.missed = truth
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|(e, _)| (*e).clone())
        .collect();
    score
}

/// The comparison of the findings made from footage with those expected.
#[derive(Debug, Clone, Default)]
pub struct FindingScore {
    /// Per finding kind (`overpay`, `dealing_order`, ...).
    pub by_kind: BTreeMap<&'static str, TypeScore>,
    /// Per finding kind, the expected findings footage from a camera above the table can
    /// show (`sim::sight`) and how many of them were found.
    pub in_sight: BTreeMap<&'static str, InSight>,
    /// Expected findings in sight that nothing found matched.
    pub missed: Vec<Finding>,
    /// Expected findings that footage from a camera above the table cannot show, found or not.
    pub out_of_sight: Vec<Finding>,
    /// How many of those out of sight a found finding matched all the same.
    pub out_of_sight_found: usize,
    /// Findings that match nothing expected: what a reviewer would look into for nothing.
    pub extra: Vec<Finding>,
}

/// Of one kind's expected findings, those footage from a camera above the table can show.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct InSight {
    /// Expected findings of the kind in sight.
    pub expected: usize,
    /// Of those, how many a found finding matched.
    pub matched: usize,
}

impl InSight {
    /// Share of the findings in sight that were found (1 when none are).
    pub fn recall(&self) -> f64 {
        ratio(self.matched, self.expected)
    }
}

/// Compares the findings made from recovered footage with those expected, kind by kind: a
/// found finding matches an expected one of the same kind and betting space whose span of
/// footage overlaps its own, give or take `slack_s` seconds; each matches once. `in_sight`
/// says for each expected finding whether footage can show it (`sim::sight::in_sight`; all
/// are when it is shorter).
pub fn compare_findings(
    expected: &[Finding],
    in_sight: &[bool],
    found: &[Finding],
    slack_s: f64,
) -> FindingScore {
    let mut score = FindingScore::default();
    let shows = |i: usize| in_sight.get(i).copied().unwrap_or(true);
    for (i, e) in expected.iter().enumerate() {
        score.by_kind.entry(e.kind.as_str()).or_default().expected += 1;
        if shows(i) {
            score.in_sight.entry(e.kind.as_str()).or_default().expected += 1;
        } else {
            score.out_of_sight.push(e.clone());
        }
    }
    let mut used = vec![false; expected.len()];
    for f in found {
        let s = score.by_kind.entry(f.kind.as_str()).or_default();
        s.found += 1;
        let hit = expected.iter().enumerate().position(|(i, e)| {
            !used[i]
                && e.kind == f.kind
                && e.space == f.space
                && f.t_start <= e.t_end + slack_s
                && e.t_start <= f.t_end + slack_s
        });
        match hit {
            Some(i) => {
                used[i] = true;
                s.matched += 1;
                if shows(i) {
                    score.in_sight.entry(f.kind.as_str()).or_default().matched += 1;
                } else {
                    score.out_of_sight_found += 1;
                }
            }
            None => score.extra.push(f.clone()),
        }
    }
    score.missed = expected
        .iter()
        .zip(&used)
        .enumerate()
        .filter(|&(i, (_, u))| !*u && shows(i))
        .map(|(_, (e, _))| e.clone())
        .collect();
    score
}

/// The same event, as far as footage can tell: who placed a wager, which chips made an amount,
/// whether a payoff was fanned, the face of a card burned face down and a face the source could
/// not rule out (`or`) are not compared; a card counts as at a right angle or not (unknown is
/// not).
pub fn same(a: &EventKind, b: &EventKind) -> bool {
    use EventKind as K;
    match (a, b) {
        (
            K::Card {
                to: ta,
                card: ca,
                rotated: ra,
                ..
            },
            K::Card {
                to: tb,
                card: cb,
                rotated: rb,
                ..
            },
        ) => ta == tb && ca == cb && (*ra == Some(true)) == (*rb == Some(true)),
        (K::Burn { from: fa, .. }, K::Burn { from: fb, .. }) => fa == fb,
        (
            K::Wager {
                space: sa,
                hand: ha,
                kind: ka,
                money: ma,
                ..
            },
            K::Wager {
                space: sb,
                hand: hb,
                kind: kb,
                money: mb,
                ..
            },
        ) => sa == sb && ha == hb && ka == kb && ma.amount == mb.amount,
        (
            K::Collect {
                space: sa,
                hand: ha,
                bet: ba,
                money: ma,
                ..
            },
            K::Collect {
                space: sb,
                hand: hb,
                bet: bb,
                money: mb,
                ..
            },
        )
        | (
            K::Return {
                space: sa,
                hand: ha,
                bet: ba,
                money: ma,
                ..
            },
            K::Return {
                space: sb,
                hand: hb,
                bet: bb,
                money: mb,
                ..
            },
        ) => sa == sb && ha == hb && ba == bb && ma.amount == mb.amount,
        (
            K::Payout {
                space: sa,
                hand: ha,
                bet: ba,
                money: ma,
                ..
            },
            K::Payout {
                space: sb,
                hand: hb,
                bet: bb,
                money: mb,
                ..
            },
        ) => sa == sb && ha == hb && ba == bb && ma.amount == mb.amount,
        (K::HoleCardTurned { card: ca, .. }, K::HoleCardTurned { card: cb, .. }) => ca == cb,
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::parse_log;

    fn log(text: &str) -> Vec<Event> {
        parse_log(text).unwrap()
    }

    #[test]
    fn events_match_by_particulars_within_the_tolerance() {
        let truth = log(concat!(
            r#"{"t":1.0,"table":"1","type":"card","to":1,"card":"Ah"}"#,
            "\n",
            r#"{"t":2.0,"table":"1","type":"card","to":"dealer","face_down":true}"#,
            "\n",
            r#"{"t":3.0,"table":"1","type":"card","to":1,"card":"5c","rotated":true}"#,
            "\n",
            r#"{"t":9.0,"table":"1","type":"cards_cleared"}"#,
            "\n",
        ));
        let found = log(concat!(
            r#"{"t":1.3,"table":"1","type":"card","to":1,"card":"Ah"}"#,
            "\n",
            r#"{"t":2.1,"table":"1","type":"card","to":"dealer","card":"Kd"}"#,
            "\n",
            r#"{"t":3.2,"table":"1","type":"card","to":1,"card":"5c"}"#,
            "\n",
            r#"{"t":12.0,"table":"1","type":"cards_cleared"}"#,
            "\n",
        ));
        let s = compare(&truth, &found, 1.0, |_| true);
        let card = s.by_type["card"];
        assert_eq!((card.expected, card.found, card.matched), (3, 3, 1));
        // The clear came three seconds late: outside the tolerance.
        assert_eq!(s.by_type["cards_cleared"].matched, 0);
        assert_eq!(s.missed.len(), 3);
        assert_eq!(s.extra.len(), 3);
        assert!((s.total().recall() - 0.25).abs() < 1e-9);
        let s = compare(&truth, &found, 5.0, |k| k.type_name() == "cards_cleared");
        assert_eq!(s.total().precision(), 1.0);
        assert!(!s.by_type.contains_key("card"));
    }

    fn finding(kind: &str, space: u8, t: (f64, f64)) -> Finding {
        serde_json::from_value(serde_json::json!({
            "kind": kind, "severity": "high",
            "citation": "N.D. Admin. Code 99-01.3-08-11(13)", "table": "1", "round": 1,
            "space": space, "hand": 1, "t_start": t.0, "t_end": t.1,
            "expected": "pay $10.00", "observed": "paid $15.00", "message": "",
        }))
        .unwrap()
    }

    #[test]
    fn findings_match_by_kind_space_and_time_and_the_rest_are_named() {
        let expected = [
            finding("overpay", 2, (10.0, 20.0)),
            finding("paid_push", 3, (40.0, 50.0)),
        ];
        let found = [
            // Its span overlaps the expected one's within the slack.
            finding("overpay", 2, (22.0, 25.0)),
            // The right kind at the wrong space.
            finding("paid_push", 4, (40.0, 50.0)),
            // A kind not expected at all.
            finding("underpay", 5, (60.0, 61.0)),
        ];
        let s = compare_findings(&expected, &[], &found, 3.0);
        let overpay = s.by_kind["overpay"];
        assert_eq!(
            (overpay.expected, overpay.found, overpay.matched),
            (1, 1, 1)
        );
        assert_eq!(s.by_kind["paid_push"].matched, 0);
        assert_eq!(s.by_kind["underpay"].precision(), 0.0);
        assert_eq!(s.missed, vec![expected[1].clone()]);
        assert_eq!(s.extra, vec![found[1].clone(), found[2].clone()]);
        // Too late for the slack: the overpay is both missed and made up.
        let s = compare_findings(&expected[..1], &[], &found[..1], 1.0);
        assert_eq!((s.missed.len(), s.extra.len()), (1, 1));
    }

    #[test]
    fn recall_in_sight_leaves_out_what_footage_cannot_show() {
        let expected = [
            finding("wager_outside_limits", 1, (10.0, 10.0)),
            finding("wager_outside_limits", 2, (20.0, 20.0)),
            finding("wager_outside_limits", 3, (30.0, 30.0)),
        ];
        // Space 3's stack showed only its top chip, but the finding was made anyway.
        let found = [
            finding("wager_outside_limits", 2, (20.0, 20.0)),
            finding("wager_outside_limits", 3, (30.0, 30.0)),
        ];
        let s = compare_findings(&expected, &[true, true, false], &found, 3.0);
        let all = s.by_kind["wager_outside_limits"];
        assert_eq!((all.expected, all.found, all.matched), (3, 2, 2));
        let seen = s.in_sight["wager_outside_limits"];
        assert_eq!((seen.expected, seen.matched), (2, 1));
        assert_eq!(seen.recall(), 0.5);
        assert_eq!(s.missed, vec![expected[0].clone()]);
        assert_eq!(s.out_of_sight, vec![expected[2].clone()]);
        assert_eq!(s.out_of_sight_found, 1);
        // Space 1 out of sight too: in sight, nothing is missed.
        let s = compare_findings(&expected, &[false, true, false], &found, 3.0);
        assert_eq!(s.in_sight["wager_outside_limits"].recall(), 1.0);
        assert!(s.missed.is_empty());
        assert_eq!((s.out_of_sight.len(), s.out_of_sight_found), (2, 1));
    }
}
