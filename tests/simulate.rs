//! `pitwatch simulate`: the output folder holds footage, truth, findings and annotations that
//! agree with each other, the same seed gives the same output, and bad arguments are refused.

use std::collections::BTreeSet;
use std::path::Path;

use pitwatch::layout::Layout;
use pitwatch::video::Decoder;
use serde_json::Value;

use crate::util::{run, scratch};

/// A short, small simulation: one round at 15 frames a second, labels every 15th frame.
fn simulate(dir: &Path, seed: &str, extra: &[&str]) -> (i32, String) {
    let out = dir.to_str().unwrap();
    let mut args = vec![
        "simulate", "--out", out, "--seed", seed, "--rounds", "1", "--fps", "15", "--crf", "30",
        "--preset", "veryfast",
    ];
    if !extra.contains(&"--label-every") {
        args.extend_from_slice(&["--label-every", "15"]);
    }
    args.extend_from_slice(extra);
    let (code, _, err) = run(&args);
    (code, err)
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Exit status and `finding` records (without their `record` field) of `pitwatch audit` on a
/// simulation folder's truth under its house rules.
fn audit_findings(dir: &Path) -> (i32, Vec<Value>) {
    let (truth, rules) = (dir.join("truth.jsonl"), dir.join("house.toml"));
    let args = [
        "audit",
        truth.to_str().unwrap(),
        "--rules",
        rules.to_str().unwrap(),
        "--format",
        "json",
    ];
    let (code, out, _) = run(&args);
    let findings = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["record"] == "finding")
        .map(|mut v| {
            v.as_object_mut().unwrap().remove("record");
            v
        })
        .collect();
    (code, findings)
}

#[test]
fn the_output_folder_agrees_with_itself() {
    let dir = scratch("sim-agree");
    // A mistake for certain: an over-limit wager is possible in every round (08-09(1)).
    let (code, err) = simulate(&dir, "5", &["--errors", "1", "--mistakes", "over_limit"]);
    assert_eq!(code, 0, "{err}");
    let manifest: Value = serde_json::from_str(&read(&dir, "simulation.json")).unwrap();

    // The footage decodes to the frames the manifest promises, at the size asked for.
    let mut dec = Decoder::open(&dir.join("footage.mp4")).unwrap();
    let mut frames = 0u64;
    let mut first = None;
    while let Some(f) = dec.next_frame().unwrap() {
        if first.is_none() {
            first = Some(f.clone());
        }
        frames += 1;
    }
    assert_eq!(frames, manifest["frames"].as_u64().unwrap());
    let first = first.unwrap();
    assert_eq!((first.width, first.height), (1280, 720));
    // The felt fills the middle of the frame, in a felt colour (one channel well above the
    // others), not the dark floor around the table.
    let mid = ((360 * 1280 + 640) * 3) as usize;
    let px = &first.data[mid..mid + 3];
    let (hi, lo) = (*px.iter().max().unwrap(), *px.iter().min().unwrap());
    assert!(hi >= 70 && hi - lo >= 40, "felt at the centre: {px:?}");
    let corner = &first.data[((700 * 1280 + 20) * 3) as usize..][..3];
    assert!(
        corner.iter().all(|&v| v < 70),
        "floor at the corner: {corner:?}"
    );

    // What `pitwatch audit truth.jsonl` reports is exactly expected-findings.json.
    let (code, reported) = audit_findings(&dir);
    assert_eq!(code, 1, "the planted mistake is found");
    let expected: Vec<Value> = serde_json::from_str(&read(&dir, "expected-findings.json")).unwrap();
    assert_eq!(reported, expected);
    // ...and every mistake made is among them, in its round.
    let injected: Vec<Value> = serde_json::from_str(&read(&dir, "injected.json")).unwrap();
    assert_eq!(injected.len(), 1);
    assert_eq!(injected[0]["mistake"], "over_limit");
    assert!(
        expected
            .iter()
            .any(|f| f["kind"] == "wager_outside_limits" && f["round"] == injected[0]["round"])
    );

    // The layout is a valid calibration file for this frame size.
    let layout = Layout::parse(&read(&dir, "layout.toml")).unwrap();
    assert_eq!(
        (layout.width, layout.height, layout.spaces.len()),
        (1280, 720, 7)
    );

    // Annotations: one line per labelled frame, cards with faces matching the truth's cards,
    // and a YOLO file for each.
    let notes: Vec<Value> = read(&dir, "annotations.jsonl")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(notes.len() as u64, frames.div_ceil(15));
    let truth_cards: BTreeSet<String> = read(&dir, "truth.jsonl")
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|v| v["card"].as_str().map(str::to_string))
        .collect();
    let seen: BTreeSet<String> = notes
        .iter()
        .flat_map(|n| n["objects"].as_array().unwrap().clone())
        .filter_map(|o| o["card"].as_str().map(str::to_string))
        .collect();
    assert!(
        !seen.is_empty() && seen.is_subset(&truth_cards),
        "{seen:?} vs {truth_cards:?}"
    );
    for n in &notes {
        let f = n["frame"].as_u64().unwrap();
        let yolo = read(&dir.join("labels"), &format!("{f:06}.txt"));
        for line in yolo.lines() {
            let v: Vec<f64> = line.split(' ').map(|x| x.parse().unwrap()).collect();
            assert_eq!(v.len(), 5);
            assert!(
                v[0] < 60.0 && v[1..].iter().all(|&x| (0.0..=1.0).contains(&x)),
                "{line}"
            );
        }
    }
    assert_eq!(read(&dir, "classes.txt").lines().count(), 60);
}

