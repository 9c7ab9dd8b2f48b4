//! The analysis board over the API (issue 39, "an analysis board,
//! separate from the game"): opened from a game still being played, it
//! is a game of its own (a person moves both sides, no clock) while the
//! game and its clock go on; every line played on it stays in its tree of
//! variations, and `PUT …/line` moves along the tree.

mod common;

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use common::{assert_error, id, Api};

async fn set_line(api: &Api, board: &str, moves: Value) -> (StatusCode, Value) {
    let uri = format!("/api/games/{board}/line");
    api.call(Method::PUT, &uri, Some(json!({ "moves": moves })))
        .await
}

/// The tree as `text<-parent` pairs, in the order the moves were first
/// played.
fn tree(state: &Value) -> Vec<String> {
    let nodes = state["analysis_board"]["tree"].as_array().expect("a tree");
    nodes
        .iter()
        .map(|n| format!("{}<-{}", n["text"].as_str().unwrap_or("?"), n["parent"]))
        .collect()
}

fn texts(state: &Value) -> Vec<&str> {
    let moves = state["moves"].as_array().expect("moves");
    moves.iter().filter_map(|m| m["text"].as_str()).collect()
}

#[tokio::test]
async fn a_board_opened_from_a_running_game_leaves_the_game_alone() {
    let api = Api::new();
    let game = api
        .create(json!({"game": "chess", "white": "human", "black": "human",
                       "moves": "e4 e5 Nf3", "clock": {"initial_ms": 60000, "increment_ms": 0}}))
        .await;
    let game_id = id(&game);
    let board = api
        .create(json!({"game": "chess", "moves": texts(&game), "origin": game_id}))
        .await;
    assert_eq!(board["analysis_board"]["origin"], game_id);
    assert_eq!(
        board["players"],
        json!({"white": "human", "black": "human"})
    );
    assert!(board["clock"].is_null());
    assert_eq!(tree(&board), ["e2e4<-0", "e7e5<-1", "g1f3<-2"]);

    // The game is untouched: its players, its running clock, its moves.
    let (_, after) = api.get(&format!("/api/games/{game_id}")).await;
    assert_eq!(after["players"], game["players"]);
    assert_eq!(after["clock"]["running"], game["clock"]["running"]);
    assert_eq!(texts(&after), ["e2e4", "e7e5", "g1f3"]);

    // The board's own moves change neither the game nor its clock.
    let (status, moved) = api
        .post(
            &format!("/api/games/{}/moves", id(&board)),
            json!({"move": "Nc6"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    let (_, after) = api.get(&format!("/api/games/{game_id}")).await;
    assert_eq!(texts(&after).len(), 3);
}

#[tokio::test]
async fn lines_branch_into_variations_and_the_line_moves_along_them() {
    let api = Api::new();
    let board = api
        .create(json!({"game": "chess", "analysis_board": true, "moves": "e4 e5 Nf3"}))
        .await;
    let board = id(&board);

    // Back to 1.e4, then 1...c5: a variation beside 1...e5.
    let (status, state) = set_line(&api, &board, json!(["e2e4"])).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(texts(&state), ["e2e4"]);
    assert_eq!(tree(&state).len(), 3, "going back keeps the line");
    let (_, state) = set_line(&api, &board, json!("e4 c5 Nf3 d6")).await;
    assert_eq!(texts(&state), ["e2e4", "c7c5", "g1f3", "d7d6"]);
    let tree_now = tree(&state);
    assert_eq!(
        tree_now,
        ["e2e4<-0", "e7e5<-1", "g1f3<-2", "c7c5<-1", "g1f3<-4", "d7d6<-5"]
    );
    let first = &state["analysis_board"]["tree"][0];
    assert_eq!(
        first["children"],
        json!([2, 4]),
        "1...e5 stays the main line"
    );
    assert_eq!(state["analysis_board"]["tree"][3]["record"], "c5");

    // A move played at the end of the line extends it; back into the
    // main line, the variation stays.
    let uri = format!("/api/games/{board}/moves");
    let (status, _) = api.post(&uri, json!({"move": "d4"})).await;
    assert_eq!(status, StatusCode::OK);
    let (_, state) = set_line(&api, &board, json!(["e2e4", "e7e5"])).await;
    assert_eq!(texts(&state), ["e2e4", "e7e5"]);
    assert_eq!(tree(&state).len(), 7);

    // An undo is a step back, too.
    let (status, state) = api
        .post(&format!("/api/games/{board}/undo"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(texts(&state), ["e2e4"]);
    assert_eq!(tree(&state).len(), 7);
}

#[tokio::test]
async fn bad_lines_and_bad_boards_are_refused_and_change_nothing() {
    let api = Api::new();
    let board = api
        .create(json!({"game": "chess", "analysis_board": true, "moves": "e4 e5"}))
        .await;
    let board_id = id(&board);

    let illegal = set_line(&api, &board_id, json!(["e2e4", "e5e4"])).await;
    assert_error(&illegal, StatusCode::BAD_REQUEST, "illegal_move");
    assert!(illegal.1["error"]
        .as_str()
        .unwrap_or("")
        .contains("move 2 of the line"));
    let after_mate = set_line(&api, &board_id, json!("f3 e5 g4 Qh4 a3")).await;
    assert_error(&after_mate, StatusCode::BAD_REQUEST, "bad_request");
    let (_, state) = api.get(&format!("/api/games/{board_id}")).await;
    assert_eq!(texts(&state), ["e2e4", "e7e5"], "nothing changed");

    // A game's line cannot be set: it would rewrite the game.
    let game = api
        .create(json!({"game": "chess", "white": "human", "black": "human"}))
        .await;
    let refused = set_line(&api, &id(&game), json!(["e2e4"])).await;
    assert_error(&refused, StatusCode::CONFLICT, "conflict");

    // A board has no engine player or clock, and comes from a game we have.
    for bad in [
        json!({"game": "chess", "analysis_board": true, "black": "engine"}),
        json!({"game": "chess", "analysis_board": true,
               "clock": {"initial_ms": 60000, "increment_ms": 0}}),
    ] {
        let r = api.post("/api/games", bad).await;
        assert_error(&r, StatusCode::BAD_REQUEST, "bad_request");
    }
    let r = api
        .post(
            "/api/games",
            json!({"game": "chess", "origin": "no-such-game"}),
        )
        .await;
    assert_eq!(r.0, StatusCode::NOT_FOUND, "{}", r.1);
}

#[tokio::test]
async fn a_leiserchess_board_keeps_variations_too() {
    let api = Api::new();
    let board = api
        .create(json!({"game": "leiserchess", "analysis_board": true}))
        .await;
    let board = id(&board);
    let legal =
        |state: &Value, i: usize| state["legal"][i]["text"].as_str().unwrap_or("").to_string();
    let (_, start) = api.get(&format!("/api/games/{board}")).await;
    let (a, b) = (legal(&start, 0), legal(&start, 1));
    let (status, _) = set_line(&api, &board, json!([a])).await;
    assert_eq!(status, StatusCode::OK);
    let (status, state) = set_line(&api, &board, json!([b])).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(tree(&state), [format!("{a}<-0"), format!("{b}<-0")]);
}
