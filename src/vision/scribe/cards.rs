//! The scribe's cards: placed when they lie still by a hand or the dealer, set apart as split
//! hands, found again after the dealer's hand covered them, turned, burned, picked up and
//! cleared at the end of the round.
//!
//! This file holds what the scribe knows of each card track and follows them; placing a card
//! at a hand or the dealer's spot is in `place`, judging cards gone out of sight in `leave`,
//! the discard lane and burns in `discard`.

mod discard;
pub(super) use discard::LaneSighting;
mod leave;
mod place;
mod unsure;

use std::collections::HashMap;

use super::{Scribe, centroid, dist, poly_depth, poly_dist, sub};
use crate::events::{Bet, EventKind, Target, WagerKind};
use crate::layout::{CARD_H, CARD_W, PixelPt, contains};
use crate::rules::Card;
use crate::rules::twenty_one::HandValue;
use crate::vision::pitnet::{Seen, at_right_angle, half_width};
use crate::vision::tracker::{Change, Track, kin};
use crate::vision::yolo::Identity;

/// Where a placed card belongs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Spot {
    Space(u8),
    Dealer,
}

/// Seconds a placed card may have been out of sight when a card comes to rest on its place
/// and still be found there again, read as another face: the next card dealt past it, under
/// the dealer's hand, hid it, and the detector read it a moment as another face (shift seed
/// 16 at 3101 s: space 2's 3h read as 4h for three looks as the 4h flew over it to space 3,
/// written dealt to space 2, its hand 21 and not a loser).
const FOUND_AGAIN_S: f64 = 1.0;

/// Samples across a chip's disc, each way, in [`Scribe::share_on_cards`]: 16 by 16, of which
/// 208 fall in the disc, so a share is known to half a percent.
const DISC_SAMPLES: u32 = 16;

/// Seconds the shuffle's piles lie before the dealer, at least: the dealer shuffles all the
/// cards thoroughly, in front of the players (08-08(1)), and a shoe's cards take longer
/// than this (the simulated shuffle's piles lie 17.8 s or more). A card back found where
/// none lay for less (held-out shift seed 74 at 431.4 s: the printed "DEALER MUST DRAW"
/// line found as a back for 6.6 s as a new dealer's burn flew past, the burn taken for it
/// laid and a `shuffle` written when it went, a `no_burn` not there) is no pile.
pub(super) const PILE_MIN_S: f64 = 10.0;

/// The same, for a card read as the placed card's own face: a card half covered is found off
/// its centre, and two cards of one face never lie this near in a hand (a hit card lies a
/// card's index along, more than a half width; shift seed 12 at 1385 s, a split hand's Ks
/// found again 14.5 pixels off, just under its half width, as the dealer paid the hand beside
/// it, and written as dealt to it after the hole card was turned).
const SAME_FACE: f64 = 1.0;

/// A card placed at a spot.
#[derive(Debug, Clone, Copy)]
pub(super) struct Placed {
    spot: Spot,
    hand: u8,
    /// Where it came to rest, pixels.
    at: [f64; 2],
    /// When it came to rest, seconds.
    pub(super) t: f64,
    /// The sequence number of its `card` event.
    event: u64,
    /// The sequence number of its `hole_card_turned` event, once turned.
    turned: Option<u64>,
    /// When it last came to rest away from where it lay (set apart as a split hand, or
    /// carried with its hand's cards as the dealer took them up), seconds.
    moved_t: Option<f64>,
    /// Where it lay before it last came to rest elsewhere, pixels.
    from: Option<[f64; 2]>,
    /// Times it came to rest set apart from where it lay as a split hand ([`Scribe::set_apart`]).
    set_apart: u8,
    /// Dealt at a right angle to its hand: a double-down's card or a split ace's, the
    /// hand's last (08-09(2)(c), (d)).
    rotated: bool,
}

