//! Recognition cost per 1280x720 frame of a busy table (seven spaces, chips and cards, the
//! dealer's hand moving), on the machine's cores: a round of simulated footage, decoded from
//! H.264 as real footage would be, recognised frame by frame as `pitwatch` runs it (only
//! where the picture changed, in windows the size of each change). Beside it, the reference: one whole frame through
//! the model, as a recognizer without change gating would run every frame. Twice: looking at
//! every frame, and at every third (ten looks a second at 30 fps). The target is at
//! most 10 ms a frame on average over a shift on 2 cores.
//!
//! Needs the ONNX Runtime library (`bash scripts/setup.sh`) and models/pitnet.onnx.
//! Run with `cargo bench --bench recognize`.

use std::path::Path;
use std::process::Command;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pitwatch::layout::Layout;
use pitwatch::video::Decoder;
use pitwatch::vision::recognizer::{Recognizer, default_model};

fn bench(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("pitwatch-bench-rec-{}", std::process::id()));
    let status = Command::new(env!("CARGO_BIN_EXE_pitwatch"))
        .args(["simulate", "--seed", "21", "--rounds", "1", "--seats", "7"])
        .args(["--realism", "1", "--label-every", "0", "--out"])
        .arg(&dir)
        .status()
        .expect("run pitwatch simulate");
    assert!(status.success());
    let layout = Layout::parse(&std::fs::read_to_string(dir.join("layout.toml")).unwrap()).unwrap();
    let mut dec = Decoder::open(&dir.join("footage.mp4")).unwrap();
    let mut frames = Vec::new();
    while let Some(f) = dec.next_frame().unwrap() {
        frames.push(f);
    }
    let (w, h) = (frames[0].width as usize, frames[0].height as usize);
    let mut rec = Recognizer::open(Path::new(&default_model()), 0).unwrap();
    rec.use_layout(Some(&layout));

    let mut g = c.benchmark_group("recognize");
    g.sample_size(10);
    g.throughput(Throughput::Elements(frames.len() as u64));
    for stride in [1u64, 3] {
        g.bench_function(format!("shift_720p_per_frame_stride_{stride}"), |b| {
            rec.stride = stride;
            b.iter(|| {
                rec.reset();
                let mut n = 0;
                for f in &frames {
                    n += rec.frame(&f.data, w, h).unwrap().len();
                }
                n
            })
        });
    }
    g.throughput(Throughput::Elements(1));
    let busy = &frames[frames.len() / 2];
    g.bench_function("whole_frame_720p_reference", |b| {
        b.iter(|| rec.still(&busy.data, w, h, Some(1.0)).unwrap().len())
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
