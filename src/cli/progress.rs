//! The progress line `pitwatch analyze` redraws on a terminal: a bar of the footage read, frames
//! decoded a second and the time left, from what the pipeline reports and the wall time spent.

use pitwatch::pipeline::Progress;

/// Characters of the bar between its brackets.
const BAR: usize = 24;

/// The progress line for footage `name` after `elapsed` wall seconds: with the footage's
/// declared length, a bar, the share read, seconds read of the whole, frames a second and the
/// time left at the pace so far; without it, frames, seconds read and frames a second.
pub fn line(name: &str, p: &Progress, elapsed: f64) -> String {
    let elapsed = elapsed.max(1e-6);
    let rate = p.frames as f64 / elapsed;
    match p.duration.filter(|d| d.is_finite() && *d > 0.0) {
        Some(total) => {
            let done = (p.t / total).clamp(0.0, 1.0);
            let filled = ((done * BAR as f64).round() as usize).min(BAR);
            let left = if p.t > 0.0 {
                clock((total - p.t).max(0.0) * elapsed / p.t)
            } else {
                "--:--".to_string()
            };
            format!(
                "{name} [{}{}] {:3.0}%  {:.0} of {:.0} s, {:.0} frames/s, {left} left",
                "#".repeat(filled),
                "-".repeat(BAR - filled),
                done * 100.0,
                p.t,
                total,
                rate
            )
        }
        None => format!(
            "{name}: {} frames, {:.0} s of footage, {:.0} frames/s",
            p.frames, p.t, rate
        ),
    }
}

/// Seconds as `m:ss`, or `h:mm:ss` from an hour.
fn clock(seconds: f64) -> String {
    let s = seconds.round() as u64;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(frames: u64, t: f64, duration: Option<f64>) -> Progress {
        Progress {
            frames,
            t,
            duration,
        }
    }

    #[test]
    fn a_quarter_read_in_ten_seconds_leaves_thirty() {
        let s = line("shift.mp4", &at(2_700, 90.0, Some(360.0)), 10.0);
        assert_eq!(
            s,
            "shift.mp4 [######------------------]  25%  90 of 360 s, 270 frames/s, 0:30 left"
        );
    }

    #[test]
    fn an_hour_left_is_written_in_hours() {
        let s = line("a.mkv", &at(300, 10.0, Some(3_610.0)), 10.0);
        assert!(s.ends_with("1:00:00 left"), "{s}");
        assert!(s.contains("[------------------------]   0%"), "{s}");
    }

    #[test]
    fn the_end_fills_the_bar_even_past_the_declared_length() {
        let s = line("a.mp4", &at(9_300, 310.2, Some(310.0)), 9.3);
        assert!(s.contains("[########################] 100%"), "{s}");
        assert!(s.ends_with("0:00 left"), "{s}");
    }

    #[test]
    fn nothing_read_yet_has_no_time_left() {
        let s = line("a.mp4", &at(0, 0.0, Some(60.0)), 0.0);
        assert!(s.ends_with("--:-- left"), "{s}");
    }

    #[test]
    fn without_a_declared_length_frames_and_seconds_are_counted() {
        let s = line("cam.avi", &at(1_500, 50.0, None), 2.0);
        assert_eq!(s, "cam.avi: 1500 frames, 50 s of footage, 750 frames/s");
        let s = line("cam.avi", &at(1_500, 50.0, Some(f64::NAN)), 2.0);
        assert!(s.starts_with("cam.avi: 1500 frames"), "{s}");
    }
}
