//! A state store at the protocol level, over gRPC as Terraform calls it (stable Terraform
//! 1.15.5 uses state stores only with experiments on): an in-memory store configured with the
//! chunk size Terraform suggests, a state written in chunks and read back in chunks, a second
//! lock refused while the first is held, the list of states, a state deleted; and the checks
//! Go's framework makes on what Terraform streams, with its messages.

use std::collections::BTreeMap;
use std::sync::Mutex;

use tfsdk_core::convert::{TerraformType, ToValue};
use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::{TfObject, View};
use tfsdk_server::proto::tfplugin6 as pb;
use tfsdk_server::proto::tfplugin6::provider_client::ProviderClient;
use tfsdk_server::{Context, InProcess, LockInfo, NoConfig, Provider, Registry, StateStore};
use tonic::transport::Channel;

/// `state_store "vault_memory" { bucket = "..." }`
#[derive(TfObject, Clone, Debug)]
#[tfsdk(schema)]
struct MemoryConfig {
    #[tfsdk(name = "bucket", required, length = 3..=63)]
    bucket: String,
}

#[derive(Default)]
struct Memory {
    bucket: Mutex<Option<String>>,
    states: Mutex<BTreeMap<String, Vec<u8>>>,
    locks: Mutex<BTreeMap<String, LockInfo>>,
}

impl StateStore for Memory {
    type Provider = Vault;
    type Model = MemoryConfig;
    const TYPE_NAME: &'static str = "vault_memory";

    fn validate_config(&self, config: &View<MemoryConfig>, found: &mut Diagnostics) {
        if config
            .bucket
            .get()
            .is_some_and(|bucket| bucket.ends_with('-'))
        {
            found.push(Diagnostic::error(
                "Invalid bucket",
                "A bucket name does not end in '-'.",
            ));
        }
    }

    async fn configure(&self, _: &Context<Vault>, config: MemoryConfig) -> Result<(), Diagnostics> {
        *self.bucket.lock().unwrap() = Some(config.bucket);
        Ok(())
    }

    async fn states(&self, _: &Context<Vault>) -> Result<Vec<String>, Diagnostics> {
        Ok(self.states.lock().unwrap().keys().cloned().collect())
    }

    async fn delete_state(&self, _: &Context<Vault>, id: &str) -> Result<(), Diagnostics> {
        match self.states.lock().unwrap().remove(id) {
            Some(_) => Ok(()),
            None => {
                Err(Diagnostic::error("No such state", format!("{id:?} does not exist.")).into())
            }
        }
    }

    async fn lock(
        &self,
        _: &Context<Vault>,
        id: &str,
        operation: &str,
    ) -> Result<Option<String>, Diagnostics> {
        let mut locks = self.locks.lock().unwrap();
        if let Some(held) = locks.get(id) {
            return Err(LockInfo::already_locked(id, held).into());
        }
        let lock = LockInfo::new(operation);
        let lock_id = lock.id.clone();
        locks.insert(id.to_owned(), lock);
        Ok(Some(lock_id))
    }

    async fn unlock(&self, _: &Context<Vault>, id: &str, lock_id: &str) -> Result<(), Diagnostics> {
        let mut locks = self.locks.lock().unwrap();
        match locks.get(id) {
            Some(held) if held.id == lock_id => {
                locks.remove(id);
                Ok(())
            }
            _ => Err(Diagnostic::error(
                "Lock not held",
                format!("{lock_id} does not lock {id:?}."),
            )
            .into()),
        }
    }

    async fn read(&self, _: &Context<Vault>, id: &str) -> Result<Vec<u8>, Diagnostics> {
        Ok(self
            .states
            .lock()
            .unwrap()
            .get(id)
            .cloned()
            .unwrap_or_default())
    }

    async fn write(&self, _: &Context<Vault>, id: &str, state: Vec<u8>) -> Result<(), Diagnostics> {
        self.states.lock().unwrap().insert(id.to_owned(), state);
        Ok(())
    }
}

struct Vault;

impl Provider for Vault {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry.state_store(Memory::default());
    }
}

