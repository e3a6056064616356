//! How long each function is: from the line of its `fn` to the line of its closing brace, read
//! from the code with comments and strings blanked out (their lines kept), so that a brace in a
//! string is not taken for code.

use std::fs;
use std::path::Path;

use crate::reader::{code_only, rust_files};

/// A function of a crate: where it is and how many lines it takes.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Function {
    pub lines: usize,
    pub file: String,
    pub line: usize,
    pub name: String,
}

/// Every function with a body in `crate_dir/src/**/*.rs`, unit tests included.
pub fn functions(crate_dir: &Path) -> Vec<Function> {
    let src = crate_dir.join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut found = Vec::new();
    for file in files {
        let relative = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let code = code_only(&fs::read_to_string(&file).unwrap());
        found.extend(
            in_code(&code)
                .into_iter()
                .map(|(name, line, lines)| Function {
                    lines,
                    file: relative.clone(),
                    line,
                    name,
                }),
        );
    }
    found
}

/// (name, first line, lines) of each function in `code`.
fn in_code(code: &str) -> Vec<(String, usize, usize)> {
    let bytes = code.as_bytes();
    let line_at = |at: usize| 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(offset) = code[at..].find("fn ") {
        let start = at + offset;
        at = start + 3;
        let keyword_alone = start == 0 || !is_ident(bytes[start - 1]);
        let name: String = code[at..]
            .chars()
            .take_while(|&c| c.is_alphanumeric() || c == '_')
            .collect();
        if !keyword_alone || name.is_empty() {
            continue;
        }
        let Some(body) = body_start(&code[at..]).map(|b| at + b) else {
            continue;
        };
        let Some(end) = matching_brace(bytes, body) else {
            continue;
        };
        found.push((name, line_at(start), line_at(end) - line_at(start) + 1));
    }
    found
}

fn is_ident(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// Where the body's `{` is, after the signature; `None` for a declaration without a body.
fn body_start(after_name: &str) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in after_name.char_indices() {
        match c {
            '(' | '[' | '<' => depth += 1,
            ')' | ']' => depth -= 1,
            // `->` is not a closing angle bracket.
            '>' if i > 0 && after_name.as_bytes()[i - 1] != b'-' => depth -= 1,
            '{' if depth <= 0 => return Some(i),
            ';' if depth <= 0 => return None,
            _ => {}
        }
    }
    None
}

fn matching_brace(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &b) in bytes.iter().enumerate().skip(open) {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::in_code;

    #[test]
    fn a_function_runs_from_its_fn_to_its_closing_brace() {
        let code = "fn a() {\n    let s = \"\";\n}\n\nfn b<T: Fn() -> u8>(x: T) -> Vec<u8>\nwhere T: Copy\n{\n    vec![x()]\n}\ntrait C { fn d(&self); }\n";
        let found = in_code(code);
        assert_eq!(found, [("a".into(), 1, 3), ("b".into(), 5, 5)]);
    }
}
