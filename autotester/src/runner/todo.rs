//! What a run plays: this shard's share of the schedule minus the games
//! the PGN already holds (which must be of this run's settings), none at
//! all when those games already decide the SPRT.

use super::worker::engines_moved;
use super::{resume, standings, RunError};
use crate::fingerprint::{Fingerprint, TAG};
use crate::plan::{MatchPlan, Verbosity};
use crate::report::GameRecord;
use crate::schedule::{jobs, pairings, Job};
use crate::stats::SprtDecision;
use std::collections::VecDeque;
use workbench::pgn::PgnGame;

/// Refuses a plan that cannot be played: a player without a limit, or
/// players that cannot meet.
pub fn check(plan: &MatchPlan) -> Result<(), RunError> {
    if let Some(p) = plan.players.iter().find(|p| {
        p.time_control.is_none() && p.movetime.is_none() && p.depth.is_none() && p.nodes.is_none()
    }) {
        return Err(RunError::NoLimit {
            name: p.name.clone(),
        });
    }
    if pairings(&plan.players, plan.tournament).is_empty() {
        return Err(RunError::NoPairings);
    }
    Ok(())
}

/// The games the PGN already holds, as the run counts them.
pub struct Done {
    /// Every finished game in the PGN (all shards').
    pub records: Vec<GameRecord>,
    /// This shard's games among them.
    pub resumed: usize,
    /// Whether they already decide the SPRT.
    pub sprt_decided: bool,
    /// Per player: whether its engine made a legal move in one of them.
    pub proven: Vec<bool>,
}

/// Per player of `plan`: whether its engine made a legal move in one of
/// `games`, so that a resumed run does not take a later bad move of a
/// proven engine for an engine of another game.
fn proven(plan: &MatchPlan, games: &[PgnGame]) -> Vec<bool> {
    let mut proven = vec![false; plan.players.len()];
    for g in games {
        let moved = engines_moved(&g.moves, g.black_first);
        for (tag, moved) in ["White", "Black"].into_iter().zip(moved) {
            let player = plan
                .players
                .iter()
                .position(|p| Some(p.name.as_str()) == g.tag(tag));
            if let (Some(i), true) = (player, moved) {
                proven[i] = true;
            }
        }
    }
    proven
}

/// What this run plays.
pub struct Todo {
    /// The games left to play, in schedule order.
    pub jobs: VecDeque<Job>,
    /// This shard's games in all, played or not.
    pub shard_total: usize,
    pub done: Done,
}

/// Refuses a PGN that holds games of other settings: they are never
/// resumed, nor mixed with this run's.
fn check_foreign(
    plan: &MatchPlan,
    games: &[PgnGame],
    fingerprint: &Fingerprint,
) -> Result<(), RunError> {
    let current = fingerprint.to_string();
    let foreign: Vec<&PgnGame> = games
        .iter()
        .filter(|g| g.tag(TAG) != Some(current.as_str()))
        .collect();
    let Some(first) = foreign.first() else {
        return Ok(());
    };
    let differences = match first.tag(TAG).map(str::parse::<Fingerprint>) {
        Some(Ok(old)) => {
            let found = fingerprint.differences(&old);
            if found.is_empty() {
                "the settings".to_string()
            } else {
                found.join(", ")
            }
        }
        _ => "they carry no fingerprint (another tool's games, or an older autotester's)".into(),
    };
    Err(RunError::Foreign {
        path: plan.pgn_out.display().to_string(),
        count: foreign.len(),
        differences,
    })
}

/// Whether `games` decide the SPRT of a two-player match.
fn sprt_decided(plan: &MatchPlan, games: &[GameRecord]) -> bool {
    match (&plan.sprt, &plan.players[..]) {
        (Some(sprt), [a, b]) => {
            let penta = standings::pentanomial(games, &a.name, &b.name);
            sprt.status(&penta).decision != SprtDecision::Continue
        }
        _ => false,
    }
}

impl Todo {
    /// This shard's games minus those in the PGN (read, checked against
    /// `fingerprint`, a broken last game cut off).
    pub fn new(plan: &MatchPlan, fingerprint: &Fingerprint) -> Result<Todo, RunError> {
        let existing = resume::existing(&plan.pgn_out)?;
        check_foreign(plan, &existing.games, fingerprint)?;
        if existing.cut > 0 {
            eprintln!(
                "{}: cut off an unfinished last game ({} bytes); it is played again",
                plan.pgn_out.display(),
                existing.cut
            );
        }
        let pairs = pairings(&plan.players, plan.tournament);
        let mine: Vec<_> = jobs(&pairs, plan.rounds, plan.games_per_round, plan.max_games)
            .into_iter()
            .filter(|j| plan.shard.owns(j.round))
            .collect();
        let name = |i: usize| plan.players[i].name.as_str();
        let mut todo: VecDeque<_> = mine
            .iter()
            .copied()
            .filter(|j| {
                let key = resume::key(j.round, name(j.white), name(j.black));
                !existing.keys.contains(&key)
            })
            .collect();
        let resumed = mine.len() - todo.len();
        // A test the resumed games already decide stays decided.
        let decided = sprt_decided(plan, &existing.records);
        if decided {
            todo.clear();
        }
        Ok(Todo {
            jobs: todo,
            shard_total: mine.len(),
            done: Done {
                proven: proven(plan, &existing.games),
                records: existing.records,
                resumed,
                sprt_decided: decided,
            },
        })
    }

    /// The line saying what is about to be played.
    pub fn announce(&self, plan: &MatchPlan) {
        if plan.verbosity == Verbosity::Silent {
            return;
        }
        // Not `println!`: it panics on a closed output (issue 40 item 2).
        super::output::print_line(&format!(
            "{}: {} games of {} for shard {} ({} already in {}), {} at a time, seed {}",
            plan.event,
            self.jobs.len(),
            self.shard_total,
            plan.shard,
            self.done.resumed,
            plan.pgn_out.display(),
            plan.concurrency,
            plan.seed
        ));
        if self.done.sprt_decided {
            super::output::print_line("The SPRT is already decided by the games in the PGN");
        }
    }
}
