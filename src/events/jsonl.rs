//! Reading and writing the table-event log as JSON Lines (one event per line).
//!
//! Reading is strict, so that a typo never silently changes an audit: unknown fields, fields that
//! do not belong to an event's type, missing fields and out-of-range values are errors that say
//! what was expected. Blank lines and lines starting with `#` are skipped. This module works on
//! text; opening files is the caller's business.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::id::Id;
use super::types::{
    AtMost, Bet, Cents, Chips, Event, EventKind, MAX_HANDS, MAX_SPACE, Money, PostKind, Target,
    WagerKind,
};
use crate::rules::cards::Card;

/// A line of the log that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {message}")]
pub struct LineError {
    /// 1-based line number.
    pub line: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

/// `to` / `from`: `"dealer"` or a betting-space number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Dealer,
    Space(u64),
}

impl<'de> Deserialize<'de> for Place {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Place, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Place;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("\"dealer\" or a betting-space number")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Place, E> {
                Ok(Place::Space(v))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Place, E> {
                if v == "dealer" {
                    Ok(Place::Dealer)
                } else {
                    Err(E::invalid_value(serde::de::Unexpected::Str(v), &self))
                }
            }
        }
        d.deserialize_any(V)
    }
}

impl Serialize for Place {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Place::Dealer => s.serialize_str("dealer"),
            Place::Space(n) => s.serialize_u64(*n),
        }
    }
}

/// Every field any event may carry; which ones a type allows is checked after parsing.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Raw<'a> {
    t: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wall: Option<String>,
    #[serde(borrow)]
    table: Option<Cow<'a, str>>,
    #[serde(rename = "type")]
    #[serde(borrow)]
    ty: Option<Cow<'a, str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<Place>,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<Place>,
    #[serde(skip_serializing_if = "Option::is_none")]
    space: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hand: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    card: Option<Card>,
    #[serde(skip_serializing_if = "Option::is_none")]
    face_down: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rotated: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    or: Option<Card>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(borrow)]
    kind: Option<Cow<'a, str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(borrow)]
    bet: Option<Cow<'a, str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    amount_cents: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    chips: Option<BTreeMap<String, u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fanned: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    at_least: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    at_most_cents: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    player: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dealer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seat: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cards: Option<Vec<Card>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    all_in: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    declared_cents: Option<i64>,
}

/// The fields each type allows besides `t`, `wall`, `table` and `type`.
fn allowed(ty: &str) -> &'static [&'static str] {
    match ty {
        "shuffle" | "cut" => &[],
        "burn" => &["card", "from", "hand"],
        "card" => &["to", "hand", "card", "face_down", "rotated", "or"],
        "hole_card_turned" => &["card", "or"],
        "wager" => &[
            "space",
            "hand",
            "kind",
            "amount_cents",
            "chips",
            "player",
            "at_least",
        ],
        "collect" | "return" => &["space", "hand", "bet", "amount_cents", "chips", "at_least"],
        "payout" => &[
            "space",
            "hand",
            "bet",
            "amount_cents",
            "chips",
            "fanned",
            "at_least",
            "at_most_cents",
        ],
        "cards_cleared" => &["space"],
        "dealer_change" => &["dealer"],
        "button" | "check" | "fold" => &["seat"],
        "post" => &["seat", "kind", "amount_cents", "chips"],
        "bet" => &["seat", "amount_cents", "chips", "all_in", "declared_cents"],
        "board" => &["card"],
        "show" => &["seat", "cards"],
        "pot" => &["seat", "amount_cents", "chips"],
        _ => &[],
    }
}

const TYPES: &str = "shuffle, cut, burn, card, hole_card_turned, wager, collect, payout, return, cards_cleared, dealer_change (twenty-one); button, post, bet, check, fold, board, show, pot (poker)";

