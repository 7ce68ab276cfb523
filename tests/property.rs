//! Properties over many rounds: a rule-following dealer is never flagged and every chip is
//! accounted for; a changed payout is always caught; no stream of events, however wrong, makes
//! the audit panic.

use pitwatch::audit::{RoundStatus, audit};
use pitwatch::events::{
    AtMost, Bet, Event, EventKind, Money, PostKind, Target, WagerKind, parse_line, to_line,
};
use pitwatch::rules::cards::{Card, Suit};
use pitwatch::rules::twenty_one::{
    Collection, DealingMethod, DoubleAmount, HouseRules, Soft17, TipDouble,
};
use pitwatch::sim::{PlayConfig, play};
use proptest::prelude::*;

fn rules_strategy() -> impl Strategy<Value = HouseRules> {
    (
        prop::sample::select(vec![4u8, 6, 8]),
        prop::sample::select(vec![
            DealingMethod::HoleCardNoPeek,
            DealingMethod::NoHoleCard,
            DealingMethod::ReadingDevice,
        ]),
        prop::bool::ANY,
        prop::bool::ANY,
        prop::bool::ANY,
        prop::bool::ANY,
        prop::sample::select(vec![
            TipDouble::NotPermitted,
            TipDouble::Equal,
            TipDouble::UpTo,
        ]),
        prop::bool::ANY,
        (1u32..=5, 5u32..=25),
    )
        .prop_map(
            |(decks, method, h17, sweep, surv, insurance, tip_double, up_to, (min, max))| {
                HouseRules {
                    decks,
                    dealing_method: method,
                    soft_17: if h17 { Soft17::Hit } else { Soft17::Stand },
                    collection: if sweep {
                        Collection::Sweep
                    } else {
                        Collection::HandByHand
                    },
                    video_surveillance: surv,
                    insurance,
                    even_money: insurance,
                    tip_double,
                    double_down: if up_to {
                        DoubleAmount::UpTo
                    } else {
                        DoubleAmount::Equal
                    },
                    min_wager_dollars: min,
                    max_wager_dollars: max,
                    ..HouseRules::default()
                }
            },
        )
}

/// Collections less payouts in each round, summed straight from the events.
fn house_by_round(events: &[Event]) -> Vec<i64> {
    let mut out = Vec::new();
    let mut cur = 0;
    for e in events {
        match &e.kind {
            EventKind::Collect { money, .. } => cur += money.amount,
            EventKind::Payout { money, .. } => cur -= money.amount,
            EventKind::CardsCleared { space: None } => {
                out.push(cur);
                cur = 0;
            }
            _ => {}
        }
    }
    out
}

