//! A game as PGN sees it: tags, moves as text, result. Game-independent:
//! moves are SAN for chess and rule-7.1 notation for Leiserchess.

use std::fmt;
use std::time::Duration;

use search::Side;

use crate::engine::InfoStats;
use crate::DynGame;

/// The four PGN game termination markers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// `*`: unfinished or unknown.
    Unfinished,
}

impl GameResult {
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// A win for `winner`, or a draw for `None`.
    pub fn from_winner(winner: Option<Side>) -> GameResult {
        match winner {
            Some(Side::White) => GameResult::WhiteWins,
            Some(Side::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }

    /// Parses a marker; also accepts the `½-½` some tools write.
    pub fn parse(s: &str) -> Option<GameResult> {
        match s {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unfinished),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The standard values of the PGN `Termination` tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules: mate, stalemate, repetition, a king zapped...
    Normal,
    /// Decided by the referee (score or move-limit adjudication).
    Adjudication,
    TimeForfeit,
    /// Illegal move, crash or protocol error.
    RulesInfraction,
    Abandoned,
    Unterminated,
}

impl Termination {
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
            Termination::Unterminated => "unterminated",
        }
    }

    /// The value of a `Termination` tag, in any case.
    pub fn parse(s: &str) -> Option<Termination> {
        [
            Termination::Normal,
            Termination::Adjudication,
            Termination::TimeForfeit,
            Termination::RulesInfraction,
            Termination::Abandoned,
            Termination::Unterminated,
        ]
        .into_iter()
        .find(|t| t.as_str().eq_ignore_ascii_case(s.trim()))
    }
}

/// An engine's score: centipawns, or mate in a number of moves (negative:
/// being mated), from the point of view of the side that moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Centipawns(i32),
    Mate(i32),
}

impl fmt::Display for Score {
    /// cutechess style: pawns with two decimals and a sign (`+0.25`,
    /// `-1.03`, `0.00`), or `+M5` / `-M3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centipawns(cp) => {
                let sign = match cp.signum() {
                    1 => "+",
                    -1 => "-",
                    _ => "",
                };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Score::Mate(n) if n < 0 => write!(f, "-M{}", n.unsigned_abs()),
            Score::Mate(n) => write!(f, "+M{n}"),
        }
    }
}

/// What the engine reported with its move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Evaluation {
    pub score: Option<Score>,
    pub depth: Option<u32>,
    pub time: Duration,
    /// The mover's clock after the move (`-pgnout timeleft=true`), written
    /// as fastchess writes it: `tl=9.488s`.
    pub time_left: Option<Duration>,
    /// The move's wall time less the search time the engine reported, in
    /// milliseconds (`-pgnout latency=true`): what the pipes, the process
    /// and the engine's own overhead cost. Negative when the engine
    /// counted more time than the referee measured.
    pub latency_ms: Option<i64>,
    /// The figures a run asked the PGN to keep, written after the time as
    /// fastchess writes them (`n=12345, sd=20, nps=987654`); `None` ones
    /// are left out.
    pub stats: InfoStats,
}

/// Milliseconds as seconds with three decimals and a sign when negative
/// (`-0.004s`), as fastchess writes its times.
fn signed_seconds(ms: i64) -> String {
    let sign = if ms < 0 { "-" } else { "" };
    let abs = ms.unsigned_abs();
    format!("{sign}{}.{:03}s", abs / 1000, abs % 1000)
}

impl fmt::Display for Evaluation {
    /// `+0.25/12 0.512s`: score/depth, then the time the move took, then
    /// the time left, the latency and the figures asked for, in
    /// fastchess's order (`, tl=9.488s, latency=0.002s, n=12345`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.score, self.depth) {
            (Some(s), Some(d)) => write!(f, "{s}/{d} ")?,
            (Some(s), None) => write!(f, "{s} ")?,
            (None, Some(d)) => write!(f, "/{d} ")?,
            (None, None) => {}
        }
        write!(f, "{:.3}s", self.time.as_secs_f64())?;
        if let Some(left) = self.time_left {
            write!(f, ", tl={:.3}s", left.as_secs_f64())?;
        }
        if let Some(ms) = self.latency_ms {
            write!(f, ", latency={}", signed_seconds(ms))?;
        }
        let s = &self.stats;
        let figures = [
            ("n", s.nodes),
            ("sd", s.seldepth),
            ("nps", s.nps),
            ("hashfull", s.hashfull),
            ("tbhits", s.tbhits),
        ];
        for (key, value) in figures {
            if let Some(value) = value {
                write!(f, ", {key}={value}")?;
            }
        }
        Ok(())
    }
}

