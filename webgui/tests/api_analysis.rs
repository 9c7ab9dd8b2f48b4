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
        .create(json!({"game": "chess", "white": "human", "black": "human"}))
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

/// Issue 39, defect 2: analysis once made both players people and dropped
/// the clock, silently ending a game against the engine. Now a running
/// engine game refuses it, and a finished one is analysed without losing
/// its players or time control (the PGN still names them).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_keeps_the_players_and_clock_of_a_game_against_the_engine() {
    let api = Api::new();
    let state = api
        .create(json!({"game": "chess", "white": "human", "black": "engine",
            "clock": {"initial_ms": 60000, "increment_ms": 2000}, "limit": {"depth": 2}}))
        .await;
    let game = id(&state);
    let uri = format!("/api/games/{game}/analysis");
    let pgn_tags = |pgn: &serde_json::Value| {
        let text = pgn["pgn"].as_str().expect("pgn").to_string();
        assert!(text.contains("[TimeControl \"60+2\"]"), "{text}");
        // The person is White, the engine Black (by its name).
        assert!(text.contains("[White \"Human\"]"), "{text}");
        assert!(!text.contains("[Black \"Human\"]"), "{text}");
        text
    };
    let (status, refused) = api.post(&uri, json!({"on": true, "lines": 2})).await;
    assert_error(&(status, refused.clone()), StatusCode::CONFLICT, "conflict");
    assert!(
        refused["error"]
            .as_str()
            .is_some_and(|e| e.contains("against the engine")),
        "{refused}"
    );
    let (_, now) = api.get(&format!("/api/games/{game}")).await;
    assert_eq!(now["players"], json!({"white": "human", "black": "engine"}));
    assert!(now["clock"].is_object(), "{now}");
    let (_, pgn) = api.get(&format!("/api/games/{game}/pgn")).await;
    let before = pgn_tags(&pgn);

    // Once the game is over it may be analysed; players and clock stay.
    let (status, _) = api
        .post(&format!("/api/games/{game}/resign"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, on) = api.post(&uri, json!({"on": true, "lines": 2})).await;
    assert_eq!(status, StatusCode::OK, "{on}");
    assert_eq!(on["players"], json!({"white": "human", "black": "engine"}));
    assert!(on["clock"].is_object(), "{on}");
    let (_, off) = api.post(&uri, json!({"on": false})).await;
    assert_eq!(off["players"], json!({"white": "human", "black": "engine"}));
    assert!(off["clock"].is_object(), "{off}");
    let (_, pgn) = api.get(&format!("/api/games/{game}/pgn")).await;
    let after = pgn_tags(&pgn);
    let players = |t: &str| {
        t.lines()
            .filter(|l| l.starts_with("[White ") || l.starts_with("[Black "))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(players(&before), players(&after), "{after}");
}
