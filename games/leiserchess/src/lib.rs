//! Leiserchess: rules (see `shared/leiserchess-rules.md`), evaluation and engine.
