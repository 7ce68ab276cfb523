//! High-hand evaluation for five, six and seven cards: the best five, ranked as N.D. Admin. Code
//! 99-01.3-09-04(1) and DC 30-1604.3(v) rank them, ties broken by kickers (09-04(25),
//! 1604.3(v)(2)).
//!
//! A hand's strength is a [`HandValue`], 1 (seven-five high) to 7,462 (a royal flush): one number
//! per distinct five-card class, so comparing two hands is comparing two integers.
//!
//! How it is fast: each card has a 64-bit key whose low 32 bits are `5^rank` and whose high bits
//! count suits, four bits a suit starting at 3. Adding a hand's keys gives the rank multiset as a
//! base-5 number and, in bit 3 of a suit's nibble, whether five or more cards share that suit. The
//! base-5 number is mapped to its value through a hash-and-displace perfect hash (a multiply,
//! a 32,768-bucket displacement table and a 131,072-slot table of two-byte values: 384 KB in
//! all), and a flush through a table indexed by the suit's 13-bit rank mask.
//! Both tables are built once, on first use, from [`classify5`], a plain reading of the rules that
//! the tests check against all 2,598,960 five-card hands.

use std::cmp::Ordering;
use std::fmt;
use std::sync::OnceLock;

use crate::rules::cards::{Card, Rank};

/// Hand categories from worst to best (N.D. Admin. Code 99-01.3-09-04(1)(a)-(j), read upward).
/// A royal flush is the best straight flush; [`HandValue::is_royal_flush`] tells it apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// No pair, no straight, no flush (09-04(1)(j)).
    HighCard,
    /// Two cards of one rank (09-04(1)(i)).
    Pair,
    /// Two cards of one rank and two of another (09-04(1)(h)).
    TwoPair,
    /// Three cards of one rank (09-04(1)(g)).
    Trips,
    /// Five ranks in sequence; the ace may play low (09-04(1)(f)).
    Straight,
    /// Five cards of one suit (09-04(1)(e)).
    Flush,
    /// Three of one rank and two of another (09-04(1)(d)).
    FullHouse,
    /// Four cards of one rank (09-04(1)(c)).
    Quads,
    /// Five cards of one suit in sequence, the royal flush included (09-04(1)(a)-(b)).
    StraightFlush,
}

impl Category {
    /// All nine categories, worst first.
    pub const ALL: [Category; 9] = [
        Category::HighCard,
        Category::Pair,
        Category::TwoPair,
        Category::Trips,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::Quads,
        Category::StraightFlush,
    ];

    /// The category's name in reports (`snake_case`).
    pub fn as_str(self) -> &'static str {
        match self {
            Category::HighCard => "high_card",
            Category::Pair => "pair",
            Category::TwoPair => "two_pair",
            Category::Trips => "three_of_a_kind",
            Category::Straight => "straight",
            Category::Flush => "flush",
            Category::FullHouse => "full_house",
            Category::Quads => "four_of_a_kind",
            Category::StraightFlush => "straight_flush",
        }
    }

    /// How many distinct five-card classes the category has (they sum to 7,462).
    pub const fn classes(self) -> u16 {
        match self {
            Category::HighCard => 1277,
            Category::Pair => 2860,
            Category::TwoPair => 858,
            Category::Trips => 858,
            Category::Straight => 10,
            Category::Flush => 1277,
            Category::FullHouse => 156,
            Category::Quads => 156,
            Category::StraightFlush => 10,
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Number of distinct five-card hand classes.
pub const CLASSES: u16 = 7462;

/// A hand's strength: 1 (the worst high card, 7-5-4-3-2) to 7,462 (a royal flush). A larger
/// value beats a smaller one; equal values tie, whatever the suits (09-04(25)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandValue(pub u16);

impl HandValue {
    /// The hand's category.
    pub fn category(self) -> Category {
        let mut top = 0u16;
        for c in Category::ALL {
            top += c.classes();
            if self.0 <= top {
                return c;
            }
        }
        Category::StraightFlush
    }

    /// True for the ace-high straight flush (09-04(1)(a)).
    pub fn is_royal_flush(self) -> bool {
        self.0 == CLASSES
    }
}

impl fmt::Display for HandValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_royal_flush() {
            f.write_str("royal_flush")
        } else {
            f.write_str(self.category().as_str())
        }
    }
}

