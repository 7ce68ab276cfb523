//! pitwatch finds dealer mistakes in recorded casino-table footage.
pub mod audit;
pub mod events;
pub mod report;
pub mod rules;
pub mod sim;
