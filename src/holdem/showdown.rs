//! The showdown and the pots: the order hands are shown (09-04(23)), dead hands (09-04(18)), a
//! card seen twice (an incorrect pack voids the deal, Morehead 14, 09-04(28)), and what each seat
//! should receive against what was pushed to it (DC 30-1604.3(v)(3), 09-04(25), (27)).

use std::collections::BTreeMap;

use crate::audit::{FindingKind, dollars};
use crate::events::Cents;
use crate::rules::Card;
use crate::rules::poker::{Contender, Evaluator, Split, Stake, award, build_pots, low_value};

use super::betting::Betting;
use super::hand::{Ctx, Ending, Facts};
use super::rules::HoldemRules;
use super::seats::{clockwise_from, list};
use super::summary::{HandStatus, SeatSummary};

/// Cards each seat was seen to hold: dealt face up or shown, without repeats.
fn known_hole_cards(f: &Facts) -> BTreeMap<u8, Vec<Card>> {
    let mut m: BTreeMap<u8, Vec<Card>> = BTreeMap::new();
    let seen = f.hole.iter().filter_map(|h| h.1.map(|c| (h.0, c))).chain(
        f.shows
            .iter()
            .flat_map(|s| s.1.iter().map(move |&c| (s.0, c))),
    );
    for (seat, c) in seen {
        let v = m.entry(seat).or_default();
        if !v.contains(&c) {
            v.push(c);
        }
    }
    m
}

/// Seats holding more than two cards: dealt more, or showing more (09-04(18)).
fn fouled(f: &Facts) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::new();
    let mut dealt: BTreeMap<u8, usize> = BTreeMap::new();
    for h in &f.hole {
        *dealt.entry(h.0).or_default() += 1;
    }
    for (&seat, &n) in &dealt {
        if n > 2 {
            out.push(seat);
        }
    }
    for (seat, cards, _) in &f.shows {
        if cards.len() > 2 && !out.contains(seat) {
            out.push(*seat);
        }
    }
    out.sort_unstable();
    out
}

/// A card that turned up twice in the deal: (card, first time, second time).
fn duplicate(f: &Facts) -> Option<(Card, f64)> {
    let mut seen: Vec<Card> = Vec::new();
    let hole = known_hole_cards(f);
    let last_t = f.t_end;
    let cards = hole
        .values()
        .flatten()
        .copied()
        .chain(f.board.iter().map(|b| b.0))
        .chain(f.burns.iter().filter_map(|b| b.0));
    for c in cards {
        if seen.contains(&c) {
            return Some((c, last_t));
        }
        seen.push(c);
    }
    None
}

/// Seat summaries without pots (for a hand that cannot be judged).
pub(super) fn seats_only(f: &Facts, b: &Betting) -> Vec<SeatSummary> {
    let foul = fouled(f);
    let mut pushed: BTreeMap<u8, Cents> = BTreeMap::new();
    for p in &f.pots {
        *pushed.entry(p.0).or_default() += p.1;
    }
    let mut seats: Vec<u8> = b
        .seats
        .keys()
        .copied()
        .chain(pushed.keys().copied())
        .collect();
    seats.sort_unstable();
    seats.dedup();
    seats
        .into_iter()
        .map(|seat| {
            let sb = b.seats.get(&seat).copied().unwrap_or_default();
            SeatSummary {
                seat,
                put_in_cents: sb.put_in,
                folded: sb.folded,
                all_in: sb.all_in,
                fouled: foul.contains(&seat),
                shown: f
                    .shows
                    .iter()
                    .find(|s| s.0 == seat)
                    .map(|s| s.1.clone())
                    .unwrap_or_default(),
                hand: None,
                expected_cents: 0,
                awarded_cents: pushed.get(&seat).copied().unwrap_or(0),
            }
        })
        .collect()
}

