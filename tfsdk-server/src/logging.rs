//! Provider logs in Terraform's log. Provider code logs through [`tracing`] (`tracing::debug!`,
//! spans' fields included) or the `log` crate; under [`serve`](crate::serve) each event is
//! written to standard error as one line of hclog's JSON, which Terraform's plugin client reads
//! and logs at the event's level:
//!
//! ```text
//! {"@level":"debug","@message":"wrote file","@module":"provider.terraform_provider_files","@timestamp":"2026-11-27T03:40:00.123456Z","path":"a.txt"}
//! ```
//!
//! `TF_LOG_PROVIDER=debug terraform apply` (or `TF_LOG`) shows them as
//! `[DEBUG] provider.terraform-provider-files: wrote file: path=a.txt ...`. The provider reads
//! the same variables (Terraform passes its environment on): unset or `off`, nothing is
//! written; `trace`, `debug`, `info`, `warn`, `error` (or `json`, meaning trace) set the
//! least severe level written.

use std::fmt::Write as _;
use std::time::SystemTime;

use serde_json::{Map, Value as Json};
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::Layer;
use tracing_subscriber::layer::Context;
use tracing_subscriber::registry::LookupSpan;

/// The level Terraform's environment asks for: `TF_LOG_PROVIDER`, else `TF_LOG`; `None` when
/// logging is off.
#[must_use]
pub fn level_from_env() -> Option<Level> {
    let setting = std::env::var("TF_LOG_PROVIDER")
        .ok()
        .filter(|value| !value.is_empty())
        .or_else(|| std::env::var("TF_LOG").ok())?;
    level_named(&setting)
}

/// The level a `TF_LOG` value names.
fn level_named(setting: &str) -> Option<Level> {
    match setting.trim().to_ascii_lowercase().as_str() {
        "trace" | "json" => Some(Level::TRACE),
        "debug" => Some(Level::DEBUG),
        "info" => Some(Level::INFO),
        "warn" => Some(Level::WARN),
        "error" => Some(Level::ERROR),
        _ => None,
    }
}

/// Installs the hclog layer as the process's global [`tracing`] subscriber (and captures the
/// `log` crate's records), at the level of [`level_from_env`]. Returns `false` when logging is
/// off or the program already installed a subscriber of its own. [`serve`](crate::serve) calls
/// it; a provider's `main` may call it earlier to log before serving.
pub fn init_from_env() -> bool {
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;

    let Some(level) = level_from_env() else {
        return false;
    };
    tracing_subscriber::registry()
        .with(HclogLayer::new(std::io::stderr).with_filter(filter(level)))
        .try_init()
        .is_ok()
}

/// The crates under the server (HTTP/2, gRPC, TLS) log every frame at debug level: only
/// their warnings and errors reach Terraform's log.
const TRANSPORT_CRATES: [&str; 7] = [
    "h2",
    "hyper",
    "hyper_util",
    "tonic",
    "tower",
    "rustls",
    "mio",
];

/// `level` for provider code, warnings and errors for the transport underneath.
fn filter(level: Level) -> tracing_subscriber::filter::Targets {
    let quiet = level.min(Level::WARN);
    TRANSPORT_CRATES.into_iter().fold(
        tracing_subscriber::filter::Targets::new().with_default(level),
        |targets, name| targets.with_target(name, quiet),
    )
}

/// A [`tracing_subscriber::Layer`] that writes each event as a line of hclog JSON to the
/// writer `make_writer` gives (standard error under Terraform).
pub struct HclogLayer<W> {
    make_writer: W,
}

impl<W> std::fmt::Debug for HclogLayer<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HclogLayer").finish_non_exhaustive()
    }
}

impl<W, O> HclogLayer<W>
where
    W: Fn() -> O + Send + Sync + 'static,
    O: std::io::Write,
{
    /// A layer writing to what `make_writer` returns, once per event.
    pub fn new(make_writer: W) -> Self {
        HclogLayer { make_writer }
    }
}

/// The fields of an event, as JSON values; `message` apart.
#[derive(Default)]
struct Fields {
    message: String,
    values: Map<String, Json>,
}

impl Visit for Fields {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.put(field, Json::from(value));
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        self.put(field, Json::from(value));
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.put(field, Json::from(value));
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.put(field, Json::from(value));
    }

    fn record_f64(&mut self, field: &Field, value: f64) {
        self.put(field, Json::from(value));
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        let mut text = String::new();
        let _ = write!(text, "{value:?}");
        self.put(field, Json::from(text));
    }
}

