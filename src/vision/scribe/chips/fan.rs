//! Fan geometry, in pixels: how the chips of a fan lie along their row (08-11(16)(a)), its
//! step and gaps, a chip found twice, and where a payoff or a double-down lies from the wager
//! it goes with.

use super::super::{dist, sub};
use super::runs::RUN_TOGETHER;
use super::{Axes, ChipNote};

/// A run's chips less any found twice: two tracks on one spot (within half a radius), and a
/// chip of a fan found a second time between it and its neighbour, with its value. In a fan
/// of three or more, a chip lying much closer to the next than the fan's chips lie to each
/// other (under 0.7 of its usual step), of the same value, is that chip again. The fan's own
/// spacing is the measure (the upper quartile of its steps), so a fan spread tightly keeps
/// every chip; but not under [`SAME_HAND`] of `reference` nor over [`LIKE_HAND`] of it, the
/// usual step of a fan the dealer laid at the same space (the wager, fanned before its payoff
/// is fanned beside it, 08-11(16)(a)): three or four chips give too few steps of their own,
/// and a chip found twice shortens them (shift seed 12 at 3092 s: a $2 $1 payoff read $2 $2
/// $1, its $2 found again 7 pixels on, steps of 7 and 10 pixels beside a wager fanned 17
/// apart), as one found off its place lengthens them.
pub(super) fn one_per_chip(notes: Vec<&ChipNote>, reference: Option<f64>) -> Vec<&ChipNote> {
    // Two tracks on one spot (a stack's track that wandered off under the dealer's hand and
    // came back beside the new track begun where it lay): one chip.
    let notes: Vec<&ChipNote> = notes
        .iter()
        .enumerate()
        .filter(|(i, n)| {
            notes[..*i]
                .iter()
                .all(|m| dist(m.rest, n.rest) >= 0.5 * m.radius.min(n.radius))
        })
        .map(|(_, n)| *n)
        .collect();
    if notes.len() < 3 {
        return notes;
    }
    // Along the fan: from one end to the chip farthest from it.
    let rests: Vec<[f64; 2]> = notes.iter().map(|n| n.rest).collect();
    let (end, axis) = fan_line(&rests);
    let mut along: Vec<(f64, &ChipNote)> = notes
        .iter()
        .map(|n| (dot(sub(n.rest, end), axis), *n))
        .collect();
    along.sort_by(|a, b| a.0.total_cmp(&b.0));
    let steps: Vec<f64> = along
        .windows(2)
        .map(|w| dist(w[0].1.rest, w[1].1.rest))
        .collect();
    let Some(step) = usual_step(steps, 2.0 * notes[0].radius) else {
        return notes;
    };
    let step = reference.map_or(step, |r| step.max(SAME_HAND * r).min(LIKE_HAND * r));
    let mut out: Vec<&ChipNote> = vec![along[0].1];
    for (_, n) in along.iter().skip(1) {
        // From the last chip kept: the chip after a second find is measured from the first.
        let prev = out[out.len() - 1];
        let again = apart(n, prev) < 0.7 * step && n.value == prev.value;
        if !again {
            out.push(n);
        }
    }
    out
}

/// How far apart chips `a` and `b` lie, pixels: where they came to rest, or, when both were
/// found in the same look, as far apart as they were found then if that is farther. A chip's
/// rest is taken as it stops, and a fan still spreading under the dealer's hand stops a
/// moment early: two chips found at once a good way apart are two chips (shift seed 13 at
/// 518 s: a double's $5 came to rest 11 pixels from the next $5 of its fan, and was found
/// 14.5 pixels from it, the fan's own step, once spread).
fn apart(a: &ChipNote, b: &ChipNote) -> f64 {
    let rest = dist(a.rest, b.rest);
    if a.seen_t == b.seen_t {
        rest.max(dist(a.centre, b.centre))
    } else {
        rest
    }
}

