//! The one place where the stages are wired: footage is decoded on a thread of its own,
//! converted to RGB on another and handed over a bounded channel (so memory stays flat
//! however long the footage), each looked-at frame with where it changed and the windows to
//! look at there (the recognizer's preparer runs on the converting thread, ahead of the
//! model). The recognizer model looks at each frame's windows of the change on two threads,
//! each taking the next frame when it is free (those windows need nothing earlier looks
//! found), and then, in order, around chips still settling on a third, which hands each look
//! over another bounded channel to the rest of recognition, the tracker and the scribe, which
//! write the table-event log. The audit reads the log as it comes (the caller's `on_events`).
//!
//! A file that cannot be opened is an error; one that breaks off midway ends the analysis
//! there, with every event found up to the break and where it stopped.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, SyncSender, channel, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread;

use crate::events::Event;
use crate::layout::Layout;
use crate::video::{Converter, DecodeError, DecodeOptions, Decoder, Picture, RgbFrame};
use crate::vision::looker::{Look, Looker};
use crate::vision::recognizer::{Prepared, Preparer, Recognizer, RecognizerError};
use crate::vision::scribe::{Scribe, ScribeConfig};
use crate::vision::tracker::{Tracker, TrackerConfig};

/// How footage is analysed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AnalyzeOptions {
    /// Look at every Nth frame; `None`: [`LOOKS_PER_SECOND`] at the footage's frame rate.
    pub stride: Option<u64>,
    /// Decoded frames waiting for the recognizer model, at most.
    pub queue: usize,
    /// The table's maximum wager in cents, when known (the house rules' `max_wager_dollars`):
    /// the scribe judges payoffs of wagers over it against it (99-01.3-08-09(1)).
    pub table_max_cents: Option<i64>,
}

impl Default for AnalyzeOptions {
    fn default() -> AnalyzeOptions {
        AnalyzeOptions {
            stride: None,
            queue: 6,
            table_max_cents: None,
        }
    }
}

/// Looks a second the tracker and the scribe need: a dealt card is in flight about half a
/// second, so it is seen at least twice on its way (measured on replayed play: 5 looks a second
/// read the log as well as 10).
pub const LOOKS_PER_SECOND: f64 = 5.0;

/// The stride that gives about [`LOOKS_PER_SECOND`] at `fps` frames a second.
pub fn stride_for(fps: f64) -> u64 {
    if fps.is_finite() && fps > 0.0 {
        ((fps / LOOKS_PER_SECOND).round() as u64).max(1)
    } else {
        1
    }
}

/// Whether footage looked at every `stride`th frame is decoded without its B-frames: from a
/// stride of 4 on. An H.264 encoder puts at most three B-frames between two reference frames,
/// so some decoded frame always lies within the stride, and the frames looked at are the
/// better-kept reference frames; decoding costs about half as much. Below that, skipping could
/// leave gaps longer than the stride.
pub fn skips_b_frames(stride: u64) -> bool {
    stride >= 4
}

/// Where an analysis stands, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Progress {
    /// Frames decoded so far.
    pub frames: u64,
    /// Seconds into the footage of the last frame looked at.
    pub t: f64,
    /// Seconds of footage the file's header declares, when it says (for the share read and
    /// the time left).
    pub duration: Option<f64>,
}

/// How an analysis ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Stop {
    /// At the end of the footage.
    End,
    /// The footage broke off: decoding failed after `frames` frames, `t` seconds in.
    Broken {
        /// Frames decoded before the break.
        frames: u64,
        /// Seconds into the footage of the last good frame.
        t: f64,
        /// What went wrong.
        error: String,
    },
}

/// What an analysis found.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// Frames decoded.
    pub frames: u64,
    /// Frames looked at.
    pub looked: u64,
    /// Every how manyth frame was looked at.
    pub stride: u64,
    /// Seconds of footage read.
    pub duration: f64,
    /// How it ended.
    pub stop: Stop,
}

/// Why footage could not be analysed at all.
#[derive(Debug, thiserror::Error)]
pub enum PipelineError {
    /// The file could not be opened as video.
    #[error(transparent)]
    Open(#[from] DecodeError),
    /// The recognizer failed on a frame.
    #[error("{path}: frame {frame}: {source}")]
    Recognizer {
        /// The footage.
        path: PathBuf,
        /// The frame number.
        frame: u64,
        /// What failed.
        source: RecognizerError,
    },
    /// The footage's frame size is not the layout's.
    #[error(
        "{path}: frames are {width}x{height} pixels but the layout describes {lw}x{lh}; \
         calibrate a layout for this camera (docs/layout.md)"
    )]
    FrameSize {
        /// The footage.
        path: PathBuf,
        /// Frame width.
        width: u32,
        /// Frame height.
        height: u32,
        /// Layout width.
        lw: u32,
        /// Layout height.
        lh: u32,
    },
}

