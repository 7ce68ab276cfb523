//! The scribe: the tracker's objects turned into the table-event log (`docs/events.md`).
//!
//! It watches cards come to rest in the layout's zones and go again, and writes what a person
//! reviewing the footage would write down: a card dealt to a hand or the dealer (face up, face
//! down, at a right angle), the hole card turned, a card burned from a place or from the shoe,
//! one space's cards picked up, and the clear of the table that ends a round (N.D. Admin. Code
//! 99-01.3-08-11(17)).
//!
//! A round's events are held until the round ends and written then, in time order, so that what
//! later footage shows can still correct them: a card's face is the tracker's vote over every
//! frame it was seen in, and a card's going is judged only once every card that went with it
//! has been missed long enough to be gone. Positions are frame pixels; times are seconds into
//! the footage. Pure and synchronous, like the tracker it follows.

mod cards;
mod chips;

use std::collections::HashMap;

use super::pitnet::Seen;
use super::tracker::{Change, Track};
use crate::events::{Event, EventKind, Id};
use crate::layout::{Layout, PixelPt, contains};
use cards::{CardNote, Leaving};
use chips::{Axes, ChipNote, Paid, Stake, axes_of};

/// How the scribe decides.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScribeConfig {
    /// Seconds a card must lie still before it counts as placed.
    pub settle_s: f64,
    /// How far a card may shift, as a share of its half width, and still be lying still.
    pub still: f64,
    /// Cards last seen within this many seconds of each other went in one act (a clear).
    pub together_s: f64,
    /// Seconds after a card was last seen before its going is judged: the tracker's
    /// `keep_s` (until then it may only be covered) plus `together_s`.
    pub judge_after_s: f64,
    /// How far from a zone, in card widths, a card may lie and still belong to it.
    pub reach: f64,
    /// How far, in card widths, a placed card must move to have become a hand of its own
    /// (a split, 08-09(2)(c)).
    pub split_move: f64,
    /// How near the discard holder a card back must be seen, as a share of the way from the
    /// shoe to it, to be a card burned from the shoe on its way there (08-08(3)).
    pub burn_reach: f64,
    /// How far off the line from the shoe to the discard holder, as a share of its length, a
    /// card back in flight may be seen and still be on a burned card's way.
    pub burn_lane: f64,
    /// The table's maximum wager in cents, when known: a wager over it is valued at it
    /// (N.D. Admin. Code 99-01.3-08-09(1)), and its payoff is judged against that.
    pub table_max_cents: Option<i64>,
}

impl Default for ScribeConfig {
    fn default() -> ScribeConfig {
        ScribeConfig {
            settle_s: 0.25,
            still: 0.35,
            together_s: 0.5,
            judge_after_s: 3.6,
            reach: 1.0,
            split_move: 0.8,
            burn_reach: 0.3,
            burn_lane: 0.1,
            table_max_cents: None,
        }
    }
}

/// An event written but not yet released: its round may still correct it.
#[derive(Debug, Clone)]
struct Pending {
    t: f64,
    seq: u64,
    kind: EventKind,
}

