//! The whole-game evaluation pass over the API (issue 15):
//! `POST /api/games/{id}/review` searches every position of the game for a
//! short fixed time with the game's own engine and keeps each score, from
//! White's view, in `evals`; it can be cancelled, and bad requests get
//! clear errors.

mod common;

use std::time::Duration;

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use common::{assert_error, id, ply, Api, TempScript};
use webgui::{Config, Engines};

/// Long enough for a pass over a short game on a loaded machine (each
/// position takes `REVIEW_MOVETIME_MS`).
const PASS_LIMIT: Duration = Duration::from_secs(60);

fn review_uri(game: &str) -> String {
    format!("/api/games/{game}/review")
}

/// Starts a pass; returns the answer's state.
async fn start_pass(api: &Api, game: &str) -> Value {
    let (status, state) = api.post(&review_uri(game), json!({"on": true})).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    state
}

/// Waits until no pass runs; returns the state.
async fn pass_done(api: &Api, game: &str) -> Value {
    api.wait_for(game, PASS_LIMIT, |s| s["review"].is_null())
        .await
}

/// The plies that have a score, in order.
fn eval_plies(state: &Value) -> Vec<usize> {
    let evals = state["evals"].as_object().expect("evals");
    let mut plies: Vec<usize> = evals.keys().map(|k| k.parse().expect("a ply")).collect();
    plies.sort_unstable();
    plies
}

