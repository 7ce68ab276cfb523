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

use std::collections::HashMap;

use super::pitnet::{Seen, half_width};
use super::tracker::{Change, Track};
use super::yolo::Identity;
use crate::events::{Event, EventKind, Id, Target};
use crate::layout::{Layout, PixelPt, contains};

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
}

impl Default for ScribeConfig {
    fn default() -> ScribeConfig {
        ScribeConfig {
            settle_s: 0.25,
            still: 0.2,
            together_s: 0.5,
            judge_after_s: 3.6,
            reach: 1.0,
            split_move: 0.8,
            burn_reach: 0.3,
        }
    }
}

/// Where a placed card belongs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Spot {
    Space(u8),
    Dealer,
}

/// A card placed at a spot.
#[derive(Debug, Clone, Copy)]
struct Placed {
    spot: Spot,
    hand: u8,
    /// Where it came to rest, pixels.
    at: [f64; 2],
    /// When it came to rest, seconds.
    t: f64,
    /// The sequence number of its `card` event.
    event: u64,
    /// The sequence number of its `hole_card_turned` event, once turned.
    turned: Option<u64>,
}

/// What the scribe knows of one card track.
#[derive(Debug, Clone)]
struct CardNote {
    identity: Identity,
    corners: [[f64; 2]; 4],
    /// Where it came to rest, and since when.
    rest: [f64; 2],
    rest_t: f64,
    /// When it was last found, seconds.
    seen_t: f64,
    /// It has been seen face down.
    was_back: bool,
    /// When it turned face up before it was placed (a hole card turned at once).
    turned_t: Option<f64>,
    placed: Option<Placed>,
}

