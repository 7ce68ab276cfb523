//! The table's scene over time, rebuilt from the table-event log: every card and chip stack on
//! the felt, where it is at any moment (table centimetres), and where the dealer's hand is.
//!
//! An event's time is when its action is complete: a card dealt at `t` leaves the shoe at
//! `t - MOVE` and lands at `t`; chips collected at `t` reach the tray at `t`. Pure: the renderer
//! and the annotation writer ask the scene what is where at a frame's time.

use crate::events::{Bet, Cents, Event, EventKind, Money, Target, WagerKind};
use crate::layout::{
    CARD_H, CARD_W, CHIP_D, Placement, Spread, TableDesign, TablePt, fewest_chips,
};
use crate::rules::cards::Card;

/// Seconds an object takes to travel (shoe to spot, spot to tray...).
pub const MOVE: f64 = 0.45;

/// Seconds a shuffle takes at the table (08-08(1)): the shoe's cards lie before the dealer in
/// two piles for most of it, and go into the shoe at its end (the `shuffle` event's time).
pub const SHUFFLE_S: f64 = 20.0;

/// Where the two piles of a shuffle lie: table centimetres either side of the middle of the
/// dealer's card spot, clear of where the dealer's cards go.
const PILE_X: f64 = 14.0;

/// What an object is.
#[derive(Debug, Clone, PartialEq)]
pub enum Thing {
    /// A playing card.
    Card {
        /// The card (known to the scene even while face down).
        card: Option<Card>,
        /// From this time on it lies face up (`INFINITY`: never).
        face_up_from: f64,
    },
    /// Chips: denominations in cents, bottom first, and how they lie.
    Chips {
        /// Each chip's value, cents, bottom first.
        values: Vec<Cents>,
        /// From this time on they lie fanned out for the camera (08-11(16)(a)), in this
        /// direction; before it, stacked (`INFINITY`: always stacked).
        fanned_from: f64,
        /// The way they fan.
        fan: Fan,
    },
}

/// How chips lie: stacked, or fanned in a row toward one side of the space.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fan {
    /// One on another, leaning a little.
    Stacked,
    /// In a row to the dealer's right of where they were placed (a payoff).
    Right,
    /// In a row to the dealer's left (a player's wager, fanned beside its payoff).
    Left,
    /// In a row toward the dealer (08-11(16)(a) lets the dealer fan either toward the side or
    /// toward the dealer): split hands' wagers and payoffs, which lie side by side and would run
    /// into each other fanned to a side, the wager next to them, and chips with no room at
    /// their side.
    Toward,
    /// In a row away from the dealer: the payoff of a split hand lying close to the next
    /// ([`Spread::Close`]), on the player's side of its wager.
    Away,
}

/// A point on an object's path.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Key {
    /// Time, seconds into the footage.
    pub t: f64,
    /// Where the object is then.
    pub at: Placement,
}

/// One card or chip stack, with its path over the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Object {
    /// Order of appearance (later objects lie on top).
    pub id: u32,
    /// What it is.
    pub thing: Thing,
    /// Its path; before the first key it is not on the table.
    pub keys: Vec<Key>,
    /// When it leaves the table (`INFINITY`: never).
    pub gone: f64,
    /// The betting space it belongs to (0: the dealer's or none).
    pub space: u8,
    /// The hand at the space (0: none).
    pub hand: u8,
}

impl Object {
    /// Where the object is at `t`, or `None` when it is not on the table.
    pub fn at(&self, t: f64) -> Option<Placement> {
        let first = self.keys.first()?;
        if t < first.t || t >= self.gone {
            return None;
        }
        let i = self.keys.partition_point(|k| k.t <= t);
        if i >= self.keys.len() {
            return Some(self.keys[self.keys.len() - 1].at);
        }
        let (a, b) = (self.keys[i - 1], self.keys[i]);
        let f = ease((t - a.t) / (b.t - a.t).max(1e-9));
        Some(Placement {
            at: a.at.at.lerp(b.at.at, f),
            angle: a.at.angle + (b.at.angle - a.at.angle) * f,
        })
    }

    /// How its chips lie at `t` (`Fan::Stacked` for a card).
    pub fn fan(&self, t: f64) -> Fan {
        match self.thing {
            Thing::Chips {
                fanned_from, fan, ..
            } if t >= fanned_from => fan,
            _ => Fan::Stacked,
        }
    }

    /// True while the object travels at `t`.
    pub fn moving(&self, t: f64) -> bool {
        let i = self.keys.partition_point(|k| k.t <= t);
        i > 0 && i < self.keys.len() && self.keys[i].at.at.dist(self.keys[i - 1].at.at) > 0.5
    }

    /// For a card, whether its face shows at `t`.
    pub fn face_up(&self, t: f64) -> bool {
        matches!(self.thing, Thing::Card { face_up_from, .. } if t >= face_up_from)
    }
}

/// One trip of the dealer's hand: from `from` at `t0` to `to` at `t1`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Trip {
    /// Start, seconds.
    pub t0: f64,
    /// End, seconds.
    pub t1: f64,
    /// Where the hand picks up.
    pub from: TablePt,
    /// Where it puts down.
    pub to: TablePt,
}

/// The whole scene.
#[derive(Debug, Clone, Default)]
pub struct Scene {
    /// Every object that was ever on the table, in order of appearance.
    pub objects: Vec<Object>,
    /// The dealer's hand's trips, in time order.
    pub trips: Vec<Trip>,
    /// Times at which the dealer changed (a new dealer's look from then on).
    pub dealer_changes: Vec<f64>,
    /// Time of the last event.
    pub end: f64,
}

fn ease(f: f64) -> f64 {
    let f = f.clamp(0.0, 1.0);
    f * f * (3.0 - 2.0 * f)
}

/// Denominations making up `money`, largest first: the chips the log names, or the fewest
/// regulation chips that make the amount.
pub fn chip_values(money: &Money) -> Vec<Cents> {
    let mut v = Vec::new();
    if let Some(chips) = &money.chips {
        for &(d, n) in chips.0.iter().rev() {
            for _ in 0..n.min(40) {
                v.push(d);
            }
        }
        if !v.is_empty() {
            return v;
        }
    }
    let mut v = fewest_chips(money.amount);
    v.truncate(40);
    v
}

#[derive(Default)]
struct SpaceObjs {
    hands: Vec<Vec<usize>>,
    bets: Vec<usize>,
    /// Those of `bets` and `tip` that are double-down wagers.
    doubles: Vec<usize>,
    tip: Vec<usize>,
    insurance: Vec<usize>,
}

struct Builder<'a> {
    design: &'a TableDesign,
    scene: Scene,
    spaces: Vec<SpaceObjs>,
    dealer: Vec<usize>,
    /// For each round, the spaces whose split hands lie close, and how ([`close_spreads`]).
    spreads: Vec<Vec<(u8, Spread)>>,
    /// The round being laid out: how many rounds have ended (all cards cleared) before it.
    round: usize,
}

