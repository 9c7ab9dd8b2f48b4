//! The output directory of a run, built so that a run cut short at any
//! moment (Ctrl-C, `kill -9`, a power cut) resumes with the same records
//! as a run never stopped.
//!
//! For seed `S` the directory holds:
//!
//! - `data-S-W.bin`: the records of the games worker `W` played, game
//!   after game, each game's records written with one `write_all` and
//!   synced to disk before the game is indexed;
//! - `done-S.txt`: the index of finished games. Two header lines (the
//!   settings that decide the games, then the column names), then one line
//!   per finished game, appended once its records are on disk:
//!   `game worker first records result plies ending`, e.g.
//!   `17 1 2306 61 1-0 96 checkmate`: game 17's 61 records are records
//!   2306 to 2366 of `data-S-1.bin`.
//!
//! A game's records count only once its index line is whole, so opening
//! the directory ([`Store::open`]) cuts what an interrupted run left
//! unfinished: an index line without its newline, and records past the
//! end of the last indexed game of each data file (a game written but not
//! indexed, or half written). The games of the index are then skipped and
//! the others played; a data file shorter than its index says is an error
//! (records lost: never a result of an interruption, since records are
//! synced before their game is indexed).
//!
//! One process at a time per directory and seed.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::selfplay::PlayedGame;
use crate::packed::{self, PackedPosition, ReadError, RECORD_BYTES};

/// What decides the games of a run, written at the top of the index: a
/// run resumes only with the same (the thread count and the number of
/// games do not change any game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunKey {
    pub seed: u64,
    pub soft_nodes: u64,
    pub random_plies: usize,
    pub hash_mb: usize,
}

impl RunKey {
    fn header(&self) -> String {
        format!(
            "# datagen seed={} soft_nodes={} random_plies={} hash_mb={}",
            self.seed, self.soft_nodes, self.random_plies, self.hash_mb
        )
    }
}

const COLUMNS: &str = "# game worker first records result plies ending";

/// The index file of seed `seed` in `dir`.
pub fn index_path(dir: &Path, seed: u64) -> PathBuf {
    dir.join(format!("done-{seed}.txt"))
}

/// Worker `worker`'s data file of seed `seed` in `dir`.
pub fn data_path(dir: &Path, seed: u64, worker: usize) -> PathBuf {
    dir.join(format!("data-{seed}-{worker}.bin"))
}

/// One line of the index: a finished game and where its records are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEntry {
    pub game: u64,
    pub worker: usize,
    /// Its first record's number in the worker's data file, and how many.
    pub first: u64,
    pub records: u64,
    /// `1-0`, `1/2-1/2` or `0-1`.
    pub result: String,
    pub plies: u32,
    /// [`super::Ending::code`].
    pub ending: String,
}

impl GameEntry {
    fn line(&self) -> String {
        format!(
            "{} {} {} {} {} {} {}\n",
            self.game, self.worker, self.first, self.records, self.result, self.plies, self.ending
        )
    }

    fn parse(line: &str) -> Option<GameEntry> {
        let f: Vec<&str> = line.split(' ').collect();
        let [game, worker, first, records, result, plies, ending] = f[..] else {
            return None;
        };
        if !["1-0", "1/2-1/2", "0-1"].contains(&result) || ending.is_empty() {
            return None;
        }
        Some(GameEntry {
            game: game.parse().ok()?,
            worker: worker.parse().ok()?,
            first: first.parse().ok()?,
            records: records.parse().ok()?,
            result: result.to_string(),
            plies: plies.parse().ok()?,
            ending: ending.to_string(),
        })
    }

    /// One past its last record's number.
    fn end(&self) -> u64 {
        self.first + self.records
    }
}

