//! The bound on hcl-edit's backtracking, checked before it parses a text: how deeply brackets,
//! strings and heredocs nest as operands of binary operators ([`MAX_OPERAND_NESTING`]).
//!
//! hcl-edit parses a chain of binary operators (`a * b * c`) in a loop. When the operand after
//! the second or a later operator of a chain does not parse, it rewinds to before that
//! operator, leaves the loop, and enters it again at the same operator, so that operand is
//! parsed twice before the error stands. A failure inside such an operand inside such an
//! operand … is parsed twice per level: `a*b*({` nested 20 deep took seconds, 30 deep minutes.
//! A failure inside the arguments of a function call or the items of an array is final (no
//! rewinding above it), and an operand without brackets fails within its own token.
//!
//! So with operands nested at most [`MAX_OPERAND_NESTING`] deep, no byte is parsed more than
//! `2^(MAX_OPERAND_NESTING + 1)` times. The scan here follows hcl-edit's lexing (quoted strings
//! and their escapes, template interpolations and directives, heredocs, comments) and counts
//! conservatively: every bracket, string or heredoc after two operator characters of the same
//! expression counts as such an operand (only function arguments and block bodies do not).
//! Real configurations stay far below the bound: Terraform's own conditions nest one or two
//! levels, and type expressions have no binary operators at all.

/// The deepest nesting of brackets, strings and heredocs that are operands of a binary
/// operator (after the first of a chain: in `a + b * (c)`, `(c)` is one) in a text parsed as a
/// type expression, a `.tf` or `.tfvars` file or a `-var` value. Deeper text is refused before
/// parsing: hcl-edit re-parses such an operand once per level when a parse error lies inside
/// it, so its time doubles with each level (17 levels took seconds, 30 took minutes); up to this
/// depth any text parses in milliseconds. Function arguments do not count: `a && f(b && g(c))`
/// is at depth 0.
pub const MAX_OPERAND_NESTING: usize = 8;

/// The most work an operand of binary operators (the outermost one counted for
/// [`MAX_OPERAND_NESTING`]) may cost hcl-edit: each byte in it counts `2^depth`, as many times
/// as a failure deep inside may have it parsed. hcl-edit takes about half a microsecond per
/// byte of a large array (release build), so an operand at this bound re-parses in about 15 ms
/// whatever its shape: 16 KiB at depth 1, 2 KiB at depth 4, 128 bytes at depth 8. Real
/// operands (a condition in parentheses) weigh a few hundred.
pub const MAX_OPERAND_WORK: usize = 32 * 1024;

/// How many heredocs ending on their first line (`<<EOT` then `EOT`) the scan reads both ways:
/// hcl-edit first reads the text after such a line as the heredoc's content (up to a later
/// delimiter line), and as expressions when that fails.
const MAX_EMPTY_HEREDOCS: usize = 16;

/// Why a text is refused before parsing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The offset of the bracket, quote or heredoc that nests deeper than
    /// [`MAX_OPERAND_NESTING`] as an operand.
    Nesting(usize),
    /// The offset of the operand whose bytes weigh more than [`MAX_OPERAND_WORK`].
    Work(usize),
    /// The offset of the heredoc past [`MAX_EMPTY_HEREDOCS`] that ends on its first line.
    EmptyHeredocs(usize),
}

impl Refusal {
    /// The byte offset to blame.
    pub(crate) fn offset(self) -> usize {
        match self {
            Refusal::Nesting(at) | Refusal::Work(at) | Refusal::EmptyHeredocs(at) => at,
        }
    }

    /// What is wrong and how to fix it (lower case, no full stop, as the parser's messages).
    pub(crate) fn message(self) -> String {
        match self {
            Refusal::Nesting(_) => format!(
                "brackets nest more than {MAX_OPERAND_NESTING} levels deep as operands of binary \
                 operators; split the expression into smaller ones (local values) or remove \
                 parentheses"
            ),
            Refusal::Work(_) => format!(
                "this operand of binary operators is too long for the brackets nested in it (each \
                 byte counts twice per level of operands around it, at most \
                 {MAX_OPERAND_WORK} in all); split the expression into smaller ones (local \
                 values) or remove parentheses"
            ),
            Refusal::EmptyHeredocs(_) => format!(
                "more than {MAX_EMPTY_HEREDOCS} heredocs end on their first line; write an empty \
                 string as \"\""
            ),
        }
    }
}

