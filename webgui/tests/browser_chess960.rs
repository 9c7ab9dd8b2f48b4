//! Browser tests of Chess960 on the page (issue 40): the game choice, and
//! castling by moving the king onto its rook, by clicks and by drag and
//! drop, where the king crosses the board and where it does not move.
//! Headless Chromium over WebDriver, as in `browser.rs`.

mod browser_support;

use browser_support::Browser;

async fn wait_ply(b: &Browser, ply: usize) {
    b.wait(&format!("document.body.dataset.ply === '{ply}'"))
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_king_castles_onto_its_rook_by_click_and_by_drag() {
    let Some(b) = Browser::start().await else {
        return;
    };
    b.open("/").await;
    // King b1, rooks a1 and h1: O-O-O puts the king on c1, the rook on d1.
    b.new_game("chess960", "both", "1k6/8/8/8/8/8/8/RK5R w HA - 0 1")
        .await;
    assert_eq!(b.state().await["meta"]["title"], "Chess960");
    b.click_square("b1").await;
    b.click_square("a1").await;
    wait_ply(&b, 1).await;
    assert_eq!(b.piece_on("c1").await, "K");
    assert_eq!(b.piece_on("d1").await, "R");
    assert_eq!(b.piece_on("a1").await, "");
    let state = b.state().await;
    assert_eq!(state["moves"][0]["record"], "O-O-O");
    assert_eq!(state["moves"][0]["text"], "b1a1");

    // King g1, rook h1: O-O leaves the king where it is; dragged onto the
    // rook it castles.
    b.new_game("chess960", "both", "6k1/8/8/8/8/8/8/6KR w H - 0 1")
        .await;
    b.drag_squares("g1", "h1", 0, false).await;
    wait_ply(&b, 1).await;
    assert_eq!(b.piece_on("g1").await, "K");
    assert_eq!(b.piece_on("f1").await, "R");
    assert_eq!(b.state().await["moves"][0]["record"], "O-O");
}
