//! The HTTP server: accepts connections and serves the router over
//! HTTP/1.1 with the limits a local server still needs against a client
//! that misbehaves (a slow or half-sent request, thousands of idle
//! connections). The router itself refuses oversized bodies and times
//! their arrival ([`crate::body`]).

use std::future::Future;
use std::io;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinSet;

/// After a shutdown request, connections may finish their responses for
/// this long; event streams (which never finish) are then cut.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(2);
/// Pause after an accept error that is not the client's fault (out of file
/// descriptors, say), so the loop does not spin.
const ACCEPT_ERROR_PAUSE: Duration = Duration::from_millis(50);

/// Per-connection limits of the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// A request's headers must arrive within this time of the server
    /// starting to wait for them, which includes an idle keep-alive
    /// connection waiting for its next request; otherwise the connection
    /// is closed.
    pub header_read_timeout: Duration,
    /// Connections served at once. Further ones wait in the listen queue
    /// until one closes.
    pub max_connections: usize,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            header_read_timeout: Duration::from_secs(10),
            max_connections: 256,
        }
    }
}

/// Serves `router` on `listener` until `shutdown` completes.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    // Checked here, not in the router: only a request from the wire has
    // an HTTP version a client chose.
    let router = router.layer(axum::middleware::from_fn(crate::security::require_host));
    let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let (stop, stopping) = watch::channel(());
    let mut connections = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        // A free place first, then a connection: over the cap, clients
        // wait in the kernel's queue instead of being served at once.
        let permit = tokio::select! {
            permit = Arc::clone(&permits).acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break, // never closed
            },
            () = &mut shutdown => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    if !is_connection_error(&e) {
                        tokio::time::sleep(ACCEPT_ERROR_PAUSE).await;
                    }
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        while connections.try_join_next().is_some() {}
        connections.spawn(serve_connection(
            stream,
            router.clone(),
            limits.header_read_timeout,
            stopping.clone(),
            permit,
        ));
    }
    drop(listener);
    drop(stop);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    connections.shutdown().await;
    Ok(())
}

/// Errors of one connection that was being accepted, not of the listener.
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// Serves one connection; the permit is given back when it closes.
async fn serve_connection(
    stream: TcpStream,
    router: Router,
    header_read_timeout: Duration,
    mut stopping: watch::Receiver<()>,
    _permit: OwnedSemaphorePermit,
) {
    // Small JSON answers: send them at once.
    let _ = stream.set_nodelay(true);
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(header_read_timeout);
    let connection =
        builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(router));
    tokio::pin!(connection);
    let mut shutting_down = false;
    loop {
        tokio::select! {
            // A client that vanished or broke the protocol is nothing to
            // report: the connection just ends.
            _ = connection.as_mut() => break,
            _ = stopping.changed(), if !shutting_down => {
                shutting_down = true;
                connection.as_mut().graceful_shutdown();
            }
        }
    }
}