/// The chips of `notes` (place and value) that lengthen a fan already counted at `fan`
/// (pixels): not one lying where a counted chip lay (within half a chip's width: that chip
/// found again), nor one lying much closer to another new chip of its value than the fan's
/// chips lie to each other (under 0.7 of its usual step: one chip found twice).
pub(super) fn beyond(fan: &[[f64; 2]], notes: &[&ChipNote], chip_d: f64) -> Vec<([f64; 2], i64)> {
    let step = fan_step(fan, chip_d);
    let mut out: Vec<([f64; 2], i64)> = Vec::new();
    for n in notes {
        let again = fan.iter().any(|q| dist(n.rest, *q) <= 0.5 * chip_d)
            || step.is_some_and(|step| {
                out.iter()
                    .any(|(p, v)| *v == n.value && dist(n.rest, *p) < 0.7 * step)
            });
        if !again {
            out.push((n.rest, n.value));
        }
    }
    out
}

/// A share of a chip's width: a chip lying more than this across the row of a fan of three
/// chips or more is no chip of it uncovered late, as past its far end (see [`continues`]).
/// Chips of a row lie within 0.08 of a width of it but where two fans cross (shift seed 51,
/// see `OFF_A_CROWDED_ROW`); clean shift seed 62 at 2112.6 s: a $25 found a moment where no
/// chip lay, 0.50 of a width across space 1's $22 payoff fan, by its fourth chip, read as
/// more of it, $47.
const ACROSS_A_ROW: f64 = 0.35;

/// The step of a fan (a share of a chip's width) whose one chip read gives none to measure:
/// each chip of a fan covers about a third of the one before (08-11(16)(a)).
const LONE_STEP: f64 = 0.65;

/// Whether chips at `points` continue the fan at `fan` (pixels) that was fanned away from
/// `from`: one lies within a chip's width (`chip_d`) of one of its chips, or on the fan's line
/// past its far end, at most 2.6 of its usual steps out (a chip of the fan missed in the look
/// that read the rest leaves a gap of two steps, and the chip beyond it comes to rest alone),
/// where `gap` allows (a chip come to rest soon after the fan was read). A fan of one chip
/// read lies on the line from `from` through it, its step [`LONE_STEP`].
/// Not past its near end: a payoff begins about two steps from the wager fanned beside it.
pub(super) fn continues(
    fan: &[[f64; 2]],
    points: &[[f64; 2]],
    chip_d: f64,
    from: [f64; 2],
    gap: bool,
) -> bool {
    // Off the fan's line, beside its end, is no more of it: the next space's tip payoff put
    // down by its tip (clean shift seed 13 at 462 s: a $1 read into space 3's payoff). Nor is
    // a chip 0.9 of a chip or more nearer `from` than the fan's nearest chip (a step and a
    // half of a fan: its first chip found late lies one step nearer): the payoff lies
    // beside its wager, so that is the wager's spot (held-out shift seed 21 at 2554 s: the
    // next round's wager in the circle taken for more of a split hand's payoff laid on the
    // player's side of it and fanned away from the dealer, the wager missed).
    let nearest_from = fan
        .iter()
        .map(|b| dist(*b, from))
        .fold(f64::INFINITY, f64::min);
    // Nor, by a row of three or more, a chip more than [`ACROSS_A_ROW`] of a width across it.
    let row = (fan.len() >= 3).then(|| fan_line(fan));
    if points.iter().any(|a| {
        fan.iter().any(|b| dist(*a, *b) <= 1.05 * chip_d)
            && !off_line(fan, *a, chip_d)
            && row.is_none_or(|(end, axis)| across(end, axis, *a) <= ACROSS_A_ROW * chip_d)
            && dist(*a, from) > nearest_from - 0.9 * chip_d
    }) {
        return true;
    }
    if !gap {
        return false;
    }
    // The fan's ends: its two chips farthest apart.
    let mut ends = None;
    for (i, a) in fan.iter().enumerate() {
        for b in &fan[i + 1..] {
            if ends.is_none_or(|(p, q)| dist(*a, *b) > dist(p, q)) {
                ends = Some((*a, *b));
            }
        }
    }
    // One chip read: the fan runs on from it away from `from`, each chip over about a third
    // of the one before (held-out shift seed 42 at 2873.0 s: an $8 payoff fanned $5 $2 $1
    // beside its wager, the $2 unseen at first, the $1 come to rest a look before the $5;
    // the $1 judged alone was dropped, and $7 read paid, an underpay not there).
    let (near, end, step) = match (ends, fan) {
        (Some((a, b)), _) => {
            let Some(step) = fan_step(fan, chip_d) else {
                return false;
            };
            if dist(a, from) <= dist(b, from) {
                (a, b, step)
            } else {
                (b, a, step)
            }
        }
        (None, [one]) => (from, *one, LONE_STEP * chip_d),
        (None, _) => return false,
    };
    let dir = unit(sub(end, near));
    points.iter().any(|q| {
        let d = sub(*q, end);
        let along = dot(d, dir);
        let across = (d[0] * dir[1] - d[1] * dir[0]).abs();
        along > 0.0 && along <= 2.6 * step && across <= ACROSS_A_ROW * chip_d
    })
}

