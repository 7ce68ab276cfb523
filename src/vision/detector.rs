//! A user's own YOLOv8/YOLO11 detector, run: the engine, the letterbox and the decoding of
//! `yolo`, and the class map that says what each class is.

use std::path::Path;

use super::engine::{Engine, EngineError};
use super::yolo::{ClassMap, ClassMapError, Detection, Identity, Letterbox, decode};
use thiserror::Error;

/// Why a detector could not be set up or run.
#[derive(Debug, Error)]
pub enum DetectorError {
    /// The engine refused the model or a run.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The class map does not fit the model.
    #[error("{path}: {source}")]
    Classes {
        /// The model file.
        path: String,
        /// What does not fit.
        source: ClassMapError,
    },
    /// The model is not shaped like a YOLO export.
    #[error("{path}: {reason}")]
    Shape {
        /// The model file.
        path: String,
        /// What is wrong.
        reason: String,
    },
}

/// Class names of an Ultralytics export, from its `names` metadata (`{0: 'a', 1: 'b'}`).
pub fn parse_names(meta: &str) -> Vec<String> {
    let body = meta.trim().trim_start_matches('{').trim_end_matches('}');
    let mut out: Vec<(usize, String)> = Vec::new();
    for part in body.split(", ") {
        let Some((k, v)) = part.split_once(':') else {
            continue;
        };
        let Ok(k) = k.trim().parse::<usize>() else {
            continue;
        };
        let v = v.trim().trim_matches(|c| c == '\'' || c == '"');
        out.push((k, v.to_string()));
    }
    out.sort();
    out.into_iter().map(|(_, v)| v).collect()
}

/// One thing found in a picture.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Found {
    /// What it is.
    pub identity: Identity,
    /// The raw detection (class number, confidence, box in the picture's pixels).
    pub detection: Detection,
}

/// A YOLO export with its class map.
pub struct YoloDetector {
    engine: Engine,
    identities: Vec<Identity>,
    names: Vec<String>,
    size: usize,
    /// Lowest confidence kept.
    pub min_score: f32,
    /// Overlap above which the weaker of two same-class boxes is dropped.
    pub max_iou: f64,
}

impl YoloDetector {
    /// Opens a YOLO export and maps its classes, named by the export's `names` metadata.
    pub fn open(
        model: &Path,
        classes: &ClassMap,
        threads: usize,
    ) -> Result<YoloDetector, DetectorError> {
        let engine = Engine::open(model, threads)?;
        let path = model.display().to_string();
        let shape = engine.input_shape();
        let size = match shape.as_slice() {
            [_, Some(3), Some(h), Some(w)] if h == w => *h,
            _ => {
                return Err(DetectorError::Shape {
                    path,
                    reason: format!(
                        "input shape {shape:?}: expected [1, 3, S, S] (a YOLO export at a fixed size)"
                    ),
                });
            }
        };
        let names = engine
            .metadata("names")
            .map(|m| parse_names(&m))
            .unwrap_or_default();
        if names.is_empty() {
            return Err(DetectorError::Shape {
                path,
                reason:
                    "no class `names` in the model's metadata (an Ultralytics export writes them)"
                        .into(),
            });
        }
        let identities = classes
            .resolve(&names)
            .map_err(|source| DetectorError::Classes {
                path: path.clone(),
                source,
            })?;
        Ok(YoloDetector {
            engine,
            identities,
            names,
            size,
            min_score: 0.25,
            max_iou: 0.5,
        })
    }

    /// The model's class names.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Finds what is in a picture of `width` x `height` tightly packed RGB rows.
    pub fn detect(
        &mut self,
        rgb: &[u8],
        width: usize,
        height: usize,
    ) -> Result<Vec<Found>, DetectorError> {
        let lb = Letterbox::new(width, height, self.size);
        let input = lb.input(rgb);
        let outs = self.engine.run(&[1, 3, self.size, self.size], input)?;
        let path = self.engine.path().display().to_string();
        let Some(o) = outs.first() else {
            return Err(DetectorError::Shape {
                path,
                reason: "no output".into(),
            });
        };
        let classes = self.identities.len();
        let (rows, n) = match o.shape.as_slice() {
            [1, r, n] => (*r, *n),
            s => {
                return Err(DetectorError::Shape {
                    path,
                    reason: format!("output shape {s:?}: expected [1, 4 + classes, N]"),
                });
            }
        };
        if rows != 4 + classes {
            return Err(DetectorError::Shape {
                path,
                reason: format!("output has {rows} rows, but 4 + {classes} classes were mapped"),
            });
        }
        Ok(
            decode(&o.data, classes, n, &lb, self.min_score, self.max_iou)
                .into_iter()
                .filter_map(|d| {
                    let identity = self.identities[d.class];
                    (identity != Identity::Ignore).then_some(Found {
                        identity,
                        detection: d,
                    })
                })
                .collect(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ultralytics_names_are_read_in_class_order() {
        assert_eq!(parse_names("{1: 'green', 0: 'red'}"), vec!["red", "green"]);
        assert_eq!(
            parse_names("{0: 'ace of hearts', 1: \"10h\"}"),
            vec!["ace of hearts", "10h"]
        );
        assert!(parse_names("").is_empty());
    }
}
