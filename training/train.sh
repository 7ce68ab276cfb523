#!/usr/bin/env bash
# Trains the recognizer from scratch and writes models/ (see models/README.md).
#
#   bash training/train.sh [--shifts N] [--minutes M] [--reader-minutes R] [--card-minutes C]
#
# 1. Builds pitwatch (release) and installs PyTorch, PyAV and onnx into a project-local
#    virtual environment, .local/train-venv (about 6 GB; never used by the tests or CI).
# 2. Renders N training shifts with `pitwatch simulate` (seeds 1000 on, each with its own deck,
#    felt, lighting, camera, noise and H.264 quality) and cuts them into crops (dataset.py).
# 3. Trains the recognizer for M minutes on the CPU (train.py), then the card reader's index
#    view for R minutes and its whole-card view for C minutes (reader.py), and exports each to
#    one ONNX file (opset 17) in models/; the recognizer as models/pitnet-float.onnx, then
#    quantized to 8-bit integers in its body as models/pitnet.onnx (quantize.py, a minute;
#    then fuse_heads.py runs its three heads as one convolution);
#    the readers as models/pitnet-reader*-float.onnx, then quantized to 8-bit integers on the
#    patches they are given over four more shifts' footage (training/reader_patches.rs,
#    quantize_reader.py).
# 4. Renders two held-out shifts (seeds and realism settings never used in training) and
#    scores the new model on them with `pitwatch eval-vision`.
# The defaults (32 shifts, 18 + 8 + 9 minutes) finish within an hour on a 2-core machine with
# nothing else running: 48.4 minutes from a fresh checkout, setup and PyTorch's install included
# (models/README.md gives what that run's models read).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
shifts=32
minutes=18
reader_minutes=8
card_minutes=9
while [ $# -gt 0 ]; do
  case "$1" in
    --shifts) shifts=$2; shift 2 ;;
    --minutes) minutes=$2; shift 2 ;;
    --reader-minutes) reader_minutes=$2; shift 2 ;;
    --card-minutes) card_minutes=$2; shift 2 ;;
    *) echo "usage: bash training/train.sh [--shifts N] [--minutes M] [--reader-minutes R] [--card-minutes C]" >&2
       exit 2 ;;
  esac
done
start=$(date +%s)
bash scripts/setup.sh
cargo build --release --locked
venv=.local/train-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet -r training/requirements.txt
data=.local/data
rm -rf "$data"
last=$((1000 + shifts - 1))
(cd training && "../$venv/bin/python" dataset.py --pitwatch ../target/release/pitwatch \
  --out "../$data" --seeds "1000-$last")
echo "dataset ready after $(( $(date +%s) - start )) s"
(cd training && "../$venv/bin/python" train.py --data "../$data" --out ../models/pitnet-float.onnx \
  --minutes "$minutes")
(cd training && "../$venv/bin/python" quantize.py --data "../$data" ../models/pitnet-float.onnx \
  ../models/pitnet.onnx)
(cd training && "../$venv/bin/python" fuse_heads.py ../models/pitnet.onnx ../models/pitnet.onnx)
(cd training && "../$venv/bin/python" reader.py --data "../$data" \
  --out ../models/pitnet-reader-float.onnx --minutes "$reader_minutes" --hard 1.5)
(cd training && "../$venv/bin/python" reader.py --data "../$data" --anchor card \
  --out ../models/pitnet-reader-card-float.onnx --minutes "$card_minutes" --hard 1.5)
# The readers in 8-bit integers, calibrated on the patches they are given at run time over
# footage of four training shifts (a few minutes).
cargo build --release --locked --example reader_patches
rm -rf .local/calibration
for spec in "1000 0.3 21 30" "1001 1.4 26 15" "1002 2.2 29 30" "1003 0.7 18 30"; do
  set -- $spec
  ./target/release/pitwatch simulate --seed "$1" --rounds 3 --realism "$2" --crf "$3" \
    --fps "$4" --label-every 0 --out ".local/calibration/shift-$1" > /dev/null
done
./target/release/examples/reader_patches --shifts .local/calibration --out .local/calibration/patches
for view in index card; do
  name=pitnet-reader; [ "$view" = card ] && name=pitnet-reader-card
  (cd training && "../$venv/bin/python" quantize_reader.py --patches ../.local/calibration/patches \
    --view "$view" "../models/$name-float.onnx" "../models/$name.onnx")
done
echo "trained after $(( $(date +%s) - start )) s"
rm -rf .local/eval
./target/release/pitwatch simulate --seed 9001 --rounds 2 --realism 0.5 --crf 24 \
  --label-every 10 --errors 0.3 --out .local/eval/shift-9001 > /dev/null
./target/release/pitwatch simulate --seed 9002 --rounds 2 --realism 2.0 --crf 28 --fps 15 \
  --label-every 5 --errors 0.3 --out .local/eval/shift-9002 > /dev/null
./target/release/pitwatch eval-vision .local/eval/shift-9001 .local/eval/shift-9002 \
  --out .local/eval/worst
sha256sum models/pitnet.onnx models/pitnet-float.onnx models/pitnet-reader.onnx \
  models/pitnet-reader-card.onnx models/pitnet-reader-float.onnx models/pitnet-reader-card-float.onnx
echo "done after $(( $(date +%s) - start )) s"
