//! What providers offer since Terraform 1.8, in-process: provider-defined functions (their
//! definitions, a call, an argument's error, a variadic call, null and unknown arguments, a
//! panic), ephemeral resources (open, renew, close with private state, nothing unknown in a
//! result) and write-only attributes (null in every plan and state, the value in create's
//! configuration, refused from a client that does not support them).

use std::sync::Mutex;
use std::time::{Duration, SystemTime};

use tfsdk_core::convert::{TerraformType, ToValue};
use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::tftypes::{Type, Value};
use tfsdk_core::{TfObject, View, types};
use tfsdk_server::proto::tfplugin6 as pb;
use tfsdk_server::proto::tfplugin6::provider_server::Provider as _;
use tfsdk_server::{
    Arg, ClientCapabilities, Context, CreateRequest, EphemeralResource, Failed, FunctionError,
    NoConfig, Opened, Provider, Registry, Resource, Server, UpdateRequest, function,
};

/// Parses an octal mode such as `"0644"`.
#[function]
fn parse_mode(
    /// The mode, in octal.
    mode: Arg<String>,
) -> Result<i64, FunctionError> {
    i64::from_str_radix(&mode, 8).map_err(|_| mode.error(format!("{:?} is not octal", *mode)))
}

/// Joins parts with a separator.
#[function]
async fn join(separator: String, #[variadic] parts: Vec<String>) -> String {
    parts.join(&separator)
}

/// The text, or a fallback when it is null.
#[function]
fn or_else(text: Option<String>, fallback: String) -> String {
    text.unwrap_or(fallback)
}

/// The text in capitals; unknown while the text is.
#[function]
fn upper(
    #[allow_null]
    #[allow_unknown]
    text: types::String,
) -> types::String {
    match text.get() {
        Some(text) => types::String::new(text.to_uppercase()),
        None if text.is_null() => types::String::null(),
        None => types::String::unknown(),
    }
}

