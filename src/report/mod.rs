//! Sinks for audit results: a reviewer's text report and JSON Lines for machines.

pub mod json;
pub mod text;

use crate::audit::{Finding, RoundSummary, Severity};
use crate::events::Cents;
use crate::holdem::{HandStatus, HoldemSummary};

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
    /// Poker: what the rules push to the seats over all hands, in cents.
    #[serde(skip_serializing_if = "is_zero")]
    pub pushed_expected_cents: Cents,
    /// Poker: what was pushed to the seats, in cents.
    #[serde(skip_serializing_if = "is_zero")]
    pub pushed_observed_cents: Cents,
    /// Poker hands rather than twenty-one rounds.
    #[serde(skip)]
    pub poker: bool,
}

fn is_zero(c: &Cents) -> bool {
    *c == 0
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

    /// Adds a closed hold'em hand: its pot counts as wagered; the house takes nothing from it.
    pub fn add_hand(&mut self, h: &HoldemSummary) {
        self.poker = true;
        self.rounds += 1;
        if h.status == HandStatus::Unreconstructable {
            self.unreconstructable += 1;
        }
        self.wagered_cents += h.pot_cents;
        for s in &h.seats {
            self.pushed_expected_cents += s.expected_cents;
            self.pushed_observed_cents += s.awarded_cents;
        }
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
