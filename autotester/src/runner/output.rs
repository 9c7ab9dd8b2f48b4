//! What a run prints as games start and finish, in our format or in the
//! line formats of cutechess-cli and fastchess (`-output format=...`), so
//! that scripts written for those tools read ours: `Started game`,
//! `Finished game`, the running score and, every `-ratinginterval` games,
//! the results block.

use crate::report::{one_estimate, EloReport, GameRecord};
use crate::stats::{EloEstimate, Pentanomial, Wdl};
use std::io::Write;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Set once a write to standard output fails: its reader is gone (`|
/// head`), or its disk is full.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Prints `text` on standard output. A closed output is not an error:
/// `println!` would panic there (Rust ignores SIGPIPE, which the engines'
/// pipes need), stopping a match mid-game. Like fastchess, which ignores
/// SIGPIPE too and whose `std::cout` then fails silently, the tester goes
/// on without printing, so the PGN still gets every game and the engines
/// are still shut down.
pub fn print(text: &str) {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return;
    }
    let mut out = std::io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
    }
}

/// [`print`] with a newline.
pub fn print_line(text: &str) {
    print(&format!("{text}\n"));
}

/// A line on standard error; a closed one (`2>&1 | head`) is ignored, as
/// for [`print`].
pub fn print_error(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

/// The printed format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputFormat {
    /// Ours: a line per finished game with its round, and a score line
    /// with the Elo so far and an ETA.
    #[default]
    Native,
    /// cutechess-cli's `Started game`, `Finished game`, `Score of` and
    /// `Elo difference` lines.
    Cutechess,
    /// fastchess's lines and its `Results of` block.
    Fastchess,
}

impl FromStr for OutputFormat {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        match s.to_ascii_lowercase().as_str() {
            "native" | "autotester" => Ok(OutputFormat::Native),
            "cutechess" | "cutechess-cli" => Ok(OutputFormat::Cutechess),
            "fastchess" => Ok(OutputFormat::Fastchess),
            _ => Err(()),
        }
    }
}

/// How a run reports as it goes (`-output`, `-ratinginterval`, `-report`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutputOptions {
    pub format: OutputFormat,
    /// Print the results every this many games (0: only at the end).
    pub rating_interval: u32,
    /// Pentanomial statistics (game pairs) in the results and the headline.
    pub penta: bool,
}

impl Default for OutputOptions {
    fn default() -> Self {
        OutputOptions {
            format: OutputFormat::Native,
            rating_interval: 0,
            penta: true,
        }
    }
}

/// `Started game 3 of 100 (new vs old)`: cutechess and fastchess only.
pub fn started_line(
    format: OutputFormat,
    number: usize,
    total: usize,
    white: &str,
    black: &str,
) -> Option<String> {
    (format != OutputFormat::Native)
        .then(|| format!("Started game {number} of {total} ({white} vs {black})"))
}

/// The line for a finished game.
pub fn finished_line(format: OutputFormat, number: usize, game: &GameRecord) -> String {
    let (white, black) = (&game.white, &game.black);
    let reason = game.reason.as_deref().unwrap_or("");
    match format {
        OutputFormat::Native => format!(
            "Finished game {number} (round {}, {white} vs {black}): {} {{{reason}}}",
            game.round, game.result,
        ),
        OutputFormat::Cutechess | OutputFormat::Fastchess => format!(
            "Finished game {number} ({white} vs {black}): {} {{{reason}}}",
            game.result
        ),
    }
}

/// `0:01:23`.
fn clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The time left at this run's pace: `done` of `total` games played in
/// `elapsed`.
pub fn eta(elapsed: Duration, done: usize, total: usize) -> Option<Duration> {
    (done > 0).then(|| elapsed.mul_f64(total.saturating_sub(done) as f64 / done as f64))
}

/// The running score of `first` against `second` after a game.
pub fn score_line(
    format: OutputFormat,
    (first, second): (&str, &str),
    wdl: &Wdl,
    estimate: Option<EloEstimate>,
    sprt: Option<&str>,
    progress: (usize, usize),
    eta: Option<Duration>,
) -> String {
    let (done, total) = progress;
    let score = if wdl.games() > 0 { wdl.score() } else { 0.5 };
    match format {
        OutputFormat::Native => {
            // The report's own estimate (`one_estimate`), not one of its own.
            let elo = estimate
                .filter(EloEstimate::is_measured)
                .map(|e| format!(", Elo {:+.1} +/- {:.1}", e.elo + 0.0, e.error))
                .unwrap_or_default();
            let sprt = sprt.map(|s| format!(", {s}")).unwrap_or_default();
            format!(
                "Score of {first} vs {second}: +{} -{} ={} ({:.1}%){elo}{sprt}; {done} of {total} games, ETA {}",
                wdl.wins,
                wdl.losses,
                wdl.draws,
                100.0 * score,
                eta.map_or_else(|| "?".into(), clock)
            )
        }
        OutputFormat::Cutechess | OutputFormat::Fastchess => format!(
            "Score of {first} vs {second}: {} - {} - {}  [{score:.3}] {}",
            wdl.wins,
            wdl.losses,
            wdl.draws,
            wdl.games()
        ),
    }
}

