//! Relabelling a data set with a stronger engine's judgement.
//!
//! The result of one game says little about one of its positions: a
//! position the side to move should win is drawn or lost often enough,
//! and a few hundred thousand positions do not average that noise away.
//! A UCI engine's expected score after a short search is a far steadier
//! label of the same position. `texel label` blends the two:
//! `label = result_weight · result + (1 − result_weight) · expected`,
//! both from White's view, so the fit still answers to game results.
//!
//! The expected score is the engine's win/draw/loss estimate when it
//! reports one (`UCI_ShowWDL`, as Stockfish does), else its centipawn
//! score through the Elo logistic `1 / (1 + 10^(−cp/400))`; a mate score
//! counts as a certain result. Each position is searched from a fresh
//! state (`ucinewgame`), so the labels do not depend on the order of the
//! positions or on how many engines share the work.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use workbench::engine::process::{Flood, Process, ReadError};

use crate::dataset::Labelled;

/// How long the engine may stay silent while it is expected to answer: a
/// hung engine is named, not waited on for ever. Generous, because a deep
/// `--depth` may search a position for minutes.
const REPLY_WAIT: Duration = Duration::from_secs(600);

/// A UCI engine that judges positions.
pub struct Judge {
    process: Process,
    depth: u32,
}

#[derive(Debug, thiserror::Error)]
pub enum LabelError {
    #[error("cannot start the engine {path}: {source}")]
    Spawn {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("talking to the engine: {0}")]
    Io(#[from] std::io::Error),
    #[error("the engine closed its output (it exited or crashed) while {doing}")]
    Exited { doing: String },
    #[error("the engine said nothing for {} s while {doing}", REPLY_WAIT.as_secs())]
    Silent { doing: String },
    #[error("the engine flooded its output ({flood}) while {doing}")]
    Flooded { doing: String, flood: Flood },
    #[error("the engine gave no score for {fen}")]
    NoScore { fen: String },
}

impl Judge {
    /// Starts `engine`, asks for win/draw/loss reports and a small
    /// table, and waits until it is ready.
    pub fn start(engine: &Path, depth: u32) -> Result<Judge, LabelError> {
        let process =
            Process::spawn(engine.as_os_str(), &[], None).map_err(|source| LabelError::Spawn {
                path: engine.to_path_buf(),
                source,
            })?;
        let mut judge = Judge { process, depth };
        judge.process.send("uci")?;
        judge.wait_for("uciok", "starting")?;
        // Engines without these options ignore them (UCI says so).
        judge
            .process
            .send("setoption name UCI_ShowWDL value true")?;
        judge.process.send("setoption name Hash value 1")?;
        judge.process.send("setoption name Threads value 1")?;
        Ok(judge)
    }

    /// Reads lines until one starts with `token`; returns the lines read
    /// before it.
    fn wait_for(&mut self, token: &str, doing: &str) -> Result<Vec<String>, LabelError> {
        let mut lines = Vec::new();
        loop {
            let line = self
                .process
                .read_line(Instant::now() + REPLY_WAIT)
                .map_err(|e| {
                    let doing = doing.to_string();
                    match e {
                        ReadError::Closed => LabelError::Exited { doing },
                        ReadError::Timeout => LabelError::Silent { doing },
                        ReadError::Flood(flood) => LabelError::Flooded { doing, flood },
                    }
                })?;
            if line.text.split_whitespace().next() == Some(token) {
                return Ok(lines);
            }
            lines.push(line.text);
        }
    }

    /// The engine's expected score for the side to move in `fen`, in
    /// [0, 1], after a search from a fresh state.
    pub fn expected_score(&mut self, fen: &str) -> Result<f64, LabelError> {
        self.process.send("ucinewgame")?;
        self.process.send(&format!("position fen {fen}"))?;
        self.process.send("isready")?;
        self.wait_for("readyok", "setting up a position")?;
        self.process.send(&format!("go depth {}", self.depth))?;
        let lines = self.wait_for("bestmove", &format!("searching {fen}"))?;
        lines
            .iter()
            .rev()
            .find_map(|line| expected_of_info(line))
            .ok_or_else(|| LabelError::NoScore {
                fen: fen.to_string(),
            })
    }
}

impl Drop for Judge {
    fn drop(&mut self) {
        self.process.quit(Duration::from_millis(50));
    }
}

/// The expected score for the side to move that one `info` line gives:
/// its `wdl` triple when present, else its `score cp` or `score mate`.
/// `None` for a line without a score (or a bound, `lowerbound` /
/// `upperbound`, which is not the search's answer).
pub fn expected_of_info(line: &str) -> Option<f64> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") || words.iter().any(|w| w.ends_with("bound")) {
        return None;
    }
    let after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .map(|i| &words[i + 1..])
    };
    if let Some([w, d, l, ..]) = after("wdl") {
        let (w, d, l): (f64, f64, f64) = (w.parse().ok()?, d.parse().ok()?, l.parse().ok()?);
        let total = w + d + l;
        return (total > 0.0).then(|| (w + d / 2.0) / total);
    }
    match after("score")? {
        ["cp", cp, ..] => {
            let cp: f64 = cp.parse().ok()?;
            Some(1.0 / (1.0 + 10f64.powf(-cp / 400.0)))
        }
        ["mate", n, ..] => {
            let n: i32 = n.parse().ok()?;
            Some(if n > 0 { 1.0 } else { 0.0 })
        }
        _ => None,
    }
}

