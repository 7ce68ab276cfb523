//! The discard holder and the burns: cards laid in the discard lane and cards burned from
//! the shoe (N.D. Admin. Code 99-01.3-08-08(3)).

use super::*;

/// Sightings of a card back in the shoe's lane this many seconds apart or less are one card's
/// flight.
const LANE_GAP_S: f64 = 0.5;

/// Seconds after a flight's last sighting within which the card that flew came to rest (a
/// hole card dealt and turned at once is first found face up, after the turn: shift seed 16
/// at 447 s).
const LANE_REST_S: f64 = 2.0;

/// Seconds after a flight's last sighting before it is judged: the card that flew has come to
/// rest and been placed by then.
const LANE_JUDGE_S: f64 = 3.0;

/// How far behind its last sighting in flight, as a share of the way from the shoe to the
/// discard holder, a card may come to rest and still be the card that flew.
const LANE_BACK: f64 = 0.05;

/// How sure the surest sighting of a card back's flight in the shoe's lane, or by the discard
/// holder, is, at least, when it was a card: as sure as a find alone must be to begin a track
/// (the tracker's default `confirm_score`). The surest sighting of each of the 24 burns of
/// held-out shifts seeds 57 to 59 scored 0.60 or more; a column of red chips lifted from the
/// tray's top edge, found once as a card back at 0.449, was written a burn (seed 58 at
/// 3518.8 s). By the holder, the surest sighting of each of seed 61's seven burns seen there
/// scored 0.55 or more; the dealer's hand carrying a double-down card to space 7 beside the
/// holder, found as a back at 0.476 and 0.449, was written a burn twice (3093.7 s, 3509.0 s).
const LANE_SURE: f32 = 0.5;

/// Sightings of a burn this many seconds apart are one burn.
const BURN_SEEN_S: f64 = 1.0;

/// How sure the surest sighting of a card back's flight in the shoe's lane is, at least, when
/// it was a card, while the burn a shuffle calls for is awaited (a shuffle written and no card
/// dealt since, 08-08(3)): then a card back flying from the shoe to the holder is what the
/// dealer does next. Held-out shift seed 100 at 2066.4 s: the burn, carried blurred under the
/// dealer's hand from the shoe to the holder in 0.4 s, was found at one look, at 0.476, and
/// not written (a `no_burn` not there). The sightings below [`LANE_SURE`] that
/// [`LANE_SURE`]'s note names came in play, with cards dealt since the shuffle.
const LANE_AWAITED_SURE: f32 = 0.4;

/// A card back found in flight in the lane from the shoe to the discard holder.
#[derive(Clone, Copy, Debug)]
pub(in crate::vision::scribe) struct LaneSighting {
    /// When, seconds.
    t: f64,
    /// Where, pixels.
    at: [f64; 2],
    /// How surely it was found.
    score: f32,
    /// Whether the burn a shuffle calls for was awaited then.
    awaited: bool,
}

impl Scribe {
    /// Card backs by the discard holder that no placed card accounts for: a card burned from
    /// the shoe, seen on its way (08-08(3)).
    pub(in crate::vision::scribe) fn watch_discard(&mut self, found: &[Seen]) {
        let (shoe, discard) = (centroid(&self.layout.shoe), centroid(&self.layout.discard));
        let reach = self.config.burn_reach * dist(shoe, discard);
        // Face-down cards lying placed (a hole card) are no card in flight.
        // Nor are the shuffle's piles, lying or carried to the shoe.
        let placed: Vec<[f64; 2]> = self
            .cards
            .values()
            .filter(|n| n.identity == Identity::CardBack)
            .flat_map(|n| {
                let pile = n.pile.then_some([n.rest, centroid(&n.corners)]);
                n.placed
                    .map(|p| p.at)
                    .into_iter()
                    .chain(pile.into_iter().flatten())
            })
            .collect();
        let lane = self.config.burn_lane * dist(shoe, discard);
        let now = self.now;
        self.flying.retain(|f| now - f.0 <= 2.0 * FLIGHT_S);
        let mut seen: Option<f32> = None;
        for s in found {
            if s.identity != Identity::CardBack
                || placed.iter().any(|&p| dist(p, s.centre) <= s.half_width())
            {
                continue;
            }
            if dist(s.centre, discard) <= reach && poly_dist(&self.layout.discard, s.centre) > 0.0 {
                seen = Some(seen.map_or(s.score, |b| b.max(s.score)));
            } else {
                self.flying.push((now, s.centre));
                if along(shoe, discard, s.centre).1 <= lane {
                    self.in_lane.push(LaneSighting {
                        t: now,
                        at: s.centre,
                        score: s.score,
                        awaited: self.shuffle.is_some(),
                    });
                }
            }
        }
        match (self.burn_seen, seen) {
            (_, Some(score)) => {
                let surest = self.burn_seen.map_or(score, |b| b.1.max(score));
                self.burn_seen = Some((now, surest));
            }
            (Some((last, _)), None) if now - last > self.config.together_s => {
                self.end_burn_seen();
            }
            _ => {}
        }
    }

    /// Ends the current sighting of a card back by the discard holder: a card burned from the
    /// shoe when it was found surely once at least ([`LANE_SURE`]).
    pub(in crate::vision::scribe) fn end_burn_seen(&mut self) {
        if let Some((last, surest)) = self.burn_seen.take()
            && surest >= LANE_SURE
        {
            self.shoe_burn(last);
        }
    }

