//! The 960 start positions of Chess960 (Fischer random chess), numbered
//! 0 to 959 as Reinhard Scharnagl numbered them: number 518 is the
//! standard start, 0 is `BBQNNRKR`.

use crate::position::Position;
use crate::role::Role;

/// How many start positions Chess960 has.
pub const COUNT: u16 = 960;

/// The standard start's number.
pub const STANDARD: u16 = 518;

/// Where the knights go among the five squares left after the bishops and
/// the queen, for each of the ten choices (the digit `n4` of the number).
const KNIGHT_PAIRS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The first rank of start position `number` (0..960), a to h; `None`
/// past 959.
///
/// The number's digits, least significant first: the light-squared
/// bishop's file (b, d, f, h: base 4), the dark-squared bishop's (a, c,
/// e, g: base 4), the queen's among the six squares left (base 6), the
/// knights' pair among the five left (base 10); the rook, king and rook
/// take the last three squares in that order.
pub fn back_rank(number: u16) -> Option<[Role; 8]> {
    if number >= COUNT {
        return None;
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let n = usize::from(number);
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    rank[2 * (n / 4 % 4)] = Some(Role::Bishop);
    let rest = n / 16;
    place_nth_empty(&mut rank, rest % 6, Role::Queen);
    let (first, second) = KNIGHT_PAIRS[rest / 6];
    // The second knight first, so that placing it leaves the first's
    // index among the empty squares unchanged.
    place_nth_empty(&mut rank, second, Role::Knight);
    place_nth_empty(&mut rank, first, Role::Knight);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place_nth_empty(&mut rank, 0, role);
    }
    let mut out = [Role::Pawn; 8];
    for (slot, role) in out.iter_mut().zip(rank) {
        *slot = role.expect("all eight squares are filled");
    }
    Some(out)
}

/// Puts `role` on the `n`-th empty square (from the a-file) of `rank`.
fn place_nth_empty(rank: &mut [Option<Role>; 8], n: usize, role: Role) {
    if let Some(slot) = rank.iter_mut().filter(|s| s.is_none()).nth(n) {
        *slot = Some(role);
    }
}

/// The FEN of start position `number` (0..960), castling in X-FEN
/// (`KQkq`: each side has one rook on each side of its king); `None` past
/// 959. Number 518 gives the standard start.
pub fn fen(number: u16) -> Option<String> {
    let rank = back_rank(number)?;
    let white: String = rank.iter().map(|r| r.upper_char()).collect();
    let black = white.to_ascii_lowercase();
    Some(format!(
        "{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"
    ))
}

impl Position {
    /// Chess960 start position `number` (0..960); `None` past 959.
    pub fn chess960(number: u16) -> Option<Position> {
        let fen = fen(number)?;
        Position::from_fen(&fen).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::STARTING_FEN;

    fn rank_text(number: u16) -> String {
        let rank = back_rank(number).expect("a start number");
        rank.iter().map(|r| r.upper_char()).collect()
    }

    #[test]
    fn known_numbers_give_their_published_ranks() {
        assert_eq!(rank_text(0), "BBQNNRKR");
        assert_eq!(rank_text(518), "RNBQKBNR");
        assert_eq!(rank_text(959), "RKRNNQBB");
        assert_eq!(fen(STANDARD).as_deref(), Some(STARTING_FEN));
        assert_eq!(back_rank(COUNT), None);
        assert_eq!(Position::chess960(COUNT), None);
    }
}
