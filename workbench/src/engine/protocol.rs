//! Reading what an engine says: `info` lines for the score and depth shown
//! in the PGN, `bestmove` for its move. Anything unexpected is ignored, never
//! trusted.

use crate::pgn::Score;

/// Score and depth of one `info` line, when it has them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InfoLine {
    pub score: Option<Score>,
    pub depth: Option<u32>,
    pub stats: InfoStats,
}

/// The search figures an `info` line may give beside its score and depth,
/// which a PGN may record after each move (`-pgnout nodes=true …`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InfoStats {
    pub nodes: Option<u64>,
    pub seldepth: Option<u64>,
    pub nps: Option<u64>,
    pub hashfull: Option<u64>,
    pub tbhits: Option<u64>,
    /// The search time the engine reported (`time`, milliseconds), from
    /// which `-pgnout latency=true` tells the time lost between engine
    /// and referee.
    pub time: Option<u64>,
}

impl InfoStats {
    /// The latest figure of each kind: `newer`'s where it gives one.
    pub fn update(&mut self, newer: InfoStats) {
        self.nodes = newer.nodes.or(self.nodes);
        self.seldepth = newer.seldepth.or(self.seldepth);
        self.nps = newer.nps.or(self.nps);
        self.hashfull = newer.hashfull.or(self.hashfull);
        self.tbhits = newer.tbhits.or(self.tbhits);
        self.time = newer.time.or(self.time);
    }
}

/// Parses `info ... depth D ... score cp X | mate N ...`; `None` for any
/// other line. Bound markers (`lowerbound`) are accepted and ignored.
pub fn parse_info(line: &str) -> Option<InfoLine> {
    let mut tokens = line.split_whitespace();
    if tokens.next() != Some("info") {
        return None;
    }
    let mut info = InfoLine::default();
    while let Some(token) = tokens.next() {
        match token {
            "depth" => info.depth = tokens.next().and_then(|d| d.parse().ok()),
            "nodes" => info.stats.nodes = tokens.next().and_then(|n| n.parse().ok()),
            "seldepth" => info.stats.seldepth = tokens.next().and_then(|n| n.parse().ok()),
            "nps" => info.stats.nps = tokens.next().and_then(|n| n.parse().ok()),
            "hashfull" => info.stats.hashfull = tokens.next().and_then(|n| n.parse().ok()),
            "tbhits" => info.stats.tbhits = tokens.next().and_then(|n| n.parse().ok()),
            "time" => info.stats.time = tokens.next().and_then(|n| n.parse().ok()),
            "score" => {
                info.score = match (tokens.next(), tokens.next().map(str::parse::<i32>)) {
                    (Some("cp"), Some(Ok(cp))) => Some(Score::Centipawns(cp)),
                    (Some("mate"), Some(Ok(n))) => Some(Score::Mate(n)),
                    _ => None,
                }
            }
            // The rest of the line is free text or moves.
            "string" | "pv" => break,
            _ => {}
        }
    }
    Some(info)
}

/// The move of a `bestmove <move> [ponder <move>]` line; `Some("")` when
/// the line is `bestmove` alone, `None` for any other line.
pub fn parse_bestmove(line: &str) -> Option<&str> {
    let mut tokens = line.split_whitespace();
    (tokens.next() == Some("bestmove")).then(|| tokens.next().unwrap_or(""))
}

/// The name of an `option name <name> type <type> ...` line (a name may
/// hold spaces: `Move Overhead`); `None` for any other line.
pub fn parse_option_name(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix("option")?.trim_start();
    let rest = rest.strip_prefix("name ")?;
    let name = match rest.find(" type ") {
        Some(at) => &rest[..at],
        None => rest,
    };
    Some(name.trim()).filter(|n| !n.is_empty())
}

/// An option an engine declares: its name, default and, for a combo, the
/// values it offers (`option name UCI_Variant type combo default 2018 var
/// 2018 var 2016`). Values are single words here, as the combos a referee
/// needs to read are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionDecl {
    pub name: String,
    pub default: Option<String>,
    pub vars: Vec<String>,
}

/// The declaration of an `option name ...` line; `None` for any other line.
pub fn parse_option(line: &str) -> Option<OptionDecl> {
    let name = parse_option_name(line)?.to_string();
    let rest = line.split_once(" type ").map_or("", |(_, r)| r);
    let mut decl = OptionDecl {
        name,
        ..OptionDecl::default()
    };
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        match word {
            "default" => decl.default = words.next().map(String::from),
            "var" => decl.vars.extend(words.next().map(String::from)),
            _ => {}
        }
    }
    Some(decl)
}

