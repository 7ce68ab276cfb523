//! The project's recognizer (models/pitnet.onnx and its card reader) run through ONNX Runtime
//! on committed frames of held-out simulated shifts (seeds and camera settings never used in
//! training), on the bundled clip frame by frame, and through `eval-vision` and `detect`.

use std::path::Path;

use pitwatch::layout::{Layout, PixelPt, contains};
use pitwatch::sim::annotate::FrameNote;
use pitwatch::video::Decoder;
use pitwatch::vision::pitnet::Seen;
use pitwatch::vision::reader::{Anchor, Reader};
use pitwatch::vision::recognizer::{
    CARD_READER_FILE, READER_FILE, Recognizer, default_model, outlined_as_known,
};
use pitwatch::vision::score::{Score, ratio};
use pitwatch::vision::yolo::Identity;

use crate::util::{path, read_png as png, run, scratch};

fn recognizer() -> Recognizer {
    Recognizer::open(&default_model(), 2).expect("models/pitnet.onnx and scripts/setup.sh")
}

fn write_png(p: &Path, w: usize, h: usize, rgb: &[u8]) {
    let f = std::fs::File::create(p).unwrap();
    let mut e = png::Encoder::new(std::io::BufWriter::new(f), w as u32, h as u32);
    e.set_color(png::ColorType::Rgb);
    e.write_header().unwrap().write_image_data(rgb).unwrap();
}

/// The committed frames: (picture, its annotation, its camera's layout).
fn frames() -> Vec<(std::path::PathBuf, FrameNote, Layout)> {
    let mut out = Vec::new();
    for p in crate::util::files(&path("tests/frames"), "png") {
        let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
        let note: FrameNote =
            serde_json::from_str(&std::fs::read_to_string(p.with_extension("json")).unwrap())
                .unwrap();
        let shift = stem.split('-').take(2).collect::<Vec<_>>().join("-");
        let layout = Layout::parse(
            &std::fs::read_to_string(path(&format!("tests/frames/{shift}.layout.toml"))).unwrap(),
        )
        .unwrap();
        out.push((p, note, layout));
    }
    assert!(out.len() >= 2, "tests/frames holds the sample frames");
    out
}

#[test]
fn the_committed_frames_are_read_card_for_card_and_chip_for_chip() {
    let mut rec = recognizer();
    let mut score = Score::default();
    let (mut extra, mut found) = (0, 0);
    for (p, note, layout) in frames() {
        let (w, h, rgb) = png(&p);
        rec.use_layout(Some(&layout));
        let seen = rec.still(&rgb, w, h, None).unwrap();
        let on_felt = |q: [f64; 2]| contains(&layout.felt, PixelPt { x: q[0], y: q[1] });
        let before = score.card_faces;
        let f = score.frame(&note, &seen, &on_felt);
        extra += f.extra;
        found += seen.len() as u32;
        // Every face-up card with an index in view is found and read right.
        assert_eq!(
            score.card_faces.1 - before.1,
            score.card_faces.0 - before.0,
            "{}: {f:?}",
            p.display()
        );
    }
    assert!(score.card_faces.1 >= 30, "{:?}", score.card_faces);
    assert_eq!(ratio(score.card_recall), 1.0, "{:?}", score.card_recall);
    // Chips lie in stacks and fanned payouts, often half under one another: nearly all are
    // found and read at their value, and little is found that is not there.
    assert!(score.chip_values.1 >= 20, "{:?}", score.chip_values);
    assert!(ratio(score.chip_values) >= 0.95, "{:?}", score.chip_values);
    assert!(ratio(score.chip_recall) >= 0.95, "{:?}", score.chip_recall);
    assert!(
        extra * 20 <= found,
        "{extra} of {found} things found are not there"
    );
}

