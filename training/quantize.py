"""Quantize pitnet's body to 8-bit integers: the six residual blocks and the stem's second
convolution run in int8 (weights per channel, activations per tensor), calibrated on crops of
the training shifts; the stem's first convolution (raw pixels in), the neck and the heads
(the heat, geometry and chip values out) stay in float. On this 2-core machine's AVX2 that takes
about a tenth off `pitwatch analyze`'s CPU time and reads the held-out shifts as well as the
float network does (models/README.md has the figures).

    python training/quantize.py --data .local/data IN.onnx OUT.onnx     (OUT may be IN)

Needs onnxruntime (training/requirements.txt). The calibration crops are fixed (the first 12
shifts in name order, 16 crops each drawn with seed 0), so one float model and one dataset
always give the same file.
"""
import argparse
import glob
import os
import tempfile

import numpy as np
import onnx
from onnxruntime.quantization import (
    CalibrationDataReader,
    CalibrationMethod,
    QuantFormat,
    QuantType,
    quantize_static,
)
from onnxruntime.quantization.shape_inference import quant_pre_process

# Nodes left in float: pixels in, and everything after the blocks.
FLOAT_NODES = ["/stem/stem.0/Conv", "/neck/neck.0/Conv", "/heat/Conv", "/geom/Conv", "/chip/Conv"]


class Batches(CalibrationDataReader):
    """Calibration batches of `size` items of `data` as the model's input `name`."""

    def __init__(self, name, data, size):
        self.name, self.data, self.size = name, data, size
        self.at = 0

    def get_next(self):
        if self.at >= len(self.data):
            return None
        b = self.data[self.at:self.at + self.size]
        self.at += self.size
        return {self.name: b}


def quantize(src_path, dst, batches, exclude, note):
    """Quantizes the float model at `src_path` to `dst`: every node but those named in
    `exclude` in int8 (weights per output channel, activations per tensor, QDQ format,
    calibrated by min and max on `batches`, a CalibrationDataReader), with the float model's
    metadata and a `quantized` entry saying `note`."""
    src = onnx.load(src_path)
    if any(p.key == "quantized" for p in src.metadata_props):
        raise SystemExit(f"{src_path}: already quantized")
    with tempfile.TemporaryDirectory() as tmp:
        pre = os.path.join(tmp, "pre.onnx")
        quant_pre_process(src_path, pre, skip_symbolic_shape=True)
        out = os.path.join(tmp, "q.onnx")
        quantize_static(
            pre, out, batches, quant_format=QuantFormat.QDQ, per_channel=True,
            activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8,
            nodes_to_exclude=exclude, calibrate_method=CalibrationMethod.MinMax,
        )
        m = onnx.load(out)
    del m.metadata_props[:]
    for p in src.metadata_props:
        m.metadata_props.append(p)
    e = m.metadata_props.add()
    e.key, e.value = "quantized", note
    onnx.checker.check_model(m)
    onnx.save(m, dst)


def calibration_crops(data, shifts=12, per_shift=16):
    files = sorted(glob.glob(os.path.join(data, "shift-*.npz")))[:shifts]
    if not files:
        raise SystemExit(f"{data}: no shift-*.npz crops (run dataset.py first)")
    out = []
    for f in files:
        c = np.load(f)["crops"]
        pick = np.random.RandomState(0).choice(len(c), min(per_shift, len(c)), replace=False)
        out.append(c[pick])
    return np.concatenate(out).astype(np.float32).transpose(0, 3, 1, 2) / 255.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True, help="the crops dataset.py cut")
    ap.add_argument("src")
    ap.add_argument("dst")
    args = ap.parse_args()
    crops = calibration_crops(args.data)
    quantize(args.src, args.dst, Batches("image", crops, 8), FLOAT_NODES,
             f"int8 body, float {', '.join(FLOAT_NODES)}; {len(crops)} crops")
    print(f"{args.dst}: quantized on {len(crops)} crops")


if __name__ == "__main__":
    main()
