//! `-live URL`: the match as it happens, for a person watching in the web
//! GUI (`webgui`'s live viewer at `URL/live`). Each event is one JSON
//! object posted to `URL/api/live/events`: a game started (its players
//! and opening), a move played, a game ended, and the standings after
//! each game. Posting is best effort: a viewer that is gone or slow never
//! holds up or changes the match (short timeouts, errors ignored).

use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use serde_json::{json, Value};

use workbench::GameType;

/// How long a post may take to connect, and to be answered.
const CONNECT_TIMEOUT: Duration = Duration::from_millis(300);
const IO_TIMEOUT: Duration = Duration::from_millis(1000);

/// Where the viewer listens: `http://HOST[:PORT][/PREFIX]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveUrl {
    pub host: String,
    pub port: u16,
    /// Path before `/api/live/events`, without a trailing `/`.
    pub prefix: String,
}

impl LiveUrl {
    pub fn parse(text: &str) -> Result<LiveUrl, String> {
        let rest = text
            .strip_prefix("http://")
            .ok_or_else(|| format!("{text:?}: expected http://HOST[:PORT]"))?;
        let (authority, path) = match rest.find('/') {
            Some(i) => (&rest[..i], rest[i..].trim_end_matches('/')),
            None => (rest, ""),
        };
        let (host, port) = match authority.rsplit_once(':') {
            Some((h, p)) if !h.ends_with(']') || p.parse::<u16>().is_ok() => (
                h,
                p.parse().map_err(|_| format!("{text:?}: bad port {p:?}"))?,
            ),
            _ => (authority, 80),
        };
        if host.is_empty() || host.contains(['@', ' ']) || path.contains([' ', '?', '#']) {
            return Err(format!("{text:?}: expected http://HOST[:PORT]"));
        }
        Ok(LiveUrl {
            host: host.to_string(),
            port,
            prefix: path.to_string(),
        })
    }
}

/// Posts a run's events to the viewer.
pub struct LiveFeed {
    url: LiveUrl,
    /// Names this run among others the viewer shows.
    run: String,
    game: &'static str,
}

impl LiveFeed {
    /// A feed to `url` of the games of `event`, played in `game` (which
    /// the viewer names by the game's short name).
    pub fn new(url: LiveUrl, event: &str, game: &dyn GameType) -> LiveFeed {
        let run = format!("{event} #{}", std::process::id());
        LiveFeed {
            url,
            run,
            game: game.name(),
        }
    }

    /// A game of round `round` starts between `white` and `black` from
    /// `fen` (none: the start position) and the opening's `moves`. `id`
    /// names the game in this run (a round has a game for each colour).
    pub fn started(
        &self,
        id: &str,
        round: u32,
        white: &str,
        black: &str,
        fen: Option<&str>,
        moves: &[String],
    ) {
        self.post(json!({
            "kind": "start", "id": id, "round": round, "white": white, "black": black,
            "fen": fen, "moves": moves,
        }));
    }

    /// A move of game `id`, in protocol notation.
    pub fn moved(&self, id: &str, text: &str) {
        self.post(json!({"kind": "move", "id": id, "move": text}));
    }

    /// Game `id` ended with `result` (`1-0`, `0-1`, `1/2-1/2`).
    pub fn ended(&self, id: &str, result: &str) {
        self.post(json!({"kind": "end", "id": id, "result": result}));
    }

    /// The standings: per player wins, draws, losses and, once it can be
    /// estimated, the Elo difference with its 95% error margin.
    pub fn standings(&self, players: Vec<Value>) {
        self.post(json!({"kind": "standings", "players": players}));
    }

    fn post(&self, mut event: Value) {
        event["run"] = json!(self.run);
        event["game"] = json!(self.game);
        // Best effort by design: a failed post only means the viewer
        // misses this event.
        let _ = self.try_post(&event.to_string());
    }

    fn try_post(&self, body: &str) -> std::io::Result<()> {
        let url = &self.url;
        let addr = (url.host.as_str(), url.port)
            .to_socket_addrs()?
            .next()
            .ok_or_else(|| std::io::Error::other("no address"))?;
        let mut stream = TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT)?;
        stream.set_read_timeout(Some(IO_TIMEOUT))?;
        stream.set_write_timeout(Some(IO_TIMEOUT))?;
        let host = if url.port == 80 {
            url.host.clone()
        } else {
            format!("{}:{}", url.host, url.port)
        };
        let request = format!(
            "POST {}/api/live/events HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            url.prefix,
            body.len()
        );
        stream.write_all(request.as_bytes())?;
        // Wait for the answer, so events of one game arrive in order.
        let mut answer = [0u8; 512];
        let _ = stream.read(&mut answer)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::LiveUrl;

    #[test]
    fn live_urls_parse() {
        let u = LiveUrl::parse("http://127.0.0.1:8080").expect("valid");
        assert_eq!(
            (u.host.as_str(), u.port, u.prefix.as_str()),
            ("127.0.0.1", 8080, "")
        );
        let u = LiveUrl::parse("http://localhost/gui/").expect("valid");
        assert_eq!(
            (u.host.as_str(), u.port, u.prefix.as_str()),
            ("localhost", 80, "/gui")
        );
        for bad in [
            "127.0.0.1:8080",
            "https://x",
            "http://",
            "http://h:port",
            "http://h:1/a b",
        ] {
            assert!(LiveUrl::parse(bad).is_err(), "{bad}");
        }
    }
}