/// The poker rank index of a card: 0 for a deuce up to 12 for an ace (09-04(1): ace ranks high).
pub fn rank_index(r: Rank) -> usize {
    (r as usize + 11) % 13
}

/// A five-card hand read straight from the rules: its category and the ranks that break ties,
/// most significant first (0 = deuce .. 12 = ace; a five-high straight reads as five high).
/// `ranks` are rank indices; `flush` says whether all five share a suit.
pub fn classify5(ranks: [u8; 5], flush: bool) -> (Category, [u8; 5]) {
    let mut counts = [0u8; 13];
    for &r in &ranks {
        counts[r as usize] += 1;
    }
    // Ranks ordered by (count, rank), both descending: the tie-break order for every category.
    let mut order: Vec<(u8, u8)> = (0..13u8)
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    order.sort_by(|a, b| b.cmp(a));
    let mut tie = [0u8; 5];
    let mut i = 0;
    for &(n, r) in &order {
        for _ in 0..n {
            tie[i] = r;
            i += 1;
        }
    }
    let distinct = order.len();
    let straight_top = if distinct == 5 {
        let hi = order[0].1;
        let lo = order[4].1;
        if hi - lo == 4 {
            Some(hi)
        } else if hi == 12 && order[1].1 == 3 {
            // A-2-3-4-5: the ace plays low, the straight is five high (09-04(1)(f)).
            Some(3)
        } else {
            None
        }
    } else {
        None
    };
    let cat = match (straight_top, flush) {
        (Some(top), true) => {
            tie = [top, 0, 0, 0, 0];
            Category::StraightFlush
        }
        (Some(top), false) => {
            tie = [top, 0, 0, 0, 0];
            Category::Straight
        }
        (None, true) => Category::Flush,
        (None, false) => match (order[0].0, order.get(1).map_or(0, |o| o.0)) {
            (4, _) => Category::Quads,
            (3, 2) => Category::FullHouse,
            (3, _) => Category::Trips,
            (2, 2) => Category::TwoPair,
            (2, _) => Category::Pair,
            _ => Category::HighCard,
        },
    };
    (cat, tie)
}

/// The evaluator's tables, built once.
struct Tables {
    /// Per dense card index (see [`Card::index`]): `5^rank | 1 << (32 + 4 * suit)`.
    key: [u64; 52],
    /// Per dense card index: the card's rank bit in its suit's 16-bit lane.
    lane: [u64; 52],
    /// The perfect hash's multiplier (see [`slot_of`]).
    mul: u64,
    /// Per bucket, the displacement XORed into its keys' slots.
    disp: Box<[u32]>,
    /// Values of rank multisets of 5 to 7 cards with no flush, by slot.
    by_ranks: Box<[u16]>,
    /// Values of flushes (and straight flushes) by the suit's 13-bit rank mask.
    flush: Box<[u16; 8192]>,
}

/// Buckets of the perfect hash: 2^15 for about 76,000 rank multisets.
const BUCKET_BITS: u32 = 15;
/// Slots of the perfect hash: 2^17, a little over half full.
const SLOT_BITS: u32 = 17;
const SLOT_MASK: u32 = (1 << SLOT_BITS) - 1;

/// The bucket and the undisplaced slot of a rank key under multiplier `mul`.
#[inline(always)]
fn slot_of(ranks: u64, mul: u64) -> (usize, u32) {
    let h = ranks.wrapping_mul(mul);
    (
        (h >> (64 - BUCKET_BITS)) as usize,
        (h >> 20) as u32 & SLOT_MASK,
    )
}

/// Suit counters start at 3 so that bit 3 of a nibble is set at five cards of the suit.
const SUIT_BASE: u64 = 0x3333 << 32;
const FLUSH_BITS: u64 = 0x8888 << 32;

fn pow5(r: usize) -> u64 {
    5u64.pow(r as u32)
}

