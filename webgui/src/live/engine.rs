//! The engine's turn: deciding when the engine searches, handing the
//! position to an engine thread (never the async runtime's workers: a
//! search blocks for seconds), passing its progress on, and playing its
//! move when it comes back, unless the game moved on meanwhile.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Weak};
use std::time::Instant;

use workbench::{GameType, MoveId};

use super::shared::{Inner, Shared, Thinking};
use super::ANALYSIS_MS;
use crate::budget::HashBudget;
use crate::limits::{EngineLimit, FULL_LEVEL};
use crate::player::{new_searcher, EngineError, Progress, SearchRequest, Searcher};
use crate::session::Player;

/// What a search is for.
#[derive(Clone, Copy, Debug)]
pub(super) enum Purpose {
    /// A move to play, within this limit.
    Play(EngineLimit),
    /// Analysis of the position after this many plies with this many
    /// lines; nothing is played.
    Analyse(usize, usize),
}

/// Where a game gets an engine when it has none (or must replace its
/// own): the kind the server was started with (built-in, or the program
/// the command line named) for the game being played. The
/// engine thread and the whole-game pass (`review`) both make theirs here.
pub(super) struct EngineSource {
    game: &'static dyn GameType,
    external: Option<PathBuf>,
    budget: Arc<HashBudget>,
}

impl EngineSource {
    pub(super) fn of(inner: &Inner, s: &Shared) -> EngineSource {
        let game = s.session.game().game_type();
        EngineSource {
            game,
            external: inner
                .ctx
                .config
                .engines
                .for_game(game.kind())
                .map(Into::into),
            budget: Arc::clone(&inner.ctx.hash),
        }
    }

    /// The engine to search with: `kept` (the game's own) unless it must
    /// be rebuilt (its share of the hash budget changed a lot, or it
    /// broke), in which case the old table is freed before the new one is
    /// made.
    pub(super) fn engine(
        &self,
        kept: Option<Box<dyn Searcher>>,
    ) -> Result<Box<dyn Searcher>, EngineError> {
        match kept {
            Some(searcher) if !searcher.should_resize() => Ok(searcher),
            old => {
                drop(old);
                new_searcher(self.game, self.external.as_deref(), &self.budget)
            }
        }
    }
}

/// A search handed to the engine thread.
struct Job {
    token: u64,
    request: SearchRequest,
    stop: Arc<AtomicBool>,
    searcher: Option<Box<dyn Searcher>>,
    source: EngineSource,
    /// The level to play at: the game's for a move, full strength for
    /// analysis (an evaluation should be the engine's best).
    level: u8,
}

/// What the engine panel says when the engine cannot play at the level
/// asked for.
pub(super) const NO_LEVELS: &str = "this engine has no levels: it plays at full strength";

impl Inner {
    /// Starts a search when an engine is to move and should move by itself:
    /// against a person always, against an engine while autoplay is on.
    pub(super) fn maybe_start_engine(self: &Arc<Self>, s: &mut Shared) {
        // After a failure the engine waits to be asked again (engine move
        // or undo), instead of failing in a loop.
        if s.closed || s.thinking.is_some() || s.engine_error.is_some() {
            return;
        }
        let session = &s.session;
        if let Some(lines) = s.analysis {
            let ply = s.analysed_ply();
            let Some(game) = session.game_at(ply).filter(|g| g.outcome().is_none()) else {
                return;
            };
            if s.analysed.as_ref() != Some(&(ply, game.fen())) {
                self.start_search(s, Purpose::Analyse(lines, ply));
            }
            return;
        }
        if session.is_over() {
            return;
        }
        let stm = session.side_to_move();
        if session.player(stm) != Player::Engine {
            return;
        }
        let against_person = session.player(stm.opponent()) == Player::Human;
        if against_person || s.autoplay {
            let limit = session.limit();
            self.start_search(s, Purpose::Play(limit));
        }
    }

