//! Which parts of a frame the recognizer looks at again: each region where the picture changed,
//! grown by how far from a change a finding can move, kept within the felt, with regions that
//! overlap (or cost no more run together than apart) joined into one. All in frame pixels.
//! Pure.
//!
//! Looking only there, at the size of the change, is what makes footage cheap: a chip set down
//! costs a window a little over a card's size, not a fixed grid of tiles around it.

use super::change::Region;

/// The frame areas to look at again after the picture changed in `changed`: each region grown
/// by `reach` on every side and clipped to `bounds`, empty ones dropped. Two areas become their
/// bounding box when they overlap, or when the model would see no more pixels running the box
/// than running both apart, each with `margin` of context on every side.
pub fn plan(changed: &[Region], reach: usize, margin: usize, bounds: Region) -> Vec<Region> {
    let mut areas: Vec<Region> = changed
        .iter()
        .filter_map(|r| {
            clip(
                Region {
                    x0: r.x0.saturating_sub(reach),
                    y0: r.y0.saturating_sub(reach),
                    x1: r.x1 + reach,
                    y1: r.y1 + reach,
                },
                bounds,
            )
        })
        .collect();
    loop {
        let mut joined = false;
        'outer: for i in 0..areas.len() {
            for j in i + 1..areas.len() {
                let (a, b) = (areas[i], areas[j]);
                let u = union(a, b);
                if overlap(a, b) || seen(u, margin) <= seen(a, margin) + seen(b, margin) {
                    areas[i] = u;
                    areas.swap_remove(j);
                    joined = true;
                    break 'outer;
                }
            }
        }
        if !joined {
            break;
        }
    }
    areas.sort_by_key(|r| (r.y0, r.x0));
    areas
}

/// The picture the model sees to look at `own`: `own` with `margin` pixels more on every side,
/// its width and height rounded up to multiples of `align` (the extra on the right and bottom).
/// Returns the top-left frame pixel (outside the frame where `own` touches its edge; the
/// picture repeats its edge there) and the size.
pub fn window(own: Region, margin: usize, align: usize) -> (i64, i64, usize, usize) {
    let w = (own.x1 - own.x0 + 2 * margin).div_ceil(align) * align;
    let h = (own.y1 - own.y0 + 2 * margin).div_ceil(align) * align;
    (
        own.x0 as i64 - margin as i64,
        own.y0 as i64 - margin as i64,
        w,
        h,
    )
}

/// The region with `by` pixels more on every side (not below 0).
pub fn grow(r: Region, by: usize) -> Region {
    Region {
        x0: r.x0.saturating_sub(by),
        y0: r.y0.saturating_sub(by),
        x1: r.x1 + by,
        y1: r.y1 + by,
    }
}

/// Pixels of a region.
pub fn area(r: Region) -> usize {
    (r.x1 - r.x0) * (r.y1 - r.y0)
}

/// True when the point (frame pixels) lies in the region.
pub fn holds(r: Region, p: [f64; 2]) -> bool {
    r.x0 as f64 <= p[0] && p[0] < r.x1 as f64 && r.y0 as f64 <= p[1] && p[1] < r.y1 as f64
}

fn seen(r: Region, margin: usize) -> usize {
    (r.x1 - r.x0 + 2 * margin) * (r.y1 - r.y0 + 2 * margin)
}

fn clip(r: Region, b: Region) -> Option<Region> {
    let c = Region {
        x0: r.x0.max(b.x0),
        y0: r.y0.max(b.y0),
        x1: r.x1.min(b.x1),
        y1: r.y1.min(b.y1),
    };
    (c.x0 < c.x1 && c.y0 < c.y1).then_some(c)
}

/// True when regions `a` and `b` share a pixel.
pub fn overlap(a: Region, b: Region) -> bool {
    a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

/// True when region `inner` lies wholly within region `outer`.
pub fn within(inner: Region, outer: Region) -> bool {
    outer.x0 <= inner.x0 && inner.x1 <= outer.x1 && outer.y0 <= inner.y0 && inner.y1 <= outer.y1
}

fn union(a: Region, b: Region) -> Region {
    Region {
        x0: a.x0.min(b.x0),
        y0: a.y0.min(b.y0),
        x1: a.x1.max(b.x1),
        y1: a.y1.max(b.y1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(x0: usize, y0: usize, x1: usize, y1: usize) -> Region {
        Region { x0, y0, x1, y1 }
    }

    const FRAME: Region = Region {
        x0: 0,
        y0: 0,
        x1: 1280,
        y1: 720,
    };

    #[test]
    fn a_region_lies_within_another_only_wholly() {
        let outer = r(10, 10, 50, 50);
        assert!(within(r(10, 20, 50, 30), outer));
        assert!(!within(r(40, 20, 60, 30), outer));
        assert!(!within(outer, r(20, 20, 40, 40)));
    }

    #[test]
    fn a_chip_set_down_is_looked_at_within_reach() {
        let plan = plan(&[r(600, 400, 632, 432)], 48, 16, FRAME);
        assert_eq!(plan, vec![r(552, 352, 680, 480)]);
        // The model sees 16 pixels more on each side: 160 x 160, a multiple of 32 already.
        assert_eq!(window(plan[0], 16, 32), (536, 336, 160, 160));
    }

    #[test]
    fn looks_stay_on_the_felt_and_windows_may_reach_past_the_frame() {
        let felt = r(100, 80, 1180, 700);
        assert_eq!(plan(&[r(0, 0, 40, 40)], 48, 16, felt), vec![]);
        let edge = plan(&[r(100, 650, 140, 720)], 48, 16, felt);
        assert_eq!(edge, vec![r(100, 602, 188, 700)]);
        let (x0, y0, w, h) = window(edge[0], 16, 32);
        assert_eq!((x0, y0), (84, 586));
        assert_eq!((w % 32, h % 32), (0, 0));
        assert!(w >= 88 + 32 && h >= 98 + 32);
    }

    #[test]
    fn overlapping_or_cheaper_together_areas_join_and_far_ones_stay_apart() {
        // Two chips side by side: their reaches overlap.
        let plan1 = plan(
            &[r(600, 400, 632, 432), r(660, 400, 692, 432)],
            48,
            16,
            FRAME,
        );
        assert_eq!(plan1, vec![r(552, 352, 740, 480)]);
        // Two cards at opposite ends of the table stay apart.
        let plan2 = plan(
            &[r(100, 400, 140, 450), r(1100, 400, 1140, 450)],
            48,
            16,
            FRAME,
        );
        assert_eq!(plan2.len(), 2);
        // A chain joins whatever order the regions come in.
        let chain = [
            r(100, 100, 120, 120),
            r(300, 100, 320, 120),
            r(200, 100, 220, 120),
        ];
        assert_eq!(plan(&chain, 48, 16, FRAME), vec![r(52, 52, 368, 168)]);
        // Nothing changed, nothing to look at.
        assert!(plan(&[], 48, 16, FRAME).is_empty());
    }
}
