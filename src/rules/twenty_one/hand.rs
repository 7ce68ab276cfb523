//! Hand totals: hard and soft counts, busts and naturals (N.D. Admin. Code 99-01.3-08-01(1)).

use crate::rules::cards::Rank;

/// The count of a twenty-one hand, built card by card.
///
/// An ace counts one or eleven (08-01(1)); the total counts one ace as eleven whenever that does
/// not exceed twenty-one, which is also how the dealer must value the hand (08-11(10)(g)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HandValue {
    /// Sum with every ace counted as one.
    pub hard: u8,
    /// Number of cards in the hand.
    pub cards: u8,
    /// At least one ace is in the hand.
    pub has_ace: bool,
}

impl HandValue {
    /// The value of the given ranks.
    pub fn of(ranks: impl IntoIterator<Item = Rank>) -> HandValue {
        let mut v = HandValue::default();
        for r in ranks {
            v.add(r);
        }
        v
    }

    /// Adds one card.
    pub fn add(&mut self, r: Rank) {
        self.hard = self.hard.saturating_add(r.count());
        self.cards = self.cards.saturating_add(1);
        self.has_ace |= r == Rank::Ace;
    }

    /// The hand with one more card.
    pub fn with(mut self, r: Rank) -> HandValue {
        self.add(r);
        self
    }

    /// True when an ace can count eleven without busting.
    pub fn is_soft(self) -> bool {
        self.has_ace && self.hard + 10 <= 21
    }

    /// The best total: one ace as eleven when that stays at or below twenty-one.
    pub fn total(self) -> u8 {
        if self.is_soft() {
            self.hard + 10
        } else {
            self.hard
        }
    }

    /// The total exceeds twenty-one (08-11(6)).
    pub fn is_bust(self) -> bool {
        self.hard > 21
    }

    /// Twenty-one in two cards. Whether it counts as a natural also depends on the hand not
    /// coming from a split (08-09(2)(c)) nor being doubled (08-11(11)); see the round model.
    pub fn is_two_card_21(self) -> bool {
        self.cards == 2 && self.total() == 21
    }

    /// Short text for messages: "soft 17", "hard 16", "bust (23)".
    pub fn describe(self) -> String {
        if self.is_bust() {
            format!("bust ({})", self.hard)
        } else if self.is_soft() {
            format!("soft {}", self.total())
        } else {
            format!("{}", self.total())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Rank::*;

    #[test]
    fn aces_count_one_or_eleven() {
        // 08-01(1): an ace counts either one or eleven.
        assert_eq!(HandValue::of([Ace, Six]).total(), 17);
        assert!(HandValue::of([Ace, Six]).is_soft());
        assert_eq!(HandValue::of([Ace, Six, Ten]).total(), 17);
        assert!(!HandValue::of([Ace, Six, Ten]).is_soft());
        assert_eq!(HandValue::of([Ace, Ace, Nine]).total(), 21);
        assert_eq!(HandValue::of([Ace, Ace]).total(), 12);
    }

    #[test]
    fn face_cards_count_ten() {
        assert_eq!(HandValue::of([King, Queen]).total(), 20);
        assert!(HandValue::of([King, Queen, Two]).is_bust());
        assert!(HandValue::of([Ace, Jack]).is_two_card_21());
        assert!(!HandValue::of([Seven, Seven, Seven]).is_two_card_21());
    }
}
