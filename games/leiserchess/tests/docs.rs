//! The rules page, `docs/leiserchess-rules.md`, against the code that cites
//! it: every `rule N` or `rule N.M` written in the Leiserchess tests, the
//! crate's sources and the workspace's Leiserchess tests must name a
//! section or a numbered rule of the page, so that no citation dangles.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// This file: its own examples of citations are not citations.
const THIS_FILE: &str = "docs.rs";

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rules_page() -> String {
    let path = workspace_root().join("docs/leiserchess-rules.md");
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The numbers the page defines, in page order: `N` for each section
/// heading `## N. Title`, `N.M` (with an optional letter, `5.3a`) for each
/// paragraph that starts with `**N.M**`.
fn defined_numbers(page: &str) -> Vec<String> {
    let mut numbers = Vec::new();
    for line in page.lines() {
        if let Some(rest) = line.strip_prefix("## ") {
            if let Some((number, _title)) = rest.split_once(". ") {
                if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
                    numbers.push(number.to_string());
                }
            }
        } else if let Some(rest) = line.strip_prefix("**") {
            if let Some((number, _)) = rest.split_once("**") {
                if parse_number(number)
                    .is_some_and(|(n, len)| len == number.len() && n.contains('.'))
                {
                    numbers.push(number.to_string());
                }
            }
        }
    }
    numbers
}

/// A rule number at the start of `text`: digits, optionally `.` and digits
/// and one lower-case letter (`7`, `7.2`, `5.3a`). Returns it and the
/// bytes it takes.
fn parse_number(text: &str) -> Option<(String, usize)> {
    let bytes = text.as_bytes();
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut end = digits(0);
    if end == 0 {
        return None;
    }
    if bytes.get(end) == Some(&b'.') && digits(end + 1) > 0 {
        end += 1 + digits(end + 1);
        let letter = bytes.get(end).is_some_and(u8::is_ascii_lowercase);
        let word_goes_on = bytes.get(end + 1).is_some_and(u8::is_ascii_alphanumeric);
        if letter && !word_goes_on {
            end += 1;
        }
    }
    Some((text[..end].to_string(), end))
}

/// Separators inside one citation: `rules 4.2, 4.3 and 5.1`, `3.1–3.3`.
const SEPARATORS: [&str; 6] = [", ", " and ", " or ", "–", "-", "/"];

/// The rule numbers cited in `text`: each `rule` or `rules` (any case,
/// a whole word) followed by white space and a list of numbers.
fn citations(text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = lower[from..].find("rule") {
        let start = from + at;
        from = start + "rule".len();
        let before = lower[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let mut rest = &lower[from..];
        rest = rest.strip_prefix('s').unwrap_or(rest);
        let trimmed = rest.trim_start_matches([' ', '\t']);
        if trimmed.len() == rest.len() {
            continue; // `ruler`, `rule:` and the like
        }
        rest = trimmed;
        while let Some((number, len)) = parse_number(rest) {
            found.push(number);
            rest = &rest[len..];
            let next = SEPARATORS.iter().find_map(|sep| {
                let after = rest.strip_prefix(sep)?;
                parse_number(after).map(|_| after)
            });
            match next {
                Some(after) => rest = after,
                None => break,
            }
        }
    }
    found
}

/// Every file whose citations must resolve, with its text.
fn citing_files() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, files);
            } else if path
                .extension()
                .is_some_and(|e| e == "rs" || e == "txt" || e == "md")
            {
                files.push(path);
            }
        }
    }
    let root = workspace_root();
    let mut files = Vec::new();
    for dir in ["tests", "src", "benches", "examples"] {
        walk(&root.join("games/leiserchess").join(dir), &mut files);
    }
    let workspace_tests = fs::read_dir(root.join("tests/tests")).expect("tests/tests");
    for entry in workspace_tests.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with("leiserchess") && name.ends_with(".rs") {
            files.push(entry.path());
        }
    }
    files.sort();
    files
        .into_iter()
        .filter(|p| p.file_name().is_some_and(|n| n != THIS_FILE))
        .map(|p| {
            let text = fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, text)
        })
        .collect()
}