/// For each round of `events` (ended by clearing all cards), the spaces split into three or
/// four hands while the space to their right is in play, and how their hands lie: there the
/// dealer lays the hands close ([`Spread::Close`]), within the space (08-11(3)(a)), not over
/// the next player's cards and wager. A dealer who splits a third hand lays it where it fits;
/// the scene, laid out from the whole log, lays every hand of that space so from the first
/// split on.
fn close_spreads(events: &[Event]) -> Vec<Vec<(u8, Spread)>> {
    let end = |hands: &mut Vec<(u8, u8)>, in_play: &[u8]| -> Vec<(u8, Spread)> {
        hands
            .drain(..)
            .filter(|&(s, n)| n >= 3 && in_play.contains(&(s + 1)))
            .map(|(s, n)| (s, Spread::Close(n)))
            .collect()
    };
    let mut rounds = Vec::new();
    let (mut in_play, mut hands): (Vec<u8>, Vec<(u8, u8)>) = (Vec::new(), Vec::new());
    for e in events {
        match &e.kind {
            EventKind::Wager {
                space,
                kind: WagerKind::Original,
                ..
            } => in_play.push(*space),
            EventKind::Card {
                to: Target::Hand { space, hand },
                ..
            } => match hands.iter_mut().find(|h| h.0 == *space) {
                Some(h) => h.1 = h.1.max(*hand),
                None => hands.push((*space, *hand)),
            },
            EventKind::CardsCleared { space: None } => {
                rounds.push(end(&mut hands, &in_play));
                in_play.clear();
            }
            _ => {}
        }
    }
    rounds.push(end(&mut hands, &in_play));
    rounds
}

/// How far apart, in chip widths, the dealer keeps one space's chips from another's, centre
/// to centre: half a width of felt between them, so that two fans never run on into one.
const APART: f64 = 1.5;

