//! A run's fingerprint: the settings that decide what its games are —
//! game, engines (names, command lines, options), their limits (time
//! control, depth, nodes), openings (the book's contents, its order, or
//! random plies), seed and adjudication — written as the `Fingerprint`
//! tag of every game. A rerun resumes only games with its own fingerprint,
//! and `merge` joins only PGNs that share one.
//!
//! What may differ between the pieces of one run is left out: the shard,
//! concurrency, rounds (a longer rerun goes on), the output file, the
//! event name and the referee's margins.
//!
//! The tag holds one `key=value` word per setting; game and seed are shown
//! plainly, the others as short hashes (FNV-1a, the same on every machine
//! and build), so that a refusal can name the setting that differs.

use crate::config::Player;
use crate::plan::{MatchPlan, OpeningsSpec};
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use thiserror::Error;

/// The PGN tag that carries the fingerprint.
pub const TAG: &str = "Fingerprint";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fingerprint {
    /// `(setting, value)` in a fixed order.
    parts: Vec<(String, String)>,
}

#[derive(Debug, Error)]
#[error("cannot read the opening book {path} for the run's fingerprint: {source}")]
pub struct FingerprintError {
    pub path: PathBuf,
    pub source: std::io::Error,
}

/// FNV-1a, 64 bits, shown as 12 hex digits.
fn short_hash(text: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in text {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{:012x}", h >> 16)
}

/// Words joined with a separator no setting holds.
fn joined(items: impl IntoIterator<Item = String>) -> Vec<u8> {
    items
        .into_iter()
        .collect::<Vec<_>>()
        .join("\u{1f}")
        .into_bytes()
}

fn engine_text(p: &Player) -> String {
    let options: Vec<String> = p.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!(
        "{}\u{1e}{}\u{1e}{}",
        p.name,
        p.invoke,
        options.join("\u{1e}")
    )
}

fn limits_text(p: &Player) -> String {
    let mut text = format!(
        "{}\u{1e}{:?}\u{1e}{:?}",
        p.time_control.map_or_else(|| "-".into(), |tc| tc.pgn()),
        p.depth,
        p.nodes
    );
    // Only when set, so that runs from before `st=` resume.
    if let Some(t) = p.movetime {
        text.push_str(&format!("\u{1e}st {}", t.as_millis()));
    }
    text
}

impl Fingerprint {
    /// The fingerprint of `plan` (reads the opening book, if any).
    pub fn of(plan: &MatchPlan) -> Result<Fingerprint, FingerprintError> {
        let openings = match &plan.openings {
            OpeningsSpec::Book {
                path,
                sequential,
                plies,
                start,
            } => {
                let bytes = std::fs::read(path).map_err(|source| FingerprintError {
                    path: path.clone(),
                    source,
                })?;
                let mut order = if *sequential { "sequential" } else { "random" }.to_string();
                // Only when set, so that the runs of before keep their
                // fingerprints (and resume).
                if plies.is_some() || *start != 1 {
                    order += &format!(" plies {plies:?} start {start}");
                }
                short_hash(&[bytes.as_slice(), order.as_bytes()].concat())
            }
            OpeningsSpec::Random { plies } => short_hash(format!("random {plies}").as_bytes()),
            OpeningsSpec::Start => short_hash(b"start"),
        };
        let a = &plan.rules.adjudication;
        let adjudication = format!(
            "{:?} {:?} {:?}",
            a.resign.map(|r| (r.moves, r.score)),
            a.draw.map(|d| (d.from_move, d.moves, d.score)),
            a.max_plies
        );
        let parts = [
            ("game", plan.game.to_string()),
            (
                "engines",
                short_hash(&joined(plan.players.iter().map(engine_text))),
            ),
            (
                "limits",
                short_hash(&joined(plan.players.iter().map(limits_text))),
            ),
            ("openings", openings),
            ("seed", plan.seed.to_string()),
            ("adjudication", short_hash(adjudication.as_bytes())),
        ];
        Ok(Fingerprint {
            parts: parts.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
        })
    }

    /// The settings that differ from `other`'s, in words:
    /// `seed (1 in the PGN, 2 now)`, `engines`.
    pub fn differences(&self, old: &Fingerprint) -> Vec<String> {
        let value = |f: &Fingerprint, key: &str| {
            f.parts
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.clone())
        };
        let mut keys: Vec<&str> = self.parts.iter().map(|(k, _)| k.as_str()).collect();
        for (k, _) in &old.parts {
            if !keys.contains(&k.as_str()) {
                keys.push(k);
            }
        }
        keys.into_iter()
            .filter_map(|key| {
                let (now, then) = (value(self, key), value(old, key));
                (now != then).then(|| match key {
                    "game" | "seed" => format!(
                        "{key} ({} in the PGN, {} now)",
                        then.as_deref().unwrap_or("none"),
                        now.as_deref().unwrap_or("none")
                    ),
                    "engines" => "engines (names, commands or options)".to_string(),
                    "limits" => "time control, depth or nodes".to_string(),
                    _ => key.to_string(),
                })
            })
            .collect()
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.parts.iter().map(|(k, v)| format!("{k}={v}")).collect();
        f.write_str(&words.join(" "))
    }
}

