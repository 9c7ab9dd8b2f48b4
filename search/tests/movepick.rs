//! The move picker: every move exactly once, in the contract's order, and
//! `retain_quiets` leaving exactly the noisy moves not yet returned and
//! the quiet ones it keeps, in the same order.

mod common;

use common::random_tree::{RandomTree, TreeMove};
use search::history::History;
use search::movepick::{MovePicker, OrderingContext};
use search::{GameMove, HistoryIndex, NoisyKey, Rules, Searchable};

/// The ordering context of `pos`'s root, without killers.
fn context<'a>(
    pos: &RandomTree,
    history: &'a History,
    continuation: &'a History,
    earlier: [Option<usize>; 2],
    captures: Option<(&'a History, i32)>,
) -> OrderingContext<'a, TreeMove> {
    OrderingContext {
        history,
        killers: [None, None],
        counter: None,
        side: pos.side_to_move(),
        continuation,
        earlier,
        captures,
    }
}

/// Picks every move of `pos`'s root, calling `retain_quiets` with
/// [`kept`] after `skip_at` moves (if given). Returns the moves, whether
/// each was noisy, and its place in the order with the dropped moves
/// counted (1 for the first).
fn pick_all(
    pos: &RandomTree,
    history: &History,
    skip_at: Option<usize>,
) -> Vec<(TreeMove, bool, usize)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut picker = MovePicker::new(moves, Vec::new(), Vec::new(), 0);
    let no_replies = History::new(0, 0, 1);
    let ctx = context(pos, history, &no_replies, [None, None], None);
    let mut out = Vec::new();
    let mut place = 0;
    while let Some(mv) = picker.next(pos, &ctx) {
        let noisy = picker
            .last_is_noisy()
            .expect("scored before the first pick");
        place += 1 + picker.dropped_before_last();
        out.push((mv, noisy, place));
        if Some(out.len()) == skip_at {
            picker.retain_quiets(kept);
        }
    }
    out
}

/// The first random root (by seed) where `moves_of` finds at least `count`
/// moves, and those moves.
fn first_root_with(
    count: usize,
    moves_of: impl Fn(&RandomTree) -> Vec<TreeMove>,
) -> (RandomTree, Vec<TreeMove>) {
    (0..1_000u64)
        .find_map(|seed| {
            let pos = RandomTree::new(seed, 0, false);
            let moves = moves_of(&pos);
            (moves.len() >= count).then_some((pos, moves))
        })
        .unwrap_or_else(|| panic!("no root with {count} such moves"))
}

/// The quiet moves the test's `retain_quiets` keeps: every third.
fn kept(mv: TreeMove) -> bool {
    mv.0.is_multiple_of(3)
}

#[test]
fn picker_returns_each_move_once_and_dropping_quiets_keeps_the_order_of_the_rest() {
    let mut history = History::new(2, RandomTree::MOVE_INDEX_COUNT, 1000);
    let mut checked = 0;
    for seed in 0..2_000u64 {
        let pos = RandomTree::new(seed, 0, false);
        // Some history so quiet moves are not all equal.
        for i in 0..RandomTree::MOVE_INDEX_COUNT {
            history.update(
                pos.side_to_move().index(),
                i,
                ((seed * 7 + i as u64 * 13) % 200) as i32 - 100,
            );
        }
        let full = pick_all(&pos, &history, None);
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let mut picked: Vec<u16> = full.iter().map(|(m, _, _)| m.0).collect();
        picked.sort_unstable();
        let mut expected: Vec<u16> = legal.iter().map(|m| m.0).collect();
        expected.sort_unstable();
        assert_eq!(picked, expected, "seed {seed}: every move exactly once");
        for (i, (mv, noisy, place)) in full.iter().enumerate() {
            assert_eq!(*noisy, pos.noisy_key(*mv).is_some(), "seed {seed}: {mv}");
            assert_eq!(*place, i + 1, "seed {seed}: nothing dropped");
        }
        for skip_at in 1..full.len() {
            let skipped = pick_all(&pos, &history, Some(skip_at));
            let mut want: Vec<_> = full[..skip_at].to_vec();
            want.extend(
                full[skip_at..]
                    .iter()
                    .filter(|&&(mv, noisy, _)| noisy || kept(mv)),
            );
            assert_eq!(skipped, want, "seed {seed}, skip after {skip_at}");
            checked += 1;
        }
    }
    assert!(checked > 1_000, "only {checked} skips checked");
}

#[test]
fn reduction_history_is_the_mean_of_the_tables_the_ordering_sums() {
    let pos = RandomTree::new(7, 0, false);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mv = moves[0];
    let side = pos.side_to_move().index();
    let mut history = History::new(2, RandomTree::MOVE_INDEX_COUNT, 1000);
    history.update(side, pos.move_index(mv), 60);
    // The random tree puts every move at `piece_to` 0: one entry per row.
    let mut replies = History::new(3, 1, 1000);
    replies.update(1, 0, 90);
    replies.update(2, 0, 30);
    let ctx = |earlier| context(&pos, &history, &replies, earlier, None);
    let plain = ctx([None, None]);
    assert_eq!(plain.quiet_score(&pos, mv), 60);
    assert_eq!(plain.reduction_history(&pos, mv), 60);
    let both = ctx([Some(1), Some(2)]);
    assert_eq!(both.quiet_score(&pos, mv), 180);
    assert_eq!(both.reduction_history(&pos, mv), 60);
    assert_eq!(ctx([Some(1), None]).reduction_history(&pos, mv), 75);
}

