//! Every search constant in one place, with a switch for each pruning and
//! reduction so that tests (and users, over UCI) can turn them off.
//!
//! # Glossary
//!
//! - **Aspiration window**: from [`SearchParams::aspiration_min_depth`] on,
//!   each iteration first searches a narrow window of
//!   ±[`SearchParams::aspiration_delta`] around the previous score and widens
//!   it (doubling) on a fail high or low.
//! - **Null move pruning (NMP)**: pass the turn and search `depth - 1 - R`
//!   with a zero window at beta; if even that fails high, the node almost
//!   certainly does too. `R = nmp_base_reduction + depth / nmp_depth_divisor`.
//!   With **NMP eval reduction** on, `R` grows by one per
//!   `nmp_eval_divisor` of the static evaluation above beta, by at most
//!   `nmp_eval_max`: far above beta a shallower check suffices.
//! - **Reverse futility pruning (RFP)**: near the leaves, if the static
//!   evaluation beats beta by `rfp_margin * depth`, return it.
//! - **Razoring**: near the leaves (depth <= `razor_max_depth`), at a
//!   zero-window node whose static evaluation is more than `razor_base +
//!   razor_depth_squared * depth²` below alpha, a quiescence search
//!   decides: if it stays at or below alpha, so does the node.
//! - **Futility pruning**: near the leaves, skip quiet moves when the static
//!   evaluation plus `futility_base + futility_per_depth * depth` cannot
//!   reach alpha.
//! - **Late move pruning (LMP)**: near the leaves, skip quiet moves after the
//!   first `lmp_base + depth * depth` moves.
//! - **Late move reductions (LMR)**: quiet moves late in the ordering are
//!   searched at reduced depth (a table of `ln(depth) * ln(move number)`);
//!   a fail high is re-searched at full depth.
//! - **Check extension**: a move that gives check is searched one ply deeper.
//! - **SEE pruning in quiescence**: captures that lose material by static
//!   exchange evaluation are skipped in quiescence.
//! - **Quiescence limits**: a quiescence node searches at most
//!   [`SearchParams::qs_max_moves`] noisy moves, and all the quiescence
//!   below one horizon node shares a budget of nodes
//!   ([`SearchParams::qs_node_budget`]) after which it only stands pat.
//!   Chess captures run out long before either limit; in Leiserchess both
//!   sides nearly always have a zap, and with many pawns the chains of zaps
//!   made a depth-1 search take minutes.
//! - **Mate distance pruning**: a node cannot do better than mating right
//!   now, nor worse than being mated right now; cut the window to that.
//! - **TT cutoffs**: return a stored score when the stored depth and bound
//!   suffice (the table is still used for move ordering when this is off).
//! - **Improving**: a node whose static evaluation is above that of the
//!   same side's node two plies up. When it is not, reverse futility
//!   pruning takes a smaller margin, late move pruning keeps half as many
//!   quiet moves and late move reductions reduce one ply more.
//! - **Internal iterative reduction (IIR)**: a node from
//!   [`SearchParams::iir_min_depth`] on without a table move is searched
//!   one ply shallower: its move order is poor, and it fills the table
//!   for a later, deeper visit.
//! - **Continuation history**: the history of a quiet move as the reply
//!   to the move one ply and two plies earlier (indexed by the moving
//!   piece and its destination), added to its plain history for move
//!   ordering and late move reductions.
//! - **Correction history**: per side and structure key (chess: the
//!   pawns), how far searches have found the static evaluation off; the
//!   static evaluation of the main search is corrected by it
//!   (`value / correction_divisor`).
//! - **Singular extensions** with multi-cut: when the table's move has a
//!   deep enough lower bound, the node is searched at half depth without
//!   it, against a bar `se_margin_per_depth * depth` below the stored
//!   score. If no other move reaches the bar, the table's move is
//!   singular and searched one ply deeper; if the bar is at or above
//!   beta and another move reaches it, several moves fail high and the
//!   node returns the bar.
//! - **SEE pruning** in the main search: near the leaves
//!   (depth <= [`SearchParams::see_max_depth`]), outside check, once a
//!   move has been searched, a move whose static exchange loses more
//!   than `see_noisy_margin * depth` (a capture or promotion) or
//!   `see_quiet_margin * depth` (a quiet move, which puts a piece where
//!   it can be taken) is skipped, unless it gives check.
//! - **ProbCut**: at a non-PV node from [`SearchParams::probcut_min_depth`]
//!   on, a noisy move whose exchange alone could reach a bar
//!   `probcut_margin` above beta is searched `probcut_reduction` plies
//!   shallower against that bar (after a quiescence search confirms it);
//!   if it beats the bar, the full search would almost surely fail high
//!   too, and the node returns.
//! - **Cut-node LMR**: a node searched with a zero window as a late
//!   move's reduced search, or as the first child of an expected all-node,
//!   is expected to fail high (a *cut node*; its first child an all node,
//!   and so on). Its late moves are reduced `lmr_cut_node` plies more:
//!   one move will refute it, and the others are not worth the depth.
//! - **Table-adjusted evaluation** (`TTEval`): a node's evaluation for
//!   pruning (reverse futility, null move, futility, ProbCut, and
//!   quiescence's stand pat) is the stored score instead of the static
//!   evaluation when the stored bound says the true score lies on that
//!   side of it (a lower bound above, an upper bound below, or exact): a
//!   searched result is a better estimate than a static one. The improving
//!   flag and correction history keep the static evaluation.
//! - **Best-move stability** (time management): the soft time limit,
//!   checked after each iteration, is scaled by how long the best move
//!   has stayed the same: `tm_unstable_percent` of it right after a
//!   change, `tm_stable_step_percent` less per stable iteration (at most
//!   four), and `tm_score_drop_percent` more after an iteration whose
//!   score fell by `tm_score_drop_margin` or more. Time saved on easy
//!   moves is spent on hard ones; the hard limit is unchanged.
//! - **Node-based time management** (`NodeTime`): the soft limit,
//!   checked after each iteration, is also scaled by the share of the
//!   search's nodes spent on the best root move: `(tm_node_base_percent -
//!   share) * tm_node_scale_percent / 100` percent. A best move that took
//!   nearly all the effort is clear (the others were refuted quickly); one
//!   that took little is in doubt, and more time is worth it.
//! - **Counter move** (`CounterMove`): the quiet move that last refuted
//!   a move (by its piece and destination) is tried after the killers
//!   when that move is played again: a refutation often answers the move
//!   itself, wherever it is played.
//! - **History pruning** (`HistoryPruning`): at depth
//!   `history_pruning_max_depth` or less, a quiet move whose history (the
//!   mean LMR uses) is below `-history_pruning_margin * depth` is skipped
//!   once a move has been searched: it has failed low often enough.
//! - **Reduced-depth pruning** (`LMRDepthPruning`): futility and SEE
//!   pruning of a quiet move judge it by the depth its late move
//!   reduction would leave (`depth - 1 - reduction`, at least 0) instead
//!   of the node's depth: a move the search would reduce to a shallow
//!   search is pruned as a shallow one.
//! - **Losing noisy moves reduced** (`BadNoisyLMR`): a late capture or
//!   promotion whose exchange loses material gets the late move
//!   reduction of a quiet move (other noisy moves are never reduced).
//! - **Noisy table move LMR** (`TTNoisyLMR`): when the table's move is
//!   a capture or promotion, late quiet moves are reduced one ply more:
//!   the node's best line is most likely that noisy move, and a quiet
//!   alternative rarely beats it.
//! - **History gravity**: history scores are updated by
//!   `h += bonus - h * |bonus| / history_max`, which keeps them within
//!   `±history_max` and lets old information fade.