/// A placed card that went out of sight, waiting to be judged.
#[derive(Debug, Clone, Copy)]
struct Leaving {
    track: u64,
    /// When it was last seen, seconds.
    t: f64,
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
    /// Card backs seen by the discard holder: first and last time of the current sighting.
    burn_seen: Option<(f64, f64)>,
    /// Card backs seen flying to the discard holder, waiting to be judged: when last seen.
    burns: Vec<f64>,
    /// When placed cards were last seen before they went (kept a while): a card back seen
    /// flying to the discard holder then was one of them.
    went_at: Vec<f64>,
    /// Card backs seen in the last seconds away from every placed card (cards in flight):
    /// when and where.
    flying: Vec<(f64, [f64; 2])>,
    pending: Vec<Pending>,
    seq: u64,
    now: f64,
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
            burns: Vec::new(),
            went_at: Vec::new(),
            pending: Vec::new(),
            seq: 0,
            now: 0.0,
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
        self.now = t.max(self.now);
        for c in changes {
            self.change(c);
        }
        for tr in objects {
            if tr.is_card() {
                self.follow(tr);
            }
        }
        self.watch_discard(found);
        let out = self.judge(false);
        self.judge_burns(false);
        out
    }

    /// Ends the footage: `changes` are the tracker's last (its `finish`). Returns every event
    /// not yet returned, a round still open included.
    pub fn finish(&mut self, changes: &[Change]) -> Vec<Event> {
        for c in changes {
            self.change(c);
        }
        self.watch_discard(&[]);
        if let Some((_, last)) = self.burn_seen.take() {
            self.shoe_burn(last);
        }
        let mut out = self.judge(true);
        self.judge_burns(true);
        out.extend(self.release(f64::INFINITY));
        out
    }

    fn change(&mut self, c: &Change) {
        match c {
            Change::Appeared(tr) if tr.is_card() => {
                self.cards.insert(
                    tr.id,
                    CardNote {
                        identity: tr.identity,
                        corners: tr.corners,
                        rest: tr.centre,
                        // Still since its first find, unless it was moving then.
                        rest_t: if tr.velocity[0].hypot(tr.velocity[1]) * (tr.last - tr.first)
                            <= self.config.still * half_width(&tr.corners)
                        {
                            tr.first
                        } else {
                            tr.last
                        },
                        seen_t: tr.last,
                        was_back: tr.identity == Identity::CardBack,
                        turned_t: None,
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
                } else {
                    self.cards.remove(&tr.id);
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

    /// Follows a card on the felt: placed once it lies still near a zone; a placed card that
    /// comes to rest a card's width away is a split hand set apart.
    fn follow(&mut self, tr: &Track) {
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
        note.seen_t = tr.last;
        if dist(tr.centre, note.rest) > still * half {
            note.rest = tr.centre;
            note.rest_t = tr.last;
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
        if self.resume(id) {
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
        let Some(spot) = self
            .hand_near(rest, half_width(&corners))
            .or_else(|| self.spot_of(rest, half_width(&corners)))
        else {
            return;
        };
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
        let flew_face_down = flew.len() >= 2
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
            (Spot::Dealer, Some(c)) if was_back || flew_face_down => Some(c),
            _ => None,
        };
        let (rest_t, turned_t) = match flew.iter().copied().reduce(f64::max) {
            Some(last) if !was_back && turned.is_some() => (last + 0.1, Some(rest_t)),
            _ => (rest_t, turned_t),
        };
        let card = if turned.is_some() { None } else { card };
        let (target, rotated) = match spot {
            Spot::Dealer => {
                self.dealer.push(id);
                (Target::Dealer, None)
            }
            Spot::Space(s) => {
                let hands = &mut self.hands[usize::from(s)];
                let hi = nearest_hand(hands, &self.cards, rest);
                if hands.is_empty() {
                    hands.push(Vec::new());
                }
                let first = hands[hi].first().and_then(|f| self.cards.get(f));
                let rotated = first.map(|f| at_right_angle(&f.corners, &corners));
                hands[hi].push(id);
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
            rest_t,
            EventKind::Card {
                to: target,
                card,
                rotated,
            },
        );
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
                t: rest_t,
                event,
                turned,
            });
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
        let near = self.config.still * 3.0 * half_width(&note.corners).max(1.0);
        // Out of sight since before this card lay still: gone, or about to be.
        let old = self.cards.iter().find_map(|(&k, o)| {
            (k != id
                && o.seen_t < rest_t
                && o.placed.is_some_and(|p| dist(p.at, rest) <= near)
                && (o.identity == identity || o.identity == Identity::CardBack))
                .then_some(k)
        });
        let Some(old) = old else {
            return false;
        };
        self.leaving.retain(|l| l.track != old);
        let Some(mut note) = self.cards.remove(&old) else {
            return false;
        };
        let Some(placed) = note.placed.as_mut() else {
            return false;
        };
        if let (Identity::CardBack, Identity::Card(card), None) =
            (note.identity, identity, placed.turned)
        {
            if placed.spot == Spot::Dealer {
                placed.turned = Some(self.write(rest_t, EventKind::HoleCardTurned { card }));
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
        for slot in self.dealer.iter_mut().chain(self.hands.iter_mut().flatten().flatten()) {
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

    /// A placed player's card came to rest away from its hand: the pair was split and this
    /// card is the next hand at the space (08-09(2)(c)).
    fn set_apart(&mut self, id: u64) {
        let Some(note) = self.cards.get_mut(&id) else {
            return;
        };
        let rest = note.rest;
        let Some(p) = note.placed.as_mut() else {
            return;
        };
        let Spot::Space(s) = p.spot else {
            // A dealer's card straightened: still the dealer's.
            p.at = rest;
            return;
        };
        let hands = &mut self.hands[usize::from(s)];
        let hi = usize::from(p.hand).saturating_sub(1);
        let from_pair = hands.get(hi).is_some_and(|h| h.len() == 2 && h[1] == id);
        p.at = rest;
        if from_pair && hands.len() < usize::from(crate::events::MAX_HANDS) {
            hands[hi].pop();
            hands.push(vec![id]);
            p.hand = hands.len() as u8;
        }
    }

    /// Card backs by the discard holder that no placed card accounts for: a card burned from
    /// the shoe, seen on its way (08-08(3)).
    fn watch_discard(&mut self, found: &[Seen]) {
        let (shoe, discard) = (centroid(&self.layout.shoe), centroid(&self.layout.discard));
        let reach = self.config.burn_reach * dist(shoe, discard);
        // Face-down cards lying placed (a hole card) are no card in flight.
        let placed: Vec<[f64; 2]> = self
            .cards
            .values()
            .filter(|n| n.identity == Identity::CardBack)
            .filter_map(|n| n.placed.map(|p| p.at))
            .collect();
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

    fn shoe_burn(&mut self, at: f64) {
        self.burns.push(at);
    }

    /// Card backs that flew to the discard holder when no placed card went: burns from the
    /// shoe. A face-down card cleared from the table passes the same way.
    fn judge_burns(&mut self, all: bool) {
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

    /// Judges the cards gone long enough ago (all of them at the end); returns the events of
    /// rounds that ended.
    fn judge(&mut self, all: bool) -> Vec<Event> {
        let mut out = Vec::new();
        self.leaving.sort_by(|a, b| a.t.total_cmp(&b.t));
        while !self.leaving.is_empty() {
            let mut n = 1;
            while n < self.leaving.len()
                && self.leaving[n].t - self.leaving[n - 1].t <= self.config.together_s
            {
                n += 1;
            }
            let end = self.leaving[n - 1].t;
            if !all && self.now - end <= self.config.judge_after_s {
                break;
            }
            let group: Vec<Leaving> = self.leaving.drain(..n).collect();
            self.went_at.extend(group.iter().map(|l| l.t));
            if let Some(cleared) = self.judge_group(&group) {
                out.extend(self.release(cleared));
            }
        }
        out
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
        let stays = |id: &u64| before(id) && !went.contains(id) && !waiting.contains(id);
        let dealer_went = self.dealer.iter().any(|id| went.contains(id));
        if dealer_went && !self.dealer.iter().any(stays) {
            // 08-11(17): the dealer's cards and every card left go together: the round is over.
            self.write(end, EventKind::CardsCleared { space: None });
            let old: Vec<u64> = self
                .dealer
                .iter()
                .chain(self.hands.iter().flatten().flatten())
                .copied()
                .filter(|id| before(id) || went.contains(id))
                .collect();
            self.forget(&old);
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
            match spot {
                Spot::Space(s) if !left && ls.len() >= 2 => {
                    let t = ls.iter().map(|l| l.t).fold(f64::MIN, f64::max);
                    self.write(t, EventKind::CardsCleared { space: Some(s) });
                }
                _ => {
                    for l in &ls {
                        let hand = self
                            .cards
                            .get(&l.track)
                            .and_then(|n| n.placed)
                            .map_or(1, |p| p.hand.max(1));
                        let from = match spot {
                            Spot::Dealer => Target::Dealer,
                            Spot::Space(space) => Target::Hand { space, hand },
                        };
                        self.write(
                            l.t,
                            EventKind::Burn {
                                card: None,
                                from: Some(from),
                            },
                        );
                    }
                }
            }
        }
        self.forget(&went);
        None
    }

    /// Takes cards off the table.
    fn forget(&mut self, ids: &[u64]) {
        self.dealer.retain(|id| !ids.contains(id));
        for space in &mut self.hands {
            for hand in space.iter_mut() {
                hand.retain(|id| !ids.contains(id));
            }
            while space.last().is_some_and(Vec::is_empty) {
                space.pop();
            }
        }
        for id in ids {
            self.cards.remove(id);
        }
    }

    /// The space of the player's card placed nearest `p`, when one lies within a card and a
    /// half: a card dealt onto a hand, wherever the hand was set out (split hands spread
    /// toward the next space).
    fn hand_near(&self, p: [f64; 2], half: f64) -> Option<Spot> {
        let reach = 3.2 * half.max(1.0);
        self.cards
            .values()
            .filter_map(|n| n.placed)
            .filter(|pl| matches!(pl.spot, Spot::Space(_)))
            .map(|pl| (pl.spot, dist(pl.at, p)))
            .filter(|(_, d)| *d <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(s, _)| s)
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

    fn write(&mut self, t: f64, kind: EventKind) -> u64 {
        self.seq += 1;
        self.pending.push(Pending {
            t: t.max(0.0),
            seq: self.seq,
            kind,
        });
        self.seq
    }

    fn amend(&mut self, seq: u64, f: impl FnOnce(&mut EventKind)) {
        if let Some(p) = self.pending.iter_mut().find(|p| p.seq == seq) {
            f(&mut p.kind);
        }
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

/// Seconds before a card lies still in which card backs seen in flight may have been it.
const FLIGHT_S: f64 = 2.0;

/// The hand at a space whose last card lies nearest `p` (0 when the space has none).
fn nearest_hand(hands: &[Vec<u64>], cards: &HashMap<u64, CardNote>, p: [f64; 2]) -> usize {
    hands
        .iter()
        .enumerate()
        .filter_map(|(i, h)| {
            let last = cards.get(h.last()?)?;
            let at = last.placed.map_or(last.rest, |pl| pl.at);
            Some((i, dist(at, p)))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(0, |(i, _)| i)
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

/// The mean of a polygon's corners, pixels.
fn centroid(poly: &[[f64; 2]]) -> [f64; 2] {
    let n = poly.len().max(1) as f64;
    let (x, y) = poly.iter().fold((0.0, 0.0), |a, p| (a.0 + p[0], a.1 + p[1]));
    [x / n, y / n]
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// Distance from a pixel to a polygon: 0 inside, else to its nearest edge.
fn poly_dist(poly: &[[f64; 2]], p: [f64; 2]) -> f64 {
    if poly.len() < 3 || contains(poly, PixelPt { x: p[0], y: p[1] }) {
        return if poly.len() < 3 { f64::INFINITY } else { 0.0 };
    }
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