#[test]
fn capture_history_adds_to_a_noisy_moves_hint_only_when_on() {
    let pos = RandomTree::new(11, 0, false);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mv = moves[0];
    let history = History::new(2, RandomTree::MOVE_INDEX_COUNT, 1000);
    let no_replies = History::new(0, 0, 1);
    // The random tree puts every move at `piece_to` 0.
    let mut captures = History::new(1, 1, 1000);
    captures.update(0, 0, -800);
    let ctx = |captures| context(&pos, &history, &no_replies, [None, None], captures);
    assert_eq!(ctx(None).noisy_score(&pos, mv, 500), 500);
    assert_eq!(ctx(Some((&captures, 8))).noisy_score(&pos, mv, 500), 400);
    // A divisor of 0 (a bad setting) does not divide by zero.
    assert_eq!(ctx(Some((&captures, 0))).noisy_score(&pos, mv, 500), -300);
}

#[test]
fn the_counter_move_follows_the_killers_and_precedes_other_quiets() {
    let (pos, quiets) = first_root_with(4, |pos| {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves.retain(|m| pos.noisy_key(*m).is_none());
        moves
    });
    let history = History::new(2, RandomTree::MOVE_INDEX_COUNT, 1000);
    let no_replies = History::new(0, 0, 1);
    let order = |counter: Option<TreeMove>| {
        let mut ctx = context(&pos, &history, &no_replies, [None, None], None);
        ctx.killers = [Some(quiets[1]), None];
        ctx.counter = counter;
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut picker = MovePicker::new(moves, Vec::new(), Vec::new(), 0);
        let mut out = Vec::new();
        while let Some(mv) = picker.next(&pos, &ctx) {
            if pos.noisy_key(mv).is_none() {
                out.push(mv);
            }
        }
        out
    };
    let last = *quiets.last().expect("four quiets");
    // Without a counter move, equal histories keep the generation order.
    assert_eq!(order(None)[..2], [quiets[1], quiets[0]]);
    assert_eq!(order(Some(last))[..3], [quiets[1], last, quiets[0]]);
    // A counter move that is also a killer keeps its killer place.
    assert_eq!(order(Some(quiets[1]))[..2], [quiets[1], quiets[0]]);
}

#[test]
fn the_table_move_is_known_only_when_it_is_one_of_the_moves() {
    let pos = RandomTree::new(3, 0, false);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(moves.len() >= 2, "a root with two moves");
    let second = moves[1];
    let picker = MovePicker::new(moves.clone(), Vec::new(), Vec::new(), second.to_u16());
    assert_eq!(picker.tt_move(), Some(second));
    let none = MovePicker::new(moves.clone(), Vec::new(), Vec::new(), 0);
    assert_eq!(none.tt_move(), None);
    // A packed move not in the list (a collision) is not the table move.
    let unknown = (0..=u16::MAX)
        .find(|&p| p != 0 && moves.iter().all(|m| m.to_u16() != p))
        .expect("a packed move outside the list");
    assert_eq!(
        MovePicker::new(moves, Vec::new(), Vec::new(), unknown).tt_move(),
        None
    );
}

/// Every move of a picker over `pos`'s noisy moves, with the keys the
/// generator found (`known`) or without them, the table move `tt_move`.
fn pick_noisy(pos: &RandomTree, known: bool, tt_move: u16) -> Vec<(TreeMove, Option<bool>)> {
    let mut moves = Vec::new();
    let mut keys = Vec::new();
    pos.noisy_moves(&mut moves, &mut keys);
    if !known {
        keys.clear();
    }
    let history = History::new(2, RandomTree::MOVE_INDEX_COUNT, 1000);
    let no_replies = History::new(0, 0, 1);
    let ctx = context(pos, &history, &no_replies, [None, None], None);
    let mut picker = MovePicker::new(moves, Vec::new(), keys, tt_move);
    let mut out = Vec::new();
    while let Some(mv) = picker.next(pos, &ctx) {
        out.push((mv, picker.last_loses_exchange()));
    }
    out
}

#[test]
fn noisy_keys_from_the_generator_order_as_the_games_own() {
    let mut compared = 0;
    for seed in 0..500u64 {
        let pos = RandomTree::new(seed, 0, false);
        let mut noisy = Vec::new();
        pos.noisy_moves(&mut noisy, &mut Vec::new());
        // The table move anywhere in the list (the keys turn with it).
        for tt_move in std::iter::once(0).chain(noisy.iter().map(|m| m.to_u16())) {
            let asked = pick_noisy(&pos, false, tt_move);
            assert_eq!(pick_noisy(&pos, true, tt_move), asked, "seed {seed}");
            compared += asked.len();
        }
    }
    assert!(compared > 1_000, "only {compared} moves compared");
}

#[test]
fn an_exchange_the_game_knows_is_not_asked_again() {
    // A key that answers `see_ge(mv, 0)` is trusted over `see_ge`: given
    // the opposite answer, each move lands in the other noisy stage.
    let (pos, moves) = first_root_with(3, |pos| {
        let mut moves = Vec::new();
        pos.noisy_moves(&mut moves, &mut Vec::new());
        moves
    });
    let flipped: Vec<_> = moves
        .iter()
        .map(|&mv| NoisyKey {
            see_ge_zero: Some(!pos.see_ge(mv, 0)),
            ..pos.noisy_key(mv).expect("noisy")
        })
        .collect();
    let history = History::new(2, RandomTree::MOVE_INDEX_COUNT, 1000);
    let no_replies = History::new(0, 0, 1);
    let ctx = context(&pos, &history, &no_replies, [None, None], None);
    let mut picker = MovePicker::new(moves, Vec::new(), flipped, 0);
    while let Some(mv) = picker.next(&pos, &ctx) {
        assert_eq!(picker.last_loses_exchange(), Some(pos.see_ge(mv, 0)));
    }
}
