//! The recognizer model's looks at a stream of frames: where the picture changed (the change
//! map a [`Preparer`](super::recognizer::Preparer) worked out), in windows the size of each
//! change grown by the model's reach (`looks`; pixels at the model's scale, on the layout's
//! felt), windows of one size run together in batches; all of the felt at once for the first
//! frame of a stream and when most of it changed.
//!
//! A look needs only the frame and where it changed, not what earlier looks found, so it can
//! run on a thread of its own a frame ahead of the rest of recognition (the analysis pipeline
//! runs it so: [`Recognizer::looker`](super::recognizer::Recognizer::looker)), which weighs
//! what it found against what was found before ([`Recognizer::frame_looked`]).
//!
//! [`Recognizer::frame_looked`]: super::recognizer::Recognizer::frame_looked

use std::path::Path;

use super::change::{Changes, Region};
use super::engine::{Engine, Output};
use super::looks;
use super::pitnet::{ALIGN, LEAST_IN_SIGHT, Maps, STRIDE, Seen, Window, decode};
use super::recognizer::{Prepared, RecognizerError, Zones, check, planar_window};

/// Pixels the model sees beyond what a window looks at, on every side. 24 read the held-out
/// shifts the same (card faces, card and chip recall) with 0.13 points more chip precision,
/// looking at 9.8% of each frame against 8.7%; the held-out hour gave the same findings give
/// or take three, in 125 s against 112 s.
const MARGIN: usize = 16;
/// Pixels a window looks at beyond its planned area, on every side.
pub(super) const SLACK: usize = 8;
/// Window sizes are multiples of this: the model's own [`ALIGN`]. Rounding up to 32 instead,
/// so that more windows share a size and run together, gained nothing: a look has one or two
/// windows (2,187 windows in 1,551 looks of the 5-minute bench clip, 1,978 of its 2,075 runs
/// a single window), and 16 shows the model 4% fewer pixels (169 against 176 million) for the
/// same events and findings.
const WINDOW_ALIGN: usize = ALIGN;
/// How far from a change (pixels) a finding may move: the model's reach. 48 looked at 14% more
/// pixels for the same reading of a simulated hour; 24 and less misread fanned payoffs.
pub(super) const REACH: usize = 32;
/// Looks after a chip was found surely where the picture changed for which where it lies is
/// looked at again, the picture settled: a chip half under another is found by the model in
/// some frames and not others, and where nothing changes a chip missed stays missed (held-out
/// shift seed 60 at 1755.0 s: a $25 chip fanned under a $1 chip, green on the green felt,
/// found in 10 of 15 frames looked at alone but missed by the one look after the dealer's hand
/// left; the doubled hand's $26 payoff read as the $1 chip stacked, a `payout_not_fanned`
/// not there). Three cost the 5-minute bench clip 4% more time, in windows of their own.
const SETTLE_LOOKS: usize = 3;
/// Half the side of the area looked at again around such a chip (pixels at the model's
/// scale), before the model's reach is added.
const SETTLE_R: usize = 4;
/// Most windows run at once.
const BATCH: usize = 16;
/// Share of the felt's bounding box to look at above which all of it is looked at at once.
const WHOLE_SHARE: f64 = 0.6;

/// What one look at a frame of a stream found, before it is weighed against what earlier
/// looks found. Pixels at the model's scale.
#[derive(Debug, Clone)]
pub struct Look {
    /// True when the look began a stream (a first frame, or one of another size): all of the
    /// felt was looked at, whatever the change map said.
    pub(super) fresh: bool,
    /// Where the picture changed since the last look.
    pub(super) changes: Changes,
    /// The areas looked at again, each with [`SLACK`] more on every side: what was found in
    /// them before is found again or not; what was found elsewhere stands.
    pub(super) owns: Vec<Region>,
    /// The same for cards: where the picture changed, not where it only settled.
    pub(super) card_owns: Vec<Region>,
    /// Windows run.
    pub(super) windows: usize,
    /// Pixels the model saw, all windows together.
    pub(super) pixels: usize,
    /// True when all of the felt was looked at at once.
    pub(super) whole: bool,
    /// What the model found in the windows, down to the least score a covered chip is held
    /// to.
    pub(super) found: Vec<Seen>,
    /// The frame at the model's scale, where that is another, with its width and height.
    pub(super) scaled: Option<(Vec<u8>, usize, usize)>,
    /// Windows the model looked at ahead ([`Looker::look_ahead`]).
    ahead: usize,
}

impl Look {
    /// Windows of the change the model looked at ahead of the look, on another thread
    /// ([`Looker::look_ahead`]); the rest it looked at in the look.
    pub fn looked_ahead(&self) -> usize {
        self.ahead
    }
}

