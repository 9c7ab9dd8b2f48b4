//! The output folder of a tuning run and the state saved in it after
//! every iteration (`state.toml`), so that rerunning the same command
//! resumes where the last run stopped.
//!
//! The state records the settings that decide the games (a rerun with
//! other ones is refused, naming what differs), the iterations done, theta,
//! and how long `history.csv` and `games.pgn` were when it was saved:
//! whatever an interrupted iteration appended after that is cut off on
//! resuming, so nothing is counted twice. The games of the iteration in
//! progress go to `iteration-<i>.pgn` first, so an interrupted iteration
//! resumes too (the runner skips the games that file holds).

use super::args::Tuning;
use super::params::{trim_decimals, Param};
use super::TuneError;
use crate::plan::OpeningsSpec;
use crate::schedule::Shard;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

pub const STATE: &str = "state.toml";
pub const HISTORY: &str = "history.csv";
pub const GAMES: &str = "games.pgn";
pub const FINAL_TOML: &str = "final.toml";
pub const FINAL_UCI: &str = "final.txt";
pub const PLOT: &str = "history.svg";
/// The folder of the shards' games (`--shard K/N`) until `--collect`.
pub const SHARDS: &str = "shards";

/// What decides the games of a run; a rerun must have the same.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub engine: String,
    pub game: String,
    /// `tc 10+0.1`, `depth 3`, `nodes 5000`, space-separated.
    pub limits: String,
    pub openings: String,
    /// Fixed options as `NAME=VALUE`.
    pub options: Vec<String>,
    pub pairs: u64,
    /// In words: a TOML integer cannot hold every `u64`.
    pub seed: String,
    #[serde(rename = "A_ratio")]
    pub a_ratio: f64,
    pub alpha: f64,
    pub gamma: f64,
    pub param: Vec<Param>,
}

impl Settings {
    pub fn of(t: &Tuning) -> Settings {
        let mut limits = Vec::new();
        if let Some(tc) = t.time_control {
            limits.push(format!("tc {}", tc.pgn()));
        }
        if let Some(d) = t.depth {
            limits.push(format!("depth {d}"));
        }
        if let Some(n) = t.nodes {
            limits.push(format!("nodes {n}"));
        }
        let openings = match &t.template.openings {
            OpeningsSpec::Book { path, .. } => format!("file={}", path.display()),
            OpeningsSpec::Random { plies } => format!("plies={plies}"),
            OpeningsSpec::Start => "none".into(),
        };
        Settings {
            engine: t.engine.clone(),
            game: t.template.game.to_string(),
            limits: limits.join(" "),
            openings,
            options: t.options.iter().map(|(k, v)| format!("{k}={v}")).collect(),
            pairs: t.pairs,
            seed: t.template.seed.to_string(),
            a_ratio: t.schedule.a_ratio,
            alpha: t.schedule.alpha,
            gamma: t.schedule.gamma,
            param: t.params.clone(),
        }
    }
}

/// Each setting and parameter field as `key = value`, for naming what
/// differs between two runs.
fn flatten(settings: &Settings) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    if let Ok(toml::Value::Table(table)) = toml::Value::try_from(settings) {
        for (key, value) in table {
            if key != "param" {
                out.insert(key, value.to_string());
            }
        }
    }
    for (i, p) in settings.param.iter().enumerate() {
        let fields = [
            ("position", (i + 1).to_string()),
            ("type", p.kind.to_string()),
            ("start", trim_decimals(p.start, 9)),
            ("min", trim_decimals(p.min, 9)),
            ("max", trim_decimals(p.max, 9)),
            ("c_end", trim_decimals(p.c_end, 9)),
            ("r_end", trim_decimals(p.r_end, 9)),
        ];
        for (field, value) in fields {
            out.insert(format!("param {:?} {field}", p.name), value);
        }
    }
    out
}

/// What differs between the saved settings and the new ones, in words.
pub fn differences(saved: &Settings, new: &Settings) -> Vec<String> {
    let (old, new) = (flatten(saved), flatten(new));
    let mut found = Vec::new();
    for (key, value) in &old {
        match new.get(key) {
            Some(v) if v == value => {}
            Some(v) => found.push(format!("{key} was {value}, now {v}")),
            None if key.ends_with(" position") => {
                found.push(format!("{} is gone", key.trim_end_matches(" position")))
            }
            None => {}
        }
    }
    for key in new.keys().filter(|k| k.ends_with(" position")) {
        if !old.contains_key(key) {
            found.push(format!("{} is new", key.trim_end_matches(" position")));
        }
    }
    found
}

/// Where a run stands after its last finished iteration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// Iterations finished.
    pub iteration: u64,
    /// The run's length (iterations) they were played for: another length
    /// is another schedule, so a half-played iteration is not resumed.
    pub planned: u64,
    pub games: u64,
    pub theta: Vec<f64>,
    /// Bytes of `history.csv` and `games.pgn` at the last save.
    pub history_bytes: u64,
    pub games_bytes: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub progress: Progress,
    pub settings: Settings,
}

