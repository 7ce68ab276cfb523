//! The hold'em auditor: fed one event at a time, it splits each table's stream into hands (a
//! `button` event starts one; `cards_cleared` with no space, or the next button, ends it) and
//! judges each hand as it closes.

use crate::audit::Finding;
use crate::events::{Event, EventKind, Id};

use super::hand::{Ending, PrevHand, judge};
use super::rules::HoldemRules;
use super::summary::HoldemSummary;

/// Everything the audit produced so far.
#[derive(Debug, Default, Clone)]
pub struct HoldemOutput {
    /// One summary per closed hand, in the order hands closed.
    pub hands: Vec<HoldemSummary>,
    /// Findings, in the order their hands closed.
    pub findings: Vec<Finding>,
}

#[derive(Debug)]
struct TableState {
    name: Id,
    events: Vec<Event>,
    /// The current hand has begun (a button, a post or a card was seen).
    open: bool,
    hands: u32,
    prev: Option<PrevHand>,
}

/// The hold'em audit over a stream of table events (any number of tables).
#[derive(Debug)]
pub struct HoldemAuditor {
    rules: HoldemRules,
    tables: Vec<TableState>,
    out: HoldemOutput,
}

impl HoldemAuditor {
    /// An auditor applying these house rules.
    pub fn new(rules: HoldemRules) -> HoldemAuditor {
        HoldemAuditor {
            rules,
            tables: Vec::new(),
            out: HoldemOutput::default(),
        }
    }

    fn table(&mut self, name: &Id) -> usize {
        if let Some(i) = self.tables.iter().position(|t| *t.name == **name) {
            return i;
        }
        self.tables.push(TableState {
            name: name.clone(),
            events: Vec::new(),
            open: false,
            hands: 0,
            prev: None,
        });
        self.tables.len() - 1
    }

    /// Feeds one event.
    pub fn push(&mut self, ev: &Event) {
        let ti = self.table(&ev.table);
        let starts_hand = matches!(ev.kind, EventKind::Button { .. });
        if starts_hand && self.tables[ti].open {
            self.close(ti, Ending::Closed);
        }
        let ts = &mut self.tables[ti];
        match ev.kind {
            EventKind::Shuffle | EventKind::Cut | EventKind::DealerChange { .. } if !ts.open => {
                // Between hands: nothing to judge (the shuffle before each hand is off the
                // hand's record).
            }
            EventKind::CardsCleared { space: None } => {
                if ts.open {
                    ts.events.push(ev.clone());
                    self.close(ti, Ending::Closed);
                }
            }
            _ => {
                ts.open = true;
                ts.events.push(ev.clone());
            }
        }
    }

    fn close(&mut self, ti: usize, ending: Ending) {
        let ts = &mut self.tables[ti];
        ts.hands += 1;
        let (summary, mut findings, next) = judge(
            &ts.name,
            ts.hands,
            &ts.events,
            ts.prev.as_ref(),
            ending,
            &self.rules,
        );
        if next.is_some() {
            ts.prev = next;
        }
        ts.events.clear();
        ts.open = false;
        self.out.hands.push(summary);
        self.out.findings.append(&mut findings);
    }

    /// Takes the summaries and findings of the hands closed so far.
    pub fn drain(&mut self) -> HoldemOutput {
        std::mem::take(&mut self.out)
    }

    /// Ends the log: a hand still open is judged with what the log holds.
    pub fn finish(mut self) -> HoldemOutput {
        for ti in 0..self.tables.len() {
            if self.tables[ti].open {
                self.close(ti, Ending::LogEnded);
            }
        }
        self.out
    }
}
