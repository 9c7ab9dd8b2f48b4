//! The rules page, `docs/leiserchess-rules.md`, against the code that cites
//! it: every `rule N` or `rule N.M` written in the Leiserchess tests, the
//! crate's sources and the workspace's Leiserchess tests must name a
//! section or a numbered rule of the page, so that no citation dangles.
//!
//! The 2016 page, `docs/leiserchess-2016-rules.md`, gets the same checks:
//! a file whose path contains `2016` cites it instead of the 2018 page.
//! Both pages are also held to the specs they were written from (in
//! `../shared`, which every checkout and CI run has): the same rule
//! numbers in the same order, and, for the 2016 page, a note at every
//! difference the spec marks, links that land on real 2018 rules, and no
//! run of 12 or more words copied from the spec.

use std::collections::{BTreeSet, HashSet};
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
    page.lines().filter_map(page_line_number).collect()
}

/// The number a line of a rules page defines, if any (see
/// [`defined_numbers`]).
fn page_line_number(line: &str) -> Option<String> {
    if let Some(number) = heading_number(line) {
        return Some(number);
    }
    let (number, _) = line.strip_prefix("**")?.split_once("**")?;
    parse_number(number)
        .is_some_and(|(n, len)| len == number.len() && n.contains('.'))
        .then(|| number.to_string())
}

/// `N` for a section heading `## N. Title`.
fn heading_number(line: &str) -> Option<String> {
    let (number, _title) = line.strip_prefix("## ")?.split_once(". ")?;
    (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())).then(|| number.to_string())
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
    // Files about the 2016 rules cite the 2016 page (checked below).
    let files: Vec<_> = citing_files()
        .into_iter()
        .filter(|(path, _)| !cites_2016(path))
        .collect();
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
    // The rules the engine's behaviour is pinned to are all there.
    check_numbering(
        &defined_numbers(&rules_page()),
        &[
            "1.4", "3.3", "4.4", "5.3a", "5.3b", "6.1", "7.2", "8.1a", "8.2",
        ],
    );
}

