//! One game's state, whatever the game (a `DynGame` with its history):
//! start position, moves played, players, engine strength, clocks and
//! result. No threads here; `live` wraps a session for concurrent use and
//! runs the engine.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use search::Side;
use workbench::pgn::{lichess_comment, write_game, Header, PgnGame, PgnMove, Score};
use workbench::view::{Laser, Offer};
use workbench::{DynGame, GameEnd, GameError, MoveId};

use crate::clock::{ClockView, Clocks, TimeControl};
use crate::error::ApiError;
use crate::limits::EngineLimit;
use crate::player::SearchRequest;

mod line;
pub use line::{AnalysisBoard, AnalysisBoardView, MAX_LINE};

/// Longest move text accepted (the longest real move is `d5e4f5`, or a
/// long SAN such as `exd8=Q+`).
const MAX_MOVE_TEXT: usize = 16;

/// Plies played before the clocks start: each side's first move is free,
/// as on lichess, so a game nobody has touched is never lost on time.
pub const CLOCK_START_PLY: usize = 2;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    Human,
    Engine,
}

/// The result as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResultView {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// `white`, `black`, or `None` for a draw.
    pub winner: Option<&'static str>,
    /// A stable code: `checkmate`, `king_zapped`, `time`, ...
    pub reason: &'static str,
    /// A sentence for people, with the game's side names.
    pub text: String,
}

/// A move of the move list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveRecord {
    /// 1 for the first move played.
    pub ply: usize,
    /// Protocol notation.
    pub text: String,
    /// Record notation (SAN for chess).
    pub record: String,
    /// `white` or `black`.
    pub side: &'static str,
    pub from: String,
    pub to: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swap: Option<String>,
}

/// The highlighted squares of the move that led to a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastMove {
    pub from: String,
    pub to: String,
    pub swap: Option<String>,
}

/// A position of the game, as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionView {
    pub ply: usize,
    pub fen: String,
    /// Piece codes, a1 first.
    pub board: Vec<String>,
    pub side_to_move: &'static str,
    pub last_move: Option<LastMove>,
    /// Leiserchess: the laser fired by the last move.
    pub laser: Option<Laser>,
    /// The king in check (chess).
    pub check: Option<String>,
    /// The side to move's pieces that may not move (2016 Leiserchess:
    /// pawns on the enemy laser's path, 2016 rule 3.4).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pinned: Vec<String>,
}

pub fn side_str(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// A game as played here: its positions, who plays, its clocks and how it
/// ended. The moves are kept as the game object's ids (to replay earlier
/// positions) and as records (for the page and the PGN).
pub struct Session {
    start: Box<dyn DynGame>,
    start_fen: String,
    /// The current position, with the moves that led to it.
    game: Box<dyn DynGame>,
    moves: Vec<MoveId>,
    records: Vec<MoveRecord>,
    /// By ply (index 0: the first move), what the PGN's comments need
    /// about each move that the position alone no longer tells.
    annotations: Vec<MoveNote>,
    players: [Player; 2],
    limit: EngineLimit,
    clocks: Option<Clocks>,
    control: Option<TimeControl>,
    end: Option<GameEnd>,
    /// Set on an analysis board: its variations.
    board: Option<AnalysisBoard>,
}

/// What the session remembers of each move for the PGN's lichess-style
/// comments: the clocks move on, so the mover's time after the move has to
/// be kept when it is played, and dropped with it on undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MoveNote {
    /// The mover's time left once the move was made (increment included),
    /// when the game has a clock.
    clock: Option<Duration>,
    /// The engine played it against a person: the position after it is
    /// never searched (the person moves next), so the engine's score of
    /// the position it moved from stands for it (see [`eval_after`]).
    engine_reply: bool,
}

/// A game object's refusal of a move id: one listed in another position
/// (a move found for a position the game has left), answered as a
/// conflict with the game's current state.
fn refused(e: GameError) -> ApiError {
    ApiError::Conflict(e.to_string())
}

impl Session {
    /// A session from `start`; the clocks start with [`Session::start_clocks`].
    pub fn new(
        start: Box<dyn DynGame>,
        players: [Player; 2],
        limit: EngineLimit,
        control: Option<TimeControl>,
    ) -> Session {
        let start_fen = start.fen();
        let end = start.outcome().map(GameEnd::Rules);
        Session {
            game: start.clone(),
            start,
            start_fen,
            moves: Vec::new(),
            records: Vec::new(),
            annotations: Vec::new(),
            players,
            limit,
            clocks: None,
            control,
            end,
            board: None,
        }
    }

