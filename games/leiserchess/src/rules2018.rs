//! The 2018 rules (`docs/leiserchess-rules.md`) as a [`RuleSet`]: swaps
//! with an opposing piece followed by a basic move, one zap per move, ko
//! against the position before the opponent's move.

use search::Side;

use crate::board::Board;
use crate::fen::{FenDialect, START_FEN};
use crate::game::{Ko, Leiserchess};
use crate::laser::{self, Hit};
use crate::movegen;
use crate::moves::{Move, MOVE_INDEX_COUNT};
use crate::notation::{self, MoveError};
use crate::piece::Piece;
use crate::position::{Position, Shot, Undo};
use crate::ruleset::{Recent, RuleSet, SearchRules, Zap, KING_ZAP_VALUE, PAWN_ZAP_VALUE};
use crate::shots::{self, Beam};
use crate::square::BitIter;
use search::Rules;

/// The rules of MIT 6.172's 2018 final project, which this crate has
/// always played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules2018;

impl RuleSet for Rules2018 {
    type Move = Move;
    type Undo = Undo;
    type Beam = Beam;
    type Ko = Ko;

    const START_FEN: &'static str = START_FEN;
    const FEN: FenDialect = FenDialect::RULES_2018;
    const HAD_RANKS_FROM_ONE: bool = true;

    #[inline]
    fn generate(board: &Board, side: Side, out: &mut Vec<Move>) {
        movegen::generate(board, side, out);
    }

    #[inline]
    fn make(pos: &mut Position, mv: Move) -> Undo {
        pos.make(mv)
    }

    #[inline]
    fn unmake(pos: &mut Position, undo: &Undo) {
        pos.unmake(undo);
    }

    #[inline]
    fn zapped_pawn(undo: &Undo) -> bool {
        matches!(undo.hit, Hit::Pawn(_))
    }

    #[inline(always)]
    fn beam(board: &Board, side: Side) -> Beam {
        Beam::of(board, side)
    }

    /// What a move must not recreate (rule 6.1): the position before the
    /// opponent's most recent move, when that move is known and could be
    /// undone at all (a move that zapped a piece cannot: pieces never come
    /// back).
    #[inline]
    fn ko(recent: &Recent<Self>) -> Option<Ko> {
        match recent.last {
            Some((mv, undo)) if undo.hit == Hit::Off => Some(Ko {
                hash: recent.hash_before_last,
                squares: mv.touched_on_board(),
            }),
            _ => None,
        }
    }

    /// Whether `mv` is forbidden by the ko rule (rule 6.1). Restoring the
    /// old board means changing exactly the squares the opponent changed
    /// (with nothing zapped), the move's own square among them: that one
    /// bit test, inlined into the ko filter, rules out nearly every move.
    #[inline(always)]
    fn violates_ko(recent: &Recent<Self>, mv: Move, ko: Ko) -> bool {
        ko.squares & mv.from().bit() != 0 && restores_ko(recent, mv, ko)
    }

    fn parse_move(_board: &Board, text: &str) -> Result<Move, MoveError> {
        notation::parse_syntax(text)
    }

    /// Rule 8: ko not applied.
    fn perft(pos: &mut Position, depth: u32) -> u64 {
        perft(pos, depth)
    }
}

impl SearchRules for Rules2018 {
    const MOVE_INDEX_COUNT: usize = MOVE_INDEX_COUNT;
    const NAME: &'static str = "leiserchess";
    const UCI_VARIANT: &'static str = "2018";
    /// About 2.4 million nodes: a few seconds in release on one core.
    const BENCH_DEPTH: u32 = 8;

