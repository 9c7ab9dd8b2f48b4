//! The position editor (issue 39): a position built on the editor's
//! board becomes a legal game whose FEN is the one built, a position the
//! rules refuse shows the server's own message, and Leiserchess pieces
//! are placed and turned. Headless Chromium over WebDriver, as in
//! `browser.rs`.

mod browser_support;

use serde_json::{json, Value};

use browser_support::Browser;

/// Opens the editor from the page's controls on an empty board.
async fn open_editor(b: &Browser) {
    b.click("#edit-position").await;
    b.wait("document.getElementById('editor').open").await;
    b.click("#ed-clear").await;
}

/// Places `code` from the palette on each square.
async fn place(b: &Browser, code: &str, squares: &[&str]) {
    b.click(&format!("#ed-palette [data-code=\"{code}\"]"))
        .await;
    for square in squares {
        b.click(&format!("#editor-board [data-square=\"{square}\"]"))
            .await;
    }
}

async fn editor_fen(b: &Browser) -> String {
    let fen = b
        .js("return document.getElementById('ed-fen').value;")
        .await;
    fen.as_str().expect("the FEN field").to_string()
}

/// What the server answers to a game made from `fen` without the page.
async fn server_answer(b: &Browser, game: &str, fen: &str) -> Value {
    let body = json!({ "game": game, "fen": fen }).to_string();
    b.js(&format!(
        "return fetch('/api/games', {{ method: 'POST', headers: {{ 'Content-Type': 'application/json' }}, body: {body:?} }}).then(r => r.json());"
    ))
    .await
}

/// Starts a game from the editor and waits for the page to take it.
async fn start_from_editor(b: &Browser) -> Value {
    let before = b.js("return sessionStorage.getItem('webgui.game');").await;
    b.click("#ed-play").await;
    b.wait(&format!(
        "sessionStorage.getItem('webgui.game') !== {before} && !document.getElementById('editor').open"
    ))
    .await;
    b.wait("document.body.dataset.ready === 'true'").await;
    b.state().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_editor_producing_a_legal_game() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/?game=chess").await;
    // Both sides a person's, so no engine reply changes the position.
    b.select("#ng-side", "both").await;
    open_editor(&b).await;
    assert_eq!(editor_fen(&b).await, "8/8/8/8/8/8/8/8 w - - 0 1");
    place(&b, "K", &["e1"]).await;
    place(&b, "R", &["h1"]).await;
    place(&b, "P", &["e2"]).await;
    place(&b, "k", &["e8"]).await;
    place(&b, "p", &["d7"]).await;
    // A second black king moves the first: a side has one.
    place(&b, "k", &["a8", "e8"]).await;
    // Castling is possible only with king and rook in place: the short
    // one for White, none for Black.
    let disabled = b
        .js("return ['wk', 'wq', 'bk', 'bq'].map((r) => document.getElementById('ed-castle-' + r).disabled);")
        .await;
    assert_eq!(disabled, json!([false, true, true, true]));
    b.click("#ed-castle-wk").await;
    b.select("#ed-side", "black").await;
    b.select("#ed-side", "white").await;
    let built = editor_fen(&b).await;
    assert_eq!(built, "4k3/3p4/8/8/8/8/4P3/4K2R w K - 0 1");

    let state = start_from_editor(&b).await;
    assert_eq!(state["game"], "chess");
    assert_eq!(state["position"]["fen"], built.as_str(), "{state}");
    // The castling right built is the game's: O-O is a legal move.
    b.type_into("#move-input", "O-O").await;
    b.wait("document.body.dataset.ply === '1'").await;
    let state = b.state().await;
    assert_eq!(
        state["position"]["fen"], "4k3/3p4/8/8/8/8/4P3/5RK1 b - - 1 1",
        "{state}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_position_shows_the_servers_error() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/?game=chess").await;
    let game_before = b.state().await["id"].clone();
    open_editor(&b).await;
    // White to move while the black king stands in the rook's check.
    place(&b, "K", &["a1"]).await;
    place(&b, "R", &["e2"]).await;
    place(&b, "k", &["e8"]).await;
    let fen = editor_fen(&b).await;
    assert_eq!(fen, "4k3/8/8/8/8/8/4R3/K7 w - - 0 1");
    b.click("#ed-play").await;
    b.wait("!document.getElementById('ed-error').hidden").await;
    let answer = server_answer(&b, "chess", &fen).await;
    let message = answer["error"].as_str().expect("an error message");
    assert!(message.contains("not to move is in check"), "{answer}");
    assert_eq!(b.text("#ed-error").await, message);
    // The editor stays open to fix it, and the game behind is unchanged.
    assert_eq!(
        b.js("return document.getElementById('editor').open;").await,
        json!(true)
    );
    assert_eq!(b.state().await["id"], game_before);

    // A pawn on the last rank is refused too, in the server's words.
    place(&b, "R", &["e2"]).await; // the same piece again takes it off
    place(&b, "P", &["c8"]).await;
    let fen = editor_fen(&b).await;
    b.click("#ed-play").await;
    let answer = server_answer(&b, "chess", &fen).await;
    let message = answer["error"].as_str().expect("an error message");
    assert!(message.contains("last rank"), "{answer}");
    b.wait(&format!(
        "document.getElementById('ed-error').textContent === {message:?}"
    ))
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leiserchess_position_with_a_rotated_pawn() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/?game=leiserchess").await;
    b.select("#ng-side", "both").await;
    open_editor(&b).await;
    assert_eq!(editor_fen(&b).await, "8/8/8/8/8/8/8/8 W");
    // A pawn facing north-west, clicked again with the same piece: it
    // turns a quarter clockwise to north-east; the Rotate tool turns it
    // on to south-east.
    place(&b, "NW", &["d4", "d4"]).await;
    assert_eq!(
        b.js("return document.querySelector('#editor-board [data-square=\"d4\"]').dataset.piece;")
            .await,
        json!("NE")
    );
    b.click("#ed-rotate").await;
    b.click("#editor-board [data-square=\"d4\"]").await;
    place(&b, "ss", &["a8"]).await;

    // One king only: the server refuses it, in its words.
    b.click("#ed-play").await;
    b.wait("!document.getElementById('ed-error').hidden").await;
    let fen = editor_fen(&b).await;
    let answer = server_answer(&b, "leiserchess", &fen).await;
    assert_eq!(
        b.text("#ed-error").await,
        answer["error"].as_str().expect("refused")
    );

    place(&b, "NN", &["h1"]).await;
    let png = b.screenshot("#editor", "editor-leiserchess.png").await;
    browser_support::assert_not_blank("editor", png);
    let built = editor_fen(&b).await;
    assert_eq!(built, "ss7/8/8/8/3SE4/8/8/7NN W");
    let state = start_from_editor(&b).await;
    assert_eq!(state["game"], "leiserchess");
    assert_eq!(state["position"]["fen"], built.as_str(), "{state}");
    assert_eq!(state["position"]["side_to_move"], "white");
}