    /// A card burned from the shoe, last seen at `at`: one burn, however many ways it was seen
    /// (by the discard holder, on its way there).
    pub(in crate::vision::scribe) fn shoe_burn(&mut self, at: f64) {
        match self
            .burns
            .iter_mut()
            .find(|b| (**b - at).abs() <= BURN_SEEN_S)
        {
            Some(b) => *b = b.max(at),
            None => self.burns.push(at),
        }
    }

    /// Card backs seen in flight in the lane from the shoe to the discard holder, a while
    /// ago: a card burned from the shoe (08-08(3)) that was not seen by the holder (it lies
    /// near it for a fifth of a second, as long as between two looks), unless they came to
    /// rest where a card lies (a hole card dealt, a pile of the shuffle laid out) or were the
    /// shuffle's piles taken to the shoe, heading away from the holder, or none was found
    /// surely ([`LANE_SURE`]; [`LANE_AWAITED_SURE`] while the shuffle's burn is awaited).
    pub(in crate::vision::scribe) fn judge_lane(&mut self, all: bool) {
        let (shoe, discard) = (centroid(&self.layout.shoe), centroid(&self.layout.discard));
        let now = self.now;
        self.in_lane.sort_by(|a, b| a.t.total_cmp(&b.t));
        while let Some(first) = self.in_lane.first().map(|s| s.t) {
            let mut n = 1;
            while n < self.in_lane.len() && self.in_lane[n].t - self.in_lane[n - 1].t <= LANE_GAP_S
            {
                n += 1;
            }
            let (last, at) = (self.in_lane[n - 1].t, self.in_lane[n - 1].at);
            if !all
                && (now - last <= LANE_JUDGE_S
                    || n == self.in_lane.len() && now - last <= LANE_GAP_S)
            {
                break;
            }
            let seen: Vec<LaneSighting> = self.in_lane[..n].to_vec();
            // Found surely once at least: a card back, not something only like one.
            let sure = seen
                .iter()
                .any(|s| s.score >= LANE_SURE || s.awaited && s.score >= LANE_AWAITED_SURE);
            // A card lying where it was last seen, or a card come to rest as it flew or just
            // after, no nearer the shoe than where it was last seen: a card dealt, seen on its
            // way (the hole card; a face-up card found as a back in flight). A card dealt
            // after a burn lies behind it, nearer the shoe.
            let way = along(shoe, discard, at).0;
            // (A placed card keeps when and where it came to rest though found again since:
            // the hole card turned at once, its face-up track taking the back's place.)
            // Or a pile of the shuffle, found before it went (a pile found again after the
            // detector lost it, seen before it lay still long enough to be one).
            let a_pile = self
                .pile_spots
                .iter()
                .any(|&(went, p, half)| last <= went + LANE_GAP_S && dist(p, at) <= half);
            let rests = |c: &&CardNote| {
                let (rest_t, rest) = c.placed.map_or((c.rest_t, c.rest), |p| (p.t, p.at));
                c.first_t <= last + LANE_GAP_S && dist(c.rest, at) <= half_width(&c.corners)
                    || rest_t >= first - LANE_GAP_S
                        && rest_t <= last + LANE_REST_S
                        && along(shoe, discard, rest).0 >= way - LANE_BACK
            };
            // A pile not yet lain long enough to be one ([`PILE_MIN_S`]) may be a card back
            // found where none lies: the flight waits till it is one or has gone (at the
            // footage's end, it is one).
            let young = |c: &&CardNote| !all && c.pile && !self.lay_as_a_pile(c, now);
            let came_to_rest = a_pile || self.cards.values().filter(rests).any(|c| !young(&c));
            if !came_to_rest && self.cards.values().filter(rests).any(|c| young(&c)) {
                break;
            }
            self.in_lane.drain(..n);
            // Heading for the holder: further along its way at the last look than at the
            // first (both piles are seen in one look as they go).
            let way_at = |t: f64| {
                let at: Vec<f64> = seen
                    .iter()
                    .filter(|s| s.t == t)
                    .map(|s| along(shoe, discard, s.at).0)
                    .collect();
                at.iter().sum::<f64>() / at.len().max(1) as f64
            };
            let toward = last > first && way_at(last) > way_at(first);
            // Piles out of sight a second have gone (`piles_lost`), long before a flight is
            // judged.
            let piles_going = self
                .piles_went
                .iter()
                .any(|&w| first >= w - 2.0 * LANE_GAP_S && first <= w + LANE_GAP_S);
            if sure && !came_to_rest && (!piles_going || toward) {
                self.shoe_burn(last);
            }
        }
        self.piles_went.retain(|&w| now - w <= 4.0 * LANE_JUDGE_S);
        self.pile_spots
            .retain(|&(w, _, _)| now - w <= 4.0 * LANE_JUDGE_S);
    }

    /// Card backs that flew to the discard holder when no placed card went: burns from the
    /// shoe. A face-down card cleared from the table passes the same way.
    pub(in crate::vision::scribe) fn judge_burns(&mut self, all: bool) {
        let (now, wait, near) = (
            self.now,
            self.config.judge_after_s + self.config.together_s,
            self.config.together_s * 2.0,
        );
        let (ready, later): (Vec<f64>, Vec<f64>) = std::mem::take(&mut self.burns)
            .into_iter()
            .partition(|&b| all || now - b > wait);
        self.burns = later;
        for b in ready {
            let cleared = self
                .went_at
                .iter()
                .chain(self.leaving.iter().map(|l| &l.t))
                .any(|&w| (w - b).abs() <= near);
            if !cleared {
                self.write(
                    b,
                    EventKind::Burn {
                        card: None,
                        from: None,
                    },
                );
            }
        }
        self.went_at.retain(|&w| now - w <= 4.0 * wait);
    }
}