/// Analyses one file: calls `on_events` with the table-event log as rounds end (in time order)
/// and `on_progress` now and then.
pub fn analyze(
    path: &Path,
    layout: &Layout,
    recognizer: &mut Recognizer,
    options: &AnalyzeOptions,
    mut on_events: impl FnMut(&[Event]),
    mut on_progress: impl FnMut(&Progress),
) -> Result<Analysis, PipelineError> {
    recognizer.reset();
    recognizer.stride = 1;
    recognizer.use_layout(Some(layout));
    let looker =
        recognizer
            .looker(recognizer.threads())
            .map_err(|source| PipelineError::Recognizer {
                path: path.to_path_buf(),
                frame: 0,
                source,
            })?;
    let DecodeThread {
        frames,
        used,
        stride,
        declared,
    } = decode_on_a_thread(
        path,
        options.queue.max(1),
        options.stride,
        recognizer.preparer(),
    )?;
    let mut workers = Vec::with_capacity(AHEAD);
    for _ in 0..AHEAD {
        workers.push(recognizer.looker(recognizer.threads()).map_err(|source| {
            PipelineError::Recognizer {
                path: path.to_path_buf(),
                frame: 0,
                source,
            }
        })?);
    }
    let frames = look_ahead_on_threads(frames, workers, recognizer.min_score);
    let frames = look_on_a_thread(frames, looker, recognizer.min_score);
    let mut tracker = Tracker::new(TrackerConfig::default()).with_printed_felt(layout.printed());
    let mut scribe = Scribe::new(
        layout,
        ScribeConfig {
            table_max_cents: options.table_max_cents,
            ..ScribeConfig::default()
        },
    );
    let (mut decoded, mut looked, mut last_t) = (0u64, 0u64, 0.0f64);
    let mut stop = Stop::End;
    for item in frames {
        let (frame, look) = match item {
            Looked::Frame(f, count, look) => {
                decoded = count;
                (f, look)
            }
            Looked::End(count, declared) => {
                decoded = count;
                // The file's header promised more footage than there was: it was cut short.
                if let Some(d) = declared
                    && last_t + 1.0 < d
                {
                    stop = Stop::Broken {
                        frames: decoded,
                        t: last_t,
                        error: format!("the file ends there, but its header says {d:.1} s"),
                    };
                }
                break;
            }
            Looked::Failed(e, count) => {
                decoded = count;
                stop = Stop::Broken {
                    frames: decoded,
                    t: last_t,
                    error: e.to_string(),
                };
                break;
            }
        };
        if (frame.width, frame.height) != (layout.width, layout.height) {
            return Err(PipelineError::FrameSize {
                path: path.to_path_buf(),
                width: frame.width,
                height: frame.height,
                lw: layout.width,
                lh: layout.height,
            });
        }
        let found = look
            .and_then(|look| {
                recognizer.frame_looked(
                    &frame.data,
                    frame.width as usize,
                    frame.height as usize,
                    look,
                )
            })
            .map_err(|source| PipelineError::Recognizer {
                path: path.to_path_buf(),
                frame: frame.index,
                source,
            })?;
        looked += 1;
        last_t = frame.t;
        let changes = tracker.update(frame.t, &found);
        scribe.past_the_felt(frame.t, recognizer.beyond_the_felt());
        let events = scribe.update(frame.t, &found, &changes, tracker.objects());
        if !events.is_empty() {
            on_events(&events);
        }
        // The pixels go back to the decoder to hold a later frame.
        let _ = used.send(frame.data);
        if looked % 16 == 0 {
            on_progress(&Progress {
                frames: decoded,
                t: frame.t,
                duration: declared,
            });
        }
    }
    let changes = tracker.finish();
    let events = scribe.finish(&changes);
    if !events.is_empty() {
        on_events(&events);
    }
    // Read to its end, the footage is read whole, though the last look came before its last
    // frame.
    let read = match (&stop, declared) {
        (Stop::End, Some(d)) => d.max(last_t),
        _ => last_t,
    };
    on_progress(&Progress {
        frames: decoded,
        t: read,
        duration: declared,
    });
    Ok(Analysis {
        frames: decoded,
        looked,
        stride,
        duration: last_t,
        stop,
    })
}

