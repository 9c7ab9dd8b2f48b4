//! The search proper: iterative deepening with aspiration windows over a
//! principal variation search with quiescence, for any [`Searchable`] game.
//!
//! [`Engine`] is the entry point: it owns the transposition table, the
//! parameters and each thread's move-ordering memory, and runs one search at
//! a time with [`Engine::search`]. It never prints: progress goes to a
//! callback as [`SearchInfo`] and the result comes back as a
//! [`SearchResult`].

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::game::{GameMove, Score, Searchable};
use crate::history::{History, Killers};
use crate::info::{nps, ScoreBound, SearchInfo, SearchResult};
use crate::movepick::{MovePicker, OrderingContext};
use crate::params::SearchParams;
use crate::score::{
    clamp_eval, from_tt, is_mate_score, mate_in, mated_in, outcome_score, to_tt, INFINITE, MATE,
    MATE_IN_MAX_PLY, MAX_PLY,
};
use crate::time::{Limits, TimeBudget};
use crate::tt::{Bound, TranspositionTable, TtError};

/// Deepest iteration a search starts.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 1;
/// Limits other than the stop flag are polled every this many nodes (a
/// power of two).
const POLL_INTERVAL: u64 = 1024;
const _: () = assert!(POLL_INTERVAL.is_power_of_two());
/// Size of the LMR table per dimension (depths and move numbers beyond
/// use the last entry).
const LMR_TABLE_SIZE: usize = 64;
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
    quiets: Vec<M>,
    /// Principal variation from this ply down.
    pv: Vec<M>,
    /// Whether the move leading to the next ply was a null move.
    null_move: bool,
}

impl<M> Frame<M> {
    fn new() -> Self {
        Frame {
            moves: Vec::new(),
            keys: Vec::new(),
            quiets: Vec::new(),
            pv: Vec::new(),
            null_move: false,
        }
    }
}

/// A search thread's memory that outlives one search: history, killers,
/// the evaluation's caches and buffers.
pub(crate) struct Worker<G: Searchable> {
    history: History,
    eval: G::EvalState,
    killers: Killers<G::Move>,
    stack: Vec<Frame<G::Move>>,
    lmr: Vec<[u8; LMR_TABLE_SIZE]>,
}

impl<G: Searchable> Worker<G> {
    fn new(params: &SearchParams) -> Self {
        let mut stack = Vec::with_capacity(MAX_PLY + 2);
        stack.resize_with(MAX_PLY + 2, Frame::new);
        let mut worker = Worker {
            history: History::new(G::MOVE_INDEX_COUNT, params.history_max),
            killers: Killers::new(),
            eval: G::EvalState::default(),
            stack,
            lmr: Vec::new(),
        };
        worker.build_lmr(params);
        worker
    }

    fn clear(&mut self) {
        self.history.clear();
        self.killers.clear();
    }

    /// `reduction = base + ln(depth) * ln(move number) / divisor`, rounded
    /// down. Computed once per search from the parameters.
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
}

