//! Property tests of the text parsers: FEN (rule 7.2) and move notation
//! (rule 7.1).
//!
//! - Any string given to a parser returns `Ok` or `Err`, never panics;
//!   a FEN it accepts prints a FEN that reads back as the same position,
//!   and a move it accepts is legal.
//! - Positions reached by random legal moves print a FEN that reads back
//!   as the same position, and each legal move there reads back from its
//!   text.
//!
//! 1024 cases per property: under a second for the file in the `ci`
//! profile; `PROPTEST_CASES=10000` runs a deeper search.

use leiserchess::notation::parse_syntax;
use leiserchess::{Leiserchess, Move, START_FEN};
use proptest::prelude::{
    any, prop, prop_assert, prop_assert_eq, prop_oneof, proptest, ProptestConfig,
};
use proptest::sample::Index;
use proptest::strategy::Strategy;
use proptest::test_runner::TestCaseError;
use search::Rules;

/// Where random games start: the start position and positions of the
/// perft suite (packed pieces with many swaps, a ko at the root, a king
/// zap available at once).
const STARTS: [&str; 5] = [
    START_FEN,
    "7ss/8/2nesw4/2NWsenw3/3SEse3/2swNE4/8/NN7 W",
    "ss2ne4/3se4/3sesw3/3se2NW1/6NE1/2nw1SESE2/4SW3/4SE1NWNN B",
    "ww7/5SE2/NWne1se2se1/5SW2/2ne1NWsw2/3nw4/8/2NW4NN B",
    "ss7/8/8/8/2NW5/8/8/WW7 W",
];

/// The characters a FEN is made of, for strings that get past the first
/// checks of the parser.
const FEN_CHARS: &str = "NSEWnsew12345678/ WB";

fn legal(g: &Leiserchess) -> Vec<Move> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves
}

/// Plays the moves `path` picks (each index chooses among the legal moves)
/// from `start`, until a king is zapped (no move is left then). Returns
/// every game on the way, the start included.
fn play(start: &str, path: &[Index]) -> Vec<Leiserchess> {
    let mut g = Leiserchess::from_fen(start).expect("start FEN");
    let mut seen = vec![g.clone()];
    for pick in path {
        let moves = legal(&g);
        if moves.is_empty() {
            break;
        }
        g.make(moves[pick.index(moves.len())]);
        seen.push(g.clone());
    }
    seen
}

/// A random game: a start position and up to 100 move choices.
fn game() -> impl Strategy<Value = (&'static str, Vec<Index>)> {
    (
        prop::sample::select(&STARTS[..]),
        prop::collection::vec(any::<Index>(), 0..100),
    )
}

/// The last position of a random game, with its history (for ko).
fn position() -> impl Strategy<Value = Leiserchess> {
    game().prop_map(|(start, path)| play(start, &path).pop().expect("the start"))
}

/// Whether a FEN can describe the game: not once a king is zapped, since a
/// FEN needs both kings (rule 7.2).
fn has_both_kings(g: &Leiserchess) -> bool {
    g.position().zapped_king().is_none()
}

/// Groups of characters that can stand in for each other in a FEN: an
/// edit within a group keeps the text close to a FEN (a piece turned or a
/// run of empty squares changed), so that many edits are accepted and the
/// checks after parsing run.
const FEN_CLASSES: [&str; 3] = ["NSEW", "nsew", "12345678"];

/// One edit of a text.
#[derive(Clone, Debug)]
enum Edit {
    /// At a place, put a character.
    Replace(Index, char),
    /// At a place, put a character of the same class as the one there.
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
    (
        position().prop_filter("a FEN needs both kings", has_both_kings),
        edits(FEN_CHARS),
    )
        .prop_map(|(g, e)| apply(&g.fen(), &e, &FEN_CLASSES))
}

/// A position and, usually, the text of one of its legal moves, edited or
/// not.
fn move_text() -> impl Strategy<Value = (Leiserchess, String)> {
    (
        position(),
        any::<Index>(),
        prop::option::of(edits("abcdefgh12345678LRU")),
    )
        .prop_map(|(g, pick, e)| {
            let moves = legal(&g);
            let text = if moves.is_empty() {
                String::new()
            } else {
                moves[pick.index(moves.len())].to_string()
            };
            let text = match e {
                Some(e) => apply(&text, &e, &["abcdefgh", "12345678", "LRU"]),
                None => text,
            };
            (g, text)
        })
}

