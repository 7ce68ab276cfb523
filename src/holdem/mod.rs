//! The Texas Hold'em audit: hands rebuilt from the table-event log (the poker events of
//! `docs/events.md`), judged against DC 30-1604.3, N.D. Admin. Code 99-01.3-09-04 and Morehead's
//! laws of poker 11-25, and every deviation reported as a [`Finding`](crate::audit::Finding).
//! Pure: no I/O. Hand values and pots come from [`crate::rules::poker`].
//!
//! A rule broken is data (a finding), never an `Err`; a hand the log cannot explain gets a
//! `hand_unreconstructable` finding and the audit goes on with the next hand.

pub mod auditor;
mod betting;
mod deal;
pub mod hand;
pub mod rules;
pub mod seats;
mod showdown;
pub mod summary;

pub use auditor::{HoldemAuditor, HoldemOutput};
pub use rules::{HoldemRules, HoldemRulesError};
pub use summary::{HandStatus, HoldemSummary, SeatSummary};

use crate::events::Event;

/// Audits a whole log held in memory.
pub fn audit(events: &[Event], rules: &HoldemRules) -> HoldemOutput {
    let mut a = HoldemAuditor::new(rules.clone());
    for e in events {
        a.push(e);
    }
    a.finish()
}
