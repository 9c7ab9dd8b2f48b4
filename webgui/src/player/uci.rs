//! An external UCI engine (given with `--engine` on the command line, never
//! by a request), driven through the workspace's one engine client
//! (`workbench::engine`): its own process group, bounded output, deadlines,
//! and the `go` command in the game's dialect. Searches run on the game's
//! engine thread, so the blocking client is at home there; the stop flag
//! is polled while waiting.

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use search::uci::VARIANT_OPTION;
use search::{Side, StrengthScale};
use workbench::engine::{
    go_command, position_command, GoLimits, GoWatch, Timeouts, UciEngine as Client,
};
use workbench::{DynGame, GameType, MoveId};

use crate::limits::{skill_level, FULL_LEVEL};

use super::{line_view, EngineError, Progress, ScoreView, SearchRequest, Searcher};

/// Extra time an engine gets past its limit, or after `stop`, before it
/// is given up on (and killed).
const GRACE: Duration = Duration::from_secs(5);
/// The longest search asked for without a time limit.
const UNTIMED_SEARCH: Duration = Duration::from_secs(600);

pub struct UciEngine {
    /// `None` once dropped (quitting needs the engine by value).
    client: Option<Client>,
    /// The `MultiPV` value set (1 until changed).
    multipv: usize,
    /// The level set (full strength until changed: the engine's own
    /// default, as UCI engines start at full strength).
    level: u8,
}

impl UciEngine {
    /// Starts the program and completes the UCI handshake. In a game whose
    /// rule sets `UCI_Variant` chooses (`GameType::uci_variant`:
    /// Leiserchess 2018 or 2016), an engine that declares the option is
    /// set to the game's rule set, whatever its default (start-up checked
    /// that it lists it); one that does not is taken to play it already.
    /// For Chess960 the engine's `UCI_Chess960` is turned on.
    pub fn spawn(game: &'static dyn GameType, path: &Path) -> Result<UciEngine, EngineError> {
        let timeouts = Timeouts::default();
        let start = |e: workbench::engine::EngineError| EngineError::Start(e.to_string());
        let mut client = Client::start_program(path, &timeouts).map_err(start)?;
        let declared = client.declared_options().to_vec();
        let declares = |name: &str| declared.iter().any(|o| o.eq_ignore_ascii_case(name));
        if let (Some(variant), true) = (game.uci_variant(), declares(VARIANT_OPTION)) {
            client
                .set_option(VARIANT_OPTION, variant, &timeouts)
                .map_err(start)?;
        }
        // Chess960's `UCI_Chess960`: start-up checked that the engine has it.
        if let Some(switch) = game.uci_switch() {
            if !declares(switch) {
                return Err(EngineError::Start(format!(
                    "the engine cannot play {}: it has no {switch} option",
                    game.meta().title
                )));
            }
            client
                .set_option(switch, "true", &timeouts)
                .map_err(start)?;
        }
        Ok(UciEngine {
            client: Some(client),
            multipv: 1,
            level: FULL_LEVEL,
        })
    }
}

/// How a program can be weakened, by the options it declares: Stockfish's
/// `Skill Level` (the same 0 to 20 scale as the built-in search) first,
/// else the standard `UCI_LimitStrength` with `UCI_Elo`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LevelOptions {
    SkillLevel,
    LimitStrength,
    None,
}

impl LevelOptions {
    fn of(declared: &[String]) -> LevelOptions {
        let declares = |name: &str| declared.iter().any(|o| o.eq_ignore_ascii_case(name));
        if declares("Skill Level") {
            LevelOptions::SkillLevel
        } else if declares("UCI_LimitStrength") && declares("UCI_Elo") {
            LevelOptions::LimitStrength
        } else {
            LevelOptions::None
        }
    }

    /// The `setoption` name and value pairs that set `level`.
    fn settings(self, level: u8) -> Vec<(&'static str, String)> {
        let skill = skill_level(level);
        match self {
            LevelOptions::SkillLevel => vec![("Skill Level", skill.to_string())],
            LevelOptions::LimitStrength if level >= FULL_LEVEL => {
                vec![("UCI_LimitStrength", "false".into())]
            }
            // An outside engine's own scale is unknown: the levels are
            // spread over the provisional one, 70 Elo a skill step.
            LevelOptions::LimitStrength => vec![
                ("UCI_LimitStrength", "true".into()),
                (
                    "UCI_Elo",
                    StrengthScale::PROVISIONAL.elo_of(skill).to_string(),
                ),
            ],
            LevelOptions::None => Vec::new(),
        }
    }
}

