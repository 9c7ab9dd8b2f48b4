//! The web GUI: an axum server that keeps games (chess or Leiserchess) and
//! runs the engines in-process, plus the page (HTML, CSS and JavaScript
//! modules compiled into the binary) that draws the board as SVG.
//!
//! [`app`] builds the router (tests use it in-process); [`serve`] runs it
//! on a listener with the connection limits of [`Config::connections`].

pub mod api;
pub mod assets;
pub mod body;
pub mod budget;
pub mod clock;
pub mod config;
pub mod create;
pub mod error;
pub mod events;
pub mod limits;
pub mod live;
pub mod player;
pub mod security;
pub mod server;
pub mod session;
pub mod startup;
pub mod store;
pub mod variations;
pub mod view;
pub mod watch;

use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use axum::Router;

use config::Context;
pub use config::{Config, Engines};
pub use error::ApiError;
use security::HostPolicy;
pub use server::{serve, ConnectionLimits};
use store::GameStore;

/// What every handler shares.
pub struct AppState {
    pub ctx: Arc<Context>,
    pub store: GameStore,
    /// The live match viewer's runs (`watch.rs`).
    pub watch: watch::Watch,
}

/// The router: the page, its assets and the API. Call it inside a Tokio
/// runtime (timers for clocks run on it).
pub fn app(config: Config) -> Router {
    app_with_host_policy(config, HostPolicy::LoopbackOnly)
}

/// [`app`] with an explicit Host header policy.
pub fn app_with_host_policy(config: Config, policy: HostPolicy) -> Router {
    let body_limits = body::BodyLimits {
        max_bytes: config.max_body_bytes,
        read_timeout: config.body_read_timeout,
    };
    let state = Arc::new(AppState {
        store: GameStore::new(config.max_games),
        watch: watch::Watch::new(config.live_silent_after),
        ctx: Arc::new(Context {
            hash: budget::HashBudget::new(config.hash_total_mb, config.hash_mb),
            config,
            runtime: tokio::runtime::Handle::try_current().ok(),
        }),
    });
    Router::new()
        .route("/", get(assets::index))
        .route("/static/{*path}", get(assets::file))
        .route("/help/leiserchess", get(assets::help_leiserchess))
        .route("/help/{*page}", get(assets::help_missing))
        .route("/live", get(assets::live))
        .nest("/api", api::routes())
        .fallback(|| async { ApiError::NotFound })
        .layer(DefaultBodyLimit::max(body_limits.max_bytes))
        .layer(axum::middleware::from_fn_with_state(
            body_limits,
            body::guard,
        ))
        .layer(axum::middleware::from_fn_with_state(
            policy,
            security::guard,
        ))
        .with_state(state)
}
