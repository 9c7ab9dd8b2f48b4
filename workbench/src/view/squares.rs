//! Square names as the page writes them: the file letter, then the rank
//! number, where the rank nearest White (Tangerine) is `first_rank` (1, or
//! 0 under the 2016 Leiserchess rules, 2016 rule 1.1). Boards of piece
//! codes are indexed `a` file first, rank nearest White first.

/// The name of the square with board index `index` (`0..64`).
pub fn square_name(index: usize, first_rank: u8) -> String {
    let file = char::from(b'a' + (index % 8) as u8);
    format!("{file}{}", index / 8 + usize::from(first_rank))
}

/// The board index of the square called `name`, if it is one.
pub fn square_index(name: &str, first_rank: u8) -> Option<usize> {
    match name.as_bytes() {
        &[file @ b'a'..=b'h', rank] => {
            let rank = rank.checked_sub(b'0' + first_rank).filter(|&r| r < 8)?;
            Some(usize::from(rank) * 8 + usize::from(file - b'a'))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_indices_agree_for_both_rank_numberings() {
        for first in [0, 1] {
            for index in 0..64 {
                let name = square_name(index, first);
                assert_eq!(square_index(&name, first), Some(index), "{name}");
            }
        }
        assert_eq!(square_name(7, 1), "h1");
        // 2016 rule 1.1: the corners are a0, h0, a7 and h7.
        assert_eq!(square_name(7, 0), "h0");
        assert_eq!(square_name(56, 0), "a7");
        assert_eq!(square_index("a8", 0), None);
        assert_eq!(square_index("a0", 1), None);
        assert_eq!(square_index("i1", 1), None);
        assert_eq!(square_index("a10", 1), None);
    }
}
