//! API tests of the game choice "Leiserchess 2016" (`leiserchess2016`),
//! in-process through the router. Rule numbers are those of
//! `docs/leiserchess-2016-rules.md`.

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{json, Value};

use common::{assert_error, id, ply, Api, TempScript};
use webgui::{Config, Engines};

/// Rule 1.4.
const START_FEN: &str = "ss3nw3/3nw4/2nw1nw3/1nw3SE1SE/nw1nw3SE1/3SE1SE2/4SE3/3SE3NN W";

fn both_people(fen: &str) -> Value {
    json!({"game": "leiserchess2016", "fen": fen, "white": "human", "black": "human"})
}

async fn play(api: &Api, g: &str, text: &str) -> Value {
    let (status, state) = api
        .post(&format!("/api/games/{g}/moves"), json!({"move": text}))
        .await;
    assert_eq!(status, StatusCode::OK, "{text}: {state}");
    state
}

/// The legal move written `text`.
fn legal<'a>(state: &'a Value, text: &str) -> &'a Value {
    state["legal"]
        .as_array()
        .and_then(|moves| moves.iter().find(|m| m["text"] == text))
        .unwrap_or_else(|| panic!("{text} is legal in {}", state["position"]["fen"]))
}

/// The target a click on `piece` offers on `square`.
fn target<'a>(state: &'a Value, piece: &str, square: &str) -> &'a Value {
    state["choices"][piece]["targets"]
        .as_array()
        .and_then(|targets| targets.iter().find(|t| t["square"] == square))
        .unwrap_or_else(|| panic!("{piece} offers {square}: {}", state["choices"]))
}

#[tokio::test]
async fn the_2016_game_is_a_choice_with_its_own_ranks() {
    let api = Api::new();
    let state = api
        .create(json!({"game": "leiserchess2016", "white": "human", "black": "human"}))
        .await;
    assert_eq!(state["game"], "leiserchess2016");
    // Rule 1.1: ranks 0 to 7; the page is told, it does not guess.
    assert_eq!(
        state["meta"],
        json!({"title": "Leiserchess 2016", "pieces": "leiserchess", "first_rank": 0})
    );
    assert_eq!(state["start_fen"], START_FEN);
    assert_eq!(state["position"]["board"][7], "NN");
    // Rule 8.4: 65 legal moves in the opening position.
    assert_eq!(state["legal"].as_array().map(Vec::len), Some(65));
    assert!(state["choices"]["h0"]["rotations"]["L"].is_u64());
    assert_eq!(state["choices"].get("h1"), None);
    // The 2018 game numbers its ranks the same way (2018 rule 1.1);
    // chess keeps 1 to 8.
    let lc = api
        .create(json!({"game": "leiserchess", "white": "human", "black": "human"}))
        .await;
    assert_eq!(lc["meta"]["first_rank"], 0);
    assert_eq!(lc["meta"]["title"], "Leiserchess");
    let chess = api.create(json!({"game": "chess"})).await;
    assert_eq!(chess["meta"]["pieces"], "chess");
}

#[tokio::test]
async fn a_null_move_and_an_own_piece_swap_played_and_exported() {
    let api = Api::new();
    // Tangerine's king on h0 aims west at the back of the nw pawn on d0;
    // its own NE pawn stands on g1.
    let fen = "ss7/8/8/8/8/8/6NE1/3nw3WW W";
    let state = api.create(both_people(fen)).await;
    let g = id(&state);

    // Rule 3.2: the null move zaps, so it is offered, on the king itself.
    let null = legal(&state, "h0h0");
    assert_eq!(null["null_move"], true);
    assert_eq!(null["preview"]["changes"], json!({}));
    let mark = target(&state, "h0", "h0");
    assert_eq!(mark["mark"], "null");
    assert_eq!(
        state["legal"][mark["move"].as_u64().expect("index") as usize]["text"],
        "h0h0"
    );
    let after = play(&api, &g, "h0h0").await;
    let laser = &after["position"]["laser"];
    // Rule 4.3: after the zap the king fires again, and that beam runs
    // on over the emptied d0 and off the board.
    assert_eq!(
        laser["path"],
        json!(["h0", "g0", "f0", "e0", "d0", "c0", "b0", "a0"])
    );
    assert_eq!(
        laser["zaps"],
        json!([{"square": "d0", "kind": "pawn", "at": 4}])
    );
    assert_eq!(laser["exit"], "W");
    assert_eq!(after["position"]["board"][3], "");

    let after = play(&api, &g, "a7R").await;
    // Rule 3.1: the king swaps with its own pawn, and that is the move.
    let swap = legal(&after, "h0g1");
    assert_eq!(swap["to"], "g1");
    assert!(swap.get("swap").is_none(), "nothing follows: {swap}");
    assert_eq!(swap["preview"]["changes"], json!({"g1": "WW", "h0": "NE"}));
    assert_eq!(target(&after, "h0", "g1")["mark"], "ring");
    let after = play(&api, &g, "h0g1").await;
    assert_eq!(after["position"]["board"][14], "WW");
    assert_eq!(after["position"]["board"][7], "NE");
    assert_eq!(after["moves"][2]["text"], "h0g1");

    // The PGN names the rule set, and reads back as the same game.
    let (_, pgn) = api.get(&format!("/api/games/{g}/pgn")).await;
    let pgn = pgn["pgn"].as_str().expect("a PGN");
    assert!(pgn.contains("[Variant \"2016\"]"), "{pgn}");
    assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
    assert!(pgn.contains("1. h0h0 a7R 2. h0g1"), "{pgn}");
    let back = api
        .create(json!({"game": "leiserchess2016", "pgn": pgn, "white": "human", "black": "human"}))
        .await;
    assert_eq!(ply(&back), 3);
    assert_eq!(back["position"]["fen"], after["position"]["fen"]);
    // Imported as a 2018 game, it is refused with the choice to make.
    let wrong = api
        .post("/api/games", json!({"game": "leiserchess", "pgn": pgn}))
        .await;
    assert_error(&wrong, StatusCode::BAD_REQUEST, "bad_request");
    let message = wrong.1["error"].as_str().unwrap_or_default();
    assert!(message.contains("Leiserchess 2016"), "{message}");
}