impl Raw<'_> {
    fn present(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        let mut f = |name, on: bool| {
            if on {
                v.push(name)
            }
        };
        f("to", self.to.is_some());
        f("from", self.from.is_some());
        f("space", self.space.is_some());
        f("hand", self.hand.is_some());
        f("card", self.card.is_some());
        f("face_down", self.face_down.is_some());
        f("rotated", self.rotated.is_some());
        f("or", self.or.is_some());
        f("kind", self.kind.is_some());
        f("bet", self.bet.is_some());
        f("amount_cents", self.amount_cents.is_some());
        f("chips", self.chips.is_some());
        f("fanned", self.fanned.is_some());
        f("at_least", self.at_least.is_some());
        f("at_most_cents", self.at_most_cents.is_some());
        f("player", self.player.is_some());
        f("dealer", self.dealer.is_some());
        f("seat", self.seat.is_some());
        f("cards", self.cards.is_some());
        f("all_in", self.all_in.is_some());
        f("declared_cents", self.declared_cents.is_some());
        v
    }
}

fn space_of(v: Option<u64>, ty: &str) -> Result<u8, String> {
    match v {
        None => Err(format!(
            "a `{ty}` event needs `space` (a betting space 1-{MAX_SPACE})"
        )),
        Some(n) if (1..=u64::from(MAX_SPACE)).contains(&n) => Ok(n as u8),
        Some(n) => Err(format!(
            "`space` is {n}: expected a betting space 1-{MAX_SPACE}"
        )),
    }
}

fn seat_of(v: Option<u64>, ty: &str) -> Result<u8, String> {
    match v {
        None => Err(format!(
            "a `{ty}` event needs `seat` (a seat 1-{MAX_SPACE})"
        )),
        Some(n) if (1..=u64::from(MAX_SPACE)).contains(&n) => Ok(n as u8),
        Some(n) => Err(format!("`seat` is {n}: expected a seat 1-{MAX_SPACE}")),
    }
}

fn post_kind(s: Option<&str>) -> Result<PostKind, String> {
    Ok(match s {
        Some("ante") => PostKind::Ante,
        Some("small_blind") => PostKind::SmallBlind,
        Some("big_blind") => PostKind::BigBlind,
        Some(o) => {
            return Err(format!(
                "`kind` is \"{o}\": expected ante, small_blind or big_blind"
            ));
        }
        None => return Err("a `post` event needs `kind` (ante, small_blind or big_blind)".into()),
    })
}

fn hand_of(v: Option<u64>) -> Result<u8, String> {
    match v {
        None => Ok(1),
        Some(n) if (1..=u64::from(MAX_HANDS)).contains(&n) => Ok(n as u8),
        Some(n) => Err(format!("`hand` is {n}: expected a hand 1-{MAX_HANDS}")),
    }
}

fn target_of(p: Place, hand: Option<u64>, field: &str) -> Result<Target, String> {
    match p {
        Place::Dealer if hand.is_some() => Err(format!(
            "`hand` does not apply when `{field}` is \"dealer\""
        )),
        Place::Dealer => Ok(Target::Dealer),
        Place::Space(n) => {
            let space = space_of(Some(n), "card").map_err(|_| {
                format!("`{field}` is {n}: expected \"dealer\" or a betting space 1-{MAX_SPACE}")
            })?;
            Ok(Target::Hand {
                space,
                hand: hand_of(hand)?,
            })
        }
    }
}

fn money_of(
    amount: Option<i64>,
    chips: Option<BTreeMap<String, u32>>,
    ty: &str,
) -> Result<Money, String> {
    let chips = match chips {
        None => None,
        Some(map) => {
            let mut v = Vec::with_capacity(map.len());
            for (k, n) in map {
                let value: Cents = k.parse().ok().filter(|&c: &Cents| c > 0).ok_or_else(|| {
                    format!(
                        "`chips` key \"{k}\" is not a chip value in cents (e.g. \"500\" for $5)"
                    )
                })?;
                v.push((value, n));
            }
            v.sort_unstable();
            Some(Chips(v.into_boxed_slice()))
        }
    };
    let amount = match (amount, &chips) {
        (Some(a), Some(c)) if a != c.total() => {
            return Err(format!(
                "`amount_cents` is {a} but the `chips` add up to {}",
                c.total()
            ));
        }
        (Some(a), _) => a,
        (None, Some(c)) => c.total(),
        (None, None) => return Err(format!("a `{ty}` event needs `amount_cents` or `chips`")),
    };
    if amount <= 0 {
        return Err(format!(
            "the amount is {amount} cents: expected more than zero"
        ));
    }
    if amount > 100_000_000 {
        return Err(format!(
            "the amount is {amount} cents: more than any table holds"
        ));
    }
    Ok(Money { amount, chips })
}

