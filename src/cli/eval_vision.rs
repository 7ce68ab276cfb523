//! `pitwatch eval-vision FOLDER... [--model M] [--format text|json] [--out DIR]`: runs the
//! recognizer over simulator output (footage.mp4 with its annotations.jsonl), frame by frame
//! as it runs on real footage (only where the picture changed), and scores it on every
//! annotated frame: per-class precision and recall, card faces and chip values read right,
//! the confusions, and the worst frames drawn to PNG.

use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;
use serde::Serialize;

use pitwatch::layout::{Layout, PixelPt, contains};
use pitwatch::render::canvas::{Canvas, Rgb};
use pitwatch::sim::annotate::{FrameNote, class_names};
use pitwatch::video::Decoder;
use pitwatch::vision::pitnet::Seen;
use pitwatch::vision::recognizer::{Recognizer, default_model};
use pitwatch::vision::score::{FrameScore, RECALL_VISIBLE, Score, class_of, ratio};

use super::EXIT_CLEAN;
use super::detect::Format;
use super::picture::{draw_box, write_png};

/// Arguments of `pitwatch eval-vision`.
#[derive(Debug, Args)]
pub struct EvalVisionArgs {
    /// Folders written by `pitwatch simulate` (footage.mp4 and annotations.jsonl).
    #[arg(required = true)]
    pub folders: Vec<PathBuf>,
    /// The recognizer model (default: models/pitnet.onnx).
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Where to write the worst frames as PNG.
    #[arg(long, default_value = "eval-vision")]
    pub out: PathBuf,
    /// How many of the worst frames to draw.
    #[arg(long, default_value_t = 8)]
    pub worst: usize,
    /// Threads for the model (0: the runtime's choice).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Look at every Nth frame (the frames between report what the last look found).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=30))]
    pub stride: u64,
}

#[derive(Serialize)]
struct ClassRow {
    class: String,
    truth: u64,
    found: u64,
    precision: f64,
    recall: f64,
}

#[derive(Serialize)]
struct Confusion {
    truth: String,
    read: String,
    count: u64,
}

#[derive(Serialize)]
struct WorstFrame {
    folder: String,
    frame: u64,
    missed: u32,
    wrong: u32,
    extra: u32,
    png: String,
}

#[derive(Serialize)]
struct Report {
    folders: Vec<String>,
    model: String,
    frames_scored: u64,
    card_identity_accuracy: f64,
    chip_value_accuracy: f64,
    card_recall: f64,
    chip_recall: f64,
    card_precision: f64,
    chip_precision: f64,
    cards_read: u64,
    chips_read: u64,
    cards_in_view: u64,
    chips_in_view: u64,
    recall_counts_visible_at_least: f64,
    per_class: Vec<ClassRow>,
    confusion: Vec<Confusion>,
    worst_frames: Vec<WorstFrame>,
    frames_run: u64,
    stride: u64,
    looked_share: f64,
    ms_per_frame: f64,
}

/// True when the point (pixels) is on the layout's felt and not in its chip tray (always,
/// without a layout).
fn on_table(layout: Option<&Layout>, p: [f64; 2]) -> bool {
    let q = PixelPt { x: p[0], y: p[1] };
    layout.is_none_or(|l| contains(&l.felt, q) && !contains(&l.chip_tray, q))
}

struct Bad {
    errors: u32,
    score: FrameScore,
    folder: String,
    frame: u64,
    picture: Canvas,
    note: FrameNote,
    seen: Vec<Seen>,
    layout: Option<Layout>,
}

fn read_notes(path: &Path) -> anyhow::Result<BTreeMap<u64, FrameNote>> {
    let f = fs::File::open(path).with_context(|| format!("{}: cannot open", path.display()))?;
    let mut out = BTreeMap::new();
    for (i, line) in BufReader::new(f).lines().enumerate() {
        let line = line.with_context(|| format!("{}: cannot read", path.display()))?;
        if line.trim().is_empty() {
            continue;
        }
        let n: FrameNote = serde_json::from_str(&line)
            .with_context(|| format!("{}:{}: not a frame annotation", path.display(), i + 1))?;
        out.insert(n.frame, n);
    }
    Ok(out)
}

