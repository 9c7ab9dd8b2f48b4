//! Engine levels on the page (issue 39, "Engines people can beat"): a
//! level chosen in the new-game form reaches the engine, the engine panel
//! says which level it plays at, and a rematch keeps it. Headless
//! Chromium over WebDriver, as in `browser.rs`.

mod browser_support;

use browser_support::Browser;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_level_chosen_and_sent_to_the_engine() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/?game=chess").await;
    b.js("document.getElementById('new-game-panel').open = true;")
        .await;
    b.select("#ng-level", "2").await;
    b.new_game("chess", "white", "").await;
    let state = b.state().await;
    assert_eq!(state["limit"]["level"], 2, "{state}");

    b.click_square("e2").await;
    b.click_square("e4").await;
    b.wait("document.body.dataset.ply === '2' && document.body.dataset.thinking === 'false'")
        .await;
    let state = b.state().await;
    // Level 2 is Skill Level 3, whose search stops at depth 4 although
    // the default second per move would take full strength deeper.
    let depth = state["info"]["depth"]
        .as_u64()
        .expect("the engine reported");
    assert!(depth <= 4, "the engine searched to depth {depth}: {state}");
    let label = b.text("#engine-level").await;
    assert!(label.contains("Level 2"), "{label}");

    // A rematch keeps the level.
    let old = state["id"].clone();
    b.click("#rematch").await;
    b.wait(&format!("sessionStorage.getItem('webgui.game') !== {old}"))
        .await;
    let rematch = b.state().await;
    assert_eq!(rematch["limit"]["level"], 2, "{rematch}");
}
