#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine and runs every test (unit, scenarios, properties, command
# line, bad inputs, golden outputs), the exhaustive seven-card count in release mode, the hold'em
# cross-check against PokerKit, and checks that the benchmarks build.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo test --locked
cargo test --locked --profile exhaustive --lib all_seven_card_hands -- --ignored
bash scripts/pokerkit-crosscheck.sh 10000
cargo test --locked --benches --no-run --quiet
