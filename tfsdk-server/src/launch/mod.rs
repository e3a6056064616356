//! Launching as Terraform expects: handshake, TLS, controller, signals, debug mode.
