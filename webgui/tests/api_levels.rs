//! Engine levels over the API (issue 39, "Engines people can beat"): a
//! new game's `level` (1 to 8, lichess's scale) reaches the built-in
//! search as its `Skill Level`, shows in the state, survives a new time
//! limit, and is refused out of range; an external engine gets it as the
//! option it declares, or the panel says it has no levels.

mod common;

use std::time::Duration;

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};

use common::{assert_error, id, ply, Api, TempScript};
use webgui::{Config, Engines};

/// The engine (White) makes the first move at `level` with a generous
/// time per move; the state once it has.
async fn engine_first_move(api: &Api, level: u8) -> Value {
    let state = api
        .create(json!({
            "game": "chess", "white": "engine", "black": "human",
            "limit": {"movetime_ms": 1500}, "level": level,
        }))
        .await;
    assert_eq!(state["limit"]["level"], level, "{state}");
    api.wait_for(&id(&state), Duration::from_secs(20), |s| {
        ply(s) == 1 && !s["thinking"].as_bool().unwrap_or(true)
    })
    .await
}

fn depth(state: &Value) -> u64 {
    state["info"]["depth"]
        .as_u64()
        .expect("the engine reported")
}

#[tokio::test]
async fn a_low_level_searches_shallowly_and_full_strength_deeper() {
    let api = Api::new();
    // Level 1 is Skill Level 0, whose search stops at depth 1 however
    // much time it has.
    let weak = engine_first_move(&api, 1).await;
    assert!(depth(&weak) <= 1, "level 1 searched deeper: {weak}");
    let strong = engine_first_move(&api, 8).await;
    assert!(depth(&strong) > 1, "level 8 stayed shallow: {strong}");
}

#[tokio::test]
async fn the_level_defaults_to_full_strength_is_checked_and_kept() {
    let api = Api::new();
    let plain = api.create(json!({"game": "chess"})).await;
    assert_eq!(plain["limit"]["level"], 8, "{plain}");
    for level in [0, 9] {
        let refused = api
            .post("/api/games", json!({"game": "chess", "level": level}))
            .await;
        assert_error(&refused, StatusCode::BAD_REQUEST, "bad_request");
    }
    let refused = api
        .post(
            "/api/games",
            json!({"game": "chess", "limit": {"depth": 3, "level": 9}}),
        )
        .await;
    assert_error(&refused, StatusCode::BAD_REQUEST, "bad_request");
    // A new time limit alone (the page's Strength field) keeps the level.
    let game = api.create(json!({"game": "chess", "level": 3})).await;
    let g = id(&game);
    let (_, changed) = api
        .call(
            Method::PUT,
            &format!("/api/games/{g}/limit"),
            Some(json!({"depth": 2})),
        )
        .await;
    assert_eq!(changed["limit"], json!({"depth": 2, "level": 3}));
}

/// A scripted engine that declares `Skill Level` when `skill` is true and
/// reports the value it was last given as its depth (20, full strength,
/// until told otherwise).
fn scripted(skill: bool) -> TempScript {
    let option = if skill {
        "echo 'option name Skill Level type spin default 20 min 0 max 20';"
    } else {
        ""
    };
    TempScript::new(&format!(
        "#!/bin/sh\n\
         skill=20\n\
         while read line; do\n\
           case \"$line\" in\n\
             uci) echo 'id name Mock Engine'; {option} echo uciok ;;\n\
             isready) echo readyok ;;\n\
             'setoption name Skill Level value '*) skill=${{line##* }} ;;\n\
             go*) echo \"info depth $skill score cp 12 nodes 99 time 5 pv e7e5\"; echo 'bestmove e7e5' ;;\n\
             quit) exit 0 ;;\n\
           esac\n\
         done\n"
    ))
}

async fn external_reply(skill: bool) -> Value {
    let script = scripted(skill);
    let api = Api::with(Config {
        engines: Engines::every_game(script.0.clone()),
        ..Config::default()
    });
    let state = api
        .create(json!({"game": "chess", "limit": {"movetime_ms": 100}, "level": 2}))
        .await;
    let g = id(&state);
    api.post(&format!("/api/games/{g}/moves"), json!({"move": "e4"}))
        .await;
    api.wait_for(&g, Duration::from_secs(10), |s| {
        ply(s) == 2 && !s["thinking"].as_bool().unwrap_or(true)
    })
    .await
}

#[tokio::test]
async fn an_external_engine_gets_its_skill_level_or_the_page_says_it_has_none() {
    // Level 2 is Skill Level 3.
    let leveled = external_reply(true).await;
    assert_eq!(leveled["info"]["depth"], 3, "{leveled}");
    assert!(leveled["info"]["note"].is_null(), "{leveled}");
    let plain = external_reply(false).await;
    assert_eq!(plain["info"]["depth"], 20, "{plain}");
    assert!(
        plain["info"]["note"]
            .as_str()
            .is_some_and(|n| n.contains("no levels")),
        "{plain}"
    );
}