/// Citations of numbers the page does not define, as `file:line: rule N`.
fn dangling(files: &[(PathBuf, String)], defined: &BTreeSet<String>) -> Vec<String> {
    let mut bad = Vec::new();
    for (path, text) in files {
        for (i, line) in text.lines().enumerate() {
            for number in citations(line) {
                if !defined.contains(&number) {
                    bad.push(format!("{}:{}: rule {number}", path.display(), i + 1));
                }
            }
        }
    }
    bad
}

#[test]
fn every_cited_rule_is_on_the_rules_page() {
    let defined: BTreeSet<String> = defined_numbers(&rules_page()).into_iter().collect();
    let files = citing_files();
    let cited: usize = files.iter().map(|(_, text)| citations(text).len()).sum();
    // The tests cite rules on almost every test; finding few means the
    // scanner, not the citations, is broken.
    assert!(cited >= 50, "only {cited} citations found");
    let bad = dangling(&files, &defined);
    assert!(
        bad.is_empty(),
        "citations of rules docs/leiserchess-rules.md does not define:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_rules_page_numbers_sections_one_to_nine_in_order() {
    let numbers = defined_numbers(&rules_page());
    let sections: Vec<&String> = numbers.iter().filter(|n| !n.contains('.')).collect();
    let expected: Vec<String> = (1..=9).map(|n| n.to_string()).collect();
    assert_eq!(sections, expected.iter().collect::<Vec<_>>());
    // Each rule belongs to the section it stands in, and no number is
    // defined twice.
    let mut section = String::new();
    let mut seen = BTreeSet::new();
    for number in &numbers {
        assert!(seen.insert(number.clone()), "rule {number} defined twice");
        match number.split_once('.') {
            None => section.clone_from(number),
            Some((major, _)) => assert_eq!(major, section, "rule {number} under {section}"),
        }
    }
    // The rules the engine's behaviour is pinned to are all there.
    for number in [
        "1.4", "3.3", "4.4", "5.3a", "5.3b", "6.1", "7.2", "8.1a", "8.2",
    ] {
        assert!(seen.contains(number), "rule {number} missing");
    }
}

#[test]
fn the_scanner_reads_every_citation_form() {
    let cases: [(&str, &[&str]); 9] = [
        ("// rule 7.2: the start", &["7.2"]),
        ("(rules 4.2, 4.3, 5.1: from a1", &["4.2", "4.3", "5.1"]),
        (
            "// rules 3.1–3.3 from the start position (7.2).",
            &["3.1", "3.3"],
        ),
        ("// ---- rule 1.4 and 7.1 -----", &["1.4", "7.1"]),
        ("// Rule 5.3b: the zap decides.", &["5.3b"]),
        ("//! legal move lists (rule 3 + ko, rule 6),", &["3", "6"]),
        ("// rule 6.1.", &["6.1"]),
        ("the rules of chess; overruled 5 times; a ruler 3", &[]),
        ("// rule 2 and 3: orientation", &["2", "3"]),
    ];
    for (text, expected) in cases {
        assert_eq!(citations(text), expected, "{text}");
    }
}

#[test]
fn a_dangling_citation_is_reported() {
    let defined: BTreeSet<String> = defined_numbers(&rules_page()).into_iter().collect();
    let files = vec![(
        PathBuf::from("example.rs"),
        "// rule 5.3a\n// rules 4.4 and 9.9\n// rule 5.3c\n".to_string(),
    )];
    assert_eq!(
        dangling(&files, &defined),
        ["example.rs:2: rule 9.9", "example.rs:3: rule 5.3c"]
    );
}

#[test]
fn no_leiserchess_file_points_outside_the_repository_for_the_rules() {
    let root = workspace_root();
    let mut files = citing_files();
    for extra in ["README.md", "games/leiserchess/src/lib.rs"] {
        let text = fs::read_to_string(root.join(extra)).expect(extra);
        files.push((PathBuf::from(extra), text));
    }
    for (path, text) in files {
        assert!(
            !text.contains("shared/leiserchess-rules"),
            "{} cites the rules outside the repository; cite docs/leiserchess-rules.md",
            path.display()
        );
    }
}