#[test]
fn the_same_seed_gives_the_same_output() {
    let (a, b) = (scratch("sim-seed-a"), scratch("sim-seed-b"));
    assert_eq!(simulate(&a, "9", &["--errors", "0.5"]).0, 0);
    assert_eq!(simulate(&b, "9", &["--errors", "0.5"]).0, 0);
    for f in [
        "truth.jsonl",
        "annotations.jsonl",
        "layout.toml",
        "expected-findings.json",
        "injected.json",
    ] {
        assert_eq!(read(&a, f), read(&b, f), "{f}");
    }
    let (fa, fb) = (
        std::fs::read(a.join("footage.mp4")).unwrap(),
        std::fs::read(b.join("footage.mp4")).unwrap(),
    );
    assert!(fa == fb, "footage differs");
    let c = scratch("sim-seed-c");
    assert_eq!(simulate(&c, "10", &[]).0, 0);
    assert_ne!(read(&a, "truth.jsonl"), read(&c, "truth.jsonl"));
}

#[test]
fn a_clean_shift_has_no_findings() {
    let dir = scratch("sim-clean");
    let (code, err) = simulate(
        &dir,
        "21",
        &["--errors", "0", "--realism", "0", "--label-every", "0"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(read(&dir, "expected-findings.json").trim(), "[]");
    assert_eq!(read(&dir, "injected.json").trim(), "[]");
    let truth = dir.join("truth.jsonl");
    assert_eq!(run(&["audit", truth.to_str().unwrap()]).0, 0);
}

#[test]
fn bad_arguments_are_refused_by_name() {
    let dir = scratch("sim-bad");
    let out = dir.to_str().unwrap();
    let rules = dir.join("bad.toml");
    std::fs::write(&rules, "decks = 6\nsurrender = true\n").unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--seats", "0"], "--seats 0"),
        (vec!["--seats", "9"], "--seats 9"),
        (vec!["--errors", "1.5"], "--errors"),
        (vec!["--mistakes", "overpay,shortchange"], "shortchange"),
        (vec!["--fps", "24"], "--fps 24"),
        (vec!["--rounds", "0"], "--rounds 0"),
        (vec!["--rules", rules.to_str().unwrap()], "surrender"),
        (vec!["--minutes", "1", "--rounds", "3"], "--minutes"),
    ];
    for (extra, needle) in cases {
        let mut args = vec!["simulate", "--out", out];
        args.extend(extra.iter().copied());
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{extra:?}: {err}");
        assert!(err.contains(needle), "{extra:?}: {err}");
    }
}

#[test]
fn the_bundled_clip_is_whole() {
    // samples/clip: at most a minute (the shuffle and one round) and 5 MB of footage with its
    // truth, findings and layout.
    let dir = crate::util::path("samples/clip");
    let manifest: Value = serde_json::from_str(&read(&dir, "simulation.json")).unwrap();
    assert!(manifest["duration_s"].as_f64().unwrap() <= 60.0);
    assert!(std::fs::metadata(dir.join("footage.mp4")).unwrap().len() <= 5_000_000);
    let mut dec = Decoder::open(&dir.join("footage.mp4")).unwrap();
    let mut n = 0u64;
    while dec.next_frame().unwrap().is_some() {
        n += 1;
    }
    assert_eq!(n, manifest["frames"].as_u64().unwrap());
    Layout::parse(&read(&dir, "layout.toml")).unwrap();
    let (code, reported) = audit_findings(&dir);
    assert_eq!(code, 1);
    let expected: Vec<Value> = serde_json::from_str(&read(&dir, "expected-findings.json")).unwrap();
    assert_eq!(reported, expected);
    assert_eq!(expected[0]["kind"], "overpay");
}

#[test]
fn every_mistake_made_is_found_and_nothing_else() {
    // Over many rounds with mistakes, under two sets of house rules: each round that carries a
    // mistake has findings, and no other round has any.
    use pitwatch::rules::twenty_one::{HouseRules, Soft17};
    use pitwatch::sim::{Mistake, PlayConfig, Table};
    use std::collections::{BTreeMap, BTreeSet};
    let h17 = HouseRules {
        soft_17: Soft17::Hit,
        ..HouseRules::default()
    };
    for (seed, rules) in [(11u64, HouseRules::default()), (12, h17)] {
        let mut cfg = PlayConfig::new(rules.clone(), seed);
        cfg.errors = 0.4;
        let mut table = Table::new(cfg);
        let events = table.play(1500);
        let found = pitwatch::audit::audit(&events, &rules);
        let mut by_round: BTreeMap<u64, BTreeSet<&str>> = BTreeMap::new();
        for f in &found.findings {
            by_round
                .entry(u64::from(f.round))
                .or_default()
                .insert(f.kind.as_str());
        }
        let made: BTreeMap<u64, Mistake> = table
            .injected()
            .iter()
            .map(|i| (i.round, i.mistake))
            .collect();
        assert!(
            made.len() > 150,
            "seed {seed}: only {} mistakes made",
            made.len()
        );
        let kinds: BTreeSet<&str> = made.values().map(|m| m.as_str()).collect();
        assert!(kinds.len() >= 12, "seed {seed}: {kinds:?}");
        for (round, m) in &made {
            assert!(
                by_round.contains_key(round),
                "seed {seed}: {m:?} in round {round} not found"
            );
        }
        for (round, kinds) in &by_round {
            assert!(
                made.contains_key(round),
                "seed {seed}: round {round} has {kinds:?} but no mistake"
            );
        }
    }
}
