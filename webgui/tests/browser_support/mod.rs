//! Browser test harness: the server on a free loopback port, chromedriver
//! spawned on another, and a headless Chromium session driven over
//! WebDriver. The session is closed and chromedriver stopped by a guard,
//! also when a test fails.

#![allow(dead_code)]

use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MouseActions, PointerAction, TouchActions,
};
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};

/// Chromium flags for a quiet, reproducible headless browser.
const CHROMIUM_FLAGS: [&str; 8] = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,1000",
];
const DEFAULT_WAIT: Duration = Duration::from_secs(15);

fn find_program(name: &str) -> Option<PathBuf> {
    let direct = Path::new("/usr/bin").join(name);
    if direct.is_file() {
        return Some(direct);
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

fn free_port() -> u16 {
    StdListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free loopback port")
}

/// Starts chromedriver on a free port and opens a session with it.
async fn driver_session(chromedriver: &std::path::Path) -> Result<(Guard, Client), String> {
    let port = free_port();
    let driver = Command::new(chromedriver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("start chromedriver: {e}"))?;
    let guard = Guard {
        client: None,
        driver: Some(driver),
    };
    let deadline = Instant::now() + Duration::from_secs(15);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() >= deadline {
            return Err("chromedriver did not start".into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut options = json!({ "args": CHROMIUM_FLAGS });
    if let Some(chromium) = find_program("chromium") {
        options["binary"] = json!(chromium);
    }
    let mut caps = serde_json::Map::new();
    caps.insert("browserName".into(), json!("chrome"));
    caps.insert("goog:chromeOptions".into(), options);
    let client = ClientBuilder::new(HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .map_err(|e| format!("{e:?}"))?;
    Ok((guard, client))
}

/// Closes the WebDriver session and stops chromedriver when dropped.
struct Guard {
    client: Option<Client>,
    driver: Option<Child>,
}

impl Drop for Guard {
    fn drop(&mut self) {
        if let Some(client) = self.client.take() {
            // Drop cannot await: close the session from a helper thread
            // with its own runtime (the test's runtime is multi-threaded,
            // so the client's connection task keeps running meanwhile).
            let closer = std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build();
                if let Ok(rt) = runtime {
                    let _ = rt.block_on(async {
                        tokio::time::timeout(Duration::from_secs(10), client.close()).await
                    });
                }
            });
            let _ = closer.join();
        }
        if let Some(mut driver) = self.driver.take() {
            let _ = driver.kill();
            let _ = driver.wait();
        }
    }
}

pub struct Browser {
    pub client: Client,
    pub base: String,
    _guard: Guard,
}

impl Browser {
    /// Starts the server and a browser; `None` (with a message) when no
    /// chromedriver is installed outside CI. In CI a missing browser fails.
    pub async fn start() -> Option<Browser> {
        let Some(chromedriver) = find_program("chromedriver") else {
            if std::env::var("CI").is_ok_and(|v| v == "true") {
                panic!("chromedriver is missing: run scripts/install-browser (apt-get install chromium chromium-driver)");
            }
            eprintln!("SKIPPED: browser test needs chromedriver (run scripts/install-browser)");
            return None;
        };

        // The server, in this process, on a free port.
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind the server");
        let addr = listener.local_addr().expect("server address");
        let config = webgui::Config {
            hash_mb: 4,
            ..webgui::Config::default()
        };
        let router = webgui::app(config);
        let limits = webgui::ConnectionLimits::default();
        tokio::spawn(webgui::serve(
            listener,
            router,
            limits,
            std::future::pending(),
        ));

        // A port found free may be taken by another test's driver before
        // ours binds it: then the session fails, and a new port is tried.
        let mut attempt = 0;
        let (mut guard, client) = loop {
            attempt += 1;
            match driver_session(&chromedriver).await {
                Ok(started) => break started,
                Err(e) if attempt < 3 => eprintln!("chromedriver attempt {attempt}: {e}"),
                Err(e) => panic!("a WebDriver session: {e}"),
            }
        };
        guard.client = Some(client.clone());
        Some(Browser {
            client,
            base: format!("http://{addr}"),
            _guard: guard,
        })
    }

    /// Loads a page of the server and waits until the page has drawn.
    pub async fn open(&self, path: &str) {
        self.client
            .goto(&format!("{}{path}", self.base))
            .await
            .expect("navigate");
        self.wait("document.body.dataset.ready === 'true'").await;
    }

    pub async fn js(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// Waits until the JavaScript expression is truthy.
    pub async fn wait(&self, condition: &str) {
        self.wait_for(condition, DEFAULT_WAIT).await;
    }

    pub async fn wait_for(&self, condition: &str, limit: Duration) {
        let script = format!("return !!({condition});");
        let deadline = Instant::now() + limit;
        loop {
            if self.js(&script).await == json!(true) {
                return;
            }
            if Instant::now() > deadline {
                let status = self.text("#status").await;
                let error = self.text("#error").await;
                panic!("timed out waiting for {condition} (status '{status}', error '{error}')");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    pub async fn click(&self, css: &str) {
        // A re-render may replace the element between finding and clicking
        // (the analysis lines are redrawn with every report of the
        // engine's), so find it again until the usual wait runs out.
        let deadline = Instant::now() + DEFAULT_WAIT;
        loop {
            let outcome = match self.client.find(Locator::Css(css)).await {
                Ok(element) => element
                    .click()
                    .await
                    .map_err(|e| format!("click {css}: {e}")),
                Err(e) => Err(format!("find {css}: {e}")),
            };
            match outcome {
                Ok(()) => return,
                Err(problem) if Instant::now() > deadline => panic!("{problem}"),
                Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
            }
        }
    }

    pub async fn click_square(&self, square: &str) {
        self.click(&format!("[data-square=\"{square}\"]")).await;
    }

    /// The piece code on a square ("" when empty). Read in one script:
    /// finding the element and then asking for its attribute could meet a
    /// board that was redrawn in between (a stale element reference).
    pub async fn piece_on(&self, square: &str) -> String {
        let script = format!(
            "const e = document.querySelector('[data-square=\"{square}\"]'); \
             return e ? (e.dataset.piece || '') : null;"
        );
        let v = self.js(&script).await;
        v.as_str()
            .unwrap_or_else(|| panic!("no square {square} on the board"))
            .to_string()
    }

    /// The visible text of an element (empty when hidden or missing).
    pub async fn text(&self, css: &str) -> String {
        let script = format!(
            "const e = document.querySelector('{css}'); return e && !e.hidden ? e.textContent : '';"
        );
        self.js(&script).await.as_str().unwrap_or("").to_string()
    }

    pub async fn body_data(&self, key: &str) -> String {
        let v = self
            .js(&format!("return document.body.dataset.{key} || '';"))
            .await;
        v.as_str().unwrap_or("").to_string()
    }

    /// The game state from the API (the page's game in this tab).
    pub async fn state(&self) -> Value {
        self.js(
            "return fetch('/api/games/' + sessionStorage.getItem('webgui.game')).then(r => r.json());",
        )
        .await
    }

    /// Presses and releases a key with the focus where it is.
    pub async fn press(&self, key: char) {
        let actions = KeyActions::new("keyboard".into())
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
        self.client
            .perform_actions(actions)
            .await
            .expect("key press");
    }

    /// The centre of an element on the screen (viewport pixels).
    pub async fn centre_of(&self, css: &str) -> (f64, f64) {
        let script = format!(
            "const r = document.querySelector('{css}').getBoundingClientRect(); \
             return [r.left + r.width / 2, r.top + r.height / 2];"
        );
        let v = self.js(&script).await;
        (v[0].as_f64().expect("x"), v[1].as_f64().expect("y"))
    }

    /// Drags from one square to another with W3C pointer actions: the
    /// mouse with `button` (0 left, 2 right), or a finger when `touch`.
    pub async fn drag_squares(&self, from: &str, to: &str, button: u64, touch: bool) {
        let (x0, y0) = self.centre_of(&format!("[data-square=\"{from}\"]")).await;
        let (x1, y1) = self.centre_of(&format!("[data-square=\"{to}\"]")).await;
        let step = |x: f64, y: f64, ms: u64| PointerAction::MoveTo {
            duration: Some(Duration::from_millis(ms)),
            x: x.round(),
            y: y.round(),
        };
        let moves = [
            step(x0, y0, 0),
            PointerAction::Down { button },
            step((x0 * 3.0 + x1) / 4.0, (y0 * 3.0 + y1) / 4.0, 40),
            step((x0 + x1) / 2.0, (y0 + y1) / 2.0, 40),
            step(x1, y1, 40),
            PointerAction::Up { button },
        ];
        let result = if touch {
            let mut actions = TouchActions::new("finger".into());
            for m in moves {
                actions = actions.then(m);
            }
            self.client.perform_actions(actions).await
        } else {
            let mut actions = MouseActions::new("mouse".into());
            for m in moves {
                actions = actions.then(m);
            }
            self.client.perform_actions(actions).await
        };
        result.expect("pointer actions");
        let _ = self.client.release_actions().await;
    }

    /// A right click (the right button pressed and released) on a square.
    pub async fn right_click_square(&self, square: &str) {
        let (x, y) = self.centre_of(&format!("[data-square=\"{square}\"]")).await;
        let actions = MouseActions::new("mouse".into())
            .then(PointerAction::MoveTo {
                duration: Some(Duration::from_millis(0)),
                x: x.round(),
                y: y.round(),
            })
            .then(PointerAction::Down { button: 2 })
            .then(PointerAction::Up { button: 2 });
        self.client
            .perform_actions(actions)
            .await
            .expect("right click");
        let _ = self.client.release_actions().await;
    }

    /// Types into a field and submits its form with Enter.
    pub async fn type_into(&self, css: &str, text: &str) {
        let field = self.client.find(Locator::Css(css)).await.expect("field");
        field.clear().await.expect("clear");
        field
            .send_keys(&format!("{text}\u{e007}"))
            .await
            .expect("type");
    }

    /// Chooses `value` in the `<select>` at `css`, as a person would.
    pub async fn select(&self, css: &str, value: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .expect("select")
            .select_by_value(value)
            .await
            .expect("option");
    }

    /// Starts a new game with the page's form.
    pub async fn new_game(&self, game: &str, side: &str, fen: &str) {
        let before = self
            .js("return sessionStorage.getItem('webgui.game');")
            .await;
        self.js("document.getElementById('new-game-panel').open = true;")
            .await;
        let form = |id: &str| format!("#{id}");
        self.client
            .find(Locator::Css(&form("ng-game")))
            .await
            .expect("game select")
            .select_by_value(game)
            .await
            .expect("choose the game");
        self.client
            .find(Locator::Css(&form("ng-side")))
            .await
            .expect("side select")
            .select_by_value(side)
            .await
            .expect("choose the side");
        let fen_field = self
            .client
            .find(Locator::Css("#ng-fen"))
            .await
            .expect("fen field");
        fen_field.clear().await.expect("clear");
        if !fen.is_empty() {
            fen_field.send_keys(fen).await.expect("type the FEN");
        }
        self.click("#ng-start").await;
        // Either a new game or an error message.
        let check = format!(
            "sessionStorage.getItem('webgui.game') !== {before} || !document.getElementById('error').hidden"
        );
        self.wait(&check).await;
    }

    /// An element's screenshot as RGBA pixels.
    pub async fn screenshot(&self, css: &str, save_as: &str) -> (u32, u32, Vec<u8>) {
        let element = self.client.find(Locator::Css(css)).await.expect("element");
        let png_bytes = element.screenshot().await.expect("screenshot");
        let path = std::env::temp_dir().join(save_as);
        let _ = std::fs::write(&path, &png_bytes);
        eprintln!("screenshot saved to {}", path.display());
        let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
        let mut reader = decoder.read_info().expect("a PNG");
        let mut pixels = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut pixels).expect("a frame");
        pixels.truncate(info.buffer_size());
        let channels = info.color_type.samples();
        // Normalise to RGBA for the checks.
        let rgba = pixels
            .chunks(channels)
            .flat_map(|p| match channels {
                4 => [p[0], p[1], p[2], p[3]],
                3 => [p[0], p[1], p[2], 255],
                _ => [p[0], p[0], p[0], 255],
            })
            .collect();
        (info.width, info.height, rgba)
    }
}

/// A screenshot (`Browser::screenshot`'s width, height and RGBA pixels)
/// shows something: big enough, several colours, not one colour nearly
/// everywhere.
pub fn assert_not_blank(name: &str, (width, height, rgba): (u32, u32, Vec<u8>)) {
    assert!(width >= 200 && height >= 200, "{name}: {width}x{height}");
    let mut colours = std::collections::HashSet::new();
    for px in rgba.chunks(4) {
        colours.insert((px[0] >> 3, px[1] >> 3, px[2] >> 3));
    }
    assert!(colours.len() >= 8, "{name}: only {} colours", colours.len());
    let first = &rgba[..4];
    let same = rgba.chunks(4).filter(|px| *px == first).count();
    assert!(same * 10 < (rgba.len() / 4) * 9, "{name} looks blank");
}