/// Runs the recognizer over every folder and reports.
pub fn run(a: &EvalVisionArgs) -> anyhow::Result<u8> {
    let model = a.model.clone().unwrap_or_else(default_model);
    let mut rec = Recognizer::open(&model, a.threads)?;
    rec.stride = a.stride;
    let mut score = Score::default();
    let mut worst: Vec<Bad> = Vec::new();
    let (mut frames_run, mut looked, mut spent) = (0u64, 0.0f64, 0.0f64);
    for folder in &a.folders {
        let notes = read_notes(&folder.join("annotations.jsonl"))?;
        if notes.is_empty() {
            bail!(
                "{}: no annotated frames (simulate with --label-every N)",
                folder.display()
            );
        }
        let video = folder.join("footage.mp4");
        let mut dec = Decoder::open(&video).with_context(|| format!("{}", video.display()))?;
        let layout_file = folder.join("layout.toml");
        let layout = if layout_file.is_file() {
            let text = fs::read_to_string(&layout_file)
                .with_context(|| format!("{}: cannot read", layout_file.display()))?;
            Some(
                Layout::parse(&text)
                    .with_context(|| format!("{}: bad layout", layout_file.display()))?,
            )
        } else {
            None
        };
        rec.use_layout(layout.as_ref());
        let name = folder.display().to_string();
        while let Some(f) = dec
            .next_frame()
            .with_context(|| format!("{}", video.display()))?
        {
            let (w, h) = (f.width as usize, f.height as usize);
            let t0 = Instant::now();
            let seen = rec.frame(&f.data, w, h)?;
            spent += t0.elapsed().as_secs_f64();
            frames_run += 1;
            looked += rec.last_pass().pixels as f64 / (w * h) as f64;
            let Some(note) = notes.get(&f.index) else {
                continue;
            };
            let fs = score.frame(note, &seen, &|p| on_table(layout.as_ref(), p));
            let errors = fs.errors();
            if errors > 0
                && (worst.len() < a.worst || worst.last().is_some_and(|b| b.errors < errors))
            {
                worst.push(Bad {
                    errors,
                    score: fs,
                    folder: name.clone(),
                    frame: f.index,
                    picture: Canvas {
                        width: w,
                        height: h,
                        data: f.data,
                    },
                    note: note.clone(),
                    seen,
                    layout: layout.clone(),
                });
                worst.sort_by_key(|b| std::cmp::Reverse(b.errors));
                worst.truncate(a.worst);
            }
        }
    }
    let mut drawn = Vec::new();
    if !worst.is_empty() {
        fs::create_dir_all(&a.out)
            .with_context(|| format!("{}: cannot create", a.out.display()))?;
    }
    for b in &mut worst {
        let stem = Path::new(&b.folder)
            .file_name()
            .map_or("footage".into(), |s| s.to_string_lossy().into_owned());
        let png = a.out.join(format!("{stem}-{:06}.png", b.frame));
        draw(&mut b.picture, &b.note, &b.seen, b.layout.as_ref());
        write_png(&png, &b.picture)?;
        drawn.push(WorstFrame {
            folder: b.folder.clone(),
            frame: b.frame,
            missed: b.score.missed,
            wrong: b.score.wrong,
            extra: b.score.extra,
            png: png.display().to_string(),
        });
    }
    let names = class_names();
    let per_class: Vec<ClassRow> = score
        .classes
        .iter()
        .map(|(&c, n)| ClassRow {
            class: names.get(c as usize).cloned().unwrap_or_default(),
            truth: n.truth,
            found: n.found,
            precision: ratio((n.correct, n.found)),
            recall: ratio((n.hit, n.truth)),
        })
        .collect();
    let mut confusion: Vec<Confusion> = score
        .confusion
        .iter()
        .map(|((t, r), &count)| Confusion {
            truth: t.clone(),
            read: r.clone(),
            count,
        })
        .collect();
    confusion.sort_by_key(|c| std::cmp::Reverse(c.count));
    let report = Report {
        folders: a.folders.iter().map(|f| f.display().to_string()).collect(),
        model: model.display().to_string(),
        frames_scored: score.frames,
        card_identity_accuracy: ratio(score.card_faces),
        chip_value_accuracy: ratio(score.chip_values),
        card_recall: ratio(score.card_recall),
        chip_recall: ratio(score.chip_recall),
        card_precision: ratio((score.found.0 - score.extra.0, score.found.0)),
        chip_precision: ratio((score.found.1 - score.extra.1, score.found.1)),
        cards_read: score.card_faces.1,
        chips_read: score.chip_values.1,
        cards_in_view: score.card_recall.1,
        chips_in_view: score.chip_recall.1,
        recall_counts_visible_at_least: RECALL_VISIBLE,
        per_class,
        confusion,
        worst_frames: drawn,
        frames_run,
        stride: a.stride,
        looked_share: looked / frames_run.max(1) as f64,
        ms_per_frame: spent * 1000.0 / frames_run.max(1) as f64,
    };
    let mut out = std::io::stdout().lock();
    match a.format {
        Format::Json => writeln!(out, "{}", serde_json::to_string(&report)?)?,
        Format::Text => print_text(&mut out, &report)?,
    }
    Ok(EXIT_CLEAN)
}

