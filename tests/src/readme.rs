//! Checking the commands the READMEs show against the workspace: the
//! rules are listed in `tests/readme_commands.rs`, which runs them, with
//! `tests/readme_examples.rs` running the examples found here on the
//! built binaries.

use std::collections::BTreeSet;
use std::fs;
use std::os::unix::fs::PermissionsExt;

use crate::cargo_cli::{Cargo, Package, Workspace};
use crate::markdown::{parse_markdown, sh_commands, Block};

/// The READMEs whose commands are checked.
pub const READMES: [&str; 4] = [
    "README.md",
    "autotester/README.md",
    "webgui/README.md",
    "tools/README.md",
];

/// A README example to run: its place, the binary and the arguments.
#[derive(Clone, Debug)]
pub struct Example {
    pub place: String,
    pub bin: String,
    pub args: Vec<String>,
}

/// Flags a README gives a binary, to be found in the binary's `--help`.
#[derive(Clone, Debug)]
pub struct FlagUse {
    pub place: String,
    pub bin: String,
    /// The arguments that print the help to search (`--help`,
    /// `run --help`, `-help`).
    pub help_args: Vec<String>,
    pub flags: Vec<String>,
}

#[derive(Debug, Default)]
pub struct Report {
    pub problems: Vec<String>,
    pub examples: Vec<Example>,
    pub flag_uses: Vec<FlagUse>,
}

/// `target/<dir>/<bin>` (optionally after `./`) as (dir, bin).
fn target_binary(word: &str) -> Option<(String, String)> {
    let path = word.strip_prefix("./").unwrap_or(word);
    let rest = path.strip_prefix("target/")?;
    let (dir, bin) = rest.split_once('/')?;
    if bin.is_empty() || bin.contains('/') || dir.is_empty() {
        return None;
    }
    Some((dir.to_string(), bin.to_string()))
}

/// `scripts/…` paths named in a command.
fn script_paths(words: &[&str]) -> Vec<String> {
    words
        .iter()
        .map(|w| w.strip_prefix("./").unwrap_or(w))
        .filter(|w| w.starts_with("scripts/"))
        .map(|w| w.trim_end_matches([',', '.', ';', ')']).to_string())
        .collect()
}

/// Long and short flags among synopsis words: `[--port 8080]` gives
/// `--port`, `-engine cmd=…` gives `-engine`; numbers are not flags.
pub fn flags_in(words: &[String]) -> Vec<String> {
    let mut flags = Vec::new();
    for word in words {
        for part in word.split('|') {
            let part = part.trim_start_matches('[').trim_end_matches([']', '.']);
            let name = part.split('=').next().unwrap_or("");
            let body = name.trim_start_matches('-');
            let dashes = name.len() - body.len();
            let valid = (1..=2).contains(&dashes)
                && body.starts_with(|c: char| c.is_ascii_lowercase())
                && body
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            if valid && !flags.contains(&name.to_string()) {
                flags.push(name.to_string());
            }
        }
    }
    flags
}

/// The help to search for a synopsis: a subcommand's own help when the
/// second word names one, the flag-mode help for single-dash flags.
fn help_args_for(words: &[String]) -> Vec<String> {
    match words.get(1).map(String::as_str) {
        Some(w) if w.starts_with("--") || w.starts_with('[') => vec!["--help".into()],
        Some(w) if w.starts_with('-') => vec!["-help".into()],
        Some(w) if w.chars().all(|c| c.is_ascii_lowercase()) => {
            vec![w.to_string(), "--help".into()]
        }
        _ => vec!["--help".into()],
    }
}

