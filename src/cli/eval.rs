//! `pitwatch eval --truth SIMDIR --found OUTDIR [--format text|json]`: what `pitwatch analyze`
//! recovered from simulator footage, held against the simulator's truth: event-level precision
//! and recall (truth.jsonl against events.jsonl, and against the truth as a camera above could
//! show it at best, `sim::sight::read_from_above`) and, per finding kind, precision and recall
//! (expected-findings.json against findings.jsonl), and recall on the expected findings that
//! footage from a camera above the table can show (`sim::sight`: not a wager's amount hidden
//! under its top chip).

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::Args;
use serde_json::{Value, json};

use pitwatch::audit::Finding;
use pitwatch::events::{Event, EventKind, parse_log, to_line};
use pitwatch::layout::{Layout, TableDesign};
use pitwatch::rules::twenty_one::HouseRules;
use pitwatch::sim::compare::{EventScore, InSight, TypeScore, compare, compare_findings};
use pitwatch::sim::scene::Scene;
use pitwatch::sim::sight::{in_sight, read_from_above};

use super::EXIT_CLEAN;
use super::audit::load_rules;
use super::detect::Format;

/// Seconds a recovered event may lie from the true one and still be it.
const EVENT_TOLERANCE_S: f64 = 1.5;
/// Seconds by which a finding's span may miss the expected one's and still be it.
const FINDING_SLACK_S: f64 = 3.0;

/// Arguments of `pitwatch eval`.
#[derive(Debug, Args)]
pub struct EvalArgs {
    /// A folder written by `pitwatch simulate` (truth.jsonl, expected-findings.json).
    #[arg(long)]
    pub truth: PathBuf,
    /// A folder written by `pitwatch analyze` of that footage (events.jsonl, findings.jsonl).
    #[arg(long)]
    pub found: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

fn read_log(p: &Path) -> anyhow::Result<Vec<Event>> {
    let text = fs::read_to_string(p).with_context(|| format!("{}: cannot read", p.display()))?;
    parse_log(&text).map_err(|e| anyhow::anyhow!("{}:{e}", p.display()))
}

/// Findings from a JSON array (expected-findings.json) or JSON Lines (findings.jsonl, whose
/// lines carry a `record` field).
fn read_findings(p: &Path) -> anyhow::Result<Vec<Finding>> {
    let text = fs::read_to_string(p).with_context(|| format!("{}: cannot read", p.display()))?;
    let values: Vec<Value> = if text.trim_start().starts_with('[') {
        serde_json::from_str(&text).with_context(|| format!("{}: not a JSON array", p.display()))?
    } else {
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| {
                serde_json::from_str(l)
                    .with_context(|| format!("{}:{}: not JSON", p.display(), i + 1))
            })
            .collect::<anyhow::Result<_>>()?
    };
    values
        .into_iter()
        .filter(|v| v.get("record").is_none_or(|r| r == "finding"))
        .map(|mut v| {
            if let Some(o) = v.as_object_mut() {
                o.remove("record");
            }
            serde_json::from_value(v).with_context(|| format!("{}: not a finding", p.display()))
        })
        .collect()
}

/// Events a camera can see (cuts and dealer changes are not read from footage; a shuffle is,
/// by its piles before the dealer).
fn seen_at_the_table(k: &EventKind) -> bool {
    !matches!(k, EventKind::Cut | EventKind::DealerChange { .. })
}

fn score_json(s: &TypeScore) -> Value {
    json!({
        "precision": s.precision(),
        "recall": s.recall(),
        "expected": s.expected,
        "found": s.found,
        "matched": s.matched,
    })
}

/// A finding kind's score, with recall on the expected findings in sight.
fn kind_json(s: &TypeScore, seen: InSight) -> Value {
    let mut v = score_json(s);
    v["expected_in_sight"] = json!(seen.expected);
    v["recall_in_sight"] = json!(seen.recall());
    v
}

/// Per event type, the score against the truth and against the truth as footage from above
/// could show it at best (`read_from_above`): precision, recall and counts of each.
fn by_type_json(all: &EventScore, seen: &EventScore) -> BTreeMap<&'static str, Value> {
    all.by_type
        .iter()
        .map(|(k, s)| {
            let mut v = score_json(s);
            let i = seen.by_type.get(k).copied().unwrap_or_default();
            v["in_sight"] = score_json(&i);
            (*k, v)
        })
        .collect()
}

/// Events as the log writes them, each a JSON object.
fn lines_json(events: &[Event]) -> Vec<Value> {
    events
        .iter()
        .filter_map(|e| serde_json::from_str(&to_line(e)).ok())
        .collect()
}

/// The simulation in `dir` (its truth, house rules and layout) played out as a scene, with
/// its house rules.
fn scene_of(dir: &Path, truth: &[Event]) -> anyhow::Result<(Scene, HouseRules)> {
    let rules = load_rules(Some(&dir.join("house.toml")))?;
    let p = dir.join("layout.toml");
    let text = fs::read_to_string(&p).with_context(|| format!("{}: cannot read", p.display()))?;
    let layout = Layout::parse(&text).with_context(|| format!("{}: bad layout", p.display()))?;
    let design = TableDesign {
        spaces: layout.spaces.len() as u8,
        ..TableDesign::default()
    };
    Ok((Scene::build(truth, &design), rules))
}

