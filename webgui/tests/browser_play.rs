//! Browser tests of playing on the page (issue 15): keys, export, reload,
//! the score label, the strength field, a narrow window, drag and drop,
//! premoves, drawings and sounds. Headless Chromium over WebDriver, as in
//! `browser.rs`.

mod browser_support;

use serde_json::{json, Value};

use browser_support::Browser;

const ARROW_LEFT: char = '\u{e012}';
const ARROW_RIGHT: char = '\u{e014}';
const HOME: char = '\u{e011}';
const END: char = '\u{e010}';
const ENTER: char = '\u{e007}';
const ESCAPE: char = '\u{e00c}';

async fn wait_ply(b: &Browser, ply: usize) {
    b.wait(&format!("document.body.dataset.ply === '{ply}'"))
        .await;
}

async fn play_typed(b: &Browser, moves: &[&str]) {
    let start: usize = b.body_data("ply").await.parse().unwrap_or(0);
    for (i, mv) in moves.iter().enumerate() {
        b.type_into("#move-input", mv).await;
        wait_ply(b, start + i + 1).await;
    }
}

async fn game_id(b: &Browser) -> Value {
    b.js("return sessionStorage.getItem('webgui.game');").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn enter_plays_a_staged_leiserchess_move_and_escape_cancels_it() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/").await;
    b.new_game("leiserchess", "both", "").await;
    // A click on the board, then a rotation key: the move is staged.
    b.click_square("h0").await;
    b.press('r').await;
    b.wait("document.querySelector('polyline.laser.staged') !== null")
        .await;
    b.press(ESCAPE).await;
    b.wait("document.querySelector('polyline.laser.staged') === null && document.getElementById('fire').disabled")
        .await;
    assert_eq!(b.body_data("ply").await, "0");

    // Staged again by clicks only; the last click was on the board.
    b.click_square("h0").await;
    b.click("#rot-L").await;
    b.wait("document.querySelector('polyline.laser.staged') !== null")
        .await;
    b.click_square("d3").await; // a click elsewhere cancels (as before)
    b.wait("document.querySelector('polyline.laser.staged') === null")
        .await;
    b.click_square("h0").await;
    b.press('l').await;
    b.wait("document.querySelector('polyline.laser.staged') !== null")
        .await;
    b.press(ENTER).await;
    wait_ply(&b, 1).await;
    assert_eq!(b.state().await["moves"][0]["text"], "h0L");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn arrow_keys_step_through_history_after_a_board_click() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/").await;
    b.new_game("chess", "both", "").await;
    play_typed(&b, &["e4", "e5", "Nf3"]).await;
    b.click_square("a5").await; // an empty square: nothing selected
    b.press(ARROW_LEFT).await;
    b.wait("document.body.dataset.viewPly === '2'").await;
    // No focus outline walks the squares: the focus is not on a square.
    assert_eq!(
        b.js("return !!(document.activeElement && document.activeElement.closest && document.activeElement.closest('.sq'));")
            .await,
        json!(false)
    );
    b.press(HOME).await;
    b.wait("document.body.dataset.viewPly === '0'").await;
    b.press(ARROW_RIGHT).await;
    b.wait("document.body.dataset.viewPly === '1'").await;
    // With a button focused (Flip), the arrows still step.
    b.click("#flip").await;
    b.press(ARROW_RIGHT).await;
    b.wait("document.body.dataset.viewPly === '2'").await;
    b.press(END).await;
    b.wait("document.body.dataset.viewPly === '3'").await;
    // A text field keeps its arrow keys.
    b.click("#move-input").await;
    b.press(ARROW_LEFT).await;
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    assert_eq!(b.body_data("viewPly").await, "3");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_and_reload_follow_the_current_game() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/").await;
    b.new_game("chess", "both", "").await;
    play_typed(&b, &["e4"]).await;
    b.js("document.getElementById('export-panel').open = true;")
        .await;
    b.click("#show-pgn").await;
    b.wait("document.getElementById('pgn').textContent.includes('1. e4')")
        .await;
    // A new game: the old PGN goes, and Show PGN shows the new game.
    b.new_game("chess", "both", "").await;
    assert!(b.text("#pgn").await.is_empty());
    b.click("#show-pgn").await;
    b.wait("!document.getElementById('pgn').hidden").await;
    assert!(!b.text("#pgn").await.contains("e4"));
    // Shown PGN follows the moves.
    play_typed(&b, &["d4"]).await;
    b.wait("document.getElementById('pgn').textContent.includes('1. d4')")
        .await;

    // A game with a clock, reloaded: the same game, clocks and all.
    b.js("document.getElementById('ng-clock').value = '180000+2000';")
        .await;
    b.new_game("chess", "both", "").await;
    play_typed(&b, &["e4", "c5"]).await;
    let id = game_id(&b).await;
    let url = b.client.current_url().await.expect("url");
    assert!(url.as_str().contains("id="), "{url}");
    b.client.refresh().await.expect("reload");
    b.wait("document.body.dataset.ready === 'true'").await;
    assert_eq!(game_id(&b).await, id);
    wait_ply(&b, 2).await;
    assert!(b.text("#clock-bottom").await.contains(':'));
    assert!(b.text("#clock-top").await.contains(':'));
    // `?game=` alone still starts a new game.
    b.open("/?game=chess").await;
    assert_ne!(game_id(&b).await, id);
    assert_eq!(b.body_data("ply").await, "0");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn score_view_is_labelled_and_strength_keeps_its_value() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/?game=chess&depth=3").await;
    b.type_into("#move-input", "e4").await;
    b.wait("document.body.dataset.ply === '2' && document.body.dataset.thinking === 'false'")
        .await;
    let score = b.text("#eng-score").await;
    assert!(score.ends_with("(White's view)"), "{score}");

    // Time per move: 6 typed, then switched to depth: 6 stays.
    b.js("document.getElementById('limit-kind').value = 'time'; \
          document.getElementById('limit-kind').dispatchEvent(new Event('change'));")
        .await;
    b.wait("document.getElementById('limit-value').value !== ''")
        .await;
    let value = b
        .client
        .find(fantoccini::Locator::Css("#limit-value"))
        .await
        .expect("field");
    value.clear().await.expect("clear");
    value.send_keys("6").await.expect("type");
    b.select("#limit-kind", "depth").await;
    b.wait("document.getElementById('limit-value').value === '6'")
        .await;
    b.wait("fetch('/api/games/' + sessionStorage.getItem('webgui.game')).then(r => r.json()).then(s => window.__limit = s.limit) && window.__limit && window.__limit.depth === 6")
        .await;
    assert!(b.text("#limit-note").await.is_empty());
    // 1500 suits a time, not a depth: the last depth comes back, and the
    // page says so.
    b.select("#limit-kind", "time").await;
    value.clear().await.expect("clear");
    value.send_keys("1500").await.expect("type");
    b.select("#limit-kind", "depth").await;
    b.wait("document.getElementById('limit-value').value === '6'")
        .await;
    let note = b.text("#limit-note").await;
    assert!(note.contains("1500") && note.contains("1–64"), "{note}");
}

