//! The scribe's chips: wagers placed on a space (original, tip, insurance, split, double), a
//! winning wager fanned beside its payoff (N.D. Admin. Code 99-01.3-08-11(16)(a)), payoffs,
//! and wagers collected into the tray or returned to the player.
//!
//! An overhead camera sees a stack by its top chip only; the chips under it are counted when
//! the dealer fans them, as the payoff procedure requires of every winning hand. Until then a
//! wager's amount is the one chip in view.
//!
//! This file follows the chip tracks and keeps the wagers; a run of chips come to rest is read
//! in `arrive`, runs are told apart in `runs`, a fan's geometry is in `fan`, and wagers whose
//! chips went are judged in `depart`.

use std::collections::HashMap;

use super::{Scribe, centroid, dist, poly_dist, sub};
use crate::events::{AtMost, Bet, EventKind, Money, WagerKind};
use crate::vision::on_card::FAN_REACH;
use crate::vision::pitnet::{Seen, half_width};
use crate::vision::tracker::{Change, Track};
use crate::vision::yolo::Identity;

mod arrive;
mod depart;
mod fan;
mod runs;

use runs::FANS_APART_S;

use fan::{
    across, across_a_covered_chip, beyond, continues, crowds_a_row, dot, doubles, fan_broken,
    fan_has_gap, fan_line, fan_step, gap_at, median_step, nearest_point, nearest_rest, next_place,
    off_line, off_the_row, one_per_chip, past_the_ends, payoff_reach, pays_main, squeezed_into_row,
    unit, worth_at_most, worth_unseen,
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
    /// When found before that, seconds (as `seen_t` when found once).
    seen_before: f64,
    rest: [f64; 2],
    rest_t: f64,
    placed: bool,
    /// Came to rest on a card's face as a chip of a fan laid across it
    /// ([`Scribe::fanned_onto_a_card`]).
    over_card: bool,
    /// Went out of sight under a card come to rest over it ([`Scribe::card_over`]).
    under_card: bool,
    /// The wager it belongs to (index into `stakes`).
    stake: Option<usize>,
    /// Where it lay at rest a while (pixels), since when (seconds) and its value there
    /// (cents), before it was found less than a chip's width off and taken to have moved:
    /// a chip of the same look laid over it, which its track followed, leaves it lying there
    /// unseen (see [`Scribe::covered_in_run`]).
    covered: Option<([f64; 2], f64, i64)>,
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
    /// Its amount as first read when it was put down, cents: the chips seen then lie there,
    /// whatever comes to rest on them later.
    put: i64,
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
    /// When it was first counted chip by chip, seconds: its fan came to rest (None: never
    /// fanned). A fan's chips may be found again later as new tracks; the fan lay from then.
    fanned_t: Option<f64>,
    /// Where it was judged handed back to the player: when its chips were found in flight out
    /// past its spot, seconds (empty: not so found). They may still be on their way a moment
    /// on (see [`Scribe::carried_out`]).
    pub(super) handed_back: Vec<f64>,
}

impl Stake {
    /// Whether it was counted chip by chip with a chip lying within `near` (pixels) of `p`.
    fn counted_at(&self, p: [f64; 2], near: f64) -> bool {
        self.counted && self.fan.iter().any(|q| dist(*q, p) <= near)
    }

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

