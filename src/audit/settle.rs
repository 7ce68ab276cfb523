//! Closing a round: the settlement the rules call for, its comparison with the chips that moved,
//! and the whole-round checks of `checks`.

use super::checks::{
    check_deal_order, check_dealer_play, check_exposure, check_misread, check_order, check_wagers,
};
use super::finding::{FindingKind, dollars};
use super::round::{CardList, Flow, HandState, Round};
use super::summary::{HandSummary, Outcome, RoundStatus, RoundSummary};
use crate::events::{Bet, Cents};
use crate::rules::cards::{Card, Rank, Suit};
use crate::rules::twenty_one::{DealingMethod, HandValue, HouseRules, must_draw};

/// What the rules call for on one bet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Expect {
    outcome: Outcome,
    pay: Cents,
    collect: Cents,
    /// Part of the wager that must go back to the player, not to the tray (voided wagers).
    void: Cents,
    /// Part of the wager over the table maximum, to be returned (08-09(1)).
    excess: Cents,
}

/// The dealer's hand after burns: the cards kept, and whether every card is known.
struct DealerView {
    cards: CardList,
    /// The hand the dealer had to settle with: the first two cards, then hit cards only while
    /// the dealer was obliged to draw. A card drawn at 17 or more must be burned (08-12(10)),
    /// so it never counts, burned or not.
    value: Option<HandValue>,
    natural: Option<bool>,
    /// A card was drawn when the dealer had to stand (08-11(10)(g)).
    misplayed: bool,
    /// The dealer's cards end on a total the dealer had to draw on (08-11(10)(f)).
    stood_short: bool,
}

fn dealer_view(r: &Round, rules: &HouseRules) -> DealerView {
    let mut cards = CardList::default();
    let (mut all, mut proper, mut kept, mut known) =
        (HandValue::default(), HandValue::default(), 0, true);
    let mut misplayed = false;
    for d in r.dealer_cards() {
        match (d.card, d.burned) {
            // A hit card drawn when the dealer had to stand (burned or not) is a misplay.
            (Some(c), burned) => {
                if kept >= 2 && !must_draw(all, rules.soft_17) {
                    misplayed = true;
                }
                if !burned {
                    if kept < 2 || must_draw(proper, rules.soft_17) {
                        proper.add(c.rank);
                    }
                    all.add(c.rank);
                    kept += 1;
                    cards.push(Some(c));
                }
            }
            (None, false) => {
                known = false;
                kept += 1;
                cards.push(None);
            }
            (None, true) => {}
        }
    }
    let natural = match cards.as_slice() {
        [Some(a), Some(b), ..] => Some(HandValue::of([a.rank, b.rank]).is_two_card_21()),
        _ => None,
    };
    DealerView {
        cards,
        value: known.then_some(proper),
        natural,
        misplayed: known && misplayed,
        stood_short: known && kept >= 2 && must_draw(all, rules.soft_17),
    }
}

