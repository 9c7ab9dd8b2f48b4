//! The staged move picker.
//!
//! Contract: given the legal moves of a node (or the noisy moves, in
//! quiescence), [`MovePicker::next`] returns each of them exactly once, in
//! this order:
//!
//! 1. the transposition-table move, if the packed move from the table
//!    matches one of the given moves (so a corrupt or colliding entry can
//!    never yield a move that is not in the list);
//! 2. noisy moves that do not lose material (`see_ge(mv, 0)`), best
//!    `noisy_order` (plus capture history, when on) first;
//! 3. the two killer moves of the ply (quiet moves only), then the
//!    counter move of the previous move (when on);
//! 4. the other quiet moves by history score;
//! 5. noisy moves that lose material, best `noisy_order` first.
//!
//! Moves are scored lazily after the TT move has been tried, because the
//! TT move often causes a cutoff and then nothing else is needed. Ties keep
//! the generation order, so the order is deterministic: each stored key
//! carries the move's place in the list below its score, so keys are
//! unique, the largest key names its own move, and a move once returned
//! has its key replaced by [`PICKED`]: nothing is moved around.

use crate::game::{GameMove, NoisyKey, Searchable, Side};
use crate::history::{History, HistoryRow};

const GOOD_NOISY: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
const BAD_NOISY: i32 = -(1 << 28);
/// `noisy_order` hints are clamped to this so the stages never overlap.
const NOISY_ORDER_LIMIT: i32 = 1 << 20;
/// Low bits of a stored key: `TIE_MASK - place in the list`, so that of
/// equal scores the earlier move has the larger key.
const TIE_BITS: u32 = 16;
const TIE_MASK: i64 = (1 << TIE_BITS) - 1;
/// The key of a move already returned: below every real key.
const PICKED: i64 = i64::MIN;
/// A dropped move's key is its key less this: below every real key (so
/// never picked) and above `PICKED`, and still in the order, so that the
/// moves dropped before a returned one can be counted.
const DROPPED_OFFSET: i64 = 1 << 60;
/// Real keys are above this, dropped ones below.
const DROPPED_CEILING: i64 = -(1 << 59);

/// Whether a stored key is a dropped move's.
#[inline]
fn is_dropped(key: i64) -> bool {
    key != PICKED && key < DROPPED_CEILING
}

/// Whether a stored key is a noisy move's.
#[inline]
fn is_noisy_key(key: i64) -> bool {
    is_good_noisy_key(key) || is_bad_noisy_key(key)
}

/// Whether a stored key is that of a noisy move which does not lose
/// material (`see_ge(mv, 0)`) …
#[inline]
fn is_good_noisy_key(key: i64) -> bool {
    (key >> TIE_BITS) as i32 >= GOOD_NOISY - NOISY_ORDER_LIMIT
}

/// … or of one that does.
#[inline]
fn is_bad_noisy_key(key: i64) -> bool {
    (key >> TIE_BITS) as i32 <= BAD_NOISY + NOISY_ORDER_LIMIT
}

/// The key of a move not scored yet, while the picker scores: no real
/// key's (those of the moves in the list are below `i64::MAX >> 1`).
const UNSCORED: i64 = i64::MAX;

/// The stored key of a move of `score` at `place` in the list.
#[inline(always)]
fn sort_key(score: i32, place: usize) -> i64 {
    i64::from(score) << TIE_BITS | (TIE_MASK - place as i64)
}

/// The stored key of the noisy move `mv`, of noisy key `key`, at `place`.
#[inline(always)]
fn noisy_sort_key<G: Searchable>(
    pos: &G,
    ctx: &OrderingContext<'_, G::Move>,
    mv: G::Move,
    key: NoisyKey,
    place: usize,
) -> i64 {
    let order = ctx
        .noisy_score(pos, mv, key.order)
        .clamp(-NOISY_ORDER_LIMIT, NOISY_ORDER_LIMIT);
    let score = if key.see_ge_zero.unwrap_or_else(|| pos.see_ge(mv, 0)) {
        GOOD_NOISY + order
    } else {
        BAD_NOISY + order
    };
    sort_key(score, place)
}

