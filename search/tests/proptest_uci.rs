//! Property tests of the UCI command parser: no input panics it, and
//! commands built from known parts parse back into those parts.

use proptest::prelude::*;
use search::uci::{parse, Command, Go};

/// A `go` parameter with a valid value, as text and as its effect.
#[derive(Clone, Debug)]
enum Param {
    WTime(i64),
    BTime(i64),
    WInc(i64),
    BInc(i64),
    MovesToGo(u32),
    Depth(u32),
    Nodes(u64),
    MoveTime(i64),
    Mate(u32),
    Infinite,
    Ponder,
}

impl Param {
    fn text(&self) -> String {
        match self {
            Param::WTime(v) => format!("wtime {v}"),
            Param::BTime(v) => format!("btime {v}"),
            Param::WInc(v) => format!("winc {v}"),
            Param::BInc(v) => format!("binc {v}"),
            Param::MovesToGo(v) => format!("movestogo {v}"),
            Param::Depth(v) => format!("depth {v}"),
            Param::Nodes(v) => format!("nodes {v}"),
            Param::MoveTime(v) => format!("movetime {v}"),
            Param::Mate(v) => format!("mate {v}"),
            Param::Infinite => "infinite".to_string(),
            Param::Ponder => "ponder".to_string(),
        }
    }

    fn apply(&self, go: &mut Go) {
        match *self {
            Param::WTime(v) => go.wtime = Some(v),
            Param::BTime(v) => go.btime = Some(v),
            Param::WInc(v) => go.winc = Some(v),
            Param::BInc(v) => go.binc = Some(v),
            Param::MovesToGo(v) => go.movestogo = Some(v),
            Param::Depth(v) => go.depth = Some(v),
            Param::Nodes(v) => go.nodes = Some(v),
            Param::MoveTime(v) => go.movetime = Some(v),
            Param::Mate(v) => go.mate = Some(v),
            Param::Infinite => go.infinite = true,
            Param::Ponder => go.ponder = true,
        }
    }
}

fn param() -> impl Strategy<Value = Param> {
    prop_oneof![
        any::<i64>().prop_map(Param::WTime),
        any::<i64>().prop_map(Param::BTime),
        any::<i64>().prop_map(Param::WInc),
        any::<i64>().prop_map(Param::BInc),
        any::<u32>().prop_map(Param::MovesToGo),
        any::<u32>().prop_map(Param::Depth),
        any::<u64>().prop_map(Param::Nodes),
        any::<i64>().prop_map(Param::MoveTime),
        any::<u32>().prop_map(Param::Mate),
        Just(Param::Infinite),
        Just(Param::Ponder),
    ]
}

/// A token that is not a `go` keyword (none ends in x) nor a number.
fn junk() -> impl Strategy<Value = String> {
    "[a-z]{0,8}x"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn no_input_panics(line in ".{0,200}") {
        let _ = parse(&line);
    }

    #[test]
    fn no_command_with_junk_panics(
        word in prop::sample::select(vec![
            "go", "position", "setoption", "perft", "bench", "uci", "isready",
            "stop", "quit", "ponderhit", "d", "eval", "ucinewgame",
        ]),
        rest in "[ -~]{0,120}",
    ) {
        let _ = parse(&format!("{word} {rest}"));
    }

    #[test]
    fn go_parameters_parse_back(params in prop::collection::vec(param(), 0..8)) {
        let line = std::iter::once("go".to_string())
            .chain(params.iter().map(Param::text))
            .collect::<Vec<_>>()
            .join(" ");
        let mut expected = Go::default();
        for p in &params {
            p.apply(&mut expected);
        }
        prop_assert_eq!(parse(&line), Ok(Some(Command::Go(expected))));
    }

    /// A bad value is reported and every other parameter kept.
    #[test]
    fn a_bad_go_value_keeps_the_rest(
        params in prop::collection::vec(param(), 1..6),
        bad_at in any::<prop::sample::Index>(),
        junk in junk(),
    ) {
        let at = bad_at.index(params.len() + 1);
        let mut texts: Vec<String> = params.iter().map(Param::text).collect();
        texts.insert(at, format!("depth {junk}"));
        let line = format!("go {}", texts.join(" "));
        let mut expected = Go::default();
        for p in &params {
            p.apply(&mut expected);
        }
        let Ok(Some(Command::Go(go))) = parse(&line) else {
            return Err(TestCaseError::fail(format!("not a go: {line}")));
        };
        prop_assert_eq!(go.problems.len(), 1, "{}", line);
        // The bad depth does not undo an earlier good one.
        let depth_before = params[..at].iter().rev().find_map(|p| match p {
            Param::Depth(d) => Some(*d),
            _ => None,
        });
        let depth_after = params[at..].iter().rev().find_map(|p| match p {
            Param::Depth(d) => Some(*d),
            _ => None,
        });
        prop_assert_eq!(go.depth, depth_after.or(depth_before));
        prop_assert_eq!(go.wtime, expected.wtime);
        prop_assert_eq!(go.nodes, expected.nodes);
        prop_assert_eq!(go.mate, expected.mate);
        prop_assert_eq!(go.infinite, expected.infinite);
    }

    #[test]
    fn searchmoves_take_every_move_up_to_the_next_keyword(
        moves in prop::collection::vec("[a-h][1-8][a-h][1-8]", 0..6),
        depth in 1u32..20,
    ) {
        let line = format!("go searchmoves {} depth {depth}", moves.join(" "));
        let Ok(Some(Command::Go(go))) = parse(&line) else {
            return Err(TestCaseError::fail(line));
        };
        prop_assert_eq!(go.searchmoves, moves);
        prop_assert_eq!(go.depth, Some(depth));
    }

    #[test]
    fn position_keeps_fen_fields_and_moves(
        fields in prop::collection::vec("[!-~&&[^m]]{1,12}", 1..7),
        moves in prop::collection::vec("[a-z0-9]{1,5}", 0..6),
    ) {
        let mut line = format!("position fen {}", fields.join(" "));
        if !moves.is_empty() {
            line.push_str(&format!(" moves {}", moves.join(" ")));
        }
        prop_assert_eq!(
            parse(&line),
            Ok(Some(Command::Position { fen: Some(fields.join(" ")), moves }))
        );
    }

    #[test]
    fn setoption_names_and_values_survive(
        name in prop::collection::vec("[A-Za-z][A-Za-z0-9]{0,8}", 1..4),
        value in prop::option::of(prop::collection::vec("[!-~]{1,8}", 1..3)),
    ) {
        prop_assume!(!name.iter().any(|w| w == "value"));
        prop_assume!(!value.as_ref().is_some_and(|v| v.iter().any(|w| w == "value")));
        let mut line = format!("setoption name {}", name.join(" "));
        if let Some(v) = &value {
            line.push_str(&format!(" value {}", v.join(" ")));
        }
        prop_assert_eq!(
            parse(&line),
            Ok(Some(Command::SetOption {
                name: name.join(" "),
                value: value.map(|v| v.join(" ")),
            }))
        );
    }
}
