//! The accumulators along the line a search plays, updated lazily: a
//! position's accumulators are its parent's plus the rows of the pieces
//! that arrived and minus those of the pieces that left, a few rows
//! instead of one per piece.
//!
//! When a perspective's king changes bucket or side of the board (the
//! mirror), every input of that perspective changes, so its accumulator
//! is refreshed instead, from a cache entry per (perspective, bucket,
//! mirror side) that holds an accumulator and the pieces it was computed
//! for (the "Finny table"): the refresh applies only the pieces that
//! differ from that earlier position, often a handful rather than 32.

use arrayvec::ArrayVec;

use super::features::View;
use super::output_bucket;
use super::simd::{self, Row};
use super::Network;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

/// How many plies back [`Accumulators`] looks for accumulators to update
/// from before it refreshes the position's own.
const LOOK_BACK: usize = 8;

/// Both perspectives' accumulators of one ply, with the key of the
/// position they belong to (0: none).
#[derive(Clone)]
struct Ply {
    sums: [Row; 2],
    hash: u64,
}

const EMPTY_PLY: Ply = Ply {
    sums: [Row::ZERO; 2],
    hash: 0,
};

/// A refresh cache entry: an accumulator of one perspective, bucket and
/// mirror side, and the pieces (by colour and role) it holds.
#[derive(Clone)]
struct CacheEntry {
    sums: Row,
    pieces: [[Bitboard; 6]; 2],
}

/// The pieces that arrive or leave with one move: at most 2 (castling
/// moves two pieces; a capturing promotion takes two away and brings
/// one). Kept small, as the lists are made for every update.
const MOVED: usize = 4;
type Pieces = ArrayVec<(Color, Role, Square), MOVED>;

/// One search thread's accumulators: one entry per ply of the game, found
/// by the position's key so that entries left by another line are never
/// used, and the refresh cache. They belong to one network (by its
/// checksum); another network empties them.
#[derive(Default)]
pub struct Accumulators {
    /// The checksum of the network the sums are of.
    serves: Option<u64>,
    plies: Vec<Ply>,
    /// `(perspective · buckets + bucket) · 2 + mirrored`.
    cache: Vec<CacheEntry>,
}

impl Accumulators {
    /// Empties everything if the sums are not of `net`'s weights.
    fn serve(&mut self, net: &Network) {
        if self.serves == Some(net.checksum()) {
            return;
        }
        self.plies.iter_mut().for_each(|p| p.hash = 0);
        let entry = CacheEntry {
            sums: net.input_bias,
            pieces: [[Bitboard::EMPTY; 6]; 2],
        };
        self.cache = vec![entry; 2 * 2 * net.buckets().count()];
        self.serves = Some(net.checksum());
    }

    /// The evaluation of the position at ply `last` of a game, in
    /// centipawns from the side to move's view, as
    /// [`Network::evaluate`] gives it; `line(i)` is the game's position
    /// at ply `i`.
    pub fn evaluate<'p>(
        &mut self,
        net: &Network,
        last: usize,
        line: impl Fn(usize) -> &'p Position,
    ) -> i32 {
        self.serve(net);
        if self.plies.len() <= last {
            self.plies.resize(last + 1, EMPTY_PLY);
        }
        let known = (last.saturating_sub(LOOK_BACK)..=last).rev().find(|&j| {
            let hash = line(j).hash();
            hash != 0 && self.plies[j].hash == hash
        });
        match known {
            Some(j) => {
                for i in j..last {
                    self.step(net, line(i), line(i + 1), i);
                }
            }
            None => {
                let pos = line(last);
                let ply = &mut self.plies[last];
                for perspective in Color::ALL {
                    let sums = &mut ply.sums[perspective.index()];
                    refresh(&mut self.cache, net, pos, perspective, sums);
                }
                ply.hash = pos.hash();
            }
        }
        let pos = line(last);
        let stm = pos.side_to_move();
        let sums = &self.plies[last].sums;
        let bucket = output_bucket(pos.occupied().count());
        net.output(&sums[stm.index()], &sums[(!stm).index()], bucket)
    }

    /// Computes ply `i + 1`'s accumulators (`after`) from ply `i`'s
    /// (`before`).
    fn step(&mut self, net: &Network, before: &Position, after: &Position, i: usize) {
        let (done, next) = self.plies.split_at_mut(i + 1);
        let (prev, next) = (&done[i], &mut next[0]);
        // Two positions a move apart differ by a few pieces; any others
        // (a line that is not one) are refreshed.
        let (mut added, mut removed) = (Pieces::new(), Pieces::new());
        let moved = differences(before, after, &mut added, &mut removed);
        for perspective in Color::ALL {
            let p = perspective.index();
            let view = View::of(net.buckets(), after, perspective);
            if !moved || view.slot() != View::of(net.buckets(), before, perspective).slot() {
                refresh(&mut self.cache, net, after, perspective, &mut next.sums[p]);
                continue;
            }
            let rows = |pieces: &Pieces| -> ArrayVec<&Row, MOVED> {
                pieces
                    .iter()
                    .map(|&(c, r, sq)| net.row(view.index(c, r, sq)))
                    .collect()
            };
            let (adds, subs) = (rows(&added), rows(&removed));
            simd::apply(&mut next.sums[p], &prev.sums[p], &adds, &subs);
        }
        next.hash = after.hash();
    }
}

/// Fills `added` with the pieces of `after` not in `before`, and
/// `removed` with those of `before` not in `after`; false (the lists
/// unfinished) if either has more than [`MOVED`].
#[inline]
fn differences(
    before: &Position,
    after: &Position,
    added: &mut Pieces,
    removed: &mut Pieces,
) -> bool {
    for color in Color::ALL {
        for role in Role::ALL {
            let (was, is) = (before.pieces(color, role), after.pieces(color, role));
            for sq in is & !was {
                if added.try_push((color, role, sq)).is_err() {
                    return false;
                }
            }
            for sq in was & !is {
                if removed.try_push((color, role, sq)).is_err() {
                    return false;
                }
            }
        }
    }
    true
}

/// Sets `out` to `perspective`'s accumulator in `pos`, from its refresh
/// cache entry, which is brought up to `pos`.
fn refresh(
    cache: &mut [CacheEntry],
    net: &Network,
    pos: &Position,
    perspective: Color,
    out: &mut Row,
) {
    let view = View::of(net.buckets(), pos, perspective);
    let slot = perspective.index() * 2 * net.buckets().count() + view.slot();
    let entry = &mut cache[slot];
    let (mut adds, mut subs): (ArrayVec<&Row, 64>, ArrayVec<&Row, 64>) = Default::default();
    for color in Color::ALL {
        for role in Role::ALL {
            let held = &mut entry.pieces[color.index()][role.index()];
            let now = pos.pieces(color, role);
            adds.extend((now & !*held).map(|sq| net.row(view.index(color, role, sq))));
            subs.extend((*held & !now).map(|sq| net.row(view.index(color, role, sq))));
            *held = now;
        }
    }
    simd::apply_in_place(&mut entry.sums, &adds, &subs);
    *out = entry.sums;
}
