//! `autotester/examples/leiserchess-search.txt`, issue 41's re-tune, picks
//! its own constants (some, such as the time management's, have no
//! declared SPSA range). Those it shares with the declarations in
//! `search/src/params/constants.rs` must read as the engine's `tunables`
//! command prints them from Leiserchess's defaults, so that the file
//! cannot drift from the engine it tunes.

use leiserchess::game::Leiserchess;
use search::{SearchParams, Searchable};

fn name(line: &str) -> &str {
    line.split(',').next().unwrap_or_default().trim()
}

#[test]
fn the_re_tune_file_agrees_with_the_declared_ranges() {
    let file = include_str!("../../../autotester/examples/leiserchess-search.txt");
    let declared = SearchParams::spsa_file(&Leiserchess::search_params());
    let mut shared = 0;
    for line in file.lines().filter(|l| !l.starts_with('#')) {
        if let Some(twin) = declared.lines().find(|d| name(d) == name(line)) {
            assert_eq!(line, twin, "leiserchess-search.txt differs from `tunables`");
            shared += 1;
        }
    }
    assert!(
        shared >= 9,
        "only {shared} constants shared with `tunables`"
    );
}
