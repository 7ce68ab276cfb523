//! A recognizer that cannot err: the simulator's annotations of a frame turned into what a
//! perfect recognizer would report of it, so that tracking, event recovery and the audit can
//! be tested and measured without a model. Pure.
//!
//! It reports what a camera overhead can see: a face-up card whose corner index is in view,
//! with its face; a face-down card at least half in view; a chip stack by its top chip; each
//! chip of a fanned payout. Everything in frame pixels.

use crate::layout::Camera;
use crate::rules::cards::Card;
use crate::sim::annotate::{FrameNote, ObjectNote, annotate};
use crate::sim::scene::Scene;
use crate::vision::pitnet::Seen;
use crate::vision::yolo::Identity;

/// Simulated play looked at every `every_s` seconds through `camera`, from the start to a
/// second after its last event: each look's time and what a perfect recognizer reports then.
pub fn looks<'a>(
    scene: &'a Scene,
    camera: &'a Camera,
    every_s: f64,
) -> impl Iterator<Item = (f64, Vec<Seen>)> + 'a {
    (0u64..)
        .map(move |n| (n, n as f64 * every_s))
        .take_while(move |&(_, t)| t <= scene.end + 1.0)
        .map(move |(n, t)| {
            let (arm, palm) = scene.dealer_outline(t);
            let note = annotate(scene, camera, (0.0, 0.0), n, t, (&arm, &palm));
            (t, seen_of(&note))
        })
}

/// Least share of a face-down card or a chip in view for it to be reported.
pub const MIN_VISIBLE: f64 = 0.5;

/// What a perfect recognizer reports of the annotated frame `note`.
pub fn seen_of(note: &FrameNote) -> Vec<Seen> {
    note.objects.iter().filter_map(seen_of_object).collect()
}

fn seen_of_object(o: &ObjectNote) -> Option<Seen> {
    let identity = match (&o.card, o.class) {
        (Some(face), _) => {
            if !o.index_visible.iter().any(|&v| v) {
                return None;
            }
            Identity::Card(face.parse::<Card>().ok()?)
        }
        (None, 52) if o.visible >= MIN_VISIBLE => Identity::CardBack,
        (None, 53..=58) if o.visible >= MIN_VISIBLE => Identity::Chip(*o.chips_cents.last()?),
        _ => return None,
    };
    let c = o.corners;
    let centre = [
        (c[0][0] + c[1][0] + c[2][0] + c[3][0]) / 4.0,
        (c[0][1] + c[1][1] + c[2][1] + c[3][1]) / 4.0,
    ];
    let point = match identity {
        Identity::Card(_) => o
            .index_points
            .iter()
            .zip(&o.index_visible)
            .find(|(_, v)| **v)
            .map_or(centre, |(p, _)| *p),
        _ => centre,
    };
    Some(Seen {
        identity,
        score: 1.0,
        read: 1.0,
        centre,
        corners: c,
        point,
        faces: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note(o: ObjectNote) -> FrameNote {
        FrameNote {
            frame: 0,
            t: 0.0,
            objects: vec![o],
        }
    }

    fn object(class: u32, card: Option<&str>, chips: Vec<i64>, visible: f64) -> ObjectNote {
        ObjectNote {
            id: 1,
            class,
            name: String::new(),
            card: card.map(str::to_string),
            chips_cents: chips,
            corners: [[0.0, 0.0], [40.0, 0.0], [40.0, 56.0], [0.0, 56.0]],
            bbox: [0.0, 0.0, 40.0, 56.0],
            visible,
            index_points: if card.is_some() {
                vec![[6.0, 8.0], [34.0, 48.0]]
            } else {
                vec![]
            },
            index_visible: if card.is_some() {
                vec![false, true]
            } else {
                vec![]
            },
            space: 1,
            hand: 1,
            moving: false,
        }
    }

    #[test]
    fn a_card_is_reported_by_the_index_in_view_and_a_stack_by_its_top_chip() {
        let card = seen_of(&note(object(0, Some("Ac"), vec![], 0.3)));
        assert_eq!(card.len(), 1);
        assert_eq!(card[0].identity, Identity::Card("Ac".parse().unwrap()));
        assert_eq!(card[0].point, [34.0, 48.0]);
        assert_eq!(card[0].centre, [20.0, 28.0]);
        let stack = seen_of(&note(object(56, None, vec![100, 500, 2500], 1.0)));
        assert_eq!(stack[0].identity, Identity::Chip(2500));
        // Half covered or less: not reported.
        assert!(seen_of(&note(object(52, None, vec![], 0.4))).is_empty());
        assert!(seen_of(&note(object(59, None, vec![], 1.0))).is_empty());
        let mut hidden = object(0, Some("Ac"), vec![], 1.0);
        hidden.index_visible = vec![false, false];
        assert!(seen_of(&note(hidden)).is_empty());
    }
}