/// A quiet move's score for the picker, with what every move reads
/// looked up once: the killers and the counter move (their packed forms
/// first, 0 for none, which no real move packs to), and the history rows.
struct QuietScorer<'a, M> {
    packed: [u16; 3],
    killers: [Option<M>; 3],
    history: HistoryRow<'a>,
    continuation: [Option<HistoryRow<'a>>; 2],
}

impl<'a, M: GameMove> QuietScorer<'a, M> {
    #[inline(always)]
    fn new(ctx: &OrderingContext<'a, M>) -> Self {
        let killers = [ctx.killers[0], ctx.killers[1], ctx.counter];
        QuietScorer {
            packed: killers.map(|k| k.map_or(0, GameMove::to_u16)),
            killers,
            history: ctx.history.row(ctx.side.index()),
            continuation: ctx.earlier.map(|row| row.map(|r| ctx.continuation.row(r))),
        }
    }

    /// What [`MovePicker::score`] gives the quiet move `mv`: a killer's
    /// or the counter move's rank, else [`OrderingContext::quiet_score`].
    /// That sum is written out again here, from the rows looked up once:
    /// one `HistoryRows::score` shared by both cost 1.5% more
    /// instructions a Leiserchess node (callgrind `bench 6`), because the
    /// compiler then no longer split this loop into one with continuation
    /// rows and one without.
    #[inline(always)]
    fn score<G: Searchable<Move = M>>(&self, pos: &G, mv: M) -> i32 {
        let packed = mv.to_u16();
        if self.packed.contains(&packed) {
            if self.killers[0] == Some(mv) {
                return KILLER + 1;
            } else if self.killers[1] == Some(mv) {
                return KILLER;
            } else if self.killers[2] == Some(mv) {
                return KILLER - 1;
            }
        }
        let mut score = self.history.get(pos.move_index(mv));
        if self.continuation.iter().any(Option::is_some) {
            let piece_to = pos.piece_to(mv);
            for row in self.continuation.iter().flatten() {
                score += row.get(piece_to);
            }
        }
        score
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    TtMove,
    Score,
    Pick,
}

/// What the picker needs to order quiet moves.
#[derive(Clone, Copy)]
pub struct OrderingContext<'a, M> {
    pub history: &'a History,
    pub killers: [Option<M>; 2],
    /// The move that last refuted the previous move, when counter moves
    /// are on.
    pub counter: Option<M>,
    pub side: Side,
    /// The continuation history, and the `piece_to` of the moves one and
    /// two plies earlier whose rows apply (none when off or unknown).
    pub continuation: &'a History,
    pub earlier: [Option<usize>; 2],
    /// The capture history (rows: one; entries: a noisy move's
    /// `piece_to`) and what divides it, when it is on.
    pub captures: Option<(&'a History, i32)>,
}

impl<M: GameMove> OrderingContext<'_, M> {
    /// A quiet move's history score: its own, plus its history as the
    /// reply to each earlier move known.
    #[inline(always)]
    pub fn quiet_score<G: Searchable<Move = M>>(&self, pos: &G, mv: M) -> i32 {
        let mut score = self.history.get(self.side.index(), pos.move_index(mv));
        if self.earlier.iter().any(Option::is_some) {
            let piece_to = pos.piece_to(mv);
            for &row in self.earlier.iter().flatten() {
                score += self.continuation.get(row, piece_to);
            }
        }
        score
    }

    /// A noisy move's order: the game's hint, plus what the capture
    /// history has learnt of the move when it is on.
    #[inline]
    pub fn noisy_score<G: Searchable<Move = M>>(&self, pos: &G, mv: M, hint: i32) -> i32 {
        match self.captures {
            Some((table, divisor)) => hint + table.get(0, pos.piece_to(mv)) / divisor.max(1),
            None => hint,
        }
    }

