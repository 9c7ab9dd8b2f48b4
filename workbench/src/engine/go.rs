//! The two commands that ask an engine for a move: `position` and `go`.
//! `go` gives the clocks in the game's dialect (`Frontend::GO_DIALECT`),
//! so the referee and the web GUI send the same command for the same
//! game.

use std::fmt::Write;
use std::time::Duration;

use search::{Clock, GoDialect, Side};

/// What bounds one search, as a `go` command says it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoLimits {
    /// White's and Black's clocks, where they run. A side without one is
    /// shown the other's (the mover's own must be set for any clock to be
    /// sent).
    pub clocks: [Option<Clock>; 2],
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
}

impl GoLimits {
    /// The limits of `limits` for `mover`, whose clock (if any) is
    /// `limits.clock`.
    pub fn for_mover(limits: &search::Limits, mover: Side) -> GoLimits {
        let mut clocks = [None, None];
        clocks[mover.index()] = limits.clock;
        GoLimits {
            clocks,
            depth: limits.depth,
            nodes: limits.nodes,
            movetime: limits.movetime,
        }
    }
}

/// Milliseconds for a clock: a running clock is never shown as 0.
fn ms(d: Duration) -> u128 {
    d.as_millis().max(1)
}

/// The `go` command for `mover` in `dialect` (the game's,
/// `GameType::go_dialect`): the clocks, `movestogo`, then depth, nodes and
/// move time; `go infinite` when nothing bounds it.
pub fn go_command(dialect: GoDialect, mover: Side, limits: &GoLimits) -> String {
    let mut go = String::from("go");
    if let Some(own) = &limits.clocks[mover.index()] {
        match dialect {
            GoDialect::MoverClock => {
                let _ = write!(
                    go,
                    " time {} inc {}",
                    ms(own.remaining),
                    own.increment.as_millis()
                );
            }
            GoDialect::BothClocks => {
                let other = limits.clocks[mover.opponent().index()]
                    .as_ref()
                    .unwrap_or(own);
                let (white, black) = match mover {
                    Side::White => (own, other),
                    Side::Black => (other, own),
                };
                let _ = write!(
                    go,
                    " wtime {} btime {} winc {} binc {}",
                    ms(white.remaining),
                    ms(black.remaining),
                    white.increment.as_millis(),
                    black.increment.as_millis()
                );
            }
        }
        if let Some(n) = own.moves_to_go {
            let _ = write!(go, " movestogo {n}");
        }
    }
    if let Some(d) = limits.depth {
        let _ = write!(go, " depth {d}");
    }
    if let Some(n) = limits.nodes {
        let _ = write!(go, " nodes {n}");
    }
    if let Some(t) = limits.movetime {
        let _ = write!(go, " movetime {}", t.as_millis());
    }
    if go == "go" {
        go.push_str(" infinite");
    }
    go
}

/// The `position` command: `startpos` or the FEN, then the moves played
/// since, in protocol notation.
pub fn position_command(fen: Option<&str>, moves: &[String]) -> String {
    let mut position = match fen {
        Some(fen) => format!("position fen {fen}"),
        None => "position startpos".to_string(),
    };
    if !moves.is_empty() {
        position.push_str(" moves ");
        position.push_str(&moves.join(" "));
    }
    position
}

#[cfg(test)]
mod tests {
    use super::{go_command, position_command, GoLimits};
    use crate::GameKind;
    use search::{Clock, GoDialect, Side};
    use std::time::Duration;

    fn fischer(main_ms: u64, increment_ms: u64) -> Option<Clock> {
        Some(Clock {
            remaining: Duration::from_millis(main_ms),
            increment: Duration::from_millis(increment_ms),
            moves_to_go: None,
        })
    }

    #[test]
    fn go_commands_in_each_games_form() {
        let clocks = GoLimits {
            clocks: [fischer(2000, 100), fischer(3000, 200)],
            ..GoLimits::default()
        };
        assert_eq!(
            go_command(GoDialect::BothClocks, Side::Black, &clocks),
            "go wtime 2000 btime 3000 winc 100 binc 200"
        );
        assert_eq!(
            go_command(GoDialect::MoverClock, Side::Black, &clocks),
            "go time 3000 inc 200"
        );
        // Each game's own dialect.
        let dialect = |kind: GameKind| kind.game().go_dialect();
        assert_eq!(
            go_command(dialect(GameKind::Chess), Side::White, &clocks),
            "go wtime 2000 btime 3000 winc 100 binc 200"
        );
        assert_eq!(
            go_command(dialect(GameKind::Leiserchess), Side::White, &clocks),
            "go time 2000 inc 100"
        );
        let depth = GoLimits {
            depth: Some(3),
            nodes: Some(500),
            ..GoLimits::default()
        };
        assert_eq!(
            go_command(GoDialect::BothClocks, Side::White, &depth),
            "go depth 3 nodes 500"
        );
        // A clocked side facing an unclocked one sees its own clock twice.
        let one = GoLimits {
            clocks: [fischer(1000, 0), None],
            ..depth
        };
        assert_eq!(
            go_command(GoDialect::BothClocks, Side::White, &one),
            "go wtime 1000 btime 1000 winc 0 binc 0 depth 3 nodes 500"
        );
        assert_eq!(
            go_command(GoDialect::MoverClock, Side::White, &GoLimits::default()),
            "go infinite"
        );
    }

    #[test]
    fn the_movers_clock_from_search_limits() {
        let limits = search::Limits {
            depth: Some(3),
            movetime: Some(Duration::from_millis(500)),
            clock: Some(Clock {
                remaining: Duration::from_millis(9000),
                increment: Duration::from_millis(100),
                moves_to_go: Some(20),
            }),
            ..search::Limits::default()
        };
        let go = GoLimits::for_mover(&limits, Side::Black);
        let rest = "movestogo 20 depth 3 movetime 500";
        for (dialect, clocks) in [
            (GoDialect::MoverClock, "time 9000 inc 100"),
            (
                GoDialect::BothClocks,
                "wtime 9000 btime 9000 winc 100 binc 100",
            ),
        ] {
            let expected = format!("go {clocks} {rest}");
            assert_eq!(go_command(dialect, Side::Black, &go), expected);
        }
    }

    #[test]
    fn positions() {
        assert_eq!(position_command(None, &[]), "position startpos");
        let moves = ["e2e4".to_string(), "e7e5".to_string()];
        assert_eq!(
            position_command(Some("8/8 w"), &moves),
            "position fen 8/8 w moves e2e4 e7e5"
        );
    }
}
