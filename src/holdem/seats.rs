//! Seats around a poker table: numbered clockwise, so "to the left" is the next higher number,
//! wrapping round after the highest.

/// The first of `seats` clockwise after `after` (not `after` itself unless it is the only one).
pub fn next_after(seats: &[u8], after: u8) -> Option<u8> {
    seats
        .iter()
        .copied()
        .filter(|&s| s > after)
        .min()
        .or_else(|| seats.iter().copied().min())
}

/// `seats` in clockwise order starting with the first seat after `after`.
pub fn clockwise_from(seats: &[u8], after: u8) -> Vec<u8> {
    let mut v: Vec<u8> = seats.to_vec();
    v.sort_unstable_by_key(|&s| s.wrapping_sub(after).wrapping_sub(1));
    v.dedup();
    v
}

/// Seat numbers as a reviewer reads them: "3, 5, 1".
pub fn list(seats: &[u8]) -> String {
    if seats.is_empty() {
        return "none".into();
    }
    seats
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clockwise_wraps_round_the_table() {
        assert_eq!(next_after(&[1, 4, 7], 4), Some(7));
        assert_eq!(next_after(&[1, 4, 7], 7), Some(1));
        assert_eq!(next_after(&[1, 4, 7], 9), Some(1));
        assert_eq!(next_after(&[], 3), None);
        assert_eq!(clockwise_from(&[1, 4, 7, 9], 7), vec![9, 1, 4, 7]);
        assert_eq!(list(&[9, 1]), "9, 1");
    }
}
