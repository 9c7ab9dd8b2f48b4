//! fastchess/cutechess-style flags: `-engine cmd=... name=... tc=10+0.1
//! option.Hash=16`, `-each ...`, `-rounds`, `-games`, `-concurrency`,
//! `-openings file=... order=random`, `-pgnout file=...`, `-sprt elo0=...
//! elo1=... alpha=... beta=...`, `-tournament roundrobin|gauntlet`, and
//! the rest listed in `USAGE`. They build the same plan as a config file.

use super::match_flags::check_option;
use super::tc::parse_tc;
use crate::config::{GameKind, Player, DEFAULT_GAME};
use crate::plan::{LogSpec, MatchPlan, OpeningsSpec, Verbosity};
use crate::referee::{DrawRule, PgnNotation, ResignRule, Rules};
use crate::stats::{Sprt, SprtModel};
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;
use workbench::engine::LogLevel;

pub const USAGE: &str = "\
autotester -engine cmd=CMD [name=NAME] [arg=ARG]... [tc=TC | st=SECS] [depth=N] [nodes=N]
                   [timemargin=MS] [restart=on|off] [option.NAME=VALUE]...
           -engine ... [-engine ...] [-each KEY=VALUE...]
           [-game chess|leiserchess|leiserchess2016|chess960] [-variant fischerandom|standard]
           [-tournament roundrobin|gauntlet]
           [-rounds N] [-games 1|2] [-concurrency N] [-srand SEED] [-shard K/N]
           [-openings file=FILE [order=random|sequential] | plies=N | none]
           [-pgnout [file=]FILE [nodes=true] [seldepth=true] [nps=true] [hashfull=true]
                    [tbhits=true] [timeleft=true] [latency=true] [min=true]
                    [notation=san|lan|uci]] [-event NAME]
           [-log file=FILE [level=trace|info|warn|err|fatal] [engine=true|false]]
           [-sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=logistic|normalized]]
           [-resign movecount=N score=CP] [-draw movenumber=N movecount=N score=CP]
           [-maxmoves N] [-timemargin MS] [-movetimeout SECS] [-startuptimeout SECS]
           [-wait MS] [-autosaveinterval N] [-repeat] [-recover]
           [-ratinginterval N] [-report penta=true|false]
           [-output format=cutechess|fastchess|native] [-quiet] [-force-new]
           [-live http://127.0.0.1:8080]  (watch it in the web GUI at /live)
TC: SECS, SECS+INC, MOVES/SECS or inf. st=SECS: that long for every move (go movetime).
timemargin=MS: this engine's margin over its clock or move time (default -timemargin's).
restart=on: a fresh engine process for every game (off: kept between games).
-sprt model=normalized reads elo0/elo1 as normalized Elo (nElo, fastchess's default);
without model= they are logistic Elo.
-wait MS pauses each worker between its games. -autosaveinterval N (fastchess: save the
tournament state every N games) is accepted and needs nothing: a run resumes from its
PGN, which gets every game as it ends.
-variant fischerandom (= -game chess960): Chess960; each engine gets UCI_Chess960=true
(one without the option is refused), each round one of the 960 starts drawn by -srand
unless -openings gives FENs (DFRC books too); the PGN says Variant \"Chess960\".
Without -game the engines' uci answers name it (a UCI_Variant option: Leiserchess,
its value the rule set; no Leiserchess option: chess); when they cannot, the run is refused.";

#[derive(Debug, Error, PartialEq, Eq)]
pub enum FlagError {
    #[error("unknown flag {0} (see --help)")]
    Unknown(String),
    #[error("{flag}: {problem}")]
    Bad { flag: String, problem: String },
    #[error("at least two -engine flags are needed, found {0}")]
    TooFewEngines(usize),
    #[error("two engines are called {0:?}: give each a distinct name=")]
    DuplicateName(String),
}

fn bad(flag: &str, problem: impl Into<String>) -> FlagError {
    FlagError::Bad {
        flag: flag.to_string(),
        problem: problem.into(),
    }
}

fn number<T: std::str::FromStr>(flag: &str, key: &str, value: &str) -> Result<T, FlagError> {
    value
        .parse()
        .map_err(|_| bad(flag, format!("{key}={value:?} is not a valid number")))
}

