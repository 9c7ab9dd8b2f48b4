//! Load test: 50 games at once over real HTTP on loopback, each a person
//! (this test) against the engine. Bounded in games, moves and time.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::{header, Method, Request};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::{json, Value};
use tokio::sync::Mutex;

const GAMES: usize = 50;
const MOVES_PER_GAME: usize = 4;
const TIME_LIMIT: Duration = Duration::from_secs(90);

type Http = Client<hyper_util::client::legacy::connect::HttpConnector, Full<Bytes>>;

#[derive(Default)]
struct Stats {
    requests: usize,
    errors: Vec<String>,
    slowest: Duration,
}

async fn call(
    http: &Http,
    base: &str,
    method: Method,
    path: &str,
    body: Option<Value>,
    stats: &Mutex<Stats>,
) -> Option<Value> {
    let mut request = Request::builder()
        .method(method)
        .uri(format!("{base}{path}"));
    let bytes = match body {
        Some(v) => {
            request = request.header(header::CONTENT_TYPE, "application/json");
            Bytes::from(v.to_string())
        }
        None => Bytes::new(),
    };
    let started = Instant::now();
    let result = http
        .request(request.body(Full::new(bytes)).expect("request"))
        .await;
    let took = started.elapsed();
    let mut s = stats.lock().await;
    s.requests += 1;
    s.slowest = s.slowest.max(took);
    match result {
        Ok(response) => {
            let status = response.status();
            let body = response.into_body().collect().await.map(|b| b.to_bytes());
            match (status, body) {
                (status, Ok(bytes)) if status.is_success() => serde_json::from_slice(&bytes).ok(),
                (status, body) => {
                    s.errors.push(format!("{path}: {status} {body:?}"));
                    None
                }
            }
        }
        Err(e) => {
            s.errors.push(format!("{path}: {e}"));
            None
        }
    }
}

async fn play_one(
    http: Http,
    base: String,
    n: usize,
    stats: Arc<Mutex<Stats>>,
) -> Result<(), String> {
    let game = if n % 2 == 0 { "chess" } else { "leiserchess" };
    let state = call(
        &http,
        &base,
        Method::POST,
        "/api/games",
        Some(json!({"game": game, "limit": {"movetime_ms": 50}})),
        &stats,
    )
    .await
    .ok_or("create failed")?;
    let id = state["id"].as_str().ok_or("no id")?.to_string();
    let path = format!("/api/games/{id}");
    let mut state = state;
    for round in 0..MOVES_PER_GAME {
        if !state["result"].is_null() {
            break;
        }
        let legal = state["legal"].as_array().ok_or("no legal moves")?;
        let mv = legal[(n + round * 7) % legal.len()]["text"].clone();
        call(
            &http,
            &base,
            Method::POST,
            &format!("{path}/moves"),
            Some(json!({"move": mv})),
            &stats,
        )
        .await
        .ok_or("move failed")?;
        // Wait for the engine's reply.
        let want = 2 * (round + 1);
        loop {
            state = call(&http, &base, Method::GET, &path, None, &stats)
                .await
                .ok_or("state failed")?;
            let ply = state["moves"].as_array().map_or(0, Vec::len);
            if ply >= want || !state["result"].is_null() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }
    call(
        &http,
        &base,
        Method::GET,
        &format!("{path}/pgn"),
        None,
        &stats,
    )
    .await
    .ok_or("pgn failed")?;
    // DELETE answers 204 without a body; a failure lands in the stats.
    call(&http, &base, Method::DELETE, &path, None, &stats).await;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_simultaneous_games_without_errors() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let router = webgui::app(webgui::Config {
        hash_mb: 2,
        ..webgui::Config::default()
    });
    let limits = webgui::ConnectionLimits::default();
    tokio::spawn(webgui::serve(
        listener,
        router,
        limits,
        std::future::pending(),
    ));
    let http: Http = Client::builder(TokioExecutor::new()).build_http();
    let stats = Arc::new(Mutex::new(Stats::default()));
    let started = Instant::now();
    let tasks: Vec<_> = (0..GAMES)
        .map(|n| tokio::spawn(play_one(http.clone(), base.clone(), n, Arc::clone(&stats))))
        .collect();
    let all = tokio::time::timeout(TIME_LIMIT, futures_join(tasks)).await;
    let elapsed = started.elapsed();
    let results = all.expect("the load test finished in time");
    let stats = stats.lock().await;
    eprintln!(
        "load: {GAMES} games x {MOVES_PER_GAME} moves, {} requests in {elapsed:?}, slowest request {:?}, {} errors",
        stats.requests,
        stats.slowest,
        stats.errors.len()
    );
    assert!(stats.errors.is_empty(), "{:?}", stats.errors);
    for r in results {
        r.expect("task did not panic").expect("game played");
    }
}

async fn futures_join<T>(
    tasks: Vec<tokio::task::JoinHandle<T>>,
) -> Vec<Result<T, tokio::task::JoinError>> {
    let mut out = Vec::with_capacity(tasks.len());
    for t in tasks {
        out.push(t.await);
    }
    out
}
