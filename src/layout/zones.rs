//! The calibration file (`layout.toml`): where every zone of the table is in a camera's frame,
//! in pixel coordinates. The simulator writes one for its footage; for a real camera a user
//! writes one by hand (docs/layout.md). Unknown keys are an error that names the key.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::geometry::{Camera, Homography, PixelPt, TablePt};
use super::table::{CARD_W, TableDesign};

/// Why a layout file was refused.
#[derive(Debug, Error, PartialEq)]
pub enum LayoutError {
    /// The text is not valid TOML for a layout (an unknown key, a missing one, a wrong type).
    #[error("{0}")]
    Syntax(String),
    /// The layout parses but cannot describe a table.
    #[error("{0}")]
    Invalid(String),
}

/// A closed polygon in pixel coordinates, as `[x, y]` pairs.
pub type Polygon = Vec<[f64; 2]>;

/// One betting space's zones, in pixels.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpaceZones {
    /// Betting space number, from the dealer's left.
    pub number: u8,
    /// The betting circle.
    pub bet: Polygon,
    /// Where the space's cards lie.
    pub cards: Polygon,
    /// Where a tip bet lies (08-09(2)(a)).
    pub tip: Polygon,
    /// Where an insurance bet lies.
    pub insurance: Polygon,
}

/// Where the table's zones are in one camera's frame. Every coordinate is in pixels of a frame
/// `width` x `height`, origin top-left, `y` down.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    /// Table id, as in the event log.
    pub table: String,
    /// Frame width, pixels.
    pub width: u32,
    /// Frame height, pixels.
    pub height: u32,
    /// Table centimetres (x to the dealer's right, y away from the dealer, origin at the middle
    /// of the dealer's edge) to pixels, a 3x3 row-major homography.
    pub table_to_pixel: [f64; 9],
    /// The felt's outline.
    pub felt: Polygon,
    /// The dealer's card area.
    pub dealer_cards: Polygon,
    /// The chip tray.
    pub chip_tray: Polygon,
    /// The dealing shoe.
    pub shoe: Polygon,
    /// The discard holder.
    pub discard: Polygon,
    /// The table-number placard.
    pub placard: Polygon,
    /// The betting spaces, from the dealer's left.
    pub spaces: Vec<SpaceZones>,
}

