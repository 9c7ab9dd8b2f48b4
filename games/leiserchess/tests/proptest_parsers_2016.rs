//! Property tests of the 2016 parsers, FEN (rule 7.2) and moves (rule
//! 7.1): any text gives a position or a move, or an error, and never a
//! panic; what is accepted reads back as itself, and an accepted move is
//! legal.

use leiserchess::v2016::START_FEN;
use leiserchess::Leiserchess2016;
use proptest::prelude::{any, prop, prop_assert, prop_assert_eq, proptest, ProptestConfig};
use proptest::sample::Index;
use search::Rules;

/// The game after the moves `path` picks among the legal ones.
fn play(path: &[Index]) -> Leiserchess2016 {
    let mut g = Leiserchess2016::startpos();
    for pick in path {
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        g.make(moves[pick.index(moves.len())]);
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn any_text_is_a_fen_or_an_error(text in any::<String>()) {
        if let Ok(g) = Leiserchess2016::from_fen(&text) {
            prop_assert_eq!(Leiserchess2016::from_fen(&g.fen()).map(|h| h.fen()), Ok(g.fen()));
        }
    }

    #[test]
    fn fen_like_text_is_a_fen_or_an_error(text in "[NSEWnsew1-9/ WBwb]{0,80}") {
        if let Ok(g) = Leiserchess2016::from_fen(&text) {
            prop_assert_eq!(Leiserchess2016::from_fen(&g.fen()).map(|h| h.fen()), Ok(g.fen()));
        }
    }

    #[test]
    fn move_like_text_is_a_legal_move_or_an_error(
        path in prop::collection::vec(any::<Index>(), 0..60),
        text in "[a-iA-I0-9RULrulx ]{0,7}",
    ) {
        let g = play(&path);
        if let Ok(mv) = g.parse_move(&text) {
            let mut legal = Vec::new();
            g.legal_moves(&mut legal);
            prop_assert!(legal.contains(&mv), "{} in {}", text, g.fen());
        }
    }

    #[test]
    fn legal_moves_read_back_from_their_text(path in prop::collection::vec(any::<Index>(), 0..60)) {
        let g = play(&path);
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        for mv in legal {
            prop_assert_eq!(g.parse_move(&mv.to_string()), Ok(mv));
            prop_assert_eq!(g.parse_move(&mv.to_string().to_lowercase()), Ok(mv));
        }
        if g.position().zapped_king().is_none() {
            prop_assert_eq!(Leiserchess2016::from_fen(&g.fen()).map(|h| h.fen()), Ok(g.fen()));
        }
        prop_assert!(Leiserchess2016::from_fen(START_FEN).is_ok());
    }
}
