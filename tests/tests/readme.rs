//! The commands the READMEs show work as typed on a fresh clone.
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

use std::collections::BTreeSet;
use std::fs;
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The READMEs whose commands are checked.
const READMES: [&str; 4] = [
    "README.md",
    "autotester/README.md",
    "webgui/README.md",
    "tools/README.md",
];

/// Longest a README example may run before it counts as hanging.
const RUN_TIMEOUT: Duration = Duration::from_secs(60);

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ sits in the workspace")
        .to_path_buf()
}

// ---- The workspace ----------------------------------------------------------

#[derive(Clone, Debug, Default)]
struct Package {
    name: String,
    bins: Vec<String>,
    benches: Vec<String>,
    tests: Vec<String>,
}

#[derive(Clone, Debug, Default)]
struct Workspace {
    packages: Vec<Package>,
    /// What a `cargo` command at the root selects without `-p`.
    default_members: Vec<String>,
}

impl Workspace {
    /// The workspace as `cargo metadata` sees it.
    fn load() -> Workspace {
        let output = Command::new(env!("CARGO"))
            .args(["metadata", "--format-version", "1", "--no-deps"])
            .current_dir(root())
            .output()
            .expect("run cargo metadata");
        assert!(
            output.status.success(),
            "cargo metadata: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let json: serde_json::Value =
            serde_json::from_slice(&output.stdout).expect("cargo metadata prints JSON");
        let mut packages = Vec::new();
        let mut ids = Vec::new();
        for p in json["packages"].as_array().expect("packages") {
            let mut package = Package {
                name: p["name"].as_str().expect("name").to_string(),
                ..Package::default()
            };
            for t in p["targets"].as_array().expect("targets") {
                let name = t["name"].as_str().expect("target name").to_string();
                let kinds = t["kind"].as_array().expect("target kind");
                for kind in kinds.iter().filter_map(|k| k.as_str()) {
                    match kind {
                        "bin" => package.bins.push(name.clone()),
                        "bench" => package.benches.push(name.clone()),
                        "test" => package.tests.push(name.clone()),
                        _ => {}
                    }
                }
            }
            ids.push((
                p["id"].as_str().expect("id").to_string(),
                package.name.clone(),
            ));
            packages.push(package);
        }
        let default_members = json["workspace_default_members"]
            .as_array()
            .expect("workspace_default_members (cargo 1.71 or later)")
            .iter()
            .filter_map(|id| {
                let id = id.as_str()?;
                ids.iter().find(|(i, _)| i == id).map(|(_, n)| n.clone())
            })
            .collect();
        Workspace {
            packages,
            default_members,
        }
    }

    fn package(&self, name: &str) -> Option<&Package> {
        self.packages.iter().find(|p| p.name == name)
    }

    fn has_bin(&self, bin: &str) -> bool {
        self.packages
            .iter()
            .any(|p| p.bins.iter().any(|b| b == bin))
    }
}

// ---- Markdown ---------------------------------------------------------------

/// A fenced code block: its language and its lines with their numbers.
struct Block {
    lang: String,
    lines: Vec<(usize, String)>,
}

/// The fenced blocks of a Markdown text, and its inline code spans outside
/// them (with the line each starts on; a span may cross a line break).
fn parse_markdown(text: &str) -> (Vec<Block>, Vec<(usize, String)>) {
    let mut blocks = Vec::new();
    let mut spans = Vec::new();
    let mut open: Option<Block> = None;
    let mut prose = String::new();
    let mut prose_lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        if let Some(rest) = line.trim_start().strip_prefix("```") {
            match open.take() {
                Some(block) => blocks.push(block),
                None => {
                    open = Some(Block {
                        lang: rest.trim().to_string(),
                        lines: Vec::new(),
                    })
                }
            }
            // A fence ends a paragraph.
            prose.push('\n');
            prose_lines.push(number);
            continue;
        }
        match open.as_mut() {
            Some(block) => block.lines.push((number, line.to_string())),
            None => {
                // Indented code (four spaces) holds no spans.
                if !line.starts_with("    ") {
                    prose.push_str(line);
                }
                prose.push('\n');
                prose_lines.push(number);
            }
        }
    }
    // Inline code: text between single backticks, within one paragraph.
    let mut line_of_byte = Vec::with_capacity(prose.len());
    let mut line = 0;
    for b in prose.bytes() {
        line_of_byte.push(prose_lines.get(line).copied().unwrap_or(0));
        if b == b'\n' {
            line += 1;
        }
    }
    let mut rest = prose.as_str();
    let mut offset = 0;
    while let Some(start) = rest.find('`') {
        let after = &rest[start + 1..];
        let Some(len) = after.find('`') else { break };
        let span = &after[..len];
        if !span.contains("\n\n") {
            let flat = span.split_whitespace().collect::<Vec<_>>().join(" ");
            spans.push((line_of_byte[offset + start], flat));
        }
        let consumed = start + 1 + len + 1;
        offset += consumed;
        rest = &rest[consumed..];
    }
    (blocks, spans)
}

