"""The card reader: reads a card's face from its corner index, or from the whole card, set upright.

pitnet finds each card's corner index and the card's axes; the reader is given a patch cut out
of the picture along those axes (so the rank reads upright whatever way the card lies) and says
which of the 52 faces it is, or that there is no index there (class 52).

Two views are trained by this script (``--anchor``):

- ``index`` (models/pitnet-reader.onnx): input ``index`` [B, 3, 48, 32], RGB 0..1, the patch
  0.40 card widths wide and 0.42 card heights tall centred on the index;
- ``card`` (models/pitnet-reader-card.onnx): input ``index`` [B, 3, 56, 40], the whole card
  (1.04 of its width and height) centred on the card's centre as the index found gives it, so
  that the index found lies top left, the pips or the court panel's suits in the middle and the
  far index, upside down, bottom right.

In both, x runs along the card's top edge and y down the card. Output ``face`` [B, 53]: logits,
the 52 faces in pitwatch's card order, then "no index". pitwatch adds the views'
log-probabilities (src/vision/reader.rs).

Usage: python reader.py --data DIR --out models/pitnet-reader.onnx [--minutes M] [--hard 1.5]
       python reader.py --data DIR --out models/pitnet-reader-card.onnx --anchor card
       python reader.py ... --init models/pitnet-reader.onnx --lr 7e-4   (fine-tune an export)
"""

import argparse
import glob
import json
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

PATCH_W, PATCH_H = 32, 48
# The patch's size as fractions of the card's width and height.
SPAN_W, SPAN_H = 0.40, 0.42
# Where the patch is centred: "index" or "card".
ANCHOR = "index"
# Each view's cut when --patch and --span are not given.
CUTS = {"index": ("32x48", "0.4x0.42"), "card": ("40x56", "1.04x1.04")}
NO_INDEX = 52


