//! A 5x7 pixel font (digits, capitals and a little punctuation) for card indices, chip values,
//! the table placard and the recorder's date/time overlay.

use super::canvas::{Rgb, Surface, fill_polygon};

/// Glyph width in font pixels.
pub const GLYPH_W: usize = 5;
/// Glyph height in font pixels.
pub const GLYPH_H: usize = 7;

/// The rows of a glyph, top first, `#` lit; `None` for a character the font lacks.
fn glyph(ch: char) -> Option<[&'static str; 7]> {
    Some(match ch {
        '0' => [
            " ### ", "#   #", "#  ##", "# # #", "##  #", "#   #", " ### ",
        ],
        '1' => [
            "  #  ", " ##  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### ",
        ],
        '2' => [
            " ### ", "#   #", "    #", "   # ", "  #  ", " #   ", "#####",
        ],
        '3' => [
            "#####", "   # ", "  #  ", "   # ", "    #", "#   #", " ### ",
        ],
        '4' => [
            "   # ", "  ## ", " # # ", "#  # ", "#####", "   # ", "   # ",
        ],
        '5' => [
            "#####", "#    ", "#### ", "    #", "    #", "#   #", " ### ",
        ],
        '6' => [
            "  ## ", " #   ", "#    ", "#### ", "#   #", "#   #", " ### ",
        ],
        '7' => [
            "#####", "    #", "   # ", "  #  ", " #   ", " #   ", " #   ",
        ],
        '8' => [
            " ### ", "#   #", "#   #", " ### ", "#   #", "#   #", " ### ",
        ],
        '9' => [
            " ### ", "#   #", "#   #", " ####", "    #", "   # ", " ##  ",
        ],
        'A' => [
            " ### ", "#   #", "#   #", "#####", "#   #", "#   #", "#   #",
        ],
        'B' => [
            "#### ", "#   #", "#   #", "#### ", "#   #", "#   #", "#### ",
        ],
        'C' => [
            " ### ", "#   #", "#    ", "#    ", "#    ", "#   #", " ### ",
        ],
        'D' => [
            "#### ", "#   #", "#   #", "#   #", "#   #", "#   #", "#### ",
        ],
        'E' => [
            "#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#####",
        ],
        'F' => [
            "#####", "#    ", "#    ", "#### ", "#    ", "#    ", "#    ",
        ],
        'G' => [
            " ### ", "#   #", "#    ", "# ###", "#   #", "#   #", " ####",
        ],
        'H' => [
            "#   #", "#   #", "#   #", "#####", "#   #", "#   #", "#   #",
        ],
        'I' => [
            " ### ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### ",
        ],
        'J' => [
            "  ###", "   # ", "   # ", "   # ", "   # ", "#  # ", " ##  ",
        ],
        'K' => [
            "#   #", "#  # ", "# #  ", "##   ", "# #  ", "#  # ", "#   #",
        ],
        'L' => [
            "#    ", "#    ", "#    ", "#    ", "#    ", "#    ", "#####",
        ],
        'M' => [
            "#   #", "## ##", "# # #", "# # #", "#   #", "#   #", "#   #",
        ],
        'N' => [
            "#   #", "#   #", "##  #", "# # #", "#  ##", "#   #", "#   #",
        ],
        'O' => [
            " ### ", "#   #", "#   #", "#   #", "#   #", "#   #", " ### ",
        ],
        'P' => [
            "#### ", "#   #", "#   #", "#### ", "#    ", "#    ", "#    ",
        ],
        'Q' => [
            " ### ", "#   #", "#   #", "#   #", "# # #", "#  # ", " ## #",
        ],
        'R' => [
            "#### ", "#   #", "#   #", "#### ", "# #  ", "#  # ", "#   #",
        ],
        'S' => [
            " ####", "#    ", "#    ", " ### ", "    #", "    #", "#### ",
        ],
        'T' => [
            "#####", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ", "  #  ",
        ],
        'U' => [
            "#   #", "#   #", "#   #", "#   #", "#   #", "#   #", " ### ",
        ],
        'V' => [
            "#   #", "#   #", "#   #", "#   #", "#   #", " # # ", "  #  ",
        ],
        'W' => [
            "#   #", "#   #", "#   #", "# # #", "# # #", "# # #", " # # ",
        ],
        'X' => [
            "#   #", "#   #", " # # ", "  #  ", " # # ", "#   #", "#   #",
        ],
        'Y' => [
            "#   #", "#   #", " # # ", "  #  ", "  #  ", "  #  ", "  #  ",
        ],
        'Z' => [
            "#####", "    #", "   # ", "  #  ", " #   ", "#    ", "#####",
        ],
        ':' => [
            "     ", "  #  ", "  #  ", "     ", "  #  ", "  #  ", "     ",
        ],
        '-' => [
            "     ", "     ", "     ", "#####", "     ", "     ", "     ",
        ],
        '/' => [
            "    #", "    #", "   # ", "  #  ", " #   ", "#    ", "#    ",
        ],
        '.' => [
            "     ", "     ", "     ", "     ", "     ", " ##  ", " ##  ",
        ],
        '$' => [
            "  #  ", " ####", "# #  ", " ### ", "  # #", "#### ", "  #  ",
        ],
        ' ' => ["     "; 7],
        _ => return None,
    })
}

