//! Closing a round: the checks that need the whole round (dealing order, dealer play, limits),
//! the settlement the rules call for, and its comparison with the chips that moved.

use super::finding::{FindingKind, dollars};
use super::round::{CardList, Flow, HandState, Round};
use super::summary::{HandSummary, Outcome, RoundStatus, RoundSummary};
use crate::events::{Bet, Cents, MAX_HANDS, MAX_SPACE};
use crate::rules::cards::Rank;
use crate::rules::twenty_one::{
    Collection, DealingMethod, HandValue, HouseRules, TipDouble, must_draw,
};

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
}

fn dealer_view(r: &Round, rules: &HouseRules) -> DealerView {
    let mut cards = CardList::default();
    for d in r.dealer_cards().iter().filter(|d| !d.burned) {
        cards.push(d.card);
    }
    let value = cards.value().map(|_| {
        let mut v = HandValue::default();
        for (i, c) in cards.as_slice().iter().flatten().enumerate() {
            if i < 2 || must_draw(v, rules.soft_17) {
                v.add(c.rank);
            }
        }
        v
    });
    let natural = if cards.len() >= 2 {
        let first = &cards.as_slice()[..2];
        match (first[0], first[1]) {
            (Some(a), Some(b)) => Some(HandValue::of([a.rank, b.rank]).is_two_card_21()),
            _ => None,
        }
    } else {
        None
    };
    DealerView {
        cards,
        value,
        natural,
    }
}

