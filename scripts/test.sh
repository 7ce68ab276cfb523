#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine and runs every test (unit, scenarios, properties, command
# line, bad inputs, golden outputs), and checks that the benchmarks build.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
cargo test --locked
cargo test --locked --benches --no-run --quiet
