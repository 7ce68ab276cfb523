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

/// What changed in one frame (pixels): the changed blocks merged into regions, and the
/// blocks themselves. It can be worked out a frame ahead, apart from the model
/// ([`ChangeMap::changes`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Changes {
    /// Changed blocks that touch, each group as its bounding rectangle.
    pub regions: Vec<Region>,
    /// Which blocks changed, row by row (empty: all of them).
    blocks: Vec<bool>,
    grid: Grid,
}

impl Changes {
    /// Everything changed in a `width` x `height` frame: the first frame of a stream.
    pub fn whole(width: usize, height: usize) -> Changes {
        Changes {
            regions: vec![Region {
                x0: 0,
                y0: 0,
                x1: width,
                y1: height,
            }],
            blocks: Vec::new(),
            grid: Grid::default(),
        }
    }

    /// True when a block that overlaps the box `[x0, y0, x1, y1]` (pixels) changed
    /// ([`ChangeMap::changed_in`]).
    pub fn changed_in(&self, b: [f64; 4]) -> bool {
        self.grid.changed_in(&self.blocks, b)
    }
}

/// A frame's blocks: how many across and down, a block's side, and the frame's size (pixels).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Grid {
    across: usize,
    down: usize,
    block: usize,
    width: usize,
    height: usize,
}

impl Grid {
    /// True when a block of `changed` (row by row; of another length: all of them) that
    /// overlaps the box `[x0, y0, x1, y1]` (pixels) is marked.
    fn changed_in(&self, changed: &[bool], b: [f64; 4]) -> bool {
        let (bw, bh) = (self.across, self.down);
        if changed.len() != bw * bh || changed.is_empty() {
            return true;
        }
        let size = self.block as f64;
        let cell = |v: f64, n: usize| ((v / size).floor().max(0.0) as usize).min(n - 1);
        if b[2] <= 0.0 || b[3] <= 0.0 || b[0] >= self.width as f64 || b[1] >= self.height as f64 {
            return false;
        }
        let (x0, x1) = (cell(b[0], bw), cell(b[2] - 1e-9, bw));
        let (y0, y1) = (cell(b[1], bh), cell(b[3] - 1e-9, bh));
        (y0..=y1).any(|y| (x0..=x1).any(|x| changed[y * bw + x]))
    }
}

/// A frame at half size, and its blocks' mean colours.
#[derive(Debug, Clone, Default)]
struct Picture {
    /// Pixels, each the sum of four of the frame's (0..=1020), row by row.
    half: Vec<[u16; 3]>,
    /// Each block's mean colour (0..=255), row by row.
    means: Vec<[f32; 3]>,
}

/// The changes of a stream of frames of one size.
#[derive(Debug, Clone)]
pub struct ChangeMap {
    width: usize,
    height: usize,
    block: usize,
    /// The reference picture: each block as the recognizer last saw it.
    reference: Picture,
    /// How far a block's mean may move, in 8-bit levels, before it counts as changed.
    pub threshold: f32,
    /// Which blocks changed at the last update (row by row; empty: all of them).
    changed: Vec<bool>,
    /// Blocks whose changes are of no matter (row by row; empty: none): never reported.
    blind: Vec<bool>,
}

impl ChangeMap {
    /// A map for `width` x `height` frames cut into `block`-pixel squares (an even number, 2
    /// to 256).
    pub fn new(width: usize, height: usize, block: usize) -> ChangeMap {
        ChangeMap {
            width,
            height,
            block: (block / 2).clamp(1, 128) * 2,
            reference: Picture::default(),
            threshold: 10.0,
            changed: Vec::new(),
            blind: Vec::new(),
        }
    }

    /// Never reports a change in a block whose rectangle (pixels) `blind` says is of no
    /// matter: where nothing looked for can be found (off the felt, deep in the chip tray).
    pub fn blind_where(&mut self, blind: impl Fn(Region) -> bool) {
        let (bw, bh) = self.blocks();
        let size = self.block;
        self.blind = (0..bw * bh)
            .map(|i| {
                let (x0, y0) = ((i % bw) * size, (i / bw) * size);
                blind(Region {
                    x0,
                    y0,
                    x1: (x0 + size).min(self.width),
                    y1: (y0 + size).min(self.height),
                })
            })
            .collect();
    }

