//! The tracker on simulated play seen by a recognizer that cannot err (the simulator's own
//! annotations, `sim::replay`), ten looks a second: every card dealt becomes exactly one object
//! with the right face, whatever covered it on the way (the dealer's hand, the next card), and
//! each pile of a shuffle one object.

use std::collections::BTreeMap;

use pitwatch::events::{Event, EventKind};
use pitwatch::layout::{Camera, TableDesign};
use pitwatch::rules::twenty_one::HouseRules;
use pitwatch::sim::replay::looks;
use pitwatch::sim::scene::Scene;
use pitwatch::sim::{PlayConfig, play};
use pitwatch::vision::tracker::{Change, Tracker, TrackerConfig};
use pitwatch::vision::yolo::Identity;

/// Follows simulated play ten looks a second; returns every change.
fn track(events: &[Event], tilt: f64, roll: f64) -> Vec<Change> {
    let design = TableDesign::default();
    let scene = Scene::build(events, &design);
    let camera = Camera::overhead(1280, 720, tilt, roll);
    let mut tracker = Tracker::new(TrackerConfig::default());
    let mut changes = Vec::new();
    for (t, seen) in looks(&scene, &camera, 0.1) {
        changes.extend(tracker.update(t, &seen));
    }
    changes.extend(tracker.finish());
    changes
}

#[test]
fn every_card_dealt_is_one_object_with_its_face() {
    for (seed, tilt, roll) in [(77, 0.0, 0.0), (78, 0.0012, 0.008), (79, 0.0008, -0.01)] {
        let events = play(PlayConfig::new(HouseRules::default(), seed), 6);
        // The faces dealt, as the truth has them (a hole card by the face it is turned up as).
        let mut dealt: BTreeMap<String, i32> = BTreeMap::new();
        for e in &events {
            match &e.kind {
                EventKind::Card { card: Some(c), .. }
                | EventKind::HoleCardTurned { card: c, .. } => {
                    *dealt.entry(c.to_string()).or_default() += 1;
                }
                _ => {}
            }
        }
        let mut faces: BTreeMap<String, i32> = BTreeMap::new();
        let mut backs = 0;
        for c in track(&events, tilt, roll) {
            if let Change::Gone(t) = c {
                match t.identity {
                    Identity::Card(card) => *faces.entry(card.to_string()).or_default() += 1,
                    Identity::CardBack => backs += 1,
                    _ => {}
                }
            }
        }
        assert_eq!(faces, dealt, "seed {seed}");
        // Every hole card was turned: the card backs that went are the piles of the shuffles
        // (two each, laid before the dealer between rounds, 08-08(1)).
        let shuffles = events
            .iter()
            .filter(|e| e.kind == EventKind::Shuffle)
            .count();
        assert!(shuffles >= 1, "seed {seed}: play begins with a shuffle");
        assert_eq!(backs, 2 * shuffles, "seed {seed}: backs gone but the piles");
    }
}
