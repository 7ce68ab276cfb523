//! The twenty-one audit: rounds rebuilt from the table-event log, settled under the house rules,
//! and every deviation reported as a [`Finding`]. Pure: no I/O.
//!
//! A rule violation is data (a finding), never an `Err`; a round the log cannot explain becomes a
//! `round_unreconstructable` finding and the audit goes on with the next round.

pub mod auditor;
mod checks;
pub mod finding;
pub mod round;
pub mod settle;
pub mod summary;

pub use auditor::{AuditOutput, Auditor};
pub use finding::{Finding, FindingKind, Severity, clock, dollars};
pub use summary::{HandSummary, Outcome, RoundStatus, RoundSummary};

use crate::events::Event;
use crate::rules::twenty_one::HouseRules;

/// Audits a whole log held in memory.
pub fn audit(events: &[Event], rules: &HouseRules) -> AuditOutput {
    let mut a = Auditor::new(rules.clone());
    for e in events {
        a.push(e);
    }
    a.finish()
}
