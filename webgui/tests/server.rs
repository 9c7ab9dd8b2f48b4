//! The HTTP server over real loopback sockets: slow and half-sent
//! requests are cut off, an oversized declared body is refused before it
//! is sent, and connections beyond the cap wait. Timeouts are short here
//! (configurable) so each case takes well under a second or two.

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use webgui::{Config, ConnectionLimits};

/// Starts the server of `config` on a free loopback port.
async fn start(config: Config) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("address");
    let limits = config.connections;
    let router = webgui::app(Config {
        hash_mb: 1,
        ..config
    });
    tokio::spawn(webgui::serve(
        listener,
        router,
        limits,
        std::future::pending(),
    ));
    addr
}

fn short_timeouts() -> Config {
    Config {
        body_read_timeout: Duration::from_millis(300),
        connections: ConnectionLimits {
            header_read_timeout: Duration::from_millis(300),
            ..ConnectionLimits::default()
        },
        ..Config::default()
    }
}

fn connect(addr: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_millis(100)))
        .expect("timeout");
    stream
}

/// What the server sends until it closes the connection, and how long that
/// took; `None` when it is still open after `limit`.
fn read_until_closed(stream: &mut TcpStream, limit: Duration) -> Option<(String, Duration)> {
    let start = Instant::now();
    let mut received = Vec::new();
    let mut buf = [0u8; 4096];
    while start.elapsed() < limit {
        match stream.read(&mut buf) {
            Ok(0) => return Some((String::from_utf8_lossy(&received).into(), start.elapsed())),
            Ok(n) => received.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => return Some((String::from_utf8_lossy(&received).into(), start.elapsed())),
        }
    }
    None
}

