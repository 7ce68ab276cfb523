//! Chips come to rest, split into runs (a stack alone, or chips fanned in a row) and each run
//! given the space it was laid at, before [`Scribe::arrived`] reads it as a wager, a wager
//! fanned where it stands or a payoff (N.D. Admin. Code 99-01.3-08-11(16)(a)).

use super::*;

/// Chips come to rest together (within [`TOGETHER_S`] seconds of each other) lie in one run
/// this share of a chip's width apart or nearer: one fan laid in one movement. Its top chip
/// is found whole and the chip under it only where it shows, off its true centre away from
/// the top one, so the two are found further apart than the fan's step (clean shift seed 13
/// at 492 s: a $1 $2 $5 wager fanned, its $1 found 0.88 of a width from the $2 and read
/// alone, the wager read $7.00). Fans laid end to end by two spaces go down at different
/// moments.
pub(super) const RUN_TOGETHER: f64 = 1.05;

/// Two groups of chips, each of two or more laid in one movement and come to rest more than
/// [`FANS_APART_S`] apart, lie in one run only where they lie no further apart than this share
/// of the wider step within either: a fan found in two movements (part of it under the
/// dealer's hand) lies at its own step, two fans laid end to end further apart (clean shift
/// seed 13 at 1647 s: space 3's payoff laid 0.83 of a width from space 4's wager fanned 1.2 s
/// before, 1.15 times its widest step; read as one, $24.00 read $33.00 and space 4's wager
/// as collected).
const FANS_APART: f64 = 1.1;

/// Fans laid [`FANS_APART_S`] apart whose chips lie nearer than this share of the narrower
/// step within either are one laid over the other, not one fan: a fan's chips never lie on
/// each other (clean shift seed 13 at 3570 s: a pair split twice at space 4, its third hand's
/// payoff laid across space 5's wager fanned 1.4 s before, a chip of each 0.6 of a step apart;
/// read as one, space 5's wager was taken as collected).
const OVER: f64 = 0.75;

/// Share of a run's median step that its widest step between a payoff and the next space's
/// wager fanned where it stood reaches where the two fans meet end to end (see
/// [`Scribe::payoff_and_fanned_wager`]): 1.4 on the footage, where chips at about the run's
/// step all along (1.18) are one fan.
const END_TO_END: f64 = 1.25;

/// Seconds apart beyond which two groups of chips are two movements of the dealer's hand: one
/// payoff fanned comes to rest within half a second (clean shift seed 13 at 208 s: an $18.00
/// payoff's last two chips at rest 0.27 s after its first three, 1.06 times its step from
/// them), two fans laid one after the other a second or more apart.
pub(super) const FANS_APART_S: f64 = 0.5;

/// How far across a wager's fan, in chip widths, a row laid beside it lies at least: two rows
/// side by side (a split hand's wager and its payoff, each fanned toward the dealer) lie about
/// a chip and a half apart, and a chip of the wager's own fan lies within half a width of its
/// line (see [`Scribe::row_beside_a_fanned_wager`]).
const ROWS_APART: f64 = 1.0;

/// The least cosine of the angle between two rows side by side: within about 15 degrees.
const PARALLEL: f64 = 0.966;

/// How far from a fan's nearest chip, in chip widths, a lone chip come to rest with it may lie
/// to be its near end across a chip missed (see [`Scribe::short_of_a_fan`]): a fan lays each
/// chip 0.62 of a width on, so a chip missed leaves 1.24 between its neighbours.
const NEAR_END_GAP: f64 = 1.5;

impl Scribe {
    /// Chips that came to rest, once nothing more has come to rest for a moment: read as
    /// wagers, fanned wagers or payoffs.
    pub(in crate::vision::scribe) fn judge_arrivals(&mut self, all: bool) {
        // Each chip is read once it has lain still a moment with nothing more come to rest
        // beside it (a fan's chips settle within half a second of each other); chips coming
        // to rest elsewhere on the table do not hold it back.
        let (now, wait) = (self.now, self.config.together_s * 2.0);
        let rest: Vec<(u64, [f64; 2], f64, f64)> = self
            .arrivals
            .iter()
            .filter_map(|id| {
                self.chips
                    .get(id)
                    .map(|n| (*id, n.rest, n.rest_t, n.radius))
            })
            .collect();
        let ready = |c: &(u64, [f64; 2], f64, f64)| {
            all || rest
                .iter()
                .all(|o| dist(o.1, c.1) > 6.0 * c.3 || now - o.2 > wait)
        };
        // A run (a fan) is read whole, once every chip of it is ready: a fan's far end may lie
        // clear of chips still coming to rest that hold back its near end.
        let mut ready_ids: Vec<u64> = rest.iter().filter(|c| ready(c)).map(|c| c.0).collect();
        // One movement of the hand is read whole: a chip waits for those come to rest with it
        // nearby that are still held back, though it lies clear of what holds them (held-out
        // shift seed 30 at 1742.4 s: a double-down fanned over the tip bet beside it, its
        // end chip, beyond the tip, read alone first and taken for the tip fanned). So too for
        // those come to rest before it nearby: what was laid first is read first, a payoff
        // beside its wager's fan (held-out shift seed 96 at 485.0 s: space 6's $23 payoff
        // fanned beside its wager half a second after the wager was fanned where it stood,
        // read while the wager's fan was held back by chips still coming to rest beside it,
        // beside a wager not yet counted and out of sight; never written, and the hand's
        // `underpay` observed $0). A chip ready but in a run with one still held back waits
        // with its run, and holds back what came to rest after it nearby in turn (held-out
        // shift seed 103 at 1202.4 s: space 4's $16 fanned where it stood, its fan read as one
        // run with space 3's payoff still coming to rest beside it; its own $16 payoff, laid
        // beside it 0.4 s later, read first, beside no wager, and missed: an `underpay`).
        let all_ids: Vec<u64> = rest.iter().map(|c| c.0).collect();
        let runs = self.runs(&all_ids);
        let ids = loop {
            loop {
                let held: Vec<u64> = rest
                    .iter()
                    .filter(|c| ready_ids.contains(&c.0))
                    .filter(|c| {
                        rest.iter().any(|o| {
                            !ready_ids.contains(&o.0)
                                && o.2 - c.2 <= TOGETHER_S
                                && dist(o.1, c.1) <= 6.0 * c.3
                        })
                    })
                    .map(|c| c.0)
                    .collect();
                if held.is_empty() {
                    break;
                }
                ready_ids.retain(|id| !held.contains(id));
            }
            let ids: Vec<u64> = runs
                .iter()
                .filter(|run| run.iter().all(|id| ready_ids.contains(id)))
                .flatten()
                .copied()
                .collect();
            if ids.len() == ready_ids.len() {
                break ids;
            }
            ready_ids = ids;
        };
        if ids.is_empty() {
            return;
        }
        self.arrivals.retain(|id| !ids.contains(id));
        // Fans first, then chips come to rest alone: a lone chip may lie beyond a fan read in
        // the same look, across the gap of a chip the look missed, and is that fan's. But one
        // lying across such a gap short of a fan, nearer the betting circle, is the fan's
        // near end: read first, the fan beyond continues it.
        let (fans, lone): (Vec<Vec<u64>>, Vec<Vec<u64>>) =
            self.runs(&ids).into_iter().partition(|run| run.len() >= 2);
        let (near_ends, lone): (Vec<Vec<u64>>, Vec<Vec<u64>>) = lone
            .into_iter()
            .partition(|run| self.short_of_a_fan(run, &fans));
        self.judge_runs(near_ends);
        self.judge_runs(fans);
        self.judge_runs(lone);
    }

