//! The scribe's cards: placed when they lie still by a hand or the dealer, set apart as split
//! hands, found again after the dealer's hand covered them, turned, burned, picked up and
//! cleared at the end of the round.

use std::collections::HashMap;

use super::{Scribe, centroid, dist, poly_depth, poly_dist, sub};
use crate::events::{Bet, EventKind, Target, WagerKind};
use crate::layout::{CARD_H, CARD_W, PixelPt, contains};
use crate::rules::Card;
use crate::vision::pitnet::{Seen, half_width};
use crate::vision::tracker::{Change, Track};
use crate::vision::yolo::Identity;

/// Where a placed card belongs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Spot {
    Space(u8),
    Dealer,
}

/// How near (a share of a card's half width) a card at rest lies to a placed card still in
/// sight to be a second find of it.
const SAME_CARD: f64 = 0.5;

/// Seconds a placed card may have been out of sight when a card comes to rest on its place
/// and still be found there again, read as another face: the next card dealt past it, under
/// the dealer's hand, hid it, and the detector read it a moment as another face (shift seed
/// 16 at 3101 s: space 2's 3h read as 4h for three looks as the 4h flew over it to space 3,
/// written dealt to space 2, its hand 21 and not a loser).
const FOUND_AGAIN_S: f64 = 1.0;

/// Seconds before a card came to rest within which a placed card of its face, lost while
/// moving off its place, may have been it (see [`Scribe::lost_moving`]).
const LOST_MOVING_S: f64 = 1.5;

/// How far, in a card's half widths, from where a placed card lost moving was last found
/// the card it was may come to rest: a split hand is set apart about four half widths from
/// its pair (shift seed 17 at 1319 s, 73 pixels for cards 19 wide), and the track may be
/// lost at its first step.
const MOVED_REACH: f64 = 4.5;

/// The same, for a card read as the placed card's own face: a card half covered is found off
/// its centre, and two cards of one face never lie this near in a hand (a hit card lies a
/// card's index along, more than a half width; shift seed 12 at 1385 s, a split hand's Ks
/// found again 14.5 pixels off, just under its half width, as the dealer paid the hand beside
/// it, and written as dealt to it after the hole card was turned).
const SAME_FACE: f64 = 1.0;

/// Seconds a card of another rank must have been found on a placed card's place, the placed
/// card out of sight meanwhile, to be a card laid over it rather than it misread (see
/// [`Scribe::found_twice`]).
const COVERS_S: f64 = 1.0;

/// How far off a placed card's centre, as a share of a card's half width, a card of another
/// rank must lie to have been laid over it (see [`Scribe::found_twice`]): a card is never laid
/// squarely on another (a hit card covers the lower left-hand quarter of the card before,
/// 08-10(2)). Nearer, it is the placed card misread, however long (held-out shift seed 27 at
/// 1894.8 s: a doubled hand's 8h, the 5h laid across it, read as a 10d 0.6 pixels off its
/// centre for as long as it lay there, written as a card dealt after the double).
const LAID_OFF: f64 = 0.25;

/// How far (in half widths) from a hand's card a card may lie and be dealt to that hand.
const HAND_REACH: f64 = 3.2;

/// True for two cards of one rank whose suits are of one colour: the reader now and then
/// reads a small suit mark as the other suit of its colour (docs/reading-the-table.md), so
/// such a find over a placed card is read as that card's face (see [`SAME_FACE`]).
fn one_rank_one_colour(a: Identity, b: Identity) -> bool {
    matches!((a, b), (Identity::Card(x), Identity::Card(y))
        if x.rank == y.rank && x.suit.is_red() == y.suit.is_red())
}

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
}

/// A placed card that went out of sight, waiting to be judged.
#[derive(Debug, Clone, Copy)]
pub(super) struct Leaving {
    track: u64,
    /// When it was last seen, seconds.
    t: f64,
}

