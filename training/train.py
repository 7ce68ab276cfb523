"""Train pitnet on the crops dataset.py cut, then export it to ONNX.

Each step draws a batch of crops, warps each by a random rotation, scale and shift (the
keypoints with it), varies colour, brightness, contrast, blur and noise, and fits the network
(pitnet.loss_fn). Ends by exporting the network to one ONNX file (opset 17) with dynamic batch
and size, holding the class lists in its metadata.

Usage: python train.py --data DIR --out models/pitnet.onnx [--minutes M] [--batch B]
                       [--init .local/pitnet.pt | --init models/pitnet-float.onnx] [--lr LR]
"""

import argparse
import glob
import json
import math
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

from pitnet import CHIP_CENTS, GEOM_UNIT, HEAT_CLASSES, STRIDE, PitNet, loss_fn, make_targets

SIZE = 128


def load(data):
    crops, points, base = [], [], 0
    for f in sorted(glob.glob(os.path.join(data, "*.npz"))):
        z = np.load(f)
        c, p = z["crops"], z["points"].copy()
        p[:, 0] += base
        base += len(c)
        crops.append(c)
        points.append(p)
    crops = np.concatenate(crops)
    points = np.concatenate(points)
    order = np.argsort(points[:, 0], kind="stable")
    points = points[order]
    starts = np.searchsorted(points[:, 0], np.arange(len(crops) + 1))
    return crops, points, starts


def crop_weights(points, starts, back_weight=14.0):
    """How often each crop is drawn: crops holding what is rare on a table (a face-down card;
    a 50c, $25 or $100 chip) more often than the rest."""
    w = np.ones(len(starts) - 1)
    cls, ident, use = points[:, 1], points[:, 10], points[:, 11]
    rare = ((cls == 1) & (use == 1)) * back_weight + ((cls == 2) & np.isin(ident, [0, 4, 5])) * 3.0
    for i in range(len(w)):
        r = rare[starts[i]:starts[i + 1]]
        if len(r):
            w[i] += r.max()
    return w / w.sum()


def rot(theta):
    c, s = math.cos(theta), math.sin(theta)
    return np.array([[c, -s], [s, c]])


def batch(crops, points, starts, idx, rng):
    """A warped, recoloured batch and its targets."""
    n = len(idx)
    src = torch.from_numpy(crops[idx]).permute(0, 3, 1, 2).float() / 255.0
    crop = src.shape[-1]
    theta = np.zeros((n, 2, 3), np.float32)
    targets = []
    grid = SIZE // STRIDE
    for b, i in enumerate(idx):
        angle = rng.uniform(-math.pi, math.pi) if rng.random() < 0.7 else rng.choice([0, 0.5, 1, 1.5]) * math.pi
        scale = math.exp(rng.uniform(math.log(0.72), math.log(1.4)))
        room = max(crop / 2 - SIZE / (2 * scale) * 1.0, 0)
        t = np.array([rng.uniform(-room, room), rng.uniform(-room, room)]) * 0.8
        r = rot(angle)
        # Output pixel u maps to input pixel c_in + R (u - c_out) / scale + t.
        theta[b, :, :2] = (SIZE / crop) / scale * r
        theta[b, :, 2] = 2 * t / crop
        ri = rot(-angle)
        pts = []
        for row in points[starts[i]:starts[i + 1]]:
            _, cls, x, y = row[:4]
            g = row[4:10].astype(np.float64)
            u = SIZE / 2 + scale * ri @ (np.array([x, y]) - crop / 2 - t)
            if not (-2 <= u[0] < SIZE + 2 and -2 <= u[1] < SIZE + 2):
                continue
            g2 = np.concatenate([scale * ri @ g[0:2], scale * ri @ g[2:4], scale * ri @ g[4:6]])
            if int(cls) == 1 and (g2[3] > 0 or (g2[3] == 0 and g2[2] > 0)):
                # A back reads the same both ways up: its up vector points up the picture
                # after the turn too (as pitnet.points_of sets it before).
                g2[2:6] = -g2[2:6]
            pts.append((int(cls), u[0], u[1], g2, int(row[10]), int(row[11])))
        targets.append(make_targets(pts, grid, grid))
    grid_t = F.affine_grid(torch.from_numpy(theta), (n, 3, SIZE, SIZE), align_corners=False)
    x = F.grid_sample(src, grid_t, mode="bilinear", padding_mode="reflection", align_corners=False)
    # Colour: per-channel gain, brightness, contrast, a little desaturation.
    gain = torch.from_numpy(np.exp(np.random.uniform(-0.15, 0.15, (n, 3, 1, 1)))).float()
    x = x * gain
    mean = x.mean(dim=(1, 2, 3), keepdim=True)
    contrast = torch.from_numpy(np.random.uniform(0.7, 1.3, (n, 1, 1, 1))).float()
    x = (x - mean) * contrast + mean + torch.from_numpy(np.random.uniform(-0.12, 0.12, (n, 1, 1, 1))).float()
    grey = x.mean(dim=1, keepdim=True)
    sat = torch.from_numpy(np.random.uniform(0.6, 1.2, (n, 1, 1, 1))).float()
    x = grey + (x - grey) * sat
    # Blur some, then noise.
    blur = torch.from_numpy((np.random.random(n) < 0.3).astype(np.float32)).view(n, 1, 1, 1)
    k = torch.tensor([1.0, 2.0, 1.0]) / 4
    k2 = (k[:, None] * k[None, :]).expand(3, 1, 3, 3)
    xb = F.conv2d(F.pad(x, (1, 1, 1, 1), mode="replicate"), k2, groups=3)
    x = blur * xb + (1 - blur) * x
    sigma = torch.from_numpy(np.random.uniform(0, 0.03, (n, 1, 1, 1))).float()
    x = (x + torch.randn_like(x) * sigma).clamp(0, 1)
    t = [torch.from_numpy(np.stack([tg[j] for tg in targets])) for j in range(6)]
    return x, t


