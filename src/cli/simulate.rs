//! `pitwatch simulate --out DIR [--seed N] [--minutes M | --rounds N] [--errors RATE] ...`:
//! plays twenty-one under the house rules, renders what the overhead camera sees, and writes
//! the footage with its exact truth (docs/simulate.md).

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};
use serde::Serialize;

use pitwatch::audit::audit;
use pitwatch::events::{Event, to_line};
use pitwatch::layout::{Layout, TableDesign};
use pitwatch::render::paint::{Look, Painter};
use pitwatch::render::typeface::{SYSTEM_FONTS, Typeface};
use pitwatch::render::{Canvas, Rgb};
use pitwatch::sim::annotate::{annotate, class_names, yolo_lines};
use pitwatch::sim::scene::Scene;
use pitwatch::sim::{Injected, Mistake, PlayConfig, Table};
use pitwatch::video::{EncodeSettings, Encoder, VideoCodec};

use super::EXIT_CLEAN;
use super::audit::load_rules;

/// Frame size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Resolution {
    /// 1280 x 720.
    #[value(name = "720p")]
    P720,
    /// 1920 x 1080.
    #[value(name = "1080p")]
    P1080,
}

/// The footage's codec.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Codec {
    /// H.264 (libx264).
    H264,
    /// H.265 (libx265), as many newer recorders write.
    H265,
    /// Motion JPEG, every frame a picture of its own.
    Mjpeg,
}

impl From<Codec> for VideoCodec {
    fn from(c: Codec) -> VideoCodec {
        match c {
            Codec::H264 => VideoCodec::H264,
            Codec::H265 => VideoCodec::H265,
            Codec::Mjpeg => VideoCodec::Mjpeg,
        }
    }
}

/// Arguments of `pitwatch simulate`.
#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// Output folder (created; files in it are replaced).
    #[arg(long)]
    pub out: PathBuf,
    /// Random seed: the same seed and options give the same footage, truth and annotations.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Minutes of play to film.
    #[arg(long, conflicts_with = "rounds")]
    pub minutes: Option<f64>,
    /// Rounds to film (default 10 when --minutes is not given).
    #[arg(long)]
    pub rounds: Option<usize>,
    /// Chance that a round carries a dealer mistake (0 gives a clean shift).
    #[arg(long, default_value_t = 0.0)]
    pub errors: f64,
    /// The mistakes to choose from, comma-separated (default: all; see docs/simulate.md).
    #[arg(long, value_delimiter = ',')]
    pub mistakes: Vec<String>,
    /// House rules (TOML; see docs/house-rules.md).
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// Table id.
    #[arg(long, default_value = "1")]
    pub table: String,
    /// Betting spaces on the table (1 to 7).
    #[arg(long, default_value_t = 7)]
    pub seats: u8,
    /// Frame size.
    #[arg(long, value_enum, default_value_t = Resolution::P720)]
    pub resolution: Resolution,
    /// Frames per second (30 or 15).
    #[arg(long, default_value_t = 30)]
    pub fps: u32,
    /// How much the camera's imperfections show: 0 a clean render, 1 typical, 2 a poor camera
    /// (lighting, flicker, noise, jitter, blur, tilt).
    #[arg(long, default_value_t = 1.0)]
    pub realism: f64,
    /// The footage's codec (in footage.mp4 whichever it is).
    #[arg(long, value_enum, default_value_t = Codec::H264)]
    pub codec: Codec,
    /// Quality: x264's or x265's constant rate factor (18 fine ... 35 blocky); for Motion
    /// JPEG the quantiser is a sixth of it.
    #[arg(long, default_value_t = 23)]
    pub crf: u8,
    /// x264's or x265's speed preset.
    #[arg(long, default_value = "veryfast")]
    pub preset: String,
    /// Annotate every Nth frame (annotations.jsonl and YOLO labels); 0 for none.
    #[arg(long, default_value_t = 10)]
    pub label_every: u64,
    /// Chance that a player's first two cards are made a pair (aces more often than not), the
    /// shoe arranged before each is dealt: footage for training on split hands. 0 deals the
    /// shoe as shuffled.
    #[arg(long, default_value_t = 0.0)]
    pub pairs: f64,
}

#[derive(Serialize)]
struct Manifest<'a> {
    seed: u64,
    table: &'a str,
    rounds: u64,
    events: usize,
    frames: u64,
    fps: u32,
    width: u32,
    height: u32,
    duration_s: f64,
    realism: f64,
    codec: String,
    crf: u8,
    errors: f64,
    mistakes_made: usize,
    findings: usize,
    label_every: u64,
    files: Vec<&'a str>,
}

