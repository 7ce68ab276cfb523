//! Video at the edges of the system, through FFmpeg: footage decoded to RGB frames, and RGB
//! frames encoded to H.264 footage.

pub mod decode;
pub mod encode;

pub use decode::{Converter, DecodeError, DecodeOptions, Decoder, Picture, RgbFrame};
pub use encode::{EncodeError, EncodeSettings, Encoder, VideoCodec};
