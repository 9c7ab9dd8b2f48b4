//! `GET /api/games/{id}/events`: server-sent events with the game's state
//! after every change (`state`) and live engine progress (`info`).

use std::convert::Infallible;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use tokio_stream::wrappers::errors::BroadcastStreamRecvError;
use tokio_stream::wrappers::BroadcastStream;
use tokio_stream::StreamExt;

use crate::error::ApiError;
use crate::AppState;

pub async fn stream(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let game = app.store.get(&id)?;
    let (initial, rx) = game.subscribe();
    // The stream holds no reference to the game: when the game is removed
    // its sender goes and the stream ends.
    drop(game);
    let first = stream::once(async move { Ok(Event::default().event("state").data(initial)) });
    let rest = BroadcastStream::new(rx).map(|message| {
        Ok(match message {
            Ok(event) => Event::default().event(event.kind).data(&*event.data),
            // Missed some events: the page fetches the state again.
            Err(BroadcastStreamRecvError::Lagged(_)) => Event::default().event("resync").data("{}"),
        })
    });
    Ok(Sse::new(first.chain(rest)).keep_alive(KeepAlive::default()))
}
