//! The NNUE through the engine: the `Nnue` check option and the
//! `EvalFile` string option over UCI (a missing or malformed file is an
//! `info string` error that keeps the network loaded before), and the
//! search's evaluation with a network loaded, move by move, against the
//! network's own from scratch.

mod common;

use std::path::PathBuf;

use common::{engine, random_walk};

use chess::eval::nnue::{FloatNetwork, Network, DEFAULT_BUCKETS};
use chess::eval::{evaluate_choice, EvalChoice, EvalState};
use chess::Chess;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::game::Evaluation;
use search::EvalParams;

fn random_network(seed: u64) -> Network {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let float = FloatNetwork::random(DEFAULT_BUCKETS, || rng.gen_range(-1.0..1.0));
    Network::from_float(&float).expect("in range")
}

/// A network file in the temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, bytes: &[u8]) -> TempFile {
        let path = std::env::temp_dir().join(format!("{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).expect("temporary file written");
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn nnue_options_are_declared() {
    let lines = search::uci::option_lines::<Chess>();
    for line in [
        "option name Nnue type check default true",
        "option name EvalFile type string default <empty>",
    ] {
        assert!(lines.contains(&line.to_string()), "{lines:?}");
    }
}

#[test]
fn nnue_eval_file_loads_a_network_and_refuses_bad_files() {
    let net = random_network(1);
    let good = TempFile::new("good.nnue", &net.to_bytes());
    let mut truncated = net.to_bytes();
    truncated.truncate(1000);
    let bad = TempFile::new("bad.nnue", &truncated);

    let mut choice = EvalChoice::default();
    choice
        .set_string("evalfile", good.path())
        .expect("a good file");
    let loaded = choice.eval_file.clone().expect("loaded");
    assert_eq!(loaded.network.checksum(), net.checksum());
    // Off, the network is loaded but not used.
    choice.set("Nnue", 0).expect("known option");
    assert!(choice.nnue_network().is_none());
    choice.set("Nnue", 1).expect("known option");
    let in_use = choice.nnue_network().expect("in use");
    assert_eq!(in_use.checksum(), net.checksum());

    // Refusals leave the loaded network, through the UCI option too.
    let mut engine = search::Engine::<Chess>::new(1).expect("engine");
    let mut game = Chess::default();
    let set = |engine: &mut search::Engine<Chess>, game: &mut Chess, value: &str| {
        search::uci::set_option(engine, game, "EvalFile", Some(value))
    };
    set(&mut engine, &mut game, good.path()).expect("a good file");
    for value in [bad.path(), "/nonexistent/net.nnue"] {
        let error = set(&mut engine, &mut game, value).expect_err("refused");
        assert!(error.to_string().contains(value), "{error}");
        assert_eq!(engine.eval_params().eval_file.as_ref(), Some(&loaded));
    }
    // `<empty>` unloads it.
    set(&mut engine, &mut game, "<empty>").expect("no file");
    assert!(engine.eval_params().eval_file.is_none());
}

#[test]
fn nnue_eval_file_errors_are_info_strings() {
    let net = random_network(2);
    let good = TempFile::new("engine.nnue", &net.to_bytes());
    let out = engine(&format!(
        "setoption name Nnue value true\n\
         setoption name EvalFile value {}\n\
         setoption name EvalFile value /nonexistent/net.nnue\n\
         position startpos\n\
         eval\n\
         go depth 4\n",
        good.path()
    ));
    assert!(
        out.contains("info string error: option 'EvalFile': cannot read '/nonexistent/net.nnue'"),
        "{out}"
    );
    // The good network stayed, and the search used it.
    let want = net.evaluate(&chess::Position::startpos());
    assert!(
        out.contains(&format!(
            "NNUE (White's view), the evaluation in use: {want} cp"
        )),
        "{out}"
    );
    assert!(out.contains("bestmove "), "{out}");
}

#[test]
fn nnue_search_evaluation_equals_the_network_from_scratch() {
    let net = random_network(3);
    let file = TempFile::new("search.nnue", &net.to_bytes());
    let mut choice = EvalChoice::default();
    choice.set("Nnue", 1).expect("known option");
    choice.set_string("EvalFile", file.path()).expect("loaded");
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut game = Chess::default();
    let mut state = EvalState::default();
    random_walk(&mut game, &mut rng, 3000, 16, |game| {
        let incremental = game.evaluate(&choice, &mut state);
        let pos = game.position();
        assert_eq!(incremental, net.evaluate(pos), "{}", pos.fen());
        assert_eq!(evaluate_choice(pos, &choice), incremental);
    });
}

#[test]
fn the_engine_evaluates_with_its_compiled_in_network_by_default() {
    let embedded = chess::eval::nnue::embedded().expect("a network is compiled in");
    let default = EvalChoice::default();
    let in_use = default.nnue_network().expect("the NNUE is the default");
    assert_eq!(in_use.checksum(), embedded.checksum());
    let start = chess::Position::startpos();
    assert_eq!(evaluate_choice(&start, &default), embedded.evaluate(&start));
    // `Nnue` off: the hand-written evaluation, which differs.
    let mut off = EvalChoice::default();
    off.set("Nnue", 0).expect("known option");
    assert!(off.nnue_network().is_none());
    let hand = evaluate_choice(&start, &off);
    assert_ne!(hand, embedded.evaluate(&start));
    // Over UCI, with no option set.
    let out = engine("position startpos\neval\n");
    let want = embedded.evaluate(&start);
    assert!(
        out.contains(&format!(
            "NNUE (White's view), the evaluation in use: {want} cp"
        )),
        "{out}"
    );
}
