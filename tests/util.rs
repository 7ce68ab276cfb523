//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A path under the repository root.
pub fn path(rel: &str) -> PathBuf {
    root().join(rel)
}

/// Runs the `pitwatch` binary with arguments.
pub fn pitwatch(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pitwatch"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("run pitwatch")
}

/// Reads an RGB PNG as (width, height, RGB).
pub fn read_png(p: &Path) -> (usize, usize, Vec<u8>) {
    let mut r = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(p).unwrap()))
        .read_info()
        .unwrap();
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    let info = r.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    (info.width as usize, info.height as usize, buf)
}

/// Exit code, stdout and stderr of a run.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let o = pitwatch(args);
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pitwatch-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Lists files with an extension in a folder, sorted.
pub fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    v
}

/// Writes the first `frames` frames of the bundled clip (samples/clip/footage.mp4, 1383 frames)
/// to `file` as `codec` at the encoder's `preset` (the file's extension picks the container).
pub fn write_clip(file: &Path, codec: pitwatch::video::VideoCodec, preset: &str, frames: u64) {
    write_clip_keyed(file, codec, preset, frames, 2);
}

/// As [`write_clip`], a keyframe every `keyframe_s` seconds.
pub fn write_clip_keyed(
    file: &Path,
    codec: pitwatch::video::VideoCodec,
    preset: &str,
    frames: u64,
    keyframe_s: u32,
) {
    use pitwatch::video::{Decoder, EncodeSettings, Encoder};
    let mut dec = Decoder::open(&path("samples/clip/footage.mp4")).unwrap();
    let settings = EncodeSettings {
        codec,
        width: 1280,
        height: 720,
        fps: 30,
        crf: 23,
        preset: preset.into(),
        threads: 0,
        keyframe_s,
    };
    let mut enc = Encoder::create(file, settings).unwrap();
    while let Some(f) = dec.next_frame().unwrap() {
        if f.index >= frames {
            break;
        }
        enc.push(&f.data).unwrap();
    }
    enc.finish().unwrap();
}

/// The bundled clip written again whole as `codec` into a file of this test run named `name`
/// (its extension picks the container), once per run however many tests ask: H.265 at
/// libx265's `veryfast` preset (four B-frames to a P-frame, the middle one referred to), as the
/// simulator would write it.
pub fn clip_as(codec: pitwatch::video::VideoCodec, name: &str) -> PathBuf {
    use std::sync::Mutex;
    static MADE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
    let file = std::env::temp_dir()
        .join(format!("pitwatch-test-{}-clips", std::process::id()))
        .join(name);
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    if !made.contains(&file) {
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        write_clip(&file, codec, "veryfast", u64::MAX);
        made.push(file.clone());
    }
    file
}
