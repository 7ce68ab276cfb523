//! The `pitwatch audit` command line: output formats, exit statuses, errors.

use crate::util::{path, run, scratch};

fn sample() -> String {
    path("samples/shift.jsonl").to_string_lossy().into_owned()
}
