//! House rules for a twenty-one table, read from TOML.
//!
//! Every key has a default taken from N.D. Admin. Code 99-01.3-08; a file only needs the keys a
//! site changes. Unknown keys are an error that names the key. See `docs/house-rules.md`.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The three dealing methods of N.D. Admin. Code 99-01.3-08-10(1); a site uses one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DealingMethod {
    /// 08-10(1)(a): the dealer takes a hole card but may not look at it until players are done.
    HoleCardNoPeek,
    /// 08-10(1)(b): the dealer's second card is dealt only after all players' cards.
    NoHoleCard,
    /// 08-10(1)(c): a mechanical or electronic hole-card reader checks for a dealer natural.
    ReadingDevice,
}

impl DealingMethod {
    /// The subdivision of 08-10(1) that describes this method.
    pub fn citation(self) -> &'static str {
        match self {
            DealingMethod::HoleCardNoPeek => "N.D. Admin. Code 99-01.3-08-10(1)(a)",
            DealingMethod::NoHoleCard => "N.D. Admin. Code 99-01.3-08-10(1)(b)",
            DealingMethod::ReadingDevice => "N.D. Admin. Code 99-01.3-08-10(1)(c)",
        }
    }

    /// True when the dealer takes a second card before the players act.
    pub fn has_hole_card(self) -> bool {
        !matches!(self, DealingMethod::NoHoleCard)
    }
}

/// What the dealer does on a soft seventeen (08-11(10)(g), posted per 08-02(1)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Soft17 {
    /// "Dealer must stand on 17 and must draw to 16" (S17): the chapter's rule.
    Stand,
    /// "Dealer must hit soft 17" (H17), when the organization permits it.
    Hit,
}

/// How large a double-down wager may be (08-09(2)(d), disclosed per 08-13(2)(j)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DoubleAmount {
    /// The double-down wager must equal the original wager.
    Equal,
    /// The double-down wager may be any amount up to the original wager.
    UpTo,
}

/// Whether and how a player may double down on a tip bet (08-09(2)(d), 08-13(2)(m)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TipDouble {
    /// Doubling down on tip bets is not permitted.
    NotPermitted,
    /// Permitted; the tip double must equal the tip bet.
    Equal,
    /// Permitted; the tip double may be up to the tip bet.
    UpTo,
}

/// The site's option for collecting losing wagers (08-11(10)(a)-(b), 08-11(13)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Collection {
    /// Adjacent losing hands swept right to left; insurance swept before busted hands.
    Sweep,
    /// The site's option: each hand collected with the right hand, hand by hand.
    HandByHand,
}

/// The house rules of one table. Money is in cents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HouseRules {
    /// Decks in the shoe: 4, 6 or 8 (08-02(3)).
    pub decks: u8,
    /// The site's dealing method (08-10(1)).
    pub dealing_method: DealingMethod,
    /// Dealer on soft 17 (08-11(10)(g)).
    pub soft_17: Soft17,
    /// Minimum original wager in whole dollars (08-09(1)).
    pub min_wager_dollars: u32,
    /// Maximum original wager in whole dollars; the chapter caps it at 25 (08-09(1)).
    pub max_wager_dollars: u32,
    /// Insurance permitted (08-09(2)(b)).
    pub insurance: bool,
    /// Even-money payoff offered to a natural against an ace (08-09(2)(b)); needs insurance.
    pub even_money: bool,
    /// Tip betting permitted (08-09(2)(a)).
    pub tip_betting: bool,
    /// Largest tip bet in cents; the chapter allows 50 cents up to the table maximum.
    pub tip_max_cents: Option<i64>,
    /// Doubling down on tip bets (08-09(2)(d)).
    pub tip_double: TipDouble,
    /// Size of a double-down wager (08-09(2)(d)).
    pub double_down: DoubleAmount,
    /// A video surveillance system records the table: payoff per 08-11(16), else 08-11(15).
    pub video_surveillance: bool,
    /// The site's collection option (08-11(13)).
    pub collection: Collection,
    /// Most betting spaces one player may play (08-01(2): two, adjacent).
    pub spaces_per_player: u8,
}

impl Default for HouseRules {
    fn default() -> Self {
        HouseRules {
            decks: 6,
            dealing_method: DealingMethod::HoleCardNoPeek,
            soft_17: Soft17::Stand,
            min_wager_dollars: 1,
            max_wager_dollars: 25,
            insurance: true,
            even_money: true,
            tip_betting: true,
            tip_max_cents: None,
            tip_double: TipDouble::NotPermitted,
            double_down: DoubleAmount::Equal,
            video_surveillance: true,
            collection: Collection::Sweep,
            spaces_per_player: 2,
        }
    }
}

