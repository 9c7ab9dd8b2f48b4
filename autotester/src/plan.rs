//! Everything a run needs, whichever way it was asked for (a config file,
//! fastchess-style flags, or the depth ladder).

use crate::config::{GameKind, MatchConfig, Player};
use crate::referee::{Adjudication, Rules};
use crate::runner::output::OutputOptions;
use crate::schedule::{pairings, rounds_for_games, Shard, Tournament};
use crate::stats::{RatingOptions, Sprt};
use std::path::PathBuf;
use workbench::engine::Timeouts;

/// Default seed: a fixed one, so that shards and resumed runs agree
/// without being told.
pub const DEFAULT_SEED: u64 = 1;
/// Random opening length when there is no book.
pub const DEFAULT_RANDOM_PLIES: usize = 8;

#[derive(Clone, Debug, PartialEq)]
pub enum OpeningsSpec {
    /// A book file (EPD/FEN lines, MIT's move lines, or PGN games), in
    /// seeded or file order; `plies` cuts each opening to its first moves,
    /// `start` (1-based) is the opening of round 1 in that order.
    Book {
        path: PathBuf,
        sequential: bool,
        plies: Option<usize>,
        start: usize,
    },
    Random {
        plies: usize,
    },
    Start,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MatchPlan {
    pub game: GameKind,
    /// PGN `Event`.
    pub event: String,
    pub players: Vec<Player>,
    pub tournament: Tournament,
    pub rounds: u32,
    /// 2: each opening with both colours; 1: once.
    pub games_per_round: u32,
    /// Cap on the schedule (MIT's `game_rounds`).
    pub max_games: Option<u32>,
    pub concurrency: usize,
    pub openings: OpeningsSpec,
    pub seed: u64,
    pub pgn_out: PathBuf,
    pub shard: Shard,
    pub sprt: Option<Sprt>,
    pub rules: Rules,
    pub timeouts: Timeouts,
    pub rating: RatingOptions,
    pub verbosity: Verbosity,
    /// Start again even when the PGN holds games of other settings (they
    /// are moved aside, to `<pgn>.old`).
    pub force_new: bool,
    /// The printed format, rating interval and pentanomial report.
    pub output: OutputOptions,
    /// `-live URL`: post the match's events to a web GUI's live viewer.
    pub live: Option<crate::live::LiveUrl>,
    /// `-wait N`: the pause a worker makes between two of its games
    /// (fastchess's and cutechess's), so that engines that leave work
    /// behind them (threads winding down, a slow `quit`) do not eat into
    /// the next game's clock.
    pub wait: std::time::Duration,
    /// `-log`: where the engines' traffic and the run's events are logged.
    pub log: Option<LogSpec>,
}

/// `-log file=F level=L engine=B append=B realtime=B` (fastchess's keys).
#[derive(Clone, Debug, PartialEq)]
pub struct LogSpec {
    pub path: std::path::PathBuf,
    /// The least level kept (`warn` unless given, as in fastchess).
    pub level: workbench::engine::LogLevel,
    /// Engine traffic too (always at `trace`).
    pub engine: bool,
    pub append: bool,
    /// Flush after every line.
    pub realtime: bool,
}

/// What a run prints as it goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verbosity {
    /// The line saying what is played, the progress bar and a line per
    /// finished game.
    #[default]
    Normal,
    /// No line per finished game.
    Quiet,
    /// Nothing: for a caller that shows its own progress (`tune`).
    Silent,
}

impl MatchPlan {
    /// A plan with defaults for everything but the players and output.
    pub fn new(game: GameKind, players: Vec<Player>, pgn_out: PathBuf) -> MatchPlan {
        MatchPlan {
            game,
            event: "Autotest".into(),
            players,
            tournament: Tournament::RoundRobin,
            rounds: 1,
            games_per_round: 2,
            max_games: None,
            concurrency: 1,
            openings: OpeningsSpec::Random {
                plies: DEFAULT_RANDOM_PLIES,
            },
            seed: DEFAULT_SEED,
            pgn_out,
            shard: Shard::default(),
            sprt: None,
            rules: Rules::default(),
            timeouts: Timeouts::default(),
            rating: RatingOptions::default(),
            verbosity: Verbosity::Normal,
            force_new: false,
            output: OutputOptions::default(),
            live: None,
            wait: std::time::Duration::ZERO,
            log: None,
        }
    }

    /// The plan for an MIT or TOML configuration: `game_rounds` games in
    /// all, `cpus` at once, MIT's `adjudicate` as a ply limit.
    pub fn from_config(config: &MatchConfig, pgn_out: PathBuf) -> MatchPlan {
        let mut plan = MatchPlan::new(config.game, config.players.clone(), pgn_out);
        plan.event = config.title.clone();
        plan.concurrency = config.cpus as usize;
        plan.set_total_games(config.game_rounds);
        plan.rules.adjudication = Adjudication {
            max_plies: Some(config.adjudicate),
            ..Adjudication::default()
        };
        if let Some(book) = &config.book {
            plan.openings = OpeningsSpec::Book {
                path: book.clone(),
                sequential: false,
                plies: None,
                start: 1,
            };
        }
        plan
    }

    /// Plays `games` games in all (rounds follow from the pairings).
    pub fn set_total_games(&mut self, games: u32) {
        let pairs = pairings(&self.players, self.tournament).len();
        self.rounds = rounds_for_games(games, pairs, self.games_per_round);
        self.max_games = Some(games);
    }
}
