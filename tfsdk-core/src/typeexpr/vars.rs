//! Input variables (placeholder).
