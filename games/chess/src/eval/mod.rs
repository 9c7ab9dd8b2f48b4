//! The static evaluation: a tapered blend of middlegame and endgame terms.
//!
//! Terms, each computed for both sides (White minus Black):
//! material and piece-square tables,
//! mobility (squares not covered by enemy pawns), pawn structure (passed,
//! with its stop square blocked or safe; isolated, doubled, backward,
//! connected), king safety (attacks on the king's zone and its weak
//! squares, safe checks, the pawn shield and storm, open files by the
//! king), threats by pawns, pawn pushes, minor pieces, rooks and the king,
//! hanging pieces, bishop pair, pawns on a bishop's colour, knights and
//! rooks by the pawn count, minor pieces behind pawns, outposts, rooks on
//! open and half-open files, space, the king's distance to its pawns, and
//! a tempo bonus for the side to move. Endgames
//! without pawns where the stronger side is up at most a minor piece are
//! scaled towards a draw.
//!
//! Every weight lives in one table ([`Weights`], laid out by [`layout`]).
//! The evaluation is written once, over an [`Accumulator`]: the engine's
//! [`Scorer`] sums the weights, and [`trace::Tracer`] records how often
//! each weight counts (White minus Black) for the Texel tuner in
//! `tools/`, so the tuner can never drift from the engine.

use std::fmt::Write as _;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use crate::attacks::king_attacks;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::game::Chess;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

mod king;
pub mod net;
mod pawn_cache;
mod pieces;
mod threats;
pub mod trace;
pub mod tuned;
pub mod weights;

pub use pawn_cache::PawnKingCache;
pub use weights::{
    hand_written_raw, layout, EvalChoice, Weights, HAND_WEIGHTS, SCALE_MATERIAL_EG, TUNED_WEIGHTS,
};

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

/// Game phase weight of each role; the full phase is 24.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const FULL_PHASE: i32 = 24;

/// King-zone attack units per attacked zone square, by attacking role
/// (fixed: they index the king-danger weights).
const KING_ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];

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

/// `squares` moved one rank towards `us`'s side (`forward` false) or
/// towards the enemy's (`forward` true).
#[inline]
fn shift_rank(us: Color, squares: Bitboard, forward: bool) -> Bitboard {
    if (us == Color::White) == forward {
        squares.north()
    } else {
        squares.south()
    }
}

#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file().index() as i32 - b.file().index() as i32).abs();
    let dr = (a.rank().index() as i32 - b.rank().index() as i32).abs();
    df.max(dr)
}

// ---- Accumulators ----------------------------------------------------------------

/// What the evaluation tells as it goes: `count` times weight `index` (of
/// [`layout`]) for one side. One evaluation, written once over this trait,
/// either sums scores ([`Scorer`]), sums them per report term
/// ([`GroupScorer`]) or records each weight's coefficient for the tuner
/// ([`trace::Tracer`]).
pub trait Accumulator {
    /// `count` times weight `index`, for `us`.
    fn add(&mut self, us: Color, index: usize, count: i32);

    /// A piece of `role` on `sq` (from `us`'s view): its material and
    /// piece-square weights.
    #[inline]
    fn piece(&mut self, us: Color, role: Role, sq: usize) {
        self.add(us, layout::MATERIAL + role.index(), 1);
        self.add(us, layout::PST + role.index() * 64 + sq, 1);
    }
}

/// Sums the weights of each side: the engine's evaluation.
pub struct Scorer<'w> {
    weights: &'w Weights,
    sides: [S; 2],
}

impl<'w> Scorer<'w> {
    #[inline]
    pub fn new(weights: &'w Weights) -> Self {
        Scorer {
            weights,
            sides: [S::default(); 2],
        }
    }

    /// White's total minus Black's.
    #[inline]
    pub fn white_minus_black(&self) -> S {
        self.sides[0] - self.sides[1]
    }
}

impl Accumulator for Scorer<'_> {
    #[inline(always)]
    fn add(&mut self, us: Color, index: usize, count: i32) {
        self.sides[us.index()] += self.weights.get(index) * count;
    }

    #[inline(always)]
    fn piece(&mut self, us: Color, role: Role, sq: usize) {
        self.sides[us.index()] += self.weights.piece_square(role.index(), sq);
    }
}

/// The terms of the `eval` report, in [`layout::group`]'s order.
pub const GROUP_NAMES: [&str; 7] = [
    "material+pst",
    "mobility",
    "pawns",
    "passed",
    "king safety",
    "threats",
    "pieces",
];

/// Sums the weights per side and per report term.
struct GroupScorer<'w> {
    weights: &'w Weights,
    groups: [[S; GROUP_NAMES.len()]; 2],
}