/// Switches for everything that makes the search differ from plain
/// alpha-beta with quiescence. With all of them off, the score of a fixed
/// depth search equals the negamax score of the same depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    pub aspiration: bool,
    pub null_move: bool,
    pub reverse_futility: bool,
    pub futility: bool,
    pub late_move_pruning: bool,
    pub lmr: bool,
    pub check_extension: bool,
    pub qs_see_pruning: bool,
    pub mate_distance_pruning: bool,
    pub tt_cutoffs: bool,
    pub improving: bool,
    pub iir: bool,
    pub continuation_history: bool,
    pub correction_history: bool,
    pub best_move_stability: bool,
    pub singular_extension: bool,
    pub see_pruning: bool,
    pub nmp_eval_reduction: bool,
    pub capture_history: bool,
    pub probcut: bool,
    pub cut_node_lmr: bool,
    pub tt_eval: bool,
    pub node_time: bool,
    pub razoring: bool,
    pub counter_move: bool,
    pub history_pruning: bool,
    pub lmr_depth_pruning: bool,
    pub bad_noisy_lmr: bool,
    pub tt_noisy_lmr: bool,
}

impl Features {
    /// The playing configuration: everything on that has shown a gain in
    /// a match (the features still being measured are off).
    pub const PLAYING: Features = Features {
        aspiration: true,
        null_move: true,
        reverse_futility: true,
        futility: true,
        late_move_pruning: true,
        lmr: true,
        check_extension: true,
        qs_see_pruning: true,
        mate_distance_pruning: true,
        tt_cutoffs: true,
        improving: false,
        iir: false,
        continuation_history: false,
        correction_history: false,
        best_move_stability: true,
        singular_extension: false,
        see_pruning: false,
        nmp_eval_reduction: false,
        capture_history: false,
        probcut: false,
        cut_node_lmr: false,
        tt_eval: false,
        node_time: false,
        razoring: false,
        counter_move: false,
        history_pruning: false,
        lmr_depth_pruning: false,
        bad_noisy_lmr: false,
        tt_noisy_lmr: false,
    };

