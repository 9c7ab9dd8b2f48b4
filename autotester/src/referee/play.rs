//! Plays one game between two engines, refereeing it with the game's own
//! rules: every move is checked, the game ends by the rules, by the clock,
//! by an engine's failure or by adjudication. Written once for every game,
//! against the game object (`dyn DynGame`).

use super::adjudication::{Adjudication, Tracker, Verdict};
use super::clock::SideClock;
use crate::config::TimeControl;
use crate::openings::Opening;
use search::{GoDialect, Side};
use std::time::Duration;
use thiserror::Error;
use workbench::engine::{
    go_command, position_command, EngineMove, GoLimits, InfoStats, MoveFailure, UciEngine,
};
use workbench::pgn::{Evaluation, GameResult, PgnMove, Termination};
use workbench::{DynGame, GameEnd, GameError, GameType};

/// How one side's engine is limited.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideSetup {
    pub clock: Option<TimeControl>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// A fixed time per move (`st=`), sent as `go movetime`; a move that
    /// takes longer than it plus the margin loses on time.
    pub movetime: Option<Duration>,
    /// This side's margin over its clock or move time, instead of
    /// [`Rules::time_margin`] (`timemargin=`).
    pub time_margin: Option<Duration>,
}

/// The referee's settings for every game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rules {
    pub adjudication: Adjudication,
    /// Time an engine may overstep its clock before it loses on time.
    pub time_margin: Duration,
    /// Longest wait for a move when the engine has no clock (depth or
    /// node limits); then it is killed and loses.
    pub move_timeout: Duration,
    /// The search figures each move's PGN comment keeps (`-pgnout
    /// nodes=true …`).
    pub figures: PgnFigures,
    /// How the PGN writes moves (`-pgnout notation=san|lan|uci`).
    pub notation: PgnNotation,
    /// `-pgnout min=true` (fastchess's key): the PGN keeps the tags a
    /// rerun, `elo` and `merge` need and the bare moves. The referee
    /// plays the same; the writer (`runner::record`) drops the rest.
    pub minimal_pgn: bool,
}

/// `-pgnout notation=san|lan|uci` (fastchess's key): the game's record
/// notation (SAN for chess; the default), its long record notation (LAN
/// for chess: `Ng1f3`, `e5xd6`, `O-O`; the record notation for a game
/// without SAN), or the engines' protocol notation (`e2e4`, `e1g1`,
/// `e7e8q`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PgnNotation {
    #[default]
    Record,
    LongRecord,
    Protocol,
}

/// `-pgnout nodes=true seldepth=true nps=true hashfull=true tbhits=true
/// timeleft=true latency=true` (fastchess's keys): which of an engine's
/// last reported figures, and of the referee's own times, each move's
/// comment keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PgnFigures {
    pub nodes: bool,
    pub seldepth: bool,
    pub nps: bool,
    pub hashfull: bool,
    pub tbhits: bool,
    /// The mover's clock after the move (`tl=`).
    pub timeleft: bool,
    /// The move's wall time less the engine's reported time (`latency=`).
    pub latency: bool,
}

impl PgnFigures {
    /// Sets the figure `key` names; false for a key that names none.
    pub fn set(&mut self, key: &str, on: bool) -> bool {
        let field = match key {
            "nodes" => &mut self.nodes,
            "seldepth" => &mut self.seldepth,
            "nps" => &mut self.nps,
            "hashfull" => &mut self.hashfull,
            "tbhits" => &mut self.tbhits,
            "timeleft" => &mut self.timeleft,
            "latency" => &mut self.latency,
            _ => return false,
        };
        *field = on;
        true
    }

    /// The figures of `stats` to keep.
    fn keep(self, stats: InfoStats) -> InfoStats {
        let kept = |on: bool, value: Option<u64>| value.filter(|_| on);
        InfoStats {
            nodes: kept(self.nodes, stats.nodes),
            seldepth: kept(self.seldepth, stats.seldepth),
            nps: kept(self.nps, stats.nps),
            hashfull: kept(self.hashfull, stats.hashfull),
            tbhits: kept(self.tbhits, stats.tbhits),
            // Only the latency needs it, and that is written on its own.
            time: None,
        }
    }