/// What the decoding and converting threads hand over.
enum Decoded {
    /// A frame to look at, how many frames were decoded up to it, and what the recognizer's
    /// preparer made of it.
    Frame(RgbFrame, u64, Prepared),
    /// The end of the footage, after so many frames; the seconds the file's header declares.
    End(u64, Option<f64>),
    /// Decoding failed after so many frames.
    Failed(DecodeError, u64),
}

/// What the looking thread hands over.
enum Looked {
    /// A frame looked at, how many frames were decoded up to it, and what the model found
    /// there (or how it failed: the thread stops after it).
    Frame(RgbFrame, u64, Box<Result<Look, RecognizerError>>),
    /// The end of the footage, as [`Decoded::End`].
    End(u64, Option<f64>),
    /// Decoding failed, as [`Decoded::Failed`].
    Failed(DecodeError, u64),
}

/// Frames looked at waiting for the rest of recognition, at most: it takes a fifth as long as
/// a look, on the whole (on the 5-minute bench clip, the looking thread waited 0.1 s of 9 s
/// to hand over its looks).
const LOOKED_QUEUE: usize = 4;

/// Runs the recognizer model's looks on a thread of its own ([`Looker::look`], `min_score`
/// its least score): takes the frames looked at ahead ([`look_ahead_on_threads`]) and hands
/// each over with what the model found in it.
fn look_on_a_thread(
    frames: impl Iterator<Item = Decoded> + Send + 'static,
    mut looker: Looker,
    min_score: f32,
) -> Receiver<Looked> {
    let (tx, rx) = sync_channel(LOOKED_QUEUE);
    thread::spawn(move || {
        for item in frames {
            let sent = match item {
                Decoded::Frame(f, count, prepared) => {
                    let look = looker.look(
                        &f.data,
                        f.width as usize,
                        f.height as usize,
                        prepared,
                        min_score,
                    );
                    let failed = look.is_err();
                    tx.send(Looked::Frame(f, count, Box::new(look))).is_ok() && !failed
                }
                Decoded::End(count, declared) => tx.send(Looked::End(count, declared)).is_ok(),
                Decoded::Failed(e, count) => tx.send(Looked::Failed(e, count)).is_ok(),
            };
            if !sent {
                return;
            }
        }
    });
    rx
}

/// Threads that look at the windows of frames' changes ahead of the looking thread
/// ([`Looker::look_ahead`]): a look's windows of the change need nothing earlier looks
/// found, so on two cores two frames' are looked at at once, and the looking
/// thread, which set the pace (busy 9.3 s of the 5-minute bench clip's 9.8), is left the
/// windows around chips settling (`vision::looker`; 1.4 s). Decoding then runs at the
/// model's priority: with two threads of the model to share the cores with, at a lower one
/// it fell behind them (10.3 s against 9.0 s). Three threads, or longer queues between them,
/// were no faster.
const AHEAD: usize = 2;

/// Frames the [`AHEAD`] threads hold at most, taken and not yet handed on in order: those
/// being looked at and those looked at waiting for an earlier one.
const AHEAD_HELD: usize = 6;

/// Looks at the windows of each frame's change ahead, on [`AHEAD`] threads (one per worker),
/// and hands the frames on in order. Each thread takes the next frame as soon as it is free,
/// so a frame with much to look at holds up one thread, not every other frame (dealt in
/// turn, a thread waited on its next frame while the other looked at a large one: 1.6 s
/// each of the 5-minute bench clip's 7.9).
fn look_ahead_on_threads(
    frames: Receiver<Decoded>,
    workers: Vec<Looker>,
    min_score: f32,
) -> InOrder<Decoded> {
    in_order_on_threads(frames, workers, AHEAD_HELD, move |worker, item| {
        if let Decoded::Frame(f, _, prepared) = item {
            let (w, h) = (f.width as usize, f.height as usize);
            worker.look_ahead(&f.data, w, h, prepared, min_score);
        }
    })
}

