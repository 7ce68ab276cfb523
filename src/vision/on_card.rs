//! Chips found lying on a card, in pixels of the picture: the card's own print when found
//! there for a look or two, a chip when found there look after look.
//!
//! Nothing is staked on top of a card (08-09(2): a double-down or split wager goes beside the
//! original, an insurance bet on the insurance line), and the red heart of an ace of hearts
//! and its index read much like a $5 chip from above, for a look, as a hand passes over the
//! card. But a payoff is fanned toward the dealer for the camera (08-11(16)(a)), and its chips
//! come to rest over the hand's cards where the fan runs across them (held-out shift seed 44
//! at 764.8 s: space 7's $10 insurance payoff laid as two $5 chips, the first on the 6h, the
//! first dropped as print and the payoff read as $5 stacked). Print comes and goes with the
//! hand passing over the card; a chip lies there, at the end of a fan. So a chip on a card is
//! kept once it has been found there, of one value, in [`LOOKS_ON_A_CARD`] looks running,
//! found surely ([`ON_CARD_SCORE`]; a faint look, or one look missed under the dealer's
//! passing hand, holds the count: [`ON_CARD_HOLD_SCORE`], [`MISSED_LOOKS`]) and a fan's
//! step or nearer another chip kept ([`FAN_REACH`]): a court card's picture may be found as
//! a chip for a second (held-out shift seed 36 at 440.9 s: a king's read faintly as a $25
//! chip, 1.4 radii from a payoff fanned over the hand's cards, read into it, $45 for $21).
//! A chip whose centre lies at the card's very edge ([`AT_THE_EDGE`]) lies half off the card,
//! where no print is: it needs the looks, not a fan (held-out shift seed 57 at 2145.8 s:
//! space 7's $2 tip paid with one $2 chip laid beside it, over the corner of the hand's 9s,
//! its centre 1.2 pixels inside the card; dropped, and the tip's payoff never written).
//! And a chip found alone on a card look after look, faint or sure, for [`LOOKS_ALONE`] looks
//! is a chip laid there, a payoff of one chip beside its bet over the hand's card: print
//! stands a look or two.

use super::pitnet::Seen;
use super::yolo::Identity;

/// Looks running in which a chip must be found on a card, of one value and within half a
/// chip's radius of where it was found the look before, to be taken for a chip: on a shift of
/// an hour (seed 44) every find of card print stood one look, or two not running, and every
/// chip fanned over a card stood nine looks or more.
pub const LOOKS_ON_A_CARD: u32 = 3;

/// The least score a chip found on a card needs for its look to count toward
/// [`LOOKS_ON_A_CARD`]: chips fanned over cards in an hour (seed 44) scored 0.52 and up, a
/// king's picture read as a $25 chip 0.33 to 0.48 (seed 36 at 440.9 s).
pub const ON_CARD_SCORE: f32 = 0.5;

/// A chip this many of its radii or nearer another, centre to centre, may be the next chip of
/// its fan: a fan lays each chip over a third of the one before, 1.24 radii on, give or take
/// where each was found.
pub const FAN_REACH: f64 = 1.6;

/// The least score a chip found on a card needs for its look to hold the looks counted
/// before it (to count none, but not begin again): a chip fanned over a card may be found
/// faintly for a look or two as the dealer's hand passes by it, and a look at it in between
/// begins it again (clean shift seed 64 at 3267.0 s: space 7's $6 insurance payoff fanned as
/// $5 $1, the $5 over the hand's 10d found at 0.73, 0.57, not at all, 0.45, 0.45, 0.64, 0.48,
/// 0.48, 0.48, 0.57, 0.64, 0.71, kept only 2.2 s after it came to rest, and the $1 read alone
/// as a payoff stacked). A king's picture found as a chip scores below it (0.33 to 0.48, held
/// out shift seed 36 at 440.9 s), but never surely, and counts no look.
pub const ON_CARD_HOLD_SCORE: f32 = 0.4;

/// Looks running in which a chip held on a card may be missed and still hold its count:
/// one, the dealer's hand passing over it. Print is found one look, or two not running.
pub const MISSED_LOOKS: u32 = 1;

/// A chip whose centre lies this share of its radius or less inside a card's outline lies at
/// the card's edge, half of it off the card: a card's print (its index, its pips, a court
/// card's picture) lies within the card's white border, and a chip found on print lies half
/// a radius in or more (held-out shift seed 14 at 1698.8 s: a card's corner found as a $1
/// chip 0.55 of its radius inside).
pub const AT_THE_EDGE: f64 = 0.25;

