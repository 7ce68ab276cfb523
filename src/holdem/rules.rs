//! A poker room's house rules for the hold'em audit (DC 30-1604.4: house rules for Texas Hold'em
//! must be approved), read from TOML that rejects unknown keys.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::events::Cents;

/// House rules of a hold'em table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HoldemRules {
    /// The smallest chip in play, in cents: a split pot is divided in these, and the odd one goes
    /// to the first live hand clockwise from the button (N.D. Admin. Code 99-01.3-09-04(27)).
    pub smallest_chip_cents: Cents,
    /// High-low split: half of each pot to the best ace-to-five low (09-04(25)).
    pub high_low: bool,
    /// With `high_low`: the highest card a low may hold (8 for "eight or better"; 13 for any
    /// unpaired low).
    pub low_qualifier: u8,
}

impl Default for HoldemRules {
    fn default() -> Self {
        HoldemRules {
            smallest_chip_cents: 100,
            high_low: false,
            low_qualifier: 8,
        }
    }
}

/// Why a hold'em house-rules file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HoldemRulesError {
    /// The TOML did not parse or named a key the rules do not know.
    #[error("{0}")]
    Toml(String),
    /// A value parsed but cannot be right.
    #[error("`{key}`: {reason}")]
    Invalid {
        /// The offending key.
        key: &'static str,
        /// What is wrong with its value.
        reason: String,
    },
}

impl HoldemRules {
    /// Parses and validates the rules from TOML text.
    pub fn from_toml_str(text: &str) -> Result<HoldemRules, HoldemRulesError> {
        let r: HoldemRules = toml::from_str(text)
            .map_err(|e| HoldemRulesError::Toml(e.to_string().trim_end().to_string()))?;
        if !(1..=10_000_000).contains(&r.smallest_chip_cents) {
            return Err(HoldemRulesError::Invalid {
                key: "smallest_chip_cents",
                reason: "must be a chip value from 1 cent to $100,000".into(),
            });
        }
        if !(5..=13).contains(&r.low_qualifier) {
            return Err(HoldemRulesError::Invalid {
                key: "low_qualifier",
                reason: "must be 5 to 13 (8 is \"eight or better\")".into(),
            });
        }
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_refusals() {
        assert_eq!(
            HoldemRules::from_toml_str("").unwrap(),
            HoldemRules::default()
        );
        let e = HoldemRules::from_toml_str("smallest_chip = 5").unwrap_err();
        assert!(
            e.to_string().contains("unknown field `smallest_chip`"),
            "{e}"
        );
        let e = HoldemRules::from_toml_str("smallest_chip_cents = 0").unwrap_err();
        assert!(matches!(
            e,
            HoldemRulesError::Invalid {
                key: "smallest_chip_cents",
                ..
            }
        ));
        let r = HoldemRules::from_toml_str("high_low = true\nlow_qualifier = 13").unwrap();
        assert!(r.high_low);
    }
}
