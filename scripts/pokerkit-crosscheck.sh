#!/usr/bin/env bash
# Cross-checks the hold'em pots against PokerKit (scripts/pokerkit_crosscheck.py): installs the
# `pokerkit` package from PyPI into .local/pokerkit-venv/ (once), builds pitwatch, and plays
# HANDS random no-limit hold'em hands (default 10,000) through both. Exits non-zero when any
# seat's award differs or the audit reports a finding on a hand PokerKit dealt by the rules.
# Usage: bash scripts/pokerkit-crosscheck.sh [HANDS] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.local/pokerkit-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import pokerkit" 2>/dev/null; then
  if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c "import ensurepip" 2>/dev/null; then
    echo "pokerkit-crosscheck: installing python3-venv" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
  fi
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet pokerkit==0.7.7
fi
cargo build --locked --quiet --bin pitwatch
"$venv/bin/python" scripts/pokerkit_crosscheck.py target/debug/pitwatch "${1:-10000}" "${2:-2026}"
