//! The files the documented commands write do not collide (issue 40,
//! item 7): a user who types the README's and the docs' commands in order
//! must not find one example resuming, appending to or overwriting
//! another's output (`ladder.pgn` was written by the README's ladder and
//! then by the autotester README's, `--out tune-eval` by the README's
//! `tune` and then by docs/cluster.md's).

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use workspace_tests::markdown::{parse_markdown, sh_commands};

/// Every page whose `sh` blocks hold commands to type.
fn pages() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut pages: Vec<String> = [
        "README.md",
        "autotester/README.md",
        "webgui/README.md",
        "tools/README.md",
    ]
    .map(String::from)
    .to_vec();
    let mut docs: Vec<String> = fs::read_dir(root.join("docs"))
        .expect("docs/")
        .filter_map(|e| e.ok())
        .map(|e| format!("docs/{}", e.file_name().to_string_lossy()))
        .filter(|name| name.ends_with(".md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The files (and directories) a command names as its outputs.
fn outputs(command: &str) -> Vec<String> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let mut found = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let next = words.get(i + 1).map(|w| w.to_string());
        match *word {
            "--pgn" | "--out" | "--svg" | "-o" | "--dir" | ">" => found.extend(next),
            "-pgnout" => {
                found.extend(next.map(|n| n.strip_prefix("file=").unwrap_or(&n).to_string()))
            }
            _ => {}
        }
    }
    found
}

/// Whether `path` is a file of the repository.
fn tracked(path: &str) -> bool {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::process::Command::new("git")
        .args(["ls-files", "--error-unmatch", path])
        .current_dir(root)
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn no_two_documented_commands_write_the_same_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut first: BTreeMap<String, String> = BTreeMap::new();
    let mut clashes = Vec::new();
    for page in pages() {
        let text = fs::read_to_string(root.join(&page)).expect("a page");
        let (blocks, _) = parse_markdown(&text);
        for block in blocks.iter().filter(|b| b.lang == "sh") {
            for (line, command) in sh_commands(block) {
                // A source file the commands regenerate (the chess weights)
                // is meant to be written again by a later run.
                for out in outputs(&command).into_iter().filter(|o| !tracked(o)) {
                    let place = format!("{page}:{line}");
                    if let Some(before) = first.get(&out) {
                        clashes.push(format!("{out}: {before} and {place}"));
                    } else {
                        first.insert(out, place);
                    }
                }
            }
        }
    }
    assert!(first.len() > 5, "too few outputs found: {first:?}");
    assert!(
        clashes.is_empty(),
        "commands that write the same file:\n{}",
        clashes.join("\n")
    );
}

#[test]
fn outputs_are_found_in_each_form() {
    let command =
        "autotester -pgnout file=a.pgn x --pgn b.pgn --svg c.svg --out d -o e.pgn > f.txt";
    assert_eq!(
        outputs(command),
        ["a.pgn", "b.pgn", "c.svg", "d", "e.pgn", "f.txt"]
    );
}
