//! Headers and checks that keep a local server local: a strict content
//! security policy, and (when bound to loopback) a Host check so a web
//! page elsewhere cannot reach the API through DNS rebinding.

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// Which Host headers a request may carry.
#[derive(Clone, Debug)]
pub enum HostPolicy {
    /// Bound to loopback: only loopback names.
    LoopbackOnly,
    /// Bound elsewhere on purpose (`--host`): any.
    Any,
}

const CSP: &str =
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; \
                   connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

fn loopback_host(host: &str) -> bool {
    // Strip the port (after the last colon, unless inside an IPv6 literal).
    let name = match host.rfind(':') {
        Some(i) if !host[i..].contains(']') => &host[..i],
        _ => host,
    };
    matches!(name, "localhost" | "[::1]") || name.starts_with("127.")
}

pub async fn guard(State(policy): State<HostPolicy>, request: Request, next: Next) -> Response {
    if let HostPolicy::LoopbackOnly = policy {
        let host = request
            .headers()
            .get(header::HOST)
            .map(|h| h.to_str().unwrap_or(""))
            // No Host header at all (HTTP/1.0, in-process tests) cannot
            // come from a browser page on another site.
            .unwrap_or("localhost");
        if !loopback_host(host) {
            let body = json!({"error": "requests must address this machine by a loopback name", "code": "bad_host"});
            return (StatusCode::MISDIRECTED_REQUEST, Json(body)).into_response();
        }
    }
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::loopback_host;

    #[test]
    fn loopback_names() {
        for ok in [
            "localhost",
            "localhost:8080",
            "127.0.0.1:80",
            "[::1]:8080",
            "[::1]",
        ] {
            assert!(loopback_host(ok), "{ok}");
        }
        for bad in ["evil.example", "evil.example:8080", "", "10.0.0.1:8080"] {
            assert!(!loopback_host(bad), "{bad}");
        }
    }
}
