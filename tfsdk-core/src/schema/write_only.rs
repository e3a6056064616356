//! Write-only attributes (Terraform 1.11 and newer): the rules a schema must follow for them,
//! and the configurations a Terraform without them must not send.

use std::collections::BTreeMap;

use super::pairing::pair_elements;
use super::walk::Here;
use super::{Attribute, NestingMode, Schema};
use crate::diag::{Diagnostic, Diagnostics};
use crate::tftypes::Value;

impl Schema {
    /// True when some attribute, at any depth, is write-only.
    pub fn has_write_only(&self) -> bool {
        any_write_only(&self.attributes)
    }

    /// What Terraform forbids of write-only attributes in this schema, each naming the
    /// attribute (`rules[*].secret` for an attribute of every element): a write-only attribute
    /// that is computed; a write-only nested attribute with a child that is not write-only;
    /// a set of nested objects, or a computed nested attribute, with a write-only attribute
    /// inside. The derive reports these at compile time; this is the check for schemas built
    /// otherwise, and for the nesting a derive cannot see.
    pub fn write_only_problems(&self) -> Diagnostics {
        let mut out = Diagnostics::new();
        self.for_each_attribute(|path, attribute| {
            let Some(nested) = &attribute.nested else {
                if attribute.write_only && attribute.computed {
                    out.push(invalid(format!(
                        "{path:?} is write-only and computed: a write-only value comes only \
                         from configuration."
                    )));
                }
                return;
            };
            if attribute.write_only && !all_write_only(&nested.attributes) {
                out.push(invalid(format!(
                    "{path:?} is a write-only nested attribute that contains a child attribute \
                     that is not write-only: every child attribute of a write-only nested \
                     attribute must be write-only too."
                )));
            }
            if nested.nesting == NestingMode::Set && any_write_only(&nested.attributes) {
                out.push(invalid(format!(
                    "{path:?} is a set of nested objects that contains a write-only attribute: \
                     set elements are told apart by their values, which a write-only attribute \
                     never keeps."
                )));
            }
            if attribute.computed && any_write_only(&nested.attributes) {
                out.push(invalid(format!(
                    "{path:?} is a computed nested attribute that contains a write-only \
                     attribute: a write-only value comes only from configuration."
                )));
            }
        });
        out
    }

    /// An error at each write-only attribute that `config` sets, for a Terraform that does not
    /// support them (it says so in the request's client capabilities): it would otherwise
    /// store the value in plan and state, or refuse the null plan.
    pub fn write_only_values(&self, config: &Value) -> Diagnostics {
        let mut out = Diagnostics::new();
        if self.has_write_only() {
            object(&self.attributes, config, &Here::ROOT, &mut out);
        }
        out
    }
}

fn invalid(detail: String) -> Diagnostic {
    Diagnostic::error(
        "Invalid Schema Implementation",
        format!(
            "When validating the schema, an implementation issue was found. This is always an \
             issue with the provider and should be reported to the provider developers.\n\n\
             {detail}"
        ),
    )
}

fn any_write_only(attributes: &BTreeMap<String, Attribute>) -> bool {
    attributes.values().any(|attribute| {
        attribute.write_only
            || attribute
                .nested
                .as_ref()
                .is_some_and(|n| any_write_only(&n.attributes))
    })
}

fn all_write_only(attributes: &BTreeMap<String, Attribute>) -> bool {
    attributes.values().all(|attribute| {
        attribute.write_only
            && attribute
                .nested
                .as_ref()
                .is_none_or(|n| all_write_only(&n.attributes))
    })
}

fn object(
    schema: &BTreeMap<String, Attribute>,
    value: &Value,
    here: &Here<'_>,
    out: &mut Diagnostics,
) {
    let Some(values) = value.object_values().filter(|v| v.len() == schema.len()) else {
        return;
    };
    for ((name, attribute), value) in schema.iter().zip(values) {
        let here = here.name(name);
        if attribute.write_only && !value.is_null() {
            let path = here.path();
            out.push(
                Diagnostic::error(
                    "WriteOnly Attribute Not Allowed",
                    format!(
                        "The resource contains a non-null value for WriteOnly attribute {path}. \
                         Write-only attributes are only supported in Terraform 1.11 and later."
                    ),
                )
                .with_path(path),
            );
            continue;
        }
        let Some(nested) = &attribute.nested else {
            continue;
        };
        // The one walk over elements, with nothing to pair them with (sets of objects with a
        // write-only attribute are refused at start-up, see `write_only_problems`).
        pair_elements(nested, None, value, &here, |here, _, element| {
            object(&nested.attributes, element, here, out);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::NestedAttributes;
    use crate::tftypes::Type;

    fn secret() -> Attribute {
        Attribute {
            optional: true,
            write_only: true,
            ..Attribute::new(Type::String)
        }
    }

    #[test]
    fn a_set_of_objects_with_a_write_only_attribute_is_refused_naming_it() {
        let element = Type::object([("secret", Type::String)]);
        let set = Attribute {
            optional: true,
            nested: Some(NestedAttributes {
                nesting: NestingMode::Set,
                attributes: BTreeMap::from([("secret".to_owned(), secret())]),
                config_validators: Vec::new(),
            }),
            ..Attribute::new(Type::set(element))
        };
        let schema = Schema::new(BTreeMap::from([("keys".to_owned(), set)]));
        let problems = schema.write_only_problems();
        assert_eq!(problems.len(), 1);
        assert!(
            problems
                .iter()
                .next()
                .unwrap()
                .detail
                .contains("\"keys\" is a set")
        );
    }

    #[test]
    fn a_value_for_a_client_without_write_only_support_is_an_error_at_its_path() {
        let schema = Schema::new(BTreeMap::from([
            ("password_wo".to_owned(), secret()),
            (
                "name".to_owned(),
                Attribute {
                    required: true,
                    ..Attribute::new(Type::String)
                },
            ),
        ]));
        let set = Value::object_of([
            ("name", Value::from("db")),
            ("password_wo", Value::from("hunter2")),
        ]);
        let error = schema
            .write_only_values(&set)
            .errors()
            .next()
            .cloned()
            .unwrap();
        assert_eq!(error.summary, "WriteOnly Attribute Not Allowed");
        assert_eq!(error.path.unwrap().to_string(), "password_wo");
        let unset = Value::object_of([
            ("name", Value::from("db")),
            ("password_wo", Value::null(Type::String)),
        ]);
        assert!(schema.write_only_values(&unset).is_empty());
        let planned = schema.plan(None, &set).planned_state;
        assert!(planned.attribute("password_wo").unwrap().is_null());
        assert!(
            schema
                .normalize_state(set)
                .attribute("password_wo")
                .unwrap()
                .is_null()
        );
    }
}