#[tokio::test]
async fn rule_3_2_no_null_move_when_the_shot_zaps_nothing() {
    let api = Api::new();
    let state = api.create(both_people("ss7/8/8/8/8/8/8/7NN W")).await;
    assert!(state["legal"]
        .as_array()
        .expect("moves")
        .iter()
        .all(|m| m.get("null_move").is_none()));
    let refused = api
        .post(
            &format!("/api/games/{}/moves", id(&state)),
            json!({"move": "h0h0"}),
        )
        .await;
    assert_error(&refused, StatusCode::BAD_REQUEST, "illegal_move");
}

#[tokio::test]
async fn rule_4_3_a_multi_zap_lists_every_zap_in_order() {
    let api = Api::new();
    let state = api
        .create(both_people("8/5ss2/8/8/8/8/8/EENE1se1nw2 W"))
        .await;
    let after = play(&api, &id(&state), "a0a0").await;
    let laser = &after["position"]["laser"];
    assert_eq!(
        laser["zaps"],
        json!([
            {"square": "b0", "kind": "pawn", "at": 1},
            {"square": "d0", "kind": "pawn", "at": 3},
            {"square": "f6", "kind": "king", "at": 11},
        ])
    );
    assert_eq!(laser["path"].as_array().map(Vec::len), Some(12));
    assert_eq!(after["result"]["reason"], "king_zapped");
    assert_eq!(after["result"]["result"], "1-0");
}

#[tokio::test]
async fn rule_3_4_pinned_pawns_of_the_position_on_display() {
    let api = Api::new();
    let state = api
        .create(both_people("ee2SW4/6nw1/8/3SE4/4NE3/8/8/7NN W"))
        .await;
    assert_eq!(state["position"]["pinned"], json!(["d4", "d7"]));
    assert_eq!(state["choices"].get("d4"), None);
    let g = id(&state);
    // The free pawn carries the pinned one off the beam.
    let after = play(&api, &g, "e3d4").await;
    assert!(after["position"].get("pinned").is_none(), "{after}");
    let (_, before) = api.get(&format!("/api/games/{g}/position?ply=0")).await;
    assert_eq!(before["pinned"], json!(["d4", "d7"]));
}

#[tokio::test]
async fn the_built_in_engine_plays_2016_moves_at_its_strength_setting() {
    let api = Api::new();
    let state = api
        .create(json!({"game": "leiserchess2016", "white": "engine", "black": "engine", "limit": {"depth": 2}}))
        .await;
    let g = id(&state);
    assert_eq!(state["limit"], json!({"depth": 2, "level": 8}));
    let engine = format!("/api/games/{g}/engine");
    for n in 1..=4 {
        let (status, _) = api.post(&engine, json!({})).await;
        assert_eq!(status, StatusCode::ACCEPTED);
        let s = api
            .wait_for(&g, Duration::from_secs(60), |s| {
                ply(s) == n && s["thinking"] == false
            })
            .await;
        assert!(s["info"]["depth"].as_u64().is_some_and(|d| d <= 2), "{s}");
    }
    let (_, state) = api.get(&format!("/api/games/{g}")).await;
    // The moves replay as a 2016 game.
    let texts: Vec<&str> = state["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter_map(|m| m["text"].as_str())
        .collect();
    let replay = api
        .create(
            json!({"game": "leiserchess2016", "moves": texts, "white": "human", "black": "human"}),
        )
        .await;
    assert_eq!(replay["position"]["fen"], state["position"]["fen"]);
}

#[tokio::test]
async fn an_external_engine_is_switched_to_the_2016_rules() {
    // Plays the 2016 name of Lavender's king's square only once told
    // `UCI_Variant` 2016; the 2018 name would be refused as illegal.
    let script = TempScript::new(
        "#!/bin/sh\n\
         v=2018\n\
         while read line; do\n\
           case \"$line\" in\n\
             uci) echo 'id name Variant Mock'; echo 'option name UCI_Variant type combo default 2018 var 2018 var 2016'; echo uciok ;;\n\
             isready) echo readyok ;;\n\
             'setoption name UCI_Variant value 2016') v=2016 ;;\n\
             go*) if [ \"$v\" = 2016 ]; then echo 'bestmove a7R'; else echo 'bestmove a8R'; fi ;;\n\
             quit) exit 0 ;;\n\
           esac\n\
         done\n",
    );
    let api = Api::with(Config {
        engines: Engines::every_game(script.0.clone()),
        ..Config::default()
    });
    let state = api
        .create(json!({"game": "leiserchess2016", "limit": {"movetime_ms": 100}}))
        .await;
    let g = id(&state);
    play(&api, &g, "h0L").await;
    let done = api
        .wait_for(&g, Duration::from_secs(10), |s| {
            ply(s) == 2 || !s["engine_error"].is_null()
        })
        .await;
    assert_eq!(done["engine_error"], Value::Null, "{done}");
    assert_eq!(done["moves"][1]["text"], "a7R");
}
