//! The data set: one labelled position a line, `FEN;result`, the result
//! from White's view as `1.0`, `0.5` or `0.0` (PGN markers `1-0`,
//! `1/2-1/2`, `0-1` are read too). Blank lines and `#` comments are
//! skipped.

use std::fmt;
use std::path::{Path, PathBuf};

use chess::Position;
use workbench::pgn::GameResult;

/// A position and the result of the game it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Labelled {
    pub position: Position,
    /// 1 for a White win, 0.5 for a draw, 0 for a Black win.
    pub result: f64,
}

impl fmt::Display for Labelled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{};{:.1}", self.position.fen(), self.result)
    }
}

/// The label of a finished game, `None` for an unfinished one.
pub fn label_of(result: GameResult) -> Option<f64> {
    match result {
        GameResult::WhiteWins => Some(1.0),
        GameResult::Draw => Some(0.5),
        GameResult::BlackWins => Some(0.0),
        GameResult::Unfinished => None,
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DatasetError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("line {line}: no ';' between the FEN and the result")]
    MissingResult { line: usize },
    #[error("line {line}: bad FEN: {source}")]
    Fen {
        line: usize,
        source: chess::FenError,
    },
    #[error("line {line}: bad result '{text}' (1.0, 0.5, 0.0, 1-0, 1/2-1/2 or 0-1)")]
    Result { line: usize, text: String },
}

fn parse_result(text: &str) -> Option<f64> {
    match text {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => text.parse::<f64>().ok().filter(|r| (0.0..=1.0).contains(r)),
    }
}

/// Parses a whole data set.
pub fn parse(text: &str) -> Result<Vec<Labelled>, DatasetError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (fen, result) = line
            .rsplit_once(';')
            .ok_or(DatasetError::MissingResult { line: line_no })?;
        let position = Position::from_fen(fen.trim()).map_err(|source| DatasetError::Fen {
            line: line_no,
            source,
        })?;
        let result = parse_result(result.trim()).ok_or_else(|| DatasetError::Result {
            line: line_no,
            text: result.trim().to_string(),
        })?;
        out.push(Labelled { position, result });
    }
    Ok(out)
}

/// The position with files a and h swapped, which is worth the same to
/// both sides in chess, unless castling rights break the symmetry: `None`
/// then.
pub fn mirrored(position: &Position) -> Option<Position> {
    let fen = position.fen();
    let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
    if fields[2] != "-" {
        return None;
    }
    fields[0] = fields[0]
        .split('/')
        .map(|rank| rank.chars().rev().collect::<String>())
        .collect::<Vec<_>>()
        .join("/");
    if fields[3] != "-" {
        let file = fields[3].as_bytes()[0];
        fields[3].replace_range(0..1, &char::from(b'a' + b'h' - file).to_string());
    }
    Position::from_fen(&fields.join(" ")).ok()
}

/// Reads a data set file.
pub fn read(path: &Path) -> Result<Vec<Labelled>, DatasetError> {
    let text = std::fs::read_to_string(path).map_err(|source| DatasetError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_errors_are_typed() {
        let text = "# comment\n\n8/8/4k3/8/8/4K3/4P3/8 w - - 0 1;1.0\n8/8/4k3/8/8/4K3/4P3/8 b - - 0 1;1/2-1/2\n";
        let data = parse(text).expect("parses");
        assert_eq!(data.len(), 2);
        assert_eq!(data[1].result, 0.5);
        assert_eq!(data[0].to_string(), "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1;1.0");
        assert!(matches!(
            parse("8/8/8 w"),
            Err(DatasetError::MissingResult { line: 1 })
        ));
        assert!(matches!(
            parse("x;1.0"),
            Err(DatasetError::Fen { line: 1, .. })
        ));
        assert!(matches!(
            parse("8/8/4k3/8/8/4K3/4P3/8 w - - 0 1;2"),
            Err(DatasetError::Result { line: 1, .. })
        ));
    }

    #[test]
    fn mirroring_swaps_the_files_and_keeps_castling_positions_out() {
        let fen = |f: &str| Position::from_fen(f).expect("a legal FEN");
        let position = fen("r3k2r/1pp3pp/8/3pP3/8/8/PP3PPP/RN2K2R w - d6 0 12");
        let image = mirrored(&position).expect("no castling rights");
        assert_eq!(
            image.fen(),
            "r2k3r/pp3pp1/8/3Pp3/8/8/PPP3PP/R2K2NR w - e6 0 12"
        );
        assert_eq!(mirrored(&image), Some(position));
        assert_eq!(mirrored(&fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")), None);
    }
}
