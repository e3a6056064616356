//! The text of a short string value, kept in the value itself.
//!
//! Most strings in provider data are short: names, ids, regions, enum values. A string of up
//! to [`ShortStr::CAPACITY`] bytes fits in the two words a value has for its data, so it needs
//! no allocation of its own, and reading it touches no memory beyond the value. Longer strings
//! are one allocation of exactly their length.

/// Up to 15 bytes of UTF-8 text and their length, in 16 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct ShortStr {
    len: u8,
    bytes: [u8; ShortStr::CAPACITY],
}

impl ShortStr {
    /// The longest text that fits, in bytes.
    pub(crate) const CAPACITY: usize = 15;

    /// `text` in place, if it fits.
    #[inline]
    pub(crate) fn new(text: &str) -> Option<ShortStr> {
        let len = text.len();
        if len > ShortStr::CAPACITY {
            return None;
        }
        let mut bytes = [0; ShortStr::CAPACITY];
        bytes[..len].copy_from_slice(text.as_bytes());
        Some(ShortStr {
            len: len as u8,
            bytes,
        })
    }

    /// The text's bytes.
    #[inline]
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    /// The text.
    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        // The bytes were copied whole from a `&str`, so they are UTF-8; checking again costs a
        // few instructions for 15 bytes and keeps this crate free of `unsafe`.
        std::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }
}

/// A map key: in place when it fits a [`ShortStr`] (most keys are names), else its own
/// allocation. Every key that fits is `Short`, so equal keys have equal representations.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) enum MapKey {
    Short(ShortStr),
    Long(Box<str>),
}

impl MapKey {
    /// A copy of `text`, in place when it fits.
    #[inline]
    pub(crate) fn new(text: &str) -> MapKey {
        match ShortStr::new(text) {
            Some(short) => MapKey::Short(short),
            None => MapKey::Long(text.into()),
        }
    }

    /// `text`, in place when it fits, else keeping its allocation.
    #[inline]
    pub(crate) fn from_string(text: String) -> MapKey {
        match ShortStr::new(&text) {
            Some(short) => MapKey::Short(short),
            None => MapKey::Long(text.into_boxed_str()),
        }
    }

    /// The text.
    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        match self {
            MapKey::Short(short) => short.as_str(),
            MapKey::Long(long) => long,
        }
    }

    /// The text as a `String` (a long key keeps its allocation).
    #[inline]
    pub(crate) fn into_string(self) -> String {
        match self {
            MapKey::Short(short) => short.as_str().to_owned(),
            MapKey::Long(long) => long.into_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ShortStr;

    #[test]
    fn text_up_to_fifteen_bytes_fits_and_reads_back() {
        for text in [
            "",
            "a",
            "item-000001",
            "fifteen bytes!!",
            "ünïcödé",
            "日本語です",
        ] {
            let short = ShortStr::new(text).expect("fits");
            assert_eq!(short.as_str(), text);
        }
        assert!(ShortStr::new("sixteen bytes!!!").is_none());
        assert!(ShortStr::new("日本語の文字列").is_none());
    }
}
