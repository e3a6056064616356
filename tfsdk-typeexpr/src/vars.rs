//! A module's input variables: `variable` blocks read from `.tf` files, values read from
//! `.tfvars`, `.tfvars.json`, `TF_VAR_*` and `-var`, combined and checked as Terraform does.
//!
//! ```
//! use tfsdk_typeexpr::{console, vars::{Inputs, Module, evaluate}};
//!
//! let module = Module::from_sources([(
//!     "variables.tf",
//!     r#"
//! variable "region" {
//!   type    = string
//!   default = "eu-west-1"
//! }
//! variable "ports" {
//!   type = list(number)
//! }
//! "#,
//! )])
//! .unwrap();
//!
//! let mut inputs = Inputs::new();
//! inputs.add_file_text("terraform.tfvars", "ports = [80, \"443\"]", true);
//! inputs.add_var("region=us-east-2"); // a primitive type: the text is the string
//!
//! let evaluation = evaluate(&module, &inputs);
//! assert!(!evaluation.has_errors());
//! assert_eq!(console::render(evaluation.value("region").unwrap()), "\"us-east-2\"");
//! assert_eq!(
//!     console::render(evaluation.value("ports").unwrap()),
//!     "tolist([\n  80,\n  443,\n])"
//! );
//! ```
//!
//! # What Terraform does, and what this module does
//!
//! * **Declarations** come from every `*.tf` and `*.tf.json` file of the directory (not
//!   subdirectories), in name order; `override.tf`, `*_override.tf` and their `.tf.json` forms
//!   are applied afterwards and replace the arguments they set, as Terraform merges override
//!   files. A `variable` block takes `type`, `default`, `nullable`, `description`,
//!   `sensitive`, `ephemeral` and `validation` blocks. In JSON (Terraform's JSON syntax),
//!   `variable` is an object of names (or an array of such objects), `type` a string holding a
//!   type expression, `default` a JSON value taken literally, and a validation's `condition`
//!   and `error_message` are string templates (`"${var.x > 1}"`); positions are HCL's (a
//!   block is named by its opening brace, or by the bracket of an array of blocks).
//! * **Defaults** are evaluated like `.tfvars` values (below) and converted to the type
//!   constraint when the module is loaded (optional attribute defaults applied first); an
//!   incompatible default, or a null default with `nullable = false`, is an error.
//! * **Values, lowest precedence first** (Terraform's documented order): `TF_VAR_name`
//!   environment variables, `terraform.tfvars`, `terraform.tfvars.json`, `*.auto.tfvars` and
//!   `*.auto.tfvars.json` in lexical order of their names, then every `-var-file` and `-var` in
//!   the order given on the command line. A later value for a name replaces an earlier one
//!   before either is read.
//! * **`-var` and `TF_VAR_` text** is taken literally as a string when the variable's type is
//!   primitive (`string`, `number`, `bool`) or when it has no type; otherwise it is parsed as
//!   an HCL expression.
//! * **Expressions** in `.tfvars`, `default` and complex `-var` text are evaluated as HCL
//!   evaluates them with no context: arithmetic (on 512-bit binary floats, as HCL: `1/3` is
//!   `0.333…335`, `0.1 + 0.2` is `0.3`; results are kept as the shortest exact decimal of that
//!   float, and so are number literals of more than 150 significant digits), comparisons,
//!   `&&` `||` `!`, conditionals with their type unification, string templates with `%{if}` /
//!   `%{for}` and strip markers, heredocs, tuple and object constructors, `for` expressions
//!   (with `if` and grouping `...`), indexing, attribute access and splats. A reference is
//!   "Variables not allowed", a function call "Function calls not allowed" (inside a `for`, an
//!   undefined name is "Unknown variable", with Terraform's suggestion). A value that cannot
//!   be read leaves its variable unset: its default, or "No value for required variable".
//! * **Validation rules** run on the final value, with `var` holding every variable's final
//!   value, the language's operators and the functions `can`, `try`, `length`, `regex`,
//!   `regexall`, `contains`, `alltrue`, `anytrue`, `startswith`, `endswith`, `lower`, `upper`,
//!   `trimspace`, `trimprefix`, `trimsuffix`, `keys`, `values`, `lookup`, `tonumber`,
//!   `tostring`, `tobool`, `cidrhost`, `cidrnetmask`, `join`, `split`, `replace`, `substr`,
//!   `format` (verbs `%s %v %d %q %t %.Nf %%`), `concat`, `distinct`, `min`, `max`, `abs` and
//!   `coalesce`. A false condition is "Invalid value for variable" with the rule's
//!   `error_message` (a template; not shown when it refers to a sensitive variable, as in
//!   Terraform), at the value in its variables file or at the declaration; null or non-bool
//!   results and failing calls are errors with Terraform's messages. A condition that calls
//!   any other function (or `format` with another verb) gives the warning "Validation rule
//!   not checked": the rule is neither passed nor failed, and the value is kept. A condition
//!   that does not refer to its own variable, or a rule that refers to an undeclared one, is
//!   a load error, as in Terraform; a rule that refers to a variable left without a value (by
//!   its own errors) is not evaluated.
//! * **Unreadable inputs** (a file that cannot be read or is too large, a syntax error, a
//!   block in a variables file, a malformed `-var`) stop the evaluation as they stop
//!   Terraform: those errors only, no values.
//! * **Final value**: unset → the default, or the error "No value for required variable";
//!   not null → optional-attribute defaults applied, then converted to the type; null with
//!   `nullable = false` → the default, or an error when there is none.
//! * **Undeclared names**: a `-var` is an error; a file value is a warning (the first two,
//!   then one summary warning, as Terraform); an environment variable is ignored.
//! * **Limits** ([`super::limits`]): variables files over 4 MiB and module files over 8 MiB
//!   are refused from their size before they are read; HCL nesting deeper than 64 levels (or 128 chained operators) and JSON
//!   deeper than 64 levels are syntax errors; one expression may take at most
//!   2,000,000 evaluation steps and build strings of at most 16 MiB. Nothing recurses without
//!   a bound, so a hostile file ends in an error, not a stack overflow.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use hcl_edit::Span;
use hcl_edit::expr::Expression;
use hcl_edit::structure::{Block, Body, Structure};

use tfsdk_core::path::{AttributePath, PathStep};
use tfsdk_core::tftypes::{Type, Value};

