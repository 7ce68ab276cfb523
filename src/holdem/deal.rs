//! The deal: the button's move, who posts the blinds, the hole cards, and the burns and board
//! cards of the flop, turn and river.

use crate::audit::FindingKind;
use crate::events::PostKind;

use super::hand::{Ctx, Facts, PrevHand};
use super::seats::{clockwise_from, list, next_after};

/// The button moves one seat clockwise to the next player each hand (DC 30-1604.3(d), (x)); when
/// play becomes heads-up, the player who had the big blind last gets it (09-04(11)).
pub(super) fn check_button(f: &Facts, prev: Option<&PrevHand>, ctx: &mut Ctx) {
    let (Some(prev), Some((button, t))) = (prev, f.button) else {
        return;
    };
    if f.seats.is_empty() {
        return;
    }
    let heads_up_now = f.seats.len() == 2 && prev.seats.len() > 2;
    let expected = match prev.big_blind {
        Some(bb) if heads_up_now && f.seats.contains(&bb) => bb,
        _ => match next_after(&f.seats, prev.button) {
            Some(s) => s,
            None => return,
        },
    };
    if button != expected {
        let why = if heads_up_now {
            "play became heads-up: the seat that had the big blind last takes the button (N.D. Admin. Code 99-01.3-09-04(11))"
        } else {
            "the button moves to the next player clockwise"
        };
        ctx.find(
            FindingKind::ButtonNotMoved,
            Some(button),
            (t, t),
            format!("button at seat {expected}"),
            format!("button at seat {button} (last hand: seat {})", prev.button),
            None,
            format!("button placed at seat {button}, not seat {expected}: {why}",),
        );
    }
}

/// The seats that must post: the small blind left of the button and the big blind left of it;
/// heads-up, the button posts the small blind (DC 30-1604.3(e)-(g), 09-04(11)).
pub(super) fn expected_blinds(f: &Facts) -> Option<(u8, u8)> {
    let (button, _) = f.button?;
    let mut seats = f.seats.clone();
    for p in &f.posts {
        if !seats.contains(&p.0) {
            seats.push(p.0);
        }
    }
    seats.sort_unstable();
    if seats.len() < 2 {
        return None;
    }
    if seats.len() == 2 {
        let other = next_after(&seats, button)?;
        let sb = if seats.contains(&button) {
            button
        } else {
            next_after(&seats, other)?
        };
        return Some((sb, other));
    }
    let sb = next_after(&seats, button)?;
    let bb = next_after(&seats, sb)?;
    Some((sb, bb))
}

pub(super) fn check_blinds(f: &Facts, ctx: &mut Ctx) {
    let Some((sb, bb)) = expected_blinds(f) else {
        return;
    };
    for &(seat, kind, cents, t) in &f.posts {
        let want = match kind {
            PostKind::SmallBlind => sb,
            PostKind::BigBlind => bb,
            PostKind::Ante => continue,
        };
        if seat != want {
            let name = if kind == PostKind::SmallBlind {
                "small"
            } else {
                "big"
            };
            let heads_up = if f.seats.len() == 2 {
                " (heads-up: the button posts the small blind, DC 30-1604.3(g))"
            } else {
                ""
            };
            ctx.find(
                FindingKind::BlindsWrongSeats,
                Some(seat),
                (t, t),
                format!("{name} blind from seat {want}"),
                format!(
                    "{name} blind of {} from seat {seat}",
                    crate::audit::dollars(cents)
                ),
                None,
                format!("the {name} blind was posted by seat {seat}, not seat {want}{heads_up}"),
            );
        }
    }
}

