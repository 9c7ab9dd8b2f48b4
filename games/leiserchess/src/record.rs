//! PGN-style game records (rule 7.4).

use search::{Outcome, Rules, Side};

use crate::fen::{FenError, START_FEN};
use crate::game::Leiserchess;
use crate::moves::Move;

/// Why a record could not be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("bad start position: {0}")]
    Fen(#[from] FenError),
    #[error("move {number} ({mv}) is not legal in that position")]
    IllegalMove { number: usize, mv: String },
}

/// The tags every record carries first, in this order (rule 7.4).
const SEVEN_TAGS: [&str; 5] = ["Event", "White", "Black", "Result", "TimeControl"];

/// Writes a record: tag pairs (`Event`, `White`, `Black`, `Result`,
/// `TimeControl`, then `FEN` when not the start position, then any other
/// tags given), the numbered move list and the result (`*` when `result`
/// is `None`). Every move is checked for legality by replaying the game.
pub fn write_record(
    start_fen: &str,
    moves: &[Move],
    result: Option<Outcome>,
    tags: &[(&str, &str)],
) -> Result<String, RecordError> {
    let mut game = Leiserchess::from_fen(start_fen)?;
    let start = game.fen();
    let result_str = result.map_or("*", |o| o.result_str());

    let mut out = String::new();
    let lookup = |name: &str| {
        tags.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|&(_, v)| v)
    };
    for name in SEVEN_TAGS {
        let value = if name == "Result" {
            result_str
        } else {
            lookup(name).unwrap_or("?")
        };
        push_tag(&mut out, name, value);
    }
    if start != START_FEN {
        push_tag(&mut out, "FEN", &start);
    }
    for &(name, value) in tags {
        let known = SEVEN_TAGS.iter().any(|t| t.eq_ignore_ascii_case(name))
            || name.eq_ignore_ascii_case("FEN");
        if !known {
            push_tag(&mut out, name, value);
        }
    }
    out.push('\n');

    let mut tokens = Vec::with_capacity(moves.len() * 2 + 1);
    let mut number = 1;
    let mut legal = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        legal.clear();
        game.legal_moves(&mut legal);
        if !legal.contains(&mv) {
            return Err(RecordError::IllegalMove {
                number: i + 1,
                mv: mv.to_string(),
            });
        }
        match game.side_to_move() {
            Side::White => tokens.push(format!("{number}.")),
            Side::Black if i == 0 => tokens.push(format!("{number}...")),
            Side::Black => {}
        }
        tokens.push(game.move_to_record(mv));
        if game.side_to_move() == Side::Black {
            number += 1;
        }
        game.make(mv);
    }
    tokens.push(result_str.to_string());

    // Wrap the move text at 80 columns, as PGN readers expect.
    let mut line_len = 0;
    for token in tokens {
        if line_len > 0 && line_len + 1 + token.len() > 80 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        line_len += token.len();
        out.push_str(&token);
    }
    out.push('\n');
    Ok(out)
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}