/// What the scribe knows of one card track.
#[derive(Debug, Clone)]
pub(super) struct CardNote {
    identity: Identity,
    corners: [[f64; 2]; 4],
    /// Where it came to rest, and since when.
    rest: [f64; 2],
    rest_t: f64,
    /// Where it lay before its last rest, and since when: a card found off its centre for a
    /// look (half covered by the dealer's hand passing over it) and then where it lay again
    /// never left there.
    left_rest: Option<([f64; 2], f64)>,
    /// When it was first and last found, seconds.
    first_t: f64,
    pub(super) seen_t: f64,
    /// When it last went out of sight for [`AWHILE_S`] or more before being found again.
    unseen_from: Option<f64>,
    /// A placed card whose track was lost soon after it was first found, while its hand's
    /// other cards stayed: still lying there, unseen (see [`SLIP_S`]).
    slipped: bool,
    /// Its `burn` event, written when it went from a player's hand alone, face up, while the
    /// hand's other cards stayed (a card taken back, 08-08(3)). It is kept as lying there unseen all the
    /// same: a card of its face found on its spot later in the round is it, lost by the
    /// detector a while (three cards laid across split hands side by side, the middle one
    /// unfound for four seconds: shift seed 12 at 805 s), and the burn is taken back.
    burned: Option<u64>,
    /// It has been seen face down.
    was_back: bool,
    /// When it was last read face down, seconds (`NEG_INFINITY`: never).
    back_t: f64,
    /// When it turned face up before it was placed (a hole card turned at once).
    turned_t: Option<f64>,
    /// A face down card read face up where it lay (a hole card turned), fewer times than the
    /// tracker takes to call it turned: the face read surest and when first read so.
    glimpsed: Option<(Card, f64)>,
    /// A pile of the shuffle: a card back come to rest at the dealer's spot with no placed
    /// card in sight, between rounds (the dealer's first card is dealt after every player's,
    /// 08-10(1), face up). Never placed; when it goes, the shoe is loaded.
    pile: bool,
    pub(super) placed: Option<Placed>,
    /// How surely its face is read: the reader's confidence in its leading face per find
    /// (the tracker's votes for that face over its finds, 0 to 1; see [`sureness`]).
    sure: f64,
    /// The face of its rank its reads do not rule out ([`unsure::not_ruled_out`]).
    or: Option<Card>,
    /// The same, as last written into its event ([`Scribe::mark_unsure_faces`]).
    or_written: Option<Card>,
}

/// How surely `tr`'s face is read: the votes for its leading identity (each find's reading
/// confidence times the detector's score) over its finds that read a face, 0 to 1 (a hole
/// card's finds face down do not count). A face read surely at each find is near 0.9; a
/// small suit mark read as either suit of its colour by turns, near half that.
fn sureness(tr: &Track) -> f64 {
    let lead = tr
        .votes
        .iter()
        .find(|v| v.0 == tr.identity)
        .map_or(0.0, |v| v.1);
    lead / f64::from(tr.face_hits.max(1))
}

/// A placed card that went out of sight, waiting to be judged.
#[derive(Debug, Clone, Copy)]
pub(super) struct Leaving {
    /// The card's track.
    pub(super) track: u64,
    /// When it was last seen, seconds.
    pub(super) t: f64,
}

impl Scribe {
    pub(super) fn card_change(&mut self, c: &Change) {
        match c {
            Change::Appeared(tr) if tr.is_card() => {
                self.cards
                    .insert(tr.id, Self::note_of(tr, self.config.still));
            }
            Change::Identity { track, was } if track.is_card() => {
                self.take_back(track, *was);
                self.reidentify(track, *was);
            }
            Change::Gone(tr) if tr.is_card() => {
                if self.taken_up_unplaced(tr) {
                    self.place(tr.id);
                }
                let placed = self.cards.get(&tr.id).and_then(|n| n.placed).is_some();
                if placed {
                    self.leaving.push(Leaving {
                        track: tr.id,
                        t: tr.last,
                    });
                } else if let Some(n) = self.cards.remove(&tr.id)
                    && n.pile
                    && self.lay_as_a_pile(&n, tr.last)
                {
                    self.pile_gone(tr.last);
                }
            }
            _ => {}
        }
    }

