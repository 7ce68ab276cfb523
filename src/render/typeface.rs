//! Outline typefaces (TrueType or OpenType) for the cards' corner indices, so that decks differ
//! in lettering as real decks do (serif and sans, light and bold, narrow and wide) and a
//! recognizer trained on the footage learns ranks, not one font. Pure: the font files are read
//! by the caller ([`SYSTEM_FONTS`] lists where Debian's font packages put them).

use std::fmt;
use std::sync::Arc;

use ab_glyph::{Font, FontVec, PxScale, ScaleFont, point};

use super::canvas::{Rgb, Surface};

/// Upright faces of Debian's font packages installed by `scripts/setup.sh` (fonts-dejavu-core,
/// fonts-liberation2, fonts-freefont-ttf, fonts-urw-base35): the simulator prints decks in
/// those it finds.
pub const SYSTEM_FONTS: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed-Bold.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf",
    "/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSansBold.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSerif.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSerifBold.ttf",
    "/usr/share/fonts/opentype/urw-base35/C059-Roman.otf",
    "/usr/share/fonts/opentype/urw-base35/C059-Bold.otf",
    "/usr/share/fonts/opentype/urw-base35/NimbusRoman-Regular.otf",
    "/usr/share/fonts/opentype/urw-base35/NimbusRoman-Bold.otf",
    "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf",
    "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf",
    "/usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-Bold.otf",
    "/usr/share/fonts/opentype/urw-base35/P052-Roman.otf",
    "/usr/share/fonts/opentype/urw-base35/P052-Bold.otf",
    "/usr/share/fonts/opentype/urw-base35/URWBookman-Light.otf",
    "/usr/share/fonts/opentype/urw-base35/URWBookman-Demi.otf",
    "/usr/share/fonts/opentype/urw-base35/URWGothic-Book.otf",
    "/usr/share/fonts/opentype/urw-base35/URWGothic-Demi.otf",
];

/// The four suit symbols, in `Suit::ALL` order (clubs, diamonds, hearts, spades).
const SUIT_CHARS: [char; 4] = ['\u{2663}', '\u{2666}', '\u{2665}', '\u{2660}'];

/// One outline typeface, shared between the decks that print in it.
#[derive(Clone)]
pub struct Typeface {
    name: String,
    font: Arc<FontVec>,
}

impl fmt::Debug for Typeface {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Typeface({})", self.name)
    }
}

impl PartialEq for Typeface {
    fn eq(&self, other: &Typeface) -> bool {
        self.name == other.name
    }
}

impl Typeface {
    /// A typeface from a font file's bytes; `None` when they are not a font or lack the
    /// rank letters and digits.
    pub fn parse(name: &str, bytes: Vec<u8>) -> Option<Typeface> {
        let font = FontVec::try_from_vec(bytes).ok()?;
        if "0123456789AJQK".chars().any(|c| font.glyph_id(c).0 == 0) {
            return None;
        }
        Some(Typeface {
            name: name.to_string(),
            font: Arc::new(font),
        })
    }

    /// The name it was given.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// True when the face draws all four suit symbols (and draws them right: FreeSerif Bold
    /// has the club and the spade the wrong way round).
    pub fn has_suits(&self) -> bool {
        !self.name.contains("FreeSerifBold")
            && SUIT_CHARS.iter().all(|&c| self.font.glyph_id(c).0 != 0)
    }