    /// No pruning, reduction or extension: exact alpha-beta (PVS) with
    /// quiescence. Aspiration windows stay on: they change only the window,
    /// never the score. TT cutoffs are off because a stored result from a
    /// deeper search (a transposition, or the previous iteration reaching
    /// a quiescence node) would replace the shallower exact value.
    pub const EXACT: Features = Features {
        aspiration: true,
        null_move: false,
        reverse_futility: false,
        futility: false,
        late_move_pruning: false,
        lmr: false,
        check_extension: false,
        qs_see_pruning: false,
        mate_distance_pruning: false,
        tt_cutoffs: false,
        improving: false,
        iir: false,
        continuation_history: false,
        correction_history: false,
        best_move_stability: false,
        singular_extension: false,
        see_pruning: false,
        nmp_eval_reduction: false,
        capture_history: false,
        probcut: false,
        cut_node_lmr: false,
        tt_eval: false,
        node_time: false,
        razoring: false,
        counter_move: false,
        history_pruning: false,
        lmr_depth_pruning: false,
        bad_noisy_lmr: false,
        tt_noisy_lmr: false,
    };

    /// The UCI check options: name, getter and setter for each switch.
    pub const UCI_SWITCHES: &'static [FeatureSwitch] = &[
        FeatureSwitch::new("Aspiration", |f| &mut f.aspiration),
        FeatureSwitch::new("NullMove", |f| &mut f.null_move),
        FeatureSwitch::new("ReverseFutility", |f| &mut f.reverse_futility),
        FeatureSwitch::new("Futility", |f| &mut f.futility),
        FeatureSwitch::new("LateMovePruning", |f| &mut f.late_move_pruning),
        FeatureSwitch::new("LMR", |f| &mut f.lmr),
        FeatureSwitch::new("CheckExtension", |f| &mut f.check_extension),
        FeatureSwitch::new("QSearchSEEPruning", |f| &mut f.qs_see_pruning),
        FeatureSwitch::new("MateDistancePruning", |f| &mut f.mate_distance_pruning),
        FeatureSwitch::new("TTCutoffs", |f| &mut f.tt_cutoffs),
        FeatureSwitch::new("Improving", |f| &mut f.improving),
        FeatureSwitch::new("IIR", |f| &mut f.iir),
        FeatureSwitch::new("ContinuationHistory", |f| &mut f.continuation_history),
        FeatureSwitch::new("CorrectionHistory", |f| &mut f.correction_history),
        FeatureSwitch::new("BestMoveStability", |f| &mut f.best_move_stability),
        FeatureSwitch::new("SingularExtension", |f| &mut f.singular_extension),
        FeatureSwitch::new("SEEPruning", |f| &mut f.see_pruning),
        FeatureSwitch::new("NMPEvalReduction", |f| &mut f.nmp_eval_reduction),
        FeatureSwitch::new("CaptureHistory", |f| &mut f.capture_history),
        FeatureSwitch::new("ProbCut", |f| &mut f.probcut),
        FeatureSwitch::new("CutNodeLMR", |f| &mut f.cut_node_lmr),
        FeatureSwitch::new("TTEval", |f| &mut f.tt_eval),
        FeatureSwitch::new("NodeTime", |f| &mut f.node_time),
        FeatureSwitch::new("Razoring", |f| &mut f.razoring),
        FeatureSwitch::new("CounterMove", |f| &mut f.counter_move),
        FeatureSwitch::new("HistoryPruning", |f| &mut f.history_pruning),
        FeatureSwitch::new("LMRDepthPruning", |f| &mut f.lmr_depth_pruning),
        FeatureSwitch::new("BadNoisyLMR", |f| &mut f.bad_noisy_lmr),
        FeatureSwitch::new("TTNoisyLMR", |f| &mut f.tt_noisy_lmr),
    ];
}