    /// What the scribe first knows of card track `tr`, just become an object: `still` is how
    /// far it may be found off and still be lying there, as a share of its half width.
    pub(super) fn note_of(tr: &Track, still: f64) -> CardNote {
        CardNote {
            identity: tr.identity,
            corners: tr.corners,
            rest: tr.centre,
            // Still since its first find, unless it was moving then: found
            // where it was first found, or slowly. (Either alone is too strict:
            // a card found a little off in one look has a velocity. Shift seed
            // 13 at 483 s: the hole card, found faintly from 483.43 s, 4 pixels
            // off at 484.40 s, its first sure find, was dealt after the next
            // card.) Else still since its find before the last, found there:
            // its first find was off (held-out shift seed 59 at 105.4 s: a bust
            // hand's 5s, first found half under the 10d being laid over it, read
            // as a 5d 11 pixels off, then still for half a second until the hand
            // was taken, never written dealt).
            rest_t: Self::still_since(tr, still),
            left_rest: None,
            first_t: tr.first,
            seen_t: tr.last,
            unseen_from: None,
            slipped: false,
            burned: None,
            was_back: tr.identity == Identity::CardBack,
            back_t: if tr.identity == Identity::CardBack {
                tr.last
            } else {
                f64::NEG_INFINITY
            },
            // Found face down before it was face up: turned then (or uncovered).
            turned_t: tr.faced.filter(|&f| f > tr.first),
            glimpsed: None,
            pile: false,
            placed: None,
            sure: sureness(tr),
            or: unsure::not_ruled_out(tr),
            or_written: None,
        }
    }

    /// Since when a card track just become an object has lain where it lies now (seconds):
    /// `still` is how far it may be found off and still be lying there, as a share of its half
    /// width.
    fn still_since(tr: &Track, still: f64) -> f64 {
        let near = still * half_width(&tr.corners);
        if dist(tr.origin, tr.centre)
            .min(tr.velocity[0].hypot(tr.velocity[1]) * (tr.last - tr.first))
            <= near
        {
            tr.first
        } else {
            tr.before
                .filter(|&(at, _)| dist(at, tr.centre) <= near)
                .map_or(tr.last, |(_, t)| t)
        }
    }

    /// A card's leading identity changed: a hole card turned, or a misread outvoted.
    fn reidentify(&mut self, track: &Track, was: Identity) {
        let now = self.now;
        let Some(note) = self.cards.get_mut(&track.id) else {
            return;
        };
        note.identity = track.identity;
        let Some(placed) = note.placed else {
            if was == Identity::CardBack {
                note.turned_t = Some(now - 0.2);
            }
            return;
        };
        let Identity::Card(card) = track.identity else {
            return;
        };
        match (placed.spot, was, placed.turned) {
            (Spot::Dealer, Identity::CardBack, None) => {
                let at = self.turned_when(track.id);
                let seq = self.write(at, EventKind::HoleCardTurned { card, or: None });
                if let Some(n) = self.cards.get_mut(&track.id)
                    && let Some(p) = n.placed.as_mut()
                {
                    p.turned = Some(seq);
                }
            }
            (_, _, Some(turned)) => self.amend(turned, |k| unsure::set_face(k, card)),
            _ => self.amend(placed.event, |k| unsure::set_face(k, card)),
        }
    }

    /// When hole card `id`, which the tracker says turned now, turned over (08-11(10)): when it
    /// was first read face up since it was last read face down; the tracker says so a few
    /// face-up readings on. Turned under the dealer's hand, it may be out of sight a while
    /// first (held-out shift seed 55 at 2647.1 s: first read face up 0.9 s after the turn,
    /// under the dealer's arm, and called turned 0.9 s after that). No earlier: a face cannot
    /// be read before the card turns, and a player's card dealt before the turn must stay
    /// before it (08-12(14)). See too [`Scribe::turned_before_settling`].
    fn turned_when(&self, id: u64) -> f64 {
        let said = self.now - 0.2;
        self.cards
            .get(&id)
            .and_then(|n| n.glimpsed.map(|g| g.1).filter(|&f| f > n.back_t))
            .map_or(said, |f| f.min(said))
    }

