//! pitwatch finds dealer mistakes in recorded casino-table footage.
#![warn(missing_docs)]
pub mod audit;
pub mod events;
pub mod report;
pub mod rules;
pub mod sim;
