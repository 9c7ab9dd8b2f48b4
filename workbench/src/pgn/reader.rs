//! A tolerant PGN reader: extracts tags, moves and result from any PGN
//! (cutechess, fastchess, databases), skipping comments, NAGs, variations,
//! escape lines and move-number noise. Only damage that makes the rest of
//! the file ambiguous (an unterminated comment or variation, a broken tag
//! pair) is an error, and it names the line.

use super::game::{GameResult, PgnGame, PgnMove};
use std::path::{Path, PathBuf};
use thiserror::Error;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum PgnError {
    #[error("line {line}: comment opened here is never closed with '}}'")]
    UnterminatedComment { line: usize },
    #[error("line {line}: variation opened here is never closed with ')'")]
    UnterminatedVariation { line: usize },
    #[error("line {line}: malformed tag pair: {problem}")]
    BadTag { line: usize, problem: &'static str },
}

#[derive(Debug, Error)]
pub enum PgnFileError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {source}")]
    Parse { path: PathBuf, source: PgnError },
}

/// The most a reader takes from one file: 1 GiB. A PGN of a million
/// long games is well under it, and a file bigger than that is far more
/// likely a mistake than a match: its games in memory would take several
/// times its size.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// What a file that is not a regular one is, in words (`a FIFO (named
/// pipe)`), for the messages that refuse it.
pub fn kind_of(file_type: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// The error of a file refused before it is read.
fn refused(message: String) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidInput, message)
}

/// Reads a whole regular file of at most `limit` bytes. Anything else is
/// refused before it is opened: `/dev/zero` never ends, `/dev/full`
/// neither, and opening a FIFO blocks until someone writes to it. The
/// file is checked again once open, and read no further than the limit,
/// in case it was swapped or grows meanwhile.
pub fn read_regular(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let check = |meta: std::fs::Metadata| {
        if !meta.is_file() {
            let kind = kind_of(meta.file_type());
            return Err(refused(format!(
                "it is {kind}; only regular files are read"
            )));
        }
        if meta.len() > limit {
            let size = meta.len();
            return Err(refused(format!(
                "it holds {size} bytes, more than the {limit} bytes a file may have here"
            )));
        }
        Ok(meta.len())
    };
    check(std::fs::metadata(path)?)?;
    let file = std::fs::File::open(path)?;
    let size = check(file.metadata()?)?;
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(refused(format!(
            "it grew past the {limit} bytes a file may have here while being read"
        )));
    }
    Ok(bytes)
}

/// Reads every game of a PGN file: a regular file of at most
/// [`MAX_FILE_BYTES`] ([`read_regular`]). Bytes that are not UTF-8 (old
/// Latin-1 databases) are replaced rather than rejected: only names can
/// contain them. A leading byte-order mark is skipped
/// (`crate::text::decode`).
pub fn read_file(path: &Path) -> Result<Vec<PgnGame>, PgnFileError> {
    let bytes = read_regular(path, MAX_FILE_BYTES).map_err(|source| PgnFileError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    read_games(&crate::text::decode(&bytes)).map_err(|source| PgnFileError::Parse {
        path: path.to_path_buf(),
        source,
    })
}

/// Characters that end a movetext symbol.
fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$')
}

struct Reader<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    at_line_start: bool,
}

