//! `pitwatch analyze FOOTAGE... --layout layout.toml [--rules house.toml] [--out DIR]`: footage
//! in, rule-cited findings out. For each file it writes the recovered table-event log
//! (events.jsonl, which `pitwatch audit` reads), the findings (findings.jsonl) and an evidence
//! picture per finding, and prints a reviewer's summary.

use std::fs::{self, File};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Context;
use clap::Args;

use pitwatch::audit::{AuditOutput, Auditor, Finding};
use pitwatch::events::to_line;
use pitwatch::layout::{Layout, bounds};
use pitwatch::pipeline::{Analysis, AnalyzeOptions, Stop, analyze};
use pitwatch::render::canvas::{Canvas, Rgb};
use pitwatch::render::font::draw_text;
use pitwatch::report::{self, Totals};
use pitwatch::rules::twenty_one::HouseRules;
use pitwatch::video::{DecodeOptions, Decoder};
use pitwatch::vision::recognizer::{Recognizer, default_model};

use super::audit::load_rules;
use super::picture::{draw_box, write_png};
use super::progress;
use super::{EXIT_BAD_INPUT, EXIT_CLEAN, EXIT_FINDINGS};

/// Arguments of `pitwatch analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// Footage files (anything FFmpeg reads: MP4, MKV, AVI; H.264, H.265, MJPEG).
    #[arg(required = true)]
    pub footage: Vec<PathBuf>,
    /// The camera's table layout (docs/layout.md).
    #[arg(long)]
    pub layout: PathBuf,
    /// House rules (docs/house-rules.md); the defaults otherwise.
    #[arg(long)]
    pub rules: Option<PathBuf>,
    /// Where to write events.jsonl, findings.jsonl and evidence pictures (one folder per
    /// file when there are several).
    #[arg(long, default_value = "pitwatch-out")]
    pub out: PathBuf,
    /// The recognizer model (default: models/pitnet.onnx).
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// Look at every Nth frame (default: five looks a second at the footage's frame rate).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=30))]
    pub stride: Option<u64>,
    /// Threads each model runs on (0: the runtime's choice). The recognizer model looks at
    /// frames on a thread of its own, beside decoding and the rest of recognition: one each
    /// keeps two cores busiest.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// Runs `pitwatch analyze`: 0 no findings, 1 findings, 2 when any file could not be read
