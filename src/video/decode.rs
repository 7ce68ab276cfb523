//! Footage read through FFmpeg: a video file in, RGB frames out, one at a time.

use std::path::{Path, PathBuf};

use ffmpeg::{format, media, software, util};
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

/// A video file being read.
pub struct Decoder {
    path: PathBuf,
    ictx: format::context::Input,
    dec: ffmpeg::decoder::Video,
    scaler: Option<software::scaling::Context>,
    rgb: util::frame::Video,
    stream: usize,
    time_base: f64,
    fps: f64,
    next: u64,
    every: u64,
    spare: Vec<Vec<u8>>,
    flushed: bool,
    ready: std::collections::VecDeque<RgbFrame>,
}

/// How footage is decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecodeOptions {
    /// Decoding threads (frame threading; 0: FFmpeg picks from the cores).
    pub threads: usize,
    /// Hand out every Nth frame only (from frame 0); the others are decoded, counted and
    /// dropped without being converted to RGB.
    pub every: u64,
}

impl Default for DecodeOptions {
    fn default() -> DecodeOptions {
        DecodeOptions {
            threads: 2,
            every: 1,
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
        let rate = st.avg_frame_rate();
        let fps = if rate.denominator() > 0 && rate.numerator() > 0 {
            f64::from(rate.numerator()) / f64::from(rate.denominator())
        } else {
            30.0
        };
        let mut ctx = ffmpeg::codec::context::Context::from_parameters(st.parameters())
            .map_err(ff("reading the stream's parameters"))?;
        // Frame threading, as `ffmpeg -threads N` decodes: each thread decodes a frame of its
        // own, a few frames behind the file.
        ctx.set_threading(ffmpeg::codec::threading::Config {
            kind: ffmpeg::codec::threading::Type::Frame,
            count: options.threads,
            ..Default::default()
        });
        let dec = ctx
            .decoder()
            .video()
            .map_err(ff("opening the video decoder"))?;
        Ok(Decoder {
            path: p,
            ictx,
            dec,
            scaler: None,
            rgb: util::frame::Video::empty(),
            stream,
            time_base,
            fps,
            next: 0,
            every: options.every.max(1),
            spare: Vec::new(),
            flushed: false,
            ready: Default::default(),
        })
    }

    /// Frames per second the file declares.
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
        if self.spare.len() < 8 {
            self.spare.push(data);
        }
    }

    /// Frames decoded so far, handed out or not.
    pub fn decoded(&self) -> u64 {
        self.next
    }

    fn take_frames(&mut self) -> Result<(), DecodeError> {
        let mut decoded = util::frame::Video::empty();
        while self.dec.receive_frame(&mut decoded).is_ok() {
            if self.next % self.every != 0 {
                self.next += 1;
                continue;
            }
            let (w, h) = (decoded.width(), decoded.height());
            if self.scaler.is_none() {
                let s = software::scaling::Context::get(
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
                })?;
                self.scaler = Some(s);
            }
            // One RGB picture, converted into again and again (a fresh one each frame costs
            // the memory system more than the conversion itself).
            let rgb = &mut self.rgb;
            if let Some(s) = self.scaler.as_mut() {
                s.run(&decoded, rgb).map_err(|cause| DecodeError::Ffmpeg {
                    path: self.path.clone(),
                    what: "converting a frame to RGB",
                    cause,
                })?;
            }
            let stride = rgb.stride(0);
            let mut data = self
                .spare
                .pop()
                .unwrap_or_else(|| Vec::with_capacity(w as usize * h as usize * 3));
            data.clear();
            for y in 0..h as usize {
                data.extend_from_slice(&rgb.data(0)[y * stride..y * stride + w as usize * 3]);
            }
            let t = decoded
                .timestamp()
                .map_or(self.next as f64 / self.fps, |ts| ts as f64 * self.time_base);
            self.ready.push_back(RgbFrame {
                index: self.next,
                t,
                width: w,
                height: h,
                data,
            });
            self.next += 1;
        }
        Ok(())
    }

    /// The next frame handed out, or `None` at the end of the file.
    pub fn next_frame(&mut self) -> Result<Option<RgbFrame>, DecodeError> {
        loop {
            if let Some(f) = self.ready.pop_front() {
                return Ok(Some(f));
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
            self.take_frames()?;
        }
    }
}
