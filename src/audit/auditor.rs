//! The auditor: a state machine fed one event at a time. It keeps each table's shoe (cards seen
//! since the shuffle, burns owed), splits the stream into rounds, and closes each round into a
//! settlement summary and findings. Push events with [`Auditor::push`], take what is ready with
//! [`Auditor::drain`], and call [`Auditor::finish`] at the end of the log.

use super::finding::{Finding, FindingKind};
use super::round::Round;
use super::settle;
use super::summary::RoundSummary;
use crate::events::Id;
use crate::events::{Event, EventKind, Target};
use crate::rules::cards::Card;
use crate::rules::twenty_one::HouseRules;

/// Why the next card must be a burn (08-08(3)).
#[derive(Debug, Clone, Copy, PartialEq)]
enum BurnOwed {
    Shuffle(f64),
    DealerChange(f64),
}

#[derive(Debug)]
struct TableState {
    name: Id,
    seen: [u8; 52],
    /// A shuffle has been recorded: the cards are counted from it. A log that records none
    /// (footage whose shuffle happens off camera) cannot say how many of a face the shoe has
    /// given, and is not counted.
    shuffled: bool,
    /// A card has been seen more often than the shoe holds since the shuffle: the shoe is
    /// flagged once (08-02(3)); the counts stay off until the next shuffle, for every later
    /// excess says the same of that shoe (and a shuffle missed from the log would otherwise
    /// flag nearly every card of the next shoe).
    shoe_flagged: bool,
    /// Cards counted since the shuffle whose face the log gives with another it could be (a
    /// card's `or`): the face each is counted as, and the other.
    unsure: Vec<(Card, Card)>,
    burn_owed: Option<BurnOwed>,
    rounds: u32,
    round: Box<Round>,
    open: bool,
}

/// Everything the audit produced so far.
#[derive(Debug, Default, Clone)]
pub struct AuditOutput {
    /// One summary per closed round, in the order rounds closed.
    pub rounds: Vec<RoundSummary>,
    /// Findings, in the order their rounds closed.
    pub findings: Vec<Finding>,
}

/// The twenty-one audit over a stream of table events (any number of tables).
#[derive(Debug)]
pub struct Auditor {
    rules: HouseRules,
    tables: Vec<TableState>,
    /// Index of the table of the last event.
    last: usize,
    out: AuditOutput,
}

impl Auditor {
    /// An auditor applying these house rules.
    pub fn new(rules: HouseRules) -> Auditor {
        Auditor {
            rules,
            tables: Vec::new(),
            last: 0,
            out: AuditOutput::default(),
        }
    }

    /// The house rules in force.
    pub fn rules(&self) -> &HouseRules {
        &self.rules
    }

    #[inline(always)]
    fn table(&mut self, name: &Id) -> usize {
        // Events of one table usually come in runs sharing one id: try the last table first,
        // by pointer.
        match self.tables.get(self.last) {
            Some(t) if Id::ptr_eq(&t.name, name) => self.last,
            _ => self.find_table(name),
        }
    }

    /// The table with this id, by text, added if new: the slow path of `table`.
    #[cold]
    #[inline(never)]
    fn find_table(&mut self, name: &Id) -> usize {
        if let Some(i) = self.tables.iter().position(|t| *t.name == **name) {
            self.last = i;
            return i;
        }
        let name = name.clone();
        self.tables.push(TableState {
            round: Box::new(Round::new(name.clone())),
            name,
            seen: [0; 52],
            shuffled: false,
            shoe_flagged: false,
            unsure: Vec::new(),
            burn_owed: None,
            rounds: 0,
            open: false,
        });
        self.last = self.tables.len() - 1;
        self.last
    }

    /// Feeds one event.
    pub fn push(&mut self, ev: &Event) {
        let ti = self.table(&ev.table);
        let rules = &self.rules;
        let ts = &mut self.tables[ti];
        match &ev.kind {
            EventKind::Shuffle => {
                ts.seen = [0; 52];
                ts.shuffled = true;
                ts.shoe_flagged = false;
                ts.unsure.clear();
                ts.burn_owed = Some(BurnOwed::Shuffle(ev.t));
            }
            EventKind::Cut => {}
            EventKind::DealerChange { .. } => ts.burn_owed = Some(BurnOwed::DealerChange(ev.t)),
            EventKind::Burn { card, from: None } => {
                ts.burn_owed = None;
                if let Some(c) = card {
                    count(ts, *c, None, ev.t, rules);
                }
            }
            EventKind::CardsCleared { space: None } => {
                if ts.open {
                    ts.round.apply(ev, rules);
                    close(ts, rules, &mut self.out);
                }
            }
            _ => {
                if !ts.open {
                    ts.open = true;
                    ts.rounds += 1;
                    let n = ts.rounds;
                    ts.round.reset(n, ev.t, ev.wall.as_ref());
                }
                match &ev.kind {
                    EventKind::Card { card, or, .. } => {
                        if let Some(owed) = ts.burn_owed.take() {
                            no_burn(ts, owed, ev);
                        }
                        if let Some(c) = card {
                            count(ts, *c, *or, ev.t, rules);
                        }
                    }
                    EventKind::HoleCardTurned { card, or } => count(ts, *card, *or, ev.t, rules),
                    _ => {}
                }
                ts.round.apply(ev, rules);
            }
        }
    }

