//! Writes the patches the card reader is given over simulated footage, one NumPy file per view
//! (`index.npy` [N, 3, 48, 32], `card.npy` [N, 3, 56, 40]: RGB 0..1, cut as
//! `vision::reader::patch` cuts them at run time), for calibrating the readers' 8-bit
//! integers (training/quantize_reader.py, run by training/train.sh).
//!
//!     cargo run --release --example reader_patches -- --shifts DIR --out DIR [--max N]
//!
//! DIR holds folders written by `pitwatch simulate` (footage.mp4, layout.toml), read in name
//! order. In every other look at each (every 6th frame), every face-up card the recognizer
//! finds gives one patch per view, until a shift has given N (default 1,500).

use std::error::Error;
use std::fs;
use std::io::Write;
use std::path::Path;

use pitwatch::layout::Layout;
use pitwatch::video::{DecodeOptions, Decoder};
use pitwatch::vision::reader::patch;
use pitwatch::vision::recognizer::{Recognizer, default_model};

/// Writes `data` as a little-endian float32 NumPy array of `shape`.
fn write_npy(path: &Path, shape: &[usize], data: &[f32]) -> std::io::Result<()> {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let mut header = format!(
        "{{'descr': '<f4', 'fortran_order': False, 'shape': ({},), }}",
        dims.join(", ")
    );
    // Magic, version, header length, header: padded with spaces to a multiple of 64, then \n.
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut f = std::io::BufWriter::new(fs::File::create(path)?);
    f.write_all(b"\x93NUMPY\x01\x00")?;
    f.write_all(&(header.len() as u16).to_le_bytes())?;
    f.write_all(header.as_bytes())?;
    for v in data {
        f.write_all(&v.to_le_bytes())?;
    }
    f.flush()
}

/// Adds the patches of the face-up cards found over one shift's footage to `patches` (one
/// list per cut), until `max` cards; returns how many cards and looks.
fn shift(
    recognizer: &mut Recognizer,
    dir: &Path,
    max: usize,
    patches: &mut [Vec<f32>],
) -> Result<(usize, usize), Box<dyn Error>> {
    let layout = Layout::parse(&fs::read_to_string(dir.join("layout.toml"))?)?;
    recognizer.reset();
    recognizer.use_layout(Some(&layout));
    let cuts = recognizer.reader_cuts();
    let options = DecodeOptions {
        threads: 2,
        every: 6,
        skip_b_frames: false,
    };
    let mut decoder = Decoder::open_with(&dir.join("footage.mp4"), options)?;
    let (mut n, mut looks) = (0, 0usize);
    while let Some(f) = decoder.next_frame()? {
        let (w, h) = (f.width as usize, f.height as usize);
        let found = recognizer.frame(&f.data, w, h)?;
        looks += 1;
        // Every other look: a card still lying where it lay gives much the same patch.
        if looks % 2 == 0 {
            continue;
        }
        for s in found.iter().filter(|s| s.is_face_up()) {
            for (out, cut) in patches.iter_mut().zip(&cuts) {
                patch(&f.data, w, h, s, cut, out);
            }
            n += 1;
        }
        if n >= max {
            break;
        }
    }
    Ok((n, looks))
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
    };
    let (Some(shifts), Some(out)) = (value("--shifts"), value("--out")) else {
        return Err("usage: reader_patches --shifts DIR --out DIR [--max N]".into());
    };
    let max: usize = value("--max").map_or(Ok(1500), |m| m.parse())?;
    let mut dirs: Vec<_> = fs::read_dir(shifts)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("footage.mp4").is_file())
        .collect();
    dirs.sort();
    let mut recognizer = Recognizer::open(&default_model(), 0)?;
    let cuts = recognizer.reader_cuts();
    let mut patches: Vec<Vec<f32>> = vec![Vec::new(); cuts.len()];
    let mut total = 0;
    for dir in &dirs {
        let (n, looks) = shift(&mut recognizer, dir, max, &mut patches)?;
        eprintln!("{}: {n} cards in {looks} looks", dir.display());
        total += n;
    }
    let out = Path::new(out);
    fs::create_dir_all(out)?;
    for ((data, cut), name) in patches.iter().zip(&cuts).zip(["index", "card"]) {
        write_npy(
            &out.join(format!("{name}.npy")),
            &[total, 3, cut.h, cut.w],
            data,
        )?;
    }
    eprintln!("{total} patches per view -> {}", out.display());
    Ok(())
}
