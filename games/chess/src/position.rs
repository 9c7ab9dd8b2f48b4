//! The position: piece bitboards, a mailbox, side to move, castling rights,
//! en passant square, clocks and an incrementally updated Zobrist hash.
//!
//! Positions are small `Copy` values: the search and perft copy a position
//! and play a move on the copy (copy-make), so there is no unmake.

use crate::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::castling::{CastleRooks, CastleSide, CastlingRights};
use crate::color::{ByColor, Color};
use crate::mv::{Move, MoveKind};
use crate::role::{Piece, Role};
use crate::square::{File, Square};
use crate::zobrist;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    by_role: [Bitboard; 6],
    by_color: ByColor<Bitboard>,
    mailbox: [Option<Role>; 64],
    side: Color,
    castling: CastlingRights,
    /// The rook each castling right castles with (Chess960).
    castle_rooks: CastleRooks,
    /// Set only when the side to move has a legal en passant capture, so
    /// that positions compare (and hash) equal exactly when they are the
    /// same for the repetition rules.
    ep_square: Option<Square>,
    halfmove_clock: u16,
    fullmove_number: u16,
    hash: u64,
    checkers: Bitboard,
}

pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        Position::from_fen(STARTING_FEN).expect("the starting FEN is valid")
    }

    /// A board with no pieces (for building positions; not playable as is).
    pub(crate) fn empty() -> Position {
        Position {
            by_role: [Bitboard::EMPTY; 6],
            by_color: ByColor([Bitboard::EMPTY; 2]),
            mailbox: [None; 64],
            side: Color::White,
            castling: CastlingRights::NONE,
            castle_rooks: CastleRooks::STANDARD,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            hash: 0,
            checkers: Bitboard::EMPTY,
        }
    }

    // ---- Accessors ---------------------------------------------------------

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        self.mailbox[sq.index()]
    }

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = if self.by_color[Color::White].contains(sq) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// Every piece of one role, both colours.
    #[inline]
    pub fn role_bb(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// Every piece of one colour.
    #[inline]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.by_color[color]
    }

    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_role[role.index()] & self.by_color[color]
    }

    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[Color::White] | self.by_color[Color::Black]
    }

    /// Bishops and queens of `color`.
    #[inline]
    pub fn diagonal_sliders(&self, color: Color) -> Bitboard {
        (self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()])
            & self.by_color[color]
    }

    /// Rooks and queens of `color`.
    #[inline]
    pub fn orthogonal_sliders(&self, color: Color) -> Bitboard {
        (self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()])
            & self.by_color[color]
    }

    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.pieces(color, Role::King).single()
    }

    /// Pieces of the side not to move that give check.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers.nonempty()
    }

    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The rook each castling right castles with (the standard squares
    /// for the rights not held).
    #[inline]
    pub fn castle_rooks(&self) -> CastleRooks {
        self.castle_rooks
    }

    /// The square of the rook `color` castles with on `side`, if it still
    /// has that right.
    #[inline]
    pub fn castle_rook(&self, color: Color, side: CastleSide) -> Option<Square> {
        self.castling
            .has(color, side)
            .then(|| self.castle_rooks.get(color, side))
    }

    /// Whether the castling rights need Chess960 (a king off the e-file or
    /// a rook off the a- or h-file): a FEN then names rook files.
    pub fn is_chess960(&self) -> bool {
        Color::ALL.into_iter().any(|color| {
            self.castling.has_any(color)
                && (self.king(color).file() != File::E
                    || CastleSide::BOTH.into_iter().any(|side| {
                        self.castle_rook(color, side)
                            .is_some_and(|sq| sq != CastleRooks::STANDARD.get(color, side))
                    }))
        })
    }

    /// The en passant target square, when an en passant capture is legal.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }

    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    // ---- Attacks -----------------------------------------------------------

    /// Pieces of either colour that attack `sq` with the given occupancy.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let diagonal = self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()];
        let orthogonal = self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()];
        (pawn_attacks(Color::White, sq) & self.pieces(Color::Black, Role::Pawn))
            | (pawn_attacks(Color::Black, sq) & self.pieces(Color::White, Role::Pawn))
            | (knight_attacks(sq) & self.by_role[Role::Knight.index()])
            | (king_attacks(sq) & self.by_role[Role::King.index()])
            | (bishop_attacks(sq, occupied) & diagonal)
            | (rook_attacks(sq, occupied) & orthogonal)
    }

    /// Whether `by` attacks `sq` with the given occupancy.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        (knight_attacks(sq) & self.pieces(by, Role::Knight)).nonempty()
            || (pawn_attacks(!by, sq) & self.pieces(by, Role::Pawn)).nonempty()
            || (king_attacks(sq) & self.pieces(by, Role::King)).nonempty()
            || (bishop_attacks(sq, occupied) & self.diagonal_sliders(by)).nonempty()
            || (rook_attacks(sq, occupied) & self.orthogonal_sliders(by)).nonempty()
    }

    /// Pieces of `color` that shield their own king from an enemy slider.
    #[inline]
    pub fn pinned(&self, color: Color) -> Bitboard {
        let ksq = self.king(color);
        let them = self.by_color[!color];
        let snipers = (rook_attacks(ksq, them) & self.orthogonal_sliders(!color))
            | (bishop_attacks(ksq, them) & self.diagonal_sliders(!color));
        let occupied = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(ksq, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers & self.by_color[color];
            }
        }
        pinned
    }

    /// Whether the legal move `mv` puts the other king in check, without
    /// playing it: the moved (or promoted) piece attacks the king from its
    /// new square, or leaving its square opens a line of one of our
    /// sliders onto the king. Castling and en passant, which move two
    /// pieces, are played on a copy instead.
    #[inline]
    pub fn gives_check(&self, mv: Move) -> bool {
        if mv.is_castle() || mv.is_en_passant() {
            let mut after = *self;
            after.play_unchecked(mv);
            return after.in_check();
        }
        let us = self.side;
        let (from, to) = (mv.from(), mv.to());
        let ksq = self.king(!us);
        let occupied = self.occupied().without(from).with(to);
        let Some(role) = mv.promotion().or(self.mailbox[from.index()]) else {
            return false;
        };
        let direct = match role {
            Role::Pawn => pawn_attacks(us, to),
            Role::Knight => knight_attacks(to),
            Role::Bishop => bishop_attacks(to, occupied),
            Role::Rook => rook_attacks(to, occupied),
            Role::Queen => bishop_attacks(to, occupied) | rook_attacks(to, occupied),
            Role::King => Bitboard::EMPTY,
        };
        let diagonal = self.diagonal_sliders(us).without(from);
        let orthogonal = self.orthogonal_sliders(us).without(from);
        let discovered =
            (bishop_attacks(ksq, occupied) & diagonal) | (rook_attacks(ksq, occupied) & orthogonal);
        direct.contains(ksq) || discovered.nonempty()
    }

    fn compute_checkers(&self) -> Bitboard {
        let ksq = self.king(self.side);
        self.attackers_to(ksq, self.occupied()) & self.by_color[!self.side]
    }

    /// Whether the side to move may capture en passant on `ep` with the
    /// pawn on `from` without exposing its king (this covers the pin along
    /// the rank through both pawns, and checks the capture must answer).
    pub(crate) fn ep_capture_is_legal(&self, from: Square, ep: Square) -> bool {
        let us = self.side;
        let them = !us;
        let captured = Square::new_unchecked(ep.index() as u8 ^ 8);
        let ksq = self.king(us);
        let occupied = (self.occupied().without(from).without(captured)).with(ep);
        let their_pawns = self.pieces(them, Role::Pawn).without(captured);
        let attackers = (bishop_attacks(ksq, occupied) & self.diagonal_sliders(them))
            | (rook_attacks(ksq, occupied) & self.orthogonal_sliders(them))
            | (knight_attacks(ksq) & self.pieces(them, Role::Knight))
            | (pawn_attacks(us, ksq) & their_pawns);
        attackers.is_empty()
    }

    /// Whether the side to move has a legal en passant capture onto `ep`.
    fn has_legal_ep_capture(&self, ep: Square) -> bool {
        let capturers = pawn_attacks(!self.side, ep) & self.pieces(self.side, Role::Pawn);
        capturers
            .into_iter()
            .any(|from| self.ep_capture_is_legal(from, ep))
    }

    // ---- Editing -----------------------------------------------------------

    #[inline]
    fn put(&mut self, color: Color, role: Role, sq: Square) {
        debug_assert!(self.mailbox[sq.index()].is_none());
        let bit = Bitboard::from_square(sq);
        self.by_role[role.index()] ^= bit;
        self.by_color[color] ^= bit;
        self.mailbox[sq.index()] = Some(role);
        self.hash ^= zobrist::piece(color, role, sq);
    }

    #[inline]
    fn remove(&mut self, color: Color, role: Role, sq: Square) {
        debug_assert_eq!(self.mailbox[sq.index()], Some(role));
        let bit = Bitboard::from_square(sq);
        self.by_role[role.index()] ^= bit;
        self.by_color[color] ^= bit;
        self.mailbox[sq.index()] = None;
        self.hash ^= zobrist::piece(color, role, sq);
    }

    #[inline]
    fn shift(&mut self, color: Color, role: Role, from: Square, to: Square) {
        debug_assert_eq!(self.mailbox[from.index()], Some(role));
        debug_assert!(self.mailbox[to.index()].is_none());
        let bits = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_role[role.index()] ^= bits;
        self.by_color[color] ^= bits;
        self.mailbox[from.index()] = None;
        self.mailbox[to.index()] = Some(role);
        self.hash ^= zobrist::piece(color, role, from) ^ zobrist::piece(color, role, to);
    }

    /// Places a piece while setting up a position (FEN parsing).
    pub(crate) fn setup_put(&mut self, piece: Piece, sq: Square) {
        self.put(piece.color, piece.role, sq);
    }

    /// Sets the non-board state and derives hash and checkers; used once the
    /// pieces are placed. The caller validates the result.
    pub(crate) fn setup_finish(
        &mut self,
        side: Color,
        castling: CastlingRights,
        rooks: CastleRooks,
        ep_candidate: Option<Square>,
        halfmove_clock: u16,
        fullmove_number: u16,
    ) {
        self.side = side;
        self.castling = castling;
        self.castle_rooks = rooks.normalized(castling);
        self.halfmove_clock = halfmove_clock;
        self.fullmove_number = fullmove_number;
        self.hash ^= castling_key(castling, &self.castle_rooks);
        if side == Color::Black {
            self.hash ^= zobrist::black_to_move();
        }
        self.ep_square = None;
        if let Some(ep) = ep_candidate {
            if self.has_legal_ep_capture(ep) {
                self.ep_square = Some(ep);
                self.hash ^= zobrist::en_passant(ep.file());
            }
        }
        self.checkers = self.compute_checkers();
    }

    /// Plays a legal move on this position (copy first to keep the old one).
    ///
    /// The move must be legal here: that is what the move generator gives,
    /// and what `parse_uci`/`parse_san` return.
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.side;
        let them = !us;
        let from = mv.from();
        let to = mv.to();
        let role = self.mailbox[from.index()].expect("a legal move starts on a piece");

        if let Some(ep) = self.ep_square.take() {
            self.hash ^= zobrist::en_passant(ep.file());
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);

        match mv.kind() {
            MoveKind::Quiet => self.shift(us, role, from, to),
            MoveKind::DoublePush => {
                self.shift(us, role, from, to);
                let ep = Square::new_unchecked((from.index() as u8 + to.index() as u8) / 2);
                // `has_legal_ep_capture` reads the side to move: flip first.
                self.side = them;
                if self.has_legal_ep_capture(ep) {
                    self.ep_square = Some(ep);
                    self.hash ^= zobrist::en_passant(ep.file());
                }
                self.side = us;
            }
            MoveKind::KingCastle | MoveKind::QueenCastle => self.castle(mv),
            MoveKind::EnPassant => {
                let captured = Square::new_unchecked(to.index() as u8 ^ 8);
                self.remove(them, Role::Pawn, captured);
                self.shift(us, Role::Pawn, from, to);
            }
            kind => {
                if mv.is_capture() {
                    let victim = self.mailbox[to.index()].expect("a capture has a victim");
                    self.remove(them, victim, to);
                }
                match mv.promotion() {
                    Some(promoted) => {
                        self.remove(us, Role::Pawn, from);
                        self.put(us, promoted, to);
                    }
                    None => {
                        debug_assert_eq!(kind, MoveKind::Capture);
                        self.shift(us, role, from, to);
                    }
                }
            }
        }

        if role == Role::Pawn || mv.is_capture() {
            self.halfmove_clock = 0;
        }
        if self.castling.mask() != 0 {
            let rights =
                self.castling
                    .after_move(&self.castle_rooks, us, role == Role::King, from, to);
            if rights != self.castling {
                self.set_castling(rights);
            }
        }
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.side = them;
        self.hash ^= zobrist::black_to_move();
        self.checkers = self.compute_checkers();
        debug_assert_eq!(
            self.hash,
            self.compute_hash(),
            "incremental hash after {mv}"
        );
    }

    /// Moves king and rook for a castling move (`mv.to()` is where the king
    /// lands, `mv.target()` where the rook stands). Both are lifted before
    /// either is put down: in Chess960 the king may land on the rook's
    /// square or the rook on the king's.
    #[inline]
    fn castle(&mut self, mv: Move) {
        let us = self.side;
        let (king_from, king_to, rook_from) = (mv.from(), mv.to(), mv.target());
        let side = match mv.kind() {
            MoveKind::KingCastle => CastleSide::King,
            _ => CastleSide::Queen,
        };
        let (_, rook_to) = side.destinations(us);
        self.remove(us, Role::King, king_from);
        self.remove(us, Role::Rook, rook_from);
        self.put(us, Role::King, king_to);
        self.put(us, Role::Rook, rook_to);
    }

    /// Replaces the castling rights (and their hash), putting the rooks of
    /// lost rights back to the standard squares.
    fn set_castling(&mut self, rights: CastlingRights) {
        let rooks = self.castle_rooks.normalized(rights);
        self.hash ^= castling_key(self.castling, &self.castle_rooks) ^ castling_key(rights, &rooks);
        self.castling = rights;
        self.castle_rooks = rooks;
    }

    /// Passes the turn (for null-move pruning): clears en passant.
    pub fn play_null(&mut self) {
        debug_assert!(!self.in_check());
        if let Some(ep) = self.ep_square.take() {
            self.hash ^= zobrist::en_passant(ep.file());
        }
        self.side = !self.side;
        self.hash ^= zobrist::black_to_move();
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        self.checkers = Bitboard::EMPTY;
    }

    /// The hash computed from scratch (checks the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut hash = castling_key(self.castling, &self.castle_rooks);
        for sq in self.occupied() {
            let piece = self.piece_at(sq).expect("occupied square has a piece");
            hash ^= zobrist::piece(piece.color, piece.role, sq);
        }
        if self.side == Color::Black {
            hash ^= zobrist::black_to_move();
        }
        if let Some(ep) = self.ep_square {
            hash ^= zobrist::en_passant(ep.file());
        }
        hash
    }
}

/// The hash of castling rights: the rights mask's key, and for each right
/// whose rook is off its standard file (Chess960) the key of that file.
fn castling_key(rights: CastlingRights, rooks: &CastleRooks) -> u64 {
    let mut key = zobrist::castling(rights.mask());
    for i in 0..4 {
        let rook = rooks.0[i];
        if rights.mask() & (1 << i) != 0 && rook != CastleRooks::STANDARD.0[i] {
            key ^= zobrist::castle_rook_file(i, rook.file());
        }
    }
    key
}