    /// The comment of a move that took `answer.elapsed` and left the
    /// mover `time_left`, with the figures asked for.
    fn evaluation(self, answer: &EngineMove, time_left: Duration) -> Evaluation {
        Evaluation {
            score: answer.score,
            depth: answer.depth,
            time: answer.elapsed,
            time_left: self.timeleft.then_some(time_left),
            latency_ms: self.latency.then(|| latency_ms(answer)),
            stats: self.keep(answer.stats),
        }
    }
}

/// fastchess's latency: the whole milliseconds from `go` to `bestmove`
/// less the `time` of the engine's last `info` line that gave one (none:
/// all of it).
fn latency_ms(answer: &EngineMove) -> i64 {
    let elapsed = i64::try_from(answer.elapsed.as_millis()).unwrap_or(i64::MAX);
    let reported = answer
        .stats
        .time
        .map_or(0, |t| i64::try_from(t).unwrap_or(i64::MAX));
    elapsed.saturating_sub(reported)
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            adjudication: Adjudication::default(),
            time_margin: Duration::from_millis(100),
            move_timeout: Duration::from_secs(60),
            figures: PgnFigures::default(),
            notation: PgnNotation::default(),
            minimal_pgn: false,
        }
    }
}

/// A finished game, ready for the PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// Start position when it is not the game's start.
    pub fen: Option<String>,
    pub first_move_number: u32,
    pub black_first: bool,
    pub moves: Vec<PgnMove>,
    pub result: GameResult,
    pub termination: Termination,
    /// Why the game ended, in words (the PGN's final comment).
    pub reason: String,
    /// The first engine move of the game, when it was illegal: an engine
    /// that cannot make one legal move most likely plays another game.
    pub illegal_first_move: Option<(Side, String)>,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum RefereeError {
    #[error("opening start position {fen:?} is invalid: {problem}")]
    BadFen { fen: String, problem: String },
    #[error("opening move {mv:?} is not legal: {problem}")]
    BadOpeningMove { mv: String, problem: String },
}

/// How a game ended: its result, PGN termination and reason in words.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ending {
    result: GameResult,
    termination: Termination,
    reason: String,
}

impl Ending {
    /// An end by the rules or on time, in the words every front end uses,
    /// the sides named as `game` names them.
    fn of(end: GameEnd, game: &dyn DynGame) -> Ending {
        Ending {
            result: end.result(),
            termination: end.termination(),
            reason: end.describe(game.game_type().side_names()),
        }
    }

    /// A loss of `loser` decided by the referee.
    fn loss(loser: Side, termination: Termination, reason: String) -> Ending {
        Ending {
            result: GameResult::from_winner(Some(loser.opponent())),
            termination,
            reason,
        }
    }

    fn draw(termination: Termination, reason: String) -> Ending {
        Ending {
            result: GameResult::Draw,
            termination,
            reason,
        }
    }
}

/// The `go` command for `mover`: the clocks in the game's `dialect`, then
/// the mover's depth and node limits.
fn go_for(
    dialect: GoDialect,
    mover: Side,
    clocks: &[Option<SideClock>; 2],
    setup: &SideSetup,
) -> String {
    let limits = GoLimits {
        clocks: clocks
            .each_ref()
            .map(|c| c.as_ref().map(SideClock::go_clock)),
        depth: setup.depth,
        nodes: setup.nodes,
        movetime: setup.movetime,
    };
    go_command(dialect, mover, &limits)
}

/// A game being refereed: the position, its record so far, the clocks
/// and the adjudication counters.
struct Table<'a> {
    opening: &'a Opening,
    game: Box<dyn DynGame>,
    first_move_number: u32,
    black_first: bool,
    /// The moves since the opening's position, in protocol notation.
    protocol_moves: Vec<String>,
    moves: Vec<PgnMove>,
    clocks: [Option<SideClock>; 2],
    tracker: Tracker,
    /// The first engine move, when it was illegal.
    illegal_first_move: Option<(Side, String)>,
    notation: PgnNotation,
}