impl Scribe {
    pub(super) fn card_change(&mut self, c: &Change) {
        match c {
            Change::Appeared(tr) if tr.is_card() => {
                self.cards.insert(
                    tr.id,
                    CardNote {
                        identity: tr.identity,
                        corners: tr.corners,
                        rest: tr.centre,
                        // Still since its first find, unless it was moving then: found
                        // where it was first found, or slowly. (Either alone is too strict:
                        // a card found a little off in one look has a velocity. Shift seed
                        // 13 at 483 s: the hole card, found faintly from 483.43 s, 4 pixels
                        // off at 484.40 s, its first sure find, was dealt after the next
                        // card.)
                        rest_t: if dist(tr.origin, tr.centre)
                            .min(tr.velocity[0].hypot(tr.velocity[1]) * (tr.last - tr.first))
                            <= self.config.still * half_width(&tr.corners)
                        {
                            tr.first
                        } else {
                            tr.last
                        },
                        left_rest: None,
                        first_t: tr.first,
                        seen_t: tr.last,
                        unseen_from: None,
                        slipped: false,
                        burned: None,
                        was_back: tr.identity == Identity::CardBack,
                        // Found face down before it was face up: turned then (or uncovered).
                        turned_t: tr.faced.filter(|&f| f > tr.first),
                        glimpsed: None,
                        pile: false,
                        placed: None,
                    },
                );
            }
            Change::Identity { track, was } if track.is_card() => {
                self.reidentify(track, *was);
            }
            Change::Gone(tr) if tr.is_card() => {
                let placed = self.cards.get(&tr.id).and_then(|n| n.placed).is_some();
                if placed {
                    self.leaving.push(Leaving {
                        track: tr.id,
                        t: tr.last,
                    });
                } else if self.cards.remove(&tr.id).is_some_and(|n| n.pile) {
                    self.pile_gone(tr.last);
                }
            }
            _ => {}
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
                // The tracker turns a card after a few face-up readings: it turned a little
                // before it said so.
                let seq = self.write(now - 0.2, EventKind::HoleCardTurned { card });
                if let Some(n) = self.cards.get_mut(&track.id)
                    && let Some(p) = n.placed.as_mut()
                {
                    p.turned = Some(seq);
                }
            }
            (_, _, Some(turned)) => self.amend(turned, |k| {
                if let EventKind::HoleCardTurned { card: c } = k {
                    *c = card;
                }
            }),
            _ => self.amend(placed.event, |k| {
                if let EventKind::Card { card: c, .. } = k {
                    *c = Some(card);
                }
            }),
        }
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
        let Some(note) = self.cards.get_mut(&tr.id) else {
            return;
        };
        let half = half_width(&tr.corners).max(1.0);
        note.corners = tr.corners;
        note.identity = tr.identity;
        note.was_back |= tr.identity == Identity::CardBack;
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
            None => self.place(tr.id),
            Some(p) if dist(note.rest, p.at) > split * 2.0 * half => self.set_apart(tr.id),
            Some(_) => {}
        }
    }

    /// A card came to rest: written as dealt to the spot and hand it lies at.
    fn place(&mut self, id: u64) {
        if let Some(moved) = self.carried_from(id) {
            self.carried_onto(moved, id);
            return;
        }
        if self.resume(id) || self.found_twice(id) {
            return;
        }
        let Some(note) = self.cards.get(&id) else {
            return;
        };
        let (rest, rest_t, identity, corners, was_back, turned_t) = (
            note.rest,
            note.rest_t,
            note.identity,
            note.corners,
            note.was_back,
            note.turned_t,
        );
        let doubled = self.double_waiting(rest, rest_t, &corners);
        let Some(spot) = doubled
            .map(|(s, _)| Spot::Space(s))
            .or_else(|| self.hand_near(rest, half_width(&corners)))
            .or_else(|| self.spot_of(rest, half_width(&corners)))
        else {
            return;
        };
        if spot == Spot::Dealer && identity == Identity::CardBack && self.bare_since(rest_t) {
            // Once the shuffle is written, a pile is one found again where a pile lay; a back
            // glimpsed elsewhere by the dealer (the burn's blur behind it: shift seed 22 at
            // 2990 s, the shuffle moved past the burn, a `no_burn` not there) is neither a
            // pile nor a card dealt (the dealer's first card comes after every player's,
            // 08-10(1)).
            let half = half_width(&corners);
            let where_one_lay = self
                .piles_laid
                .iter()
                .any(|&(p, h)| dist(p, rest) <= h.max(half));
            if self.shuffle.is_none() || where_one_lay {
                if let Some(n) = self.cards.get_mut(&id).filter(|n| !n.pile) {
                    n.pile = true;
                    self.piles_laid.push((rest, half));
                }
            }
            return;
        }
        // Once the dealer's hand is face up and the dealer has paid or taken a space's wager,
        // that space's hands are settled (08-11(17)): a card come to rest over one of their
        // cards is a find of it, not a card dealt (held-out shift seed 22 at 1967 s: a split
        // hand's 8h, half under the payoff fanned over it, read as an Ah 9 pixels off and
        // written as dealt to it after the hole card was turned). A card found first there
        // clear of the others (a double-down card hidden by the dealer's hand till then) is
        // still the hand's.
        if let Spot::Space(s) = spot
            && self.dealers_turn()
            && self.settled_before(s, rest_t)
            && self.over_placed(id)
        {
            return;
        }
        let card = match identity {
            Identity::Card(c) => Some(c),
            _ => None,
        };
        // A dealer's card seen face down and then face up before it lay still: the hole card,
        // dealt face down and turned soon after.
        // So is one that lands face up where card backs were just seen flying (the dealer's
        // hand hid it face down).
        let reach = 6.0 * half_width(&corners).max(1.0);
        let flew: Vec<&(f64, [f64; 2])> = self
            .flying
            .iter()
            .filter(|f| f.0 < rest_t && rest_t - f.0 <= FLIGHT_S)
            .collect();
        // The dealer holds one hole card a round (08-10(1)): with one placed already (face
        // down still, or turned), a card landing face up is a draw, the backs seen before it
        // that hole card coming to rest (held-out shift seed 31 at 2287 s: a 2c drawn 2 s
        // after the hole card went down, written as a second hole card turned).
        let hole_held = self.dealer.iter().any(|i| {
            self.cards.get(i).is_some_and(|n| {
                n.identity == Identity::CardBack || n.placed.is_some_and(|p| p.turned.is_some())
            })
        });
        let flew_face_down = !hole_held
            && flew.len() >= 2
            && flew
                .iter()
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .is_some_and(|f| dist(f.1, rest) <= reach);
        let flew: Vec<f64> = flew.iter().map(|f| f.0).collect();
        if flew_face_down {
            // Those sightings were this card.
            self.flying.retain(|f| !flew.contains(&f.0));
        }
        let turned = match (spot, card) {
            (Spot::Dealer, Some(c)) if !hole_held && was_back || flew_face_down => Some(c),
            _ => None,
        };
        let (rest_t, turned_t) = match flew.iter().copied().reduce(f64::max) {
            Some(last) if !was_back && turned.is_some() => (last + 0.1, Some(rest_t)),
            _ => (rest_t, turned_t),
        };
        let card = if turned.is_some() { None } else { card };
        let mut apart = None;
        // When it is written as dealt: as it came to rest, unless found after cards dealt
        // after it.
        let mut laid_t = rest_t;
        let (target, rotated) = match spot {
            Spot::Dealer => {
                self.dealer.push(id);
                (Target::Dealer, None)
            }
            Spot::Space(s) => {
                let hands = &mut self.hands[usize::from(s)];
                // The hands as they lay when it came to rest: a card found late, after a card
                // dealt later to the next hand came to rest (shift seed 20 at 891 s: a split
                // hand's hit under the dealer's arm, the next hand dealt its second card
                // meanwhile), was dealt while its hand was still in turn.
                let then: Vec<Vec<u64>> = hands
                    .iter()
                    .map(|h| {
                        h.iter()
                            .copied()
                            .filter(|i| {
                                self.cards
                                    .get(i)
                                    .and_then(|n| n.placed)
                                    .is_none_or(|p| p.t <= rest_t)
                            })
                            .collect()
                    })
                    .collect();
                let mut hi = match doubled {
                    Some((_, hand)) => usize::from(hand).saturating_sub(1),
                    // The hand whose next card would lie there: each card covers the lower
                    // left-hand quarter of the one before (08-10(2)), half a card toward the
                    // dealer and half a card to the left. Nearest the last card instead, a
                    // hit at split hands laid close goes to the hand at its left (held-out
                    // shift seed 22 at 1268 s: space 1 split four ways beside space 2, hands
                    // a card's width less a fifth apart; hand 2's 8c, half a card from hand
                    // 2's 7s toward the dealer, lay nearer hand 1's Kd).
                    // A card at a right angle (a double-down card, a split ace's card) lies
                    // across its hand's cards, centred on them: nearest the last card.
                    None => {
                        let (a, hw) = (&self.axes[usize::from(s)], half_width(&corners));
                        let (long, _) = long_side(&corners);
                        let upright = (long[0] * a.toward[0] + long[1] * a.toward[1]).abs() > 0.7;
                        // A card's length over its width.
                        let length = CARD_H / CARD_W;
                        let next = if upright {
                            [
                                (-a.right[0] + length * a.toward[0]) * hw,
                                (-a.right[1] + length * a.toward[1]) * hw,
                            ]
                        } else {
                            [0.0; 2]
                        };
                        // A hand dealt its card at a right angle (a split ace's one card, a
                        // double-down's) takes no more (08-09(2)(c), (d)) while a split hand
                        // still holding one card is owed its second (held-out shift seed 35 at
                        // 3262 s: aces split, the second ace's ace laid across it nearer the
                        // first ace's jack, written to that hand, and the resplit read as a
                        // double on the second).
                        let owed = then.len() >= 2 && then.iter().any(|h| h.len() == 1);
                        let done = |i: usize| {
                            owed && then[i].len() >= 2
                                && then[i]
                                    .last()
                                    .and_then(|l| self.cards.get(l))
                                    .and_then(|n| n.placed)
                                    .is_some_and(|p| p.rotated)
                        };
                        let open = in_turn(&then);
                        nearest_hand(&then, &self.cards, rest, |i| open(i) && !done(i), next)
                    }
                };
                if hands.is_empty() {
                    hands.push(Vec::new());
                }
                // Each card of a hand covers a quarter of the one before; a card a hand's
                // width beside the hand's only card was dealt to it and set apart at once,
                // before the camera saw it lie there (a split, 08-09(2)(c)).
                // A hit card lies half a card's length further along its hand's cards' long
                // side (08-10(2)), a split hand's card beside them, not along it: a hit card
                // found further off than usual is no split (shift seed 14 at 1110 s: space
                // 1's Qc 2.2 half widths below its Js, taken for a split hand, and the next
                // space's hit written to it).
                let beside = hands[hi].len() == 1
                    && hands[hi]
                        .last()
                        .and_then(|l| self.cards.get(l))
                        .is_some_and(|l| {
                            l.placed.is_some_and(|p| {
                                let d = sub(rest, p.at);
                                let (along, length) = long_side(&l.corners);
                                dist(p.at, rest) > 1.2 * half_width(&corners)
                                    && (d[0] * along[0] + d[1] * along[1]).abs() < 0.25 * length
                            })
                        });
                if beside {
                    // A split hand is played to completion before the next is dealt its
                    // second card (08-09(2)(c)): a new hand set out beyond split hands was
                    // dealt to the first of them still holding one card, when it pairs with
                    // that card, not to the hand it lies beside (aces split again: each
                    // hand holds one ace).
                    hi = in_play(hands, &self.cards, card).unwrap_or(hi);
                    apart = Some((s, hi as u8 + 1));
                }
                let first = hands[hi].first().and_then(|f| self.cards.get(f));
                let rotated = first.map(|f| at_right_angle(&f.corners, &corners));
                // Laid before the hand's cards found moments before it further along its row.
                let before = match rotated {
                    Some(false) => {
                        row_place(&hands[hi], &self.cards, rest, rest_t, half_width(&corners))
                    }
                    _ => None,
                };
                match before {
                    Some(k) => {
                        let t_of = |i: usize| {
                            self.cards
                                .get(&hands[hi][i])
                                .and_then(|n| n.placed)
                                .map_or(rest_t, |p| p.t)
                        };
                        let (prev, next) = (t_of(k - 1), t_of(k));
                        laid_t = (0.5 * (prev + next)).max(next - 0.05).min(rest_t);
                        hands[hi].insert(k, id);
                    }
                    None => hands[hi].push(id),
                }
                (
                    Target::Hand {
                        space: s,
                        hand: hi as u8 + 1,
                    },
                    rotated.and_then(|r| r.then_some(true)),
                )
            }
        };
        let event = self.write(
            laid_t,
            EventKind::Card {
                to: target,
                card,
                rotated,
            },
        );
        self.shuffle = None;
        self.piles_laid.clear();
        if let (Target::Dealer, Some(c), 2) = (target, card, self.dealer.len()) {
            self.hole_unseen = Some((event, rest_t, c));
        }
        let hand = match target {
            Target::Hand { hand, .. } => hand,
            Target::Dealer => 0,
        };
        let turned = turned.map(|card| {
            let at = turned_t.unwrap_or(self.now).max(rest_t + 0.05);
            self.write(at, EventKind::HoleCardTurned { card })
        });
        if let Some(n) = self.cards.get_mut(&id) {
            n.placed = Some(Placed {
                spot,
                hand,
                at: rest,
                t: laid_t,
                event,
                turned,
                moved_t: None,
                from: None,
                rotated: rotated == Some(true),
            });
        }
        if let Some((s, h)) = apart {
            self.split_off(id, s, h);
        }
    }

    /// A card at rest where a placed card went out of sight not long ago (too long for the
    /// tracker, under the dealer's hand) is that card, found again: it takes the old card's
    /// place and nothing is written, unless it was face down and now shows its face (the hole
    /// card, turned while covered). True when it was.
    fn resume(&mut self, id: u64) -> bool {
        let Some(note) = self.cards.get(&id) else {
            return false;
        };
        let (rest, rest_t, identity) = (note.rest, note.rest_t, note.identity);
        let near = half_width(&note.corners).max(1.0);
        let apart = self.config.split_move * 2.0;
        // Out of sight since before this card lay still: gone, or about to be. Not one last
        // seen come to rest away from its place: that track went on elsewhere, and this is
        // the card it left (see [`Scribe::left_behind`]). Read as its rank in a suit of its
        // colour ([`one_rank_one_colour`]; another rank is another card: held-out shift seed
        // 24 at 2147 s, space 2's 9d laid 6 px off a split hand's 10h), it must lie
        // on the old card's very place (no card is dealt there, see [`Scribe::found_twice`])
        // with a card laid over that place by the time it went out of sight, still in sight:
        // a card half covered so is read as another face when found again (shift seed 16 at
        // 431 s: space 2's double-down 7c, covered by the next hand's cards from 413 s, found
        // as a 7s 4 px off its place once the wager over it was fanned for its payoff, written
        // as dealt to that hand after the hole card was turned, an overpay). The next round's
        // first card, laid where last round's lay just after the clear, covers nothing (seed
        // 16 at 2252 s, seed 17 at 741 s: a lone player's second card taken for last round's
        // card found again, and never written).
        let covered = |at: [f64; 2], t: f64, gone: f64| {
            self.cards.iter().any(|(&k, c)| {
                k != id
                    && c.seen_t >= rest_t - self.config.settle_s
                    && c.placed.is_some_and(|q| {
                        q.t > t
                            && q.t <= gone + self.config.settle_s
                            && dist(q.at, at) <= 2.0 * near
                    })
            })
        };
        let old = self.cards.iter().find_map(|(&k, o)| {
            let d = o.placed.map_or(f64::INFINITY, |p| dist(p.at, rest));
            let face = o.identity == identity
                || o.identity == Identity::CardBack
                || one_rank_one_colour(o.identity, identity)
                    && d <= SAME_CARD * near
                    && o.placed.is_some_and(|p| covered(p.at, p.t, o.seen_t));
            // Within the card's half width, the larger found: a card found again half covered
            // is found in a smaller box, its centre off the card's (shift seed 18 at 1614 s:
            // a split hand's 3d under its double-down card, found 14 pixels off its place in a
            // box 11 pixels wide, written as dealt again and then burned).
            let old_half = half_width(&o.corners).max(1.0);
            // The dealer's hole card, face down still, with a face come to rest on its very
            // place: that card turned over where it lies (08-11(10)), its back still found a
            // moment by a track of its own as the dealer's hand turned it (held-out shift seed
            // 37 at 85.4 s: the hole card Qd, turned under the dealer's hand, written as a
            // draw to 20 and then as the hole card turned). No card is dealt onto another's
            // place (08-10(2)).
            let turned_over = o.identity == Identity::CardBack
                && matches!(identity, Identity::Card(_))
                && d <= SAME_CARD * near
                && o.placed
                    .is_some_and(|p| p.spot == Spot::Dealer && p.turned.is_none());
            (k != id
                && (o.seen_t <= rest_t + self.config.settle_s || turned_over)
                && o.placed.is_some_and(|p| {
                    d <= near.max(old_half) && dist(o.rest, p.at) <= apart * old_half
                })
                && face)
                .then_some(k)
        });
        let Some(old) = old.or_else(|| self.lost_moving(id, None)) else {
            return false;
        };
        self.take_place(old, id)
    }

    /// A player's card of the face of card `id`, placed at a space (at `spot`, when given),
    /// whose track was lost within [`LOST_MOVING_S`] before `id` came to rest, last found off
    /// its place on its way toward where `id` lies, within [`MOVED_REACH`]: that card, moved
    /// while the tracker lost it (a split hand set apart in one sweep, found by a track of its
    /// own or by a track of a card of its face carried off the next space just before: shift
    /// seed 17 at 1319 s, space 7's second 8d set apart for a split, its track lost and the
    /// space 6 8d's track, swept toward the discard holder, found on it; written as a card
    /// burned from space 7's hand and the split missed).
    fn lost_moving(&self, id: u64, spot: Option<Spot>) -> Option<u64> {
        let note = self.cards.get(&id)?;
        let (rest, rest_t, identity) = (note.rest, note.rest_t, note.identity);
        let half = half_width(&note.corners).max(1.0);
        if !matches!(identity, Identity::Card(_)) {
            return None;
        }
        self.cards
            .iter()
            .filter(|&(&k, o)| {
                k != id
                    && o.identity == identity
                    && o.seen_t < rest_t
                    && rest_t - o.seen_t <= LOST_MOVING_S
                    && dist(o.rest, rest) <= MOVED_REACH * half
                    && o.placed.is_some_and(|p| {
                        let (went, to) = (sub(o.rest, p.at), sub(rest, p.at));
                        matches!(p.spot, Spot::Space(_))
                            && spot.is_none_or(|s| s == p.spot)
                            && dist(o.rest, p.at) > self.config.still * half
                            && went[0] * to[0] + went[1] * to[1] > 0.0
                    })
            })
            .min_by(|a, b| dist(a.1.rest, rest).total_cmp(&dist(b.1.rest, rest)))
            .map(|(&k, _)| k)
    }

    /// Card `id` is placed card `old`, found again: it takes `old`'s place in its hand and
    /// `old` is forgotten (and its burn, if one was written, taken back); a card back found
    /// face up shows its face. True when it took it.
    fn take_place(&mut self, old: u64, id: u64) -> bool {
        let Some((rest_t, identity, turned_t)) = self
            .cards
            .get(&id)
            .map(|n| (n.rest_t, n.identity, n.turned_t))
        else {
            return false;
        };
        self.leaving.retain(|l| l.track != old);
        let Some(mut note) = self.cards.remove(&old) else {
            return false;
        };
        if let Some(burn) = note.burned {
            self.unwrite(burn);
        }
        let Some(placed) = note.placed.as_mut() else {
            return false;
        };
        if let (Identity::CardBack, Identity::Card(card), None) =
            (note.identity, identity, placed.turned)
        {
            if placed.spot == Spot::Dealer {
                // Turned when first found face up: its track may have begun on the back, found
                // again as a card carried over it from the shoe went by (held-out shift seed 25
                // at 1617 s: the hole card's new track begun 0.8 s before its face showed, and
                // the turn written before the last player's hit card, 08-12(14)).
                let at = turned_t.unwrap_or(rest_t);
                placed.turned = Some(self.write(at, EventKind::HoleCardTurned { card }));
            } else {
                let event = placed.event;
                self.amend(event, |k| {
                    if let EventKind::Card { card: c, .. } = k {
                        *c = Some(card);
                    }
                });
            }
        }
        note.identity = identity;
        for slot in self
            .dealer
            .iter_mut()
            .chain(self.hands.iter_mut().flatten().flatten())
        {
            if *slot == old {
                *slot = id;
            }
        }
        if let Some(n) = self.cards.get_mut(&id) {
            n.placed = note.placed;
            n.was_back |= note.was_back;
        }
        true
    }

    /// A card at rest on a placed face-up card still in sight, their centres within half of
    /// a card's half width: a second find of that card (its other index, read as another face
    /// or at another size; the tracker follows it as a track of its own), not a card dealt. A
    /// hit card covers no more than the lower left-hand quarter of the card before (08-10(2))
    /// and the dealer's cards lie side by side, so no card is dealt onto another's place. Seen
    /// on footage as the dealer's turned hole card Qs found again as a Qc 6 px off while the
    /// Qs was still found, written as a draw on 19 (shift seed 12, 331 s). Read as the placed
    /// card's own face, or its rank in a suit of its colour ([`one_rank_one_colour`]: held-out
    /// shift seed 21 at 1115 s, a split ace's Qs laid across it found again at its other index as
    /// a Qc 13.7 pixels off, under its half width, and written as dealt to the next space), the
    /// find may lie further off ([`SAME_FACE`]). The find is not
    /// placed but kept in view: should it come to rest elsewhere, it is placed there then.
    /// True when it was.
    fn found_twice(&self, id: u64) -> bool {
        let Some(note) = self.cards.get(&id) else {
            return false;
        };
        let (rest, rest_t, half) = (note.rest, note.rest_t, half_width(&note.corners));
        let face = note.identity;
        self.cards.iter().any(|(&k, o)| {
            let near = if o.identity == face || one_rank_one_colour(o.identity, face) {
                SAME_FACE
            } else {
                SAME_CARD
            };
            // Another rank found where it lies for a while, the placed card out of sight all
            // the while: a card laid over it, covering it (a misread lasts a look or three;
            // held-out shift seed 24 at 2147 s: space 2's 9d laid 6 px off space 1's split
            // hand's 10h, spread toward space 2, found for 2.1 s, the 10h unseen till it was
            // taken up with space 2's cards; the 9d was never written).
            let Some(off) = o.placed.map(|p| dist(p.at, rest)) else {
                return false;
            };
            let half = half.max(half_width(&o.corners));
            let covers = note.seen_t - rest_t.max(o.seen_t) >= COVERS_S && off >= LAID_OFF * half;
            let other_rank = !matches!((o.identity, face), (Identity::Card(a), Identity::Card(b)) if a.rank == b.rank);
            k != id
                && matches!(o.identity, Identity::Card(_))
                && !(other_rank && covers)
                && o.seen_t >= rest_t - FOUND_AGAIN_S
                && off <= near * half
        })
    }

    /// A placed player's card came to rest away from its hand: the pair was split and this
    /// card is the next hand at the space (08-09(2)(c)).
    fn set_apart(&mut self, id: u64) {
        let Some(note) = self.cards.get_mut(&id) else {
            return;
        };
        let (rest, rest_t) = (note.rest, note.rest_t);
        let half = half_width(&note.corners);
        let Some(p) = note.placed.as_mut() else {
            return;
        };
        let Spot::Space(s) = p.spot else {
            // A dealer's card straightened: still the dealer's.
            p.at = rest;
            return;
        };
        // Come to rest at another space's hand, where a card of its face was lost moving
        // just before: that card, its track carried onto this one (a player's card stays at
        // its space until the dealer takes it up, 08-10(2), 08-11(17)). This card went with
        // its own space's cards.
        let elsewhere = self
            .hand_near(rest, half)
            .filter(|to| *to != Spot::Space(s));
        if let Some(old) = elsewhere.and_then(|to| self.lost_moving(id, Some(to))) {
            self.forget_slot(id);
            if self.take_place(old, id) {
                self.set_apart(id);
            }
            return;
        }
        let Some(p) = self.cards.get_mut(&id).and_then(|n| n.placed.as_mut()) else {
            return;
        };
        p.from = Some(p.at);
        p.at = rest;
        p.moved_t = Some(rest_t);
        let hand = p.hand;
        if let Some(twin) = self.left_behind(id) {
            self.carried_onto(id, twin);
            return;
        }
        self.split_off(id, s, hand);
    }

    /// An unplaced card of the face of placed card `moved`, lying where `moved` lay before
    /// it came to rest at another spot: the card that lay there all along, its track carried
    /// off by the tracker onto a card of the same face dealt past it (a shoe of several
    /// decks holds several of each). A player's card, once dealt, stays at its spot until the
    /// dealer takes it up (08-10(2), 08-11(17)); split hands stay at their space.
    fn left_behind(&self, moved: u64) -> Option<u64> {
        let m = self.cards.get(&moved)?;
        let p = m.placed?;
        let from = p.from?;
        let half = half_width(&m.corners).max(1.0);
        // A pair's second card set apart (a split, 08-09(2)(c)) goes toward the next space, and
        // the first hand's next card, dealt where it lay, may be of its face: only when it came
        // to rest by another spot's cards was its track carried off onto a card dealt there
        // (held-out shift seed 24 at 1102 s: a pair of fours at space 1 split, the 4c set out
        // over space 2's empty zone and a second 4c dealt to the first hand; the second was
        // taken for the first, left behind, and the hands shifted by one). A lone card's track
        // goes on with a card of its face dealt to the next hand, its first or not (the same
        // hour at 2851 s).
        let Spot::Space(space) = p.spot else {
            return None;
        };
        let face = |id: &u64| self.cards.get(id).map(|n| n.identity);
        // The pair's second card, before the split is written or after (the first card of a
        // hand split off).
        let split = self.hands[usize::from(space)]
            .get(usize::from(p.hand).saturating_sub(1))
            .is_some_and(|h| {
                let second =
                    matches!(h.as_slice(), [a, b] if *b == moved && may_pair(face(a), face(b)));
                second || p.hand >= 2 && h.first() == Some(&moved)
            });
        let by_another = || {
            self.cards.iter().any(|(&k, n)| {
                k != moved
                    && n.placed.is_some_and(|q| {
                        q.spot != p.spot && dist(q.at, m.rest) <= HAND_REACH * half
                    })
            })
        };
        if !matches!(m.identity, Identity::Card(_))
            || self.spot_of(m.rest, half).is_none_or(|to| to == p.spot)
            || split && !by_another()
        {
            return None;
        }
        self.cards
            .iter()
            .filter(|(k, n)| {
                **k != moved
                    && n.placed.is_none()
                    && n.identity == m.identity
                    && n.seen_t >= p.t
                    && dist(n.rest, from) <= SAME_FACE * half
            })
            .min_by(|a, b| dist(a.1.rest, from).total_cmp(&dist(b.1.rest, from)))
            .map(|(&k, _)| k)
    }

    /// The placed card whose track `twin`, found where it lay, was carried off to another
    /// spot (see [`Scribe::left_behind`]), when there is one.
    fn carried_from(&self, twin: u64) -> Option<u64> {
        self.cards
            .iter()
            .filter(|(k, n)| {
                **k != twin
                    && n.placed
                        .is_some_and(|p| p.from.is_some() && p.moved_t.is_some())
            })
            .map(|(&k, _)| k)
            .find(|&k| self.left_behind(k) == Some(twin))
    }

    /// Track `twin` takes the place of placed card `moved` at its spot, and `moved`, come to
    /// rest at another spot, is a card dealt there.
    fn carried_onto(&mut self, moved: u64, twin: u64) {
        let Some(mut p) = self.cards.get_mut(&moved).and_then(|n| n.placed.take()) else {
            return;
        };
        p.at = p.from.take().unwrap_or(p.at);
        p.moved_t = None;
        if let Some(n) = self.cards.get_mut(&twin) {
            n.placed = Some(p);
        }
        for slot in self
            .dealer
            .iter_mut()
            .chain(self.hands.iter_mut().flatten().flatten())
        {
            if *slot == moved {
                *slot = twin;
            }
        }
        self.place(moved);
    }

    /// Where the first card of hand `hand` at `space` lies, pixels, once placed.
    pub(super) fn hand_card_at(&self, space: u8, hand: u8) -> Option<[f64; 2]> {
        let id = self
            .hands
            .get(usize::from(space))?
            .get(usize::from(hand).checked_sub(1)?)?
            .first()?;
        self.cards.get(id)?.placed.as_ref().map(|p| p.at)
    }

    /// The second card of hand `hand` at space `s`, when it is `id`, becomes the next hand:
    /// when the two are a pair, any two ten-count cards included (08-09(2)(c)), or either face
    /// is unread. Two cards read as no pair are not split: the second moved (a hit card
    /// landing on it, a card read as another of its face, the hand swept up on a bust), and
    /// stays in its hand.
    fn split_off(&mut self, id: u64, s: u8, hand: u8) {
        let hi = usize::from(hand).saturating_sub(1);
        let face = |id: &u64| self.cards.get(id).map(|n| n.identity);
        let pair = self.hands[usize::from(s)]
            .get(hi)
            .filter(|h| h.len() == 2)
            .is_some_and(|h| may_pair(face(&h[0]), face(&h[1])));
        let hands = &mut self.hands[usize::from(s)];
        let from_pair = pair && hands.get(hi).is_some_and(|h| h.len() == 2 && h[1] == id);
        if from_pair && hands.len() < usize::from(crate::events::MAX_HANDS) {
            hands[hi].pop();
            hands.push(vec![id]);
            let new = hands.len() as u8;
            if let Some(p) = self.cards.get_mut(&id).and_then(|n| n.placed.as_mut()) {
                p.hand = new;
            }
            self.splits.push((s, hand, new, self.now));
            self.double_was_split(s, hand, new);
        }
    }

    /// The card that began split hand `hand` at `space`, written at or after `t` (when the
    /// split wager came to rest), is written a moment before it: the pair lay there before
    /// the wager split it (08-09(2)(c)), and the card was only seen late (found late where it
    /// lay over the other, or moved as it was set apart). A pair split again shows it most:
    /// the next card of a split hand, of its pair's rank, then the wager.
    pub(super) fn split_card_before(&mut self, space: u8, hand: u8, t: f64) {
        let card = self
            .hands
            .get(usize::from(space))
            .and_then(|h| h.get(usize::from(hand).saturating_sub(1)))
            .and_then(|h| h.first())
            .and_then(|id| self.cards.get(id))
            .and_then(|n| n.placed);
        if let Some(p) = card
            && p.t >= t
        {
            self.retime(p.event, t - 0.05);
        }
    }

    /// A double-down wager on `hand` at `space` came to rest at `t` seconds: a card of that
    /// hand taken as placed since, but found lying there by then, was dealt before it. A
    /// player doubles down on the first two cards (08-09(2)(d)), and the dealer's hand that
    /// dealt the second card can cover it until the chips are down: its first finds are
    /// off-centre, so it counts as lying still only from a later one. (Shift seed 13 at 603 s:
    /// a split hand's 5h found at 603.97 s under the dealer's hand, the double's chips at rest
    /// then, the 5h taken as placed at 604.63 s: a double on one card, then two cards.)
    pub(super) fn double_cards_before(&mut self, space: u8, hand: u8, t: f64) {
        let ids: Vec<u64> = self
            .hands
            .get(usize::from(space))
            .and_then(|h| h.get(usize::from(hand).saturating_sub(1)))
            .cloned()
            .unwrap_or_default();
        for id in ids {
            let Some(note) = self.cards.get_mut(&id) else {
                continue;
            };
            let Some(p) = note.placed.as_mut() else {
                continue;
            };
            if p.t >= t && note.first_t <= t {
                p.t = t - 0.05;
                let event = p.event;
                self.retime(event, t - 0.05);
            }
        }
    }

    /// Card backs by the discard holder that no placed card accounts for: a card burned from
    /// the shoe, seen on its way (08-08(3)).
    pub(super) fn watch_discard(&mut self, found: &[Seen]) {
        let (shoe, discard) = (centroid(&self.layout.shoe), centroid(&self.layout.discard));
        let reach = self.config.burn_reach * dist(shoe, discard);
        // Face-down cards lying placed (a hole card) are no card in flight.
        // Nor are the shuffle's piles, lying or carried to the shoe.
        let placed: Vec<[f64; 2]> = self
            .cards
            .values()
            .filter(|n| n.identity == Identity::CardBack)
            .flat_map(|n| {
                let pile = n.pile.then_some([n.rest, centroid(&n.corners)]);
                n.placed
                    .map(|p| p.at)
                    .into_iter()
                    .chain(pile.into_iter().flatten())
            })
            .collect();
        let lane = self.config.burn_lane * dist(shoe, discard);
        let now = self.now;
        self.flying.retain(|f| now - f.0 <= 2.0 * FLIGHT_S);
        let mut seen = false;
        for s in found {
            if s.identity != Identity::CardBack
                || placed.iter().any(|&p| dist(p, s.centre) <= s.half_width())
            {
                continue;
            }
            if dist(s.centre, discard) <= reach && poly_dist(&self.layout.discard, s.centre) > 0.0 {
                seen = true;
            } else {
                self.flying.push((now, s.centre));
                if along(shoe, discard, s.centre).1 <= lane {
                    self.in_lane.push((now, s.centre));
                }
            }
        }
        match self.burn_seen {
            _ if seen => {
                let first = self.burn_seen.map_or(now, |b| b.0);
                self.burn_seen = Some((first, now));
            }
            Some((_, last)) if now - last > self.config.together_s => {
                self.burn_seen = None;
                self.shoe_burn(last);
            }
            _ => {}
        }
    }

    /// A card burned from the shoe, last seen at `at`: one burn, however many ways it was seen
    /// (by the discard holder, on its way there).
    pub(super) fn shoe_burn(&mut self, at: f64) {
        match self
            .burns
            .iter_mut()
            .find(|b| (**b - at).abs() <= BURN_SEEN_S)
        {
            Some(b) => *b = b.max(at),
            None => self.burns.push(at),
        }
    }

    /// Card backs seen in flight in the lane from the shoe to the discard holder, a while
    /// ago: a card burned from the shoe (08-08(3)) that was not seen by the holder (it lies
    /// near it for a fifth of a second, as long as between two looks), unless they came to
    /// rest where a card lies (a hole card dealt, a pile of the shuffle laid out) or were the
    /// shuffle's piles taken to the shoe, heading away from the holder.
    pub(super) fn judge_lane(&mut self, all: bool) {
        let (shoe, discard) = (centroid(&self.layout.shoe), centroid(&self.layout.discard));
        let now = self.now;
        self.in_lane.sort_by(|a, b| a.0.total_cmp(&b.0));
        while let Some(&(first, _)) = self.in_lane.first() {
            let mut n = 1;
            while n < self.in_lane.len() && self.in_lane[n].0 - self.in_lane[n - 1].0 <= LANE_GAP_S
            {
                n += 1;
            }
            let (last, at) = self.in_lane[n - 1];
            if !all
                && (now - last <= LANE_JUDGE_S
                    || n == self.in_lane.len() && now - last <= LANE_GAP_S)
            {
                break;
            }
            let seen: Vec<(f64, [f64; 2])> = self.in_lane.drain(..n).collect();
            // A card lying where it was last seen, or a card come to rest as it flew or just
            // after, no nearer the shoe than where it was last seen: a card dealt, seen on its
            // way (the hole card; a face-up card found as a back in flight). A card dealt
            // after a burn lies behind it, nearer the shoe.
            let way = along(shoe, discard, at).0;
            // (A placed card keeps when and where it came to rest though found again since:
            // the hole card turned at once, its face-up track taking the back's place.)
            // Or a pile of the shuffle, found before it went (a pile found again after the
            // detector lost it, seen before it lay still long enough to be one).
            let a_pile = self
                .pile_spots
                .iter()
                .any(|&(went, p, half)| last <= went + LANE_GAP_S && dist(p, at) <= half);
            let came_to_rest = a_pile
                || self.cards.values().any(|c| {
                    let (rest_t, rest) = c.placed.map_or((c.rest_t, c.rest), |p| (p.t, p.at));
                    c.first_t <= last + LANE_GAP_S && dist(c.rest, at) <= half_width(&c.corners)
                        || rest_t >= first - LANE_GAP_S
                            && rest_t <= last + LANE_REST_S
                            && along(shoe, discard, rest).0 >= way - LANE_BACK
                });
            // Heading for the holder: further along its way at the last look than at the
            // first (both piles are seen in one look as they go).
            let way_at = |t: f64| {
                let at: Vec<f64> = seen
                    .iter()
                    .filter(|s| s.0 == t)
                    .map(|s| along(shoe, discard, s.1).0)
                    .collect();
                at.iter().sum::<f64>() / at.len().max(1) as f64
            };
            let toward = last > first && way_at(last) > way_at(first);
            // Piles out of sight a second have gone (`piles_lost`), long before a flight is
            // judged.
            let piles_going = self
                .piles_went
                .iter()
                .any(|&w| first >= w - 2.0 * LANE_GAP_S && first <= w + LANE_GAP_S);
            if !came_to_rest && (!piles_going || toward) {
                self.shoe_burn(last);
            }
        }
        self.piles_went.retain(|&w| now - w <= 4.0 * LANE_JUDGE_S);
        self.pile_spots
            .retain(|&(w, _, _)| now - w <= 4.0 * LANE_JUDGE_S);
    }

    /// Card backs that flew to the discard holder when no placed card went: burns from the
    /// shoe. A face-down card cleared from the table passes the same way.
    pub(super) fn judge_burns(&mut self, all: bool) {
        let (now, wait, near) = (
            self.now,
            self.config.judge_after_s + self.config.together_s,
            self.config.together_s * 2.0,
        );
        let (ready, later): (Vec<f64>, Vec<f64>) = std::mem::take(&mut self.burns)
            .into_iter()
            .partition(|&b| all || now - b > wait);
        self.burns = later;
        for b in ready {
            let cleared = self
                .went_at
                .iter()
                .chain(self.leaving.iter().map(|l| &l.t))
                .any(|&w| (w - b).abs() <= near);
            if !cleared {
                self.write(
                    b,
                    EventKind::Burn {
                        card: None,
                        from: None,
                    },
                );
            }
        }
        self.went_at.retain(|&w| now - w <= 4.0 * wait);
    }

    /// Judges the cards gone long enough ago (all of them at the end); returns when the last
    /// round that ended was cleared.
    pub(super) fn judge(&mut self, all: bool) -> Option<f64> {
        let mut out = None;
        self.leaving.sort_by(|a, b| a.t.total_cmp(&b.t));
        while !self.leaving.is_empty() {
            let mut n = 1;
            while n < self.leaving.len()
                && self.leaving[n].t - self.leaving[n - 1].t <= self.config.together_s
            {
                n += 1;
            }
            let n = self.with_clear_after(n);
            let end = self.leaving[n - 1].t;
            if !all && (self.now - end <= self.config.judge_after_s || self.going_after(end)) {
                break;
            }
            let group: Vec<Leaving> = self.leaving.drain(..n).collect();
            self.went_at.extend(group.iter().map(|l| l.t));
            if let Some(cleared) = self.judge_group(&group) {
                out = Some(cleared);
            }
        }
        out
    }

    /// Placed cards out of sight now, not yet gone, last seen within [`COVERED_S`] after
    /// `end`: they may be the clear that cards gone at `end` were part of, so those wait.
    fn going_after(&self, end: f64) -> bool {
        self.cards.iter().any(|(id, n)| {
            n.placed.is_some()
                && n.seen_t > end
                && n.seen_t <= end + COVERED_S
                && n.seen_t < self.now
                && !self.leaving.iter().any(|l| l.track == *id)
        })
    }

    /// The first `n` cards leaving (sorted by when last seen), lengthened by the run of cards
    /// that went next when that run is the dealer's clear and came within [`COVERED_S`]: a
    /// card last seen a moment before the clear (the dealer's hand covered it taking up a
    /// neighbour's chips, or reaching for the dealer's cards) whose spot's other cards went in
    /// the clear went with them, not alone (08-11(17)). Cards alone at their spot, or whose
    /// spot's cards all stay, keep their own act.
    fn with_clear_after(&self, n: usize) -> usize {
        let spot = |l: &Leaving| {
            self.cards
                .get(&l.track)
                .and_then(|c| c.placed)
                .map(|p| p.spot)
        };
        let end = self.leaving[n - 1].t;
        if self.leaving.get(n).is_none_or(|l| l.t - end > COVERED_S) {
            return n;
        }
        let mut m = n + 1;
        while m < self.leaving.len()
            && self.leaving[m].t - self.leaving[m - 1].t <= self.config.together_s
        {
            m += 1;
        }
        let next = &self.leaving[n..m];
        let dealer_in_next = next.iter().any(|l| spot(l) == Some(Spot::Dealer));
        let all_with_theirs = self.leaving[..n]
            .iter()
            .all(|l| spot(l).is_some_and(|s| next.iter().any(|o| spot(o) == Some(s))));
        if dealer_in_next && all_with_theirs {
            m
        } else {
            n
        }
    }

    /// Cards that went in one act: the end-of-round clear, one space's cards picked up, or
    /// cards burned from their places. Returns the clear's time when it ended the round.
    fn judge_group(&mut self, group: &[Leaving]) -> Option<f64> {
        let went: Vec<u64> = group.iter().map(|l| l.track).collect();
        let end = group.iter().map(|l| l.t).fold(f64::MIN, f64::max);
        let waiting: Vec<u64> = self.leaving.iter().map(|l| l.track).collect();
        // Cards placed after the act (the next round's) neither stay nor go with it.
        let early: Vec<u64> = self
            .cards
            .iter()
            .filter(|(_, n)| n.placed.is_some_and(|p| p.t <= end))
            .map(|(id, _)| *id)
            .collect();
        let before = |id: &u64| early.contains(id);
        // Cards lying unseen (`slipped_away`) neither stay nor hold their place's cards back.
        let unseen: Vec<u64> = self
            .cards
            .iter()
            .filter(|(_, n)| n.slipped)
            .map(|(id, _)| *id)
            .collect();
        // A player's card followed away from its place a moment before the act (taken up
        // in the dealer's hand with the rest of its place's cards, 08-11(17), and come to
        // rest a moment in that hand) lies there no more.
        // So is one that went out of sight with them and was found again only a while later,
        // for a moment, on its spot: another card passing over it in the dealer's hand (shift
        // seed 17 at 1139 s: a busted hand's 9s, unseen with the other three for two seconds,
        // then read once as the dealer's cards were swept past; the three were written
        // burned and the hand left on the felt).
        let start = group.iter().map(|l| l.t).fold(f64::MAX, f64::min);
        let together = self.config.together_s;
        let carried: Vec<u64> = self
            .cards
            .iter()
            .filter(|(_, n)| {
                n.placed.is_some_and(|p| {
                    p.moved_t.is_some_and(|t| (end - t).abs() <= CARRIED_S)
                        || matches!(p.spot, Spot::Space(_))
                            && n.unseen_from
                                .is_some_and(|u| (start - together..=end + together).contains(&u))
                })
            })
            .map(|(id, _)| *id)
            .collect();
        let stays = |id: &u64| {
            before(id)
                && !went.contains(id)
                && !waiting.contains(id)
                && !unseen.contains(id)
                && !carried.contains(id)
        };
        let dealer_went = self.dealer.iter().any(|id| went.contains(id));
        if dealer_went && !self.dealer.iter().any(stays) {
            // 08-11(17): the dealer's cards and every card left go together: the round is over.
            // Cards last seen under the dealer's hand went when the hand took them up: after
            // a payoff or collection seen at their space just then (08-11(12), (15): wagers
            // are settled before the cards are picked up).
            let old: Vec<u64> = self
                .dealer
                .iter()
                .chain(self.hands.iter().flatten().flatten())
                .copied()
                .filter(|id| before(id) || went.contains(id))
                .collect();
            let spaces: Vec<u8> = (1..self.hands.len())
                .filter(|&s| self.hands[s].iter().flatten().any(|id| old.contains(id)))
                .filter_map(|s| u8::try_from(s).ok())
                .collect();
            let end = self
                .settled_at(&spaces, end, end + COVERED_S)
                .map_or(end, |t| t + 0.05);
            self.hole_dealt_unseen(end);
            self.hole_glimpsed(&old);
            self.write(end, EventKind::CardsCleared { space: None });
            self.cleared_at = end;
            let under = std::mem::take(&mut self.chips_under);
            self.chip_leaving
                .extend(under.into_iter().map(|id| (id, end)));
            self.splits.clear();
            self.paid.clear();
            self.forget(&old);
            self.renumber_hands();
            return Some(end);
        }
        // Spaces whose every card went: picked up (a bust, even money). The rest: burned.
        let mut by_spot: Vec<(Spot, Vec<&Leaving>)> = Vec::new();
        for l in group {
            let Some(p) = self.cards.get(&l.track).and_then(|n| n.placed) else {
                continue;
            };
            match by_spot.iter_mut().find(|(s, _)| *s == p.spot) {
                Some((_, v)) => v.push(l),
                None => by_spot.push((p.spot, vec![l])),
            }
        }
        for (spot, ls) in by_spot {
            let left = match spot {
                Spot::Dealer => self.dealer.iter().any(stays),
                Spot::Space(s) => self.hands[usize::from(s)].iter().flatten().any(stays),
            };
            let t = ls.iter().map(|l| l.t).fold(f64::MIN, f64::max);
            // The space's other cards going a moment after, out of sight still: the dealer
            // picked the space's cards up one after the other (even money, a bust,
            // 08-09(2)(b), 08-11(17); shift seed 12 at 3219 s, two burns 0.6 s apart).
            let after: Vec<Leaving> = match spot {
                Spot::Space(_) => self
                    .leaving
                    .iter()
                    .filter(|o| {
                        o.t - t <= COVERED_S
                            && self
                                .cards
                                .get(&o.track)
                                .and_then(|n| n.placed)
                                .is_some_and(|q| q.spot == spot && q.t <= end)
                    })
                    .copied()
                    .collect(),
                Spot::Dealer => Vec::new(),
            };
            match spot {
                Spot::Space(s)
                    if !left
                        && ls.len()
                            + after.len()
                            + self.hands[usize::from(s)]
                                .iter()
                                .flatten()
                                .filter(|id| carried.contains(id))
                                .count()
                            >= 2 =>
                {
                    // After a payoff or collection seen at the space just then (wagers are
                    // settled before the cards are picked up, 08-11(12), (17)).
                    let t = after.iter().map(|o| o.t).fold(t, f64::max);
                    let t = self
                        .settled_at(&[s], t - COVERED_S, t + COVERED_S)
                        .map_or(t, |p| t.max(p + 0.05));
                    self.leaving
                        .retain(|o| !after.iter().any(|a| a.track == o.track));
                    self.went_at.extend(after.iter().map(|o| o.t));
                    self.write(t, EventKind::CardsCleared { space: Some(s) });
                    self.payoffs_cleared(s, t);
                    // Cards of the space lying unseen, or in the dealer's hand, went with
                    // the rest.
                    let with: Vec<u64> = self.hands[usize::from(s)]
                        .iter()
                        .flatten()
                        .copied()
                        .filter(|id| {
                            unseen.contains(id)
                                || carried.contains(id)
                                || after.iter().any(|a| a.track == *id)
                        })
                        .collect();
                    self.forget(&with);
                }
                _ => {
                    for l in &ls {
                        if left && self.slipped_away(l) {
                            continue;
                        }
                        if left && (self.covered(l) || self.hidden_in_settling(l)) {
                            // Lying there under the card over it, or under the dealer's hand
                            // settling the wagers: it goes with its place's cards, unseen.
                            if let Some(n) = self.cards.get_mut(&l.track) {
                                n.slipped = true;
                            }
                            continue;
                        }
                        let hand = self
                            .cards
                            .get(&l.track)
                            .and_then(|n| n.placed)
                            .map_or(1, |p| p.hand.max(1));
                        let from = match spot {
                            Spot::Dealer => Target::Dealer,
                            Spot::Space(space) => Target::Hand { space, hand },
                        };
                        let burn = self.write(
                            l.t,
                            EventKind::Burn {
                                card: None,
                                from: Some(from),
                            },
                        );
                        // A player's face-up card only: a dealer's card found twice (a hole
                        // card followed by two tracks) is rightly written off.
                        if left
                            && matches!(spot, Spot::Space(_))
                            && let Some(n) = self.cards.get_mut(&l.track)
                            && matches!(n.identity, Identity::Card(_))
                        {
                            n.slipped = true;
                            n.burned = Some(burn);
                        }
                    }
                }
            }
        }
        let gone: Vec<u64> = went
            .iter()
            .copied()
            .filter(|id| self.cards.get(id).is_none_or(|n| !n.slipped))
            .collect();
        self.forget(&gone);
        None
    }

    /// A placed card that left its place alone, its place's other cards staying, found for
    /// under [`SLIP_S`] in all and lying still from its first find: the tracker lost a card
    /// it had only just found (one lying over another, a right-angle double-down card over
    /// the hand's second, found for a look or two while the dealer's hand moved nearby).
    /// A card taken back (a hit at 17, a card dealt to an empty space, burned, 08-08(3)) is
    /// seen on its way in and lies there until the dealer sees the mistake. It is kept as
    /// lying where it was, unseen: it goes in the clear that takes its place's cards, and a
    /// card found again on its spot is it. Such a card showing the face of another card
    /// placed at its spot was that card, found again apart (a hand's card uncovered in part
    /// by the cards over it, found off its centre): it was never dealt, and its `card` event
    /// is taken back. True when it was kept or taken back.
    fn slipped_away(&mut self, l: &Leaving) -> bool {
        let Some(note) = self.cards.get(&l.track) else {
            return false;
        };
        let Some(p) = note.placed else {
            return false;
        };
        if l.t - note.first_t >= SLIP_S || p.t > note.first_t + 1e-9 {
            return false;
        }
        let face = note.identity;
        let twin = matches!(face, Identity::Card(_))
            && self.cards.iter().any(|(&id, o)| {
                id != l.track && o.identity == face && o.placed.is_some_and(|q| q.spot == p.spot)
            });
        if twin {
            self.unwrite(p.event);
            if self.hole_unseen.is_some_and(|h| h.0 == p.event) {
                self.hole_unseen = None;
            }
            if let Some(turned) = p.turned {
                self.unwrite(turned);
            }
            self.forget(&[l.track]);
        } else if let Some(n) = self.cards.get_mut(&l.track) {
            n.slipped = true;
        }
        true
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
                    rotated: false,
                }),
            },
        );
    }

    /// Whether `p` (pixels) lies on a card placed this round, or within `reach` pixels of
    /// one.
    pub(super) fn on_a_card(&self, p: [f64; 2], reach: f64) -> bool {
        self.cards
            .values()
            .any(|c| c.placed.is_some() && poly_dist(&c.corners, p) <= reach)
    }

    /// How far `p` (pixels) lies inside a card placed this round by `t` seconds, to the
    /// card's nearest edge: 0 where it lies on none.
    pub(super) fn card_depth(&self, p: [f64; 2], t: f64) -> f64 {
        self.cards
            .values()
            .filter(|c| c.placed.is_some_and(|q| q.t <= t))
            .map(|c| poly_depth(&c.corners, p))
            .fold(0.0, f64::max)
    }

    /// A player's card that went from sight with a card placed after it, still in sight,
    /// lying over a tenth or more of it (see [`share_under`]): covered by that card, not
    /// taken. A card under another laid after it cannot be taken back alone, and the detector
    /// may lose a card whose indices lie under the cards over it. Clean shift seed 13 at
    /// 3562 s: a double-down card laid across a split hand spread over the next space's hand,
    /// space 5's ace written burned under it. Held-out shift seed 15 at 40 s: a split hand's
    /// ace, half under its hit and the next space's hit, written burned, its hand read a loser
    /// owed a collection. A card is dealt onto no other card but its own hand's last, and that
    /// one leaves its indices in sight (08-10(2)).
    fn covered(&self, l: &Leaving) -> bool {
        let Some(note) = self.cards.get(&l.track) else {
            return false;
        };
        let Some(p) = note.placed else {
            return false;
        };
        if !matches!(p.spot, Spot::Space(_)) {
            return false;
        }
        let over: Vec<[[f64; 2]; 4]> = self
            .cards
            .iter()
            .filter(|&(&id, o)| {
                id != l.track
                    && o.seen_t > l.t
                    && o.placed.is_some_and(|q| q.t > p.t && q.t <= l.t + 1.0)
            })
            .map(|(_, o)| o.corners)
            .collect();
        share_under(&note.corners, &over) >= COVERED_SHARE
    }

    /// A player's card that went from sight alone once the dealer's hand lay face up: the
    /// players have acted and the dealer plays and settles (08-11(10), (12), (13)), and the
    /// players' cards stay until the clear (08-11(17)). A card is taken back from a hand (one
    /// dealt to an empty space or a busted hand, 08-08(3)) while the players act, not then;
    /// the dealer's hand and arm pass over the cards as each wager is paid or collected.
    /// Held-out shift seed 24 at 1677.6 s: a split hand's ace, under the dealer's arm as its
    /// payoff was laid 2 s before the clear, written burned, its hand read a loser and its
    /// payoff an overpay.
    fn hidden_in_settling(&self, l: &Leaving) -> bool {
        self.cards
            .get(&l.track)
            .and_then(|n| n.placed)
            .is_some_and(|p| matches!(p.spot, Spot::Space(_)) && p.t < l.t)
            && self.dealers_turn()
    }

    /// The dealer's second card found face up, its back never seen, with no player's card
    /// after it: the hole card, dealt face down (08-10(1)) and turned under the dealer's hand
    /// once no player had a decision left (08-12(14)); the camera could not see which. It is
    /// written so. With players' cards after it, it lay face up while they played: as seen.
    /// Only this round's cards count, those before its clear at `end`: the next round's
    /// first cards may be written by the time the clear is judged (shift seed 14 at 1259 s,
    /// its first card read before the last round's clear at 1256 s was judged, and that
    /// round's hole card, turned at once, written as dealt face up).
    fn hole_dealt_unseen(&mut self, end: f64) {
        let Some((event, t, card)) = self.hole_unseen.take() else {
            return;
        };
        let played_after = self.pending.iter().any(|p| {
            p.t > t
                && p.t < end
                && matches!(
                    p.kind,
                    EventKind::Card {
                        to: Target::Hand { .. },
                        ..
                    }
                )
        });
        if played_after {
            return;
        }
        self.amend(event, |k| {
            if let EventKind::Card { card, .. } = k {
                *card = None;
            }
        });
        self.write(t + 0.05, EventKind::HoleCardTurned { card });
    }

    /// The dealer's face down cards among `ids` (going in the clear) that were read face up
    /// where they lay, though too few times in a row for the tracker to call them turned: the
    /// dealer turned the hole card over and took it up at once (08-11(10), (17)). Written as
    /// turned, a moment before it was first read so (as the tracker's turns are).
    fn hole_glimpsed(&mut self, ids: &[u64]) {
        for id in ids {
            let Some(note) = self.cards.get(id) else {
                continue;
            };
            let (Some(p), Some((card, t)), Identity::CardBack) =
                (note.placed, note.glimpsed, note.identity)
            else {
                continue;
            };
            if p.spot != Spot::Dealer || p.turned.is_some() {
                continue;
            }
            let seq = self.write(t - 0.1, EventKind::HoleCardTurned { card });
            if let Some(p) = self.cards.get_mut(id).and_then(|n| n.placed.as_mut()) {
                p.turned = Some(seq);
            }
        }
    }

    /// Takes cards off the table.
    /// Card `id` no longer lies in the hand (or the dealer's row) it was placed in: its slot
    /// is taken out and it is no longer placed; the note is kept.
    fn forget_slot(&mut self, id: u64) {
        self.unslot(&[id]);
        if let Some(n) = self.cards.get_mut(&id) {
            n.placed = None;
        }
    }

    /// Takes cards `ids` out of the dealer's row and the hands, dropping hands left empty at
    /// a space's end.
    fn unslot(&mut self, ids: &[u64]) {
        self.dealer.retain(|id| !ids.contains(id));
        for space in &mut self.hands {
            for hand in space.iter_mut() {
                hand.retain(|id| !ids.contains(id));
            }
            while space.last().is_some_and(Vec::is_empty) {
                space.pop();
            }
        }
    }

    /// Each space's hands that hold cards, numbered anew from the first: cards of the next
    /// round, dealt before the last round's clear was read (its cards are judged gone a while
    /// after they go), are its first hand (held-out shift seed 25 at 3164 s: the next round's
    /// first card at space 3, laid where last round's second split hand's cards lay before
    /// their clear was read, was written to a second hand of a round that had none). The
    /// cards' events are written anew to their hand.
    fn renumber_hands(&mut self) {
        let mut moved: Vec<(u64, u8, u8)> = Vec::new();
        for (s, hands) in self.hands.iter_mut().enumerate() {
            hands.retain(|h| !h.is_empty());
            for (k, hand) in hands.iter().enumerate() {
                for id in hand {
                    moved.push((*id, u8::try_from(s).unwrap_or(0), k as u8 + 1));
                }
            }
        }
        for (id, space, hand) in moved {
            let Some(p) = self.cards.get_mut(&id).and_then(|n| n.placed.as_mut()) else {
                continue;
            };
            if p.hand == hand {
                continue;
            }
            p.hand = hand;
            let event = p.event;
            self.amend(event, |k| {
                if let EventKind::Card { to, .. } = k {
                    *to = Target::Hand { space, hand };
                }
            });
        }
    }

    fn forget(&mut self, ids: &[u64]) {
        self.unslot(ids);
        for id in ids {
            self.cards.remove(id);
        }
    }

    /// The spot of the card placed nearest `p`, when one lies within a card and a half: a card
    /// dealt onto a hand, wherever the hand was set out (split hands spread toward the next
    /// space). Only players' cards count, except within half a card of the dealer's card zone
    /// or once the dealer's hand is face up, where the dealer's own count too: the dealer's
    /// draws are laid in a row there, and the row may reach within a card and a half of a
    /// hand at the next space, which must not take them.
    fn hand_near(&self, p: [f64; 2], half: f64) -> Option<Spot> {
        let reach = HAND_REACH * half.max(1.0);
        let at_dealer = poly_dist(&self.layout.dealer_cards, p) <= half;
        // Once the dealer's hand is face up the players have acted and the dealer draws
        // (08-11(10)): a card by the dealer's zone is the dealer's, and one beyond it that
        // lies nearest the dealer's row continues it (a long row reaches past the zone toward
        // the next space's hand).
        let dealers_turn = self.dealers_turn();
        if at_dealer && dealers_turn {
            return Some(Spot::Dealer);
        }
        // Once the dealer's hand is face up, a card where the dealer's row takes its next
        // draw (the immediate right of the last, 08-11(10)(f)) is the dealer's: the players
        // have acted (08-11(10)), and a long row reaches where the next space's long hand
        // would take its next card (held-out shift seed 22 at 3223 s: the dealer's fifth
        // card, a Kh, written as space 6's fifth; the dealer read as standing on 12).
        if dealers_turn
            && let Some(next) = self.dealers_next_place()
            && dist(next, p) <= half
        {
            return Some(Spot::Dealer);
        }
        // A split hand holding one card is dealt its second before any other hand is played
        // (08-09(2)(c)): a card within reach of its card is its own, though another space's
        // cards lie nearer (a pair split again spreads its hands over the next space's: clean
        // shift seed 13 at 3559 s, the card dealt to the second hand of three written to the
        // next space).
        let waiting = self
            .hands
            .iter()
            .enumerate()
            .filter(|(_, hands)| hands.len() >= 2)
            .flat_map(|(s, hands)| {
                hands
                    .iter()
                    .filter(|h| h.len() == 1)
                    .map(move |h| (s, h[0]))
            })
            .filter_map(|(s, id)| {
                let pl = self.cards.get(&id)?.placed?;
                Some((u8::try_from(s).ok()?, dist(pl.at, p)))
            })
            .filter(|(_, d)| *d <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((s, _)) = waiting {
            return Some(Spot::Space(s));
        }
        // A hand dealt its card at a right angle (a double-down, a split ace) takes no more
        // (08-09(2)(c), (d)): a card by it is the next space's, whose hand the split set out
        // toward (shift seed 17 at 2570 s: space 2's hit card laid by space 1's second split
        // ace, written to it, and the ace's own card taken for a burn).
        let finished = |pl: &Placed| match pl.spot {
            Spot::Space(s) => self
                .hands
                .get(usize::from(s))
                .and_then(|h| h.get(usize::from(pl.hand).saturating_sub(1)))
                .and_then(|h| h.last())
                .and_then(|id| self.cards.get(id))
                .and_then(|n| n.placed)
                .is_some_and(|last| last.rotated),
            Spot::Dealer => false,
        };
        // A hand's cards are laid each past the last by the same step (each on the one before,
        // over its lower left-hand quarter, 08-10(2)): a card lying where a hand of two cards or
        // more takes its next is that hand's, though another's cards lie nearer (shift seed 18 at
        // 1444 s: space 2's hits, laid down its row toward space 1's second split hand set
        // out beside it, were written to that hand, three cards to a bust hand).
        let in_play = self.in_play();
        let next_place = self
            .hands
            .iter()
            .enumerate()
            .flat_map(|(s, hands)| hands.iter().map(move |h| (s, h)))
            .filter_map(|(s, h)| {
                let [.., a, b] = h.as_slice() else {
                    return None;
                };
                let a = self.cards.get(a)?.placed?;
                let b = self.cards.get(b)?.placed?;
                let next = [2.0 * b.at[0] - a.at[0], 2.0 * b.at[1] - a.at[1]];
                (!b.rotated).then_some((u8::try_from(s).ok()?, dist(next, p)))
            })
            .filter(|(_, d)| *d <= half)
            // Players act in turn from the dealer's left, each hand played out before the next
            // (08-10(2), 08-11): of two hands whose next places meet (a row run long), one at
            // a space before the one the dealer last dealt to is done (the same hour at
            // 1447 s: space 2's fifth card, where space 1's split hand would take its fourth).
            .min_by(|a, b| {
                let done = |s: u8| in_play.is_some_and(|at| s < at);
                done(a.0).cmp(&done(b.0)).then(a.1.total_cmp(&b.1))
            });
        if let Some((s, _)) = next_place {
            return Some(Spot::Space(s));
        }
        self.cards
            .values()
            .filter_map(|n| n.placed)
            .filter(|pl| at_dealer || dealers_turn || matches!(pl.spot, Spot::Space(_)))
            .filter(|pl| !finished(pl))
            .map(|pl| (pl.spot, dist(pl.at, p)))
            .filter(|(_, d)| *d <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(s, _)| s)
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

    /// True when no placed card was in sight from `t` on: between a round's clear (its cards
    /// out of sight, though not yet judged gone) and the next round's first card.
    fn bare_since(&self, t: f64) -> bool {
        self.cards
            .values()
            .all(|n| n.placed.is_none() || n.seen_t < t)
    }

    /// Every pile of the shuffle out of sight for [`PILES_LOST_S`]: taken up together into the
    /// shoe, and forgotten, so that a card flying over where one lay soon after (the card
    /// burned next, found by the pile's track the tracker still keeps: clean shift seed 13 at
    /// 2577 s, the shuffle written 2.4 s late and the burn missed, a `no_burn` not there) is no
    /// pile. The shuffle is when they were last seen.
    pub(super) fn piles_lost(&mut self) {
        let now = self.now;
        let piles: Vec<(u64, f64)> = self
            .cards
            .iter()
            .filter(|(_, n)| n.pile)
            .map(|(&k, n)| (k, n.seen_t))
            .collect();
        if piles.is_empty() || piles.iter().any(|p| now - p.1 < PILES_LOST_S) {
            return;
        }
        let t = piles.iter().map(|p| p.1).fold(f64::MIN, f64::max);
        for &(k, _) in &piles {
            if let Some(n) = self.cards.remove(&k) {
                self.pile_spots.push((t, n.rest, half_width(&n.corners)));
            }
        }
        self.pile_gone(t);
    }

    /// A pile of the shuffle went at `t`, last seen: once no other pile lies in sight, the
    /// shuffled cards are in the shoe (08-08(1)) and the `shuffle` is written then. A pile the
    /// detector lost a while and found again before the round's first card moves the shuffle
    /// already written to when it went for good, not a second one.
    fn pile_gone(&mut self, t: f64) {
        self.piles_went.push(t);
        if self.cards.values().any(|n| n.pile) {
            return;
        }
        match self.shuffle {
            Some(seq) => {
                let at = self
                    .pending
                    .iter()
                    .find(|p| p.seq == seq)
                    .map_or(t, |p| p.t.max(t));
                self.retime(seq, at);
            }
            None => self.shuffle = Some(self.write(t, EventKind::Shuffle)),
        }
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

    /// The hand waiting for its double-down card that a card coming to rest at `p` at `t`
    /// seconds, lying as `corners` say, is: one where chips went down in the last
    /// [`DOUBLE_CARD_S`] seconds (a double wager written, or chips come to rest and not yet
    /// read) and no card since, with a card of it within reach, and whose first card this one
    /// crosses at a right angle (the double-down card is dealt so, 99-01.3-08-09(2)(b)), its
    /// own last card not so laid. Space and hand. The nearest placed card alone would give it to a neighbour's split hand
    /// spread toward it.
    fn double_waiting(&self, p: [f64; 2], t: f64, corners: &[[f64; 2]; 4]) -> Option<(u8, u8)> {
        let reach = HAND_REACH * half_width(corners).max(1.0);
        let recent = |at: f64| at <= t && t - at <= DOUBLE_CARD_S;
        let written = self
            .stakes
            .iter()
            .filter(|st| st.kind == WagerKind::Double && !st.closed && recent(st.t))
            .map(|st| (st.space, st.hand, st.t));
        let unread = self
            .chips_unread()
            .into_iter()
            .filter(|c| recent(c.2))
            .filter_map(|(space, at, when)| {
                let hands = self.hands.get(usize::from(space))?;
                Some((
                    space,
                    nearest_hand(hands, &self.cards, at, in_turn(hands), [0.0; 2]) as u8 + 1,
                    when,
                ))
            });
        written
            .chain(unread)
            .filter_map(|(space, hand, when)| {
                let cards = self
                    .hands
                    .get(usize::from(space))?
                    .get(usize::from(hand).checked_sub(1)?)?;
                let placed: Vec<(&CardNote, Placed)> = cards
                    .iter()
                    .filter_map(|id| self.cards.get(id).and_then(|n| Some((n, n.placed?))))
                    .collect();
                let (first, _) = placed.first()?;
                // A hand whose last card lies at a right angle was dealt its one card (a split
                // ace's, 08-09(2)(c)) and takes no double's card (held-out shift seed 22 at
                // 931.5 s: chips doubled on a split ace already dealt its king, and the other
                // ace's card, laid beside the king, written to it).
                let finished = placed.last().is_some_and(|(_, pl)| pl.rotated);
                let waiting =
                    placed.len() >= 2 && !finished && placed.iter().all(|(_, pl)| pl.t < when);
                let near = placed
                    .iter()
                    .map(|(_, pl)| dist(pl.at, p))
                    .fold(f64::INFINITY, f64::min);
                (waiting && near <= reach && at_right_angle(&first.corners, corners))
                    .then_some((near, (space, hand)))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, sh)| sh)
    }

    /// The spot a card resting at `p` belongs to: the nearest card zone within reach.
    fn spot_of(&self, p: [f64; 2], half: f64) -> Option<Spot> {
        let reach = self.config.reach * 2.0 * half.max(1.0);
        let dealer = (Spot::Dealer, poly_dist(&self.layout.dealer_cards, p));
        self.layout
            .spaces
            .iter()
            .map(|s| {
                let d = poly_dist(&s.cards, p).min(poly_dist(&s.bet, p));
                (Spot::Space(s.number), d)
            })
            .chain(std::iter::once(dealer))
            .filter(|(_, d)| *d <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(s, _)| s)
    }
}

/// The unit direction of the longer side of the box with these `corners` (in
/// [`Seen::corners`] order) and that side's length, pixels.
fn long_side(corners: &[[f64; 2]; 4]) -> ([f64; 2], f64) {
    let [a, b, c, _] = *corners;
    let (ab, bc) = (sub(b, a), sub(c, b));
    let side = if ab[0].hypot(ab[1]) >= bc[0].hypot(bc[1]) {
        ab
    } else {
        bc
    };
    let length = side[0].hypot(side[1]);
    (
        [side[0] / length.max(1e-9), side[1] / length.max(1e-9)],
        length,
    )
}

/// Seconds after a double wager went down within which a card dealt at a right angle by its
/// hand is taken to be its double-down card.
const DOUBLE_CARD_S: f64 = 6.0;

/// Seconds before a card lies still in which card backs seen in flight may have been it.
const FLIGHT_S: f64 = 2.0;

/// Seconds every pile of the shuffle must be out of sight to have gone into the shoe.
const PILES_LOST_S: f64 = 1.0;

/// Sightings of a card back in the shoe's lane this many seconds apart or less are one card's
/// flight.
const LANE_GAP_S: f64 = 0.5;

/// Seconds after a flight's last sighting within which the card that flew came to rest (a
/// hole card dealt and turned at once is first found face up, after the turn: shift seed 16
/// at 447 s).
const LANE_REST_S: f64 = 2.0;

/// Seconds after a flight's last sighting before it is judged: the card that flew has come to
/// rest and been placed by then.
const LANE_JUDGE_S: f64 = 3.0;

/// How far behind its last sighting in flight, as a share of the way from the shoe to the
/// discard holder, a card may come to rest and still be the card that flew.
const LANE_BACK: f64 = 0.05;

/// Sightings of a burn this many seconds apart are one burn.
const BURN_SEEN_S: f64 = 1.0;

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

/// The hand at a space, of those `open` allows (by index), whose next card would lie nearest
/// `p`: `next` (pixels) on from its last card (0 when none has a card).
fn nearest_hand(
    hands: &[Vec<u64>],
    cards: &HashMap<u64, CardNote>,
    p: [f64; 2],
    open: impl Fn(usize) -> bool,
    next: [f64; 2],
) -> usize {
    hands
        .iter()
        .enumerate()
        .filter(|(i, _)| open(*i))
        .filter_map(|(i, h)| {
            let last = cards.get(h.last()?)?;
            let at = last.placed.map_or(last.rest, |pl| pl.at);
            Some((i, dist([at[0] + next[0], at[1] + next[1]], p)))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(0, |(i, _)| i)
}

/// Where in `hand` (its cards' ids, in the order dealt) a card come to rest at `p` at `t`
/// seconds goes, when not last: before the first of its cards after the first that came to
/// rest within [`UNCOVERED_S`] before it and lies further along the row from the hand's first
/// card, by half of `half` (the card's half width, pixels) or more. Each hit is laid further
/// along the hand's cards than the last (08-10(2)), so such a card was dealt after it and
/// found first: the dealer's arm over a row of hits uncovers its far end first (shift seed
/// 20 at 830 s: space 1's 9c and 3d found after the Ks laid beyond them, the Ks written
/// first, the hand bust before them, and a `card_to_finished_hand` not there).
fn row_place(
    hand: &[u64],
    cards: &HashMap<u64, CardNote>,
    p: [f64; 2],
    t: f64,
    half: f64,
) -> Option<usize> {
    let first = cards.get(hand.first()?)?.placed?.at;
    let d = dist(p, first);
    hand.iter()
        .enumerate()
        .skip(1)
        .find(|(_, id)| {
            cards
                .get(id)
                .and_then(|n| n.placed)
                .is_some_and(|c| c.t >= t - UNCOVERED_S && dist(c.at, first) > d + 0.5 * half)
        })
        .map(|(k, _)| k)
}

/// Seconds within which a hand's cards found one after another may have been uncovered
/// together, out of the order they were dealt (see [`row_place`]).
const UNCOVERED_S: f64 = 1.0;

/// Which hands at a space (by index) may still be dealt a card. A split hand is played to
/// completion before the next is dealt its second card (08-09(2)(c)), so once a later hand
/// holds two cards, the hands before it that hold two are done; one still holding a single
/// card is owed one (a player takes at least one card on a split hand, ibid.), seen late.
fn in_turn(hands: &[Vec<u64>]) -> impl Fn(usize) -> bool + '_ {
    let from = hands.iter().rposition(|h| h.len() >= 2).unwrap_or(0);
    move |i| i >= from || hands.get(i).is_some_and(|h| h.len() == 1)
}

/// The hand at a space that a card set apart as a new hand was dealt: the first hand holding
/// one card (split hands are played in turn, 08-09(2)(c)), when that card pairs with `card`
/// (the same count) or either face is unread. None when no hand does.
fn in_play(
    hands: &[Vec<u64>],
    cards: &HashMap<u64, CardNote>,
    card: Option<Card>,
) -> Option<usize> {
    let i = hands.iter().position(|h| h.len() == 1)?;
    let first = cards.get(&hands[i][0]).map(|n| n.identity);
    may_pair(first, card.map(Identity::Card)).then_some(i)
}

/// Whether two cards, as read, may be a pair to split: the same count (any two ten-count cards
/// included, 08-09(2)(c)), or either face unread.
fn may_pair(a: Option<Identity>, b: Option<Identity>) -> bool {
    match (a, b) {
        (Some(Identity::Card(a)), Some(Identity::Card(b))) => a.rank.count() == b.rank.count(),
        _ => true,
    }
}

/// True when two cards' long axes cross at more than 45 degrees.
fn at_right_angle(a: &[[f64; 2]; 4], b: &[[f64; 2]; 4]) -> bool {
    let axis = |c: &[[f64; 2]; 4]| {
        // The long side: top-left to bottom-left or top-left to top-right, whichever is longer.
        let down = [c[3][0] - c[0][0], c[3][1] - c[0][1]];
        let across = [c[1][0] - c[0][0], c[1][1] - c[0][1]];
        if down[0].hypot(down[1]) >= across[0].hypot(across[1]) {
            down
        } else {
            across
        }
    };
    let (u, v) = (axis(a), axis(b));
    let cos = (u[0] * v[0] + u[1] * v[1]) / (u[0].hypot(u[1]) * v[0].hypot(v[1])).max(1e-9);
    cos.abs() < std::f64::consts::FRAC_1_SQRT_2
}

/// Seconds within which a placed card's track, found still from the first, may be lost while
/// the card lies there (`Scribe::slipped_away`).
const SLIP_S: f64 = 1.0;

/// Seconds between a player's card coming to rest away from its place and its place's other
/// cards going, within which it went with them in the dealer's hand (shift seed 12 at 2608 s:
/// space 6's 4h and 2d followed as the dealer took the space's cards up, taken for a hand
/// set apart, so the four that went were written as burned).
const CARRIED_S: f64 = 2.0;

/// Seconds out of sight after which a card found again on its spot may have gone with its
/// spot's cards when they went (see [`Scribe::judge_group`]).
const AWHILE_S: f64 = 1.0;

/// Seconds cards last seen at a space may have lain under the dealer's hand before it took
/// them up: a payoff or collection seen there within this time came before the clear.
const COVERED_S: f64 = 1.5;

/// The least share of a card that cards laid after it must cover for it to count as
/// covered when it goes from sight (see [`Scribe::covered`]): corners read a few pixels off
/// make a hand's cards seem to touch, a tenth is more than that.
const COVERED_SHARE: f64 = 0.1;

/// The share of the card lying at `corners` (pixels, in order round it) that lies under one
/// of the cards at `over`: of a 6 by 6 grid of points spread evenly over its face, those
/// inside one of them.
fn share_under(corners: &[[f64; 2]; 4], over: &[[[f64; 2]; 4]]) -> f64 {
    const N: usize = 6;
    if over.is_empty() {
        return 0.0;
    }
    let mut under = 0_u32;
    for i in 0..N {
        for j in 0..N {
            let (u, v) = ((i as f64 + 0.5) / N as f64, (j as f64 + 0.5) / N as f64);
            let at = |k: usize| {
                (1.0 - u) * (1.0 - v) * corners[0][k]
                    + u * (1.0 - v) * corners[1][k]
                    + u * v * corners[2][k]
                    + (1.0 - u) * v * corners[3][k]
            };
            let pt = PixelPt { x: at(0), y: at(1) };
            if over.iter().any(|q| contains(q, pt)) {
                under += 1;
            }
        }
    }
    f64::from(under) / (N * N) as f64
}