use super::constraint::TypeConstraint;
use super::eval::{EvalError, Evaluator};
use super::parse::{Pos, SourceMap, SourceRange, error_span, parse_at};
use super::validation::{self, Outcome, RuleExpr, ValidationRule};
use super::{json_syntax, limits};

/// How bad a [`Diagnostic`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The variable (or the module) has no usable value.
    Error,
    /// Worth telling, changes nothing.
    Warning,
}

/// A problem found while loading a module or evaluating its variables, in Terraform's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// One line: what kind of problem.
    pub summary: String,
    /// What went wrong and what to do.
    pub detail: String,
    /// The source text the problem is about, when there is one.
    pub range: Option<SourceRange>,
    /// Inside a value, where (`var.buckets[0].enabled`).
    pub path: Option<String>,
}

impl Diagnostic {
    pub(crate) fn error(summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            summary: summary.into(),
            detail: detail.into(),
            range: None,
            path: None,
        }
    }

    pub(crate) fn warning(summary: impl Into<String>, detail: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(summary, detail)
        }
    }

    pub(crate) fn at(mut self, range: Option<SourceRange>) -> Diagnostic {
        self.range = range;
        self
    }

    /// True for an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    /// Terraform's layout, without the source excerpt:
    ///
    /// ```text
    /// Error: Invalid value for input variable
    ///   on terraform.tfvars:1,9-12
    ///   at var.ports[1]
    ///   The given value is not suitable for var.ports declared at main.tf:1,1-17: a number is required.
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = match self.severity {
            Severity::Error => "Error",
            Severity::Warning => "Warning",
        };
        write!(f, "{severity}: {}", self.summary)?;
        if let Some(range) = &self.range {
            write!(f, "\n  on {range}")?;
        }
        if let Some(path) = &self.path {
            write!(f, "\n  at {path}")?;
        }
        for line in self.detail.lines() {
            if line.is_empty() {
                f.write_str("\n")?;
            } else {
                write!(f, "\n  {line}")?;
            }
        }
        Ok(())
    }
}

/// Diagnostics that stop a module from loading (at least one error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n\n")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

/// How text from `-var` or `TF_VAR_` becomes a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseMode {
    /// The text is the string value (primitive types and untyped variables).
    Literal,
    /// The text is an HCL expression (every other type).
    Hcl,
}

/// One `variable` block, overrides applied and its default converted.
#[derive(Clone, Debug, PartialEq)]
pub struct Variable {
    /// The name (`var.<name>`).
    pub name: String,
    /// The `type`; `any` when there is none.
    pub constraint: TypeConstraint,
    /// The default, already converted to the constraint; `None` makes the variable required.
    pub default: Option<Value>,
    /// `nullable` (true unless set to false).
    pub nullable: bool,
    /// `sensitive`.
    pub sensitive: bool,
    /// `description`.
    pub description: Option<String>,
    /// How `-var` text for it is read.
    pub parse_mode: ParseMode,
    /// `variable "name"` in its file, for messages.
    pub decl_range: SourceRange,
    /// The `validation` blocks, in order.
    pub validations: Vec<ValidationRule>,
}

impl Variable {
    /// True when the variable has no default, so a value must be given.
    pub fn is_required(&self) -> bool {
        self.default.is_none()
    }
}

/// The input variables a module declares.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Module {
    variables: BTreeMap<String, Variable>,
}

/// A `variable` block as written, before overrides are merged.
pub(crate) struct Declaration {
    pub(crate) name: String,
    pub(crate) decl_range: SourceRange,
    pub(crate) constraint: Option<(TypeConstraint, ParseMode)>,
    pub(crate) default: Option<(Value, Option<SourceRange>)>,
    pub(crate) nullable: Option<bool>,
    pub(crate) sensitive: Option<bool>,
    pub(crate) description: Option<String>,
    pub(crate) validations: Vec<ValidationRule>,
}

pub(crate) const RESERVED_NAMES: &[&str] = &[
    "source",
    "version",
    "providers",
    "count",
    "for_each",
    "lifecycle",
    "depends_on",
    "locals",
];

impl Module {
    /// Reads the `variable` blocks of every `*.tf` file in `dir` (override files last).
    ///
    /// ```no_run
    /// use tfsdk_typeexpr::vars::Module;
    ///
    /// let module = Module::load("modules/buckets")?;
    /// for variable in module.variables() {
    ///     println!("{}: {}", variable.name, variable.constraint);
    /// }
    /// # Ok::<(), tfsdk_typeexpr::vars::Diagnostics>(())
    /// ```
    ///
    /// # Errors
    /// The directory cannot be read, a file is not valid HCL, a `variable` block is invalid
    /// (bad type, incompatible default, duplicate name, unknown argument…): every problem found.
    pub fn load(dir: impl AsRef<Path>) -> Result<Module, Diagnostics> {
        let dir = dir.as_ref();
        let entries = std::fs::read_dir(dir).map_err(|e| {
            Diagnostics(vec![Diagnostic::error(
                "Failed to read module directory",
                format!("Module directory {} could not be read: {e}.", dir.display()),
            )])
        })?;
        let mut names: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| {
                p.is_file()
                    && p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.ends_with(".tf") || n.ends_with(".tf.json"))
            })
            .collect();
        names.sort();
        let mut files = Vec::with_capacity(names.len());
        let mut diagnostics = Vec::new();
        for path in names {
            match limits::read_capped(&path, limits::MAX_MODULE_FILE_BYTES) {
                Ok(text) => files.push((display_path(&path), text)),
                Err(limits::ReadError::Io(e)) => diagnostics.push(Diagnostic::error(
                    "Failed to read file",
                    format!("The file {} could not be read: {e}.", path.display()),
                )),
                Err(e) => diagnostics.push(e.diagnostic(&path)),
            }
        }
        if !diagnostics.is_empty() {
            return Err(Diagnostics(diagnostics));
        }
        Module::from_sources(files)
    }

    /// Reads the `variable` blocks of `(file name, text)` pairs, as [`Module::load`] reads a
    /// directory's files: a name `override.tf` or ending in `_override.tf` is an override file.
    ///
    /// # Errors
    /// As [`Module::load`].
    pub fn from_sources<N: AsRef<str>, S: AsRef<str>>(
        files: impl IntoIterator<Item = (N, S)>,
    ) -> Result<Module, Diagnostics> {
        let mut diagnostics = Vec::new();
        let mut primary: Vec<Declaration> = Vec::new();
        let mut overrides: Vec<Declaration> = Vec::new();
        for (name, text) in files {
            let name = name.as_ref();
            let base = Path::new(name)
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or(name);
            let is_override = base == "override.tf"
                || base.ends_with("_override.tf")
                || base == "override.tf.json"
                || base.ends_with("_override.tf.json");
            let declarations = if base.ends_with(".json") {
                json_syntax::read_declarations(name, text.as_ref(), &mut diagnostics)
            } else {
                read_declarations(name, text.as_ref(), &mut diagnostics)
            };
            if is_override {
                overrides.extend(declarations);
            } else {
                primary.extend(declarations);
            }
        }
        let mut by_name = unique_declarations(primary, &mut diagnostics);
        apply_overrides(&mut by_name, overrides, &mut diagnostics);
        let declared: std::collections::BTreeSet<String> = by_name.keys().cloned().collect();
        let variables = by_name
            .into_iter()
            .map(|(name, declaration)| {
                let variable = variable_of(declaration, &declared, &mut diagnostics);
                (name, variable)
            })
            .collect();
        if diagnostics.is_empty() {
            Ok(Module { variables })
        } else {
            Err(Diagnostics(diagnostics))
        }
    }

    /// The variables, in name order.
    pub fn variables(&self) -> impl Iterator<Item = &Variable> {
        self.variables.values()
    }

    /// One variable.
    pub fn variable(&self, name: &str) -> Option<&Variable> {
        self.variables.get(name)
    }
}

