//! Every script the web pages load is served. The server embeds the files
//! under `webgui/static/` one by one (`webgui/src/assets.rs`), so a new ES
//! module that is imported but not listed there is a 404 and a blank page,
//! which only the browser tests would otherwise show, slowly. This check
//! follows the imports from each page's `<script type="module">` and reads
//! the list as text; it runs in process, in the fast tier.

use std::collections::BTreeSet;
use std::fs;

use workspace_tests::workspace_root;

/// What follows `marker` up to the next `quote`, at each occurrence.
fn quoted_after<'t>(text: &'t str, marker: &str, quote: char) -> Vec<&'t str> {
    text.match_indices(marker)
        .filter_map(|(at, _)| {
            let rest = &text[at + marker.len()..];
            rest.find(quote).map(|end| &rest[..end])
        })
        .collect()
}

/// The scripts the pages start from: `/static/js/<name>` of each
/// `webgui/static/*.html`.
fn entry_scripts() -> Vec<String> {
    let dir = workspace_root().join("webgui/static");
    let mut entries = Vec::new();
    for page in fs::read_dir(&dir).expect("webgui/static").flatten() {
        if page.path().extension().is_some_and(|e| e == "html") {
            let text = fs::read_to_string(page.path()).expect("readable page");
            let srcs = quoted_after(&text, "src=\"/static/js/", '"');
            entries.extend(srcs.into_iter().map(String::from));
        }
    }
    entries
}

/// The relative imports of a script (`from './x.js'`), by file name.
fn imports(script: &str) -> Vec<String> {
    let mut found = quoted_after(script, "from './", '\'');
    found.extend(quoted_after(script, "from \"./", '"'));
    found.into_iter().map(String::from).collect()
}

/// Every script the pages load, following the imports.
fn loaded_scripts() -> BTreeSet<String> {
    let dir = workspace_root().join("webgui/static/js");
    let mut loaded = BTreeSet::new();
    let mut todo = entry_scripts();
    while let Some(name) = todo.pop() {
        if !loaded.insert(name.clone()) {
            continue;
        }
        let path = dir.join(&name);
        let text = fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{} (imported by a page): {e}", path.display()));
        todo.extend(imports(&text));
    }
    loaded
}

#[test]
fn every_script_the_pages_load_is_served() {
    let loaded = loaded_scripts();
    for entry in ["main.js", "live.js", "help.js"] {
        assert!(
            loaded.contains(entry),
            "{entry} not found from the pages: {loaded:?}"
        );
    }
    let assets = fs::read_to_string(workspace_root().join("webgui/src/assets.rs"))
        .expect("webgui/src/assets.rs");
    let missing: Vec<&String> = loaded
        .iter()
        .filter(|name| !assets.contains(&format!("\"js/{name}\"")))
        .collect();
    assert!(
        missing.is_empty(),
        "scripts the pages import but webgui/src/assets.rs does not serve: {missing:?}; \
         add a (\"js/NAME\", JS, include_str!(\"../static/js/NAME\")) line for each"
    );
}

#[test]
fn imports_are_read_in_both_quotes() {
    let script = "import { a } from './a.js';\nimport * as b from \"./b.js\";\n// from elsewhere\n";
    assert_eq!(imports(script), ["a.js", "b.js"]);
}