/// The output folder.
#[derive(Clone, Debug)]
pub struct RunDir {
    pub path: PathBuf,
}

fn write_error(path: &Path, source: std::io::Error) -> TuneError {
    TuneError::Write {
        path: path.to_path_buf(),
        source,
    }
}

impl RunDir {
    /// The folder, created if need be.
    pub fn create(path: &Path) -> Result<RunDir, TuneError> {
        fs::create_dir_all(path).map_err(|e| write_error(path, e))?;
        Ok(RunDir {
            path: path.to_path_buf(),
        })
    }

    pub fn file(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }

    /// Where iteration `i`'s games go while it is played.
    pub fn iteration_pgn(&self, i: u64) -> PathBuf {
        self.file(&format!("iteration-{i}.pgn"))
    }

    /// Where shard `shard` of iteration `i` puts its games.
    pub fn shard_pgn(&self, i: u64, shard: Shard) -> PathBuf {
        self.file(SHARDS).join(format!(
            "iteration-{i}-shard-{}-of-{}.pgn",
            shard.index + 1,
            shard.count
        ))
    }

    /// The shards' folder, created if need be.
    pub fn create_shards(&self) -> Result<(), TuneError> {
        let path = self.file(SHARDS);
        fs::create_dir_all(&path).map_err(|e| write_error(&path, e))
    }

    /// Removes the shards' games: all of them, or those of iteration `i`.
    pub fn remove_shard_pgns(&self, i: Option<u64>) -> Result<(), TuneError> {
        let folder = self.file(SHARDS);
        let entries = match fs::read_dir(&folder) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(source) => {
                return Err(TuneError::Read {
                    path: folder,
                    source,
                })
            }
        };
        let prefix = i.map(|i| format!("iteration-{i}-shard-"));
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let ours = name.starts_with("iteration-") && name.ends_with(".pgn");
            let wanted = prefix.as_ref().is_none_or(|p| name.starts_with(p.as_str()));
            if ours && wanted {
                fs::remove_file(entry.path()).map_err(|e| write_error(&entry.path(), e))?;
            }
        }
        Ok(())
    }

    /// The saved state; `None` when there is none.
    pub fn load(&self) -> Result<Option<State>, TuneError> {
        let path = self.file(STATE);
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(TuneError::Read { path, source }),
        };
        toml::from_str(&text)
            .map(Some)
            .map_err(|e| TuneError::BadFile {
                path,
                problem: e.to_string().trim_end().to_string(),
            })
    }

    /// Saves the state: written beside, then renamed over the old one, so
    /// an interruption leaves the old state or the new, never half of one.
    pub fn save(&self, state: &State) -> Result<(), TuneError> {
        let path = self.file(STATE);
        let temporary = self.file(&format!("{STATE}.new"));
        let text = toml::to_string(state).map_err(|e| TuneError::BadFile {
            path: path.clone(),
            problem: e.to_string(),
        })?;
        fs::write(&temporary, text).map_err(|e| write_error(&temporary, e))?;
        fs::rename(&temporary, &path).map_err(|e| write_error(&path, e))
    }

    /// Leaves the folder as the state says: the history and games cut back
    /// to what was saved, stale iteration PGNs removed (and the next one
    /// too when the run's length changed).
    pub fn restore(&self, progress: &Progress, planned: u64) -> Result<(), TuneError> {
        for (name, bytes) in [
            (HISTORY, progress.history_bytes),
            (GAMES, progress.games_bytes),
        ] {
            let path = self.file(name);
            let file = fs::OpenOptions::new().write(true).open(&path);
            match file {
                Ok(f) if f.metadata().is_ok_and(|m| m.len() > bytes) => {
                    f.set_len(bytes).map_err(|e| write_error(&path, e))?
                }
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(write_error(&path, e)),
            }
        }
        let keep = (progress.planned == planned).then_some(progress.iteration + 1);
        self.remove_iteration_pgns(keep)
    }

    /// Removes every file a whole run writes, for a fresh start. (The
    /// shards' games stay: the first `--collect` of a run starts it fresh
    /// after its shards were played.)
    pub fn clear(&self) -> Result<(), TuneError> {
        for name in [STATE, HISTORY, GAMES, FINAL_TOML, FINAL_UCI, PLOT] {
            let path = self.file(name);
            match fs::remove_file(&path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(write_error(&path, e))
                }
                _ => {}
            }
        }
        self.remove_iteration_pgns(None)
    }

    fn remove_iteration_pgns(&self, keep: Option<u64>) -> Result<(), TuneError> {
        let entries = fs::read_dir(&self.path).map_err(|source| TuneError::Read {
            path: self.path.clone(),
            source,
        })?;
        for entry in entries.flatten() {
            let name = entry.file_name();
            let number = name
                .to_str()
                .and_then(|n| n.strip_prefix("iteration-"))
                .and_then(|n| n.strip_suffix(".pgn"))
                .and_then(|n| n.parse::<u64>().ok());
            if number.is_some() && number != keep {
                fs::remove_file(entry.path()).map_err(|e| write_error(&entry.path(), e))?;
            }
        }
        Ok(())
    }

    /// Appends `text` to the file `name`; returns its new length.
    pub fn append(&self, name: &str, text: &[u8]) -> Result<u64, TuneError> {
        let path = self.file(name);
        let mut file = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| write_error(&path, e))?;
        file.write_all(text)
            .and_then(|()| file.flush())
            .and_then(|()| file.metadata())
            .map(|m| m.len())
            .map_err(|e| write_error(&path, e))
    }

    /// Moves iteration `i`'s games to the end of `games.pgn`; returns its
    /// new length.
    pub fn collect_games(&self, i: u64) -> Result<u64, TuneError> {
        let path = self.iteration_pgn(i);
        let games = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(source) => return Err(TuneError::Read { path, source }),
        };
        self.append(GAMES, &games)
    }
}

