//! The project's own card and chip artwork, drawn once per video as sprites.
//!
//! Cards have jumbo corner indices (rank over suit, top left and, turned, bottom right), suit
//! pips, red faces for hearts and diamonds and black for clubs and spades, and a patterned
//! back. Chips carry the primary colour and edge spots the chapter prescribes by value
//! (N.D. Admin. Code 99-01.3-08-03(3)): 50c mustard yellow without spots; $1 white, four solid
//! spots; $2 pink, four split spots; $5 red, six solid spots; $25 green, eight white spots;
//! $100 black, four white triple-split spots.

use std::f64::consts::{PI, TAU};

use super::canvas::{Rgb, Sprite, ellipse_points, fill_polygon};
use super::font::{GLYPH_H, draw_text, draw_text_weight, text_width};
use super::typeface::Typeface;
use crate::rules::cards::{Card, Rank, Suit};

/// Card sprite width, pixels.
pub const CARD_TEX_W: usize = 96;
/// Card sprite height, pixels.
pub const CARD_TEX_H: usize = 134;
/// Chip sprite size, pixels.
pub const CHIP_TEX: usize = 64;

const BLACK: Rgb = Rgb(22, 22, 26);

/// How a deck is printed. Each video draws its own, so a recognizer trained on the footage
/// learns cards rather than one design: card stock, red (red to maroon) and black inks, the
/// back's colour and pattern, the corner index's size and weight, the court panels.
#[derive(Debug, Clone, PartialEq)]
pub struct Deck {
    /// Card stock.
    pub stock: Rgb,
    /// Ink of hearts and diamonds.
    pub red: Rgb,
    /// Ink of clubs and spades.
    pub black: Rgb,
    /// Colour of the back.
    pub back: Rgb,
    /// Back pattern: 0 lattice, 1 stripes, 2 dots.
    pub pattern: u8,
    /// Size of the corner index against the usual (0.85 to 1.1).
    pub index_scale: f64,
    /// Weight of the index's strokes (0.75 light to 1.2 bold).
    pub weight: f64,
    /// Fill of the court cards' panels.
    pub court: Rgb,
    /// The lettering of the indices: an outline typeface, or the built-in 5x7 face (`None`).
    pub typeface: Option<Typeface>,
    /// Suit symbols drawn from the typeface (where it has them) rather than the built-in
    /// shapes.
    pub typeface_suits: bool,
    /// Width of the typeface's letters against their design (0.8 narrow to 1.1 wide).
    pub narrow: f64,
}

impl Deck {
    /// The project's standard deck: white stock, red and black inks, a red lattice back.
    pub fn classic() -> Deck {
        Deck {
            stock: Rgb(250, 250, 246),
            red: Rgb(196, 18, 36),
            black: BLACK,
            back: Rgb(150, 24, 36),
            pattern: 0,
            index_scale: 1.0,
            weight: 1.0,
            court: Rgb(240, 214, 120),
            typeface: None,
            typeface_suits: false,
            narrow: 1.0,
        }
    }

    /// A deck drawn from a seed.
    pub fn from_seed(seed: u64) -> Deck {
        let mut r = crate::sim::rng::Rng::new(seed ^ 0x00DE_C0DE);
        let stocks = [Rgb(250, 250, 246), Rgb(246, 242, 228), Rgb(240, 244, 248)];
        let reds = [
            Rgb(196, 18, 36),
            Rgb(150, 14, 40),
            Rgb(214, 40, 40),
            Rgb(128, 0, 32),
        ];
        let backs = [
            Rgb(150, 24, 36),
            Rgb(28, 58, 140),
            Rgb(22, 96, 60),
            Rgb(40, 40, 46),
        ];
        let courts = [Rgb(240, 214, 120), Rgb(200, 220, 240), Rgb(236, 196, 196)];
        let pick = |r: &mut crate::sim::rng::Rng, n: usize| r.below(n as u64) as usize;
        Deck {
            stock: stocks[pick(&mut r, stocks.len())],
            red: reds[pick(&mut r, reds.len())],
            black: Rgb(10, 10, 14).mix(Rgb(40, 40, 50), r.uniform(0.0, 1.0)),
            back: backs[pick(&mut r, backs.len())],
            pattern: pick(&mut r, 3) as u8,
            index_scale: r.uniform(0.85, 1.1),
            weight: r.uniform(0.75, 1.2),
            court: courts[pick(&mut r, courts.len())],
            typeface: None,
            typeface_suits: false,
            narrow: 1.0,
        }
    }