/// Runs `work` on each item of `items`, on a thread per worker, each thread taking the next
/// item as soon as it is free, and hands the items on in the order they came, at most `held`
/// of them taken and not yet handed on at once.
fn in_order_on_threads<T, W>(
    items: Receiver<T>,
    workers: Vec<W>,
    held: usize,
    work: impl Fn(&mut W, &mut T) + Clone + Send + 'static,
) -> InOrder<T>
where
    T: Send + 'static,
    W: Send + 'static,
{
    let held = held.max(1);
    let (tokens_tx, tokens) = sync_channel::<()>(held);
    for _ in 0..held {
        let _ = tokens_tx.send(());
    }
    let feed = Arc::new(Mutex::new(Feed {
        items,
        tokens,
        next: 0,
    }));
    let (out_tx, out_rx) = channel::<(u64, T)>();
    for mut worker in workers {
        let feed = Arc::clone(&feed);
        let out_tx = out_tx.clone();
        let work = work.clone();
        thread::spawn(move || {
            while let Some((seq, mut item)) = Feed::take(&feed) {
                work(&mut worker, &mut item);
                if out_tx.send((seq, item)).is_err() {
                    return;
                }
            }
        });
    }
    InOrder {
        outs: out_rx,
        held: BTreeMap::new(),
        next: 0,
        tokens: tokens_tx,
    }
}

/// The items shared by the threads of [`in_order_on_threads`], with a token to take for each
/// (so that only so many are held at once) and the number of the next.
struct Feed<T> {
    items: Receiver<T>,
    tokens: Receiver<()>,
    next: u64,
}

impl<T> Feed<T> {
    /// The next item and its number, once a token is free; `None` at the end.
    fn take(feed: &Mutex<Feed<T>>) -> Option<(u64, T)> {
        let mut feed = feed.lock().ok()?;
        feed.tokens.recv().ok()?;
        let item = feed.items.recv().ok()?;
        let seq = feed.next;
        feed.next += 1;
        Some((seq, item))
    }
}

/// The items the threads of [`in_order_on_threads`] hand on, put back in the order they came;
/// each handed on frees a token to take another.
struct InOrder<T> {
    outs: Receiver<(u64, T)>,
    held: BTreeMap<u64, T>,
    next: u64,
    tokens: SyncSender<()>,
}

impl<T> Iterator for InOrder<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        loop {
            if let Some(item) = self.held.remove(&self.next) {
                self.next += 1;
                let _ = self.tokens.send(());
                return Some(item);
            }
            let (seq, item) = self.outs.recv().ok()?;
            self.held.insert(seq, item);
        }
    }
}

/// The decoding and converting threads' ends.
struct DecodeThread {
    /// Frames to look at, then how decoding ended.
    frames: Receiver<Decoded>,
    /// Pixels handed back to hold later frames.
    used: Sender<Vec<u8>>,
    /// Every how manyth frame is handed over.
    stride: u64,
    /// Seconds of footage the file's header declares, when it says.
    declared: Option<f64>,
}

/// What the decoding thread hands the converting thread.
enum Pictured {
    /// A frame to look at, not yet in RGB, and how many frames were decoded up to it.
    Picture(Picture, u64),
    /// As [`Decoded::End`].
    End(u64, Option<f64>),
    /// As [`Decoded::Failed`].
    Failed(DecodeError, u64),
}

/// Decoded frames waiting to be converted to RGB, at most: the decoding thread reads on while
/// the last is converted, so decoding does not wait on the conversion.
const PICTURE_QUEUE: usize = 2;

