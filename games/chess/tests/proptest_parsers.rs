//! Property tests of the text parsers: FEN, UCI move notation and SAN.
//!
//! - Any string given to a parser returns `Ok` or `Err`, never panics;
//!   a FEN it accepts prints a FEN that reads back as the same position,
//!   and a move it accepts is legal.
//! - Positions reached by random legal moves from a few rich start
//!   positions print a FEN that reads back as the same position, and each
//!   legal move there reads back from its UCI and SAN text.
//!
//! 1024 cases per property: under a second for the file in the `ci`
//! profile; `PROPTEST_CASES=10000` runs a deeper search.

use chess::{legal_moves, Move, Position};
use proptest::prelude::{
    any, prop, prop_assert, prop_assert_eq, prop_oneof, proptest, ProptestConfig,
};
use proptest::sample::Index;
use proptest::strategy::Strategy;

/// Where random games start: the start position and the usual perft
/// positions, which have castling, en passant, promotions and pins close.
const STARTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// The characters a FEN is made of, for strings that get past the first
/// checks of the parser.
const FEN_CHARS: &str = "pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0123456789";

/// Plays the moves `path` picks (each index chooses among the legal moves)
/// from `start`; stops early when no move is left. Returns every position
/// on the way, the start included.
fn play(start: &str, path: &[Index]) -> Vec<Position> {
    let mut pos = Position::from_fen(start).expect("start FEN");
    let mut seen = vec![pos];
    for pick in path {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[pick.index(moves.len())]);
        seen.push(pos);
    }
    seen
}

/// A random game: a start position and up to 120 move choices.
fn game() -> impl Strategy<Value = (&'static str, Vec<Index>)> {
    (
        prop::sample::select(&STARTS[..]),
        prop::collection::vec(any::<Index>(), 0..120),
    )
}

/// The last position of a random game.
fn position() -> impl Strategy<Value = Position> {
    game().prop_map(|(start, path)| *play(start, &path).last().expect("the start"))
}

/// Groups of characters that can stand in for each other in a FEN: an
/// edit within a group keeps the text close to a FEN, so that many edits
/// are accepted and the checks after parsing run.
const FEN_CLASSES: [&str; 5] = ["pnbrqkPNBRQK", "12345678", "wb", "KQkq-", "abcdefgh"];

/// One edit of a text: at a place, put a character (or delete it).
#[derive(Clone, Debug)]
enum Edit {
    Replace(Index, char),
    /// A character of the same class as the one replaced.
    Similar(Index, Index),
    Delete(Index),
    Insert(Index, char),
}

fn edits(alphabet: &'static str) -> impl Strategy<Value = Vec<Edit>> {
    let chars: Vec<char> = alphabet.chars().collect();
    let edit = prop_oneof![
        1 => (any::<Index>(), prop::sample::select(chars.clone()))
            .prop_map(|(i, c)| Edit::Replace(i, c)),
        3 => (any::<Index>(), any::<Index>()).prop_map(|(i, j)| Edit::Similar(i, j)),
        1 => any::<Index>().prop_map(Edit::Delete),
        1 => (any::<Index>(), prop::sample::select(chars)).prop_map(|(i, c)| Edit::Insert(i, c)),
    ];
    prop::collection::vec(edit, 1..3)
}

/// `text` with `edits` applied; `classes` say which characters are similar.
fn apply(text: &str, edits: &[Edit], classes: &[&str]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        if chars.is_empty() {
            break;
        }
        match edit {
            Edit::Replace(at, c) => {
                let i = at.index(chars.len());
                chars[i] = *c;
            }
            Edit::Similar(at, pick) => {
                let i = at.index(chars.len());
                if let Some(class) = classes.iter().find(|c| c.contains(chars[i])) {
                    let class: Vec<char> = class.chars().collect();
                    chars[i] = class[pick.index(class.len())];
                }
            }
            Edit::Delete(at) => {
                let i = at.index(chars.len());
                chars.remove(i);
            }
            Edit::Insert(at, c) => {
                let i = at.index(chars.len() + 1);
                chars.insert(i, *c);
            }
        }
    }
    chars.into_iter().collect()
}

/// A FEN of a reachable position with one or two edits.
fn edited_fen() -> impl Strategy<Value = String> {
    (position(), edits(FEN_CHARS)).prop_map(|(pos, e)| apply(&pos.fen(), &e, &FEN_CLASSES))
}

