"""Drop pitnet's `card` head from an exported ONNX file: its 52 face logits at every point
cost about an eighth of the network's run time, and pitwatch reads every face-up card with the
card reader (pitnet-reader.onnx) instead. The head still trains beside the others (its loss
helps the shared layers learn the indices); only the exported file goes without it.

    python training/drop_card_head.py IN.onnx OUT.onnx     (OUT may be IN)
"""
import sys

import onnx


def drop_card_head(m):
    """Removes the `card` output, the node that makes it and its weights, in place."""
    g = m.graph
    made = [n for n in g.node if "card" in n.output]
    for n in made:
        g.node.remove(n)
    for o in [o for o in g.output if o.name == "card"]:
        g.output.remove(o)
    used = {i for n in g.node for i in n.input}
    for w in [w for w in g.initializer if w.name not in used]:
        g.initializer.remove(w)
    return m


if __name__ == "__main__":
    src, dst = sys.argv[1], sys.argv[2]
    m = drop_card_head(onnx.load(src))
    onnx.checker.check_model(m)
    onnx.save(m, dst)
    print(f"{dst}: outputs {[o.name for o in m.graph.output]}")
