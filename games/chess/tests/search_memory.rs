//! The search's memory lasts across `go` and holds only the tables the
//! switched-on heuristics use (issue 38: a 768 × 768 continuation history
//! was made for every helper thread at every search, for a switch no game
//! plays).

use std::sync::atomic::AtomicBool;

use chess::Chess;
use search::{Engine, Limits, Rules};

fn search(engine: &mut Engine<Chess>) {
    let stop = AtomicBool::new(false);
    engine.search(&Chess::startpos(), &Limits::depth(3), &stop, &mut |_| {});
}

#[test]
fn optional_tables_exist_only_while_their_switch_is_on() {
    let mut engine = Engine::<Chess>::new(1).expect("engine");
    search(&mut engine);
    let playing = engine.history_bytes();
    engine.params_mut().features.continuation_history = true;
    search(&mut engine);
    let continuation = 768 * 768 * 2;
    assert_eq!(engine.history_bytes(), playing + continuation);
    engine.params_mut().features.continuation_history = false;
    search(&mut engine);
    assert_eq!(engine.history_bytes(), playing);
}

#[test]
fn helper_threads_keep_their_memory_between_searches() {
    let mut engine = Engine::<Chess>::new(1).expect("engine");
    search(&mut engine);
    let one = engine.history_bytes();
    engine.set_threads(2);
    if engine.threads() < 2 {
        return; // a one-core machine runs one thread
    }
    assert_eq!(engine.history_bytes(), 2 * one, "made when Threads grows");
    search(&mut engine);
    assert_eq!(engine.history_bytes(), 2 * one, "not per search");
    engine.set_threads(1);
    assert_eq!(engine.history_bytes(), one);
}
