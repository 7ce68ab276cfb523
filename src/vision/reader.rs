//! The card reader: reads a card's face from patches cut out of the picture along the card's
//! own axes, so that the rank stands upright whatever way the card lies (a double-down card at
//! a right angle, a card dealt towards a player at the end of the arc, a card turned half
//! round).
//!
//! A reader is one or more views, each a model of its own: `models/pitnet-reader.onnx` reads
//! the corner index alone; `models/pitnet-reader-card.onnx`, where it is present, reads the
//! whole card as the index found orients it (the index, the pips or the court panel's suits,
//! the far index upside down), so that a suit a few pixels across at the index is read again
//! in every symbol of it the card shows. The views' log-probabilities add up.
//!
//! Each view's input `index` `[B, 3, H, W]`: RGB 0..1, a patch of W x H samples some share of
//! the card's width and height across, x along the card's top edge, y down the card, centred
//! on the index or on the card; the model's metadata gives the sizes (`patch`: `[W, H]`,
//! `span`: `[w, h]`) and the centre (`anchor`: `index` or `card`), [`Cut::FIRST`] where it does
//! not. Output `face` `[B, 53]`: logits of the 52 faces in [`Card::from_index`] order, then "no
//! index here". Patch sampling is pure; the engine is `vision::engine`.

use std::path::Path;

use super::engine::{Engine, EngineError};
use super::pitnet::Seen;
use super::yolo::Identity;
use crate::rules::cards::Card;

/// The reader's class for "no index here".
pub const NO_INDEX: usize = 52;

/// Where a patch is centred.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// On the corner index found.
    Index,
    /// On the card's centre, as read from the index found.
    Card,
}

/// How a patch is cut: its size in samples, the share of the card it spans, where it is
/// centred.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cut {
    /// Width, samples.
    pub w: usize,
    /// Height, samples.
    pub h: usize,
    /// Width as a share of the card's width.
    pub span_w: f64,
    /// Height as a share of the card's height.
    pub span_h: f64,
    /// Where the patch is centred.
    pub anchor: Anchor,
}

impl Cut {
    /// The first reader's cut (a model whose metadata does not say): 32 x 48 samples, 0.40 of
    /// the card's width by 0.42 of its height, centred on the index.
    pub const FIRST: Cut = Cut {
        w: 32,
        h: 48,
        span_w: 0.40,
        span_h: 0.42,
        anchor: Anchor::Index,
    };

    /// The cut a reader model's metadata gives (`patch` `[W, H]`, `span` `[w, h]`, JSON;
    /// `anchor` `index` or `card`).
    fn from_metadata(
        patch: Option<String>,
        span: Option<String>,
        anchor: Option<String>,
    ) -> Result<Cut, String> {
        let mut cut = Cut::FIRST;
        if let Some(p) = patch {
            let [w, h]: [usize; 2] =
                serde_json::from_str(&p).map_err(|e| format!("metadata patch {p:?}: {e}"))?;
            if !(8..=256).contains(&w) || !(8..=256).contains(&h) {
                return Err(format!("metadata patch {p:?}: sizes outside 8..256"));
            }
            (cut.w, cut.h) = (w, h);
        }
        if let Some(p) = span {
            let [w, h]: [f64; 2] =
                serde_json::from_str(&p).map_err(|e| format!("metadata span {p:?}: {e}"))?;
            if !(w > 0.0 && w <= 1.5 && h > 0.0 && h <= 1.5) {
                return Err(format!("metadata span {p:?}: shares outside 0..1.5"));
            }
            (cut.span_w, cut.span_h) = (w, h);
        }
        match anchor.as_deref() {
            None | Some("index") => {}
            Some("card") => cut.anchor = Anchor::Card,
            Some(a) => return Err(format!("metadata anchor {a:?}: neither index nor card")),
        }
        Ok(cut)
    }
}

