//! Simulated play: a rule-following dealer that writes the table-event log (ground truth for
//! tests, benchmarks and samples). Pure: no I/O.

pub mod play;
pub mod rng;

pub use play::{PlayConfig, Table, play};
pub use rng::Rng;
