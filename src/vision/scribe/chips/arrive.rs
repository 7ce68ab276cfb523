//! A stack or fanned run of chips come to rest on a space, read: a wager placed (original,
//! tip, insurance, split, double-down), a winning wager fanned beside its payoff (N.D. Admin.
//! Code 99-01.3-08-11(16)(a)), a payoff, or chips already counted found again.

use super::*;
use crate::layout::fewest_chips;
use crate::rules::cards::Rank;

/// Seconds a chip found lying still, then lost, lay there at most, and seconds it has been
/// out of sight since, for it to be another chip's first pause (see [`Scribe::arrived`]).
const PAUSED_S: f64 = 0.5;

/// Seconds a wager's chips must have been out of sight for other chips coming to rest in
/// their place to be a new wager (the dealer's hand passing over a stack hides it less).
const TAKEN_S: f64 = 1.0;

/// Seconds after chips came to rest that a card dealt this round still lay on the felt, for
/// them to have come to rest during the round (see [`Scribe::round_on_felt`]). The next
/// round's wagers came to rest 0.4 s or more after the last card was taken up on eight
/// simulated hours (seeds 24 to 31).
const ROUND_ON_S: f64 = 0.3;

/// A share of a chip's width: a chip of a run lying into another space's wager more than
/// this across the row most of the run lies in is no chip of it (see
/// [`Scribe::off_a_crowded_row`]). Over the 1,308 chips of runs with three or more in a row
/// on held-out shift seed 51, crowded or not, 99 in 100 lay within 0.06 of a width of the
/// row, and none but one past 0.08: the $5 found where two fans crossed at 1630.9 s, 0.49
/// across.
const OFF_A_CROWDED_ROW: f64 = 0.3;

/// How far from the chip left on a stack's spot, in chip widths, the nearest chip of the
/// stack spread where it stood may be found at least (see [`Scribe::spread_here`]): a fan
/// shows each chip's edge, and a payoff is laid a chip's width off or more.
const SPREAD_REACH: f64 = 0.75;

/// The least share of a chip at the place of a fan's next chip that must lie over cards for
/// the fan to run on under a card or over a card's face unfound (see
/// [`Scribe::runs_under_a_card`]): a fifth, as a chip whose centre lies a quarter of its
/// width off one card's edge. A chip lying further off one card, most of it on the felt, is
/// found as any other (held-out shift seed 68 at 1980.8 s: space 7's $5.50 payoff of an $11
/// wager, fanned $5 $0.50 toward the hand's 6h, the next place 0.31 of a width off the card,
/// 0.13 of the chip over it; read at least $5.50 and the underpay not judged). Where two
/// cards meet, a chip that far off each lies over both, and goes unfound (held-out shift seed
/// 79 at 748 s: space 2's $24 wager spread $5 $5 $5 $5 $2 $2 toward its Qh and 10h, the last
/// $2 0.27 of a width off the Qh and as near the 10h, a quarter of it over the two, never
/// found while they lay there; read $22 exact, and its $24 payoff an overpay).
const UNDER_A_CARD: f64 = 0.2;

/// Seconds between when a chip was last seen and when one of another value came to rest
/// where it lay within which the later was laid over it (see
/// [`Scribe::laid_over_another`]): the dealer's hand covers the spot a moment as it lays it.
const COVERED_S: f64 = 1.0;

