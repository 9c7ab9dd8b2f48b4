//! The search constants (depths in plies, margins in evaluation units),
//! each declared once below: its type and generic default, and for those a
//! tester may set, its UCI spin name and range, and for those SPSA tunes,
//! its tuning range and step. A game starts from its own defaults
//! (`Searchable::search_params`).

use super::tunable::{ParamSpin, SpsaRange};
use super::Features;

macro_rules! constants {
    ($(
        $(#[doc = $doc:literal])*
        $field:ident: $ty:ty = $default:expr
        $(, uci $uci:literal $min:literal..=$max:literal
            $(, spsa $smin:literal..=$smax:literal step $step:literal)?)?;
    )*) => {
        /// Named search constants and the feature switches.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            pub features: Features,
            $( $(#[doc = $doc])* pub $field: $ty, )*
        }

        impl Default for SearchParams {
            fn default() -> Self {
                SearchParams {
                    features: Features::PLAYING,
                    $( $field: $default, )*
                }
            }
        }

        impl SearchParams {
            /// The constants that are UCI spin options, in declaration order.
            pub const UCI_SPINS: &'static [ParamSpin] = &[$($(
                ParamSpin::new(
                    $uci,
                    |p| &mut p.$field,
                    ($min, $max),
                    constants!(@spsa $($smin, $smax, $step)?),
                ),
            )?)*];
        }
    };
    (@spsa) => { None };
    (@spsa $min:literal, $max:literal, $step:literal) => {
        Some(SpsaRange { min: $min, max: $max, c_end: $step as f64 })
    };
}

