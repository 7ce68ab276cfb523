//! Footage speed: painting 720p frames of simulated play, and painting plus H.264 encoding,
//! beside a reference run that only encodes the same frames already painted. The target
//! is at least 30 frames a second at 1280x720, encoding included, on a 2-core machine.
//! Run with `cargo bench --bench render`; `bash benches/simulate.sh` times the whole command.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pitwatch::layout::TableDesign;
use pitwatch::render::paint::{Look, Painter};
use pitwatch::render::{Canvas, Rgb};
use pitwatch::rules::twenty_one::HouseRules;
use pitwatch::sim::scene::Scene;
use pitwatch::sim::{PlayConfig, play};
use pitwatch::video::{EncodeSettings, Encoder, VideoCodec};

const FRAMES: u64 = 60;

fn settings() -> EncodeSettings {
    EncodeSettings {
        codec: VideoCodec::H264,
        width: 1280,
        height: 720,
        fps: 30,
        crf: 23,
        preset: "veryfast".into(),
        threads: 2,
        keyframe_s: 2,
    }
}

fn bench(c: &mut Criterion) {
    let mut cfg = PlayConfig::new(HouseRules::default(), 5);
    cfg.with_chips = true;
    let events = play(cfg, 6);
    let design = TableDesign::default();
    let scene = Scene::build(&events, &design);
    let painter = Painter::new(Look::from_seed(5, 1.0, "1", &[]), design, 1280, 720, 5);
    // Two seconds from the middle of a round: cards, chips and the dealer's hand all in view.
    let t0 = events[events.len() / 2].t;
    let frame_t = |n: u64| t0 + n as f64 / 30.0;
    let out = std::env::temp_dir().join(format!("pitwatch-bench-{}.mp4", std::process::id()));

    let mut g = c.benchmark_group("render");
    g.sample_size(10);
    g.throughput(Throughput::Elements(1));
    g.bench_function("paint_720p", |b| {
        let mut canvas = Canvas::new(1280, 720, Rgb(0, 0, 0));
        let mut n = 0u64;
        b.iter(|| {
            painter.paint(&scene, frame_t(n % FRAMES), n, &mut canvas);
            n += 1;
            black_box(canvas.data[0])
        })
    });
    g.throughput(Throughput::Elements(FRAMES));
    // Reference: the encoder alone, on frames painted beforehand.
    let painted: Vec<Canvas> = (0..FRAMES)
        .map(|n| {
            let mut canvas = Canvas::new(1280, 720, Rgb(0, 0, 0));
            painter.paint(&scene, frame_t(n), n, &mut canvas);
            canvas
        })
        .collect();
    g.bench_function("encode_only_720p", |b| {
        b.iter(|| {
            let mut enc = Encoder::create(&out, settings()).unwrap();
            for f in &painted {
                enc.push(&f.data).unwrap();
            }
            enc.finish().unwrap();
        })
    });
    g.bench_function("paint_encode_720p", |b| {
        b.iter(|| {
            let mut enc = Encoder::create(&out, settings()).unwrap();
            let mut canvas = Canvas::new(1280, 720, Rgb(0, 0, 0));
            for n in 0..FRAMES {
                painter.paint(&scene, frame_t(n), n, &mut canvas);
                painter.overlay(&mut canvas, 36_000.0 + frame_t(n));
                enc.push(&canvas.data).unwrap();
            }
            enc.finish().unwrap();
        })
    });
    g.finish();
    let _ = std::fs::remove_file(&out);
}

criterion_group!(benches, bench);
criterion_main!(benches);