/// The result byte of a record as the index writes it.
fn result_text(result: u8) -> &'static str {
    match result {
        packed::result::WHITE_WINS => "1-0",
        packed::result::BLACK_WINS => "0-1",
        _ => "1/2-1/2",
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} was written by a run with other settings: it says `{found}`, this run is `{expected}`; use the same settings to resume it, or another --out or --seed")]
    OtherSettings {
        path: PathBuf,
        found: String,
        expected: String,
    },
    #[error("{path} line {line}: `{text}` is not a finished game (`game worker first records result plies ending`)")]
    BadLine {
        path: PathBuf,
        line: usize,
        text: String,
    },
    #[error("{path} line {line}: game {game} is listed twice")]
    Duplicate {
        path: PathBuf,
        line: usize,
        game: u64,
    },
    #[error("{path} line {line}: game {game} starts at record {first} of worker {worker}'s file, where its previous game ended at {expected}")]
    Gap {
        path: PathBuf,
        line: usize,
        game: u64,
        worker: usize,
        first: u64,
        expected: u64,
    },
    #[error("{path} holds {have} bytes but its index {index} lists games up to byte {need}: records were lost")]
    DataMissing {
        path: PathBuf,
        index: PathBuf,
        have: u64,
        need: u64,
    },
    #[error(transparent)]
    Read(#[from] ReadError),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StoreError + '_ {
    move |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The index of a directory as read: its header and its games, the
/// number of bytes of whole lines (a torn last line is left out).
struct Index {
    header: Option<String>,
    entries: Vec<(usize, GameEntry)>,
    whole_bytes: u64,
    torn: bool,
}

fn read_index(path: &Path) -> Result<Index, StoreError> {
    let mut bytes = Vec::new();
    match File::open(path) {
        Ok(mut f) => {
            f.read_to_end(&mut bytes).map_err(io(path))?;
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(io(path)(e)),
    }
    let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let torn = whole < bytes.len();
    let text = String::from_utf8_lossy(&bytes[..whole]);
    let mut header = None;
    let mut entries = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let number = n + 1;
        if n == 0 {
            header = Some(line.to_string());
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        let entry = GameEntry::parse(line).ok_or_else(|| StoreError::BadLine {
            path: path.to_path_buf(),
            line: number,
            text: line.to_string(),
        })?;
        entries.push((number, entry));
    }
    Ok(Index {
        header,
        entries,
        whole_bytes: whole as u64,
        torn,
    })
}

/// Checks the index's games against each other: each listed once, each
/// worker's games one after the other in its file. Returns each worker's
/// record count.
fn check_entries(
    path: &Path,
    entries: &[(usize, GameEntry)],
) -> Result<HashMap<usize, u64>, StoreError> {
    let mut ends: HashMap<usize, u64> = HashMap::new();
    let mut seen = HashSet::new();
    for (line, e) in entries {
        if !seen.insert(e.game) {
            return Err(StoreError::Duplicate {
                path: path.to_path_buf(),
                line: *line,
                game: e.game,
            });
        }
        let end = ends.entry(e.worker).or_insert(0);
        if e.first != *end {
            return Err(StoreError::Gap {
                path: path.to_path_buf(),
                line: *line,
                game: e.game,
                worker: e.worker,
                first: e.first,
                expected: *end,
            });
        }
        *end = e.end();
    }
    Ok(ends)
}

/// The data files of seed `seed` in `dir`, by worker.
fn data_files(dir: &Path, seed: u64) -> Result<BTreeMap<usize, PathBuf>, StoreError> {
    let prefix = format!("data-{seed}-");
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(dir).map_err(io(dir))? {
        let entry = entry.map_err(io(dir))?;
        let name = entry.file_name();
        let Some(worker) = name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|n| n.strip_suffix(".bin"))
            .and_then(|w| w.parse::<usize>().ok())
        else {
            continue;
        };
        out.insert(worker, entry.path());
    }
    Ok(out)
}

/// What opening a directory cut from an interrupted run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recovery {
    /// The index ended in a line without its newline (dropped).
    pub torn_index_line: bool,
    /// Data files cut back to their indexed games, and the bytes cut.
    pub truncated: Vec<(PathBuf, u64)>,
}

/// An open output directory: which games are done, where each worker's
/// records go, and the index to append finished games to.
pub struct Store {
    dir: PathBuf,
    key: RunKey,
    done: HashSet<u64>,
    ends: HashMap<usize, u64>,
    index_path: PathBuf,
    index: Mutex<File>,
}

/// One worker's data file, open for appending.
pub struct WorkerFile {
    worker: usize,
    path: PathBuf,
    file: File,
    records: u64,
}

