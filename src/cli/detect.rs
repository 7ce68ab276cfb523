//! `pitwatch detect IMAGE... --model yolo.onnx --classes map.toml [--format text|json]
//! [--out DIR]`: runs a detector on still pictures (PNG), prints every card and chip found with
//! its box and confidence, and writes each picture with its boxes drawn.
//!
//! Until the project's own recognizer ships, the detector is a user's YOLOv8/YOLO11 export with
//! a class map (docs/detect.md).

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};
use serde::Serialize;

use pitwatch::render::canvas::{Canvas, Rgb, fill_polygon};
use pitwatch::render::font::draw_text;
use pitwatch::vision::detector::{Found, YoloDetector};
use pitwatch::vision::yolo::{ClassMap, Identity};

use super::EXIT_CLEAN;

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

/// Reads a PNG as tightly packed RGB rows.
fn read_png(p: &Path) -> anyhow::Result<(usize, usize, Vec<u8>)> {
    let f = File::open(p).with_context(|| format!("{}: cannot open", p.display()))?;
    let mut dec = png::Decoder::new(BufReader::new(f));
    dec.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = dec
        .read_info()
        .with_context(|| format!("{}: not a PNG picture", p.display()))?;
    let mut buf = vec![0; reader.output_buffer_size().unwrap_or(0)];
    let info = reader
        .next_frame(&mut buf)
        .with_context(|| format!("{}: cannot decode the PNG", p.display()))?;
    let (w, h) = (info.width as usize, info.height as usize);
    let px = &buf[..info.buffer_size()];
    let rgb: Vec<u8> = match info.color_type {
        png::ColorType::Rgb => px.to_vec(),
        png::ColorType::Rgba => px
            .chunks_exact(4)
            .flat_map(|c| [c[0], c[1], c[2]])
            .collect(),
        png::ColorType::Grayscale => px.iter().flat_map(|&g| [g, g, g]).collect(),
        png::ColorType::GrayscaleAlpha => px
            .chunks_exact(2)
            .flat_map(|c| [c[0], c[0], c[0]])
            .collect(),
        png::ColorType::Indexed => bail!("{}: indexed PNG left unexpanded", p.display()),
    };
    Ok((w, h, rgb))
}

fn write_png(p: &Path, c: &Canvas) -> anyhow::Result<()> {
    let f = File::create(p).with_context(|| format!("{}: cannot write", p.display()))?;
    let mut e = png::Encoder::new(BufWriter::new(f), c.width as u32, c.height as u32);
    e.set_color(png::ColorType::Rgb);
    e.write_header()
        .and_then(|mut w| w.write_image_data(&c.data))
        .with_context(|| format!("{}: cannot write", p.display()))
}

/// Draws each box with its label.
fn annotate(c: &mut Canvas, found: &[Item]) {
    for f in found {
        let [x0, y0, x1, y1] = f.bbox;
        let colour = match f.what.as_str() {
            "card" => Rgb(255, 230, 0),
            "chip" => Rgb(0, 230, 255),
            _ => Rgb(255, 0, 200),
        };
        let t = 2.0;
        for (a, b) in [
            ((x0, y0), (x1, y0 + t)),
            ((x0, y1 - t), (x1, y1)),
            ((x0, y0), (x0 + t, y1)),
            ((x1 - t, y0), (x1, y1)),
        ] {
            fill_polygon(
                c,
                &[(a.0, a.1), (b.0, a.1), (b.0, b.1), (a.0, b.1)],
                colour,
                1.0,
            );
        }
        let label = f
            .card
            .clone()
            .or(f.chip_cents.map(|v| format!("${}.{:02}", v / 100, v % 100)))
            .unwrap_or_else(|| f.what.to_uppercase().replace('_', " "));
        draw_text(c, &label, x0, (y0 - 10.0).max(0.0), 1.3, colour);
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
