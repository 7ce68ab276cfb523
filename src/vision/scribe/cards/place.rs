//! Placing cards: a card come to rest by a hand or the dealer written dealt there, found
//! again after the dealer's hand covered it, set apart as a split hand, carried with its hand.

use super::*;
use crate::rules::cards::Rank;

/// How near (a share of a card's half width) a card at rest lies to a placed card still in
/// sight to be a second find of it.
const SAME_CARD: f64 = 0.5;

/// Seconds before a card came to rest within which a placed card of its face, lost while
/// moving off its place, may have been it (see [`Scribe::lost_moving`]).
const LOST_MOVING_S: f64 = 1.5;

/// Seconds a face-down card's track that took another track's place must have gone unfound for
/// that other track, found there again face up, to take the place back
/// ([`Scribe::take_back`]).
const TAKEN_BACK_S: f64 = 1.0;

/// How far, in a card's half widths, from where a placed card lost moving was last found
/// the card it was may come to rest: a split hand is set apart about four half widths from
/// its pair (shift seed 17 at 1319 s, 73 pixels for cards 19 wide), and the track may be
/// lost at its first step.
const MOVED_REACH: f64 = 4.5;

/// How near (a share of a card's half width) a card of a placed card's rank, of a suit of
/// the other colour, lying as it lies (not across it), lies to that card to be a second find
/// of it: a card half covered by the next card dealt is found off its centre and now and then
/// read in another suit, its box shrunk to what shows (held-out shift seed 66 at 930.6 s:
/// space 1's split hand's Kd, half under space 2's 5c, found again as a Ks 7.9 pixels off,
/// 0.58 of its half width as found; written as dealt to space 2, its 20 read bust and its
/// payoff an `overpay`, and a seventh Ks since the shuffle). A hit lies a hit's step on,
/// about 1.7 half widths (08-10(2)); a double-down's card lies across its hand.
///
/// So near, too, any face lying as a placed double-down card lies, across its hand: that card
/// is the one card laid so at its hand (08-11(3)(b)), and another hand's double-down card lies
/// across that hand, a split hand set apart about four half widths off (held-out clean shift
/// seed 70 at 3497.2 s: space 4's first split hand's 9h, still in sight, found again by a
/// second track as a 7h 8.0 pixels off, 0.52 of its half width, as the second hand's Ac came
/// to rest across that hand 48 pixels off; written as a card after the second hand's double,
/// a `double_rule_broken` and a `hole_card_exposed_early` not there).
const ONE_RANK: f64 = 0.75;

/// How near (a share of a card's half width) a card of a placed card's face, or of its rank in
/// the other suit of its colour, lying as it lies, lies to that card to be a find of it
/// however long the placed card lay out of sight: two cards of one rank never lie so near in
/// one lie (a hit lies a hit's step on, about 1.7 half widths, 08-10(2); a double-down's card
/// lies across its hand). Held-out clean shift seed 67 at 2153.2 s: space 3's first split
/// hand's 3c, laid across it as its double-down card, hidden under the second hand's 9d for
/// 2.9 s, was found as a 3s 9.3 pixels off as the dealer's hand passed to space 4, and
/// written as a card dealt to the second hand (its 15 read 18, a winning wager read as
/// collected, and a seventh 3s since the shuffle).
const UNSEEN_SAME: f64 = 0.75;

/// How near (a share of a card's half width) a card found as it lands, of the next rank of a
/// placed card's suit, lies to that card to be a second find of it (see
/// [`next_rank_first_look`]). A card dealt lies a hit's step off, a half width or more across
/// and half a card's length along (08-10(2)); the dealer's and split hands' cards lie side by
/// side.
const NEXT_RANK: f64 = 0.75;

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

/// How surely (see [`sureness`]) a find of a placed card reads its face for its reading to
/// be the card's over the placed card's own unsure one ([`Scribe::surer_face`]).
const SURE_READ: f64 = 0.8;

/// Below how sure a placed card's reading of its face is unsure ([`Scribe::surer_face`]).
const UNSURE_READ: f64 = 0.5;

/// How far (in half widths) from a hand's card a card may lie and be dealt to that hand.
const HAND_REACH: f64 = 3.2;

/// How near (in half widths) another hand's card a card lies to lie on it, where that hand's
/// next card goes: a hit lies about 1.5 half widths on from the card before (08-10(2)), a
/// hand split off well beside the space's cards.
const ON_ANOTHER: f64 = 1.5;

/// Seconds after a double wager went down within which a card dealt at a right angle by its
/// hand is taken to be its double-down card.
const DOUBLE_CARD_S: f64 = 6.0;

