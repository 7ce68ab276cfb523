//! What footage from a camera above the table can show at best, and the expected findings it
//! cannot. Pure.
//!
//! From above, a stack of chips shows only its top chip until the dealer fans it (docs/events.md,
//! `at_least`). A wager that loses is taken stacked (08-11(13)), so a $30 wager of a $25 and a
//! $5 chip (lowest on top, 08-09(3)) at a $25 table shows only its $5 chip for as long as it is
//! on the felt: no recognizer can find that it broke the limit (08-09(1)). The simulator
//! knows every chip, so it can say which of its expected findings such footage cannot hold:
//! the truth is rewritten as the best log a camera above could give ([`as_seen_from_above`]),
//! and an expected finding the audit of that log does not make is out of sight
//! ([`in_sight`]): the amount it rests on is hidden under a top chip, or known only as a lower
//! bound the audit will not judge by (docs/events.md). `pitwatch eval` reports recall on the
//! findings in sight beside recall on all.

use crate::audit::{Finding, audit};
use crate::events::{Cents, Event, EventKind, Money};
use crate::rules::twenty_one::HouseRules;
use crate::sim::scene::{Object, Scene, Thing};

/// Whether every chip of `o` shows at some time it is on the felt: one chip, or chips the
/// dealer fanned before they left.
fn seen_whole(o: &Object) -> bool {
    match &o.thing {
        Thing::Chips {
            values,
            fanned_from,
            ..
        } => values.len() <= 1 || *fanned_from < o.gone,
        Thing::Card { .. } => true,
    }
}

/// The chips placed by the event at `t` at betting space `space` worth `amount` cents: the
/// scene's object that lands there then.
fn placed_by(scene: &Scene, t: f64, space: u8, amount: Cents) -> Option<&Object> {
    scene.objects.iter().find(|o| {
        o.space == space
            && o.keys.get(1).is_some_and(|k| k.t == t)
            && matches!(&o.thing, Thing::Chips { values, .. }
                if values.iter().sum::<Cents>() == amount)
    })
}

/// `events` (the simulator's truth, played out as `scene`) as a camera above the table could
/// at best read them: each wager or payoff laid as a stack of two chips or more that the
/// dealer never fans while it is on the felt is known only by its top chip, its amount marked
/// `at_least`. Collections and returns keep their amounts, so the log grants the camera more
/// than it sees there, never less: findings it cannot make are surely out of sight.
pub fn as_seen_from_above(events: &[Event], scene: &Scene) -> Vec<Event> {
    events
        .iter()
        .map(|e| {
            let mut e = e.clone();
            if let EventKind::Wager {
                space,
                money,
                at_least,
                ..
            }
            | EventKind::Payout {
                space,
                money,
                at_least,
                ..
            } = &mut e.kind
                && let Some(o) = placed_by(scene, e.t, *space, money.amount)
                && !seen_whole(o)
                && let Thing::Chips { values, .. } = &o.thing
                && let Some(&top) = values.last()
            {
                *money = Money::cents(top);
                *at_least = true;
            }
            e
        })
        .collect()
}

/// What `objs` (chips all taken at once) are worth, what a camera above sees of them (every
/// chip of those seen whole, the top chip of the others), and whether any was known by its
/// top chip alone.
fn seen_of<'a>(objs: impl Iterator<Item = &'a Object>) -> (Cents, Cents, bool) {
    objs.fold((0, 0, false), |(worth, shows, part), o| match &o.thing {
        Thing::Chips { values, .. } => {
            let all = values.iter().sum::<Cents>();
            if seen_whole(o) {
                (worth + all, shows + all, part)
            } else {
                (
                    worth + all,
                    shows + values.last().copied().unwrap_or(0),
                    true,
                )
            }
        }
        Thing::Card { .. } => (worth, shows, part),
    })
}

