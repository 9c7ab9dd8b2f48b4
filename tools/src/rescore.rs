//! Rescoring `datagen`'s positions with a stronger engine's judgement.
//!
//! A record's score is what our own short search thought of the
//! position; a network fitted to it learns our engine's judgement, errors
//! included. `texel rescore` asks a UCI engine (Stockfish) for its
//! expected score of each position instead (`label::judge_all`) and
//! writes the same records with that score, so that `texel nnue` fits the
//! stronger engine's judgement.
//!
//! The judge's expected score `p` (its win/draw/loss estimate) becomes
//! centipawns in our engine's own units, `scale · ln(p / (1 − p))`:
//! `scale` is the logistic scale at which our search's scores best
//! predict the results of the games they were played in (200 for the
//! games of `datagen`, `tools/README.md`), so a rescored record means
//! what one of our search's scores of the same expectation would mean,
//! and the engine's pruning margins keep their sense.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;

use crate::label::{for_white, judge_all, JudgeOptions, LabelError};
use crate::nnue::data::{read_paths, DataError};
use crate::packed::{PackedPosition, RECORD_BYTES};

/// `texel rescore`'s arguments.
#[derive(Args, Debug)]
pub struct RescoreArgs {
    /// `datagen` files or folders of them, read as `texel nnue` reads
    /// them (a folder only when no run is still writing it: its games
    /// must stay the same between a run and its resumption).
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
    /// The records file to write; an unfinished one of the same data is
    /// resumed.
    #[arg(long, short)]
    pub out: PathBuf,
    /// The judging UCI engine (e.g. /usr/games/stockfish).
    #[arg(long)]
    pub engine: PathBuf,
    /// Its search depth per position.
    #[arg(long, default_value_t = 8)]
    pub depth: u32,
    /// Engines run at once.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Rescore (and write) only every N-th record of the data.
    #[arg(long, default_value_t = 1)]
    pub every: usize,
    /// Skip the data's first N records: with `--every`, a later pass
    /// rescores records an earlier one skipped (`--every 4 --offset 2`
    /// takes records 2, 6, 10, …).
    #[arg(long, default_value_t = 0)]
    pub offset: usize,
    /// Centipawns of the logistic that turns the judge's expected score
    /// into our engine's units.
    #[arg(long, default_value_t = 200.0)]
    pub scale: f64,
}

