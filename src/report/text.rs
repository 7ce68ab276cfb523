//! The reviewer's text report: one block per round (dealer's hand, each hand's settlement) with
//! its findings beneath, and a closing summary.

use std::io::{self, Write};

use super::Totals;
use crate::audit::{Finding, Outcome, RoundStatus, RoundSummary, clock, dollars};
use crate::holdem::{HandStatus, HoldemSummary};

fn outcome(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Natural => "natural",
        Outcome::EvenMoney => "even money",
        Outcome::Push => "push",
        Outcome::Lose => "lose",
        Outcome::Bust => "bust",
        Outcome::PickedUp => "picked up",
        Outcome::Void => "void",
        Outcome::NoCards => "no cards",
    }
}

/// Writes a round's settlement summary.
pub fn round(w: &mut dyn Write, r: &RoundSummary) -> io::Result<()> {
    let dealer = match (r.dealer_natural, r.dealer_total) {
        (true, _) => "natural".to_string(),
        (_, Some(t)) if t > 21 => format!("bust ({t})"),
        (_, Some(t)) => t.to_string(),
        (_, None) => "unknown".to_string(),
    };
    let status = if r.status == RoundStatus::Unreconstructable {
        "  [not reconstructed]"
    } else {
        ""
    };
    writeln!(
        w,
        "table {} round {}  {}-{}  dealer {} = {}{status}",
        r.table,
        r.round,
        clock(r.t_start),
        clock(r.t_end),
        r.dealer_cards,
        dealer
    )?;
    for h in &r.hands {
        let mark = if h.paid_cents == h.expected_paid_cents
            && h.collected_cents == h.expected_collected_cents
        {
            "ok"
        } else {
            "MISMATCH"
        };
        writeln!(
            w,
            "  space {} hand {}  {:<22} {:>2}  {:<10} wager {:>8}  paid {:>8} (rules {:>8})  collected {:>8} (rules {:>8})  {mark}",
            h.space,
            h.hand,
            h.cards.to_string(),
            h.total,
            outcome(h.outcome),
            dollars(h.wagered_cents),
            dollars(h.paid_cents),
            dollars(h.expected_paid_cents),
            dollars(h.collected_cents),
            dollars(h.expected_collected_cents),
        )?;
    }
    Ok(())
}

/// Writes a hold'em hand's summary: the board, then each seat's money and shown hand.
pub fn hand(w: &mut dyn Write, h: &HoldemSummary) -> io::Result<()> {
    let status = match h.status {
        HandStatus::Settled => "",
        HandStatus::Void => "  [void: bets returned]",
        HandStatus::Unreconstructable => "  [not reconstructed]",
    };
    let board: Vec<String> = h.board.iter().map(|c| c.to_string()).collect();
    let button = h.button.map_or("?".to_string(), |b| b.to_string());
    writeln!(
        w,
        "table {} hand {}  {}-{}  button seat {button}  board {}  pot {}{status}",
        h.table,
        h.hand,
        clock(h.t_start),
        clock(h.t_end),
        if board.is_empty() {
            "-".to_string()
        } else {
            board.join(" ")
        },
        dollars(h.pot_cents),
    )?;
    for s in &h.seats {
        let mark = if s.expected_cents == s.awarded_cents {
            "ok"
        } else {
            "MISMATCH"
        };
        let state = if s.fouled {
            "dead"
        } else if s.folded {
            "folded"
        } else if s.all_in {
            "all in"
        } else {
            "in"
        };
        let shown: Vec<String> = s.shown.iter().map(|c| c.to_string()).collect();
        writeln!(
            w,
            "  seat {:>2}  put in {:>9}  {:<6}  {:<8} {:<16} pushed {:>9} (rules {:>9})  {mark}",
            s.seat,
            dollars(s.put_in_cents),
            state,
            shown.join(" "),
            s.hand.as_deref().unwrap_or(""),
            dollars(s.awarded_cents),
            dollars(s.expected_cents),
        )?;
    }
    Ok(())
}

/// Writes one finding.
pub fn finding(w: &mut dyn Write, f: &Finding) -> io::Result<()> {
    let poker = f.kind.is_poker();
    let mut at = String::new();
    if let Some(s) = f.space {
        at.push_str(&format!("  {} {s}", if poker { "seat" } else { "space" }));
    }
    if let Some(h) = f.hand {
        at.push_str(&format!(" hand {h}"));
    }
    let wall = f
        .wall
        .as_deref()
        .map(|w| format!(" ({w})"))
        .unwrap_or_default();
    writeln!(
        w,
        "  ! [{}] {}  table {} {} {}{at}  {}-{}{wall}",
        f.severity,
        f.kind,
        f.table,
        if poker { "hand" } else { "round" },
        f.round,
        clock(f.t_start),
        clock(f.t_end)
    )?;
    writeln!(w, "    {}", f.message)?;
    writeln!(
        w,
        "    expected: {}  |  observed: {}",
        f.expected, f.observed
    )?;
    writeln!(w, "    rule: {}", f.citation)
}

/// Writes the closing summary.
pub fn totals(w: &mut dyn Write, t: &Totals) -> io::Result<()> {
    writeln!(w)?;
    if t.poker {
        writeln!(
            w,
            "{} hands ({} not reconstructed), {} findings ({} high, {} medium, {} low)",
            t.rounds, t.unreconstructable, t.findings, t.high, t.medium, t.low
        )?;
        return writeln!(
            w,
            "put in the pots {}; pushed to the seats by the rules {}, as pushed {} (difference {})",
            dollars(t.wagered_cents),
            dollars(t.pushed_expected_cents),
            dollars(t.pushed_observed_cents),
            dollars(t.pushed_observed_cents - t.pushed_expected_cents)
        );
    }
    writeln!(
        w,
        "{} rounds ({} not reconstructed), {} findings ({} high, {} medium, {} low)",
        t.rounds, t.unreconstructable, t.findings, t.high, t.medium, t.low
    )?;
    writeln!(
        w,
        "wagered {}; house result by the rules {}, as the chips moved {} (difference {})",
        dollars(t.wagered_cents),
        dollars(t.house_expected_cents),
        dollars(t.house_observed_cents),
        dollars(t.house_observed_cents - t.house_expected_cents)
    )
}
