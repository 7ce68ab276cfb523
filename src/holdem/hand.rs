//! One hand's events gathered into facts (who posted, who was dealt what, the board, what was
//! shown and pushed) and judged: the deal, the betting, the showdown and the pots.

use crate::audit::{Finding, FindingKind};
use crate::events::{Cents, Event, EventKind, Id, PostKind, Target};
use crate::rules::Card;

use super::betting::{self, Betting};
use super::rules::HoldemRules;
use super::summary::{HandStatus, HoldemSummary};
use super::{deal, showdown};

/// What the hand before left behind, for the button's move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrevHand {
    /// Where the button was.
    pub button: u8,
    /// Who posted the big blind.
    pub big_blind: Option<u8>,
    /// The seats dealt in.
    pub seats: Vec<u8>,
}

/// The hand's events sorted by what they say.
#[derive(Debug, Default)]
pub(super) struct Facts {
    pub t_start: f64,
    pub t_end: f64,
    pub wall: Option<Id>,
    pub button: Option<(u8, f64)>,
    /// (seat, kind, cents, t)
    pub posts: Vec<(u8, PostKind, Cents, f64)>,
    /// Cards dealt to seats, in order: (seat, identity when face up, t).
    pub hole: Vec<(u8, Option<Card>, f64)>,
    /// How many of `hole` were dealt before the first action, burn or board card.
    pub initial: usize,
    /// Seats dealt in (seat order).
    pub seats: Vec<u8>,
    pub board: Vec<(Card, f64)>,
    /// Burns from the deck: (identity when seen, t).
    pub burns: Vec<(Option<Card>, f64)>,
    /// (seat, cards, t)
    pub shows: Vec<(u8, Vec<Card>, f64)>,
    /// Log positions of bets, checks and folds.
    pub bet_seq: Vec<usize>,
    /// Burns after the first hole card and board cards, in log order: (position, is a burn, t).
    pub deck: Vec<(usize, bool, f64)>,
    /// Chips pushed to seats: (seat, cents, t).
    pub pots: Vec<(u8, Cents, f64)>,
    /// Events the hold'em audit cannot place (twenty-one events): the first one's type and t.
    pub foreign: Option<(&'static str, f64)>,
}

impl Facts {
    pub fn gather(events: &[Event]) -> Facts {
        let mut f = Facts {
            t_start: events.first().map_or(0.0, |e| e.t),
            t_end: events.last().map_or(0.0, |e| e.t),
            wall: events.iter().find_map(|e| e.wall.clone()),
            ..Facts::default()
        };
        let mut dealing = true;
        for (i, e) in events.iter().enumerate() {
            let t = e.t;
            match &e.kind {
                EventKind::Button { seat } => {
                    f.button.get_or_insert((*seat, t));
                }
                EventKind::Post { seat, kind, money } => {
                    f.posts.push((*seat, *kind, money.amount, t))
                }
                EventKind::Card {
                    to: Target::Hand { space, .. },
                    card,
                    ..
                } => {
                    f.hole.push((*space, *card, t));
                    if dealing {
                        f.initial = f.hole.len();
                    }
                }
                EventKind::Board { card } => {
                    dealing = false;
                    f.board.push((*card, t));
                    f.deck.push((i, false, t));
                }
                EventKind::Burn { card, from: None } => {
                    if !f.hole.is_empty() {
                        dealing = false;
                        f.deck.push((i, true, t));
                    }
                    f.burns.push((*card, t));
                }
                EventKind::Bet { .. } | EventKind::Check { .. } | EventKind::Fold { .. } => {
                    dealing = false;
                    f.bet_seq.push(i);
                }
                EventKind::Show { seat, cards } => {
                    dealing = false;
                    f.shows.push((*seat, cards.to_vec(), t));
                }
                EventKind::Pot { seat, money } => f.pots.push((*seat, money.amount, t)),
                EventKind::Shuffle
                | EventKind::Cut
                | EventKind::DealerChange { .. }
                | EventKind::CardsCleared { space: None } => {}
                other => {
                    f.foreign.get_or_insert((other.type_name(), t));
                }
            }
        }
        let mut seats: Vec<u8> = f.hole[..f.initial].iter().map(|h| h.0).collect();
        seats.sort_unstable();
        seats.dedup();
        f.seats = seats;
        f
    }
}

/// Collects a hand's findings.
pub(super) struct Ctx {
    pub table: Id,
    pub number: u32,
    pub wall: Option<Id>,
    pub findings: Vec<Finding>,
}

impl Ctx {
    /// Records a finding.
    #[allow(clippy::too_many_arguments)]
    pub fn find(
        &mut self,
        kind: FindingKind,
        seat: Option<u8>,
        span: (f64, f64),
        expected: String,
        observed: String,
        cents: Option<(Cents, Cents)>,
        message: String,
    ) {
        self.findings.push(Finding {
            kind,
            severity: kind.severity(),
            citation: kind.citation().to_string(),
            table: self.table.clone(),
            round: self.number,
            space: seat,
            hand: None,
            t_start: span.0.min(span.1),
            t_end: span.0.max(span.1),
            wall: self.wall.clone(),
            expected,
            observed,
            expected_cents: cents.map(|c| c.0),
            observed_cents: cents.map(|c| c.1),
            message,
        });
    }
}

/// How the hand's events ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The next hand began, or the cards were cleared: the pots were pushed if they ever were.
    Closed,
    /// The log ended with the hand still open.
    LogEnded,
}

