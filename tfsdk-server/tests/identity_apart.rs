//! Identity handled apart from the state where Go handles it apart (HashiCorp's
//! `TestMoveStateResource_identity`): a move sets the moved object's identity itself, from the
//! source's identity (`ResourceIdentity::moved_identity`, Go's `resp.TargetIdentity`), and a
//! read keeps the identity Terraform holds (`ResourceIdentity::read_identity` returning it, Go's
//! `Read` leaving `resp.Identity` alone), though the state alone would say another.

use tfsdk_core::TfObject;
use tfsdk_core::convert::{FromValue, TerraformType};
use tfsdk_core::diag::Diagnostics;
use tfsdk_core::tftypes::Value;
use tfsdk_server::proto::tfplugin6 as pb;
use tfsdk_server::proto::tfplugin6::provider_server::Provider as _;
use tfsdk_server::{
    Context, CreateRequest, Failed, MovedState, NoConfig, Provider, Registry, Resource,
    ResourceIdentity, Server, UpdateRequest,
};

/// A user: the state holds only the name.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(resource))]
struct User {
    #[tfsdk(name = "name", required)]
    name: String,
}

/// What identifies a user: an id the state does not hold.
#[derive(TfObject, Clone, Debug, PartialEq)]
#[tfsdk(schema(identity))]
struct UserId {
    /// The id.
    #[tfsdk(name = "id", required)]
    id: String,
}

/// The user of the source type, and its identity.
#[derive(TfObject)]
#[tfsdk(schema(resource))]
struct OldUser {
    #[tfsdk(name = "user_name", required)]
    user_name: String,
}

struct Users;

impl Resource for Users {
    type Provider = Corner;
    type Model = User;
    const TYPE_NAME: &'static str = "corner_user";

    async fn create(
        &self,
        _: &Context<Corner>,
        r: CreateRequest<User>,
    ) -> Result<User, Failed<User>> {
        Ok(r.planned)
    }

    async fn read(&self, _: &Context<Corner>, user: User) -> Result<Option<User>, Diagnostics> {
        Ok(Some(user))
    }

    async fn update(
        &self,
        _: &Context<Corner>,
        r: UpdateRequest<User>,
    ) -> Result<User, Failed<User>> {
        Ok(r.planned)
    }

    async fn delete(&self, _: &Context<Corner>, _: User) -> Result<(), Diagnostics> {
        Ok(())
    }

    async fn move_state(
        &self,
        _: &Context<Corner>,
        source: MovedState,
    ) -> Result<Option<User>, Diagnostics> {
        let old: OldUser = source.state.decode()?;
        Ok(Some(User {
            name: old.user_name,
        }))
    }
}

impl ResourceIdentity for Users {
    type Identity = UserId;

    /// Without another source, the identity is the name.
    fn identity(&self, _: &Context<Corner>, user: &User) -> Result<UserId, Diagnostics> {
        Ok(UserId {
            id: user.name.clone(),
        })
    }

    /// A move keeps the source's identity (Go: `resp.TargetIdentity.Set(...)`).
    fn moved_identity(
        &self,
        ctx: &Context<Corner>,
        source: &MovedState,
        user: &User,
    ) -> Result<UserId, Diagnostics> {
        match &source.identity {
            Some((raw, _version)) => Ok(raw.decode()?),
            None => self.identity(ctx, user),
        }
    }

    /// A read keeps the identity Terraform holds (Go: `Read` leaves `resp.Identity` alone).
    fn read_identity(
        &self,
        ctx: &Context<Corner>,
        held: Option<UserId>,
        user: &User,
    ) -> Result<UserId, Diagnostics> {
        match held {
            Some(held) => Ok(held),
            None => self.identity(ctx, user),
        }
    }
}

struct Corner;

impl Provider for Corner {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry.resource_with_identity(Users);
    }
}

fn decoded<T: FromValue + TerraformType>(value: &pb::DynamicValue) -> T {
    T::from_value(Value::from_msgpack(&value.msgpack, &T::terraform_type()).unwrap()).unwrap()
}

fn identity_of(data: Option<&pb::ResourceIdentityData>) -> UserId {
    decoded(data.expect("an identity").identity_data.as_ref().unwrap())
}

#[tokio::test]
async fn a_move_sets_the_identity_and_a_read_keeps_it() {
    let server = Server::new(Corner);
    let moved = server
        .move_resource_state(tonic::Request::new(pb::move_resource_state::Request {
            source_provider_address: "registry.terraform.io/hashicorp/corner".into(),
            source_type_name: "corner_old_user".into(),
            source_state: Some(pb::RawState {
                json: br#"{"user_name": "tom"}"#.to_vec(),
                flatmap: Default::default(),
            }),
            source_identity: Some(pb::RawState {
                json: br#"{"id": "id-123"}"#.to_vec(),
                flatmap: Default::default(),
            }),
            target_type_name: "corner_user".into(),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(moved.diagnostics.is_empty(), "{:?}", moved.diagnostics);
    let state: User = decoded(moved.target_state.as_ref().unwrap());
    assert_eq!(state.name, "tom");
    assert_eq!(identity_of(moved.target_identity.as_ref()).id, "id-123");

    // The next refresh: the state alone would say "tom"; the held identity stays.
    let read = server
        .read_resource(tonic::Request::new(pb::read_resource::Request {
            type_name: "corner_user".into(),
            current_state: moved.target_state.clone(),
            current_identity: moved.target_identity.clone(),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(read.diagnostics.is_empty(), "{:?}", read.diagnostics);
    assert_eq!(identity_of(read.new_identity.as_ref()).id, "id-123");

    // Without a held identity (a state from before identities), the state's is computed.
    let first = server
        .read_resource(tonic::Request::new(pb::read_resource::Request {
            type_name: "corner_user".into(),
            current_state: moved.target_state,
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(identity_of(first.new_identity.as_ref()).id, "tom");
}
