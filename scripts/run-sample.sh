#!/usr/bin/env bash
# The main job, from a fresh Debian 12 machine: set up, build, analyse the bundled simulated
# clip (samples/clip/footage.mp4, one planted overpayment) and score what was read against its
# truth, then audit the clip's truth, the sample shift (samples/shift.jsonl, seven findings) and
# the sample hold'em session (samples/holdem.jsonl, one side pot pushed to the wrong seat).
# Exit status: 0 when the footage was read and each audit reports exactly the findings its
# sample holds, else non-zero.
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
echo "== samples/clip/footage.mp4: analysed (findings, evidence pictures in pitwatch-out/clip)"
set +e
"$bin" analyze samples/clip/footage.mp4 --layout samples/clip/layout.toml \
  --rules samples/clip/house.toml --out pitwatch-out/clip
status=$?
set -e
[ "$status" -le 1 ] || { echo "run-sample: the clip could not be analysed (status $status)" >&2; exit 2; }
echo
echo "== what was read, against the clip's truth"
"$bin" eval --truth samples/clip --found pitwatch-out/clip
echo
echo "== samples/clip: the truth of the simulated footage samples/clip/footage.mp4"
audit samples/clip/truth.jsonl --rules samples/clip/house.toml
echo
echo "== samples/shift.jsonl"
audit samples/shift.jsonl --rules samples/house.toml
echo
echo "== samples/holdem.jsonl (Texas Hold'em)"
audit samples/holdem.jsonl --game holdem
