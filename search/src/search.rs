//! The search proper: iterative deepening with aspiration windows over a
//! principal variation search with quiescence, for any [`Searchable`] game.
//!
//! [`Engine`] is the entry point: it owns the transposition table, the
//! parameters and each thread's move-ordering memory, and runs one search at
//! a time with [`Engine::search`]. It never prints: progress goes to a
//! callback as [`SearchInfo`] and the result comes back as a
//! [`SearchResult`].
//!
//! This file holds the engine, each thread's lasting memory (`Worker`)
//! and its view of one search (`Search`); the search itself is in
//! submodules: `root` (iterative deepening, `MultiPV` lines, aspiration
//! windows, the result), `negamax` (the main search) and `qsearch`
//! (quiescence), whose nodes read as numbered steps, `node` (what both
//! kinds of node share) and `limits` (node counts, stop flag, clock).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::game::{NoisyKey, Score, Searchable};
use crate::history::{History, Killers};
use crate::info::{SearchInfo, SearchResult, SearchStats};
use crate::params::SearchParams;
use crate::score::MAX_PLY;
use crate::skill::{Skill, Strength, StrengthScale};
use crate::time::{Limits, TimeBudget};
use crate::tt::{TranspositionTable, TtError};

mod learning;
mod limits;
mod negamax;
mod node;
mod qsearch;
mod root;

/// Deepest iteration a search starts.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 1;
/// Limits other than the stop flag are polled every this many nodes (a
/// power of two).
const POLL_INTERVAL: u64 = 1024;
const _: () = assert!(POLL_INTERVAL.is_power_of_two());
/// Size of the LMR table per dimension (depths and move numbers beyond
/// use the last entry).
const LMR_TABLE_SIZE: usize = 64;

/// Entries per side of the correction history (a power of two: keys are
/// folded into it).
const CORRECTION_ENTRIES: usize = 16_384;
/// Stack size for search threads (deep recursion with game state).
pub const SEARCH_STACK_BYTES: usize = 64 << 20;
/// Default hash size in MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// Default `Move Overhead` in milliseconds.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 10;
/// Most principal variations a search reports (`MultiPV`).
pub const MAX_MULTIPV: usize = 5;

/// The search threads this machine can run at once. More threads than
/// cores only time-slice: they add no search and make the threads slow to
/// notice a stop, so time limits would be overrun.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// What a search is asked beyond its [`Limits`].
#[derive(Clone, Copy, Debug)]
pub struct RootOptions<'a, M> {
    /// Only these root moves are searched (UCI `searchmoves`); empty means
    /// every legal move. Moves that are not legal are ignored.
    pub searchmoves: &'a [M],
    /// While this flag is set the search is pondering: time limits start
    /// counting only once it is cleared (`ponderhit`).
    pub pondering: Option<&'a AtomicBool>,
}

impl<M> Default for RootOptions<'_, M> {
    fn default() -> Self {
        RootOptions {
            searchmoves: &[],
            pondering: None,
        }
    }
}

/// One ply of the search stack.
struct Frame<M> {
    /// Buffers reused by every node at this ply.
    moves: Vec<M>,
    keys: Vec<i64>,
    noisy_keys: Vec<NoisyKey>,
    quiets: Vec<M>,
    /// The noisy moves searched at this ply's node, for capture history.
    noisies: Vec<M>,
    /// Principal variation from this ply down.
    pv: Vec<M>,
    /// Whether the move leading to the next ply was a null move.
    null_move: bool,
    /// The `piece_to` of the move leading to the next ply (none for a
    /// null move), for continuation history.
    piece_to: Option<usize>,
    /// The static evaluation of this ply's node (none in check), for the
    /// improving flag.
    static_eval: Option<Score>,
    /// The move a singular extension test leaves out of this ply's node
    /// (`GameMove::to_u16`).
    excluded: Option<u16>,
    /// How many moves on the line from the root to this ply's node were
    /// extended two plies (`DoubleExtension`).
    double_extensions: u8,
}

impl<M> Frame<M> {
    fn new() -> Self {
        Frame {
            moves: Vec::new(),
            keys: Vec::new(),
            noisy_keys: Vec::new(),
            quiets: Vec::new(),
            noisies: Vec::new(),
            pv: Vec::new(),
            null_move: false,
            piece_to: None,
            static_eval: None,
            excluded: None,
            double_extensions: 0,
        }
    }
}

