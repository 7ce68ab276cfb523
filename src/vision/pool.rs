//! Readings of one card pooled from look to look. The reader reads a card afresh whenever its
//! part of the picture changed (a hand passing over it, the card squared up); a suit mark a
//! few pixels across may read now as spades, now as clubs. Each look's reading of a face-up
//! card is pooled with the readings of the card found where it lies in the look before, so
//! that the card reads as most of its readings say rather than as the last one did.
//!
//! Pure: it sees only what the recognizer found, in picture pixels.

use std::sync::Arc;

use super::pitnet::Seen;
use super::reader::log_sum_exp;
use super::yolo::Identity;
use crate::rules::cards::Card;

/// How far a card's centre may lie from where one was read in the look before, in its half
/// widths, for the two readings to be pooled as readings of one card: the centre read from an
/// index seems to move a few pixels between looks as a hand covers part of the card. A card
/// dealt beside it lies further off (a hit card a quarter of a card over at the least).
pub const POOL_NEAR: f64 = 0.5;
/// Weight of the pooled earlier readings of a card against a new one: the pool remembers
/// about five reads, so an old misreading fades.
pub const POOL_KEEP: f32 = 0.8;
/// Looks in a row a card may go unfound (no card found within a share [`POOL_SAME`] of a half
/// width of where it lay) and its pool still be kept there: a card covered a moment, by the
/// dealer's hand or by a card flying over it, pools with its own readings when found again,
/// not with the reading of what covered it (held-out shift seed 81 at 87.9 s: space 3's 6h, flying from the shoe over
/// space 2's 8d, found 7 pixels off the 8d's centre as the 8d went unfound; the 8d, read
/// again half surely with the 6h second, pooled with the 6h's reading and was read as a 6h
/// for good: a card dealt twice and seven 6h since the shuffle, two findings not there).
pub const POOL_CARRY: u32 = 5;
/// How near a card's centre a card found lies, as a share of its half width, to be that card
/// found again: its pool is then carried on by the new reading, not kept beside it.
pub const POOL_SAME: f64 = 0.15;

/// A face-up card of the last look and its readings: as read then (both indices and both
/// views of the reader together), and pooled with the readings of the looks before.
#[derive(Debug, Clone)]
pub struct Pooled {
    /// The card's centre, pixels.
    pub centre: [f64; 2],
    /// The log-probabilities of the 52 faces as read in that look.
    pub raw: Arc<[f32]>,
    /// The same, pooled with the earlier looks' ([`pool`]).
    pub joint: Arc<[f32]>,
    /// Looks since a card was found there (0: in that look); kept while under [`POOL_CARRY`].
    pub unseen: u32,
}

/// Pools two readings of one card, each the log-probabilities of the 52 faces in
/// [`Card::from_index`] order: the earlier (itself maybe a pool) weighted [`POOL_KEEP`], the
/// new one in full, made a distribution again. Only readings that weigh the same faces pool:
/// one of the two likeliest faces of each must be among the two likeliest of the other, as when
/// a jack of spades reads now as spades, now as clubs. A reading of another card (a card taken
/// and another put in its place) gives None: it starts afresh.
pub fn pool(old: &[f32], new: &[f32]) -> Option<Arc<[f32]>> {
    if old.len() != new.len() || old.len() < 2 {
        return None;
    }
    let (a, b) = (top_two(old), top_two(new));
    if !a.iter().any(|i| b.contains(i)) {
        return None;
    }
    let joint: Vec<f32> = old
        .iter()
        .zip(new)
        .map(|(&o, &n)| POOL_KEEP * o + n)
        .collect();
    let z = log_sum_exp(&joint);
    Some(joint.iter().map(|&x| x - z).collect())
}

/// The places of the two largest of `v` (at least two long), largest first.
fn top_two(v: &[f32]) -> [usize; 2] {
    let mut order: Vec<usize> = (0..v.len()).collect();
    order.sort_by(|&a, &b| v[b].total_cmp(&v[a]));
    [order[0], order[1]]
}