impl Reader<'_> {
    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        self.at_line_start = c == '\n';
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.next() {
            if c == '\n' {
                break;
            }
        }
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c.is_whitespace() && c != '\n') {
            self.next();
        }
    }

    /// Reads a `{...}` comment after its opening brace.
    fn comment(&mut self, start: usize) -> Result<String, PgnError> {
        let mut text = String::new();
        loop {
            match self.next() {
                Some('}') => return Ok(text),
                Some(c) => text.push(c),
                None => return Err(PgnError::UnterminatedComment { line: start }),
            }
        }
    }

    /// Skips a `(...)` variation after its opening parenthesis, including
    /// nested variations and comments that may contain parentheses.
    fn skip_variation(&mut self, start: usize) -> Result<(), PgnError> {
        let mut depth = 1;
        while depth > 0 {
            let line = self.line;
            match self.next() {
                Some('(') => depth += 1,
                Some(')') => depth -= 1,
                Some('{') => {
                    self.comment(line)?;
                }
                Some(';') => self.skip_line(),
                Some(_) => {}
                None => return Err(PgnError::UnterminatedVariation { line: start }),
            }
        }
        Ok(())
    }

    /// Reads `Name "value"]` after the opening bracket.
    fn tag(&mut self) -> Result<(String, String), PgnError> {
        let line = self.line;
        let bad = |problem| PgnError::BadTag { line, problem };
        self.skip_spaces();
        let mut name = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                name.push(c);
                self.next();
            } else {
                break;
            }
        }
        if name.is_empty() {
            return Err(bad("missing tag name"));
        }
        self.skip_spaces();
        if self.next() != Some('"') {
            return Err(bad("tag value must be in double quotes"));
        }
        let mut value = String::new();
        loop {
            match self.next() {
                Some('\\') => match self.next() {
                    Some('\n') | None => return Err(bad("unterminated tag value")),
                    Some(c) => value.push(c),
                },
                Some('"') => break,
                Some('\n') | None => return Err(bad("unterminated tag value")),
                Some(c) => value.push(c),
            }
        }
        self.skip_spaces();
        if self.next() != Some(']') {
            return Err(bad("missing ']'"));
        }
        Ok((name, value))
    }

    fn symbol(&mut self, first: char) -> String {
        let mut s = String::from(first);
        while let Some(c) = self.peek() {
            if is_delimiter(c) {
                break;
            }
            s.push(c);
            self.next();
        }
        s
    }
}

/// Strips a leading move number (`12.`, `12...`, `12.e4`) and trailing
/// annotation glyphs (`!`, `?`). Returns what is left (possibly empty) and
/// whether the number said Black is to move (`...`).
fn strip_move_number(token: &str) -> (&str, Option<(u32, bool)>) {
    let digits = token.chars().take_while(char::is_ascii_digit).count();
    let rest = &token[digits..];
    let dots = rest.chars().take_while(|&c| c == '.').count();
    let number = token[..digits].parse::<u32>().ok();
    let (rest, number) = if digits > 0 && (dots > 0 || rest.is_empty()) {
        (&rest[dots..], number.map(|n| (n, dots >= 2)))
    } else {
        (token, None)
    };
    (rest.trim_end_matches(['!', '?']), number)
}

/// Everything that goes into one game while it is being read.
#[derive(Default)]
struct Builder {
    game: PgnGame,
    started: bool,
    saw_number: bool,
}

impl Builder {
    fn finish(&mut self, games: &mut Vec<PgnGame>) {
        if self.started {
            let mut game = std::mem::take(&mut self.game);
            if game.first_move_number == 0 {
                game.first_move_number = 1;
            }
            games.push(game);
        }
        *self = Builder::default();
    }

    /// Tags start a new game once the previous one has moves or a result.
    fn in_movetext(&self) -> bool {
        !self.game.moves.is_empty() || self.game.result.is_some()
    }
}

