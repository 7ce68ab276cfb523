//! The ONNX Runtime engine, kept apart from any model's pre- and post-processing: load the
//! runtime library once, open a model, run float tensors through it.
//!
//! The runtime is `libonnxruntime.so.1.31.1` from the PyPI wheel `onnxruntime==1.31.1`, which
//! `scripts/setup.sh` unpacks into `.local/onnxruntime/`. It is loaded with `ort::init_from`, so a
//! missing or wrong library is an error that says how to install it, never a panic.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use ort::environment::Environment;
use ort::session::Session;
use ort::session::builder::GraphOptimizationLevel;
use ort::value::Tensor;
use thiserror::Error;

/// The ONNX Runtime library file the project uses.
pub const RUNTIME_FILE: &str = "libonnxruntime.so.1.31.1";

/// How to install the runtime, for error messages.
const INSTALL: &str = "run `bash scripts/setup.sh` (it unpacks onnxruntime==1.31.1 from PyPI into \
                       .local/onnxruntime/), or set PITWATCH_ORT_LIB to a libonnxruntime.so.1.31.1";

/// Why the engine could not load or run.
#[derive(Debug, Error, PartialEq)]
pub enum EngineError {
    /// The ONNX Runtime library is missing or cannot be loaded.
    #[error("ONNX Runtime library {path}: {reason}; {INSTALL}")]
    Runtime {
        /// The library file tried.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// The model file is missing or is not a model this runtime can open.
    #[error("model {path}: {reason}")]
    Model {
        /// The model file.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// A run failed (wrong input shape, a runtime error).
    #[error("model {path}: running it failed: {reason}")]
    Run {
        /// The model file.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
}

/// Where the runtime library is looked for: `PITWATCH_ORT_LIB` if set, else the project's
/// `.local/onnxruntime/` folder.
pub fn runtime_path() -> PathBuf {
    match std::env::var_os("PITWATCH_ORT_LIB") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(".local/onnxruntime")
            .join(RUNTIME_FILE),
    }
}

static RUNTIME: OnceLock<Result<Environment, EngineError>> = OnceLock::new();

/// Loads the runtime library (once per process: after a library was loaded, or failed to load,
/// later calls return that outcome). A path that names no file is always refused.
pub fn runtime(lib: &Path) -> Result<&'static Environment, EngineError> {
    let err = |reason: String| EngineError::Runtime {
        path: lib.to_path_buf(),
        reason,
    };
    if !lib.is_file() {
        return Err(err("no such file".into()));
    }
    let r = RUNTIME.get_or_init(|| {
        let builder = ort::init_from(lib).map_err(|e| err(e.to_string()))?;
        builder
            .with_name("pitwatch")
            .build()
            .map_err(|e| err(e.to_string()))
    });
    r.as_ref().map_err(Clone::clone)
}

impl Clone for EngineError {
    fn clone(&self) -> EngineError {
        match self {
            EngineError::Runtime { path, reason } => EngineError::Runtime {
                path: path.clone(),
                reason: reason.clone(),
            },
            EngineError::Model { path, reason } => EngineError::Model {
                path: path.clone(),
                reason: reason.clone(),
            },
            EngineError::Run { path, reason } => EngineError::Run {
                path: path.clone(),
                reason: reason.clone(),
            },
        }
    }
}

/// One output of a run: its shape and values.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    /// The output's name in the model.
    pub name: String,
    /// Dimensions.
    pub shape: Vec<usize>,
    /// Values, row-major.
    pub data: Vec<f32>,
}

/// An opened model.
pub struct Engine {
    path: PathBuf,
    session: Session,
}

impl Engine {
    /// Opens `model` with all graph optimisations, on `threads` threads (0: the runtime's
    /// choice), loading the runtime from [`runtime_path`] if no model was opened before.
    pub fn open(model: &Path, threads: usize) -> Result<Engine, EngineError> {
        let env = runtime(&runtime_path())?;
        let err = |reason: String| EngineError::Model {
            path: model.to_path_buf(),
            reason,
        };
        if !model.is_file() {
            return Err(err(
                "no such file (models/README.md says how to make it)".into()
            ));
        }
        let mut b = Session::builder(env)
            .map_err(|e| err(e.to_string()))?
            .with_optimization_level(GraphOptimizationLevel::All)
            .map_err(|e| err(e.to_string()))?;
        if threads > 0 {
            b = b
                .with_intra_threads(threads)
                .map_err(|e| err(e.to_string()))?;
        }
        // Between runs the pool's threads sleep rather than spin: the frame's other work
        // (decoding, the change map, pre- and post-processing) needs the same cores. No
        // memory pattern: the recognizer's windows change size from run to run, and the
        // patterns kept for each size cost memory for nothing (on the 5-minute bench clip,
        // analyze's peak resident memory 296 MB against 313 MB, as fast).
        b = b
            .with_intra_op_spinning(false)
            .map_err(|e| err(e.to_string()))?
            .with_memory_pattern(false)
            .map_err(|e| err(e.to_string()))?;
        let session = b.commit_from_file(model).map_err(|e| err(e.to_string()))?;
        Ok(Engine {
            path: model.to_path_buf(),
            session,
        })
    }

    /// The model's input names, in order.
    pub fn inputs(&self) -> Vec<String> {
        self.session
            .inputs()
            .iter()
            .map(|o| o.name().to_string())
            .collect()
    }

    /// The shape of the model's first input (`None` for a dimension the model leaves free).
    pub fn input_shape(&self) -> Vec<Option<usize>> {
        self.session
            .inputs()
            .first()
            .and_then(|o| o.dtype().tensor_shape())
            .map(|s| {
                s.iter()
                    .map(|&d| usize::try_from(d).ok().filter(|&d| d > 0))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A custom metadata entry of the model (an Ultralytics export keeps its class `names` and
    /// `imgsz` there).
    pub fn metadata(&self, key: &str) -> Option<String> {
        self.session.metadata().ok()?.custom(key)
    }

    /// The model file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs the model on one float tensor of `shape` (the model's first input) and returns
    /// every float output.
    pub fn run(&mut self, shape: &[usize], data: Vec<f32>) -> Result<Vec<Output>, EngineError> {
        let err = |reason: String| EngineError::Run {
            path: self.path.clone(),
            reason,
        };
        let want: usize = shape.iter().product();
        if want != data.len() {
            return Err(err(format!(
                "input of shape {shape:?} needs {want} values, got {}",
                data.len()
            )));
        }
        let dims: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
        let tensor = Tensor::from_array((dims, data)).map_err(|e| err(e.to_string()))?;
        let path = self.path.clone();
        let outputs = self
            .session
            .run(ort::inputs![tensor])
            .map_err(|e| EngineError::Run {
                path: path.clone(),
                reason: e.to_string(),
            })?;
        let mut out = Vec::new();
        for (name, value) in outputs.iter() {
            let (shape, data) =
                value
                    .try_extract_tensor::<f32>()
                    .map_err(|e| EngineError::Run {
                        path: path.clone(),
                        reason: format!("output {name}: {e}"),
                    })?;
            out.push(Output {
                name: name.to_string(),
                shape: shape.iter().map(|&d| d.max(0) as usize).collect(),
                data: data.to_vec(),
            });
        }
        Ok(out)
    }
}