/// The comment lichess writes after a move, which lichess and
/// python-chess read back: `[%eval 0.35]` (pawns, White's view; `#3` or
/// `#-3` for a mate) and `[%clk 0:01:05]` (the mover's clock after the
/// move). `None` when there is neither.
pub fn lichess_comment(eval: Option<Score>, clock: Option<Duration>) -> Option<String> {
    let eval = eval.map(|score| match score {
        Score::Centipawns(cp) => {
            let sign = if cp < 0 { "-" } else { "" };
            let abs = cp.unsigned_abs();
            format!("[%eval {sign}{}.{:02}]", abs / 100, abs % 100)
        }
        Score::Mate(n) => format!("[%eval #{n}]"),
    });
    let clock = clock.map(|left| {
        let s = left.as_secs();
        format!("[%clk {}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60)
    });
    let parts: Vec<String> = eval.into_iter().chain(clock).collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// One move and the comment that follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    pub text: String,
    pub comment: Option<String>,
}

impl PgnMove {
    pub fn new(text: impl Into<String>) -> Self {
        PgnMove {
            text: text.into(),
            comment: None,
        }
    }

    /// A move with an engine evaluation comment.
    pub fn evaluated(text: impl Into<String>, eval: Evaluation) -> Self {
        PgnMove {
            text: text.into(),
            comment: Some(eval.to_string()),
        }
    }

    /// A move taken from the opening book.
    pub fn book(text: impl Into<String>) -> Self {
        PgnMove {
            text: text.into(),
            comment: Some("book".into()),
        }
    }
}

/// A whole game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// Number of the first move (from the FEN's move counter).
    pub first_move_number: u32,
    /// Whether the first move is Black's (the position came from a FEN).
    pub black_first: bool,
    pub moves: Vec<PgnMove>,
    pub result: Option<GameResult>,
    /// Comment placed just before the result: why the game ended.
    pub final_comment: Option<String>,
}

/// The tag naming a rule set other than a game's default (`2016`).
const VARIANT_TAG: &str = "Variant";

/// The tags our own games carry; everything optional beyond the Seven Tag
/// Roster goes into `extra`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`, with `??` for unknown parts.
    pub date: String,
    pub round: String,
    pub white: String,
    pub black: String,
    /// PGN time control text, such as `40/60` or `6+0.1`.
    pub time_control: Option<String>,
    /// Starting position when it is not the standard one.
    pub fen: Option<String>,
    pub termination: Option<Termination>,
    pub extra: Vec<(String, String)>,
}

impl PgnGame {
    /// A game with the tags of `header` in the standard order: the Seven
    /// Tag Roster, then SetUp/FEN, TimeControl, Termination and extras.
    pub fn new(header: Header) -> Self {
        let mut tags: Vec<(String, String)> = [
            ("Event", header.event),
            ("Site", header.site),
            ("Date", header.date),
            ("Round", header.round),
            ("White", header.white),
            ("Black", header.black),
            ("Result", GameResult::Unfinished.as_str().to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        if let Some(fen) = header.fen {
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), fen));
        }
        if let Some(tc) = header.time_control {
            tags.push(("TimeControl".into(), tc));
        }
        if let Some(t) = header.termination {
            tags.push(("Termination".into(), t.as_str().into()));
        }
        tags.extend(header.extra);
        PgnGame {
            tags,
            first_move_number: 1,
            ..PgnGame::default()
        }
    }

    /// Numbers the moves as a game from `start` would: from its move
    /// number, Black first if Black is to move.
    pub fn number_from(&mut self, start: &dyn DynGame) {
        self.first_move_number = start.move_number();
        self.black_first = start.side_to_move() == Side::Black;
    }

    /// Sets the `Variant` tag (placed just after the Seven Tag Roster), or
    /// removes it for `None`: a game of a default rule set has none, so
    /// `set_variant(game_type.variant())` marks a game's rule set.
    pub fn set_variant(&mut self, variant: Option<&str>) {
        self.tags.retain(|(k, _)| k != VARIANT_TAG);
        if let Some(v) = variant {
            let at = self
                .tags
                .iter()
                .position(|(k, _)| k == "Result")
                .map_or(self.tags.len(), |i| i + 1);
            self.tags
                .insert(at, (VARIANT_TAG.to_string(), v.to_string()));
        }
    }

    /// The rule set named by the `Variant` tag; `None` for a game's
    /// default rules.
    pub fn variant(&self) -> Option<&str> {
        self.tag(VARIANT_TAG)
    }

    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an existing one in place or appending.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// Sets the result, in the movetext and in the `Result` tag.
    pub fn set_result(&mut self, result: GameResult) {
        self.result = Some(result);
        self.set_tag("Result", result.as_str());
    }

    /// The result from the movetext marker, else from the `Result` tag.
    pub fn outcome(&self) -> GameResult {
        self.result
            .or_else(|| self.tag("Result").and_then(GameResult::parse))
            .unwrap_or(GameResult::Unfinished)
    }
}

#[cfg(test)]
mod tests {
    use super::{
        lichess_comment, Evaluation, GameResult, Header, InfoStats, PgnGame, Score, Termination,
    };
    use crate::GameKind;
    use search::Side;
    use std::time::Duration;

    #[test]
    fn lichess_comments_carry_the_eval_and_the_clock() {
        let clock = Some(Duration::from_millis(3_725_400));
        assert_eq!(
            lichess_comment(Some(Score::Centipawns(-35)), clock).as_deref(),
            Some("[%eval -0.35] [%clk 1:02:05]")
        );
        assert_eq!(
            lichess_comment(Some(Score::Mate(-3)), None).as_deref(),
            Some("[%eval #-3]")
        );
        assert_eq!(
            lichess_comment(None, Some(Duration::from_secs(59))).as_deref(),
            Some("[%clk 0:00:59]")
        );
        assert_eq!(lichess_comment(None, None), None);
    }

