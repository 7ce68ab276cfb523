//! Per-hand summaries of the hold'em audit: who put in what, what was shown, and what each seat
//! should have received against what it did.

use serde::Serialize;

use crate::events::{Cents, Id};
use crate::rules::Card;

/// Whether the hand could be judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HandStatus {
    /// The pots were worked out and compared with what was pushed.
    Settled,
    /// The deal was void (an incorrect pack): every bet goes back (Morehead 14).
    Void,
    /// The log did not allow the pots to be worked out; a finding says why.
    Unreconstructable,
}

/// One seat's part in a hand.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatSummary {
    /// Seat number.
    pub seat: u8,
    /// Everything the seat put in (antes, blinds, bets), in cents.
    pub put_in_cents: Cents,
    /// The seat folded or mucked.
    pub folded: bool,
    /// The seat went all in.
    pub all_in: bool,
    /// The seat held too many cards: a dead hand (09-04(18)).
    pub fouled: bool,
    /// Cards the seat showed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub shown: Vec<Card>,
    /// The best hand its shown cards make with the board (`flush`, `two_pair`...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<String>,
    /// What the rules award the seat, in cents (uncalled bets handed back included).
    pub expected_cents: Cents,
    /// What was pushed to the seat, in cents.
    pub awarded_cents: Cents,
}

/// The summary of one hold'em hand.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HoldemSummary {
    /// Table id.
    pub table: Id,
    /// Hand number at the table, from 1.
    pub hand: u32,
    /// Time of the hand's first event, seconds into the footage.
    pub t_start: f64,
    /// Time of its last event.
    pub t_end: f64,
    /// Wall clock at the start, when the log gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wall: Option<Id>,
    /// Settled, void or not reconstructable.
    pub status: HandStatus,
    /// The button's seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub button: Option<u8>,
    /// The board cards in the order dealt.
    pub board: Vec<Card>,
    /// Everything put in by every seat, in cents.
    pub pot_cents: Cents,
    /// Every seat in the hand, in seat order.
    pub seats: Vec<SeatSummary>,
    /// Findings in the hand.
    pub findings: u32,
}
