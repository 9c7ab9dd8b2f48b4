//! Reading moves in the notation of rule 7.1 (writing is `Move`'s
//! Display): `e1R`, `h3g4` (a shift or a swap: the board tells which),
//! `h0h0` (the null move). Letter case does not matter.

use crate::board::Board;
use crate::notation::{adjacent, shaped, square, MoveError};
use crate::piece::Rotation;

use super::moves::{Kind, Move};

/// Parses move text into a move, checking only its shape (squares exist,
/// a step goes to a neighbour) and reading a step as a swap when `board`
/// has a piece on its target; legality is not checked.
pub fn parse(board: &Board, text: &str) -> Result<Move, MoveError> {
    let text = shaped(text, 3..=4, MoveError::Syntax2016)?.to_ascii_lowercase();
    let from = square(&text[0..2])?;
    let rest = &text[2..];
    if let [letter] = rest.as_bytes() {
        let c = char::from(*letter).to_ascii_uppercase();
        let rotation = Rotation::from_letter(c).ok_or(MoveError::BadRotation(c))?;
        return Ok(Move::new(from, Kind::Rotate(rotation)));
    }
    let to = square(rest)?;
    if to == from {
        return Ok(Move::new(from, Kind::Null));
    }
    let dir = adjacent(from, to)?;
    Ok(if board.piece_on(to).is_empty() {
        Move::new(from, Kind::Shift(dir))
    } else {
        Move::new(from, Kind::Swap(dir))
    })
}