/// Plays the first legal move `n` times (a game between two people).
async fn play_first_moves(api: &Api, game: &str, n: usize) {
    for _ in 0..n {
        let (_, state) = api.get(&format!("/api/games/{game}")).await;
        let text = state["legal"][0]["text"].as_str().expect("a legal move");
        let (status, after) = api
            .post(&format!("/api/games/{game}/moves"), json!({"move": text}))
            .await;
        assert_eq!(status, StatusCode::OK, "{after}");
        assert!(after["result"].is_null(), "the game goes on: {after}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pass_scores_every_position_from_whites_view() {
    let api = Api::new();
    // White is a queen up throughout: every score is good for White,
    // whoever is to move.
    let state = api
        .create(json!({
            "game": "chess", "white": "human", "black": "human",
            "fen": "4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1",
            "moves": "a3 a6 b3 b6 c3",
        }))
        .await;
    let game = id(&state);
    let started = start_pass(&api, &game).await;
    assert_eq!(started["review"]["plies"], 5, "{started}");
    assert_eq!(started["review_error"], Value::Null);
    let done = pass_done(&api, &game).await;
    assert_eq!(eval_plies(&done), (0..=5).collect::<Vec<_>>(), "{done}");
    for (ply, score) in done["evals"].as_object().expect("evals") {
        let good_for_white = score["cp"].as_i64().is_some_and(|cp| cp > 300)
            || score["mate"].as_i64().is_some_and(|m| m > 0);
        assert!(good_for_white, "ply {ply}: {score}");
    }
    assert_eq!(done["review_error"], Value::Null);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pass_works_for_both_leiserchess_rule_sets() {
    let api = Api::new();
    for game_kind in ["leiserchess", "leiserchess2016"] {
        let state = api
            .create(json!({"game": game_kind, "white": "human", "black": "human"}))
            .await;
        let game = id(&state);
        play_first_moves(&api, &game, 4).await;
        start_pass(&api, &game).await;
        let done = pass_done(&api, &game).await;
        assert_eq!(
            eval_plies(&done),
            (0..=4).collect::<Vec<_>>(),
            "{game_kind}: {done}"
        );
        assert_eq!(done["review_error"], Value::Null, "{game_kind}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_ends_with_its_result() {
    let api = Api::new();
    let state = api
        .create(json!({
            "game": "chess", "white": "human", "black": "human",
            "moves": "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#",
        }))
        .await;
    assert_eq!(state["result"]["reason"], "checkmate");
    let game = id(&state);
    start_pass(&api, &game).await;
    let done = pass_done(&api, &game).await;
    assert_eq!(eval_plies(&done), (0..=7).collect::<Vec<_>>(), "{done}");
    // White to move mates in one; then the game is over, won by White.
    assert_eq!(done["evals"]["6"], json!({"mate": 1}), "{done}");
    assert_eq!(done["evals"]["7"], json!({"end": 1}), "{done}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_with_clear_errors() {
    let api = Api::new();
    assert_error(
        &api.post(&review_uri("no-such-game"), json!({"on": true}))
            .await,
        StatusCode::NOT_FOUND,
        "unknown_game",
    );
    let state = api
        .create(json!({"game": "chess", "white": "human", "black": "human"}))
        .await;
    let game = id(&state);
    let uri = review_uri(&game);
    // No moves: the one position is what analysis is for.
    assert_error(
        &api.post(&uri, json!({"on": true})).await,
        StatusCode::CONFLICT,
        "conflict",
    );
    assert_error(
        &api.post(&uri, json!({"on": false})).await,
        StatusCode::CONFLICT,
        "conflict",
    );
    // Malformed bodies; a request cannot name an engine.
    for bad in [
        json!({}),
        json!({"on": "yes"}),
        json!({"on": true, "engine": "/bin/sh"}),
    ] {
        assert_error(
            &api.post(&uri, bad).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "bad_request",
        );
    }
    assert_error(
        &api.call(Method::GET, &uri, None).await,
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
    );
    // One pass at a time.
    api.post(&format!("/api/games/{game}/moves"), json!({"move": "e4"}))
        .await;
    start_pass(&api, &game).await;
    assert_error(
        &api.post(&uri, json!({"on": true})).await,
        StatusCode::CONFLICT,
        "conflict",
    );
    pass_done(&api, &game).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pass_can_be_cancelled_and_survives_an_undo() {
    let api = Api::new();
    let moves = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7";
    let state = api
        .create(json!({"game": "chess", "white": "human", "black": "human", "moves": moves}))
        .await;
    let game = id(&state);
    assert_eq!(ply(&state), 20);
    // Cancelled: it stops, and no score comes in after.
    start_pass(&api, &game).await;
    let (status, cancelled) = api.post(&review_uri(&game), json!({"on": false})).await;
    assert_eq!(status, StatusCode::OK, "{cancelled}");
    assert_eq!(cancelled["review"], Value::Null);
    let scored = eval_plies(&cancelled).len();
    tokio::time::sleep(Duration::from_millis(600)).await;
    let (_, later) = api.get(&format!("/api/games/{game}")).await;
    assert_eq!(eval_plies(&later).len(), scored, "{later}");
    assert!(scored < 21, "{later}");
    // An undo of the last moves leaves the positions before them: the
    // pass goes on and ends at the new last position.
    start_pass(&api, &game).await;
    let (status, undone) = api
        .post(&format!("/api/games/{game}/undo"), json!({"plies": 2}))
        .await;
    assert_eq!(status, StatusCode::OK, "{undone}");
    let done = pass_done(&api, &game).await;
    assert_eq!(eval_plies(&done), (0..=18).collect::<Vec<_>>(), "{done}");
}

/// An external engine that scores every position +0.40 for the side to
/// move and plays no move.
fn scoring_engine() -> TempScript {
    TempScript::new(
        "#!/bin/sh\n\
         while read line; do\n\
           case \"$line\" in\n\
             uci) echo 'id name Scoring Mock'; echo uciok ;;\n\
             isready) echo readyok ;;\n\
             go*) echo 'info depth 1 score cp 40 nodes 1 time 1'; echo 'bestmove 0000' ;;\n\
             quit) exit 0 ;;\n\
           esac\n\
         done\n",
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pass_uses_the_engine_the_command_line_named() {
    let script = scoring_engine();
    let api = Api::with(Config {
        engines: Engines::every_game(script.0.clone()),
        ..Config::default()
    });
    let state = api
        .create(json!({"game": "chess", "white": "human", "black": "human", "moves": "e4 e5 Nf3"}))
        .await;
    let game = id(&state);
    start_pass(&api, &game).await;
    let done = pass_done(&api, &game).await;
    // The engine's +0.40 for the side to move, turned to White's view.
    let expected = json!({"0": {"cp": 40}, "1": {"cp": -40}, "2": {"cp": 40}, "3": {"cp": -40}});
    assert_eq!(done["evals"], expected, "{done}");
    assert_eq!(done["review_error"], Value::Null);
}