impl Builder<'_> {
    /// True when chips object `id`, fanned `way` where it lies at `t`, covers no other chip
    /// and no card lying on the table then (each chip's disc against each chip's disc and each
    /// card's rectangle), and lies [`APART`] from another space's chips.
    fn clear_of(&self, id: usize, way: Fan, t: f64) -> bool {
        let objs = &self.scene.objects;
        let (Some(p), Thing::Chips { values, .. }) = (objs[id].at(t), &objs[id].thing) else {
            return true;
        };
        let mine = chip_positions(p, values.len(), way);
        let space = objs[id].space;
        objs.iter().enumerate().all(|(i, o)| {
            let Some(q) = o.at(t).filter(|_| i != id && !o.moving(t)) else {
                return true;
            };
            let apart = if o.space == space { 1.0 } else { APART };
            match &o.thing {
                Thing::Chips { values, .. } => chip_positions(q, values.len(), o.fan(t))
                    .into_iter()
                    .all(|c| mine.iter().all(|m| m.dist(c) >= apart * CHIP_D)),
                Thing::Card { .. } => mine.iter().all(|m| !chip_on_card(*m, q)),
            }
        })
    }

    fn add(&mut self, thing: Thing, keys: Vec<Key>, space: u8, hand: u8) -> usize {
        let id = self.scene.objects.len();
        self.scene.objects.push(Object {
            id: id as u32,
            thing,
            keys,
            gone: f64::INFINITY,
            space,
            hand,
        });
        id
    }

    fn trip(&mut self, t: f64, from: TablePt, to: TablePt) {
        self.scene.trips.push(Trip {
            t0: t - MOVE,
            t1: t,
            from,
            to,
        });
    }

    /// Moves an object to `to` over the `MOVE` seconds before `t`, and takes it off the table
    /// at `t` if `leave`.
    fn move_to(&mut self, id: usize, t: f64, to: Placement, leave: bool) {
        let o = &mut self.scene.objects[id];
        if o.gone <= t {
            return;
        }
        let Some(now) = o.at(t - MOVE) else {
            return;
        };
        o.keys.retain(|k| k.t <= t - MOVE);
        o.keys.push(Key {
            t: t - MOVE,
            at: now,
        });
        o.keys.push(Key { t, at: to });
        if leave {
            o.gone = t;
        }
    }

    /// How the split hands of space `s` lie this round.
    fn spread(&self, s: u8) -> Spread {
        self.spreads
            .get(self.round)
            .and_then(|r| r.iter().find(|x| x.0 == s))
            .map_or(Spread::Wide, |x| x.1)
    }

    fn space(&mut self, s: u8) -> &mut SpaceObjs {
        let i = usize::from(s);
        if self.spaces.len() <= i {
            self.spaces.resize_with(i + 1, SpaceObjs::default);
        }
        &mut self.spaces[i]
    }

    #[allow(clippy::too_many_arguments)]
    fn chips(
        &mut self,
        money: &Money,
        fanned: bool,
        from: Placement,
        to: Placement,
        t: f64,
        space: u8,
        hand: u8,
    ) -> usize {
        let values = chip_values(money);
        let fanned_from = if fanned {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        self.add(
            Thing::Chips {
                values,
                fanned_from,
                fan: Fan::Right,
            },
            vec![
                Key {
                    t: t - MOVE,
                    at: from,
                },
                Key { t, at: to },
            ],
            space,
            hand,
        )
    }

    fn bet_ids(&mut self, space: u8, hand: u8, bet: Bet) -> Vec<usize> {
        let sp = self.space(space);
        let ids = match bet {
            Bet::Main => sp.bets.clone(),
            Bet::Tip => sp.tip.clone(),
            Bet::Insurance => sp.insurance.clone(),
        };
        let objs = &self.scene.objects;
        ids.into_iter()
            .filter(|&i| bet != Bet::Main || objs[i].hand == hand || hand == 0)
            .collect()
    }

    /// The chips a collection of `amount` takes: the bet's, less its double-down wagers when
    /// the amount leaves them out. On a dealer's natural the original wager is collected and
    /// the double voided and handed back (08-11(10)(e)): the double lies until it is returned.
    fn collected(&mut self, space: u8, hand: u8, bet: Bet, amount: Cents) -> Vec<usize> {
        let ids = self.bet_ids(space, hand, bet);
        let objs = &self.scene.objects;
        let worth = |i: &usize| match &objs[*i].thing {
            Thing::Chips { values, .. } => values.iter().sum::<Cents>(),
            Thing::Card { .. } => 0,
        };
        if ids.iter().map(worth).sum::<Cents>() <= amount {
            return ids;
        }
        let doubles = &self.spaces[usize::from(space)].doubles;
        ids.into_iter().filter(|i| !doubles.contains(i)).collect()
    }

    fn apply(&mut self, ev: &Event) {
        let t = ev.t;
        let d = self.design;
        let here = |p: TablePt| Placement { at: p, angle: 0.0 };
        let discard = here(d.discard().0);
        let mouth = here(d.shoe_mouth());
        match &ev.kind {
            EventKind::Shuffle => self.shuffle(t),
            EventKind::Cut => {}
            EventKind::DealerChange { .. } => self.scene.dealer_changes.push(t),
            // The simulator films twenty-one only.
            EventKind::Button { .. }
            | EventKind::Post { .. }
            | EventKind::Bet { .. }
            | EventKind::Check { .. }
            | EventKind::Fold { .. }
            | EventKind::Board { .. }
            | EventKind::Show { .. }
            | EventKind::Pot { .. } => {}
            EventKind::Burn { from: None, .. } => {
                let back = Thing::Card {
                    card: None,
                    face_up_from: f64::INFINITY,
                };
                let id = self.add(
                    back,
                    vec![
                        Key {
                            t: t - MOVE,
                            at: mouth,
                        },
                        Key { t, at: discard },
                    ],
                    0,
                    0,
                );
                self.scene.objects[id].gone = t;
                self.trip(t, mouth.at, discard.at);
            }
            EventKind::Burn {
                from: Some(target), ..
            } => {
                let id = match target {
                    Target::Dealer => self.dealer.pop(),
                    Target::Hand { space, hand } => self
                        .space(*space)
                        .hands
                        .get_mut(usize::from(*hand).saturating_sub(1))
                        .and_then(|h| h.pop()),
                };
                if let Some(id) = id {
                    let from = self.scene.objects[id]
                        .at(t - MOVE)
                        .map_or(mouth.at, |p| p.at);
                    self.move_to(id, t, discard, true);
                    self.trip(t, from, discard.at);
                }
            }
            EventKind::Card {
                to, card, rotated, ..
            } => {
                let face_up_from = if card.is_some() {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                };
                let (place, space, hand) = match to {
                    Target::Dealer => (d.dealer_card(self.dealer.len()), 0, 0),
                    Target::Hand { space, hand } => {
                        let sp = self.space(*space);
                        let hi = usize::from(*hand).max(1) - 1;
                        if sp.hands.len() <= hi {
                            sp.hands.resize_with(hi + 1, Vec::new);
                        }
                        let n = sp.hands[hi].len();
                        let split = sp.hands.len() > 1;
                        let spread = self.spread(*space);
                        let place = match (rotated, split) {
                            (Some(true), true) => d.card_across(*space, *hand, n, spread),
                            _ => d.card_spread(*space, *hand, n, *rotated == Some(true), spread),
                        };
                        (place, *space, *hand)
                    }
                };
                let start = Placement {
                    at: mouth.at,
                    angle: 0.0,
                };
                let id = self.add(
                    Thing::Card {
                        card: *card,
                        face_up_from,
                    },
                    vec![
                        Key {
                            t: t - MOVE,
                            at: start,
                        },
                        Key { t, at: place },
                    ],
                    space,
                    hand,
                );
                match to {
                    Target::Dealer => self.dealer.push(id),
                    Target::Hand { space, hand } => {
                        let hi = usize::from(*hand).max(1) - 1;
                        self.space(*space).hands[hi].push(id);
                    }
                }
                self.trip(t, mouth.at, place.at);
            }
            EventKind::HoleCardTurned { card, .. } => {
                let objs = &mut self.scene.objects;
                if let Some(&id) = self.dealer.iter().find(|&&i| {
                    matches!(objs[i].thing, Thing::Card { face_up_from, .. } if face_up_from.is_infinite() && face_up_from > 0.0)
                }) {
                    objs[id].thing = Thing::Card {
                        card: Some(*card),
                        face_up_from: t,
                    };
                    let at = objs[id].at(t).map_or(mouth.at, |p| p.at);
                    self.scene.trips.push(Trip { t0: t - MOVE, t1: t, from: at, to: at });
                }
            }
            EventKind::Wager {
                space,
                hand,
                kind,
                money,
                ..
            } => {
                let (s, h) = (*space, (*hand).max(1));
                let spread = self.spread(s);
                let spot = match kind {
                    WagerKind::Original => d.bet(s, 1),
                    WagerKind::Split => {
                        // The split hand's second card moves to the new hand beside it.
                        let sp = self.space(s);
                        let new = sp.hands.len() + 1;
                        let moved = sp
                            .hands
                            .get_mut(usize::from(h) - 1)
                            .and_then(|cards| if cards.len() >= 2 { cards.pop() } else { None });
                        if let Some(id) = moved {
                            self.space(s).hands.push(vec![id]);
                            let to = d.card_spread(s, new as u8, 0, false, spread);
                            self.scene.objects[id].hand = new as u8;
                            self.move_to(id, t, to, false);
                        }
                        // Hands laid close: parting the pair, the dealer moves the first
                        // card to the left too, making room across the space for the rest.
                        if new == 2 && matches!(spread, Spread::Close(_)) {
                            let first = self.space(s).hands.first().and_then(|h| h.first());
                            if let Some(&id) = first {
                                let to = d.card_spread(s, 1, 0, false, spread);
                                self.move_to(id, t, to, false);
                            }
                        }
                        d.bet_spread(s, new as u8, spread)
                    }
                    WagerKind::Double => d.double(s, h, spread),
                    WagerKind::Tip | WagerKind::TipDouble => d.tip(s),
                    WagerKind::Insurance => d.insurance(s),
                };
                let bet_hand = match kind {
                    WagerKind::Split => self.space(s).hands.len() as u8,
                    _ => h,
                };
                let from = here(d.player_side(s));
                let turn = d.space_turn(s);
                let id = self.chips(
                    money,
                    false,
                    from,
                    Placement {
                        at: spot,
                        angle: turn,
                    },
                    t,
                    s,
                    bet_hand,
                );
                let sp = self.space(s);
                match kind {
                    WagerKind::Tip => sp.tip.push(id),
                    WagerKind::TipDouble => {
                        sp.tip.push(id);
                        sp.doubles.push(id);
                    }
                    WagerKind::Insurance => sp.insurance.push(id),
                    WagerKind::Double => {
                        sp.bets.push(id);
                        sp.doubles.push(id);
                    }
                    _ => sp.bets.push(id),
                }
            }
            EventKind::Collect {
                space,
                hand,
                bet,
                money,
                ..
            } => {
                let ids = self.collected(*space, *hand, *bet, money.amount);
                let tray = here(d.tray().0);
                for &id in &ids {
                    let to = match &self.scene.objects[id].thing {
                        Thing::Chips { values, .. } => {
                            here(d.tray_slot(values.first().copied().unwrap_or(100)))
                        }
                        _ => tray,
                    };
                    let from = self.scene.objects[id]
                        .at(t - MOVE)
                        .map_or(tray.at, |p| p.at);
                    self.move_to(id, t, to, true);
                    self.trip(t, from, to.at);
                }
            }
            EventKind::Payout {
                space,
                hand,
                bet,
                money,
                fanned,
                ..
            } => {
                let (s, h) = (*space, (*hand).max(1));
                let spread = self.spread(s);
                let close = matches!(spread, Spread::Close(_));
                let spot = match bet {
                    Bet::Main => d.payout(s, h, spread),
                    Bet::Tip => d.tip(s).offset(-CHIP_D * 1.2, 0.0),
                    Bet::Insurance => d.insurance(s).offset(CHIP_D * 1.2, 0.0),
                };
                // 08-11(16)(a): the wagered chips are fanned first, the payoff beside them.
                let fan_first = if *bet == Bet::Main {
                    self.bet_ids(s, h, *bet)
                } else {
                    Vec::new()
                };
                // Split hands lie side by side, a hand's payoff against the next hand's wager:
                // there every payoff, and the wager of every hand but the leftmost, is fanned
                // toward the dealer; so is the wager at the space to the right of split
                // hands, which reach toward it. A hand with a double-down stack there has
                // only the double fanned (16(a) lets the dealer fan one of a player's stacks
                // when split or doubled), its wager left stacked.
                let split = *bet == Bet::Main && self.space(s).hands.len() > 1;
                let crowded = *bet == Bet::Main && s > 1 && self.space(s - 1).hands.len() > 1;
                let toward = if split { h > 1 } else { crowded };
                let doubled = fan_first.len() > 1;
                // A double-down stack lies toward the dealer, nearer the hand's cards: it fans
                // to the side they do not lie on (at the end spaces the first card lies well
                // to one side of the circle), never over them.
                let (sin, cos) = d.space_turn(s).sin_cos();
                let first = d.card_spread(s, h, 0, false, spread).at;
                let bet_at = d.bet_spread(s, h, spread);
                let cards_right = (first.x - bet_at.x) * cos + (first.y - bet_at.y) * sin > 0.0;
                let (away, near) = if cards_right {
                    (Fan::Left, Fan::Right)
                } else {
                    (Fan::Right, Fan::Left)
                };
                for (k, id) in fan_first.into_iter().enumerate() {
                    // The way the dealer would fan them, then the others with room for them:
                    // the first that covers no chip or card (else the first).
                    // Split hands laid close: 16(a) lets the dealer fan only one of the
                    // stacks of a player who split; a later hand's wager, between the next
                    // hand's and its payoff, with no room to fan, stays stacked (its
                    // double-down, if any, is fanned toward the dealer).
                    let ways: &[Fan] = match (toward, doubled, k) {
                        _ if close && h > 1 && k == 0 => &[],
                        (false, true, 1..) if !split => &[away, Fan::Toward, near],
                        (false, ..) => &[Fan::Left, Fan::Toward],
                        (true, true, 0) => &[],
                        (true, ..) => &[Fan::Toward],
                    };
                    let way = ways
                        .iter()
                        .copied()
                        .find(|w| self.clear_of(id, *w, t))
                        .or(ways.first().copied());
                    if let Thing::Chips {
                        fanned_from, fan, ..
                    } = &mut self.scene.objects[id].thing
                        && fanned_from.is_infinite()
                        && *fanned_from > 0.0
                        && let Some(way) = way
                    {
                        *fanned_from = t - MOVE;
                        *fan = way;
                    }
                }
                let values = chip_values(money);
                let from = here(d.tray_slot(values.first().copied().unwrap_or(100)));
                let to = Placement {
                    at: spot,
                    angle: d.space_turn(s),
                };
                let id = self.chips(money, *fanned != Some(false), from, to, t, s, h);
                // Fanned to the right unless it would lie over chips or cards there (the next
                // space's wager fanned toward it): then toward the dealer.
                let way = if close && *bet == Bet::Main {
                    Fan::Away
                } else if split
                    || (!self.clear_of(id, Fan::Right, t) && self.clear_of(id, Fan::Toward, t))
                {
                    Fan::Toward
                } else {
                    Fan::Right
                };
                if let Thing::Chips { fan, .. } = &mut self.scene.objects[id].thing {
                    *fan = way;
                }
                self.trip(t, from.at, spot);
                let sp = self.space(s);
                match bet {
                    Bet::Main => sp.bets.push(id),
                    Bet::Tip => sp.tip.push(id),
                    Bet::Insurance => sp.insurance.push(id),
                }
            }
            EventKind::Return {
                space, hand, bet, ..
            } => {
                // Every chip of the bet still lying: a split hand's wager with its double, or
                // the double left when its hand's wager was collected.
                let ids = self.bet_ids(*space, *hand, *bet);
                let to = here(d.player_side(*space));
                for id in ids {
                    if self.scene.objects[id].gone > t {
                        self.move_to(id, t, to, true);
                    }
                }
            }
            EventKind::CardsCleared { space: Some(s) } => {
                let ids: Vec<usize> = self.space(*s).hands.drain(..).flatten().collect();
                self.clear_cards(&ids, t);
            }
            EventKind::CardsCleared { space: None } => {
                self.round += 1;
                let mut ids: Vec<usize> = self.dealer.drain(..).collect();
                for sp in &mut self.spaces {
                    ids.extend(sp.hands.drain(..).flatten());
                }
                self.clear_cards(&ids, t);
                // Players take back what is left on their spaces.
                let spaces = std::mem::take(&mut self.spaces);
                for (s, sp) in spaces.iter().enumerate() {
                    for &id in sp.bets.iter().chain(&sp.tip).chain(&sp.insurance) {
                        let to = here(d.player_side(s as u8));
                        self.move_to(id, t + MOVE, to, true);
                    }
                }
            }
        }
        self.scene.end = self.scene.end.max(t);
    }

    /// A shuffle ending at `t` (08-08(1)): the dealer takes the cards from the discard holder
    /// and shuffles them before the chip tray, two piles of card backs lying there for most of
    /// [`SHUFFLE_S`], then puts them in the shoe. Nothing is drawn for a shuffle with cards
    /// still on the table (the shoe ran out in the middle of a round, 08-12(9)): there is no
    /// room for it before the dealer.
    fn shuffle(&mut self, t: f64) {
        if !self.dealer.is_empty() || self.spaces.iter().any(|s| !s.hands.is_empty()) {
            return;
        }
        let d = self.design;
        let (discard, mouth) = (d.discard().0, d.shoe_mouth());
        let y = d.dealer_card(0).at.y;
        let from = (t - SHUFFLE_S + 2.0 * MOVE).max(MOVE);
        let shoe = Placement {
            at: mouth,
            angle: 0.0,
        };
        for (k, x) in [-PILE_X, PILE_X].into_iter().enumerate() {
            let at = Placement {
                at: TablePt::new(x, y),
                angle: 0.0,
            };
            // The right pile first, then the left, each from the holder.
            let laid = from + MOVE * (1 - k) as f64;
            let id = self.add(
                Thing::Card {
                    card: None,
                    face_up_from: f64::INFINITY,
                },
                vec![
                    Key { t: laid, at },
                    Key { t: t - MOVE, at },
                    Key { t, at: shoe },
                ],
                0,
                0,
            );
            self.scene.objects[id].gone = t;
            self.trip(laid, discard, at.at);
        }
        self.trip(t, TablePt::new(0.0, y), mouth);
    }

    fn clear_cards(&mut self, ids: &[usize], t: f64) {
        let discard = Placement {
            at: self.design.discard().0,
            angle: 0.0,
        };
        for &id in ids {
            self.move_to(id, t, discard, true);
        }
        if let Some(&first) = ids.first() {
            let from = self.scene.objects[first]
                .at(t - MOVE)
                .map_or(discard.at, |p| p.at);
            self.trip(t, from, discard.at);
        }
    }
}

