//! `timeouts!`: a `timeouts` block offering the operations a type chooses (Go's
//! `timeouts.Opts`).

/// Declares a `timeouts` block offering the operations listed, as Go's
/// `timeouts.Block(ctx, timeouts.Opts{Create: true, Delete: true})` chooses them: a struct with
/// one optional duration per operation (`create`, `read`, `update`, `delete`, `open`), each
/// with Go's description and Go's "Invalid Attribute Value Time Duration" validation, and one
/// method per operation returning its deadline, the given default where configuration leaves
/// it unset. [`Timeouts`](crate::Timeouts), [`ReadTimeouts`](crate::ReadTimeouts) and
/// [`OpenTimeouts`](crate::OpenTimeouts) are declared with it.
///
/// The field that holds the struct chooses Go's two forms: `block` for `timeouts.Block`
/// (`timeouts { create = "30m" }`), `nested_attribute` for `timeouts.Attributes`
/// (`timeouts = { create = "30m" }`).
///
/// ```
/// use std::time::Duration;
/// use tfsdk_core::TfObject;
///
/// tfsdk_server::timeouts! {
///     /// How long creating and deleting a volume may take.
///     pub struct VolumeTimeouts { create, delete }
/// }
///
/// #[derive(TfObject, Clone, Debug, PartialEq)]
/// #[tfsdk(schema(resource))]
/// struct Volume {
///     #[tfsdk(name = "size", required)]
///     size: i64,
///     #[tfsdk(name = "timeouts", optional, block)]
///     timeouts: Option<VolumeTimeouts>,
/// }
///
/// let configured = VolumeTimeouts { create: Some("45m".into()), delete: None };
/// assert_eq!(configured.create(Duration::from_secs(600))?, Duration::from_secs(45 * 60));
/// assert_eq!(configured.delete(Duration::from_secs(600))?, Duration::from_secs(600));
///
/// // The block has the attributes chosen, and no others.
/// let schema = <Volume as tfsdk_core::TfSchema>::schema();
/// let block = schema.attributes["timeouts"].nested.as_ref().expect("a block");
/// let names: Vec<&str> = block.attributes.keys().map(String::as_str).collect();
/// assert_eq!(names, ["create", "delete"]);
/// # Ok::<(), tfsdk_core::diag::Diagnostic>(())
/// ```
///
/// The struct derives `TfObject`, so the crate using the macro depends on `tfsdk-core` (as
/// every provider does) and names this crate `tfsdk_server`.
#[macro_export]
macro_rules! timeouts {
    ($(#[$meta:meta])* $vis:vis struct $name:ident { $($operation:ident),+ $(,)? }) => {
        $crate::__timeouts_fields! { [$(#[$meta])* $vis struct $name] [] [] $($operation)+ }
    };
}

/// The fields of [`timeouts!`], one operation at a time, each with its own description.
#[doc(hidden)]
#[macro_export]
macro_rules! __timeouts_fields {
    ($head:tt [$($fields:tt)*] [$($done:ident)*] create $($rest:ident)*) => {
        $crate::__timeouts_fields! { $head [$($fields)*
            /// How long a create may take. A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration)
            /// consisting of numbers and unit suffixes, such as "30s" or "2h45m". Valid time units are
            /// "s" (seconds), "m" (minutes), "h" (hours).
            #[tfsdk(name = "create", optional, validate = ::tfsdk_server::valid_duration)]
            pub create: ::core::option::Option<::std::string::String>,
        ] [$($done)* create] $($rest)* }
    };
    ($head:tt [$($fields:tt)*] [$($done:ident)*] read $($rest:ident)*) => {
        $crate::__timeouts_fields! { $head [$($fields)*
            /// How long a read may take. A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration)
            /// consisting of numbers and unit suffixes, such as "30s" or "2h45m". Valid time units are
            /// "s" (seconds), "m" (minutes), "h" (hours). Read operations occur during any refresh or
            /// planning operation when refresh is enabled.
            #[tfsdk(name = "read", optional, validate = ::tfsdk_server::valid_duration)]
            pub read: ::core::option::Option<::std::string::String>,
        ] [$($done)* read] $($rest)* }
    };
    ($head:tt [$($fields:tt)*] [$($done:ident)*] update $($rest:ident)*) => {
        $crate::__timeouts_fields! { $head [$($fields)*
            /// How long an update may take. A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration)
            /// consisting of numbers and unit suffixes, such as "30s" or "2h45m". Valid time units are
            /// "s" (seconds), "m" (minutes), "h" (hours).
            #[tfsdk(name = "update", optional, validate = ::tfsdk_server::valid_duration)]
            pub update: ::core::option::Option<::std::string::String>,
        ] [$($done)* update] $($rest)* }
    };
    ($head:tt [$($fields:tt)*] [$($done:ident)*] delete $($rest:ident)*) => {
        $crate::__timeouts_fields! { $head [$($fields)*
            /// How long a delete may take. A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration)
            /// consisting of numbers and unit suffixes, such as "30s" or "2h45m". Valid time units are
            /// "s" (seconds), "m" (minutes), "h" (hours). Setting a timeout for a Delete operation is only applicable if
            /// changes are saved into state before the destroy operation occurs.
            #[tfsdk(name = "delete", optional, validate = ::tfsdk_server::valid_duration)]
            pub delete: ::core::option::Option<::std::string::String>,
        ] [$($done)* delete] $($rest)* }
    };
    ($head:tt [$($fields:tt)*] [$($done:ident)*] open $($rest:ident)*) => {
        $crate::__timeouts_fields! { $head [$($fields)*
            /// How long opening may take. A string that can be [parsed as a duration](https://pkg.go.dev/time#ParseDuration)
            /// consisting of numbers and unit suffixes, such as "30s" or "2h45m". Valid time units are
            /// "s" (seconds), "m" (minutes), "h" (hours).
            #[tfsdk(name = "open", optional, validate = ::tfsdk_server::valid_duration)]
            pub open: ::core::option::Option<::std::string::String>,
        ] [$($done)* open] $($rest)* }
    };
    ($head:tt $fields:tt $done:tt $other:ident $($rest:ident)*) => {
        ::core::compile_error!(::core::concat!(
            "`", ::core::stringify!($other), "` is no operation of a `timeouts` block: choose among ",
            "create, read, update, delete and open"
        ));
    };
    ([$(#[$meta:meta])* $vis:vis struct $name:ident] [$($fields:tt)*] [$($operation:ident)*]) => {
        $(#[$meta])*
        #[derive(::tfsdk_core::TfObject, Clone, Debug, Default, PartialEq, Eq)]
        #[tfsdk(schema)]
        $vis struct $name {
            $($fields)*
        }

        impl $name {
            $(
                #[doc = concat!(
                    "The ", stringify!($operation), " timeout: the configured one, else `default`.",
                    "\n\n# Errors\nA configured value that is not a duration (Go's \"Timeout ",
                    "Cannot Be Parsed\")."
                )]
                pub fn $operation(
                    &self,
                    default: ::core::time::Duration,
                ) -> ::core::result::Result<::core::time::Duration, ::tfsdk_core::diag::Diagnostic> {
                    $crate::configured_timeout(stringify!($operation), self.$operation.as_deref(), default)
                }
            )*
        }
    };
}