impl Default for Features {
    fn default() -> Self {
        Features::PLAYING
    }
}

/// One named boolean of [`Features`], for the UCI option list.
pub struct FeatureSwitch {
    pub name: &'static str,
    field: fn(&mut Features) -> &mut bool,
}

impl FeatureSwitch {
    const fn new(name: &'static str, field: fn(&mut Features) -> &mut bool) -> Self {
        FeatureSwitch { name, field }
    }

    pub fn get(&self, features: &Features) -> bool {
        let mut copy = *features;
        *(self.field)(&mut copy)
    }

    pub fn set(&self, features: &mut Features, value: bool) {
        *(self.field)(features) = value;
    }
}

/// One named constant of [`SearchParams`] as a UCI spin option, so that
/// testers and tuners (`autotester tune`) can set it.
pub struct ParamSpin {
    pub name: &'static str,
    field: fn(&mut SearchParams) -> &mut i32,
    pub min: i32,
    pub max: i32,
}

impl ParamSpin {
    const fn new(
        name: &'static str,
        field: fn(&mut SearchParams) -> &mut i32,
        min: i32,
        max: i32,
    ) -> Self {
        ParamSpin {
            name,
            field,
            min,
            max,
        }
    }

    pub fn get(&self, params: &SearchParams) -> i32 {
        let mut copy = *params;
        *(self.field)(&mut copy)
    }

    pub fn set(&self, params: &mut SearchParams, value: i32) {
        *(self.field)(params) = value.clamp(self.min, self.max);
    }
}

