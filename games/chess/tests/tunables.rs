//! `autotester/examples/chess-search.txt`, the search constants the README
//! tunes, is what `chess-engine`'s `tunables` command prints: the
//! declarations in `search/src/params/constants.rs` made into a fishtest
//! parameter file from chess's defaults.

use chess::Chess;
use search::{SearchParams, Searchable};

#[test]
fn the_example_parameter_file_is_the_declared_one() {
    let file = include_str!("../../../autotester/examples/chess-search.txt");
    let declared = SearchParams::spsa_file(&Chess::search_params());
    assert!(
        file == declared,
        "autotester/examples/chess-search.txt is out of date; it should read:\n{declared}"
    );
}
