//! Headers and checks that keep a local server local: a strict content
//! security policy, a Host check (when bound to loopback) so a web page
//! elsewhere cannot reach the API through DNS rebinding, and an Origin
//! check on every request that changes something, so a page from another
//! origin cannot drive the API from a visitor's browser.

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, Version};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// Which Host headers a request may carry.
#[derive(Clone, Debug)]
pub enum HostPolicy {
    /// Bound to loopback: only loopback names.
    LoopbackOnly,
    /// Bound elsewhere on purpose (`--host`): any well-formed name.
    Any,
}

const CSP: &str =
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; \
                   connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// The names that always mean this machine. Anything else under loopback
/// binding (`127.attacker.example`, `127.0.0.1.nip.io`, `127.0.0.2`, ...)
/// may be a name an attacker controls and points at 127.0.0.1.
const LOOPBACK_NAMES: [&str; 3] = ["127.0.0.1", "localhost", "[::1]"];

/// The port a URL or Host without one means (we serve plain HTTP only).
const DEFAULT_HTTP_PORT: u16 = 80;

/// A parsed `host[:port]`, from a Host header, a request target or an
/// Origin. The host is lower-cased; the port is absent when not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Authority {
    host: String,
    port: Option<u16>,
}

impl Authority {
    /// Parses `host[:port]` strictly: a bracketed IPv6 literal or a name of
    /// letters, digits, `-` and `.`; a port of 1 to 5 digits in 1..=65535.
    /// No user info, path, spaces or anything else.
    pub fn parse(text: &str) -> Option<Authority> {
        let (host, port) = if text.starts_with('[') {
            let end = text.find(']')?;
            let (host, rest) = text.split_at(end + 1);
            let inner = &host[1..host.len() - 1];
            let ipv6_chars = |c: char| c.is_ascii_hexdigit() || c == ':' || c == '.';
            if inner.is_empty() || !inner.chars().all(ipv6_chars) {
                return None;
            }
            (host, rest)
        } else {
            let end = text.find(':').unwrap_or(text.len());
            let (host, rest) = text.split_at(end);
            let name_chars = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '.';
            if host.is_empty() || !host.chars().all(name_chars) {
                return None;
            }
            (host, rest)
        };
        let port = match port {
            "" => None,
            _ => Some(parse_port(port.strip_prefix(':')?)?),
        };
        Some(Authority {
            host: host.to_ascii_lowercase(),
            port,
        })
    }

    /// Whether the host is one of the exact loopback names.
    pub fn is_loopback(&self) -> bool {
        LOOPBACK_NAMES.contains(&self.host.as_str())
    }

    /// The same place: same host and same port (a missing port is 80).
    fn same_as(&self, other: &Authority) -> bool {
        self.host == other.host
            && self.port.unwrap_or(DEFAULT_HTTP_PORT) == other.port.unwrap_or(DEFAULT_HTTP_PORT)
    }
}

/// `host[:port]` as parsed (the host lower-cased).
impl std::fmt::Display for Authority {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.host)?;
        match self.port {
            Some(port) => write!(f, ":{port}"),
            None => Ok(()),
        }
    }
}

/// A TCP port: ASCII digits only (no sign, no spaces), 1 to 65535.
fn parse_port(digits: &str) -> Option<u16> {
    if digits.is_empty() || digits.len() > 5 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse::<u16>().ok().filter(|&p| p != 0)
}

/// Whether a Host header value names this machine by a loopback name.
pub fn loopback_host(host: &str) -> bool {
    Authority::parse(host).is_some_and(|a| a.is_loopback())
}

/// The authority of an `Origin` header value: `http://host[:port]` exactly
/// (a page served by us is never `https`, `null` or anything with a path).
fn parse_origin(origin: &str) -> Option<Authority> {
    Authority::parse(origin.strip_prefix("http://")?)
}

/// Requests that change state: a browser sends `Origin` with all of them
/// (even same-origin), so its absence means a client that is not a page.
fn changes_state(method: &Method) -> bool {
    matches!(
        *method,
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    )
}

/// The one value of a header that must not be repeated; `Err` when it is.
fn single<'a>(
    headers: &'a HeaderMap,
    name: &header::HeaderName,
) -> Result<Option<&'a HeaderValue>, ()> {
    let mut values = headers.get_all(name).iter();
    let first = values.next();
    match values.next() {
        Some(_) => Err(()),
        None => Ok(first),
    }
}

/// Where the request says it is going: the request target's authority
/// (absolute form, which HTTP says wins over Host) or else the Host header.
/// `Ok(None)` when neither is given (HTTP/1.0 clients, in-process tests).
fn target_authority(request: &Request, policy: &HostPolicy) -> Result<Option<Authority>, ApiError> {
    let host = single(request.headers(), &header::HOST).map_err(|()| ApiError::DuplicateHost)?;
    let written = match request.uri().authority() {
        Some(authority) => Some(authority.as_str()),
        None => host.map(|h| h.to_str().unwrap_or("")),
    };
    let Some(written) = written else {
        return Ok(None);
    };
    let authority = Authority::parse(written);
    match (policy, authority) {
        (HostPolicy::LoopbackOnly, Some(a)) if a.is_loopback() => Ok(Some(a)),
        (HostPolicy::LoopbackOnly, _) => Err(ApiError::BadHost(
            "requests must address this machine by a loopback name (127.0.0.1, localhost or [::1])"
                .into(),
        )),
        (HostPolicy::Any, Some(a)) => Ok(Some(a)),
        (HostPolicy::Any, None) => Err(ApiError::BadRequest("malformed Host header".into())),
    }
}

