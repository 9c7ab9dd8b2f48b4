//! Search memory: the bounded history tables and the killer moves.

use crate::score::MAX_PLY;

/// A table of bounded statistics in `rows` rows of `per_row` entries,
/// each kept within `±max`. This is the only history type in the search;
/// its tables differ in what indexes the rows and the entries, and in how
/// they learn:
/// - quiet move history: the side to move, the game's move index;
/// - continuation history: the piece and square of an earlier move, the
///   piece and square of this one;
/// - capture history: one row, the piece and square of the noisy move;
///
/// those three by the "gravity" formula `h += bonus - h * |bonus| / max`
/// ([`History::update`]), which lets old information decay as new
/// information arrives; and
/// - correction history: the side to move, a key of the position's
///   structure, whose value is an evaluation correction: a moving average
///   of the errors searches found ([`History::blend`]).
#[derive(Clone, Debug)]
pub struct History {
    values: Vec<i16>,
    rows: usize,
    per_row: usize,
    max: i32,
}

impl History {
    /// A zeroed table of `rows` rows of `per_row` entries, bounded by
    /// `max` (at most `i16::MAX`).
    pub fn new(rows: usize, per_row: usize, max: i32) -> Self {
        let max = max.clamp(1, i16::MAX as i32);
        History {
            values: vec![0; rows * per_row],
            rows,
            per_row,
            max,
        }
    }

    pub fn clear(&mut self) {
        self.values.fill(0);
    }

    /// The memory the table's values take.
    pub fn bytes(&self) -> usize {
        std::mem::size_of_val(self.values.as_slice())
    }

    #[inline]
    fn slot(&self, row: usize, index: usize) -> usize {
        debug_assert!(row < self.rows, "row {row} out of range");
        debug_assert!(index < self.per_row, "index {index} out of range");
        // A game returning an index out of range must not crash release
        // builds: fold it into the table instead (compared first, since a
        // division on every history read is dear).
        let row = if row < self.rows {
            row
        } else {
            row % self.rows
        };
        let index = if index < self.per_row {
            index
        } else {
            index % self.per_row
        };
        row * self.per_row + index
    }

    #[inline]
    pub fn get(&self, row: usize, index: usize) -> i32 {
        if self.values.is_empty() {
            return 0;
        }
        self.values[self.slot(row, index)] as i32
    }

    /// The entries of `row` (folded into the table as [`History::get`]
    /// folds it), for reading many entries of one row: the same values as
    /// `get`, with the row's bounds looked up once.
    #[inline]
    pub fn row(&self, row: usize) -> HistoryRow<'_> {
        if self.values.is_empty() {
            return HistoryRow { values: &[] };
        }
        let start = self.slot(row, 0);
        HistoryRow {
            values: &self.values[start..start + self.per_row],
        }
    }

    /// Adds `bonus` (negative for a malus) with gravity.
    #[inline]
    pub fn update(&mut self, row: usize, index: usize, bonus: i32) {
        if self.values.is_empty() {
            return;
        }
        let bonus = bonus.clamp(-self.max, self.max);
        let slot = self.slot(row, index);
        let old = self.values[slot] as i32;
        let new = old + bonus - old * bonus.abs() / self.max;
        self.values[slot] = new.clamp(-self.max, self.max) as i16;
    }

    /// Moves the value `weight / scale` of the way to `target` (a moving
    /// average weighted by `weight`, `0..=scale`), within `±max`:
    /// `h = (h * (scale - weight) + target * weight) / scale`.
    #[inline]
    pub fn blend(&mut self, row: usize, index: usize, target: i32, weight: i32, scale: i32) {
        if self.values.is_empty() {
            return;
        }
        let scale = i64::from(scale.max(1));
        let weight = i64::from(weight).clamp(0, scale);
        let slot = self.slot(row, index);
        let old = i64::from(self.values[slot]);
        let new = (old * (scale - weight) + i64::from(target) * weight) / scale;
        let max = i64::from(self.max);
        self.values[slot] = new.clamp(-max, max) as i16;
    }
}

/// One row of a [`History`] ([`History::row`]).
#[derive(Clone, Copy, Debug)]
pub struct HistoryRow<'a> {
    values: &'a [i16],
}

impl HistoryRow<'_> {
    /// [`History::get`] of this row's entry `index`.
    #[inline]
    pub fn get(&self, index: usize) -> i32 {
        match self.values.get(index) {
            Some(&value) => value as i32,
            None => self.folded(index),
        }
    }

    /// An index out of range, folded into the row as `get` folds it (0
    /// from an empty table).
    #[cold]
    fn folded(&self, index: usize) -> i32 {
        if self.values.is_empty() {
            0
        } else {
            self.values[index % self.values.len()] as i32
        }
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

    #[test]
    fn history_stays_bounded_and_decays() {
        let mut h = History::new(2, 10, 1000);
        for _ in 0..1000 {
            h.update(0, 3, 400);
        }
        let v = h.get(0, 3);
        assert!(v <= 1000 && v > 900, "saturates near max: {v}");
        assert_eq!(h.get(1, 3), 0, "rows are separate");
        for _ in 0..1000 {
            h.update(0, 3, -400);
        }
        let v = h.get(0, 3);
        assert!((-1000..-900).contains(&v), "saturates near -max: {v}");
        // A huge bonus is clamped to max.
        h.clear();
        h.update(1, 0, 1_000_000);
        assert_eq!(h.get(1, 0), 1000);
    }

    #[test]
    fn gravity_makes_updates_smaller_near_the_bound() {
        let mut h = History::new(1, 1, 1000);
        h.update(0, 0, 500);
        assert_eq!(h.get(0, 0), 500);
        h.update(0, 0, 500);
        // 500 + 500 - 500 * 500 / 1000 = 750
        assert_eq!(h.get(0, 0), 750);
    }

    #[test]
    fn blend_is_a_weighted_moving_average_within_the_bound() {
        let mut h = History::new(2, 4, 8192);
        h.blend(1, 2, 80 * 256, 6, 256);
        assert_eq!(h.get(1, 2), 480, "6/256 of the way from 0 to 20480");
        h.blend(1, 2, 79 * 256, 6, 256);
        assert_eq!(h.get(1, 2), (480 * 250 + 79 * 256 * 6) / 256);
        h.blend(1, 2, -79 * 256, 6, 256);
        assert!(h.get(1, 2) < 942);
        for _ in 0..1000 {
            h.blend(0, 0, 1_000_000, 16, 256);
        }
        assert_eq!(h.get(0, 0), 8192, "clamped to max");
        h.blend(0, 0, 0, 256, 256);
        assert_eq!(h.get(0, 0), 0, "the full weight replaces the value");
        assert_eq!(h.get(1, 3), 0);
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
