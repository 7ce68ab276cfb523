//! Findings: what a reviewer needs to know about each deviation from the rules.

use crate::events::Id;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::events::Cents;

/// How much a finding matters to a reviewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Procedure lapses that change no money by themselves.
    Low,
    /// Procedure violations that can hide or enable a money error.
    Medium,
    /// Money moved wrongly, or the outcome of a hand was altered.
    High,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
        })
    }
}

macro_rules! kinds {
    ($( $(#[$doc:meta])* $v:ident = $name:literal, $sev:ident, $cite:literal; )*) => {
        /// Every kind of finding the twenty-one audit reports.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        pub enum FindingKind {
            $( $(#[$doc])* #[serde(rename = $name)] $v, )*
        }

        impl FindingKind {
            /// Every kind, in declaration order.
            pub const ALL: &'static [FindingKind] = &[$(FindingKind::$v),*];

            /// The kind's name in reports (`snake_case`).
            pub fn as_str(self) -> &'static str {
                match self { $(FindingKind::$v => $name,)* }
            }

            /// Default severity.
            pub fn severity(self) -> Severity {
                match self { $(FindingKind::$v => Severity::$sev,)* }
            }

            /// The rule the kind usually breaks; some findings cite a more precise subdivision.
            pub fn citation(self) -> &'static str {
                match self { $(FindingKind::$v => $cite,)* }
            }
        }
    };
}

kinds! {
    /// A winning hand was paid more than it won (or a losing hand was paid).
    Overpay = "overpay", High, "N.D. Admin. Code 99-01.3-08-11(12)";
    /// A winning hand was paid less than it won.
    Underpay = "underpay", High, "N.D. Admin. Code 99-01.3-08-11(12)";
    /// A tie was paid; all ties are a push (08-11(12)).
    PaidPush = "paid_push", High, "N.D. Admin. Code 99-01.3-08-11(12)";
    /// A tie was collected.
    PushCollected = "push_collected", High, "N.D. Admin. Code 99-01.3-08-11(2)";
    /// A natural was paid one to one instead of three to two (08-11(11)).
    NaturalPaidEven = "natural_paid_even", High, "N.D. Admin. Code 99-01.3-08-11(11)";
    /// A losing wager was left with the player, wholly or in part (08-11(13)).
    LosingWagerNotCollected = "losing_wager_not_collected", High, "N.D. Admin. Code 99-01.3-08-11(13)";
    /// A winning wager was collected.
    WinningWagerCollected = "winning_wager_collected", High, "N.D. Admin. Code 99-01.3-08-11(2)";
    /// More was taken than the wager held.
    Overcollected = "overcollected", High, "N.D. Admin. Code 99-01.3-08-11(2)";
    /// A split or double wager was collected though a dealer natural voids it (08-11(10)(e)).
    VoidedWagerCollected = "voided_wager_collected", High, "N.D. Admin. Code 99-01.3-08-11(10)(e)";
    /// The excess of a wager over the table maximum was taken or paid on, not returned.
    ExcessNotReturned = "excess_not_returned", Medium, "N.D. Admin. Code 99-01.3-08-09(1)";
    /// Insurance paid, collected or left wrongly (2:1 on a dealer natural, else lost).
    InsuranceSettledWrong = "insurance_settled_wrong", High, "N.D. Admin. Code 99-01.3-08-09(2)(b)";
    /// A tip bet paid, collected or left wrongly.
    TipSettledWrong = "tip_settled_wrong", Medium, "N.D. Admin. Code 99-01.3-08-09(2)(a)";
    /// The dealer drew a card at 17 or more (a soft 17 included where the dealer stands on it).
    DealerDrewAt17OrMore = "dealer_drew_at_17_or_more", High, "N.D. Admin. Code 99-01.3-08-11(10)(g)";
    /// The dealer stood at 16 or less (or on soft 17 where the dealer must hit it).
    DealerStoodAt16OrLess = "dealer_stood_at_16_or_less", High, "N.D. Admin. Code 99-01.3-08-11(10)(f)";
    /// Hands were settled as if the dealer's total were other than the cards show.
    DealerTotalMisread = "dealer_total_misread", High, "N.D. Admin. Code 99-01.3-08-11(12)";
    /// A card the dealer drew at 17 or more was kept instead of burned (08-12(10)).
    DealerHitAt17NotBurned = "dealer_hit_at_17_not_burned", Medium, "N.D. Admin. Code 99-01.3-08-12(10)";
    /// Cards were not dealt in the order the dealing method prescribes.
    DealingOrder = "dealing_order", Medium, "N.D. Admin. Code 99-01.3-08-10(1)";
    /// The dealer's hole card was exposed before all players' decisions were carried out.
    HoleCardExposedEarly = "hole_card_exposed_early", High, "N.D. Admin. Code 99-01.3-08-12(14)";
    /// No card was burned after a shuffle or when a new dealer took the table (08-08(3)).
    NoBurn = "no_burn", Medium, "N.D. Admin. Code 99-01.3-08-08(3)";
    /// A split the rules do not allow, or split aces drawing more than one card (08-09(2)(c)).
    SplitRuleBroken = "split_rule_broken", Medium, "N.D. Admin. Code 99-01.3-08-09(2)(c)";
    /// A double-down the rules do not allow, or more than one card on a doubled hand.
    DoubleRuleBroken = "double_rule_broken", Medium, "N.D. Admin. Code 99-01.3-08-09(2)(d)";
    /// Insurance or even money taken where the rules do not allow it, or of the wrong size.
    InsuranceRuleBroken = "insurance_rule_broken", Medium, "N.D. Admin. Code 99-01.3-08-09(2)(b)";
    /// A tip bet the rules do not allow (not permitted, wrong size, no original wager).
    TipRuleBroken = "tip_rule_broken", Low, "N.D. Admin. Code 99-01.3-08-09(2)(a)";
    /// An original or tip wager changed after the first card was dealt (08-09(2)).
    WagerChangedAfterDeal = "wager_changed_after_deal", High, "N.D. Admin. Code 99-01.3-08-09(2)";
    /// An original wager that is not a whole-dollar amount (08-09(1)).
    WagerNotWholeDollar = "wager_not_whole_dollar", Medium, "N.D. Admin. Code 99-01.3-08-09(1)";
    /// An original wager below the table minimum or above the table maximum (08-09(1)).
    WagerOutsideLimits = "wager_outside_limits", Medium, "N.D. Admin. Code 99-01.3-08-09(1)";
    /// More than seven betting spaces in play (08-01(2), 08-02(1)).
    TooManySpaces = "too_many_spaces", Medium, "N.D. Admin. Code 99-01.3-08-01(2)";
    /// One player on more betting spaces than allowed, or on spaces not adjacent (08-01(2)).
    PlayerOnTooManySpaces = "player_on_too_many_spaces", Medium, "N.D. Admin. Code 99-01.3-08-01(2)";
    /// A card seen more often since the shuffle than the shoe holds (08-02(3), 08-07(1)).
    CardCountExceedsShoe = "card_count_exceeds_shoe", High, "N.D. Admin. Code 99-01.3-08-02(3)";
    /// A card dealt to a hand that was finished (busted or cleared).
    CardToFinishedHand = "card_to_finished_hand", High, "N.D. Admin. Code 99-01.3-08-11(6)";
    /// Collections not made from the dealer's right to the left (08-11(13), 08-11(10)(a)).
    CollectionOrder = "collection_order", Low, "N.D. Admin. Code 99-01.3-08-11(13)";
    /// At a surveilled table, payoffs not made hand by hand, or tips paid before the hands.
    PayoffNotHandByHand = "payoff_not_hand_by_hand", Low, "N.D. Admin. Code 99-01.3-08-11(16)";
    /// Payoff chips not fanned where the rules require it.
    PayoutNotFanned = "payout_not_fanned", Low, "N.D. Admin. Code 99-01.3-08-11(16)(a)";
    /// A double-down card or split-ace card not placed at a right angle (08-11(3)).
    CardNotAtRightAngle = "card_not_at_right_angle", Low, "N.D. Admin. Code 99-01.3-08-11(3)";
    /// The round could not be rebuilt from the log; the reason says why.
    RoundUnreconstructable = "round_unreconstructable", High, "N.D. Admin. Code 99-01.3-08-11(17)";
    /// Poker: the button did not move to the next player clockwise (DC 30-1604.3(d), (x); the
    /// heads-up rule of 09-04(11)).
    ButtonNotMoved = "button_not_moved", Medium, "DC 30-1604.3(x)";
    /// Poker: a blind posted by a seat other than the one the rules name (DC 30-1604.3(e)-(g),
    /// 09-04(11)).
    BlindsWrongSeats = "blinds_wrong_seats", Medium, "DC 30-1604.3(e)-(g); N.D. Admin. Code 99-01.3-09-04(11)";
    /// Poker: a misdeal: a seat given the wrong number of hole cards, cards out of sequence, or a
    /// player in the hand dealt out (09-04(7), (13)).
    Misdeal = "misdeal", Medium, "N.D. Admin. Code 99-01.3-09-04(13)";
    /// Poker: a burn card missing or extra before the flop, turn or river (09-04(14)).
    BurnProcedure = "burn_procedure", Medium, "N.D. Admin. Code 99-01.3-09-04(14)";
    /// Poker: the wrong number of board cards on a street (three, one, one: DC 30-1604.3(n), (p), (r)).
    BoardCardCount = "board_card_count", High, "DC 30-1604.3(n), (p), (r)";
    /// Poker: a seat acted before its turn or when no action was owed (09-04(10); Morehead 23-24).
    ActionOutOfTurn = "action_out_of_turn", Medium, "N.D. Admin. Code 99-01.3-09-04(10)";
    /// Poker: a raise below the minimum let stand (09-04(17); Morehead 19).
    RaiseBelowMinimum = "raise_below_minimum", Medium, "N.D. Admin. Code 99-01.3-09-04(17)";
    /// Poker: a seat stayed in for less than the call, or checked facing a bet (09-04(10), (16)).
    BetBelowCall = "bet_below_call", Medium, "N.D. Admin. Code 99-01.3-09-04(16)";
    /// Poker: a bet put in with more than one forward motion (Morehead 18).
    StringBet = "string_bet", Low, "Morehead's laws of poker 18";
    /// Poker: a pot pushed to the wrong seat or in the wrong amount (DC 30-1604.3(v)(3), 09-04(26)).
    PotAwardedWrongly = "pot_awarded_wrongly", High, "DC 30-1604.3(v)(3)";
    /// Poker: a tied pot split unequally, or the odd chip given to the wrong seat (09-04(25), (27)).
    PotSplitWrongly = "pot_split_wrongly", High, "N.D. Admin. Code 99-01.3-09-04(25), (27)";
    /// Poker: a hand holding too many cards (dead) won chips (09-04(18), (24)(a)).
    FouledHandWon = "fouled_hand_won", High, "N.D. Admin. Code 99-01.3-09-04(18)";
    /// Poker: a card seen twice in one deal: the pack is incorrect, the deal void and every bet
    /// returned (Morehead 14; 09-04(28)).
    IncorrectPack = "incorrect_pack", High, "Morehead's laws of poker 14; N.D. Admin. Code 99-01.3-09-04(28)";
    /// Poker: hands shown at the showdown in the wrong order (09-04(23)).
    ShowdownOrder = "showdown_order", Low, "N.D. Admin. Code 99-01.3-09-04(23)";
    /// Poker: the hand could not be rebuilt from the log; the reason says why (09-04(26)).
    HandUnreconstructable = "hand_unreconstructable", High, "N.D. Admin. Code 99-01.3-09-04(26)";
}

impl FindingKind {
    /// True for the kinds only the poker audit reports.
    pub fn is_poker(self) -> bool {
        self >= FindingKind::ButtonNotMoved
    }
}

impl fmt::Display for FindingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One deviation from the rules, located in time and on the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    /// What kind of deviation.
    pub kind: FindingKind,
    /// How much it matters.
    pub severity: Severity,
    /// The rule broken, e.g. "N.D. Admin. Code 99-01.3-08-11(10)(f)".
    pub citation: String,
    /// Table id.
    pub table: Id,
    /// Round number at the table, from 1.
    pub round: u32,
    /// Betting space, when the finding is about one.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub space: Option<u8>,
    /// Hand at the space, when the finding is about one.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub hand: Option<u8>,
    /// Start of the span to review, seconds into the footage.
    pub t_start: f64,
    /// End of the span to review, seconds into the footage.
    pub t_end: f64,
    /// Wall-clock time at the start of the span, when the log gives it.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub wall: Option<Id>,
    /// What the rules call for, in words and figures.
    pub expected: String,
    /// What the log shows.
    pub observed: String,
    /// Expected money in cents, for money findings.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub expected_cents: Option<Cents>,
    /// Observed money in cents, for money findings.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub observed_cents: Option<Cents>,
    /// One line a reviewer understands.
    pub message: String,
}

