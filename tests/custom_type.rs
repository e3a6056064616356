//! A provider-defined attribute type (seed 001, "Create Provider-Defined Types and Values"): an
//! IPv4 address that is a Terraform string, validated, usable as a derived struct's field and
//! as the element of a collection, reported by the collections' attribute types.

use std::fmt;
use std::net::Ipv4Addr;

use tfsdk_core::attr::{self, Type as _, Value as _};
use tfsdk_core::convert::{ConvertError, FromValue, Nullable, TerraformType, ToValue, Unknownable};
use tfsdk_core::diag::{Diagnostic, Diagnostics};
use tfsdk_core::path::{AttributePath, PathStep};
use tfsdk_core::tftypes::{Type, Value};
use tfsdk_core::{TfObject, types};

/// An IPv4 address attribute value: null, unknown or a known address.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ipv4 {
    /// The state and the text, kept by the framework string.
    text: types::String,
    /// The parsed address when known.
    address: Option<Ipv4Addr>,
}

impl Ipv4 {
    /// A known address.
    pub fn new(address: Ipv4Addr) -> Ipv4 {
        Ipv4 {
            text: types::String::new(address.to_string()),
            address: Some(address),
        }
    }

    /// The address when known.
    pub fn address(&self) -> Option<Ipv4Addr> {
        self.address
    }
}

/// The error for a string that is no IPv4 address.
fn not_an_address(text: &str) -> ConvertError {
    ConvertError::invalid(
        "Invalid IPv4 Address",
        format!("{text:?} is not an IPv4 address; write four numbers 0-255 like \"10.0.0.1\""),
    )
}

impl TerraformType for Ipv4 {
    fn terraform_type() -> Type {
        Type::String
    }

    /// Collections of `Ipv4` report `Ipv4Type` as their element type.
    fn attr_type() -> Box<dyn attr::Type> {
        Box::new(Ipv4Type)
    }
}

impl FromValue for Ipv4 {
    fn from_value(value: Value) -> Result<Self, ConvertError> {
        let text = types::String::from_value(value)?;
        let address = match text.get() {
            Some(known) => Some(known.parse().map_err(|_| not_an_address(known))?),
            None => None,
        };
        Ok(Ipv4 { text, address })
    }
}

impl ToValue for Ipv4 {
    fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
        self.text.to_value(ty)
    }
}

impl Nullable for Ipv4 {
    fn null() -> Self {
        Ipv4::default()
    }
    fn is_null(&self) -> bool {
        self.text.is_null()
    }
}

impl Unknownable for Ipv4 {
    fn unknown() -> Self {
        Ipv4 {
            text: types::String::unknown(),
            address: None,
        }
    }
    fn is_unknown(&self) -> bool {
        self.text.is_unknown()
    }
}

impl fmt::Display for Ipv4 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text.fmt(f)
    }
}

impl attr::Value for Ipv4 {
    fn to_terraform_value(&self) -> Result<Value, ConvertError> {
        self.to_value(&Type::String)
    }
    fn equal(&self, other: &dyn attr::Value) -> bool {
        other.downcast_ref::<Ipv4>() == Some(self)
    }
    fn is_null(&self) -> bool {
        self.text.is_null()
    }
    fn is_unknown(&self) -> bool {
        self.text.is_unknown()
    }
    fn ty(&self) -> Box<dyn attr::Type> {
        Box::new(Ipv4Type)
    }
}

/// The attribute type of [`Ipv4`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ipv4Type;

impl attr::Type for Ipv4Type {
    fn terraform_type(&self) -> Type {
        Type::String
    }
    fn value_from_terraform(&self, value: Value) -> Result<Box<dyn attr::Value>, Diagnostics> {
        Ok(Box::new(Ipv4::from_value(value)?))
    }
    fn equal(&self, other: &dyn attr::Type) -> bool {
        other.is::<Ipv4Type>()
    }
    fn apply_path_step(&self, step: &PathStep) -> Result<Box<dyn attr::Type>, attr::PathStepError> {
        Err(attr::PathStepError::new(step, self))
    }
    fn validate(&self, value: &Value, path: &AttributePath) -> Diagnostics {
        let mut diags = Diagnostics::new();
        if let Some(text) = value.as_str()
            && text.parse::<Ipv4Addr>().is_err()
        {
            diags.push(not_an_address(text).prefixed(path).to_diagnostic());
        }
        diags
    }
}