/// An engine's settings as given (before `-each` fills the gaps).
#[derive(Clone, Debug, Default)]
struct EngineFlags {
    cmd: Option<String>,
    name: Option<String>,
    args: Vec<String>,
    tc: Option<String>,
    depth: Option<String>,
    nodes: Option<String>,
    st: Option<String>,
    timemargin: Option<String>,
    restart: Option<bool>,
    options: Vec<(String, String)>,
}

impl EngineFlags {
    fn set(&mut self, flag: &str, key: &str, value: &str) -> Result<(), FlagError> {
        match key {
            "cmd" => self.cmd = Some(value.to_string()),
            "name" => self.name = Some(value.to_string()),
            "arg" => self.args.push(value.to_string()),
            "tc" => self.tc = Some(value.to_string()),
            "depth" => self.depth = Some(value.to_string()),
            "nodes" => self.nodes = Some(value.to_string()),
            "st" => self.st = Some(value.to_string()),
            "timemargin" => self.timemargin = Some(value.to_string()),
            "restart" => {
                self.restart = Some(match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad(flag, format!("restart={value:?}: expected on or off"))),
                })
            }
            "proto" if value == "uci" => {}
            _ => match key.strip_prefix("option.") {
                Some(name) if !name.is_empty() => {
                    check_option(name, value).map_err(|e| bad(flag, e))?;
                    self.options.push((name.to_string(), value.to_string()))
                }
                _ => return Err(bad(flag, format!("unknown key {key:?}"))),
            },
        }
        Ok(())
    }

    /// `self` with the gaps filled from `each`.
    fn with(&self, each: &EngineFlags) -> EngineFlags {
        let mut options = each.options.clone();
        for (k, v) in &self.options {
            options.retain(|(ek, _)| ek != k);
            options.push((k.clone(), v.clone()));
        }
        EngineFlags {
            cmd: self.cmd.clone().or_else(|| each.cmd.clone()),
            name: self.name.clone().or_else(|| each.name.clone()),
            args: [each.args.clone(), self.args.clone()].concat(),
            tc: self.tc.clone().or_else(|| each.tc.clone()),
            depth: self.depth.clone().or_else(|| each.depth.clone()),
            nodes: self.nodes.clone().or_else(|| each.nodes.clone()),
            st: self.st.clone().or_else(|| each.st.clone()),
            timemargin: self.timemargin.clone().or_else(|| each.timemargin.clone()),
            restart: self.restart.or(each.restart),
            options,
        }
    }

    fn player(&self, index: usize) -> Result<Player, FlagError> {
        let flag = format!("-engine #{}", index + 1);
        let cmd = self
            .cmd
            .clone()
            .ok_or_else(|| bad(&flag, "cmd= is missing"))?;
        // Arguments are quoted so that the command line splits back exactly.
        let mut invoke = cmd.clone();
        for a in &self.args {
            invoke.push_str(&format!(" '{}'", a.replace('\'', "'\\''")));
        }
        let name = self.name.clone().unwrap_or_else(|| {
            Path::new(&cmd)
                .file_name()
                .map_or(cmd.clone(), |n| n.to_string_lossy().into_owned())
        });
        let limits = self.limits(&flag, &name)?;
        let time_margin = match &self.timemargin {
            Some(ms) => Some(Duration::from_millis(number(&flag, "timemargin", ms)?)),
            None => None,
        };
        Ok(Player {
            family: name.clone(),
            name,
            invoke,
            time_control: limits.time_control,
            depth: limits.depth,
            nodes: limits.nodes,
            movetime: limits.movetime,
            time_margin,
            restart: self.restart.unwrap_or(false),
            options: self.options.clone(),
        })
    }

    /// The engine's limits: clock (`tc=`), move time (`st=`, seconds as
    /// in cutechess and fastchess), depth and nodes; at least one, and
    /// not a clock and a move time at once (which of them bounds the move
    /// would be anybody's guess).
    fn limits(&self, flag: &str, name: &str) -> Result<Limits, FlagError> {
        let time_control = match &self.tc {
            Some(tc) => parse_tc(tc).map_err(|e| bad(flag, format!("tc={tc:?}: expected {e}")))?,
            None => None,
        };
        let movetime = match &self.st {
            Some(st) => {
                let secs: f64 = number(flag, "st", st)?;
                let t = Duration::try_from_secs_f64(secs)
                    .ok()
                    .filter(|t| !t.is_zero())
                    .ok_or_else(|| bad(flag, format!("st={st:?}: expected seconds above 0")))?;
                Some(t)
            }
            None => None,
        };
        if self.tc.is_some() && movetime.is_some() {
            return Err(bad(
                flag,
                format!("{name}: st= and tc= together: give one of them"),
            ));
        }
        let depth = match &self.depth {
            Some(d) => Some(number::<u32>(flag, "depth", d)?),
            None => None,
        };
        let nodes = match &self.nodes {
            Some(n) => Some(number::<u64>(flag, "nodes", n)?),
            None => None,
        };
        if time_control.is_none() && movetime.is_none() && depth.is_none() && nodes.is_none() {
            return Err(bad(
                flag,
                format!("{name}: give tc=, st=, depth= or nodes="),
            ));
        }
        Ok(Limits {
            time_control,
            movetime,
            depth,
            nodes,
        })
    }
}

