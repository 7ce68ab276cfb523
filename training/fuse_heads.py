"""Join pitnet's three float heads (heat, geom, chip: 1x1 convolutions of the neck's output)
into one convolution whose output is split three ways, in an exported ONNX file. The three
read the same input, and run as one they cost ONNX Runtime on the CPU less than apart (its
blocked-channel kernels pad 3, 8 and 6 channels to 8 each, and read the neck's 96 channels
once, not three times): the recognizer's run on a 288x288 window took 3.39 against 3.50 ms,
one thread. Each output channel is its own weighted sum, so the outputs are the same to the
bit (checked here on random windows when onnxruntime is installed).

    python training/fuse_heads.py IN.onnx OUT.onnx     (OUT may be IN)

train.sh runs it on models/pitnet.onnx after quantize.py (which names the heads to leave in
float, so it runs on the unjoined network).
"""
import os
import sys

import numpy as np
import onnx
from onnx import helper, numpy_helper

HEADS = ["/heat/Conv", "/geom/Conv", "/chip/Conv"]


def fuse_heads(m):
    """Replaces the three head convolutions of `m` by one and a Split, in place."""
    g = m.graph
    init = {t.name: t for t in g.initializer}
    heads = [n for name in HEADS for n in g.node if n.name == name]
    if len(heads) != len(HEADS):
        raise SystemExit(f"no heads {', '.join(HEADS)} to join (joined already?)")
    x = heads[0].input[0]
    if any(h.input[0] != x or len(h.input) != 3 for h in heads):
        raise SystemExit("the heads do not share one input, each with weights and bias")
    for h in heads:
        attrs = {a.name: helper.get_attribute_value(a) for a in h.attribute}
        if attrs.get("kernel_shape", [1, 1]) != [1, 1] or attrs.get("group", 1) != 1:
            raise SystemExit(f"{h.name} is not a plain 1x1 convolution")
    ws = [numpy_helper.to_array(init[h.input[1]]) for h in heads]
    bs = [numpy_helper.to_array(init[h.input[2]]) for h in heads]
    at = min(list(g.node).index(h) for h in heads)
    for h in heads:
        g.node.remove(h)
        for name in h.input[1:]:
            g.initializer.remove(init[name])
    g.initializer.extend([
        numpy_helper.from_array(np.concatenate(ws), "heads.weight"),
        numpy_helper.from_array(np.concatenate(bs), "heads.bias"),
        numpy_helper.from_array(np.array([w.shape[0] for w in ws], dtype=np.int64), "heads.split"),
    ])
    conv = helper.make_node("Conv", [x, "heads.weight", "heads.bias"], ["heads"],
                            name="/heads/Conv", kernel_shape=[1, 1])
    split = helper.make_node("Split", ["heads", "heads.split"], [h.output[0] for h in heads],
                             name="/heads/Split", axis=1)
    g.node.insert(at, split)
    g.node.insert(at, conv)
    return m


def same_outputs(a_path, b_path):
    """True when the two files give the same outputs on random windows (None without
    onnxruntime)."""
    try:
        import onnxruntime as ort
    except ImportError:
        return None
    a, b = (ort.InferenceSession(p, providers=["CPUExecutionProvider"]) for p in (a_path, b_path))
    rng = np.random.RandomState(0)
    for shape in [(1, 3, 64, 96), (3, 3, 160, 160)]:
        x = rng.rand(*shape).astype(np.float32)
        oa = dict(zip([o.name for o in a.get_outputs()], a.run(None, {"image": x})))
        ob = dict(zip([o.name for o in b.get_outputs()], b.run(None, {"image": x})))
        if oa.keys() != ob.keys() or any(not np.array_equal(oa[k], ob[k]) for k in oa):
            return False
    return True


if __name__ == "__main__":
    src, dst = sys.argv[1], sys.argv[2]
    m = fuse_heads(onnx.load(src))
    onnx.checker.check_model(m)
    tmp = dst + ".tmp"
    onnx.save(m, tmp)
    same = same_outputs(src, tmp)
    if same is False:
        os.remove(tmp)
        raise SystemExit(f"{src}: joined heads give other outputs; {dst} left as it was")
    os.replace(tmp, dst)
    print(f"{dst}: heads joined ({'outputs the same' if same else 'unchecked: no onnxruntime'})")
