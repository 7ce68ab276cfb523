//! Points in the two coordinate systems and the homography between them.
//!
//! - **Table** coordinates ([`TablePt`]) are centimetres on the felt, from the dealer's
//!   perspective: the origin is the middle of the dealer's straight edge, `x` grows to the
//!   dealer's right, `y` grows away from the dealer toward the players.
//! - **Pixel** coordinates ([`PixelPt`]) are image pixels, `x` to the right, `y` down, the
//!   origin at the top-left corner of the frame.

use serde::{Deserialize, Serialize};

/// A point on the table, in centimetres (see the module docs for the axes).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct TablePt {
    /// Centimetres to the dealer's right of the middle of the dealer's edge.
    pub x: f64,
    /// Centimetres away from the dealer's edge.
    pub y: f64,
}

/// A point in the image, in pixels (origin top-left, `y` down).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct PixelPt {
    /// Pixels from the left edge.
    pub x: f64,
    /// Pixels from the top edge.
    pub y: f64,
}

impl TablePt {
    /// A table point.
    pub const fn new(x: f64, y: f64) -> TablePt {
        TablePt { x, y }
    }

    /// This point moved by `(dx, dy)` centimetres.
    pub fn offset(self, dx: f64, dy: f64) -> TablePt {
        TablePt::new(self.x + dx, self.y + dy)
    }

    /// The point a fraction `f` of the way from `self` to `to`.
    pub fn lerp(self, to: TablePt, f: f64) -> TablePt {
        TablePt::new(self.x + (to.x - self.x) * f, self.y + (to.y - self.y) * f)
    }

    /// Distance to another point, in centimetres.
    pub fn dist(self, o: TablePt) -> f64 {
        (self.x - o.x).hypot(self.y - o.y)
    }
}

impl PixelPt {
    /// A pixel point.
    pub const fn new(x: f64, y: f64) -> PixelPt {
        PixelPt { x, y }
    }
}

/// A projective map of the plane (3x3, row-major, `m[8]` normally 1). Used for table
/// centimetres to pixels and back.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Homography {
    /// The nine entries, row by row.
    pub m: [f64; 9],
}

impl Homography {
    /// The identity map.
    pub const IDENTITY: Homography = Homography {
        m: [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0],
    };

    /// Applies the map to `(x, y)`; `None` where the point maps to infinity.
    pub fn apply(&self, x: f64, y: f64) -> Option<(f64, f64)> {
        let m = &self.m;
        let w = m[6] * x + m[7] * y + m[8];
        if w.abs() < 1e-12 {
            return None;
        }
        Some((
            (m[0] * x + m[1] * y + m[2]) / w,
            (m[3] * x + m[4] * y + m[5]) / w,
        ))
    }

    /// `self` after `first`: the map `p -> self(first(p))`.
    pub fn after(&self, first: &Homography) -> Homography {
        let (a, b) = (&self.m, &first.m);
        let mut m = [0.0; 9];
        for r in 0..3 {
            for c in 0..3 {
                m[r * 3 + c] = (0..3).map(|k| a[r * 3 + k] * b[k * 3 + c]).sum();
            }
        }
        Homography { m }
    }

    /// The inverse map, or `None` when the map is singular.
    pub fn inverse(&self) -> Option<Homography> {
        let m = &self.m;
        let det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
            + m[2] * (m[3] * m[7] - m[4] * m[6]);
        if det.abs() < 1e-15 {
            return None;
        }
        let inv = [
            (m[4] * m[8] - m[5] * m[7]) / det,
            (m[2] * m[7] - m[1] * m[8]) / det,
            (m[1] * m[5] - m[2] * m[4]) / det,
            (m[5] * m[6] - m[3] * m[8]) / det,
            (m[0] * m[8] - m[2] * m[6]) / det,
            (m[2] * m[3] - m[0] * m[5]) / det,
            (m[3] * m[7] - m[4] * m[6]) / det,
            (m[1] * m[6] - m[0] * m[7]) / det,
            (m[0] * m[4] - m[1] * m[3]) / det,
        ];
        Some(Homography { m: inv })
    }

    /// A rotation by `angle` radians (counter-clockwise in a `y`-up frame) about the origin,
    /// then a translation by `(tx, ty)`.
    pub fn rigid(angle: f64, tx: f64, ty: f64) -> Homography {
        let (s, c) = angle.sin_cos();
        Homography {
            m: [c, -s, tx, s, c, ty, 0.0, 0.0, 1.0],
        }
    }
}

/// How the overhead camera sees the table: the map from table centimetres to pixels.
///
/// The camera hangs above the middle of the table looking down, from the dealer's perspective
/// (N.D. Admin. Code 99-01.3-08-04(2)), so the dealer's edge is at the bottom of the frame and
/// the dealer's left (betting space 1, the shoe) is on the left. A small tilt foreshortens the
/// far side; a small roll turns the picture.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    /// Frame width in pixels.
    pub width: u32,
    /// Frame height in pixels.
    pub height: u32,
    /// Table centimetres to pixels.
    pub to_pixel: Homography,
    /// Pixels to table centimetres.
    pub to_table: Homography,
}

