//! Limits on request bodies, applied before any handler reads one: a
//! declared `Content-Length` over the limit is refused at once (413,
//! without waiting for the bytes), and a body must arrive completely
//! within a deadline (408), so a client that sends half a body cannot hold
//! a connection and a handler for ever.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body::{Body as _, Frame, SizeHint};

use crate::error::ApiError;

/// The body limits of a router.
#[derive(Clone, Copy, Debug)]
pub struct BodyLimits {
    /// Largest body accepted, in bytes.
    pub max_bytes: usize,
    /// Time from the request's headers to the body's last byte.
    pub read_timeout: Duration,
}

/// The error a timed-out body yields to whoever reads it.
#[derive(Debug, thiserror::Error)]
#[error("the request body was not received in time")]
struct BodyTimedOut;

/// A request body that fails once its deadline passes.
struct TimedBody {
    inner: Body,
    deadline: Pin<Box<tokio::time::Sleep>>,
    /// Set when the deadline fired, for [`guard`] to answer 408.
    timed_out: Arc<AtomicBool>,
}

impl http_body::Body for TimedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let this = &mut *self;
        if let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(cx) {
            return Poll::Ready(frame);
        }
        if this.deadline.as_mut().poll(cx).is_ready() {
            this.timed_out.store(true, Ordering::Relaxed);
            return Poll::Ready(Some(Err(axum::Error::new(BodyTimedOut))));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// An error answer after which the connection is closed: the client is
/// still sending (or not sending) a body nobody will read.
fn closing(error: ApiError) -> Response {
    let mut response = error.into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// The declared body length, when the header is there and readable.
fn content_length(request: &Request) -> Option<u64> {
    request
        .headers()
        .get(header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .parse()
        .ok()
}

pub async fn guard(State(limits): State<BodyLimits>, request: Request, next: Next) -> Response {
    if content_length(&request).is_some_and(|n| n > limits.max_bytes as u64) {
        return closing(ApiError::BodyTooLarge(limits.max_bytes));
    }
    if request.body().is_end_stream() {
        // No body to wait for (most GETs).
        return next.run(request).await;
    }
    let timed_out = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&timed_out);
    let request = request.map(|inner| {
        Body::new(TimedBody {
            inner,
            deadline: Box::pin(tokio::time::sleep(limits.read_timeout)),
            timed_out: flag,
        })
    });
    let response = next.run(request).await;
    if timed_out.load(Ordering::Relaxed) {
        return closing(ApiError::RequestTimeout);
    }
    response
}
