// #[derive(TfObject)] on ThingRule
#[automatically_derived]
impl ::tfsdk_core::__private::TfObject for ThingRule {}
#[automatically_derived]
impl ::tfsdk_core::__private::ObjectFields for ThingRule {
    const IS_SCHEMA: bool = true;
    type FlatView = ThingRuleView;
    const ATTRIBUTE_NAMES: ::tfsdk_core::__private::AttributeNames = ::tfsdk_core::__private::AttributeNames {
        own: &["action", "enabled", "name", "note", "priority"],
        flattened: &[],
    };
    #[inline]
    fn collect_schema_attributes(
        out: &mut ::tfsdk_core::__private::Map<
            ::tfsdk_core::__private::String,
            ::tfsdk_core::__private::SchemaAttribute,
        >,
    ) {
        ::tfsdk_core::__private::length_rule::<String>();
        ::tfsdk_core::__private::range_rule::<Option<i64>>();
        ::tfsdk_core::__private::one_of_strings::<Option<String>>();
        ::tfsdk_core::__private::add_attributes(
            out,
            const {
                &[
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "name",
                            ::tfsdk_core::__private::schema_attribute::<String>,
                        )
                        .required()
                        .description("The rule's name.")
                        .rules(
                            &[
                                ::tfsdk_core::__private::RuleSpec::Length {
                                    min: ::tfsdk_core::__private::Option::Some(1u64),
                                    max: ::tfsdk_core::__private::Option::Some(64u64),
                                },
                            ],
                        ),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "priority",
                            ::tfsdk_core::__private::schema_attribute::<Option<i64>>,
                        )
                        .optional()
                        .description("Its priority, lower first.")
                        .rules(
                            &[
                                ::tfsdk_core::__private::RuleSpec::Range {
                                    min: ::tfsdk_core::__private::Option::Some("0"),
                                    max: ::tfsdk_core::__private::Option::Some("1000"),
                                },
                            ],
                        ),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "action",
                            ::tfsdk_core::__private::schema_attribute::<Option<String>>,
                        )
                        .optional()
                        .description("What the rule does.")
                        .rules(
                            &[
                                ::tfsdk_core::__private::RuleSpec::OneOfStrings(
                                    &["allow", "deny", "count"],
                                ),
                            ],
                        ),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "enabled",
                            ::tfsdk_core::__private::schema_attribute::<Option<bool>>,
                        )
                        .optional()
                        .description("Whether the rule is on."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "note",
                            ::tfsdk_core::__private::schema_attribute::<Option<String>>,
                        )
                        .optional()
                        .description("A free-form note."),
                ]
            },
        );
    }
    fn attribute_attr_type(
        name: &str,
    ) -> ::tfsdk_core::__private::Option<
        ::tfsdk_core::__private::Box<dyn ::tfsdk_core::__private::AttrType>,
    > {
        ::tfsdk_core::__private::attr_type_in(
            const {
                &[
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "action",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<String>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "enabled",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<bool>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "name",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<String>,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "note",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<String>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "priority",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<i64>,
                        >,
                    },
                ]
            },
            name,
        )
    }
    #[inline]
    fn attribute_count() -> usize {
        5usize
    }
    #[inline]
    fn has_attribute(name: &str) -> bool {
        ::tfsdk_core::__private::has_name(
            <Self as ::tfsdk_core::__private::ObjectFields>::ATTRIBUTE_NAMES.own,
            name,
        )
    }
    #[inline]
    fn from_attributes(
        attributes: &mut ::tfsdk_core::__private::Map<
            ::tfsdk_core::__private::String,
            ::tfsdk_core::__private::Value,
        >,
    ) -> ::tfsdk_core::__private::Result<Self, ::tfsdk_core::__private::ConvertError> {
        Self::from_checked_attributes(
            ::tfsdk_core::__private::take_own_attributes(
                attributes,
                <Self as ::tfsdk_core::__private::ObjectFields>::ATTRIBUTE_NAMES.own,
            )?,
        )
    }
    #[inline]
    fn from_checked_attributes(
        attributes: ::tfsdk_core::__private::AttributeValues,
    ) -> ::tfsdk_core::__private::Result<Self, ::tfsdk_core::__private::ConvertError> {
        #[allow(unused_mut, unused_variables)]
        let mut __tfsdk_attributes = ::tfsdk_core::__private::SortedAttributes::new(
            attributes,
        );
        #[allow(unused_mut)]
        let mut __tfsdk_errors = ::tfsdk_core::__private::FieldErrors::new();
        let __tfsdk_field_2 = ::tfsdk_core::__private::read_attribute::<
            Option<String>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "action");
        let __tfsdk_field_3 = ::tfsdk_core::__private::read_attribute::<
            Option<bool>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "enabled");
        let __tfsdk_field_0 = ::tfsdk_core::__private::read_attribute::<
            String,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "name");
        let __tfsdk_field_4 = ::tfsdk_core::__private::read_attribute::<
            Option<String>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "note");
        let __tfsdk_field_1 = ::tfsdk_core::__private::read_attribute::<
            Option<i64>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "priority");
        __tfsdk_errors.finish()?;
        ::tfsdk_core::__private::Result::Ok(Self {
            name: ::tfsdk_core::__private::filled(__tfsdk_field_0),
            priority: ::tfsdk_core::__private::filled(__tfsdk_field_1),
            action: ::tfsdk_core::__private::filled(__tfsdk_field_2),
            enabled: ::tfsdk_core::__private::filled(__tfsdk_field_3),
            note: ::tfsdk_core::__private::filled(__tfsdk_field_4),
        })
    }
    #[inline]
    #[allow(unused_variables)]
    fn write_attributes(&self, out: &mut impl ::tfsdk_core::__private::AttributeSink) {
        ::tfsdk_core::__private::put_attribute::<
            Option<String>,
        >(out, "action", &self.action);
        ::tfsdk_core::__private::put_attribute::<
            Option<bool>,
        >(out, "enabled", &self.enabled);
        ::tfsdk_core::__private::put_attribute::<String>(out, "name", &self.name);
        ::tfsdk_core::__private::put_attribute::<
            Option<String>,
        >(out, "note", &self.note);
        ::tfsdk_core::__private::put_attribute::<
            Option<i64>,
        >(out, "priority", &self.priority);
    }
    #[inline]
    fn cached_type() -> ::tfsdk_core::__private::Option<
        &'static ::tfsdk_core::__private::CachedObjectType,
    > {
        static OBJECT_TYPE: ::tfsdk_core::__private::OnceLock<
            ::tfsdk_core::__private::CachedObjectType,
        > = ::tfsdk_core::__private::OnceLock::new();
        ::tfsdk_core::__private::Option::Some(
            ::tfsdk_core::__private::cached_object_type(
                &OBJECT_TYPE,
                ::tfsdk_core::__private::object_type::<Self>,
            ),
        )
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::TerraformType for ThingRule {
    #[inline]
    fn terraform_type() -> ::tfsdk_core::__private::Type {
        ::tfsdk_core::__private::own_object_type::<Self>()
    }
    const VALIDATES: bool = false;
    const WRITE_ONLY: ::tfsdk_core::__private::WriteOnlyFacts = ::tfsdk_core::__private::WriteOnlyFacts::object(
        &[false, false, false, false, false],
        &[
            <String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<i64> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<bool> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
        ],
    );
    fn attr_type() -> ::tfsdk_core::__private::Box<
        dyn ::tfsdk_core::__private::AttrType,
    > {
        ::tfsdk_core::__private::model_attr_type::<Self>()
    }
    #[inline]
    fn nested_attributes() -> ::tfsdk_core::__private::Option<
        ::tfsdk_core::__private::NestedAttributes,
    > {
        ::tfsdk_core::__private::Option::Some(
            ::tfsdk_core::__private::nested_single::<Self>(&[]),
        )
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::FromValue for ThingRule {
    #[inline]
    fn from_value(
        value: ::tfsdk_core::__private::Value,
    ) -> ::tfsdk_core::__private::Result<Self, ::tfsdk_core::__private::ConvertError> {
        ::tfsdk_core::__private::object_from_value::<Self>(value)
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::ToValue for ThingRule {
    #[inline]
    fn to_value(
        &self,
        ty: &::tfsdk_core::__private::Type,
    ) -> ::tfsdk_core::__private::Result<
        ::tfsdk_core::__private::Value,
        ::tfsdk_core::__private::ConvertError,
    > {
        ::tfsdk_core::__private::object_to_value_sorted(self, ty)
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::TfSchema for ThingRule {
    const DESCRIPTION: ::tfsdk_core::__private::Option<&'static str> = ::tfsdk_core::__private::Option::Some(
        "A rule of the thing: five attributes.",
    );
    type View = ThingRuleView;
}
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<i64> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<bool> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
///The typed view of [`ThingRule`]: its fields, each able to hold null, unknown or a known value at every depth, for validation and planning (see `tfsdk_core::view`). Written by `#[derive(TfObject)]`.
pub struct ThingRuleView {
    ///The rule's name.
    pub name: <String as ::tfsdk_core::__private::Viewable>::View,
    ///Its priority, lower first.
    pub priority: <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
    ///What the rule does.
    pub action: <Option<String> as ::tfsdk_core::__private::Viewable>::View,
    ///Whether the rule is on.
    pub enabled: <Option<bool> as ::tfsdk_core::__private::Viewable>::View,
    ///A free-form note.
    pub note: <Option<String> as ::tfsdk_core::__private::Viewable>::View,
}
#[automatically_derived]
impl ::core::clone::Clone for ThingRuleView {
    fn clone(&self) -> Self {
        ThingRuleView {
            name: ::core::clone::Clone::clone(&self.name),
            priority: ::core::clone::Clone::clone(&self.priority),
            action: ::core::clone::Clone::clone(&self.action),
            enabled: ::core::clone::Clone::clone(&self.enabled),
            note: ::core::clone::Clone::clone(&self.note),
        }
    }
}
#[automatically_derived]
impl ::core::fmt::Debug for ThingRuleView {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_struct("ThingRuleView")
            .field(::core::stringify!(name), &self.name)
            .field(::core::stringify!(priority), &self.priority)
            .field(::core::stringify!(action), &self.action)
            .field(::core::stringify!(enabled), &self.enabled)
            .field(::core::stringify!(note), &self.note)
            .finish()
    }
}
#[automatically_derived]
impl ::core::cmp::PartialEq for ThingRuleView {
    fn eq(&self, other: &Self) -> bool {
        true && self.name == other.name && self.priority == other.priority
            && self.action == other.action && self.enabled == other.enabled
            && self.note == other.note
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::TfObject for ThingRuleView {}
#[automatically_derived]
impl ::tfsdk_core::__private::ObjectFields for ThingRuleView {
    const IS_SCHEMA: bool = false;
    type FlatView = ::tfsdk_core::__private::NotASchema;
    const ATTRIBUTE_NAMES: ::tfsdk_core::__private::AttributeNames = ::tfsdk_core::__private::AttributeNames {
        own: &["action", "enabled", "name", "note", "priority"],
        flattened: &[],
    };
    #[inline]
    fn collect_schema_attributes(
        out: &mut ::tfsdk_core::__private::Map<
            ::tfsdk_core::__private::String,
            ::tfsdk_core::__private::SchemaAttribute,
        >,
    ) {
        <ThingRule as ::tfsdk_core::__private::ObjectFields>::collect_schema_attributes(
            out,
        );
    }
    fn attribute_attr_type(
        name: &str,
    ) -> ::tfsdk_core::__private::Option<
        ::tfsdk_core::__private::Box<dyn ::tfsdk_core::__private::AttrType>,
    > {
        ::tfsdk_core::__private::attr_type_in(
            const {
                &[
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "action",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "enabled",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<bool> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "name",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <String as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "note",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "priority",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                ]
            },
            name,
        )
    }
    #[inline]
    fn attribute_count() -> usize {
        5usize
    }
    #[inline]
    fn has_attribute(name: &str) -> bool {
        ::tfsdk_core::__private::has_name(
            <Self as ::tfsdk_core::__private::ObjectFields>::ATTRIBUTE_NAMES.own,
            name,
        )
    }
    #[inline]
    fn from_attributes(
        attributes: &mut ::tfsdk_core::__private::Map<
            ::tfsdk_core::__private::String,
            ::tfsdk_core::__private::Value,
        >,
    ) -> ::tfsdk_core::__private::Result<Self, ::tfsdk_core::__private::ConvertError> {
        Self::from_checked_attributes(
            ::tfsdk_core::__private::take_own_attributes(
                attributes,
                <Self as ::tfsdk_core::__private::ObjectFields>::ATTRIBUTE_NAMES.own,
            )?,
        )
    }
    #[inline]
    fn from_checked_attributes(
        attributes: ::tfsdk_core::__private::AttributeValues,
    ) -> ::tfsdk_core::__private::Result<Self, ::tfsdk_core::__private::ConvertError> {
        #[allow(unused_mut, unused_variables)]
        let mut __tfsdk_attributes = ::tfsdk_core::__private::SortedAttributes::new(
            attributes,
        );
        #[allow(unused_mut)]
        let mut __tfsdk_errors = ::tfsdk_core::__private::FieldErrors::new();
        let __tfsdk_field_2 = ::tfsdk_core::__private::read_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "action");
        let __tfsdk_field_3 = ::tfsdk_core::__private::read_attribute::<
            <Option<bool> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "enabled");
        let __tfsdk_field_0 = ::tfsdk_core::__private::read_attribute::<
            <String as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "name");
        let __tfsdk_field_4 = ::tfsdk_core::__private::read_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "note");
        let __tfsdk_field_1 = ::tfsdk_core::__private::read_attribute::<
            <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "priority");
        __tfsdk_errors.finish()?;
        ::tfsdk_core::__private::Result::Ok(Self {
            name: ::tfsdk_core::__private::filled(__tfsdk_field_0),
            priority: ::tfsdk_core::__private::filled(__tfsdk_field_1),
            action: ::tfsdk_core::__private::filled(__tfsdk_field_2),
            enabled: ::tfsdk_core::__private::filled(__tfsdk_field_3),
            note: ::tfsdk_core::__private::filled(__tfsdk_field_4),
        })
    }
    #[inline]
    #[allow(unused_variables)]
    fn write_attributes(&self, out: &mut impl ::tfsdk_core::__private::AttributeSink) {
        ::tfsdk_core::__private::put_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "action", &self.action);
        ::tfsdk_core::__private::put_attribute::<
            <Option<bool> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "enabled", &self.enabled);
        ::tfsdk_core::__private::put_attribute::<
            <String as ::tfsdk_core::__private::Viewable>::View,
        >(out, "name", &self.name);
        ::tfsdk_core::__private::put_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "note", &self.note);
        ::tfsdk_core::__private::put_attribute::<
            <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "priority", &self.priority);
    }
    #[inline]
    fn cached_type() -> ::tfsdk_core::__private::Option<
        &'static ::tfsdk_core::__private::CachedObjectType,
    > {
        static OBJECT_TYPE: ::tfsdk_core::__private::OnceLock<
            ::tfsdk_core::__private::CachedObjectType,
        > = ::tfsdk_core::__private::OnceLock::new();
        ::tfsdk_core::__private::Option::Some(
            ::tfsdk_core::__private::cached_object_type(
                &OBJECT_TYPE,
                ::tfsdk_core::__private::object_type::<Self>,
            ),
        )
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::TerraformType for ThingRuleView {
    #[inline]
    fn terraform_type() -> ::tfsdk_core::__private::Type {
        ::tfsdk_core::__private::own_object_type::<Self>()
    }
    const VALIDATES: bool = false;
    const WRITE_ONLY: ::tfsdk_core::__private::WriteOnlyFacts = ::tfsdk_core::__private::WriteOnlyFacts::object(
        &[false, false, false, false, false],
        &[
            <<String as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                i64,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                String,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                bool,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                String,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
        ],
    );
    fn attr_type() -> ::tfsdk_core::__private::Box<
        dyn ::tfsdk_core::__private::AttrType,
    > {
        ::tfsdk_core::__private::model_attr_type::<Self>()
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::FromValue for ThingRuleView {
    #[inline]
    fn from_value(
        value: ::tfsdk_core::__private::Value,
    ) -> ::tfsdk_core::__private::Result<Self, ::tfsdk_core::__private::ConvertError> {
        ::tfsdk_core::__private::object_from_value::<Self>(value)
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::ToValue for ThingRuleView {
    #[inline]
    fn to_value(
        &self,
        ty: &::tfsdk_core::__private::Type,
    ) -> ::tfsdk_core::__private::Result<
        ::tfsdk_core::__private::Value,
        ::tfsdk_core::__private::ConvertError,
    > {
        ::tfsdk_core::__private::object_to_value_sorted(self, ty)
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::Viewable for ThingRuleView {
    type View = ::tfsdk_core::__private::ObjectValue<Self>;
    type Paths = ::tfsdk_core::__private::AttributePath;
}
#[automatically_derived]
impl ::tfsdk_core::__private::Viewable for ThingRule {
    type View = ::tfsdk_core::__private::Maybe<ThingRuleView>;
    type Paths = ThingRulePaths;
}
///The typed attribute paths of [`ThingRule`], from `ThingRule::paths()`: one method per field, for diagnostics and replacements. Each converts into an `AttributePath`. Written by `#[derive(TfObject)]`.
pub struct ThingRulePaths {
    path: ::tfsdk_core::__private::AttributePath,
    model: ::tfsdk_core::__private::PhantomData<fn() -> ThingRule>,
}
#[automatically_derived]
impl ::core::clone::Clone for ThingRulePaths {
    fn clone(&self) -> Self {
        ThingRulePaths {
            path: ::core::clone::Clone::clone(&self.path),
            model: ::tfsdk_core::__private::PhantomData,
        }
    }
}
#[automatically_derived]
impl ::core::fmt::Debug for ThingRulePaths {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_tuple("ThingRulePaths").field(&self.path).finish()
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::FromPath for ThingRulePaths {
    fn from_path(path: ::tfsdk_core::__private::AttributePath) -> Self {
        ThingRulePaths {
            path,
            model: ::tfsdk_core::__private::PhantomData,
        }
    }
}
#[automatically_derived]
impl ::core::convert::From<ThingRulePaths> for ::tfsdk_core::__private::AttributePath {
    fn from(paths: ThingRulePaths) -> ::tfsdk_core::__private::AttributePath {
        paths.path
    }
}
#[allow(clippy::wrong_self_convention)]
impl ThingRulePaths {
    ///The rule's name.
    #[inline]
    pub fn name(&self) -> <String as ::tfsdk_core::__private::Viewable>::Paths {
        <<String as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "name",
            ),
        )
    }
    ///Its priority, lower first.
    #[inline]
    pub fn priority(&self) -> <Option<i64> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            i64,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "priority",
            ),
        )
    }
    ///What the rule does.
    #[inline]
    pub fn action(
        &self,
    ) -> <Option<String> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            String,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "action",
            ),
        )
    }
    ///Whether the rule is on.
    #[inline]
    pub fn enabled(&self) -> <Option<bool> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            bool,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "enabled",
            ),
        )
    }
    ///A free-form note.
    #[inline]
    pub fn note(&self) -> <Option<String> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            String,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "note",
            ),
        )
    }
}

