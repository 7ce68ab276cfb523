"""Render the recognizer's training data with `pitwatch simulate` and cut it into crops.

Each video is one shift drawn from a seed: its own deck design, felt, lighting, camera tilt and
noise (``--realism``), and H.264 quality (``--crf``). Every labelled frame is decoded from the
encoded video (so the crops carry the compression the recognizer will see) and cut into
square crops around the cards and chips, plus some of the bare table. Each video's crops and
keypoints go to one ``.npz`` file:

- ``crops`` uint8 [N, CROP, CROP, 3];
- ``points`` float32 [M, 12]: crop number, heat class, x, y (crop pixels), geometry (6),
  identity, use (see pitnet.points_of).

Usage: python dataset.py --pitwatch PATH --out DIR --seeds A-B[,C...] [--realism R,...] [--jobs N]
                         [--pairs P]
"""

import argparse
import json
import os
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import av
import numpy as np

from pitnet import points_of

CROP = 176


def parse_range(s):
    """Seeds as ranges and single seeds, comma-separated: "1000-1031,1040"."""
    seeds = []
    for part in s.split(","):
        a, _, b = part.partition("-")
        seeds.extend(range(int(a), int(b or a) + 1))
    return seeds


def render(pitwatch, out, seed, realism, crf, rounds, fps, label_every, pairs=0.0):
    """Runs `pitwatch simulate` for one shift; returns its folder. A shift already rendered
    there (its simulation.json and footage written) is kept, so a broken run resumes."""
    d = os.path.join(out, f"shift-{seed}")
    if all(os.path.exists(os.path.join(d, f)) for f in ("simulation.json", "footage.mp4")):
        return d
    cmd = [
        pitwatch, "simulate", "--out", d, "--seed", str(seed), "--rounds", str(rounds),
        "--realism", f"{realism}", "--crf", str(crf), "--fps", str(fps),
        "--label-every", str(label_every), "--errors", "0.3", "--pairs", f"{pairs}",
    ]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return d


def cut(folder, rng, per_frame=3):
    """Crops and keypoints of one rendered shift."""
    notes = {}
    with open(os.path.join(folder, "annotations.jsonl")) as f:
        for line in f:
            n = json.loads(line)
            if any(o["class"] <= 58 for o in n["objects"]):
                notes[n["frame"]] = n
    crops, points = [], []
    half = CROP // 2
    with av.open(os.path.join(folder, "footage.mp4")) as c:
        for i, frame in enumerate(c.decode(video=0)):
            note = notes.get(i)
            if note is None:
                continue
            img = frame.to_ndarray(format="rgb24")
            h, w, _ = img.shape
            pts = [p for o in note["objects"] for p in points_of(o)]
            objs = [o for o in note["objects"] if o["class"] <= 58]
            for k in range(per_frame):
                if k < per_frame - 1 or rng.random() < 0.5:
                    o = rng.choice(objs)
                    bx = o["bbox"]
                    cx = (bx[0] + bx[2]) / 2 + rng.uniform(-50, 50)
                    cy = (bx[1] + bx[3]) / 2 + rng.uniform(-50, 50)
                else:
                    cx, cy = rng.uniform(half, w - half), rng.uniform(half, h - half)
                x0 = int(min(max(cx - half, 0), w - CROP))
                y0 = int(min(max(cy - half, 0), h - CROP))
                n = len(crops)
                crops.append(img[y0:y0 + CROP, x0:x0 + CROP].copy())
                for cls, x, y, g, ident, use in pts:
                    if -40 <= x - x0 < CROP + 40 and -40 <= y - y0 < CROP + 40:
                        points.append([n, cls, x - x0, y - y0, *g, ident, use])
    return np.stack(crops) if crops else np.zeros((0, CROP, CROP, 3), np.uint8), np.asarray(
        points, np.float32
    ).reshape(-1, 12)


def one(args, seed):
    rng = random.Random(seed)
    realism = rng.choice(args.realism)
    crf = rng.choice([18, 21, 23, 26, 29])
    fps = rng.choice([30, 15])
    every = max(args.label_every * fps // 30, 1)
    d = render(args.pitwatch, args.out, seed, realism, crf, args.rounds, fps, every, args.pairs)
    crops, points = cut(d, rng, args.per_frame)
    np.savez(os.path.join(args.out, f"shift-{seed}.npz"), crops=crops, points=points)
    os.remove(os.path.join(d, "footage.mp4"))
    return seed, len(crops), len(points), realism, crf, fps


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pitwatch", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seeds", type=parse_range, required=True)
    ap.add_argument("--realism", type=lambda s: [float(v) for v in s.split(",")],
                    default=[0.0, 0.3, 0.7, 1.0, 1.4, 1.8, 2.2])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--label-every", type=int, default=4,
                    help="label every Nth frame at 30 fps (half as many at 15 fps)")
    ap.add_argument("--per-frame", type=int, default=2, help="crops cut from each labelled frame")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--pairs", type=float, default=0.0,
                    help="chance that a player is dealt a pair (simulate --pairs): split hands, "
                         "and split aces' cards across them, far more often than in play")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    with ThreadPoolExecutor(args.jobs) as ex:
        for seed, n, m, realism, crf, fps in ex.map(lambda s: one(args, s), args.seeds):
            print(f"shift {seed}: realism {realism} crf {crf} fps {fps}: {n} crops, {m} points",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
