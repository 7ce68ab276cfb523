use pitwatch::rules::twenty_one::*;
use pitwatch::sim::*;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let n: usize = a[1].parse().unwrap();
    let seed: u64 = a[2].parse().unwrap();
    let mut cfg = PlayConfig::new(HouseRules::default(), seed);
    cfg.with_chips = true;
    cfg.table = "3".into();
    cfg.t0 = 12.0;
    for e in play(cfg, n) {
        println!("{}", pitwatch::events::to_line(&e));
    }
}
