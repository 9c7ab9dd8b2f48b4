//! `Leiserchess`: a position plus the history that unmake, repetition
//! (rule 5.3) and ko (rule 6) need, and the game traits (`search::Rules`,
//! `Searchable`, `Frontend`).

use std::fmt::Write as _;

use search::{EndReason, Frontend, GoDialect, Outcome, PerftStyle, Rules, Score, Searchable, Side};

use crate::eval::{self, EvalState, Params};
use crate::fen::{self, FenError, START_FEN};
use crate::laser::Hit;
use crate::movegen;
use crate::moves::{Move, MOVE_INDEX_COUNT};
use crate::notation::{self, MoveError};
use crate::piece::Piece;
use crate::position::{Position, Shot, Undo};
use crate::shots::{self, Beam};
use crate::square::{BitIter, Square};

/// Plies without a pawn zap after which the game is drawn (rule 5.2).
pub const FIFTY_MOVE_PLIES: u16 = 100;

/// A king zapped: its side loses (rule 5.1).
pub const KING_ZAPPED: EndReason = EndReason {
    code: "king_zapped",
    sentence: "{loser}'s king is zapped",
};
/// No legal move: the side to move loses (rule 5.5).
pub const NO_LEGAL_MOVES: EndReason = EndReason {
    code: "no_legal_moves",
    sentence: "{loser} has no legal move",
};

/// What a zap is worth to the mover in `hit_value`'s units (centipawns):
/// an opposing pawn gains this, an own pawn loses it.
const PAWN_ZAP_VALUE: i32 = 100;
/// A zapped king decides the game: far above any pawn count.
const KING_ZAP_VALUE: i32 = 10_000;

/// The position a move may not recreate (rule 6.1) and the squares the
/// opponent's move changed to leave it.
#[derive(Clone, Copy, Debug)]
struct Ko {
    hash: u64,
    squares: u64,
}

/// One entry of the history stack.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The move and its undo data; `None` for a null move.
    played: Option<(Move, Undo)>,
    /// `rep_window` before this frame.
    rep_window: u16,
    /// `beam` before this frame.
    beam: Beam,
}

/// A Leiserchess game: position and history.
#[derive(Clone, Debug)]
pub struct Leiserchess {
    pos: Position,
    stack: Vec<Frame>,
    /// Hash of every position since setup; `hashes[0]` is the setup
    /// position (rule 5.3: it counts as the first occurrence).
    hashes: Vec<u64>,
    /// Plies back that may hold a repetition: since the last pawn zap
    /// (pieces cannot come back) or null move (not a game position).
    rep_window: u16,
    /// The beam the side to move fires now, kept with the position so that
    /// `is_noisy`, `noisy_order` and `noisy_moves` (called for every move
    /// of a node) do not walk it again each time.
    beam: Beam,
}

impl Leiserchess {
    /// A game starting from `pos`, with no history.
    pub fn from_position(pos: Position) -> Leiserchess {
        let hash = pos.hash();
        let beam = Beam::of(pos.board(), pos.side);
        Leiserchess {
            beam,
            pos,
            stack: Vec::with_capacity(256),
            hashes: vec![hash],
            rep_window: 0,
        }
    }

    #[inline]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The moves played since setup, oldest first (null moves skipped).
    pub fn moves_played(&self) -> Vec<Move> {
        self.stack
            .iter()
            .filter_map(|f| f.played.map(|(m, _)| m))
            .collect()
    }

    /// What the laser of the last move hit, if a move was played.
    pub fn last_hit(&self) -> Option<Hit> {
        self.stack.last()?.played.map(|(_, u)| u.hit)
    }

    /// The last move's laser as it was fired (its zapped pawn still on
    /// the board), if a move was played.
    pub fn last_shot(&self) -> Option<Shot> {
        let (_, undo) = self.stack.last()?.played?;
        Some(self.pos.shot(&undo))
    }

    /// What a move must not recreate (rule 6.1): the position before the
    /// opponent's most recent move, when that move is known and could be
    /// undone at all (a move that zapped a piece cannot: pieces never come
    /// back).
    #[inline]
    fn ko(&self) -> Option<Ko> {
        match self.stack.last() {
            Some(Frame {
                played: Some((mv, undo)),
                ..
            }) if undo.hit == Hit::Off => Some(Ko {
                hash: self.hashes[self.hashes.len() - 2],
                squares: mv.touched_on_board(),
            }),
            _ => None,
        }
    }