class Reader(nn.Module):
    def __init__(self, pw=PATCH_W, ph=PATCH_H):
        super().__init__()

        def cbr(i, o):
            return [nn.Conv2d(i, o, 3, padding=1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True)]

        self.features = nn.Sequential(
            *cbr(3, 16), *cbr(16, 24), nn.MaxPool2d(2),
            *cbr(24, 32), *cbr(32, 48), nn.MaxPool2d(2),
            *cbr(48, 64), nn.MaxPool2d(2),
        )
        self.head = nn.Sequential(nn.Flatten(), nn.Dropout(0.1), nn.Linear(64 * (ph // 8) * (pw // 8), 128),
                                  nn.ReLU(inplace=True), nn.Linear(128, 53))

    def forward(self, x):
        return self.head(self.features(x))


def init_from_onnx(model, path, x):
    """Starts `model` from an exported reader (unfold.py), its statistics measured on
    patches `x`, so that training starts from the exported model's readings."""
    import onnx
    from unfold import onnx_weights, unfold_batch_norms
    m = onnx.load(path)
    w = onnx_weights(m)
    convs = [n for n in m.graph.node if n.op_type == "Conv"]
    layers = [mod for mod in model.features if isinstance(mod, (nn.Conv2d, nn.BatchNorm2d))]
    pairs = list(zip(layers[0::2], layers[1::2]))
    if len(convs) != len(pairs):
        raise SystemExit(f"{path}: {len(convs)} convolutions, the reader has {len(pairs)}")
    with torch.no_grad():
        for k in ("head.2.weight", "head.2.bias", "head.4.weight", "head.4.bias"):
            dict(model.named_parameters())[k].copy_(w[k])
    unfold_batch_norms(model, pairs, [(w[n.input[1]], w[n.input[2]]) for n in convs], x)


def load(data):
    """Crops, and per index point: crop, x, y (the patch's centre: the index, or the card's
    centre with --anchor card), up (2), right (2), face."""
    crops, rows, base = [], [], 0
    for f in sorted(glob.glob(os.path.join(data, "*.npz"))):
        z = np.load(f)
        c, p = z["crops"], z["points"]
        sel = p[(p[:, 1] == 0) & (p[:, 11] == 1)]
        crop = c.shape[1]
        x, y = sel[:, 2], sel[:, 3]
        margin = 6
        if ANCHOR == "card":
            # The card's centre is the index plus the geometry's offset; the whole card must
            # lie in the crop, give or take a corner.
            x, y = x + sel[:, 4], y + sel[:, 5]
            margin = 24
        inside = (x > margin) & (x < crop - margin) & (y > margin) & (y < crop - margin)
        sel, x, y = sel[inside], x[inside], y[inside]
        rows.append(np.stack([sel[:, 0] + base, x, y, sel[:, 6], sel[:, 7],
                              sel[:, 8], sel[:, 9], sel[:, 10]], axis=1))
        crops.append(c)
        base += len(c)
    return np.concatenate(crops), np.concatenate(rows).astype(np.float64)


def grids(px, py, ux, uy, rx, ry, size):
    """Sampling grids (normalised, align_corners=False) for patches centred on (px, py) along
    the card axes given by half vectors up (ux, uy) and right (rx, ry), in crop pixels."""
    n = len(px)
    wlen = np.hypot(rx, ry) * 2
    hlen = np.hypot(ux, uy) * 2
    xh = np.stack([rx, ry], 1) / np.maximum(wlen[:, None] / 2, 1e-6)
    yh = -np.stack([ux, uy], 1) / np.maximum(hlen[:, None] / 2, 1e-6)
    u = (np.arange(PATCH_W) + 0.5) / PATCH_W - 0.5
    v = (np.arange(PATCH_H) + 0.5) / PATCH_H - 0.5
    gx = (px[:, None, None] + u[None, None, :] * (SPAN_W * wlen)[:, None, None] * xh[:, 0, None, None]
          + v[None, :, None] * (SPAN_H * hlen)[:, None, None] * yh[:, 0, None, None])
    gy = (py[:, None, None] + u[None, None, :] * (SPAN_W * wlen)[:, None, None] * xh[:, 1, None, None]
          + v[None, :, None] * (SPAN_H * hlen)[:, None, None] * yh[:, 1, None, None])
    g = np.stack([2 * gx / size - 1, 2 * gy / size - 1], axis=-1)
    return torch.from_numpy(g.astype(np.float32)).reshape(n, PATCH_H, PATCH_W, 2)


def batch(crops, rows, n, rng):
    """Index patches with the jitter pitnet's geometry has, plus patches of no index."""
    pick = rows[rng.integers(0, len(rows), n)]
    ci = pick[:, 0].astype(np.int64)
    px, py, ux, uy, rx, ry = (pick[:, k].copy() for k in range(1, 7))
    face = pick[:, 7].astype(np.int64)
    # Geometry as the detector gives it: a little off in place, angle and size.
    size_w = np.hypot(rx, ry)
    px += rng.normal(0, 0.06, n) * size_w
    py += rng.normal(0, 0.06, n) * size_w
    ang = rng.normal(0, 0.05, n)
    k = np.exp(rng.normal(0, 0.05, (n, 2)))
    c, s = np.cos(ang), np.sin(ang)
    ux, uy = (c * ux - s * uy) * k[:, 1], (s * ux + c * uy) * k[:, 1]
    rx, ry = (c * rx - s * ry) * k[:, 0], (s * rx + c * ry) * k[:, 0]
    # A fifth are not indices: the same card's middle or far corner, or felt and chips nearby.
    # A false find on a card's pips puts the card view's centre about a half card width off.
    neg = rng.random(n) < 0.2
    shift = rng.uniform(0.8 if ANCHOR == "card" else 1.2, 3.0, n) * size_w
    theta = rng.uniform(0, 2 * math.pi, n)
    px = np.where(neg, px + shift * np.cos(theta), px)
    py = np.where(neg, py + shift * np.sin(theta), py)
    face = np.where(neg, NO_INDEX, face)
    src = torch.from_numpy(crops[ci]).permute(0, 3, 1, 2).float() / 255.0
    g = grids(px, py, ux, uy, rx, ry, src.shape[-1])
    x = F.grid_sample(src, g, mode="bilinear", padding_mode="border", align_corners=False)
    gain = torch.from_numpy(np.exp(rng.uniform(-0.15, 0.15, (n, 3, 1, 1)))).float()
    x = x * gain
    mean = x.mean(dim=(1, 2, 3), keepdim=True)
    contrast = torch.from_numpy(rng.uniform(0.6, 1.3, (n, 1, 1, 1))).float()
    x = (x - mean) * contrast + mean + torch.from_numpy(rng.uniform(-0.12, 0.12, (n, 1, 1, 1))).float()
    blur = torch.from_numpy((rng.random(n) < 0.3).astype(np.float32)).view(n, 1, 1, 1)
    kk = torch.tensor([1.0, 2.0, 1.0]) / 4
    k2 = (kk[:, None] * kk[None, :]).expand(3, 1, 3, 3)
    xb = F.conv2d(F.pad(x, (1, 1, 1, 1), mode="replicate"), k2, groups=3)
    x = blur * xb + (1 - blur) * x
    sigma = torch.from_numpy(rng.uniform(0, 0.04, (n, 1, 1, 1))).float()
    x = (x + torch.randn_like(x) * sigma).clamp(0, 1)
    return x, torch.from_numpy(face)


def main():
    global PATCH_W, PATCH_H, SPAN_W, SPAN_H, ANCHOR
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--minutes", type=float, default=8.0)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--init", default=None,
                    help="start from these weights (a .pt state dict, or an exported .onnx)")
    ap.add_argument("--hard", type=float, default=1.0,
                    help="draw this many times the batch and train on the hardest (online hard "
                         "example mining; 1: off)")
    ap.add_argument("--anchor", choices=["index", "card"], default="index",
                    help="centre patches on the index found or on the whole card")
    ap.add_argument("--patch", default=None,
                    help="patch size in samples, WxH (multiples of 8; default by --anchor)")
    ap.add_argument("--span", default=None,
                    help="patch size as shares of the card's width and height, WxH")
    args = ap.parse_args()
    ANCHOR = args.anchor
    args.patch = args.patch or CUTS[ANCHOR][0]
    args.span = args.span or CUTS[ANCHOR][1]
    PATCH_W, PATCH_H = (int(v) for v in args.patch.split("x"))
    SPAN_W, SPAN_H = (float(v) for v in args.span.split("x"))
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    crops, rows = load(args.data)
    print(f"{len(rows)} index points in {len(crops)} crops", flush=True)
    model = Reader(PATCH_W, PATCH_H)
    if args.init and args.init.endswith(".onnx"):
        init_from_onnx(model, args.init, batch(crops, rows, 1024, rng)[0])
    elif args.init:
        model.load_state_dict(torch.load(args.init))
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    start, step, avg, acc = time.time(), 0, None, None
    budget = args.minutes * 60
    model.train()
    while True:
        frac = (time.time() - start) / budget
        if frac >= 1:
            break
        lr = args.lr * min(1.0, frac * 20) * 0.5 * (1 + math.cos(math.pi * frac))
        for g in opt.param_groups:
            g["lr"] = lr
        x, y = batch(crops, rows, int(args.batch * args.hard), rng)
        if args.hard > 1:
            # Keep the patches the model reads worst: the rare faces of rare decks.
            with torch.no_grad():
                worst = F.cross_entropy(model(x), y, reduction="none").argsort(descending=True)
            keep = worst[: args.batch]
            x, y = x[keep], y[keep]
        out = model(x)
        loss = F.cross_entropy(out, y, label_smoothing=0.02)
        opt.zero_grad()
        loss.backward()
        opt.step()
        a = (out.argmax(1) == y).float().mean().item()
        avg = loss.item() if avg is None else 0.98 * avg + 0.02 * loss.item()
        acc = a if acc is None else 0.98 * acc + 0.02 * a
        step += 1
        if step % 50 == 0:
            print(f"step {step} {time.time() - start:.0f}s lr {lr:.5f} loss {avg:.4f} acc {acc:.4f}",
                  flush=True)
    model.eval()
    name = "pitnet-reader.pt" if ANCHOR == "index" else f"pitnet-reader-{ANCHOR}.pt"
    torch.save(model.state_dict(), os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                                ".local", name))
    torch.onnx.export(model, (torch.rand(1, 3, PATCH_H, PATCH_W),), args.out, input_names=["index"],
                      output_names=["face"], dynamic_axes={"index": {0: "batch"}, "face": {0: "batch"}},
                      opset_version=17, dynamo=False)
    import onnx
    m = onnx.load(args.out)
    for k, v in {"pitwatch_model": "pitnet-reader", "patch": json.dumps([PATCH_W, PATCH_H]),
                 "span": json.dumps([SPAN_W, SPAN_H]), "anchor": ANCHOR, "train_steps": str(step),
                 "train_batch": str(args.batch)}.items():
        e = m.metadata_props.add()
        e.key, e.value = k, v
    onnx.save(m, args.out)
    print(f"exported {args.out} after {step} steps", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
