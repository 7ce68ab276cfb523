//! The project's own recognizer model (`models/pitnet.onnx`, trained by `training/`): the
//! meaning of its outputs and their decoding into cards and chips, apart from the engine. Pure.
//!
//! The model is a keypoint detector working at a quarter of its input's resolution. Input
//! `image` `[B, 3, H, W]`, RGB 0..1, H and W multiples of 16. Outputs, each `[B, C, H/4, W/4]`:
//! `heat` (C = 3, sigmoid: a face-up card's corner index, a face-down card's centre, a chip's
//! centre), `geom` (C = 8: the point's place in its cell, then in units of [`GEOM_UNIT`]
//! pixels the card's centre less the point, the half vector to the card's top edge and the half
//! vector to its right edge as read from that point), `chip` (C = 6 logits, the values of
//! [`CHIP_CENTS`]) and, only in models exported with it, `card` (C = 52 logits, in
//! [`Card::from_index`] order; the shipped model goes without, the card reader reads faces).

use std::sync::Arc;

use crate::layout::{Camera, Homography, Layout, TablePt};
use crate::rules::cards::Card;
use crate::vision::yolo::Identity;

/// The model's output grid step, input pixels.
pub const STRIDE: usize = 4;
/// The unit of the geometry outputs, input pixels.
pub const GEOM_UNIT: f64 = 16.0;
/// Chip values the model reads, cents, in its `chip` output order.
pub const CHIP_CENTS: [i64; 6] = [50, 100, 200, 500, 2500, 10000];
/// Input sizes must be multiples of this.
pub const ALIGN: usize = 16;

/// One card or chip the model found, pixels of the picture it was given.
#[derive(Debug, Clone, PartialEq)]
pub struct Seen {
    /// What it is.
    pub identity: Identity,
    /// How sure the model is that something is there (0..1).
    pub score: f32,
    /// How sure it is of the face or value (0..1; 1 for a card back).
    pub read: f32,
    /// Centre, pixels.
    pub centre: [f64; 2],
    /// Corners, pixels: a card's top-left, top-right, bottom-right, bottom-left as read from
    /// the index found (a card reads the same turned half round); a chip's bounding square.
    pub corners: [[f64; 2]; 4],
    /// The point the model found (a card's index, a back's or chip's centre), pixels.
    pub point: [f64; 2],
    /// The card reader's log-probabilities of the 52 faces (in [`Card::from_index`] order)
    /// at this index, where it was read; [`merge`] adds those of a card's two indices.
    pub faces: Option<Arc<[f32]>>,
}

impl Seen {
    /// Axis-aligned box, pixels: x0, y0, x1, y1.
    pub fn bbox(&self) -> [f64; 4] {
        crate::layout::bounds(&self.corners)
    }

    /// True for a face-up card.
    pub fn is_face_up(&self) -> bool {
        matches!(self.identity, Identity::Card(_))
    }

    /// True for cards, face up or down.
    pub fn is_card(&self) -> bool {
        matches!(self.identity, Identity::Card(_) | Identity::CardBack)
    }

    /// The card's half width, pixels (a chip's radius).
    pub fn half_width(&self) -> f64 {
        half_width(&self.corners)
    }
}

/// Half the shorter side of the box with these corners (in [`Seen::corners`] order), pixels.
pub fn half_width(corners: &[[f64; 2]; 4]) -> f64 {
    let [a, b, c, _] = *corners;
    let w = (b[0] - a[0]).hypot(b[1] - a[1]);
    let h = (c[0] - b[0]).hypot(c[1] - b[1]);
    w.min(h) / 2.0
}

