//! The table-event log's types: what can be seen happening at a table.
//!
//! Events record what a camera, a smart shoe, RFID or a person annotating footage can observe:
//! cards moving, chips moving. They never record a player's intention; hits, stands, splits and
//! doubles are inferred by the audit from cards and chips. The JSON form is in `docs/events.md`.

use super::id::Id;
use crate::rules::cards::Card;

/// Money in integer cents.
pub type Cents = i64;

/// Highest betting-space number the log accepts. Spaces above seven are legal in the log so that
/// the audit can report them (N.D. Admin. Code 99-01.3-08-02(1) allows seven).
pub const MAX_SPACE: u8 = 12;

/// Most hands one betting space can hold in the log (08-09(2)(c) allows four).
pub const MAX_HANDS: u8 = 4;

/// One event at a table.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    /// Seconds into the footage (or since the log began), at least zero.
    pub t: f64,
    /// Wall-clock time as the recorder or source stated it (ISO 8601 text), when known.
    pub wall: Option<Id>,
    /// The table's id, as on its placard (08-02(1)). Shared: events of one table can hold the
    /// same id, which the audit then recognises without comparing text.
    pub table: Id,
    /// What happened.
    pub kind: EventKind,
}

/// Where a card goes: the dealer's hand or a hand at a betting space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// The dealer's card area.
    Dealer,
    /// A player's hand: betting space 1..=12 counted from the dealer's left, hand 1..=4.
    Hand {
        /// Betting space, 1 at the dealer's left (first base).
        space: u8,
        /// Hand at the space: 1 unless the space split; split hands are numbered 2, 3, 4 in the
        /// order the splits were made.
        hand: u8,
    },
}

/// The kind of a wager placed at a betting space (08-09(2)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WagerKind {
    /// The original wager, placed before the first card (08-09(2)).
    Original,
    /// A tip bet, touching the lower left edge of the betting space (08-09(2)(a)).
    Tip,
    /// An insurance bet on the insurance line (08-09(2)(b)).
    Insurance,
    /// A wager to split a pair; it creates the next hand at the space (08-09(2)(c)).
    Split,
    /// A double-down wager on a hand (08-09(2)(d)).
    Double,
    /// A double-down on the tip bet (08-09(2)(d), at an organization's option).
    TipDouble,
}

/// Which bet a chip movement settles: the hand's own wagers, the tip bet, or insurance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bet {
    /// The hand's wager: original or split wager plus any double-down.
    Main,
    /// The space's tip bet plus any tip double.
    Tip,
    /// The space's insurance bet.
    Insurance,
}

/// Chips by denomination: (value in cents, count), as a camera or RFID reader counts them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Chips(pub Box<[(Cents, u32)]>);

impl Chips {
    /// Total value in cents.
    pub fn total(&self) -> Cents {
        self.0.iter().map(|&(v, n)| v * Cents::from(n)).sum()
    }

    /// How many chips.
    pub fn count(&self) -> u32 {
        self.0.iter().map(|&(_, n)| n).sum()
    }
}

/// A movement of chips: how much, and (when seen) which chips.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Money {
    /// Value in cents.
    pub amount: Cents,
    /// The chips, when the source saw them.
    pub chips: Option<Chips>,
}

/// An upper bound on an amount, cents: more than zero, and no more than any table holds. Kept
/// in four bytes, so that an event still fits one cache line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct AtMost(std::num::NonZeroU32);

impl AtMost {
    /// The bound of `cents` (`None` when it is not more than zero or does not fit).
    pub fn cents(cents: Cents) -> Option<AtMost> {
        u32::try_from(cents)
            .ok()
            .and_then(std::num::NonZeroU32::new)
            .map(AtMost)
    }

    /// The bound, cents.
    pub fn get(self) -> Cents {
        Cents::from(self.0.get())
    }
}

impl Money {
    /// An amount with no chip breakdown.
    pub fn cents(amount: Cents) -> Money {
        Money {
            amount,
            chips: None,
        }
    }
}