/// All multisets of ranks of size `n` with at most four of a rank, as 13 counts.
fn multisets(n: u8) -> Vec<[u8; 13]> {
    fn go(r: usize, left: u8, cur: &mut [u8; 13], out: &mut Vec<[u8; 13]>) {
        if r == 13 {
            if left == 0 {
                out.push(*cur);
            }
            return;
        }
        for c in 0..=left.min(4) {
            cur[r] = c;
            go(r + 1, left - c, cur, out);
        }
        cur[r] = 0;
    }
    let mut out = Vec::new();
    go(0, n, &mut [0; 13], &mut out);
    out
}

/// Best five-card (category, tie-break) over all 5-subsets of a rank list.
fn best_of(ranks: &[u8], flush: bool) -> (Category, [u8; 5]) {
    let n = ranks.len();
    let mut best: Option<(Category, [u8; 5])> = None;
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let k =
                            classify5([ranks[a], ranks[b], ranks[c], ranks[d], ranks[e]], flush);
                        if best.is_none_or(|b| k > b) {
                            best = Some(k);
                        }
                    }
                }
            }
        }
    }
    best.expect("at least five cards")
}

fn build() -> Tables {
    // Every five-card class in order, worst first: its position is its value.
    let mut classes: Vec<(Category, [u8; 5])> = Vec::with_capacity(7462 + 1287);
    for m in multisets(5) {
        let ranks = expand(&m);
        classes.push(classify5(ranks[..].try_into().expect("five"), false));
        if m.iter().all(|&c| c <= 1) {
            classes.push(classify5(ranks[..].try_into().expect("five"), true));
        }
    }
    classes.sort();
    classes.dedup();
    debug_assert_eq!(classes.len(), CLASSES as usize);
    let value = |k: &(Category, [u8; 5])| -> u16 {
        classes.binary_search(k).expect("every class is listed") as u16 + 1
    };

    // Rank multisets of 5, 6 and 7 cards (no flush) keyed by their base-5 number.
    let mut entries: Vec<(u64, u16)> = Vec::with_capacity(76_000);
    for n in 5..=7 {
        for m in multisets(n) {
            let key: u64 = (0..13).map(|r| u64::from(m[r]) * pow5(r)).sum();
            entries.push((key, value(&best_of(&expand(&m), false))));
        }
    }
    let (mul, disp, by_ranks) = displace(&entries);

    let mut flush = Box::new([0u16; 8192]);
    for (mask, slot) in flush.iter_mut().enumerate() {
        if (mask as u32).count_ones() >= 5 {
            let ranks: Vec<u8> = (0..13u8).filter(|r| mask & (1 << r) != 0).collect();
            *slot = value(&best_of(&ranks, true));
        }
    }

    let mut key = [0u64; 52];
    let mut lane = [0u64; 52];
    for i in 0..52 {
        let c = Card::from_index(i).expect("52 cards");
        let r = rank_index(c.rank);
        let s = c.suit as u64;
        key[i] = pow5(r) | 1 << (32 + 4 * s);
        lane[i] = 1 << (16 * s + r as u64);
    }
    Tables {
        key,
        lane,
        mul,
        disp,
        by_ranks,
        flush,
    }
}

fn expand(m: &[u8; 13]) -> Vec<u8> {
    (0..13u8)
        .flat_map(|r| std::iter::repeat_n(r, m[r as usize] as usize))
        .collect()
}

