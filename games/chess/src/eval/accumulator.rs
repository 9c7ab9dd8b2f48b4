//! What the evaluation tells as it goes ([`Accumulator`]) and the two
//! sums of it the engine uses: the score ([`Scorer`]) and the score per
//! report term ([`GroupScorer`]).

use super::{layout, Weights, S};
use crate::color::Color;
use crate::role::Role;

/// What the evaluation tells as it goes: `count` times weight `index` (of
/// [`layout`]) for one side. One evaluation, written once over this trait,
/// either sums scores ([`Scorer`]), sums them per report term
/// ([`GroupScorer`]) or records each weight's coefficient for the tuner
/// ([`trace::Tracer`]).
pub trait Accumulator {
    /// `count` times weight `index`, for `us`.
    fn add(&mut self, us: Color, index: usize, count: i32);

    /// A piece of `role` on `sq` (from `us`'s view): its material and
    /// piece-square weights.
    #[inline]
    fn piece(&mut self, us: Color, role: Role, sq: usize) {
        self.add(us, layout::MATERIAL + role.index(), 1);
        self.add(us, layout::PST + role.index() * 64 + sq, 1);
    }
}

/// Sums the weights of each side: the engine's evaluation.
pub struct Scorer<'w> {
    pub(super) weights: &'w Weights,
    pub(super) sides: [S; 2],
}

impl<'w> Scorer<'w> {
    #[inline]
    pub fn new(weights: &'w Weights) -> Self {
        Scorer {
            weights,
            sides: [S::default(); 2],
        }
    }

    /// White's total minus Black's.
    #[inline]
    pub fn white_minus_black(&self) -> S {
        self.sides[0] - self.sides[1]
    }
}

impl Accumulator for Scorer<'_> {
    #[inline(always)]
    fn add(&mut self, us: Color, index: usize, count: i32) {
        self.sides[us.index()] += self.weights.get(index) * count;
    }

    #[inline(always)]
    fn piece(&mut self, us: Color, role: Role, sq: usize) {
        self.sides[us.index()] += self.weights.piece_square(role.index(), sq);
    }
}

/// The terms of the `eval` report, in [`layout::group`]'s order.
pub const GROUP_NAMES: [&str; 7] = [
    "material+pst",
    "mobility",
    "pawns",
    "passed",
    "king safety",
    "threats",
    "pieces",
];

/// Sums the weights per side and per report term.
pub(super) struct GroupScorer<'w> {
    pub(super) weights: &'w Weights,
    pub(super) groups: [[S; GROUP_NAMES.len()]; 2],
}

impl Accumulator for GroupScorer<'_> {
    fn add(&mut self, us: Color, index: usize, count: i32) {
        self.groups[us.index()][layout::group(index)] += self.weights.get(index) * count;
    }
}
