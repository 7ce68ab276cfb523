//! `pitwatch detect IMAGE... [--layout layout.toml] [--format text|json] [--out DIR]`: runs
//! the recognizer on still pictures (PNG), prints every card and chip found with its position
//! and confidence, and writes each picture with its boxes drawn.
//!
//! The recognizer is the project's model (models/pitnet.onnx) unless `--model` and `--classes`
//! name a user's YOLOv8/YOLO11 export and its class map (docs/detect.md). With a layout the
//! model looks on the felt at the layout's scale; without one it searches the whole picture at
//! several scales, for a photograph whose cards may be any size.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};
use serde::Serialize;

use pitwatch::layout::Layout;
use pitwatch::render::canvas::{Canvas, Rgb};
use pitwatch::vision::detector::{Found, YoloDetector};
use pitwatch::vision::pitnet::{Seen, merge};
use pitwatch::vision::recognizer::{Recognizer, default_model};
use pitwatch::vision::yolo::{ClassMap, Identity};

use super::EXIT_CLEAN;
use super::picture::{draw_box, read_png, write_png};

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per thing found.
    Text,
    /// One JSON object per picture.
    Json,
}

/// Arguments of `pitwatch detect`.
#[derive(Debug, Args)]
pub struct DetectArgs {
    /// Pictures (PNG).
    #[arg(required = true)]
    pub images: Vec<PathBuf>,
    /// The model: the project's recognizer (default models/pitnet.onnx), or with --classes a
    /// YOLOv8/YOLO11 ONNX export (output [1, 4 + classes, N]).
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// The class map of a YOLO export: what each of its classes is (TOML; docs/detect.md).
    #[arg(long, requires = "model")]
    pub classes: Option<PathBuf>,
    /// The table's layout (as `pitwatch simulate` writes it): look only on its felt, at its
    /// scale. Pictures must be of the layout's frame size.
    #[arg(long, conflicts_with = "classes")]
    pub layout: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write each picture with its boxes drawn here, as NAME.detect.png.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Lowest confidence reported (default 0.25 for a YOLO export, 0.4 for the recognizer).
    #[arg(long)]
    pub min_score: Option<f32>,
}

#[derive(Serialize)]
struct Item {
    what: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    card: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    chip_cents: Option<i64>,
    confidence: f32,
    /// How sure the reading of the face or value is (the recognizer only).
    #[serde(skip_serializing_if = "Option::is_none")]
    read: Option<f32>,
    /// x0, y0, x1, y1 in the picture's pixels.
    bbox: [f64; 4],
    /// A card's corners (top-left, top-right, bottom-right, bottom-left as read) or a chip's
    /// square, the picture's pixels (the recognizer only).
    #[serde(skip_serializing_if = "Option::is_none")]
    corners: Option<[[f64; 2]; 4]>,
}

#[derive(Serialize)]
struct Picture<'a> {
    image: &'a str,
    width: usize,
    height: usize,
    found: &'a [Item],
}

fn what(identity: Identity) -> (&'static str, Option<String>, Option<i64>) {
    match identity {
        Identity::Card(c) => ("card", Some(c.to_string()), None),
        Identity::CardBack => ("card_back", None, None),
        Identity::Chip(v) => ("chip", None, Some(v)),
        Identity::DealerHand => ("dealer_hand", None, None),
        Identity::Ignore => ("ignore", None, None),
    }
}

fn r1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

fn r3(v: f32) -> f32 {
    (v * 1000.0).round() / 1000.0
}

fn item(f: &Found) -> Item {
    let (what, card, chip) = what(f.identity);
    Item {
        what: what.into(),
        card,
        chip_cents: chip,
        confidence: r3(f.detection.score),
        read: None,
        bbox: f.detection.bbox.map(r1),
        corners: None,
    }
}

fn seen_item(s: &Seen) -> Item {
    let (what, card, chip) = what(s.identity);
    Item {
        what: what.into(),
        card,
        chip_cents: chip,
        confidence: r3(s.score),
        read: Some(r3(s.read)),
        bbox: s.bbox().map(r1),
        corners: Some(s.corners.map(|p| p.map(r1))),
    }
}

/// Scales at which a photograph is searched (picture pixels per model pixel): cards from
/// the model's own size to about five times it.
const PYRAMID: [f64; 5] = [1.0, 1.5, 2.25, 3.4, 5.0];

/// The recognizer in use.
enum Finder {
    Yolo(YoloDetector),
    Own(Box<Recognizer>, bool),
}

