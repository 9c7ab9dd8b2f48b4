//! Analysis over the API (issue 15): `POST /api/games/{id}/analysis`
//! turns a game into an analysis board whose engine reports several
//! lines (`MultiPV`) with search statistics, and keeps evaluations by ply.

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::json;

use common::{assert_error, id, Api};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_reports_lines_and_keeps_evaluations() {
    let api = Api::new();
    let state = api
        .create(json!({"game": "chess", "white": "human", "black": "engine", "clock": {"initial_ms": 60000, "increment_ms": 0}}))
        .await;
    let game = id(&state);
    let uri = format!("/api/games/{game}/analysis");

    for bad in [
        json!({"on": true, "lines": 0}),
        json!({"on": true, "lines": 6}),
    ] {
        assert_error(
            &api.post(&uri, bad).await,
            StatusCode::BAD_REQUEST,
            "bad_request",
        );
    }
    assert_error(
        &api.post(&uri, json!({"lines": 2})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_request",
    );

    let (status, on) = api.post(&uri, json!({"on": true, "lines": 2})).await;
    assert_eq!(status, StatusCode::OK, "{on}");
    assert_eq!(on["analysis"], 2);
    // An analysis board: a person plays both sides, and there is no clock.
    assert_eq!(on["players"], json!({"white": "human", "black": "human"}));
    assert_eq!(on["clock"], serde_json::Value::Null);
    let searching = api
        .wait_for(&game, Duration::from_secs(10), |s| {
            s["analysing"] == true && s["info"]["depth"].as_u64().is_some_and(|d| d >= 3)
        })
        .await;
    assert_eq!(searching["thinking"], false, "analysis is not a move");
    let stats = &searching["info"]["stats"];
    assert!(
        stats["tt_probes"].as_u64().is_some_and(|n| n > 0),
        "{stats}"
    );
    assert!(stats["qnodes"].as_u64().is_some_and(|n| n > 0), "{stats}");
    assert!(searching["info"]["first"]["from"].is_string());
    assert!(searching["evals"]["0"].is_object(), "{searching}");
    // The engine may not move while analysis is on; a person's move goes
    // through (and the analysis follows the new position).
    assert_error(
        &api.post(&format!("/api/games/{game}/engine"), json!({}))
            .await,
        StatusCode::CONFLICT,
        "conflict",
    );
    let (status, moved) = api
        .post(&format!("/api/games/{game}/moves"), json!({"move": "e4"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    api.wait_for(&game, Duration::from_secs(10), |s| {
        s["evals"]["1"].is_object() && s["analysing"] == true
    })
    .await;
    // An earlier position: analysed, and its evaluation kept.
    assert_error(
        &api.post(&uri, json!({"on": true, "lines": 2, "ply": 5}))
            .await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    let (status, back) = api
        .post(&uri, json!({"on": true, "lines": 1, "ply": 0}))
        .await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back["analysis_ply"], 0);
    api.wait_for(&game, Duration::from_secs(10), |s| {
        s["analysing"] == true && s["info"]["depth"].as_u64().is_some_and(|d| d >= 2)
    })
    .await;
    let (_, off) = api.post(&uri, json!({"on": false})).await;
    assert_eq!(off["analysis"], serde_json::Value::Null);
    api.wait_for(&game, Duration::from_secs(5), |s| s["analysing"] == false)
        .await;
}
