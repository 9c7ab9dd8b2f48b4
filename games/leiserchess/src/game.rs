//! [`Game`]: a position plus the history that unmake, repetition and ko
//! need, and the game traits (`search::Rules`, `Searchable`, `Frontend`),
//! for either rule set. [`Leiserchess`] plays the 2018 rules (rule numbers
//! here are those of `docs/leiserchess-rules.md`), [`Leiserchess2016`] the
//! 2016 ones; what differs lives in their [`RuleSet`] implementations.

use std::fmt::Write as _;

use search::{
    EndReason, Evaluation, Features, Frontend, GoDialect, HistoryIndex, NoisyKey, Outcome, Perft,
    PerftStyle, Rules, Score, SearchParams, Searchable, Side, StrengthScale,
};

use crate::eval::{self, EvalState, Params};
use crate::fen::{self, FenError};
use crate::notation::{self, MoveError};
use crate::position::Position;
use crate::rules2018::Rules2018;
use crate::ruleset::{Recent, RuleSet, SearchRules, Zap};
use crate::square::Square;
use crate::v2016::Rules2016;

/// The game under the 2018 rules.
pub type Leiserchess = Game<Rules2018>;
/// The game under the 2016 rules (`docs/leiserchess-2016-rules.md`).
pub type Leiserchess2016 = Game<Rules2016>;

/// Plies in a row without a zap after which the game is drawn (rule 5.2,
/// as MIT's referees count it in both rule sets).
pub const NO_ZAP_PLIES: u16 = 200;

/// The draw of rule 5.2.
pub const NO_ZAPS: EndReason = EndReason {
    code: "no_zaps",
    sentence: "Draw after 200 plies without a zap",
};

/// Earlier occurrences of a position that make the next one a draw: the
/// third occurrence draws (rule 5.3).
pub const REPETITIONS: usize = 2;

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

/// The position a move may not recreate (rule 6.1) and the squares the
/// opponent's move changed to leave it.
#[derive(Clone, Copy, Debug)]
pub struct Ko {
    pub hash: u64,
    pub squares: u64,
}

/// One entry of the history stack.
#[derive(Clone, Copy, Debug)]
struct Frame<R: RuleSet> {
    /// The move and its undo data; `None` for a null move.
    played: Option<(R::Move, R::Undo)>,
    /// `rep_window` before this frame.
    rep_window: u16,
    /// `beam` before this frame.
    beam: R::Beam,
}

/// A Leiserchess game under the rule set `R`: position and history.
#[derive(Clone, Debug)]
pub struct Game<R: RuleSet> {
    pos: Position,
    stack: Vec<Frame<R>>,
    /// Hash of every position since setup; `hashes[0]` is the setup
    /// position (rule 5.3: it counts as the first occurrence).
    hashes: Vec<u64>,
    /// Plies back that may hold a repetition: since the last pawn zap
    /// (pieces cannot come back) or null move (not a game position).
    rep_window: u16,
    /// The beam the side to move fires now, kept with the position so that
    /// `is_noisy`, `noisy_order` and `noisy_moves` (called for every move
    /// of a node) do not walk it again each time.
    beam: R::Beam,
}

