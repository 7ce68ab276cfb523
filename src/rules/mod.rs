//! Game rules as a library: cards and the twenty-one rules engine. Pure: no I/O.

pub mod cards;
pub mod twenty_one;

pub use cards::{Card, CardParseError, Rank, Suit};
