//! Browser test of analysis mode (issue 15): three engine lines with
//! their arrows, the evaluation bar and graph, and the search statistics.

mod browser_support;

use serde_json::json;

use browser_support::{assert_not_blank, Browser};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_shows_three_lines_arrows_graph_and_statistics() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/").await;
    b.new_game("chess", "both", "").await;
    b.type_into("#move-input", "e4").await;
    b.wait("document.body.dataset.ply === '1'").await;
    b.click("#analysis-toggle").await;
    b.wait("document.querySelectorAll('#analysis-lines .line').length === 3")
        .await;
    b.wait("document.querySelectorAll('.engine-arrow').length === 3")
        .await;
    // Three different first moves, read in one step: the lines are
    // redrawn at each new depth, so two separate reads could straddle a
    // redraw.
    b.wait(
        "(() => { const firsts = [...document.querySelectorAll('#analysis-lines .line-pv')] \
         .map(e => e.textContent.split(' ')[0]); \
         return firsts.length === 3 && new Set(firsts).size === 3; })()",
    )
    .await;
    assert!(!b.text("#eval-bar").await.is_empty());
    assert!(b.text("#eval-bar").await.contains("White's view"));
    // Statistics: a row per depth, the hit rate and quiescence share.
    b.js("document.getElementById('stats-panel').open = true;")
        .await;
    b.wait("document.querySelectorAll('#stats-rows tr').length >= 3")
        .await;
    let summary = b.text("#stats-summary").await;
    assert!(
        summary.contains("TT hit rate") && summary.contains("quiescence"),
        "{summary}"
    );
    // A move: the analysis follows; the graph has a point per position
    // analysed, and a click on it jumps to that move.
    b.type_into("#move-input", "e5").await;
    b.wait("document.body.dataset.ply === '2'").await;
    b.wait("document.querySelectorAll('#analysis-lines .line').length === 3 && document.querySelectorAll('#eval-graph .graph-point').length >= 2")
        .await;
    b.screenshot("body", "webgui-analysis.png").await;
    assert_not_blank(
        "analysis",
        b.screenshot(".layout", "webgui-analysis-layout.png").await,
    );
    let (x, y) = b.centre_of("#eval-graph svg").await;
    let left = b
        .js("return document.querySelector('#eval-graph svg').getBoundingClientRect().left;")
        .await
        .as_f64()
        .expect("left");
    // The middle of the graph is ply 1 of 2.
    let _ = (x, y, left);
    b.js("const svg = document.querySelector('#eval-graph svg'); const r = svg.getBoundingClientRect(); \
          svg.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: r.left + r.width / 2, clientY: r.top + 10 }));")
        .await;
    b.wait("document.body.dataset.viewPly === '1'").await;
    // The analysis follows the position on view: Black's replies to e4.
    b.wait("document.querySelectorAll('#analysis-lines .line').length === 3 && document.querySelectorAll('.engine-arrow').length === 3")
        .await;
    let state = b.state().await;
    assert_eq!(state["analysis_ply"], 1, "{state}");
    let from = b
        .js("return document.querySelector('.engine-arrow').dataset.from;")
        .await;
    assert!(
        from.as_str()
            .is_some_and(|sq| sq.ends_with('7') || sq.ends_with('8')),
        "a black move: {from}"
    );
    // Off again.
    b.click("#analysis-toggle").await;
    b.wait("document.body.dataset.analysis === 'false'").await;
    assert_eq!(
        b.js("return document.querySelectorAll('.engine-arrow').length;")
            .await,
        json!(0)
    );
}

/// A 30-ply game, long enough that a cancel lands while the pass runs
/// (31 positions at 150 ms each take over 4 s).
const LONG_GAME: &str = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 \
    7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 \
    14. Bg5 b4 15. Nb1 h6";

const POINTS: &str = "document.querySelectorAll('#eval-graph .graph-point').length";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_whole_game_is_analysed_point_by_point() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/").await;
    b.js(&format!(
        "document.getElementById('new-game-panel').open = true; \
         document.getElementById('ng-pgn').value = '{LONG_GAME}';"
    ))
    .await;
    b.new_game("chess", "both", "").await;
    b.wait("document.body.dataset.ply === '30'").await;
    assert_eq!(b.text("#review-toggle").await, "Analyse the whole game");

    // Started, it shows its progress; a second click cancels it.
    b.click("#review-toggle").await;
    b.wait("/^ply \\d+\\/30$/.test(document.getElementById('review-progress').textContent) && document.body.dataset.review === 'running'")
        .await;
    assert_eq!(b.text("#review-toggle").await, "Cancel whole-game analysis");
    b.click("#review-toggle").await;
    b.wait("document.body.dataset.review === 'idle'").await;
    assert_eq!(b.text("#review-progress").await, "");
    let partial = b.js(&format!("return {POINTS};")).await;
    assert!(partial.as_u64().is_some_and(|n| n < 31), "{partial}");

    // Again, to the end: the graph fills point by point, one per
    // position (the start and after each of the 30 moves).
    b.click("#review-toggle").await;
    b.wait("document.body.dataset.review === 'running'").await;
    b.wait_for(
        &format!("{POINTS} === 31 && document.body.dataset.review === 'idle'"),
        std::time::Duration::from_secs(90),
    )
    .await;
    let plies = b
        .js("return [...document.querySelectorAll('#eval-graph .graph-point')].map(p => Number(p.dataset.ply));")
        .await;
    assert_eq!(plies, json!((0..=30).collect::<Vec<_>>()));
    let state = b.state().await;
    assert_eq!(state["review"], serde_json::Value::Null, "{state}");
    assert_eq!(
        state["evals"].as_object().map(|e| e.len()),
        Some(31),
        "{state}"
    );
    assert_not_blank(
        "whole-game analysis",
        b.screenshot(".layout", "webgui-review-layout.png").await,
    );
}
