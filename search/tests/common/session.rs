//! Drives the UCI runner in memory: lines go in over a channel (so a test
//! can type while the engine thinks) and come out into a shared buffer.

use std::io::{self, BufReader, Read, Write};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use search::uci::Variant;
use search::UciGame;

struct ChannelReader {
    rx: Receiver<Vec<u8>>,
    pending: Vec<u8>,
}

impl Read for ChannelReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            match self.rx.recv() {
                Ok(bytes) => self.pending = bytes,
                // All senders gone: end of input.
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

#[derive(Clone, Default)]
pub struct SharedBuf(Arc<Mutex<Vec<u8>>>);

impl Write for SharedBuf {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().expect("buffer").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl SharedBuf {
    pub fn lines(&self) -> Vec<String> {
        let bytes = self.0.lock().expect("buffer").clone();
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(str::to_string)
            .collect()
    }
}

pub struct Session {
    tx: Option<Sender<Vec<u8>>>,
    out: SharedBuf,
    handle: Option<JoinHandle<()>>,
}

impl Session {
    pub fn start<G: UciGame>() -> Session {
        Session::start_runner(|reader, writer| search::uci::run::<G>(reader, writer))
    }

    /// An engine of several rule sets, the first the default.
    pub fn start_variants(variants: &[Variant]) -> Session {
        let variants = variants.to_vec();
        Session::start_runner(move |reader, writer| {
            search::uci::run_variants(&variants, reader, writer)
        })
    }

    fn start_runner(
        runner: impl FnOnce(BufReader<ChannelReader>, SharedBuf) + Send + 'static,
    ) -> Session {
        let (tx, rx) = channel();
        let out = SharedBuf::default();
        let writer = out.clone();
        let handle = std::thread::spawn(move || {
            let reader = BufReader::new(ChannelReader {
                rx,
                pending: Vec::new(),
            });
            runner(reader, writer);
        });
        Session {
            tx: Some(tx),
            out,
            handle: Some(handle),
        }
    }

    pub fn send(&self, line: &str) {
        if let Some(tx) = &self.tx {
            // The runner may have quit already; that is what some tests check.
            let _ = tx.send(format!("{line}\n").into_bytes());
        }
    }

    pub fn lines(&self) -> Vec<String> {
        self.out.lines()
    }

    /// Waits until `count` lines satisfy `pred`; returns all lines then, or
    /// panics after `timeout`.
    pub fn wait_for(
        &self,
        pred: impl Fn(&str) -> bool,
        count: usize,
        timeout: Duration,
    ) -> Vec<String> {
        let start = Instant::now();
        loop {
            let lines = self.lines();
            if lines.iter().filter(|l| pred(l)).count() >= count {
                return lines;
            }
            if start.elapsed() > timeout {
                panic!("timed out waiting; output so far:\n{}", lines.join("\n"));
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Sends `isready` and waits for its `readyok` (the n-th one).
    pub fn sync(&self) -> Vec<String> {
        let before = self.lines().iter().filter(|l| *l == "readyok").count();
        self.send("isready");
        self.wait_for(|l| l == "readyok", before + 1, Duration::from_secs(30))
    }

    /// Whether the runner has returned.
    pub fn finished(&self) -> bool {
        match &self.handle {
            Some(h) => h.is_finished(),
            None => true,
        }
    }

    /// Closes the input (end of file) and waits for the runner to return.
    pub fn close(mut self) -> Vec<String> {
        self.tx = None;
        if let Some(h) = self.handle.take() {
            h.join().expect("runner panicked");
        }
        self.lines()
    }
}