#[cfg(test)]
mod tests {
    use super::{parse_bestmove, parse_info, parse_option, parse_option_name, InfoLine, InfoStats};
    use crate::pgn::Score;

    #[test]
    fn option_declarations() {
        let d = parse_option("option name UCI_Variant type combo default 2018 var 2018 var 2016")
            .expect("an option");
        assert_eq!(d.name, "UCI_Variant");
        assert_eq!(d.default.as_deref(), Some("2018"));
        assert_eq!(d.vars, ["2018", "2016"]);
        let d = parse_option("option name Move Overhead type spin default 10 min 0 max 5000")
            .expect("an option");
        assert_eq!(
            (d.name.as_str(), d.default.as_deref()),
            ("Move Overhead", Some("10"))
        );
        assert!(d.vars.is_empty());
        assert_eq!(parse_option("id name x"), None);
    }

    #[test]
    fn info_lines() {
        assert_eq!(
            parse_info("info depth 12 seldepth 20 score cp -31 nodes 100 pv e2e4 e7e5"),
            Some(InfoLine {
                score: Some(Score::Centipawns(-31)),
                depth: Some(12),
                stats: InfoStats {
                    nodes: Some(100),
                    seldepth: Some(20),
                    ..InfoStats::default()
                },
            })
        );
        let full = "info depth 3 seldepth 5 nodes 900 nps 45000 hashfull 12 tbhits 7 score cp 1";
        let stats = parse_info(full).expect("an info line").stats;
        assert_eq!(
            [
                stats.nodes,
                stats.seldepth,
                stats.nps,
                stats.hashfull,
                stats.tbhits
            ],
            [Some(900), Some(5), Some(45000), Some(12), Some(7)]
        );
        let mut latest = stats;
        latest.update(parse_info("info nodes 1000 time 250").expect("info").stats);
        assert_eq!((latest.nodes, latest.nps), (Some(1000), Some(45000)));
        // The last reported time stays when a later line has none.
        latest.update(parse_info("info nodes 1200").expect("info").stats);
        assert_eq!(latest.time, Some(250));
        assert_eq!(
            parse_info("info score mate -3 lowerbound depth 5").unwrap(),
            InfoLine {
                score: Some(Score::Mate(-3)),
                depth: Some(5),
                stats: InfoStats::default(),
            }
        );
        // Broken values are dropped, not guessed.
        assert_eq!(
            parse_info("info depth x score cp").unwrap(),
            InfoLine::default()
        );
        // A depth after `string` is text.
        assert_eq!(parse_info("info string depth 3").unwrap().depth, None);
        // MIT's 2016 players: depth and score on separate lines.
        // Their `time (microsec) T` is no UCI time: left unread.
        let mit = "info depth 7 move_no 1 time (microsec) 1114286 nodes 3006165 nps 2697837";
        assert_eq!(
            parse_info(mit).map(|i| (i.score, i.depth, i.stats.nodes, i.stats.time)),
            Some((None, Some(7), Some(3_006_165), None))
        );
        for line in [
            "info score cp -2 pv h4g5 a3b4",
            "info score cp -2 best h4g5",
        ] {
            assert_eq!(
                parse_info(line),
                Some(InfoLine {
                    score: Some(Score::Centipawns(-2)),
                    depth: None,
                    stats: InfoStats::default(),
                })
            );
        }
        assert_eq!(parse_info("Illegal command.  Use 'help'"), None);
        assert_eq!(parse_info("informed"), None);
        assert_eq!(parse_info("readyok"), None);
    }

    #[test]
    fn option_lines() {
        let line = "option name Move Overhead type spin default 10 min 0 max 5000";
        assert_eq!(parse_option_name(line), Some("Move Overhead"));
        assert_eq!(
            parse_option_name("option name KFACE type spin"),
            Some("KFACE")
        );
        assert_eq!(parse_option_name("option name  type spin"), None);
        assert_eq!(parse_option_name("optional name x"), None);
        assert_eq!(parse_option_name("id name x"), None);
    }

    #[test]
    fn bestmove_lines() {
        assert_eq!(parse_bestmove("bestmove e2e4 ponder e7e5"), Some("e2e4"));
        assert_eq!(parse_bestmove("  bestmove   d5e4L"), Some("d5e4L"));
        assert_eq!(parse_bestmove("bestmove"), Some(""));
        assert_eq!(parse_bestmove("bestmoves e2e4"), None);
        assert_eq!(parse_bestmove("info bestmove e2e4"), None);
    }
}