    /// Once the round is over: the hole card's turn, written after a hand settled since the
    /// card was last read face down whose settling waits on the dealer's hand, moved to just
    /// before it (08-11(10): the dealer turns the hole card once every player has acted, then
    /// settles). The turn went unseen under the dealer's hand, and a wager is written
    /// collected when its chips were last seen, which may be as the dealer's arm passed over
    /// them (held-out shift seed 55 at 2647.1 s: space 4's losing wager last seen 0.1 s
    /// after the turn, and its collection written before it). The hole card was dealt
    /// before it turned: its `card` event, written as it came to rest after, goes to just
    /// before the turn, unless a card written between was dealt after it (held-out shift
    /// seed 84 at 144.3 s: the hole card dealt and turned at once, come to rest only as it
    /// turned, and the turn moved before it to ahead of space 6's collection, a
    /// `round_unreconstructable` not there).
    pub(super) fn turned_before_settling(&mut self) {
        let turns: Vec<(u64, f64, u64)> = self
            .dealer
            .iter()
            .filter_map(|id| self.cards.get(id))
            .filter_map(|n| Some((n.placed?.turned?, n.back_t, n.placed?.event)))
            .collect();
        let time = |s: &Self, seq: u64| s.pending.iter().find(|p| p.seq == seq).map(|p| p.t);
        for (seq, back, dealt) in turns {
            let Some(turned) = time(self, seq) else {
                continue;
            };
            let first = self
                .pending
                .iter()
                .filter(|p| p.t > back && p.t < turned && self.waits_on_the_dealer(&p.kind))
                .map(|p| p.t)
                .fold(f64::INFINITY, f64::min);
            if !first.is_finite() {
                continue;
            }
            let at = (first - 0.05).max(back + (first - back) / 2.0);
            let Some(dealt_t) = time(self, dealt) else {
                self.retime(seq, at);
                continue;
            };
            if dealt_t < at {
                self.retime(seq, at);
                continue;
            }
            let before = at - 0.05;
            let dealt_between = self.pending.iter().any(|p| {
                p.seq != dealt
                    && (before..=dealt_t).contains(&p.t)
                    && matches!(p.kind, EventKind::Card { .. })
            });
            if !dealt_between {
                self.retime(dealt, before);
                self.retime(seq, at);
            }
        }
    }

    /// Whether a `collect` or `payout` settles a main wager that waits on the dealer's hand
    /// turned face up: collected from a hand read and not bust, or paid on one read and not
    /// a two-card twenty-one (a bust is collected at once, 08-11(6); a natural against no ace
    /// or ten-count is paid at once, 08-11(11)).
    fn waits_on_the_dealer(&self, kind: &EventKind) -> bool {
        let (space, hand, bet, paid) = match *kind {
            EventKind::Collect {
                space, hand, bet, ..
            } => (space, hand, bet, false),
            EventKind::Payout {
                space, hand, bet, ..
            } => (space, hand, bet, true),
            _ => return false,
        };
        let faces = self.hand_faces(space, hand);
        if bet != Bet::Main || faces.len() < 2 || faces.iter().any(Option::is_none) {
            return false;
        }
        let v = HandValue::of(faces.iter().flatten().map(|c| c.rank));
        !(v.is_bust() || paid && v.is_two_card_21())
    }

    /// The faces of `hand`'s placed cards at betting `space`, in the order dealt (`None`: a
    /// card not read face up).
    pub(super) fn hand_faces(&self, space: u8, hand: u8) -> Vec<Option<Card>> {
        let ids = self
            .hands
            .get(usize::from(space))
            .and_then(|h| h.get(usize::from(hand.max(1) - 1)));
        ids.into_iter()
            .flatten()
            .map(|id| match self.cards.get(id).map(|c| c.identity) {
                Some(Identity::Card(c)) => Some(c),
                _ => None,
            })
            .collect()
    }

