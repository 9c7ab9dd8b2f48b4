//! The memory all built-in engines may use for their transposition tables,
//! shared among the games that hold an engine.
//!
//! Every built-in engine holds a [`HashLease`] for its table's size and
//! gives it back when dropped (the game ended, was closed, or the engine
//! sat idle). A new lease gets the per-game size (`--hash`) while the
//! total (`--hash-total`) allows it, then an equal share of the total, and
//! never less than [`MIN_TABLE_MB`]: so the tables of all engines together
//! stay under `total + MIN_TABLE_MB` per engine created while the budget was
//! spent, and every engine's share moves back toward the fair one when it
//! next searches ([`HashLease::should_resize`]).

use std::sync::{Arc, Mutex, MutexGuard};

/// The smallest table an engine gets, even when the budget is spent (the
/// search needs one).
pub const MIN_TABLE_MB: usize = 1;

#[derive(Debug, Default)]
struct Ledger {
    /// MB leased out.
    used_mb: usize,
    /// Leases held.
    leases: usize,
}

/// The table memory of all built-in engines.
#[derive(Debug)]
pub struct HashBudget {
    total_mb: usize,
    per_game_mb: usize,
    ledger: Mutex<Ledger>,
}

impl HashBudget {
    /// A budget of `total_mb` in all, at most `per_game_mb` per engine.
    pub fn new(total_mb: usize, per_game_mb: usize) -> Arc<HashBudget> {
        Arc::new(HashBudget {
            total_mb: total_mb.max(MIN_TABLE_MB),
            per_game_mb: per_game_mb.max(MIN_TABLE_MB),
            ledger: Mutex::new(Ledger::default()),
        })
    }

    fn lock(&self) -> MutexGuard<'_, Ledger> {
        // Two counters, each updated in one step: consistent after a panic.
        self.ledger.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The size a lease would get with `used_mb` leased out among
    /// `leases` leases, itself included.
    fn size_for(&self, used_mb: usize, leases: usize) -> usize {
        let share = self.total_mb / leases.max(1);
        let free = self.total_mb.saturating_sub(used_mb);
        self.per_game_mb.min(share).min(free).max(MIN_TABLE_MB)
    }

    /// Leases memory for a new engine's table.
    pub fn lease(self: &Arc<Self>) -> HashLease {
        let mut ledger = self.lock();
        let mb = self.size_for(ledger.used_mb, ledger.leases + 1);
        ledger.used_mb += mb;
        ledger.leases += 1;
        HashLease {
            budget: Arc::clone(self),
            mb,
        }
    }

    /// MB leased out now.
    pub fn used_mb(&self) -> usize {
        self.lock().used_mb
    }

    /// Leases held now (engines alive).
    pub fn leases(&self) -> usize {
        self.lock().leases
    }

    pub fn total_mb(&self) -> usize {
        self.total_mb
    }
}

/// Table memory held by one engine; returned when dropped.
#[derive(Debug)]
pub struct HashLease {
    budget: Arc<HashBudget>,
    mb: usize,
}

impl HashLease {
    /// The table size this lease allows, in MB.
    pub fn mb(&self) -> usize {
        self.mb
    }

    /// Whether a new lease would now be at least twice or at most half as
    /// large (the share changed as games came and went): then the engine
    /// is worth rebuilding at the new size before its next search.
    pub fn should_resize(&self) -> bool {
        let ledger = self.budget.lock();
        let fresh = self
            .budget
            .size_for(ledger.used_mb.saturating_sub(self.mb), ledger.leases);
        fresh >= 2 * self.mb || 2 * fresh <= self.mb
    }
}

impl Drop for HashLease {
    fn drop(&mut self) {
        let mut ledger = self.budget.lock();
        ledger.used_mb = ledger.used_mb.saturating_sub(self.mb);
        ledger.leases = ledger.leases.saturating_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use super::{HashBudget, MIN_TABLE_MB};

    #[test]
    fn full_size_while_the_total_allows_then_the_minimum() {
        let budget = HashBudget::new(64, 16);
        let leases: Vec<_> = (0..10).map(|_| budget.lease()).collect();
        let sizes: Vec<usize> = leases.iter().map(|l| l.mb()).collect();
        assert_eq!(sizes, [16, 16, 16, 16, 1, 1, 1, 1, 1, 1]);
        assert_eq!(budget.used_mb(), 64 + 6 * MIN_TABLE_MB);
        drop(leases);
        assert_eq!((budget.used_mb(), budget.leases()), (0, 0));
    }

    #[test]
    fn a_share_of_the_total_when_many_engines_exist() {
        let budget = HashBudget::new(64, 64);
        let a = budget.lease();
        assert_eq!(a.mb(), 64);
        // The budget is spent: the newcomer gets the minimum, and the first
        // engine should shrink to the fair share at its next search.
        let b = budget.lease();
        assert_eq!(b.mb(), MIN_TABLE_MB);
        assert!(a.should_resize());
        drop(a);
        let a = budget.lease();
        assert_eq!(a.mb(), 32);
        assert!(!a.should_resize());
        // b may now grow to the share of two.
        assert!(b.should_resize());
        drop(b);
        let b = budget.lease();
        assert_eq!(b.mb(), 32);
        assert_eq!(budget.used_mb(), 64);
        // Alone again: a may double.
        drop(b);
        assert!(a.should_resize());
    }

    #[test]
    fn never_more_than_the_total_plus_the_minimum_per_engine() {
        let budget = HashBudget::new(100, 16);
        let mut leases = Vec::new();
        for round in 0..500 {
            if round % 3 == 2 && !leases.is_empty() {
                leases.swap_remove(round % leases.len());
            } else {
                leases.push(budget.lease());
            }
            let held: usize = leases.iter().map(|l| l.mb()).sum();
            assert_eq!(held, budget.used_mb());
            assert!(held <= 100 + leases.len() * MIN_TABLE_MB, "{held}");
        }
    }
}