impl FromStr for Fingerprint {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        let parts = s
            .split_whitespace()
            .map(|w| {
                w.split_once('=')
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .ok_or(())
            })
            .collect::<Result<Vec<_>, ()>>()?;
        if parts.is_empty() {
            return Err(());
        }
        Ok(Fingerprint { parts })
    }
}

#[cfg(test)]
mod tests {
    use super::Fingerprint;
    use crate::config::{GameKind, Player};
    use crate::plan::{MatchPlan, OpeningsSpec};
    use crate::schedule::Shard;
    use std::path::PathBuf;

    fn player(name: &str, depth: u32) -> Player {
        Player {
            name: name.into(),
            invoke: format!("./{name}"),
            family: name.into(),
            time_control: None,
            depth: Some(depth),
            nodes: None,
            movetime: None,
            time_margin: None,
            restart: false,
            options: vec![("Hash".into(), "16".into())],
        }
    }

    fn plan() -> MatchPlan {
        MatchPlan::new(
            GameKind::Chess,
            vec![player("a", 1), player("b", 2)],
            PathBuf::from("x.pgn"),
        )
    }

    #[test]
    fn shards_share_it_and_each_setting_changes_it() {
        let base = Fingerprint::of(&plan()).unwrap();
        assert_eq!(base.to_string().parse(), Ok(base.clone()));
        let mut shard = plan();
        shard.shard = "2/3".parse::<Shard>().unwrap();
        shard.concurrency = 4;
        shard.rounds = 50;
        shard.pgn_out = PathBuf::from("y.pgn");
        assert_eq!(Fingerprint::of(&shard).unwrap(), base);

        let changed = |f: &dyn Fn(&mut MatchPlan)| {
            let mut p = plan();
            f(&mut p);
            Fingerprint::of(&p).unwrap().differences(&base)
        };
        assert_eq!(
            changed(&|p| p.game = GameKind::Leiserchess),
            ["game (chess in the PGN, leiserchess now)"]
        );
        assert_eq!(changed(&|p| p.seed = 7), ["seed (1 in the PGN, 7 now)"]);
        assert_eq!(
            changed(&|p| p.players[1].options[0].1 = "32".into()),
            ["engines (names, commands or options)"]
        );
        assert_eq!(
            changed(&|p| p.players[0].depth = Some(3)),
            ["time control, depth or nodes"]
        );
        assert_eq!(
            changed(&|p| p.openings = OpeningsSpec::Random { plies: 4 }),
            ["openings"]
        );
        assert_eq!(
            changed(&|p| p.rules.adjudication.max_plies = Some(200)),
            ["adjudication"]
        );
        assert!("".parse::<Fingerprint>().is_err());
        assert!("game chess".parse::<Fingerprint>().is_err());
    }
}
