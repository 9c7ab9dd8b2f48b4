//! The Host and Origin checks that keep the local server local (DNS
//! rebinding, cross-site requests), in-process through the router.

mod common;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use serde_json::{json, Value};

use common::{assert_error, split, Api};
use webgui::security::HostPolicy;
use webgui::Config;

/// The body of the reproducer in the issue: a ten-minute engine game.
fn expensive_game() -> Value {
    json!({"game": "chess", "white": "engine", "black": "engine", "autoplay": true,
           "limit": {"movetime_ms": 600000}})
}

fn human_game() -> Value {
    json!({"game": "chess", "white": "human", "black": "human"})
}

/// A request with these (possibly repeated) headers and an optional JSON body.
fn request(
    method: Method,
    uri: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> Request<Body> {
    let mut b = Request::builder().method(method).uri(uri);
    for (name, value) in headers {
        b = b.header(*name, *value);
    }
    let body = match body {
        Some(v) => {
            b = b.header(header::CONTENT_TYPE, "application/json");
            Body::from(v.to_string())
        }
        None => Body::empty(),
    };
    b.body(body).expect("request")
}

async fn send(api: &Api, r: Request<Body>) -> (StatusCode, Value) {
    split(api.send(r).await).await
}

#[tokio::test]
async fn hosts_that_merely_look_local_are_refused() {
    let api = Api::new();
    for host in [
        "127.attacker.example:18600",
        "127.0.0.1.nip.io",
        "127.0.0.1.nip.io:8080",
        "localhost:80@evil.example",
        "127.0.0.2:8080",
        "localhost.:8080",
        "localhost:99999",
        "localhost:8080x",
        "[::1].evil.example",
        "",
    ] {
        let r = send(
            &api,
            request(
                Method::POST,
                "/api/games",
                &[("host", host)],
                Some(expensive_game()),
            ),
        )
        .await;
        assert_error(&r, StatusCode::MISDIRECTED_REQUEST, "bad_host");
        let r = send(
            &api,
            request(Method::GET, "/api/info", &[("host", host)], None),
        )
        .await;
        assert_error(&r, StatusCode::MISDIRECTED_REQUEST, "bad_host");
    }
    let (_, info) = api.get("/api/info").await;
    assert_eq!(info["games"], 0, "no game was created");
    for host in [
        "127.0.0.1:18600",
        "localhost",
        "localhost:8080",
        "[::1]:8080",
        "[::1]",
    ] {
        let (status, body) = send(
            &api,
            request(Method::GET, "/api/info", &[("host", host)], None),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{host}: {body}");
    }
}

#[tokio::test]
async fn a_foreign_request_target_is_refused_whatever_the_host() {
    let api = Api::new();
    let r = send(
        &api,
        request(
            Method::GET,
            "http://evil.example/api/info",
            &[("host", "127.0.0.1:8080")],
            None,
        ),
    )
    .await;
    assert_error(&r, StatusCode::MISDIRECTED_REQUEST, "bad_host");
}

#[tokio::test]
async fn a_repeated_host_header_is_refused() {
    let api = Api::new();
    for hosts in [
        ["127.0.0.1:8080", "evil.example"],
        ["evil.example", "127.0.0.1:8080"],
        ["localhost", "localhost"],
    ] {
        let headers = [("host", hosts[0]), ("host", hosts[1])];
        let r = send(
            &api,
            request(Method::POST, "/api/games", &headers, Some(human_game())),
        )
        .await;
        assert_error(&r, StatusCode::BAD_REQUEST, "bad_host");
    }
    let (_, info) = api.get("/api/info").await;
    assert_eq!(info["games"], 0);
}

#[tokio::test]
async fn state_changing_requests_from_other_origins_are_forbidden() {
    let api = Api::new();
    let host = ("host", "127.0.0.1:8080");
    for origin in [
        "null",
        "http://evil.example",
        "http://127.attacker.example:8080",
        "http://127.0.0.1:3000",
        "http://localhost:8080",
        "https://127.0.0.1:8080",
        "http://127.0.0.1:8080/",
        "",
    ] {
        let headers = [host, ("origin", origin)];
        let r = send(
            &api,
            request(Method::POST, "/api/games", &headers, Some(expensive_game())),
        )
        .await;
        assert_error(&r, StatusCode::FORBIDDEN, "bad_origin");
    }
    let two = [
        host,
        ("origin", "http://127.0.0.1:8080"),
        ("origin", "http://evil.example"),
    ];
    let r = send(
        &api,
        request(Method::POST, "/api/games", &two, Some(human_game())),
    )
    .await;
    assert_error(&r, StatusCode::FORBIDDEN, "bad_origin");
    let (_, info) = api.get("/api/info").await;
    assert_eq!(info["games"], 0, "no game was created");

    // Our own page, and clients that send no Origin (curl, scripts).
    let own = [host, ("origin", "http://127.0.0.1:8080")];
    let (status, game) = send(
        &api,
        request(Method::POST, "/api/games", &own, Some(human_game())),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().expect("id").to_string();
    let (status, _) = send(
        &api,
        request(Method::POST, "/api/games", &[host], Some(human_game())),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    // Port 80 may be written or not.
    let default_port = [("host", "localhost"), ("origin", "http://localhost:80")];
    let (status, _) = send(
        &api,
        request(
            Method::POST,
            "/api/games",
            &default_port,
            Some(human_game()),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);

    // Every state-changing method is checked; reads are not (a browser
    // will not let another origin read the answer).
    let evil = [host, ("origin", "http://evil.example")];
    let path = format!("/api/games/{id}");
    let r = send(&api, request(Method::DELETE, &path, &evil, None)).await;
    assert_error(&r, StatusCode::FORBIDDEN, "bad_origin");
    let r = send(
        &api,
        request(
            Method::POST,
            &format!("{path}/moves"),
            &evil,
            Some(json!({"move": "e4"})),
        ),
    )
    .await;
    assert_error(&r, StatusCode::FORBIDDEN, "bad_origin");
    let r = send(
        &api,
        request(
            Method::PUT,
            &format!("{path}/limit"),
            &evil,
            Some(json!({"depth": 3})),
        ),
    )
    .await;
    assert_error(&r, StatusCode::FORBIDDEN, "bad_origin");
    let r = send(&api, request(Method::PATCH, &path, &evil, Some(json!({})))).await;
    assert_error(&r, StatusCode::FORBIDDEN, "bad_origin");
    let (status, _) = send(&api, request(Method::GET, &path, &evil, None)).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = send(&api, request(Method::DELETE, &path, &own, None)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn bound_to_the_network_any_host_but_only_its_own_origin() {
    let api = Api::with_policy(Config::default(), HostPolicy::Any);
    let host = ("host", "gui.example:8080");
    let (status, _) = send(&api, request(Method::GET, "/api/info", &[host], None)).await;
    assert_eq!(status, StatusCode::OK);
    let own = [host, ("origin", "http://gui.example:8080")];
    let (status, _) = send(
        &api,
        request(Method::POST, "/api/games", &own, Some(human_game())),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    for origin in [
        "http://evil.example:8080",
        "null",
        "http://gui.example:8081",
    ] {
        let headers = [host, ("origin", origin)];
        let r = send(
            &api,
            request(Method::POST, "/api/games", &headers, Some(human_game())),
        )
        .await;
        assert_error(&r, StatusCode::FORBIDDEN, "bad_origin");
    }
    let r = send(
        &api,
        request(Method::GET, "/api/info", &[("host", "a@b")], None),
    )
    .await;
    assert_error(&r, StatusCode::BAD_REQUEST, "bad_request");
    let two = [host, ("host", "other.example")];
    let r = send(&api, request(Method::GET, "/api/info", &two, None)).await;
    assert_error(&r, StatusCode::BAD_REQUEST, "bad_host");
}
