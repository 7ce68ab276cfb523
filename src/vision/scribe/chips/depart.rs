//! Wagers whose chips went: collected into the tray (N.D. Admin. Code 99-01.3-08-11(13),
//! (17)) or handed back to the player, told from a stack that only lies hidden under a fan
//! or a card laid over it.

use super::*;
use crate::events::Target;
use crate::rules::twenty_one::hand::HandValue;

/// Seconds since a wager's chips were last seen in which it still counts as on the felt.
const PRESENT_S: f64 = 2.5;

/// Seconds after a wager's chips were last seen at rest within which chips found in flight
/// out past its spot carried it: one movement of chips across the felt (the simulator's
/// takes 0.45 s).
const FLIGHT_S: f64 = 1.0;

/// Seconds after a wager went within which another of its space's wagers going went with it
/// in one movement (a split hand's wager and its double handed back together); one going
/// later went in a movement of its own.
const APART_S: f64 = 0.25;

/// Seconds after a chip of a wager handed back was found in flight out past its spot within
/// which a chip found further out is taken for it, still on its way: the rest of one
/// movement across the felt ([`FLIGHT_S`]).
const GOING_ON_S: f64 = 0.5;

/// What was found of a wager carried out past its spot after it went (see
/// [`Scribe::carried_out`]).
#[derive(Debug, Default)]
struct FlownOut {
    /// When a chip was found in flight out past its spot ([`OUT_PAST`]) or past the felt on
    /// the players' side, seconds, in order.
    out_at: Vec<f64>,
    /// Found in the first look after it went just begun on its way out ([`NUDGED_OUT`]).
    nudged: bool,
}

/// Seconds apart within which two stacks of one hand and bet taken the same way were taken in
/// one movement (as a hand's wager and its double, judged together, are).
const TAKEN_TOGETHER_S: f64 = 3.0;

/// Seconds before the next thing known to follow it that an insurance bet lost under a card
/// is written collected: the dealer's hand moving on from one bet to the next.
const GATHER_S: f64 = 0.5;

/// Seconds since a chip followed was last found within which it still marks its place: a
/// chip found there now is it, missed a look or two under the dealer's hand, not a chip in
/// flight. A stack that went a second before marks nothing (held-out shift seed 94 at
/// 396.4 s: space 4's $19 double handed back as its wager was collected, the dealer's
/// natural voiding it, 08-11(10)(e), slid out across the place where the wager had lain a
/// second before; found in flight only there, taken for the wager's stack, and the double
/// read as collected with it).
const MARKS_S: f64 = 0.5;

/// How far out past a wager's spot, away from the dealer, a chip in flight is found when the
/// wager is handed back, in chip radii: from clear of the spot (and of the tip bet beside it,
/// 2 radii out) to the player's side of the felt.
const OUT_PAST: std::ops::Range<f64> = 3.0..16.0;

/// How near a payoff's chips, in chip radii, a chip found in flight lies when it is one of
/// them on its way from the tray: the payoff is laid a step or two on.
const PAYOFF_NEAR: f64 = 6.0;

/// How far out past a wager's spot, in chip radii, its stack is found in the first look after
/// it went when the dealer's hand has begun to slide it out to the player: past where a top
/// chip half covered by the hand is found (its visible part's middle lies less than a radius
/// off), short of [`OUT_PAST`].
const NUDGED_OUT: std::ops::Range<f64> = 1.3..3.0;

/// How far aside of the line out from a wager's spot a chip handed back may be found, as a
/// share of how far out it is (plus one radius): the player's side lies out from the spot,
/// not straight out.
const OUT_ASIDE: f64 = 0.5;