/// Checks `src` against [`MAX_OPERAND_NESTING`] in one pass (two for each heredoc that ends on
/// its first line).
pub(crate) fn check(src: &str) -> Result<(), Refusal> {
    check_depth(src, MAX_OPERAND_NESTING)
}

fn check_depth(src: &str, limit: usize) -> Result<(), Refusal> {
    let root = Frame::Code(Code {
        closer: None,
        depth: 0,
        operators: 0,
        last: Last::Other,
    });
    Scanner {
        bytes: src.as_bytes(),
        limit,
        work: 0,
        operand: 0,
        empty_heredocs: 0,
    }
    .scan(vec![root], 0)
}

/// Where the scan is: the innermost of these is on top of its stack.
#[derive(Clone, Copy, Debug)]
enum Frame<'a> {
    /// Expressions: the whole text, or inside a bracket, an interpolation or a directive.
    Code(Code),
    /// A quoted string, or template; `depth` as for [`Code`].
    Quoted { depth: usize },
    /// A heredoc's text, up to the line with its delimiter; `depth` as for [`Code`].
    Heredoc { delimiter: &'a [u8], depth: usize },
}

#[derive(Clone, Copy, Debug)]
struct Code {
    /// The byte that ends it (none for the whole text).
    closer: Option<u8>,
    /// How many operands (brackets, strings, heredocs) it is nested in.
    depth: usize,
    /// Operator characters (`&&` and the like counted once) since the current expression
    /// began: at the start of the frame or after `,`, `:`, `?`, `=` or `=>`.
    operators: usize,
    /// The token before, for what a bracket opens.
    last: Last,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Last {
    /// An identifier: a `(` after it opens a function's arguments, a `{` a block's body.
    Name,
    /// `in` or `if`: a `(` after it is a parenthesised expression.
    Keyword,
    /// A string: a `{` after it opens a block's body.
    Quoted,
    Other,
}

struct Scanner<'a> {
    bytes: &'a [u8],
    /// [`MAX_OPERAND_NESTING`], or another depth for tests.
    limit: usize,
    /// The work counted in the current outermost operand, and where it opened.
    work: usize,
    operand: usize,
    empty_heredocs: usize,
}

impl<'a> Scanner<'a> {
    fn scan(&mut self, mut stack: Vec<Frame<'a>>, mut i: usize) -> Result<(), Refusal> {
        while i < self.bytes.len() {
            let frame = *stack.last().expect("the root frame is never left");
            let next = match frame {
                Frame::Code(code) => self.code(&mut stack, code, i)?,
                Frame::Quoted { depth } => self.quoted(&mut stack, depth, i),
                Frame::Heredoc { delimiter, depth } => {
                    self.heredoc(&mut stack, delimiter, depth, i)
                }
            };
            let depth = frame.depth();
            if depth > 0 {
                self.work += (next.min(self.bytes.len()) - i) << depth;
                if self.work > MAX_OPERAND_WORK {
                    return Err(Refusal::Work(self.operand));
                }
            }
            i = next;
        }
        Ok(())
    }

