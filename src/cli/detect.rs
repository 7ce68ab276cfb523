//! `pitwatch detect IMAGE... --model yolo.onnx --classes map.toml [--format text|json]
//! [--out DIR]`: runs a detector on still pictures (PNG), prints every card and chip found with
//! its box and confidence, and writes each picture with its boxes drawn.
//!
//! Until the project's own recognizer ships, the detector is a user's YOLOv8/YOLO11 export with
//! a class map (docs/detect.md).

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Args, ValueEnum};
use serde::Serialize;

use pitwatch::render::canvas::{Canvas, Rgb};
use pitwatch::vision::detector::{Found, YoloDetector};
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
    /// A YOLOv8/YOLO11 ONNX export (output [1, 4 + classes, N]).
    #[arg(long)]
    pub model: PathBuf,
    /// The class map: what each of the model's classes is (TOML; docs/detect.md).
    #[arg(long)]
    pub classes: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write each picture with its boxes drawn here, as NAME.detect.png.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Lowest confidence reported.
    #[arg(long, default_value_t = 0.25)]
    pub min_score: f32,
}

#[derive(Serialize)]
struct Item {
    what: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    card: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    chip_cents: Option<i64>,
    confidence: f32,
    /// x0, y0, x1, y1 in the picture's pixels.
    bbox: [f64; 4],
}

#[derive(Serialize)]
struct Picture<'a> {
    image: &'a str,
    width: usize,
    height: usize,
    found: &'a [Item],
}

fn item(f: &Found) -> Item {
    let (what, card, chip) = match f.identity {
        Identity::Card(c) => ("card", Some(c.to_string()), None),
        Identity::CardBack => ("card_back", None, None),
        Identity::Chip(v) => ("chip", None, Some(v)),
        Identity::DealerHand => ("dealer_hand", None, None),
        Identity::Ignore => ("ignore", None, None),
    };
    let r = |v: f64| (v * 10.0).round() / 10.0;
    let b = f.detection.bbox;
    Item {
        what: what.into(),
        card,
        chip_cents: chip,
        confidence: (f.detection.score * 1000.0).round() / 1000.0,
        bbox: [r(b[0]), r(b[1]), r(b[2]), r(b[3])],
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
    let text = std::fs::read_to_string(&a.classes)
        .with_context(|| format!("{}: cannot read the class map", a.classes.display()))?;
    let map = ClassMap::parse(&text)
        .with_context(|| format!("{}: bad class map", a.classes.display()))?;
    let mut det = YoloDetector::open(&a.model, &map, 0)?;
    det.min_score = a.min_score;
    if let Some(out) = &a.out {
        std::fs::create_dir_all(out)
            .with_context(|| format!("{}: cannot create", out.display()))?;
    }
    for img in &a.images {
        let (w, h, rgb) = read_png(img)?;
        let found: Vec<Item> = det.detect(&rgb, w, h)?.iter().map(item).collect();
        let name = img.display().to_string();
        match a.format {
            Format::Json => {
                let p = Picture {
                    image: &name,
                    width: w,
                    height: h,
                    found: &found,
                };
                println!("{}", serde_json::to_string(&p)?);
            }
            Format::Text => {
                println!("{name}: {} found", found.len());
                for f in &found {
                    let what = f
                        .card
                        .clone()
                        .or(f.chip_cents.map(|v| format!("chip {v}c")))
                        .unwrap_or(f.what.clone());
                    println!(
                        "  {what:<12} {:.3}  [{:.0}, {:.0}, {:.0}, {:.0}]",
                        f.confidence, f.bbox[0], f.bbox[1], f.bbox[2], f.bbox[3]
                    );
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
