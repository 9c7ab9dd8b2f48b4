//! Helpers for the workspace-level tests: locating and driving the built binaries.