    /// Takes the summaries and findings of the rounds closed so far.
    pub fn drain(&mut self) -> AuditOutput {
        // Leave room for as many rounds as were taken, so a steady stream does not regrow.
        let room = self.out.rounds.len();
        std::mem::replace(
            &mut self.out,
            AuditOutput {
                rounds: Vec::with_capacity(room),
                findings: Vec::new(),
            },
        )
    }

    /// Ends the log: a round still open cannot be settled and is reported as such.
    pub fn finish(mut self) -> AuditOutput {
        let rules = self.rules.clone();
        for ts in &mut self.tables {
            if ts.open {
                let t = ts.round.t_end;
                ts.round.break_with(
                    "the log ends before the round's cards were cleared".into(),
                    t,
                );
                close(ts, &rules, &mut self.out);
            }
        }
        self.out
    }
}

fn close(ts: &mut TableState, rules: &HouseRules, out: &mut AuditOutput) {
    let summary = settle::close(&mut ts.round, rules);
    out.rounds.push(summary);
    out.findings.append(&mut ts.round.findings);
    ts.open = false;
}

/// Counts card `c` toward the shoe (`or`: another face the log says it could be). A face seen
/// more often than the shoe holds is a card added (08-02(3)), unless a card counted as that face
/// could be another the shoe still holds: it is counted as that one instead.
#[inline]
fn count(ts: &mut TableState, c: Card, or: Option<Card>, t: f64, rules: &HouseRules) {
    if let Some(o) = or {
        ts.unsure.push((c, o));
    }
    let n = &mut ts.seen[c.index()];
    *n = n.saturating_add(1);
    if *n > rules.decks && ts.open && ts.shuffled && !ts.shoe_flagged && !recount(ts, c, rules) {
        ts.shoe_flagged = true;
        too_many(ts, c, t, rules.decks);
    }
}

/// One of face `c` too many: a card counted as `c` whose other possible face the shoe still
/// holds is counted as that face instead (and stays unsure). False when there is none.
#[cold]
fn recount(ts: &mut TableState, c: Card, rules: &HouseRules) -> bool {
    let seen = &ts.seen;
    let Some(u) = ts
        .unsure
        .iter_mut()
        .find(|u| u.0 == c && seen[u.1.index()] < rules.decks)
    else {
        return false;
    };
    let other = u.1;
    *u = (other, c);
    ts.seen[c.index()] -= 1;
    ts.seen[other.index()] += 1;
    true
}

/// A card seen more often than the shoe holds (08-02(3)): the rare path of `count`.
#[cold]
#[inline(never)]
fn too_many(ts: &mut TableState, c: Card, t: f64, decks: u8) {
    let seen = ts.seen[c.index()];
    {
        ts.round.find(
            FindingKind::CardCountExceedsShoe,
            None,
            (None, None),
            (t, t),
            format!("at most {decks} of {c} in a {decks}-deck shoe"),
            format!("{c} seen {seen} times since the shuffle"),
            None,
            format!("{c} has been seen {seen} times since the shuffle; a {decks}-deck shoe holds {decks}."),
        );
    }
}

fn no_burn(ts: &mut TableState, owed: BurnOwed, ev: &Event) {
    let (why, since) = match owed {
        BurnOwed::Shuffle(t) => ("after the shuffle", t),
        BurnOwed::DealerChange(t) => ("by the new dealer", t),
    };
    let to = match &ev.kind {
        EventKind::Card {
            to: Target::Dealer, ..
        } => "the dealer".to_string(),
        EventKind::Card {
            to: Target::Hand { space, .. },
            ..
        } => format!("space {space}"),
        _ => "the table".to_string(),
    };
    ts.round.find(
        FindingKind::NoBurn,
        None,
        (None, None),
        (since, ev.t),
        "one card burned before dealing".into(),
        format!("first card dealt to {to} with no burn"),
        None,
        format!("No card was burned {why} before dealing (08-12(13): burn one after the first complete round)."),
    );
}
