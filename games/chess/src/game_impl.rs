//! `search::Game` for chess: the seam the search, the UCI driver, the
//! autotester and the web GUI use.

use search::{EndReason, Game, GameMove, NoParams, Outcome, Score};

use crate::game::{side_of, Chess};
use crate::movegen::{count_legal_moves, generate, push_moves};
use crate::mv::Move;
use crate::notation::MoveParseError;
use crate::perft::perft;
use crate::role::Role;
use crate::FenError;

impl GameMove for Move {
    #[inline]
    fn to_u16(self) -> u16 {
        self.bits()
    }
}

const PIECE_VALUES: [Score; 6] = [100, 320, 330, 500, 900, 0];

impl Game for Chess {
    type Move = Move;
    type Params = NoParams;
    type FenError = FenError;
    type MoveError = MoveParseError;

    const NAME: &'static str = "chess";
    const MOVE_INDEX_COUNT: usize = 64 * 64;
    const BENCH_DEPTH: u32 = 5;

    fn startpos() -> Chess {
        Chess::default()
    }

    fn from_fen(fen: &str) -> Result<Chess, FenError> {
        Chess::from_fen(fen)
    }

    fn fen(&self) -> String {
        self.position().fen()
    }

    fn side_to_move(&self) -> search::Side {
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

    fn move_to_record(&self, mv: Move) -> String {
        self.position().san(mv)
    }

    #[inline]
    fn make(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }

    #[inline]
    fn unmake(&mut self) {
        self.undo();
    }

    fn plies_played(&self) -> usize {
        self.plies()
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.position().hash()
    }

    fn outcome(&self) -> Option<Outcome> {
        Chess::outcome(self)
    }

    fn display(&self) -> String {
        Chess::display(self)
    }

    /// Material only, for now.
    fn evaluate(&self, _params: &NoParams) -> Score {
        let pos = self.position();
        let us = pos.side_to_move();
        Role::ALL
            .iter()
            .map(|&role| {
                PIECE_VALUES[role.index()]
                    * (pos.pieces(us, role).count() as Score
                        - pos.pieces(!us, role).count() as Score)
            })
            .sum()
    }

    #[inline]
    fn search_outcome(&self, plies_from_root: usize) -> Option<Outcome> {
        self.search_draw(plies_from_root)
    }

    fn no_moves_outcome(&self) -> Outcome {
        let pos = self.position();
        if pos.in_check() {
            Outcome::win(side_of(!pos.side_to_move()), EndReason::Checkmate)
        } else {
            Outcome::draw(EndReason::Stalemate)
        }
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.position().in_check()
    }

    #[inline]
    fn move_index(&self, mv: Move) -> usize {
        mv.from().index() * 64 + mv.to().index()
    }

    fn bench_positions() -> &'static [&'static str] {
        &[crate::position::STARTING_FEN]
    }

    fn perft(&mut self, depth: u32) -> u64 {
        match depth {
            1 => count_legal_moves(self.position()),
            _ => perft(self.position(), depth),
        }
    }
}
