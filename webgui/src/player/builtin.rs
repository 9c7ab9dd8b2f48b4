//! The built-in engine: `search::Engine` for the game, in-process.

use std::sync::atomic::AtomicBool;

use search::Engine;

use super::{EngineError, Progress, SearchRequest, Searcher};
use crate::games::GuiGame;

pub struct Builtin<G: GuiGame> {
    engine: Engine<G>,
}

impl<G: GuiGame> Builtin<G> {
    pub fn new(hash_mb: usize) -> Result<Self, EngineError> {
        let engine = Engine::new(hash_mb).map_err(|e| EngineError::Start(e.to_string()))?;
        Ok(Builtin { engine })
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
}
