//! The clock and the event stream over the API: the server enforces the
//! clock (a fallen flag ends the game, the increment is added, the engine
//! moves on its own time), and `GET /api/games/{id}/events` pushes each
//! state, live engine progress and a fallen flag as server-sent events.

mod common;

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};

use common::{assert_error, id, ply, Api};

#[tokio::test]
async fn the_server_enforces_the_clock() {
    let api = Api::new();
    let state = api
        .create(json!({"game": "chess", "white": "human", "black": "human", "clock": {"initial_ms": 400, "increment_ms": 0}}))
        .await;
    // Issue 39, defect 5: no clock runs before each side's first move, so
    // a game nobody has touched is not lost on time.
    assert_eq!(state["clock"]["running"], Value::Null);
    assert_eq!(state["clock"]["initial_ms"], 400);
    let g = id(&state);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (_, waiting) = api.get(&format!("/api/games/{g}")).await;
    assert_eq!(waiting["result"], Value::Null, "{waiting}");
    assert_eq!(waiting["clock"]["white_ms"], 400, "{waiting}");
    api.post(&format!("/api/games/{g}/moves"), json!({"move": "e4"}))
        .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (_, started) = api
        .post(&format!("/api/games/{g}/moves"), json!({"move": "e5"}))
        .await;
    assert_eq!(started["clock"]["running"], "white", "{started}");
    assert_eq!(started["clock"]["black_ms"], 400, "{started}");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (_, over) = api.get(&format!("/api/games/{g}")).await;
    assert_eq!(over["result"]["reason"], "time", "{over}");
    assert_eq!(over["result"]["result"], "0-1");
    assert_error(
        &api.post(&format!("/api/games/{g}/moves"), json!({"move": "e4"}))
            .await,
        StatusCode::CONFLICT,
        "conflict",
    );
    assert_error(
        &api.post(&format!("/api/games/{g}/undo"), json!({})).await,
        StatusCode::CONFLICT,
        "conflict",
    );

    // The increment is added, and the engine moves on its own clock.
    let state = api
        .create(json!({"game": "chess", "white": "human", "black": "engine", "limit": {"movetime_ms": 100}, "clock": {"initial_ms": 60000, "increment_ms": 2000}}))
        .await;
    let g = id(&state);
    let (_, after) = api
        .post(&format!("/api/games/{g}/moves"), json!({"move": "e4"}))
        .await;
    // The first moves are free: no time charged, no increment earned.
    assert_eq!(after["clock"]["white_ms"], 60_000, "{after}");
    let done = api
        .wait_for(&g, Duration::from_secs(5), |s| ply(s) == 2)
        .await;
    assert_eq!(done["clock"]["running"], "white");
    assert_eq!(done["clock"]["black_ms"], 60_000, "{done}");
    let (_, after) = api
        .post(&format!("/api/games/{g}/moves"), json!({"move": "d4"}))
        .await;
    assert!(after["clock"]["white_ms"]
        .as_u64()
        .is_some_and(|ms| ms > 60_000));
    let done = api
        .wait_for(&g, Duration::from_secs(5), |s| ply(s) == 4)
        .await;
    assert!(done["clock"]["black_ms"]
        .as_u64()
        .is_some_and(|ms| ms > 60_000));
    let (_, pgn) = api.get(&format!("/api/games/{g}/pgn")).await;
    assert!(pgn["pgn"]
        .as_str()
        .is_some_and(|p| p.contains("[TimeControl \"60+2\"]")));
}

