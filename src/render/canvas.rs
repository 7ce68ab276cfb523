//! Pixel buffers and the drawing primitives the simulator's renderer is built from: filled
//! polygons with antialiased edges, and images (sprites) mapped onto the frame through a
//! homography. Every coordinate here is in pixels of the buffer drawn on.

use crate::layout::Homography;

/// An RGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// This colour with each channel scaled by `f` (clamped).
    pub fn scaled(self, f: f64) -> Rgb {
        let c = |v: u8| (f64::from(v) * f).round().clamp(0.0, 255.0) as u8;
        Rgb(c(self.0), c(self.1), c(self.2))
    }

    /// A mix of `self` and `o`, `f` of the way to `o`.
    pub fn mix(self, o: Rgb, f: f64) -> Rgb {
        let m = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
        Rgb(m(self.0, o.0), m(self.1, o.1), m(self.2, o.2))
    }
}

/// An RGB image, rows top to bottom, 3 bytes a pixel.
#[derive(Debug, Clone, PartialEq)]
pub struct Canvas {
    /// Width, pixels.
    pub width: usize,
    /// Height, pixels.
    pub height: usize,
    /// The pixels.
    pub data: Vec<u8>,
}

/// An RGBA image (straight alpha), rows top to bottom, 4 bytes a pixel.
#[derive(Debug, Clone, PartialEq)]
pub struct Sprite {
    /// Width, pixels.
    pub width: usize,
    /// Height, pixels.
    pub height: usize,
    /// The pixels.
    pub data: Vec<u8>,
}

/// Something polygons can be filled on: an RGB canvas or an RGBA sprite.
pub trait Surface {
    /// Width and height, pixels.
    fn size(&self) -> (usize, usize);
    /// Blends `c` over pixel `(x, y)` with opacity `a` (0..=1).
    fn blend(&mut self, x: usize, y: usize, c: Rgb, a: f32);
}

impl Canvas {
    /// A canvas filled with one colour.
    pub fn new(width: usize, height: usize, fill: Rgb) -> Canvas {
        let mut data = Vec::with_capacity(width * height * 3);
        for _ in 0..width * height {
            data.extend_from_slice(&[fill.0, fill.1, fill.2]);
        }
        Canvas {
            width,
            height,
            data,
        }
    }

    /// The colour at a pixel.
    pub fn get(&self, x: usize, y: usize) -> Rgb {
        let i = (y * self.width + x) * 3;
        Rgb(self.data[i], self.data[i + 1], self.data[i + 2])
    }
}

impl Surface for Canvas {
    fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    #[inline]
    fn blend(&mut self, x: usize, y: usize, c: Rgb, a: f32) {
        let i = (y * self.width + x) * 3;
        let px = &mut self.data[i..i + 3];
        if a >= 0.999 {
            px.copy_from_slice(&[c.0, c.1, c.2]);
        } else {
            for (d, s) in px.iter_mut().zip([c.0, c.1, c.2]) {
                *d = (f32::from(*d) + (f32::from(s) - f32::from(*d)) * a + 0.5) as u8;
            }
        }
    }
}

impl Sprite {
    /// A transparent sprite.
    pub fn new(width: usize, height: usize) -> Sprite {
        Sprite {
            width,
            height,
            data: vec![0; width * height * 4],
        }
    }