/// Named search constants (depths in plies, margins in evaluation units).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchParams {
    pub features: Features,

    /// First iteration that uses an aspiration window.
    pub aspiration_min_depth: i32,
    /// Half-width of the first aspiration window.
    pub aspiration_delta: i32,

    /// Minimum depth for a null move search.
    pub nmp_min_depth: i32,
    /// Null move reduction `R = base + depth / divisor`.
    pub nmp_base_reduction: i32,
    pub nmp_depth_divisor: i32,
    /// With NMP eval reduction: one more ply per this much of the static
    /// evaluation above beta, at most `nmp_eval_max` plies.
    pub nmp_eval_divisor: i32,
    pub nmp_eval_max: i32,

    /// Reverse futility pruning applies at depth <= this.
    pub rfp_max_depth: i32,
    pub rfp_margin: i32,

    /// Razoring applies at depth <= this, when the evaluation is more than
    /// `razor_base + razor_depth_squared * depth²` below alpha.
    pub razor_max_depth: i32,
    pub razor_base: i32,
    pub razor_depth_squared: i32,

    /// Futility pruning applies at depth <= this.
    pub futility_max_depth: i32,
    pub futility_base: i32,
    pub futility_per_depth: i32,

    /// Late move pruning applies at depth <= this; it keeps
    /// `lmp_base + depth * depth` quiet moves, or `lmp_move_percent`
    /// percent of the legal moves per ply of depth if that is more.
    pub lmp_max_depth: i32,
    pub lmp_base: i32,
    pub lmp_move_percent: i32,

    /// LMR applies at depth >= this, from move number `lmr_min_moves + 1`.
    pub lmr_min_depth: i32,
    pub lmr_min_moves: usize,
    /// Reduction = (lmr_base + ln d * ln m / lmr_divisor), both in hundredths.
    pub lmr_base_centi: i32,
    pub lmr_divisor_centi: i32,
    /// With cut-node LMR: the extra reduction of a late move at a node
    /// expected to fail high.
    pub lmr_cut_node: i32,

    /// Captures with SEE below this are skipped in quiescence.
    pub qs_see_threshold: i32,
    /// Noisy moves a quiescence node not in check searches at most (those
    /// skipped by SEE not counted). 16: above the most chess ever tries
    /// (12 leaves the chess bench unchanged, 8 does not).
    pub qs_max_moves: usize,
    /// Nodes the quiescence below one horizon node may visit before it
    /// only stands pat, in deep iterations. 1024: the largest such trees of
    /// the chess bench stay below it (300 changes the chess bench).
    pub qs_node_budget_max: u64,
    /// The budget at depth 1; it doubles with each iteration up to
    /// `qs_node_budget_max`. 128: at depth 1 every root move has its own
    /// quiescence, so a position with 400 moves stays near 50,000 nodes
    /// (64 changes the chess bench).
    pub qs_node_budget_depth_1: u64,

    /// Internal iterative reduction applies at depth >= this.
    pub iir_min_depth: i32,

    /// Correction history values stay within ±correction_max; the
    /// evaluation is corrected by `value / correction_divisor`.
    pub correction_max: i32,
    pub correction_divisor: i32,

    /// Singular extensions apply at depth >= `se_min_depth` when the
    /// table's lower bound is at most `se_tt_depth_margin` plies shallower;
    /// the bar is `se_margin_per_depth * depth` below the stored score.
    pub se_min_depth: i32,
    pub se_tt_depth_margin: i32,
    pub se_margin_per_depth: i32,

    /// SEE pruning applies at depth <= `see_max_depth`; a noisy move is
    /// skipped when its exchange loses more than `see_noisy_margin *
    /// depth`, a quiet one more than `see_quiet_margin * depth`.
    pub see_max_depth: i32,
    pub see_noisy_margin: i32,
    pub see_quiet_margin: i32,
    /// History pruning skips a quiet move at depth
    /// `history_pruning_max_depth` or less when its history is below
    /// `-history_pruning_margin * depth`.
    pub history_pruning_max_depth: i32,
    pub history_pruning_margin: i32,

    /// ProbCut applies at depth >= `probcut_min_depth`, with a bar
    /// `probcut_margin` above beta and a search `probcut_reduction` plies
    /// shallower than the node's child.
    pub probcut_min_depth: i32,
    pub probcut_margin: i32,
    pub probcut_reduction: i32,

    /// Moves assumed left in a game without `movestogo`: the clock's
    /// share per move before the scaling below (and increment).
    pub tm_moves_to_go: i32,
    /// Best-move stability: the soft limit in percent right after the
    /// best move changed, less `tm_stable_step_percent` per iteration it
    /// stayed (at most four), plus `tm_score_drop_percent` when the score
    /// fell by `tm_score_drop_margin` or more.
    pub tm_unstable_percent: i32,
    pub tm_stable_step_percent: i32,
    pub tm_score_drop_percent: i32,
    pub tm_score_drop_margin: i32,
    /// Node-based time management: the soft limit in percent is
    /// `(tm_node_base_percent - share) * tm_node_scale_percent / 100`,
    /// where `share` is the percentage of the nodes spent on the best move.
    pub tm_node_base_percent: i32,
    pub tm_node_scale_percent: i32,

    /// History scores stay within ±history_max.
    pub history_max: i32,
    /// With capture history, a noisy move's order hint gains its capture
    /// history divided by this.
    pub capture_history_divisor: i32,
    /// Bonus for a quiet move causing a cutoff: min(scale * d * d, max).
    pub history_bonus_scale: i32,
    pub history_bonus_max: i32,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams {
            features: Features::PLAYING,
            aspiration_min_depth: 4,
            aspiration_delta: 30,
            nmp_min_depth: 3,
            nmp_base_reduction: 3,
            nmp_depth_divisor: 4,
            nmp_eval_divisor: 200,
            nmp_eval_max: 3,
            rfp_max_depth: 6,
            rfp_margin: 90,
            razor_max_depth: 3,
            razor_base: 250,
            razor_depth_squared: 150,
            futility_max_depth: 5,
            futility_base: 80,
            futility_per_depth: 100,
            lmp_max_depth: 4,
            lmp_base: 4,
            lmp_move_percent: 0,
            lmr_min_depth: 3,
            lmr_min_moves: 2,
            lmr_base_centi: 75,
            lmr_divisor_centi: 225,
            lmr_cut_node: 1,
            qs_see_threshold: 0,
            qs_max_moves: 16,
            qs_node_budget_max: 1024,
            qs_node_budget_depth_1: 128,
            iir_min_depth: 4,
            correction_max: 1024,
            correction_divisor: 8,
            se_min_depth: 8,
            se_tt_depth_margin: 3,
            se_margin_per_depth: 2,
            see_max_depth: 6,
            see_noisy_margin: 100,
            see_quiet_margin: 50,
            history_pruning_max_depth: 3,
            history_pruning_margin: 2000,
            probcut_min_depth: 5,
            probcut_margin: 200,
            probcut_reduction: 3,
            tm_moves_to_go: 30,
            tm_unstable_percent: 110,
            tm_stable_step_percent: 15,
            tm_score_drop_percent: 30,
            tm_score_drop_margin: 25,
            tm_node_base_percent: 150,
            tm_node_scale_percent: 135,
            history_max: 16_384,
            capture_history_divisor: 8,
            history_bonus_scale: 32,
            history_bonus_max: 1_600,
        }
    }
}