impl Accumulator for GroupScorer<'_> {
    fn add(&mut self, us: Color, index: usize, count: i32) {
        self.groups[us.index()][layout::group(index)] += self.weights.get(index) * count;
    }
}

// ---- Evaluation ------------------------------------------------------------------

struct Context {
    occupied: Bitboard,
    pawns: [Bitboard; 2],
    pawn_attacks: [Bitboard; 2],
    kings: [Square; 2],
    attacks: [threats::SideAttacks; 2],
    /// Each side's passed pawns, found with the pawn-king terms.
    passers: [Bitboard; 2],
}

/// Every evaluation term of `us` but the pawn-king terms, one group at a
/// time.
#[inline(always)]
fn side_terms<A: Accumulator>(pos: &Position, ctx: &Context, us: Color, acc: &mut A) {
    material_pst(pos, us, acc);
    mobility_and_king_attack(pos, ctx, us, acc);
    passed_pawn_paths(pos, ctx, us, acc);
    king::weak_zone_squares(ctx, us, acc);
    pawn_threats(pos, ctx, us, acc);
    threats::piece_threats(pos, ctx, us, acc);
    threats::safe_checks(pos, ctx, us, acc);
    threats::outposts(pos, ctx, us, acc);
    pieces::piece_bonuses(pos, ctx, us, acc);
}

/// Material and piece-square bonuses.
#[inline]
fn material_pst<A: Accumulator>(pos: &Position, us: Color, acc: &mut A) {
    for role in Role::ALL {
        for sq in pos.pieces(us, role) {
            let idx = match us {
                Color::White => sq.index(),
                Color::Black => sq.flip_vertical().index(),
            };
            acc.piece(us, role, idx);
        }
    }
}

/// Mobility of our pieces (squares not covered by enemy pawns), and the
/// danger they pose to the enemy king's zone. Both come from the same
/// attack sets, so one pass over the pieces computes them together.
#[inline]
fn mobility_and_king_attack<A: Accumulator>(pos: &Position, ctx: &Context, us: Color, acc: &mut A) {
    let ti = (!us).index();
    let safe = !pos.color_bb(us) & !ctx.pawn_attacks[ti];
    let enemy_king = ctx.kings[ti];
    let zone = king_attacks(enemy_king).with(enemy_king);
    let mut attack_units = 0;
    let mut attackers = 0;
    for (role, attacks) in ctx.attacks[us.index()].pieces() {
        let base = layout::MOBILITY + layout::MOBILITY_OFFSET[role.index()];
        let count = (attacks & safe).count() as usize;
        acc.add(us, base + count, 1);
        let hits = (attacks & zone).count() as i32;
        if hits > 0 {
            attackers += 1;
            attack_units += hits * KING_ATTACK_WEIGHT[role.index()];
        }
    }
    // The danger grows with the square of the attack (one lone attacker
    // is not a threat); it is scored for us against them.
    if attackers >= 2 {
        let units = (attack_units as usize).min(layout::KING_DANGER_LEN - 1);
        acc.add(us, layout::KING_DANGER + units, 1);
    }
}

/// Every term of both sides that reads nothing but the pawns and the
/// kings, which [`PawnKingCache`] keeps: the pawn structure, the passed
/// pawns' ranks and kings, the king's shield, storm and files, space and
/// the king's distance to its pawns. Returns each side's passed pawns.
#[inline]
fn pawn_king_terms<A: Accumulator>(ctx: &Context, acc: &mut A) -> [Bitboard; 2] {
    let mut passers = [Bitboard::EMPTY; 2];
    for us in [Color::White, Color::Black] {
        for sq in ctx.pawns[us.index()] {
            let spans = PawnSpans::of(us, sq);
            add_pawn_weaknesses(ctx, us, sq, &spans, acc);
            if is_passed(ctx, us, &spans) {
                passers[us.index()] = passers[us.index()].with(sq);
                add_passer_kings(ctx, us, sq, acc);
            }
        }
        king::pawn_king_terms(ctx, us, acc);
        pieces::pawn_king_terms(ctx, us, acc);
    }
    passers
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
            file_ahead: file_ahead(us, sq),
        }
    }
}

/// The squares ahead of a pawn of `us` on `sq`, on its own file.
#[inline]
fn file_ahead(us: Color, sq: Square) -> Bitboard {
    Bitboard(PASSED_SPAN[us.index()][sq.index()]) & file_mask(sq)
}

/// The square in front of a pawn of `us` on `sq`.
#[inline]
fn stop_square(us: Color, sq: Square) -> Square {
    sq.offset_unchecked(if us == Color::White { 8 } else { -8 })
}