    /// A deck drawn from a seed, lettered in one of `faces` (four decks in five) or the
    /// built-in face. Everything else is as [`Deck::from_seed`] draws it.
    pub fn from_seed_with(seed: u64, faces: &[Typeface]) -> Deck {
        let mut deck = Deck::from_seed(seed);
        let mut r = crate::sim::rng::Rng::new(seed ^ 0x7E7E_FACE);
        if !faces.is_empty() && r.chance(0.8) {
            let face = &faces[r.below(faces.len() as u64) as usize];
            deck.typeface_suits = face.has_suits() && r.chance(0.5);
            deck.narrow = r.uniform(0.8, 1.1);
            deck.typeface = Some(face.clone());
        }
        deck
    }

    /// The ink a suit is printed in.
    pub fn ink(&self, s: Suit) -> Rgb {
        match s {
            Suit::Hearts | Suit::Diamonds => self.red,
            Suit::Clubs | Suit::Spades => self.black,
        }
    }
}

/// The colour a suit is printed in on the standard deck.
pub fn suit_colour(s: Suit) -> Rgb {
    Deck::classic().ink(s)
}

/// Draws a suit symbol centred at `(cx, cy)`, `size` pixels tall, upside down if `flip`.
pub fn draw_suit(s: &mut Sprite, suit: Suit, c: Rgb, cx: f64, cy: f64, size: f64, flip: bool) {
    let k = size / 2.0;
    let f = if flip { -1.0 } else { 1.0 };
    let p = |x: f64, y: f64| (cx + x * k * f, cy + y * k * f);
    match suit {
        Suit::Diamonds => fill_polygon(
            s,
            &[p(0.0, -1.0), p(0.72, 0.0), p(0.0, 1.0), p(-0.72, 0.0)],
            c,
            1.0,
        ),
        Suit::Hearts | Suit::Spades => {
            // A heart: two lobes and a point; a spade is a heart upside down with a stem.
            let g = if suit == Suit::Spades { -1.0 } else { 1.0 };
            let q = |x: f64, y: f64| p(x, y * g);
            let (l, r) = (q(-0.45, -0.42), q(0.45, -0.42));
            fill_polygon(s, &ellipse_points(l, 0.5 * k, 0.5 * k, 0.0, 20), c, 1.0);
            fill_polygon(s, &ellipse_points(r, 0.5 * k, 0.5 * k, 0.0, 20), c, 1.0);
            fill_polygon(s, &[q(-0.93, -0.25), q(0.93, -0.25), q(0.0, 0.95)], c, 1.0);
            if suit == Suit::Spades {
                fill_polygon(s, &[p(0.0, 0.2), p(0.3, 1.0), p(-0.3, 1.0)], c, 1.0);
            }
        }
        Suit::Clubs => {
            for (x, y) in [(0.0, -0.5), (-0.48, 0.12), (0.48, 0.12)] {
                let o = p(x, y);
                fill_polygon(s, &ellipse_points(o, 0.42 * k, 0.42 * k, 0.0, 18), c, 1.0);
            }
            fill_polygon(s, &[p(0.0, 0.0), p(0.3, 1.0), p(-0.3, 1.0)], c, 1.0);
        }
    }
}

fn rounded_rect(w: f64, h: f64, r: f64, inset: f64) -> Vec<(f64, f64)> {
    let mut v = Vec::new();
    let corners = [
        (w - r - inset, r + inset, -PI / 2.0),
        (w - r - inset, h - r - inset, 0.0),
        (r + inset, h - r - inset, PI / 2.0),
        (r + inset, r + inset, PI),
    ];
    for (cx, cy, a0) in corners {
        for i in 0..=6 {
            let a = a0 + (PI / 2.0) * f64::from(i) / 6.0;
            v.push((cx + r * a.cos(), cy + r * a.sin()));
        }
    }
    v
}

/// The index text of a rank as printed in the corner.
fn index_text(r: Rank) -> &'static str {
    r.as_str()
}