    /// Whether `mv` is forbidden by the ko rule (rule 6.1).
    #[inline]
    fn violates_ko(&self, mv: Move, ko: Ko) -> bool {
        // Restoring the old board means changing exactly the squares the
        // opponent changed (with nothing zapped): one comparison rules out
        // almost every move, the pre-laser hash nearly all the rest.
        if mv.touched_on_board() != ko.squares || self.pos.hash_after_pieces(mv) != ko.hash {
            return false;
        }
        let mut next = self.pos.clone();
        next.make(mv);
        next.hash() == ko.hash
    }

    /// Whether the current position occurred before (rule 5.3).
    #[inline]
    fn is_repetition(&self) -> bool {
        let n = self.hashes.len();
        let current = self.hashes[n - 1];
        let window = (self.rep_window as usize).min(n - 1);
        // Same side to move only, so every second ply.
        (2..=window)
            .step_by(2)
            .any(|back| self.hashes[n - 1 - back] == current)
    }

    /// Perft (rule 8): move sequences of length `depth`; ko applies; draws
    /// do not stop it. A king zap ends the game and counts as one leaf at
    /// every depth (rule 8.2), so a position whose game already ended by a
    /// king zap counts 1 at every depth: a caller that makes a move and
    /// counts `depth - 1` below it (a divide) gets the same total as
    /// `perft(depth)`. Bulk-counts the last ply.
    pub fn perft(&mut self, depth: u32) -> u64 {
        // Rule 8.2: the sequence that zapped a king is one leaf.
        if depth == 0 || self.pos.zapped.is_some() {
            return 1;
        }
        let mut moves = Vec::with_capacity(128);
        if depth == 1 {
            return match self.ko() {
                None => movegen::count(self.pos.board(), self.pos.side),
                Some(_) => {
                    self.legal_moves(&mut moves);
                    moves.len() as u64
                }
            };
        }
        self.legal_moves(&mut moves);
        let mut total = 0;
        for mv in moves {
            self.make(mv);
            total += self.perft(depth - 1);
            self.unmake();
        }
        total
    }

    /// Per-move perft counts (for `perft` output and debugging): for each
    /// legal move, the sequences of length `depth` that start with it. They
    /// sum to `perft(depth)` for `depth >= 1` (rule 8.2: a move that zaps
    /// a king counts 1). A game that has ended has no moves, so its divide
    /// is empty while its `perft` is 1.
    pub fn perft_divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                self.make(mv);
                let n = self.perft(depth.saturating_sub(1));
                self.unmake();
                (mv, n)
            })
            .collect()
    }

    /// What the side to move's laser would hit after `mv`.
    #[inline]
    pub fn hit_after(&self, mv: Move) -> Hit {
        self.struck_after(mv).0
    }

    /// The laser result after `mv` and the piece struck.
    #[inline]
    fn struck_after(&self, mv: Move) -> (Hit, Piece) {
        debug_assert_eq!(self.beam, Beam::of(self.pos.board(), self.pos.side));
        shots::hit_after(self.pos.board(), self.pos.side, mv, &self.beam)
    }

    /// What a laser result is worth to the mover, in centipawns (a pawn
    /// is 100, a king decides the game): the ordering of noisy moves
    /// (opposing king first, then opposing pawns; own pawns and own king
    /// last) and the one-move exchange of `see_ge`.
    #[inline]
    fn hit_value(&self, (hit, piece): (Hit, Piece)) -> i32 {
        let ours = piece.side() == self.pos.side;
        match hit {
            Hit::Off => 0,
            Hit::Pawn(_) if ours => -PAWN_ZAP_VALUE,
            Hit::Pawn(_) => PAWN_ZAP_VALUE,
            Hit::King(_) if ours => -KING_ZAP_VALUE,
            Hit::King(_) => KING_ZAP_VALUE,
        }
    }

    /// Whether `mv` belongs in quiescence: it zaps a pawn (either colour),
    /// or the opposing king (a win the search must see).
    #[inline]
    fn hit_is_noisy(&self, (hit, piece): (Hit, Piece)) -> bool {
        match hit {
            Hit::Off => false,
            Hit::Pawn(_) => true,
            Hit::King(_) => piece.side() != self.pos.side,
        }
    }

    /// The end by rules 5.1–5.3 (a king zapped, fifty moves, repetition):
    /// everything but a lack of moves, which needs move generation.
    #[inline]
    fn rule_outcome(&self) -> Option<Outcome> {
        // Rule 5.3b: a king zap decides the game before any draw rule.
        if let Some(loser) = self.pos.zapped {
            return Some(Outcome::win(loser.opponent(), KING_ZAPPED));
        }
        if self.pos.halfmove >= FIFTY_MOVE_PLIES {
            return Some(Outcome::draw(EndReason::FIFTY_MOVES));
        }
        if self.is_repetition() {
            return Some(Outcome::draw(EndReason::REPETITION));
        }
        None
    }

    /// Whether the opponent, were it to move now, could zap our king by
    /// firing in any direction from where its king stands (rotations
    /// included): the "danger" that forbids a null move.
    fn king_in_danger(&self) -> bool {
        let board = self.pos.board();
        let them = self.pos.side.opponent();
        let k = board.king(them);
        let ours = board.king(self.pos.side);
        (0..4).any(|dir| crate::laser::fire(board.cells(), k, dir) == Hit::King(ours))
    }
}

