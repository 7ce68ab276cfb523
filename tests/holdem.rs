//! The hold'em audit, hand by hand: a clean hand gives no findings, and each planted mistake
//! gives the finding a reviewer expects, citing its rule, at the seat and time it happened.
//!
//! Hands are written in a shorthand, one event per line, turned into the JSON Lines of
//! docs/events.md: `button 1`, `sb 2 100`, `bb 3 200`, `ante 4 25`, `deal 2` (a face-down
//! hole card), `bet 4 600` (`bet 4 600 allin`, `bet 4 300 declared 600`, `chip 4 2500` for a
//! single chip), `check 3`, `fold 5`, `burn`, `board Ah`, `show 3 7h 7s`, `pot 3 7900`,
//! `clear`. Each line is half a second after the one before.

use pitwatch::audit::{Finding, FindingKind};
use pitwatch::events::{Event, parse_line};
use pitwatch::holdem::{HandStatus, HoldemOutput, HoldemRules, audit};

use crate::util::{path, run, scratch};

fn line(t: f64, s: &str) -> String {
    let w: Vec<&str> = s.split_whitespace().collect();
    let head = format!("\"t\":{t},\"table\":\"T\"");
    let body = match w[0] {
        "button" | "check" | "fold" => format!("\"type\":\"{}\",\"seat\":{}", w[0], w[1]),
        "sb" | "bb" | "ante" => {
            let kind = match w[0] {
                "sb" => "small_blind",
                "bb" => "big_blind",
                _ => "ante",
            };
            format!(
                "\"type\":\"post\",\"seat\":{},\"kind\":\"{kind}\",\"amount_cents\":{}",
                w[1], w[2]
            )
        }
        "deal" => format!("\"type\":\"card\",\"to\":{},\"face_down\":true", w[1]),
        "deal_up" => format!("\"type\":\"card\",\"to\":{},\"card\":\"{}\"", w[1], w[2]),
        "bet" => {
            let mut b = format!(
                "\"type\":\"bet\",\"seat\":{},\"amount_cents\":{}",
                w[1], w[2]
            );
            match w.get(3) {
                Some(&"allin") => b.push_str(",\"all_in\":true"),
                Some(&"declared") => b.push_str(&format!(",\"declared_cents\":{}", w[4])),
                _ => {}
            }
            b
        }
        "chip" => format!(
            "\"type\":\"bet\",\"seat\":{},\"chips\":{{\"{}\":1}}",
            w[1], w[2]
        ),
        "burn" => "\"type\":\"burn\"".to_string(),
        "board" => format!("\"type\":\"board\",\"card\":\"{}\"", w[1]),
        "show" => {
            let cards: Vec<String> = w[2..].iter().map(|c| format!("\"{c}\"")).collect();
            format!(
                "\"type\":\"show\",\"seat\":{},\"cards\":[{}]",
                w[1],
                cards.join(",")
            )
        }
        "pot" => format!(
            "\"type\":\"pot\",\"seat\":{},\"amount_cents\":{}",
            w[1], w[2]
        ),
        "clear" => "\"type\":\"cards_cleared\"".to_string(),
        other => panic!("unknown shorthand {other}"),
    };
    format!("{{{head},{body}}}")
}

fn events(hand: &str) -> Vec<Event> {
    hand.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .enumerate()
        .map(|(i, l)| {
            let json = line(0.5 * (i + 1) as f64, l);
            parse_line(&json)
                .unwrap_or_else(|e| panic!("{json}: {e}"))
                .unwrap()
        })
        .collect()
}

fn judge(hand: &str) -> HoldemOutput {
    audit(&events(hand), &HoldemRules::default())
}

fn kinds(out: &HoldemOutput) -> Vec<FindingKind> {
    out.findings.iter().map(|f| f.kind).collect()
}

fn only(out: &HoldemOutput, kind: FindingKind) -> Finding {
    assert_eq!(kinds(out), vec![kind], "{:#?}", out.findings);
    out.findings[0].clone()
}