    /// Puts the card tracks `cards` in the order they were dealt, as far as can be told: by
    /// when each came to rest, and of two that came to rest at once (the first uncovered by
    /// the dealer's hand as the second was dealt), the one nearer the cards already placed
    /// first, as a hand's cards are laid each past the last. (Shift seed 13 at 3588 s: a hand's
    /// 2c and Kc found at once, the 2c next to the hand's 4h, were written Kc then 2c, a card
    /// to a bust hand.)
    pub(super) fn in_dealing_order(&self, cards: &mut [&Track]) {
        let placed: Vec<[f64; 2]> = self
            .cards
            .values()
            .filter_map(|n| n.placed.map(|p| p.at))
            .collect();
        let key = |tr: &Track| {
            let note = self.cards.get(&tr.id);
            let rest_t = note.map_or(f64::INFINITY, |n| n.rest_t);
            let rest = note.map_or(tr.centre, |n| n.rest);
            let near = placed
                .iter()
                .map(|p| dist(*p, rest))
                .fold(f64::INFINITY, f64::min);
            (rest_t, near)
        };
        // Each card's key once, not once per comparison (this runs every look).
        let mut keyed: Vec<((f64, f64), &Track)> = cards.iter().map(|tr| (key(tr), *tr)).collect();
        keyed.sort_by(|(a, _), (b, _)| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
        for (slot, (_, tr)) in cards.iter_mut().zip(keyed) {
            *slot = tr;
        }
    }

    /// Follows a card on the felt: placed once it lies still near a zone; a placed card that
    /// comes to rest a card's width away is a split hand set apart.
    pub(super) fn follow(&mut self, tr: &Track) {
        let (still, settle, split) = (
            self.config.still,
            self.config.settle_s,
            self.config.split_move,
        );
        // The faces of the dealer's other cards, placed and not found in this look: one of
        // them read where the hole card lies was slid over it as the dealer gathered the
        // cards (08-11(17)), not the hole card's face; so too a face the reader confuses with
        // one (held-out shift seed 100 at 3070.7 s: the up card 10s, slid over the hole card
        // blurred, read 10c). Only wanted when a face-down card reads face up.
        let slid: Vec<Identity> = if tr.identity == Identity::CardBack && tr.face_up_run() >= 1 {
            self.cards
                .iter()
                .filter(|(id, n)| {
                    **id != tr.id
                        && n.placed.is_some_and(|p| p.spot == Spot::Dealer)
                        && !self.cards_found.contains(id)
                })
                .map(|(_, n)| n.identity)
                .collect()
        } else {
            Vec::new()
        };
        let Some(note) = self.cards.get_mut(&tr.id) else {
            return;
        };
        let half = half_width(&tr.corners).max(1.0);
        note.corners = tr.corners;
        note.identity = tr.identity;
        note.sure = sureness(tr);
        note.or = unsure::not_ruled_out(tr);
        note.was_back |= tr.identity == Identity::CardBack;
        if tr.identity == Identity::CardBack && tr.face_up_run() == 0 && tr.last >= self.now - 1e-6
        {
            note.back_t = tr.last;
        }
        // Its last find before this look.
        let seen_before = note.seen_t;
        note.seen_t = tr.last;
        if tr.last - seen_before >= AWHILE_S {
            note.unseen_from = Some(seen_before);
        }
        // The hole card turned over where it lies (08-11(10)), read face up this look (as it
        // came to rest, too: a dealer with no player to wait for turns it at once).
        if tr.identity == Identity::CardBack
            && tr.face_up_run() >= 1
            && tr.last >= self.now - 1e-6
            && note
                .placed
                .is_none_or(|p| p.spot == Spot::Dealer && p.turned.is_none())
            && dist(tr.centre, note.rest) <= still * half
            && let Some(card) = tr
                .votes
                .iter()
                .filter_map(|v| match v.0 {
                    Identity::Card(c) => Some((c, v.1)),
                    _ => None,
                })
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .map(|v| v.0)
            && !slid.iter().any(|&s| kin(s, Identity::Card(card)))
        {
            let first = note.glimpsed.map_or(tr.last, |g| g.1);
            note.glimpsed = Some((card, first));
        }
        if dist(tr.centre, note.rest) > still * half {
            // Back where it lay before a rest it never lay still at: it lay there all along
            // (shift seed 12 at 3533 s: space 1's second card, found off its centre as the
            // dealer's hand passed over it dealing the next hands, was written dealt after
            // them). So too back where it was first found, never placed, when it came to rest
            // later than that: found off its centre, half covered, as its track was confirmed
            // (held-out shift seed 36 at 2830.8 s: space 2's Jc, found as it landed, lost
            // under the dealer's hand dealing space 3's Jd and found a little aside as the
            // hand left, was written dealt after the Jd, a dealing-order finding).
            match note.left_rest {
                _ if note.placed.is_none()
                    && note.rest_t > note.first_t
                    && dist(tr.centre, tr.origin) <= still * half =>
                {
                    note.rest = tr.origin;
                    note.rest_t = note.first_t;
                    note.left_rest = None;
                }
                Some((at, t))
                    if dist(tr.centre, at) <= still * half
                        && seen_before - note.rest_t < settle =>
                {
                    note.rest = at;
                    note.rest_t = t;
                    note.left_rest = None;
                }
                _ => {
                    note.left_rest = Some((note.rest, note.rest_t));
                    note.rest = tr.centre;
                    note.rest_t = tr.last;
                }
            }
        }
        // Lying still means found there, again and again, for `settle_s`.
        if tr.last - note.rest_t < settle {
            return;
        }
        match note.placed {
            // Not found just twice, looks apart: see [`FOUND_APART_S`].
            None if tr.hits <= 2 && tr.before.is_some_and(|(_, t)| tr.last - t > FOUND_APART_S) => {
            }
            None => self.place(tr.id),
            Some(p) if dist(note.rest, p.at) > split * 2.0 * half => self.set_apart(tr.id),
            Some(_) => {}
        }
    }

    /// A card of `face` lying placed at `space` with its corners at `corners` (pixels) since
    /// `t` seconds, as if dealt there: for tests of what lies on cards.
    #[cfg(test)]
    pub(super) fn lay_card(
        &mut self,
        id: u64,
        face: Card,
        space: u8,
        corners: [[f64; 2]; 4],
        t: f64,
    ) {
        let at = centroid(&corners);
        self.cards.insert(
            id,
            CardNote {
                identity: Identity::Card(face),
                corners,
                rest: at,
                rest_t: t,
                left_rest: None,
                first_t: t,
                seen_t: t,
                unseen_from: None,
                slipped: false,
                burned: None,
                was_back: false,
                back_t: f64::NEG_INFINITY,
                turned_t: None,
                glimpsed: None,
                pile: false,
                placed: Some(Placed {
                    spot: Spot::Space(space),
                    hand: 1,
                    at,
                    t,
                    event: u64::MAX,
                    turned: None,
                    moved_t: None,
                    from: None,
                    set_apart: 0,
                    rotated: false,
                }),
                sure: 0.9,
                or: None,
                or_written: None,
            },
        );
    }

    /// The share (0 to 1) of a chip of radius `r` centred at `p` (pixels) that lies over the
    /// cards placed: the disc sampled on a grid of [`DISC_SAMPLES`] across, a sample over a
    /// card when it lies inside any card's outline. A chip at the corner where two cards meet
    /// lies over both.
    pub(super) fn share_on_cards(&self, p: [f64; 2], r: f64) -> f64 {
        let cards: Vec<&[[f64; 2]]> = self
            .cards
            .values()
            .filter(|c| c.placed.is_some())
            .map(|c| c.corners.as_slice())
            .filter(|c| poly_dist(c, p) < r)
            .collect();
        if cards.is_empty() || r <= 0.0 {
            return 0.0;
        }
        let n = DISC_SAMPLES;
        let (mut on, mut all) = (0u32, 0u32);
        for i in 0..n {
            for j in 0..n {
                let o = [
                    (2.0 * (f64::from(i) + 0.5) / f64::from(n) - 1.0) * r,
                    (2.0 * (f64::from(j) + 0.5) / f64::from(n) - 1.0) * r,
                ];
                if o[0].hypot(o[1]) > r {
                    continue;
                }
                all += 1;
                let q = [p[0] + o[0], p[1] + o[1]];
                if cards.iter().any(|c| poly_depth(c, q) > 0.0) {
                    on += 1;
                }
            }
        }
        f64::from(on) / f64::from(all.max(1))
    }

    /// How far `p` (pixels) lies inside a card placed this round by `t` seconds, to the
    /// card's nearest edge: 0 where it lies on none.
    pub(super) fn card_depth(&self, p: [f64; 2], t: f64) -> f64 {
        self.depth_in_cards(p, t, |_| true)
    }

    /// How far `p` (pixels) lies inside a card placed by `t` seconds and out of sight from
    /// then on (covered as something came to rest on it at `t`), as [`Scribe::card_depth`].
    pub(super) fn hidden_card_depth(&self, p: [f64; 2], t: f64) -> f64 {
        self.depth_in_cards(p, t, |c| c.seen_t < t)
    }

    /// How far `p` (pixels) lies inside the cards placed by `t` seconds that `keep` keeps,
    /// to the nearest edge of the one it lies deepest in: 0 where it lies in none.
    fn depth_in_cards(&self, p: [f64; 2], t: f64, keep: impl Fn(&CardNote) -> bool) -> f64 {
        self.cards
            .values()
            .filter(|c| c.placed.is_some_and(|q| q.t <= t) && keep(c))
            .map(|c| poly_depth(&c.corners, p))
            .fold(0.0, f64::max)
    }

    /// True when a card that came to rest between `from` and `to` seconds lies over `p`
    /// (within `reach` pixels of its box).
    pub(super) fn card_laid_over(&self, p: [f64; 2], reach: f64, from: f64, to: f64) -> bool {
        self.cards.values().any(|n| {
            n.placed
                .is_some_and(|q| (from..=to).contains(&q.t) && poly_dist(&n.corners, p) <= reach)
        })
    }

    /// The space the dealer last dealt a card to since the dealer's own last card (the space
    /// in play once every hand holds two cards), if any.
    pub(super) fn in_play(&self) -> Option<u8> {
        let dealers = self
            .dealer
            .iter()
            .filter_map(|id| self.cards.get(id)?.placed)
            .map(|p| p.t)
            .fold(f64::NEG_INFINITY, f64::max);
        self.cards
            .values()
            .filter_map(|n| n.placed)
            .filter(|p| p.t > dealers && dealers.is_finite())
            .max_by(|a, b| a.t.total_cmp(&b.t))
            .and_then(|p| match p.spot {
                Spot::Space(s) => Some(s),
                Spot::Dealer => None,
            })
    }

    /// Since when a pile of the shuffle has lain where the pile `n` lies, seconds: when the
    /// first was laid there since the last card was placed (a pile the detector lost a while
    /// and found again lay there all along).
    pub(super) fn pile_laid_since(&self, n: &CardNote) -> f64 {
        let half = half_width(&n.corners);
        self.piles_laid
            .iter()
            .filter(|&&(p, h, _)| dist(p, n.rest) <= h.max(half))
            .map(|l| l.2)
            .fold(n.rest_t, f64::min)
    }

    /// True when the pile `n` had lain [`PILE_MIN_S`] by `t` seconds: one of a shuffle's, not
    /// a card back found a few seconds where none lay.
    pub(super) fn lay_as_a_pile(&self, n: &CardNote, t: f64) -> bool {
        t - self.pile_laid_since(n) >= PILE_MIN_S
    }

    /// True when no placed card was in sight from `t` on: between a round's clear (its cards
    /// out of sight, though not yet judged gone) and the next round's first card.
    fn bare_since(&self, t: f64) -> bool {
        self.cards
            .values()
            .all(|n| n.placed.is_none() || n.seen_t < t)
    }

    /// Space `s`'s `bet` paid or taken at `t` seconds: once the dealer's hand is face up its
    /// hands are settled, and cards written as dealt to them after `t` and after the dealer's
    /// hand lay face up, over one of their cards (come to rest before the payoff was read),
    /// are taken back, as [`Scribe::place`] would not write them now: no player is dealt a
    /// card once the dealer's hand is face up (99-01.3-08-11(10)). A card that came to rest
    /// before then was dealt, though the hand's wager, hidden by the dealer's hand as the
    /// card went down, is dated before it: a hand busted by its hit and taken at once,
    /// the taking read only after the hole card turned (held-out shift seed 31 at 721.6 s:
    /// a jack of clubs, the bust card, taken back).
    pub(super) fn settled(&mut self, s: u8, bet: Bet, t: f64) {
        if bet == Bet::Insurance {
            return;
        }
        let Some(up) = self.dealer_face_up_at() else {
            return;
        };
        let late: Vec<(u64, u64)> = self
            .cards
            .iter()
            .filter_map(|(&id, n)| {
                let p = n.placed?;
                (p.spot == Spot::Space(s) && p.t > t && p.t >= up).then_some((id, p.event))
            })
            .filter(|&(id, _)| self.over_placed(id))
            .collect();
        for (id, event) in late {
            self.unwrite(event);
            self.forget_slot(id);
        }
    }

    /// Whether card `id` came to rest within a half width of another card placed and in
    /// sight then (see [`SAME_FACE`]: a card half covered is found off its centre).
    fn over_placed(&self, id: u64) -> bool {
        let Some(note) = self.cards.get(&id) else {
            return false;
        };
        let (rest, rest_t, half) = (note.rest, note.rest_t, half_width(&note.corners));
        self.cards.iter().any(|(&k, o)| {
            k != id
                && o.seen_t >= rest_t - FOUND_AGAIN_S
                && o.placed.is_some_and(|p| {
                    dist(p.at, rest) <= SAME_FACE * half.max(half_width(&o.corners))
                })
        })
    }

    /// Whether a payoff or collection of space `s`'s wager or tip was written before `t`
    /// seconds this round (insurance is settled before the players act, 08-09(2)(b)).
    fn settled_before(&self, s: u8, t: f64) -> bool {
        self.pending.iter().any(|p| {
            p.t < t
                && match p.kind {
                    EventKind::Payout { space, bet, .. }
                    | EventKind::Collect { space, bet, .. } => space == s && bet != Bet::Insurance,
                    _ => false,
                }
        })
    }

    /// Where the dealer's next draw goes: as far past the card furthest along the dealer's
    /// row as that card lies past the one before it (hit cards are laid in a row to the
    /// immediate right of the first two, 08-11(10)(f)), pixels. The row is ordered by distance
    /// from the dealer's first card, not by the order written: two draws of one face may have
    /// swapped tracks (held-out shift seed 34 at 1965 s). `None` with fewer than two cards
    /// placed.
    fn dealers_next_place(&self) -> Option<[f64; 2]> {
        let mut placed: Vec<[f64; 2]> = self
            .dealer
            .iter()
            .filter_map(|id| self.cards.get(id)?.placed.map(|p| p.at))
            .collect();
        let first = *placed.first()?;
        placed.sort_by(|a, b| dist(*a, first).total_cmp(&dist(*b, first)));
        let [.., a, b] = placed.as_slice() else {
            return None;
        };
        Some([2.0 * b[0] - a[0], 2.0 * b[1] - a[1]])
    }

    /// When the dealer's hand came to lie face up, seconds: its hole card's turning (the
    /// `hole_card_turned` event's time, or long ago when that event has gone out), or, with
    /// no hole card seen, its second card's coming to rest. `None` before the dealer's turn.
    fn dealer_face_up_at(&self) -> Option<f64> {
        if !self.dealers_turn() {
            return None;
        }
        let mut turned = None;
        for id in &self.dealer {
            let Some(seq) = self.cards.get(id).and_then(|n| n.placed?.turned) else {
                continue;
            };
            let at = self
                .pending
                .iter()
                .find(|p| p.seq == seq)
                .map_or(f64::NEG_INFINITY, |p| p.t);
            turned = Some(turned.map_or(at, |t: f64| t.max(at)));
        }
        turned.or_else(|| {
            let second = self.dealer.get(1)?;
            Some(self.cards.get(second)?.placed?.t)
        })
    }

    /// True once the dealer's hand lies face up, two cards or more: the players have acted and
    /// the dealer plays (08-11(10)).
    pub(super) fn dealers_turn(&self) -> bool {
        self.dealer.len() >= 2
            && self.dealer.iter().all(|id| {
                self.cards
                    .get(id)
                    .is_some_and(|n| n.identity != Identity::CardBack)
            })
    }
}

/// Seconds before a card lies still in which card backs seen in flight may have been it.
const FLIGHT_S: f64 = 2.0;

/// Where `p` lies along the line from `a` to `b`: the share of the way (0 at `a`, 1 at `b`)
/// and the distance off the segment, pixels.
fn along(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> (f64, f64) {
    let ab = sub(b, a);
    let len2 = (ab[0] * ab[0] + ab[1] * ab[1]).max(1e-9);
    let ap = sub(p, a);
    let f = (ap[0] * ab[0] + ap[1] * ab[1]) / len2;
    let q = [
        a[0] + ab[0] * f.clamp(0.0, 1.0),
        a[1] + ab[1] * f.clamp(0.0, 1.0),
    ];
    (f, dist(p, q))
}

/// Seconds within which a hand's cards found one after another may have been uncovered
/// together, out of the order they were dealt (see [`row_place`]).
const UNCOVERED_S: f64 = 1.0;

/// Seconds within which a placed card's track, found still from the first, may be lost while
/// the card lies there (`Scribe::slipped_away`).
const SLIP_S: f64 = 1.0;

/// Seconds between a card's only two finds, its first and its last, over which it is not yet
/// taken to lie there, but once found there again: more than a look's interval (five looks a
/// second), a look or more between them that did not find it. The dealer draws each card from
/// the shoe to one spot beside it, and two cards of one face drawn in turn, each found there
/// once in the dealer's hand, are one track found still (held-out shift seed 99 at 571.4 s:
/// the 2s dealt to space 2 and the 2s dealt to space 3 found 0.6 s apart where the dealer
/// held each, by space 1's 2c, and written as a third card dealt to space 1, a
/// `dealing_order` and a `push_collected` not there). A card found as it lands and covered by
/// the dealer's hand a while is found there again, and keeps the time of its first find.
const FOUND_APART_S: f64 = 0.3;

/// Seconds out of sight after which a card found again on its spot may have gone with its
/// spot's cards when they went (see [`Scribe::judge_group`]).
const AWHILE_S: f64 = 1.0;