    /// A quiet move's history as a signal for late move reductions: the
    /// mean of the tables [`Self::quiet_score`] sums, so that its range
    /// stays the plain history's whether continuation rows apply or not
    /// (their sum would triple the reduction's history term).
    #[inline]
    pub fn reduction_history<G: Searchable<Move = M>>(&self, pos: &G, mv: M) -> i32 {
        let tables = 1 + self.earlier.iter().flatten().count() as i32;
        self.quiet_score(pos, mv) / tables
    }
}

pub struct MovePicker<M> {
    moves: Vec<M>,
    keys: Vec<i64>,
    /// Each move's noisy key when the generator gave them (quiescence's
    /// noisy moves), else empty: the picker asks the game.
    known: Vec<NoisyKey>,
    stage: Stage,
    has_tt_move: bool,
    /// The key of the move returned last, once the moves are scored.
    last_key: Option<i64>,
    /// Moves dropped by `retain_quiets`, and how many of them came in the
    /// order before the moves returned so far.
    dropped: usize,
    dropped_passed: usize,
    /// How many dropped moves came between the last two returned.
    dropped_before_last: usize,
}

impl<M: GameMove> MovePicker<M> {
    /// Takes the generated `moves`, their noisy keys `known` when the
    /// generator gave them (else empty) and a key buffer to reuse (see
    /// [`MovePicker::into_buffers`]). `tt_move` is the packed move from the
    /// table, 0 for none.
    pub fn new(
        mut moves: Vec<M>,
        mut keys: Vec<i64>,
        mut known: Vec<NoisyKey>,
        tt_move: u16,
    ) -> Self {
        debug_assert!(known.is_empty() || known.len() == moves.len());
        keys.clear();
        let mut has_tt_move = false;
        if tt_move != 0 {
            if let Some(i) = moves.iter().position(|m| m.to_u16() == tt_move) {
                moves[..=i].rotate_right(1);
                if !known.is_empty() {
                    known[..=i].rotate_right(1);
                }
                has_tt_move = true;
            }
        }
        MovePicker {
            moves,
            keys,
            known,
            stage: Stage::TtMove,
            has_tt_move,
            last_key: None,
            dropped: 0,
            dropped_passed: 0,
            dropped_before_last: 0,
        }
    }

    /// The table's move, when it is one of the moves.
    pub fn tt_move(&self) -> Option<M> {
        self.has_tt_move.then(|| self.moves[0])
    }

    /// Number of moves in the list.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The next move in the order of the contract, or `None` when done.
    #[inline]
    pub fn next<G: Searchable<Move = M>>(
        &mut self,
        pos: &G,
        ctx: &OrderingContext<'_, M>,
    ) -> Option<M> {
        self.next_with(pos, || *ctx)
    }