/// Pools the reading of each face-up card of a look in `found` with the card of the look
/// before (`before`) whose centre lies nearest, within [`POOL_NEAR`] of its half width: sets
/// its face and `read` from the pool (its `faces` stay as read now). A card whose reading did
/// not change since that look (kept, not read again) keeps the pooled reading without counting
/// it twice. Returns this look's pools, for the next, with the earlier pools where no card was
/// found again this look, while they have gone unfound fewer than [`POOL_CARRY`] looks.
pub fn pool_readings(before: &[Pooled], found: &mut [Seen]) -> Vec<Pooled> {
    let mut pools = Vec::new();
    for s in found.iter_mut() {
        let (Identity::Card(_), Some(raw)) = (s.identity, s.faces.clone()) else {
            continue;
        };
        let far = |p: &Pooled| (p.centre[0] - s.centre[0]).hypot(p.centre[1] - s.centre[1]);
        let reach = POOL_NEAR * s.half_width();
        let earlier = before
            .iter()
            .filter(|p| far(p) <= reach)
            .min_by(|a, b| far(a).total_cmp(&far(b)));
        let joint = match earlier {
            Some(p) if p.raw[..] == raw[..] => Some(p.joint.clone()),
            Some(p) => pool(&p.joint, &raw),
            None => None,
        };
        if let Some(joint) = &joint {
            let best = top_two(joint)[0];
            if let Some(card) = Card::from_index(best) {
                s.identity = Identity::Card(card);
                s.read = joint[best].exp();
            }
        }
        pools.push(Pooled {
            centre: s.centre,
            joint: joint.unwrap_or_else(|| raw.clone()),
            raw,
            unseen: 0,
        });
    }
    let found_again = |p: &Pooled| {
        found.iter().any(|s| {
            matches!(s.identity, Identity::Card(_))
                && s.faces.is_some()
                && (p.centre[0] - s.centre[0]).hypot(p.centre[1] - s.centre[1])
                    <= POOL_SAME * s.half_width()
        })
    };
    let carried: Vec<Pooled> = before
        .iter()
        .filter(|p| p.unseen + 1 < POOL_CARRY && !found_again(p))
        .map(|p| Pooled {
            unseen: p.unseen + 1,
            ..p.clone()
        })
        .collect();
    pools.extend(carried);
    pools
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().expect("a card")
    }

    /// Log-probabilities of the 52 faces: `faces` with their probabilities, the rest sharing
    /// what is left.
    fn reading(faces: &[(&str, f32)]) -> Arc<[f32]> {
        let rest = (1.0 - faces.iter().map(|f| f.1).sum::<f32>()) / (52 - faces.len()) as f32;
        let mut p = vec![rest; 52];
        for &(f, q) in faces {
            p[card(f).index()] = q;
        }
        p.iter().map(|q| q.ln()).collect()
    }

    /// A face-up card 40 pixels wide centred at `centre`, read as `faces`.
    fn seen(centre: [f64; 2], faces: &[(&str, f32)]) -> Seen {
        let faces = reading(faces);
        let best = top_two(&faces)[0];
        let [x, y] = centre;
        Seen {
            identity: Identity::Card(Card::from_index(best).expect("a face")),
            score: 0.9,
            read: faces[best].exp(),
            centre,
            corners: [
                [x - 20.0, y - 28.0],
                [x + 20.0, y - 28.0],
                [x + 20.0, y + 28.0],
                [x - 20.0, y + 28.0],
            ],
            point: [x - 14.0, y - 20.0],
            faces: Some(faces),
        }
    }

    /// Runs the looks in turn, each a list of cards, and returns what each look reported.
    fn looks(looks: Vec<Vec<Seen>>) -> Vec<Vec<(String, f32)>> {
        let mut pools = Vec::new();
        looks
            .into_iter()
            .map(|mut found| {
                pools = pool_readings(&pools, &mut found);
                found
                    .iter()
                    .map(|s| match s.identity {
                        Identity::Card(c) => (c.to_string(), s.read),
                        other => (format!("{other:?}"), s.read),
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn a_jack_of_spades_read_once_as_clubs_among_spades_stays_spades() {
        // Seen on held-out shift 9002: a jack of spades whose small suit marks read as clubs
        // in one look of every four or five as the dealer's hand passed over it.
        let clubs = [("Jc", 0.6), ("Js", 0.39)];
        let got = looks(vec![
            vec![seen([300.0, 200.0], &[("Js", 0.75), ("Jc", 0.24)])],
            vec![seen([302.0, 198.0], &[("Js", 0.72), ("Jc", 0.27)])],
            vec![seen([299.0, 203.0], &clubs)],
            vec![seen([301.0, 200.0], &[("Js", 0.78), ("Jc", 0.21)])],
        ]);
        for (k, look) in got.iter().enumerate() {
            assert_eq!(look[0].0, "Js", "look {k}: {got:?}");
        }
        // Three readings for spades make the card surer than any one of them.
        assert!(got[3][0].1 > 0.78, "{got:?}");
    }

    #[test]
    fn a_card_read_the_other_way_again_and_again_comes_to_read_so() {
        let spades = [("Js", 0.7), ("Jc", 0.29)];
        let clubs = [("Jc", 0.95), ("Js", 0.04)];
        let mut plan = vec![vec![seen([300.0, 200.0], &spades)]];
        plan.extend((0..3).map(|_| vec![seen([300.0, 200.0], &clubs)]));
        let got = looks(plan);
        assert_eq!(got[3][0].0, "Jc", "{got:?}");
    }

    #[test]
    fn a_reading_kept_unchanged_is_not_counted_twice() {
        let spades = [("Js", 0.6), ("Jc", 0.39)];
        let got = looks(
            (0..6)
                .map(|_| vec![seen([300.0, 200.0], &spades)])
                .collect(),
        );
        for look in &got {
            assert!((look[0].1 - 0.6).abs() < 1e-3, "{got:?}");
        }
    }

    #[test]
    fn another_card_in_the_place_starts_afresh() {
        // A card taken away and another dealt where it lay reads as itself at once.
        let got = looks(vec![
            vec![seen([300.0, 200.0], &[("Js", 0.99)])],
            vec![seen([300.0, 200.0], &[("Js", 0.99)])],
            vec![seen([301.0, 200.0], &[("Qh", 0.8), ("Jh", 0.15)])],
        ]);
        assert_eq!(got[2][0].0, "Qh");
        assert!((got[2][0].1 - 0.8).abs() < 1e-3, "{got:?}");
    }

    #[test]
    fn a_card_beside_another_pools_with_its_own_readings() {
        // A hit card overlapping the card before, a third of a card over: each keeps its own.
        let (five_s, five_c) = ([("5s", 0.9), ("5c", 0.09)], [("5c", 0.9), ("5s", 0.09)]);
        let got = looks(vec![
            vec![seen([300.0, 200.0], &five_s), seen([314.0, 190.0], &five_c)],
            vec![
                seen([301.0, 201.0], &[("5s", 0.88), ("5c", 0.11)]),
                seen([315.0, 190.0], &[("5c", 0.88), ("5s", 0.11)]),
            ],
        ]);
        assert_eq!(got[1][0].0, "5s");
        assert_eq!(got[1][1].0, "5c");
        // Each pooled with its own earlier reading, not its neighbour's.
        assert!(got[1].iter().all(|c| c.1 > 0.95), "{got:?}");
    }

    #[test]
    fn a_card_flown_over_pools_with_its_own_readings_not_the_flying_card() {
        // Held-out shift seed 81 at 87.9 s: space 3's 6h flew from the shoe over space 2's
        // 8d; the look that found the 6h 7 pixels off the 8d's centre did not find the 8d,
        // and the 8d, read again half surely with the 6h second, was read as a 6h for good.
        let eight = [("8d", 0.99)];
        let half_sure = [("8d", 0.55), ("6h", 0.4)];
        let mut plan: Vec<Vec<Seen>> = (0..3).map(|_| vec![seen([412.0, 397.0], &eight)]).collect();
        plan.push(vec![seen([413.8, 390.5], &[("6h", 0.99)])]);
        plan.extend((0..4).map(|_| vec![seen([412.2, 397.0], &half_sure)]));
        let got = looks(plan);
        assert_eq!(
            got[3][0].0, "6h",
            "the flying card reads as itself: {got:?}"
        );
        for (k, look) in got.iter().enumerate().skip(4) {
            assert_eq!(look[0].0, "8d", "look {k}: {got:?}");
        }
    }

    #[test]
    fn a_card_covered_longer_than_the_pool_is_kept_reads_afresh() {
        // A card taken away and another dealt where it lay after the pool was let go.
        let mut plan = vec![vec![seen([300.0, 200.0], &[("8d", 0.99)])]];
        plan.extend((0..POOL_CARRY).map(|_| Vec::new()));
        plan.push(vec![seen([300.0, 200.0], &[("6h", 0.55), ("8d", 0.4)])]);
        let got = looks(plan);
        let last = got.last().expect("looks");
        assert_eq!(last[0].0, "6h", "{got:?}");
        assert!((last[0].1 - 0.55).abs() < 1e-3, "{got:?}");
    }

    #[test]
    fn a_card_far_from_any_before_is_read_alone() {
        let got = looks(vec![
            vec![seen([300.0, 200.0], &[("Js", 0.9), ("Jc", 0.09)])],
            vec![seen([340.0, 200.0], &[("Jc", 0.6), ("Js", 0.39)])],
        ]);
        assert_eq!(got[1][0].0, "Jc");
    }
}