    /// Hands the position to an engine thread.
    pub(super) fn start_search(self: &Arc<Self>, s: &mut Shared, purpose: Purpose) {
        let Some(request) = search_request(s, purpose) else {
            return;
        };
        let (analysis, ply, level) = match purpose {
            Purpose::Analyse(_, ply) => (true, ply, FULL_LEVEL),
            Purpose::Play(limit) => (false, s.session.ply(), limit.level()),
        };
        let stop = Arc::new(AtomicBool::new(false));
        let token = s.take_token();
        s.info = None;
        let job = Job {
            token,
            request,
            stop: Arc::clone(&stop),
            searcher: s.searcher.take(),
            source: EngineSource::of(self, s),
            level,
        };
        let inner = Arc::clone(self);
        let spawned = std::thread::Builder::new()
            .name(format!("engine {}", self.id))
            .stack_size(search::search::SEARCH_STACK_BYTES)
            .spawn(move || run_search(&inner, job));
        match spawned {
            Ok(_) => {
                s.thinking = Some(Thinking {
                    token,
                    stop,
                    discard: false,
                    analysis,
                    ply,
                })
            }
            Err(e) => {
                s.engine_error = Some(format!("could not start a search thread: {e}"));
                s.autoplay = false;
            }
        }
    }

    /// Back from the engine thread: plays its move unless the search was
    /// discarded, then carries on (the next engine turn, a waiting move).
    fn finish_search(
        self: &Arc<Self>,
        token: u64,
        searcher: Option<Box<dyn Searcher>>,
        result: Result<Option<MoveId>, EngineError>,
    ) {
        let mut s = self.lock();
        if searcher.is_some() {
            s.searcher = searcher;
            s.engine_used = Instant::now();
            self.arm_idle_release(&mut s);
        }
        let Some(thinking) = s.thinking.take_if(|t| t.token == token) else {
            return;
        };
        if thinking.analysis {
            let ply = s.analysed_ply();
            if let (false, Some(game)) = (thinking.discard, s.session.game_at(ply)) {
                s.analysed = Some((ply, game.fen()));
            }
        } else if !thinking.discard {
            let now = Instant::now();
            match result {
                // Legal by construction for the built-in engine and
                // checked for an external one; a fallen flag ends the
                // game here instead.
                Ok(Some(mv)) => {
                    let _ = s.session.play(mv, now);
                }
                Ok(None) => {}
                Err(e) => {
                    s.engine_error = Some(e.to_string());
                    s.autoplay = false;
                }
            }
            s.session.check_flag(now);
        }
        self.changed(&mut s);
    }
}

/// What to ask the engine for `purpose`: `None` when the position to
/// analyse is gone.
fn search_request(s: &Shared, purpose: Purpose) -> Option<SearchRequest> {
    match purpose {
        Purpose::Play(limit) => Some(s.session.search_request(limit, 1, Instant::now())),
        Purpose::Analyse(lines, ply) => {
            let limit = EngineLimit {
                movetime_ms: Some(ANALYSIS_MS),
                depth: None,
                level: None,
            };
            s.session.analysis_request(ply, limit, lines)
        }
    }
}

/// The engine thread. A first search creates the engine here: starting
/// an external program may take a while and must not hold up requests.
fn run_search(inner: &Arc<Inner>, job: Job) {
    let Job {
        token,
        request,
        stop,
        searcher,
        source,
        level,
    } = job;
    let (searcher, result) = match source.engine(searcher) {
        Ok(mut searcher) => {
            let weak = Arc::downgrade(inner);
            // Set before every search: the same engine plays the game's
            // moves and analyses at full strength.
            let result = searcher.set_level(level).and_then(|leveled| {
                let note = (!leveled).then_some(NO_LEVELS);
                let mut report = |p: Progress| publish_info(&weak, token, p.with_note(note));
                searcher.search(&request, &stop, &mut report)
            });
            (Some(searcher), result)
        }
        Err(e) => (None, Err(e)),
    };
    inner.finish_search(token, searcher, result);
}

/// Passes a search's progress on to the page, and keeps its score as the
/// position's evaluation (the main line's only).
fn publish_info(weak: &Weak<Inner>, token: u64, progress: Progress) {
    let Some(inner) = weak.upgrade() else { return };
    let json = serde_json::to_string(&progress);
    {
        let mut s = inner.lock();
        // A search that was given up on no longer speaks for the game.
        let Some(ply) = s
            .thinking
            .as_ref()
            .filter(|t| t.token == token && !t.discard)
            .map(|t| t.ply)
        else {
            return;
        };
        if progress.multipv <= 1 {
            s.evals.insert(ply, progress.score);
        }
        s.info = Some(progress);
    }
    inner.send("info", json);
}
