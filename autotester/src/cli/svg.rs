//! The ladder's graph as a self-contained SVG: Elo (y) against search
//! depth (x), with the 95% intervals as error bars. Its frame (the
//! `<svg>` element and title, round ticks, labelled grid lines) is shared
//! with the tuning plot.

use super::ladder::LadderPoint;
use std::fmt::Write;

/// The frame both graphs share: width, and the margins beside and above
/// the plot (room for the labels and the title).
pub(crate) const WIDTH: f64 = 640.0;
pub(crate) const LEFT: f64 = 70.0;
pub(crate) const RIGHT: f64 = 20.0;
pub(crate) const TOP: f64 = 40.0;
const HEIGHT: f64 = 420.0;
const BOTTOM: f64 = 50.0;

/// A "nice" step (1, 2 or 5 times a power of ten) giving about `ticks`
/// intervals over `span`.
fn tick_step(span: f64, ticks: f64) -> f64 {
    let raw = (span / ticks).max(1e-9);
    let power = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * power)
}

pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A value axis widened to round ticks: from `min` to `max` by `step`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Ticks {
    pub min: f64,
    pub max: f64,
    pub step: f64,
}

impl Ticks {
    /// About `count` round intervals covering `lo..=hi` (one at least).
    pub(crate) fn new(lo: f64, hi: f64, count: f64) -> Ticks {
        let step = tick_step(hi - lo, count);
        let min = (lo / step).floor() * step;
        let max = ((hi / step).ceil() * step).max(min + step);
        Ticks { min, max, step }
    }

    /// The tick values, bottom up.
    fn values(&self) -> impl Iterator<Item = f64> + '_ {
        let count = ((self.max - self.min) / self.step).round() as usize;
        (0..=count).map(|i| self.min + i as f64 * self.step)
    }
}

/// The start of an SVG of `width` by `height`: a white background and
/// the title.
pub(crate) fn start(width: f64, height: f64, title: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="22" text-anchor="middle" font-size="15">{}</text>"#,
        width / 2.0,
        escape(title)
    );
    s
}

/// A horizontal grid line from `left` to `right` at each tick, labelled
/// on the left; `y` places a value.
pub(crate) fn grid(
    s: &mut String,
    ticks: &Ticks,
    (left, right): (f64, f64),
    y: impl Fn(f64) -> f64,
    label: impl Fn(f64) -> String,
) {
    for v in ticks.values() {
        let _ = writeln!(
            s,
            r##"<line x1="{left}" y1="{yy:.1}" x2="{right}" y2="{yy:.1}" stroke="#ddd"/><text x="{lx}" y="{ty:.1}" text-anchor="end">{}</text>"##,
            label(v),
            yy = y(v),
            lx = left - 6.0,
            ty = y(v) + 4.0
        );
    }
}

/// The graph; an empty frame when there are no points.
pub fn elo_graph(title: &str, points: &[LadderPoint]) -> String {
    let finite = |x: f64| if x.is_finite() { x } else { 0.0 };
    let lows = points.iter().map(|p| finite(p.elo - p.minus));
    let highs = points.iter().map(|p| finite(p.elo + p.plus));
    let (lo, mut hi) = (lows.fold(0.0, f64::min), highs.fold(0.0, f64::max));
    if hi - lo < 1.0 {
        hi = lo + 100.0;
    }
    let ticks = Ticks::new(lo, hi, 6.0);
    let (y_min, y_max) = (ticks.min, ticks.max);
    let d_min = points.iter().map(|p| p.depth).min().unwrap_or(1) as f64;
    let d_max = (points.iter().map(|p| p.depth).max().unwrap_or(2) as f64).max(d_min + 1.0);
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x = |d: f64| LEFT + (d - d_min) / (d_max - d_min) * plot_w;
    let y = |e: f64| TOP + (y_max - finite(e)) / (y_max - y_min) * plot_h;

    let mut s = start(WIDTH, HEIGHT, title);
    // Horizontal grid lines with Elo labels.
    grid(&mut s, &ticks, (LEFT, WIDTH - RIGHT), y, |e| {
        format!("{e:.0}")
    });
    // Depth ticks.
    for p in points {
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{}" text-anchor="middle">{}</text>"#,
            x(p.depth as f64),
            HEIGHT - BOTTOM + 18.0,
            p.depth
        );
    }
    let _ = writeln!(
        s,
        r##"<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="#444"/>"##
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">search depth</text>"#,
        LEFT + plot_w / 2.0,
        HEIGHT - 12.0
    );
    let _ = writeln!(
        s,
        r#"<text transform="translate(18 {}) rotate(-90)" text-anchor="middle">Elo (relative to depth {})</text>"#,
        TOP + plot_h / 2.0,
        d_min
    );
    if !points.is_empty() {
        let path: Vec<String> = points
            .iter()
            .map(|p| format!("{:.1},{:.1}", x(p.depth as f64), y(p.elo)))
            .collect();
        let _ = writeln!(
            s,
            r##"<polyline points="{}" fill="none" stroke="#1f5fbf" stroke-width="2"/>"##,
            path.join(" ")
        );
    }
    for p in points {
        let cx = x(p.depth as f64);
        let _ = writeln!(
            s,
            r##"<line class="error-bar" x1="{cx:.1}" y1="{:.1}" x2="{cx:.1}" y2="{:.1}" stroke="#1f5fbf"/><circle class="point" cx="{cx:.1}" cy="{:.1}" r="4" fill="#1f5fbf"><title>depth {}: {:+.0} +{:.0} -{:.0} Elo</title></circle>"##,
            y(p.elo + p.plus),
            y(p.elo - p.minus),
            y(p.elo),
            p.depth,
            p.elo,
            p.plus,
            p.minus
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::{elo_graph, tick_step, Ticks};
    use crate::cli::ladder::LadderPoint;

    fn point(depth: u32, elo: f64) -> LadderPoint {
        LadderPoint {
            depth,
            elo,
            minus: 30.0,
            plus: 35.0,
            games: 10,
            score: 0.5,
        }
    }

    #[test]
    fn ticks_are_round() {
        assert_eq!(tick_step(600.0, 6.0), 100.0);
        assert_eq!(tick_step(130.0, 6.0), 50.0);
        assert_eq!(tick_step(9.0, 6.0), 2.0);
        let t = Ticks::new(-3.0, 17.0, 4.0);
        assert_eq!((t.min, t.max, t.step), (-5.0, 20.0, 5.0));
        assert_eq!(
            t.values().collect::<Vec<_>>(),
            [-5.0, 0.0, 5.0, 10.0, 15.0, 20.0]
        );
    }

    #[test]
    fn one_point_and_bar_per_depth_rising() {
        let pts = [point(1, 0.0), point(2, 150.0), point(3, 260.0)];
        let svg = elo_graph("x <&> ladder", &pts);
        assert!(svg.starts_with("<svg "));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("class=\"point\"").count(), 3);
        assert_eq!(svg.matches("class=\"error-bar\"").count(), 3);
        assert!(svg.contains("x &lt;&amp;&gt; ladder"));
        // Higher Elo is drawn higher (smaller y).
        let cy: Vec<f64> = svg
            .match_indices("cy=\"")
            .map(|(i, _)| {
                let rest = &svg[i + 4..];
                rest[..rest.find('"').unwrap()].parse().unwrap()
            })
            .collect();
        assert!(cy[0] > cy[1] && cy[1] > cy[2], "{cy:?}");
        assert!(elo_graph("empty", &[]).contains("</svg>"));
    }
}
