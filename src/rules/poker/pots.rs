//! Pots: the main pot and side pots built from what each seat put in (DC 30-1604.3(y)-(z)), and
//! their award at the showdown: split on ties with the odd chip to the first live hand clockwise
//! from the button (N.D. Admin. Code 99-01.3-09-04(27)), and high-low split where a player who
//! wins one way and ties the other takes three quarters (09-04(25)).
//!
//! Antes and blinds are what a seat put in like any bet; a bet nobody called comes back to its
//! owner as a pot only that seat can win. Money is integer cents; seats are numbered clockwise.

use crate::events::Cents;

use super::eval::HandValue;
use super::low::LowValue;

/// What one seat put into the pot over the whole hand, and whether it can still win.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stake {
    /// Seat number; seats are numbered clockwise.
    pub seat: u8,
    /// Everything the seat put in: antes, blinds, bets, calls and raises, in cents.
    pub put_in: Cents,
    /// False once the hand is folded or dead (a fouled hand, 09-04(18)); its chips stay in.
    pub live: bool,
}

/// One pot: its amount and the live seats that can win it, clockwise order by seat number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pot {
    /// Cents in the pot.
    pub amount: Cents,
    /// Live seats that put in enough to contest it (DC 1604.3(z)(1)-(2)).
    pub eligible: Vec<u8>,
}

/// The main pot first, then side pots in the order they were formed. Each level is set by a live
/// seat's total; chips of folded seats feed the pots up to what they put in. When no seat is
/// live, one pot holds everything and nobody is eligible.
pub fn build_pots(stakes: &[Stake]) -> Vec<Pot> {
    let mut levels: Vec<Cents> = stakes
        .iter()
        .filter(|s| s.live && s.put_in > 0)
        .map(|s| s.put_in)
        .collect();
    levels.sort_unstable();
    levels.dedup();
    let total: Cents = stakes.iter().map(|s| s.put_in.max(0)).sum();
    if levels.is_empty() {
        return if total > 0 {
            vec![Pot {
                amount: total,
                eligible: Vec::new(),
            }]
        } else {
            Vec::new()
        };
    }
    let mut pots = Vec::with_capacity(levels.len());
    let mut below = 0;
    for (i, &level) in levels.iter().enumerate() {
        // The top pot also takes whatever a folded seat put in above every live seat.
        let cap = if i + 1 == levels.len() {
            Cents::MAX
        } else {
            level
        };
        let amount: Cents = stakes
            .iter()
            .map(|s| s.put_in.clamp(0, cap) - s.put_in.clamp(0, below))
            .sum();
        let mut eligible: Vec<u8> = stakes
            .iter()
            .filter(|s| s.live && s.put_in >= level)
            .map(|s| s.seat)
            .collect();
        eligible.sort_unstable();
        if amount > 0 {
            pots.push(Pot { amount, eligible });
        }
        below = level;
    }
    pots
}

/// A live hand at the showdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contender {
    /// Seat number.
    pub seat: u8,
    /// The hand's high value.
    pub high: HandValue,
    /// Its ace-to-five low, when the game splits high-low and the hand qualifies for low.
    pub low: Option<LowValue>,
}

/// How pots are divided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Split {
    /// The best high hand wins (hold'em).
    High,
    /// Half to the best high hand, half to the best qualifying low; the whole pot to high when no
    /// hand has a low. The odd chip of that split goes to the high half (09-04(27) does not apply
    /// between high and low).
    HighLow,
}

/// Seats in the order 09-04(27) gives odd chips: clockwise, starting at the first seat to the
/// left of the button.
fn clockwise_key(seat: u8, button: u8) -> u8 {
    seat.wrapping_sub(button).wrapping_sub(1)
}

/// Divides `amount` among `winners` in units of `unit` cents (the smallest chip in the pot): equal
/// shares, and each chip left over to the next winner clockwise from the button (09-04(27): the
/// odd chip to the first live hand clockwise from the button; "as evenly as possible").
fn share(amount: Cents, winners: &mut [u8], button: u8, unit: Cents, out: &mut Vec<(u8, Cents)>) {
    if winners.is_empty() || amount == 0 {
        return;
    }
    winners.sort_by_key(|&s| clockwise_key(s, button));
    let n = winners.len() as Cents;
    let unit = unit.max(1);
    let units = amount / unit;
    let cents_left = amount - units * unit;
    let each = units / n;
    let odd = units % n;
    for (i, &seat) in winners.iter().enumerate() {
        let mut got = each * unit;
        if (i as Cents) < odd {
            got += unit;
        }
        if i == 0 {
            // Less than one chip: nobody can be given part of it; it goes with the odd chip.
            got += cents_left;
        }
        out.push((seat, got));
    }
}