/// A card's `or` (another face the source could not rule out): only beside a face read, of
/// that face's rank and not that face (a suit the source could not tell, docs/events.md).
fn or_of(or: Option<Card>, card: Option<Card>) -> Result<Option<Card>, String> {
    match (or, card) {
        (None, _) => Ok(None),
        (Some(_), None) => {
            Err("`or` is another face of a card read face up: it needs `card`".into())
        }
        (Some(o), Some(c)) if o.rank != c.rank || o == c => Err(format!(
            "`or` is another face of the card's rank: {o} cannot stand for {c}"
        )),
        (Some(o), Some(_)) => Ok(Some(o)),
    }
}

/// A payout's `at_most_cents`: only beside `at_least: true`, and no less than the amount.
fn at_most_of(
    at_most: Option<i64>,
    at_least: Option<bool>,
    amount: Cents,
) -> Result<Option<AtMost>, String> {
    match at_most {
        None => Ok(None),
        Some(_) if at_least != Some(true) => Err(
            "`at_most_cents` bounds an amount given as a lower bound: it needs `at_least: true`"
                .into(),
        ),
        Some(m) if m < amount => Err(format!(
            "`at_most_cents` is {m}, less than `amount_cents` ({amount})"
        )),
        Some(m) => AtMost::cents(m)
            .map(Some)
            .ok_or_else(|| format!("`at_most_cents` is {m} cents: more than any table holds")),
    }
}

fn wager_kind(s: Option<&str>) -> Result<WagerKind, String> {
    Ok(match s {
        Some("original") => WagerKind::Original,
        Some("tip") => WagerKind::Tip,
        Some("insurance") => WagerKind::Insurance,
        Some("split") => WagerKind::Split,
        Some("double") => WagerKind::Double,
        Some("tip_double") => WagerKind::TipDouble,
        Some(o) => {
            return Err(format!(
                "`kind` is \"{o}\": expected original, tip, insurance, split, double or tip_double"
            ));
        }
        None => return Err(
            "a `wager` event needs `kind` (original, tip, insurance, split, double or tip_double)"
                .into(),
        ),
    })
}

fn bet_of(s: Option<&str>) -> Result<Bet, String> {
    Ok(match s {
        None | Some("main") => Bet::Main,
        Some("tip") => Bet::Tip,
        Some("insurance") => Bet::Insurance,
        Some(o) => return Err(format!("`bet` is \"{o}\": expected main, tip or insurance")),
    })
}