/// Reads every game in `text`.
pub fn read_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut r = Reader {
        chars: text.chars().peekable(),
        line: 1,
        at_line_start: true,
    };
    let mut games = Vec::new();
    let mut b = Builder::default();
    loop {
        let line_start = r.at_line_start;
        let line = r.line;
        let Some(c) = r.next() else { break };
        match c {
            // A byte-order mark also shows up mid-file in concatenated PGNs.
            c if c.is_whitespace() || c == '\u{feff}' => {}
            // Escape mechanism: the whole line is for other software.
            '%' if line_start => r.skip_line(),
            ';' => r.skip_line(),
            '[' => {
                if b.in_movetext() {
                    b.finish(&mut games);
                }
                let tag = r.tag()?;
                b.started = true;
                b.game.tags.push(tag);
            }
            '{' => {
                // Writers wrap long comments: whitespace runs are one space.
                let text = r
                    .comment(line)?
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                b.started = true;
                if let Some(last) = b.game.moves.last_mut() {
                    match &mut last.comment {
                        None => last.comment = Some(text),
                        // Several comments after one move: the last one may be
                        // the reason the game ended.
                        Some(_) => b.game.final_comment = Some(text),
                    }
                }
            }
            '(' => r.skip_variation(line)?,
            ')' | ']' | '}' => {} // stray closers: nothing to recover
            '$' => {
                while r.peek().is_some_and(|c| c.is_ascii_digit()) {
                    r.next();
                }
            }
            first => {
                let token = r.symbol(first);
                b.started = true;
                if let Some(result) = GameResult::parse(&token) {
                    b.game.result = Some(result);
                    b.finish(&mut games);
                    continue;
                }
                let (mv, number) = strip_move_number(&token);
                if let Some((n, black)) = number {
                    if !b.saw_number && b.game.moves.is_empty() {
                        b.game.first_move_number = n;
                        b.game.black_first = black;
                    }
                    b.saw_number = true;
                }
                if !mv.is_empty() {
                    b.game.moves.push(PgnMove::new(mv));
                }
            }
        }
    }
    b.finish(&mut games);
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::{read_games, strip_move_number, PgnError};
    use crate::pgn::game::{GameResult, Header, PgnGame, PgnMove};
    use crate::pgn::writer::write_game;

    fn moves(g: &PgnGame) -> Vec<&str> {
        g.moves.iter().map(|m| m.text.as_str()).collect()
    }

    #[test]
    fn reads_cutechess_output() {
        let pgn = r#"[Event "?"]
[Site "?"]
[Date "2023.05.01"]
[Round "1"]
[White "engine-a"]
[Black "engine-b"]
[Result "1-0"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]
[GameDuration "00:00:05"]
[PlyCount "3"]
[SetUp "1"]
[TimeControl "5+0.05"]

1. e4 {+0.30/12 0.10s} e5 {-0.25/11 0.09s} 2. Qh5 {+0.10/10 0.11s,
Black resigns} 1-0

[Event "?"]
[White "engine-b"]
[Black "engine-a"]
[Result "1/2-1/2"]

1. d4 {book} d5 {book} {Draw by adjudication} 1/2-1/2
"#;
        let games = read_games(pgn).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("White"), Some("engine-a"));
        assert_eq!(games[0].tag("TimeControl"), Some("5+0.05"));
        assert_eq!(moves(&games[0]), ["e4", "e5", "Qh5"]);
        assert_eq!(games[0].moves[0].comment.as_deref(), Some("+0.30/12 0.10s"));
        assert_eq!(games[0].outcome(), GameResult::WhiteWins);
        assert_eq!(games[1].outcome(), GameResult::Draw);
        assert_eq!(
            games[1].final_comment.as_deref(),
            Some("Draw by adjudication")
        );
    }

    #[test]
    fn skips_variations_nags_escapes_and_annotations() {
        let pgn = "\u{feff}% produced by some tool\n\u{feff}[White \"a\"]\n[Black \"b\"]\n\n\
1.e4!? $1 e5 (1...c5 {Sicilian (popular)} 2.Nf3 (2.c3) d6) 2.Nf3 ; rest of line ignored 3. d4\n\
Nc6?? 3... Nc6 {dup number is fine} 0-1\n";
        let games = read_games(pgn).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(moves(&games[0]), ["e4", "e5", "Nf3", "Nc6", "Nc6"]);
        assert_eq!(games[0].outcome(), GameResult::BlackWins);
    }

    #[test]
    fn leiserchess_moves_and_missing_results() {
        // Rule-7.1 moves; the first game has no result marker (Result tag
        // only), the second neither (unfinished).
        let pgn = "[White \"x\"]\n[Black \"y\"]\n[Result \"1-0\"]\n\n1. e0f1 j9i8 2. e3R f5L\n\
[White \"y\"]\n[Black \"x\"]\n\n1. d1U\n";
        let games = read_games(pgn).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(moves(&games[0]), ["e0f1", "j9i8", "e3R", "f5L"]);
        assert_eq!(games[0].outcome(), GameResult::WhiteWins);
        assert_eq!(games[1].outcome(), GameResult::Unfinished);
    }

    #[test]
    fn black_first_from_move_number() {
        let games = read_games("[FEN \"x\"]\n\n12... Kd7 13. Ke2 *\n").unwrap();
        assert_eq!(games[0].first_move_number, 12);
        assert!(games[0].black_first);
        assert_eq!(moves(&games[0]), ["Kd7", "Ke2"]);
    }

    #[test]
    fn errors_name_the_line() {
        assert_eq!(
            read_games("[White \"a\"]\n\n1. e4 {never closed\n e5 1-0\n"),
            Err(PgnError::UnterminatedComment { line: 3 })
        );
        assert_eq!(
            read_games("\n1. e4 (1. d4 d5\n"),
            Err(PgnError::UnterminatedVariation { line: 2 })
        );
        assert!(matches!(
            read_games("[White \"a\"]\n[Black b]\n"),
            Err(PgnError::BadTag { line: 2, .. })
        ));
        assert!(matches!(
            read_games("[White \"a\n"),
            Err(PgnError::BadTag { line: 1, .. })
        ));
    }

    #[test]
    fn round_trips_our_own_output() {
        let mut g = PgnGame::new(Header {
            white: "A \"quoted\" \\ name".into(),
            black: "B".into(),
            ..Header::default()
        });
        for i in 0..50 {
            g.moves.push(PgnMove {
                text: format!("m{i}"),
                comment: Some(format!("+0.{i:02}/{i} 0.100s")),
            });
        }
        g.final_comment = Some("White wins by adjudication".into());
        g.set_result(GameResult::WhiteWins);
        let text = write_game(&g) + &write_game(&g);
        let back = read_games(&text).unwrap();
        assert_eq!(back.len(), 2);
        assert_eq!(back[0], g);
    }

    #[test]
    fn move_numbers_are_stripped_but_moves_kept() {
        assert_eq!(strip_move_number("12."), ("", Some((12, false))));
        assert_eq!(strip_move_number("12..."), ("", Some((12, true))));
        assert_eq!(strip_move_number("3.Nf3!"), ("Nf3", Some((3, false))));
        assert_eq!(strip_move_number("7"), ("", Some((7, false))));
        assert_eq!(strip_move_number("e4?!"), ("e4", None));
        assert_eq!(strip_move_number("O-O+"), ("O-O+", None));
    }

    /// Issue 40, item 10: `/dev/zero` and `/dev/full` never end, and a
    /// FIFO blocks its reader; each was read whole (or waited on forever).
    #[cfg(unix)]
    #[test]
    fn only_bounded_regular_files_are_read() {
        use super::{read_file, read_regular, MAX_FILE_BYTES};
        use std::path::Path;
        for device in ["/dev/zero", "/dev/full"] {
            let e = read_file(Path::new(device)).unwrap_err().to_string();
            assert!(e.contains("a character device"), "{e}");
        }
        let dir = std::env::temp_dir().join(format!("pgn-reader-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let e = read_file(&dir).unwrap_err().to_string();
        assert!(e.contains("a directory"), "{e}");

        let fifo = dir.join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path; mkfifo keeps no pointer.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let e = read_file(&fifo).unwrap_err().to_string();
        assert!(e.contains("a FIFO"), "{e}");

        // A sparse file past the bound is refused from its size alone.
        let big = dir.join("big.pgn");
        let file = std::fs::File::create(&big).unwrap();
        file.set_len(MAX_FILE_BYTES + 1).unwrap();
        let e = read_file(&big).unwrap_err().to_string();
        assert!(e.contains("more than the 1073741824 bytes"), "{e}");

        let small = dir.join("small.pgn");
        std::fs::write(&small, "0123456789").unwrap();
        assert_eq!(read_regular(&small, 10).unwrap(), b"0123456789");
        assert!(read_regular(&small, 9).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn empty_and_garbage_input_do_not_panic() {
        assert_eq!(read_games("").unwrap().len(), 0);
        assert_eq!(read_games("\n\n  \n").unwrap().len(), 0);
        let odd = read_games("]]) } $ $$ 1-0 ").unwrap();
        assert_eq!(odd.len(), 1);
    }
}
