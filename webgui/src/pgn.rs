//! PGN export and a tolerant PGN reader for import (first game only).

/// Longest line in exported move text.
const LINE_WIDTH: usize = 80;

/// Why a PGN text could not be read.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    #[error("unterminated tag pair on line {0}")]
    BadTag(usize),
    #[error("unterminated comment or variation")]
    Unterminated,
}

/// A game read from PGN: its tags and the moves as written.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Writes a PGN: the tags, then the numbered moves (`first_number` is the
/// number of the first move; `black_first` when Black made it) wrapped at
/// 80 columns, then the result.
pub fn write(
    tags: &[(&str, String)],
    moves: &[String],
    first_number: u32,
    black_first: bool,
    result: &str,
) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{escaped}\"]\n"));
    }
    out.push('\n');

    let mut tokens = Vec::with_capacity(moves.len() * 3 / 2 + 1);
    let mut number = first_number;
    let mut white_to_move = !black_first;
    for (i, mv) in moves.iter().enumerate() {
        if white_to_move {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(mv.clone());
        if !white_to_move {
            number += 1;
        }
        white_to_move = !white_to_move;
    }
    tokens.push(result.to_string());

    let mut line_len = 0;
    for token in tokens {
        if line_len > 0 && line_len + 1 + token.len() > LINE_WIDTH {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(&token);
        line_len += token.len();
    }
    out.push('\n');
    out
}

/// Reads the first game of a PGN text: tag pairs, then move text with
/// comments, variations, NAGs, move numbers and the result skipped.
pub fn read(text: &str) -> Result<PgnGame, PgnError> {
    let mut game = PgnGame::default();
    let mut movetext = String::new();
    let mut in_moves = false;
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with('%') {
            continue; // escape line
        }
        if !in_moves && trimmed.starts_with('[') {
            game.tags
                .push(parse_tag(trimmed).ok_or(PgnError::BadTag(number + 1))?);
            continue;
        }
        if in_moves && trimmed.starts_with('[') {
            break; // the next game's tags
        }
        if !trimmed.is_empty() {
            in_moves = true;
        }
        movetext.push_str(line);
        movetext.push('\n');
    }
    game.moves = move_tokens(&movetext)?;
    Ok(game)
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim();
    let value = rest.strip_prefix('"')?.strip_suffix('"')?;
    let value = value.replace("\\\"", "\"").replace("\\\\", "\\");
    Some((name.to_string(), value))
}

/// The move tokens of PGN move text.
fn move_tokens(text: &str) -> Result<Vec<String>, PgnError> {
    let mut clean = String::with_capacity(text.len());
    let mut chars = text.chars();
    let mut depth = 0usize; // variation nesting
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                if !chars.by_ref().any(|c| c == '}') {
                    return Err(PgnError::Unterminated);
                }
                clean.push(' ');
            }
            ';' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
                clean.push(' ');
            }
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            _ => clean.push(c),
        }
    }
    if depth > 0 {
        return Err(PgnError::Unterminated);
    }
    let mut moves = Vec::new();
    for word in clean.split_whitespace() {
        if word.starts_with('$') || matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*") {
            continue;
        }
        let word = strip_move_number(word).trim_end_matches(['!', '?']);
        if !word.is_empty() {
            moves.push(word.to_string());
        }
    }
    Ok(moves)
}

/// `12.e4` -> `e4`, `12...` -> ``; words without a numbered prefix (such
/// as `0-0`) stay as they are.
fn strip_move_number(word: &str) -> &str {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && word[digits..].starts_with('.') {
        word[digits..].trim_start_matches('.')
    } else {
        word
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_numbered_wrapped_moves() {
        let moves: Vec<String> = ["e4", "e5", "Nf3"].iter().map(|s| s.to_string()).collect();
        let pgn = write(&[("Event", "Casual".into())], &moves, 1, false, "*");
        assert_eq!(pgn, "[Event \"Casual\"]\n\n1. e4 e5 2. Nf3 *\n");
        let black = write(&[], &moves[..2], 7, true, "1-0");
        assert_eq!(black, "\n7... e4 8. e5 1-0\n");
        let long: Vec<String> = (0..60).map(|_| "d5e4f5".to_string()).collect();
        let text = write(&[], &long, 1, false, "*");
        assert!(text.lines().all(|l| l.len() <= LINE_WIDTH));
    }

    #[test]
    fn reads_tags_and_skips_annotations() {
        let text = "[Event \"x \\\"y\\\"\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n\n\
                    1. e4 {best} e5 (1... c5 2. Nf3) 2.Nf3 $1 Nc6!? ; line comment\n3... O-O 1-0\n";
        let game = read(text).expect("valid");
        assert_eq!(game.tag("event"), Some("x \"y\""));
        assert_eq!(game.tag("FEN"), Some("8/8/8/8/8/8/8/K1k5 w - - 0 1"));
        assert_eq!(game.moves, vec!["e4", "e5", "Nf3", "Nc6", "O-O"]);
    }

    #[test]
    fn rejects_broken_text() {
        assert_eq!(read("[Event \"x\"\n1. e4"), Err(PgnError::BadTag(1)));
        assert_eq!(read("1. e4 {open"), Err(PgnError::Unterminated));
        assert_eq!(read("1. e4 (e5"), Err(PgnError::Unterminated));
    }
}

/// Today's date (UTC) as PGN writes it: `YYYY.MM.DD`.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Year, month, day of a day count since 1970-01-01 (proleptic Gregorian;
/// Howard Hinnant's days-to-civil algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod date_tests {
    use super::civil_from_days;

    #[test]
    fn known_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
    }
}
