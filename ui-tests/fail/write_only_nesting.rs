use std::collections::BTreeSet;

use tfsdk_core::{TfObject, types};

/// Credentials, partly write-only.
#[derive(TfObject, Clone, PartialEq, Eq, PartialOrd, Ord)]
#[tfsdk(schema)]
struct Credentials {
    #[tfsdk(name = "user", optional)]
    user: Option<String>,
    #[tfsdk(name = "password", optional, write_only)]
    password: Option<String>,
}

#[derive(TfObject)]
#[tfsdk(schema(resource))]
struct Database {
    // Every attribute inside a write-only one must be write-only.
    #[tfsdk(name = "admin", optional, write_only)]
    admin: Option<Credentials>,
    // No set of objects may hold a write-only attribute.
    #[tfsdk(name = "users", optional)]
    users: Option<BTreeSet<Credentials>>,
    // No computed attribute may hold a write-only attribute.
    #[tfsdk(name = "defaults", computed)]
    defaults: types::List<Credentials>,
}

fn main() {}
