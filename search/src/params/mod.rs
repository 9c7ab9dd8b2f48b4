//! Every search constant and switch, each declared once: its field, its
//! default, its UCI option and, for the constants a tuner moves, its SPSA
//! range and step (`features.rs`, `constants.rs`). The UCI option list, the
//! tuner's parameter files (the engines' `tunables` command) and the list
//! in `docs/search-options.md` are all made from those declarations.
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
//!   first `lmp_base + depth * depth` moves. With **noisy LMP** on, noisy
//!   moves too, after as many of them (for a game where nearly every move
//!   can be noisy).
//! - **Late move reductions (LMR)**: quiet moves late in the ordering are
//!   searched at reduced depth (a table of `ln(depth) * ln(move number)`);
//!   a fail high is re-searched at full depth.
//! - **Check extension**: a move that gives check is searched one ply deeper.
//! - **SEE pruning in quiescence**: captures that lose material by static
//!   exchange evaluation are skipped in quiescence.
//! - **Quiescence limits**: a quiescence node searches at most
//!   [`SearchParams::qs_max_moves`] noisy moves, and all the quiescence
//!   below one horizon node shares a budget of nodes
//!   ([`SearchParams::qs_node_budget`]) after which it only stands pat,
//!   and no more than the iteration's horizon nodes have earned, at
//!   [`SearchParams::qs_nodes_per_horizon`] each
//!   ([`SearchParams::qs_iteration_budget`]). Chess captures run out long
//!   before any limit; in Leiserchess both sides nearly always have a zap,
//!   and with many pawns the chains of zaps made a depth-1 search take
//!   minutes, and depth 3 after the first limit.
//! - **Mate distance pruning**: a node cannot do better than mating right
//!   now, nor worse than being mated right now; cut the window to that.
//! - **TT cutoffs**: return a stored score when the stored depth and bound
//!   suffice (the table is still used for move ordering when this is off).
//! - **Improving**: a node not in check whose static evaluation (corrected,
//!   not the table-adjusted one) is above that of the same side's node two
//!   plies up, or four plies up when the node two plies up was in check
//!   (Stockfish's definition). With neither to compare with (the root and
//!   its children, or checks two and four plies up) a node counts as
//!   improving, so that the flag never prunes the first plies harder; in
//!   check it never is. An improving node's reverse futility margin is
//!   `rfp_margin * (depth - 1)` instead of `rfp_margin * depth`; a node
//!   that is not keeps half as many quiet moves from late move pruning
//!   (`(lmp_base + depth²) / 2`) and reduces its late moves one ply more.
//! - **Internal iterative reduction (IIR)**: a node from
//!   [`SearchParams::iir_min_depth`] on without a table move is searched
//!   one ply shallower: its move order is poor, and it fills the table
//!   for a later, deeper visit.
//! - **Continuation history**: the history of a quiet move (entry: its
//!   moving piece and destination, `piece_to`) as the reply to the move
//!   one ply earlier and as the follow-up to the same side's move two
//!   plies earlier (row: that move's `piece_to`; no row at the root or
//!   after a null move). A cutoff at depth `d` gives the cutoff move
//!   `history_bonus(d)` in both rows and every quiet move searched
//!   before it the same malus, with the plain history's gravity; only
//!   cutoffs update it, and only `ucinewgame` clears it. The move order
//!   adds both rows to the plain history; late move reductions (and
//!   history pruning) read the mean of the tables that apply. Every move
//!   the main search, ProbCut and quiescence make is noted for the plies
//!   below, so that a quiescence node in check orders its quiet evasions
//!   by the rows of the move that gave check.
//! - **Correction history**: per side to move and structure key (chess:
//!   the pawns; 16,384 entries a side), how far searches have found the
//!   static evaluation off. Each node's static evaluation, in the main
//!   search and in quiescence, before any pruning, is corrected by
//!   `value / correction_grain` (within the non-mate scores); the table
//!   keeps the game's evaluation, and stored scores are never corrected.
//!   After a main-search node (not a singular extension test) that is not
//!   in check, whose best score is not a mate, whose best move is quiet
//!   or absent, and whose result bounds the error (exact, a fail high
//!   above the corrected static evaluation or a fail low below it), the
//!   value moves `min(depth + 1, correction_weight_max) /
//!   correction_weight_scale` of the way to `(best - corrected static
//!   evaluation) * correction_grain` and is clamped to
//!   `±correction_max` (±32 evaluation units): a moving average weighted
//!   by depth, as in Stormphrax. Cleared by `ucinewgame`.
//! - **Singular extensions** with multi-cut: at a node below the root,
//!   from depth `se_min_depth` on and above ply `2 * iteration depth`,
//!   not itself a singular test, whose table entry holds a move with a
//!   lower or exact bound at least `depth - se_tt_depth_margin` deep and
//!   a score that is not a mate, the node is searched without that move
//!   at depth `(depth - 1) / 2` with a zero window at a bar
//!   `se_margin_per_depth * depth` below the stored score (after the
//!   pruning before the moves; the test's result is not stored). If no
//!   other move reaches the bar, the table's move is singular and
//!   searched one ply deeper; if another does and the bar is at or above
//!   beta, several moves fail high and the node returns the bar
//!   (multi-cut); if another does, the bar is below beta and the stored
//!   score at or above it, the table's move is searched
//!   `se_negative_extension` plies shallower at a non-PV node (the
//!   negative extension; no check extension then). Otherwise nothing
//!   changes. With **double extensions**, a singular move at a non-PV
//!   node whose test scored more than `se_double_margin` below the bar
//!   is searched two plies deeper instead of one, unless `se_double_max`
//!   moves on the line above it already were.
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
//! - **Capture history** (`CaptureHistory`): the history of a noisy move
//!   (a capture or promotion) by its moving piece and destination
//!   (`piece_to`, one row). Stockfish's and Ethereal's also index the
//!   captured piece; the game traits name no captured piece, so moves of
//!   the same piece to the same square share an entry whatever they
//!   take. A cutoff at depth `d` in the main search gives the noisy
//!   cutoff move `history_bonus(d)`, and every noisy move searched
//!   before the cutoff move (noisy or quiet) the same malus, with the
//!   gravity of the other histories; only cutoffs update it, and only
//!   `ucinewgame` clears it. A noisy move's order, in the main search and
//!   quiescence, is the game's hint (chess: most valuable victim, then
//!   least valuable attacker) plus its capture history divided by
//!   `capture_history_divisor`, within its stage (the moves that do not
//!   lose their exchange, or those that do).
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

mod constants;
mod features;
mod tunable;

pub use constants::SearchParams;
pub use features::{Features, Stage};
pub use tunable::{FeatureSwitch, ParamSpin, SpsaRange};
