//! `pitwatch audit EVENTS.jsonl [--game twenty-one|holdem] [--rules house.toml] [--format text|json]`.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};

use pitwatch::audit::{AuditOutput, Auditor};
use pitwatch::events::{EventKind, Target, parse_line};
use pitwatch::holdem::{HoldemAuditor, HoldemOutput, HoldemRules};
use pitwatch::report::{self, Totals};
use pitwatch::rules::twenty_one::HouseRules;

use super::{EXIT_CLEAN, EXIT_FINDINGS};

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A reviewer's report.
    Text,
    /// JSON Lines: rounds, findings, totals.
    Json,
}

/// The game the log records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Game {
    /// Twenty-one (N.D. Admin. Code 99-01.3-08).
    TwentyOne,
    /// Texas Hold'em (DC 30-1604.3, N.D. Admin. Code 99-01.3-09-04, Morehead's laws 11-25).
    Holdem,
}

/// Arguments of `pitwatch audit`.
#[derive(Debug, Args)]
pub struct AuditArgs {
    /// The table-event log (JSON Lines; see docs/events.md); `-` reads standard input.
    pub events: PathBuf,
    /// The game the log records.
    #[arg(long, value_enum, default_value_t = Game::TwentyOne)]
    pub game: Game,
    /// House rules (TOML; see docs/house-rules.md). Defaults follow N.D. Admin. Code 99-01.3-08
    /// for twenty-one and 99-01.3-09-04 for hold'em.
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Reads and validates a house-rules file.
pub fn load_rules(path: Option<&Path>) -> anyhow::Result<HouseRules> {
    let Some(p) = path else {
        return Ok(HouseRules::default());
    };
    let text = std::fs::read_to_string(p)
        .with_context(|| format!("{}: cannot read the house rules", p.display()))?;
    HouseRules::from_toml_str(&text).with_context(|| format!("{}: bad house rules", p.display()))
}

/// Reads and validates a hold'em house-rules file.
fn load_holdem_rules(path: Option<&Path>) -> anyhow::Result<HoldemRules> {
    let Some(p) = path else {
        return Ok(HoldemRules::default());
    };
    let text = std::fs::read_to_string(p)
        .with_context(|| format!("{}: cannot read the house rules", p.display()))?;
    HoldemRules::from_toml_str(&text)
        .with_context(|| format!("{}: bad hold'em house rules", p.display()))
}

/// The audit engine of the game.
enum Engine {
    TwentyOne(Auditor),
    Holdem(HoldemAuditor),
}

/// What an engine produced.
enum Got {
    TwentyOne(AuditOutput),
    Holdem(HoldemOutput),
}

impl Got {
    fn is_empty(&self) -> bool {
        match self {
            Got::TwentyOne(g) => g.rounds.is_empty() && g.findings.is_empty(),
            Got::Holdem(g) => g.hands.is_empty() && g.findings.is_empty(),
        }
    }
}

impl Engine {
    fn push(&mut self, ev: &pitwatch::events::Event) {
        match self {
            Engine::TwentyOne(a) => a.push(ev),
            Engine::Holdem(a) => a.push(ev),
        }
    }

    fn drain(&mut self) -> Got {
        match self {
            Engine::TwentyOne(a) => Got::TwentyOne(a.drain()),
            Engine::Holdem(a) => Got::Holdem(a.drain()),
        }
    }

    fn finish(self) -> Got {
        match self {
            Engine::TwentyOne(a) => Got::TwentyOne(a.finish()),
            Engine::Holdem(a) => Got::Holdem(a.finish()),
        }
    }
}

/// Why an event does not belong to the game being audited, if it does not.
fn wrong_game(game: Game, k: &EventKind) -> Option<String> {
    let twenty_one_only = matches!(
        k,
        EventKind::Wager { .. }
            | EventKind::Collect { .. }
            | EventKind::Payout { .. }
            | EventKind::Return { .. }
            | EventKind::HoleCardTurned { .. }
            | EventKind::Card {
                to: Target::Dealer,
                ..
            }
            | EventKind::Burn { from: Some(_), .. }
            | EventKind::CardsCleared { space: Some(_) }
    );
    match game {
        Game::TwentyOne if k.is_poker() => Some(format!(
            "a `{}` event is poker; audit this log with `--game holdem`",
            k.type_name()
        )),
        Game::Holdem if twenty_one_only => Some(format!(
            "this `{}` event is twenty-one's; audit this log with `--game twenty-one`",
            k.type_name()
        )),
        _ => None,
    }
}

struct Sink<'a> {
    out: &'a mut dyn Write,
    format: Format,
    totals: Totals,
}