/// A window to look at: the area it looks at, and where the model's input is cut (left, top,
/// width, height). Pixels at the model's scale.
type PlacedWindow = (Region, (i64, i64, usize, usize));

/// The windows of a frame's change, planned ahead of the model by the frame's
/// [`Preparer`](super::recognizer::Preparer), and what the model found in them once it looked
/// at them ahead of the stream's looker ([`Looker::look_ahead`]). Pixels at the model's scale.
#[derive(Debug, Clone)]
pub struct ChangeWindows {
    /// The areas looked at for the change, each with [`SLACK`] more on every side.
    owns: Vec<Region>,
    /// What the model found in each window, in the order of `owns`, with the least score
    /// kept, once it looked at them.
    found: Option<(f32, Vec<Vec<Seen>>)>,
}

impl ChangeWindows {
    /// Plans the windows for the change `regions` of a frame within the felt's bounding box
    /// `bounds`, as a look that does not begin a stream would.
    pub(super) fn plan(regions: &[Region], bounds: Region) -> ChangeWindows {
        ChangeWindows {
            owns: plan_owns(regions, bounds),
            found: None,
        }
    }
}

/// The recognizer model, run over the changed parts of a stream's frames.
pub struct Looker {
    engine: Engine,
    /// Where things can lie (pixels at the model's scale); looks stay within the felt's
    /// bounding box.
    zones: Zones,
    /// The size of the stream's frames at the model's scale; `None` before its first.
    size: Option<(usize, usize)>,
    /// Around each chip found surely where the picture changed, at each of the last
    /// [`SETTLE_LOOKS`] looks, oldest first (pixels at the model's scale): looked at again.
    settling: Vec<Vec<Region>>,
}

impl Looker {
    /// Opens the recognizer model at `model` on `threads` threads (0: the runtime's choice);
    /// it must be a pitnet model (its metadata says so).
    pub fn open(model: &Path, threads: usize) -> Result<Looker, RecognizerError> {
        let engine = Engine::open(model, threads)?;
        if engine.metadata("pitwatch_model").as_deref() != Some("pitnet") {
            return Err(RecognizerError::Model {
                path: model.display().to_string(),
                reason: "its metadata lacks pitwatch_model = pitnet (a YOLO export needs \
                         --classes, docs/detect.md)"
                    .into(),
            });
        }
        Ok(Looker {
            engine,
            zones: Zones::default(),
            size: None,
            settling: Vec::new(),
        })
    }

    /// The model file.
    pub fn model(&self) -> &Path {
        self.engine.path()
    }

    /// Looks only within the bounding box of `zones`' felt (pixels at the model's scale)
    /// from now on, starting a new stream.
    pub(super) fn use_zones(&mut self, zones: Zones) {
        self.zones = zones;
        self.size = None;
        self.settling.clear();
    }

    /// Forgets the stream: the next frame is looked at whole.
    pub fn reset(&mut self) {
        self.size = None;
        self.settling.clear();
    }