/// Judges one hand. Returns its summary, its findings, and what the next hand needs to know.
pub fn judge(
    table: &Id,
    number: u32,
    events: &[Event],
    prev: Option<&PrevHand>,
    ending: Ending,
    rules: &HoldemRules,
) -> (HoldemSummary, Vec<Finding>, Option<PrevHand>) {
    let facts = Facts::gather(events);
    let mut ctx = Ctx {
        table: table.clone(),
        number,
        wall: facts.wall.clone(),
        findings: Vec::new(),
    };
    let mut status = HandStatus::Settled;
    if let Some((ty, t)) = facts.foreign {
        ctx.find(
            FindingKind::HandUnreconstructable,
            None,
            (facts.t_start, t),
            "hold'em events only".into(),
            format!("a `{ty}` event"),
            None,
            format!("a twenty-one `{ty}` event inside a hold'em hand; the hand is not judged"),
        );
        status = HandStatus::Unreconstructable;
    }
    deal::check_button(&facts, prev, &mut ctx);
    deal::check_blinds(&facts, &mut ctx);
    deal::check_hole_deal(&facts, &mut ctx);
    deal::check_board(&facts, &mut ctx);
    let bets: Betting = betting::replay(events, &facts, &mut ctx);
    let seats = if status == HandStatus::Settled {
        let (st, seats) = showdown::settle(&facts, &bets, ending, rules, &mut ctx);
        status = st;
        seats
    } else {
        showdown::seats_only(&facts, &bets)
    };
    let pot_cents = seats.iter().map(|s| s.put_in_cents).sum();
    let next = facts.button.map(|(b, _)| PrevHand {
        button: b,
        big_blind: facts
            .posts
            .iter()
            .find(|p| p.1 == PostKind::BigBlind)
            .map(|p| p.0),
        seats: facts.seats.clone(),
    });
    let summary = HoldemSummary {
        table: table.clone(),
        hand: number,
        t_start: facts.t_start,
        t_end: facts.t_end,
        wall: facts.wall.clone(),
        status,
        button: facts.button.map(|b| b.0),
        board: facts.board.iter().map(|b| b.0).collect(),
        pot_cents,
        seats,
        findings: ctx.findings.len() as u32,
    };
    (summary, ctx.findings, next)
}
