//! The schedule: a deterministic list of games — round, white, black —
//! that any machine computes alike, cut into shards by round so that both
//! games of an opening stay on one machine.

use crate::config::Player;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Who meets whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tournament {
    /// Every pair of players from different families.
    #[default]
    RoundRobin,
    /// The first player against each of the others.
    Gauntlet,
}

impl FromStr for Tournament {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        match s.to_ascii_lowercase().as_str() {
            "roundrobin" | "round-robin" | "rr" => Ok(Tournament::RoundRobin),
            "gauntlet" => Ok(Tournament::Gauntlet),
            _ => Err(()),
        }
    }
}

/// One game of the schedule. Both games of a round between two players
/// share the round's opening with colours reversed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Job {
    /// 1-based; also the opening's index and the PGN `Round` tag.
    pub round: u32,
    pub white: usize,
    pub black: usize,
}

/// `--shard K/N`: this machine plays rounds `r` with `(r - 1) % N == K - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// 0-based.
    pub index: u32,
    pub count: u32,
}

impl Default for Shard {
    fn default() -> Self {
        Shard { index: 0, count: 1 }
    }
}

#[derive(Debug, Error, PartialEq, Eq)]
#[error("shard must be K/N with 1 <= K <= N, found {0:?}")]
pub struct ShardError(pub String);

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Self, ShardError> {
        let err = || ShardError(s.to_string());
        let (k, n) = s.split_once('/').ok_or_else(err)?;
        let k: u32 = k.trim().parse().map_err(|_| err())?;
        let n: u32 = n.trim().parse().map_err(|_| err())?;
        if k == 0 || n == 0 || k > n {
            return Err(err());
        }
        Ok(Shard {
            index: k - 1,
            count: n,
        })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index + 1, self.count)
    }
}

impl Shard {
    pub fn owns(&self, round: u32) -> bool {
        (round.saturating_sub(1)) % self.count == self.index
    }
}

/// The pairs of player indices that meet (first has white in odd games).
pub fn pairings(players: &[Player], tournament: Tournament) -> Vec<(usize, usize)> {
    let n = players.len();
    let meet = |a: usize, b: usize| players[a].family != players[b].family;
    match tournament {
        Tournament::RoundRobin => (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .filter(|&(a, b)| meet(a, b))
            .collect(),
        Tournament::Gauntlet => (1..n).filter(|&b| meet(0, b)).map(|b| (0, b)).collect(),
    }
}

/// Rounds needed for `games` games with `pairs` pairings and two games
/// per pairing and round.
pub fn rounds_for_games(games: u32, pairs: usize, games_per_round: u32) -> u32 {
    let per_round = (pairs as u64 * u64::from(games_per_round)).max(1);
    u64::from(games)
        .div_ceil(per_round)
        .min(u64::from(u32::MAX)) as u32
}

/// Every game, in order: rounds, then pairings, then colours; at most
/// `max_games` (the whole schedule, before sharding).
pub fn jobs(
    pairs: &[(usize, usize)],
    rounds: u32,
    games_per_round: u32,
    max_games: Option<u32>,
) -> Vec<Job> {
    let limit = max_games.map_or(usize::MAX, |m| m as usize);
    let mut out = Vec::new();
    'all: for round in 1..=rounds {
        for &(a, b) in pairs {
            for game in 0..games_per_round.clamp(1, 2) {
                if out.len() >= limit {
                    break 'all;
                }
                let (white, black) = if game == 0 { (a, b) } else { (b, a) };
                out.push(Job {
                    round,
                    white,
                    black,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{jobs, pairings, rounds_for_games, Job, Shard, ShardError, Tournament};
    use crate::config::Player;

    fn player(name: &str, family: &str) -> Player {
        Player {
            name: name.into(),
            invoke: "x".into(),
            family: family.into(),
            time_control: None,
            depth: Some(1),
            nodes: None,
            movetime: None,
            time_margin: None,
            restart: false,
            options: Vec::new(),
        }
    }

    #[test]
    fn pairings_skip_families() {
        let p = [
            player("a", "a"),
            player("b", "b"),
            player("b2", "b"),
            player("c", "c"),
        ];
        assert_eq!(
            pairings(&p, Tournament::RoundRobin),
            [(0, 1), (0, 2), (0, 3), (1, 3), (2, 3)]
        );
        assert_eq!(pairings(&p, Tournament::Gauntlet), [(0, 1), (0, 2), (0, 3)]);
        assert_eq!("Gauntlet".parse(), Ok(Tournament::Gauntlet));
    }

    #[test]
    fn jobs_alternate_colours_and_stop_at_the_limit() {
        let j = jobs(&[(0, 1), (0, 2)], 2, 2, Some(7));
        assert_eq!(j.len(), 7);
        assert_eq!(
            j[..4],
            [
                Job {
                    round: 1,
                    white: 0,
                    black: 1
                },
                Job {
                    round: 1,
                    white: 1,
                    black: 0
                },
                Job {
                    round: 1,
                    white: 0,
                    black: 2
                },
                Job {
                    round: 1,
                    white: 2,
                    black: 0
                },
            ]
        );
        assert_eq!(
            j[6],
            Job {
                round: 2,
                white: 0,
                black: 2
            }
        );
        assert_eq!(rounds_for_games(7, 2, 2), 2);
        assert_eq!(rounds_for_games(1000, 1, 2), 500);
        assert_eq!(jobs(&[(0, 1)], 3, 1, None).len(), 3);
    }

    #[test]
    fn shards_split_by_round_and_cover_everything() {
        let all = jobs(&[(0, 1)], 10, 2, None);
        let shards: Vec<Shard> = (1..=3).map(|k| format!("{k}/3").parse().unwrap()).collect();
        let mut total = 0;
        for job in &all {
            let owners = shards.iter().filter(|s| s.owns(job.round)).count();
            assert_eq!(owners, 1);
            total += owners;
        }
        assert_eq!(total, all.len());
        assert!(shards[0].owns(1) && shards[0].owns(4) && shards[2].owns(3));
        assert_eq!(shards[1].to_string(), "2/3");
        for bad in ["0/3", "4/3", "1", "a/b", "1/0"] {
            assert_eq!(bad.parse::<Shard>(), Err(ShardError(bad.into())));
        }
    }
}