/// Closes the round: runs the whole-round checks, settles every bet, and returns the summary.
/// Findings are added to `r.findings`.
pub fn close(r: &mut Round, rules: &HouseRules) -> RoundSummary {
    let dv = dealer_view(r, rules);
    if r.broken.is_none() {
        check_wagers(r, rules);
        check_deal_order(r, rules);
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
            let h = r.spaces[si].hands[hi];
            let e = expect_main(&h, hi, dealer_natural, dv.value, rules);
            if hi == 0 {
                first_outcome = e.outcome;
            }
            if h.flow.paid != e.pay || h.flow.collected != e.collect {
                deviated = true;
                judge_main(r, space, hi as u8 + 1, &h, e);
            }
            if h.flow.even_money && !(rules.even_money && rules.insurance) {
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
            exp_house += e.collect - e.pay;
            obs_house += h.flow.collected - h.flow.paid;
            wagered += h.stake + h.double;
            live += usize::from(!dealer_natural && is_live(&h));
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
        }
        let sp = &r.spaces[si];
        let (tip, tip_double, tip_flow, ins, ins_flow) = (
            sp.tip,
            sp.tip_double,
            sp.tip_flow,
            sp.insurance,
            sp.ins_flow,
        );
        wagered += tip + tip_double + ins;
        let te = expect_tip(tip, tip_double, first_outcome, dealer_natural);
        if tip_flow.paid != te.pay || tip_flow.collected != te.collect {
            judge_side(r, space, Bet::Tip, te, tip_flow);
        }
        exp_house += te.collect - te.pay;
        obs_house += tip_flow.collected - tip_flow.paid;
        let ie = expect_insurance(ins, dealer_natural);
        if ins_flow.paid != ie.pay || ins_flow.collected != ie.collect {
            judge_side(r, space, Bet::Insurance, ie, ins_flow);
        }
        exp_house += ie.collect - ie.pay;
        obs_house += ins_flow.collected - ins_flow.paid;
    }
    check_dealer_play(r, rules, live, dealer_natural);
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
fn is_live(h: &HandState) -> bool {
    !h.cards.is_empty() && !h.value().is_bust() && !h.is_natural() && !h.flow.even_money
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
        Outcome::Lose | Outcome::Bust => {
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
        Outcome::Void => "voided split/double wager",
        Outcome::NoCards => "hand with no cards",
    }
}

fn judge_main(r: &mut Round, space: u8, hand: u8, h: &HandState, e: Expect) {
    let f = h.flow;
    let (paid, coll) = (f.paid, f.collected);
    if paid == e.pay && coll == e.collect {
        return;
    }
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
    let desc = format!("{} ({cards}, {})", what(e.outcome), h.value().describe());
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
                    report(
                        r,
                        FindingKind::Underpay,
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
        Outcome::Lose | Outcome::Bust => {
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

fn judge_side(r: &mut Round, space: u8, bet: Bet, e: Expect, f: Flow) {
    let (kind, name) = match bet {
        Bet::Tip => (FindingKind::TipSettledWrong, "tip bet"),
        _ => (FindingKind::InsuranceSettledWrong, "insurance bet"),
    };
    if f.paid == e.pay && f.collected == e.collect {
        return;
    }
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
        (f.t_first, f.t_last),
        want.clone(),
        got.clone(),
        Some((exp, obs)),
        format!("Space {space}: the {name} should be {want}; it was {got}."),
    );
}

fn check_wagers(r: &mut Round, rules: &HouseRules) {
    let (min, max) = (rules.min_wager_cents(), rules.max_wager_cents());
    let mut active = [0u8; MAX_SPACE as usize];
    let mut nactive = 0;
    for si in 0..r.used().len() {
        let s = &r.spaces[si];
        let space = si as u8 + 1;
        let (orig, tip, tip_double, t0, t1) = (s.original, s.tip, s.tip_double, s.t_first, r.t_end);
        let h1_double = s.hands().first().map_or(0, |h| h.double);
        if orig > 0 {
            active[nactive] = space;
            nactive += 1;
        }
        let at = (Some(space), None);
        if orig > 0 && orig % 100 != 0 {
            r.find(
                FindingKind::WagerNotWholeDollar,
                None,
                at,
                (t0, t0),
                "a whole-dollar wager".into(),
                dollars(orig),
                Some((orig / 100 * 100, orig)),
                format!(
                    "Space {space}: original wager of {} is not an even dollar amount.",
                    dollars(orig)
                ),
            );
        }
        if orig > 0 && (orig < min || orig > max) {
            let tail = if orig > max {
                "; it is valued at the maximum and the excess is returned"
            } else {
                ""
            };
            r.find(
                FindingKind::WagerOutsideLimits,
                None,
                at,
                (t0, t0),
                format!("{} to {}", dollars(min), dollars(max)),
                dollars(orig),
                Some((orig.clamp(min, max), orig)),
                format!(
                    "Space {space}: original wager of {} is outside the table limits {}-{}{tail}.",
                    dollars(orig),
                    dollars(min),
                    dollars(max)
                ),
            );
        }
        if tip > 0 {
            let mut wrong = Vec::new();
            if !rules.tip_betting {
                wrong.push("tip betting is not permitted at this table".to_string());
            }
            if orig == 0 {
                wrong.push("a tip bet is made with an original wager, and there is none".into());
            }
            if tip < 50 || tip > rules.tip_max() {
                wrong.push(format!(
                    "{} is outside {} to {}",
                    dollars(tip),
                    dollars(50),
                    dollars(rules.tip_max())
                ));
            }
            if !wrong.is_empty() {
                r.find(
                    FindingKind::TipRuleBroken,
                    None,
                    at,
                    (t0, t1),
                    "a permitted tip bet".into(),
                    format!("tip bet of {}", dollars(tip)),
                    None,
                    format!("Space {space}: tip bet {}.", wrong.join("; ")),
                );
            }
        }
        if tip_double > 0 {
            let mut wrong = Vec::new();
            match rules.tip_double {
                TipDouble::NotPermitted => {
                    wrong.push("doubling down on tip bets is not permitted".to_string())
                }
                TipDouble::Equal if tip_double != tip => wrong.push(format!(
                    "{} does not equal the tip bet {}",
                    dollars(tip_double),
                    dollars(tip)
                )),
                TipDouble::UpTo if tip_double > tip => wrong.push(format!(
                    "{} is more than the tip bet {}",
                    dollars(tip_double),
                    dollars(tip)
                )),
                _ => {}
            }
            if h1_double == 0 {
                wrong.push("the original wager was not doubled".into());
            }
            if !wrong.is_empty() {
                r.find(
                    FindingKind::TipRuleBroken,
                    Some("N.D. Admin. Code 99-01.3-08-09(2)(d)"),
                    at,
                    (t0, t1),
                    "a permitted tip double".into(),
                    format!("tip double of {}", dollars(tip_double)),
                    None,
                    format!("Space {space}: tip double-down {}.", wrong.join("; ")),
                );
            }
        }
    }
    let active = &active[..nactive];
    let (t0, t1) = (r.t_start, r.t_end);
    if active.len() > 7 || active.iter().any(|&s| s > 7) {
        let list: Vec<String> = active.iter().map(|s| s.to_string()).collect();
        r.find(
            FindingKind::TooManySpaces,
            None,
            (None, None),
            (t0, t1),
            "at most seven betting spaces (1-7)".into(),
            format!("spaces {}", list.join(", ")),
            None,
            format!(
                "Wagers on {} betting spaces ({}); a table has at most seven.",
                active.len(),
                list.join(", ")
            ),
        );
    }
    // 08-01(2): a player may play up to two betting spaces, and only adjacent ones. Spaces of
    // one player are compared in place; text is built only for a finding.
    let mut found: Vec<(String, String, &str)> = Vec::new();
    let mut keys = [0u64; MAX_SPACE as usize];
    for (k, &a) in keys.iter_mut().zip(active) {
        *k = r.spaces[usize::from(a - 1)].player_key;
    }
    let keys = &keys[..active.len()];
    let shared = keys
        .iter()
        .enumerate()
        .any(|(i, &k)| k != 0 && keys[i + 1..].contains(&k));
    let labelled = keys.iter().filter(|&&k| k != 0).count();
    let per_player_ok = !shared || labelled == 0;
    for (i, &a) in active.iter().enumerate().filter(|_| !per_player_ok) {
        let Some(p) = r.spaces[usize::from(a - 1)].player.as_deref() else {
            continue;
        };
        let key = r.spaces[usize::from(a - 1)].player_key;
        let same = |s: u8| {
            let o = &r.spaces[usize::from(s - 1)];
            o.player_key == key && o.player.as_deref() == Some(p)
        };
        if active[..i].iter().any(|&s| same(s)) {
            continue; // reported at the player's first space
        }
        let mut mine = active[i..].iter().copied().filter(|&s| same(s));
        let mut count = 0;
        let mut prev = 0;
        let mut adjacent = true;
        for s in mine.by_ref() {
            adjacent &= count == 0 || s == prev + 1;
            prev = s;
            count += 1;
        }
        if count > usize::from(rules.spaces_per_player) || !adjacent {
            let list: Vec<String> = active[i..]
                .iter()
                .filter(|&&s| same(s))
                .map(|s| s.to_string())
                .collect();
            let why = if adjacent {
                "more spaces than allowed"
            } else {
                "spaces that are not adjacent"
            };
            found.push((p.to_string(), list.join(", "), why));
        }
    }
    for (p, list, why) in found {
        r.find(
            FindingKind::PlayerOnTooManySpaces,
            None,
            (None, None),
            (t0, t1),
            format!(
                "at most {} adjacent spaces per player",
                rules.spaces_per_player
            ),
            format!("player {p} on spaces {list}"),
            None,
            format!("Player {p} played {why}: spaces {list}."),
        );
    }
}

fn check_deal_order(r: &mut Round, rules: &HouseRules) {
    // Expected order on the stack: spaces from the dealer's left, dealer, spaces, [dealer].
    let mut spaces = [0u8; MAX_SPACE as usize];
    let mut n = 0;
    for (i, sp) in r.used().iter().enumerate() {
        if sp.active() {
            spaces[n] = i as u8 + 1;
            n += 1;
        }
    }
    if n == 0 {
        return;
    }
    let mut want_buf = [0u8; 2 * MAX_SPACE as usize + 2];
    want_buf[..n].copy_from_slice(&spaces[..n]);
    want_buf[n + 1..2 * n + 1].copy_from_slice(&spaces[..n]);
    let len = 2 * n + 1 + usize::from(rules.dealing_method.has_hole_card());
    let want = &want_buf[..len];
    let got_len = r.deal_order.len().min(len);
    let same = got_len == len && r.deal_order[..len].iter().zip(want).all(|(g, w)| g.0 == *w);
    let got: Vec<u8> = if same {
        Vec::new()
    } else {
        r.deal_order.iter().take(len).map(|d| d.0).collect()
    };
    let name = |v: &[u8]| {
        v.iter()
            .map(|&s| {
                if s == 0 {
                    "dealer".to_string()
                } else {
                    s.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let cite = rules.dealing_method.citation();
    let t0 = r.deal_order.first().map_or(r.t_start, |d| d.1);
    let t1 = r
        .deal_order
        .iter()
        .zip(want)
        .find(|(g, w)| g.0 != **w)
        .map_or(r.t_end, |(g, _)| g.1);
    if !same {
        r.find(
            FindingKind::DealingOrder,
            Some(cite),
            (None, None),
            (t0, t1),
            name(want),
            name(&got),
            None,
            format!(
                "Cards were not dealt in order: expected {}, saw {}.",
                name(want),
                name(&got)
            ),
        );
        return;
    }
    // Faces of the dealer's first cards: one up and one down with a hole card; up without.
    let d = r.dealer_cards();
    let faces: Vec<bool> = d.iter().take(2).map(|c| c.dealt_face_up).collect();
    let bad = match rules.dealing_method {
        DealingMethod::NoHoleCard => faces.first() == Some(&false),
        _ => faces.len() == 2 && faces[0] == faces[1],
    };
    if bad {
        let want = match rules.dealing_method {
            DealingMethod::NoHoleCard => "the dealer's first card face up",
            _ => "one of the dealer's first two cards face down",
        };
        let got = match faces.as_slice() {
            [false, ..] if rules.dealing_method == DealingMethod::NoHoleCard => {
                "first card face down"
            }
            [true, true] => "both face up",
            _ => "both face down",
        };
        r.find(
            FindingKind::DealingOrder,
            Some(cite),
            (None, None),
            (t0, t1),
            want.into(),
            got.into(),
            None,
            format!("Dealer's first cards: expected {want}, saw {got}."),
        );
    }
}

fn check_exposure(r: &mut Round, rules: &HouseRules, dealer_natural: bool) {
    let last = r.last_player_action_seq;
    let t1 = r.last_player_action_t;
    match rules.dealing_method {
        DealingMethod::NoHoleCard => {
            if let Some(second) = r.dealer_cards().get(1) {
                if second.seq < last {
                    r.find(FindingKind::DealingOrder, Some("N.D. Admin. Code 99-01.3-08-10(1)(b)"), (None, None), (second.t, t1),
                        "the dealer's second card after all players' cards".into(), "dealer's second card dealt before players finished".into(), None,
                        "The dealer took a second card before all cards requested by players were dealt.".into());
                }
            }
        }
        m => {
            if let Some(seq) = r.hole_turned_seq {
                let device_natural = m == DealingMethod::ReadingDevice && dealer_natural;
                if seq < last && !device_natural {
                    r.find(FindingKind::HoleCardExposedEarly, None, (None, None), (r.hole_turned_t, t1),
                        "hole card turned after all players' decisions".into(), "hole card turned while players were still acting".into(), None,
                        "The dealer's hole card was exposed before all players' decisions were carried out.".into());
                }
            }
        }
    }
}

fn check_dealer_play(r: &mut Round, rules: &HouseRules, live: usize, dealer_natural: bool) {
    let (cards, n) = (r.dealer, usize::from(r.ndealer));
    let cards = &cards[..n];
    if cards.iter().any(|d| !d.burned && d.card.is_none()) {
        return;
    }
    let mut v = HandValue::default();
    let mut kept = 0;
    let t_end = r.t_end;
    // The reveal (hole card turned) or the previous dealer card starts each span to review.
    let mut t_prev = r.t_start;
    for d in cards {
        let Some(c) = d.card else { continue };
        if kept >= 2 && !must_draw(v, rules.soft_17) {
            let before = v.describe();
            r.find(
                FindingKind::DealerDrewAt17OrMore,
                None,
                (None, None),
                (t_prev.max(r.hole_turned_t), d.t),
                format!("stand on {before}"),
                format!("drew {c} on {before}"),
                None,
                format!(
                    "Dealer drew {c} on {before}; the dealer must stand at 17 or more{}.",
                    if v.is_soft() && v.total() == 17 {
                        " (soft 17 included at this table)"
                    } else {
                        ""
                    }
                ),
            );
            if !d.burned {
                r.find(FindingKind::DealerHitAt17NotBurned, None, (None, None), (d.t, t_end), format!("{c} burned"), format!("{c} kept in the dealer's hand"), None,
                    format!("The card {c} drawn by the dealer on {before} was kept; it must be burned (08-12(10))."));
            }
        }
        if !d.burned {
            v.add(c.rank);
            kept += 1;
        }
        t_prev = t_prev.max(d.t);
    }
    if kept >= 2 && live > 0 && !dealer_natural && must_draw(v, rules.soft_17) {
        let soft17 = v.is_soft() && v.total() == 17;
        let cite = if soft17 {
            "N.D. Admin. Code 99-01.3-08-11(10)(g)"
        } else {
            "N.D. Admin. Code 99-01.3-08-11(10)(f)"
        };
        r.find(
            FindingKind::DealerStoodAt16OrLess,
            Some(cite),
            (None, None),
            (t_prev.max(r.hole_turned_t), t_end),
            "draw".into(),
            format!("stood on {}", v.describe()),
            None,
            if soft17 {
                "Dealer stood on soft 17; this table's dealer must hit soft 17.".to_string()
            } else {
                format!(
                    "Dealer stood on {} with hands in play; the dealer must draw to 16.",
                    v.describe()
                )
            },
        );
    }
}

/// Hands settled as if the dealer's total were other than the cards show (08-11(12)): every live
/// hand's observed result fits one other dealer total, and at least one does not fit the real one.
fn check_misread(r: &mut Round, dealer: HandValue) {
    // Every live hand as (total, observed result: 1 paid, -1 collected, 0 left).
    fn live(r: &Round) -> impl Iterator<Item = (u8, i8)> + '_ {
        r.used()
            .iter()
            .flat_map(|s| s.hands().iter())
            .filter(|h| is_live(h))
            .map(|h| {
                let obs = if h.flow.paid > 0 {
                    1
                } else if h.flow.collected > 0 {
                    -1
                } else {
                    0
                };
                (h.value().total(), obs)
            })
    }
    if live(r).count() < 2 {
        return;
    }
    // Result of a player total p against dealer total d (22 = bust): 1 win, 0 push, -1 lose.
    let result = |p: u8, d: u8| {
        if d > 21 || p > d {
            1
        } else if p == d {
            0
        } else {
            -1
        }
    };
    let actual = if dealer.is_bust() { 22 } else { dealer.total() };
    let fits = |d: u8| live(r).all(|(p, o)| result(p, d) == o);
    if fits(actual) {
        return;
    }
    let mut best: Option<u8> = None;
    for d in 12..=22u8 {
        if d != actual && fits(d) && best.is_none_or(|b| d.abs_diff(actual) < b.abs_diff(actual)) {
            best = Some(d);
        }
    }
    let Some(d) = best else { return };
    let as_text = |d: u8| {
        if d > 21 {
            "bust".to_string()
        } else {
            d.to_string()
        }
    };
    let (t0, t1) = (r.t_start.max(r.hole_turned_t), r.t_end);
    r.find(
        FindingKind::DealerTotalMisread,
        None,
        (None, None),
        (t0, t1),
        format!("dealer total {}", dealer.describe()),
        format!("hands settled as if the dealer had {}", as_text(d)),
        None,
        format!(
            "Hands were settled as if the dealer had {}; the dealer's cards show {}.",
            as_text(d),
            dealer.describe()
        ),
    );
}

fn check_order(r: &mut Round, rules: &HouseRules, dealer_natural: bool) {
    // Collections after the dealer's hand is revealed go from the dealer's right (high spaces)
    // to the left, in passes: insurance, busted hands, the rest (08-11(10)(a)-(b), 08-11(13)).
    let bust = |r: &Round, space: u8, hand: u8| {
        let s = &r.spaces[usize::from(space - 1)];
        s.hands()
            .get(usize::from(hand.max(1) - 1))
            .is_some_and(|h| h.value().is_bust())
    };
    // On a dealer natural every wager is settled in one pass (08-11(10)(d)).
    let one_pass = dealer_natural;
    let mut last: Option<(u8, u8)> = None; // (pass, space)
    let mut wrong = None;
    for st in r.settlements.iter().filter(|s| !s.payout) {
        let hand = if st.bet == Bet::Tip { 1 } else { st.hand };
        let pass = match (rules.collection, st.bet) {
            _ if one_pass => 0,
            (Collection::Sweep, Bet::Insurance) => 0,
            (Collection::Sweep, _) if bust(r, st.space, hand) => 1,
            (Collection::HandByHand, Bet::Insurance) => 1,
            (Collection::HandByHand, _) if bust(r, st.space, hand) => 1,
            _ => 2,
        };
        if let Some((lp, ls)) = last {
            if pass < lp || (pass == lp && st.space > ls) {
                wrong.get_or_insert(st.t);
            }
        }
        last = Some((pass, st.space));
    }
    let t0 = r.t_start;
    if let Some(t) = wrong {
        let first = r.settlements.iter().find(|s| !s.payout).map_or(t0, |s| s.t);
        let seq: Vec<String> = r
            .settlements
            .iter()
            .filter(|s| !s.payout)
            .map(|s| s.space.to_string())
            .collect();
        r.find(
            FindingKind::CollectionOrder,
            None,
            (None, None),
            (first, t),
            "collections from the dealer's right to left (high space to low)".into(),
            format!("collected spaces {}", seq.join(", ")),
            None,
            format!(
                "Chips were not collected from the dealer's right to left: order {}.",
                seq.join(", ")
            ),
        );
    }
    if !rules.video_surveillance {
        return;
    }
    // 08-11(16): at a surveilled table each winning hand is paid off on its own, then the tips.
    let mut done = [(0u8, 0u8); MAX_SPACE as usize * MAX_HANDS as usize];
    let mut ndone = 0;
    let mut cur: Option<(u8, u8)> = None;
    let mut msg = None;
    let pays = r
        .settlements
        .iter()
        .filter(|s| s.payout && s.bet != Bet::Insurance);
    let last_main = pays
        .clone()
        .enumerate()
        .filter(|(_, s)| s.bet == Bet::Main)
        .map(|(i, _)| i)
        .last();
    for (i, st) in pays.enumerate() {
        if st.bet == Bet::Tip {
            if last_main.is_some_and(|l| i < l) {
                msg.get_or_insert((
                    st.t,
                    format!(
                        "the tip bet at space {} was paid before all winning hands were paid",
                        st.space
                    ),
                ));
            }
            continue;
        }
        let key = (st.space, st.hand);
        if cur != Some(key) {
            if done[..ndone].contains(&key) {
                msg.get_or_insert((
                    st.t,
                    format!(
                        "space {} hand {} was paid in parts between other hands",
                        st.space, st.hand
                    ),
                ));
            }
            if let Some(c) = cur {
                if ndone < done.len() {
                    done[ndone] = c;
                    ndone += 1;
                }
            }
            cur = Some(key);
        }
    }
    if let Some((t, m)) = msg {
        r.find(
            FindingKind::PayoffNotHandByHand,
            None,
            (None, None),
            (t0, t),
            "payoff hand by hand, then tips".into(),
            m.clone(),
            None,
            format!("Payoff not done hand by hand at a surveilled table: {m}."),
        );
    }
}
