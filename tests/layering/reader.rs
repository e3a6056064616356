//! The reader behind the layering checks: every path into a crate (`crate::…`, `$crate::…`,
//! `super::…`, in `use` lines and in code alike) in its `src/**/*.rs`, with comments, strings
//! and unit-test modules left out, checked against a table of layers.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// A crate's layers, bottom to top: (what the layer holds, its top-level modules). The facade
/// `lib.rs` may use everything.
pub type Layers = [(String, Vec<String>)];

/// The layers a crate's docs list: the table after the heading `# Layers` in `doc` (a file's
/// text, `//!` prefixes and all), one row per layer, bottom to top: its name from the first
/// column, its modules from the second (each `name` or [`name`] that is a plain module name).
pub fn layers_from_docs(doc: &str) -> Vec<(String, Vec<String>)> {
    let lines = doc.lines().map(|line| {
        let line = line.trim_start();
        line.strip_prefix("//!").map_or(line, str::trim_start)
    });
    let table = lines
        .skip_while(|line| *line != "# Layers")
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .skip(2);
    table
        .map(|row| {
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            let modules = cells[2]
                .split(',')
                .map(|item| item.trim().trim_matches(['[', ']', '`']))
                .filter(|name| name.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
                .filter(|name| !name.is_empty())
                .map(str::to_owned)
                .collect();
            (cells[1].to_owned(), modules)
        })
        .collect()
}

/// Uses of a higher layer that are known: (file, module used, why). Each must still occur, so
/// that the list shrinks as work lands.
pub type Exceptions = &'static [(&'static str, &'static str, &'static str)];

/// Every use of a higher layer in the crate at `crate_dir`, as readable lines; empty when the
/// crate keeps its layers.
pub fn violations(crate_dir: &Path, layers: &Layers, exceptions: Exceptions) -> Vec<String> {
    let layer_of = |module: &str| {
        layers
            .iter()
            .position(|(_, modules)| modules.iter().any(|m| m == module))
    };
    let root_items = root_items(&fs::read_to_string(crate_dir.join("src/lib.rs")).unwrap());
    let mut violations = Vec::new();
    let mut exceptions_met = vec![false; exceptions.len()];
    for (relative, code) in crate_sources(crate_dir) {
        if relative == "lib.rs" {
            continue;
        }
        let module = module_of(&relative);
        let own = &module[0];
        let Some(own_layer) = layer_of(own) else {
            violations.push(format!("{relative}: module `{own}` has no layer in LAYERS"));
            continue;
        };
        for used in used_modules(&module, &code, &root_items) {
            let Some(used_layer) = layer_of(&used) else {
                // Items of the root itself (`crate::SomeMacro`) or external paths.
                continue;
            };
            if used_layer <= own_layer {
                continue;
            }
            if let Some(k) = exceptions
                .iter()
                .position(|(f, m, _)| *f == relative && *m == used)
            {
                exceptions_met[k] = true;
                continue;
            }
            violations.push(format!(
                "{relative}: `{own}` ({}) uses `{used}` ({}), a layer above it",
                layers[own_layer].0, layers[used_layer].0
            ));
        }
    }
    for ((file, module, _), met) in exceptions.iter().zip(&exceptions_met) {
        if !met {
            violations.push(format!(
                "{file} no longer uses `{module}`: remove its entry from EXCEPTIONS"
            ));
        }
    }
    violations.sort();
    violations.dedup();
    violations
}

/// Every `.rs` file under the crate's `src/`: its path from there, and its code with comments,
/// strings and unit-test modules left out.
pub fn crate_sources(crate_dir: &Path) -> Vec<(String, String)> {
    let src = crate_dir.join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    files
        .iter()
        .map(|file| {
            let relative = file
                .strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let code = without_test_modules(&code_only(&fs::read_to_string(file).unwrap()));
            (relative, code)
        })
        .collect()
}