/// Parses an `info` line with a score into progress; other lines give
/// `None`.
fn parse_info(root: &dyn DynGame, line: &str) -> Option<Progress> {
    let mut words = line.split_whitespace();
    if words.next()? != "info" {
        return None;
    }
    let mut progress = Progress {
        multipv: 1,
        depth: 0,
        seldepth: 0,
        score: ScoreView::Cp(0),
        nodes: 0,
        nps: 0,
        time_ms: 0,
        pv: Vec::new(),
        first: None,
        arrows: Vec::new(),
        stats: None,
        note: None,
    };
    let mut has_score = false;
    let sign = if root.side_to_move() == Side::White {
        1
    } else {
        -1
    };
    while let Some(word) = words.next() {
        match word {
            "multipv" => progress.multipv = words.next()?.parse().ok()?,
            "depth" => progress.depth = words.next()?.parse().ok()?,
            "seldepth" => progress.seldepth = words.next()?.parse().ok()?,
            "nodes" => progress.nodes = words.next()?.parse().ok()?,
            "nps" => progress.nps = words.next()?.parse().ok()?,
            "time" => progress.time_ms = words.next()?.parse().ok()?,
            "score" => {
                let kind = words.next()?;
                let value: i32 = words.next()?.parse().ok()?;
                progress.score = match kind {
                    "cp" => ScoreView::Cp(value * sign),
                    "mate" => ScoreView::Mate(value * sign),
                    _ => return None,
                };
                has_score = true;
            }
            "pv" => {
                let mut game = root.clone_box();
                let mut line = Vec::new();
                for text in words.by_ref() {
                    let Ok(mv) = game.parse(text) else { break };
                    if game.make(mv).is_err() {
                        break;
                    }
                    line.push(mv);
                }
                let (pv, arrows) = line_view(root, line.into_iter());
                progress.first = arrows.first().cloned();
                (progress.pv, progress.arrows) = (pv, arrows);
            }
            _ => {}
        }
    }
    has_score.then_some(progress)
}

impl Searcher for UciEngine {
    fn search(
        &mut self,
        request: &SearchRequest,
        stop: &AtomicBool,
        report: &mut dyn FnMut(Progress),
    ) -> Result<Option<MoveId>, EngineError> {
        let client = self
            .client
            .as_mut()
            .ok_or_else(|| EngineError::Protocol("the engine is closed".into()))?;
        let root = request.game.as_ref();
        // Analysis asks for several lines, from an engine that has them.
        let declares_multipv = client
            .declared_options()
            .iter()
            .any(|o| o.eq_ignore_ascii_case("MultiPV"));
        if request.multipv != self.multipv && declares_multipv {
            client
                .set_option(
                    "MultiPV",
                    &request.multipv.to_string(),
                    &Timeouts::default(),
                )
                .map_err(|e| EngineError::Protocol(e.to_string()))?;
            self.multipv = request.multipv;
        }
        let mover = root.side_to_move();
        let position = position_command(Some(&request.start_fen), &request.moves);
        let dialect = root.game_type().go_dialect();
        let go = go_command(dialect, mover, &GoLimits::for_mover(&request.limits, mover));
        let budget = request.limits.movetime.unwrap_or(UNTIMED_SEARCH);
        let mut on_info = |line: &str| {
            if let Some(progress) = parse_info(root, line) {
                report(progress);
            }
        };
        let watch = GoWatch {
            stop: Some(stop),
            stop_grace: GRACE,
            on_info: Some(&mut on_info),
        };
        let answer = client
            .go_watched(&position, &go, budget + GRACE, watch)
            .map_err(|e| EngineError::Protocol(e.to_string()))?;
        let text = answer.text.as_str();
        if text.is_empty() || text == "(none)" || text == "0000" {
            return Ok(None);
        }
        root.parse(text)
            .map(Some)
            .map_err(|_| EngineError::IllegalMove(text.to_string()))
    }

    fn set_level(&mut self, level: u8) -> Result<bool, EngineError> {
        let client = self
            .client
            .as_mut()
            .ok_or_else(|| EngineError::Protocol("the engine is closed".into()))?;
        let options = LevelOptions::of(client.declared_options());
        if options == LevelOptions::None {
            return Ok(level >= FULL_LEVEL);
        }
        if level != self.level {
            for (name, value) in options.settings(level) {
                client
                    .set_option(name, &value, &Timeouts::default())
                    .map_err(|e| EngineError::Protocol(e.to_string()))?;
            }
            self.level = level;
        }
        Ok(true)
    }

    /// A broken engine (it crashed, hung or flooded and was killed) is
    /// started again before the next search.
    fn should_resize(&self) -> bool {
        self.client.as_ref().map_or(true, Client::is_broken)
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        // Ask politely, then make sure no engine process outlives the game.
        if let Some(client) = self.client.take() {
            client.quit();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use workbench::GameKind;

    #[test]
    fn info_lines_become_progress_from_whites_view() {
        let mut game = GameKind::Chess.game().start();
        game.play("e2e4").expect("legal");
        let game = game.as_ref();
        let p = parse_info(
            game,
            "info depth 7 seldepth 9 score cp 31 nodes 1200 nps 60000 time 20 pv e7e5 g1f3",
        )
        .expect("an info line with a score");
        assert_eq!(p.depth, 7);
        assert_eq!(p.score, ScoreView::Cp(-31));
        assert_eq!(p.pv, vec!["e5".to_string(), "Nf3".to_string()]);
        assert!(parse_info(game, "info string hello").is_none());
    }

    #[test]
    fn levels_become_the_options_the_engine_declares() {
        let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let stockfish = LevelOptions::of(&names(&["Hash", "skill level", "UCI_Elo"]));
        assert_eq!(
            stockfish.settings(2),
            vec![("Skill Level", "3".to_string())]
        );
        let elo = LevelOptions::of(&names(&["UCI_LimitStrength", "UCI_Elo"]));
        assert_eq!(
            elo.settings(1),
            vec![
                ("UCI_LimitStrength", "true".to_string()),
                ("UCI_Elo", StrengthScale::PROVISIONAL.min_elo().to_string())
            ]
        );
        assert_eq!(
            elo.settings(8),
            vec![("UCI_LimitStrength", "false".to_string())]
        );
        assert_eq!(LevelOptions::of(&names(&["Hash"])), LevelOptions::None);
    }
}