    /// Bilinear sample at sprite coordinates (pixel centres at half-integers); transparent
    /// outside. Returns colour channels and alpha, 0..=255 each.
    #[inline]
    pub fn sample(&self, x: f64, y: f64) -> [f32; 4] {
        let (fx, fy) = (x - 0.5, y - 0.5);
        let (x0, y0) = (fx.floor(), fy.floor());
        let (tx, ty) = ((fx - x0) as f32, (fy - y0) as f32);
        let (x0, y0) = (x0 as isize, y0 as isize);
        let mut out = [0f32; 4];
        let taps = [
            (x0, y0, (1.0 - tx) * (1.0 - ty)),
            (x0 + 1, y0, tx * (1.0 - ty)),
            (x0, y0 + 1, (1.0 - tx) * ty),
            (x0 + 1, y0 + 1, tx * ty),
        ];
        for (sx, sy, w) in taps {
            if w == 0.0
                || sx < 0
                || sy < 0
                || sx as usize >= self.width
                || sy as usize >= self.height
            {
                continue;
            }
            let i = (sy as usize * self.width + sx as usize) * 4;
            let a = f32::from(self.data[i + 3]) * w;
            // Premultiply while filtering so transparent texels add no colour.
            out[0] += f32::from(self.data[i]) * a;
            out[1] += f32::from(self.data[i + 1]) * a;
            out[2] += f32::from(self.data[i + 2]) * a;
            out[3] += a;
        }
        if out[3] > 0.0 {
            out[0] /= out[3];
            out[1] /= out[3];
            out[2] /= out[3];
        }
        out
    }
}

impl Surface for Sprite {
    fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    #[inline]
    fn blend(&mut self, x: usize, y: usize, c: Rgb, a: f32) {
        let i = (y * self.width + x) * 4;
        let px = &mut self.data[i..i + 4];
        let da = f32::from(px[3]) / 255.0;
        let oa = a + da * (1.0 - a);
        if oa <= 0.0 {
            return;
        }
        for (k, s) in [c.0, c.1, c.2].into_iter().enumerate() {
            let v = (f32::from(s) * a + f32::from(px[k]) * da * (1.0 - a)) / oa;
            px[k] = (v + 0.5) as u8;
        }
        px[3] = (oa * 255.0 + 0.5) as u8;
    }
}

/// Fills a polygon (any simple polygon, even-odd rule) with one colour at opacity `alpha`.
/// Edges are antialiased across the scanline.
pub fn fill_polygon<S: Surface>(s: &mut S, pts: &[(f64, f64)], c: Rgb, alpha: f32) {
    if pts.len() < 3 {
        return;
    }
    let (w, h) = s.size();
    let ymin = pts
        .iter()
        .map(|p| p.1)
        .fold(f64::INFINITY, f64::min)
        .floor()
        .max(0.0) as usize;
    let ymax = pts
        .iter()
        .map(|p| p.1)
        .fold(f64::NEG_INFINITY, f64::max)
        .ceil()
        .min(h as f64) as usize;
    let mut xs: Vec<f64> = Vec::with_capacity(8);
    let mut cov = vec![0f32; w + 1];
    for y in ymin..ymax {
        // Two samples a row, so slanted top and bottom edges are softened too.
        let (mut lo, mut hi) = (w, 0);
        for sub in [0.25, 0.75] {
            let sy = y as f64 + sub;
            xs.clear();
            for i in 0..pts.len() {
                let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
                if (a.1 <= sy) != (b.1 <= sy) {
                    xs.push(a.0 + (sy - a.1) / (b.1 - a.1) * (b.0 - a.0));
                }
            }
            xs.sort_by(f64::total_cmp);
            for span in xs.chunks_exact(2) {
                let (x0, x1) = (span[0].max(0.0), span[1].min(w as f64));
                if x1 <= x0 {
                    continue;
                }
                let (i0, i1) = (x0.floor() as usize, (x1.ceil() as usize).min(w));
                lo = lo.min(i0);
                hi = hi.max(i1);
                for (x, c) in cov.iter_mut().enumerate().take(i1).skip(i0) {
                    let cover = ((x as f64 + 1.0).min(x1) - (x as f64).max(x0)).clamp(0.0, 1.0);
                    *c += 0.5 * cover as f32;
                }
            }
        }
        for (x, cv) in cov.iter_mut().enumerate().take(hi).skip(lo) {
            let a = cv.min(1.0);
            *cv = 0.0;
            if a > 0.0 {
                s.blend(x, y, c, alpha * a);
            }
        }
    }
}