    /// The width and height of the frames it compares (pixels).
    pub fn size(&self) -> (usize, usize) {
        (self.width, self.height)
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
        let (bw, bh) = self.blocks();
        let mut out = vec![[0u16; 3]; hw * hh];
        for i in 0..bw * bh {
            self.halve_block(rgb, i, &mut out);
        }
        out
    }

    /// Mean colour (0..=255) over the half-size rectangle, clipped, of the half-size
    /// picture `half`.
    fn mean_in(&self, half: &[[u16; 3]], x0: i64, y0: i64, x1: i64, y1: i64) -> Option<[f32; 3]> {
        let (hw, hh) = self.half();
        let (x0, y0) = (x0.max(0) as usize, y0.max(0) as usize);
        let (x1, y1) = (x1.min(hw as i64) as usize, y1.min(hh as i64) as usize);
        if x1 <= x0 || y1 <= y0 {
            return None;
        }
        let mut sum = [0u32; 3];
        for y in y0..y1 {
            for p in &half[y * hw + x0..y * hw + x1] {
                for c in 0..3 {
                    sum[c] += u32::from(p[c]);
                }
            }
        }
        let n = ((x1 - x0) * (y1 - y0) * 4) as f32;
        Some([sum[0] as f32 / n, sum[1] as f32 / n, sum[2] as f32 / n])
    }

    /// Each block's mean colour (0..=255) in the frame (tightly packed RGB rows), row by row,
    /// over the pixels [`ChangeMap::halve`] takes in: in one pass over the frame, a block row's
    /// bytes added up column by column in 16 bits (a block is at most 256 rows tall, which
    /// keeps the sums in range, and 16-bit sums vectorise twice as wide as 32-bit ones), then
    /// each block's columns split by channel.
    fn means(&self, rgb: &[u8]) -> Vec<[f32; 3]> {
        let (hw, hh) = self.half();
        let (bw, bh) = self.blocks();
        let (row, used, span) = (self.width * 3, hw * 6, self.block * 3);
        let mut out = Vec::with_capacity(bw * bh);
        let mut acc = vec![0u16; used];
        for by in 0..bh {
            acc.fill(0);
            let (y0, y1) = (by * self.block, ((by + 1) * self.block).min(2 * hh));
            for y in y0..y1 {
                for (a, &v) in acc.iter_mut().zip(&rgb[y * row..y * row + used]) {
                    *a += u16::from(v);
                }
            }
            for (bx, cols) in acc.chunks(span).enumerate() {
                let mut sum = [0u32; 3];
                for px in cols.chunks_exact(3) {
                    for c in 0..3 {
                        sum[c] += u32::from(px[c]);
                    }
                }
                let w = (((bx + 1) * self.block).min(2 * hw)).saturating_sub(bx * self.block);
                let n = (w * (y1 - y0)).max(1) as f32;
                out.push([sum[0] as f32 / n, sum[1] as f32 / n, sum[2] as f32 / n]);
            }
        }
        out
    }

    /// Block `i` (row by row) of the frame (tightly packed RGB rows) at half size, written
    /// into the half-size picture `half`.
    fn halve_block(&self, rgb: &[u8], i: usize, half: &mut [[u16; 3]]) {
        let (hw, hh) = self.half();
        let (bw, _) = self.blocks();
        let b = self.block / 2;
        let (x0, y0) = ((i % bw) * b, (i / bw) * b);
        let (x1, y1) = ((x0 + b).min(hw), (y0 + b).min(hh));
        let row = self.width * 3;
        for y in y0..y1 {
            let r0 = &rgb[2 * y * row + x0 * 6..2 * y * row + x1 * 6];
            let r1 = &rgb[(2 * y + 1) * row + x0 * 6..(2 * y + 1) * row + x1 * 6];
            let dst = &mut half[y * hw + x0..y * hw + x1];
            for ((o, a), b) in dst
                .iter_mut()
                .zip(r0.chunks_exact(6))
                .zip(r1.chunks_exact(6))
            {
                for c in 0..3 {
                    o[c] = u16::from(a[c])
                        + u16::from(a[c + 3])
                        + u16::from(b[c])
                        + u16::from(b[c + 3]);
                }
            }
        }
    }

