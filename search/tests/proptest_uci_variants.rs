//! Property test of an engine of several rule sets: random scripts of
//! switches, searches, displays and options, piped at once, are answered
//! in order, each line in the rule set the last `UCI_Variant` chose.

mod common;

use std::time::Duration;

use common::nim::{MisereNim, Nim};
use common::session::Session;
use common::tictactoe::TicTacToe;
use proptest::prelude::*;
use search::uci::Variant;
use search::{EvalParams, UciGame};

const NAMES: [&str; 3] = ["normal", "misere", "tictactoe"];

fn variants() -> [Variant; 3] {
    [
        Variant::of::<Nim>(NAMES[0]),
        Variant::of::<MisereNim>(NAMES[1]),
        Variant::of::<TicTacToe>(NAMES[2]),
    ]
}

/// What one variant's start position answers.
struct Start {
    fen: String,
    moves: Vec<String>,
    has_tempo: bool,
}

fn start<G: UciGame>() -> Start {
    let pos = G::startpos();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    Start {
        fen: pos.fen(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        has_tempo: G::Params::options().iter().any(|o| o.name == "Tempo"),
    }
}

#[derive(Clone, Debug)]
enum Action {
    /// `UCI_Variant` by index into [`NAMES`]; past its end, a bad name.
    Switch(usize),
    Go(u32),
    /// `go infinite`, then `stop`.
    Infinite,
    Ready,
    Startpos,
    Display,
    MultiPv(u32),
    Tempo(i32),
    NewGame,
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        3 => (0..=NAMES.len()).prop_map(Action::Switch),
        2 => (1..4u32).prop_map(Action::Go),
        1 => Just(Action::Infinite),
        1 => Just(Action::Ready),
        1 => Just(Action::Startpos),
        2 => Just(Action::Display),
        1 => (1..4u32).prop_map(Action::MultiPv),
        1 => (-5..5i32).prop_map(Action::Tempo),
        1 => Just(Action::NewGame),
    ]
}

/// What the engine must answer, in order.
#[derive(Default)]
struct Expected {
    /// For each search, the moves its bestmove may be.
    bestmoves: Vec<Vec<String>>,
    fens: Vec<String>,
    readyoks: usize,
    errors: usize,
}

/// The lines of `action` for a session in variant `current`, and what
/// they change.
fn play(
    action: &Action,
    current: &mut usize,
    starts: &[Start],
    expected: &mut Expected,
) -> Vec<String> {
    let here = &starts[*current];
    match *action {
        Action::Switch(i) => {
            match NAMES.get(i) {
                Some(_) => *current = i,
                None => expected.errors += 1,
            }
            let name = NAMES.get(i).copied().unwrap_or("bogus");
            vec![format!("setoption name UCI_Variant value {name}")]
        }
        Action::Go(depth) => {
            expected.bestmoves.push(here.moves.clone());
            vec![format!("go depth {depth}")]
        }
        Action::Infinite => {
            expected.bestmoves.push(here.moves.clone());
            vec!["go infinite".to_string(), "stop".to_string()]
        }
        Action::Ready => {
            expected.readyoks += 1;
            vec!["isready".to_string()]
        }
        Action::Startpos => vec!["position startpos".to_string()],
        Action::Display => {
            expected.fens.push(format!("Fen: {}", here.fen));
            vec!["d".to_string()]
        }
        Action::MultiPv(k) => vec![format!("setoption name MultiPV value {k}")],
        Action::Tempo(v) => {
            expected.errors += usize::from(!here.has_tempo);
            vec![format!("setoption name Tempo value {v}")]
        }
        Action::NewGame => vec!["ucinewgame".to_string()],
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn every_line_runs_in_order_in_its_variant(
        actions in prop::collection::vec(action(), 1..30),
    ) {
        let starts = [start::<Nim>(), start::<MisereNim>(), start::<TicTacToe>()];
        let mut expected = Expected::default();
        let mut current = 0;
        let s = Session::start_variants(&variants());
        for action in &actions {
            for line in play(action, &mut current, &starts, &mut expected) {
                s.send(&line);
            }
        }
        // Everything before them has run when this `d` answers: the
        // `position` waits for the last job, and the `d` waits behind it.
        s.send("position startpos");
        s.send("d");
        expected.fens.push(format!("Fen: {}", starts[current].fen));
        let lines = s.wait_for(|l| l.starts_with("Fen: "), expected.fens.len(), Duration::from_secs(60));
        s.close();
        let fens: Vec<&String> = lines.iter().filter(|l| l.starts_with("Fen: ")).collect();
        prop_assert_eq!(fens, expected.fens.iter().collect::<Vec<_>>());
        let best: Vec<&str> = lines
            .iter()
            .filter_map(|l| l.strip_prefix("bestmove "))
            .map(|rest| rest.split_whitespace().next().unwrap_or(""))
            .collect();
        prop_assert_eq!(best.len(), expected.bestmoves.len(), "{:?}", lines);
        for (mv, legal) in best.iter().zip(&expected.bestmoves) {
            prop_assert!(legal.iter().any(|m| m == mv), "{} not in {:?}", mv, legal);
        }
        let readyoks = lines.iter().filter(|l| *l == "readyok").count();
        prop_assert_eq!(readyoks, expected.readyoks);
        let errors = lines.iter().filter(|l| l.starts_with("info string error:")).count();
        prop_assert_eq!(errors, expected.errors, "{:?}", lines);
    }
}
