//! The page's static files, compiled into the binary (no build step).

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// Every file under `/static/`, by name.
const FILES: &[(&str, &str, &str)] = &[
    ("style.css", CSS, include_str!("../static/style.css")),
    ("favicon.svg", SVG, include_str!("../static/favicon.svg")),
    ("js/main.js", JS, include_str!("../static/js/main.js")),
    ("js/api.js", JS, include_str!("../static/js/api.js")),
    ("js/board.js", JS, include_str!("../static/js/board.js")),
    ("js/pieces.js", JS, include_str!("../static/js/pieces.js")),
    ("js/laser.js", JS, include_str!("../static/js/laser.js")),
    ("js/marks.js", JS, include_str!("../static/js/marks.js")),
    ("js/input.js", JS, include_str!("../static/js/input.js")),
    ("js/panels.js", JS, include_str!("../static/js/panels.js")),
    ("js/clock.js", JS, include_str!("../static/js/clock.js")),
    ("js/sound.js", JS, include_str!("../static/js/sound.js")),
    ("js/help.js", JS, include_str!("../static/js/help.js")),
    ("js/live.js", JS, include_str!("../static/js/live.js")),
    (
        "js/analysis.js",
        JS,
        include_str!("../static/js/analysis.js"),
    ),
];

const INDEX: &str = include_str!("../static/index.html");
const LIVE: &str = include_str!("../static/live.html");
const HELP_LEISERCHESS: &str = include_str!("../static/help-leiserchess.html");

fn respond(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            // A local tool that changes with the binary: always revalidate.
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

pub async fn index() -> Response {
    respond(HTML, INDEX)
}

/// The Leiserchess rules with diagrams (`/help/leiserchess`).
pub async fn help_leiserchess() -> Response {
    respond(HTML, HELP_LEISERCHESS)
}

/// The live match viewer (`/live`).
pub async fn live() -> Response {
    respond(HTML, LIVE)
}

pub async fn file(Path(path): Path<String>) -> Result<Response, ApiError> {
    FILES
        .iter()
        .find(|(name, _, _)| *name == path)
        .map(|&(_, content_type, body)| respond(content_type, body))
        .ok_or(ApiError::NotFound)
}