impl Scribe {
    /// True when main wager `s`, whose chips all went by `last` seconds, was fanned where it
    /// stood and its fan is not read yet: chips come to rest on its spot (within half a chip's
    /// width) within [`FANNED_S`] after, still waiting among the arrivals (a fan is read once
    /// nothing more comes to rest beside it, and the dealer may lay the payoffs beside it
    /// first). Held-out shift seed 23 at 1775 s: a split hand's $9 wager fanned where it
    /// stood, its payoff and the other hand's laid beside it, the fan unread 3.6 s after the
    /// stack went: written collected, and its fan and payoff read as a new wager at space 7.
    fn fan_unread(&self, s: &Stake, last: f64) -> bool {
        s.bet() == Bet::Main
            && self
                .arrivals
                .iter()
                .filter_map(|id| self.chips.get(id))
                .any(|n| {
                    n.rest_t >= last
                        && n.rest_t - last <= FANNED_S
                        && dist(n.rest, s.at) <= n.radius
                })
    }

    /// Notes the chips found in this look that lie away from every chip followed (found
    /// within [`MARKS_S`]): chips in flight, found a look or two as they cross the felt (a
    /// track needs more to begin), kept while a wager that went may still be judged by them.
    /// (A chip found now and then where it lies is noted too; see [`Scribe::carried_out`].)
    pub(in crate::vision::scribe) fn watch_chips_flying(&mut self, found: &[Seen]) {
        let now = self.now;
        let keep = self.config.judge_after_s + 2.0 * FLIGHT_S + PRESENT_S;
        self.chips_flying.retain(|f| now - f.0 <= keep);
        self.chips_beyond.retain(|f| now - f.0 <= keep);
        for s in found {
            if !matches!(s.identity, Identity::Chip(_)) {
                continue;
            }
            let followed = self
                .chips
                .values()
                .any(|n| now - n.seen_t <= MARKS_S && dist(n.centre, s.centre) <= n.radius);
            if !followed {
                self.chips_flying.push((now, s.centre));
            }
        }
    }

    /// True when wager `s`, its chips last seen at rest at `last` seconds, was carried out
    /// past its spot away from the dealer: a chip found in flight there within [`FLIGHT_S`]
    /// after (a stack handed back to the player slides out across the felt in sight; one
    /// collected goes in under the dealer's hand toward the tray). Held-out shift seed 39
    /// at 295.2 s: a split hand's $7 returned as the dealer's natural voided it
    /// (08-11(10)(e)), read as collected. Not a chip found at that spot in another look too:
    /// one lying there, found now and then or no longer followed (seed 36 at 3159.6 s: the
    /// 50-cent chip of the next space's payoff, found one look in two, and a collected tip
    /// read as handed back; seed 37 at 86.3 s: a split hand's payoff, read, lying past the
    /// other hand's losing double as that was collected, which read as handed back). Nor a
    /// chip of a payoff on its way from the tray, read later within [`PAYOFF_NEAR`] radii of
    /// where it was found. Or the stack found, the first time after it went, just begun on
    /// its way out ([`NUDGED_OUT`]) and never on its way in.
    ///
    /// Not where all it was found going out was found within [`GOING_ON_S`] after another of
    /// its space's wagers, gone before it (within [`FLIGHT_S`]), was found in flight out past
    /// its own spot while this one still lay at rest: that one, still on its way (held-out
    /// shift seed 104 at 453.2 s: the dealer's natural voiding space 1's two split hands,
    /// 08-11(10)(e), their $16 stacks handed back one after the other and the first hand's
    /// wager collected under the dealer's hand 0.13 s after the second went; the second's
    /// chip found past the felt after the wager went, and the wager read as handed back, a
    /// `losing_wager_not_collected` not there).
    fn carried_out(&self, s: &Stake, last: f64) -> bool {
        let mine = self.flown_out(s, last);
        if mine.nudged {
            return true;
        }
        // When the wagers of its space gone just before were found going out while it lay.
        let before: Vec<f64> = self
            .stakes
            .iter()
            .filter(|o| o.space == s.space && !std::ptr::eq(*o, s))
            .flat_map(|o| {
                if o.closed {
                    o.handed_back.clone()
                } else {
                    self.went_at(o)
                        .filter(|&w| w < last && last - w <= FLIGHT_S)
                        .map(|w| self.flown_out(o, w).out_at)
                        .unwrap_or_default()
                }
            })
            .filter(|&t| t <= last && last - t <= FLIGHT_S)
            .collect();
        mine.out_at
            .iter()
            .any(|&t| !before.iter().any(|&u| t >= u && t - u <= GOING_ON_S))
    }

