//! Sinks for audit results: a reviewer's text report and JSON Lines for machines.

pub mod json;
pub mod text;

use crate::audit::{Finding, RoundSummary, Severity};
use crate::events::Cents;

/// Running totals over everything reported, for the closing line.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Totals {
    /// Rounds closed.
    pub rounds: u64,
    /// Rounds that could not be reconstructed.
    pub unreconstructable: u64,
    /// Findings in all.
    pub findings: u64,
    /// High-severity findings.
    pub high: u64,
    /// Medium-severity findings.
    pub medium: u64,
    /// Low-severity findings.
    pub low: u64,
    /// Everything wagered, in cents.
    pub wagered_cents: Cents,
    /// The house's result the rules call for, in cents.
    pub house_expected_cents: Cents,
    /// The house's result as the chips moved, in cents.
    pub house_observed_cents: Cents,
}

impl Totals {
    /// Adds a closed round.
    pub fn add_round(&mut self, r: &RoundSummary) {
        self.rounds += 1;
        if r.status == crate::audit::RoundStatus::Unreconstructable {
            self.unreconstructable += 1;
        }
        self.wagered_cents += r.wagered_cents;
        self.house_expected_cents += r.house_expected_cents;
        self.house_observed_cents += r.house_observed_cents;
    }

    /// Adds a finding.
    pub fn add_finding(&mut self, f: &Finding) {
        self.findings += 1;
        match f.severity {
            Severity::High => self.high += 1,
            Severity::Medium => self.medium += 1,
            Severity::Low => self.low += 1,
        }
    }
}
