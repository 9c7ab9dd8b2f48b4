//! Reading moves in the notation of rule 7.1 (writing is `Move`'s Display).

use crate::moves::{Action, Move};
use crate::piece::Rotation;
use std::ops::RangeInclusive;

use crate::square::{Dir, Square};

/// Why a move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("empty move")]
    Empty,
    #[error("malformed move '{0}': expected e6e7, b3L, d5e4f5 or d5e4L (ranks 0 to 7)")]
    Syntax(String),
    #[error("bad square '{0}'")]
    BadSquare(String),
    #[error("bad rotation '{0}': expected L, R or U")]
    BadRotation(char),
    #[error("{from} and {to} are not adjacent")]
    NotAdjacent { from: Square, to: Square },
    /// A move of the wrong shape in the 2016 notation.
    #[error("malformed move '{0}': expected e1R, h3g4 or h0h0")]
    Syntax2016(String),
    #[error("illegal move '{0}'")]
    Illegal(String),
    #[error("the game is over; no move may be played")]
    GameOver,
}

/// Parses move text into a move, checking only its shape (squares exist
/// and steps are between adjacent squares), not its legality.
pub fn parse_syntax(text: &str) -> Result<Move, MoveError> {
    let text = shaped(text, 3..=6, MoveError::Syntax)?;
    let from = square(&text[0..2])?;
    let rest = &text[2..];
    let (swap, rest) = if rest.len() >= 3 {
        let pivot = square(&rest[0..2])?;
        (Some((pivot, adjacent(from, pivot)?)), &rest[2..])
    } else {
        (None, rest)
    };
    let base = swap.map_or(from, |(p, _)| p);
    let action = match rest.len() {
        1 => {
            let c = rest.chars().next().ok_or(MoveError::Syntax(text.into()))?;
            Action::Rotate(Rotation::from_letter(c).ok_or(MoveError::BadRotation(c))?)
        }
        2 => {
            let to = square(rest)?;
            Action::Shift(adjacent(base, to)?)
        }
        _ => return Err(MoveError::Syntax(text.to_string())),
    };
    Ok(Move::new(from, swap.map(|(_, d)| d), action))
}

/// `text` trimmed, if it is not empty, is ASCII and has a length in
/// `lengths`; else the error, made by `malformed` for a wrong shape.
pub(crate) fn shaped(
    text: &str,
    lengths: RangeInclusive<usize>,
    malformed: fn(String) -> MoveError,
) -> Result<&str, MoveError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveError::Empty);
    }
    if !text.is_ascii() || !lengths.contains(&text.len()) {
        return Err(malformed(text.to_string()));
    }
    Ok(text)
}

/// The square `text` names (rule 1.1).
pub(crate) fn square(text: &str) -> Result<Square, MoveError> {
    Square::parse(text).ok_or_else(|| MoveError::BadSquare(text.to_string()))
}

pub(crate) fn adjacent(from: Square, to: Square) -> Result<Dir, MoveError> {
    Dir::between(from, to).ok_or(MoveError::NotAdjacent { from, to })
}
