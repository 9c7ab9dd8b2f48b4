//! `docs/search-options.md` lists every search switch and constant from
//! their one declaration (`search/src/params/`), with each game's default:
//! a new or changed option fails here until the page is regenerated.

use search::{SearchParams, Searchable};

const PAGE: &str = include_str!("../../docs/search-options.md");
const BEGIN: &str = "<!-- options: begin -->\n";
const END: &str = "<!-- options: end -->";

fn table() -> String {
    SearchParams::options_table(&[
        ("chess", chess::Chess::search_params()),
        ("Leiserchess", leiserchess::Leiserchess::search_params()),
        (
            "Leiserchess 2016",
            leiserchess::Leiserchess2016::search_params(),
        ),
    ])
}

#[test]
fn the_page_lists_every_option_as_declared() {
    let start = PAGE.find(BEGIN).expect("begin marker") + BEGIN.len();
    let end = PAGE.find(END).expect("end marker");
    let expected = table();
    assert!(
        PAGE[start..end] == expected,
        "docs/search-options.md is out of date; its table should read:\n{expected}"
    );
}

#[test]
fn development_switches_are_off_for_every_game() {
    let games = [
        chess::Chess::search_params(),
        leiserchess::Leiserchess::search_params(),
        leiserchess::Leiserchess2016::search_params(),
    ];
    for switch in search::Features::UCI_SWITCHES {
        let on_somewhere = games.iter().any(|p| switch.get(&p.features));
        match switch.stage {
            search::Stage::Development => assert!(!on_somewhere, "{}", switch.name),
            _ => assert!(on_somewhere, "{} is on for no game", switch.name),
        }
    }
}