impl Fields {
    fn put(&mut self, field: &Field, value: Json) {
        if field.name() == "message" {
            self.message = match value {
                Json::String(text) => text,
                other => other.to_string(),
            };
        } else if !field.name().starts_with("log.") {
            // `log.*` fields are how `log` records carry their origin: the module says it.
            self.values.insert(field.name().to_owned(), value);
        }
    }
}

/// Span fields, stored with each span for the events inside it.
struct SpanFields(Map<String, Json>);

impl<S, W, O> Layer<S> for HclogLayer<W>
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    W: Fn() -> O + Send + Sync + 'static,
    O: std::io::Write,
{
    fn on_new_span(
        &self,
        attributes: &tracing::span::Attributes<'_>,
        id: &tracing::span::Id,
        ctx: Context<'_, S>,
    ) {
        let mut fields = Fields::default();
        attributes.record(&mut fields);
        if let Some(span) = ctx.span(id) {
            span.extensions_mut().insert(SpanFields(fields.values));
        }
    }

    fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
        let mut fields = Fields::default();
        event.record(&mut fields);
        let mut line = Map::new();
        line.insert(
            "@level".into(),
            Json::from(level_name(*event.metadata().level())),
        );
        line.insert("@message".into(), Json::from(fields.message));
        line.insert("@module".into(), Json::from(module(event)));
        line.insert(
            "@timestamp".into(),
            Json::from(timestamp(SystemTime::now())),
        );
        // Fields of the spans around the event, outermost first; the event's own win.
        if let Some(scope) = ctx.event_scope(event) {
            for span in scope.from_root() {
                if let Some(SpanFields(values)) = span.extensions().get::<SpanFields>() {
                    for (key, value) in values {
                        line.insert(key.clone(), value.clone());
                    }
                }
            }
        }
        for (key, value) in fields.values {
            line.insert(key, value);
        }
        let mut text = Json::Object(line).to_string();
        text.push('\n');
        // A log line that cannot be written is dropped: logging must not fail the provider.
        let _ = (self.make_writer)().write_all(text.as_bytes());
    }
}

/// `provider.` and the event's target (`provider.terraform_provider_files::resource`), or the
/// module of a `log` record.
fn module(event: &Event<'_>) -> String {
    format!("provider.{}", event.metadata().target())
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::TRACE => "trace",
        Level::DEBUG => "debug",
        Level::INFO => "info",
        Level::WARN => "warn",
        Level::ERROR => "error",
    }
}

/// RFC 3339 in UTC with microseconds, the form go-plugin parses
/// (`2006-01-02T15:04:05.000000Z07:00`).
fn timestamp(now: SystemTime) -> String {
    humantime::format_rfc3339_micros(now).to_string()
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use tracing_subscriber::layer::SubscriberExt as _;

    use super::*;

    #[test]
    fn levels_follow_terraforms_variables() {
        assert_eq!(level_named("DEBUG"), Some(Level::DEBUG));
        assert_eq!(level_named("json"), Some(Level::TRACE));
        assert_eq!(level_named("off"), None);
        assert_eq!(level_named(""), None);
    }

    #[test]
    fn events_are_hclog_json_lines() {
        let written = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&written);
        let layer = HclogLayer::new(move || Buffer(Arc::clone(&sink)));
        let subscriber = tracing_subscriber::registry().with(layer);
        tracing::subscriber::with_default(subscriber, || {
            let span = tracing::info_span!("apply", resource = "files_file.a");
            let _entered = span.enter();
            tracing::debug!(path = "a.txt", bytes = 5, "wrote file");
        });
        let text = String::from_utf8(written.lock().unwrap().clone()).unwrap();
        let line: Json = serde_json::from_str(text.trim()).unwrap();
        assert_eq!(line["@level"], "debug");
        assert_eq!(line["@message"], "wrote file");
        assert_eq!(line["@module"], "provider.tfsdk_server::logging::tests");
        assert_eq!(line["path"], "a.txt");
        assert_eq!(line["bytes"], 5);
        assert_eq!(line["resource"], "files_file.a");
        let stamp = line["@timestamp"].as_str().unwrap();
        // 2026-11-27T03:40:00.123456Z: what Go parses with 2006-01-02T15:04:05.000000Z07:00.
        assert_eq!(stamp.len(), 27, "{stamp}");
        assert!(
            stamp.ends_with('Z') && stamp.as_bytes()[19] == b'.',
            "{stamp}"
        );
        assert_eq!(text.lines().count(), 1);
    }

    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Buffer {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
}