impl<'a> Table<'a> {
    /// The opening's position in `game` with its book moves played, the
    /// clocks set.
    fn set_up(
        game: &dyn GameType,
        opening: &'a Opening,
        setups: [&SideSetup; 2],
        notation: PgnNotation,
    ) -> Result<Self, RefereeError> {
        let game = match &opening.fen {
            Some(fen) => game.open(fen).map_err(|e| RefereeError::BadFen {
                fen: fen.clone(),
                problem: e.to_string(),
            })?,
            None => game.start(),
        };
        let mut table = Table {
            opening,
            first_move_number: game.move_number(),
            black_first: game.side_to_move() == Side::Black,
            game,
            protocol_moves: Vec::new(),
            moves: Vec::new(),
            clocks: setups.map(|s| s.clock.map(SideClock::new)),
            tracker: Tracker::default(),
            illegal_first_move: None,
            notation,
        };
        for text in &opening.moves {
            table
                .play(text, PgnMove::book)
                .map_err(|e| RefereeError::BadOpeningMove {
                    mv: text.clone(),
                    problem: e.to_string(),
                })?;
        }
        Ok(table)
    }

    /// Plays the legal move `text` names, recorded by `pgn` from its
    /// record notation (SAN for chess); the protocol moves keep the
    /// game's own spelling of it.
    fn play(&mut self, text: &str, pgn: impl FnOnce(String) -> PgnMove) -> Result<(), GameError> {
        let mv = self.game.parse(text)?;
        let protocol = self.game.move_text(mv)?;
        let written = match self.notation {
            PgnNotation::Record => self.game.move_record(mv)?,
            PgnNotation::LongRecord => self.game.move_long_record(mv)?,
            PgnNotation::Protocol => protocol.clone(),
        };
        self.game.make(mv)?;
        self.moves.push(pgn(written));
        self.protocol_moves.push(protocol);
        Ok(())
    }

    /// The end of the game before the next move: by the rules, or by the
    /// move limit.
    fn end_check(&self, adjudication: &Adjudication) -> Option<Ending> {
        if let Some(outcome) = self.game.outcome() {
            return Some(Ending::of(GameEnd::Rules(outcome), &*self.game));
        }
        let ply = self.moves.len() as u32;
        adjudication.max_plies.filter(|&max| ply >= max)?;
        let reason = format!("Draw by adjudication: {ply} moves played");
        Some(Ending::draw(Termination::Adjudication, reason))
    }

    /// Asks the mover's engine for a move, charges its clock and plays the
    /// move; the game ends if the engine fails, its flag falls or its move
    /// is illegal. Its score, for adjudication, when it gave one.
    fn engine_turn(
        &mut self,
        engine: &mut UciEngine,
        setup: &SideSetup,
        rules: &Rules,
    ) -> Result<EngineMove, Ending> {
        let mover = self.game.side_to_move();
        let i = mover.index();
        let position = position_command(self.opening.fen.as_deref(), &self.protocol_moves);
        let dialect = self.game.game_type().go_dialect();
        let go = go_for(dialect, mover, &self.clocks, setup);
        let margin = setup.time_margin.unwrap_or(rules.time_margin);
        let deadline = match (&self.clocks[i], setup.movetime) {
            (Some(c), _) => c.remaining() + margin,
            (None, Some(t)) => t + margin,
            (None, None) => rules.move_timeout,
        };
        let answer = engine
            .go(&position, &go, deadline)
            .map_err(|failure| match failure {
                // Past its move time and margin: a loss on time, as with a
                // clock.
                MoveFailure::Timeout { .. } if setup.movetime.is_some() => self.on_time(mover),
                failure => self.failure(failure),
            })?;
        if let Some(clock) = self.clocks[i].as_mut() {
            if clock.charge(answer.elapsed, margin).is_err() {
                return Err(self.on_time(mover));
            }
        }
        if setup.movetime.is_some_and(|t| answer.elapsed > t + margin) {
            return Err(self.on_time(mover));
        }
        let evaluation = rules.figures.evaluation(&answer, self.time_left(i, setup));
        let played = self.play(&answer.text, |record| {
            PgnMove::evaluated(record, evaluation)
        });
        if played.is_err() {
            let shown: String = answer.text.chars().take(40).collect();
            let name = self.game.side_name(mover);
            // A bare `bestmove` would otherwise read as a reason cut short.
            let reason = if shown.is_empty() {
                format!("{name} makes an illegal move: a bestmove without a move")
            } else {
                format!("{name} makes an illegal move: {shown}")
            };
            if self.moves.len() == self.opening.moves.len() {
                self.illegal_first_move = Some((mover, shown.clone()));
            }
            return Err(Ending::loss(mover, Termination::RulesInfraction, reason));
        }
        Ok(answer)
    }

