//! `pitwatch analyze` end to end on the bundled simulated clip (the committed model through
//! ONNX Runtime), `pitwatch eval` against the clip's truth, and footage that is not footage.

use std::fs;
use std::path::Path;

use crate::util::{
    clip_as, files, path, read_png, root, run, scratch, write_clip, write_clip_keyed,
};

/// `pitwatch eval --format json` of what was found in `out` against the bundled clip's truth,
/// parsed and as printed, once it has checked that every card dealt was read, face and place
/// (95% precision and recall at the least).
fn eval_against_the_clip(out: &Path) -> (serde_json::Value, String) {
    let (code, json, err) = run(&[
        "eval",
        "--truth",
        "samples/clip",
        "--found",
        out.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    let card = &v["events"]["by_type"]["card"];
    assert!(
        card["recall"].as_f64().unwrap() >= 0.95,
        "{}: {json}",
        out.display()
    );
    assert!(
        card["precision"].as_f64().unwrap() >= 0.95,
        "{}: {json}",
        out.display()
    );
    (v, json)
}

fn analyze(footage: &[&str], out: &str) -> (i32, String, String) {
    let mut args = vec!["analyze"];
    args.extend_from_slice(footage);
    args.extend_from_slice(&[
        "--layout",
        "samples/clip/layout.toml",
        "--rules",
        "samples/clip/house.toml",
        "--out",
        out,
    ]);
    run(&args)
}

#[test]
fn the_sample_clip_is_read_into_events_findings_and_evidence() {
    let dir = scratch("analyze-clip");
    let out = dir.join("out");
    let (code, stdout, err) = analyze(&["samples/clip/footage.mp4"], out.to_str().unwrap());
    assert!(code == 0 || code == 1, "exit {code}: {err}");
    assert!(
        stdout.contains("samples/clip/footage.mp4: 1383 frames"),
        "{stdout}"
    );
    // In a pipe, no progress line.
    assert!(!err.contains("frames/s"), "{err}");
    // The log it wrote is one `pitwatch audit` reads.
    let events = out.join("events.jsonl");
    let (code, _, err) = run(&[
        "audit",
        events.to_str().unwrap(),
        "--rules",
        "samples/clip/house.toml",
    ]);
    assert!(code == 0 || code == 1, "audit of the recovered log: {err}");
    // One evidence picture per finding, each a PNG.
    let findings = fs::read_to_string(out.join("findings.jsonl")).unwrap();
    let n = findings.lines().filter(|l| !l.trim().is_empty()).count();
    let pictures = if n > 0 {
        files(&out.join("evidence"), "png")
    } else {
        Vec::new()
    };
    assert_eq!(pictures.len(), n, "{stdout}");
    for p in &pictures {
        assert_eq!(&fs::read(p).unwrap()[1..4], b"PNG");
    }
    // Every card dealt, face and place, as the truth has it.
    let (v, json) = eval_against_the_clip(&out);
    // The whole log, wagers and payoffs counted chip by chip from their fans.
    assert!(v["events"]["recall"].as_f64().unwrap() >= 0.9, "{json}");
    assert!(v["events"]["precision"].as_f64().unwrap() >= 0.9, "{json}");
    // Held against the truth as a camera above could show it at best, too; what matched
    // nothing there is named.
    assert!(
        v["events"]["in_sight"]["recall"].as_f64().unwrap() >= 0.9,
        "{json}"
    );
    assert!(
        v["events"]["in_sight"]["precision"].as_f64().unwrap() >= 0.9,
        "{json}"
    );
    assert!(v["events_in_sight_missed"].is_array(), "{json}");
    assert!(v["events_in_sight_extra"].is_array(), "{json}");
    // The planted overpayment is found, and nothing that is not there.
    let overpay = &v["findings"]["overpay"];
    assert_eq!(overpay["expected"].as_u64(), Some(1), "{json}");
    assert_eq!(overpay["matched"].as_u64(), Some(1), "{json}");
    // A camera above the table shows it: its payoff is fanned (08-11(16)(a)).
    assert_eq!(overpay["expected_in_sight"].as_u64(), Some(1), "{json}");
    assert_eq!(overpay["recall_in_sight"].as_f64(), Some(1.0), "{json}");
    let found: u64 = v["findings"]
        .as_object()
        .unwrap()
        .values()
        .map(|k| k["found"].as_u64().unwrap())
        .sum();
    assert_eq!(found, 1, "{json}");
    // eval names what matched nothing: here, nothing.
    assert_eq!(v["findings_missed"], serde_json::json!([]), "{json}");
    assert_eq!(v["findings_extra"], serde_json::json!([]), "{json}");
    assert_eq!(v["findings_out_of_sight"], serde_json::json!([]), "{json}");
}

/// Footage whose keyframes lie further apart than analyze seeks ahead for an evidence
/// picture (one every 30 s, as some recorders write): analyze ends, and the picture is the
/// frame at the finding's end. It once sought back to the keyframe before the picture, read
/// one frame, and sought back again, for ever.
#[test]
fn evidence_comes_from_footage_with_keyframes_far_apart() {
    use pitwatch::video::{Decoder, VideoCodec};
    use std::time::{Duration, Instant};
    let dir = scratch("analyze-keyframes-apart");
    let clip = dir.join("footage.mp4");
    write_clip_keyed(&clip, VideoCodec::H264, "veryfast", u64::MAX, 30);
    let out = dir.join("out");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_pitwatch"))
        .args([
            "analyze",
            clip.to_str().unwrap(),
            "--layout",
            "samples/clip/layout.toml",
            "--rules",
            "samples/clip/house.toml",
            "--out",
            out.to_str().unwrap(),
        ])
        .current_dir(root())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // A guard against the loop, not a speed check: the clip takes seconds.
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(600) {
            let _ = child.kill();
            panic!("analyze did not end");
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    assert_eq!(status.code(), Some(1), "the clip's overpayment is found");
    let findings = fs::read_to_string(out.join("findings.jsonl")).unwrap();
    let f: serde_json::Value = serde_json::from_str(findings.lines().next().unwrap()).unwrap();
    let t_end = f["t_end"].as_f64().unwrap();
    assert!(t_end > 10.0, "{findings}");
    let pictures = files(&out.join("evidence"), "png");
    assert_eq!(pictures.len(), findings.lines().count());
    let (w, h, picture) = read_png(&pictures[0]);
    // The frame at the finding's end, and the first, decoded here.
    let mut dec = Decoder::open(&clip).unwrap();
    let first = dec.next_frame().unwrap().unwrap();
    let mut at = first.clone();
    while at.t < t_end - 1e-6 {
        at = dec.next_frame().unwrap().unwrap();
    }
    assert_eq!((w, h), (at.width as usize, at.height as usize));
    let differ = |a: &[u8], b: &[u8]| {
        a.iter()
            .zip(b)
            .map(|(x, y)| f64::from(x.abs_diff(*y)))
            .sum::<f64>()
            / a.len() as f64
    };
    let (to_end, to_first) = (differ(&picture, &at.data), differ(&picture, &first.data));
    assert!(to_end * 4.0 < to_first, "{to_end} {to_first}");
}

/// On a terminal (here `script`'s pseudo-terminal), analyze redraws a progress bar with the
/// share of the footage read, frames a second and the time left, and ends at 100%.
#[test]
fn on_a_terminal_a_progress_bar_shows_frames_a_second_and_time_left() {
    let dir = scratch("analyze-tty");
    let out = dir.join("out");
    let command = format!(
        "{} analyze samples/clip/footage.mp4 --layout samples/clip/layout.toml \
         --rules samples/clip/house.toml --stride 30 --out {}",
        env!("CARGO_BIN_EXE_pitwatch"),
        out.display()
    );
    let o = std::process::Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(path("."))
        .output()
        .expect("run script(1), from util-linux");
    let text = String::from_utf8_lossy(&o.stdout).replace('\r', "\n");
    let bars: Vec<&str> = text.lines().filter(|l| l.contains(" left")).collect();
    assert!(!bars.is_empty(), "no progress line: {text}");
    let last = bars.last().unwrap();
    assert!(last.starts_with("samples/clip/footage.mp4 ["), "{last}");
    assert!(last.contains("] 100%"), "{last}");
    assert!(last.contains("frames/s"), "{last}");
    assert!(last.contains("0:00 left"), "{last}");
    // The summary follows on a line of its own.
    assert!(
        text.contains("\nsamples/clip/footage.mp4: 1383 frames"),
        "{text}"
    );
}

/// A WAV file of `samples` silent 16-bit samples at 8 kHz, mono: a file FFmpeg opens whose only
/// stream is sound.
fn wav_of_silence(samples: u32) -> Vec<u8> {
    let data = samples * 2;
    let mut w = Vec::new();
    w.extend_from_slice(b"RIFF");
    w.extend_from_slice(&(36 + data).to_le_bytes());
    w.extend_from_slice(b"WAVEfmt ");
    w.extend_from_slice(&16u32.to_le_bytes());
    w.extend_from_slice(&1u16.to_le_bytes()); // PCM
    w.extend_from_slice(&1u16.to_le_bytes()); // mono
    w.extend_from_slice(&8_000u32.to_le_bytes());
    w.extend_from_slice(&16_000u32.to_le_bytes()); // bytes a second
    w.extend_from_slice(&2u16.to_le_bytes()); // bytes a sample
    w.extend_from_slice(&16u16.to_le_bytes()); // bits a sample
    w.extend_from_slice(b"data");
    w.extend_from_slice(&data.to_le_bytes());
    w.resize(w.len() + data as usize, 0);
    w
}

#[test]
fn footage_that_is_not_footage_is_named_and_the_rest_still_analysed() {
    let dir = scratch("analyze-bad");
    let empty = dir.join("empty.mp4");
    fs::write(&empty, b"").unwrap();
    let text = dir.join("notes.mp4");
    fs::write(&text, "this is not a video\n").unwrap();
    let clip = fs::read(path("samples/clip/footage.mp4")).unwrap();
    let cut = dir.join("cut.mp4");
    fs::write(&cut, &clip[..clip.len() / 3]).unwrap();
    let missing = dir.join("missing.mp4");
    // Sound and no picture: a second of silence as 8 kHz 16-bit mono WAV.
    let sound = dir.join("sound.wav");
    fs::write(&sound, wav_of_silence(8_000)).unwrap();
    let out = dir.join("out");
    for (file, says) in [
        (&empty, "the file is empty"),
        (&sound, "sound.wav: no video stream in the file"),
        (&text, "notes.mp4"),
        (&cut, "cut.mp4"),
        (&missing, "cannot read the file"),
        (&dir, "is a directory"),
    ] {
        let (code, _, err) = analyze(&[file.to_str().unwrap()], out.to_str().unwrap());
        assert_eq!(code, 2, "{}: {err}", file.display());
        assert!(err.contains(says), "{}: {err}", file.display());
        assert!(!err.contains("panicked"), "{err}");
    }
    // With several files, the good one is still analysed, in its own folder.
    let (code, stdout, err) = analyze(
        &[text.to_str().unwrap(), "samples/clip/footage.mp4"],
        out.to_str().unwrap(),
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("notes.mp4"), "{err}");
    assert!(
        stdout.contains("samples/clip/footage.mp4: 1383 frames"),
        "{stdout}"
    );
    assert!(out.join("footage").join("events.jsonl").is_file());
}

#[test]
fn a_layout_for_another_camera_is_refused_by_name() {
    let dir = scratch("analyze-size");
    let layout = fs::read_to_string(path("samples/clip/layout.toml")).unwrap();
    let other = dir.join("layout.toml");
    fs::write(&other, layout.replace("width = 1280", "width = 1920")).unwrap();
    let (code, _, err) = run(&[
        "analyze",
        "samples/clip/footage.mp4",
        "--layout",
        other.to_str().unwrap(),
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("1280x720") && err.contains("1920x720"),
        "{err}"
    );
}

/// The bundled clip written again as H.265 in Matroska and as Motion JPEG in AVI (what other
/// recorders write) is read as the H.264 original is: every card, and the planted overpayment.
#[test]
fn h265_in_matroska_and_motion_jpeg_in_avi_are_read_as_h264_is() {
    use pitwatch::video::VideoCodec;
    let dir = scratch("analyze-codecs");
    for (codec, name) in [
        (VideoCodec::H265, "clip-h265.mkv"),
        (VideoCodec::Mjpeg, "clip-mjpeg.avi"),
    ] {
        let file = clip_as(codec, name);
        let out = dir.join(format!("out-{name}"));
        let (code, stdout, err) = analyze(&[file.to_str().unwrap()], out.to_str().unwrap());
        assert!(code == 0 || code == 1, "{name}: exit {code}: {err}");
        assert!(stdout.contains(&format!("{name}: 1383 frames")), "{stdout}");
        let (v, json) = eval_against_the_clip(&out);
        assert_eq!(
            v["findings"]["overpay"]["matched"].as_u64(),
            Some(1),
            "{name}: {json}"
        );
    }
}

#[test]
fn footage_cut_short_keeps_what_was_found_and_says_where_it_stopped() {
    use pitwatch::video::VideoCodec;
    let dir = scratch("analyze-cut");
    // The clip's first forty seconds as Matroska, whose header states the duration; then the
    // file cut off after three quarters (the shuffle takes the first 21 seconds, the first
    // cards are dealt after 27).
    let mkv = dir.join("clip.mkv");
    write_clip(&mkv, VideoCodec::H264, "ultrafast", 1200);
    let whole = fs::read(&mkv).unwrap();
    let cut = dir.join("cut.mkv");
    fs::write(&cut, &whole[..whole.len() * 3 / 4]).unwrap();
    let out = dir.join("out");
    let (code, stdout, err) = analyze(&[cut.to_str().unwrap()], out.to_str().unwrap());
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("cut.mkv: the footage breaks off after frame"),
        "{err}"
    );
    assert!(err.contains("its header says 40.0 s"), "{err}");
    assert!(stdout.contains("cut.mkv: "), "{stdout}");
    // What was read before the break is kept.
    let events = fs::read_to_string(out.join("events.jsonl")).unwrap();
    assert!(events.contains("\"type\":\"card\""), "{events}");
}