/// The card's half vectors as read from a found index: centre to the middle of the top
/// edge, centre to the middle of the right edge (pixels).
fn axes(s: &Seen) -> ([f64; 2], [f64; 2]) {
    let [a, b, c, _] = s.corners;
    let top = [
        (a[0] + b[0]) / 2.0 - s.centre[0],
        (a[1] + b[1]) / 2.0 - s.centre[1],
    ];
    let right = [
        (b[0] + c[0]) / 2.0 - s.centre[0],
        (b[1] + c[1]) / 2.0 - s.centre[1],
    ];
    (top, right)
}

/// Appends the upright patch of the card whose index `s` was found in the picture (tightly
/// packed RGB rows, pixels beyond the edge repeat it), cut as `cut` says, as planar RGB 0..1,
/// sampled bilinearly at pixel centres.
pub fn patch(rgb: &[u8], width: usize, height: usize, s: &Seen, cut: &Cut, out: &mut Vec<f32>) {
    let (up, right) = axes(s);
    let at = match cut.anchor {
        Anchor::Index => s.point,
        Anchor::Card => s.centre,
    };
    let (hw, hh) = (right[0].hypot(right[1]), up[0].hypot(up[1]));
    let xh = [right[0] / hw.max(1e-6), right[1] / hw.max(1e-6)];
    let yh = [-up[0] / hh.max(1e-6), -up[1] / hh.max(1e-6)];
    let (span_x, span_y) = (cut.span_w * 2.0 * hw, cut.span_h * 2.0 * hh);
    let start = out.len();
    let plane = cut.w * cut.h;
    out.resize(start + 3 * plane, 0.0);
    let dst = &mut out[start..];
    let px = |x: i64, y: i64| {
        let (x, y) = (
            x.clamp(0, width as i64 - 1) as usize,
            y.clamp(0, height as i64 - 1) as usize,
        );
        let i = (y * width + x) * 3;
        [
            f64::from(rgb[i]),
            f64::from(rgb[i + 1]),
            f64::from(rgb[i + 2]),
        ]
    };
    for v in 0..cut.h {
        let fv = (v as f64 + 0.5) / cut.h as f64 - 0.5;
        for u in 0..cut.w {
            let fu = (u as f64 + 0.5) / cut.w as f64 - 0.5;
            let x = at[0] + fu * span_x * xh[0] + fv * span_y * yh[0] - 0.5;
            let y = at[1] + fu * span_x * xh[1] + fv * span_y * yh[1] - 0.5;
            let (x0, y0) = (x.floor(), y.floor());
            let (ax, ay) = (x - x0, y - y0);
            let (x0, y0) = (x0 as i64, y0 as i64);
            let (p00, p10, p01, p11) = (
                px(x0, y0),
                px(x0 + 1, y0),
                px(x0, y0 + 1),
                px(x0 + 1, y0 + 1),
            );
            for c in 0..3 {
                let top = p00[c] * (1.0 - ax) + p10[c] * ax;
                let bottom = p01[c] * (1.0 - ax) + p11[c] * ax;
                dst[c * plane + v * cut.w + u] = ((top * (1.0 - ay) + bottom * ay) / 255.0) as f32;
            }
        }
    }
}

/// One view of the card reader: a model and how its patches are cut.
struct View {
    engine: Engine,
    cut: Cut,
}

impl View {
    fn open(model: &Path, threads: usize) -> Result<View, EngineError> {
        let engine = Engine::open(model, threads)?;
        if engine.metadata("pitwatch_model").as_deref() != Some("pitnet-reader") {
            return Err(EngineError::Model {
                path: model.to_path_buf(),
                reason: "its metadata lacks pitwatch_model = pitnet-reader".into(),
            });
        }
        let cut = Cut::from_metadata(
            engine.metadata("patch"),
            engine.metadata("span"),
            engine.metadata("anchor"),
        )
        .map_err(|reason| EngineError::Model {
            path: model.to_path_buf(),
            reason,
        })?;
        Ok(View { engine, cut })
    }