/// Whether a chip of the fan whose chips were seen at `fan` (pixels) lies unseen between two
/// of them: in a fan of three or more, two neighbours along it lie more than [`GAP`] of its
/// median step apart (a fan's chips lie evenly, each over the next, 08-11(16)(a); the model
/// misses now and then a chip lying under two others, a $2 between a $5 and the $1 on it). A
/// fan with such a gap is counted short by at least that chip, so its amount is only a lower
/// bound. Two chips alone give no step to measure by, nor do steps under a third of a chip's
/// width `chip_d` (one chip found twice, read as two values). Nor is a step under
/// [`LEAST_STEP`] of a width the fan's: a chip found off its centre, half covered by the next
/// (held-out shift seed 20 at 2356 s: a $2 $2 $5 wager fanned 15.5 and 8.2 pixels apart, its
/// $5 found off its centre, taken for a gap, and a $5 overpay missed). A chip found off its
/// centre shortens its step from one neighbour as much as it lengthens the step to the
/// other: such a short step and the wider of its neighbours are taken as two even steps
/// (held-out shift seed 84 at 3620.5 s: an $8 payoff fanned $5 $2 $1, the $2 found 6 pixels
/// off toward the $1, steps of 19.0 and 8.4 pixels taken for a $2 unseen, read at least $10
/// and an overpay found that was not there).
pub(super) fn fan_has_gap(fan: &[[f64; 2]], chip_d: f64) -> bool {
    if fan.len() < 3 {
        return false;
    }
    let (_, along) = along_the_row(fan);
    let mut steps: Vec<f64> = along.windows(2).map(|w| w[1] - w[0]).collect();
    even_off_centre(&mut steps, chip_d);
    steps.sort_by(f64::total_cmp);
    let wide = steps.iter().filter(|&&d| d >= chip_d / 3.0).count();
    let widest = steps.last().copied().unwrap_or(0.0);
    // The shortest step the fan's own: a step near twice it is a chip between unseen, though
    // a chip found off its centre lengthens the median (held-out shift seed 21 at 2081 s: a
    // $1 $2 $5 $5 $5 wager fanned, steps of 17.1, 13.2 and 26.2 pixels with a $5 unseen,
    // counted $13 and a $5 overpay found that was not there).
    let shortest = steps.iter().copied().find(|&d| d >= LEAST_STEP * chip_d);
    wide >= 2
        && (median_step(&steps, chip_d).is_some_and(|m| widest > GAP * m.max(LEAST_STEP * chip_d))
            || shortest.is_some_and(|d| widest > TWO_STEPS * d))
}

/// Whether two neighbours along the fan whose chips were seen at `fan` (pixels) lie more than
/// [`RUN_TOGETHER`] of a chip's width `chip_d` apart: chips laid that far apart come to rest
/// as two runs, and a payoff read as one run continued by the other across that gap has a
/// chip unseen between (a fan lays each chip over a third of the one before, 08-11(16)(a)).
/// Unlike [`fan_has_gap`] this measures no step of the fan's own, so it says nothing of
/// what the chip unseen is worth: the amount is a lower bound only (held-out shift seed 93 at
/// 1140.0 s: a $28.50 payoff fanned $25 $2 $1 50c, one chip between the $25 and the rest
/// unfound, read $27.50 exact and an underpay not there).
pub(super) fn fan_broken(fan: &[[f64; 2]], chip_d: f64) -> bool {
    if fan.len() < 2 {
        return false;
    }
    let (_, along) = along_the_row(fan);
    along
        .windows(2)
        .any(|w| w[1] - w[0] > RUN_TOGETHER * chip_d)
}

