//! How the dealer plays the dealer's hand (N.D. Admin. Code 99-01.3-08-11(10)(f)-(g)), and the
//! exact bust probabilities that follow from it.

use super::hand::HandValue;
use super::house::Soft17;
use crate::rules::cards::Rank;

/// Whether the dealer must take a hit card on this hand.
///
/// 08-11(10)(f): sixteen or under, draw. 08-11(10)(g): seventeen to twenty-one, stay, with an ace
/// counted as eleven whenever that gives 17-21; the site may instead have the dealer hit a soft
/// seventeen (posted as "DEALER MUST HIT SOFT 17", 08-02(1)).
pub fn must_draw(v: HandValue, soft_17: Soft17) -> bool {
    if v.is_bust() {
        return false;
    }
    let t = v.total();
    t < 17 || (t == 17 && v.is_soft() && soft_17 == Soft17::Hit)
}

/// Exact probability that the dealer busts, given the upcard, drawing from a shoe of `decks` full
/// decks with only the upcard removed, playing by [`must_draw`].
///
/// Every card order is weighed by its probability (draws without replacement). A dealer natural
/// (upcard plus hole card making 21) is counted as a non-bust outcome, before any peek.
pub fn bust_probability(upcard: Rank, decks: u8, soft_17: Soft17) -> f64 {
    // Cards left by count value 1..=10 (index 0..=9).
    let mut shoe = [0u32; 10];
    for (i, n) in shoe.iter_mut().enumerate() {
        *n = u32::from(decks) * if i == 9 { 16 } else { 4 };
    }
    shoe[usize::from(upcard.count()) - 1] -= 1;
    let start = HandValue::of([upcard]);
    bust_from(start, &mut shoe, soft_17)
}

fn rank_of_count(c: usize) -> Rank {
    Rank::ALL[c - 1]
}

fn bust_from(hand: HandValue, shoe: &mut [u32; 10], soft_17: Soft17) -> f64 {
    // The dealer always holds at least two cards before standing.
    if hand.cards >= 2 && !must_draw(hand, soft_17) {
        return if hand.is_bust() { 1.0 } else { 0.0 };
    }
    let left: u32 = shoe.iter().sum();
    let mut p = 0.0;
    for i in 0..10 {
        let n = shoe[i];
        if n == 0 {
            continue;
        }
        let w = f64::from(n) / f64::from(left);
        shoe[i] -= 1;
        p += w * bust_from(hand.with(rank_of_count(i + 1)), shoe, soft_17);
        shoe[i] += 1;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use Rank::*;

    #[test]
    fn stands_on_hard_17_and_draws_to_16() {
        // 08-11(10)(f)-(g) and DC 30-1604.2(a).
        assert!(must_draw(HandValue::of([Ten, Six]), Soft17::Stand));
        assert!(!must_draw(HandValue::of([Ten, Seven]), Soft17::Stand));
        assert!(!must_draw(HandValue::of([Ten, Seven]), Soft17::Hit));
    }

    #[test]
    fn soft_17_depends_on_the_posted_rule() {
        // 08-11(10)(g): ace and six is a soft seventeen.
        let soft17 = HandValue::of([Ace, Six]);
        assert!(!must_draw(soft17, Soft17::Stand));
        assert!(must_draw(soft17, Soft17::Hit));
        assert!(!must_draw(HandValue::of([Ace, Seven]), Soft17::Hit));
        // Ace, six, ten is a hard seventeen.
        assert!(!must_draw(HandValue::of([Ace, Six, Ten]), Soft17::Hit));
    }
}
