//! One run per PGN: a run holds an exclusive `flock(2)` on `<pgn>.lock`
//! for its whole life, and a second run on the same PGN refuses, naming
//! the first (the lock file holds its process id and command line).
//! Without it, the same command started twice played and wrote every game
//! twice (issue 40, item 11).
//!
//! The kernel drops a `flock` when its holder dies, however it dies
//! (SIGKILL included), so a lock file left by a killed run is stale by
//! construction and is taken over: no process id needs checking, and a
//! reused one cannot block a run. The file is removed at the end while
//! still locked; a run that opened it just before is told by the file's
//! identity (device and inode) that it locked a removed file, and opens
//! it again.

use super::RunError;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::os::fd::AsRawFd;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// How often a run retries after locking a lock file that was removed
/// meanwhile: each retry needs another run to end in between.
const TRIES: usize = 5;

/// The most of the holder's description shown: a command line can be
/// long, and the lock file is written by anyone who can write there.
const HOLDER_CHARS: usize = 400;

/// The lock of a PGN, held until dropped.
#[derive(Debug)]
pub struct PgnLock {
    path: PathBuf,
    /// Open for as long as the lock is held: closing it unlocks.
    _file: File,
}

/// `<pgn>.lock`.
pub fn lock_path(pgn: &Path) -> PathBuf {
    let mut path = pgn.as_os_str().to_owned();
    path.push(".lock");
    PathBuf::from(path)
}

/// Whether `file` is still the file at `path` (not removed or replaced).
fn still_at(file: &File, path: &Path) -> std::io::Result<bool> {
    let open = file.metadata()?;
    Ok(match std::fs::metadata(path) {
        Ok(now) => (now.dev(), now.ino()) == (open.dev(), open.ino()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
        Err(e) => return Err(e),
    })
}

/// Tries the exclusive lock without waiting: `false` when another open
/// file (another run) holds it.
fn try_flock(file: &File) -> std::io::Result<bool> {
    // SAFETY: flock on a descriptor `file` owns; no memory is passed.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
        return Ok(true);
    }
    let e = std::io::Error::last_os_error();
    match e.raw_os_error() {
        Some(libc::EWOULDBLOCK) => Ok(false),
        _ => Err(e),
    }
}

/// Who holds the lock, as its lock file says.
fn holder(file: &mut File) -> String {
    let mut text = String::new();
    let _ = file.take(4 * HOLDER_CHARS as u64).read_to_string(&mut text);
    // Control characters would reach the terminal as they are: shown as spaces.
    let text: String = text
        .trim()
        .chars()
        .take(HOLDER_CHARS)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if text.is_empty() {
        // It locked the file but has not written it yet.
        "another autotester that is just starting".into()
    } else {
        text
    }
}

/// This process, as a second run is told of it.
fn describe_self() -> String {
    let command: Vec<String> = std::env::args().collect();
    format!("process {} ({})", std::process::id(), command.join(" "))
}

impl PgnLock {
    /// Locks `pgn` for this run, or says which run holds it.
    pub fn take(pgn: &Path) -> Result<PgnLock, RunError> {
        let path = lock_path(pgn);
        let io = |source| RunError::Lock {
            path: path.clone(),
            source,
        };
        for _ in 0..TRIES {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(io)?;
            if !try_flock(&file).map_err(io)? {
                return Err(RunError::Locked {
                    pgn: pgn.to_path_buf(),
                    lock: path.clone(),
                    holder: holder(&mut file),
                });
            }
            if !still_at(&file, &path).map_err(io)? {
                continue; // the last holder removed it as we opened it
            }
            file.set_len(0).map_err(io)?;
            file.rewind().map_err(io)?;
            writeln!(file, "{}", describe_self()).map_err(io)?;
            return Ok(PgnLock { path, _file: file });
        }
        Err(io(std::io::Error::other(
            "it was removed again and again as it was locked",
        )))
    }
}

impl Drop for PgnLock {
    /// Removes the lock file while still holding the lock (the file is
    /// closed after this), so no run can lock it in between and lose it.
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::{lock_path, PgnLock};
    use crate::runner::RunError;

    #[test]
    fn a_second_lock_is_refused_naming_the_first_and_a_stale_file_is_taken() {
        let dir = std::env::temp_dir().join(format!("autotester-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let pgn = dir.join("out.pgn");
        // A lock file that nobody holds (a killed run's) does not block.
        std::fs::write(lock_path(&pgn), "process 1 (a run killed long ago)\n").unwrap();
        let first = PgnLock::take(&pgn).unwrap();
        let text = std::fs::read_to_string(lock_path(&pgn)).unwrap();
        assert!(
            text.starts_with(&format!("process {} (", std::process::id())),
            "{text}"
        );
        match PgnLock::take(&pgn) {
            Err(RunError::Locked { holder, .. }) => assert_eq!(holder, text.trim()),
            other => panic!("{other:?}"),
        }
        drop(first);
        assert!(!lock_path(&pgn).exists());
        let again = PgnLock::take(&pgn).unwrap();
        drop(again);
        std::fs::remove_dir_all(&dir).ok();
    }
}