/// Six seats, button 1, $1/$2: seat 4 raises to $6, seats 1 and 3 call; seat 4 bets the flop,
/// seat 3 calls; the turn is checked; seat 3 bets the river and seat 4 calls. Seat 3's trip
/// sevens win $79.
const CLEAN: &str = "
    button 1
    sb 2 100
    bb 3 200
    deal 2
    deal 3
    deal 4
    deal 5
    deal 6
    deal 1
    deal 2
    deal 3
    deal 4
    deal 5
    deal 6
    deal 1
    bet 4 600
    fold 5
    fold 6
    bet 1 600
    fold 2
    bet 3 400
    burn
    board Ah
    board 7d
    board 2c
    check 3
    bet 4 1000
    fold 1
    bet 3 1000
    burn
    board Kd
    check 3
    check 4
    burn
    board 5s
    bet 3 2000
    bet 4 2000
    show 3 7h 7s
    show 4 Ac Qd
    pot 3 7900
    clear
";

fn edit(base: &str, from: &str, to: &str) -> String {
    assert!(base.contains(from), "{from}");
    base.replacen(from, to, 1)
}

/// The clean hand with a board that plays for seats 3 and 4 alike: a broadway straight each.
fn tie_hand() -> String {
    let tie = edit(
        &edit(
            &edit(&edit(CLEAN, "board Ah", "board As"), "board 7d", "board Kh"),
            "board 2c",
            "board Qc",
        ),
        "board Kd\n",
        "board Jd\n",
    );
    let tie = edit(
        &edit(&tie, "board 5s", "board 10s"),
        "show 4 Ac Qd",
        "show 4 2h 3d",
    );
    edit(&tie, "show 3 7h 7s", "show 3 2c 4d")
}

/// The clean hand with seat 3 given an extra card on the flop, which it shows (09-04(18)).
fn fouled_hand() -> String {
    edit(
        &edit(
            CLEAN,
            "check 3\n    bet 4 1000",
            "deal 3\n    check 3\n    bet 4 1000",
        ),
        "show 3 7h 7s",
        "show 3 7h 7s 9c",
    )
}

/// One planted mistake per poker finding kind, each a one-place change to the clean hand.
fn planted() -> Vec<(FindingKind, String)> {
    vec![
        (
            FindingKind::PotAwardedWrongly,
            edit(CLEAN, "pot 3 7900", "pot 4 7900"),
        ),
        (FindingKind::ButtonNotMoved, format!("{CLEAN}\n{CLEAN}")),
        (
            FindingKind::BlindsWrongSeats,
            edit(CLEAN, "sb 2 100", "sb 1 100"),
        ),
        (
            FindingKind::Misdeal,
            edit(
                CLEAN,
                "deal 1\n    bet 4 600",
                "deal 1\n    deal 5\n    bet 4 600",
            ),
        ),
        (
            FindingKind::BurnProcedure,
            edit(CLEAN, "burn\n    board Kd", "board Kd"),
        ),
        (FindingKind::BoardCardCount, edit(CLEAN, "board 7d\n", "")),
        (
            FindingKind::ActionOutOfTurn,
            edit(CLEAN, "bet 4 600\n    fold 5", "fold 5\n    bet 4 600"),
        ),
        (
            FindingKind::RaiseBelowMinimum,
            edit(
                CLEAN,
                "bet 3 1000\n    burn\n    board Kd",
                "bet 3 1500\n    bet 4 500\n    burn\n    board Kd",
            ),
        ),
        (
            FindingKind::BetBelowCall,
            edit(CLEAN, "bet 3 1000\n    burn", "check 3\n    burn"),
        ),
        (
            FindingKind::StringBet,
            edit(CLEAN, "bet 4 1000\n", "bet 4 500\n    bet 4 500\n"),
        ),
        (
            FindingKind::PotSplitWrongly,
            edit(&tie_hand(), "pot 3 7900", "pot 3 3900\n    pot 4 4000"),
        ),
        (FindingKind::FouledHandWon, fouled_hand()),
        (
            FindingKind::IncorrectPack,
            edit(CLEAN, "board 5s", "board Ac"),
        ),
        (
            FindingKind::ShowdownOrder,
            edit(
                CLEAN,
                "show 3 7h 7s\n    show 4 Ac Qd",
                "show 4 Ac Qd\n    show 3 7h 7s",
            ),
        ),
        (
            FindingKind::HandUnreconstructable,
            CLEAN.split("show 3").next().unwrap().to_string(),
        ),
    ]
}

