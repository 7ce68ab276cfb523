//! Ace-to-five low for high-low split games (N.D. Admin. Code 99-01.3-09-04(25): "the lowest
//! ranked card or cards for low poker games wins ... aces may be used for either high or low").
//!
//! Under ace-to-five, straights and flushes do not count against a low hand and the ace is the
//! lowest card; pairs do count. The best low is 5-4-3-2-A (the wheel). A low hand of five to
//! seven cards plays its best five.

use std::cmp::Ordering;
use std::fmt;

use crate::rules::cards::{Card, Rank};

/// A low hand's strength. Compare with `Ord`: a **greater** `LowValue` is the **better** (lower)
/// hand, so that "best" means the same for high and low.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LowValue {
    /// Pairing pattern (0 none, 1 a pair, 2 two pair, 3 trips, 4 a full house, 5 quads) then the
    /// ranks (ace = 1 .. king = 13), most significant first, packed four bits each. Smaller is
    /// a better low.
    code: u32,
}

impl LowValue {
    /// The highest card of the five played (ace = 1 .. king = 13), for an unpaired low; for a
    /// paired one, the rank of its largest group.
    pub fn highest(self) -> u8 {
        ((self.code >> 16) & 0xf) as u8
    }

    /// True when the five played hold no pair.
    pub fn unpaired(self) -> bool {
        self.code >> 20 == 0
    }

    /// True for an unpaired low whose highest card is at most `top` (1 = ace .. 13 = king):
    /// `qualifies(8)` is "eight or better".
    pub fn qualifies(self, top: u8) -> bool {
        self.unpaired() && self.highest() <= top
    }

    /// The five ranks played in the order they are compared (paired ranks first, then highest
    /// first), as the log writes them (`A`, `2` .. `K`).
    pub fn ranks(self) -> [&'static str; 5] {
        std::array::from_fn(|i| {
            let r = (self.code >> (16 - 4 * i)) & 0xf;
            Rank::ALL[r as usize - 1].as_str()
        })
    }
}

impl Ord for LowValue {
    fn cmp(&self, other: &Self) -> Ordering {
        other.code.cmp(&self.code)
    }
}

impl PartialOrd for LowValue {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for LowValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.ranks().join("-"))
    }
}

fn low5(ranks: [u8; 5]) -> u32 {
    let mut counts = [0u8; 14];
    for &r in &ranks {
        counts[r as usize] += 1;
    }
    let mut order: Vec<(u8, u8)> = (1..14u8)
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    order.sort_by(|a, b| b.cmp(a));
    let pattern = match (order[0].0, order.get(1).map_or(0, |o| o.0)) {
        (1, _) => 0,
        (2, 1) => 1,
        (2, 2) => 2,
        (3, 1) => 3,
        (3, 2) => 4,
        _ => 5,
    };
    let mut code = pattern;
    for &(n, r) in &order {
        for _ in 0..n {
            code = code << 4 | u32::from(r);
        }
    }
    code
}

/// The best ace-to-five low of five to seven cards; `None` for other sizes.
pub fn low_value(cards: &[Card]) -> Option<LowValue> {
    let n = cards.len();
    if !(5..=7).contains(&n) {
        return None;
    }
    let r: Vec<u8> = cards.iter().map(|c| c.rank as u8).collect();
    let mut best = u32::MAX;
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        best = best.min(low5([r[a], r[b], r[c], r[d], r[e]]));
                    }
                }
            }
        }
    }
    Some(LowValue { code: best })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn low(s: &str) -> LowValue {
        let cards: Vec<Card> = s.split_whitespace().map(|c| c.parse().unwrap()).collect();
        low_value(&cards).unwrap()
    }

    #[test]
    fn the_wheel_is_the_best_low_and_straights_and_flushes_do_not_count() {
        let wheel = low("5h 4h 3h 2h Ah");
        assert_eq!(wheel.to_string(), "5-4-3-2-A");
        assert!(wheel > low("6c 4d 3h 2s Ac"));
        assert!(low("6c 5d 4h 3s 2c") < wheel);
        assert!(wheel.qualifies(5));
    }

    #[test]
    fn compared_from_the_top_card_down() {
        // 09-04(25): the lowest ranked card or cards win.
        assert!(low("8c 5d 4h 3s Ac") > low("8d 6h 4c 3d Ad"));
        assert!(low("7c 6d 5h 4s 3c") > low("8d 4h 3c 2d Ad"));
    }

    #[test]
    fn pairs_count_against_a_low() {
        let paired = low("Ac Ad 2c 3d 4h");
        assert!(!paired.unpaired());
        assert!(low("Kc Qd Jh 10s 9c") > paired);
        assert!(!paired.qualifies(8));
    }

    #[test]
    fn seven_cards_play_the_best_five_low() {
        let l = low("Kc Qd 7h 5s 3c 2d Ah");
        assert_eq!(l.to_string(), "7-5-3-2-A");
        assert!(l.qualifies(8) && !l.qualifies(6));
        assert_eq!(low("Ac Ad 2c 2d 3h 3s 4c").to_string(), "A-A-4-3-2");
    }

    #[test]
    fn other_sizes_have_no_low() {
        let four: Vec<Card> = ["Ac", "2d", "3h", "4s"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        assert_eq!(low_value(&four), None);
    }
}