    /// Adds this view's log-probabilities of the 53 classes of each of `found` to `sum`.
    fn add(
        &mut self,
        rgb: &[u8],
        width: usize,
        height: usize,
        found: &[&Seen],
        sum: &mut [f32],
    ) -> Result<(), EngineError> {
        let cut = self.cut;
        let mut input = Vec::with_capacity(found.len() * 3 * cut.w * cut.h);
        for s in found {
            patch(rgb, width, height, s, &cut, &mut input);
        }
        let outs = self.engine.run(&[found.len(), 3, cut.h, cut.w], input)?;
        let Some(face) = outs.into_iter().find(|o| o.name == "face") else {
            return Err(EngineError::Run {
                path: self.engine.path().to_path_buf(),
                reason: "no output named face".into(),
            });
        };
        if face.data.len() != sum.len() {
            return Err(EngineError::Run {
                path: self.engine.path().to_path_buf(),
                reason: format!("output face has shape {:?}", face.shape),
            });
        }
        for (logits, acc) in face.data.chunks(CLASSES).zip(sum.chunks_mut(CLASSES)) {
            let z = log_sum_exp(logits);
            for (a, &l) in acc.iter_mut().zip(logits) {
                *a += l - z;
            }
        }
        Ok(())
    }
}

/// The reader's classes: the 52 faces, then [`NO_INDEX`].
const CLASSES: usize = NO_INDEX + 1;

/// ln of the sum of the exponentials of `v`, taken without overflow: what turns logits into
/// log-probabilities when subtracted from each.
pub(crate) fn log_sum_exp(v: &[f32]) -> f32 {
    let max = v.iter().copied().fold(f32::MIN, f32::max);
    max + v.iter().map(|&x| (x - max).exp()).sum::<f32>().ln()
}

/// The opened card reader: one view or more.
pub struct Reader {
    views: Vec<View>,
}

impl Reader {
    /// Opens the reader model at `model` (a single view).
    pub fn open(model: &Path, threads: usize) -> Result<Reader, EngineError> {
        Reader::open_views(&[model], threads)
    }

