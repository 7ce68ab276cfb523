//! The betting, replayed street by street: whose turn it is (09-04(10), DC 30-1604.3(m), (o)),
//! what each push of chips amounts to (call, bet, raise, all-in), and the irregularities a
//! reviewer looks for: action out of turn (Morehead 23-24), a check or a stay for less than the
//! call (09-04(16)), a raise under the minimum (09-04(17), Morehead 19) and string bets
//! (Morehead 18).
//!
//! No-limit: the smallest bet is the big blind and the smallest raise the size of the last full
//! raise. An all-in for less stands; it does not set a new minimum.

use std::collections::BTreeMap;

use crate::audit::{FindingKind, dollars};
use crate::events::{Cents, Event, EventKind, Money, PostKind};

use super::hand::{Ctx, Facts};
use super::seats::next_after;

/// One seat's betting.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeatBet {
    /// Everything put in over the hand, antes and blinds included, in cents.
    pub put_in: Cents,
    /// Put in on the current street (blinds count on the first).
    street_in: Cents,
    /// Folded or mucked.
    pub folded: bool,
    /// Went all in.
    pub all_in: bool,
    /// Acted since the last full raise.
    acted: bool,
}

/// The last street that saw betting, for the showdown order (09-04(23)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LastStreet {
    /// The first seat to act on it.
    pub first_actor: Option<u8>,
    /// The last seat to bet or raise on it.
    pub last_aggressor: Option<u8>,
}

/// What the betting left.
#[derive(Debug, Clone, Default)]
pub struct Betting {
    /// Every seat that posted or was dealt in, by seat number.
    pub seats: BTreeMap<u8, SeatBet>,
    /// The last street with a bet, a check or a call.
    pub last_street: LastStreet,
}

#[derive(Debug, Clone, Copy)]
enum Pending {
    /// The seat put in less than the call and was not all in.
    Short { seat: u8, t: f64, to_call: Cents },
    /// The seat raised by less than the minimum and was not all in.
    Under {
        seat: u8,
        t: f64,
        raise: Cents,
        min: Cents,
    },
}

/// The seat whose motions make up the action in progress.
#[derive(Debug, Clone, Copy)]
struct Action {
    seat: u8,
    /// The amount to call when the action began.
    to_call: Cents,
    /// The smallest full raise when the action began.
    min_raise: Cents,
    /// The seat's street total when the action began.
    start: Cents,
    /// Announced amount, when heard.
    declared: Option<Cents>,
    /// Whether the first motion left the seat short of the call.
    first_short: bool,
    /// Whether the first motion was a raise under the minimum but of half of it or more, which
    /// must be completed (09-04(17)).
    must_complete: bool,
}

struct Replay<'a> {
    f: &'a Facts,
    b: Betting,
    street: usize,
    to_call: Cents,
    min_raise: Cents,
    big_blind: Cents,
    bb_seat: Option<u8>,
    last_actor: Option<u8>,
    actions_this_street: usize,
    action: Option<Action>,
    pending: Option<Pending>,
    showdown: bool,
    street_info: LastStreet,
}