/// The first response's head and body, read until `limit` (the connection
/// may stay open).
fn read_response(stream: &mut TcpStream, limit: Duration) -> String {
    let start = Instant::now();
    let mut received = Vec::new();
    let mut buf = [0u8; 4096];
    while start.elapsed() < limit {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                received.extend_from_slice(&buf[..n]);
                let text = String::from_utf8_lossy(&received);
                if let Some(end) = text.find("\r\n\r\n") {
                    let length = text[..end]
                        .lines()
                        .find_map(|l| {
                            l.to_ascii_lowercase()
                                .strip_prefix("content-length:")
                                .map(|v| v.trim().to_string())
                        })
                        .and_then(|v| v.parse::<usize>().ok())
                        .unwrap_or(0);
                    if received.len() >= end + 4 + length {
                        break;
                    }
                }
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => break,
        }
    }
    String::from_utf8_lossy(&received).into()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_headers_are_cut_off() {
    let addr = start(short_timeouts()).await;
    tokio::task::spawn_blocking(move || {
        let mut half = connect(addr);
        half.write_all(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            .expect("send");
        let closed = read_until_closed(&mut half, Duration::from_secs(5));
        let (_, took) = closed.expect("the server closed a half-sent request");
        assert!(took < Duration::from_secs(2), "closed after {took:?}");

        // Nothing sent at all, and idle after a complete exchange.
        let mut silent = connect(addr);
        assert!(read_until_closed(&mut silent, Duration::from_secs(5)).is_some());
        let mut idle = connect(addr);
        idle.write_all(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            .expect("send");
        let (text, _) = read_until_closed(&mut idle, Duration::from_secs(5))
            .expect("an idle keep-alive connection is closed too");
        assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    })
    .await
    .expect("no panic");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_content_length_is_refused_before_the_body() {
    let addr = start(short_timeouts()).await;
    tokio::task::spawn_blocking(move || {
        let mut stream = connect(addr);
        let start = Instant::now();
        stream
            .write_all(
                b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\
                  Content-Type: application/json\r\nContent-Length: 100000000\r\n\r\n",
            )
            .expect("send");
        let text = read_response(&mut stream, Duration::from_secs(5));
        assert!(text.starts_with("HTTP/1.1 413"), "{text:?}");
        assert!(text.contains("\"body_too_large\""), "{text}");
        // The body timeout (300 ms) would also give an error: this came first.
        assert!(
            start.elapsed() < Duration::from_millis(250),
            "{:?}",
            start.elapsed()
        );
        assert!(read_until_closed(&mut stream, Duration::from_secs(2)).is_some());
    })
    .await
    .expect("no panic");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_that_stops_coming_is_timed_out() {
    let addr = start(short_timeouts()).await;
    tokio::task::spawn_blocking(move || {
        for (length, sent) in [("100", "{\"game\":"), ("5000", "")] {
            let mut stream = connect(addr);
            let head = format!(
                "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\
                 Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n{sent}"
            );
            stream.write_all(head.as_bytes()).expect("send");
            let (text, took) = read_until_closed(&mut stream, Duration::from_secs(5))
                .expect("the server gave up on the body and closed");
            assert!(text.starts_with("HTTP/1.1 408"), "{text:?}");
            assert!(text.contains("\"request_timeout\""), "{text}");
            assert!(
                took >= Duration::from_millis(250) && took < Duration::from_secs(3),
                "{took:?}"
            );
            let _ = start;
        }
        // Chunked, trickling one byte at a time: the deadline is for the
        // whole body, not per byte.
        let mut stream = connect(addr);
        stream
            .write_all(
                b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\
                  Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
            )
            .expect("send");
        let start = Instant::now();
        let mut closed = false;
        while start.elapsed() < Duration::from_secs(5) {
            if stream.write_all(b"1\r\n \r\n").is_err() {
                closed = true;
                break;
            }
            let mut buf = [0u8; 1024];
            match stream.read(&mut buf) {
                Ok(0) => {
                    closed = true;
                    break;
                }
                Ok(n) => {
                    let text = String::from_utf8_lossy(&buf[..n]);
                    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
                }
                Err(_) => {}
            }
        }
        assert!(closed, "a trickled body was cut off");
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "{:?}",
            start.elapsed()
        );
    })
    .await
    .expect("no panic");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_cap_wait_for_a_free_place() {
    let addr = start(Config {
        connections: ConnectionLimits {
            header_read_timeout: Duration::from_secs(20),
            max_connections: 4,
        },
        ..Config::default()
    })
    .await;
    tokio::task::spawn_blocking(move || {
        let request = b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
        let mut held: Vec<TcpStream> = (0..4)
            .map(|_| {
                let mut s = connect(addr);
                s.write_all(request).expect("send");
                let text = read_response(&mut s, Duration::from_secs(5));
                assert!(text.starts_with("HTTP/1.1 200"), "{text}");
                s
            })
            .collect();
        let mut waiting = connect(addr);
        waiting.write_all(request).expect("send");
        let text = read_response(&mut waiting, Duration::from_millis(700));
        assert!(
            text.is_empty(),
            "a fifth connection was served at once: {text}"
        );
        drop(held.pop());
        let text = read_response(&mut waiting, Duration::from_secs(5));
        assert!(
            text.starts_with("HTTP/1.1 200"),
            "served once a place was free: {text:?}"
        );
    })
    .await
    .expect("no panic");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repeated_host_header_is_refused_on_the_wire() {
    let addr = start(short_timeouts()).await;
    tokio::task::spawn_blocking(move || {
        let mut stream = connect(addr);
        stream
            .write_all(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n")
            .expect("send");
        let text = read_response(&mut stream, Duration::from_secs(5));
        assert!(text.starts_with("HTTP/1.1 400"), "{text}");
        assert!(text.contains("\"bad_host\""), "{text}");
    })
    .await
    .expect("no panic");
}

/// Issue 39, defect 11: RFC 9112 section 3.2 says a server MUST answer
/// 400 to an HTTP/1.1 request without Host; HTTP/1.0 has no Host to miss.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_http_1_1_request_without_host_is_refused_on_the_wire() {
    let addr = start(short_timeouts()).await;
    tokio::task::spawn_blocking(move || {
        let ask = |request: &[u8]| {
            let mut stream = connect(addr);
            stream.write_all(request).expect("send");
            read_response(&mut stream, Duration::from_secs(5))
        };
        let create = b"POST /api/games HTTP/1.1\r\nContent-Type: application/json\r\n\
            Content-Length: 17\r\n\r\n{\"game\":\"chess\"}";
        for request in [&b"GET /api/info HTTP/1.1\r\n\r\n"[..], &create[..]] {
            let text = ask(request);
            assert!(text.starts_with("HTTP/1.1 400"), "{text}");
            assert!(text.contains("\"bad_host\""), "{text}");
        }
        let text = ask(b"GET /api/info HTTP/1.0\r\n\r\n");
        assert!(text.starts_with("HTTP/1.0 200"), "{text}");
        let text = ask(b"GET http://127.0.0.1/api/info HTTP/1.1\r\n\r\n");
        assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    })
    .await
    .expect("no panic");
}
