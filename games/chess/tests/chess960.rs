//! Chess960 (issue 40): perft against published counts
//! (tests/data/chess960.epd), the 960 start positions, Shredder-FEN and
//! X-FEN castling fields, king-takes-rook notation and the `UCI_Chess960`
//! option, castling where king or rook barely move, and random games
//! whose castling moves are checked against a literal reading of the
//! rules.
//!
//! Whether castling is written king takes rook belongs to each game
//! ([`chess::Chess::set_chess960`]), not to the process: a web GUI or a
//! referee holds games of both kinds at once.

mod common;

use common::{engine, Case};

use chess::{
    chess960, legal_moves, perft, CastleSide, Color, Move, MoveKind, Position, Role, Square,
    STARTING_FEN,
};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// Depths with more leaves than this are skipped: every position's depth
/// 5 fits (the largest is 11.3 million), depth 6 does not, and the whole
/// file takes a few seconds in the `ci` profile.
const NODE_BUDGET: u64 = 12_000_000;

fn cases() -> Vec<Case> {
    common::cases(include_str!("data/chess960.epd"))
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn chess960_perft_matches_published_counts() {
    let cases = cases();
    assert_eq!(cases.len(), 17);
    let mut deep = 0;
    for case in &cases {
        let pos = position(&case.fen);
        for &(depth, expected) in &case.counts {
            if expected > NODE_BUDGET {
                continue;
            }
            assert_eq!(perft(&pos, depth), expected, "{} depth {depth}", case.fen);
            deep += usize::from(depth >= 5);
        }
    }
    assert!(deep >= 10, "only {deep} counts at depth 5 or more ran");
}

#[test]
fn the_960_start_positions_are_distinct_and_follow_the_rules() {
    let mut seen = std::collections::HashSet::new();
    for number in 0..chess960::COUNT {
        let rank = chess960::back_rank(number).expect("a start number");
        let files = |role| (0..8).filter(move |&f| rank[f] == role);
        let bishops: Vec<usize> = files(Role::Bishop).collect();
        let rooks: Vec<usize> = files(Role::Rook).collect();
        let king = files(Role::King).next().expect("a king");
        assert_eq!(bishops.len(), 2);
        assert_ne!(
            bishops[0] % 2,
            bishops[1] % 2,
            "bishops on one colour in {number}"
        );
        assert!(
            rooks[0] < king && king < rooks[1],
            "king not between rooks in {number}"
        );
        assert_eq!(files(Role::Knight).count(), 2);
        assert_eq!(files(Role::Queen).count(), 1);
        assert!(seen.insert(rank), "{number} repeats an earlier start");

        let fen = chess960::fen(number).expect("a start number");
        let pos = Position::chess960(number).expect("a start position");
        assert_eq!(pos.fen(), fen, "X-FEN of {number}");
        assert_eq!(
            position(&pos.shredder_fen()),
            pos,
            "Shredder-FEN of {number}"
        );
        // Sixteen pawn moves; castling only where king and rook swap (king
        // f1 and rook g1, or king d1 and rook c1): elsewhere the squares
        // they would land on hold other pieces.
        let moves = legal_moves(&pos);
        let pawn_moves = moves
            .iter()
            .filter(|m| pos.role_at(m.from()) == Some(Role::Pawn));
        assert_eq!(pawn_moves.count(), 16, "{fen}");
        let castles = moves.iter().filter(|m| m.is_castle()).count();
        let swaps =
            usize::from(king == 5 && rooks[1] == 6) + usize::from(king == 3 && rooks[0] == 2);
        assert_eq!(castles, swaps, "{fen}");
    }
    assert_eq!(
        chess960::fen(chess960::STANDARD).as_deref(),
        Some(STARTING_FEN)
    );
    assert_eq!(
        Position::chess960(chess960::STANDARD),
        Some(Position::startpos())
    );
    assert_eq!(chess960::fen(960), None);
}

#[test]
fn shredder_and_x_fen_read_and_write_the_same_rights() {
    // Standard chess: KQkq out, and HAha read as the same position.
    let start = Position::startpos();
    assert_eq!(start.fen(), STARTING_FEN);
    assert!(!start.is_chess960());
    let shredder = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
    assert_eq!(start.shredder_fen(), shredder);
    assert_eq!(position(shredder), start);

    // Every suite position: its Shredder-FEN reads and writes back, and its
    // X-FEN reads back as the same position (and hash).
    for case in cases() {
        let pos = position(&case.fen);
        assert_eq!(pos.shredder_fen(), case.fen);
        let x_fen = position(&pos.fen());
        assert_eq!(x_fen, pos, "{}", pos.fen());
        assert_eq!(x_fen.hash(), pos.hash());
    }
    let suite_first = position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    assert!(suite_first.is_chess960());
    assert_eq!(
        suite_first.fen(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
    );

    // X-FEN: K is the outermost rook; an inner one is named by its file.
    let outer = position("4k3/8/8/8/8/8/8/4KR1R w K - 0 1");
    assert_eq!(
        outer.castle_rook(Color::White, CastleSide::King),
        Some(Square::H1)
    );
    assert_eq!(outer.fen(), "4k3/8/8/8/8/8/8/4KR1R w K - 0 1");
    let inner = position("4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
    assert_eq!(
        inner.castle_rook(Color::White, CastleSide::King),
        Some(Square::F1)
    );
    assert_eq!(inner.fen(), "4k3/8/8/8/8/8/8/4KR1R w F - 0 1");
    assert_eq!(inner.shredder_fen(), inner.fen());
    // The same board with different castling rooks is a different position.
    assert_ne!(outer, inner);
    assert_ne!(outer.hash(), inner.hash());
    // Black's letters are lower case, the queen side's rook west of the king.
    let black = position("1r2k1r1/8/8/8/8/8/8/4K3 w bg - 0 1");
    assert_eq!(
        black.castle_rook(Color::Black, CastleSide::Queen),
        Some(Square::new(57).expect("b8"))
    );
    assert_eq!(black.fen(), "1r2k1r1/8/8/8/8/8/8/4K3 w kq - 0 1");
    assert_eq!(black.shredder_fen(), "1r2k1r1/8/8/8/8/8/8/4K3 w gb - 0 1");
}

#[test]
fn malformed_castling_fields_are_errors() {
    use chess::FenError::{BadCastling, CastlingWithoutPieces};
    let board = "r3k2r/8/8/8/8/8/8/R3K2R";
    for (field, expected) in [
        ("KK", BadCastling("KK".into())),
        ("KH", BadCastling("KH".into())),
        ("Hx", BadCastling("Hx".into())),
        ("K-", BadCastling("K-".into())),
        ("I", BadCastling("I".into())),
        ("QAq", BadCastling("QAq".into())),
        ("E", CastlingWithoutPieces('E')),
        ("B", CastlingWithoutPieces('B')),
        ("c", CastlingWithoutPieces('c')),
    ] {
        let fen = format!("{board} w {field} - 0 1");
        assert_eq!(Position::from_fen(&fen), Err(expected), "{fen}");
    }
    // No king on the first rank, or no rook on that side.
    for fen in [
        "4k3/8/8/8/8/8/4K3/R6R w K - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w K - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w Q - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w H - 0 1",
    ] {
        assert!(
            matches!(Position::from_fen(fen), Err(CastlingWithoutPieces(_))),
            "{fen}"
        );
    }
    // Every short field over a few boards is a position or an error, never
    // a panic, and what reads writes back as the same position.
    let alphabet: Vec<char> = "KQkqABEHabehx-".chars().collect();
    let boards = [
        board,
        "1r2k1r1/8/8/8/8/8/8/RK5R",
        "rk5r/8/8/8/8/8/8/2K5",
        "8/8/8/8/8/8/8/8",
    ];
    for board in boards {
        for a in &alphabet {
            for b in &alphabet {
                for c in ["", "H", "q", "a"] {
                    let fen = format!("{board} w {a}{b}{c} - 0 1");
                    if let Ok(pos) = Position::from_fen(&fen) {
                        assert_eq!(position(&pos.fen()), pos, "{fen}");
                        assert_eq!(position(&pos.shredder_fen()), pos, "{fen}");
                    }
                }
            }
        }
    }
}

/// The castling move `pos` has on `side`, if legal.
fn castle(pos: &Position, side: CastleSide) -> Option<Move> {
    let kind = match side {
        CastleSide::King => MoveKind::KingCastle,
        CastleSide::Queen => MoveKind::QueenCastle,
    };
    legal_moves(pos).into_iter().find(|m| m.kind() == kind)
}

fn after(pos: &Position, mv: Move) -> Position {
    let mut next = *pos;
    next.play_unchecked(mv);
    assert_eq!(next.hash(), next.compute_hash(), "hash after {mv}");
    next
}

#[test]
fn castling_is_written_king_takes_rook_for_chess960() {
    let pos = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = castle(&pos, CastleSide::King).expect("O-O");
    let long = castle(&pos, CastleSide::Queen).expect("O-O-O");
    assert_eq!(
        (short.uci(false), short.uci(true)),
        ("e1g1".into(), "e1h1".into())
    );
    assert_eq!(
        (long.uci(false), long.uci(true)),
        ("e1c1".into(), "e1a1".into())
    );
    // Each mode reads its own form only (as Stockfish): a text names one move.
    assert_eq!(pos.parse_uci_with("e1h1", true), Ok(short));
    assert_eq!(pos.parse_uci_with("e1a1", true), Ok(long));
    assert!(pos.parse_uci_with("e1g1", true).is_err());
    assert_eq!(pos.parse_uci_with("e1g1", false), Ok(short));
    assert!(pos.parse_uci_with("e1h1", false).is_err());
    // Display is the standard form; reading takes either form.
    assert_eq!(short.to_string(), "e1g1");
    assert_eq!(pos.parse_uci("e1g1"), Ok(short));
    assert_eq!(pos.parse_uci("e1h1"), Ok(short));
    assert_eq!(pos.parse_uci("e1a1"), Ok(long));
    assert_eq!(
        (pos.san(short), pos.san(long)),
        ("O-O".into(), "O-O-O".into())
    );
    assert_eq!(short.to(), Square::G1);
    assert_eq!(short.castle_rook(), Some(Square::H1));

    // King d1, rook a1: `d1c1` is the king's step, so O-O-O is `d1a1`
    // even without the option.
    let pos = position("4k3/8/8/8/8/8/8/R2K4 w A - 0 1");
    let long = castle(&pos, CastleSide::Queen).expect("O-O-O");
    assert_eq!(
        (long.uci(false), long.uci(true)),
        ("d1a1".into(), "d1a1".into())
    );
    let step = pos.parse_uci_with("d1c1", false).expect("Kc1");
    assert!(!step.is_castle());
    assert_eq!(pos.parse_uci_with("d1a1", false), Ok(long));
    assert_eq!(pos.san(long), "O-O-O");
    assert_eq!(pos.parse_san("O-O-O"), Ok(long));
    assert_eq!(pos.parse_san("Kc1"), Ok(step));
}

#[test]
fn king_on_b1_castles_with_the_rook_on_a1_and_h1() {
    let pos = position("1k6/8/8/8/8/8/8/RK5R w HA - 0 1");
    // O-O-O: the king steps to c1 and the rook jumps over b1 to d1.
    let long = castle(&pos, CastleSide::Queen).expect("O-O-O");
    assert_eq!(long.uci(true), "b1a1");
    let next = after(&pos, long);
    assert_eq!(next.fen(), "1k6/8/8/8/8/8/8/2KR3R b - - 1 1");
    // O-O: the king crosses five squares to g1, the rook goes to f1.
    let short = castle(&pos, CastleSide::King).expect("O-O");
    assert_eq!(short.uci(true), "b1h1");
    assert_eq!(after(&pos, short).fen(), "1k6/8/8/8/8/8/8/R4RK1 b - - 1 1");
    // A black rook on e8 sees e1, which the king would cross: no O-O.
    let guarded = position("1k2r3/8/8/8/8/8/8/RK5R w HA - 0 1");
    assert!(castle(&guarded, CastleSide::King).is_none());
    assert!(castle(&guarded, CastleSide::Queen).is_some());
    // A piece on d1, where the rook lands, blocks O-O-O.
    assert!(castle(
        &position("1k6/8/8/8/8/8/8/RK1N3R w HA - 0 1"),
        CastleSide::Queen
    )
    .is_none());
}

#[test]
fn castling_where_king_or_rook_stays_or_they_swap() {
    // King g1, rook h1: the king stays, the rook goes to f1.
    let pos = position("6k1/8/8/8/8/8/8/6KR w H - 0 1");
    let short = castle(&pos, CastleSide::King).expect("O-O");
    assert_eq!(
        (short.uci(false), short.uci(true)),
        ("g1h1".into(), "g1h1".into())
    );
    assert_eq!(after(&pos, short).fen(), "6k1/8/8/8/8/8/8/5RK1 b - - 1 1");
    // King f1, rook g1: they swap.
    let pos = position("k7/8/8/8/8/8/8/5KR1 w G - 0 1");
    let short = castle(&pos, CastleSide::King).expect("O-O");
    assert_eq!(after(&pos, short).fen(), "k7/8/8/8/8/8/8/5RK1 b - - 1 1");
    // King e1, rook d1: the rook stays, the king crosses it to c1.
    let pos = position("6k1/8/8/8/8/8/8/3RK3 w D - 0 1");
    let long = castle(&pos, CastleSide::Queen).expect("O-O-O");
    assert_eq!(after(&pos, long).fen(), "6k1/8/8/8/8/8/8/2KR4 b - - 1 1");
    // King c1, rook b1 shielding it from a queen on a1: once the rook has
    // gone to d1 the king on c1 would be in check, so no O-O-O.
    let pinned = position("6k1/8/8/8/8/8/8/qRK5 w B - 0 1");
    assert!(castle(&pinned, CastleSide::Queen).is_none());
    let knight = position("6k1/8/8/8/8/8/8/nRK5 w B - 0 1");
    let long = castle(&knight, CastleSide::Queen).expect("O-O-O past a knight");
    assert_eq!(
        after(&knight, long).fen(),
        "6k1/8/8/8/8/8/8/n1KR4 b - - 1 1"
    );
}

/// The castling moves by a literal reading of the Chess960 rules, slowly:
/// the right is held; every square between the king and its destination
/// and between the rook and its destination (both included) is empty but
/// for that king and rook; the king is not in check, crosses and lands on
/// no square attacked in the position as it is; and it is not in check
/// once king and rook stand on their new squares.
fn reference_castles(pos: &Position) -> Vec<Move> {
    let us = pos.side_to_move();
    let mut out = Vec::new();
    if pos.in_check() {
        return out;
    }
    let king = pos.king(us);
    for side in CastleSide::BOTH {
        let Some(rook) = pos.castle_rook(us, side) else {
            continue;
        };
        let (king_to, rook_to) = side.destinations(us);
        let span = |a: Square, b: Square| {
            let (lo, hi) = (a.index().min(b.index()), a.index().max(b.index()));
            (lo..=hi).map(|i| Square::new(i as u8).expect("a square"))
        };
        let blocked = span(king, king_to)
            .chain(span(rook, rook_to))
            .any(|sq| sq != king && sq != rook && pos.piece_at(sq).is_some());
        let crossed_attacked =
            span(king, king_to).any(|sq| sq != king && pos.is_attacked(sq, !us, pos.occupied()));
        if blocked || crossed_attacked {
            continue;
        }
        let kind = match side {
            CastleSide::King => MoveKind::KingCastle,
            CastleSide::Queen => MoveKind::QueenCastle,
        };
        let mv = Move::new(king, rook, kind);
        let mut next = *pos;
        next.play_unchecked(mv);
        if !next.is_attacked(next.king(us), !us, next.occupied()) {
            out.push(mv);
        }
    }
    out
}

/// Random games from the suite's positions and some start positions,
/// preferring castling: at every position the generator's castling moves
/// equal the literal reading's; every move reads back from its UCI texts
/// (both modes) and SAN; FENs in both forms read back as the position.
#[test]
fn random_chess960_games_agree_with_the_literal_rules() {
    let mut rng = StdRng::seed_from_u64(960);
    let mut starts: Vec<Position> = cases().iter().map(|c| position(&c.fen)).collect();
    starts.extend([0, 1, 518, 600, 959].map(|n| Position::chess960(n).expect("start")));
    let (mut positions, mut castles) = (0, 0);
    for game in 0..200 {
        let mut pos = starts[game % starts.len()];
        for _ply in 0..80 {
            let moves = legal_moves(&pos);
            let mut ours: Vec<Move> = moves.iter().copied().filter(|m| m.is_castle()).collect();
            let mut reference = reference_castles(&pos);
            ours.sort_by_key(|m| m.bits());
            reference.sort_by_key(|m| m.bits());
            assert_eq!(ours, reference, "castling in {}", pos.shredder_fen());
            check_texts(&pos, &moves);
            positions += 1;
            let castle = ours.choose(&mut rng).filter(|_| rng.gen_bool(0.9));
            let Some(&mv) = castle.or_else(|| moves.choose(&mut rng)) else {
                break;
            };
            castles += usize::from(mv.is_castle());
            pos = after(&pos, mv);
        }
    }
    assert!(
        positions > 10_000 && castles > 100,
        "{positions} positions, {castles} castles"
    );
}

fn check_texts(pos: &Position, moves: &[Move]) {
    for &mv in moves {
        for chess960 in [false, true] {
            let text = mv.uci(chess960);
            assert_eq!(
                pos.parse_uci_with(&text, chess960),
                Ok(mv),
                "{text} in {}",
                pos.fen()
            );
            // Reading either form never finds another legal move.
            assert_eq!(pos.parse_uci(&text), Ok(mv), "{text} in {}", pos.fen());
        }
        assert_eq!(
            pos.parse_san(&pos.san(mv)),
            Ok(mv),
            "{mv:?} in {}",
            pos.fen()
        );
    }
    for fen in [pos.fen(), pos.shredder_fen()] {
        assert_eq!(position(&fen), *pos, "{fen}");
    }
}

#[test]
fn uci_chess960_option_switches_castling_to_king_takes_rook() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let out = engine("uci\nquit\n");
    assert!(
        out.contains("option name UCI_Chess960 type check default false"),
        "{out}"
    );
    let out = engine(&format!("position fen {fen}\ngo perft 1\n"));
    assert!(out.contains("e1g1: 1") && out.contains("e1c1: 1"), "{out}");
    assert!(!out.contains("e1h1"), "{out}");

    let on = "setoption name UCI_Chess960 value true\n";
    let out = engine(&format!("{on}position fen {fen}\ngo perft 1\n"));
    assert!(out.contains("e1h1: 1") && out.contains("e1a1: 1"), "{out}");
    assert!(!out.contains("e1g1"), "{out}");
    let out = engine(&format!("{on}position fen {fen} moves e1h1 e8a8\nd\n"));
    assert!(
        out.contains("Fen: 2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2"),
        "{out}"
    );
    // King b1 takes its rook on a1: the rook jumps over b1 to d1.
    let out = engine(&format!(
        "{on}position fen 1k6/8/8/8/8/8/8/RK5R w HA - 0 1 moves b1a1\nd\n"
    ));
    assert!(
        out.contains("Fen: 1k6/8/8/8/8/8/8/2KR3R b - - 1 1"),
        "{out}"
    );
    // Off again: the standard form.
    let off = "setoption name UCI_Chess960 value false\n";
    let out = engine(&format!("{on}{off}position fen {fen}\ngo perft 1\n"));
    assert!(out.contains("e1g1: 1") && !out.contains("e1h1"), "{out}");
    // The search's lines too, here searching O-O-O only.
    let king_b1 = "1k6/8/8/8/8/8/8/RK5R w HA - 0 1";
    let out = engine(&format!(
        "{on}position fen {king_b1}\ngo depth 2 searchmoves b1a1\n"
    ));
    assert!(out.contains("bestmove b1a1"), "{out}");
    assert!(out.contains(" pv b1a1"), "{out}");
    // The option set after `position` holds for the game already set up.
    let out = engine(&format!("position fen {fen}\n{on}go perft 1\n"));
    assert!(out.contains("e1h1: 1") && !out.contains("e1g1"), "{out}");
}

#[test]
fn games_in_one_process_keep_their_own_castling_notation() {
    use search::Rules;
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut standard = chess::Chess::from_fen(fen).expect("fen");
    let mut chess960 = standard.clone();
    chess960.set_chess960(true);
    let short = castle(standard.position(), CastleSide::King).expect("O-O");
    assert_eq!(standard.move_text(short), "e1g1");
    assert_eq!(chess960.move_text(short), "e1h1");
    // Each reads both forms and goes on writing its own.
    for (game, text) in [(&mut standard, "e1h1"), (&mut chess960, "e1g1")] {
        let mv = game.parse_move(text).expect("castling");
        assert_eq!(mv, short);
        game.make(mv);
    }
    assert!(chess960.is_chess960() && !standard.is_chess960());
}
