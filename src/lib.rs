//! pitwatch finds dealer mistakes in recorded casino-table footage.
pub mod events;
pub mod rules;