#[test]
fn every_poker_finding_kind_is_caught_where_it_was_planted() {
    let mut seen = Vec::new();
    for (kind, hand) in planted() {
        let out = judge(&hand);
        assert!(kinds(&out).contains(&kind), "{kind}: {:#?}", out.findings);
        seen.push(kind);
    }
    for k in FindingKind::ALL.iter().filter(|k| k.is_poker()) {
        assert!(seen.contains(k), "no planted mistake for {k}");
    }
}

#[test]
fn a_clean_hand_has_no_findings_and_its_pot_goes_to_the_best_hand() {
    let out = judge(CLEAN);
    assert!(out.findings.is_empty(), "{:#?}", out.findings);
    let h = &out.hands[0];
    assert_eq!(h.status, HandStatus::Settled);
    assert_eq!(h.pot_cents, 7900);
    let s3 = h.seats.iter().find(|s| s.seat == 3).unwrap();
    assert_eq!((s3.put_in_cents, s3.expected_cents), (3600, 7900));
    assert_eq!(s3.hand.as_deref(), Some("three_of_a_kind"));
}

#[test]
fn the_pot_pushed_to_the_wrong_seat() {
    // DC 30-1604.3(v)(3): seat 4's pair of aces does not beat seat 3's sevens.
    let out = judge(&edit(CLEAN, "pot 3 7900", "pot 4 7900"));
    let f = only(&out, FindingKind::PotAwardedWrongly);
    assert_eq!(f.space, Some(4));
    assert_eq!((f.expected_cents, f.observed_cents), (Some(0), Some(7900)));
    assert_eq!(f.citation, "DC 30-1604.3(v)(3)");
    assert!(f.expected.contains("seat 3 $79.00"), "{}", f.expected);
}

#[test]
fn a_pot_short_paid_is_a_money_finding() {
    let out = judge(&edit(CLEAN, "pot 3 7900", "pot 3 7500"));
    let f = only(&out, FindingKind::PotAwardedWrongly);
    assert_eq!(
        (f.expected_cents, f.observed_cents),
        (Some(7900), Some(7500))
    );
}

#[test]
fn the_button_must_move_one_seat_clockwise() {
    // DC 30-1604.3(x): hand two's button must be at seat 2, the next player.
    let out = judge(&format!("{CLEAN}\n{CLEAN}"));
    let f = only(&out, FindingKind::ButtonNotMoved);
    assert_eq!(f.round, 2);
    assert!(f.expected.contains("seat 2"), "{}", f.expected);
}

#[test]
fn heads_up_the_button_posts_the_small_blind_and_acts_first() {
    // DC 30-1604.3(g), (m)(2); 09-04(11).
    let hu = "
        button 5
        sb 5 100
        bb 2 200
        deal 2
        deal 5
        deal 2
        deal 5
        bet 5 100
        check 2
        burn
        board Ah
        board 7d
        board 2c
        check 2
        check 5
        burn
        board Kd
        check 2
        check 5
        burn
        board 5s
        check 2
        check 5
        show 2 Kc Qd
        show 5 Jh Jc
        pot 2 400
        clear
    ";
    let out = judge(hu);
    assert!(out.findings.is_empty(), "{:#?}", out.findings);
    let wrong = edit(&edit(hu, "sb 5 100", "sb 2 100"), "bb 2 200", "bb 5 200");
    // (The rest of the hand, dealt for the right blinds, then reads wrong too.)
    assert_eq!(
        kinds(&judge(&wrong))[..2],
        [FindingKind::BlindsWrongSeats, FindingKind::BlindsWrongSeats]
    );
    // The big blind acting first pre-flop is out of turn.
    let early = edit(
        hu,
        "bet 5 100\n        check 2",
        "check 2\n        bet 5 100",
    );
    let out = judge(&early);
    assert_eq!(out.findings[0].kind, FindingKind::ActionOutOfTurn);
}

#[test]
fn heads_up_after_a_full_table_the_last_big_blind_takes_the_button() {
    // 09-04(11): play becomes heads-up; seat 3 had the big blind, so it gets the button.
    let hu = |button: u8, other: u8| {
        format!(
            "button {button}\nsb {button} 100\nbb {other} 200\ndeal {other}\ndeal {button}\ndeal {other}\ndeal {button}\nfold {button}\npot {other} 300\nclear"
        )
    };
    let ok = judge(&format!("{CLEAN}\n{}", hu(3, 4)));
    assert!(ok.findings.is_empty(), "{:#?}", ok.findings);
    let out = judge(&format!("{CLEAN}\n{}", hu(4, 3)));
    let f = only(&out, FindingKind::ButtonNotMoved);
    assert!(f.message.contains("heads-up"), "{}", f.message);
}

