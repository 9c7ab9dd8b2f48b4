//! The engines' table memory: shared out of one budget, given back when a
//! game is deleted, ends, or leaves its engine idle. In-process; the
//! counts come from `/api/info`.

mod common;

use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use common::{id, ply, Api};
use webgui::Config;

/// Polls `/api/info` until `done` holds (or panics after five seconds).
async fn info_until(api: &Api, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let (status, info) = api.get("/api/info").await;
        assert_eq!(status, StatusCode::OK);
        if done(&info) {
            return info;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "last info {info}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A game whose engine (White) moves first.
async fn engine_moves_first(api: &Api, game: &str) -> String {
    let state = api
        .create(json!({"game": game, "white": "engine", "black": "human",
                       "limit": {"movetime_ms": 10}}))
        .await;
    let id = id(&state);
    api.wait_for(&id, Duration::from_secs(20), |s| ply(s) >= 1)
        .await;
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_share_the_budget_and_go_back_when_games_are_deleted() {
    // Tests run with 2 MB per game; 4 MB in all holds two of those.
    let api = Api::with(Config {
        hash_total_mb: 4,
        ..Config::default()
    });
    let mut ids = Vec::new();
    for n in 0..6 {
        let game = if n % 2 == 0 { "chess" } else { "leiserchess" };
        ids.push(engine_moves_first(&api, game).await);
    }
    let info = info_until(&api, |i| i["engines"] == 6).await;
    assert_eq!(info["hash_total_mb"], 4);
    // 2 + 2, then the minimum of 1 MB for each of the other four.
    assert_eq!(info["hash_used_mb"], 8, "{info}");
    for id in ids.drain(..3) {
        let (status, _) = api
            .call(Method::DELETE, &format!("/api/games/{id}"), None)
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT);
    }
    info_until(&api, |i| i["engines"] == 3).await;
    for id in ids {
        api.call(Method::DELETE, &format!("/api/games/{id}"), None)
            .await;
    }
    let info = info_until(&api, |i| i["engines"] == 0).await;
    assert_eq!(info["hash_used_mb"], 0, "{info}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_gives_its_engine_back() {
    let api = Api::new();
    // After 1. f3 e5 2. g4 the engine (Black) mates with Qh4.
    let state = api
        .create(json!({"game": "chess", "white": "human", "black": "engine",
                       "fen": "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
                       "limit": {"depth": 3}}))
        .await;
    let state = api
        .wait_for(&id(&state), Duration::from_secs(20), |s| {
            !s["result"].is_null()
        })
        .await;
    assert_eq!(state["result"]["reason"], "checkmate", "{state}");
    let info = info_until(&api, |i| i["engines"] == 0).await;
    assert_eq!(info["hash_used_mb"], 0);
    assert_eq!(info["games"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_engine_gives_its_table_back_and_a_new_one_is_built() {
    let api = Api::with(Config {
        engine_idle_release: Duration::from_millis(300),
        ..Config::default()
    });
    let id = engine_moves_first(&api, "chess").await;
    let started = Instant::now();
    info_until(&api, |i| i["engines"] == 0).await;
    assert!(started.elapsed() < Duration::from_secs(3));
    // The person's move: the engine comes back to answer.
    let (status, state) = api
        .post(
            &format!("/api/games/{id}/moves"),
            json!({"move": state_first_legal(&api, &id).await}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    api.wait_for(&id, Duration::from_secs(20), |s| ply(s) >= 3)
        .await;
}

async fn state_first_legal(api: &Api, id: &str) -> Value {
    let (_, state) = api.get(&format!("/api/games/{id}")).await;
    state["legal"][0]["text"].clone()
}
