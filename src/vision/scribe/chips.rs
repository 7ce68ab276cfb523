//! The scribe's chips: wagers placed on a space (original, tip, insurance, split, double), a
//! winning wager fanned beside its payoff (N.D. Admin. Code 99-01.3-08-11(16)(a)), payoffs,
//! and wagers collected into the tray or returned to the player.
//!
//! An overhead camera sees a stack by its top chip only; the chips under it are counted when
//! the dealer fans them, as the payoff procedure requires of every winning hand. Until then a
//! wager's amount is the one chip in view.

use std::collections::HashMap;

use super::{Scribe, centroid, dist, poly_dist, sub};
use crate::events::{Bet, EventKind, Money, WagerKind};
use crate::vision::pitnet::half_width;
use crate::vision::tracker::{Change, Track};
use crate::vision::yolo::Identity;

mod depart;
mod fan;
mod runs;

use runs::FANS_APART_S;

use fan::{
    across_a_covered_chip, beyond, continues, crowds_a_row, dot, doubles, fan_has_gap, fan_line,
    fan_step, median_step, nearest_point, nearest_rest, off_line, one_per_chip, payoff_reach,
    pays_main, unit,
};

/// What the scribe knows of one chip track (a stack by its top chip, or one chip of a fan).
#[derive(Debug, Clone)]
pub(super) struct ChipNote {
    value: i64,
    /// Radius, pixels.
    radius: f64,
    centre: [f64; 2],
    /// When last found, seconds.
    seen_t: f64,
    rest: [f64; 2],
    rest_t: f64,
    placed: bool,
    /// The wager it belongs to (index into `stakes`).
    stake: Option<usize>,
}

/// A wager on the felt this round.
#[derive(Debug, Clone)]
pub(super) struct Stake {
    pub(super) space: u8,
    pub(super) hand: u8,
    pub(super) kind: WagerKind,
    /// Where it was placed, pixels.
    at: [f64; 2],
    /// When, seconds.
    pub(super) t: f64,
    /// Its `wager` event.
    event: u64,
    amount: i64,
    /// Counted chip by chip (fanned), not just its top chip.
    counted: bool,
    /// Where the chips counted lay, pixels: a chip found again on one of those spots (its
    /// track lost under the dealer's hand and found anew) is one already counted.
    fan: Vec<[f64; 2]>,
    /// Its chips' tracks.
    tracks: Vec<u64>,
    /// Collected, returned or taken back.
    pub(super) closed: bool,
    /// A payoff was read beside it.
    paid: bool,
    /// When chips of it were last seen that were found again as the next round's (its
    /// tracks kept across the moment the spot was bare).
    gone: Option<f64>,
    /// The value of its stack's top chip counted in its fan unseen (0: none): a chip of that
    /// value found late in the fan is it, not one more.
    unseen: i64,
    /// Left standing where it was placed as its payoff was fanned beside it: one chip, its
    /// amount exact though never fanned (see [`Scribe::left_standing`]).
    lone: bool,
    /// The value of its stack's top chip, last seen before the stack was fanned where it
    /// stood (0: never so fanned): the chip at the fan's far end.
    top: i64,
    /// When its stack was fanned where it stood with a chip of its top's value seen at the
    /// fan's far end, seconds (None: not so fanned): the top chip was counted there.
    topped: Option<f64>,
}

impl Stake {
    /// Whether every chip of `notes` lies past the far end of this stake's fan, spread where
    /// it stood, and is of another value than its stack's top (`chip_d`: a chip's width,
    /// pixels). A stack spread where it stood keeps its bottom chip on its spot and slides
    /// each chip past the one under it, its top chip farthest (08-11(16)(a)): past that end
    /// lies none of its chips but its top, so such chips are laid there, not the fan's
    /// uncovered late (held-out shift seed 37 at 3232.3 s: a 50-cent tip paid beside the
    /// tip, a step past the $2 end of the $17 wager's fan, read as the wager's, $17.50, and a
    /// `wager_not_whole_dollar` and an underpay not there).
    /// So too a chip of the top's value when the top was seen at that end, come to rest more
    /// than [`GAP_S`] after: a chip of the fan covered as it was laid is found a look or two
    /// later, but the top chip is counted once (held-out shift seed 38 at 2531.6 s: a tip's $2
    /// payoff laid a step past the $2 end of a $17 double-down fanned over the tip, 6.7 s
    /// after, read as the double's, $19, and a `double_rule_broken` not there).
    fn past_its_top(&self, notes: &[&ChipNote], chip_d: f64) -> bool {
        let reach = self
            .fan
            .iter()
            .map(|q| dist(*q, self.at))
            .fold(f64::NEG_INFINITY, f64::max);
        let not_its =
            |n: &ChipNote| n.value != self.top || self.topped.is_some_and(|c| n.rest_t > c + GAP_S);
        self.counted
            && self.top > 0
            && notes
                .iter()
                .all(|n| not_its(n) && dist(n.rest, self.at) > reach + 0.3 * chip_d)
    }

    fn bet(&self) -> Bet {
        match self.kind {
            WagerKind::Tip | WagerKind::TipDouble => Bet::Tip,
            WagerKind::Insurance => Bet::Insurance,
            _ => Bet::Main,
        }
    }
}

/// A payoff read this round: where its chips lie, to add those uncovered later.
#[derive(Debug, Clone)]
pub(super) struct Paid {
    space: u8,
    /// When it was read, seconds.
    t: f64,
    event: u64,
    points: Vec<[f64; 2]>,
    amount: i64,
    /// Its fan lay into another space's wager (see [`Scribe::runs_into_another_wager`]).
    crowded: bool,
    /// When its space's cards were cleared after it was read, seconds.
    cleared: Option<f64>,
}

impl Paid {
    /// Whether chips come to rest at `t` seconds may still be more of it: not once its
    /// space's cards were cleared [`GAP_S`] before. A payoff is laid before the cards are
    /// picked up (08-11(12), (17)); a chip of it missed is found a look or two later, and
    /// chips laid by it a while after the clear are another hand's (shift seed 14 at 1628 s:
    /// a split hand's $8 payoff laid by the end of the next space's payoff, read 23 s before,
    /// read as $3 more of it).
    fn open_at(&self, t: f64) -> bool {
        self.cleared.is_none_or(|c| t <= c + GAP_S)
    }
}

/// A space's directions in the frame, pixels: toward the dealer, and to the dealer's right.
#[derive(Debug, Clone, Copy)]
pub(super) struct Axes {
    pub(super) toward: [f64; 2],
    pub(super) right: [f64; 2],
}

/// Each space's axes (index = space number; index 0 unused), from the layout's zones: the
/// insurance line lies between the betting circle and the dealer, and numbers grow to the
/// dealer's right.
pub(super) fn axes_of(layout: &crate::layout::Layout) -> Vec<Axes> {
    let bets: Vec<[f64; 2]> = layout.spaces.iter().map(|s| centroid(&s.bet)).collect();
    let mut out = vec![
        Axes {
            toward: [0.0, 1.0],
            right: [1.0, 0.0]
        };
        layout.spaces.len() + 1
    ];
    for (i, s) in layout.spaces.iter().enumerate() {
        let toward = unit(sub(centroid(&s.insurance), bets[i]));
        let along = match (i.checked_sub(1), bets.get(i + 1)) {
            (Some(a), Some(b)) => sub(*b, bets[a]),
            (Some(a), None) => sub(bets[i], bets[a]),
            (None, Some(b)) => sub(*b, bets[i]),
            (None, None) => [1.0, 0.0],
        };
        let mut right = [-toward[1], toward[0]];
        if right[0] * along[0] + right[1] * along[1] < 0.0 {
            right = [-right[0], -right[1]];
        }
        out[usize::from(s.number)] = Axes { toward, right };
    }
    out
}

/// Chips this share of a chip's width apart or nearer lie in one run (a fan's chips lie about
/// 0.6 of a width apart), and a chip come to rest this near a counted fan's is more of it.
/// Two fans laid end to end, a payoff against the next space's wager fanned toward it with no
/// chip over another, lie a width or more apart: two runs, neither more of the other.
const RUN: f64 = 0.85;

/// Seconds within which chips come to rest in one movement of the hand.
const TOGETHER_S: f64 = 0.25;

/// A chip laid this share of a chip's width or nearer on a wager's chip as it went out of
/// sight lies over it: nearer than a fan's step (0.6 of a width).
const UNDER: f64 = 0.55;

