//! Browser tests of the game choice "Leiserchess 2016": the real page in
//! headless Chromium over WebDriver (see `browser.rs`). Rule numbers are
//! those of `docs/leiserchess-2016-rules.md`.

mod browser_support;

use serde_json::Value;

use browser_support::Browser;

const ESCAPE: char = '\u{e00c}';

/// The rank numbers written beside the board, from the rank nearest
/// Tangerine (drawn at the bottom) up.
async fn rank_labels(b: &Browser) -> Value {
    b.js("return [...document.querySelectorAll('.coord.rank')]\
            .sort((p, q) => q.getAttribute('y') - p.getAttribute('y'))\
            .map(t => t.textContent);")
        .await
}

async fn wait_ply(b: &Browser, ply: usize) {
    b.wait(&format!("document.body.dataset.ply === '{ply}'"))
        .await;
}

async fn wait_staged(b: &Browser) {
    b.wait("!document.getElementById('fire').disabled && document.querySelector('polyline.laser.staged')")
        .await;
}

/// The squares of the zap marks of the laser of ply `ply`, in the order
/// the beam reaches them, once its draw-in animation has run and every
/// mark shows; each mark appears later than the one before.
async fn zap_marks_after_the_animation(b: &Browser, ply: usize) -> Vec<String> {
    b.wait(&format!("document.body.dataset.laserPly === '{ply}'"))
        .await;
    b.wait(
        "[...document.querySelectorAll('.zap, .laser')]\
           .every(e => e.getAnimations().every(a => a.playState === 'finished')) \
         && [...document.querySelectorAll('.zap')].every(z => getComputedStyle(z).opacity === '1')",
    )
    .await;
    let marks = b
        .js("return [...document.querySelectorAll('.zap')]\
               .sort((x, y) => x.dataset.order - y.dataset.order)\
               .map(z => [z.dataset.zapped, Number(z.dataset.appearMs)]);")
        .await;
    let marks: Vec<(String, u64)> = serde_json::from_value(marks).expect("marks");
    assert!(
        marks.windows(2).all(|w| w[0].1 < w[1].1),
        "each zap is marked when the beam reaches it: {marks:?}"
    );
    marks.into_iter().map(|(square, _)| square).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leiserchess_2016_null_move_multi_zap_and_own_swap_by_clicking() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/").await;
    // Tangerine's king on h0 aims west at two nw pawns (b0, d0); its own
    // NE pawn stands on g1.
    let fen = "7ss/8/8/8/8/8/6NE1/1nw1nw3WW W";
    b.new_game("leiserchess2016", "both", fen).await;
    assert_eq!(b.body_data("game").await, "leiserchess2016");
    assert!(b.text("#game-title").await.starts_with("Leiserchess 2016"));
    // Rule 1.1: ranks 0 to 7.
    let ranks = rank_labels(&b).await;
    assert_eq!(
        ranks,
        serde_json::json!(["0", "1", "2", "3", "4", "5", "6", "7"])
    );
    assert_eq!(b.piece_on("h0").await, "WW");
    assert_eq!(b.piece_on("b0").await, "nw");

    // Rule 3.2: this null move zaps, so the king offers it: a dashed
    // ring on itself, and the Null move button.
    b.wait("!document.getElementById('null-move').hidden").await;
    b.click_square("h0").await;
    b.wait("document.querySelector('.null-target') !== null")
        .await;
    b.click_square("h0").await;
    wait_staged(&b).await;
    let staged = b
        .js("return document.querySelector('polyline.laser.staged').dataset.laser;")
        .await;
    assert_eq!(staged, "h0 g0 f0 e0 d0 c0 b0 a0");
    b.press(ESCAPE).await;
    b.wait("document.querySelector('polyline.laser.staged') === null")
        .await;
    // The same move from the button, confirmed with Fire.
    b.click("#null-move").await;
    wait_staged(&b).await;
    b.click("#fire").await;
    wait_ply(&b, 1).await;
    // Rule 4.3: both pawns zapped, marked one after the other.
    assert_eq!(zap_marks_after_the_animation(&b, 1).await, ["d0", "b0"]);
    b.screenshot("#board", "webgui-leiserchess2016-multi-zap.png")
        .await;
    assert_eq!(b.piece_on("d0").await, "");
    assert_eq!(b.piece_on("b0").await, "");
    assert_eq!(b.text("#move-list").await.trim(), "1. h0h0");

    // Lavender turns; the null move now zaps nothing and is not offered.
    b.type_into("#move-input", "h7R").await;
    wait_ply(&b, 2).await;
    b.wait("document.getElementById('null-move').hidden").await;

    // Rule 3.1: the king swaps with its own pawn, by two clicks and Fire.
    b.click_square("h0").await;
    b.wait(
        "document.querySelector('[data-square=\"h0\"]').getAttribute('aria-pressed') === 'true'",
    )
    .await;
    b.click_square("g1").await;
    wait_staged(&b).await;
    // The staged board shows the exchange before it is played.
    assert_eq!(b.piece_on("g1").await, "WW");
    b.click("#fire").await;
    wait_ply(&b, 3).await;
    assert_eq!(b.piece_on("g1").await, "WW");
    assert_eq!(b.piece_on("h0").await, "NE");
    let state = b.state().await;
    assert_eq!(state["moves"][2]["text"], "h0g1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leiserchess_2016_pinned_pawns_marked_and_the_engine_replies() {
    let Some(b) = Browser::start().await else {
        return;
    };
    // Rule 3.4: Lavender's beam turns at d7 and stops against d4's back.
    b.open("/").await;
    b.new_game(
        "leiserchess2016",
        "both",
        "ee2SW4/6nw1/8/3SE4/4NE3/8/8/7NN W",
    )
    .await;
    b.wait("document.querySelectorAll('.pinned').length === 2")
        .await;
    let pinned = b
        .js("return [...document.querySelectorAll('.pinned')].map(p => p.dataset.pinned);")
        .await;
    assert_eq!(pinned, serde_json::json!(["d4", "d7"]));
    let title = b
        .js("return document.querySelector('[data-pinned=\"d4\"] title').textContent;")
        .await;
    assert!(
        title
            .as_str()
            .is_some_and(|t| t.contains("pinned: on the enemy laser's path")),
        "{title}"
    );
    assert!(b.text("#pin-legend").await.contains("pinned"));
    b.screenshot(".board-area", "webgui-leiserchess2016-pinned.png")
        .await;
    // A pinned pawn offers nothing to click.
    b.click_square("d4").await;
    b.click_square("e3").await;
    b.wait(
        "document.querySelector('[data-square=\"e3\"]').getAttribute('aria-pressed') === 'true'",
    )
    .await;
    assert_eq!(
        b.js("return document.querySelector('[data-square=\"d4\"]').getAttribute('aria-pressed');")
            .await,
        Value::Null
    );
    // Carrying it off the beam: the marks go.
    b.click_square("d4").await;
    wait_staged(&b).await;
    assert_eq!(
        b.js("return document.querySelectorAll('.pinned').length;")
            .await,
        0,
        "no pin marks on a staged board"
    );
    b.click("#fire").await;
    wait_ply(&b, 1).await;
    b.wait("document.getElementById('pin-legend').hidden").await;

    // `?game=leiserchess2016` against the engine, which answers.
    b.open("/?game=leiserchess2016&depth=1").await;
    assert_eq!(b.body_data("game").await, "leiserchess2016");
    assert_eq!(
        rank_labels(&b).await,
        serde_json::json!(["0", "1", "2", "3", "4", "5", "6", "7"])
    );
    b.click_square("h0").await;
    b.click("#rot-L").await;
    wait_staged(&b).await;
    b.click("#fire").await;
    wait_ply(&b, 2).await;
    b.wait("document.body.dataset.thinking === 'false'").await;
    let state = b.state().await;
    assert_eq!(state["game"], "leiserchess2016");
    assert_eq!(state["moves"][0]["text"], "h0L");
}