/// Closes the round: runs the whole-round checks, settles every bet, and returns the summary.
/// Findings are added to `r.findings`.
pub fn close(r: &mut Round, rules: &HouseRules) -> RoundSummary {
    let dv = dealer_view(r, rules);
    if r.broken.is_none() {
        let active = check_wagers(r, rules);
        check_deal_order(r, rules, &active);
        check_exposure(r, rules, dv.natural == Some(true));
    }
    let up = r.upcard();
    let natural_possible = up.is_some_and(|c| c.rank == Rank::Ace || c.rank.is_ten_count());
    if r.broken.is_none() && (dv.value.is_none() || dv.cards.len() < 2) {
        // The dealer's hand is not fully known: fine only if nothing depended on it.
        // With a reading device an unturned hole card means the device found no natural
        // (08-10(3)); otherwise a natural is ruled out only by the upcard.
        let natural_known =
            rules.dealing_method == DealingMethod::ReadingDevice || !natural_possible;
        let needs = r.used().iter().filter(|s| s.active()).any(|s| {
            (s.insurance > 0 && !natural_known)
                || s.hands().iter().any(|h| {
                    let hangs_on_natural = !h.cards.is_empty()
                        && !h.flow.even_money
                        && (h.is_natural() || h.from_split || h.double > 0);
                    is_live(h) || (hangs_on_natural && !natural_known)
                })
        });
        if needs {
            let t = r.t_end;
            let why = if dv.cards.len() < 2 {
                "the dealer's hand was never completed, though hands remained in play"
            } else {
                "the dealer's hole card was never turned up, though hands remained in play"
            };
            r.break_with(why.into(), t);
        }
    }
    if let Some((reason, t)) = r.broken.clone() {
        let t0 = r.t_start;
        r.find(
            FindingKind::RoundUnreconstructable,
            None,
            (None, None),
            (t0, t),
            "a round that can be played back (08-11(17))".into(),
            reason.clone(),
            None,
            format!("Round could not be reconstructed: {reason}."),
        );
        let wagered = r
            .used()
            .iter()
            .map(|s| {
                s.tip
                    + s.tip_double
                    + s.insurance
                    + s.hands().iter().map(|h| h.stake + h.double).sum::<Cents>()
            })
            .sum();
        return summary(
            r,
            &dv,
            Vec::new(),
            RoundStatus::Unreconstructable,
            wagered,
            0,
            0,
        );
    }
    let dealer_natural = dv.natural.unwrap_or(false);
    let mut hands = Vec::with_capacity(8);
    let (mut exp_house, mut obs_house, mut wagered, mut live) = (0, 0, 0, 0);
    // Whether any hand's chips moved other than the rules call for; only then can the
    // settlement fit another dealer total.
    let mut deviated = false;
    for si in 0..r.used().len() {
        if !r.spaces[si].active() && !r.spaces[si].tip_flow.moved() && r.spaces[si].tip == 0 {
            continue;
        }
        let space = si as u8 + 1;
        let mut first_outcome = Outcome::NoCards;
        for hi in 0..usize::from(r.spaces[si].nhands) {
            let h = &r.spaces[si].hands[hi];
            let e = expect_hand(h, |h| expect_main(h, hi, dealer_natural, dv.value, rules));
            if hi == 0 {
                first_outcome = e.outcome;
            }
            let wrong_pay = h.flow.paid != e.pay || h.flow.collected != e.collect;
            let wrong_even = h.flow.even_money && !(rules.even_money && rules.insurance);
            exp_house += e.collect - e.pay;
            obs_house += h.flow.collected - h.flow.paid;
            wagered += h.stake + h.double;
            live += usize::from(!dealer_natural && is_live(h));
            hands.push(HandSummary {
                space,
                hand: hi as u8 + 1,
                cards: h.cards,
                total: h.value().total(),
                outcome: e.outcome,
                wagered_cents: h.stake + h.double,
                expected_paid_cents: e.pay,
                expected_collected_cents: e.collect,
                paid_cents: h.flow.paid,
                collected_cents: h.flow.collected,
            });
            if wrong_pay || wrong_even {
                // The rare path: the hand is copied so findings can be added to the round.
                let h = *h;
                if wrong_pay {
                    deviated = true;
                    judge_main(r, space, hi as u8 + 1, &h, e);
                }
                if wrong_even {
                    r.find(
                        FindingKind::InsuranceRuleBroken,
                        None,
                        (Some(space), Some(hi as u8 + 1)),
                        (h.t_first, h.flow.t_last),
                        "no even-money payoff: the site does not offer it".into(),
                        format!("even money paid ({})", dollars(h.flow.paid)),
                        None,
                        format!("Space {space}: even money paid on a natural against an ace, but this table does not offer even money."),
                    );
                }
            }
        }
        let sp = &r.spaces[si];
        // When a side bet was to be settled, should no chips have moved on it: from the
        // space's first event to the round's end.
        let settled = (sp.t_first, r.t_end);
        let (tip, tip_double, tip_flow) = (sp.tip, sp.tip_double, sp.tip_flow);
        if tip != 0 || tip_double != 0 || tip_flow.moved() {
            wagered += tip + tip_double;
            let te = expect_tip(tip, tip_double, first_outcome, dealer_natural);
            if tip_flow.paid != te.pay || tip_flow.collected != te.collect {
                judge_side(r, space, Bet::Tip, te, tip_flow, settled);
            }
            exp_house += te.collect - te.pay;
            obs_house += tip_flow.collected - tip_flow.paid;
        }
        let sp = &r.spaces[si];
        let (ins, ins_flow) = (sp.insurance, sp.ins_flow);
        if ins != 0 || ins_flow.moved() {
            wagered += ins;
            let ie = expect_insurance(ins, dealer_natural);
            if ins_flow.paid != ie.pay || ins_flow.collected != ie.collect {
                judge_side(r, space, Bet::Insurance, ie, ins_flow, settled);
            }
            exp_house += ie.collect - ie.pay;
            obs_house += ins_flow.collected - ins_flow.paid;
        }
    }
    if dv.misplayed || (dv.stood_short && live > 0 && !dealer_natural) {
        check_dealer_play(r, rules, live, dealer_natural);
    }
    if deviated && !dealer_natural {
        if let Some(dvalue) = dv.value {
            check_misread(r, dvalue);
        }
    }
    check_order(r, rules, dealer_natural);
    summary(
        r,
        &dv,
        hands,
        RoundStatus::Settled,
        wagered,
        exp_house,
        obs_house,
    )
}

