//! [`DynEngine`]: a game's own search (`search::Engine<G>`, compiled for
//! that game) behind an object, for front ends that search in-process:
//! the web GUI's built-in engine and the autotester's opening balancer.

use std::sync::atomic::AtomicBool;

use search::{GameMove, Limits, SearchInfo, SearchResult, Strength};

use super::{DynGame, GameError, MoveId};
use crate::view::GuiGame;

/// A search for one game's positions.
pub trait DynEngine: Send {
    /// Forgets everything learned (table, histories): a new game.
    fn new_game(&mut self);
    /// How many best lines to search (MultiPV).
    fn set_multipv(&mut self, lines: usize);
    /// The playing level (`search::Engine::set_strength`), so a front end
    /// can offer engines people can beat.
    fn set_strength(&mut self, strength: Strength);
    /// Searches `root` within `limits` until done or `stop` is set;
    /// `report` receives each iteration of the main thread.
    fn search(
        &mut self,
        root: &dyn DynGame,
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(SearchInfo<MoveId>),
    ) -> Result<SearchResult<MoveId>, GameError>;
}

/// `G`'s search.
pub(super) struct Engine<G: GuiGame>(search::Engine<G>);

impl<G: GuiGame> Engine<G> {
    pub(super) fn new(hash_mb: usize) -> Result<Self, GameError> {
        search::Engine::new(hash_mb)
            .map(Engine)
            .map_err(|e| GameError::Engine(e.to_string()))
    }
}

fn ids<M: GameMove>(moves: &[M]) -> Vec<MoveId> {
    moves.iter().map(|m| MoveId(m.to_u16())).collect()
}

fn info_of<M: GameMove>(info: &SearchInfo<M>) -> SearchInfo<MoveId> {
    SearchInfo {
        multipv: info.multipv,
        depth: info.depth,
        seldepth: info.seldepth,
        score: info.score,
        bound: info.bound,
        nodes: info.nodes,
        nps: info.nps,
        time: info.time,
        hashfull: info.hashfull,
        pv: ids(&info.pv),
        stats: info.stats,
    }
}

fn result_of<M: GameMove>(result: SearchResult<M>) -> SearchResult<MoveId> {
    let id = |m: M| MoveId(m.to_u16());
    SearchResult {
        best_move: result.best_move.map(id),
        ponder: result.ponder.map(id),
        score: result.score,
        depth: result.depth,
        seldepth: result.seldepth,
        nodes: result.nodes,
        time: result.time,
        pv: ids(&result.pv),
    }
}

impl<G: GuiGame> DynEngine for Engine<G> {
    fn new_game(&mut self) {
        self.0.new_game();
    }

    fn set_multipv(&mut self, lines: usize) {
        self.0.set_multipv(lines);
    }

    fn set_strength(&mut self, strength: Strength) {
        self.0.set_strength(strength, &G::STRENGTH_SCALE);
    }

    fn search(
        &mut self,
        root: &dyn DynGame,
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(SearchInfo<MoveId>),
    ) -> Result<SearchResult<MoveId>, GameError> {
        let root = root
            .as_any()
            .downcast_ref::<G>()
            .ok_or(GameError::WrongGame {
                engine: G::NAME,
                position: root.game_type().name(),
            })?;
        let result = self
            .0
            .search(root, limits, stop, &mut |info| report(info_of(info)));
        Ok(result_of(result))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameKind;

    #[test]
    fn each_game_searches_its_own_positions_only() {
        let stop = AtomicBool::new(false);
        for kind in GameKind::ALL {
            let mut engine = kind.game().engine(1).expect("engine");
            let root = kind.game().start();
            let mut reports = 0;
            let result = engine
                .search(root.as_ref(), &Limits::depth(2), &stop, &mut |_| {
                    reports += 1
                })
                .expect("same game");
            let best = result.best_move.expect("a move");
            assert!(root.legal_moves().contains(&best), "{kind:?}");
            assert!(reports > 0);
        }
        let mut chess = GameKind::Chess.game().engine(1).expect("engine");
        let leiser = GameKind::Leiserchess.game().start();
        let wrong = chess.search(leiser.as_ref(), &Limits::depth(1), &stop, &mut |_| {});
        assert!(matches!(wrong, Err(GameError::WrongGame { .. })));
    }
}
