//! The table-event log: the contract between seeing (video, smart shoe, a person annotating) and
//! judging (the rules engine). Types in [`types`], JSON Lines text in [`jsonl`].
//! The schema is documented in `docs/events.md`.

pub mod id;
pub mod jsonl;
pub mod types;

pub use id::Id;
pub use jsonl::{LineError, parse_line, parse_log, to_line};
pub use types::{
    AtMost, Bet, Cents, Chips, Event, EventKind, MAX_HANDS, MAX_SPACE, Money, PostKind, Target,
    WagerKind,
};
