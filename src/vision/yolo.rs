//! A user's own detector: an Ultralytics YOLOv8/YOLO11 ONNX export (input `[1, 3, S, S]`,
//! output `[1, 4 + classes, N]`) with a class map naming what each of its classes is. This module
//! is the detector's pre- and post-processing, apart from the engine: letterboxing a frame into
//! the square input, and turning the raw output into boxes in the frame's pixels with class-aware
//! non-maximum suppression. Pure.

use std::collections::BTreeMap;

use serde::Deserialize;
use thiserror::Error;

use crate::rules::cards::Card;

/// What a detector class stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Identity {
    /// A face-up card.
    Card(Card),
    /// A card face down.
    CardBack,
    /// A chip of this value, cents.
    Chip(i64),
    /// The dealer's hand.
    DealerHand,
    /// A class pitwatch does not use.
    Ignore,
}

/// Why a class map was refused.
#[derive(Debug, Error, PartialEq)]
pub enum ClassMapError {
    /// Not valid TOML, or an unknown top-level key.
    #[error("{0}")]
    Syntax(String),
    /// A class's identity cannot be read.
    #[error("class {class:?}: {reason}")]
    Identity {
        /// The class name.
        class: String,
        /// What is wrong.
        reason: String,
    },
    /// A class of the model is missing from the map.
    #[error("class {0:?} of the model is not in the class map (map it, or map it to \"ignore\")")]
    Unmapped(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMap {
    classes: BTreeMap<String, String>,
}

/// The identity of each class of a detector, by class name.
///
/// ```toml
/// [classes]
/// "ace of hearts" = "card Ah"
/// "10h" = "card 10h"
/// "back" = "card_back"
/// "red chip" = "chip 500"      # cents
/// "hand" = "dealer_hand"
/// "person" = "ignore"
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ClassMap {
    map: BTreeMap<String, Identity>,
}

fn identity(text: &str) -> Result<Identity, String> {
    let mut it = text.split_whitespace();
    let kind = it.next().unwrap_or("");
    let arg = it.next();
    if it.next().is_some() {
        return Err(format!("{text:?}: too many words"));
    }
    match (kind, arg) {
        ("card", Some(c)) => c
            .parse::<Card>()
            .map(Identity::Card)
            .map_err(|e| format!("{text:?}: {e}")),
        ("chip", Some(v)) => match v.parse::<i64>() {
            Ok(c) if c > 0 => Ok(Identity::Chip(c)),
            _ => Err(format!(
                "{text:?}: a chip's value is a positive number of cents"
            )),
        },
        ("card_back", None) => Ok(Identity::CardBack),
        ("dealer_hand", None) => Ok(Identity::DealerHand),
        ("ignore", None) => Ok(Identity::Ignore),
        _ => Err(format!(
            "{text:?}: expected \"card RANK+SUIT\", \"chip CENTS\", \"card_back\", \"dealer_hand\" or \"ignore\""
        )),
    }
}

impl ClassMap {
    /// Reads a class map's TOML text.
    pub fn parse(text: &str) -> Result<ClassMap, ClassMapError> {
        let raw: RawMap = toml::from_str(text).map_err(|e| ClassMapError::Syntax(e.to_string()))?;
        let mut map = BTreeMap::new();
        for (class, id) in raw.classes {
            let v = identity(&id).map_err(|reason| ClassMapError::Identity {
                class: class.clone(),
                reason,
            })?;
            map.insert(class, v);
        }
        Ok(ClassMap { map })
    }

    /// The identities of a model's classes, in the model's order; every class must be mapped.
    pub fn resolve(&self, names: &[String]) -> Result<Vec<Identity>, ClassMapError> {
        names
            .iter()
            .map(|n| {
                self.map
                    .get(n)
                    .copied()
                    .ok_or_else(|| ClassMapError::Unmapped(n.clone()))
            })
            .collect()
    }
}

/// How a frame was fitted into the detector's square input: scaled by `scale`, then padded by
/// `pad_x`, `pad_y` pixels (input pixels) on the left and top.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Letterbox {
    /// Input side, pixels.
    pub size: usize,
    /// Frame pixels to input pixels.
    pub scale: f64,
    /// Left padding, input pixels.
    pub pad_x: f64,
    /// Top padding, input pixels.
    pub pad_y: f64,
    /// Frame width, pixels.
    pub width: usize,
    /// Frame height, pixels.
    pub height: usize,
}

impl Letterbox {
    /// The letterbox of a `width` x `height` frame into a `size` x `size` input.
    pub fn new(width: usize, height: usize, size: usize) -> Letterbox {
        let scale = (size as f64 / width as f64).min(size as f64 / height as f64);
        let (nw, nh) = (
            (width as f64 * scale).round(),
            (height as f64 * scale).round(),
        );
        Letterbox {
            size,
            scale,
            pad_x: ((size as f64 - nw) / 2.0).floor(),
            pad_y: ((size as f64 - nh) / 2.0).floor(),
            width,
            height,
        }
    }