    /// Opens a reader of several views, one model each; their log-probabilities add up.
    pub fn open_views(models: &[&Path], threads: usize) -> Result<Reader, EngineError> {
        let views = models
            .iter()
            .map(|m| View::open(m, threads))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Reader { views })
    }

    /// How each view's patches are cut.
    pub fn cuts(&self) -> Vec<Cut> {
        self.views.iter().map(|v| v.cut).collect()
    }

    /// Reads every face-up card in `found` from the picture it was found in: sets its face,
    /// `read` (the probability the views together give it) and `faces`. Returns, for each
    /// thing in `found`, whether to keep it: false where the views together say there is no
    /// index.
    pub fn read(
        &mut self,
        rgb: &[u8],
        width: usize,
        height: usize,
        found: &mut [Seen],
    ) -> Result<Vec<bool>, EngineError> {
        let mut keep = vec![true; found.len()];
        let at: Vec<usize> = (0..found.len())
            .filter(|&i| matches!(found[i].identity, Identity::Card(_)))
            .collect();
        if at.is_empty() {
            return Ok(keep);
        }
        let mut sum = vec![0.0f32; at.len() * CLASSES];
        {
            let cards: Vec<&Seen> = at.iter().map(|&i| &found[i]).collect();
            for view in &mut self.views {
                view.add(rgb, width, height, &cards, &mut sum)?;
            }
        }
        for (&i, scores) in at.iter().zip(sum.chunks(CLASSES)) {
            // The views' joint log-probabilities, made a distribution again.
            let z = log_sum_exp(scores);
            let (best, &v) = scores
                .iter()
                .enumerate()
                .max_by(|a, b| a.1.total_cmp(b.1))
                .unwrap_or((NO_INDEX, &0.0));
            match Card::from_index(best) {
                Some(card) if best < NO_INDEX => {
                    found[i].identity = Identity::Card(card);
                    found[i].read = (v - z).exp();
                    found[i].faces = Some(scores[..NO_INDEX].iter().map(|&l| l - z).collect());
                }
                _ => keep[i] = false,
            }
        }
        Ok(keep)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where the brightest sample of a patch cut as `cut` of a picture with one bright pixel
    /// lies.
    fn brightest_in(bright: (usize, usize), cut: &Cut) -> (usize, usize) {
        let (w, h) = (100, 100);
        let mut rgb = vec![0u8; w * h * 3];
        let i = (bright.1 * w + bright.0) * 3;
        rgb[i..i + 3].copy_from_slice(&[255, 255, 255]);
        // A card lying on its side, 60 x 80 pixels: its top edge faces +x in the picture and
        // its right edge +y; the index found at (60.5, 40.5).
        let centre = [50.0, 50.0];
        let s = Seen {
            identity: Identity::CardBack,
            score: 1.0,
            read: 1.0,
            centre,
            corners: [
                [centre[0] + 40.0, centre[1] - 30.0],
                [centre[0] + 40.0, centre[1] + 30.0],
                [centre[0] - 40.0, centre[1] + 30.0],
                [centre[0] - 40.0, centre[1] - 30.0],
            ],
            point: [60.5, 40.5],
            faces: None,
        };
        let mut out = Vec::new();
        patch(&rgb, w, h, &s, cut, &mut out);
        assert_eq!(out.len(), 3 * cut.w * cut.h);
        let at = (0..cut.w * cut.h)
            .max_by(|&a, &b| out[a].total_cmp(&out[b]))
            .unwrap();
        (at % cut.w, at / cut.w)
    }

    fn brightest(bright: (usize, usize)) -> (usize, usize) {
        brightest_in(bright, &Cut::FIRST)
    }

    #[test]
    fn a_cut_comes_from_the_metadata_or_is_refused() {
        assert_eq!(Cut::from_metadata(None, None, None), Ok(Cut::FIRST));
        let cut = Cut::from_metadata(
            Some("[40, 64]".into()),
            Some("[0.44, 0.46]".into()),
            Some("index".into()),
        );
        assert_eq!(
            cut,
            Ok(Cut {
                w: 40,
                h: 64,
                span_w: 0.44,
                span_h: 0.46,
                anchor: Anchor::Index,
            })
        );
        let card = Cut::from_metadata(None, Some("[1.04, 1.04]".into()), Some("card".into()));
        assert_eq!(card.map(|c| c.anchor), Ok(Anchor::Card));
        let bad = Cut::from_metadata(Some("[40]".into()), None, None).unwrap_err();
        assert!(bad.contains("metadata patch"), "{bad}");
        let bad = Cut::from_metadata(None, Some("[0.4, 3.0]".into()), None).unwrap_err();
        assert!(bad.contains("outside 0..1.5"), "{bad}");
        let bad = Cut::from_metadata(None, None, Some("corner".into())).unwrap_err();
        assert!(bad.contains("anchor"), "{bad}");
    }

    #[test]
    fn a_card_patch_centres_on_the_card_with_the_index_found_at_its_top_left() {
        // The whole card, 60 x 80 pixels, in 30 x 40 samples: two pixels a sample.
        let cut = Cut {
            w: 30,
            h: 40,
            span_w: 1.0,
            span_h: 1.0,
            anchor: Anchor::Card,
        };
        // The card's centre (50, 50) is the patch's centre; pixel (50, 50) is centred at
        // (50.5, 50.5), half a pixel right of the card's centre and half a pixel up it.
        assert_eq!(brightest_in((50, 50), &cut), (15, 19));
        // The index found (60.5, 40.5) lies 10.5 pixels up the card and 9.5 left of its
        // centre: in the top left quarter of the patch, (10.25, 14.75) samples from its top left.
        assert_eq!(brightest_in((60, 40), &cut), (10, 14));
    }

    #[test]
    fn a_patch_follows_the_card_axes() {
        // The patch spans 0.4 x 60 = 24 picture pixels across (32 samples) and 0.42 x 80 =
        // 33.6 down (48 samples).
        assert_eq!(brightest((60, 40)), (16, 24));
        // 6 pixels along the card's right edge (+y): 8 samples right in the patch.
        assert_eq!(brightest((60, 46)), (24, 24));
        // 6 pixels down the card (-x): about 8.6 samples down.
        let (u, v) = brightest((54, 40));
        assert_eq!(u, 16);
        assert!((32..=33).contains(&v), "{v}");
    }
}