    /// Sets the clocks (when the game has a time control) with neither
    /// running: they start once each side has made its first move
    /// ([`CLOCK_START_PLY`]). Clocks only exist when a person plays:
    /// between engines the per-move limit is the time control.
    pub fn start_clocks(&mut self, now: Instant) {
        let has_human = self.players.contains(&Player::Human);
        if let (Some(control), true, None) = (self.control, has_human, self.end) {
            self.clocks = Some(Clocks::new(control));
            self.resume_clocks(now);
        }
    }

    /// Runs the side to move's clock from `now` once each side has made
    /// its first move, and keeps both stopped before that (also after an
    /// undo back into the first moves) or once the game is over.
    fn resume_clocks(&mut self, now: Instant) {
        let stm = self.side_to_move();
        let started = self.moves.len() >= CLOCK_START_PLY && self.end.is_none();
        if let Some(clocks) = &mut self.clocks {
            if started {
                clocks.restart(stm, now);
            } else {
                clocks.stop(now);
            }
        }
    }

    pub fn game(&self) -> &dyn DynGame {
        self.game.as_ref()
    }

    pub fn side_to_move(&self) -> Side {
        self.game.side_to_move()
    }

    pub fn player(&self, side: Side) -> Player {
        self.players[side.index()]
    }

    pub fn players(&self) -> [Player; 2] {
        self.players
    }

    /// Takes the clocks away (an analysis board has none).
    pub fn drop_clocks(&mut self) {
        self.clocks = None;
        self.control = None;
    }

    /// Who plays each side from now on (analysis: a person plays both).
    pub fn set_players(&mut self, players: [Player; 2]) {
        self.players = players;
    }

    pub fn limit(&self) -> EngineLimit {
        self.limit
    }

    pub fn set_limit(&mut self, limit: EngineLimit) {
        self.limit = limit;
    }

    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    pub fn records(&self) -> &[MoveRecord] {
        &self.records
    }

