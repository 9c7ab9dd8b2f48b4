//! The game traits for chess: the seams the search, the UCI driver, the
//! autotester and the web GUI use.

use search::{
    Evaluation, Features, Frontend, GameMove, HistoryIndex, NoisyKey, Outcome, Perft, Rules, Score,
    SearchParams, Searchable, Side, StartVariant, StrengthScale,
};

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::eval::{self, EvalChoice};
use crate::game::{side_of, Chess, CHECKMATE, STALEMATE};
use crate::movegen::{count_legal_moves, generate, push_moves};
use crate::mv::Move;
use crate::notation::MoveParseError;
use crate::perft::perft;
use crate::role::Role;
use crate::see::{self, SEE_VALUES};
use crate::FenError;

impl GameMove for Move {
    #[inline]
    fn to_u16(self) -> u16 {
        self.bits()
    }
}

/// Fixed positions for `bench`: openings, middlegames and endgames.
const BENCH_POSITIONS: [&str; 32] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1 b - - 0 9",
    "r1bq1rk1/pp1nbppp/2p1pn2/3p2B1/2PP4/2N1PN2/PP3PPP/2RQKB1R w K - 0 8",
    "r2q1rk1/1p1nbppp/p2pbn2/4p3/4P3/1NN1BP2/PPPQ2PP/2KR1B1R w - - 5 11",
    "rnb1k2r/ppq1nppp/4p3/2ppP3/3P2Q1/P1P5/2P2PPP/R1B1KBNR w KQkq - 3 8",
    "r1bq1rk1/pppnnpbp/3p2p1/3Pp3/2P1P3/2N5/PP2BPPP/R1BQNRK1 w - - 3 10",
    "r2qkbnr/pp1nppp1/2p4p/7P/3P4/3Q1NN1/PPP2PP1/R1B1K2R b KQkq - 0 10",
    "r1bq1rk1/ppp1bppp/1nn5/4p3/8/2NP1NP1/PP2PPBP/R1BQ1RK1 w - - 1 9",
    "r2qkb1r/pp1n1ppp/2p2n2/4p3/4P1b1/5NP1/PPPN1PBP/R1BQ1RK1 b kq - 0 8",
    "r1bqk2r/ppp2ppp/2n5/3n4/2BP4/1Q3N2/PP1N1PPP/R3K2R b KQkq - 1 10",
    "r1bqk1nr/ppp2ppp/2n5/8/1bBpP3/5N2/PP1N1PPP/R1BQ1RK1 b kq - 4 7",
    "rn2kb1r/pp3ppp/2p1pn2/q4b2/2BP4/2N2N2/PPPBQPPP/R3K2R b KQkq - 1 8",
    "rn1q1rk1/pbp2pp1/1p2pn1p/3p4/2PP3B/P1Q1PP2/1P4PP/R3KBNR b KQ - 0 10",
    "r1b1k2r/ppp1nppp/3p2q1/2b1n3/3NP3/2P1BP2/PP2B1PP/RN1Q1RK1 b kq - 0 10",
    "r1bq1rk1/pp2npbp/2npp1p1/2p5/4PP2/2NP1NP1/PPP3BP/R1BQ1RK1 w - - 4 9",
    "rnb1qrk1/1pp1p1bp/3p1np1/p2P1p2/2P5/2N2NP1/PP2PPBP/R1BQ1RK1 w - - 0 9",
    "rnbqk2r/ppp2p1p/3b1n2/3PN3/2BP1ppP/8/PPP3P1/RNBQK2R b KQkq - 0 8",
    "r1bq1rk1/p4ppp/1pnbpn2/2ppN3/3P4/2PBP1B1/PP1N1PPP/R2QK2R b KQ - 1 9",
    "r2q1rk1/ppp1bppp/2n5/3p1b2/2PP4/P1P2N2/4BPPP/R1BQ1RK1 w - - 1 13",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "2r3k1/1q3pp1/p3p2p/1p1nP3/3Q4/P4N2/1P3PPP/2R3K1 w - - 0 28",
    "4r1k1/pp3ppp/2p5/8/3Pb3/2P1B3/PP3PPP/4R1K1 w - - 0 25",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/5pk1/6p1/8/3R4/6P1/5PK1/4r3 w - - 0 40",
    "8/8/1p3k2/p1p5/P1P2K2/1P6/8/8 w - - 0 50",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "8/3k4/8/2KP4/8/8/8/8 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/8/5k2/8/2B5/1K3N2/8 w - - 0 1",
    "3r2k1/5ppp/8/8/8/8/1Q3PPP/6K1 w - - 0 1",
];

impl Rules for Chess {
    type Move = Move;
    type FenError = FenError;
    type MoveError = MoveParseError;

    fn startpos() -> Chess {
        Chess::default()
    }

    fn from_fen(fen: &str) -> Result<Chess, FenError> {
        Chess::from_fen(fen)
    }

    fn fen(&self) -> String {
        self.position().fen()
    }

    fn side_to_move(&self) -> Side {
        side_of(self.position().side_to_move())
    }