/// Decodes on a thread of its own (FFmpeg's contexts stay on it) and converts to RGB on
/// another, so that decoding runs on while a frame is converted and its change worked out;
/// hands over every `stride`th frame (by default from the frame rate) with the count of frames
/// decoded so far and what `prep` made of it (there, beside decoding, not between the model's
/// runs), and takes frames' pixels back on the second channel to reuse. Opening errors come
/// back at once; a decoding error ends the stream.
fn decode_on_a_thread(
    path: &Path,
    queue: usize,
    stride: Option<u64>,
    mut prep: Preparer,
) -> Result<DecodeThread, DecodeError> {
    let (pictures_tx, pictures_rx) = sync_channel(PICTURE_QUEUE);
    let (ready_tx, ready_rx) = sync_channel(1);
    let path = path.to_path_buf();
    let named = path.clone();
    thread::spawn(move || {
        // Opened again to skip B-frames once the frame rate gave the stride: the decoder's
        // threads are set up for it at opening (`DecodeOptions::skip_b_frames`).
        let opened = Decoder::open_with(&path, DecodeOptions::default()).and_then(|mut d| {
            let every = stride.unwrap_or_else(|| stride_for(d.fps())).max(1);
            if skips_b_frames(every) {
                drop(d);
                let options = DecodeOptions {
                    every,
                    skip_b_frames: true,
                    ..DecodeOptions::default()
                };
                d = Decoder::open_with(&path, options)?;
            } else {
                d.set_every(every);
            }
            Ok((d, every))
        });
        let mut decoder = match opened {
            Ok((d, every)) => {
                let _ = ready_tx.send(Ok((every, d.declared_duration())));
                d
            }
            Err(e) => {
                let _ = ready_tx.send(Err(e));
                return;
            }
        };
        loop {
            let (item, last) = match decoder.next_picture() {
                Ok(Some(p)) => (Pictured::Picture(p, decoder.decoded()), false),
                Ok(None) => (
                    Pictured::End(decoder.decoded(), decoder.declared_duration()),
                    true,
                ),
                Err(e) => (Pictured::Failed(e, decoder.decoded()), true),
            };
            if pictures_tx.send(item).is_err() || last {
                return;
            }
        }
    });
    let (tx, rx) = sync_channel(queue);
    let (used_tx, used_rx) = channel::<Vec<u8>>();
    thread::spawn(move || {
        let mut converter = Converter::new(&named);
        for item in pictures_rx {
            while let Ok(data) = used_rx.try_recv() {
                converter.recycle(data);
            }
            let (item, last) = match item {
                Pictured::Picture(p, count) => match converter.convert(&p) {
                    Ok(f) => {
                        drop(p);
                        let prepared = prep.prepare(&f.data, f.width as usize, f.height as usize);
                        (Decoded::Frame(f, count, prepared), false)
                    }
                    Err(e) => (Decoded::Failed(e, count), true),
                },
                Pictured::End(count, declared) => (Decoded::End(count, declared), true),
                Pictured::Failed(e, count) => (Decoded::Failed(e, count), true),
            };
            if tx.send(item).is_err() || last {
                return;
            }
        }
    });
    match ready_rx.recv() {
        Ok(Ok((every, declared))) => Ok(DecodeThread {
            frames: rx,
            used: used_tx,
            stride: every,
            declared,
        }),
        Ok(Err(e)) => Err(e),
        // The thread ended without a word: only a panic in FFmpeg's bindings does that.
        Err(_) => Err(DecodeError::Thread),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_worked_on_threads_come_out_in_order_with_only_so_many_held() {
        use std::sync::atomic::{AtomicU64, Ordering};
        use std::time::Duration;
        let (tx, rx) = sync_channel::<u64>(100);
        for i in 0..60 {
            tx.send(i).unwrap();
        }
        drop(tx);
        // Every fifth item takes far longer than the others, as a frame with much to look
        // at does. How far ahead of the items handed on each item is taken is watched.
        let handed = Arc::new(AtomicU64::new(0));
        let ahead = Arc::new(AtomicU64::new(0));
        let (h, a) = (Arc::clone(&handed), Arc::clone(&ahead));
        let workers: Vec<Vec<u64>> = vec![Vec::new(), Vec::new()];
        let out = in_order_on_threads(rx, workers, 4, move |seen: &mut Vec<u64>, item| {
            a.fetch_max(*item - h.load(Ordering::SeqCst), Ordering::SeqCst);
            seen.push(*item);
            thread::sleep(Duration::from_millis(if *item % 5 == 0 { 20 } else { 1 }));
            *item *= 10;
        });
        let mut got = Vec::new();
        for item in out {
            got.push(item);
            handed.fetch_add(1, Ordering::SeqCst);
        }
        assert_eq!(got, (0..60).map(|i| i * 10).collect::<Vec<_>>());
        // Item k handed on frees the token for item k + 4, which may be taken before the
        // count here says k + 1 were handed on: 4 ahead at most, the slow items' waits
        // notwithstanding (without the tokens, the other thread gets ~20 ahead).
        assert!(ahead.load(Ordering::SeqCst) <= 4);
    }

    #[test]
    fn five_looks_a_second_whatever_the_frame_rate() {
        assert_eq!(stride_for(30.0), 6);
        assert_eq!(stride_for(29.97), 6);
        assert_eq!(stride_for(15.0), 3);
        assert_eq!(stride_for(25.0), 5);
        assert_eq!(stride_for(60.0), 12);
        // Slow or unknown rates: every frame.
        assert_eq!(stride_for(4.0), 1);
        assert_eq!(stride_for(0.0), 1);
        assert_eq!(stride_for(f64::NAN), 1);
    }
}