fn config(bucket: &str) -> Option<pb::DynamicValue> {
    let ty = MemoryConfig::terraform_type();
    let value = MemoryConfig {
        bucket: bucket.into(),
    }
    .to_value(&ty)
    .unwrap();
    Some(pb::DynamicValue {
        msgpack: value.to_msgpack(&ty).unwrap(),
        json: Vec::new(),
    })
}

/// The chunks Terraform streams for `state` at `chunk_size`: the store and state named in the
/// first, each with the total length and its inclusive byte range.
fn chunks(
    state_id: &str,
    state: &[u8],
    chunk_size: usize,
) -> Vec<pb::write_state_bytes::RequestChunk> {
    state
        .chunks(chunk_size)
        .enumerate()
        .map(|(index, bytes)| pb::write_state_bytes::RequestChunk {
            meta: (index == 0).then(|| pb::RequestChunkMeta {
                type_name: "vault_memory".into(),
                state_id: state_id.into(),
            }),
            bytes: bytes.to_vec(),
            total_length: state.len() as i64,
            range: Some(pb::StateByteRange {
                start: (index * chunk_size) as i64,
                end: (index * chunk_size + bytes.len() - 1) as i64,
            }),
        })
        .collect()
}

async fn write(
    client: &mut ProviderClient<Channel>,
    chunks: Vec<pb::write_state_bytes::RequestChunk>,
) -> Vec<pb::Diagnostic> {
    client
        .write_state_bytes(tokio_stream::iter(chunks))
        .await
        .unwrap()
        .into_inner()
        .diagnostics
}

async fn read(
    client: &mut ProviderClient<Channel>,
    state_id: &str,
) -> Vec<pb::read_state_bytes::ResponseChunk> {
    let mut stream = client
        .read_state_bytes(pb::read_state_bytes::Request {
            type_name: "vault_memory".into(),
            state_id: state_id.into(),
        })
        .await
        .unwrap()
        .into_inner();
    let mut chunks = Vec::new();
    while let Some(chunk) = stream.message().await.unwrap() {
        chunks.push(chunk);
    }
    chunks
}

async fn lock(client: &mut ProviderClient<Channel>, state_id: &str) -> pb::lock_state::Response {
    let request = pb::lock_state::Request {
        type_name: "vault_memory".into(),
        state_id: state_id.into(),
        operation: "apply".into(),
    };
    client.lock_state(request).await.unwrap().into_inner()
}

async fn states(client: &mut ProviderClient<Channel>) -> Vec<String> {
    let request = pb::get_states::Request {
        type_name: "vault_memory".into(),
    };
    client
        .get_states(request)
        .await
        .unwrap()
        .into_inner()
        .state_ids
}