impl fmt::Display for Ipv4Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Ipv4Type")
    }
}

#[derive(TfObject, Debug, PartialEq)]
struct Network {
    #[tfsdk(name = "gateway")]
    gateway: Ipv4,
    #[tfsdk(name = "dns")]
    dns: types::List<Ipv4>,
    #[tfsdk(name = "peers")]
    peers: Vec<Option<Ipv4>>,
}

fn network(gateway: Value, dns: Vec<Value>) -> Value {
    Value::object(
        Network::terraform_type(),
        [
            ("gateway", gateway),
            ("dns", Value::list(Type::String, dns).unwrap()),
            (
                "peers",
                Value::list(Type::String, [Value::null(Type::String)]).unwrap(),
            ),
        ],
    )
    .unwrap()
}

#[test]
fn a_derived_field_and_a_list_element_both_ways() {
    let value = network(
        Value::from("10.0.0.1"),
        vec![Value::from("1.1.1.1"), Value::unknown(Type::String)],
    );
    let net = Network::from_value(value.clone()).unwrap();
    assert_eq!(net.gateway.address(), Some(Ipv4Addr::new(10, 0, 0, 1)));
    assert_eq!(
        net.dns.elements()[0].address(),
        Some(Ipv4Addr::new(1, 1, 1, 1))
    );
    assert!(Unknownable::is_unknown(&net.dns.elements()[1]));
    assert_eq!(net.peers, [None]);
    assert_eq!(net.to_value(&Network::terraform_type()).unwrap(), value);

    let null = Ipv4::from_value(Value::null(Type::String)).unwrap();
    assert!(attr::Value::is_null(&null));
    assert_eq!(
        null.to_value(&Type::String).unwrap(),
        Value::null(Type::String)
    );
}

#[test]
fn an_invalid_address_is_an_error_at_its_path() {
    let value = network(
        Value::from("10.0.0.1"),
        vec![Value::from("1.1.1.1"), Value::from("1.1.1.256")],
    );
    let error = Network::from_value(value).unwrap_err();
    assert_eq!(error.path().to_string(), "dns[1]");
    assert_eq!(
        error.to_string(),
        "dns[1]: Invalid IPv4 Address: \"1.1.1.256\" is not an IPv4 address; write four \
         numbers 0-255 like \"10.0.0.1\""
    );
    let diag = error.to_diagnostic();
    assert_eq!(diag.summary, "Invalid IPv4 Address");
    assert_eq!(diag.path.unwrap().to_string(), "dns[1]");

    let error = Network::from_value(network(Value::from("gw"), vec![])).unwrap_err();
    assert_eq!(error.path().to_string(), "gateway");
}

#[test]
fn validation_reports_the_path_it_is_given() {
    let path = AttributePath::root("network").at_name("gateway");
    let diags = Ipv4Type.validate(&Value::from("300.0.0.1"), &path);
    let errors: Vec<&Diagnostic> = diags.errors().collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(
        errors[0].path.as_ref().unwrap().to_string(),
        "network.gateway"
    );
    assert!(
        Ipv4Type
            .validate(&Value::from("10.1.2.3"), &path)
            .is_empty()
    );
    assert!(
        Ipv4Type
            .validate(&Value::unknown(Type::String), &path)
            .is_empty()
    );
}

