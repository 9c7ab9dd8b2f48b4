//! Book files: one opening per line, or a PGN of games. A line is either
//! moves in the game's protocol notation from the start position (MIT's
//! format; move numbers such as `1.` are skipped), or a position: a FEN or
//! an EPD line (its first four fields, for chess). `#` starts a comment
//! line. A PGN book (a file whose first line is a tag, as UHO's, 8moves'
//! and our own script's are) gives one opening a game: its start (`FEN`
//! tag) and its moves, in SAN or the game's notation. `plies=N` plays the
//! first N moves of each. Every opening is checked with the game's rules,
//! so a broken book fails before any game.

use super::Opening;
use std::path::{Path, PathBuf};
use thiserror::Error;
use workbench::pgn::reader::{read_regular, MAX_FILE_BYTES};
use workbench::{DynGame, GameType};

#[derive(Debug, Error)]
pub enum BookError {
    #[error("cannot read book {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: line {line}: {problem}")]
    Line {
        path: PathBuf,
        line: usize,
        problem: String,
    },
    #[error("{path}: the book has no openings")]
    Empty { path: PathBuf },
    #[error("{path}: {problem}")]
    Pgn { path: PathBuf, problem: String },
}

/// A move number such as `1.` or `12...`.
fn is_move_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    digits.len() < token.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Parses one line as a position: the whole line, else (EPD) its first
/// four fields with move counters added, else its first two (a
/// Leiserchess FEN followed by something).
fn parse_position(game: &dyn GameType, line: &str) -> Result<(String, Box<dyn DynGame>), String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let mut candidates = vec![line.to_string()];
    if fields.len() >= 4 {
        candidates.push(format!("{} 0 1", fields[..4].join(" ")));
    }
    if fields.len() >= 2 {
        candidates.push(fields[..2].join(" "));
    }
    let mut first_error = None;
    for text in candidates {
        match game.open(&text) {
            Ok(g) => return Ok((text, g)),
            Err(e) => {
                first_error.get_or_insert(e.to_string());
            }
        }
    }
    Err(format!(
        "not a position: {}",
        first_error.unwrap_or_default()
    ))
}

/// Parses and checks one book line of `game`; `None` for blank and
/// comment lines.
pub fn parse_line(game: &dyn GameType, line: &str) -> Result<Option<Opening>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    // Chess and Leiserchess FENs have '/' between ranks; moves never do.
    if line.contains('/') {
        let (fen, g) = parse_position(game, line)?;
        if g.outcome().is_some() {
            return Err("the game is already over in this position".into());
        }
        return Ok(Some(Opening {
            fen: Some(fen),
            moves: Vec::new(),
        }));
    }
    let mut position = game.start();
    let mut moves = Vec::new();
    for token in line.split_whitespace().filter(|t| !is_move_number(t)) {
        let bad = |e: workbench::GameError| format!("move {} ({token}): {e}", moves.len() + 1);
        let mv = position.parse(token).map_err(bad)?;
        // The game's own spelling of the move, as engines are sent it.
        let text = position.move_text(mv).map_err(bad)?;
        position.make(mv).map_err(bad)?;
        moves.push(text);
    }
    if position.outcome().is_some() {
        return Err("the game is over at the end of this opening".into());
    }
    Ok(Some(Opening { fen: None, moves }))
}

/// Reads and checks a whole book for `game`, each opening cut to its
/// first `plies` moves when given.
pub fn load_book(
    game: &dyn GameType,
    path: &Path,
    plies: Option<usize>,
) -> Result<Vec<Opening>, BookError> {
    // A book is read whole: only a bounded regular file (a FIFO or
    // `/dev/zero` would block or fill the memory).
    let bytes = read_regular(path, MAX_FILE_BYTES).map_err(|source| BookError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let text = workbench::text::decode(&bytes);
    let mut openings = if is_pgn(&text) {
        pgn_openings(game, path, &text, plies)?
    } else {
        line_openings(game, path, &text)?
    };
    if let Some(plies) = plies {
        openings.iter_mut().for_each(|o| o.moves.truncate(plies));
    }
    if openings.is_empty() {
        return Err(BookError::Empty {
            path: path.to_path_buf(),
        });
    }
    Ok(openings)
}

/// Whether a book's text is PGN: its first line that is not blank is a
/// tag pair.
fn is_pgn(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.starts_with('['))
}