/// (the others are still analysed).
pub fn run(a: &AnalyzeArgs) -> anyhow::Result<u8> {
    let rules = load_rules(a.rules.as_deref())?;
    let text = fs::read_to_string(&a.layout)
        .with_context(|| format!("{}: cannot read the layout", a.layout.display()))?;
    let layout =
        Layout::parse(&text).with_context(|| format!("{}: bad layout", a.layout.display()))?;
    let model = a.model.clone().unwrap_or_else(default_model);
    let mut recognizer = Recognizer::open(&model, a.threads)?;
    let options = AnalyzeOptions {
        stride: a.stride,
        table_max_cents: Some(rules.max_wager_cents()),
        ..AnalyzeOptions::default()
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let (mut bad, mut found) = (false, false);
    let several = a.footage.len() > 1;
    for path in &a.footage {
        let dir = if several {
            a.out.join(path.file_stem().unwrap_or_default())
        } else {
            a.out.clone()
        };
        match one(
            path,
            &dir,
            &layout,
            &rules,
            &mut recognizer,
            &options,
            &mut out,
        ) {
            Ok(n) => found |= n > 0,
            Err(e) => {
                bad = true;
                out.flush()?;
                eprintln!("error: {e:#}");
            }
        }
    }
    out.flush()?;
    Ok(if bad {
        EXIT_BAD_INPUT
    } else if found {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    })
}

/// Analyses one file into `dir`; returns how many findings it made. A file that breaks off
/// midway keeps what was found up to the break and is then an error naming where it stopped.
fn one(
    path: &Path,
    dir: &Path,
    layout: &Layout,
    rules: &HouseRules,
    recognizer: &mut Recognizer,
    options: &AnalyzeOptions,
    out: &mut dyn Write,
) -> anyhow::Result<usize> {
    let name = path.display().to_string();
    if path.is_dir() {
        anyhow::bail!("{name}: is a directory, not a video file");
    }
    let meta = fs::metadata(path).with_context(|| format!("{name}: cannot read the file"))?;
    if meta.len() == 0 {
        anyhow::bail!("{name}: the file is empty");
    }
    fs::create_dir_all(dir).with_context(|| format!("{}: cannot create", dir.display()))?;
    let events_path = dir.join("events.jsonl");
    let mut events = BufWriter::new(
        File::create(&events_path)
            .with_context(|| format!("{}: cannot write", events_path.display()))?,
    );
    let mut auditor = Auditor::new(rules.clone());
    let mut got = AuditOutput::default();
    let mut write_error: Option<io::Error> = None;
    let started = Instant::now();
    let tty = io::stderr().is_terminal();
    let result = analyze(
        path,
        layout,
        recognizer,
        options,
        |evs| {
            for e in evs {
                if let Err(err) = writeln!(events, "{}", to_line(e)) {
                    write_error.get_or_insert(err);
                }
                auditor.push(e);
            }
            let more = auditor.drain();
            got.rounds.extend(more.rounds);
            got.findings.extend(more.findings);
        },
        |p| {
            if tty {
                let line = progress::line(&name, p, started.elapsed().as_secs_f64());
                eprint!("\r{line}   ");
            }
        },
    );
    if tty {
        eprintln!();
    }
    events.flush()?;
    if let Some(e) = write_error {
        return Err(e).with_context(|| format!("{}: cannot write", events_path.display()));
    }
    let analysis = result?;
    let rest = auditor.finish();
    got.rounds.extend(rest.rounds);
    got.findings.extend(rest.findings);
    let findings_path = dir.join("findings.jsonl");
    let mut fw = BufWriter::new(
        File::create(&findings_path)
            .with_context(|| format!("{}: cannot write", findings_path.display()))?,
    );
    for f in &got.findings {
        report::json::finding(&mut fw, f)?;
    }
    fw.flush()?;
    let pictures = evidence(path, dir, layout, &got.findings)
        .with_context(|| format!("{name}: evidence pictures"))?;
    summary(out, &name, &analysis, &got, &pictures, dir)?;
    if let Stop::Broken { frames, t, error } = &analysis.stop {
        anyhow::bail!(
            "{name}: the footage breaks off after frame {frames} ({t:.1} s in): {error}; \
             events and findings up to there are in {}",
            dir.display()
        );
    }
    Ok(got.findings.len())
}

/// The reviewer's summary of one file.
fn summary(
    out: &mut dyn Write,
    name: &str,
    a: &Analysis,
    got: &AuditOutput,
    pictures: &[PathBuf],
    dir: &Path,
) -> io::Result<()> {
    writeln!(
        out,
        "{name}: {} frames ({:.0} s), {} looked at; {} round(s), {} finding(s); written to {}",
        a.frames,
        a.duration,
        a.looked,
        got.rounds.len(),
        got.findings.len(),
        dir.display()
    )?;
    let mut totals = Totals::default();
    for r in &got.rounds {
        totals.add_round(r);
    }
    for (f, p) in got.findings.iter().zip(pictures) {
        totals.add_finding(f);
        report::text::finding(out, f)?;
        writeln!(out, "    evidence: {}", p.display())?;
    }
    report::text::totals(out, &totals)
}

/// How far ahead the next evidence picture must lie for a seek: keyframes of ordinary H.264
/// come every few seconds, and decoding on to a picture that close costs less than seeking.
const SEEK_AFTER_S: f64 = 5.0;

/// Writes one picture per finding: the frame at the finding's end (when its mistake was
/// complete), the places it concerns outlined. Reads the footage a second time, seeking to
/// each finding that lies further on than [`SEEK_AFTER_S`] and decoding only from the keyframe
/// before it. Every frame is decoded, B-frames too: the first frame kept after skipping them
/// can lie a tenth of a second past the finding's end, the dealer's hand elsewhere.
fn evidence(
    path: &Path,
    dir: &Path,
    layout: &Layout,
    findings: &[Finding],
) -> anyhow::Result<Vec<PathBuf>> {
    if findings.is_empty() {
        return Ok(Vec::new());
    }
    let folder = dir.join("evidence");
    fs::create_dir_all(&folder)?;
    let mut want: Vec<(usize, f64)> = findings
        .iter()
        .enumerate()
        .map(|(i, f)| (i, f.t_end.max(f.t_start)))
        .collect();
    want.sort_by(|a, b| a.1.total_cmp(&b.1));
    let mut names = vec![PathBuf::new(); findings.len()];
    let mut decoder = Decoder::open_with(
        path,
        DecodeOptions {
            threads: 2,
            every: 1,
            skip_b_frames: false,
        },
    )?;
    let mut next = 0;
    let mut last: Option<pitwatch::video::RgbFrame> = None;
    let red = Rgb(235, 40, 40);
    let mut draw = |frame: &pitwatch::video::RgbFrame, i: usize| -> anyhow::Result<()> {
        let f = &findings[i];
        let mut c = Canvas {
            width: frame.width as usize,
            height: frame.height as usize,
            data: frame.data.clone(),
        };
        let zones: Vec<&Vec<[f64; 2]>> = match f.space {
            Some(s) => layout
                .spaces
                .iter()
                .filter(|z| z.number == s)
                .flat_map(|z| [&z.bet, &z.cards])
                .collect(),
            None => vec![&layout.dealer_cards],
        };
        for z in zones {
            draw_box(&mut c, bounds(z), red, "");
        }
        let label = format!("{} ({}) {:.1} s", f.kind.as_str(), f.citation, f.t_end);
        draw_text(&mut c, &label, 12.0, 48.0, 2.0, red);
        let name = folder.join(format!("{:03}-{}.png", i + 1, f.kind.as_str()));
        write_png(&name, &c)?;
        names[i] = name;
        Ok(())
    };
    // The picture last sought: once per picture, for the keyframe before it may lie further
    // back than SEEK_AFTER_S (a recorder writing one every ten seconds), and seeking to it
    // again would go back there for ever.
    let mut sought = None;
    while next < want.len() {
        let ahead = want[next].1 - last.as_ref().map_or(0.0, |f| f.t);
        if ahead > SEEK_AFTER_S && sought != Some(next) {
            sought = Some(next);
            // A file that cannot seek is read on from where it is.
            let _ = decoder.seek(want[next].1);
        }
        // Footage that breaks off: the pictures come from the frames before the break.
        let Ok(Some(frame)) = decoder.next_frame() else {
            break;
        };
        while next < want.len() && frame.t >= want[next].1 {
            draw(&frame, want[next].0)?;
            next += 1;
        }
        last = Some(frame);
    }
    if let Some(frame) = last {
        while next < want.len() {
            draw(&frame, want[next].0)?;
            next += 1;
        }
    }
    Ok(names)
}