    /// One token of code at `i`; returns where the next one starts.
    fn code(
        &mut self,
        stack: &mut Vec<Frame<'a>>,
        mut code: Code,
        i: usize,
    ) -> Result<usize, Refusal> {
        let b = self.bytes;
        let next = b.get(i + 1).copied();
        let mut last = Last::Other;
        let end = match b[i] {
            b' ' | b'\t' | b'\r' | b'\n' => {
                last = code.last;
                i + 1
            }
            b'#' => {
                last = code.last;
                line_end(b, i)
            }
            b'/' if next == Some(b'/') => {
                last = code.last;
                line_end(b, i)
            }
            b'/' if next == Some(b'*') => {
                last = code.last;
                find(b, i + 2, b"*/").map_or(b.len(), |at| at + 2)
            }
            b'"' => {
                let depth = self.operand_depth(&code, i)?;
                set_top(stack, Frame::Code(code));
                stack.push(Frame::Quoted { depth });
                return Ok(i + 1);
            }
            b'<' if heredoc_start(b, i).is_some() => {
                return self.start_heredoc(stack, code, i);
            }
            open @ (b'(' | b'[' | b'{') => return self.open_bracket(stack, code, i, open),
            close @ (b')' | b']' | b'}') => {
                if code.closer == Some(close) {
                    stack.pop();
                    if let Some(Frame::Code(outer)) = stack.last_mut() {
                        outer.last = Last::Other;
                    }
                    return Ok(i + 1);
                }
                // An unmatched closer ends hcl-edit's parse: what follows is never parsed.
                i + 1
            }
            c if c.is_ascii_digit() => word_end(b, i, |c| {
                c.is_ascii_alphanumeric() || c == b'.' || c == b'_'
            }),
            c if is_name_start(c) => {
                let end = word_end(b, i, is_name_continue);
                last = if matches!(&b[i..end], b"in" | b"if") {
                    Last::Keyword
                } else {
                    Last::Name
                };
                end
            }
            _ => match operator(b, i) {
                Some((end, Operator::Binary)) => {
                    code.operators += 1;
                    end
                }
                Some((end, Operator::Separator)) => {
                    code.operators = 0;
                    end
                }
                Some((end, Operator::Neither)) => end,
                None => i + 1,
            },
        };
        code.last = last;
        set_top(stack, Frame::Code(code));
        Ok(end)
    }

    /// A heredoc starting at `i` (checked by the caller); returns where its text starts.
    fn start_heredoc(
        &mut self,
        stack: &mut Vec<Frame<'a>>,
        mut code: Code,
        i: usize,
    ) -> Result<usize, Refusal> {
        let b = self.bytes;
        let (delimiter, body) = heredoc_start(b, i).expect("checked by the caller");
        let depth = self.operand_depth(&code, i)?;
        code.last = Last::Other;
        set_top(stack, Frame::Code(code));
        if let Some(after) = delimiter_line(b, body, delimiter) {
            // hcl-edit reads on as the heredoc's text first, and as code after this line when
            // that fails: scan both.
            self.empty_heredocs += 1;
            if self.empty_heredocs > MAX_EMPTY_HEREDOCS {
                return Err(Refusal::EmptyHeredocs(i));
            }
            let (work, operand) = (self.work, self.operand);
            self.scan(stack.clone(), after)?;
            (self.work, self.operand) = (work, operand);
        }
        stack.push(Frame::Heredoc { delimiter, depth });
        Ok(body)
    }

    /// An opening bracket `open` at `i`: a call's arguments or a block's body stay at the
    /// operand depth around them, anything else is an operand one deeper.
    fn open_bracket(
        &mut self,
        stack: &mut Vec<Frame<'a>>,
        mut code: Code,
        i: usize,
        open: u8,
    ) -> Result<usize, Refusal> {
        let arguments_or_body = match open {
            b'(' => code.last == Last::Name,
            b'{' => matches!(code.last, Last::Name | Last::Quoted),
            _ => false,
        };
        let depth = if arguments_or_body {
            code.depth
        } else {
            self.operand_depth(&code, i)?
        };
        code.last = Last::Other;
        set_top(stack, Frame::Code(code));
        stack.push(Frame::Code(Code {
            closer: Some(match open {
                b'(' => b')',
                b'[' => b']',
                _ => b'}',
            }),
            depth,
            operators: 0,
            last: Last::Other,
        }));
        Ok(i + 1)
    }

    /// One piece of a quoted string at `i`; returns where the next one starts.
    fn quoted(&mut self, stack: &mut Vec<Frame<'a>>, depth: usize, i: usize) -> usize {
        let b = self.bytes;
        match b[i] {
            b'\\' => i + 2,
            b'"' => {
                stack.pop();
                if let Some(Frame::Code(outer)) = stack.last_mut() {
                    outer.last = Last::Quoted;
                }
                i + 1
            }
            _ => template_piece(stack, b, depth, i),
        }
    }

