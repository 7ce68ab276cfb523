//! The ONNX Runtime engine: the project's runtime library loads, a model runs and gives the
//! values its weights call for, and missing files are errors that say what to do.

use std::path::Path;

use pitwatch::vision::engine::{Engine, EngineError, runtime};

use crate::util::path;

#[test]
fn a_model_runs_and_gives_what_its_weights_say() {
    let mut e = Engine::open(&path("tests/models/tiny.onnx"), 1).expect("run scripts/setup.sh");
    assert_eq!(e.inputs(), vec!["x".to_string()]);
    // Channel means 1, 2, 3 -> y = [1 + 3, 4 - 3] + [0.5, -0.5] = [4.5, 0.5].
    let mut x = Vec::new();
    for c in 1..=3 {
        x.extend(std::iter::repeat_n(c as f32, 16));
    }
    let out = e.run(&[1, 3, 4, 4], x).unwrap();
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].name, "y");
    assert_eq!(out[0].shape, vec![1, 2]);
    assert!(
        (out[0].data[0] - 4.5).abs() < 1e-5 && (out[0].data[1] - 0.5).abs() < 1e-5,
        "{:?}",
        out[0].data
    );
    // A wrong input size is an error naming the model, not a crash.
    let e2 = e.run(&[1, 3, 4, 4], vec![0.0; 5]).unwrap_err();
    assert!(
        e2.to_string().contains("tiny.onnx") && e2.to_string().contains("48"),
        "{e2}"
    );
    let e3 = e.run(&[1, 2, 4, 4], vec![0.0; 32]).unwrap_err();
    assert!(matches!(e3, EngineError::Run { .. }), "{e3}");
}

#[test]
fn missing_files_say_how_to_get_them() {
    let e = runtime(Path::new("/nonexistent/libonnxruntime.so.1.31.1")).unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains("/nonexistent/libonnxruntime.so.1.31.1") && msg.contains("scripts/setup.sh"),
        "{msg}"
    );
    let e = Engine::open(&path("tests/models/absent.onnx"), 1)
        .err()
        .unwrap();
    assert!(
        e.to_string().contains("absent.onnx") && e.to_string().contains("no such file"),
        "{e}"
    );
    // A file that is not a model is refused by name.
    let e = Engine::open(&path("tests/golden/shift.audit.txt"), 1)
        .err()
        .unwrap();
    assert!(
        matches!(e, EngineError::Model { .. }) && e.to_string().contains("shift.audit.txt"),
        "{e}"
    );
}

/// Runs `pitwatch detect` on one picture with the tiny YOLO export and a class map.
fn detect(img: &Path, map: &Path, extra: &[&str]) -> (i32, String, String) {
    let model = path("tests/models/tiny-yolo.onnx");
    let mut args = vec![
        "detect",
        img.to_str().unwrap(),
        "--model",
        model.to_str().unwrap(),
        "--classes",
        map.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    crate::util::run(&args)
}

/// Writes a `w` x `h` PNG of one colour.
fn png_of(p: &Path, w: u32, h: u32, rgb: [u8; 3]) {
    let f = std::fs::File::create(p).unwrap();
    let mut e = png::Encoder::new(std::io::BufWriter::new(f), w, h);
    e.set_color(png::ColorType::Rgb);
    let data: Vec<u8> = (0..w * h).flat_map(|_| rgb).collect();
    e.write_header().unwrap().write_image_data(&data).unwrap();
}

#[test]
fn detect_runs_a_yolo_export_with_its_class_map() {
    // tests/models/tiny-yolo.onnx scores class "red" by the picture's mean red at a box centred
    // (16, 16), 8x8, in its 64x64 input; class "green" by the mean green.
    let dir = crate::util::scratch("detect");
    let (img, map) = (dir.join("red.png"), dir.join("classes.toml"));
    png_of(&img, 128, 64, [255, 0, 0]);
    std::fs::write(&map, "[classes]\nred = \"card Ah\"\ngreen = \"chip 500\"\n").unwrap();
    let out = dir.join("out");
    let (code, stdout, err) = detect(
        &img,
        &map,
        &["--format", "json", "--out", out.to_str().unwrap()],
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    let found = v["found"].as_array().unwrap();
    assert_eq!(found.len(), 1, "{stdout}");
    assert_eq!(found[0]["card"], "Ah");
    // The score is the input's mean red: half the rows are the picture (red 1.0), half the
    // letterbox's grey padding (114 / 255).
    let want = 0.5 + 0.5 * 114.0 / 255.0;
    assert!(
        (found[0]["confidence"].as_f64().unwrap() - want).abs() < 2e-3,
        "{stdout}"
    );
    // The 128x64 picture is letterboxed into 64x64 at half scale with 16 rows of padding on
    // top: the input box (12..20, 12..20) is (24..40, -8..8) in the picture, clamped at 0.
    let b: Vec<f64> = found[0]["bbox"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert_eq!(b, vec![24.0, 0.0, 40.0, 8.0]);
    assert!(out.join("red.detect.png").is_file());

    // A class the map leaves out is named.
    std::fs::write(&map, "[classes]\nred = \"card Ah\"\n").unwrap();
    let (code, _, err) = detect(&img, &map, &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("\"green\"") && err.contains("tiny-yolo.onnx"),
        "{err}"
    );
    // A picture that is not a PNG is named.
    std::fs::write(&map, "[classes]\nred = \"card Ah\"\ngreen = \"ignore\"\n").unwrap();
    let bad = dir.join("bad.png");
    std::fs::write(&bad, "not a picture").unwrap();
    let (code, _, err) = detect(&bad, &map, &[]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.png"), "{err}");
}