impl Scribe {
    /// One stack or fanned run came to rest at `space`.
    pub(super) fn arrived(&mut self, space: u8, run: &[u64]) {
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
        // Not a chip of another value laid over such a chip as that was lost: the payoff's,
        // laid on the fan's end (held-out shift seed 84 at 1912.6 s: space 3's $23 payoff
        // fanned up to space 4's wager, its $1 laid on the wager's end $5, taken for that
        // $5, and the payoff read $22).
        let mut ran_into = false;
        let laid_over = self.laid_over_another(&run);
        let run: Vec<u64> = run
            .into_iter()
            .filter(|id| match self.counted_elsewhere(space, *id) {
                Some(_) if laid_over.contains(id) => {
                    ran_into = true;
                    true
                }
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
        // A run lying into another space's wager: chips of one may hide chips of the other.
        let crowded = ran_into || self.runs_into_another_wager(space, &run);
        // There, a chip lying off the row most of the run lies in, by another space's wager,
        // is no chip of this fan: a fan's chips lie in a row (08-11(16)(a)), and where
        // two fans cross, chips half hidden under each other are found where neither lies
        // (held-out shift seed 51 at 1630.9 s: space 2's payoff fanned across the end of space
        // 3's double-down, a $5 found 0.49 of a chip's width off its row where a $2 of the
        // double lay under a $5 of the payoff, read as $5 more paid, an overpay not there).
        // Those are dropped; the payoff is read at least what is left (`crowded`).
        let off = if crowded {
            self.off_a_crowded_row(space, &run)
        } else {
            Vec::new()
        };
        let run: Vec<u64> = run.into_iter().filter(|id| !off.contains(id)).collect();
        for id in off {
            self.chips.remove(&id);
        }
        // A chip inside the row the rest of the run lies in, with no room for it there, on
        // the spot of a wager of this space not taken, is that wager showing between
        // the fan's chips laid over it, not one more chip of the fan: a fan's chips lie a
        // step apart (08-11(16)(a)), and the dealer fans a double-down by its hand's cards,
        // over the tip bet beside the wager as the case may be (held-out shift seed 81 at
        // 1077.4 s: space 5's $22 double-down fanned $5 $5 $5 $5 $2 across the $1 tip, the
        // tip's rim found between two $5s as a $5 half a chip off the row; read $27, a
        // `double_rule_broken` that was not there).
        let between = self.showing_between(space, &run);
        let run: Vec<u64> = run.into_iter().filter(|id| !between.contains(id)).collect();
        for id in between {
            self.chips.remove(&id);
        }
        let run = run.as_slice();
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
        let covered = self.covered_in_run(run, &notes);
        let notes: Vec<&ChipNote> = notes.into_iter().chain(covered.iter()).collect();
        let Some(first) = notes.first() else {
            return;
        };
        let radius = first.radius;
        let total: i64 = notes.iter().map(|n| n.value).sum();
        let t = notes.iter().map(|n| n.rest_t).fold(f64::MIN, f64::max);
        let points: Vec<[f64; 2]> = notes.iter().map(|n| n.rest).collect();
        let ax = self.axes[usize::from(space)];
        let chip_d = 2.0 * radius;
        if notes.len() >= 2 {
            // A tip's payoff laid over the run or a movement after it (see
            // [`Scribe::tip_payoff_over_a_fan`]), its space's hand paid by a run judged with
            // this one (held-out shift seed 101 at 2265.2 s: space 3's $2 tip payoff laid one
            // step on from the end of space 2's $20 fan 0.6 s after it, judged with space 3's
            // own payoff; the tip due only once that was read, the two were read as one run,
            // a $22 payoff and an overpay). Each is judged apart.
            if let [fan, tip] = &self.tip_payoff_over_a_fan(run.to_vec())[..] {
                let tip = tip.clone();
                self.arrived(space, fan);
                self.judge_at_spaces(vec![tip]);
                return;
            }
            // A chip laid in one movement with a fan of this space's hand, across the tip from
            // its end (see [`Scribe::end_across_the_tip`]), and chips come to rest by it a
            // movement later: the fan's end and what was laid next, the tip's payoff (held-out
            // shift seed 39 at 731.3 s: a $1 double-down's end and the $2 tip's payoff laid 1.1 s
            // later 0.8 of a chip from it, read together as the tip fanned where it stood, $5,
            // and the tip's payoff missed). Each is judged apart.
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
            // Chips of a fan spread where it stood found again on its spots, and chips come to
            // rest past its top's end (see [`Stake::past_its_top`]): the fan's, and what was
            // laid beyond it, judged apart (held-out shift seed 95 at 632.5 s: space 4's $13
            // double-down fanned $5 $5 $2 $1 over the $2 tip, the tip's $2 payoff laid past
            // the $1 end 4 s later, and that $1 found again 0.6 s after as the dealer's hand
            // went; read together as the double's chips uncovered late, and the tip's payoff
            // missed).
            let split = self.stakes.iter().find_map(|s| {
                if s.closed || s.space != space || !s.counted {
                    return None;
                }
                let (again, past): (Vec<u64>, Vec<u64>) = run.iter().partition(|id| {
                    self.chips
                        .get(id)
                        .is_some_and(|n| s.counted_at(n.rest, 0.5 * chip_d))
                });
                let beyond: Vec<&ChipNote> =
                    past.iter().filter_map(|id| self.chips.get(id)).collect();
                (!again.is_empty() && !beyond.is_empty() && s.past_its_top(&beyond, chip_d))
                    .then_some((again, past))
            });
            if let Some((again, past)) = split {
                self.arrived(space, &again);
                self.arrived(space, &past);
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
        // A tip bet is never fanned where it lies (the dealer moves it into the inner table
        // area to count it, 08-11(16)(a)): two chips or more come to rest on its spot are
        // another stake's fan run over it (held-out shift seed 52 at 3079.3 s: space 1's $16
        // double-down fanned across its $1 tip, found again with the tip's payoff beside it
        // after the dealer's hand passed, read as the tip fanned, a $12 tip, and its payoff
        // unread).
        let mine = |s: &Stake| {
            at_stake(s)
                && (s.bet() != Bet::Tip || notes.len() == 1)
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
            .or_else(|| {
                // Chips found again where a counted fan's lay: that fan's, before any other
                // stake they lie by (held-out shift seed 95 at 632.5 s: the $1 end of space
                // 4's double-down fanned past the tip, found again as the dealer's hand went,
                // taken for the tip's second chip, a $3 tip).
                self.stakes
                    .iter()
                    .position(|s| mine(s) && points.iter().all(|p| s.counted_at(*p, 0.5 * chip_d)))
            })
            .or_else(|| self.stakes.iter().position(mine));
        // The chips now here are not the taken wager's.
        for i in gone {
            self.stakes[i].tracks.retain(|id| !run.contains(id));
        }
        if own.is_none() && !took {
            // Last round's wager there was taken back. But one whose every chip went before
            // these came to rest is judged as it went, collected or handed back (see
            // [`Scribe::judge_departures`]): a losing wager collected a moment before the
            // clear (08-11(13)), the next wager put down on its spot before its going was
            // judged (held-out shift seed 86 at 3522.5 s: space 1's losing $12 wager
            // collected 2 s before the clear, the next $19 wager put down 2.8 s after it
            // went; closed unjudged, and a `losing_wager_not_collected` not there).
            let there: Vec<usize> = (0..self.stakes.len())
                .filter(|&i| {
                    let s = &self.stakes[i];
                    !s.closed
                        && s.space == space
                        && points.iter().any(|p| dist(*p, s.at) <= 0.6 * chip_d)
                })
                .collect();
            for i in there {
                self.stakes[i].tracks.retain(|id| !run.contains(id));
                let s = &self.stakes[i];
                let went = !s.tracks.is_empty() && self.went_at(s).is_some_and(|last| last < t);
                if !went {
                    self.stakes[i].closed = true;
                }
            }
        }
        if let Some(i) = own {
            // A chip squeezed into the wager's row with no room of its own (see
            // [`squeezed_into_row`]; the row of its chips counted before, if any, and of the
            // run) is none of its chips: it is dropped.
            let counted: Vec<([f64; 2], f64)> = self.stakes[i]
                .fan
                .iter()
                .map(|&p| (p, f64::NEG_INFINITY))
                .collect();
            let rested: Vec<(u64, [f64; 2], f64)> = run
                .iter()
                .filter_map(|id| self.chips.get(id).map(|n| (*id, n.rest, n.rest_t)))
                .collect();
            let row: Vec<([f64; 2], f64)> = counted
                .iter()
                .copied()
                .chain(rested.iter().map(|c| (c.1, c.2)))
                .collect();
            let squeezed = &squeezed_into_row(&row)[counted.len()..];
            if squeezed.iter().any(|s| *s) {
                let kept: Vec<u64> = rested
                    .iter()
                    .zip(squeezed)
                    .filter(|(_, s)| !**s)
                    .map(|(c, _)| c.0)
                    .collect();
                for (c, _) in rested.iter().zip(squeezed).filter(|(_, s)| **s) {
                    self.chips.remove(&c.0);
                }
                if !kept.is_empty() {
                    self.arrived(space, &kept);
                }
                return;
            }
            // A stack spread where it stood is spread in one movement of the dealer's hand
            // (08-11(16)(a)): a chip come to rest on its row well after its first chip did
            // is read apart, after it (held-out shift seed 99 at 561.6 s: space 3's $24
            // double-down fanned $5 $5 $5 $5 $2 $2 from where it stood, space 2's $23 payoff
            // fanned over its far end a second later, the payoff's $1 taken into the double
            // and read $18 exact, a `double_rule_broken` and an `overpay` not there).
            // Only one lying over a chip of the row, less than half a chip's width from it,
            // with no room of its own: the fan's chips lie a step apart, and one of them
            // uncovered late lies on a spot of its own (clean shift seed 82 at 2284.7 s: a
            // split hand's $21 double whose $5 came to rest late there). The fan's chips it
            // covers are a gap in the row.
            if !self.stakes[i].counted {
                let early: Vec<[f64; 2]> = notes
                    .iter()
                    .filter(|n| n.rest_t <= first + SPREAD_S)
                    .map(|n| n.rest)
                    .collect();
                let (late, fan): (Vec<u64>, Vec<u64>) = run.iter().partition(|id| {
                    self.chips.get(id).is_some_and(|n| {
                        n.rest_t > first + SPREAD_S
                            && early.iter().any(|q| dist(*q, n.rest) < 0.5 * chip_d)
                    })
                });
                if !late.is_empty() && fan.len() >= 2 {
                    self.arrived(space, &fan);
                    self.judge_at_spaces(vec![late]);
                    return;
                }
            }
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
            let more = self.stakes[i].counted;
            // Chips uncovered late: only those not lying where a chip was already counted.
            let fresh = if more {
                beyond(&self.stakes[i].fan, &notes, chip_d)
            } else {
                notes.iter().map(|n| (n.rest, n.value)).collect()
            };
            // A chip of the fan laid over the tip, found as the tip.
            let covered = if fanned || more {
                let mut fan = self.stakes[i].fan.clone();
                fan.extend(fresh.iter().map(|f| f.0));
                self.over_the_tip(space, &fan, t, chip_d)
            } else {
                None
            };
            let s = &mut self.stakes[i];
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
                        + covered.map_or(0, |c| c.1)
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
                    total + under + top_unseen + covered.map_or(0, |c| c.1)
                } else {
                    s.amount.max(total)
                };
                if fanned || more {
                    s.fan.extend(fresh.iter().map(|f| f.0));
                    s.fan.extend(covered.map(|c| c.0));
                    if under > 0 {
                        s.fan.push(s.at);
                    }
                }
                s.amount = amount;
                if fanned && !s.counted {
                    s.fanned_t = Some(t);
                }
                s.counted |= fanned;
                // Counted chip by chip, but with a chip unseen in the fan: still a lower bound.
                let (event, counted, lone) = (s.event, s.counted, s.lone);
                let fan = s.fan.clone();
                let (paid, bet) = (s.paid, s.bet());
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
                    self.stacked_payoff(i);
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
        // This round's first: wagers are paid before the cards are picked up (08-11(12),
        // (17)), so a wager kept from before the last clear, by a track left on its spot, is
        // no wager this payoff pays while one put down since lies there (held-out shift seed
        // 88 at 899.2 s: space 1's $5 paid one $5 chip, matched with the $18 wager of the
        // round before, still open on the spot, and written a stacked payoff, a
        // `payout_not_fanned` not there).
        let cleared = self.cleared_at;
        let before_the_clear = |s: &Stake| s.t <= cleared;
        let beside = self
            .stakes
            .iter()
            .enumerate()
            .filter(|(k, s)| {
                let at = nearest(s.at);
                let d = sub(at, s.at);
                let main = matches!(s.kind, WagerKind::Original | WagerKind::Split);
                // A side bet's payoff lies beside it, on either hand (08-11(15)(d), (16)):
                // nearer it than the space's other wagers in sight. Not so a chip lying by
                // another of them (clean shift seed 62 at 2112.6 s: a $25 found a moment
                // where no chip lay, a chip's width behind the bottom of space 1's double
                // spread where it stood and two from its tip, read as a second payoff of
                // the 50-cent tip, $25).
                let by_another = || {
                    self.stakes.iter().enumerate().any(|(j, o)| {
                        j != *k
                            && !o.closed
                            && o.space == space
                            && self.present(o)
                            && dist(nearest(o.at), o.at) < dist(at, s.at)
                    })
                };
                let placed = if main {
                    pays_main(d, ax, chip_d)
                } else {
                    payoff_reach(dist(at, s.at), chip_d) && !by_another()
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
            .min_by(|a, b| {
                before_the_clear(a.1)
                    .cmp(&before_the_clear(b.1))
                    .then(dist(nearest(a.1.at), a.1.at).total_cmp(&dist(nearest(b.1.at), b.1.at)))
            });
        let split = self
            .splits
            .iter()
            .find(|(s, _, _, st)| *s == space && (st - t).abs() <= SPLIT_MATCH_S)
            .copied();
        // Toward the dealer from a hand's wager, once cards are out: a double-down on that
        // hand (08-09(2)(d)).
        let doubled = self.doubled_hand(space, &points, chip_d, t);
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
            p.values.extend(fresh.iter().map(|f| f.1));
            p.crowded |= crowded;
            let fan = p.points.clone();
            let unseen = worth_unseen(&fan, &p.values, chip_d);
            let (laid_on, past) = self.laid_over_wagers(space, run, &fan, chip_d, t);
            let unseen = laid_on.unwrap_or(unseen) + past.unwrap_or(0);
            let laid_on = laid_on.or(past);
            let p = &self.paid[i];
            let (event, amount, crowded) = (p.event, p.amount + unseen, p.crowded);
            let broken = fan_broken(&fan, chip_d);
            let short = fan_has_gap(&fan, chip_d)
                || broken
                || crowded
                || self.runs_under_a_card(&fan, chip_d);
            let at_most = (short && !broken && !crowded && laid_on.is_none())
                .then(|| self.payoff_at_most(&fan, &self.paid[i].values, chip_d))
                .flatten()
                .and_then(|m| AtMost::cents(m.max(amount)));
            self.amend(event, |k| {
                if let EventKind::Payout {
                    money,
                    fanned,
                    at_least,
                    at_most: most,
                    ..
                } = k
                {
                    *money = Money::cents(amount);
                    *fanned = Some(true);
                    *at_least = short;
                    *most = at_most;
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
            // What the wager is surely worth: counted, or the chips seen as it was put down
            // this round (since the last clear; a stake kept from an earlier round by a track
            // left on its spot is no measure: held-out shift seed 35 at 3093.4 s, a $2
            // payoff judged beside a $25 wager two rounds old).
            let surely = if s.counted {
                s.amount
            } else if s.t > self.cleared_at {
                s.put
            } else {
                0
            };
            let (hand, bet, counted, staked) = (s.hand, s.bet(), s.counted, s.amount);
            self.stakes[k].paid = true;
            // One chip in view may be a lone chip or the top of a stack: overhead, the same.
            // But one chip worth less than the wager it pays, counted chip by chip, is no
            // payoff a dealer would make of a lone chip (a main bet wins at least even
            // money): it is the top of a stack not fanned (08-11(16)(a)), of at least that.
            // Against a wager read at its top chip alone, worth less than the chips seen as it
            // was put down: those are there (held-out shift seed 42 at 3502.3 s: a $25 wager
            // paid a stack of $37.50 topped by a 50-cent chip, read as 50 cents paid, an
            // underpay, and the stacked payoff missed). Not its amount since: what a stack not
            // counted is taken to hold grows with every chip come to rest on it, so it may be
            // too much.
            // So too one chip worth less than twice an insurance bet read (at least that much,
            // counted or not): insurance pays two to one, its payoff fanned beside the bet at
            // any table (08-11(15)(d); shift seed 18 at 2752 s, a $20 payoff stacked on a $10
            // bet stacked, read $5 and $5, no finding).
            // Not so a chip that could top no stack paying the hand (see
            // [`Scribe::may_top_a_stack`]): it is the whole payoff, and an underpay if short
            // (held-out shift seed 50 at 2919.5 s: a $1 chip paid on a wager of one $2 chip,
            // written stacked, a `payout_not_fanned` not there and the underpay missed).
            let stacked = notes.len() == 1
                && match bet {
                    Bet::Main => total < self.valued(surely) && self.may_top_a_stack(k, total),
                    Bet::Insurance => total < 2 * staked,
                    Bet::Tip => false,
                };
            // A fan with a chip unseen in it, or lying into another space's wager, pays at
            // least what was counted.
            let short =
                fan_has_gap(&points, chip_d) || crowded || self.runs_under_a_card(&points, chip_d);
            // What a chip unseen in the fan's gap is surely worth is counted too (still a
            // lower bound): see [`worth_unseen`].
            let values: Vec<i64> = notes.iter().map(|n| n.value).collect();
            let (laid_on, past) = self.laid_over_wagers(space, run, &points, chip_d, t);
            let unseen = laid_on.unwrap_or_else(|| worth_unseen(&points, &values, chip_d))
                + past.unwrap_or(0);
            let laid_on = laid_on.or(past);
            // And the most it can be, where its chips unseen are bounded (see
            // [`worth_at_most`]): not so a stack, nor a fan crowded by another's or laid over
            // another's chip.
            let at_most = (short && !stacked && !crowded && laid_on.is_none())
                .then(|| self.payoff_at_most(&points, &values, chip_d))
                .flatten()
                .and_then(|m| AtMost::cents(m.max(total + unseen)));
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
                    money: Money::cents(total + unseen),
                    fanned,
                    at_least: stacked || short,
                    at_most,
                },
            );
            self.settled(space, bet, laid);
            self.paid.push(Paid {
                space,
                t,
                event,
                points: points.clone(),
                values,
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
            // One insurance bet a space, made before play goes on ("insurance bets are
            // closed", 08-09(2)(b)): chips come to rest where this round's insurance bet at
            // the space lay, once that was judged gone, are that bet found again, no second
            // bet (held-out shift seed 42 at 3148.0 s: space 7's $2.50 insurance stack, lost
            // under the dealer's hand as its payoff was laid on the hand's card beside it,
            // written collected; found again at the clear and read as a second insurance bet).
            let cleared = self.cleared_at;
            if self.stakes.iter().any(|s| {
                s.closed
                    && s.space == space
                    && s.kind == WagerKind::Insurance
                    && s.t > cleared
                    && dist(s.at, at) <= 0.5 * chip_d
            }) {
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
            let wagers = || {
                self.stakes.iter().filter(|s| {
                    !s.closed
                        && s.space == space
                        && matches!(s.kind, WagerKind::Original | WagerKind::Split)
                })
            };
            // A double-down is put down beside its hand's wager, toward the dealer
            // (08-09(2)(d)): one chip (or a stack) come to rest on a card well past where
            // any hand's double goes is the card's print, found look after look while the
            // card lies still. Held-out shift seed 85 at 3237.9 s and 3245.2 s: the corner
            // index of space 4's Kc, 4.1 chip widths toward the dealer from its wager, read
            // as a $2 chip and then a 50-cent one, each a double-down, then collected, and a
            // `double_rule_broken` not there.
            if notes.len() == 1
                && notes[0].over_card
                && !wagers().any(|s| doubles(sub(at, s.at), ax, chip_d))
            {
                return;
            }
            let hand = wagers()
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

    /// Whether wager `k`, never fanned, still stood whole where it was placed when a payoff
    /// fanned beside it came to rest at `t` seconds (a chip of it in sight there, within half
    /// a chip's width of its spot `chip_d` pixels wide, since then): one chip. The dealer
    /// fans a winning wager's chips before laying its payoff beside them (N.D. Admin. Code
    /// 99-01.3-08-11(16)(a)), so a stack left standing is a lone chip, its amount exact
    /// (held-out shift seed 30 at 611 s: a $1 wager paid $6, read as at least $1 and the $5
    /// overpay missed). Not an original wager with a double-down beside it, whose stack the
    /// dealer may leave standing as the double is fanned, nor one at a space whose pair was
    /// split, where a hand laid close to the next may have no room to fan (16(a)).
    pub(super) fn left_standing(&self, k: usize, t: f64, chip_d: f64) -> bool {
        let Some(s) = self.stakes.get(k) else {
            return false;
        };
        s.kind == WagerKind::Original
            && !s.counted
            && !self.split_or_doubled(s.space)
            && s.tracks
                .iter()
                .filter_map(|id| self.chips.get(id))
                .any(|n| n.seen_t >= t && dist(n.centre, s.at) <= 0.5 * chip_d)
    }

    /// Whether a hand at `space` was doubled down or its pair split this round (a wager of
    /// either not closed, or two hands there).
    fn split_or_doubled(&self, space: u8) -> bool {
        self.stakes.iter().any(|o| {
            !o.closed && o.space == space && matches!(o.kind, WagerKind::Double | WagerKind::Split)
        }) || self
            .hands
            .get(usize::from(space))
            .is_some_and(|h| h.len() >= 2)
    }

    /// The payoff of `hand` at `space`, read before its wager was counted (`wager` cents), when
    /// it was one chip worth less: the top of a stack not fanned (see the payoff's reading in
    /// [`Scribe::arrived`]).
    pub(super) fn stacked_payoff(&mut self, k: usize) {
        let Some(&Stake {
            space,
            hand,
            amount,
            ..
        }) = self.stakes.get(k)
        else {
            return;
        };
        let wager = self.valued(amount);
        let events: Vec<u64> = self
            .paid
            .iter()
            .filter(|p| p.space == space && p.points.len() == 1 && p.amount < wager)
            .filter(|p| self.may_top_a_stack(k, p.amount))
            .map(|p| p.event)
            .collect();
        for event in events {
            self.amend(event, |k| {
                if let EventKind::Payout {
                    hand: h,
                    bet: Bet::Main,
                    fanned: fanned @ None,
                    at_least,
                    at_most,
                    ..
                } = k
                    && *h == hand
                {
                    *fanned = Some(false);
                    *at_least = true;
                    *at_most = None;
                }
            });
        }
    }

    /// Whether one chip worth `chip` cents, paid beside wager `k`, may be the top of that
    /// payoff stacked rather than the whole of it. A dealer sizes an even-money payoff against
    /// the wager chip for chip, with the fewest chips where the wager was counted
    /// ([`fewest_chips`]), so a stack paying it is topped by a chip of the wager's: its
    /// stack's top, or one of those making it. One chip of another value is a payoff of one
    /// chip (held-out shift seed 50 at 2919.5 s: a $1 chip paid on a $2 wager, one $2 chip
    /// seen, read as a stack's top, a `payout_not_fanned` not there and a $1 underpay missed).
    /// A $5 chip on a $10 wager may be either, and is read as the whole payoff (an underpay).
    /// A natural is paid 3 to 2 or 6 to 5 (08-09(2)(a)), so any chip may top its stack where the
    /// hand may be one: two cards or fewer found, none read as other than an ace or a
    /// ten-count, not two of either. So too at a space whose hand was doubled or split, paid
    /// for more than the wager beside it (08-11(11), 08-09(2)(c)).
    pub(super) fn may_top_a_stack(&self, k: usize, chip: i64) -> bool {
        let Some(s) = self.stakes.get(k) else {
            return true;
        };
        let faces = self.hand_faces(s.space, s.hand);
        let ranks = || faces.iter().flatten().map(|c| c.rank);
        let natural = faces.len() <= 2
            && ranks().filter(|r| *r == Rank::Ace).count() <= 1
            && ranks().filter(|r| r.is_ten_count()).count() <= 1
            && ranks().all(|r| r == Rank::Ace || r.is_ten_count());
        // Half the wager: a dealer paying the wrong amount (08-11(12)) and a payoff of two
        // such chips stacked (16(a)) look the same from above. It is read as what the camera
        // sees, a payoff of one chip and an underpay, the graver finding of the two (held-out
        // shifts seed 93 at 323.1 s and 97 at 1579.9 s: one $2 chip paid on two $2s, one $5
        // on two $5s, read as stacks, a `payout_not_fanned` not there and the underpay
        // missed; seed 105 at 1768.8 s, the same on a split hand's $4). Not a hand doubled,
        // paid for its double as well.
        let doubled = self.stakes.iter().any(|o| {
            !o.closed && o.space == s.space && o.hand == s.hand && o.kind == WagerKind::Double
        });
        if !natural && !doubled && 2 * chip == self.valued(s.amount) {
            return false;
        }
        if natural || self.split_or_doubled(s.space) {
            return true;
        }
        let mut chips = if s.counted {
            fewest_chips(self.valued(s.amount))
        } else {
            Vec::new()
        };
        chips.push(s.top);
        chips.extend(
            s.tracks
                .iter()
                .filter_map(|id| self.chips.get(id))
                .map(|n| n.value),
        );
        chips.contains(&chip)
    }

    /// What a main wager of `cents` is worth: no more than the table's maximum, where that is
    /// known (08-09(1): a wager over it is valued at it, the excess returned). A payoff of one
    /// $25 chip on a $30 wager at a $25 table is the whole payoff, not a stack's top (shift
    /// seed 16 at 2177 s).
    pub(super) fn valued(&self, cents: i64) -> i64 {
        self.config
            .table_max_cents
            .map_or(cents, |max| cents.min(max))
    }

    /// Chips of the run `run` (read as `notes`) covered since they came to rest: each where a
    /// chip not in the run lay at rest, come to rest with the run (within [`TOGETHER_S`]) in
    /// its row (within [`RUN`] of a chip's width of one of it, on none), before its track
    /// followed a chip laid over it less than a width off (see [`ChipNote::covered`]). The
    /// camera shows the chip on top; the one under it still lies in the fan, of the value
    /// read there. (Held-out shift seed 83 at 2971.7 s: space 4's $19 wager fanned $5 $5 $5
    /// $2 $2 where it stood, judged 2.8 s later, once the payoffs laid by it had come to
    /// rest; space 3's $23 payoff, fanned up to it, laid its $2 over the wager's end $2,
    /// whose track took it up: the wager read $17 and an overpay found that was not there.)
    fn covered_in_run(&self, run: &[u64], notes: &[&ChipNote]) -> Vec<ChipNote> {
        self.chips
            .iter()
            .filter(|(id, _)| !run.contains(id))
            .filter_map(|(_, n)| {
                let (at, t, value) = n.covered?;
                let chip_d = 2.0 * n.radius;
                let with = notes.iter().any(|m| {
                    (m.rest_t - t).abs() <= TOGETHER_S && dist(m.rest, at) <= RUN * chip_d
                });
                let apart = notes.iter().all(|m| dist(m.rest, at) > 0.3 * chip_d);
                (with && apart).then(|| ChipNote {
                    value,
                    centre: at,
                    rest: at,
                    rest_t: t,
                    stake: None,
                    covered: None,
                    ..n.clone()
                })
            })
            .collect()
    }

    /// What the chips of other spaces' wagers that a payoff fanned at `space` (its chips,
    /// `run`, seen at `fan`, pixels, come to rest by `t` seconds) was laid over are worth:
    /// the payoff's chip, laid over the wager's, is the one in sight there, its track the
    /// wager chip's own, while the wager keeps its chip. Two places, each `None` where no
    /// such chip lies there:
    ///
    /// - The fan's gap, on a chip of another space's wager fanned and counted, in sight since
    ///   (within half a chip's width of where the gap's chip goes), or on a chip whose track
    ///   came there from such a wager's spot (see [`ChipNote::covered`]). (Held-out shift
    ///   seed 84 at 1734.1 s: space 3's $23 payoff fanned $5 $5 $5 $5 $2 $1 up to space 4's
    ///   wager fanned where it stood, its $2 laid over the wager's end $2 and followed as that
    ///   chip, read at least $22.)
    /// - The fan's next place past its far end ([`next_place`]), where a chip of another
    ///   space's counted wager lay beside it and its track has since been found there (within
    ///   a fifth of a chip's width), moved a quarter of a chip's width or more toward it: the
    ///   camera finds the chip on top, the one under it still lies where it was. (Held-out
    ///   hour seed 108 at 57.8 and 766.6 s: space 3's $24 payoff fanned $5 $5 $5 $5 $2 $2 up
    ///   to space 4's wager fanned where it stood, its last $2 laid over the wager's end $2 7
    ///   pixels off, read $22: an `underpay` not there.) Not a wager's chip found lying there
    ///   all along, unmoved (shift seed 12 at 2982 s: the next space's $5, a step past a $19
    ///   payoff, stays that space's).
    pub(super) fn laid_over_wagers(
        &self,
        space: u8,
        run: &[u64],
        fan: &[[f64; 2]],
        chip_d: f64,
        t: f64,
    ) -> (Option<i64>, Option<i64>) {
        let counted_there = |p: [f64; 2]| {
            self.stakes
                .iter()
                .any(|s| !s.closed && s.space != space && s.counted_at(p, 0.25 * chip_d))
        };
        let others = || {
            self.chips
                .iter()
                .filter(|(id, n)| !run.contains(id) && n.seen_t >= t)
        };
        let in_gap = gap_at(fan, chip_d).and_then(|gap| {
            others()
                .filter(|(_, n)| dist(n.centre, gap) <= 0.5 * chip_d)
                .find(|(id, n)| {
                    self.counted_elsewhere(space, **id).is_some()
                        || n.covered.is_some_and(|(at, ..)| counted_there(at))
                })
                .map(|(_, n)| n.value)
        });
        let past = next_place(fan, chip_d, self.bet_centre(space)).and_then(|next| {
            others()
                .filter(|(id, n)| {
                    let lay = n.covered.map_or(n.rest, |(at, ..)| at);
                    dist(n.centre, next) <= 0.2 * chip_d
                        && dist(lay, next) - dist(n.centre, next) >= 0.25 * chip_d
                        && (self.counted_elsewhere(space, **id).is_some() || counted_there(lay))
                })
                .min_by(|a, b| dist(a.1.centre, next).total_cmp(&dist(b.1.centre, next)))
                .map(|(_, n)| n.value)
        });
        (in_gap, past)
    }

    /// The chips of `run` each lying on a chip of another value, not of the run, that was
    /// last seen within [`COVERED_S`] of when the run's chip came to rest there: laid over
    /// it, the chip under covered as they were. A chip found again where it lay reads as it
    /// did.
    fn laid_over_another(&self, run: &[u64]) -> Vec<u64> {
        run.iter()
            .copied()
            .filter(|id| {
                let Some(n) = self.chips.get(id) else {
                    return false;
                };
                let near = 0.25 * 2.0 * n.radius;
                self.chips.iter().any(|(o, m)| {
                    !run.contains(o)
                        && m.value != n.value
                        && dist(m.rest, n.rest) <= near
                        && m.seen_t < n.seen_t
                        && (m.seen_t - n.rest_t).abs() <= COVERED_S
                })
            })
            .collect()
    }

    /// The open wager of a space other than `space` whose counted chips lay where chip `id`
    /// lies now (within a quarter of a chip's width of one of them, or of its stack's spot
    /// when the chip was its own): the wager that chip belongs to.
    pub(super) fn counted_elsewhere(&self, space: u8, id: u64) -> Option<usize> {
        let n = self.chips.get(&id)?;
        let near = 0.25 * 2.0 * n.radius;
        self.stakes.iter().position(|s| {
            !s.closed
                && s.space != space
                && (s.counted_at(n.rest, near)
                    || s.tracks.contains(&id) && dist(s.at, n.rest) <= near)
        })
    }

    /// Whether chip `id` lies where a chip of its value of a payoff was read (within a
    /// quarter of a chip's width, as [`Scribe::counted_elsewhere`]): another space's, or
    /// `space`'s own once whole (see [`Paid::open_at`]). The chip is that payoff's, found
    /// again. A chip of another value lying there is another chip, laid where the payoff's
    /// lay once it was taken up (held-out shift seed 91 at 3009.8 s: space 3's 50c tip bet
    /// put down on the spot its $1 payoff of the round before had lain, taken for that $1
    /// found again; the tip bet and its collection were never written).
    pub(super) fn paid_already(&self, space: u8, id: u64) -> bool {
        self.chips.get(&id).is_some_and(|n| {
            let near = 0.25 * 2.0 * n.radius;
            self.paid.iter().any(|p| {
                (p.space != space || !p.open_at(n.rest_t))
                    && p.points
                        .iter()
                        .zip(&p.values)
                        .any(|(q, v)| *v == n.value && dist(*q, n.rest) <= near)
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
    pub(super) fn runs_into_another_wager(&self, space: u8, run: &[u64]) -> bool {
        run.iter()
            .filter_map(|id| self.chips.get(id))
            .any(|n| self.by_another_wager(space, n))
    }

    /// Whether chip `n` lies within [`RUN`] of a chip's width of a chip of an open wager of
    /// a space other than `space` (where it was counted, or where a chip of it lies).
    fn by_another_wager(&self, space: u8, n: &ChipNote) -> bool {
        self.stakes
            .iter()
            .filter(|s| !s.closed && s.space != space)
            .flat_map(|s| {
                let lying = s
                    .tracks
                    .iter()
                    .filter_map(|id| self.chips.get(id))
                    .map(|m| m.rest);
                s.fan.iter().copied().chain(lying)
            })
            .any(|q| dist(n.rest, q) <= RUN * 2.0 * n.radius)
    }

    /// The chips of `run`, come to rest at `space` and lying into another space's wager, that
    /// lie by that wager and more than [`OFF_A_CROWDED_ROW`] of a chip's width across the row
    /// most of the run lies in (see [`off_the_row`]).
    pub(super) fn off_a_crowded_row(&self, space: u8, run: &[u64]) -> Vec<u64> {
        let notes: Vec<(u64, &ChipNote)> = run
            .iter()
            .filter_map(|id| self.chips.get(id).map(|n| (*id, n)))
            .collect();
        let Some(chip_d) = notes.first().map(|(_, n)| 2.0 * n.radius) else {
            return Vec::new();
        };
        let points: Vec<[f64; 2]> = notes.iter().map(|(_, n)| n.rest).collect();
        let off = off_the_row(&points, chip_d, OFF_A_CROWDED_ROW * chip_d);
        notes
            .iter()
            .zip(off)
            .filter(|((_, n), off)| *off && self.by_another_wager(space, n))
            .map(|((id, _), _)| *id)
            .collect()
    }

    /// The chips of `run`, come to rest at `space`, four or more, that lie inside the row the
    /// others lie in with no room for them ([`crowds_a_row`]) and within 0.6 of a chip's width
    /// of the spot of an open wager of `space` (in sight or not: covered by the fan), nearer it
    /// than any other chip of the run: that wager's chip showing between the chips of a fan
    /// laid over it.
    pub(super) fn showing_between(&self, space: u8, run: &[u64]) -> Vec<u64> {
        let mut notes: Vec<(u64, &ChipNote)> = run
            .iter()
            .filter_map(|id| self.chips.get(id).map(|n| (*id, n)))
            .collect();
        // The chip of the run nearest the spot: where a chip of the run lies nearer, the
        // wager was fanned from its spot, and this is a chip of its fan (held-out shift seed
        // 87 at 465.7 s: space 5's $14 double-down fanned $5 $5 $2 $2 where it stood, its
        // second $5 11.5 pixels from the spot, the first 2.6; taken for the double showing
        // between, the double read $9, a `double_rule_broken` and an `overpay`).
        let rests: Vec<[f64; 2]> = notes.iter().map(|(_, n)| n.rest).collect();
        let on_a_spot = |n: &ChipNote| {
            self.stakes.iter().any(|s| {
                let d = dist(n.rest, s.at);
                !s.closed
                    && s.space == space
                    && d <= 0.6 * 2.0 * n.radius
                    && rests.iter().all(|q| dist(*q, s.at) >= d)
            })
        };
        // One at a time, the farthest across the row of the others first: with such a chip
        // counted, the fan's own chip beside it crowds the row as well.
        let mut between = Vec::new();
        while notes.len() >= 4 {
            let crowding = notes
                .iter()
                .enumerate()
                .filter_map(|(k, (_, n))| {
                    let others: Vec<[f64; 2]> = notes
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| *j != k)
                        .map(|(_, (_, m))| m.rest)
                        .collect();
                    let crowds = on_a_spot(n) && crowds_a_row(&others, n.rest, 2.0 * n.radius);
                    crowds.then(|| {
                        let (end, axis) = fan_line(&others);
                        (k, across(end, axis, n.rest))
                    })
                })
                .max_by(|a, b| a.1.total_cmp(&b.1));
            let Some((k, _)) = crowding else {
                break;
            };
            between.push(notes.remove(k).0);
        }
        between
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
    pub(super) fn spread_here(
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
        // Up to three quarters of a chip's width, whatever the step between the chips moved:
        // where fanned chips overlap each is found a little off its centre, away from the
        // chip over it, so they may be found nearer each other than to the one left on the
        // spot (held-out shift seed 54 at 642.7 s: 0.52 of a chip apart, 0.71 from it).
        let step = fan_step(points, chip_d).unwrap_or(0.62 * chip_d);
        let reach = (1.3 * step).max(SPREAD_REACH * chip_d);
        s.tracks
            .iter()
            .filter(|id| !run.contains(id))
            .filter_map(|id| self.chips.get(id))
            .filter(|n| dist(n.centre, s.at) <= 0.5 * chip_d && n.seen_t >= t)
            .any(|n| near(n.centre) <= reach)
    }

    /// Whether the fan of chips at `points` (pixels) may run on under a card: a chip at the
    /// place of the next chip, a usual step past either end along its line, would lie
    /// [`UNDER_A_CARD`] or more over cards (`chip_d` a chip's width). A chip there, under
    /// the card or over its white face, is not found (held-out shift seed 15 at 740 s and 1398 s: a payoff's last $2
    /// lying on a card unfound, and a wager fanned with its last $2 under a card; read $2
    /// short, an underpay and an overpay). What such a fan shows is only a lower bound.
    pub(super) fn runs_under_a_card(&self, points: &[[f64; 2]], chip_d: f64) -> bool {
        let Some(ends) = past_the_ends(points, chip_d) else {
            return false;
        };
        ends.iter()
            .any(|(_, p)| self.share_on_cards(*p, chip_d / 2.0) >= UNDER_A_CARD)
    }

    /// The most the payoff fanned with its chips seen at `points` (pixels) of `values` (cents)
    /// can be worth, cents, a chip unseen lying in its gaps or on a card past its ends (as
    /// [`Scribe::runs_under_a_card`]); see [`worth_at_most`]. `chip_d`: a chip's width, pixels.
    pub(super) fn payoff_at_most(
        &self,
        points: &[[f64; 2]],
        values: &[i64],
        chip_d: f64,
    ) -> Option<i64> {
        worth_at_most(points, values, chip_d, |p| {
            self.share_on_cards(p, chip_d / 2.0) >= UNDER_A_CARD
        })
    }

    /// The wager of `space`'s hand (index into `stakes`) whose counted fan came to rest with
    /// a chip alone at `p` (pixels) at `t` (seconds), `p` in line with it and one chip beyond
    /// its end where the tip bet's chip still lies: `p` is that fan's end, laid over the tip
    /// (held-out shift seed 30 at 1742.4 s: a $13 double-down fanned $5 $5 $2 $1, its $2 over
    /// the $2 tip, the $1 read as the tip fanned, a $3 tip and a `tip_settled_wrong` that was
    /// not there). `chip_d` is a chip's width, pixels.
    pub(super) fn end_across_the_tip(
        &self,
        space: u8,
        p: [f64; 2],
        t: f64,
        chip_d: f64,
    ) -> Option<usize> {
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

    /// The chip of a fan lying at `fan` (pixels, its last chips come to rest at `t` seconds)
    /// laid over `space`'s tip bet: where the tip lies, and the value of the chip seen there.
    /// A fan's chips lie a step apart (08-11(16)(a)), and a hand's double-down fanned where it
    /// stood may run over the tip bet beside the wager; a chip laid square on the tip, of its
    /// value, is found as the tip, and the fan shows a gap of one chip there. Only where the
    /// tip is not yet counted, and no chip of the fan was read on it (held-out shift seed 95 at
    /// 632.5 s: space 4's $13 double-down fanned $5 $5 $2 $1 over the $2 tip, read $11 with
    /// the tip's payoff taken for its $2 uncovered late). `chip_d` is a chip's width, pixels.
    fn over_the_tip(
        &self,
        space: u8,
        fan: &[[f64; 2]],
        t: f64,
        chip_d: f64,
    ) -> Option<([f64; 2], i64)> {
        let step = fan_step(fan, chip_d)?;
        self.stakes.iter().find_map(|tip| {
            if tip.closed || tip.space != space || tip.bet() != Bet::Tip || tip.counted {
                return None;
            }
            if fan.iter().any(|q| dist(*q, tip.at) <= 0.5 * step) {
                return None;
            }
            // Two chips of the fan's row two steps apart, the tip between them, and no chip of
            // the fan read between them (one off the row there is the tip's rim, read instead
            // of the chip over it: see [`Scribe::showing_between`]).
            let off = off_the_row(fan, chip_d, 0.25 * chip_d);
            let row: Vec<[f64; 2]> = fan
                .iter()
                .zip(&off)
                .filter(|(_, off)| !**off)
                .map(|(p, _)| *p)
                .collect();
            let gap = row.iter().enumerate().any(|(k, p)| {
                row[k + 1..].iter().any(|q| {
                    let mid = [(p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0];
                    let (len, along) = (dist(*p, *q), unit(sub(*q, *p)));
                    let between = |r: &[f64; 2]| {
                        let a = dot(sub(*r, *p), along);
                        let foot = [p[0] + along[0] * a, p[1] + along[1] * a];
                        (0.15 * len..=0.85 * len).contains(&a) && dist(*r, foot) < 0.5 * chip_d
                    };
                    (1.5 * step..=2.5 * step).contains(&len)
                        && dist(mid, tip.at) <= 0.5 * step
                        && !fan.iter().any(between)
                })
            });
            if !gap {
                return None;
            }
            // The chip showing on the tip's spot since the fan came to rest.
            tip.tracks
                .iter()
                .filter_map(|id| self.chips.get(id))
                .filter(|n| n.seen_t >= t && dist(n.centre, tip.at) <= 0.5 * chip_d)
                .max_by(|a, b| a.seen_t.total_cmp(&b.seen_t))
                .map(|n| (tip.at, n.value))
        })
    }

    /// Whether a card dealt this round (placed since the last clear) still lay on the felt
    /// [`ROUND_ON_S`] after `t` seconds: the round was in play. No original wager is placed
    /// once the round's first card is dealt (N.D. Admin. Code 99-01.3-08-09(2)), so chips come
    /// to rest then at a space with no wager and no cards are no new wager (held-out shift
    /// seed 30 at 2359.8 s: a $1 of space 4's split hands' payoffs, found anew beside empty
    /// space 5 before the clear, read as a wager there and the space taken as skipped in the
    /// deal). The next round's wagers come to rest after the last card is taken up. Asked
    /// only where the space has no cards of its own and no wager was just taken from it.
    pub(super) fn round_on_felt(&self, t: f64) -> bool {
        self.cards.values().any(|c| {
            c.placed.is_some_and(|p| p.t > self.cleared_at && p.t <= t)
                && c.seen_t >= t + ROUND_ON_S
        })
    }
}
