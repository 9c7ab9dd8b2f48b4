//! Making the memory of freed engine tables go back to the system.
//!
//! An engine's transposition table is one large allocation (1 MB and up).
//! glibc's malloc gives an allocation above its mmap threshold (128 KiB at
//! start) a mapping of its own, unmapped when freed; but when such a block
//! is freed it raises the threshold to that block's size (up to 32 MiB),
//! so later tables of the same size come from its arenas instead, and
//! freeing them mostly leaves the memory with the process. Measured with
//! 16 MB tables: after deleting 100 games, 17 MB resident the first time,
//! 752 MB the second, 1233 MB the third.
//!
//! Fixing the threshold with the `glibc.malloc.mmap_threshold` tunable
//! turns that adjustment off, so every table is mapped and unmapped on its
//! own. Tunables are read when a process starts, so `main` re-executes the
//! program once with the tunable added to `GLIBC_TUNABLES` (the process id
//! stays the same). No unsafe code and no libc call.

use std::ffi::OsString;
use std::process::Command;

/// The environment variable glibc reads its tunables from.
const TUNABLES_VAR: &str = "GLIBC_TUNABLES";
const MMAP_THRESHOLD: &str = "glibc.malloc.mmap_threshold";
/// Allocations from this size on get their own mapping: every table (at
/// least 1 MiB), few other allocations (request bodies are at most 256 KiB).
const MMAP_THRESHOLD_BYTES: usize = 1 << 20;
/// Set in the re-executed process to the `GLIBC_TUNABLES` it was given
/// (empty when none), so that it does not re-execute again and child
/// processes (an external engine) get the environment we were given.
const INHERITED_VAR: &str = "WEBGUI_INHERITED_GLIBC_TUNABLES";

/// Re-executes the program with a fixed mmap threshold, unless that was
/// done already or the person chose a threshold. Returns only when it does
/// not re-execute (then freed tables may stay with the process; a warning
/// says why if `exec` failed). Call it first thing in `main`, before any
/// thread starts.
pub fn reexec_with_fixed_mmap_threshold() {
    if !cfg!(all(target_os = "linux", target_env = "gnu")) {
        return;
    }
    let inherited = std::env::var_os(TUNABLES_VAR);
    let chosen = inherited
        .as_ref()
        .is_some_and(|v| v.to_string_lossy().contains(MMAP_THRESHOLD));
    if chosen || std::env::var_os(INHERITED_VAR).is_some() {
        return;
    }
    let Ok(exe) = std::env::current_exe() else {
        return;
    };
    let mut tunables = OsString::new();
    if let Some(v) = inherited.as_ref().filter(|v| !v.is_empty()) {
        tunables.push(v);
        tunables.push(":");
    }
    tunables.push(format!("{MMAP_THRESHOLD}={MMAP_THRESHOLD_BYTES}"));
    let mut args = std::env::args_os();
    let mut command = Command::new(exe);
    if let Some(name) = args.next() {
        set_arg0(&mut command, name);
    }
    command
        .args(args)
        .env(TUNABLES_VAR, tunables)
        .env(INHERITED_VAR, inherited.unwrap_or_default());
    let error = exec(&mut command);
    eprintln!(
        "webgui: could not restart with {MMAP_THRESHOLD} set ({error}); \
         memory of ended games may stay with the process"
    );
}

#[cfg(unix)]
fn set_arg0(command: &mut Command, name: OsString) {
    use std::os::unix::process::CommandExt;
    command.arg0(name);
}

#[cfg(unix)]
fn exec(command: &mut Command) -> std::io::Error {
    use std::os::unix::process::CommandExt;
    command.exec()
}

#[cfg(not(unix))]
fn set_arg0(_: &mut Command, _: OsString) {}

#[cfg(not(unix))]
fn exec(_: &mut Command) -> std::io::Error {
    std::io::Error::from(std::io::ErrorKind::Unsupported)
}

/// Gives a child process (an external engine) the `GLIBC_TUNABLES` this
/// program was started with, not the one it re-executed itself with.
pub fn restore_inherited_env(command: &mut Command) {
    if let Some(inherited) = std::env::var_os(INHERITED_VAR) {
        command.env_remove(INHERITED_VAR);
        if inherited.is_empty() {
            command.env_remove(TUNABLES_VAR);
        } else {
            command.env(TUNABLES_VAR, inherited);
        }
    }
}
