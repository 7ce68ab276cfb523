//! Recognition at the edge of the system: the ONNX Runtime engine (`engine`), kept apart from
//! any model's pre- and post-processing.

pub mod engine;

pub use engine::{Engine, EngineError, Output, RUNTIME_FILE, runtime_path};
