//! The packed position: one chess position of a generated game in 32
//! bytes, with its search score, the game's result and its ply. `datagen`
//! writes files of them (`tools/README.md`, "Data generation"), the NNUE
//! trainer reads them.
//!
//! Layout, little endian:
//!
//! | bytes | what |
//! |---|---|
//! | 0..8 | occupancy `u64`: bit `i` set when square `i` (a1 = 0, b1 = 1, …, h8 = 63) holds a piece |
//! | 8..24 | 32 nibbles: the `k`-th occupied square from a1 up has nibble `k` (the low nibble of byte `8 + k / 2` for even `k`, the high one for odd `k`) = `colour * 8 + role` (White 0, Black 1; `Role::index`, pawn 0 … king 5); unused nibbles 0 |
//! | 24 | flags: bit 0 set when Black is to move; the other bits 0 |
//! | 25 | the game's result from White's view: 0 Black won, 1 draw, 2 White won |
//! | 26..28 | `i16`: the search's score in centipawns from White's view |
//! | 28..30 | `u16`: the ply of the position in its game (0 at the start) |
//! | 30..32 | 0 |
//!
//! Castling rights, the en-passant square and the move clocks are not
//! kept: a network input sees the pieces and the side to move only.

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

use chess::{Color, Position, Role, Square};

/// The bytes of one record.
pub const RECORD_BYTES: usize = 32;
/// Most pieces a record holds (one nibble each).
pub const MAX_PIECES: usize = 32;

const OCCUPANCY: std::ops::Range<usize> = 0..8;
const PIECES_AT: usize = 8;
const FLAGS_AT: usize = 24;
const RESULT_AT: usize = 25;
const SCORE: std::ops::Range<usize> = 26..28;
const PLY: std::ops::Range<usize> = 28..30;
const RESERVED: std::ops::Range<usize> = 30..32;
/// Flag bit: Black to move.
const BLACK_TO_MOVE: u8 = 1;
/// The nibble of a colour's pieces starts at `colour * COLOR_STRIDE`.
const COLOR_STRIDE: u8 = 8;

/// The game's result from White's view, as byte 25 holds it.
pub mod result {
    pub const BLACK_WINS: u8 = 0;
    pub const DRAW: u8 = 1;
    pub const WHITE_WINS: u8 = 2;
}

/// One position, packed (the layout is the module's documentation).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C)]
pub struct PackedPosition(pub [u8; 32]);

const _: () = assert!(std::mem::size_of::<PackedPosition>() == RECORD_BYTES);

/// Why 32 bytes are not a packed position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PackError {
    #[error("square {square} has nibble {nibble}, no piece (colour * 8 + role, role 0 to 5)")]
    BadNibble { square: Square, nibble: u8 },
    #[error("{0} squares occupied; a record holds at most 32 pieces")]
    TooManyPieces(u32),
    #[error("result byte {0} is not 0, 1 or 2")]
    BadResult(u8),
    #[error("{color:?} has {count} kings, not one")]
    KingCount { color: Color, count: usize },
    #[error("byte {byte} holds {value:#04x} where the format has zero bits (unused nibbles, flags, bytes 30..32)")]
    Padding { byte: usize, value: u8 },
}

impl PackedPosition {
    /// Packs `pos` with its search score (centipawns, White's view), the
    /// game's result (see [`result`]) and its ply.
    pub fn pack(pos: &Position, score_white: i16, result: u8, ply: u16) -> PackedPosition {
        let mut bytes = [0u8; RECORD_BYTES];
        let occupied = pos.occupied();
        bytes[OCCUPANCY].copy_from_slice(&occupied.0.to_le_bytes());
        // A legal position has at most 32 pieces: two kings and 30 others.
        for (k, sq) in occupied.take(MAX_PIECES).enumerate() {
            let piece = pos.piece_at(sq).expect("an occupied square has a piece");
            let nibble = piece.color.index() as u8 * COLOR_STRIDE + piece.role.index() as u8;
            bytes[PIECES_AT + k / 2] |= nibble << (4 * (k % 2));
        }
        if pos.side_to_move() == Color::Black {
            bytes[FLAGS_AT] |= BLACK_TO_MOVE;
        }
        bytes[RESULT_AT] = result;
        bytes[SCORE].copy_from_slice(&score_white.to_le_bytes());
        bytes[PLY].copy_from_slice(&ply.to_le_bytes());
        PackedPosition(bytes)
    }

