//! Browser test of a review that teaches (issue 39): after "Analyse the
//! whole game" the blundering move carries its `??` in the move list, each
//! side's count is written out, the evaluation graph has axes, move
//! numbers, a marker on the blunder and a hover read-out, and a click on
//! the marker (or on the count) shows the board after the blunder.

mod browser_support;

use std::time::Duration;

use fantoccini::actions::{InputSource, MouseActions, PointerAction};

use browser_support::{assert_not_blank, Browser};

/// 2.Qg4?? hangs White's queen to 2...Bxg4; the rest loses nothing more
/// (a side already nine pawns down has little expected score to lose).
const GAME: &str = "1. e4 d5 2. Qg4 Bxg4 3. Nf3 e6";

/// Moves the mouse (W3C pointer actions, as a person's mouse moves) to
/// the centre of the element `css`.
async fn hover(b: &Browser, css: &str) {
    let (x, y) = b.centre_of(css).await;
    let actions = MouseActions::new("mouse".into()).then(PointerAction::MoveTo {
        duration: Some(Duration::from_millis(50)),
        x: x.round(),
        y: y.round(),
    });
    b.client.perform_actions(actions).await.expect("mouse move");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_with_its_marks() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/").await;
    b.js(&format!(
        "document.getElementById('new-game-panel').open = true; \
         document.getElementById('ng-pgn').value = '{GAME}';"
    ))
    .await;
    b.new_game("chess", "both", "").await;
    b.wait("document.body.dataset.ply === '6'").await;
    // Nothing judged yet: no marks, no summary.
    assert_eq!(b.text("#review-summary").await, "");

    b.click("#review-toggle").await;
    b.wait_for(
        "document.body.dataset.review === 'idle' && \
         document.querySelectorAll('#eval-graph .graph-point').length === 7",
        Duration::from_secs(60),
    )
    .await;

    // The move list: `??` after 2.Qg4, saying what it is and what it cost.
    let badge = "#move-list button[data-ply=\"3\"] .judgement.blunder";
    b.wait(&format!("!!document.querySelector('{badge}')"))
        .await;
    assert_eq!(b.text(badge).await, "??");
    let title = b
        .js(&format!("return document.querySelector('{badge}').title;"))
        .await;
    let title = title.as_str().unwrap_or_default();
    assert!(
        title.starts_with("Blunder: White's expected score fell by ")
            && title.ends_with("points (of 100)"),
        "{title}"
    );
    assert_eq!(
        b.js("return document.querySelector('#move-list button[data-ply=\"4\"] .judgement');")
            .await,
        serde_json::Value::Null,
        "taking the queen is not judged"
    );

    // Each side's count.
    let white = b.text("#review-summary [data-side=\"white\"]").await;
    assert!(
        white.starts_with("White: ") && white.contains(", 1 blunder"),
        "{white}"
    );
    let black = b.text("#review-summary [data-side=\"black\"]").await;
    assert!(
        black.starts_with("Black: ") && black.ends_with("0 blunders"),
        "{black}"
    );

    // The graph's axes: the even line, score ticks, move numbers 1 to 3.
    let ticks = b
        .js("return [...document.querySelectorAll('#eval-graph .graph-tick')].map(t => t.textContent);")
        .await;
    for label in ["+6", "0", "−6", "1", "2", "3"] {
        assert!(
            ticks
                .as_array()
                .is_some_and(|t| t.iter().any(|v| v == label)),
            "tick {label}: {ticks}"
        );
    }

    // Hovering ply 5 reads out 3.Nf3 and its score.
    hover(&b, "#eval-graph .graph-point[data-ply=\"5\"]").await;
    b.wait("document.querySelector('#eval-graph .graph-readout').dataset.ply === '5'")
        .await;
    let readout = b.text("#eval-graph .graph-readout").await;
    assert!(readout.starts_with("3. Nf3 "), "{readout}");
    assert!(readout.contains(" -"), "Black is far ahead: {readout}");
    // Over the marker: the mark and the judgement.
    hover(&b, "#eval-graph .graph-mark.blunder").await;
    b.wait("document.querySelector('#eval-graph .graph-readout').dataset.ply === '3'")
        .await;
    let readout = b.text("#eval-graph .graph-readout").await;
    assert!(readout.starts_with("2. Qg4?? "), "{readout}");
    assert!(readout.contains("blunder (lost "), "{readout}");

    // White's blunder count goes to White's blunder; back to the end.
    b.click("#review-summary [data-side=\"white\"] .tally-jump[data-kind=\"blunder\"]")
        .await;
    b.wait("document.body.dataset.viewPly === '3'").await;
    b.click("#nav-last").await;
    b.wait("document.body.dataset.viewPly === '6'").await;

    // A click on the marker shows the board after the blunder.
    b.click("#eval-graph .graph-mark.blunder").await;
    b.wait("document.body.dataset.viewPly === '3'").await;
    assert_eq!(b.piece_on("g4").await, "Q", "the queen on g4");
    assert_eq!(b.piece_on("c8").await, "b", "the bishop yet to take it");
    assert_eq!(b.text("#status").await, "Viewing ply 3 of 6");
    assert_eq!(
        b.js("return document.querySelector('#move-list [aria-current=\"true\"]').dataset.ply;")
            .await,
        "3"
    );
    assert_not_blank(
        "a review with its marks",
        b.screenshot(".analysis", "webgui-review-marks.png").await,
    );
    // And in the other theme (the marks' colours hold in both).
    b.click("#theme").await;
    assert_not_blank(
        "a review with its marks, other theme",
        b.screenshot(".analysis", "webgui-review-marks-theme.png")
            .await,
    );
}
