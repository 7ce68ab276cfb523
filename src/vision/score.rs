//! Scoring a recognizer against the simulator's annotations: which annotated cards and chips
//! it found, which faces and values it read right, what it saw that is not there. Pure.
//!
//! A found card matches an annotated card (face up or down) whose centre lies within 35% of
//! the card's width of its own; a found chip matches an annotated chip within 60% of the
//! chip's radius. Matching is greedy, nearest first, against every annotated object however
//! covered, so that a thing mostly hidden is neither a miss nor a false find. Only objects at
//! rest on the table are scored: a card or chip in flight (dealt, paid, collected) or off the
//! felt (chips a player took back) may be found but is neither a miss nor a wrong reading.
//! Recall counts the objects at least half in view (`visible >= 0.5`); a face is scored where
//! one of its indices is in view.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::rules::cards::Card;
use crate::sim::annotate::{FrameNote, ObjectNote, class_names};
use crate::vision::pitnet::Seen;
use crate::vision::yolo::Identity;

/// Share of the object that must be in view for it to count towards recall.
pub const RECALL_VISIBLE: f64 = 0.5;

/// Counts of one class.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ClassCount {
    /// Annotated objects of the class in view enough to count.
    pub truth: u64,
    /// Of those, found and read as this class.
    pub hit: u64,
    /// Found things read as this class.
    pub found: u64,
    /// Of those, matching an annotated object of this class.
    pub correct: u64,
}

/// What one frame scored.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct FrameScore {
    /// Annotated objects in view enough that nothing matched.
    pub missed: u32,
    /// Matched objects read wrong (face, value, or face up against face down).
    pub wrong: u32,
    /// Things found where nothing is annotated.
    pub extra: u32,
}

impl FrameScore {
    /// How bad the frame is: every error counts one.
    pub fn errors(&self) -> u32 {
        self.missed + self.wrong + self.extra
    }
}

/// Running totals over many frames.
#[derive(Debug, Clone, Default)]
pub struct Score {
    /// Per class number (see [`class_names`]; 0..=58).
    pub classes: BTreeMap<u32, ClassCount>,
    /// Face-up cards with an index in view, matched: (read right, all).
    pub card_faces: (u64, u64),
    /// Chips matched: (value read right, all).
    pub chip_values: (u64, u64),
    /// Cards (face up or down) in view enough: (found, all).
    pub card_recall: (u64, u64),
    /// Chips in view enough: (found, all).
    pub chip_recall: (u64, u64),
    /// Found things that match nothing: (cards, chips).
    pub extra: (u64, u64),
    /// Found things of each kind: (cards, chips).
    pub found: (u64, u64),
    /// (annotated, read) class-name pairs that differ, with counts.
    pub confusion: BTreeMap<(String, String), u64>,
    /// Frames scored.
    pub frames: u64,
}

fn centre(o: &ObjectNote) -> [f64; 2] {
    let x = o.corners.iter().map(|p| p[0]).sum::<f64>() / 4.0;
    let y = o.corners.iter().map(|p| p[1]).sum::<f64>() / 4.0;
    [x, y]
}

fn side(o: &ObjectNote) -> f64 {
    let [a, b, c, _] = o.corners;
    let w = (b[0] - a[0]).hypot(b[1] - a[1]);
    let h = (c[0] - b[0]).hypot(c[1] - b[1]);
    w.min(h)
}

/// The class number a found thing reads as.
pub fn class_of(s: &Seen) -> Option<u32> {
    match s.identity {
        Identity::Card(c) => Some(c.index() as u32),
        Identity::CardBack => Some(52),
        Identity::Chip(v) => crate::layout::TRAY_DENOMS
            .iter()
            .position(|&d| d == v)
            .map(|i| 53 + i as u32),
        _ => None,
    }
}

fn name(class: u32) -> String {
    class_names()
        .get(class as usize)
        .cloned()
        .unwrap_or_else(|| format!("class {class}"))
}