/// Parses one line of the log. Returns `Ok(None)` for a blank or `#` comment line.
pub fn parse_line(line: &str) -> Result<Option<Event>, String> {
    let s = line.trim();
    if s.is_empty() || s.starts_with('#') {
        return Ok(None);
    }
    // Each line is its own document, so serde's "line 1" is dropped and the column kept.
    let raw: Raw = serde_json::from_str(s).map_err(|e| {
        let msg = e.to_string();
        let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
        if e.column() > 0 {
            format!("not a valid event: {msg} (column {})", e.column())
        } else {
            format!("not a valid event: {msg}")
        }
    })?;
    let t = raw.t.ok_or("missing `t` (seconds into the footage)")?;
    if !t.is_finite() || t < 0.0 {
        return Err(format!("`t` is {t}: expected seconds at or after zero"));
    }
    let table: Id = raw
        .table
        .as_deref()
        .ok_or("missing `table` (the table's id)")?
        .into();
    if table.is_empty() {
        return Err("`table` is empty: expected the table's id".into());
    }
    let ty: &str = raw
        .ty
        .as_deref()
        .ok_or_else(|| format!("missing `type` (one of {TYPES})"))?;
    let ok = allowed(ty);
    if ok.is_empty() && !matches!(ty, "shuffle" | "cut") {
        return Err(format!("`type` is \"{ty}\": expected one of {TYPES}"));
    }
    if let Some(extra) = raw.present().into_iter().find(|f| !ok.contains(f)) {
        return Err(format!("field `{extra}` does not apply to a `{ty}` event"));
    }
    let wall = raw.wall.as_deref().map(Id::from);
    let kind = match ty {
        "shuffle" => EventKind::Shuffle,
        "cut" => EventKind::Cut,
        "burn" => EventKind::Burn {
            card: raw.card,
            from: match raw.from {
                Some(p) => Some(target_of(p, raw.hand, "from")?),
                None if raw.hand.is_some() => {
                    return Err("`hand` needs `from` on a `burn` event".into());
                }
                None => None,
            },
        },
        "card" => {
            let to = raw
                .to
                .ok_or("a `card` event needs `to` (\"dealer\" or a betting space 1-12)")?;
            let card = match (raw.card, raw.face_down) {
                (Some(_), Some(true)) => {
                    return Err("a card cannot have both `card` and `\"face_down\": true`".into());
                }
                (Some(c), _) => Some(c),
                (None, Some(true)) => None,
                (None, _) => {
                    return Err(
                        "a `card` event needs `card` (e.g. \"10h\") or `\"face_down\": true`"
                            .into(),
                    );
                }
            };
            EventKind::Card {
                to: target_of(to, raw.hand, "to")?,
                card,
                rotated: raw.rotated,
                or: or_of(raw.or, card)?,
            }
        }
        "hole_card_turned" => {
            let card = raw
                .card
                .ok_or("a `hole_card_turned` event needs `card` (the card revealed)")?;
            EventKind::HoleCardTurned {
                card,
                or: or_of(raw.or, Some(card))?,
            }
        }
        "wager" => EventKind::Wager {
            space: space_of(raw.space, ty)?,
            hand: hand_of(raw.hand)?,
            kind: wager_kind(raw.kind.as_deref())?,
            money: money_of(raw.amount_cents, raw.chips.clone(), ty)?,
            player: raw.player.as_deref().map(Id::from),
            at_least: raw.at_least.unwrap_or(false),
        },
        "collect" | "return" | "payout" => {
            let space = space_of(raw.space, ty)?;
            let hand = hand_of(raw.hand)?;
            let bet = bet_of(raw.bet.as_deref())?;
            let money = money_of(raw.amount_cents, raw.chips.clone(), ty)?;
            match ty {
                "collect" => EventKind::Collect {
                    space,
                    hand,
                    bet,
                    money,
                    at_least: raw.at_least.unwrap_or(false),
                },
                "return" => EventKind::Return {
                    space,
                    hand,
                    bet,
                    money,
                    at_least: raw.at_least.unwrap_or(false),
                },
                _ => EventKind::Payout {
                    space,
                    hand,
                    bet,
                    fanned: raw.fanned,
                    at_least: raw.at_least.unwrap_or(false),
                    at_most: at_most_of(raw.at_most_cents, raw.at_least, money.amount)?,
                    money,
                },
            }
        }
        "cards_cleared" => EventKind::CardsCleared {
            space: match raw.space {
                None => None,
                s => Some(space_of(s, ty)?),
            },
        },
        "dealer_change" => EventKind::DealerChange {
            dealer: raw.dealer.as_deref().map(Id::from),
        },
        "button" => EventKind::Button {
            seat: seat_of(raw.seat, ty)?,
        },
        "check" => EventKind::Check {
            seat: seat_of(raw.seat, ty)?,
        },
        "fold" => EventKind::Fold {
            seat: seat_of(raw.seat, ty)?,
        },
        "post" => EventKind::Post {
            seat: seat_of(raw.seat, ty)?,
            kind: post_kind(raw.kind.as_deref())?,
            money: money_of(raw.amount_cents, raw.chips.clone(), ty)?,
        },
        "bet" => EventKind::Bet {
            seat: seat_of(raw.seat, ty)?,
            money: money_of(raw.amount_cents, raw.chips.clone(), ty)?,
            all_in: raw.all_in,
            declared: match raw.declared_cents {
                None => None,
                Some(d) if (1..=100_000_000).contains(&d) => Some(d as u32),
                Some(d) => {
                    return Err(format!(
                        "`declared_cents` is {d}: expected an announced amount above zero"
                    ));
                }
            },
        },
        "board" => EventKind::Board {
            card: raw
                .card
                .ok_or("a `board` event needs `card` (the card dealt face up)")?,
        },
        "show" => {
            let cards = raw.cards.clone().ok_or(
                "a `show` event needs `cards` (every card the seat shows, e.g. [\"Ah\",\"Kd\"])",
            )?;
            if cards.is_empty() || cards.len() > 7 {
                return Err(format!(
                    "`cards` holds {} cards: expected 1 to 7",
                    cards.len()
                ));
            }
            EventKind::Show {
                seat: seat_of(raw.seat, ty)?,
                cards: cards.into_boxed_slice(),
            }
        }
        "pot" => EventKind::Pot {
            seat: seat_of(raw.seat, ty)?,
            money: money_of(raw.amount_cents, raw.chips.clone(), ty)?,
        },
        _ => unreachable!("checked against allowed()"),
    };
    Ok(Some(Event {
        t,
        wall,
        table,
        kind,
    }))
}

