//! The static evaluation: a tapered blend of middlegame and endgame terms.
//!
//! Terms, each computed for both sides (White minus Black):
//! material and piece-square tables (from formulas, not tuned tables),
//! mobility (squares not covered by enemy pawns), pawn structure (passed,
//! isolated, doubled, backward), king safety (attacks on the king's zone
//! and its pawn shield), threats by pawns, bishop pair, rooks on open and
//! half-open files, and a tempo bonus for the side to move. Endgames
//! without pawns where the stronger side is up at most a minor piece are
//! scaled towards a draw.

use std::fmt::Write as _;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use crate::attacks::{bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

/// A middlegame/endgame pair of scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct S {
    pub mg: i32,
    pub eg: i32,
}

pub const fn s(mg: i32, eg: i32) -> S {
    S { mg, eg }
}

impl Add for S {
    type Output = S;
    #[inline]
    fn add(self, o: S) -> S {
        s(self.mg + o.mg, self.eg + o.eg)
    }
}

impl Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, o: S) -> S {
        s(self.mg - o.mg, self.eg - o.eg)
    }
}

impl Neg for S {
    type Output = S;
    #[inline]
    fn neg(self) -> S {
        s(-self.mg, -self.eg)
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, k: i32) -> S {
        s(self.mg * k, self.eg * k)
    }
}

impl AddAssign for S {
    #[inline]
    fn add_assign(&mut self, o: S) {
        *self = *self + o;
    }
}

impl SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, o: S) {
        *self = *self - o;
    }
}

// ---- Weights ----------------------------------------------------------------

pub const MATERIAL: [S; 6] = [
    s(90, 115),
    s(330, 305),
    s(345, 325),
    s(475, 545),
    s(1000, 985),
    s(0, 0),
];
/// Game phase weight of each role; the full phase is 24.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
const FULL_PHASE: i32 = 24;

/// Per square of mobility, beyond the typical count `MOBILITY_BASE`.
const MOBILITY: [S; 6] = [s(0, 0), s(5, 5), s(5, 6), s(3, 6), s(2, 4), s(0, 0)];
const MOBILITY_BASE: [i32; 6] = [0, 4, 6, 6, 12, 0];

/// Passed pawn bonus by relative rank.
const PASSED: [S; 8] = [
    s(0, 0),
    s(2, 8),
    s(5, 12),
    s(10, 25),
    s(25, 50),
    s(45, 90),
    s(70, 140),
    s(0, 0),
];
/// Endgame bonus per square of distance between the enemy king and the
/// passer's stop square, minus the same for our king, by relative rank.
const PASSED_KING_DISTANCE: [i32; 8] = [0, 0, 0, 2, 5, 8, 10, 0];
const PASSED_FREE_PATH: S = s(5, 20);
const ISOLATED: S = s(-10, -12);
const DOUBLED: S = s(-8, -20);
const BACKWARD: S = s(-8, -8);

const BISHOP_PAIR: S = s(30, 55);
const ROOK_OPEN_FILE: S = s(28, 10);
const ROOK_HALF_OPEN_FILE: S = s(12, 8);
const THREAT_BY_PAWN: S = s(45, 35);
const TEMPO: S = s(18, 8);

/// King-zone attack weight per attacked zone square, by attacking role.
const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// Middlegame bonus per pawn in the shield before a castled-side king.
const PAWN_SHIELD: [i32; 3] = [0, 14, 7];
const KING_DANGER_CAP: i32 = 600;

// ---- Piece-square tables (formulas) -----------------------------------------

/// Manhattan distance from the centre, in half squares pairs: 1 (centre
/// squares) to 7 (corners).
const fn centre_distance(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    ((2 * f - 7).abs() + (2 * r - 7).abs()) / 2
}

/// Bonus for a piece of `role` on `sq`, seen from White (rank 0 = own back rank).
const fn pst_entry(role: usize, sq: usize) -> S {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let centre = 6 - centre_distance(sq); // -1 .. 5
    match role {
        // Pawns: advance, and central pawns count more in the middlegame.
        0 => {
            let central = [0, 0, 4, 10, 10, 4, 0, 0][f as usize];
            let mid = if r >= 2 && r <= 4 { central } else { 0 };
            s(
                3 * r + mid - if r == 1 && (f == 3 || f == 4) { 10 } else { 0 },
                5 * r,
            )
        }
        1 => s(8 * centre - 22, 6 * centre - 16),
        2 => {
            let back = if r == 0 { -10 } else { 0 };
            s(4 * centre - 8 + back, 4 * centre - 10)
        }
        3 => {
            let seventh = if r == 6 { 20 } else { 0 };
            let centre_file = if f == 3 || f == 4 { 5 } else { 0 };
            s(seventh + centre_file, if r == 6 { 12 } else { 0 })
        }
        4 => s(2 * centre - 4, 5 * centre - 12),
        _ => {
            // King: hide on the back rank corners in the middlegame,
            // come to the centre in the endgame.
            let file_bonus = [20, 30, 8, -5, -5, 8, 30, 20][f as usize];
            s(file_bonus - 25 * r, 10 * centre - 25)
        }
    }
}