/// The blended label from White's view: `expected` is the engine's
/// expected score for the side to move, `result` the game's from White's.
pub fn blend(result: f64, expected_for_mover: f64, white_to_move: bool, result_weight: f64) -> f64 {
    let expected = for_white(expected_for_mover, white_to_move);
    (result_weight * result + (1.0 - result_weight) * expected).clamp(0.0, 1.0)
}

/// The engine `judge_all` asks, and how.
#[derive(Clone, Debug)]
pub struct JudgeOptions {
    pub engine: PathBuf,
    /// The engine's search depth per position.
    pub depth: u32,
    /// Engines run at once, each on every `jobs`-th position.
    pub jobs: usize,
}

/// White's expected score where the side to move expects
/// `expected_for_mover`.
pub fn for_white(expected_for_mover: f64, white_to_move: bool) -> f64 {
    if white_to_move {
        expected_for_mover
    } else {
        1.0 - expected_for_mover
    }
}

/// How `label_all` labels a data set.
#[derive(Clone, Debug)]
pub struct LabelOptions {
    pub judge: JudgeOptions,
    /// The weight of the game's result in the label, in [0, 1].
    pub result_weight: f64,
}

/// Labels `data[from..]`, giving each position's index and blended label
/// to `emit` in order, whatever engine finished it first. An error of
/// `emit` (writing the label, say) stops the engines and is returned.
pub fn label_all<E: From<LabelError>>(
    data: &[Labelled],
    from: usize,
    options: &LabelOptions,
    mut emit: impl FnMut(usize, f64) -> Result<(), E>,
) -> Result<(), E> {
    let fen_of = |item: &Labelled| item.position.fen();
    judge_all(data, fen_of, from, &options.judge, |index, expected| {
        let item = &data[index];
        let white = item.position.side_to_move() == chess::Color::White;
        emit(
            index,
            blend(item.result, expected, white, options.result_weight),
        )
    })
}

/// Judges the positions `items[from..]` (each given to the engine as
/// `fen_of` writes it), giving each index and the engine's expected score
/// for the side to move to `emit` in order, whatever engine finished it
/// first. An error of `emit` stops the engines and is returned.
pub fn judge_all<T: Sync, E: From<LabelError>>(
    items: &[T],
    fen_of: impl Fn(&T) -> String + Sync,
    from: usize,
    options: &JudgeOptions,
    mut emit: impl FnMut(usize, f64) -> Result<(), E>,
) -> Result<(), E> {
    let jobs = options.jobs.max(1);
    let (tx, rx) = mpsc::channel::<Result<(usize, f64), LabelError>>();
    let fen_of = &fen_of;
    std::thread::scope(|scope| {
        for job in 0..jobs {
            let tx = tx.clone();
            scope.spawn(move || {
                let share = (from + job..items.len()).step_by(jobs);
                if let Err(e) = judge_share(items, fen_of, share, options, &tx) {
                    let _ = tx.send(Err(e));
                }
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let mut next = from;
        // An error returns here and drops the receiver: the other
        // engines' next send fails and they stop.
        for message in rx {
            let (index, expected) = message?;
            pending.insert(index, expected);
            while let Some(expected) = pending.remove(&next) {
                emit(next, expected)?;
                next += 1;
            }
        }
        Ok(())
    })
}

/// One engine's share of the positions, by index.
fn judge_share<T>(
    items: &[T],
    fen_of: &impl Fn(&T) -> String,
    share: impl Iterator<Item = usize>,
    options: &JudgeOptions,
    tx: &mpsc::Sender<Result<(usize, f64), LabelError>>,
) -> Result<(), LabelError> {
    let mut share = share.peekable();
    if share.peek().is_none() {
        return Ok(());
    }
    let mut judge = Judge::start(&options.engine, options.depth)?;
    for index in share {
        let expected = judge.expected_score(&fen_of(&items[index]))?;
        if tx.send(Ok((index, expected))).is_err() {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_give_expected_scores() {
        let wdl = "info depth 8 seldepth 9 multipv 1 score cp 300 wdl 900 80 20 nodes 4972 pv c7c5";
        assert_eq!(expected_of_info(wdl), Some(0.94));
        assert_eq!(
            expected_of_info("info depth 3 score cp 0 pv e2e4"),
            Some(0.5)
        );
        let cp = expected_of_info("info depth 3 score cp 400 pv e2e4").expect("cp");
        assert!((cp - 10.0 / 11.0).abs() < 1e-12);
        assert_eq!(
            expected_of_info("info depth 9 score mate -3 pv a1a2"),
            Some(0.0)
        );
        assert_eq!(
            expected_of_info("info depth 9 score mate 2 pv a1a2"),
            Some(1.0)
        );
        assert_eq!(
            expected_of_info("info depth 9 score cp 20 lowerbound"),
            None
        );
        assert_eq!(expected_of_info("info string hello"), None);
        assert_eq!(expected_of_info("info depth 9 score cp x"), None);
        assert_eq!(expected_of_info("bestmove e2e4"), None);
    }

    #[test]
    fn labels_blend_from_whites_view() {
        assert_eq!(blend(1.0, 0.5, true, 0.5), 0.75);
        // Black to move and expected to win: White's expectation is 0.
        assert_eq!(blend(0.5, 1.0, false, 0.0), 0.0);
        assert_eq!(blend(0.0, 0.9, true, 1.0), 0.0);
    }
}
