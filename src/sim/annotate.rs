//! Per-frame object annotations of simulated footage: every card (rank, suit, corner points),
//! every chip stack or fanned chip (value), and the dealer's hand, in pixel coordinates, with
//! the share of each object left in view by whatever lies on it. Written as JSON Lines (one
//! frame a line) and as YOLO labels; the format is in docs/simulate.md. Pure.

use serde::{Deserialize, Serialize};

use crate::layout::{CHIP_D, Camera, TablePt};
use crate::rules::cards::Card;
use crate::sim::scene::{Fan, Scene, Thing, card_corners, chip_positions};

/// YOLO class names, by class number: the 52 cards (`Ac`, `Ad`, `Ah`, `As`, `2c` ... `Ks`),
/// a card face down, the six chip values, the dealer's hand.
pub fn class_names() -> Vec<String> {
    let mut v: Vec<String> = (0..52)
        .filter_map(Card::from_index)
        .map(|c| c.to_string())
        .collect();
    v.push("card_back".into());
    for n in [
        "chip_50c", "chip_1", "chip_2", "chip_5", "chip_25", "chip_100",
    ] {
        v.push(n.into());
    }
    v.push("dealer_hand".into());
    v
}

/// The YOLO class number of a chip value, if it is one of the six.
fn chip_class(cents: i64) -> Option<u32> {
    crate::layout::TRAY_DENOMS
        .iter()
        .position(|&d| d == cents)
        .map(|i| 53 + i as u32)
}

/// One annotated object in a frame.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ObjectNote {
    /// The scene object's id (stable across frames; fanned chips share their payout's id).
    pub id: u32,
    /// YOLO class number (see [`class_names`]).
    pub class: u32,
    /// Class name.
    pub name: String,
    /// For a face-up card: its rank and suit (`"10h"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(default)]
    pub card: Option<String>,
    /// For chips: the value of each chip, cents, bottom first (a stack) or the one chip (fanned).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[serde(default)]
    pub chips_cents: Vec<i64>,
    /// Corner points, pixels: a card's top-left, top-right, bottom-right, bottom-left as the
    /// dealer reads it; a chip's or hand's bounding square.
    pub corners: [[f64; 2]; 4],
    /// Axis-aligned box, pixels: x0, y0, x1, y1.
    pub bbox: [f64; 4],
    /// Share of the object in view (0..=1), the rest covered by cards, chips or the hand.
    pub visible: f64,
    /// For a face-up card: the centres of its two corner indices, pixels, the top-left one
    /// (as the dealer reads the card) first, then the turned one at the bottom right.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[serde(default)]
    pub index_points: Vec<[f64; 2]>,
    /// For a face-up card: whether each index is in view (at least 7 of 9 points spread over
    /// it not covered), in the order of `index_points`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[serde(default)]
    pub index_visible: Vec<bool>,
    /// Betting space (0: the dealer's side).
    pub space: u8,
    /// Hand at the space (0: none).
    pub hand: u8,
    /// Moving at this frame.
    pub moving: bool,
}

/// Everything annotated in one frame.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FrameNote {
    /// Frame number, from 0.
    pub frame: u64,
    /// Seconds into the footage.
    pub t: f64,
    /// The objects, bottom first.
    pub objects: Vec<ObjectNote>,
}

/// A shape on the table used to decide what covers what (table centimetres).
enum Cover {
    Rect([TablePt; 4]),
    Disc(TablePt, f64),
    Poly(Vec<TablePt>),
}

impl Cover {
    fn contains(&self, p: TablePt) -> bool {
        match self {
            Cover::Rect(c) => inside(c, p),
            Cover::Disc(c, r) => c.dist(p) <= *r,
            Cover::Poly(v) => inside(v, p),
        }
    }
}

fn inside(poly: &[TablePt], p: TablePt) -> bool {
    let mut c = false;
    let n = poly.len();
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + n - 1) % n]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            c = !c;
        }
    }
    c
}

/// Sample points spread over a shape, for the share in view.
fn samples(c: &Cover) -> Vec<TablePt> {
    match c {
        Cover::Rect(q) => {
            let mut v = Vec::with_capacity(25);
            for i in 0..5 {
                for j in 0..5 {
                    let (u, w) = ((f64::from(i) + 0.5) / 5.0, (f64::from(j) + 0.5) / 5.0);
                    let top = q[0].lerp(q[1], u);
                    let bottom = q[3].lerp(q[2], u);
                    v.push(top.lerp(bottom, w));
                }
            }
            v
        }
        Cover::Disc(c, r) => {
            let mut v = vec![*c];
            for k in 0..12 {
                let a = std::f64::consts::TAU * f64::from(k) / 12.0;
                for f in [0.45, 0.85] {
                    v.push(c.offset(r * f * a.cos(), r * f * a.sin()));
                }
            }
            v
        }
        Cover::Poly(p) => p.clone(),
    }
}