/// Builds the perfect hash (hash and displace): keys are hashed by a multiply into buckets,
/// and each bucket, fullest first, gets the smallest displacement that XORed into its keys'
/// slots puts every one on a free slot. A multiplier under which two keys of a bucket share a
/// slot is replaced by the next one tried.
fn displace(entries: &[(u64, u16)]) -> (u64, Box<[u32]>, Box<[u16]>) {
    let mut mul: u64 = 0x9e37_79b9_7f4a_7c15;
    'multiplier: loop {
        let mut buckets: Vec<Vec<(u32, u16)>> = vec![Vec::new(); 1 << BUCKET_BITS];
        for &(k, v) in entries {
            let (b, slot) = slot_of(k, mul);
            buckets[b].push((slot, v));
        }
        for b in &mut buckets {
            b.sort_unstable();
            if b.windows(2).any(|w| w[0].0 == w[1].0) {
                mul = mul.wrapping_add(0x2545_f491_4f6c_dd1d) | 1;
                continue 'multiplier;
            }
        }
        let mut order: Vec<usize> = (0..buckets.len()).collect();
        order.sort_by_key(|&b| std::cmp::Reverse(buckets[b].len()));
        let mut taken = vec![false; 1 << SLOT_BITS];
        let mut table = vec![0u16; 1 << SLOT_BITS];
        let mut disp = vec![0u32; 1 << BUCKET_BITS];
        for b in order {
            let keys = &buckets[b];
            if keys.is_empty() {
                break;
            }
            let Some(d) = (0..=SLOT_MASK).find(|&d| {
                keys.iter()
                    .all(|k| !taken[((k.0 ^ d) & SLOT_MASK) as usize])
            }) else {
                mul = mul.wrapping_add(0x2545_f491_4f6c_dd1d) | 1;
                continue 'multiplier;
            };
            for &(slot, v) in keys {
                let at = ((slot ^ d) & SLOT_MASK) as usize;
                taken[at] = true;
                table[at] = v;
            }
            disp[b] = d;
        }
        return (mul, disp.into_boxed_slice(), table.into_boxed_slice());
    }
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build)
}

/// Five to seven cards summed into one value; cheap to copy and to add a card to. Build it with
/// [`Evaluator::hand`] or [`Evaluator::add`], read it with [`Evaluator::value`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hand {
    key: u64,
    lanes: u64,
}

impl Hand {
    /// A hand with no cards.
    pub const EMPTY: Hand = Hand {
        key: SUIT_BASE,
        lanes: 0,
    };
}

/// A handle on the evaluator's tables; copying it is free. Evaluation is a few additions and
/// two table reads.
#[derive(Clone, Copy)]
pub struct Evaluator {
    t: &'static Tables,
}

impl fmt::Debug for Evaluator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Evaluator")
            .field("rank_slots", &self.t.by_ranks.len())
            .finish()
    }
}

impl Default for Evaluator {
    fn default() -> Self {
        Evaluator::new()
    }
}

impl Evaluator {
    /// The evaluator; the first call builds its tables (about a tenth of a second optimised).
    pub fn new() -> Evaluator {
        Evaluator { t: tables() }
    }

    /// Adds a card to a hand. Adding the same card twice is the caller's mistake and is not
    /// detected here.
    #[inline(always)]
    pub fn add(self, h: Hand, c: Card) -> Hand {
        self.add_index(h, c.index())
    }

    /// Adds a card given by its dense index (see [`Card::index`]); `i` must be below 52.
    #[inline(always)]
    pub fn add_index(self, h: Hand, i: usize) -> Hand {
        Hand {
            key: h.key + self.t.key[i],
            lanes: h.lanes | self.t.lane[i],
        }
    }

    /// The hand of these cards.
    pub fn hand(self, cards: &[Card]) -> Hand {
        cards.iter().fold(Hand::EMPTY, |h, &c| self.add(h, c))
    }

    /// The value of a hand of five, six or seven distinct cards. For any other hand the value
    /// means nothing (it may be 0), but reading it never fails.
    #[inline(always)]
    pub fn value(self, h: Hand) -> HandValue {
        let flush = h.key & FLUSH_BITS;
        if flush != 0 {
            let suit = (flush.trailing_zeros() - 35) / 4;
            let mask = (h.lanes >> (16 * suit)) & 0x1fff;
            return HandValue(self.t.flush[mask as usize]);
        }
        let (bucket, slot) = slot_of(h.key & 0xffff_ffff, self.t.mul);
        let d = self.t.disp.get(bucket).copied().unwrap_or(0);
        HandValue(
            self.t
                .by_ranks
                .get(((slot ^ d) & SLOT_MASK) as usize)
                .copied()
                .unwrap_or(0),
        )
    }

    /// The best five-card value of five, six or seven cards.
    pub fn evaluate(self, cards: &[Card]) -> Result<HandValue, HandSizeError> {
        if !(5..=7).contains(&cards.len()) {
            return Err(HandSizeError(cards.len()));
        }
        Ok(self.value(self.hand(cards)))
    }

    /// Slots in the rank table (for the model card and benchmarks).
    pub fn table_len(self) -> usize {
        self.t.by_ranks.len()
    }
}