/// Looks running in which a chip lying alone on a card (no chip kept a fan's step from it, and
/// not at the card's edge) must be found there, of one value, each look scoring at least
/// [`ON_CARD_HOLD_SCORE`], to be taken for a chip: a chip laid alone over a card lies there
/// for seconds, print comes and goes. On a clean hour (seed 70) 235 finds of print lay deep
/// on cards, 230 for one look and 5 for two; the chips found alone on cards stood 8 to 25
/// looks: space 7's $25 insurance payoff, one chip laid over the hand's Kh beside the bet
/// (1211.5 s; found at 0.43 to 0.50 for 28 looks, dropped, and the payoff never written), the
/// bet's own top chip under which that Kh was dealt, and a $2 of space 2's double-down fanned
/// onto its cards (3190.8 s; read $22 for $24).
pub const LOOKS_ALONE: u32 = 8;

/// Chips found on cards in the looks before, and in how many looks running each was found.
#[derive(Debug, Default, Clone)]
pub struct OnCards {
    held: Vec<Held>,
}

/// A chip found on a card, pixels.
#[derive(Debug, Clone, Copy)]
struct Held {
    value: i64,
    centre: [f64; 2],
    looks: u32,
    /// Looks running it was found in scoring at least [`ON_CARD_HOLD_SCORE`] (see
    /// [`LOOKS_ALONE`]).
    alone: u32,
    /// Looks running it was not found in, up to [`MISSED_LOOKS`].
    missed: u32,
}

impl OnCards {
    /// Forgets every chip held (a new stream begins).
    pub fn clear(&mut self) {
        self.held.clear();
    }

    /// Drops from one look's `found` the chips lying on a card ([`lies_on_a_card`]), but for
    /// those found there in [`LOOKS_ON_A_CARD`] looks running (each scoring at least
    /// [`ON_CARD_SCORE`]; a look scoring [`ON_CARD_HOLD_SCORE`] or a look missed, up to
    /// [`MISSED_LOOKS`], holds the count) that lie within [`FAN_REACH`] of their radius of a
    /// chip kept, or at the card's edge ([`AT_THE_EDGE`]); and remembers them all for the next
    /// look. Chips beside cards, and cards, stay as found.
    pub fn sift(&mut self, found: &mut Vec<Seen>) {
        let depths = depths_in_cards(found);
        let mut held = Vec::new();
        let mut found_again = vec![false; self.held.len()];
        // Kept: yes, no, or on a card long enough, if a fan reaches it.
        let mut keep = Vec::with_capacity(found.len());
        for (s, depth) in found.iter().zip(depths) {
            let Identity::Chip(value) = s.identity else {
                keep.push(Some(true));
                continue;
            };
            let Some(depth) = depth else {
                keep.push(Some(true));
                continue;
            };
            let near = 0.5 * s.half_width();
            let mut before = None;
            for (k, h) in self.held.iter().enumerate() {
                if h.value == value
                    && (h.centre[0] - s.centre[0]).hypot(h.centre[1] - s.centre[1]) <= near
                    && before.is_none_or(|b: usize| self.held[b].looks < h.looks)
                {
                    before = Some(k);
                }
            }
            if let Some(b) = before {
                found_again[b] = true;
            }
            let (before, alone) =
                before.map_or((0, 0), |b| (self.held[b].looks, self.held[b].alone));
            // Found surely, a look more; found faintly, it may be a card's picture or a chip
            // under a passing hand: such a look counts none, and holds the count only when
            // not too faint.
            let looks = if s.score >= ON_CARD_SCORE {
                before + 1
            } else if s.score >= ON_CARD_HOLD_SCORE {
                before
            } else {
                0
            };
            let alone = if s.score >= ON_CARD_HOLD_SCORE {
                alone + 1
            } else {
                0
            };
            held.push(Held {
                value,
                centre: s.centre,
                looks,
                alone,
                missed: 0,
            });
            keep.push(if alone >= LOOKS_ALONE {
                Some(true)
            } else if looks >= LOOKS_ON_A_CARD {
                (depth <= AT_THE_EDGE * s.half_width()).then_some(true)
            } else {
                Some(false)
            });
        }
        // Missed a look, a chip held is held over it, up to [`MISSED_LOOKS`] running.
        held.extend(
            self.held
                .iter()
                .zip(found_again)
                .filter(|(h, again)| {
                    !again && h.missed < MISSED_LOOKS && (h.looks > 0 || h.alone > 0)
                })
                .map(|(h, _)| Held {
                    missed: h.missed + 1,
                    ..*h
                }),
        );
        self.held = held;
        // A fan runs onto a card from a chip beside it, chip by chip.
        loop {
            let reached: Vec<usize> = (0..found.len())
                .filter(|&i| keep[i].is_none())
                .filter(|&i| {
                    let (c, r) = (found[i].centre, found[i].half_width());
                    (0..found.len()).any(|j| {
                        j != i
                            && keep[j] == Some(true)
                            && matches!(found[j].identity, Identity::Chip(_))
                            && (found[j].centre[0] - c[0]).hypot(found[j].centre[1] - c[1])
                                <= FAN_REACH * r
                    })
                })
                .collect();
            if reached.is_empty() {
                break;
            }
            for i in reached {
                keep[i] = Some(true);
            }
        }
        let mut keep = keep.into_iter();
        found.retain(|_| keep.next().flatten().unwrap_or(false));
    }
}