    /// Checks 32 bytes against the format: piece nibbles, at most 32
    /// pieces, one king a side, the result, the zero bits.
    pub fn from_bytes(bytes: [u8; 32]) -> Result<PackedPosition, PackError> {
        let packed = PackedPosition(bytes);
        let count = packed.occupancy().count_ones();
        if count as usize > MAX_PIECES {
            return Err(PackError::TooManyPieces(count));
        }
        let mut kings = [0usize; 2];
        for (k, sq) in packed.squares().enumerate() {
            let nibble = packed.nibble(k);
            let (color, role) =
                decode(nibble).ok_or(PackError::BadNibble { square: sq, nibble })?;
            if role == Role::King {
                kings[color.index()] += 1;
            }
        }
        for color in Color::ALL {
            if kings[color.index()] != 1 {
                let count = kings[color.index()];
                return Err(PackError::KingCount { color, count });
            }
        }
        // Unused nibbles: from the first one past the pieces.
        for k in count as usize..MAX_PIECES {
            if packed.nibble(k) != 0 {
                let byte = PIECES_AT + k / 2;
                let value = bytes[byte];
                return Err(PackError::Padding { byte, value });
            }
        }
        if bytes[FLAGS_AT] & !BLACK_TO_MOVE != 0 {
            let value = bytes[FLAGS_AT];
            return Err(PackError::Padding {
                byte: FLAGS_AT,
                value,
            });
        }
        if let Some(byte) = RESERVED.clone().find(|&b| bytes[b] != 0) {
            let value = bytes[byte];
            return Err(PackError::Padding { byte, value });
        }
        if bytes[RESULT_AT] > result::WHITE_WINS {
            return Err(PackError::BadResult(bytes[RESULT_AT]));
        }
        Ok(packed)
    }

    /// The same record with the game's result set (a game's records are
    /// packed before its end is known).
    pub fn with_result(mut self, result: u8) -> PackedPosition {
        self.0[RESULT_AT] = result;
        self
    }

    /// The same record with another score (centipawns, White's view),
    /// clamped to the record's `i16`.
    pub fn with_score(mut self, score_white: i32) -> PackedPosition {
        let score = score_white.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        self.0[SCORE].copy_from_slice(&score.to_le_bytes());
        self
    }