/// Sections 1 to 9 in order, each rule inside the section it stands in,
/// no number defined twice, and every number of `required` present.
fn check_numbering(numbers: &[String], required: &[&str]) {
    let sections: Vec<&String> = numbers.iter().filter(|n| !n.contains('.')).collect();
    let expected: Vec<String> = (1..=9).map(|n| n.to_string()).collect();
    assert_eq!(sections, expected.iter().collect::<Vec<_>>());
    let mut section = String::new();
    let mut seen = BTreeSet::new();
    for number in numbers {
        assert!(seen.insert(number.clone()), "rule {number} defined twice");
        match number.split_once('.') {
            None => section.clone_from(number),
            Some((major, _)) => assert_eq!(major, section, "rule {number} under {section}"),
        }
    }
    for number in required {
        assert!(seen.contains(*number), "rule {number} missing");
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

// ---- the 2016 rules page and the specs the pages were written from --------

/// The spec of the 2016 rules and of the 2018 rules, in `../shared`.
const SPEC_2016: &str = "leiserchess-2016-rules.md";
const SPEC_2018: &str = "leiserchess-rules.md";

/// The longest run of words the 2016 page may share with its spec: the
/// page restates the rules, it does not quote them.
const LONGEST_SHARED_RUN: usize = 11;

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn rules_page_2016() -> String {
    read(&workspace_root().join("docs/leiserchess-2016-rules.md"))
}

/// A spec from `../shared` (see its README: every checkout and CI run has
/// it next to the project).
fn shared_spec(name: &str) -> String {
    read(&workspace_root().join("..").join("shared").join(name))
}

/// Whether `path` (a file of [`citing_files`]) is about the 2016 rules and
/// so cites the 2016 page: its path inside the workspace contains `2016`.
fn cites_2016(path: &Path) -> bool {
    let root = workspace_root();
    path.strip_prefix(&root)
        .unwrap_or(path)
        .to_string_lossy()
        .contains("2016")
}

/// `text` cut where `starts` finds a number: each numbered part with the
/// lines it spans (its first line included), in order. Lines before the
/// first number belong to no part.
fn numbered_parts(
    text: &str,
    mut starts: impl FnMut(&str) -> Option<String>,
) -> Vec<(String, String)> {
    let mut parts: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(number) = starts(line) {
            parts.push((number, String::new()));
        }
        if let Some((_, body)) = parts.last_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    parts
}

/// The parts of a rules page: sections and `**N.M**` rules.
fn page_parts(page: &str) -> Vec<(String, String)> {
    numbered_parts(page, page_line_number)
}

/// The parts of a spec, which numbers its rules in plain text: a section
/// heading `## N. Title`, a rule `N.M text` (optionally `N.Ma`) at the
/// start of a line, and a lettered part `(a) text` at the start of a line
/// inside rule `N.M`, which is rule `N.Ma` (the 2016 spec's 6.1a and
/// 6.1b).
fn spec_parts(spec: &str) -> Vec<(String, String)> {
    let mut rule = String::new();
    numbered_parts(spec, |line| {
        if let Some(number) = heading_number(line) {
            rule.clear();
            return Some(number);
        }
        if let Some((number, len)) = parse_number(line) {
            let is_rule = number.contains('.') && line[len..].starts_with(' ');
            if is_rule {
                rule.clone_from(&number);
            }
            return is_rule.then_some(number);
        }
        let b = line.as_bytes();
        let lettered = b.len() >= 4
            && b[0] == b'('
            && b[1].is_ascii_lowercase()
            && b[2] == b')'
            && b[3] == b' ';
        let parent = !rule.is_empty() && rule.bytes().all(|c| c.is_ascii_digit() || c == b'.');
        (lettered && parent).then(|| format!("{rule}{}", b[1] as char))
    })
}

fn numbers_of(parts: &[(String, String)]) -> Vec<String> {
    parts.iter().map(|(number, _)| number.clone()).collect()
}

/// `6.1` for `6.1a`: the rule a lettered part belongs to.
fn base_rule(number: &str) -> &str {
    match number.strip_suffix(|c: char| c.is_ascii_lowercase()) {
        Some(base) if number.contains('.') => base,
        _ => number,
    }
}

/// GitHub's anchor for a heading's text: `1. Board and sides` →
/// `1-board-and-sides`.
fn anchor(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The page's links into the 2018 page with an anchor, as
/// `(link text, anchor, byte range of the whole link)`.
fn links_to_2018(page: &str) -> Vec<(String, String, std::ops::Range<usize>)> {
    const TARGET: &str = "](leiserchess-rules.md#";
    let mut links = Vec::new();
    let mut from = 0;
    while let Some(at) = page[from..].find(TARGET) {
        let middle = from + at;
        let anchor_start = middle + TARGET.len();
        let Some(len) = page[anchor_start..].find(')') else {
            break;
        };
        let end = anchor_start + len + 1;
        let start = page[..middle].rfind('[').expect("a link text opens with [");
        let text = page[start + 1..middle].replace('\n', " ");
        links.push((text, page[anchor_start..end - 1].to_string(), start..end));
        from = end;
    }
    links
}

/// The page with its links into the 2018 page blanked out (line breaks
/// kept), so that what is left cites only the page's own rules.
fn without_2018_links(page: &str) -> String {
    let mut text = String::new();
    let mut from = 0;
    for (_, _, range) in links_to_2018(page) {
        text.push_str(&page[from..range.start]);
        text.extend(page[range.clone()].chars().filter(|&c| c == '\n'));
        from = range.end;
    }
    text.push_str(&page[from..]);
    text
}

/// The blocks of `> ` lines on the page whose first line says
/// `Differs from 2018`, with the number of the rule they stand under.
fn difference_notes(page: &str) -> Vec<(String, String)> {
    let mut notes = Vec::new();
    for (number, body) in page_parts(page) {
        let mut note: Option<String> = None;
        for line in body.lines().chain([""]) {
            match (line.strip_prefix('>'), note.as_mut()) {
                (Some(rest), Some(text)) => {
                    text.push('\n');
                    text.push_str(rest);
                }
                (Some(rest), None) => note = Some(rest.to_string()),
                (None, _) => {
                    if let Some(text) = note.take() {
                        if text.contains("Differs from 2018") {
                            notes.push((number.clone(), text));
                        }
                    }
                }
            }
        }
    }
    notes
}

/// The words of the prose of a Markdown text, for comparing wording:
/// lower case, split at anything that is not a letter or digit, with a
/// code span (`` `e1R` ``, a FEN, a protocol line) as one word. Tables and
/// code blocks are data (a reflection table, a diagram), not prose, and
/// are left out.
fn prose_words(text: &str) -> Vec<String> {
    let mut prose = String::new();
    let mut fenced = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && !line.starts_with("    ") && !trimmed.starts_with('|') {
            prose.push_str(line);
        }
        prose.push('\n');
    }
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_code = false;
    for c in prose.chars() {
        if c == '`' {
            if in_code {
                let span: Vec<&str> = word.split_whitespace().collect();
                words.push(format!("`{}`", span.join(" ")));
                word.clear();
            } else if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            in_code = !in_code;
        } else if in_code || c.is_alphanumeric() {
            word.extend(c.to_lowercase());
        } else if !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// Every run of `run` words of `page`'s prose that also occurs in
/// `source`'s prose (overlapping runs reported once).
fn shared_runs(page: &str, source: &str, run: usize) -> Vec<String> {
    let source_words = prose_words(source);
    let source_runs: HashSet<&[String]> = source_words.windows(run).collect();
    let page_words = prose_words(page);
    let mut found = Vec::new();
    let mut i = 0;
    while i + run <= page_words.len() {
        let window = &page_words[i..i + run];
        if source_runs.contains(window) {
            found.push(window.join(" "));
            i += run;
        } else {
            i += 1;
        }
    }
    found
}

#[test]
fn the_rules_page_has_the_numbers_of_its_spec_in_order() {
    let spec = numbers_of(&spec_parts(&shared_spec(SPEC_2018)));
    assert!(spec.len() > 40, "spec parsed to {spec:?}");
    assert_eq!(defined_numbers(&rules_page()), spec);
}

#[test]
fn the_2016_page_has_the_numbers_of_its_spec_in_order() {
    let spec = numbers_of(&spec_parts(&shared_spec(SPEC_2016)));
    assert!(spec.len() > 40, "spec parsed to {spec:?}");
    for number in ["6.1a", "6.1b", "8.4", "9"] {
        assert!(spec.iter().any(|n| n == number), "{number} not in {spec:?}");
    }
    // Same numbers in the same order: every spec number is on the page
    // and the page defines nothing the spec lacks.
    assert_eq!(defined_numbers(&rules_page_2016()), spec);
}

#[test]
fn the_2016_page_numbers_sections_one_to_nine_in_order() {
    // Pins (3.4), the null move (3.2), multi-zap (4.3), the draws (5.2,
    // 5.3), both parts of ko (6.1a, 6.1b), use_ko (6.3), perft (8.2, 8.4).
    check_numbering(
        &defined_numbers(&rules_page_2016()),
        &[
            "3.2", "3.4", "4.3", "4.5", "5.2", "5.3", "6.1a", "6.1b", "6.3", "7.2", "8.2", "8.4",
        ],
    );
}

#[test]
fn every_citation_in_a_2016_file_is_on_the_2016_page() {
    let defined: BTreeSet<String> = defined_numbers(&rules_page_2016()).into_iter().collect();
    let files: Vec<_> = citing_files()
        .into_iter()
        .filter(|(path, _)| cites_2016(path))
        .collect();
    let bad = dangling(&files, &defined);
    assert!(
        bad.is_empty(),
        "citations of rules docs/leiserchess-2016-rules.md does not define:\n{}",
        bad.join("\n")
    );
}

#[test]
fn a_file_about_2016_cites_the_2016_page() {
    let root = workspace_root();
    assert!(cites_2016(
        &root.join("games/leiserchess/tests/perft_2016.rs")
    ));
    assert!(cites_2016(
        &root.join("games/leiserchess/src/v2016/laser.rs")
    ));
    assert!(!cites_2016(&root.join("games/leiserchess/tests/rules.rs")));
    // The numbers differ between the pages: 6.1a and 8.4 exist only in
    // 2016, 2.4 and 5.3a only in 2018.
    let defined: BTreeSet<String> = defined_numbers(&rules_page_2016()).into_iter().collect();
    let files = vec![(
        PathBuf::from("rules_2016.rs"),
        "// rules 6.1a and 8.4\n// rule 2.4\n// rule 5.3a\n".to_string(),
    )];
    assert_eq!(
        dangling(&files, &defined),
        ["rules_2016.rs:2: rule 2.4", "rules_2016.rs:3: rule 5.3a"]
    );
}

#[test]
fn the_2016_page_cites_only_its_own_rules_outside_its_2018_links() {
    let page = rules_page_2016();
    let defined: BTreeSet<String> = defined_numbers(&page).into_iter().collect();
    let own = without_2018_links(&page);
    assert!(citations(&own).len() >= 20, "the scanner finds too few");
    let files = vec![(PathBuf::from("docs/leiserchess-2016-rules.md"), own)];
    let bad = dangling(&files, &defined);
    assert!(
        bad.is_empty(),
        "citations the 2016 page does not define (link 2018 rules instead):\n{}",
        bad.join("\n")
    );
}

/// Rules the 2016 spec marks as differing from the 2018 rules of its day
/// (ranks 1–8, a draw at the second occurrence, after 100 plies) that the
/// 2018 spec has since made the same as 2016's, by taking MIT's 2018
/// conventions: the page says there that the 2018 rule is the same.
const SAME_SINCE_MIT_2018_CONVENTIONS: [&str; 3] = ["1.1", "5.2", "5.3"];

#[test]
fn every_difference_the_2016_spec_marks_has_a_note_on_the_page() {
    let marked: BTreeSet<String> = spec_parts(&shared_spec(SPEC_2016))
        .iter()
        .filter(|(_, text)| text.contains("≠2018"))
        .map(|(number, _)| base_rule(number).to_string())
        .filter(|number| !SAME_SINCE_MIT_2018_CONVENTIONS.contains(&number.as_str()))
        .collect();
    // 1.4, 3.1, 4.3, 6.1 and 7.1 at the time of writing.
    assert!(marked.len() >= 5, "marked differences: {marked:?}");
    let noted: BTreeSet<String> = difference_notes(&rules_page_2016())
        .iter()
        .map(|(number, _)| base_rule(number).to_string())
        .collect();
    let missing: Vec<&String> = marked.difference(&noted).collect();
    assert!(
        missing.is_empty(),
        "the spec marks a difference from 2018 in rules {missing:?}, \
         but the page has no \"Differs from 2018\" note there"
    );
}

#[test]
fn every_2016_link_into_the_2018_page_lands_on_a_2018_rule() {
    let page_2018 = rules_page();
    let defined_2018: BTreeSet<String> = defined_numbers(&page_2018).into_iter().collect();
    let anchors: BTreeSet<String> = page_2018
        .lines()
        .filter_map(|line| line.strip_prefix("## "))
        .map(anchor)
        .collect();
    assert!(anchors.contains("6-the-ko-rule"), "{anchors:?}");
    let page = rules_page_2016();
    let links = links_to_2018(&page);
    assert!(links.len() >= 20, "only {} links", links.len());
    for (text, target, _) in &links {
        assert!(anchors.contains(target), "[{text}]: no heading #{target}");
        let cited = citations(text);
        assert!(!cited.is_empty(), "[{text}] names no 2018 rule");
        for number in cited {
            assert!(
                defined_2018.contains(&number),
                "[{text}]: no 2018 rule {number}"
            );
            let section = number.split('.').next().unwrap_or_default();
            assert!(
                target.starts_with(&format!("{section}-")),
                "[{text}] points at #{target}, not at section {section}"
            );
        }
    }
    // Each note links the 2018 rule it compares with.
    let notes = difference_notes(&page);
    assert!(notes.len() >= 8, "only {} notes", notes.len());
    for (number, note) in notes {
        assert!(
            !links_to_2018(&note).is_empty(),
            "the note under rule {number} links no 2018 rule:\n{note}"
        );
    }
}

#[test]
fn the_2016_page_does_not_copy_its_spec() {
    let copied = shared_runs(
        &rules_page_2016(),
        &shared_spec(SPEC_2016),
        LONGEST_SHARED_RUN + 1,
    );
    assert!(
        copied.is_empty(),
        "the 2016 page repeats the spec word for word; say it in other words:\n{}",
        copied.join("\n")
    );
}

#[test]
fn the_copy_check_finds_copied_runs_and_nothing_shorter() {
    let spec = shared_spec(SPEC_2016);
    let words = prose_words(&spec);
    let run = LONGEST_SHARED_RUN + 1;
    // Any run of the spec's own prose is found, whatever the page does
    // with case, emphasis and punctuation around it.
    let middle = words.len() / 2;
    let copied = words[middle..middle + run].join(", ").to_uppercase();
    assert_eq!(shared_runs(&format!("**{copied}**"), &spec, run).len(), 1);
    let shorter = words[middle..middle + run - 1].join(" ");
    assert!(shared_runs(&shorter, &spec, run).is_empty());
    // A code span is one word; tables and code blocks are not prose.
    assert_eq!(
        prose_words("Play `e1R  now`, then\n| a b c |\n    d e f\n```\ng h\n```\nend"),
        ["play", "`e1r now`", "then", "end"]
    );
    // Text the 2016 page takes from nowhere shares nothing.
    let own = "twelve words of prose that the spec never wrote down in this order at all";
    assert!(shared_runs(own, &spec, run).is_empty());
}

#[test]
fn the_spec_parser_reads_rules_lettered_parts_and_nothing_else() {
    let spec = "# Title\n\nintro 1.1 here\n## 1. Board\n\n1.1 First rule.\n\
                3.4; not a rule\n1.2 Second:\n(a) one part,\n(b) another.\n\
                18743510.\n## 2. Next (as 2018)\n2.1 Last.\n";
    let parts = spec_parts(spec);
    assert_eq!(
        numbers_of(&parts),
        ["1", "1.1", "1.2", "1.2a", "1.2b", "2", "2.1"]
    );
    assert_eq!(parts[1].1, "1.1 First rule.\n3.4; not a rule\n");
    assert_eq!(base_rule("6.1a"), "6.1");
    assert_eq!(base_rule("9"), "9");
    assert_eq!(anchor("5. End of the game"), "5-end-of-the-game");
}
