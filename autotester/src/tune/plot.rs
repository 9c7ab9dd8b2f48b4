//! `history.svg`: each parameter's theta over the iterations, one panel a
//! parameter (each with its own scale), as a self-contained SVG.

use super::params::{trim_decimals, Param};
use super::report::Row;
use crate::cli::svg::{escape, grid, start, Ticks, LEFT, RIGHT, TOP, WIDTH};
use std::fmt::Write;

/// A panel's height, and the room above it for its title.
const PANEL: f64 = 150.0;
const GAP: f64 = 40.0;
/// Room for the iteration axis.
const BOTTOM: f64 = 40.0;
/// Points drawn per line at most; longer histories are thinned.
const MAX_POINTS: usize = 2000;

/// Maps iterations to x.
struct XAxis {
    last: f64,
}

impl XAxis {
    fn x(&self, iteration: f64) -> f64 {
        LEFT + iteration / self.last * (WIDTH - LEFT - RIGHT)
    }
}

/// The rows drawn: every one, or evenly spaced ones and the last.
fn thinned(rows: &[Row]) -> Vec<&Row> {
    let step = rows.len().div_ceil(MAX_POINTS).max(1);
    let mut kept: Vec<&Row> = rows.iter().step_by(step).collect();
    if let Some(last) = rows.last() {
        if kept.last().map(|r| r.iteration) != Some(last.iteration) {
            kept.push(last);
        }
    }
    kept
}

/// One parameter's panel, its top at `top`.
fn panel(s: &mut String, p: &Param, column: usize, rows: &[&Row], axis: &XAxis, top: f64) {
    let values: Vec<f64> = rows
        .iter()
        .filter_map(|r| r.theta.get(column).copied())
        .collect();
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // A flat line gets a scale of ±1 around it.
    let (lo, hi) = match (lo.is_finite(), hi - lo < 1e-9) {
        (false, _) => (p.min, p.max),
        (true, true) => (lo - 1.0, hi + 1.0),
        (true, false) => (lo, hi),
    };
    let ticks = Ticks::new(lo, hi, 4.0);
    let y = |v: f64| top + (ticks.max - v) / (ticks.max - ticks.min) * PANEL;
    let last = values.last().copied().unwrap_or(p.start);
    let _ = writeln!(
        s,
        r#"<text x="{LEFT}" y="{:.1}">{} ({}, [{}, {}]): {} at the end</text>"#,
        top - 8.0,
        escape(&p.name),
        p.kind,
        trim_decimals(p.min, 4),
        trim_decimals(p.max, 4),
        trim_decimals(last, 2)
    );
    grid(s, &ticks, (LEFT, WIDTH - RIGHT), y, |v| trim_decimals(v, 4));
    let _ = writeln!(
        s,
        r##"<rect x="{LEFT}" y="{top}" width="{}" height="{PANEL}" fill="none" stroke="#444"/>"##,
        WIDTH - LEFT - RIGHT
    );
    let points: Vec<String> = rows
        .iter()
        .filter_map(|r| Some((r.iteration, *r.theta.get(column)?)))
        .map(|(i, t)| format!("{:.1},{:.1}", axis.x(i as f64), y(t)))
        .collect();
    let _ = writeln!(
        s,
        r##"<polyline class="theta" points="{}" fill="none" stroke="#1f5fbf" stroke-width="1.5"/>"##,
        points.join(" ")
    );
}

/// The SVG for `params` over the history `rows`.
pub fn history_svg(title: &str, params: &[Param], rows: &[Row]) -> String {
    let rows = thinned(rows);
    let last = rows.last().map_or(1, |r| r.iteration.max(1)) as f64;
    let axis = XAxis { last };
    let height = TOP + params.len() as f64 * (PANEL + GAP) + BOTTOM;
    let mut s = start(WIDTH, height, title);
    for (column, p) in params.iter().enumerate() {
        let top = TOP + GAP / 2.0 + column as f64 * (PANEL + GAP);
        panel(&mut s, p, column, &rows, &axis, top);
    }
    let bottom = height - BOTTOM + 4.0;
    for i in [0.0, last / 2.0, last] {
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{bottom:.1}" text-anchor="middle">{}</text>"#,
            axis.x(i),
            i.round()
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{:.1}" text-anchor="middle">iteration</text>"#,
        WIDTH / 2.0,
        height - 10.0
    );
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::{history_svg, thinned};
    use crate::stats::Wdl;
    use crate::tune::params::{Kind, Param};
    use crate::tune::report::Row;

    fn row(iteration: u64, theta: Vec<f64>) -> Row {
        Row {
            iteration,
            games: 2 * iteration,
            wdl: Wdl::default(),
            theta,
        }
    }

    #[test]
    fn one_line_per_parameter() {
        let params: Vec<Param> = ["A", "B<&>"]
            .iter()
            .map(|n| Param {
                name: n.to_string(),
                kind: Kind::Int,
                start: 0.0,
                min: -100.0,
                max: 100.0,
                c_end: 4.0,
                r_end: 0.002,
            })
            .collect();
        let rows: Vec<Row> = (0..50)
            .map(|i| row(i, vec![i as f64, -(i as f64) / 2.0]))
            .collect();
        let svg = history_svg("tune <x>", &params, &rows);
        assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("class=\"theta\"").count(), 2);
        assert!(
            svg.contains("B&lt;&amp;&gt; (int, [-100, 100]): -24.5 at the end"),
            "{svg}"
        );
        assert!(svg.contains("tune &lt;x&gt;"));
        // A flat line and an empty history still draw.
        let flat: Vec<Row> = (0..3).map(|i| row(i, vec![5.0, 5.0])).collect();
        assert!(history_svg("t", &params, &flat).contains("class=\"theta\""));
        assert!(history_svg("t", &params, &[]).contains("</svg>"));
    }

    #[test]
    fn long_histories_are_thinned_but_keep_the_end() {
        let rows: Vec<Row> = (0..=10_001).map(|i| row(i, vec![0.0])).collect();
        let kept = thinned(&rows);
        assert!(kept.len() <= 2001, "{}", kept.len());
        assert_eq!(kept.first().map(|r| r.iteration), Some(0));
        assert_eq!(kept.last().map(|r| r.iteration), Some(10_001));
    }
}