fn summary(
    r: &Round,
    dv: &DealerView,
    hands: Vec<HandSummary>,
    status: RoundStatus,
    wagered_cents: Cents,
    house_expected_cents: Cents,
    house_observed_cents: Cents,
) -> RoundSummary {
    RoundSummary {
        table: r.table.clone(),
        round: r.number,
        t_start: r.t_start,
        t_end: r.t_end,
        wall: r.wall.clone(),
        status,
        dealer_cards: dv.cards,
        dealer_total: dv.value.map(|v| v.total()),
        dealer_natural: dv.natural.unwrap_or(false),
        hands,
        wagered_cents,
        house_expected_cents,
        house_observed_cents,
        findings: r.findings.len() as u32,
    }
}

/// A hand whose result still depends on the dealer's total.
pub(super) fn is_live(h: &HandState) -> bool {
    !h.cards.is_empty()
        && !h.value().is_bust()
        && !h.is_natural()
        && !h.flow.even_money
        && !picked_up(h)
}

/// A hand picked up during the round (its own clear, before the round's) with its wager
/// collected and nothing paid, its cards seen short of a bust: the dealer takes a busted hand's
/// wager and cards at once (99-01.3-08-11(10)(a)), so it busted on a card the log does not
/// hold (one picked up before the camera saw it settle). It was not settled against the
/// dealer's total.
pub(super) fn picked_up(h: &HandState) -> bool {
    h.cleared && h.flow.collected > 0 && h.flow.paid == 0 && !h.value().is_bust()
}

/// A doubled hand whose one card after the double is not in the log. The card is dealt face
/// up at a right angle to the first two (99-01.3-08-11(3)(b)), often across them or across a
/// split hand beside them, where footage can lose it; at a table without video surveillance
/// it may even go face down beneath the wager.
pub(super) fn double_card_unseen(h: &HandState) -> bool {
    h.double > 0 && !h.cards.is_empty() && h.cards.len() == usize::from(h.cards_at_double)
}

/// What the rules call for on a hand (`main`: the settlement of a hand of the cards given).
/// A doubled hand whose card is not in the log has a total the log does not give: it is
/// judged against the settlement its chips come nearest, of those the rules call for with each
/// rank the card could be (or with none, should it never have been dealt). Chips that fit one
/// of them are no finding; chips that fit none are judged against the nearest.
fn expect_hand(h: &HandState, main: impl Fn(&HandState) -> Expect) -> Expect {
    let seen = main(h);
    if !double_card_unseen(h) {
        return seen;
    }
    let gap = |e: &Expect| (h.flow.paid - e.pay).abs() + (h.flow.collected - e.collect).abs();
    let mut best = (gap(&seen), seen);
    for rank in Rank::ALL {
        let mut dealt = *h;
        if !dealt.push_card(Some(Card::new(rank, Suit::Clubs))) {
            break;
        }
        let e = main(&dealt);
        let g = gap(&e);
        if g < best.0 {
            best = (g, e);
        }
    }
    best.1
}

