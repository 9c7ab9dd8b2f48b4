//! A played game as the runner keeps it ([`GameRecord`]) and as it writes
//! it: a PGN game with the tags cutechess writes (Event, Site, Date,
//! Round, White, Black, Result, TimeControl, FEN when needed, Termination,
//! Variant for a rule set other than the game's default), book moves
//! marked, a comment per engine move.

use crate::config::Player;
use crate::fingerprint::TAG;
use crate::referee::PlayedGame;
use crate::report::GameRecord;
use workbench::pgn::{Header, PgnGame};

/// The `TimeControl` value of a player: its clock, or `-` (no clock).
pub fn time_control_tag(player: &Player) -> String {
    player
        .time_control
        .map_or_else(|| "-".to_string(), |tc| tc.pgn())
}

/// The machine's name for the `Site` tag.
pub fn site() -> String {
    std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "?".into())
}

/// Where and when, computed once per run.
#[derive(Clone, Debug)]
pub struct Context {
    pub event: String,
    pub site: String,
    pub date: String,
    /// The run's settings (`crate::fingerprint`), tagged on every game.
    pub fingerprint: String,
    /// The `Variant` tag of the game's rule set (`GameType::variant`):
    /// none for a game's default rules.
    pub variant: Option<&'static str>,
}

/// The record of a game of round `round` that `white` and `black` played.
pub fn to_record(round: u32, white: &Player, black: &Player, played: &PlayedGame) -> GameRecord {
    GameRecord {
        round: round.to_string(),
        white: white.name.clone(),
        black: black.name.clone(),
        start: played.fen.clone(),
        result: played.result,
        termination: Some(played.termination),
        reason: Some(played.reason.clone()),
    }
}

/// The PGN of a game of round `round` that `white` and `black` played.
pub fn to_pgn(
    context: &Context,
    round: u32,
    white: &Player,
    black: &Player,
    played: PlayedGame,
) -> PgnGame {
    let (wtc, btc) = (time_control_tag(white), time_control_tag(black));
    let mut extra = Vec::new();
    let time_control = if wtc == btc {
        wtc
    } else {
        extra.push(("WhiteTimeControl".to_string(), wtc));
        extra.push(("BlackTimeControl".to_string(), btc));
        "?".to_string()
    };
    extra.push(("PlyCount".to_string(), played.moves.len().to_string()));
    extra.push((TAG.to_string(), context.fingerprint.clone()));
    let mut game = PgnGame::new(Header {
        event: context.event.clone(),
        site: context.site.clone(),
        date: context.date.clone(),
        round: round.to_string(),
        white: white.name.clone(),
        black: black.name.clone(),
        time_control: Some(time_control),
        fen: played.fen,
        termination: Some(played.termination),
        extra,
    });
    game.set_variant(context.variant);
    game.first_move_number = played.first_move_number;
    game.black_first = played.black_first;
    game.moves = played.moves;
    game.final_comment = Some(played.reason);
    game.set_result(played.result);
    game
}