    /// An input pixel position back in frame pixels.
    pub fn to_frame(&self, x: f64, y: f64) -> (f64, f64) {
        ((x - self.pad_x) / self.scale, (y - self.pad_y) / self.scale)
    }

    /// Fills the detector's input from tightly packed RGB rows: `[3, size, size]` floats in
    /// 0..=1, grey (114) padding, bilinear scaling.
    pub fn input(&self, rgb: &[u8]) -> Vec<f32> {
        let s = self.size;
        let mut out = vec![114.0 / 255.0; 3 * s * s];
        let (w, h) = (self.width, self.height);
        if rgb.len() < w * h * 3 || w == 0 || h == 0 {
            return out;
        }
        for y in 0..s {
            for x in 0..s {
                let (fx, fy) = self.to_frame(x as f64 + 0.5, y as f64 + 0.5);
                if fx < 0.0 || fy < 0.0 || fx >= w as f64 || fy >= h as f64 {
                    continue;
                }
                let (sx, sy) = ((fx - 0.5).max(0.0), (fy - 0.5).max(0.0));
                let (x0, y0) = (sx.floor() as usize, sy.floor() as usize);
                let (x1, y1) = ((x0 + 1).min(w - 1), (y0 + 1).min(h - 1));
                let (tx, ty) = ((sx - x0 as f64) as f32, (sy - y0 as f64) as f32);
                for c in 0..3 {
                    let p = |xx: usize, yy: usize| f32::from(rgb[(yy * w + xx) * 3 + c]);
                    let top = p(x0, y0) * (1.0 - tx) + p(x1, y0) * tx;
                    let bottom = p(x0, y1) * (1.0 - tx) + p(x1, y1) * tx;
                    out[c * s * s + y * s + x] = (top * (1.0 - ty) + bottom * ty) / 255.0;
                }
            }
        }
        out
    }
}

/// One detection, in frame pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Detection {
    /// Class number in the model.
    pub class: usize,
    /// Confidence, 0..=1.
    pub score: f32,
    /// Box: x0, y0, x1, y1, frame pixels, clamped to the frame.
    pub bbox: [f64; 4],
}

fn iou(a: &[f64; 4], b: &[f64; 4]) -> f64 {
    let iw = (a[2].min(b[2]) - a[0].max(b[0])).max(0.0);
    let ih = (a[3].min(b[3]) - a[1].max(b[1])).max(0.0);
    let inter = iw * ih;
    let area = |r: &[f64; 4]| (r[2] - r[0]).max(0.0) * (r[3] - r[1]).max(0.0);
    let union = area(a) + area(b) - inter;
    if union <= 0.0 { 0.0 } else { inter / union }
}