/// A search thread's memory that outlives one search: history, killers,
/// the evaluation's caches and buffers.
pub(crate) struct Worker<G: Searchable> {
    history: History,
    /// Quiet move history as a reply: rows are the earlier move's
    /// `piece_to`, entries this move's.
    continuation: History,
    /// Noisy move history: one row, entries the move's `piece_to`.
    captures: History,
    /// Evaluation corrections: rows are sides, entries correction keys.
    correction: History,
    eval: G::EvalState,
    killers: Killers<G::Move>,
    /// The quiet move that last refuted a move, by its `piece_to`.
    counters: Vec<Option<G::Move>>,
    stack: Vec<Frame<G::Move>>,
    lmr: Vec<[u8; LMR_TABLE_SIZE]>,
    /// What the tables were last sized for.
    sized_for: Option<Tables>,
    /// The LMR constants the reduction table was built from.
    lmr_for: Option<(i32, i32)>,
}

/// Which optional tables a search needs, and their bounds: the tables are
/// sized again only when this changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tables {
    continuation: bool,
    captures: bool,
    correction: bool,
    counters: bool,
    history_max: i32,
    correction_max: i32,
}

impl Tables {
    fn of(params: &SearchParams) -> Tables {
        let f = &params.features;
        Tables {
            continuation: f.continuation_history,
            captures: f.capture_history,
            correction: f.correction_history,
            counters: f.counter_move,
            history_max: params.history_max,
            correction_max: params.correction_max,
        }
    }
}

impl<G: Searchable> Worker<G> {
    fn new(params: &SearchParams) -> Self {
        let mut stack = Vec::with_capacity(MAX_PLY + 2);
        stack.resize_with(MAX_PLY + 2, Frame::new);
        let mut worker = Worker {
            history: History::new(0, 0, params.history_max),
            continuation: History::new(0, 0, params.history_max),
            captures: History::new(0, 0, params.history_max),
            correction: History::new(0, 0, params.correction_max),
            killers: Killers::new(),
            counters: Vec::new(),
            eval: G::EvalState::default(),
            stack,
            lmr: Vec::new(),
            sized_for: None,
            lmr_for: None,
        };
        worker.fit(params);
        worker
    }

    /// Allocates the tables the switched-on heuristics use and frees the
    /// others, when the switches or constants they depend on changed since
    /// the last search: a search allocates nothing otherwise. (A 768 × 768
    /// continuation history is 1.2 MB per thread, for a switch no game
    /// plays.)
    fn fit(&mut self, params: &SearchParams) {
        let tables = Tables::of(params);
        if self.sized_for != Some(tables) {
            let on =
                |yes: bool, rows: usize, per_row: usize| if yes { (rows, per_row) } else { (0, 0) };
            let pieces = G::PIECE_TO_COUNT;
            let (r, n) = on(tables.continuation, pieces, pieces);
            self.continuation = History::new(r, n, params.history_max);
            let (r, n) = on(tables.captures, 1, pieces);
            self.captures = History::new(r, n, params.history_max);
            let (r, n) = on(tables.correction, 2, CORRECTION_ENTRIES);
            self.correction = History::new(r, n, params.correction_max);
            self.counters = vec![None; if tables.counters { pieces } else { 0 }];
            self.history = History::new(2, G::MOVE_INDEX_COUNT, params.history_max);
            self.killers.clear();
            self.sized_for = Some(tables);
        }
        let lmr = (params.lmr_base_centi, params.lmr_divisor_centi);
        if self.lmr_for != Some(lmr) {
            self.build_lmr(params);
            self.lmr_for = Some(lmr);
        }
    }

    /// The memory its history tables take.
    fn history_bytes(&self) -> usize {
        [
            &self.history,
            &self.continuation,
            &self.captures,
            &self.correction,
        ]
        .iter()
        .map(|h| h.bytes())
        .sum()
    }

    fn clear(&mut self) {
        self.history.clear();
        self.continuation.clear();
        self.captures.clear();
        self.correction.clear();
        self.killers.clear();
        self.counters.fill(None);
    }