/// Annotates frame `frame` at `t`, as `camera` moved by `shift` pixels sees it; `hand` is the
/// dealer's arm and palm outline (table centimetres) in this frame.
pub fn annotate(
    scene: &Scene,
    camera: &Camera,
    shift: (f64, f64),
    frame: u64,
    t: f64,
    hand: (&[TablePt], &[TablePt]),
) -> FrameNote {
    // What is on the table now, bottom first, each as the shapes it covers.
    struct Item {
        id: u32,
        class: u32,
        name: String,
        card: Option<String>,
        chips: Vec<i64>,
        cover: Cover,
        square: Option<(TablePt, f64)>,
        space: u8,
        hand: u8,
        moving: bool,
    }
    let names = class_names();
    let mut items: Vec<Item> = Vec::new();
    for o in &scene.objects {
        let Some(p) = o.at(t) else {
            continue;
        };
        let moving = o.moving(t);
        match &o.thing {
            Thing::Card { card, .. } => {
                let up = o.face_up(t);
                let (class, text) = match card {
                    Some(c) if up => (c.index() as u32, Some(c.to_string())),
                    _ => (52, None),
                };
                items.push(Item {
                    id: o.id,
                    class,
                    name: names[class as usize].clone(),
                    card: text,
                    chips: Vec::new(),
                    cover: Cover::Rect(card_corners(p)),
                    square: None,
                    space: o.space,
                    hand: o.hand,
                    moving,
                });
            }
            Thing::Chips { values, .. } => {
                let fan = o.fan(t);
                let at = chip_positions(p, values.len(), fan);
                if fan != Fan::Stacked {
                    for (v, q) in values.iter().zip(at) {
                        let class = chip_class(*v).unwrap_or(54);
                        items.push(Item {
                            id: o.id,
                            class,
                            name: names[class as usize].clone(),
                            card: None,
                            chips: vec![*v],
                            cover: Cover::Disc(q, CHIP_D / 2.0),
                            square: Some((q, CHIP_D / 2.0)),
                            space: o.space,
                            hand: o.hand,
                            moving,
                        });
                    }
                } else if let (Some(top), Some(q)) = (values.last(), at.last()) {
                    let class = chip_class(*top).unwrap_or(54);
                    items.push(Item {
                        id: o.id,
                        class,
                        name: names[class as usize].clone(),
                        card: None,
                        chips: values.clone(),
                        cover: Cover::Disc(*q, CHIP_D / 2.0),
                        square: Some((*q, CHIP_D / 2.0)),
                        space: o.space,
                        hand: o.hand,
                        moving,
                    });
                }
            }
        }
    }
    let (arm, palm) = hand;
    let arm_cover = Cover::Poly(arm.to_vec());
    let palm_cover = Cover::Poly(palm.to_vec());
    let px = |p: TablePt| {
        let q = camera.pixel(p);
        [round2(q.x + shift.0), round2(q.y + shift.1)]
    };
    let mut objects = Vec::with_capacity(items.len() + 1);
    for (i, it) in items.iter().enumerate() {
        let covered = |p: TablePt| {
            arm_cover.contains(p)
                || palm_cover.contains(p)
                || items[i + 1..].iter().any(|o| o.cover.contains(p))
        };
        let pts = samples(&it.cover);
        let seen = pts.iter().filter(|&&p| !covered(p)).count();
        let corners: [TablePt; 4] = match (&it.cover, it.square) {
            (Cover::Rect(c), _) => *c,
            (_, Some((c, r))) => [
                c.offset(-r, r),
                c.offset(r, r),
                c.offset(r, -r),
                c.offset(-r, -r),
            ],
            _ => continue,
        };
        let (mut index_points, mut index_visible) = (Vec::new(), Vec::new());
        if let (Cover::Rect(c), Some(_)) = (&it.cover, &it.card) {
            for turned in [false, true] {
                let (centre, spread) = index_area(c, turned);
                let uncovered = spread.iter().filter(|&&p| !covered(p)).count();
                index_points.push(px(centre));
                index_visible.push(uncovered >= 7);
            }
        }
        let corners = corners.map(px);
        objects.push(ObjectNote {
            id: it.id,
            class: it.class,
            name: it.name.clone(),
            card: it.card.clone(),
            chips_cents: it.chips.clone(),
            corners,
            bbox: bbox(&corners),
            visible: round2(seen as f64 / pts.len() as f64),
            index_points,
            index_visible,
            space: it.space,
            hand: it.hand,
            moving: it.moving,
        });
    }
    if !palm.is_empty() {
        let corners = palm_box(palm).map(px);
        objects.push(ObjectNote {
            id: u32::MAX,
            class: 59,
            name: names[59].clone(),
            card: None,
            chips_cents: Vec::new(),
            corners,
            bbox: bbox(&corners),
            visible: 1.0,
            index_points: Vec::new(),
            index_visible: Vec::new(),
            space: 0,
            hand: 0,
            moving: false,
        });
    }
    FrameNote {
        frame,
        t: round2(t * 1000.0) / 1000.0,
        objects,
    }
}