/// The code with each `#[cfg(test)] mod NAME { … }` blanked out: a unit test may build the
/// whole crate around what it tests, and is not part of what the crate's layers build on.
fn without_test_modules(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        let after = &rest[at + "#[cfg(test)]".len()..];
        let trimmed = after.trim_start();
        let is_module = trimmed.starts_with("mod ")
            && trimmed
                .find(['{', ';'])
                .is_some_and(|end| trimmed.as_bytes()[end] == b'{');
        if !is_module {
            out.push_str(&rest[..at + "#[cfg(test)]".len()]);
            rest = after;
            continue;
        }
        out.push_str(&rest[..at]);
        let open = after.find('{').unwrap();
        let mut depth = 0usize;
        let mut end = after.len();
        for (k, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a source file: `types/list.rs` is `types::list`, `types/mod.rs` is
/// `types`, `private.rs` is `__private` (lib.rs mounts it there).
fn module_of(relative: &str) -> Vec<String> {
    let trimmed = relative.trim_end_matches(".rs");
    let mut parts: Vec<String> = trimmed.split('/').map(str::to_owned).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    if parts == ["private"] {
        parts = vec!["__private".to_owned()];
    }
    parts
}

/// The code of a file with comments, strings and character literals blanked out, so that a
/// doc link or a message that names a module is not taken for a use of it.
pub fn code_only(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '\n' {
                    out.push('\n');
                }
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&chars, i) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            let start = j;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|k| chars.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            push_newlines(&mut out, &chars[start..j.min(chars.len())]);
            i = j;
        } else if c == '"' {
            i += 1;
            let start = i;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            out.push_str("\"\"");
            push_newlines(&mut out, &chars[start..i.min(chars.len())]);
            i += 1;
        } else if c == '\'' {
            // A character literal ('a', '\n', '\u{1F600}'), not a lifetime ('a).
            let closes = if next == Some('\\') {
                chars[i + 2..]
                    .iter()
                    .position(|&c| c == '\'')
                    .map(|p| i + 2 + p)
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match closes {
                Some(end) => {
                    out.push_str("' '");
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// One newline for each in `skipped`, so that the code keeps the source's line numbers.
fn push_newlines(out: &mut String, skipped: &[char]) {
    out.extend(skipped.iter().filter(|&&c| c == '\n'));
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

#[derive(Debug, PartialEq)]
enum Token {
    Ident(String),
    PathSep,
    Open,
    Close,
    Comma,
    Other,
}

fn tokens(code: &str) -> Vec<Token> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphabetic() || c == '_' || c == '$' {
            let start = i;
            i += 1;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
            continue;
        }
        if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push(Token::PathSep);
            i += 2;
            continue;
        }
        match c {
            '{' => out.push(Token::Open),
            '}' => out.push(Token::Close),
            ',' => out.push(Token::Comma),
            c if c.is_whitespace() => {}
            _ => out.push(Token::Other),
        }
        i += 1;
    }
    out
}

/// The top-level modules a file's paths lead to, with the root facade's re-exports
/// (`crate::TfObject`) resolved through `root_items`.
fn used_modules(
    file_module: &[String],
    code: &str,
    root_items: &BTreeMap<String, String>,
) -> Vec<String> {
    let tokens = tokens(code);
    let mut used = Vec::new();
    // The module path at each point: the file's, plus inline `mod name { … }` blocks.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let ident = |i: usize| match tokens.get(i) {
        Some(Token::Ident(name)) => Some(name.as_str()),
        _ => None,
    };
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            Token::Open => depth += 1,
            Token::Close => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            Token::Ident(word) if word == "mod" => {
                if let (Some(name), Some(Token::Open)) = (ident(i + 1), tokens.get(i + 2)) {
                    inline.push((name.to_owned(), depth));
                }
            }
            Token::Ident(word)
                if (word == "crate" || word == "$crate" || word == "super")
                    && tokens.get(i + 1) == Some(&Token::PathSep)
                    && (i == 0 || tokens[i - 1] != Token::PathSep) =>
            {
                let mut base: Vec<String> = if word == "super" {
                    let mut here: Vec<String> = file_module.to_vec();
                    here.extend(inline.iter().map(|(name, _)| name.clone()));
                    let mut j = i;
                    while ident(j) == Some("super") && tokens.get(j + 1) == Some(&Token::PathSep) {
                        here.pop();
                        j += 2;
                    }
                    i = j;
                    here
                } else {
                    i += 2;
                    Vec::new()
                };
                // `crate::{a, b::c}` names several modules at the root.
                let names: Vec<String> = if base.is_empty() && tokens.get(i) == Some(&Token::Open) {
                    group_heads(&tokens, i)
                } else {
                    ident(i).map(str::to_owned).into_iter().collect()
                };
                if !base.is_empty() {
                    used.push(base.remove(0));
                } else {
                    for name in names {
                        let module = root_items.get(&name).cloned().unwrap_or(name);
                        used.push(module);
                    }
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    used
}

/// The first identifier of each path in the `{ … }` group opening at `open`.
fn group_heads(tokens: &[Token], open: usize) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut expect_head = true;
    for token in &tokens[open..] {
        match token {
            Token::Open => {
                depth += 1;
                expect_head = depth == 1;
            }
            Token::Close => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            Token::Comma if depth == 1 => expect_head = true,
            Token::Ident(name) if expect_head && depth == 1 => {
                heads.push(name.clone());
                expect_head = false;
            }
            _ => {}
        }
    }
    heads
}

/// `pub use module::{Item, …};` lines of lib.rs: the root names and the module they come from.
/// A name that is also a module of the crate (`mod function;` beside `pub use
/// tfsdk_macros::function;`) is left out: `crate::function::…` is the module.
fn root_items(lib: &str) -> BTreeMap<String, String> {
    let code = code_only(lib);
    let modules: Vec<&str> = code
        .lines()
        .filter_map(|line| {
            let line = line.trim();
            let line = line.strip_prefix("pub ").unwrap_or(line);
            line.strip_prefix("mod ")?.strip_suffix(';')
        })
        .collect();
    let mut items = BTreeMap::new();
    for line in code.lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, names)) = rest.split_once("::") else {
            continue;
        };
        for name in names.trim_matches(|c| "{};".contains(c)).split(',') {
            let name = name.trim();
            if !name.is_empty() && !modules.contains(&name) {
                items.insert(name.to_owned(), module.trim().to_owned());
            }
        }
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reader_resolves_crate_super_and_groups() {
        let roots = BTreeMap::from([("TfObject".to_owned(), "object".to_owned())]);
        let module = vec!["types".to_owned(), "list".to_owned()];
        let code = code_only(
            "use crate::{attr, convert::ToValue};\n\
             use super::super::object::X; // crate::schema in a comment\n\
             fn f() { let s = \"crate::msgpack_direct\"; crate::TfObject::f(); }\n\
             mod tests { use super::super::elements; }\n\
             macro_rules! m { () => { $crate::diag::D } }",
        );
        assert_eq!(
            used_modules(&module, &code, &roots),
            ["attr", "convert", "object", "object", "types", "diag"]
        );
    }

    #[test]
    fn a_root_name_that_is_also_a_module_is_the_module() {
        let roots =
            root_items("mod function;\npub use tfsdk_macros::function;\npub use a::{B, C};");
        assert_eq!(
            roots,
            BTreeMap::from([
                ("B".to_owned(), "a".to_owned()),
                ("C".to_owned(), "a".to_owned())
            ])
        );
    }

    #[test]
    fn unit_test_modules_are_left_out() {
        let code = "use crate::a;\n#[cfg(test)]\nmod tests { use crate::b; fn f() {} }\n\
                    #[cfg(test)]\nfn g() { crate::c::h(); }\nuse crate::d;";
        let kept = without_test_modules(code);
        let used = used_modules(&["x".to_owned()], &kept, &BTreeMap::new());
        assert_eq!(used, ["a", "c", "d"]);
    }

    #[test]
    fn the_layers_are_the_rows_of_the_docs_table() {
        let doc = "//! text\n//! # Layers\n//!\n//! intro\n//!\n//! | layer | modules | holds |\n\
                   //! |---|---|---|\n//! | low | `a`, [`b_c`] | [`X`] |\n//! | high | `d` | `e` |\n//!\n";
        assert_eq!(
            super::layers_from_docs(doc),
            [
                ("low".to_owned(), vec!["a".to_owned(), "b_c".to_owned()]),
                ("high".to_owned(), vec!["d".to_owned()]),
            ]
        );
    }
}