/// A position and, usually, the text of one of its legal moves (in UCI
/// notation, or SAN with `san`), edited or not.
fn move_text(san: bool) -> impl Strategy<Value = (Position, String)> {
    (
        position(),
        any::<Index>(),
        prop::option::of(edits("abcdefgh12345678qrbnkNBRQKxO0-=+#")),
    )
        .prop_map(move |(pos, pick, e)| {
            let moves = legal_moves(&pos);
            let text = if moves.is_empty() {
                String::new()
            } else {
                let mv = moves[pick.index(moves.len())];
                if san {
                    pos.san(mv)
                } else {
                    mv.to_string()
                }
            };
            let classes = ["abcdefgh", "12345678", "qrbnk", "NBRQK", "+#"];
            let text = match e {
                Some(e) => apply(&text, &e, &classes),
                None => text,
            };
            (pos, text)
        })
}

/// What must hold for every FEN the parser accepts: it prints a FEN that
/// reads back as the same position, and moves can be generated and named.
fn check_accepted(pos: &Position) -> Result<(), proptest::test_runner::TestCaseError> {
    let fen = pos.fen();
    let back = Position::from_fen(&fen);
    prop_assert_eq!(back.as_ref(), Ok(pos), "{}", fen);
    prop_assert_eq!(back.map(|p| p.fen()), Ok(fen.clone()));
    for mv in legal_moves(pos) {
        prop_assert_eq!(pos.parse_uci(&mv.to_string()), Ok(mv), "{} in {}", mv, fen);
    }
    Ok(())
}

/// A move the parser returned must be one of the legal moves, and its own
/// texts must read back as it.
fn check_parsed_move(pos: &Position, mv: Move) -> Result<(), proptest::test_runner::TestCaseError> {
    prop_assert!(legal_moves(pos).contains(&mv), "{} in {}", mv, pos.fen());
    prop_assert_eq!(pos.parse_uci(&mv.to_string()), Ok(mv));
    prop_assert_eq!(pos.parse_san(&pos.san(mv)), Ok(mv));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn any_string_is_a_fen_or_an_error(text in any::<String>()) {
        if let Ok(pos) = Position::from_fen(&text) {
            check_accepted(&pos)?;
        }
    }

    #[test]
    fn fen_like_strings_are_a_fen_or_an_error(
        text in "[pnbrqkPNBRQK1-8/]{0,70} [wb] [KQkq-]{1,4} ([a-h][36]|-)( [0-9]{1,3} [0-9]{1,3})?"
    ) {
        if let Ok(pos) = Position::from_fen(&text) {
            check_accepted(&pos)?;
        }
    }

    #[test]
    fn edited_fens_are_a_fen_or_an_error(text in edited_fen()) {
        if let Ok(pos) = Position::from_fen(&text) {
            check_accepted(&pos)?;
        }
    }

    #[test]
    fn fens_of_random_games_read_back_as_the_same_position((start, path) in game()) {
        for pos in play(start, &path) {
            let fen = pos.fen();
            let back = Position::from_fen(&fen);
            prop_assert_eq!(back.as_ref(), Ok(&pos), "{}", fen);
            prop_assert_eq!(back.map(|p| (p.fen(), p.hash())), Ok((fen, pos.hash())));
        }
    }

    #[test]
    fn legal_moves_read_back_from_uci_and_san(pos in position()) {
        for mv in legal_moves(&pos) {
            let uci = mv.to_string();
            let san = pos.san(mv);
            prop_assert_eq!(pos.parse_uci(&uci), Ok(mv), "{} in {}", uci, pos.fen());
            prop_assert_eq!(pos.parse_san(&san), Ok(mv), "{} in {}", san, pos.fen());
        }
    }

    #[test]
    fn any_string_is_a_legal_uci_move_or_an_error(pos in position(), text in any::<String>()) {
        if let Ok(mv) = pos.parse_uci(&text) {
            check_parsed_move(&pos, mv)?;
        }
    }

    #[test]
    fn edited_uci_moves_are_a_legal_move_or_an_error((pos, text) in move_text(false)) {
        if let Ok(mv) = pos.parse_uci(&text) {
            check_parsed_move(&pos, mv)?;
            // Castling reads in either form (king to its square, or king
            // takes rook), so the text is one of the two the move writes.
            prop_assert!(text == mv.uci(false) || text == mv.uci(true), "{} read as {}", text, mv);
        }
    }

    #[test]
    fn any_string_is_a_legal_san_move_or_an_error(pos in position(), text in any::<String>()) {
        if let Ok(mv) = pos.parse_san(&text) {
            check_parsed_move(&pos, mv)?;
        }
    }

    #[test]
    fn edited_san_moves_are_a_legal_move_or_an_error((pos, text) in move_text(true)) {
        if let Ok(mv) = pos.parse_san(&text) {
            check_parsed_move(&pos, mv)?;
        }
    }
}