/// `PST[role][sq]` for White, material included; Black mirrors the square.
static PST: [[S; 64]; 6] = {
    let mut table = [[s(0, 0); 64]; 6];
    let mut role = 0;
    while role < 6 {
        let mut sq = 0;
        while sq < 64 {
            let e = pst_entry(role, sq);
            table[role][sq] = s(e.mg + MATERIAL[role].mg, e.eg + MATERIAL[role].eg);
            sq += 1;
        }
        role += 1;
    }
    table
};

// ---- Pawn masks ---------------------------------------------------------------

const FILE_A: u64 = 0x0101_0101_0101_0101;

const fn adjacent_files(file: usize) -> u64 {
    let mut mask = 0;
    if file > 0 {
        mask |= FILE_A << (file - 1);
    }
    if file < 7 {
        mask |= FILE_A << (file + 1);
    }
    mask
}

/// Squares strictly in front of `sq` (from `color`'s view) on its file and
/// the adjacent files: where enemy pawns would stop a passer.
static PASSED_SPAN: [[u64; 64]; 2] = {
    let mut table = [[0u64; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let file = sq % 8;
        let files = adjacent_files(file) | FILE_A << file;
        let rank = sq / 8;
        let ahead_white = if rank < 7 {
            !0u64 << ((rank + 1) * 8)
        } else {
            0
        };
        let ahead_black = if rank > 0 {
            !0u64 >> ((8 - rank) * 8)
        } else {
            0
        };
        table[0][sq] = files & ahead_white;
        table[1][sq] = files & ahead_black;
        sq += 1;
    }
    table
};

#[inline]
fn file_mask(sq: Square) -> Bitboard {
    Bitboard(FILE_A << sq.file().index())
}

#[inline]
fn relative_rank(color: Color, sq: Square) -> usize {
    match color {
        Color::White => sq.rank().index(),
        Color::Black => 7 - sq.rank().index(),
    }
}

#[inline]
fn pawn_attack_set(color: Color, pawns: Bitboard) -> Bitboard {
    const NOT_A: u64 = !FILE_A;
    const NOT_H: u64 = !(FILE_A << 7);
    match color {
        Color::White => Bitboard(((pawns.0 & NOT_A) << 7) | ((pawns.0 & NOT_H) << 9)),
        Color::Black => Bitboard(((pawns.0 & NOT_A) >> 9) | ((pawns.0 & NOT_H) >> 7)),
    }
}

#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file().index() as i32 - b.file().index() as i32).abs();
    let dr = (a.rank().index() as i32 - b.rank().index() as i32).abs();
    df.max(dr)
}

// ---- Evaluation ------------------------------------------------------------------

/// The evaluation terms of one side, kept apart for the `eval` report.
#[derive(Clone, Copy, Debug, Default)]
pub struct Terms {
    pub material_pst: S,
    pub mobility: S,
    pub pawns: S,
    pub passed: S,
    pub king_safety: S,
    pub threats: S,
    pub pieces: S,
}

impl Terms {
    fn total(&self) -> S {
        self.material_pst
            + self.mobility
            + self.pawns
            + self.passed
            + self.king_safety
            + self.threats
            + self.pieces
    }
}

struct Context {
    occupied: Bitboard,
    pawns: [Bitboard; 2],
    pawn_attacks: [Bitboard; 2],
    kings: [Square; 2],
}

/// Every evaluation term of `us`, one group at a time.
fn side_terms(pos: &Position, ctx: &Context, us: Color) -> Terms {
    let (mobility, king_attack) = mobility_and_king_attack(pos, ctx, us);
    let (pawns, passed) = pawn_structure(ctx, us);
    Terms {
        material_pst: material_pst(pos, us),
        mobility,
        pawns,
        passed,
        king_safety: king_attack + pawn_shield(ctx, us),
        threats: pawn_threats(pos, ctx, us),
        pieces: piece_bonuses(pos, ctx, us),
    }
}

