//! Game rules as a library: cards, the twenty-one rules engine and poker (hand evaluation and
//! pots). Pure: no I/O.

pub mod cards;
pub mod poker;
pub mod twenty_one;

pub use cards::{Card, CardParseError, Rank, Suit};