/// Parses a whole log held in memory: every event, or the first line that failed.
pub fn parse_log(text: &str) -> Result<Vec<Event>, LineError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match parse_line(line) {
            Ok(Some(e)) => out.push(e),
            Ok(None) => {}
            Err(message) => {
                return Err(LineError {
                    line: i + 1,
                    message,
                });
            }
        }
    }
    Ok(out)
}

fn place_of(t: Target) -> (Place, Option<u64>) {
    match t {
        Target::Dealer => (Place::Dealer, None),
        Target::Hand { space, hand } => (
            Place::Space(space.into()),
            (hand != 1).then_some(hand.into()),
        ),
    }
}

fn put_money(raw: &mut Raw, m: &Money) {
    match &m.chips {
        Some(c) => raw.chips = Some(c.0.iter().map(|&(v, n)| (v.to_string(), n)).collect()),
        None => raw.amount_cents = Some(m.amount),
    }
    if m.chips.is_some() {
        raw.amount_cents = Some(m.amount);
    }
}

/// Writes one event as a single JSON line (no trailing newline), in the form [`parse_line`] reads.
pub fn to_line(e: &Event) -> String {
    let mut raw = Raw {
        t: Some(e.t),
        wall: e.wall.as_deref().map(str::to_string),
        table: Some(Cow::Borrowed(&e.table)),
        ty: Some(Cow::Borrowed(e.kind.type_name())),
        ..Raw::default()
    };
    let hand_field = |h: u8| (h != 1).then_some(u64::from(h));
    match &e.kind {
        EventKind::Shuffle | EventKind::Cut => {}
        EventKind::Burn { card, from } => {
            raw.card = *card;
            if let Some(f) = from {
                let (p, h) = place_of(*f);
                raw.from = Some(p);
                raw.hand = h;
            }
        }
        EventKind::Card {
            to,
            card,
            rotated,
            or,
        } => {
            let (p, h) = place_of(*to);
            raw.to = Some(p);
            raw.hand = h;
            raw.card = *card;
            raw.face_down = card.is_none().then_some(true);
            raw.rotated = *rotated;
            raw.or = *or;
        }
        EventKind::HoleCardTurned { card, or } => {
            raw.card = Some(*card);
            raw.or = *or;
        }
        EventKind::Wager {
            space,
            hand,
            kind,
            money,
            player,
            at_least,
        } => {
            raw.space = Some((*space).into());
            raw.hand = hand_field(*hand);
            raw.kind = Some(Cow::Borrowed(kind.as_str()));
            put_money(&mut raw, money);
            raw.player = player.as_deref().map(str::to_string);
            raw.at_least = at_least.then_some(true);
        }
        EventKind::Collect {
            space,
            hand,
            bet,
            money,
            at_least,
        }
        | EventKind::Return {
            space,
            hand,
            bet,
            money,
            at_least,
        } => {
            raw.space = Some((*space).into());
            raw.hand = hand_field(*hand);
            raw.bet = (*bet != Bet::Main).then(|| Cow::Borrowed(bet.as_str()));
            put_money(&mut raw, money);
            raw.at_least = at_least.then_some(true);
        }
        EventKind::Payout {
            space,
            hand,
            bet,
            money,
            fanned,
            at_least,
            at_most,
        } => {
            raw.space = Some((*space).into());
            raw.hand = hand_field(*hand);
            raw.bet = (*bet != Bet::Main).then(|| Cow::Borrowed(bet.as_str()));
            put_money(&mut raw, money);
            raw.fanned = *fanned;
            raw.at_least = at_least.then_some(true);
            raw.at_most_cents = at_most.filter(|_| *at_least).map(AtMost::get);
        }
        EventKind::CardsCleared { space } => raw.space = space.map(u64::from),
        EventKind::DealerChange { dealer } => raw.dealer = dealer.as_deref().map(str::to_string),
        EventKind::Button { seat } | EventKind::Check { seat } | EventKind::Fold { seat } => {
            raw.seat = Some((*seat).into())
        }
        EventKind::Post { seat, kind, money } => {
            raw.seat = Some((*seat).into());
            raw.kind = Some(Cow::Borrowed(kind.as_str()));
            put_money(&mut raw, money);
        }
        EventKind::Bet {
            seat,
            money,
            all_in,
            declared,
        } => {
            raw.seat = Some((*seat).into());
            put_money(&mut raw, money);
            raw.all_in = *all_in;
            raw.declared_cents = declared.map(i64::from);
        }
        EventKind::Board { card } => raw.card = Some(*card),
        EventKind::Show { seat, cards } => {
            raw.seat = Some((*seat).into());
            raw.cards = Some(cards.to_vec());
        }
        EventKind::Pot { seat, money } => {
            raw.seat = Some((*seat).into());
            put_money(&mut raw, money);
        }
    }
    serde_json::to_string(&raw).expect("a Raw event always serializes")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Event {
        parse_line(s).unwrap().unwrap()
    }

    fn err(s: &str) -> String {
        parse_line(s).unwrap_err()
    }

    #[test]
    fn reads_a_card_to_a_split_hand() {
        let e =
            ok(r#"{"t":3.5,"table":"1","type":"card","to":2,"hand":2,"card":"Ah","rotated":true}"#);
        assert_eq!(
            e.kind,
            EventKind::Card {
                to: Target::Hand { space: 2, hand: 2 },
                card: Some("Ah".parse().unwrap()),
                rotated: Some(true),
                or: None
            }
        );
    }

    /// A face read with another of its rank not ruled out (a small suit mark, docs/events.md)
    /// is read and written back as given; `or` without a face read, or of another rank, or
    /// the face itself, is refused with why.
    #[test]
    fn a_face_not_ruled_out_is_read_and_written() {
        let line = r#"{"t":3.5,"table":"1","type":"card","to":2,"card":"2c","or":"2s"}"#;
        let e = ok(line);
        assert_eq!(
            e.kind,
            EventKind::Card {
                to: Target::Hand { space: 2, hand: 1 },
                card: Some("2c".parse().unwrap()),
                rotated: None,
                or: Some("2s".parse().unwrap())
            }
        );
        assert_eq!(ok(&to_line(&e)), e);
        let h = ok(r#"{"t":9,"table":"1","type":"hole_card_turned","card":"Qs","or":"Qc"}"#);
        assert_eq!(
            h.kind,
            EventKind::HoleCardTurned {
                card: "Qs".parse().unwrap(),
                or: Some("Qc".parse().unwrap())
            }
        );
        assert_eq!(ok(&to_line(&h)), h);
        let down = err(r#"{"t":1,"table":"1","type":"card","to":1,"face_down":true,"or":"2s"}"#);
        assert!(
            down.contains("`or`") && down.contains("needs `card`"),
            "{down}"
        );
        let rank = err(r#"{"t":1,"table":"1","type":"card","to":1,"card":"2c","or":"3c"}"#);
        assert!(rank.contains("3c cannot stand for 2c"), "{rank}");
        let same = err(r#"{"t":1,"table":"1","type":"card","to":1,"card":"2c","or":"2c"}"#);
        assert!(same.contains("2c cannot stand for 2c"), "{same}");
        let burn = err(r#"{"t":1,"table":"1","type":"burn","card":"2c","or":"2s"}"#);
        assert!(burn.contains("`or` does not apply to a `burn`"), "{burn}");
    }

    #[test]
    fn reads_a_face_down_dealer_card() {
        let e = ok(r#"{"t":1,"table":"1","type":"card","to":"dealer","face_down":true}"#);
        assert!(matches!(
            e.kind,
            EventKind::Card {
                to: Target::Dealer,
                card: None,
                ..
            }
        ));
    }

    #[test]
    fn chips_give_the_amount() {
        let e = ok(
            r#"{"t":1,"table":"1","type":"wager","space":1,"kind":"original","chips":{"500":1,"100":2}}"#,
        );
        let EventKind::Wager { money, .. } = e.kind else {
            panic!()
        };
        assert_eq!(money.amount, 700);
    }

    #[test]
    fn errors_say_what_was_expected() {
        assert!(err("{").contains("not a valid event"));
        assert!(err(r#"{"t":1,"table":"1","type":"deal"}"#).contains("expected one of"));
        assert!(
            err(r#"{"t":1,"table":"1","type":"card","to":9,"card":"Zz"}"#).contains("not a card")
        );
        assert!(
            err(r#"{"t":1,"table":"1","type":"card","to":13,"card":"2h"}"#)
                .contains("betting space 1-12")
        );
        assert!(err(r#"{"t":1,"table":"1","type":"card","to":"dealer"}"#).contains("face_down"));
        assert!(
            err(r#"{"t":1,"table":"1","type":"shuffle","space":2}"#).contains("does not apply")
        );
        assert!(
            err(r#"{"t":1,"table":"1","type":"shuffle","spaec":2}"#)
                .contains("unknown field `spaec`")
        );
        assert!(err(r#"{"table":"1","type":"shuffle"}"#).contains("missing `t`"));
        assert!(err(r#"{"t":-1,"table":"1","type":"shuffle"}"#).contains("`t` is -1"));
        assert!(
            err(r#"{"t":1,"table":"1","type":"wager","space":1,"kind":"original"}"#)
                .contains("amount_cents")
        );
        assert!(
            err(r#"{"t":1,"table":"1","type":"wager","space":1,"kind":"original","amount_cents":300,"chips":{"100":2}}"#)
                .contains("add up to 200")
        );
        assert!(
            err(r#"{"t":1,"table":"1","type":"payout","space":1,"bet":"side","amount_cents":5}"#)
                .contains("main, tip or insurance")
        );
    }

    #[test]
    fn poker_errors_say_what_was_expected() {
        assert!(err(r#"{"t":1,"table":"P","type":"button"}"#).contains("needs `seat`"));
        assert!(err(r#"{"t":1,"table":"P","type":"button","seat":0}"#).contains("seat 1-12"));
        assert!(
            err(r#"{"t":1,"table":"P","type":"post","seat":2,"kind":"straddle","amount_cents":5}"#)
                .contains("ante, small_blind or big_blind")
        );
        assert!(err(r#"{"t":1,"table":"P","type":"show","seat":2}"#).contains("needs `cards`"));
        assert!(err(r#"{"t":1,"table":"P","type":"show","seat":2,"cards":[]}"#).contains("1 to 7"));
        assert!(err(r#"{"t":1,"table":"P","type":"bet","seat":2}"#).contains("amount_cents"));
        assert!(
            err(r#"{"t":1,"table":"P","type":"check","seat":2,"amount_cents":5}"#)
                .contains("does not apply")
        );
    }

    #[test]
    fn skips_blank_and_comment_lines() {
        assert_eq!(parse_line("   ").unwrap(), None);
        assert_eq!(parse_line("# a note").unwrap(), None);
    }

    #[test]
    fn log_errors_carry_the_line_number() {
        let text = "{\"t\":0,\"table\":\"1\",\"type\":\"shuffle\"}\n\n{\"t\":1}\n";
        let e = parse_log(text).unwrap_err();
        assert_eq!(e.line, 3);
    }

    #[test]
    fn writing_then_reading_gives_the_same_events() {
        let lines = [
            r#"{"t":0.0,"table":"A","type":"shuffle"}"#,
            r#"{"t":0.5,"wall":"2026-11-21T22:00:00Z","table":"A","type":"burn","from":3,"hand":2}"#,
            r#"{"t":1.0,"table":"A","type":"card","to":"dealer","face_down":true}"#,
            r#"{"t":1.5,"table":"A","type":"card","to":4,"card":"10s","rotated":false}"#,
            r#"{"t":2.0,"table":"A","type":"hole_card_turned","card":"Kd"}"#,
            r#"{"t":2.5,"table":"A","type":"wager","space":4,"hand":2,"kind":"split","chips":{"500":1},"player":"p1"}"#,
            r#"{"t":3.0,"table":"A","type":"payout","space":4,"bet":"tip","amount_cents":150,"fanned":true}"#,
            r#"{"t":3.5,"table":"A","type":"collect","space":4,"bet":"insurance","amount_cents":250}"#,
            r#"{"t":3.6,"table":"A","type":"return","space":4,"hand":3,"amount_cents":500}"#,
            r#"{"t":4.0,"table":"A","type":"cards_cleared","space":4}"#,
            r#"{"t":4.5,"table":"A","type":"cards_cleared"}"#,
            r#"{"t":5.0,"table":"A","type":"dealer_change","dealer":"D7"}"#,
            r#"{"t":5.5,"table":"A","type":"cut"}"#,
            r#"{"t":6.0,"table":"P","type":"button","seat":3}"#,
            r#"{"t":6.1,"table":"P","type":"post","seat":4,"kind":"small_blind","amount_cents":100}"#,
            r#"{"t":6.2,"table":"P","type":"post","seat":5,"kind":"ante","chips":{"25":1}}"#,
            r#"{"t":6.3,"table":"P","type":"card","to":4,"face_down":true}"#,
            r#"{"t":6.4,"table":"P","type":"bet","seat":6,"amount_cents":600,"all_in":true,"declared_cents":600}"#,
            r#"{"t":6.5,"table":"P","type":"check","seat":4}"#,
            r#"{"t":6.6,"table":"P","type":"fold","seat":5}"#,
            r#"{"t":6.7,"table":"P","type":"board","card":"Qs"}"#,
            r#"{"t":6.8,"table":"P","type":"show","seat":6,"cards":["Ah","Kd"]}"#,
            r#"{"t":6.9,"table":"P","type":"pot","seat":6,"amount_cents":1300}"#,
        ];
        for l in lines {
            let e = ok(l);
            let again = ok(&to_line(&e));
            assert_eq!(e, again, "{l}");
        }
    }
}