fn expect_main(
    h: &HandState,
    index: usize,
    dealer_natural: bool,
    dealer: Option<HandValue>,
    rules: &HouseRules,
) -> Expect {
    let max = rules.max_wager_cents();
    let stake = h.stake.min(max);
    let double = h.double.min(stake);
    let excess = (h.stake - stake) + (h.double - double);
    let e = |outcome, pay, collect, void| Expect {
        outcome,
        pay,
        collect,
        void,
        excess,
    };
    if h.cards.is_empty() {
        return e(Outcome::NoCards, 0, 0, stake + double);
    }
    if h.flow.even_money {
        return e(Outcome::EvenMoney, stake, 0, 0);
    }
    let v = h.value();
    if dealer_natural {
        // 08-11(10)(d)-(e): the original wager is lost unless the original hand is also a
        // natural (a push); split and double wagers are voided and returned.
        return if index > 0 {
            e(Outcome::Void, 0, 0, stake + double)
        } else if h.is_natural() {
            e(Outcome::Push, 0, 0, 0)
        } else {
            e(Outcome::Lose, 0, stake, double)
        };
    }
    if v.is_bust() {
        return e(Outcome::Bust, 0, stake + double, 0);
    }
    if picked_up(h) {
        return e(Outcome::PickedUp, 0, stake + double, 0);
    }
    if h.is_natural() {
        // 08-11(11): three to two; whole-dollar wagers make this exact (3:2 on $5 is $7.50).
        return e(Outcome::Natural, stake * 3 / 2, 0, 0);
    }
    let Some(d) = dealer else {
        return e(Outcome::NoCards, 0, 0, stake + double);
    };
    let (p, dt) = (v.total(), d.total());
    if d.is_bust() || p > dt {
        e(Outcome::Win, stake + double, 0, 0)
    } else if p == dt {
        e(Outcome::Push, 0, 0, 0)
    } else {
        e(Outcome::Lose, 0, stake + double, 0)
    }
}

fn expect_tip(tip: Cents, tip_double: Cents, hand: Outcome, dealer_natural: bool) -> Expect {
    let total = tip + tip_double;
    let e = |outcome, pay, collect| Expect {
        outcome,
        pay,
        collect,
        void: 0,
        excess: 0,
    };
    if total == 0 {
        return e(Outcome::NoCards, 0, 0);
    }
    match hand {
        // 08-09(2)(a), 08-11(14): a winning hand's tip bet is paid at an equal amount.
        Outcome::Win | Outcome::Natural => e(Outcome::Win, total, 0),
        // 08-11(13): a losing hand's tip bet is won by the organization; on a dealer natural
        // only the original tip bet is lost (08-11(10)(d)), the tip double is voided.
        Outcome::Lose | Outcome::Bust | Outcome::PickedUp => {
            e(Outcome::Lose, 0, if dealer_natural { tip } else { total })
        }
        // 08-11(12): ties are a push, tip included; even money leaves the tip a push (08-09(2)(b)).
        _ => e(Outcome::Push, 0, 0),
    }
}

fn expect_insurance(ins: Cents, dealer_natural: bool) -> Expect {
    let e = |outcome, pay, collect| Expect {
        outcome,
        pay,
        collect,
        void: 0,
        excess: 0,
    };
    if ins == 0 {
        e(Outcome::NoCards, 0, 0)
    } else if dealer_natural {
        // 08-09(2)(b), 08-11(10)(c): two to one.
        e(Outcome::Win, ins * 2, 0)
    } else {
        // 08-11(10)(a): insurance is collected when the dealer has no natural.
        e(Outcome::Lose, 0, ins)
    }
}

fn what(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "winning hand",
        Outcome::Natural => "natural",
        Outcome::EvenMoney => "even-money natural",
        Outcome::Push => "tie",
        Outcome::Lose => "losing hand",
        Outcome::Bust => "busted hand",
        Outcome::PickedUp => "hand picked up before the dealer played",
        Outcome::Void => "voided split/double wager",
        Outcome::NoCards => "hand with no cards",
    }
}