#[test]
fn the_whole_card_view_reads_cards_alone_and_is_read_beside_the_index() {
    // Both views of the committed reader are opened: the index, then the whole card.
    let mut rec = recognizer();
    let anchors: Vec<Anchor> = rec.reader_cuts().iter().map(|c| c.anchor).collect();
    assert_eq!(anchors, [Anchor::Index, Anchor::Card]);
    // The card view alone reads the committed frames' cards, each from its whole face (the
    // pips or the court panel's suits, both indices), where the recognizer found it.
    let mut card_view = Reader::open(&path("models").join(CARD_READER_FILE), 2).unwrap();
    let mut score = Score::default();
    for (p, note, layout) in frames() {
        let (w, h, rgb) = png(&p);
        rec.use_layout(Some(&layout));
        let mut seen = rec.still(&rgb, w, h, None).unwrap();
        let keep = card_view.read(&rgb, w, h, &mut seen).unwrap();
        let seen: Vec<Seen> = seen
            .into_iter()
            .zip(keep)
            .filter_map(|(s, k)| k.then_some(s))
            .collect();
        let on_felt = |q: [f64; 2]| contains(&layout.felt, PixelPt { x: q[0], y: q[1] });
        score.frame(&note, &seen, &on_felt);
    }
    assert!(score.card_faces.1 >= 30, "{:?}", score.card_faces);
    assert!(ratio(score.card_faces) >= 0.95, "{:?}", score.card_faces);
}

#[test]
fn a_card_beside_a_change_keeps_its_reading_without_a_second_read() {
    // Each committed frame as a stream of two: then a grey square set down off the corner of
    // each face-up card at its index (44 pixels out from the index, away from the card's
    // centre, clear of everything else found), near enough that the look around it takes the
    // index in, not on the card's own part of the picture. The cards are found again there
    // and keep their readings. Those found again at the same index within 2 pixels keep them
    // without the reader (the whole first look and a window place an index a pixel or three
    // apart, so some go back to it); before, every card inside the change's bounding box
    // went back (20 of the 22 here, against 15 now).
    let (mut cards, mut reread) = (0, 0);
    for (p, _note, layout) in frames() {
        let (w, h, rgb) = png(&p);
        let mut rec = recognizer();
        rec.use_layout(Some(&layout));
        let first = rec.frame(&rgb, w, h).unwrap();
        let mut next = rgb.clone();
        let mut up = Vec::new();
        for s in first.iter().filter(|s| s.is_face_up()) {
            let (dx, dy) = (s.point[0] - s.centre[0], s.point[1] - s.centre[1]);
            let n = dx.hypot(dy).max(1.0);
            let at = [s.point[0] + 44.0 * dx / n, s.point[1] + 44.0 * dy / n];
            let clear = first.iter().all(|o| {
                (o.centre[0] - at[0]).hypot(o.centre[1] - at[1]) > 40.0
                    && (o.point[0] - at[0]).hypot(o.point[1] - at[1]) > 40.0
            });
            if !clear || at[0] < 8.0 || at[1] < 8.0 {
                continue;
            }
            let (x0, y0) = (at[0] as usize - 8, at[1] as usize - 8);
            for y in y0.min(h)..(y0 + 16).min(h) {
                for x in x0.min(w)..(x0 + 16).min(w) {
                    next[(y * w + x) * 3..(y * w + x) * 3 + 3].copy_from_slice(&[128, 128, 128]);
                }
            }
            up.push(s);
        }
        let second = rec.frame(&next, w, h).unwrap();
        for s in &up {
            let again = second.iter().find(|o| {
                o.is_face_up()
                    && (o.centre[0] - s.centre[0]).hypot(o.centre[1] - s.centre[1]) < 10.0
            });
            assert_eq!(
                again.map(|o| o.identity),
                Some(s.identity),
                "{}: the card at {:?}",
                p.display(),
                s.centre
            );
        }
        assert!(rec.last_pass().windows > 0);
        cards += up.len();
        reread += rec.last_pass().patches;
    }
    assert!(cards >= 10, "{cards} cards");
    assert!(
        reread * 4 <= cards * 3,
        "{reread} of {cards} cards read again"
    );
}

fn key(s: &Seen) -> (String, i64, i64) {
    let what = match s.identity {
        Identity::Card(c) => c.to_string(),
        Identity::CardBack => "back".into(),
        Identity::Chip(v) => format!("chip {v}"),
        _ => "other".into(),
    };
    (
        what,
        (s.centre[0] / 8.0).round() as i64,
        (s.centre[1] / 8.0).round() as i64,
    )
}

