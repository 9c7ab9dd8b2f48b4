//! The inputs: each piece on its square, seen from one side (the
//! perspective), in one of a few sets of inputs chosen by where that
//! side's king stands (its king bucket).
//!
//! The view of a perspective: for White the board as it is; for Black
//! the board flipped vertically (`sq ^ 56`) with the colours swapped
//! (own and enemy). Then, if the perspective's own king stands on files
//! e-h in that view, every square is mirrored horizontally (`sq ^ 7`), so
//! that the king always stands on files a-d. The king's square in that
//! view picks the bucket ([`KingBuckets`]), and a piece's input is
//! `bucket * 768 + relative_colour * 384 + role * 64 + square`.

use crate::color::Color;
use crate::position::Position;
use crate::role::Role;
use crate::square::Square;

/// Inputs per king bucket: 2 colours (own, enemy) × 6 roles × 64 squares.
pub const INPUTS_PER_BUCKET: usize = 768;

/// The most king buckets a layout may have: one per square of files a-d.
pub const MAX_KING_BUCKETS: usize = 32;

/// Where the perspective's own king stands, after the flip for Black and
/// the horizontal mirror (so its file is a-d), indexed `rank * 4 + file`
/// (rank 0..8, file 0..4), mapped to a bucket number. Each bucket has its
/// own [`INPUTS_PER_BUCKET`] inputs. The layout is stored in the network
/// file, so other layouts can be trained and compared without code
/// changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KingBuckets(pub [u8; 32]);

/// The default layout, 4 buckets: the king on the first rank on files a-b
/// (0) or c-d (1), on the second rank (2), or further up (3).
pub const DEFAULT_BUCKETS: KingBuckets = KingBuckets([
    0, 0, 1, 1, //
    2, 2, 2, 2, //
    3, 3, 3, 3, //
    3, 3, 3, 3, //
    3, 3, 3, 3, //
    3, 3, 3, 3, //
    3, 3, 3, 3, //
    3, 3, 3, 3, //
]);

impl KingBuckets {
    /// The number of buckets: the largest bucket number plus one.
    pub const fn count(&self) -> usize {
        let mut max = 0;
        let mut i = 0;
        while i < 32 {
            if self.0[i] > max {
                max = self.0[i];
            }
            i += 1;
        }
        max as usize + 1
    }

    /// The number of inputs of a network with this layout.
    pub const fn inputs(&self) -> usize {
        INPUTS_PER_BUCKET * self.count()
    }
}

/// How one perspective sees the board: which bucket, and the square
/// transformation (the flip for Black and the mirror), fixed while its
/// king stays in the same bucket on the same side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct View {
    perspective: Color,
    /// `bucket * INPUTS_PER_BUCKET`.
    base: usize,
    /// What a square index is xor-ed with: 56 for Black, 7 for the
    /// mirror.
    xor: usize,
    /// `bucket * 2 + mirrored`: the view's place among one perspective's
    /// refresh cache entries.
    slot: usize,
}

impl View {
    /// The view of `perspective`, whose king stands on `own_king`.
    #[inline]
    pub(super) fn new(buckets: &KingBuckets, perspective: Color, own_king: Square) -> View {
        let flip = match perspective {
            Color::White => 0,
            Color::Black => 56,
        };
        let king = own_king.index() ^ flip;
        let mirrored = king & 7 >= 4;
        let mirror = if mirrored { 7 } else { 0 };
        let seen = king ^ mirror;
        let bucket = usize::from(buckets.0[(seen >> 3) * 4 + (seen & 7)]);
        View {
            perspective,
            base: bucket * INPUTS_PER_BUCKET,
            xor: flip ^ mirror,
            slot: bucket * 2 + usize::from(mirrored),
        }
    }

    /// The view of `perspective` in `pos`.
    #[inline]
    pub(super) fn of(buckets: &KingBuckets, pos: &Position, perspective: Color) -> View {
        View::new(buckets, perspective, pos.king(perspective))
    }

    /// The input of a piece of `color` and `role` on `sq`.
    #[inline]
    pub(super) fn index(self, color: Color, role: Role, sq: Square) -> usize {
        self.base
            + usize::from(color != self.perspective) * 384
            + role.index() * 64
            + (sq.index() ^ self.xor)
    }

    /// The bucket and mirror side, `bucket * 2 + mirrored`: two views of
    /// one perspective with the same slot give every piece the same
    /// input.
    #[inline]
    pub(super) fn slot(self) -> usize {
        self.slot
    }
}

