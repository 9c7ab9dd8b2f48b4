//! The output PGN: checked before anything else (its folder exists, it
//! is a regular file, no input of the run), moved aside on
//! `--force-new`, then opened for appending, so that each finished game is
//! added after the resumed ones.

use super::RunError;
use crate::plan::{MatchPlan, OpeningsSpec, Verbosity};
use std::fs::File;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use workbench::engine::command_line;
use workbench::pgn::reader::kind_of;

/// The files a run reads, each with what it is to the run: the book and
/// the engines' programs.
fn inputs(plan: &MatchPlan) -> Vec<(PathBuf, String)> {
    let mut inputs = Vec::new();
    if let OpeningsSpec::Book { path, .. } = &plan.openings {
        inputs.push((path.clone(), "the openings file".to_string()));
    }
    for player in &plan.players {
        // A command that does not split has no program to compare.
        let words = command_line::split(&player.invoke).unwrap_or_default();
        if let Some(program) = words.first() {
            let what = format!("the program of engine {:?}", player.name);
            inputs.push((PathBuf::from(program), what));
        }
    }
    inputs
}

/// Whether `a` and `b` name one file (links and other spellings included).
fn same_file(a: &std::fs::Metadata, b: &Path) -> bool {
    std::fs::metadata(b).is_ok_and(|b| (a.dev(), a.ino()) == (b.dev(), b.ino()))
}

/// Whether `path` is `/dev/null`: games written there are dropped on
/// purpose (a run for its report alone), and there is nothing to resume
/// or lock. It is the one file not regular that a run accepts.
pub fn discards(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|meta| same_file(&meta, Path::new("/dev/null")))
}

/// Refuses an output the run cannot use: in a folder that does not exist,
/// a device, FIFO or folder, or a file the run reads (`-pgnout` pointed at
/// the book appended games to it). Checked before the output is locked,
/// read or created, so a refused run changes nothing.
pub fn check(plan: &MatchPlan) -> Result<(), RunError> {
    let path = &plan.pgn_out;
    let refuse = |problem: String| RunError::PgnPlace {
        path: path.clone(),
        problem,
    };
    if discards(path) {
        return Ok(());
    }
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => return Err(refuse(format!("{} is not a directory", dir.display()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let dir = dir.display();
            return Err(refuse(format!("the directory {dir} does not exist")));
        }
        Err(e) => return Err(refuse(format!("{}: {e}", dir.display()))),
    }
    let Ok(meta) = std::fs::metadata(path) else {
        return Ok(()); // a new file: nothing else can be wrong with it
    };
    if !meta.is_file() {
        let kind = kind_of(meta.file_type());
        return Err(refuse(format!(
            "it is {kind}; games are written only to regular files"
        )));
    }
    if let Some((_, what)) = inputs(plan).iter().find(|(p, _)| same_file(&meta, p)) {
        return Err(refuse(format!(
            "it is {what}: the output may not be an input of the run"
        )));
    }
    Ok(())
}

/// `--force-new`: an existing PGN becomes `<pgn>.old`.
pub fn move_aside(plan: &MatchPlan) -> Result<(), RunError> {
    let path = &plan.pgn_out;
    if !path.exists() {
        return Ok(());
    }
    let mut old = path.clone().into_os_string();
    old.push(".old");
    let old = PathBuf::from(old);
    std::fs::rename(path, &old).map_err(|source| RunError::MoveAside {
        path: path.clone(),
        source,
    })?;
    if plan.verbosity != Verbosity::Silent {
        super::output::print_line(&format!(
            "Moved the games of {} to {}",
            path.display(),
            old.display()
        ));
    }
    Ok(())
}

/// The error of a failed write to the PGN.
pub fn write_error(plan: &MatchPlan, source: std::io::Error) -> RunError {
    RunError::Write {
        path: plan.pgn_out.clone(),
        source,
    }
}

/// The PGN, opened for appending.
pub fn open(plan: &MatchPlan) -> Result<File, RunError> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&plan.pgn_out)
        .map_err(|e| write_error(plan, e))
}