impl Scene {
    /// Builds the scene of one table's event log (events of other tables are ignored).
    pub fn build(events: &[Event], design: &TableDesign) -> Scene {
        let mut b = Builder {
            design,
            scene: Scene::default(),
            spaces: Vec::new(),
            dealer: Vec::new(),
            spreads: close_spreads(events),
            round: 0,
        };
        let table = events.first().map(|e| e.table.clone());
        for ev in events {
            if Some(&ev.table) == table.as_ref() {
                b.apply(ev);
            }
        }
        b.scene.trips.sort_by(|a, b| a.t0.total_cmp(&b.t0));
        b.scene
    }

    /// Where the dealer's hand is at `t` (table centimetres): on a trip, or resting above the
    /// chip tray between trips.
    pub fn hand_at(&self, t: f64, rest: TablePt) -> TablePt {
        let i = self.trips.partition_point(|tr| tr.t0 <= t);
        if i > 0 {
            let tr = self.trips[i - 1];
            if t <= tr.t1 {
                // Reach the pick-up point during the first third, then carry.
                let f = (t - tr.t0) / (tr.t1 - tr.t0).max(1e-9);
                return if f < 0.25 {
                    tr.from
                } else {
                    tr.from.lerp(tr.to, ease((f - 0.25) / 0.75))
                };
            }
        }
        let prev = (i > 0).then(|| self.trips[i - 1]);
        let next = self.trips.get(i).copied();
        match (prev, next) {
            (Some(p), Some(n)) => {
                let gap = n.t0 - p.t1;
                if gap < 2.0 * MOVE {
                    p.to.lerp(n.from, ease((t - p.t1) / gap.max(1e-9)))
                } else if t < p.t1 + MOVE {
                    p.to.lerp(rest, ease((t - p.t1) / MOVE))
                } else if t > n.t0 - MOVE {
                    rest.lerp(n.from, ease((t - (n.t0 - MOVE)) / MOVE))
                } else {
                    rest
                }
            }
            (Some(p), None) => p.to.lerp(rest, ease((t - p.t1) / MOVE)),
            (None, Some(n)) => {
                if t > n.t0 - MOVE {
                    rest.lerp(n.from, ease((t - (n.t0 - MOVE)) / MOVE))
                } else {
                    rest
                }
            }
            (None, None) => rest,
        }
    }

