//! The built-in engine: the game's own search (`DynEngine`), in-process,
//! with a table as large as its lease of the hash budget.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use search::Strength;
use workbench::{DynEngine, GameType};

use super::{EngineError, Progress, SearchRequest, Searcher};
use crate::budget::{HashBudget, HashLease};
use crate::limits::skill_level;

pub struct Builtin {
    engine: Box<dyn DynEngine>,
    /// Given back when the engine is dropped (after its table: fields
    /// drop in order).
    lease: HashLease,
}

impl Builtin {
    /// `game`'s search with a table of this game's share of `budget`.
    pub fn new(game: &'static dyn GameType, budget: &Arc<HashBudget>) -> Result<Self, EngineError> {
        let lease = budget.lease();
        let engine = game.engine(lease.mb())?;
        Ok(Builtin { engine, lease })
    }
}

impl Searcher for Builtin {
    fn search(
        &mut self,
        request: &SearchRequest,
        stop: &AtomicBool,
        report: &mut dyn FnMut(Progress),
    ) -> Result<Option<workbench::MoveId>, EngineError> {
        let root = request.game.as_ref();
        self.engine.set_multipv(request.multipv);
        let result = self
            .engine
            .search(root, &request.limits, stop, &mut |info| {
                report(Progress::from_info(root, &info))
            })?;
        Ok(result.best_move)
    }

    /// The search's own `Skill Level`: fewer nodes, and choosing among its
    /// best lines within a margin (`search::skill`), never random blunders.
    fn set_level(&mut self, level: u8) -> Result<bool, EngineError> {
        self.engine.set_strength(Strength {
            limit_strength: false,
            elo: None,
            level: skill_level(level),
        });
        Ok(true)
    }

    fn should_resize(&self) -> bool {
        self.lease.should_resize()
    }
}