/// Material and piece-square bonuses (the table holds both).
#[inline]
fn material_pst(pos: &Position, us: Color) -> S {
    let mut total = S::default();
    for role in Role::ALL {
        for sq in pos.pieces(us, role) {
            let idx = match us {
                Color::White => sq.index(),
                Color::Black => sq.flip_vertical().index(),
            };
            total += PST[role.index()][idx];
        }
    }
    total
}

/// The squares a knight, bishop, rook or queen on `sq` attacks.
#[inline]
fn piece_attacks(role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        _ => queen_attacks(sq, occupied),
    }
}

/// Mobility of our pieces (squares not covered by enemy pawns), and the
/// danger they pose to the enemy king's zone. Both come from the same
/// attack sets, so one pass over the pieces computes them together.
#[inline]
fn mobility_and_king_attack(pos: &Position, ctx: &Context, us: Color) -> (S, S) {
    let ti = (!us).index();
    let safe = !pos.color_bb(us) & !ctx.pawn_attacks[ti];
    let enemy_king = ctx.kings[ti];
    let zone = king_attacks(enemy_king).with(enemy_king);
    let mut mobility = S::default();
    let mut attack_units = 0;
    let mut attackers = 0;
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for sq in pos.pieces(us, role) {
            let attacks = piece_attacks(role, sq, ctx.occupied);
            let count = (attacks & safe).count() as i32;
            mobility += MOBILITY[role.index()] * (count - MOBILITY_BASE[role.index()]);
            let hits = (attacks & zone).count() as i32;
            if hits > 0 {
                attackers += 1;
                attack_units += hits * KING_ATTACK_WEIGHT[role.index()];
            }
        }
    }
    (mobility, king_danger(attackers, attack_units))
}

/// The danger we pose grows with the square of the attack (one lone
/// attacker is not a threat); it is scored for us against them.
#[inline]
fn king_danger(attackers: i32, attack_units: i32) -> S {
    if attackers >= 2 {
        let danger = (attack_units * attack_units * 2).min(KING_DANGER_CAP);
        s(danger, danger / 8)
    } else {
        S::default()
    }
}

/// Our own king's pawn shield (middlegame only): pawns one or two ranks
/// before a king still on its first two ranks, on its file or beside it.
#[inline]
fn pawn_shield(ctx: &Context, us: Color) -> S {
    let ksq = ctx.kings[us.index()];
    let mut total = S::default();
    if relative_rank(us, ksq) <= 1 {
        let shield_files = adjacent_files(ksq.file().index()) | file_mask(ksq).0;
        for pawn in ctx.pawns[us.index()] & Bitboard(shield_files) {
            let ahead = relative_rank(us, pawn) as i32 - relative_rank(us, ksq) as i32;
            if (1..=2).contains(&ahead) {
                total += s(PAWN_SHIELD[ahead as usize], 0);
            }
        }
    }
    total
}

/// Pawn structure: weaknesses (isolated, backward, doubled) and passed
/// pawns, returned apart because the report shows them as two terms.
#[inline]
fn pawn_structure(ctx: &Context, us: Color) -> (S, S) {
    let mut weaknesses = S::default();
    let mut passed = S::default();
    for sq in ctx.pawns[us.index()] {
        let spans = PawnSpans::of(us, sq);
        add_pawn_weaknesses(ctx, us, sq, &spans, &mut weaknesses);
        add_passed_pawn_bonus(ctx, us, sq, &spans, &mut passed);
    }
    (weaknesses, passed)
}

/// The files and squares both pawn terms read about one pawn, computed
/// once for both.
struct PawnSpans {
    /// The files beside the pawn's.
    adjacent: Bitboard,
    /// The squares ahead on its file and the files beside it.
    span: Bitboard,
    /// The squares ahead on its own file.
    file_ahead: Bitboard,
}

impl PawnSpans {
    #[inline]
    fn of(us: Color, sq: Square) -> PawnSpans {
        let span = Bitboard(PASSED_SPAN[us.index()][sq.index()]);
        PawnSpans {
            adjacent: Bitboard(adjacent_files(sq.file().index())),
            span,
            file_ahead: span & file_mask(sq),
        }
    }
}

/// The square in front of a pawn of `us` on `sq`.
#[inline]
fn stop_square(us: Color, sq: Square) -> Square {
    sq.offset_unchecked(if us == Color::White { 8 } else { -8 })
}