/// A finding on one line: kind, time, round, place, and expected against observed.
fn one_line(f: &Finding) -> String {
    let place = match (f.space, f.hand) {
        (Some(s), Some(h)) => format!(" space {s} hand {h}"),
        (Some(s), None) => format!(" space {s}"),
        _ => String::new(),
    };
    format!(
        "{:<30} {:>8.2}-{:.2} s  round {}{place}: expected {}, observed {}",
        f.kind.as_str(),
        f.t_start,
        f.t_end,
        f.round,
        f.expected,
        f.observed
    )
}

/// Runs `pitwatch eval`.
pub fn run(a: &EvalArgs) -> anyhow::Result<u8> {
    for (dir, what) in [(&a.truth, "--truth"), (&a.found, "--found")] {
        if !dir.is_dir() {
            bail!("{}: not a folder ({what})", dir.display());
        }
    }
    let truth = read_log(&a.truth.join("truth.jsonl"))?;
    let found = read_log(&a.found.join("events.jsonl"))?;
    let expected = read_findings(&a.truth.join("expected-findings.json"))?;
    let made = read_findings(&a.found.join("findings.jsonl"))?;
    let events = compare(&truth, &found, EVENT_TOLERANCE_S, seen_at_the_table);
    let (scene, rules) = scene_of(&a.truth, &truth)?;
    // Held against the truth as footage from above could show it at best: what the reading
    // lost, apart from what no camera above sees.
    let events_seen = compare(
        &read_from_above(&truth, &scene),
        &found,
        EVENT_TOLERANCE_S,
        seen_at_the_table,
    );
    let sight = in_sight(&expected, &truth, &scene, &rules);
    let findings = compare_findings(&expected, &sight, &made, FINDING_SLACK_S);
    let seen = |k: &str| findings.in_sight.get(k).copied().unwrap_or_default();
    let total = events.total();
    let total_seen = events_seen.total();
    let mut out = std::io::stdout().lock();
    match a.format {
        Format::Json => {
            let by_type = by_type_json(&events, &events_seen);
            let kinds: BTreeMap<&str, Value> = findings
                .by_kind
                .iter()
                .map(|(k, s)| (*k, kind_json(s, seen(k))))
                .collect();
            let v = json!({
                "truth": a.truth,
                "found": a.found,
                "events": {
                    "precision": total.precision(),
                    "recall": total.recall(),
                    "expected": total.expected,
                    "found": total.found,
                    "tolerance_s": EVENT_TOLERANCE_S,
                    "in_sight": score_json(&total_seen),
                    "by_type": by_type,
                },
                "events_in_sight_missed": lines_json(&events_seen.missed),
                "events_in_sight_extra": lines_json(&events_seen.extra),
                "findings": kinds,
                "findings_missed": findings.missed,
                "findings_out_of_sight": findings.out_of_sight,
                "findings_out_of_sight_found": findings.out_of_sight_found,
                "findings_extra": findings.extra,
            });
            writeln!(out, "{v}")?;
        }
        Format::Text => {
            writeln!(
                out,
                "events: precision {:.2}%, recall {:.2}% ({} true, {} recovered, {} matched within {EVENT_TOLERANCE_S} s)",
                100.0 * total.precision(),
                100.0 * total.recall(),
                total.expected,
                total.found,
                total.matched
            )?;
            writeln!(
                out,
                "events in sight from above (amounts as a camera above shows them): precision {:.2}%, recall {:.2}% ({} matched)",
                100.0 * total_seen.precision(),
                100.0 * total_seen.recall(),
                total_seen.matched
            )?;
            for (k, s) in &events.by_type {
                let i = events_seen.by_type.get(k).copied().unwrap_or_default();
                writeln!(
                    out,
                    "  {k:<18} {:>4} true {:>4} recovered  precision {:>6.2}%  recall {:>6.2}%  in sight {:>6.2}% {:>6.2}%",
                    s.expected,
                    s.found,
                    100.0 * s.precision(),
                    100.0 * s.recall(),
                    100.0 * i.precision(),
                    100.0 * i.recall()
                )?;
            }
            writeln!(
                out,
                "findings (kind: expected, found, precision, recall; in sight from above: expected, recall):"
            )?;
            if findings.by_kind.is_empty() {
                writeln!(out, "  none expected, none found")?;
            }
            for (k, s) in &findings.by_kind {
                let i = seen(k);
                writeln!(
                    out,
                    "  {k:<30} {:>3} {:>3}  {:>6.2}%  {:>6.2}%  {:>3}  {:>6.2}%",
                    s.expected,
                    s.found,
                    100.0 * s.precision(),
                    100.0 * s.recall(),
                    i.expected,
                    100.0 * i.recall()
                )?;
            }
            let hidden = format!(
                "expected, out of sight from above (a stack's chips under its top chip), {} of {} found",
                findings.out_of_sight_found,
                findings.out_of_sight.len()
            );
            for (what, list) in [
                ("expected in sight, not found", &findings.missed),
                (hidden.as_str(), &findings.out_of_sight),
                ("found, not expected", &findings.extra),
            ] {
                if !list.is_empty() {
                    writeln!(out, "{what}:")?;
                }
                for f in list {
                    writeln!(out, "  {}", one_line(f))?;
                }
            }
        }
    }
    Ok(EXIT_CLEAN)
}
