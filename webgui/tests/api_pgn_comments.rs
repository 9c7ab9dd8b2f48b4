//! The exported PGN carries lichess's move comments (issue 39): the
//! evaluation after each move the engine scored (`[%eval]`) and the
//! mover's clock after every move of a clocked game (`[%clk]`), and it
//! still reads back with the workspace's own reader and replays.

mod common;

use std::time::Duration;

use serde_json::{json, Value};

use common::{id, ply, Api};
use workbench::pgn::read_games;
use workbench::GameKind;

const INITIAL_S: u64 = 60;
const INCREMENT_S: u64 = 1;

/// The value of `[%name value]` in a comment, if it is there.
fn command<'a>(comment: &'a str, name: &str) -> Option<&'a str> {
    let start = comment.find(&format!("[%{name} "))? + name.len() + 3;
    let len = comment[start..].find(']')?;
    Some(&comment[start..start + len])
}

/// `H:MM:SS` in seconds.
fn clock_secs(text: &str) -> u64 {
    let parts: Vec<u64> = text
        .split(':')
        .map(|p| p.parse().expect("a number"))
        .collect();
    assert_eq!(parts.len(), 3, "{text}");
    assert!(parts[1] < 60 && parts[2] < 60, "{text}");
    parts[0] * 3600 + parts[1] * 60 + parts[2]
}

/// Pawns with two decimals (`-0.35`), or a mate (`#3`, `#-2`).
fn plausible_eval(text: &str) -> bool {
    if let Some(mate) = text.strip_prefix('#') {
        return mate.parse::<i32>().is_ok_and(|n| n != 0);
    }
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    // A few moves into a normal opening nobody is ten pawns up.
    frac.len() == 2
        && frac.bytes().all(|b| b.is_ascii_digit())
        && whole.parse::<i32>().is_ok_and(|p| p.abs() < 10)
}

/// A person (White) against the built-in engine on a clock: three moves
/// each, answered within 50 ms a move. Returns the PGN and the final FEN.
async fn play_clocked_game(api: &Api) -> (String, String) {
    let state = api
        .create(json!({
            "game": "chess", "white": "human", "black": "engine",
            "limit": {"movetime_ms": 50},
            "clock": {"initial_ms": INITIAL_S * 1000, "increment_ms": INCREMENT_S * 1000},
        }))
        .await;
    let g = id(&state);
    let mut last = state;
    for (i, wanted) in ["e4", "d4", "Nf3"].into_iter().enumerate() {
        let mv = person_move(&last, wanted);
        let (status, after) = api
            .post(&format!("/api/games/{g}/moves"), json!({"move": mv}))
            .await;
        assert!(status.is_success(), "{after}");
        last = api
            .wait_for(&g, Duration::from_secs(20), |s| ply(s) == 2 * i + 2)
            .await;
    }
    let (_, pgn) = api.get(&format!("/api/games/{g}/pgn")).await;
    let fen = last["position"]["fen"].as_str().expect("a FEN").to_string();
    (pgn["pgn"].as_str().expect("a PGN").to_string(), fen)
}

/// `wanted` (SAN) when it is legal in `state`, else its first legal move:
/// the engine's replies depend on how deep it got in its time, and one
/// may leave `wanted` illegal (a check).
fn person_move(state: &Value, wanted: &str) -> String {
    let legal = state["legal"].as_array().expect("legal moves");
    let chosen = legal
        .iter()
        .find(|m| {
            let record = m["record"].as_str().unwrap_or_default();
            record.trim_end_matches(['+', '#']) == wanted
        })
        .or(legal.first())
        .unwrap_or_else(|| panic!("no legal move: {state}"));
    chosen["text"].as_str().expect("a move text").to_string()
}

#[tokio::test]
async fn the_pgn_carries_evaluations_and_clocks_and_reads_back() {
    let api = Api::new();
    let (pgn, fen) = play_clocked_game(&api).await;
    let games = read_games(&pgn).unwrap_or_else(|e| panic!("{e}: {pgn}"));
    assert_eq!(games.len(), 1, "{pgn}");
    let game = &games[0];
    assert_eq!(game.tag("TimeControl"), Some("60+1"), "{pgn}");
    assert_eq!(game.moves.len(), 6, "{pgn}");
    let mut board = GameKind::Chess.game().start();
    for (i, mv) in game.moves.iter().enumerate() {
        let comment = mv.comment.as_deref().unwrap_or_else(|| panic!("{pgn}"));
        // Every move has the mover's clock, never more than it started
        // with plus an increment per move it made on the clock (each
        // side's first move was free: no time used, no increment).
        let clock = clock_secs(command(comment, "clk").unwrap_or_else(|| panic!("{pgn}")));
        let timed_moves = (i / 2) as u64;
        assert!(clock <= INITIAL_S + timed_moves * INCREMENT_S, "{comment}");
        assert!(clock >= INITIAL_S - 10, "50 ms moves: {comment}");
        if i < 2 {
            assert_eq!(clock, INITIAL_S, "{comment}");
        }
        // The engine (Black) scored the position of each of its moves, and
        // the position after each of the person's moves was the engine's
        // to search: every move here has an evaluation.
        let eval = command(comment, "eval").unwrap_or_else(|| panic!("no eval: {pgn}"));
        assert!(plausible_eval(eval), "{eval} in {pgn}");
        // The moves replay with the game's rules.
        let id = board
            .parse(&mv.text)
            .unwrap_or_else(|e| panic!("{}: {e}", mv.text));
        board.make(id).expect("legal");
    }
    assert_eq!(board.fen(), fen, "{pgn}");
}