impl<G: Searchable> Engine<G> {
    /// An engine with a `hash_mb` MB table, default parameters, one thread.
    pub fn new(hash_mb: usize) -> Result<Self, TtError> {
        let params = SearchParams::default();
        Ok(Engine {
            tt: TranspositionTable::new(hash_mb)?,
            hash_mb,
            eval_params: G::Params::default(),
            main: Worker::new(&params),
            params,
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS),
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
    }

    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
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
        let budget = TimeBudget::new(limits, self.move_overhead);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let node_limit = limits.nodes.unwrap_or(u64::MAX).max(1);
        let root_moves = searchable_root_moves(root, options.searchmoves);
        let root_moves = root_moves.as_slice();

        self.tt.new_search();
        self.main.build_lmr(&self.params);
        G::prepare_eval(&self.eval_params, &mut self.main.eval);

        // Restricting the root changes the root's result: it must not be
        // stored as the position's own.
        let root_filtered = !options.searchmoves.is_empty();
        let multipv = self.multipv;
        let helpers = self.threads - 1;
        let counters: Vec<AtomicU64> = (0..=helpers).map(|_| AtomicU64::new(0)).collect();
        let helpers_stop = AtomicBool::new(false);
        let tt = &self.tt;
        let params = &self.params;
        let eval_params = &self.eval_params;
        let main = &mut self.main;

        std::thread::scope(|scope| {
            // Lazy SMP: helpers search the same root with their own
            // history, sharing only the table; odd helpers start one ply
            // deeper so the threads diverge.
            for (index, counter) in counters.iter().enumerate().skip(1) {
                let helpers_stop = &helpers_stop;
                let spawned = std::thread::Builder::new()
                    .name(format!("helper {index}"))
                    .stack_size(SEARCH_STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        let mut worker = Worker::<G>::new(params);
                        G::prepare_eval(eval_params, &mut worker.eval);
                        let mut search = Search {
                            pos: root.clone(),
                            w: &mut worker,
                            tt,
                            params,
                            eval_params,
                            stop: helpers_stop,
                            counter,
                            counters: &[],
                            node_limit: u64::MAX,
                            budget: TimeBudget::UNLIMITED,
                            pondering: None,
                            soft_deadline: None,
                            hard_deadline: None,
                            mate_limit: None,
                            start,
                            nodes: 0,
                            seldepth: 0,
                            aborted: false,
                            root_depth: 0,
                            root_moves,
                            root_filtered,
                            excluded: Vec::new(),
                            iter_best: None,
                            prev_best: None,
                        };
                        let first = 1 + (index as u32 % 2);
                        search.iterate(first, MAX_DEPTH, 1, &mut |_| {});
                    });
                // Without the helper the search is just less parallel.
                drop(spawned);
            }

            let mut search = Search {
                pos: root.clone(),
                w: main,
                tt,
                params,
                eval_params,
                stop,
                counter: &counters[0],
                counters: &counters,
                node_limit,
                budget,
                pondering: options.pondering,
                soft_deadline: None,
                hard_deadline: None,
                mate_limit: limits.mate,
                start,
                nodes: 0,
                seldepth: 0,
                aborted: false,
                root_depth: 0,
                root_filtered,
                root_moves,
                excluded: Vec::new(),
                iter_best: None,
                prev_best: None,
            };
            search.start_clock_unless_pondering(start);
            let result = search.iterate(1, max_depth, multipv, report);
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
    /// The time limits, turned into deadlines when the clock starts.
    budget: TimeBudget,
    /// Set while pondering: the clock starts when it is cleared.
    pondering: Option<&'a AtomicBool>,
    /// Checked between iterations: no new iteration after it.
    soft_deadline: Option<Instant>,
    /// Polled in every iteration, the first included: past it the search
    /// returns the best move found so far (or the table's move, or the
    /// first legal one) rather than risk the clock.
    hard_deadline: Option<Instant>,
    /// `go mate N`: stop once a mate in at most N moves is proven.
    mate_limit: Option<u32>,
    start: Instant,
    nodes: u64,
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
}

/// One principal variation of a finished search of the root.
struct RootLine<M> {
    score: Score,
    pv: Vec<M>,
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

impl<G: Searchable> Search<'_, G> {
    /// Iterative deepening from `first` to `max_depth`, with up to `lines`
    /// principal variations per iteration (`MultiPV`): each line searches
    /// the root moves the lines before it did not take.
    fn iterate(
        &mut self,
        first: u32,
        max_depth: u32,
        lines: usize,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let mut result = SearchResult {
            best_move: None,
            ponder: None,
            score: 0,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
        };
        if self.root_moves.is_empty() {
            result.score = outcome_score(self.pos.no_moves_outcome(), self.pos.side_to_move(), 0);
            return result;
        }
        let lines = lines.clamp(1, self.root_moves.len());
        let mut previous: Vec<RootLine<G::Move>> = Vec::new();
        for depth in first..=max_depth {
            self.root_depth = depth as i32;
            self.seldepth = 0;
            self.excluded.clear();
            let mut current = Vec::with_capacity(lines);
            for index in 0..lines {
                let last = previous.get(index);
                self.prev_best = last.and_then(|l| l.pv.first().copied());
                self.iter_best = None;
                let Some(score) =
                    self.search_root(depth, last.map_or(0, |l| l.score), index, report)
                else {
                    break;
                };
                let mut pv = self.w.stack[0].pv.clone();
                if pv.is_empty() {
                    pv.extend(self.iter_best.map(|(m, _)| m));
                }
                let Some(&mv) = pv.first() else {
                    break;
                };
                self.excluded.push(mv);
                self.publish_nodes();
                report(&self.info(index, depth, score, ScoreBound::Exact, pv.clone()));
                current.push(RootLine { score, pv });
            }

            if current.is_empty() {
                // Stopped inside the first line. A move that beat alpha in
                // the unfinished iteration was searched fully: it is at
                // least as good as the last best.
                if let Some((mv, s)) = self.iter_best {
                    if Some(mv) != result.best_move {
                        result.best_move = Some(mv);
                        result.score = s;
                        result.pv = self.root_pv_starting_with(mv);
                    }
                }
                break;
            }
            // The first line searched every move: it holds the best one.
            let best = &current[0];
            result.best_move = best.pv.first().copied();
            result.pv = best.pv.clone();
            result.score = best.score;
            result.depth = depth;
            result.seldepth = self.seldepth as u32;
            if self.aborted || self.iteration_is_last(depth, result.score) {
                break;
            }
            previous = current;
        }

        if result.best_move.is_none() {
            // Stopped before any root move was searched: fall back to the
            // table's move or the first root move.
            let tt_move = self.tt.probe(self.pos.hash()).map_or(0, |h| h.mv);
            result.best_move = self
                .root_moves
                .iter()
                .copied()
                .find(|m| tt_move != 0 && m.to_u16() == tt_move)
                .or(self.root_moves.first().copied());
            result.pv = result.best_move.into_iter().collect();
        }
        // The PV must start with the best move; anything else is dropped.
        if result.pv.first() != result.best_move.as_ref() {
            result.pv = result.best_move.into_iter().collect();
        }
        result.ponder = result.pv.get(1).copied();
        self.publish_nodes();
        result.nodes = self.total_nodes();
        result.time = self.start.elapsed();
        if result.depth == 0 {
            result.seldepth = self.seldepth as u32;
        }
        result
    }

    /// One line of one iteration: the root searched in an aspiration
    /// window around `guess`, widened until the score falls inside.
    /// `None` when the search was stopped.
    fn search_root(
        &mut self,
        depth: u32,
        guess: Score,
        line: usize,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> Option<Score> {
        let p = *self.params;
        // Most iterations land inside the window, and a narrow window
        // searches fewer nodes.
        let mut delta = p.aspiration_delta.max(1);
        let (mut alpha, mut beta) = if p.features.aspiration
            && depth as i32 >= p.aspiration_min_depth
            && !is_mate_score(guess)
        {
            (
                (guess - delta).max(-INFINITE),
                (guess + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let s = self.negamax::<true>(depth as i32, alpha, beta, 0);
            if self.aborted {
                return None;
            }
            if s <= alpha {
                // Fail low: widen downwards; bring beta closer so the
                // re-search resolves quickly.
                self.report_bound(line, depth, s, ScoreBound::Upper, report);
                beta = (alpha + beta) / 2;
                alpha = (s - delta).max(-INFINITE);
            } else if s >= beta {
                self.report_bound(line, depth, s, ScoreBound::Lower, report);
                beta = (s + delta).min(INFINITE);
            } else {
                return Some(s);
            }
            delta = delta.saturating_mul(2);
        }
    }

    /// Whether the iteration just completed (best score `score`) ends the
    /// search: a mate proven within the horizon, the mate asked for, or
    /// the soft time limit.
    fn iteration_is_last(&mut self, depth: u32, score: Score) -> bool {
        if is_mate_score(score) && MATE - score.abs() <= depth as i32 {
            return true;
        }
        if self
            .mate_limit
            .is_some_and(|n| score >= MATE_IN_MAX_PLY && (MATE - score + 1) / 2 <= n as i32)
        {
            return true;
        }
        self.start_clock_on_ponderhit();
        if self.soft_deadline.is_some_and(|t| Instant::now() >= t) {
            return true;
        }
        // With a single move there is nothing to think about when the
        // clock is running (fixed-depth searches still go on, so node
        // counts stay deterministic).
        self.soft_deadline.is_some() && self.root_moves.len() == 1
    }

    /// Turns the time budget into deadlines counted from `from`, unless
    /// pondering.
    fn start_clock_unless_pondering(&mut self, from: Instant) {
        if self.pondering.is_some_and(|p| p.load(Ordering::Relaxed)) {
            return;
        }
        self.pondering = None;
        self.soft_deadline = self.budget.soft.map(|d| from + d);
        self.hard_deadline = self.budget.hard.map(|d| from + d);
    }

    /// Starts the clock once pondering has ended (`ponderhit`): the time
    /// spent pondering was the opponent's.
    #[inline]
    fn start_clock_on_ponderhit(&mut self) {
        if self.pondering.is_some() {
            self.start_clock_unless_pondering(Instant::now());
        }
    }

    /// Whether `mv` is not to be searched at the root: not among the
    /// root moves, or already given a line in this iteration.
    fn skips_root_move(&self, mv: G::Move) -> bool {
        self.excluded.contains(&mv) || (self.root_filtered && !self.root_moves.contains(&mv))
    }

    fn root_pv_starting_with(&self, mv: G::Move) -> Vec<G::Move> {
        let pv = &self.w.stack[0].pv;
        if pv.first() == Some(&mv) {
            pv.clone()
        } else {
            vec![mv]
        }
    }

    fn publish_nodes(&self) {
        self.counter.store(self.nodes, Ordering::Relaxed);
    }

    fn total_nodes(&self) -> u64 {
        if self.counters.is_empty() {
            self.nodes
        } else {
            self.counters
                .iter()
                .map(|c| c.load(Ordering::Relaxed))
                .sum()
        }
    }

    fn info(
        &self,
        line: usize,
        depth: u32,
        score: Score,
        bound: ScoreBound,
        pv: Vec<G::Move>,
    ) -> SearchInfo<G::Move> {
        let time = self.start.elapsed();
        let nodes = self.total_nodes();
        SearchInfo {
            multipv: line as u32 + 1,
            depth,
            seldepth: self.seldepth as u32,
            score,
            bound,
            nodes,
            nps: nps(nodes, time),
            time,
            hashfull: self.tt.hashfull(),
            pv,
        }
    }

    /// Aspiration failures are reported once a search takes long enough
    /// for a GUI to care (not at all in quick searches).
    fn report_bound(
        &self,
        line: usize,
        depth: u32,
        score: Score,
        bound: ScoreBound,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) {
        const REPORT_AFTER: Duration = Duration::from_secs(1);
        if self.start.elapsed() >= REPORT_AFTER {
            let pv = self.w.stack[0].pv.clone();
            report(&self.info(line, depth, score, bound, pv));
        }
    }

    /// Counts a node and polls the limits; true when the search must stop.
    #[inline]
    fn count_node_and_poll(&mut self) -> bool {
        self.nodes += 1;
        // The stop flag is a relaxed load of a rarely written line: cheap
        // enough for every node, which makes `stop` take effect at once.
        if self.stop.load(Ordering::Relaxed) || self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.nodes & (POLL_INTERVAL - 1) == 0 {
            self.publish_nodes();
            self.start_clock_on_ponderhit();
            if self.hard_deadline.is_some_and(|t| Instant::now() >= t) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    #[inline]
    fn evaluate(&mut self) -> Score {
        clamp_eval(self.pos.evaluate(self.eval_params, &mut self.w.eval))
    }

    /// Late move pruning and futility pruning of a quiet move (Step 11 of
    /// `negamax`), `quiet_count` quiet moves having been tried.
    #[inline]
    fn quiet_is_prunable(&self, depth: i32, eval: Score, alpha: Score, quiet_count: usize) -> bool {
        let p = self.params;
        let f = p.features;
        let lmp = f.late_move_pruning
            && depth <= p.lmp_max_depth
            && quiet_count as i32 >= p.lmp_base + depth * depth;
        let futile = f.futility
            && depth <= p.futility_max_depth
            && eval + p.futility_base + p.futility_per_depth * depth <= alpha;
        lmp || futile
    }

    /// Copies the child's PV behind `mv` into this ply's PV.
    #[inline]
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.w.stack.split_at_mut(ply + 1);
        let pv = &mut head[ply].pv;
        pv.clear();
        pv.push(mv);
        pv.extend_from_slice(&tail[0].pv);
    }

    #[inline]
    fn next_move(&self, picker: &mut MovePicker<G::Move>, ply: usize) -> Option<G::Move> {
        let ctx = OrderingContext {
            history: &self.w.history,
            killers: self.w.killers.get(ply),
            side: self.pos.side_to_move(),
        };
        picker.next(&self.pos, &ctx)
    }

    /// Principal variation search. `PV` nodes have an open window; others
    /// are zero-window nodes expected to fail high or low.
    fn negamax<const PV: bool>(
        &mut self,
        depth: i32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
    ) -> Score {
        debug_assert!(-INFINITE <= alpha && alpha < beta && beta <= INFINITE);
        debug_assert!(PV || beta - alpha == 1);
        let root = ply == 0;
        let p = *self.params;
        let f = p.features;

        // Step 1. At the horizon, resolve captures with quiescence.
        if depth <= 0 {
            return self.qsearch::<PV>(alpha, beta, ply);
        }

        // Step 2. Count the node and poll the stop flag and limits.
        if self.count_node_and_poll() {
            return 0;
        }
        if PV {
            self.w.stack[ply].pv.clear();
            self.seldepth = self.seldepth.max(ply + 1);
        }
        let us = self.pos.side_to_move();

        if !root {
            // Step 3. Decided games and rule draws (not at the root, which
            // the caller wants a move for), and the stack limit.
            if let Some(outcome) = self.pos.search_outcome(ply) {
                return outcome_score(outcome, us, ply);
            }
            if ply >= MAX_PLY {
                return self.evaluate();
            }
            // Step 4. Mate distance pruning: no line from here beats mating
            // next move or loses faster than being mated now.
            if f.mate_distance_pruning {
                alpha = alpha.max(mated_in(ply));
                beta = beta.min(mate_in(ply + 1));
                if alpha >= beta {
                    return alpha;
                }
            }
        }

        // Step 5. Transposition table: a cutoff at non-PV nodes when the
        // stored result is deep enough and its bound decides the window;
        // otherwise its move is tried first.
        let key = self.pos.hash();
        let hit = self.tt.probe(key);
        if !PV && f.tt_cutoffs {
            if let Some(h) = hit {
                let s = from_tt(h.score, ply);
                if h.depth >= depth
                    && match h.bound {
                        Bound::Exact => true,
                        Bound::Lower => s >= beta,
                        Bound::Upper => s <= alpha,
                    }
                {
                    return s;
                }
            }
        }
        let tt_move = if root {
            self.prev_best.map_or(0, |m| m.to_u16())
        } else {
            hit.map_or(0, |h| h.mv)
        };

        // Step 6. Static evaluation (meaningless in check, where every
        // reply must be searched).
        let in_check = self.pos.in_check();
        let eval = if in_check {
            0
        } else {
            match hit {
                Some(h) => h.eval,
                None => self.evaluate(),
            }
        };

        // Step 7. Reverse futility pruning: far above beta near the leaves,
        // a quiet move will not bring the score back down.
        if !PV
            && !in_check
            && f.reverse_futility
            && depth <= p.rfp_max_depth
            && !is_mate_score(beta)
            && eval - p.rfp_margin * depth >= beta
        {
            return eval;
        }

        // Step 8. Null move pruning: if passing still fails high at reduced
        // depth, a real move will too. Not twice in a row (that would just
        // reduce), not in check, and only where the game says zugzwang is
        // unlikely.
        if !PV
            && !in_check
            && f.null_move
            && depth >= p.nmp_min_depth
            && eval >= beta
            && !is_mate_score(beta)
            && ply > 0
            && !self.w.stack[ply - 1].null_move
            && self.pos.null_move_allowed()
        {
            let r = p.nmp_base_reduction + depth / p.nmp_depth_divisor.max(1);
            self.w.stack[ply].null_move = true;
            self.pos.make_null();
            let s = -self.negamax::<false>(depth - 1 - r, -beta, -beta + 1, ply + 1);
            self.pos.unmake_null();
            self.w.stack[ply].null_move = false;
            if self.aborted {
                return 0;
            }
            if s >= beta {
                // A mate found after a pass is not a proven mate.
                return if is_mate_score(s) { beta } else { s };
            }
        }

        // Step 9. Generate the moves; none left ends the game by its rules.
        let mut moves = std::mem::take(&mut self.w.stack[ply].moves);
        moves.clear();
        self.pos.legal_moves(&mut moves);
        if moves.is_empty() {
            self.w.stack[ply].moves = moves;
            return outcome_score(self.pos.no_moves_outcome(), us, ply);
        }
        let keys = std::mem::take(&mut self.w.stack[ply].keys);
        let mut picker = MovePicker::new(moves, keys, tt_move);
        let mut quiets = std::mem::take(&mut self.w.stack[ply].quiets);
        quiets.clear();
        self.w.killers.reset(ply + 1);
        let killers = self.w.killers.get(ply);

        // Step 10. The move loop.
        let alpha_orig = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut move_count = 0usize;
        while let Some(mv) = self.next_move(&mut picker, ply) {
            if root && self.skips_root_move(mv) {
                continue;
            }
            move_count += 1;
            let noisy = picker
                .last_is_noisy()
                .unwrap_or_else(|| self.pos.noisy_key(mv).is_some());
            // Step 11. Shallow pruning of quiet moves that cannot matter,
            // once a move has been searched (so mate is never missed by
            // pruning everything). Moves that give check are kept, so in a
            // game with check the move is made first to find out.
            let may_prune = !root && !in_check && !noisy && best > -MATE_IN_MAX_PLY;
            if may_prune
                && !G::HAS_CHECK
                && self.quiet_is_prunable(depth, eval, alpha, quiets.len())
            {
                continue;
            }
            self.pos.make(mv);
            self.tt.prefetch(self.pos.hash());
            let gives_check = self.pos.in_check();
            if may_prune
                && G::HAS_CHECK
                && !gives_check
                && self.quiet_is_prunable(depth, eval, alpha, quiets.len())
            {
                self.pos.unmake();
                continue;
            }
            if !noisy {
                quiets.push(mv);
            }
            let history = if noisy {
                0
            } else {
                self.w.history.get(us, self.pos.move_index(mv))
            };

            // Step 12. Check extension: a checking move is searched one ply
            // deeper (bounded so that check sequences cannot explode).
            let extension =
                i32::from(f.check_extension && gives_check && (ply as i32) < 2 * self.root_depth);
            let new_depth = depth - 1 + extension;

            // The child's PV is only rebuilt by a PV search of it; clear it
            // so a zero-window fail high does not copy a stale line.
            if PV {
                self.w.stack[ply + 1].pv.clear();
            }

            // Step 13. PVS: the first move with the full window, the others
            // with a zero window (late quiet moves at reduced depth), and a
            // re-search when they unexpectedly beat alpha.
            let score = if move_count == 1 {
                -self.negamax::<PV>(new_depth, -beta, -alpha, ply + 1)
            } else {
                let mut r = 0;
                if f.lmr
                    && depth >= p.lmr_min_depth
                    && move_count > p.lmr_min_moves + usize::from(PV)
                    && !noisy
                    && !in_check
                    && !gives_check
                {
                    r = self.w.lmr_reduction(depth, move_count);
                    // Less for PV nodes and killers, more or less by history.
                    r -= i32::from(PV);
                    r -= i32::from(killers.contains(&Some(mv)));
                    r -= history / (p.history_max / 2).max(1);
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                let mut s = -self.negamax::<false>(new_depth - r, -alpha - 1, -alpha, ply + 1);
                if !self.aborted && s > alpha && r > 0 {
                    s = -self.negamax::<false>(new_depth, -alpha - 1, -alpha, ply + 1);
                }
                if PV && !self.aborted && s > alpha && s < beta {
                    s = -self.negamax::<true>(new_depth, -beta, -alpha, ply + 1);
                }
                s
            };
            self.pos.unmake();
            if self.aborted {
                break;
            }

            // Step 14. Keep the best score; a score above alpha is a new
            // best move (and PV), one at or above beta a cutoff.
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    if PV {
                        self.update_pv(ply, mv);
                    }
                    if root {
                        self.iter_best = Some((mv, score));
                    }
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        let (moves, keys) = picker.into_buffers();
        self.w.stack[ply].moves = moves;
        self.w.stack[ply].keys = keys;
        if self.aborted {
            self.w.stack[ply].quiets = quiets;
            return 0;
        }

        // Step 15. A quiet move that caused a cutoff becomes a killer and
        // gains history; the quiet moves tried before it lose some.
        if best >= beta {
            if let Some(bm) = best_move {
                if self.pos.noisy_key(bm).is_none() {
                    self.w.killers.record(ply, bm);
                    let bonus = p.history_bonus(depth);
                    for &q in &quiets {
                        let index = self.pos.move_index(q);
                        let b = if q == bm { bonus } else { -bonus };
                        self.w.history.update(us, index, b);
                    }
                }
            }
        }
        self.w.stack[ply].quiets = quiets;

        // Step 16. Store the result: exact inside the window, else a bound
        // (not at a root searched without some of its moves: that result
        // is not the position's).
        if !(root && (self.root_filtered || !self.excluded.is_empty())) {
            let bound = Bound::of(best, alpha_orig, beta);
            self.tt.store(
                key,
                best_move.map_or(0, |m: G::Move| m.to_u16()),
                to_tt(best, ply),
                eval,
                depth,
                bound,
            );
        }
        best
    }

    /// Quiescence: only noisy moves (all moves in check), with the static
    /// evaluation as a lower bound ("stand pat") when not in check.
    fn qsearch<const PV: bool>(&mut self, alpha: Score, beta: Score, ply: usize) -> Score {
        /// Quiescence proper. `first_node` is the node count when `negamax`
        /// handed over: every node below one horizon node shares a budget.
        fn quiesce<G: Searchable, const PV: bool>(
            s: &mut Search<'_, G>,
            mut alpha: Score,
            beta: Score,
            ply: usize,
            budget: u64,
            first_node: u64,
        ) -> Score {
            debug_assert!(-INFINITE <= alpha && alpha < beta && beta <= INFINITE);
            let p = *s.params;
            let f = p.features;

            // Step 1. Count the node and poll the limits.
            if s.count_node_and_poll() {
                return 0;
            }
            if PV {
                s.w.stack[ply].pv.clear();
            }
            s.seldepth = s.seldepth.max(ply + 1);
            let us = s.pos.side_to_move();

            // Step 2. Decided games, rule draws, the stack limit.
            if ply > 0 {
                if let Some(outcome) = s.pos.search_outcome(ply) {
                    return outcome_score(outcome, us, ply);
                }
            }
            if ply >= MAX_PLY {
                return s.evaluate();
            }

            // Step 3. Transposition table (any depth is enough here).
            let key = s.pos.hash();
            let hit = s.tt.probe(key);
            if !PV && f.tt_cutoffs {
                if let Some(h) = hit {
                    let score = from_tt(h.score, ply);
                    if match h.bound {
                        Bound::Exact => true,
                        Bound::Lower => score >= beta,
                        Bound::Upper => score <= alpha,
                    } {
                        return score;
                    }
                }
            }

            // Step 4. Stand pat: the side to move can usually do at least
            // as well as the static evaluation by a quiet move. Not in
            // check.
            let in_check = s.pos.in_check();
            let eval;
            let mut best;
            if in_check {
                eval = 0;
                best = -INFINITE;
            } else {
                eval = match hit {
                    Some(h) => h.eval,
                    None => s.evaluate(),
                };
                if eval >= beta {
                    if hit.is_none() {
                        s.tt.store(key, 0, to_tt(eval, ply), eval, 0, Bound::Lower);
                    }
                    return eval;
                }
                // Step 5. Growth limit: once the quiescence below this
                // horizon node has used its budget, only the static
                // evaluation counts. Chess captures run out long before;
                // where both sides nearly always have a zap (Leiserchess
                // with many pawns), the chains of zaps would not.
                if s.nodes - first_node > budget {
                    return eval;
                }
                alpha = alpha.max(eval);
                best = eval;
            }

            // Step 6. Noisy moves, or every move when in check.
            let mut moves = std::mem::take(&mut s.w.stack[ply].moves);
            moves.clear();
            if in_check {
                s.pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    s.w.stack[ply].moves = moves;
                    return outcome_score(s.pos.no_moves_outcome(), us, ply);
                }
            } else {
                s.pos.noisy_moves(&mut moves);
            }
            let keys = std::mem::take(&mut s.w.stack[ply].keys);
            let mut picker = MovePicker::new(moves, keys, hit.map_or(0, |h| h.mv));

            // Step 7. The move loop, skipping captures that lose material
            // and, outside check, trying at most `qs_max_moves` of the rest
            // (in the picker's order: table move, then best first).
            let max_moves = if in_check { usize::MAX } else { p.qs_max_moves };
            let alpha_orig = alpha;
            let mut best_move = None;
            let mut tried = 0usize;
            while let Some(mv) = s.next_move(&mut picker, ply) {
                if tried >= max_moves {
                    break;
                }
                if !in_check && f.qs_see_pruning && !s.pos.see_ge(mv, p.qs_see_threshold) {
                    continue;
                }
                tried += 1;
                s.pos.make(mv);
                s.tt.prefetch(s.pos.hash());
                let score = -quiesce::<G, PV>(s, -beta, -alpha, ply + 1, budget, first_node);
                s.pos.unmake();
                if s.aborted {
                    break;
                }
                if score > best {
                    best = score;
                    if score > alpha {
                        best_move = Some(mv);
                        if PV {
                            s.update_pv(ply, mv);
                        }
                        if score >= beta {
                            break;
                        }
                        alpha = score;
                    }
                }
            }
            let (moves, keys) = picker.into_buffers();
            s.w.stack[ply].moves = moves;
            s.w.stack[ply].keys = keys;
            if s.aborted {
                return 0;
            }

            // Step 8. Store with depth 0 (below any main-search depth).
            let bound = Bound::of(best, alpha_orig, beta);
            s.tt.store(
                key,
                best_move.map_or(0, |m: G::Move| m.to_u16()),
                to_tt(best, ply),
                eval,
                0,
                bound,
            );
            best
        }

        // The budget of this horizon node's quiescence grows with the
        // iteration: a shallow iteration is a quick first estimate, and
        // at depth 1 every root move has a quiescence search of its own.
        let budget = self.params.qs_node_budget(self.root_depth);
        let first_node = self.nodes;
        quiesce::<G, PV>(self, alpha, beta, ply, budget, first_node)
    }
}
