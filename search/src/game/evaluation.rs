//! The static evaluation: weights, per-thread scratch memory, the score
//! and its breakdown.

use super::{EvalParams, Rules, Score};

/// A game's static evaluation.
pub trait Evaluation: Rules {
    type Params: EvalParams;
    /// Scratch memory of the evaluation (caches), one per search thread,
    /// owned by the search worker and handed to [`Evaluation::evaluate`].
    /// A new (default) state is right for any weights.
    type EvalState: Default + Send + 'static;

    /// Static evaluation from the side to move's point of view.
    fn evaluate(&self, params: &Self::Params, state: &mut Self::EvalState) -> Score;

    /// Readies `state` for `params`, which may differ from the weights it
    /// last served. The search calls this once per search and thread.
    fn prepare_eval(_params: &Self::Params, _state: &mut Self::EvalState) {}

    /// A breakdown of the evaluation for the `eval` command.
    fn eval_report(&self, params: &Self::Params) -> String {
        let mut state = Self::EvalState::default();
        format!("total: {}\n", self.evaluate(params, &mut state))
    }
}
