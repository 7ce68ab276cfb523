//! Playing cards: ranks, suits, and the text form used in the table-event log.
//!
//! A card is written as its rank followed by its suit letter: `"Ah"`, `"10d"` (or `"Td"`),
//! `"Qs"`, `"7c"`. Ranks are `A 2 3 4 5 6 7 8 9 10 J Q K` (`T` is accepted for ten); suits are
//! `c d h s`. Parsing is case-insensitive.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// A card rank. Aces count one or eleven, kings, queens and jacks count ten
/// (N.D. Admin. Code 99-01.3-08-01(1)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    /// Ace.
    Ace = 1,
    /// Two.
    Two,
    /// Three.
    Three,
    /// Four.
    Four,
    /// Five.
    Five,
    /// Six.
    Six,
    /// Seven.
    Seven,
    /// Eight.
    Eight,
    /// Nine.
    Nine,
    /// Ten.
    Ten,
    /// Jack.
    Jack,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl Rank {
    /// All thirteen ranks, ace first.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// The twenty-one count of the rank with an ace counted as one: 1..=10.
    pub fn count(self) -> u8 {
        (self as u8).min(10)
    }

    /// True for tens and face cards ("ten-count cards" in the chapter).
    pub fn is_ten_count(self) -> bool {
        self.count() == 10
    }

    /// The rank's text in the event log (`A`, `2`..`10`, `J`, `Q`, `K`).
    pub fn as_str(self) -> &'static str {
        [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ][self as usize - 1]
    }
}

/// A card suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Clubs (black).
    Clubs,
    /// Diamonds (red).
    Diamonds,
    /// Hearts (red).
    Hearts,
    /// Spades (black).
    Spades,
}

impl Suit {
    /// True for diamonds and hearts.
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// All four suits.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's letter in the event log.
    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }
}

/// One playing card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    /// The card's rank.
    pub rank: Rank,
    /// The card's suit.
    pub suit: Suit,
}

impl Card {
    /// Builds a card.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// A dense index 0..52 (rank-major), for counting cards seen from a shoe.
    pub fn index(self) -> usize {
        (self.rank as usize - 1) * 4 + self.suit as usize
    }

    /// The card with the given dense index; `None` outside 0..52.
    pub fn from_index(i: usize) -> Option<Card> {
        if i >= 52 {
            return None;
        }
        Some(Card::new(Rank::ALL[i / 4], Suit::ALL[i % 4]))
    }
}

/// Why a card's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CardParseError {
    /// The text is not a rank followed by a suit letter.
    #[error(
        "`{0}` is not a card: expected a rank (A, 2-10, T, J, Q, K) and a suit (c, d, h, s), e.g. \"10h\""
    )]
    Malformed(String),
}

impl FromStr for Card {
    type Err = CardParseError;

    fn from_str(s: &str) -> Result<Card, CardParseError> {
        let bad = || CardParseError::Malformed(s.to_string());
        let t = s.trim();
        if !t.is_ascii() || t.len() < 2 || t.len() > 3 {
            return Err(bad());
        }
        let (r, su) = t.split_at(t.len() - 1);
        let suit = match su.to_ascii_lowercase().as_str() {
            "c" => Suit::Clubs,
            "d" => Suit::Diamonds,
            "h" => Suit::Hearts,
            "s" => Suit::Spades,
            _ => return Err(bad()),
        };
        let rank = match r.to_ascii_uppercase().as_str() {
            "A" | "1" => Rank::Ace,
            "2" => Rank::Two,
            "3" => Rank::Three,
            "4" => Rank::Four,
            "5" => Rank::Five,
            "6" => Rank::Six,
            "7" => Rank::Seven,
            "8" => Rank::Eight,
            "9" => Rank::Nine,
            "10" | "T" => Rank::Ten,
            "J" => Rank::Jack,
            "Q" => Rank::Queen,
            "K" => Rank::King,
            _ => return Err(bad()),
        };
        Ok(Card { rank, suit })
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.as_str(), self.suit.letter())
    }
}

impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_every_card() {
        for i in 0..52 {
            let c = Card::from_index(i).unwrap();
            assert_eq!(c.index(), i);
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
        }
        assert_eq!(
            "Td".parse::<Card>().unwrap(),
            "10d".parse::<Card>().unwrap()
        );
        assert_eq!("ks".parse::<Card>().unwrap().rank, Rank::King);
    }

    #[test]
    fn rejects_bad_text() {
        for bad in ["", "A", "11h", "Ax", "10", "hh", "Å♥"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn counts_follow_08_01() {
        // N.D. Admin. Code 99-01.3-08-01(1): K, Q, J count ten; 2-10 face value; ace one (or eleven).
        assert_eq!(Rank::King.count(), 10);
        assert_eq!(Rank::Jack.count(), 10);
        assert_eq!(Rank::Seven.count(), 7);
        assert_eq!(Rank::Ace.count(), 1);
        assert!(Rank::Queen.is_ten_count() && !Rank::Nine.is_ten_count());
    }
}