impl Scribe {
    /// A card came to rest: written as dealt to the spot and hand it lies at.
    pub(super) fn place(&mut self, id: u64) {
        if let Some(moved) = self.carried_from(id) {
            self.carried_onto(moved, id);
            return;
        }
        if self.resume(id) {
            return;
        }
        if let Some(card) = self.found_twice(id) {
            // Found again after it lay out of sight long (see [`UNSEEN_SAME`]): this track
            // is that card now, and holds its place when the old track's going is judged.
            let rest_t = self.cards.get(&id).map_or(f64::MIN, |n| n.rest_t);
            if self
                .cards
                .get(&card)
                .is_some_and(|o| o.seen_t < rest_t - FOUND_AGAIN_S)
            {
                self.take_place(card, id);
            } else {
                self.surer_face(id, card);
            }
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
            .or_else(|| self.hand_near(rest, &corners))
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
                .any(|&(p, h, _)| dist(p, rest) <= h.max(half));
            if self.shuffle.is_none() || where_one_lay {
                if let Some(n) = self.cards.get_mut(&id).filter(|n| !n.pile) {
                    n.pile = true;
                    self.piles_laid.push((rest, half, rest_t));
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
        // Once the dealer's hand lies face up the players have acted and the dealer draws
        // (08-11(10)): a card come to rest after that by a player's hand, and not where one of
        // its hands takes its next card, is the dealer's draw held a moment on its way from
        // the shoe, not a card dealt to the player (clean shift seed 65 at 3112.2 s: the 3d,
        // held by the dealer's fist beside space 1's 10h, written as space 1's hit, busting
        // its 20, and then at the dealer's row). A card the dealer deals a player then (the
        // hole card turned too soon) is laid where the hand's next card goes, and is read.
        if let Spot::Space(s) = spot
            && doubled.is_none()
            && self.dealer_face_up_at().is_some_and(|up| rest_t > up)
            && !self
                .next_places()
                .iter()
                .any(|&(k, next)| k == s && dist(next, rest) <= half_width(&corners))
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
        // A face-down card (the hole card) seen lying where it lies before its track began,
        // a card back not yet an object, lay there since: it was dealt then, and lost under
        // the dealer's arm reaching past it (held-out shift seed 44 at 2373.0 s: the hole
        // card, seen two looks as it landed and hidden as the arm dealt space 4's hit over
        // it, was written after that hit, a dealing-order finding, 08-10(1)).
        let seen_there = if identity == Identity::CardBack {
            let half = half_width(&corners);
            self.flying
                .iter()
                .filter(|f| f.0 < rest_t && rest_t - f.0 <= FLIGHT_S)
                .filter(|f| dist(f.1, rest) <= half)
                .map(|f| f.0)
                .fold(rest_t, f64::min)
        } else {
            rest_t
        };
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
        // The dealer's second card found face down before it was first found face up, its
        // back under the dealer's hand meanwhile, was the hole card dealt face down (08-10(1))
        // and turned there (clean shift seed 80 at 2212.8 s: the hole card's back found two
        // looks, then under the dealer's hand as space 5 was dealt its double-down card, and
        // first found face up after it; written as dealt face up, both of the dealer's first
        // two cards face up, a `dealing_order` that was not there). Not the first: a card
        // read face down in flight and face up where it lands is the up card, dealt so.
        let was_back = was_back || turned_t.is_some() && self.dealer.len() == 1;
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
                laid_t = laid_t.min(seen_there);
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
                let mut under_double = false;
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
                        let late = still_in_turn(&then, &self.cards, rest, rest_t, hw);
                        let under =
                            |i: usize| second_under_its_double(&then[i], &self.cards, rest, rest_t);
                        let second = (0..then.len()).find(|i| under(*i));
                        under_double = second.is_some();
                        second.unwrap_or_else(|| {
                            nearest_hand(
                                &then,
                                &self.cards,
                                rest,
                                |i| (open(i) || late(i)) && !done(i),
                                next,
                            )
                        })
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
                // Dealt before the double-down wager it allowed (08-09(2)(d)).
                if under_double
                    && let Some(at) = self
                        .stakes
                        .iter()
                        .filter(|st| {
                            !st.closed
                                && st.space == s
                                && usize::from(st.hand) == hi + 1
                                && st.kind == WagerKind::Double
                        })
                        .map(|st| st.t)
                        .reduce(f64::min)
                {
                    laid_t = laid_t.min(at - 0.05);
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
                or: None,
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
            self.write(at, EventKind::HoleCardTurned { card, or: None })
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
                set_apart: 0,
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
        let (rest, rest_t, first_t, identity) =
            (note.rest, note.rest_t, note.first_t, note.identity);
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
                // Nor one gone in the round's clear before it was found (see
                // [`Scribe::went_in_clear_before`]).
                && !self.went_in_clear_before(k, first_t)
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
        // Or lost where it lay while the pair's other card still lies where it lay, `id`
        // beside that card as a split hand is set out: the card swept there between two
        // looks, never found on its way (held-out clean shift seed 67 at 645.2 s: a pair of
        // aces split, the second ace lost where it lay and found 75 pixels off, 3 half widths
        // beside the first, 0.4 s later; written as a new card dealt, and the ace as burned).
        let set_out_unseen = |k: u64, p: Placed| {
            let Some(other) = self.pair_card(k, p) else {
                return false;
            };
            // A hand split again is set out beyond the space's split hands, a hand's step on
            // for each (08-09(2)(c)).
            let hands = match p.spot {
                Spot::Space(s) => self.hands.get(usize::from(s)).map_or(1, Vec::len),
                Spot::Dealer => 1,
            };
            let beside = dist(other.rest, rest);
            other.seen_t >= rest_t
                && dist(other.rest, other.placed.map_or(other.rest, |q| q.at))
                    <= self.config.still * half
                && beside > 2.0 * self.config.split_move * half
                && beside <= MOVED_REACH * half * hands.max(1) as f64
        };
        self.cards
            .iter()
            .filter(|&(&k, o)| {
                k != id
                    && o.identity == identity
                    && o.seen_t < rest_t
                    && rest_t - o.seen_t <= LOST_MOVING_S
                    && o.placed.is_some_and(|p| {
                        let (went, to) = (sub(o.rest, p.at), sub(rest, p.at));
                        let moving = dist(o.rest, rest) <= MOVED_REACH * half
                            && dist(o.rest, p.at) > self.config.still * half
                            && went[0] * to[0] + went[1] * to[1] > 0.0;
                        self.may_be_set_apart(k, p)
                            && spot.is_none_or(|s| s == p.spot)
                            && (moving || set_out_unseen(k, p))
                    })
            })
            .min_by(|a, b| dist(a.1.rest, rest).total_cmp(&dist(b.1.rest, rest)))
            .map(|(&k, _)| k)
    }

    /// The other card of placed card `k`'s hand (placed as `p`), when the two are a pair that
    /// may be split (see [`Scribe::may_be_set_apart`]).
    fn pair_card(&self, k: u64, p: Placed) -> Option<&CardNote> {
        if !self.may_be_set_apart(k, p) {
            return None;
        }
        let Spot::Space(s) = p.spot else {
            return None;
        };
        let hand = self
            .hands
            .get(usize::from(s))?
            .get(usize::from(p.hand).saturating_sub(1))?;
        let other = hand.iter().find(|&&i| i != k)?;
        self.cards.get(other)
    }

    /// Whether placed card `k` (placed as `p`) may be set apart as a split hand: one of the
    /// only two cards of a player's hand, the two a pair (08-09(2)(c): splitting is permitted
    /// on any pair or any two 10-count cards). A card of a hand of three moves only as it is
    /// taken up (held-out clean shift seed 45 at 210.4 s: space 5's bust 8h, lost as it was
    /// picked up, taken for moved onto space 6's next 8h, that card written to space 5 as
    /// dealt to a hand picked up, a `card_to_finished_hand` that was not there).
    fn may_be_set_apart(&self, k: u64, p: Placed) -> bool {
        let Spot::Space(s) = p.spot else {
            return false;
        };
        let hand = self
            .hands
            .get(usize::from(s))
            .and_then(|h| h.get(usize::from(p.hand).saturating_sub(1)));
        let Some([a, b]) = hand.map(Vec::as_slice) else {
            return false;
        };
        let face = |id: &u64| self.cards.get(id).map(|n| n.identity);
        (*a == k || *b == k) && may_pair(face(a), face(b))
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
                placed.turned = Some(self.write(at, EventKind::HoleCardTurned { card, or: None }));
            } else {
                let event = placed.event;
                self.amend(event, |k| unsure::set_face(k, card));
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
        self.took.retain(|t| t.0 != old);
        self.took.push((old, id));
        true
    }

    /// Track `tr`, read face down before (`was`), whose placed card's place another track took
    /// over as it went unseen a moment (see [`Scribe::take_place`]), found there again face up
    /// while that other track, still face down, is lost (unfound [`TAKEN_BACK_S`] or more): it
    /// takes its place back, the card turned. Two tracks may follow one hole card by turns,
    /// the second begun a few pixels off as the first went unfound under the dealer's hand
    /// (clean shift seed 82 at 1403.0 s: the hole card's second track took its place and was
    /// lost, the first turned face up at 1406.6 s, and with no place its turn went unwritten:
    /// the hole card never turned, a `round_unreconstructable` that was not there, 08-11(10)).
    /// Not once the other track turned face up itself: the first, found again, is another card
    /// come over the place (held-out shift seed 81 at 668.8 s: the dealer's draw, the 8h,
    /// laid by the turned 4c and found as the first track, would have taken the 4c's place).
    pub(super) fn take_back(&mut self, tr: &Track, was: Identity) {
        if was != Identity::CardBack
            || !matches!(tr.identity, Identity::Card(_))
            || self.cards.contains_key(&tr.id)
        {
            return;
        }
        let Some(&(_, new)) = self.took.iter().find(|t| t.0 == tr.id) else {
            return;
        };
        let lost_there = self.cards.get(&new).is_some_and(|n| {
            n.identity == Identity::CardBack
                && n.seen_t <= tr.last - TAKEN_BACK_S
                && n.placed.is_some_and(|p| {
                    p.turned.is_none() && dist(p.at, tr.centre) <= half_width(&tr.corners)
                })
        });
        if !lost_there {
            return;
        }
        self.cards
            .insert(tr.id, Self::note_of(tr, self.config.still));
        self.take_place(new, tr.id);
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
    /// Returns the placed card it is (the nearest such), if any.
    fn found_twice(&self, id: u64) -> Option<u64> {
        let note = self.cards.get(&id)?;
        let (rest, rest_t, half) = (note.rest, note.rest_t, half_width(&note.corners));
        let face = note.identity;
        let found = |(&k, o): (&u64, &CardNote)| {
            let near = if o.identity == face || one_rank_one_colour(o.identity, face) {
                SAME_FACE
            } else if next_rank_first_look(o.identity, face, rest_t, note.first_t) {
                NEXT_RANK
            } else if !at_right_angle(&o.corners, &note.corners)
                && (one_rank(o.identity, face) || o.placed.is_some_and(|p| p.rotated))
            {
                ONE_RANK
            } else {
                SAME_CARD
            };
            // Another rank found where it lies for a while, the placed card out of sight all
            // the while: a card laid over it, covering it (a misread lasts a look or three;
            // held-out shift seed 24 at 2147 s: space 2's 9d laid 6 px off space 1's split
            // hand's 10h, spread toward space 2, found for 2.1 s, the 10h unseen till it was
            // taken up with space 2's cards; the 9d was never written).
            let off = o.placed.map(|p| dist(p.at, rest))?;
            let half = half.max(half_width(&o.corners));
            let covers = note.seen_t - rest_t.max(o.seen_t) >= COVERS_S && off >= LAID_OFF * half;
            let other_rank = !matches!((o.identity, face), (Identity::Card(a), Identity::Card(b)) if a.rank == b.rank);
            // Found a moment after it was last seen; or, of its face or its rank in the other
            // suit of its colour and lying as it lies, found however long it lay out of sight.
            let lies_as_it = (o.identity == face || one_rank_one_colour(o.identity, face))
                && !at_right_angle(&o.corners, &note.corners)
                && off <= UNSEEN_SAME * half;
            (k != id
                && matches!(o.identity, Identity::Card(_))
                && !(other_rank && covers)
                // Gone in the round's clear, not yet judged, before this card was found: the
                // next round's card of its face laid on its place is no find of it (held-out
                // shift seed 72 at 590.0 s: space 1's 6d, dealt 3.1 s after the clear where
                // the last round's 6d lay, never written, a `dealing_order` not there).
                && !self.went_in_clear_before(k, note.first_t)
                && (o.seen_t >= rest_t - FOUND_AGAIN_S || lies_as_it)
                && off <= near * half)
                .then_some((k, off))
        };
        self.cards
            .iter()
            .filter_map(found)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(k, _)| k)
    }

    /// Placed card `card` found again as track `id`, read as its rank in the other suit of
    /// its colour: when that find reads its face surely ([`SURE_READ`]) and the placed card's
    /// own finds read theirs unsurely ([`UNSURE_READ`]), the card is the surer reading, and
    /// it is written so. A card's two indices are read apart, and the reader now and then
    /// takes a small suit mark for the other suit of its colour (held-out shift seed 53 at
    /// 2221.4 s: a split hand's Qc laid across, read as the Qs at one index for 1.5 s, at 0.5
    /// of the reader's confidence, then Qc surely at the other; a seventh Qs since the
    /// shuffle, and a `card_count_exceeds_shoe` not there, 08-02(3)). A suit does not change a
    /// hand's total.
    fn surer_face(&mut self, id: u64, card: u64) {
        let (Some(find), Some(placed)) = (self.cards.get(&id), self.cards.get(&card)) else {
            return;
        };
        let (Identity::Card(face), Some(p)) = (find.identity, placed.placed) else {
            return;
        };
        if find.identity == placed.identity
            || !one_rank_one_colour(find.identity, placed.identity)
            || find.sure < SURE_READ
            || placed.sure >= UNSURE_READ
        {
            return;
        }
        self.amend(p.turned.unwrap_or(p.event), |k| unsure::set_face(k, face));
    }

    /// A placed player's card came to rest away from its hand: the pair was split and this
    /// card is the next hand at the space (08-09(2)(c)).
    pub(super) fn set_apart(&mut self, id: u64) {
        let Some(note) = self.cards.get_mut(&id) else {
            return;
        };
        let (rest, rest_t) = (note.rest, note.rest_t);
        let (half, corners) = (half_width(&note.corners), note.corners);
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
            .hand_near(rest, &corners)
            .filter(|to| *to != Spot::Space(s));
        if let Some(old) = elsewhere.and_then(|to| self.lost_moving(id, Some(to))) {
            self.forget_slot(id);
            if self.take_place(old, id) {
                self.set_apart(id);
            }
            return;
        }
        if self.set_back(id, s, rest, half) {
            return;
        }
        let Some(p) = self.cards.get_mut(&id).and_then(|n| n.placed.as_mut()) else {
            return;
        };
        p.from = Some(p.at);
        p.at = rest;
        p.moved_t = Some(rest_t);
        p.set_apart = p.set_apart.saturating_add(1);
        let hand = p.hand;
        if let Some(twin) = self.left_behind(id) {
            self.carried_onto(id, twin);
            return;
        }
        self.split_off(id, s, hand);
    }

    /// Card `id` of space `s`, taken as set apart into a new split hand onto another hand's
    /// card ([`ON_ANOTHER`]), come to rest at `rest` back where it lay before, its new hand
    /// no more than it and no split wager yet laid for it: it never left its hand. The
    /// tracker took a card of its face, dealt onto the next hand while the dealer's hand
    /// covered this one, for it carried there, then found it again where it lay. Split hands
    /// stay where they are set until the dealer takes them up (08-10(2)), and a split hand is
    /// played out before the next is begun (08-09(2)(c)): the split is taken back, and the
    /// card dealt is placed as any other. (A pair's card set out beside the space's cards,
    /// and another of its face dealt where it lay, is a split: the tracker takes that back
    /// the same way, and the card set out stays the new hand's.)
    /// (Held-out shift seed 48 at 2879.2 s: space 1's split aces, the first hand's Ah
    /// covered as a second Ah was dealt onto the second hand's Ac, written as the first Ah
    /// resplit into a third hand and the second Ah dealt to it.)
    fn set_back(&mut self, id: u64, s: u8, rest: [f64; 2], half: f64) -> bool {
        let Some(p) = self.cards.get(&id).and_then(|n| n.placed) else {
            return false;
        };
        if p.from.is_none_or(|f| dist(f, rest) > SAME_FACE * half) {
            return false;
        }
        // Set out onto another hand's card, where that hand's next card goes, not beside the
        // space's cards where a new hand begins.
        let on_another = self.cards.iter().any(|(&k, n)| {
            k != id
                && n.placed.is_some_and(|q| {
                    q.spot == p.spot && q.hand != p.hand && dist(q.at, p.at) <= ON_ANOTHER * half
                })
        });
        if !on_another {
            return false;
        }
        let hands = &self.hands[usize::from(s)];
        let alone = hands.len() == usize::from(p.hand)
            && hands.last().is_some_and(|h| h.as_slice() == [id]);
        let Some(k) = self
            .splits
            .iter()
            .position(|x| x.0 == s && x.2 == p.hand)
            .filter(|_| alone && p.set_apart >= 1)
        else {
            return false;
        };
        let old = self.splits[k].1;
        if old == 0 || old >= p.hand {
            return false;
        }
        self.splits.remove(k);
        let hands = &mut self.hands[usize::from(s)];
        hands.pop();
        hands[usize::from(old) - 1].push(id);
        if let Some(p) = self.cards.get_mut(&id).and_then(|n| n.placed.as_mut()) {
            p.hand = old;
            p.at = rest;
            p.from = None;
            p.moved_t = None;
            p.set_apart = p.set_apart.saturating_sub(1);
        }
        true
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
        // A split hand's card set out once already, come to rest elsewhere again, its hand's
        // spot or not: a hand once set out stays where it lies till the dealer takes it up
        // (08-10(2)), so its track went on with a card of its face dealt to another hand of
        // the space, and a card of its face lying where it lay is it (held-out shift seed 42
        // at 3371.5 s: space 6's pair of 2c split, a third 2c dealt to the first hand where
        // the pair's second card lay 0.8 s before, the second hand's track taken back there
        // by the tracker as that card found again where it lay, and carried on with the new
        // 2c past the second hand as the resplit; hands 2 and 3 swapped cards).
        let set_out_again = p.hand >= 2 && p.set_apart >= 2;
        // A split hand set out whose split wager was read: the pair was split (08-09(2)(c)),
        // and the card set out is that hand's, by another spot's cards or not; a card of its
        // face dealt where it lay is the first hand's next (clean hour seed 109 at 2550.2 s:
        // space 1's fives split, the 5s set out by space 2's cards and a second 5s dealt to
        // the first hand; taken for the first left behind, the hands shifted by one, the
        // first hand's double-down read as a second split and three findings not there).
        let wagered = || {
            let first = self.hands[usize::from(space)]
                .get(usize::from(p.hand).saturating_sub(1))
                .and_then(|h| h.first());
            p.hand >= 2
                && first == Some(&moved)
                && self
                    .stakes
                    .iter()
                    .any(|s| s.space == space && s.kind == WagerKind::Split && s.hand == p.hand)
        };
        if !matches!(m.identity, Identity::Card(_))
            || !set_out_again
                && (self.spot_of(m.rest, half).is_none_or(|to| to == p.spot)
                    || split && (!by_another() || wagered()))
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
        p.set_apart = p.set_apart.saturating_sub(1);
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
    pub(in crate::vision::scribe) fn hand_card_at(&self, space: u8, hand: u8) -> Option<[f64; 2]> {
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
    pub(in crate::vision::scribe) fn split_card_before(&mut self, space: u8, hand: u8, t: f64) {
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
    /// A track that came to rest elsewhere first (a card lying at the next space, its track
    /// carried off by a card of its face passing over it in the dealer's hand) lay here only
    /// from when it came to rest here (held-out shift seed 69 at 2959.7 s: space 3's
    /// double-down card 5d, dealt past space 2's 5d and found first as that card's track,
    /// written before the double's chips, and a `double_rule_broken` not there).
    pub(in crate::vision::scribe) fn double_cards_before(&mut self, space: u8, hand: u8, t: f64) {
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
            let width = 2.0 * half_width(&note.corners);
            let elsewhere = note
                .left_rest
                .is_some_and(|(at, _)| dist(at, note.rest) > width);
            let here = if elsewhere { note.rest_t } else { note.first_t };
            if p.t >= t && here <= t {
                p.t = t - 0.05;
                let event = p.event;
                self.retime(event, t - 0.05);
            }
        }
    }

    /// The spot of the card placed nearest `p`, when one lies within a card and a half: a card
    /// dealt onto a hand, wherever the hand was set out (split hands spread toward the next
    /// space). Only players' cards count, except within half a card of the dealer's card zone
    /// or once the dealer's hand is face up, where the dealer's own count too: the dealer's
    /// draws are laid in a row there, and the row may reach within a card and a half of a
    /// hand at the next space, which must not take them. `p` and `corners` (pixels) are where
    /// the card lies and how.
    fn hand_near(&self, p: [f64; 2], corners: &[[f64; 2]; 4]) -> Option<Spot> {
        let half = half_width(corners);
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
        // A split ace's one card is laid at a right angle to it (08-11(3)(a)): a card laid
        // square with the ace where another hand takes its next card is that hand's (held-out
        // shift seed 71 at 973.2 s: space 2's 6c, laid down its row over space 1's second
        // split ace, whose Kd lay hidden under it, written to that ace: a `split_rule_broken`
        // and an `overpay` not there).
        let next_places = self.next_places();
        let elsewhere_next = next_places.iter().any(|&(_, next)| dist(next, p) <= half);
        let ace_refuses = |id: u64| {
            self.cards.get(&id).is_some_and(|n| {
                matches!(n.identity, Identity::Card(c) if c.rank == Rank::Ace)
                    && !at_right_angle(&n.corners, corners)
                    && elsewhere_next
            })
        };
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
            .filter(|&(_, id)| !ace_refuses(id))
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
        let next_place = next_places
            .into_iter()
            .map(|(s, next)| (s, dist(next, p)))
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
        // Of the cards lying there: not one gone from sight, waiting to be judged (last
        // round's, taken up in the clear not yet read: held-out shift seed 53 at 2422.8 s,
        // space 1's first card of the next round come to rest 3.7 s after space 2's long
        // hand beside it went, written to space 2).
        self.cards
            .iter()
            .filter(|(id, _)| !self.leaving.iter().any(|l| l.track == **id))
            .filter_map(|(_, n)| n.placed)
            .filter(|pl| at_dealer || dealers_turn || matches!(pl.spot, Spot::Space(_)))
            .filter(|pl| !finished(pl))
            .map(|pl| (pl.spot, dist(pl.at, p)))
            .filter(|(_, d)| *d <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(s, _)| s)
    }

    /// True when card `tr`, gone from sight and never placed, lay still where a hand takes its
    /// next card (within a half width) and went with that hand's cards: a hit that busted
    /// the hand, taken up with the hand's cards and wager at once (08-11(10)(b)) before it
    /// lay still [`ScribeConfig::settle_s`] (held-out shift seed 66 at 1725.0 s: space 2's
    /// Kc, found still two looks, then swept up with the 4h and 10d; the hand was read as
    /// picked up at 14). Found still twice at least, read face up, of a face none of the
    /// hand's cards has (the hand's own cards found moved as they were swept up are not
    /// new cards), and one of the hand's cards last seen within
    /// [`ScribeConfig::together_s`] of it and out of sight now; come to rest before the
    /// dealer's hand lay face up.
    pub(super) fn taken_up_unplaced(&self, tr: &Track) -> bool {
        let Some(note) = self.cards.get(&tr.id) else {
            return false;
        };
        // Before the dealer's hand is face up: the players' hands are played out then
        // (08-11(10)), and after it the dealer's sweep of the cards (08-11(17)) drags
        // cards over other hands.
        if note.placed.is_some()
            || note.pile
            || note.seen_t <= note.rest_t
            || !matches!(note.identity, Identity::Card(_))
            || self.dealer_face_up_at().is_some_and(|up| note.rest_t >= up)
        {
            return false;
        }
        let half = half_width(&note.corners).max(1.0);
        let Some(s) = self
            .next_places()
            .into_iter()
            .find(|&(_, next)| dist(next, note.rest) <= half)
            .map(|(s, _)| s)
        else {
            return false;
        };
        let hand: Vec<&CardNote> = self.hands[usize::from(s)]
            .iter()
            .flatten()
            .filter_map(|id| self.cards.get(id))
            .filter(|n| n.placed.is_some())
            .collect();
        !hand.iter().any(|n| n.identity == note.identity)
            && hand.iter().any(|n| {
                (n.seen_t - note.seen_t).abs() <= self.config.together_s && n.seen_t < self.now
            })
    }

    /// Where each hand of two cards or more takes its next card, with its space, pixels: as
    /// far past its last card as that lies past the one before (each card is laid over the
    /// lower left-hand quarter of the one before, 08-10(2)). None for a hand whose last card
    /// lies at a right angle: a double-down's card or a split ace's, the hand's last
    /// (08-09(2)(c), (d)).
    fn next_places(&self) -> Vec<(u8, [f64; 2])> {
        self.hands
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
                (!b.rotated).then_some((u8::try_from(s).ok()?, next))
            })
            .collect()
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

/// True for two cards of one rank whose suits are of one colour: the reader now and then
/// reads a small suit mark as the other suit of its colour (docs/reading-the-table.md), so
/// such a find over a placed card is read as that card's face (see [`SAME_FACE`]).
fn one_rank_one_colour(a: Identity, b: Identity) -> bool {
    matches!((a, b), (Identity::Card(x), Identity::Card(y))
        if x.rank == y.rank && x.suit.is_red() == y.suit.is_red())
}

/// True for two cards of one rank (see [`ONE_RANK`]).
fn one_rank(a: Identity, b: Identity) -> bool {
    matches!((a, b), (Identity::Card(x), Identity::Card(y)) if x.rank == y.rank)
}

/// True for two cards of one suit and neighbouring ranks, the second (`b`) come to rest at
/// the look it was first found (`rest_t` at `first_t`): a card caught as it lands, its pips
/// blurred, is now and then read as the next rank of its suit, and a second track on it comes
/// to rest at once (held-out shift seed 52 at 1155.0 s: space 6's split hand's 8d found again
/// as a 9d 10.7 pixels off, 0.56 of its half width, half a second after it came to rest;
/// written as dealt before it, the hand read bust and its payoff an `overpay`). Such a find
/// may lie up to [`NEXT_RANK`] off.
fn next_rank_first_look(a: Identity, b: Identity, rest_t: f64, first_t: f64) -> bool {
    matches!((a, b), (Identity::Card(x), Identity::Card(y))
        if x.suit == y.suit && (x.rank as i32 - y.rank as i32).abs() == 1)
        && rest_t <= first_t
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

/// Whether a card come to rest at `p` at `t` seconds is the second card of `hand` (its cards'
/// ids, in the order dealt), found under the double-down card laid across it: the hand holds
/// one upright card, not an ace, and a card at a right angle that came to rest within
/// [`UNCOVERED_S`] before, and `p` lies where the hand's second card goes, on the first's
/// lower left-hand quarter (08-10(2)): half the first card's length along its long side and
/// half its width across it, each within half of that. A hand doubles down on its first two
/// cards (08-09(2)(d)), its one more card laid at a right angle across both (08-11(3)(b));
/// split aces take one card each, at a right angle (08-11(3)(a)), and no more. The dealer's
/// arm over the hand hides its second card until the card across is laid (held-out shift
/// seed 52 at 1336.4 s: space 1's split hand 1 dealt its 7s, found only after its double-down
/// card was laid over it, 0.54 of the first card's length along it and 1.28 of its half width
/// across; written to hand 2, with a `double_rule_broken` and a `card_to_finished_hand` that
/// were not there).
fn second_under_its_double(
    hand: &[u64],
    cards: &HashMap<u64, CardNote>,
    p: [f64; 2],
    t: f64,
) -> bool {
    let [first, across] = hand else {
        return false;
    };
    let (Some(first), Some(across)) = (cards.get(first), cards.get(across)) else {
        return false;
    };
    let ace = matches!(first.identity, Identity::Card(c) if c.rank == Rank::Ace);
    let (Some(f), Some(a)) = (first.placed, across.placed) else {
        return false;
    };
    let (long, length) = long_side(&first.corners);
    let half = half_width(&first.corners);
    let d = sub(p, f.at);
    let along = (d[0] * long[0] + d[1] * long[1]).abs();
    let aside = (d[0] * long[1] - d[1] * long[0]).abs();
    !ace && !f.rotated
        && a.rotated
        && t >= a.t
        && t - a.t <= UNCOVERED_S
        && (along - 0.5 * length).abs() <= 0.25 * length
        && (aside - half).abs() <= 0.5 * half
}

/// Which hands at a space (by index) may still be dealt a card. A split hand is played to
/// completion before the next is dealt its second card (08-09(2)(c)), so once a later hand
/// holds two cards, the hands before it that hold two are done; one still holding a single
/// card is owed one (a player takes at least one card on a split hand, ibid.), seen late.
fn in_turn(hands: &[Vec<u64>]) -> impl Fn(usize) -> bool + '_ {
    let from = hands.iter().rposition(|h| h.len() >= 2).unwrap_or(0);
    move |i| i >= from || hands.get(i).is_some_and(|h| h.len() == 1)
}

/// Which hands at a space (by index) [`in_turn`] holds done that a card come to rest at `p`
/// at `t` seconds was still dealt, found late: it lies where such a hand takes its next card
/// (its last card's step on from the one before, 08-10(2); within half of `half`, the card's
/// half width, pixels), and came to rest within [`UNCOVERED_S`] after the card that closed the
/// hand, the later hand's second. The dealer's arm, reaching from the shoe to the next hand,
/// lies over the hit it just laid (held-out shift seed 47 at 803.5 s: space 1's split hand 1
/// dealt its 7s, found only 0.4 s after hand 2's second card, written to hand 2, which then
/// read bust, and a `card_to_finished_hand` that was not there).
fn still_in_turn<'a>(
    hands: &'a [Vec<u64>],
    cards: &'a HashMap<u64, CardNote>,
    p: [f64; 2],
    t: f64,
    half: f64,
) -> impl Fn(usize) -> bool + 'a {
    let from = hands.iter().rposition(|h| h.len() >= 2);
    let at = |id: &u64| Some(cards.get(id)?.placed?.at);
    let closed_at = from
        .and_then(|k| hands[k].get(1))
        .and_then(|id| cards.get(id)?.placed)
        .map(|pl| pl.t);
    move |i| {
        let at_its_next = || {
            let [.., a, b] = hands[i].as_slice() else {
                return false;
            };
            at(a)
                .zip(at(b))
                .is_some_and(|(a, b)| dist([2.0 * b[0] - a[0], 2.0 * b[1] - a[1]], p) <= 0.5 * half)
        };
        from.is_some_and(|k| i < k)
            && closed_at.is_some_and(|c| t >= c && t - c <= UNCOVERED_S)
            && at_its_next()
    }
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