fn check(a: &SimulateArgs) -> anyhow::Result<()> {
    if !(1..=7).contains(&a.seats) {
        bail!(
            "--seats {}: a twenty-one table has 1 to 7 betting spaces",
            a.seats
        );
    }
    if !(0.0..=1.0).contains(&a.errors) {
        bail!("--errors {}: a rate between 0 and 1", a.errors);
    }
    if !(0.0..=1.0).contains(&a.pairs) {
        bail!("--pairs {}: a chance between 0 and 1", a.pairs);
    }
    if let Some(m) = a.minutes {
        if !(m > 0.0 && m <= 24.0 * 60.0) {
            bail!("--minutes {m}: more than 0 and at most a day");
        }
    }
    if a.rounds == Some(0) {
        bail!("--rounds 0: film at least one round");
    }
    if a.fps != 30 && a.fps != 15 {
        bail!("--fps {}: 30 or 15", a.fps);
    }
    if !(0.0..=3.0).contains(&a.realism) {
        bail!("--realism {}: from 0 (clean) to 3", a.realism);
    }
    if a.crf > 51 {
        bail!("--crf {}: 0 to 51", a.crf);
    }
    if a.table.is_empty() || a.table.len() > 8 {
        bail!("--table {:?}: a table id of 1 to 8 characters", a.table);
    }
    Ok(())
}

fn write_file(dir: &Path, name: &str, text: &str) -> anyhow::Result<()> {
    let p = dir.join(name);
    fs::write(&p, text).with_context(|| format!("{}: cannot write", p.display()))
}

/// Plays the rounds asked for; returns the log and the mistakes made.
fn play(a: &SimulateArgs, cfg: PlayConfig) -> (Vec<Event>, Vec<Injected>, u64) {
    let mut table = Table::new(cfg);
    let mut events = Vec::new();
    let mut rounds = 0u64;
    match a.minutes {
        Some(m) => {
            while events.last().is_none_or(|e: &Event| e.t < m * 60.0) {
                events.extend(table.play(1));
                rounds += 1;
            }
        }
        None => {
            let n = a.rounds.unwrap_or(10);
            events = table.play(n);
            rounds = n as u64;
        }
    }
    (events, table.injected().to_vec(), rounds)
}