/// True when two cards' long axes cross at more than 45 degrees (boxes with corners in
/// [`Seen::corners`] order, pixels).
pub fn at_right_angle(a: &[[f64; 2]; 4], b: &[[f64; 2]; 4]) -> bool {
    let axis = |c: &[[f64; 2]; 4]| {
        // The long side: top-left to bottom-left or top-left to top-right, whichever is longer.
        let down = [c[3][0] - c[0][0], c[3][1] - c[0][1]];
        let across = [c[1][0] - c[0][0], c[1][1] - c[0][1]];
        if down[0].hypot(down[1]) >= across[0].hypot(across[1]) {
            down
        } else {
            across
        }
    };
    let (u, v) = (axis(a), axis(b));
    let cos = (u[0] * v[0] + u[1] * v[1]) / (u[0].hypot(u[1]) * v[0].hypot(v[1])).max(1e-9);
    cos.abs() < std::f64::consts::FRAC_1_SQRT_2
}

/// How near (in chip radii, centre to centre) two finds of one chip value are one chip in
/// [`merge`]: a fan's chips lie 1.24 radii apart (each covers a third of the one before).
pub const SAME_VALUE_APART: f64 = 0.8;

/// How near (in chip radii, centre to centre) a chip may lie to another and the other be
/// a chip it partly covers, in [`chip_in_sight`]: nearer, the find is the same chip found
/// again off its centre (the recognizer's `found_again` takes it so), not one under it.
pub const COVER_FROM: f64 = 1.15;

/// The least share of a chip [`chip_in_sight`] gives: a chip covered more than under a
/// chip [`COVER_FROM`] radii off is not trusted on a faint find.
pub const LEAST_IN_SIGHT: f64 = 0.65;

/// The share of the chip found as `s` (of radius `radius`, pixels) left in sight by the
/// chips of `others` that lie partly over it: chips of another value, found at least
/// `floor` and surer than `s`, their centres [`COVER_FROM`] to 2 radii from its own (of
/// two chips lying so, overhead, the one found surer is on top). Each covers the lens two
/// discs of that radius share. 1 for a card, or a chip none covers; never below
/// [`LEAST_IN_SIGHT`]. The model finds a chip by what it sees of it, so a covered chip is
/// found less surely (held-out shift seed 19 at 2422 s: a $25 of an overpayment two-thirds
/// in sight under the fan's last $1, found at 0.29 to 0.40 look after look).
pub fn chip_in_sight(s: &Seen, others: &[Seen], radius: f64, floor: f32) -> f64 {
    if !matches!(s.identity, Identity::Chip(_)) || radius <= 0.0 {
        return 1.0;
    }
    let covered: f64 = others
        .iter()
        .filter_map(|o| covered_by(s, o, radius, floor))
        .map(|d| (2.0 * (d / 2.0).acos() - (d / 2.0) * (4.0 - d * d).sqrt()) / std::f64::consts::PI)
        .sum();
    (1.0 - covered).max(LEAST_IN_SIGHT)
}

/// How far (in radii `radius`, pixels) chip `o` lies from chip `s`, where `o` lies partly
/// over `s` as [`chip_in_sight`] weighs it: of another value, found at least `floor` and
/// surer than `s`, [`COVER_FROM`] to 2 radii off. `None` where it does not.
pub fn covered_by(s: &Seen, o: &Seen, radius: f64, floor: f32) -> Option<f64> {
    let Identity::Chip(value) = s.identity else {
        return None;
    };
    let over = matches!(o.identity, Identity::Chip(v) if v != value)
        && o.score >= floor
        && o.score > s.score;
    let d = (o.centre[0] - s.centre[0]).hypot(o.centre[1] - s.centre[1]) / radius;
    (over && radius > 0.0 && (COVER_FROM..2.0).contains(&d)).then_some(d)
}

