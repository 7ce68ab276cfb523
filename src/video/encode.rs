//! Footage written through FFmpeg (ffmpeg-next): RGB frames in, H.264 (libx264) by default,
//! or H.265 (libx265) or Motion JPEG, in the container the file's name calls for (MP4, MKV,
//! AVI).

use std::path::{Path, PathBuf};

use ffmpeg::{Dictionary, Packet, Rational, codec, encoder, format, software, util};
use ffmpeg_next as ffmpeg;
use thiserror::Error;

/// Why footage could not be written.
#[derive(Debug, Error)]
pub enum EncodeError {
    /// FFmpeg refused an operation; says which, on which file.
    #[error("{path}: {what}: {source}")]
    Ffmpeg {
        /// The output file.
        path: PathBuf,
        /// What was being done.
        what: &'static str,
        /// FFmpeg's error.
        source: ffmpeg::Error,
    },
    /// No encoder for the codec asked for is built into this FFmpeg.
    #[error(
        "{0}: this FFmpeg has no {1} encoder (Debian's libavcodec59 brings libx264 and libx265)"
    )]
    NoEncoder(PathBuf, VideoCodec),
    /// A frame of the wrong size was pushed.
    #[error("{path}: frame {index} is {got} bytes, expected {want} ({width}x{height} RGB)")]
    FrameSize {
        /// The output file.
        path: PathBuf,
        /// Frame number.
        index: u64,
        /// Bytes given.
        got: usize,
        /// Bytes expected.
        want: usize,
        /// Frame width.
        width: u32,
        /// Frame height.
        height: u32,
    },
}

/// The video codecs footage can be written in: what table cameras' recorders write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum VideoCodec {
    /// H.264 through libx264 (the simulator's footage).
    #[default]
    H264,
    /// H.265 (HEVC) through libx265.
    H265,
    /// Motion JPEG: every frame a JPEG picture of its own.
    Mjpeg,
}

impl std::fmt::Display for VideoCodec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            VideoCodec::H264 => "H.264",
            VideoCodec::H265 => "H.265",
            VideoCodec::Mjpeg => "Motion JPEG",
        })
    }
}

/// Settings of the video stream.
#[derive(Debug, Clone, PartialEq)]
pub struct EncodeSettings {
    /// The codec.
    pub codec: VideoCodec,
    /// Frame width, pixels (even).
    pub width: u32,
    /// Frame height, pixels (even).
    pub height: u32,
    /// Frames per second.
    pub fps: u32,
    /// Constant rate factor of x264 and x265: 18 near-lossless, 23 default, 30+ blocky. For
    /// Motion JPEG, the quantiser is a sixth of it (2 at the least: 23 gives 3).
    pub crf: u8,
    /// x264's and x265's speed preset (`ultrafast` ... `veryslow`; unused by Motion JPEG).
    pub preset: String,
    /// Encoder threads (0: the encoder decides).
    pub threads: u32,
    /// Seconds from one keyframe to the next (x264 and x265; every Motion JPEG frame is one).
    /// Recorders write one every one to ten seconds; two lets a reviewer seek.
    pub keyframe_s: u32,
}

/// An MP4 being written, one RGB frame at a time.
pub struct Encoder {
    path: PathBuf,
    octx: format::context::Output,
    enc: encoder::Video,
    scaler: software::scaling::Context,
    rgb: util::frame::Video,
    yuv: util::frame::Video,
    settings: EncodeSettings,
    time_base: Rational,
    stream_time_base: Rational,
    frames: u64,
}