fn check_cargo(
    place: &str,
    words: &[&str],
    ws: &Workspace,
    in_sh_block: bool,
    report: &mut Report,
) -> Option<Cargo> {
    let parsed = Cargo::parse(words).and_then(|c| {
        let packages = c.selected(ws)?;
        Ok((c, packages))
    });
    let (cargo, packages) = match parsed {
        Ok(found) => found,
        Err(e) => {
            report.problems.push(format!("{place}: {e}"));
            return None;
        }
    };
    let fail =
        |report: &mut Report, problem: String| report.problems.push(format!("{place}: {problem}"));
    match cargo.subcommand.as_str() {
        "build" => {
            if let Err(e) = cargo.built_binaries(ws) {
                fail(report, e);
            }
        }
        "run" => check_run(place, &cargo, &packages, in_sh_block, report),
        "bench" => {
            let benches: Vec<&String> = packages.iter().flat_map(|p| &p.benches).collect();
            if benches.is_empty() {
                fail(report, "the packages selected have no benches".into());
            }
            for b in cargo.benches.iter().filter(|b| !benches.contains(b)) {
                fail(report, format!("--bench {b}: no such bench ({benches:?})"));
            }
        }
        "test" => {
            let tests: Vec<&String> = packages.iter().flat_map(|p| &p.tests).collect();
            for t in cargo.tests.iter().filter(|t| !tests.contains(t)) {
                fail(report, format!("--test {t}: no such test target"));
            }
        }
        _ => {}
    }
    Some(cargo)
}

/// `cargo run`: it must be able to tell which binary to run, and in a sh
/// block the flags after `--` are to be found in that binary's help.
fn check_run(
    place: &str,
    cargo: &Cargo,
    packages: &[&Package],
    in_sh_block: bool,
    report: &mut Report,
) {
    let bins: Vec<&String> = packages.iter().flat_map(|p| &p.bins).collect();
    let bin = match cargo.bins.as_slice() {
        [] if bins.len() == 1 => Ok(bins[0].clone()),
        [] => Err(format!(
            "cargo run cannot choose among the binaries {bins:?}"
        )),
        [b] if bins.contains(&b) => Ok(b.clone()),
        [b] => Err(format!("--bin {b}: not a binary of {bins:?}")),
        _ => Err("cargo run takes one --bin".to_string()),
    };
    let bin = match bin {
        Ok(bin) => bin,
        Err(problem) => {
            report.problems.push(format!("{place}: {problem}"));
            return;
        }
    };
    let flags = flags_in(&cargo.trailing);
    if in_sh_block && !flags.is_empty() {
        report.flag_uses.push(FlagUse {
            place: place.to_string(),
            bin,
            help_args: vec!["--help".into()],
            flags,
        });
    }
}

fn check_scripts(place: &str, words: &[&str], report: &mut Report) {
    for script in script_paths(words) {
        let path = crate::workspace_root().join(&script);
        match fs::metadata(&path) {
            Ok(m) if m.is_file() && m.permissions().mode() & 0o111 != 0 => {}
            Ok(_) => report
                .problems
                .push(format!("{place}: {script} is not an executable file")),
            Err(_) => report
                .problems
                .push(format!("{place}: {script} does not exist")),
        }
    }
}

/// Checks one README's commands; returns the problems found and the
/// examples and flags to try on the binaries.
pub fn check_readme(name: &str, text: &str, ws: &Workspace) -> Report {
    let mut report = Report::default();
    let (blocks, spans) = parse_markdown(text);
    // The nearest `cargo build` so far: its text and what it builds.
    let mut last_build: Option<Build> = None;
    for block in &blocks {
        match block.lang.as_str() {
            "sh" | "bash" | "shell" => {
                for (line, command) in sh_commands(block) {
                    let place = format!("{name}:{line}: `{command}`");
                    check_command(&place, &command, ws, &mut last_build, &mut report);
                }
            }
            "text" => check_synopsis(name, block, ws, &mut report),
            _ => {}
        }
    }
    for (line, span) in spans {
        let place = format!("{name}:{line}: `{span}`");
        check_span(&place, &span, ws, &mut report);
    }
    report
}

/// A `cargo build` command's text and the (profile directory, binary)
/// pairs it builds.
type Build = (String, BTreeSet<(String, String)>);

/// One command of a sh block: a cargo command (a build is remembered for
/// the binaries run after it), or a command that runs built binaries.
fn check_command(
    place: &str,
    command: &str,
    ws: &Workspace,
    last_build: &mut Option<Build>,
    report: &mut Report,
) {
    let words: Vec<&str> = command.split_whitespace().collect();
    check_scripts(place, &words, report);
    if words[0] == "cargo" {
        if let Some(cargo) = check_cargo(place, &words, ws, true, report) {
            if cargo.subcommand == "build" {
                let built = cargo.built_binaries(ws).unwrap_or_default();
                *last_build = Some((command.to_string(), built));
            }
        }
        return;
    }
    for word in &words {
        if let Some(problem) = unbuilt_binary(word, ws, last_build.as_ref()) {
            report.problems.push(format!("{place}: {problem}"));
        }
    }
    if let Some((_, bin)) = target_binary(words[0]) {
        let shell = ['|', '>', '<', ';', '&', '$', '`', '"', '\''];
        if ws.has_bin(&bin) && !command.contains(shell) {
            report.examples.push(Example {
                place: place.to_string(),
                bin,
                args: words[1..].iter().map(|w| w.to_string()).collect(),
            });
        }
    }
}