/// A hand of a size the evaluator does not read (it reads five to seven cards).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a poker hand is five to seven cards, not {0}")]
pub struct HandSizeError(pub usize);

/// The best five-card value of five, six or seven cards.
pub fn evaluate(cards: &[Card]) -> Result<HandValue, HandSizeError> {
    Evaluator::new().evaluate(cards)
}

/// Compares two hands of five to seven cards: `Greater` when `a` wins.
pub fn compare(a: &[Card], b: &[Card]) -> Result<Ordering, HandSizeError> {
    Ok(evaluate(a)?.cmp(&evaluate(b)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    fn val(s: &str) -> HandValue {
        evaluate(&cards(s)).unwrap()
    }

    #[test]
    fn categories_in_the_order_of_09_04_1() {
        let ladder = [
            ("As Ks Qs Js 10s", "royal_flush"),
            ("9h 8h 7h 6h 5h", "straight_flush"),
            ("7c 7d 7h 7s 2c", "four_of_a_kind"),
            ("3c 3d 3h 9s 9c", "full_house"),
            ("Ad 9d 7d 4d 2d", "flush"),
            ("Ac 2d 3h 4s 5c", "straight"),
            ("Qc Qd Qh 9s 2c", "three_of_a_kind"),
            ("Jc Jd 4h 4s Ac", "two_pair"),
            ("10c 10d 8h 4s 2c", "pair"),
            ("Ac Kd 9h 4s 2c", "high_card"),
        ];
        for w in ladder.windows(2) {
            assert!(val(w[0].0) > val(w[1].0), "{} beats {}", w[0].0, w[1].0);
        }
        for (h, name) in ladder {
            assert_eq!(val(h).to_string(), name, "{h}");
        }
        assert_eq!(val("7c 5d 4h 3s 2c"), HandValue(1));
        assert_eq!(val("As Ks Qs Js 10s"), HandValue(CLASSES));
    }

    #[test]
    fn the_wheel_is_the_lowest_straight() {
        // 09-04(1)(f): an ace may be low in a five-high straight, and only there.
        assert!(val("Ac 2d 3h 4s 5c") < val("2c 3d 4h 5s 6c"));
        assert_eq!(val("Ah 2h 3h 4h 5h").category(), Category::StraightFlush);
        assert_eq!(val("Qc Kd Ah 2s 3c").category(), Category::HighCard);
    }

    #[test]
    fn kickers_break_ties_and_suits_do_not() {
        // 09-04(25); DC 30-1604.3(v)(2)(A)-(B).
        assert!(val("Ac Ad Kh 9s 3c") > val("Ah As Qh Js 10c"));
        assert!(val("Kc Kd 5h 5s 9c") > val("Kh Ks 5c 5d 8c"));
        assert_eq!(val("Ac Kd 9h 4s 2c"), val("Ad Kh 9s 4c 2d"));
        assert!(val("3c 3d 3h As Ac") < val("4c 4d 4h 2s 2c"));
    }

    #[test]
    fn seven_cards_play_the_best_five() {
        assert_eq!(val("As Ks 2d 7c Qs Js 10s").to_string(), "royal_flush");
        assert_eq!(val("2c 2d 2h 3s 3c 3d 9h").category(), Category::FullHouse);
        assert_eq!(
            val("2c 2d 2h 3s 3c 3d 9h"),
            val("3s 3c 3d 2c 2d 4h 5h"),
            "threes full of deuces both"
        );
        // Six to the flush: the best five of the suit.
        assert_eq!(val("Ah 9h 7h 5h 3h 2h Kc"), val("Ah 9h 7h 5h 3h"));
        // Three pair: the third pair's rank can be the kicker.
        assert_eq!(val("Ac Ad Kc Kd Qc Qd 2h"), val("Ac Ad Kc Kd Qc"));
    }

    #[test]
    fn hands_of_other_sizes_read_without_failing() {
        let ev = Evaluator::new();
        let mut h = Hand::EMPTY;
        for i in 0..52 {
            let _ = ev.value(h);
            h = ev.add_index(h, i);
        }
        let _ = ev.value(h);
    }

    #[test]
    fn wrong_sizes_are_errors() {
        assert_eq!(evaluate(&cards("Ac Kd 9h 4s")), Err(HandSizeError(4)));
        assert!(evaluate(&cards("Ac Kd 9h 4s 2c 3c 5c 6c")).is_err());
    }

    /// Every one of the 2,598,960 five-card hands: category counts and 7,462 distinct values.
    #[test]
    fn all_five_card_hands() {
        let ev = Evaluator::new();
        let mut counts = [0u32; 9];
        let mut seen = vec![false; CLASSES as usize + 1];
        for a in 0..52 {
            let ha = ev.add_index(Hand::EMPTY, a);
            for b in a + 1..52 {
                let hb = ev.add_index(ha, b);
                for c in b + 1..52 {
                    let hc = ev.add_index(hb, c);
                    for d in c + 1..52 {
                        let hd = ev.add_index(hc, d);
                        for e in d + 1..52 {
                            let v = ev.value(ev.add_index(hd, e));
                            counts[v.category() as usize] += 1;
                            seen[v.0 as usize] = true;
                        }
                    }
                }
            }
        }
        assert_eq!(
            counts,
            [
                1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40
            ]
        );
        assert!(!seen[0]);
        assert_eq!(seen.iter().filter(|&&s| s).count(), 7462);
    }

    /// Every one of the 133,784,560 seven-card hands, by category. Slow without optimisation:
    /// CI runs it in release mode (`scripts/test.sh`).
    #[test]
    #[ignore = "exhaustive; run in release mode: cargo test --profile exhaustive --lib -- --ignored"]
    fn all_seven_card_hands() {
        let ev = Evaluator::new();
        let mut counts = [0u64; 9];
        let mut by_value = vec![0u64; CLASSES as usize + 1];
        for a in 0..52 {
            let ha = ev.add_index(Hand::EMPTY, a);
            for b in a + 1..52 {
                let hb = ev.add_index(ha, b);
                for c in b + 1..52 {
                    let hc = ev.add_index(hb, c);
                    for d in c + 1..52 {
                        let hd = ev.add_index(hc, d);
                        for e in d + 1..52 {
                            let he = ev.add_index(hd, e);
                            for f in e + 1..52 {
                                let hf = ev.add_index(he, f);
                                for g in f + 1..52 {
                                    by_value[ev.value(ev.add_index(hf, g)).0 as usize] += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        for (v, &n) in by_value.iter().enumerate().skip(1) {
            counts[HandValue(v as u16).category() as usize] += n;
        }
        assert_eq!(by_value[0], 0);
        assert_eq!(counts.iter().sum::<u64>(), 133_784_560);
        assert_eq!(
            counts,
            [
                23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
                224_848, 41_584
            ]
        );
        // Seven cards can make 4,824 of the 7,462 classes: no seven cards play 7-5-4-3-2 and
        // the like, whose other two cards would always pair or improve them.
        assert_eq!(by_value.iter().filter(|&&n| n > 0).count(), 4824);
    }

    /// Six- and seven-card hands against the best of their five-card subsets, read by
    /// [`classify5`] one by one.
    #[test]
    fn matches_the_best_five_of_random_hands() {
        let ev = Evaluator::new();
        let mut rng = crate::sim::rng::Rng::new(99);
        for _ in 0..20_000 {
            let mut deck: Vec<usize> = (0..52).collect();
            let n = 6 + rng.below(2) as usize;
            for i in 0..n {
                let j = i + rng.below((52 - i) as u64) as usize;
                deck.swap(i, j);
            }
            let hand: Vec<Card> = deck[..n]
                .iter()
                .map(|&i| Card::from_index(i).unwrap())
                .collect();
            let mut best = HandValue(0);
            for skip in 0..n * n {
                let (x, y) = (skip / n, skip % n);
                if n == 7 && x >= y || n == 6 && x != y {
                    continue;
                }
                let five: Vec<Card> = (0..n)
                    .filter(|&k| k != x && k != y)
                    .map(|k| hand[k])
                    .collect();
                best = best.max(ev.evaluate(&five).unwrap());
            }
            assert_eq!(ev.evaluate(&hand).unwrap(), best, "{hand:?}");
        }
    }
}
