//! In-process API client for the tests: requests go straight into the
//! router (no sockets), responses come back as JSON.

#![allow(dead_code)]

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

use webgui::security::HostPolicy;
use webgui::Config;

/// The FEN of the chess start position.
pub const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The body that creates a game of `game` with a person on each side.
pub fn human_vs_human(game: &str) -> Value {
    json!({"game": game, "white": "human", "black": "human"})
}

pub struct Api {
    pub router: Router,
}

impl Api {
    pub fn new() -> Api {
        Api::with(Config::default())
    }

    pub fn with(config: Config) -> Api {
        Api::with_policy(config, HostPolicy::LoopbackOnly)
    }

    pub fn with_policy(config: Config, policy: HostPolicy) -> Api {
        Api {
            router: webgui::app_with_host_policy(
                Config {
                    hash_mb: 2,
                    ..config
                },
                policy,
            ),
        }
    }

    pub async fn send(&self, request: Request<Body>) -> axum::response::Response {
        self.router
            .clone()
            .oneshot(request)
            .await
            .expect("the router never fails")
    }

    /// A request with an optional JSON body; returns status and JSON.
    pub async fn call(
        &self,
        method: Method,
        uri: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut builder = Request::builder().method(method).uri(uri);
        let body = match body {
            Some(v) => {
                builder = builder.header(header::CONTENT_TYPE, "application/json");
                Body::from(v.to_string())
            }
            None => Body::empty(),
        };
        let response = self.send(builder.body(body).expect("valid request")).await;
        split(response).await
    }

    pub async fn get(&self, uri: &str) -> (StatusCode, Value) {
        self.call(Method::GET, uri, None).await
    }

    pub async fn post(&self, uri: &str, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, uri, Some(body)).await
    }

    /// Creates a game and returns its state (panics unless 201).
    pub async fn create(&self, body: Value) -> Value {
        let (status, state) = self.post("/api/games", body).await;
        assert_eq!(status, StatusCode::CREATED, "{state}");
        state
    }

    /// Polls the state until `done` holds (or panics after `limit`).
    pub async fn wait_for(
        &self,
        id: &str,
        limit: Duration,
        done: impl Fn(&Value) -> bool,
    ) -> Value {
        let start = Instant::now();
        loop {
            let (status, state) = self.get(&format!("/api/games/{id}")).await;
            assert_eq!(status, StatusCode::OK, "{state}");
            if done(&state) {
                return state;
            }
            assert!(
                start.elapsed() < limit,
                "timed out waiting; last state {state}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

pub async fn split(response: axum::response::Response) -> (StatusCode, Value) {
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes();
    let value = if bytes.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()))
    };
    (status, value)
}

pub fn id(state: &Value) -> String {
    state["id"].as_str().expect("an id").to_string()
}

pub fn ply(state: &Value) -> usize {
    state["moves"].as_array().map_or(0, Vec::len)
}

/// Asserts a JSON error with this status and code.
pub fn assert_error(result: &(StatusCode, Value), status: StatusCode, code: &str) {
    assert_eq!(result.0, status, "{}", result.1);
    assert_eq!(result.1["code"], code, "{}", result.1);
    assert!(
        result.1["error"].as_str().is_some_and(|m| !m.is_empty()),
        "an error message: {}",
        result.1
    );
}

/// An executable script in the temp directory (a scripted engine),
/// removed on drop.
pub struct TempScript(pub std::path::PathBuf);

impl TempScript {
    pub fn new(text: &str) -> TempScript {
        use std::os::unix::fs::PermissionsExt;
        use std::sync::atomic::{AtomicU32, Ordering};
        static N: AtomicU32 = AtomicU32::new(0);
        let path = std::env::temp_dir().join(format!(
            "webgui-mock-engine-{}-{}.sh",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::write(&path, text).expect("write the script");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        TempScript(path)
    }
}

impl Drop for TempScript {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