#[test]
fn blinds_from_the_wrong_seats() {
    // DC 30-1604.3(e)-(f): the small blind is seat 2, left of the button.
    let out = judge(&edit(
        &edit(CLEAN, "sb 2 100", "sb 3 100"),
        "bb 3 200",
        "bb 2 200",
    ));
    let f = &out.findings[..2];
    assert_eq!(
        (f[0].kind, f[0].space),
        (FindingKind::BlindsWrongSeats, Some(3))
    );
    assert_eq!(
        (f[1].kind, f[1].space),
        (FindingKind::BlindsWrongSeats, Some(2))
    );
    assert!(f[0].expected.contains("seat 2"), "{}", f[0].expected);
}

#[test]
fn misdeals_wrong_counts_and_out_of_sequence() {
    // 09-04(13): a third card to seat 5 in the deal.
    let three = edit(
        CLEAN,
        "deal 1\n    bet 4 600",
        "deal 1\n    deal 5\n    bet 4 600",
    );
    let out = judge(&three);
    let f = &out.findings[0];
    assert_eq!((f.kind, f.space), (FindingKind::Misdeal, Some(5)));
    assert!(f.observed.contains("3 hole card"), "{}", f.observed);
    // 09-04(7): dealing begins with the button instead of the seat to its left.
    let seq = CLEAN.replacen(
        "deal 2\n    deal 3\n    deal 4\n    deal 5\n    deal 6\n    deal 1",
        "deal 1\n    deal 2\n    deal 3\n    deal 4\n    deal 5\n    deal 6",
        2,
    );
    let f = only(&judge(&seq), FindingKind::Misdeal);
    assert!(f.message.contains("out of sequence"), "{}", f.message);
}

#[test]
fn burns_and_board_counts() {
    // 09-04(14): no burn before the turn.
    let f = only(
        &judge(&edit(CLEAN, "burn\n    board Kd", "board Kd")),
        FindingKind::BurnProcedure,
    );
    assert!(f.message.contains("turn"), "{}", f.message);
    // Two burns before the river.
    let f = only(
        &judge(&edit(
            CLEAN,
            "burn\n    board 5s",
            "burn\n    burn\n    board 5s",
        )),
        FindingKind::BurnProcedure,
    );
    assert!(f.observed.contains("2 burn"), "{}", f.observed);
    // DC 30-1604.3(n): a flop of two cards; the board then has four cards at the showdown.
    let out = judge(&edit(CLEAN, "board 7d\n", ""));
    only(&out, FindingKind::BoardCardCount);
    assert_eq!(out.hands[0].status, HandStatus::Unreconstructable);
}

#[test]
fn action_out_of_turn() {
    // 09-04(10): pre-flop seat 4 (left of the big blind) acts first; seat 5 acted before it.
    let out = judge(&edit(
        CLEAN,
        "bet 4 600\n    fold 5",
        "fold 5\n    bet 4 600",
    ));
    let f = &out.findings[0];
    assert_eq!((f.kind, f.space), (FindingKind::ActionOutOfTurn, Some(5)));
    assert!(f.expected.contains("seat 4"), "{}", f.expected);
    assert_eq!(out.findings.len(), 1, "{:#?}", out.findings);
}

#[test]
fn checking_facing_a_bet_and_staying_in_short() {
    // 09-04(10), (16).
    let out = judge(&edit(CLEAN, "bet 3 1000\n    burn", "check 3\n    burn"));
    let f = &out.findings[0];
    assert_eq!((f.kind, f.space), (FindingKind::BetBelowCall, Some(3)));
    let out = judge(&edit(CLEAN, "bet 3 1000\n    burn", "bet 3 500\n    burn"));
    assert!(
        kinds(&out).contains(&FindingKind::BetBelowCall),
        "{:#?}",
        out.findings
    );
    // Short, then made up to the call in a second motion: allowed (Morehead 18).
    let out = judge(&edit(
        CLEAN,
        "bet 3 1000\n    burn",
        "bet 3 500\n    bet 3 500\n    burn",
    ));
    assert!(out.findings.is_empty(), "{:#?}", out.findings);
}