    /// The position as a FEN: the pieces and the side to move; no
    /// castling right, no en-passant square, a halfmove clock of 0 and
    /// the move number the ply gives (what a record does not keep).
    pub fn fen(&self) -> String {
        let mut board = [None; 64];
        for (color, role, sq) in self.pieces() {
            board[sq.index()] = Some(chess::Piece { color, role });
        }
        let mut fen = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    Some(piece) => {
                        if empty > 0 {
                            fen.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        fen.push(piece.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        let side = self.side_to_move().char();
        let fullmove = self.ply() / 2 + 1;
        format!("{fen} {side} - - 0 {fullmove}")
    }

    /// The 32 bytes.
    pub fn to_bytes(self) -> [u8; 32] {
        self.0
    }

    /// Bit `i` set when square `i` holds a piece.
    pub fn occupancy(&self) -> u64 {
        u64::from_le_bytes(self.0[OCCUPANCY].try_into().expect("8 bytes"))
    }

    /// The pieces from a1 up. A nibble that is no piece (only possible in
    /// a record not checked by [`PackedPosition::from_bytes`]) is left
    /// out, as are squares past the 32nd.
    pub fn pieces(&self) -> impl Iterator<Item = (Color, Role, Square)> + '_ {
        self.squares()
            .enumerate()
            .filter_map(|(k, sq)| decode(self.nibble(k)).map(|(c, r)| (c, r, sq)))
    }

    pub fn side_to_move(&self) -> Color {
        if self.0[FLAGS_AT] & BLACK_TO_MOVE != 0 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The search's score in centipawns from White's view.
    pub fn score_white(&self) -> i16 {
        i16::from_le_bytes(self.0[SCORE].try_into().expect("2 bytes"))
    }

    /// The game's result from White's view (see [`result`]).
    pub fn result(&self) -> u8 {
        self.0[RESULT_AT]
    }

    /// The position's ply in its game.
    pub fn ply(&self) -> u16 {
        u16::from_le_bytes(self.0[PLY].try_into().expect("2 bytes"))
    }

    /// The occupied squares from a1 up, at most 32.
    fn squares(&self) -> impl Iterator<Item = Square> {
        let occupancy = self.occupancy();
        (0..64u8)
            .filter(move |&i| occupancy >> i & 1 != 0)
            .take(MAX_PIECES)
            .map(Square::new_unchecked)
    }

    fn nibble(&self, k: usize) -> u8 {
        self.0[PIECES_AT + k / 2] >> (4 * (k % 2)) & 0xf
    }
}

/// The colour and role of a piece nibble, if it is one.
fn decode(nibble: u8) -> Option<(Color, Role)> {
    let color = if nibble < COLOR_STRIDE {
        Color::White
    } else {
        Color::Black
    };
    let role = *Role::ALL.get((nibble % COLOR_STRIDE) as usize)?;
    Some((color, role))
}

/// Why a file of packed positions could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {len} bytes is not a whole number of 32-byte records (a run cut short? rerun datagen to resume it, which truncates the unfinished game)")]
    Length { path: PathBuf, len: u64 },
    #[error("{path}: record {index}: {source}")]
    Record {
        path: PathBuf,
        index: u64,
        source: PackError,
    },
}

/// Every record of a file, each checked.
pub fn read_file(path: impl AsRef<Path>) -> Result<Vec<PackedPosition>, ReadError> {
    let reader = PackedReader::open(path)?;
    let capacity = reader.len_hint();
    let mut out = Vec::with_capacity(capacity);
    for record in reader {
        out.push(record?);
    }
    Ok(out)
}

/// The records of a file one at a time, each checked; a file whose
/// length is not a whole number of records is an error before the first.
/// It reads the records the file held when opened, and stops after an
/// error.
pub struct PackedReader {
    path: PathBuf,
    input: BufReader<File>,
    records: u64,
    index: u64,
}

impl PackedReader {
    pub fn open(path: impl AsRef<Path>) -> Result<PackedReader, ReadError> {
        let path = path.as_ref().to_path_buf();
        let io = |source| ReadError::Io {
            path: path.clone(),
            source,
        };
        let file = File::open(&path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        if len % RECORD_BYTES as u64 != 0 {
            return Err(ReadError::Length { path, len });
        }
        Ok(PackedReader {
            path,
            input: BufReader::with_capacity(1 << 16, file),
            records: len / RECORD_BYTES as u64,
            index: 0,
        })
    }

    /// The records the file held when opened.
    pub fn len_hint(&self) -> usize {
        self.records as usize
    }
}

impl Iterator for PackedReader {
    type Item = Result<PackedPosition, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        // The records the file held when opened (a run may be appending),
        // and nothing after an error.
        if self.index >= self.records {
            return None;
        }
        let mut bytes = [0u8; RECORD_BYTES];
        if let Err(source) = self.input.read_exact(&mut bytes) {
            self.index = self.records;
            return Some(Err(ReadError::Io {
                path: self.path.clone(),
                source,
            }));
        }
        let index = self.index;
        self.index += 1;
        Some(
            PackedPosition::from_bytes(bytes).map_err(|source| ReadError::Record {
                path: self.path.clone(),
                index,
                source,
            }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::{result, PackError, PackedPosition, RECORD_BYTES};
    use chess::{Chess, Color, Position, Role, Square};
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Positions of random legal games (every ply of each).
    fn random_positions(games: usize) -> Vec<Position> {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut out = Vec::new();
        for _ in 0..games {
            let mut game = Chess::default();
            for _ in 0..300 {
                out.push(*game.position());
                let moves = game.legal_moves();
                let Some(&mv) = moves.choose(&mut rng) else {
                    break;
                };
                game.play_unchecked(mv);
            }
        }
        out
    }

    fn pieces_of(pos: &Position) -> Vec<(Color, Role, Square)> {
        pos.occupied()
            .map(|sq| {
                let p = pos.piece_at(sq).expect("a piece");
                (p.color, p.role, sq)
            })
            .collect()
    }

    #[test]
    fn packing_round_trips_over_random_games() {
        let positions = random_positions(40);
        assert!(positions.len() > 4000, "{}", positions.len());
        for (i, pos) in positions.iter().enumerate() {
            let score = (i as i16).wrapping_mul(97);
            let res = (i % 3) as u8;
            let ply = (i % 1000) as u16;
            let packed = PackedPosition::pack(pos, score, res, ply);
            let back = PackedPosition::from_bytes(packed.to_bytes())
                .unwrap_or_else(|e| panic!("{}: {e}", pos.fen()));
            assert_eq!(back, packed);
            assert_eq!(
                back.pieces().collect::<Vec<_>>(),
                pieces_of(pos),
                "{}",
                pos.fen()
            );
            assert_eq!(back.occupancy(), pos.occupied().0);
            assert_eq!(back.side_to_move(), pos.side_to_move());
            assert_eq!(back.score_white(), score);
            assert_eq!(back.result(), res);
            assert_eq!(back.ply(), ply);
            assert_eq!(&back.0[30..], &[0, 0]);
            // The FEN keeps the pieces and the side to move.
            let board = |fen: &str| fen.split(' ').take(2).collect::<Vec<_>>().join(" ");
            assert_eq!(board(&back.fen()), board(&pos.fen()));
            let again = Position::from_fen(&back.fen()).expect("a FEN the crate reads");
            assert_eq!(pieces_of(&again), pieces_of(pos));
        }
    }

    #[test]
    fn the_start_position_has_the_documented_bytes() {
        let packed = PackedPosition::pack(&Position::startpos(), -5, result::DRAW, 0x0102);
        let b = packed.0;
        assert_eq!(&b[0..8], &0xffff_0000_0000_ffffu64.to_le_bytes());
        // a1 rook (3), b1 knight (1) share byte 8: low nibble first.
        assert_eq!(b[8], 0x13);
        // e1 king (5) is the 5th piece (k = 4): low nibble of byte 10.
        assert_eq!(b[10] & 0xf, 5);
        // The 9th to 16th pieces are White pawns (0); the 17th, a7, a Black pawn (8).
        assert_eq!(&b[12..16], &[0, 0, 0, 0]);
        assert_eq!(b[16], 0x88);
        // The last, h8, a Black rook (11) in the high nibble of byte 23.
        assert_eq!(b[23] >> 4, 11);
        assert_eq!(b[24], 0, "White to move");
        assert_eq!(b[25], 1);
        assert_eq!(&b[26..28], &(-5i16).to_le_bytes());
        assert_eq!(&b[28..30], &[0x02, 0x01]);
    }

    fn kings_only() -> [u8; RECORD_BYTES] {
        // White king a1 (nibble 5), Black king h8 (nibble 13).
        let pos = Position::from_fen("7k/8/8/8/8/8/8/K7 w - - 0 1").expect("FEN");
        PackedPosition::pack(&pos, 0, result::DRAW, 10).0
    }

    #[test]
    fn validation_names_what_is_wrong() {
        let good = kings_only();
        assert!(PackedPosition::from_bytes(good).is_ok());

        let mut bad = good;
        bad[8] = 0xd6; // a1: nibble 6 is no role
        assert_eq!(
            PackedPosition::from_bytes(bad),
            Err(PackError::BadNibble {
                square: Square::A1,
                nibble: 6
            })
        );

        let mut bad = good;
        bad[25] = 3;
        assert_eq!(
            PackedPosition::from_bytes(bad),
            Err(PackError::BadResult(3))
        );

        let mut bad = good;
        bad[0..8].copy_from_slice(&u64::MAX.to_le_bytes());
        assert_eq!(
            PackedPosition::from_bytes(bad),
            Err(PackError::TooManyPieces(64))
        );

        let mut bad = good;
        bad[8] = 0x55; // h8 now a White king: two White kings
        assert_eq!(
            PackedPosition::from_bytes(bad),
            Err(PackError::KingCount {
                color: Color::White,
                count: 2
            })
        );

        let mut bad = good;
        bad[8] = 0xd4; // a1 a White queen: White has no king
        assert_eq!(
            PackedPosition::from_bytes(bad),
            Err(PackError::KingCount {
                color: Color::White,
                count: 0
            })
        );

        let mut bad = good;
        bad[9] = 0x01; // the third nibble, unused with two pieces
        assert_eq!(
            PackedPosition::from_bytes(bad),
            Err(PackError::Padding { byte: 9, value: 1 })
        );
        let mut bad = good;
        bad[31] = 0x80;
        assert!(matches!(
            PackedPosition::from_bytes(bad),
            Err(PackError::Padding { byte: 31, .. })
        ));
        let mut bad = good;
        bad[24] = 0x02;
        assert!(matches!(
            PackedPosition::from_bytes(bad),
            Err(PackError::Padding { byte: 24, .. })
        ));
    }

    #[test]
    fn a_file_of_part_of_a_record_is_an_error_naming_it() {
        let dir = std::env::temp_dir().join(format!("packed-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch dir");
        let path = dir.join("two.bin");
        let mut bytes = kings_only().to_vec();
        bytes.extend(kings_only());
        std::fs::write(&path, &bytes).expect("write");
        let read = super::read_file(&path).expect("two records");
        assert_eq!(read, vec![PackedPosition(kings_only()); 2]);

        bytes.push(0);
        std::fs::write(&path, &bytes).expect("write");
        let err = super::read_file(&path).expect_err("65 bytes").to_string();
        assert!(err.contains("two.bin") && err.contains("65 bytes"), "{err}");

        bytes.truncate(RECORD_BYTES * 2);
        bytes[RECORD_BYTES + 25] = 9;
        std::fs::write(&path, &bytes).expect("write");
        let err = super::read_file(&path).expect_err("bad result").to_string();
        assert!(err.contains("two.bin: record 1: result byte 9"), "{err}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