impl Store {
    /// Opens (or creates) `dir` for the run `key`, cutting what an
    /// interrupted run left unfinished (see the module's documentation).
    pub fn open(dir: &Path, key: RunKey) -> Result<(Store, Recovery), StoreError> {
        std::fs::create_dir_all(dir).map_err(io(dir))?;
        let index_path = index_path(dir, key.seed);
        let index = read_index(&index_path)?;
        let mut recovery = Recovery {
            torn_index_line: index.torn,
            ..Recovery::default()
        };
        let expected = key.header();
        match &index.header {
            Some(found) if *found != expected => {
                return Err(StoreError::OtherSettings {
                    path: index_path,
                    found: found.clone(),
                    expected,
                })
            }
            _ => {}
        }
        let ends = check_entries(&index_path, &index.entries)?;

        // Each data file back to the end of its last indexed game.
        let files = data_files(dir, key.seed)?;
        for (&worker, &end) in &ends {
            if end > 0 && !files.contains_key(&worker) {
                return Err(StoreError::DataMissing {
                    path: data_path(dir, key.seed, worker),
                    index: index_path,
                    have: 0,
                    need: end * RECORD_BYTES as u64,
                });
            }
        }
        for (worker, path) in &files {
            let need = ends.get(worker).copied().unwrap_or(0) * RECORD_BYTES as u64;
            let file = OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(io(path))?;
            let have = file.metadata().map_err(io(path))?.len();
            if have < need {
                return Err(StoreError::DataMissing {
                    path: path.clone(),
                    index: index_path,
                    have,
                    need,
                });
            }
            if have > need {
                file.set_len(need).map_err(io(path))?;
                file.sync_all().map_err(io(path))?;
                recovery.truncated.push((path.clone(), have - need));
            }
        }

        // The index: cut a torn line; a new one gets its header.
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&index_path)
            .map_err(io(&index_path))?;
        if index.torn {
            file.set_len(index.whole_bytes).map_err(io(&index_path))?;
        }
        if index.header.is_none() {
            file.write_all(format!("{expected}\n{COLUMNS}\n").as_bytes())
                .map_err(io(&index_path))?;
        }
        let done = index.entries.iter().map(|(_, e)| e.game).collect();
        let store = Store {
            dir: dir.to_path_buf(),
            key,
            done,
            ends,
            index_path,
            index: Mutex::new(file),
        };
        Ok((store, recovery))
    }

    /// Whether game `game` is in the index (finished by an earlier run).
    pub fn is_done(&self, game: u64) -> bool {
        self.done.contains(&game)
    }

    /// How many games the index held when opened.
    pub fn done_count(&self) -> usize {
        self.done.len()
    }

    /// Records in the data files when opened (the indexed games').
    pub fn record_count(&self) -> u64 {
        self.ends.values().sum()
    }

    pub fn index_path(&self) -> &Path {
        &self.index_path
    }

    /// Worker `worker`'s data file, open for appending. One per worker
    /// number per store.
    pub fn worker_file(&self, worker: usize) -> Result<WorkerFile, StoreError> {
        let path = data_path(&self.dir, self.key.seed, worker);
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(io(&path))?;
        Ok(WorkerFile {
            worker,
            path,
            file,
            records: self.ends.get(&worker).copied().unwrap_or(0),
        })
    }

    /// Writes a finished game's records to its worker's file (one
    /// `write_all`, then synced), then its index line.
    pub fn append(&self, out: &mut WorkerFile, game: &PlayedGame) -> Result<(), StoreError> {
        let mut bytes = Vec::with_capacity(game.records.len() * RECORD_BYTES);
        for record in &game.records {
            bytes.extend_from_slice(&record.0);
        }
        let path = &out.path;
        out.file.write_all(&bytes).map_err(io(path))?;
        out.file.sync_data().map_err(io(path))?;
        let entry = GameEntry {
            game: game.number,
            worker: out.worker,
            first: out.records,
            records: game.records.len() as u64,
            result: result_text(game.ending.result()).to_string(),
            plies: game.plies,
            ending: game.ending.code().to_string(),
        };
        out.records += entry.records;
        let mut index = self.index.lock().unwrap_or_else(|e| e.into_inner());
        index
            .write_all(entry.line().as_bytes())
            .map_err(io(&self.index_path))
    }
}

/// A finished game as stored: its index line and its records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    pub entry: GameEntry,
    pub records: Vec<PackedPosition>,
}

/// Every finished game of seed `seed` in `dir`, by game number, without
/// changing anything (what an unfinished game left is ignored).
pub fn read_games(dir: &Path, seed: u64) -> Result<BTreeMap<u64, StoredGame>, StoreError> {
    let index_path = index_path(dir, seed);
    let index = read_index(&index_path)?;
    let ends = check_entries(&index_path, &index.entries)?;
    let mut records: HashMap<usize, Vec<PackedPosition>> = HashMap::new();
    for (&worker, &end) in &ends {
        if end == 0 {
            records.insert(worker, Vec::new());
            continue;
        }
        let path = data_path(dir, seed, worker);
        let need = end * RECORD_BYTES as u64;
        let mut bytes = Vec::new();
        File::open(&path)
            .and_then(|f| f.take(need).read_to_end(&mut bytes))
            .map_err(io(&path))?;
        if (bytes.len() as u64) < need {
            return Err(StoreError::DataMissing {
                path,
                index: index_path,
                have: bytes.len() as u64,
                need,
            });
        }
        let mut list = Vec::with_capacity(end as usize);
        for (i, chunk) in bytes.chunks_exact(RECORD_BYTES).enumerate() {
            let raw: [u8; RECORD_BYTES] = chunk.try_into().expect("32 bytes");
            let record = PackedPosition::from_bytes(raw).map_err(|source| ReadError::Record {
                path: path.clone(),
                index: i as u64,
                source,
            })?;
            list.push(record);
        }
        records.insert(worker, list);
    }
    Ok(index
        .entries
        .into_iter()
        .map(|(_, entry)| {
            let list = &records[&entry.worker];
            let records = list[entry.first as usize..entry.end() as usize].to_vec();
            (entry.game, StoredGame { entry, records })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::GameEntry;

    #[test]
    fn index_lines_read_back() {
        let e = GameEntry {
            game: 17,
            worker: 1,
            first: 2306,
            records: 61,
            result: "1-0".to_string(),
            plies: 96,
            ending: "checkmate".to_string(),
        };
        assert_eq!(e.line(), "17 1 2306 61 1-0 96 checkmate\n");
        assert_eq!(GameEntry::parse(e.line().trim_end()), Some(e));
        for bad in [
            "17 1 2306 61 1-0 96",
            "17 1 2306 61 2-0 96 x",
            "a 1 2 3 1-0 4 x",
            "",
        ] {
            assert_eq!(GameEntry::parse(bad), None, "{bad}");
        }
    }
}
