//! Twenty-one (N.D. Admin. Code 99-01.3-08; DC 30-1604.2): house rules, hand totals, dealer play.

pub mod dealer;
pub mod hand;
pub mod house;

pub use dealer::{bust_probability, must_draw};
pub use hand::HandValue;
pub use house::{
    Collection, DealingMethod, DoubleAmount, HouseRules, HouseRulesError, Soft17, TipDouble,
};
