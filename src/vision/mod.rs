//! Recognition at the edge of the system: the ONNX Runtime engine (`engine`), kept apart from
//! any model's pre- and post-processing (`yolo`: a user's own YOLOv8/YOLO11 export).

pub mod change;
pub mod detector;
pub mod engine;
pub mod looker;
pub mod looks;
pub mod on_card;
pub mod pitnet;
pub mod pool;
pub mod reader;
pub mod recognizer;
pub mod score;
pub mod scribe;
pub mod tracker;
pub mod yolo;

pub use engine::{Engine, EngineError, Output, RUNTIME_FILE, runtime_path};
