//! Browser test of the analysis board (issue 39, "an analysis board,
//! separate from the game"): opened from a game against the engine still
//! being played, it is a board of its own where a variation is made and
//! left, a line of the engine is played with a click, the evaluation bar
//! stands beside the board, and the way back finds the game as it was.

mod browser_support;

use browser_support::Browser;

async fn wait_ply(b: &Browser, ply: usize) {
    b.wait(&format!("document.body.dataset.ply === '{ply}'"))
        .await;
}

/// The moves of the move list as drawn: `text` of each tree move, a
/// variation in brackets.
async fn tree_text(b: &Browser) -> String {
    let text = b
        .js("return [...document.querySelectorAll('#move-list > *')].map(e => e.textContent).join(' ');")
        .await;
    text.as_str().unwrap_or("").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_variation_made_and_left_on_the_board_while_the_game_goes_on() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/?game=chess&movetime=200").await;
    b.type_into("#move-input", "e4").await;
    wait_ply(&b, 2).await;
    b.wait("document.body.dataset.thinking === 'false'").await;
    let game = b.state().await;
    let game_id = game["id"].as_str().expect("an id").to_string();
    let reply = game["moves"][1]["record"]
        .as_str()
        .expect("a reply")
        .to_string();

    // A board of its own, with the engine on; the game is left alone.
    b.click("#analysis-toggle").await;
    b.wait("document.body.dataset.board === 'true' && document.body.dataset.analysis === 'true'")
        .await;
    let board = b.state().await;
    assert_ne!(board["id"], game["id"]);
    assert_eq!(board["analysis_board"]["origin"], game_id.as_str());
    assert_eq!(board["players"]["black"], "human");
    let origin = b
        .js(&format!(
            "return fetch('/api/games/{game_id}').then(r => r.json());"
        ))
        .await;
    assert_eq!(
        origin["players"]["black"], "engine",
        "the game keeps its engine"
    );

    // The bar stands beside the board, as tall as it.
    let beside = b
        .js(
            "const bar = document.getElementById('eval-bar').getBoundingClientRect(); \
             const board = document.getElementById('board').getBoundingClientRect(); \
             return bar.right <= board.left && Math.abs(bar.height - board.height) < 1;",
        )
        .await;
    assert_eq!(beside, true);

    // One step back, another reply: a variation beside the game's.
    b.click("#nav-prev").await;
    wait_ply(&b, 1).await;
    let other = if reply == "c5" { "e5" } else { "c5" };
    b.type_into("#move-input", other).await;
    wait_ply(&b, 2).await;
    b.wait("document.querySelectorAll('#move-list .variation').length === 1")
        .await;
    let drawn = tree_text(&b).await;
    assert!(drawn.contains("1. e4"), "{drawn}");
    assert!(drawn.contains(&format!("(1… {other})")), "{drawn}");
    assert_eq!(
        b.text("#move-list [aria-current=true]").await,
        format!("1… {other}")
    );

    // Back into the main line by a click on its move: the variation stays.
    b.js("document.querySelector('#move-list > .tree-move[data-ply=\"2\"]').click();")
        .await;
    b.wait(&format!(
        "document.querySelector('#move-list [aria-current=\"true\"]')?.textContent === '{reply}'"
    ))
    .await;
    assert_eq!(
        b.js("return document.querySelectorAll('#move-list .variation').length;")
            .await,
        1
    );

    b.screenshot("body", "webgui-analysis-board.png").await;

    // A click on the engine's best line plays its first move.
    b.wait("document.querySelectorAll('#analysis-lines .line.playable').length >= 1")
        .await;
    b.click("#analysis-lines .line").await;
    wait_ply(&b, 3).await;

    // Back to the game: as it was, against the engine.
    b.click("#board-return").await;
    b.wait("document.body.dataset.board === 'false'").await;
    let back = b.state().await;
    assert_eq!(back["id"], game_id.as_str());
    assert_eq!(back["players"]["black"], "engine");
    assert_eq!(back["moves"].as_array().map(Vec::len), Some(2));
}