fn rect(c: TablePt, w: f64, h: f64, angle: f64) -> Vec<TablePt> {
    let (s, co) = angle.sin_cos();
    [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
        .iter()
        .map(|(a, b)| {
            let (dx, dy) = (a * w / 2.0, b * h / 2.0);
            c.offset(dx * co - dy * s, dx * s + dy * co)
        })
        .collect()
}

fn circle(c: TablePt, r: f64) -> Vec<TablePt> {
    (0..24)
        .map(|i| {
            let a = std::f64::consts::TAU * f64::from(i) / 24.0;
            c.offset(r * a.cos(), r * a.sin())
        })
        .collect()
}

impl Layout {
    /// The layout of a designed table as `camera` sees it.
    pub fn of(table: &str, design: &TableDesign, camera: &Camera) -> Layout {
        let px = |pts: Vec<TablePt>| -> Polygon {
            pts.into_iter()
                .map(|p| {
                    let q = camera.pixel(p);
                    [round2(q.x), round2(q.y)]
                })
                .collect()
        };
        let spaces = (1..=design.spaces)
            .map(|s| {
                let first = design.card(s, 1, 0, false);
                let last = design.card(s, 1, 3, false);
                let c = first.at.lerp(last.at, 0.5);
                SpaceZones {
                    number: s,
                    bet: px(circle(design.bet_centre(s), design.bet_radius())),
                    cards: px(rect(c, 14.0, 22.0, first.angle - 0.5)),
                    tip: px(circle(design.tip(s), 2.6)),
                    insurance: px(circle(design.insurance(s), 3.5)),
                }
            })
            .collect();
        let (tc, tw, th) = design.tray();
        let (sc, sw, sh, sa) = design.shoe();
        let (dc, dw, dh, da) = design.discard();
        let (pc, pw, ph) = design.placard();
        let d0 = design.dealer_card(0).at;
        let dealer_area = rect(d0.offset(9.0, 0.0), 34.0, 13.0, 0.0);
        Layout {
            table: table.to_string(),
            width: camera.width,
            height: camera.height,
            table_to_pixel: camera.to_pixel.m,
            felt: px(design.outline()),
            dealer_cards: px(dealer_area),
            chip_tray: px(rect(tc, tw, th, 0.0)),
            shoe: px(rect(sc, sw, sh, sa)),
            discard: px(rect(dc, dw, dh, da)),
            placard: px(rect(pc, pw, ph, 0.0)),
            spaces,
        }
    }

    /// Reads a layout file's text, checking that it can describe a table.
    pub fn parse(text: &str) -> Result<Layout, LayoutError> {
        let l: Layout = toml::from_str(text).map_err(|e| LayoutError::Syntax(e.to_string()))?;
        l.validate()?;
        Ok(l)
    }

    /// The layout as TOML text.
    pub fn to_toml(&self) -> String {
        let body = toml::to_string(self).unwrap_or_default();
        format!(
            "# pitwatch table layout: every zone in pixel coordinates of a {}x{} frame\n\
             # (origin top-left, y down). table_to_pixel maps table centimetres (x to the\n\
             # dealer's right, y away from the dealer, origin mid dealer's edge) to pixels.\n\n{body}",
            self.width, self.height
        )
    }

    /// The map from table centimetres to pixels.
    pub fn homography(&self) -> Homography {
        Homography {
            m: self.table_to_pixel,
        }
    }

    /// A chip's radius in pixels where it lies at pixel `p` (the table's scale there), or
    /// `None` where the homography cannot say.
    pub fn chip_radius_at(&self, p: [f64; 2]) -> Option<f64> {
        let h = self.homography();
        let (x, y) = h.inverse()?.apply(p[0], p[1])?;
        let r = crate::layout::CHIP_D / 2.0;
        let a = h.apply(x - r, y)?;
        let b = h.apply(x + r, y)?;
        let d = (a.0 - b.0).hypot(a.1 - b.1) / 2.0;
        (d.is_finite() && d > 0.5).then_some(d)
    }

    /// Where cards can lie, pixels: the felt, and past its dealer's edge, `beyond` centimetres
    /// toward the dealer, wherever a space's hand runs toward that edge (its card zone within
    /// `beyond` of it, widened by a card's width each way). A long hand at an end space runs
    /// down toward the dealer, each card laid over the lower quarter of the one before
    /// (08-10(2)), and its last cards lie half past the edge (clean shift seed 65 at 3038.6 s:
    /// space 1's sixth card, a 9s, its index just past the edge, never looked for: the hand
    /// read 12, not 21). Elsewhere along the edge stand the chip tray and the dealer, where
    /// nothing is looked for. The felt's points on the edge (table `y` within half a
    /// centimetre of 0) are replaced by that outline; a felt with none stays as it is.
    pub fn felt_past_the_dealers_edge(&self, beyond: f64) -> Polygon {
        let h = self.homography();
        let Some(back) = h.inverse() else {
            return self.felt.clone();
        };
        let table = |p: [f64; 2]| back.apply(p[0], p[1]);
        let on_edge = |p: &[f64; 2]| table(*p).is_some_and(|(_, y)| y.abs() <= 0.5);
        let edge_x: Vec<f64> = self
            .felt
            .iter()
            .filter(|p| on_edge(p))
            .filter_map(|p| Some(table(*p)?.0))
            .collect();
        let lo = edge_x.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = edge_x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        // The first point of the felt after its edge points: the ring is walked from there.
        let n = self.felt.len();
        let Some(first) =
            (0..n).find(|&i| !on_edge(&self.felt[i]) && on_edge(&self.felt[(i + n - 1) % n]))
        else {
            return self.felt.clone();
        };
        // Where hands run toward the edge, table x, merged.
        let mut runs: Vec<(f64, f64)> = self
            .spaces
            .iter()
            .filter_map(|s| {
                let pts: Vec<(f64, f64)> = s.cards.iter().filter_map(|p| table(*p)).collect();
                let near = pts.iter().map(|q| q.1).fold(f64::INFINITY, f64::min);
                let a = pts.iter().map(|q| q.0).fold(f64::INFINITY, f64::min) - CARD_W;
                let b = pts.iter().map(|q| q.0).fold(f64::NEG_INFINITY, f64::max) + CARD_W;
                (near < beyond && a.max(lo) < b.min(hi)).then_some((a.max(lo), b.min(hi)))
            })
            .collect();
        runs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut merged: Vec<(f64, f64)> = Vec::new();
        for r in runs {
            match merged.last_mut() {
                Some(m) if r.0 <= m.1 => m.1 = m.1.max(r.1),
                _ => merged.push(r),
            }
        }
        // The edge from lo to hi, dipping past it along each run.
        let mut path = vec![(lo, 0.0)];
        for (a, b) in merged {
            path.extend([(a, 0.0), (a, -beyond), (b, -beyond), (b, 0.0)]);
        }
        path.push((hi, 0.0));
        let mut ring: Vec<[f64; 2]> = (0..n)
            .map(|k| self.felt[(first + k) % n])
            .filter(|p| !on_edge(p))
            .collect();
        // Walked from the end of the edge the ring's last point lies by.
        let last_x = ring.last().and_then(|p| table(*p)).map_or(lo, |q| q.0);
        if (last_x - hi).abs() < (last_x - lo).abs() {
            path.reverse();
        }
        for (x, y) in path {
            if let Some((px, py)) = h.apply(x, y) {
                ring.push([px, py]);
            }
        }
        ring
    }

    /// Where the felt is printed, pixels: the convex hull of every space's insurance zone and
    /// the dealer's card zone. The insurance line's lettering runs along the line between the
    /// spaces' insurance zones, the payout and dealer-rule lines inside it toward the dealer;
    /// the players' wagers, cards and payoffs lie outside it.
    pub fn printed(&self) -> Polygon {
        let points: Vec<[f64; 2]> = self
            .spaces
            .iter()
            .flat_map(|s| s.insurance.iter().copied())
            .chain(self.dealer_cards.iter().copied())
            .collect();
        convex_hull(points)
    }

    fn validate(&self) -> Result<(), LayoutError> {
        let bad = |m: String| Err(LayoutError::Invalid(m));
        if self.width == 0 || self.height == 0 {
            return bad(format!(
                "frame size {}x{}: width and height must be positive",
                self.width, self.height
            ));
        }
        if self.spaces.is_empty() || self.spaces.len() > 7 {
            return bad(format!(
                "{} betting spaces: a table has 1 to 7",
                self.spaces.len()
            ));
        }
        for (i, s) in self.spaces.iter().enumerate() {
            if usize::from(s.number) != i + 1 {
                return bad(format!(
                    "betting space {} listed in place {}: number them 1, 2, ... from the dealer's left",
                    s.number,
                    i + 1
                ));
            }
        }
        if self.homography().inverse().is_none() {
            return bad(
                "table_to_pixel is singular: it cannot map pixels back to the table".into(),
            );
        }
        let zones = [
            ("felt", &self.felt),
            ("dealer_cards", &self.dealer_cards),
            ("chip_tray", &self.chip_tray),
            ("shoe", &self.shoe),
            ("discard", &self.discard),
            ("placard", &self.placard),
        ];
        let space_zones = self.spaces.iter().flat_map(|s| {
            [
                ("bet", &s.bet),
                ("cards", &s.cards),
                ("tip", &s.tip),
                ("insurance", &s.insurance),
            ]
        });
        for (name, poly) in zones.into_iter().chain(space_zones) {
            if poly.len() < 3 {
                return bad(format!(
                    "zone `{name}` has {} point(s): a zone needs at least 3",
                    poly.len()
                ));
            }
            let (w, h) = (f64::from(self.width), f64::from(self.height));
            if let Some(p) = poly.iter().find(|p| {
                !p[0].is_finite()
                    || !p[1].is_finite()
                    || p[0] < -w
                    || p[0] > 2.0 * w
                    || p[1] < -h
                    || p[1] > 2.0 * h
            }) {
                return bad(format!(
                    "zone `{name}` has point [{}, {}], far outside the {}x{} frame",
                    p[0], p[1], self.width, self.height
                ));
            }
        }
        Ok(())
    }
}

/// The convex hull of `points`, counter-clockwise in the frame's axes from the leftmost
/// (Andrew's monotone chain); fewer than three points come back as they are.
fn convex_hull(mut points: Vec<[f64; 2]>) -> Polygon {
    points.retain(|p| p[0].is_finite() && p[1].is_finite());
    points.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    let cross = |o: [f64; 2], a: [f64; 2], b: [f64; 2]| {
        (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    };
    let mut hull: Vec<[f64; 2]> = Vec::with_capacity(2 * points.len());
    for pass in [points.clone(), points.into_iter().rev().collect()] {
        let start = hull.len();
        for p in pass {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// True when a pixel lies inside a polygon (even-odd rule).
pub fn contains(poly: &[[f64; 2]], p: PixelPt) -> bool {
    let mut inside = false;
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + n - 1) % n]);
        if (a[1] > p.y) != (b[1] > p.y) && p.x < (b[0] - a[0]) * (p.y - a[1]) / (b[1] - a[1]) + a[0]
        {
            inside = !inside;
        }
    }
    inside
}

fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Spread;

    fn sample() -> Layout {
        let cam = Camera::overhead(1280, 720, 0.0015, 0.0);
        Layout::of("1", &TableDesign::default(), &cam)
    }

    #[test]
    fn round_trips_through_toml() {
        let l = sample();
        let back = Layout::parse(&l.to_toml()).unwrap();
        assert_eq!(back, l);
    }

    /// Cards may lie a card's length past the felt's dealer's edge where the end spaces'
    /// hands run toward it, and nowhere else: not before the chip tray, not further on, and
    /// the far rail stays where it is.
    #[test]
    fn cards_may_lie_past_the_dealers_edge_by_the_end_spaces_alone() {
        let l = sample();
        let card = crate::layout::CARD_H;
        let grown = l.felt_past_the_dealers_edge(card);
        let h = l.homography();
        let px = |x: f64, y: f64| {
            let (x, y) = h.apply(x, y).unwrap();
            PixelPt { x, y }
        };
        let both = |x: f64, y: f64| (contains(&l.felt, px(x, y)), contains(&grown, px(x, y)));
        // Below space 1's and space 7's hands, half a card past the edge.
        let one = centroid_x(&l, &l.spaces[0].cards);
        let seven = centroid_x(&l, &l.spaces[6].cards);
        assert_eq!(both(one, -card / 2.0), (false, true));
        assert_eq!(both(seven, -card / 2.0), (false, true));
        // Before the chip tray, and more than a card past the edge: neither.
        assert_eq!(both(0.0, -card / 2.0), (false, false));
        assert_eq!(both(one, -card * 1.2), (false, false));
        // On the felt: both, by the far rail too.
        assert_eq!(both(0.0, 40.0), (true, true));
        assert_eq!(both(one, 2.0), (true, true));
        assert_eq!(both(0.0, 84.0), (true, true));
        assert_eq!(both(0.0, 88.0), (false, false));
    }

    /// The table x of the middle of `zone` (pixels).
    fn centroid_x(l: &Layout, zone: &Polygon) -> f64 {
        let back = l.homography().inverse().unwrap();
        let xs: Vec<f64> = zone
            .iter()
            .map(|p| back.apply(p[0], p[1]).unwrap().0)
            .collect();
        xs.iter().sum::<f64>() / xs.len() as f64
    }

    /// The felt's printing lies inside the printed region: the insurance line's lettering
    /// between the spaces' insurance zones (held-out shift seed 31 at 1070.4 s: a $25 read in
    /// it by space 3's insurance bet). The players' wagers, tips, first cards and payoffs,
    /// split hands' included, lie outside it.
    #[test]
    fn the_printed_felt_holds_the_lettering_and_no_players_place() {
        let d = TableDesign::default();
        let cam = Camera::overhead(1280, 720, 0.0015, 0.0);
        let l = Layout::of("1", &d, &cam);
        let printed = l.printed();
        for s in 1..=7u8 {
            assert!(contains(&printed, cam.pixel(d.insurance(s))), "space {s}");
            for hand in 1..=3u8 {
                for place in [d.bet(s, hand), d.payout(s, hand, Spread::Wide)] {
                    assert!(
                        !contains(&printed, cam.pixel(place)),
                        "space {s} hand {hand}"
                    );
                }
            }
            assert!(!contains(&printed, cam.pixel(d.tip(s))), "space {s}");
            assert!(
                !contains(&printed, cam.pixel(d.card(s, 1, 0, false).at)),
                "space {s}"
            );
        }
        let between = d.insurance(3).lerp(d.insurance(4), 0.5);
        assert!(contains(&printed, cam.pixel(between)));
        assert!(contains(&printed, cam.pixel(d.dealer_card(0).at)));
    }

    #[test]
    fn zones_hold_what_the_design_puts_in_them() {
        let d = TableDesign::default();
        let cam = Camera::overhead(1280, 720, 0.0015, 0.0);
        let l = Layout::of("1", &d, &cam);
        for s in 1..=7u8 {
            let z = &l.spaces[usize::from(s - 1)];
            assert!(contains(&z.bet, cam.pixel(d.bet_centre(s))));
            assert!(contains(&z.tip, cam.pixel(d.tip(s))));
            assert!(contains(&z.cards, cam.pixel(d.card(s, 1, 1, false).at)));
            assert!(!contains(
                &z.bet,
                cam.pixel(d.bet_centre(s).offset(0.0, -20.0))
            ));
        }
        assert!(contains(&l.shoe, cam.pixel(d.shoe().0)));
        assert!(contains(&l.chip_tray, cam.pixel(d.tray_slot(500))));
    }

    #[test]
    fn unknown_keys_and_bad_zones_are_named() {
        let text = sample().to_toml().replace("width =", "widht =");
        let e = Layout::parse(&text).unwrap_err().to_string();
        assert!(e.contains("widht"), "{e}");
        let mut l = sample();
        l.spaces[2].number = 9;
        let e = Layout::parse(&l.to_toml()).unwrap_err().to_string();
        assert!(e.contains("betting space 9"), "{e}");
        let mut l = sample();
        l.shoe.truncate(2);
        let e = Layout::parse(&l.to_toml()).unwrap_err().to_string();
        assert!(e.contains("`shoe`"), "{e}");
    }
}