/// The penalties for our pawn on `sq`: isolated (no friendly pawn on an
/// adjacent file) or else backward, and doubled (a friendly pawn ahead);
/// the bonus for a connected one (a friendly pawn beside or defending it).
#[inline]
fn add_pawn_weaknesses<A: Accumulator>(
    ctx: &Context,
    us: Color,
    sq: Square,
    spans: &PawnSpans,
    acc: &mut A,
) {
    let ti = (!us).index();
    let our_pawns = ctx.pawns[us.index()];
    let PawnSpans {
        adjacent,
        file_ahead,
        ..
    } = *spans;
    if (our_pawns & adjacent).is_empty() {
        acc.add(us, layout::ISOLATED, 1);
    } else {
        // Backward: no friendly pawn beside or behind on adjacent
        // files, and the stop square is covered by an enemy pawn.
        let behind_or_level = Bitboard(PASSED_SPAN[ti][sq.index()]) & adjacent
            | (Bitboard::rank(sq.rank()) & adjacent);
        if (our_pawns & behind_or_level).is_empty()
            && ctx.pawn_attacks[ti].contains(stop_square(us, sq))
        {
            acc.add(us, layout::BACKWARD, 1);
        }
    }
    if (our_pawns & file_ahead).nonempty() {
        acc.add(us, layout::DOUBLED, 1);
    }
    let beside = Bitboard::rank(sq.rank()) & adjacent;
    if (our_pawns & beside).nonempty() || ctx.pawn_attacks[us.index()].contains(sq) {
        acc.add(us, layout::CONNECTED + relative_rank(us, sq), 1);
    }
}

/// Whether our pawn with `spans` is passed: no enemy pawn ahead on its
/// file or beside it, and not behind a friendly pawn.
#[inline]
fn is_passed(ctx: &Context, us: Color, spans: &PawnSpans) -> bool {
    (ctx.pawns[(!us).index()] & spans.span).is_empty()
        && (ctx.pawns[us.index()] & spans.file_ahead).is_empty()
}

/// The bonus for our passed pawn on `sq` by its rank and by the kings'
/// distances to its stop square.
#[inline]
fn add_passer_kings<A: Accumulator>(ctx: &Context, us: Color, sq: Square, acc: &mut A) {
    let rank = relative_rank(us, sq);
    let stop = stop_square(us, sq);
    acc.add(us, layout::PASSED + rank, 1);
    let enemy_king = distance(ctx.kings[(!us).index()], stop);
    acc.add(us, layout::PASSED_ENEMY_KING + rank, enemy_king);
    let own_king = distance(ctx.kings[us.index()], stop);
    acc.add(us, layout::PASSED_OWN_KING + rank, own_king);
}

/// The bonuses of our passed pawns (`ctx.passers`) for what lies ahead of
/// them: a free path, and their stop square blocked by an enemy piece or
/// empty and safe.
#[inline]
fn passed_pawn_paths<A: Accumulator>(pos: &Position, ctx: &Context, us: Color, acc: &mut A) {
    let ti = (!us).index();
    for sq in ctx.passers[us.index()] {
        let rank = relative_rank(us, sq);
        let stop = stop_square(us, sq);
        if (file_ahead(us, sq) & ctx.occupied).is_empty() {
            acc.add(us, layout::PASSED_FREE_PATH + rank, 1);
        }
        if pos.color_bb(!us).contains(stop) {
            acc.add(us, layout::PASSED_BLOCKED + rank, 1);
        } else if !ctx.occupied.contains(stop) && !ctx.attacks[ti].all().contains(stop) {
            acc.add(us, layout::PASSED_SAFE_STOP + rank, 1);
        }
    }
}

/// Enemy pieces (not pawns) attacked by our pawns.
#[inline]
fn pawn_threats<A: Accumulator>(pos: &Position, ctx: &Context, us: Color, acc: &mut A) {
    let them = !us;
    let threatened = ctx.pawn_attacks[us.index()] & pos.color_bb(them) & !ctx.pawns[them.index()];
    add_count(acc, us, layout::THREAT_BY_PAWN, threatened);
}

/// Adds the weight at `index` once per square of `squares` (nothing when
/// there is none, so a trace holds only the terms present).
#[inline]
fn add_count<A: Accumulator>(acc: &mut A, us: Color, index: usize, squares: Bitboard) {
    let count = squares.count() as i32;
    if count > 0 {
        acc.add(us, index, count);
    }
}