/// The commands of a sh block: continuation lines joined, comments and
/// blank lines dropped; each with the line it starts on.
fn sh_commands(block: &Block) -> Vec<(usize, String)> {
    let mut commands = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (number, line) in &block.lines {
        let code = match line.find(" #") {
            Some(at) => &line[..at],
            None if line.trim_start().starts_with('#') => "",
            None => line.as_str(),
        };
        let code = code.trim();
        let (text, goes_on) = match code.strip_suffix('\\') {
            Some(t) => (t.trim(), true),
            None => (code, false),
        };
        let (start, mut joined) = current.take().unwrap_or((*number, String::new()));
        if !text.is_empty() {
            if !joined.is_empty() {
                joined.push(' ');
            }
            joined.push_str(text);
        }
        if goes_on {
            current = Some((start, joined));
        } else if !joined.is_empty() {
            commands.push((start, joined));
        }
    }
    commands.extend(current);
    commands
}

// ---- Cargo commands ---------------------------------------------------------

/// A `cargo` command line as cargo would read it.
#[derive(Debug, Default)]
struct Cargo {
    subcommand: String,
    packages: Vec<String>,
    workspace: bool,
    excludes: Vec<String>,
    bins: Vec<String>,
    all_bins: bool,
    /// `--lib`, `--tests`, `--example` and the like, without `--bin(s)`:
    /// then `cargo build` builds no binary.
    other_targets: bool,
    benches: Vec<String>,
    tests: Vec<String>,
    release: bool,
    profile: Option<String>,
    /// Arguments after `--` (for the program `cargo run` starts).
    trailing: Vec<String>,
}

const CARGO_VALUE_FLAGS: [&str; 14] = [
    "-p",
    "--package",
    "--bin",
    "--bench",
    "--test",
    "--example",
    "--exclude",
    "--profile",
    "--features",
    "-F",
    "-j",
    "--jobs",
    "--message-format",
    "--color",
];

const CARGO_SWITCHES: [&str; 22] = [
    "--release",
    "-r",
    "--workspace",
    "--all",
    "--bins",
    "--lib",
    "--all-targets",
    "--tests",
    "--benches",
    "--examples",
    "-q",
    "--quiet",
    "-v",
    "--verbose",
    "--locked",
    "--offline",
    "--frozen",
    "--all-features",
    "--no-default-features",
    "--keep-going",
    "--no-run",
    "--no-fail-fast",
];

impl Cargo {
    /// Reads `cargo <subcommand> <flags…>`; unknown flags are errors, so
    /// that the checks never misread a command.
    fn parse(words: &[&str]) -> Result<Cargo, String> {
        let mut c = Cargo {
            subcommand: words.get(1).ok_or("`cargo` alone")?.to_string(),
            ..Cargo::default()
        };
        let mut i = 2;
        while i < words.len() {
            let word = words[i];
            i += 1;
            if word == "--" {
                c.trailing = words[i..].iter().map(|w| w.to_string()).collect();
                break;
            }
            let (flag, inline_value) = match word.split_once('=') {
                Some((f, v)) if f.starts_with('-') => (f, Some(v.to_string())),
                _ => (word, None),
            };
            if CARGO_VALUE_FLAGS.contains(&flag) {
                let value = match inline_value {
                    Some(v) => v,
                    None => {
                        i += 1;
                        words
                            .get(i - 1)
                            .ok_or(format!("{flag} needs a value"))?
                            .to_string()
                    }
                };
                match flag {
                    "-p" | "--package" => c.packages.push(value),
                    "--bin" => c.bins.push(value),
                    "--bench" => c.benches.push(value),
                    "--test" => c.tests.push(value),
                    "--example" => c.other_targets = true,
                    "--exclude" => c.excludes.push(value),
                    "--profile" => c.profile = Some(value),
                    _ => {}
                }
            } else if CARGO_SWITCHES.contains(&flag) {
                match flag {
                    "--release" | "-r" => c.release = true,
                    "--workspace" | "--all" => c.workspace = true,
                    "--bins" | "--all-targets" => c.all_bins = true,
                    "--lib" | "--tests" | "--benches" | "--examples" => c.other_targets = true,
                    _ => {}
                }
            } else if flag.starts_with('-') {
                return Err(format!("unknown cargo flag {flag}"));
            } else if c.subcommand == "build" {
                return Err(format!("unexpected argument {word}"));
            }
            // Other positional words are test name filters.
        }
        if !c.benches.is_empty() || !c.tests.is_empty() {
            c.other_targets = true;
        }
        Ok(c)
    }

