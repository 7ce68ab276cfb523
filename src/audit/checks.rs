//! Whole-round procedure checks, run when a round closes: wagers and limits, players and
//! spaces, the dealing order, the hole card, the dealer's play, a misread dealer total, and the
//! order of collections and payoffs.

use super::finding::{FindingKind, dollars};
use super::round::Round;
use super::settle::{double_card_unseen, is_live};
use crate::events::{Bet, MAX_SPACE};
use crate::rules::twenty_one::{
    Collection, DealingMethod, HandValue, HouseRules, TipDouble, must_draw,
};

/// The detailed wager and tip checks of one space that is not plain (08-09(1), (2)(a), (2)(d)).
#[cold]
fn wager_details(r: &mut Round, rules: &HouseRules, si: usize) {
    let (min, max) = (rules.min_wager_cents(), rules.max_wager_cents());
    let s = &r.spaces[si];
    let space = si as u8 + 1;
    let (orig, tip, tip_double, t0, t1) = (s.original, s.tip, s.tip_double, s.t_first, r.t_end);
    let h1_double = s.hands().first().map_or(0, |h| h.double);
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

/// The betting spaces holding an original wager, in order from the dealer's left.
pub(super) struct Active {
    spaces: [u8; MAX_SPACE as usize],
    n: usize,
}

/// Checks every wager and tip (08-09) and the spaces in play (08-01(2)); returns the active
/// spaces for the dealing-order check.
pub(super) fn check_wagers(r: &mut Round, rules: &HouseRules) -> Active {
    let (min, max) = (rules.min_wager_cents(), rules.max_wager_cents());
    let mut all = [0u8; MAX_SPACE as usize];
    let mut keys = [0u64; MAX_SPACE as usize];
    let mut nactive = 0;
    // 08-01(2): a player may play up to two betting spaces, and only adjacent ones. Spaces are
    // compared by their player's key; names are compared only to write a finding.
    let mut shared = false;
    let mut unusual = 0u16;
    for (si, s) in r.used().iter().enumerate() {
        let orig = s.original;
        if orig > 0 {
            let k = s.player_key;
            if k != 0 {
                shared |= keys[..nactive].contains(&k);
            }
            keys[nactive] = k;
            all[nactive] = si as u8 + 1;
            nactive += 1;
        }
        // Most spaces hold a plain whole-dollar wager within the limits and no tip.
        let plain = (orig == 0 || (orig % 100 == 0 && orig >= min && orig <= max))
            && s.tip == 0
            && s.tip_double == 0;
        unusual |= u16::from(!plain) << si;
    }
    while unusual != 0 {
        let si = unusual.trailing_zeros() as usize;
        unusual &= unusual - 1;
        wager_details(r, rules, si);
    }
    let active = &all[..nactive];
    // Spaces are numbered from 1, so the last active one is the highest.
    if nactive > 7 || active.last().is_some_and(|&s| s > 7) {
        too_many_spaces(r, active);
    }
    if shared {
        player_details(r, rules, active);
    }
    Active {
        spaces: all,
        n: nactive,
    }
}

/// Wagers on more than seven spaces, or on a space past the seventh (08-01(2)).
#[cold]
fn too_many_spaces(r: &mut Round, active: &[u8]) {
    let (t0, t1) = (r.t_start, r.t_end);
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

/// Which player is on too many spaces or on spaces not adjacent (08-01(2)): the rare path of
/// `check_wagers`, taken only when two spaces share a player label.
#[cold]
fn player_details(r: &mut Round, rules: &HouseRules, active: &[u8]) {
    let (t0, t1) = (r.t_start, r.t_end);
    let mut found: Vec<(String, String, &str)> = Vec::new();
    for (i, &a) in active.iter().enumerate() {
        let Some(p) = r.spaces[usize::from(a - 1)].player() else {
            continue;
        };
        let key = r.spaces[usize::from(a - 1)].player_key;
        let same = |s: u8| {
            let o = &r.spaces[usize::from(s - 1)];
            o.player_key == key && o.player() == Some(p)
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

/// Seconds within which two cards' times in the log do not order them. A card seen coming to
/// rest a moment late (the dealer's hand over it, looks a fifth of a second apart) may be
/// logged after the next one; dealing a card takes longer (half a second at the quickest), so
/// a card truly dealt out of turn is still told.
const UNORDERED_S: f64 = 0.4;

/// The deal order as logged, with each pair of neighbours swapped back where they were logged
/// within `UNORDERED_S` of each other the other way round from `want`.
fn unswapped(to: &[u8], times: &[f64], want: &[u8]) -> Vec<u8> {
    let mut out = to.to_vec();
    let mut i = 0;
    while i + 1 < out.len().min(want.len()) {
        let swapped = out[i] != want[i] && out[i] == want[i + 1] && out[i + 1] == want[i];
        if swapped && (times[i + 1] - times[i]).abs() < UNORDERED_S {
            out.swap(i, i + 1);
            i += 2;
        } else {
            i += 1;
        }
    }
    out
}

pub(super) fn check_deal_order(r: &mut Round, rules: &HouseRules, active: &Active) {
    // Expected order on the stack: spaces from the dealer's left, dealer, spaces, [dealer].
    let (spaces, n) = (&active.spaces, active.n);
    if n == 0 {
        return;
    }
    let mut want_buf = [0u8; 2 * MAX_SPACE as usize + 2];
    want_buf[..n].copy_from_slice(&spaces[..n]);
    want_buf[n + 1..2 * n + 1].copy_from_slice(&spaces[..n]);
    let len = 2 * n + 1 + usize::from(rules.dealing_method.has_hole_card());
    let want = &want_buf[..len];
    let (logged, times) = r.deal_order();
    let to = &unswapped(logged, times, want);
    let same = to.len() >= len && to[..len] == *want;
    let got: Vec<u8> = if same {
        Vec::new()
    } else {
        to.iter().take(len).copied().collect()
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
    if !same {
        let t0 = times.first().map_or(r.t_start, |&t| t);
        let t1 = to
            .iter()
            .zip(want)
            .position(|(g, w)| g != w)
            .map_or(r.t_end, |i| times[i]);
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
    let faces: &[bool] = match d {
        [] => &[],
        [a] => &[a.dealt_face_up][..],
        [a, b, ..] => &[a.dealt_face_up, b.dealt_face_up][..],
    };
    let bad = match rules.dealing_method {
        DealingMethod::NoHoleCard => faces.first() == Some(&false),
        _ => faces.len() == 2 && faces[0] == faces[1],
    };
    if bad {
        let want = match rules.dealing_method {
            DealingMethod::NoHoleCard => "the dealer's first card face up",
            _ => "one of the dealer's first two cards face down",
        };
        let got = match faces {
            [false, ..] if rules.dealing_method == DealingMethod::NoHoleCard => {
                "first card face down"
            }
            [true, true] => "both face up",
            _ => "both face down",
        };
        let span = (d[0].t, d.get(1).map_or(d[0].t, |c| c.t));
        r.find(
            FindingKind::DealingOrder,
            Some(cite),
            (None, None),
            span,
            want.into(),
            got.into(),
            None,
            format!("Dealer's first cards: expected {want}, saw {got}."),
        );
    }
}

pub(super) fn check_exposure(r: &mut Round, rules: &HouseRules, dealer_natural: bool) {
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

pub(super) fn check_dealer_play(
    r: &mut Round,
    rules: &HouseRules,
    live: usize,
    dealer_natural: bool,
) {
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
                // (A card drawn before the hole card was turned, in a log out of order, starts
                // its own span.)
                (t_prev.max(r.hole_turned_t).min(d.t), d.t),
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
pub(super) fn check_misread(r: &mut Round, dealer: HandValue) {
    // Every live hand whose total is known as (total, observed result: 1 paid, -1 collected,
    // 0 left).
    fn live(r: &Round) -> impl Iterator<Item = (u8, i8)> + '_ {
        r.used()
            .iter()
            .flat_map(|s| s.hands().iter())
            .filter(|h| is_live(h) && !double_card_unseen(h))
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

pub(super) fn check_order(r: &mut Round, rules: &HouseRules, dealer_natural: bool) {
    // Collections after the dealer's hand is revealed go from the dealer's right (high spaces)
    // to the left, in passes: insurance, busted hands, the rest (08-11(10)(a)-(b), 08-11(13)).
    // On a dealer natural every wager is settled in one pass (08-11(10)(d)).
    let one_pass = dealer_natural;
    let mut last: Option<(u8, u8)> = None; // (pass, space)
    let mut wrong = None;
    for st in r.settlements.iter().filter(|s| !s.payout) {
        let pass = match (rules.collection, st.bet) {
            _ if one_pass => 0,
            (Collection::Sweep, Bet::Insurance) => 0,
            (_, Bet::Insurance) => 1,
            _ if st.bust => 1,
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
    // Hands already paid are bits of a mask (space and hand); a tip paid before a later hand's
    // payoff was paid too early.
    let bit =
        |space: u8, hand: u8| 1u64 << ((usize::from(space - 1) * 4 + usize::from(hand - 1)) % 64);
    let mut done = 0u64;
    let mut cur: Option<(u8, u8)> = None;
    let mut tip_paid: Option<(f64, u8)> = None;
    let mut msg = None;
    for st in r
        .settlements
        .iter()
        .filter(|s| s.payout && s.bet != Bet::Insurance)
    {
        if st.bet == Bet::Tip {
            tip_paid.get_or_insert((st.t, st.space));
            continue;
        }
        if let Some((t, space)) = tip_paid {
            msg.get_or_insert((
                t,
                format!("the tip bet at space {space} was paid before all winning hands were paid"),
            ));
        }
        let key = (st.space, st.hand);
        if cur != Some(key) {
            if done & bit(st.space, st.hand) != 0 {
                msg.get_or_insert((
                    st.t,
                    format!(
                        "space {} hand {} was paid in parts between other hands",
                        st.space, st.hand
                    ),
                ));
            }
            if let Some(c) = cur {
                done |= bit(c.0, c.1);
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
