//! What a provider author implements for a state store: a place where Terraform keeps its
//! state files (`terraform { state_store "NAME" { ... } }`), as the Go framework's
//! `statestore` package offers. Terraform 1.15.5 uses state stores only with experiments on;
//! the calls follow protocol 6.11 as Terraform's current development sends them.

use std::future::Future;
use std::time::SystemTime;

use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::{TfSchema, View};

use crate::{Context, Provider};

/// A state store: Terraform's state files by state ID (a workspace name, `"default"` unless
/// the practitioner selected another), each read and written whole, with locks. The server
/// streams the bytes in the chunks Terraform asks for and checks them as Go's framework does;
/// the store sees whole files.
///
/// Its configuration block is the derived model [`Model`](StateStore::Model);
/// [`configure`](StateStore::configure) runs before any other call of the store (keep what it
/// makes, a client say, in the store itself: a `OnceLock` or a `Mutex`).
///
/// ```
/// use std::collections::BTreeMap;
/// use std::sync::Mutex;
///
/// use tfsdk_core::TfObject;
/// use tfsdk_core::diag::Diagnostics;
/// use tfsdk_server::{Context, LockInfo, StateStore};
/// # use tfsdk_server::{NoConfig, Provider, Registry};
/// # struct Api;
/// # impl Provider for Api {
/// #     type Config = NoConfig;
/// #     fn register(&self, registry: &mut Registry<Self>) { registry.state_store(Memory::default()); }
/// # }
///
/// /// `state_store "example_memory" { prefix = "..." }`
/// #[derive(TfObject, Clone, Debug)]
/// #[tfsdk(schema)]
/// struct MemoryConfig {
///     #[tfsdk(name = "prefix", optional)]
///     prefix: Option<String>,
/// }
///
/// #[derive(Default)]
/// struct Memory {
///     states: Mutex<BTreeMap<String, Vec<u8>>>,
///     locks: Mutex<BTreeMap<String, LockInfo>>,
/// }
///
/// impl StateStore for Memory {
///     type Provider = Api;
///     type Model = MemoryConfig;
///     const TYPE_NAME: &'static str = "example_memory";
///
///     async fn configure(&self, _: &Context<Api>, _: MemoryConfig) -> Result<(), Diagnostics> {
///         Ok(())
///     }
///     async fn states(&self, _: &Context<Api>) -> Result<Vec<String>, Diagnostics> {
///         Ok(self.states.lock().unwrap().keys().cloned().collect())
///     }
///     async fn delete_state(&self, _: &Context<Api>, id: &str) -> Result<(), Diagnostics> {
///         self.states.lock().unwrap().remove(id);
///         Ok(())
///     }
///     async fn lock(&self, _: &Context<Api>, id: &str, operation: &str) -> Result<Option<String>, Diagnostics> {
///         let mut locks = self.locks.lock().unwrap();
///         if let Some(held) = locks.get(id) {
///             return Err(LockInfo::already_locked(id, held).into());
///         }
///         let lock = LockInfo::new(operation);
///         let lock_id = lock.id.clone();
///         locks.insert(id.to_owned(), lock);
///         Ok(Some(lock_id))
///     }
///     async fn unlock(&self, _: &Context<Api>, id: &str, lock_id: &str) -> Result<(), Diagnostics> {
///         self.locks.lock().unwrap().remove(id);
///         Ok(())
///     }
///     async fn read(&self, _: &Context<Api>, id: &str) -> Result<Vec<u8>, Diagnostics> {
///         Ok(self.states.lock().unwrap().get(id).cloned().unwrap_or_default())
///     }
///     async fn write(&self, _: &Context<Api>, id: &str, state: Vec<u8>) -> Result<(), Diagnostics> {
///         self.states.lock().unwrap().insert(id.to_owned(), state);
///         Ok(())
///     }
/// }
/// ```
pub trait StateStore: Send + Sync + 'static {
    /// The provider this store belongs to; [`Context::provider`] gives it.
    type Provider: Provider;

    /// The store's configuration block: a `#[tfsdk(schema)]` struct.
    type Model: TfSchema + Send + Sync + 'static;

    /// The store's type name as configurations spell it, e.g. `"files_memory"`.
    const TYPE_NAME: &'static str;

    /// Checks a configuration in which values may still be unknown, through the model's typed
    /// view, beyond the model's declarative rules (which the server checks).
    fn validate_config(&self, config: &View<Self::Model>, diagnostics: &mut Diagnostics) {
        let _ = (config, diagnostics);
    }

    /// Readies the store with its configuration (Go's `Initialize` and `Configure`), before
    /// any other call.
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn configure(
        &self,
        ctx: &Context<Self::Provider>,
        config: Self::Model,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send;

    /// The IDs of every state the store holds (`terraform workspace list`).
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn states(
        &self,
        ctx: &Context<Self::Provider>,
    ) -> impl Future<Output = Result<Vec<String>, Diagnostics>> + Send;

    /// Deletes the state `state_id` (`terraform workspace delete`).
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn delete_state(
        &self,
        ctx: &Context<Self::Provider>,
        state_id: &str,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send;

    /// Locks the state `state_id` for `operation` (`"plan"`, `"apply"`, …) and returns the
    /// new lock's ID, which [`unlock`](StateStore::unlock) gets back; `None` when the store
    /// cannot lock (Terraform then does not unlock). A state already locked is an error that
    /// says who holds it: [`LockInfo::already_locked`] writes Go's.
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn lock(
        &self,
        ctx: &Context<Self::Provider>,
        state_id: &str,
        operation: &str,
    ) -> impl Future<Output = Result<Option<String>, Diagnostics>> + Send;

    /// Releases the lock `lock_id` of the state `state_id`. A lock that does not exist or is
    /// another one is an error.
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn unlock(
        &self,
        ctx: &Context<Self::Provider>,
        state_id: &str,
        lock_id: &str,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send;

    /// The whole state file `state_id`; empty when there is none yet.
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn read(
        &self,
        ctx: &Context<Self::Provider>,
        state_id: &str,
    ) -> impl Future<Output = Result<Vec<u8>, Diagnostics>> + Send;

    /// Stores `state` as the whole state file `state_id`.
    ///
    /// # Errors
    /// Diagnostics for Terraform.
    fn write(
        &self,
        ctx: &Context<Self::Provider>,
        state_id: &str,
        state: Vec<u8>,
    ) -> impl Future<Output = Result<(), Diagnostics>> + Send;
}

/// A lock as a store may keep it (Go's `statestore.LockInfo`): a random ID, the operation,
/// who took it and when. [`to_json`](LockInfo::to_json) and
/// [`from_json`](LockInfo::from_json) store it with Go's field names.
///
/// ```
/// use tfsdk_server::LockInfo;
///
/// let lock = LockInfo::new("apply");
/// assert_eq!(lock.id.len(), 36);
/// let stored = lock.to_json();
/// assert_eq!(LockInfo::from_json(&stored).unwrap(), lock);
/// let refused = LockInfo::already_locked("default", &lock);
/// assert_eq!(refused.summary, "Workspace Already Locked");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockInfo {
    /// The lock's ID: what [`StateStore::lock`] returns.
    pub id: String,
    /// The operation that holds the lock (`"plan"`, `"apply"`, …).
    pub operation: String,
    /// `user@host`, as far as known (empty otherwise).
    pub who: String,
    /// When the lock was taken.
    pub created: SystemTime,
}

impl LockInfo {
    /// A new lock for `operation`: a random version-4 UUID as its ID, this process's user and
    /// host, now.
    pub fn new(operation: &str) -> LockInfo {
        LockInfo {
            id: random_uuid(),
            operation: operation.to_owned(),
            who: who(),
            created: SystemTime::now(),
        }
    }

    /// Go's error for a state that `held` already locks.
    pub fn already_locked(state_id: &str, held: &LockInfo) -> Diagnostic {
        Diagnostic::error(
            "Workspace Already Locked",
            format!("{state_id:?} workspace has a lock held by another client.\n\n{held}"),
        )
    }

    /// The lock as JSON, with Go's field names (`id`, `operation`, `who`, `created` in RFC
    /// 3339).
    pub fn to_json(&self) -> String {
        serde_json::json!({
            "id": self.id,
            "operation": self.operation,
            "who": self.who,
            "created": humantime::format_rfc3339_nanos(self.created).to_string(),
        })
        .to_string()
    }

    /// A lock stored by [`to_json`](LockInfo::to_json) (or by Go's `LockInfo`).
    ///
    /// # Errors
    /// Not such a JSON object.
    pub fn from_json(text: &str) -> Result<LockInfo, String> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|error| error.to_string())?;
        let field = |name: &str| value.get(name).and_then(serde_json::Value::as_str);
        let created = field("created").ok_or("the lock has no `created` time")?;
        Ok(LockInfo {
            id: field("id").ok_or("the lock has no `id`")?.to_owned(),
            operation: field("operation").unwrap_or_default().to_owned(),
            who: field("who").unwrap_or_default().to_owned(),
            created: humantime::parse_rfc3339_weak(created).map_err(|error| error.to_string())?,
        })
    }
}

