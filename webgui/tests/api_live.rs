//! The live viewer's API (issue 15): events from an autotester run build
//! the boards and standings; bad events are refused with a 4xx.

mod common;

use axum::http::StatusCode;
use serde_json::json;

use common::{assert_error, Api};

#[tokio::test]
async fn live_events_build_boards_and_standings() {
    let api = Api::new();
    let post = |body| api.post("/api/live/events", body);
    let start = json!({"run": "r", "game": "leiserchess", "kind": "start", "id": "g1", "round": 1,
                       "white": "A", "black": "B", "fen": null, "moves": ["h0L"]});
    assert_eq!(post(start).await.0, StatusCode::NO_CONTENT);
    let (status, body) =
        post(json!({"run": "r", "game": "leiserchess", "kind": "move", "id": "g1", "move": "a7R"}))
            .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let (_, snap) = api.get("/api/live").await;
    let board = &snap["runs"][0]["boards"][0];
    assert_eq!(board["position"]["ply"], 2, "{snap}");
    assert!(board["position"]["laser"]["path"].is_array(), "{board}");

    // Illegal moves, unknown games and results, a board never started.
    assert_error(
        &post(
            json!({"run": "r", "game": "leiserchess", "kind": "move", "id": "g1", "move": "a0a4"}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "illegal_move",
    );
    assert_error(
        &post(
            json!({"run": "r", "game": "leiserchess", "kind": "move", "id": "g9", "move": "h0L"}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert_error(
        &post(
            json!({"run": "r", "game": "leiserchess", "kind": "end", "id": "g1", "result": "2-0"}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert_error(
        &post(json!({"run": "r", "game": "chess", "kind": "end", "id": "g1", "result": "1-0"}))
            .await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert_error(
        &post(
            json!({"run": "r", "game": "leiserchess", "kind": "start", "id": "g2", "round": 2,
                     "white": "A", "black": "B", "fen": "x".repeat(300)}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "bad_fen",
    );
    let (status, _) = post(json!({"run": "r", "game": "leiserchess", "kind": "explode"})).await;
    assert!(status.is_client_error());

    let (status, _) = post(
        json!({"run": "r", "game": "leiserchess", "kind": "end", "id": "g1", "result": "1-0"}),
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let standings = json!({"run": "r", "game": "leiserchess", "kind": "standings", "players": [
        {"name": "A", "wins": 1, "draws": 0, "losses": 0, "elo": null},
        {"name": "B", "wins": 0, "draws": 0, "losses": 1}]});
    assert_eq!(post(standings).await.0, StatusCode::NO_CONTENT);
    let (_, snap) = api.get("/api/live").await;
    assert_eq!(snap["runs"][0]["boards"][0]["result"], "1-0");
    assert_eq!(snap["runs"][0]["standings"][1]["losses"], 1);
}
