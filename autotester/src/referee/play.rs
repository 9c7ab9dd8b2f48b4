//! Plays one game between two engines, refereeing it with the game's own
//! rules: every move is checked, the game ends by the rules, by the clock,
//! by an engine's failure or by adjudication. Generic over the game, so it
//! is compiled once for chess and once for Leiserchess.

use super::adjudication::{Adjudication, Tracker, Verdict};
use super::clock::SideClock;
use crate::config::TimeControl;
use crate::engine::{MoveFailure, UciEngine};
use crate::openings::Opening;
use crate::pgn::{Evaluation, GameResult, PgnMove, Termination};
use search::{Frontend, GoDialect, Outcome, Side};
use std::fmt::Write;
use std::time::Duration;
use thiserror::Error;

/// How one side's engine is limited.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideSetup {
    pub clock: Option<TimeControl>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
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
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            adjudication: Adjudication::default(),
            time_margin: Duration::from_millis(100),
            move_timeout: Duration::from_secs(60),
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
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum RefereeError {
    #[error("opening start position {fen:?} is invalid: {problem}")]
    BadFen { fen: String, problem: String },
    #[error("opening move {mv:?} is not legal: {problem}")]
    BadOpeningMove { mv: String, problem: String },
}

/// The display name of `side` in game `G`.
fn side_name<G: Frontend>(side: Side) -> &'static str {
    G::SIDE_NAMES[side.index()]
}

fn win(winner: Side) -> GameResult {
    match winner {
        Side::White => GameResult::WhiteWins,
        Side::Black => GameResult::BlackWins,
    }
}

/// The result and words for an end by the rules.
fn by_rules<G: Frontend>(o: Outcome) -> (GameResult, String) {
    let result = o.winner.map_or(GameResult::Draw, win);
    (result, o.describe(G::SIDE_NAMES))
}

/// The end of a game lost on time by `loser` in position `game`: a loss,
/// unless its opponent could not win by any means (a draw).
fn time_loss<G: Frontend>(game: &G, loser: Side) -> (GameResult, String) {
    let name = side_name::<G>(loser);
    if !game.can_win_on_time(loser.opponent()) {
        let reason = format!("Draw: {name} loses on time but its opponent cannot win");
        return (GameResult::Draw, reason);
    }
    (win(loser.opponent()), format!("{name} loses on time"))
}

/// The `go` command for `mover`.
fn go_command(
    dialect: GoDialect,
    mover: Side,
    clocks: &[Option<SideClock>; 2],
    setup: &SideSetup,
) -> String {
    let mut go = String::from("go");
    let ms = |d: Duration| d.as_millis().max(1);
    if let Some(own) = &clocks[mover.index()] {
        match dialect {
            GoDialect::MoverClock => {
                let _ = write!(
                    go,
                    " time {} inc {}",
                    ms(own.remaining()),
                    own.increment().as_millis()
                );
            }
            GoDialect::BothClocks => {
                // An opponent without a clock is shown the mover's clock.
                let other = clocks[mover.opponent().index()].as_ref().unwrap_or(own);
                let (white, black) = match mover {
                    Side::White => (own, other),
                    Side::Black => (other, own),
                };
                let _ = write!(
                    go,
                    " wtime {} btime {} winc {} binc {}",
                    ms(white.remaining()),
                    ms(black.remaining()),
                    white.increment().as_millis(),
                    black.increment().as_millis()
                );
            }
        }
        if let Some(n) = own.moves_to_go() {
            let _ = write!(go, " movestogo {n}");
        }
    }
    if let Some(d) = setup.depth {
        let _ = write!(go, " depth {d}");
    }
    if let Some(n) = setup.nodes {
        let _ = write!(go, " nodes {n}");
    }
    if go == "go" {
        go.push_str(" infinite"); // unreachable for checked configurations
    }
    go
}

