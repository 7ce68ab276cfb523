//! Poker as a library: hand evaluation (high and ace-to-five low) and pots. Pure: no I/O.
//!
//! Rankings follow N.D. Admin. Code 99-01.3-09-04(1) and DC 30-1604.3(v); pots follow
//! DC 30-1604.3(y)-(z) and 09-04(25), (27).

pub mod eval;
pub mod low;
pub mod pots;

pub use eval::{Category, Evaluator, Hand, HandSizeError, HandValue, compare, evaluate};
pub use low::{LowValue, low_value};
pub use pots::{Contender, Pot, Split, Stake, award, build_pots};
