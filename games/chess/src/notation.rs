//! Moves as text: UCI long algebraic (`e2e4`, `e7e8q`) in and out, and
//! Standard Algebraic Notation (`Nbd7`, `exd6`, `O-O`, `e8=Q+`) in and out.

use crate::movegen::{has_legal_moves, legal_moves};
use crate::mv::{Move, MoveKind};
use crate::position::Position;
use crate::role::Role;
use crate::square::{File, Rank, Square};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveParseError {
    #[error("'{0}' is not a move in UCI notation (like e2e4 or e7e8q)")]
    MalformedUci(String),
    #[error("'{0}' is not a move in standard algebraic notation (like Nf3, exd5, O-O, e8=Q)")]
    MalformedSan(String),
    #[error("{0} is not a legal move in this position")]
    Illegal(String),
    #[error("{0} is ambiguous in this position")]
    Ambiguous(String),
}

impl Position {
    /// Parses a UCI move (`e2e4`, `e7e8q`) and checks that it is legal
    /// here. Castling is read in either form [`Move::uci`] writes, king to
    /// its destination (`e1g1`) or king takes rook (`e1h1`), whether or not
    /// the game is Chess960: no text of one form names another legal move
    /// (a king never steps two squares nor takes its own rook), so an
    /// engine or a person that writes either form is understood.
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveParseError> {
        self.parse_uci_with(text, false)
            .or_else(|_| self.parse_uci_with(text, true))
    }

    /// Parses a UCI move with castling written as [`Move::uci`] writes it
    /// for `chess960`: king takes rook (`e1h1`) when true; king to its
    /// destination (`e1g1`) for standard castling when false. Each legal
    /// move has exactly one text, so no text names two moves.
    pub fn parse_uci_with(&self, text: &str, chess960: bool) -> Result<Move, MoveParseError> {
        let malformed = || MoveParseError::MalformedUci(text.to_string());
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(malformed());
        }
        let from = Square::parse(&text[0..2]).ok_or_else(malformed)?;
        let to = Square::parse(&text[2..4]).ok_or_else(malformed)?;
        let promotion = match text[4..].chars().next() {
            None => None,
            Some(c) => match Role::from_char(c) {
                Some(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen))
                    if c.is_ascii_lowercase() =>
                {
                    Some(role)
                }
                _ => return Err(malformed()),
            },
        };
        legal_moves(self)
            .into_iter()
            .find(|m| {
                m.from() == from && m.uci_target(chess960) == to && m.promotion() == promotion
            })
            .ok_or_else(|| MoveParseError::Illegal(text.to_string()))
    }

    /// The SAN of a legal move, with `+` or `#`.
    pub fn san(&self, mv: Move) -> String {
        let mut san = self.san_without_suffix(mv);
        san.extend(self.check_suffix(mv));
        san
    }

    /// `+` when a legal move gives check, `#` when it mates (SAN and LAN).
    pub(crate) fn check_suffix(&self, mv: Move) -> Option<char> {
        let mut after = *self;
        after.play_unchecked(mv);
        after
            .in_check()
            .then(|| if has_legal_moves(&after) { '+' } else { '#' })
    }

    fn san_without_suffix(&self, mv: Move) -> String {
        match mv.kind() {
            MoveKind::KingCastle => return "O-O".to_string(),
            MoveKind::QueenCastle => return "O-O-O".to_string(),
            _ => {}
        }
        let role = self
            .role_at(mv.from())
            .expect("a legal move starts on a piece");
        let mut san = String::with_capacity(8);
        if role == Role::Pawn {
            if mv.is_capture() {
                san.push(mv.from().file().char());
            }
        } else {
            san.push(role.upper_char());
            // Disambiguate among same-role pieces reaching the same square:
            // file if that suffices, else rank, else both.
            let rivals: Vec<Square> = legal_moves(self)
                .into_iter()
                .filter(|m| {
                    m.to() == mv.to()
                        && m.from() != mv.from()
                        && self.role_at(m.from()) == Some(role)
                })
                .map(|m| m.from())
                .collect();
            if !rivals.is_empty() {
                let same_file = rivals.iter().any(|s| s.file() == mv.from().file());
                let same_rank = rivals.iter().any(|s| s.rank() == mv.from().rank());
                if !same_file {
                    san.push(mv.from().file().char());
                } else if !same_rank {
                    san.push(mv.from().rank().char());
                } else {
                    san.push_str(&mv.from().to_string());
                }
            }
        }
        if mv.is_capture() {
            san.push('x');
        }
        san.push_str(&mv.to().to_string());
        if let Some(promoted) = mv.promotion() {
            san.push('=');
            san.push(promoted.upper_char());
        }
        san
    }

    /// Parses SAN, tolerating what people and programs commonly write:
    /// `0-0` for `O-O`, a missing `=` before the promotion piece, missing
    /// or extra `+`/`#`/`!`/`?` suffixes and an optional `x`.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveParseError> {
        let malformed = || MoveParseError::MalformedSan(text.to_string());
        let core = text.trim_end_matches(['+', '#', '!', '?']);
        if !core.is_ascii() || core.is_empty() {
            return Err(malformed());
        }
        let legal = legal_moves(self);
        let castle = match core {
            "O-O" | "0-0" => Some(MoveKind::KingCastle),
            "O-O-O" | "0-0-0" => Some(MoveKind::QueenCastle),
            _ => None,
        };
        if let Some(kind) = castle {
            return legal
                .into_iter()
                .find(|m| m.kind() == kind)
                .ok_or_else(|| MoveParseError::Illegal(text.to_string()));
        }

        let bytes = core.as_bytes();
        let (role, rest) = match bytes[0] {
            b'N' | b'B' | b'R' | b'Q' | b'K' => (
                Role::from_char(bytes[0] as char).ok_or_else(malformed)?,
                &core[1..],
            ),
            _ => (Role::Pawn, core),
        };

        // Split off a promotion suffix: "=Q" or "Q".
        let (rest, promotion) = match rest.char_indices().last() {
            Some((i, c)) if role == Role::Pawn && "NBRQnbrq".contains(c) && i >= 2 => {
                let body = rest[..i].trim_end_matches('=');
                let promoted = Role::from_char(c).ok_or_else(malformed)?;
                (body, Some(promoted))
            }
            _ => (rest, None),
        };

        // The target is the last two characters; what precedes it is an
        // optional origin file and/or rank and an optional 'x'.
        if rest.len() < 2 {
            return Err(malformed());
        }
        let to = Square::parse(&rest[rest.len() - 2..]).ok_or_else(malformed)?;
        let mut from_file = None;
        let mut from_rank = None;
        for c in rest[..rest.len() - 2].chars() {
            match c {
                'x' | ':' => {}
                'a'..='h' if from_file.is_none() && from_rank.is_none() => {
                    from_file = File::from_char(c);
                }
                '1'..='8' if from_rank.is_none() => from_rank = Rank::from_char(c),
                _ => return Err(malformed()),
            }
        }

        let mut candidates = legal.into_iter().filter(|m| {
            m.to() == to
                && !m.is_castle()
                && self.role_at(m.from()) == Some(role)
                && m.promotion() == promotion
                && from_file.is_none_or(|f| m.from().file() == f)
                && from_rank.is_none_or(|r| m.from().rank() == r)
        });
        match (candidates.next(), candidates.next()) {
            (Some(mv), None) => Ok(mv),
            (None, _) => Err(MoveParseError::Illegal(text.to_string())),
            (Some(_), Some(_)) => Err(MoveParseError::Ambiguous(text.to_string())),
        }
    }
}