/// Awards every pot. `contenders` are the live hands shown down; a pot with a single eligible
/// seat goes to it whether or not its hand was shown. Returns what each seat receives, one entry
/// per seat that receives anything, in seat order. A pot no contender can win (every eligible
/// seat's hand dead) is left out: it stays for the next hand (Morehead 16).
///
/// Side pots that go to the same winners are divided together, which splits them "as evenly as
/// possible" (09-04(27)): two pots of 15 and 51 cents tied between the same two seats give 33
/// each, not 8 + 26 to one and 7 + 25 to the other.
pub fn award(
    pots: &[Pot],
    contenders: &[Contender],
    split: Split,
    button: u8,
    unit: Cents,
) -> Vec<(u8, Cents)> {
    // (amount, high winners, low winners) per pot, merged when the winners repeat.
    let mut shares: Vec<(Cents, Vec<u8>, Vec<u8>)> = Vec::new();
    for pot in pots {
        let (high, low) = if pot.eligible.len() == 1 {
            (pot.eligible.clone(), Vec::new())
        } else {
            let live: Vec<&Contender> = contenders
                .iter()
                .filter(|c| pot.eligible.contains(&c.seat))
                .collect();
            let Some(best_high) = live.iter().map(|c| c.high).max() else {
                continue;
            };
            let high: Vec<u8> = live
                .iter()
                .filter(|c| c.high == best_high)
                .map(|c| c.seat)
                .collect();
            let low: Vec<u8> = match split {
                Split::High => Vec::new(),
                Split::HighLow => match live.iter().filter_map(|c| c.low).max() {
                    Some(bl) => live
                        .iter()
                        .filter(|c| c.low == Some(bl))
                        .map(|c| c.seat)
                        .collect(),
                    None => Vec::new(),
                },
            };
            (high, low)
        };
        match shares.last_mut() {
            Some(last) if last.1 == high && last.2 == low => last.0 += pot.amount,
            _ => shares.push((pot.amount, high, low)),
        }
    }
    let mut got: Vec<(u8, Cents)> = Vec::new();
    for (amount, mut high, mut low) in shares {
        if low.is_empty() {
            share(amount, &mut high, button, unit, &mut got);
        } else {
            let u = unit.max(1);
            let low_half = amount / u / 2 * u;
            share(amount - low_half, &mut high, button, unit, &mut got);
            share(low_half, &mut low, button, unit, &mut got);
        }
    }
    let mut by_seat: Vec<(u8, Cents)> = Vec::new();
    got.sort_unstable_by_key(|g| g.0);
    for (seat, c) in got {
        match by_seat.last_mut() {
            Some(last) if last.0 == seat => last.1 += c,
            _ => by_seat.push((seat, c)),
        }
    }
    by_seat.retain(|g| g.1 != 0);
    by_seat
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Card;
    use crate::rules::poker::{evaluate, low_value};

    fn stake(seat: u8, put_in: Cents, live: bool) -> Stake {
        Stake { seat, put_in, live }
    }

    fn hand(seat: u8, s: &str) -> Contender {
        let cards: Vec<Card> = s.split_whitespace().map(|c| c.parse().unwrap()).collect();
        Contender {
            seat,
            high: evaluate(&cards).unwrap(),
            low: low_value(&cards).filter(|l| l.qualifies(8)),
        }
    }

    #[test]
    fn side_pots_from_all_ins() {
        // DC 30-1604.3(z): seat 1 all in for 100, seat 2 all in for 300, seat 3 covers; seat 4
        // folded after putting in 50.
        let pots = build_pots(&[
            stake(1, 100, true),
            stake(2, 300, true),
            stake(3, 300, true),
            stake(4, 50, false),
        ]);
        assert_eq!(
            pots,
            vec![
                Pot {
                    amount: 350,
                    eligible: vec![1, 2, 3]
                },
                Pot {
                    amount: 400,
                    eligible: vec![2, 3]
                },
            ]
        );
    }

    #[test]
    fn an_uncalled_bet_is_a_pot_of_its_own() {
        let pots = build_pots(&[stake(1, 200, true), stake(2, 500, true)]);
        assert_eq!(
            pots[1],
            Pot {
                amount: 300,
                eligible: vec![2]
            }
        );
        let won = award(
            &pots,
            &[hand(1, "Ac Ad 2c 7h 9s"), hand(2, "Kc Kd 2d 7c 9h")],
            Split::High,
            1,
            1,
        );
        assert_eq!(won, vec![(1, 400), (2, 300)]);
    }

    #[test]
    fn the_all_in_seat_wins_only_the_main_pot() {
        let pots = build_pots(&[
            stake(1, 100, true),
            stake(2, 300, true),
            stake(3, 300, true),
        ]);
        let won = award(
            &pots,
            &[
                hand(1, "Ac Ad Ah 7h 9s"),
                hand(2, "Kc Kd 2d 7c 9h"),
                hand(3, "Qc Qd 2h 7d 9c"),
            ],
            Split::High,
            3,
            1,
        );
        assert_eq!(won, vec![(1, 300), (2, 400)]);
    }

    #[test]
    fn the_odd_chip_goes_clockwise_from_the_button() {
        // 09-04(27): a 301-cent pot split two ways; the button is seat 5, so seat 7 (first live
        // hand clockwise from it) gets the odd chip rather than seat 2.
        let pots = vec![Pot {
            amount: 301,
            eligible: vec![2, 7],
        }];
        let tie = [hand(2, "Ac Kd 9h 4s 2c"), hand(7, "Ad Kh 9s 4c 2d")];
        assert_eq!(
            award(&pots, &tie, Split::High, 5, 1),
            vec![(2, 150), (7, 151)]
        );
        assert_eq!(
            award(&pots, &tie, Split::High, 8, 1),
            vec![(2, 151), (7, 150)]
        );
        // Three ways with two odd $1 chips: one each to the first two clockwise from the button.
        let pots = vec![Pot {
            amount: 1100,
            eligible: vec![1, 3, 6],
        }];
        let tie3 = [tie[0], tie[1], hand(3, "Ah Ks 9d 4h 2h")];
        let tie3 = [
            Contender { seat: 1, ..tie3[0] },
            Contender { seat: 3, ..tie3[2] },
            Contender { seat: 6, ..tie3[1] },
        ];
        assert_eq!(
            award(&pots, &tie3, Split::High, 3, 100),
            vec![(1, 400), (3, 300), (6, 400)]
        );
    }

    #[test]
    fn pots_tied_between_the_same_seats_are_split_together() {
        // Seat 3, all in for 6, loses; seats 1 and 8 tie for the main pot (27) and the side pot
        // (79), both odd. Split one by one, seat 8 (first clockwise from the button) would take
        // both odd chips, 54 to 52; split together, 53 each (09-04(27): as evenly as possible).
        let pots = build_pots(&[
            stake(3, 6, true),
            stake(1, 38, true),
            stake(8, 38, true),
            stake(4, 3, false),
            stake(6, 21, false),
        ]);
        assert_eq!(
            pots.iter().map(|p| p.amount).collect::<Vec<_>>(),
            vec![27, 79]
        );
        let hands = [
            hand(3, "2c 3d 4h 9s Jc"),
            hand(1, "Ac Kd 9h 4s 2c"),
            hand(8, "Ad Kh 9s 4c 2d"),
        ];
        assert_eq!(
            award(&pots, &hands, Split::High, 5, 1),
            vec![(1, 53), (8, 53)]
        );
    }

    #[test]
    fn high_low_split_and_the_three_quarter_rule() {
        // 09-04(25): seat 1 has the best high and ties seat 2 for low: three quarters to seat 1.
        let pots = vec![Pot {
            amount: 400,
            eligible: vec![1, 2, 3],
        }];
        let hands = [
            hand(1, "5c 4c 3c 2c Ac"),
            hand(2, "5d 4h 3d 2d Ad"),
            hand(3, "Kc Kd Kh 9s 9c"),
        ];
        assert_eq!(
            award(&pots, &hands, Split::HighLow, 3, 1),
            vec![(1, 300), (2, 100)]
        );
        // No qualifying low: the high hand scoops.
        let no_low = [hand(1, "Kc Qd Jh 9s 8c"), hand(3, "Kd Kh 2c 9c 9d")];
        assert_eq!(award(&pots, &no_low, Split::HighLow, 3, 1), vec![(3, 400)]);
    }

    #[test]
    fn when_every_hand_is_dead_the_pot_stays() {
        let pots = build_pots(&[stake(1, 100, false), stake(2, 100, false)]);
        assert_eq!(
            pots,
            vec![Pot {
                amount: 200,
                eligible: vec![]
            }]
        );
        assert!(award(&pots, &[], Split::High, 1, 1).is_empty());
    }
}
