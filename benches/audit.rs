//! Audit throughput: rounds per second through the twenty-one audit (the pure core, events
//! already in memory) over a generated log of 100,000 rounds, and line parsing for comparison.
//! Run with `cargo bench --bench audit`; the target is 1,000,000 rounds/s on one core.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pitwatch::audit::Auditor;
use pitwatch::events::{parse_line, to_line};
use pitwatch::rules::twenty_one::HouseRules;
use pitwatch::sim::{PlayConfig, play};

const ROUNDS: usize = 100_000;

fn bench(c: &mut Criterion) {
    let rules = HouseRules::default();
    let events = play(PlayConfig::new(rules.clone(), 2026), ROUNDS);
    let mut g = c.benchmark_group("audit");
    g.sample_size(10);
    g.throughput(Throughput::Elements(ROUNDS as u64));
    g.bench_function("rounds_100k", |b| {
        b.iter(|| {
            let mut a = Auditor::new(rules.clone());
            let mut rounds = 0;
            // Drained as a streaming reader would, every few thousand events.
            for chunk in events.chunks(4096) {
                for e in chunk {
                    a.push(e);
                }
                rounds += a.drain().rounds.len();
            }
            rounds += a.finish().rounds.len();
            assert_eq!(rounds, ROUNDS);
            black_box(rounds)
        })
    });
    // Reference run side by side: one pass that only reads every event (kind, table, time),
    // the floor any audit of these events in memory pays.
    g.bench_function("scan_only_100k", |b| {
        b.iter(|| {
            let mut acc = 0usize;
            for e in &events {
                acc += e.table.len() + e.kind.type_name().len() + (e.t as usize & 1);
            }
            black_box(acc)
        })
    });
    g.finish();

    let lines: Vec<String> = events.iter().take(200_000).map(to_line).collect();
    let mut g = c.benchmark_group("parse");
    g.sample_size(10);
    g.throughput(Throughput::Elements(lines.len() as u64));
    g.bench_function("event_lines", |b| {
        b.iter(|| {
            let mut n = 0;
            for l in &lines {
                n += parse_line(l).unwrap().is_some() as usize;
            }
            black_box(n)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