    /// Side `i`'s time after its move, as fastchess counts it: its clock,
    /// its whole move time for `st=` (each move gets it afresh), none
    /// (zero) under depth or node limits alone.
    fn time_left(&self, i: usize, setup: &SideSetup) -> Duration {
        match (&self.clocks[i], setup.movetime) {
            (Some(clock), _) => clock.remaining(),
            (None, Some(t)) => t,
            (None, None) => Duration::ZERO,
        }
    }

    /// The end of the game when `loser`'s flag fell.
    fn on_time(&self, loser: Side) -> Ending {
        Ending::of(GameEnd::on_time(&*self.game, loser), &*self.game)
    }

    /// The end of a game whose mover's engine gave no move.
    fn failure(&self, failure: MoveFailure) -> Ending {
        let mover = self.game.side_to_move();
        let name = self.game.side_name(mover);
        match failure {
            MoveFailure::Timeout { .. } if self.clocks[mover.index()].is_some() => {
                self.on_time(mover)
            }
            MoveFailure::Timeout { elapsed } => {
                let reason = format!(
                    "{name} did not answer within {:.1}s and was killed",
                    elapsed.as_secs_f64()
                );
                Ending::loss(mover, Termination::Abandoned, reason)
            }
            MoveFailure::Crashed => {
                let reason = format!("{name}'s engine crashed");
                Ending::loss(mover, Termination::Abandoned, reason)
            }
            MoveFailure::Flood(flood) => {
                let reason = format!("{name} floods its output ({flood}) and was killed");
                Ending::loss(mover, Termination::RulesInfraction, reason)
            }
        }
    }

    /// Score adjudication after `mover`'s move that came with `answer`.
    fn adjudicate(
        &mut self,
        adjudication: &Adjudication,
        mover: Side,
        answer: &EngineMove,
    ) -> Option<Ending> {
        if self.game.outcome().is_some() {
            return None; // the rules have the last word
        }
        // The number of the move just played.
        let index = self.moves.len() as u32 - 1 + u32::from(self.black_first);
        let move_number = self.first_move_number + index / 2;
        match self
            .tracker
            .update(adjudication, mover, answer.score, move_number)?
        {
            Verdict::Resign { loser } => {
                let reason = format!("{} resigns (adjudication)", self.game.side_name(loser));
                Some(Ending::loss(loser, Termination::Adjudication, reason))
            }
            Verdict::Draw => {
                let reason = "Draw by adjudication: level scores".to_string();
                Some(Ending::draw(Termination::Adjudication, reason))
            }
        }
    }

    fn finish(self, ending: Ending) -> PlayedGame {
        PlayedGame {
            fen: self.opening.fen.clone(),
            first_move_number: self.first_move_number,
            black_first: self.black_first,
            moves: self.moves,
            result: ending.result,
            termination: ending.termination,
            reason: ending.reason,
            illegal_first_move: self.illegal_first_move,
        }
    }
}

