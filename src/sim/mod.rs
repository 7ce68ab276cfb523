//! Simulated play: a rule-following dealer that writes the table-event log (ground truth for
//! tests, benchmarks and samples). Pure: no I/O.

pub mod annotate;
pub mod compare;
pub mod mistakes;
pub mod play;
pub mod replay;
pub mod rng;
pub mod scene;
pub mod sight;

pub use mistakes::{Injected, Mistake};
pub use play::{PlayConfig, Table, play};
pub use rng::Rng;
