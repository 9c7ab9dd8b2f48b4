//! The `Game` trait: the seam between the generic search, the UCI driver,
//! the autotester's referee and the web GUI on one side, and each game's
//! rules and knowledge on the other.
//!
//! Rules (what every user needs) come first; engine-only capabilities
//! (evaluation, noisy moves, null move, ordering hints) follow, with safe
//! defaults where a game may not have them.

use std::fmt::{Debug, Display};

/// A score in centipawn-like units from the side to move's point of view.
pub type Score = i32;

/// The two sides. In Leiserchess, `White` is Tangerine and `Black` Lavender.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    InsufficientMaterial,
    FiftyMoves,
    Repetition,
    KingZapped,
    NoLegalMoves,
}

impl Display for EndReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::FiftyMoves => "fifty-move rule",
            EndReason::Repetition => "repetition",
            EndReason::KingZapped => "king zapped",
            EndReason::NoLegalMoves => "no legal moves",
        })
    }
}

/// The end of a game by its rules: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub winner: Option<Side>,
    pub reason: EndReason,
}

impl Outcome {
    pub fn draw(reason: EndReason) -> Outcome {
        Outcome {
            winner: None,
            reason,
        }
    }

    pub fn win(winner: Side, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }

    /// The PGN result string: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_str(&self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// A spin option a game exposes over UCI (evaluation weights and the like).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinOption {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
}

/// The game's tunable evaluation parameters, settable over UCI.
pub trait EvalParams: Default + Clone + Debug + Send + Sync + 'static {
    /// Every option with its default, minimum and maximum.
    fn options() -> Vec<SpinOption>;
    /// Sets one option by its (case-insensitive) name; the value is within
    /// the option's bounds when the driver calls this.
    fn set(&mut self, name: &str, value: i32) -> Result<(), UnknownOption>;
}

/// No parameters, for games without tunable evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoParams;

impl EvalParams for NoParams {
    fn options() -> Vec<SpinOption> {
        Vec::new()
    }
    fn set(&mut self, name: &str, _value: i32) -> Result<(), UnknownOption> {
        Err(UnknownOption(name.to_string()))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown option '{0}'")]
pub struct UnknownOption(pub String);

/// How the `perft N` command prints its counts (`go perft N` always uses
/// [`PerftStyle::Divide`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftStyle {
    /// Like Stockfish: `<move>: <count>` per root move, a blank line, then
    /// `Nodes searched: <total>`.
    Divide,
    /// Like MIT's Leiserchess engine: `perft <d> <count>` for each depth
    /// from 1 to N.
    PerDepth,
}

/// A move a game can pack into 16 bits (for the transposition table).
pub trait GameMove: Copy + Eq + Send + Sync + Debug + Display + 'static {
    /// The packed form; never 0 for a real move.
    fn to_u16(self) -> u16;
}