/// Plays one game of `game` from `opening`; `engines` and `setups` are
/// indexed by side (white first). Engines that failed are left broken for
/// the caller to restart. `on_move` sees each engine move played
/// (protocol notation), for a live viewer.
pub fn play(
    game: &dyn GameType,
    opening: &Opening,
    setups: [&SideSetup; 2],
    engines: [&mut UciEngine; 2],
    rules: &Rules,
    on_move: &mut dyn FnMut(&str),
) -> Result<PlayedGame, RefereeError> {
    let mut table = Table::set_up(game, opening, setups, rules.notation)?;
    let ending = loop {
        if let Some(ending) = table.end_check(&rules.adjudication) {
            break ending;
        }
        let mover = table.game.side_to_move();
        let i = mover.index();
        let played = table.protocol_moves.len();
        let answer = table.engine_turn(engines[i], setups[i], rules);
        if table.protocol_moves.len() > played {
            if let Some(text) = table.protocol_moves.last() {
                on_move(text);
            }
        }
        let answer = match answer {
            Ok(answer) => answer,
            Err(ending) => break ending,
        };
        if let Some(ending) = table.adjudicate(&rules.adjudication, mover, &answer) {
            break ending;
        }
    };
    Ok(table.finish(ending))
}

#[cfg(test)]
mod tests {
    use super::{go_for, Ending, SideSetup};
    use crate::config::{Period, TimeControl};
    use crate::referee::clock::SideClock;
    use search::{GoDialect, Side};
    use workbench::pgn::{GameResult, Termination};
    use workbench::{GameEnd, GameKind};

    #[test]
    fn go_commands_from_the_referees_clocks() {
        // The referee's own clocks (here Fischer against tournament time)
        // in each game's dialect, then the side's depth and node limits.
        let fischer = TimeControl::Fischer {
            main: 2.0,
            increment: 0.1,
        };
        let period = Period {
            moves: 40,
            seconds: 3.0,
        };
        let tournament = TimeControl::Tournament {
            first: period,
            then: period,
        };
        let clocks = [fischer, tournament].map(|c| Some(SideClock::new(c)));
        let depth = SideSetup {
            depth: Some(3),
            nodes: Some(500),
            ..SideSetup::default()
        };
        assert_eq!(
            go_for(GoDialect::BothClocks, Side::Black, &clocks, &depth),
            "go wtime 2000 btime 3000 winc 100 binc 0 movestogo 40 depth 3 nodes 500"
        );
        assert_eq!(
            go_for(
                GoDialect::MoverClock,
                Side::White,
                &clocks,
                &SideSetup::default()
            ),
            "go time 2000 inc 100"
        );
    }

    #[test]
    fn st_is_go_movetime_in_both_dialects() {
        // No clock runs for an `st=` side: both dialects (MIT's
        // Leiserchess one included, whose engines read `movetime` like UCI
        // ones) get the move time alone.
        let st = SideSetup {
            movetime: Some(std::time::Duration::from_millis(250)),
            ..SideSetup::default()
        };
        for dialect in [GoDialect::BothClocks, GoDialect::MoverClock] {
            assert_eq!(
                go_for(dialect, Side::White, &[None, None], &st),
                "go movetime 250"
            );
        }
    }

    #[test]
    fn a_flag_fall_against_a_bare_king_is_a_drawn_time_forfeit() {
        let game = GameKind::Chess
            .game()
            .open("8/8/4k3/8/8/8/4P3/4K3 w - - 0 1")
            .expect("valid FEN");
        let game = &*game;
        let ending = Ending::of(GameEnd::on_time(game, Side::White), game);
        assert_eq!(
            (ending.result, ending.termination),
            (GameResult::Draw, Termination::TimeForfeit)
        );
        let ending = Ending::of(GameEnd::on_time(game, Side::Black), game);
        assert_eq!(
            (ending.result, ending.reason.as_str()),
            (GameResult::WhiteWins, "Black loses on time")
        );
    }
}
