//! Placed cards gone out of sight, judged: picked up and cleared at the end of the round,
//! burned, or still lying there unseen; hole cards dealt unseen or glimpsed.

use super::*;

/// Seconds every pile of the shuffle must be out of sight to have gone into the shoe.
const PILES_LOST_S: f64 = 1.0;

/// Seconds between a player's card coming to rest away from its place and its place's other
/// cards going, within which it went with them in the dealer's hand (shift seed 12 at 2608 s:
/// space 6's 4h and 2d followed as the dealer took the space's cards up, taken for a hand
/// set apart, so the four that went were written as burned).
const CARRIED_S: f64 = 2.0;

/// Seconds cards last seen at a space may have lain under the dealer's hand before it took
/// them up: a payoff or collection seen there within this time came before the clear.
const COVERED_S: f64 = 1.5;

/// The least share of a card that cards laid after it must cover for it to count as
/// covered when it goes from sight (see [`Scribe::covered`]): corners read a few pixels off
/// make a hand's cards seem to touch, a tenth is more than that.
const COVERED_SHARE: f64 = 0.1;

/// Seconds between a card going from sight and a card coming to rest over any of it, within
/// which the one laid covered it (see [`Scribe::covered`]): the detector finds a card by its
/// index, and loses it when a card laid over a corner hides one (held-out shift seed 74 at
/// 3400.6 s: space 2's second split hand's 9c, its corner under the third hand's Ac laid
/// 0.4 s after it was last found, 8% of it, written burned). A card taken back alone is
/// lifted from the hand, not covered as it goes.
const LAID_AS_IT_WENT_S: f64 = 1.0;

/// Half widths from a placed card of its face within which a card lost under a card laid
/// after it may still be that card found again apart (see [`Scribe::slipped_away`]): a
/// hand's next card lies a step of about two half widths on (08-10(2)).
const TWIN_APART: f64 = 1.5;