    #[inline]
    fn legal_moves(&self, out: &mut Vec<Move>) {
        let pos = self.position();
        generate(pos, |pm| {
            push_moves(pos, pm, out);
            false
        });
    }

    /// UCI notation first; SAN is accepted too (for people typing moves).
    fn parse_move(&self, text: &str) -> Result<Move, MoveParseError> {
        match self.position().parse_uci(text) {
            Err(MoveParseError::MalformedUci(_)) => self.position().parse_san(text),
            result => result,
        }
    }

    fn move_text(&self, mv: Move) -> String {
        mv.uci(self.is_chess960())
    }

    fn move_to_record(&self, mv: Move) -> String {
        self.position().san(mv)
    }

    fn move_to_long_record(&self, mv: Move) -> String {
        self.position().lan(mv)
    }

    #[inline]
    fn make(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }

    #[inline]
    fn unmake(&mut self) {
        self.undo();
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.position().hash()
    }

    fn outcome(&self) -> Option<Outcome> {
        Chess::outcome(self)
    }
}

impl Perft for Chess {
    fn perft(&mut self, depth: u32) -> u64 {
        match depth {
            1 => count_legal_moves(self.position()),
            _ => perft(self.position(), depth),
        }
    }
}

/// MVV-LVA ordering of noisy moves: the victim's value times this ...
const VICTIM_WEIGHT: i32 = 8;
/// ... minus the attacker's value divided by this (so any victim outranks
/// any attacker) ...
const ATTACKER_DIVISOR: i32 = 16;
/// ... plus this for a promotion (about a queen's gain over a pawn).
const PROMOTION_BONUS: i32 = 800;

impl Evaluation for Chess {
    type Params = EvalChoice;
    type EvalState = eval::EvalState;

    #[inline]
    fn evaluate(&self, params: &EvalChoice, state: &mut eval::EvalState) -> Score {
        eval::evaluate_game(self, params, state)
    }

    fn eval_report(&self, params: &EvalChoice) -> String {
        eval::report(self.position(), params)
    }
}

impl HistoryIndex for Chess {
    const MOVE_INDEX_COUNT: usize = 64 * 64;

    /// Twelve pieces times 64 squares.
    const PIECE_TO_COUNT: usize = 12 * 64;

    #[inline]
    fn move_index(&self, mv: Move) -> usize {
        mv.from().index() * 64 + mv.to().index()
    }

    #[inline]
    fn piece_to(&self, mv: Move) -> usize {
        let piece = self.position().piece_at(mv.from());
        let code = piece.map_or(0, |p| p.color.index() * 6 + p.role.index());
        code * 64 + mv.to().index()
    }
}

impl Searchable for Chess {
    /// Internal iterative reduction, SEE pruning and the table-adjusted
    /// evaluation are on for chess: 600 games each at 2 s + 0.02 s, on
    /// against off, gave +19.7 ± 18.0, +22.6 ± 19.8 and +16.2 ± 18.8 Elo
    /// (docs/strength.md). Leiserchess keeps them off (`TTEval` showed no
    /// gain there; the other two are unmeasured). The clock is shared as
    /// if 20 moves were left, not 30 (more time early, where games are
    /// decided): +30.2 ± 17.7 in 646 games at 4 s + 0.04 s. Correction
    /// history and singular extensions, measured again once the NNUE was
    /// the evaluation: +16.7 ± 14.9 in 1000 games and +32.5 ± 19.4 in 600
    /// games at 2 s + 0.02 s.
    fn search_params() -> SearchParams {
        SearchParams {
            features: Features {
                iir: true,
                correction_history: true,
                singular_extension: true,
                see_pruning: true,
                tt_eval: true,
                tt_noisy_lmr: true,
                ..Features::PLAYING
            },
            tm_moves_to_go: 20,
            ..SearchParams::default()
        }
    }

    #[inline]
    fn search_outcome(&self, plies_from_root: usize) -> Option<Outcome> {
        self.search_draw(plies_from_root)
    }

    fn no_moves_outcome(&self) -> Outcome {
        let pos = self.position();
        if pos.in_check() {
            Outcome::win(side_of(!pos.side_to_move()), CHECKMATE)
        } else {
            Outcome::draw(STALEMATE)
        }
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.position().in_check()
    }

    #[inline]
    fn gives_check(&self, mv: Move) -> bool {
        self.position().gives_check(mv)
    }

    /// Captures and queen promotions (under-promotions are not worth
    /// quiescence's time).
    fn noisy_moves(&self, out: &mut Vec<Move>, keys: &mut Vec<NoisyKey>) {
        let pos = self.position();
        let start = out.len();
        push_noisy_moves(pos, out);
        keys.extend(out[start..].iter().filter_map(|&mv| noisy_key(pos, mv)));
    }

    #[inline]
    fn noisy_key(&self, mv: Move) -> Option<NoisyKey> {
        noisy_key(self.position(), mv)
    }

    #[inline]
    fn see_ge(&self, mv: Move, threshold: Score) -> bool {
        see::see_ge(self.position(), mv, threshold)
    }