/// A path as messages show it: `main.tf` rather than `./main.tf`.
fn display_path(path: &Path) -> String {
    let shown = path.display().to_string();
    match shown.strip_prefix("./") {
        Some(rest) if !rest.is_empty() => rest.to_owned(),
        _ => shown,
    }
}

pub(crate) fn file_map<'a>(filename: &'a str, src: &'a str) -> SourceMap<'a> {
    SourceMap {
        src,
        filename,
        start: Pos {
            line: 1,
            column: 1,
            byte: 0,
        },
    }
}

/// hcl-edit refuses a repeated attribute as a syntax error; Terraform reads the file and says
/// "Attribute redefined", pointing back at the first definition.
fn redefined_attribute(
    map: SourceMap<'_>,
    e: &super::big_numbers::ParseFailure,
) -> Option<Diagnostic> {
    if !e.message().contains("redefined attribute") {
        return None;
    }
    let at = e.offset().min(map.src.len());
    let rest = &map.src[at..];
    let len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(rest.len());
    let name = &rest[..len];
    if name.is_empty() {
        return None;
    }
    // The first top-level line that sets it.
    let mut offset = 0;
    let mut first = None;
    for line in map.src.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(after) = trimmed.strip_prefix(name)
            && after.trim_start().starts_with('=')
            && !after.trim_start().starts_with("==")
        {
            first = Some(offset + indent);
            break;
        }
        offset += line.len();
    }
    let first = first?;
    Some(
        Diagnostic::error(
            "Attribute redefined",
            format!(
                "The argument {name:?} was already set at {}. Each argument may be set only once.",
                map.range(first..first + len)
            ),
        )
        .at(Some(map.range(at..at + len))),
    )
}

pub(crate) fn syntax_error(
    filename: &str,
    src: &str,
    e: &super::big_numbers::ParseFailure,
) -> Diagnostic {
    let span = error_span(src, e.offset());
    let mut detail = e.message().into_owned();
    if let Some(first) = detail.get(..1) {
        let upper = first.to_uppercase();
        detail.replace_range(..1, &upper);
    }
    detail.push('.');
    Diagnostic::error("Invalid syntax", detail).at(Some(file_map(filename, src).range(span)))
}

