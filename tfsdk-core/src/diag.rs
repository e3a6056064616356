//! Diagnostics: errors and warnings with a summary, a detail and where they happened.

use std::fmt;

use crate::path::AttributePath;

/// How serious a [`Diagnostic`] is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Severity {
    /// The operation failed.
    Error,
    /// Worth telling the practitioner; the operation went on.
    Warning,
}

/// One error or warning, as Terraform shows it: a short summary, a longer detail, and the
/// attribute it is about.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// One line: what went wrong.
    pub summary: String,
    /// Why, and what to do about it.
    pub detail: String,
    /// The attribute concerned, when there is one.
    pub path: Option<AttributePath>,
}

impl Diagnostic {
    /// An error without a path.
    pub fn error(summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            summary: summary.into(),
            detail: detail.into(),
            path: None,
        }
    }

    /// A warning without a path.
    pub fn warning(summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(summary, detail)
        }
    }

    /// The same diagnostic about `path`: an [`AttributePath`], or a model's typed path
    /// (`File::paths().owner().name()`, see [`view`](crate::view)).
    pub fn with_path(mut self, path: impl Into<AttributePath>) -> Diagnostic {
        self.path = Some(path.into());
        self
    }

    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    /// `Error: summary (at path): detail`, leaving out what is empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.severity {
            Severity::Error => f.write_str("Error: ")?,
            Severity::Warning => f.write_str("Warning: ")?,
        }
        f.write_str(&self.summary)?;
        if let Some(path) = self.path.as_ref().filter(|p| !p.is_empty()) {
            write!(f, " (at {path})")?;
        }
        if !self.detail.is_empty() {
            write!(f, ": {}", self.detail)?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

/// A collection of diagnostics that accumulates as work goes on (Go's `diag.Diagnostics`).
///
/// ```
/// use tfsdk_core::diag::Diagnostics;
/// use tfsdk_core::path::AttributePath;
///
/// let mut diags = Diagnostics::new();
/// diags.add_warning("Deprecated", "use `name` instead");
/// assert!(!diags.has_error());
/// diags.add_attribute_error(AttributePath::root("name"), "Missing name", "set `name`");
/// assert!(diags.has_error());
/// assert_eq!(diags.errors().count(), 1);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// No diagnostics.
    pub fn new() -> Diagnostics {
        Diagnostics::default()
    }

    /// Adds one diagnostic, unless an identical one is already there.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        if !self.items.contains(&diagnostic) {
            self.items.push(diagnostic);
        }
    }

    /// Adds all of `other`.
    pub fn append(&mut self, other: Diagnostics) {
        for diagnostic in other.items {
            self.push(diagnostic);
        }
    }

    /// Adds an error without a path.
    pub fn add_error(&mut self, summary: impl Into<String>, detail: impl Into<String>) {
        self.push(Diagnostic::error(summary, detail));
    }

    /// Adds an error about an attribute.
    pub fn add_attribute_error(
        &mut self,
        path: impl Into<AttributePath>,
        summary: impl Into<String>,
        detail: impl Into<String>,
    ) {
        self.push(Diagnostic::error(summary, detail).with_path(path));
    }

    /// Adds a warning without a path.
    pub fn add_warning(&mut self, summary: impl Into<String>, detail: impl Into<String>) {
        self.push(Diagnostic::warning(summary, detail));
    }

    /// Adds a warning about an attribute.
    pub fn add_attribute_warning(
        &mut self,
        path: impl Into<AttributePath>,
        summary: impl Into<String>,
        detail: impl Into<String>,
    ) {
        self.push(Diagnostic::warning(summary, detail).with_path(path));
    }

    /// True when at least one diagnostic is an error.
    pub fn has_error(&self) -> bool {
        self.items.iter().any(Diagnostic::is_error)
    }

    /// The errors.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter().filter(|d| d.is_error())
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter().filter(|d| !d.is_error())
    }

    /// All diagnostics, in the order they were added.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.items.iter()
    }

    /// Number of diagnostics.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// `Ok(value)` when there is no error, else `Err(self)`; warnings are dropped on success.
    pub fn into_result<T>(self, value: T) -> Result<T, Diagnostics> {
        if self.has_error() {
            Err(self)
        } else {
            Ok(value)
        }
    }
}

impl From<Diagnostic> for Diagnostics {
    fn from(diagnostic: Diagnostic) -> Diagnostics {
        Diagnostics {
            items: vec![diagnostic],
        }
    }
}

impl FromIterator<Diagnostic> for Diagnostics {
    fn from_iter<I: IntoIterator<Item = Diagnostic>>(iter: I) -> Diagnostics {
        let mut diags = Diagnostics::new();
        for d in iter {
            diags.push(d);
        }
        diags
    }
}

impl Extend<Diagnostic> for Diagnostics {
    fn extend<I: IntoIterator<Item = Diagnostic>>(&mut self, iter: I) {
        for d in iter {
            self.push(d);
        }
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl fmt::Display for Diagnostics {
    /// One diagnostic per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.items.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagnostics_accumulate_and_report_errors() {
        let mut diags = Diagnostics::new();
        assert!(diags.is_empty());
        diags.add_warning("w", "");
        diags.add_attribute_error(AttributePath::root("a").at_list_index(2), "Bad", "fix it");
        diags.add_attribute_error(AttributePath::root("a").at_list_index(2), "Bad", "fix it");
        assert_eq!(diags.len(), 2, "identical diagnostics are kept once");
        assert!(diags.has_error());
        assert_eq!(diags.warnings().count(), 1);
        assert_eq!(
            diags.to_string(),
            "Warning: w\nError: Bad (at a[2]): fix it"
        );
        assert!(diags.clone().into_result(()).is_err());
        assert!(Diagnostics::new().into_result(5).is_ok());
    }
}