/// One opening per game of a PGN book: its start and its first `plies`
/// moves (all of them without a cut), each checked by replaying it.
fn pgn_openings(
    game: &dyn GameType,
    path: &Path,
    text: &str,
    plies: Option<usize>,
) -> Result<Vec<Opening>, BookError> {
    let bad = |number: usize, problem: String| BookError::Line {
        path: path.to_path_buf(),
        line: number,
        problem,
    };
    let games = workbench::pgn::read_games(text).map_err(|e| BookError::Pgn {
        path: path.to_path_buf(),
        problem: e.to_string(),
    })?;
    let mut openings = Vec::with_capacity(games.len());
    for (i, pgn) in games.iter().enumerate() {
        let number = i + 1;
        let fen = pgn.tag("FEN").map(str::to_string);
        let mut position = match &fen {
            Some(fen) => game
                .open(fen)
                .map_err(|e| bad(number, format!("game {number}: {e}")))?,
            None => game.start(),
        };
        let mut moves = Vec::new();
        for mv in pgn.moves.iter().take(plies.unwrap_or(usize::MAX)) {
            let step = |p: &mut Box<dyn DynGame>| -> Result<String, workbench::GameError> {
                let id = p.parse(&mv.text)?;
                let text = p.move_text(id)?;
                p.make(id)?;
                Ok(text)
            };
            let text = step(&mut position).map_err(|e| {
                bad(
                    number,
                    format!("game {number}, move {} ({}): {e}", moves.len() + 1, mv.text),
                )
            })?;
            moves.push(text);
        }
        if position.outcome().is_some() {
            return Err(bad(
                number,
                format!("game {number}: the game is over at the end of this opening"),
            ));
        }
        openings.push(Opening { fen, moves });
    }
    Ok(openings)
}

