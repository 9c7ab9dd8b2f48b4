//! A played game as a PGN game: the tags cutechess writes (Event, Site,
//! Date, Round, White, Black, Result, TimeControl, FEN when needed,
//! Termination), book moves marked, a comment per engine move.

use crate::config::Player;
use crate::pgn::{Header, PgnGame};
use crate::referee::PlayedGame;
use std::time::{SystemTime, UNIX_EPOCH};

/// The `TimeControl` value of a player: its clock, or `-` (no clock).
pub fn time_control_tag(player: &Player) -> String {
    player
        .time_control
        .map_or_else(|| "-".to_string(), |tc| tc.pgn())
}

/// Civil date `YYYY.MM.DD` (UTC) of a Unix day number (Howard Hinnant's
/// `civil_from_days`).
fn date_of_day(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// Today's date for the PGN, `????.??.??` if the clock is before 1970.
pub fn today() -> String {
    match SystemTime::now().duration_since(UNIX_EPOCH) {
        Ok(d) => date_of_day((d.as_secs() / 86_400) as i64),
        Err(_) => "????.??.??".into(),
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
}

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
    game.first_move_number = played.first_move_number;
    game.black_first = played.black_first;
    game.moves = played.moves;
    game.final_comment = Some(played.reason);
    game.set_result(played.result);
    game
}

#[cfg(test)]
mod tests {
    use super::date_of_day;

    #[test]
    fn civil_dates() {
        assert_eq!(date_of_day(0), "1970.01.01");
        assert_eq!(date_of_day(11_016), "2000.02.29");
        assert_eq!(date_of_day(19_723), "2024.01.01");
        assert_eq!(date_of_day(20_513), "2026.03.01");
    }
}
