//! trybuild cases live in `fail/` and `pass/`; `tests/ui.rs` runs them.
