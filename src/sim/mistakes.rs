//! Dealer mistakes the simulator can make on purpose, so the footage holds findings whose truth
//! is known. Each names the rule it breaks; the audit must find every one.

use serde::Serialize;

/// A dealer mistake the generator can make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mistake {
    /// A winning hand paid more than even money (08-11(14)).
    Overpay,
    /// A winning hand paid less than even money (08-11(14)).
    Underpay,
    /// A tie paid as a win (08-11(12)).
    PaidPush,
    /// A natural paid one to one instead of three to two (08-11(11)).
    NaturalPaidEven,
    /// A losing wager left on the table (08-11(14)).
    LosingNotCollected,
    /// The dealer drew a card at 17 or more (08-11(10)(g)).
    #[serde(rename = "drew_at_17")]
    DrewAt17,
    /// The dealer stood at 16 or less (08-11(10)(f)).
    #[serde(rename = "stood_at_16")]
    StoodAt16,
    /// No card burned after the shuffle (08-08(3)).
    NoBurn,
    /// The first cards dealt out of order (08-10(1)).
    DealingOrder,
    /// A payoff stacked instead of fanned (08-11(16)(a)).
    NotFanned,
    /// An insurance bet of other than half the wager accepted (08-09(2)(b)).
    InsuranceAmount,
    /// A wager over the table maximum accepted (08-09(1)).
    OverLimit,
    /// A card dealt to a hand that had already busted.
    CardToBustHand,
    /// A double-down accepted on split aces (08-09(2)(c)).
    DoubleOnSplitAces,
}

impl Mistake {
    /// Every mistake, in menu order.
    pub const ALL: [Mistake; 14] = [
        Mistake::Overpay,
        Mistake::Underpay,
        Mistake::PaidPush,
        Mistake::NaturalPaidEven,
        Mistake::LosingNotCollected,
        Mistake::DrewAt17,
        Mistake::StoodAt16,
        Mistake::NoBurn,
        Mistake::DealingOrder,
        Mistake::NotFanned,
        Mistake::InsuranceAmount,
        Mistake::OverLimit,
        Mistake::CardToBustHand,
        Mistake::DoubleOnSplitAces,
    ];

    /// The mistake's name on the command line and in `injected.json`.
    pub fn as_str(self) -> &'static str {
        match self {
            Mistake::Overpay => "overpay",
            Mistake::Underpay => "underpay",
            Mistake::PaidPush => "paid_push",
            Mistake::NaturalPaidEven => "natural_paid_even",
            Mistake::LosingNotCollected => "losing_not_collected",
            Mistake::DrewAt17 => "drew_at_17",
            Mistake::StoodAt16 => "stood_at_16",
            Mistake::NoBurn => "no_burn",
            Mistake::DealingOrder => "dealing_order",
            Mistake::NotFanned => "not_fanned",
            Mistake::InsuranceAmount => "insurance_amount",
            Mistake::OverLimit => "over_limit",
            Mistake::CardToBustHand => "card_to_bust_hand",
            Mistake::DoubleOnSplitAces => "double_on_split_aces",
        }
    }

    /// The mistake with this name (as [`Mistake::as_str`] writes it).
    pub fn parse(name: &str) -> Option<Mistake> {
        Mistake::ALL.into_iter().find(|m| m.as_str() == name)
    }
}

/// A mistake the generator made: which, in which round, where and when.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Injected {
    /// The mistake.
    pub mistake: Mistake,
    /// Round number at the table, from 1 (as the audit numbers rounds).
    pub round: u64,
    /// Betting space, when the mistake is at one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub space: Option<u8>,
    /// Seconds into the footage of the event that carries the mistake.
    pub t: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_match_the_json() {
        for m in Mistake::ALL {
            assert_eq!(Mistake::parse(m.as_str()), Some(m));
            assert_eq!(
                serde_json::to_string(&m).unwrap(),
                format!("\"{}\"", m.as_str())
            );
        }
    }
}
