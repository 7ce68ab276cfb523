use pitwatch::audit::audit;
use pitwatch::events::*;
use pitwatch::rules::twenty_one::*;
use pitwatch::sim::*;
fn main() {
    let rules = HouseRules {
        tip_double: TipDouble::Equal,
        ..Default::default()
    };
    let ev = play(PlayConfig::new(rules.clone(), 11), 5000);
    let mut m = std::collections::BTreeMap::new();
    for e in &ev {
        let k = match &e.kind {
            EventKind::Wager { kind, .. } => format!("wager:{}", kind.as_str()),
            EventKind::Payout { bet, .. } => format!("payout:{}", bet.as_str()),
            EventKind::Collect { bet, .. } => format!("collect:{}", bet.as_str()),
            EventKind::Return { bet, .. } => format!("return:{}", bet.as_str()),
            k => k.type_name().to_string(),
        };
        *m.entry(k).or_insert(0) += 1;
    }
    println!("{m:?}");
    let out = audit(&ev, &rules);
    let mut o = std::collections::BTreeMap::new();
    let (mut he, mut ho) = (0, 0);
    for r in &out.rounds {
        he += r.house_expected_cents;
        ho += r.house_observed_cents;
        for h in &r.hands {
            *o.entry(format!("{:?}", h.outcome)).or_insert(0) += 1;
        }
        if r.dealer_natural {
            *o.entry("dealer_natural".into()).or_insert(0) += 1;
        }
    }
    println!("{o:?}\nhouse {he} {ho} findings {}", out.findings.len());
}
