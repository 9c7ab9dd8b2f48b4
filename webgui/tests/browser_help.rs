//! Browser test of the Leiserchess help page and the ko message
//! (issue 15).

mod browser_support;

use serde_json::json;

use browser_support::Browser;

/// A 2018 game after which Lavender's last move was the swap b4c3b3, so
/// ko forbids Tangerine's b4b3c3 (found by a search over random games).
const KO_MOVES: &str = "d2R b5c4 g4h5 e7L e2R b4L h5g6 c4R d2c3 c6b7 g5R b4c3b3";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_page_diagrams_and_the_ko_message() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/help/leiserchess").await;
    let counts = b
        .js(
            "return ['shift', 'swap', 'zap', 'reflections', 'ko'].map(id => \
               document.querySelectorAll('#diagram-' + id + ' svg').length);",
        )
        .await;
    assert_eq!(counts, json!([2, 3, 2, 16, 3]));
    b.screenshot("#diagram-zap", "webgui-help-zap.png").await;
    b.screenshot("#diagram-ko", "webgui-help-ko.png").await;
    b.screenshot("#diagram-reflections", "webgui-help-reflections.png")
        .await;
    // Every reflection case: eight turn the beam, eight zap the pawn.
    assert_eq!(
        b.js("return document.querySelectorAll('#diagram-reflections .help-zap').length;")
            .await,
        json!(8)
    );
    for anchor in ["moves", "laser", "ko", "rules-2016"] {
        assert_eq!(
            b.js(&format!("return !!document.getElementById('{anchor}');"))
                .await,
            json!(true)
        );
    }

    // The game page: a move ko forbids is explained when tried.
    let id = b
        .js(&format!(
            "return fetch('/api/games', {{method: 'POST', headers: {{'Content-Type': 'application/json'}}, \
               body: JSON.stringify({{game: 'leiserchess', white: 'human', black: 'human', moves: '{KO_MOVES}'}})}}) \
               .then(r => r.json()).then(s => s.id);"
        ))
        .await;
    b.open(&format!("/?id={}", id.as_str().expect("an id")))
        .await;
    assert_eq!(b.body_data("ply").await, "12");
    b.click_square("b4").await;
    b.click_square("b3").await; // the swap's first part
    b.wait("document.querySelector('[data-square=\"b4\"]').getAttribute('data-piece') !== ''")
        .await;
    b.click_square("c3").await; // ko forbids this follow-up
    b.wait("!document.getElementById('ko-note').hidden").await;
    let note = b.text("#ko-note").await;
    assert!(
        note.contains("b4b3c3") && note.contains("ko rule"),
        "{note}"
    );
    assert_eq!(b.body_data("ply").await, "12");
    assert!(b
        .js("return document.querySelector('#ko-note a').getAttribute('href');")
        .await
        .as_str()
        .is_some_and(|h| h.ends_with("#ko")));
}
