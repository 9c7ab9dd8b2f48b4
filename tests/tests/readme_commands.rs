//! The commands the READMEs show work as typed on a fresh clone. This
//! file checks them against the workspace without running anything but
//! `cargo metadata`; `readme_examples.rs` runs the examples on the built
//! binaries. The parsing and checking live in the library
//! (`workspace_tests::{markdown, cargo_cli, readme}`), with their own
//! unit tests on made-up READMEs.
//!
//! Commands come from the ```` ```sh ```` blocks of `README.md`,
//! `autotester/README.md`, `webgui/README.md` and `tools/README.md` (a line ending in `\`
//! goes on, `#` starts a comment), and from inline code that starts with
//! `cargo ` or names `scripts/` or `target/`. They are checked against the
//! workspace as `cargo metadata` describes it:
//!
//! - `cargo build` flags are parsed (`--workspace`, `-p`, `--bin`,
//!   `--release`, `--profile`); every `target/<profile>/<bin>` in a sh
//!   block must be a binary of a workspace crate, and the nearest `cargo
//!   build` before it in the same file must build that binary in that
//!   profile (a plain `cargo build` builds only the default members);
//! - `cargo run`, `cargo bench` and `cargo test` name real packages,
//!   binaries, benches and test targets;
//! - every `scripts/…` path exists and is executable;
//! - every `target/release/<bin> args` of a sh block is run, as the `ci`
//!   binary with the same arguments, in an empty directory: it must
//!   succeed, or fail only for want of a file the README asks the user to
//!   provide (a config, a PGN, an engine build), never with a usage error;
//! - flags given to `cargo run -- …` and the flags of the synopses in
//!   ```` ```text ```` blocks must appear in the binary's own `--help`.

use workspace_tests::readme::{load_reports, Example};

#[test]
fn readme_commands_match_the_workspace() {
    let reports = load_reports();
    let problems: Vec<&String> = reports.iter().flat_map(|r| &r.problems).collect();
    assert!(
        problems.is_empty(),
        "README commands that fail as typed:\n{}",
        problems
            .iter()
            .map(|p| p.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    // The checks saw what they are meant to see.
    let examples: Vec<&Example> = reports.iter().flat_map(|r| &r.examples).collect();
    for bin in ["chess-engine", "leiserchess-engine", "autotester"] {
        assert!(
            examples.iter().any(|e| e.bin == bin),
            "no README example runs {bin}: {examples:?}"
        );
    }
    let uses = reports.iter().flat_map(|r| &r.flag_uses);
    assert!(
        uses.clone().any(|u| u.bin == "webgui") && uses.clone().any(|u| u.bin == "autotester"),
        "no README flags for webgui or autotester"
    );
}
