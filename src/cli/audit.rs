//! `pitwatch audit EVENTS.jsonl [--rules house.toml] [--format text|json]`.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};

use pitwatch::audit::{AuditOutput, Auditor};
use pitwatch::events::parse_line;
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

/// Arguments of `pitwatch audit`.
#[derive(Debug, Args)]
pub struct AuditArgs {
    /// The table-event log (JSON Lines; see docs/events.md); `-` reads standard input.
    pub events: PathBuf,
    /// House rules (TOML; see docs/house-rules.md). Defaults follow N.D. Admin. Code 99-01.3-08.
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

struct Sink<'a> {
    out: &'a mut dyn Write,
    format: Format,
    totals: Totals,
}

impl Sink<'_> {
    fn emit(&mut self, got: AuditOutput) -> io::Result<()> {
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
                let f = &got.findings[fi];
                self.totals.add_finding(f);
                match self.format {
                    Format::Text => report::text::finding(self.out, f)?,
                    Format::Json => report::json::finding(self.out, f)?,
                }
                fi += 1;
            }
        }
        for f in &got.findings[fi..] {
            self.totals.add_finding(f);
            match self.format {
                Format::Text => report::text::finding(self.out, f)?,
                Format::Json => report::json::finding(self.out, f)?,
            }
        }
        Ok(())
    }

    /// Prints what was found before an error; nothing when nothing was read.
    fn stop(&mut self, got: AuditOutput, events: usize) -> io::Result<()> {
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
    let rules = load_rules(a.rules.as_deref())?;
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
        totals: Totals::default(),
    };
    let mut auditor = Auditor::new(rules);
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
                // Share one id per table, so the audit matches tables by pointer.
                match &last_table {
                    Some(t) if **t == *ev.table => ev.table = t.clone(),
                    _ => last_table = Some(ev.table.clone()),
                }
                auditor.push(&ev);
                events += 1;
                let got = auditor.drain();
                if !got.rounds.is_empty() || !got.findings.is_empty() {
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