impl Default for Leiserchess {
    fn default() -> Self {
        Leiserchess::startpos()
    }
}

impl Rules for Leiserchess {
    type Move = Move;
    type FenError = FenError;
    type MoveError = MoveError;

    fn startpos() -> Self {
        match fen::parse(START_FEN) {
            Ok(pos) => Leiserchess::from_position(pos),
            Err(e) => unreachable!("the start FEN is valid: {e}"),
        }
    }

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        fen::parse(fen).map(Leiserchess::from_position)
    }

    fn fen(&self) -> String {
        fen::format(&self.pos)
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.pos.side
    }

    /// Rule 3 with ko (rule 6); nothing once a king is zapped (rule
    /// 5.3b); draw rules are not considered (rule 8.3).
    #[inline]
    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.pos.zapped.is_some() {
            return;
        }
        let start = out.len();
        movegen::generate(self.pos.board(), self.pos.side, out);
        if let Some(ko) = self.ko() {
            let mut keep = start;
            for i in start..out.len() {
                let mv = out[i];
                if !self.violates_ko(mv, ko) {
                    out[keep] = mv;
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = notation::parse_syntax(text)?;
        // `outcome` without generating the moves twice (rule 5.5: none
        // left ends the game too).
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if self.rule_outcome().is_some() || legal.is_empty() {
            return Err(MoveError::GameOver);
        }
        if legal.contains(&mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal(text.trim().to_string()))
        }
    }

    #[inline]
    fn make(&mut self, mv: Move) {
        let undo = self.pos.make(mv);
        self.stack.push(Frame {
            played: Some((mv, undo)),
            rep_window: self.rep_window,
            beam: self.beam,
        });
        self.beam = Beam::of(self.pos.board(), self.pos.side);
        self.rep_window = match undo.hit {
            Hit::Pawn(_) => 0,
            _ => self.rep_window.saturating_add(1),
        };
        self.hashes.push(self.pos.hash());
    }

    #[inline]
    fn unmake(&mut self) {
        let Some(frame) = self.stack.pop() else {
            debug_assert!(false, "unmake without make");
            return;
        };
        self.hashes.pop();
        self.rep_window = frame.rep_window;
        self.beam = frame.beam;
        match frame.played {
            Some((_, undo)) => self.pos.unmake(&undo),
            None => self.pos.flip_side(),
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.pos.hash()
    }

    /// Rules 5.1–5.3, then rule 5.5: no legal move loses.
    fn outcome(&self) -> Option<Outcome> {
        self.rule_outcome().or_else(|| {
            let mut moves = Vec::new();
            self.legal_moves(&mut moves);
            moves.is_empty().then(|| self.no_moves_outcome())
        })
    }

    fn perft(&mut self, depth: u32) -> u64 {
        Leiserchess::perft(self, depth)
    }
}

impl Searchable for Leiserchess {
    type Params = Params;
    type EvalState = EvalState;
    const MOVE_INDEX_COUNT: usize = MOVE_INDEX_COUNT;

    #[inline]
    fn evaluate(&self, params: &Params, state: &mut EvalState) -> Score {
        eval::evaluate(&self.pos, params, state)
    }

    fn prepare_eval(params: &Params, state: &mut EvalState) {
        state.serve(params);
    }

    /// The same rules as `outcome` but for the lack of moves (the search
    /// finds that itself): they are cheap here, and rule 5.3 already
    /// draws at the second occurrence.
    #[inline]
    fn search_outcome(&self, _plies_from_root: usize) -> Option<Outcome> {
        self.rule_outcome()
    }

    fn no_moves_outcome(&self) -> Outcome {
        Outcome::win(self.pos.side.opponent(), NO_LEGAL_MOVES)
    }

    fn noisy_moves(&self, out: &mut Vec<Move>) {
        if self.pos.zapped.is_some() {
            return;
        }
        let board = self.pos.board();
        let side = self.pos.side;
        let beam = &self.beam;
        let start = out.len();
        // A move that leaves the beam alone hits what it hits now. When
        // that is quiet, only pieces that can reach the beam have noisy
        // moves: the others are not even generated (same order as
        // `generate`, so the list is the same).
        let struck = |hit: Hit| (hit, hit.cell().map_or(Piece::EMPTY, |at| board.at(at)));
        if self.hit_is_noisy(struck(beam.hit)) {
            movegen::generate(board, side, out);
        } else {
            let opponents = board.pieces(side.opponent());
            let empty = !board.occupied();
            for sq in BitIter(board.pieces(side)) {
                if shots::touches_possible(sq, beam.squares, opponents, empty) {
                    movegen::generate_piece(board, side, sq, out);
                }
            }
        }
        // A move that zaps is never a ko (rule 6.1 needs the old board
        // back, pieces and all), so no ko filter is needed here.
        let mut keep = start;
        for i in start..out.len() {
            let mv = out[i];
            if self.hit_is_noisy(shots::hit_after(board, side, mv, beam)) {
                out[keep] = mv;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// One laser computation for both answers.
    #[inline]
    fn noisy_key(&self, mv: Move) -> Option<i32> {
        let hit = self.struck_after(mv);
        self.hit_is_noisy(hit).then(|| self.hit_value(hit))
    }

    /// A one-move exchange: a zap of an opposing pawn wins 100, of an own
    /// pawn loses 100, of a king decides the game (±10,000), anything else
    /// 0; what the opponent's laser answers is left to the search. So
    /// quiescence (threshold 0) skips zaps of one's own pawns, and the move
    /// picker tries them after the quiet moves.
    #[inline]
    fn see_ge(&self, mv: Move, threshold: Score) -> bool {
        self.hit_value(self.struck_after(mv)) >= threshold
    }

    #[inline]
    fn move_index(&self, mv: Move) -> usize {
        mv.index()
    }

    /// Allowed unless the game is over or the opponent's king could zap
    /// ours by firing (after at most a rotation) right now; passing then
    /// would hide a loss. Leiserchess has no real zugzwang: a side can
    /// always rotate a piece off the beams.
    fn null_move_allowed(&self) -> bool {
        // Two null moves in a row would search the same position again.
        let after_null = self.stack.last().is_some_and(|f| f.played.is_none());
        self.pos.zapped.is_none() && !after_null && !self.king_in_danger()
    }

    fn make_null(&mut self) {
        self.stack.push(Frame {
            played: None,
            rep_window: self.rep_window,
            beam: self.beam,
        });
        self.rep_window = 0;
        self.pos.flip_side();
        self.beam = Beam::of(self.pos.board(), self.pos.side);
        self.hashes.push(self.pos.hash());
    }

    fn unmake_null(&mut self) {
        self.unmake();
    }
}

impl Frontend for Leiserchess {
    const NAME: &'static str = "leiserchess";
    const SIDE_NAMES: [&'static str; 2] = ["Tangerine", "Lavender"];
    /// MIT's protocol gives the mover's clock (rule 9).
    const GO_DIALECT: GoDialect = GoDialect::MoverClock;

    /// About 2.4 million nodes: a few seconds in release on one core.
    const BENCH_DEPTH: u32 = 8;

    /// MIT's engine prints `perft <d> <count>` for each depth (rule 9).
    const PERFT_STYLE: PerftStyle = PerftStyle::PerDepth;

    fn bench_positions() -> &'static [&'static str] {
        crate::bench::POSITIONS
    }

    fn display(&self) -> String {
        let mut out = String::new();
        let board = self.pos.board();
        for rank in (0..8u8).rev() {
            let _ = write!(out, "{} ", rank + 1);
            for file in 0..8u8 {
                let code = Square::new(file, rank)
                    .and_then(|sq| board.piece_on(sq).fen_code())
                    .unwrap_or_else(|| "..".to_string());
                let _ = write!(out, " {code}");
            }
            out.push('\n');
        }
        out.push_str("   a  b  c  d  e  f  g  h\n");
        // The driver adds the FEN and the hash.
        let _ = writeln!(
            out,
            "side to move: {}",
            match self.pos.side {
                Side::White => "Tangerine (W)",
                Side::Black => "Lavender (B)",
            }
        );
        out
    }

    fn eval_report(&self, params: &Params) -> String {
        eval::report(&self.pos, params)
    }
}
