//! What the tests of `texel label` and `texel rescore` share: a scratch
//! folder and a scripted stand-in for the judging engine.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// An empty folder of its own for test `name` of `suite`.
pub fn scratch(suite: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{suite}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// A UCI engine that says the side to move scores 0.8 (wdl 700 200 100)
/// in every position, after an earlier, weaker line and a bound.
pub fn stand_in_engine(dir: &Path) -> PathBuf {
    let path = dir.join("judge.sh");
    let script = r#"#!/bin/sh
while read -r line; do
  case "$line" in
    uci) echo "id name judge"; echo uciok ;;
    isready) echo readyok ;;
    go*) echo "info depth 1 score cp -50 wdl 100 100 800"
         echo "info depth 2 score cp 90 lowerbound"
         echo "info depth 2 score cp 80 wdl 700 200 100"
         echo "bestmove 0000" ;;
    quit) exit 0 ;;
  esac
done
"#;
    std::fs::write(&path, script).expect("script");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}