fn read_declarations(
    filename: &str,
    src: &str,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Declaration> {
    let body: Body = match super::big_numbers::parse_body(src) {
        Ok(body) => body,
        Err(e) => {
            diagnostics.push(syntax_error(filename, src, &e));
            return Vec::new();
        }
    };
    let map = file_map(filename, src);
    let shared: (Arc<str>, Arc<str>) = (Arc::from(src), Arc::from(filename));
    let mut out = Vec::new();
    for block in body.blocks().filter(|b| b.has_ident("variable")) {
        if let Some(d) = read_variable_block(block, map, &shared, diagnostics) {
            out.push(d);
        }
    }
    out
}

/// The primary files' declarations by name; a name declared twice is an error at the second.
fn unique_declarations(
    primary: Vec<Declaration>,
    diagnostics: &mut Vec<Diagnostic>,
) -> BTreeMap<String, Declaration> {
    let mut by_name: BTreeMap<String, Declaration> = BTreeMap::new();
    for declaration in primary {
        if let Some(first) = by_name.get(&declaration.name) {
            diagnostics.push(
                Diagnostic::error(
                    "Duplicate variable declaration",
                    format!(
                        "A variable named {:?} was already declared at {}. Variable names must be unique within a module.",
                        declaration.name, first.decl_range
                    ),
                )
                .at(Some(declaration.decl_range.clone())),
            );
            continue;
        }
        by_name.insert(declaration.name.clone(), declaration);
    }
    by_name
}

/// Each override file's declaration merged into the primary one it names: what it sets
/// replaces what the primary said; overriding a variable never declared is an error.
fn apply_overrides(
    by_name: &mut BTreeMap<String, Declaration>,
    overrides: Vec<Declaration>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for o in overrides {
        let Some(base) = by_name.get_mut(&o.name) else {
            diagnostics.push(
                Diagnostic::error(
                    "Missing base variable declaration to override",
                    format!(
                        "There is no variable named {:?}. An override file can only override a variable that was already declared in a primary configuration file.",
                        o.name
                    ),
                )
                .at(Some(o.decl_range)),
            );
            continue;
        };
        if o.constraint.is_some() {
            base.constraint = o.constraint;
        }
        if o.default.is_some() {
            base.default = o.default;
        }
        if o.nullable.is_some() {
            base.nullable = o.nullable;
        }
        if o.sensitive.is_some() {
            base.sensitive = o.sensitive;
        }
        if o.description.is_some() {
            base.description = o.description;
        }
        if !o.validations.is_empty() {
            base.validations = o.validations;
        }
    }
}

/// A declaration (with its overrides) as the module's variable: its rules checked against the
/// `declared` names, its default converted to its type.
fn variable_of(
    d: Declaration,
    declared: &std::collections::BTreeSet<String>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Variable {
    let name = d.name;
    for rule in &d.validations {
        diagnostics.extend(validation::check_rule(&name, rule));
        diagnostics.extend(validation::check_references(rule, &|n: &str| {
            declared.contains(n)
        }));
    }
    let (constraint, parse_mode) = d
        .constraint
        .unwrap_or((TypeConstraint::any(), ParseMode::Literal));
    let nullable = d.nullable.unwrap_or(true);
    let default = d.default.and_then(|(value, range)| {
        default_of(&name, value, range, &constraint, nullable, diagnostics)
    });
    Variable {
        name,
        constraint,
        default,
        nullable,
        sensitive: d.sensitive.unwrap_or(false),
        description: d.description,
        parse_mode,
        decl_range: d.decl_range,
        validations: d.validations,
    }
}

/// A variable's default as a value of its type; an error for null where the variable is not
/// nullable, and for a value the type does not accept.
fn default_of(
    name: &str,
    value: Value,
    range: Option<SourceRange>,
    constraint: &TypeConstraint,
    nullable: bool,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Value> {
    if value.is_null() && !nullable {
        diagnostics.push(
            Diagnostic::error(
                "Invalid default value for variable",
                "A null default value is not valid when nullable=false.",
            )
            .at(range),
        );
        return None;
    }
    match super::convert(value, constraint) {
        Ok(v) => Some(v),
        Err(e) => {
            diagnostics.push(Diagnostic {
                path: value_path(name, &e.path),
                ..Diagnostic::error(
                    "Invalid default value for variable",
                    format!(
                        "This default value is not compatible with the variable's type constraint: {e}."
                    ),
                )
                .at(range)
            });
            None
        }
    }
}

fn read_variable_block(
    block: &Block,
    map: SourceMap<'_>,
    shared: &(Arc<str>, Arc<str>),
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Declaration> {
    let (name, decl_range) = variable_header(block, map, diagnostics)?;
    let mut declaration = Declaration {
        name,
        decl_range,
        constraint: None,
        default: None,
        nullable: None,
        sensitive: None,
        description: None,
        validations: Vec::new(),
    };
    let range_of = |span: Option<std::ops::Range<usize>>| span.map(|s| map.range(s));
    let mut seen: HashMap<String, Option<SourceRange>> = HashMap::new();
    for structure in block.body.iter() {
        let attribute = match structure {
            Structure::Attribute(a) => a,
            Structure::Block(inner) if inner.has_ident("validation") => {
                if let Some(rule) = read_validation_block(inner, map, shared, diagnostics) {
                    declaration.validations.push(rule);
                }
                continue;
            }
            Structure::Block(inner) => {
                diagnostics.push(
                    Diagnostic::error(
                        "Unsupported block type",
                        format!(
                            "Blocks of type {:?} are not expected here.",
                            inner.ident.as_str()
                        ),
                    )
                    .at(range_of(inner.ident.span())),
                );
                continue;
            }
        };
        let key = attribute.key.as_str();
        let key_range = range_of(attribute.key.span());
        if let Some(previous) = seen.insert(key.to_owned(), key_range.clone()) {
            diagnostics.push(
                Diagnostic::error(
                    "Attribute redefined",
                    format!(
                        "The argument {key:?} was already set at {}. Each argument may be set only once.",
                        previous.map_or_else(|| "an earlier line".to_owned(), |r| r.to_string())
                    ),
                )
                .at(key_range),
            );
            continue;
        }
        read_variable_argument(&mut declaration, attribute, map, diagnostics);
    }
    Some(declaration)
}

/// The variable's name (its one label, checked) and the range of its header.
fn variable_header(
    block: &Block,
    map: SourceMap<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<(String, SourceRange)> {
    let header_end = block
        .labels
        .last()
        .and_then(label_span)
        .or_else(|| block.ident.span())
        .map_or(0, |s| s.end);
    let header_start = block.ident.span().map_or(0, |s| s.start);
    let decl_range = map.range(header_start..header_end.max(header_start));
    let [label] = block.labels.as_slice() else {
        diagnostics.push(
            Diagnostic::error(
                "Missing name for variable",
                "A variable block needs exactly one label: the variable's name.",
            )
            .at(Some(decl_range)),
        );
        return None;
    };
    let name = label.as_str().to_owned();
    if let Some(error) = variable_name_error(&name, &decl_range) {
        diagnostics.push(error);
        return None;
    }
    Some((name, decl_range))
}

/// One argument of a variable block (`type`, `default`, `nullable`, `sensitive`, `ephemeral`,
/// `description`) into `declaration`; anything else is an error.
fn read_variable_argument(
    declaration: &mut Declaration,
    attribute: &hcl_edit::structure::Attribute,
    map: SourceMap<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let range_of = |span: Option<std::ops::Range<usize>>| span.map(|s| map.range(s));
    let key = attribute.key.as_str();
    let expr = &attribute.value;
    let here = range_of(expr.span());
    let wrong_type = |what: &str| {
        Diagnostic::error(
            "Incorrect attribute value type",
            format!("Inappropriate value for attribute {key:?}: {what} required."),
        )
        .at(here.clone())
    };
    if key == "type" {
        if let Some(c) = read_type(expr, map, diagnostics) {
            declaration.constraint = Some(c);
        }
        return;
    }
    if !matches!(
        key,
        "default" | "nullable" | "sensitive" | "ephemeral" | "description"
    ) {
        diagnostics.push(
            Diagnostic::error(
                "Unsupported argument",
                format!("An argument named {key:?} is not expected here."),
            )
            .at(range_of(attribute.key.span())),
        );
        return;
    }
    let value = match literal_value(expr, map.src) {
        Ok(value) => value,
        Err(e) => {
            let errors = e.into_all().into_iter();
            diagnostics.extend(
                errors.map(|e| Diagnostic::error(e.summary, e.detail).at(range_of(e.span))),
            );
            return;
        }
    };
    match key {
        "default" => declaration.default = Some((value, here.clone())),
        "description" => match value.as_str() {
            Some(s) => declaration.description = Some(s.to_owned()),
            None if value.is_null() => {}
            None => diagnostics.push(wrong_type("string")),
        },
        _ if value.is_null() => {}
        _ => match value.as_bool() {
            Some(b) if key == "nullable" => declaration.nullable = Some(b),
            Some(b) if key == "sensitive" => declaration.sensitive = Some(b),
            Some(_) => {}
            None => diagnostics.push(wrong_type("bool")),
        },
    }
}

/// A value with no context (no variables, no functions), as Terraform evaluates `.tfvars`
/// values and `default`.
pub(crate) fn literal_value(expr: &Expression, src: &str) -> Result<Value, EvalError> {
    Evaluator::literal(src).eval(expr)
}

fn read_validation_block(
    block: &Block,
    map: SourceMap<'_>,
    shared: &(Arc<str>, Arc<str>),
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<ValidationRule> {
    let decl_range = map.range(block.ident.span().unwrap_or(0..0));
    let mut condition = None;
    let mut error_message = None;
    for structure in block.body.iter() {
        match structure {
            Structure::Attribute(a) => {
                let rule_expr =
                    RuleExpr::native(a.value.clone(), shared.0.clone(), shared.1.clone());
                match a.key.as_str() {
                    "condition" => condition = Some(rule_expr),
                    "error_message" => error_message = Some(rule_expr),
                    other => diagnostics.push(
                        Diagnostic::error(
                            "Unsupported argument",
                            format!("An argument named {other:?} is not expected here."),
                        )
                        .at(a.key.span().map(|s| map.range(s))),
                    ),
                }
            }
            Structure::Block(b) => diagnostics.push(
                Diagnostic::error(
                    "Unsupported block type",
                    format!(
                        "Blocks of type {:?} are not expected here.",
                        b.ident.as_str()
                    ),
                )
                .at(b.ident.span().map(|s| map.range(s))),
            ),
        }
    }
    ValidationRule::from_parts(decl_range, condition, error_message, diagnostics)
}

fn label_span(label: &hcl_edit::structure::BlockLabel) -> Option<std::ops::Range<usize>> {
    match label {
        hcl_edit::structure::BlockLabel::Ident(i) => i.span(),
        hcl_edit::structure::BlockLabel::String(s) => s.span(),
    }
}

/// HCL's identifier rule: a letter or `_`, then letters, digits, `_` and `-`.
/// The error for a `variable` block's name, in either syntax, unless it is an identifier that
/// Terraform does not reserve.
pub(crate) fn variable_name_error(name: &str, decl_range: &SourceRange) -> Option<Diagnostic> {
    let detail = if !is_identifier(name) {
        "A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.".to_owned()
    } else if RESERVED_NAMES.contains(&name) {
        format!(
            "The variable name {name:?} is reserved due to its special meaning inside module blocks."
        )
    } else {
        return None;
    };
    Some(Diagnostic::error("Invalid variable name", detail).at(Some(decl_range.clone())))
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// A `type` argument: the constraint and how `-var` text for it is read.
fn read_type(
    expr: &Expression,
    map: SourceMap<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<(TypeConstraint, ParseMode)> {
    let range = expr.span().map(|s| map.range(s));
    if let Expression::String(s) = expr {
        // Terraform 0.11's quoted type names.
        let detail = match s.value().as_str() {
            "string" => {
                "Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform. Remove the quotes around \"string\"."
            }
            "list" => {
                "Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform. Remove the quotes around \"list\" and write list(string) instead to explicitly indicate that the list elements are strings."
            }
            "map" => {
                "Terraform 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of Terraform. Remove the quotes around \"map\" and write map(string) instead to explicitly indicate that the map elements are strings."
            }
            _ => {
                diagnostics.push(
                    Diagnostic::error(
                        "Invalid legacy variable type hint",
                        "To provide a full type expression, remove the surrounding quotes and give the type expression directly.",
                    )
                    .at(range),
                );
                return None;
            }
        };
        diagnostics.push(Diagnostic::error("Invalid quoted type constraints", detail).at(range));
        return None;
    }
    let span = expr.span()?;
    let text = map.src.get(span.clone())?;
    match parse_at(text, map.filename, map.pos(span.start)) {
        Ok(constraint) => {
            let mode = if matches!(constraint.ty(), Type::String | Type::Number | Type::Bool) {
                ParseMode::Literal
            } else {
                ParseMode::Hcl
            };
            Some((constraint, mode))
        }
        Err(e) => {
            for d in e.diagnostics {
                diagnostics.push(Diagnostic::error(d.summary, d.detail).at(Some(d.range)));
            }
            None
        }
    }
}

/// Where a value came from, which decides the precedence already (by order) and the messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueSource {
    /// A `TF_VAR_name` environment variable.
    Env,
    /// `terraform.tfvars(.json)` or `*.auto.tfvars(.json)`, read without being named.
    AutoFile,
    /// A file named with `-var-file`.
    NamedFile,
    /// `-var name=value`.
    Cli,
}

#[derive(Clone, Debug)]
enum Raw {
    /// `-var` or `TF_VAR_` text, read according to the variable's [`ParseMode`].
    Text(String),
    /// A value from a file.
    Value(Value),
    /// A file value whose expression failed: its errors, reported if it is the value used.
    Failed(Vec<Diagnostic>),
}

#[derive(Clone, Debug)]
struct RawInput {
    name: String,
    raw: Raw,
    source: ValueSource,
    range: Option<SourceRange>,
    filename: Option<String>,
}

/// Values given for a module's variables, in increasing precedence: each `add_*` call's
/// values override those of the calls before it.
///
/// Files are read (and syntax errors recorded) when added; `-var` and environment text is read
/// by [`evaluate`], which knows each variable's type.
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    entries: Vec<RawInput>,
    diagnostics: Vec<Diagnostic>,
}

impl Inputs {
    /// No values.
    pub fn new() -> Inputs {
        Inputs::default()
    }

    /// Terraform's automatic sources for a module in `dir`, lowest precedence first: `TF_VAR_`
    /// variables from `env`, `terraform.tfvars`, `terraform.tfvars.json`, then the
    /// `*.auto.tfvars` and `*.auto.tfvars.json` files in lexical order. Add `-var-file` and
    /// `-var` values after this.
    pub fn with_defaults(
        dir: impl AsRef<Path>,
        env: impl IntoIterator<Item = (String, String)>,
    ) -> Inputs {
        let mut inputs = Inputs::new();
        inputs.add_env(env);
        inputs.add_auto_files(dir);
        inputs
    }

    /// Adds every `TF_VAR_<name>` of `env` (others are skipped), in name order.
    pub fn add_env(&mut self, env: impl IntoIterator<Item = (String, String)>) {
        let mut found: Vec<(String, String)> = env
            .into_iter()
            .filter_map(|(k, v)| {
                k.strip_prefix("TF_VAR_")
                    .filter(|name| !name.is_empty())
                    .map(|name| (name.to_owned(), v))
            })
            .collect();
        found.sort();
        for (name, text) in found {
            self.entries.push(RawInput {
                name,
                raw: Raw::Text(text),
                source: ValueSource::Env,
                range: None,
                filename: None,
            });
        }
    }

    /// Adds `terraform.tfvars`, `terraform.tfvars.json` and the `*.auto.tfvars(.json)` files
    /// of `dir` that exist, in Terraform's order.
    pub fn add_auto_files(&mut self, dir: impl AsRef<Path>) {
        let dir = dir.as_ref();
        for name in ["terraform.tfvars", "terraform.tfvars.json"] {
            let path = dir.join(name);
            if path.is_file() {
                self.add_file(&path, ValueSource::AutoFile);
            }
        }
        let mut auto: Vec<PathBuf> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| {
                p.is_file()
                    && p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                        n.ends_with(".auto.tfvars") || n.ends_with(".auto.tfvars.json")
                    })
            })
            .collect();
        auto.sort();
        for path in auto {
            self.add_file(&path, ValueSource::AutoFile);
        }
    }

    /// Adds a `-var-file`: JSON when its name ends in `.json`, HCL otherwise.
    pub fn add_var_file(&mut self, path: impl AsRef<Path>) {
        self.add_file(path.as_ref(), ValueSource::NamedFile);
    }

    fn add_file(&mut self, path: &Path, source: ValueSource) {
        match limits::read_capped(path, limits::MAX_VARS_FILE_BYTES) {
            Ok(text) => self.add_text(&display_path(path), &text, source),
            Err(limits::ReadError::Io(e)) => {
                let detail = if e.kind() == std::io::ErrorKind::NotFound {
                    format!("Given variables file {} does not exist.", path.display())
                } else {
                    format!("Error while reading {}: {e}.", path.display())
                };
                self.diagnostics
                    .push(Diagnostic::error("Failed to read variables file", detail));
            }
            Err(e) => self.diagnostics.push(e.diagnostic(path)),
        }
    }

    /// Adds the text of a variables file: JSON when `filename` ends in `.json`, HCL otherwise.
    /// `named` says whether it was given with `-var-file` (true) or found automatically.
    pub fn add_file_text(&mut self, filename: &str, text: &str, named: bool) {
        let source = if named {
            ValueSource::NamedFile
        } else {
            ValueSource::AutoFile
        };
        self.add_text(filename, text, source);
    }

    fn add_text(&mut self, filename: &str, text: &str, source: ValueSource) {
        if text.len() > limits::MAX_VARS_FILE_BYTES {
            self.diagnostics.push(
                limits::ReadError::TooLarge(Some(text.len() as u64), limits::MAX_VARS_FILE_BYTES)
                    .diagnostic(Path::new(filename)),
            );
            return;
        }
        if filename.ends_with(".json") {
            self.add_json(filename, text, source);
        } else {
            self.add_hcl(filename, text, source);
        }
    }

    fn add_json(&mut self, filename: &str, text: &str, source: ValueSource) {
        let map = file_map(filename, text);
        match json_syntax::read_values(text) {
            Ok(values) => {
                for (name, value, span) in values {
                    self.entries.push(RawInput {
                        name,
                        raw: Raw::Value(value),
                        source: source.clone(),
                        range: Some(map.range(span)),
                        filename: Some(filename.to_owned()),
                    });
                }
            }
            Err((message, span)) => self.diagnostics.push(
                Diagnostic::error("Invalid JSON variables file", format!("{message}."))
                    .at(Some(map.range(span))),
            ),
        }
    }

    fn add_hcl(&mut self, filename: &str, text: &str, source: ValueSource) {
        let map = file_map(filename, text);
        let body = match super::big_numbers::parse_body(text) {
            Ok(body) => body,
            Err(e) => {
                let d = redefined_attribute(map, &e)
                    .unwrap_or_else(|| syntax_error(filename, text, &e));
                self.diagnostics.push(d);
                return;
            }
        };
        for structure in body.iter() {
            match structure {
                Structure::Block(block) if block.has_ident("variable") => {
                    let name = block.labels.first().map_or("", |l| l.as_str());
                    self.diagnostics.push(
                        Diagnostic::error(
                            "Variable declaration in .tfvars file",
                            format!(
                                "A .tfvars file is used to assign values to variables that have already been declared in .tf files, not to declare new variables. To declare variable {name:?}, place this block in one of your .tf files, such as variables.tf.\n\nTo set a value for this variable in {filename}, use the definition syntax instead:\n    {name} = <value>"
                            ),
                        )
                        .at(block.ident.span().map(|s| map.range(s))),
                    )
                }
                Structure::Block(block) => self.diagnostics.push(
                    Diagnostic::error(
                        format!("Unexpected {:?} block", block.ident.as_str()),
                        "Blocks are not allowed here.",
                    )
                    .at(block.ident.span().map(|s| map.range(s))),
                ),
                Structure::Attribute(attribute) => {
                    let raw = match literal_value(&attribute.value, text) {
                        Ok(v) => Raw::Value(v),
                        Err(e) => Raw::Failed(
                            e.into_all()
                                .into_iter()
                                .map(|e| {
                                    Diagnostic::error(e.summary, e.detail)
                                        .at(e.span.map(|s| map.range(s)))
                                })
                                .collect(),
                        ),
                    };
                    self.entries.push(RawInput {
                        name: attribute.key.as_str().to_owned(),
                        raw,
                        source: source.clone(),
                        range: attribute.value.span().map(|s| map.range(s)),
                        filename: Some(filename.to_owned()),
                    });
                }
            }
        }
    }

    /// Adds a `-var` argument, `name=value` (the value may contain `=`).
    pub fn add_var(&mut self, arg: &str) {
        match arg.split_once('=') {
            Some((name, text)) if !name.trim().is_empty() => self.entries.push(RawInput {
                name: name.trim().to_owned(),
                raw: Raw::Text(text.to_owned()),
                source: ValueSource::Cli,
                range: None,
                filename: None,
            }),
            _ => self.diagnostics.push(Diagnostic::error(
                "Invalid -var option",
                format!(
                    "The given -var option {arg:?} is not correctly specified. Must be a variable name and value separated by an equals sign, like -var=\"key=value\"."
                ),
            )),
        }
    }

    /// Problems met while reading the inputs (unreadable files, syntax errors, bad `-var`).
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }
}

/// One variable's outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct VariableResult {
    /// The variable's name.
    pub name: String,
    /// The final value, when there is no error.
    pub value: Option<Value>,
    /// Declared `sensitive`.
    pub sensitive: bool,
    /// Errors and warnings about this variable.
    pub diagnostics: Vec<Diagnostic>,
}

/// Everything [`evaluate`] found: each declared variable (in name order) and the problems not
/// tied to one of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// The declared variables, in name order.
    pub variables: Vec<VariableResult>,
    /// Input-level problems: unreadable files, syntax errors, undeclared names.
    pub diagnostics: Vec<Diagnostic>,
}

