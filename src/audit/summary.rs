//! Per-round settlement summaries: how each hand ended and what money should have moved.

use crate::events::Id;

use serde::Serialize;

use super::round::CardList;
use crate::events::Cents;

/// How a hand (or the round) ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The hand beat the dealer: paid one to one.
    Win,
    /// A natural against no dealer natural: paid three to two (08-11(11)).
    Natural,
    /// Even money taken on a natural against an ace (08-09(2)(b)).
    EvenMoney,
    /// A tie (08-11(12)).
    Push,
    /// The dealer's hand won.
    Lose,
    /// The hand went over twenty-one.
    Bust,
    /// Picked up with its wager taken before the dealer played, its cards seen short of a
    /// bust: a busted hand goes at once (08-11(10)(a)), so it busted on a card not seen. Settled
    /// on its own, as a bust.
    PickedUp,
    /// Split or double wagers voided by a dealer natural (08-11(10)(e)).
    Void,
    /// No cards reached the space: inactive for the round (08-12(2)).
    NoCards,
}

/// The settlement of one hand.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HandSummary {
    /// Betting space.
    pub space: u8,
    /// Hand at the space.
    pub hand: u8,
    /// The hand's cards.
    pub cards: CardList,
    /// The hand's total (an ace counted eleven when that stays at or under 21).
    pub total: u8,
    /// How it ended.
    pub outcome: Outcome,
    /// Original or split wager plus any double, in cents.
    pub wagered_cents: Cents,
    /// What the rules pay on it (cents).
    pub expected_paid_cents: Cents,
    /// What the rules collect from it (cents).
    pub expected_collected_cents: Cents,
    /// What was paid (cents).
    pub paid_cents: Cents,
    /// What was collected (cents).
    pub collected_cents: Cents,
}

/// Whether the round could be settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundStatus {
    /// Every hand was settled and compared.
    Settled,
    /// The log did not allow the round to be rebuilt; a finding says why.
    Unreconstructable,
}

/// The settlement summary of one round.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoundSummary {
    /// Table id.
    pub table: Id,
    /// Round number at the table, from 1.
    pub round: u32,
    /// Time of the round's first event, seconds into the footage.
    pub t_start: f64,
    /// Time of its last event.
    pub t_end: f64,
    /// Wall clock at the start, when the log gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wall: Option<Id>,
    /// Settled or not.
    pub status: RoundStatus,
    /// The dealer's cards at the end (burned cards left out).
    pub dealer_cards: CardList,
    /// The dealer's total when every card is known.
    pub dealer_total: Option<u8>,
    /// The dealer held a natural.
    pub dealer_natural: bool,
    /// Every hand.
    pub hands: Vec<HandSummary>,
    /// Everything wagered this round (all bets), in cents.
    pub wagered_cents: Cents,
    /// Collections less payouts the rules call for, in cents (the house's result).
    pub house_expected_cents: Cents,
    /// Collections less payouts that happened, in cents.
    pub house_observed_cents: Cents,
    /// Findings in the round.
    pub findings: u32,
}