impl Replay<'_> {
    fn seat(&mut self, s: u8) -> &mut SeatBet {
        self.b.seats.entry(s).or_default()
    }

    /// The seat whose turn it is: the next one clockwise that has not folded, is not all in,
    /// and still owes action (has not acted since the last full raise, or is short of the call).
    fn expected(&self) -> Option<u8> {
        let owed: Vec<u8> = self
            .b
            .seats
            .iter()
            .filter(|(_, s)| !s.folded && !s.all_in && (!s.acted || s.street_in < self.to_call))
            .map(|(&n, _)| n)
            .collect();
        let live_or_all_in = self.b.seats.values().filter(|s| !s.folded).count();
        if owed.is_empty() || live_or_all_in < 2 {
            return None;
        }
        // A lone seat left to act facing no bet, with everyone else all in, has nothing to do.
        let anchor = match self.last_actor {
            Some(a) => a,
            None if self.street == 0 => self.bb_seat.or(self.f.button.map(|b| b.0))?,
            None => self.f.button?.0,
        };
        next_after(&owed, anchor)
    }

    fn resolve(&mut self, ctx: &mut Ctx) {
        match self.pending.take() {
            Some(Pending::Short { seat, t, to_call }) => {
                let s = self.seat(seat);
                if !s.folded && !s.all_in && s.street_in < to_call {
                    let (have, short) = (s.street_in, to_call - s.street_in);
                    ctx.find(
                        FindingKind::BetBelowCall,
                        Some(seat),
                        (t, t),
                        format!("a call of {} or a fold", dollars(to_call)),
                        format!("{} in, {} short", dollars(have), dollars(short)),
                        Some((to_call, have)),
                        format!(
                            "seat {seat} stayed in for {} less than the call; a short bet must be completed or the hand folded",
                            dollars(short)
                        ),
                    );
                }
            }
            Some(Pending::Under {
                seat,
                t,
                raise,
                min,
            }) => {
                let rule = if 2 * raise >= min {
                    format!(
                        "a raise of half the minimum or more must be completed to {}",
                        dollars(min)
                    )
                } else {
                    format!(
                        "a raise under half the minimum is a call, the {} over it the player's",
                        dollars(raise)
                    )
                };
                ctx.find(
                    FindingKind::RaiseBelowMinimum,
                    Some(seat),
                    (t, t),
                    format!("a raise of at least {}", dollars(min)),
                    format!("a raise of {}", dollars(raise)),
                    Some((min, raise)),
                    format!(
                        "seat {seat} raised by {}, under the minimum of {}, and it stood: {rule}",
                        dollars(raise),
                        dollars(min)
                    ),
                )
            }
            None => {}
        }
    }

    fn new_street(&mut self, ctx: &mut Ctx) {
        self.resolve(ctx);
        self.action = None;
        self.street += 1;
        self.to_call = 0;
        self.min_raise = self.big_blind;
        self.last_actor = None;
        self.actions_this_street = 0;
        for s in self.b.seats.values_mut() {
            s.street_in = 0;
            s.acted = false;
        }
    }

    /// Reports an action out of turn; returns whether it was the seat's turn. Play reverts to
    /// the seat whose turn it was (Morehead 23), so an action out of turn does not move it.
    fn out_of_turn(&self, seat: u8, what: &str, t: f64, ctx: &mut Ctx) -> bool {
        let expected = self.expected();
        if expected == Some(seat) {
            return true;
        }
        let (exp, why) = match expected {
            Some(e) => (
                format!("seat {e} to act"),
                format!("it was seat {e}'s turn"),
            ),
            None => (
                "no action owed".to_string(),
                "no action was owed: the betting round was complete".to_string(),
            ),
        };
        ctx.find(
            FindingKind::ActionOutOfTurn,
            Some(seat),
            (t, t),
            exp,
            format!("seat {seat} {what}"),
            None,
            format!("seat {seat} {what} out of turn: {why}"),
        );
        false
    }

    fn post(&mut self, seat: u8, kind: PostKind, cents: Cents) {
        let bb = kind == PostKind::BigBlind;
        let s = self.seat(seat);
        s.put_in += cents;
        if kind != PostKind::Ante {
            s.street_in += cents;
        }
        let street_in = s.street_in;
        if bb {
            self.big_blind = self.big_blind.max(cents);
            self.min_raise = self.big_blind;
            self.bb_seat = Some(seat);
        }
        self.to_call = self.to_call.max(street_in);
    }

    fn check(&mut self, seat: u8, t: f64, ctx: &mut Ctx) {
        self.action = None;
        let in_turn = self.out_of_turn(seat, "checked", t, ctx);
        let to_call = self.to_call;
        let s = self.seat(seat);
        s.acted = true;
        if s.street_in < to_call && !s.all_in {
            let have = s.street_in;
            ctx.find(
                FindingKind::BetBelowCall,
                Some(seat),
                (t, t),
                format!("a call of {} or a fold", dollars(to_call)),
                "a check".into(),
                Some((to_call, have)),
                format!(
                    "seat {seat} checked facing a bet of {}; a player must call, raise or fold (N.D. Admin. Code 99-01.3-09-04(10))",
                    dollars(to_call)
                ),
            );
        }
        self.note_actor(seat, false, in_turn);
    }

    fn fold(&mut self, seat: u8, t: f64, ctx: &mut Ctx) {
        self.action = None;
        // A fold once nothing is owed (or at the showdown) is a muck, not an action.
        if !self.showdown && self.expected().is_some() && self.out_of_turn(seat, "folded", t, ctx) {
            self.last_actor = Some(seat);
        }
        self.seat(seat).folded = true;
    }

    fn bet(
        &mut self,
        seat: u8,
        money: &Money,
        all_in: bool,
        declared: Option<u32>,
        t: f64,
        ctx: &mut Ctx,
    ) {
        let second = matches!(self.action, Some(a) if a.seat == seat);
        let mut in_turn = true;
        if !second {
            in_turn = self.out_of_turn(seat, "bet", t, ctx);
            let start = self.seat(seat).street_in;
            self.action = Some(Action {
                seat,
                to_call: self.to_call,
                min_raise: self.min_raise,
                start,
                declared: declared.map(Cents::from),
                first_short: false,
                must_complete: false,
            });
        }
        let a = self.action.expect("an action is in progress");
        let before = self.seat(seat).street_in;
        let mut add = money.amount;
        // 09-04(17): a single chip larger than the bet faced is a call unless a raise is
        // announced; the excess is change.
        let one_chip = money
            .chips
            .as_ref()
            .is_some_and(|c| c.0.iter().map(|&(_, n)| n).sum::<u32>() == 1);
        if !second
            && one_chip
            && a.to_call > before
            && before + add > a.to_call
            && a.declared.is_none()
            && !all_in
        {
            add = a.to_call - before;
        }
        {
            let s = self.seat(seat);
            s.street_in += add;
            s.put_in += add;
            s.acted = true;
            if all_in {
                s.all_in = true;
            }
        }
        let now = self.seat(seat).street_in;
        if second {
            let total = now - a.start;
            let completes_call = a.first_short && now == a.to_call;
            let completes_raise = a.must_complete && now - a.to_call == a.min_raise;
            let announced = a.declared.is_some_and(|d| total <= d);
            if !completes_call && !completes_raise && !announced {
                ctx.find(
                    FindingKind::StringBet,
                    Some(seat),
                    (t, t),
                    "the whole bet in one motion".into(),
                    format!("a second motion adding {}", dollars(money.amount)),
                    None,
                    format!(
                        "seat {seat} added {} in a second motion; a bet goes in at once, and chips may be added only to make up a call (Morehead 18)",
                        dollars(money.amount)
                    ),
                );
            }
        } else {
            let raise = now - a.to_call;
            let act = self.action.as_mut().expect("set above");
            act.first_short = now < a.to_call;
            act.must_complete =
                raise > 0 && raise < a.min_raise && 2 * raise >= a.min_raise && !all_in;
        }
        // Settle any earlier seat's short call or small raise before this one counts.
        if !matches!(self.pending, Some(Pending::Short { seat: s, .. } | Pending::Under { seat: s, .. }) if s == seat)
        {
            self.resolve(ctx);
        } else {
            self.pending = None;
        }
        if now > a.to_call {
            let raise = now - a.to_call;
            self.to_call = now;
            if raise >= a.min_raise {
                self.min_raise = raise;
                for (&n, s) in self.b.seats.iter_mut() {
                    if n != seat {
                        s.acted = false;
                    }
                }
            } else if !all_in {
                self.pending = Some(Pending::Under {
                    seat,
                    t,
                    raise,
                    min: a.min_raise,
                });
            }
            self.note_actor(seat, true, in_turn);
        } else {
            if now < a.to_call && !all_in {
                self.pending = Some(Pending::Short {
                    seat,
                    t,
                    to_call: a.to_call,
                });
            }
            self.note_actor(seat, false, in_turn);
        }
    }

    fn note_actor(&mut self, seat: u8, aggressive: bool, in_turn: bool) {
        if self.actions_this_street == 0 {
            self.street_info = LastStreet {
                first_actor: Some(seat),
                last_aggressor: None,
            };
        }
        if aggressive {
            self.street_info.last_aggressor = Some(seat);
        }
        self.actions_this_street += 1;
        if in_turn {
            self.last_actor = Some(seat);
        }
    }
}