/// What bounds an engine's search, from its keys.
struct Limits {
    time_control: Option<crate::config::TimeControl>,
    movetime: Option<Duration>,
    depth: Option<u32>,
    nodes: Option<u64>,
}

/// Splits `key=value` pairs; a bare word is an error.
fn pairs<'a>(flag: &str, values: &'a [String]) -> Result<Vec<(&'a str, &'a str)>, FlagError> {
    values
        .iter()
        .map(|v| {
            v.split_once('=')
                .ok_or_else(|| bad(flag, format!("expected key=value, found {v:?}")))
        })
        .collect()
}

fn seconds(flag: &str, values: &[String]) -> Result<Duration, FlagError> {
    let secs: f64 = number(flag, "seconds", single(flag, values)?)?;
    Duration::try_from_secs_f64(secs).map_err(|_| bad(flag, "expected seconds"))
}

fn single<'a>(flag: &str, values: &'a [String]) -> Result<&'a str, FlagError> {
    match values {
        [v] => Ok(v),
        _ => Err(bad(flag, "takes exactly one value")),
    }
}

/// What the flags ask for: the plan and whether `-game` named the game
/// (without it, the caller asks the engines: [`crate::identify`]).
#[derive(Clone, Debug)]
pub struct FlagRun {
    pub plan: MatchPlan,
    pub game: Option<GameKind>,
}

/// Parses the flags (without the program name) into a plan; its game is
/// the default one when `-game` is missing.
pub fn parse(args: &[String]) -> Result<MatchPlan, FlagError> {
    parse_run(args).map(|run| run.plan)
}

/// Parses the flags (without the program name), telling whether the game
/// was named.
pub fn parse_run(args: &[String]) -> Result<FlagRun, FlagError> {
    let mut parser = FlagParser::new();
    for (flag, values) in group_flags(args)? {
        parser.apply(flag, &values)?;
    }
    let game = parser.game;
    parser.finish().map(|plan| FlagRun { plan, game })
}

/// Groups each flag with the words after it. A word before the first flag
/// is an error; a negative number is a value, not a flag.
fn group_flags(args: &[String]) -> Result<Vec<(&str, Vec<String>)>, FlagError> {
    let mut groups: Vec<(&str, Vec<String>)> = Vec::new();
    for a in args {
        let is_flag = a.starts_with('-') && a.len() > 1 && a.parse::<f64>().is_err();
        match groups.last_mut() {
            Some((_, values)) if !is_flag => values.push(a.clone()),
            None if !is_flag => return Err(FlagError::Unknown(a.clone())),
            _ => groups.push((a.as_str(), Vec::new())),
        }
    }
    Ok(groups)
}

/// The flags seen so far. Everything but the players goes straight into
/// the plan; the players wait for the end because `-each` may come after
/// the `-engine` flags it completes.
struct FlagParser {
    engines: Vec<EngineFlags>,
    each: EngineFlags,
    /// The game `-game` named.
    game: Option<GameKind>,
    plan: MatchPlan,
}

impl FlagParser {
    fn new() -> FlagParser {
        FlagParser {
            engines: Vec::new(),
            each: EngineFlags::default(),
            game: None,
            plan: MatchPlan::new(DEFAULT_GAME, Vec::new(), PathBuf::from("autotester.pgn")),
        }
    }