impl Evaluation {
    /// True when any diagnostic, of a variable or of the inputs, is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
            || self
                .variables
                .iter()
                .flat_map(|v| &v.diagnostics)
                .any(Diagnostic::is_error)
    }

    /// The final value of a variable, if it has one.
    pub fn value(&self, name: &str) -> Option<&Value> {
        self.variables
            .iter()
            .find(|v| v.name == name)
            .and_then(|v| v.value.as_ref())
    }

    /// One variable's result.
    pub fn variable(&self, name: &str) -> Option<&VariableResult> {
        self.variables.iter().find(|v| v.name == name)
    }
}

/// `var.name` followed by a path inside its value, or `None` for the value itself.
fn value_path(name: &str, path: &AttributePath) -> Option<String> {
    if path.steps().is_empty() {
        return None;
    }
    let full = AttributePath::from(PathStep::AttributeName(name.to_owned())).join(path);
    Some(format!("var.{full}"))
}

/// Evaluates every declared variable of `module` from `inputs`, with Terraform's rules (see the
/// module documentation).
///
/// # Examples
/// ```
/// use tfsdk_typeexpr::vars::{Inputs, Module, evaluate};
///
/// let module = Module::from_sources([("main.tf", "variable \"size\" {\n  type = number\n}\n")]).unwrap();
/// let evaluation = evaluate(&module, &Inputs::new());
/// assert!(evaluation.has_errors());
/// let error = &evaluation.variable("size").unwrap().diagnostics[0];
/// assert_eq!(error.summary, "No value for required variable");
/// ```
pub fn evaluate(module: &Module, inputs: &Inputs) -> Evaluation {
    let mut diagnostics = inputs.diagnostics.clone();
    if diagnostics.iter().any(Diagnostic::is_error) {
        // Terraform stops when it cannot read its variables files or options, before it
        // looks at any value: no values, only those errors.
        return Evaluation {
            variables: module.variables().map(unevaluated).collect(),
            diagnostics,
        };
    }
    let mut given: HashMap<&str, (Value, &RawInput)> = HashMap::new();
    let mut per_variable: HashMap<&str, Vec<Diagnostic>> = HashMap::new();
    let mut undeclared_in_files = 0usize;
    // Terraform keeps the last raw value per name and only then reads it: an earlier value
    // that would not parse is never looked at.
    let last: HashMap<&str, usize> = inputs
        .entries
        .iter()
        .enumerate()
        .map(|(i, input)| (input.name.as_str(), i))
        .collect();
    for (i, input) in inputs.entries.iter().enumerate() {
        let Some(variable) = module.variable(&input.name) else {
            undeclared(input, &mut undeclared_in_files, &mut diagnostics);
            continue;
        };
        if last.get(input.name.as_str()) != Some(&i) {
            continue;
        }
        let value = match &input.raw {
            Raw::Value(v) => v.clone(),
            Raw::Failed(errors) => {
                // The variable is left unset: its default, or the missing-value error.
                diagnostics.extend(errors.iter().cloned());
                given.remove(variable.name.as_str());
                continue;
            }
            Raw::Text(text) => match variable.parse_mode {
                ParseMode::Literal => Value::string(super::nfc::nfc(text)),
                ParseMode::Hcl => match parse_hcl_text(&variable.name, text) {
                    Ok(v) => v,
                    Err(d) => {
                        per_variable.entry(&variable.name).or_default().push(*d);
                        given.remove(variable.name.as_str());
                        continue;
                    }
                },
            },
        };
        given.insert(&variable.name, (value, input));
    }
    if undeclared_in_files > 2 {
        diagnostics.push(Diagnostic::warning(
            "Values for undeclared variables",
            format!(
                "In addition to the other similar warnings shown, {} other variable(s) defined without being declared.",
                undeclared_in_files - 2
            ),
        ));
    }
    let (mut variables, subjects) = final_values(module, given, per_variable);
    check_validations(module, &mut variables, subjects);
    Evaluation {
        variables,
        diagnostics,
    }
}