constants! {
    /// First iteration that uses an aspiration window.
    aspiration_min_depth: i32 = 4;
    /// Half-width of the first aspiration window.
    aspiration_delta: i32 = 30, uci "AspirationDelta" 1..=1000, spsa 10..=80 step 4;

    /// Minimum depth for a null move search.
    nmp_min_depth: i32 = 3;
    /// Null move reduction `R = base + depth / divisor`.
    nmp_base_reduction: i32 = 3, uci "NMPBaseReduction" 0..=10, spsa 1..=6 step 0.6;
    nmp_depth_divisor: i32 = 4, uci "NMPDepthDivisor" 1..=32, spsa 2..=8 step 0.6;
    /// With NMP eval reduction: one more ply per this much of the static
    /// evaluation above beta, at most `nmp_eval_max` plies.
    nmp_eval_divisor: i32 = 200, uci "NMPEvalDivisor" 1..=2000;
    nmp_eval_max: i32 = 3, uci "NMPEvalMax" 0..=10;

    /// Reverse futility pruning applies at depth <= this.
    rfp_max_depth: i32 = 6, uci "RFPMaxDepth" 0..=32, spsa 3..=12 step 1;
    rfp_margin: i32 = 90, uci "RFPMargin" 0..=1000, spsa 30..=250 step 10;

    /// Razoring applies at depth <= this, when the evaluation is more than
    /// `razor_base + razor_depth_squared * depth²` below alpha.
    razor_max_depth: i32 = 3, uci "RazorMaxDepth" 0..=16;
    razor_base: i32 = 250, uci "RazorBase" 0..=2000;
    razor_depth_squared: i32 = 150, uci "RazorDepthSquared" 0..=2000;

    /// Futility pruning applies at depth <= this.
    futility_max_depth: i32 = 5, uci "FutilityMaxDepth" 0..=32, spsa 2..=10 step 1;
    futility_base: i32 = 80, uci "FutilityBase" 0..=1000, spsa 0..=300 step 12;
    futility_per_depth: i32 = 100, uci "FutilityPerDepth" 0..=1000, spsa 30..=300 step 12;

    /// Late move pruning applies at depth <= this; it keeps
    /// `lmp_base + depth * depth` quiet moves, or `lmp_move_percent`
    /// percent of the legal moves per ply of depth if that is more.
    lmp_max_depth: i32 = 4, uci "LMPMaxDepth" 0..=16, spsa 1..=10 step 1;
    lmp_base: i32 = 4, uci "LMPBase" 0..=100, spsa 1..=12 step 1;
    lmp_move_percent: i32 = 0, uci "LMPMovePercent" 0..=100;

    /// LMR applies at depth >= this, from move number `lmr_min_moves + 1`.
    lmr_min_depth: i32 = 3;
    lmr_min_moves: usize = 2;
    /// Reduction = (lmr_base + ln d * ln m / lmr_divisor), both in hundredths.
    lmr_base_centi: i32 = 75, uci "LMRBase" 0..=500, spsa 0..=200 step 10;
    lmr_divisor_centi: i32 = 225, uci "LMRDivisor" 50..=2000, spsa 120..=400 step 15;
    /// With cut-node LMR: the extra reduction of a late move at a node
    /// expected to fail high.
    lmr_cut_node: i32 = 1, uci "LMRCutNode" 0..=8;

    /// Captures with SEE below this are skipped in quiescence.
    qs_see_threshold: i32 = 0;
    /// Noisy moves a quiescence node not in check searches at most (those
    /// skipped by SEE not counted). 16: above the most chess ever tries
    /// (12 leaves the chess bench unchanged, 8 does not).
    qs_max_moves: usize = 16;
    /// Nodes the quiescence below one horizon node may visit before it
    /// only stands pat, in deep iterations. 1024: the largest such trees of
    /// the chess bench stay below it (300 changes the chess bench).
    qs_node_budget_max: u64 = 1024;
    /// The budget at depth 1; it doubles with each iteration up to
    /// `qs_node_budget_max`. 128: at depth 1 every root move has its own
    /// quiescence, so a position with 400 moves stays near 50,000 nodes
    /// (64 changes the chess bench).
    qs_node_budget_depth_1: u64 = 128;
    /// Quiescence nodes an iteration allows per horizon node, on average:
    /// a horizon node's quiescence keeps its budget only while the
    /// iteration's quiescence stays within `qs_iteration_budget`, so
    /// quiescence grows with the main search and not with the budget
    /// (issue 41). Off (no limit) by default: chess's quiescence is
    /// bounded by its captures running out, and with the search's
    /// pruning off the credit cut chess's quiescence short (the
    /// differential test against plain alpha-beta). Leiserchess sets 4:
    /// its bench uses about 1.5 and stays unchanged (3 changes it).
    qs_nodes_per_horizon: u64 = u64::MAX;

    /// Internal iterative reduction applies at depth >= this.
    iir_min_depth: i32 = 4, uci "IIRMinDepth" 1..=32, spsa 2..=8 step 0.6;

    /// Correction history: a value is `correction_grain` times the
    /// correction it stands for, within ±correction_max (±32 evaluation
    /// units). A search's error moves it `min(depth + 1,
    /// correction_weight_max) / correction_weight_scale` of the way to
    /// the error: a moving average weighted by depth. Stormphrax's
    /// constants (grain 256, at most 32, weight min(depth + 1, 16) / 256);
    /// no match has tuned them here.
    correction_max: i32 = 8192;
    correction_grain: i32 = 256;
    correction_weight_max: i32 = 16;
    correction_weight_scale: i32 = 256;

    /// Singular extensions apply at depth >= `se_min_depth` when the
    /// table's lower bound is at most `se_tt_depth_margin` plies shallower;
    /// the bar is `se_margin_per_depth * depth` below the stored score.
    se_min_depth: i32 = 8, uci "SEMinDepth" 1..=32;
    se_tt_depth_margin: i32 = 3;
    se_margin_per_depth: i32 = 2, uci "SEMarginPerDepth" 0..=100;
    /// Plies the table's move loses at a non-PV node when another move
    /// reaches the bar, the bar is below beta and the stored score is at
    /// or above beta (the negative extension; Stockfish 15 takes 2,
    /// engines after it 1 to 3). No match has tuned it here.
    se_negative_extension: i32 = 1;
    /// With `DoubleExtension`, a singular table move is extended two
    /// plies when the test's score is more than `se_double_margin` below
    /// the bar, at a non-PV node with fewer than `se_double_max` double
    /// extensions above it (Stockfish 15: 25 internal units, about 12
    /// centipawns, and 10).
    se_double_margin: i32 = 16, uci "SEDoubleMargin" 0..=200;
    se_double_max: i32 = 8, uci "SEDoubleMax" 0..=64;

    /// SEE pruning applies at depth <= `see_max_depth`; a noisy move is
    /// skipped when its exchange loses more than `see_noisy_margin *
    /// depth`, a quiet one more than `see_quiet_margin * depth`.
    see_max_depth: i32 = 6, uci "SEEMaxDepth" 0..=32;
    see_noisy_margin: i32 = 100, uci "SEENoisyMargin" 0..=1000;
    see_quiet_margin: i32 = 50, uci "SEEQuietMargin" 0..=1000;
    /// History pruning skips a quiet move at depth
    /// `history_pruning_max_depth` or less when its history is below
    /// `-history_pruning_margin * depth`.
    history_pruning_max_depth: i32 = 3, uci "HistoryPruningMaxDepth" 0..=16;
    history_pruning_margin: i32 = 2000, uci "HistoryPruningMargin" 0..=16_384;

    /// ProbCut applies at depth >= `probcut_min_depth`, with a bar
    /// `probcut_margin` above beta and a search `probcut_reduction` plies
    /// shallower than the node's child.
    probcut_min_depth: i32 = 5, uci "ProbCutMinDepth" 2..=32;
    probcut_margin: i32 = 200, uci "ProbCutMargin" 0..=2000;
    probcut_reduction: i32 = 3;

    /// Moves assumed left in a game without `movestogo`: the clock's
    /// share per move before the scaling below (and increment).
    tm_moves_to_go: i32 = 30, uci "TMMovesToGo" 1..=50;
    /// Best-move stability: the soft limit in percent right after the
    /// best move changed, less `tm_stable_step_percent` per iteration it
    /// stayed (at most four), plus `tm_score_drop_percent` when the score
    /// fell by `tm_score_drop_margin` or more.
    tm_unstable_percent: i32 = 110, uci "TMUnstablePercent" 10..=400;
    tm_stable_step_percent: i32 = 15, uci "TMStableStepPercent" 0..=50;
    tm_score_drop_percent: i32 = 30;
    tm_score_drop_margin: i32 = 25;
    /// Node-based time management: the soft limit in percent is
    /// `(tm_node_base_percent - share) * tm_node_scale_percent / 100`,
    /// where `share` is the percentage of the nodes spent on the best move.
    tm_node_base_percent: i32 = 150, uci "TMNodeBase" 100..=300;
    tm_node_scale_percent: i32 = 135, uci "TMNodeScale" 10..=400;

    /// History scores stay within ±history_max.
    history_max: i32 = 16_384;
    /// With capture history, a noisy move's order hint gains its capture
    /// history divided by this.
    capture_history_divisor: i32 = 8, uci "CaptureHistoryDivisor" 1..=1000;
    /// Bonus for a quiet move causing a cutoff: min(scale * d * d, max).
    history_bonus_scale: i32 = 32, uci "HistoryBonusScale" 1..=1000, spsa 8..=128 step 4;
    history_bonus_max: i32 = 1_600, uci "HistoryBonusMax" 1..=16_384;
}

