#!/usr/bin/env bash
# End-to-end speed of `pitwatch simulate` at 1280x720, 30 fps (painting, encoding, truth and
# annotations), beside a reference run at --realism 0 (no noise, blur or flicker to paint).
# Prints frames per second of footage made.
#   bash benches/simulate.sh [MINUTES]     (default 2)
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-2}
cargo build --release --quiet
bin=target/release/pitwatch
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run() { # run NAME ARGS...: prints frames/s
  local name=$1; shift
  local t0 t1 frames
  t0=$(date +%s.%N)
  "$bin" simulate --out "$out/$name" --minutes "$minutes" --seed 7 "$@" 2>/dev/null
  t1=$(date +%s.%N)
  frames=$(grep -o '"frames": [0-9]*' "$out/$name/simulation.json" | grep -o '[0-9]*$')
  awk -v f="$frames" -v a="$t0" -v b="$t1" -v n="$name" \
    'BEGIN { printf "%-10s %6d frames in %6.1f s = %5.1f frames/s\n", n, f, b - a, f / (b - a) }'
}
run default --errors 0.1
run clean --realism 0
ls -l "$out/default/footage.mp4" | awk '{ printf "footage: %.1f MB for '"$minutes"' min\n", $5 / 1e6 }'