/// Replays the hand's betting.
pub(super) fn replay(events: &[Event], f: &Facts, ctx: &mut Ctx) -> Betting {
    let mut r = Replay {
        f,
        b: Betting::default(),
        street: 0,
        to_call: 0,
        min_raise: 0,
        big_blind: 0,
        bb_seat: None,
        last_actor: None,
        actions_this_street: 0,
        action: None,
        pending: None,
        showdown: false,
        street_info: LastStreet::default(),
    };
    for &s in &f.seats {
        r.seat(s);
    }
    let mut boards = 0usize;
    for e in events {
        let t = e.t;
        match &e.kind {
            EventKind::Post { seat, kind, money } => r.post(*seat, *kind, money.amount),
            EventKind::Board { .. } => {
                boards += 1;
                // The flop's three cards are one street: a new street starts with the first
                // board card after any action (or the first board card at all).
                if r.actions_this_street > 0 || boards == 1 {
                    r.new_street(ctx);
                }
            }
            EventKind::Check { seat } => r.check(*seat, t, ctx),
            EventKind::Fold { seat } => r.fold(*seat, t, ctx),
            EventKind::Bet {
                seat,
                money,
                all_in,
                declared,
            } => r.bet(*seat, money, all_in.unwrap_or(false), *declared, t, ctx),
            EventKind::Show { .. } if !r.showdown => {
                r.resolve(ctx);
                r.showdown = true;
                r.action = None;
            }
            _ => {}
        }
    }
    r.resolve(ctx);
    r.b.last_street = r.street_info;
    r.b
}