/// What is wrong with `word` if it is a `target/<profile>/<bin>` path: no
/// such binary, or the build before it does not make it.
fn unbuilt_binary(word: &str, ws: &Workspace, last_build: Option<&Build>) -> Option<String> {
    let (dir, bin) = target_binary(word)?;
    if !ws.has_bin(&bin) {
        return Some(format!("{word} is no binary of a workspace crate"));
    }
    match last_build {
        None => Some(format!("no `cargo build` before it builds {word}")),
        Some((build, built)) if !built.contains(&(dir, bin)) => Some(format!(
            "the build command before it, `{build}`, does not build {word}"
        )),
        Some(_) => None,
    }
}

/// Inline code in the prose: scripts must exist, cargo commands match
/// the workspace, binaries named be workspace binaries.
fn check_span(place: &str, span: &str, ws: &Workspace, report: &mut Report) {
    let words: Vec<&str> = span.split_whitespace().collect();
    if words.is_empty() {
        return;
    }
    check_scripts(place, &words, report);
    if words[0] == "cargo" && words.len() > 1 {
        check_cargo(place, &words, ws, false, report);
    }
    for word in &words {
        if let Some((_, bin)) = target_binary(word) {
            if !ws.has_bin(&bin) {
                report
                    .problems
                    .push(format!("{place}: {word} is no binary of a workspace crate"));
            }
        }
    }
}

/// A ```` ```text ```` block of synopses: each line that starts with a
/// workspace binary's name (indented lines and `\` continue it) gives
/// flags to look up in that binary's help.
fn check_synopsis(name: &str, block: &Block, ws: &Workspace, report: &mut Report) {
    let mut entries: Vec<(usize, Vec<String>)> = Vec::new();
    let mut continues = false;
    for (number, line) in &block.lines {
        let code = line.split(" #").next().unwrap_or("");
        let words: Vec<String> = code
            .split_whitespace()
            .filter(|w| *w != "\\")
            .map(String::from)
            .collect();
        let indented = line.starts_with(char::is_whitespace);
        if code.trim_start().starts_with('#') || words.is_empty() {
            continues = false;
            continue;
        }
        if ws.has_bin(&words[0]) && !indented {
            entries.push((*number, words));
        } else if (indented || continues) && !entries.is_empty() {
            entries.last_mut().expect("an entry").1.extend(words);
        }
        continues = code.trim_end().ends_with('\\');
    }
    for (line, words) in entries {
        let flags: Vec<String> = flags_in(&words[1..])
            .into_iter()
            .filter(|f| !matches!(f.as_str(), "-h" | "-help" | "--help"))
            .collect();
        if flags.is_empty() {
            continue;
        }
        report.flag_uses.push(FlagUse {
            place: format!("{name}:{line}: `{}`", words.join(" ")),
            bin: words[0].clone(),
            help_args: help_args_for(&words),
            flags,
        });
    }
}

pub fn load_reports() -> Vec<Report> {
    let ws = Workspace::load();
    READMES
        .iter()
        .map(|name| {
            let text = fs::read_to_string(crate::workspace_root().join(name)).expect(name);
            check_readme(name, &text, &ws)
        })
        .collect()
}