impl Finder {
    fn find(&mut self, rgb: &[u8], w: usize, h: usize) -> anyhow::Result<Vec<Item>> {
        Ok(match self {
            Finder::Yolo(det) => det.detect(rgb, w, h)?.iter().map(item).collect(),
            Finder::Own(rec, true) => rec.still(rgb, w, h, None)?.iter().map(seen_item).collect(),
            Finder::Own(rec, false) => {
                let mut all = Vec::new();
                for s in PYRAMID {
                    if (w.min(h) as f64) / s < 96.0 {
                        break;
                    }
                    all.extend(rec.still(rgb, w, h, Some(s))?);
                }
                merge(all).iter().map(seen_item).collect()
            }
        })
    }
}

/// Draws each box with its label.
fn annotate(c: &mut Canvas, found: &[Item]) {
    for f in found {
        let colour = match f.what.as_str() {
            "card" => Rgb(255, 230, 0),
            "chip" => Rgb(0, 230, 255),
            _ => Rgb(255, 0, 200),
        };
        let label = f
            .card
            .clone()
            .or(f.chip_cents.map(|v| format!("${}.{:02}", v / 100, v % 100)))
            .unwrap_or_else(|| f.what.to_uppercase().replace('_', " "));
        draw_box(c, f.bbox, colour, &label);
    }
}

/// Runs the detector on every picture.
pub fn run(a: &DetectArgs) -> anyhow::Result<u8> {
    let layout = match &a.layout {
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .with_context(|| format!("{}: cannot read the layout", p.display()))?;
            Some(Layout::parse(&text).with_context(|| format!("{}: bad layout", p.display()))?)
        }
        None => None,
    };
    let mut finder = match (&a.classes, &a.model) {
        (Some(classes), Some(model)) => {
            let text = std::fs::read_to_string(classes)
                .with_context(|| format!("{}: cannot read the class map", classes.display()))?;
            let map = ClassMap::parse(&text)
                .with_context(|| format!("{}: bad class map", classes.display()))?;
            let mut det = YoloDetector::open(model, &map, 0)?;
            det.min_score = a.min_score.unwrap_or(0.25);
            Finder::Yolo(det)
        }
        _ => {
            let model = a.model.clone().unwrap_or_else(default_model);
            let mut rec = Recognizer::open(&model, 0)?;
            if let Some(s) = a.min_score {
                rec.min_score = s;
            }
            rec.use_layout(layout.as_ref());
            Finder::Own(Box::new(rec), layout.is_some())
        }
    };
    if let Some(out) = &a.out {
        std::fs::create_dir_all(out)
            .with_context(|| format!("{}: cannot create", out.display()))?;
    }
    let mut out = std::io::stdout().lock();
    for img in &a.images {
        let (w, h, rgb) = read_png(img)?;
        if let (Some(l), Some(p)) = (&layout, &a.layout)
            && (l.width as usize, l.height as usize) != (w, h)
        {
            bail!(
                "{}: picture is {w}x{h} but the layout {} is for {}x{} frames",
                img.display(),
                p.display(),
                l.width,
                l.height
            );
        }
        let found = finder
            .find(&rgb, w, h)
            .with_context(|| format!("{}", img.display()))?;
        let name = img.display().to_string();
        match a.format {
            Format::Json => {
                let p = Picture {
                    image: &name,
                    width: w,
                    height: h,
                    found: &found,
                };
                writeln!(out, "{}", serde_json::to_string(&p)?)?;
            }
            Format::Text => {
                writeln!(out, "{name}: {} found", found.len())?;
                for f in &found {
                    let what = f
                        .card
                        .clone()
                        .or(f.chip_cents.map(|v| format!("chip {v}c")))
                        .unwrap_or(f.what.clone());
                    writeln!(
                        out,
                        "  {what:<12} {:.3}  [{:.0}, {:.0}, {:.0}, {:.0}]",
                        f.confidence, f.bbox[0], f.bbox[1], f.bbox[2], f.bbox[3]
                    )?;
                }
            }
        }
        if let Some(out) = &a.out {
            let mut c = Canvas {
                width: w,
                height: h,
                data: rgb,
            };
            annotate(&mut c, &found);
            write_png(&out.join(stem(img)), &c)?;
        }
    }
    Ok(EXIT_CLEAN)
}

fn stem(p: &Path) -> String {
    let s = p
        .file_stem()
        .map_or("image".into(), |s| s.to_string_lossy().into_owned());
    format!("{s}.detect.png")
}