/// One picture's outputs from a run, borrowed from the run's output tensors.
#[derive(Debug, Clone, Copy)]
pub struct Maps<'a> {
    /// Grid height and width.
    pub h: usize,
    /// Grid width.
    pub w: usize,
    /// `heat` of this picture, [3, h, w].
    pub heat: &'a [f32],
    /// `geom`, [8, h, w].
    pub geom: &'a [f32],
    /// `card`, [52, h, w]: the model's own reading of a face, where the model has that output
    /// (the shipped one does not: the reader reads every face-up card found, so the head only
    /// helps training). Without it a face-up card is found unread (`read` 0) for the reader.
    pub card: Option<&'a [f32]>,
    /// `chip`, [6, h, w].
    pub chip: &'a [f32],
}

/// Where a picture given to the model lies in the frame, and which of its points the caller
/// wants (a window owns only its middle, so windows that overlap do not report a thing twice).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Window {
    /// Frame pixel of the input's top-left corner.
    pub x0: f64,
    /// Frame pixel of the input's top-left corner.
    pub y0: f64,
    /// Frame pixels per input pixel (above 1 when the frame was shrunk for the model).
    pub scale: f64,
    /// The frame area whose points this window reports: x0, y0, x1, y1 (frame pixels).
    pub own: [f64; 4],
}

fn softmax_at(logits: &[f32], n: usize, plane: usize, at: usize) -> (usize, f32) {
    let mut best = (0, f32::MIN);
    let mut max = f32::MIN;
    for k in 0..n {
        let v = logits[k * plane + at];
        max = max.max(v);
        if v > best.1 {
            best = (k, v);
        }
    }
    let sum: f32 = (0..n).map(|k| (logits[k * plane + at] - max).exp()).sum();
    (best.0, (best.1 - max).exp() / sum)
}

/// Decodes one picture's maps into the things found (score at least `min_score`), in frame
/// pixels. Points are the local maxima of `heat` over their 3x3 neighbourhood.
pub fn decode(m: &Maps<'_>, win: &Window, min_score: f32) -> Vec<Seen> {
    let plane = m.h * m.w;
    let mut out = Vec::new();
    for class in 0..3 {
        let heat = &m.heat[class * plane..(class + 1) * plane];
        for y in 0..m.h {
            for x in 0..m.w {
                let at = y * m.w + x;
                let v = heat[at];
                if v < min_score {
                    continue;
                }
                let mut peak = true;
                'n: for dy in -1i64..=1 {
                    for dx in -1i64..=1 {
                        let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                        if (dx, dy) == (0, 0)
                            || nx < 0
                            || ny < 0
                            || nx >= m.w as i64
                            || ny >= m.h as i64
                        {
                            continue;
                        }
                        let n = heat[ny as usize * m.w + nx as usize];
                        // Ties go to the first cell in reading order.
                        if n > v || (n == v && (dy < 0 || (dy == 0 && dx < 0))) {
                            peak = false;
                            break 'n;
                        }
                    }
                }
                if !peak {
                    continue;
                }
                let g = |k: usize| f64::from(m.geom[k * plane + at]);
                let px = (x as f64 + g(0).clamp(0.0, 1.0)) * STRIDE as f64;
                let py = (y as f64 + g(1).clamp(0.0, 1.0)) * STRIDE as f64;
                let to_frame = |u: f64, v: f64| [win.x0 + u * win.scale, win.y0 + v * win.scale];
                let point = to_frame(px, py);
                if !(win.own[0] <= point[0]
                    && point[0] < win.own[2]
                    && win.own[1] <= point[1]
                    && point[1] < win.own[3])
                {
                    continue;
                }
                let unit = GEOM_UNIT;
                let (cx, cy) = if class == 0 {
                    (px + g(2) * unit, py + g(3) * unit)
                } else {
                    (px, py)
                };
                let (ux, uy, rx, ry) = (g(4) * unit, g(5) * unit, g(6) * unit, g(7) * unit);
                let (identity, read, corners) = match class {
                    0 => {
                        let (k, p) = m
                            .card
                            .map_or((0, 0.0), |card| softmax_at(card, 52, plane, at));
                        let Some(card) = Card::from_index(k) else {
                            continue;
                        };
                        (Identity::Card(card), p, rect(cx, cy, ux, uy, rx, ry))
                    }
                    1 => (Identity::CardBack, 1.0, rect(cx, cy, ux, uy, rx, ry)),
                    _ => {
                        let (k, p) = softmax_at(m.chip, CHIP_CENTS.len(), plane, at);
                        let r = (ux.hypot(uy) + rx.hypot(ry)) / 2.0;
                        (
                            Identity::Chip(CHIP_CENTS[k]),
                            p,
                            rect(cx, cy, 0.0, -r, r, 0.0),
                        )
                    }
                };
                out.push(Seen {
                    identity,
                    score: v,
                    read,
                    centre: to_frame(cx, cy),
                    corners: corners.map(|c| to_frame(c[0], c[1])),
                    point,
                    faces: None,
                });
            }
        }
    }
    out
}