// #[derive(TfObject)] on Thing
#[automatically_derived]
impl ::tfsdk_core::__private::TfObject for Thing {}
#[automatically_derived]
impl ::tfsdk_core::__private::ObjectFields for Thing {
    const IS_SCHEMA: bool = true;
    type FlatView = ThingView;
    const ATTRIBUTE_NAMES: ::tfsdk_core::__private::AttributeNames = ::tfsdk_core::__private::AttributeNames {
        own: &[
            "aliases",
            "arn",
            "comment",
            "created_at",
            "description",
            "email",
            "enabled",
            "endpoint",
            "id",
            "instance_count",
            "kind",
            "name",
            "owner",
            "ports",
            "protected",
            "region",
            "retention_days",
            "rule",
            "size",
            "status",
            "tags",
            "updated_at",
            "version",
            "weight",
            "zone",
        ],
        flattened: &[],
    };
    #[inline]
    fn collect_schema_attributes(
        out: &mut ::tfsdk_core::__private::Map<
            ::tfsdk_core::__private::String,
            ::tfsdk_core::__private::SchemaAttribute,
        >,
    ) {
        ::tfsdk_core::__private::computed_field::<types::String>();
        ::tfsdk_core::__private::computed_field::<types::String>();
        ::tfsdk_core::__private::length_rule::<String>();
        ::tfsdk_core::__private::one_of_strings::<Option<String>>();
        ::tfsdk_core::__private::computed_field::<types::String>();
        ::tfsdk_core::__private::length_rule::<Option<String>>();
        ::tfsdk_core::__private::range_rule::<Option<i64>>();
        ::tfsdk_core::__private::computed_field::<types::String>();
        ::tfsdk_core::__private::computed_field::<types::String>();
        ::tfsdk_core::__private::computed_field::<types::Int64>();
        ::tfsdk_core::__private::computed_field::<types::String>();
        ::tfsdk_core::__private::computed_field::<types::String>();
        ::tfsdk_core::__private::block_field::<Option<Vec<ThingRule>>>();
        ::tfsdk_core::__private::add_attributes(
            out,
            const {
                &[
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "id",
                            ::tfsdk_core::__private::schema_attribute::<types::String>,
                        )
                        .computed()
                        .stable()
                        .description("The thing's id, assigned by the API."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "arn",
                            ::tfsdk_core::__private::schema_attribute::<types::String>,
                        )
                        .computed()
                        .stable()
                        .description("Its resource name."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "name",
                            ::tfsdk_core::__private::schema_attribute::<String>,
                        )
                        .required()
                        .description("The thing's name.")
                        .rules(
                            &[
                                ::tfsdk_core::__private::RuleSpec::Length {
                                    min: ::tfsdk_core::__private::Option::Some(1u64),
                                    max: ::tfsdk_core::__private::Option::Some(128u64),
                                },
                            ],
                        ),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "description",
                            ::tfsdk_core::__private::schema_attribute::<Option<String>>,
                        )
                        .optional()
                        .description("What it is for."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "kind",
                            ::tfsdk_core::__private::schema_attribute::<Option<String>>,
                        )
                        .optional()
                        .description("Its kind.")
                        .rules(
                            &[
                                ::tfsdk_core::__private::RuleSpec::OneOfStrings(
                                    &["standard", "premium", "archive"],
                                ),
                            ],
                        ),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "size",
                            ::tfsdk_core::__private::schema_attribute::<Option<i64>>,
                        )
                        .optional()
                        .description("Its size, 10 when unset.")
                        .default(::tfsdk_core::__private::DefaultSpec {
                            compute: || {
                                let value: i64 = ::core::convert::Into::into(10i64);
                                ::tfsdk_core::__private::default_value::<
                                    Option<i64>,
                                    i64,
                                >(&value)
                            },
                            dynamic: false,
                        }),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "instance_count",
                            ::tfsdk_core::__private::schema_attribute::<Option<i64>>,
                        )
                        .optional()
                        .description("How many."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "weight",
                            ::tfsdk_core::__private::schema_attribute::<Option<f64>>,
                        )
                        .optional()
                        .description("A weight."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "enabled",
                            ::tfsdk_core::__private::schema_attribute::<Option<bool>>,
                        )
                        .optional()
                        .description("Whether it is on.")
                        .default(::tfsdk_core::__private::DefaultSpec {
                            compute: || {
                                let value: bool = ::core::convert::Into::into(true);
                                ::tfsdk_core::__private::default_value::<
                                    Option<bool>,
                                    bool,
                                >(&value)
                            },
                            dynamic: false,
                        }),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "protected",
                            ::tfsdk_core::__private::schema_attribute::<Option<bool>>,
                        )
                        .optional()
                        .description("Whether deletion is refused."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "region",
                            ::tfsdk_core::__private::schema_attribute::<types::String>,
                        )
                        .optional()
                        .computed()
                        .description("The region, the provider's when unset."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "zone",
                            ::tfsdk_core::__private::schema_attribute::<Option<String>>,
                        )
                        .optional()
                        .force_new()
                        .description("The zone; a change replaces it."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "owner",
                            ::tfsdk_core::__private::schema_attribute::<Option<String>>,
                        )
                        .optional()
                        .description("Who owns it."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "email",
                            ::tfsdk_core::__private::schema_attribute::<Option<String>>,
                        )
                        .optional()
                        .description("Where to send notices.")
                        .rules(
                            &[
                                ::tfsdk_core::__private::RuleSpec::Length {
                                    min: ::tfsdk_core::__private::Option::Some(3u64),
                                    max: ::tfsdk_core::__private::Option::Some(254u64),
                                },
                            ],
                        ),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "retention_days",
                            ::tfsdk_core::__private::schema_attribute::<Option<i64>>,
                        )
                        .optional()
                        .description("How long to keep it.")
                        .rules(
                            &[
                                ::tfsdk_core::__private::RuleSpec::Range {
                                    min: ::tfsdk_core::__private::Option::Some("1"),
                                    max: ::tfsdk_core::__private::Option::Some("3650"),
                                },
                            ],
                        ),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "created_at",
                            ::tfsdk_core::__private::schema_attribute::<types::String>,
                        )
                        .computed()
                        .stable()
                        .description("When it was made."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "updated_at",
                            ::tfsdk_core::__private::schema_attribute::<types::String>,
                        )
                        .computed()
                        .description("When it last changed."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "version",
                            ::tfsdk_core::__private::schema_attribute::<types::Int64>,
                        )
                        .computed()
                        .description("Bumped on every change."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "tags",
                            ::tfsdk_core::__private::schema_attribute::<
                                Option<BTreeMap<String, String>>,
                            >,
                        )
                        .optional()
                        .description("Tags, by key."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "aliases",
                            ::tfsdk_core::__private::schema_attribute::<
                                Option<Vec<String>>,
                            >,
                        )
                        .optional()
                        .description("Other names."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "ports",
                            ::tfsdk_core::__private::schema_attribute::<Option<Vec<i64>>>,
                        )
                        .optional()
                        .description("Ports it listens on."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "endpoint",
                            ::tfsdk_core::__private::schema_attribute::<types::String>,
                        )
                        .computed()
                        .description("Where to reach it."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "status",
                            ::tfsdk_core::__private::schema_attribute::<types::String>,
                        )
                        .computed()
                        .description("Its status."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "comment",
                            ::tfsdk_core::__private::schema_attribute::<Option<String>>,
                        )
                        .optional()
                        .description("A comment."),
                    ::tfsdk_core::__private::AttributeSpec::new(
                            "rule",
                            ::tfsdk_core::__private::schema_attribute::<
                                Option<Vec<ThingRule>>,
                            >,
                        )
                        .optional()
                        .description("Its rules, one `rule` block each.")
                        .presentation(::tfsdk_core::__private::Presentation::Block),
                ]
            },
        );
    }
    fn attribute_attr_type(
        name: &str,
    ) -> ::tfsdk_core::__private::Option<
        ::tfsdk_core::__private::Box<dyn ::tfsdk_core::__private::AttrType>,
    > {
        ::tfsdk_core::__private::attr_type_in(
            const {
                &[
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "aliases",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<Vec<String>>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "arn",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            types::String,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "comment",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<String>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "created_at",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            types::String,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "description",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<String>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "email",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<String>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "enabled",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<bool>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "endpoint",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            types::String,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "id",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            types::String,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "instance_count",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<i64>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "kind",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<String>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "name",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<String>,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "owner",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<String>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "ports",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<Vec<i64>>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "protected",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<bool>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "region",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            types::String,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "retention_days",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<i64>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "rule",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<Vec<ThingRule>>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "size",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<i64>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "status",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            types::String,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "tags",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<BTreeMap<String, String>>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "updated_at",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            types::String,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "version",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            types::Int64,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "weight",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<f64>,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "zone",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            Option<String>,
                        >,
                    },
                ]
            },
            name,
        )
    }
    #[inline]
    fn attribute_count() -> usize {
        25usize
    }
    #[inline]
    fn has_attribute(name: &str) -> bool {
        ::tfsdk_core::__private::has_name(
            <Self as ::tfsdk_core::__private::ObjectFields>::ATTRIBUTE_NAMES.own,
            name,
        )
    }
    #[inline]
    fn from_attributes(
        attributes: &mut ::tfsdk_core::__private::Map<
            ::tfsdk_core::__private::String,
            ::tfsdk_core::__private::Value,
        >,
    ) -> ::tfsdk_core::__private::Result<Self, ::tfsdk_core::__private::ConvertError> {
        Self::from_checked_attributes(
            ::tfsdk_core::__private::take_own_attributes(
                attributes,
                <Self as ::tfsdk_core::__private::ObjectFields>::ATTRIBUTE_NAMES.own,
            )?,
        )
    }
    #[inline]
    fn from_checked_attributes(
        attributes: ::tfsdk_core::__private::AttributeValues,
    ) -> ::tfsdk_core::__private::Result<Self, ::tfsdk_core::__private::ConvertError> {
        #[allow(unused_mut, unused_variables)]
        let mut __tfsdk_attributes = ::tfsdk_core::__private::SortedAttributes::new(
            attributes,
        );
        #[allow(unused_mut)]
        let mut __tfsdk_errors = ::tfsdk_core::__private::FieldErrors::new();
        let __tfsdk_field_19 = ::tfsdk_core::__private::read_attribute::<
            Option<Vec<String>>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "aliases");
        let __tfsdk_field_1 = ::tfsdk_core::__private::read_attribute::<
            types::String,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "arn");
        let __tfsdk_field_23 = ::tfsdk_core::__private::read_attribute::<
            Option<String>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "comment");
        let __tfsdk_field_15 = ::tfsdk_core::__private::read_attribute::<
            types::String,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "created_at");
        let __tfsdk_field_3 = ::tfsdk_core::__private::read_attribute::<
            Option<String>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "description");
        let __tfsdk_field_13 = ::tfsdk_core::__private::read_attribute::<
            Option<String>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "email");
        let __tfsdk_field_8 = ::tfsdk_core::__private::read_attribute::<
            Option<bool>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "enabled");
        let __tfsdk_field_21 = ::tfsdk_core::__private::read_attribute::<
            types::String,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "endpoint");
        let __tfsdk_field_0 = ::tfsdk_core::__private::read_attribute::<
            types::String,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "id");
        let __tfsdk_field_6 = ::tfsdk_core::__private::read_attribute::<
            Option<i64>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "instance_count");
        let __tfsdk_field_4 = ::tfsdk_core::__private::read_attribute::<
            Option<String>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "kind");
        let __tfsdk_field_2 = ::tfsdk_core::__private::read_attribute::<
            String,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "name");
        let __tfsdk_field_12 = ::tfsdk_core::__private::read_attribute::<
            Option<String>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "owner");
        let __tfsdk_field_20 = ::tfsdk_core::__private::read_attribute::<
            Option<Vec<i64>>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "ports");
        let __tfsdk_field_9 = ::tfsdk_core::__private::read_attribute::<
            Option<bool>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "protected");
        let __tfsdk_field_10 = ::tfsdk_core::__private::read_attribute::<
            types::String,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "region");
        let __tfsdk_field_14 = ::tfsdk_core::__private::read_attribute::<
            Option<i64>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "retention_days");
        let __tfsdk_field_24 = ::tfsdk_core::__private::read_attribute::<
            Option<Vec<ThingRule>>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "rule");
        let __tfsdk_field_5 = ::tfsdk_core::__private::read_attribute::<
            Option<i64>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "size");
        let __tfsdk_field_22 = ::tfsdk_core::__private::read_attribute::<
            types::String,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "status");
        let __tfsdk_field_18 = ::tfsdk_core::__private::read_attribute::<
            Option<BTreeMap<String, String>>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "tags");
        let __tfsdk_field_16 = ::tfsdk_core::__private::read_attribute::<
            types::String,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "updated_at");
        let __tfsdk_field_17 = ::tfsdk_core::__private::read_attribute::<
            types::Int64,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "version");
        let __tfsdk_field_7 = ::tfsdk_core::__private::read_attribute::<
            Option<f64>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "weight");
        let __tfsdk_field_11 = ::tfsdk_core::__private::read_attribute::<
            Option<String>,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "zone");
        __tfsdk_errors.finish()?;
        ::tfsdk_core::__private::Result::Ok(Self {
            id: ::tfsdk_core::__private::filled(__tfsdk_field_0),
            arn: ::tfsdk_core::__private::filled(__tfsdk_field_1),
            name: ::tfsdk_core::__private::filled(__tfsdk_field_2),
            description: ::tfsdk_core::__private::filled(__tfsdk_field_3),
            kind: ::tfsdk_core::__private::filled(__tfsdk_field_4),
            size: ::tfsdk_core::__private::filled(__tfsdk_field_5),
            count: ::tfsdk_core::__private::filled(__tfsdk_field_6),
            weight: ::tfsdk_core::__private::filled(__tfsdk_field_7),
            enabled: ::tfsdk_core::__private::filled(__tfsdk_field_8),
            protected: ::tfsdk_core::__private::filled(__tfsdk_field_9),
            region: ::tfsdk_core::__private::filled(__tfsdk_field_10),
            zone: ::tfsdk_core::__private::filled(__tfsdk_field_11),
            owner: ::tfsdk_core::__private::filled(__tfsdk_field_12),
            email: ::tfsdk_core::__private::filled(__tfsdk_field_13),
            retention_days: ::tfsdk_core::__private::filled(__tfsdk_field_14),
            created_at: ::tfsdk_core::__private::filled(__tfsdk_field_15),
            updated_at: ::tfsdk_core::__private::filled(__tfsdk_field_16),
            version: ::tfsdk_core::__private::filled(__tfsdk_field_17),
            tags: ::tfsdk_core::__private::filled(__tfsdk_field_18),
            aliases: ::tfsdk_core::__private::filled(__tfsdk_field_19),
            ports: ::tfsdk_core::__private::filled(__tfsdk_field_20),
            endpoint: ::tfsdk_core::__private::filled(__tfsdk_field_21),
            status: ::tfsdk_core::__private::filled(__tfsdk_field_22),
            comment: ::tfsdk_core::__private::filled(__tfsdk_field_23),
            rules: ::tfsdk_core::__private::filled(__tfsdk_field_24),
        })
    }
    #[inline]
    #[allow(unused_variables)]
    fn write_attributes(&self, out: &mut impl ::tfsdk_core::__private::AttributeSink) {
        ::tfsdk_core::__private::put_attribute::<
            Option<Vec<String>>,
        >(out, "aliases", &self.aliases);
        ::tfsdk_core::__private::put_attribute::<types::String>(out, "arn", &self.arn);
        ::tfsdk_core::__private::put_attribute::<
            Option<String>,
        >(out, "comment", &self.comment);
        ::tfsdk_core::__private::put_attribute::<
            types::String,
        >(out, "created_at", &self.created_at);
        ::tfsdk_core::__private::put_attribute::<
            Option<String>,
        >(out, "description", &self.description);
        ::tfsdk_core::__private::put_attribute::<
            Option<String>,
        >(out, "email", &self.email);
        ::tfsdk_core::__private::put_attribute::<
            Option<bool>,
        >(out, "enabled", &self.enabled);
        ::tfsdk_core::__private::put_attribute::<
            types::String,
        >(out, "endpoint", &self.endpoint);
        ::tfsdk_core::__private::put_attribute::<types::String>(out, "id", &self.id);
        ::tfsdk_core::__private::put_attribute::<
            Option<i64>,
        >(out, "instance_count", &self.count);
        ::tfsdk_core::__private::put_attribute::<
            Option<String>,
        >(out, "kind", &self.kind);
        ::tfsdk_core::__private::put_attribute::<String>(out, "name", &self.name);
        ::tfsdk_core::__private::put_attribute::<
            Option<String>,
        >(out, "owner", &self.owner);
        ::tfsdk_core::__private::put_attribute::<
            Option<Vec<i64>>,
        >(out, "ports", &self.ports);
        ::tfsdk_core::__private::put_attribute::<
            Option<bool>,
        >(out, "protected", &self.protected);
        ::tfsdk_core::__private::put_attribute::<
            types::String,
        >(out, "region", &self.region);
        ::tfsdk_core::__private::put_attribute::<
            Option<i64>,
        >(out, "retention_days", &self.retention_days);
        ::tfsdk_core::__private::put_attribute::<
            Option<Vec<ThingRule>>,
        >(out, "rule", &self.rules);
        ::tfsdk_core::__private::put_attribute::<Option<i64>>(out, "size", &self.size);
        ::tfsdk_core::__private::put_attribute::<
            types::String,
        >(out, "status", &self.status);
        ::tfsdk_core::__private::put_attribute::<
            Option<BTreeMap<String, String>>,
        >(out, "tags", &self.tags);
        ::tfsdk_core::__private::put_attribute::<
            types::String,
        >(out, "updated_at", &self.updated_at);
        ::tfsdk_core::__private::put_attribute::<
            types::Int64,
        >(out, "version", &self.version);
        ::tfsdk_core::__private::put_attribute::<
            Option<f64>,
        >(out, "weight", &self.weight);
        ::tfsdk_core::__private::put_attribute::<
            Option<String>,
        >(out, "zone", &self.zone);
    }
    #[inline]
    fn cached_type() -> ::tfsdk_core::__private::Option<
        &'static ::tfsdk_core::__private::CachedObjectType,
    > {
        static OBJECT_TYPE: ::tfsdk_core::__private::OnceLock<
            ::tfsdk_core::__private::CachedObjectType,
        > = ::tfsdk_core::__private::OnceLock::new();
        ::tfsdk_core::__private::Option::Some(
            ::tfsdk_core::__private::cached_object_type(
                &OBJECT_TYPE,
                ::tfsdk_core::__private::object_type::<Self>,
            ),
        )
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::TerraformType for Thing {
    #[inline]
    fn terraform_type() -> ::tfsdk_core::__private::Type {
        ::tfsdk_core::__private::own_object_type::<Self>()
    }
    const VALIDATES: bool = false;
    const WRITE_ONLY: ::tfsdk_core::__private::WriteOnlyFacts = ::tfsdk_core::__private::WriteOnlyFacts::object(
        &[
            false, false, false, false, false, false, false, false, false, false, false,
            false, false, false, false, false, false, false, false, false, false, false,
            false, false, false,
        ],
        &[
            <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<i64> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<i64> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<f64> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<bool> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<bool> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<i64> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <types::Int64 as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<
                BTreeMap<String, String>,
            > as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<Vec<String>> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<Vec<i64>> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <Option<
                Vec<ThingRule>,
            > as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
        ],
    );
    fn attr_type() -> ::tfsdk_core::__private::Box<
        dyn ::tfsdk_core::__private::AttrType,
    > {
        ::tfsdk_core::__private::model_attr_type::<Self>()
    }
    #[inline]
    fn nested_attributes() -> ::tfsdk_core::__private::Option<
        ::tfsdk_core::__private::NestedAttributes,
    > {
        ::tfsdk_core::__private::Option::Some(
            ::tfsdk_core::__private::nested_single::<Self>(&[]),
        )
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::FromValue for Thing {
    #[inline]
    fn from_value(
        value: ::tfsdk_core::__private::Value,
    ) -> ::tfsdk_core::__private::Result<Self, ::tfsdk_core::__private::ConvertError> {
        ::tfsdk_core::__private::object_from_value::<Self>(value)
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::ToValue for Thing {
    #[inline]
    fn to_value(
        &self,
        ty: &::tfsdk_core::__private::Type,
    ) -> ::tfsdk_core::__private::Result<
        ::tfsdk_core::__private::Value,
        ::tfsdk_core::__private::ConvertError,
    > {
        ::tfsdk_core::__private::object_to_value_sorted(self, ty)
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::TfSchema for Thing {
    const DESCRIPTION: ::tfsdk_core::__private::Option<&'static str> = ::tfsdk_core::__private::Option::Some(
        "Thing 0: a resource of ~25 attributes.",
    );
    type View = ThingView;
}
const _: () = {
    const FACTS: ::tfsdk_core::__private::WriteOnlyFacts = <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY;
    ::tfsdk_core::__private::assert_no_write_only_in_computed(FACTS)
};
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = {
    const FACTS: ::tfsdk_core::__private::WriteOnlyFacts = <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY;
    ::tfsdk_core::__private::assert_no_write_only_in_computed(FACTS)
};
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<i64> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<i64> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<f64> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<bool> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<bool> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = {
    const FACTS: ::tfsdk_core::__private::WriteOnlyFacts = <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY;
    ::tfsdk_core::__private::assert_no_write_only_in_computed(FACTS)
};
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<i64> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = {
    const FACTS: ::tfsdk_core::__private::WriteOnlyFacts = <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY;
    ::tfsdk_core::__private::assert_no_write_only_in_computed(FACTS)
};
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = {
    const FACTS: ::tfsdk_core::__private::WriteOnlyFacts = <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY;
    ::tfsdk_core::__private::assert_no_write_only_in_computed(FACTS)
};
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = {
    const FACTS: ::tfsdk_core::__private::WriteOnlyFacts = <types::Int64 as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY;
    ::tfsdk_core::__private::assert_no_write_only_in_computed(FACTS)
};
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <types::Int64 as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<
        BTreeMap<String, String>,
    > as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<Vec<String>> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<Vec<i64>> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = {
    const FACTS: ::tfsdk_core::__private::WriteOnlyFacts = <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY;
    ::tfsdk_core::__private::assert_no_write_only_in_computed(FACTS)
};
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = {
    const FACTS: ::tfsdk_core::__private::WriteOnlyFacts = <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY;
    ::tfsdk_core::__private::assert_no_write_only_in_computed(FACTS)
};
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <types::String as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<String> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
const _: () = ::tfsdk_core::__private::assert_no_write_only_in_set(
    <Option<Vec<ThingRule>> as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
);
///The typed view of [`Thing`]: its fields, each able to hold null, unknown or a known value at every depth, for validation and planning (see `tfsdk_core::view`). Written by `#[derive(TfObject)]`.
pub struct ThingView {
    ///The thing's id, assigned by the API.
    pub id: <types::String as ::tfsdk_core::__private::Viewable>::View,
    ///Its resource name.
    pub arn: <types::String as ::tfsdk_core::__private::Viewable>::View,
    ///The thing's name.
    pub name: <String as ::tfsdk_core::__private::Viewable>::View,
    ///What it is for.
    pub description: <Option<String> as ::tfsdk_core::__private::Viewable>::View,
    ///Its kind.
    pub kind: <Option<String> as ::tfsdk_core::__private::Viewable>::View,
    ///Its size, 10 when unset.
    pub size: <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
    ///How many.
    pub count: <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
    ///A weight.
    pub weight: <Option<f64> as ::tfsdk_core::__private::Viewable>::View,
    ///Whether it is on.
    pub enabled: <Option<bool> as ::tfsdk_core::__private::Viewable>::View,
    ///Whether deletion is refused.
    pub protected: <Option<bool> as ::tfsdk_core::__private::Viewable>::View,
    ///The region, the provider's when unset.
    pub region: <types::String as ::tfsdk_core::__private::Viewable>::View,
    ///The zone; a change replaces it.
    pub zone: <Option<String> as ::tfsdk_core::__private::Viewable>::View,
    ///Who owns it.
    pub owner: <Option<String> as ::tfsdk_core::__private::Viewable>::View,
    ///Where to send notices.
    pub email: <Option<String> as ::tfsdk_core::__private::Viewable>::View,
    ///How long to keep it.
    pub retention_days: <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
    ///When it was made.
    pub created_at: <types::String as ::tfsdk_core::__private::Viewable>::View,
    ///When it last changed.
    pub updated_at: <types::String as ::tfsdk_core::__private::Viewable>::View,
    ///Bumped on every change.
    pub version: <types::Int64 as ::tfsdk_core::__private::Viewable>::View,
    ///Tags, by key.
    pub tags: <Option<
        BTreeMap<String, String>,
    > as ::tfsdk_core::__private::Viewable>::View,
    ///Other names.
    pub aliases: <Option<Vec<String>> as ::tfsdk_core::__private::Viewable>::View,
    ///Ports it listens on.
    pub ports: <Option<Vec<i64>> as ::tfsdk_core::__private::Viewable>::View,
    ///Where to reach it.
    pub endpoint: <types::String as ::tfsdk_core::__private::Viewable>::View,
    ///Its status.
    pub status: <types::String as ::tfsdk_core::__private::Viewable>::View,
    ///A comment.
    pub comment: <Option<String> as ::tfsdk_core::__private::Viewable>::View,
    ///Its rules, one `rule` block each.
    pub rules: <Option<Vec<ThingRule>> as ::tfsdk_core::__private::Viewable>::View,
}
#[automatically_derived]
impl ::core::clone::Clone for ThingView {
    fn clone(&self) -> Self {
        ThingView {
            id: ::core::clone::Clone::clone(&self.id),
            arn: ::core::clone::Clone::clone(&self.arn),
            name: ::core::clone::Clone::clone(&self.name),
            description: ::core::clone::Clone::clone(&self.description),
            kind: ::core::clone::Clone::clone(&self.kind),
            size: ::core::clone::Clone::clone(&self.size),
            count: ::core::clone::Clone::clone(&self.count),
            weight: ::core::clone::Clone::clone(&self.weight),
            enabled: ::core::clone::Clone::clone(&self.enabled),
            protected: ::core::clone::Clone::clone(&self.protected),
            region: ::core::clone::Clone::clone(&self.region),
            zone: ::core::clone::Clone::clone(&self.zone),
            owner: ::core::clone::Clone::clone(&self.owner),
            email: ::core::clone::Clone::clone(&self.email),
            retention_days: ::core::clone::Clone::clone(&self.retention_days),
            created_at: ::core::clone::Clone::clone(&self.created_at),
            updated_at: ::core::clone::Clone::clone(&self.updated_at),
            version: ::core::clone::Clone::clone(&self.version),
            tags: ::core::clone::Clone::clone(&self.tags),
            aliases: ::core::clone::Clone::clone(&self.aliases),
            ports: ::core::clone::Clone::clone(&self.ports),
            endpoint: ::core::clone::Clone::clone(&self.endpoint),
            status: ::core::clone::Clone::clone(&self.status),
            comment: ::core::clone::Clone::clone(&self.comment),
            rules: ::core::clone::Clone::clone(&self.rules),
        }
    }
}
#[automatically_derived]
impl ::core::fmt::Debug for ThingView {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_struct("ThingView")
            .field(::core::stringify!(id), &self.id)
            .field(::core::stringify!(arn), &self.arn)
            .field(::core::stringify!(name), &self.name)
            .field(::core::stringify!(description), &self.description)
            .field(::core::stringify!(kind), &self.kind)
            .field(::core::stringify!(size), &self.size)
            .field(::core::stringify!(count), &self.count)
            .field(::core::stringify!(weight), &self.weight)
            .field(::core::stringify!(enabled), &self.enabled)
            .field(::core::stringify!(protected), &self.protected)
            .field(::core::stringify!(region), &self.region)
            .field(::core::stringify!(zone), &self.zone)
            .field(::core::stringify!(owner), &self.owner)
            .field(::core::stringify!(email), &self.email)
            .field(::core::stringify!(retention_days), &self.retention_days)
            .field(::core::stringify!(created_at), &self.created_at)
            .field(::core::stringify!(updated_at), &self.updated_at)
            .field(::core::stringify!(version), &self.version)
            .field(::core::stringify!(tags), &self.tags)
            .field(::core::stringify!(aliases), &self.aliases)
            .field(::core::stringify!(ports), &self.ports)
            .field(::core::stringify!(endpoint), &self.endpoint)
            .field(::core::stringify!(status), &self.status)
            .field(::core::stringify!(comment), &self.comment)
            .field(::core::stringify!(rules), &self.rules)
            .finish()
    }
}
#[automatically_derived]
impl ::core::cmp::PartialEq for ThingView {
    fn eq(&self, other: &Self) -> bool {
        true && self.id == other.id && self.arn == other.arn && self.name == other.name
            && self.description == other.description && self.kind == other.kind
            && self.size == other.size && self.count == other.count
            && self.weight == other.weight && self.enabled == other.enabled
            && self.protected == other.protected && self.region == other.region
            && self.zone == other.zone && self.owner == other.owner
            && self.email == other.email && self.retention_days == other.retention_days
            && self.created_at == other.created_at && self.updated_at == other.updated_at
            && self.version == other.version && self.tags == other.tags
            && self.aliases == other.aliases && self.ports == other.ports
            && self.endpoint == other.endpoint && self.status == other.status
            && self.comment == other.comment && self.rules == other.rules
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::TfObject for ThingView {}
#[automatically_derived]
impl ::tfsdk_core::__private::ObjectFields for ThingView {
    const IS_SCHEMA: bool = false;
    type FlatView = ::tfsdk_core::__private::NotASchema;
    const ATTRIBUTE_NAMES: ::tfsdk_core::__private::AttributeNames = ::tfsdk_core::__private::AttributeNames {
        own: &[
            "aliases",
            "arn",
            "comment",
            "created_at",
            "description",
            "email",
            "enabled",
            "endpoint",
            "id",
            "instance_count",
            "kind",
            "name",
            "owner",
            "ports",
            "protected",
            "region",
            "retention_days",
            "rule",
            "size",
            "status",
            "tags",
            "updated_at",
            "version",
            "weight",
            "zone",
        ],
        flattened: &[],
    };
    #[inline]
    fn collect_schema_attributes(
        out: &mut ::tfsdk_core::__private::Map<
            ::tfsdk_core::__private::String,
            ::tfsdk_core::__private::SchemaAttribute,
        >,
    ) {
        <Thing as ::tfsdk_core::__private::ObjectFields>::collect_schema_attributes(out);
    }
    fn attribute_attr_type(
        name: &str,
    ) -> ::tfsdk_core::__private::Option<
        ::tfsdk_core::__private::Box<dyn ::tfsdk_core::__private::AttrType>,
    > {
        ::tfsdk_core::__private::attr_type_in(
            const {
                &[
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "aliases",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<
                                Vec<String>,
                            > as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "arn",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <types::String as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "comment",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "created_at",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <types::String as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "description",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "email",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "enabled",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<bool> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "endpoint",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <types::String as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "id",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <types::String as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "instance_count",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "kind",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "name",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <String as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "owner",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "ports",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<Vec<i64>> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "protected",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<bool> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "region",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <types::String as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "retention_days",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "rule",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<
                                Vec<ThingRule>,
                            > as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "size",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "status",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <types::String as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "tags",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<
                                BTreeMap<String, String>,
                            > as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "updated_at",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <types::String as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "version",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <types::Int64 as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "weight",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<f64> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                    ::tfsdk_core::__private::NamedAttrType {
                        name: "zone",
                        attr_type: ::tfsdk_core::__private::field_attr_type::<
                            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
                        >,
                    },
                ]
            },
            name,
        )
    }
    #[inline]
    fn attribute_count() -> usize {
        25usize
    }
    #[inline]
    fn has_attribute(name: &str) -> bool {
        ::tfsdk_core::__private::has_name(
            <Self as ::tfsdk_core::__private::ObjectFields>::ATTRIBUTE_NAMES.own,
            name,
        )
    }
    #[inline]
    fn from_attributes(
        attributes: &mut ::tfsdk_core::__private::Map<
            ::tfsdk_core::__private::String,
            ::tfsdk_core::__private::Value,
        >,
    ) -> ::tfsdk_core::__private::Result<Self, ::tfsdk_core::__private::ConvertError> {
        Self::from_checked_attributes(
            ::tfsdk_core::__private::take_own_attributes(
                attributes,
                <Self as ::tfsdk_core::__private::ObjectFields>::ATTRIBUTE_NAMES.own,
            )?,
        )
    }
    #[inline]
    fn from_checked_attributes(
        attributes: ::tfsdk_core::__private::AttributeValues,
    ) -> ::tfsdk_core::__private::Result<Self, ::tfsdk_core::__private::ConvertError> {
        #[allow(unused_mut, unused_variables)]
        let mut __tfsdk_attributes = ::tfsdk_core::__private::SortedAttributes::new(
            attributes,
        );
        #[allow(unused_mut)]
        let mut __tfsdk_errors = ::tfsdk_core::__private::FieldErrors::new();
        let __tfsdk_field_19 = ::tfsdk_core::__private::read_attribute::<
            <Option<Vec<String>> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "aliases");
        let __tfsdk_field_1 = ::tfsdk_core::__private::read_attribute::<
            <types::String as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "arn");
        let __tfsdk_field_23 = ::tfsdk_core::__private::read_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "comment");
        let __tfsdk_field_15 = ::tfsdk_core::__private::read_attribute::<
            <types::String as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "created_at");
        let __tfsdk_field_3 = ::tfsdk_core::__private::read_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "description");
        let __tfsdk_field_13 = ::tfsdk_core::__private::read_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "email");
        let __tfsdk_field_8 = ::tfsdk_core::__private::read_attribute::<
            <Option<bool> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "enabled");
        let __tfsdk_field_21 = ::tfsdk_core::__private::read_attribute::<
            <types::String as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "endpoint");
        let __tfsdk_field_0 = ::tfsdk_core::__private::read_attribute::<
            <types::String as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "id");
        let __tfsdk_field_6 = ::tfsdk_core::__private::read_attribute::<
            <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "instance_count");
        let __tfsdk_field_4 = ::tfsdk_core::__private::read_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "kind");
        let __tfsdk_field_2 = ::tfsdk_core::__private::read_attribute::<
            <String as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "name");
        let __tfsdk_field_12 = ::tfsdk_core::__private::read_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "owner");
        let __tfsdk_field_20 = ::tfsdk_core::__private::read_attribute::<
            <Option<Vec<i64>> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "ports");
        let __tfsdk_field_9 = ::tfsdk_core::__private::read_attribute::<
            <Option<bool> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "protected");
        let __tfsdk_field_10 = ::tfsdk_core::__private::read_attribute::<
            <types::String as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "region");
        let __tfsdk_field_14 = ::tfsdk_core::__private::read_attribute::<
            <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "retention_days");
        let __tfsdk_field_24 = ::tfsdk_core::__private::read_attribute::<
            <Option<Vec<ThingRule>> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "rule");
        let __tfsdk_field_5 = ::tfsdk_core::__private::read_attribute::<
            <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "size");
        let __tfsdk_field_22 = ::tfsdk_core::__private::read_attribute::<
            <types::String as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "status");
        let __tfsdk_field_18 = ::tfsdk_core::__private::read_attribute::<
            <Option<BTreeMap<String, String>> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "tags");
        let __tfsdk_field_16 = ::tfsdk_core::__private::read_attribute::<
            <types::String as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "updated_at");
        let __tfsdk_field_17 = ::tfsdk_core::__private::read_attribute::<
            <types::Int64 as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "version");
        let __tfsdk_field_7 = ::tfsdk_core::__private::read_attribute::<
            <Option<f64> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "weight");
        let __tfsdk_field_11 = ::tfsdk_core::__private::read_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(&mut __tfsdk_attributes, &mut __tfsdk_errors, "zone");
        __tfsdk_errors.finish()?;
        ::tfsdk_core::__private::Result::Ok(Self {
            id: ::tfsdk_core::__private::filled(__tfsdk_field_0),
            arn: ::tfsdk_core::__private::filled(__tfsdk_field_1),
            name: ::tfsdk_core::__private::filled(__tfsdk_field_2),
            description: ::tfsdk_core::__private::filled(__tfsdk_field_3),
            kind: ::tfsdk_core::__private::filled(__tfsdk_field_4),
            size: ::tfsdk_core::__private::filled(__tfsdk_field_5),
            count: ::tfsdk_core::__private::filled(__tfsdk_field_6),
            weight: ::tfsdk_core::__private::filled(__tfsdk_field_7),
            enabled: ::tfsdk_core::__private::filled(__tfsdk_field_8),
            protected: ::tfsdk_core::__private::filled(__tfsdk_field_9),
            region: ::tfsdk_core::__private::filled(__tfsdk_field_10),
            zone: ::tfsdk_core::__private::filled(__tfsdk_field_11),
            owner: ::tfsdk_core::__private::filled(__tfsdk_field_12),
            email: ::tfsdk_core::__private::filled(__tfsdk_field_13),
            retention_days: ::tfsdk_core::__private::filled(__tfsdk_field_14),
            created_at: ::tfsdk_core::__private::filled(__tfsdk_field_15),
            updated_at: ::tfsdk_core::__private::filled(__tfsdk_field_16),
            version: ::tfsdk_core::__private::filled(__tfsdk_field_17),
            tags: ::tfsdk_core::__private::filled(__tfsdk_field_18),
            aliases: ::tfsdk_core::__private::filled(__tfsdk_field_19),
            ports: ::tfsdk_core::__private::filled(__tfsdk_field_20),
            endpoint: ::tfsdk_core::__private::filled(__tfsdk_field_21),
            status: ::tfsdk_core::__private::filled(__tfsdk_field_22),
            comment: ::tfsdk_core::__private::filled(__tfsdk_field_23),
            rules: ::tfsdk_core::__private::filled(__tfsdk_field_24),
        })
    }
    #[inline]
    #[allow(unused_variables)]
    fn write_attributes(&self, out: &mut impl ::tfsdk_core::__private::AttributeSink) {
        ::tfsdk_core::__private::put_attribute::<
            <Option<Vec<String>> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "aliases", &self.aliases);
        ::tfsdk_core::__private::put_attribute::<
            <types::String as ::tfsdk_core::__private::Viewable>::View,
        >(out, "arn", &self.arn);
        ::tfsdk_core::__private::put_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "comment", &self.comment);
        ::tfsdk_core::__private::put_attribute::<
            <types::String as ::tfsdk_core::__private::Viewable>::View,
        >(out, "created_at", &self.created_at);
        ::tfsdk_core::__private::put_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "description", &self.description);
        ::tfsdk_core::__private::put_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "email", &self.email);
        ::tfsdk_core::__private::put_attribute::<
            <Option<bool> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "enabled", &self.enabled);
        ::tfsdk_core::__private::put_attribute::<
            <types::String as ::tfsdk_core::__private::Viewable>::View,
        >(out, "endpoint", &self.endpoint);
        ::tfsdk_core::__private::put_attribute::<
            <types::String as ::tfsdk_core::__private::Viewable>::View,
        >(out, "id", &self.id);
        ::tfsdk_core::__private::put_attribute::<
            <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "instance_count", &self.count);
        ::tfsdk_core::__private::put_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "kind", &self.kind);
        ::tfsdk_core::__private::put_attribute::<
            <String as ::tfsdk_core::__private::Viewable>::View,
        >(out, "name", &self.name);
        ::tfsdk_core::__private::put_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "owner", &self.owner);
        ::tfsdk_core::__private::put_attribute::<
            <Option<Vec<i64>> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "ports", &self.ports);
        ::tfsdk_core::__private::put_attribute::<
            <Option<bool> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "protected", &self.protected);
        ::tfsdk_core::__private::put_attribute::<
            <types::String as ::tfsdk_core::__private::Viewable>::View,
        >(out, "region", &self.region);
        ::tfsdk_core::__private::put_attribute::<
            <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "retention_days", &self.retention_days);
        ::tfsdk_core::__private::put_attribute::<
            <Option<Vec<ThingRule>> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "rule", &self.rules);
        ::tfsdk_core::__private::put_attribute::<
            <Option<i64> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "size", &self.size);
        ::tfsdk_core::__private::put_attribute::<
            <types::String as ::tfsdk_core::__private::Viewable>::View,
        >(out, "status", &self.status);
        ::tfsdk_core::__private::put_attribute::<
            <Option<BTreeMap<String, String>> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "tags", &self.tags);
        ::tfsdk_core::__private::put_attribute::<
            <types::String as ::tfsdk_core::__private::Viewable>::View,
        >(out, "updated_at", &self.updated_at);
        ::tfsdk_core::__private::put_attribute::<
            <types::Int64 as ::tfsdk_core::__private::Viewable>::View,
        >(out, "version", &self.version);
        ::tfsdk_core::__private::put_attribute::<
            <Option<f64> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "weight", &self.weight);
        ::tfsdk_core::__private::put_attribute::<
            <Option<String> as ::tfsdk_core::__private::Viewable>::View,
        >(out, "zone", &self.zone);
    }
    #[inline]
    fn cached_type() -> ::tfsdk_core::__private::Option<
        &'static ::tfsdk_core::__private::CachedObjectType,
    > {
        static OBJECT_TYPE: ::tfsdk_core::__private::OnceLock<
            ::tfsdk_core::__private::CachedObjectType,
        > = ::tfsdk_core::__private::OnceLock::new();
        ::tfsdk_core::__private::Option::Some(
            ::tfsdk_core::__private::cached_object_type(
                &OBJECT_TYPE,
                ::tfsdk_core::__private::object_type::<Self>,
            ),
        )
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::TerraformType for ThingView {
    #[inline]
    fn terraform_type() -> ::tfsdk_core::__private::Type {
        ::tfsdk_core::__private::own_object_type::<Self>()
    }
    const VALIDATES: bool = false;
    const WRITE_ONLY: ::tfsdk_core::__private::WriteOnlyFacts = ::tfsdk_core::__private::WriteOnlyFacts::object(
        &[
            false, false, false, false, false, false, false, false, false, false, false,
            false, false, false, false, false, false, false, false, false, false, false,
            false, false, false,
        ],
        &[
            <<types::String as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<types::String as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<String as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                String,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                String,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                i64,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                i64,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                f64,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                bool,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                bool,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<types::String as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                String,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                String,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                String,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                i64,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<types::String as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<types::String as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<types::Int64 as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                BTreeMap<String, String>,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                Vec<String>,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                Vec<i64>,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<types::String as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<types::String as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                String,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
            <<Option<
                Vec<ThingRule>,
            > as ::tfsdk_core::__private::Viewable>::View as ::tfsdk_core::__private::TerraformType>::WRITE_ONLY,
        ],
    );
    fn attr_type() -> ::tfsdk_core::__private::Box<
        dyn ::tfsdk_core::__private::AttrType,
    > {
        ::tfsdk_core::__private::model_attr_type::<Self>()
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::FromValue for ThingView {
    #[inline]
    fn from_value(
        value: ::tfsdk_core::__private::Value,
    ) -> ::tfsdk_core::__private::Result<Self, ::tfsdk_core::__private::ConvertError> {
        ::tfsdk_core::__private::object_from_value::<Self>(value)
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::ToValue for ThingView {
    #[inline]
    fn to_value(
        &self,
        ty: &::tfsdk_core::__private::Type,
    ) -> ::tfsdk_core::__private::Result<
        ::tfsdk_core::__private::Value,
        ::tfsdk_core::__private::ConvertError,
    > {
        ::tfsdk_core::__private::object_to_value_sorted(self, ty)
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::Viewable for ThingView {
    type View = ::tfsdk_core::__private::ObjectValue<Self>;
    type Paths = ::tfsdk_core::__private::AttributePath;
}
#[automatically_derived]
impl ::tfsdk_core::__private::Viewable for Thing {
    type View = ::tfsdk_core::__private::Maybe<ThingView>;
    type Paths = ThingPaths;
}
///The typed attribute paths of [`Thing`], from `Thing::paths()`: one method per field, for diagnostics and replacements. Each converts into an `AttributePath`. Written by `#[derive(TfObject)]`.
pub struct ThingPaths {
    path: ::tfsdk_core::__private::AttributePath,
    model: ::tfsdk_core::__private::PhantomData<fn() -> Thing>,
}
#[automatically_derived]
impl ::core::clone::Clone for ThingPaths {
    fn clone(&self) -> Self {
        ThingPaths {
            path: ::core::clone::Clone::clone(&self.path),
            model: ::tfsdk_core::__private::PhantomData,
        }
    }
}
#[automatically_derived]
impl ::core::fmt::Debug for ThingPaths {
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_tuple("ThingPaths").field(&self.path).finish()
    }
}
#[automatically_derived]
impl ::tfsdk_core::__private::FromPath for ThingPaths {
    fn from_path(path: ::tfsdk_core::__private::AttributePath) -> Self {
        ThingPaths {
            path,
            model: ::tfsdk_core::__private::PhantomData,
        }
    }
}
#[automatically_derived]
impl ::core::convert::From<ThingPaths> for ::tfsdk_core::__private::AttributePath {
    fn from(paths: ThingPaths) -> ::tfsdk_core::__private::AttributePath {
        paths.path
    }
}
#[allow(clippy::wrong_self_convention)]
impl ThingPaths {
    ///The thing's id, assigned by the API.
    #[inline]
    pub fn id(&self) -> <types::String as ::tfsdk_core::__private::Viewable>::Paths {
        <<types::String as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "id",
            ),
        )
    }
    ///Its resource name.
    #[inline]
    pub fn arn(&self) -> <types::String as ::tfsdk_core::__private::Viewable>::Paths {
        <<types::String as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "arn",
            ),
        )
    }
    ///The thing's name.
    #[inline]
    pub fn name(&self) -> <String as ::tfsdk_core::__private::Viewable>::Paths {
        <<String as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "name",
            ),
        )
    }
    ///What it is for.
    #[inline]
    pub fn description(
        &self,
    ) -> <Option<String> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            String,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "description",
            ),
        )
    }
    ///Its kind.
    #[inline]
    pub fn kind(&self) -> <Option<String> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            String,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "kind",
            ),
        )
    }
    ///Its size, 10 when unset.
    #[inline]
    pub fn size(&self) -> <Option<i64> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            i64,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "size",
            ),
        )
    }
    ///How many.
    #[inline]
    pub fn count(&self) -> <Option<i64> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            i64,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "instance_count",
            ),
        )
    }
    ///A weight.
    #[inline]
    pub fn weight(&self) -> <Option<f64> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            f64,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "weight",
            ),
        )
    }
    ///Whether it is on.
    #[inline]
    pub fn enabled(&self) -> <Option<bool> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            bool,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "enabled",
            ),
        )
    }
    ///Whether deletion is refused.
    #[inline]
    pub fn protected(
        &self,
    ) -> <Option<bool> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            bool,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "protected",
            ),
        )
    }
    ///The region, the provider's when unset.
    #[inline]
    pub fn region(&self) -> <types::String as ::tfsdk_core::__private::Viewable>::Paths {
        <<types::String as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "region",
            ),
        )
    }
    ///The zone; a change replaces it.
    #[inline]
    pub fn zone(&self) -> <Option<String> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            String,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "zone",
            ),
        )
    }
    ///Who owns it.
    #[inline]
    pub fn owner(&self) -> <Option<String> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            String,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "owner",
            ),
        )
    }
    ///Where to send notices.
    #[inline]
    pub fn email(&self) -> <Option<String> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            String,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "email",
            ),
        )
    }
    ///How long to keep it.
    #[inline]
    pub fn retention_days(
        &self,
    ) -> <Option<i64> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            i64,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "retention_days",
            ),
        )
    }
    ///When it was made.
    #[inline]
    pub fn created_at(
        &self,
    ) -> <types::String as ::tfsdk_core::__private::Viewable>::Paths {
        <<types::String as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "created_at",
            ),
        )
    }
    ///When it last changed.
    #[inline]
    pub fn updated_at(
        &self,
    ) -> <types::String as ::tfsdk_core::__private::Viewable>::Paths {
        <<types::String as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "updated_at",
            ),
        )
    }
    ///Bumped on every change.
    #[inline]
    pub fn version(&self) -> <types::Int64 as ::tfsdk_core::__private::Viewable>::Paths {
        <<types::Int64 as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "version",
            ),
        )
    }
    ///Tags, by key.
    #[inline]
    pub fn tags(
        &self,
    ) -> <Option<BTreeMap<String, String>> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            BTreeMap<String, String>,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "tags",
            ),
        )
    }
    ///Other names.
    #[inline]
    pub fn aliases(
        &self,
    ) -> <Option<Vec<String>> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            Vec<String>,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "aliases",
            ),
        )
    }
    ///Ports it listens on.
    #[inline]
    pub fn ports(
        &self,
    ) -> <Option<Vec<i64>> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            Vec<i64>,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "ports",
            ),
        )
    }
    ///Where to reach it.
    #[inline]
    pub fn endpoint(
        &self,
    ) -> <types::String as ::tfsdk_core::__private::Viewable>::Paths {
        <<types::String as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "endpoint",
            ),
        )
    }
    ///Its status.
    #[inline]
    pub fn status(&self) -> <types::String as ::tfsdk_core::__private::Viewable>::Paths {
        <<types::String as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "status",
            ),
        )
    }
    ///A comment.
    #[inline]
    pub fn comment(
        &self,
    ) -> <Option<String> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            String,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "comment",
            ),
        )
    }
    ///Its rules, one `rule` block each.
    #[inline]
    pub fn rules(
        &self,
    ) -> <Option<Vec<ThingRule>> as ::tfsdk_core::__private::Viewable>::Paths {
        <<Option<
            Vec<ThingRule>,
        > as ::tfsdk_core::__private::Viewable>::Paths as ::tfsdk_core::__private::FromPath>::from_path(
            ::tfsdk_core::__private::AttributePath::at_name(
                ::core::clone::Clone::clone(&self.path),
                "rule",
            ),
        )
    }
}