/// Where a card's corner index lies in the sprite, as fractions of the card's width and
/// height from its top-left corner: the index's centre and its half-extent.
const INDEX_AT: (f64, f64) = (0.17, 0.17);
const INDEX_HALF: (f64, f64) = (0.15, 0.17);

/// The centre of a card's index (the top-left one, or the turned one at the bottom right) and
/// nine points spread over it, table centimetres; `c` are the card's corners in
/// [`card_corners`] order.
fn index_area(c: &[TablePt; 4], turned: bool) -> (TablePt, [TablePt; 9]) {
    let (o, right, down) = if turned {
        (c[2], c[3], c[1])
    } else {
        (c[0], c[1], c[3])
    };
    let at = |fx: f64, fy: f64| {
        let x = o.x + (right.x - o.x) * fx + (down.x - o.x) * fy;
        let y = o.y + (right.y - o.y) * fx + (down.y - o.y) * fy;
        TablePt::new(x, y)
    };
    let mut spread = [at(INDEX_AT.0, INDEX_AT.1); 9];
    for (k, p) in spread.iter_mut().enumerate() {
        let (i, j) = ((k % 3) as f64 - 1.0, (k / 3) as f64 - 1.0);
        *p = at(
            INDEX_AT.0 + i * INDEX_HALF.0 * 0.8,
            INDEX_AT.1 + j * INDEX_HALF.1 * 0.8,
        );
    }
    (at(INDEX_AT.0, INDEX_AT.1), spread)
}

fn palm_box(palm: &[TablePt]) -> [TablePt; 4] {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in palm {
        x0 = x0.min(p.x);
        y0 = y0.min(p.y);
        x1 = x1.max(p.x);
        y1 = y1.max(p.y);
    }
    [
        TablePt::new(x0, y1),
        TablePt::new(x1, y1),
        TablePt::new(x1, y0),
        TablePt::new(x0, y0),
    ]
}

fn bbox(c: &[[f64; 2]; 4]) -> [f64; 4] {
    crate::layout::bounds(c)
}

fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// YOLO label lines for a frame: `class cx cy w h`, normalised to the frame, for objects at
/// least `min_visible` in view and inside the frame.
pub fn yolo_lines(note: &FrameNote, width: u32, height: u32, min_visible: f64) -> String {
    let (w, h) = (f64::from(width), f64::from(height));
    let mut out = String::new();
    for o in &note.objects {
        if o.visible < min_visible {
            continue;
        }
        let [x0, y0, x1, y1] = o.bbox;
        let (x0, y0, x1, y1) = (x0.max(0.0), y0.max(0.0), x1.min(w), y1.min(h));
        if x1 - x0 < 2.0 || y1 - y0 < 2.0 {
            continue;
        }
        out.push_str(&format!(
            "{} {:.6} {:.6} {:.6} {:.6}\n",
            o.class,
            (x0 + x1) / 2.0 / w,
            (y0 + y1) / 2.0 / h,
            (x1 - x0) / w,
            (y1 - y0) / h
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::TableDesign;
    use crate::rules::twenty_one::HouseRules;
    use crate::sim::{PlayConfig, play};

    #[test]
    fn a_card_on_its_spot_is_annotated_with_its_face_and_corners() {
        let events = play(PlayConfig::new(HouseRules::default(), 3), 2);
        let design = TableDesign::default();
        let scene = Scene::build(&events, &design);
        let cam = Camera::overhead(1280, 720, 0.0, 0.0);
        let (ev, space, card) = crate::sim::scene::first_player_card(&events);
        let t = ev.t + 0.01;
        let note = annotate(&scene, &cam, (0.0, 0.0), 0, t, (&[], &[]));
        let o = note
            .objects
            .iter()
            .find(|o| o.card.as_deref() == Some(&card.to_string()))
            .unwrap();
        assert_eq!(o.space, space);
        assert_eq!(o.class, card.index() as u32);
        let centre = cam.pixel(design.card(space, 1, 0, false).at);
        let cx = o.corners.iter().map(|p| p[0]).sum::<f64>() / 4.0;
        let cy = o.corners.iter().map(|p| p[1]).sum::<f64>() / 4.0;
        assert!((cx - centre.x).abs() < 0.1 && (cy - centre.y).abs() < 0.1);
        assert!(o.visible > 0.99);
        let yolo = yolo_lines(&note, 1280, 720, 0.5);
        assert!(
            yolo.lines()
                .any(|l| l.starts_with(&format!("{} ", card.index())))
        );
    }

    #[test]
    fn sixty_classes() {
        let n = class_names();
        assert_eq!(n.len(), 60);
        assert_eq!(n[52], "card_back");
        assert_eq!(n[59], "dealer_hand");
    }
}
