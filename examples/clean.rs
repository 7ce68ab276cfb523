use pitwatch::audit::audit;
use pitwatch::rules::twenty_one::*;
use pitwatch::sim::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).map(|s| s.parse().unwrap()).unwrap_or(2000);
    for (name, rules) in [
        ("default", HouseRules::default()),
        (
            "nohole",
            HouseRules {
                dealing_method: DealingMethod::NoHoleCard,
                ..Default::default()
            },
        ),
        (
            "device",
            HouseRules {
                dealing_method: DealingMethod::ReadingDevice,
                soft_17: Soft17::Hit,
                collection: Collection::HandByHand,
                tip_double: TipDouble::Equal,
                ..Default::default()
            },
        ),
    ] {
        let ev = play(PlayConfig::new(rules.clone(), 7), n);
        let out = audit(&ev, &rules);
        let mut kinds = std::collections::BTreeMap::new();
        for f in &out.findings {
            *kinds.entry(f.kind.as_str()).or_insert(0) += 1;
        }
        println!(
            "{name}: {} events, {} rounds, findings {:?}",
            ev.len(),
            out.rounds.len(),
            kinds
        );
        for f in out.findings.iter().take(3) {
            println!(
                "  {} r{} {:?}/{:?} {}",
                f.kind, f.round, f.space, f.hand, f.message
            );
            let r = f.round as usize;
            // print the round's events
            let mut cnt = 0;
            let mut lines = vec![];
            for e in &ev {
                if let pitwatch::events::EventKind::CardsCleared { space: None } = e.kind {
                    cnt += 1;
                    if cnt == r {
                        break;
                    }
                    continue;
                }
                if cnt == r - 1 {
                    lines.push(pitwatch::events::to_line(e));
                }
            }
            if std::env::var("SHOW").is_ok() {
                for l in lines {
                    println!("    {l}");
                }
            }
        }
    }
}