    /// What was found of wager `s`, its chips last seen at rest at `last` seconds, carried out
    /// past its spot (see [`Scribe::carried_out`]).
    fn flown_out(&self, s: &Stake, last: f64) -> FlownOut {
        let Some(r) = self.chip_radius(s.at) else {
            return FlownOut::default();
        };
        let ax = self.axes[usize::from(s.space)];
        // A chip in flight moves on: one found in another look where it was found lies there.
        // Not one found before the wager was laid: that was on its way in, the wager itself
        // slid in from the player's side (held-out shift seed 57 at 2422.4 s: space 7's $13
        // double handed back as the dealer's natural voided it, 08-11(10)(e), found in
        // flight 6.3 radii out, where it was found 4.4 s before as it was slid in; taken for a
        // chip lying there, and the double read as collected).
        let lying = |t: f64, p: [f64; 2]| {
            self.chips_flying
                .iter()
                .any(|&(u, q)| u >= s.t && (u - t).abs() > 1e-6 && dist(p, q) <= r)
        };
        // Chips of the space that went a while after these were carried with their own
        // hand: what is found in flight from then on is theirs (held-out shift seed 49 at
        // 3114.7 s: a dealer's natural, the doubled hand's wager collected and its double,
        // voided, handed back half a second later past the wager's spot, 08-11(10)(e); the
        // wager read as handed back too).
        let until = self
            .stakes
            .iter()
            .filter(|o| o.space == s.space && !std::ptr::eq(*o, s))
            .filter_map(|o| self.went_at(o))
            .filter(|&w| w > last + APART_S)
            .fold(last + FLIGHT_S, f64::min);
        // Found in flight after it went, not lying there nor a payoff on its way: where, in
        // radii out from the spot and aside of the line out.
        let flown: Vec<(f64, f64, f64)> = self
            .chips_flying
            .iter()
            .filter(|&&(t, p)| {
                t > last
                    && t <= until
                    && !lying(t, p)
                    && !self.paid.iter().any(|pd| {
                        pd.t >= t && pd.points.iter().any(|&q| dist(q, p) <= PAYOFF_NEAR * r)
                    })
            })
            .map(|&(t, p)| {
                let off = sub(p, s.at);
                (t, -dot(off, ax.toward) / r, dot(off, ax.right).abs() / r)
            })
            .collect();
        // Or found past the felt on the players' side, out from its spot, and not found at
        // that place in another look (chips a player keeps by the rail).
        let beyond = self.chips_beyond.iter().filter(|&&(t, p)| {
            let off = sub(p, s.at);
            let (out, aside) = (-dot(off, ax.toward) / r, dot(off, ax.right).abs() / r);
            t > last
                && t <= until
                && out >= OUT_PAST.start
                && aside <= OUT_ASIDE * out + 1.0
                && !self
                    .chips_beyond
                    .iter()
                    .any(|&(u, q)| u >= s.t && (u - t).abs() > 1e-6 && dist(p, q) <= r)
        });
        let mut out_at: Vec<f64> = beyond
            .map(|&(t, _)| t)
            .chain(
                flown
                    .iter()
                    .filter(|&&(_, out, aside)| {
                        OUT_PAST.contains(&out) && aside <= OUT_ASIDE * out + 1.0
                    })
                    .map(|&(t, ..)| t),
            )
            .collect();
        out_at.sort_by(f64::total_cmp);
        out_at.dedup();
        // Or found, in the first look after it went, just begun on its way out toward the
        // player's side, and not on its way in after (held-out shift seed 58 at 1163.8 s:
        // space 1's $7 double handed back as the dealer's natural voided it, 08-11(10)(e),
        // found 1.5 radii out along the line out, and next off the frame's edge at the
        // player's side, its flight between two looks; at 3038.0 s space 6's second split
        // hand's $11, found 2.2 radii out and half a radius aside, and not again; both read
        // as collected). On its way in is a later look: a chip found toward the dealer in the
        // same look is another (seed 94 at 396.4 s: a chip found once by the dealer's hand,
        // 19 radii in, as space 4's $19 was found 1.5 radii out, and the $19 read as
        // collected).
        let first = flown
            .iter()
            .filter(|f| f.1.hypot(f.2) < NUDGED_OUT.end)
            .map(|f| f.0)
            .fold(f64::INFINITY, f64::min);
        let nudged = flown.iter().any(|&(t, out, aside)| {
            t == first && NUDGED_OUT.contains(&out) && aside <= OUT_ASIDE * out
        }) && !flown.iter().any(|&(t, out, aside)| {
            t > first && out <= -NUDGED_OUT.start && aside <= OUT_ASIDE * -out + 1.0
        });
        FlownOut { out_at, nudged }
    }

