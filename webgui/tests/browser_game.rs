//! Browser test of playing a game (issue 15): a custom Fischer clock, a
//! draw offer, resigning, a rematch, and the light and dark themes.

mod browser_support;

use fantoccini::Locator;
use serde_json::json;

use browser_support::Browser;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn custom_clock_draw_offer_resign_rematch_and_themes() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/").await;
    b.js("document.getElementById('new-game-panel').open = true;")
        .await;
    b.select("#ng-clock", "custom").await;
    b.wait("!document.getElementById('ng-custom').hidden").await;
    for (css, value) in [("#ng-minutes", "2"), ("#ng-increment", "1")] {
        let field = b.client.find(Locator::Css(css)).await.expect("field");
        field.clear().await.expect("clear");
        field.send_keys(value).await.expect("type");
    }
    b.new_game("chess", "white", "").await;
    let state = b.state().await;
    assert_eq!(state["clock"]["initial_ms"], 120_000, "{state}");
    assert_eq!(state["clock"]["increment_ms"], 1000);
    assert!(
        b.text("#clock-bottom").await.starts_with("2:0")
            || b.text("#clock-bottom").await.starts_with("1:5")
    );

    // A draw offer at move 1: declined, with the reason.
    b.click("#offer-draw").await;
    b.wait("!document.getElementById('draw-note').hidden").await;
    assert!(b.text("#draw-note").await.contains("after move 30"));

    // Resign (two clicks).
    b.click("#resign").await;
    b.click("#resign").await;
    b.wait("!document.getElementById('result').hidden").await;
    let result = b.text("#result").await;
    assert!(
        result.contains("0-1") && result.contains("White resigns"),
        "{result}"
    );

    // A rematch: colours reversed, the same clock, the board turned.
    let old = b.state().await["id"].clone();
    b.click("#rematch").await;
    b.wait(&format!("sessionStorage.getItem('webgui.game') !== {old}"))
        .await;
    let state = b.state().await;
    assert_eq!(
        state["players"],
        json!({"white": "engine", "black": "human"})
    );
    assert_eq!(state["clock"]["initial_ms"], 120_000);
    b.wait("document.querySelector('#board svg').getAttribute('aria-label').includes('flipped')")
        .await;
    b.wait("document.body.dataset.ply === '1'").await; // the engine opens

    // Themes: the other one, remembered over a reload, and back. (The
    // first follows the system's preference.)
    let first = b.js("return document.documentElement.dataset.theme;").await;
    let other = if first == json!("light") {
        "dark"
    } else {
        "light"
    };
    let before = b
        .js("return getComputedStyle(document.body).backgroundColor;")
        .await;
    b.click("#theme").await;
    b.wait(&format!(
        "document.documentElement.dataset.theme === '{other}'"
    ))
    .await;
    let after = b
        .js("return getComputedStyle(document.body).backgroundColor;")
        .await;
    assert_ne!(before, after);
    b.client.refresh().await.expect("reload");
    b.wait("document.body.dataset.ready === 'true'").await;
    assert_eq!(
        b.js("return document.documentElement.dataset.theme;").await,
        json!(other)
    );
    b.screenshot("body", &format!("webgui-{other}-theme.png"))
        .await;
    b.click("#theme").await;
    b.wait(&format!(
        "document.documentElement.dataset.theme === {first}"
    ))
    .await;
}
