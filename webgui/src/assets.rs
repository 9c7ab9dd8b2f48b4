//! The page's static files, compiled into the binary (no build step).

use axum::extract::Path;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};

use std::sync::OnceLock;

use leiserchess::laser::REFLECT;

use crate::error::ApiError;
use crate::security::Authority;

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// Every file under `/static/`, by name.
const FILES: &[(&str, &str, &str)] = &[
    ("style.css", CSS, include_str!("../static/style.css")),
    ("favicon.svg", SVG, include_str!("../static/favicon.svg")),
    ("js/main.js", JS, include_str!("../static/js/main.js")),
    ("js/app.js", JS, include_str!("../static/js/app.js")),
    ("js/state.js", JS, include_str!("../static/js/state.js")),
    ("js/render.js", JS, include_str!("../static/js/render.js")),
    ("js/moves.js", JS, include_str!("../static/js/moves.js")),
    ("js/forms.js", JS, include_str!("../static/js/forms.js")),
    (
        "js/controls.js",
        JS,
        include_str!("../static/js/controls.js"),
    ),
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
    ("js/theme.js", JS, include_str!("../static/js/theme.js")),
    ("js/live.js", JS, include_str!("../static/js/live.js")),
    ("js/editor.js", JS, include_str!("../static/js/editor.js")),
    (
        "js/variations.js",
        JS,
        include_str!("../static/js/variations.js"),
    ),
    (
        "js/analysis.js",
        JS,
        include_str!("../static/js/analysis.js"),
    ),
];

const INDEX: &str = include_str!("../static/index.html");
const LIVE: &str = include_str!("../static/live.html");
const HELP_LEISERCHESS: &str = include_str!("../static/help-leiserchess.html");
const HELP_MISSING: &str = include_str!("../static/help-missing.html");

fn respond(content_type: &'static str, body: impl Into<axum::body::Body>) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            // A local tool that changes with the binary: always revalidate.
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body.into(),
    )
        .into_response()
}

pub async fn index() -> Response {
    respond(HTML, INDEX)
}

/// The Leiserchess rules with diagrams (`/help/leiserchess`), carrying
/// the reflection table of the rules the server plays, so that the page
/// keeps no copy of its own.
pub async fn help_leiserchess() -> Response {
    static PAGE: OnceLock<String> = OnceLock::new();
    let page = PAGE.get_or_init(|| HELP_LEISERCHESS.replace("REFLECTIONS", &reflections()));
    respond(HTML, page.as_str())
}

/// Any other `/help/…` address (a mistyped `/help/leiserchesss`): a
/// readable 404 page pointing to the rules, where the API's JSON error
/// would show a person raw JSON (issue 39, defect 7).
pub async fn help_missing() -> Response {
    let mut response = respond(HTML, HELP_MISSING);
    *response.status_mut() = axum::http::StatusCode::NOT_FOUND;
    response
}

/// Rule 4.4 as JSON: `{"north": {"NW": "zap", "SE": "east", …}, …}`.
fn reflections() -> String {
    const TRAVEL: [&str; 4] = ["north", "east", "south", "west"];
    const PAWNS: [&str; 4] = ["NW", "NE", "SE", "SW"];
    let table: serde_json::Map<String, serde_json::Value> = TRAVEL
        .iter()
        .zip(REFLECT)
        .map(|(travel, row)| {
            let outcomes = PAWNS
                .iter()
                .zip(row)
                .map(|(pawn, out)| {
                    // A new direction, or ZAP: the table holds nothing else.
                    let said = TRAVEL.get(usize::from(out)).copied().unwrap_or("zap");
                    (pawn.to_string(), said.into())
                })
                .collect();
            (travel.to_string(), serde_json::Value::Object(outcomes))
        })
        .collect();
    serde_json::Value::Object(table).to_string()
}

/// The address `live.html` gives as its example of the autotester's
/// `-live` flag, replaced when served by the address the page was
/// reached at.
pub const LIVE_EXAMPLE_ADDRESS: &str = "http://127.0.0.1:8080";

/// The live match viewer (`/live`). Its `-live` example names the host
/// and port the request was sent to (the Host the security guard let
/// through), so it is right whatever `--host` and `--port` serve it. The
/// Host is parsed again here: only a well-formed authority, whose
/// characters need no HTML escaping, reaches the page.
pub async fn live(headers: HeaderMap) -> Response {
    let reached = headers
        .get(header::HOST)
        .and_then(|host| host.to_str().ok())
        .and_then(Authority::parse);
    match reached {
        Some(authority) => {
            let page = LIVE.replace(LIVE_EXAMPLE_ADDRESS, &format!("http://{authority}"));
            respond(HTML, page)
        }
        None => respond(HTML, LIVE),
    }
}

pub async fn file(Path(path): Path<String>) -> Result<Response, ApiError> {
    FILES
        .iter()
        .find(|(name, _, _)| *name == path)
        .map(|&(_, content_type, body)| respond(content_type, body))
        .ok_or(ApiError::NotFound)
}

#[cfg(test)]
mod tests {
    use super::reflections;

    #[test]
    fn the_help_page_carries_rule_4_4_from_the_crate() {
        let table: serde_json::Value = serde_json::from_str(&reflections()).expect("JSON");
        // Rule 4.4: a pawn facing NW reflects beams from the north and the
        // west; the others strike its back.
        assert_eq!(table["south"]["NW"], "west");
        assert_eq!(table["east"]["NW"], "north");
        assert_eq!(table["north"]["NW"], "zap");
        assert_eq!(table["west"]["NW"], "zap");
        let zaps = table
            .as_object()
            .expect("rows")
            .values()
            .flat_map(|row| row.as_object().expect("row").values())
            .filter(|out| *out == "zap")
            .count();
        assert_eq!(zaps, 8, "each pawn shows its back to two directions");
    }
}