    /// Draws `text` with its capitals `cap_h` pixels tall and their tops at `top`, centred on
    /// `cx`, squeezed across to at most `max_w` pixels and by `narrow` (1: as designed).
    #[allow(clippy::too_many_arguments)]
    pub fn draw_text<S: Surface>(
        &self,
        s: &mut S,
        text: &str,
        cx: f64,
        top: f64,
        cap_h: f64,
        max_w: f64,
        narrow: f64,
        c: Rgb,
    ) {
        // Scale the font so that an 8 (a digit as tall as the capitals) is cap_h tall.
        let unit = PxScale::from(100.0);
        let cap = self
            .font
            .outline_glyph(self.font.glyph_id('8').with_scale(unit))
            .map_or(70.0, |g| f64::from(g.px_bounds().height()));
        let sy = 100.0 * cap_h / cap.max(1.0);
        let scaled = self.font.as_scaled(PxScale::from(sy as f32));
        // Digits of "10" sit closer than the font sets them, as on cards.
        let tight = if text.len() > 1 { 0.88 } else { 1.0 };
        let advance: f64 = text
            .chars()
            .map(|ch| f64::from(scaled.h_advance(self.font.glyph_id(ch))) * tight)
            .sum();
        let sx = sy * narrow * (max_w / (advance * narrow).max(1e-6)).min(1.0);
        let scale = PxScale {
            x: sx as f32,
            y: sy as f32,
        };
        let scaled = self.font.as_scaled(scale);
        let width: f64 = text
            .chars()
            .map(|ch| f64::from(scaled.h_advance(self.font.glyph_id(ch))) * tight)
            .sum();
        let baseline = top + cap_h;
        let mut x = cx - width / 2.0;
        for ch in text.chars() {
            let id = self.font.glyph_id(ch);
            self.draw_glyph(
                s,
                id.with_scale_and_position(scale, point(x as f32, baseline as f32)),
                c,
            );
            x += f64::from(scaled.h_advance(id)) * tight;
        }
    }

    /// Draws suit `suit` (index in clubs, diamonds, hearts, spades order) about `size` pixels
    /// tall centred on (`cx`, `cy`), upside down when `flip`.
    #[allow(clippy::too_many_arguments)]
    pub fn draw_suit<S: Surface>(
        &self,
        s: &mut S,
        suit: usize,
        cx: f64,
        cy: f64,
        size: f64,
        flip: bool,
        c: Rgb,
    ) {
        let id = self.font.glyph_id(SUIT_CHARS[suit % 4]);
        let unit = self.font.outline_glyph(id.with_scale(PxScale::from(100.0)));
        let Some(unit) = unit else {
            return;
        };
        let b = unit.px_bounds();
        let k = size / f64::from(b.height().max(1.0));
        let scale = PxScale::from((100.0 * k) as f32);
        // Where the glyph's box centre lands when drawn at the origin.
        let (mx, my) = (
            f64::from(b.min.x + b.max.x) / 2.0 * k,
            f64::from(b.min.y + b.max.y) / 2.0 * k,
        );
        let glyph = id.with_scale_and_position(scale, point((cx - mx) as f32, (cy - my) as f32));
        if flip {
            let mut turned = Turned { s, cx, cy };
            self.draw_glyph(&mut turned, glyph, c);
        } else {
            self.draw_glyph(s, glyph, c);
        }
    }

    fn draw_glyph<S: Surface>(&self, s: &mut S, g: ab_glyph::Glyph, c: Rgb) {
        let Some(og) = self.font.outline_glyph(g) else {
            return;
        };
        let b = og.px_bounds();
        let (w, h) = s.size();
        og.draw(|x, y, cover| {
            let (px, py) = (b.min.x as i64 + i64::from(x), b.min.y as i64 + i64::from(y));
            if px >= 0 && py >= 0 && (px as usize) < w && (py as usize) < h && cover > 0.0 {
                s.blend(px as usize, py as usize, c, cover.min(1.0));
            }
        });
    }
}

/// A surface seen turned half round about (`cx`, `cy`).
struct Turned<'a, S> {
    s: &'a mut S,
    cx: f64,
    cy: f64,
}

impl<S: Surface> Surface for Turned<'_, S> {
    fn size(&self) -> (usize, usize) {
        // Room for anything that lands on the real surface once turned.
        let (w, h) = self.s.size();
        (
            2 * w + 2 * self.cx.abs() as usize,
            2 * h + 2 * self.cy.abs() as usize,
        )
    }

    fn blend(&mut self, x: usize, y: usize, c: Rgb, a: f32) {
        let tx = (2.0 * self.cx - x as f64 - 1.0).round();
        let ty = (2.0 * self.cy - y as f64 - 1.0).round();
        let (w, h) = self.s.size();
        if tx >= 0.0 && ty >= 0.0 && (tx as usize) < w && (ty as usize) < h {
            self.s.blend(tx as usize, ty as usize, c, a);
        }
    }
}
