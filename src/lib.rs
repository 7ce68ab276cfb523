//! pitwatch finds dealer mistakes in recorded casino-table footage.
#![warn(missing_docs)]
pub mod audit;
pub mod events;
pub mod holdem;
pub mod layout;
pub mod pipeline;
pub mod render;
pub mod report;
pub mod rules;
pub mod sim;
pub mod video;
pub mod vision;
