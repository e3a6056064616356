//! Generic structs: bounds are inferred from the field types.
use tfsdk_core::TfObject;
use tfsdk_core::convert::{FromValue, TerraformType, ToValue};
use tfsdk_core::tftypes::Type;

#[derive(TfObject, Debug, PartialEq)]
struct Tagged<T, const N: usize> {
    #[tfsdk(name = "value")]
    value: T,
    #[tfsdk(name = "history")]
    history: Vec<T>,
    #[tfsdk(skip)]
    scratch: std::marker::PhantomData<[u8; N]>,
}

#[derive(TfObject, Debug, PartialEq)]
struct Pair<A, B>
where
    A: Clone,
{
    #[tfsdk(name = "left")]
    left: A,
    #[tfsdk(name = "right")]
    right: Option<B>,
}

fn main() {
    assert_eq!(
        Tagged::<i64, 4>::terraform_type(),
        Type::object([("history", Type::list(Type::Number)), ("value", Type::Number)])
    );
    let tagged = Tagged::<String, 2> {
        value: "x".into(),
        history: vec!["w".into()],
        scratch: std::marker::PhantomData,
    };
    let value = tagged.to_value(&Tagged::<String, 2>::terraform_type()).unwrap();
    assert_eq!(Tagged::<String, 2>::from_value(value).unwrap(), tagged);

    let pair = Pair::<bool, String> { left: true, right: None };
    let value = pair.to_value(&Pair::<bool, String>::terraform_type()).unwrap();
    assert_eq!(Pair::<bool, String>::from_value(value).unwrap(), pair);
}
