//! Moves and positions over the API: playing moves (coordinates or SAN)
//! and their errors, the legal moves, FEN and PGN, deleting a game, the
//! end of a game and its reason (checkmate, stalemate, repetition, a
//! zapped king), Leiserchess move previews and lasers, positions at each
//! ply and undo.

mod common;

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use common::{assert_error, human_vs_human, id, ply, Api, CHESS_START};

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