/// Plays one game from `opening`; `engines` and `setups` are indexed by
/// side (white first). Engines that failed are left broken for the caller
/// to restart.
pub fn play<G: Frontend>(
    opening: &Opening,
    setups: [&SideSetup; 2],
    engines: [&mut UciEngine; 2],
    rules: &Rules,
) -> Result<PlayedGame, RefereeError> {
    let mut game = match &opening.fen {
        Some(fen) => G::from_fen(fen).map_err(|e| RefereeError::BadFen {
            fen: fen.clone(),
            problem: e.to_string(),
        })?,
        None => G::startpos(),
    };
    let first_move_number = game.move_number();
    let black_first = game.side_to_move() == Side::Black;
    let mut protocol_moves: Vec<String> = Vec::new();
    let mut moves = Vec::new();
    for text in &opening.moves {
        let mv = game
            .parse_move(text)
            .map_err(|e| RefereeError::BadOpeningMove {
                mv: text.clone(),
                problem: e.to_string(),
            })?;
        moves.push(PgnMove::book(game.move_to_record(mv)));
        protocol_moves.push(mv.to_string());
        game.make(mv);
    }
    let position_base = match &opening.fen {
        Some(fen) => format!("position fen {fen}"),
        None => "position startpos".to_string(),
    };
    let mut clocks = setups.map(|s| s.clock.map(SideClock::new));
    let mut tracker = Tracker::default();
    let finish = |moves, result, termination, reason| PlayedGame {
        fen: opening.fen.clone(),
        first_move_number,
        black_first,
        moves,
        result,
        termination,
        reason,
    };
    let [white_engine, black_engine] = engines;
    let engines = [white_engine, black_engine];

    loop {
        if let Some(outcome) = game.outcome() {
            let (result, reason) = by_rules::<G>(outcome);
            return Ok(finish(moves, result, Termination::Normal, reason));
        }
        let ply = moves.len() as u32;
        if rules.adjudication.max_plies.is_some_and(|max| ply >= max) {
            let reason = format!("Draw by adjudication: {ply} moves played");
            return Ok(finish(
                moves,
                GameResult::Draw,
                Termination::Adjudication,
                reason,
            ));
        }

        let mover = game.side_to_move();
        let i = mover.index();
        let loses = win(mover.opponent());
        let name = side_name::<G>(mover);
        let mut position = position_base.clone();
        if !protocol_moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&protocol_moves.join(" "));
        }
        let go = go_command(G::GO_DIALECT, mover, &clocks, setups[i]);
        let deadline = match &clocks[i] {
            Some(c) => c.remaining() + rules.time_margin,
            None => rules.move_timeout,
        };
        let answer = match engines[i].go(&position, &go, deadline) {
            Ok(answer) => answer,
            Err(MoveFailure::Timeout { .. }) if clocks[i].is_some() => {
                let (result, reason) = time_loss(&game, mover);
                return Ok(finish(moves, result, Termination::TimeForfeit, reason));
            }
            Err(MoveFailure::Timeout { elapsed }) => {
                let reason = format!(
                    "{name} did not answer within {:.1}s and was killed",
                    elapsed.as_secs_f64()
                );
                return Ok(finish(moves, loses, Termination::Abandoned, reason));
            }
            Err(MoveFailure::Crashed) => {
                let reason = format!("{name}'s engine crashed");
                return Ok(finish(moves, loses, Termination::Abandoned, reason));
            }
            Err(MoveFailure::Flood(flood)) => {
                let reason = format!("{name} floods its output ({flood}) and was killed");
                return Ok(finish(moves, loses, Termination::RulesInfraction, reason));
            }
        };
        if let Some(clock) = clocks[i].as_mut() {
            if clock.charge(answer.elapsed, rules.time_margin).is_err() {
                let (result, reason) = time_loss(&game, mover);
                return Ok(finish(moves, result, Termination::TimeForfeit, reason));
            }
        }
        let mv = match game.parse_move(&answer.text) {
            Ok(mv) => mv,
            Err(_) => {
                let shown: String = answer.text.chars().take(40).collect();
                let reason = format!("{name} makes an illegal move: {shown}");
                return Ok(finish(moves, loses, Termination::RulesInfraction, reason));
            }
        };
        moves.push(PgnMove::evaluated(
            game.move_to_record(mv),
            Evaluation {
                score: answer.score,
                depth: answer.depth,
                time: answer.elapsed,
            },
        ));
        protocol_moves.push(mv.to_string());
        game.make(mv);

        let index = ply + u32::from(black_first);
        let move_number = first_move_number + index / 2;
        match tracker.update(&rules.adjudication, mover, answer.score, move_number) {
            Some(Verdict::Resign { loser }) if game.outcome().is_none() => {
                let reason = format!("{} resigns (adjudication)", side_name::<G>(loser));
                let result = win(loser.opponent());
                return Ok(finish(moves, result, Termination::Adjudication, reason));
            }
            Some(Verdict::Draw) if game.outcome().is_none() => {
                let reason = "Draw by adjudication: level scores".to_string();
                return Ok(finish(
                    moves,
                    GameResult::Draw,
                    Termination::Adjudication,
                    reason,
                ));
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{by_rules, go_command, time_loss, SideSetup};
    use crate::config::TimeControl;
    use crate::pgn::GameResult;
    use crate::referee::clock::SideClock;
    use chess::Chess;
    use leiserchess::Leiserchess;
    use search::{GoDialect, Outcome, Rules, Side};

    #[test]
    fn go_commands_in_each_games_form() {
        let fis = |main, increment| Some(SideClock::new(TimeControl::Fischer { main, increment }));
        let clocks = [fis(2.0, 0.1), fis(3.0, 0.2)];
        let setup = SideSetup::default();
        assert_eq!(
            go_command(GoDialect::BothClocks, Side::Black, &clocks, &setup),
            "go wtime 2000 btime 3000 winc 100 binc 200"
        );
        assert_eq!(
            go_command(GoDialect::MoverClock, Side::Black, &clocks, &setup),
            "go time 3000 inc 200"
        );
        let depth = SideSetup {
            depth: Some(3),
            nodes: Some(500),
            ..SideSetup::default()
        };
        assert_eq!(
            go_command(GoDialect::BothClocks, Side::White, &[None, None], &depth),
            "go depth 3 nodes 500"
        );
        // A clocked side facing an unclocked one sees its own clock twice.
        assert_eq!(
            go_command(
                GoDialect::BothClocks,
                Side::White,
                &[fis(1.0, 0.0), None],
                &depth
            ),
            "go wtime 1000 btime 1000 winc 0 binc 0 depth 3 nodes 500"
        );
    }

    #[test]
    fn losing_on_time_to_a_bare_king_is_a_draw_in_chess() {
        let fen = "8/8/4k3/8/8/8/4P3/4K3 w - - 0 1";
        // Black, with its bare king, flags against White: White wins.
        let game = Chess::from_fen(fen).expect("valid FEN");
        let (r, _) = time_loss(&game, Side::Black);
        assert_eq!(r, GameResult::WhiteWins);
        // White flags: Black cannot mate, a draw.
        let (r, s) = time_loss(&game, Side::White);
        assert_eq!(r, GameResult::Draw, "{s}");
        // Leiserchess has no such rule (5.6).
        let lone = Leiserchess::from_fen("ss7/8/8/8/8/8/8/7NN W").expect("valid FEN");
        let (r, s) = time_loss(&lone, Side::White);
        assert_eq!(
            (r, s.as_str()),
            (GameResult::BlackWins, "Tangerine loses on time")
        );
    }

    #[test]
    fn reasons_by_rules() {
        let (r, s) = by_rules::<Chess>(Outcome::win(Side::Black, chess::game::CHECKMATE));
        assert_eq!((r, s.as_str()), (GameResult::BlackWins, "Black mates"));
        let zap = Outcome::win(Side::White, leiserchess::game::KING_ZAPPED);
        let (r, s) = by_rules::<Leiserchess>(zap);
        assert_eq!(
            (r, s.as_str()),
            (GameResult::WhiteWins, "Lavender's king is zapped")
        );
        let (r, s) = by_rules::<Chess>(Outcome::draw(search::EndReason::REPETITION));
        assert_eq!((r, s.as_str()), (GameResult::Draw, "Draw by repetition"));
    }
}