impl SearchParams {
    /// The constants that are UCI spin options (those of the pruning,
    /// extensions and time management that a tuner may move).
    pub const UCI_SPINS: &'static [ParamSpin] = &[
        ParamSpin::new("AspirationDelta", |p| &mut p.aspiration_delta, 1, 1000),
        ParamSpin::new("NMPBaseReduction", |p| &mut p.nmp_base_reduction, 0, 10),
        ParamSpin::new("NMPEvalDivisor", |p| &mut p.nmp_eval_divisor, 1, 2000),
        ParamSpin::new("NMPEvalMax", |p| &mut p.nmp_eval_max, 0, 10),
        ParamSpin::new("NMPDepthDivisor", |p| &mut p.nmp_depth_divisor, 1, 32),
        ParamSpin::new("RFPMaxDepth", |p| &mut p.rfp_max_depth, 0, 32),
        ParamSpin::new("RFPMargin", |p| &mut p.rfp_margin, 0, 1000),
        ParamSpin::new("RazorMaxDepth", |p| &mut p.razor_max_depth, 0, 16),
        ParamSpin::new("RazorBase", |p| &mut p.razor_base, 0, 2000),
        ParamSpin::new("RazorDepthSquared", |p| &mut p.razor_depth_squared, 0, 2000),
        ParamSpin::new("FutilityMaxDepth", |p| &mut p.futility_max_depth, 0, 32),
        ParamSpin::new("FutilityBase", |p| &mut p.futility_base, 0, 1000),
        ParamSpin::new("FutilityPerDepth", |p| &mut p.futility_per_depth, 0, 1000),
        ParamSpin::new("LMPMaxDepth", |p| &mut p.lmp_max_depth, 0, 16),
        ParamSpin::new("LMPBase", |p| &mut p.lmp_base, 0, 100),
        ParamSpin::new("LMPMovePercent", |p| &mut p.lmp_move_percent, 0, 100),
        ParamSpin::new("LMRBase", |p| &mut p.lmr_base_centi, 0, 500),
        ParamSpin::new("LMRDivisor", |p| &mut p.lmr_divisor_centi, 50, 2000),
        ParamSpin::new("LMRCutNode", |p| &mut p.lmr_cut_node, 0, 8),
        ParamSpin::new("HistoryBonusScale", |p| &mut p.history_bonus_scale, 1, 1000),
        ParamSpin::new("HistoryBonusMax", |p| &mut p.history_bonus_max, 1, 16_384),
        ParamSpin::new("IIRMinDepth", |p| &mut p.iir_min_depth, 1, 32),
        ParamSpin::new("SEMinDepth", |p| &mut p.se_min_depth, 1, 32),
        ParamSpin::new("SEMarginPerDepth", |p| &mut p.se_margin_per_depth, 0, 100),
        ParamSpin::new(
            "CaptureHistoryDivisor",
            |p| &mut p.capture_history_divisor,
            1,
            1000,
        ),
        ParamSpin::new("SEEMaxDepth", |p| &mut p.see_max_depth, 0, 32),
        ParamSpin::new("SEENoisyMargin", |p| &mut p.see_noisy_margin, 0, 1000),
        ParamSpin::new("SEEQuietMargin", |p| &mut p.see_quiet_margin, 0, 1000),
        ParamSpin::new(
            "HistoryPruningMaxDepth",
            |p| &mut p.history_pruning_max_depth,
            0,
            16,
        ),
        ParamSpin::new(
            "HistoryPruningMargin",
            |p| &mut p.history_pruning_margin,
            0,
            16_384,
        ),
        ParamSpin::new("ProbCutMinDepth", |p| &mut p.probcut_min_depth, 2, 32),
        ParamSpin::new("ProbCutMargin", |p| &mut p.probcut_margin, 0, 2000),
        ParamSpin::new("TMMovesToGo", |p| &mut p.tm_moves_to_go, 1, 50),
        ParamSpin::new("TMUnstablePercent", |p| &mut p.tm_unstable_percent, 10, 400),
        ParamSpin::new(
            "TMStableStepPercent",
            |p| &mut p.tm_stable_step_percent,
            0,
            50,
        ),
        ParamSpin::new("TMNodeBase", |p| &mut p.tm_node_base_percent, 100, 300),
        ParamSpin::new("TMNodeScale", |p| &mut p.tm_node_scale_percent, 10, 400),
    ];

    /// Defaults with all pruning, reductions and extensions off, and no
    /// limit on quiescence.
    pub fn exact() -> Self {
        SearchParams {
            features: Features::EXACT,
            qs_max_moves: usize::MAX,
            qs_node_budget_max: u64::MAX,
            qs_node_budget_depth_1: u64::MAX,
            ..SearchParams::default()
        }
    }

    /// The quiescence node budget of one horizon node in an iteration of
    /// `depth`: `qs_node_budget_depth_1` doubled per iteration after the
    /// first, at most `qs_node_budget_max`.
    #[inline]
    pub fn qs_node_budget(&self, depth: i32) -> u64 {
        let doublings = (depth.max(1) - 1) as u32;
        let depth_1 = self.qs_node_budget_depth_1;
        let budget = if doublings >= depth_1.leading_zeros() {
            u64::MAX
        } else {
            depth_1 << doublings
        };
        budget.min(self.qs_node_budget_max)
    }

    /// The share of the soft time limit, in percent, after `stable`
    /// iterations with the same best move, `dropped` when the last
    /// iteration's score fell by the margin (best-move stability).
    #[inline]
    pub fn soft_time_percent(&self, stable: u32, dropped: bool) -> u32 {
        let settled = self.tm_stable_step_percent * stable.min(4) as i32;
        let drop = if dropped {
            self.tm_score_drop_percent
        } else {
            0
        };
        (self.tm_unstable_percent - settled + drop).max(10) as u32
    }

    /// The soft limit in percent by node-based time management, when the
    /// best root move took `share_percent` of the root's nodes.
    #[inline]
    pub fn node_time_percent(&self, share_percent: u32) -> u32 {
        let left = (self.tm_node_base_percent - share_percent.min(100) as i32).max(0);
        (left * self.tm_node_scale_percent / 100).max(10) as u32
    }

    /// The history bonus (and malus) for a cutoff at `depth`.
    #[inline]
    pub fn history_bonus(&self, depth: i32) -> i32 {
        (self.history_bonus_scale * depth * depth).min(self.history_bonus_max)
    }
}

