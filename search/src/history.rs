//! Move-ordering memory: the bounded history table and the killer moves.

use crate::game::Side;
use crate::score::MAX_PLY;

/// A table of bounded statistics, one per (side, move index). Every update
/// goes through the "gravity" formula `h += bonus - h * |bonus| / max`,
/// which keeps each value within `±max` and lets old information decay as
/// new information arrives. This is the only history type in the search.
#[derive(Clone, Debug)]
pub struct History {
    values: Vec<i16>,
    per_side: usize,
    max: i32,
}

impl History {
    /// A zeroed table for `per_side` move indices per side, bounded by
    /// `max` (at most `i16::MAX`).
    pub fn new(per_side: usize, max: i32) -> Self {
        let max = max.clamp(1, i16::MAX as i32);
        History {
            values: vec![0; per_side * 2],
            per_side,
            max,
        }
    }

    pub fn clear(&mut self) {
        self.values.fill(0);
    }

    #[inline]
    fn slot(&self, side: Side, index: usize) -> usize {
        debug_assert!(index < self.per_side, "move index {index} out of range");
        // A game returning an index out of range must not crash release
        // builds: fold it into the table instead.
        side.index() * self.per_side + index % self.per_side.max(1)
    }

    #[inline]
    pub fn get(&self, side: Side, index: usize) -> i32 {
        if self.per_side == 0 {
            return 0;
        }
        self.values[self.slot(side, index)] as i32
    }

    /// Adds `bonus` (negative for a malus) with gravity.
    #[inline]
    pub fn update(&mut self, side: Side, index: usize, bonus: i32) {
        if self.per_side == 0 {
            return;
        }
        let bonus = bonus.clamp(-self.max, self.max);
        let slot = self.slot(side, index);
        let old = self.values[slot] as i32;
        let new = old + bonus - old * bonus.abs() / self.max;
        self.values[slot] = new.clamp(-self.max, self.max) as i16;
    }
}

/// Two killer moves per ply: quiet moves that caused a cutoff at that ply
/// in a sibling subtree.
#[derive(Clone, Debug)]
pub struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + Eq> Killers<M> {
    pub fn new() -> Self {
        Killers {
            slots: vec![[None, None]; MAX_PLY + 1],
        }
    }

    pub fn clear(&mut self) {
        self.slots.fill([None, None]);
    }

    #[inline]
    pub fn get(&self, ply: usize) -> [Option<M>; 2] {
        self.slots.get(ply).copied().unwrap_or([None, None])
    }

    /// Records a cutoff move: it becomes the first killer, the previous
    /// first becomes the second.
    #[inline]
    pub fn record(&mut self, ply: usize, mv: M) {
        if let Some(slot) = self.slots.get_mut(ply) {
            if slot[0] != Some(mv) {
                slot[1] = slot[0];
                slot[0] = Some(mv);
            }
        }
    }

    /// Forgets the killers of `ply` (the children of a new node start
    /// afresh).
    #[inline]
    pub fn reset(&mut self, ply: usize) {
        if let Some(slot) = self.slots.get_mut(ply) {
            *slot = [None, None];
        }
    }
}

impl<M: Copy + Eq> Default for Killers<M> {
    fn default() -> Self {
        Killers::new()
    }
}

#[cfg(test)]
mod tests {
    use super::{History, Killers};
    use crate::game::Side;

    #[test]
    fn history_stays_bounded_and_decays() {
        let mut h = History::new(10, 1000);
        for _ in 0..1000 {
            h.update(Side::White, 3, 400);
        }
        let v = h.get(Side::White, 3);
        assert!(v <= 1000 && v > 900, "saturates near max: {v}");
        assert_eq!(h.get(Side::Black, 3), 0, "sides are separate");
        for _ in 0..1000 {
            h.update(Side::White, 3, -400);
        }
        let v = h.get(Side::White, 3);
        assert!((-1000..-900).contains(&v), "saturates near -max: {v}");
        // A huge bonus is clamped to max.
        h.clear();
        h.update(Side::Black, 0, 1_000_000);
        assert_eq!(h.get(Side::Black, 0), 1000);
    }

    #[test]
    fn gravity_makes_updates_smaller_near_the_bound() {
        let mut h = History::new(1, 1000);
        h.update(Side::White, 0, 500);
        assert_eq!(h.get(Side::White, 0), 500);
        h.update(Side::White, 0, 500);
        // 500 + 500 - 500 * 500 / 1000 = 750
        assert_eq!(h.get(Side::White, 0), 750);
    }

    #[test]
    fn killers_shift_and_ignore_repeats() {
        let mut k = Killers::<u16>::new();
        k.record(3, 10);
        k.record(3, 10);
        assert_eq!(k.get(3), [Some(10), None]);
        k.record(3, 11);
        assert_eq!(k.get(3), [Some(11), Some(10)]);
        k.record(3, 12);
        assert_eq!(k.get(3), [Some(12), Some(11)]);
        k.reset(3);
        assert_eq!(k.get(3), [None, None]);
        assert_eq!(k.get(10_000), [None, None], "out of range is harmless");
    }
}
