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

/// The pages under `webgui/static/`, with their text.
fn pages() -> Vec<(String, String)> {
    let dir = workspace_root().join("webgui/static");
    let mut pages = Vec::new();
    for page in fs::read_dir(&dir).expect("webgui/static").flatten() {
        if page.path().extension().is_some_and(|e| e == "html") {
            let name = page.file_name().to_string_lossy().into_owned();
            let text = fs::read_to_string(page.path()).expect("readable page");
            pages.push((name, text));
        }
    }
    pages
}

/// The scripts a page starts from: each `src="/static/js/<name>"`.
fn entry_scripts_of(page: &str) -> Vec<String> {
    let srcs = quoted_after(page, "src=\"/static/js/", '"');
    srcs.into_iter().map(String::from).collect()
}

/// The relative imports of a script (`from './x.js'`), by file name.
fn imports(script: &str) -> Vec<String> {
    let mut found = quoted_after(script, "from './", '\'');
    found.extend(quoted_after(script, "from \"./", '"'));
    found.into_iter().map(String::from).collect()
}

/// Every script reached from `entries`, following the imports.
fn reached_from(entries: Vec<String>) -> BTreeSet<String> {
    let dir = workspace_root().join("webgui/static/js");
    let mut loaded = BTreeSet::new();
    let mut todo = entries;
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

/// Every script the pages load.
fn loaded_scripts() -> BTreeSet<String> {
    let entries = pages()
        .iter()
        .flat_map(|(_, text)| entry_scripts_of(text))
        .collect();
    reached_from(entries)
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

// A module a page does not preload is asked for only once the module
// importing it has arrived and been parsed: one more round trip before
// the page is interactive (CI measured 300.2 ms against browser_speed's
// 300 ms when six of the main page's modules were found that way).
#[test]
fn each_page_preloads_every_module_it_imports() {
    for (name, text) in pages() {
        let modules = quoted_after(&text, "<script type=\"module\" src=\"/static/js/", '"');
        let imported: BTreeSet<String> = modules
            .iter()
            .flat_map(|entry| reached_from(vec![entry.to_string()]))
            .filter(|module| !modules.contains(&module.as_str()))
            .collect();
        let preloaded: BTreeSet<String> =
            quoted_after(&text, "<link rel=\"modulepreload\" href=\"/static/js/", '"')
                .into_iter()
                .map(String::from)
                .collect();
        assert_eq!(
            preloaded, imported,
            "{name}: modulepreload links against the imports"
        );
    }
}

#[test]
fn imports_are_read_in_both_quotes() {
    let script = "import { a } from './a.js';\nimport * as b from \"./b.js\";\n// from elsewhere\n";
    assert_eq!(imports(script), ["a.js", "b.js"]);
}
