//! Search reports in UCI form.

use std::fmt::Display;

use crate::info::{ScoreBound, SearchInfo, SearchResult};

/// `info depth … seldepth … multipv 1 score … nodes … nps … hashfull … time … pv …`
pub fn info_line<M: Display>(info: &SearchInfo<M>) -> String {
    let bound = match info.bound {
        ScoreBound::Exact => "",
        ScoreBound::Lower => " lowerbound",
        ScoreBound::Upper => " upperbound",
    };
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}{bound} nodes {} nps {} hashfull {} time {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score_report(),
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis(),
    );
    push_pv(&mut line, &info.pv);
    line
}

/// The closing summary of a search that stopped inside an iteration.
pub fn final_info_line<M: Display>(result: &SearchResult<M>, hashfull: u32) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv 1 score {} nodes {} nps {} hashfull {hashfull} time {}",
        result.depth.max(1),
        result.seldepth.max(1),
        result.score_report(),
        result.nodes,
        crate::info::nps(result.nodes, result.time),
        result.time.as_millis(),
    );
    push_pv(&mut line, &result.pv);
    line
}

fn push_pv<M: Display>(line: &mut String, pv: &[M]) {
    if !pv.is_empty() {
        line.push_str(" pv");
        for mv in pv {
            line.push(' ');
            line.push_str(&mv.to_string());
        }
    }
}

/// The move text sent when there is no move at all.
pub const NO_MOVE: &str = "0000";

/// `bestmove <move> [ponder <move>]`, or `bestmove 0000` without a move.
pub fn bestmove_line<M: Display>(result: &SearchResult<M>) -> String {
    match (&result.best_move, &result.ponder) {
        (Some(best), Some(ponder)) => format!("bestmove {best} ponder {ponder}"),
        (Some(best), None) => format!("bestmove {best}"),
        (None, _) => format!("bestmove {NO_MOVE}"),
    }
}

#[cfg(test)]
mod tests {
    use super::{bestmove_line, info_line};
    use crate::info::{ScoreBound, SearchInfo, SearchResult, SearchStats};
    use crate::score::mate_in;
    use std::time::Duration;

    #[test]
    fn info_line_has_every_field() {
        let info = SearchInfo {
            multipv: 1,
            depth: 12,
            seldepth: 18,
            score: 35,
            bound: ScoreBound::Exact,
            nodes: 1000,
            nps: 50_000,
            time: Duration::from_millis(20),
            hashfull: 7,
            pv: vec!["e2e4", "e7e5"],
            stats: SearchStats::default(),
        };
        assert_eq!(
            info_line(&info),
            "info depth 12 seldepth 18 multipv 1 score cp 35 nodes 1000 nps 50000 hashfull 7 time 20 pv e2e4 e7e5"
        );
        let info = SearchInfo {
            score: mate_in(3),
            bound: ScoreBound::Lower,
            pv: vec![],
            ..info
        };
        assert!(info_line(&info).contains("score mate 2 lowerbound nodes"));
        assert!(!info_line(&info).contains(" pv"));
    }

    #[test]
    fn bestmove_forms() {
        let mut r = SearchResult {
            best_move: Some("a1"),
            ponder: Some("b2"),
            score: 0,
            depth: 1,
            seldepth: 1,
            nodes: 1,
            time: Duration::ZERO,
            pv: vec!["a1", "b2"],
        };
        assert_eq!(bestmove_line(&r), "bestmove a1 ponder b2");
        r.ponder = None;
        assert_eq!(bestmove_line(&r), "bestmove a1");
        r.best_move = None;
        assert_eq!(bestmove_line(&r), "bestmove 0000");
    }
}