/// `events` as a camera above the table could at best read every amount of them: as
/// [`as_seen_from_above`], and besides, each collection or return known by what shows of the
/// chips it takes (a stack never fanned by its top chip, `at_least`). What `pitwatch eval`
/// holds a recovered log against to tell what footage could not show from what the reading
/// lost.
pub fn read_from_above(events: &[Event], scene: &Scene) -> Vec<Event> {
    let mut seen = as_seen_from_above(events, scene);
    for e in &mut seen {
        if let EventKind::Collect {
            space,
            money,
            at_least,
            ..
        }
        | EventKind::Return {
            space,
            money,
            at_least,
            ..
        } = &mut e.kind
        {
            // The chips the dealer took then: they leave the felt at the event's time.
            let taken = scene
                .objects
                .iter()
                .filter(|o| o.space == *space && o.gone == e.t);
            let (whole, shows, part) = seen_of(taken);
            // A stack over the limit, lost, is written collected at the maximum (08-09(1)):
            // the dealer takes more than the log's amount, and the camera sees its top chip.
            if part && whole >= money.amount && shows <= money.amount {
                *money = Money::cents(shows);
                *at_least = true;
            }
        }
    }
    seen
}

/// The same finding, as two audits of nearly the same log make it: kind, round and place, and
/// spans that meet.
fn same_finding(a: &Finding, b: &Finding) -> bool {
    a.kind == b.kind
        && a.round == b.round
        && a.space == b.space
        && a.hand == b.hand
        && a.t_start <= b.t_end
        && b.t_start <= a.t_end
}