    /// One piece of a heredoc's text at `i`; returns where the next one starts.
    fn heredoc(
        &mut self,
        stack: &mut Vec<Frame<'a>>,
        delimiter: &'a [u8],
        depth: usize,
        i: usize,
    ) -> usize {
        let b = self.bytes;
        if b[i] == b'\n' {
            if let Some(after) = delimiter_line(b, i + 1, delimiter) {
                stack.pop();
                return after;
            }
            return i + 1;
        }
        template_piece(stack, b, depth, i)
    }
}

impl Scanner<'_> {
    /// The depth of an operand opening at `i` in `code`: one more than the frame's when it
    /// follows two operators (hcl-edit parses only those twice), refused past the limit. An
    /// outermost operand starts the count of work afresh.
    fn operand_depth(&mut self, code: &Code, i: usize) -> Result<usize, Refusal> {
        if code.operators < 2 {
            return Ok(code.depth);
        }
        let depth = code.depth + 1;
        if depth > self.limit {
            return Err(Refusal::Nesting(i));
        }
        if depth == 1 {
            (self.work, self.operand) = (0, i);
        }
        Ok(depth)
    }
}

impl Frame<'_> {
    fn depth(self) -> usize {
        match self {
            Frame::Code(Code { depth, .. })
            | Frame::Quoted { depth }
            | Frame::Heredoc { depth, .. } => depth,
        }
    }
}

/// Template text at `i` (in a string or heredoc): an escaped `$${` or `%%{`, an interpolation
/// or directive (pushed), or one byte.
fn template_piece(stack: &mut Vec<Frame<'_>>, b: &[u8], depth: usize, i: usize) -> usize {
    match &b[i..] {
        [b'$', b'$', b'{', ..] | [b'%', b'%', b'{', ..] => i + 3,
        [b'$' | b'%', b'{', ..] => {
            stack.push(Frame::Code(Code {
                closer: Some(b'}'),
                depth,
                operators: 0,
                last: Last::Other,
            }));
            i + 2
        }
        _ => i + 1,
    }
}

fn set_top<'a>(stack: &mut [Frame<'a>], frame: Frame<'a>) {
    *stack.last_mut().expect("the root frame is never left") = frame;
}

/// A heredoc's opening (`<<EOT` or `<<-EOT`, then a line break) at `i`: its delimiter and where
/// its text starts.
fn heredoc_start(b: &[u8], i: usize) -> Option<(&[u8], usize)> {
    let mut start = i + 2;
    if b.get(i..start)? != b"<<" {
        return None;
    }
    if b.get(start) == Some(&b'-') {
        start += 1;
    }
    if !is_name_start(*b.get(start)?) {
        return None;
    }
    let end = word_end(b, start, is_name_continue);
    let body = match b.get(end..) {
        Some([b'\n', ..]) => end + 1,
        Some([b'\r', b'\n', ..]) => end + 2,
        _ => return None,
    };
    Some((&b[start..end], body))
}

/// A heredoc's closing line at `i` (spaces or tabs, the delimiter, not followed by an
/// identifier character): where it ends.
fn delimiter_line(b: &[u8], i: usize, delimiter: &[u8]) -> Option<usize> {
    let start = word_end(b, i, |c| c == b' ' || c == b'\t');
    let end = start + delimiter.len();
    if b.get(start..end)? != delimiter || b.get(end).is_some_and(|&c| is_name_continue(c)) {
        return None;
    }
    Some(end)
}

/// Where the line at `i` ends (its `\n`, or the end of the text).
/// What an operator does to the count of binary operators in a row.
enum Operator {
    /// A binary operator: one more in the row.
    Binary,
    /// A separator (`,`, `?`, `:`, `=`, `=>`): the row ends.
    Separator,
    /// Neither (`::`).
    Neither,
}

/// The operator at `i`, if any, and where it ends.
fn operator(b: &[u8], i: usize) -> Option<(usize, Operator)> {
    let next = b.get(i + 1).copied();
    Some(match (b[i], next) {
        (b',' | b'?', _) => (i + 1, Operator::Separator),
        (b':', Some(b':')) => (i + 2, Operator::Neither),
        (b':', _) => (i + 1, Operator::Separator),
        (b'=', Some(b'=')) => (i + 2, Operator::Binary),
        (b'=', Some(b'>')) => (i + 2, Operator::Separator),
        (b'=', _) => (i + 1, Operator::Separator),
        (b'!' | b'<' | b'>', Some(b'=')) => (i + 2, Operator::Binary),
        (b'&', Some(b'&')) | (b'|', Some(b'|')) => (i + 2, Operator::Binary),
        (b'*' | b'/' | b'%' | b'+' | b'-' | b'!' | b'<' | b'>' | b'&' | b'|', _) => {
            (i + 1, Operator::Binary)
        }
        _ => return None,
    })
}

