//! All open games by id. Ids are unguessable enough for a local server
//! (one per browser tab); when full, the least recently used idle game
//! makes room.

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::error::ApiError;
use crate::live::Live;

/// A game idle for less than this is never evicted to make room.
const MIN_IDLE_BEFORE_EVICTION: Duration = Duration::from_secs(60);

pub struct GameStore {
    games: Mutex<HashMap<String, Live>>,
    max_games: usize,
    counter: AtomicU64,
    /// Random keys (from the standard library's seeded hasher) so ids are
    /// not sequential.
    keys: RandomState,
}

impl GameStore {
    pub fn new(max_games: usize) -> GameStore {
        GameStore {
            games: Mutex::new(HashMap::new()),
            max_games: max_games.max(1),
            counter: AtomicU64::new(1),
            keys: RandomState::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<String, Live>> {
        // The map stays consistent whatever panicked while holding it.
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn new_id(&self) -> String {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let mut hasher = self.keys.build_hasher();
        hasher.write_u64(n);
        format!("{:016x}{:04x}", hasher.finish(), n & 0xffff)
    }

    /// Makes room if needed, then adds the game `make` builds with its id.
    pub fn insert_with(&self, make: impl FnOnce(String) -> Live) -> Result<Live, ApiError> {
        let mut games = self.lock();
        if games.len() >= self.max_games {
            let now = Instant::now();
            let victim = games
                .iter()
                .filter_map(|(id, g)| g.idle_since().map(|t| (t, id)))
                .filter(|(t, _)| now.saturating_duration_since(*t) >= MIN_IDLE_BEFORE_EVICTION)
                .min_by_key(|(t, _)| *t)
                .map(|(_, id)| id.clone());
            match victim.and_then(|id| games.remove(&id)) {
                Some(old) => old.close(),
                None => return Err(ApiError::TooManyGames(self.max_games)),
            }
        }
        let id = self.new_id();
        let game = make(id.clone());
        games.insert(id, game.clone());
        Ok(game)
    }

    pub fn get(&self, id: &str) -> Result<Live, ApiError> {
        self.lock()
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::UnknownGame(truncate(id)))
    }

    pub fn remove(&self, id: &str) -> Result<(), ApiError> {
        let game = self
            .lock()
            .remove(id)
            .ok_or_else(|| ApiError::UnknownGame(truncate(id)))?;
        game.close();
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// An id echoed in an error message, cut to a sane length.
fn truncate(id: &str) -> String {
    id.chars().take(40).collect()
}