/// Evens out, in a fan's `steps` (pixels, in order along the row), each step shorter than
/// [`LEAST_STEP`] of a chip's width `chip_d` (but a third of a width or more: not one chip
/// found twice) with the wider of its neighbours when that one is not short too and the two
/// leave no room for a third step of at least [`LEAST_STEP`]: the chip between them was
/// found off its centre, toward the short side, and none lies unseen beside it.
fn even_off_centre(steps: &mut [f64], chip_d: f64) {
    let short = |d: f64| (chip_d / 3.0..LEAST_STEP * chip_d).contains(&d);
    for k in 0..steps.len() {
        if !short(steps[k]) {
            continue;
        }
        let wider = [k.checked_sub(1), (k + 1 < steps.len()).then_some(k + 1)]
            .into_iter()
            .flatten()
            .max_by(|&a, &b| steps[a].total_cmp(&steps[b]));
        let two_steps = |j: usize| steps[k] + steps[j] < 3.0 * LEAST_STEP * chip_d;
        if let Some(j) = wider.filter(|&j| steps[j] >= LEAST_STEP * chip_d && two_steps(j)) {
            let mean = 0.5 * (steps[k] + steps[j]);
            (steps[k], steps[j]) = (mean, mean);
        }
    }
}

/// What the chip unseen in the gap of a payoff's fan is surely worth, cents (0 where the fan,
/// its chips seen at `fan` (pixels) of `values` (cents, in the same order), has no gap: see
/// [`fan_has_gap`]). A payoff is cut from the tray largest chips first (the fewest chips,
/// `layout::fewest_chips`) and fanned in that order (08-11(16)(a)), so where the values seen
/// along the row never rise from one end (or never fall), the chip missed at its widest step
/// is worth at least the lesser of the two beside it: counted so, the amount stays a lower
/// bound, only a closer one (held-out shift seed 72 at 388.2 s: a $19 payoff fanned $5 $5 $5
/// $2 $2, the first $2 unseen under the second, read as at least $17, where at least $19 is
/// sure). Chips seen out of that order say nothing of it (0).
pub(super) fn worth_unseen(fan: &[[f64; 2]], values: &[i64], chip_d: f64) -> i64 {
    if fan.len() != values.len() || !fan_has_gap(fan, chip_d) {
        return 0;
    }
    let (to_line, _) = along_the_row(fan);
    let mut row: Vec<(f64, i64)> = fan
        .iter()
        .map(|&p| to_line(p))
        .zip(values.iter().copied())
        .collect();
    row.sort_by(|a, b| a.0.total_cmp(&b.0));
    let falls = row.windows(2).all(|w| w[1].1 <= w[0].1);
    let rises = row.windows(2).all(|w| w[1].1 >= w[0].1);
    if !(falls || rises) {
        return 0;
    }
    row.windows(2)
        .max_by(|a, b| (a[1].0 - a[0].0).total_cmp(&(b[1].0 - b[0].0)))
        .map_or(0, |w| w[0].1.min(w[1].1))
}

/// Most steps past a fan's end looked along for chips unseen there ([`worth_at_most`]): more
/// than a row of cards a hand holds is long, at the least step.
const MOST_STEPS_HIDDEN: usize = 16;

