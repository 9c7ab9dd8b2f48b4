//! Engine play over the API: the engine's reply to a person and undo of
//! both moves, starting and stopping a search (played or thrown away),
//! search limits, engine against engine with autoplay on and paused, and
//! an external UCI engine given on the command line (a scripted one, and
//! one that fails to start).

mod common;

use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};
use serde_json::json;

use common::{assert_error, human_vs_human, id, ply, Api, TempScript};
use webgui::{Config, Engines};

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
    // A person cannot move for the engine. Nf6 is Black's alone (no
    // White knight reaches f6 at ply 3), so it is refused whether the
    // engine is still thinking (conflict) or has already answered at
    // depth 3 (then it is White's turn and the move is illegal).
    let early = api
        .post(&format!("/api/games/{g}/moves"), json!({"move": "Nf6"}))
        .await;
    if early.0 == StatusCode::CONFLICT {
        assert_error(&early, StatusCode::CONFLICT, "conflict");
    } else {
        assert_error(&early, StatusCode::BAD_REQUEST, "illegal_move");
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
    assert_eq!(changed["limit"], json!({"depth": 2, "level": 8}));
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
        engines: Engines::every_game(script.0.clone()),
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
        engines: Engines::every_game("/nonexistent/engine"),
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
