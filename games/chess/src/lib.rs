//! Chess rules on magic bitboards.