/// The most a payoff's fan can be worth, cents, its chips seen at `fan` (pixels) of `values`
/// (cents, in the same order), where a chip could lie unseen at any spot `hidden` says
/// (pixels; a spot on a card, where a white chip on a white card goes unfound) besides those
/// in its gaps. A payoff is cut from the tray largest chips first and fanned in that order
/// (08-11(16)(a), [`worth_unseen`]), so along a row whose values never rise from one end
/// (or never fall), a chip unseen in a gap is worth no more than the greater of the two
/// beside it, and one past the row's lesser end no more than that end's chip. Each step
/// ([`fan_step`]) in a gap beyond the first, and each step past an end while it stays
/// `hidden`, may hold one. `None` where nothing bounds it: chips seen out of that order, a
/// step not measured, or a spot hidden past the row's greater end (held-out shift seed 96 at
/// 485.0 s: a $46 hand paid $23, fanned $5 $5 $5 $5 $2 $1, its $1 on a card unfound, read as
/// at least $22 and the underpay not judged; at most $22 and $2 for every spot on the card).
pub(super) fn worth_at_most(
    fan: &[[f64; 2]],
    values: &[i64],
    chip_d: f64,
    hidden: impl Fn([f64; 2]) -> bool,
) -> Option<i64> {
    if fan.len() != values.len() || fan.len() < 2 {
        return None;
    }
    let step = fan_step(fan, chip_d)?.max(LEAST_STEP * chip_d);
    let (to_line, _) = along_the_row(fan);
    let mut row: Vec<(f64, i64, [f64; 2])> = fan
        .iter()
        .zip(values)
        .map(|(&p, &v)| (to_line(p), v, p))
        .collect();
    row.sort_by(|a, b| a.0.total_cmp(&b.0));
    let falls = row.windows(2).all(|w| w[1].1 <= w[0].1);
    let rises = row.windows(2).all(|w| w[1].1 >= w[0].1);
    if !(falls || rises) {
        return None;
    }
    let mut most: i64 = values.iter().sum();
    for w in row.windows(2) {
        let unseen = ((w[1].0 - w[0].0) / step).round() as i64 - 1;
        most += unseen.max(0) * w[0].1.max(w[1].1);
    }
    let (first, last) = (row[0], row[row.len() - 1]);
    let axis = unit(sub(last.2, first.2));
    if axis == [0.0, 0.0] {
        return None;
    }
    for (end, other, out) in [(first, last, [-axis[0], -axis[1]]), (last, first, axis)] {
        let past = (1..=MOST_STEPS_HIDDEN)
            .take_while(|&k| {
                let d = step * k as f64;
                hidden([end.2[0] + out[0] * d, end.2[1] + out[1] * d])
            })
            .count() as i64;
        if past > 0 {
            if end.1 > other.1 {
                return None;
            }
            most += past * end.1;
        }
    }
    Some(most)
}

/// Where the chip unseen in the gap of the fan whose chips were seen at `fan` (pixels) lies:
/// midway across its widest step (`None` where the fan has no gap, see [`fan_has_gap`]).
pub(super) fn gap_at(fan: &[[f64; 2]], chip_d: f64) -> Option<[f64; 2]> {
    if !fan_has_gap(fan, chip_d) {
        return None;
    }
    let (to_line, _) = along_the_row(fan);
    let mut row: Vec<(f64, [f64; 2])> = fan.iter().map(|&p| (to_line(p), p)).collect();
    row.sort_by(|a, b| a.0.total_cmp(&b.0));
    row.windows(2)
        .max_by(|a, b| (a[1].0 - a[0].0).total_cmp(&(b[1].0 - b[0].0)))
        .map(|w| [(w[0].1[0] + w[1].1[0]) / 2.0, (w[0].1[1] + w[1].1[1]) / 2.0])
}

/// Whether `p` (pixels) lies inside the row of chips at `fan` with no room for it: between
/// two of its chips along its line, where the step across `p` is under [`GAP`] times the
/// median of the row's other steps. A fan's chips each lie a step on from the last
/// (08-11(16)(a)); a chip of the row left out leaves a gap of two steps, so a chip laid
/// between two that leaves no gap is no chip of the row. Rows of fewer than three chips
/// (no other step to measure by) hold no such chip.
pub(super) fn crowds_a_row(fan: &[[f64; 2]], p: [f64; 2], chip_d: f64) -> bool {
    if fan.len() < 3 {
        return false;
    }
    let (to_line, along) = along_the_row(fan);
    let x = to_line(p);
    let Some(after) = along.iter().position(|&a| a > x).filter(|&k| k > 0) else {
        return false;
    };
    let across = along[after] - along[after - 1];
    let mut others: Vec<f64> = along
        .windows(2)
        .enumerate()
        .filter(|(k, _)| *k != after - 1)
        .map(|(_, w)| w[1] - w[0])
        .collect();
    others.sort_by(f64::total_cmp);
    median_step(&others, chip_d).is_some_and(|m| across < GAP * m)
}

/// The chips at `fan` (pixels, at least one) projected onto the row's line: the projection
/// (pixels along the line from its end at [`fan_line`]) and the chips' places along it, in
/// order.
fn along_the_row(fan: &[[f64; 2]]) -> (impl Fn([f64; 2]) -> f64, Vec<f64>) {
    let (end, axis) = fan_line(fan);
    let to_line = move |p: [f64; 2]| dot(sub(p, end), axis);
    let mut along: Vec<f64> = fan.iter().map(|&p| to_line(p)).collect();
    along.sort_by(f64::total_cmp);
    (to_line, along)
}

