//! What the integration tests share: the binaries under test, a scratch
//! folder and output as text. (Each test file uses a part of it.)
#![allow(dead_code)]

pub mod matches;

use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::{Command, Output};

/// The mock engine (`src/bin/mock-engine.rs`).
pub const MOCK: &str = env!("CARGO_BIN_EXE_mock-engine");

/// Runs the autotester with `args` and waits for it.
pub fn autotester<S: AsRef<OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_autotester"))
        .args(args)
        .output()
        .expect("run autotester")
}

/// A fresh, empty folder for test `name` of suite `suite`.
pub fn scratch(suite: &str, name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("autotester-{suite}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// A process's output, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
