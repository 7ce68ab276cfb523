//! Decoding footage: B-frames skipped when only every Nth frame is wanted, pictures converted
//! to RGB on another thread, and seeking to a time, checked against decoding every frame of
//! the bundled clip (H.264 with B-frames, as libx264 writes by default: 1383 frames at 30
//! fps).

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use pitwatch::video::{Converter, DecodeOptions, Decoder, RgbFrame, VideoCodec};

use crate::util::{clip_as, path};

fn clip() -> std::path::PathBuf {
    path("samples/clip/footage.mp4")
}

/// A frame as decoded: its time and a digest of its picture (the pictures themselves, every
/// frame of the clip, would take gigabytes).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Seen {
    t: f64,
    picture: u64,
}

fn seen(f: &RgbFrame) -> Seen {
    let mut h = DefaultHasher::new();
    f.data.hash(&mut h);
    Seen {
        t: f.t,
        picture: h.finish(),
    }
}

/// Every frame of `file`, by number.
fn every_frame_of(file: &std::path::Path) -> HashMap<u64, Seen> {
    let mut dec = Decoder::open(file).unwrap();
    let mut all = HashMap::new();
    while let Some(f) = dec.next_frame().unwrap() {
        all.insert(f.index, seen(&f));
    }
    all
}

/// Every frame of the clip, by number.
fn every_frame() -> HashMap<u64, Seen> {
    every_frame_of(&clip())
}

/// The clip opened to hand out every 6th frame (five a second), B-frames skipped or not.
fn every_sixth(skip_b_frames: bool) -> Decoder {
    let options = DecodeOptions {
        threads: 2,
        every: 6,
        skip_b_frames,
    };
    Decoder::open_with(&clip(), options).unwrap()
}

#[test]
fn skipping_b_frames_hands_out_about_every_nth_frame_as_decoded_in_full() {
    let all = every_frame();
    assert_eq!(all.len(), 1383);
    let mut dec = every_sixth(true);
    let mut got = Vec::new();
    while let Some(f) = dec.next_frame().unwrap() {
        // The same picture, number and time as the frame decoded with all the others.
        assert_eq!(seen(&f), all[&f.index], "frame {}", f.index);
        got.push(f.index);
    }
    assert_eq!(dec.decoded(), 1383, "frames counted by their timestamps");
    // Five looks a second on average (1383 / 6 = 230.5), none of them more than a stride and a
    // half apart and none closer than half a stride.
    assert!((226..=235).contains(&got.len()), "{} frames", got.len());
    assert_eq!(got[0], 0);
    for w in got.windows(2) {
        let gap = w[1] - w[0];
        assert!((3..=9).contains(&gap), "frames {} and {}", w[0], w[1]);
    }
}

/// The analysis decodes on one thread and converts to RGB on another: the frames so made, in
/// pixels handed back from earlier frames (or from anything else), are the frames decoded in
/// full, numbered and timed alike.
#[test]
fn pictures_converted_on_another_thread_are_the_frames_decoded_in_full() {
    let all = every_frame();
    let (tx, rx) = std::sync::mpsc::sync_channel(2);
    let file = clip();
    let converting = std::thread::spawn(move || {
        let mut converter = Converter::new(&file);
        // Pixels of another size and content to begin with.
        converter.recycle(vec![7u8; 1000]);
        let mut got = Vec::new();
        for picture in rx {
            let f = converter.convert(&picture).unwrap();
            got.push((f.index, seen(&f), f.data.len()));
            converter.recycle(f.data);
        }
        got
    });
    let mut dec = every_sixth(true);
    while let Some(p) = dec.next_picture().unwrap() {
        tx.send(p).unwrap();
    }
    drop(tx);
    let got = converting.join().unwrap();
    assert!((226..=235).contains(&got.len()), "{} frames", got.len());
    for (index, s, len) in got {
        assert_eq!(s, all[&index], "frame {index}");
        assert_eq!(len, 1280 * 720 * 3);
    }
}

/// H.265 as libx265 writes it by default decodes some P-frames from a B-frame (the middle one
/// of each run of four): only the frames nothing refers to are skipped, and every frame handed
/// out is the frame decoded in full. (Skipping every B-frame, as for H.264, garbled the frames
/// after the first: a simulated round read 31% of its events.)
#[test]
fn skipping_in_h265_leaves_the_frames_others_are_decoded_from() {
    let file = clip_as(VideoCodec::H265, "clip-h265.mkv");
    let all = every_frame_of(&file);
    assert_eq!(all.len(), 1383);
    let options = DecodeOptions {
        threads: 2,
        every: 6,
        skip_b_frames: true,
    };
    let mut dec = Decoder::open_with(&file, options).unwrap();
    let mut got = 0;
    while let Some(f) = dec.next_frame().unwrap() {
        assert_eq!(
            seen(&f).picture,
            all[&f.index].picture,
            "frame {} differs",
            f.index
        );
        got += 1;
    }
    assert!((202..=257).contains(&got), "{got} frames");
}

#[test]
fn without_skipping_every_nth_frame_is_handed_out_exactly() {
    let mut dec = every_sixth(false);
    let mut got = Vec::new();
    while let Some(f) = dec.next_frame().unwrap() {
        got.push(f.index);
    }
    let want: Vec<u64> = (0..1383).step_by(6).collect();
    assert_eq!(got, want);
}

#[test]
fn a_seek_lands_on_the_keyframe_before_the_time_and_reads_on_from_there() {
    let all = every_frame();
    let mut dec = Decoder::open(&clip()).unwrap();
    // Read a little first, then jump ahead, then back.
    for _ in 0..10 {
        dec.next_frame().unwrap();
    }
    for t in [20.0, 6.5] {
        dec.seek(t).unwrap();
        let first = dec.next_frame().unwrap().unwrap();
        assert!(first.t <= t, "seek to {t} s landed at {} s", first.t);
        // libx264's keyframes lie at most 250 frames apart.
        assert!(t - first.t < 250.0 / 30.0, "{t} s: {} s", first.t);
        assert_eq!(seen(&first), all[&first.index], "frame {}", first.index);
        // Reading on from there gives the following frames, in order.
        let next = dec.next_frame().unwrap().unwrap();
        assert_eq!(next.index, first.index + 1);
        assert_eq!(seen(&next), all[&next.index], "frame {}", next.index);
    }
}