/// Formats cents as dollars: 750 -> "$7.50", -100 -> "-$1.00".
pub fn dollars(c: Cents) -> String {
    let sign = if c < 0 { "-" } else { "" };
    let a = c.unsigned_abs();
    format!("{sign}${}.{:02}", a / 100, a % 100)
}

/// Formats seconds as h:mm:ss.s for messages.
pub fn clock(t: f64) -> String {
    let tenths = (t * 10.0).round().max(0.0) as u64;
    let s = tenths / 10;
    format!(
        "{}:{:02}:{:02}.{}",
        s / 3600,
        (s / 60) % 60,
        s % 60,
        tenths % 10
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_is_shown_in_dollars() {
        assert_eq!(dollars(750), "$7.50");
        assert_eq!(dollars(-100), "-$1.00");
        assert_eq!(dollars(5), "$0.05");
    }

    #[test]
    fn clock_format() {
        assert_eq!(clock(3725.25), "1:02:05.3");
    }

    #[test]
    fn every_kind_cites_a_rule_and_round_trips() {
        for k in FindingKind::ALL {
            let cite = k.citation();
            if k.is_poker() {
                assert!(
                    cite.contains("99-01.3-09-04")
                        || cite.starts_with("DC 30-1604.3")
                        || cite.starts_with("Morehead"),
                    "{k}"
                );
            } else {
                assert!(cite.starts_with("N.D. Admin. Code 99-01.3-08-"), "{k}");
            }
            let j = serde_json::to_string(k).unwrap();
            assert_eq!(j, format!("\"{}\"", k.as_str()));
            assert_eq!(serde_json::from_str::<FindingKind>(&j).unwrap(), *k);
        }
    }
}