    pub fn end(&self) -> Option<GameEnd> {
        self.end
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    pub fn start_fen(&self) -> &str {
        &self.start_fen
    }

    pub fn clocks(&self) -> Option<&Clocks> {
        self.clocks.as_ref()
    }

    pub fn clock_view(&self, now: Instant) -> Option<ClockView> {
        self.clocks.as_ref().map(|c| c.view(now))
    }

    /// The legal moves and what clicking each piece offers: nothing once
    /// the game is over (also when it ended by resignation, agreement or
    /// time, with moves left on the board).
    pub fn offer(&self) -> Offer {
        if self.is_over() {
            return Offer::default();
        }
        self.game.view().offer()
    }

    /// Parses a typed or clicked move and checks it is legal now.
    pub fn parse(&self, text: &str) -> Result<MoveId, ApiError> {
        let text = text.trim();
        if text.is_empty() || text.len() > MAX_MOVE_TEXT {
            return Err(ApiError::BadRequest(format!(
                "a move is 1 to {MAX_MOVE_TEXT} characters"
            )));
        }
        if self.is_over() {
            return Err(ApiError::Conflict("the game is over".into()));
        }
        self.game.parse(text).map_err(|e| ApiError::IllegalMove {
            text: text.to_string(),
            reason: e.to_string(),
        })
    }

    /// Plays a legal move at `now`, charging the mover's clock.
    pub fn play(&mut self, mv: MoveId, now: Instant) -> Result<(), ApiError> {
        if self.is_over() {
            return Err(ApiError::Conflict("the game is over".into()));
        }
        // A move id from another position is refused before any clock runs.
        let info = self.game.view().move_info(mv).map_err(refused)?;
        let side = self.side_to_move();
        // Before the clocks start a move costs nothing and earns no
        // increment.
        if let Some(clocks) = self.clocks.as_mut().filter(|c| c.is_running()) {
            if !clocks.complete_move(side, now) {
                self.end = Some(GameEnd::on_time(self.game.as_ref(), side));
                clocks.stop(now);
                return Err(ApiError::Conflict("time is up".into()));
            }
        }
        self.game.make(mv).map_err(refused)?;
        self.moves.push(mv);
        // Taken after `complete_move`: the time left with the increment,
        // as lichess's `[%clk]` shows it. Before the clocks start it is
        // the full initial time (the move was free).
        let clock = self.clocks.as_ref().map(|c| c.remaining(side, now));
        // A person cannot move for the engine's side when the engine
        // plays a person (`live/moves.rs` refuses it), so such a move is
        // the engine's own.
        let engine_reply =
            self.player(side) == Player::Engine && self.player(side.opponent()) == Player::Human;
        self.annotations.push(MoveNote {
            clock,
            engine_reply,
        });
        self.records.push(MoveRecord {
            ply: self.moves.len(),
            text: info.text,
            record: info.record,
            side: side_str(side),
            from: info.from,
            to: info.to,
            swap: info.swap,
        });
        if let Some(outcome) = self.game.outcome() {
            self.end = Some(GameEnd::Rules(outcome));
        }
        if let Err(e) = self.record_line() {
            self.undo(1, now)?;
            return Err(e);
        }
        if !self.clocks.as_ref().is_some_and(Clocks::is_running) || self.is_over() {
            self.resume_clocks(now);
        }
        Ok(())
    }

    /// Ends the game: `loser` resigns.
    pub fn resign(&mut self, loser: Side, now: Instant) -> Result<(), ApiError> {
        self.end_by_players(GameEnd::Resigned { loser }, now)
    }

    /// Ends the game in a draw the players agreed on.
    pub fn agree_draw(&mut self, now: Instant) -> Result<(), ApiError> {
        self.end_by_players(GameEnd::DrawAgreed, now)
    }

    fn end_by_players(&mut self, end: GameEnd, now: Instant) -> Result<(), ApiError> {
        if self.is_over() {
            return Err(ApiError::Conflict("the game is over".into()));
        }
        self.end = Some(end);
        if let Some(clocks) = &mut self.clocks {
            clocks.stop(now);
        }
        Ok(())
    }

    /// Plies an undo takes back by default: one, and more while that would
    /// leave an engine to move against a person (so the person moves next).
    pub fn default_undo_plies(&self) -> usize {
        let has_human = self.players.contains(&Player::Human);
        let stm = self.side_to_move();
        let mut plies = 1;
        while has_human && plies < self.moves.len() {
            let side = if plies % 2 == 1 { stm.opponent() } else { stm };
            if self.player(side) == Player::Human {
                break;
            }
            plies += 1;
        }
        plies.min(self.moves.len())
    }

    /// Takes back `plies` moves; the clock of the side then to move runs.
    pub fn undo(&mut self, plies: usize, now: Instant) -> Result<(), ApiError> {
        if self.moves.is_empty() {
            return Err(ApiError::Conflict("there is no move to undo".into()));
        }
        if plies == 0 || plies > self.moves.len() {
            return Err(ApiError::BadRequest(format!(
                "can undo 1 to {} plies",
                self.moves.len()
            )));
        }
        if matches!(self.end, Some(GameEnd::Time { .. })) {
            return Err(ApiError::Conflict("the game ended on time".into()));
        }
        for _ in 0..plies {
            self.game.unmake();
            self.moves.pop();
            self.records.pop();
            self.annotations.pop();
        }
        self.end = self.game.outcome().map(GameEnd::Rules);
        self.resume_clocks(now);
        Ok(())
    }

    /// Ends the game if the running clock's flag has fallen; true if so.
    pub fn check_flag(&mut self, now: Instant) -> bool {
        if self.is_over() {
            return false;
        }
        let Some(clocks) = &mut self.clocks else {
            return false;
        };
        match clocks.flagged(now) {
            Some(loser) => {
                clocks.stop(now);
                self.end = Some(GameEnd::on_time(self.game.as_ref(), loser));
                true
            }
            None => false,
        }
    }

    /// The result, if the game has ended: by the rules, or on time (a
    /// draw when the side whose flag did not fall could not win).
    pub fn result_view(&self) -> Option<ResultView> {
        let end = self.end?;
        Some(ResultView {
            result: end.result().as_str(),
            winner: end.winner().map(side_str),
            reason: end.code(),
            text: end.describe(self.game.game_type().side_names()),
        })
    }

    /// The position after `ply` moves (0 = the start position).
    pub fn position_at(&self, ply: usize) -> Result<PositionView, ApiError> {
        if ply > self.moves.len() {
            return Err(ApiError::BadRequest(format!(
                "ply must be between 0 and {}",
                self.moves.len()
            )));
        }
        if ply == self.moves.len() {
            return Ok(self.view_of(self.game.as_ref(), ply));
        }
        let game = self.replay(ply).map_err(refused)?;
        Ok(self.view_of(game.as_ref(), ply))
    }

    /// The start position with the first `ply` moves played again (so the
    /// position is as it was, the laser of its last move included).
    fn replay(&self, ply: usize) -> Result<Box<dyn DynGame>, GameError> {
        let mut game = self.start.clone();
        for &mv in &self.moves[..ply] {
            game.make(mv)?;
        }
        Ok(game)
    }

    /// The current position.
    pub fn current_view(&self) -> PositionView {
        self.view_of(self.game.as_ref(), self.moves.len())
    }

    fn view_of(&self, game: &dyn DynGame, ply: usize) -> PositionView {
        let last_move = ply.checked_sub(1).map(|i| {
            let r = &self.records[i];
            LastMove {
                from: r.from.clone(),
                to: r.to.clone(),
                swap: r.swap.clone(),
            }
        });
        let view = game.view();
        PositionView {
            ply,
            fen: game.fen(),
            board: view.board(),
            side_to_move: side_str(game.side_to_move()),
            last_move,
            laser: if ply > 0 { view.last_laser() } else { None },
            check: view.check_square(),
            pinned: view.pinned(),
        }
    }

    /// What to ask an engine for the side to move.
    pub fn search_request(
        &self,
        limit: EngineLimit,
        multipv: usize,
        now: Instant,
    ) -> SearchRequest {
        let stm = self.side_to_move();
        let clock = self.clocks.as_ref().map(|c| c.search_clock(stm, now));
        SearchRequest {
            game: self.game.clone(),
            start_fen: self.start_fen.clone(),
            moves: self.records.iter().map(|r| r.text.clone()).collect(),
            limits: limit.to_limits(clock),
            multipv,
        }
    }

    /// The game after `ply` moves (its history included), if there are
    /// that many.
    pub fn game_at(&self, ply: usize) -> Option<Box<dyn DynGame>> {
        if ply > self.moves.len() {
            return None;
        }
        if ply == self.moves.len() {
            return Some(self.game.clone());
        }
        self.replay(ply).ok()
    }

    /// What to ask an engine to analyse the position after `ply` moves:
    /// no clock.
    pub fn analysis_request(
        &self,
        ply: usize,
        limit: EngineLimit,
        multipv: usize,
    ) -> Option<SearchRequest> {
        Some(SearchRequest {
            game: self.game_at(ply)?,
            start_fen: self.start_fen.clone(),
            moves: self.records[..ply].iter().map(|r| r.text.clone()).collect(),
            limits: limit.to_limits(None),
            multipv,
        })
    }

    /// The game as PGN (with the rule-7.4 tags for Leiserchess), each
    /// move followed by lichess's comment (`[%eval]`, `[%clk]`) where
    /// there is something to say. `evals` are the positions' scores by
    /// ply (0: the start position), from White's view.
    pub fn pgn(
        &self,
        player_names: [String; 2],
        date: &str,
        evals: &BTreeMap<usize, Score>,
    ) -> String {
        let [white, black] = player_names;
        let game_type = self.game.game_type();
        let fen = (self.start_fen != game_type.start().fen()).then(|| self.start_fen.clone());
        let mut game = PgnGame::new(Header {
            event: format!("Casual {} game", game_type.name()),
            site: "webgui".into(),
            date: date.to_string(),
            round: "-".into(),
            white,
            black,
            time_control: Some(self.control.map_or_else(|| "-".into(), |c| c.pgn_tag())),
            fen,
            termination: self.end.map(|end| end.termination()),
            extra: Vec::new(),
        });
        game.number_from(self.start.as_ref());
        game.set_variant(game_type.variant());
        game.moves = self
            .records
            .iter()
            .zip(&self.annotations)
            .map(|(r, note)| PgnMove {
                text: r.record.clone(),
                comment: lichess_comment(eval_after(r, note, evals), note.clock),
            })
            .collect();
        if let Some(end) = self.end {
            game.set_result(end.result());
        }
        write_game(&game)
    }
}

/// The evaluation of the position after the move `record`, White's view:
/// its own score when that position was searched (analysis, the
/// whole-game pass, or the engine answering the move); otherwise, for the
/// engine's reply to a person, the score the engine reported for the
/// position it moved from. That is the value of the line it played, the
/// move it chose included (as engine PGNs annotate an engine's move), one
/// move nearer a mate it gives.
fn eval_after(
    record: &MoveRecord,
    note: &MoveNote,
    evals: &BTreeMap<usize, Score>,
) -> Option<Score> {
    let ply = record.ply;
    if let Some(&score) = evals.get(&ply) {
        return Some(score);
    }
    if !note.engine_reply {
        return None;
    }
    match *evals.get(&(ply - 1))? {
        Score::Centipawns(cp) => Some(Score::Centipawns(cp)),
        Score::Mate(n) => {
            // The scores are White's: a positive mate is White's.
            let mover_mates = n != 0 && (n > 0) == (record.side == "white");
            let left = if mover_mates { n - n.signum() } else { n };
            // `#0` would be the mate itself: the result says it.
            (left != 0).then_some(Score::Mate(left))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use workbench::GameKind;

    fn chess_session(players: [Player; 2]) -> Session {
        Session::new(
            GameKind::Chess.game().start(),
            players,
            EngineLimit::default(),
            None,
        )
    }

    fn play(s: &mut Session, text: &str) {
        let mv = s.parse(text).expect("legal");
        s.play(mv, Instant::now()).expect("plays");
    }

    #[test]
    fn scholars_mate_ends_the_game_with_a_result() {
        let mut s = chess_session([Player::Human, Player::Human]);
        for m in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"] {
            play(&mut s, m);
        }
        let r = s.result_view().expect("over");
        assert_eq!((r.result, r.reason), ("1-0", "checkmate"));
        assert!(matches!(s.parse("a6"), Err(ApiError::Conflict(_))));
        let pgn = s.pgn(["A".into(), "B".into()], "2024.01.01", &BTreeMap::new());
        assert!(
            pgn.contains("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0"),
            "{pgn}"
        );
        assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
    }

    #[test]
    fn undo_returns_the_turn_to_the_person() {
        let mut s = chess_session([Player::Human, Player::Engine]);
        play(&mut s, "e4");
        play(&mut s, "e5");
        assert_eq!(s.default_undo_plies(), 2);
        s.undo(2, Instant::now()).expect("undo");
        assert_eq!(s.ply(), 0);
        play(&mut s, "d4");
        // The engine's turn (it is thinking): one ply.
        assert_eq!(s.default_undo_plies(), 1);
        assert!(s.undo(5, Instant::now()).is_err());
    }

    #[test]
    fn positions_at_earlier_plies_replay_the_moves() {
        let mut s = chess_session([Player::Human, Player::Human]);
        play(&mut s, "e4");
        play(&mut s, "c5");
        let p1 = s.position_at(1).expect("in range");
        assert_eq!(p1.side_to_move, "black");
        assert_eq!(p1.last_move.expect("a move").to, "e4");
        assert_eq!(s.position_at(0).expect("start").fen, s.start_fen());
        assert!(s.position_at(3).is_err());
    }

    /// A person (White) against the engine from `start`, one second each,
    /// with the clocks set at `t0` and `first_moves` played then (the
    /// clocks start after two).
    fn clocked_session(start: Box<dyn DynGame>, t0: Instant, first_moves: &[&str]) -> Session {
        let mut s = Session::new(
            start,
            [Player::Human, Player::Engine],
            EngineLimit::default(),
            Some(TimeControl {
                initial_ms: 1000,
                increment_ms: 500,
            }),
        );
        s.start_clocks(t0);
        for text in first_moves {
            let mv = s.parse(text).expect("legal");
            s.play(mv, t0).expect("plays");
        }
        s
    }

    #[test]
    fn no_clock_runs_until_each_side_has_moved() {
        let t0 = Instant::now();
        let minute = Duration::from_secs(60);
        let mut s = clocked_session(GameKind::Chess.game().start(), t0, &[]);
        // Nobody has moved: a minute later nobody has lost on time.
        assert!(!s.check_flag(t0 + minute));
        let e4 = s.parse("e4").expect("legal");
        s.play(e4, t0 + minute).expect("White's first move is free");
        assert!(!s.check_flag(t0 + 2 * minute));
        let e5 = s.parse("e5").expect("legal");
        s.play(e5, t0 + 2 * minute)
            .expect("Black's first move is free");
        let clocks = s.clocks().expect("clocked");
        // No increment for the free moves; White's clock runs from now.
        let now = t0 + 2 * minute;
        assert_eq!(clocks.view(now).running, Some("white"));
        assert_eq!(clocks.remaining(Side::Black, now), Duration::from_secs(1));
        let later = now + Duration::from_millis(400);
        assert_eq!(
            clocks.remaining(Side::White, later),
            Duration::from_millis(600)
        );
        assert!(s.check_flag(now + Duration::from_millis(1_001)));
        // An undo back into the first moves stops the clocks again.
        let mut s = clocked_session(GameKind::Chess.game().start(), t0, &["e4", "e5"]);
        s.undo(1, t0).expect("undo");
        assert!(!s.check_flag(t0 + minute));
    }

    #[test]
    fn the_flag_falls_for_the_side_to_move() {
        let t0 = Instant::now();
        let mut s = clocked_session(GameKind::Chess.game().start(), t0, &["e4", "e5"]);
        assert!(!s.check_flag(t0));
        assert!(s.check_flag(t0 + Duration::from_millis(1500)));
        let r = s.result_view().expect("over");
        assert_eq!((r.result, r.reason), ("0-1", "time"));
        assert_eq!(r.text, "White loses on time");
        let pgn = s.pgn(["A".into(), "B".into()], "2024.01.01", &BTreeMap::new());
        assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
        assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    }

    #[test]
    fn a_flag_fall_against_a_bare_king_is_a_draw() {
        // White's flag falls, but Black has a bare king (FIDE 6.9).
        let start = GameKind::Chess
            .game()
            .open("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
            .expect("valid FEN");
        let t0 = Instant::now();
        let mut s = clocked_session(start, t0, &["Kd1", "Kd8"]);
        assert!(s.check_flag(t0 + Duration::from_millis(1500)));
        let r = s.result_view().expect("over");
        assert_eq!((r.result, r.winner, r.reason), ("1/2-1/2", None, "time"));
        assert_eq!(r.text, "Draw: White ran out of time but Black cannot win");
        let pgn = s.pgn(["A".into(), "B".into()], "2024.01.01", &BTreeMap::new());
        assert!(
            pgn.contains("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]"),
            "{pgn}"
        );
        assert!(pgn.trim_end().ends_with("1/2-1/2"), "{pgn}");
    }

    #[test]
    fn a_move_id_of_another_position_is_refused_before_the_clock_runs() {
        let t0 = Instant::now();
        let mut s = clocked_session(GameKind::Chess.game().start(), t0, &["e4", "e5"]);
        let nf3 = s.parse("g1f3").expect("legal");
        s.play(nf3, t0).expect("plays");
        let stale = s.play(nf3, t0 + Duration::from_millis(300));
        assert!(matches!(stale, Err(ApiError::Conflict(_))), "{stale:?}");
        assert_eq!(s.ply(), 3);
        // Black's clock still runs: White's has not started again.
        let clocks = s.clocks().expect("clocked");
        let later = t0 + Duration::from_millis(600);
        assert_eq!(
            clocks.remaining(Side::White, later),
            Duration::from_millis(1_500)
        );
        assert_eq!(
            clocks.remaining(Side::Black, later),
            Duration::from_millis(400)
        );
    }

    #[test]
    fn every_game_plays_records_and_exports_through_the_game_object() {
        for kind in GameKind::ALL {
            let mut s = Session::new(
                kind.game().start(),
                [Player::Human, Player::Human],
                EngineLimit::default(),
                None,
            );
            let first = s.game().legal_moves()[0];
            let text = s.game().move_text(first).expect("legal");
            let mv = s.parse(&text).expect("its own notation");
            s.play(mv, Instant::now()).expect("plays");
            assert_eq!(s.records()[0].text, text, "{kind:?}");
            assert_eq!(s.position_at(0).expect("start").fen, s.start_fen());
            let pgn = s.pgn(["A".into(), "B".into()], "2024.01.01", &BTreeMap::new());
            let name = kind.game().name();
            assert!(pgn.contains(&format!("Casual {name} game")), "{pgn}");
            let tagged = pgn.contains("[Variant ");
            assert_eq!(tagged, kind.game().variant().is_some(), "{pgn}");
        }
    }

    #[test]
    fn undo_drops_the_clock_kept_for_the_pgn() {
        let t0 = Instant::now();
        let secs = Duration::from_secs;
        let mut s = Session::new(
            GameKind::Chess.game().start(),
            [Player::Human, Player::Engine],
            EngineLimit::default(),
            Some(TimeControl {
                initial_ms: 60_000,
                increment_ms: 2_000,
            }),
        );
        s.start_clocks(t0);
        for (text, at) in [("e4", t0), ("e5", t0), ("Nf3", t0 + secs(5))] {
            let mv = s.parse(text).expect("legal");
            s.play(mv, at).expect("plays");
        }
        // The free moves keep the full time; Nf3 cost 5 s and earned 2 s.
        let clocks: Vec<_> = s.annotations.iter().map(|n| n.clock).collect();
        assert_eq!(clocks, [Some(secs(60)), Some(secs(60)), Some(secs(57))]);
        s.undo(1, t0 + secs(5)).expect("undo");
        assert_eq!(s.annotations.len(), 2);
        let pgn = s.pgn(["A".into(), "B".into()], "2024.01.01", &BTreeMap::new());
        assert!(!pgn.contains("0:00:57"), "{pgn}");
        // The move played instead carries its own time, not the undone one's.
        let nc3 = s.parse("Nc3").expect("legal");
        s.play(nc3, t0 + secs(30)).expect("plays");
        let pgn = s.pgn(["A".into(), "B".into()], "2024.01.01", &BTreeMap::new());
        assert!(pgn.contains("2. Nc3 {[%clk 0:00:34]}"), "{pgn}");
        assert!(pgn.contains("1. e4 {[%clk 0:01:00]}"), "{pgn}");
        assert!(!pgn.contains("%eval"), "no evaluations given: {pgn}");
    }

    #[test]
    fn the_engines_reply_carries_the_score_it_moved_on() {
        let pgn_with = |players, evals: &[(usize, Score)]| {
            let mut s = chess_session(players);
            play(&mut s, "e4");
            play(&mut s, "e5");
            s.pgn(
                ["A".into(), "B".into()],
                "-",
                &evals.iter().copied().collect(),
            )
        };
        let person_engine = [Player::Human, Player::Engine];
        let pgn = pgn_with(person_engine, &[(1, Score::Centipawns(-35))]);
        assert!(
            pgn.contains("e4 {[%eval -0.35]} e5 {[%eval -0.35]}"),
            "{pgn}"
        );
        // Black (the engine) mates in 2 from its move: in 1 after it.
        let pgn = pgn_with(person_engine, &[(1, Score::Mate(-2))]);
        assert!(pgn.contains("e5 {[%eval #-1]}"), "{pgn}");
        // White mates in 2: the loser's move brings it no nearer.
        let pgn = pgn_with(person_engine, &[(1, Score::Mate(2))]);
        assert!(pgn.contains("e5 {[%eval #2]}"), "{pgn}");
        // A score of the position itself wins over the engine's.
        let evals = [(1, Score::Centipawns(10)), (2, Score::Centipawns(20))];
        let pgn = pgn_with(person_engine, &evals);
        assert!(pgn.contains("e5 {[%eval 0.20]}"), "{pgn}");
        // A person's move says nothing of the position it did not search.
        let pgn = pgn_with([Player::Human, Player::Human], &[(1, Score::Centipawns(5))]);
        assert!(pgn.contains("e4 {[%eval 0.05]} e5 "), "{pgn}");
        assert!(!pgn.contains("e5 {"), "{pgn}");
    }

    #[test]
    fn bad_move_text_is_a_client_error() {
        let s = chess_session([Player::Human, Player::Human]);
        assert!(matches!(s.parse(""), Err(ApiError::BadRequest(_))));
        assert!(matches!(s.parse("e2e5"), Err(ApiError::IllegalMove { .. })));
        assert!(matches!(
            s.parse(&"x".repeat(100)),
            Err(ApiError::BadRequest(_))
        ));
    }
}