/// One opening per line of a line book.
fn line_openings(game: &dyn GameType, path: &Path, text: &str) -> Result<Vec<Opening>, BookError> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        match parse_line(game, line) {
            Ok(Some(o)) => openings.push(o),
            Ok(None) => {}
            Err(problem) => {
                return Err(BookError::Line {
                    path: path.to_path_buf(),
                    line: i + 1,
                    problem,
                })
            }
        }
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::{load_book, parse_line, BookError};
    use workbench::{GameKind, GameType};

    fn chess() -> &'static dyn GameType {
        GameKind::Chess.game()
    }

    #[test]
    fn chess_moves_fen_and_epd_lines() {
        let o = parse_line(chess(), "1. e2e4 e7e5 2. g1f3")
            .unwrap()
            .unwrap();
        assert_eq!(o.fen, None);
        assert_eq!(o.moves, ["e2e4", "e7e5", "g1f3"]);
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let o = parse_line(chess(), fen).unwrap().unwrap();
        assert_eq!(o.fen.as_deref(), Some(fen));
        let epd = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";";
        let o = parse_line(chess(), epd).unwrap().unwrap();
        assert_eq!(
            o.fen.as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        );
        assert_eq!(parse_line(chess(), "  # comment").unwrap(), None);
        assert_eq!(parse_line(chess(), "").unwrap(), None);
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let e = parse_line(chess(), "e2e4 e2e4").unwrap_err();
        assert!(e.starts_with("move 2 (e2e4)"), "{e}");
        assert!(parse_line(chess(), "8/8/8 w")
            .unwrap_err()
            .starts_with("not a position"));
        // Fool's mate: nothing left to play.
        assert!(parse_line(chess(), "f2f3 e7e5 g2g4 d8h4").is_err());
    }

    #[test]
    fn leiserchess_lines() {
        let leiserchess = GameKind::Leiserchess.game();
        let start = leiserchess.start().fen();
        let o = parse_line(leiserchess, &start).unwrap().unwrap();
        assert_eq!(o.fen.as_deref(), Some(start.as_str()));
        // Two legal moves in a row, as text, make a book line.
        let mut game = leiserchess.start();
        let mut line = Vec::new();
        for _ in 0..2 {
            let first = game.legal_moves()[0];
            line.push(game.move_text(first).expect("legal"));
            game.make(first).expect("legal");
        }
        let o = parse_line(leiserchess, &line.join(" ")).unwrap().unwrap();
        assert_eq!(o.moves, line);
        assert!(parse_line(leiserchess, "e2e4L").is_err());
    }

    #[test]
    fn books_name_file_and_line() {
        let dir = std::env::temp_dir().join(format!("autotester-book-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("book.txt");
        std::fs::write(&path, "e2e4 e7e5\n\n# x\nd2d4 d7d4\n").unwrap();
        let e = load_book(chess(), &path, None).unwrap_err();
        assert!(matches!(e, BookError::Line { line: 4, .. }), "{e}");
        assert!(e.to_string().contains("book.txt: line 4: move 2 (d7d4)"));
        std::fs::write(&path, "# nothing\n").unwrap();
        assert!(matches!(
            load_book(chess(), &path, None),
            Err(BookError::Empty { .. })
        ));
        std::fs::write(&path, "e2e4\nd2d4 d7d5\n").unwrap();
        assert_eq!(load_book(chess(), &path, None).unwrap().len(), 2);
        // A byte-order mark before the first line (moves or a FEN) is skipped.
        std::fs::write(&path, "\u{feff}e2e4\nd2d4 d7d5\n").unwrap();
        assert_eq!(load_book(chess(), &path, None).unwrap()[0].moves, ["e2e4"]);
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        std::fs::write(&path, format!("\u{feff}{fen}\n")).unwrap();
        assert_eq!(
            load_book(chess(), &path, None).unwrap()[0].fen.as_deref(),
            Some(fen)
        );
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A PGN book as UHO's and 8moves' are written (tags, SAN with move
    /// numbers, a result), for both games: one opening a game, cut to
    /// `plies` (issue 40: `format=pgn` failed on `[Event`).
    #[test]
    fn pgn_books_give_one_opening_a_game() {
        let dir = std::env::temp_dir().join(format!("autotester-pgn-book-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("book.pgn");
        let book = "[Event \"UHO\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n\
                    [Event \"x\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\"]\n\
                    [Result \"*\"]\n\n1... d5 2. c4 *\n";
        std::fs::write(&path, book).unwrap();
        let all = load_book(chess(), &path, None).unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(
            all[0].moves,
            ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]
        );
        assert_eq!(
            all[1]
                .fen
                .as_deref()
                .map(|f| f.starts_with("rnbqkbnr/pppppppp/8/8/3P4")),
            Some(true)
        );
        assert_eq!(all[1].moves, ["d7d5", "c2c4"]);
        let cut = load_book(chess(), &path, Some(4)).unwrap();
        assert_eq!(cut[0].moves, ["e2e4", "e7e5", "g1f3", "b8c6"]);
        std::fs::write(&path, "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n").unwrap();
        let e = load_book(chess(), &path, None).unwrap_err();
        assert!(e.to_string().contains("game 1, move 3 (Ke3)"), "{e}");
        // A Leiserchess book: three moves of the game's own notation.
        let leiser = workbench::GameKind::Leiserchess.game();
        let mut position = leiser.start();
        let mut line = Vec::new();
        for _ in 0..3 {
            let id = position.legal_moves()[0];
            line.push(position.move_text(id).unwrap());
            position.make(id).unwrap();
        }
        let movetext = format!("1. {} {} 2. {} *", line[0], line[1], line[2]);
        std::fs::write(&path, format!("[Event \"x\"]\n\n{movetext}\n")).unwrap();
        let openings = load_book(leiser, &path, Some(2)).unwrap();
        assert_eq!(openings[0].moves, line[..2]);
        std::fs::remove_dir_all(&dir).ok();
    }
}