    /// When every chip of wager `s` was last seen, once all went out of sight (None while one
    /// is still followed, or when it had no chips to go): the latest of when each chip left
    /// (one no longer followed counts as gone long before, `f64::MIN`) and of when its chips
    /// found again as the next round's were last seen as its (`gone`).
    ///
    /// A chip found once more, looks after it was last found, just after another wager of
    /// its space went, went when found before: what was found was that wager on its way
    /// across its place (held-out shift seed 95 at 254.0 s: space 3's $11 wager collected
    /// unseen under the dealer's hand, its double handed back, 08-11(10)(e), slid out across
    /// the wager's spot 0.8 s after the wager was last found; the track took it there, the
    /// wager went "then", the double's flight read as its, and both as handed back).
    pub(super) fn went_at(&self, s: &Stake) -> Option<f64> {
        let mut went = s.gone;
        for id in &s.tracks {
            let mut left = self.left_at(*id)?;
            if let Some(n) = self.chips.get(id)
                && left == n.seen_t
                && left - n.seen_before > 2.5 * self.step
                && self.stakes.iter().any(|o| {
                    o.space == s.space
                        && !std::ptr::eq(o, s)
                        && self
                            .went_as_last_found(o)
                            .is_some_and(|w| (n.seen_before..left).contains(&w))
                })
            {
                left = n.seen_before;
            }
            went = Some(went.map_or(left, |l: f64| l.max(left)));
        }
        went
    }

    /// When every chip of wager `s` was last found, once all went (see [`Scribe::went_at`]).
    fn went_as_last_found(&self, s: &Stake) -> Option<f64> {
        let mut last = s.gone;
        for id in &s.tracks {
            let left = self.left_at(*id)?;
            last = Some(last.map_or(left, |l: f64| l.max(left)));
        }
        last
    }

    /// When chip track `id` left (`f64::MIN` when no longer followed; None while it is).
    fn left_at(&self, id: u64) -> Option<f64> {
        match self.chip_leaving.iter().find(|l| l.0 == id) {
            Some(l) => Some(l.1),
            None if !self.chips.contains_key(&id) => Some(f64::MIN),
            None => None,
        }
    }