/// A chip found this share of its radius or more inside a card laid before it is a glimpse
/// of the card's face (see [`Scribe::follow_chip`]). A card's box as found is a few pixels
/// off (see [`CARD_OVER`]), so a chip beside a card may seem a little inside it.
const ON_A_CARD: f64 = 0.5;

/// A card whose box reaches this share of a chip's radius of the chip's centre lies over it
/// (a card's and a chip's boxes as found are each a few pixels off: shift seed 19 at 101 s,
/// a 10s over a third of a chip, its box found 6.4 pixels from the chip's centre, 0.58 of its
/// radius).
const CARD_OVER: f64 = 0.7;

/// Seconds a chip found lying still, then lost, lay there at most, and seconds it has been
/// out of sight since, for it to be another chip's first pause (see [`Scribe::arrived`]).
const PAUSED_S: f64 = 0.5;

/// Seconds before a wager's chip was last seen within which a card come to rest over it hid
/// it (a chip half covered is still found a while).
const COVERED_BY_CARD_S: f64 = 2.0;

/// Seconds within which a wager's stack fanned where it stood goes out of sight and its fan
/// comes to rest: one movement of the dealer's hand.
const FANNED_S: f64 = 1.0;

impl Scribe {
    pub(super) fn chip_change(&mut self, c: &Change) {
        match c {
            Change::Appeared(tr) if is_chip(tr) => {
                let Identity::Chip(value) = tr.identity else {
                    return;
                };
                let radius = self
                    .chip_radius(tr.centre)
                    .unwrap_or(half_width(&tr.corners).max(1.0));
                self.chips.insert(
                    tr.id,
                    ChipNote {
                        value,
                        radius,
                        centre: tr.centre,
                        seen_t: tr.last,
                        rest: tr.centre,
                        rest_t: tr.first,
                        placed: false,
                        stake: None,
                    },
                );
            }
            Change::Identity { track, .. } if is_chip(track) => {
                if let (Some(n), Identity::Chip(v)) =
                    (self.chips.get_mut(&track.id), track.identity)
                {
                    n.value = v;
                }
            }
            Change::Gone(tr) if is_chip(tr) => {
                if self.chips.get(&tr.id).is_some_and(|n| n.stake.is_some()) {
                    if self.lies_under(tr) {
                        self.chips_under.push(tr.id);
                    } else {
                        self.chip_leaving.push((tr.id, tr.last));
                    }
                } else {
                    self.chips.remove(&tr.id);
                }
            }
            _ => {}
        }
    }

    /// Follows a chip: placed once it lies still.
    pub(super) fn follow_chip(&mut self, tr: &Track) {
        let (still, settle) = (self.config.still, self.config.settle_s);
        // Every placed card out of sight a while: the round's cards were cleared.
        let last_card = self.last_card_seen(f64::INFINITY);
        let table_bare = last_card < tr.last - EMPTIED_S;
        let unread = self.arrivals.contains(&tr.id);
        let Some(n) = self.chips.get_mut(&tr.id) else {
            return;
        };
        // Out of sight a while and found again: it came to rest anew (last round's stack
        // taken back and a new one put in its place looks the same); judged again.
        // So too a chip missed at least one look while the cards were cleared: a wager taken
        // back with its payoff and the next one put down at once on the same spot.
        // Not a chip still waiting to be read: nothing of it was read to begin anew, and it
        // came to rest when it was first laid (held-out shift seed 24 at 1676.4 s: a wager's
        // fan waiting on the payoffs laid beside it, covered 1.9 s by the dealer's hand, taken
        // as come to rest when found again, too late to be the stack fanned where it stood).
        let missed = tr.last - n.seen_t;
        let near = dist(tr.centre, n.rest) <= still * n.radius * 2.0;
        let anew = table_bare && missed >= 1.5 * self.step;
        // Missed a look or more once the table is bare and found again away from where it
        // lay: not it slid, but last round's chip taken back and the next wager's put down by
        // its place, the track carried over (held-out shift seed 36 at 3569.4 s: space 4's
        // fan taken back with its payoff, and the next $4 stack, its top a $2 like the fan's
        // $2 chip 14 pixels off, written as that chip moved: no wager, and the round's first
        // card dealt to a space with none).
        let moved_anew = n.placed && !unread && anew && !near;
        let refound = n.placed && !unread && (missed >= REFOUND_S || anew) && near || moved_anew;
        // Out of sight a while and found again once the table is bare, the chips are the next
        // round's: the wager the track followed went when it was last seen (collected just
        // before the cards were picked up, and the next wager put down on its spot within the
        // time a track is kept). Only a wager of the round that had cards out, not one still
        // being put down; and not one missed a look or two under the dealer's hand (its
        // payoff may yet be read beside it).
        let went = n
            .stake
            .filter(|&k| {
                (refound && table_bare && missed >= REFOUND_S || moved_anew)
                    && self.stakes.get(k).is_some_and(|s| s.t < last_card)
            })
            .map(|k| (k, n.seen_t));
        if refound {
            n.placed = false;
            n.rest = tr.centre;
            n.rest_t = tr.last;
        }
        if went.is_some() {
            n.stake = None;
        }
        n.centre = tr.centre;
        n.seen_t = tr.last;
        if let Identity::Chip(v) = tr.identity {
            n.value = v;
        }
        if dist(tr.centre, n.rest) > still * n.radius * 2.0 {
            n.rest = tr.centre;
            n.rest_t = tr.last;
        }
        if !n.placed && tr.last - n.rest_t >= settle {
            n.placed = true;
            let (rest, rest_t, radius, owned) = (n.rest, n.rest_t, n.radius, n.stake.is_some());
            // Deep on a card laid before it came to rest: a glimpse of that card's white face,
            // not a chip (held-out shift seed 14 at 1698.8 s: a corner of space 1's third card
            // left in sight by the dealer's arm, found as a $1 chip 0.55 of its radius inside
            // the card, read as a $1 double-down and then collected). Chips are put in the
            // betting space and paid beside the wager, never on a card (08-09(2)(d),
            // 08-11(12)); and a chip lying over a card's face is not found by the detector.
            let on_a_card = !owned && self.card_depth(rest, rest_t) >= ON_A_CARD * radius;
            if !on_a_card && !self.arrivals.contains(&tr.id) {
                self.arrivals.push(tr.id);
            }
        }
        if let Some((k, seen)) = went
            && let Some(s) = self.stakes.get_mut(k).filter(|s| !s.closed)
        {
            s.tracks.retain(|id| *id != tr.id);
            s.gone = Some(s.gone.map_or(seen, |g| g.max(seen)));
        }
    }

    /// True when a payoff was laid over wager chip `tr` as it went out of sight: read with a
    /// chip on it (within [`UNDER`] of its width), come to rest from a moment before it was
    /// last seen to [`FANNED_S`] after. The wager's chip lies under the payoff, not collected
    /// (clean shift seed 13 at 3570 s: a pair split twice at space 4, its third hand's payoff
    /// laid across space 5's wager fanned for its own payoff).
    ///
    /// So too a card come to rest over it (its box within [`CARD_OVER`] of a chip's radius of
    /// where the chip came to rest) from [`COVERED_BY_CARD_S`] before it was last seen: a
    /// hand's hit card laid over an insurance bet (shift seed 19 at 101 s: space 6's bet, a
    /// third covered by the 10s and lost 1.4 s after the card came to rest, as the dealer's
    /// hand passed over it, was written collected and its payoff never read). Measured from
    /// where the chip came to rest: its last box may be the part left uncovered.
    fn lies_under(&self, tr: &Track) -> bool {
        let Some((radius, rest)) = self.chips.get(&tr.id).map(|n| (n.radius, n.rest)) else {
            return false;
        };
        let laid = |t: f64| (tr.last - 0.3..=tr.last + FANNED_S).contains(&t);
        let on = |p: [f64; 2]| dist(p, tr.centre) <= UNDER * 2.0 * radius;
        self.paid
            .iter()
            .any(|p| laid(p.t) && p.points.iter().any(|q| on(*q)))
            // (Not a chip seen for a moment: a card read as a chip as it was laid, which
            // `FLEETING_S` takes back; shift seed 16 at 1300 s.)
            || tr.last - tr.first >= FLEETING_S
                && self.card_laid_over(
                    rest,
                    CARD_OVER * radius,
                    tr.last - COVERED_BY_CARD_S,
                    tr.last + FANNED_S,
                )
    }