    /// `reduction = base + ln(depth) * ln(move number) / divisor`, rounded
    /// down; built again only when the two constants change.
    fn build_lmr(&mut self, params: &SearchParams) {
        let base = params.lmr_base_centi as f64 / 100.0;
        let divisor = (params.lmr_divisor_centi.max(1)) as f64 / 100.0;
        self.lmr = (0..LMR_TABLE_SIZE)
            .map(|depth| {
                let mut row = [0u8; LMR_TABLE_SIZE];
                for (moves, r) in row.iter_mut().enumerate() {
                    if depth > 0 && moves > 0 {
                        let v = base + (depth as f64).ln() * (moves as f64).ln() / divisor;
                        *r = v.clamp(0.0, u8::MAX as f64) as u8;
                    }
                }
                row
            })
            .collect();
    }

    #[inline]
    fn lmr_reduction(&self, depth: i32, move_count: usize) -> i32 {
        let d = (depth.max(0) as usize).min(LMR_TABLE_SIZE - 1);
        let m = move_count.min(LMR_TABLE_SIZE - 1);
        self.lmr[d][m] as i32
    }
}

/// The engine: transposition table, parameters and search threads.
pub struct Engine<G: Searchable> {
    tt: TranspositionTable,
    hash_mb: usize,
    eval_params: G::Params,
    params: SearchParams,
    threads: usize,
    multipv: usize,
    move_overhead: Duration,
    main: Worker<G>,
    /// The strength options (full strength by default).
    strength: Strength,
    /// The level `strength` stands for (`None`: full strength).
    skill: Option<Skill>,
    /// The Lazy SMP helpers' memory, one per thread beyond the main one:
    /// kept across searches (their histories go on learning, as the main
    /// thread's do) and made only when `Threads` grows.
    helpers: Vec<Worker<G>>,
}