impl Sink<'_> {
    fn emit(&mut self, got: Got) -> io::Result<()> {
        match got {
            Got::TwentyOne(g) => self.emit_rounds(g),
            Got::Holdem(g) => self.emit_hands(g),
        }
    }

    fn emit_hands(&mut self, got: HoldemOutput) -> io::Result<()> {
        let mut fi = 0;
        for h in &got.hands {
            self.totals.add_hand(h);
            match self.format {
                Format::Text => report::text::hand(self.out, h)?,
                Format::Json => report::json::hand(self.out, h)?,
            }
            while fi < got.findings.len()
                && got.findings[fi].round == h.hand
                && got.findings[fi].table == h.table
            {
                self.finding(&got.findings[fi])?;
                fi += 1;
            }
        }
        for f in &got.findings[fi..] {
            self.finding(f)?;
        }
        Ok(())
    }

    fn finding(&mut self, f: &pitwatch::audit::Finding) -> io::Result<()> {
        self.totals.add_finding(f);
        match self.format {
            Format::Text => report::text::finding(self.out, f),
            Format::Json => report::json::finding(self.out, f),
        }
    }

    fn emit_rounds(&mut self, got: AuditOutput) -> io::Result<()> {
        // Findings appear in round order; print each round's findings under its summary.
        let mut fi = 0;
        for r in &got.rounds {
            self.totals.add_round(r);
            match self.format {
                Format::Text => report::text::round(self.out, r)?,
                Format::Json => report::json::round(self.out, r)?,
            }
            while fi < got.findings.len()
                && got.findings[fi].round == r.round
                && got.findings[fi].table == r.table
            {
                self.finding(&got.findings[fi])?;
                fi += 1;
            }
        }
        for f in &got.findings[fi..] {
            self.finding(f)?;
        }
        Ok(())
    }

    /// Prints what was found before an error; nothing when nothing was read.
    fn stop(&mut self, got: Got, events: usize) -> io::Result<()> {
        if events == 0 {
            return Ok(());
        }
        self.emit(got)?;
        self.close()
    }

    fn close(&mut self) -> io::Result<()> {
        match self.format {
            Format::Text => report::text::totals(self.out, &self.totals),
            Format::Json => report::json::totals(self.out, &self.totals),
        }?;
        self.out.flush()
    }
}

/// Runs the audit, streaming: each round is printed as soon as it closes.
pub fn run(a: &AuditArgs) -> anyhow::Result<u8> {
    let mut auditor = match a.game {
        Game::TwentyOne => Engine::TwentyOne(Auditor::new(load_rules(a.rules.as_deref())?)),
        Game::Holdem => Engine::Holdem(HoldemAuditor::new(load_holdem_rules(a.rules.as_deref())?)),
    };
    let name = a.events.display().to_string();
    if a.events.is_dir() {
        bail!("{name}: is a directory, not an event log (JSON Lines, see docs/events.md)");
    }
    let input: Box<dyn io::Read> = if a.events.as_os_str() == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(
            File::open(&a.events).with_context(|| format!("{name}: cannot open the event log"))?,
        )
    };
    let reader = BufReader::with_capacity(1 << 16, input);
    let stdout = io::stdout();
    let mut lock = io::BufWriter::new(stdout.lock());
    let mut sink = Sink {
        out: &mut lock,
        format: a.format,
        totals: Totals {
            poker: a.game == Game::Holdem,
            ..Totals::default()
        },
    };
    let mut events = 0usize;
    let mut reader = reader;
    let mut line = String::with_capacity(256);
    let mut lineno = 0usize;
    let mut last_table: Option<pitwatch::events::Id> = None;
    loop {
        lineno += 1;
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                sink.stop(auditor.drain(), events)?;
                bail!(
                    "{name}:{lineno}: cannot read the line ({e}); audit stopped here, after {events} event(s)"
                );
            }
        }
        match parse_line(&line) {
            Ok(Some(mut ev)) => {
                if let Some(why) = wrong_game(a.game, &ev.kind) {
                    sink.stop(auditor.drain(), events)?;
                    bail!("{name}:{lineno}: {why}; audit stopped here, after {events} event(s)");
                }
                // Share one id per table, so the audit matches tables by pointer.
                match &last_table {
                    Some(t) if **t == *ev.table => ev.table = t.clone(),
                    _ => last_table = Some(ev.table.clone()),
                }
                auditor.push(&ev);
                events += 1;
                let got = auditor.drain();
                if !got.is_empty() {
                    sink.emit(got)?;
                }
            }
            Ok(None) => {}
            Err(msg) => {
                // Keep everything found so far; the round in progress is not judged.
                sink.stop(auditor.drain(), events)?;
                bail!("{name}:{lineno}: {msg}; audit stopped here, after {events} event(s)");
            }
        }
    }
    if events == 0 {
        bail!("{name}: no events in the log (expected JSON Lines, see docs/events.md)");
    }
    sink.emit(auditor.finish())?;
    sink.close()?;
    Ok(if sink.totals.findings > 0 {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    })
}
