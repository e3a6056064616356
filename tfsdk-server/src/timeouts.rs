//! The standard `timeouts` block of a managed resource (Go's terraform-plugin-framework-
//! timeouts): `timeouts { create = "30m" }`, a duration per operation in Go's syntax, and the
//! deadline that ends a slow call with the provider's own diagnostic.

use std::future::Future;
use std::time::Duration;

use tfsdk_core::diag::Diagnostic;

crate::timeouts! {
/// How long each operation of a managed resource may take, as configuration sets it: a field
/// `#[tfsdk(name = "timeouts", optional, block)] timeouts: Option<Timeouts>` of the resource's
/// model gives practitioners Go's `timeouts { create = "30m" }` block (documented in generated
/// docs like any block), and the resource reads the deadline of the operation it runs, the
/// default where the block leaves it unset:
///
/// ```
/// use std::time::Duration;
/// use tfsdk_core::diag::Diagnostic;
/// use tfsdk_server::Timeouts;
///
/// let configured = Timeouts { create: Some("90s".into()), ..Timeouts::default() };
/// let create = configured.create(Duration::from_secs(20 * 60))?;
/// assert_eq!(create, Duration::from_secs(90));
/// // Unset: the default.
/// assert_eq!(configured.delete(Duration::from_secs(600))?, Duration::from_secs(600));
/// # Ok::<(), Diagnostic>(())
/// ```
///
/// and ends a slow call at that deadline with [`within`], which says which operation and which
/// setting, rather than leaving Terraform to give up on the provider.
///
/// Durations use Go's syntax (`"300ms"`, `"1.5h"`, `"2h45m"`; units `ns`, `us`, `µs`, `ms`,
/// `s`, `m`, `h`); one that does not parse is an error at validation.
pub struct Timeouts {
    create,
    read,
    update,
    delete,
}
}

/// `operation`'s timeout configured as `text`, else `default`: what the methods of a
/// [`timeouts!`](crate::timeouts!) block call. A negative duration is accepted, as Go's
/// `time.ParseDuration` accepts it, and gives a deadline already passed (Go's context with a
/// negative timeout is done at once).
///
/// ```
/// use std::time::Duration;
///
/// let default = Duration::from_secs(60);
/// assert_eq!(tfsdk_server::configured_timeout("create", Some("2m"), default)?, Duration::from_secs(120));
/// assert_eq!(tfsdk_server::configured_timeout("create", None, default)?, default);
/// # Ok::<(), tfsdk_core::diag::Diagnostic>(())
/// ```
///
/// # Errors
/// `text` is not a duration: Go's "Timeout Cannot Be Parsed".
pub fn configured_timeout(
    operation: &str,
    text: Option<&str>,
    default: Duration,
) -> Result<Duration, Diagnostic> {
    let Some(text) = text else {
        return Ok(default);
    };
    match tfsdk_core::types::parse_go_duration(text) {
        Ok(nanos) => Ok(Duration::from_nanos(u64::try_from(nanos).unwrap_or(0))),
        Err(error) => Err(Diagnostic::error(
            "Timeout Cannot Be Parsed",
            format!("timeout for {operation:?} cannot be parsed, {error}"),
        )),
    }
}

/// The `validate` rule of each duration of a [`timeouts!`](crate::timeouts!) block: Go's
/// summary and words for a value that is not one (negative durations are durations).
///
/// ```
/// assert!(tfsdk_server::valid_duration("-1.5h").is_ok());
/// let refused = tfsdk_server::valid_duration("1d").unwrap_err();
/// assert_eq!(refused.summary, "Invalid Attribute Value Time Duration");
/// ```
///
/// # Errors
/// `text` is not a duration in Go's syntax.
pub fn valid_duration(text: &str) -> Result<(), Diagnostic> {
    tfsdk_core::types::parse_go_duration(text)
        .map(|_| ())
        .map_err(|_| {
            let detail = format!(
                "{text:?} must be a string containing a sequence of decimal numbers, each with \
                 optional fraction and a unit suffix, such as \"300ms\", \"-1.5h\" or \"2h45m\". \
                 Valid time units are \"ns\", \"us\" (or \"µs\"), \"ms\", \"s\", \"m\", \"h\"."
            );
            Diagnostic::error("Invalid Attribute Value Time Duration", detail)
        })
}

crate::timeouts! {
/// The `timeouts` block of a data source (Go's `datasource/timeouts`): the read only. A field
/// `#[tfsdk(name = "timeouts", optional, block)] timeouts: Option<ReadTimeouts>` of the data
/// source's model (or `nested_attribute`, Go's `timeouts.Attributes`).
///
/// ```
/// use std::time::Duration;
/// use tfsdk_server::ReadTimeouts;
///
/// let configured = ReadTimeouts { read: Some("2m".into()) };
/// assert_eq!(configured.read(Duration::from_secs(20))?, Duration::from_secs(120));
/// # Ok::<(), tfsdk_core::diag::Diagnostic>(())
/// ```
pub struct ReadTimeouts {
    read,
}
}