    /// Hands the flag to each family in turn; none taking it means the
    /// flag is unknown.
    fn apply(&mut self, flag: &str, values: &[String]) -> Result<(), FlagError> {
        let name = flag.trim_start_matches('-');
        let known = self.engine_flag(name, flag, values)?
            || self.schedule_flag(name, flag, values)?
            || self.sprt_flag(name, flag, values)?
            || self.adjudication_flag(name, flag, values)?
            || self.engine_handling_flag(name, flag, values)?
            || self.output_flag(name, flag, values)?;
        if known {
            Ok(())
        } else {
            Err(FlagError::Unknown(flag.to_string()))
        }
    }

    /// `-engine` and `-each`; the players are built in [`Self::finish`].
    fn engine_flag(
        &mut self,
        name: &str,
        flag: &str,
        values: &[String],
    ) -> Result<bool, FlagError> {
        if name != "engine" && name != "each" {
            return Ok(false);
        }
        let mut e = EngineFlags::default();
        for (k, v) in pairs(flag, values)? {
            e.set(flag, k, v)?;
        }
        if name == "engine" {
            self.engines.push(e);
        } else {
            // A later -each overrides an earlier one key by key.
            self.each = e.with(&self.each);
        }
        Ok(true)
    }

    /// Which games are played: the game, pairings, rounds, openings,
    /// parallelism, seed and shard.
    fn schedule_flag(
        &mut self,
        name: &str,
        flag: &str,
        values: &[String],
    ) -> Result<bool, FlagError> {
        let plan = &mut self.plan;
        match name {
            "game" | "variant" => {
                let v = single(flag, values)?;
                plan.game = match v {
                    // cutechess's and fastchess's `-variant standard`.
                    "standard" if name == "variant" => GameKind::Chess,
                    _ => v.parse().map_err(|()| {
                        bad(flag, format!("{v:?}: expected {}", GameKind::expected()))
                    })?,
                };
                self.game = Some(plan.game);
            }
            "tournament" => {
                let v = single(flag, values)?;
                plan.tournament = v
                    .parse()
                    .map_err(|()| bad(flag, format!("{v:?}: expected roundrobin or gauntlet")))?;
            }
            "rounds" => plan.rounds = number(flag, "rounds", single(flag, values)?)?,
            "games" => {
                plan.games_per_round = number(flag, "games", single(flag, values)?)?;
                if !(1..=2).contains(&plan.games_per_round) {
                    return Err(bad(flag, "must be 1 or 2 (games per opening)"));
                }
            }
            "concurrency" => {
                let concurrency: usize = number(flag, "concurrency", single(flag, values)?)?;
                plan.concurrency = concurrency.max(1);
            }
            "srand" | "seed" => plan.seed = number(flag, "seed", single(flag, values)?)?,
            "shard" => {
                plan.shard = single(flag, values)?
                    .parse()
                    .map_err(|e: crate::schedule::ShardError| bad(flag, e.to_string()))?
            }
            "openings" => plan.openings = parse_openings(flag, values)?,
            // Each opening twice, colours reversed (what -games 2 does).
            "repeat" => match values {
                [] => plan.games_per_round = 2,
                [n] if n == "2" => plan.games_per_round = 2,
                _ => return Err(bad(flag, "plays each opening twice: give no value, or 2")),
            },
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// `-sprt`: stop the match once the test decides.
    fn sprt_flag(&mut self, name: &str, flag: &str, values: &[String]) -> Result<bool, FlagError> {
        if name != "sprt" {
            return Ok(false);
        }
        self.plan.sprt = Some(parse_sprt(flag, values)?);
        Ok(true)
    }

    /// When the referee ends a game early: resignation, draw and move limit.
    fn adjudication_flag(
        &mut self,
        name: &str,
        flag: &str,
        values: &[String],
    ) -> Result<bool, FlagError> {
        let adjudication = &mut self.plan.rules.adjudication;
        match name {
            "resign" => adjudication.resign = Some(parse_resign(flag, values)?),
            "draw" => adjudication.draw = Some(parse_draw(flag, values)?),
            "maxmoves" => {
                let moves: u32 = number(flag, "maxmoves", single(flag, values)?)?;
                adjudication.max_plies = Some(moves.saturating_mul(2));
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// How long engines are waited for, and what happens when they fail.
    fn engine_handling_flag(
        &mut self,
        name: &str,
        flag: &str,
        values: &[String],
    ) -> Result<bool, FlagError> {
        let plan = &mut self.plan;
        match name {
            "timemargin" => {
                let millis = number(flag, "timemargin", single(flag, values)?)?;
                plan.rules.time_margin = Duration::from_millis(millis);
            }
            "movetimeout" => plan.rules.move_timeout = seconds(flag, values)?,
            "startuptimeout" => {
                let t = seconds(flag, values)?;
                plan.timeouts.startup = t;
                plan.timeouts.ready = t;
            }
            // Always on here: a crashed or hung engine loses its game and
            // is restarted for the next one.
            "recover" => {}
            "wait" => {
                let millis = number(flag, "wait", single(flag, values)?)?;
                plan.wait = Duration::from_millis(millis);
            }
            // fastchess saves its tournament state every N games so that a
            // run can resume; ours resumes from the PGN, which is written
            // after every game, so any N is already met. Checked, though,
            // so that a typo is not taken for a setting.
            "autosaveinterval" => {
                let _: u64 = number(flag, "autosaveinterval", single(flag, values)?)?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Where results go and how much is printed.
    fn output_flag(
        &mut self,
        name: &str,
        flag: &str,
        values: &[String],
    ) -> Result<bool, FlagError> {
        match name {
            "pgnout" => self.plan.pgn_out = parse_pgnout(flag, values, &mut self.plan.rules)?,
            "log" => self.plan.log = Some(parse_log(flag, values)?),
            "event" => self.plan.event = values.join(" "),
            "quiet" => self.plan.verbosity = Verbosity::Quiet,
            "force-new" => self.plan.force_new = true,
            "live" => {
                let url = crate::live::LiveUrl::parse(single(flag, values)?);
                self.plan.live = Some(url.map_err(|e| bad(flag, e))?);
            }
            "ratinginterval" => {
                self.plan.output.rating_interval =
                    number(flag, "ratinginterval", single(flag, values)?)?
            }
            "output" => {
                for (k, v) in pairs(flag, values)? {
                    match k {
                        "format" => {
                            self.plan.output.format = v.parse().map_err(|()| {
                                bad(
                                    flag,
                                    format!(
                                        "format={v:?}: expected cutechess, fastchess or native"
                                    ),
                                )
                            })?
                        }
                        _ => return Err(bad(flag, format!("unknown key {k:?}"))),
                    }
                }
            }
            "report" => {
                for (k, v) in pairs(flag, values)? {
                    match (k, v) {
                        ("penta", "true") => self.plan.output.penta = true,
                        ("penta", "false") => self.plan.output.penta = false,
                        _ => return Err(bad(flag, format!("{k}={v}: expected penta=true|false"))),
                    }
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The plan with its players: each `-engine` completed by `-each`.
    fn finish(mut self) -> Result<MatchPlan, FlagError> {
        if self.engines.len() < 2 {
            return Err(FlagError::TooFewEngines(self.engines.len()));
        }
        let players = self
            .engines
            .iter()
            .enumerate()
            .map(|(i, e)| e.with(&self.each).player(i))
            .collect::<Result<Vec<_>, _>>()?;
        // Results and ratings are keyed by name.
        for (i, p) in players.iter().enumerate() {
            if players[..i].iter().any(|q| q.name == p.name) {
                return Err(FlagError::DuplicateName(p.name.clone()));
            }
        }
        self.plan.players = players;
        Ok(self.plan)
    }
}

/// `-pgnout FILE` or `-pgnout file=FILE [more keys]`. An unknown key is
/// refused, as `-openings` refuses one (issue 40 item 5: it was ignored).
fn parse_pgnout(flag: &str, values: &[String], rules: &mut Rules) -> Result<PathBuf, FlagError> {
    let (mut file, keys) = match values {
        [first, rest @ ..] if !first.contains('=') => (Some(first.as_str()), rest),
        _ => (None, values),
    };
    for (k, v) in pairs(flag, keys)? {
        match k {
            "file" => file = Some(v),
            // Games are always appended (a rerun resumes).
            "append" if v == "true" => {}
            k if matches!(v, "true" | "false") && rules.figures.set(k, v == "true") => {}
            "min" if matches!(v, "true" | "false") => rules.minimal_pgn = v == "true",
            "notation" => {
                rules.notation = match v {
                    "san" => PgnNotation::Record,
                    "lan" => PgnNotation::LongRecord,
                    "uci" => PgnNotation::Protocol,
                    _ => {
                        let expected = "expected san, lan or uci";
                        return Err(bad(flag, format!("notation={v}: {expected}")));
                    }
                }
            }
            _ => return Err(bad(flag, format!("unknown key {k:?}"))),
        }
    }
    match file {
        Some(f) if !f.is_empty() => Ok(PathBuf::from(f)),
        _ => Err(bad(flag, "expected file=FILE")),
    }
}

/// `-log file=F [level=trace|info|warn|err|fatal] [engine=true|false]
/// [append=true|false] [realtime=true|false] [compress=false]`.
fn parse_log(flag: &str, values: &[String]) -> Result<LogSpec, FlagError> {
    let mut path = None;
    let mut spec = LogSpec {
        path: PathBuf::new(),
        level: LogLevel::Warn,
        engine: false,
        append: true,
        realtime: true,
    };
    let boolean = |k: &str, v: &str| match v {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(bad(flag, format!("{k}={v}: expected true or false"))),
    };
    for (k, v) in pairs(flag, values)? {
        match k {
            "file" => path = Some(PathBuf::from(v)),
            "level" => spec.level = v.parse().map_err(|e: String| bad(flag, e))?,
            "engine" => spec.engine = boolean(k, v)?,
            "append" => spec.append = boolean(k, v)?,
            "realtime" => spec.realtime = boolean(k, v)?,
            "compress" => {
                if boolean(k, v)? {
                    return Err(bad(flag, "compress=true: logs are written uncompressed"));
                }
            }
            _ => return Err(bad(flag, format!("unknown key {k:?}"))),
        }
    }
    spec.path = path.ok_or_else(|| bad(flag, "give file=PATH"))?;
    Ok(spec)
}

fn parse_resign(flag: &str, values: &[String]) -> Result<ResignRule, FlagError> {
    let (mut moves, mut score) = (None, None);
    for (k, v) in pairs(flag, values)? {
        match k {
            "movecount" => moves = Some(number(flag, k, v)?),
            "score" => score = Some(number(flag, k, v)?),
            "twosided" => {}
            _ => return Err(bad(flag, format!("unknown key {k:?}"))),
        }
    }
    Ok(ResignRule {
        moves: moves.ok_or_else(|| bad(flag, "movecount= is missing"))?,
        score: score.ok_or_else(|| bad(flag, "score= is missing"))?,
    })
}

fn parse_draw(flag: &str, values: &[String]) -> Result<DrawRule, FlagError> {
    let (mut from_move, mut moves, mut score) = (0, None, None);
    for (k, v) in pairs(flag, values)? {
        match k {
            "movenumber" => from_move = number(flag, k, v)?,
            "movecount" => moves = Some(number(flag, k, v)?),
            "score" => score = Some(number(flag, k, v)?),
            _ => return Err(bad(flag, format!("unknown key {k:?}"))),
        }
    }
    Ok(DrawRule {
        from_move,
        moves: moves.ok_or_else(|| bad(flag, "movecount= is missing"))?,
        score: score.ok_or_else(|| bad(flag, "score= is missing"))?,
    })
}

/// `-openings file=FILE [format=epd|pgn] [order=random|sequential]
/// [plies=N] [start=N] [policy=round] | plies=N | none`.
pub fn parse_openings(flag: &str, values: &[String]) -> Result<OpeningsSpec, FlagError> {
    if let [v] = values {
        if v == "none" || v == "startpos" {
            return Ok(OpeningsSpec::Start);
        }
    }
    let (mut file, mut sequential, mut plies, mut start) = (None, false, None, 1);
    for (k, v) in pairs(flag, values)? {
        match k {
            "file" => file = Some(PathBuf::from(v)),
            "order" => {
                sequential = match v {
                    "sequential" => true,
                    "random" => false,
                    _ => return Err(bad(flag, "order= is random or sequential")),
                }
            }
            "plies" => plies = Some(number(flag, k, v)?),
            "start" => start = number::<usize>(flag, k, v)?.max(1),
            // The format is recognised from the file itself.
            "format" if matches!(v, "epd" | "pgn") => {}
            "format" => return Err(bad(flag, "format= is epd or pgn")),
            // One opening per round, played with both colours: the only
            // policy this tester has (fastchess's default).
            "policy" if v == "round" => {}
            "policy" => return Err(bad(flag, "policy= is round")),
            _ => return Err(bad(flag, format!("unknown key {k:?}"))),
        }
    }
    Ok(match (file, plies) {
        (Some(path), plies) => OpeningsSpec::Book {
            path,
            sequential,
            plies,
            start,
        },
        (None, Some(plies)) => OpeningsSpec::Random { plies },
        (None, None) => return Err(bad(flag, "expected file=FILE, plies=N or none")),
    })
}

fn parse_sprt(flag: &str, values: &[String]) -> Result<Sprt, FlagError> {
    let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
    let mut model = SprtModel::Logistic;
    for (k, v) in pairs(flag, values)? {
        match k {
            "elo0" => elo0 = Some(number(flag, k, v)?),
            "elo1" => elo1 = Some(number(flag, k, v)?),
            "alpha" => alpha = number(flag, k, v)?,
            "beta" => beta = number(flag, k, v)?,
            "model" if v == "logistic" => model = SprtModel::Logistic,
            "model" if v == "normalized" => model = SprtModel::Normalized,
            "model" => {
                return Err(bad(
                    flag,
                    format!("model={v:?}: expected logistic or normalized"),
                ))
            }
            _ => return Err(bad(flag, format!("unsupported {k}={v}"))),
        }
    }
    let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
        return Err(bad(flag, "elo0= and elo1= are needed"));
    };
    Sprt::new(elo0, elo1, alpha, beta)
        .map(|s| s.with_model(model))
        .map_err(|e| bad(flag, e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::{parse, FlagError};
    use crate::config::{GameKind, TimeControl};
    use crate::plan::{OpeningsSpec, Verbosity};
    use crate::schedule::Tournament;
    use std::path::PathBuf;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn a_fastchess_command_line() {
        let plan = parse(&args(
            "-engine cmd=./new name=new option.Hash=32 -engine cmd=/bin/old \
             -each tc=8+0.08 option.Threads=1 option.Hash=16 -game chess -rounds 50 \
             -concurrency 2 -openings file=book.epd order=sequential \
             -pgnout file=out.pgn -sprt elo0=0 elo1=5 alpha=0.05 beta=0.1 \
             -srand 7 -shard 2/4 -resign movecount=3 score=600 -maxmoves 100 \
             -tournament gauntlet -timemargin 50",
        ))
        .unwrap();
        assert_eq!(plan.game, GameKind::Chess);
        let [a, b] = &plan.players[..] else {
            panic!("two players")
        };
        assert_eq!((a.name.as_str(), b.name.as_str()), ("new", "old"));
        assert_eq!(
            a.time_control,
            Some(TimeControl::Fischer {
                main: 8.0,
                increment: 0.08
            })
        );
        // The engine's own option wins over -each's.
        assert_eq!(
            a.options,
            [
                ("Threads".to_string(), "1".to_string()),
                ("Hash".to_string(), "32".to_string())
            ]
        );
        assert_eq!(b.options[1], ("Hash".to_string(), "16".to_string()));
        assert_eq!(
            (plan.rounds, plan.games_per_round, plan.concurrency),
            (50, 2, 2)
        );
        assert_eq!(
            plan.openings,
            OpeningsSpec::Book {
                path: PathBuf::from("book.epd"),
                sequential: true,
                plies: None,
                start: 1,
            }
        );
        assert_eq!(plan.pgn_out, PathBuf::from("out.pgn"));
        assert_eq!(plan.sprt.map(|s| (s.elo1, s.beta)), Some((5.0, 0.1)));
        assert_eq!((plan.seed, plan.shard.to_string()), (7, "2/4".to_string()));
        assert_eq!(plan.rules.adjudication.max_plies, Some(200));
        assert_eq!(plan.tournament, Tournament::Gauntlet);
        assert_eq!(plan.rules.time_margin.as_millis(), 50);
    }

    #[test]
    fn errors_name_the_flag() {
        let e = parse(&args("-engine cmd=a depth=1")).unwrap_err();
        assert_eq!(e, FlagError::TooFewEngines(1));
        let e = parse(&args("-engine cmd=a depth=1 -engine cmd=a depth=2")).unwrap_err();
        assert_eq!(e, FlagError::DuplicateName("a".into()));
        let e = parse(&args("-engine cmd=a -engine cmd=b depth=1")).unwrap_err();
        assert!(e.to_string().contains("-engine #1: a: give tc="), "{e}");
        let e = parse(&args("-engine cmd=a tc=fast -engine cmd=b depth=1")).unwrap_err();
        assert!(e.to_string().contains("tc=\"fast\""), "{e}");
        let e = parse(&args(
            "-engine cmd=a depth=1 -engine cmd=b depth=1 -bogus 3",
        ))
        .unwrap_err();
        assert_eq!(e, FlagError::Unknown("-bogus".into()));
        let e = parse(&args(
            "-engine cmd=a depth=1 -engine cmd=b depth=1 -sprt elo0=5 elo1=0",
        ))
        .unwrap_err();
        assert!(
            e.to_string().starts_with("-sprt: SPRT needs elo0 < elo1"),
            "{e}"
        );
        let e = parse(&args(
            "-engine cmd=a depth=1 -engine cmd=b depth=1 -games 3",
        ))
        .unwrap_err();
        assert!(e.to_string().contains("1 or 2"));
        assert!(parse(&args("stray -engine cmd=a depth=1")).is_err());
    }

    #[test]
    fn every_flag_family_reaches_the_plan() {
        let plan = parse(&args(
            "-engine cmd=a depth=1 -engine cmd=b depth=1 -variant leiserchess -concurrency 0 \
             -games 1 -event Big Match -pgnout games.pgn -openings plies=4 \
             -draw movenumber=30 movecount=8 score=10 -resign movecount=3 score=500 twosided=true \
             -movetimeout 2.5 -startuptimeout 3 -quiet -recover",
        ))
        .unwrap();
        assert_eq!(plan.game, GameKind::Leiserchess);
        assert_eq!((plan.concurrency, plan.games_per_round), (1, 1));
        let old = parse(&args(
            "-engine cmd=a depth=1 -engine cmd=b depth=1 -game leiserchess2016",
        ));
        assert_eq!(old.unwrap().game, GameKind::Leiserchess2016);
        for (variant, game) in [
            ("fischerandom", GameKind::Chess960),
            ("chess960", GameKind::Chess960),
            ("standard", GameKind::Chess),
        ] {
            let plan = parse(&args(&format!(
                "-engine cmd=a depth=1 -engine cmd=b depth=1 -variant {variant}"
            )));
            assert_eq!(plan.expect("a variant").game, game, "{variant}");
        }
        let e = parse(&args(
            "-engine cmd=a depth=1 -engine cmd=b depth=1 -game go",
        ))
        .unwrap_err();
        assert!(
            e.to_string()
                .contains("leiserchess, leiserchess2016 or chess960"),
            "{e}"
        );
        assert_eq!(plan.event, "Big Match");
        assert_eq!(plan.pgn_out, PathBuf::from("games.pgn"));
        assert_eq!(plan.openings, OpeningsSpec::Random { plies: 4 });
        let adjudication = plan.rules.adjudication;
        assert_eq!(
            adjudication.draw.map(|d| (d.from_move, d.moves, d.score)),
            Some((30, 8, 10))
        );
        assert_eq!(
            adjudication.resign.map(|r| (r.moves, r.score)),
            Some((3, 500))
        );
        assert_eq!(adjudication.max_plies, None);
        assert_eq!(plan.rules.move_timeout.as_millis(), 2500);
        assert_eq!(plan.timeouts.startup.as_secs(), 3);
        assert_eq!(plan.timeouts.ready.as_secs(), 3);
        assert_eq!(plan.verbosity, Verbosity::Quiet);
        assert!(plan.sprt.is_none());
    }

    #[test]
    fn arguments_are_quoted_into_the_command() {
        let plan = parse(&args(
            "-engine cmd=mock arg=--mode arg=it's -engine cmd=b depth=1 -each depth=2",
        ))
        .unwrap();
        assert_eq!(plan.players[0].invoke, "mock '--mode' 'it'\\''s'");
        let words = workbench::engine::command_line::split(&plan.players[0].invoke).unwrap();
        assert_eq!(words, ["mock", "--mode", "it's"]);
        assert_eq!(plan.players[1].depth, Some(1));
        assert_eq!(plan.players[0].depth, Some(2));
    }
}