    /// The dealer's arm and hand at `t`, table centimetres: a sleeve from below the table
    /// edge to the wrist, and the palm over whatever it holds.
    pub fn dealer_outline(&self, t: f64) -> (Vec<TablePt>, Vec<TablePt>) {
        let rest = TablePt::new(8.0, 14.0);
        let hand = self.hand_at(t, rest);
        let shoulder = TablePt::new(hand.x * 0.35 + 18.0, -30.0);
        let dir = (hand.x - shoulder.x, hand.y - shoulder.y);
        let len = (dir.0 * dir.0 + dir.1 * dir.1).sqrt().max(1e-6);
        let (ux, uy) = (dir.0 / len, dir.1 / len);
        let (nx, ny) = (-uy, ux);
        let wrist = hand.offset(-ux * 5.0, -uy * 5.0);
        let arm = vec![
            shoulder.offset(nx * 6.5, ny * 6.5),
            wrist.offset(nx * 3.4, ny * 3.4),
            wrist.offset(-nx * 3.4, -ny * 3.4),
            shoulder.offset(-nx * 6.5, -ny * 6.5),
        ];
        let angle = uy.atan2(ux);
        let palm: Vec<TablePt> = (0..24)
            .map(|i| {
                let a = std::f64::consts::TAU * f64::from(i) / 24.0;
                let (x, y) = (5.2 * a.cos(), 4.2 * a.sin());
                let (s, c) = angle.sin_cos();
                hand.offset(x * c - y * s, x * s + y * c)
            })
            .collect();
        (arm, palm)
    }

    /// Which dealer (0, 1, 2...) is at the table at `t`.
    pub fn dealer_index(&self, t: f64) -> usize {
        self.dealer_changes.partition_point(|&c| c <= t)
    }
}

/// True when a chip centred at `q` (table centimetres) lies partly over a card lying at `card`.
pub fn chip_on_card(q: TablePt, card: Placement) -> bool {
    let (sn, cs) = card.angle.sin_cos();
    let (dx, dy) = (q.x - card.at.x, q.y - card.at.y);
    let (u, v) = (dx * cs + dy * sn, -dx * sn + dy * cs);
    let (w, h) = (CARD_W / 2.0, CARD_H / 2.0);
    (u - u.clamp(-w, w)).hypot(v - v.clamp(-h, h)) < CHIP_D / 2.0
}

/// The corners of a card lying at `p`, table centimetres: top-left, top-right, bottom-right,
/// bottom-left as the dealer reads the card.
pub fn card_corners(p: Placement) -> [TablePt; 4] {
    rect_corners(p, CARD_W, CARD_H)
}

/// The corners of a `w` x `h` rectangle lying at `p`, in the same order as [`card_corners`].
pub fn rect_corners(p: Placement, w: f64, h: f64) -> [TablePt; 4] {
    let (s, c) = p.angle.sin_cos();
    let at = |dx: f64, dy: f64| p.at.offset(dx * c - dy * s, dx * s + dy * c);
    [
        at(-w / 2.0, h / 2.0),
        at(w / 2.0, h / 2.0),
        at(w / 2.0, -h / 2.0),
        at(-w / 2.0, -h / 2.0),
    ]
}

/// Where each chip of a stack or fan lies, bottom first: a stack leans a little; a fan spreads
/// the chips in a row from `p` to one side, each covering a third of the one before.
pub fn chip_positions(p: Placement, n: usize, fan: Fan) -> Vec<TablePt> {
    let (s, c) = p.angle.sin_cos();
    (0..n)
        .map(|i| {
            let i = i as f64;
            let (dx, dy) = match fan {
                Fan::Right => (i * CHIP_D * 0.62, 0.0),
                Fan::Left => (-i * CHIP_D * 0.62, 0.0),
                Fan::Toward => (0.0, -i * CHIP_D * 0.62),
                Fan::Away => (0.0, i * CHIP_D * 0.62),
                Fan::Stacked => (i * 0.06, i * 0.12),
            };
            p.at.offset(dx * c - dy * s, dx * s + dy * c)
        })
        .collect()
}