/// Lines each visible label of the page takes, largest first.
async fn label_lines(b: &Browser) -> Value {
    b.js("const out = [];
          for (const el of document.querySelectorAll('label, button, dt, dd, summary, .player-name, h1, .clock')) {
            if (!el.offsetParent || !el.textContent.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(el);
            const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
            out.push([tops.size, el.id || el.textContent.trim().slice(0, 30)]);
          }
          return out.sort((p, q) => q[0] - p[0]).slice(0, 5);")
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_400_px_the_board_fills_the_width() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.client.set_window_size(400, 900).await.expect("resize");
    for game in ["chess", "leiserchess"] {
        b.open(&format!("/?game={game}")).await;
        let sizes = b
            .js(
                "const r = document.querySelector('#board svg').getBoundingClientRect(); \
                 const c = document.querySelector('.coord').getBoundingClientRect(); \
                 return [r.left, r.width, document.documentElement.clientWidth, c.height];",
            )
            .await;
        let [left, width, viewport, coord] =
            [0, 1, 2, 3].map(|i| sizes[i].as_f64().expect("a number"));
        eprintln!("{game}: board {width} px at {left} of {viewport}; coordinates {coord} px");
        assert!(viewport <= 400.0, "{viewport}");
        assert!(width >= viewport - 1.0 && left.abs() < 1.0, "{sizes}");
        assert!(coord >= 11.0, "legible coordinates: {coord} px");
        let lines = label_lines(&b).await;
        assert!(
            lines[0][0].as_u64().expect("lines") <= 2,
            "a label of three lines or more: {lines}"
        );
        b.screenshot("body", &format!("webgui-400px-{game}.png"))
            .await;
        // Nothing sticks out sideways.
        assert_eq!(
            b.js("return document.documentElement.scrollWidth <= document.documentElement.clientWidth;")
                .await,
            json!(true)
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chess_moves_by_drag_and_drop_with_mouse_and_touch() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/").await;
    b.new_game("chess", "both", "").await;
    b.drag_squares("e2", "e4", 0, false).await;
    wait_ply(&b, 1).await;
    assert_eq!(b.piece_on("e4").await, "P");
    assert_eq!(b.piece_on("e2").await, "");
    b.drag_squares("g8", "f6", 0, true).await;
    wait_ply(&b, 2).await;
    assert_eq!(b.piece_on("f6").await, "n");
    // Dropped on a square it cannot reach: nothing happens.
    b.drag_squares("d2", "d5", 0, false).await;
    tokio::time::sleep(std::time::Duration::from_millis(150)).await;
    assert_eq!(b.body_data("ply").await, "2");
    assert_eq!(b.piece_on("d2").await, "P");
    // Click-click still works beside it.
    b.click_square("d2").await;
    b.click_square("d4").await;
    wait_ply(&b, 3).await;

    // Right-button drags draw an arrow, and a circle where they end on
    // their own square; a left click clears them.
    b.drag_squares("e4", "e5", 2, false).await;
    b.drag_squares("c6", "c6", 2, false).await;
    b.wait("document.querySelectorAll('.drawing').length === 2")
        .await;
    assert_eq!(
        b.js("return document.querySelector('.drawing line') !== null && document.querySelector('.drawing circle') !== null;")
            .await,
        json!(true)
    );
    b.click_square("a6").await;
    b.wait("document.querySelectorAll('.drawing').length === 0")
        .await;

    // The promotion chooser stands over the promotion square.
    b.new_game("chess", "both", "8/P6k/8/8/8/8/8/K7 w - - 0 1")
        .await;
    b.drag_squares("a7", "a8", 0, false).await;
    b.wait("document.querySelector('.promotion-chooser') !== null")
        .await;
    let over = b
        .js(
            "const q = document.querySelector('[data-promo=\"q\"]').getBoundingClientRect(); \
             const s = document.querySelector('[data-square=\"a8\"]').getBoundingClientRect(); \
             return Math.abs(q.left - s.left) < 2 && Math.abs(q.top - s.top) < 2;",
        )
        .await;
    assert_eq!(over, json!(true));
    b.click("[data-promo=\"n\"]").await;
    wait_ply(&b, 1).await;
    assert_eq!(b.piece_on("a8").await, "N");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_premove_waits_for_the_engine_and_sounds_can_be_muted() {
    let Some(b) = Browser::start().await else {
        return;
    };
    // A long think, cut short once the premove is queued (so a slow
    // machine cannot miss the window).
    b.open("/?game=chess&movetime=20000").await;
    b.js("window.__sounds = [];").await;
    b.click_square("e2").await;
    b.click_square("e4").await;
    b.wait("document.body.dataset.thinking === 'true'").await;
    // While the engine thinks: one premove, by click-click.
    b.click_square("g1").await;
    b.click_square("f3").await;
    b.wait("document.querySelectorAll('.premove').length === 2")
        .await;
    b.click("#engine-stop").await; // Move now
    wait_ply(&b, 3).await;
    let state = b.state().await;
    assert_eq!(state["moves"][2]["text"], "g1f3", "{state}");
    let sounds = b.js("return window.__sounds;").await;
    assert!(sounds.as_array().is_some_and(|s| s.len() >= 3), "{sounds}");

    // Muted, and still muted after a reload.
    b.click("#mute").await;
    b.wait("localStorage.getItem('webgui.muted') === 'true'")
        .await;
    b.client.refresh().await.expect("reload");
    b.wait("document.body.dataset.ready === 'true'").await;
    assert_eq!(
        b.js("return document.getElementById('mute').getAttribute('aria-pressed');")
            .await,
        json!("true")
    );
    // The engine's next think (the premove was a move) is cut short too.
    b.wait("document.body.dataset.thinking === 'true'").await;
    b.click("#engine-stop").await;
    b.wait("document.body.dataset.thinking === 'false' && document.body.dataset.ply === '4'")
        .await;
    b.js("window.__sounds = [];").await;
    let ply: usize = b.body_data("ply").await.parse().expect("ply");
    let legal = b.state().await["legal"][0]["text"].clone();
    b.type_into("#move-input", legal.as_str().expect("a move"))
        .await;
    wait_ply(&b, ply + 1).await;
    assert_eq!(b.js("return window.__sounds;").await, json!([]));
    b.click("#mute").await;
}
