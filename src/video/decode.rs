//! Footage read through FFmpeg: a video file in, RGB frames out, one at a time.

use std::path::{Path, PathBuf};

use ffmpeg::{Rational, codec, format, media, software, util};
use ffmpeg_next as ffmpeg;
use thiserror::Error;

/// Why footage could not be read.
#[derive(Debug, Error)]
pub enum DecodeError {
    /// FFmpeg refused an operation on the file; says which.
    #[error("{path}: {what}: {cause}")]
    Ffmpeg {
        /// The footage file.
        path: PathBuf,
        /// What was being done.
        what: &'static str,
        /// FFmpeg's error (said in the message, so not also chained as a source).
        cause: ffmpeg::Error,
    },
    /// The file holds no video stream.
    #[error("{0}: no video stream in the file")]
    NoVideo(PathBuf),
    /// The decoding thread ended before it could say whether the file opened.
    #[error("the decoding thread ended unexpectedly")]
    Thread,
}

/// One decoded frame: tightly packed RGB rows.
#[derive(Debug, Clone, PartialEq)]
pub struct RgbFrame {
    /// Frame number, from 0.
    pub index: u64,
    /// Seconds into the footage (from the stream's timestamps, or index / frame rate).
    pub t: f64,
    /// Width, pixels.
    pub width: u32,
    /// Height, pixels.
    pub height: u32,
    /// The pixels, 3 bytes each.
    pub data: Vec<u8>,
}

/// A decoded frame before it is converted to RGB: FFmpeg's picture in the stream's own pixel
/// format (YUV for most footage), numbered and timed as [`RgbFrame`]s are. Holding one keeps
/// only a reference to the decoder's buffer; [`Converter::convert`] makes the RGB frame, on
/// any thread.
pub struct Picture {
    /// Frame number, from 0.
    pub index: u64,
    /// Seconds into the footage.
    pub t: f64,
    frame: util::frame::Video,
}

/// Converts [`Picture`]s to tightly packed RGB frames, reusing the pixels of frames handed
/// back ([`Converter::recycle`]).
pub struct Converter {
    path: PathBuf,
    scaler: Option<software::scaling::Context>,
    spare: Vec<Vec<u8>>,
}

/// A video file being read.
pub struct Decoder {
    path: PathBuf,
    ictx: format::context::Input,
    dec: ffmpeg::decoder::Video,
    converter: Converter,
    stream: usize,
    time_base: f64,
    fps: f64,
    next: u64,
    every: u64,
    /// B-frames are skipped: frames are numbered and handed out by their timestamps.
    skip_b: bool,
    /// Frames are numbered by their timestamps (after skipping B-frames or a seek).
    by_time: bool,
    /// The first frame's time, frame 0 when numbering by timestamps.
    t0: Option<f64>,
    /// With B-frames skipped: the frame number the next handed-out frame stands for.
    due: u64,
    flushed: bool,
    ready: std::collections::VecDeque<Picture>,
}

/// How footage is decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecodeOptions {
    /// Decoding threads (frame threading, or slice threading when opened to skip B-frames;
    /// 0: FFmpeg picks from the cores).
    pub threads: usize,
    /// Hand out every Nth frame only (from frame 0); the others are decoded, counted and
    /// dropped without being converted to RGB.
    pub every: u64,
    /// Skip the frames no other frame is decoded from: FFmpeg does not decode them at all,
    /// which halves the cost of H.264 as encoders write it by default (three B-frames to each
    /// P-frame). H.264 skips every B-frame (`AVDISCARD_BIDIR`: libx264's frames handed out
    /// are then those decoded in full, tests/decode.rs); H.265 only frames no other refers to
    /// (`AVDISCARD_NONREF`: libx265's P-frames are decoded from the B-frame in the middle of
    /// each run, and skipping it garbles every later frame up to the next keyframe); other
    /// codecs (Motion JPEG, whose frames are all keyframes) skip nothing. The frames decoded
    /// are numbered by their timestamps; with `every` > 1, the one handed out for each Nth
    /// frame is the first decoded at most a quarter of N before it (on average still every
    /// Nth), whatever the codec. Footage without B-frames is decoded whole. A decoder opened
    /// to skip them decodes on slice threads, not frame threads (see [`Decoder::open_with`]).
    pub skip_b_frames: bool,
}