/// What happened at the table.
#[derive(Debug, Clone, PartialEq)]
pub enum EventKind {
    /// The cards were shuffled (08-08(1)).
    Shuffle,
    /// The cards were cut (08-08(1)-(2)).
    Cut,
    /// A card went to the discard holder unplayed (08-08(3)): from the shoe when `from` is
    /// `None`, or the last card at `from` was taken off the table (08-12(3), (6), (10), (14)).
    Burn {
        /// The card's identity when it was seen (burns are face down, so usually `None`).
        card: Option<Card>,
        /// The place the burned card was taken from, if not the shoe.
        from: Option<Target>,
    },
    /// A card was dealt from the shoe to a hand or the dealer.
    Card {
        /// Where it went.
        to: Target,
        /// Its identity; `None` when dealt face down.
        card: Option<Card>,
        /// Whether it lies at a right angle to the cards before it (double-down, split aces,
        /// 08-11(3)); `None` when the source cannot tell.
        rotated: Option<bool>,
        /// Another face of `card`'s rank that the source could not rule out (a camera reading
        /// a small suit mark as either suit of its colour); `None` when the face is sure. The
        /// card counts toward the shoe as whichever of the two the count allows (08-02(3)).
        or: Option<Card>,
    },
    /// The dealer's face-down card was turned face up (08-11(10)).
    HoleCardTurned {
        /// The card revealed.
        card: Card,
        /// Another face of its rank that the source could not rule out, as a `card`'s `or`.
        or: Option<Card>,
    },
    /// Chips placed as a wager.
    Wager {
        /// Betting space.
        space: u8,
        /// Hand: for a split, the hand being split; for a double, the hand doubled.
        hand: u8,
        /// The wager's kind.
        kind: WagerKind,
        /// The whole stack now on that spot (a second `original` before the deal replaces the first).
        money: Money,
        /// Who placed it, when the source can tell players apart (for 08-01(2)).
        player: Option<Id>,
        /// The amount is only what could be seen, and the stack may hold more: a stack seen
        /// from above by its top chip, never fanned (docs/events.md, `at_least`).
        at_least: bool,
    },
    /// Chips taken from a bet into the chip tray.
    Collect {
        /// Betting space.
        space: u8,
        /// Hand (for `Bet::Main`).
        hand: u8,
        /// Which bet.
        bet: Bet,
        /// How much.
        money: Money,
        /// The amount is only what could be seen (a stack taken by its top chip).
        at_least: bool,
    },
    /// Chips from the tray placed beside a bet as its payoff.
    Payout {
        /// Betting space.
        space: u8,
        /// Hand (for `Bet::Main`).
        hand: u8,
        /// Which bet.
        bet: Bet,
        /// How much.
        money: Money,
        /// Whether the payoff chips were fanned (08-11(16)(a)); `None` when unknown.
        fanned: Option<bool>,
        /// The amount is only what could be seen: a payoff stacked, not fanned, seen from
        /// above by its top chip, or a fan with chips unseen in it.
        at_least: bool,
        /// Where `at_least`, the most the payoff can be, cents, when that is known: a fan's
        /// chips unseen, bounded by the chips seen beside them (a payoff is cut largest
        /// chips first and fanned in that order, 08-11(16)(a)). `None`: no bound.
        at_most: Option<AtMost>,
    },
    /// Chips handed back from a bet to the player: a voided split or double (08-11(10)(e)) or
    /// the excess over the table maximum (08-09(1)).
    Return {
        /// Betting space.
        space: u8,
        /// Hand (for `Bet::Main`).
        hand: u8,
        /// Which bet.
        bet: Bet,
        /// How much.
        money: Money,
        /// The amount is only what could be seen (a stack taken by its top chip).
        at_least: bool,
    },
    /// Cards were picked up: one space's (a bust, an even-money payoff) when `space` is set;
    /// otherwise every card left and the dealer's, which ends the round (08-11(17)).
    CardsCleared {
        /// The space whose cards were picked up, or `None` for the end of the round.
        space: Option<u8>,
    },
    /// A new dealer took the table; the new dealer must burn a card (08-08(3)).
    DealerChange {
        /// The new dealer's id, when known.
        dealer: Option<Id>,
    },
    /// Poker: the dealer button was placed in front of a seat; a new hand begins
    /// (DC 30-1604.3(d), (x)).
    Button {
        /// The seat the button is in front of (seats are numbered clockwise, 1 at the dealer's
        /// left).
        seat: u8,
    },
    /// Poker: an ante or a blind posted before the first card (09-04(9)-(11), DC 1604.3(c)-(g)).
    Post {
        /// The seat posting.
        seat: u8,
        /// Ante, small blind or big blind.
        kind: PostKind,
        /// The chips posted.
        money: Money,
    },
    /// Poker: chips a seat pushed forward in one motion: a bet, call, raise or all-in; the audit
    /// works out which (09-04(16)). Two pushes by a seat with no action between are two motions
    /// (a string bet unless the first was short of a call, Morehead 18).
    Bet {
        /// The seat betting.
        seat: u8,
        /// The chips pushed in this motion.
        money: Money,
        /// Whether these were the seat's last chips; `None` when the source cannot tell.
        all_in: Option<bool>,
        /// An amount the player announced before putting chips in, in cents (09-04(15),
        /// Morehead 18), when heard.
        declared: Option<u32>,
    },
    /// Poker: a seat checked (tapped the table).
    Check {
        /// The seat checking.
        seat: u8,
    },
    /// Poker: a seat's cards were given up, in the betting or at the showdown (mucked).
    Fold {
        /// The seat folding.
        seat: u8,
    },
    /// Poker: a board card dealt face up (DC 1604.3(n), (p), (r)).
    Board {
        /// The card.
        card: Card,
    },
    /// Poker: a seat's hand turned face up at the showdown (09-04(23)-(24)).
    Show {
        /// The seat showing.
        seat: u8,
        /// The cards shown: every card the seat holds.
        cards: Box<[Card]>,
    },
    /// Poker: chips from the pot pushed to a seat (a pot or its share, or bets handed back when a
    /// deal is void).
    Pot {
        /// The seat receiving.
        seat: u8,
        /// How much.
        money: Money,
    },
}