    #[test]
    fn scores_print_like_cutechess() {
        assert_eq!(Score::Centipawns(25).to_string(), "+0.25");
        assert_eq!(Score::Centipawns(-103).to_string(), "-1.03");
        assert_eq!(Score::Centipawns(-7).to_string(), "-0.07");
        assert_eq!(Score::Centipawns(0).to_string(), "0.00");
        assert_eq!(Score::Mate(5).to_string(), "+M5");
        assert_eq!(Score::Mate(-3).to_string(), "-M3");
        let e = Evaluation {
            score: Some(Score::Centipawns(31)),
            depth: Some(14),
            time: Duration::from_millis(512),
            ..Evaluation::default()
        };
        assert_eq!(e.to_string(), "+0.31/14 0.512s");
        let stats = InfoStats {
            nodes: Some(12345),
            seldepth: Some(20),
            nps: Some(987654),
            ..InfoStats::default()
        };
        let e = Evaluation { stats, ..e };
        assert_eq!(e.to_string(), "+0.31/14 0.512s, n=12345, sd=20, nps=987654");
    }

    #[test]
    fn time_left_and_latency_come_before_the_figures_as_in_fastchess() {
        let e = Evaluation {
            score: Some(Score::Centipawns(-5)),
            depth: Some(3),
            time: Duration::from_millis(302),
            time_left: Some(Duration::from_millis(9_798)),
            latency_ms: Some(2),
            stats: InfoStats {
                nodes: Some(40),
                ..InfoStats::default()
            },
        };
        assert_eq!(
            e.to_string(),
            "-0.05/3 0.302s, tl=9.798s, latency=0.002s, n=40"
        );
        // An engine that counts more time than the referee measured.
        let e = Evaluation {
            time_left: None,
            latency_ms: Some(-1_004),
            stats: InfoStats::default(),
            ..e
        };
        assert_eq!(e.to_string(), "-0.05/3 0.302s, latency=-1.004s");
    }

    #[test]
    fn header_tags_in_standard_order() {
        let g = PgnGame::new(Header {
            event: "E".into(),
            white: "w".into(),
            black: "b".into(),
            fen: Some("8/8 w".into()),
            time_control: Some("6+0.1".into()),
            termination: Some(Termination::TimeForfeit),
            ..Header::default()
        });
        let names: Vec<&str> = g.tags.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            names,
            [
                "Event",
                "Site",
                "Date",
                "Round",
                "White",
                "Black",
                "Result",
                "SetUp",
                "FEN",
                "TimeControl",
                "Termination"
            ]
        );
        assert_eq!(g.tag("Termination"), Some("time forfeit"));
        assert_eq!(g.outcome(), GameResult::Unfinished);
    }

    #[test]
    fn a_variant_tag_follows_the_roster() {
        let mut g = PgnGame::new(Header {
            fen: Some("8/8 w".into()),
            ..Header::default()
        });
        g.set_variant(Some("2016"));
        assert_eq!(g.tags[7], ("Variant".to_string(), "2016".to_string()));
        assert_eq!(g.tag("SetUp"), Some("1"));
        g.set_variant(Some("2018"));
        assert_eq!(g.variant(), Some("2018"));
        assert_eq!(g.tags.len(), 10);
        // The default rule set of each game has no tag.
        let mark = |g: &mut PgnGame, kind: GameKind| g.set_variant(kind.game().variant());
        mark(&mut g, GameKind::Leiserchess);
        assert_eq!(g.variant(), None);
        mark(&mut g, GameKind::Chess);
        assert_eq!(g.tags.len(), 9);
        mark(&mut g, GameKind::Leiserchess2016);
        assert_eq!(g.variant(), Some("2016"));
        mark(&mut g, GameKind::Chess);
        // Written and read back.
        g.set_variant(Some("2016"));
        let text = crate::pgn::write_game(&g);
        assert!(
            text.contains("[Result \"*\"]\n[Variant \"2016\"]\n"),
            "{text}"
        );
        let back = crate::pgn::read_games(&text).expect("reads");
        assert_eq!(back[0].variant(), Some("2016"));
    }

    #[test]
    fn results_parse_and_print() {
        for r in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
            GameResult::Unfinished,
        ] {
            assert_eq!(GameResult::parse(r.as_str()), Some(r));
        }
        assert_eq!(GameResult::parse("½-½"), Some(GameResult::Draw));
        assert_eq!(GameResult::parse("1-1"), None);
        assert_eq!(GameResult::from_winner(None), GameResult::Draw);
        assert_eq!(
            GameResult::from_winner(Some(Side::Black)),
            GameResult::BlackWins
        );
        assert_eq!(
            Termination::parse("Time Forfeit"),
            Some(Termination::TimeForfeit)
        );
        assert_eq!(Termination::parse("mate"), None);
    }
}