fn line_end(b: &[u8], i: usize) -> usize {
    find(b, i, b"\n").unwrap_or(b.len())
}

fn find(b: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    b.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|at| from + at)
}

fn word_end(b: &[u8], i: usize, part: impl Fn(u8) -> bool) -> usize {
    b[i..]
        .iter()
        .position(|&c| !part(c))
        .map_or(b.len(), |n| i + n)
}

/// Identifiers: ASCII letters and `_`, and any non-ASCII character (hcl-edit takes Unicode
/// letters; anything else non-ASCII ends its parse).
fn is_name_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c >= 0x80
}

/// Identifiers go on with digits and `-` (`a-b` is one name).
fn is_name_continue(c: u8) -> bool {
    is_name_start(c) || c.is_ascii_digit() || c == b'-'
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth_refused(src: &str) -> Option<usize> {
        match check(src) {
            Ok(()) => None,
            Err(Refusal::Nesting(at)) => Some(at),
            Err(other) => panic!("{other:?}"),
        }
    }

    /// `a*b*(` nested `levels` deep, closed: every `(` is an operand after two operators.
    fn chain(levels: usize) -> String {
        format!("{}0{}", "a*b*(".repeat(levels), ")".repeat(levels))
    }

    #[test]
    fn operands_after_two_operators_count_up_to_the_limit() {
        assert_eq!(depth_refused(&chain(MAX_OPERAND_NESTING)), None);
        let over = chain(MAX_OPERAND_NESTING + 1);
        assert_eq!(depth_refused(&over), Some(over.rfind('(').unwrap()));
    }

    /// An operand after two operators holding an array of `items + 1` numbers: it weighs
    /// `4 * items + 8`.
    fn heavy(items: usize) -> String {
        format!("a*b*([{}1])", "1,".repeat(items))
    }

    #[test]
    fn an_operand_may_weigh_up_to_the_limit() {
        let at_limit = heavy((MAX_OPERAND_WORK - 8) / 4);
        assert_eq!(check(&at_limit), Ok(()));
        let over = heavy((MAX_OPERAND_WORK - 8) / 4 + 1);
        assert_eq!(check(&over), Err(Refusal::Work(4)));
        // Each level of operands doubles the weight of what is inside it.
        let nested = format!("x/y/({})", heavy((MAX_OPERAND_WORK - 8) / 8));
        assert_eq!(check(&nested), Err(Refusal::Work(4)));
        // Operands side by side each have the whole budget.
        let side_by_side = format!("[{at_limit}, {at_limit}]");
        assert_eq!(check(&side_by_side), Ok(()));
    }

    #[test]
    fn the_first_operator_of_a_chain_and_function_arguments_do_not_count() {
        let one_operator = format!("{}0{}", "a*(".repeat(30), ")".repeat(30));
        assert_eq!(depth_refused(&one_operator), None);
        let calls = format!("{}0{}", "a&&b&&f(".repeat(30), ")".repeat(30));
        assert_eq!(depth_refused(&calls), None);
        // `&&`, `==`, `<=` are one operator each; `,`, `:`, `?` and `=` start a new expression.
        for sep in [
            "a&&(",
            "a<=(",
            "a==(",
            "a*b,(",
            "a*b:(",
            "a*b?(",
            "{a=-1*2,b=(",
        ] {
            let text = sep.repeat(30);
            assert_eq!(depth_refused(&text), None, "{sep}");
        }
        // `in` and `if` are no function names (counted to be safe); `ns::f(` is one.
        let keywords = "[for x in y : a*b*c if (".repeat(MAX_OPERAND_NESTING + 1);
        assert!(depth_refused(&keywords).is_some());
        assert_eq!(depth_refused(&"a*b*ns::f(".repeat(30)), None);
    }

    #[test]
    fn strings_heredocs_and_traversals_are_operands_too() {
        let n = MAX_OPERAND_NESTING + 1;
        for text in [
            "a*b*\"${".repeat(n),
            "a*b*<<EOT\n${".repeat(n),
            "a*b*x[".repeat(n),
            "a*b*-(".repeat(n),
            "a/b%{c(".repeat(n),
        ] {
            assert!(depth_refused(&text).is_some(), "{text}");
        }
    }

    #[test]
    fn brackets_in_strings_comments_and_heredoc_text_do_not_count() {
        let deep = "a*b*(".repeat(MAX_OPERAND_NESTING + 1);
        let n = MAX_OPERAND_NESTING;
        let hidden = [
            format!("{} \"{deep}\" ", chain(n)),
            format!("{} \"\\\"{deep}\" ", chain(n)),
            format!("{} \"$${{{deep}\" ", chain(n)),
            format!("{} # {deep}\n", chain(n)),
            format!("{} // {deep}\n", chain(n)),
            format!("{} /* {deep} */", chain(n)),
            format!("{} <<EOT\n{deep}\n  EOT\n", chain(n)),
            format!("{} <<EOT\n\"\nEOT\n", chain(n)),
        ];
        for text in hidden {
            assert_eq!(depth_refused(&text), None, "{text}");
        }
        // Comments, strings and heredocs end where hcl-edit ends them.
        let shown = [
            format!("# x\n{deep}"),
            format!("/* x */{deep}"),
            format!("\"\\\\\"{deep}"),
            format!("<<EOT\nx\n  EOT\n{deep}"),
            format!("<<EOT\nEOTX\nEOT\n{deep}"),
        ];
        for text in shown {
            assert!(depth_refused(&text).is_some(), "{text}");
        }
    }

    #[test]
    fn a_heredoc_ending_on_its_first_line_is_read_both_ways() {
        let deep = "a*b*(".repeat(MAX_OPERAND_NESTING + 1);
        // As code after the empty heredoc, and as the text of a heredoc ending later.
        assert!(depth_refused(&format!("(<<A\nA\n*b*({deep}")).is_some());
        let as_text = format!("(<<A\nA\n#${{{deep}}}\nA\n)");
        assert!(depth_refused(&as_text).is_some());
        let many = "<<A\nA\n".repeat(MAX_EMPTY_HEREDOCS + 1);
        assert!(matches!(check(&many), Err(Refusal::EmptyHeredocs(_))));
    }

    /// The deepest operand nesting in `src`.
    fn deepest(src: &str) -> usize {
        (0..=MAX_OPERAND_NESTING)
            .find(|&limit| check_depth(src, limit).is_ok())
            .unwrap_or_else(|| panic!("{:?}", check(src)))
    }

    #[test]
    fn the_configurations_and_types_of_the_tests_stay_far_below_the_limit() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut texts = Vec::new();
        let mut dirs = vec![root.join("tfsdk-cli/tests/data"), root.join("tests")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path
                    .extension()
                    .is_some_and(|e| e == "tf" || e == "tfvars" || e == "hcl")
                {
                    texts.push(std::fs::read_to_string(&path).unwrap());
                }
            }
        }
        let types = std::fs::read_to_string(root.join("tfsdk-typeexpr/tests/data/typeconv.jsonl"));
        for line in types.unwrap().lines() {
            let case: serde_json::Value = serde_json::from_str(line).unwrap();
            if let Some(ty) = case["type"].as_str() {
                texts.push(ty.to_owned());
            }
        }
        assert!(texts.len() > 200, "{} texts", texts.len());
        let deepest = texts.iter().map(|t| deepest(t)).max().unwrap();
        assert!(deepest <= 2, "{deepest}");
    }

    #[test]
    fn blocks_and_attributes_start_afresh() {
        let block = "a = x - y - z\nb {\n".repeat(30);
        assert_eq!(depth_refused(&block), None);
        let labelled = "a = x - y - z\nb \"l\" {\n".repeat(30);
        assert_eq!(depth_refused(&labelled), None);
    }
}