/// What a poker post is (09-04(9)-(11)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PostKind {
    /// An ante, from every player before the first card (09-04(9)).
    Ante,
    /// The small blind, from the first seat left of the button (DC 1604.3(e)).
    SmallBlind,
    /// The big blind, from the seat left of the small blind (DC 1604.3(f)).
    BigBlind,
}

impl PostKind {
    /// The kind's name in the log.
    pub fn as_str(self) -> &'static str {
        match self {
            PostKind::Ante => "ante",
            PostKind::SmallBlind => "small_blind",
            PostKind::BigBlind => "big_blind",
        }
    }
}

impl EventKind {
    /// The event's `type` in the log.
    pub fn type_name(&self) -> &'static str {
        match self {
            EventKind::Shuffle => "shuffle",
            EventKind::Cut => "cut",
            EventKind::Burn { .. } => "burn",
            EventKind::Card { .. } => "card",
            EventKind::HoleCardTurned { .. } => "hole_card_turned",
            EventKind::Wager { .. } => "wager",
            EventKind::Collect { .. } => "collect",
            EventKind::Payout { .. } => "payout",
            EventKind::Return { .. } => "return",
            EventKind::CardsCleared { .. } => "cards_cleared",
            EventKind::DealerChange { .. } => "dealer_change",
            EventKind::Button { .. } => "button",
            EventKind::Post { .. } => "post",
            EventKind::Bet { .. } => "bet",
            EventKind::Check { .. } => "check",
            EventKind::Fold { .. } => "fold",
            EventKind::Board { .. } => "board",
            EventKind::Show { .. } => "show",
            EventKind::Pot { .. } => "pot",
        }
    }

    /// True for the events only poker has (button, posts, bets, checks, folds, board cards,
    /// shown hands, pots pushed).
    pub fn is_poker(&self) -> bool {
        matches!(
            self,
            EventKind::Button { .. }
                | EventKind::Post { .. }
                | EventKind::Bet { .. }
                | EventKind::Check { .. }
                | EventKind::Fold { .. }
                | EventKind::Board { .. }
                | EventKind::Show { .. }
                | EventKind::Pot { .. }
        )
    }
}

impl WagerKind {
    /// The kind's name in the log.
    pub fn as_str(self) -> &'static str {
        match self {
            WagerKind::Original => "original",
            WagerKind::Tip => "tip",
            WagerKind::Insurance => "insurance",
            WagerKind::Split => "split",
            WagerKind::Double => "double",
            WagerKind::TipDouble => "tip_double",
        }
    }
}

impl Bet {
    /// The bet's name in the log.
    pub fn as_str(self) -> &'static str {
        match self {
            Bet::Main => "main",
            Bet::Tip => "tip",
            Bet::Insurance => "insurance",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_fits_one_cache_line() {
        // The audit streams millions of events; at 64 bytes each is one cache line.
        assert_eq!(std::mem::size_of::<Event>(), 64);
    }
}
