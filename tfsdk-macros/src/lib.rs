//! `#[derive(TfObject)]`.