impl Default for DecodeOptions {
    fn default() -> DecodeOptions {
        DecodeOptions {
            threads: 2,
            every: 1,
            skip_b_frames: false,
        }
    }
}

impl Decoder {
    /// Opens a video file to hand out every frame, decoded on two threads.
    pub fn open(path: &Path) -> Result<Decoder, DecodeError> {
        Decoder::open_with(path, DecodeOptions::default())
    }

    /// Opens a video file with the given options.
    pub fn open_with(path: &Path, options: DecodeOptions) -> Result<Decoder, DecodeError> {
        let p = path.to_path_buf();
        let ff = |what: &'static str| {
            let p = p.clone();
            move |cause| DecodeError::Ffmpeg {
                path: p,
                what,
                cause,
            }
        };
        ffmpeg::init().map_err(ff("initialising FFmpeg"))?;
        util::log::set_level(util::log::Level::Fatal);
        let ictx = format::input(&path).map_err(ff("opening the file"))?;
        let st = ictx
            .streams()
            .best(media::Type::Video)
            .ok_or_else(|| DecodeError::NoVideo(p.clone()))?;
        let stream = st.index();
        let tb = st.time_base();
        let time_base = f64::from(tb.numerator()) / f64::from(tb.denominator().max(1));
        let fps = frame_rate(st.avg_frame_rate(), st.rate());
        let mut ctx = ffmpeg::codec::context::Context::from_parameters(st.parameters())
            .map_err(ff("reading the stream's parameters"))?;
        // Frame threading, as `ffmpeg -threads N` decodes: each thread decodes a frame of its
        // own, a few frames behind the file. Skipping B-frames, slice threading: each frame
        // decoded is the reference of the next, so frame threads only wait on each other
        // (`ffmpeg -skip_frame bidir` of the 5-minute bench clip took 3.41 s on two frame
        // threads, 2.87 s on one); slice threads decode the slices of one frame at once
        // (footage of one slice a frame, as libx264 writes by default, on one thread).
        let kind = if options.skip_b_frames {
            ffmpeg::codec::threading::Type::Slice
        } else {
            ffmpeg::codec::threading::Type::Frame
        };
        ctx.set_threading(ffmpeg::codec::threading::Config {
            kind,
            count: options.threads,
            ..Default::default()
        });
        let dec = ctx
            .decoder()
            .video()
            .map_err(ff("opening the video decoder"))?;
        let mut d = Decoder {
            path: p.clone(),
            ictx,
            dec,
            converter: Converter::new(&p),
            stream,
            time_base,
            fps,
            next: 0,
            every: options.every.max(1),
            skip_b: false,
            by_time: false,
            t0: None,
            due: 0,
            flushed: false,
            ready: Default::default(),
        };
        d.skip_b_frames(options.skip_b_frames);
        Ok(d)
    }

    /// Skips B-frames from now on, or decodes every frame again (see
    /// [`DecodeOptions::skip_b_frames`]; the threads stay as opened: a decoder that skips them
    /// throughout is best opened so).
    pub fn skip_b_frames(&mut self, skip: bool) {
        let discard = match self.dec.id() {
            codec::Id::H264 => ffmpeg::Discard::Bidirectional,
            codec::Id::HEVC => ffmpeg::Discard::NonReference,
            _ => ffmpeg::Discard::Default,
        };
        self.skip_b = skip;
        self.by_time |= skip;
        self.dec.skip_frame(if skip {
            discard
        } else {
            ffmpeg::Discard::Default
        });
    }

    /// Goes back or forward to the last keyframe at or before `t` seconds into the footage:
    /// the next frames handed out are from there on. Frames are numbered by their timestamps
    /// from then on.
    pub fn seek(&mut self, t: f64) -> Result<(), DecodeError> {
        // Frames' times are the stream's timestamps, which is the file's timeline.
        let ts = (t.max(0.0) * f64::from(ffmpeg::ffi::AV_TIME_BASE)) as i64;
        self.ictx
            .seek(ts, ..ts + 1)
            .map_err(|cause| DecodeError::Ffmpeg {
                path: self.path.clone(),
                what: "seeking",
                cause,
            })?;
        self.dec.flush();
        self.ready.clear();
        self.flushed = false;
        self.by_time = true;
        self.due = 0;
        Ok(())
    }

    /// Frames per second the file declares (see [`frame_rate`]).
    pub fn fps(&self) -> f64 {
        self.fps
    }

    /// Seconds of footage the file's header declares, when it says.
    pub fn declared_duration(&self) -> Option<f64> {
        let d = self.ictx.duration();
        (d > 0).then(|| d as f64 / f64::from(ffmpeg::ffi::AV_TIME_BASE))
    }

    /// Hands out every Nth frame from now on (counted from frame 0).
    pub fn set_every(&mut self, every: u64) {
        self.every = every.max(1);
    }

    /// Takes back a frame's pixels once they are no longer needed, to hold a later frame's
    /// (saves allocating and faulting in a fresh picture each frame).
    pub fn recycle(&mut self, data: Vec<u8>) {
        self.converter.recycle(data);
    }

    /// Frames decoded so far, handed out or not.
    pub fn decoded(&self) -> u64 {
        self.next
    }

    fn take_frames(&mut self) {
        loop {
            let mut decoded = util::frame::Video::empty();
            if self.dec.receive_frame(&mut decoded).is_err() {
                return;
            }
            let stamp = decoded.timestamp().map(|ts| ts as f64 * self.time_base);
            let t = stamp.unwrap_or(self.next as f64 / self.fps);
            let t0 = *self.t0.get_or_insert(t);
            let index = match (self.by_time, stamp) {
                (true, Some(t)) => ((t - t0) * self.fps).round().max(0.0) as u64,
                _ => self.next,
            };
            self.next = index + 1;
            let wanted = if self.skip_b {
                // The first frame decoded at most a quarter of a stride early stands for the
                // frame due; the next due is the next multiple of the stride after it.
                let early = self.every / 4;
                let hand = index + early >= self.due;
                if hand {
                    self.due = (index + early) / self.every * self.every + self.every;
                }
                hand
            } else {
                index % self.every == 0
            };
            if wanted {
                self.ready.push_back(Picture {
                    index,
                    t,
                    frame: decoded,
                });
            }
        }
    }

    /// The next frame handed out, or `None` at the end of the file.
    pub fn next_frame(&mut self) -> Result<Option<RgbFrame>, DecodeError> {
        match self.next_picture()? {
            Some(p) => self.converter.convert(&p).map(Some),
            None => Ok(None),
        }
    }

    /// The next frame handed out, not yet converted to RGB (a [`Converter`] does that), or
    /// `None` at the end of the file.
    pub fn next_picture(&mut self) -> Result<Option<Picture>, DecodeError> {
        loop {
            if let Some(p) = self.ready.pop_front() {
                return Ok(Some(p));
            }
            if self.flushed {
                return Ok(None);
            }
            let mut packet = ffmpeg::Packet::empty();
            match packet.read(&mut self.ictx) {
                Ok(()) => {
                    if packet.stream() == self.stream {
                        self.dec
                            .send_packet(&packet)
                            .map_err(|cause| DecodeError::Ffmpeg {
                                path: self.path.clone(),
                                what: "decoding a packet",
                                cause,
                            })?;
                    }
                }
                Err(ffmpeg::Error::Eof) => {
                    let _ = self.dec.send_eof();
                    self.flushed = true;
                }
                Err(cause) => {
                    return Err(DecodeError::Ffmpeg {
                        path: self.path.clone(),
                        what: "reading a packet",
                        cause,
                    });
                }
            }
            self.take_frames();
        }
    }
}