#[test]
fn collections_report_the_custom_element_type() {
    let dns = types::List::new([Ipv4::new(Ipv4Addr::LOCALHOST)]);
    let ty = dns.ty();
    assert_eq!(ty.to_string(), "ListType[Ipv4Type]");
    let list_type = ty.as_type_with_element_type().unwrap();
    assert!(list_type.element_type().equal(&Ipv4Type));
    assert!(
        ty.apply_path_step(&PathStep::ElementKeyInt(0))
            .unwrap()
            .equal(&Ipv4Type)
    );
    assert_eq!(ty.terraform_type(), Type::list(Type::String));

    // However it is nested or wrapped.
    for (attr_type, shown) in [
        (<types::List<Ipv4>>::attr_type(), "ListType[Ipv4Type]"),
        (<Vec<Option<Ipv4>>>::attr_type(), "ListType[Ipv4Type]"),
        (<types::Set<Ipv4>>::attr_type(), "SetType[Ipv4Type]"),
        (
            <std::collections::BTreeSet<String>>::attr_type(),
            "SetType[StringType]",
        ),
        (
            <std::collections::BTreeMap<String, Box<Ipv4>>>::attr_type(),
            "MapType[Ipv4Type]",
        ),
        (
            <types::Map<types::List<Ipv4>>>::attr_type(),
            "MapType[ListType[Ipv4Type]]",
        ),
        (
            <types::List<Vec<Ipv4>>>::attr_type(),
            "ListType[ListType[Ipv4Type]]",
        ),
    ] {
        assert_eq!(attr_type.to_string(), shown);
    }
    let nested = types::List::<types::List<Ipv4>>::null().ty();
    let inner = nested.apply_path_step(&PathStep::ElementKeyInt(0)).unwrap();
    assert_eq!(inner.to_string(), "ListType[Ipv4Type]");
    assert!(
        inner
            .apply_path_step(&PathStep::ElementKeyInt(3))
            .unwrap()
            .equal(&Ipv4Type)
    );

    // A list of Ipv4 is not a list of plain strings, whatever the Rust element type.
    assert!(ty.equal(<types::List<Ipv4>>::attr_type().as_ref()));
    assert!(<types::List<Ipv4>>::attr_type().equal(ty.as_ref()));
    assert!(!ty.equal(&types::ListType::<types::String>::new(Type::String)));
    assert!(
        types::ListType::<types::String>::new(Type::String)
            .equal(&types::ListType::<Value>::new(Type::String))
    );
}

#[test]
fn values_compare_and_display_as_strings_do() {
    let a = Ipv4::new(Ipv4Addr::new(10, 0, 0, 1));
    assert!(a.equal(&Ipv4::new(Ipv4Addr::new(10, 0, 0, 1))));
    assert!(!a.equal(&Ipv4::null()));
    assert!(!a.equal(&types::String::new("10.0.0.1")));
    assert_eq!(a.to_string(), "\"10.0.0.1\"");
    assert_eq!(Ipv4::null().to_string(), "<null>");
    assert_eq!(Ipv4::unknown().to_string(), "<unknown>");
    assert_eq!(
        types::List::new([a.clone(), Ipv4::unknown()]).to_string(),
        r#"["10.0.0.1",<unknown>]"#
    );
    let from_type = Ipv4Type
        .value_from_terraform(Value::from("192.168.0.1"))
        .unwrap();
    assert!(from_type.is::<Ipv4>());
    assert!(from_type.ty().equal(&Ipv4Type));
    assert!(Ipv4Type.value_from_terraform(Value::from("x")).is_err());
}

/// The object type of a model whose fields use a provider-defined type reports that type, not
/// the built-in string it is made of: at the attribute, through a path step, in collections and
/// in `types::Object<Model>`.
#[test]
fn a_models_object_type_reports_the_custom_attribute_types() {
    let expected =
        r#"ObjectType["dns":ListType[Ipv4Type],"gateway":Ipv4Type,"peers":ListType[Ipv4Type]]"#;
    assert_eq!(Network::attr_type().to_string(), expected);
    assert_eq!(<types::Object<Network>>::attr_type().to_string(), expected);
    assert_eq!(
        <Vec<Network>>::attr_type().to_string(),
        format!("ListType[{expected}]")
    );
    let gateway = Network::attr_type()
        .apply_path_step(&PathStep::AttributeName("gateway".into()))
        .unwrap();
    assert!(gateway.equal(&Ipv4Type));
    let attributes = Network::attr_type()
        .as_type_with_attribute_types()
        .unwrap()
        .attribute_types();
    assert!(attributes["gateway"].equal(&Ipv4Type));
    assert_eq!(
        Network::attr_type().terraform_type(),
        Network::terraform_type()
    );
}

/// A provider-defined type whose checks live only in its attribute type's `validate` (its
/// `FromValue` takes any string): reading it into a derived struct runs them, at the path.
mod validated_by_its_type {
    use std::fmt;

    use tfsdk_core::attr;
    use tfsdk_core::convert::{ConvertError, FromValue, TerraformType, ToValue};
    use tfsdk_core::diag::{Diagnostic, Diagnostics};
    use tfsdk_core::msgpack_direct;
    use tfsdk_core::path::{AttributePath, PathStep};
    use tfsdk_core::tftypes::{Type, Value};
    use tfsdk_core::{TfObject, types};