    /// Whether the one chip of `run` lies short of one of `fans`, across the gap of a chip
    /// missed ([`NEAR_END_GAP`] chip widths or less from the fan's nearest chip), nearer the
    /// betting circle nearest it than any chip of that fan, and came to rest with it (within
    /// [`TOGETHER_S`]): the fan's near end, not a chip laid past it. Not a chip laid in a
    /// movement of its own (held-out shift seed 92 at 208.5 s: space 3's 50-cent tip payoff,
    /// laid a second after space 2's $15 payoff fanned toward it, read first and the $15 as
    /// more of it) (held-out shift seed 93 at 1140.0 s: space 3's $28.50 blackjack payoff
    /// fanned $25 $2 $1 50c from its wager, a chip after the $25 unfound; the two beyond,
    /// read before the $25, taken for a $2.50 double-down, and the $25 for the payoff, a
    /// `double_rule_broken` and an `overpay` not there).
    pub(super) fn short_of_a_fan(&self, run: &[u64], fans: &[Vec<u64>]) -> bool {
        let [id] = run else {
            return false;
        };
        let Some(n) = self.chips.get(id) else {
            return false;
        };
        let Some(centre) = self
            .layout
            .spaces
            .iter()
            .map(|s| centroid(&s.bet))
            .min_by(|a, b| dist(*a, n.rest).total_cmp(&dist(*b, n.rest)))
        else {
            return false;
        };
        let own = dist(n.rest, centre);
        fans.iter().any(|fan| {
            let notes: Vec<&ChipNote> = fan.iter().filter_map(|f| self.chips.get(f)).collect();
            let gap = notes
                .iter()
                .map(|m| dist(m.rest, n.rest))
                .fold(f64::INFINITY, f64::min);
            !notes.is_empty()
                && gap <= NEAR_END_GAP * 2.0 * n.radius
                && notes.iter().all(|m| dist(m.rest, centre) > own)
                && notes
                    .iter()
                    .any(|m| (m.rest_t - n.rest_t).abs() <= TOGETHER_S)
        })
    }

    /// Reads runs of chips come to rest: each at its space, wagers fanned where they stand
    /// first (their payoffs are read beside them). A wager's stack goes out of sight as the
    /// dealer fans it: until its fan is read it is not on the felt, and a payoff read with it
    /// reaching toward the next space would go there (clean shift seed 13 at 1329 s: space
    /// 4's $18.00 payoff read at space 5, and an underpay).
    pub(super) fn judge_runs(&mut self, runs: Vec<Vec<u64>>) {
        let runs: Vec<Vec<u64>> = runs
            .into_iter()
            .flat_map(|run| self.stacks_fanned_side_by_side(run))
            .flat_map(|run| self.row_beside_a_fanned_wager(run))
            .flat_map(|run| self.payoff_and_fanned_wager(run))
            .flat_map(|run| self.tip_payoff_over_a_fan(run))
            .collect();
        let (fanned, rest): (Vec<Vec<u64>>, Vec<Vec<u64>>) =
            runs.into_iter().partition(|run| self.on_a_wager(run));
        self.judge_at_spaces(fanned);
        self.judge_at_spaces(rest);
    }

    /// True when a chip of `run` lies within a chip's width of an open wager's own spot:
    /// the wager fanned where it stands. Not a tip bet's: the dealer moves a tip into the
    /// inner table area to fan it (08-11(16)(a)), so chips on its spot are laid over it (shift
    /// seed 20 at 2737 s: space 2's $48.00 payoff fanned out to space 3's tip, read as that
    /// tip fanned, a $48.00 tip and space 2 unpaid).
    fn on_a_wager(&self, run: &[u64]) -> bool {
        run.iter().filter_map(|id| self.chips.get(id)).any(|n| {
            self.stakes
                .iter()
                .any(|s| !s.closed && s.bet() != Bet::Tip && dist(n.rest, s.at) <= 2.0 * n.radius)
        })
    }