/// Simulates and writes the output folder.
pub fn run(a: &SimulateArgs) -> anyhow::Result<u8> {
    check(a)?;
    let rules = load_rules(a.rules.as_deref())?;
    let mut mistakes = Vec::new();
    for m in &a.mistakes {
        let Some(k) = Mistake::parse(m.trim()) else {
            let names: Vec<&str> = Mistake::ALL.iter().map(|m| m.as_str()).collect();
            bail!(
                "--mistakes: no mistake called {m:?}; choose from {}",
                names.join(", ")
            );
        };
        mistakes.push(k);
    }
    if mistakes.is_empty() {
        mistakes = Mistake::ALL.to_vec();
    }
    fs::create_dir_all(&a.out)
        .with_context(|| format!("{}: cannot create the output folder", a.out.display()))?;
    let (width, height) = match a.resolution {
        Resolution::P720 => (1280u32, 720u32),
        Resolution::P1080 => (1920, 1080),
    };
    let look = Look::from_seed(a.seed, a.realism, &a.table, &system_typefaces());
    let mut cfg = PlayConfig::new(rules.clone(), a.seed);
    cfg.table = a.table.as_str().into();
    cfg.with_chips = true;
    cfg.spaces = a.seats;
    cfg.errors = a.errors;
    cfg.mistakes = mistakes;
    cfg.t0 = 1.0;
    cfg.wall = Some((look.date.clone(), look.clock0));
    cfg.pairs = a.pairs;
    let (events, injected, rounds) = play(a, cfg);

    // The truth, the findings it holds, the mistakes made, the calibration.
    let mut truth = String::with_capacity(events.len() * 120);
    for e in &events {
        truth.push_str(&to_line(e));
        truth.push('\n');
    }
    write_file(&a.out, "truth.jsonl", &truth)?;
    let found = audit(&events, &rules);
    write_file(
        &a.out,
        "expected-findings.json",
        &serde_json::to_string_pretty(&found.findings)?,
    )?;
    write_file(
        &a.out,
        "injected.json",
        &serde_json::to_string_pretty(&injected)?,
    )?;
    write_file(&a.out, "house.toml", &rules.to_toml_string())?;
    let design = TableDesign {
        spaces: a.seats,
        ..TableDesign::default()
    };
    let painter = Painter::new(look, design.clone(), width, height, a.seed);
    let layout = Layout::of(&a.table, &design, &painter.camera);
    write_file(&a.out, "layout.toml", &layout.to_toml())?;

    // The footage: frames painted on one thread, encoded on this one.
    let scene = Scene::build(&events, &design);
    let duration = scene.end + 1.5;
    let frames = (duration * f64::from(a.fps)).ceil() as u64;
    let labels = a.out.join("labels");
    if a.label_every > 0 {
        fs::create_dir_all(&labels)
            .with_context(|| format!("{}: cannot create", labels.display()))?;
        write_file(&a.out, "classes.txt", &(class_names().join("\n") + "\n"))?;
    }
    let mp4 = a.out.join("footage.mp4");
    let mut enc = Encoder::create(
        &mp4,
        EncodeSettings {
            codec: a.codec.into(),
            width,
            height,
            fps: a.fps,
            crf: a.crf,
            preset: a.preset.clone(),
            threads: 2,
            // A keyframe every two seconds, so a reviewer can seek.
            keyframe_s: 2,
        },
    )?;
    let notes_path = a.out.join("annotations.jsonl");
    let _ = fs::remove_file(&notes_path);
    let mut notes = match a.label_every {
        0 => None,
        _ => Some(BufWriter::new(File::create(&notes_path).with_context(
            || format!("{}: cannot write", notes_path.display()),
        )?)),
    };
    // Frames and their annotations (JSON line, YOLO text) from the painting thread.
    type Painted = (Canvas, Option<(u64, String, String)>);
    let (tx, rx) = mpsc::sync_channel::<Painted>(3);
    let fps = f64::from(a.fps);
    let every = a.label_every;
    let clock0 = f64::from(painter.look().clock0);
    std::thread::scope(|s| -> anyhow::Result<()> {
        let painter = &painter;
        let scene = &scene;
        s.spawn(move || {
            for n in 0..frames {
                let t = n as f64 / fps;
                let mut c = Canvas::new(width as usize, height as usize, Rgb(0, 0, 0));
                painter.paint(scene, t, n, &mut c);
                painter.overlay(&mut c, clock0 + t);
                let note = (every > 0 && n % every == 0).then(|| {
                    let (arm, palm) = scene.dealer_outline(t);
                    let shift = painter.shift(n);
                    let note = annotate(scene, &painter.camera, shift, n, t, (&arm, &palm));
                    let yolo = yolo_lines(&note, width, height, 0.4);
                    (n, serde_json::to_string(&note).unwrap_or_default(), yolo)
                });
                if tx.send((c, note)).is_err() {
                    break;
                }
            }
        });
        for (c, note) in rx {
            enc.push(&c.data)?;
            if let (Some((n, line, yolo)), Some(w)) = (note, notes.as_mut()) {
                writeln!(w, "{line}")
                    .with_context(|| format!("{}: cannot write", notes_path.display()))?;
                let lp = labels.join(format!("{n:06}.txt"));
                fs::write(&lp, yolo).with_context(|| format!("{}: cannot write", lp.display()))?;
            }
        }
        Ok(())
    })?;
    let written = enc.frames();
    enc.finish()?;
    if let Some(w) = notes.as_mut() {
        w.flush()
            .with_context(|| format!("{}: cannot write", notes_path.display()))?;
    }
    let manifest = Manifest {
        seed: a.seed,
        table: &a.table,
        rounds,
        events: events.len(),
        frames: written,
        fps: a.fps,
        width,
        height,
        duration_s: (duration * 100.0).round() / 100.0,
        realism: a.realism,
        // The name `--codec` takes.
        codec: a
            .codec
            .to_possible_value()
            .map(|v| v.get_name().to_string())
            .unwrap_or_default(),
        crf: a.crf,
        errors: a.errors,
        mistakes_made: injected.len(),
        findings: found.findings.len(),
        label_every: a.label_every,
        files: {
            let mut f = vec![
                "footage.mp4",
                "truth.jsonl",
                "expected-findings.json",
                "injected.json",
                "layout.toml",
                "house.toml",
            ];
            if a.label_every > 0 {
                f.extend(["annotations.jsonl", "labels/", "classes.txt"]);
            }
            f
        },
    };
    write_file(
        &a.out,
        "simulation.json",
        &serde_json::to_string_pretty(&manifest)?,
    )?;
    eprintln!(
        "simulate: {} rounds, {} frames ({:.0} s at {} fps, {}x{}), {} mistake(s) made, {} finding(s) expected -> {}",
        rounds,
        written,
        duration,
        a.fps,
        width,
        height,
        injected.len(),
        found.findings.len(),
        a.out.display()
    );
    Ok(EXIT_CLEAN)
}

/// The outline typefaces of Debian's font packages that are installed here (see
/// `scripts/setup.sh`); a missing or unreadable file is left out, so decks are lettered in
/// what the machine has.
fn system_typefaces() -> Vec<Typeface> {
    SYSTEM_FONTS
        .iter()
        .filter_map(|path| {
            let bytes = fs::read(path).ok()?;
            let name = Path::new(path).file_stem()?.to_string_lossy().into_owned();
            Typeface::parse(&name, bytes)
        })
        .collect()
}
