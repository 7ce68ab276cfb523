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

/// The changes of a stream of frames of one size.
#[derive(Debug, Clone)]
pub struct ChangeMap {
    width: usize,
    height: usize,
    block: usize,
    /// Mean colour of each block in the reference frame (3 channels, 0..=255).
    reference: Vec<[f32; 3]>,
    /// How far a block's mean may move, in 8-bit levels, before it counts as changed.
    pub threshold: f32,
}

impl ChangeMap {
    /// A map for `width` x `height` frames cut into `block`-pixel squares.
    pub fn new(width: usize, height: usize, block: usize) -> ChangeMap {
        ChangeMap {
            width,
            height,
            block: block.max(1),
            reference: Vec::new(),
            threshold: 10.0,
        }
    }

    fn blocks(&self) -> (usize, usize) {
        (
            self.width.div_ceil(self.block),
            self.height.div_ceil(self.block),
        )
    }

    fn means(&self, rgb: &[u8]) -> Vec<[f32; 3]> {
        let (bw, bh) = self.blocks();
        let mut sum = vec![[0u32; 3]; bw * bh];
        let mut count = vec![0u32; bw * bh];
        for y in 0..self.height {
            let row = &rgb[y * self.width * 3..(y + 1) * self.width * 3];
            let by = y / self.block;
            for (x, px) in row.chunks_exact(3).enumerate() {
                let i = by * bw + x / self.block;
                for c in 0..3 {
                    sum[i][c] += u32::from(px[c]);
                }
                count[i] += 1;
            }
        }
        sum.iter()
            .zip(&count)
            .map(|(s, &n)| {
                let n = n.max(1) as f32;
                [s[0] as f32 / n, s[1] as f32 / n, s[2] as f32 / n]
            })
            .collect()
    }

    /// Compares a frame (tightly packed RGB rows) with the reference and returns the changed
    /// regions; the changed blocks of the frame become their reference. The first frame is all change. A frame of the
    /// wrong size is all change too, and resets the map.
    pub fn update(&mut self, rgb: &[u8]) -> Vec<Region> {
        let whole = Region {
            x0: 0,
            y0: 0,
            x1: self.width,
            y1: self.height,
        };
        if rgb.len() != self.width * self.height * 3 {
            self.reference.clear();
            return vec![whole];
        }
        let means = self.means(rgb);
        if self.reference.len() != means.len() {
            self.reference = means;
            return vec![whole];
        }
        // Lighting flicker moves every block alike: take the median shift out first.
        let mut shifts: Vec<f32> = means
            .iter()
            .zip(&self.reference)
            .map(|(a, b)| (a[0] + a[1] + a[2] - b[0] - b[1] - b[2]) / 3.0)
            .collect();
        let mid = shifts.len() / 2;
        let global = *shifts.select_nth_unstable_by(mid, f32::total_cmp).1;
        let (bw, bh) = self.blocks();
        let mut changed = vec![false; bw * bh];
        for (i, (a, b)) in means.iter().zip(&self.reference).enumerate() {
            let d = (0..3)
                .map(|c| (a[c] - b[c] - global).abs())
                .fold(0.0, f32::max);
            changed[i] = d > self.threshold;
        }
        // A block keeps its reference until it counts as changed, so a slow drift (a card
        // pushed a pixel a frame) adds up until it shows.
        for (i, m) in means.into_iter().enumerate() {
            if changed[i] {
                self.reference[i] = m;
            }
        }
        self.regions(&changed, bw, bh)
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
        let mut look = Look::from_seed(8, 1.0, "1");
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
}
