//! The table-event log recovered from footage by the tracker and the scribe, held against the
//! simulator's truth. The recognizer here cannot err (`sim::replay`), so what is measured is
//! the reading of the table: which card went where, what was wagered, paid and collected.
//! These are floors the scribe must keep while it improves.

use pitwatch::events::{Event, EventKind};
use pitwatch::layout::{Camera, Layout, TableDesign};
use pitwatch::rules::twenty_one::HouseRules;
use pitwatch::sim::compare::{EventScore, compare};
use pitwatch::sim::replay::looks;
use pitwatch::sim::scene::Scene;
use pitwatch::sim::{PlayConfig, play};
use pitwatch::vision::scribe::{Scribe, ScribeConfig};
use pitwatch::vision::tracker::{Tracker, TrackerConfig};

/// Simulated play seen ten times a second through a tilted camera: the truth and the log the
/// scribe writes.
fn recover(seed: u64, rounds: usize, tilt: f64, roll: f64) -> (Vec<Event>, Vec<Event>) {
    let events = play(PlayConfig::new(HouseRules::default(), seed), rounds);
    let design = TableDesign::default();
    let scene = Scene::build(&events, &design);
    let camera = Camera::overhead(1280, 720, tilt, roll);
    let layout = Layout::of("1", &design, &camera);
    let mut tracker = Tracker::new(TrackerConfig::default());
    let mut scribe = Scribe::new(&layout, ScribeConfig::default());
    let mut out = Vec::new();
    for (t, seen) in looks(&scene, &camera, 0.1) {
        let changes = tracker.update(t, &seen);
        out.extend(scribe.update(t, &seen, &changes, tracker.objects()));
    }
    let changes = tracker.finish();
    out.extend(scribe.finish(&changes));
    (events, out)
}

/// Amounts left out: what was placed, paid or taken, and where, not how much.
fn without_amounts(log: &[Event]) -> Vec<Event> {
    log.iter()
        .cloned()
        .map(|mut e| {
            if let EventKind::Wager { money, .. }
            | EventKind::Collect { money, .. }
            | EventKind::Payout { money, .. }
            | EventKind::Return { money, .. } = &mut e.kind
            {
                money.amount = 1;
                money.chips = None;
            }
            e
        })
        .collect()
}

fn seen_at_the_table(k: &EventKind) -> bool {
    !matches!(
        k,
        EventKind::Shuffle | EventKind::Cut | EventKind::DealerChange { .. }
    )
}

fn cards(k: &EventKind) -> bool {
    matches!(
        k,
        EventKind::Card { .. }
            | EventKind::HoleCardTurned { .. }
            | EventKind::CardsCleared { .. }
            | EventKind::Burn { .. }
    )
}

fn add(a: &mut EventScore, b: &EventScore) {
    for (k, s) in &b.by_type {
        let e = a.by_type.entry(k).or_default();
        e.expected += s.expected;
        e.found += s.found;
        e.matched += s.matched;
    }
}

#[test]
fn the_log_read_from_the_table_matches_the_truth() {
    let (mut card_score, mut all_score, mut money_score) = (
        EventScore::default(),
        EventScore::default(),
        EventScore::default(),
    );
    for (seed, tilt, roll) in [(77, 0.0, 0.0), (78, 0.0012, 0.008), (79, 0.0008, -0.01)] {
        let (truth, found) = recover(seed, 6, tilt, roll);
        add(&mut card_score, &compare(&truth, &found, 1.5, cards));
        let (t, f) = (without_amounts(&truth), without_amounts(&found));
        add(&mut all_score, &compare(&t, &f, 1.5, seen_at_the_table));
        add(
            &mut money_score,
            &compare(&truth, &found, 1.5, |k| {
                matches!(k, EventKind::Payout { .. })
            }),
        );
    }
    let c = card_score.total();
    assert!(
        c.recall() >= 0.99 && c.precision() >= 0.99,
        "cards: {:?}",
        card_score.by_type
    );
    let a = all_score.total();
    assert!(
        a.recall() >= 0.98 && a.precision() >= 0.98,
        "every event, amounts aside: {:?}",
        all_score.by_type
    );
    // Payoffs are fanned for the camera (08-11(16)(a)): their amounts are read chip by chip.
    let m = money_score.total();
    assert!(m.expected >= 10, "payoffs in the sample: {}", m.expected);
    assert!(m.recall() >= 0.9, "payoffs with their amounts: {m:?}");
}