#[test]
fn a_raise_under_the_minimum() {
    // 09-04(17): seat 4 raised $4 (to $6); seat 1's re-raise to $8 is $2, under the minimum.
    let out = judge(&edit(
        &edit(CLEAN, "bet 1 600\n", "bet 1 800\n"),
        "bet 3 400\n",
        "bet 3 600\n    bet 4 200\n",
    ));
    assert!(
        kinds(&out).contains(&FindingKind::RaiseBelowMinimum),
        "{:#?}",
        out.findings
    );
    let f = out
        .findings
        .iter()
        .find(|f| f.kind == FindingKind::RaiseBelowMinimum)
        .unwrap();
    assert_eq!(
        (f.space, f.expected_cents, f.observed_cents),
        (Some(1), Some(400), Some(200))
    );
    // All in for less stands.
    let out = judge(&edit(
        &edit(CLEAN, "bet 1 600\n", "bet 1 800 allin\n"),
        "bet 3 400\n",
        "bet 3 600\n    bet 4 200\n",
    ));
    assert!(
        !kinds(&out).contains(&FindingKind::RaiseBelowMinimum),
        "{:#?}",
        out.findings
    );
}

#[test]
fn a_raise_of_half_the_minimum_must_be_completed() {
    // 09-04(17): facing seat 4's $10 flop bet, seat 3 raises by $5 (half the minimum raise of
    // $10) and completes it to $20 with a second motion: allowed, not a string bet.
    let completed = edit(
        &edit(
            CLEAN,
            "bet 3 1000\n    burn\n    board Kd",
            "bet 3 1500\n    bet 3 500\n    bet 4 1000\n    burn\n    board Kd",
        ),
        "pot 3 7900",
        "pot 3 9900",
    );
    let out = judge(&completed);
    assert!(out.findings.is_empty(), "{:#?}", out.findings);
    // Left at $5 and called: the raise stood under the minimum.
    let stood = edit(
        &edit(
            CLEAN,
            "bet 3 1000\n    burn\n    board Kd",
            "bet 3 1500\n    bet 4 500\n    burn\n    board Kd",
        ),
        "pot 3 7900",
        "pot 3 8900",
    );
    let f = only(&judge(&stood), FindingKind::RaiseBelowMinimum);
    assert!(
        f.message.contains("must be completed to $10.00"),
        "{}",
        f.message
    );
}

#[test]
fn string_bets_unless_announced() {
    // Morehead 18: seat 4's flop bet of $10 in two motions.
    let two = edit(CLEAN, "bet 4 1000\n", "bet 4 500\n    bet 4 500\n");
    let f = only(&judge(&two), FindingKind::StringBet);
    assert_eq!(f.space, Some(4));
    let announced = edit(
        CLEAN,
        "bet 4 1000\n",
        "bet 4 500 declared 1000\n    bet 4 500\n",
    );
    assert!(judge(&announced).findings.is_empty());
}

#[test]
fn one_oversized_chip_is_a_call() {
    // 09-04(17): seat 1 faces $6 and puts in one $25 chip without announcing a raise: a call
    // of $6; the pot is the same $79.
    let out = judge(&edit(CLEAN, "bet 1 600\n", "chip 1 2500\n"));
    assert!(out.findings.is_empty(), "{:#?}", out.findings);
    assert_eq!(out.hands[0].pot_cents, 7900);
}

#[test]
fn a_tie_split_with_the_odd_chip_clockwise_from_the_button() {
    // 09-04(25), (27): seats 3 and 4 both play the board's broadway straight. $79 in $1 chips
    // splits $40 to seat 3 (first clockwise from the button at seat 1) and $39 to seat 4.
    let tie = tie_hand();
    let right = edit(&tie, "pot 3 7900", "pot 3 4000\n    pot 4 3900");
    assert!(
        judge(&right).findings.is_empty(),
        "{:#?}",
        judge(&right).findings
    );
    let wrong = edit(&tie, "pot 3 7900", "pot 3 3900\n    pot 4 4000");
    let f = only(&judge(&wrong), FindingKind::PotSplitWrongly);
    assert!(f.expected.contains("seat 3 $40.00"), "{}", f.expected);
}