#[cfg(test)]
mod tests {
    use super::{differences, Progress, RunDir, Settings, State, GAMES, HISTORY};
    use crate::tune::params::{Kind, Param};

    fn param(name: &str) -> Param {
        Param {
            name: name.into(),
            kind: Kind::Int,
            start: 10.0,
            min: 0.0,
            max: 100.0,
            c_end: 4.0,
            r_end: 0.002,
        }
    }

    fn settings() -> Settings {
        Settings {
            engine: "engine".into(),
            game: "chess".into(),
            limits: "depth 3".into(),
            openings: "plies=8".into(),
            options: vec!["Hash=16".into()],
            pairs: 1,
            seed: "1".into(),
            a_ratio: 0.1,
            alpha: 0.602,
            gamma: 0.101,
            param: vec![param("A"), param("B")],
        }
    }

    #[test]
    fn differences_are_named() {
        let a = settings();
        assert!(differences(&a, &a).is_empty());
        let mut b = settings();
        b.engine = "other".into();
        b.pairs = 2;
        b.param[1].c_end = 5.0;
        b.param.push(param("C"));
        let d = differences(&a, &b);
        assert!(
            d.contains(&"engine was \"engine\", now \"other\"".to_string()),
            "{d:?}"
        );
        assert!(d.contains(&"pairs was 1, now 2".to_string()), "{d:?}");
        assert!(
            d.contains(&"param \"B\" c_end was 4, now 5".to_string()),
            "{d:?}"
        );
        assert!(d.contains(&"param \"C\" is new".to_string()), "{d:?}");
        let d = differences(&b, &a);
        assert!(d.contains(&"param \"C\" is gone".to_string()), "{d:?}");
        let mut swapped = settings();
        swapped.param.swap(0, 1);
        assert!(differences(&a, &swapped)
            .iter()
            .any(|d| d == "param \"A\" position was 1, now 2"));
    }

    #[test]
    fn state_round_trips_and_restore_cuts_back() {
        let dir = std::env::temp_dir().join(format!("tune-state-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let run = RunDir::create(&dir).unwrap();
        assert_eq!(run.load().unwrap(), None);
        let history = run.append(HISTORY, b"header\nrow 0\n").unwrap();
        let state = State {
            progress: Progress {
                iteration: 3,
                planned: 10,
                games: 6,
                theta: vec![1.0 / 3.0, -2.5],
                history_bytes: history,
                games_bytes: 0,
            },
            settings: settings(),
        };
        run.save(&state).unwrap();
        assert_eq!(run.load().unwrap(), Some(state.clone()));
        // An interrupted iteration appended more, and left its PGN.
        run.append(HISTORY, b"row 4\n").unwrap();
        run.append(GAMES, b"[Event \"x\"]\n").unwrap();
        for i in [3, 4] {
            std::fs::write(run.iteration_pgn(i), "").unwrap();
        }
        run.restore(&state.progress, 10).unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.join(HISTORY)).unwrap(),
            "header\nrow 0\n"
        );
        assert_eq!(std::fs::read_to_string(dir.join(GAMES)).unwrap(), "");
        assert!(!run.iteration_pgn(3).exists() && run.iteration_pgn(4).exists());
        // Another length: the half-played iteration is played again.
        run.restore(&state.progress, 20).unwrap();
        assert!(!run.iteration_pgn(4).exists());
        std::fs::write(dir.join(super::STATE), "progress = 3").unwrap();
        let e = run.load().unwrap_err().to_string();
        assert!(e.contains("state.toml") && e.contains("--force-new"), "{e}");
        run.clear().unwrap();
        assert_eq!(run.load().unwrap(), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