/// The input of a piece of `color` and `role` on `sq`, seen by
/// `perspective`, whose king stands on `own_king` (board coordinates, not
/// flipped): `bucket * 768 + relative_colour * 384 + role * 64 +
/// view_square`, where `relative_colour` is 0 for the perspective's own
/// pieces and `view_square` is `sq` flipped for Black and mirrored when
/// the king stands on files e-h of the view.
///
/// ```
/// use chess::eval::nnue::{feature_index, DEFAULT_BUCKETS};
/// use chess::{Color, Role, Square};
/// // White's king on e1 is mirrored to d1 (bucket 1): a white pawn on e2
/// // is seen on d2.
/// let e2 = Square::parse("e2").unwrap();
/// let f = feature_index(&DEFAULT_BUCKETS, Color::White, Square::E1, Color::White, Role::Pawn, e2);
/// assert_eq!(f, 768 + 11);
/// ```
#[inline]
pub fn feature_index(
    buckets: &KingBuckets,
    perspective: Color,
    own_king: Square,
    color: Color,
    role: Role,
    sq: Square,
) -> usize {
    View::new(buckets, perspective, own_king).index(color, role, sq)
}

/// Calls `f` with the input of every piece of `pos`, seen by
/// `perspective` (White's pieces first, by role, from a1 towards h8).
#[inline]
pub fn for_each_feature(
    buckets: &KingBuckets,
    pos: &Position,
    perspective: Color,
    mut f: impl FnMut(usize),
) {
    let view = View::of(buckets, pos, perspective);
    for color in Color::ALL {
        for role in Role::ALL {
            for sq in pos.pieces(color, role) {
                f(view.index(color, role, sq));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        Square::parse(name).expect("square")
    }

    #[test]
    fn nnue_default_buckets_follow_the_layout() {
        assert_eq!(DEFAULT_BUCKETS.count(), 4);
        assert_eq!(DEFAULT_BUCKETS.inputs(), 4 * 768);
        let bucket =
            |king: &str| View::new(&DEFAULT_BUCKETS, Color::White, square(king)).base / 768;
        for (king, want) in [
            ("a1", 0),
            ("b1", 0),
            ("c1", 1),
            ("d1", 1),
            ("e1", 1),
            ("g1", 0),
            ("h1", 0),
            ("a2", 2),
            ("h2", 2),
            ("e3", 3),
            ("h8", 3),
        ] {
            assert_eq!(bucket(king), want, "{king}");
        }
        // Black's king on g8 is White's on g1, mirrored to b1.
        let black = View::new(&DEFAULT_BUCKETS, Color::Black, square("g8"));
        assert_eq!(black.base, 0);
        assert_eq!(black.slot(), 1);
        assert_eq!(KingBuckets([0; 32]).count(), 1);
    }

    #[test]
    fn nnue_feature_index_flips_and_mirrors() {
        let b = &DEFAULT_BUCKETS;
        // White's king on c1: no mirror, bucket 1.
        let f = feature_index(
            b,
            Color::White,
            square("c1"),
            Color::Black,
            Role::Knight,
            square("f6"),
        );
        assert_eq!(f, 768 + 384 + 64 + square("f6").index());
        // White's king on f1: mirrored (f6 -> c6), bucket 1 (c1).
        let f = feature_index(
            b,
            Color::White,
            square("f1"),
            Color::Black,
            Role::Knight,
            square("f6"),
        );
        assert_eq!(f, 768 + 384 + 64 + square("c6").index());
        // Black's king on b8 is seen on b1 (bucket 0); its own queen on d8
        // is seen on d1, as an own piece.
        let f = feature_index(
            b,
            Color::Black,
            square("b8"),
            Color::Black,
            Role::Queen,
            square("d8"),
        );
        assert_eq!(f, 4 * 64 + square("d1").index());
        // Black's king on e7 is seen on e2, mirrored to d2 (bucket 2); a
        // white pawn on a2 is seen on a7, mirrored to h7, as an enemy.
        let f = feature_index(
            b,
            Color::Black,
            square("e7"),
            Color::White,
            Role::Pawn,
            square("a2"),
        );
        assert_eq!(f, 2 * 768 + 384 + square("h7").index());
    }

    #[test]
    fn nnue_colour_flipped_positions_have_the_same_features() {
        let a = Position::from_fen("r3k2r/pp3ppp/2n5/3q4/8/2N5/PP3PPP/R2QK2R w KQkq - 0 1");
        let b = Position::from_fen("r2qk2r/pp3ppp/2n5/8/3Q4/2N5/PP3PPP/R3K2R b KQkq - 0 1");
        let (a, b) = (a.expect("fen"), b.expect("fen"));
        for (pa, pb) in [(Color::White, Color::Black), (Color::Black, Color::White)] {
            let mut fa = Vec::new();
            let mut fb = Vec::new();
            for_each_feature(&DEFAULT_BUCKETS, &a, pa, |f| fa.push(f));
            for_each_feature(&DEFAULT_BUCKETS, &b, pb, |f| fb.push(f));
            fa.sort_unstable();
            fb.sort_unstable();
            assert_eq!(fa, fb);
            assert_eq!(fa.len(), 20);
        }
    }
}
