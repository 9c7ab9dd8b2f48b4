//! API tests: every endpoint, in-process through the router, with every
//! error case a client can cause (each a 4xx with a JSON message).

mod common;

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};

use common::{assert_error, id, ply, split, Api, TempScript};
use webgui::Config;

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn human_vs_human(game: &str) -> Value {
    json!({"game": game, "white": "human", "black": "human"})
}

#[tokio::test]
async fn create_returns_id_state_and_legal_moves() {
    let api = Api::new();
    let state = api.create(human_vs_human("chess")).await;
    assert!(!id(&state).is_empty());
    assert_eq!(state["game"], "chess");
    assert_eq!(state["position"]["fen"], CHESS_START);
    assert_eq!(state["legal"].as_array().map(Vec::len), Some(20));
    assert_eq!(
        state["position"]["board"].as_array().map(Vec::len),
        Some(64)
    );
    assert_eq!(state["position"]["board"][4], "K");
    assert_eq!(state["result"], Value::Null);

    let lc = api.create(human_vs_human("leiserchess")).await;
    assert_eq!(lc["side_names"], json!(["Tangerine", "Lavender"]));
    assert_eq!(lc["position"]["board"][7], "NN");
    // Rotations, shifts and swaps are all described.
    let legal = lc["legal"].as_array().expect("moves");
    assert!(legal.iter().any(|m| m["rotate"] == "L"));
    // A swap with an adjacent opposing pawn, then its follow-up.
    let swap = api
        .create(json!({"game": "leiserchess", "fen": "ss7/8/8/8/8/8/8/6nwNN W", "white": "human", "black": "human"}))
        .await;
    let legal = swap["legal"].as_array().expect("moves");
    let swaps: Vec<&Value> = legal.iter().filter(|m| m["swap"] == "g0").collect();
    assert!(swaps.iter().any(|m| m["rotate"].is_string()));
    assert!(swaps
        .iter()
        .any(|m| m["text"] == "h0g0f0" && m["to"] == "f0"));
}

#[tokio::test]
async fn create_from_fen_moves_and_pgn() {
    let api = Api::new();
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let state = api
        .create(json!({"game": "chess", "fen": fen, "white": "human", "black": "human"}))
        .await;
    assert_eq!(state["start_fen"], fen);

    let listed = api
        .create(json!({"game": "chess", "moves": ["e2e4", "e5", "Nf3"], "white": "human", "black": "human"}))
        .await;
    assert_eq!(ply(&listed), 3);
    assert_eq!(listed["moves"][2]["record"], "Nf3");
    let spaced = api
        .create(
            json!({"game": "leiserchess", "moves": "h0L a7R", "white": "human", "black": "human"}),
        )
        .await;
    assert_eq!(ply(&spaced), 2);

    let pgn = "[Event \"x\"]\n\n1. e4 {good} e5 2. Nf3 (2. f4) Nc6 *";
    let imported = api
        .create(json!({"game": "chess", "pgn": pgn, "white": "human", "black": "human"}))
        .await;
    assert_eq!(ply(&imported), 4);
    let pgn_fen = format!("[FEN \"{fen}\"]\n\n1. a8=Q+ *");
    let imported = api
        .create(json!({"game": "chess", "pgn": pgn_fen, "white": "human", "black": "human"}))
        .await;
    assert_eq!(imported["moves"][0]["record"], "a8=Q+");
}

