#!/usr/bin/env bash
# Speed and memory of `pitwatch analyze` beside FFmpeg's bare decode of the same file, run one
# after the other on the same machine: films MINUTES of simulated 720p30 H.264 play, then times
#   pitwatch analyze CLIP --layout ...            (decode, recognise five frames a second, track,
#                                                  read the log, audit)
#   ffmpeg -threads 2 -i CLIP -f null -           (Debian's ffmpeg: decoding alone)
# and prints analyze's throughput as a share of ffmpeg's, and analyze's peak resident memory.
# The two run in turn RUNS times (a shared machine's speed drifts over a minute: each pair is
# timed side by side) and each pair's share is printed, then their median.
#   bash benches/analyze.sh [MINUTES] [RUNS]     (defaults 5 and 3)
# Installs Debian's ffmpeg and GNU time when missing (the reference; not needed otherwise).
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-5}
runs=${2:-3}
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
printf 'footage: %d frames (%s min of 1280x720 at 30 fps)\n' "$frames" "$minutes"
shares=()
for run in $(seq "$runs"); do
  ff=$(seconds ffmpeg -nostdin -threads 2 -i "$clip/footage.mp4" -f null -)
  an=$(seconds /usr/bin/time -v -o "$work/analyze.time" "$bin" analyze "$clip/footage.mp4" \
    --layout "$clip/layout.toml" --rules "$clip/house.toml" --out "$work/out")
  peak=$(grep "Maximum resident set size" "$work/analyze.time" | grep -o '[0-9]*$')
  share=$(awk -v a="$an" -v r="$ff" 'BEGIN { printf "%.2f", r / a }')
  shares+=("$share")
  awk -v f="$frames" -v a="$an" -v r="$ff" -v p="$peak" -v s="$share" -v k="$run" 'BEGIN {
    printf "run %d: ffmpeg -threads 2 decode %6.1f s = %6.1f frames/s; ", k, r, f / r
    printf "pitwatch analyze %6.1f s = %6.1f frames/s; share %s; peak %.0f MB\n", a, f / a, s, p / 1024
  }'
done
median=$(printf '%s\n' "${shares[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
echo "analyze throughput / bare decode: $median (median of $runs: ${shares[*]})"
"$bin" eval --truth "$clip" --found "$work/out" | head -1
