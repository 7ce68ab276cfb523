//! `pitwatch play --rounds N [--seed S] [--rules house.toml] [--table ID] [--chips]`: writes the
//! table-event log of rounds dealt exactly by the rules (a clean shift) to standard output.

use std::io::{self, BufWriter, Write};
use std::path::PathBuf;

use clap::Args;
use pitwatch::events::to_line;
use pitwatch::sim::{PlayConfig, Table};

use super::EXIT_CLEAN;
use super::audit::load_rules;

/// Arguments of `pitwatch play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// Rounds to play.
    #[arg(long, default_value_t = 100)]
    pub rounds: usize,
    /// Random seed: the same seed gives the same log.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// House rules (TOML); defaults follow N.D. Admin. Code 99-01.3-08.
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// Table id written on every event.
    #[arg(long, default_value = "1")]
    pub table: String,
    /// Write chips by denomination, not only amounts.
    #[arg(long)]
    pub chips: bool,
}

/// Plays and prints the log.
pub fn run(a: &PlayArgs) -> anyhow::Result<u8> {
    let rules = load_rules(a.rules.as_deref())?;
    if a.table.is_empty() {
        anyhow::bail!("--table: the table id must not be empty");
    }
    let mut cfg = PlayConfig::new(rules, a.seed);
    cfg.table = a.table.as_str().into();
    cfg.with_chips = a.chips;
    let mut table = Table::new(cfg);
    let mut out = BufWriter::new(io::stdout().lock());
    let mut left = a.rounds;
    while left > 0 {
        let n = left.min(1000);
        for e in table.play(n) {
            writeln!(out, "{}", to_line(&e))?;
        }
        left -= n;
    }
    out.flush()?;
    Ok(EXIT_CLEAN)
}
