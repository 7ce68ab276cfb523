//! Paints the overhead camera's frames: the table drawn once as a background, then each
//! frame's cards, chips and the dealer's hand and arm on top, then the camera's own marks
//! (lighting flicker, sensor noise) and the recorder's burnt-in date and time.
//!
//! Geometry comes from the table design (table centimetres) through the camera (pixels); see
//! `crate::layout`.

use super::canvas::{Canvas, Rgb, Sprite, draw_sprite, fill_polygon};
use super::font::{GLYPH_H, draw_text, text_width};
use super::sprites::{CARD_TEX_H, CARD_TEX_W, CHIP_TEX, Deck, card_back, card_face, chip};
use super::typeface::Typeface;
use crate::layout::{
    CARD_H, CARD_W, CHIP_D, Camera, Homography, Placement, TRAY_DENOMS, TableDesign, TablePt,
};
use crate::rules::cards::{Card, Rank, Suit};
use crate::sim::rng::Rng;
use crate::sim::scene::{Scene, Thing, chip_positions, rect_corners};

/// How the footage looks: everything the renderer varies, all drawn from one seed.
#[derive(Debug, Clone, PartialEq)]
pub struct Look {
    /// Felt colour.
    pub felt: Rgb,
    /// Brightness falloff from the middle to the corners (0: none, 0.3: strong).
    pub vignette: f64,
    /// Brightness change across the table, left to right (-0.2..0.2).
    pub gradient: f64,
    /// Frame-to-frame brightness flicker (0: none; 0.03: visible).
    pub flicker: f64,
    /// Sensor noise, standard deviation in 8-bit levels.
    pub noise: f64,
    /// Camera jitter, most pixels a frame moves.
    pub jitter: f64,
    /// Lens blur: 0 sharp, 1 soft, 2 blurry.
    pub blur: u8,
    /// Motion blur on moving objects.
    pub motion_blur: bool,
    /// Camera tilt (projective term) and roll (radians).
    pub tilt: f64,
    /// Camera roll, radians.
    pub roll: f64,
    /// The table number on the placard.
    pub table: String,
    /// Wall clock at time 0 of the footage, seconds since midnight.
    pub clock0: u32,
    /// The date burnt in beside the clock.
    pub date: String,
    /// How the cards are printed.
    pub deck: Deck,
}

impl Look {
    /// A look drawn from `seed`, with every effect scaled by `realism` (0: a clean render; 1:
    /// the default; 2: a poor camera). Decks are lettered in one of `faces` or the built-in
    /// face ([`Deck::from_seed_with`]); a clean render (realism under 0.25) prints the
    /// classic deck.
    pub fn from_seed(seed: u64, realism: f64, table: &str, faces: &[Typeface]) -> Look {
        let mut r = Rng::new(seed ^ 0x5EED_100C);
        let k = realism.max(0.0);
        let felts = [
            Rgb(22, 104, 62),
            Rgb(18, 92, 58),
            Rgb(26, 84, 118),
            Rgb(120, 28, 36),
        ];
        let base = felts[if r.chance(0.75) {
            r.below(2) as usize
        } else {
            2 + r.below(2) as usize
        }];
        let felt = base.scaled(r.uniform(0.85, 1.12));
        Look {
            felt,
            vignette: 0.18 * k * r.uniform(0.6, 1.3),
            gradient: k * r.uniform(-0.12, 0.12),
            flicker: 0.015 * k * r.uniform(0.5, 1.5),
            noise: 3.0 * k * r.uniform(0.6, 1.4),
            jitter: 0.8 * k * r.uniform(0.5, 1.5),
            blur: if k < 0.5 {
                0
            } else if k < 1.6 {
                1
            } else {
                2
            },
            motion_blur: k >= 0.5,
            tilt: 0.0013 * k.min(1.5) * r.uniform(0.6, 1.2),
            roll: 0.008 * k.min(2.0) * r.uniform(-1.0, 1.0),
            table: table.to_string(),
            clock0: 8 * 3600 + r.below(12 * 3600) as u32,
            date: "2026-11-21".into(),
            deck: if k < 0.25 {
                Deck::classic()
            } else {
                Deck::from_seed_with(seed, faces)
            },
        }
    }
}