/// A variable left without a value (Terraform stopped before reading values).
fn unevaluated(variable: &Variable) -> VariableResult {
    VariableResult {
        name: variable.name.clone(),
        value: None,
        sensitive: variable.sensitive,
        diagnostics: Vec::new(),
    }
}

/// A value given for a variable the module does not declare: an error on the command line, a
/// warning in a file (the first two; `undeclared_in_files` counts them), nothing from the
/// environment.
fn undeclared(
    input: &RawInput,
    undeclared_in_files: &mut usize,
    diagnostics: &mut Vec<Diagnostic>,
) {
    match input.source {
        ValueSource::Env => {}
        ValueSource::Cli => diagnostics.push(Diagnostic::error(
            "Value for undeclared variable",
            format!(
                "A variable named {:?} was assigned on the command line, but the root module does not declare a variable of that name. To use this value, add a \"variable\" block to the configuration.",
                input.name
            ),
        )),
        ValueSource::AutoFile | ValueSource::NamedFile => {
            if *undeclared_in_files < 2 {
                diagnostics.push(Diagnostic::warning(
                    "Value for undeclared variable",
                    format!(
                        "The root module does not declare a variable named {:?} but a value was found in file {:?}. If you meant to use this value, add a \"variable\" block to the configuration.\n\nTo silence these warnings, use TF_VAR_... environment variables to provide certain \"global\" settings to all configurations in your organization. To reduce the verbosity of these warnings, use the -compact-warnings option.",
                        input.name,
                        input.filename.as_deref().unwrap_or_default()
                    ),
                ));
            }
            *undeclared_in_files += 1;
        }
    }
}

