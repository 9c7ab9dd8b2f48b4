//! The switches, one per heuristic, each declared once below with its UCI
//! name and its [`Stage`]; the struct, the playing and exact sets and the
//! UCI options all come from that one list.

use super::FeatureSwitch;

/// How far a switch has come, which decides its default and whether a
/// GUI sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// A match showed a gain in every game: on by default.
    Playing,
    /// Off by default; a game whose match showed a gain turns it on in its
    /// `Searchable::search_params`.
    ByGame,
    /// Off for every game: its match showed no gain (the figures are in
    /// `docs/strength.md`). Still an option, for tuners and SPRTs, but
    /// `uci` lists it only when development options are asked for.
    Development,
}

macro_rules! switches {
    ($( $(#[doc = $doc:literal])* $field:ident: $uci:literal, $stage:ident; )*) => {
        /// Switches for everything that makes the search differ from plain
        /// alpha-beta with quiescence. With all of them off, the score of a
        /// fixed depth search equals the negamax score of the same depth.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Features {
            $( $(#[doc = $doc])* pub $field: bool, )*
        }

        impl Features {
            /// The playing configuration: every switch whose match showed a
            /// gain in every game (a game adds its own, [`Stage::ByGame`]).
            pub const PLAYING: Features = Features {
                $( $field: matches!(Stage::$stage, Stage::Playing), )*
            };

            /// Every switch off.
            pub const NONE: Features = Features { $( $field: false, )* };

            /// The UCI check options, one per switch, in declaration order.
            pub const UCI_SWITCHES: &'static [FeatureSwitch] = &[
                $( FeatureSwitch::new($uci, Stage::$stage, |f| &mut f.$field), )*
            ];
        }
    };
}

switches! {
    /// Aspiration windows around the last iteration's score.
    aspiration: "Aspiration", Playing;
    null_move: "NullMove", Playing;
    reverse_futility: "ReverseFutility", Playing;
    futility: "Futility", Playing;
    late_move_pruning: "LateMovePruning", Playing;
    lmr: "LMR", Playing;
    check_extension: "CheckExtension", Playing;
    qs_see_pruning: "QSearchSEEPruning", Playing;
    mate_distance_pruning: "MateDistancePruning", Playing;
    tt_cutoffs: "TTCutoffs", Playing;
    improving: "Improving", Development;
    iir: "IIR", ByGame;
    continuation_history: "ContinuationHistory", Development;
    correction_history: "CorrectionHistory", ByGame;
    best_move_stability: "BestMoveStability", Playing;
    singular_extension: "SingularExtension", ByGame;
    see_pruning: "SEEPruning", ByGame;
    nmp_eval_reduction: "NMPEvalReduction", Development;
    capture_history: "CaptureHistory", Development;
    probcut: "ProbCut", Development;
    cut_node_lmr: "CutNodeLMR", Development;
    tt_eval: "TTEval", ByGame;
    node_time: "NodeTime", Development;
    razoring: "Razoring", Development;
    counter_move: "CounterMove", Development;
    history_pruning: "HistoryPruning", Development;
    lmr_depth_pruning: "LMRDepthPruning", Development;
    bad_noisy_lmr: "BadNoisyLMR", Development;
    tt_noisy_lmr: "TTNoisyLMR", ByGame;
    /// Late move pruning also prunes noisy moves, once as many of them
    /// have been searched as it keeps quiet ones: for a game where nearly
    /// every move can be noisy (Leiserchess, when the beam already ends
    /// on a pawn's back, every move that leaves it alone zaps).
    noisy_lmp: "NoisyLMP", ByGame;
    /// A singular table move whose test fell far below the bar is
    /// extended two plies instead of one (outside PV nodes, a bounded
    /// number of times along a line), as Stockfish has since version 14.
    double_extension: "DoubleExtension", Development;
}

impl Features {
    /// No pruning, reduction or extension: exact alpha-beta (PVS) with
    /// quiescence. Aspiration windows stay on: they change only the window,
    /// never the score. TT cutoffs are off because a stored result from a
    /// deeper search (a transposition, or the previous iteration reaching
    /// a quiescence node) would replace the shallower exact value.
    pub const EXACT: Features = Features {
        aspiration: true,
        ..Features::NONE
    };
}

impl Default for Features {
    fn default() -> Self {
        Features::PLAYING
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_cover_every_feature_and_toggle_it() {
        let mut f = Features::PLAYING;
        for switch in Features::UCI_SWITCHES {
            switch.set(&mut f, true);
            assert!(switch.get(&f), "{} did not switch on", switch.name);
            switch.set(&mut f, false);
            assert!(!switch.get(&f), "{} did not switch off", switch.name);
        }
        assert_eq!(f, Features::NONE, "every field is reached by a switch");
    }

    #[test]
    fn the_playing_set_is_the_playing_stage() {
        for switch in Features::UCI_SWITCHES {
            let on = switch.get(&Features::PLAYING);
            assert_eq!(on, switch.stage == Stage::Playing, "{}", switch.name);
        }
    }
}