    fn bench_positions() -> &'static [&'static str] {
        crate::bench::POSITIONS
    }

    #[inline]
    fn move_index(mv: Move) -> usize {
        mv.index()
    }

    #[inline]
    fn zap_now(board: &Board, side: Side, beam: &Beam) -> Zap {
        zap_of(side, shots::struck(beam.hit, |cell| board.cells()[cell]))
    }

    /// Inlined so that each caller keeps only the half of the answer it
    /// uses (the laser walk itself, `hit_after`, stays a call).
    #[inline(always)]
    fn zap_after(board: &Board, side: Side, mv: Move, beam: &Beam) -> Zap {
        zap_of(side, shots::hit_after(board, side, mv, beam))
    }

    #[inline(always)]
    fn may_change_beam(mv: Move, beam: &Beam) -> bool {
        mv.touched_on_board() & beam.squares != 0
    }

    #[inline]
    fn generate_near(board: &Board, side: Side, beam: &Beam, out: &mut Vec<Move>) {
        let opponents = board.pieces(side.opponent());
        let empty = !board.occupied();
        for sq in BitIter(board.pieces(side)) {
            if shots::touches_possible(sq, beam.squares, opponents, empty) {
                movegen::generate_piece(board, side, sq, out);
            }
        }
    }

    fn king_in_danger(board: &Board, side: Side) -> bool {
        let k = board.king(side.opponent());
        let ours = board.king(side);
        (0..4).any(|dir| laser::fire(board.cells(), k, dir) == Hit::King(ours))
    }
}

/// [`RuleSet::violates_ko`] for a move from one of the ko's squares: one
/// comparison rules out almost every move, the pre-laser hash nearly all
/// the rest.
#[inline(never)]
fn restores_ko(recent: &Recent<Rules2018>, mv: Move, ko: Ko) -> bool {
    let pos = recent.position;
    if mv.touched_on_board() != ko.squares || pos.hash_after_pieces(mv) != ko.hash {
        return false;
    }
    let mut next = pos.clone();
    next.make(mv);
    next.hash() == ko.hash
}

/// What a laser result is worth to the mover `side`, in centipawns (a
/// pawn is 100, a king decides the game), and whether it is noisy: it zaps
/// a pawn (either colour) or the opposing king (a win the search must see).
#[inline(always)]
fn zap_of(side: Side, (hit, piece): (Hit, Piece)) -> Zap {
    let ours = piece.side() == side;
    let (value, noisy) = match hit {
        Hit::Off => (0, false),
        Hit::Pawn(_) if ours => (-PAWN_ZAP_VALUE, true),
        Hit::Pawn(_) => (PAWN_ZAP_VALUE, true),
        Hit::King(_) if ours => (-KING_ZAP_VALUE, false),
        Hit::King(_) => (KING_ZAP_VALUE, true),
    };
    Zap { value, noisy }
}

/// The leaves of the game tree below `pos` at `depth` (rule 8): every
/// generated move, a king zap a leaf; the last ply bulk-counted.
fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 || pos.zapped.is_some() {
        return 1;
    }
    if depth == 1 {
        return movegen::count(pos.board(), pos.side_to_move());
    }
    let mut moves = Vec::with_capacity(128);
    movegen::generate(pos.board(), pos.side_to_move(), &mut moves);
    let mut total = 0;
    for mv in moves {
        let undo = pos.make(mv);
        total += perft(pos, depth - 1);
        pos.unmake(&undo);
    }
    total
}

impl Leiserchess {
    /// What the laser of the last move hit, if a move was played.
    pub fn last_hit(&self) -> Option<Hit> {
        self.last_played().map(|(_, u)| u.hit)
    }

    /// The last move's laser as it was fired (its zapped pawn still on
    /// the board), if a move was played.
    pub fn last_shot(&self) -> Option<Shot> {
        let (_, undo) = self.last_played()?;
        Some(self.position().shot(&undo))
    }

    /// What the side to move's laser would hit after `mv`.
    #[inline]
    pub fn hit_after(&self, mv: Move) -> Hit {
        shots::hit_after(
            self.position().board(),
            self.side_to_move(),
            mv,
            self.beam(),
        )
        .0
    }
}