/// The points of an ellipse centred at `c` with radii `rx`, `ry`, turned by `angle`.
pub fn ellipse_points(c: (f64, f64), rx: f64, ry: f64, angle: f64, n: usize) -> Vec<(f64, f64)> {
    let (s, co) = angle.sin_cos();
    (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / n as f64;
            let (x, y) = (rx * a.cos(), ry * a.sin());
            (c.0 + x * co - y * s, c.1 + x * s + y * co)
        })
        .collect()
}

/// Draws `sprite` onto `canvas` through `map` (sprite pixels to canvas pixels) at opacity
/// `alpha`. Only the canvas pixels inside the mapped sprite are visited.
pub fn draw_sprite(canvas: &mut Canvas, sprite: &Sprite, map: &Homography, alpha: f32) {
    let Some(inv) = map.inverse() else {
        return;
    };
    let (sw, sh) = (sprite.width as f64, sprite.height as f64);
    let corners = [(0.0, 0.0), (sw, 0.0), (sw, sh), (0.0, sh)];
    let mut xmin = f64::INFINITY;
    let mut xmax = f64::NEG_INFINITY;
    let mut ymin = f64::INFINITY;
    let mut ymax = f64::NEG_INFINITY;
    for (x, y) in corners {
        let Some((u, v)) = map.apply(x, y) else {
            return;
        };
        xmin = xmin.min(u);
        xmax = xmax.max(u);
        ymin = ymin.min(v);
        ymax = ymax.max(v);
    }
    let x0 = xmin.floor().max(0.0) as usize;
    let x1 = (xmax.ceil().max(0.0) as usize).min(canvas.width);
    let y0 = ymin.floor().max(0.0) as usize;
    let y1 = (ymax.ceil().max(0.0) as usize).min(canvas.height);
    let m = inv.m;
    for y in y0..y1 {
        let py = y as f64 + 0.5;
        for x in x0..x1 {
            let px = x as f64 + 0.5;
            let w = m[6] * px + m[7] * py + m[8];
            let sx = (m[0] * px + m[1] * py + m[2]) / w;
            let sy = (m[3] * px + m[4] * py + m[5]) / w;
            if sx < -1.0 || sy < -1.0 || sx > sw + 1.0 || sy > sh + 1.0 {
                continue;
            }
            let s = sprite.sample(sx, sy);
            if s[3] <= 0.5 {
                continue;
            }
            let c = Rgb(s[0] as u8, s[1] as u8, s[2] as u8);
            canvas.blend(x, y, c, alpha * s[3] / 255.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_filled_square_covers_its_area() {
        let mut c = Canvas::new(20, 20, Rgb(0, 0, 0));
        fill_polygon(
            &mut c,
            &[(5.0, 5.0), (15.0, 5.0), (15.0, 15.0), (5.0, 15.0)],
            Rgb(255, 255, 255),
            1.0,
        );
        assert_eq!(c.get(10, 10), Rgb(255, 255, 255));
        assert_eq!(c.get(2, 2), Rgb(0, 0, 0));
        let lit = (0..20)
            .flat_map(|y| (0..20).map(move |x| (x, y)))
            .filter(|&(x, y)| c.get(x, y).0 > 127)
            .count();
        assert_eq!(lit, 100);
    }

    #[test]
    fn a_sprite_lands_where_the_map_puts_it() {
        let mut s = Sprite::new(4, 4);
        fill_polygon(
            &mut s,
            &[(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)],
            Rgb(200, 10, 10),
            1.0,
        );
        let mut c = Canvas::new(40, 40, Rgb(0, 0, 0));
        // Scale 5 and move to (10, 20).
        let map = Homography {
            m: [5.0, 0.0, 10.0, 0.0, 5.0, 20.0, 0.0, 0.0, 1.0],
        };
        draw_sprite(&mut c, &s, &map, 1.0);
        assert_eq!(c.get(20, 30), Rgb(200, 10, 10));
        assert_eq!(c.get(5, 5), Rgb(0, 0, 0));
        assert_eq!(c.get(35, 30), Rgb(0, 0, 0));
    }
}
