//! Table-layout geometry: table centimetres and pixels, the camera's map between them, the
//! simulated table's design, and the calibration file (`layout.toml`) that places every zone in
//! a camera's frame. Pure: no I/O.

pub mod geometry;
pub mod table;
pub mod zones;

pub use geometry::{Camera, Homography, PixelPt, TablePt, bounds};
pub use table::{
    CARD_H, CARD_W, CHIP_D, Placement, Spread, TRAY_DENOMS, TableDesign, fewest_chips,
};
pub use zones::{Layout, LayoutError, SpaceZones, contains};