    /// The pawns of both sides, mixed (a multiply-xorshift of the two
    /// bitboards: cheap, and good enough for a table index).
    #[inline]
    fn correction_key(&self) -> u64 {
        let pos = self.position();
        let white = pos.pieces(Color::White, Role::Pawn).0;
        let black = pos.pieces(Color::Black, Role::Pawn).0;
        let mixed = (white ^ black.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        mixed ^ (mixed >> 31)
    }

    /// Not in check, and the side to move has a piece besides pawns and
    /// king (zugzwang is common in pawn endings).
    #[inline]
    fn null_move_allowed(&self) -> bool {
        let pos = self.position();
        let us = pos.side_to_move();
        !pos.in_check() && has_piece_besides_pawns(pos, us)
    }

    #[inline]
    fn make_null(&mut self) {
        self.play_null();
    }

    #[inline]
    fn unmake_null(&mut self) {
        self.undo();
    }
}

/// Appends the captures and queen promotions of `pos`.
fn push_noisy_moves(pos: &crate::Position, out: &mut Vec<Move>) {
    let their = pos.color_bb(!pos.side_to_move());
    let ep = pos
        .ep_square()
        .map_or(Bitboard::EMPTY, Bitboard::from_square);
    generate(pos, |mut pm| {
        pm.to &= if pm.role == Role::Pawn {
            their | ep | Bitboard::BACK_RANKS
        } else {
            their
        };
        if pm.to.nonempty() {
            let start = out.len();
            push_moves(pos, pm, out);
            // Keep queen promotions only.
            let mut i = start;
            while i < out.len() {
                if matches!(out[i].promotion(), Some(r) if r != Role::Queen) {
                    out.swap_remove(i);
                } else {
                    i += 1;
                }
            }
        }
        false
    });
}

/// Captures and queen promotions are noisy; most valuable victim first,
/// then least valuable attacker. The exchange is left to `see_ge`.
#[inline]
fn noisy_key(pos: &crate::Position, mv: Move) -> Option<NoisyKey> {
    if !mv.is_capture() && mv.promotion() != Some(Role::Queen) {
        return None;
    }
    let victim = if mv.is_en_passant() {
        Role::Pawn
    } else {
        pos.role_at(mv.to()).unwrap_or(Role::Pawn)
    };
    let attacker = pos.role_at(mv.from()).unwrap_or(Role::Pawn);
    let promotion = if mv.promotion().is_some() {
        PROMOTION_BONUS
    } else {
        0
    };
    Some(NoisyKey {
        order: SEE_VALUES[victim.index()] * VICTIM_WEIGHT
            - SEE_VALUES[attacker.index()] / ATTACKER_DIVISOR
            + promotion,
        see_ge_zero: None,
    })
}

/// Whether `color` has a piece other than pawns and its king.
#[inline]
fn has_piece_besides_pawns(pos: &crate::Position, color: crate::Color) -> bool {
    (pos.color_bb(color) & !pos.role_bb(Role::Pawn) & !pos.role_bb(Role::King)).nonempty()
}

impl Frontend for Chess {
    /// On Stockfish 15.1's `UCI_Elo` scale at 10 s + 0.1 s: levels 0, 7
    /// and 13 measured against it (20 games each), the levels between
    /// and above interpolated at the measured steps (about 60 Elo a
    /// level up to 7, 53 above), full strength from the match against
    /// its 2400 (docs/strength.md, "Levels").
    const STRENGTH_SCALE: StrengthScale = StrengthScale {
        nodes_at_level_0: 64,
        elo: [
            1270, 1330, 1390, 1450, 1510, 1570, 1630, 1690, 1743, 1796, 1849, 1902, 1955, 2008,
            2061, 2114, 2167, 2220, 2273, 2326, 2450,
        ],
    };

    const NAME: &'static str = "chess";
    const BENCH_DEPTH: u32 = 10;
    /// Chess960: the rules of chess (castling as FIDE's Chess960 rules
    /// generalise it) from one of 960 start positions.
    const START_VARIANT: Option<StartVariant> = Some(StartVariant {
        name: "chess960",
        other_names: &["fischerandom"],
        title: "Chess960",
        uci_option: "UCI_Chess960",
        start_count: 960,
        start_fen: crate::chess960::fen,
    });

    fn bench_positions() -> &'static [&'static str] {
        &BENCH_POSITIONS
    }

    fn display(&self) -> String {
        Chess::display(self)
    }

    fn plays_start_variant(&self) -> bool {
        self.is_chess960()
    }

    fn set_start_variant(&mut self, on: bool) {
        self.set_chess960(on);
    }

    fn move_number(&self) -> u32 {
        u32::from(self.position().fullmove_number())
    }

    /// A side with nothing but its king can never mate, so its opponent's
    /// flag fall is a draw (FIDE 6.9).
    fn can_win_on_time(&self, side: Side) -> bool {
        let pos = self.position();
        let color = match side {
            Side::White => crate::Color::White,
            Side::Black => crate::Color::Black,
        };
        (pos.color_bb(color) & !pos.role_bb(Role::King)).nonempty()
    }
}