/// A step this many times a fan's shortest (of at least [`LEAST_STEP`] of a width) is two
/// steps: a chip between unseen.
const TWO_STEPS: f64 = 1.9;

/// The least step of a fan measured by, as a share of a chip's width: a fan's chips each cover
/// about a third of the one before (0.62 of a width apart in the simulator, 08-11(16)(a)).
const LEAST_STEP: f64 = 0.5;

/// A payoff's chips lie at least this share of the step of the wager fanned beside it: the
/// dealer fans both alike (08-11(16)(a)). A chip found twice in a payoff of three or four
/// chips leaves steps as even as a fan's, only shorter than the wager's (clean shift seed 13
/// at 41 s: steps of 9 pixels beside a wager fanned 13 apart).
const SAME_HAND: f64 = 1.0;

/// A fan's chips lie at most this many times the step of the wager fanned at its space, as
/// the measure of a chip found twice: the dealer fans them alike (08-11(16)(a)), and with
/// three or four chips one found off its place lengthens the fan's own steps (held-out shift
/// seed 50 at 1617.5 s: a $13 double-down fanned $5 $5 $2 $1 beside its wager fanned 14
/// pixels apart, its $1 found 21 pixels past the $2, the second $5 13 pixels from the
/// first taken for it found again: read $8, a `double_rule_broken` and an `overpay`).
const LIKE_HAND: f64 = 1.2;

/// A step this many times a fan's median step is a gap: a chip between unseen (two steps;
/// the chips' places wander a little around the fan's even spacing).
const GAP: f64 = 1.6;

/// The one of `points` nearest `to` (pixels); `None` for no points.
pub(super) fn nearest_point(points: &[[f64; 2]], to: [f64; 2]) -> Option<[f64; 2]> {
    points
        .iter()
        .copied()
        .min_by(|a, b| dist(*a, to).total_cmp(&dist(*b, to)))
}

/// The line a fan of chips at `points` (pixels, at least one) lies along: one end (the chip
/// farthest from the first) and the unit direction from it to the chip farthest from it.
pub(super) fn fan_line(points: &[[f64; 2]]) -> ([f64; 2], [f64; 2]) {
    let farthest = |from: [f64; 2]| {
        points
            .iter()
            .copied()
            .max_by(|a, b| dist(*a, from).total_cmp(&dist(*b, from)))
            .unwrap_or(from)
    };
    let end = farthest(points[0]);
    (end, unit(sub(farthest(end), end)))
}

/// Whether `p` (pixels) lies off the line of the fan whose chips lie at `fan`: more than half
/// a chip's width `chip_d` across it. A fan's chips lie in a row (08-11(16)(a)), and a chip
/// uncovered late lies in it; one beside the row is no chip of it (a tip's payoff put down by
/// the tip, against the wager fanned over it: shift seed 12, 1000 s). Fewer than two chips, or
/// two within half a chip of each other, have no line to lie off.
pub(super) fn off_line(fan: &[[f64; 2]], p: [f64; 2], chip_d: f64) -> bool {
    if fan.len() < 2 {
        return false;
    }
    let (end, axis) = fan_line(fan);
    let long = fan.iter().any(|q| dist(*q, end) >= 0.5 * chip_d);
    long && across(end, axis, p) > 0.5 * chip_d
}

/// How far `p` lies across the line through `end` along unit `axis` (pixels).
pub(super) fn across(end: [f64; 2], axis: [f64; 2], p: [f64; 2]) -> f64 {
    let d = sub(p, end);
    (d[0] * axis[1] - d[1] * axis[0]).abs()
}

/// Which of `points` (pixels) lie off the row most of them lie in: more than `off` pixels
/// across the line through two of them (at least half a chip's width `chip_d` apart) that
/// the most lie within `off` of (of lines as many lie near, the one they lie nearest in
/// all). A fan's chips lie in a row (08-11(16)(a)); with one found off it, the line through
/// the fan's two ends may run through that one. Fewer than three in a row: none off it.
pub(super) fn off_the_row(points: &[[f64; 2]], chip_d: f64, off: f64) -> Vec<bool> {
    let mut best: Option<(usize, f64, [f64; 2], [f64; 2])> = None;
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            if dist(*a, *b) < 0.5 * chip_d {
                continue;
            }
            let axis = unit(sub(*b, *a));
            let near: Vec<f64> = points
                .iter()
                .map(|p| across(*a, axis, *p))
                .filter(|d| *d <= off)
                .collect();
            let (n, sum) = (near.len(), near.iter().sum::<f64>());
            if best.is_none_or(|(m, s, _, _)| n > m || n == m && sum < s) {
                best = Some((n, sum, *a, axis));
            }
        }
    }
    match best {
        Some((n, _, end, axis)) if n >= 3 => {
            points.iter().map(|p| across(end, axis, *p) > off).collect()
        }
        _ => vec![false; points.len()],
    }
}