/// Events one second apart, dealt round `tables` tables in turn.
fn stream(kinds: Vec<EventKind>, tables: usize) -> Vec<Event> {
    kinds
        .into_iter()
        .enumerate()
        .map(|(i, kind)| Event {
            t: i as f64,
            wall: None,
            table: format!("T{}", i % tables).into(),
            kind,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    /// Chips balance per round: the settlement the rules call for equals what the rule-following
    /// dealer moved, every chip moved is accounted to a bet, and no finding is made.
    #[test]
    fn clean_play_balances_and_has_no_findings(rules in rules_strategy(), seed in any::<u64>(), occupancy in 0.1f64..1.0) {
        let mut cfg = PlayConfig::new(rules.clone(), seed);
        cfg.occupancy = occupancy;
        let events = play(cfg, 40);
        let out = audit(&events, &rules);
        prop_assert!(out.findings.is_empty(), "{:#?}", out.findings);
        let by_events = house_by_round(&events);
        prop_assert_eq!(out.rounds.len(), by_events.len());
        for (r, h) in out.rounds.iter().zip(by_events) {
            prop_assert_eq!(r.status, RoundStatus::Settled);
            prop_assert_eq!(r.house_observed_cents, h, "round {}", r.round);
            prop_assert_eq!(r.house_expected_cents, h, "round {}", r.round);
            // Nobody loses more than was wagered.
            prop_assert!(r.house_expected_cents <= r.wagered_cents);
        }
    }

    /// Any change to one payout's amount is reported in that round at that space.
    #[test]
    fn a_changed_payout_is_caught(seed in any::<u64>(), pick in any::<prop::sample::Index>(), delta in prop::sample::select(vec![-100i64, -50, 50, 100, 500])) {
        let rules = HouseRules::default();
        let mut events = play(PlayConfig::new(rules.clone(), seed), 30);
        let payouts: Vec<usize> = events.iter().enumerate().filter(|(_, e)| matches!(e.kind, EventKind::Payout { .. })).map(|(i, _)| i).collect();
        prop_assume!(!payouts.is_empty());
        let i = payouts[pick.index(payouts.len())];
        let round = 1 + events[..i].iter().filter(|e| matches!(e.kind, EventKind::CardsCleared { space: None })).count() as u32;
        let EventKind::Payout { space, money, .. } = &mut events[i].kind else { unreachable!() };
        let space = *space;
        prop_assume!(money.amount + delta > 0);
        money.amount += delta;
        let out = audit(&events, &rules);
        prop_assert!(
            out.findings.iter().any(|f| f.round == round && f.space == Some(space)),
            "no finding at round {} space {}: {:#?}", round, space, out.findings
        );
    }

    /// Removing one collection leaves a losing bet uncollected, and it is reported.
    #[test]
    fn a_missing_collection_is_caught(seed in any::<u64>(), pick in any::<prop::sample::Index>()) {
        let rules = HouseRules::default();
        let mut events = play(PlayConfig::new(rules.clone(), seed), 30);
        let collects: Vec<usize> = events.iter().enumerate().filter(|(_, e)| matches!(e.kind, EventKind::Collect { .. })).map(|(i, _)| i).collect();
        prop_assume!(!collects.is_empty());
        let i = collects[pick.index(collects.len())];
        let round = 1 + events[..i].iter().filter(|e| matches!(e.kind, EventKind::CardsCleared { space: None })).count() as u32;
        let EventKind::Collect { space, .. } = events.remove(i).kind else { unreachable!() };
        let out = audit(&events, &rules);
        prop_assert!(out.findings.iter().any(|f| f.round == round && f.space == Some(space)), "{:#?}", out.findings);
    }
}

fn arb_target() -> impl Strategy<Value = Target> {
    prop_oneof![
        Just(Target::Dealer),
        (1u8..=9, 1u8..=4).prop_map(|(space, hand)| Target::Hand { space, hand })
    ]
}

fn arb_card() -> impl Strategy<Value = Card> {
    (0usize..52).prop_map(|i| Card::from_index(i).unwrap())
}

/// The same rank in the other suit of its colour: the face a camera may not rule out (`or`).
fn kin_of(c: Card) -> Card {
    let suit = match c.suit {
        Suit::Clubs => Suit::Spades,
        Suit::Spades => Suit::Clubs,
        Suit::Hearts => Suit::Diamonds,
        Suit::Diamonds => Suit::Hearts,
    };
    Card { rank: c.rank, suit }
}

fn arb_kind() -> impl Strategy<Value = EventKind> {
    let money = (1i64..5000).prop_map(Money::cents);
    let bet = prop::sample::select(vec![Bet::Main, Bet::Tip, Bet::Insurance]);
    let wk = prop::sample::select(vec![
        WagerKind::Original,
        WagerKind::Tip,
        WagerKind::Insurance,
        WagerKind::Split,
        WagerKind::Double,
        WagerKind::TipDouble,
    ]);
    prop_oneof![
        Just(EventKind::Shuffle),
        Just(EventKind::Cut),
        (prop::option::of(arb_card()), prop::option::of(arb_target()))
            .prop_map(|(card, from)| EventKind::Burn { card, from }),
        (
            arb_target(),
            prop::option::of(arb_card()),
            prop::option::of(any::<bool>()),
            any::<bool>()
        )
            .prop_map(|(to, card, rotated, unsure)| EventKind::Card {
                to,
                card,
                rotated,
                or: card.filter(|_| unsure).map(kin_of)
            }),
        (arb_card(), any::<bool>()).prop_map(|(card, unsure)| EventKind::HoleCardTurned {
            card,
            or: unsure.then(|| kin_of(card))
        }),
        (1u8..=9, 1u8..=4, wk, money.clone(), any::<bool>()).prop_map(
            |(space, hand, kind, money, at_least)| EventKind::Wager {
                space,
                hand,
                kind,
                money,
                player: None,
                at_least,
            }
        ),
        (1u8..=9, 1u8..=4, bet.clone(), money.clone(), any::<bool>()).prop_map(
            |(space, hand, bet, money, at_least)| EventKind::Collect {
                space,
                hand,
                bet,
                money,
                at_least,
            }
        ),
        (
            1u8..=9,
            1u8..=4,
            bet.clone(),
            money.clone(),
            prop::option::of(any::<bool>()),
            any::<bool>(),
            prop::option::of(0i64..10_000)
        )
            .prop_map(|(space, hand, bet, money, fanned, at_least, more)| {
                EventKind::Payout {
                    space,
                    hand,
                    bet,
                    at_most: more
                        .filter(|_| at_least)
                        .and_then(|m| AtMost::cents(money.amount + m)),
                    money,
                    fanned,
                    at_least,
                }
            }),
        (1u8..=9, 1u8..=4, bet, money, any::<bool>()).prop_map(
            |(space, hand, bet, money, at_least)| EventKind::Return {
                space,
                hand,
                bet,
                money,
                at_least,
            }
        ),
        prop::option::of(1u8..=9).prop_map(|space| EventKind::CardsCleared { space }),
        Just(EventKind::DealerChange { dealer: None }),
    ]
}

fn arb_poker_kind() -> impl Strategy<Value = EventKind> {
    let money = || (1i64..5000).prop_map(Money::cents);
    let seat = || 1u8..=10;
    let post = prop::sample::select(vec![
        PostKind::Ante,
        PostKind::SmallBlind,
        PostKind::BigBlind,
    ]);
    prop_oneof![
        Just(EventKind::Shuffle),
        seat().prop_map(|seat| EventKind::Button { seat }),
        (seat(), post, money()).prop_map(|(seat, kind, money)| EventKind::Post {
            seat,
            kind,
            money
        }),
        (seat(), prop::option::of(arb_card())).prop_map(|(space, card)| EventKind::Card {
            to: Target::Hand { space, hand: 1 },
            card,
            rotated: None,
            or: None
        }),
        (
            seat(),
            money(),
            prop::option::of(any::<bool>()),
            prop::option::of(1u32..5000)
        )
            .prop_map(|(seat, money, all_in, declared)| EventKind::Bet {
                seat,
                money,
                all_in,
                declared
            }),
        seat().prop_map(|seat| EventKind::Check { seat }),
        seat().prop_map(|seat| EventKind::Fold { seat }),
        Just(EventKind::Burn {
            card: None,
            from: None
        }),
        arb_card().prop_map(|card| EventKind::Board { card }),
        (seat(), prop::collection::vec(arb_card(), 1..=7)).prop_map(|(seat, cards)| {
            EventKind::Show {
                seat,
                cards: cards.into_boxed_slice(),
            }
        }),
        (seat(), money()).prop_map(|(seat, money)| EventKind::Pot { seat, money }),
        Just(EventKind::CardsCleared { space: None }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// No sequence of poker events makes the hold'em audit (or the twenty-one audit) panic;
    /// every hand it closes is reported, and every event reads back as itself.
    #[test]
    fn random_poker_streams_never_panic(kinds in prop::collection::vec(arb_poker_kind(), 0..200), tables in 1usize..3) {
        let events = stream(kinds, tables);
        let out = pitwatch::holdem::audit(&events, &pitwatch::holdem::HoldemRules::default());
        for f in &out.findings {
            prop_assert!(f.round >= 1 && !f.message.is_empty() && f.t_end >= f.t_start);
            prop_assert!(f.kind.is_poker(), "{:?}", f.kind);
        }
        for h in &out.hands {
            let pushed: i64 = h.seats.iter().map(|s| s.awarded_cents).sum();
            prop_assert!(pushed >= 0);
        }
        let _ = audit(&events, &HouseRules::default());
        for e in &events {
            prop_assert_eq!(parse_line(&to_line(e)).unwrap().unwrap(), e.clone());
        }
    }

    /// No sequence of events makes the audit panic; every round it closes is reported.
    #[test]
    fn random_event_streams_never_panic(kinds in prop::collection::vec(arb_kind(), 0..200), tables in 1usize..3) {
        let events = stream(kinds, tables);
        let out = audit(&events, &HouseRules::default());
        for f in &out.findings {
            prop_assert!(f.round >= 1 && !f.message.is_empty() && f.t_end >= f.t_start, "{f:?}");
        }
        // Every event written out reads back as itself.
        for e in &events {
            prop_assert_eq!(parse_line(&to_line(e)).unwrap().unwrap(), e.clone());
        }
    }

    /// Arbitrary text never makes the line reader panic.
    #[test]
    fn arbitrary_lines_never_panic(line in ".{0,200}") {
        let _ = parse_line(&line);
    }

    /// Arbitrary JSON objects built from the log's field names never make the reader panic.
    #[test]
    fn arbitrary_fields_never_panic(fields in prop::collection::vec((prop::sample::select(vec!["t","table","type","to","from","space","hand","card","face_down","rotated","or","kind","bet","amount_cents","chips","fanned","player","dealer","wall"]), prop_oneof![Just("1".to_string()), Just("-3".to_string()), Just("\"dealer\"".to_string()), Just("\"card\"".to_string()), Just("\"Ah\"".to_string()), Just("null".to_string()), Just("true".to_string()), Just("{\"500\":2}".to_string()), Just("1e400".to_string()), Just("\"wager\"".to_string())]), 0..8)) {
        let body: Vec<String> = fields.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
        let _ = parse_line(&format!("{{{}}}", body.join(",")));
    }
}

/// Two tables in one log, their events interleaved by time, are audited apart: each keeps its
/// own rounds, shoe and burns.
#[test]
fn interleaved_tables_are_audited_apart() {
    let rules = HouseRules::default();
    let mut a = PlayConfig::new(rules.clone(), 11);
    a.table = "A".into();
    let mut b = PlayConfig::new(rules.clone(), 12);
    b.table = "B".into();
    b.t0 = 0.3;
    let mut events = play(a, 60);
    events.extend(play(b, 45));
    events.sort_by(|x, y| x.t.total_cmp(&y.t));
    let out = audit(&events, &rules);
    assert!(out.findings.is_empty(), "{:#?}", out.findings);
    assert_eq!(out.rounds.iter().filter(|r| &*r.table == "A").count(), 60);
    assert_eq!(out.rounds.iter().filter(|r| &*r.table == "B").count(), 45);
    assert_eq!(
        out.rounds
            .iter()
            .filter(|r| &*r.table == "B")
            .map(|r| r.round)
            .max(),
        Some(45)
    );
}
