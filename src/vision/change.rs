//! Where the picture changed: the recognizer runs only there. A fixed overhead camera sees the
//! same table frame after frame; cards and chips appear, move and go in a few places. The
//! frame is cut into square blocks (pixels); a block changed when its mean colour moved more
//! than sensor noise and lighting flicker can move it since the frame the recognizer last saw.
//! Neighbouring changed blocks are merged into regions. Pure.

/// A rectangle of the frame, pixels: x0, y0 inclusive, x1, y1 exclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    /// Left edge.
    pub x0: usize,
    /// Top edge.
    pub y0: usize,
    /// Right edge (exclusive).
    pub x1: usize,
    /// Bottom edge (exclusive).
    pub y1: usize,
}

impl Region {
    /// True when the region overlaps the box `[x0, y0, x1, y1]` (pixels).
    pub fn overlaps(&self, b: [f64; 4]) -> bool {
        (self.x0 as f64) < b[2]
            && b[0] < self.x1 as f64
            && (self.y0 as f64) < b[3]
            && b[1] < self.y1 as f64
    }
}

/// How far (pixels of the half-size picture) the camera may shake between frames and a
/// block still be the same: the jitter of a camera on a loose mount.
const SHAKE: i64 = 1;

/// The changes of a stream of frames of one size.
#[derive(Debug, Clone)]
pub struct ChangeMap {
    width: usize,
    height: usize,
    block: usize,
    /// The reference picture at half size (3 channels): each block as the recognizer last
    /// saw it.
    reference: Vec<[u16; 3]>,
    /// Summed-area table of `reference`, (hw + 1) x (hh + 1).
    table: Vec<[u32; 3]>,
    /// How far a block's mean may move, in 8-bit levels, before it counts as changed.
    pub threshold: f32,
    /// Which blocks changed at the last update (row by row; empty: all of them).
    changed: Vec<bool>,
}

impl ChangeMap {
    /// A map for `width` x `height` frames cut into `block`-pixel squares.
    pub fn new(width: usize, height: usize, block: usize) -> ChangeMap {
        ChangeMap {
            width,
            height,
            block: (block / 2).max(1) * 2,
            reference: Vec::new(),
            table: Vec::new(),
            threshold: 10.0,
            changed: Vec::new(),
        }
    }

    /// The half-size picture's width and height.
    fn half(&self) -> (usize, usize) {
        (self.width / 2, self.height / 2)
    }

    fn blocks(&self) -> (usize, usize) {
        let (hw, hh) = self.half();
        let b = self.block / 2;
        (hw.div_ceil(b), hh.div_ceil(b))
    }

    /// The frame at half size, each pixel the sum of four (0..=1020).
    fn halve(&self, rgb: &[u8]) -> Vec<[u16; 3]> {
        let (hw, hh) = self.half();
        let mut out = vec![[0u16; 3]; hw * hh];
        for y in 0..hh {
            let r0 = &rgb[2 * y * self.width * 3..];
            let r1 = &rgb[(2 * y + 1) * self.width * 3..];
            for x in 0..hw {
                let i = 6 * x;
                let o = &mut out[y * hw + x];
                for c in 0..3 {
                    o[c] = u16::from(r0[i + c])
                        + u16::from(r0[i + 3 + c])
                        + u16::from(r1[i + c])
                        + u16::from(r1[i + 3 + c]);
                }
            }
        }
        out
    }

    fn build_table(&mut self) {
        let (hw, hh) = self.half();
        let stride = hw + 1;
        self.table = vec![[0u32; 3]; stride * (hh + 1)];
        for y in 0..hh {
            let mut row = [0u32; 3];
            for x in 0..hw {
                let p = self.reference[y * hw + x];
                for c in 0..3 {
                    row[c] += u32::from(p[c]);
                    self.table[(y + 1) * stride + x + 1][c] =
                        self.table[y * stride + x + 1][c] + row[c];
                }
            }
        }
    }