/// A state-changing request from a page must come from our own origin:
/// `http://` and the very host and port the request was sent to. Same
/// host and port rather than "any loopback origin", because another local
/// server (a dev server on localhost:3000, say) is another origin whose
/// pages we have no reason to trust.
fn check_origin(
    request: &Request,
    target: Option<&Authority>,
    policy: &HostPolicy,
) -> Result<(), ApiError> {
    if !changes_state(request.method()) {
        return Ok(());
    }
    let origin = single(request.headers(), &header::ORIGIN)
        .map_err(|()| ApiError::BadOrigin("more than one Origin header".into()))?;
    let Some(origin) = origin else {
        return Ok(());
    };
    let text = origin.to_str().unwrap_or("");
    let Some(origin) = parse_origin(text) else {
        return Err(ApiError::BadOrigin(format!(
            "requests from origin '{}' are not accepted",
            text.chars().take(60).collect::<String>()
        )));
    };
    let allowed = match (target, policy) {
        (Some(target), _) => origin.same_as(target),
        // No Host to compare with: only a loopback page can be ours.
        (None, HostPolicy::LoopbackOnly) => origin.is_loopback(),
        (None, HostPolicy::Any) => false,
    };
    if allowed {
        Ok(())
    } else {
        Err(ApiError::BadOrigin(
            "requests that change anything must come from this server's own page".into(),
        ))
    }
}

/// Refuses an HTTP/1.1 request that names no host, neither in a Host
/// header nor in an absolute request target (RFC 9112 section 3.2: a
/// server MUST answer 400). HTTP/1.0 predates Host and passes. The server
/// ([`crate::serve`]) applies it to requests from the wire; in-process
/// requests (tests) have no connection and are not checked.
pub async fn require_host(request: Request, next: Next) -> Response {
    let named = request.uri().authority().is_some() || request.headers().contains_key(header::HOST);
    if request.version() == Version::HTTP_11 && !named {
        return ApiError::MissingHost.into_response();
    }
    next.run(request).await
}

pub async fn guard(State(policy): State<HostPolicy>, request: Request, next: Next) -> Response {
    let checked = target_authority(&request, &policy)
        .and_then(|target| check_origin(&request, target.as_ref(), &policy));
    let mut response = match checked {
        Ok(()) => next.run(request).await,
        Err(e) => e.into_response(),
    };
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
    use super::{loopback_host, parse_origin, Authority};

    #[test]
    fn loopback_names() {
        for ok in [
            "localhost",
            "LocalHost:8080",
            "localhost:8080",
            "127.0.0.1",
            "127.0.0.1:80",
            "127.0.0.1:65535",
            "[::1]:8080",
            "[::1]",
        ] {
            assert!(loopback_host(ok), "{ok}");
        }
        for bad in [
            "evil.example",
            "evil.example:8080",
            "",
            ":8080",
            "10.0.0.1:8080",
            "127.0.0.2",
            "127.attacker.example:18600",
            "127.0.0.1.nip.io",
            "localhost.",
            "localhost:80@evil.example",
            "localhost@evil.example:80",
            "user@localhost",
            "localhost:",
            "localhost:0",
            "localhost:65536",
            "localhost:123456",
            "localhost:+80",
            "localhost: 80",
            "localhost:80 ",
            " localhost",
            "localhost:80:80",
            "localhost/evil",
            "[::1",
            "[::1]x",
            "[::1]:",
            "[::2]",
            "[::ffff:127.0.0.1]",
            "[]",
            "[::1]:8080]",
        ] {
            assert!(!loopback_host(bad), "{bad:?}");
        }
    }

    #[test]
    fn origins() {
        let at = |s: &str| Authority::parse(s).expect("authority");
        assert_eq!(
            parse_origin("http://localhost:8080"),
            Some(at("localhost:8080"))
        );
        assert_eq!(parse_origin("http://[::1]"), Some(at("[::1]")));
        for bad in [
            "null",
            "",
            "https://localhost:8080",
            "http://localhost:8080/",
            "http://localhost:8080/x",
            "HTTP://localhost",
            "http://",
            "http://user@localhost",
            "file://",
        ] {
            assert_eq!(parse_origin(bad), None, "{bad:?}");
        }
        assert!(at("localhost").same_as(&at("localhost:80")));
        assert!(!at("localhost:8080").same_as(&at("localhost:8081")));
        assert!(!at("localhost:8080").same_as(&at("127.0.0.1:8080")));
    }
}