impl SearchParams {
    /// Defaults with all pruning, reductions and extensions off, and no
    /// limit on quiescence.
    pub fn exact() -> Self {
        SearchParams {
            features: Features::EXACT,
            qs_max_moves: usize::MAX,
            qs_node_budget_max: u64::MAX,
            qs_node_budget_depth_1: u64::MAX,
            qs_nodes_per_horizon: u64::MAX,
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

    /// The quiescence nodes an iteration of `depth` may have used once
    /// `horizons` horizon nodes have started theirs: one horizon node's
    /// budget plus `qs_nodes_per_horizon` for each of them.
    #[inline]
    pub fn qs_iteration_budget(&self, depth: i32, horizons: u64) -> u64 {
        let earned = self.qs_nodes_per_horizon.saturating_mul(horizons);
        self.qs_node_budget(depth).saturating_add(earned)
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
    use super::*;

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
    fn qs_iteration_budget_grows_with_the_horizon_nodes() {
        let p = SearchParams {
            qs_nodes_per_horizon: 4,
            ..SearchParams::default()
        };
        assert_eq!(p.qs_iteration_budget(3, 0), p.qs_node_budget(3));
        let per_node = p.qs_iteration_budget(3, 11) - p.qs_iteration_budget(3, 10);
        assert_eq!(per_node, p.qs_nodes_per_horizon);
        let exact = SearchParams::exact();
        assert_eq!(exact.qs_iteration_budget(5, 1_000_000), u64::MAX);
        // Off by default (chess).
        let default = SearchParams::default();
        assert_eq!(default.qs_iteration_budget(5, 1), u64::MAX);
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

    #[test]
    fn the_tunables_file_lists_each_constant_with_a_range() {
        let file = SearchParams::spsa_file(&SearchParams::default());
        assert!(
            file.contains(
                "RFPMargin, 90, 30, 250, 10, 0.02
"
            ),
            "{file}"
        );
        assert!(
            file.contains(
                "NMPBaseReduction, 3, 1, 6, 0.6, 0.02
"
            ),
            "{file}"
        );
        assert!(!file.contains("RazorBase"), "no range, not tuned: {file}");
        for spin in SearchParams::UCI_SPINS {
            if let Some(range) = spin.spsa {
                assert!(
                    spin.min <= range.min && range.max <= spin.max,
                    "{}",
                    spin.name
                );
            }
        }
    }
}