/// Pip positions (fractions of the pip field, x then y) for the number cards.
fn pips(r: Rank) -> &'static [(f64, f64)] {
    match r {
        Rank::Ace => &[(0.5, 0.5)],
        Rank::Two => &[(0.5, 0.0), (0.5, 1.0)],
        Rank::Three => &[(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
        Rank::Four => &[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)],
        Rank::Five => &[(0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)],
        Rank::Six => &[
            (0.0, 0.0),
            (1.0, 0.0),
            (0.0, 0.5),
            (1.0, 0.5),
            (0.0, 1.0),
            (1.0, 1.0),
        ],
        Rank::Seven => &[
            (0.0, 0.0),
            (1.0, 0.0),
            (0.5, 0.25),
            (0.0, 0.5),
            (1.0, 0.5),
            (0.0, 1.0),
            (1.0, 1.0),
        ],
        Rank::Eight => &[
            (0.0, 0.0),
            (1.0, 0.0),
            (0.5, 0.25),
            (0.0, 0.5),
            (1.0, 0.5),
            (0.5, 0.75),
            (0.0, 1.0),
            (1.0, 1.0),
        ],
        Rank::Nine => &[
            (0.0, 0.0),
            (1.0, 0.0),
            (0.0, 0.33),
            (1.0, 0.33),
            (0.5, 0.5),
            (0.0, 0.67),
            (1.0, 0.67),
            (0.0, 1.0),
            (1.0, 1.0),
        ],
        Rank::Ten => &[
            (0.0, 0.0),
            (1.0, 0.0),
            (0.5, 0.17),
            (0.0, 0.33),
            (1.0, 0.33),
            (0.0, 0.67),
            (1.0, 0.67),
            (0.5, 0.83),
            (0.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[],
    }
}

/// Card stock with rounded corners and a thin grey edge.
fn blank_card(stock: Rgb) -> Sprite {
    let (w, h) = (CARD_TEX_W as f64, CARD_TEX_H as f64);
    let mut s = Sprite::new(CARD_TEX_W, CARD_TEX_H);
    fill_polygon(
        &mut s,
        &rounded_rect(w, h, 7.0, 0.0),
        Rgb(150, 150, 150),
        1.0,
    );
    fill_polygon(&mut s, &rounded_rect(w, h, 6.0, 1.2), stock, 1.0);
    s
}

/// Draws a suit symbol as `deck` prints it (see [`draw_suit`]).
#[allow(clippy::too_many_arguments)]
fn deck_suit(
    s: &mut Sprite,
    deck: &Deck,
    suit: Suit,
    c: Rgb,
    cx: f64,
    cy: f64,
    size: f64,
    flip: bool,
) {
    match &deck.typeface {
        Some(face) if deck.typeface_suits => {
            face.draw_suit(s, suit as usize, cx, cy, size, flip, c);
        }
        _ => draw_suit(s, suit, c, cx, cy, size, flip),
    }
}

/// The face of a card as `deck` prints it.
pub fn card_face(card: Card, deck: &Deck) -> Sprite {
    let (w, h) = (CARD_TEX_W as f64, CARD_TEX_H as f64);
    let mut s = blank_card(deck.stock);
    let c = deck.ink(card.suit);
    // Jumbo index: the rank large in the top-left corner, the suit under it.
    let text = index_text(card.rank);
    let k = deck.index_scale;
    let iy = 5.0;
    let text_h = GLYPH_H as f64 * 3.3 * k;
    let mut corner = Sprite::new(34, 50);
    match &deck.typeface {
        Some(face) => face.draw_text(&mut corner, text, 15.5, iy, text_h, 28.0, deck.narrow, c),
        None => {
            let px = if text.len() > 1 { 2.3 } else { 3.3 } * k;
            let tw = text_width(text) as f64 * px;
            let ix = 3.0 + (25.0 - tw).max(0.0) / 2.0;
            draw_text_weight(&mut corner, text, ix, iy, px, c, deck.weight);
        }
    }
    deck_suit(
        &mut corner,
        deck,
        card.suit,
        c,
        15.5,
        iy + text_h + 9.0,
        13.0 * k,
        false,
    );
    blit(&mut s, &corner, 0, 0, false);
    blit(&mut s, &corner, CARD_TEX_W - 34, CARD_TEX_H - 50, true);
    match card.rank {
        Rank::Jack | Rank::Queen | Rank::King => {
            // A framed court panel with the rank letter and two suits.
            let (x0, y0, x1, y1) = (26.0, 22.0, w - 26.0, h - 22.0);
            fill_polygon(&mut s, &[(x0, y0), (x1, y0), (x1, y1), (x0, y1)], c, 1.0);
            let inner = deck.court;
            fill_polygon(
                &mut s,
                &[
                    (x0 + 3.0, y0 + 3.0),
                    (x1 - 3.0, y0 + 3.0),
                    (x1 - 3.0, y1 - 3.0),
                    (x0 + 3.0, y1 - 3.0),
                ],
                inner,
                1.0,
            );
            let t = index_text(card.rank);
            match &deck.typeface {
                Some(face) => face.draw_text(
                    &mut s,
                    t,
                    w / 2.0,
                    h / 2.0 - 14.0,
                    28.0,
                    30.0,
                    deck.narrow,
                    c,
                ),
                None => draw_text(&mut s, t, w / 2.0 - 2.5 * 4.0, h / 2.0 - 3.5 * 4.0, 4.0, c),
            }
            deck_suit(&mut s, deck, card.suit, c, w / 2.0, y0 + 16.0, 14.0, false);
            deck_suit(&mut s, deck, card.suit, c, w / 2.0, y1 - 16.0, 14.0, true);
        }
        r => {
            let big = r == Rank::Ace;
            let (fx0, fy0, fx1, fy1) = (37.0, 22.0, w - 37.0, h - 22.0);
            for &(fx, fy) in pips(r) {
                let (x, y) = (fx0 + (fx1 - fx0) * fx, fy0 + (fy1 - fy0) * fy);
                deck_suit(
                    &mut s,
                    deck,
                    card.suit,
                    c,
                    x,
                    y,
                    if big { 34.0 } else { 15.0 },
                    fy > 0.55,
                );
            }
        }
    }
    s
}

/// The back of a card as `deck` prints it: a lattice, stripes or dots in the deck's colour
/// inside a border of the stock.
pub fn card_back(deck: &Deck) -> Sprite {
    let (w, h) = (CARD_TEX_W as f64, CARD_TEX_H as f64);
    let mut s = blank_card(deck.stock);
    fill_polygon(&mut s, &rounded_rect(w, h, 4.0, 7.0), deck.back, 1.0);
    let light = deck.back.mix(Rgb(255, 255, 255), 0.4);
    let mut y = 12.0;
    while y < h - 12.0 {
        let mut x = 12.0;
        while x < w - 12.0 {
            let shape: Vec<(f64, f64)> = match deck.pattern {
                0 => vec![(x, y - 4.0), (x + 4.0, y), (x, y + 4.0), (x - 4.0, y)],
                1 => vec![
                    (x - 5.0, y - 1.2),
                    (x + 5.0, y - 1.2),
                    (x + 5.0, y + 1.2),
                    (x - 5.0, y + 1.2),
                ],
                _ => ellipse_points((x, y), 2.6, 2.6, 0.0, 10),
            };
            fill_polygon(&mut s, &shape, light, 1.0);
            x += if deck.pattern == 1 { 10.0 } else { 12.0 };
        }
        y += if deck.pattern == 1 { 6.0 } else { 12.0 };
    }
    s
}

/// Copies `src` into `dst` at `(x, y)`, turned half a turn if `flip`.
fn blit(dst: &mut Sprite, src: &Sprite, x: usize, y: usize, flip: bool) {
    for sy in 0..src.height {
        for sx in 0..src.width {
            let (ux, uy) = if flip {
                (src.width - 1 - sx, src.height - 1 - sy)
            } else {
                (sx, sy)
            };
            let i = (uy * src.width + ux) * 4;
            let a = src.data[i + 3];
            if a == 0 {
                continue;
            }
            let (dx, dy) = (x + sx, y + sy);
            if dx < dst.width && dy < dst.height {
                let c = Rgb(src.data[i], src.data[i + 1], src.data[i + 2]);
                super::canvas::Surface::blend(dst, dx, dy, c, f32::from(a) / 255.0);
            }
        }
    }
}

/// A chip's colours and edge spots by value, as 08-03(3) prescribes.
pub struct ChipStyle {
    /// Primary colour.
    pub primary: Rgb,
    /// Edge-spot colour.
    pub spot: Rgb,
    /// Number of edge spots.
    pub spots: u32,
    /// Parts each spot is split into (1 solid, 2 split, 3 triple split).
    pub parts: u32,
    /// The value printed in the middle.
    pub label: &'static str,
}

/// The style of a chip of `cents`, or `None` for a value the chapter gives no colour.
pub fn chip_style(cents: i64) -> Option<ChipStyle> {
    let (primary, spot, spots, parts, label) = match cents {
        50 => (Rgb(214, 168, 24), Rgb(214, 168, 24), 0, 1, ".50"),
        100 => (Rgb(236, 236, 230), Rgb(30, 64, 170), 4, 1, "1"),
        200 => (Rgb(240, 150, 184), Rgb(70, 40, 140), 4, 2, "2"),
        500 => (Rgb(196, 24, 30), Rgb(245, 245, 240), 6, 1, "5"),
        2_500 => (Rgb(24, 128, 62), Rgb(245, 245, 240), 8, 1, "25"),
        10_000 => (Rgb(26, 26, 28), Rgb(245, 245, 240), 4, 3, "100"),
        _ => return None,
    };
    Some(ChipStyle {
        primary,
        spot,
        spots,
        parts,
        label,
    })
}

/// A chip seen from above.
pub fn chip(cents: i64) -> Sprite {
    let st = chip_style(cents).unwrap_or(ChipStyle {
        primary: Rgb(120, 120, 120),
        spot: Rgb(240, 240, 240),
        spots: 4,
        parts: 1,
        label: "",
    });
    let n = CHIP_TEX as f64;
    let (cx, cy) = (n / 2.0, n / 2.0);
    let mut s = Sprite::new(CHIP_TEX, CHIP_TEX);
    fill_polygon(
        &mut s,
        &ellipse_points((cx, cy), n / 2.0 - 0.5, n / 2.0 - 0.5, 0.0, 48),
        st.primary.scaled(0.8),
        1.0,
    );
    fill_polygon(
        &mut s,
        &ellipse_points((cx, cy), n / 2.0 - 2.0, n / 2.0 - 2.0, 0.0, 48),
        st.primary,
        1.0,
    );
    // Edge spots, equally spaced on the rim; split spots are two or three bars with the primary
    // colour between them.
    let spot_w = TAU / f64::from(st.spots.max(1)) * 0.36;
    for i in 0..st.spots {
        let a0 = TAU * f64::from(i) / f64::from(st.spots) - spot_w / 2.0;
        let parts = st.parts.max(1);
        let part_w = spot_w / f64::from(2 * parts - 1);
        for p in 0..parts {
            let a = a0 + part_w * f64::from(2 * p);
            let (r0, r1) = (n / 2.0 - 9.0, n / 2.0 - 2.0);
            let pts = [
                (cx + r0 * a.cos(), cy + r0 * a.sin()),
                (cx + r1 * a.cos(), cy + r1 * a.sin()),
                (cx + r1 * (a + part_w).cos(), cy + r1 * (a + part_w).sin()),
                (cx + r0 * (a + part_w).cos(), cy + r0 * (a + part_w).sin()),
            ];
            fill_polygon(&mut s, &pts, st.spot, 1.0);
        }
    }
    // The inlay with the value.
    fill_polygon(
        &mut s,
        &ellipse_points((cx, cy), 15.5, 15.5, 0.0, 40),
        st.primary.scaled(0.75),
        1.0,
    );
    let inlay = st.primary.mix(Rgb(250, 250, 245), 0.75);
    fill_polygon(
        &mut s,
        &ellipse_points((cx, cy), 14.0, 14.0, 0.0, 40),
        inlay,
        1.0,
    );
    let px = if st.label.len() > 2 { 1.7 } else { 2.4 };
    let tw = text_width(st.label) as f64 * px;
    draw_text(
        &mut s,
        st.label,
        cx - tw / 2.0,
        cy - GLYPH_H as f64 * px / 2.0,
        px,
        st.primary.scaled(0.55).mix(BLACK, 0.3),
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(s: &Sprite, f: impl Fn(u8, u8, u8) -> bool) -> usize {
        s.data
            .chunks_exact(4)
            .filter(|p| p[3] > 200 && f(p[0], p[1], p[2]))
            .count()
    }

    #[test]
    fn hearts_are_red_and_spades_black() {
        let deck = Deck::classic();
        let h = card_face(Card::new(Rank::Seven, Suit::Hearts), &deck);
        let sp = card_face(Card::new(Rank::Seven, Suit::Spades), &deck);
        let red = |r: u8, g: u8, b: u8| r > 150 && g < 80 && b < 80;
        let black = |r: u8, g: u8, b: u8| r < 60 && g < 60 && b < 60;
        assert!(count(&h, red) > 300 && count(&h, black) == 0);
        assert!(count(&sp, black) > 300 && count(&sp, red) == 0);
    }

    #[test]
    fn decks_differ_by_seed_but_red_stays_red() {
        let decks: Vec<Deck> = (0..8).map(Deck::from_seed).collect();
        assert!(decks.iter().any(|d| *d != decks[0]));
        for d in &decks {
            let Rgb(r, g, b) = d.red;
            assert!(r > 100 && g < 60 && b < 60, "{:?}", d.red);
            let Rgb(r, g, b) = d.black;
            assert!(r < 60 && g < 60 && b < 60);
        }
    }

    /// The installed outline fonts (`scripts/setup.sh` installs them).
    fn system_faces() -> Vec<Typeface> {
        crate::render::typeface::SYSTEM_FONTS
            .iter()
            .filter_map(|p| Typeface::parse(p, std::fs::read(p).ok()?))
            .collect()
    }

    /// Ink (dark or red) in the sprite's rectangle.
    fn inked(s: &Sprite, x0: usize, y0: usize, x1: usize, y1: usize) -> Vec<bool> {
        let mut v = Vec::new();
        for y in y0..y1 {
            for x in x0..x1 {
                let p = &s.data[(y * s.width + x) * 4..(y * s.width + x) * 4 + 4];
                v.push(p[3] > 200 && (p[1] < 120));
            }
        }
        v
    }

    #[test]
    fn decks_are_lettered_in_outline_typefaces_as_well_as_the_built_in_face() {
        let faces = system_faces();
        assert!(
            faces.len() >= 20,
            "{} fonts: run scripts/setup.sh",
            faces.len()
        );
        assert!(Typeface::parse("junk", b"not a font".to_vec()).is_none());
        let decks: Vec<Deck> = (0..40).map(|s| Deck::from_seed_with(s, &faces)).collect();
        let lettered = decks.iter().filter(|d| d.typeface.is_some()).count();
        assert!(
            (20..40).contains(&lettered),
            "{lettered} of 40 in outline faces"
        );
        let names: std::collections::BTreeSet<&str> = decks
            .iter()
            .filter_map(|d| d.typeface.as_ref().map(Typeface::name))
            .collect();
        assert!(names.len() >= 10, "{names:?}");
        // Without fonts every deck is lettered as before.
        assert_eq!(Deck::from_seed_with(3, &[]), Deck::from_seed(3));
        // A deck in an outline face prints each rank differently in its corner, where the
        // built-in face prints it, and differently from the built-in face.
        let mut deck = Deck::from_seed(1);
        let plain = card_face(Card::new(Rank::Eight, Suit::Spades), &deck);
        deck.typeface = Some(faces[0].clone());
        let index = |c: &Sprite| inked(c, 2, 4, 30, 30);
        let eight = card_face(Card::new(Rank::Eight, Suit::Spades), &deck);
        let three = card_face(Card::new(Rank::Three, Suit::Spades), &deck);
        let ink = index(&eight).iter().filter(|&&b| b).count();
        assert!(ink > 60, "{ink} inked pixels in the index");
        assert_ne!(index(&eight), index(&three));
        assert_ne!(index(&eight), index(&plain));
        // Suits from the typeface: a club is not a spade.
        deck.typeface_suits = true;
        let suit = |c: &Sprite| inked(c, 2, 30, 30, 50);
        let club = card_face(Card::new(Rank::Eight, Suit::Clubs), &deck);
        let spade = card_face(Card::new(Rank::Eight, Suit::Spades), &deck);
        assert_ne!(suit(&club), suit(&spade));
    }

    #[test]
    fn chips_wear_the_colours_of_08_03() {
        // 08-03(3)(d): five dollars red with white spots; (f) one hundred black with white.
        let five = chip(500);
        let red = |r: u8, g: u8, b: u8| r > 150 && g < 60 && b < 60;
        let white = |r: u8, g: u8, b: u8| r > 230 && g > 230 && b > 230;
        assert!(count(&five, red) > 1000);
        assert!(count(&five, white) > 60);
        // 08-03(3)(a): the fifty-cent chip has no edge spots.
        let half = chip(50);
        assert_eq!(count(&half, white), 0);
        assert!(chip_style(1_000).is_none());
    }
}