/// Writes the table-event log of one table from its tracked objects.
#[derive(Debug, Clone)]
pub struct Scribe {
    layout: Layout,
    table: Id,
    config: ScribeConfig,
    cards: HashMap<u64, CardNote>,
    /// Per betting space (index = number): its hands, each its placed cards in order.
    hands: Vec<Vec<Vec<u64>>>,
    /// The dealer's placed cards in order.
    dealer: Vec<u64>,
    leaving: Vec<Leaving>,
    /// Card backs seen by the discard holder: the last time of the current sighting, and how
    /// surely it was found at most.
    burn_seen: Option<(f64, f32)>,
    /// Card backs seen flying to the discard holder, waiting to be judged: when last seen.
    burns: Vec<f64>,
    /// When placed cards were last seen before they went (kept a while): a card back seen
    /// flying to the discard holder then was one of them.
    went_at: Vec<f64>,
    /// Card backs seen in the last seconds away from every placed card (cards in flight):
    /// when and where.
    flying: Vec<(f64, [f64; 2])>,
    /// Those of them in the lane from the shoe to the discard holder, waiting to be judged.
    in_lane: Vec<cards::LaneSighting>,
    /// When the shuffle's piles were last seen, as they went into the shoe, seconds.
    piles_went: Vec<f64>,
    /// Piles gone into the shoe: when, where they lay (pixels) and their half width.
    pile_spots: Vec<(f64, [f64; 2], f64)>,
    /// Where the shuffle's piles lay since the last card was placed, and their half widths,
    /// pixels; and since when, seconds.
    piles_laid: Vec<([f64; 2], f64, f64)>,
    chips: HashMap<u64, ChipNote>,
    /// Chips come to rest, waiting to be read together.
    arrivals: Vec<u64>,
    /// Chips of wagers that went out of sight: track and when last seen.
    chip_leaving: Vec<(u64, f64)>,
    /// Chips of wagers that went out of sight under chips laid over them: they lie there
    /// until the round's cards are cleared, and go with them.
    chips_under: Vec<u64>,
    /// Chips found in the last seconds away from every chip followed (chips in flight):
    /// when and where, pixels.
    chips_flying: Vec<(f64, [f64; 2])>,
    /// Chips found in the last seconds just past the felt on the players' side (see
    /// [`Scribe::past_the_felt`]): when and where, pixels.
    chips_beyond: Vec<(f64, [f64; 2])>,
    /// Every wager read this shift, in the order read (a chip's [`ChipNote`] names its wager
    /// by index here): this round's are those not closed. Asked about a space's wagers, the
    /// closed ones are last rounds' (held-out shift seed 38 at 2855.5 s: a resplit hand's
    /// wager looked for from a wager of an earlier round).
    stakes: Vec<Stake>,
    /// This round's payoffs.
    paid: Vec<Paid>,
    /// Pairs split: space, the hand split, the new hand, when.
    splits: Vec<(u8, u8, u8, f64)>,
    /// Placed cards' places taken over by a track found where they lay (see
    /// `cards::Scribe::take_place`): the track that lay there and the one that took it. The
    /// first may still be followed, and found there again.
    took: Vec<(u64, u64)>,
    /// Each space's directions in the frame.
    axes: Vec<Axes>,
    /// When the last round ended (its clear).
    cleared_at: f64,
    /// The dealer's second card, found face up without its back ever seen: its event, time
    /// and face (see `cards::Scribe::judge_group`).
    hole_unseen: Option<(u64, f64, crate::rules::cards::Card)>,
    /// The `shuffle` written since the last card was placed: its event.
    shuffle: Option<u64>,
    /// The card objects found in the look being read (their track ids).
    cards_found: Vec<u64>,
    pending: Vec<Pending>,
    seq: u64,
    now: f64,
    /// Seconds between the last two looked-at frames.
    step: f64,
}

impl Scribe {
    /// A scribe for the table `layout` describes, with nothing written yet.
    pub fn new(layout: &Layout, config: ScribeConfig) -> Scribe {
        Scribe {
            table: Id::new(&layout.table),
            hands: vec![Vec::new(); layout.spaces.len() + 1],
            layout: layout.clone(),
            config,
            cards: HashMap::new(),
            dealer: Vec::new(),
            leaving: Vec::new(),
            burn_seen: None,
            flying: Vec::new(),
            in_lane: Vec::new(),
            piles_went: Vec::new(),
            pile_spots: Vec::new(),
            piles_laid: Vec::new(),
            burns: Vec::new(),
            went_at: Vec::new(),
            chips: HashMap::new(),
            arrivals: Vec::new(),
            chip_leaving: Vec::new(),
            chips_under: Vec::new(),
            chips_flying: Vec::new(),
            chips_beyond: Vec::new(),
            stakes: Vec::new(),
            paid: Vec::new(),
            splits: Vec::new(),
            took: Vec::new(),
            axes: axes_of(layout),
            cleared_at: f64::NEG_INFINITY,
            hole_unseen: None,
            shuffle: None,
            cards_found: Vec::new(),
            pending: Vec::new(),
            seq: 0,
            now: 0.0,
            step: f64::INFINITY,
        }
    }