    /// Wagers whose every chip went: collected into the tray, or handed back to the player
    /// (after the round's clear: the player taking back what is left, not an event). A paid
    /// wager whose chips went as cards went waits for those cards to be judged: it goes with
    /// its payoff as the cards are picked up, and whether they were the round's clear is
    /// known only then (held-out shift seed 59 at 2434.5 s: space 7's paid $2 tip, gone 0.13
    /// s before the clear, judged 0.27 s before the clear was; written collected after the
    /// other spaces', and a `collection_order` that was not there).
    pub(in crate::vision::scribe) fn judge_departures(&mut self, all: bool) {
        let now = self.now;
        let wait = self.config.judge_after_s;
        let mut ready: Vec<(usize, f64)> = Vec::new();
        let mut under: Vec<usize> = Vec::new();
        for (i, s) in self.stakes.iter().enumerate() {
            if s.closed {
                continue;
            }
            if let Some(last) = self.went_at(s) {
                if !all && self.under_a_fan(s) {
                    under.push(i);
                } else if all
                    || now - last > wait
                        && !self.fan_unread(s, last)
                        && !(s.paid && self.cards_going_about(last))
                {
                    ready.push((i, last));
                }
            }
        }
        // Lying under a fan: it goes with the round's clear (see `Scribe::paid_over`).
        for i in under {
            let tracks = self.stakes[i].tracks.clone();
            self.chip_leaving.retain(|l| !tracks.contains(&l.0));
            for id in tracks {
                if !self.chips_under.contains(&id) {
                    self.chips_under.push(id);
                }
            }
        }
        // One collect per hand and bet: a hand's wager and its double go together.
        let mut acts: Vec<(u8, u8, Bet, i64, f64, bool, bool)> = Vec::new();
        for (i, last) in ready {
            let s = &mut self.stakes[i];
            s.closed = true;
            if !s.paid && (s.t..s.t + FLEETING_S).contains(&last) {
                let event = s.event;
                self.unwrite(event);
                continue;
            }
            // Gone with the round's clear or after it: taken back by the player. A paid wager
            // goes with its payoff as the cards are picked up, so from a moment before the
            // clear as judged; a losing wager is collected before the cards (08-11(13), (17)),
            // the last of them just before.
            let margin = if s.paid { 0.3 } else { 0.0 };
            if last < s.t || last >= self.cleared_at - margin && s.t <= self.cleared_at {
                continue;
            }
            // Handed back: last found a radius or more from the spot, away from the dealer
            // (toward the player). A stack's top chip is found a few pixels off its spot as
            // the dealer's hand covers part of it (shift seed 14 at 1862 s: a collected stack
            // last found 0.53 of a radius away, read as handed back).
            // Or found in flight out past its spot a moment after (see `carried_out`).
            let s = &self.stakes[i];
            let to_tray = s.tracks.iter().all(|id| {
                self.chips.get(id).is_none_or(|n| {
                    let ax = self.axes[usize::from(s.space)];
                    dot(sub(n.centre, s.at), ax.toward) > -n.radius
                })
            }) && !self.carried_out(s, last);
            let (space, hand, bet, amount, uncounted) =
                (s.space, s.hand, s.bet(), s.amount, !s.counted);
            if !to_tray {
                self.stakes[i].handed_back = self.flown_out(&self.stakes[i], last).out_at;
            }
            // A hand's double handed back as its wager is collected (a dealer's natural
            // voids the double, 08-11(10)(e)) is written apart.
            match acts.iter_mut().find(|a| {
                a.0 == space
                    && a.1 == hand
                    && a.2 == bet
                    && (a.4 - last).abs() <= TAKEN_TOGETHER_S
                    && a.5 == to_tray
            }) {
                Some(a) => {
                    a.3 += amount;
                    a.4 = a.4.max(last);
                    a.6 |= uncounted;
                }
                None => acts.push((space, hand, bet, amount, last, to_tray, uncounted)),
            }
        }
        for (space, hand, bet, amount, t, to_tray, at_least) in acts {
            let money = Money::cents(amount);
            let kind = if to_tray {
                EventKind::Collect {
                    space,
                    hand,
                    bet,
                    money,
                    at_least,
                }
            } else {
                EventKind::Return {
                    space,
                    hand,
                    bet,
                    money,
                    at_least,
                }
            };
            if let EventKind::Collect { .. } = kind {
                self.settled(space, bet, t);
            }
            // The hand's other stack, taken in the same movement but judged apart (last seen
            // a look later): one collection of both, as the dealer made it.
            match self.taken_with(&kind, t) {
                Some(seq) => self.take_too(seq, amount, at_least, t),
                None => {
                    self.write(t, kind);
                }
            }
        }
        let gone: Vec<u64> = self
            .stakes
            .iter()
            .filter(|s| s.closed)
            .flat_map(|s| s.tracks.iter().copied())
            .collect();
        self.chip_leaving.retain(|l| !gone.contains(&l.0));
        self.chips_under.retain(|id| !gone.contains(id));
        for id in &gone {
            self.chips.remove(id);
        }
    }

