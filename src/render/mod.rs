//! The simulator's renderer: the overhead camera's view of a twenty-one table drawn from the
//! project's own artwork, frame by frame. Pure: it fills pixel buffers and touches no files.

pub mod canvas;
pub mod font;
pub mod paint;
pub mod sprites;
pub mod typeface;

pub use canvas::{Canvas, Rgb, Sprite};