    /// One stack or fanned run came to rest at `space`.
    fn arrived(&mut self, space: u8, run: &[u64]) {
        // A chip out of sight by the time the last of the run came to rest is not lying
        // beside it (a chip of last round's fan, seen a moment as it was taken back).
        let last = run
            .iter()
            .filter_map(|id| self.chips.get(id))
            .map(|n| n.rest_t)
            .fold(f64::NEG_INFINITY, f64::max);
        let run: Vec<u64> = run
            .iter()
            .copied()
            .filter(|id| self.chips.get(id).is_some_and(|n| n.seen_t >= last))
            .collect();
        // A chip found lying still a moment, then lost as another came to rest within a
        // chip's width of it at that look or later, that one still in sight: the same chip,
        // put down a little on from where it first paused (held-out shift seed 21 at 1698 s: a
        // $25 wager found still 11.6 pixels short of where it lay, read as two $25 chips, a $50
        // wager over the table's maximum), or, of any value, a stack's lower chips glimpsed
        // in flight as it came down (held-out shift seed 38 at 1974.5 s: a $12 stack topped by
        // a $2 and a $5 found still 0.4 s a chip's width off, read as a $7 wager counted, and
        // the lost double-down as a $9 return).
        let run: Vec<u64> = run
            .iter()
            .copied()
            .filter(|id| {
                let Some(n) = self.chips.get(id) else {
                    return false;
                };
                let moved_on = |m: &ChipNote| {
                    m.rest_t >= n.rest_t
                        && m.seen_t >= n.seen_t + PAUSED_S
                        && dist(m.rest, n.rest) <= 2.0 * n.radius
                };
                !(n.seen_t - n.rest_t < PAUSED_S
                    && self.now - n.seen_t >= PAUSED_S
                    && run
                        .iter()
                        .filter(|o| *o != id)
                        .filter_map(|o| self.chips.get(o))
                        .any(moved_on))
            })
            .collect();
        // A chip lying where another space's wager was counted is that wager's, come to rest
        // again (uncovered after the dealer's hand passed over it, or its track found anew):
        // a payoff fanned up to the next space's fan does not take its chips in.
        let mut ran_into = false;
        let run: Vec<u64> = run
            .into_iter()
            .filter(|id| match self.counted_elsewhere(space, *id) {
                Some(k) => {
                    self.own(&[*id], k);
                    ran_into = true;
                    false
                }
                None => true,
            })
            .collect();
        // Likewise a chip lying where another space's payoff was read is that payoff's, found
        // again (shift seed 14 at 1629 s: space 3's $5 found anew by the end of space 2's
        // split wager fanned beside it, read $13 for $8). So too where this space's payoff
        // was read, once its cards were cleared (held-out shift seed 14 at 1708.4 s: a second
        // track begun on a $5 of space 3's blackjack payoff, paid 23 s before, as the dealer
        // laid the next space's payoff beside it; read as $5 more paid to space 3).
        let (again, run): (Vec<u64>, Vec<u64>) = run
            .into_iter()
            .partition(|id| self.paid_already(space, *id));
        for id in again {
            self.chips.remove(&id);
            ran_into = true;
        }
        let run = run.as_slice();
        // A run lying into another space's wager: chips of one may hide chips of the other.
        let crowded = ran_into || self.runs_into_another_wager(space, run);
        // The step of the space's wagers fanned and counted: a payoff is fanned alike.
        let reference = run
            .iter()
            .find_map(|id| self.chips.get(id))
            .map(|n| 2.0 * n.radius)
            .and_then(|chip_d| {
                self.stakes
                    .iter()
                    .filter(|s| !s.closed && s.space == space && s.counted && s.bet() == Bet::Main)
                    .filter_map(|s| fan_step(&s.fan, chip_d))
                    .reduce(f64::min)
            });
        let notes = one_per_chip(
            run.iter().filter_map(|id| self.chips.get(id)).collect(),
            reference,
        );
        let Some(first) = notes.first() else {
            return;
        };
        let radius = first.radius;
        let total: i64 = notes.iter().map(|n| n.value).sum();
        let t = notes.iter().map(|n| n.rest_t).fold(f64::MIN, f64::max);
        let points: Vec<[f64; 2]> = notes.iter().map(|n| n.rest).collect();
        let ax = self.axes[usize::from(space)];
        let chip_d = 2.0 * radius;
        // A chip laid in one movement with a fan of this space's hand, across the tip from
        // its end (see [`Scribe::end_across_the_tip`]), and chips come to rest by it a
        // movement later: the fan's end and what was laid next, the tip's payoff (held-out
        // shift seed 39 at 731.3 s: a $1 double-down's end and the $2 tip's payoff laid 1.1 s
        // later 0.8 of a chip from it, read together as the tip fanned where it stood, $5,
        // and the tip's payoff missed). Each is judged apart.
        if notes.len() >= 2 {
            let end = run.iter().copied().find(|id| {
                self.chips.get(id).is_some_and(|n| {
                    self.end_across_the_tip(space, n.rest, n.rest_t, chip_d)
                        .is_some()
                        && run.iter().filter(|o| *o != id).all(|o| {
                            self.chips
                                .get(o)
                                .is_some_and(|m| m.rest_t > n.rest_t + FANS_APART_S)
                        })
                })
            });
            if let Some(end) = end {
                let later: Vec<u64> = run.iter().copied().filter(|id| *id != end).collect();
                self.arrived(space, &[end]);
                self.arrived(space, &later);
                return;
            }
        }
        // A wager's own chips fanned where it stood (now counted), or found again there while
        // its hand is still on the felt. A stack where last round's wager stood, with no
        // cards left there, is a new wager.
        // Cards there seen as these chips came to rest: the round is still being played there.
        let live = self.hands[usize::from(space)].iter().flatten().any(|id| {
            // Lying there before the chips came to rest (not the round's first card,
            // dealt while they were still being judged).
            self.cards
                .get(id)
                .is_some_and(|c| c.seen_t >= t - 0.3 && c.placed.is_some_and(|p| p.t <= t))
        });
        // (The chip left where the stack stood may still be the stack's own track.)
        // A fanned wager's chips uncovered late lie next to the ones already read.
        let chips = &self.chips;
        let at_stake = |s: &Stake| {
            let fan: Vec<[f64; 2]> = if s.counted {
                s.tracks
                    .iter()
                    .filter_map(|id| chips.get(id).map(|n| n.rest))
                    .collect()
            } else {
                Vec::new()
            };
            !s.closed
                && s.space == space
                && points.iter().any(|p| {
                    dist(*p, s.at) <= 1.0 * chip_d
                        || fan.iter().any(|q| dist(*p, *q) <= RUN * chip_d)
                            && !off_line(&fan, *p, chip_d)
                })
        };
        // When the table last emptied (every card placed by then out of sight before the run
        // came to rest, and for `EMPTIED_S` by the time it is judged, or the last clear
        // judged, its cards forgotten): a wager placed before then is last round's. (Held-out
        // shift seed 39 at 3406.8 s: the next $19 wager come to rest 0.5 s after the round's
        // last card went, on last round's winning fan, taken for that fan's chip found
        // again. Not the next round's first card, dealt while the run was being judged:
        // shift seed 18 at 1038 s, space 7's $1 wager come to rest where last round's
        // winning $1 and $2 lay, judged a second later, when the clear was not yet judged and
        // space 2's first card lay dealt; taken for last round's $1 found again, and the
        // wager missed.)
        let last_card = self.last_card_seen(t);
        let emptied = if last_card < t && last_card < self.now - EMPTIED_S {
            last_card
        } else {
            f64::NEG_INFINITY
        };
        let emptied = if self.cleared_at <= t {
            emptied.max(self.cleared_at)
        } else {
            emptied
        };
        // A stack of other chips where a wager stood whose chips have been out of sight a
        // while: that wager was taken away (collected, or handed back) and this is a new one.
        // (A stack the dealer's hand covered comes back as the same chips, its top the same.)
        // Out of sight a while by now, as the run is judged, with the run found all along
        // where it stood: a misread of the stack found again would not last (shift seed 13 at
        // 2301 s: a pushed $19 stack taken back at the clear and a $1 wager laid 0.2 s after
        // it was last seen, read as the stack still there).
        let values: Vec<i64> = notes.iter().map(|n| n.value).collect();
        let now = self.now;
        // A wager counted chip by chip whose chips all went after its round's cards were
        // cleared was taken back (a winning wager and its payoff, 08-11(12)): a chip coming to
        // rest there now is the next wager, whatever its value, even one whose track wandered
        // over from that fan under the player's hand.
        let cleared = self.cleared_at.max(emptied);
        // A main wager's stack gone from sight just as a fan came to rest with a chip on its
        // spot was fanned there, not taken (see [`Scribe::fanned_on_its_spot`]), whatever
        // chip of the fan is unseen (held-out shift seed 22 at 2756.4 s: a split hand's $12
        // double fanned where it stood, its $2 unfound at the fan's end: the $5s taken for new
        // chips and read as a $10 payoff to the other hand; seed 20 at 1415 s: an original
        // $19 wager, its top $2 unfound, read as collected at $2 and a new $17 wager put
        // down). A payoff fanned up to the next space's wager as that wager is fanned is split
        // from it first ([`Scribe::payoff_and_fanned_wager`]).
        let first = notes.iter().map(|n| n.rest_t).fold(f64::INFINITY, f64::min);
        let fanned_here = |s: &Stake| {
            s.bet() == Bet::Main
                && points.len() >= 2
                && self.fanned_as(s, run, &points, first, chip_d)
        };
        let taken = |s: &Stake| {
            if fanned_here(s) {
                return false;
            }
            let fan_gone = s.counted && cleared > s.t && cleared <= t;
            let mine: Vec<&ChipNote> = s
                .tracks
                .iter()
                .filter(|id| !(fan_gone && run.contains(id)))
                .filter_map(|id| chips.get(id))
                .collect();
            mine.iter().all(|n| {
                if fan_gone {
                    n.seen_t < t - TAKEN_S
                } else {
                    n.seen_t < now - TAKEN_S && !values.contains(&n.value)
                }
            })
        };
        let gone: Vec<usize> = (0..self.stakes.len())
            .filter(|&i| at_stake(&self.stakes[i]) && taken(&self.stakes[i]))
            .collect();
        let took = !gone.is_empty();
        // The stake fanned here first: a hand's double-down fanned where it stood may run
        // over the tip bet beside the wager (held-out shift seed 24 at 949 s: space 1's
        // double-down fan, its third chip on the tip's spot, read as the tip fanned).
        let mine = |s: &Stake| {
            at_stake(s)
                && !taken(s)
                && (live || s.t > emptied)
                && !s.past_its_top(&notes, chip_d)
                && self.spread_here(s, run, &points, t, chip_d)
        };
        let own = self
            .stakes
            .iter()
            .position(|s| mine(s) && fanned_here(s))
            .or_else(|| {
                (notes.len() == 1)
                    .then(|| self.end_across_the_tip(space, points[0], t, chip_d))
                    .flatten()
            })
            .or_else(|| self.stakes.iter().position(mine));
        // The chips now here are not the taken wager's.
        for i in gone {
            self.stakes[i].tracks.retain(|id| !run.contains(id));
        }
        if own.is_none() {
            // Last round's wager there was taken back.
            for s in self.stakes.iter_mut() {
                if !s.closed
                    && !took
                    && s.space == space
                    && points.iter().any(|p| dist(*p, s.at) <= 0.6 * chip_d)
                {
                    s.closed = true;
                    s.tracks.retain(|id| !run.contains(id));
                }
            }
        }
        if let Some(i) = own {
            // A counted wager's chips lie in a row (08-11(16)(a)): a chip of the run beside
            // the row, on no spot of it, came to rest with a chip of the fan found again (the
            // dealer's hand passed over the fan as it laid the tip's payoff below its end:
            // shift seed 14 at 2081 s, a $1 read into a $17 wager and an underpay). It is
            // judged apart, as what it is.
            if self.stakes[i].counted {
                let fan = &self.stakes[i].fan;
                let (aside, row): (Vec<u64>, Vec<u64>) = run.iter().partition(|id| {
                    self.chips.get(id).is_some_and(|n| {
                        off_line(fan, n.rest, chip_d)
                            && fan.iter().all(|q| dist(n.rest, *q) > 0.5 * chip_d)
                    })
                });
                if !aside.is_empty() && !row.is_empty() {
                    self.arrived(space, &row);
                    self.arrived(space, &aside);
                    return;
                }
            }
            let beside_stack = points
                .iter()
                .all(|p| dist(*p, self.stakes[i].at) > 0.3 * chip_d);
            // The chip where the stack stood, still followed as the stack: one chip, however
            // many tracks follow it there (the stack found anew while its first track was
            // still kept), and none when one of the run lies there already.
            let under: i64 = if beside_stack {
                self.stakes[i]
                    .tracks
                    .iter()
                    .filter(|id| {
                        !run.contains(id) && !self.chip_leaving.iter().any(|l| l.0 == **id)
                    })
                    .filter_map(|id| self.chips.get(id))
                    .filter(|n| {
                        // Still there when the run came to rest (judged a while later).
                        dist(n.centre, self.stakes[i].at) <= 0.5 * chip_d && n.seen_t >= t
                    })
                    .max_by(|a, b| a.seen_t.total_cmp(&b.seen_t))
                    .map_or(0, |n| n.value)
            } else {
                0
            };
            // Two chips fanned from a stack of two: one moved beside, one where it stood.
            let fanned = notes.len() >= 2 || (under > 0 && beside_stack);
            // The stack's top chip: of its chips not in the run, the one last seen.
            let stack_top = self.stakes[i]
                .tracks
                .iter()
                .filter(|id| !run.contains(id))
                .filter_map(|id| self.chips.get(id))
                .max_by(|a, b| a.seen_t.total_cmp(&b.seen_t))
                .map_or(0, |n| n.value);
            // The stack's top chip is a chip of its fan: a stack fanned with no chip of the
            // top's value found in the fan has that chip unseen, and at least it (held-out
            // shift seed 22 at 2756.3 s: a $12 double fanned $5 $5 $2 onto its hand's card,
            // the $2 unfound there, read $10 counted and an overpay).
            let top_unseen = if fanned && under == 0 && !self.stakes[i].counted {
                Some(stack_top).filter(|v| !values.contains(v)).unwrap_or(0)
            } else {
                0
            };
            let s = &mut self.stakes[i];
            let more = s.counted;
            // Chips uncovered late: only those not lying where a chip was already counted.
            let fresh = if more {
                beyond(&s.fan, &notes, chip_d)
            } else {
                notes.iter().map(|n| (n.rest, n.value)).collect()
            };
            if fanned || more || !s.counted {
                let amount = if more {
                    // The top chip counted unseen, found late at the fan's end, is counted
                    // once (clean shift seed 29 at 643.6 s: a $23 wager fanned $5 $5 $5 $5
                    // where it stood, its $2 and top $1 found 2 s later, read $24 and an
                    // underpay of $1 found that was not there).
                    let top = if s.unseen > 0 && fresh.iter().any(|f| f.1 == s.unseen) {
                        std::mem::take(&mut s.unseen)
                    } else {
                        0
                    };
                    s.amount + fresh.iter().map(|f| f.1).sum::<i64>() - top
                } else if fanned {
                    s.unseen = top_unseen;
                    s.top = stack_top;
                    // The fan's far end: the chip of it farthest from the stack's spot.
                    let end = notes
                        .iter()
                        .max_by(|a, b| dist(a.rest, s.at).total_cmp(&dist(b.rest, s.at)));
                    s.topped = end
                        .filter(|n| stack_top > 0 && n.value == stack_top && top_unseen == 0)
                        .map(|_| t);
                    total + under + top_unseen
                } else {
                    s.amount.max(total)
                };
                if fanned || more {
                    s.fan.extend(fresh.iter().map(|f| f.0));
                    if under > 0 {
                        s.fan.push(s.at);
                    }
                }
                s.amount = amount;
                s.counted |= fanned;
                // Counted chip by chip, but with a chip unseen in the fan: still a lower bound.
                let (event, counted, lone) = (s.event, s.counted, s.lone);
                let fan = s.fan.clone();
                let (paid, hand, bet) = (s.paid, s.hand, s.bet());
                // A double-down lies by its hand's cards by rule (08-09(2)(d)): a card by its
                // fan's end says nothing of a chip missed (shift seed 12 at 1142 s: a $6
                // double so taken as a lower bound, and a $5 overpay missed). A wager fanned
                // where it stood, onto a card, may run on under it.
                let onto = matches!(s.kind, WagerKind::Original | WagerKind::Split)
                    && self.runs_under_a_card(&fan, chip_d);
                let short = fan_has_gap(&fan, chip_d) || onto || top_unseen > 0;
                self.amend(event, |k| {
                    if let EventKind::Wager {
                        money, at_least, ..
                    } = k
                    {
                        *money = Money::cents(amount);
                        *at_least = !(counted || lone) || short;
                    }
                });
                if paid && counted && bet == Bet::Main {
                    self.stacked_payoff(space, hand, amount);
                }
            }
            self.own(run, i);
            return;
        }
        let at = points[0];
        let zones = &self.layout.spaces[usize::from(space) - 1];
        let in_zone = |poly: &[[f64; 2]]| poly_dist(poly, at) <= 0.3 * chip_d;
        let open = |kind: WagerKind| {
            self.stakes
                .iter()
                .any(|s| !s.closed && s.space == space && s.kind == kind)
        };
        // Cards still on the felt there (last round's may not be known gone yet), unless
        // the wager there was just taken away: the round there is over.
        let dealt = live && !took;
        // Beside a wager, to the dealer's right: its payoff.
        // (A tip's or insurance's payoff lies beside it on either hand.) Measured from the
        // run's chip nearest the wager.
        let nearest = |to: [f64; 2]| nearest_point(&points, to).unwrap_or(at);
        // Of the wagers it lies beside, the nearest: split hands laid close lie 1.2 chips
        // apart, each payoff on the player's side of its wager, to the right of the one before.
        let beside = self
            .stakes
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                let at = nearest(s.at);
                let d = sub(at, s.at);
                let main = matches!(s.kind, WagerKind::Original | WagerKind::Split);
                let placed = if main {
                    pays_main(d, ax, chip_d)
                } else {
                    payoff_reach(dist(at, s.at), chip_d)
                };
                // Not once the table has emptied since it was placed: wagers are paid before the
                // cards are picked up (08-11(12), (17)); chips put down after are the next round's.
                // Nor a bet come to rest after them: a payoff is laid by a bet already there
                // (held-out shift seed 38 at 2550.6 s: a $21 wager laid in the circle, judged
                // after the $2 tip laid by it 0.8 s later, read as that tip's payoff).
                self.present(s)
                    && !s.closed
                    && s.t <= t
                    && s.space == space
                    && (live || s.t > emptied)
                    && (main || matches!(s.kind, WagerKind::Tip | WagerKind::Insurance))
                    && placed
            })
            .min_by(|a, b| dist(nearest(a.1.at), a.1.at).total_cmp(&dist(nearest(b.1.at), b.1.at)));
        let split = self
            .splits
            .iter()
            .find(|(s, _, _, st)| *s == space && (st - t).abs() <= SPLIT_MATCH_S)
            .copied();
        // Toward the dealer from a hand's wager, once cards are out: a double-down on that
        // hand (08-09(2)(d)).
        let doubled = self.doubled_hand(space, &points, chip_d);
        if let (Some(hand), true, None) = (doubled, dealt, split) {
            match self.barred_double(space, hand, &points, chip_d) {
                None => {
                    self.stake(space, hand, hand, WagerKind::Double, run, total, t, at);
                    return;
                }
                Some(Some(k)) => {
                    self.more_of_double(k, run, chip_d);
                    return;
                }
                // Read as what else they may be (a payoff's chips).
                Some(None) => {}
            }
        }
        // More of a payoff fan already read, uncovered late.
        let more = self.paid.iter().position(|p| {
            let gap = t <= p.t + GAP_S;
            p.space == space
                && p.open_at(t)
                && continues(&p.points, &points, chip_d, self.bet_centre(space), gap)
        });
        if let Some(i) = more {
            // Each chip on its own: one found again in the fan may come to rest with one off
            // its line beside its end, the next space's tip payoff laid by its tip (clean
            // shift seed 13 at 481 s: space 3's $2 found again with space 4's $1, read as
            // more of space 3's $38.00 payoff, an overpay). That one is judged apart.
            let (p, gap) = (&self.paid[i], t <= self.paid[i].t + GAP_S);
            let from = self.bet_centre(p.space);
            let (along, aside): (Vec<u64>, Vec<u64>) = run.iter().partition(|id| {
                self.chips
                    .get(id)
                    .is_some_and(|n| continues(&p.points, &[n.rest], chip_d, from, gap))
            });
            if !aside.is_empty() && !along.is_empty() {
                self.arrived(space, &along);
                self.judge_at_spaces(vec![aside]);
                return;
            }
            let p = &mut self.paid[i];
            // A chip found again where one of the fan was already read is that chip.
            let fresh = beyond(&p.points, &notes, chip_d);
            p.amount += fresh.iter().map(|f| f.1).sum::<i64>();
            p.points.extend(fresh.iter().map(|f| f.0));
            p.crowded |= crowded;
            let (event, amount, crowded) = (p.event, p.amount, p.crowded);
            let fan = p.points.clone();
            let short =
                fan_has_gap(&fan, chip_d) || crowded || self.runs_under_a_card(&fan, chip_d);
            self.amend(event, |k| {
                if let EventKind::Payout {
                    money,
                    fanned,
                    at_least,
                    ..
                } = k
                {
                    *money = Money::cents(amount);
                    *fanned = Some(true);
                    *at_least = short;
                }
            });
            for id in run {
                self.chips.remove(id);
            }
            return;
        }
        // A pair split at the space: no hand there is paid before the dealer's hand is face
        // up (a two-card twenty-one after a split is no natural, 08-09(2)(c)), so chips
        // beside a hand's wager then are the next split hand's wager, its pair seen apart
        // later (held-out shift seed 22 at 1266 s: space 1 split four ways beside space 2 in
        // play, the hands' wagers 1.2 chips apart, a split wager read as hand 2's payoff).
        let unpaid_split = |s: &Stake| {
            s.bet() == Bet::Main
                && !self.dealers_turn()
                && self
                    .hands
                    .get(usize::from(space))
                    .is_some_and(|h| h.len() >= 2)
        };
        let beside = beside.filter(|(_, s)| !unpaid_split(s));
        if let (Some((k, s)), None) = (beside, split) {
            let (hand, bet, counted, staked) = (s.hand, s.bet(), s.counted, s.amount);
            self.stakes[k].paid = true;
            // One chip in view may be a lone chip or the top of a stack: overhead, the same.
            // But one chip worth less than the wager it pays, counted chip by chip, is no
            // payoff a dealer would make of a lone chip (a main bet wins at least even
            // money): it is the top of a stack not fanned (08-11(16)(a)), of at least that.
            // (Not against a wager read at its top chip alone: what a stack not counted is
            // taken to hold grows with every chip come to rest on it, so it may be too much:
            // held-out shift seed 35 at 3093.4 s, a $2 wager taken as $25 after a $25 came
            // to rest by it, its $2 payoff read as a stack.)
            // So too one chip worth less than twice an insurance bet read (at least that much,
            // counted or not): insurance pays two to one, its payoff fanned beside the bet at
            // any table (08-11(15)(d); shift seed 18 at 2752 s, a $20 payoff stacked on a $10
            // bet stacked, read $5 and $5, no finding).
            let stacked = notes.len() == 1
                && match bet {
                    Bet::Main => counted && total < self.valued(staked),
                    Bet::Insurance => total < 2 * staked,
                    Bet::Tip => false,
                };
            // A fan with a chip unseen in it, or lying into another space's wager, pays at
            // least what was counted.
            let short =
                fan_has_gap(&points, chip_d) || crowded || self.runs_under_a_card(&points, chip_d);
            let fanned = if stacked {
                Some(false)
            } else {
                (notes.len() >= 2).then_some(true)
            };
            // Laid when most of its chips came to rest: a chip covered by the dealer's hand
            // as it went on to the next payoff is found late (clean shift seed 13 at 3557 s:
            // space 1's $20.00 read after space 2's tip payoff, 08-11(16)).
            let mut rests: Vec<f64> = notes.iter().map(|n| n.rest_t).collect();
            rests.sort_by(f64::total_cmp);
            let laid = rests
                .get((rests.len().max(1) - 1) / 2)
                .copied()
                .unwrap_or(t);
            if bet == Bet::Main
                && fanned == Some(true)
                && !counted
                && self.left_standing(k, t, chip_d)
            {
                self.stakes[k].lone = true;
                self.amend(self.stakes[k].event, |k| {
                    if let EventKind::Wager { at_least, .. } = k {
                        *at_least = false;
                    }
                });
            }
            let event = self.write(
                laid,
                EventKind::Payout {
                    space,
                    hand,
                    bet,
                    money: Money::cents(total),
                    fanned,
                    at_least: stacked || short,
                },
            );
            self.settled(space, bet, laid);
            self.paid.push(Paid {
                space,
                t,
                event,
                points: points.clone(),
                amount: total,
                crowded,
                cleared: None,
            });
            for id in run {
                self.chips.remove(id);
            }
            return;
        }
        let (kind, hand, stake_hand) = if in_zone(&zones.tip) {
            let kind = if open(WagerKind::Tip) && dealt {
                WagerKind::TipDouble
            } else {
                WagerKind::Tip
            };
            (kind, 1, 1)
        } else if in_zone(&zones.insurance) {
            // Insurance is bet after the first two cards are dealt to each space (08-09(2)(b));
            // before them, chips resting on the insurance line are on their way to a wager
            // (or a misread), no bet yet: judged again where they come to rest.
            if !dealt {
                return;
            }
            (WagerKind::Insurance, 1, 1)
        } else if let Some((_, old, new, _)) = split {
            self.splits
                .retain(|x| !(x.0 == space && x.1 == old && x.2 == new));
            self.split_card_before(space, new, t);
            (WagerKind::Split, old, new)
        } else if in_zone(&zones.bet) && !dealt {
            if !live && !took && self.round_on_felt(t) {
                return;
            }
            (WagerKind::Original, 1, 1)
        } else if dealt {
            // Toward the dealer from a hand's wager: a double-down on that hand.
            let hand = self
                .stakes
                .iter()
                .filter(|s| {
                    !s.closed
                        && s.space == space
                        && matches!(s.kind, WagerKind::Original | WagerKind::Split)
                })
                .min_by(|a, b| dist(a.at, at).total_cmp(&dist(b.at, at)))
                .map_or(1, |s| s.hand);
            match self.barred_double(space, hand, &points, chip_d) {
                None => {}
                Some(Some(k)) => return self.more_of_double(k, run, chip_d),
                Some(None) => return,
            }
            (WagerKind::Double, hand, hand)
        } else {
            if !live && !took && self.round_on_felt(t) {
                return;
            }
            (WagerKind::Original, 1, 1)
        };
        self.stake(space, hand, stake_hand, kind, run, total, t, at);
    }

    /// The hand at `space` whose wager chips at `points` (pixels) lie toward the dealer from,
    /// as a double-down goes (see [`doubles`], measured from the chip nearest the wager). Of
    /// split hands laid close, toward the dealer from two of them, the one on its first two
    /// cards (a hand doubles on those only, 08-09(2)(d)), then the nearer (held-out shift seed
    /// 24 at 1807 s: a pair split twice at space 1, its third hand's double-down read as the
    /// second's, which had three cards).
    fn doubled_hand(&self, space: u8, points: &[[f64; 2]], chip_d: f64) -> Option<u8> {
        let ax = self.axes[usize::from(space)];
        let nearest = |to: [f64; 2]| nearest_point(points, to).unwrap_or(to);
        let two_cards = |s: &Stake| {
            self.hands
                .get(usize::from(s.space))
                .and_then(|h| h.get(usize::from(s.hand.max(1) - 1)))
                .is_some_and(|cards| cards.len() == 2)
        };
        self.stakes
            .iter()
            .filter(|s| {
                self.present(s)
                    && !s.closed
                    && s.space == space
                    && matches!(s.kind, WagerKind::Original | WagerKind::Split)
                    && doubles(sub(nearest(s.at), s.at), ax, chip_d)
            })
            .min_by(|a, b| {
                two_cards(b)
                    .cmp(&two_cards(a))
                    .then(dist(nearest(a.at), a.at).total_cmp(&dist(nearest(b.at), b.at)))
            })
            .map(|s| s.hand)
    }

    /// Whether wager `k`, never fanned, still stood whole where it was placed when a payoff
    /// fanned beside it came to rest at `t` seconds (a chip of it in sight there, within half
    /// a chip's width of its spot `chip_d` pixels wide, since then): one chip. The dealer
    /// fans a winning wager's chips before laying its payoff beside them (N.D. Admin. Code
    /// 99-01.3-08-11(16)(a)), so a stack left standing is a lone chip, its amount exact
    /// (held-out shift seed 30 at 611 s: a $1 wager paid $6, read as at least $1 and the $5
    /// overpay missed). Not an original wager with a double-down beside it, whose stack the
    /// dealer may leave standing as the double is fanned, nor one at a space whose pair was
    /// split, where a hand laid close to the next may have no room to fan (16(a)).
    fn left_standing(&self, k: usize, t: f64, chip_d: f64) -> bool {
        let Some(s) = self.stakes.get(k) else {
            return false;
        };
        let space = s.space;
        let split_or_doubled = self.stakes.iter().any(|o| {
            !o.closed && o.space == space && matches!(o.kind, WagerKind::Double | WagerKind::Split)
        }) || self
            .hands
            .get(usize::from(space))
            .is_some_and(|h| h.len() >= 2);
        s.kind == WagerKind::Original
            && !s.counted
            && !split_or_doubled
            && s.tracks
                .iter()
                .filter_map(|id| self.chips.get(id))
                .any(|n| n.seen_t >= t && dist(n.centre, s.at) <= 0.5 * chip_d)
    }

    /// The payoff of `hand` at `space`, read before its wager was counted (`wager` cents), when
    /// it was one chip worth less: the top of a stack not fanned (see the payoff's reading in
    /// [`Scribe::arrived`]).
    fn stacked_payoff(&mut self, space: u8, hand: u8, wager: i64) {
        let wager = self.valued(wager);
        let events: Vec<u64> = self
            .paid
            .iter()
            .filter(|p| p.space == space && p.points.len() == 1 && p.amount < wager)
            .map(|p| p.event)
            .collect();
        for event in events {
            self.amend(event, |k| {
                if let EventKind::Payout {
                    hand: h,
                    bet: Bet::Main,
                    fanned: fanned @ None,
                    at_least,
                    ..
                } = k
                    && *h == hand
                {
                    *fanned = Some(false);
                    *at_least = true;
                }
            });
        }
    }

    /// Hand `old` at `space` was just split into `old` and `new`: a double-down read on `old`
    /// within [`SPLIT_MATCH_S`] before is
    /// the split wager, its chips come to rest before the pair was seen apart (a card set
    /// apart and lost by the tracker as it moved, found a second later where it lay: shift
    /// seed 17 at 1319 s). A hand is doubled on its first two cards only (08-09(2)(d)), so
    /// one split since had none.
    pub(super) fn double_was_split(&mut self, space: u8, old: u8, new: u8) {
        let now = self.now;
        let Some(k) = self.stakes.iter().position(|s| {
            !s.closed
                && s.space == space
                && s.hand == old
                && s.kind == WagerKind::Double
                && now - s.t <= SPLIT_MATCH_S
        }) else {
            return;
        };
        let s = &mut self.stakes[k];
        s.kind = WagerKind::Split;
        s.hand = new;
        let (event, t) = (s.event, s.t);
        self.amend(event, |k| {
            if let EventKind::Wager { kind, .. } = k {
                *kind = WagerKind::Split;
            }
        });
        self.splits
            .retain(|x| !(x.0 == space && x.1 == old && x.2 == new));
        self.split_card_before(space, new, t);
    }

    /// What a main wager of `cents` is worth: no more than the table's maximum, where that is
    /// known (08-09(1): a wager over it is valued at it, the excess returned). A payoff of one
    /// $25 chip on a $30 wager at a $25 table is the whole payoff, not a stack's top (shift
    /// seed 16 at 2177 s).
    fn valued(&self, cents: i64) -> i64 {
        self.config
            .table_max_cents
            .map_or(cents, |max| cents.min(max))
    }

    /// Chips `run` that would be a double-down on `hand` at `space` but cannot be one: a hand
    /// doubles once (99-01.3-08-09(2)(d)), and only while the players act (the dealer's hand
    /// face up ends that, 08-11(10)). `None`: a double may be made. `Some(Some(k))`: they lie
    /// on the line of the hand's counted double (wager `k`) past its far end, a chip of its
    /// fan beyond one the look missed, and are more of it. `Some(None)`: not a double (a
    /// payoff's chips spilled toward the hand, a fan's far chip).
    fn barred_double(
        &self,
        space: u8,
        hand: u8,
        points: &[[f64; 2]],
        chip_d: f64,
    ) -> Option<Option<usize>> {
        let double = self.stakes.iter().position(|s| {
            !s.closed && s.space == space && s.hand == hand && s.kind == WagerKind::Double
        });
        if double.is_none() && !self.dealers_turn() {
            return None;
        }
        Some(double.filter(|&k| {
            let s = &self.stakes[k];
            s.counted && continues(&s.fan, points, chip_d, s.at, true)
        }))
    }

    /// Chips `run` joined to the counted double `k` as more of its fan.
    fn more_of_double(&mut self, k: usize, run: &[u64], chip_d: f64) {
        let notes = one_per_chip(
            run.iter().filter_map(|id| self.chips.get(id)).collect(),
            None,
        );
        let fresh = beyond(&self.stakes[k].fan, &notes, chip_d);
        let s = &mut self.stakes[k];
        s.amount += fresh.iter().map(|f| f.1).sum::<i64>();
        s.fan.extend(fresh.iter().map(|f| f.0));
        let (event, amount) = (s.event, s.amount);
        self.amend(event, |k| {
            if let EventKind::Wager { money, .. } = k {
                *money = Money::cents(amount);
            }
        });
        self.own(run, k);
    }

    /// Writes a wager and follows its chips: `hand` as the log names it (for a split, the
    /// hand split), `stake_hand` the hand it stakes.
    #[allow(clippy::too_many_arguments)]
    fn stake(
        &mut self,
        space: u8,
        hand: u8,
        stake_hand: u8,
        kind: WagerKind,
        run: &[u64],
        total: i64,
        t: f64,
        at: [f64; 2],
    ) {
        if kind == WagerKind::Double {
            self.double_cards_before(space, stake_hand, t);
        }
        // Chips, not tracks: two tracks on one spot are one chip.
        let fanned = one_per_chip(
            run.iter().filter_map(|id| self.chips.get(id)).collect(),
            None,
        )
        .len()
            >= 2;
        let event = self.write(
            t,
            EventKind::Wager {
                space,
                hand,
                kind,
                money: Money::cents(total),
                player: None,
                // A stack seen by its top chip may hold more.
                at_least: !fanned,
            },
        );
        let fan: Vec<[f64; 2]> = if fanned {
            run.iter()
                .filter_map(|id| self.chips.get(id).map(|n| n.rest))
                .collect()
        } else {
            Vec::new()
        };
        self.stakes.push(Stake {
            space,
            hand: stake_hand,
            kind,
            at,
            t,
            event,
            amount: total,
            counted: fanned,
            fan,
            tracks: run.to_vec(),
            closed: false,
            paid: false,
            gone: None,
            unseen: 0,
            lone: false,
            top: 0,
            topped: None,
        });
        let i = self.stakes.len() - 1;
        self.own(run, i);
    }

    /// Chips `run` belong to wager `stake` from now on: among its tracks, and each noted as
    /// its.
    fn own(&mut self, run: &[u64], stake: usize) {
        if let Some(s) = self.stakes.get_mut(stake) {
            for id in run {
                if !s.tracks.contains(id) {
                    s.tracks.push(*id);
                }
            }
        }
        for id in run {
            if let Some(n) = self.chips.get_mut(id) {
                n.stake = Some(stake);
            }
        }
    }

    /// A chip's radius in pixels where the layout puts it (the finder's boxes vary more).
    fn chip_radius(&self, p: [f64; 2]) -> Option<f64> {
        self.layout.chip_radius_at(p)
    }

    /// The open wager of a space other than `space` whose counted chips lay where chip `id`
    /// lies now (within a quarter of a chip's width of one of them, or of its stack's spot
    /// when the chip was its own): the wager that chip belongs to.
    fn counted_elsewhere(&self, space: u8, id: u64) -> Option<usize> {
        let n = self.chips.get(&id)?;
        let near = 0.25 * 2.0 * n.radius;
        self.stakes.iter().position(|s| {
            !s.closed
                && s.space != space
                && (s.counted && s.fan.iter().any(|q| dist(*q, n.rest) <= near)
                    || s.tracks.contains(&id) && dist(s.at, n.rest) <= near)
        })
    }

    /// Whether chip `id` lies where a chip of a payoff was read (within a quarter of a
    /// chip's width, as [`Scribe::counted_elsewhere`]): another space's, or `space`'s own once
    /// whole (see [`Paid::open_at`]). The chip is that payoff's, found again.
    fn paid_already(&self, space: u8, id: u64) -> bool {
        self.chips.get(&id).is_some_and(|n| {
            let near = 0.25 * 2.0 * n.radius;
            self.paid.iter().any(|p| {
                (p.space != space || !p.open_at(n.rest_t))
                    && p.points.iter().any(|q| dist(*q, n.rest) <= near)
            })
        })
    }

    /// True when a chip of `run` lies within [`RUN`] of a chip's width of a chip of another
    /// space's open wager (where it was counted, or where a chip of it lies, in sight or
    /// not): the two fans run into each other, and a chip of one may lie hidden on or under
    /// a chip of the other. Fans laid end to end with no chip over another lie a width or
    /// more apart (clean shift seed 13 at 1528 s and 1678 s: space 3's payoff fanned over
    /// the end of space 4's wager fanned toward it, a $2 and a $1 of it not told apart from
    /// space 4's chips, read $2 and $1 short).
    fn runs_into_another_wager(&self, space: u8, run: &[u64]) -> bool {
        let notes: Vec<&ChipNote> = run.iter().filter_map(|id| self.chips.get(id)).collect();
        self.stakes
            .iter()
            .filter(|s| !s.closed && s.space != space)
            .flat_map(|s| {
                let lying = s
                    .tracks
                    .iter()
                    .filter_map(|id| self.chips.get(id))
                    .map(|n| n.rest);
                s.fan.iter().copied().chain(lying)
            })
            .any(|q| {
                notes
                    .iter()
                    .any(|n| dist(n.rest, q) <= RUN * 2.0 * n.radius)
            })
    }

    /// Whether chips `run`, come to rest at `points` (pixels) by `t` seconds, may be stake
    /// `s`'s stack spread where it stood (`chip_d`: a chip's width, pixels). A stack spread
    /// where it stood leaves its bottom chip on its spot and the next a step on
    /// (08-11(16)(a)): two chips or more by a stack not counted yet, none of them on its spot,
    /// and neither the stack's own chip still there with the nearest of them a step from it,
    /// are laid beside it, not that stack spread (held-out shift seed 37 at 1490.8 s: a pair
    /// of twos split twice, each hand doubled, the payoffs fanned on the player's side of the
    /// split hands' stacks, a chip's width off: read as those stacks spread, $47 and $46, and
    /// then the first hand's wager, fanned, as more).
    fn spread_here(
        &self,
        s: &Stake,
        run: &[u64],
        points: &[[f64; 2]],
        t: f64,
        chip_d: f64,
    ) -> bool {
        if s.counted || points.len() < 2 {
            return true;
        }
        let near = |q: [f64; 2]| {
            points
                .iter()
                .map(|p| dist(*p, q))
                .fold(f64::INFINITY, f64::min)
        };
        if near(s.at) <= 0.5 * chip_d {
            return true;
        }
        // Measured from the chip still there (a stack leans: its top lies off its bottom).
        let step = fan_step(points, chip_d).unwrap_or(0.62 * chip_d);
        s.tracks
            .iter()
            .filter(|id| !run.contains(id))
            .filter_map(|id| self.chips.get(id))
            .filter(|n| dist(n.centre, s.at) <= 0.5 * chip_d && n.seen_t >= t)
            .any(|n| near(n.centre) <= 1.3 * step)
    }

    /// True when some chip of the wager was in sight within [`REFOUND_S`] before chips came to
    /// rest at `t` seconds, or since: they may be its stack fanned where it stood (the stack
    /// goes out of sight as the dealer's hand takes it up, its chips come to rest a moment
    /// later), however long ago that was.
    fn fanned_from(&self, s: &Stake, t: f64) -> bool {
        s.tracks.iter().any(|id| {
            self.chips
                .get(id)
                .is_some_and(|n| t - n.seen_t <= REFOUND_S)
        })
    }

    /// Whether the fan of chips at `points` (pixels) may run on under a card: the place of
    /// the next chip, a usual step past either end along its line, lies on a card or within
    /// half a chip's width (`chip_d`) of one. A chip there, under the card or over its white
    /// face, is not found (held-out shift seed 15 at 740 s and 1398 s: a payoff's last $2
    /// lying on a card unfound, and a wager fanned with its last $2 under a card; read $2
    /// short, an underpay and an overpay). What such a fan shows is only a lower bound.
    fn runs_under_a_card(&self, points: &[[f64; 2]], chip_d: f64) -> bool {
        if points.len() < 2 {
            return false;
        }
        let Some(step) = fan_step(points, chip_d) else {
            return false;
        };
        let (end, axis) = fan_line(points);
        let other = points
            .iter()
            .copied()
            .max_by(|a, b| dist(*a, end).total_cmp(&dist(*b, end)))
            .unwrap_or(end);
        let past = [
            [end[0] - axis[0] * step, end[1] - axis[1] * step],
            [other[0] + axis[0] * step, other[1] + axis[1] * step],
        ];
        past.iter().any(|p| self.on_a_card(*p, 0.5 * chip_d))
    }

    /// Notes that `space`'s cards were cleared at `t` seconds: its payoffs read by then are
    /// whole (see [`Paid::open_at`]).
    pub(super) fn payoffs_cleared(&mut self, space: u8, t: f64) {
        for p in self
            .paid
            .iter_mut()
            .filter(|p| p.space == space && p.t <= t)
        {
            p.cleared.get_or_insert(t);
        }
    }

    /// The middle of a space's betting circle, pixels.
    fn bet_centre(&self, space: u8) -> [f64; 2] {
        self.layout
            .spaces
            .get(usize::from(space).wrapping_sub(1))
            .map_or([0.0, 0.0], |s| centroid(&s.bet))
    }

    /// The wager of `space`'s hand (index into `stakes`) whose counted fan came to rest with
    /// a chip alone at `p` (pixels) at `t` (seconds), `p` in line with it and one chip beyond
    /// its end where the tip bet's chip still lies: `p` is that fan's end, laid over the tip
    /// (held-out shift seed 30 at 1742.4 s: a $13 double-down fanned $5 $5 $2 $1, its $2 over
    /// the $2 tip, the $1 read as the tip fanned, a $3 tip and a `tip_settled_wrong` that was
    /// not there). `chip_d` is a chip's width, pixels.
    fn end_across_the_tip(&self, space: u8, p: [f64; 2], t: f64, chip_d: f64) -> Option<usize> {
        self.stakes.iter().position(|s| {
            !s.closed
                && s.space == space
                && s.counted
                && s.bet() == Bet::Main
                && s.tracks
                    .iter()
                    .filter_map(|id| self.chips.get(id))
                    .any(|n| (n.rest_t - t).abs() <= TOGETHER_S)
                && self.stakes.iter().any(|tip| {
                    !tip.closed
                        && tip.space == space
                        && tip.bet() == Bet::Tip
                        && !tip.counted
                        && self.present(tip)
                        && across_a_covered_chip(&s.fan, p, tip.at, chip_d)
                })
        })
    }

    /// When a card placed by `by` seconds was last seen, seconds (minus infinity when none
    /// is placed).
    fn last_card_seen(&self, by: f64) -> f64 {
        self.cards
            .values()
            .filter(|c| c.placed.is_some_and(|p| p.t <= by))
            .map(|c| c.seen_t)
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// Whether a card dealt this round (placed since the last clear) still lay on the felt
    /// [`ROUND_ON_S`] after `t` seconds: the round was in play. No original wager is placed
    /// once the round's first card is dealt (N.D. Admin. Code 99-01.3-08-09(2)), so chips come
    /// to rest then at a space with no wager and no cards are no new wager (held-out shift
    /// seed 30 at 2359.8 s: a $1 of space 4's split hands' payoffs, found anew beside empty
    /// space 5 before the clear, read as a wager there and the space taken as skipped in the
    /// deal). The next round's wagers come to rest after the last card is taken up. Asked
    /// only where the space has no cards of its own and no wager was just taken from it.
    fn round_on_felt(&self, t: f64) -> bool {
        self.cards.values().any(|c| {
            c.placed.is_some_and(|p| p.t > self.cleared_at && p.t <= t)
                && c.seen_t >= t + ROUND_ON_S
        })
    }

    /// Chips come to rest and not yet read (a wager going down): each one's space, where it
    /// lies (pixels) and since when (seconds).
    pub(super) fn chips_unread(&self) -> Vec<(u8, [f64; 2], f64)> {
        self.arrivals
            .iter()
            .filter_map(|id| self.chips.get(id))
            .filter_map(|n| {
                Some((
                    self.chip_space(n.rest, n.radius, n.rest_t)?.0,
                    n.rest,
                    n.rest_t,
                ))
            })
            .collect()
    }

    /// The space a chip come to rest at `p` at `t` seconds belongs to, and how near (pixels;
    /// less is nearer): that of a wager in sight within three chips (split hands' wagers lie
    /// side by side, 2.7 chips apart in the simulator's layout, and their payoffs spread toward
    /// the next space), or of one whose stack went out of sight just before, fanned where it
    /// stood (read once the chips laid beside it settle, by when the stack may have been out
    /// of sight a while: shift seed 12 at 802 s, a third split hand's wager fanned and never
    /// read, its stack written collected; but a wager collected 1.8 s before a payoff came to
    /// rest beside the next space is not the payoff's, shift seed 13 at 208 s),
    /// else the nearest of the zones (bet, tip, insurance, cards) within two chips. None
    /// within the dealer's card zone or the chip tray: no wager lies there (a wager is bet at
    /// a betting space, 08-09(2)), and what is seen at rest there is the dealer's (a card under
    /// the dealer's arm read as a chip for a moment, chips on their way to the tray).
    fn chip_space(&self, p: [f64; 2], radius: f64, t: f64) -> Option<(u8, f64)> {
        if poly_dist(&self.layout.dealer_cards, p) == 0.0
            || poly_dist(&self.layout.chip_tray, p) == 0.0
        {
            return None;
        }
        let near = self
            .stakes
            .iter()
            .filter(|s| !s.closed && (self.present(s) || self.fanned_from(s, t)))
            .map(|s| (s.space, dist(s.at, p)))
            .filter(|(_, d)| *d <= 6.0 * radius)
            .min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((space, d)) = near {
            return Some((space, d - 6.0 * radius));
        }
        let reach = 4.0 * radius;
        self.layout
            .spaces
            .iter()
            .map(|s| {
                let d = poly_dist(&s.bet, p)
                    .min(poly_dist(&s.tip, p))
                    .min(poly_dist(&s.insurance, p))
                    .min(poly_dist(&s.cards, p) + radius);
                (s.number, d)
            })
            .filter(|(_, d)| *d <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }
}

/// Seconds every placed card must have been out of sight for the table to count as cleared
/// (a player puts the next wager down soon after the clear; the dealer's hand covers one
/// place at a time, not every card at once).
const EMPTIED_S: f64 = 0.5;

/// Seconds after a payoff fan was read in which a chip coming to rest past its far end, across
/// the gap of one chip missed, is still that fan's (the chip missed is found a look or two
/// later; the next round's wagers come later still).
const GAP_S: f64 = 2.0;

/// Seconds a placed chip may be out of sight and, found again, still be lying where it was.
const REFOUND_S: f64 = 0.6;

/// Seconds between a split wager's chips coming to rest and its pair being seen apart within
/// which the two are one split (either may be seen first).
const SPLIT_MATCH_S: f64 = 3.0;

/// Seconds within which chips that came to rest and went, unpaid, were never a wager: a card
/// in the dealer's hand, read as a chip while the hand paused over a space to lay it (shift
/// seed 16 at 1312 s: a hit card under the hand read as a $1 chip toward the dealer from
/// space 1's wager for 0.4 s, written as a $1 double-down and its collection). A wager stays
/// on the felt until it is settled (08-11(12), (13)), a card dealt on a double first
/// (08-09(2)(d)); a losing hand's wager is taken seconds later, not within one.
const FLEETING_S: f64 = 1.0;

/// Seconds a wager's chips must have been out of sight for other chips coming to rest in
/// their place to be a new wager (the dealer's hand passing over a stack hides it less).
const TAKEN_S: f64 = 1.0;

/// Seconds after chips came to rest that a card dealt this round still lay on the felt, for
/// them to have come to rest during the round (see [`Scribe::round_on_felt`]). The next
/// round's wagers came to rest 0.4 s or more after the last card was taken up on eight
/// simulated hours (seeds 24 to 31).
const ROUND_ON_S: f64 = 0.3;

fn is_chip(tr: &Track) -> bool {
    matches!(tr.identity, Identity::Chip(_))
}

#[cfg(test)]
mod tests;
