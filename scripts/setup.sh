#!/usr/bin/env bash
# Sets up a fresh Debian 12 machine (as root) to build pitwatch. Safe to run again: it installs
# only what is missing. The build needs a C linker (build-essential), the Rust toolchain, and
# Debian's FFmpeg 5.1 development files with libclang (ffmpeg-next writes the simulator's H.264
# footage through them; bindgen reads their headers); the simulator letters card indices in
# Debian's outline fonts; the recognizer loads ONNX Runtime from .local/onnxruntime/ (fetched
# from PyPI below).
set -euo pipefail

need_apt=()
command -v cc >/dev/null 2>&1 || need_apt+=(build-essential)
command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
# Outline fonts the simulator letters its decks in (src/render/typeface.rs).
for pkg in libavcodec-dev libavformat-dev libavutil-dev libswscale-dev libclang-dev \
  fonts-dejavu-core fonts-liberation2 fonts-freefont-ttf fonts-urw-base35; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need_apt+=("$pkg")
done
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: installing ${need_apt[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null 2>&1; then
  for c in "$HOME/.cargo/bin/cargo" /usr/local/cargo/bin/cargo; do
    if [ -x "$c" ]; then export PATH="$(dirname "$c"):$PATH"; break; fi
  done
fi
if ! command -v cargo >/dev/null 2>&1; then
  echo "setup: no Rust toolchain found. pitwatch needs Rust 1.85 or later (edition 2024);" >&2
  echo "setup: install it with rustup, then run this again." >&2
  exit 1
fi
ver=$(rustc --version | awk '{print $2}')
major=${ver%%.*}; rest=${ver#*.}; minor=${rest%%.*}
if [ "$major" -lt 1 ] || { [ "$major" -eq 1 ] && [ "$minor" -lt 85 ]; }; then
  echo "setup: rustc $ver is too old; pitwatch needs 1.85 or later" >&2
  exit 1
fi

# ONNX Runtime for the recognizer: libonnxruntime.so.1.31.1 from the PyPI wheel
# onnxruntime==1.31.1, unpacked into .local/onnxruntime/ (loaded at run time by ort).
ort_dir=.local/onnxruntime
if [ ! -f "$ort_dir/libonnxruntime.so.1.31.1" ]; then
  if ! python3 -m pip --version >/dev/null 2>&1; then
    echo "setup: installing python3-pip (to fetch the onnxruntime wheel)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends python3-pip >/dev/null
  fi
  echo "setup: fetching onnxruntime==1.31.1 from PyPI into $ort_dir" >&2
  wheel_dir=$(mktemp -d)
  python3 -m pip download --quiet --no-deps --only-binary=:all: onnxruntime==1.31.1 -d "$wheel_dir"
  mkdir -p "$ort_dir"
  python3 - "$wheel_dir" "$ort_dir" <<'PY'
import glob, shutil, sys, zipfile
wheel = glob.glob(sys.argv[1] + "/onnxruntime-1.31.1-*.whl")[0]
with zipfile.ZipFile(wheel) as z:
    name = "onnxruntime/capi/libonnxruntime.so.1.31.1"
    with z.open(name) as src, open(sys.argv[2] + "/libonnxruntime.so.1.31.1", "wb") as dst:
        shutil.copyfileobj(src, dst)
PY
  rm -rf "$wheel_dir"
fi
