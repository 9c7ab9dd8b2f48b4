//! The autotester: matches, referee, PGN, Elo and SPRT.