def init_from_onnx(model, path, x):
    """Starts `model` from an exported pitnet, which has no card head (unfold.py): the
    card head stays zero and out of training."""
    import onnx
    from unfold import onnx_weights, unfold_batch_norms
    m = onnx.load(path)
    w = onnx_weights(m)
    convs = [n for n in m.graph.node if n.op_type == "Conv"]
    body = [(model.stem[0], model.stem[1]), (model.stem[3], model.stem[4])]
    for b in model.blocks:
        body += [(b.pw1, b.bn1), (b.dw, b.bn2), (b.pw2, b.bn3)]
    heads = {h.out_channels: h for h in (model.heat, model.geom, model.chip)}
    if len(convs) != len(body) + 1 + len(heads):
        raise SystemExit(f"{path}: {len(convs)} convolutions, pitnet without its card head has "
                         f"{len(body) + 1 + len(heads)}")
    with torch.no_grad():
        neck = convs[len(body)]
        model.neck[0].weight.copy_(w[neck.input[1]])
        model.neck[0].bias.copy_(w[neck.input[2]])
        for n in convs[len(body) + 1:]:
            h = heads[w[n.input[1]].shape[0]]
            h.weight.copy_(w[n.input[1]])
            h.bias.copy_(w[n.input[2]])
        model.card.weight.zero_()
        model.card.bias.zero_()
    model.card.requires_grad_(False)
    unfold_batch_norms(model, body, [(w[n.input[1]], w[n.input[2]]) for n in convs], x)


def export(model, path, meta):
    model = model.to(memory_format=torch.contiguous_format).eval()
    dummy = torch.rand(1, 3, 192, 192)
    torch.onnx.export(
        model, (dummy,), path, input_names=["image"], output_names=["heat", "geom", "card", "chip"],
        dynamic_axes={"image": {0: "batch", 2: "height", 3: "width"},
                      "heat": {0: "batch", 2: "h", 3: "w"}, "geom": {0: "batch", 2: "h", 3: "w"},
                      "card": {0: "batch", 2: "h", 3: "w"}, "chip": {0: "batch", 2: "h", 3: "w"}},
        opset_version=17, dynamo=False,
    )
    import onnx
    from drop_card_head import drop_card_head
    m = drop_card_head(onnx.load(path))
    for k, v in meta.items():
        e = m.metadata_props.add()
        e.key, e.value = k, v
    onnx.save(m, path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--minutes", type=float, default=30.0)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--init", default=None,
                    help="start from these weights: a .pt state dict, or an exported pitnet "
                         "(.onnx, fine-tuned without its card head)")
    ap.add_argument("--back-weight", type=float, default=14.0,
                    help="extra draws of crops holding a face-down card")
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    rng = random.Random(args.seed)
    crops, points, starts = load(args.data)
    print(f"{len(crops)} crops, {len(points)} points", flush=True)
    model = PitNet()
    card_weight = 1.0
    if args.init and args.init.endswith(".onnx"):
        probe = np.random.RandomState(args.seed).choice(len(crops), 256)
        init_from_onnx(model, args.init, batch(crops, points, starts, probe, rng)[0])
        card_weight = 0.0
    elif args.init:
        model.load_state_dict(torch.load(args.init))
    model = model.to(memory_format=torch.channels_last)
    weights = crop_weights(points, starts, args.back_weight)
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=args.lr,
                            weight_decay=1e-4)
    budget = args.minutes * 60
    start = time.time()
    step, avg = 0, None
    model.train()
    while True:
        frac = (time.time() - start) / budget
        if frac >= 1:
            break
        lr = args.lr * (min(1.0, frac * 20) * 0.5 * (1 + math.cos(math.pi * frac)))
        for g in opt.param_groups:
            g["lr"] = lr
        idx = np.random.choice(len(crops), args.batch, p=weights)
        x, t = batch(crops, points, starts, idx, rng)
        out = model(x.contiguous(memory_format=torch.channels_last))
        loss, parts = loss_fn(out, t, card_weight)
        opt.zero_grad()
        loss.backward()
        opt.step()
        avg = parts if avg is None else {k: 0.98 * avg[k] + 0.02 * v for k, v in parts.items()}
        step += 1
        if step % 100 == 0:
            el = time.time() - start
            print(f"step {step} {el:.0f}s lr {lr:.5f} " + " ".join(f"{k} {v:.4f}" for k, v in avg.items()),
                  flush=True)
    meta = {
        "pitwatch_model": "pitnet",
        "heat_classes": json.dumps(list(HEAT_CLASSES)),
        "chip_cents": json.dumps(list(CHIP_CENTS)),
        "stride": str(STRIDE),
        "geom_unit": str(GEOM_UNIT),
        "train_steps": str(step),
        "train_batch": str(args.batch),
        "train_crops": str(len(crops)),
        "train_init": os.path.basename(args.init) if args.init else "",
    }
    export(model, args.out, meta)
    torch.save(model.state_dict(), os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".local", "pitnet.pt"))
    print(f"exported {args.out} after {step} steps", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