    /// Takes one looked-at frame at `t` seconds: what the recognizer found in it, what the
    /// tracker made of that (`changes`) and the objects it follows now (`objects`). Returns the
    /// events of every round that is now over, in time order.
    pub fn update<'a>(
        &mut self,
        t: f64,
        found: &[Seen],
        changes: &[Change],
        objects: impl IntoIterator<Item = &'a Track>,
    ) -> Vec<Event> {
        if t > self.now {
            self.step = t - self.now;
            self.now = t;
        }
        for c in changes {
            self.card_change(c);
            self.chip_change(c);
        }
        let (mut cards, chips): (Vec<&Track>, Vec<&Track>) =
            objects.into_iter().partition(|tr| tr.is_card());
        self.in_dealing_order(&mut cards);
        self.cards_found.clear();
        self.cards_found.extend(
            cards
                .iter()
                .filter(|tr| tr.last >= t - 1e-6)
                .map(|tr| tr.id),
        );
        for tr in cards {
            self.follow(tr);
        }
        self.mark_unsure_faces();
        for tr in chips {
            self.follow_chip(tr);
        }
        self.watch_chips_flying(found);
        self.watch_discard(found);
        self.judge_arrivals(false);
        // Flights in the shoe's lane first: judging cards gone forgets the cleared ones, and a
        // flight is judged by the cards that came to rest.
        self.piles_lost();
        self.judge_lane(false);
        let cleared = self.judge(false);
        self.judge_departures(false);
        self.judge_burns(false);
        // A round's events go out once everything seen before its clear is written.
        cleared.map_or_else(Vec::new, |t| self.release(t))
    }

    /// Takes the chips found at `t` seconds just past the felt on the players' side (pixels;
    /// [`crate::vision::recognizer::Recognizer::beyond_the_felt`]), before that frame's
    /// [`Scribe::update`]: not on the table, but a chip found there a moment after a wager
    /// went was handed back to the player, not collected.
    pub fn past_the_felt(&mut self, t: f64, points: &[[f64; 2]]) {
        self.chips_beyond.extend(points.iter().map(|&p| (t, p)));
    }

    /// Ends the footage: `changes` are the tracker's last (its `finish`). Returns every event
    /// not yet returned, a round still open included.
    pub fn finish(&mut self, changes: &[Change]) -> Vec<Event> {
        for c in changes {
            self.card_change(c);
            self.chip_change(c);
        }
        self.watch_discard(&[]);
        self.judge_arrivals(true);
        self.end_burn_seen();
        self.judge_lane(true);
        self.judge(true);
        self.judge_departures(true);
        self.judge_burns(true);
        self.release(f64::INFINITY)
    }

    fn write(&mut self, t: f64, kind: EventKind) -> u64 {
        self.seq += 1;
        self.pending.push(Pending {
            t: t.max(0.0),
            seq: self.seq,
            kind,
        });
        self.seq
    }

    /// The time of the last payoff, collection or return written at one of `spaces` after
    /// `from` and no later than `to`, seconds.
    fn settled_at(&self, spaces: &[u8], from: f64, to: f64) -> Option<f64> {
        self.pending
            .iter()
            .filter(|p| p.t > from && p.t <= to)
            .filter(|p| match p.kind {
                EventKind::Payout { space, .. }
                | EventKind::Collect { space, .. }
                | EventKind::Return { space, .. } => spaces.contains(&space),
                _ => false,
            })
            .map(|p| p.t)
            .reduce(f64::max)
    }

    fn amend(&mut self, seq: u64, f: impl FnOnce(&mut EventKind)) {
        if let Some(p) = self.pending.iter_mut().find(|p| p.seq == seq) {
            f(&mut p.kind);
        }
    }

    /// Moves an event written and not yet released to `t` seconds.
    fn retime(&mut self, seq: u64, t: f64) {
        if let Some(p) = self.pending.iter_mut().find(|p| p.seq == seq) {
            p.t = t.max(0.0);
        }
    }

    /// Takes back an event written and not yet released.
    fn unwrite(&mut self, seq: u64) {
        self.pending.retain(|p| p.seq != seq);
    }

    /// The events written up to `until` seconds, in time order.
    fn release(&mut self, until: f64) -> Vec<Event> {
        let (mut out, keep): (Vec<Pending>, Vec<Pending>) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|p| p.t <= until);
        self.pending = keep;
        out.sort_by(|a, b| a.t.total_cmp(&b.t).then(a.seq.cmp(&b.seq)));
        out.into_iter()
            .map(|p| Event {
                t: (p.t * 100.0).round() / 100.0,
                wall: None,
                table: self.table.clone(),
                kind: p.kind,
            })
            .collect()
    }
}

/// The mean of a polygon's corners, pixels.
fn centroid(poly: &[[f64; 2]]) -> [f64; 2] {
    let n = poly.len().max(1) as f64;
    let (x, y) = poly
        .iter()
        .fold((0.0, 0.0), |a, p| (a.0 + p[0], a.1 + p[1]));
    [x / n, y / n]
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// `a` less `b`, pixels.
fn sub(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    [a[0] - b[0], a[1] - b[1]]
}

/// Distance from a pixel to a polygon: 0 inside, else to its nearest edge.
fn poly_dist(poly: &[[f64; 2]], p: [f64; 2]) -> f64 {
    if poly.len() < 3 {
        return f64::INFINITY;
    }
    if contains(poly, PixelPt { x: p[0], y: p[1] }) {
        return 0.0;
    }
    edge_dist(poly, p)
}

/// How far a pixel lies inside a polygon, to its nearest edge: 0 outside.
fn poly_depth(poly: &[[f64; 2]], p: [f64; 2]) -> f64 {
    if poly.len() < 3 || !contains(poly, PixelPt { x: p[0], y: p[1] }) {
        return 0.0;
    }
    edge_dist(poly, p)
}

/// Distance from a pixel to a polygon's nearest edge, inside or out.
fn edge_dist(poly: &[[f64; 2]], p: [f64; 2]) -> f64 {
    let n = poly.len();
    (0..n)
        .map(|i| {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            let ab = [b[0] - a[0], b[1] - a[1]];
            let len2 = (ab[0] * ab[0] + ab[1] * ab[1]).max(1e-12);
            let f = (((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1]) / len2).clamp(0.0, 1.0);
            dist(p, [a[0] + ab[0] * f, a[1] + ab[1] * f])
        })
        .fold(f64::INFINITY, f64::min)
}

#[cfg(test)]
mod tests;