#[test]
fn an_in_memory_store_keeps_states_in_chunks_with_locks() {
    let served = InProcess::start("example/vault", Vault).unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let address = served.address();
        let mut client = ProviderClient::connect(format!("http://{address}")).await.unwrap();

        // Declared in the metadata and the schema.
        let metadata = client.get_metadata(pb::get_metadata::Request {}).await.unwrap().into_inner();
        assert_eq!(metadata.state_stores[0].type_name, "vault_memory");
        let schema = client
            .get_provider_schema(pb::get_provider_schema::Request {})
            .await
            .unwrap()
            .into_inner();
        assert!(schema.state_store_schemas.contains_key("vault_memory"));

        // Before ConfigureStateStore no chunk size is agreed: Go's error.
        let early = read(&mut client, "default").await;
        assert_eq!(early[0].diagnostics[0].summary, "Error reading state");

        // Validation: the model's rules, then the store's own.
        for (bucket, summary) in [("ab", "Invalid Attribute Value Length"), ("tf-", "Invalid bucket")] {
            let request = pb::validate_state_store_config::Request {
                type_name: "vault_memory".into(),
                config: config(bucket),
            };
            let found = client.validate_state_store_config(request).await.unwrap().into_inner();
            assert_eq!(found.diagnostics[0].summary, summary, "{:?}", found.diagnostics);
        }

        // Configured with the chunk size Terraform suggests: 4 bytes, to see several.
        let configured = client
            .configure_state_store(pb::configure_state_store::Request {
                type_name: "vault_memory".into(),
                config: config("states"),
                capabilities: Some(pb::StateStoreClientCapabilities { chunk_size: 4 }),
            })
            .await
            .unwrap()
            .into_inner();
        assert!(configured.diagnostics.is_empty(), "{:?}", configured.diagnostics);
        assert_eq!(configured.capabilities.map(|c| c.chunk_size), Some(4));

        // Written in chunks, read back in chunks.
        let state = br#"{"version":4,"serial":1}"#;
        assert!(write(&mut client, chunks("default", state, 4)).await.is_empty());
        let back = read(&mut client, "default").await;
        assert_eq!(back.len(), 6);
        assert!(back.iter().all(|chunk| chunk.total_length == 24 && chunk.diagnostics.is_empty()));
        assert_eq!(back[1].range, Some(pb::StateByteRange { start: 4, end: 7 }));
        let whole: Vec<u8> = back.iter().flat_map(|chunk| chunk.bytes.clone()).collect();
        assert_eq!(whole, state);
        // A state not written yet is no chunk at all.
        assert!(read(&mut client, "staging").await.is_empty());

        // Locks: a second is refused, with who holds the first; unlocked, it is free again.
        let first = lock(&mut client, "default").await;
        assert!(first.diagnostics.is_empty() && first.lock_id.len() == 36, "{first:?}");
        let second = lock(&mut client, "default").await;
        assert_eq!(second.lock_id, "");
        assert_eq!(second.diagnostics[0].summary, "Workspace Already Locked");
        assert!(second.diagnostics[0].detail.starts_with(&format!(
            "\"default\" workspace has a lock held by another client.\n\nLock Info:\n  ID:        {}\n  Operation: apply\n",
            first.lock_id
        )));
        let unlocked = client
            .unlock_state(pb::unlock_state::Request {
                type_name: "vault_memory".into(),
                state_id: "default".into(),
                lock_id: first.lock_id.clone(),
            })
            .await
            .unwrap()
            .into_inner();
        assert!(unlocked.diagnostics.is_empty(), "{:?}", unlocked.diagnostics);
        assert!(lock(&mut client, "default").await.diagnostics.is_empty());

        // Workspaces: listed, one deleted.
        assert!(write(&mut client, chunks("dev", b"{}", 4)).await.is_empty());
        assert_eq!(states(&mut client).await, ["default", "dev"]);
        let deleted = client
            .delete_state(pb::delete_state::Request {
                type_name: "vault_memory".into(),
                state_id: "dev".into(),
            })
            .await
            .unwrap()
            .into_inner();
        assert!(deleted.diagnostics.is_empty(), "{:?}", deleted.diagnostics);
        assert_eq!(states(&mut client).await, ["default"]);

        // What Terraform streams is checked as Go's framework checks it.
        let mut short = chunks("default", state, 4);
        short[1].bytes.pop();
        let refused = write(&mut client, short).await;
        assert_eq!(refused[0].summary, "Error Writing State");
        assert_eq!(
            refused[0].detail,
            "Unexpected chunk of size 3 was received from Terraform, expected chunk size was 4. \
             This is a bug in Terraform core and should be reported."
        );
        let mut unnamed = chunks("", state, 4);
        unnamed[0].meta.as_mut().unwrap().type_name = "vault_memory".into();
        let refused = write(&mut client, unnamed).await;
        assert_eq!(
            refused[0].detail,
            "No state ID was received from Terraform. This is a bug in Terraform core and should \
             be reported."
        );
        let mut long = chunks("default", state, 4);
        long[0].total_length = 30;
        long.iter_mut().for_each(|chunk| chunk.total_length = 30);
        let refused = write(&mut client, long).await;
        assert_eq!(
            refused[0].detail,
            "Unexpected size of state data received from Terraform, got: 24, expected: 30. This \
             is a bug in Terraform core and should be reported."
        );
        // The refused writes changed nothing.
        let whole: Vec<u8> = read(&mut client, "default").await.iter().flat_map(|c| c.bytes.clone()).collect();
        assert_eq!(whole, state);

        // A store this provider does not have.
        let unknown = client
            .get_states(pb::get_states::Request { type_name: "vault_disk".into() })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(unknown.diagnostics[0].summary, "State Store Type Not Found");
    });
    served.stop().unwrap();
}