impl Encoder {
    /// Creates `path` and opens a video stream of `settings.codec` in it.
    pub fn create(path: &Path, settings: EncodeSettings) -> Result<Encoder, EncodeError> {
        let p = path.to_path_buf();
        let ff = |what: &'static str| {
            let p = p.clone();
            move |source| EncodeError::Ffmpeg {
                path: p,
                what,
                source,
            }
        };
        ffmpeg::init().map_err(ff("initialising FFmpeg"))?;
        util::log::set_level(util::log::Level::Error);
        let mut octx = format::output(&path).map_err(ff("creating the output"))?;
        let global_header = octx.format().flags().contains(format::Flags::GLOBAL_HEADER);
        let id = match settings.codec {
            VideoCodec::H264 => codec::Id::H264,
            VideoCodec::H265 => codec::Id::HEVC,
            VideoCodec::Mjpeg => codec::Id::MJPEG,
        };
        let codec =
            encoder::find(id).ok_or_else(|| EncodeError::NoEncoder(p.clone(), settings.codec))?;
        // Motion JPEG takes full-range YUV.
        let pixel = if settings.codec == VideoCodec::Mjpeg {
            format::Pixel::YUVJ420P
        } else {
            format::Pixel::YUV420P
        };
        let mut ost = octx
            .add_stream(codec)
            .map_err(ff("adding the video stream"))?;
        let mut enc = codec::context::Context::new_with_codec(codec)
            .encoder()
            .video()
            .map_err(ff("making the encoder"))?;
        let time_base = Rational::new(1, settings.fps as i32);
        enc.set_width(settings.width);
        enc.set_height(settings.height);
        enc.set_format(pixel);
        enc.set_time_base(time_base);
        enc.set_frame_rate(Some(Rational::new(settings.fps as i32, 1)));
        let mut flags = codec::Flags::empty();
        if global_header {
            flags |= codec::Flags::GLOBAL_HEADER;
        }
        let mut opts = Dictionary::new();
        opts.set("threads", &settings.threads.to_string());
        if settings.codec == VideoCodec::Mjpeg {
            // A fixed quantiser, in FFmpeg's lambda units (FF_QP2LAMBDA = 118).
            flags |= codec::Flags::QSCALE;
            enc.set_global_quality(i32::from((settings.crf / 6).max(2)) * 118);
        } else {
            opts.set("preset", &settings.preset);
            opts.set("crf", &settings.crf.to_string());
            opts.set(
                "g",
                &(settings.fps * settings.keyframe_s.max(1)).to_string(),
            );
            if settings.codec == VideoCodec::H265 {
                opts.set("x265-params", "log-level=error");
            }
        }
        enc.set_flags(flags);
        let enc = enc.open_with(opts).map_err(ff("opening the encoder"))?;
        ost.set_parameters(&enc);
        ost.set_time_base(time_base);
        octx.write_header().map_err(ff("writing the header"))?;
        let stream_time_base = octx.stream(0).map_or(time_base, |s| s.time_base());
        let scaler = software::scaling::Context::get(
            format::Pixel::RGB24,
            settings.width,
            settings.height,
            pixel,
            settings.width,
            settings.height,
            software::scaling::Flags::BILINEAR,
        )
        .map_err(ff("making the colour converter"))?;
        let rgb = util::frame::Video::new(format::Pixel::RGB24, settings.width, settings.height);
        let yuv = util::frame::Video::new(pixel, settings.width, settings.height);
        Ok(Encoder {
            path: p,
            octx,
            enc,
            scaler,
            rgb,
            yuv,
            settings,
            time_base,
            stream_time_base,
            frames: 0,
        })
    }

    /// Frames written so far.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Encodes one frame of tightly packed RGB rows.
    pub fn push(&mut self, rgb: &[u8]) -> Result<(), EncodeError> {
        let (w, h) = (self.settings.width as usize, self.settings.height as usize);
        if rgb.len() != w * h * 3 {
            return Err(EncodeError::FrameSize {
                path: self.path.clone(),
                index: self.frames,
                got: rgb.len(),
                want: w * h * 3,
                width: self.settings.width,
                height: self.settings.height,
            });
        }
        let stride = self.rgb.stride(0);
        let plane = self.rgb.data_mut(0);
        for y in 0..h {
            plane[y * stride..y * stride + w * 3].copy_from_slice(&rgb[y * w * 3..(y + 1) * w * 3]);
        }
        let p = self.path.clone();
        self.scaler
            .run(&self.rgb, &mut self.yuv)
            .map_err(|source| EncodeError::Ffmpeg {
                path: p.clone(),
                what: "converting a frame to YUV",
                source,
            })?;
        self.yuv.set_pts(Some(self.frames as i64));
        self.enc
            .send_frame(&self.yuv)
            .map_err(|source| EncodeError::Ffmpeg {
                path: p,
                what: "encoding a frame",
                source,
            })?;
        self.frames += 1;
        self.drain()
    }

    fn drain(&mut self) -> Result<(), EncodeError> {
        let mut pkt = Packet::empty();
        while self.enc.receive_packet(&mut pkt).is_ok() {
            pkt.set_stream(0);
            // Each frame lasts one frame time; without it the container's edit list would
            // end at the last frame's start and players would drop that frame.
            pkt.set_duration(1);
            pkt.rescale_ts(self.time_base, self.stream_time_base);
            pkt.write_interleaved(&mut self.octx)
                .map_err(|source| EncodeError::Ffmpeg {
                    path: self.path.clone(),
                    what: "writing a packet",
                    source,
                })?;
        }
        Ok(())
    }

    /// Flushes the encoder and closes the file.
    pub fn finish(mut self) -> Result<(), EncodeError> {
        let p = self.path.clone();
        self.enc.send_eof().map_err(|source| EncodeError::Ffmpeg {
            path: p.clone(),
            what: "flushing the encoder",
            source,
        })?;
        self.drain()?;
        self.octx
            .write_trailer()
            .map_err(|source| EncodeError::Ffmpeg {
                path: p,
                what: "writing the trailer",
                source,
            })
    }
}
