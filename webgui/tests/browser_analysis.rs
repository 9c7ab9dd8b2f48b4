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
    let firsts = b
        .js("return [...document.querySelectorAll('#analysis-lines .line-pv')].map(e => e.textContent.split(' ')[0]);")
        .await;
    let firsts: Vec<String> = serde_json::from_value(firsts).expect("moves");
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{firsts:?}"
    );
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
