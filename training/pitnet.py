"""pitnet: the recognizer's network, its targets and its loss.

A small fully convolutional keypoint detector (CenterNet-style) that works at a quarter of the
input resolution. For every cell of the quarter-resolution grid it predicts:

- ``heat`` [B, 3, H/4, W/4], sigmoid: the chance that the cell holds
  0. the centre of a face-up card's corner index (either of its two indices),
  1. the centre of a face-down card,
  2. the centre of the top chip of a stack, or of a fanned chip;
- ``geom`` [B, 8, H/4, W/4], in units of 16 input pixels except the first two:
  0-1. where the point lies inside its cell (0..1, x then y),
  2-3. the card's centre less the point,
  4-5. the half vector from the card's centre to the middle of its top edge, as read from this
       index (a chip: its radius, pointing up),
  6-7. the half vector from the card's centre to the middle of its right edge;
- ``card`` [B, 52, H/4, W/4]: logits of the 52 faces, read at index points;
- ``chip`` [B, 6, H/4, W/4]: logits of the six chip values, read at chip points.

Input: ``image`` [B, 3, H, W], RGB scaled to 0..1, H and W multiples of 16.
"""

import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

STRIDE = 4
GEOM_UNIT = 16.0
HEAT_CLASSES = ("card_index", "card_back", "chip")
CHIP_CENTS = (50, 100, 200, 500, 2500, 10000)