    /// The directory under `target/` this command builds into.
    fn profile_dir(&self) -> String {
        match (self.profile.as_deref(), self.release) {
            (Some("dev") | Some("test"), _) => "debug".to_string(),
            (Some("bench"), _) => "release".to_string(),
            (Some(p), _) => p.to_string(),
            (None, true) => "release".to_string(),
            (None, false) if self.subcommand == "bench" => "release".to_string(),
            (None, false) => "debug".to_string(),
        }
    }

    /// The packages selected, as cargo selects them at the workspace root.
    fn selected<'w>(&self, ws: &'w Workspace) -> Result<Vec<&'w Package>, String> {
        if self.workspace {
            return Ok(ws
                .packages
                .iter()
                .filter(|p| !self.excludes.contains(&p.name))
                .collect());
        }
        let names = if self.packages.is_empty() {
            &ws.default_members
        } else {
            &self.packages
        };
        names
            .iter()
            .map(|n| {
                ws.package(n)
                    .ok_or(format!("-p {n}: no such workspace package"))
            })
            .collect()
    }

    /// The binaries a `cargo build` makes, as (profile directory, name).
    fn built_binaries(&self, ws: &Workspace) -> Result<BTreeSet<(String, String)>, String> {
        let packages = self.selected(ws)?;
        let all: Vec<&String> = packages.iter().flat_map(|p| &p.bins).collect();
        for bin in &self.bins {
            if !all.contains(&bin) {
                return Err(format!("--bin {bin}: no such binary in the packages built"));
            }
        }
        let names: Vec<String> = if !self.bins.is_empty() {
            self.bins.clone()
        } else if self.all_bins || !self.other_targets {
            all.into_iter().cloned().collect()
        } else {
            Vec::new()
        };
        let dir = self.profile_dir();
        Ok(names.into_iter().map(|n| (dir.clone(), n)).collect())
    }
}

// ---- Checking a README ------------------------------------------------------

/// A README example to run: its place, the binary and the arguments.
#[derive(Clone, Debug)]
struct Example {
    place: String,
    bin: String,
    args: Vec<String>,
}

/// Flags a README gives a binary, to be found in the binary's `--help`.
#[derive(Clone, Debug)]
struct FlagUse {
    place: String,
    bin: String,
    /// The arguments that print the help to search (`--help`,
    /// `run --help`, `-help`).
    help_args: Vec<String>,
    flags: Vec<String>,
}