/// Decodes a YOLOv8/YOLO11 output `[1, 4 + classes, n]` (row-major `data`): for each of the `n`
/// candidates, the box (centre x, centre y, width, height in input pixels) and one score per
/// class. Keeps candidates whose best class scores at least `min_score`, maps them back through
/// the letterbox, and suppresses, class by class, any box overlapping a better one by more than
/// `max_iou`. Best first.
pub fn decode(
    data: &[f32],
    classes: usize,
    n: usize,
    lb: &Letterbox,
    min_score: f32,
    max_iou: f64,
) -> Vec<Detection> {
    let rows = 4 + classes;
    if data.len() < rows * n {
        return Vec::new();
    }
    let at = |r: usize, i: usize| data[r * n + i];
    let mut cands = Vec::new();
    for i in 0..n {
        let (mut best, mut score) = (0, f32::MIN);
        for c in 0..classes {
            let s = at(4 + c, i);
            if s > score {
                best = c;
                score = s;
            }
        }
        if score < min_score || !score.is_finite() {
            continue;
        }
        let (cx, cy, w, h) = (
            f64::from(at(0, i)),
            f64::from(at(1, i)),
            f64::from(at(2, i)),
            f64::from(at(3, i)),
        );
        let (x0, y0) = lb.to_frame(cx - w / 2.0, cy - h / 2.0);
        let (x1, y1) = lb.to_frame(cx + w / 2.0, cy + h / 2.0);
        let (fw, fh) = (lb.width as f64, lb.height as f64);
        let bbox = [
            x0.clamp(0.0, fw),
            y0.clamp(0.0, fh),
            x1.clamp(0.0, fw),
            y1.clamp(0.0, fh),
        ];
        if bbox[2] <= bbox[0] || bbox[3] <= bbox[1] {
            continue;
        }
        cands.push(Detection {
            class: best,
            score,
            bbox,
        });
    }
    cands.sort_by(|a, b| b.score.total_cmp(&a.score));
    let mut kept: Vec<Detection> = Vec::new();
    for d in cands {
        if kept
            .iter()
            .all(|k| k.class != d.class || iou(&k.bbox, &d.bbox) <= max_iou)
        {
            kept.push(d);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_letterbox_fits_and_maps_back() {
        let lb = Letterbox::new(1280, 720, 640);
        assert!((lb.scale - 0.5).abs() < 1e-12);
        assert_eq!((lb.pad_x, lb.pad_y), (0.0, 140.0));
        let (x, y) = lb.to_frame(320.0, 140.0 + 180.0);
        assert!((x - 640.0).abs() < 1e-9 && (y - 360.0).abs() < 1e-9);
        // A white frame fills the middle band; the padding stays grey.
        let input = lb.input(&vec![255u8; 1280 * 720 * 3]);
        assert!((input[320 * 640 + 320] - 1.0).abs() < 1e-6);
        assert!((input[10 * 640 + 320] - 114.0 / 255.0).abs() < 1e-6);
    }

    fn output(cands: &[([f32; 4], [f32; 3])]) -> Vec<f32> {
        // Layout [1, 4 + 3, n]: row r holds value r of every candidate.
        let n = cands.len();
        let mut v = vec![0.0; 7 * n];
        for (i, (b, s)) in cands.iter().enumerate() {
            for r in 0..4 {
                v[r * n + i] = b[r];
            }
            for c in 0..3 {
                v[(4 + c) * n + i] = s[c];
            }
        }
        v
    }

    #[test]
    fn decoding_keeps_the_best_of_overlapping_boxes_per_class() {
        let lb = Letterbox::new(1280, 720, 640);
        let data = output(&[
            ([100.0, 240.0, 20.0, 30.0], [0.9, 0.0, 0.0]),
            ([102.0, 241.0, 20.0, 30.0], [0.8, 0.1, 0.0]), // same class, overlapping: dropped
            ([102.0, 241.0, 20.0, 30.0], [0.0, 0.0, 0.7]), // other class, overlapping: kept
            ([400.0, 300.0, 10.0, 10.0], [0.1, 0.2, 0.1]), // too weak
        ]);
        let d = decode(&data, 3, 4, &lb, 0.25, 0.5);
        assert_eq!(d.len(), 2);
        assert_eq!((d[0].class, d[1].class), (0, 2));
        // Centre (100, 240) in the input is (200, 200) in the frame; 20x30 becomes 40x60.
        let b = d[0].bbox;
        assert!((b[0] - 180.0).abs() < 1e-9 && (b[1] - 170.0).abs() < 1e-9);
        assert!((b[2] - 220.0).abs() < 1e-9 && (b[3] - 230.0).abs() < 1e-9);
    }

    #[test]
    fn class_maps_name_every_class_or_say_which_is_missing() {
        let m = ClassMap::parse(
            "[classes]\n\"ace of hearts\" = \"card Ah\"\nback = \"card_back\"\nred = \"chip 500\"\nhand = \"dealer_hand\"\nperson = \"ignore\"\n",
        )
        .unwrap();
        let names: Vec<String> = ["ace of hearts", "red", "back"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let ids = m.resolve(&names).unwrap();
        assert_eq!(ids[0], Identity::Card("Ah".parse().unwrap()));
        assert_eq!(ids[1], Identity::Chip(500));
        assert_eq!(ids[2], Identity::CardBack);
        let e = m.resolve(&["joker".to_string()]).unwrap_err();
        assert!(e.to_string().contains("joker"), "{e}");
        let e = ClassMap::parse("[classes]\nx = \"chip -5\"\n").unwrap_err();
        assert!(e.to_string().contains("class \"x\""), "{e}");
        let e = ClassMap::parse("[clases]\nx = \"ignore\"\n").unwrap_err();
        assert!(e.to_string().contains("clases"), "{e}");
        let e = ClassMap::parse("[classes]\nx = \"card Zz\"\n").unwrap_err();
        assert!(matches!(e, ClassMapError::Identity { .. }), "{e}");
    }
}