    /// The frame (tightly packed RGB rows) at half size, with its blocks' means.
    fn picture(&self, rgb: &[u8]) -> Picture {
        let half = self.halve(rgb);
        let (bw, bh) = self.blocks();
        let b = (self.block / 2) as i64;
        let means = (0..bw * bh)
            .map(|i| {
                let (x0, y0) = ((i % bw) as i64 * b, (i / bw) as i64 * b);
                self.mean_in(&half, x0, y0, x0 + b, y0 + b)
                    .unwrap_or_default()
            })
            .collect();
        Picture { half, means }
    }

    /// Which blocks of the picture whose block means are `means` differ from the same blocks
    /// of `other`: lighting flicker scales every block alike, so the median gain is taken
    /// out first, and a camera that shook by up to [`SHAKE`] half-size pixels, in steps of
    /// half of one, does not make a block differ.
    fn differs(&self, other: &Picture, means: &[[f32; 3]]) -> Vec<bool> {
        let (bw, _) = self.blocks();
        let b = (self.block / 2) as i64;
        let mut gains: Vec<f32> = other
            .means
            .iter()
            .zip(means)
            .filter_map(|(r, m)| {
                let (lr, lc) = (r[0] + r[1] + r[2], m[0] + m[1] + m[2]);
                (lr > 60.0).then(|| lc / lr)
            })
            .collect();
        let gain = if gains.is_empty() {
            1.0
        } else {
            let mid = gains.len() / 2;
            *gains.select_nth_unstable_by(mid, f32::total_cmp).1
        };
        let n = (2 * SHAKE + 1) as usize;
        means
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                let d = |r: [f32; 3]| {
                    (0..3)
                        .map(|c| (m[c] - gain * r[c]).abs())
                        .fold(0.0, f32::max)
                };
                // Unshifted first: most blocks are the same.
                let mut best = d(other.means[i]);
                if best <= self.threshold {
                    return false;
                }
                let (x0, y0) = ((i % bw) as i64 * b, (i / bw) as i64 * b);
                let mut at = vec![None; n * n];
                let mut mean_at = |dx: i64, dy: i64| {
                    let k = (dy + SHAKE) as usize * n + (dx + SHAKE) as usize;
                    *at[k].get_or_insert_with(|| {
                        self.mean_in(&other.half, x0 + dx, y0 + dy, x0 + dx + b, y0 + dy + b)
                    })
                };
                // Then shifted by half a half-size pixel at a time (one pixel of the frame,
                // the jitter of most cameras that shake), between whole shifts by averaging.
                for hy in -2 * SHAKE..=2 * SHAKE {
                    for hx in -2 * SHAKE..=2 * SHAKE {
                        let (xs, ys) = (
                            [hx.div_euclid(2), (hx + 1).div_euclid(2)],
                            [hy.div_euclid(2), (hy + 1).div_euclid(2)],
                        );
                        let mut sum = [0.0f32; 3];
                        let mut k = 0.0;
                        for &sy in &ys {
                            for &sx in &xs {
                                if let Some(r) = mean_at(sx, sy) {
                                    for c in 0..3 {
                                        sum[c] += r[c];
                                    }
                                    k += 1.0;
                                }
                            }
                        }
                        if k > 0.0 {
                            best = best.min(d([sum[0] / k, sum[1] / k, sum[2] / k]));
                            if best <= self.threshold {
                                return false;
                            }
                        }
                    }
                }
                true
            })
            .collect()
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
            self.reference = Picture::default();
            return vec![whole];
        }
        if self.reference.half.len() != (self.width / 2) * (self.height / 2) {
            self.reference = self.picture(rgb);
            return vec![whole];
        }
        let (bw, bh) = self.blocks();
        let means = self.means(rgb);
        let mut changed = self.differs(&self.reference, &means);
        if self.blind.len() == changed.len() {
            for (c, &b) in changed.iter_mut().zip(&self.blind) {
                *c &= !b;
            }
        }
        // A block keeps its reference until it counts as changed, so a slow drift (a card
        // pushed a pixel a frame) adds up until it shows.
        let mut half = std::mem::take(&mut self.reference.half);
        for i in (0..bw * bh).filter(|&i| changed[i]) {
            self.reference.means[i] = means[i];
            self.halve_block(rgb, i, &mut half);
        }
        self.reference.half = half;
        let regions = self.regions(&changed, bw, bh);
        self.changed = changed;
        regions
    }

    /// True when a block that overlaps the box `[x0, y0, x1, y1]` (pixels) changed at the last
    /// update (every block did at the first). Finer than the regions, which are the bounding
    /// boxes of changed blocks that touch: beside a hand moving across the felt, a card whose
    /// own part of the picture stayed the same did not change.
    pub fn changed_in(&self, b: [f64; 4]) -> bool {
        self.grid().changed_in(&self.changed, b)
    }

    /// Compares a frame with the reference, as [`ChangeMap::update`] does, and returns what
    /// changed: the regions, and block by block.
    pub fn changes(&mut self, rgb: &[u8]) -> Changes {
        let regions = self.update(rgb);
        Changes {
            regions,
            blocks: self.changed.clone(),
            grid: self.grid(),
        }
    }

    fn grid(&self) -> Grid {
        let (across, down) = self.blocks();
        Grid {
            across,
            down,
            block: self.block,
            width: self.width,
            height: self.height,
        }
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

    /// A grey `w` x `h` frame with red squares 16 pixels across at the given top-left corners.
    fn squares(w: usize, h: usize, at: &[(usize, usize)]) -> Vec<u8> {
        let mut f = vec![90u8; w * h * 3];
        for &(x0, y0) in at {
            for y in y0..y0 + 16 {
                for x in x0..x0 + 16 {
                    f[(y * w + x) * 3..(y * w + x) * 3 + 3].copy_from_slice(&[200, 40, 40]);
                }
            }
        }
        f
    }

    #[test]
    fn block_means_in_one_pass_are_the_means_of_the_half_size_picture() {
        // A frame whose size is no multiple of the block, with every byte different.
        let (w, h) = (101, 75);
        let rgb: Vec<u8> = (0..w * h * 3).map(|i| (i * 7919 % 251) as u8).collect();
        let map = ChangeMap::new(w, h, 16);
        let half = map.halve(&rgb);
        let (bw, bh) = map.blocks();
        let means = map.means(&rgb);
        assert_eq!(means.len(), bw * bh);
        for (i, m) in means.iter().enumerate() {
            let (x0, y0) = ((i % bw) as i64 * 8, (i / bw) as i64 * 8);
            let want = map.mean_in(&half, x0, y0, x0 + 8, y0 + 8).unwrap();
            for c in 0..3 {
                assert!(
                    (m[c] - want[c]).abs() < 1e-3,
                    "block {i}: {m:?} against {want:?}"
                );
            }
        }
    }

    #[test]
    fn blind_blocks_never_change() {
        let (w, h) = (128, 96);
        let mut map = ChangeMap::new(w, h, 16);
        map.blind_where(|r| r.x0 >= 64);
        map.update(&squares(w, h, &[]));
        assert_eq!(
            map.update(&squares(w, h, &[(16, 16), (80, 16)])),
            vec![Region {
                x0: 16,
                y0: 16,
                x1: 32,
                y1: 32
            }]
        );
    }

    #[test]
    fn a_camera_shaken_by_one_pixel_changes_nothing() {
        // A strong edge in the middle of a block (a card's edge on the felt): moved by one
        // pixel, the block's mean moves by a sixteenth of the contrast, 11 levels here,
        // more than the threshold; compared at half a half-size pixel, it is the same.
        let (w, h) = (128, 96);
        let edge = |at: usize| {
            let mut f = vec![40u8; w * h * 3];
            for y in 0..h {
                for x in at..w {
                    f[(y * w + x) * 3..(y * w + x) * 3 + 3].copy_from_slice(&[220, 220, 220]);
                }
            }
            f
        };
        let mut map = ChangeMap::new(w, h, 16);
        map.update(&edge(40));
        assert!(map.update(&edge(41)).is_empty());
        assert!(map.update(&edge(39)).is_empty());
        // Moved by three, it changed.
        assert!(!map.update(&edge(44)).is_empty());
    }
}
