//! Generates the conversion traits of a derived struct: `TerraformType` (its object type),
//! `FromValue` and `ToValue`, each delegating to one runtime function.

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::{Container, Role};
use crate::bound::where_clause;

/// `impl TerraformType`, `impl FromValue` and `impl ToValue`.
pub fn impls(container: &Container<'_>) -> TokenStream {
    let private = &container.private;
    let ident = container.ident;
    let (impl_generics, ty_generics, _) = container.generics.split_for_impl();
    let where_clause = where_clause(container);

    // A generic struct keeps the built-in object type: the framework type is `'static`.
    let model_attr_type = if container.is_generic() {
        quote!()
    } else {
        quote! {
            fn attr_type() -> #private::Box<dyn #private::AttrType> {
                #private::model_attr_type::<Self>()
            }
        }
    };
    let nested_attributes = if container.is_schema() {
        let rules = crate::schema::config_validator_table(private, container);
        quote!(
            #[inline]
            fn nested_attributes() -> #private::Option<#private::NestedAttributes> {
                #private::Option::Some(#private::nested_single::<Self>(#rules))
            }
        )
    } else {
        quote!()
    };
    // The struct's own type is recognised by its address, any other object type by its
    // attribute names; a struct with flattened fields finds each attribute by name.
    let to_value = if container.flattened().next().is_none() {
        quote!(#private::object_to_value_sorted(self, ty))
    } else {
        quote!(#private::object_to_value(self, ty))
    };

    let write_only = write_only_facts(container);

    quote! {
        #[automatically_derived]
        impl #impl_generics #private::TerraformType for #ident #ty_generics #where_clause {
            #[inline]
            fn terraform_type() -> #private::Type {
                #private::own_object_type::<Self>()
            }

            // Its fields are validated as the struct reads them.
            const VALIDATES: bool = false;

            #write_only

            #model_attr_type

            #nested_attributes
        }

        #[automatically_derived]
        impl #impl_generics #private::FromValue for #ident #ty_generics #where_clause {
            #[inline]
            fn from_value(
                value: #private::Value,
            ) -> #private::Result<Self, #private::ConvertError> {
                #private::object_from_value::<Self>(value)
            }
        }

        #[automatically_derived]
        impl #impl_generics #private::ToValue for #ident #ty_generics #where_clause {
            #[inline]
            fn to_value(
                &self,
                ty: &#private::Type,
            ) -> #private::Result<#private::Value, #private::ConvertError> {
                #to_value
            }
        }
    }
}

/// `TerraformType::WRITE_ONLY` of a struct: from its own attributes' `write_only` and its fields'
/// types.
fn write_only_facts(container: &Container<'_>) -> TokenStream {
    let private = &container.private;
    let mut own = Vec::new();
    let mut fields = Vec::new();
    for field in &container.fields {
        let ty = field.ty;
        match &field.role {
            Role::Attribute(attribute) => {
                own.push(attribute.behaviour.write_only);
                fields.push(quote!(<#ty as #private::TerraformType>::WRITE_ONLY));
            }
            Role::Flatten => fields.push(quote!(<#ty as #private::TerraformType>::WRITE_ONLY)),
            Role::Skip => {}
        }
    }
    quote!(
        const WRITE_ONLY: #private::WriteOnlyFacts =
            #private::WriteOnlyFacts::object(&[#(#own),*], &[#(#fields),*]);
    )
}