    /// Reads runs at their spaces, the space's wagers fanned where they stand first.
    pub(super) fn judge_at_spaces(&mut self, runs: Vec<Vec<u64>>) {
        // Runs first (a fan may reach beyond its space's zones), then each run's space: that
        // of whichever of its chips lies nearest one.
        let mut by_space: Vec<(u8, Vec<Vec<u64>>)> = Vec::new();
        let insured = self.insurance_paid_beside(&runs);
        for (run, insured) in runs.into_iter().zip(insured) {
            let nearest = || {
                run.iter()
                    .filter_map(|id| self.chips.get(id))
                    .filter_map(|n| self.chip_space(n.rest, n.radius, n.rest_t))
                    .min_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|(s, _)| s)
            };
            let space = self
                .fanned_on_its_spot(&run)
                .or_else(|| self.tip_paid_beside(&run))
                .or_else(|| self.fan_continued(&run))
                .or_else(|| self.wager_fan_continued(&run))
                .or_else(|| self.split_payoff(&run))
                .or_else(|| self.split_wager(&run))
                .or_else(|| self.split_double(&run))
                .or_else(|| self.beside_a_wager(&run))
                .or(insured)
                .or_else(nearest);
            let Some(space) = space else {
                continue;
            };
            match by_space.iter_mut().find(|(s, _)| *s == space) {
                Some((_, v)) => v.push(run),
                None => by_space.push((space, vec![run])),
            }
        }
        // At a wager first; then nearest the space's betting circle first: a payoff fan with
        // a chip unseen comes to rest as two runs, and its far part continues its near part
        // once that is read (see [`continues`]).
        for (space, mut runs) in by_space {
            let centre = self.bet_centre(space);
            let reach = |run: &[u64]| {
                run.iter()
                    .filter_map(|id| self.chips.get(id))
                    .map(|n| dist(n.rest, centre))
                    .fold(f64::INFINITY, f64::min)
            };
            runs.sort_by(|a, b| {
                (!self.at_a_stake(space, a))
                    .cmp(&!self.at_a_stake(space, b))
                    .then(reach(a).total_cmp(&reach(b)))
            });
            for run in runs {
                self.arrived(space, &run);
            }
        }
    }

    /// Chips of one space split into runs: a stack alone, or chips fanned in a row, each
    /// less than a chip from the next (stacks placed apart lie more than a chip apart).
    pub(super) fn runs(&self, ids: &[u64]) -> Vec<Vec<u64>> {
        let chips: Vec<(u64, [f64; 2], f64, f64)> = ids
            .iter()
            .filter_map(|id| {
                self.chips
                    .get(id)
                    .map(|n| (*id, n.rest, n.radius, n.rest_t))
            })
            .collect();
        let near = |i: usize, j: usize, share: f64| {
            dist(chips[i].1, chips[j].1) <= share * 2.0 * chips[i].2.max(chips[j].2)
        };
        let join = |run_of: &mut Vec<usize>, i: usize, j: usize| {
            let (a, b) = (run_of[i], run_of[j]);
            for r in run_of.iter_mut() {
                if *r == a {
                    *r = b;
                }
            }
        };
        // Chips laid in one movement first, then those groups joined where they lie as one.
        let mut group: Vec<usize> = (0..chips.len()).collect();
        for i in 0..chips.len() {
            for j in 0..i {
                if (chips[i].3 - chips[j].3).abs() <= TOGETHER_S && near(i, j, RUN_TOGETHER) {
                    join(&mut group, i, j);
                }
            }
        }
        // Each group's widest step: the furthest any of its chips lies from its nearest.
        // (Indexed by group: a group is named by one of its chips.)
        let widest: Vec<Option<f64>> = (0..chips.len())
            .map(|g| {
                let members: Vec<usize> = (0..chips.len()).filter(|&k| group[k] == g).collect();
                (members.len() >= 2).then(|| {
                    members
                        .iter()
                        .map(|&a| {
                            members
                                .iter()
                                .filter(|&&b| b != a)
                                .map(|&b| dist(chips[a].1, chips[b].1))
                                .fold(f64::INFINITY, f64::min)
                        })
                        .fold(0.0, f64::max)
                })
            })
            .collect();
        // Two fans laid a movement apart, the later over the earlier: a chip of one on a chip
        // of the other.
        let fans_apart = |i: usize, j: usize| {
            let (Some(a), Some(b)) = (widest[group[i]], widest[group[j]]) else {
                return None;
            };
            ((chips[i].3 - chips[j].3).abs() > FANS_APART_S).then_some((a, b))
        };
        // The least distance between a chip of one group and a chip of the other.
        let mut closest: HashMap<(usize, usize), f64> = HashMap::new();
        for k in 0..chips.len() {
            for m in 0..k {
                let key = (group[k].min(group[m]), group[k].max(group[m]));
                let d = dist(chips[k].1, chips[m].1);
                let c = closest.entry(key).or_insert(d);
                *c = c.min(d);
            }
        }
        let over = |i: usize, j: usize, step: f64| {
            let key = (group[i].min(group[j]), group[i].max(group[j]));
            closest.get(&key).is_some_and(|d| *d < OVER * step)
        };
        // Each group's chips (indexed by group), once.
        let mut points: Vec<Vec<[f64; 2]>> = vec![Vec::new(); chips.len()];
        for (k, c) in chips.iter().enumerate() {
            points[group[k]].push(c.1);
        }
        // A chip laid a movement after a fan, or a fan after a chip or another fan, is none
        // of it where it lies off the other's row: a fan continued goes on along its row,
        // and two fans meeting at an angle each lie off the other's. A payoff laid beside a
        // tip against the wager fanned there lies across it (shift seed 14, rounds 1 and
        // 126: a tip's payoff laid below the end of the wager's fan, read into it, the
        // wager read $1.00 and $0.50 over and its payoff an underpay).
        let across = |i: usize, j: usize| {
            if (chips[i].3 - chips[j].3).abs() <= FANS_APART_S {
                return false;
            }
            let chip_d = 2.0 * chips[i].2.max(chips[j].2);
            let (a, b) = (&points[group[i]], &points[group[j]]);
            (a.len() >= 2 || b.len() >= 2)
                && (a.len() < 2 || off_line(a, chips[j].1, chip_d))
                && (b.len() < 2 || off_line(b, chips[i].1, chip_d))
        };
        // Two fans laid a movement apart with a chip of one beside a chip of the other, more
        // across either's row than along it: two rows side by side, not one fan found in two
        // movements (whose later part goes on along its row). Held-out shift seed 15 at
        // 3491 s: space 4's $22.00 payoff laid against space 5's wager fanned 0.8 s before,
        // their ends overlapping half a chip apart; read as one, space 5's wager was $46.00
        // and space 4 unpaid.
        // Only rows of three chips or more, a chip's width long or longer, have a line to
        // measure by: two tracks of one chip found twice have none.
        let side_by_side = |i: usize, j: usize| {
            let d = sub(chips[j].1, chips[i].1);
            let chip_d = 2.0 * chips[i].2.max(chips[j].2);
            [&points[group[i]], &points[group[j]]].iter().all(|row| {
                let (end, axis) = fan_line(row);
                if row.len() < 3 || row.iter().all(|q| dist(*q, end) < chip_d) {
                    return false;
                }
                let along = dot(d, axis).abs();
                let across = (d[0] * axis[1] - d[1] * axis[0]).abs();
                across > along
            })
        };
        let mut run_of = group.clone();
        for i in 0..chips.len() {
            for j in 0..i {
                if group[i] == group[j] || !near(i, j, RUN) {
                    continue;
                }
                if let Some((a, b)) = fans_apart(i, j)
                    && (dist(chips[i].1, chips[j].1) > FANS_APART * a.max(b)
                        || over(i, j, a.min(b))
                        || side_by_side(i, j))
                {
                    continue;
                }
                if across(i, j) {
                    continue;
                }
                join(&mut run_of, i, j);
            }
        }
        let mut runs: Vec<Vec<u64>> = Vec::new();
        let mut keys: Vec<usize> = Vec::new();
        for (c, r) in chips.iter().zip(&run_of) {
            match keys.iter().position(|k| k == r) {
                Some(i) => runs[i].push(c.0),
                None => {
                    keys.push(*r);
                    runs.push(vec![c.0]);
                }
            }
        }
        runs
    }

    /// True when a chip of `run` lies where a wager of `space` stands.
    fn at_a_stake(&self, space: u8, run: &[u64]) -> bool {
        run.iter().filter_map(|id| self.chips.get(id)).any(|n| {
            self.stakes
                .iter()
                .any(|s| !s.closed && s.space == space && dist(n.rest, s.at) <= 2.0 * n.radius)
        })
    }

    /// The space of a split hand (the second on) whose payoff these chips are: the run's chip
    /// nearest the hand's wager lies beside it to the dealer's right, as a payoff does (0.9 to
    /// 2.2 chip widths along, more along than across). Split hands lie side by side from the
    /// betting circle toward the next space (08-11(3)(a)), so the last one's payoff lies nearer
    /// the next space's zones than its own (shift seed 12 at 1108 s: a second hand's $17.00
    /// payoff judged at the next space, and never read). The wager's own stack may be out of
    /// sight by then, fanned into chips followed anew. Only once the dealer's hand lies face
    /// up: a split hand is paid after the dealer plays, never as a natural (08-11(11), (12));
    /// before then chips there are the next space's (held-out shift seed 24 at 1809 s: space
    /// 2's double-down, laid where space 1's third split hand's payoff would go, read as
    /// that hand's double). Only a hand of the round the chips came to rest in
    /// ([`Scribe::of_the_round`]): a pushed hand's wager stays open past the clear, and the
    /// next round's wager laid where its payoff would have gone is the next space's (held-out
    /// shift seed 74 at 3417.8 s: space 3's $11 wager, put down 2.2 s after the clear, written
    /// to space 2, whose third split hand had pushed).
    pub(super) fn split_payoff(&self, run: &[u64]) -> Option<u8> {
        let notes: Vec<&ChipNote> = run.iter().filter_map(|id| self.chips.get(id)).collect();
        let points: Vec<[f64; 2]> = notes.iter().map(|n| n.rest).collect();
        let t = notes.iter().map(|n| n.rest_t).reduce(f64::max)?;
        let chip_d = 2.0 * self.chips.get(run.first()?)?.radius;
        self.stakes
            .iter()
            .filter(|s| s.kind == WagerKind::Split && s.hand >= 2 && !s.closed && !s.paid)
            .filter(|s| self.dealers_turn() && self.of_the_round(s, t))
            // Not chips fanned from another space's wager where it stood: a chip of them
            // lies within a chip's width of its spot, where no payoff is laid (clean shift
            // seed 62 at 1515.6 s: space 2's $20 double-down fanned from its stack toward
            // the dealer, its three upper chips read as a $15 payoff to space 1's second
            // split hand, and a `payoff_not_hand_by_hand` not there).
            .filter(|s| !self.on_another_wager(s.space, &points, chip_d))
            .find(|s| {
                let ax = self.axes[usize::from(s.space)];
                let nearest = points
                    .iter()
                    .copied()
                    .min_by(|a, b| dist(*a, s.at).total_cmp(&dist(*b, s.at)));
                nearest.is_some_and(|p| pays_main(sub(p, s.at), ax, chip_d))
            })
            .map(|s| s.space)
    }

    /// True when one of `points` (pixels) lies within a chip's width (`chip_d`) of the spot
    /// of an open wager in sight at a space other than `space`, a tip bet aside.
    fn on_another_wager(&self, space: u8, points: &[[f64; 2]], chip_d: f64) -> bool {
        self.stakes.iter().any(|o| {
            !o.closed
                && o.space != space
                && o.bet() != Bet::Tip
                && self.present(o)
                && points.iter().any(|p| dist(*p, o.at) <= chip_d)
        })
    }

    /// The space of the open main wager whose stack went out of sight as `run` came to rest
    /// (within [`FANNED_S`] before its first chip) with a chip of it on the stack's spot
    /// (within half a chip's width): the wager fanned where it stood (08-11(16)(a)), whatever
    /// lies near it. A pair split twice spreads its third hand's payoff spot onto the next
    /// space's wager (clean shift seed 13 at 3570 s: space 5's wager fanned there was read
    /// with space 4's third hand's payoff).
    fn fanned_on_its_spot(&self, run: &[u64]) -> Option<u8> {
        let (notes, chip_d, _) = self.run_notes(run);
        let first = notes.iter().map(|n| n.rest_t).fold(f64::INFINITY, f64::min);
        let points: Vec<[f64; 2]> = notes.iter().map(|n| n.rest).collect();
        self.stakes
            .iter()
            .filter(|s| !s.closed && s.bet() == Bet::Main && !s.tracks.is_empty())
            .find(|s| self.fanned_as(s, run, &points, first, chip_d))
            .map(|s| s.space)
    }

    /// The space of the open main wager fanned where it stood, counted within [`GAP_S`] of
    /// when `run` came to rest, whose fan `run` continues past its far end (see
    /// [`continues`]), one chip alone lying further from the wager's spot than every chip of
    /// the fan: the wager's end chip, beyond a chip of it the look missed, not a chip laid
    /// apart (nor a payoff fanned from beside the spot, whose first chip lies by the fan) (held-out shift seed 93 at 870.7 s: space 2's $23 wager spread toward the
    /// dealer where it stood, its $2 unfound, its $1 beyond taken for space 1's split hand's
    /// payoff, and that hand's $3 payoff read after it as more: an `overpay` and a
    /// `payoff_not_hand_by_hand` not there).
    fn wager_fan_continued(&self, run: &[u64]) -> Option<u8> {
        let (notes, chip_d, t) = self.run_notes(run);
        let [n] = notes[..] else {
            return None;
        };
        self.stakes
            .iter()
            .filter(|s| !s.closed && s.bet() == Bet::Main && s.counted && s.fan.len() >= 2)
            .filter(|s| s.fanned_t.is_some_and(|f| (t - f).abs() <= GAP_S))
            .filter(|s| s.fan.iter().all(|q| dist(*q, s.at) < dist(n.rest, s.at)))
            .find(|s| continues(&s.fan, &[n.rest], chip_d, s.at, true))
            .map(|s| s.space)
    }

    /// `run` in two where it is two fans laid end to end in one look: a payoff beside one
    /// space's main wager (a chip of it where that wager's payoff goes, see [`pays_main`]),
    /// and the next space's wager fanned where it stood (see [`Scribe::fanned_as`]). Split at
    /// the run's widest step between the two, when that step is [`END_TO_END`] of the run's
    /// median or more (a chip of one fan may lie over the other's end, unseen). Held-out shift
    /// seed 21 at 1869.9 s: space 3's $34.50 payoff and space 4's $18.00 wager fanned toward
    /// each other within 0.2 s, the payoff's 50c over the wager's $1, 0.9 chips from its $2;
    /// read as one run at space 4, space 3 was never paid. Or, laid [`FANS_APART_S`] or more
    /// apart, split between the two movements. Otherwise `run` whole.
    pub(super) fn payoff_and_fanned_wager(&self, run: Vec<u64>) -> Vec<Vec<u64>> {
        let chips: Vec<(u64, [f64; 2], f64)> = run
            .iter()
            .filter_map(|id| self.chips.get(id).map(|n| (*id, n.rest, n.rest_t)))
            .collect();
        if chips.len() < 4 || chips.len() != run.len() {
            return vec![run];
        }
        let (_, chip_d, _) = self.run_notes(&run);
        let points: Vec<[f64; 2]> = chips.iter().map(|c| c.1).collect();
        let first = chips.iter().map(|c| c.2).fold(f64::INFINITY, f64::min);
        let fanned_here = self.stakes.iter().find(|s| {
            !s.closed
                && s.bet() == Bet::Main
                && !s.tracks.is_empty()
                && self.fanned_as(s, &run, &points, first, chip_d)
        });
        // Or, for the movements alone, a main wager with a chip of the run on its spot, its
        // stack's bottom chip still in sight there (clean shift seed 64 at 1212.9 s: space 3's
        // $19.50 payoff fanned toward space 4, whose $18 wager was spread toward it where it
        // stood 0.6 s later, its $2 and $1 hidden by the payoff's end; read as one run, a
        // $34.50 wager at space 4, and space 3 unpaid).
        let on_its_spot = || {
            self.stakes.iter().find(|s| {
                !s.closed
                    && s.bet() == Bet::Main
                    && points.iter().any(|p| dist(*p, s.at) <= 0.5 * chip_d)
            })
        };
        let Some(fanned) = fanned_here.or_else(on_its_spot) else {
            return vec![run];
        };
        let paid = |p: [f64; 2]| {
            self.stakes.iter().any(|o| {
                !o.closed
                    && o.space != fanned.space
                    && matches!(o.kind, WagerKind::Original | WagerKind::Split)
                    && pays_main(sub(p, o.at), self.axes[usize::from(o.space)], chip_d)
            })
        };
        // Along the run's line, from one end.
        let (end, axis) = fan_line(&points);
        let mut along: Vec<(f64, u64, [f64; 2])> = chips
            .iter()
            .map(|c| (dot(sub(c.1, end), axis), c.0, c.1))
            .collect();
        along.sort_by(|a, b| a.0.total_cmp(&b.0));
        let Some(spot) = (0..along.len())
            .min_by(|&a, &b| dist(along[a].2, fanned.at).total_cmp(&dist(along[b].2, fanned.at)))
        else {
            return vec![run];
        };
        let Some(pay) = (0..along.len())
            .filter(|&k| paid(along[k].2))
            .max_by_key(|&k| k.abs_diff(spot))
        else {
            return vec![run];
        };
        // Laid in two movements, FANS_APART_S or more apart, the wager's spot in one and the
        // payoff's place in the other: two fans, whatever their steps (held-out shift seed 23
        // at 732 s and 1459 s: space 3's payoff fanned up to space 4's wager fan, laid a
        // second and more before with its step, read as more of that wager; space 3 unpaid).
        // The widest such gap between the two; a third movement after both (the tip's
        // payoff laid by the wager, held-out shift seed 68 at 2325.8 s, as long after the
        // payoff as the payoff after the wager) does not hide it.
        let mut by_time: Vec<(f64, u64)> = chips.iter().map(|c| (c.2, c.0)).collect();
        by_time.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (spot_id, pay_id) = (along[spot].1, along[pay].1);
        let parts = |g: usize| {
            let early: Vec<u64> = by_time[..g].iter().map(|c| c.1).collect();
            let late: Vec<u64> = by_time[g..].iter().map(|c| c.1).collect();
            (early, late)
        };
        // A stack spread where it stood lays its top chip farthest from its spot
        // (08-11(16)(a)). A wager read by its top chip alone, its own fan ending in a chip of
        // another value, and the other movement one chip of the top's value a step past that
        // end: the fan found in two movements, its top chip lost a moment under the dealer's
        // hand, not a payoff laid after it (held-out shift seed 71 at 2662.6 s: space 2's $18
        // wager, its $1 top chip found at rest 0.8 s after the rest, a step past its $2 by
        // space 1's second split hand; read as that hand's payoff, stacked, a
        // `payout_not_fanned` not there).
        let far_end = |ids: &[u64]| {
            ids.iter()
                .filter_map(|id| self.chips.get(id))
                .max_by(|a, b| dist(a.rest, fanned.at).total_cmp(&dist(b.rest, fanned.at)))
        };
        let top_found_late = |early: &[u64], late: &[u64]| {
            let (own, other) = if early.contains(&spot_id) {
                (early, late)
            } else {
                (late, early)
            };
            let ([one], Some(end)) = (other, far_end(own)) else {
                return false;
            };
            self.chips.get(one).is_some_and(|top| {
                !fanned.counted
                    && top.value == fanned.amount
                    && end.value != fanned.amount
                    && dist(top.rest, fanned.at) > dist(end.rest, fanned.at)
                    && dist(top.rest, end.rest) <= 1.5 * chip_d
            })
        };
        let gap = (1..by_time.len())
            .filter(|&g| by_time[g].0 - by_time[g - 1].0 >= FANS_APART_S)
            .filter(|&g| {
                let (early, late) = parts(g);
                early.contains(&spot_id) != early.contains(&pay_id)
                    && !top_found_late(&early, &late)
            })
            .max_by(|&a, &b| {
                (by_time[a].0 - by_time[a - 1].0).total_cmp(&(by_time[b].0 - by_time[b - 1].0))
            });
        if let Some(g) = gap {
            let (early, late) = parts(g);
            return vec![early, late];
        }
        if fanned_here.is_none() {
            return vec![run];
        }
        let (lo, hi) = (spot.min(pay), spot.max(pay));
        let steps: Vec<f64> = along.windows(2).map(|w| w[1].0 - w[0].0).collect();
        let mut sorted = steps.clone();
        sorted.sort_by(f64::total_cmp);
        let Some(median) = median_step(&sorted, chip_d) else {
            return vec![run];
        };
        let Some(widest) = (lo..hi).max_by(|&a, &b| steps[a].total_cmp(&steps[b])) else {
            return vec![run];
        };
        if steps[widest] < END_TO_END * median {
            return vec![run];
        }
        let ids: Vec<u64> = along.iter().map(|a| a.1).collect();
        vec![ids[..=widest].to_vec(), ids[widest + 1..].to_vec()]
    }

    /// `run` in two where it is a hand's wager and its double-down, both fanned where they
    /// stood side by side in one movement (08-11(16)(a)): two stacks of one hand went out of
    /// sight as the run came to rest with a chip on each one's spot (see
    /// [`Scribe::fanned_as`]). Each fan runs from the chip on its spot through the chip
    /// nearest that one; a chip lies in the fan whose line it lies on (within half a chip's
    /// width across). A chip on neither line, between the two, is one found where they
    /// overlap, and is left out. Held-out shift seed 24 at 949 s: space 1's $17 wager and
    /// $17 double-down fanned a width and a third apart, a $5 found between them; read as one
    /// run, the wager was counted $39, over the table's limit, and the double-down written
    /// collected. So too where each stack's own track stayed on its bottom chip as the rest
    /// were fanned from it in one movement (see [`Scribe::fanned_from_its_stack`]; held-out
    /// clean shift seed 41 at 2112.1 s: space 1's $20 wager and $20 double-down, $5 chips on
    /// red felt, a $5 found between them over the tip; read as one run, the wager was counted
    /// $40, over the table's limit).
    pub(super) fn stacks_fanned_side_by_side(&self, run: Vec<u64>) -> Vec<Vec<u64>> {
        let (notes, chip_d, _) = self.run_notes(&run);
        if notes.len() < 4 || notes.len() != run.len() {
            return vec![run];
        }
        let points: Vec<[f64; 2]> = notes.iter().map(|n| n.rest).collect();
        let first = notes.iter().map(|n| n.rest_t).fold(f64::INFINITY, f64::min);
        let last = notes
            .iter()
            .map(|n| n.rest_t)
            .fold(f64::NEG_INFINITY, f64::max);
        let fanned: Vec<&Stake> = self
            .stakes
            .iter()
            .filter(|s| {
                !s.closed
                    && s.bet() == Bet::Main
                    && !s.tracks.is_empty()
                    && (self.fanned_as(s, &run, &points, first, chip_d)
                        || last - first <= TOGETHER_S
                            && self.fanned_from_its_stack(s, &points, first, chip_d))
            })
            .collect();
        let [a, b] = fanned[..] else {
            return vec![run];
        };
        if a.space != b.space || a.hand != b.hand {
            return vec![run];
        }
        let nearest = |at: [f64; 2], not: &[usize]| {
            (0..points.len())
                .filter(|k| !not.contains(k))
                .min_by(|&x, &y| dist(points[x], at).total_cmp(&dist(points[y], at)))
        };
        // Each fan starts from the chip of the run on its stack's spot, or from the spot
        // itself where the stack's own track stayed on the bottom chip.
        let on_spot =
            |s: &Stake| nearest(s.at, &[]).filter(|&k| dist(points[k], s.at) <= 0.5 * chip_d);
        let (on_a, on_b) = (on_spot(a), on_spot(b));
        if on_a.is_some() && on_a == on_b {
            return vec![run];
        }
        let used: Vec<usize> = [on_a, on_b].into_iter().flatten().collect();
        let (from_a, from_b) = (
            on_a.map_or(a.at, |k| points[k]),
            on_b.map_or(b.at, |k| points[k]),
        );
        let (Some(next_a), Some(next_b)) = (nearest(from_a, &used), nearest(from_b, &used)) else {
            return vec![run];
        };
        if next_a == next_b {
            return vec![run];
        }
        let lines = [
            (from_a, unit(sub(points[next_a], from_a))),
            (from_b, unit(sub(points[next_b], from_b))),
        ];
        let across = |k: usize, (o, d): ([f64; 2], [f64; 2])| {
            let v = sub(points[k], o);
            (v[0] * d[1] - v[1] * d[0]).abs()
        };
        let mut fans: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
        for (k, id) in run.iter().enumerate() {
            let (ca, cb) = (across(k, lines[0]), across(k, lines[1]));
            if ca.min(cb) > 0.5 * chip_d {
                continue;
            }
            fans[usize::from(cb < ca)].push(*id);
        }
        if fans.iter().any(|f| f.len() < 2) {
            return vec![run];
        }
        fans.into()
    }

    /// `run` in two where it is a main wager fanned where it stood (see [`Scribe::fanned_as`])
    /// and a row of chips laid side by side with it: a split hand's wager spread toward the
    /// dealer and its payoff fanned beside it the same way (08-11(16)(a) lets the dealer fan
    /// either toward the side or toward the dealer). The wager's row runs from the chip on its
    /// spot through the chip nearest that one, and takes in every chip within half a chip's
    /// width across its line; the other row is the chips [`ROWS_APART`] or more across it, in
    /// a line of their own (each within half a chip's width of it), parallel to the wager's
    /// (within [`PARALLEL`]) and beside it (their spans along the wager's line overlapping). A
    /// chip between the two is one found where neither lies, and is left out. Held-out shift
    /// seed 85 at 953.8 s: space 1's second split hand's $24 wager spread toward the dealer
    /// and its $24 payoff fanned beside it 0.5 s later, a $25 chip found between the rows,
    /// the wager's end $2 come to rest with the payoff; read as one run of $66, hand 1 paid
    /// it and hand 2's wager written collected, a `winning_wager_collected` not there.
    /// Otherwise `run` whole.
    pub(super) fn row_beside_a_fanned_wager(&self, run: Vec<u64>) -> Vec<Vec<u64>> {
        let (notes, chip_d, _) = self.run_notes(&run);
        if notes.len() < 4 || notes.len() != run.len() {
            return vec![run];
        }
        let points: Vec<[f64; 2]> = notes.iter().map(|n| n.rest).collect();
        let first = notes.iter().map(|n| n.rest_t).fold(f64::INFINITY, f64::min);
        let fanned: Vec<&Stake> = self
            .stakes
            .iter()
            .filter(|s| {
                !s.closed
                    && s.bet() == Bet::Main
                    && !s.tracks.is_empty()
                    && self.fanned_as(s, &run, &points, first, chip_d)
            })
            .collect();
        let [s] = fanned[..] else {
            return vec![run];
        };
        let nearest = |at: [f64; 2], not: Option<usize>| {
            (0..points.len())
                .filter(|k| Some(*k) != not)
                .min_by(|&a, &b| dist(points[a], at).total_cmp(&dist(points[b], at)))
        };
        let Some(on) = nearest(s.at, None).filter(|&k| dist(points[k], s.at) <= 0.5 * chip_d)
        else {
            return vec![run];
        };
        let Some(next) = nearest(points[on], Some(on)) else {
            return vec![run];
        };
        // The wager's row, its line fitted again to the chips found in it.
        let mut line = (points[on], unit(sub(points[next], points[on])));
        let mut own: Vec<usize> = Vec::new();
        for _ in 0..3 {
            own = (0..points.len())
                .filter(|&k| across(line.0, line.1, points[k]) <= 0.5 * chip_d)
                .collect();
            let row: Vec<[f64; 2]> = own.iter().map(|&k| points[k]).collect();
            line = fan_line(&row);
        }
        let beside: Vec<usize> = (0..points.len())
            .filter(|&k| across(line.0, line.1, points[k]) >= ROWS_APART * chip_d)
            .collect();
        if own.len() < 2 || beside.len() < 2 {
            return vec![run];
        }
        let row: Vec<[f64; 2]> = beside.iter().map(|&k| points[k]).collect();
        let (end, axis) = fan_line(&row);
        let in_line = row.iter().all(|p| across(end, axis, *p) <= 0.5 * chip_d);
        let parallel = dot(axis, line.1).abs() >= PARALLEL;
        let span = |ks: &[usize]| {
            ks.iter()
                .map(|&k| dot(sub(points[k], line.0), line.1))
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), a| {
                    (lo.min(a), hi.max(a))
                })
        };
        let ((a0, a1), (b0, b1)) = (span(&own), span(&beside));
        if !(in_line && parallel && a0 <= b1 && b0 <= a1) {
            return vec![run];
        }
        vec![
            own.iter().map(|&k| run[k]).collect(),
            beside.iter().map(|&k| run[k]).collect(),
        ]
    }

    /// Whether wager `s`'s stack was fanned from where it stood, its own track kept on the
    /// bottom chip, as chips came to rest at `points` (pixels) from `first` seconds: a chip
    /// it follows still lay on its spot then (within half a chip's width, `chip_d`), no chip
    /// of the run lies there, and one lies within a chip's width of it (a fan's step is
    /// 0.62 of a width). Not a stack still standing with another laid over its spot.
    pub(super) fn fanned_from_its_stack(
        &self,
        s: &Stake,
        points: &[[f64; 2]],
        first: f64,
        chip_d: f64,
    ) -> bool {
        let stands = s
            .tracks
            .iter()
            .filter_map(|id| self.chips.get(id))
            .any(|n| n.seen_t >= first && dist(n.centre, s.at) <= 0.5 * chip_d);
        let near: Vec<f64> = points.iter().map(|p| dist(*p, s.at)).collect();
        stands && near.iter().all(|d| *d > 0.5 * chip_d) && near.iter().any(|d| *d <= chip_d)
    }

    /// Whether wager `s`'s stack was fanned where it stood as chips of `run` came to rest at
    /// `points` (pixels) from `first` seconds: its followed chips, none of them in the run,
    /// went out of sight within [`FANNED_S`] before, and a chip of the run lies on its spot
    /// (within half a chip's width, `chip_d`).
    pub(super) fn fanned_as(
        &self,
        s: &Stake,
        run: &[u64],
        points: &[[f64; 2]],
        first: f64,
        chip_d: f64,
    ) -> bool {
        // When its chips were last seen (those still followed).
        let last = s
            .tracks
            .iter()
            .filter_map(|id| self.chips.get(id).map(|n| n.seen_t))
            .fold(f64::NEG_INFINITY, f64::max);
        !s.tracks.iter().any(|id| run.contains(id))
            && last < first
            && first - last <= FANNED_S
            && points.iter().any(|p| dist(*p, s.at) <= 0.5 * chip_d)
    }

    /// The space whose tip bet `run` pays: chips worth the tip, come to rest within a
    /// payoff's reach of it once its space's main wager was paid. A tip on a winning hand is
    /// paid an equal amount (99-01.3-08-09(2)(a)), laid beside it. The previous space's payoff,
    /// fanned toward the tip, may end a chip from where the tip's payoff goes: a chip laid
    /// there a while later worth just the tip is the tip's payoff, not more of that fan
    /// (held-out shift seed 21 at 430 s: space 3's $1.00 tip payoff, read as a chip more of
    /// space 2's $17.00 payoff, an overpay).
    pub(super) fn tip_paid_beside(&self, run: &[u64]) -> Option<u8> {
        let (notes, chip_d, _) = self.run_notes(run);
        let total: i64 = notes.iter().map(|n| n.value).sum();
        // The hands are paid first, then the tips (08-11(16)): chips lying where a split
        // hand still unpaid is paid are that hand's (held-out shift seed 25 at 1292 s: space
        // 1's second hand's $2 payoff, laid by space 2's $2 tip, read as the tip's payoff).
        if self.split_payoff(run).is_some() {
            return None;
        }
        self.stakes
            .iter()
            .filter(|s| s.bet() == Bet::Tip && !s.closed && !s.paid && s.amount == total)
            .filter(|s| self.present(s))
            .filter(|tip| {
                self.stakes
                    .iter()
                    .any(|s| s.space == tip.space && s.bet() == Bet::Main && s.paid && !s.closed)
            })
            .find(|s| {
                notes
                    .iter()
                    .all(|n| payoff_reach(dist(n.rest, s.at), chip_d))
            })
            .map(|s| s.space)
    }

    /// For each of `runs` (come to rest at one look), the space whose insurance bet it pays,
    /// where one bet alone can be: insurance pays two to one, laid beside the bet on either
    /// hand (08-11(15)(d)), once the dealer's hand is face up, and each bet is paid once. A
    /// run within a payoff's reach ([`payoff_reach`]) of two spaces' bets pays the one no
    /// other run of the look can be alone paying, nor was paid before. Held-out shift seed 83
    /// at 2588.1 s: space 4's $16 insurance payoff fanned from its bet toward space 5's, its
    /// end chip 1.07 chip widths from that bet, read with space 5's own payoff, judged at the
    /// same look, as a second payoff of space 5's bet.
    pub(super) fn insurance_paid_beside(&self, runs: &[Vec<u64>]) -> Vec<Option<u8>> {
        let mut out: Vec<Option<u8>> = vec![None; runs.len()];
        if !self.dealers_turn() {
            return out;
        }
        // Each run's bets: open, unpaid insurance bets in sight within its reach.
        let bets: Vec<Vec<usize>> = runs
            .iter()
            .map(|run| {
                let (notes, chip_d, _) = self.run_notes(run);
                self.stakes
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| s.bet() == Bet::Insurance && !s.closed && !s.paid)
                    .filter(|(_, s)| self.present(s))
                    .filter(|(_, s)| {
                        let near = notes
                            .iter()
                            .map(|n| dist(n.rest, s.at))
                            .fold(f64::INFINITY, f64::min);
                        !notes.is_empty() && payoff_reach(near, chip_d)
                    })
                    .map(|(k, _)| k)
                    .collect()
            })
            .collect();
        // A run with one bet left takes it; the rest are left with one fewer.
        let mut taken: Vec<usize> = Vec::new();
        loop {
            let mut took = false;
            for (i, b) in bets.iter().enumerate() {
                if out[i].is_some() {
                    continue;
                }
                let left: Vec<usize> = b.iter().copied().filter(|k| !taken.contains(k)).collect();
                if let [k] = left[..] {
                    out[i] = Some(self.stakes[k].space);
                    taken.push(k);
                    took = true;
                }
            }
            if !took {
                return out;
            }
        }
    }

    /// `run` less a tip's payoff laid over it: a chip worth just an unpaid tip whose space's
    /// main wager was paid, within a payoff's reach of the tip ([`payoff_reach`]), come to
    /// rest in the run's last look, lying inside the row of the others where no chip of it
    /// is missing ([`crowds_a_row`]). The hands are paid before the tips (08-11(16)), a tip's
    /// payoff beside it (08-09(2)(a)), and the previous space's payoff, fanned toward the tip,
    /// may run under where that goes. Held-out shift seed 26 at 1223 s: space 3's $0.50 tip
    /// payoff laid over the end of space 2's $21.00 payoff fan, 0.7 of a step from the chips
    /// either side of it, read into the fan as $21.50, an overpay, and the tip unpaid. So too
    /// such a chip come to rest a movement after every other chip of the run
    /// ([`FANS_APART_S`]), wherever it lies by them (clean shift seed 43 at 406.3 s: space 3's
    /// $2 tip payoff laid a step past the end of space 2's $14.00 payoff fan 0.8 s after it,
    /// a third of a chip off its line, read into it as $16.00, an overpay).
    pub(super) fn tip_payoff_over_a_fan(&self, run: Vec<u64>) -> Vec<Vec<u64>> {
        let (notes, chip_d, last) = self.run_notes(&run);
        if notes.len() < 2 || notes.len() != run.len() {
            return vec![run];
        }
        let tip_due = |n: &ChipNote| {
            self.stakes.iter().any(|tip| {
                tip.bet() == Bet::Tip
                    && !tip.closed
                    && !tip.paid
                    && tip.amount == n.value
                    && payoff_reach(dist(n.rest, tip.at), chip_d)
                    && self.present(tip)
                    && self.stakes.iter().any(|s| {
                        s.space == tip.space && s.bet() == Bet::Main && s.paid && !s.closed
                    })
            })
        };
        let laid_over = (0..notes.len()).find(|&k| {
            let others: Vec<[f64; 2]> = notes
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .map(|(_, o)| o.rest)
                .collect();
            // Laid a movement after every other chip of the run: the dealer paid the tip
            // once the fan lay there.
            let after = notes
                .iter()
                .enumerate()
                .all(|(j, o)| j == k || o.rest_t < notes[k].rest_t - FANS_APART_S);
            notes[k].rest_t >= last
                && tip_due(notes[k])
                && (notes.len() >= 4 && crowds_a_row(&others, notes[k].rest, chip_d) || after)
        });
        match laid_over {
            Some(k) => {
                let id = run[k];
                vec![run.into_iter().filter(|o| *o != id).collect(), vec![id]]
            }
            None => vec![run],
        }
    }

    /// The notes of `run`'s chips, a chip's width (pixels, the widest found) and when the
    /// last of them came to rest (seconds).
    fn run_notes(&self, run: &[u64]) -> (Vec<&ChipNote>, f64, f64) {
        let notes: Vec<&ChipNote> = run.iter().filter_map(|id| self.chips.get(id)).collect();
        let chip_d = 2.0 * notes.iter().map(|n| n.radius).fold(0.0, f64::max);
        let t = notes
            .iter()
            .map(|n| n.rest_t)
            .fold(f64::NEG_INFINITY, f64::max);
        (notes, chip_d, t)
    }

    /// The space a pair was just split at (within the 3 s [`Scribe::arrived`] allows), when a
    /// chip of `run` lies within a chip and a half of where the new hand's wager goes: a
    /// hand's step on from the last, to the dealer's right (the step from the first hand's
    /// wager to the second's when both are known, else 2.7 chips, 08-11(3)(a)). A pair split
    /// again spreads its hands over the next space, whose wager lies nearer (clean shift seed
    /// 13 at 3558 s: a third hand's $11.00 read as a double-down at the next space).
    /// The hands' wagers are this round's, open: not an earlier round's hand, closed (held-out
    /// shift seed 38 at 2855.5 s: space 1's second hand split again, the step taken from an
    /// earlier round's second hand, the third hand's $4.00 found 1.9 chips from where that
    /// put it and read as space 2's tip payoff, its card as dealt to a hand not there).
    fn split_wager(&self, run: &[u64]) -> Option<u8> {
        let (notes, chip_d, t) = self.run_notes(run);
        self.splits
            .iter()
            .filter(|(_, _, _, when)| (when - t).abs() <= SPLIT_MATCH_S)
            .find_map(|&(space, _, new, _)| {
                let at = |hand: u8| {
                    self.stakes
                        .iter()
                        .find(|s| {
                            !s.closed
                                && s.space == space
                                && s.hand == hand
                                && matches!(s.kind, WagerKind::Original | WagerKind::Split)
                        })
                        .map(|s| s.at)
                };
                let first = at(1)?;
                // To the dealer's right as the new hand's cards were set out from the first
                // hand's, where both are placed: a space's own across may lie at an angle to
                // the line its axes take (held-out shift seed 38 at 1547.4 s: space 1's split
                // wager 1.53 chips from where its axes put it, 30 degrees off).
                let across = self
                    .hand_card_at(space, 1)
                    .zip(self.hand_card_at(space, new))
                    .map(|(a, b)| sub(b, a))
                    .filter(|d| d[0].hypot(d[1]) >= chip_d)
                    .map_or(self.axes[usize::from(space)].right, unit);
                let step = match at(2) {
                    Some(second) if new > 2 => sub(second, first),
                    _ => [2.7 * chip_d * across[0], 2.7 * chip_d * across[1]],
                };
                let k = f64::from(new) - 1.0;
                let want = [first[0] + k * step[0], first[1] + k * step[1]];
                notes
                    .iter()
                    .any(|n| dist(n.rest, want) <= 1.5 * chip_d)
                    .then_some(space)
            })
    }

    /// The space of a split hand's wager (a hand set out beyond the first) that `run` lies
    /// toward the dealer from, as a double-down goes (see [`Scribe::arrived`]): a pair split
    /// again spreads its hands over the next space, and a double on the last lands in that
    /// space's tip zone (clean shift seed 13 at 3561 s: a third hand's $11.00 double-down read
    /// as the next space's tip, 08-09(2)(d)). Only while its space is in play: once the next
    /// space was dealt a card, its hands are done (each player in turn, 08-11(4)), and chips
    /// there are the next space's double (shift seed 20 at 1951 s: space 4's double-down,
    /// laid toward the dealer from space 3's third hand spread over it, read as that hand's,
    /// with space 4's card). Only a hand of the round on: a split hand's wager lies on a
    /// while after its round's clear, and chips put down by it then are the next round's
    /// wager (clean shift seed 65 at 622.8 s: space 6's $10 wager, laid toward the dealer from
    /// space 5's third split hand's spot 1.6 s after the clear, read as that hand's double).
    pub(super) fn split_double(&self, run: &[u64]) -> Option<u8> {
        let (notes, chip_d, t) = self.run_notes(run);
        let in_play = self.in_play();
        self.stakes
            .iter()
            .filter(|s| s.kind == WagerKind::Split && s.hand >= 2 && !s.closed && self.present(s))
            .filter(|s| self.of_the_round(s, t))
            .filter(|s| in_play.is_none_or(|sp| sp == s.space))
            .find(|s| {
                let ax = self.axes[usize::from(s.space)];
                nearest_rest(&notes, s.at).is_some_and(|p| doubles(sub(p, s.at), ax, chip_d))
            })
            .map(|s| s.space)
    }

    /// The space of the open main wager unpaid that `run` lies beside where its payoff goes
    /// (to the dealer's right, [`pays_main`], measured from the run's chip nearest it), the
    /// nearest such: a payoff fanned out from its wager toward the next space ends nearer that
    /// space's tip than it begins to its own wager, and is still its wager's (clean shift
    /// seed 13 at 1529 s and 1679 s: two payoffs read as the next space's tip paid). Not a run
    /// with a chip on a wager's own spot: that wager, fanned. A split hand's only once the
    /// dealer's hand lies face up (see [`Scribe::split_payoff`]).
    pub(super) fn beside_a_wager(&self, run: &[u64]) -> Option<u8> {
        if self.on_a_wager(run) {
            return None;
        }
        let (notes, chip_d, t) = self.run_notes(run);
        self.stakes
            .iter()
            .filter(|s| {
                matches!(s.kind, WagerKind::Original | WagerKind::Split)
                    && !s.closed
                    && !s.paid
                    && (s.kind != WagerKind::Split || self.dealers_turn())
                    && (self.present(s) || self.fanned_from(s, t))
            })
            .filter_map(|s| {
                let p = nearest_rest(&notes, s.at)?;
                let ax = self.axes[usize::from(s.space)];
                pays_main(sub(p, s.at), ax, chip_d).then(|| (s.space, dist(p, s.at)))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(space, _)| space)
    }

    /// The space whose payoff fan these chips continue: one of them within a chip's width of
    /// one of its chips, on its line. A long payoff reaches toward the next space, and its far
    /// chips, uncovered after the rest were read, are still its own. Not chips of which one
    /// lies on a wager's own spot: those are that wager's, fanned (the next space's wager fanned
    /// toward this payoff). Nor chips come to rest once the round's cards were all taken up,
    /// its clear not yet judged: wagers are settled before the cards are picked up (08-11(12),
    /// (17)), and those are the next round's (held-out shift seed 91 at 1374.1 s: space 3's
    /// $2 tip bet put down 2.2 s after the clear, in line with space 2's split hand's $25
    /// payoff lying beside its tip circle, judged before the clear was, read as more of that
    /// payoff: $27 for $25, an overpay not there, and the tip missed).
    pub(super) fn fan_continued(&self, run: &[u64]) -> Option<u8> {
        if self.on_a_wager(run) {
            return None;
        }
        let points: Vec<([f64; 2], f64)> = run
            .iter()
            .filter_map(|id| self.chips.get(id).map(|n| (n.rest, 2.0 * n.radius)))
            .collect();
        let chip_d = points.iter().map(|p| p.1).fold(0.0, f64::max);
        let points: Vec<[f64; 2]> = points.iter().map(|p| p.0).collect();
        let t = run
            .iter()
            .filter_map(|id| self.chips.get(id).map(|n| n.rest_t))
            .fold(f64::NEG_INFINITY, f64::max);
        if !self.round_on_felt(t) {
            return None;
        }
        self.paid
            .iter()
            .find(|p| {
                let gap = t <= p.t + GAP_S;
                p.open_at(t) && continues(&p.points, &points, chip_d, self.bet_centre(p.space), gap)
            })
            .map(|p| p.space)
    }
}
