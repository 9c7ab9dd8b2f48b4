//! The workspace as cargo describes it, and `cargo` command lines read as
//! cargo reads them: which packages, binaries, benches and test targets a
//! command selects, and into which `target/` directory it builds. The
//! README checks (`readme`) hold the READMEs' commands against these.
//!
//! `Workspace::load` asks `cargo metadata` (no build): the crates' targets
//! are the truth a README's commands must match, and reading the
//! manifests by hand would be a second, poorer cargo.

use std::collections::BTreeSet;
use std::process::Command;

#[derive(Clone, Debug, Default)]
pub struct Package {
    pub name: String,
    pub bins: Vec<String>,
    pub benches: Vec<String>,
    pub tests: Vec<String>,
}

#[derive(Clone, Debug, Default)]
pub struct Workspace {
    pub packages: Vec<Package>,
    /// What a `cargo` command at the root selects without `-p`.
    pub default_members: Vec<String>,
}

impl Workspace {
    /// The workspace as `cargo metadata` sees it.
    pub fn load() -> Workspace {
        let output = Command::new(env!("CARGO"))
            .args(["metadata", "--format-version", "1", "--no-deps"])
            .current_dir(crate::workspace_root())
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

    pub fn package(&self, name: &str) -> Option<&Package> {
        self.packages.iter().find(|p| p.name == name)
    }

    pub fn has_bin(&self, bin: &str) -> bool {
        self.packages
            .iter()
            .any(|p| p.bins.iter().any(|b| b == bin))
    }
}

/// A `cargo` command line as cargo would read it.
#[derive(Debug, Default)]
pub struct Cargo {
    pub subcommand: String,
    pub packages: Vec<String>,
    pub workspace: bool,
    pub excludes: Vec<String>,
    pub bins: Vec<String>,
    pub all_bins: bool,
    /// `--lib`, `--tests`, `--example` and the like, without `--bin(s)`:
    /// then `cargo build` builds no binary.
    pub other_targets: bool,
    pub benches: Vec<String>,
    pub tests: Vec<String>,
    pub release: bool,
    pub profile: Option<String>,
    /// Arguments after `--` (for the program `cargo run` starts).
    pub trailing: Vec<String>,
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
    pub fn parse(words: &[&str]) -> Result<Cargo, String> {
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
    pub fn profile_dir(&self) -> String {
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
    pub fn selected<'w>(&self, ws: &'w Workspace) -> Result<Vec<&'w Package>, String> {
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
    pub fn built_binaries(&self, ws: &Workspace) -> Result<BTreeSet<(String, String)>, String> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Cargo, String> {
        Cargo::parse(&line.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn flags_values_and_profiles_are_read_as_cargo_reads_them() {
        let c = parse("cargo build --profile=ci -p chess --bin chess-engine").expect("parses");
        assert_eq!(c.subcommand, "build");
        assert_eq!(c.packages, ["chess"]);
        assert_eq!(c.bins, ["chess-engine"]);
        assert_eq!(c.profile_dir(), "ci");
        assert_eq!(
            parse("cargo bench").expect("parses").profile_dir(),
            "release"
        );
        assert_eq!(
            parse("cargo build -r").expect("parses").profile_dir(),
            "release"
        );
        assert_eq!(
            parse("cargo build --profile dev")
                .expect("parses")
                .profile_dir(),
            "debug"
        );
        let run = parse("cargo run --release -- --port 8081").expect("parses");
        assert_eq!(run.trailing, ["--port", "8081"]);
        assert!(parse("cargo build --target-dir x").is_err());
        assert!(parse("cargo build stray").is_err());
        assert!(parse("cargo").is_err());
    }

    #[test]
    fn the_binaries_built_follow_the_packages_and_targets_selected() {
        let package = |name: &str, bins: &[&str]| Package {
            name: name.into(),
            bins: bins.iter().map(|b| b.to_string()).collect(),
            ..Package::default()
        };
        let ws = Workspace {
            packages: vec![
                package("webgui", &["webgui"]),
                package("chess", &["chess-engine"]),
            ],
            default_members: vec!["webgui".into()],
        };
        let built = |line: &str| parse(line).expect("parses").built_binaries(&ws);
        let names = |line: &str| -> Vec<String> {
            built(line)
                .expect("builds")
                .into_iter()
                .map(|(_, b)| b)
                .collect()
        };
        assert_eq!(names("cargo build --release"), ["webgui"]);
        assert_eq!(names("cargo build --workspace"), ["chess-engine", "webgui"]);
        assert_eq!(names("cargo build --workspace --exclude chess"), ["webgui"]);
        assert!(names("cargo build -p chess --lib").is_empty());
        assert!(built("cargo build -p nosuch").is_err());
        assert!(built("cargo build -p chess --bin webgui").is_err());
    }
}
