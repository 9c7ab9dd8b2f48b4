//! An external engine whose `UCI_Variant` defaults to the 2016 rules plays
//! a 2018 Leiserchess game by the 2018 rules: each Leiserchess game sets
//! the option to its own rule set, not only the 2016 one (the start-up
//! check lets a bare `--engine` serve every rule set the option lists).

mod common;

use std::time::Duration;

use serde_json::{json, Value};

use common::{id, ply, Api, TempScript};
use webgui::{Config, Engines};
use workbench::GameKind;

#[tokio::test]
async fn a_2016_default_engine_is_switched_to_the_2018_rules() {
    let start = GameKind::Leiserchess.game().start();
    let first = start.legal_moves()[0];
    let move_2018 = start.move_text(first).expect("a legal move");
    // Plays a 2018 move once told `UCI_Variant 2018`, else nothing.
    let script = TempScript::new(&format!(
        "#!/bin/sh\n\
         v=2016\n\
         while read line; do\n\
           case \"$line\" in\n\
             uci) echo 'id name Variant Mock'; echo 'option name UCI_Variant type combo default 2016 var 2016 var 2018'; echo uciok ;;\n\
             isready) echo readyok ;;\n\
             'setoption name UCI_Variant value 2018') v=2018 ;;\n\
             go*) if [ \"$v\" = 2018 ]; then echo 'bestmove {move_2018}'; else echo 'bestmove 0000'; fi ;;\n\
             quit) exit 0 ;;\n\
           esac\n\
         done\n"
    ));
    let api = Api::with(Config {
        engines: Engines::every_game(script.0.clone()),
        ..Config::default()
    });
    let state = api
        .create(
            json!({"game": "leiserchess", "white": "engine", "black": "human",
                       "limit": {"movetime_ms": 100}}),
        )
        .await;
    let g = id(&state);
    let done = api
        .wait_for(&g, Duration::from_secs(10), |s| {
            ply(s) == 1 || !s["engine_error"].is_null()
        })
        .await;
    assert_eq!(done["engine_error"], Value::Null, "{done}");
    assert_eq!(done["moves"][0]["text"], move_2018.as_str(), "{done}");
}
