//! Helpers shared by the fuzz targets: a compact byte code for Terraform types, so that one
//! fuzz input carries both an expected type and a document to decode against it.
//!
//! The type code, read front to back (a missing byte reads as 0):
//!
//! | byte `b % 9` | type |
//! |---|---|
//! | 0 | `string` |
//! | 1 | `number` |
//! | 2 | `bool` |
//! | 3 | `any` (dynamic: the document carries its own type) |
//! | 4, 5, 6 | `list(T)`, `set(T)`, `map(T)`, `T` follows |
//! | 7 | `object`: the next byte `n` gives `n & 7` (at most 5) attributes, named from [`NAMES`], optional when bit `3 + i` of `n` is set; their types follow |
//! | 8 | `tuple`: the next byte gives `n % 5` elements; their types follow |
//!
//! Below [`MAX_TYPE_DEPTH`] levels every code reads as a primitive (`b % 4`).

use tfsdk_core::tftypes::{ObjectType, Type};

/// How deeply a decoded type may nest (deep nesting is the decoders' business, tested apart).
pub const MAX_TYPE_DEPTH: usize = 6;

/// Attribute names used by object types, odd ones included.
pub const NAMES: [&str; 5] = ["a", "b", "", "ü", "x y"];

/// Reads a type from the front of `data`; returns it and the rest of the bytes.
pub fn type_from_bytes(data: &[u8]) -> (Type, &[u8]) {
    let mut cursor = Cursor { data };
    let ty = cursor.ty(1);
    (ty, cursor.data)
}

struct Cursor<'a> {
    data: &'a [u8],
}

impl Cursor<'_> {
    fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((b, rest)) => {
                self.data = rest;
                *b
            }
            None => 0,
        }
    }

    fn ty(&mut self, depth: usize) -> Type {
        let b = self.byte();
        let code = if depth >= MAX_TYPE_DEPTH {
            b % 4
        } else {
            b % 9
        };
        match code {
            0 => Type::String,
            1 => Type::Number,
            2 => Type::Bool,
            3 => Type::Dynamic,
            4 => Type::list(self.ty(depth + 1)),
            5 => Type::set(self.ty(depth + 1)),
            6 => Type::map(self.ty(depth + 1)),
            7 => {
                let n = self.byte();
                let count = usize::from(n & 7).min(NAMES.len());
                let mut attributes = Vec::new();
                let mut optional = Vec::new();
                for (i, name) in NAMES.iter().take(count).enumerate() {
                    attributes.push((*name, self.ty(depth + 1)));
                    if n & (1 << (3 + i)) != 0 {
                        optional.push(*name);
                    }
                }
                Type::from_object(ObjectType::new(attributes).with_optional(optional))
            }
            _ => {
                let count = self.byte() % 5;
                Type::tuple((0..count).map(|_| self.ty(depth + 1)).collect::<Vec<_>>())
            }
        }
    }
}