/// Reads server-sent events from a response body until `want` has been
/// seen or the time runs out; returns the events as (name, data).
async fn read_events(
    body: &mut Body,
    limit: Duration,
    mut want: impl FnMut(&str, &Value) -> bool,
) -> Vec<(String, Value)> {
    let deadline = Instant::now() + limit;
    let mut buffer = String::new();
    let mut events = Vec::new();
    while Instant::now() < deadline {
        let left = deadline.saturating_duration_since(Instant::now());
        let Ok(Some(Ok(frame))) = tokio::time::timeout(left, body.frame()).await else {
            break;
        };
        if let Ok(data) = frame.into_data() {
            buffer.push_str(&String::from_utf8_lossy(&data));
        }
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let mut name = String::new();
            let mut data = String::new();
            for line in block.lines() {
                if let Some(v) = line.strip_prefix("event:") {
                    name = v.trim().to_string();
                } else if let Some(v) = line.strip_prefix("data:") {
                    data.push_str(v.trim());
                }
            }
            if name.is_empty() {
                continue; // keep-alive comment
            }
            let value: Value = serde_json::from_str(&data).unwrap_or(Value::Null);
            let done = want(&name, &value);
            events.push((name, value));
            if done {
                return events;
            }
        }
    }
    events
}

#[tokio::test]
async fn events_stream_state_and_live_engine_progress() {
    let api = Api::new();
    let state = api
        .create(json!({"game": "chess", "white": "human", "black": "engine", "limit": {"movetime_ms": 1000}}))
        .await;
    let g = id(&state);
    let request = Request::builder()
        .uri(format!("/api/games/{g}/events"))
        .body(Body::empty())
        .expect("request");
    let response = api.send(request).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()[header::CONTENT_TYPE]
        .to_str()
        .is_ok_and(|ct| ct.starts_with("text/event-stream")));
    let mut body = response.into_body();
    let first = read_events(&mut body, Duration::from_secs(2), |_, _| true).await;
    assert_eq!(first[0].0, "state");
    assert_eq!(first[0].1["id"], g);

    // Speed target: an engine move at a 1 s limit reaches the page within
    // 1.2 s of the person's move.
    let sent = Instant::now();
    api.post(&format!("/api/games/{g}/moves"), json!({"move": "d4"}))
        .await;
    let events = read_events(&mut body, Duration::from_secs(5), |name, v| {
        name == "state" && ply(v) == 2
    })
    .await;
    let latency = sent.elapsed();
    eprintln!("engine move at a 1 s limit arrived after {latency:?}");
    assert!(
        events.iter().any(|(n, v)| n == "state" && ply(v) == 2),
        "{events:?}"
    );
    assert!(latency < Duration::from_millis(1200), "{latency:?}");
    let infos: Vec<&Value> = events
        .iter()
        .filter(|(n, _)| n == "info")
        .map(|(_, v)| v)
        .collect();
    assert!(infos.len() >= 2, "live progress: {infos:?}");
    for info in infos {
        assert!(info["depth"].is_u64() && info["nodes"].is_u64() && info["nps"].is_u64());
        assert!(info["score"]["cp"].is_i64() || info["score"]["mate"].is_i64());
        assert!(info["pv"].is_array());
    }
}

#[tokio::test]
async fn a_fallen_flag_is_pushed_to_subscribers() {
    let api = Api::new();
    let state = api
        .create(json!({"game": "leiserchess", "white": "human", "black": "human", "clock": {"initial_ms": 300}}))
        .await;
    let g = id(&state);
    // The clocks start once each side has moved.
    for _ in 0..2 {
        let (_, legal) = api.get(&format!("/api/games/{g}/legal")).await;
        let first = legal["moves"][0]["text"].clone();
        let (status, _) = api
            .post(&format!("/api/games/{g}/moves"), json!({"move": first}))
            .await;
        assert_eq!(status, StatusCode::OK, "{first}");
    }
    let request = Request::builder()
        .uri(format!("/api/games/{g}/events"))
        .body(Body::empty())
        .expect("request");
    let mut body = api.send(request).await.into_body();
    let events = read_events(&mut body, Duration::from_secs(3), |name, v| {
        name == "state" && !v["result"].is_null()
    })
    .await;
    let (_, last) = events.last().expect("events");
    assert_eq!(last["result"]["reason"], "time", "{events:?}");
    assert_eq!(last["result"]["text"], "Tangerine loses on time");
}
