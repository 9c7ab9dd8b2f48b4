//! Creating games over the API (`POST /api/games`): from the start, a
//! FEN, a list of moves or a PGN (MIT's autotester records included, and
//! old-numbering Leiserchess records refused with the remedy), the state
//! and legal moves a new game reports, and every bad request refused with
//! a 4xx JSON error.

mod common;

use axum::http::StatusCode;
use serde_json::{json, Value};

use common::{assert_error, human_vs_human, id, ply, Api, CHESS_START};

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