impl<R: RuleSet> Game<R> {
    /// A game starting from `pos`, with no history.
    pub fn from_position(pos: Position) -> Game<R> {
        let hash = pos.hash();
        let beam = R::beam(pos.board(), pos.side);
        Game {
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
    pub fn moves_played(&self) -> Vec<R::Move> {
        self.stack
            .iter()
            .filter_map(|f| f.played.map(|(m, _)| m))
            .collect()
    }

    /// The last move played and its undo data, unless there is none or
    /// the last move was the search's null move.
    #[inline]
    pub fn last_played(&self) -> Option<(R::Move, R::Undo)> {
        self.stack.last()?.played
    }

    /// The hash of the position before the last move (rule 6.1 compares
    /// with it); the setup position's when nothing was played.
    #[inline]
    pub(crate) fn hash_before_last(&self) -> u64 {
        self.hashes[self.hashes.len().saturating_sub(2)]
    }

    /// The moves the rules of movement allow now but ko forbids (rule
    /// 6.1), so that a front end can say why one is not offered.
    pub fn ko_forbidden(&self) -> Vec<R::Move> {
        let recent = self.recent();
        let Some(ko) = R::ko(&recent) else {
            return Vec::new();
        };
        let mut all = Vec::new();
        R::generate(self.pos.board(), self.pos.side, &mut all);
        all.retain(|&mv| R::violates_ko(&recent, mv, ko));
        all
    }

    /// What the ko rule reads of the history.
    #[inline]
    fn recent(&self) -> Recent<'_, R> {
        Recent {
            position: &self.pos,
            beam: self.beam(),
            last: self.last_played(),
            hash_before_last: self.hash_before_last(),
        }
    }

    /// The beam the side to move fires now.
    #[inline]
    pub(crate) fn beam(&self) -> &R::Beam {
        debug_assert_eq!(self.beam, R::beam(self.pos.board(), self.pos.side));
        &self.beam
    }

    /// Whether the current position occurred [`REPETITIONS`] times before
    /// (rule 5.3), or once since `plies_from_root` plies ago (the search's
    /// own repetitions, which it can avoid or repeat at will: a heuristic,
    /// not the rule).
    #[inline]
    fn is_repetition(&self, plies_from_root: usize) -> bool {
        let n = self.hashes.len();
        let current = self.hashes[n - 1];
        let window = (self.rep_window as usize).min(n - 1);
        let mut seen = 0;
        // Same side to move only, so every second ply.
        for back in (2..=window).step_by(2) {
            if self.hashes[n - 1 - back] == current {
                seen += 1;
                if seen >= REPETITIONS || back <= plies_from_root {
                    return true;
                }
            }
        }
        false
    }

    /// Perft as MIT's players count it (rule 8): every generated move,
    /// ko not applied, draws ignored. A king zap ends the game and counts
    /// as one leaf at every depth (rule 8.2), so a position whose game
    /// already ended by a king zap counts 1 at every depth: a caller that
    /// makes a move and counts `depth - 1` below it (a divide) gets the
    /// same total as `perft(depth)`. Fast: bulk-counts the last ply.
    pub fn perft(&mut self, depth: u32) -> u64 {
        R::perft(&mut self.pos.clone(), depth)
    }

    /// Per-move perft counts (for `perft` output and debugging): for each
    /// move perft counts, the sequences of length `depth` that start with
    /// it. They sum to `perft(depth)` for `depth >= 1` (rule 8.2: a move
    /// that zaps a king counts 1). A game that has ended has no moves, so
    /// its divide is empty while its `perft` is 1.
    pub fn perft_divide(&mut self, depth: u32) -> Vec<(R::Move, u64)> {
        let mut moves = Vec::new();
        self.perft_moves(&mut moves);
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

    /// The end by rules 5.1–5.3 (a king zapped, fifty moves, repetition):
    /// everything but a lack of moves, which needs move generation.
    #[inline]
    fn rule_outcome(&self, plies_from_root: usize) -> Option<Outcome> {
        // Rule 5.3b: a king zap decides the game before any draw rule.
        if let Some(loser) = self.pos.zapped {
            return Some(Outcome::win(loser.opponent(), KING_ZAPPED));
        }
        if self.pos.halfmove >= NO_ZAP_PLIES {
            return Some(Outcome::draw(NO_ZAPS));
        }
        if self.is_repetition(plies_from_root) {
            return Some(Outcome::draw(EndReason::REPETITION));
        }
        None
    }
}

impl<R: SearchRules> Game<R> {
    /// What the side to move's laser does after `mv`.
    #[inline]
    fn zap_after(&self, mv: R::Move) -> Zap {
        R::zap_after(self.pos.board(), self.pos.side, mv, self.beam())
    }
}

impl<R: RuleSet> Default for Game<R> {
    fn default() -> Self {
        Game::startpos()
    }
}

impl<R: RuleSet> Rules for Game<R> {
    type Move = R::Move;
    type FenError = FenError;
    type MoveError = MoveError;

    fn startpos() -> Self {
        match fen::parse_dialect(R::START_FEN, R::FEN) {
            Ok(pos) => Game::from_position(pos),
            Err(e) => unreachable!("the start FEN is valid: {e}"),
        }
    }

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        fen::parse_dialect(fen, R::FEN).map(Game::from_position)
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
    fn legal_moves(&self, out: &mut Vec<R::Move>) {
        if self.pos.zapped.is_some() {
            return;
        }
        let start = out.len();
        R::generate(self.pos.board(), self.pos.side, out);
        let recent = self.recent();
        let Some(ko) = R::ko(&recent) else {
            return;
        };
        // Nearly always no move breaks the ko: nothing moves then.
        let violates = |mv| R::violates_ko(&recent, mv, ko);
        let Some(first) = out[start..].iter().position(|&mv| violates(mv)) else {
            return;
        };
        let mut keep = start + first;
        for i in keep + 1..out.len() {
            let mv = out[i];
            if !violates(mv) {
                out[keep] = mv;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// A move that is not legal here but would be in the ranks 1 to 8
    /// this project wrote before it took MIT's numbering, or that names
    /// rank 8, is reported as [`MoveError::OldNumbering`].
    fn parse_move(&self, text: &str) -> Result<R::Move, MoveError> {
        // `outcome` without generating the moves twice (rule 5.5: none
        // left ends the game too).
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        if self.rule_outcome(0).is_some() || legal.is_empty() {
            return Err(MoveError::GameOver);
        }
        let read = |text: &str| {
            R::parse_move(self.pos.board(), text).and_then(|mv| {
                legal
                    .contains(&mv)
                    .then_some(mv)
                    .ok_or_else(|| MoveError::Illegal(text.trim().to_string()))
            })
        };
        read(text).map_err(|error| {
            if !R::HAD_RANKS_FROM_ONE {
                return error;
            }
            let renamed = notation::from_old_numbering(text);
            let legal_renamed = renamed.as_deref().is_some_and(|t| read(t).is_ok());
            if legal_renamed || notation::names_rank_8(text) {
                MoveError::OldNumbering {
                    text: text.trim().to_string(),
                    renamed: renamed.filter(|_| legal_renamed),
                }
            } else {
                error
            }
        })
    }

    #[inline]
    fn make(&mut self, mv: R::Move) {
        let undo = R::make(&mut self.pos, mv);
        self.stack.push(Frame {
            played: Some((mv, undo)),
            rep_window: self.rep_window,
            beam: self.beam,
        });
        self.beam = R::beam(self.pos.board(), self.pos.side);
        self.rep_window = if R::zapped_pawn(&undo) {
            0
        } else {
            self.rep_window.saturating_add(1)
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
            Some((_, undo)) => R::unmake(&mut self.pos, &undo),
            None => self.pos.flip_side(),
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.pos.hash()
    }

    /// Rules 5.1–5.3, then rule 5.5: no legal move loses.
    fn outcome(&self) -> Option<Outcome> {
        self.rule_outcome(0).or_else(|| {
            let mut moves = Vec::new();
            self.legal_moves(&mut moves);
            moves
                .is_empty()
                .then(|| Outcome::win(self.pos.side.opponent(), NO_LEGAL_MOVES))
        })
    }
}

impl<R: RuleSet> Perft for Game<R> {
    /// Every generated move: perft does not apply ko (rule 8.3).
    fn perft_moves(&self, out: &mut Vec<R::Move>) {
        if self.pos.zapped.is_none() {
            R::generate(self.pos.board(), self.pos.side, out);
        }
    }

    fn perft(&mut self, depth: u32) -> u64 {
        Game::perft(self, depth)
    }

    /// The ko-aware count (`perft N legal`, rule 8.3) is the default
    /// walk over the legal moves: ko applied at every ply, draws ignored,
    /// a king zap a leaf at every depth (rule 8.2).
    fn perft_leaf(&self) -> bool {
        self.pos.zapped.is_some()
    }
}

impl<R: SearchRules> Evaluation for Game<R> {
    type Params = Params;
    type EvalState = EvalState;

    #[inline]
    fn evaluate(&self, params: &Params, state: &mut EvalState) -> Score {
        eval::evaluate(&self.pos, params, state)
    }

    fn prepare_eval(params: &Params, state: &mut EvalState) {
        state.serve(params);
    }

    fn eval_report(&self, params: &Params) -> String {
        eval::report(&self.pos, params)
    }
}

impl<R: SearchRules> HistoryIndex for Game<R> {
    const MOVE_INDEX_COUNT: usize = R::MOVE_INDEX_COUNT;

    #[inline]
    fn move_index(&self, mv: R::Move) -> usize {
        R::move_index(mv)
    }
}

impl<R: SearchRules> Searchable for Game<R> {
    /// Late move pruning keeps a share of the moves: with about a hundred
    /// moves a position, chess's 5 to 20 quiet moves left a depth-3
    /// search barely wider than depth 2, and depth 3 no stronger
    /// (`docs/architecture.md`, "Late move pruning and the move count").
    /// It prunes late noisy moves too: on a board full of pawns nearly
    /// every move zaps, and a depth-3 search took minutes (issue 41).
    fn search_params() -> SearchParams {
        SearchParams {
            features: Features {
                noisy_lmp: true,
                ..Features::PLAYING
            },
            lmp_move_percent: 10,
            // Boards full of pawns: a zap nearly every move, so
            // quiescence grows with the main search, not its budget.
            qs_nodes_per_horizon: 4,
            ..SearchParams::default()
        }
    }

    /// The same rules as `outcome` but for the lack of moves (the search
    /// finds that itself): they are cheap here.
    #[inline]
    fn search_outcome(&self, plies_from_root: usize) -> Option<Outcome> {
        self.rule_outcome(plies_from_root)
    }

    fn no_moves_outcome(&self) -> Outcome {
        Outcome::win(self.pos.side.opponent(), NO_LEGAL_MOVES)
    }

    fn noisy_moves(&self, out: &mut Vec<R::Move>, keys: &mut Vec<NoisyKey>) {
        if self.pos.zapped.is_some() {
            return;
        }
        let board = self.pos.board();
        let side = self.pos.side;
        let beam = self.beam();
        let start = out.len();
        // A move that leaves the beam alone zaps what it zaps now. When
        // that is quiet, only the moves that may change the beam can be
        // noisy: the others are not even generated (same order as
        // `generate`, so the list is the same).
        let now = R::zap_now(board, side, beam).noisy_key();
        if now.is_some() {
            R::generate(board, side, out);
        } else {
            R::generate_near(board, side, beam, out);
        }
        // A move that zaps is never a ko (rule 6.1 needs the old board
        // back, pieces and all), so no ko filter is needed here.
        let mut keep = start;
        for i in start..out.len() {
            let mv = out[i];
            let key = if R::may_change_beam(mv, beam) {
                R::zap_after(board, side, mv, beam).noisy_key()
            } else {
                now
            };
            if let Some(key) = key {
                out[keep] = mv;
                keys.push(key);
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// One laser computation for the order and the exchange.
    #[inline]
    fn noisy_key(&self, mv: R::Move) -> Option<NoisyKey> {
        self.zap_after(mv).noisy_key()
    }

    /// The moves that leave the beam alone zap what it zaps now: worked
    /// out once, and only the others replayed.
    #[inline]
    fn noisy_keys_of(&self, moves: &[R::Move], mut noisy: impl FnMut(usize, NoisyKey)) {
        let (board, side, beam) = (self.pos.board(), self.pos.side, self.beam());
        let after = |mv| R::zap_after(board, side, mv, beam).noisy_key();
        match R::zap_now(board, side, beam).noisy_key() {
            // Nearly always: the beam zaps nothing now.
            None => {
                for (i, &mv) in moves.iter().enumerate() {
                    if R::may_change_beam(mv, beam) {
                        if let Some(key) = after(mv) {
                            noisy(i, key);
                        }
                    }
                }
            }
            Some(now) => {
                for (i, &mv) in moves.iter().enumerate() {
                    let key = if R::may_change_beam(mv, beam) {
                        after(mv)
                    } else {
                        Some(now)
                    };
                    if let Some(key) = key {
                        noisy(i, key);
                    }
                }
            }
        }
    }

    /// A one-move exchange: a zap of an opposing pawn wins 100, of an own
    /// pawn loses 100, of a king decides the game (±10,000), anything else
    /// 0; what the opponent's laser answers is left to the search. So
    /// quiescence (threshold 0) skips zaps of one's own pawns, and the move
    /// picker tries them after the quiet moves.
    #[inline]
    fn see_ge(&self, mv: R::Move, threshold: Score) -> bool {
        self.zap_after(mv).value >= threshold
    }

    /// The pawn count of each side: nearly every move shifts a pawn, so
    /// the squares would give a new key each ply; the material balance
    /// is what the evaluation's error follows.
    #[inline]
    fn correction_key(&self) -> u64 {
        let board = self.pos.board();
        let count = |side| u64::from(board.pawns(side).count_ones());
        count(Side::White) * 17 + count(Side::Black)
    }

    /// Allowed unless the game is over or the opponent's king could zap
    /// ours by firing (after at most a rotation) right now; passing then
    /// would hide a loss. Leiserchess has no real zugzwang: a side can
    /// always rotate a piece off the beams.
    fn null_move_allowed(&self) -> bool {
        // Two null moves in a row would search the same position again.
        let after_null = self.stack.last().is_some_and(|f| f.played.is_none());
        self.pos.zapped.is_none()
            && !after_null
            && !R::king_in_danger(self.pos.board(), self.pos.side)
    }

    fn make_null(&mut self) {
        self.stack.push(Frame {
            played: None,
            rep_window: self.rep_window,
            beam: self.beam,
        });
        self.rep_window = 0;
        self.pos.flip_side();
        self.beam = R::beam(self.pos.board(), self.pos.side);
        self.hashes.push(self.pos.hash());
    }

    fn unmake_null(&mut self) {
        self.unmake();
    }
}

impl<R: SearchRules> Frontend for Game<R> {
    const NAME: &'static str = R::NAME;
    const VARIANT: Option<&'static str> = R::VARIANT;
    const UCI_VARIANT: Option<&'static str> = Some(R::UCI_VARIANT);
    const SIDE_NAMES: [&'static str; 2] = ["Tangerine", "Lavender"];
    /// MIT's protocol gives the mover's clock (rule 9).
    const GO_DIALECT: GoDialect = GoDialect::MoverClock;
    /// A scale of its own (there is no outside one), level 0 at 1000:
    /// each measured level the sum of the Elo differences along a ladder
    /// of levels against each other, 2018 rules, 10 s + 0.1 s; levels
    /// between measured ones interpolated (docs/strength.md, "Levels").
    /// MIT's 2018 reference player is about 2000 on it (between levels
    /// 12 and 13).
    const STRENGTH_SCALE: StrengthScale = StrengthScale {
        nodes_at_level_0: 64,
        elo: [
            1000, 1045, 1089, 1134, 1188, 1241, 1295, 1395, 1496, 1596, 1631, 1720, 1961, 2031,
            2222, 2463, 2482, 2502, 2521, 2750, 2979,
        ],
    };

    const BENCH_DEPTH: u32 = R::BENCH_DEPTH;

    /// MIT's engine prints `perft <d> <count>` for each depth (rule 9).
    const PERFT_STYLE: PerftStyle = PerftStyle::PerDepth;

    fn bench_positions() -> &'static [&'static str] {
        R::bench_positions()
    }

    fn display(&self) -> String {
        let mut out = String::new();
        let board = self.pos.board();
        for rank in (0..8u8).rev() {
            let _ = write!(out, "{rank} ");
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
}
