//! Every file in `tests/bad-inputs/` must fail cleanly: exit status 2, an error that names the
//! file (and for a log, the line), no panic. `*.jsonl` are event logs, `*.toml` house rules.

use crate::util::{files, path, run};

#[test]
fn bad_event_logs_fail_cleanly() {
    let logs = files(&path("tests/bad-inputs"), "jsonl");
    assert!(logs.len() >= 8);
    for log in logs {
        let name = log.file_name().unwrap().to_string_lossy().into_owned();
        let p = log.to_string_lossy().into_owned();
        let (code, _out, err) = run(&["audit", &p]);
        assert_eq!(code, 2, "{name}: exit {code}, stderr {err}");
        assert!(
            err.contains(&name),
            "{name}: error does not name the file: {err}"
        );
        assert!(!err.contains("panicked"), "{name}: {err}");
        let want = std::fs::read_to_string(log.with_extension("expect")).unwrap_or_default();
        for needle in want.lines().filter(|l| !l.is_empty()) {
            assert!(
                err.contains(needle),
                "{name}: error lacks {needle:?}: {err}"
            );
        }
    }
}

#[test]
fn bad_holdem_logs_fail_cleanly() {
    let logs = files(&path("tests/bad-inputs/holdem"), "jsonl");
    assert!(logs.len() >= 6);
    for log in logs {
        let name = log.file_name().unwrap().to_string_lossy().into_owned();
        let p = log.to_string_lossy().into_owned();
        let (code, out, err) = run(&["audit", "--game", "holdem", &p]);
        assert_eq!(code, 2, "{name}: exit {code}, stderr {err}");
        assert!(
            err.contains(&name),
            "{name}: error does not name the file: {err}"
        );
        assert!(!err.contains("panicked"), "{name}: {err}");
        // The hand begun before the bad line is kept and reported.
        assert!(out.contains("hand 1"), "{name}: {out}");
        let want = std::fs::read_to_string(log.with_extension("expect")).unwrap();
        for needle in want.lines().filter(|l| !l.is_empty()) {
            assert!(
                err.contains(needle),
                "{name}: error lacks {needle:?}: {err}"
            );
        }
    }
}

#[test]
fn bad_house_rules_fail_cleanly() {
    let rules = files(&path("tests/bad-inputs"), "toml");
    assert!(rules.len() >= 3);
    let sample = path("samples/shift.jsonl").to_string_lossy().into_owned();
    for r in rules {
        let name = r.file_name().unwrap().to_string_lossy().into_owned();
        let p = r.to_string_lossy().into_owned();
        let (code, out, err) = run(&["audit", &sample, "--rules", &p]);
        assert_eq!(code, 2, "{name}: exit {code}");
        assert!(out.is_empty(), "{name}: audited with bad rules");
        assert!(err.contains(&name), "{name}: {err}");
        let want = std::fs::read_to_string(r.with_extension("expect")).unwrap_or_default();
        for needle in want.lines().filter(|l| !l.is_empty()) {
            assert!(
                err.contains(needle),
                "{name}: error lacks {needle:?}: {err}"
            );
        }
    }
}
