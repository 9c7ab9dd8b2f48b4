//! API tests of the HTTP layer, in-process through the router: unknown
//! games, routes and methods; malformed, unsupported and oversized bodies;
//! the cap on open games and `/api/info`; the page's assets and their
//! entity tags; the Host check. Each error a client can cause is a 4xx
//! with a JSON message.
//! Creating games is in `api_create.rs`, moves and positions in
//! `api_moves.rs`, engine play in `api_engine.rs`, the clock and the event
//! stream in `api_events.rs`.

mod common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::json;

use common::{assert_error, human_vs_human, split, Api};
use webgui::Config;

#[tokio::test]
async fn malformed_unsupported_and_oversized_bodies_are_4xx_json() {
    let api = Api::with(Config {
        max_body_bytes: 1024,
        ..Config::default()
    });
    let raw = |content_type: Option<&str>, body: String| {
        let mut b = Request::builder().method(Method::POST).uri("/api/games");
        if let Some(ct) = content_type {
            b = b.header(header::CONTENT_TYPE, ct);
        }
        b.body(Body::from(body)).expect("request")
    };
    let r = split(
        api.send(raw(Some("application/json"), "{\"game\": ".into()))
            .await,
    )
    .await;
    assert_error(&r, StatusCode::BAD_REQUEST, "bad_request");
    let r = split(api.send(raw(None, "{\"game\":\"chess\"}".into())).await).await;
    assert_error(
        &r,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "unsupported_media_type",
    );
    let r = split(
        api.send(raw(Some("text/plain"), "{\"game\":\"chess\"}".into()))
            .await,
    )
    .await;
    assert_error(
        &r,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "unsupported_media_type",
    );
    let huge = format!("{{\"game\":\"chess\",\"pgn\":\"{}\"}}", "a ".repeat(4096));
    let r = split(api.send(raw(Some("application/json"), huge)).await).await;
    assert_error(&r, StatusCode::PAYLOAD_TOO_LARGE, "body_too_large");
}

#[tokio::test]
async fn unknown_games_routes_and_methods() {
    let api = Api::new();
    for uri in [
        "/api/games/nope",
        "/api/games/nope/legal",
        "/api/games/nope/fen",
        "/api/games/nope/pgn",
        "/api/games/nope/position?ply=0",
        "/api/games/nope/events",
    ] {
        assert_error(&api.get(uri).await, StatusCode::NOT_FOUND, "unknown_game");
    }
    for uri in [
        "/api/games/nope/moves",
        "/api/games/nope/engine",
        "/api/games/nope/engine/stop",
        "/api/games/nope/autoplay",
        "/api/games/nope/undo",
    ] {
        let body = match uri.rsplit('/').next() {
            Some("moves") => json!({"move": "e2e4"}),
            Some("autoplay") => json!({"on": true}),
            _ => json!({}),
        };
        assert_error(
            &api.post(uri, body).await,
            StatusCode::NOT_FOUND,
            "unknown_game",
        );
    }
    let r = api
        .call(
            Method::PUT,
            "/api/games/nope/limit",
            Some(json!({"depth": 2})),
        )
        .await;
    assert_error(&r, StatusCode::NOT_FOUND, "unknown_game");
    let r = api.call(Method::DELETE, "/api/games/nope", None).await;
    assert_error(&r, StatusCode::NOT_FOUND, "unknown_game");
    assert_error(
        &api.get("/api/nothing/here").await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
    assert_error(
        &api.get("/nothing").await,
        StatusCode::NOT_FOUND,
        "not_found",
    );
    let r = api.call(Method::PUT, "/api/games", Some(json!({}))).await;
    assert_error(&r, StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed");
    let r = api.call(Method::GET, "/api/games/x/moves", None).await;
    assert_error(&r, StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed");
}

#[tokio::test]
async fn too_many_games_is_429_and_info_counts_games() {
    let api = Api::with(Config {
        max_games: 2,
        ..Config::default()
    });
    api.create(human_vs_human("chess")).await;
    api.create(human_vs_human("chess")).await;
    let r = api.post("/api/games", human_vs_human("chess")).await;
    assert_error(&r, StatusCode::TOO_MANY_REQUESTS, "too_many_games");
    let (status, info) = api.get("/api/info").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(info["games"], 2);
    assert_eq!(info["engine"], "built-in");
}

#[tokio::test]
async fn page_assets_are_served_from_the_binary() {
    let api = Api::new();
    let get = |uri: &str| {
        Request::builder()
            .uri(uri.to_string())
            .header(header::HOST, "127.0.0.1:8080")
            .body(Body::empty())
            .expect("request")
    };
    let index = api.send(get("/")).await;
    assert_eq!(index.status(), StatusCode::OK);
    assert!(index.headers()[header::CONTENT_TYPE]
        .to_str()
        .is_ok_and(|c| c.starts_with("text/html")));
    assert!(index
        .headers()
        .contains_key(header::CONTENT_SECURITY_POLICY));
    let html = index.into_body().collect().await.expect("body").to_bytes();
    assert!(String::from_utf8_lossy(&html).contains("/static/js/main.js"));
    for (path, kind) in [
        ("/static/js/main.js", "text/javascript"),
        ("/static/js/board.js", "text/javascript"),
        ("/static/style.css", "text/css"),
        ("/static/favicon.svg", "image/svg+xml"),
    ] {
        let r = api.send(get(path)).await;
        assert_eq!(r.status(), StatusCode::OK, "{path}");
        assert!(r.headers()[header::CONTENT_TYPE]
            .to_str()
            .is_ok_and(|c| c.starts_with(kind)));
    }
    let (status, body) = split(api.send(get("/static/../Cargo.toml")).await).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
}

// A reload revalidates each file (`no-cache`); the file's entity tag
// lets the browser keep its copy on a 304 instead of taking it again.
#[tokio::test]
async fn a_file_the_browser_has_is_not_modified() {
    let api = Api::new();
    let get = |path: &str, tag: Option<&str>| {
        let mut request = Request::builder().uri(path);
        if let Some(tag) = tag {
            request = request.header(header::IF_NONE_MATCH, tag);
        }
        request.body(Body::empty()).expect("request")
    };
    let mut tags = Vec::new();
    for path in ["/", "/static/js/main.js", "/static/js/board.js"] {
        let first = api.send(get(path, None)).await;
        assert_eq!(first.status(), StatusCode::OK, "{path}");
        let tag = first.headers()[header::ETAG]
            .to_str()
            .expect("a tag")
            .to_string();
        let again = api.send(get(path, Some(&tag))).await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
        assert_eq!(again.headers()[header::ETAG], tag.as_str());
        assert_eq!(again.headers()[header::CACHE_CONTROL], "no-cache");
        let body = again.into_body().collect().await.expect("body").to_bytes();
        assert!(body.is_empty(), "{path}: a 304 has no body");
        let stale = api.send(get(path, Some("\"0000\""))).await;
        assert_eq!(stale.status(), StatusCode::OK, "{path}: another copy");
        tags.push(tag);
    }
    tags.dedup();
    assert_eq!(tags.len(), 3, "each file its own tag: {tags:?}");
}

#[tokio::test]
async fn requests_for_other_hosts_are_refused() {
    let api = Api::new();
    let request = Request::builder()
        .uri("/api/info")
        .header(header::HOST, "attacker.example:8080")
        .body(Body::empty())
        .expect("request");
    let (status, body) = split(api.send(request).await).await;
    assert_eq!(status, StatusCode::MISDIRECTED_REQUEST);
    assert_eq!(body["code"], "bad_host");
}