#[tokio::test]
async fn create_rejects_bad_requests() {
    let api = Api::new();
    let bad = |body: Value| {
        let api = &api;
        async move { api.post("/api/games", body).await }
    };
    assert_error(
        &bad(json!({"game": "chess", "fen": "not a fen"})).await,
        StatusCode::BAD_REQUEST,
        "bad_fen",
    );
    assert_error(
        &bad(json!({"game": "leiserchess", "fen": "ss7/8/8/8/8/8/8/8 W"})).await,
        StatusCode::BAD_REQUEST,
        "bad_fen",
    );
    assert_error(
        &bad(json!({"game": "chess", "fen": "x".repeat(500)})).await,
        StatusCode::BAD_REQUEST,
        "bad_fen",
    );
    assert_error(
        &bad(json!({"game": "chess", "moves": ["e2e4", "e2e4"]})).await,
        StatusCode::BAD_REQUEST,
        "illegal_move",
    );
    assert_error(
        &bad(json!({"game": "chess", "pgn": "1. e4", "fen": CHESS_START})).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert_error(
        &bad(json!({"game": "chess", "pgn": "1. e4 {"})).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert_error(
        &bad(json!({"game": "chess", "limit": {"movetime_ms": 1}})).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert_error(
        &bad(json!({"game": "chess", "limit": {}})).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert_error(
        &bad(json!({"game": "chess", "clock": {"initial_ms": 0}})).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    // Moves after the end of the game.
    assert_error(
        &bad(json!({"game": "chess", "moves": "f3 e5 g4 Qh4# a3"})).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    // Wrong shapes are rejected by the JSON layer, still as JSON errors.
    assert_error(
        &bad(json!({"game": "go"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_request",
    );
    assert_error(
        &bad(json!({"game": "chess", "colour": 1})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_request",
    );
    assert_error(
        &bad(json!({})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_request",
    );
    assert_error(
        &bad(json!({"game": "chess", "white": "robot"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_request",
    );
}

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
async fn moves_state_legal_fen_and_delete() {
    let api = Api::new();
    let state = api.create(human_vs_human("chess")).await;
    let g = id(&state);
    let (status, after) = api
        .post(&format!("/api/games/{g}/moves"), json!({"move": "e2e4"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["moves"][0]["record"], "e4");
    assert_eq!(
        after["position"]["last_move"],
        json!({"from": "e2", "to": "e4", "swap": null})
    );
    // SAN works too.
    let (status, _) = api
        .post(&format!("/api/games/{g}/moves"), json!({"move": "c5"}))
        .await;
    assert_eq!(status, StatusCode::OK);

    let (status, legal) = api.get(&format!("/api/games/{g}/legal")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(legal["moves"].as_array().is_some_and(|m| m.len() > 20));
    let (_, fen) = api.get(&format!("/api/games/{g}/fen")).await;
    assert_eq!(
        fen["fen"],
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    let (status, state) = api.get(&format!("/api/games/{g}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(ply(&state), 2);

    let moves = format!("/api/games/{g}/moves");
    assert_error(
        &api.post(&moves, json!({"move": "e4e6"})).await,
        StatusCode::BAD_REQUEST,
        "illegal_move",
    );
    assert_error(
        &api.post(&moves, json!({"move": "Qxf7"})).await,
        StatusCode::BAD_REQUEST,
        "illegal_move",
    );
    assert_error(
        &api.post(&moves, json!({"move": ""})).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert_error(
        &api.post(&moves, json!({"move": "e".repeat(64)})).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert_error(
        &api.post(&moves, json!({"mv": "e2e4"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_request",
    );
    assert_error(
        &api.post(&moves, json!({"move": 5})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_request",
    );

    let (status, body) = api
        .call(Method::DELETE, &format!("/api/games/{g}"), None)
        .await;
    assert_eq!((status, body), (StatusCode::NO_CONTENT, Value::Null));
    assert_error(
        &api.get(&format!("/api/games/{g}")).await,
        StatusCode::NOT_FOUND,
        "unknown_game",
    );
}

#[tokio::test]
async fn a_finished_game_refuses_moves_and_reports_the_reason() {
    let api = Api::new();
    let state = api
        .create(json!({"game": "chess", "moves": "f3 e5 g4", "white": "human", "black": "human"}))
        .await;
    let g = id(&state);
    let (_, over) = api
        .post(&format!("/api/games/{g}/moves"), json!({"move": "Qh4#"}))
        .await;
    assert_eq!(over["result"]["result"], "0-1");
    assert_eq!(over["result"]["reason"], "checkmate");
    assert!(over["result"]["text"]
        .as_str()
        .is_some_and(|t| t.contains("Black mates")));
    assert_eq!(over["legal"], json!([]));
    assert_error(
        &api.post(&format!("/api/games/{g}/moves"), json!({"move": "a3"}))
            .await,
        StatusCode::CONFLICT,
        "conflict",
    );
    assert_error(
        &api.post(&format!("/api/games/{g}/engine"), json!({})).await,
        StatusCode::CONFLICT,
        "conflict",
    );
    let (_, pgn) = api.get(&format!("/api/games/{g}/pgn")).await;
    let pgn = pgn["pgn"].as_str().expect("text");
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
    assert!(pgn.contains("[Result \"0-1\"]"));

    // Stalemate and repetition reasons too.
    let stale = api
        .create(json!({"game": "chess", "fen": "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "moves": ["Qf7"], "white": "human", "black": "human"}))
        .await;
    assert_eq!(stale["result"]["reason"], "stalemate");
    let rep = api
        .create(json!({"game": "chess", "moves": "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", "white": "human", "black": "human"}))
        .await;
    assert_eq!(rep["result"]["reason"], "repetition");
}

#[tokio::test]
async fn leiserchess_moves_report_the_laser_and_the_zapped_square() {
    let api = Api::new();
    // Tangerine's king on h0 facing west, a Lavender pawn on d0 showing
    // its back to the beam.
    let fen = "ss7/8/8/8/8/8/8/3nw3NN W";
    let state = api
        .create(json!({"game": "leiserchess", "fen": fen, "white": "human", "black": "human"}))
        .await;
    let g = id(&state);
    // Each legal move comes with what it would show when staged: its
    // board (as the squares that change) and its laser (rule 4.1: after
    // the move; the pawn it zaps still drawn).
    let legal = state["legal"].as_array().expect("moves");
    let turn = legal.iter().find(|m| m["text"] == "h0L").expect("h0L");
    let preview = &turn["preview"];
    assert_eq!(preview["changes"], json!({"h0": "WW"}));
    assert_eq!(
        preview["laser"]["path"],
        json!(["h0", "g0", "f0", "e0", "d0"])
    );
    assert_eq!(
        preview["laser"]["zaps"],
        json!([{"square": "d0", "kind": "pawn", "at": 4}])
    );
    let step = legal.iter().find(|m| m["text"] == "h0g1").expect("h0g1");
    assert_eq!(step["preview"]["changes"], json!({"h0": "", "g1": "NN"}));
    assert_eq!(step["preview"]["laser"]["exit"], "N");
    assert_eq!(step["preview"]["laser"]["zaps"], json!([]));
    // What a click on the king offers: its rotations and its shifts, each
    // an index into the legal moves.
    let king = &state["choices"]["h0"];
    let index = king["rotations"]["L"].as_u64().expect("index") as usize;
    assert_eq!(legal[index]["text"], "h0L");
    let targets = king["targets"].as_array().expect("targets");
    assert!(targets
        .iter()
        .all(|t| t["mark"] == "dot" && t["move"].is_u64()));
    // Lavender's pieces offer nothing to Tangerine.
    assert_eq!(state["choices"].get("d0"), None);

    let (_, after) = api
        .post(&format!("/api/games/{g}/moves"), json!({"move": "h0L"}))
        .await;
    let laser = &after["position"]["laser"];
    assert_eq!(
        laser["zaps"],
        json!([{"square": "d0", "kind": "pawn", "at": 4}])
    );
    assert_eq!(after["position"]["board"][3], "", "the pawn is gone");

    // A king zap ends the game with its reason.
    let fen = "8/8/8/8/8/8/8/nn6NN W";
    let state = api
        .create(json!({"game": "leiserchess", "fen": fen, "white": "human", "black": "human"}))
        .await;
    let (_, over) = api
        .post(
            &format!("/api/games/{}/moves", id(&state)),
            json!({"move": "h0L"}),
        )
        .await;
    assert_eq!(over["result"]["reason"], "king_zapped", "{over}");
    assert_eq!(over["result"]["result"], "1-0");
    assert_eq!(over["position"]["laser"]["zaps"][0]["kind"], "king");
}

#[tokio::test]
async fn positions_at_each_ply_and_undo() {
    let api = Api::new();
    let state = api
        .create(json!({"game": "chess", "moves": "e4 e5 Nf3", "white": "human", "black": "human"}))
        .await;
    let g = id(&state);
    let (status, p0) = api.get(&format!("/api/games/{g}/position?ply=0")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(p0["fen"], CHESS_START);
    assert_eq!(p0["last_move"], Value::Null);
    let (_, p2) = api.get(&format!("/api/games/{g}/position?ply=2")).await;
    assert_eq!(p2["last_move"]["to"], "e5");
    assert_eq!(p2["side_to_move"], "white");
    let position = |q: &str| format!("/api/games/{g}/position{q}");
    assert_error(
        &api.get(&position("?ply=4")).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert_error(
        &api.get(&position("?ply=-1")).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert_error(
        &api.get(&position("?ply=x")).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert_error(
        &api.get(&position("")).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );

    let undo = format!("/api/games/{g}/undo");
    let (status, after) = api.post(&undo, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(ply(&after), 2);
    let (_, after) = api.post(&undo, json!({"plies": 2})).await;
    assert_eq!(ply(&after), 0);
    assert_error(
        &api.post(&undo, json!({})).await,
        StatusCode::CONFLICT,
        "conflict",
    );
    api.post(&format!("/api/games/{g}/moves"), json!({"move": "d4"}))
        .await;
    assert_error(
        &api.post(&undo, json!({"plies": 3})).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert_error(
        &api.post(&undo, json!({"plies": 0})).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    assert_error(
        &api.post(&undo, json!({"plies": "x"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_request",
    );
}

#[tokio::test]
async fn the_engine_replies_to_a_person_and_undo_takes_both_moves_back() {
    let api = Api::new();
    let state = api
        .create(
            json!({"game": "chess", "white": "human", "black": "engine", "limit": {"depth": 3}}),
        )
        .await;
    let g = id(&state);
    let (_, after) = api
        .post(&format!("/api/games/{g}/moves"), json!({"move": "e4"}))
        .await;
    assert!(after["thinking"].as_bool().is_some_and(|t| t) || ply(&after) == 2);
    // A person cannot move for the engine.
    let early = api
        .post(&format!("/api/games/{g}/moves"), json!({"move": "e5"}))
        .await;
    if ply(&after) == 1 {
        assert_error(&early, StatusCode::CONFLICT, "conflict");
    }
    let done = api
        .wait_for(&g, Duration::from_secs(10), |s| {
            ply(s) == 2 && !s["thinking"].as_bool().unwrap_or(true)
        })
        .await;
    assert!(
        done["info"]["depth"].as_u64().is_some_and(|d| d >= 1),
        "{done}"
    );
    assert!(done["info"]["pv"]
        .as_array()
        .is_some_and(|pv| !pv.is_empty()));
    let (_, undone) = api.post(&format!("/api/games/{g}/undo"), json!({})).await;
    assert_eq!(ply(&undone), 0, "undo returns the turn to the person");
}

#[tokio::test]
async fn engine_go_stop_and_limits() {
    let api = Api::new();
    let state = api.create(human_vs_human("leiserchess")).await;
    let g = id(&state);
    let engine = format!("/api/games/{g}/engine");
    let stop = format!("/api/games/{g}/engine/stop");
    assert_error(
        &api.post(&stop, json!({})).await,
        StatusCode::CONFLICT,
        "conflict",
    );
    assert_error(
        &api.post(&engine, json!({"limit": {"depth": 0}})).await,
        StatusCode::BAD_REQUEST,
        "bad_request",
    );
    // A long search, stopped: the best move so far is played at once.
    let (status, thinking) = api
        .post(&engine, json!({"limit": {"movetime_ms": 60000}}))
        .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{thinking}");
    assert_eq!(thinking["thinking"], true);
    assert_error(
        &api.post(&engine, json!({})).await,
        StatusCode::CONFLICT,
        "conflict",
    );
    assert_error(
        &api.post(&format!("/api/games/{g}/moves"), json!({"move": "h1L"}))
            .await,
        StatusCode::CONFLICT,
        "conflict",
    );
    tokio::time::sleep(Duration::from_millis(100)).await;
    let stopped_at = Instant::now();
    let (status, _) = api.post(&stop, json!({})).await;
    assert_eq!(status, StatusCode::OK);
    api.wait_for(&g, Duration::from_secs(5), |s| ply(s) == 1)
        .await;
    assert!(stopped_at.elapsed() < Duration::from_secs(2));

    // Stopped without playing: the search is thrown away.
    api.post(&engine, json!({"limit": {"movetime_ms": 60000}}))
        .await;
    let (_, discarded) = api.post(&stop, json!({"play": false})).await;
    assert_eq!(discarded["thinking"], false);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(ply(&api.get(&format!("/api/games/{g}")).await.1), 1);

    let limit = format!("/api/games/{g}/limit");
    let (status, changed) = api
        .call(Method::PUT, &limit, Some(json!({"depth": 2})))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(changed["limit"], json!({"depth": 2}));
    let r = api
        .call(Method::PUT, &limit, Some(json!({"depth": 999})))
        .await;
    assert_error(&r, StatusCode::BAD_REQUEST, "bad_request");
    let r = api
        .call(
            Method::PUT,
            &limit,
            Some(json!({"movetime_ms": 10_000_000})),
        )
        .await;
    assert_error(&r, StatusCode::BAD_REQUEST, "bad_request");
}

#[tokio::test]
async fn engine_against_engine_plays_a_whole_leiserchess_game() {
    let api = Api::new();
    let state = api
        .create(json!({"game": "leiserchess", "white": "engine", "black": "engine", "limit": {"depth": 1}}))
        .await;
    let g = id(&state);
    assert_eq!(ply(&state), 0, "engines wait for start");
    let autoplay = format!("/api/games/{g}/autoplay");
    let (status, on) = api.post(&autoplay, json!({"on": true})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(on["autoplay"], true);
    let over = api
        .wait_for(&g, Duration::from_secs(120), |s| !s["result"].is_null())
        .await;
    let reason = over["result"]["reason"].as_str().expect("a reason");
    assert!(
        ["king_zapped", "repetition", "no_zaps"].contains(&reason),
        "{reason}"
    );
    let (_, pgn) = api.get(&format!("/api/games/{g}/pgn")).await;
    let result = over["result"]["result"].as_str().expect("result");
    assert!(pgn["pgn"]
        .as_str()
        .is_some_and(|p| p.trim_end().ends_with(result)));
    assert_error(
        &api.post(&autoplay, json!({"on": "yes"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_request",
    );
}

#[tokio::test]
async fn pausing_engine_play_stops_it() {
    let api = Api::new();
    let state = api
        .create(json!({"game": "chess", "white": "engine", "black": "engine", "limit": {"movetime_ms": 30}, "autoplay": true}))
        .await;
    let g = id(&state);
    api.wait_for(&g, Duration::from_secs(10), |s| ply(s) >= 2)
        .await;
    let (_, paused) = api
        .post(&format!("/api/games/{g}/autoplay"), json!({"on": false}))
        .await;
    assert_eq!(paused["autoplay"], false);
    tokio::time::sleep(Duration::from_millis(150)).await;
    let before = ply(&api.get(&format!("/api/games/{g}")).await.1);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, later) = api.get(&format!("/api/games/{g}")).await;
    assert_eq!(ply(&later), before, "no moves while paused");
    assert_eq!(later["thinking"], false);
    // Step: one engine move.
    let (status, _) = api.post(&format!("/api/games/{g}/engine"), json!({})).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    api.wait_for(&g, Duration::from_secs(5), |s| {
        ply(s) == before + 1 && s["thinking"] == false
    })
    .await;
}

#[tokio::test]
async fn the_server_enforces_the_clock() {
    let api = Api::new();
    let state = api
        .create(json!({"game": "chess", "white": "human", "black": "engine", "clock": {"initial_ms": 400, "increment_ms": 0}}))
        .await;
    assert_eq!(state["clock"]["running"], "white");
    assert_eq!(state["clock"]["initial_ms"], 400);
    let g = id(&state);
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
    assert!(after["clock"]["white_ms"]
        .as_u64()
        .is_some_and(|ms| ms > 60_000));
    let done = api
        .wait_for(&g, Duration::from_secs(5), |s| ply(s) == 2)
        .await;
    assert_eq!(done["clock"]["running"], "white");
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
        .create(json!({"game": "leiserchess", "white": "human", "black": "engine", "clock": {"initial_ms": 300}}))
        .await;
    let g = id(&state);
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

/// A scripted UCI engine: answers the handshake and always plays e7e5.
fn mock_engine() -> TempScript {
    TempScript::new(
        "#!/bin/sh\n\
         while read line; do\n\
           case \"$line\" in\n\
             uci) echo 'id name Mock Engine'; echo uciok ;;\n\
             isready) echo readyok ;;\n\
             go*) echo 'info depth 3 seldepth 4 score cp 12 nodes 99 nps 1000 time 5 pv e7e5 g1f3'; echo 'bestmove e7e5' ;;\n\
             quit) exit 0 ;;\n\
           esac\n\
         done\n",
    )
}

#[tokio::test]
async fn an_external_uci_engine_from_the_command_line_plays() {
    let script = mock_engine();
    let api = Api::with(Config {
        engine: Some(script.0.clone()),
        ..Config::default()
    });
    let state = api
        .create(json!({"game": "chess", "limit": {"movetime_ms": 100}}))
        .await;
    let g = id(&state);
    api.post(&format!("/api/games/{g}/moves"), json!({"move": "e4"}))
        .await;
    let done = api
        .wait_for(&g, Duration::from_secs(10), |s| ply(s) == 2)
        .await;
    assert_eq!(done["moves"][1]["record"], "e5");
    assert_eq!(done["info"]["pv"], json!(["e5", "Nf3"]));
    assert_eq!(
        done["info"]["score"],
        json!({"cp": -12}),
        "from White's view"
    );
    let (_, info) = api.get("/api/info").await;
    assert!(info["engine"]
        .as_str()
        .is_some_and(|e| e.starts_with("external")));
}

#[tokio::test]
async fn a_broken_external_engine_is_reported_not_fatal() {
    let api = Api::with(Config {
        engine: Some("/nonexistent/engine".into()),
        ..Config::default()
    });
    let state = api.create(json!({"game": "chess"})).await;
    let g = id(&state);
    let (status, _) = api
        .post(&format!("/api/games/{g}/moves"), json!({"move": "e4"}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let failed = api
        .wait_for(&g, Duration::from_secs(10), |s| {
            !s["engine_error"].is_null()
        })
        .await;
    assert!(failed["engine_error"]
        .as_str()
        .is_some_and(|e| e.contains("could not start")));
    assert_eq!(failed["thinking"], false);
    assert_eq!(ply(&failed), 1);
}

#[tokio::test]
async fn leiserchess_records_in_mits_notation_import_and_old_ones_are_explained() {
    // A PGN MIT's 2018 autotester wrote (no Variant tag, ranks 0 to 7,
    // `{ns depth nodes}` comments): its first game imports as played.
    let api = Api::new();
    let mit = include_str!("../../autotester/tests/data/mit-2018.pgn");
    let state = api
        .create(json!({"game": "leiserchess", "pgn": mit, "white": "human", "black": "human"}))
        .await;
    assert_eq!(state["moves"][0]["text"], "e1f1", "{state}");
    assert_eq!(state["result"]["result"], "1-0", "{state}");
    // A record this project wrote before it took MIT's numbering (ranks 1
    // to 8): refused with what happened and what to do (2018 rule 1.1).
    let old = include_str!("../../autotester/tests/data/old-numbering.pgn");
    let (status, body) = api
        .post("/api/games", json!({"game": "leiserchess", "pgn": old}))
        .await;
    assert_error(
        &(status, body.clone()),
        StatusCode::BAD_REQUEST,
        "illegal_move",
    );
    let message = body["error"].as_str().unwrap_or_default();
    assert!(message.contains("but 'h0R' is"), "{message}");
    assert!(message.contains("autotester convert"), "{message}");
}