#[test]
fn footage_run_only_where_it_changed_finds_what_whole_frames_find() {
    let clip = path("samples/clip");
    let layout =
        Layout::parse(&std::fs::read_to_string(clip.join("layout.toml")).unwrap()).unwrap();
    let mut streamed = recognizer();
    streamed.use_layout(Some(&layout));
    let mut whole = recognizer();
    whole.use_layout(Some(&layout));
    let mut dec = Decoder::open(&clip.join("footage.mp4")).unwrap();
    let (mut looked, mut frames, mut compared) = (0.0, 0, 0);
    while let Some(f) = dec.next_frame().unwrap() {
        let (w, h) = (f.width as usize, f.height as usize);
        let seen = streamed.frame(&f.data, w, h).unwrap();
        looked += streamed.last_pass().pixels as f64 / (w * h) as f64;
        frames += 1;
        if f.index % 150 == 149 {
            let fresh = whole.still(&f.data, w, h, None).unwrap();
            let mut a: Vec<_> = seen.iter().map(key).collect();
            let mut b: Vec<_> = fresh.iter().map(key).collect();
            a.sort();
            b.sort();
            let (a_ids, b_ids): (Vec<_>, Vec<_>) = (
                a.iter().map(|k| &k.0).collect(),
                b.iter().map(|k| &k.0).collect(),
            );
            assert_eq!(a_ids, b_ids, "frame {}", f.index);
            compared += 1;
        }
    }
    assert!(compared >= 4);
    // Most of the time little changes: the model sees a small share of each frame.
    let share = looked / frames as f64;
    assert!(share < 0.2, "{share} of each frame looked at");
}

#[test]
fn frames_prepared_and_looked_at_on_other_threads_are_read_as_frames_read_in_one() {
    // The analysis pipeline works out where each frame changed on the decoding thread, looks
    // at the windows of the change on threads of their own, and runs the rest of the model's
    // looks on another, all ahead of the rest of recognition: the same frames must give the
    // same finds as the recognizer alone.
    let clip = path("samples/clip");
    let layout =
        Layout::parse(&std::fs::read_to_string(clip.join("layout.toml")).unwrap()).unwrap();
    let mut alone = recognizer();
    alone.use_layout(Some(&layout));
    let mut apart = recognizer();
    apart.use_layout(Some(&layout));
    let mut prep = apart.preparer();
    let mut looker = apart.looker(1).unwrap();
    let mut worker = apart.looker(1).unwrap();
    let min_score = apart.min_score;
    let (tx, rx) = std::sync::mpsc::sync_channel(4);
    let (ahead_tx, ahead_rx) = std::sync::mpsc::sync_channel(4);
    let (looked_tx, looked_rx) = std::sync::mpsc::sync_channel(4);
    let clip_file = clip.join("footage.mp4");
    let decoding = std::thread::spawn(move || {
        let mut dec = Decoder::open(&clip_file).unwrap();
        while let Some(f) = dec.next_frame().unwrap() {
            // Every fourth frame, as the pipeline hands over every stride'th.
            if f.index % 4 == 0 {
                let p = prep.prepare(&f.data, f.width as usize, f.height as usize);
                tx.send((f, p)).unwrap();
            }
        }
    });
    let ahead = std::thread::spawn(move || {
        for (f, mut p) in rx {
            let (w, h) = (f.width as usize, f.height as usize);
            worker.look_ahead(&f.data, w, h, &mut p, min_score);
            ahead_tx.send((f, p)).unwrap();
        }
    });
    let looking = std::thread::spawn(move || {
        for (f, p) in ahead_rx {
            let (w, h) = (f.width as usize, f.height as usize);
            let look = looker.look(&f.data, w, h, p, min_score).unwrap();
            looked_tx.send((f, look)).unwrap();
        }
    });
    let (mut compared, mut looked_ahead) = (0, 0);
    for (f, look) in looked_rx {
        let (w, h) = (f.width as usize, f.height as usize);
        looked_ahead += look.looked_ahead();
        let a = alone.frame(&f.data, w, h).unwrap();
        let b = apart.frame_looked(&f.data, w, h, look).unwrap();
        // The same parts of the frame looked at, and the same things found in the same places
        // (give or take the runtime's rounding).
        assert_eq!(alone.last_pass(), apart.last_pass(), "frame {}", f.index);
        assert_eq!(a.len(), b.len(), "frame {}", f.index);
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.identity, y.identity, "frame {}", f.index);
            let moved = (x.centre[0] - y.centre[0]).hypot(x.centre[1] - y.centre[1]);
            assert!(moved < 0.5, "frame {}: {x:?} against {y:?}", f.index);
        }
        compared += 1;
    }
    decoding.join().unwrap();
    ahead.join().unwrap();
    looking.join().unwrap();
    assert!(compared > 100, "{compared} frames");
    // Most of the windows were looked at ahead: all but the first frame's (all of the felt)
    // and those around chips settling.
    assert!(looked_ahead > compared / 2, "{looked_ahead} windows ahead");
}

