//! The built-in engine: `search::Engine` for the game, in-process, with a
//! table as large as its lease of the hash budget.

use std::sync::atomic::AtomicBool;

use std::sync::Arc;

use search::Engine;

use super::{EngineError, Progress, SearchRequest, Searcher};
use crate::budget::{HashBudget, HashLease};
use crate::games::GuiGame;

pub struct Builtin<G: GuiGame> {
    engine: Engine<G>,
    /// Given back when the engine is dropped (after its table: fields
    /// drop in order).
    lease: HashLease,
}

impl<G: GuiGame> Builtin<G> {
    pub fn new(budget: &Arc<HashBudget>) -> Result<Self, EngineError> {
        let lease = budget.lease();
        let engine = Engine::new(lease.mb()).map_err(|e| EngineError::Start(e.to_string()))?;
        Ok(Builtin { engine, lease })
    }
}

impl<G: GuiGame> Searcher<G> for Builtin<G> {
    fn search(
        &mut self,
        request: &SearchRequest<G>,
        stop: &AtomicBool,
        report: &mut dyn FnMut(Progress),
    ) -> Result<Option<G::Move>, EngineError> {
        let root = &request.game;
        self.engine.set_multipv(request.multipv);
        let result = self
            .engine
            .search(root, &request.limits, stop, &mut |info| {
                report(Progress::from_info(root, info))
            });
        Ok(result.best_move)
    }

    fn name(&self) -> String {
        format!("built-in {} engine", G::NAME)
    }

    fn should_resize(&self) -> bool {
        self.lease.should_resize()
    }
}