/// Each variable's final value from what was `given` (and the errors reading it), with where
/// a failed rule points: the value in its variables file, else the declaration.
fn final_values<'m>(
    module: &'m Module,
    mut given: HashMap<&'m str, (Value, &RawInput)>,
    mut per_variable: HashMap<&'m str, Vec<Diagnostic>>,
) -> (Vec<VariableResult>, Vec<SourceRange>) {
    let mut variables: Vec<VariableResult> = Vec::new();
    let mut subjects: Vec<SourceRange> = Vec::new();
    for variable in module.variables() {
        let mut diags = per_variable
            .remove(variable.name.as_str())
            .unwrap_or_default();
        let input = given.remove(variable.name.as_str());
        // A failed rule points at the value in its variables file, else at the declaration.
        let subject = input
            .as_ref()
            .filter(|(_, i)| matches!(i.source, ValueSource::AutoFile | ValueSource::NamedFile))
            .and_then(|(_, i)| i.range.clone())
            .unwrap_or_else(|| variable.decl_range.clone());
        // A value that could not be read leaves the variable unset, as in Terraform: its
        // default, or the missing-value error too. Its default is not shown as its value.
        let unreadable = diags.iter().any(Diagnostic::is_error);
        let value = final_value(variable, input, &mut diags).filter(|_| !unreadable);
        subjects.push(subject);
        variables.push(VariableResult {
            name: variable.name.clone(),
            value,
            sensitive: variable.sensitive,
            diagnostics: diags,
        });
    }
    (variables, subjects)
}