    /// A host name: a string without spaces.
    #[derive(Clone, Debug, PartialEq)]
    struct Hostname(types::String);

    impl TerraformType for Hostname {
        fn terraform_type() -> Type {
            Type::String
        }
        fn attr_type() -> Box<dyn attr::Type> {
            Box::new(HostnameType)
        }
    }

    impl FromValue for Hostname {
        fn from_value(value: Value) -> Result<Self, ConvertError> {
            Ok(Hostname(types::String::from_value(value)?))
        }
    }

    impl ToValue for Hostname {
        fn to_value(&self, ty: &Type) -> Result<Value, ConvertError> {
            self.0.to_value(ty)
        }
    }

    #[derive(Clone, Copy, Debug)]
    struct HostnameType;

    impl attr::Type for HostnameType {
        fn terraform_type(&self) -> Type {
            Type::String
        }
        fn value_from_terraform(&self, value: Value) -> Result<Box<dyn attr::Value>, Diagnostics> {
            Ok(Box::new(types::String::from_value(value)?))
        }
        fn equal(&self, other: &dyn attr::Type) -> bool {
            other.is::<HostnameType>()
        }
        fn apply_path_step(
            &self,
            step: &PathStep,
        ) -> Result<Box<dyn attr::Type>, attr::PathStepError> {
            Err(attr::PathStepError::new(step, self))
        }
        fn validate(&self, value: &Value, path: &AttributePath) -> Diagnostics {
            let mut diagnostics = Diagnostics::new();
            if let Some(text) = value.as_str()
                && text.contains(' ')
            {
                diagnostics.push(
                    Diagnostic::error("Invalid Hostname", format!("{text:?} contains a space"))
                        .with_path(path.clone()),
                );
            }
            diagnostics
        }
    }

    impl fmt::Display for HostnameType {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("HostnameType")
        }
    }

    #[derive(TfObject, Debug, PartialEq)]
    struct Server {
        #[tfsdk(name = "host")]
        host: Hostname,
        #[tfsdk(name = "aliases")]
        aliases: Vec<Hostname>,
    }

    fn server(host: &str, aliases: &[&str]) -> Value {
        Value::object(
            Server::terraform_type(),
            [
                ("host", Value::from(host)),
                (
                    "aliases",
                    Value::list(Type::String, aliases.iter().map(|a| Value::from(*a))).unwrap(),
                ),
            ],
        )
        .unwrap()
    }

    #[test]
    fn value_to_struct_runs_the_types_validation_at_the_path() {
        let host = |text: &str| Hostname(types::String::new(text));
        assert_eq!(
            Server::from_value(server("db1", &["db", "primary"])).unwrap(),
            Server {
                host: host("db1"),
                aliases: vec![host("db"), host("primary")],
            }
        );
        let error = Server::from_value(server("db 1", &[])).unwrap_err();
        assert_eq!(error.path().to_string(), "host");
        assert_eq!(
            error.to_string(),
            "host: Invalid Hostname: \"db 1\" contains a space"
        );
        let error = Server::from_value(server("db1", &["db", "the primary"])).unwrap_err();
        assert_eq!(error.path().to_string(), "aliases[1]");
        // Unknown and null have nothing to check.
        let unknown = Value::object(
            Server::terraform_type(),
            [
                ("host", Value::unknown(Type::String)),
                (
                    "aliases",
                    Value::list(Type::String, Vec::<Value>::new()).unwrap(),
                ),
            ],
        )
        .unwrap();
        assert_eq!(
            Server::from_value(unknown).unwrap(),
            Server {
                host: Hostname(types::String::unknown()),
                aliases: Vec::new(),
            }
        );
    }

    #[test]
    fn the_direct_msgpack_reader_runs_it_too() {
        let bytes = server("db1", &["the primary"])
            .to_msgpack(&Server::terraform_type())
            .unwrap();
        let error = msgpack_direct::from_slice::<Server>(&bytes).unwrap_err();
        assert_eq!(
            error.to_string(),
            "aliases[0]: Invalid Hostname: \"the primary\" contains a space"
        );
    }
}