#[cfg(test)]
mod tests {
    use super::{Features, SearchParams};

    #[test]
    fn switches_cover_every_feature_and_toggle_it() {
        let mut f = Features::PLAYING;
        for switch in Features::UCI_SWITCHES {
            switch.set(&mut f, true);
            assert!(switch.get(&f), "{} did not switch on", switch.name);
            switch.set(&mut f, false);
            assert!(!switch.get(&f), "{} did not switch off", switch.name);
        }
        // Every field was reached by some switch.
        let all_off = Features {
            aspiration: false,
            tt_cutoffs: false,
            ..Features::EXACT
        };
        assert_eq!(f, all_off);
    }

    #[test]
    fn spins_reach_their_fields_and_clamp() {
        for spin in SearchParams::UCI_SPINS {
            let mut p = SearchParams::default();
            let start = spin.get(&p);
            assert!((spin.min..=spin.max).contains(&start), "{}", spin.name);
            spin.set(&mut p, spin.max);
            assert_eq!(spin.get(&p), spin.max, "{}", spin.name);
            assert_ne!(p, SearchParams::default(), "{} changed nothing", spin.name);
            spin.set(&mut p, i32::MIN);
            assert_eq!(spin.get(&p), spin.min, "{}", spin.name);
        }
    }

    #[test]
    fn exact_turns_off_all_pruning() {
        let p = SearchParams::exact();
        assert!(!p.features.null_move && !p.features.lmr && !p.features.futility);
        assert!(!p.features.reverse_futility && !p.features.check_extension);
        assert!(!p.features.late_move_pruning && !p.features.qs_see_pruning);
    }

