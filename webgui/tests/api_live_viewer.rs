//! The live viewer's page and runs (issue 39, defect 6): `/live` names
//! the address it was reached at, not a fixed one, and a run whose
//! autotester went silent with games in progress is marked interrupted,
//! in the snapshot and on the stream.

mod common;

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};

use common::Api;
use webgui::Config;

async fn page(api: &Api, host: Option<&str>) -> String {
    let mut request = Request::builder().uri("/live");
    if let Some(host) = host {
        request = request.header(header::HOST, host);
    }
    let response = api
        .send(request.body(Body::empty()).expect("request"))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    String::from_utf8_lossy(&bytes).into_owned()
}

#[tokio::test]
async fn the_live_page_names_the_address_it_was_reached_at() {
    let api = Api::new();
    let text = page(&api, Some("LocalHost:18123")).await;
    assert!(text.contains("-live http://localhost:18123"), "{text}");
    assert!(!text.contains("127.0.0.1:8080"), "{text}");
    let text = page(&api, Some("[::1]")).await;
    assert!(text.contains("-live http://[::1]<"), "{text}");
    // No Host (an HTTP/1.0 client): the page keeps its example.
    let text = page(&api, None).await;
    assert!(
        text.contains(webgui::assets::LIVE_EXAMPLE_ADDRESS),
        "{text}"
    );
}

fn start(run: &str, id: &str) -> Value {
    json!({"run": run, "game": "chess", "kind": "start", "id": id, "round": 1,
           "white": "A", "black": "B", "moves": ["e4"]})
}

async fn post(api: &Api, event: Value) {
    let (status, body) = api.post("/api/live/events", event).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
}

/// The run named `name` in the snapshot.
async fn run_of(api: &Api, name: &str) -> Value {
    let (_, snap) = api.get("/api/live").await;
    let runs = snap["runs"].as_array().expect("runs").clone();
    runs.into_iter()
        .find(|r| r["run"] == name)
        .unwrap_or_else(|| panic!("no run {name}: {snap}"))
}

#[tokio::test]
async fn a_silent_run_with_games_in_progress_is_interrupted() {
    let api = Api::with(Config {
        live_silent_after: Duration::from_millis(300),
        ..Config::default()
    });
    post(&api, start("killed", "g1")).await;
    post(&api, start("done", "g1")).await;
    post(
        &api,
        json!({"run": "done", "game": "chess", "kind": "end", "id": "g1", "result": "1-0"}),
    )
    .await;
    let fresh = run_of(&api, "killed").await;
    assert_eq!(fresh["interrupted"], false, "{fresh}");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let silent = run_of(&api, "killed").await;
    assert_eq!(silent["interrupted"], true, "{silent}");
    assert!(silent["version"].as_u64() > fresh["version"].as_u64());
    // A run whose games all ended is finished, not interrupted.
    assert_eq!(run_of(&api, "done").await["interrupted"], false);
    // A late event: the run goes on.
    post(
        &api,
        json!({"run": "killed", "game": "chess", "kind": "move", "id": "g1", "move": "e5"}),
    )
    .await;
    assert_eq!(run_of(&api, "killed").await["interrupted"], false);
}

/// The `run` events of the live stream until one satisfies `want` or the
/// time runs out.
async fn wait_for_run(body: &mut Body, limit: Duration, want: impl Fn(&Value) -> bool) -> bool {
    let deadline = Instant::now() + limit;
    let mut buffer = String::new();
    while Instant::now() < deadline {
        let left = deadline.saturating_duration_since(Instant::now());
        let Ok(Some(Ok(frame))) = tokio::time::timeout(left, body.frame()).await else {
            return false;
        };
        if let Ok(data) = frame.into_data() {
            buffer.push_str(&String::from_utf8_lossy(&data));
        }
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let is_run = block.lines().any(|l| l == "event: run");
            let data = block.lines().find_map(|l| l.strip_prefix("data: "));
            let value = data.and_then(|d| serde_json::from_str::<Value>(d).ok());
            if is_run && value.as_ref().is_some_and(&want) {
                return true;
            }
        }
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_page_is_told_when_a_run_goes_silent() {
    let api = Api::with(Config {
        live_silent_after: Duration::from_millis(200),
        ..Config::default()
    });
    post(&api, start("killed", "g1")).await;
    let request = Request::builder()
        .uri("/api/live/stream")
        .body(Body::empty())
        .expect("request");
    let mut body = api.send(request).await.into_body();
    let told = wait_for_run(&mut body, Duration::from_secs(5), |run| {
        run["run"] == "killed" && run["interrupted"] == true
    })
    .await;
    assert!(told, "no run event marked the silent run interrupted");
}
