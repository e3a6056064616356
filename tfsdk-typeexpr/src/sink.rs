//! Text written through `fmt::Write` into an `io::Write`, keeping the I/O error that
//! `fmt::Error` cannot carry.

use std::fmt;
use std::io;

/// A `fmt::Write` over an `io::Write`.
pub(crate) struct IoSink<'a, W: io::Write> {
    inner: &'a mut W,
    error: Option<io::Error>,
}

impl<'a, W: io::Write> IoSink<'a, W> {
    pub(crate) fn new(inner: &'a mut W) -> Self {
        IoSink { inner, error: None }
    }

    /// Writes bytes that are UTF-8 text as they are.
    pub(crate) fn write_bytes(&mut self, bytes: &[u8]) -> fmt::Result {
        self.inner.write_all(bytes).map_err(|e| {
            self.error = Some(e);
            fmt::Error
        })
    }

    /// The outcome of writing through the sink: the I/O error behind a `fmt::Error`, if any.
    pub(crate) fn result(self, written: fmt::Result) -> io::Result<()> {
        match (written, self.error) {
            (Ok(()), _) => Ok(()),
            (Err(_), Some(e)) => Err(e),
            (Err(_), None) => Err(io::Error::other("formatting failed")),
        }
    }
}

impl<W: io::Write> fmt::Write for IoSink<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.write_bytes(s.as_bytes())
    }
}
