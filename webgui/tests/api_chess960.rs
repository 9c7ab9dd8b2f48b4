//! The game choice "Chess960" (`chess960`, issue 40): chess from one of
//! the 960 start positions (a random one unless `start` or a FEN says
//! which), the king castling onto its rook, moves written king takes
//! rook (`e1h1`), and engines switched with `UCI_Chess960`.

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{json, Value};

use common::{assert_error, id, ply, Api, TempScript};
use webgui::{Config, Engines};

/// Both castlings are open: king e1, rooks a1 and h1.
const CASTLES: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";

fn people(game: &str, fen: &str) -> Value {
    json!({"game": game, "fen": fen, "white": "human", "black": "human"})
}

/// The squares a click on `piece` offers.
fn targets(state: &Value, piece: &str) -> Vec<String> {
    state["choices"][piece]["targets"]
        .as_array()
        .map(|ts| {
            ts.iter()
                .filter_map(|t| t["square"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn legal_texts(state: &Value) -> Vec<String> {
    state["legal"]
        .as_array()
        .map(|ms| {
            ms.iter()
                .filter_map(|m| m["text"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test]
async fn chess960_is_a_choice_that_starts_from_a_numbered_or_random_position() {
    let api = Api::new();
    let state = api
        .create(json!({"game": "chess960", "start": 0, "white": "human", "black": "human"}))
        .await;
    assert_eq!(state["game"], "chess960");
    assert_eq!(state["meta"]["title"], "Chess960");
    assert_eq!(state["meta"]["pieces"], "chess");
    // Start 0 is BBQNNRKR (the standard numbering).
    let fen = state["position"]["fen"].as_str().expect("a FEN");
    assert!(
        fen.starts_with("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w"),
        "{fen}"
    );
    // 518 is chess's own start.
    let state = api
        .create(json!({"game": "chess960", "start": 518, "white": "human", "black": "human"}))
        .await;
    assert!(state["position"]["fen"]
        .as_str()
        .is_some_and(|f| f.starts_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")));
    // No number: one at random; across a dozen games, more than one.
    let mut seen = std::collections::HashSet::new();
    for _ in 0..12 {
        let state = api
            .create(json!({"game": "chess960", "white": "human", "black": "human"}))
            .await;
        seen.insert(state["position"]["fen"].to_string());
    }
    assert!(seen.len() > 1, "{seen:?}");
    let refused = api
        .post("/api/games", json!({"game": "chess960", "start": 960}))
        .await;
    assert_error(&refused, StatusCode::BAD_REQUEST, "bad_request");
    let refused = api
        .post("/api/games", json!({"game": "chess", "start": 1}))
        .await;
    assert_error(&refused, StatusCode::BAD_REQUEST, "bad_request");
}

#[tokio::test]
async fn the_king_castles_onto_its_rook_and_the_move_is_written_king_takes_rook() {
    let api = Api::new();
    let c960 = api.create(people("chess960", CASTLES)).await;
    let legal = legal_texts(&c960);
    assert!(legal.contains(&"e1h1".to_string()) && legal.contains(&"e1a1".to_string()));
    assert!(!legal.contains(&"e1g1".to_string()), "{legal:?}");
    let king = targets(&c960, "e1");
    assert!(king.contains(&"h1".to_string()) && king.contains(&"a1".to_string()));
    // Standard chess keeps the king's two-square step.
    let chess = api.create(people("chess", CASTLES)).await;
    assert!(legal_texts(&chess).contains(&"e1g1".to_string()));
    assert!(targets(&chess, "e1").contains(&"g1".to_string()));
    // Played: O-O, the rook on f1 and the king on g1.
    let g = id(&c960);
    let (status, state) = api
        .post(&format!("/api/games/{g}/moves"), json!({"move": "e1h1"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["moves"][0]["record"], "O-O");
    assert_eq!(
        state["position"]["fen"],
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    );
    // The other form is understood too.
    let (status, state) = api
        .post(&format!("/api/games/{g}/moves"), json!({"move": "e8c8"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["moves"][1]["record"], "O-O-O");
    assert_eq!(state["moves"][1]["text"], "e8a8");
    // The PGN says it is Chess960, and imports back as Chess960 only.
    let (_, pgn) = api.get(&format!("/api/games/{g}/pgn")).await;
    let pgn = pgn["pgn"].as_str().expect("PGN text").to_string();
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(pgn.contains("1. O-O O-O-O"), "{pgn}");
    let again = api
        .create(json!({"game": "chess960", "pgn": pgn.clone(), "white": "human", "black": "human"}))
        .await;
    assert_eq!(ply(&again), 2);
    let refused = api
        .post("/api/games", json!({"game": "chess", "pgn": pgn}))
        .await;
    assert_error(&refused, StatusCode::BAD_REQUEST, "bad_request");
}

#[tokio::test]
async fn the_built_in_engine_plays_chess960() {
    let api = Api::new();
    let state = api
        .create(
            json!({"game": "chess960", "start": 100, "white": "engine", "black": "engine",
                       "limit": {"depth": 2}, "autoplay": true}),
        )
        .await;
    let g = id(&state);
    let done = api
        .wait_for(&g, Duration::from_secs(20), |s| ply(s) >= 6)
        .await;
    assert_eq!(done["game"], "chess960");
}

/// A UCI engine that plays O-O in king-takes-rook form once switched to
/// Chess960, and an illegal move otherwise.
fn chess960_engine() -> TempScript {
    TempScript::new(
        "#!/bin/sh\n\
         on=0\n\
         while read line; do\n\
           case \"$line\" in\n\
             uci) echo 'id name C960'; echo 'option name UCI_Chess960 type check default false'; echo uciok ;;\n\
             'setoption name UCI_Chess960 value true') on=1 ;;\n\
             isready) echo readyok ;;\n\
             go*) if [ $on = 1 ]; then echo 'bestmove e1h1'; else echo 'bestmove a1a1'; fi ;;\n\
             quit) exit 0 ;;\n\
           esac\n\
         done\n",
    )
}

#[tokio::test]
async fn an_external_engine_is_switched_with_uci_chess960() {
    let script = chess960_engine();
    let api = Api::with(Config {
        engines: Engines::every_game(script.0.clone()),
        ..Config::default()
    });
    let state = api
        .create(
            json!({"game": "chess960", "fen": CASTLES, "white": "engine", "black": "human",
                       "limit": {"movetime_ms": 50}, "autoplay": true}),
        )
        .await;
    let g = id(&state);
    let done = api
        .wait_for(&g, Duration::from_secs(10), |s| ply(s) == 1)
        .await;
    assert_eq!(done["moves"][0]["record"], "O-O");
}