/// Works out the pots, compares them with what was pushed, and checks the showdown order.
pub(super) fn settle(
    f: &Facts,
    b: &Betting,
    ending: Ending,
    rules: &HoldemRules,
    ctx: &mut Ctx,
) -> (HandStatus, Vec<SeatSummary>) {
    let mut seats = seats_only(f, b);
    let foul = fouled(f);
    let stakes: Vec<Stake> = seats
        .iter()
        .map(|s| Stake {
            seat: s.seat,
            put_in: s.put_in_cents,
            live: !s.folded && !s.fouled,
        })
        .collect();
    let total: Cents = stakes.iter().map(|s| s.put_in).sum();
    let pushed_total: Cents = f.pots.iter().map(|p| p.1).sum();
    if ending == Ending::LogEnded && f.pots.is_empty() {
        if total > 0 {
            ctx.find(
                FindingKind::HandUnreconstructable,
                None,
                (f.t_start, f.t_end),
                format!("the pot of {} pushed", dollars(total)),
                "the log ends first".into(),
                None,
                "the log ends before the pot was pushed; the hand is not judged".into(),
            );
        }
        return (HandStatus::Unreconstructable, seats);
    }
    let button = f.button.map_or(0, |b| b.0);
    let mut status = HandStatus::Settled;
    let expected: BTreeMap<u8, Cents>;
    let mut ties: Vec<u8> = Vec::new();
    if let Some((card, t)) = duplicate(f) {
        // Morehead 14: the deal is void; each player withdraws what he put in.
        ctx.find(
            FindingKind::IncorrectPack,
            None,
            (f.t_start, t),
            "a pack of 52 different cards; the deal void and every bet returned".into(),
            format!("{card} seen twice"),
            None,
            format!("{card} appeared twice in one deal: the pack is incorrect, the deal is void and each player takes back what he put in"),
        );
        status = HandStatus::Void;
        expected = stakes.iter().map(|s| (s.seat, s.put_in)).collect();
    } else {
        let pots = build_pots(&stakes);
        let contested = pots.iter().any(|p| p.eligible.len() > 1);
        let board: Vec<Card> = f.board.iter().map(|b| b.0).collect();
        let ev = Evaluator::new();
        let mut contenders: Vec<Contender> = Vec::new();
        if contested {
            if board.len() != 5 {
                // The hands cannot be read against a board that is not five cards.
                if !ctx
                    .findings
                    .iter()
                    .any(|x| x.kind == FindingKind::BoardCardCount)
                {
                    ctx.find(
                        FindingKind::BoardCardCount,
                        None,
                        (f.t_start, f.t_end),
                        "five board cards at the showdown".into(),
                        format!("{} board card(s)", board.len()),
                        None,
                        format!(
                            "the hand went to a showdown with {} board card(s); the board is five cards",
                            board.len()
                        ),
                    );
                }
                return (HandStatus::Unreconstructable, seats);
            }
            for s in seats.iter_mut() {
                let Some(shown) = f.shows.iter().find(|x| x.0 == s.seat) else {
                    continue;
                };
                let mut cards = shown.1.clone();
                cards.extend(&board);
                let Ok(high) = ev.evaluate(&cards) else {
                    continue;
                };
                s.hand = Some(high.to_string());
                if s.folded || s.fouled {
                    continue;
                }
                let low = low_value(&cards)
                    .filter(|l| rules.high_low && l.qualifies(rules.low_qualifier));
                contenders.push(Contender {
                    seat: s.seat,
                    high,
                    low,
                });
            }
            let unjudged: Vec<u8> = pots
                .iter()
                .filter(|p| p.eligible.len() > 1)
                .filter(|p| {
                    !p.eligible
                        .iter()
                        .any(|e| contenders.iter().any(|c| c.seat == *e))
                })
                .flat_map(|p| p.eligible.clone())
                .collect();
            if !unjudged.is_empty() {
                ctx.find(
                    FindingKind::HandUnreconstructable,
                    None,
                    (f.t_start, f.t_end),
                    "hands shown that can be read with the board".into(),
                    format!("no readable hand among seats {}", list(&unjudged)),
                    None,
                    format!(
                        "a pot contested by seats {} cannot be judged: no hand of theirs was shown with a full board",
                        list(&unjudged)
                    ),
                );
                return (HandStatus::Unreconstructable, seats);
            }
            check_show_order(f, b, &pots, ctx);
        }
        let split = if rules.high_low {
            Split::HighLow
        } else {
            Split::High
        };
        for p in &pots {
            let best = contenders
                .iter()
                .filter(|c| p.eligible.contains(&c.seat))
                .map(|c| c.high)
                .max();
            let tied: Vec<u8> = contenders
                .iter()
                .filter(|c| p.eligible.contains(&c.seat) && Some(c.high) == best)
                .map(|c| c.seat)
                .collect();
            if tied.len() > 1 {
                ties.extend(tied);
            }
            ties.sort_unstable();
            ties.dedup();
        }
        expected = award(&pots, &contenders, split, button, rules.smallest_chip_cents)
            .into_iter()
            .collect();
    }
    let mut observed: BTreeMap<u8, Cents> = BTreeMap::new();
    for p in &f.pots {
        *observed.entry(p.0).or_default() += p.1;
    }
    for s in seats.iter_mut() {
        s.expected_cents = expected.get(&s.seat).copied().unwrap_or(0);
    }
    for (&seat, &c) in &expected {
        if !seats.iter().any(|s| s.seat == seat) {
            seats.push(SeatSummary {
                seat,
                put_in_cents: 0,
                folded: false,
                all_in: false,
                fouled: false,
                shown: Vec::new(),
                hand: None,
                expected_cents: c,
                awarded_cents: 0,
            });
        }
    }
    let mismatched: Vec<u8> = seats
        .iter()
        .filter(|s| s.expected_cents != s.awarded_cents)
        .map(|s| s.seat)
        .collect();
    if !mismatched.is_empty() {
        let fmt = |m: &dyn Fn(&SeatSummary) -> Cents| {
            seats
                .iter()
                .filter(|s| m(s) != 0 || mismatched.contains(&s.seat))
                .map(|s| format!("seat {} {}", s.seat, dollars(m(s))))
                .collect::<Vec<_>>()
                .join(", ")
        };
        // The winners' hands, to say why: "seat 1 $50.00 (three_of_a_kind)".
        let exp = seats
            .iter()
            .filter(|s| s.expected_cents != 0 || mismatched.contains(&s.seat))
            .map(|s| match (&s.hand, s.expected_cents) {
                (Some(h), c) if c > 0 => format!("seat {} {} ({h})", s.seat, dollars(c)),
                (_, c) => format!("seat {} {}", s.seat, dollars(c)),
            })
            .collect::<Vec<_>>()
            .join(", ");
        let obs = fmt(&|s| s.awarded_cents);
        // The seat that got more than its due, else the first that got less.
        let over = seats
            .iter()
            .find(|s| s.awarded_cents > s.expected_cents)
            .or_else(|| seats.iter().find(|s| s.awarded_cents != s.expected_cents))
            .expect("a mismatched seat");
        let (seat, e, o) = (over.seat, over.expected_cents, over.awarded_cents);
        let t0 = f.pots.first().map_or(f.t_end, |p| p.2);
        let t1 = f.pots.last().map_or(f.t_end, |p| p.2);
        let (kind, msg) = if foul.contains(&seat) && o > e {
            (
                FindingKind::FouledHandWon,
                format!(
                    "seat {seat} held too many cards (a dead hand) yet was pushed {}",
                    dollars(o)
                ),
            )
        } else if status == HandStatus::Void {
            (
                FindingKind::IncorrectPack,
                "the deal was void, but the bets were not handed back as put in".to_string(),
            )
        } else if !ties.is_empty()
            && mismatched.iter().all(|m| ties.contains(m))
            && pushed_total == expected.values().sum::<Cents>()
        {
            (
                FindingKind::PotSplitWrongly,
                format!(
                    "a tied pot between seats {} was split wrongly (equal shares, the odd chip to the first live hand clockwise from the button)",
                    list(&ties)
                ),
            )
        } else {
            (
                FindingKind::PotAwardedWrongly,
                format!(
                    "seat {seat} was pushed {} where the rules award {}",
                    dollars(o),
                    dollars(e)
                ),
            )
        };
        ctx.find(kind, Some(seat), (t0, t1), exp, obs, Some((e, o)), msg);
    }
    seats.sort_by_key(|s| s.seat);
    (status, seats)
}

