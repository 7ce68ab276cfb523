//! Golden check of the engine's own dealer-play rules (N.D. Admin. Code 99-01.3-08-11(10)(f)-(g)):
//! exhaustive over a 6-deck shoe with only the upcard removed, dealer naturals counted apart.

use pitwatch::rules::Rank;
use pitwatch::rules::twenty_one::{Soft17, bust_probability};

fn check(up: Rank, rule: Soft17, want: f64) {
    let got = bust_probability(up, 6, rule);
    assert!(
        (got - want).abs() < 1e-6,
        "{up:?} {rule:?}: got {got:.7}, want {want}"
    );
}

#[test]
fn s17_bust_probabilities() {
    check(Rank::Six, Soft17::Stand, 0.422842);
    check(Rank::Ace, Soft17::Stand, 0.115473);
    check(Rank::Ten, Soft17::Stand, 0.212471);
}

#[test]
fn h17_bust_probabilities() {
    check(Rank::Six, Soft17::Hit, 0.439259);
    check(Rank::Ace, Soft17::Hit, 0.139149);
}