impl Converter {
    /// A converter for the pictures of the footage at `path` (named in its errors), such as
    /// [`Decoder::next_picture`] hands out.
    pub fn new(path: &Path) -> Converter {
        Converter {
            path: path.to_path_buf(),
            scaler: None,
            spare: Vec::new(),
        }
    }

    /// The picture as tightly packed RGB rows.
    pub fn convert(&mut self, picture: &Picture) -> Result<RgbFrame, DecodeError> {
        let decoded = &picture.frame;
        let (w, h) = (decoded.width(), decoded.height());
        let fresh = self.scaler.as_ref().is_none_or(|s| {
            let i = s.input();
            (i.format, i.width, i.height) != (decoded.format(), w, h)
        });
        let scaler = match &mut self.scaler {
            Some(s) if !fresh => s,
            slot => slot.insert(
                software::scaling::Context::get(
                    decoded.format(),
                    w,
                    h,
                    format::Pixel::RGB24,
                    w,
                    h,
                    software::scaling::Flags::BILINEAR,
                )
                .map_err(|cause| DecodeError::Ffmpeg {
                    path: self.path.clone(),
                    what: "making the colour converter",
                    cause,
                })?,
            ),
        };
        let row = w as usize * 3;
        let size = row * h as usize;
        let mut data = self
            .spare
            .pop()
            .unwrap_or_else(|| Vec::with_capacity(size + SCALE_SLACK));
        // Room for FFmpeg's widest store past the last pixel, cut off after.
        data.resize(size + SCALE_SLACK, 0);
        // SAFETY: the source planes and line sizes are the decoded frame's own; the
        // destination is one plane of `h` rows of `row` bytes within `data`, which has
        // SCALE_SLACK bytes more.
        let rows = unsafe {
            let src = decoded.as_ptr();
            let dst = [
                data.as_mut_ptr(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            ];
            let stride = [row as i32, 0, 0, 0];
            ffmpeg::ffi::sws_scale(
                scaler.as_mut_ptr(),
                (*src).data.as_ptr() as *const *const u8,
                (*src).linesize.as_ptr(),
                0,
                h as i32,
                dst.as_ptr(),
                stride.as_ptr(),
            )
        };
        if rows < 0 {
            return Err(DecodeError::Ffmpeg {
                path: self.path.clone(),
                what: "converting a frame to RGB",
                cause: ffmpeg::Error::from(rows),
            });
        }
        data.truncate(size);
        Ok(RgbFrame {
            index: picture.index,
            t: picture.t,
            width: w,
            height: h,
            data,
        })
    }

    /// Takes back a frame's pixels once they are no longer needed, to hold a later frame's
    /// (saves allocating and faulting in a fresh picture each frame).
    pub fn recycle(&mut self, data: Vec<u8>) {
        if self.spare.len() < 8 {
            self.spare.push(data);
        }
    }
}

/// Bytes past a frame's last RGB pixel that the colour converter may write.
const SCALE_SLACK: usize = 64;

/// Frames per second of a stream from its average rate and its base rate (FFmpeg's
/// `avg_frame_rate` and `r_frame_rate`): the base rate where the two agree within 2% (a
/// container that keeps times in milliseconds, Matroska, averages 30 fps to 1000/33, which
/// numbers frames 1% fast: frame 756 for frame 748), else the average (the base rate of
/// interlaced or variable-rate footage can be a multiple of it); 30 without either.
pub fn frame_rate(avg: Rational, base: Rational) -> f64 {
    let of = |r: Rational| {
        (r.numerator() > 0 && r.denominator() > 0)
            .then(|| f64::from(r.numerator()) / f64::from(r.denominator()))
    };
    match (of(avg), of(base)) {
        (Some(a), Some(b)) if (a - b).abs() <= 0.02 * a => b,
        (Some(a), _) => a,
        (None, Some(b)) => b,
        (None, None) => 30.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_rate_stands_where_the_average_is_rounded() {
        let r = |n, d| Rational::new(n, d);
        assert_eq!(frame_rate(r(1000, 33), r(30, 1)), 30.0);
        assert_eq!(frame_rate(r(30000, 1001), r(30000, 1001)), 30000.0 / 1001.0);
        // Interlaced: fields at twice the frames.
        assert_eq!(frame_rate(r(25, 1), r(50, 1)), 25.0);
        assert_eq!(frame_rate(r(0, 0), r(15, 1)), 15.0);
        assert_eq!(frame_rate(r(0, 1), r(0, 1)), 30.0);
    }
}
