//! Browser tests: the real page in headless Chromium over WebDriver.
//! Outside CI they skip (with a message) when chromedriver is missing; in
//! CI (`CI=true`) they must run.

mod browser_support;

use serde_json::Value;

use browser_support::{assert_not_blank, Browser};

const ARROW_LEFT: char = '\u{e012}';
const ARROW_RIGHT: char = '\u{e014}';
const HOME: char = '\u{e011}';
const END: char = '\u{e010}';

/// A small deterministic generator for picking moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

fn str_of<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

/// The square of Tangerine's king in a state.
fn our_king(state: &Value) -> String {
    let board = state["position"]["board"].as_array().expect("board");
    let index = board
        .iter()
        .position(|c| matches!(c.as_str(), Some("NN" | "EE" | "SS" | "WW")))
        .expect("Tangerine's king");
    format!("{}{}", (b'a' + (index % 8) as u8) as char, index / 8)
}

/// Where our king stands once the legal move `mv` is made: the laser of
/// the staged move starts there (rules 3.2 and 3.3: a shift moves the
/// king, a swap moves it before its rotation or shift).
fn king_after(state: &Value, mv: &Value) -> String {
    let king = our_king(state);
    let moved = |key| str_of(mv, key).map(str::to_string);
    if moved("from").as_deref() != Some(king.as_str()) {
        return king;
    }
    let end = match str_of(mv, "rotate") {
        Some(_) => moved("swap"),
        None => moved("to"),
    };
    end.unwrap_or(king)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leiserchess_game_against_the_engine_played_by_clicking() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/?game=leiserchess&depth=1").await;
    assert_eq!(b.body_data("game").await, "leiserchess");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut moves_played = 0;
    let state = loop {
        b.wait("document.body.dataset.thinking === 'false'").await;
        let state = b.state().await;
        if !state["result"].is_null() {
            break state;
        }
        assert_eq!(state["position"]["side_to_move"], "white", "{state}");
        assert!(moves_played < 200, "the game should have ended by now");
        let ply = state["moves"].as_array().map_or(0, Vec::len);
        let legal = state["legal"].as_array().expect("legal moves");
        // Mix the three kinds of move: swaps first when there are any.
        let swaps: Vec<&Value> = legal.iter().filter(|m| m["swap"].is_string()).collect();
        let mv = if !swaps.is_empty() && rng.below(3) == 0 {
            swaps[rng.below(swaps.len())]
        } else {
            &legal[rng.below(legal.len())]
        };
        let from = str_of(mv, "from").expect("from");
        b.click_square(from).await;
        b.wait(&format!("document.querySelector('[data-square=\"{from}\"]').getAttribute('aria-pressed') === 'true'"))
            .await;
        if let Some(swap) = str_of(mv, "swap") {
            b.click_square(swap).await;
        }
        match str_of(mv, "rotate") {
            Some(letter) => b.click(&format!("#rot-{letter}")).await,
            None => b.click_square(str_of(mv, "to").expect("to")).await,
        }
        // The staged move shows its laser before it is fired.
        b.wait("!document.getElementById('fire').disabled && document.querySelector('polyline.laser.staged')")
            .await;
        let staged = b
            .js("return document.querySelector('polyline.laser.staged').dataset.laser;")
            .await;
        assert!(
            staged
                .as_str()
                .is_some_and(|p| p.starts_with(&king_after(&state, mv))),
            "the beam starts at our king: {staged}"
        );
        b.click("#fire").await;
        b.wait(&format!("Number(document.body.dataset.ply) > {ply}"))
            .await;
        moves_played += 1;
        // After every move its laser is drawn.
        b.wait("document.querySelector('polyline.laser:not(.staged)') !== null")
            .await;
    };
    let result = b.text("#result").await;
    let reason = str_of(&state["result"], "reason")
        .expect("reason")
        .to_string();
    eprintln!("Leiserchess game over after {moves_played} moves of ours: {result}");
    assert!(["king_zapped", "repetition", "no_zaps"].contains(&reason.as_str()));
    assert!(
        result.contains(str_of(&state["result"], "result").expect("1-0 …")),
        "{result}"
    );
    assert_eq!(
        b.js("return document.getElementById('result').dataset.reason;")
            .await,
        Value::String(reason.clone())
    );
    // The last move's laser stays drawn, with the zapped square marked.
    let laser = b
        .js("return document.querySelector('polyline.laser').dataset.laser;")
        .await;
    assert!(laser.as_str().is_some_and(|p| !p.is_empty()));
    if reason == "king_zapped" {
        assert_eq!(
            b.js("return document.querySelectorAll('.zap').length;")
                .await,
            1
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chess_castling_and_promotion_by_clicking() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/").await;
    b.new_game("chess", "both", "").await;
    let clicks = [
        ("e2", "e4"),
        ("e7", "e5"),
        ("g1", "f3"),
        ("b8", "c6"),
        ("f1", "c4"),
        ("f8", "c5"),
        ("e1", "g1"),
    ];
    for (i, (from, to)) in clicks.iter().enumerate() {
        b.click_square(from).await;
        // Legal targets are highlighted once a piece is selected.
        b.wait("document.querySelectorAll('.target').length > 0")
            .await;
        b.click_square(to).await;
        b.wait(&format!("document.body.dataset.ply === '{}'", i + 1))
            .await;
    }
    assert_eq!(b.piece_on("g1").await, "K");
    assert_eq!(b.piece_on("f1").await, "R");
    let list = b.text("#move-list").await;
    assert!(list.contains("O-O"), "{list}");
    assert_eq!(
        b.js("return document.querySelectorAll('.last-move').length;")
            .await,
        2
    );

    // Promotion, from an imported FEN.
    let fen = "8/P6k/8/8/8/8/8/K7 w - - 0 1";
    b.new_game("chess", "both", fen).await;
    assert_eq!(b.text("#fen").await, fen);
    b.click_square("a7").await;
    b.click_square("a8").await;
    // The chooser stands over the promotion square.
    b.wait("document.querySelector('.promotion-chooser') !== null")
        .await;
    b.click("[data-promo=\"q\"]").await;
    b.wait("document.body.dataset.ply === '1'").await;
    assert_eq!(b.piece_on("a8").await, "Q");
    assert!(b.text("#move-list").await.contains("a8=Q"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_navigation_with_the_keyboard_keeps_the_moves() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/").await;
    b.new_game("chess", "both", "").await;
    let start_fen = b.text("#fen").await;
    for (i, mv) in ["e4", "e5", "Nf3"].iter().enumerate() {
        b.type_into("#move-input", mv).await;
        b.wait(&format!("document.body.dataset.ply === '{}'", i + 1))
            .await;
    }
    let live_fen = b.text("#fen").await;
    b.js("document.activeElement.blur();").await;

    b.press(ARROW_LEFT).await;
    b.wait("document.body.dataset.viewPly === '2'").await;
    assert_eq!(
        b.text("#fen").await,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    b.press(HOME).await;
    b.wait("document.body.dataset.viewPly === '0'").await;
    assert_eq!(b.text("#fen").await, start_fen);
    b.press(ARROW_RIGHT).await;
    b.wait("document.body.dataset.viewPly === '1'").await;
    assert_eq!(b.piece_on("e4").await, "P");
    assert_eq!(
        b.js("return document.querySelector('#move-list [aria-current=\"true\"]').dataset.ply;")
            .await,
        "1"
    );
    b.press(END).await;
    b.wait("document.body.dataset.viewPly === '3'").await;
    assert_eq!(b.text("#fen").await, live_fen);
    // Navigation never deletes history.
    assert_eq!(
        b.js("return document.querySelectorAll('#move-list [data-ply]').length;")
            .await,
        3
    );
    assert_eq!(b.body_data("ply").await, "3");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fen_import_and_errors_are_shown_to_the_user() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/").await;
    let fen = "ss7/8/8/8/8/8/8/3nw3NN W";
    b.new_game("leiserchess", "both", fen).await;
    assert_eq!(b.text("#fen").await, fen);
    assert_eq!(b.piece_on("d0").await, "nw");
    assert!(b.text("#error").await.is_empty());

    // A malformed FEN: the server's 400 message appears on the page.
    b.new_game("chess", "both", "this is not a FEN").await;
    let error = b.text("#error").await;
    assert!(error.contains("invalid FEN"), "{error}");
    // The old game is still there.
    assert_eq!(b.text("#fen").await, fen);

    // An illegal typed move.
    b.type_into("#move-input", "a0a4").await;
    b.wait("!document.getElementById('error').hidden && document.getElementById('error').textContent.includes('illegal')")
        .await;
    // A legal one clears the error.
    b.type_into("#move-input", "h0L").await;
    b.wait("document.getElementById('error').hidden").await;
    assert_eq!(b.body_data("ply").await, "1");
    assert_eq!(
        b.js("return document.querySelectorAll('.zap').length;")
            .await,
        1
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn screenshots_of_both_boards_are_not_blank() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/?game=chess").await;
    assert_not_blank(
        "chess",
        b.screenshot("#board", "webgui-chess-board.png").await,
    );
    b.open("/?game=leiserchess").await;
    b.type_into("#move-input", "h0L").await;
    b.wait("document.querySelector('polyline.laser') !== null")
        .await;
    b.wait("document.body.dataset.thinking === 'false'").await;
    assert_not_blank(
        "leiserchess",
        b.screenshot("#board", "webgui-leiserchess-board.png").await,
    );
    // A staged move shows its beam (dashed) before it is fired.
    let state = b.state().await;
    let king = our_king(&state);
    b.click_square(&king).await;
    b.press('r').await;
    b.wait("document.querySelector('polyline.laser.staged') !== null")
        .await;
    b.screenshot("body", "webgui-page-staged.png").await;
    b.press('\u{e00c}').await; // Escape cancels
    b.wait("document.querySelector('polyline.laser.staged') === null")
        .await;
    b.click("#flip").await;
    b.screenshot("#board", "webgui-leiserchess-flipped.png")
        .await;
}
