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
    /// A move written with ranks 1 to 8, as this project wrote records
    /// before it took MIT's numbering: it names rank 8, or it is illegal
    /// while `renamed` (every rank one lower) is legal.
    #[error(
        "'{text}' is not a move here{}: ranks are numbered 0 to 7 (rule 1.1); \
         a record written with ranks 1 to 8 (this project's notation before it \
         took MIT's) can be converted with `autotester convert OLD.pgn NEW.pgn`",
        renamed.as_ref().map(|r| format!(", but '{r}' is")).unwrap_or_default()
    )]
    OldNumbering {
        text: String,
        renamed: Option<String>,
    },
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

/// `text` with every rank one lower (`h1L` → `h0L`): a move of a record
/// written with ranks 1 to 8 in today's numbering (rule 1.1). `None` when
/// `text` names a rank 0 or 9, or nothing that looks like a square.
pub fn from_old_numbering(text: &str) -> Option<String> {
    let text = text.trim();
    let mut out = String::with_capacity(text.len());
    let mut squares = 0;
    let mut after_file = false;
    for c in text.chars() {
        if after_file && c.is_ascii_digit() {
            if !('1'..='8').contains(&c) {
                return None;
            }
            out.push((c as u8 - 1) as char);
            squares += 1;
        } else {
            out.push(c);
        }
        after_file = ('a'..='h').contains(&c.to_ascii_lowercase());
    }
    (squares > 0).then_some(out)
}

/// Whether `text` names a square on rank 8, which only the old numbering
/// has.
pub fn names_rank_8(text: &str) -> bool {
    text.as_bytes()
        .windows(2)
        .any(|w| (b'a'..=b'h').contains(&w[0].to_ascii_lowercase()) && w[1] == b'8')
}

#[cfg(test)]
mod tests {
    use super::{from_old_numbering, names_rank_8};

    #[test]
    fn old_numbering_is_one_rank_higher() {
        assert_eq!(from_old_numbering("h1L").as_deref(), Some("h0L"));
        assert_eq!(from_old_numbering(" d5e4f5 ").as_deref(), Some("d4e3f4"));
        assert_eq!(from_old_numbering("a8a7").as_deref(), Some("a7a6"));
        assert_eq!(from_old_numbering("h0L"), None, "rank 0 is today's");
        assert_eq!(from_old_numbering("zz"), None);
        assert!(names_rank_8("g7h8") && names_rank_8("A8R"));
        assert!(!names_rank_8("h7h6") && !names_rank_8("88"));
    }
}