fn pct(v: f64) -> String {
    format!("{:.2}%", v * 100.0)
}

fn print_text(out: &mut impl Write, r: &Report) -> std::io::Result<()> {
    writeln!(
        out,
        "eval-vision: {} annotated frames of {} folder(s), model {}",
        r.frames_scored,
        r.folders.len(),
        r.model
    )?;
    writeln!(
        out,
        "  card faces read right   {:>8}  of {} cards with an index in view",
        pct(r.card_identity_accuracy),
        r.cards_read
    )?;
    writeln!(
        out,
        "  chip values read right  {:>8}  of {} chips",
        pct(r.chip_value_accuracy),
        r.chips_read
    )?;
    writeln!(
        out,
        "  card recall             {:>8}  of {} cards at least half in view (precision {})",
        pct(r.card_recall),
        r.cards_in_view,
        pct(r.card_precision)
    )?;
    writeln!(
        out,
        "  chip recall             {:>8}  of {} chips at least half in view (precision {})",
        pct(r.chip_recall),
        r.chips_in_view,
        pct(r.chip_precision)
    )?;
    writeln!(
        out,
        "  cost: {:.1} ms a frame, {:.1}% of each frame looked at, over {} frames (looking at \
         every {})",
        r.ms_per_frame,
        100.0 * r.looked_share,
        r.frames_run,
        r.stride
    )?;
    writeln!(out, "  per class (truth, found, precision, recall):")?;
    for c in &r.per_class {
        writeln!(
            out,
            "    {:<10} {:>6} {:>6} {:>8} {:>8}",
            c.class,
            c.truth,
            c.found,
            pct(c.precision),
            pct(c.recall)
        )?;
    }
    if !r.confusion.is_empty() {
        writeln!(out, "  confusions (truth -> read, count):")?;
        for c in r.confusion.iter().take(20) {
            writeln!(out, "    {} -> {}: {}", c.truth, c.read, c.count)?;
        }
    }
    for w in &r.worst_frames {
        writeln!(
            out,
            "  worst: {} frame {}: {} missed, {} wrong, {} extra -> {}",
            w.folder, w.frame, w.missed, w.wrong, w.extra, w.png
        )?;
    }
    Ok(())
}

/// Draws what was found (green read right, red read wrong or not there) and what was missed
/// (magenta).
fn draw(c: &mut Canvas, note: &FrameNote, seen: &[Seen], layout: Option<&Layout>) {
    let names = class_names();
    for o in &note.objects {
        let (cx, cy) = (
            o.corners.iter().map(|p| p[0]).sum::<f64>() / 4.0,
            o.corners.iter().map(|p| p[1]).sum::<f64>() / 4.0,
        );
        if o.class > 58 || o.visible < RECALL_VISIBLE || o.moving || !on_table(layout, [cx, cy]) {
            continue;
        }
        let near = seen.iter().any(|s| {
            (s.centre[0] - cx).hypot(s.centre[1] - cy) < 12.0 && s.is_card() == (o.class <= 52)
        });
        if !near {
            draw_box(c, o.bbox, Rgb(255, 0, 255), &format!("MISS {}", o.name));
        }
    }
    for s in seen {
        let class = class_of(s);
        let right = note.objects.iter().any(|o| {
            Some(o.class) == class
                && (o.corners.iter().map(|p| p[0]).sum::<f64>() / 4.0 - s.centre[0])
                    .hypot(o.corners.iter().map(|p| p[1]).sum::<f64>() / 4.0 - s.centre[1])
                    < 14.0
        });
        let label = class
            .and_then(|k| names.get(k as usize).cloned())
            .unwrap_or_default();
        let colour = if right {
            Rgb(0, 255, 80)
        } else {
            Rgb(255, 40, 40)
        };
        draw_box(c, s.bbox(), colour, &label);
    }
}
