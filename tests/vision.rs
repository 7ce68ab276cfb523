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