fn rect(cx: f64, cy: f64, ux: f64, uy: f64, rx: f64, ry: f64) -> [[f64; 2]; 4] {
    [
        [cx + ux - rx, cy + uy - ry],
        [cx + ux + rx, cy + uy + ry],
        [cx - ux + rx, cy - uy + ry],
        [cx - ux - rx, cy - uy - ry],
    ]
}

/// Merges what several points or windows found of one thing: a card seen at both its indices
/// (or by two windows) is one card; likewise a chip. Two cards are one when their centres lie
/// within a quarter of a card's width (two fifths when both read as one rank), two chips
/// within half a chip's radius (half the smaller side's half). The surest finding gives the
/// place; a face-up card read at both its indices
/// takes the face both readings together make likeliest (their log-probabilities added, each
/// index counted once however many windows saw it). Sorted by score, surest first.
pub fn merge(mut found: Vec<Seen>) -> Vec<Seen> {
    found.sort_by(|a, b| (b.score * b.read).total_cmp(&(a.score * a.read)));
    let mut kept: Vec<Seen> = Vec::with_capacity(found.len());
    // For each kept card, the index points whose readings it holds.
    let mut read_at: Vec<Vec<[f64; 2]>> = Vec::with_capacity(found.len());
    for s in found {
        let near = kept.iter().position(|k| {
            if k.is_card() != s.is_card() {
                return false;
            }
            let d = (k.centre[0] - s.centre[0]).hypot(k.centre[1] - s.centre[1]);
            let half = k.half_width().max(s.half_width());
            // Read as one rank at both indices: one card whose centre each index put a
            // little apart (a card turned across its hand, half covered), however its small
            // suit signs were read.
            let one_rank = matches!((k.identity, s.identity),
                (Identity::Card(a), Identity::Card(b)) if a.rank == b.rank);
            // Two backs this near are one back found twice, each part of it that shows
            // peaking on its own while a hand passes over it: a back has no index, and no
            // two face-down cards lie over each other by three fifths of a card (held-out
            // shift seed 86 at 310.8 s: the hole card found at two points 8.7 pixels apart,
            // half width 15.3, followed as two cards and one of them written burned).
            let both_backs = k.identity == Identity::CardBack && s.identity == Identity::CardBack;
            // Two chips of one value found this near are one chip found twice, one find off
            // its centre (its look met it sliding into a fan): a fan lays each chip over a
            // third of the one before, its centre [`SAME_VALUE_APART`] radii or more along
            // (held-out shift seed 36 at 2173.2 s: a payoff's $2 found 0.53 of a radius from
            // itself, counted twice, the $13 payoff read as $15 and an overpay found).
            let one_value = matches!((k.identity, s.identity),
                (Identity::Chip(a), Identity::Chip(b)) if a == b);
            d < 0.5 * half
                || ((one_rank || both_backs) && d < 0.8 * half)
                || (one_value && d < SAME_VALUE_APART * half)
        });
        match near {
            None => {
                read_at.push(vec![s.point]);
                kept.push(s);
            }
            Some(k) => {
                let apart = 0.5 * kept[k].half_width();
                let new_index = read_at[k]
                    .iter()
                    .all(|p| (p[0] - s.point[0]).hypot(p[1] - s.point[1]) > apart);
                if new_index && combine(&mut kept[k], &s) {
                    read_at[k].push(s.point);
                }
            }
        }
    }
    kept
}

