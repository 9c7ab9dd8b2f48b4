//! The page's static files, compiled into the binary (no build step).

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use std::hash::{DefaultHasher, Hash, Hasher};
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

/// A local tool that changes with the binary: the browser revalidates
/// every file (a 304 when its copy has the file's tag).
const REVALIDATE: &str = "no-cache";

fn respond(content_type: &'static str, body: impl Into<axum::body::Body>) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, REVALIDATE),
        ],
        body.into(),
    )
        .into_response()
}

/// A file's entity tag: a hash of its content, so that it changes with
/// the binary's copy and with nothing else.
fn entity_tag(body: &str) -> String {
    let mut hasher = DefaultHasher::new();
    body.hash(&mut hasher);
    format!("\"{:016x}\"", hasher.finish())
}

/// Whether the request's `If-None-Match` names `tag` (or is `*`).
fn names_tag(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|named| named.trim().trim_start_matches("W/"))
        .any(|named| named == tag || named == "*")
}

/// A file that is the same for every request, with its entity tag, or
/// `304 Not Modified` when the browser's copy has that tag. The page
/// loads twenty modules, each revalidated (`no-cache`): a 304 lets the
/// browser keep its parsed copy instead of taking the file again. Four
/// runs of `tests/browser_speed.rs` each way, on this 2-core machine: a
/// reload was interactive after 175–195 ms, 223–271 ms without the tags.
fn respond_tagged(content_type: &'static str, body: &'static str, headers: &HeaderMap) -> Response {
    let tag = entity_tag(body);
    let mut response = if names_tag(headers, &tag) {
        let cache = [(header::CACHE_CONTROL, REVALIDATE)];
        (StatusCode::NOT_MODIFIED, cache).into_response()
    } else {
        respond(content_type, body)
    };
    if let Ok(value) = HeaderValue::from_str(&tag) {
        response.headers_mut().insert(header::ETAG, value);
    }
    response
}

pub async fn index(headers: HeaderMap) -> Response {
    respond_tagged(HTML, INDEX, &headers)
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

pub async fn file(Path(path): Path<String>, headers: HeaderMap) -> Result<Response, ApiError> {
    FILES
        .iter()
        .find(|(name, _, _)| *name == path)
        .map(|&(_, content_type, body)| respond_tagged(content_type, body, &headers))
        .ok_or(ApiError::NotFound)
}

#[cfg(test)]
mod tests {
    use axum::http::{header, HeaderMap, HeaderValue};

    use super::{entity_tag, names_tag, reflections};

    fn asking(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            let value = HeaderValue::from_str(value).expect("a header value");
            headers.append(header::IF_NONE_MATCH, value);
        }
        headers
    }

    #[test]
    fn if_none_match_is_read_as_a_list_of_tags() {
        let tag = entity_tag("export const a = 1;");
        assert_ne!(tag, entity_tag("export const a = 2;"));
        assert!(names_tag(&asking(&[&tag]), &tag));
        assert!(names_tag(&asking(&[&format!("\"0\", W/{tag}")]), &tag));
        assert!(names_tag(&asking(&["\"0\"", "*"]), &tag));
        assert!(!names_tag(&asking(&["\"0\""]), &tag));
        assert!(!names_tag(&asking(&[]), &tag));
    }

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