#[test]
fn a_fouled_hand_cannot_win() {
    // 09-04(18): seat 3 was given an extra card on the flop and shows three.
    let foul = fouled_hand();
    let out = judge(&foul);
    let f = only(&out, FindingKind::FouledHandWon);
    assert_eq!(f.space, Some(3));
    let h = &out.hands[0];
    assert!(h.seats.iter().find(|s| s.seat == 3).unwrap().fouled);
    assert_eq!(
        h.seats.iter().find(|s| s.seat == 4).unwrap().expected_cents,
        7900
    );
}

#[test]
fn a_card_seen_twice_voids_the_deal() {
    // Morehead 14; 09-04(28): the river repeats seat 4's ace of clubs. The deal is void and each
    // seat takes back what it put in.
    let dup = edit(CLEAN, "board 5s", "board Ac");
    let out = judge(&dup);
    let f = &out.findings[0];
    assert_eq!(f.kind, FindingKind::IncorrectPack);
    assert!(f.observed.contains("Ac"), "{}", f.observed);
    assert_eq!(out.hands[0].status, HandStatus::Void);
    let returned = edit(
        &dup,
        "pot 3 7900",
        "pot 1 600\n    pot 2 100\n    pot 3 3600\n    pot 4 3600",
    );
    let out = judge(&returned);
    assert_eq!(
        kinds(&out),
        vec![FindingKind::IncorrectPack],
        "{:#?}",
        out.findings
    );
}

#[test]
fn hands_shown_in_the_wrong_order() {
    // 09-04(23)(a): seat 3 bet the river, so seat 3 shows first.
    let out = judge(&edit(
        CLEAN,
        "show 3 7h 7s\n    show 4 Ac Qd",
        "show 4 Ac Qd\n    show 3 7h 7s",
    ));
    let f = only(&out, FindingKind::ShowdownOrder);
    assert!(f.expected.contains("3, 4"), "{}", f.expected);
    assert_eq!(f.severity, pitwatch::audit::Severity::Low);
}

#[test]
fn a_hand_the_log_breaks_off_is_not_judged() {
    let cut = CLEAN.split("show 3").next().unwrap();
    let out = judge(cut);
    only(&out, FindingKind::HandUnreconstructable);
    assert_eq!(out.hands[0].status, HandStatus::Unreconstructable);
}

#[test]
fn the_sample_session_finds_the_misdirected_side_pot() {
    let (code, out, err) = run(&["audit", "--game", "holdem", "samples/holdem.jsonl"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("pot_awarded_wrongly  table P1 hand 2  seat 4"),
        "{out}"
    );
    assert!(
        out.contains("3 hands (0 not reconstructed), 1 findings"),
        "{out}"
    );
    let (code, json, _) = run(&[
        "audit",
        "--game",
        "holdem",
        "--format",
        "json",
        "samples/holdem.jsonl",
    ]);
    assert_eq!(code, 1);
    let hands: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|v: &serde_json::Value| v["record"] == "hand")
        .collect();
    assert_eq!(hands.len(), 3);
    // Hand 2: seat 5 all in wins the main pot ($46), seat 1 the side pot ($50).
    let seats = hands[1]["seats"].as_array().unwrap();
    let exp = |s: u64| {
        seats.iter().find(|x| x["seat"] == s).unwrap()["expected_cents"]
            .as_i64()
            .unwrap()
    };
    assert_eq!((exp(5), exp(1), exp(4)), (4600, 5000, 0));
}

#[test]
fn a_log_of_the_other_game_is_refused_with_its_place() {
    let (code, _, err) = run(&["audit", "samples/holdem.jsonl"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("samples/holdem.jsonl:4") && err.contains("--game holdem"),
        "{err}"
    );
    let (code, _, err) = run(&["audit", "--game", "holdem", "samples/shift.jsonl"]);
    assert_eq!(code, 2);
    assert!(err.contains("--game twenty-one"), "{err}");
    let dir = scratch("holdem-rules");
    let rules = dir.join("h.toml");
    std::fs::write(&rules, "smallest_chip = 25\n").unwrap();
    let (code, _, err) = run(&[
        "audit",
        "--game",
        "holdem",
        "--rules",
        rules.to_str().unwrap(),
        "samples/holdem.jsonl",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("smallest_chip"), "{err}");
    assert!(path("samples/holdem.jsonl").exists());
}