#[derive(Debug, Default)]
struct Report {
    problems: Vec<String>,
    examples: Vec<Example>,
    flag_uses: Vec<FlagUse>,
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
fn flags_in(words: &[String]) -> Vec<String> {
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
    let cargo = match Cargo::parse(words) {
        Ok(c) => c,
        Err(e) => {
            report.problems.push(format!("{place}: {e}"));
            return None;
        }
    };
    let packages = match cargo.selected(ws) {
        Ok(p) => p,
        Err(e) => {
            report.problems.push(format!("{place}: {e}"));
            return None;
        }
    };
    match cargo.subcommand.as_str() {
        "build" => {
            if let Err(e) = cargo.built_binaries(ws) {
                report.problems.push(format!("{place}: {e}"));
            }
        }
        "run" => {
            let bins: Vec<&String> = packages.iter().flat_map(|p| &p.bins).collect();
            let bin = match cargo.bins.as_slice() {
                [] if bins.len() == 1 => Some(bins[0].clone()),
                [] => {
                    report.problems.push(format!(
                        "{place}: cargo run cannot choose among the binaries {bins:?}"
                    ));
                    None
                }
                [b] if bins.contains(&b) => Some(b.clone()),
                [b] => {
                    report
                        .problems
                        .push(format!("{place}: --bin {b}: not a binary of {bins:?}"));
                    None
                }
                _ => {
                    report
                        .problems
                        .push(format!("{place}: cargo run takes one --bin"));
                    None
                }
            };
            if let Some(bin) = bin {
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
        }
        "bench" => {
            let benches: Vec<&String> = packages.iter().flat_map(|p| &p.benches).collect();
            if benches.is_empty() {
                report
                    .problems
                    .push(format!("{place}: the packages selected have no benches"));
            }
            for b in &cargo.benches {
                if !benches.contains(&b) {
                    report
                        .problems
                        .push(format!("{place}: --bench {b}: no such bench ({benches:?})"));
                }
            }
        }
        "test" => {
            let tests: Vec<&String> = packages.iter().flat_map(|p| &p.tests).collect();
            for t in &cargo.tests {
                if !tests.contains(&t) {
                    report
                        .problems
                        .push(format!("{place}: --test {t}: no such test target"));
                }
            }
        }
        _ => {}
    }
    Some(cargo)
}

fn check_scripts(place: &str, words: &[&str], report: &mut Report) {
    for script in script_paths(words) {
        let path = root().join(&script);
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
fn check_readme(name: &str, text: &str, ws: &Workspace) -> Report {
    let mut report = Report::default();
    let (blocks, spans) = parse_markdown(text);
    // The nearest `cargo build` so far: its text and what it builds.
    let mut last_build: Option<(String, BTreeSet<(String, String)>)> = None;
    for block in &blocks {
        match block.lang.as_str() {
            "sh" | "bash" | "shell" => {}
            "text" => {
                check_synopsis(name, block, ws, &mut report);
                continue;
            }
            _ => continue,
        }
        for (line, command) in sh_commands(block) {
            let place = format!("{name}:{line}: `{command}`");
            let words: Vec<&str> = command.split_whitespace().collect();
            check_scripts(&place, &words, &mut report);
            if words[0] == "cargo" {
                if let Some(cargo) = check_cargo(&place, &words, ws, true, &mut report) {
                    if cargo.subcommand == "build" {
                        let built = cargo.built_binaries(ws).unwrap_or_default();
                        last_build = Some((command.clone(), built));
                    }
                }
                continue;
            }
            for word in &words {
                let Some((dir, bin)) = target_binary(word) else {
                    continue;
                };
                if !ws.has_bin(&bin) {
                    report
                        .problems
                        .push(format!("{place}: {word} is no binary of a workspace crate"));
                    continue;
                }
                match &last_build {
                    None => report
                        .problems
                        .push(format!("{place}: no `cargo build` before it builds {word}")),
                    Some((build, built)) if !built.contains(&(dir.clone(), bin.clone())) => {
                        report.problems.push(format!(
                            "{place}: the build command before it, `{build}`, \
                             does not build {word}"
                        ))
                    }
                    Some(_) => {}
                }
            }
            if let Some((_, bin)) = target_binary(words[0]) {
                let shell = ['|', '>', '<', ';', '&', '$', '`', '"', '\''];
                if ws.has_bin(&bin) && !command.contains(shell) {
                    report.examples.push(Example {
                        place: place.clone(),
                        bin,
                        args: words[1..].iter().map(|w| w.to_string()).collect(),
                    });
                }
            }
        }
    }
    for (line, span) in spans {
        let place = format!("{name}:{line}: `{span}`");
        let words: Vec<&str> = span.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        check_scripts(&place, &words, &mut report);
        if words[0] == "cargo" && words.len() > 1 {
            check_cargo(&place, &words, ws, false, &mut report);
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
    report
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

fn load_reports() -> Vec<Report> {
    let ws = Workspace::load();
    READMES
        .iter()
        .map(|name| {
            let text = fs::read_to_string(root().join(name)).expect(name);
            check_readme(name, &text, &ws)
        })
        .collect()
}

// ---- Running the binaries ---------------------------------------------------

/// A fresh empty directory for one example.
fn scratch_dir() -> PathBuf {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("readme")
        .join(format!("{}-{n}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("create a scratch directory");
    dir
}

struct Finished {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `bin args` in `dir` with no input; `None` if it outlives `limit`.
fn run_in(dir: &Path, bin: &str, args: &[String], limit: Duration) -> Option<Finished> {
    let out_path = dir.join(".stdout");
    let err_path = dir.join(".stderr");
    let mut child = Command::new(workspace_tests::binary(bin))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(fs::File::create(&out_path).expect("stdout file"))
        .stderr(fs::File::create(&err_path).expect("stderr file"))
        .spawn()
        .unwrap_or_else(|e| panic!("start {bin}: {e}"));
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the example") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let read = |p: &Path| {
        let mut s = String::new();
        fs::File::open(p)
            .and_then(|mut f| f.read_to_string(&mut s))
            .expect("read the output");
        s
    };
    Some(Finished {
        code: status.code(),
        stdout: read(&out_path),
        stderr: read(&err_path),
    })
}

/// What is wrong with an example's run, if anything.
fn judge(example: &Example, finished: Option<Finished>) -> Option<String> {
    let place = &example.place;
    let Some(f) = finished else {
        return Some(format!("{place}: still running after {RUN_TIMEOUT:?}"));
    };
    if f.stdout.contains("info string error") {
        return Some(format!("{place}: the engine rejected it:\n{}", f.stdout));
    }
    match f.code {
        Some(0) => None,
        // Files the README asks the user to write or build (a config, a
        // PGN, an engine) are missing from the empty directory: the
        // arguments were understood.
        Some(code) if code != 2 && f.stderr.contains("No such file") => None,
        code => Some(format!(
            "{place}: exit {code:?}\nstdout:\n{}\nstderr:\n{}",
            f.stdout, f.stderr
        )),
    }
}

/// Whether `flag` appears in `help` as a whole word.
fn mentions(help: &str, flag: &str) -> bool {
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    help.match_indices(flag).any(|(at, _)| {
        let before = help[..at].chars().next_back();
        let after = help[at + flag.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}

// ---- Tests ------------------------------------------------------------------

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
}

#[test]
fn readme_examples_are_accepted_by_the_binaries() {
    let reports = load_reports();
    let mut failures = Vec::new();
    for example in reports.iter().flat_map(|r| &r.examples) {
        let dir = scratch_dir();
        let finished = run_in(&dir, &example.bin, &example.args, RUN_TIMEOUT);
        failures.extend(judge(example, finished));
        let _ = fs::remove_dir_all(&dir);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn readme_flags_are_in_the_binaries_help() {
    let reports = load_reports();
    let uses: Vec<&FlagUse> = reports.iter().flat_map(|r| &r.flag_uses).collect();
    assert!(
        uses.iter().any(|u| u.bin == "webgui") && uses.iter().any(|u| u.bin == "autotester"),
        "{uses:?}"
    );
    let mut failures = Vec::new();
    for u in uses {
        let dir = scratch_dir();
        let help = run_in(&dir, &u.bin, &u.help_args, RUN_TIMEOUT);
        let _ = fs::remove_dir_all(&dir);
        let Some(help) = help.filter(|h| h.code == Some(0)) else {
            failures.push(format!("{}: `{} {:?}` failed", u.place, u.bin, u.help_args));
            continue;
        };
        let text = help.stdout + &help.stderr;
        for flag in &u.flags {
            if !mentions(&text, flag) {
                failures.push(format!(
                    "{}: {flag} is not in `{} {}`",
                    u.place,
                    u.bin,
                    u.help_args.join(" ")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---- The checks themselves, on made-up READMEs ------------------------------

fn problems_of(text: &str) -> Vec<String> {
    check_readme("example.md", text, &Workspace::load()).problems
}

#[test]
fn a_plain_release_build_does_not_build_the_chess_engine() {
    // The default member is the web GUI: `cargo build --release` alone
    // leaves target/release/chess-engine unbuilt on a fresh clone.
    let problems = problems_of("```sh\ncargo build --release\ntarget/release/chess-engine\n```\n");
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
    ];
    for text in cases {
        assert!(!problems_of(text).is_empty(), "not caught:\n{text}");
    }
    let fine = "```sh\ncargo bench -p chess --bench movegen\nscripts/test  # all of it\n\
                cargo run --release -- --port 8081\n```\nThen `cargo test -p autotester`.\n";
    assert!(problems_of(fine).is_empty(), "{:?}", problems_of(fine));
}

#[test]
fn commands_are_read_like_a_shell_would() {
    let (blocks, spans) = parse_markdown(
        "Build with `cargo build\n--release`.\n\n```sh\n# a comment\n\
         a one \\\n  two   # note\nb\n```\n\n```text\nwebgui [--port 8080]\n```\n",
    );
    assert_eq!(spans, [(1, "cargo build --release".to_string())]);
    assert_eq!(blocks.len(), 2);
    assert_eq!(
        sh_commands(&blocks[0]),
        [(6, "a one two".to_string()), (8, "b".to_string())]
    );
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