/// Hole cards: one at a time, clockwise from the seat left of the button, two rounds, two cards
/// each (09-04(7), (13); DC 30-1604.3(h)-(i)).
pub(super) fn check_hole_deal(f: &Facts, ctx: &mut Ctx) {
    let deal = &f.hole[..f.initial];
    if deal.is_empty() {
        return;
    }
    let span = (deal[0].2, deal[deal.len() - 1].2);
    for &seat in &f.seats {
        let n = deal.iter().filter(|h| h.0 == seat).count();
        if n != 2 {
            ctx.find(
                FindingKind::Misdeal,
                Some(seat),
                span,
                "two hole cards".into(),
                format!("{n} hole card(s)"),
                None,
                format!("seat {seat} received {n} hole card(s) in the deal; each player gets two (a misdeal)"),
            );
        }
    }
    for &(seat, _, cents, t) in &f.posts {
        if !f.seats.contains(&seat) {
            ctx.find(
                FindingKind::Misdeal,
                Some(seat),
                (t, span.1),
                "the seat dealt in".into(),
                "no hole cards".into(),
                None,
                format!(
                    "seat {seat} posted {} but was dealt no cards: an active player dealt out (a misdeal)",
                    crate::audit::dollars(cents)
                ),
            );
        }
    }
    let Some((button, _)) = f.button else {
        return;
    };
    let round = clockwise_from(&f.seats, button);
    let expected: Vec<u8> = round.iter().chain(round.iter()).copied().collect();
    let observed: Vec<u8> = deal.iter().map(|h| h.0).collect();
    let counts_ok = f
        .seats
        .iter()
        .all(|&s| observed.iter().filter(|&&o| o == s).count() == 2);
    if counts_ok && observed != expected {
        ctx.find(
            FindingKind::Misdeal,
            Some(observed[0]),
            span,
            format!("cards to seats {} in turn", list(&expected)),
            format!("cards to seats {}", list(&observed)),
            None,
            format!(
                "hole cards dealt out of sequence: the deal starts left of the button (seat {button}) and goes clockwise, one card at a time"
            ),
        );
    }
}

/// One burn before each of the flop, turn and river, then three, one and one board cards
/// (09-04(14); DC 30-1604.3(n), (p), (r)). Burns and board cards are grouped into deals: a burn
/// after a board card, or any card after betting, starts the next deal.
pub(super) fn check_board(f: &Facts, ctx: &mut Ctx) {
    struct Deal {
        burns: usize,
        boards: usize,
        t0: f64,
        t1: f64,
    }
    if f.deck.is_empty() {
        return;
    }
    let want = [3usize, 1, 1];
    let mut deals: Vec<Deal> = Vec::new();
    let mut last = 0usize;
    for &(seq, is_burn, t) in &f.deck {
        let betting_between = f.bet_seq.iter().any(|&b| b > last && b < seq);
        let start = match deals.last() {
            None => true,
            Some(d) => {
                betting_between
                    || (is_burn && d.boards > 0)
                    || (!is_burn && d.boards >= want[(deals.len() - 1).min(2)])
            }
        };
        if start {
            deals.push(Deal {
                burns: 0,
                boards: 0,
                t0: t,
                t1: t,
            });
        }
        let d = deals.last_mut().expect("a deal was started");
        d.t1 = t;
        if is_burn {
            d.burns += 1;
        } else {
            d.boards += 1;
        }
        last = seq;
    }
    let names = ["flop", "turn", "river"];
    for (i, d) in deals.iter().enumerate() {
        let name = names.get(i).copied().unwrap_or("after the river");
        let burns = usize::from(i < 3);
        if d.burns != burns {
            ctx.find(
                FindingKind::BurnProcedure,
                None,
                (d.t0, d.t1),
                format!("{burns} burn(s) before the {name}"),
                format!("{} burn(s)", d.burns),
                None,
                format!(
                    "{} burn card(s) before the {name}; one card is burned before each street",
                    d.burns
                ),
            );
        }
        let expected = want.get(i).copied().unwrap_or(0);
        if d.boards != expected {
            ctx.find(
                FindingKind::BoardCardCount,
                None,
                (d.t0, d.t1),
                format!("{expected} board card(s) on the {name}"),
                format!("{} board card(s)", d.boards),
                None,
                format!("{} board card(s) dealt on the {name}; the flop is three cards, the turn and river one each", d.boards),
            );
        }
    }
}
