//! The judged moves of a reviewed game over the API (issue 39): after
//! "Analyse the whole game" the state's `judgements` marks each
//! inaccuracy, mistake and blunder by the expected score it lost, with
//! each side's count.

mod common;

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};

use common::{id, Api};

/// Long enough for a pass over a short game on a loaded machine (each
/// position takes `REVIEW_MOVETIME_MS`, 150 ms).
const PASS_LIMIT: Duration = Duration::from_secs(60);

/// Creates a game between two people from `moves`, runs the whole-game
/// pass over it and returns the state once the pass is over.
async fn reviewed(api: &Api, moves: &str) -> Value {
    let state = api
        .create(json!({"game": "chess", "white": "human", "black": "human", "moves": moves}))
        .await;
    // Nothing has been scored yet: nothing to say, not a clean game.
    assert_eq!(state["judgements"], Value::Null, "{state}");
    let game = id(&state);
    let (status, started) = api
        .post(&format!("/api/games/{game}/review"), json!({"on": true}))
        .await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let done = api
        .wait_for(&game, PASS_LIMIT, |s| s["review"].is_null())
        .await;
    assert_eq!(done["review_error"], Value::Null, "{done}");
    done
}

/// The judged move at `ply`, if any.
fn mark_at(state: &Value, ply: u64) -> Option<Value> {
    state["judgements"]["marks"]
        .as_array()
        .expect("marks")
        .iter()
        .find(|m| m["ply"] == ply)
        .cloned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_queen_is_marked_a_blunder_and_counted_for_its_side() {
    let api = Api::new();
    // 2.Qg4?? puts the queen where 2...Bxg4 takes it for nothing.
    let done = reviewed(&api, "e4 d5 Qg4 Bxg4").await;
    let mark = mark_at(&done, 3).unwrap_or_else(|| panic!("2.Qg4 is judged: {done}"));
    assert_eq!(mark["judgement"], "blunder", "{mark}");
    let lost = mark["lost"].as_u64().expect("lost");
    assert!(
        (15..=100).contains(&lost),
        "a blunder loses 15 points or more: {mark}"
    );
    let tallies = &done["judgements"]["tallies"];
    assert_eq!(tallies[0]["blunders"], 1, "White's one blunder: {done}");
    // Taking the queen is the best move there is: no blunder of Black's.
    assert_eq!(tallies[1]["blunders"], 0, "{done}");
    assert!(
        mark_at(&done, 4).is_none(),
        "2...Bxg4 is not judged: {done}"
    );
    // The three counts of each side, and nothing else, so the JSON stays
    // small.
    let keys: Vec<&String> = tallies[1].as_object().expect("a tally").keys().collect();
    assert_eq!(keys, ["blunders", "inaccuracies", "mistakes"], "{done}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn allowing_a_mate_in_one_is_blacks_blunder() {
    let api = Api::new();
    // 3...Nf6?? lets 4.Qxf7# mate; the game's last position is its result.
    let done = reviewed(&api, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#").await;
    let mark = mark_at(&done, 6).unwrap_or_else(|| panic!("3...Nf6 is judged: {done}"));
    assert_eq!(mark["judgement"], "blunder", "{mark}");
    assert_eq!(done["judgements"]["tallies"][1]["blunders"], 1, "{done}");
    // The mating move itself loses nothing.
    assert!(mark_at(&done, 7).is_none(), "{done}");
}

/// The data of the `review` events of `body` until one for `last_ply`
/// arrives (or `limit` passes).
async fn review_events(body: &mut Body, last_ply: u64, limit: Duration) -> Vec<Value> {
    let deadline = Instant::now() + limit;
    let mut buffer = String::new();
    let mut events = Vec::new();
    while Instant::now() < deadline {
        let left = deadline.saturating_duration_since(Instant::now());
        let Ok(Some(Ok(frame))) = tokio::time::timeout(left, body.frame()).await else {
            break;
        };
        if let Ok(data) = frame.into_data() {
            buffer.push_str(&String::from_utf8_lossy(&data));
        }
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            if !block.lines().any(|l| l.trim_end() == "event: review") {
                continue;
            }
            let data: String = block
                .lines()
                .filter_map(|l| l.strip_prefix("data:"))
                .map(str::trim)
                .collect();
            let event: Value = serde_json::from_str(&data).expect("an event's JSON");
            let done = event["ply"] == last_ply;
            events.push(event);
            if done {
                return events;
            }
        }
    }
    events
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_review_event_carries_the_judgements_so_far() {
    let api = Api::new();
    let state = api
        .create(
            json!({"game": "chess", "white": "human", "black": "human", "moves": "e4 d5 Qg4 Bxg4"}),
        )
        .await;
    let game = id(&state);
    let request = Request::builder()
        .uri(format!("/api/games/{game}/events"))
        .body(Body::empty())
        .expect("request");
    let mut body = api.send(request).await.into_body();
    let (status, _) = api
        .post(&format!("/api/games/{game}/review"), json!({"on": true}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let events = review_events(&mut body, 4, PASS_LIMIT).await;
    // The page marks the moves as the graph fills: no judgement before
    // the blunder's position is scored, the blunder from then on.
    let first = events
        .iter()
        .find(|e| e["ply"] == 0)
        .expect("the start's event");
    assert_eq!(first["judgements"], Value::Null, "{first}");
    let last = events.last().expect("events");
    assert_eq!(last["ply"], 4, "{events:?}");
    let marks = last["judgements"]["marks"].as_array().expect("marks");
    assert!(
        marks
            .iter()
            .any(|m| m["ply"] == 3 && m["judgement"] == "blunder"),
        "{last}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leiserchess_games_are_judged_too() {
    let api = Api::new();
    for kind in ["leiserchess", "leiserchess2016"] {
        let state = api
            .create(json!({"game": kind, "white": "human", "black": "human"}))
            .await;
        let game = id(&state);
        // Four moves, whichever are legal first: the judging knows no game.
        for _ in 0..4 {
            let (_, now) = api.get(&format!("/api/games/{game}")).await;
            let text = now["legal"][0]["text"].as_str().expect("a legal move");
            let (status, after) = api
                .post(&format!("/api/games/{game}/moves"), json!({"move": text}))
                .await;
            assert_eq!(status, StatusCode::OK, "{after}");
        }
        let (status, _) = api
            .post(&format!("/api/games/{game}/review"), json!({"on": true}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let done = api
            .wait_for(&game, PASS_LIMIT, |s| s["review"].is_null())
            .await;
        let judgements = &done["judgements"];
        assert!(judgements["marks"].is_array(), "{kind}: {done}");
        assert_eq!(
            judgements["tallies"].as_array().map(Vec::len),
            Some(2),
            "{kind}: {done}"
        );
    }
}
