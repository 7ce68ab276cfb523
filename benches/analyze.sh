#!/usr/bin/env bash
# Speed and memory of `pitwatch analyze` beside FFmpeg's bare decode of the same file, run one
# after the other on the same machine: films MINUTES of simulated 720p30 H.264 play, then times
#   pitwatch analyze CLIP --layout ...            (decode, recognise five frames a second, track,
#                                                  read the log, audit)
#   ffmpeg -threads 2 -i CLIP -f null -           (Debian's ffmpeg: decoding alone)
# and prints analyze's throughput as a share of ffmpeg's, and analyze's peak resident memory.
#   bash benches/analyze.sh [MINUTES]     (default 5)
# Installs Debian's ffmpeg and GNU time when missing (the reference; not needed otherwise).
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-5}
source scripts/setup.sh
need=()
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
cargo build --release --quiet
bin=target/release/pitwatch
work=${BENCH_DIR:-$(mktemp -d)}
clip="$work/clip"
if [ ! -f "$clip/footage.mp4" ]; then
  "$bin" simulate --out "$clip" --minutes "$minutes" --seed 11 --errors 0.2 --label-every 0 >/dev/null
fi
frames=$(grep -o '"frames": [0-9]*' "$clip/simulation.json" | grep -o '[0-9]*$')
seconds() { # seconds CMD...: wall seconds of a command, its output dropped
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'
}
ff=$(seconds ffmpeg -nostdin -threads 2 -i "$clip/footage.mp4" -f null -)
an=$(seconds /usr/bin/time -v -o "$work/analyze.time" "$bin" analyze "$clip/footage.mp4" \
  --layout "$clip/layout.toml" --rules "$clip/house.toml" --out "$work/out")
peak=$(grep "Maximum resident set size" "$work/analyze.time" | grep -o '[0-9]*$')
awk -v f="$frames" -v a="$an" -v r="$ff" -v p="$peak" -v m="$minutes" 'BEGIN {
  printf "footage: %d frames (%s min of 1280x720 at 30 fps)\n", f, m
  printf "ffmpeg -threads 2 decode: %7.1f s = %6.1f frames/s\n", r, f / r
  printf "pitwatch analyze:         %7.1f s = %6.1f frames/s\n", a, f / a
  printf "analyze throughput / bare decode: %.2f\n", r / a
  printf "analyze peak resident memory: %.0f MB\n", p / 1024
}'
"$bin" eval --truth "$clip" --found "$work/out" | head -1
