"""Quantize the card reader's two views to 8-bit integers: every convolution and both dense
layers in int8 (weights per output channel, activations per tensor, QDQ format), calibrated
on the patches the reader is given at run time, cut from footage of training shifts by
``cargo run --release --example reader_patches`` (training/reader_patches.rs); the first
convolution (raw pixels in) stays in float. ONNX Runtime then reads a patch in about half the
time (models/README.md has the figures).

    python training/quantize_reader.py --patches DIR IN.onnx OUT.onnx --view index|card

Needs onnxruntime and onnx (training/requirements.txt; not PyTorch). Prints how often the
int8 view's most likely face is the float view's on the calibration patches.
"""
import argparse
import os

import numpy as np
import onnx
import onnxruntime as ort

from quantize import Batches, quantize


def faces(path, patches):
    s = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    return np.concatenate([s.run(None, {"index": patches[i:i + 256]})[0]
                           for i in range(0, len(patches), 256)])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--patches", required=True, help="the folder reader_patches wrote")
    ap.add_argument("--view", choices=["index", "card"], required=True)
    ap.add_argument("src")
    ap.add_argument("dst")
    args = ap.parse_args()
    patches = np.load(os.path.join(args.patches, f"{args.view}.npy")).astype(np.float32)
    first = next(n.name for n in onnx.load(args.src).graph.node if n.op_type == "Conv")
    quantize(args.src, args.dst, Batches("index", patches, 64), [first],
             f"int8 but the first convolution; {len(patches)} patches")
    same = (faces(args.src, patches).argmax(1) == faces(args.dst, patches).argmax(1)).mean()
    print(f"{args.dst}: quantized on {len(patches)} patches; the same face as the float view "
          f"on {100 * same:.2f}% of them")


if __name__ == "__main__":
    main()