/// Why a house-rules file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HouseRulesError {
    /// The TOML did not parse or named a key or value the rules do not know.
    #[error("{0}")]
    Toml(String),
    /// A value parsed but breaks the chapter or another key.
    #[error("`{key}`: {reason}")]
    Invalid {
        /// The offending key.
        key: &'static str,
        /// What is wrong with its value.
        reason: String,
    },
}

impl HouseRules {
    /// The rules as TOML text, readable by [`HouseRules::from_toml_str`].
    pub fn to_toml_string(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// Parses and validates house rules from TOML text.
    pub fn from_toml_str(text: &str) -> Result<HouseRules, HouseRulesError> {
        let rules: HouseRules = toml::from_str(text)
            .map_err(|e| HouseRulesError::Toml(e.to_string().trim_end().to_string()))?;
        rules.validate()?;
        Ok(rules)
    }

    /// Checks values against the chapter and each other.
    pub fn validate(&self) -> Result<(), HouseRulesError> {
        let invalid = |key, reason: &str| {
            Err(HouseRulesError::Invalid {
                key,
                reason: reason.to_string(),
            })
        };
        if ![4, 6, 8].contains(&self.decks) {
            return invalid(
                "decks",
                "must be 4, 6 or 8 (N.D. Admin. Code 99-01.3-08-02(3))",
            );
        }
        if self.min_wager_dollars < 1 {
            return invalid(
                "min_wager_dollars",
                "must be at least 1 (N.D. Admin. Code 99-01.3-08-09(1))",
            );
        }
        if self.max_wager_dollars < self.min_wager_dollars {
            return invalid("max_wager_dollars", "must not be below min_wager_dollars");
        }
        if self.max_wager_dollars > 100_000 {
            return invalid("max_wager_dollars", "is not a plausible table maximum");
        }
        if let Some(t) = self.tip_max_cents {
            if t < 50 {
                return invalid(
                    "tip_max_cents",
                    "must be at least 50 (N.D. Admin. Code 99-01.3-08-09(2)(a))",
                );
            }
        }
        if self.even_money && !self.insurance {
            return invalid(
                "even_money",
                "needs insurance = true (N.D. Admin. Code 99-01.3-08-09(2)(b))",
            );
        }
        if self.spaces_per_player == 0 {
            return invalid("spaces_per_player", "must be at least 1");
        }
        Ok(())
    }

    /// Minimum original wager in cents.
    pub fn min_wager_cents(&self) -> i64 {
        i64::from(self.min_wager_dollars) * 100
    }

    /// Maximum original wager in cents.
    pub fn max_wager_cents(&self) -> i64 {
        i64::from(self.max_wager_dollars) * 100
    }

    /// Largest permitted tip bet in cents.
    pub fn tip_max(&self) -> i64 {
        self.tip_max_cents.unwrap_or_else(|| self.max_wager_cents())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_file_gives_the_chapter_defaults() {
        let r = HouseRules::from_toml_str("").unwrap();
        assert_eq!(r, HouseRules::default());
        // 08-09(1): one to twenty-five dollars.
        assert_eq!((r.min_wager_cents(), r.max_wager_cents()), (100, 2500));
    }

    #[test]
    fn reads_every_key() {
        let r = HouseRules::from_toml_str(
            r#"
            decks = 8
            dealing_method = "no-hole-card"
            soft_17 = "hit"
            min_wager_dollars = 3
            max_wager_dollars = 10
            insurance = false
            even_money = false
            tip_betting = false
            tip_max_cents = 500
            tip_double = "up-to"
            double_down = "up-to"
            video_surveillance = false
            collection = "hand-by-hand"
            spaces_per_player = 1
            "#,
        )
        .unwrap();
        assert_eq!(r.decks, 8);
        assert_eq!(r.dealing_method, DealingMethod::NoHoleCard);
        assert_eq!(r.soft_17, Soft17::Hit);
        assert_eq!(r.collection, Collection::HandByHand);
        assert_eq!(r.tip_max(), 500);
    }

    #[test]
    fn unknown_key_is_named() {
        let e = HouseRules::from_toml_str("decks = 6\nsoft17 = \"hit\"\n").unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("soft17"), "{msg}");
        assert!(msg.contains("line 2"), "{msg}");
    }

    #[test]
    fn deck_count_follows_08_02_3() {
        let e = HouseRules::from_toml_str("decks = 5").unwrap_err();
        assert!(matches!(e, HouseRulesError::Invalid { key: "decks", .. }));
    }

    #[test]
    fn bad_enum_value_is_an_error() {
        let e = HouseRules::from_toml_str("dealing_method = \"peek\"").unwrap_err();
        assert!(e.to_string().contains("peek"), "{e}");
    }

    #[test]
    fn limits_must_be_ordered() {
        let e =
            HouseRules::from_toml_str("min_wager_dollars = 5\nmax_wager_dollars = 2").unwrap_err();
        assert!(matches!(
            e,
            HouseRulesError::Invalid {
                key: "max_wager_dollars",
                ..
            }
        ));
    }
}
