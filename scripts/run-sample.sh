#!/usr/bin/env bash
# The main job, from a fresh Debian 12 machine: set up, build, and audit the bundled samples:
# the truth of the simulated clip (samples/clip/, one planted overpayment) and the sample shift
# (samples/shift.jsonl, seven findings). Once footage analysis exists it analyses the clip.
# Exit status: 0 when each audit reports exactly the findings its sample holds, else non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo build --release --quiet
bin=./target/release/pitwatch
audit() { # audit LOG [ARGS]: the audit's report; its status 1 (findings) is expected here
  set +e
  "$bin" audit "$@"
  local status=$?
  set -e
  [ "$status" -eq 1 ] || { echo "run-sample: expected findings from $1 (status $status)" >&2; exit 2; }
}
echo "== samples/clip: the truth of the simulated footage samples/clip/footage.mp4"
audit samples/clip/truth.jsonl --rules samples/clip/house.toml
echo
echo "== samples/shift.jsonl"
audit samples/shift.jsonl --rules samples/house.toml