    /// [`MovePicker::next`] with the ordering context made by `ctx` only
    /// when the picker scores the moves (once, when the table move has
    /// been tried): the search need not gather it for every move.
    #[inline]
    pub fn next_with<'c, G: Searchable<Move = M>>(
        &mut self,
        pos: &G,
        ctx: impl FnOnce() -> OrderingContext<'c, M>,
    ) -> Option<M> {
        if self.stage == Stage::TtMove {
            self.stage = Stage::Score;
            if self.has_tt_move {
                return Some(self.moves[0]);
            }
        }
        if self.stage == Stage::Score {
            self.stage = Stage::Pick;
            self.score(pos, &ctx());
        }
        // One plain pass for the largest key (it vectorizes); the key says
        // where its move is. Cheap because most nodes cut off after a few
        // moves.
        let best = self
            .keys
            .iter()
            .copied()
            .max()
            .filter(|&k| k >= DROPPED_CEILING)?;
        let at = (TIE_MASK - (best & TIE_MASK)) as usize;
        self.keys[at] = PICKED;
        self.last_key = Some(best);
        self.count_dropped_before(best);
        Some(self.moves[at])
    }

    /// Counts the dropped moves whose place in the order came before the
    /// move of key `best`, and not before the one returned earlier.
    #[inline]
    fn count_dropped_before(&mut self, best: i64) {
        self.dropped_before_last = 0;
        if self.dropped == self.dropped_passed {
            return;
        }
        let passed = self
            .keys
            .iter()
            .filter(|&&k| is_dropped(k) && k + DROPPED_OFFSET > best)
            .count();
        self.dropped_before_last = passed - self.dropped_passed;
        self.dropped_passed = passed;
    }

    /// How many dropped moves the order passed over between the move
    /// returned last and the one before it (the search counts them as
    /// tried, so that dropping changes no later move's number).
    #[inline]
    pub fn dropped_before_last(&self) -> usize {
        self.dropped_before_last
    }

    fn score<G: Searchable<Move = M>>(&mut self, pos: &G, ctx: &OrderingContext<'_, M>) {
        self.keys.clear();
        self.keys.resize(self.moves.len(), UNSCORED);
        debug_assert!(self.moves.len() as i64 <= TIE_MASK);
        // The table move, first in the list, was returned already.
        let first = usize::from(self.has_tt_move);
        if first == 1 {
            self.keys[0] = PICKED;
        }
        let keys = &mut self.keys[first..];
        let moves = &self.moves[first..];
        if self.known.is_empty() {
            pos.noisy_keys_of(moves, |i, key| {
                keys[i] = noisy_sort_key(pos, ctx, moves[i], key, first + i);
            });
        } else {
            for (i, &key) in self.known[first..].iter().enumerate() {
                keys[i] = noisy_sort_key(pos, ctx, moves[i], key, first + i);
            }
        }
        let quiet = QuietScorer::new(ctx);
        for (i, (key, &mv)) in keys.iter_mut().zip(moves).enumerate() {
            if *key == UNSCORED {
                *key = sort_key(quiet.score(pos, mv), first + i);
            }
        }
    }

    /// Whether the move `next` returned last is noisy, when the picker
    /// knows (it has scored the moves; the table move comes before that).
    #[inline]
    pub fn last_is_noisy(&self) -> Option<bool> {
        self.last_key.map(is_noisy_key)
    }

    /// Whether the move `next` returned last is noisy and wins or loses
    /// material: `Some(true)` when `see_ge(mv, 0)` failed, `Some(false)`
    /// when it held, `None` for a quiet move or one the picker has not
    /// scored (the table move), so that the search need not exchange
    /// again what the picker already did.
    #[inline]
    pub fn last_loses_exchange(&self) -> Option<bool> {
        let key = self.last_key?;
        if is_bad_noisy_key(key) {
            Some(true)
        } else {
            is_good_noisy_key(key).then_some(false)
        }
    }

    /// Drops the quiet moves not returned yet, except those `keep`
    /// accepts (their order unchanged): the search calls it once it
    /// prunes every further quiet move that does not give check, so that
    /// the others are not picked one by one for nothing. Only after
    /// scoring (else it does nothing).
    pub fn retain_quiets(&mut self, mut keep: impl FnMut(M) -> bool) {
        for (i, key) in self.keys.iter_mut().enumerate() {
            let open = *key != PICKED && !is_dropped(*key);
            if open && !is_noisy_key(*key) && !keep(self.moves[i]) {
                *key -= DROPPED_OFFSET;
                self.dropped += 1;
            }
        }
    }

    /// Hands the buffers back for reuse: moves, keys and known noisy keys.
    pub fn into_buffers(self) -> (Vec<M>, Vec<i64>, Vec<NoisyKey>) {
        (self.moves, self.keys, self.known)
    }
}
