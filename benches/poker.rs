//! Seven-card hand evaluation on one core: evaluations per second. Run with
//! `cargo bench --bench poker`; the target is 200 million a second.
//!
//! Three runs side by side:
//! - `random_7`: one million random seven-card hands, each evaluated from its seven cards (what
//!   the hold'em audit does at a showdown);
//! - `all_7_incremental`: all 133,784,560 seven-card hands enumerated, each hand's first six cards
//!   summed once per loop level (what an equity calculator does);
//! - `sum_only_7`: the reference, the random hands' seven card keys added and folded into a
//!   checksum with no table read: the floor any evaluator reading seven cards pays.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pitwatch::rules::Card;
use pitwatch::rules::poker::{Evaluator, Hand};
use pitwatch::sim::rng::Rng;

const HANDS: usize = 1_000_000;

fn random_hands() -> Vec<[u8; 7]> {
    let mut rng = Rng::new(7);
    (0..HANDS)
        .map(|_| {
            let mut deck: [u8; 52] = std::array::from_fn(|i| i as u8);
            for i in 0..7 {
                let j = i + rng.below((52 - i) as u64) as usize;
                deck.swap(i, j);
            }
            std::array::from_fn(|i| deck[i])
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let ev = Evaluator::new();
    let hands = random_hands();
    let mut g = c.benchmark_group("poker_eval");
    g.sample_size(10);
    g.throughput(Throughput::Elements(HANDS as u64));
    g.bench_function("random_7", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for h in &hands {
                let hand = h
                    .iter()
                    .fold(Hand::EMPTY, |acc, &i| ev.add_index(acc, i as usize));
                sum += u64::from(ev.value(hand).0);
            }
            black_box(sum)
        })
    });
    g.bench_function("sum_only_7", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for h in &hands {
                let hand = h
                    .iter()
                    .fold(Hand::EMPTY, |acc, &i| ev.add_index(acc, i as usize));
                sum = sum.wrapping_add(u64::from(black_box(hand) == Hand::EMPTY));
            }
            black_box(sum)
        })
    });
    g.throughput(Throughput::Elements(133_784_560));
    g.bench_function("all_7_incremental", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for a in 0..52 {
                let ha = ev.add_index(Hand::EMPTY, a);
                for b in a + 1..52 {
                    let hb = ev.add_index(ha, b);
                    for c in b + 1..52 {
                        let hc = ev.add_index(hb, c);
                        for d in c + 1..52 {
                            let hd = ev.add_index(hc, d);
                            for e in d + 1..52 {
                                let he = ev.add_index(hd, e);
                                for f in e + 1..52 {
                                    let hf = ev.add_index(he, f);
                                    for g in f + 1..52 {
                                        sum += u64::from(ev.value(ev.add_index(hf, g)).0);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            black_box(sum)
        })
    });
    g.finish();
    // Keep the card type in the public API exercised: one evaluation from parsed cards.
    let royal: Vec<Card> = ["As", "Ks", "Qs", "Js", "10s", "2d", "3c"]
        .iter()
        .map(|c| c.parse().expect("card"))
        .collect();
    assert!(ev.evaluate(&royal).expect("seven cards").is_royal_flush());
}

criterion_group!(benches, bench);
criterion_main!(benches);