crate::timeouts! {
/// The `timeouts` block of an ephemeral resource (Go's `ephemeral/timeouts`): the open only.
///
/// ```
/// use std::time::Duration;
/// use tfsdk_server::OpenTimeouts;
///
/// let unset = OpenTimeouts::default();
/// assert_eq!(unset.open(Duration::from_secs(30))?, Duration::from_secs(30));
/// # Ok::<(), tfsdk_core::diag::Diagnostic>(())
/// ```
pub struct OpenTimeouts {
    open,
}
}

/// Runs `future` (`operation`'s call to an API) for at most `timeout`; past it, the future is
/// dropped and the error says which operation ran out of time and which setting raises it.
///
/// ```
/// # tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap().block_on(async {
/// use std::time::Duration;
///
/// let slow = tokio::time::sleep(Duration::from_secs(5));
/// let error = tfsdk_server::within(Duration::from_millis(10), "create", slow).await.unwrap_err();
/// assert_eq!(error.summary, "Timeout");
/// assert!(error.detail.contains("did not finish within 10ms"), "{}", error.detail);
/// # });
/// ```
///
/// # Errors
/// The deadline passed.
pub async fn within<T>(
    timeout: Duration,
    operation: &str,
    future: impl Future<Output = T>,
) -> Result<T, Diagnostic> {
    tokio::time::timeout(timeout, future).await.map_err(|_| {
        Diagnostic::error(
            "Timeout",
            format!(
                "The {operation} did not finish within {}. Raise it with `timeouts {{ {operation} \
                 = \"...\" }}` if the remote API needs longer.",
                humantime::format_duration(timeout)
            ),
        )
    })
}

/// Go's `time.ParseDuration` ([`parse_go_duration`](tfsdk_core::types::parse_go_duration)),
/// for durations that are not negative: a sequence of decimal numbers, each with an optional
/// fraction and a unit (`ns`, `us`, `µs`, `ms`, `s`, `m`, `h`).
///
/// # Errors
/// Go's messages: `time: invalid duration "x"` (a negative duration too),
/// `time: missing unit in duration "1"`, `time: unknown unit "d" in duration "1d"`.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let nanos = tfsdk_core::types::parse_go_duration(text)?;
    u64::try_from(nanos)
        .map(Duration::from_nanos)
        .map_err(|_| format!("time: invalid duration {text:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negative_timeout_is_a_deadline_already_passed() {
        let configured = Timeouts {
            delete: Some("-10m".into()),
            ..Timeouts::default()
        };
        assert_eq!(
            configured.delete(Duration::from_secs(60)),
            Ok(Duration::ZERO)
        );
        let read = ReadTimeouts {
            read: Some("-1s".into()),
        };
        assert_eq!(read.read(Duration::from_secs(60)), Ok(Duration::ZERO));
        let open = OpenTimeouts {
            open: Some("1d".into()),
        };
        assert_eq!(
            open.open(Duration::from_secs(1)).unwrap_err().detail,
            "timeout for \"open\" cannot be parsed, time: unknown unit \"d\" in duration \"1d\""
        );
    }

    #[test]
    fn go_durations_parse() {
        let cases = [
            ("0", Duration::ZERO),
            ("30s", Duration::from_secs(30)),
            ("2h45m", Duration::from_secs(2 * 3600 + 45 * 60)),
            ("1.5h", Duration::from_secs(5400)),
            ("300ms", Duration::from_millis(300)),
            ("1µs", Duration::from_micros(1)),
            ("+10m", Duration::from_secs(600)),
            (".5s", Duration::from_millis(500)),
        ];
        for (text, expected) in cases {
            assert_eq!(parse_duration(text), Ok(expected), "{text}");
        }
    }

    #[test]
    fn bad_durations_say_what_go_says() {
        assert_eq!(
            parse_duration("10"),
            Err("time: missing unit in duration \"10\"".into())
        );
        assert_eq!(
            parse_duration("1d"),
            Err("time: unknown unit \"d\" in duration \"1d\"".into())
        );
        for text in ["", "-1m", "m", "1..5s", "."] {
            assert!(parse_duration(text).is_err(), "{text}");
        }
        assert!(
            valid_duration("-1.5h").is_ok(),
            "negative durations are durations in Go"
        );
        let error = valid_duration("5 minutes").unwrap_err();
        assert_eq!(error.summary, "Invalid Attribute Value Time Duration");
        let error = error.detail;
        assert!(
            error.contains("such as \"300ms\", \"-1.5h\" or \"2h45m\""),
            "{error}"
        );
        let error = Timeouts {
            create: Some("soon".into()),
            ..Timeouts::default()
        }
        .create(Duration::from_secs(1))
        .unwrap_err();
        assert_eq!(error.summary, "Timeout Cannot Be Parsed");
        assert_eq!(
            error.detail,
            "timeout for \"create\" cannot be parsed, time: invalid duration \"soon\""
        );
    }
}