/// Adds the penalties for our pawn on `sq` to `total`: isolated (no
/// friendly pawn on an adjacent file) or else backward, and doubled (a
/// friendly pawn ahead). Adding in place keeps the evaluation as lean as
/// one loop written out (`side_terms` runs at every node).
#[inline]
fn add_pawn_weaknesses(ctx: &Context, us: Color, sq: Square, spans: &PawnSpans, total: &mut S) {
    let ti = (!us).index();
    let our_pawns = ctx.pawns[us.index()];
    let PawnSpans {
        adjacent,
        file_ahead,
        ..
    } = *spans;
    if (our_pawns & adjacent).is_empty() {
        *total += ISOLATED;
    } else {
        // Backward: no friendly pawn beside or behind on adjacent
        // files, and the stop square is covered by an enemy pawn.
        let behind_or_level = Bitboard(PASSED_SPAN[ti][sq.index()]) & adjacent
            | (Bitboard::rank(sq.rank()) & adjacent);
        if (our_pawns & behind_or_level).is_empty()
            && ctx.pawn_attacks[ti].contains(stop_square(us, sq))
        {
            *total += BACKWARD;
        }
    }
    if (our_pawns & file_ahead).nonempty() {
        *total += DOUBLED;
    }
}

/// Adds the bonus for our pawn on `sq` to `total` if it is passed (no
/// enemy pawn ahead on its file or beside it, and not behind a friendly
/// pawn): by rank, by the kings' distances to its stop square, and for a
/// free path ahead.
#[inline]
fn add_passed_pawn_bonus(ctx: &Context, us: Color, sq: Square, spans: &PawnSpans, total: &mut S) {
    let ui = us.index();
    let ti = (!us).index();
    let PawnSpans {
        span, file_ahead, ..
    } = *spans;
    if (ctx.pawns[ti] & span).is_empty() && (ctx.pawns[ui] & file_ahead).is_empty() {
        let rank = relative_rank(us, sq);
        let stop = stop_square(us, sq);
        let king_term = distance(ctx.kings[ti], stop) * 2 - distance(ctx.kings[ui], stop);
        *total += PASSED[rank];
        *total += s(0, king_term * PASSED_KING_DISTANCE[rank]);
        if (file_ahead & ctx.occupied).is_empty() {
            *total += PASSED_FREE_PATH * (rank as i32 / 2);
        }
    }
}

/// Enemy pieces (not pawns) attacked by our pawns.
#[inline]
fn pawn_threats(pos: &Position, ctx: &Context, us: Color) -> S {
    let them = !us;
    let threatened = ctx.pawn_attacks[us.index()] & pos.color_bb(them) & !ctx.pawns[them.index()];
    THREAT_BY_PAWN * threatened.count() as i32
}

/// The bishop pair, and rooks on open or half-open files.
#[inline]
fn piece_bonuses(pos: &Position, ctx: &Context, us: Color) -> S {
    let our_pawns = ctx.pawns[us.index()];
    let their_pawns = ctx.pawns[(!us).index()];
    let mut total = S::default();
    if pos.pieces(us, Role::Bishop).more_than_one() {
        total += BISHOP_PAIR;
    }
    for sq in pos.pieces(us, Role::Rook) {
        let file = file_mask(sq);
        if (file & our_pawns).is_empty() {
            total += if (file & their_pawns).is_empty() {
                ROOK_OPEN_FILE
            } else {
                ROOK_HALF_OPEN_FILE
            };
        }
    }
    total
}

fn phase(pos: &Position) -> i32 {
    Role::ALL
        .iter()
        .map(|&r| PHASE_WEIGHT[r.index()] * pos.role_bb(r).count() as i32)
        .sum::<i32>()
        .min(FULL_PHASE)
}

fn context(pos: &Position) -> Context {
    let pawns = [
        pos.pieces(Color::White, Role::Pawn),
        pos.pieces(Color::Black, Role::Pawn),
    ];
    Context {
        occupied: pos.occupied(),
        pawn_attacks: [
            pawn_attack_set(Color::White, pawns[0]),
            pawn_attack_set(Color::Black, pawns[1]),
        ],
        pawns,
        kings: [pos.king(Color::White), pos.king(Color::Black)],
    }
}