    /// Insurance bets lost under a card: at the round's clear (`end` seconds), an insurance
    /// bet not paid whose chips all went out of sight under a card laid over them (see
    /// [`Scribe::card_over`]), none found again as the cards were taken up, while the
    /// dealer's first two cards, read, make no natural. Such a bet loses, and the dealer
    /// collects it once the hole card is turned, before the other wagers are settled, from
    /// the dealer's right (99-01.3-08-11(10)(a)): it went then, unseen under the card.
    /// Held-out shift seed 45 at 2018.8 s: space 7's $5 insurance under its hand's hit card,
    /// taken 2 s later, the chip never found again; it lay "under the card" to the clear,
    /// and its collection was never written.
    ///
    /// When exactly is not seen: after the turn and any insurance bet collected at a space to
    /// its right; before any collected to its left, any other wager of its space or one to
    /// its left settled, any natural paid, the dealer's first card drawn (08-11(10)(a): the
    /// insurance bets first, then the busted split or doubled hands, then the naturals, then
    /// the dealer's hand played out), and the clear. It is written [`GATHER_S`] before the
    /// end of that span, the dealer's hand on its way to the next bet.
    pub(in crate::vision::scribe) fn insurance_lost_under_cards(&mut self, end: f64) {
        let round: Vec<(f64, &EventKind)> = self
            .pending
            .iter()
            .filter(|p| p.t > self.cleared_at && p.t <= end)
            .map(|p| (p.t, &p.kind))
            .collect();
        let up = round.iter().find_map(|&(_, k)| match k {
            EventKind::Card {
                to: Target::Dealer,
                card: Some(c),
                ..
            } => Some(c.rank),
            _ => None,
        });
        let turned = round.iter().find_map(|&(t, k)| match k {
            EventKind::HoleCardTurned { card, .. } => Some((t, card.rank)),
            _ => None,
        });
        let (Some(up), Some((turned_t, hole))) = (up, turned) else {
            return;
        };
        if HandValue::of([up, hole]).is_two_card_21() {
            return;
        }
        let under_a_card = |s: &Stake| {
            !s.tracks.is_empty()
                && s.tracks.iter().all(|id| {
                    self.chips_under.contains(id)
                        && self.chips.get(id).is_some_and(|n| n.under_card)
                })
        };
        let lost: Vec<usize> = (0..self.stakes.len())
            .filter(|&i| {
                let s = &self.stakes[i];
                !s.closed && !s.paid && s.kind == WagerKind::Insurance && under_a_card(s)
            })
            .collect();
        for i in lost {
            let space = self.stakes[i].space;
            // Each settlement after the turn: whether it bounds this one from before (an
            // insurance bet collected to its right) or from after (one collected to its left,
            // a wager of its space or one to its left settled, a natural paid, a card drawn).
            let bound = |k: &EventKind| match *k {
                EventKind::Collect {
                    bet: Bet::Insurance,
                    space: s,
                    ..
                } => Some(s > space),
                EventKind::Payout { .. }
                | EventKind::Card {
                    to: Target::Dealer, ..
                } => Some(false),
                EventKind::Collect { space: s, .. } | EventKind::Return { space: s, .. } => {
                    (s <= space).then_some(false)
                }
                _ => None,
            };
            let (mut from, mut to) = (turned_t, end);
            for p in self.pending.iter().filter(|p| p.t > turned_t && p.t <= end) {
                match bound(&p.kind) {
                    Some(true) => from = from.max(p.t),
                    Some(false) => to = to.min(p.t),
                    None => {}
                }
            }
            let t = (to - GATHER_S).max(from).min(to);
            let s = &mut self.stakes[i];
            s.closed = true;
            let (hand, amount, at_least) = (s.hand, s.amount, !s.counted);
            let tracks = s.tracks.clone();
            self.write(
                t,
                EventKind::Collect {
                    space,
                    hand,
                    bet: Bet::Insurance,
                    money: Money::cents(amount),
                    at_least,
                },
            );
            self.chips_under.retain(|id| !tracks.contains(id));
            for id in &tracks {
                self.chips.remove(id);
            }
        }
    }