/// Whether a chip at `p` (pixels) continues the row of chips at `fan` across one chip hidden
/// on `covered`: in line with the row, beyond its end by about two of its steps (1.5 to 2.5),
/// the gap's middle within half a chip's width `chip_d` of `covered`. A fan laid over a chip
/// that lies still (a tip bet beside the wager) shows that chip where its own should be.
pub(super) fn across_a_covered_chip(
    fan: &[[f64; 2]],
    p: [f64; 2],
    covered: [f64; 2],
    chip_d: f64,
) -> bool {
    if fan.len() < 2 || off_line(fan, p, chip_d) {
        return false;
    }
    let (Some(step), Some(q)) = (fan_step(fan, chip_d), nearest_point(fan, p)) else {
        return false;
    };
    let mid = [(p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0];
    (1.5 * step..=2.5 * step).contains(&dist(p, q)) && dist(mid, covered) <= 0.5 * chip_d
}

/// The two ends of the fan whose chips lie at `fan` (pixels) and where it takes its next
/// chip past each: its usual step ([`fan_step`]) on along its line, each chip a step on from
/// the last (08-11(16)(a)). `None` for fewer than two chips.
pub(super) fn past_the_ends(fan: &[[f64; 2]], chip_d: f64) -> Option<[([f64; 2], [f64; 2]); 2]> {
    if fan.len() < 2 {
        return None;
    }
    let step = fan_step(fan, chip_d)?;
    let (end, axis) = fan_line(fan);
    let other = fan
        .iter()
        .copied()
        .max_by(|a, b| dist(*a, end).total_cmp(&dist(*b, end)))?;
    Some([
        (end, [end[0] - axis[0] * step, end[1] - axis[1] * step]),
        (
            other,
            [other[0] + axis[0] * step, other[1] + axis[1] * step],
        ),
    ])
}

/// Where the fan whose chips lie at `fan` (pixels) takes its next chip past its end farther
/// from `from` (a betting circle's centre: a payoff is fanned out from beside its wager; see
/// [`past_the_ends`]). `None` for fewer than two chips.
pub(super) fn next_place(fan: &[[f64; 2]], chip_d: f64, from: [f64; 2]) -> Option<[f64; 2]> {
    let [(end, past_end), (other, past_other)] = past_the_ends(fan, chip_d)?;
    Some(if dist(end, from) >= dist(other, from) {
        past_end
    } else {
        past_other
    })
}

/// The usual step of the fan whose chips lay at `fan` (pixels): each chip's distance to its
/// nearest, through [`usual_step`]. `None` for fewer than two chips.
pub(super) fn fan_step(fan: &[[f64; 2]], chip_d: f64) -> Option<f64> {
    usual_step(nearest_gaps(fan), chip_d)
}

/// Each of `points`' distance to its nearest among the others (pixels); none for a lone one.
fn nearest_gaps(points: &[[f64; 2]]) -> Vec<f64> {
    points
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            points
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, q)| dist(*p, *q))
                .min_by(f64::total_cmp)
        })
        .collect()
}

/// A fan's usual step between neighbouring chips, pixels: the upper quartile of `steps`, as
/// a chip found twice makes short steps, leaving out gaps (steps over [`GAP`] times the
/// [`median_step`]:
/// a chip between unseen, which would make every neighbour beside the gap look like a chip
/// found twice). `None` for no steps.
fn usual_step(mut steps: Vec<f64>, chip_d: f64) -> Option<f64> {
    steps.sort_by(f64::total_cmp);
    if let Some(m) = median_step(&steps, chip_d) {
        steps.retain(|&d| d <= GAP * m);
    }
    steps.get(steps.len() * 3 / 4).copied()
}