/// Endgame scale (out of 64): drawish endings without pawns for the
/// stronger side are scaled down.
fn endgame_scale(pos: &Position, eg: i32) -> i32 {
    let strong = if eg > 0 { Color::White } else { Color::Black };
    if pos.pieces(strong, Role::Pawn).nonempty() {
        return 64;
    }
    let non_pawn = |c: Color| -> i32 {
        [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .iter()
            .map(|&r| MATERIAL[r.index()].eg * pos.pieces(c, r).count() as i32)
            .sum()
    };
    if non_pawn(strong) - non_pawn(!strong) <= MATERIAL[Role::Bishop.index()].eg {
        16
    } else {
        64
    }
}

/// Blends White's middlegame and endgame totals by phase, scales drawish
/// endings, and returns the score for the side to move with its tempo.
fn blend(pos: &Position, white_total: S) -> i32 {
    let phase = phase(pos);
    let eg = white_total.eg * endgame_scale(pos, white_total.eg) / 64;
    let white = (white_total.mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE;
    let tempo = (TEMPO.mg * phase + TEMPO.eg * (FULL_PHASE - phase)) / FULL_PHASE;
    white * pos.side_to_move().fold(1, -1) + tempo
}

/// The evaluation in centipawns from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let ctx = context(pos);
    let white = side_terms(pos, &ctx, Color::White).total();
    let black = side_terms(pos, &ctx, Color::Black).total();
    blend(pos, white - black)
}

/// A table of every term for each side, for the `eval` command.
pub fn report(pos: &Position) -> String {
    let ctx = context(pos);
    let w = side_terms(pos, &ctx, Color::White);
    let b = side_terms(pos, &ctx, Color::Black);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "      term    |     White     |     Black     |     Total"
    );
    let _ = writeln!(
        out,
        "              |   MG     EG   |   MG     EG   |   MG     EG"
    );
    let rows: [(&str, S, S); 7] = [
        ("material+pst", w.material_pst, b.material_pst),
        ("mobility", w.mobility, b.mobility),
        ("pawns", w.pawns, b.pawns),
        ("passed", w.passed, b.passed),
        ("king safety", w.king_safety, b.king_safety),
        ("threats", w.threats, b.threats),
        ("pieces", w.pieces, b.pieces),
    ];
    for (name, ws, bs) in rows {
        let d = ws - bs;
        let _ = writeln!(
            out,
            "{name:>13} | {:>5}  {:>5}  | {:>5}  {:>5}  | {:>5}  {:>5}",
            ws.mg, ws.eg, bs.mg, bs.eg, d.mg, d.eg
        );
    }
    let total = w.total() - b.total();
    let _ = writeln!(out, "phase: {} / {FULL_PHASE}", phase(pos));
    let _ = writeln!(
        out,
        "tempo: {} {}, for {}",
        TEMPO.mg,
        TEMPO.eg,
        pos.side_to_move().fold("white", "black")
    );
    let white_view = evaluate(pos) * pos.side_to_move().fold(1, -1);
    let _ = writeln!(
        out,
        "total (White's view): {white_view} cp (before tempo and scaling: {} mg, {} eg)",
        total.mg, total.eg
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval_fen(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen).expect("test FEN"))
    }

    #[test]
    fn start_position_is_balanced_but_for_tempo() {
        let e = eval_fen(crate::position::STARTING_FEN);
        assert!(e > 0 && e <= TEMPO.mg, "start eval {e}");
    }

    #[test]
    fn colour_symmetry() {
        // A position and its colour-flipped mirror evaluate the same for
        // the side to move.
        for (fen, mirror) in [
            (
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
            ),
            (
                "8/5pk1/8/3P4/8/8/6K1/8 w - - 0 1",
                "8/6k1/8/8/3p4/8/5PK1/8 b - - 0 1",
            ),
        ] {
            assert_eq!(eval_fen(fen), eval_fen(mirror), "{fen}");
        }
    }

    #[test]
    fn material_and_passers_count() {
        // An extra queen is worth a lot; a far-advanced passer more than a
        // backward one.
        assert!(eval_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
        assert!(eval_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
        let advanced = eval_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        let home = eval_fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
        assert!(advanced > home + 50, "{advanced} vs {home}");
    }

    #[test]
    fn lone_minor_piece_endings_are_scaled_down() {
        let knight = eval_fen("4k3/8/8/8/8/8/8/3NK3 w - - 0 1");
        assert!(knight < 120, "KN v K scored {knight}");
        let rook = eval_fen("4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
        assert!(rook > 400, "KR v K scored {rook}");
    }
}