/// Reports what went wrong on a hand whose chips did not move as `e` calls for (the caller
/// compares first, so clean hands never get here).
fn judge_main(r: &mut Round, space: u8, hand: u8, h: &HandState, e: Expect) {
    let f = h.flow;
    let (paid, coll) = (f.paid, f.collected);
    let at = (Some(space), Some(hand));
    let span = (
        h.t_first.min(if f.t_first > 0.0 {
            f.t_first
        } else {
            h.t_first
        }),
        f.t_last.max(h.t_last),
    );
    let cards = h.cards;
    let desc = if double_card_unseen(h) {
        format!(
            "{} ({cards} and a double-down card not seen, {} without it)",
            what(e.outcome),
            h.value().describe()
        )
    } else {
        format!("{} ({cards}, {})", what(e.outcome), h.value().describe())
    };
    let report =
        |r: &mut Round, kind: FindingKind, exp: Cents, obs: Cents, verb: &str, msg: String| {
            r.find(
                kind,
                None,
                at,
                span,
                format!("{verb} {}", dollars(exp)),
                format!("{verb} {}", dollars(obs)),
                Some((exp, obs)),
                format!("Space {space} hand {hand}: {msg}"),
            );
        };
    // Excess over the maximum, or a voided wager, taken into the tray.
    let allowed_collect = e.collect;
    if coll > allowed_collect && e.collect > 0 || (coll > 0 && matches!(e.outcome, Outcome::Void)) {
        let over = coll - allowed_collect;
        if e.void > 0 && over <= e.void + e.excess {
            report(
                r,
                FindingKind::VoidedWagerCollected,
                allowed_collect,
                coll,
                "collect",
                format!(
                    "{desc}: the dealer had a natural, so the split/double wager of {} is void and goes back to the player, but {} was collected.",
                    dollars(e.void),
                    dollars(coll)
                ),
            );
            return;
        }
        if e.excess > 0 && over <= e.excess {
            report(
                r,
                FindingKind::ExcessNotReturned,
                allowed_collect,
                coll,
                "collect",
                format!(
                    "{desc}: the wager over the table maximum ({} excess) must be returned, but {} was collected.",
                    dollars(e.excess),
                    dollars(coll)
                ),
            );
            return;
        }
    }
    match e.outcome {
        Outcome::Win | Outcome::Natural | Outcome::EvenMoney => {
            if coll > 0 && paid == 0 {
                report(
                    r,
                    FindingKind::WinningWagerCollected,
                    e.pay,
                    0,
                    "pay",
                    format!(
                        "{desc} should be paid {}, but its wager of {} was collected.",
                        dollars(e.pay),
                        dollars(coll)
                    ),
                );
            } else if paid > e.pay {
                if e.excess > 0 && paid <= e.pay + e.excess * 3 / 2 {
                    report(
                        r,
                        FindingKind::ExcessNotReturned,
                        e.pay,
                        paid,
                        "pay",
                        format!(
                            "{desc} paid {} on a wager over the table maximum; it is valued at the maximum and pays {}.",
                            dollars(paid),
                            dollars(e.pay)
                        ),
                    );
                } else {
                    report(
                        r,
                        FindingKind::Overpay,
                        e.pay,
                        paid,
                        "pay",
                        format!(
                            "{desc} paid {}, should be {}.",
                            dollars(paid),
                            dollars(e.pay)
                        ),
                    );
                }
            } else if paid < e.pay {
                if e.outcome == Outcome::Natural && paid * 3 == e.pay * 2 {
                    report(
                        r,
                        FindingKind::NaturalPaidEven,
                        e.pay,
                        paid,
                        "pay",
                        format!(
                            "{desc} paid one to one ({}); a natural pays three to two ({}).",
                            dollars(paid),
                            dollars(e.pay)
                        ),
                    );
                } else {
                    // A payoff fanned with chips unseen is given as at least its count and at
                    // most what those chips can be worth (`at_most`): short even so.
                    let bound = usize::from(space)
                        .checked_sub(1)
                        .and_then(|i| r.spaces.get(i))
                        .filter(|sp| sp.paid_min && !sp.paid_unbounded)
                        .map(|sp| sp.paid_slack);
                    let seen = match bound {
                        Some(slack) => format!(
                            "at least {} and at most {}",
                            dollars(paid),
                            dollars(paid + slack)
                        ),
                        None => dollars(paid),
                    };
                    report(
                        r,
                        FindingKind::Underpay,
                        e.pay,
                        paid,
                        "pay",
                        format!("{desc} paid {seen}, should be {}.", dollars(e.pay)),
                    );
                }
            } else if coll > 0 {
                report(
                    r,
                    FindingKind::WinningWagerCollected,
                    0,
                    coll,
                    "collect",
                    format!(
                        "{desc} was paid but {} of its wager was also collected.",
                        dollars(coll)
                    ),
                );
            }
        }
        Outcome::Lose | Outcome::Bust | Outcome::PickedUp => {
            if paid > 0 {
                report(
                    r,
                    FindingKind::Overpay,
                    0,
                    paid,
                    "pay",
                    format!("{desc} was paid {}; it lost.", dollars(paid)),
                );
            } else if coll < e.collect {
                report(
                    r,
                    FindingKind::LosingWagerNotCollected,
                    e.collect,
                    coll,
                    "collect",
                    format!(
                        "{desc} lost {}, but {} was collected.",
                        dollars(e.collect),
                        dollars(coll)
                    ),
                );
            } else if coll > e.collect {
                report(
                    r,
                    FindingKind::Overcollected,
                    e.collect,
                    coll,
                    "collect",
                    format!(
                        "{desc}: {} collected, more than the {} wager.",
                        dollars(coll),
                        dollars(e.collect)
                    ),
                );
            }
        }
        Outcome::Push | Outcome::Void | Outcome::NoCards => {
            if paid > 0 {
                let kind = if e.outcome == Outcome::Push {
                    FindingKind::PaidPush
                } else {
                    FindingKind::Overpay
                };
                report(
                    r,
                    kind,
                    0,
                    paid,
                    "pay",
                    format!("{desc} was paid {}; nothing is owed.", dollars(paid)),
                );
            } else if coll > 0 {
                let kind = match e.outcome {
                    Outcome::Push => FindingKind::PushCollected,
                    Outcome::Void => FindingKind::VoidedWagerCollected,
                    _ => FindingKind::Overcollected,
                };
                report(
                    r,
                    kind,
                    0,
                    coll,
                    "collect",
                    format!(
                        "{desc}: {} collected; the wager stays with the player.",
                        dollars(coll)
                    ),
                );
            }
        }
    }
}