impl Score {
    /// Scores one annotated frame against what was found in it; `on_table` says whether a
    /// point (pixels) is on the playing surface.
    pub fn frame(
        &mut self,
        note: &FrameNote,
        seen: &[Seen],
        on_table: &dyn Fn([f64; 2]) -> bool,
    ) -> FrameScore {
        self.frames += 1;
        let truth: Vec<&ObjectNote> = note.objects.iter().filter(|o| o.class <= 58).collect();
        // Candidate pairs, nearest first.
        let mut pairs = Vec::new();
        for (i, o) in truth.iter().enumerate() {
            let (c, card) = (centre(o), o.class <= 52);
            let limit = if card {
                0.35 * side(o)
            } else {
                0.6 * side(o) / 2.0
            };
            for (j, s) in seen.iter().enumerate() {
                if s.is_card() != card {
                    continue;
                }
                let d = (s.centre[0] - c[0]).hypot(s.centre[1] - c[1]);
                if d < limit {
                    pairs.push((d, i, j));
                }
            }
        }
        pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut of_truth = vec![None; truth.len()];
        let mut taken = vec![false; seen.len()];
        for (_, i, j) in pairs {
            if of_truth[i].is_none() && !taken[j] {
                of_truth[i] = Some(j);
                taken[j] = true;
            }
        }
        let mut fs = FrameScore::default();
        for (i, o) in truth.iter().enumerate() {
            if o.moving || !on_table(centre(o)) {
                continue;
            }
            let card = o.class <= 52;
            let counts = o.visible >= RECALL_VISIBLE;
            let read = of_truth[i].and_then(|j| class_of(&seen[j]));
            if counts {
                self.classes.entry(o.class).or_default().truth += 1;
                let r = if card {
                    &mut self.card_recall
                } else {
                    &mut self.chip_recall
                };
                r.1 += 1;
                if read.is_some() {
                    r.0 += 1;
                } else {
                    fs.missed += 1;
                }
                if read == Some(o.class) {
                    self.classes.entry(o.class).or_default().hit += 1;
                }
            }
            let Some(read) = read else {
                continue;
            };
            if card && o.class < 52 && o.index_visible.iter().any(|&v| v) {
                self.card_faces.1 += 1;
                if read == o.class {
                    self.card_faces.0 += 1;
                }
            }
            if !card {
                self.chip_values.1 += 1;
                if read == o.class {
                    self.chip_values.0 += 1;
                }
            }
            let scored = !card || o.class == 52 || o.index_visible.iter().any(|&v| v);
            if read != o.class && scored {
                fs.wrong += 1;
                *self
                    .confusion
                    .entry((name(o.class), name(read)))
                    .or_default() += 1;
            }
        }
        for (j, s) in seen.iter().enumerate() {
            let Some(class) = class_of(s) else {
                continue;
            };
            let c = self.classes.entry(class).or_default();
            c.found += 1;
            let kind = if s.is_card() {
                &mut self.found.0
            } else {
                &mut self.found.1
            };
            *kind += 1;
            if taken[j] {
                let matched = of_truth
                    .iter()
                    .position(|&m| m == Some(j))
                    .map(|i| truth[i].class);
                if matched == Some(class) {
                    self.classes.entry(class).or_default().correct += 1;
                }
            } else {
                fs.extra += 1;
                if s.is_card() {
                    self.extra.0 += 1;
                } else {
                    self.extra.1 += 1;
                }
            }
        }
        fs
    }
}

/// A fraction, 1 when nothing was counted.
pub fn ratio(r: (u64, u64)) -> f64 {
    if r.1 == 0 {
        1.0
    } else {
        r.0 as f64 / r.1 as f64
    }
}

/// The name of a card class (`"10h"`), for reports.
pub fn card_name(class: u32) -> String {
    Card::from_index(class as usize).map_or_else(|| name(class), |c| c.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card_note(class: u32, c: [f64; 2], visible: f64) -> ObjectNote {
        let corners = [
            [c[0] - 20.0, c[1] - 28.0],
            [c[0] + 20.0, c[1] - 28.0],
            [c[0] + 20.0, c[1] + 28.0],
            [c[0] - 20.0, c[1] + 28.0],
        ];
        ObjectNote {
            id: 1,
            class,
            name: name(class),
            card: None,
            chips_cents: Vec::new(),
            corners,
            bbox: [c[0] - 20.0, c[1] - 28.0, c[0] + 20.0, c[1] + 28.0],
            visible,
            index_points: vec![c, c],
            index_visible: vec![true, true],
            space: 1,
            hand: 1,
            moving: false,
        }
    }

    fn seen(identity: Identity, c: [f64; 2]) -> Seen {
        Seen {
            identity,
            score: 0.9,
            read: 0.9,
            centre: c,
            corners: [
                [c[0] - 20.0, c[1] - 28.0],
                [c[0] + 20.0, c[1] - 28.0],
                [c[0] + 20.0, c[1] + 28.0],
                [c[0] - 20.0, c[1] + 28.0],
            ],
            point: c,
            faces: None,
        }
    }

    #[test]
    fn a_right_read_a_wrong_read_a_miss_and_an_extra() {
        let note = FrameNote {
            frame: 0,
            t: 0.0,
            objects: vec![
                card_note(0, [100.0, 100.0], 1.0),
                card_note(5, [300.0, 100.0], 1.0),
                card_note(9, [500.0, 100.0], 0.8),
                // Mostly covered: neither a miss nor counted.
                card_note(12, [700.0, 100.0], 0.2),
            ],
        };
        let c = |i: usize| Identity::Card(Card::from_index(i).unwrap());
        let found = [
            seen(c(0), [103.0, 98.0]),
            seen(c(6), [300.0, 100.0]),
            seen(c(1), [900.0, 100.0]),
        ];
        let mut s = Score::default();
        let f = s.frame(&note, &found, &|_| true);
        assert_eq!(
            f,
            FrameScore {
                missed: 1,
                wrong: 1,
                extra: 1
            }
        );
        assert_eq!(s.card_faces, (1, 2));
        assert_eq!(s.card_recall, (2, 3));
        assert_eq!(s.classes[&0].hit, 1);
        assert_eq!(s.classes[&6].found, 1);
        assert_eq!(s.classes[&6].correct, 0);
        assert_eq!(s.confusion.len(), 1);
        assert_eq!(ratio(s.card_faces), 0.5);
        // In flight, or off the table: neither missed nor read wrong, nor an extra find.
        let mut moving = note.clone();
        for o in &mut moving.objects {
            o.moving = true;
        }
        let mut s = Score::default();
        let f = s.frame(&moving, &found[..2], &|_| true);
        assert_eq!(f.errors(), 0);
        assert_eq!(s.card_recall, (0, 0));
        let mut s = Score::default();
        let f = s.frame(&note, &found[..2], &|p| p[0] < 200.0);
        assert_eq!(f, FrameScore::default());
        assert_eq!(s.card_faces, (1, 1));
    }
}