    /// Whether every one of `points` (pixels) lies behind this stake's spot, more than half
    /// a chip's width (`chip_d`) back from it along its fan, away from the fan's far end, the
    /// stake spread where it stood. A stack spread where it stood keeps its bottom chip on its
    /// spot and slides the rest toward the far end (08-11(16)(a)): behind its bottom chip lies
    /// none of its chips (clean shift seed 62 at 2112.6 s: a $25 found a moment where no chip
    /// lay, a chip's width behind the bottom of space 1's $11 double-down spread where it
    /// stood, its $1 top seen at the far end, read as more of it, a $36 double and a
    /// `double_rule_broken` not there).
    fn behind_its_spot(&self, points: &[[f64; 2]], chip_d: f64) -> bool {
        let Some(far) = self
            .fan
            .iter()
            .copied()
            .max_by(|a, b| dist(*a, self.at).total_cmp(&dist(*b, self.at)))
        else {
            return false;
        };
        if self.top == 0 || dist(far, self.at) < 0.5 * chip_d {
            return false;
        }
        let along = unit(sub(far, self.at));
        points
            .iter()
            .all(|p| dot(sub(*p, self.at), along) < -0.5 * chip_d)
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
    /// The values of the chips at `points`, cents, in their order.
    values: Vec<i64>,
    /// What the chips seen are worth, cents.
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

/// Seconds after a stack's first chip spread where it stood came to rest past which a chip
/// come to rest over a chip of its row is read apart from it: a fan's chips settle within
/// half a second of each other (see [`Scribe::arrived`]).
const SPREAD_S: f64 = 0.5;

/// A chip laid this share of a chip's width or nearer on a wager's chip as it went out of
/// sight lies over it: nearer than a fan's step (0.6 of a width).
const UNDER: f64 = 0.55;

/// A chip found this share of its radius or more inside a card laid before it is a glimpse
/// of the card's face (see [`Scribe::follow_chip`]). A card's box as found is a few pixels
/// off (see [`CARD_OVER`]), so a chip beside a card may seem a little inside it.
const ON_A_CARD: f64 = 0.5;

/// Seconds within which two chips of one fan come to rest: one movement of the hand, and the
/// looks a chip on a card is held back as maybe the card's print
/// ([`crate::vision::on_card::LOOKS_ON_A_CARD`]).
const FANNED_WITHIN_S: f64 = 1.0;

/// The least cosine of the angle between a fan's last step and the step on to a chip on a
/// card for that chip to continue the fan (37 degrees): a fan's chips lie in a row
/// (08-11(16)(a)).
const ON_THE_LINE: f64 = 0.8;

/// A card whose box reaches this share of a chip's radius of the chip's centre lies over it
/// (a card's and a chip's boxes as found are each a few pixels off: shift seed 19 at 101 s,
/// a 10s over a third of a chip, its box found 6.4 pixels from the chip's centre, 0.58 of its
/// radius).
const CARD_OVER: f64 = 0.7;

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
                        seen_before: tr.last,
                        rest: tr.centre,
                        rest_t: tr.first,
                        placed: false,
                        over_card: false,
                        under_card: false,
                        stake: None,
                        covered: None,
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
                    let card = self.card_over(tr);
                    if card || self.paid_over(tr) {
                        self.chips_under.push(tr.id);
                        if let Some(n) = self.chips.get_mut(&tr.id) {
                            n.under_card = card;
                        }
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
        // Still lying where it lay a while after its round's clear was written: the next
        // round's wager. Players take back what is left on their spaces as the cards are
        // picked up, a winning wager with its payoff (08-11(12), (17)); a stack on the spot
        // once the clear is past is put down for the next round, whether it is last round's
        // left lying or another laid there between two looks (held-out shift seed 48 at
        // 2985.0 s: space 2's paid $1 taken back and the next wager, topped by a $1, put
        // down on its spot 0.4 s after the clear, between two looks: read as last round's
        // stack lying on, no wager, and the round's first card dealt to a space with none).
        let cleared = self.cleared_at;
        let lingered = n.placed
            && !unread
            && near
            && n.rest_t < cleared
            && tr.last >= cleared + LINGER_S
            && n.stake.is_some_and(|k| {
                self.stakes
                    .get(k)
                    .is_some_and(|s| s.t < cleared && !s.closed)
            });
        let refound =
            n.placed && !unread && (missed >= REFOUND_S || anew) && near || moved_anew || lingered;
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
                    || lingered
            })
            .map(|k| (k, n.seen_t));
        if refound {
            n.placed = false;
            n.covered = None;
            n.rest = tr.centre;
            // When the next wager went down the camera cannot tell: the moment players put
            // it down, once the clear is past.
            n.rest_t = if lingered {
                cleared + EMPTIED_S
            } else {
                tr.last
            };
        }
        if went.is_some() {
            n.stake = None;
        }
        let lay = (n.rest, n.rest_t, n.value);
        let lay_still = n.placed && n.seen_t - n.rest_t >= settle;
        n.centre = tr.centre;
        if tr.last > n.seen_t {
            n.seen_before = n.seen_t;
        }
        n.seen_t = tr.last;
        if let Identity::Chip(v) = tr.identity {
            n.value = v;
        }
        let off = dist(tr.centre, n.rest);
        if off > still * n.radius * 2.0 {
            if lay_still && off < 2.0 * n.radius {
                n.covered = Some(lay);
            }
            n.rest = tr.centre;
            n.rest_t = tr.last;
        }
        if !n.placed && tr.last - n.rest_t >= settle {
            n.placed = true;
            let (rest, rest_t, radius, owned) = (n.rest, n.rest_t, n.radius, n.stake.is_some());
            // On a card laid before it came to rest, a chip of a fan laid across the card is a
            // chip: a payoff is fanned toward the dealer for the camera (08-11(16)(a)), over
            // the hand's cards where they lie in its way (held-out shift seed 44 at 764.8 s:
            // space 7's $10 insurance payoff laid as two $5 chips, the first on the 6h, read
            // as $5 stacked). One found beside such a fan's chips, off its line, is the card's
            // print ([`Scribe::fanned_onto_a_card`]). Lying alone deep on a card: a glimpse of
            // that card's white face, not a chip (held-out shift seed 14 at 1698.8 s: a corner
            // of space 1's third card left in sight by the dealer's arm, found as a $1 chip
            // 0.55 of its radius inside the card, read as a $1 double-down and then
            // collected). Chips are put in the betting space and paid beside the wager, never
            // on a card (08-09(2)(d), 08-11(12)). But one found alone on a card in sight all
            // the while, look after look, is a chip laid there: the recognizer keeps a find on
            // a card that stands so long ([`crate::vision::on_card::LOOKS_ALONE`]; clean shift
            // seed 70 at 1211.5 s: space 7's $25 insurance payoff, one chip laid over the
            // hand's Kh beside the bet, never written).
            let depth = if owned {
                0.0
            } else {
                self.card_depth(rest, rest_t)
            };
            let on_a_card = depth > 0.0
                && match self.fanned_onto_a_card(tr.id, rest, rest_t, radius) {
                    None => self.hidden_card_depth(rest, rest_t) >= ON_A_CARD * radius,
                    Some(fanned) => !fanned,
                };
            if depth > 0.0
                && !on_a_card
                && let Some(n) = self.chips.get_mut(&tr.id)
            {
                n.over_card = true;
            }
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

    /// Whether chip `id`, come to rest at `rest` at `rest_t` on a card's face, is a chip of a
    /// fan laid across the card; `None` where no fellow lies by it. A fellow is another chip
    /// a fan's step from it ([`FAN_REACH`] of its radius), come to rest within
    /// [`FANNED_WITHIN_S`] of it and in sight since, placed or lain still long enough to be
    /// placed at this look (held-out shift seed 60 at 2319.7 s: a split hand's payoff fanned
    /// $5 $5 $5 $2 $2 over its cards, both $2s come to rest at one look, the last followed
    /// first and dropped as print, its fellow not yet placed; read $17 for $19), itself not
    /// deep on a card (less than [`ON_A_CARD`] of its radius in) or so fanned onto one; or a
    /// chip of a payoff fan read
    /// and open still, this chip come to rest from [`FANNED_WITHIN_S`] before that payoff to
    /// [`GAP_S`] after it: a chip of a payoff fanned over a card may be found surely only a
    /// while after its fellows beside the card were read (clean shift seed 64 at 3267.0 s:
    /// space 7's $6 insurance payoff fanned $5 $1, the $5 over the 10d found faintly as the
    /// dealer's hand left, come to rest 1.0 s after the $1, which was read alone as a payoff
    /// stacked).
    /// The chip is of the fan when it lies on along the line from a fellow: where that fellow
    /// has a fellow of its own, the step to this chip turns from the step before by no more
    /// than [`ON_THE_LINE`] allows. A card's print found beside a chip laid on the card lies
    /// off its fan's line (held-out shift seed 44 at 2749.5 s: a double-down fanned down onto
    /// the 6d, the card's index found as a $5 chip 13 pixels across the row from the last
    /// chip, read as $25 for $20).
    fn fanned_onto_a_card(
        &self,
        id: u64,
        rest: [f64; 2],
        rest_t: f64,
        radius: f64,
    ) -> Option<bool> {
        // Placed, or lain still long enough to be placed at this same look: chips of one fan
        // come to rest together, and which is placed first is the order they are followed in.
        let settled = |m: &ChipNote| m.placed || self.now - m.rest_t >= self.config.settle_s;
        let fellow = |k: u64, m: &ChipNote, of: [f64; 2], r: f64| {
            k != id
                && settled(m)
                && (m.rest_t - rest_t).abs() <= FANNED_WITHIN_S
                && m.seen_t >= rest_t
                && dist(m.rest, of) <= FAN_REACH * r
                && (m.over_card || self.card_depth(m.rest, m.rest_t) < ON_A_CARD * m.radius)
        };
        let reach = FAN_REACH * radius;
        // Steps to this chip from each fellow, with the steps before each fellow's.
        let mut steps: Vec<([f64; 2], Vec<[f64; 2]>)> = self
            .chips
            .iter()
            .filter(|&(&k, m)| fellow(k, m, rest, radius))
            .map(|(&k, m)| {
                let before = self
                    .chips
                    .iter()
                    .filter(|&(&q, n)| q != k && fellow(q, n, m.rest, m.radius))
                    .map(|(_, n)| unit(sub(m.rest, n.rest)))
                    .collect();
                (unit(sub(rest, m.rest)), before)
            })
            .collect();
        let read = self.paid.iter().filter(|p| {
            p.open_at(rest_t) && rest_t >= p.t - FANNED_WITHIN_S && rest_t <= p.t + GAP_S
        });
        for p in read {
            for (i, q) in p.points.iter().enumerate() {
                if dist(*q, rest) > reach {
                    continue;
                }
                let before = p
                    .points
                    .iter()
                    .enumerate()
                    .filter(|&(j, o)| j != i && dist(*o, *q) <= reach)
                    .map(|(_, o)| unit(sub(*q, *o)))
                    .collect();
                steps.push((unit(sub(rest, *q)), before));
            }
        }
        if steps.is_empty() {
            return None;
        }
        Some(steps.iter().any(|(on, before)| {
            before.is_empty() || before.iter().any(|b| dot(*b, *on) >= ON_THE_LINE)
        }))
    }

    /// True when a payoff was laid over wager chip `tr` as it went out of sight: read with a
    /// chip on it (within [`UNDER`] of its width), come to rest from a moment before it was
    /// last seen to [`FANNED_S`] after. The wager's chip lies under the payoff, not collected
    /// (clean shift seed 13 at 3570 s: a pair split twice at space 4, its third hand's payoff
    /// laid across space 5's wager fanned for its own payoff).
    fn paid_over(&self, tr: &Track) -> bool {
        let Some(radius) = self.chips.get(&tr.id).map(|n| n.radius) else {
            return false;
        };
        let laid = |t: f64| (tr.last - 0.3..=tr.last + FANNED_S).contains(&t);
        let on = |p: [f64; 2]| dist(p, tr.centre) <= UNDER * 2.0 * radius;
        self.paid
            .iter()
            .any(|p| laid(p.t) && p.points.iter().any(|q| on(*q)))
    }

    /// True when a card came to rest over wager chip `tr` as it went out of sight: its box
    /// within [`CARD_OVER`] of a chip's radius of where the chip came to rest, from
    /// [`COVERED_BY_CARD_S`] before it was last seen to [`FANNED_S`] after. A hand's hit card
    /// laid over an insurance bet hides it (shift seed 19 at 101 s: space 6's bet, a third
    /// covered by the 10s and lost 1.4 s after the card came to rest, as the dealer's hand
    /// passed over it, was written collected and its payoff never read). Measured from where
    /// the chip came to rest: its last box may be the part left uncovered.
    fn card_over(&self, tr: &Track) -> bool {
        let Some((radius, rest)) = self.chips.get(&tr.id).map(|n| (n.radius, n.rest)) else {
            return false;
        };
        // (Not a chip seen for a moment: a card read as a chip as it was laid, which
        // `FLEETING_S` takes back; shift seed 16 at 1300 s.)
        tr.last - tr.first >= FLEETING_S
            && self.card_laid_over(
                rest,
                CARD_OVER * radius,
                tr.last - COVERED_BY_CARD_S,
                tr.last + FANNED_S,
            )
    }

    /// The hand at `space` whose wager chips at `points` (pixels), come to rest at `t`
    /// seconds, lie toward the dealer from, as a double-down goes (see [`doubles`], measured
    /// from the chip nearest the wager). Of split hands laid close, toward the dealer from
    /// two of them, the one on its first two cards when the chips came to rest (a hand
    /// doubles on those only, 08-09(2)(d)), then the nearer (held-out shift seed 24 at
    /// 1807 s: a pair split twice at space 1, its third hand's double-down read as the
    /// second's, which had three cards). The double's own card, dealt after its chips
    /// (08-09(2)(d)), does not count, though laid before they are judged (held-out shift
    /// seed 83 at 1629.7 s: space 1's eights split twice, hand 2's double judged once its
    /// 10h lay there, read as standing hand 1's on its two cards, an underpay not there).
    fn doubled_hand(&self, space: u8, points: &[[f64; 2]], chip_d: f64, t: f64) -> Option<u8> {
        let ax = self.axes[usize::from(space)];
        let nearest = |to: [f64; 2]| nearest_point(points, to).unwrap_or(to);
        let two_cards = |s: &Stake| self.cards_held_at(s.space, s.hand, t) == 2;
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

    /// How many cards hand `hand` at `space` held at `t` seconds: its cards laid by then (a
    /// card of it not placed counts; the double's own card, laid after, does not).
    fn cards_held_at(&self, space: u8, hand: u8, t: f64) -> usize {
        self.hands
            .get(usize::from(space))
            .and_then(|h| h.get(usize::from(hand.max(1) - 1)))
            .map_or(0, |ids| {
                ids.iter()
                    .filter(|id| {
                        self.cards
                            .get(id)
                            .and_then(|n| n.placed.as_ref())
                            .is_none_or(|p| p.t <= t)
                    })
                    .count()
            })
    }

    /// Hand `old` at `space` was just split into `old` and `new`: a double-down read on `old`
    /// within [`SPLIT_MATCH_S`] before is
    /// the split wager, its chips come to rest before the pair was seen apart (a card set
    /// apart and lost by the tracker as it moved, found a second later where it lay: shift
    /// seed 17 at 1319 s). A hand is doubled on its first two cards only (08-09(2)(d)), so
    /// one split since had none. So too a double-down read on another hand of the space that
    /// held fewer than two cards when its chips came to rest: no double at all (held-out shift
    /// seed 102 at 494.9 s: space 5's sevens split, hand 1 dealt a third seven and split
    /// again, its wager laid a hand's step past hand 2's and read as hand 2's double on its
    /// one card; hand 2's hits were then a `double_rule_broken` twice, and the round could
    /// not be played back).
    pub(super) fn double_was_split(&mut self, space: u8, old: u8, new: u8) {
        let now = self.now;
        let Some(k) = self.stakes.iter().position(|s| {
            !s.closed
                && s.space == space
                && (s.hand == old || s.hand != new && self.cards_held_at(space, s.hand, s.t) < 2)
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
            if let EventKind::Wager { kind, hand, .. } = k {
                *kind = WagerKind::Split;
                *hand = old;
            }
        });
        self.splits
            .retain(|x| !(x.0 == space && x.1 == old && x.2 == new));
        self.split_card_before(space, new, t);
    }

    /// Chips come to rest at `t` seconds read as a double-down on `hand` at `space`, judged
    /// after a split wager of that hand that came to rest later (within [`SPLIT_MATCH_S`]):
    /// they were the split wager, and the later chips its first hand's double. A hand doubled
    /// takes one card and is split no more (08-09(2)(c), (d)), and a split hand is doubled
    /// only once dealt its second card, after the split wager went down. That split wager is
    /// made the double (its cards dealt before it, see [`Scribe::double_cards_before`]); what
    /// these chips are: a split of `hand`, staking the new hand. (Clean shift seed 82 at
    /// 662.3 s: space 6's pair of fours split and the first hand doubled, both wagers judged
    /// in one look, the double nearer the circle first: read as split, and the split wager as
    /// a double before it, a `round_unreconstructable` that was not there.)
    fn split_read_first(&mut self, space: u8, hand: u8, t: f64) -> Option<(WagerKind, u8, u8)> {
        let of_hand = |event: u64| {
            self.pending.iter().any(|p| {
                p.seq == event && matches!(p.kind, EventKind::Wager { hand: h, .. } if h == hand)
            })
        };
        let k = self.stakes.iter().position(|s| {
            !s.closed
                && s.space == space
                && s.kind == WagerKind::Split
                && s.t > t
                && s.t - t <= SPLIT_MATCH_S
                && of_hand(s.event)
        })?;
        let s = &mut self.stakes[k];
        let (new, event, double_t) = (s.hand, s.event, s.t);
        s.kind = WagerKind::Double;
        s.hand = hand;
        self.amend(event, |e| {
            if let EventKind::Wager { kind, .. } = e {
                *kind = WagerKind::Double;
            }
        });
        self.double_cards_before(space, hand, double_t);
        self.split_card_before(space, new, t);
        Some((WagerKind::Split, hand, new))
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
            s.counted
                && !s.behind_its_spot(points, chip_d)
                && continues(&s.fan, points, chip_d, s.at, true)
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
        let (kind, hand, stake_hand) = match kind {
            WagerKind::Double => self
                .split_read_first(space, hand, t)
                .unwrap_or((kind, hand, stake_hand)),
            _ => (kind, hand, stake_hand),
        };
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
            put: total,
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
            fanned_t: fanned.then_some(t),
            handed_back: Vec::new(),
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

    /// When a card placed by `by` seconds was last seen, seconds (minus infinity when none
    /// is placed).
    fn last_card_seen(&self, by: f64) -> f64 {
        self.cards
            .values()
            .filter(|c| c.placed.is_some_and(|p| p.t <= by))
            .map(|c| c.seen_t)
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// Chips come to rest and not yet read (a wager going down): each one's space, where it
    /// lies (pixels) and since when (seconds). Not a chip come to rest where an open wager's
    /// chip was counted (within a quarter of a chip's width of its spot or a chip of its
    /// fan): that chip found anew as the dealer's hand passed over it, no wager going down
    /// (held-out shift seed 89 at 221.8 s: space 1's 50c tip bet, found anew as space 2's
    /// double-down card was dealt, took that card for space 1's split hand's).
    pub(super) fn chips_unread(&self) -> Vec<(u8, [f64; 2], f64)> {
        self.arrivals
            .iter()
            .filter_map(|id| self.chips.get(id))
            .filter(|n| {
                let near = 0.25 * 2.0 * n.radius;
                !self.stakes.iter().any(|s| {
                    !s.closed && (dist(s.at, n.rest) <= near || s.counted_at(n.rest, near))
                })
            })
            .filter_map(|n| {
                Some((
                    self.chip_space(n.rest, n.radius, n.rest_t)?.0,
                    n.rest,
                    n.rest_t,
                ))
            })
            .collect()
    }

    /// Whether wager `s` is of the round that chips come to rest at `t` seconds are of: not
    /// when `s` went down before a round's clear written before `t`, nor when it went down
    /// before the cards placed were last seen and the table was bare by `t` (every card out
    /// of sight [`EMPTIED_S`]: the clear is judged a while later). A wager lies on a while
    /// after its round's clear as the player takes it back, and chips put down by it then
    /// are the next round's (clean shift seed 65 at 622.8 s: space 6's $10 wager, put down
    /// 1.6 s after the clear by space 5's third split hand's spot, spread toward space 6,
    /// its chips last seen 2.5 s before: read as a double-down of that hand, or as a wager
    /// at space 5).
    pub(super) fn of_the_round(&self, s: &Stake, t: f64) -> bool {
        let cleared = s.t < self.cleared_at && t > self.cleared_at;
        let last = self.last_card_seen(f64::INFINITY);
        let bare = s.t < last && last < t - EMPTIED_S;
        !(cleared || bare)
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
    /// the dealer's arm read as a chip for a moment, chips on their way to the tray). Only a
    /// wager of the round the chip is of ([`Scribe::of_the_round`]).
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
            .filter(|s| self.of_the_round(s, t))
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

/// Seconds after a round's clear by which what is left on the spaces was taken back (the
/// simulator's players take theirs in 0.45 s): a wager's stack still lying where it lay
/// then is the next round's (see [`Scribe::follow_chip`]).
const LINGER_S: f64 = 1.0;

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

fn is_chip(tr: &Track) -> bool {
    matches!(tr.identity, Identity::Chip(_))
}

#[cfg(test)]
mod tests;
