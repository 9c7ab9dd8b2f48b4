//! The shape rules of the style guide, checked on every non-test source
//! file of the workspace: no function longer than [`MAX_FN_LINES`] lines,
//! no trait with more than [`MAX_TRAIT_ITEMS`] items; and on the web
//! page's JavaScript: no function longer than [`MAX_JS_FN_LINES`] lines.
//!
//! `cargo test -p workspace-tests --test code_shape -- --nocapture` prints
//! the longest functions.

use std::fs;
use std::path::{Path, PathBuf};

use syn::visit::{self, Visit};

use workspace_tests::js_shape;

/// Down from 120 lines and 20 items (issue 38): the functions and traits
/// over the new limits were split the day the limits came down.
const MAX_FN_LINES: usize = 80;
const MAX_TRAIT_ITEMS: usize = 16;
const MAX_JS_FN_LINES: usize = 60;

/// One function or trait and its size.
#[derive(Debug)]
struct Measure {
    /// `file:line name`.
    what: String,
    size: usize,
}

/// Collects functions (with their line counts) and traits (with their
/// item counts), skipping `#[cfg(test)]` modules.
struct Shapes {
    file: String,
    functions: Vec<Measure>,
    traits: Vec<Measure>,
}

fn is_test_module(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Ident>()
                .is_ok_and(|ident| ident == "test")
    })
}

fn lines_of(span: proc_macro2::Span) -> usize {
    span.end().line - span.start().line + 1
}

impl Shapes {
    fn function(&mut self, name: &syn::Ident, whole: proc_macro2::Span) {
        self.functions.push(Measure {
            what: format!("{}:{} {name}", self.file, whole.start().line),
            size: lines_of(whole),
        });
    }
}

impl<'ast> Visit<'ast> for Shapes {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if !is_test_module(&m.attrs) {
            visit::visit_item_mod(self, m);
        }
    }

    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        let span = span_of(f.sig.fn_token.span, &f.block.brace_token.span.close());
        self.function(&f.sig.ident, span);
        visit::visit_item_fn(self, f);
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        let span = span_of(f.sig.fn_token.span, &f.block.brace_token.span.close());
        self.function(&f.sig.ident, span);
        visit::visit_impl_item_fn(self, f);
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let Some(block) = &f.default {
            let span = span_of(f.sig.fn_token.span, &block.brace_token.span.close());
            self.function(&f.sig.ident, span);
        }
        visit::visit_trait_item_fn(self, f);
    }

    fn visit_item_trait(&mut self, t: &'ast syn::ItemTrait) {
        self.traits.push(Measure {
            what: format!("{}:{} {}", self.file, t.ident.span().start().line, t.ident),
            size: t.items.len(),
        });
        visit::visit_item_trait(self, t);
    }
}

/// The span from `first`'s start to `last`'s end (line numbers only).
fn span_of(first: proc_macro2::Span, last: &proc_macro2::Span) -> proc_macro2::Span {
    first.join(*last).unwrap_or(first)
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// Every `src/**/*.rs` of the workspace's crates (tests, benches and
/// examples are not sources the rules apply to).
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() {
            if name != "target" && name != ".git" && name != "tests" && name != "node_modules" {
                sources(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs")
            && path.components().any(|c| c.as_os_str() == "src")
        {
            out.push(path);
        }
    }
}

fn measure_workspace() -> (Vec<Measure>, Vec<Measure>) {
    let root = workspace_root();
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() > 50, "found only {} source files", files.len());
    let mut functions = Vec::new();
    let mut traits = Vec::new();
    for path in files {
        let text = fs::read_to_string(&path).expect("readable source");
        let parsed = syn::parse_file(&text)
            .unwrap_or_else(|e| panic!("{}: does not parse: {e}", path.display()));
        let mut shapes = Shapes {
            file: path
                .strip_prefix(&root)
                .unwrap_or(&path)
                .display()
                .to_string(),
            functions: Vec::new(),
            traits: Vec::new(),
        };
        shapes.visit_file(&parsed);
        functions.extend(shapes.functions);
        traits.extend(shapes.traits);
    }
    functions.sort_by_key(|m| std::cmp::Reverse(m.size));
    traits.sort_by_key(|m| std::cmp::Reverse(m.size));
    (functions, traits)
}

#[test]
fn functions_and_traits_stay_small() {
    let (functions, traits) = measure_workspace();
    println!("longest functions (lines):");
    for m in functions.iter().take(15) {
        println!("  {:>4} {}", m.size, m.what);
    }
    println!("largest traits (items):");
    for m in traits.iter().take(8) {
        println!("  {:>4} {}", m.size, m.what);
    }
    let long: Vec<&Measure> = functions.iter().filter(|m| m.size > MAX_FN_LINES).collect();
    assert!(
        long.is_empty(),
        "functions over {MAX_FN_LINES} lines: {long:#?}"
    );
    let big: Vec<&Measure> = traits.iter().filter(|m| m.size > MAX_TRAIT_ITEMS).collect();
    assert!(
        big.is_empty(),
        "traits over {MAX_TRAIT_ITEMS} items: {big:#?}"
    );
}

/// The page's scripts: `webgui/static/js/*.js`.
fn scripts() -> Vec<PathBuf> {
    let dir = workspace_root().join("webgui/static/js");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "js"))
        .collect();
    files.sort();
    files
}

#[test]
fn page_script_functions_stay_small() {
    let root = workspace_root();
    let files = scripts();
    assert!(files.len() > 10, "found only {} scripts", files.len());
    let mut functions = Vec::new();
    for path in files {
        let text = fs::read_to_string(&path).expect("readable script");
        let file = path
            .strip_prefix(&root)
            .unwrap_or(&path)
            .display()
            .to_string();
        for f in js_shape::functions(&text) {
            functions.push((f.lines, format!("{file}:{} {}", f.line, f.name)));
        }
    }
    functions.sort_by_key(|(lines, _)| std::cmp::Reverse(*lines));
    println!("longest page functions (lines):");
    for (lines, what) in functions.iter().take(10) {
        println!("  {lines:>4} {what}");
    }
    let long: Vec<&(usize, String)> = functions
        .iter()
        .filter(|(lines, _)| *lines > MAX_JS_FN_LINES)
        .collect();
    assert!(
        long.is_empty(),
        "page functions over {MAX_JS_FN_LINES} lines: {long:#?}"
    );
}

/// The measure itself: a function of known length is measured as such.
#[test]
fn the_measure_counts_lines_from_fn_to_closing_brace() {
    let text = "mod a {\n    fn f() {\n        let x = 1;\n        let _ = x;\n    }\n}\n#[cfg(test)]\nmod tests { fn long() {\n\n\n} }\n";
    let parsed = syn::parse_file(text).expect("parses");
    let mut shapes = Shapes {
        file: "x.rs".into(),
        functions: Vec::new(),
        traits: Vec::new(),
    };
    shapes.visit_file(&parsed);
    assert_eq!(shapes.functions.len(), 1, "{:?}", shapes.functions);
    assert_eq!(shapes.functions[0].size, 4);
}