/// For each of `expected` (the audit of the truth `events` under `rules`, played out as
/// `scene`), whether footage from a camera above the table can show it: whether the audit of
/// [`as_seen_from_above`] makes it too.
pub fn in_sight(
    expected: &[Finding],
    events: &[Event],
    scene: &Scene,
    rules: &HouseRules,
) -> Vec<bool> {
    let seen = audit(&as_seen_from_above(events, scene), rules).findings;
    let mut used = vec![false; seen.len()];
    expected
        .iter()
        .map(|e| {
            let hit = seen
                .iter()
                .enumerate()
                .position(|(i, s)| !used[i] && same_finding(e, s));
            if let Some(i) = hit {
                used[i] = true;
            }
            hit.is_some()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::FindingKind;
    use crate::events::parse_log;
    use crate::layout::TableDesign;

    /// One round at a $1-$25 table: space 1 wagers `one`, space 2 wagers `two` (chip maps),
    /// and the dealer's 20 beats space 1's 17 and loses to space 2's 21 (paid even, fanned).
    fn round(one: &str, two: &str, two_cents: i64) -> Vec<Event> {
        let lines = [
            r#"{"t":1.0,"table":"1","type":"shuffle"}"#.to_string(),
            r#"{"t":2.0,"table":"1","type":"burn"}"#.to_string(),
            format!(
                r#"{{"t":3.0,"table":"1","type":"wager","space":1,"kind":"original","chips":{one}}}"#
            ),
            format!(
                r#"{{"t":4.0,"table":"1","type":"wager","space":2,"kind":"original","chips":{two}}}"#
            ),
            r#"{"t":5.0,"table":"1","type":"card","to":1,"card":"10d"}"#.to_string(),
            r#"{"t":6.0,"table":"1","type":"card","to":2,"card":"9s"}"#.to_string(),
            r#"{"t":7.0,"table":"1","type":"card","to":"dealer","card":"Kh"}"#.to_string(),
            r#"{"t":8.0,"table":"1","type":"card","to":1,"card":"7c"}"#.to_string(),
            r#"{"t":9.0,"table":"1","type":"card","to":2,"card":"2h"}"#.to_string(),
            r#"{"t":10.0,"table":"1","type":"card","to":"dealer","face_down":true}"#.to_string(),
            r#"{"t":11.0,"table":"1","type":"card","to":2,"card":"Qd"}"#.to_string(),
            r#"{"t":12.0,"table":"1","type":"hole_card_turned","card":"Qs"}"#.to_string(),
            format!(r#"{{"t":13.0,"table":"1","type":"collect","space":1,"chips":{one}}}"#),
            format!(
                r#"{{"t":14.0,"table":"1","type":"payout","space":2,"amount_cents":{two_cents},"fanned":true}}"#
            ),
            r#"{"t":15.0,"table":"1","type":"cards_cleared"}"#.to_string(),
        ];
        parse_log(&lines.join("\n")).expect("the round parses")
    }

    /// The round's expected findings and, for each, whether a camera above can show it.
    fn sight_of(events: &[Event]) -> Vec<(FindingKind, Option<u8>, bool)> {
        let rules = HouseRules::default();
        let scene = Scene::build(events, &TableDesign::default());
        let expected = audit(events, &rules).findings;
        let shows = in_sight(&expected, events, &scene, &rules);
        expected
            .iter()
            .zip(shows)
            .map(|(f, s)| (f.kind, f.space, s))
            .collect()
    }

    #[test]
    fn a_losing_stack_over_the_limit_shows_only_its_top_chip() {
        // 08-09(1): $30 of a $25 and a $5 chip (lowest on top, 08-09(3)) at a $25 table.
        // Space 1 loses: taken stacked (08-11(13)), its $25 never in view. Space 2 wins: its
        // wager is fanned for the payoff (08-11(16)(a)), both chips in view. So with the $5
        // excess neither returned nor paid on at the maximum's rate.
        let events = round(r#"{"2500":1,"500":1}"#, r#"{"2500":1,"500":1}"#, 3000);
        assert_eq!(
            sight_of(&events),
            vec![
                (FindingKind::WagerOutsideLimits, Some(1), false),
                (FindingKind::WagerOutsideLimits, Some(2), true),
                (FindingKind::ExcessNotReturned, Some(1), false),
                (FindingKind::ExcessNotReturned, Some(2), true),
            ]
        );
    }

    #[test]
    fn a_stack_over_the_limit_by_its_top_chip_alone_is_in_sight() {
        // Two $100 chips lost stacked: the top chip alone is over the $25 maximum. How much
        // excess was taken rests on the stack's height, and the audit makes no excess finding
        // against an amount known only as a lower bound: that one is out of sight.
        let events = round(r#"{"10000":2}"#, r#"{"500":1}"#, 500);
        assert_eq!(
            sight_of(&events),
            vec![
                (FindingKind::WagerOutsideLimits, Some(1), true),
                (FindingKind::ExcessNotReturned, Some(1), false),
            ]
        );
    }

    #[test]
    fn the_log_seen_from_above_knows_an_unfanned_stack_by_its_top_chip() {
        let events = round(r#"{"2500":1,"500":1}"#, r#"{"2500":1,"500":1}"#, 3000);
        let scene = Scene::build(&events, &TableDesign::default());
        let seen = as_seen_from_above(&events, &scene);
        let wagers: Vec<(i64, bool)> = seen
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::Wager {
                    money, at_least, ..
                } => Some((money.amount, *at_least)),
                _ => None,
            })
            .collect();
        assert_eq!(wagers, vec![(500, true), (3000, false)]);
        // Nothing else changes.
        assert_eq!(seen.len(), events.len());
        assert!(
            seen.iter()
                .zip(&events)
                .filter(|(_, e)| !matches!(e.kind, EventKind::Wager { .. }))
                .all(|(a, b)| a == b)
        );
    }

    /// The amounts of the collections in `seen`: amount and whether only a lower bound.
    fn collections(seen: &[Event]) -> Vec<(i64, bool)> {
        seen.iter()
            .filter_map(|e| match &e.kind {
                EventKind::Collect {
                    money, at_least, ..
                } => Some((money.amount, *at_least)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_stack_taken_stacked_is_read_by_its_top_chip_and_one_chip_whole() {
        // Space 1's $30, a $25 under a $5, lost and taken stacked (08-11(13)): a camera above
        // sees the $5 on the felt and in the dealer's hand; the log it could write says
        // "$5 at least". The audit's view (`as_seen_from_above`) keeps the $30.
        let events = round(r#"{"2500":1,"500":1}"#, r#"{"500":1}"#, 500);
        let scene = Scene::build(&events, &TableDesign::default());
        assert_eq!(
            collections(&read_from_above(&events, &scene)),
            vec![(500, true)]
        );
        assert_eq!(
            collections(&as_seen_from_above(&events, &scene)),
            vec![(3000, false)]
        );
        // The same stack written collected at the $25 maximum (08-09(1)), its $5 excess not
        // returned: the dealer takes both chips, and the camera still sees only the $5.
        let mut events = round(r#"{"2500":1,"500":1}"#, r#"{"500":1}"#, 500);
        for e in &mut events {
            if let EventKind::Collect { money, .. } = &mut e.kind {
                *money = Money::cents(2500);
            }
        }
        let scene = Scene::build(&events, &TableDesign::default());
        assert_eq!(
            collections(&read_from_above(&events, &scene)),
            vec![(500, true)]
        );
        // One $25 chip is all there is to see.
        let events = round(r#"{"2500":1}"#, r#"{"500":1}"#, 500);
        let scene = Scene::build(&events, &TableDesign::default());
        assert_eq!(
            collections(&read_from_above(&events, &scene)),
            vec![(2500, false)]
        );
    }
}
