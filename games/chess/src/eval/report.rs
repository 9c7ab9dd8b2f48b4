//! The `eval` command's table: every term for each side.

use std::fmt::Write as _;

use super::accumulator::{GroupScorer, GROUP_NAMES};
use super::{accumulate, evaluate_with, layout, net, EvalChoice, FULL_PHASE, S};
use crate::position::Position;

/// A table of every term for each side, for the `eval` command.
pub fn report(pos: &Position, choice: &EvalChoice) -> String {
    let weights = choice.weights();
    let mut groups = GroupScorer {
        weights,
        groups: [[S::default(); GROUP_NAMES.len()]; 2],
    };
    let phase = accumulate(pos, &mut groups);
    let [w, b] = groups.groups;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "      term    |     White     |     Black     |     Total"
    );
    let _ = writeln!(
        out,
        "              |   MG     EG   |   MG     EG   |   MG     EG"
    );
    let mut total = S::default();
    for (i, name) in GROUP_NAMES.iter().enumerate() {
        let (ws, bs) = (w[i], b[i]);
        let d = ws - bs;
        total += d;
        let _ = writeln!(
            out,
            "{name:>13} | {:>5}  {:>5}  | {:>5}  {:>5}  | {:>5}  {:>5}",
            ws.mg, ws.eg, bs.mg, bs.eg, d.mg, d.eg
        );
    }
    let _ = writeln!(out, "phase: {phase} / {FULL_PHASE}");
    let t = weights.get(layout::TEMPO);
    let _ = writeln!(
        out,
        "tempo: {} {}, for {}",
        t.mg,
        t.eg,
        pos.side_to_move().fold("white", "black")
    );
    let weights_name = if choice.tuned {
        "tuned"
    } else {
        "hand-written"
    };
    let white_view = evaluate_with(pos, weights) * pos.side_to_move().fold(1, -1);
    let _ = writeln!(
        out,
        "total (White's view, {weights_name} weights): {white_view} cp (before tempo and scaling: {} mg, {} eg)",
        total.mg, total.eg
    );
    if let Some(network) = choice.nnue_network() {
        let nnue = network.evaluate(pos) * pos.side_to_move().fold(1, -1);
        let _ = writeln!(out, "NNUE (White's view), the evaluation in use: {nnue} cp");
        return out;
    }
    if choice.net {
        let correction = net::NETWORK.evaluate(pos) * pos.side_to_move().fold(1, -1);
        let _ = writeln!(
            out,
            "network correction (White's view): {correction} cp; with it: {} cp",
            white_view + correction
        );
    }
    out
}