/// The block printed every `-ratinginterval` games.
pub fn results_block(format: OutputFormat, report: &EloReport, penta: bool) -> String {
    let Some(h) = &report.head_to_head else {
        return report.table.to_string();
    };
    let w = &h.wdl;
    let e = one_estimate(w, &h.penta, penta);
    // `+ 0.0` turns -0 into 0.
    let (elo, err) = e.map_or((0.0, f64::NAN), |e| (e.elo.elo + 0.0, e.elo.error));
    let los = e.and_then(|e| e.los);
    match format {
        OutputFormat::Fastchess => fastchess_block(h.first.as_str(), &h.second, w, &h.penta, penta)
            .replace("{elo}", &format!("{elo:.2} +/- {err:.2}"))
            .replace("{los}", &percent_or_na(los, 2)),
        OutputFormat::Cutechess => format!(
            "Elo difference: {elo:.1} +/- {err:.1}, LOS: {}, DrawRatio: {:.1} %\n",
            percent_or_na(los, 1),
            100.0 * w.draw_ratio()
        ),
        OutputFormat::Native => format!("{report}"),
    }
}

/// `61.23 %` in the tools' style, or `n/a` where the spread is unknown.
fn percent_or_na(los: Option<f64>, decimals: usize) -> String {
    los.map_or_else(
        || "n/a (spread unknown)".into(),
        |l| format!("{:.decimals$} %", 100.0 * l),
    )
}

fn fastchess_block(first: &str, second: &str, w: &Wdl, p: &Pentanomial, penta: bool) -> String {
    let rule = "-".repeat(50);
    let points = w.wins as f64 + 0.5 * w.draws as f64;
    let percent = if w.games() > 0 {
        100.0 * w.score()
    } else {
        0.0
    };
    let mut text = format!(
        "{rule}\nResults of {first} vs {second}:\nElo: {{elo}}\nLOS: {{los}}, DrawRatio: {:.2} %\n\
         Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {points:.1} ({percent:.2} %)\n",
        100.0 * w.draw_ratio(),
        w.games(),
        w.wins,
        w.losses,
        w.draws
    );
    if penta {
        let [ll, ld, dd, wd, ww] = p.counts;
        text += &format!("Ptnml(0-2): [{ll}, {ld}, {dd}, {wd}, {ww}]\n");
    }
    text + &rule + "\n"
}

#[cfg(test)]
mod tests {
    use super::{eta, score_line, OutputFormat};
    use crate::stats::Wdl;
    use std::time::Duration;

    #[test]
    fn formats_and_eta() {
        assert_eq!("fastchess".parse(), Ok(OutputFormat::Fastchess));
        assert_eq!("CuteChess".parse(), Ok(OutputFormat::Cutechess));
        assert!("pgn".parse::<OutputFormat>().is_err());
        let wdl = Wdl::new(3, 4, 1);
        assert_eq!(
            score_line(
                OutputFormat::Cutechess,
                ("a", "b"),
                &wdl,
                None,
                None,
                (8, 20),
                None
            ),
            "Score of a vs b: 3 - 1 - 4  [0.625] 8"
        );
        let left = eta(Duration::from_secs(40), 8, 20);
        assert_eq!(left, Some(Duration::from_secs(60)));
        let native = score_line(
            OutputFormat::Native,
            ("a", "b"),
            &wdl,
            wdl.elo(),
            None,
            (8, 20),
            left,
        );
        assert!(
            native.starts_with("Score of a vs b: +3 -1 =4 (62.5%), Elo +"),
            "{native}"
        );
        assert!(native.ends_with("; 8 of 20 games, ETA 0:01:00"), "{native}");
        // One draw: no spread yet, so no `Elo +0.0 +/- 0.0`.
        let one_draw = Wdl::new(0, 1, 0);
        let native = score_line(
            OutputFormat::Native,
            ("a", "b"),
            &one_draw,
            one_draw.elo(),
            None,
            (1, 20),
            left,
        );
        assert!(!native.contains("Elo"), "{native}");
        // A run with an SPRT shows its state in every line (log files see
        // no progress bar).
        let sprt = Some("LLR 0.41 (-2.94, 2.94)");
        let native = score_line(
            OutputFormat::Native,
            ("a", "b"),
            &wdl,
            wdl.elo(),
            sprt,
            (8, 20),
            left,
        );
        assert!(
            native.ends_with(", LLR 0.41 (-2.94, 2.94); 8 of 20 games, ETA 0:01:00"),
            "{native}"
        );
    }
}