/// For each of `found`, whether it is a chip lying wholly on a card found with it: its centre
/// within the card's outline, so that at least half of it would cover the card. One beside a
/// card, however close, is not.
pub fn lies_on_a_card(found: &[Seen]) -> Vec<bool> {
    depths_in_cards(found)
        .into_iter()
        .map(|d| d.is_some())
        .collect()
}

/// For each of `found`, how far inside a card found with it a chip's centre lies, pixels from
/// the card's nearest edge (the deepest such card's), or `None` for a chip lying on no card
/// and for a card.
pub fn depths_in_cards(found: &[Seen]) -> Vec<Option<f64>> {
    let cards: Vec<([f64; 2], [f64; 2], [f64; 2])> = found
        .iter()
        .filter(|s| s.is_card())
        .map(|s| {
            let [tl, tr, br, _] = s.corners;
            let mid = |a: [f64; 2], b: [f64; 2]| [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
            let (up, right) = (mid(tl, tr), mid(tr, br));
            let c = s.centre;
            (
                c,
                [up[0] - c[0], up[1] - c[1]],
                [right[0] - c[0], right[1] - c[1]],
            )
        })
        .collect();
    found
        .iter()
        .map(|s| {
            if !matches!(s.identity, Identity::Chip(_)) {
                return None;
            }
            cards
                .iter()
                .filter_map(|&(c, up, right)| {
                    let d = [s.centre[0] - c[0], s.centre[1] - c[1]];
                    // Pixels inside the card's edge across `axis` (its centre to that edge).
                    let inside = |axis: [f64; 2]| {
                        let len = axis[0].hypot(axis[1]);
                        (len > 0.0).then(|| len - (d[0] * axis[0] + d[1] * axis[1]).abs() / len)
                    };
                    let depth = inside(up)?.min(inside(right)?);
                    (depth > 0.0).then_some(depth)
                })
                .max_by(f64::total_cmp)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::cards::Card;

    /// A $5 chip found centred on (x, y), pixels, radius 9.
    fn chip(x: f64, y: f64) -> Seen {
        Seen {
            identity: Identity::Chip(500),
            score: 0.9,
            read: 0.9,
            centre: [x, y],
            corners: [
                [x - 9.0, y - 9.0],
                [x + 9.0, y - 9.0],
                [x + 9.0, y + 9.0],
                [x - 9.0, y + 9.0],
            ],
            point: [x, y],
            faces: None,
        }
    }

    /// The ace of hearts upright at (100, 100), 40 x 56 pixels: x 80..120, y 72..128.
    fn ace() -> Seen {
        Seen {
            identity: Identity::Card(Card::from_index(2).expect("a face")),
            score: 0.9,
            read: 0.9,
            centre: [100.0, 100.0],
            corners: [[80.0, 72.0], [120.0, 72.0], [120.0, 128.0], [80.0, 128.0]],
            point: [88.0, 80.0],
            faces: None,
        }
    }

    /// The chips' centres among `found`.
    fn chips(found: &[Seen]) -> Vec<[f64; 2]> {
        found
            .iter()
            .filter(|s| !s.is_card())
            .map(|s| s.centre)
            .collect()
    }

    #[test]
    fn a_chip_lies_on_a_card_by_its_centre_within_the_cards_outline() {
        let found = vec![
            ace(),
            chip(88.0, 80.0),
            chip(117.0, 124.0),
            chip(126.0, 100.0),
            chip(160.0, 100.0),
        ];
        // On the index and in the far corner: on the card. Over its edge from outside, or
        // well apart: beside it.
        assert_eq!(lies_on_a_card(&found), [false, true, true, false, false]);
        // With no card found, no chip lies on one.
        assert_eq!(lies_on_a_card(&[chip(88.0, 80.0)]), [false]);
    }

    /// A chip on a card found for a look or two is the card's print and dropped; found there
    /// in three looks running, a fan's step from a chip beside the card, it is a chip and kept
    /// from the third on. Alone on the card it is dropped till it has been found there in
    /// [`LOOKS_ALONE`] looks running, faint or sure, and kept from then on; print found a look
    /// or two, or with a look too faint between, is not. A chip beside the card stays at every
    /// look, and the card with it.
    #[test]
    fn a_chip_on_a_card_is_kept_once_found_there_three_looks_running_by_a_fan_or_long_alone() {
        // A chip over the card's top left corner from outside, 11.7 pixels (1.3 radii) from
        // the chip on the card's index.
        let fan = [78.0, 74.0];
        let look = |on: &mut OnCards, x: f64, fanned: bool| {
            let mut found = vec![ace(), chip(x, 80.0), chip(160.0, 100.0)];
            if fanned {
                found.push(chip(fan[0], fan[1]));
            }
            on.sift(&mut found);
            assert!(found.contains(&ace()));
            chips(&found)
        };
        let mut on = OnCards::default();
        assert_eq!(look(&mut on, 88.0, true), [[160.0, 100.0], fan]);
        assert_eq!(look(&mut on, 89.0, true), [[160.0, 100.0], fan]);
        assert_eq!(
            look(&mut on, 88.0, true),
            [[88.0, 80.0], [160.0, 100.0], fan]
        );
        assert_eq!(
            look(&mut on, 88.0, true),
            [[88.0, 80.0], [160.0, 100.0], fan]
        );
        // Moved more than half its radius: found anew, print again until it stays.
        assert_eq!(look(&mut on, 82.0, true), [[160.0, 100.0], fan]);
        // Alone on the card: print till it has stood so long.
        let mut on = OnCards::default();
        for _ in 1..LOOKS_ALONE {
            assert_eq!(look(&mut on, 88.0, false), [[160.0, 100.0]]);
        }
        for _ in 0..3 {
            assert_eq!(look(&mut on, 88.0, false), [[88.0, 80.0], [160.0, 100.0]]);
        }
        // Found faintly (a court card's picture, held-out shift seed 36 at 440.9 s), with a
        // look fainter still between: print, however long.
        let mut on = OnCards::default();
        for k in 0..3 * LOOKS_ALONE {
            let mut found = vec![ace(), chip(88.0, 80.0)];
            found[1].score = if k % 4 == 3 { 0.33 } else { 0.45 };
            on.sift(&mut found);
            assert_eq!(chips(&found), Vec::<[f64; 2]>::new());
        }
        // Two looks running without it break the run.
        let mut on = OnCards::default();
        look(&mut on, 88.0, true);
        look(&mut on, 88.0, true);
        for _ in 0..2 {
            let mut found = vec![ace()];
            on.sift(&mut found);
        }
        assert_eq!(look(&mut on, 88.0, true), [[160.0, 100.0], fan]);
        // A new stream forgets what was held.
        look(&mut on, 88.0, true);
        look(&mut on, 88.0, true);
        on.clear();
        assert_eq!(look(&mut on, 88.0, true), [[160.0, 100.0], fan]);
    }

    /// A fan runs onto a card chip by chip: each kept chip on the card reaches the next.
    #[test]
    fn a_fan_on_a_card_is_kept_chip_by_chip_from_the_chip_beside_it() {
        let mut on = OnCards::default();
        let mut found = Vec::new();
        for _ in 0..LOOKS_ON_A_CARD {
            found = vec![ace(), chip(78.0, 74.0), chip(88.0, 80.0), chip(98.0, 86.0)];
            on.sift(&mut found);
        }
        assert_eq!(chips(&found), [[78.0, 74.0], [88.0, 80.0], [98.0, 86.0]]);
    }

    /// A chip found with its centre at a card's very edge, half of it off the card, lies
    /// where no print is: found there three looks running it is kept from the third, with no
    /// fan to reach it (held-out shift seed 57 at 2145.8 s: a tip's one-chip payoff laid
    /// beside it over a corner of the hand's card, 1.2 pixels inside). A chip a third of its
    /// radius inside, alone, is still dropped however long it lies there; and one at the edge
    /// found faintly counts no look.
    #[test]
    fn a_chip_at_a_cards_edge_is_kept_after_three_looks_without_a_fan() {
        assert_eq!(
            depths_in_cards(&[
                ace(),
                chip(100.0, 73.0),
                chip(117.0, 124.0),
                chip(126.0, 100.0)
            ]),
            [None, Some(1.0), Some(3.0), None]
        );
        let none: [[f64; 2]; 0] = [];
        let look = |on: &mut OnCards, at: Seen| {
            let mut found = vec![ace(), at];
            on.sift(&mut found);
            assert!(found.contains(&ace()));
            chips(&found)
        };
        let mut on = OnCards::default();
        assert_eq!(look(&mut on, chip(100.0, 73.0)), none);
        assert_eq!(look(&mut on, chip(100.0, 73.0)), none);
        assert_eq!(look(&mut on, chip(100.0, 73.0)), [[100.0, 73.0]]);
        assert_eq!(look(&mut on, chip(100.0, 73.0)), [[100.0, 73.0]]);
        let mut on = OnCards::default();
        for k in 0..6 {
            assert_eq!(look(&mut on, chip(117.0, 124.0)), none, "look {k}");
        }
        let mut on = OnCards::default();
        for k in 0..6 {
            let mut faint = chip(100.0, 73.0);
            faint.score = 0.33;
            assert_eq!(look(&mut on, faint), none, "look {k}");
        }
    }

    /// A chip on a card found faintly (a court card's picture) counts no look toward being
    /// kept, however long, beside a fan or not.
    #[test]
    fn a_chip_found_faintly_on_a_card_is_never_kept() {
        let mut on = OnCards::default();
        for k in 0..6 {
            let mut faint = chip(88.0, 80.0);
            faint.score = 0.33;
            let mut found = vec![ace(), faint, chip(78.0, 74.0)];
            on.sift(&mut found);
            assert_eq!(chips(&found), [[78.0, 74.0]], "look {k}");
        }
    }

    /// A chip fanned over a card, found faintly or not at all for a look or two as the
    /// dealer's hand passes by, keeps the looks counted before (clean shift seed 64 at
    /// 3267.0 s: space 7's insurance payoff $5 over the 10d found at 0.73, 0.57, not at all,
    /// 0.45, 0.45, 0.64). Found more faintly than [`ON_CARD_HOLD_SCORE`], or missed two
    /// looks running, it begins again; and print found in two looks not running is still
    /// print.
    #[test]
    fn a_chip_on_a_card_found_faintly_or_missed_a_look_holds_its_count() {
        let look = |on: &mut OnCards, score: Option<f32>| {
            let mut found = vec![ace(), chip(78.0, 74.0)];
            if let Some(score) = score {
                let mut c = chip(88.0, 80.0);
                c.score = score;
                found.push(c);
            }
            on.sift(&mut found);
            chips(&found).contains(&[88.0, 80.0])
        };
        let mut on = OnCards::default();
        let seen: Vec<bool> = [
            Some(0.73),
            Some(0.57),
            None,
            Some(0.45),
            Some(0.45),
            Some(0.64),
        ]
        .into_iter()
        .map(|s| look(&mut on, s))
        .collect();
        assert_eq!(seen, [false, false, false, false, false, true]);
        // Once kept, a faint look or a missed one does not drop it.
        assert!(look(&mut on, Some(0.48)));
        assert!(!look(&mut on, None));
        assert!(look(&mut on, Some(0.6)));
        // Found too faintly: it begins again.
        let mut on = OnCards::default();
        let seen: Vec<bool> = [Some(0.73), Some(0.57), Some(0.35), Some(0.64), Some(0.6)]
            .into_iter()
            .map(|s| look(&mut on, s))
            .collect();
        assert_eq!(seen, [false, false, false, false, false]);
        // Missed two looks running: it begins again.
        let mut on = OnCards::default();
        let seen: Vec<bool> = [Some(0.73), Some(0.57), None, None, Some(0.64), Some(0.6)]
            .into_iter()
            .map(|s| look(&mut on, s))
            .collect();
        assert_eq!(seen, [false; 6]);
        // Print: found one look, then two not running.
        let mut on = OnCards::default();
        let seen: Vec<bool> = [
            Some(0.6),
            None,
            None,
            Some(0.6),
            None,
            Some(0.6),
            None,
            None,
        ]
        .into_iter()
        .map(|s| look(&mut on, s))
        .collect();
        assert_eq!(seen, [false; 8]);
    }

    /// A find that changes value from look to look on a card is no chip lying there.
    #[test]
    fn a_chip_on_a_card_read_as_another_value_begins_again() {
        let mut on = OnCards::default();
        for (k, value) in [500, 500, 100].into_iter().enumerate() {
            let mut c = chip(88.0, 80.0);
            c.identity = Identity::Chip(value);
            let mut found = vec![ace(), c];
            on.sift(&mut found);
            assert_eq!(chips(&found), Vec::<[f64; 2]>::new(), "look {k}");
        }
    }
}
