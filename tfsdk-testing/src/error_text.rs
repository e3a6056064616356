//! Terraform's error text made matchable: Terraform draws diagnostics in boxes (`╷`, `│ `,
//! `╵`) and wraps long lines at its own width, so a pattern written from the message as the
//! provider wrote it would not match the console. Matching is on the text with the box drawing
//! removed and every run of whitespace made one space.

/// `output` (stdout and stderr together) without box drawing, whitespace runs made one space.
pub(crate) fn normalize(output: &str) -> String {
    let mut text = String::with_capacity(output.len());
    for line in output.lines() {
        let line = line.trim_start();
        let line = line
            .strip_prefix('│')
            .or_else(|| line.strip_prefix('╷'))
            .or_else(|| line.strip_prefix('╵'))
            .unwrap_or(line);
        text.push_str(line);
        text.push(' ');
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_and_wrapping_go_away() {
        let console = "\
╷
│ Error: Invalid permissions
│ 
│   with files_file.a,
│   on main.tf line 3, in resource \"files_file\" \"a\":
│    3:   permissions = \"0999\"
│ 
│ permissions must be an octal mode such as \"0644\", not
│ \"0999\"
╵
";
        let text = normalize(console);
        assert!(
            text.contains(
                "Error: Invalid permissions with files_file.a, on main.tf line 3, in resource"
            ),
            "{text}"
        );
        assert!(
            text.contains(r#"permissions must be an octal mode such as "0644", not "0999""#),
            "{text}"
        );
    }
}
