//! Browser tests of premoves (issue 15) beyond a chess move: a Leiserchess
//! rotation queued while the engine thinks, shown, cancelled by Escape and
//! by a right click, and played when the turn comes; and a premove that
//! is no longer legal then, dropped with a message. Headless Chromium
//! over WebDriver, as in `browser.rs`.

mod browser_support;

use serde_json::json;

use browser_support::{assert_not_blank, Browser};

const PREMOVE_MARKS: &str = "document.querySelectorAll('.premove').length";

async fn wait_ply(b: &Browser, ply: usize) {
    b.wait(&format!("document.body.dataset.ply === '{ply}'"))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leiserchess_rotation_is_premoved_shown_cancelled_and_played() {
    let Some(b) = Browser::start().await else {
        return;
    };
    // A long think, cut short once the premove is queued.
    b.open("/?game=leiserchess&movetime=20000").await;
    // The person's turn: a rotation as people make one (the king on h0,
    // R, Enter fires it).
    b.click_square("h0").await;
    b.press('r').await;
    b.wait("document.getElementById('fire').disabled === false")
        .await;
    b.press('\u{e007}').await;
    wait_ply(&b, 1).await;
    b.wait("document.body.dataset.thinking === 'true'").await;

    // While the engine thinks: the same piece, then the U button.
    b.click_square("h0").await;
    b.wait("document.getElementById('rot-U').disabled === false")
        .await;
    b.click("#rot-U").await;
    b.wait(&format!(
        "{PREMOVE_MARKS} === 1 && document.querySelector('.premove-rotate[data-rotate=\"U\"]') !== null"
    ))
    .await;
    assert!(b.text("#leiser-hint").await.contains("h0U"));
    assert_not_blank(
        "queued rotation",
        b.screenshot("#board", "webgui-premove-rotation.png").await,
    );
    // Escape cancels it.
    b.press('\u{e00c}').await;
    b.wait(&format!(
        "{PREMOVE_MARKS} === 0 && document.querySelector('.premove-rotate') === null"
    ))
    .await;
    // Queued again by key, then a right click cancels it (and draws
    // nothing).
    b.click_square("h0").await;
    b.press('l').await;
    b.wait("document.querySelector('.premove-rotate[data-rotate=\"L\"]') !== null")
        .await;
    b.right_click_square("d3").await;
    b.wait(&format!(
        "{PREMOVE_MARKS} === 0 && document.querySelector('.premove-rotate') === null"
    ))
    .await;
    assert_eq!(
        b.js("return document.querySelectorAll('.drawing').length;")
            .await,
        json!(0)
    );

    // Queued once more, and played as soon as the engine has moved.
    b.click_square("h0").await;
    b.press('u').await;
    b.wait("document.querySelector('.premove-rotate[data-rotate=\"U\"]') !== null")
        .await;
    assert_eq!(b.body_data("ply").await, "1", "queued, not played");
    b.click("#engine-stop").await; // Move now
    wait_ply(&b, 3).await;
    let state = b.state().await;
    assert_eq!(state["moves"][2]["text"], "h0U", "{state}");
    b.wait("document.querySelector('.premove-rotate') === null")
        .await;
    assert_eq!(b.text("#premove-note").await, "");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_premove_no_longer_legal_is_dropped_with_a_message() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/?game=chess&movetime=20000").await;
    // Qg7+ leaves Black two replies, Kxg7 and Rxg7 (the engine thinks
    // over two moves; one it would play at once): either way the queen a
    // premove would move is gone.
    b.new_game("chess", "white", "7k/1r6/6Q1/8/8/8/P7/K7 w - - 0 1")
        .await;
    b.click_square("g6").await;
    b.click_square("g7").await;
    wait_ply(&b, 1).await;
    b.wait("document.body.dataset.thinking === 'true'").await;
    b.click_square("g7").await;
    b.click_square("g1").await;
    b.wait(&format!("{PREMOVE_MARKS} === 2")).await;
    b.click("#engine-stop").await;
    wait_ply(&b, 2).await;
    b.wait("!document.getElementById('premove-note').hidden")
        .await;
    let note = b.text("#premove-note").await;
    assert!(note.contains("g7g1") && note.contains("dropped"), "{note}");
    assert_eq!(b.js(&format!("return {PREMOVE_MARKS};")).await, json!(0));
    assert_eq!(b.state().await["moves"].as_array().map(Vec::len), Some(2));
}
