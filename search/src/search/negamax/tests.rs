//! The learning and extension features (`Improving`, `ContinuationHistory`,
//! `CorrectionHistory`, `SingularExtension`, `CaptureHistory`) on
//! hand-made lines of a toy game: the tables are filled by the search's
//! own update functions with known moves and depths, and each test asserts
//! the exact values read back and the exact order, margin, extension or
//! reduction that follows.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::super::node::Node;
use super::super::{Search, Shared, Worker};
use super::{Singular, Tried};
use crate::game::{
    EndReason, Evaluation, GameMove, HistoryIndex, NoParams, NoisyKey, Outcome, Rules, Score,
    Searchable, Side,
};
use crate::params::{Features, SearchParams};
use crate::score::mate_in;
use crate::tt::{Bound, TranspositionTable};

/// A move of [`Toy`]: its number, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Mv(u16);

impl fmt::Display for Mv {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "m{}", self.0)
    }
}

impl GameMove for Mv {
    fn to_u16(self) -> u16 {
        self.0
    }
}

/// What a [`Toy`] game is like.
#[derive(Clone, Debug)]
struct Setup {
    /// Moves 1 to `moves` are legal in every position shorter than
    /// `max_plies`, none after.
    moves: u16,
    max_plies: usize,
    /// Moves from this number on are noisy, ordered by ten times their
    /// number, and win their exchange.
    noisy_from: u16,
    /// The move that gives check (0: none).
    check: u16,
    /// The evaluation, for the side to move, of a position whose last
    /// move was `m` (index `m`; index 0 for the start).
    evals: Vec<Score>,
    /// Every line made, when logged.
    log: Option<Arc<Mutex<Vec<Vec<u16>>>>>,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            moves: 6,
            max_plies: 8,
            noisy_from: u16::MAX,
            check: 0,
            evals: vec![0; 16],
            log: None,
        }
    }
}

/// A game for hand-made lines: the same moves everywhere, an evaluation
/// by the last move, a piece (`piece_to`) per move number and side.
#[derive(Clone, Debug)]
struct Toy {
    path: Vec<u16>,
    setup: Setup,
}

impl Toy {
    fn new(setup: Setup) -> Self {
        Toy {
            path: Vec::new(),
            setup,
        }
    }

    /// The `piece_to` of move `m` by `side`.
    fn piece_to_of(side: Side, m: u16) -> usize {
        16 * side.index() + usize::from(m)
    }
}

fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl Rules for Toy {
    type Move = Mv;
    type FenError = fmt::Error;
    type MoveError = fmt::Error;

    fn startpos() -> Self {
        Toy::new(Setup::default())
    }
    fn from_fen(_fen: &str) -> Result<Self, fmt::Error> {
        Ok(Toy::startpos())
    }
    fn fen(&self) -> String {
        format!("{:?}", self.path)
    }
    fn side_to_move(&self) -> Side {
        if self.path.len().is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        }
    }
    fn legal_moves(&self, out: &mut Vec<Mv>) {
        if self.path.len() < self.setup.max_plies {
            out.extend((1..=self.setup.moves).map(Mv));
        }
    }
    fn parse_move(&self, _text: &str) -> Result<Mv, fmt::Error> {
        Err(fmt::Error)
    }
    fn make(&mut self, mv: Mv) {
        self.path.push(mv.0);
        if let Some(log) = &self.setup.log {
            log.lock().expect("log").push(self.path.clone());
        }
    }
    fn unmake(&mut self) {
        self.path.pop();
    }
    fn hash(&self) -> u64 {
        self.path
            .iter()
            .fold(0x1234_5678, |h, &m| mix(h ^ u64::from(m)))
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

impl Evaluation for Toy {
    type Params = NoParams;
    type EvalState = ();

    fn evaluate(&self, _params: &NoParams, _state: &mut ()) -> Score {
        let last = self.path.last().copied().unwrap_or(0);
        self.setup.evals[usize::from(last)]
    }
}

impl HistoryIndex for Toy {
    const MOVE_INDEX_COUNT: usize = 16;

    const PIECE_TO_COUNT: usize = 32;

    fn move_index(&self, mv: Mv) -> usize {
        usize::from(mv.0)
    }

    fn piece_to(&self, mv: Mv) -> usize {
        Toy::piece_to_of(self.side_to_move(), mv.0)
    }
}

impl Searchable for Toy {
    fn search_outcome(&self, _plies_from_root: usize) -> Option<Outcome> {
        None
    }
    fn no_moves_outcome(&self) -> Outcome {
        Outcome::draw(EndReason::REPETITION)
    }
    fn in_check(&self) -> bool {
        self.setup.check != 0 && self.path.last() == Some(&self.setup.check)
    }
    fn gives_check(&self, mv: Mv) -> bool {
        mv.0 == self.setup.check
    }
    fn noisy_moves(&self, out: &mut Vec<Mv>, keys: &mut Vec<NoisyKey>) {
        let mut all = Vec::new();
        self.legal_moves(&mut all);
        for mv in all {
            if let Some(key) = self.noisy_key(mv) {
                out.push(mv);
                keys.push(key);
            }
        }
    }
    fn noisy_key(&self, mv: Mv) -> Option<NoisyKey> {
        (mv.0 >= self.setup.noisy_from).then_some(NoisyKey {
            order: 10 * i32::from(mv.0),
            see_ge_zero: Some(true),
        })
    }
    fn correction_key(&self) -> u64 {
        3
    }
}

/// Every switch off but `on`, the constants at their defaults.
fn params_with(on: impl FnOnce(&mut Features)) -> SearchParams {
    let mut params = SearchParams {
        features: Features::NONE,
        ..SearchParams::default()
    };
    on(&mut params.features);
    params
}

/// Runs `f` on a search of `root` with `params`, as one thread of an
/// iteration of depth 10 would see it.
fn with_search<R>(root: Toy, params: SearchParams, f: impl FnOnce(&mut Search<'_, Toy>) -> R) -> R {
    let tt = TranspositionTable::new(1).expect("table");
    let mut root_moves = Vec::new();
    root.legal_moves(&mut root_moves);
    let shared = Shared {
        root: &root,
        tt: &tt,
        params: &params,
        eval_params: &NoParams,
        start: Instant::now(),
        root_moves: &root_moves,
        root_filtered: false,
    };
    let mut worker = Worker::new(&params);
    let stop = AtomicBool::new(false);
    let counter = AtomicU64::new(0);
    let mut search = Search::new(&shared, &mut worker, &stop, &counter);
    search.root_depth = 10;
    f(&mut search)
}

/// Plays `line` from the root, each move noted at its ply, as the move
/// loops above the next node would.
fn play(search: &mut Search<'_, Toy>, line: &[u16]) {
    for (ply, &m) in line.iter().enumerate() {
        search.make_noted(ply, Mv(m));
    }
}

/// The order in which the picker returns `moves` at `ply` (no table
/// move).
fn picked(search: &mut Search<'_, Toy>, ply: usize, moves: &[u16]) -> Vec<u16> {
    let list = moves.iter().map(|&m| Mv(m)).collect();
    let mut picker = search.move_picker(ply, list, Vec::new(), 0);
    let mut order = Vec::new();
    while let Some(mv) = search.next_move(&mut picker, ply) {
        order.push(mv.0);
    }
    search.put_back_buffers(ply, picker);
    order
}

/// A node of the main search at `ply`, not in check, of this static
/// evaluation (as `Search::node` builds it without `TTEval`).
fn node_at(ply: usize, depth: i32, alpha: Score, beta: Score, static_eval: Score) -> Node {
    Node {
        ply,
        depth,
        alpha,
        beta,
        us: if ply.is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        },
        in_check: false,
        static_eval,
        eval: static_eval,
        raw_eval: static_eval,
        improving: false,
        cut: false,
    }
}

#[test]
fn continuation_history_rewards_the_cutoff_as_a_reply_to_the_last_two_moves() {
    let params = params_with(|f| f.continuation_history = true);
    with_search(Toy::new(Setup::default()), params, |s| {
        // White played 1, Black 2; at ply 2 White tried 5 and 6, and 4
        // failed high at depth 3.
        play(s, &[1, 2]);
        let node = s.node(2, 3, -100, 100, Side::White, None);
        s.w.stack[2].quiets = vec![Mv(5), Mv(6), Mv(4)];
        s.reward_cutoff(&node, Some(Mv(4)));

        let b = params.history_bonus(3);
        assert_eq!(b, 288);
        let reply_row = Toy::piece_to_of(Side::Black, 2);
        let follow_row = Toy::piece_to_of(Side::White, 1);
        let entry = |m| Toy::piece_to_of(Side::White, m);
        let cont = |s: &Search<'_, Toy>, row, m| s.w.continuation.get(row, entry(m));
        assert_eq!(cont(s, reply_row, 4), b, "the reply to the last move");
        assert_eq!(cont(s, follow_row, 4), b, "the follow-up of our last move");
        assert_eq!(s.w.history.get(Side::White.index(), 4), b);
        for m in [5, 6] {
            assert_eq!(cont(s, reply_row, m), -b, "{m} was tried before");
            assert_eq!(cont(s, follow_row, m), -b, "{m} was tried before");
        }
        assert_eq!(cont(s, reply_row, 3), 0, "3 was not tried");
        let other_row = Toy::piece_to_of(Side::Black, 3);
        assert_eq!(cont(s, other_row, 4), 0, "a reply to another move");

        // The same cutoff again: gravity, h += b - h * |b| / max.
        s.reward_cutoff(&node, Some(Mv(4)));
        let twice = b + b - b * b / params.history_max;
        assert_eq!(twice, 571);
        assert_eq!(cont(s, reply_row, 4), twice);
        assert_eq!(cont(s, follow_row, 5), -twice);

        // Used: the quiet order sums the three tables, the reductions
        // read their mean.
        let ctx = s.ordering(2);
        assert_eq!(ctx.earlier, [Some(reply_row), Some(follow_row)]);
        assert_eq!(ctx.quiet_score(&s.pos, Mv(4)), 3 * twice);
        assert_eq!(ctx.quiet_score(&s.pos, Mv(6)), -3 * twice);
        assert_eq!(ctx.reduction_history(&s.pos, Mv(4)), twice);
        assert_eq!(picked(s, 2, &[1, 2, 3, 4, 5, 6]), [4, 1, 2, 3, 5, 6]);

        // After another first move only the follow-up row applies.
        s.pos.unmake();
        s.pos.unmake();
        play(s, &[3, 2]);
        let ctx = s.ordering(2);
        assert_eq!(ctx.quiet_score(&s.pos, Mv(4)), 2 * twice);
        assert_eq!(ctx.reduction_history(&s.pos, Mv(4)), 2 * twice / 3);
    });
}

#[test]
fn quiescence_notes_its_moves_for_the_continuation_rows_below() {
    // Move 6 is the only noisy move and gives check; at ply 3 the checked
    // side's every move is searched, in the order of its history as the
    // reply to 6.
    let log = Arc::new(Mutex::new(Vec::new()));
    let setup = Setup {
        noisy_from: 6,
        check: 6,
        max_plies: 4,
        evals: vec![-50; 16],
        log: Some(log.clone()),
        ..Setup::default()
    };
    let params = params_with(|f| f.continuation_history = true);
    with_search(Toy::new(setup), params, |s| {
        play(s, &[1, 2]);
        // A stale row at ply 2, as an earlier sibling's move leaves it.
        s.note_move(2, Some(Mv(5)));
        let check_row = Toy::piece_to_of(Side::White, 6);
        s.w.continuation
            .update(check_row, Toy::piece_to_of(Side::Black, 3), 1000);
        log.lock().expect("log").clear();

        s.qsearch::<false>(-100, 100, 2);

        assert_eq!(s.w.stack[2].piece_to, Some(check_row));
        let lines = log.lock().expect("log").clone();
        assert_eq!(lines[0], [1, 2, 6], "the noisy move");
        let replies: Vec<u16> = lines
            .iter()
            .filter(|l| l.len() == 4)
            .map(|l| l[3])
            .collect();
        // The noisy evasion, then the quiet one with the best history as
        // a reply to 6, which fails high (a stale row would have put 1
        // there).
        assert_eq!(replies, [6, 3]);
    });
}

#[test]
fn capture_history_rewards_the_cutoff_capture_and_reorders_noisy_moves() {
    let setup = Setup {
        noisy_from: 4,
        ..Setup::default()
    };
    let params = params_with(|f| f.capture_history = true);
    with_search(Toy::new(setup), params, |s| {
        play(s, &[1]);
        let node = s.node(1, 3, -100, 100, Side::Black, None);
        let b = params.history_bonus(3);
        let entry = |m| Toy::piece_to_of(Side::Black, m);

        // Captures 6 then 5 tried, 5 failed high: 5 gains, 6 loses.
        s.w.stack[1].noisies = vec![Mv(6), Mv(5)];
        s.w.stack[1].quiets = Vec::new();
        s.reward_cutoff(&node, Some(Mv(5)));
        assert_eq!(s.w.captures.get(0, entry(5)), b);
        assert_eq!(s.w.captures.get(0, entry(6)), -b);
        assert_eq!(s.w.captures.get(0, entry(4)), 0, "not tried");
        assert_eq!(s.w.killers.get(1), [None, None], "no killer");

        // A quiet cutoff after capture 6: 6 loses again (gravity), the
        // quiet move gains plain history.
        s.w.stack[1].noisies = vec![Mv(6)];
        s.w.stack[1].quiets = vec![Mv(2)];
        s.reward_cutoff(&node, Some(Mv(2)));
        let twice = -b - b + b * b / params.history_max;
        assert_eq!(s.w.captures.get(0, entry(6)), twice);
        assert_eq!(s.w.history.get(Side::Black.index(), 2), b);

        // Used: order hint (10 per number) plus capture history / 8:
        // 4: 40, 5: 50 + 36 = 86, 6: 60 - 71 = -11.
        let divisor = params.capture_history_divisor;
        assert_eq!(divisor, 8);
        let ctx = s.ordering(1);
        assert_eq!(ctx.noisy_score(&s.pos, Mv(5), 50), 50 + b / divisor);
        assert_eq!(ctx.noisy_score(&s.pos, Mv(6), 60), 60 + twice / divisor);
        assert_eq!(picked(s, 1, &[2, 4, 5, 6]), [5, 4, 6, 2]);
    });
    // Off: the game's order alone, and nothing learnt.
    let setup = Setup {
        noisy_from: 4,
        ..Setup::default()
    };
    with_search(Toy::new(setup), params_with(|_| {}), |s| {
        play(s, &[1]);
        let node = s.node(1, 3, -100, 100, Side::Black, None);
        s.w.stack[1].noisies = vec![Mv(6), Mv(5)];
        s.reward_cutoff(&node, Some(Mv(5)));
        assert_eq!(picked(s, 1, &[2, 4, 5, 6]), [6, 5, 4, 2]);
    });
}

#[test]
fn improving_compares_with_two_plies_up_or_four_after_a_check() {
    let params = params_with(|f| f.improving = true);
    with_search(Toy::new(Setup::default()), params, |s| {
        for (ply, eval) in [(0, 10), (1, -5), (2, 30), (3, 0), (4, 20)] {
            s.w.stack[ply].static_eval = Some(eval);
        }
        let improving = |s: &Search<'_, Toy>, ply, eval| s.improving(&node_at(ply, 5, 0, 1, eval));
        // Two plies up: the root had 10, ply 2 had 30.
        assert!(improving(s, 2, 11));
        assert!(!improving(s, 2, 10), "equal is not improving");
        assert!(!improving(s, 4, 30));
        assert!(improving(s, 4, 31));
        // Two plies up was in check: four plies up decides.
        s.w.stack[2].static_eval = None;
        assert!(improving(s, 4, 11), "above the root's 10");
        assert!(!improving(s, 4, 9), "below the root's 10");
        // Nothing to compare with (the root and its children, a check
        // two plies up and no node four up): assumed improving, as
        // Stockfish does, so the first plies are not pruned harder.
        assert!(improving(s, 0, -1000));
        assert!(improving(s, 1, -1000));
        assert!(improving(s, 3, -1000) == (-1000 > -5), "ply 1 had -5");
        s.w.stack[1].static_eval = None;
        assert!(improving(s, 3, -1000), "ply 1 in check, no ply -1");
        // In check: never.
        let mut checked = node_at(2, 5, 0, 1, 1000);
        checked.in_check = true;
        assert!(!s.improving(&checked));
    });
    // Off: never.
    with_search(Toy::new(Setup::default()), params_with(|_| {}), |s| {
        s.w.stack[0].static_eval = Some(0);
        assert!(!s.improving(&node_at(2, 5, 0, 1, 100)));
        assert!(!s.improving(&node_at(0, 5, 0, 1, 100)));
    });
}

#[test]
fn improving_decides_the_futility_margin_the_late_moves_kept_and_reduced() {
    let params = params_with(|f| {
        f.improving = true;
        f.reverse_futility = true;
        f.late_move_pruning = true;
        f.lmr = true;
    });
    with_search(Toy::new(Setup::default()), params, |s| {
        let depth = 3;
        let beta = 0;
        // Reverse futility: margin rfp_margin * (depth - improving).
        let margin = |improving| params.rfp_margin * (depth - i32::from(improving));
        for improving in [false, true] {
            let mut node = node_at(3, depth, beta - 1, beta, beta + margin(improving));
            node.eval = node.static_eval;
            node.improving = improving;
            assert!(s.reverse_futility_prunes::<false>(&node));
            node.eval -= 1;
            assert!(!s.reverse_futility_prunes::<false>(&node));
        }
        // Late move pruning keeps lmp_base + depth², half when not
        // improving.
        let mut node = node_at(3, depth, beta - 1, beta, 0);
        node.improving = true;
        let all = (params.lmp_base + depth * depth) as usize;
        assert_eq!(s.late_move_keep(&node, 30), all);
        node.improving = false;
        assert_eq!(s.late_move_keep(&node, 30), all / 2);
        // Late move reductions: one ply more when not improving.
        let tried = Tried {
            mv: Mv(3),
            count: 10,
            noisy: false,
            losing: false,
            gives_check: false,
            history: 0,
            tt_noisy: false,
        };
        let mut node = node_at(3, 6, beta - 1, beta, 0);
        let table = s.w.lmr_reduction(6, 10);
        assert_eq!(table, 2);
        node.improving = true;
        assert_eq!(s.late_move_reduction::<false>(&node, &tried, 5), table);
        node.improving = false;
        assert_eq!(s.late_move_reduction::<false>(&node, &tried, 5), table + 1);
    });
}

#[test]
fn correction_history_moves_towards_the_error_by_its_depth_weight() {
    let setup = Setup {
        evals: vec![100; 16],
        ..Setup::default()
    };
    let params = params_with(|f| f.correction_history = true);
    let grain = params.correction_grain;
    assert_eq!((grain, params.correction_weight_scale), (256, 256));
    with_search(Toy::new(setup), params, |s| {
        play(s, &[1]);
        let key = s.pos.correction_key() as usize % super::super::CORRECTION_ENTRIES;
        let us = Side::Black.index();

        // An exact 180 at depth 5 against a static 100: weight
        // min(5 + 1, 16) / 256 of the way to 80 (in 256ths).
        let node = s.node(1, 5, 0, 200, Side::Black, None);
        assert_eq!(node.static_eval, 100);
        s.learn_correction(&node, 180, Some(Mv(2)));
        assert_eq!(s.w.correction.get(us, key), 80 * 256 * 6 / 256);
        assert_eq!(s.w.correction.get(us, key), 480);
        assert_eq!(s.corrected(100), 101, "100 + 480 / 256");
        assert_eq!(s.w.correction.get(1 - us, key), 0, "the other side's");

        // Used: the node's static evaluation is corrected, the stored
        // one stays the game's.
        let node = s.node(1, 5, 0, 200, Side::Black, None);
        assert_eq!(
            (node.static_eval, node.raw_eval, node.eval),
            (101, 100, 101)
        );
        assert_eq!(s.w.stack[1].static_eval, Some(101));

        // Again: the error is now 79 against the corrected 101.
        s.learn_correction(&node, 180, Some(Mv(2)));
        let again = (480 * (256 - 6) + 79 * 256 * 6) / 256;
        assert_eq!(again, 942);
        assert_eq!(s.w.correction.get(us, key), again);
        assert_eq!(s.corrected(100), 103);

        // Deep and far off: the weight stops at 16, the value at
        // ±correction_max (32 evaluation units).
        let deep = s.node(1, 40, 0, 20_000, Side::Black, None);
        for _ in 0..200 {
            s.learn_correction(&deep, 10_000, None);
        }
        assert_eq!(s.w.correction.get(us, key), params.correction_max);
        assert_eq!(s.corrected(100), 100 + params.correction_max / grain);
        assert_eq!(s.corrected(100), 132);
    });
}

#[test]
fn correction_history_learns_only_from_results_that_bound_the_error() {
    let setup = Setup {
        evals: vec![100; 16],
        noisy_from: 5,
        ..Setup::default()
    };
    let params = params_with(|f| f.correction_history = true);
    with_search(Toy::new(setup), params, |s| {
        play(s, &[1]);
        let key = s.pos.correction_key() as usize % super::super::CORRECTION_ENTRIES;
        let value = |s: &Search<'_, Toy>| s.w.correction.get(Side::Black.index(), key);
        // A fail high at or below the static evaluation, a fail low at or
        // above it: the bound says nothing of the error's size.
        let high = s.node(1, 5, 40, 50, Side::Black, None);
        s.learn_correction(&high, 60, Some(Mv(2)));
        let low = s.node(1, 5, 150, 200, Side::Black, None);
        s.learn_correction(&low, 120, None);
        // A noisy best move, a mate, a node in check.
        let exact = s.node(1, 5, 0, 300, Side::Black, None);
        s.learn_correction(&exact, 180, Some(Mv(5)));
        s.learn_correction(&exact, mate_in(7), Some(Mv(2)));
        let mut checked = exact;
        checked.in_check = true;
        s.learn_correction(&checked, 180, Some(Mv(2)));
        assert_eq!(value(s), 0);
        // A fail high above it and a fail low below it do.
        s.learn_correction(&high, 110, Some(Mv(2)));
        assert_eq!(value(s), 10 * 256 * 6 / 256);
        let before = value(s);
        s.learn_correction(&low, 90, None);
        assert!(value(s) < before);
    });
}

/// A node at ply 1 of depth 3 whose table entry holds move 2 with a lower
/// bound of `tt_score` at depth 3; the other moves (1, 3, 4) score
/// `others` for the side at ply 1 at depth 1. Returns the test's verdict
/// for a zero window at `beta`.
fn singular_verdict(tt_score: Score, others: Score, beta: Score, pv: bool) -> Singular {
    singular_verdict_doubling(tt_score, others, beta, pv, None)
}

/// `singular_verdict`, with `DoubleExtension` on when `doubles_above`
/// gives the double extensions on the line above the node.
fn singular_verdict_doubling(
    tt_score: Score,
    others: Score,
    beta: Score,
    pv: bool,
    doubles_above: Option<u8>,
) -> Singular {
    let mut evals = vec![0; 16];
    for m in [1, 3, 4] {
        evals[m] = -others;
    }
    evals[2] = -tt_score;
    let setup = Setup {
        moves: 4,
        evals,
        ..Setup::default()
    };
    let mut params = params_with(|f| {
        f.singular_extension = true;
        f.double_extension = doubles_above.is_some();
    });
    params.se_min_depth = 3;
    with_search(Toy::new(setup), params, |s| {
        play(s, &[1]);
        s.w.stack[1].double_extensions = doubles_above.unwrap_or(0);
        s.tt.store(s.pos.hash(), 2, tt_score, 0, 3, Bound::Lower);
        let hit = s.tt.probe(s.pos.hash());
        let alpha = if pv { beta - 10 } else { beta - 1 };
        let node = s.node(1, 3, alpha, beta, Side::Black, hit);
        let verdict = if pv {
            s.singular_test::<true>(&node, hit)
        } else {
            s.singular_test::<false>(&node, hit)
        };
        assert_eq!(s.w.stack[1].excluded, None, "the test leaves no move out");
        verdict
    })
}

#[test]
fn singular_test_extends_cuts_or_reduces_the_table_move() {
    // The bar: tt_score - se_margin_per_depth * depth = 100 - 2 * 3 = 94.
    // No other move reaches it: singular, one ply more.
    assert_eq!(singular_verdict(100, 93, 50, false), Singular::Extend(2, 1));
    // Another reaches it, and the bar is at or above beta: multi-cut.
    assert_eq!(singular_verdict(100, 94, 94, false), Singular::MultiCut(94));
    // Another reaches it, the bar is below beta, the stored score is at or
    // above it: the table move is searched a ply shallower (Stockfish's
    // negative extension), not at a PV node.
    assert_eq!(singular_verdict(100, 94, 100, false), Singular::Reduce(2));
    assert_eq!(singular_verdict(100, 94, 100, true), Singular::No);
    // The stored score below beta: nothing.
    assert_eq!(singular_verdict(100, 94, 101, false), Singular::No);
}

#[test]
fn a_singular_move_far_below_the_bar_is_extended_twice() {
    // The bar is 94 and se_double_margin 16: below 78 doubles.
    assert_eq!(SearchParams::default().se_double_margin, 16);
    let max = SearchParams::default().se_double_max as u8;
    let verdict = |others, pv, above| singular_verdict_doubling(100, others, 50, pv, above);
    assert_eq!(verdict(78, false, Some(0)), Singular::Extend(2, 1));
    assert_eq!(verdict(77, false, Some(0)), Singular::Extend(2, 2));
    // Not at a PV node, not past the line's limit, not with the switch off.
    assert_eq!(verdict(77, true, Some(0)), Singular::Extend(2, 1));
    assert_eq!(verdict(77, false, Some(max - 1)), Singular::Extend(2, 2));
    assert_eq!(verdict(77, false, Some(max)), Singular::Extend(2, 1));
    assert_eq!(verdict(77, false, None), Singular::Extend(2, 1));
}

#[test]
fn a_line_carries_its_double_extensions_down() {
    let params = params_with(|f| f.double_extension = true);
    with_search(Toy::new(Setup::default()), params, |s| {
        s.w.stack[3].double_extensions = 2;
        s.w.stack[4].double_extensions = 7;
        s.note_move(3, None);
        assert_eq!(s.w.stack[4].double_extensions, 2);
    });
}

#[test]
fn the_singular_verdict_sets_the_table_moves_extension() {
    let params = params_with(|f| {
        f.singular_extension = true;
        f.check_extension = true;
    });
    with_search(Toy::new(Setup::default()), params, |s| {
        let node = node_at(1, 8, 0, 1, 0);
        let reduce = -params.se_negative_extension;
        assert_eq!(reduce, -1);
        // (verdict, gives check) -> extension of move 2, of move 3.
        let cases = [
            (Singular::Extend(2, 1), false, 1, 0),
            (Singular::Extend(2, 1), true, 1, 1),
            (Singular::Extend(2, 2), true, 2, 1),
            (Singular::Reduce(2), false, reduce, 0),
            (Singular::Reduce(2), true, reduce, 1),
            (Singular::No, true, 1, 1),
            (Singular::No, false, 0, 0),
        ];
        for (verdict, check, tt_move, other) in cases {
            let ext = |m| s.extension(&node, check, m, verdict);
            assert_eq!((ext(2), ext(3)), (tt_move, other), "{verdict:?} {check}");
        }
    });
}