    /// Mean colour (0..=255) of the reference over the half-size rectangle, clipped.
    fn reference_mean(&self, x0: i64, y0: i64, x1: i64, y1: i64) -> Option<[f32; 3]> {
        let (hw, hh) = self.half();
        let (x0, y0) = (x0.max(0) as usize, y0.max(0) as usize);
        let (x1, y1) = (x1.min(hw as i64) as usize, y1.min(hh as i64) as usize);
        if x1 <= x0 || y1 <= y0 {
            return None;
        }
        let stride = hw + 1;
        let t = &self.table;
        let n = ((x1 - x0) * (y1 - y0) * 4) as f32;
        let mut m = [0.0; 3];
        for (c, v) in m.iter_mut().enumerate() {
            let s = t[y1 * stride + x1][c] + t[y0 * stride + x0][c]
                - t[y0 * stride + x1][c]
                - t[y1 * stride + x0][c];
            *v = s as f32 / n;
        }
        Some(m)
    }

    /// Compares a frame (tightly packed RGB rows) with the reference and returns the changed
    /// regions; the changed blocks of the frame become their reference. A block has changed
    /// when its mean colour differs from the reference's, lighting flicker taken out, however
    /// the camera shook by up to two pixels. The first frame is all change; so is a frame of
    /// the wrong size, which also resets the map.
    pub fn update(&mut self, rgb: &[u8]) -> Vec<Region> {
        let whole = Region {
            x0: 0,
            y0: 0,
            x1: self.width,
            y1: self.height,
        };
        self.changed.clear();
        if rgb.len() != self.width * self.height * 3 || self.width < 2 || self.height < 2 {
            self.reference.clear();
            return vec![whole];
        }
        let cur = self.halve(rgb);
        if self.reference.len() != cur.len() {
            self.reference = cur;
            self.build_table();
            return vec![whole];
        }
        let (hw, hh) = self.half();
        let (bw, bh) = self.blocks();
        let b = self.block / 2;
        // Each block's mean now, and the reference's in the same place.
        let mut means = vec![[0.0f32; 3]; bw * bh];
        for by in 0..bh {
            for bx in 0..bw {
                let (x0, y0) = (bx * b, by * b);
                let (x1, y1) = ((x0 + b).min(hw), (y0 + b).min(hh));
                let mut sum = [0u32; 3];
                for y in y0..y1 {
                    for p in &cur[y * hw + x0..y * hw + x1] {
                        for c in 0..3 {
                            sum[c] += u32::from(p[c]);
                        }
                    }
                }
                let n = ((x1 - x0) * (y1 - y0) * 4).max(1) as f32;
                means[by * bw + bx] = [sum[0] as f32 / n, sum[1] as f32 / n, sum[2] as f32 / n];
            }
        }
        // Lighting flicker scales every block alike: take the median gain out first.
        let mut gains: Vec<f32> = Vec::with_capacity(means.len());
        for by in 0..bh {
            for bx in 0..bw {
                let (x0, y0) = ((bx * b) as i64, (by * b) as i64);
                if let Some(r) = self.reference_mean(x0, y0, x0 + b as i64, y0 + b as i64) {
                    let (lr, lc) = (r[0] + r[1] + r[2], {
                        let m = means[by * bw + bx];
                        m[0] + m[1] + m[2]
                    });
                    if lr > 60.0 {
                        gains.push(lc / lr);
                    }
                }
            }
        }
        let gain = if gains.is_empty() {
            1.0
        } else {
            let mid = gains.len() / 2;
            *gains.select_nth_unstable_by(mid, f32::total_cmp).1
        };
        let mut changed = vec![false; bw * bh];
        for by in 0..bh {
            for bx in 0..bw {
                let m = means[by * bw + bx];
                let (x0, y0) = ((bx * b) as i64, (by * b) as i64);
                let mut best = f32::MAX;
                'shift: for dy in -SHAKE..=SHAKE {
                    for dx in -SHAKE..=SHAKE {
                        let Some(r) = self.reference_mean(
                            x0 + dx,
                            y0 + dy,
                            x0 + dx + b as i64,
                            y0 + dy + b as i64,
                        ) else {
                            continue;
                        };
                        let d = (0..3)
                            .map(|c| (m[c] - gain * r[c]).abs())
                            .fold(0.0, f32::max);
                        best = best.min(d);
                        if best <= self.threshold {
                            break 'shift;
                        }
                    }
                }
                changed[by * bw + bx] = best > self.threshold;
            }
        }
        // A block keeps its reference until it counts as changed, so a slow drift (a card
        // pushed a pixel a frame) adds up until it shows.
        let mut any = false;
        for by in 0..bh {
            for bx in 0..bw {
                if !changed[by * bw + bx] {
                    continue;
                }
                any = true;
                let (x0, y0) = (bx * b, by * b);
                let (x1, y1) = ((x0 + b).min(hw), (y0 + b).min(hh));
                for y in y0..y1 {
                    self.reference[y * hw + x0..y * hw + x1]
                        .copy_from_slice(&cur[y * hw + x0..y * hw + x1]);
                }
            }
        }
        if any {
            self.build_table();
        }
        let regions = self.regions(&changed, bw, bh);
        self.changed = changed;
        regions
    }

    /// True when a block that overlaps the box `[x0, y0, x1, y1]` (pixels) changed at the last
    /// update (every block did at the first). Finer than the regions, which are the bounding
    /// boxes of changed blocks that touch: beside a hand moving across the felt, a card whose
    /// own part of the picture stayed the same did not change.
    pub fn changed_in(&self, b: [f64; 4]) -> bool {
        let (bw, bh) = self.blocks();
        if self.changed.len() != bw * bh {
            return true;
        }
        let size = self.block as f64;
        let cell = |v: f64, n: usize| ((v / size).floor().max(0.0) as usize).min(n - 1);
        if b[2] <= 0.0 || b[3] <= 0.0 || b[0] >= self.width as f64 || b[1] >= self.height as f64 {
            return false;
        }
        let (x0, x1) = (cell(b[0], bw), cell(b[2] - 1e-9, bw));
        let (y0, y1) = (cell(b[1], bh), cell(b[3] - 1e-9, bh));
        (y0..=y1).any(|y| (x0..=x1).any(|x| self.changed[y * bw + x]))
    }

    /// Merges changed blocks that touch (8-neighbours) into bounding rectangles.
    fn regions(&self, changed: &[bool], bw: usize, bh: usize) -> Vec<Region> {
        let mut seen = vec![false; changed.len()];
        let mut out = Vec::new();
        for start in 0..changed.len() {
            if !changed[start] || seen[start] {
                continue;
            }
            let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
            let mut stack = vec![start];
            seen[start] = true;
            while let Some(i) = stack.pop() {
                let (bx, by) = (i % bw, i / bw);
                x0 = x0.min(bx);
                y0 = y0.min(by);
                x1 = x1.max(bx + 1);
                y1 = y1.max(by + 1);
                for dy in -1i64..=1 {
                    for dx in -1i64..=1 {
                        let (nx, ny) = (bx as i64 + dx, by as i64 + dy);
                        if nx < 0 || ny < 0 || nx >= bw as i64 || ny >= bh as i64 {
                            continue;
                        }
                        let j = ny as usize * bw + nx as usize;
                        if changed[j] && !seen[j] {
                            seen[j] = true;
                            stack.push(j);
                        }
                    }
                }
            }
            out.push(Region {
                x0: x0 * self.block,
                y0: y0 * self.block,
                x1: (x1 * self.block).min(self.width),
                y1: (y1 * self.block).min(self.height),
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::TableDesign;
    use crate::render::paint::{Look, Painter};
    use crate::render::{Canvas, Rgb};
    use crate::rules::twenty_one::HouseRules;
    use crate::sim::annotate::annotate;
    use crate::sim::scene::Scene;
    use crate::sim::{PlayConfig, play};

    #[test]
    fn only_what_moved_is_changed_despite_noise_and_flicker() {
        let events = play(PlayConfig::new(HouseRules::default(), 8), 2);
        let design = TableDesign::default();
        let scene = Scene::build(&events, &design);
        let mut look = Look::from_seed(8, 1.0, "1", &[]);
        look.jitter = 0.0; // a camera on a fixed mount
        look.flicker = 0.03;
        let painter = Painter::new(look, design, 640, 360, 8);
        // Mid-flight of the first card dealt to a player: it moves between two frames.
        let (ev, _, _) = crate::sim::scene::first_player_card(&events);
        let (t0, t1) = (ev.t - 0.2, ev.t - 0.2 + 1.0 / 30.0);
        let mut a = Canvas::new(640, 360, Rgb(0, 0, 0));
        let mut b = a.clone();
        painter.paint(&scene, t0, 1000, &mut a);
        painter.paint(&scene, t1, 1001, &mut b);
        let mut map = ChangeMap::new(640, 360, 16);
        assert_eq!(
            map.update(&a.data).len(),
            1,
            "the first frame is all change"
        );
        let regions = map.update(&b.data);
        assert!(!regions.is_empty());
        // The moving card is inside a changed region...
        let (arm, palm) = scene.dealer_outline(t1);
        let note = annotate(&scene, &painter.camera, (0.0, 0.0), 1001, t1, (&arm, &palm));
        let moving: Vec<_> = note.objects.iter().filter(|o| o.moving).collect();
        assert!(!moving.is_empty());
        for o in moving {
            assert!(
                regions.iter().any(|r| r.overlaps(o.bbox)),
                "{:?} not in {regions:?}",
                o.bbox
            );
        }
        // ...and the changed area is a small part of the frame.
        let area: usize = regions.iter().map(|r| (r.x1 - r.x0) * (r.y1 - r.y0)).sum();
        assert!(area < 640 * 360 / 5, "changed {area} px of {}", 640 * 360);
        // The same picture again, with fresh noise and flicker: nothing changed.
        let mut c = a.clone();
        painter.paint(&scene, t1, 1002, &mut c);
        assert!(map.update(&c.data).is_empty());
    }

    #[test]
    fn a_block_beside_a_change_did_not_change_though_the_region_holds_it() {
        // Two squares painted at opposite corners of one 8-connected diagonal: one region
        // whose bounding box holds blocks that stayed the same.
        let (w, h) = (128, 96);
        let grey = vec![90u8; w * h * 3];
        let mut b = grey.clone();
        for (x0, y0) in [(16, 16), (32, 32), (48, 48)] {
            for y in y0..y0 + 16 {
                for x in x0..x0 + 16 {
                    b[(y * w + x) * 3..(y * w + x) * 3 + 3].copy_from_slice(&[200, 40, 40]);
                }
            }
        }
        let mut map = ChangeMap::new(w, h, 16);
        map.update(&grey);
        assert!(
            map.changed_in([0.0, 0.0, 4.0, 4.0]),
            "the first frame is all change"
        );
        map.update(&grey);
        assert!(!map.changed_in([0.0, 0.0, 128.0, 96.0]), "nothing changed");
        let regions = map.update(&b);
        assert_eq!(
            regions,
            vec![Region {
                x0: 16,
                y0: 16,
                x1: 64,
                y1: 64
            }]
        );
        // Inside the region, off the diagonal: the same as before.
        assert!(!map.changed_in([50.0, 18.0, 60.0, 28.0]));
        assert!(!map.changed_in([18.0, 50.0, 28.0, 60.0]));
        // On a painted block, or a box that reaches into one.
        assert!(map.changed_in([36.0, 36.0, 40.0, 40.0]));
        assert!(map.changed_in([40.0, 20.0, 50.0, 40.0]));
        // Off the picture.
        assert!(!map.changed_in([-30.0, -30.0, -10.0, -10.0]));
        assert!(!map.changed_in([200.0, 10.0, 220.0, 20.0]));
    }
}
