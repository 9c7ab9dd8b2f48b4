//! One generated game: a random opening, then the engine against itself
//! with a soft node limit per move, each searched position kept as a
//! record unless [`super::filter`] skips it.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use chess::{Chess, Color};
use search::{Engine, Limits, Score};

use super::adjudication::{AdjudicationRules, Adjudicator, Ending};
use super::filter::{skip_reason, Skip};
use super::opening::random_opening;
use crate::packed::{result, PackedPosition};

/// The hard node limit of a search is this many times its soft one: a
/// safety net that an iteration past the soft limit almost never reaches.
pub const HARD_NODES_FACTOR: u64 = 8;

/// What every game of a run shares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSettings {
    pub seed: u64,
    /// Random moves from the start position before the engine plays.
    pub random_plies: usize,
    /// Each search stops after the first iteration that takes it past
    /// this many nodes …
    pub soft_nodes: u64,
    /// … or at once at this many.
    pub hard_nodes: u64,
    pub adjudication: AdjudicationRules,
}

impl GameSettings {
    /// Settings with the hard limit [`HARD_NODES_FACTOR`] times the soft
    /// one and the default adjudication.
    pub fn new(seed: u64, random_plies: usize, soft_nodes: u64) -> GameSettings {
        GameSettings {
            seed,
            random_plies,
            soft_nodes,
            hard_nodes: soft_nodes.saturating_mul(HARD_NODES_FACTOR),
            adjudication: AdjudicationRules::default(),
        }
    }

    pub fn limits(&self) -> Limits {
        Limits {
            soft_nodes: Some(self.soft_nodes),
            nodes: Some(self.hard_nodes),
            ..Limits::default()
        }
    }
}

/// A finished game: its records (result filled in) and what it cost.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    pub number: u64,
    pub records: Vec<PackedPosition>,
    pub ending: Ending,
    /// Plies played, the opening's included.
    pub plies: u32,
    /// Positions searched, and of them those skipped, by [`Skip::index`].
    pub searches: u32,
    pub skipped: [u32; 3],
    /// Nodes of every search, the time the searches took and the time
    /// clearing the engine's table and histories took.
    pub nodes: u64,
    pub search_time: Duration,
    pub clear_time: Duration,
}

#[derive(Debug, thiserror::Error)]
pub enum SelfplayError {
    #[error("game {game}: {attempts} random openings of {plies} plies in a row ended the game; use fewer --random-plies", attempts = super::opening::MAX_ATTEMPTS)]
    NoOpening { game: u64, plies: usize },
    #[error("game {game}: the search returned no move at ply {ply} of a game still going")]
    NoMove { game: u64, ply: u32 },
}

/// Plays game `number` with `engine` (one thread; its table and histories
/// are cleared first, so the game depends on `settings` and `number`
/// alone).
pub fn play_game(
    engine: &mut Engine<Chess>,
    settings: &GameSettings,
    number: u64,
) -> Result<PlayedGame, SelfplayError> {
    let mut game = random_opening(settings.seed, number, settings.random_plies).ok_or(
        SelfplayError::NoOpening {
            game: number,
            plies: settings.random_plies,
        },
    )?;
    let cleared = Instant::now();
    engine.new_game();
    let clear_time = cleared.elapsed();
    let limits = settings.limits();
    let stop = AtomicBool::new(false);
    let mut adjudicator = Adjudicator::new(settings.adjudication);
    let max_plies = settings.adjudication.max_plies;
    let mut played = PlayedGame {
        number,
        records: Vec::with_capacity(max_plies as usize),
        ending: Ending::MaxPlies,
        plies: 0,
        searches: 0,
        skipped: [0; 3],
        nodes: 0,
        search_time: Duration::ZERO,
        clear_time,
    };
    played.ending = loop {
        let ply = game.plies() as u32;
        // 1. The rules first (the opening left a game going on), then
        // the ply cap.
        if let Some(outcome) = game.outcome() {
            break Ending::Rules(outcome);
        }
        if ply >= max_plies {
            break Ending::MaxPlies;
        }
        // 2. Search, and keep the position unless the filter skips it.
        let started = Instant::now();
        let found = engine.search(&game, &limits, &stop, &mut |_| {});
        played.search_time += started.elapsed();
        played.nodes += found.nodes;
        played.searches += 1;
        let best = found
            .best_move
            .ok_or(SelfplayError::NoMove { game: number, ply })?;
        let pos = game.position();
        let score_white = match pos.side_to_move() {
            Color::White => found.score,
            Color::Black => -found.score,
        };
        match skip_reason(pos, best, found.score) {
            Some(skip) => played.skipped[skip.index()] += 1,
            None => played.records.push(PackedPosition::pack(
                pos,
                centipawns(score_white),
                result::DRAW,
                ply.min(u16::MAX as u32) as u16,
            )),
        }
        // 3. The scores may end the game here; else the move is played.
        if let Some(ending) = adjudicator.record(ply, score_white) {
            break ending;
        }
        game.play_unchecked(best);
    };
    played.plies = game.plies() as u32;
    let result = played.ending.result();
    for record in &mut played.records {
        *record = record.with_result(result);
    }
    Ok(played)
}

/// A score that is no mate as a record's `i16` (every evaluation fits).
fn centipawns(score: Score) -> i16 {
    score.clamp(i16::MIN as Score, i16::MAX as Score) as i16
}

/// The names of [`PlayedGame::skipped`]'s counters, in order.
pub fn skip_names() -> [&'static str; 3] {
    Skip::ALL.map(Skip::name)
}