impl<G: Searchable> Engine<G> {
    /// An engine with a `hash_mb` MB table, the game's default
    /// parameters, one thread.
    pub fn new(hash_mb: usize) -> Result<Self, TtError> {
        let params = G::search_params();
        Ok(Engine {
            tt: TranspositionTable::new(hash_mb)?,
            hash_mb,
            eval_params: G::Params::default(),
            main: Worker::new(&params),
            params,
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS),
            strength: Strength::default(),
            skill: None,
            helpers: Vec::new(),
        })
    }

    /// A new engine with these parameters, one thread and empty tables of
    /// `hash_mb` MB (for bench and other reproducible searches).
    pub fn fresh_copy(&self, hash_mb: usize) -> Result<Self, TtError> {
        let mut engine = Engine::new(hash_mb)?;
        engine.eval_params = self.eval_params.clone();
        engine.params = self.params;
        engine.move_overhead = self.move_overhead;
        Ok(engine)
    }

    /// Resizes (and clears) the table; on failure the old table stays.
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), TtError> {
        if mb != self.hash_mb {
            // Free the old table first so both never exist at once.
            self.tt = TranspositionTable::new(1)?;
            match TranspositionTable::new(mb) {
                Ok(tt) => {
                    self.tt = tt;
                    self.hash_mb = mb;
                }
                Err(e) => {
                    self.tt = TranspositionTable::new(self.hash_mb)?;
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Search threads (Lazy SMP over the shared table): at least 1 and at
    /// most [`max_threads`].
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, max_threads());
        let params = self.params;
        self.helpers.truncate(self.threads - 1);
        self.helpers
            .resize_with(self.threads - 1, || Worker::new(&params));
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Principal variations to search and report, 1 to [`MAX_MULTIPV`].
    pub fn set_multipv(&mut self, lines: usize) {
        self.multipv = lines.clamp(1, MAX_MULTIPV);
    }

    pub fn multipv(&self) -> usize {
        self.multipv
    }

    /// Plays at the level `strength` asks for on the game's `scale`
    /// ([`Strength::skill`]).
    pub fn set_strength(&mut self, strength: Strength, scale: &StrengthScale) {
        self.strength = strength;
        self.skill = strength.skill(scale);
    }

    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// Time kept back per move for communication delays.
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.move_overhead = overhead;
    }

    pub fn move_overhead(&self) -> Duration {
        self.move_overhead
    }

    pub fn eval_params(&self) -> &G::Params {
        &self.eval_params
    }

    pub fn eval_params_mut(&mut self) -> &mut G::Params {
        &mut self.eval_params
    }

    pub fn params(&self) -> &SearchParams {
        &self.params
    }

    pub fn params_mut(&mut self) -> &mut SearchParams {
        &mut self.params
    }

    /// Forgets everything learned: table, history, killers (a new game).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.main.clear();
        self.helpers.iter_mut().for_each(Worker::clear);
    }

    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// The memory the threads' history tables take, beside the table: each
    /// optional table exists only while its switch is on (sized at the
    /// next search after a change).
    pub fn history_bytes(&self) -> usize {
        std::iter::once(&self.main)
            .chain(&self.helpers)
            .map(Worker::history_bytes)
            .sum()
    }

    /// Searches `root` within `limits` until done or `stop` is set.
    /// `report` receives progress from the main thread. The result's best
    /// move is a legal move whenever the root has one.
    pub fn search(
        &mut self,
        root: &G,
        limits: &Limits,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        self.search_with(root, limits, RootOptions::default(), stop, report)
    }

    /// Ages the table and fits every thread's memory to the parameters and
    /// weights of the search about to start.
    fn ready_for_search(&mut self) {
        self.tt.new_search();
        for worker in std::iter::once(&mut self.main).chain(&mut self.helpers) {
            worker.fit(&self.params);
            G::prepare_eval(&self.eval_params, &mut worker.eval);
        }
    }

    /// [`Engine::search`] restricted to some root moves, or pondering.
    pub fn search_with(
        &mut self,
        root: &G,
        limits: &Limits,
        options: RootOptions<'_, G::Move>,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        let budget = TimeBudget::new(
            limits,
            self.move_overhead,
            self.params.tm_moves_to_go as u32,
        );
        let skill = self.skill;
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let node_limit = limits.nodes.unwrap_or(u64::MAX).max(1);
        let root_moves = searchable_root_moves(root, options.searchmoves);

        self.ready_for_search();

        // A weakened level searches more lines than it shows.
        let shown = self.multipv;
        let multipv = skill.map_or(shown, |_| shown.max(Skill::LINES));
        let counters: Vec<AtomicU64> = (0..self.threads).map(|_| AtomicU64::new(0)).collect();
        let helpers_stop = AtomicBool::new(false);
        let shared = Shared {
            root,
            tt: &self.tt,
            params: &self.params,
            eval_params: &self.eval_params,
            start,
            root_moves: &root_moves,
            // Restricting the root changes the root's result: it must not
            // be stored as the position's own.
            root_filtered: !options.searchmoves.is_empty(),
        };
        let main = &mut self.main;
        let helpers = &mut self.helpers;

        std::thread::scope(|scope| {
            // Lazy SMP: helpers search the same root with their own
            // history, sharing only the table; odd helpers start one ply
            // deeper so the threads diverge.
            let workers = helpers.iter_mut().zip(counters.iter().skip(1));
            for (index, (worker, counter)) in (1..).zip(workers) {
                let (shared, helpers_stop) = (&shared, &helpers_stop);
                let spawned = std::thread::Builder::new()
                    .name(format!("helper {index}"))
                    .stack_size(SEARCH_STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        let mut search = Search::new(shared, worker, helpers_stop, counter);
                        let first = 1 + (index as u32 % 2);
                        search.iterate(first, MAX_DEPTH, 1, &mut |_| {});
                    });
                // Without the helper the search is just less parallel.
                drop(spawned);
            }

            let mut search = Search::new(&shared, main, stop, &counters[0]);
            search.counters = &counters;
            search.node_limit = node_limit;
            search.soft_node_limit = limits.soft_nodes;
            search.budget = budget;
            search.pondering = options.pondering;
            search.mate_limit = limits.mate;
            search.skill = skill;
            search.start_clock_unless_pondering(start);
            let mut shown_lines = |info: &SearchInfo<G::Move>| {
                if info.multipv as usize <= shown {
                    report(info);
                }
            };
            let result = search.iterate(1, max_depth, multipv, &mut shown_lines);
            helpers_stop.store(true, Ordering::Relaxed);
            result
        })
    }
}

