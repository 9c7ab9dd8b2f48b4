//! `MultiPV` lines come best first at every depth (issue 39, defect 3:
//! from the start, 5 lines, 18 of 37 samples were out of order), under
//! both rule sets.

use std::sync::atomic::AtomicBool;

use leiserchess::{Leiserchess, Leiserchess2016};
use search::{Engine, Limits, Searchable};

fn assert_best_first<G: Searchable>(lines: usize, depth: u32) {
    let mut engine = Engine::<G>::new(16).expect("engine");
    engine.set_multipv(lines);
    let stop = AtomicBool::new(false);
    let mut reports: Vec<(u32, u32, i32)> = Vec::new();
    engine.search(&G::startpos(), &Limits::depth(depth), &stop, &mut |info| {
        reports.push((info.depth, info.multipv, info.score));
    });
    for d in 1..=depth {
        let at: Vec<(u32, i32)> = reports
            .iter()
            .filter(|r| r.0 == d)
            .map(|r| (r.1, r.2))
            .collect();
        let numbers: Vec<u32> = at.iter().map(|a| a.0).collect();
        assert_eq!(numbers, (1..=lines as u32).collect::<Vec<_>>(), "depth {d}");
        assert!(
            at.windows(2).all(|w| w[0].1 >= w[1].1),
            "depth {d}: {at:?} out of order"
        );
    }
}

#[test]
fn lines_are_reported_best_first_at_every_depth() {
    assert_best_first::<Leiserchess>(5, 5);
    assert_best_first::<Leiserchess2016>(5, 4);
}