    /// The collection or return written this round that `kind` (of the same sort) belongs
    /// to: of the same hand and bet, within [`TAKEN_TOGETHER_S`] of `t` seconds. A hand's
    /// wager and its double, or a stack and the chips beside it, are taken in one movement,
    /// their chips last seen a look or two apart (held-out shift seed 54 at 553.5 s: space
    /// 5's split hand's $2 wager and $2 double collected together, written as two
    /// collections 0.27 s apart).
    fn taken_with(&self, kind: &EventKind, t: f64) -> Option<u64> {
        let key = |k: &EventKind| match *k {
            EventKind::Collect {
                space, hand, bet, ..
            } => Some((true, space, hand, bet)),
            EventKind::Return {
                space, hand, bet, ..
            } => Some((false, space, hand, bet)),
            _ => None,
        };
        let want = key(kind)?;
        self.pending
            .iter()
            .filter(|p| p.t > self.cleared_at && (p.t - t).abs() <= TAKEN_TOGETHER_S)
            .find(|p| key(&p.kind) == Some(want))
            .map(|p| p.seq)
    }

    /// Adds `amount` cents taken at `t` seconds to collection or return `seq`.
    fn take_too(&mut self, seq: u64, amount: i64, least: bool, t: f64) {
        self.amend(seq, |k| {
            if let EventKind::Collect {
                money, at_least, ..
            }
            | EventKind::Return {
                money, at_least, ..
            } = k
            {
                *money = Money::cents(money.amount + amount);
                *at_least |= least;
            }
        });
        if let Some(p) = self.pending.iter().find(|p| p.seq == seq)
            && p.t < t
        {
            self.retime(seq, t);
        }
    }

    /// True while some chip of the wager is in sight (or was, a moment ago), or lies under a
    /// card laid over it (shift seed 19 at 106 s: space 6's insurance bet, under its hit card,
    /// paid beside it and the payoff never read).
    pub(super) fn present(&self, s: &Stake) -> bool {
        s.tracks.iter().any(|id| {
            self.chips_under.contains(id)
                || self
                    .chips
                    .get(id)
                    .is_some_and(|n| self.now - n.seen_t <= PRESENT_S)
        }) || self.under_a_fan(s)
    }

    /// True when another wager of `s`'s space was fanned over `s`'s spot as its chips went
    /// out of sight: a chip of that fan came to rest on the spot (within [`UNDER`] of a
    /// chip's width) from a moment before they were last seen to [`FANNED_S`] after. The
    /// stack lies under the fan, not taken: a hand's double-down fanned where it stood runs
    /// over the tip bet beside the wager (08-11(16)(a); held-out shift seed 24 at 948 s:
    /// space 1's $2 tip under its double-down's fan, written collected, its payoff unread).
    /// So too when that fan, counted as it came to rest then, has a chip on the spot found
    /// again later as a track of its own (held-out shift seed 52 at 3079.3 s: the dealer's
    /// hand passed over the double-down's fan laying the tip's payoff, the fan found anew,
    /// and the $1 tip under it written collected).
    fn under_a_fan(&self, s: &Stake) -> bool {
        let last = s
            .tracks
            .iter()
            .filter_map(|id| self.chips.get(id).map(|n| n.seen_t))
            .fold(f64::NEG_INFINITY, f64::max);
        let then = last - 0.3..=last + FANNED_S;
        let other = |o: &Stake| !std::ptr::eq(o, s) && o.space == s.space && !o.closed;
        let chip_d = 2.0 * self.chip_radius(s.at).unwrap_or(f64::NAN);
        let fan_over = |o: &Stake| {
            o.fanned_t.is_some_and(|f| then.contains(&f))
                && o.fan.iter().any(|q| dist(*q, s.at) <= UNDER * chip_d)
        };
        last.is_finite()
            && (self.chips.values().any(|n| {
                n.stake
                    .is_some_and(|k| self.stakes.get(k).is_some_and(other))
                    && dist(n.rest, s.at) <= UNDER * 2.0 * n.radius
                    && then.contains(&n.rest_t)
            }) || self.stakes.iter().any(|o| other(o) && fan_over(o)))
    }
}