/// The editor opens on the position on view, offers en passant only
/// where a pawn can just have passed, and Analyse makes an analysis
/// board of the position with the engine analysing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_editor_starts_from_the_current_position_and_analyses() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/?game=chess").await;
    b.click("#edit-position").await;
    b.wait("document.getElementById('editor').open").await;
    assert_eq!(
        editor_fen(&b).await,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    // 1. e4 … 2. e5 d5, written by hand: the d-pawn two squares on.
    place(&b, "p", &["d7", "d5"]).await;
    place(&b, "P", &["e2", "e5"]).await;
    let options = b
        .js("return [...document.getElementById('ed-ep').options].map((o) => o.value);")
        .await;
    assert_eq!(options, json!(["-", "d6"]));
    b.select("#ed-ep", "d6").await;
    let built = editor_fen(&b).await;
    assert_eq!(
        built,
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 1"
    );
    let png = b.screenshot("#editor", "editor-chess.png").await;
    browser_support::assert_not_blank("editor", png);

    let before = b.js("return sessionStorage.getItem('webgui.game');").await;
    b.click("#ed-analyse").await;
    b.wait(&format!(
        "sessionStorage.getItem('webgui.game') !== {before} && !document.getElementById('editor').open"
    ))
    .await;
    b.wait("document.getElementById('analysis-toggle').getAttribute('aria-pressed') === 'true'")
        .await;
    let state = b.state().await;
    assert_eq!(state["position"]["fen"], built.as_str(), "{state}");
    assert_eq!(
        state["players"],
        json!({ "white": "human", "black": "human" })
    );
    // The en passant square is the game's: exd6 is legal.
    b.type_into("#move-input", "exd6").await;
    b.wait("document.body.dataset.ply === '1'").await;
}