/// `texel rescore`: reads the data, rescores it into `--out` and reports
/// the speed on standard error.
pub fn run(args: RescoreArgs) -> Result<(), RescoreError> {
    let data: Vec<PackedPosition> = read_paths(&args.data)?
        .into_iter()
        .flatten()
        .skip(args.offset)
        .step_by(args.every.max(1))
        .collect();
    let options = RescoreOptions {
        judge: JudgeOptions {
            engine: args.engine,
            depth: args.depth,
            jobs: args.jobs,
        },
        scale: args.scale,
    };
    let started = Instant::now();
    let total = data.len();
    let from = rescore(&data, &args.out, &options, |done, from| {
        if (done - from) % 10_000 == 0 {
            let rate = (done - from) as f64 / started.elapsed().as_secs_f64();
            let left = (total - done) as f64 / rate / 60.0;
            eprintln!("{done}/{total} rescored, {rate:.0}/s, {left:.0} min left");
        }
    })?;
    eprintln!(
        "{total} records in {} ({from} there before), {:.0} s",
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The expected score a rescored record can say at most (and 1 − this at
/// least): a mate or a won ending keeps a finite score (±1,381 at scale
/// 200), as our search's scores do.
const MOST_CERTAIN: f64 = 0.999;

/// How `rescore` judges the records.
#[derive(Clone, Debug)]
pub struct RescoreOptions {
    pub judge: JudgeOptions,
    /// Centipawns of the logistic that turns the judge's expected score
    /// into a score in our engine's units.
    pub scale: f64,
}

#[derive(Debug, thiserror::Error)]
pub enum RescoreError {
    #[error(transparent)]
    Data(#[from] DataError),
    #[error(transparent)]
    Judge(#[from] LabelError),
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{out}: record {record} is not the data's record {record} (rescored from other data or with another --every or --offset?); remove it or choose another --out")]
    NotAResume { out: PathBuf, record: usize },
    #[error("--scale {0} is not a positive number of centipawns")]
    Scale(f64),
}

/// The score, in centipawns from White's view, of a position whose side
/// to move expects `expected` (in [0, 1]), through the logistic of
/// `scale`.
pub fn score_of_expected(expected: f64, white_to_move: bool, scale: f64) -> i32 {
    let p = for_white(expected, white_to_move).clamp(1.0 - MOST_CERTAIN, MOST_CERTAIN);
    (scale * (p / (1.0 - p)).ln()).round() as i32
}

/// Rescores `data` into the records file `out`, in the data's order,
/// going on after the records `out` already holds (they must be the
/// data's first ones: the same positions, whatever their scores); calls
/// `progress` after each record with the number of records `out` holds
/// and the number it held before. Returns the latter.
pub fn rescore(
    data: &[PackedPosition],
    out: &Path,
    options: &RescoreOptions,
    mut progress: impl FnMut(usize, usize),
) -> Result<usize, RescoreError> {
    if !(options.scale > 0.0 && options.scale.is_finite()) {
        return Err(RescoreError::Scale(options.scale));
    }
    let io = |source| io_error(out, source);
    let from = resume_point(out, data)?;
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(io)?;
    let mut writer = BufWriter::new(file);
    let fen_of = |p: &PackedPosition| p.fen();
    judge_all(data, fen_of, from, &options.judge, |index, expected| {
        let record = data[index];
        let white = record.side_to_move() == chess::Color::White;
        let score = score_of_expected(expected, white, options.scale);
        writer
            .write_all(&record.with_score(score).to_bytes())
            .map_err(io)?;
        progress(index + 1, from);
        Ok::<(), RescoreError>(())
    })?;
    writer.flush().map_err(io)?;
    Ok(from)
}

/// How many of `data`'s records `out` holds already (0 if it does not
/// exist). A last record cut short by an interruption is removed; a
/// record of another position refuses the resume.
fn resume_point(out: &Path, data: &[PackedPosition]) -> Result<usize, RescoreError> {
    let io = |source| io_error(out, source);
    let bytes = match std::fs::read(out) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(source) => return Err(io(source)),
    };
    let whole = bytes.len() / RECORD_BYTES;
    let foreign = bytes
        .chunks_exact(RECORD_BYTES)
        .zip(data)
        .position(|(old, new)| !same_position(old, new))
        .or((whole > data.len()).then_some(data.len()));
    if let Some(record) = foreign {
        return Err(RescoreError::NotAResume {
            out: out.to_path_buf(),
            record,
        });
    }
    if whole * RECORD_BYTES < bytes.len() {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(out)
            .map_err(io)?;
        file.set_len((whole * RECORD_BYTES) as u64).map_err(io)?;
    }
    Ok(whole)
}

/// A failure to read or write `out`, named.
fn io_error(out: &Path, source: std::io::Error) -> RescoreError {
    RescoreError::Io {
        path: out.to_path_buf(),
        source,
    }
}

/// Whether the stored bytes are `record` with some score.
fn same_position(stored: &[u8], record: &PackedPosition) -> bool {
    let Ok(bytes) = <[u8; RECORD_BYTES]>::try_from(stored) else {
        return false;
    };
    PackedPosition(bytes).with_score(0) == record.with_score(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_scores_become_centipawns_from_whites_view() {
        assert_eq!(score_of_expected(0.5, true, 200.0), 0);
        // ln 3 = 1.0986: three wins to one loss is 220 cp at scale 200.
        assert_eq!(score_of_expected(0.75, true, 200.0), 220);
        assert_eq!(score_of_expected(0.75, false, 200.0), -220);
        assert_eq!(score_of_expected(0.25, false, 400.0), 439);
        // A certain result stays finite: ln 999 = 6.9068.
        assert_eq!(score_of_expected(1.0, true, 200.0), 1381);
        assert_eq!(score_of_expected(1.0, false, 200.0), -1381);
    }
}