/// Whether `flag` appears in `help` as a whole word.
pub fn mentions(help: &str, flag: &str) -> bool {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    help.match_indices(flag).any(|(at, _)| {
        let before = help[..at].chars().next_back();
        let after = help[at + flag.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems_of(text: &str) -> Vec<String> {
        check_readme("example.md", text, &Workspace::load()).problems
    }

    #[test]
    fn a_plain_release_build_does_not_build_the_chess_engine() {
        // The default member is the web GUI: `cargo build --release` alone
        // leaves target/release/chess-engine unbuilt on a fresh clone.
        let problems =
            problems_of("```sh\ncargo build --release\ntarget/release/chess-engine\n```\n");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].contains("does not build target/release/chess-engine"),
            "{problems:?}"
        );
        for good in [
            "cargo build --release --workspace",
            "cargo build --release -p chess",
            "cargo build --release -p chess --bin chess-engine",
            "cargo build -r --all",
            "cargo build --profile release --package=chess",
        ] {
            let text = format!("```sh\n{good}\ntarget/release/chess-engine go perft 3\n```\n");
            assert!(
                problems_of(&text).is_empty(),
                "{good}: {:?}",
                problems_of(&text)
            );
        }
    }

    #[test]
    fn the_checks_catch_wrong_profiles_packages_benches_and_scripts() {
        let cases = [
            // Built in debug, run from release.
            "```sh\ncargo build --workspace\ntarget/release/chess-engine\n```\n",
            // The wrong package.
            "```sh\ncargo build --release -p chess\ntarget/release/autotester\n```\n",
            // The binary named as an argument must be built too.
            "```sh\ncargo build --release -p autotester\n\
             target/release/autotester ladder target/release/leiserchess-engine\n```\n",
            // No such binary, package, bench or script.
            "```sh\ncargo build --release --workspace\ntarget/release/stockfish\n```\n",
            "```sh\ncargo build --release -p nosuch\n```\n",
            "```sh\ncargo bench -p chess --bench nosuch\n```\n",
            "```sh\ncargo bench -p webgui\n```\n",
            "```sh\nscripts/nosuch\n```\n",
            "Run `scripts/nosuch` first.\n",
            // A flag the check does not know is reported, not guessed at.
            "```sh\ncargo build --release --target-dir elsewhere\n```\n",
            // No build at all before the binary.
            "```sh\ntarget/release/chess-engine\n```\n",
            // cargo run with several binaries to choose from.
            "```sh\ncargo run --release -p autotester\n```\n",
        ];
        for text in cases {
            assert!(!problems_of(text).is_empty(), "not caught:\n{text}");
        }
        let fine = "```sh\ncargo bench -p chess --bench movegen\nscripts/test  # all of it\n\
                    cargo run --release -- --port 8081\n```\nThen `cargo test -p autotester`.\n";
        assert!(problems_of(fine).is_empty(), "{:?}", problems_of(fine));
    }

    #[test]
    fn examples_and_flags_are_collected_for_the_binaries() {
        let text = "```sh\ncargo build --release --workspace\n\
                    target/release/chess-engine go perft 3\n\
                    target/release/chess-engine < moves.txt\n\
                    cargo run --release -- --port 8081\n```\n\
                    ```text\nautotester run [--pgn FILE] \\\n    [--seed N]\n```\n";
        let report = check_readme("example.md", text, &Workspace::load());
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        // The redirected one is not run: it needs a file and a shell.
        assert_eq!(report.examples.len(), 1, "{:?}", report.examples);
        assert_eq!(report.examples[0].args, ["go", "perft", "3"]);
        let uses: Vec<(&str, &[String])> = report
            .flag_uses
            .iter()
            .map(|u| (u.bin.as_str(), u.flags.as_slice()))
            .collect();
        assert_eq!(uses.len(), 2, "{uses:?}");
        assert_eq!(uses[0], ("webgui", &["--port".to_string()][..]));
        assert_eq!(uses[1].0, "autotester");
        assert_eq!(uses[1].1, ["--pgn", "--seed"]);
        assert_eq!(report.flag_uses[1].help_args, ["run", "--help"]);
    }

    #[test]
    fn synopsis_flags_and_help_words_are_read_as_written() {
        let words: Vec<String> = "[--host 127.0.0.1] [--tournament roundrobin|gauntlet] \
                                  -engine cmd=./new -5 [-each tc=10] ..."
            .split_whitespace()
            .map(String::from)
            .collect();
        assert_eq!(
            flags_in(&words),
            ["--host", "--tournament", "-engine", "-each"]
        );
        assert!(mentions("  --pgn <PGN>", "--pgn"));
        assert!(!mentions("  --pgnout FILE", "--pgn"));
    }
}