    #[test]
    fn qs_node_budget_doubles_per_iteration_up_to_its_maximum() {
        let p = SearchParams::default();
        assert_eq!(p.qs_node_budget(1), p.qs_node_budget_depth_1);
        assert_eq!(p.qs_node_budget(2), 2 * p.qs_node_budget_depth_1);
        assert_eq!(p.qs_node_budget(0), p.qs_node_budget_depth_1);
        assert_eq!(p.qs_node_budget(100), p.qs_node_budget_max);
        assert_eq!(SearchParams::exact().qs_node_budget(1), u64::MAX);
        assert_eq!(SearchParams::exact().qs_node_budget(200), u64::MAX);
    }

    #[test]
    fn soft_time_shrinks_while_the_best_move_stays_and_grows_on_a_drop() {
        let p = SearchParams::default();
        let steady: Vec<u32> = (0..6).map(|n| p.soft_time_percent(n, false)).collect();
        assert!(steady.windows(2).all(|w| w[0] >= w[1]), "{steady:?}");
        assert_eq!(
            steady[4], steady[5],
            "stability counts four iterations at most"
        );
        assert!(steady[0] > 100 && steady[4] <= 50, "{steady:?}");
        assert!(p.soft_time_percent(4, true) > steady[4]);
    }

    #[test]
    fn node_time_grows_as_the_best_move_takes_a_smaller_share() {
        let p = SearchParams::default();
        let by_share: Vec<u32> = (0..=10).map(|s| p.node_time_percent(s * 10)).collect();
        assert!(by_share.windows(2).all(|w| w[0] > w[1]), "{by_share:?}");
        assert!(by_share[10] < 100 && by_share[5] > 100, "{by_share:?}");
        assert_eq!(
            p.node_time_percent(250),
            by_share[10],
            "a share is at most 100%"
        );
    }

    #[test]
    fn history_bonus_is_capped() {
        let p = SearchParams::default();
        assert_eq!(p.history_bonus(1), p.history_bonus_scale);
        assert_eq!(p.history_bonus(100), p.history_bonus_max);
    }
}