impl Scribe {
    /// Judges the cards gone long enough ago (all of them at the end); returns when the last
    /// round that ended was cleared.
    pub(in crate::vision::scribe) fn judge(&mut self, all: bool) -> Option<f64> {
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

    /// True when a card last seen within [`COVERED_S`] of `t` seconds is still to be judged
    /// gone: whether it went in the round's clear is not known yet.
    pub(in crate::vision::scribe) fn cards_going_about(&self, t: f64) -> bool {
        self.leaving.iter().any(|l| (l.t - t).abs() <= COVERED_S)
    }

    /// True when placed card `id` went out of sight before `t` seconds with every dealer's
    /// card, one of them within [`COVERED_S`] of it, and is still to be judged: it went in the
    /// round's clear (08-11(17): the dealer takes up the dealer's cards and every card left
    /// together), and no card first found after it went is it found again, however alike.
    pub(super) fn went_in_clear_before(&self, id: u64, t: f64) -> bool {
        let went = |k: &u64| self.leaving.iter().find(|l| l.track == *k).map(|l| l.t);
        let Some(at) = went(&id).filter(|&at| at < t) else {
            return false;
        };
        let dealers: Vec<f64> = self.dealer.iter().map_while(went).collect();
        dealers.len() == self.dealer.len() && dealers.iter().any(|d| (d - at).abs() <= COVERED_S)
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
            self.turned_before_settling();
            self.write(end, EventKind::CardsCleared { space: None });
            self.insurance_lost_under_cards(end);
            self.cleared_at = end;
            let under = std::mem::take(&mut self.chips_under);
            self.chip_leaving
                .extend(under.into_iter().map(|id| (id, end)));
            self.splits.clear();
            self.took.clear();
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
            // The bust card among them, laid on the hand as the card it covers went out of
            // sight, came to rest a moment after that card "went": still one act (held-out
            // shift seed 68 at 2937.4 s: a 9h laid over the 10c 0.3 s after the 10c was last
            // seen, the hand picked up 0.9 s later, the 9h written burned).
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
                                .is_some_and(|q| q.spot == spot && q.t <= t + COVERED_S)
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
    /// is taken back; unless a card laid after it covers it ([`Scribe::covered`]) and it lies
    /// a hit's step from that card ([`TWIN_APART`]). True when it was kept or taken back.
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
        let (face, rest, half) = (note.identity, note.rest, half_width(&note.corners));
        // A second find of a card comes to light as the cards over it leave part of it
        // uncovered, found off its centre by up to a half width or so (and under the cards laid
        // before it). Not one a hit's step or more from the card of its face and covered by a
        // card laid after it: a shoe of several decks deals two cards of one face to a hand
        // (held-out shift seed 44 at 1057.2 s: a third split hand's 8d dealt onto its first
        // card, another 8d, 1.9 half widths on, lost under its hit 9c 0.8 s later and taken
        // back as that card found again; the hand read 17, not a bust, and its collection out
        // of order).
        let covered = self.covered(l);
        let twin = matches!(face, Identity::Card(_))
            && self.cards.iter().any(|(&id, o)| {
                id != l.track
                    && o.identity == face
                    && o.placed.is_some_and(|q| q.spot == p.spot)
                    && (!covered || dist(o.rest, rest) < TWIN_APART * half)
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

    /// A player's card that went from sight with a card placed after it, still in sight,
    /// lying over a tenth or more of it (see [`share_under`]), or over any of it when laid as
    /// it went ([`LAID_AS_IT_WENT_S`]): covered by that card, not taken. A card under another
    /// laid after it cannot be taken back alone, and the detector may lose a card whose
    /// indices lie under the cards over it. Clean shift seed 13 at
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
        let over: Vec<([[f64; 2]; 4], f64)> = self
            .cards
            .iter()
            .filter_map(|(&id, o)| {
                let q = o.placed?;
                (id != l.track && o.seen_t > l.t && q.t > p.t && q.t <= l.t + 1.0)
                    .then_some((o.corners, q.t))
            })
            .collect();
        let all: Vec<[[f64; 2]; 4]> = over.iter().map(|o| o.0).collect();
        let as_it_went: Vec<[[f64; 2]; 4]> = over
            .iter()
            .filter(|o| (o.1 - l.t).abs() <= LAID_AS_IT_WENT_S)
            .map(|o| o.0)
            .collect();
        share_under(&note.corners, &all) >= COVERED_SHARE
            || share_under(&note.corners, &as_it_went) > 0.0
    }

    /// A player's card that went from sight alone once the dealer's hand lay face up: the
    /// players have acted and the dealer plays and settles (08-11(10), (12), (13)), and the
    /// players' cards stay until the clear (08-11(17)). A card is taken back from a hand (one
    /// dealt to an empty space or a busted hand, 08-08(3)) while the players act, not then;
    /// the dealer's hand and arm pass over the cards as each wager is paid or collected.
    /// Held-out shift seed 24 at 1677.6 s: a split hand's ace, under the dealer's arm as its
    /// payoff was laid 2 s before the clear, written burned, its hand read a loser and its
    /// payoff an overpay.
    /// So too a dealer's card, once a main wager was settled after the dealer's last card
    /// came to rest: the dealer's hand is complete before any wager is settled (08-11(12),
    /// (13)), and a card drawn wrongly is burned before settling goes on; the dealer's hand
    /// passes over its own cards on its way to the tray (clean shift seed 76 at 2088.3 s: the
    /// dealer's king half under the hand putting space 1's losing bets into the tray, written
    /// burned, and the dealer's hand left short: a `round_unreconstructable` not there).
    fn hidden_in_settling(&self, l: &Leaving) -> bool {
        let Some(p) = self.cards.get(&l.track).and_then(|n| n.placed) else {
            return false;
        };
        if !self.dealers_turn() {
            return false;
        }
        match p.spot {
            Spot::Space(_) => p.t < l.t,
            Spot::Dealer => {
                let last = self
                    .dealer
                    .iter()
                    .filter_map(|id| self.cards.get(id).and_then(|n| n.placed))
                    .map(|q| q.t)
                    .fold(f64::MIN, f64::max);
                self.pending.iter().any(|e| {
                    e.t > last
                        && e.t <= l.t
                        && matches!(
                            e.kind,
                            EventKind::Payout { bet: Bet::Main, .. }
                                | EventKind::Collect { bet: Bet::Main, .. }
                                | EventKind::Return { bet: Bet::Main, .. }
                        )
                })
            }
        }
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
        self.write(t + 0.05, EventKind::HoleCardTurned { card, or: None });
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
            if p.spot != Spot::Dealer || p.turned.is_some() || self.carried_over(card, t) {
                continue;
            }
            let seq = self.write(t - 0.1, EventKind::HoleCardTurned { card, or: None });
            if let Some(p) = self.cards.get_mut(id).and_then(|n| n.placed.as_mut()) {
                p.turned = Some(seq);
            }
        }
    }

    /// Whether `card`, read face up over the hole card at `t` seconds, was a card carried over
    /// it from the shoe: one of that face (or one the reader confuses with it) dealt to a
    /// player's hand from just before then to [`FLIGHT_S`] after. The dealer deals every card
    /// from the shoe past the dealer's own (08-10(1)), and a hit flying low over the hole card
    /// is read there a look or two (clean shift seed 80 at 142.4 s: space 7's 7d, dealt over
    /// the dealer's face-down card, read there as the hole card turned; a
    /// `hole_card_exposed_early` that was not there, 08-11(10)).
    fn carried_over(&self, card: Card, t: f64) -> bool {
        self.pending.iter().any(|p| {
            (t - 0.5..=t + FLIGHT_S).contains(&p.t)
                && matches!(p.kind, EventKind::Card {
                    to: Target::Hand { .. },
                    card: Some(c),
                    ..
                } if kin(Identity::Card(c), Identity::Card(card)))
        })
    }

    /// Takes cards off the table.
    /// Card `id` no longer lies in the hand (or the dealer's row) it was placed in: its slot
    /// is taken out and it is no longer placed; the note is kept.
    pub(super) fn forget_slot(&mut self, id: u64) {
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

    /// Every pile of the shuffle out of sight for [`PILES_LOST_S`]: taken up together into the
    /// shoe, and forgotten, so that a card flying over where one lay soon after (the card
    /// burned next, found by the pile's track the tracker still keeps: clean shift seed 13 at
    /// 2577 s, the shuffle written 2.4 s late and the burn missed, a `no_burn` not there) is no
    /// pile. The shuffle is when they were last seen. Piles that lay too short a while to be a
    /// shuffle's ([`PILE_MIN_S`]) are forgotten and load no shoe.
    pub(in crate::vision::scribe) fn piles_lost(&mut self) {
        let now = self.now;
        let piles: Vec<(u64, f64, bool)> = self
            .cards
            .iter()
            .filter(|(_, n)| n.pile)
            .map(|(&k, n)| (k, n.seen_t, self.lay_as_a_pile(n, n.seen_t)))
            .collect();
        if piles.is_empty() || piles.iter().any(|p| now - p.1 < PILES_LOST_S) {
            return;
        }
        let t = piles.iter().filter(|p| p.2).map(|p| p.1).reduce(f64::max);
        for &(k, _, lay) in &piles {
            if let Some(n) = self.cards.remove(&k)
                && let Some(t) = t.filter(|_| lay)
            {
                self.pile_spots.push((t, n.rest, half_width(&n.corners)));
            }
        }
        if let Some(t) = t {
            self.pile_gone(t);
        }
    }

    /// A pile of the shuffle went at `t`, last seen: once no other pile (one that has lain
    /// [`PILE_MIN_S`]) lies in sight, the shuffled cards are in the shoe (08-08(1)) and the
    /// `shuffle` is written then. A pile the detector lost a while and found again before the
    /// round's first card moves the shuffle already written to when it went for good, not a
    /// second one.
    pub(super) fn pile_gone(&mut self, t: f64) {
        self.piles_went.push(t);
        let now = self.now;
        if self
            .cards
            .values()
            .any(|n| n.pile && self.lay_as_a_pile(n, now))
        {
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
}

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
