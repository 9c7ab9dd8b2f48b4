//! A played game as the runner keeps it ([`GameRecord`]) and as it writes
//! it: a PGN game with the tags cutechess writes (Event, Site, Date,
//! Round, White, Black, Result, TimeControl, FEN when needed, Termination,
//! Variant for a rule set other than the game's default), book moves
//! marked, a comment per engine move; or, for `-pgnout min=true`, the
//! tags a rerun needs and the bare moves.

use crate::config::Player;
use crate::fingerprint::TAG;
use crate::referee::PlayedGame;
use crate::report::GameRecord;
use crate::report::FIRST_TAG;
use workbench::pgn::{Header, PgnGame};

/// The `TimeControl` value of a player: its clock, its move time as
/// cutechess writes it (`0.5/move`), or `-` (neither).
pub fn time_control_tag(player: &Player) -> String {
    match (player.time_control, player.movetime) {
        (Some(tc), _) => tc.pgn(),
        (None, Some(t)) => format!("{}/move", t.as_secs_f64()),
        (None, None) => "-".to_string(),
    }
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
    /// The run's first engine, tagged on every game (`FIRST_TAG`) so that
    /// `elo` reports from its side (issue 40 item 3).
    pub first: String,
    /// `-pgnout min=true`: games written as [`minimise`] leaves them.
    pub minimal: bool,
}

/// The tags `-pgnout min=true` keeps: fastchess's (the Seven Tag Roster,
/// SetUp, FEN and Variant) and the two of ours that a rerun, `elo` and
/// `merge` read: a game without its `Fingerprint` is another run's, and
/// `FirstEngine` orients the report.
const MINIMAL_TAGS: [&str; 12] = [
    "Event", "Site", "Date", "Round", "White", "Black", "Result", "SetUp", "FEN", "Variant", TAG,
    FIRST_TAG,
];

/// fastchess's minimal PGN: the tags above, the moves without comments
/// (book markers included) and no final comment. A rerun still finds
/// every game by round and players; read back, a game has no termination
/// or reason, and its book moves count as the engines' own when a rerun
/// asks whether an engine has shown it plays this game.
fn minimise(game: &mut PgnGame) {
    game.tags
        .retain(|(k, _)| MINIMAL_TAGS.contains(&k.as_str()));
    for m in &mut game.moves {
        m.comment = None;
    }
    game.final_comment = None;
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
    extra.push((FIRST_TAG.to_string(), context.first.clone()));
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
    if context.minimal {
        minimise(&mut game);
    }
    game
}

#[cfg(test)]
mod tests {
    use super::{to_pgn, to_record, Context};
    use crate::config::Player;
    use crate::referee::PlayedGame;
    use crate::report::GameRecord;
    use std::time::Duration;
    use workbench::pgn::{
        read_games, write_game, Evaluation, GameResult, PgnMove, Score, Termination,
    };

    fn player(name: &str) -> Player {
        Player {
            name: name.into(),
            invoke: "engine".into(),
            family: name.into(),
            time_control: None,
            depth: Some(3),
            nodes: None,
            movetime: None,
            time_margin: None,
            restart: false,
            options: Vec::new(),
        }
    }

    fn context() -> Context {
        Context {
            event: "e".into(),
            site: "s".into(),
            date: "2026.01.01".into(),
            fingerprint: "f".into(),
            variant: Some("2016"),
            first: "new".into(),
            minimal: false,
        }
    }

    fn played() -> PlayedGame {
        let evaluation = Evaluation {
            score: Some(Score::Centipawns(25)),
            depth: Some(3),
            time: Duration::from_millis(20),
            ..Evaluation::default()
        };
        PlayedGame {
            fen: Some("ss7/8/8/8/8/8/8/7NN W".into()),
            first_move_number: 1,
            black_first: false,
            // Every engine move carries its evaluation, so the reason is
            // read back as the game's final comment.
            moves: vec![
                PgnMove::book("a1b2"),
                PgnMove::evaluated("c3d4", evaluation),
            ],
            result: GameResult::BlackWins,
            termination: Termination::TimeForfeit,
            reason: "Tangerine loses on time".into(),
            illegal_first_move: None,
        }
    }

    #[test]
    fn a_resumed_game_reads_back_as_the_record_it_was_played_as() {
        let (white, black, played) = (player("new"), player("old"), played());
        let record = to_record(7, &white, &black, &played);
        let text = write_game(&to_pgn(&context(), 7, &white, &black, played));
        let back = read_games(&text).expect("our own PGN reads");
        assert_eq!(GameRecord::all_of(&back), [record]);
        assert_eq!(back[0].variant(), Some("2016"));
    }

    #[test]
    fn a_minimal_game_keeps_the_tags_a_rerun_needs_and_no_comments() {
        let context = Context {
            minimal: true,
            ..context()
        };
        let (white, black, played) = (player("new"), player("old"), played());
        let record = to_record(7, &white, &black, &played);
        let text = write_game(&to_pgn(&context, 7, &white, &black, played));
        assert!(!text.contains('{'), "{text}");
        let back = read_games(&text).expect("our own PGN reads");
        let names: Vec<&str> = back[0].tags.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            names,
            [
                "Event",
                "Site",
                "Date",
                "Round",
                "White",
                "Black",
                "Result",
                "Variant",
                "SetUp",
                "FEN",
                "Fingerprint",
                "FirstEngine"
            ]
        );
        assert_eq!(back[0].moves.len(), 2);
        // The same game for a rerun and the reports; how it ended is lost.
        let bare = GameRecord {
            termination: None,
            reason: None,
            ..record
        };
        assert_eq!(GameRecord::all_of(&back), [bare]);
    }
}