/// Reports a tip or insurance bet whose chips did not move as `e` calls for (the caller
/// compares first): when its chips moved, or, none having moved, over `settled` (seconds),
/// the span in which it was to be settled, so that the finding says when to look.
fn judge_side(r: &mut Round, space: u8, bet: Bet, e: Expect, f: Flow, settled: (f64, f64)) {
    let (kind, name) = match bet {
        Bet::Tip => (FindingKind::TipSettledWrong, "tip bet"),
        _ => (FindingKind::InsuranceSettledWrong, "insurance bet"),
    };
    let want = match e.outcome {
        Outcome::Win => format!("paid {}", dollars(e.pay)),
        Outcome::Lose => format!("collected {}", dollars(e.collect)),
        Outcome::NoCards => "no bet, nothing to settle".to_string(),
        _ => "left as a push".to_string(),
    };
    let got = format!(
        "paid {}, collected {}",
        dollars(f.paid),
        dollars(f.collected)
    );
    let (exp, obs) = if e.pay > 0 || f.paid > 0 {
        (e.pay, f.paid)
    } else {
        (e.collect, f.collected)
    };
    r.find(
        kind,
        None,
        (Some(space), None),
        if f.moved() {
            (f.t_first, f.t_last)
        } else {
            settled
        },
        want.clone(),
        got.clone(),
        Some((exp, obs)),
        format!("Space {space}: the {name} should be {want}; it was {got}."),
    );
}