/// One thread's view of one search.
struct Search<'a, G: Searchable> {
    pos: G,
    w: &'a mut Worker<G>,
    tt: &'a TranspositionTable,
    params: &'a SearchParams,
    eval_params: &'a G::Params,
    stop: &'a AtomicBool,
    /// This thread's published node count.
    counter: &'a AtomicU64,
    /// Every thread's counter (main thread only, for reports).
    counters: &'a [AtomicU64],
    node_limit: u64,
    /// No iteration starts once the nodes of all threads are past this
    /// (`Limits::soft_nodes`; main thread only).
    soft_node_limit: Option<u64>,
    /// The time limits, turned into deadlines when the clock starts.
    budget: TimeBudget,
    /// Set while pondering: the clock starts when it is cleared.
    pondering: Option<&'a AtomicBool>,
    /// Checked between iterations: no new iteration after it.
    soft_deadline: Option<Instant>,
    /// How settled the root's best move is (for the soft limit).
    stability: limits::Stability,
    /// The nodes each root move took (for the soft limit).
    root_effort: limits::RootEffort,
    /// Polled in every iteration, the first included: past it the search
    /// returns the best move found so far (or the table's move, or the
    /// first legal one) rather than risk the clock.
    hard_deadline: Option<Instant>,
    /// `go mate N`: stop once a mate in at most N moves is proven.
    mate_limit: Option<u32>,
    start: Instant,
    nodes: u64,
    /// Counters for dashboards (quiescence nodes, table hits).
    stats: SearchStats,
    /// What this iteration's quiescence has used of its share.
    qs_credit: qsearch::QsCredit,
    seldepth: usize,
    aborted: bool,
    root_depth: i32,
    /// The root moves this search may play (all legal ones unless
    /// `searchmoves` named some).
    root_moves: &'a [G::Move],
    /// Whether `root_moves` leaves out legal moves.
    root_filtered: bool,
    /// Root moves already given a line in this iteration (`MultiPV`).
    excluded: Vec<G::Move>,
    /// Best root move of the current iteration so far, with its score.
    iter_best: Option<(G::Move, Score)>,
    /// Best move of the last completed iteration.
    prev_best: Option<G::Move>,
    /// The lines of the last iteration that completed all of them.
    completed_lines: Vec<root::RootLine<G::Move>>,
    /// A weakened level (main thread only).
    skill: Option<Skill>,
}

/// What every thread of one search shares.
struct Shared<'a, G: Searchable> {
    root: &'a G,
    tt: &'a TranspositionTable,
    params: &'a SearchParams,
    eval_params: &'a G::Params,
    start: Instant,
    root_moves: &'a [G::Move],
    root_filtered: bool,
}

impl<'a, G: Searchable> Search<'a, G> {
    /// A search of the shared root by one thread, stopped only by `stop`
    /// (the main thread then adds its limits).
    fn new(
        shared: &Shared<'a, G>,
        w: &'a mut Worker<G>,
        stop: &'a AtomicBool,
        counter: &'a AtomicU64,
    ) -> Self {
        Search {
            pos: shared.root.clone(),
            w,
            tt: shared.tt,
            params: shared.params,
            eval_params: shared.eval_params,
            stop,
            counter,
            counters: &[],
            node_limit: u64::MAX,
            soft_node_limit: None,
            budget: TimeBudget::UNLIMITED,
            pondering: None,
            soft_deadline: None,
            stability: limits::Stability::default(),
            root_effort: limits::RootEffort::default(),
            hard_deadline: None,
            mate_limit: None,
            start: shared.start,
            nodes: 0,
            stats: SearchStats::default(),
            qs_credit: qsearch::QsCredit::default(),
            seldepth: 0,
            aborted: false,
            root_depth: 0,
            root_moves: shared.root_moves,
            root_filtered: shared.root_filtered,
            excluded: Vec::new(),
            iter_best: None,
            prev_best: None,
            completed_lines: Vec::new(),
            skill: None,
        }
    }
}

/// The legal root moves named in `searchmoves`, or every legal move when
/// it names none (or none that is legal).
fn searchable_root_moves<G: Searchable>(root: &G, searchmoves: &[G::Move]) -> Vec<G::Move> {
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    let named: Vec<G::Move> = moves
        .iter()
        .copied()
        .filter(|m| searchmoves.contains(m))
        .collect();
    if named.is_empty() {
        moves
    } else {
        named
    }
}
