//! The one integration harness: scenario files, the command line, bad inputs, properties, and
//! the dealer-play golden figures. Shared helpers live in `util`.

mod util;

mod analyze;
mod bad_inputs;
mod cli;
mod decode;
mod docs;
mod golden;
mod holdem;
mod property;
mod recognizer;
mod scenarios;
mod scribe;
mod simulate;
mod tracking;
mod vision;
