//! PGN export: tags one per line, movetext wrapped at 80 columns, a blank
//! line between games.

use super::game::{GameResult, PgnGame};

/// Longest movetext line.
pub const LINE_WIDTH: usize = 80;

/// Escapes a tag value: backslash and double quote get a backslash.
fn escape_tag(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if c == '\\' || c == '"' {
            out.push('\\');
        }
        // A line break would end the tag line early.
        out.push(if c == '\n' || c == '\r' { ' ' } else { c });
    }
    out
}

/// Splits a comment into wrap units `{first`, ..., `last}`. A `}` inside
/// would end the comment early, so it becomes `)`.
fn comment_units(text: &str, units: &mut Vec<String>) {
    let clean = text.replace('}', ")");
    let words: Vec<&str> = clean.split_whitespace().collect();
    match words.len() {
        0 => units.push("{}".into()),
        n => {
            for (i, w) in words.iter().enumerate() {
                let mut unit = String::new();
                if i == 0 {
                    unit.push('{');
                }
                unit.push_str(w);
                if i == n - 1 {
                    unit.push('}');
                }
                units.push(unit);
            }
        }
    }
}

/// The movetext as whitespace-separated units, before wrapping.
fn movetext_units(game: &PgnGame, result: GameResult) -> Vec<String> {
    let mut units = Vec::new();
    let first = game.first_move_number.max(1);
    for (ply, mv) in game.moves.iter().enumerate() {
        // Ply 0 may be Black's; shift so even indices are always White's.
        let index = ply + usize::from(game.black_first);
        let number = first as usize + index / 2;
        if index % 2 == 0 {
            units.push(format!("{number}."));
        } else if ply == 0 {
            units.push(format!("{number}..."));
        }
        units.push(mv.text.clone());
        if let Some(c) = &mv.comment {
            comment_units(c, &mut units);
        }
    }
    if let Some(c) = &game.final_comment {
        comment_units(c, &mut units);
    }
    units.push(result.as_str().to_string());
    units
}

/// Greedy wrapping: as many units per line as fit in `LINE_WIDTH` (a unit
/// longer than that gets a line of its own).
fn wrap(units: &[String]) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for unit in units {
        let len = unit.chars().count();
        if line_len > 0 && line_len + 1 + len > LINE_WIDTH {
            out.push('\n');
            line_len = 0;
        }
        if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(unit);
        line_len += len;
    }
    out.push('\n');
    out
}

/// One game in export format, followed by the blank line that separates
/// games. The `Result` tag always agrees with the movetext marker.
pub fn write_game(game: &PgnGame) -> String {
    let result = game.outcome();
    let mut out = String::new();
    let mut wrote_result = false;
    for (name, value) in &game.tags {
        let value = if name == "Result" {
            wrote_result = true;
            result.as_str().to_string()
        } else {
            escape_tag(value)
        };
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    if !wrote_result {
        out.push_str(&format!("[Result \"{result}\"]\n"));
    }
    out.push('\n');
    out.push_str(&wrap(&movetext_units(game, result)));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::{write_game, LINE_WIDTH};
    use crate::pgn::game::{Evaluation, GameResult, Header, PgnGame, PgnMove, Score, Termination};
    use std::time::Duration;

    fn eval(cp: i32, depth: u32, ms: u64) -> Evaluation {
        Evaluation {
            score: Some(Score::Centipawns(cp)),
            depth: Some(depth),
            time: Duration::from_millis(ms),
            ..Evaluation::default()
        }
    }

    fn header() -> Header {
        Header {
            event: "Test \"quoted\"".into(),
            site: "here".into(),
            date: "2024.01.02".into(),
            round: "1".into(),
            white: "w".into(),
            black: "b".into(),
            time_control: Some("6+0.1".into()),
            termination: Some(Termination::Normal),
            ..Header::default()
        }
    }

    #[test]
    fn writes_a_short_game_exactly() {
        let mut g = PgnGame::new(header());
        g.moves = vec![
            PgnMove::book("e4"),
            PgnMove::evaluated("e5", eval(-20, 10, 105)),
            PgnMove::evaluated("Qh5", eval(15, 12, 2000)),
        ];
        g.final_comment = Some("White resigns".into());
        g.result = Some(GameResult::BlackWins);
        let expected = "\
[Event \"Test \\\"quoted\\\"\"]
[Site \"here\"]
[Date \"2024.01.02\"]
[Round \"1\"]
[White \"w\"]
[Black \"b\"]
[Result \"0-1\"]
[TimeControl \"6+0.1\"]
[Termination \"normal\"]

1. e4 {book} e5 {-0.20/10 0.105s} 2. Qh5 {+0.15/12 2.000s} {White resigns} 0-1

";
        assert_eq!(write_game(&g), expected);
    }

    #[test]
    fn black_to_move_start_and_fen_tags() {
        let mut g = PgnGame::new(Header {
            fen: Some("some fen b 12".into()),
            ..header()
        });
        g.first_move_number = 12;
        g.black_first = true;
        g.moves = vec![
            PgnMove::new("Kd7"),
            PgnMove::new("Ke2"),
            PgnMove::new("Kc6"),
        ];
        g.result = Some(GameResult::Draw);
        let text = write_game(&g);
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"some fen b 12\"]\n"));
        assert!(text.contains("\n12... Kd7 13. Ke2 Kc6 1/2-1/2\n"), "{text}");
    }

    #[test]
    fn wraps_at_80_columns() {
        let mut g = PgnGame::new(header());
        for i in 0..60 {
            g.moves.push(PgnMove::evaluated(
                if i % 2 == 0 { "Nf3" } else { "Nf6" },
                eval(i * 7 - 100, 20, 1234),
            ));
        }
        g.result = Some(GameResult::Unfinished);
        let text = write_game(&g);
        let movetext: Vec<&str> = text.split("\n\n").nth(1).unwrap().lines().collect();
        assert!(movetext.len() > 10);
        assert!(movetext.iter().all(|l| l.len() <= LINE_WIDTH), "{text}");
        // Lines are filled: each but the last would overflow with the next unit.
        assert!(movetext
            .iter()
            .rev()
            .skip(1)
            .all(|l| l.len() > LINE_WIDTH - 20));
        assert!(text.ends_with(" *\n\n"));
    }
}