/// Width in font pixels of `text` (one pixel between characters).
pub fn text_width(text: &str) -> usize {
    let n = text.chars().count();
    if n == 0 { 0 } else { n * (GLYPH_W + 1) - 1 }
}

/// Draws `text` with its top-left corner at `(x, y)`, each font pixel a `px`-sized square.
/// Characters the font lacks are left blank.
pub fn draw_text<S: Surface>(s: &mut S, text: &str, x: f64, y: f64, px: f64, c: Rgb) {
    draw_text_weight(s, text, x, y, px, c, 1.0);
}

/// Like [`draw_text`], each font pixel drawn `weight` times its size about its centre: below 1
/// a light face with gaps between the dots, above 1 a bold one.
pub fn draw_text_weight<S: Surface>(
    s: &mut S,
    text: &str,
    x: f64,
    y: f64,
    px: f64,
    c: Rgb,
    weight: f64,
) {
    let d = px * weight;
    let inset = (px - d) / 2.0;
    for (i, ch) in text.chars().enumerate() {
        let Some(rows) = glyph(ch.to_ascii_uppercase()) else {
            continue;
        };
        let gx = x + (i * (GLYPH_W + 1)) as f64 * px;
        for (r, row) in rows.iter().enumerate() {
            for (col, b) in row.bytes().enumerate() {
                if b == b'#' {
                    let (x0, y0) = (gx + col as f64 * px + inset, y + r as f64 * px + inset);
                    fill_polygon(
                        s,
                        &[(x0, y0), (x0 + d, y0), (x0 + d, y0 + d), (x0, y0 + d)],
                        c,
                        1.0,
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::canvas::Canvas;

    #[test]
    fn every_glyph_is_five_by_seven() {
        for ch in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ:-/.$ ".chars() {
            let g = glyph(ch).unwrap();
            assert!(g.iter().all(|r| r.len() == GLYPH_W), "{ch}");
        }
    }

    #[test]
    fn text_is_drawn_where_asked() {
        let mut c = Canvas::new(40, 20, Rgb(0, 0, 0));
        draw_text(&mut c, "1", 2.0, 2.0, 2.0, Rgb(255, 255, 255));
        // The stem of the 1 is font column 2: pixels 6..8.
        assert_eq!(c.get(6, 8), Rgb(255, 255, 255));
        assert_eq!(c.get(30, 8), Rgb(0, 0, 0));
        assert_eq!(text_width("10"), 11);
    }
}
