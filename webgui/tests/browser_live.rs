//! Browser test of the live match viewer (issue 15): a two-game
//! autotester match run with `-live` shows both games on small boards
//! while they are played, then the standings.

mod browser_support;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use browser_support::{assert_not_blank, Browser};

/// The workspace's build directory of this test's profile
/// (`target/<profile>`), where the autotester's binaries are.
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    exe.parent()
        .and_then(Path::parent)
        .expect("target/<profile>/deps")
        .to_path_buf()
}

/// `autotester` and `mock-engine`, built with this test's profile
/// (`scripts/test` builds every binary first; a test never builds).
fn autotester_binaries() -> (PathBuf, PathBuf) {
    let dir = profile_dir();
    let (tester, mock) = (dir.join("autotester"), dir.join("mock-engine"));
    let profile = dir.file_name().and_then(|n| n.to_str()).unwrap_or("ci");
    for binary in [&tester, &mock] {
        assert!(
            binary.is_file(),
            "{} is missing: run `cargo build --workspace --profile {profile} --bins` first",
            binary.display()
        );
    }
    (tester, mock)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_live_viewer_shows_both_games_of_a_two_game_match() {
    let Some(b) = Browser::start().await else {
        return;
    };
    let (tester, mock) = autotester_binaries();
    b.open("/live").await;
    assert!(b.text("#no-runs").await.contains("-live"));

    let pgn = std::env::temp_dir().join(format!("webgui-live-{}.pgn", std::process::id()));
    let mock = mock.display().to_string();
    let engine = |name: &str, seed: &str| {
        format!("cmd={mock} name={name} arg=--game arg=leiserchess arg=--think-ms arg=80 arg=--seed arg={seed}")
    };
    let mut args: Vec<String> = Vec::new();
    for (name, seed) in [("Alpha", "1"), ("Beta", "2")] {
        args.push("-engine".into());
        args.extend(engine(name, seed).split(' ').map(String::from));
    }
    args.extend(
        [
            "-game",
            "leiserchess",
            "-rounds",
            "1",
            "-games",
            "2",
            "-concurrency",
            "2",
            "-openings",
            "none",
            "-each",
            "tc=60+1",
            "-maxmoves",
            "40",
            "-quiet",
            "-force-new",
        ]
        .map(String::from),
    );
    args.extend(["-pgnout".into(), format!("file={}", pgn.display())]);
    args.extend(["-live".into(), b.base.clone()]);
    let mut run = Command::new(&tester)
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the autotester");

    // Both games in progress, each on its own board, lasers drawn.
    b.wait("document.body.dataset.boards === '2'").await;
    b.wait("document.querySelectorAll('.live-board polyline.laser').length >= 1")
        .await;
    assert_eq!(
        b.js("return document.querySelectorAll('.live-board').length;")
            .await,
        json!(2)
    );
    assert_not_blank("live", b.screenshot("#runs", "webgui-live.png").await);

    // The match ends: both games finished, the standings complete.
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = run.try_wait().expect("the autotester") {
            break status;
        }
        assert!(Instant::now() < deadline, "the match takes too long");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let _ = std::fs::remove_file(&pgn);
    assert!(status.success(), "autotester: {status}");
    b.wait("document.querySelectorAll('.live-board.finished').length === 2")
        .await;
    let games = b
        .js(
            "return [...document.querySelectorAll('.standings tr[data-player]')].map(tr => \
               [...tr.children].slice(1, 4).reduce((n, td) => n + Number(td.textContent), 0));",
        )
        .await;
    assert_eq!(games, json!([2, 2]));
}