/// Go's `LockInfo.String()`, which its "Workspace Already Locked" detail shows.
impl std::fmt::Display for LockInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Lock Info:\n  ID:        {}\n  Operation: {}\n  Who:       {}\n  Created:   {}\n",
            self.id,
            self.operation,
            self.who,
            go_time(self.created)
        )
    }
}

/// A time as Go's `time.Time.String()` writes a UTC one: `2026-12-07 21:20:00.5 +0000 UTC`.
fn go_time(time: SystemTime) -> String {
    let text = humantime::format_rfc3339_nanos(time).to_string();
    let text = text.trim_end_matches('Z').replacen('T', " ", 1);
    let text = match text.split_once('.') {
        Some((seconds, fraction)) => match fraction.trim_end_matches('0') {
            "" => seconds.to_owned(),
            fraction => format!("{seconds}.{fraction}"),
        },
        None => text,
    };
    format!("{text} +0000 UTC")
}

/// A random version-4 UUID, from the system's random generator.
fn random_uuid() -> String {
    use ring::rand::SecureRandom;
    let mut bytes = [0u8; 16];
    // The system generator fails only where the OS offers none; a lock ID from the clock is
    // still unique enough then.
    if ring::rand::SystemRandom::new().fill(&mut bytes).is_err() {
        let nanos = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .unwrap_or_default()
            .as_nanos();
        bytes = nanos.to_le_bytes();
    }
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

/// `user@host`, as Go's `generateLockInfoWho`: empty when the user is not known, the user
/// alone when the host is not.
fn who() -> String {
    let user = std::env::var("USER")
        .or_else(|_| std::env::var("USERNAME"))
        .unwrap_or_default();
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|host| host.trim().to_owned())
        .or_else(|_| std::env::var("HOSTNAME"))
        .unwrap_or_default();
    match (user.is_empty(), host.is_empty()) {
        (true, _) => String::new(),
        (false, true) => user,
        (false, false) => format!("{user}@{host}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_written_as_gos_time_string() {
        let at = SystemTime::UNIX_EPOCH + std::time::Duration::from_millis(1_500);
        assert_eq!(go_time(at), "1970-01-01 00:00:01.5 +0000 UTC");
        assert_eq!(
            go_time(SystemTime::UNIX_EPOCH),
            "1970-01-01 00:00:00 +0000 UTC"
        );
    }

    #[test]
    fn lock_ids_are_version_4_uuids() {
        let id = random_uuid();
        assert_eq!(id.len(), 36);
        assert_eq!(&id[14..15], "4");
        assert!(matches!(&id[19..20], "8" | "9" | "a" | "b"), "{id}");
        assert_ne!(id, random_uuid());
    }

    #[test]
    fn an_already_locked_state_says_who_holds_it() {
        let held = LockInfo {
            id: "id-1".into(),
            operation: "apply".into(),
            who: "ada@host".into(),
            created: SystemTime::UNIX_EPOCH,
        };
        assert_eq!(
            LockInfo::already_locked("default", &held).detail,
            "\"default\" workspace has a lock held by another client.\n\nLock Info:\n  ID:        \
             id-1\n  Operation: apply\n  Who:       ada@host\n  Created:   1970-01-01 00:00:00 \
             +0000 UTC\n"
        );
    }
}