/// The FEN of `g` reads back as the same board and side to move.
fn check_fen_round_trip(g: &Leiserchess) -> Result<(), TestCaseError> {
    let fen = g.fen();
    let back = Leiserchess::from_fen(&fen);
    prop_assert!(back.is_ok(), "{}: {:?}", fen, back.err());
    let back = back.expect("checked");
    prop_assert_eq!(back.position().board(), g.position().board(), "{}", fen);
    prop_assert_eq!(back.side_to_move(), g.side_to_move(), "{}", fen);
    prop_assert_eq!(back.hash(), g.hash(), "{}", fen);
    prop_assert_eq!(back.fen(), fen);
    Ok(())
}

/// What must hold for every FEN the parser accepts: it round-trips, and
/// its moves can be generated and read back from their text.
fn check_accepted(g: &Leiserchess) -> Result<(), TestCaseError> {
    check_fen_round_trip(g)?;
    for mv in legal(g) {
        prop_assert_eq!(
            g.parse_move(&mv.to_string()),
            Ok(mv),
            "{} in {}",
            mv,
            g.fen()
        );
    }
    Ok(())
}

/// A move the parser returned must be one of the legal moves, and its own
/// text must read back as it.
fn check_parsed_move(g: &Leiserchess, mv: Move) -> Result<(), TestCaseError> {
    prop_assert!(legal(g).contains(&mv), "{} in {}", mv, g.fen());
    prop_assert_eq!(g.parse_move(&mv.to_string()), Ok(mv));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn any_string_is_a_fen_or_an_error(text in any::<String>()) {
        if let Ok(g) = Leiserchess::from_fen(&text) {
            check_accepted(&g)?;
        }
    }

    #[test]
    fn fen_like_strings_are_a_fen_or_an_error(
        text in "\\s?([1-8]|[NnSs][WwEe]|NN|EE|SS|WW|nn|ee|ss|ww){0,12}(/([1-8]|[NnSs][WwEe]|NN|EE|SS|WW|nn|ee|ss|ww){0,12}){0,8} [WB]\\s?",
    ) {
        if let Ok(g) = Leiserchess::from_fen(&text) {
            check_accepted(&g)?;
        }
    }

    #[test]
    fn edited_fens_are_a_fen_or_an_error(text in edited_fen()) {
        if let Ok(g) = Leiserchess::from_fen(&text) {
            check_accepted(&g)?;
        }
    }

    #[test]
    fn fens_of_random_games_read_back_as_the_same_position((start, path) in game()) {
        for g in play(start, &path).iter().filter(|g| has_both_kings(g)) {
            check_fen_round_trip(g)?;
        }
    }

    #[test]
    fn legal_moves_read_back_from_their_text(g in position()) {
        for mv in legal(&g) {
            let text = mv.to_string();
            prop_assert_eq!(parse_syntax(&text), Ok(mv), "{} in {}", text, g.fen());
            if g.outcome().is_none() {
                prop_assert_eq!(g.parse_move(&text), Ok(mv), "{} in {}", text, g.fen());
            }
        }
    }

    #[test]
    fn any_string_is_a_legal_move_or_an_error(g in position(), text in any::<String>()) {
        let _ = parse_syntax(&text);
        if let Ok(mv) = g.parse_move(&text) {
            check_parsed_move(&g, mv)?;
        }
    }

    #[test]
    fn move_like_strings_are_a_legal_move_or_an_error(
        g in position(),
        text in "[a-i][0-9]([a-i][0-9]){0,2}[LRUlru]?",
    ) {
        // Syntax alone: a move that reads prints as it was written.
        if let Ok(mv) = parse_syntax(&text) {
            prop_assert_eq!(mv.to_string(), text.clone());
        }
        if let Ok(mv) = g.parse_move(&text) {
            check_parsed_move(&g, mv)?;
            prop_assert_eq!(mv.to_string(), text);
        }
    }

    #[test]
    fn edited_moves_are_a_legal_move_or_an_error((g, text) in move_text()) {
        if let Ok(mv) = parse_syntax(&text) {
            prop_assert_eq!(mv.to_string(), text.clone());
        }
        if let Ok(mv) = g.parse_move(&text) {
            check_parsed_move(&g, mv)?;
            prop_assert_eq!(mv.to_string(), text);
        }
    }
}
