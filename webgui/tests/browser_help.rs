//! Browser test of the Leiserchess help page and the ko message
//! (issue 15).

mod browser_support;

use serde_json::json;

use browser_support::Browser;

/// A 2018 game after which Lavender's last move was the swap b3c2b2, so
/// ko forbids Tangerine's b3b2c2 (found by a search over random games).
const KO_MOVES: &str = "d1R b4c3 g3h4 e6L e1R b3L h4g5 c3R d1c2 c5b6 g4R b3c2b2";

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
    b.click_square("b3").await;
    b.click_square("b2").await; // the swap's first part
    b.wait("document.querySelector('[data-square=\"b3\"]').getAttribute('data-piece') !== ''")
        .await;
    b.click_square("c2").await; // ko forbids this follow-up
    b.wait("!document.getElementById('ko-note').hidden").await;
    let note = b.text("#ko-note").await;
    assert!(
        note.contains("b3b2c2") && note.contains("ko rule"),
        "{note}"
    );
    assert_eq!(b.body_data("ply").await, "12");
    assert!(b
        .js("return document.querySelector('#ko-note a').getAttribute('href');")
        .await
        .as_str()
        .is_some_and(|h| h.ends_with("#ko")));
}
