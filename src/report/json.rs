//! JSON Lines output: one object per line, each with a `record` field saying what it is
//! (`round`, `finding`, or `totals` at the end). Documented in `docs/findings.md`.

use std::io::{self, Write};

use serde::Serialize;

use super::Totals;
use crate::audit::{Finding, RoundSummary};
use crate::holdem::HoldemSummary;

#[derive(Serialize)]
struct Tagged<'a, T: Serialize> {
    record: &'static str,
    #[serde(flatten)]
    inner: &'a T,
}

fn line<T: Serialize>(w: &mut dyn Write, record: &'static str, inner: &T) -> io::Result<()> {
    serde_json::to_writer(&mut *w, &Tagged { record, inner }).map_err(io::Error::other)?;
    w.write_all(b"\n")
}

/// Writes a round summary line.
pub fn round(w: &mut dyn Write, r: &RoundSummary) -> io::Result<()> {
    line(w, "round", r)
}

/// Writes a hold'em hand summary line.
pub fn hand(w: &mut dyn Write, h: &HoldemSummary) -> io::Result<()> {
    line(w, "hand", h)
}

/// Writes a finding line.
pub fn finding(w: &mut dyn Write, f: &Finding) -> io::Result<()> {
    line(w, "finding", f)
}

/// Writes the closing totals line.
pub fn totals(w: &mut dyn Write, t: &Totals) -> io::Result<()> {
    line(w, "totals", t)
}