/// How many times `lower` ran.
static LOWER_CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The text in small letters: a framework type, yet neither null nor unknown reaches it (Go's
/// parameters without `AllowNullValue` and `AllowUnknownValues`).
#[function]
fn lower(text: types::String) -> types::String {
    LOWER_CALLS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    types::String::new(text.value_string().to_lowercase())
}

#[function]
fn explode() -> String {
    panic!("the function blew up")
}

/// A lease on a secret.
#[derive(TfObject)]
#[tfsdk(schema(ephemeral))]
struct Lease {
    #[tfsdk(name = "name", required)]
    name: String,
    #[tfsdk(name = "secret", computed, sensitive)]
    secret: types::String,
}

/// A database user whose password never reaches state.
#[derive(TfObject)]
#[tfsdk(schema(resource))]
struct User {
    #[tfsdk(name = "name", required)]
    name: String,
    #[tfsdk(name = "password_wo", optional, sensitive, write_only)]
    password_wo: Option<String>,
    #[tfsdk(name = "password_wo_version", optional)]
    password_wo_version: Option<i64>,
    #[tfsdk(name = "password_length", computed)]
    password_length: types::Int64,
}

#[derive(Default)]
struct Db {
    /// What the ephemeral resource and the user resource saw, in order.
    events: Mutex<Vec<String>>,
}

impl Db {
    fn record(&self, event: String) {
        self.events.lock().unwrap().push(event);
    }
}

impl Provider for Db {
    type Config = NoConfig;

    fn register(&self, registry: &mut Registry<Self>) {
        registry
            .function(parse_mode::function())
            .function(join::function())
            .function(or_else::function())
            .function(upper::function())
            .function(lower::function())
            .function(explode::function())
            .ephemeral_resource(LeaseResource)
            .resource(UserResource);
    }
}

struct LeaseResource;

impl EphemeralResource for LeaseResource {
    type Provider = Db;
    type Model = Lease;
    const TYPE_NAME: &'static str = "db_lease";

    async fn open(
        &self,
        ctx: &Context<Db>,
        mut lease: Lease,
    ) -> Result<Opened<Lease>, Diagnostics> {
        ctx.provider().record(format!("open {}", lease.name));
        ctx.set_private_state(format!("lease-of-{}", lease.name).into_bytes());
        if lease.name == "forgetful" {
            lease.secret = types::String::unknown(); // an error: a result must be known
            return Ok(Opened::new(lease));
        }
        lease.secret = types::String::new(format!("s3cr3t-{}", lease.name));
        Ok(Opened::new(lease).renew_at(SystemTime::UNIX_EPOCH + Duration::from_secs(1_000)))
    }

    async fn renew(&self, ctx: &Context<Db>) -> Result<Option<SystemTime>, Diagnostics> {
        let private = String::from_utf8(ctx.private_state()).unwrap();
        ctx.provider().record(format!("renew {private}"));
        ctx.set_private_state(format!("{private}+renewed").into_bytes());
        Ok(Some(SystemTime::UNIX_EPOCH + Duration::from_secs(2_000)))
    }

    async fn close(&self, ctx: &Context<Db>) -> Result<(), Diagnostics> {
        let private = String::from_utf8(ctx.private_state()).unwrap();
        ctx.provider().record(format!("close {private}"));
        Ok(())
    }
}

struct UserResource;

impl Resource for UserResource {
    type Provider = Db;
    type Model = User;
    const TYPE_NAME: &'static str = "db_user";

    async fn create(
        &self,
        ctx: &Context<Db>,
        request: CreateRequest<User>,
    ) -> Result<User, Failed<User>> {
        assert!(request.planned.password_wo.is_none(), "plans hold null");
        let config = request.config.view()?;
        let password = config
            .password_wo
            .get()
            .ok_or_else(|| Diagnostic::error("Missing password", "Set password_wo."))?;
        ctx.provider().record(format!("create with {password}"));
        let mut user = request.planned;
        user.password_length = types::Int64::new(password.len() as i64);
        // Returning the password would not leak it: the server nulls write-only attributes.
        user.password_wo = Some(password.to_owned());
        Ok(user)
    }

    async fn read(&self, _ctx: &Context<Db>, state: User) -> Result<Option<User>, Diagnostics> {
        Ok(Some(state))
    }

    async fn update(
        &self,
        _ctx: &Context<Db>,
        request: UpdateRequest<User>,
    ) -> Result<User, Failed<User>> {
        Ok(request.planned)
    }

    async fn delete(&self, _ctx: &Context<Db>, _state: User) -> Result<(), Diagnostics> {
        Ok(())
    }

    /// Advice only a Terraform with write-only attributes can follow (Go: a check of
    /// `req.ClientCapabilities.WriteOnlyAttributesAllowed` in `ValidateConfig`).
    fn validate_config_for(
        &self,
        client: &ClientCapabilities,
        config: &View<User>,
        diagnostics: &mut Diagnostics,
    ) {
        if client.write_only_attributes_allowed && config.password_wo.is_null() {
            diagnostics.push(
                Diagnostic::warning("No Password", "Set password_wo, which stays out of state.")
                    .with_path(User::paths().password_wo()),
            );
        }
    }
}

fn server() -> Server<Db> {
    Server::new(Db::default())
}

fn dynamic(value: &Value, ty: &Type) -> pb::DynamicValue {
    pb::DynamicValue {
        msgpack: value.to_msgpack(ty).expect("encodes"),
        json: Vec::new(),
    }
}

async fn call(
    server: &Server<Db>,
    name: &str,
    arguments: &[(Value, Type)],
) -> pb::call_function::Response {
    server
        .call_function(tonic::Request::new(pb::call_function::Request {
            name: name.into(),
            arguments: arguments.iter().map(|(v, t)| dynamic(v, t)).collect(),
        }))
        .await
        .unwrap()
        .into_inner()
}

fn result(response: pb::call_function::Response, ty: &Type) -> Value {
    assert!(response.error.is_none(), "{:?}", response.error);
    Value::from_msgpack(&response.result.unwrap().msgpack, ty).unwrap()
}

#[tokio::test]
async fn functions_are_served_with_their_signatures() {
    let server = server();
    let functions = server
        .get_functions(tonic::Request::new(pb::get_functions::Request {}))
        .await
        .unwrap()
        .into_inner()
        .functions;
    let names: Vec<&str> = {
        let mut names: Vec<&str> = functions.keys().map(String::as_str).collect();
        names.sort_unstable();
        names
    };
    assert_eq!(
        names,
        ["explode", "join", "lower", "or_else", "parse_mode", "upper"]
    );
    let parse_mode = &functions["parse_mode"];
    assert_eq!(
        parse_mode.summary,
        "Parses an octal mode such as `\"0644\"`."
    );
    assert_eq!(parse_mode.parameters[0].name, "mode");
    assert_eq!(parse_mode.parameters[0].description, "The mode, in octal.");
    assert_eq!(parse_mode.parameters[0].r#type, br#""string""#);
    assert!(!parse_mode.parameters[0].allow_null_value);
    assert_eq!(parse_mode.r#return.as_ref().unwrap().r#type, br#""number""#);
    assert_eq!(
        functions["join"].variadic_parameter.as_ref().unwrap().name,
        "parts"
    );
    assert!(functions["or_else"].parameters[0].allow_null_value);
    assert!(!functions["or_else"].parameters[0].allow_unknown_values);
    assert!(functions["upper"].parameters[0].allow_unknown_values);
    assert!(functions["upper"].parameters[0].allow_null_value);
    assert!(!functions["lower"].parameters[0].allow_null_value);
    assert!(!functions["lower"].parameters[0].allow_unknown_values);

    let schema = server
        .get_provider_schema(tonic::Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(schema.functions.len(), 6);
    assert!(schema.diagnostics.is_empty(), "{:?}", schema.diagnostics);
    let metadata = server
        .get_metadata(tonic::Request::new(pb::get_metadata::Request {}))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(metadata.functions.len(), 6);
    assert_eq!(metadata.ephemeral_resources[0].type_name, "db_lease");
}

/// Over gRPC the schema is written one type at a time (the parts of one message): what
/// Terraform reads is the same message the service answers in process, every type in it.
#[test]
fn the_schema_over_the_wire_is_the_whole_message() {
    // The served provider runs its own runtime; the client runs on this one.
    let served = tfsdk_server::InProcess::start("example/db", Db::default()).unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(compare_schemas(served.address()));
}

async fn compare_schemas(address: std::net::SocketAddr) {
    let in_process = server()
        .get_provider_schema(tonic::Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    let mut client = pb::provider_client::ProviderClient::connect(format!("http://{address}"))
        .await
        .unwrap();
    let wire = client
        .get_provider_schema(pb::get_provider_schema::Request {})
        .await
        .unwrap()
        .into_inner();
    assert_eq!(wire, in_process);
    assert!(wire.provider.is_some());
    assert!(!wire.resource_schemas.is_empty());
    assert_eq!(wire.functions.len(), 6);
    assert_eq!(wire.ephemeral_resource_schemas.len(), 1);
    assert_eq!(
        wire.server_capabilities
            .map(|c| c.get_provider_schema_optional),
        Some(true)
    );
    // Other methods still reach the generated service.
    let metadata = client
        .get_metadata(pb::get_metadata::Request {})
        .await
        .unwrap()
        .into_inner();
    assert_eq!(metadata.functions.len(), 6);
}

#[tokio::test]
async fn a_call_converts_its_arguments_and_names_the_one_at_fault() {
    let server = server();
    let mode = result(
        call(
            &server,
            "parse_mode",
            &[(Value::from("0644"), Type::String)],
        )
        .await,
        &Type::Number,
    );
    assert_eq!(mode, Value::from(0o644));

    let failed = call(&server, "parse_mode", &[(Value::from("9"), Type::String)]).await;
    let error = failed.error.expect("an error");
    assert_eq!(error.text, "\"9\" is not octal");
    assert_eq!(error.function_argument, Some(0));

    let joined = call(
        &server,
        "join",
        &[
            (Value::from("/"), Type::String),
            (Value::from("a"), Type::String),
            (Value::from("b"), Type::String),
            (Value::from("c"), Type::String),
        ],
    )
    .await;
    assert_eq!(result(joined, &Type::String), Value::from("a/b/c"));
    let none = call(&server, "join", &[(Value::from("/"), Type::String)]).await;
    assert_eq!(result(none, &Type::String), Value::from(""));
}

#[tokio::test]
async fn null_and_unknown_arguments_reach_the_parameters_that_take_them() {
    let server = server();
    let fallback = call(
        &server,
        "or_else",
        &[
            (Value::null(Type::String), Type::String),
            (Value::from("x"), Type::String),
        ],
    )
    .await;
    assert_eq!(result(fallback, &Type::String), Value::from("x"));
    let unknown = call(
        &server,
        "upper",
        &[(Value::unknown(Type::String), Type::String)],
    )
    .await;
    assert!(result(unknown, &Type::String).is_unknown());
    let known = call(&server, "upper", &[(Value::from("abc"), Type::String)]).await;
    assert_eq!(result(known, &Type::String), Value::from("ABC"));
}

#[tokio::test]
async fn null_and_unknown_are_refused_where_the_parameter_does_not_allow_them() {
    use std::sync::atomic::Ordering;
    let server = server();
    let before = LOWER_CALLS.load(Ordering::SeqCst);
    // Terraform refuses the null itself; a client that sends it gets Terraform's words.
    let null = call(
        &server,
        "lower",
        &[(Value::null(Type::String), Type::String)],
    )
    .await;
    let error = null.error.expect("an error");
    assert_eq!(
        error.text,
        "Invalid value for \"text\" parameter: argument must not be null."
    );
    assert_eq!(error.function_argument, Some(0));
    // An unknown argument makes the result unknown, and the function is not called.
    let unknown = call(
        &server,
        "lower",
        &[(Value::unknown(Type::String), Type::String)],
    )
    .await;
    assert!(result(unknown, &Type::String).is_unknown());
    assert_eq!(LOWER_CALLS.load(Ordering::SeqCst), before);
    let known = call(&server, "lower", &[(Value::from("ABC"), Type::String)]).await;
    assert_eq!(result(known, &Type::String), Value::from("abc"));
    assert_eq!(LOWER_CALLS.load(Ordering::SeqCst), before + 1);
}

#[tokio::test]
async fn a_panicking_function_fails_its_call_and_the_next_call_is_served() {
    let server = server();
    let error = call(&server, "explode", &[]).await.error.expect("an error");
    assert!(
        error.text.contains("the function blew up"),
        "{}",
        error.text
    );
    let missing = call(&server, "nope", &[]).await.error.expect("an error");
    assert!(
        missing.text.contains("no function \"nope\""),
        "{}",
        missing.text
    );
    let too_many = call(&server, "explode", &[(Value::from("x"), Type::String)]).await;
    assert_eq!(too_many.error.expect("an error").function_argument, Some(0));
    let after = call(&server, "parse_mode", &[(Value::from("7"), Type::String)]).await;
    assert_eq!(result(after, &Type::Number), Value::from(7));
}

fn lease(name: &str) -> Value {
    Value::object_of([
        ("name", Value::from(name)),
        ("secret", Value::null(Type::String)),
    ])
}

#[tokio::test]
async fn an_ephemeral_resource_opens_renews_and_closes_with_its_private_state() {
    let server = server();
    let ty = Lease::terraform_type();
    let opened = server
        .open_ephemeral_resource(tonic::Request::new(pb::open_ephemeral_resource::Request {
            type_name: "db_lease".into(),
            config: Some(dynamic(&lease("app"), &ty)),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(opened.diagnostics.is_empty(), "{:?}", opened.diagnostics);
    let result = Value::from_msgpack(&opened.result.unwrap().msgpack, &ty).unwrap();
    assert_eq!(result.attribute("secret"), Some(&Value::from("s3cr3t-app")));
    assert_eq!(opened.renew_at.unwrap().seconds, 1_000);
    let private = opened.private.expect("private state");

    let renewed = server
        .renew_ephemeral_resource(tonic::Request::new(pb::renew_ephemeral_resource::Request {
            type_name: "db_lease".into(),
            private: Some(private),
        }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(renewed.renew_at.unwrap().seconds, 2_000);
    let closed = server
        .close_ephemeral_resource(tonic::Request::new(pb::close_ephemeral_resource::Request {
            type_name: "db_lease".into(),
            private: renewed.private,
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(closed.diagnostics.is_empty());
    assert_eq!(
        *server.provider().events.lock().unwrap(),
        [
            "open app",
            "renew lease-of-app",
            "close lease-of-app+renewed"
        ]
    );

    // A result with an unknown value is the provider's error, naming the attribute.
    let forgetful = server
        .open_ephemeral_resource(tonic::Request::new(pb::open_ephemeral_resource::Request {
            type_name: "db_lease".into(),
            config: Some(dynamic(&lease("forgetful"), &ty)),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(
        forgetful.diagnostics[0]
            .detail
            .contains("secret is still unknown")
    );
}

fn user(password: Option<&str>, version: Option<i64>) -> Value {
    User {
        name: "app".into(),
        password_wo: password.map(str::to_owned),
        password_wo_version: version,
        password_length: types::Int64::null(),
    }
    .to_value(&User::terraform_type())
    .unwrap()
}

#[tokio::test]
async fn a_write_only_value_reaches_create_and_never_a_plan_or_a_state() {
    let server = server();
    let ty = User::terraform_type();
    let config = user(Some("hunter2"), Some(1));
    let planned = server
        .plan_resource_change(tonic::Request::new(pb::plan_resource_change::Request {
            type_name: "db_user".into(),
            prior_state: Some(dynamic(&Value::null(ty.clone()), &ty)),
            proposed_new_state: Some(dynamic(&config, &ty)),
            config: Some(dynamic(&config, &ty)),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(planned.diagnostics.is_empty(), "{:?}", planned.diagnostics);
    let planned_state = Value::from_msgpack(&planned.planned_state.unwrap().msgpack, &ty).unwrap();
    assert!(planned_state.attribute("password_wo").unwrap().is_null());

    let applied = server
        .apply_resource_change(tonic::Request::new(pb::apply_resource_change::Request {
            type_name: "db_user".into(),
            prior_state: Some(dynamic(&Value::null(ty.clone()), &ty)),
            planned_state: Some(dynamic(&planned_state, &ty)),
            config: Some(dynamic(&config, &ty)),
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner();
    assert!(applied.diagnostics.is_empty(), "{:?}", applied.diagnostics);
    let state = Value::from_msgpack(&applied.new_state.unwrap().msgpack, &ty).unwrap();
    assert!(state.attribute("password_wo").unwrap().is_null());
    assert_eq!(state.attribute("password_length"), Some(&Value::from(7)));
    assert!(
        server
            .provider()
            .events
            .lock()
            .unwrap()
            .contains(&"create with hunter2".to_owned())
    );
}

#[tokio::test]
async fn validation_knows_what_the_client_can_do() {
    let server = server();
    let ty = User::terraform_type();
    let validate = |capabilities: Option<pb::ClientCapabilities>| {
        server.validate_resource_config(tonic::Request::new(
            pb::validate_resource_config::Request {
                type_name: "db_user".into(),
                config: Some(dynamic(&user(None, None), &ty)),
                client_capabilities: capabilities,
            },
        ))
    };
    // Terraform before 1.11 cannot set a write-only password: no advice to.
    let old = validate(None).await.unwrap().into_inner();
    assert!(old.diagnostics.is_empty(), "{:?}", old.diagnostics);
    let new = validate(Some(pb::ClientCapabilities {
        write_only_attributes_allowed: true,
        ..Default::default()
    }))
    .await
    .unwrap()
    .into_inner();
    assert_eq!(new.diagnostics.len(), 1, "{:?}", new.diagnostics);
    assert_eq!(new.diagnostics[0].summary, "No Password");
}

#[tokio::test]
async fn a_write_only_value_from_a_client_without_them_is_refused() {
    let server = server();
    let ty = User::terraform_type();
    let validate = |capabilities: Option<pb::ClientCapabilities>| {
        server.validate_resource_config(tonic::Request::new(
            pb::validate_resource_config::Request {
                type_name: "db_user".into(),
                config: Some(dynamic(&user(Some("hunter2"), None), &ty)),
                client_capabilities: capabilities,
            },
        ))
    };
    let old = validate(None).await.unwrap().into_inner();
    assert_eq!(old.diagnostics.len(), 1);
    assert_eq!(
        old.diagnostics[0].summary,
        "WriteOnly Attribute Not Allowed"
    );
    assert!(
        old.diagnostics[0]
            .detail
            .contains("Terraform 1.11 and later")
    );
    let new = validate(Some(pb::ClientCapabilities {
        write_only_attributes_allowed: true,
        ..Default::default()
    }))
    .await
    .unwrap()
    .into_inner();
    assert!(new.diagnostics.is_empty(), "{:?}", new.diagnostics);

    let schema = server
        .get_provider_schema(tonic::Request::new(pb::get_provider_schema::Request {}))
        .await
        .unwrap()
        .into_inner();
    let block = schema.resource_schemas["db_user"].block.as_ref().unwrap();
    let password = block
        .attributes
        .iter()
        .find(|a| a.name == "password_wo")
        .unwrap();
    assert!(password.write_only && password.optional && !password.computed);
    assert!(schema.ephemeral_resource_schemas.contains_key("db_lease"));
}