/// 09-04(23): the last bettor or raiser on the final round shows first, else the first to act;
/// then clockwise; players in a side pot before a player all in for the main pot only.
fn check_show_order(f: &Facts, b: &Betting, pots: &[crate::rules::poker::Pot], ctx: &mut Ctx) {
    let mut shown: Vec<(u8, f64)> = Vec::new();
    for (seat, _, t) in &f.shows {
        if !shown.iter().any(|s| s.0 == *seat) {
            shown.push((*seat, *t));
        }
    }
    if shown.len() < 2 {
        return;
    }
    let first = b
        .last_street
        .last_aggressor
        .or(b.last_street.first_actor)
        .or(f.button.map(|b| b.0));
    let Some(first) = first else {
        return;
    };
    let seats: Vec<u8> = shown.iter().map(|s| s.0).collect();
    // Clockwise starting at `first` itself.
    let mut order = clockwise_from(&seats, first.wrapping_sub(1));
    // (e): seats in a side pot show before a seat all in for the main pot only.
    let side_pots = pots.iter().filter(|p| p.eligible.len() > 1).count() > 1;
    if side_pots {
        let main_only = |s: &u8| {
            pots.iter()
                .filter(|p| p.eligible.len() > 1 && p.eligible.contains(s))
                .count()
                == 1
                && b.seats.get(s).is_some_and(|x| x.all_in)
        };
        order.sort_by_key(|s| main_only(s));
    }
    if order != seats {
        ctx.find(
            FindingKind::ShowdownOrder,
            Some(seats[0]),
            (shown[0].1, shown[shown.len() - 1].1),
            format!("hands shown by seats {} in turn", list(&order)),
            format!("shown by seats {}", list(&seats)),
            None,
            format!(
                "hands were shown in the order {}; seat {} shows first (the last to bet or raise on the final round, else the first to act) and the rest follow clockwise{}",
                list(&seats),
                order[0],
                if side_pots {
                    ", players in a side pot before one all in for the main pot only"
                } else {
                    ""
                }
            ),
        );
    }
}
