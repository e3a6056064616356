//! A protobuf writer for the one answer that is large: GetProviderSchema, megabytes for a
//! provider of a thousand resources. Fields are written straight from the schema into one
//! buffer, in field-number order and without the fields that hold their default (proto3), as
//! prost writes the same message; each nested message's length is written in front of it once
//! the message is complete. No protocol structs are built, so the answer costs no allocation
//! per attribute.

/// Protobuf wire types (the low three bits of a field's key).
#[derive(Clone, Copy)]
enum WireType {
    Varint = 0,
    LengthDelimited = 2,
}

/// Appends protobuf fields to a buffer.
pub(crate) struct ProtoWriter<'a> {
    out: &'a mut Vec<u8>,
}

impl<'a> ProtoWriter<'a> {
    /// A writer that appends to `out`.
    pub(crate) fn new(out: &'a mut Vec<u8>) -> ProtoWriter<'a> {
        ProtoWriter { out }
    }

    fn varint(&mut self, mut value: u64) {
        while value >= 0x80 {
            self.out.push((value as u8) | 0x80);
            value >>= 7;
        }
        self.out.push(value as u8);
    }

    fn key(&mut self, field: u32, wire_type: WireType) {
        self.varint(u64::from(field) << 3 | wire_type as u64);
    }

    /// A `string` field; nothing when empty.
    pub(crate) fn string(&mut self, field: u32, value: &str) {
        self.bytes(field, value.as_bytes());
    }

    /// A `bytes` field; nothing when empty.
    pub(crate) fn bytes(&mut self, field: u32, value: &[u8]) {
        if value.is_empty() {
            return;
        }
        self.key(field, WireType::LengthDelimited);
        self.varint(value.len() as u64);
        self.out.extend_from_slice(value);
    }

    /// A `bool` field; nothing when false.
    pub(crate) fn bool(&mut self, field: u32, value: bool) {
        if value {
            self.key(field, WireType::Varint);
            self.out.push(1);
        }
    }

    /// An `int64` field (negative numbers in ten bytes, as protobuf writes them); nothing when
    /// zero.
    pub(crate) fn int64(&mut self, field: u32, value: i64) {
        if value != 0 {
            self.key(field, WireType::Varint);
            self.varint(value as u64);
        }
    }

    /// An enum field, by its number; nothing when zero.
    pub(crate) fn enumeration(&mut self, field: u32, value: i32) {
        self.int64(field, i64::from(value));
    }

    /// A message field whose fields `write` writes; written even when empty, as a set message
    /// field is. Its length goes in front once it is known: one byte is kept for it, and the
    /// message moves up when its length needs more.
    pub(crate) fn message(&mut self, field: u32, write: impl FnOnce(&mut ProtoWriter<'_>)) {
        self.key(field, WireType::LengthDelimited);
        let at = self.out.len();
        self.out.push(0);
        write(self);
        let len = self.out.len() - at - 1;
        if len < 0x80 {
            self.out[at] = len as u8;
            return;
        }
        let mut prefix = [0u8; 10];
        let mut size = 0;
        let mut rest = len as u64;
        while rest >= 0x80 {
            prefix[size] = (rest as u8) | 0x80;
            rest >>= 7;
            size += 1;
        }
        prefix[size] = rest as u8;
        size += 1;
        let end = self.out.len();
        self.out.resize(end + size - 1, 0);
        self.out.copy_within(at + 1..end, at + size);
        self.out[at..at + size].copy_from_slice(&prefix[..size]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::tfplugin6 as pb;

    fn written(write: impl FnOnce(&mut ProtoWriter<'_>)) -> Vec<u8> {
        let mut out = Vec::new();
        write(&mut ProtoWriter::new(&mut out));
        out
    }

    #[test]
    fn fields_are_written_as_prost_writes_them() {
        let message = pb::Diagnostic {
            severity: 1,
            summary: "s".repeat(300),
            detail: "détail".into(),
            attribute: None,
        };
        let ours = written(|w| {
            w.enumeration(1, message.severity);
            w.string(2, &message.summary);
            w.string(3, &message.detail);
        });
        assert_eq!(ours, prost::Message::encode_to_vec(&message));

        let block = pb::schema::NestedBlock {
            type_name: String::new(),
            block: None,
            nesting: 2,
            min_items: -2,
            max_items: i64::MAX,
        };
        let ours = written(|w| {
            w.string(1, "");
            w.enumeration(3, block.nesting);
            w.int64(4, block.min_items);
            w.int64(5, block.max_items);
        });
        assert_eq!(ours, prost::Message::encode_to_vec(&block));
    }

    #[test]
    fn defaults_are_left_out_and_nested_lengths_take_as_many_bytes_as_they_need() {
        for len in [0, 1, 127, 128, 16_383, 16_384, 70_000] {
            let schema = pb::Schema {
                version: 0,
                block: Some(pb::schema::Block {
                    description: "d".repeat(len),
                    deprecated: false,
                    ..Default::default()
                }),
            };
            let ours = written(|w| {
                w.int64(1, 0);
                w.message(2, |w| {
                    w.string(4, &"d".repeat(len));
                    w.bool(6, false);
                });
            });
            assert_eq!(ours, prost::Message::encode_to_vec(&schema), "length {len}");
        }
    }
}