#[test]
fn eval_vision_scores_a_held_out_shift_and_draws_its_worst_frames() {
    let dir = scratch("eval-vision");
    let shift = dir.join("shift");
    let (code, _, err) = run(&[
        "simulate",
        "--seed",
        "4243",
        "--rounds",
        "1",
        "--seats",
        "4",
        "--realism",
        "0.8",
        "--fps",
        "15",
        "--label-every",
        "3",
        "--out",
        shift.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let out = dir.join("worst");
    let (code, stdout, err) = run(&[
        "eval-vision",
        shift.to_str().unwrap(),
        "--format",
        "json",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    let get = |k: &str| v[k].as_f64().unwrap_or_else(|| panic!("{k} in {stdout}"));
    // A small shift (a few dozen cards): bounds the model keeps with room; the targets over
    // whole held-out shifts are measured by training/train.sh and in models/README.md.
    assert!(get("card_identity_accuracy") >= 0.97, "{stdout}");
    assert!(get("chip_value_accuracy") >= 0.97, "{stdout}");
    assert!(get("card_recall") >= 0.95, "{stdout}");
    assert!(get("chip_recall") >= 0.95, "{stdout}");
    assert!(v["cards_read"].as_u64().unwrap() >= 40, "{stdout}");
    assert!(!v["per_class"].as_array().unwrap().is_empty());
    for w in v["worst_frames"].as_array().unwrap() {
        assert!(Path::new(w["png"].as_str().unwrap()).is_file());
    }
    // The text report names the same figures.
    let (code, text, _) = run(&[
        "eval-vision",
        shift.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    assert!(
        text.contains("card faces read right") && text.contains("chip recall"),
        "{text}"
    );
}

#[test]
fn detect_reads_a_close_photograph_without_a_layout() {
    // Cut a card's neighbourhood out of a committed frame and blow it up three times, as a
    // photograph taken close would show it: no layout, the whole picture searched.
    let (p, note, _) = frames().into_iter().next().unwrap();
    let (w, h, rgb) = png(&p);
    let card = note
        .objects
        .iter()
        .find(|o| o.card.is_some() && o.visible > 0.99)
        .expect("a card fully in view");
    let (cx, cy) = (
        ((card.bbox[0] + card.bbox[2]) / 2.0) as usize,
        ((card.bbox[1] + card.bbox[3]) / 2.0) as usize,
    );
    let (x0, y0, side) = (
        cx.saturating_sub(48).min(w - 96),
        cy.saturating_sub(48).min(h - 96),
        96,
    );
    let k = 3;
    let mut big = Vec::with_capacity(side * side * k * k * 3);
    for y in 0..side * k {
        for x in 0..side * k {
            let i = ((y0 + y / k) * w + x0 + x / k) * 3;
            big.extend_from_slice(&rgb[i..i + 3]);
        }
    }
    let dir = scratch("detect-photo");
    let pic = dir.join("close.png");
    write_png(&pic, side * k, side * k, &big);
    let (code, stdout, err) = run(&[
        "detect",
        pic.to_str().unwrap(),
        "--format",
        "json",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    let want = card.card.clone().unwrap();
    let found = v["found"].as_array().unwrap();
    assert!(
        found.iter().any(|f| f["card"] == want.as_str()),
        "{want} not in {stdout}"
    );
    assert!(dir.join("close.detect.png").is_file());
}

#[test]
fn a_missing_or_foreign_model_is_a_clear_error() {
    let e = Recognizer::open(&path("tests/models/absent.onnx"), 1)
        .err()
        .unwrap();
    assert!(
        e.to_string().contains("absent.onnx") && e.to_string().contains("models/README.md"),
        "{e}"
    );
    let e = Recognizer::open(&path("tests/models/tiny-yolo.onnx"), 1)
        .err()
        .unwrap();
    assert!(
        e.to_string().contains("tiny-yolo.onnx") && e.to_string().contains("--classes"),
        "{e}"
    );
    // A folder without annotations is named.
    let dir = scratch("eval-vision-bad");
    let (code, _, err) = run(&["eval-vision", dir.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("annotations.jsonl"), "{err}");
    // A picture of another size than the layout's frames is named.
    let (p, _, _) = frames().into_iter().next().unwrap();
    let small = dir.join("small.png");
    write_png(&small, 64, 48, &[30u8; 64 * 48 * 3]);
    let layout = path("samples/clip/layout.toml");
    let (code, _, err) = run(&[
        "detect",
        small.to_str().unwrap(),
        "--layout",
        layout.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("small.png") && err.contains("1280x720"),
        "{err}"
    );
    let _ = p;
}

#[test]
fn a_card_outlined_off_its_centre_is_read_with_the_outline_found_before() {
    // The model outlines a card half under others unsteadily from look to look: held-out
    // shift seed 21 at 530 s, a split hand's 8d under two cards found at its index with its
    // centre 15 pixels off, toward the index; the reader, cutting the card by that outline,
    // said no index, and the card was lost. Here each face-up card of the committed frames
    // is outlined so, its centre moved two thirds of the way to its index: the reader
    // refuses or misreads some, and reads every one right outlined as it was found before.
    let models = path("models");
    let mut reader = Reader::open_views(
        &[&models.join(READER_FILE), &models.join(CARD_READER_FILE)],
        2,
    )
    .unwrap();
    let (mut cards, mut wrong) = (0, 0);
    for (p, _note, layout) in frames() {
        let (w, h, rgb) = png(&p);
        let mut rec = recognizer();
        rec.use_layout(Some(&layout));
        let found = rec.frame(&rgb, w, h).unwrap();
        for s in found.iter().filter(|s| s.is_face_up()) {
            let d = [
                (s.point[0] - s.centre[0]) * 2.0 / 3.0,
                (s.point[1] - s.centre[1]) * 2.0 / 3.0,
            ];
            let mut off = s.clone();
            off.centre = [s.centre[0] + d[0], s.centre[1] + d[1]];
            off.corners = s.corners.map(|c| [c[0] + d[0], c[1] + d[1]]);
            let mut read = vec![off.clone()];
            let kept = reader.read(&rgb, w, h, &mut read).unwrap();
            if !kept[0] || read[0].identity != s.identity {
                wrong += 1;
            }
            let again = outlined_as_known(&off, [s].into_iter()).expect("outlined as found");
            let mut read = vec![again];
            let kept = reader.read(&rgb, w, h, &mut read).unwrap();
            assert!(kept[0], "{}: the card at {:?}", p.display(), s.centre);
            assert_eq!(read[0].identity, s.identity, "{}", p.display());
            cards += 1;
        }
    }
    eprintln!("{wrong} of {cards} outlined off their centres read wrong");
    assert!(cards >= 20, "{cards} cards");
    assert!(
        wrong >= 1,
        "{wrong} of {cards} outlined off their centres read wrong"
    );
}

/// A committed frame of a held-out shift in `tests/frames/{folder}`: its camera's layout
/// (`{shift}.layout.toml`) and the picture `{shift}-{at}.png` (width, height, RGB rows).
fn held_out_frame(folder: &str, shift: &str, at: &str) -> (Layout, usize, usize, Vec<u8>) {
    let dir = path(&format!("tests/frames/{folder}"));
    let layout = std::fs::read_to_string(dir.join(format!("{shift}.layout.toml"))).unwrap();
    let (w, h, rgb) = png(&dir.join(format!("{shift}-{at}.png")));
    (Layout::parse(&layout).unwrap(), w, h, rgb)
}

#[test]
fn a_chip_partly_under_a_chip_of_another_value_is_found_for_what_shows_of_it() {
    // Held-out shift seed 19 at 2422.6 s: space 7's $26 overpayment fanned $25 then $1 past
    // the end of the wager's fan, the $1 over a fifth of the $25. The model finds the $25 at
    // 0.36, under the floor a chip in full sight is held to (0.4): held to that share of the
    // floor, it is found, and the payoff is read $26, not a $1 stacked.
    let (layout, w, h, rgb) = held_out_frame("covered", "seed-19", "2422.6");
    let mut rec = recognizer();
    rec.use_layout(Some(&layout));
    let seen = rec.still(&rgb, w, h, None).unwrap();
    let at = |cents: i64, p: [f64; 2]| {
        seen.iter().find(|s| {
            s.identity == Identity::Chip(cents)
                && (s.centre[0] - p[0]).hypot(s.centre[1] - p[1]) < 4.0
        })
    };
    let one = at(100, [1042.7, 448.5]).expect("the $1");
    let under = at(2500, [1029.5, 442.9]).expect("the $25 under the $1");
    assert!(one.score >= rec.min_score, "{one:?}");
    assert!(under.score < rec.min_score, "{under:?}");
    // Whatever else is found less surely than the floor lies under a chip of another value
    // found surely (within two of its radii): a faint find in the open is still no chip.
    for s in seen.iter().filter(|s| s.score < rec.min_score) {
        let r = layout.chip_radius_at(s.centre).unwrap();
        assert!(
            seen.iter().any(|o| o.score >= rec.min_score
                && matches!((o.identity, s.identity), (Identity::Chip(a), Identity::Chip(b)) if a != b)
                && (o.centre[0] - s.centre[0]).hypot(o.centre[1] - s.centre[1]) < 2.0 * r),
            "{s:?}"
        );
    }
}

/// `rgb` (`width` pixels a row) with the pixels of `area` (x0, y0, x1, y1) each the mean of
/// the square `2k + 1` pixels on a side around it: a picture blurred as a hand moves off it.
fn blurred(rgb: &[u8], width: usize, area: [usize; 4], k: usize) -> Vec<u8> {
    let mut out = rgb.to_vec();
    for y in area[1]..area[3] {
        for x in area[0]..area[2] {
            for c in 0..3 {
                let mut sum = 0u32;
                for yy in y - k..=y + k {
                    for xx in x - k..=x + k {
                        sum += rgb[(yy * width + xx) * 3 + c] as u32;
                    }
                }
                out[(y * width + x) * 3 + c] = (sum / ((2 * k + 1) * (2 * k + 1)) as u32) as u8;
            }
        }
    }
    out
}

#[test]
fn a_chip_missed_as_the_picture_settles_is_found_when_its_fan_is_looked_at_again() {
    // Held-out shift seed 60 at 1755.0 s: a $25 chip fanned under a $1, green on the green
    // felt, was missed by the one look after the dealer's hand left, and where nothing changes
    // nothing is looked at again: the doubled hand's $26 payoff was read as the $1 stacked, a
    // `payout_not_fanned` not there. Here seed 19's fan of a $25 under a $1 (2422.6 s): hidden
    // under a hand, then seen blurred as the hand moves off, then sharp. Blurring moves no
    // block's mean colour, so the sharp frames show no change but where the hand's edge still
    // moves; the looks around the chips found where the picture changed find the $25 all the
    // same, and stop after three.
    let (layout, w, h, sharp) = held_out_frame("covered", "seed-19", "2422.6");
    let area = [990, 405, 1090, 490];
    let mut hand = sharp.clone();
    for y in area[1]..area[3] {
        for px in hand[(y * w + area[0]) * 3..(y * w + area[2]) * 3].chunks_mut(3) {
            px.copy_from_slice(&[200, 160, 130]);
        }
    }
    let moving = blurred(&sharp, w, area, 2);
    // As the fan settles, the hand's edge is still moving off beside it: the picture changes
    // there, in a window that overlaps the fan's but does not take in the $25.
    let mut settled = sharp.clone();
    for y in 452..468 {
        for px in settled[(y * w + 1100) * 3..(y * w + 1116) * 3].chunks_mut(3) {
            px.copy_from_slice(&[90, 60, 45]);
        }
    }
    let mut rec = recognizer();
    rec.use_layout(Some(&layout));
    let find = |seen: &[Seen], cents: i64, p: [f64; 2]| {
        seen.iter()
            .find(|s| {
                s.identity == Identity::Chip(cents)
                    && (s.centre[0] - p[0]).hypot(s.centre[1] - p[1]) < 4.0
            })
            .map(|s| s.score)
    };
    let (one, under) = ([1042.7, 448.5], [1029.5, 442.9]);
    // What was found about the fan, for the messages.
    let fan = |seen: &[Seen]| -> Vec<(Identity, f32, [f64; 2])> {
        seen.iter()
            .filter(|s| (s.centre[0] - one[0]).hypot(s.centre[1] - one[1]) < 60.0)
            .map(|s| (s.identity, s.score, s.centre))
            .collect()
    };
    let seen = rec.frame(&hand, w, h).unwrap();
    assert_eq!(find(&seen, 100, one), None);
    // The hand moves off: the $1 is found surely where the picture changed, the $25 not.
    let seen = rec.frame(&moving, w, h).unwrap();
    assert!(
        find(&seen, 100, one).unwrap() >= rec.min_score,
        "{:?}",
        fan(&seen)
    );
    assert_eq!(find(&seen, 2500, under), None, "{:?}", fan(&seen));
    // Settled: the fan is looked at again for three looks, and the $25 is found under the $1.
    for look in 1..=3 {
        let seen = rec.frame(&settled, w, h).unwrap();
        assert!(rec.last_pass().pixels > 0, "look {look}");
        assert!(
            find(&seen, 2500, under).is_some(),
            "look {look}: {:?}",
            fan(&seen)
        );
        assert!(
            find(&seen, 100, one).is_some(),
            "look {look}: {:?}",
            fan(&seen)
        );
    }
    // Then nothing changed is looked at, and what was found stands.
    let seen = rec.frame(&settled, w, h).unwrap();
    assert_eq!(rec.last_pass().pixels, 0);
    assert!(find(&seen, 2500, under).is_some(), "{:?}", fan(&seen));
}

#[test]
fn a_chip_found_just_past_the_felt_is_told_apart_from_the_tables_finds() {
    // Held-out clean shift seed 67 at 595.5 s: space 6's $25 double, voided by the dealer's
    // natural (08-11(10)(e)), slid out to the player; analyze found it in flight only once,
    // its centre a pixel or two past the felt's edge, and here, a frame of that flight, it
    // is a little farther on. Nothing past the felt is on the table, so it is no find of the
    // frame; but it is given apart, a chip on its way off the felt (the scribe reads the
    // double handed back, not collected).
    let (layout, w, h, rgb) = held_out_frame("leaving", "seed-67", "595.5");
    let mut rec = recognizer();
    rec.use_layout(Some(&layout));
    let seen = rec.frame(&rgb, w, h).unwrap();
    let flying = [1002.5, 216.8];
    let near = |p: [f64; 2]| (p[0] - flying[0]).hypot(p[1] - flying[1]) < 8.0;
    let felt = |p: [f64; 2]| contains(&layout.felt, PixelPt { x: p[0], y: p[1] });
    assert!(!felt(flying));
    assert!(!seen.iter().any(|s| near(s.centre)), "{seen:?}");
    let beyond = rec.beyond_the_felt().to_vec();
    assert!(beyond.iter().any(|&p| near(p)), "{beyond:?}");
    // Only what lies past the felt, away from the dealer, is given so: not the chip tray's
    // stacks, nor anything on the felt.
    for p in &beyond {
        assert!(!felt(*p) && !contains(&layout.chip_tray, PixelPt { x: p[0], y: p[1] }));
    }
    // A frame not looked at gives none.
    rec.stride = 3;
    rec.frame(&rgb, w, h).unwrap();
    assert!(rec.beyond_the_felt().is_empty());
}

#[test]
fn a_card_back_taken_away_is_not_found_where_it_lay() {
    // Held-out shift seed 74 at 3033.4 s: the shuffle's two piles are swept to the shoe in
    // two looks. A card back is patterned in the felt's green, so where the left pile lay
    // the picture changed only under its white edge, not at its middle; its last find stood
    // there 6 s after it went, and the `shuffle` was written late. Looked at frame by frame,
    // both piles are found as they lie, and neither once they have gone.
    let mut rec = recognizer();
    let piles = [[558.0, 498.0], [719.0, 498.0]];
    let backs_at = |seen: &[Seen], p: [f64; 2]| {
        seen.iter()
            .filter(|s| {
                s.identity == Identity::CardBack
                    && (s.centre[0] - p[0]).hypot(s.centre[1] - p[1]) < 20.0
            })
            .count()
    };
    let mut last = Vec::new();
    for (i, at) in ["3033.17", "3033.43", "3033.57", "3033.83"]
        .iter()
        .enumerate()
    {
        let (layout, w, h, rgb) = held_out_frame("piles", "seed-74", at);
        if i == 0 {
            rec.use_layout(Some(&layout));
        }
        last = rec.frame(&rgb, w, h).unwrap();
        if i == 0 {
            for p in piles {
                assert_eq!(backs_at(&last, p), 1, "the pile at {p:?} as it lies");
            }
        }
    }
    for p in piles {
        assert_eq!(backs_at(&last, p), 0, "the pile at {p:?} gone: {last:?}");
    }
}