/// The game phase: 24 with every piece on the board, 0 with pawns and
/// kings alone.
pub fn phase(pos: &Position) -> i32 {
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
    let occupied = pos.occupied();
    let pawn_attacks = [
        pawn_attack_set(Color::White, pawns[0]),
        pawn_attack_set(Color::Black, pawns[1]),
    ];
    let side = |c: Color| threats::SideAttacks::of(pos, c, occupied, pawn_attacks[c.index()]);
    Context {
        occupied,
        pawn_attacks,
        pawns,
        kings: [pos.king(Color::White), pos.king(Color::Black)],
        attacks: [side(Color::White), side(Color::Black)],
        passers: [Bitboard::EMPTY; 2],
    }
}

/// Endgame scale (out of 64) when `strong` is the side ahead: a pawnless
/// side up at most a minor piece ([`SCALE_MATERIAL_EG`]) is scaled down.
pub fn endgame_scale_for(pos: &Position, strong: Color) -> i32 {
    if pos.pieces(strong, Role::Pawn).nonempty() {
        return 64;
    }
    let non_pawn = |c: Color| -> i32 {
        [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
            .iter()
            .map(|&r| SCALE_MATERIAL_EG[r.index()] * pos.pieces(c, r).count() as i32)
            .sum()
    };
    if non_pawn(strong) - non_pawn(!strong) <= SCALE_MATERIAL_EG[Role::Bishop.index()] {
        16
    } else {
        64
    }
}

/// The side ahead in a White endgame total of `eg` (Black for 0).
#[inline]
pub fn strong_side(eg: i32) -> Color {
    if eg > 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Blends White's middlegame and endgame totals by `phase` after scaling
/// the endgame part by `scale` / 64: White's view, without tempo.
#[inline]
pub fn taper(white_total: S, phase: i32, scale: i32) -> i32 {
    let eg = white_total.eg * scale / 64;
    (white_total.mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE
}

/// The tempo bonus of the side to move at `phase`.
#[inline]
pub fn tempo(weights: &Weights, phase: i32) -> i32 {
    let t = weights.get(layout::TEMPO);
    (t.mg * phase + t.eg * (FULL_PHASE - phase)) / FULL_PHASE
}

/// Blends White's totals by phase, scales drawish endings, and returns
/// the score for the side to move with its tempo.
#[inline]
fn blend(pos: &Position, phase: i32, white_total: S, weights: &Weights) -> i32 {
    let scale = endgame_scale_for(pos, strong_side(white_total.eg));
    let white = taper(white_total, phase, scale);
    white * pos.side_to_move().fold(1, -1) + tempo(weights, phase)
}

/// The evaluation in centipawns from the side to move's point of view,
/// with the hand-written weights: fixed, so that tools which filter
/// positions by it (`texel`'s quiet test) do not move with each refit.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &HAND_WEIGHTS)
}

/// The evaluation `choice` picks: one copy of the hand-crafted evaluation
/// per weight table, each with its table's address known, plus the
/// network's correction if chosen.
#[inline]
pub fn evaluate_choice(pos: &Position, choice: &EvalChoice) -> i32 {
    let crafted = if choice.tuned {
        evaluate_with(pos, &TUNED_WEIGHTS)
    } else {
        evaluate_with(pos, &HAND_WEIGHTS)
    };
    crafted + net_correction(pos, choice)
}

/// The network's correction when `choice` asks for it, else 0.
#[inline]
fn net_correction(pos: &Position, choice: &EvalChoice) -> i32 {
    if choice.net {
        net::NETWORK.evaluate(pos)
    } else {
        0
    }
}

/// The evaluation with `weights`, from the side to move's point of view.
#[inline]
pub fn evaluate_with(pos: &Position, weights: &Weights) -> i32 {
    let mut scorer = Scorer::new(weights);
    let phase = accumulate(pos, &mut scorer);
    blend(pos, phase, scorer.white_minus_black(), weights)
}

/// [`evaluate_choice`] with the pawn-king terms taken from `cache` when
/// it has the position's pawns and kings (the same score either way).
#[inline]
pub fn evaluate_cached(pos: &Position, choice: &EvalChoice, cache: &mut PawnKingCache) -> i32 {
    crafted_cached(pos, choice, cache) + net_correction(pos, choice)
}

/// One search thread's evaluation state: the pawn-king cache and the
/// network's sums along the line searched.
#[derive(Default)]
pub struct EvalState {
    pub pawn_king: PawnKingCache,
    pub net: net::Accumulators,
}

/// The evaluation of `game`'s position, as [`evaluate_cached`] gives it,
/// with the network's sums updated from the position's ancestors.
#[inline]
pub fn evaluate_game(game: &Chess, choice: &EvalChoice, state: &mut EvalState) -> i32 {
    let pos = game.position();
    let crafted = crafted_cached(pos, choice, &mut state.pawn_king);
    if !choice.net {
        return crafted;
    }
    let history = game.history();
    let line = |ply: usize| history.get(ply).map_or(pos, |(before, _)| before);
    crafted + state.net.evaluate(&net::NETWORK, history.len(), line)
}

/// The hand-crafted evaluation with the weights `choice` picks, through
/// the pawn-king cache.
#[inline]
fn crafted_cached(pos: &Position, choice: &EvalChoice, cache: &mut PawnKingCache) -> i32 {
    cache.serve(*choice);
    if choice.tuned {
        evaluate_with_cache(pos, &TUNED_WEIGHTS, cache)
    } else {
        evaluate_with_cache(pos, &HAND_WEIGHTS, cache)
    }
}

#[inline(always)]
fn evaluate_with_cache(pos: &Position, weights: &Weights, cache: &mut PawnKingCache) -> i32 {
    let mut scorer = Scorer::new(weights);
    let phase = accumulate_with(pos, &mut scorer, |ctx, scorer| {
        cache.pawn_king_terms(ctx, scorer)
    });
    blend(pos, phase, scorer.white_minus_black(), weights)
}

/// Runs the whole evaluation of both sides into `acc`; returns the phase.
pub fn accumulate<A: Accumulator>(pos: &Position, acc: &mut A) -> i32 {
    accumulate_with(pos, acc, pawn_king_terms)
}

/// [`accumulate`] with the pawn-king terms added by `pawn_king` (which
/// computes them or takes them from a cache), which returns the passers.
#[inline(always)]
fn accumulate_with<A: Accumulator>(
    pos: &Position,
    acc: &mut A,
    pawn_king: impl FnOnce(&Context, &mut A) -> [Bitboard; 2],
) -> i32 {
    let mut ctx = context(pos);
    ctx.passers = pawn_king(&ctx, acc);
    side_terms(pos, &ctx, Color::White, acc);
    side_terms(pos, &ctx, Color::Black, acc);
    phase(pos)
}

/// A table of every term for each side, for the `eval` command.
pub fn report(pos: &Position, choice: &EvalChoice) -> String {
    let weights = choice.weights();
    let mut groups = GroupScorer {
        weights,
        groups: [[S::default(); GROUP_NAMES.len()]; 2],
    };
    let phase = accumulate(pos, &mut groups);
    let [w, b] = groups.groups;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "      term    |     White     |     Black     |     Total"
    );
    let _ = writeln!(
        out,
        "              |   MG     EG   |   MG     EG   |   MG     EG"
    );
    let mut total = S::default();
    for (i, name) in GROUP_NAMES.iter().enumerate() {
        let (ws, bs) = (w[i], b[i]);
        let d = ws - bs;
        total += d;
        let _ = writeln!(
            out,
            "{name:>13} | {:>5}  {:>5}  | {:>5}  {:>5}  | {:>5}  {:>5}",
            ws.mg, ws.eg, bs.mg, bs.eg, d.mg, d.eg
        );
    }
    let _ = writeln!(out, "phase: {phase} / {FULL_PHASE}");
    let t = weights.get(layout::TEMPO);
    let _ = writeln!(
        out,
        "tempo: {} {}, for {}",
        t.mg,
        t.eg,
        pos.side_to_move().fold("white", "black")
    );
    let weights_name = if choice.tuned {
        "tuned"
    } else {
        "hand-written"
    };
    let white_view = evaluate_with(pos, weights) * pos.side_to_move().fold(1, -1);
    let _ = writeln!(
        out,
        "total (White's view, {weights_name} weights): {white_view} cp (before tempo and scaling: {} mg, {} eg)",
        total.mg, total.eg
    );
    if choice.net {
        let correction = net::NETWORK.evaluate(pos) * pos.side_to_move().fold(1, -1);
        let _ = writeln!(
            out,
            "network correction (White's view): {correction} cp; with it: {} cp",
            white_view + correction
        );
    }
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
        assert!(
            e > 0 && e <= HAND_WEIGHTS.get(layout::TEMPO).mg,
            "start eval {e}"
        );
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

    #[test]
    fn report_totals_match_the_evaluation() {
        let pos = Position::from_fen(
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        )
        .expect("test FEN");
        let text = report(
            &pos,
            &EvalChoice {
                tuned: false,
                net: false,
            },
        );
        let want = format!(
            "total (White's view, hand-written weights): {} cp",
            evaluate(&pos)
        );
        assert!(text.contains(&want), "{text}");
    }
}