/// Runs every variable's `validation` rules on its final value (the conditions see every
/// variable that has one). A failed rule is an error and takes the value away; a rule whose
/// condition calls a function not implemented here is reported as not checked.
fn check_validations(
    module: &Module,
    variables: &mut [VariableResult],
    subjects: Vec<SourceRange>,
) {
    let values: BTreeMap<String, Value> = variables
        .iter()
        .filter_map(|v| v.value.clone().map(|value| (v.name.clone(), value)))
        .collect();
    let sensitive: std::collections::BTreeSet<String> = module
        .variables()
        .filter(|v| v.sensitive)
        .map(|v| v.name.clone())
        .collect();
    for (result, subject) in variables.iter_mut().zip(subjects) {
        let Some(variable) = module.variable(&result.name) else {
            continue;
        };
        if result.value.is_none() {
            continue;
        }
        let mut failed = false;
        for rule in &variable.validations {
            match validation::check(
                &variable.name,
                rule,
                &values,
                &sensitive,
                Some(subject.clone()),
            ) {
                Outcome::Passed | Outcome::Skipped => {}
                Outcome::Failed(d) => {
                    failed = true;
                    result.diagnostics.extend(d);
                }
                Outcome::NotChecked(d) => result.diagnostics.push(d),
            }
        }
        if failed {
            result.value = None;
        }
    }
}

/// `-var` / `TF_VAR_` text for a variable of a complex type: an HCL literal expression.
fn parse_hcl_text(name: &str, text: &str) -> Result<Value, Box<Diagnostic>> {
    let filename = format!("<value for var.{name}>");
    let map = file_map(&filename, text);
    let expr = super::big_numbers::parse_expr(text)
        .map_err(|e| Box::new(syntax_error(&filename, text, &e)))?;
    literal_value(&expr, text).map_err(|e| {
        Box::new(Diagnostic::error(e.summary, e.detail).at(e.span.map(|s| map.range(s))))
    })
}

/// Terraform's `prepareFinalInputVariableValue`, and the CLI's check for unset required
/// variables.
fn final_value(
    variable: &Variable,
    given: Option<(Value, &RawInput)>,
    diags: &mut Vec<Diagnostic>,
) -> Option<Value> {
    let name = &variable.name;
    let (value, input) = match given {
        Some((value, input)) => (value, Some(input)),
        None => match &variable.default {
            Some(default) => (default.clone(), None),
            None => {
                diags.push(
                    Diagnostic::error(
                        "No value for required variable",
                        format!(
                            "The root module input variable {name:?} is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable."
                        ),
                    )
                    .at(Some(variable.decl_range.clone())),
                );
                return None;
            }
        },
    };
    let non_file_source = input.and_then(|i| match i.source {
        ValueSource::Cli => Some(format!("set using -var=\"{name}=...\"")),
        ValueSource::Env => Some(format!("set using the TF_VAR_{name} environment variable")),
        _ => None,
    });
    let subject = || match (&non_file_source, input) {
        (None, Some(i)) if i.range.is_some() => i.range.clone(),
        _ => Some(variable.decl_range.clone()),
    };
    let converted = match super::convert(value, &variable.constraint) {
        Ok(v) => v,
        Err(e) => {
            let detail = match &non_file_source {
                Some(source) => format!("Unsuitable value for var.{name} {source}: {e}."),
                None => format!(
                    "The given value is not suitable for var.{name} declared at {}: {e}.",
                    variable.decl_range
                ),
            };
            diags.push(Diagnostic {
                path: value_path(name, &e.path),
                ..Diagnostic::error("Invalid value for input variable", detail).at(subject())
            });
            return None;
        }
    };
    if converted.is_null() && !variable.nullable {
        if let Some(default) = &variable.default {
            return Some(default.clone());
        }
        let detail = match &non_file_source {
            Some(source) => format!(
                "Unsuitable value for var.{name} {source}: required variable may not be set to null."
            ),
            None => format!(
                "The given value is not suitable for var.{name} defined at {}: required variable may not be set to null.",
                variable.decl_range
            ),
        };
        diags.push(Diagnostic::error("Required variable not set", detail).at(subject()));
        return None;
    }
    Some(converted)
}