/// The painter of one video: the background and the sprites, made once.
pub struct Painter {
    /// The camera (no jitter).
    pub camera: Camera,
    look: Look,
    design: TableDesign,
    background: Canvas,
    faces: Vec<Sprite>,
    back: Sprite,
    chips: Vec<(i64, Sprite)>,
    noise: Vec<i8>,
}

fn blur_sprite(s: &Sprite, passes: u8) -> Sprite {
    let mut s = s.clone();
    for _ in 0..passes {
        let src = s.clone();
        for y in 0..s.height {
            for x in 0..s.width {
                let mut acc = [0u32; 4];
                let mut n = 0;
                for (dx, dy) in [(0i32, 0i32), (1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (sx, sy) = (x as i32 + dx, y as i32 + dy);
                    if sx < 0 || sy < 0 || sx as usize >= s.width || sy as usize >= s.height {
                        continue;
                    }
                    let i = (sy as usize * s.width + sx as usize) * 4;
                    for (a, v) in acc.iter_mut().zip(&src.data[i..i + 4]) {
                        *a += u32::from(*v);
                    }
                    n += 1;
                }
                let i = (y * s.width + x) * 4;
                for (d, a) in s.data[i..i + 4].iter_mut().zip(acc) {
                    *d = (a / n) as u8;
                }
            }
        }
    }
    s
}

fn blur_canvas(c: &mut Canvas) {
    let (w, h) = (c.width, c.height);
    let src = c.data.clone();
    for y in 1..h.saturating_sub(1) {
        for x in 1..w.saturating_sub(1) {
            for k in 0..3 {
                let at = |xx: usize, yy: usize| u32::from(src[(yy * w + xx) * 3 + k]);
                let v = 4 * at(x, y) + at(x - 1, y) + at(x + 1, y) + at(x, y - 1) + at(x, y + 1);
                c.data[(y * w + x) * 3 + k] = (v / 8) as u8;
            }
        }
    }
}

/// The map from a sprite's pixels onto the frame for an object of `w` x `h` centimetres lying
/// at `p`: sprite pixels to the object's own centimetres, to table centimetres, to pixels.
fn sprite_map(
    camera: &Camera,
    p: Placement,
    w: f64,
    h: f64,
    tex_w: usize,
    tex_h: usize,
    shift: (f64, f64),
) -> Homography {
    let (sx, sy) = (w / tex_w as f64, h / tex_h as f64);
    // Sprite y grows downward; on the table the card's top is away from the dealer (+y).
    let to_local = Homography {
        m: [sx, 0.0, -w / 2.0, 0.0, -sy, h / 2.0, 0.0, 0.0, 1.0],
    };
    let place = Homography::rigid(p.angle, p.at.x, p.at.y);
    let shift = Homography {
        m: [1.0, 0.0, shift.0, 0.0, 1.0, shift.1, 0.0, 0.0, 1.0],
    };
    shift.after(&camera.to_pixel.after(&place.after(&to_local)))
}

impl Painter {
    /// A painter for frames of `width` x `height` pixels.
    pub fn new(look: Look, design: TableDesign, width: u32, height: u32, seed: u64) -> Painter {
        let camera = Camera::overhead(width, height, look.tilt, look.roll);
        let passes = look.blur;
        let mut faces = Vec::with_capacity(52);
        for r in Rank::ALL {
            for s in Suit::ALL {
                faces.push(blur_sprite(&card_face(Card::new(r, s), &look.deck), passes));
            }
        }
        let back = blur_sprite(&card_back(&look.deck), passes);
        let chips = TRAY_DENOMS
            .iter()
            .map(|&d| (d, blur_sprite(&chip(d), passes)))
            .collect();
        let mut rng = Rng::new(seed ^ 0x0015_E000);
        let noise = (0..(1 << 20))
            .map(|_| {
                // Sum of uniforms: roughly normal, unit variance.
                let u: f64 = (0..4).map(|_| rng.uniform(-1.0, 1.0)).sum::<f64>() * 0.866;
                (u * look.noise).round().clamp(-100.0, 100.0) as i8
            })
            .collect();
        let mut p = Painter {
            camera,
            look,
            design,
            background: Canvas::new(width as usize, height as usize, Rgb(0, 0, 0)),
            faces,
            back,
            chips,
            noise,
        };
        p.background = p.paint_background();
        p
    }

    fn poly(&self, pts: &[TablePt]) -> Vec<(f64, f64)> {
        pts.iter()
            .map(|&p| {
                let q = self.camera.pixel(p);
                (q.x, q.y)
            })
            .collect()
    }

    fn rect(&self, c: TablePt, w: f64, h: f64, angle: f64) -> Vec<(f64, f64)> {
        let p = Placement { at: c, angle };
        let cs = rect_corners(p, w, h);
        self.poly(&cs)
    }

    fn ring(&self, c: TablePt, r: f64, width: f64) -> Vec<Vec<(f64, f64)>> {
        // A ring as short quads around the circle.
        let n = 40;
        (0..n)
            .map(|i| {
                let a0 = std::f64::consts::TAU * f64::from(i) / f64::from(n);
                let a1 = std::f64::consts::TAU * f64::from(i + 1) / f64::from(n);
                let (ri, ro) = (r - width / 2.0, r + width / 2.0);
                self.poly(&[
                    c.offset(ri * a0.cos(), ri * a0.sin()),
                    c.offset(ro * a0.cos(), ro * a0.sin()),
                    c.offset(ro * a1.cos(), ro * a1.sin()),
                    c.offset(ri * a1.cos(), ri * a1.sin()),
                ])
            })
            .collect()
    }

    fn text_on_table(&self, c: &mut Canvas, text: &str, at: TablePt, height_cm: f64, colour: Rgb) {
        let px = self.camera.scale_at(at) * height_cm / GLYPH_H as f64;
        let p = self.camera.pixel(at);
        let w = text_width(text) as f64 * px;
        draw_text(
            c,
            text,
            p.x - w / 2.0,
            p.y - GLYPH_H as f64 * px / 2.0,
            px,
            colour,
        );
    }

    fn paint_background(&self) -> Canvas {
        let (w, h) = (self.camera.width as usize, self.camera.height as usize);
        let mut c = Canvas::new(w, h, Rgb(38, 30, 26));
        let d = &self.design;
        // Padded rail, then the felt.
        let mut rail = Vec::new();
        for i in 0..=64 {
            let a = std::f64::consts::PI * f64::from(i) / 64.0;
            rail.push(TablePt::new(
                (d.half_width + 9.0) * a.cos(),
                (d.depth + 9.0) * a.sin(),
            ));
        }
        rail.push(TablePt::new(-d.half_width - 9.0, -3.0));
        rail.push(TablePt::new(d.half_width + 9.0, -3.0));
        let rail = self.poly(&rail);
        fill_polygon(&mut c, &rail, Rgb(44, 26, 18), 1.0);
        let felt = self.poly(&d.outline());
        fill_polygon(&mut c, &felt, self.look.felt, 1.0);
        let ink = self.look.felt.mix(Rgb(235, 215, 150), 0.7);
        // Betting circles and their tip marks.
        for s in 1..=d.spaces {
            for q in self.ring(d.bet_centre(s), d.bet_radius(), 0.35) {
                fill_polygon(&mut c, &q, ink, 1.0);
            }
        }
        // The insurance line.
        let (ax, ay) = d.insurance_arc();
        for band in [-3.6, 3.6] {
            let mut pts = Vec::new();
            for i in 0..=48 {
                let a = (150.0 - 120.0 * f64::from(i) / 48.0f64).to_radians();
                let (rx, ry) = (ax + band, ay + band);
                pts.push(TablePt::new(rx * a.cos(), ry * a.sin()));
            }
            for seg in pts.windows(2) {
                let (a, b) = (seg[0], seg[1]);
                let n = (b.y - a.y, a.x - b.x);
                let l = (n.0 * n.0 + n.1 * n.1).sqrt().max(1e-9) / 0.17;
                let (nx, ny) = (n.0 / l, n.1 / l);
                let q = self.poly(&[
                    a.offset(nx, ny),
                    b.offset(nx, ny),
                    b.offset(-nx, -ny),
                    a.offset(-nx, -ny),
                ]);
                fill_polygon(&mut c, &q, ink, 1.0);
            }
        }
        self.text_on_table(
            &mut c,
            "INSURANCE PAYS 2 TO 1",
            TablePt::new(0.0, ay + 0.2),
            2.2,
            ink,
        );
        self.text_on_table(
            &mut c,
            "BLACKJACK PAYS 3 TO 2",
            TablePt::new(0.0, ay - 8.0),
            2.0,
            ink,
        );
        self.text_on_table(
            &mut c,
            "DEALER MUST DRAW TO 16 AND STAND ON ALL 17S",
            TablePt::new(0.0, ay - 12.5),
            1.4,
            ink,
        );
        // The chip tray with its stacks.
        let (tc, tw, th) = d.tray();
        fill_polygon(
            &mut c,
            &self.rect(tc, tw + 2.0, th + 2.0, 0.0),
            Rgb(18, 18, 20),
            1.0,
        );
        fill_polygon(&mut c, &self.rect(tc, tw, th, 0.0), Rgb(60, 58, 56), 1.0);
        for &den in TRAY_DENOMS.iter() {
            let slot = d.tray_slot(den);
            let sprite = self.chip_sprite(den);
            for k in 0..5 {
                let p = Placement {
                    at: slot.offset(0.0, -3.0 + f64::from(k) * 1.4),
                    angle: 0.0,
                };
                let m = sprite_map(
                    &self.camera,
                    p,
                    CHIP_D,
                    CHIP_D,
                    CHIP_TEX,
                    CHIP_TEX,
                    (0.0, 0.0),
                );
                draw_sprite(&mut c, sprite, &m, 1.0);
            }
        }
        // The shoe at the dealer's left, the discard holder at the right, the placard.
        let (sc, sw, sh, sa) = d.shoe();
        fill_polygon(&mut c, &self.rect(sc, sw, sh, sa), Rgb(30, 28, 30), 1.0);
        fill_polygon(
            &mut c,
            &self.rect(sc.offset(0.0, 2.0), sw - 2.5, sh - 6.0, sa),
            Rgb(120, 20, 30),
            1.0,
        );
        let (dc, dw, dh, da) = d.discard();
        fill_polygon(&mut c, &self.rect(dc, dw, dh, da), Rgb(24, 24, 26), 1.0);
        fill_polygon(
            &mut c,
            &self.rect(dc, dw - 2.0, dh - 2.0, da),
            Rgb(140, 24, 34),
            1.0,
        );
        let (pc, pw, ph) = d.placard();
        fill_polygon(&mut c, &self.rect(pc, pw, ph, 0.0), Rgb(230, 226, 214), 1.0);
        self.text_on_table(
            &mut c,
            &format!("TABLE {}", self.look.table),
            pc,
            1.5,
            Rgb(30, 30, 30),
        );
        // Lighting: a gradient across the table and a falloff toward the corners.
        let (cx, cy) = (w as f64 / 2.0, h as f64 / 2.0);
        let diag = (cx * cx + cy * cy).sqrt();
        for y in 0..h {
            for x in 0..w {
                let (dx, dy) = ((x as f64 - cx) / diag, (y as f64 - cy) / diag);
                let g = (1.0 + self.look.gradient * dx * 2.0)
                    * (1.0 - self.look.vignette * (dx * dx + dy * dy) * 2.0);
                let i = (y * w + x) * 3;
                for k in 0..3 {
                    c.data[i + k] = (f64::from(c.data[i + k]) * g).clamp(0.0, 255.0) as u8;
                }
            }
        }
        for _ in 0..self.look.blur {
            blur_canvas(&mut c);
        }
        c
    }

    fn chip_sprite(&self, cents: i64) -> &Sprite {
        self.chips
            .iter()
            .find(|(d, _)| *d == cents)
            .map_or(&self.chips[1].1, |(_, s)| s)
    }

    fn card_sprite(&self, card: Option<Card>, face_up: bool) -> &Sprite {
        match card {
            Some(c) if face_up => &self.faces[(c.rank as usize - 1) * 4 + c.suit as usize],
            _ => &self.back,
        }
    }

    /// The camera's shift (pixels) in frame `n`: a small jitter, the same for a given frame.
    pub fn shift(&self, n: u64) -> (f64, f64) {
        if self.look.jitter <= 0.0 {
            return (0.0, 0.0);
        }
        let mut r = Rng::new(n.wrapping_mul(0x9E37_79B9) ^ 0x00C0_FFEE);
        let j = self.look.jitter;
        (r.uniform(-j, j).round(), r.uniform(-j, j).round())
    }

    /// Paints frame `n`, at `t` seconds, into `out` (resized if needed).
    pub fn paint(&self, scene: &Scene, t: f64, n: u64, out: &mut Canvas) {
        let (w, h) = (self.background.width, self.background.height);
        if out.width != w || out.height != h {
            *out = Canvas::new(w, h, Rgb(0, 0, 0));
        }
        let shift = self.shift(n);
        copy_shifted(&self.background, out, shift.0 as isize, shift.1 as isize);
        for o in &scene.objects {
            let Some(p) = o.at(t) else {
                continue;
            };
            let blur_steps: &[f64] = if self.look.motion_blur && o.moving(t) {
                &[-0.04, -0.02, 0.0]
            } else {
                &[0.0]
            };
            let alpha = 1.0 / blur_steps.len() as f32;
            for (k, dt) in blur_steps.iter().enumerate() {
                let p = if *dt == 0.0 {
                    p
                } else {
                    o.at(t + dt).unwrap_or(p)
                };
                let a = if k + 1 == blur_steps.len() {
                    1.0
                } else {
                    alpha * 1.5
                };
                match &o.thing {
                    Thing::Card { card, .. } => {
                        let s = self.card_sprite(*card, o.face_up(t));
                        let m = sprite_map(
                            &self.camera,
                            p,
                            CARD_W,
                            CARD_H,
                            CARD_TEX_W,
                            CARD_TEX_H,
                            shift,
                        );
                        draw_sprite(out, s, &m, a);
                    }
                    Thing::Chips { values, .. } => {
                        let at = chip_positions(p, values.len(), o.fan(t));
                        for (v, q) in values.iter().zip(at) {
                            let s = self.chip_sprite(*v);
                            let m = sprite_map(
                                &self.camera,
                                Placement {
                                    at: q,
                                    angle: p.angle,
                                },
                                CHIP_D,
                                CHIP_D,
                                CHIP_TEX,
                                CHIP_TEX,
                                shift,
                            );
                            draw_sprite(out, s, &m, a);
                        }
                    }
                }
            }
        }
        self.paint_dealer(scene, t, shift, out);
        self.finish(n, out);
    }

    fn paint_dealer(&self, scene: &Scene, t: f64, shift: (f64, f64), out: &mut Canvas) {
        let looks = [
            (Rgb(214, 170, 140), Rgb(236, 236, 232)),
            (Rgb(150, 104, 74), Rgb(30, 30, 34)),
            (Rgb(236, 196, 170), Rgb(120, 24, 30)),
            (Rgb(108, 72, 50), Rgb(236, 236, 232)),
        ];
        let (skin, sleeve) = looks[scene.dealer_index(t) % looks.len()];
        let (arm, palm) = scene.dealer_outline(t);
        let sh = |v: Vec<(f64, f64)>| {
            v.into_iter()
                .map(|(x, y)| (x + shift.0, y + shift.1))
                .collect::<Vec<_>>()
        };
        fill_polygon(out, &sh(self.poly(&arm)), sleeve.scaled(0.9), 1.0);
        fill_polygon(out, &sh(self.poly(&palm)), skin.scaled(0.85), 1.0);
        let inner: Vec<TablePt> = {
            let c = palm.iter().fold(TablePt::default(), |a, p| {
                a.offset(p.x / palm.len() as f64, p.y / palm.len() as f64)
            });
            palm.iter().map(|p| c.lerp(*p, 0.8)).collect()
        };
        fill_polygon(out, &sh(self.poly(&inner)), skin, 1.0);
    }

    /// The camera's marks and the recorder's overlay: flicker, noise, date and time.
    fn finish(&self, n: u64, out: &mut Canvas) {
        let mut r = Rng::new(n ^ 0xF11C_4E55);
        let gain = 1.0 + r.uniform(-self.look.flicker, self.look.flicker);
        let g = (gain * 256.0).round() as i32;
        let off = (r.below(1 << 19)) as usize;
        let noise = &self.noise;
        let m = noise.len() - 1;
        if g != 256 || self.look.noise > 0.0 {
            for (i, v) in out.data.iter_mut().enumerate() {
                let x = ((i32::from(*v) * g) >> 8) + i32::from(noise[(i + off) & m]);
                *v = x.clamp(0, 255) as u8;
            }
        }
    }

    /// Burns the date and the wall-clock time `clock` (seconds since midnight) into the frame.
    pub fn overlay(&self, out: &mut Canvas, clock: f64) {
        let s = clock.max(0.0) as u64;
        let text = format!(
            "{} {:02}:{:02}:{:02}  CAM {:02}",
            self.look.date,
            (s / 3600) % 24,
            (s / 60) % 60,
            s % 60,
            self.look.table.len() % 100
        );
        let px = (out.height as f64 / 240.0).max(1.5).round();
        let w = text_width(&text) as f64 * px;
        let band = [
            (6.0, 6.0),
            (w + 18.0, 6.0),
            (w + 18.0, 6.0 + GLYPH_H as f64 * px + 10.0),
            (6.0, 6.0 + GLYPH_H as f64 * px + 10.0),
        ];
        fill_polygon(out, &band, Rgb(0, 0, 0), 0.55);
        draw_text(out, &text, 12.0, 11.0, px, Rgb(240, 240, 240));
    }

    /// The look in use.
    pub fn look(&self) -> &Look {
        &self.look
    }
}

/// Copies `src` into `dst` moved by `(dx, dy)` pixels; uncovered edges repeat the border.
fn copy_shifted(src: &Canvas, dst: &mut Canvas, dx: isize, dy: isize) {
    let (w, h) = (src.width as isize, src.height as isize);
    for y in 0..h {
        let sy = (y - dy).clamp(0, h - 1);
        let row = &src.data[(sy * w * 3) as usize..((sy + 1) * w * 3) as usize];
        let out = &mut dst.data[(y * w * 3) as usize..((y + 1) * w * 3) as usize];
        if dx == 0 {
            out.copy_from_slice(row);
        } else if dx > 0 {
            let k = (dx.min(w) * 3) as usize;
            out[k..].copy_from_slice(&row[..row.len() - k]);
            for x in 0..dx.min(w) as usize {
                out[x * 3..x * 3 + 3].copy_from_slice(&row[..3]);
            }
        } else {
            let k = ((-dx).min(w) * 3) as usize;
            let n = out.len();
            out[..n - k].copy_from_slice(&row[k..]);
            for x in (n - k) / 3..w as usize {
                out[x * 3..x * 3 + 3].copy_from_slice(&row[row.len() - 3..]);
            }
        }
    }
}
