//! Pictures for the commands that read or draw them: PNG in and out, boxes with labels.

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::path::Path;

use anyhow::{Context, bail};

use pitwatch::render::canvas::{Canvas, Rgb, fill_polygon};
use pitwatch::render::font::draw_text;

/// Reads a PNG as tightly packed RGB rows.
pub fn read_png(p: &Path) -> anyhow::Result<(usize, usize, Vec<u8>)> {
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

/// Writes a canvas as an RGB PNG, compressed fast (an evidence picture of a 720p frame in a
/// few milliseconds, not tens: a shift's findings each get one).
pub fn write_png(p: &Path, c: &Canvas) -> anyhow::Result<()> {
    let f = File::create(p).with_context(|| format!("{}: cannot write", p.display()))?;
    let mut e = png::Encoder::new(BufWriter::new(f), c.width as u32, c.height as u32);
    e.set_color(png::ColorType::Rgb);
    e.set_compression(png::Compression::Fast);
    e.write_header()
        .and_then(|mut w| w.write_image_data(&c.data))
        .with_context(|| format!("{}: cannot write", p.display()))
}

/// Draws the outline of the box `[x0, y0, x1, y1]` (pixels) with `label` above it.
pub fn draw_box(c: &mut Canvas, bbox: [f64; 4], colour: Rgb, label: &str) {
    let [x0, y0, x1, y1] = bbox;
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
    draw_text(c, label, x0, (y0 - 10.0).max(0.0), 1.3, colour);
}