/// Adds the face readings of `other` (another index of the same card) to `card`'s and sets
/// its face and reading from the sum. False where either was not read face up.
fn combine(card: &mut Seen, other: &Seen) -> bool {
    let (Some(a), Some(b)) = (&card.faces, &other.faces) else {
        return false;
    };
    if !(card.is_face_up() && other.is_face_up()) || a.len() != b.len() {
        return false;
    }
    let sum: Vec<f32> = a.iter().zip(b.iter()).map(|(x, y)| x + y).collect();
    let max = sum.iter().copied().fold(f32::MIN, f32::max);
    let total: f32 = sum.iter().map(|v| (v - max).exp()).sum();
    let Some((best, _)) = sum.iter().enumerate().max_by(|x, y| x.1.total_cmp(y.1)) else {
        return false;
    };
    let Some(face) = Card::from_index(best) else {
        return false;
    };
    card.identity = Identity::Card(face);
    card.read = 1.0 / total;
    card.faces = Some(sum.into());
    true
}

/// Where on the table the model's scale is measured: the middle of the players' cards,
/// table centimetres from the middle of the dealer's edge.
const SCALE_AT: (f64, f64) = (0.0, 50.0);

fn px_per_cm(h: &Homography) -> Option<f64> {
    let (x, y) = SCALE_AT;
    let a = h.apply(x, y)?;
    let bx = h.apply(x + 1.0, y)?;
    let by = h.apply(x, y + 1.0)?;
    Some(((bx.0 - a.0).hypot(bx.1 - a.1) + (by.0 - a.0).hypot(by.1 - a.1)) / 2.0)
}

/// Pixels per table centimetre of the footage the model was trained on (the simulator's
/// 720p camera, level), at the middle of the players' cards.
pub fn trained_px_per_cm() -> f64 {
    let cam = Camera::overhead(1280, 720, 0.0, 0.0);
    cam.scale_at(TablePt::new(SCALE_AT.0, SCALE_AT.1))
}

/// Scales the model reads as well as its own (it was trained on sizes from 0.72 to 1.4 times
/// its footage's): footage within them runs as it is.
const AS_IS: (f64, f64) = (0.8, 1.25);

