//! The judged moves of a reviewed game over the API (issue 39): after
//! "Analyse the whole game" the state's `judgements` marks each
//! inaccuracy, mistake and blunder by the expected score it lost, with
//! each side's count.

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{json, Value};

use common::{id, Api};

/// Long enough for a pass over a short game on a loaded machine (each
/// position takes `REVIEW_MOVETIME_MS`, 150 ms).
const PASS_LIMIT: Duration = Duration::from_secs(60);

/// Creates a game between two people from `moves`, runs the whole-game
/// pass over it and returns the state once the pass is over.
async fn reviewed(api: &Api, moves: &str) -> Value {
    let state = api
        .create(json!({"game": "chess", "white": "human", "black": "human", "moves": moves}))
        .await;
    // Nothing has been scored yet: nothing to say, not a clean game.
    assert_eq!(state["judgements"], Value::Null, "{state}");
    let game = id(&state);
    let (status, started) = api
        .post(&format!("/api/games/{game}/review"), json!({"on": true}))
        .await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let done = api
        .wait_for(&game, PASS_LIMIT, |s| s["review"].is_null())
        .await;
    assert_eq!(done["review_error"], Value::Null, "{done}");
    done
}

/// The judged move at `ply`, if any.
fn mark_at(state: &Value, ply: u64) -> Option<Value> {
    state["judgements"]["marks"]
        .as_array()
        .expect("marks")
        .iter()
        .find(|m| m["ply"] == ply)
        .cloned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_queen_is_marked_a_blunder_and_counted_for_its_side() {
    let api = Api::new();
    // 2.Qg4?? puts the queen where 2...Bxg4 takes it for nothing.
    let done = reviewed(&api, "e4 d5 Qg4 Bxg4").await;
    let mark = mark_at(&done, 3).unwrap_or_else(|| panic!("2.Qg4 is judged: {done}"));
    assert_eq!(mark["judgement"], "blunder", "{mark}");
    let lost = mark["lost"].as_u64().expect("lost");
    assert!(
        (15..=100).contains(&lost),
        "a blunder loses 15 points or more: {mark}"
    );
    let tallies = &done["judgements"]["tallies"];
    assert_eq!(tallies[0]["blunders"], 1, "White's one blunder: {done}");
    // Taking the queen is the best move there is: no blunder of Black's.
    assert_eq!(tallies[1]["blunders"], 0, "{done}");
    assert!(
        mark_at(&done, 4).is_none(),
        "2...Bxg4 is not judged: {done}"
    );
    // The three counts of each side, and nothing else, so the JSON stays
    // small.
    let keys: Vec<&String> = tallies[1].as_object().expect("a tally").keys().collect();
    assert_eq!(keys, ["blunders", "inaccuracies", "mistakes"], "{done}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn allowing_a_mate_in_one_is_blacks_blunder() {
    let api = Api::new();
    // 3...Nf6?? lets 4.Qxf7# mate; the game's last position is its result.
    let done = reviewed(&api, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#").await;
    let mark = mark_at(&done, 6).unwrap_or_else(|| panic!("3...Nf6 is judged: {done}"));
    assert_eq!(mark["judgement"], "blunder", "{mark}");
    assert_eq!(done["judgements"]["tallies"][1]["blunders"], 1, "{done}");
    // The mating move itself loses nothing.
    assert!(mark_at(&done, 7).is_none(), "{done}");
}