/// A game the search can play and the referee can judge.
///
/// The state includes the history needed for repetition (and ko), so
/// `make` and `unmake` are a stack: `unmake` takes back the last `make`.
pub trait Game: Clone + Send + Sync + 'static {
    type Move: GameMove;
    type Params: EvalParams;
    type FenError: std::error::Error + Send + Sync + 'static;
    type MoveError: std::error::Error + Send + Sync + 'static;

    /// A short lower-case name: `chess`, `leiserchess`.
    const NAME: &'static str;
    /// The size of the dense move index used by history tables.
    const MOVE_INDEX_COUNT: usize;

    // ---- Rules -----------------------------------------------------------

    fn startpos() -> Self;
    fn from_fen(fen: &str) -> Result<Self, Self::FenError>;
    fn fen(&self) -> String;
    fn side_to_move(&self) -> Side;

    /// Appends every legal move (after `out.clear()` by the caller).
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// Parses a move in the game's text notation and checks it is legal.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;
    /// A move in the game's notation for SAN-like records (PGN move lists);
    /// defaults to the protocol notation.
    fn move_to_record(&self, mv: Self::Move) -> String {
        mv.to_string()
    }

    /// Plays a legal move.
    fn make(&mut self, mv: Self::Move);
    /// Takes back the last move played with `make`.
    fn unmake(&mut self);
    /// Plies played since the position was set up (`make` minus `unmake`).
    fn plies_played(&self) -> usize;

    /// Zobrist-style hash of the position (what repetition compares).
    fn hash(&self) -> u64;

    /// The end of the game by the rules, considering the whole history
    /// (mate, stalemate, king zapped, fifty moves, repetition, material).
    fn outcome(&self) -> Option<Outcome>;

    /// Human-readable board for `display` / `d`.
    fn display(&self) -> String;

    // ---- Engine hooks ----------------------------------------------------

    /// Static evaluation from the side to move's point of view.
    fn evaluate(&self, params: &Self::Params) -> Score;

    /// A breakdown of the evaluation for the `eval` command.
    fn eval_report(&self, params: &Self::Params) -> String {
        format!("total: {}\n", self.evaluate(params))
    }

    /// Cheap terminal check for the search, called at every node before
    /// move generation: decided games (a king zapped) and rule draws
    /// (fifty moves, insufficient material, a repetition since
    /// `plies_from_root` plies ago or a rule repetition before that).
    /// Mate and stalemate are found by the search when there is no move.
    fn search_outcome(&self, plies_from_root: usize) -> Option<Outcome>;

    /// The outcome when the side to move has no legal move
    /// (chess: mate or stalemate; Leiserchess: a loss, rule 5.5).
    fn no_moves_outcome(&self) -> Outcome;

    /// Whether the side to move is in check (for check extensions and to
    /// forbid null moves). Games without check return false.
    fn in_check(&self) -> bool {
        false
    }

    /// Whether `in_check` can ever be true. Without check the search
    /// decides to prune a quiet move before making it (whether a move
    /// gives check is otherwise only known once it is made).
    const HAS_CHECK: bool = false;

    /// Appends the noisy moves quiescence searches. With `in_check` the
    /// search generates all legal moves instead. Default: none.
    fn noisy_moves(&self, _out: &mut Vec<Self::Move>) {}

    /// Whether a move is noisy (not reduced or futility-pruned).
    fn is_noisy(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Ordering score for a noisy move: higher first (MVV-LVA and the like).
    fn noisy_order(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// `Some(noisy_order(mv))` for a noisy move, `None` for a quiet one, in
    /// one call for games that compute both from the same work (the move
    /// picker calls this once per move). Default: the two hooks above.
    #[inline]
    fn noisy_key(&self, mv: Self::Move) -> Option<i32> {
        if self.is_noisy(mv) {
            Some(self.noisy_order(mv))
        } else {
            None
        }
    }

    /// Static exchange evaluation: does this move win at least `threshold`?
    /// Used to prune losing captures. Default: always.
    fn see_ge(&self, _mv: Self::Move, _threshold: Score) -> bool {
        true
    }

    /// A dense index in `0..MOVE_INDEX_COUNT` for history tables.
    fn move_index(&self, mv: Self::Move) -> usize;

    /// Whether a null move is safe here (zugzwang risk is the game's call).
    fn null_move_allowed(&self) -> bool {
        false
    }
    /// Passes the turn (only called when `null_move_allowed`).
    fn make_null(&mut self) {}
    /// Takes back `make_null`.
    fn unmake_null(&mut self) {}

    /// Fixed positions (FEN) and depth for the `bench` command.
    fn bench_positions() -> &'static [&'static str];
    const BENCH_DEPTH: u32;

    /// How the `perft N` command prints (see [`PerftStyle`]).
    const PERFT_STYLE: PerftStyle = PerftStyle::Divide;

    /// Number of leaves of the legal game tree to `depth` (rules of the game
    /// about terminal positions included). Games override this with a fast
    /// bulk-counting version; the default walks the tree.
    fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for mv in moves {
            self.make(mv);
            total += self.perft(depth - 1);
            self.unmake();
        }
        total
    }
}