/// The scale to run the model at on footage of `layout` (picture pixels per model pixel):
/// above 1 when the camera sees cards larger than the model was trained on (1080p); 1 when
/// the cards are near enough the model's size to run the footage as it is.
pub fn scale_for(layout: &Layout) -> f64 {
    let s = px_per_cm(&layout.homography()).map_or(1.0, |s| s / trained_px_per_cm());
    if (AS_IS.0..=AS_IS.1).contains(&s) {
        1.0
    } else {
        s.clamp(0.25, 8.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn maps(h: usize, w: usize) -> (Vec<f32>, Vec<f32>, Vec<f32>, Vec<f32>) {
        (
            vec![0.0; 3 * h * w],
            vec![0.0; 8 * h * w],
            vec![0.0; 52 * h * w],
            vec![0.0; 6 * h * w],
        )
    }

    #[test]
    fn a_peak_becomes_a_card_with_its_face_and_corners() {
        let (h, w) = (8, 8);
        let plane = h * w;
        let (mut heat, mut geom, mut card, chip) = maps(h, w);
        let at = 3 * w + 2;
        heat[at] = 0.9;
        heat[at + 1] = 0.5;
        geom[at] = 0.5;
        geom[plane + at] = 0.25;
        // Centre 1 unit right and 1.5 down; upright card 40 x 56 pixels.
        geom[2 * plane + at] = 1.0;
        geom[3 * plane + at] = 1.5;
        geom[5 * plane + at] = -28.0 / 16.0;
        geom[6 * plane + at] = 20.0 / 16.0;
        let ace_spades = Card::from_index(3).unwrap();
        card[3 * plane + at] = 9.0;
        let m = Maps {
            h,
            w,
            heat: &heat,
            geom: &geom,
            card: Some(&card),
            chip: &chip,
        };
        let win = Window {
            x0: 100.0,
            y0: 50.0,
            scale: 1.0,
            own: [0.0, 0.0, 1e9, 1e9],
        };
        let found = decode(&m, &win, 0.3);
        assert_eq!(found.len(), 1, "{found:?}");
        let s = &found[0];
        assert_eq!(s.identity, Identity::Card(ace_spades));
        assert!(s.read > 0.99);
        assert_eq!(s.point, [100.0 + 10.0, 50.0 + 13.0]);
        assert_eq!(s.centre, [126.0, 87.0]);
        assert_eq!(s.corners[0], [106.0, 59.0]);
        assert_eq!(s.corners[2], [146.0, 115.0]);
        // A window that does not own the point reports nothing.
        let other = Window {
            own: [0.0, 0.0, 105.0, 1e9],
            ..win
        };
        assert!(decode(&m, &other, 0.3).is_empty());
        // A model without the face head finds the same card in the same place, unread: the
        // reader will read it.
        let headless = Maps { card: None, ..m };
        let found = decode(&headless, &win, 0.3);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].is_face_up());
        assert_eq!(found[0].read, 0.0);
        assert_eq!(found[0].corners, s.corners);
    }

    /// A 40 x 56 pixel card upright at `centre`, found at `point`.
    fn upright(
        identity: Identity,
        score: f32,
        read: f32,
        centre: [f64; 2],
        point: [f64; 2],
    ) -> Seen {
        Seen {
            identity,
            score,
            read,
            centre,
            corners: rect(centre[0], centre[1], 0.0, -28.0, 20.0, 0.0),
            point,
            faces: None,
        }
    }

    #[test]
    fn both_indices_of_one_card_merge_into_one_card() {
        let c = Card::from_index(10).unwrap();
        let one =
            |score: f32, centre: [f64; 2]| upright(Identity::Card(c), score, 0.99, centre, centre);
        let merged = merge(vec![one(0.8, [100.0, 100.0]), one(0.9, [102.0, 101.0])]);
        assert_eq!(merged.len(), 1);
        assert_eq!(merged[0].score, 0.9);
        // A card fanned half a card away stays apart.
        let two = merge(vec![one(0.8, [100.0, 100.0]), one(0.9, [120.0, 128.0])]);
        assert_eq!(two.len(), 2);
        // Found at its two indices with centres put 14 pixels apart (0.7 of its half width):
        // one card when both read one rank, whatever the suits; two of different ranks.
        let at = |card: usize, x: f64| {
            let c = Identity::Card(Card::from_index(card).unwrap());
            upright(c, 0.9, 0.9, [x, 100.0], [x, 100.0])
        };
        let (nine_clubs, nine_spades, ten_clubs) = (32, 35, 36);
        assert_eq!(
            merge(vec![at(nine_clubs, 100.0), at(nine_spades, 114.0)]).len(),
            1
        );
        assert_eq!(
            merge(vec![at(nine_clubs, 100.0), at(ten_clubs, 114.0)]).len(),
            2
        );
        assert_eq!(
            merge(vec![at(nine_clubs, 100.0), at(nine_spades, 120.0)]).len(),
            2
        );
    }

    #[test]
    fn two_finds_of_a_back_a_little_apart_are_one_back_and_a_card_away_two() {
        // Held-out shift seed 86 at 310.8 s: the hole card, a hand passing over it, found at
        // 661.1, 494.0 and at 658.0, 502.1, each with a half width near 15.3.
        let back = |score: f32, centre: [f64; 2]| {
            let [x, y] = centre;
            Seen {
                corners: rect(x, y, 0.0, -21.4, 15.3, 0.0),
                ..upright(Identity::CardBack, score, 1.0, centre, centre)
            }
        };
        let twice = merge(vec![back(0.50, [661.1, 494.0]), back(0.48, [658.0, 502.1])]);
        assert_eq!(twice.len(), 1);
        assert_eq!(twice[0].centre, [661.1, 494.0]);
        // Two backs half a card apart (a hole card beside a card dealt face down): two.
        let two = merge(vec![back(0.6, [661.1, 494.0]), back(0.6, [676.4, 494.0])]);
        assert_eq!(two.len(), 2);
        // A face-up card that near a back is left to the quarter-width rule: 8.7 pixels
        // apart, two finds.
        let c = Identity::Card(Card::from_index(10).unwrap());
        let face = Seen {
            corners: rect(658.0, 502.1, 0.0, -21.4, 15.3, 0.0),
            ..upright(c, 0.48, 0.9, [658.0, 502.1], [658.0, 502.1])
        };
        assert_eq!(merge(vec![back(0.50, [661.1, 494.0]), face]).len(), 2);
    }

    /// A card read at one index as `probs` (face index, probability; the rest spread evenly).
    fn read_at(point: [f64; 2], probs: &[(usize, f32)]) -> Seen {
        let rest = (1.0 - probs.iter().map(|p| p.1).sum::<f32>()) / (52 - probs.len()) as f32;
        let mut faces = vec![rest.ln(); 52];
        for &(i, p) in probs {
            faces[i] = p.ln();
        }
        let (best, read) = probs
            .iter()
            .copied()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap();
        let card = Identity::Card(Card::from_index(best).unwrap());
        Seen {
            faces: Some(faces.into()),
            ..upright(card, 0.9, read, [100.0, 100.0], point)
        }
    }

    #[test]
    fn a_card_takes_the_face_both_its_indices_make_likeliest() {
        let nine_clubs = Card::from_index(8 * 4).unwrap();
        let nine_spades = Card::from_index(8 * 4 + 3).unwrap();
        let (c, s) = (nine_clubs.index(), nine_spades.index());
        // The top index leans to spades a little, the bottom one is sure of clubs.
        let top = read_at([85.0, 75.0], &[(s, 0.55), (c, 0.44)]);
        let bottom = read_at([115.0, 125.0], &[(c, 0.95), (s, 0.04)]);
        let merged = merge(vec![top.clone(), bottom.clone()]);
        assert_eq!(merged.len(), 1);
        assert_eq!(merged[0].identity, Identity::Card(nine_clubs));
        let want = 0.44 * 0.95 / (0.44 * 0.95 + 0.55 * 0.04 + 50.0 * (0.01f32 / 50.0).powi(2));
        assert!((merged[0].read - want).abs() < 1e-3, "{}", merged[0].read);
        // The same index seen by two windows counts once: its reading stands as it was.
        let twice = merge(vec![
            top.clone(),
            read_at([86.0, 75.0], &[(s, 0.55), (c, 0.44)]),
        ]);
        assert_eq!(twice.len(), 1);
        assert_eq!(twice[0].identity, Identity::Card(nine_spades));
        assert!((twice[0].read - 0.55).abs() < 1e-6);
    }

    #[test]
    fn two_finds_of_one_chip_value_a_little_apart_are_one_chip_and_a_fans_are_two() {
        // Held-out shift seed 36 at 2173.6 s: a payoff's $2 found at 330.3, 398.0 and at
        // 325.9, 401.6 (0.53 of its radius, 10.7, apart) as it was fanned.
        let r = 10.7;
        let chip = |cents: i64, centre: [f64; 2]| {
            let [x, y] = centre;
            Seen {
                identity: Identity::Chip(cents),
                score: 0.9,
                read: 0.95,
                centre,
                corners: [
                    [x - r, y - r],
                    [x + r, y - r],
                    [x + r, y + r],
                    [x - r, y + r],
                ],
                point: centre,
                faces: None,
            }
        };
        let twice = merge(vec![chip(200, [330.3, 398.0]), chip(200, [325.9, 401.6])]);
        assert_eq!(twice.len(), 1);
        // A fan's next chip of the same value, 1.24 radii along: two chips.
        let fan = merge(vec![chip(500, [301.4, 414.4]), chip(500, [314.5, 408.0])]);
        assert_eq!(fan.len(), 2);
        // Chips of two values that near: two finds, left for `chip_in_sight` to weigh.
        let two = merge(vec![chip(200, [330.3, 398.0]), chip(100, [325.9, 401.6])]);
        assert_eq!(two.len(), 2);
    }

    #[test]
    fn a_chip_partly_under_a_surer_chip_of_another_value_is_the_rest_in_sight() {
        // Held-out shift seed 19 at 2422.6 s: a $25 found at 0.36, a $1 found at 0.96 lying
        // 14.3 pixels off (a chip's radius there: 10.7), over a fifth of it.
        let r = 10.7;
        let at = |cents: i64, score: f32, centre: [f64; 2]| {
            upright(Identity::Chip(cents), score, 1.0, centre, centre)
        };
        let under = at(2500, 0.36, [1029.5, 442.9]);
        let over = at(100, 0.96, [1042.7, 448.5]);
        let share = chip_in_sight(&under, std::slice::from_ref(&over), r, 0.4);
        assert!((share - 0.78).abs() < 0.01, "{share}");
        // The chip found surer is on top: the $1 is in full sight.
        assert_eq!(
            chip_in_sight(&over, std::slice::from_ref(&under), r, 0.4),
            1.0
        );
        // Nothing covers it: a chip of its own value (itself found again a step on as it was
        // slid), one found less than surely, one nearer than COVER_FROM radii (itself found
        // off its centre), one two radii or more away, and a card.
        let same = at(2500, 0.96, [1042.7, 448.5]);
        let faint = at(100, 0.38, [1042.7, 448.5]);
        let near = at(100, 0.96, [1029.5 + 1.1 * r, 442.9]);
        let far = at(100, 0.96, [1029.5 + 2.0 * r, 442.9]);
        let card = Seen {
            identity: Identity::Card(Card::from_index(0).unwrap()),
            ..over.clone()
        };
        for o in [same, faint, near, far, card] {
            assert_eq!(
                chip_in_sight(&under, std::slice::from_ref(&o), r, 0.4),
                1.0,
                "{o:?}"
            );
        }
        // Two chips over it cover their lenses together, down to the least share trusted.
        let left = at(100, 0.96, [1029.5 - 1.6 * r, 442.9]);
        let right = at(100, 0.96, [1029.5 + 1.6 * r, 442.9]);
        let two = chip_in_sight(&under, &[left.clone(), right], r, 0.4);
        assert!((two - 0.79).abs() < 0.01, "{two}");
        let closer = at(100, 0.96, [1029.5, 442.9 + 1.2 * r]);
        assert_eq!(
            chip_in_sight(&under, &[left, closer, over], r, 0.4),
            LEAST_IN_SIGHT
        );
        // A card found is a card, whatever lies over it.
        assert_eq!(
            chip_in_sight(
                &Seen {
                    score: 0.36,
                    ..card_at()
                },
                &[at(100, 0.96, [100.0, 120.0])],
                r,
                0.4
            ),
            1.0
        );
    }

    fn card_at() -> Seen {
        upright(
            Identity::Card(Card::from_index(0).unwrap()),
            0.9,
            1.0,
            [100.0, 100.0],
            [100.0, 100.0],
        )
    }
}
