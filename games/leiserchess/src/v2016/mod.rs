//! The 2016 rules (`docs/leiserchess-2016-rules.md`) as a [`RuleSet`]:
//! ranks `0` to `7`, plain swaps with any neighbour, the king's null move,
//! pins, the multi-zap laser, ko against the board before the move and
//! before the opponent's move, and draws at the third occurrence and
//! after 200 plies without a zap. The board, pieces, reflection table,
//! Zobrist keys and evaluation are the 2018 ones.

pub mod bench;
pub mod laser;
pub mod make;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;

use search::{Rules, Side};

use crate::board::Board;
use crate::fen::FenDialect;
use crate::game::{Ko, Leiserchess2016};
use crate::notation::MoveError;
use crate::position::Position;
use crate::ruleset::{Recent, RuleSet, SearchRules, Zap};

use self::laser::Shot;
use self::make::Undo;
use self::moves::{Kind, Move, MOVE_INDEX_COUNT};

/// The starting position (rule 1.4).
pub const START_FEN: &str = "ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN W";

/// The rules of MIT 6.172's Fall 2016 final project.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules2016;

/// What rule 6.1 needs in a position.
#[derive(Clone, Copy, Debug)]
pub struct Ko2016 {
    /// Whether the side to move's shot zaps anything now: a move that
    /// changes nothing (a null move, a swap of two equal pieces) is
    /// allowed only then (rule 6.1a).
    zaps_now: bool,
    /// The position before the opponent's last move, when that move is
    /// known and zapped nothing (rules 6.1b and 6.2).
    before: Option<Ko>,
}

impl RuleSet for Rules2016 {
    type Move = Move;
    type Undo = Undo;
    type Beam = Shot;
    type Ko = Ko2016;

    const START_FEN: &'static str = START_FEN;
    /// Rule 7.2: MIT's 2016 engine also reads `w` and `b`.
    const FEN: FenDialect = FenDialect {
        lower_case_side: true,
    };
    /// MIT's 2016 numbering, 0 to 7, was ours from the start.
    const HAD_RANKS_FROM_ONE: bool = false;

    #[inline]
    fn generate(board: &Board, side: Side, out: &mut Vec<Move>) {
        movegen::generate(board, side, out);
    }

    #[inline]
    fn make(pos: &mut Position, mv: Move) -> Undo {
        make::make(pos, mv)
    }

    #[inline]
    fn unmake(pos: &mut Position, undo: &Undo) {
        make::unmake(pos, undo);
    }

    #[inline]
    fn zapped_pawn(undo: &Undo) -> bool {
        undo.zapped != 0
    }

    #[inline]
    fn beam(board: &Board, side: Side) -> Shot {
        laser::shot(board, side)
    }

    #[inline]
    fn ko(recent: &Recent<Self>) -> Option<Ko2016> {
        let before = match recent.last {
            Some((mv, undo)) if !undo.zapped_any() => Some(Ko {
                hash: recent.hash_before_last,
                squares: mv.touched(),
            }),
            _ => None,
        };
        Some(Ko2016 {
            zaps_now: recent.beam.zaps(),
            before,
        })
    }

    /// Rule 6.1: the board after the move may be neither the board before
    /// it (a) nor the one before the opponent's last move (b). Only a null
    /// move or a swap can leave the board as it was, and only a move from
    /// a square the opponent's last move changed can bring back the board
    /// before it: that test, inlined into the ko filter, rules out nearly
    /// every move.
    #[inline(always)]
    fn violates_ko(recent: &Recent<Self>, mv: Move, ko: Ko2016) -> bool {
        let from = mv.from().bit();
        let may = mv.is_null() || mv.is_swap() || ko.before.is_some_and(|b| b.squares & from != 0);
        may && breaks_ko(recent, mv, ko)
    }

    fn parse_move(board: &Board, text: &str) -> Result<Move, MoveError> {
        notation::parse(board, text)
    }

    /// Rules 8.1 and 8.2 on a copy of the position.
    fn perft(pos: &mut Position, depth: u32) -> u64 {
        perft::perft(pos, depth)
    }
}

impl SearchRules for Rules2016 {
    const MOVE_INDEX_COUNT: usize = MOVE_INDEX_COUNT;
    const NAME: &'static str = "leiserchess2016";
    const VARIANT: Option<&'static str> = Some("2016");
    const UCI_VARIANT: &'static str = "2016";
    const BENCH_DEPTH: u32 = bench::DEPTH;

    fn bench_positions() -> &'static [&'static str] {
        bench::POSITIONS
    }

    #[inline]
    fn move_index(mv: Move) -> usize {
        mv.index()
    }

    #[inline]
    fn zap_now(_board: &Board, side: Side, beam: &Shot) -> Zap {
        beam.zap(side)
    }

    #[inline]
    fn zap_after(board: &Board, side: Side, mv: Move, beam: &Shot) -> Zap {
        laser::shot_after(board, side, mv, beam).zap(side)
    }

    #[inline(always)]
    fn may_change_beam(mv: Move, beam: &Shot) -> bool {
        mv.touched() & beam.squares != 0
    }

    /// A piece's moves change its own square and its neighbours' (a shift
    /// or a swap); a null move changes nothing.
    #[inline]
    fn generate_near(board: &Board, side: Side, beam: &Shot, out: &mut Vec<Move>) {
        let near = crate::square::dilate(beam.squares);
        movegen::generate_pieces(board, side, near, out);
    }

    fn king_in_danger(board: &Board, side: Side) -> bool {
        let them = side.opponent();
        let k = board.king(them);
        let cells = board.cells();
        (0..4).any(|dir| {
            let shot = laser::shot_by(|at| cells[at], board.occupied(), k.square(), dir, them);
            shot.king == Some(side)
        })
    }
}

/// [`RuleSet::violates_ko`] for a move its first test let through.
#[inline(never)]
fn breaks_ko(recent: &Recent<Rules2016>, mv: Move, ko: Ko2016) -> bool {
    let pos = recent.position;
    let board = pos.board();
    // (a): only a move that changes no square before the laser can
    // leave the board as it was, and then its shot is the one now.
    let unchanged = match (mv.kind(), mv.to()) {
        (Kind::Null, _) => true,
        (Kind::Swap(_), Some(to)) => board.piece_on(mv.from()) == board.piece_on(to),
        _ => false,
    };
    if unchanged {
        return !ko.zaps_now;
    }
    // (b): restoring the old board means changing exactly the squares
    // the opponent changed, and zapping nothing.
    let Some(before) = ko.before else {
        return false;
    };
    mv.touched() == before.squares
        && make::hash_after_pieces(pos, mv) == before.hash
        && !laser::shot_after(board, pos.side_to_move(), mv, recent.beam).zaps()
}

impl Leiserchess2016 {
    /// The shot the side to move would fire after `mv`, without making it.
    pub fn shot_after(&self, mv: Move) -> Shot {
        laser::shot_after(
            self.position().board(),
            self.side_to_move(),
            mv,
            self.beam(),
        )
    }
}