    /// Looks at the next frame of the stream (tightly packed RGB rows, `width` x `height`),
    /// which its preparer `prepared`: where the picture changed, or all of the felt when the
    /// frame begins a stream or most of the felt changed. Keeps finds scoring at least the
    /// least share of `min_score` a covered chip is held to.
    pub fn look(
        &mut self,
        rgb: &[u8],
        width: usize,
        height: usize,
        prepared: Prepared,
        min_score: f32,
    ) -> Result<Look, RecognizerError> {
        check(rgb, width, height)?;
        let Prepared {
            scaled,
            changes,
            cut,
        } = prepared;
        let (picture, w, h) = scaled
            .as_ref()
            .map_or((rgb, width, height), |(p, w, h)| (p.as_slice(), *w, *h));
        let fresh = self.size != Some((w, h));
        self.size = Some((w, h));
        let changes = if fresh { Changes::whole(w, h) } else { changes };
        let bounds = self.zones.bounds(w, h);
        // Where the picture changed; then, in windows of their own, around the chips found
        // where it changed in the last few looks, settled since ([`SETTLE_LOOKS`]), unless a
        // window of the change takes in all of one (dropping those that only overlap one, the
        // hand's edge still moving beside the fan, left seed 60's $25 at 1755.0 s unseen; what
        // both find is the change's window's). Cards are looked at again only where the
        // picture changed, in the windows they would have had without these: read again in
        // other windows, a card half under another may read as another face (held-out shift
        // seed 60 at 3537.9 s: a double-down Qh under the Jc laid on the split hand beside it
        // read as the Jc).
        if fresh {
            self.settling.clear();
        }
        let mut owns = plan_owns(&changes.regions, bounds);
        let whole = owns.len() == 1 && owns[0] == looks::grow(bounds, SLACK);
        let card_owns = owns.clone();
        let floor = min_score * LEAST_IN_SIGHT as f32;
        // The windows looked at ahead, where they are this look's.
        let planned = Some(cut).filter(|c| c.owns == owns);
        if !whole {
            let settled: Vec<Region> = self.settling.iter().flatten().copied().collect();
            let apart: Vec<Region> = plan_owns(&settled, bounds)
                .into_iter()
                .filter(|&s| !card_owns.iter().any(|&o| looks::within(s, o)))
                .collect();
            owns.extend(apart);
        }
        let windows: Vec<PlacedWindow> = owns
            .iter()
            .map(|&o| (o, looks::window(o, MARGIN, WINDOW_ALIGN)))
            .collect();
        let mut seen: Vec<Option<Vec<Seen>>> = (0..windows.len()).map(|_| None).collect();
        let mut ahead = 0;
        if let Some(ChangeWindows {
            found: Some((f, done)),
            ..
        }) = planned
            && f == floor
        {
            for (slot, s) in seen.iter_mut().zip(done) {
                *slot = Some(s);
                ahead += 1;
            }
        }
        let mut order: Vec<usize> = (0..windows.len()).collect();
        order.sort_by_key(|&i| (windows[i].1.2, windows[i].1.3));
        let todo: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&i| seen[i].is_none())
            .collect();
        for (i, s) in self.run_windows((picture, w, h), &windows, &todo, floor)? {
            seen[i] = Some(s);
        }
        let pixels = windows.iter().map(|(_, (_, _, ww, wh))| ww * wh).sum();
        // What a window around a settled chip finds where a window of the change looks too
        // is that window's to find: found twice, it would be two things.
        let mut found = Vec::new();
        for &i in &order {
            let settling = i >= card_owns.len();
            found.extend(
                seen[i]
                    .take()
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|f| !settling || !card_owns.iter().any(|&o| looks::holds(o, f.point))),
            );
        }
        // Chips found surely where the picture changed (not where it only settled: the
        // looks would never end), looked at again in the next looks.
        let near: Vec<Region> = changes
            .regions
            .iter()
            .map(|&r| looks::grow(r, REACH))
            .collect();
        let around: Vec<Region> = found
            .iter()
            .filter(|f| {
                !f.is_card()
                    && f.score >= min_score
                    && near.iter().any(|&r| looks::holds(r, f.centre))
            })
            .map(|f| {
                let (x, y) = (f.centre[0].max(0.0) as usize, f.centre[1].max(0.0) as usize);
                Region {
                    x0: x.saturating_sub(SETTLE_R),
                    y0: y.saturating_sub(SETTLE_R),
                    x1: x + SETTLE_R,
                    y1: y + SETTLE_R,
                }
            })
            .collect();
        if !fresh {
            if self.settling.len() == SETTLE_LOOKS {
                self.settling.remove(0);
            }
            self.settling.push(around);
        }
        Ok(Look {
            fresh,
            changes,
            owns,
            card_owns,
            windows: windows.len(),
            pixels,
            whole,
            found,
            scaled,
            ahead,
        })
    }

    /// Looks at the windows of a frame's change planned ahead (`prepared`'s; the frame as
    /// [`Looker::look`] takes it) on a thread other than the stream's looker's, while it looks
    /// at the frames before: a look's windows of the change need nothing earlier looks found,
    /// so two such looks at two frames run at once (the looking thread set the pace of
    /// analysis on two cores, the decoding thread's core idle a third of the time). Keeps
    /// finds scoring at least the least share of `min_score` a covered chip is held to, as
    /// [`Looker::look`] does. A failed run leaves the windows to the look, which meets the
    /// failure itself.
    pub fn look_ahead(
        &mut self,
        rgb: &[u8],
        width: usize,
        height: usize,
        prepared: &mut Prepared,
        min_score: f32,
    ) {
        if check(rgb, width, height).is_err() {
            return;
        }
        let (picture, w, h) = prepared
            .scaled
            .as_ref()
            .map_or((rgb, width, height), |(p, w, h)| (p.as_slice(), *w, *h));
        let plan = &mut prepared.cut;
        if plan.found.is_some() {
            return;
        }
        let floor = min_score * LEAST_IN_SIGHT as f32;
        let windows: Vec<PlacedWindow> = plan
            .owns
            .iter()
            .map(|&o| (o, looks::window(o, MARGIN, WINDOW_ALIGN)))
            .collect();
        let mut order: Vec<usize> = (0..windows.len()).collect();
        order.sort_by_key(|&i| (windows[i].1.2, windows[i].1.3));
        if let Ok(done) = self.run_windows((picture, w, h), &windows, &order, floor) {
            let mut seen: Vec<Vec<Seen>> = (0..windows.len()).map(|_| Vec::new()).collect();
            for (i, s) in done {
                seen[i] = s;
            }
            plan.found = Some((floor, seen));
        }
    }

    /// Runs the model on the windows `todo` of `windows` (in that order, those of one size
    /// together, [`BATCH`] at most), cut from `picture` (RGB rows, width, height, at the
    /// model's scale), and returns what each found, scoring at least `floor`.
    fn run_windows(
        &mut self,
        (picture, w, h): (&[u8], usize, usize),
        windows: &[PlacedWindow],
        todo: &[usize],
        floor: f32,
    ) -> Result<Vec<(usize, Vec<Seen>)>, RecognizerError> {
        let mut out = Vec::with_capacity(todo.len());
        let mut at = 0;
        while at < todo.len() {
            // Windows of one size run together.
            let (_, (_, _, ww, wh)) = windows[todo[at]];
            let mut end = at + 1;
            while end < todo.len() && end - at < BATCH && {
                let (_, (_, _, w2, h2)) = windows[todo[end]];
                (w2, h2) == (ww, wh)
            } {
                end += 1;
            }
            let mut input = Vec::with_capacity((end - at) * 3 * ww * wh);
            let mut wins = Vec::with_capacity(end - at);
            for &i in &todo[at..end] {
                let (own, (x0, y0, _, _)) = windows[i];
                planar_window(picture, w, h, x0, y0, ww, wh, &mut input);
                wins.push(Window {
                    x0: x0 as f64,
                    y0: y0 as f64,
                    scale: 1.0,
                    own: [own.x0 as f64, own.y0 as f64, own.x1 as f64, own.y1 as f64],
                });
            }
            let seen = self.run(input, end - at, wh, ww, &wins, floor)?;
            out.extend(todo[at..end].iter().copied().zip(seen));
            at = end;
        }
        Ok(out)
    }

    /// Runs the model on `images` (each `[3, h, w]` planar, same size) and decodes each with
    /// its window, keeping finds scoring at least `floor`.
    pub(super) fn run(
        &mut self,
        images: Vec<f32>,
        n: usize,
        h: usize,
        w: usize,
        windows: &[Window],
        floor: f32,
    ) -> Result<Vec<Vec<Seen>>, RecognizerError> {
        let outs = self.engine.run(&[n, 3, h, w], images)?;
        let path = self.engine.path().display().to_string();
        let get = |name: &str, c: usize| -> Result<&Output, RecognizerError> {
            let o = outs
                .iter()
                .find(|o| o.name == name)
                .ok_or_else(|| RecognizerError::Model {
                    path: path.clone(),
                    reason: format!("no output named {name}"),
                })?;
            if o.shape != [n, c, h / STRIDE, w / STRIDE] {
                return Err(RecognizerError::Model {
                    path: path.clone(),
                    reason: format!("output {name} has shape {:?}", o.shape),
                });
            }
            Ok(o)
        };
        let (heat, geom, chip) = (get("heat", 3)?, get("geom", 8)?, get("chip", 6)?);
        // The model's own face logits are optional: the reader reads every face-up card.
        let card = outs
            .iter()
            .any(|o| o.name == "card")
            .then(|| get("card", 52))
            .transpose()?;
        let (gh, gw) = (h / STRIDE, w / STRIDE);
        let plane = gh * gw;
        Ok(windows
            .iter()
            .enumerate()
            .map(|(i, win)| {
                let m = Maps {
                    h: gh,
                    w: gw,
                    heat: &heat.data[i * 3 * plane..(i + 1) * 3 * plane],
                    geom: &geom.data[i * 8 * plane..(i + 1) * 8 * plane],
                    card: card.map(|c| &c.data[i * 52 * plane..(i + 1) * 52 * plane]),
                    chip: &chip.data[i * 6 * plane..(i + 1) * 6 * plane],
                };
                decode(&m, win, floor)
            })
            .collect())
    }
}

/// The areas to look at for changes in `regions` (pixels at the model's scale): each grown by
/// the model's reach, joined where that costs nothing, all of the felt's bounding box `bounds`
/// where most of it is, each with [`SLACK`] more on every side.
fn plan_owns(regions: &[Region], bounds: Region) -> Vec<Region> {
    let mut owns = looks::plan(regions, REACH, MARGIN, bounds);
    let whole = owns.iter().map(|&r| looks::area(r)).sum::<usize>() as f64
        > WHOLE_SHARE * looks::area(bounds) as f64;
    if whole {
        owns = vec![bounds];
    }
    // A look takes in SLACK pixels more than it planned, so that a thing near its edge whose
    // point moves a pixel or two as the model sees it again is neither lost nor doubled.
    owns.iter().map(|&o| looks::grow(o, SLACK)).collect()
}