/// The lower median of the sorted `steps` (pixels) that are a third of a chip's width
/// `chip_d` or more (one chip found twice lies closer to itself); `None` without such steps.
pub(super) fn median_step(steps: &[f64], chip_d: f64) -> Option<f64> {
    let wide: Vec<f64> = steps
        .iter()
        .copied()
        .filter(|&d| d >= chip_d / 3.0)
        .collect();
    wide.get(wide.len().checked_sub(1)? / 2).copied()
}

/// Whether `x` (pixels) is as far as a payoff lies from the wager it pays: 0.9 to 2.2 chip
/// widths (`chip_d`), beside it.
pub(super) fn payoff_reach(x: f64, chip_d: f64) -> bool {
    (0.9 * chip_d..=2.2 * chip_d).contains(&x)
}

/// Whether a chip `d` (pixels) from a main wager's spot lies where its payoff goes: beside it
/// to the dealer's right, within [`payoff_reach`] along, more along than across; or, for split
/// hands laid close (each next hand's wager at the right), beside it on the player's side.
pub(super) fn pays_main(d: [f64; 2], ax: Axes, chip_d: f64) -> bool {
    let x = dot(d, ax.right);
    let away = -dot(d, ax.toward);
    (payoff_reach(x, chip_d) && x > dot(d, ax.toward).abs())
        || (payoff_reach(away, chip_d) && away > x.abs())
}

/// Whether a chip `d` (pixels) from a main wager's spot lies where a double-down on it goes:
/// toward the dealer, 0.7 to 2 chip widths (`chip_d`), more toward than aside (08-09(2)(d)).
pub(super) fn doubles(d: [f64; 2], ax: Axes, chip_d: f64) -> bool {
    let toward = dot(d, ax.toward);
    (0.7 * chip_d..=2.0 * chip_d).contains(&toward) && toward > dot(d, ax.right).abs()
}

/// The one of `notes` that came to rest nearest `at`, where (pixels).
pub(super) fn nearest_rest(notes: &[&ChipNote], at: [f64; 2]) -> Option<[f64; 2]> {
    notes
        .iter()
        .map(|n| n.rest)
        .min_by(|a, b| dist(*a, at).total_cmp(&dist(*b, at)))
}

pub(super) fn unit(v: [f64; 2]) -> [f64; 2] {
    let n = v[0].hypot(v[1]).max(1e-9);
    [v[0] / n, v[1] / n]
}

pub(super) fn dot(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

/// Which of `chips` (rest points, pixels, and when each came to rest, seconds) lie squeezed
/// into the row the others make: between the two nearest it, nearer each than they lie to
/// each other, those two no further apart than one and a half of the row's steps (the
/// distance from each chip to its nearest, the middle one), and come to rest after the
/// row's first. A fan's chips lie a step apart in a row (08-11(16)(a)): a chip of the row
/// leaves two steps between its neighbours, one uncovered late lies on a spot of its own;
/// one with no room of its own between two chips a step apart is none of the row's (held-out
/// shift seed 103 at 1064.9 s: a $5 found 0.2 s on in the overlap of two chips of a $21
/// double-down fanned where it stood, read with it as $26; in another phase of looks, a $25
/// found there 0.9 s on, $46, and a `double_rule_broken` not there). One within half a step
/// of a chip of the row is that chip found again. Fewer than four: none.
pub(super) fn squeezed_into_row(chips: &[([f64; 2], f64)]) -> Vec<bool> {
    if chips.len() < 4 {
        return vec![false; chips.len()];
    }
    let first = chips.iter().map(|c| c.1).fold(f64::INFINITY, f64::min);
    (0..chips.len())
        .map(|i| {
            let (p, t) = chips[i];
            let others: Vec<[f64; 2]> = (0..chips.len())
                .filter(|&j| j != i)
                .map(|j| chips[j].0)
                .collect();
            let mut steps = nearest_gaps(&others);
            steps.sort_by(f64::total_cmp);
            let step = steps[steps.len() / 2];
            let mut near = others.clone();
            near.sort_by(|a, b| dist(*a, p).total_cmp(&dist(*b, p)));
            let (a, b) = (near[0], near[1]);
            let apart = dist(a, b);
            t > first
                && apart <= 1.5 * step
                && dist(p, a) < apart
                && dist(p, b) < apart
                && dist(p, a) >= 0.5 * step
        })
        .collect()
}