impl Camera {
    /// A camera framing the table (x from -105 to 105 cm, y from -6 to 94 cm) in a frame of
    /// `width` x `height` pixels, tilted by `tilt` (0 = straight down; 0.002 makes the far
    /// rail about 17% narrower) and rolled by `roll` radians.
    pub fn overhead(width: u32, height: u32, tilt: f64, roll: f64) -> Camera {
        let (w, h) = (f64::from(width), f64::from(height));
        // Scale so the table's 210 cm fit the width and its 100 cm the height, with a margin.
        // Table point (0, 44) (the middle of the felt) goes to the frame centre.
        let yc = 44.0;
        // The tilt magnifies the near side by 1 / (1 - tilt * yc): shrink so it still fits.
        let s = (w / 216.0).min(h / 104.0) * (1.0 - tilt * yc).clamp(0.5, 1.0);
        let (cx, cy) = (w / 2.0, h / 2.0);
        // Centre the table, flip y (pixels grow down), apply the tilt as a projective term
        // that shrinks the far side, then roll about the frame centre.
        let base = Homography {
            m: [s, 0.0, 0.0, 0.0, -s, s * yc, 0.0, tilt, 1.0 - tilt * yc],
        };
        let roll_about_centre = Homography::rigid(roll, 0.0, 0.0);
        let to_centre = Homography {
            m: [1.0, 0.0, cx, 0.0, 1.0, cy, 0.0, 0.0, 1.0],
        };
        let to_pixel = to_centre.after(&roll_about_centre.after(&base));
        let to_table = to_pixel.inverse().unwrap_or(Homography::IDENTITY);
        Camera {
            width,
            height,
            to_pixel,
            to_table,
        }
    }

    /// Where a table point appears in the frame.
    pub fn pixel(&self, p: TablePt) -> PixelPt {
        let (x, y) = self
            .to_pixel
            .apply(p.x, p.y)
            .unwrap_or((f64::NAN, f64::NAN));
        PixelPt::new(x, y)
    }

    /// The table point seen at a pixel.
    pub fn table(&self, p: PixelPt) -> TablePt {
        let (x, y) = self
            .to_table
            .apply(p.x, p.y)
            .unwrap_or((f64::NAN, f64::NAN));
        TablePt::new(x, y)
    }

    /// Pixels per centimetre near a table point (the mean of the two axes' scales).
    pub fn scale_at(&self, p: TablePt) -> f64 {
        let a = self.pixel(p);
        let bx = self.pixel(p.offset(1.0, 0.0));
        let by = self.pixel(p.offset(0.0, 1.0));
        ((bx.x - a.x).hypot(bx.y - a.y) + (by.x - a.x).hypot(by.y - a.y)) / 2.0
    }
}

/// The axis-aligned bounding box of pixel points: x0, y0, x1, y1 (pixels).
pub fn bounds(points: &[[f64; 2]]) -> [f64; 4] {
    let xs = points.iter().map(|p| p[0]);
    let ys = points.iter().map(|p| p[1]);
    [
        xs.clone().fold(f64::MAX, f64::min),
        ys.clone().fold(f64::MAX, f64::min),
        xs.fold(f64::MIN, f64::max),
        ys.fold(f64::MIN, f64::max),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_undoes_the_map() {
        let cam = Camera::overhead(1280, 720, 0.002, 0.01);
        for (x, y) in [(0.0, 0.0), (-90.0, 60.0), (70.0, 85.0), (12.5, -3.0)] {
            let p = cam.pixel(TablePt::new(x, y));
            let q = cam.table(p);
            assert!(
                (q.x - x).abs() < 1e-9 && (q.y - y).abs() < 1e-9,
                "{x},{y} -> {q:?}"
            );
        }
    }

    #[test]
    fn seen_from_the_dealers_perspective() {
        // 08-04(2): the dealer's edge at the bottom, the dealer's left on the left.
        let cam = Camera::overhead(1280, 720, 0.0, 0.0);
        let dealer = cam.pixel(TablePt::new(0.0, 0.0));
        let rail = cam.pixel(TablePt::new(0.0, 85.0));
        let left = cam.pixel(TablePt::new(-60.0, 30.0));
        let right = cam.pixel(TablePt::new(60.0, 30.0));
        assert!(dealer.y > rail.y, "dealer at the bottom");
        assert!(left.x < right.x, "dealer's left on the left");
        for p in [dealer, rail, left, right] {
            assert!(
                p.x >= 0.0 && p.x < 1280.0 && p.y >= 0.0 && p.y < 720.0,
                "{p:?}"
            );
        }
    }

    #[test]
    fn the_whole_table_stays_in_view_when_tilted_and_rolled() {
        // 08-04(3): the camera must see every betting space, the tray, the shoe, the discard
        // holder and the table number; the table's corners are the hardest to keep.
        for (tilt, roll) in [(0.0, 0.0), (0.0023, 0.016), (0.0023, -0.016)] {
            let cam = Camera::overhead(1280, 720, tilt, roll);
            for (x, y) in [
                (-95.0, 1.0),
                (95.0, 1.0),
                (0.0, 86.0),
                (-70.0, 60.0),
                (70.0, 60.0),
            ] {
                let p = cam.pixel(TablePt::new(x, y));
                assert!(
                    p.x > 0.0 && p.x < 1280.0 && p.y > 0.0 && p.y < 720.0,
                    "{tilt} {roll}: {x},{y} -> {p:?}"
                );
            }
        }
    }

    #[test]
    fn tilt_narrows_the_far_side() {
        let cam = Camera::overhead(1280, 720, 0.002, 0.0);
        let near = cam.scale_at(TablePt::new(0.0, 5.0));
        let far = cam.scale_at(TablePt::new(0.0, 85.0));
        assert!(far < near * 0.9, "near {near} far {far}");
    }
}