/// The first card dealt to a player in a log: the event, its betting space and the card (for
/// tests that follow one card through the scene).
#[cfg(test)]
pub(crate) fn first_player_card(events: &[Event]) -> (&Event, u8, Card) {
    events
        .iter()
        .find_map(|e| match e.kind {
            EventKind::Card {
                to: Target::Hand { space, .. },
                card: Some(c),
                ..
            } => Some((e, space, c)),
            _ => None,
        })
        .expect("a card dealt to a player")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::twenty_one::HouseRules;
    use crate::sim::{PlayConfig, play};

    fn scene(rounds: usize) -> (Vec<Event>, Scene) {
        let events = play(PlayConfig::new(HouseRules::default(), 9), rounds);
        let s = Scene::build(&events, &TableDesign::default());
        (events, s)
    }

    #[test]
    fn a_dealt_card_lands_on_its_spot_and_leaves_at_the_clear() {
        let (events, s) = scene(3);
        let d = TableDesign::default();
        let (first, space, card) = first_player_card(&events);
        let card = Some(card);
        let o = s
            .objects
            .iter()
            .find(|o| {
                matches!(o.thing, Thing::Card { card: c, .. } if c == card) && o.space == space
            })
            .unwrap();
        let at = o.at(first.t).unwrap();
        assert!(at.at.dist(d.card(space, 1, 0, false).at) < 1e-9);
        assert!(
            o.at(first.t - 1.0).is_none(),
            "not on the table before the deal"
        );
        let mid = o.at(first.t - MOVE / 2.0).unwrap();
        assert!(mid.at.dist(at.at) > 1.0, "travelling from the shoe");
        assert!(o.gone.is_finite(), "cleared at the end of the round");
    }

    /// The shoe's cards shuffled between rounds (08-08(1)): two piles of card backs lie before
    /// the dealer, clear of each other, for most of the shuffle, and are in the shoe at its
    /// event's time. A shuffle with cards on the table (the shoe ran out mid-round) lays none.
    /// On a dealer's natural a doubled hand's original wager is collected and its double voided
    /// and handed back (08-11(10)(e)): the double lies on its spot through the collection and
    /// goes to the player's side with the return, never to the tray.
    #[test]
    fn a_double_voided_by_the_dealers_natural_lies_through_the_collection_and_goes_back() {
        let d = TableDesign::default();
        let mut seen = 0;
        for seed in 0..200 {
            let events = play(PlayConfig::new(HouseRules::default(), seed), 40);
            let mut scene = None;
            for (i, ev) in events.iter().enumerate() {
                let EventKind::Return {
                    space,
                    hand: 1,
                    bet: Bet::Main,
                    ..
                } = ev.kind
                else {
                    continue;
                };
                // This round's events before the return.
                let from = events[..i]
                    .iter()
                    .rposition(|e| matches!(e.kind, EventKind::CardsCleared { space: None }))
                    .map_or(0, |k| k + 1);
                let before = &events[from..i];
                let collect = before.iter().rev().find(|e| {
                    matches!(e.kind, EventKind::Collect { space: s, hand: 1, bet: Bet::Main, .. }
                        if s == space)
                });
                let double = before.iter().rev().find(|e| {
                    matches!(e.kind, EventKind::Wager { space: s, hand: 1, kind: WagerKind::Double, .. }
                        if s == space)
                });
                let (Some(collect), Some(double)) = (collect, double) else {
                    continue;
                };
                let s = scene.get_or_insert_with(|| Scene::build(&events, &d));
                let o = s
                    .objects
                    .iter()
                    .find(|o| {
                        o.space == space
                            && matches!(o.thing, Thing::Chips { .. })
                            && o.keys.iter().any(|k| k.t == double.t)
                    })
                    .expect("the double's chips");
                // From before the collection moves until the return, it lies or goes out to
                // the player, never nearer the tray.
                let start = collect.t.min(ev.t) - MOVE;
                let tray = d.tray().0;
                let lying = o.at(start).unwrap().at;
                for k in 0..20 {
                    let t = start + (ev.t - start) * f64::from(k) / 20.0;
                    let at = o.at(t).map(|p| p.at);
                    assert!(
                        at.is_some_and(|p| p.dist(tray) >= lying.dist(tray) - 1e-9),
                        "seed {seed}: space {space}'s double at {t:.2} s, between the \
                         collection at {:.2} s and the return at {:.2} s: {at:?}, from \
                         {lying:?}",
                        collect.t,
                        ev.t
                    );
                }
                // It leaves the table at the player's side as the return is made.
                let last = o.keys.last().map(|k| (k.t, k.at.at));
                assert_eq!(o.gone, ev.t, "seed {seed}: gone at {:.2} s", o.gone);
                assert!(
                    last.is_some_and(|(t, p)| t == ev.t && p.dist(d.player_side(space)) < 1e-9),
                    "seed {seed}: last at {last:?}"
                );
                seen += 1;
            }
        }
        assert!(seen >= 3, "{seen} doubles voided by a dealer's natural");
    }

    /// A split hand's wager and any double on it, voided by a dealer's natural (08-11(10)(e)),
    /// all go back to the player as the return is made; none is left lying to the round's end.
    #[test]
    fn a_split_hands_chips_voided_by_the_dealers_natural_all_go_back_with_the_return() {
        let d = TableDesign::default();
        let (mut returns, mut chips) = (0, 0);
        for seed in 0..100 {
            let events = play(PlayConfig::new(HouseRules::default(), seed), 40);
            let mut scene = None;
            for ev in &events {
                let EventKind::Return {
                    space,
                    hand: hand @ 2..,
                    bet: Bet::Main,
                    ref money,
                    ..
                } = ev.kind
                else {
                    continue;
                };
                let s = scene.get_or_insert_with(|| Scene::build(&events, &d));
                let lying: Vec<&Object> = s
                    .objects
                    .iter()
                    .filter(|o| {
                        o.space == space
                            && o.hand == hand
                            && matches!(o.thing, Thing::Chips { .. })
                            && o.at(ev.t - MOVE).is_some()
                    })
                    .collect();
                let worth: Cents = lying
                    .iter()
                    .map(|o| match &o.thing {
                        Thing::Chips { values, .. } => values.iter().sum::<Cents>(),
                        Thing::Card { .. } => 0,
                    })
                    .sum();
                assert_eq!(
                    worth, money.amount,
                    "seed {seed}: space {space} hand {hand}"
                );
                for o in &lying {
                    let last = o.keys.last().map(|k| k.at.at);
                    assert!(
                        o.gone == ev.t && last.is_some_and(|p| p.dist(d.player_side(space)) < 1e-9),
                        "seed {seed}: space {space} hand {hand}'s chips returned at {:.2} s \
                         left at {:.2} s from {last:?}",
                        ev.t,
                        o.gone
                    );
                }
                returns += 1;
                chips += lying.len();
            }
        }
        assert!(
            returns >= 3 && chips > returns,
            "{returns} returns of {chips} stacks"
        );
    }

    #[test]
    fn a_shuffle_lays_two_piles_before_the_dealer_that_go_into_the_shoe() {
        let (events, s) = scene(2);
        let d = TableDesign::default();
        let t = events
            .iter()
            .find(|e| e.kind == EventKind::Shuffle)
            .map(|e| e.t)
            .expect("the first round begins with a shuffle");
        let mid = t - SHUFFLE_S / 2.0;
        let piles: Vec<&Object> = s.objects.iter().filter(|o| o.at(mid).is_some()).collect();
        assert_eq!(
            piles.len(),
            2,
            "only the piles lie on the table mid-shuffle"
        );
        let row = d.dealer_card(0).at.y;
        for p in &piles {
            assert!(matches!(p.thing, Thing::Card { card: None, .. }) && !p.face_up(mid));
            let at = p.at(mid).expect("lying").at;
            assert!((at.y - row).abs() < 1e-9, "on the dealer's row: {at:?}");
            assert!(p.at(t - SHUFFLE_S + 2.0).is_some(), "laid out early");
            assert_eq!(p.gone, t, "in the shoe at the shuffle's time");
            let last = p.keys.last().expect("a path").at.at;
            assert!(last.dist(d.shoe_mouth()) < 1e-9, "taken to the shoe");
        }
        let (a, b) = (piles[0].at(mid).unwrap().at, piles[1].at(mid).unwrap().at);
        assert!(a.dist(b) > 2.0 * CARD_W, "two piles apart: {a:?} {b:?}");

        // The shoe runs out with a card on the table: no piles.
        let mut mid_round: Vec<Event> = events
            .iter()
            .filter(|e| e.t > t && !matches!(e.kind, EventKind::Shuffle))
            .take_while(|e| !matches!(e.kind, EventKind::Card { .. }))
            .cloned()
            .collect();
        let dealt = events
            .iter()
            .find(|e| e.t > t && matches!(e.kind, EventKind::Card { .. }))
            .expect("a card dealt")
            .clone();
        let at = dealt.t + SHUFFLE_S + 1.0;
        mid_round.push(dealt);
        mid_round.push(Event {
            t: at,
            wall: None,
            table: events[0].table.clone(),
            kind: EventKind::Shuffle,
        });
        let s = Scene::build(&mid_round, &d);
        let backs = s
            .objects
            .iter()
            .filter(|o| matches!(o.thing, Thing::Card { card: None, .. }))
            .filter(|o| o.at(at - SHUFFLE_S / 2.0).is_some())
            .count();
        assert_eq!(backs, 0, "no piles over the dealt cards");
    }

    #[test]
    fn the_hole_card_shows_its_face_only_once_turned() {
        let (events, s) = scene(5);
        let turned = events
            .iter()
            .find_map(|e| match e.kind {
                EventKind::HoleCardTurned { card, .. } => Some((e.t, card)),
                _ => None,
            })
            .unwrap();
        let o = s
            .objects
            .iter()
            .find(|o| matches!(o.thing, Thing::Card { card: Some(c), face_up_from } if c == turned.1 && face_up_from == turned.0))
            .unwrap();
        assert!(!o.face_up(turned.0 - 0.1) && o.face_up(turned.0));
    }

    #[test]
    fn the_hand_rests_between_trips_and_reaches_the_shoe_to_deal() {
        let (events, s) = scene(2);
        let rest = TablePt::new(0.0, 14.0);
        let card = events
            .iter()
            .find(|e| matches!(e.kind, EventKind::Card { .. }))
            .unwrap();
        let d = TableDesign::default();
        let at = s.hand_at(card.t - MOVE * 0.9, rest);
        assert!(at.dist(d.shoe_mouth()) < 1e-9, "{at:?}");
        assert_eq!(s.hand_at(-100.0, rest), rest);
    }

    /// `rounds` of play from `seed` as the scene lays them out, and each main-bet payoff in it
    /// (space, hand, and a moment after it was laid down).
    fn payoffs(rounds: usize, seed: u64) -> (Scene, Vec<(u8, u8, f64)>) {
        let events = play(PlayConfig::new(HouseRules::default(), seed), rounds);
        let s = Scene::build(&events, &TableDesign::default());
        let paid = events
            .iter()
            .filter_map(|ev| match ev.kind {
                EventKind::Payout {
                    space,
                    hand,
                    bet: Bet::Main,
                    ..
                } => Some((space, hand, ev.t + 0.01)),
                _ => None,
            })
            .collect();
        (s, paid)
    }

    /// Every chip on the table at `t`: its object, the object's space and where it lies.
    fn chips_at(s: &Scene, t: f64) -> Vec<(u32, u8, TablePt)> {
        s.objects
            .iter()
            .filter_map(|o| match &o.thing {
                Thing::Chips { values, .. } => Some((o, o.at(t)?, values.len())),
                Thing::Card { .. } => None,
            })
            .flat_map(|(o, p, n)| {
                chip_positions(p, n, o.fan(t))
                    .into_iter()
                    .map(move |q| (o.id, o.space, q))
            })
            .collect()
    }

    /// Main-bet payoffs at a space whose pair was split after which, a moment on, a chip at
    /// that space overlaps a chip of another object: (those, all the payoffs looked at).
    fn split_overlaps(rounds: usize, seed: u64) -> (usize, usize) {
        overlaps(rounds, seed, true)
    }

    /// Main-bet payoffs at a space whose pair was split (`split`) or not after which, a
    /// moment on, a chip at that space overlaps a chip of another object: (those, all the
    /// payoffs looked at).
    fn overlaps(rounds: usize, seed: u64, split: bool) -> (usize, usize) {
        let (s, paid) = payoffs(rounds, seed);
        let (mut overlaps, mut looked) = (0, 0);
        for (space, _, t) in paid {
            let space = &space;
            let here = |o: &&Object| o.space == *space && o.at(t).is_some();
            if s.objects.iter().filter(here).any(|o| o.hand >= 2) != split {
                continue;
            }
            looked += 1;
            let chips = chips_at(&s, t);
            let overlap = chips.iter().enumerate().any(|(i, a)| {
                chips[i + 1..].iter().any(|b| {
                    let ours = a.1 == *space || b.1 == *space;
                    a.0 != b.0 && ours && a.2.dist(b.2) < CHIP_D
                })
            });
            overlaps += usize::from(overlap);
        }
        (overlaps, looked)
    }

    /// Main-bet payoffs of a hand that doubled down after which, a moment on, a chip at that
    /// space lies over a card there: (those, all the payoffs looked at).
    fn doubles_over_cards(rounds: usize, seed: u64) -> (usize, usize) {
        let (s, paid) = payoffs(rounds, seed);
        let (mut over, mut looked) = (0, 0);
        for (space, hand, t) in paid {
            let (space, hand) = (&space, &hand);
            let here = |o: &&Object| o.space == *space && o.at(t).is_some();
            let stacks = s
                .objects
                .iter()
                .filter(here)
                .filter(|o| o.hand == (*hand).max(1) && matches!(o.thing, Thing::Chips { .. }))
                .count();
            // The wager, the double and the payoff; not at a split space or the one to its
            // right, where fans go toward the dealer (a long one reaches the cards).
            let split = |sp: u8| {
                s.objects
                    .iter()
                    .any(|o| o.space == sp && o.hand >= 2 && o.at(t).is_some())
            };
            if stacks < 3 || split(*space) || split(space - 1) {
                continue;
            }
            looked += 1;
            let cards: Vec<Placement> = s
                .objects
                .iter()
                .filter(here)
                .filter(|o| matches!(o.thing, Thing::Card { .. }))
                .filter_map(|o| o.at(t))
                .collect();
            let on_card = |q: TablePt| cards.iter().any(|c| chip_on_card(q, *c));
            let over_cards = s.objects.iter().filter(here).any(|o| match &o.thing {
                Thing::Chips { values, .. } => o.at(t).is_some_and(|p| {
                    chip_positions(p, values.len(), o.fan(t))
                        .into_iter()
                        .any(on_card)
                }),
                Thing::Card { .. } => false,
            });
            over += usize::from(over_cards);
        }
        (over, looked)
    }

    #[test]
    fn a_doubled_hands_fans_lie_clear_of_its_cards() {
        // 08-11(16)(a): the wager and the double-down fanned for the camera, not over the
        // hand's cards. Always fanned to the left, the double ran over the first card at the
        // end spaces, which lies well to one side of the circle (26 of 516).
        let (over, looked) = doubles_over_cards(1_500, 12);
        assert!(looked >= 100, "{looked} payoffs of doubled hands");
        assert_eq!(
            over, 0,
            "{over} of {looked} doubled hands' fans lie over cards"
        );
    }

    #[test]
    fn split_hands_fans_lie_clear_of_each_other() {
        // 08-11(16)(a): each hand's wager and payoff fanned so the camera sees every chip.
        // Split hands lie side by side (08-11(3)(a)), so their fans go toward the dealer.
        // Fanned to the side as at other spaces, two thirds of them ran into another hand's
        // chips (121 of 179). What is left: a hand split three ways, reaching the next space,
        // and a long column at a corner space against the next space's.
        let (overlaps, looked) = split_overlaps(1_500, 12);
        assert!(looked >= 100, "{looked} payoffs at split spaces");
        assert!(
            overlaps * 40 <= looked,
            "{overlaps} of {looked} payoffs at split spaces overlap other chips"
        );
    }

    #[test]
    fn payoffs_lie_clear_of_the_next_spaces_chips() {
        // 08-11(16)(a): a payoff fanned for the camera, every chip seen. Fanned to the right
        // whatever lay there, a long payoff ran into the next space's wager fanned toward it
        // (a $21 payoff over the next space's fan, shift seed 12, 2966 s): 66 of 2568. Now
        // fanned toward the dealer where the right is taken; what is left has the hand's
        // cards there too.
        let (overlaps, looked) = overlaps(1_500, 12, false);
        assert!(looked >= 500, "{looked} payoffs");
        assert!(
            overlaps * 50 <= looked,
            "{overlaps} of {looked} payoffs overlap other chips"
        );
    }

    #[test]
    fn split_hands_right_angle_cards_lie_on_their_own_hand() {
        // 08-11(3)(a): split hands side by side, each card at a right angle on its own hand.
        // Turned and shifted left as a hit card is, the card lay over another hand's cards
        // (68 of 133; shift seed 12, 776 s and 1726 s: split aces whose second hand's card
        // covered the first's). A card's corners, drawn in by a sixth, inside another hand's
        // card count.
        let events = play(PlayConfig::new(HouseRules::default(), 12), 1_500);
        let d = TableDesign::default();
        let s = Scene::build(&events, &d);
        let (mut over, mut looked) = (0, 0);
        for e in &events {
            let EventKind::Card {
                to: Target::Hand { space, hand },
                rotated: Some(true),
                ..
            } = e.kind
            else {
                continue;
            };
            let t = e.t + 0.01;
            let here: Vec<(&Object, Placement)> = s
                .objects
                .iter()
                .filter(|o| o.space == space && matches!(o.thing, Thing::Card { .. }))
                .filter_map(|o| o.at(t).filter(|_| !o.moving(t)).map(|p| (o, p)))
                .collect();
            if !here.iter().any(|(o, _)| o.hand >= 2) {
                continue;
            }
            // The card just dealt: its hand's card at a right angle nearest the hand's first.
            let first = d.card(space, hand, 0, false).at;
            let turned = |p: &Placement| {
                let a = (p.angle - d.space_turn(space)).rem_euclid(std::f64::consts::PI);
                (a - std::f64::consts::FRAC_PI_2).abs() < 0.1
            };
            let Some((_, card)) = here
                .iter()
                .filter(|(o, p)| o.hand == hand && turned(p))
                .min_by(|a, b| a.1.at.dist(first).total_cmp(&b.1.at.dist(first)))
            else {
                continue;
            };
            looked += 1;
            let corners = card_corners(*card).map(|q| card.at.lerp(q, 5.0 / 6.0));
            let covers = here
                .iter()
                .filter(|(o, _)| o.hand != hand)
                .any(|(_, p)| corners.iter().any(|q| inside(*q, *p)));
            over += usize::from(covers);
        }
        assert!(looked >= 20, "{looked} right-angle cards at split spaces");
        assert_eq!(over, 0, "{over} of {looked} lie over another hand's cards");
    }

    #[test]
    fn payoffs_leave_a_gap_to_the_next_spaces_chips() {
        // One player's chips are kept clear of the next player's, so that neither fan runs
        // on into the other (clean shift seed 13 at 1530 s: payoffs fanned end to end against
        // the next space's wager, a chip's width apart, read as one fan): 117 of 2747 lay
        // under 1.5 widths from another space's chips; 91 now. What is left had neither its
        // side nor the way toward the dealer clear (cards there), and fans to the side.
        let (s, paid) = payoffs(1_500, 12);
        let (mut near, mut looked) = (0, 0);
        for (space, _, t) in paid {
            let chips = chips_at(&s, t);
            looked += 1;
            let close = chips.iter().filter(|a| a.1 == space).any(|a| {
                chips
                    .iter()
                    .any(|b| b.1 != space && a.2.dist(b.2) < APART * CHIP_D)
            });
            near += usize::from(close);
        }
        assert!(looked >= 500, "{looked} payoffs");
        assert!(
            near * 25 <= looked,
            "{near} of {looked} payoffs lie against another space's chips"
        );
    }

    /// Whether point `q` lies inside a card lying at `c` (table centimetres).
    fn inside(q: TablePt, c: Placement) -> bool {
        let (sn, cs) = c.angle.sin_cos();
        let (dx, dy) = (q.x - c.at.x, q.y - c.at.y);
        let (u, v) = (dx * cs + dy * sn, -dx * sn + dy * cs);
        u.abs() < CARD_W / 2.0 && v.abs() < CARD_H / 2.0
    }

    /// Whether `a` and `b`, lying where they are at `t`, overlap (table centimetres): a card
    /// by its corners drawn in by a sixth inside the other card, a chip's disc over a card or
    /// another chip's.
    fn overlap(a: &Object, b: &Object, t: f64) -> bool {
        let (Some(p), Some(q)) = (a.at(t), b.at(t)) else {
            return false;
        };
        let drawn_in = |c: Placement| card_corners(c).map(|x| c.at.lerp(x, 5.0 / 6.0));
        let discs = |o: &Object, at: Placement| match &o.thing {
            Thing::Chips { values, .. } => chip_positions(at, values.len(), o.fan(t)),
            Thing::Card { .. } => Vec::new(),
        };
        match (&a.thing, &b.thing) {
            (Thing::Card { .. }, Thing::Card { .. }) => {
                drawn_in(p).iter().any(|x| inside(*x, q))
                    || drawn_in(q).iter().any(|x| inside(*x, p))
            }
            (Thing::Chips { .. }, Thing::Card { .. }) => {
                discs(a, p).into_iter().any(|x| chip_on_card(x, q))
            }
            (Thing::Card { .. }, Thing::Chips { .. }) => {
                discs(b, q).into_iter().any(|x| chip_on_card(x, p))
            }
            (Thing::Chips { .. }, Thing::Chips { .. }) => discs(a, p)
                .into_iter()
                .any(|x| discs(b, q).into_iter().any(|y| x.dist(y) < CHIP_D * 0.9)),
        }
    }

    #[test]
    fn a_third_and_fourth_split_hand_lie_clear_of_the_next_space() {
        // 08-11(3)(a): split hands side by side within their betting space, up to four. Laid a
        // card's width and 2 cm apart whatever lay beyond, a third hand reached the next
        // space's cards and wager (held-out shift seed 22 at 1270 s: space 1's third and
        // fourth hands over space 2's cards, its wager in space 2's circle).
        let events = play(PlayConfig::new(HouseRules::default(), 12), 3_000);
        let s = Scene::build(&events, &TableDesign::default());
        let (mut over, mut looked) = (0, 0);
        for e in &events {
            let (EventKind::Card {
                to: Target::Hand { space, hand: 3.. },
                ..
            }
            | EventKind::Payout {
                space, hand: 3.., ..
            }) = e.kind
            else {
                continue;
            };
            let t = e.t + 0.01;
            let lying = |o: &&Object| o.at(t).is_some() && !o.moving(t) && o.space != 0;
            let far: Vec<&Object> = s
                .objects
                .iter()
                .filter(lying)
                .filter(|o| o.space == space && o.hand >= 3)
                .collect();
            looked += 1;
            let covers = s
                .objects
                .iter()
                .filter(lying)
                .filter(|o| o.space != space)
                .any(|o| far.iter().any(|f| overlap(f, o, t)));
            over += usize::from(covers);
        }
        assert!(
            looked >= 20,
            "{looked} looks at third and fourth split hands"
        );
        assert_eq!(
            over, 0,
            "{over} of {looked} lie over another space's things"
        );
    }

    #[test]
    fn chips_are_the_logged_denominations_or_the_fewest() {
        assert_eq!(
            chip_values(&Money::cents(3_750)),
            vec![2_500, 500, 500, 200, 50]
        );
        assert!(chip_values(&Money::cents(0)).is_empty());
    }
}
