//! Faces read unsurely: a card whose reads are split between its face and the same rank in the
//! other suit of its colour (a small suit mark) is written with the other face not ruled out
//! (the `card` event's or `hole_card_turned` event's `or`, docs/events.md), and the audit counts
//! it toward the shoe as whichever face the shoe still holds (N.D. Admin. Code 99-01.3-08-02(3)).

use super::super::Scribe;
use crate::events::EventKind;
use crate::rules::Card;
use crate::vision::tracker::{Track, kin};
use crate::vision::yolo::Identity;

/// The least share of a card's votes for its face and a kin face that the kin face must hold
/// not to be ruled out. Held-out shift seed 98: a 2s read as the 2c at 1001.2 s and 1449.97 s,
/// the 2s holding 46% and 34% of the votes for the two (each a seventh 2c since the shuffle,
/// a `card_count_exceeds_shoe` not there), while its cards read right held the other suit of
/// their colour to 7% or less of them.
const KIN_SHARE: f64 = 0.2;

/// The face of `tr`'s rank, in the other suit of its colour, that its votes do not rule out:
/// one holding [`KIN_SHARE`] or more of the votes for the two. `None` for a sure face, a card
/// back or a chip.
pub(super) fn not_ruled_out(tr: &Track) -> Option<Card> {
    if !matches!(tr.identity, Identity::Card(_)) {
        return None;
    }
    let lead_votes = tr
        .votes
        .iter()
        .find(|v| v.0 == tr.identity)
        .map_or(0.0, |v| v.1);
    tr.votes
        .iter()
        .filter(|v| v.0 != tr.identity && kin(v.0, tr.identity))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .filter(|v| v.1 >= KIN_SHARE * (v.1 + lead_votes))
        .and_then(|v| match v.0 {
            Identity::Card(c) => Some(c),
            _ => None,
        })
}

/// Gives a `card` or `hole_card_turned` event the face `face` (a misread outvoted, or a surer
/// find's): a face not ruled out that is now the face becomes the face it replaces, and one
/// of another rank is dropped, so that `or` always names another face of the card's rank.
pub(in super::super) fn set_face(k: &mut EventKind, face: Card) {
    let (was, or) = match k {
        EventKind::Card { card, or, .. } => (card.replace(face), or),
        EventKind::HoleCardTurned { card, or } => (Some(std::mem::replace(card, face)), or),
        _ => return,
    };
    if *or == Some(face) {
        *or = was.filter(|w| *w != face);
    }
    *or = or.filter(|o| o.rank == face.rank && *o != face);
}

impl Scribe {
    /// Writes each placed card's face not ruled out into its event, where it changed since
    /// last written: its `hole_card_turned` once turned, else its `card`. An event whose face
    /// is no longer the card's leading read (taken from a surer find of it) has none.
    pub(in super::super) fn mark_unsure_faces(&mut self) {
        let mut changed = Vec::new();
        for note in self.cards.values_mut() {
            let Some(p) = note.placed else {
                continue;
            };
            if note.or_written == note.or {
                continue;
            }
            note.or_written = note.or;
            let lead = match note.identity {
                Identity::Card(c) => Some(c),
                _ => None,
            };
            changed.push((p.turned.unwrap_or(p.event), lead, note.or));
        }
        for (seq, lead, or) in changed {
            self.amend(seq, |k| match k {
                EventKind::Card { card, or: o, .. } => {
                    *o = or.filter(|_| card.is_some() && *card == lead);
                }
                EventKind::HoleCardTurned { card, or: o } => {
                    *o = or.filter(|_| Some(*card) == lead);
                }
                _ => {}
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::Target;

    fn card(f: &str) -> Card {
        f.parse().unwrap()
    }

    /// A card written 2c, the 2s not ruled out, then outvoted as the 2s: the 2c is now the face
    /// not ruled out. Never a face standing for itself, nor one of another rank.
    #[test]
    fn a_face_changed_keeps_the_other_a_face_of_its_rank() {
        let mut k = EventKind::Card {
            to: Target::Dealer,
            card: Some(card("2c")),
            rotated: None,
            or: Some(card("2s")),
        };
        set_face(&mut k, card("2s"));
        assert!(
            matches!(k, EventKind::Card { card: Some(c), or: Some(o), .. }
            if c == card("2s") && o == card("2c"))
        );
        let mut h = EventKind::HoleCardTurned {
            card: card("Qs"),
            or: Some(card("Qc")),
        };
        set_face(&mut h, card("Kd"));
        assert_eq!(
            h,
            EventKind::HoleCardTurned {
                card: card("Kd"),
                or: None
            }
        );
    }
}