class Block(nn.Module):
    """Residual block: pointwise, depthwise (dilated), pointwise."""

    def __init__(self, ch: int, dilation: int):
        super().__init__()
        self.pw1 = nn.Conv2d(ch, ch, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(ch)
        self.dw = nn.Conv2d(ch, ch, 3, padding=dilation, dilation=dilation, groups=ch, bias=False)
        self.bn2 = nn.BatchNorm2d(ch)
        self.pw2 = nn.Conv2d(ch, ch, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(ch)

    def forward(self, x):
        y = F.relu(self.bn1(self.pw1(x)))
        y = F.relu(self.bn2(self.dw(y)))
        y = self.bn3(self.pw2(y))
        return F.relu(x + y)


class PitNet(nn.Module):
    """The recognizer network."""

    def __init__(self, width: int = 48, head: int = 96):
        super().__init__()
        self.stem = nn.Sequential(
            nn.Conv2d(3, 16, 3, stride=2, padding=1, bias=False),
            nn.BatchNorm2d(16),
            nn.ReLU(inplace=True),
            nn.Conv2d(16, width, 3, stride=2, padding=1, bias=False),
            nn.BatchNorm2d(width),
            nn.ReLU(inplace=True),
        )
        self.blocks = nn.Sequential(*[Block(width, d) for d in (1, 2, 4, 8, 2, 1)])
        self.neck = nn.Sequential(nn.Conv2d(width, head, 1), nn.ReLU(inplace=True))
        self.heat = nn.Conv2d(head, len(HEAT_CLASSES), 1)
        self.geom = nn.Conv2d(head, 8, 1)
        self.card = nn.Conv2d(head, 52, 1)
        self.chip = nn.Conv2d(head, len(CHIP_CENTS), 1)
        nn.init.constant_(self.heat.bias, -4.0)

    def forward(self, x):
        f = self.neck(self.blocks(self.stem(x)))
        return torch.sigmoid(self.heat(f)), self.geom(f), self.card(f), self.chip(f)


def card_geometry(corners):
    """Centre, half-up and half-right vectors of a card from its corners (TL, TR, BR, BL)."""
    c = np.asarray(corners, dtype=np.float64)
    centre = c.mean(axis=0)
    up = (c[0] + c[1]) / 2 - centre
    right = (c[1] + c[2]) / 2 - centre
    return centre, up, right


def chip_class(cents):
    """Index of a chip value in CHIP_CENTS, or None."""
    try:
        return CHIP_CENTS.index(cents)
    except ValueError:
        return None


def points_of(obj):
    """The keypoints an annotated object gives: (heat class, x, y, geom[2:8], identity, use)
    where use is 1 (a positive), 0 (ignore: covered too much to be sure)."""
    out = []
    cls = obj["class"]
    corners = obj["corners"]
    if cls < 52:
        centre, up, right = card_geometry(corners)
        for k, (p, seen) in enumerate(zip(obj["index_points"], obj["index_visible"])):
            sign = 1.0 if k == 0 else -1.0
            g = np.concatenate([centre - np.asarray(p), sign * up, sign * right])
            out.append((0, p[0], p[1], g, cls, 1 if seen else 0))
    elif cls == 52:
        centre, up, right = card_geometry(corners)
        # A back reads the same both ways up: point the up vector up the picture.
        if up[1] > 0 or (up[1] == 0 and up[0] > 0):
            up, right = -up, -right
        g = np.concatenate([[0.0, 0.0], up, right])
        use = 1 if obj["visible"] >= 0.5 else 0
        out.append((1, centre[0], centre[1], g, -1, use))
    elif 53 <= cls <= 58:
        c = np.asarray(corners, dtype=np.float64)
        centre = c.mean(axis=0)
        r = np.abs(c[1][0] - c[0][0]) / 2
        g = np.array([0.0, 0.0, 0.0, -r, r, 0.0])
        use = 1 if obj["visible"] >= 0.5 else 0
        out.append((2, centre[0], centre[1], g, cls - 53, use))
    return out


def make_targets(points, h, w, sigma=0.9):
    """Training targets on an h x w grid (quarter resolution) from keypoints in input pixels.

    Returns heat [3,h,w], heat weight [3,h,w] (0 where ignored), geom [8,h,w], geom mask [h,w],
    card id [h,w] (-1 none), chip id [h,w] (-1 none).
    """
    heat = np.zeros((3, h, w), np.float32)
    hw = np.ones((3, h, w), np.float32)
    geom = np.zeros((8, h, w), np.float32)
    gmask = np.zeros((h, w), np.float32)
    card = np.full((h, w), -1, np.int64)
    chip = np.full((h, w), -1, np.int64)
    ys, xs = np.mgrid[0:h, 0:w]
    for cls, x, y, g, ident, use in points:
        gx, gy = x / STRIDE, y / STRIDE
        ix, iy = int(math.floor(gx)), int(math.floor(gy))
        if not (0 <= ix < w and 0 <= iy < h):
            continue
        x0, x1, y0, y1 = max(ix - 3, 0), min(ix + 4, w), max(iy - 3, 0), min(iy + 4, h)
        if not use:
            hw[cls, max(iy - 1, 0):iy + 2, max(ix - 1, 0):ix + 2] = 0.0
            continue
        cx, cy = ix + 0.5, iy + 0.5
        d2 = (xs[y0:y1, x0:x1] + 0.5 - gx) ** 2 + (ys[y0:y1, x0:x1] + 0.5 - gy) ** 2
        blob = np.exp(-d2 / (2 * sigma * sigma))
        heat[cls, y0:y1, x0:x1] = np.maximum(heat[cls, y0:y1, x0:x1], blob)
        heat[cls, iy, ix] = 1.0
        geom[0, iy, ix] = gx - ix
        geom[1, iy, ix] = gy - iy
        geom[2:, iy, ix] = np.asarray(g, np.float32) / GEOM_UNIT
        gmask[iy, ix] = 1.0
        near = blob > 0.45
        if cls == 0:
            card[y0:y1, x0:x1][near] = ident
        elif cls == 2:
            chip[y0:y1, x0:x1][near] = ident
        del cx, cy
    return heat, hw, geom, gmask, card, chip


def loss_fn(out, tgt, card_weight=1.0):
    """Focal loss on heat, L1 on geometry at the points, cross-entropy on identities (the card
    head's weighed by `card_weight`: 0 leaves it out, as when fine-tuning an export that has
    none)."""
    heat, geom, card, chip = out
    t_heat, t_hw, t_geom, t_gmask, t_card, t_chip = tgt
    p = heat.clamp(1e-4, 1 - 1e-4)
    pos = t_heat.eq(1.0).float()
    neg = (1 - pos) * t_hw
    pos_loss = torch.log(p) * (1 - p) ** 2 * pos
    neg_loss = torch.log(1 - p) * p ** 2 * (1 - t_heat) ** 4 * neg
    n = pos.sum().clamp(min=1.0)
    l_heat = -(pos_loss.sum() + neg_loss.sum()) / n
    m = t_gmask.unsqueeze(1)
    l_geom = (F.l1_loss(geom, t_geom, reduction="none") * m).sum() / (m.sum() * 8).clamp(min=1.0)
    l_card = F.cross_entropy(card, t_card, ignore_index=-1) if (t_card >= 0).any() else heat.sum() * 0
    l_chip = F.cross_entropy(chip, t_chip, ignore_index=-1) if (t_chip >= 0).any() else heat.sum() * 0
    total = l_heat + 2.0 * l_geom + card_weight * l_card + l_chip
    return total, dict(heat=l_heat.item(), geom=l_geom.item(), card=l_card.item(), chip=l_chip.item())
