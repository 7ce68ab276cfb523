#!/usr/bin/env bash
# End-to-end throughput of `pitwatch audit` on a generated log, beside a reference run over the
# same file: `wc -l` (reading every line and doing nothing else). Prints rounds/s, lines/s, the
# ratio to the reference, and the audit's peak resident memory.
#   bash benches/audit-cli.sh [ROUNDS]     (default 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-100000}
for tool in bc /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install bc time)" >&2; exit 2; }
done
cargo build --release --quiet
bin=target/release/pitwatch
log=$(mktemp --suffix=.jsonl)
trap 'rm -f "$log"' EXIT
"$bin" play --rounds "$rounds" --seed 2026 > "$log"
lines=$(wc -l < "$log")
bytes=$(stat -c %s "$log")

now() { date +%s.%N; }
best() { # best of three wall-clock times of a command
  local b=999999
  for _ in 1 2 3; do
    local t0 t1 d
    t0=$(now); "$@" > /dev/null; t1=$(now)
    d=$(echo "$t1 - $t0" | bc -l)
    if (( $(echo "$d < $b" | bc -l) )); then b=$d; fi
  done
  echo "$b"
}
ref=$(best wc -l "$log")
set +e
aud=$(best "$bin" audit "$log" --format json)
set -e
rss=$( { /usr/bin/time -f %M "$bin" audit "$log" --format json > /dev/null; } 2>&1 | tail -1 )
printf 'log: %d rounds, %d lines, %.1f MB\n' "$rounds" "$lines" "$(echo "$bytes / 1000000" | bc -l)"
printf 'reference (wc -l): %.3f s\n' "$ref"
printf 'pitwatch audit:    %.3f s  = %.0f rounds/s, %.0f lines/s, %.2f of the reference speed\n' \
  "$aud" "$(echo "$rounds / $aud" | bc -l)" "$(echo "$lines / $aud" | bc -l)" "$(echo "$ref / $aud" | bc -l)"
printf 'peak resident memory: %.1f MB\n' "$(echo "$rss / 1024" | bc -l)"
