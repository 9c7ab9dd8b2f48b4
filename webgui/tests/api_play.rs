//! Resigning and draw offers over the API (issue 15).

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::json;

use common::{assert_error, id, Api};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_resigns_and_the_engine_answers_draw_offers_by_its_rule() {
    let api = Api::new();
    // Resigning: the person's side loses; not twice; not for the engine.
    let state = api
        .create(json!({"game": "chess", "white": "human", "black": "engine"}))
        .await;
    let game = id(&state);
    assert_error(
        &api.post(
            &format!("/api/games/{game}/resign"),
            json!({"side": "black"}),
        )
        .await,
        StatusCode::CONFLICT,
        "conflict",
    );
    let (status, over) = api
        .post(&format!("/api/games/{game}/resign"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{over}");
    assert_eq!(over["result"]["result"], "0-1");
    assert_eq!(over["result"]["reason"], "resignation");
    assert_eq!(over["result"]["text"], "White resigns");
    assert_error(
        &api.post(&format!("/api/games/{game}/resign"), json!({}))
            .await,
        StatusCode::CONFLICT,
        "conflict",
    );
    let (_, pgn) = api.get(&format!("/api/games/{game}/pgn")).await;
    assert!(pgn["pgn"]
        .as_str()
        .is_some_and(|p| p.contains("[Result \"0-1\"]")));

    // Before move 30 the engine declines.
    let early = api
        .create(json!({"game": "chess", "white": "human", "black": "engine"}))
        .await;
    let (status, answer) = api
        .post(&format!("/api/games/{}/draw", id(&early)), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["accepted"], false);
    assert!(answer["reason"]
        .as_str()
        .is_some_and(|r| r.contains("move 30")));
    assert_eq!(answer["state"]["result"], serde_json::Value::Null);

    // After move 30, a level rook ending: the engine (Black, to move)
    // plays, then accepts.
    let level = api
        .create(json!({"game": "chess", "white": "human", "black": "engine",
                       "fen": "4k3/r7/8/8/8/8/R7/4K3 b - - 0 40", "limit": {"depth": 4}}))
        .await;
    let level_id = id(&level);
    let after = api
        .wait_for(&level_id, Duration::from_secs(20), |s| {
            s["moves"].as_array().is_some_and(|m| m.len() == 1) && s["thinking"] == false
        })
        .await;
    let score = after["evals"]["0"]["cp"]
        .as_i64()
        .expect("a centipawn score");
    let (_, answer) = api
        .post(&format!("/api/games/{level_id}/draw"), json!({}))
        .await;
    assert_eq!(answer["accepted"], score.abs() <= 20, "{score}: {answer}");
    if score.abs() <= 20 {
        assert_eq!(answer["state"]["result"]["reason"], "agreement");
        assert_eq!(answer["state"]["result"]["result"], "1/2-1/2");
    }

    // Between two people a draw offer is agreed at once.
    let people = api
        .create(json!({"game": "leiserchess", "white": "human", "black": "human"}))
        .await;
    let (_, answer) = api
        .post(&format!("/api/games/{}/draw", id(&people)), json!({}))
        .await;
    assert_eq!(answer["accepted"], true);
    assert_eq!(answer["state"]["result"]["text"], "Draw by agreement");
}
